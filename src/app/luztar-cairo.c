/* luztar-cairo.c — small cairo and Pango helpers of the custom-drawn widgets
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canvas symbols, the plot, the expression preview and the event log's
 * swatches draw with plain cairo (docs/architecture.md, "The live plots"), so that an
 * export can call the same functions on any surface.  The paths and text
 * layouts they have in common are here.
 */

#include "config.h"

#include <math.h>

#include "luztar-cairo.h"

/**
 * luztar_cairo_rounded_rect:
 * @cr: a cairo context
 * @x: the left edge
 * @y: the top edge
 * @w: the width
 * @h: the height
 * @r: the radius of the corners, at most half of @w and of @h
 *
 * Adds a closed sub-path: the rectangle with rounded corners.
 */
void
luztar_cairo_rounded_rect (cairo_t *cr,
                           double   x,
                           double   y,
                           double   w,
                           double   h,
                           double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/**
 * luztar_cairo_layout_new:
 * @cr: a cairo context
 * @text: the text
 * @px: the font size in units of @cr
 * @bold: whether the text is bold
 *
 * Returns: (transfer full): a layout of @text in "Sans" at @px
 */
PangoLayout *
luztar_cairo_layout_new (cairo_t    *cr,
                         const char *text,
                         double      px,
                         gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/**
 * luztar_cairo_text_width:
 * @cr: a cairo context
 * @text: the text
 * @px: the font size
 * @bold: whether the text is bold
 * @height: (out) (optional): the height of @text, in pixels
 *
 * Returns: the width of @text in a luztar_cairo_layout_new() layout, in pixels
 */
int
luztar_cairo_text_width (cairo_t    *cr,
                         const char *text,
                         double      px,
                         gboolean    bold,
                         int        *height)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, px, bold);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  if (height != NULL)
    *height = h;
  return w;
}

/**
 * luztar_cairo_show_layout:
 * @cr: a cairo context
 * @layout: a layout, e.g. from luztar_cairo_layout_new()
 * @x: where the anchor goes
 * @y: where the anchor goes
 * @ax: the anchor across the text, 0 its left edge … 1 its right edge
 * @ay: the anchor down the text, 0 its top … 1 its bottom
 * @snap: whether the text's corner goes to whole units (crisp text on
 *   a pixel grid)
 *
 * Draws @layout with its anchor at (@x, @y).
 *
 * Returns: the width of @layout, in pixels
 */
int
luztar_cairo_show_layout (cairo_t     *cr,
                          PangoLayout *layout,
                          double       x,
                          double       y,
                          double       ax,
                          double       ay,
                          gboolean     snap)
{
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  x -= ax * w;
  y -= ay * h;
  if (snap)
    cairo_move_to (cr, round (x), round (y));
  else
    cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return w;
}
