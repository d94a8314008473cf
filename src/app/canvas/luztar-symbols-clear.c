/* luztar-symbols-clear.c — labels clear of the arrows: where a source's arrow and name go, and an element's label moved off them
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A force, a prescribed motion or an actuator is an arrow above its body
 * (beside a body that moves up and down), its name before the arrow; an
 * element's label sits across the element's axis, where such an arrow can
 * be (the paper 002 vehicle's "tyre–road contact N" ran into the tyre's
 * "−mg").  Labels keep their size on the screen while the model scales,
 * so whether they meet depends on the zoom: the drawing takes the boxes
 * of the arrows and their names in device units, and moves a label that
 * meets one along its element, or else further out on its side a line at
 * a time, until it is clear (or leaves it where it was when no place near
 * is).
 */

#include "config.h"

#include <math.h>

#include "luztar-symbols-clear.h"
#include "luztar-symbols-elements.h"

/* An arrow's reach in its frame: from ARROW_BACK behind its middle to
 * ARROW_TIP ahead (an actuator's head included), ARROW_HALF across (a
 * motor's circle included). */
#define ARROW_BACK 22.0
#define ARROW_TIP  23.0
#define ARROW_HALF 7.0
/* Room kept between a label moved and an arrow or its name (device
 * units); a label that only comes as close as this stays in its place
 * (moved out, it would float away from its element). */
#define CLEAR_MARGIN 2.0
/* How many lines a label may move out on one side. */
#define CLEAR_MAX_LINES 4
/* How close to an end of its element a label slides (frame units). */
#define CLEAR_SLIDE_END 2.0

/**
 * luztar_source_place:
 * @pen: what the model is drawn with (its scale sizes the name)
 * @s: a force, prescribed motion or actuator
 * @at: its body's place
 * @slot: how many of its body's sources are drawn before it (each one
 *   higher, or further out)
 * @direction: the body's direction (degrees)
 * @place: (out caller-allocates): where its arrow and its name go;
 *   luztar_source_place_clear() frees the name
 */
void
luztar_source_place (const LuztarPen   *pen,
                     const LzSource    *s,
                     LuztarPoint        at,
                     int                slot,
                     double             direction,
                     LuztarSourcePlace *place)
{
  double along = direction * G_PI / 180, w, h;
  const char *name = luztar_symbols_item_name (&s->item);

  place->across = fabs (sin (along)) > LUZTAR_SIN_HORIZONTAL;
  /* a constant force pushes the way its sign says (gravity, −9.81 on a
   * body drawn moving up, points down) */
  if (s->item.kind == LZ_ITEM_FORCE && s->value != NULL && lz_expr_is_constant (s->value)
      && lz_expr_eval (s->value, 0) < 0)
    along += G_PI;
  place->angle = -along;
  if (place->across)
    place->origin = (LuztarPoint) { at.x - LUZTAR_BLOCK_W / 2 - 20 - 22 * slot, at.y };
  else
    place->origin = (LuztarPoint) { at.x, at.y - LUZTAR_BLOCK_H / 2 - 14 - 22 * slot };
  place->label = NULL;
  if (*name == '\0')
    return;
  /* the name, right-aligned before the arrow (below it beside a body) */
  place->label = s->item.kind == LZ_ITEM_PRESCRIBED ? g_strdup_printf ("%s: q(t)", name) : g_strdup (name);
  luztar_pen_text_size (pen, place->label, 10, &w, &h);
  if (place->across)
    place->label_at = (LuztarPoint) { place->origin.x - 8 - w / 2, at.y + 22 + h / 2 };
  else
    place->label_at = (LuztarPoint) { at.x - 22 - 5 - w / 2, place->origin.y };
}

void
luztar_source_place_clear (LuztarSourcePlace *place)
{
  g_clear_pointer (&place->label, g_free);
}

/* The device box of the rectangle (X0, Y0)–(X1, Y1) of the current frame. */
static void
device_box (cairo_t *cr,
            double   x0,
            double   y0,
            double   x1,
            double   y1,
            double   box[4])
{
  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
  for (int k = 0; k < 4; k++)
    {
      double x = k & 1 ? x1 : x0, y = k & 2 ? y1 : y0;

      cairo_user_to_device (cr, &x, &y);
      box[0] = MIN (box[0], x);
      box[1] = MIN (box[1], y);
      box[2] = MAX (box[2], x);
      box[3] = MAX (box[3], y);
    }
}

/**
 * luztar_scene_arrow_boxes:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 *
 * Returns: (transfer full) (element-type double): the device boxes of the
 *   sources' arrows and their names, four doubles (x0, y0, x1, y1) each
 */
