/* luztar-symbols-shapes.c — what is drawn where: hit testing, picking ports, the selection's outline
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shape of each item as luztar-symbols.c draws it (a box for a ground,
 * a body or a source's arrow, a segment for an element), in model
 * coordinates; from them, the item under the pointer, the port (or the two
 * ports) an element dropped at a point connects, and the accent outline
 * of a selected item.  The canvas and its accessible stand-ins use them.
 */

#include "config.h"

#include <math.h>

#include "luztar-symbols-clear.h"
#include "luztar-symbols-place.h"
#include "luztar-cairo.h"

/* The wall and its hatching, on the side away from its bodies; a ground
 * turned across the page (a floor) its box too; a ground drawn as the
 * floors of its elements is those floors. */
static LuztarShape
ground_shape (const LuztarScene *sc,
              guint              i)
{
  const LuztarPoint *g = &sc->gp[i];
  const LzGround *ground = lz_model_get_ground (sc->model, i);
  double side = luztar_scene_ground_side (sc, i);
  LuztarShape s = { ground->item.id, LZ_ITEM_GROUND, TRUE, FALSE,
                    g->x + MIN (-6, 14 * side), g->y - 40, g->x + MAX (6, 14 * side), g->y + 40 };

  if (fabs (sin (luztar_scene_ground_direction (sc, i) * G_PI / 180)) > LUZTAR_SIN_HORIZONTAL)
    {
      s.x0 = g->x - 40;
      s.x1 = g->x + 40;
      s.y0 = g->y - 14;
      s.y1 = g->y + 14;
    }
  if (luztar_scene_ground_is_floor (sc, i))
    {
      s.x0 = s.y0 = INFINITY;
      s.x1 = s.y1 = -INFINITY;
      for (guint e = 0; e < sc->ne; e++)
        if (sc->pl[e].ok && sc->pl[e].ground_index == (int) i)
          {
            s.x0 = MIN (s.x0, sc->pl[e].fx - 14);
            s.x1 = MAX (s.x1, sc->pl[e].fx + 14);
            s.y0 = MIN (s.y0, sc->pl[e].fy - 1);
            s.y1 = MAX (s.y1, sc->pl[e].fy + 8);
          }
    }
  return s;
}

static LuztarShape
body_shape (const LuztarScene *sc,
            guint              i)
{
  const LzBody *b = lz_model_get_body (sc->model, i);
  double hw = b->kind == LZ_BODY_ROTATIONAL ? LUZTAR_DISC_R : LUZTAR_BLOCK_W / 2;
  double hh = b->kind == LZ_BODY_ROTATIONAL ? LUZTAR_DISC_R : LUZTAR_BLOCK_H / 2;
  const LuztarPoint *p = &sc->bp[i];

  return (LuztarShape) { b->item.id, LZ_ITEM_BODY, TRUE, FALSE, p->x - hw, p->y - hh, p->x + hw, p->y + hh };
}

/* An element: the segment it is drawn along, and its box 12 wider. */
static LuztarShape
element_shape (const LuztarScene *sc,
               guint              e)
{
  const LzElement *el = lz_model_get_element (sc->model, e);
  const LuztarPlacement *pl = &sc->pl[e];
  LuztarShape s = { el->item.id, el->item.kind, pl->ok, TRUE };

  if (pl->ok)
    {
      s.ax = pl->ox;
      s.ay = pl->oy;
      s.bx = pl->ox + pl->len * cos (pl->angle);
      s.by = pl->oy + pl->len * sin (pl->angle);
      s.x0 = MIN (s.ax, s.bx) - 12;
      s.x1 = MAX (s.ax, s.bx) + 12;
      s.y0 = MIN (s.ay, s.by) - 12;
      s.y1 = MAX (s.ay, s.by) + 12;
    }
  return s;
}

/* A source's box around the middle of its arrow: SOURCE_HALF_LENGTH
 * along it, SOURCE_HALF_WIDTH across (a little more than the arrow, to
 * be easy to pick). */
#define SOURCE_HALF_LENGTH 24.0
#define SOURCE_HALF_WIDTH  8.0

/* A source: a box around its arrow where luztar_scene_source_place() puts
 * it (above its body, the next one higher; beside a body that moves up
 * and down, the next one further out); drawn with PEN, the box of its
 * name too, where the drawing writes it (a click on the name picks the
 * source as a click on its arrow does). */
