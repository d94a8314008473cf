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
 * is).  Before that, a source's name that meets an element's symbol or
 * line (the vehicle's "−Bg" on the end of its spring k₄) goes to its
 * arrow's other end, or beside the arrow's middle, whichever is clear.
 */

#include "config.h"

#include <math.h>

#include "luztar-symbols-body-names.h"
#include "luztar-symbols-clear.h"
#include "luztar-symbols-elements.h"

/* An arrow's reach in its frame: from ARROW_BACK behind its middle to
 * ARROW_TIP ahead (an actuator's head included), ARROW_HALF across (a
 * motor's circle included). */
#define ARROW_BACK 22.0
#define ARROW_TIP  23.0
#define ARROW_HALF 7.0
/* How many lines a label may move out on one side. */
#define CLEAR_MAX_LINES 4
/* How close to an end of its element a label slides (frame units). */
#define CLEAR_SLIDE_END 2.0

/* Room between an arrow and its name (frame units). */
#define NAME_GAP 2.0

/* Where NAME_AT puts a name W × H of a source at AT (its arrow's place in
 * PLACE); beside a body that moves up and down, before or after its arrow
 * is below or above the ends of all of the body's arrows, CLEAR further
 * (so that it reaches over the next arrow out, not onto it). */
static LuztarPoint
name_place (const LuztarSourcePlace *place,
            LuztarPoint              at,
            LuztarNamePlace          name_at,
            double                   w,
            double                   h,
            double                   clear)
{
  LuztarPoint o = place->origin;

  if (place->across)
    switch (name_at)
      {
      case LUZTAR_NAME_AFTER:
        return (LuztarPoint) { o.x - 8 - w / 2, at.y - ARROW_TIP - clear - h / 2 };
      case LUZTAR_NAME_OUTSIDE:
        return (LuztarPoint) { o.x - ARROW_HALF - NAME_GAP - w / 2, at.y };
      case LUZTAR_NAME_INSIDE:
        return (LuztarPoint) { o.x + ARROW_HALF + NAME_GAP + w / 2, at.y };
      case LUZTAR_NAME_BEFORE:
      case LUZTAR_N_NAME_PLACES:
      default:
        return (LuztarPoint) { o.x - 8 - w / 2, at.y + ARROW_TIP + clear + h / 2 };
      }
  switch (name_at)
    {
    case LUZTAR_NAME_AFTER:
      return (LuztarPoint) { at.x + 22 + 5 + w / 2, o.y };
    case LUZTAR_NAME_OUTSIDE:
      return (LuztarPoint) { o.x, o.y - ARROW_HALF - NAME_GAP - h / 2 };
    case LUZTAR_NAME_INSIDE:
      return (LuztarPoint) { o.x, o.y + ARROW_HALF + NAME_GAP + h / 2 };
    case LUZTAR_NAME_BEFORE:
    case LUZTAR_N_NAME_PLACES:
    default:
      return (LuztarPoint) { at.x - 22 - 5 - w / 2, o.y };
    }
}

/**
 * luztar_source_place:
 * @pen: (nullable): what the model is drawn with (its scale sizes the
 *   name); %NULL: the arrow only
 * @s: a force, prescribed motion or actuator
 * @at: its body's place
 * @slot: how many of its body's sources are drawn before it (each one
 *   higher, or further out)
 * @direction: the body's direction (degrees)
 * @name_at: where its name goes
 * @place: (out caller-allocates): where its arrow and its name go;
 *   luztar_source_place_clear() frees the name
 */
void
luztar_source_place (const LuztarPen   *pen,
                     const LzSource    *s,
                     LuztarPoint        at,
                     int                slot,
                     double             direction,
                     LuztarNamePlace    name_at,
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
  if (*name == '\0' || pen == NULL)
    return;
  place->label = s->item.kind == LZ_ITEM_PRESCRIBED ? g_strdup_printf ("%s: q(t)", name) : g_strdup (name);
  luztar_pen_text_size (pen, place->label, 10, &w, &h);
  /* (the room the labels keep, in model units at the pen's scale) */
  place->label_at = name_place (place, at, name_at, w, h, LUZTAR_LABEL_MARGIN / pen->style->scale);
}

/**
 * luztar_scene_source_place:
 * @pen: (nullable): what the scene is drawn with; %NULL: the arrow only
 * @scene: a model laid out
 * @k: a source of its model
 * @place: (out caller-allocates): where its arrow and its name go (its
 *   name where @scene says), above its body after the body's sources
 *   before it
 *
 * Returns: whether the source is drawn (it has a body)
 */
gboolean
luztar_scene_source_place (const LuztarPen   *pen,
                           const LuztarScene *scene,
                           guint              k,
                           LuztarSourcePlace *place)
{
  const LzSource *src = lz_model_get_source (scene->model, k);
  int i = src->body != NULL ? lz_model_get_body_index (scene->model, src->body) : -1, slot = 0;

  place->label = NULL;
  if (i < 0)
    return FALSE;
  for (guint j = 0; j < k; j++)
    {
      const LzSource *before = lz_model_get_source (scene->model, j);

      slot += before->body != NULL && lz_model_get_body_index (scene->model, before->body) == i;
    }
  luztar_source_place (pen, src, scene->bp[i], slot, luztar_scene_body_direction (scene, (guint) i),
                       scene->name_at[k], place);
  return TRUE;
}

/* The corners of the rectangle (X0, Y0)–(X1, Y1) of a frame at ORIGIN
 * turned by ANGLE: its box (model units). */
static void
turned_box (LuztarPoint origin,
            double      angle,
            double      x0,
            double      y0,
            double      x1,
            double      y1,
            double      box[4])
{
  double c = cos (angle), s = sin (angle);

  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
  for (int k = 0; k < 4; k++)
    {
      double x = k & 1 ? x1 : x0, y = k & 2 ? y1 : y0;
      double u = origin.x + c * x - s * y, v = origin.y + s * x + c * y;

      box[0] = MIN (box[0], u);
      box[1] = MIN (box[1], v);
      box[2] = MAX (box[2], u);
      box[3] = MAX (box[3], v);
    }
}

/* The box of PLACE's arrow (model units: x0, y0, x1, y1). */
static void
arrow_box (const LuztarSourcePlace *place,
           double                   box[4])
{
  turned_box (place->origin, place->angle, -ARROW_BACK, -ARROW_HALF, ARROW_TIP, ARROW_HALF, box);
}

void
luztar_source_place_clear (LuztarSourcePlace *place)
{
  g_clear_pointer (&place->label, g_free);
}

/* The device box of the rectangle (X0, Y0)–(X1, Y1) of the current frame
 * of CR. */
void
luztar_device_box (cairo_t *cr,
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

/* Whether BOX comes within MARGIN of one of BOXES (four doubles each)
 * but the SKIP-th (G_MAXUINT: none). */
gboolean
luztar_box_meets (const double  box[4],
                  const GArray *boxes,
                  double        margin,
                  guint         skip)
{
  for (guint k = 0; k + 3 < boxes->len; k += 4)
    {
      const double *b = &g_array_index (boxes, double, k);

      if (k / 4 != skip && box[0] < b[2] + margin && b[0] < box[2] + margin && box[1] < b[3] + margin && b[1] < box[3] + margin)
        return TRUE;
    }
  return FALSE;
}

/* The device box of PLACE's name (FALSE: it has none). */
static gboolean
name_box (const LuztarPen         *pen,
          const LuztarSourcePlace *place,
          double                   box[4])
{
  double w, h;

  if (place->label == NULL)
    return FALSE;
  luztar_pen_text_size (pen, place->label, 10, &w, &h);
  luztar_device_box (pen->cr, place->label_at.x - w / 2, place->label_at.y - h / 2, place->label_at.x + w / 2,
              place->label_at.y + h / 2, box);
  return TRUE;
}

/* The device boxes of the sources' arrows (ARROWS) and of their names
 * (NAMES), four doubles each. */
static GArray *
source_boxes (const LuztarPen   *pen,
              const LuztarScene *scene,
              gboolean           arrows,
              gboolean           names)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint k = 0; k < lz_model_get_n_sources (scene->model); k++)
    {
      LuztarSourcePlace place;
      double box[4], in_model[4];

      if (!luztar_scene_source_place (pen, scene, k, &place))
        continue;
      arrow_box (&place, in_model);
      luztar_device_box (pen->cr, in_model[0], in_model[1], in_model[2], in_model[3], box);
      if (arrows)
        g_array_append_vals (boxes, box, 4);
      if (names && name_box (pen, &place, box))
        g_array_append_vals (boxes, box, 4);
      luztar_source_place_clear (&place);
    }
  return boxes;
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
  return source_boxes (pen, scene, TRUE, TRUE);
}

