/* luztar-symbols-pen.c — what every symbol is drawn with: the cairo context, the style, the colours, the text
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pen bundles the three things every symbol of luztar-symbols.c needs:
 * the cairo context (in model coordinates), the draw style (its scale
 * turns line widths and text sizes given in pixels into model units, so
 * that they keep their size on screen) and the colours of the light or
 * dark style.  Text is centred on a point and laid out with Pango.
 */

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "luztar-symbols-pen.h"
#include "luztar-text-fit.h"
#include "luztar-cairo.h"
#include "sim/luztar-modes.h"

void
luztar_pen_init (LuztarPen             *pen,
                 cairo_t               *cr,
                 const LuztarDrawStyle *style)
{
  static const LuztarSymbolColours dark = {
    { 0.92, 0.92, 0.92 }, { 0.60, 0.60, 0.62 }, { 0.21, 0.52, 0.89 }, { 0.38, 0.63, 0.92 },
    { 1, 1, 1 }, { 0.96, 0.76, 0.07 }, { 0.75, 0.38, 0.85 }, { 0.90, 0.44, 0.20 },
    { 0.96, 0.38, 0.32 }, { 0.34, 0.89, 0.54 }, { 0.92, 0.92, 0.92 },
    { 0.30, 0.82, 0.85 }, { 0.98, 0.47, 0.74 },
  };
  static const LuztarSymbolColours light = {
    { 0.24, 0.22, 0.27 }, { 0.47, 0.46, 0.48 }, { 0.38, 0.63, 0.92 }, { 0.11, 0.44, 0.85 },
    { 1, 1, 1 }, { 0.90, 0.65, 0.04 }, { 0.57, 0.25, 0.67 }, { 0.78, 0.27, 0.0 },
    { 0.88, 0.11, 0.14 }, { 0.15, 0.64, 0.41 }, { 0.24, 0.22, 0.27 },
    { 0.0, 0.53, 0.56 }, { 0.78, 0.13, 0.48 },
  };

  pen->cr = cr;
  pen->style = style;
  pen->p = style->dark ? dark : light;
}

/* On the canvas colour means a mode (issue 21): an element in a run takes
 * the colour of its mode; before a run, and when it has no mode, it is
 * drawn in ink, so that no element looks as if it stuck or slipped. */
void
luztar_pen_for_mode (LuztarPen *pen,
                     LzMode     mode)
{
  double rgb[3];
  LuztarRgb c = pen->p.ink;

  if (mode > LZ_MODE_NONE && mode < LZ_MODE_N_MODES)
    {
      luztar_mode_get_color (mode, pen->style->dark, rgb);
      c = (LuztarRgb) { rgb[0], rgb[1], rgb[2] };
    }
  pen->p.spring = pen->p.damper = pen->p.friction = pen->p.stop = pen->p.gear = c;
}

void
luztar_pen_rgb (const LuztarPen *pen,
                const LuztarRgb *c)
{
  cairo_set_source_rgb (pen->cr, c->r, c->g, c->b);
}

void
luztar_pen_rgba (const LuztarPen *pen,
                 const LuztarRgb *c,
                 double           alpha)
{
  cairo_set_source_rgba (pen->cr, c->r, c->g, c->b, alpha);
}

/* A line width of PIXELS on screen, whatever the scale. */
void
luztar_pen_width (const LuztarPen *pen,
                  double           pixels)
{
  cairo_set_line_width (pen->cr, pixels / pen->style->scale);
}

/* Text centred AT; SIZE in screen points; wider than MAX_WIDTH (model
 * units, 0: any) is shortened at its words' ends with "…"
 * (luztar_text_fit()). */
void
luztar_pen_text (const LuztarPen *pen,
                 const char      *text,
                 LuztarPoint      at,
                 double           size,
                 gboolean         bold,
                 double           max_width)
{
  cairo_t *cr = pen->cr;
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, size / pen->style->scale, bold);
  int w, h;

  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  if (max_width > 0)
    g_free (luztar_text_fit (layout, text, (int) (max_width * PANGO_SCALE)));
  pango_layout_get_size (layout, &w, &h);
  cairo_move_to (cr, at.x - (double) w / PANGO_SCALE / 2, at.y - (double) h / PANGO_SCALE / 2);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  g_object_unref (layout);
}