static LuztarShape
source_shape (const LuztarPen   *pen,
              const LuztarScene *sc,
              guint              k)
{
  const LzSource *src = lz_model_get_source (sc->model, k);
  LuztarSourcePlace place;
  LuztarShape s = { src->item.id, src->item.kind, luztar_scene_source_place (pen, sc, k, &place), FALSE };

  if (s.shown)
    {
      double hx = place.across ? SOURCE_HALF_WIDTH : SOURCE_HALF_LENGTH;
      double hy = place.across ? SOURCE_HALF_LENGTH : SOURCE_HALF_WIDTH;

      s.x0 = place.origin.x - hx;
      s.x1 = place.origin.x + hx;
      s.y0 = place.origin.y - hy;
      s.y1 = place.origin.y + hy;
    }
  if (s.shown && place.label != NULL)
    {
      double w, h;

      luztar_pen_text_size (pen, place.label, 10, &w, &h);
      s.named = TRUE;
      s.nx0 = place.label_at.x - w / 2;
      s.nx1 = place.label_at.x + w / 2;
      s.ny0 = place.label_at.y - h / 2;
      s.ny1 = place.label_at.y + h / 2;
    }
  luztar_source_place_clear (&place);
  return s;
}

/**
 * luztar_symbols_get_shapes:
 * @model: a model
 *
 * Where every item is drawn: grounds, bodies, elements, sources, in model
 * order within each category.  Items that are not drawn (an element whose
 * ports are missing) have @shown %FALSE.
 *
 * Returns: (transfer full) (element-type LuztarShape): the shapes
 */
GArray *
luztar_symbols_get_shapes (const LzModel *model)
{
  g_autoptr(LuztarScene) sc = luztar_scene_new (model);

  return luztar_scene_get_shapes (sc);
}

/* The shapes of SC, drawn with PEN (NULL: the sources without their names). */
static GArray *
scene_shapes (const LuztarPen   *pen,
              const LuztarScene *sc)
{
  guint ns = lz_model_get_n_sources (sc->model), n = 0;
  GArray *shapes = g_array_new (FALSE, TRUE, sizeof (LuztarShape));

  g_array_set_size (shapes, sc->ng + sc->nb + sc->ne + ns);
  for (guint i = 0; i < sc->ng; i++)
    g_array_index (shapes, LuztarShape, n++) = ground_shape (sc, i);
  for (guint i = 0; i < sc->nb; i++)
    g_array_index (shapes, LuztarShape, n++) = body_shape (sc, i);
  for (guint e = 0; e < sc->ne; e++)
    g_array_index (shapes, LuztarShape, n++) = element_shape (sc, e);
  for (guint k = 0; k < ns; k++)
    g_array_index (shapes, LuztarShape, n++) = source_shape (pen, sc, k);
  return shapes;
}

/* The shapes of luztar_symbols_get_shapes() for a model laid out already
 * as SC. */
GArray *
luztar_scene_get_shapes (const LuztarScene *sc)
{
  return scene_shapes (NULL, sc);
}

/**
 * luztar_symbols_get_drawn_shapes:
 * @model: a model
 * @style: how it is drawn (its scale sizes the names of the sources)
 * @pixels: the pixels a model unit takes on the screen (@style's scale
 *   but in presentation mode, where the labels are larger)
 *
 * The shapes of luztar_symbols_get_shapes(), the sources' names included
 * where luztar_symbols_draw_model() writes them at this scale (moved
 * clear of the elements: luztar_scene_clear_labels()).
 *
 * Returns: (transfer full) (element-type LuztarShape): the shapes
 */
GArray *
luztar_symbols_get_drawn_shapes (const LzModel         *model,
                                 const LuztarDrawStyle *style,
                                 double                 pixels)
{
  g_autoptr(LuztarScene) sc = luztar_scene_new (model);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  LuztarDrawStyle at_rest = { style->dark, style->scale, NULL };
  LuztarPen pen;
  GArray *shapes;

  cairo_scale (cr, pixels, pixels);
  luztar_pen_init (&pen, cr, &at_rest);
  luztar_scene_clear_labels (&pen, sc, NULL);
  shapes = scene_shapes (&pen, sc);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return shapes;
}