/**
 * luztar_scene_name_boxes:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 *
 * Returns: (transfer full) (element-type double): the device boxes of the
 *   sources' names, four doubles (x0, y0, x1, y1) each
 */
GArray *
luztar_scene_name_boxes (const LuztarPen   *pen,
                         const LuztarScene *scene)
{
  return source_boxes (pen, scene, FALSE, TRUE);
}

/**
 * luztar_scene_element_boxes:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 *
 * Returns: (transfer full) (element-type double): the device boxes of
 *   what the elements draw without their labels: each symbol from port to
 *   port as far across as it reaches, and the floor of one drawn down to
 *   a floor; four doubles (x0, y0, x1, y1) each
 */
GArray *
luztar_scene_element_boxes (const LuztarPen   *pen,
                            const LuztarScene *scene)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_t *cr = pen->cr;

  for (guint e = 0; e < scene->ne; e++)
    {
      const LuztarPlacement *pl = &scene->pl[e];
      const LzElement *el = lz_model_get_element (scene->model, e);
      double box[4];

      if (!pl->ok)
        continue;
      cairo_save (cr);
      cairo_translate (cr, pl->ox, pl->oy);
      cairo_rotate (cr, pl->angle);
      luztar_device_box (cr, 0, -luztar_symbols_element_extent (el, pl->len, -1), pl->len,
                  luztar_symbols_element_extent (el, pl->len, 1), box);
      cairo_restore (cr);
      g_array_append_vals (boxes, box, 4);
      if (pl->to_floor)
        {
          /* the hatched floor (luztar-symbols.c) */
          luztar_device_box (cr, pl->fx - 12, pl->fy - 1, pl->fx + 12, pl->fy + 8, box);
          g_array_append_vals (boxes, box, 4);
        }
    }
  return boxes;
}

