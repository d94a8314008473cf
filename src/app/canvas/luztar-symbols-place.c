/* luztar-symbols-place.c — where each item of a model is drawn: grounds, bodies, and the frame of each element
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Grounds and bodies sit where the file puts them (or in a row in file
 * order when it gives no places).  A two-port element is drawn along the
 * segment between its ports, from the edge of a block or disc to the
 * other; several elements between the same two ports are spread over
 * parallel lanes within the block face, their names stacked clear of the
 * symbols.  An element between a ground and a body goes down to a floor
 * of its own under the body when it is friction or when the way to the
 * ground crosses another body.  A scene holds all of it for one drawing.
 */

#include "config.h"

#include <math.h>

#include "luztar-symbols-place.h"
#include "luztar-symbols-elements.h"

#define LANE      26.0                   /* the spacing of parallel lanes, at most */
#define LANE_SPAN (0.8 * LUZTAR_BLOCK_H)  /* all the lanes of a pair within the middle 80 % of a block face */
/* A direction whose x is within this of 0 is vertical (drawn top to bottom). */
#define VERTICAL_EPS 1e-9


void
luztar_symbols_layout (const LzModel *model,
                       LuztarPoint   *grounds,
                       LuztarPoint   *bodies,
                       double        *x0,
                       double        *y0,
                       double        *x1,
                       double        *y1)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  gboolean placed = FALSE;

  for (guint i = 0; i < ng && !placed; i++)
    placed = lz_model_get_ground (model, i)->x != 0 || lz_model_get_ground (model, i)->y != 0;
  for (guint i = 0; i < nb && !placed; i++)
    placed = lz_model_get_body (model, i)->x != 0 || lz_model_get_body (model, i)->y != 0;

  for (guint i = 0; i < ng; i++)
    {
      const LzGround *g = lz_model_get_ground (model, i);

      grounds[i] = placed ? (LuztarPoint) { g->x, g->y } : (LuztarPoint) { 40, 120 + 140.0 * i };
    }
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);

      bodies[i] = placed ? (LuztarPoint) { b->x, b->y } : (LuztarPoint) { 200 + 160.0 * i, 120 };
    }

  *x0 = *y0 = INFINITY;
  *x1 = *y1 = -INFINITY;
  for (guint i = 0; i < ng; i++)
    {
      *x0 = MIN (*x0, grounds[i].x - 30);
      *x1 = MAX (*x1, grounds[i].x + 30);
      *y0 = MIN (*y0, grounds[i].y - 50);
      *y1 = MAX (*y1, grounds[i].y + 50);
    }
  for (guint i = 0; i < nb; i++)
    {
      *x0 = MIN (*x0, bodies[i].x - LUZTAR_BLOCK_W);
      *x1 = MAX (*x1, bodies[i].x + LUZTAR_BLOCK_W);
      *y0 = MIN (*y0, bodies[i].y - LUZTAR_BLOCK_H - 40);
      *y1 = MAX (*y1, bodies[i].y + LUZTAR_BLOCK_H / 2 + 90);   /* room for floors */
    }
  if (!isfinite (*x0))
    {
      *x0 = *y0 = 0;
      *x1 = *y1 = 100;
    }
}

static char *
pair_key (const LzElement *el)
{
  return g_strcmp0 (el->a, el->b) < 0 ? g_strdup_printf ("%s\n%s", el->a, el->b)
                                       : g_strdup_printf ("%s\n%s", el->b, el->a);
}

/* How far an element's end stays from the centre of a body it ends on:
 * the edge of the block, or of the disc (at the lane's offset OFF). */
static double
body_trim (gboolean disc,
           double   ux,
           double   uy,
           double   off)
{
  if (disc)
    return sqrt (MAX (LUZTAR_DISC_R * LUZTAR_DISC_R - off * off, LUZTAR_DISC_R * LUZTAR_DISC_R / 4));
  return LUZTAR_BLOCK_W / 2 * fabs (ux) + LUZTAR_BLOCK_H / 2 * fabs (uy);
}

typedef struct
{
  LuztarPoint a, b;
  gboolean    a_body, b_body, a_disc, b_disc;
  int         body_index;
} Ports;

/* While the elements are placed: their ports, the floors under each body
 * (N_BELOW, BELOW of them placed so far), the elements between each pair of
 * ports (PAIR_COUNT, LANES of them placed so far). */
typedef struct
{
  LuztarScene *scene;
  Ports       *ports;
  int         *below;
  int         *n_below;
  GHashTable  *lanes;
  GHashTable  *pair_count;
} Placer;

