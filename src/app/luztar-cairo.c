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

#include <glib/gi18n.h>

#include <cairo-pdf.h>

#include <cairo-svg.h>

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

/**
 * luztar_cairo_show_rotated:
 * @cr: a cairo context
 * @text: an axis title
 * @px: its size, bold
 * @x: the left of the rotated text
 * @y_mid: its middle, vertically
 * @max_len: ellipsized beyond this length
 *
 * A title written bottom to top (a y axis's), centred on @y_mid.
 */
void
luztar_cairo_show_rotated (cairo_t    *cr,
                           const char *text,
                           double      px,
                           double      x,
                           double      y_mid,
                           double      max_len)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, px, TRUE);
  int w, h;

  pango_layout_set_width (layout, (int) (max_len * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, round (x), round (y_mid + w / 2.0));
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

/**
 * luztar_cairo_pin_font_options:
 * @cr: a cairo context
 *
 * The same font options everywhere (widget, export, measuring), so text
 * takes the same room on screen and in files, whatever the desktop says.
 */
void
luztar_cairo_pin_font_options (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options (cr, options);
  cairo_font_options_destroy (options);
}

/**
 * luztar_cairo_export:
 * @path: a file ending in .png, .svg or .pdf
 * @width: the picture's width, 1 to 16384
 * @height: its height, 1 to 16384
 * @draw: draws the picture
 * @data: for @draw
 * @error: return location for a #GError
 *
 * Draws a picture into a file of the type its name says, with the pinned
 * font options (the plots' and the sweep map's exports).
 *
 * Returns: %TRUE if the file was written
 */
gboolean
luztar_cairo_export (const char       *path,
                     int               width,
                     int               height,
                     LuztarCairoDraw   draw,
                     gpointer          data,
                     GError          **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  gboolean png = g_str_has_suffix (lower, ".png");
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (!png && !g_str_has_suffix (lower, ".svg") && !g_str_has_suffix (lower, ".pdf"))
    {
      g_autofree char *base = g_path_get_basename (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: exporting a plot to a file of an unknown type */
                   _("Cannot export the plot to “%s”: the file name must end in .png, .svg or .pdf"),
                   base);
      return FALSE;
    }
  if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export the plot at %d × %d: the size must be 1 to 16384"), width, height);
      return FALSE;
    }
  surface = png ? cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height)
            : g_str_has_suffix (lower, ".svg") ? cairo_svg_surface_create (path, width, height)
            : cairo_pdf_surface_create (path, width, height);
  cr = cairo_create (surface);
  luztar_cairo_pin_font_options (cr);
  draw (cr, width, height, data);
  cairo_destroy (cr);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS && png)
    status = cairo_surface_write_to_png (surface, path);
  /* SVG and PDF are written when finished */
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* Translators: the first %s is a file, the second cairo's reason */
                   _("Cannot write the plot to “%s”: %s"), display, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
