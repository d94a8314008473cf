/* luztar-plot-panels.c — a time plot of three or more units as stacked panels, one y-axis each
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions, velocities and forces on one axis flatten each other (issue
 * 21: "m, N" on one axis); two units take the left and the right axis
 * (luztar-plot-extras.c).  From three units on, the plot is cut into
 * panels stacked top to bottom, one per unit with its own y-axis, ticks
 * and title, all sharing the time axis along the bottom, as an
 * oscilloscope stacks its channels.  What is here needs no widget: which
 * line goes to which panel, where each panel lies, the autoscaled ranges.
 * The plot (luztar-plot.c) draws them.  Also the title of an axis, made
 * from the lines on it, and what a screen reader hears of the mode
 * timeline.
 */

#include "config.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#include "luztar-plot-panels.h"
#include "sim/luztar-modes.h"

/**
 * luztar_plot_panels_assign:
 * @panels: the panels to set
 * @units: (array length=n): the unit of each line
 * @n: how many lines
 * @panel_of: (out caller-allocates) (array length=n): each line's panel
 *
 * One panel per unit when there are more than two units (the last panel
 * takes the units beyond %LUZTAR_PLOT_MAX_PANELS); no panels otherwise.
 * Ranges are reset when the panels' units change.
 *
 * Returns: the number of panels (0: none)
 */
guint
luztar_plot_panels_assign (LuztarPlotPanels  *panels,
                           const char *const *units,
                           guint              n,
                           guint             *panel_of)
{
  const char *seen[LUZTAR_PLOT_MAX_PANELS + 1] = { NULL };
  guint n_seen = 0, n_units = 0;
  gboolean same;

  for (guint i = 0; i < n; i++)
    {
      guint k = 0;

      while (k < n_seen && g_strcmp0 (seen[k], units[i]) != 0)
        k++;
      if (k == n_seen)
        {
          n_units++;
          if (n_seen < LUZTAR_PLOT_MAX_PANELS)
            seen[n_seen++] = units[i];
          else
            k = LUZTAR_PLOT_MAX_PANELS - 1;
        }
      panel_of[i] = k;
    }
  if (n_units <= 2)
    n_seen = 0;
  same = n_seen == panels->n;
  for (guint k = 0; k < n_seen && same; k++)
    same = g_strcmp0 (seen[k], panels->units[k]) == 0;
  if (!same)
    panels->valid = FALSE;
  panels->n = n_seen;
  for (guint k = 0; k < LUZTAR_PLOT_MAX_PANELS; k++)
    panels->units[k] = k < n_seen ? seen[k] : NULL;
  for (guint i = 0; n_seen == 0 && i < n; i++)
    panel_of[i] = 0;
  return n_seen;
}

/**
 * luztar_plot_panels_place:
 * @panels: the panels
 * @top: the top of the plot area (pixels)
 * @bottom: its bottom
 * @gap: pixels between two panels
 *
 * Cuts [@top, @bottom] into equal panels, the first on top, and maps each
 * panel's range onto it.
 */
void
luztar_plot_panels_place (LuztarPlotPanels *panels,
                          double            top,
                          double            bottom,
                          double            gap)
{
  double h;

  if (panels->n == 0)
    return;
  h = MAX ((bottom - top - gap * (panels->n - 1)) / panels->n, 1);
  for (guint k = 0; k < panels->n; k++)
    {
      double y0 = round (top + k * (h + gap));

      panels->axis[k] = (LuztarAxis) { panels->lo[k], panels->hi[k], round (y0 + h), y0 };
    }
}

/**
 * luztar_plot_panels_at:
 * @panels: placed panels
 * @y: a pixel row
 *
 * Returns: the panel at @y, or -1 (no panels, or a gap)
 */
int
luztar_plot_panels_at (const LuztarPlotPanels *panels,
                       double                  y)
{
  for (guint k = 0; k < panels->n; k++)
    if (y >= panels->axis[k].p1 && y <= panels->axis[k].p0)
      return (int) k;
  return -1;
}