GArray *
luztar_scene_arrow_boxes (const LuztarPen   *pen,
                          const LuztarScene *scene)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree int *slots = g_new0 (int, MAX (scene->nb, 1));
  cairo_t *cr = pen->cr;

  for (guint k = 0; k < lz_model_get_n_sources (scene->model); k++)
    {
      const LzSource *src = lz_model_get_source (scene->model, k);
      int i = src->body != NULL ? lz_model_get_body_index (scene->model, src->body) : -1;
      LuztarSourcePlace place;
      double box[4];

      if (i < 0)
        continue;
      luztar_source_place (pen, src, scene->bp[i], slots[i]++, lz_model_get_body (scene->model, i)->direction,
                           &place);
      cairo_save (cr);
      cairo_translate (cr, place.origin.x, place.origin.y);
      cairo_rotate (cr, place.angle);
      device_box (cr, -ARROW_BACK, -ARROW_HALF, ARROW_TIP, ARROW_HALF, box);
      cairo_restore (cr);
      g_array_append_vals (boxes, box, 4);
      if (place.label != NULL)
        {
          double w, h;

          luztar_pen_text_size (pen, place.label, 10, &w, &h);
          device_box (cr, place.label_at.x - w / 2, place.label_at.y - h / 2, place.label_at.x + w / 2,
                      place.label_at.y + h / 2, box);
          g_array_append_vals (boxes, box, 4);
        }
      luztar_source_place_clear (&place);
    }
  return boxes;
}

/* Whether EL's label at (DX, LABEL_Y) of its place (luztar_symbols_lane_label())
 * comes within MARGIN (device units) of one of BOXES; WIDTH, when not
 * NULL, its width (frame units). */
static gboolean
label_meets (const LuztarPen       *pen,
             const LzElement       *el,
             const LuztarPlacement *pl,
             double                 dx,
             double                 label_y,
             const GArray          *boxes,
             double                 margin,
             double                *width)
{
  cairo_t *cr = pen->cr;
  LuztarPoint at;
  double max_width, box[4];
  g_autofree char *text = NULL;
  gboolean drawn;

  cairo_save (cr);
  cairo_translate (cr, pl->ox, pl->oy);
  cairo_rotate (cr, pl->angle);
  text = luztar_symbols_lane_label (pen, el, pl->len, dx, label_y, &at, &max_width);
  drawn = luztar_pen_label_box (pen, text, at, label_y >= 0 ? 1 : -1, max_width, box);
  cairo_restore (cr);
  if (width != NULL)
    {
      double h;

      luztar_pen_text_size (pen, text, 10, width, &h);
      if (max_width > 0)
        *width = MIN (*width, max_width);
    }
  if (!drawn)
    return FALSE;
  for (guint k = 0; k + 3 < boxes->len; k += 4)
    {
      const double *b = &g_array_index (boxes, double, k);

      if (box[0] < b[2] + margin && b[0] < box[2] + margin && box[1] < b[3] + margin && b[1] < box[3] + margin)
        return TRUE;
    }
  return FALSE;
}

/* Where EL's label goes clear of the arrows (BOXES): its place when
 * clear; else slid along the element, a half and then all of the way its
 * length leaves it to either end, so that it still names it; else a
 * line, two lines… further out on its side, away from its symbol and the
 * other lanes (on the other side it met the grounds, the bodies and their
 * names).  DX, LABEL_Y: the place found (its place when none is). */
static void
clear_label (const LuztarPen       *pen,
             const LzElement       *el,
             const LuztarPlacement *pl,
             const GArray          *boxes,
             double                *dx,
             double                *label_y)
{
  double line, width, room, unused, side = pl->label_y >= 0 ? 1 : -1;

  *dx = 0;
  *label_y = pl->label_y;
  if (pl->to_floor || boxes->len == 0 || !label_meets (pen, el, pl, 0, pl->label_y, boxes, 0, &width))
    return;
  room = (pl->len - width) / 2 - CLEAR_SLIDE_END;
  for (int k = 1; room > 0 && k <= 2; k++)
    for (int way = -1; way <= 1; way += 2)
      if (!label_meets (pen, el, pl, way * room * k / 2, pl->label_y, boxes, CLEAR_MARGIN, NULL))
        {
          *dx = way * room * k / 2;
          return;
        }
  luztar_pen_text_size (pen, "Ag", 10, &unused, &line);
  for (int k = 1; k <= CLEAR_MAX_LINES; k++)
    if (!label_meets (pen, el, pl, 0, pl->label_y + side * k * line, boxes, CLEAR_MARGIN, NULL))
      {
        *label_y = pl->label_y + side * k * line;
        return;
      }
}

/**
 * luztar_scene_clear_labels:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 * @moved: (out) (optional) (array): how far each element's label moved,
 *   along its axis and across it, two a element (0, 0: not moved)
 *
 * Moves the labels of @scene's elements clear of its arrows and their
 * names: slid along the element, or further out on its side.
 */
void
luztar_scene_clear_labels (const LuztarPen *pen,
                           LuztarScene     *scene,
                           double          *moved)
{
  g_autoptr(GArray) boxes = luztar_scene_arrow_boxes (pen, scene);

  for (guint e = 0; e < scene->ne; e++)
    {
      LuztarPlacement *pl = &scene->pl[e];
      double dx = 0, y = pl->label_y;

      if (pl->ok)
        clear_label (pen, lz_model_get_element (scene->model, e), pl, boxes, &dx, &y);
      if (moved != NULL)
        {
          moved[2 * e] = dx - pl->label_dx;
          moved[2 * e + 1] = y - pl->label_y;
        }
      pl->label_dx = dx;
      pl->label_y = y;
    }
}
