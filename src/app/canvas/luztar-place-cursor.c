/* luztar-place-cursor.c — where a palette item goes: the drop target and
 * the keyboard's placement cursor
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drop, a click with an armed palette kind and Enter on the keyboard's
 * placement cursor all place an item the same way: a ground or a body on
 * the grid point, a two-port element between the ports on either side (or
 * on a body, between it and its nearest port), a source on the body there.
 * luztar_place_target() is that rule, once.
 *
 * Without a pointer, the arrow keys move a cursor over the canvas while a
 * kind is armed.  It starts where the item most likely goes — a body right
 * of the rightmost item, an element between the selected body and the port
 * to its left, friction and sources on the selected body — so that Enter
 * alone often does the right thing; what Enter would do is drawn (dashed
 * lines to the ports it connects) and said in words for screen readers.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-place-cursor.h"

/* A new body or ground goes this many grid steps right of the rightmost
 * one (a mass is about three steps wide: two steps of room between). */
#define START_GAP_STEPS 8

gboolean
luztar_place_kind_is_two_port (const char *kind)
{
  static const char * const two_port[] = { "spring", "damper", "friction", "stop", "gear", "contact",
                                            "backlash", NULL };

  return kind != NULL && g_strv_contains (two_port, kind);
}

static gboolean
luztar_place_kind_is_source (const char *kind)
{
  static const char * const sources[] = { "force", "motion", "actuator", NULL };

  return kind != NULL && g_strv_contains (sources, kind);
}

/**
 * luztar_place_target:
 * @placing: what is placed where
 * @at: (inout): where, model coordinates; snapped for grounds and bodies
 * @a: (out): port a of an element, the body of a source, or %NULL
 * @b: (out): port b of an element, or %NULL
 *
 * Returns: whether the item can go there (%FALSE: an element or a source
 *   with no port to connect; the ports are then %NULL)
 */
gboolean
luztar_place_target (const LuztarPlacing *placing,
                     LuztarPoint         *at,
                     const char         **a,
                     const char         **b)
{
  const LzModel *model = placing->model;
  const char *kind = placing->kind;
  gboolean ok = TRUE;

  *a = *b = NULL;
  if (luztar_place_kind_is_two_port (kind))
    ok = luztar_symbols_pick_two_ports (model, at->x, at->y, placing->radius, g_str_equal (kind, "friction"),
                                        a, b);
  else if (luztar_place_kind_is_source (kind))
    {
      *a = luztar_symbols_pick_port (model, at->x, at->y, placing->radius / 2);
      if (*a != NULL && lz_model_lookup_body (model, *a) == NULL)
        *a = NULL;
      ok = *a != NULL;
    }
  else
    {
      at->x = round (at->x / placing->grid) * placing->grid;
      at->y = round (at->y / placing->grid) * placing->grid;
    }
  if (!ok)
    *a = *b = NULL;
  return ok;
}

static void
shape_centre (const LuztarShape *s,
              double            *x,
              double            *y)
{
  *x = (s->x0 + s->x1) / 2;
  *y = (s->y0 + s->y1) / 2;
}

/* The body the cursor starts on: @near when it is a body, else the last
 * body of the model (the one placed last), or NULL. */
static const LuztarShape *
anchor_body (GArray     *shapes,
             const char *near)
{
  const LuztarShape *last = NULL;

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);

      if (s->kind != LZ_ITEM_BODY)
        continue;
      if (g_strcmp0 (s->id, near) == 0)
        return s;
      last = s;
    }
  return last;
}

/* The body or ground nearest to @on, preferring those to its left. */
static const LuztarShape *
neighbour (GArray            *shapes,
           const LuztarShape *on)
{
  const LuztarShape *best = NULL;
  double ox, oy, best_d = INFINITY;

  shape_centre (on, &ox, &oy);
  for (int pass = 0; pass < 2 && best == NULL; pass++)
    for (guint i = 0; i < shapes->len; i++)
      {
        const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
        double cx, cy, d;

        if (s == on || (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND))
          continue;
        shape_centre (s, &cx, &cy);
        if (pass == 0 && cx >= ox)
          continue;
        d = hypot (cx - ox, cy - oy);
        if (d < best_d)
          best = s, best_d = d;
      }
  return best;
}

/**
 * luztar_place_cursor_start:
 * @placing: what is placed
 * @near: (nullable): the selected item
 * @at: (out): where the cursor starts, model coordinates
 */