/**
 * luztar_pen_label_text:
 * @pen: what the label is drawn with
 * @text: the label
 * @max_width: as for luztar_pen_label()
 *
 * Returns: (transfer full): @text as luztar_pen_label() writes it,
 *   shortened to @max_width
 */
char *
luztar_pen_label_text (const LuztarPen *pen,
                       const char      *text,
                       double           max_width)
{
  PangoLayout *layout;
  char *fitted;

  if (max_width <= 0)
    return g_strdup (text);
  layout = luztar_cairo_layout_new (pen->cr, text, 10 / pen->style->scale, FALSE);
  fitted = luztar_text_fit (layout, text, (int) (max_width * PANGO_SCALE));
  g_object_unref (layout);
  return fitted;
}

/* The size of a text as luztar_pen_text() draws it, in model units. */
void
luztar_pen_text_size (const LuztarPen *pen,
                      const char      *text,
                      double           size,
                      double          *width,
                      double          *height)
{
  PangoLayout *layout = luztar_cairo_layout_new (pen->cr, text, size / pen->style->scale, FALSE);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  *width = (double) w / PANGO_SCALE;
  *height = (double) h / PANGO_SCALE;
  g_object_unref (layout);
}

/* Where luztar_pen_label() writes TEXT: its centre (device units), its
 * width and height there, and N, the device length of a unit of the
 * frame; FALSE when there is nothing to write. */
static gboolean
label_place (const LuztarPen *pen,
             const char      *text,
             LuztarPoint      at,
             double           side,
             double           max_width,
             LuztarPoint     *centre,
             double          *w,
             double          *h,
             double          *n)
{
  cairo_t *cr = pen->cr;
  double nx = 0, ny = side >= 0 ? 1 : -1, extra;

  if (text == NULL || *text == '\0')
    return FALSE;
  {
    g_autofree char *fitted = luztar_pen_label_text (pen, text, max_width);

    luztar_pen_text_size (pen, fitted, 10, w, h);
  }
  cairo_user_to_device_distance (cr, &nx, &ny);
  *n = hypot (nx, ny);
  if (*n <= 0)
    return FALSE;
  nx /= *n;
  ny /= *n;
  cairo_user_to_device (cr, &at.x, &at.y);
  /* the sizes in device units (the frame may be rotated, not scaled) */
  *w *= *n;
  *h *= *n;
  extra = *w / 2 * fabs (nx) + *h / 2 * fabs (ny) - *h / 2;
  *centre = (LuztarPoint) { at.x + nx * extra, at.y + ny * extra };
  return TRUE;
}

/* A label AT a point of an element's frame (which runs along +x), on the
 * side SIDE (±1) of it, written upright whatever the element's direction:
 * moved out along the side so that it clears the element. */
void
luztar_pen_label (const LuztarPen *pen,
                  const char      *text,
                  LuztarPoint      at,
                  double           side,
                  double           max_width)
{
  cairo_t *cr = pen->cr;
  LuztarDrawStyle device_style = *pen->style;
  LuztarPen device = *pen;
  LuztarPoint centre;
  double w, h, n;
  g_autofree char *fitted = NULL;

  if (!label_place (pen, text, at, side, max_width, &centre, &w, &h, &n))
    return;
  /* shortened where its box was measured (a scale apart, the same words) */
  fitted = luztar_pen_label_text (pen, text, max_width);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  device_style.scale = 1;
  device.style = &device_style;
  luztar_pen_text (&device, fitted, centre, 10 * n / pen->style->scale, FALSE, 0);
  cairo_restore (cr);
}

/* The box (x0, y0, x1, y1, device units) that luztar_pen_label() fills
 * with the same arguments; FALSE when it writes nothing. */
gboolean
luztar_pen_label_box (const LuztarPen *pen,
                      const char      *text,
                      LuztarPoint      at,
                      double           side,
                      double           max_width,
                      double           box[4])
{
  LuztarPoint centre;
  double w, h, n;

  if (!label_place (pen, text, at, side, max_width, &centre, &w, &h, &n))
    return FALSE;
  box[0] = centre.x - w / 2;
  box[1] = centre.y - h / 2;
  box[2] = centre.x + w / 2;
  box[3] = centre.y + h / 2;
  return TRUE;
}

const char *
luztar_symbols_item_name (const LzItem *item)
{
  return item->label != NULL && *item->label != '\0' ? item->label : item->id;
}