/* Element E's label and where it goes, PEN's context saved and moved to
 * the element's frame (restore it after). */
static char *
label_in_frame (const LuztarPen   *pen,
                const LuztarScene *scene,
                guint              e,
                LuztarPoint       *at,
                double            *max_width)
{
  const LuztarPlacement *pl = &scene->pl[e];

  cairo_save (pen->cr);
  cairo_translate (pen->cr, pl->ox, pl->oy);
  cairo_rotate (pen->cr, pl->angle);
  return luztar_symbols_lane_label (pen, lz_model_get_element (scene->model, e), pl->len, pl->label_dx,
                                    pl->label_y, at, max_width);
}

/**
 * luztar_scene_label_box:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 * @e: an element of it
 * @box: (out): the device box of its label across its axis where it is
 *   drawn (x0, y0, x1, y1)
 *
 * Returns: whether element @e has such a label (one drawn down to a floor
 *   has its labels under the floor)
 */
gboolean
luztar_scene_label_box (const LuztarPen   *pen,
                        const LuztarScene *scene,
                        guint              e,
                        double             box[4])
{
  const LuztarPlacement *pl = &scene->pl[e];
  g_autofree char *text = NULL;
  LuztarPoint at;
  double max_width;
  gboolean drawn;

  if (!pl->ok)
    return FALSE;
  text = label_in_frame (pen, scene, e, &at, &max_width);
  drawn = luztar_pen_label_box (pen, text, at, pl->label_y >= 0 ? 1 : -1, max_width, box);
  cairo_restore (pen->cr);
  return drawn;
}

/**
 * luztar_scene_label_text:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out
 * @e: an element of it, placed
 * @whole: (out) (optional) (transfer full): its label unshortened
 *
 * Returns: (transfer full): element @e's label as drawn, shortened to its
 *   room (luztar_pen_label_text())
 */
char *
luztar_scene_label_text (const LuztarPen   *pen,
                         const LuztarScene *scene,
                         guint              e,
                         char             **whole)
{
  g_autofree char *text = NULL;
  LuztarPoint at;
  double max_width;
  char *drawn;

  text = label_in_frame (pen, scene, e, &at, &max_width);
  drawn = luztar_pen_label_text (pen, text, max_width);
  cairo_restore (pen->cr);
  if (whole != NULL)
    *whole = g_steal_pointer (&text);
  return drawn;
}

