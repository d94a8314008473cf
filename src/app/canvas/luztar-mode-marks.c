/* luztar-mode-marks.c — a mode shown by more than its colour: badges with its name, the legend
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * During a run every element with modes carries a badge beside it: the
 * mode's name written on the mode's colour (issue 21: colour must not be
 * the only sign; a colour-blind reader reads the word).  The legend in the
 * canvas's corner lists, per kind of element of the model, the badges of
 * the modes it can take, so the colours can be learnt from the words.
 * Drawn in device pixels: the same size at every zoom.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "luztar-mode-marks.h"
#include "luztar-cairo.h"
#include "sim/luztar-modes.h"

/* Text size, padding and corner radius of a badge, in pixels. */
#define BADGE_TEXT_PX 10.5
#define BADGE_PAD_X 5.0
#define BADGE_PAD_Y 1.5
#define BADGE_GAP 4.0
/* Relative luminance above which dark text reads better than white on a
 * badge (WCAG's contrast of the two is equal near 0.18). */
#define DARK_TEXT_ABOVE 0.18

static double
channel_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (const double rgb[3])
{
  return 0.2126 * channel_linear (rgb[0]) + 0.7152 * channel_linear (rgb[1])
         + 0.0722 * channel_linear (rgb[2]);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h)
{
  double r = h / 2;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, G_PI / 2);
  cairo_arc (cr, x + r, y + r, r, G_PI / 2, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/**
 * luztar_mode_badge_draw:
 * @at: where the badge goes
 *
 * Draws the badge upright, in pixels whatever the zoom, beside the point;
 * nothing for %LZ_MODE_NONE (an element without modes, or before a run).
 *
 * Returns: the badge's width in pixels, 0 if none
 */
double
luztar_mode_badge_draw (cairo_t          *cr,
                        LzMode            mode,
                        gboolean          dark,
                        LuztarBadgePlace  at)
{
  PangoLayout *layout;
  double x = at.x, y = at.y, nx = at.nx, ny = at.ny, clearance = at.clearance;
  double rgb[3], w, h, n, cx, cy;
  int tw, th;

  if (mode <= LZ_MODE_NONE || mode >= LZ_MODE_N_MODES)
    return 0;
  cairo_save (cr);
  cairo_user_to_device (cr, &x, &y);
  cairo_user_to_device_distance (cr, &nx, &ny);
  n = hypot (nx, ny);
  nx = n > 0 ? nx / n : 1;
  ny = n > 0 ? ny / n : 0;
  cairo_identity_matrix (cr);
  layout = luztar_cairo_layout_new (cr, luztar_mode_get_label (mode), BADGE_TEXT_PX, TRUE);
  pango_layout_get_pixel_size (layout, &tw, &th);
  w = tw + 2 * BADGE_PAD_X;
  h = th + 2 * BADGE_PAD_Y;
  /* the centre, out along the direction until the badge clears the point */
  cx = x + nx * (clearance + fabs (nx) * w / 2 + fabs (ny) * h / 2);
  cy = y + ny * (clearance + fabs (nx) * w / 2 + fabs (ny) * h / 2);
  luztar_mode_get_color (mode, dark, rgb);
  rounded_rectangle (cr, cx - w / 2, cy - h / 2, w, h);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  /* a thin edge in the text's colour keeps a light badge visible on a
   * light canvas */
  if (luminance (rgb) > DARK_TEXT_ABOVE)
    cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  if (luminance (rgb) > DARK_TEXT_ABOVE)
    cairo_set_source_rgb (cr, 0, 0, 0);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, cx - tw / 2.0, cy - th / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  cairo_restore (cr);
  return w;
}

/* One row of the legend: a kind of element and the modes it takes. */
typedef struct
{
  const char *name;
  LzMode      modes[LUZTAR_MAX_ELEMENT_MODES];
  guint       n;
} LegendRow;

#define N_FAMILIES 4

/* The families of elements with modes, told apart by their modes (as
 * luztar_modes_of_element() lists them), in the legend's order. */
static guint
family_of (const LzMode *modes)
{
  if (modes[0] == LZ_MODE_STICK)
    return 0;
  if (modes[0] == LZ_MODE_FREE)
    return modes[1] == LZ_MODE_CONTACT ? 1 : 3;
  return 2;
}

static guint
legend_rows (const LzModel *model,
             LegendRow      rows[N_FAMILIES])
{
  static const LegendRow families[N_FAMILIES] = {
    /* TRANSLATORS: a row of the canvas's legend of modes: friction elements */
    { NC_("legend", "friction"), { LZ_MODE_STICK, LZ_MODE_SLIP_POS, LZ_MODE_SLIP_NEG }, 3 },
    /* TRANSLATORS: a row of the legend of modes: stops */
    { NC_("legend", "stop"), { LZ_MODE_FREE, LZ_MODE_CONTACT }, 2 },
    /* TRANSLATORS: a row of the legend of modes: springs and gears with freeplay */
    { NC_("legend", "freeplay"), { LZ_MODE_GAP, LZ_MODE_ENGAGED_POS, LZ_MODE_ENGAGED_NEG }, 3 },
    /* TRANSLATORS: a row of the legend of modes: damped contacts and backlash */
    { NC_("legend", "damped contact"), { LZ_MODE_FREE, LZ_MODE_PRESSED_LOWER, LZ_MODE_PRESSED_UPPER }, 3 },
  };
  gboolean has[N_FAMILIES] = { FALSE, };
  guint n = 0;

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      LzMode modes[LUZTAR_MAX_ELEMENT_MODES];

      if (luztar_modes_of_element (lz_model_get_element (model, e), modes) > 0)
        has[family_of (modes)] = TRUE;
    }
  for (guint f = 0; f < N_FAMILIES; f++)
    if (has[f])
      {
        rows[n] = families[f];
        rows[n++].name = g_dpgettext2 (NULL, "legend", families[f].name);
      }
  return n;
}

void
luztar_mode_legend_draw (cairo_t       *cr,
                         const LzModel *model,
                         gboolean       dark,
                         double         x,
                         double         y)
{
  LegendRow rows[N_FAMILIES];
  guint n = legend_rows (model, rows);
  double name_w = 0, row_h = BADGE_TEXT_PX * 1.9, top;

  if (n == 0)
    return;
  cairo_save (cr);
  cairo_identity_matrix (cr);
  for (guint i = 0; i < n; i++)
    {
      PangoLayout *layout = luztar_cairo_layout_new (cr, rows[i].name, BADGE_TEXT_PX, FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      name_w = MAX (name_w, w);
      g_object_unref (layout);
    }
  top = y - n * row_h;
  for (guint i = 0; i < n; i++)
    {
      double cy = top + (i + 0.5) * row_h, bx = x + name_w + 2 * BADGE_GAP;
      PangoLayout *layout = luztar_cairo_layout_new (cr, rows[i].name, BADGE_TEXT_PX, FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      if (dark)
        cairo_set_source_rgb (cr, 0.80, 0.80, 0.80);
      else
        cairo_set_source_rgb (cr, 0.30, 0.30, 0.32);
      cairo_move_to (cr, x, cy - h / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
      for (guint m = 0; m < rows[i].n; m++)
        bx += luztar_mode_badge_draw (cr, rows[i].modes[m], dark, (LuztarBadgePlace) { bx, cy, 1, 0, 0 })
              + BADGE_GAP;
    }
  cairo_restore (cr);
}