/* The distance from (x, y) to the box (X0, Y0)–(X1, Y1), 0 inside. */
static double
box_distance (double x0,
              double y0,
              double x1,
              double y1,
              double x,
              double y)
{
  return hypot (MAX (MAX (x0 - x, x - x1), 0), MAX (MAX (y0 - y, y - y1), 0));
}

/* The distance from (x, y) to a shape, 0 inside (a source's name too). */
double
luztar_shape_distance (const LuztarShape *s,
                       double             x,
                       double             y)
{
  double d;

  if (s->segment)
    {
      double dx = s->bx - s->ax, dy = s->by - s->ay;
      double l2 = dx * dx + dy * dy;
      double t = l2 > 0 ? CLAMP (((x - s->ax) * dx + (y - s->ay) * dy) / l2, 0, 1) : 0;

      return MAX (hypot (x - s->ax - t * dx, y - s->ay - t * dy) - 12, 0);
    }
  d = box_distance (s->x0, s->y0, s->x1, s->y1, x, y);
  if (s->named)
    d = MIN (d, box_distance (s->nx0, s->ny0, s->nx1, s->ny1, x, y));
  return d;
}

/* The item of SHAPES on top at (X, Y): sources, then bodies, then grounds,
 * then the elements below them. */
static const char *
hit_in (GArray *shapes,
        double  x,
        double  y)
{
  static const LzItemKind order[] = { LZ_ITEM_FORCE, LZ_ITEM_BODY, LZ_ITEM_GROUND, LZ_ITEM_SPRING };

  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint i = 0; i < shapes->len; i++)
      {
        const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
        gboolean in_class = order[o] == LZ_ITEM_FORCE ? lz_item_kind_is_source (s->kind)
                            : order[o] == LZ_ITEM_SPRING ? lz_item_kind_is_element (s->kind)
                            : s->kind == order[o];

        if (in_class && s->shown && luztar_shape_distance (s, x, y) <= 0)
          return s->id;
      }
  return NULL;
}

/**
 * luztar_symbols_hit_test:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 *
 * The item drawn at a point: the one on top (sources, then bodies, then
 * grounds, then the elements below them); the sources by their arrows.
 *
 * Returns: (nullable): the id of the item drawn at (@x, @y)
 */
const char *
luztar_symbols_hit_test (const LzModel *model,
                         double         x,
                         double         y)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  return hit_in (shapes, x, y);
}

/**
 * luztar_symbols_hit_test_drawn:
 * @model: a model
 * @style: how it is drawn
 * @pixels: the pixels a model unit takes (luztar_symbols_get_drawn_shapes())
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 *
 * luztar_symbols_hit_test() on the model drawn at this scale: a source
 * by its arrow or its name.
 *
 * Returns: (nullable): the id of the item drawn at (@x, @y)
 */
const char *
luztar_symbols_hit_test_drawn (const LzModel         *model,
                               const LuztarDrawStyle *style,
                               double                 pixels,
                               double                 x,
                               double                 y)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_drawn_shapes (model, style, pixels);

  return hit_in (shapes, x, y);
}

/**
 * luztar_symbols_pick_port:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 * @radius: how far from the point a port may be
 *
 * Returns: (nullable): the body or ground nearest to (@x, @y) within
 *   @radius of its drawing
 */
const char *
luztar_symbols_pick_port (const LzModel *model,
                          double         x,
                          double         y,
                          double         radius)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
  const char *best = NULL;
  double best_d = radius;
  gboolean best_is_body = FALSE;

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      double d;

      if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
        continue;
      d = luztar_shape_distance (s, x, y);
      /* a body wins over a ground at the same distance */
      if (d < best_d || (d == best_d && (best == NULL || (s->kind == LZ_ITEM_BODY && !best_is_body))))
        {
          best = s->id;
          best_d = d;
          best_is_body = s->kind == LZ_ITEM_BODY;
        }
    }
  return best;
}

/**
 * luztar_symbols_pick_two_ports:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 * @radius: how far from the point the ports may be
 * @prefer_ground: on a body, connect it to a ground rather than to the
 *   nearest body (friction)
 * @a: (out): the port on the left (or above)
 * @b: (out): the port on the right (or below)
 *
 * The two ports a two-port element dropped at (@x, @y) connects: on a
 * body, that body and the nearest other port; elsewhere the nearest body
 * or ground on each side of the point, within @radius.
 *
 * Returns: whether there is a port on each side
 */