/* Element E's ports; whether both are in the model. */
static gboolean
find_ports (Placer *placer,
            guint   e)
{
  const LuztarScene *sc = placer->scene;
  const LzElement *el = lz_model_get_element (sc->model, e);
  LuztarPlacement *pl = &sc->pl[e];
  Ports *pt = &placer->ports[e];
  gboolean a_ok = FALSE, b_ok = FALSE;

  *pl = (LuztarPlacement) { .ground_index = -1, .body_index = -1 };
  *pt = (Ports) { .body_index = -1 };
  for (guint i = 0; i < sc->ng; i++)
    {
      const char *id = lz_model_get_ground (sc->model, i)->item.id;

      if (el->a != NULL && g_str_equal (el->a, id))
        pt->a = sc->gp[i], a_ok = TRUE, pl->ground_index = (int) i;
      if (el->b != NULL && g_str_equal (el->b, id))
        pt->b = sc->gp[i], b_ok = TRUE, pl->ground_index = (int) i;
    }
  for (guint i = 0; i < sc->nb; i++)
    {
      const LzBody *body = lz_model_get_body (sc->model, i);
      gboolean disc = body->kind == LZ_BODY_ROTATIONAL;

      if (el->a != NULL && g_str_equal (el->a, body->item.id))
        pt->a = sc->bp[i], a_ok = pt->a_body = TRUE, pt->a_disc = disc, pt->body_index = (int) i;
      if (el->b != NULL && g_str_equal (el->b, body->item.id))
        pt->b = sc->bp[i], b_ok = pt->b_body = TRUE, pt->b_disc = disc, pt->body_index = (int) i;
    }
  return a_ok && b_ok;
}

/* An element between a ground and a body is drawn below the body, down to
 * a floor of its own, when it is friction (a block rubbing on the floor)
 * or when the way to the ground crosses another body. */
static gboolean
goes_to_floor (const LuztarScene *sc,
               const LzElement   *el,
               const Ports       *pt)
{
  LuztarPoint body, ground;

  if (pt->a_body == pt->b_body || pt->body_index < 0)
    return FALSE;
  if (el->item.kind == LZ_ITEM_FRICTION)
    return TRUE;
  body = sc->bp[pt->body_index];
  ground = pt->a_body ? pt->b : pt->a;
  for (guint i = 0; i < sc->nb; i++)
    if ((int) i != pt->body_index && fabs (sc->bp[i].y - body.y) < LUZTAR_BLOCK_H
        && (sc->bp[i].x - body.x) * (sc->bp[i].x - ground.x) < 0)
      return TRUE;
  return FALSE;
}

/* Side by side under the body, all within the middle 80 % of its width,
 * left to right in model order. */
static void
place_on_floor (Placer *placer,
                guint   e)
{
  const LuztarScene *sc = placer->scene;
  LuztarPlacement *pl = &sc->pl[e];
  int k = placer->ports[e].body_index;
  gboolean disc = lz_model_get_body (sc->model, (guint) k)->kind == LZ_BODY_ROTATIONAL;
  LuztarPoint body = sc->bp[k];
  int n_floors = placer->n_below[k], slot = placer->below[k]++;
  double half = disc ? LUZTAR_DISC_R : LUZTAR_BLOCK_W / 2;
  double shift = n_floors > 1 ? (slot - (n_floors - 1) / 2.0) * MIN (46.0, 1.6 * half / (n_floors - 1)) : 0;

  pl->lane = slot;
  pl->n_lanes = n_floors;
  pl->fx = body.x + shift;
  pl->fy = body.y + LUZTAR_BLOCK_H / 2 + 58;
  pl->ox = pl->fx;
  pl->oy = pl->fy;
  pl->angle = -G_PI / 2;
  pl->len = pl->fy - (body.y + (disc ? sqrt (LUZTAR_DISC_R * LUZTAR_DISC_R - shift * shift) : LUZTAR_BLOCK_H / 2));
}