/* The device boxes of the bodies and the grounds of SCENE (at rest). */
static GArray *
solid_boxes (const LuztarPen   *pen,
             const LuztarScene *scene)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) shapes = luztar_scene_get_shapes (scene);

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *sh = &g_array_index (shapes, LuztarShape, i);
      double box[4];

      if ((sh->kind == LZ_ITEM_BODY || sh->kind == LZ_ITEM_GROUND) && sh->shown && isfinite (sh->x0))
        {
          luztar_device_box (pen->cr, sh->x0, sh->y0, sh->x1, sh->y1, box);
          g_array_append_vals (boxes, box, 4);
        }
    }
  return boxes;
}

/* The sources' names where they keep clear of the elements (ELEMENTS): of
 * the places luztar_source_place() offers, the first one clear of the
 * other arrows (each place keeps its room from its own), of the names
 * placed before and of the bodies and grounds too; else the first one
 * clear of the arrows and names; else the first one clear of the
 * elements; else before the arrow. */
static void
clear_source_names (const LuztarPen *pen,
                    LuztarScene     *scene,
                    const GArray    *elements)
{
  g_autoptr(GArray) marks = source_boxes (pen, scene, TRUE, FALSE);
  g_autoptr(GArray) solids = solid_boxes (pen, scene);
  guint arrow = 0;   /* the index of source K's arrow in MARKS */

  for (guint k = 0; k < lz_model_get_n_sources (scene->model); k++)
    {
      int found = -1;
      double box[4];
      LuztarSourcePlace place;

      if (!luztar_scene_source_place (NULL, scene, k, &place))
        continue;

      for (int pass = 0; pass < 3 && found < 0; pass++)
        for (int n = 0; n < LUZTAR_N_NAME_PLACES && found < 0; n++)
          {
            gboolean named;

            scene->name_at[k] = n;
            luztar_scene_source_place (pen, scene, k, &place);
            named = name_box (pen, &place, box);
            luztar_source_place_clear (&place);
            if (!named)
              break;
            if (!luztar_box_meets (box, elements, LUZTAR_LABEL_MARGIN, G_MAXUINT)
                && (pass == 2 || !luztar_box_meets (box, marks, LUZTAR_LABEL_MARGIN, arrow))
                && (pass >= 1 || !luztar_box_meets (box, solids, LUZTAR_LABEL_MARGIN, G_MAXUINT)))
              found = n;
          }
      scene->name_at[k] = MAX (found, LUZTAR_NAME_BEFORE);
      if (found >= 0)
        g_array_append_vals (marks, box, 4);
      arrow++;
    }
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
  return drawn && luztar_box_meets (box, boxes, margin, G_MAXUINT);
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
  if (pl->to_floor || boxes->len == 0
      || !label_meets (pen, el, pl, 0, pl->label_y, boxes, LUZTAR_LABEL_MARGIN, &width))
    return;
  room = (pl->len - width) / 2 - CLEAR_SLIDE_END;
  for (int k = 1; room > 0 && k <= 2; k++)
    for (int way = -1; way <= 1; way += 2)
      if (!label_meets (pen, el, pl, way * room * k / 2, pl->label_y, boxes, LUZTAR_LABEL_MARGIN, NULL))
        {
          *dx = way * room * k / 2;
          return;
        }
  luztar_pen_text_size (pen, "Ag", 10, &unused, &line);
  for (int k = 1; k <= CLEAR_MAX_LINES; k++)
    if (!label_meets (pen, el, pl, 0, pl->label_y + side * k * line, boxes, LUZTAR_LABEL_MARGIN, NULL))
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
 * Moves the names of @scene's sources clear of its elements (to another
 * side of their arrows), then the labels of its elements clear of its
 * arrows and their names: slid along the element, or further out on its
 * side; then the names of its discs clear of the symbols drawn at them
 * (luztar_scene_clear_body_names()).
 */
void
luztar_scene_clear_labels (const LuztarPen *pen,
                           LuztarScene     *scene,
                           double          *moved)
{
  g_autoptr(GArray) elements = luztar_scene_element_boxes (pen, scene);
  g_autoptr(GArray) boxes = NULL;

  clear_source_names (pen, scene, elements);
  boxes = luztar_scene_arrow_boxes (pen, scene);
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
  luztar_scene_clear_body_names (pen, scene, elements, boxes);
}
