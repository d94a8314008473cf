/* luztar-plot-extras.c — a time plot's second axis per unit and its shaded stick intervals
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two readings of a time plot that a class needs (issue 21):
 *
 * - Positions and forces on one axis flatten each other (a block moving
 *   a centimetre under a force of 20 N is a flat line).  The first unit
 *   chosen gets the left axis, the second the right one, each scaled to
 *   its own data; further units join the right axis (its title lists
 *   them).
 * - Where a friction element sticks, the plot is shaded across its
 *   height in the stick colour of the mode timeline: for the friction
 *   elements plotted, or attached to a body plotted.
 *
 * GTK-free: the plot widget calls these with what it has.
 */

#include "config.h"

#include <math.h>

#include "luztar-plot-extras.h"
#include "sim/luztar-modes.h"

/* How strongly stick intervals are shaded (alpha of the stick colour):
 * visible behind the lines, never hiding them. */
#define STICK_ALPHA_LIGHT 0.16
#define STICK_ALPHA_DARK  0.20

/**
 * luztar_plot_assign_axes:
 * @units: (array length=n): the unit of each line
 * @n: how many lines
 * @right: (out caller-allocates) (array length=n): whether each line
 *   goes on the right axis
 *
 * The lines of the first unit go on the left axis, all others on the
 * right one.
 *
 * Returns: the number of distinct units
 */
guint
luztar_plot_assign_axes (const char *const *units,
                         guint              n,
                         gboolean          *right)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < seen->len && !known; k++)
        known = g_strcmp0 (seen->pdata[k], units[i]) == 0;
      if (!known)
        g_ptr_array_add (seen, (gpointer) units[i]);
      right[i] = seen->len > 0 && g_strcmp0 (seen->pdata[0], units[i]) != 0;
    }
  return seen->len;
}

static gboolean
is_friction (const LzModel *model,
             guint          e)
{
  return lz_model_get_element (model, e)->item.kind == LZ_ITEM_FRICTION;
}

/**
 * luztar_plot_stick_elements:
 * @model: the model of the trace
 * @series: (array length=n): the variables plotted
 * @n: how many
 * @wanted: (out caller-allocates): one flag per element of @model
 *
 * Marks the friction elements whose sticking the plot shades: those
 * plotted (force, g or ġ) and those attached to a body plotted.
 *
 * Returns: whether any is marked
 */
gboolean
luztar_plot_stick_elements (const LzModel      *model,
                            const LuztarSeries *series,
                            guint               n,
                            gboolean           *wanted)
{
  guint ne = lz_model_get_n_elements (model), nb = lz_model_get_n_bodies (model);
  gboolean any = FALSE;

  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);

      wanted[e] = FALSE;
      if (!is_friction (model, e))
        continue;
      for (guint i = 0; i < n && !wanted[e]; i++)
        {
          LuztarSeriesKind kind = series[i].kind;

          if ((kind == LUZTAR_SERIES_BODY_Q || kind == LUZTAR_SERIES_BODY_V) && series[i].index < nb)
            {
              const char *id = lz_model_get_body (model, series[i].index)->item.id;

              wanted[e] = g_strcmp0 (el->a, id) == 0 || g_strcmp0 (el->b, id) == 0;
            }
          else if (kind == LUZTAR_SERIES_ELEMENT_FORCE || kind == LUZTAR_SERIES_ELEMENT_G
                   || kind == LUZTAR_SERIES_ELEMENT_GDOT)
            wanted[e] = series[i].index == e;
        }
      any |= wanted[e];
    }
  return any;
}

/**
 * luztar_plot_shade_sticks:
 * @cr: where to draw (the plot area clipped)
 * @timeline: the mode intervals of the trace's nonsmooth elements
 * @wanted: (array length=n_elements): the elements to shade
 * @n_elements: the trace's elements
 * @x: the time axis
 * @y0: the top of the plot area (pixels)
 * @y1: its bottom
 * @dark: the dark palette
 *
 * Shades the intervals in which a wanted element sticks, across the
 * plot's height.
 *
 * Returns: the number of intervals shaded
 */
guint
luztar_plot_shade_sticks (cairo_t                  *cr,
                          const LuztarModeTimeline *timeline,
                          const gboolean           *wanted,
                          guint                     n_elements,
                          const LuztarAxis         *x,
                          double                    y0,
                          double                    y1,
                          gboolean                  dark)
{
  double rgb[3];
  guint shaded = 0;

  luztar_mode_get_color (LZ_MODE_STICK, dark, rgb);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], dark ? STICK_ALPHA_DARK : STICK_ALPHA_LIGHT);
  for (guint k = 0; k < luztar_mode_timeline_get_n_strips (timeline); k++)
    {
      guint e = luztar_mode_timeline_get_element (timeline, k), n = 0;
      const LuztarModeInterval *iv;

      if (e >= n_elements || !wanted[e])
        continue;
      iv = luztar_mode_timeline_get_intervals (timeline, k, &n);
      for (guint i = 0; i < n; i++)
        {
          double a, b;

          if (iv[i].mode != LZ_MODE_STICK || iv[i].t1 < x->lo || iv[i].t0 > x->hi)
            continue;
          a = luztar_axis_to_pixel (x, MAX (iv[i].t0, x->lo));
          b = luztar_axis_to_pixel (x, MIN (iv[i].t1, x->hi));
          cairo_rectangle (cr, MIN (a, b), y0, MAX (fabs (b - a), 1), y1 - y0);
          shaded++;
        }
    }
  cairo_fill (cr);
  return shaded;
}