/* In its lane between its two ports, its name clear of the symbols. */
static void
place_in_lane (Placer *placer,
               guint   e)
{
  const LzElement *el = lz_model_get_element (placer->scene->model, e);
  LuztarPlacement *pl = &placer->scene->pl[e];
  const Ports *pt = &placer->ports[e];
  LuztarPoint a = pt->a, b = pt->b;
  g_autofree char *key = NULL;
  double dx = b.x - a.x, dy = b.y - a.y, len = hypot (dx, dy);
  double ux, uy, spacing, mid, canon, off, start, end, label, outer, side;
  int n, rank;

  if (len < 1)
    {
      pl->ok = FALSE;
      return;
    }
  ux = dx / len;
  uy = dy / len;

  /* the lanes, in the frame of the pair drawn from left to right (or
   * from top to bottom), whichever way each element runs */
  key = pair_key (el);
  pl->lane = GPOINTER_TO_INT (g_hash_table_lookup (placer->lanes, key));
  g_hash_table_replace (placer->lanes, g_strdup (key), GINT_TO_POINTER (pl->lane + 1));
  pl->n_lanes = n = MAX (GPOINTER_TO_INT (g_hash_table_lookup (placer->pair_count, key)), 1);
  canon = ux > VERTICAL_EPS || (fabs (ux) <= VERTICAL_EPS && uy > 0) ? 1 : -1;
  spacing = n > 1 ? MIN (LANE, LANE_SPAN / (n - 1)) : 0;
  mid = (n - 1) / 2.0;
  off = (pl->lane - mid) * spacing;                   /* in the pair's frame */

  /* from the edge of a block or disc (or the face of a wall) to the other */
  start = pt->a_body ? body_trim (pt->a_disc, ux, uy, off) : 0;
  end = len - (pt->b_body ? body_trim (pt->b_disc, ux, uy, off) : 0);
  if (end - start < 20)
    {
      start = 0;
      end = len;
    }
  pl->ox = a.x - uy * canon * off + ux * start;
  pl->oy = a.y + ux * canon * off + uy * start;
  pl->angle = atan2 (dy, dx);
  pl->len = end - start;

  /* the name: the upper half (and a middle lane) above, the lower half
   * below; the outermost lane's next to its symbol, the inner ones
   * stacked beyond it */
  side = pl->lane <= mid ? -1 : 1;
  rank = side < 0 ? pl->lane : n - 1 - pl->lane;
  outer = side * mid * spacing;
  label = outer + side * ((rank == 0 ? luztar_symbols_element_extent (el, pl->len, side * canon) : 16)
                          + 11 + 13 * rank);
  pl->label_y = canon * (label - off);
  pl->label_dx = 0;
}

/* Places every element of the scene from the places of its grounds and
 * bodies (again after they have moved). */
void
luztar_scene_place_elements (LuztarScene *scene)
{
  g_autoptr(GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) pair_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree int *below = g_new0 (int, 2 * MAX (scene->nb, 1));
  g_autofree Ports *ports = g_new0 (Ports, MAX (scene->ne, 1));
  Placer placer = { scene, ports, below, below + MAX (scene->nb, 1), lanes, pair_count };

  /* the ports of each element, and whether it goes down to a floor */
  for (guint e = 0; e < scene->ne; e++)
    {
      const LzElement *el = lz_model_get_element (scene->model, e);
      LuztarPlacement *pl = &scene->pl[e];

      if (!find_ports (&placer, e))
        continue;
      pl->ok = TRUE;
      pl->body_index = ports[e].body_index;
      pl->to_floor = goes_to_floor (scene, el, &ports[e]);
      if (pl->to_floor)
        placer.n_below[ports[e].body_index]++;
      else
        {
          char *key = pair_key (el);

          g_hash_table_replace (pair_count, key,
                                GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key)) + 1));
        }
    }
  for (guint e = 0; e < scene->ne; e++)
    if (scene->pl[e].ok && scene->pl[e].to_floor)
      place_on_floor (&placer, e);
    else if (scene->pl[e].ok)
      place_in_lane (&placer, e);
}

/* The side of ground I's hatching (−1: left, +1: right, in the frame of
 * its direction): away from the bodies that the elements drawn to it come
 * from, on average. */
double
luztar_scene_ground_side (const LuztarScene *scene,
                          guint              i)
{
  const LuztarPoint *gp = scene->gp, *bp = scene->bp;
  double a = luztar_scene_ground_direction (scene, i) * G_PI / 180;
  double sum = 0;
  int n = 0;

  /* (up the screen is −y) */
  for (guint e = 0; e < scene->ne; e++)
    {
      const LuztarPlacement *pl = &scene->pl[e];

      if (pl->ok && !pl->to_floor && pl->ground_index == (int) i && pl->body_index >= 0)
        {
          sum += (bp[pl->body_index].x - gp[i].x) * cos (a) - (bp[pl->body_index].y - gp[i].y) * sin (a);
          n++;
        }
    }
  return n > 0 && sum / n < 0 ? 1 : -1;
}

/* Whether ground I is drawn as the floors of its elements rather than as a
 * wall: all its elements go down to floors, and it sits where one of them
 * is (a belt under a block); a wall elsewhere stays a wall. */
gboolean
luztar_scene_ground_is_floor (const LuztarScene *scene,
                              guint              i)
{
  const LuztarPoint *g = &scene->gp[i];
  gboolean near = FALSE;

  for (guint e = 0; e < scene->ne; e++)
    {
      const LuztarPlacement *pl = &scene->pl[e];

      if (pl->ok && pl->ground_index == (int) i)
        {
          if (!pl->to_floor)
            return FALSE;
          near = near || (fabs (pl->fx - g->x) <= 60 && fabs (pl->fy - g->y) <= 60);
        }
    }
  return near;
}