void
luztar_place_cursor_start (const LuztarPlacing *placing,
                           const char          *near,
                           LuztarPoint         *at)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (placing->model);
  const LuztarShape *body = anchor_body (shapes, near);
  const char *kind = placing->kind;
  double grid = placing->grid, *x = &at->x, *y = &at->y;

  *x = *y = 0;
  if (luztar_place_kind_is_two_port (kind) && body != NULL && !g_str_equal (kind, "friction"))
    {
      const LuztarShape *other = neighbour (shapes, body);
      double bx, by, ox, oy;

      shape_centre (body, &bx, &by);
      if (other == NULL)
        *x = bx, *y = by;
      else
        {
          shape_centre (other, &ox, &oy);
          *x = (bx + ox) / 2;
          *y = (by + oy) / 2;
        }
      return;
    }
  if ((luztar_place_kind_is_two_port (kind) || luztar_place_kind_is_source (kind)) && body != NULL)
    {
      shape_centre (body, x, y);
      return;
    }
  /* a body or a ground: right of the rightmost one, on its line */
  {
    double right = -INFINITY, line = 0;

    for (guint i = 0; i < shapes->len; i++)
      {
        const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
        double cx, cy;

        if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
          continue;
        shape_centre (s, &cx, &cy);
        if (cx > right)
          right = cx, line = cy;
      }
    if (isfinite (right))
      {
        *x = round (right / grid) * grid + START_GAP_STEPS * grid;
        *y = round (line / grid) * grid;
      }
  }
}

/**
 * luztar_place_cursor_describe:
 * @placing: what is placed
 * @at: the cursor, model coordinates
 *
 * Returns: (transfer full): what Enter would do, in words
 */
char *
luztar_place_cursor_describe (const LuztarPlacing *placing,
                              LuztarPoint          at)
{
  const char *name = luztar_symbols_palette_name (placing->kind);
  const char *a, *b;

  if (!luztar_place_target (placing, &at, &a, &b))
    /* TRANSLATORS: what Enter would do at the keyboard's placement
     * cursor; %s is "Spring", "Force", … */
    return g_strdup_printf (_("%s: nothing to connect here; move with the arrow keys"), name);
  if (b != NULL)
    /* TRANSLATORS: %s is "Spring", …; then the ids of two items, e.g. "wall" and "m1" */
    return g_strdup_printf (_("%s between %s and %s: Enter places it"), name, a, b);
  if (a != NULL)
    /* TRANSLATORS: %s is "Force", …; then the id of a body, e.g. "m1" */
    return g_strdup_printf (_("%s on %s: Enter places it"), name, a);
  /* TRANSLATORS: %s is "Mass", …; then a position in model units */
  return g_strdup_printf (_("%s at (%g, %g): Enter places it"), name, at.x, at.y);
}

static gboolean
port_centre (const LzModel *model,
             const char    *id,
             double        *x,
             double        *y)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);

      if (g_strcmp0 (s->id, id) == 0)
        {
          shape_centre (s, x, y);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * luztar_place_cursor_draw:
 * @cr: a cairo context in model coordinates
 * @placing: what is placed
 * @at: the cursor, model coordinates
 * @scale: pixels per model unit (lines and the icon keep their size on
 *   the screen)
 * @dark: the dark style
 *
 * Draws the cursor (a ring, the kind's icon beside it) and what Enter
 * would do: a dashed line to each port it connects, or the grid point a
 * body or ground lands on.
 */
void
luztar_place_cursor_draw (cairo_t             *cr,
                          const LuztarPlacing *placing,
                          LuztarPoint          at,
                          double               scale,
                          gboolean             dark)
{
  const char *ports[2];
  LuztarPoint target = at;
  double x = at.x, y = at.y, u = 1 / scale, grid = placing->grid;
  gboolean ok = luztar_place_target (placing, &target, &ports[0], &ports[1]);

  cairo_save (cr);
  cairo_set_line_width (cr, 2 * u);
  if (ok)
    cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
  else
    cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
  cairo_set_dash (cr, (double[]) { 6 * u, 4 * u }, 2, 0);
  for (guint i = 0; i < 2; i++)
    {
      double cx, cy;

      if (ports[i] != NULL && port_centre (placing->model, ports[i], &cx, &cy))
        {
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, cx, cy);
          cairo_stroke (cr);
        }
    }
  if (ok && ports[0] == NULL)
    {
      cairo_rectangle (cr, target.x - grid, target.y - grid, 2 * grid, 2 * grid);
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_arc (cr, x, y, 9 * u, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_move_to (cr, x - 14 * u, y);
  cairo_line_to (cr, x + 14 * u, y);
  cairo_move_to (cr, x, y - 14 * u);
  cairo_line_to (cr, x, y + 14 * u);
  cairo_stroke (cr);
  cairo_translate (cr, x + 12 * u, y + 12 * u);
  cairo_scale (cr, u, u);
  luztar_symbols_draw_icon (cr, placing->kind, 32, dark);
  cairo_restore (cr);
}