gboolean
luztar_symbols_pick_two_ports (const LzModel  *model,
                               double          x,
                               double          y,
                               double          radius,
                               gboolean        prefer_ground,
                               const char    **a,
                               const char    **b)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
  double da = radius, db = radius;
  const LuztarShape *on = NULL;

  *a = *b = NULL;
  /* dropped onto a body: between it and the nearest other port (for
   * friction, the nearest ground: a block rubbing on the floor) */
  for (guint i = 0; i < shapes->len && on == NULL; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);

      if (s->kind == LZ_ITEM_BODY && luztar_shape_distance (s, x, y) <= 0)
        on = s;
    }
  if (on != NULL)
    {
      const LuztarShape *best = NULL;
      double best_d = INFINITY, ox = (on->x0 + on->x1) / 2, oy = (on->y0 + on->y1) / 2;

      for (int pass = 0; pass < 2 && best == NULL; pass++)
        for (guint i = 0; i < shapes->len; i++)
          {
            const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
            double d = hypot ((s->x0 + s->x1) / 2 - ox, (s->y0 + s->y1) / 2 - oy);

            if (s == on || (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
                || (pass == 0 && prefer_ground && s->kind != LZ_ITEM_GROUND))
              continue;
            if (d < best_d)
              best = s, best_d = d;
          }
      if (best == NULL)
        return FALSE;
      /* port a is the one on the left (or above) */
      if ((best->x0 + best->x1) / 2 < ox || ((best->x0 + best->x1) / 2 == ox && (best->y0 + best->y1) / 2 < oy))
        *a = best->id, *b = on->id;
      else
        *a = on->id, *b = best->id;
      return TRUE;
    }
  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      double cx, cy, d;

      if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
        continue;
      cx = (s->x0 + s->x1) / 2;
      cy = (s->y0 + s->y1) / 2;
      d = luztar_shape_distance (s, x, y);
      /* left or right of the point, by the centre; the ports above and
       * below count as left and right when the point is between them */
      if (cx < x || (cx == x && cy < y))
        {
          if (d < da)
            *a = s->id, da = d;
        }
      else if (d < db)
        *b = s->id, db = d;
    }
  return *a != NULL && *b != NULL;
}

/**
 * luztar_symbols_draw_highlight:
 * @cr: a cairo context in model coordinates
 * @shape: the shape to mark
 * @style: the style
 * @strong: the item has the keyboard focus too
 *
 * Marks a selected item: a rounded accent outline around it.
 */
void
luztar_symbols_draw_highlight (cairo_t               *cr,
                               const LuztarShape     *shape,
                               const LuztarDrawStyle *style,
                               gboolean               strong)
{
  /* the accent blue of the GNOME palette */
  double r = style->dark ? 0.47 : 0.21, g = style->dark ? 0.68 : 0.52, b = style->dark ? 0.98 : 0.89;

  if (!shape->shown)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  if (shape->segment)
    {
      cairo_move_to (cr, shape->ax, shape->ay);
      cairo_line_to (cr, shape->bx, shape->by);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 30);
      cairo_set_source_rgba (cr, r, g, b, 0.18);
      cairo_stroke (cr);
    }
  else
    {
      /* around a source's name too: one box round both */
      double m = 5, x0 = shape->x0, y0 = shape->y0, x1 = shape->x1, y1 = shape->y1;

      if (shape->named)
        {
          x0 = MIN (x0, shape->nx0);
          y0 = MIN (y0, shape->ny0);
          x1 = MAX (x1, shape->nx1);
          y1 = MAX (y1, shape->ny1);
        }
      x0 -= m;
      y0 -= m;
      x1 += m;
      y1 += m;
      luztar_cairo_rounded_rect (cr, x0, y0, x1 - x0, y1 - y0, 6);
      cairo_set_source_rgba (cr, r, g, b, 0.15);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, r, g, b, 0.9);
      cairo_set_line_width (cr, (strong ? 2.5 : 1.5) / style->scale);
      if (!strong)
        cairo_set_dash (cr, (double[]) { 4 / style->scale, 3 / style->scale }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