/* The direction in which the displacement of the body or ground ID is
 * drawn at rest (degrees counter-clockwise from the right): its own
 * (DIRECTION) when the file gives one; else, for one laid out up or down
 * the page from everything it is joined to (a ball above a floor, neither
 * with a direction: soft-floor-bounce), the way a positive displacement
 * moves it along its elements — from the first one's port a towards its
 * port b, straight up or down; else to the right. */
static double
layout_axis (const LuztarScene *scene,
             const char        *id,
             double             direction)
{
  double up = 0;

  if (direction != 0)
    return direction;
  for (guint e = 0; e < scene->ne; e++)
    {
      const LuztarPlacement *pl = &scene->pl[e];
      const LzElement *el = lz_model_get_element (scene->model, e);
      double s;

      if (!pl->ok || pl->to_floor || (g_strcmp0 (el->a, id) != 0 && g_strcmp0 (el->b, id) != 0))
        continue;
      /* (the frame runs from port a to port b; up the screen is −y) */
      s = -sin (pl->angle);
      if (fabs (s) <= LUZTAR_SIN_HORIZONTAL)
        return 0;
      if (up == 0)
        up = s > 0 ? 90 : -90;
    }
  return up;
}

/**
 * luztar_scene_body_direction:
 * @scene: a model laid out
 * @i: a body of its model
 *
 * Returns: the direction in which body @i's displacement is drawn and its
 *   forces, motions and actuators point, degrees counter-clockwise from
 *   the right: its direction, or the axis its layout shows (layout_axis());
 *   an inertia's 0 (it turns)
 */
double
luztar_scene_body_direction (const LuztarScene *scene,
                             guint              i)
{
  g_return_val_if_fail (i < scene->nb, 0);
  return scene->body_dir[i];
}

/**
 * luztar_scene_ground_direction:
 * @scene: a model laid out
 * @i: a ground of its model
 *
 * Returns: the direction in which ground @i's displacement is drawn and
 *   across which its face is turned (90: a floor), degrees
 *   counter-clockwise from the right: its direction, or the axis its
 *   layout shows (layout_axis())
 */
double
luztar_scene_ground_direction (const LuztarScene *scene,
                               guint              i)
{
  g_return_val_if_fail (i < scene->ng, 0);
  return scene->ground_dir[i];
}

/**
 * luztar_scene_new:
 * @model: a model
 *
 * Lays @model out as it is drawn at rest: its grounds and bodies where
 * luztar_symbols_layout() puts them, its elements placed between them.
 *
 * Returns: (transfer full): the scene, to free with luztar_scene_free()
 */
LuztarScene *
luztar_scene_new (const LzModel *model)
{
  LuztarScene *scene = g_new0 (LuztarScene, 1);
  double x0, y0, x1, y1;

  scene->model = model;
  scene->ng = lz_model_get_n_grounds (model);
  scene->nb = lz_model_get_n_bodies (model);
  scene->ne = lz_model_get_n_elements (model);
  scene->gp = g_new0 (LuztarPoint, MAX (scene->ng, 1) + MAX (scene->nb, 1));
  scene->bp = scene->gp + MAX (scene->ng, 1);
  scene->pl = g_new0 (LuztarPlacement, MAX (scene->ne, 1));
  scene->name_at = g_new0 (int, MAX (lz_model_get_n_sources (model), 1));
  scene->body_dir = g_new0 (double, MAX (scene->nb, 1));
  scene->ground_dir = g_new0 (double, MAX (scene->ng, 1));
  luztar_symbols_layout (model, scene->gp, scene->bp, &x0, &y0, &x1, &y1);
  luztar_scene_place_elements (scene);
  /* from the layout at rest: nothing turns while it moves */
  for (guint i = 0; i < scene->nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);

      scene->body_dir[i] = b->kind == LZ_BODY_ROTATIONAL ? b->direction
                                                         : layout_axis (scene, b->item.id, b->direction);
    }
  for (guint i = 0; i < scene->ng; i++)
    {
      const LzGround *g = lz_model_get_ground (model, i);

      scene->ground_dir[i] = layout_axis (scene, g->item.id, g->direction);
    }
  return scene;
}

void
luztar_scene_free (LuztarScene *scene)
{
  g_free (scene->gp);
  g_free (scene->pl);
  g_free (scene->name_at);
  g_free (scene->body_dir);
  g_free (scene->ground_dir);
  g_free (scene);
}