/**
 * luztar_plot_settle_range:
 * @lo: (inout): the range's low end
 * @hi: (inout): its high end
 * @dmin: the data's least value
 * @dmax: its largest
 * @live: the data is growing
 * @valid: @lo and @hi hold a range of earlier data
 *
 * An autoscaled range: exactly the data when still; while live it only
 * grows (with room to spare), and shrinks only when the data has come to
 * fill less than 40 % of it, so the axis does not jitter frame by frame.
 */
void
luztar_plot_settle_range (double  *lo,
                          double  *hi,
                          double   dmin,
                          double   dmax,
                          gboolean live,
                          gboolean valid)
{
  double tlo, thi;

  luztar_plot_nice_range (dmin, dmax, 0.05, &tlo, &thi);
  if (!live || !valid)
    {
      *lo = tlo;
      *hi = thi;
      return;
    }
  if (dmin >= *lo && dmax <= *hi && (thi - tlo) >= 0.4 * (*hi - *lo))
    return;
  luztar_plot_nice_range (dmin, dmax, 0.15, lo, hi);
}

/**
 * luztar_plot_axis_title:
 * @labels: (array length=n): the lines on an axis: their labels
 * @units: (array length=n): their units
 * @n: how many lines
 *
 * The title of an axis: the one variable with its unit, "x1 (m)"; or the
 * units of several, each once, "m, m/s"; "" for none.
 *
 * Returns: (transfer full): the title
 */
char *
luztar_plot_axis_title (const char *const *labels,
                        const char *const *units,
                        guint              n)
{
  GString *title = g_string_new (NULL);

  if (n == 1)
    {
      g_string_printf (title, "%s (%s)", labels[0], units[0]);
      return g_string_free (title, FALSE);
    }
  for (guint i = 0; i < n; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = g_strcmp0 (units[j], units[i]) == 0;
      if (seen)
        continue;
      if (title->len > 0)
        g_string_append (title, ", ");
      g_string_append (title, units[i]);
    }
  return g_string_free (title, FALSE);
}

/**
 * luztar_plot_describe_modes:
 * @timeline: a mode timeline of @trace
 * @trace: the trace
 *
 * What a screen reader hears of the mode timeline: per element, how many
 * intervals of each mode and the first few of them.
 *
 * Returns: (transfer full): the text
 */
char *
luztar_plot_describe_modes (const LuztarModeTimeline *timeline,
                            LzTrace                  *trace)
{
  GString *text = g_string_new (NULL);

  for (guint strip = 0; strip < luztar_mode_timeline_get_n_strips (timeline); strip++)
    {
      guint element = luztar_mode_timeline_get_element (timeline, strip);
      guint n = 0, count[LZ_MODE_N_MODES] = { 0 }, listed = 0;
      const LuztarModeInterval *iv = luztar_mode_timeline_get_intervals (timeline, strip, &n);

      for (guint i = 0; i < n; i++)
        count[MIN (iv[i].mode, LZ_MODE_N_MODES - 1)]++;
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text, "%s:", lz_trace_get_element_id (trace, element));
      for (guint m = 0; m < LZ_MODE_N_MODES; m++)
        if (count[m] > 0)
          /* Translators: in the mode timeline's description: a count and a mode, e.g. "17 × stick" */
          g_string_append_printf (text, _(" %u × %s"), count[m], luztar_mode_get_label (m));
      for (guint i = 0; i < n && listed < 6; i++, listed++)
        g_string_append_printf (text, "%s %s %.4g–%.4g s", listed == 0 ? "," : ";",
                                luztar_mode_get_label (iv[i].mode), iv[i].t0, iv[i].t1);
      if (n > listed)
        g_string_append (text, ", …");
    }
  return g_string_free (text, FALSE);
}
