/* test-geometry.c — where the canvas puts things: shapes, hit testing,
 * snapping and port picking, in model coordinates (no display needed)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected values come from the layout constants of luztar-symbols.c:
 * a block is 64 × 46 around its centre, a disc has radius 25 (its shape is
 * the 50 × 50 box around it), a ground's shape runs from x − 14 to x + 6
 * and y ± 40, an element is a segment with 12 units of slack on each side,
 * the wall's hatching goes on the side away from its bodies (the shape
 * then runs from x − 6 to x + 14), a source's arrow is a 48 × 16 box whose centre is BLOCK_H / 2 + 14 = 37
 * above its body's centre (22 higher for each further source on the body;
 * 16 × 48, BLOCK_W / 2 + 20 = 52 left of it, beside a body that moves up
 * and down), and the grid step is 20.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-symbols.h"
#include "app-test-util.h"

static void
place (LzModel    *model,
       const char *id,
       double      x,
       double      y)
{
  g_assert_true (lz_model_set_parameter (model, id, "x", x, NULL));
  g_assert_true (lz_model_set_parameter (model, id, "y", y, NULL));
}

static void
add_body (LzModel    *model,
          const char *id,
          LzBodyKind  kind,
          double      x,
          double      y)
{
  g_assert_nonnull (lz_model_add_body (model, id, kind, 1.0, NULL));
  place (model, id, x, y);
}

static void
add_element (LzModel    *model,
             LzItemKind  kind,
             const char *id,
             const char *a,
             const char *b)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (lz_model_add_element (model, kind, id, a, b, &error));
  g_assert_no_error (error);
}

static void
add_source (LzModel    *model,
            LzItemKind  kind,
            const char *id,
            const char *body)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (lz_model_add_source (model, kind, id, body, NULL, &error));
  g_assert_no_error (error);
}

/* Model A: every kind of item.
 *   ground g at (100, 200)       shape 86..106 × 160..240
 *   mass m at (300, 200)         shape 268..332 × 177..223
 *   inertia r at (500, 200)      shape 475..525 × 175..225
 *   spring k m–r                 segment (332, 200)–(475, 200), block edge to disc edge
 *   damper c g–m                 segment (100, 200)–(268, 200)
 *   friction f g–m               down to a floor: (300, 281)–(300, 223)
 *   force F on m (slot 0)        276..324 × 155..171
 *   motion p on m (slot 1)       276..324 × 133..149
 *   actuator u on r (slot 0)     476..524 × 155..171
 *   spring loose m–(nothing), force adrift on nothing: not shown */
static LzModel *
model_a (void)
{
  LzModel *model = lz_model_new ("A");

  g_assert_nonnull (lz_model_add_ground (model, "g", NULL));
  place (model, "g", 100, 200);
  add_body (model, "m", LZ_BODY_TRANSLATIONAL, 300, 200);
  add_body (model, "r", LZ_BODY_ROTATIONAL, 500, 200);
  add_element (model, LZ_ITEM_SPRING, "k", "m", "r");
  add_element (model, LZ_ITEM_DAMPER, "c", "g", "m");
  add_element (model, LZ_ITEM_FRICTION, "f", "g", "m");
  add_element (model, LZ_ITEM_SPRING, "loose", "m", NULL);
  add_source (model, LZ_ITEM_FORCE, "F", "m");
  add_source (model, LZ_ITEM_PRESCRIBED, "p", "m");
  add_source (model, LZ_ITEM_ACTUATOR, "u", "r");
  add_source (model, LZ_ITEM_FORCE, "adrift", NULL);
  return model;
}

static const LuztarShape *
find_shape (GArray     *shapes,
            const char *id)
{
  for (guint i = 0; i < shapes->len; i++)
    if (g_str_equal (g_array_index (shapes, LuztarShape, i).id, id))
      return &g_array_index (shapes, LuztarShape, i);
  g_error ("no shape %s", id);
  return NULL;
}

static void
assert_box (const LuztarShape *s,
            double x0, double y0, double x1, double y1)
{
  g_assert_cmpfloat_with_epsilon (s->x0, x0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->y0, y0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->x1, x1, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->y1, y1, 1e-9);
}

static void
assert_segment (const LuztarShape *s,
                double ax, double ay, double bx, double by)
{
  g_assert_true (s->segment);
  g_assert_cmpfloat_with_epsilon (s->ax, ax, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->ay, ay, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->bx, bx, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->by, by, 1e-9);
  assert_box (s, MIN (ax, bx) - 12, MIN (ay, by) - 12, MAX (ax, bx) + 12, MAX (ay, by) + 12);
}

static void
assert_hit (const LzModel *model,
            double         x,
            double         y,
            const char    *expected)
{
  const char *got = luztar_symbols_hit_test (model, x, y);

  if (g_strcmp0 (got, expected) != 0)
    g_error ("hit_test (%g, %g) = %s, expected %s", x, y, got ? got : "NULL", expected ? expected : "NULL");
}

/* The shapes of model A, in the documented order, at the places the layout
 * constants give. */
static void
test_shapes (void)
{
  g_autoptr(LzModel) model = model_a ();
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
  static const char * const order[] = { "g", "m", "r", "k", "c", "f", "loose", "F", "p", "u", "adrift" };

  g_assert_cmpuint (shapes->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);

      g_assert_cmpstr (s->id, ==, order[i]);
      g_assert_true (s->id == lz_model_lookup (model, order[i])->id);   /* borrowed */
      g_assert_cmpint (s->kind, ==, lz_model_lookup (model, order[i])->kind);
      g_assert_cmpint (s->shown, ==, !g_str_equal (s->id, "loose") && !g_str_equal (s->id, "adrift"));
    }
  assert_box (find_shape (shapes, "g"), 86, 160, 106, 240);
  g_assert_false (find_shape (shapes, "g")->segment);
  assert_box (find_shape (shapes, "m"), 268, 177, 332, 223);
  assert_box (find_shape (shapes, "r"), 475, 175, 525, 225);
  assert_segment (find_shape (shapes, "k"), 332, 200, 475, 200);
  assert_segment (find_shape (shapes, "c"), 100, 200, 268, 200);
  assert_segment (find_shape (shapes, "f"), 300, 281, 300, 223);
  assert_box (find_shape (shapes, "F"), 276, 155, 324, 171);
  assert_box (find_shape (shapes, "p"), 276, 133, 324, 149);
  assert_box (find_shape (shapes, "u"), 476, 155, 524, 171);
  g_assert_false (find_shape (shapes, "F")->segment);

  /* a wall with its bodies on the left is hatched on the right */
  {
    g_autoptr(LzModel) right = lz_model_new ("right");
    g_autoptr(GArray) rs = NULL;

    g_assert_nonnull (lz_model_add_ground (right, "g", NULL));
    place (right, "g", 500, 200);
    add_body (right, "m", LZ_BODY_TRANSLATIONAL, 300, 200);
    add_element (right, LZ_ITEM_SPRING, "k", "m", "g");
    rs = luztar_symbols_get_shapes (right);
    assert_box (find_shape (rs, "g"), 494, 160, 514, 240);
    assert_segment (find_shape (rs, "k"), 332, 200, 500, 200);
    assert_hit (right, 510, 200, "g");
    assert_hit (right, 488, 200, "k");
  }
}

static void
test_shape_distance (void)
{
  LuztarShape box = { "b", LZ_ITEM_BODY, TRUE, FALSE, 10, 20, 30, 40, 0, 0, 0, 0 };
  LuztarShape seg = { "s", LZ_ITEM_SPRING, TRUE, TRUE, 0, 0, 0, 0, 0, 0, 100, 0 };
  LuztarShape dot = { "d", LZ_ITEM_SPRING, TRUE, TRUE, 0, 0, 0, 0, 5, 5, 5, 5 };

  g_assert_cmpfloat (luztar_shape_distance (&box, 20, 30), ==, 0);
  g_assert_cmpfloat (luztar_shape_distance (&box, 10, 40), ==, 0);   /* edges are inside */
  g_assert_cmpfloat (luztar_shape_distance (&box, 5, 30), ==, 5);
  g_assert_cmpfloat (luztar_shape_distance (&box, 20, 44), ==, 4);
  g_assert_cmpfloat_with_epsilon (luztar_shape_distance (&box, 33, 44), 5, 1e-12);   /* corner 3-4-5 */
  /* a segment has 12 units of slack around it */
  g_assert_cmpfloat (luztar_shape_distance (&seg, 50, 12), ==, 0);
  g_assert_cmpfloat (luztar_shape_distance (&seg, 50, -12), ==, 0);
  g_assert_cmpfloat (luztar_shape_distance (&seg, 50, 20), ==, 8);
  g_assert_cmpfloat_with_epsilon (luztar_shape_distance (&seg, 103, 16), hypot (3, 16) - 12, 1e-12);   /* past the end */
  g_assert_cmpfloat_with_epsilon (luztar_shape_distance (&seg, -20, 0), 8, 1e-12);
  /* a zero-length segment is a point */
  g_assert_cmpfloat_with_epsilon (luztar_shape_distance (&dot, 5, 25), 8, 1e-12);
}

/* Every kind of item is hit inside its shape and not outside it, and the
 * one on top wins. */
static void
test_hit_model_a (void)
{
  g_autoptr(LzModel) model = model_a ();

  /* bodies: the block and the disc's box, edges included */
  assert_hit (model, 300, 200, "m");
  assert_hit (model, 268, 177, "m");
  assert_hit (model, 332, 223, "m");
  assert_hit (model, 500, 200, "r");
  assert_hit (model, 500, 225, "r");
  assert_hit (model, 500, 226, NULL);
  assert_hit (model, 526, 200, NULL);
  /* the ground, over the end of the damper that starts at it */
  assert_hit (model, 96, 200, "g");
  assert_hit (model, 86, 160, "g");
  assert_hit (model, 106, 240, "g");
  assert_hit (model, 85, 160, NULL);
  assert_hit (model, 96, 241, NULL);
  assert_hit (model, 107, 200, "c");      /* beside the wall: the damper */
  /* elements: 12 units either side of the segment */
  assert_hit (model, 200, 200, "c");
  assert_hit (model, 200, 212, "c");
  assert_hit (model, 200, 188, "c");
  assert_hit (model, 200, 212.5, NULL);
  assert_hit (model, 400, 200, "k");
  assert_hit (model, 400, 187.5, NULL);
  assert_hit (model, 479, 200, "r");      /* the spring's end under the disc */
  assert_hit (model, 300, 250, "f");
  assert_hit (model, 312, 281, "f");
  assert_hit (model, 300, 293, "f");
  assert_hit (model, 300, 294, NULL);
  assert_hit (model, 313, 250, NULL);
  /* bodies cover the elements' ends */
  assert_hit (model, 270, 200, "m");      /* the damper's end */
  assert_hit (model, 334, 200, "k");
  assert_hit (model, 330, 200, "m");      /* the spring's start */
  assert_hit (model, 300, 222, "m");      /* the friction's top */
  assert_hit (model, 300, 226, "f");
  /* sources above their bodies */
  assert_hit (model, 300, 163, "F");
  assert_hit (model, 276, 155, "F");
  assert_hit (model, 324, 171, "F");
  assert_hit (model, 300, 141, "p");
  assert_hit (model, 500, 163, "u");
  assert_hit (model, 300, 152, NULL);     /* between the two arrows */
  assert_hit (model, 300, 174, NULL);     /* between the arrow and the block */
  assert_hit (model, 275, 163, NULL);
  assert_hit (model, 300, 132, NULL);
  /* far away */
  assert_hit (model, -1000, -1000, NULL);
  assert_hit (model, 0, 0, NULL);
}

/* A force drawn over another body is on top of it. */
static void
test_hit_overlap (void)
{
  g_autoptr(LzModel) model = lz_model_new ("overlap");

  add_body (model, "m", LZ_BODY_TRANSLATIONAL, 300, 200);
  add_body (model, "m2", LZ_BODY_TRANSLATIONAL, 300, 150);   /* 268..332 × 127..173 */
  add_source (model, LZ_ITEM_FORCE, "F", "m");               /* 276..324 × 155..171 */
  add_source (model, LZ_ITEM_PRESCRIBED, "p", "m");          /* 276..324 × 133..149 */
  assert_hit (model, 300, 165, "F");
  assert_hit (model, 300, 141, "p");
  assert_hit (model, 300, 152, "m2");
  assert_hit (model, 270, 165, "m2");
  assert_hit (model, 300, 177, "m");
  /* two bodies on top of each other: the first in the file */
  place (model, "m2", 310, 200);
  assert_hit (model, 305, 200, "m");
  assert_hit (model, 340, 200, "m2");
}

/* Two elements between the same ports go on lanes 26 apart, either side
 * of the line between the ports; the canvas hit-tests the lane each is
 * drawn on (two-carts-stop.luztar). */
static void
test_hit_example_two_carts (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  /* wall (40, 120), cart1 (200, 120), cart2 (360, 120) */
  assert_segment (find_shape (shapes, "k1"), 40, 107, 168, 107);  /* the upper lane */
  assert_segment (find_shape (shapes, "s1"), 40, 133, 168, 133);  /* the lower lane */
  assert_segment (find_shape (shapes, "k2"), 232, 120, 328, 120);
  assert_hit (model, 100, 107, "k1");
  assert_hit (model, 100, 119, "k1");
  assert_hit (model, 100, 121, "s1");
  assert_hit (model, 100, 120, NULL);     /* 13 from both lanes */
  assert_hit (model, 100, 95, "k1");
  assert_hit (model, 100, 94.5, NULL);
  assert_hit (model, 100, 133, "s1");
  assert_hit (model, 100, 145, "s1");
  assert_hit (model, 100, 145.5, NULL);
  assert_hit (model, 36, 120, "wall");
  assert_hit (model, 36, 107, "wall");    /* over k1's start */
  assert_hit (model, 26, 80, "wall");
  assert_hit (model, 46, 160, "wall");
  assert_hit (model, 47, 107, "k1");
  assert_hit (model, 24, 120, NULL);
  assert_hit (model, 200, 120, "cart1");
  assert_hit (model, 170, 107, "cart1");  /* over k1's end */
  assert_hit (model, 166, 96, "k1");
  assert_hit (model, 280, 120, "k2");
  assert_hit (model, 392, 97, "cart2");
  assert_hit (model, 392.5, 97, NULL);
  assert_hit (model, 200, 143.5, NULL);
}

/* A body that moves up and down has its arrows beside it, where they are
 * drawn (luztar_scene_source_place()): a 16 × 48 box whose centre is
 * BLOCK_W / 2 + 20 = 52 left of the body's centre; nothing above it
 * (bouncing-mass.luztar: the ball at (200, 150)). */
static void
test_hit_sideways_arrow (void)
{
  /* the last one where an arrow above the ball would be */
  static const struct { double x, y; const char *id; } hits[] = {
    { 148, 150, "gravity" }, { 148, 127, "gravity" }, { 157, 150, NULL }, { 200, 113, NULL },
  };
  g_autoptr(LzModel) model = app_test_load_example ("bouncing-mass.luztar");
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  assert_box (find_shape (shapes, "gravity"), 140, 126, 156, 174);
  for (guint i = 0; i < G_N_ELEMENTS (hits); i++)
    assert_hit (model, hits[i].x, hits[i].y, hits[i].id);
}

static int
rank (LzItemKind kind)
{
  return lz_item_kind_is_source (kind) ? 0 : kind == LZ_ITEM_BODY ? 1 : kind == LZ_ITEM_GROUND ? 2 : 3;
}

/* On every example: each shown item is hit at its centre (the middle of
 * its segment), unless an item above it covers that point; items that are
 * not shown are never hit. */
static void
test_hit_examples (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  gboolean seen[LZ_ITEM_N_KINDS] = { FALSE, };
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autoptr(LzModel) model = app_test_load_example (name);
      g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
      guint n_items = lz_model_get_n_grounds (model) + lz_model_get_n_bodies (model)
                      + lz_model_get_n_elements (model) + lz_model_get_n_sources (model);

      g_assert_cmpuint (shapes->len, ==, n_items);
      for (guint i = 0; i < shapes->len; i++)
        {
          const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
          double x = s->segment ? (s->ax + s->bx) / 2 : (s->x0 + s->x1) / 2;
          double y = s->segment ? (s->ay + s->by) / 2 : (s->y0 + s->y1) / 2;
          const char *hit;

          g_assert_true (s->shown);   /* the examples are complete */
          g_assert_cmpfloat (s->x0, <, s->x1);
          g_assert_cmpfloat (s->y0, <, s->y1);
          seen[s->kind] = TRUE;
          hit = luztar_symbols_hit_test (model, x, y);
          g_assert_nonnull (hit);
          if (!g_str_equal (hit, s->id))
            {
              const LuztarShape *top = find_shape (shapes, hit);

              g_test_message ("%s: %s at (%g, %g) is under %s", name, s->id, x, y, hit);
              g_assert_cmpfloat (luztar_shape_distance (top, x, y), ==, 0);
              g_assert_true (rank (top->kind) < rank (s->kind)
                             || (rank (top->kind) == rank (s->kind) && top < s));
            }
          /* far outside its box nothing of it is hit */
          hit = luztar_symbols_hit_test (model, s->x1 + 1e5, s->y1 + 1e5);
          g_assert_null (hit);
        }
      n++;
    }
  g_assert_cmpuint (n, >=, 9);
  for (LzItemKind k = LZ_ITEM_GROUND; k <= LZ_ITEM_FORCE; k++)
    g_assert_true (seen[k]);
}

/* A ground all of whose elements go down to floors of their own is not
 * drawn (block-on-belt.luztar: the belt is drawn as the friction's floor),
 * so nothing should be hit where it would have been. */
static void
test_hit_hidden_ground (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("block-on-belt.luztar");
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  /* block (220, 120); friction f belt–block from its floor at (220, 201)
   * up to the block's bottom at 143; the belt's own place is (220, 200) */
  assert_segment (find_shape (shapes, "f"), 220, 201, 220, 143);
  assert_hit (model, 220, 120, "block");
  assert_hit (model, 220, 172, "f");
  /* the belt is its floor under the block: a click on the hatching */
  assert_hit (model, 220, 204, "belt");
  assert_hit (model, 220, 190, "f");
}

static void
assert_snap (double value,
             double expected)
{
  double got = luztar_canvas_snap (value);

  if (got != expected)
    g_error ("snap (%g) = %g, expected %g", value, got, expected);
}

static void
test_snap (void)
{
  assert_snap (0, 0);
  assert_snap (20, 20);
  assert_snap (9.999, 0);
  assert_snap (10.001, 20);
  assert_snap (29.9, 20);
  assert_snap (30.1, 40);
  assert_snap (123.4, 120);
  assert_snap (1e6 + 9, 1e6);
  /* halves round away from zero, the same on both sides */
  assert_snap (10, 20);
  assert_snap (30, 40);
  assert_snap (50, 60);
  assert_snap (-10, -20);
  assert_snap (-30, -40);
  /* negative numbers */
  assert_snap (-9.999, 0);
  assert_snap (-10.001, -20);
  assert_snap (-123.4, -120);
  assert_snap (-20, -20);
  assert_snap (-0.5, 0);
  /* on the grid stays; snapping twice is snapping once */
  for (int i = -50; i <= 50; i++)
    {
      double v = i * 7.3;

      assert_snap (20.0 * i, 20.0 * i);
      assert_snap (luztar_canvas_snap (v), luztar_canvas_snap (v));
      g_assert_cmpfloat (fabs (luztar_canvas_snap (v) - v), <=, 10);
      g_assert_cmpfloat (fmod (luztar_canvas_snap (v), 20), ==, 0);
    }
}

static void
assert_port (const LzModel *model,
             double         x,
             double         y,
             double         radius,
             const char    *expected)
{
  const char *got = luztar_symbols_pick_port (model, x, y, radius);

  if (g_strcmp0 (got, expected) != 0)
    g_error ("pick_port (%g, %g, %g) = %s, expected %s", x, y, radius,
             got ? got : "NULL", expected ? expected : "NULL");
}

static void
test_pick_port (void)
{
  g_autoptr(LzModel) model = model_a ();

  assert_port (model, 300, 200, 10, "m");          /* inside */
  assert_port (model, 500, 220, 1, "r");
  assert_port (model, 96, 230, 1, "g");
  /* (200, 200): 94 from g, 68 from m */
  assert_port (model, 200, 200, 60, NULL);
  assert_port (model, 200, 200, 70, "m");
  assert_port (model, 200, 200, 1000, "m");
  /* (150, 200): 44 from g, 118 from m */
  assert_port (model, 150, 200, 60, "g");
  assert_port (model, 150, 200, 40, NULL);
  /* right of the disc: 75 away */
  assert_port (model, 600, 200, 60, NULL);
  assert_port (model, 600, 200, 80, "r");
  /* on a force: it is no port; its body is 14 below */
  assert_port (model, 300, 163, 10, NULL);
  assert_port (model, 300, 163, 20, "m");
  /* on an element between ports: the nearer end */
  assert_port (model, 400, 200, 100, "m");         /* 68 from m, 75 from r */
  /* nothing at all */
  assert_port (model, -500, -500, 100, NULL);
  {
    g_autoptr(LzModel) empty = lz_model_new ("empty");

    assert_port (empty, 0, 0, 1e9, NULL);
  }
}

/* "a body wins over a ground at the same distance" (the comment in
 * luztar_symbols_pick_port). */
static void
test_pick_port_tie (void)
{
  g_autoptr(LzModel) model = lz_model_new ("tie");

  g_assert_nonnull (lz_model_add_ground (model, "g", NULL));
  place (model, "g", 100, 200);                           /* 86..106 */
  add_body (model, "m", LZ_BODY_TRANSLATIONAL, 140, 200);  /* 108..172 */
  assert_port (model, 100, 200, 10, "g");
  assert_port (model, 140, 200, 10, "m");
  /* (107, 200) is 1 from both */
  assert_port (model, 107, 200, 10, "m");
}

static void
assert_two (const LzModel *model,
            double         x,
            double         y,
            double         radius,
            gboolean       prefer_ground,
            const char    *ea,
            const char    *eb)
{
  const char *a = (const char *) 1, *b = (const char *) 1;
  gboolean ok = luztar_symbols_pick_two_ports (model, x, y, radius, prefer_ground, &a, &b);

  if (ea == NULL)
    {
      if (ok)
        g_error ("pick_two_ports (%g, %g, %g, %d) = %s, %s, expected none", x, y, radius,
                 prefer_ground, a, b);
      return;
    }
  if (!ok || g_strcmp0 (a, ea) != 0 || g_strcmp0 (b, eb) != 0)
    g_error ("pick_two_ports (%g, %g, %g, %d) = %d %s, %s, expected %s, %s", x, y, radius,
             prefer_ground, ok, a ? a : "NULL", b ? b : "NULL", ea, eb);
}

static void
test_pick_two_ports (void)
{
  g_autoptr(LzModel) model = model_a ();
  g_autoptr(LzModel) column = lz_model_new ("column");
  g_autoptr(LzModel) lonely = lz_model_new ("lonely");
  const char *a = (const char *) 1, *b = (const char *) 1;

  /* between m and r: m is 68 to the left, r 75 to the right */
  assert_two (model, 400, 200, 120, FALSE, "m", "r");
  assert_two (model, 400, 200, 120, TRUE, "m", "r");   /* not on a body: no preference */
  assert_two (model, 400, 200, 75.001, FALSE, "m", "r");
  assert_two (model, 400, 200, 70, FALSE, NULL, NULL);  /* r too far */
  assert_two (model, 400, 200, 60, FALSE, NULL, NULL);
  /* between g and m: the damper's place */
  assert_two (model, 200, 200, 120, FALSE, "g", "m");
  /* (200, 170) is over the damper, above it: still g on the left, m on the right */
  assert_two (model, 200, 170, 120, FALSE, "g", "m");
  /* onto a body: it and the nearest other port by centre (r: 200 away,
   * the ground's centre (96, 200): 204); friction prefers the ground */
  assert_two (model, 300, 200, 1, FALSE, "m", "r");
  assert_two (model, 310, 180, 1, FALSE, "m", "r");
  assert_two (model, 300, 200, 1, TRUE, "g", "m");
  assert_two (model, 500, 200, 1, FALSE, "m", "r");
  assert_two (model, 500, 200, 1, TRUE, "g", "r");
  /* no port on one side */
  assert_two (model, 600, 200, 120, FALSE, NULL, NULL);   /* right of everything */
  assert_two (model, 50, 200, 120, FALSE, NULL, NULL);    /* left of the ground */
  assert_two (model, 300, -500, 120, FALSE, NULL, NULL);  /* far from all */
  g_assert_false (luztar_symbols_pick_two_ports (model, 600, 200, 120, FALSE, &a, &b));
  g_assert_cmpstr (a, ==, "r");
  g_assert_null (b);

  /* one above the other: above counts as left */
  add_body (column, "top", LZ_BODY_TRANSLATIONAL, 300, 100);
  add_body (column, "bottom", LZ_BODY_TRANSLATIONAL, 300, 300);
  assert_two (column, 300, 200, 120, FALSE, "top", "bottom");   /* 77 from each */
  assert_two (column, 300, 200, 76, FALSE, NULL, NULL);
  /* friction onto a body with no ground: the nearest body after all */
  assert_two (column, 300, 100, 1, TRUE, "top", "bottom");
  assert_two (column, 300, 300, 1, TRUE, "top", "bottom");

  /* a body alone has nothing to connect to */
  add_body (lonely, "m", LZ_BODY_TRANSLATIONAL, 300, 100);
  assert_two (lonely, 300, 100, 120, TRUE, NULL, NULL);
  assert_two (lonely, 300, 100, 120, FALSE, NULL, NULL);
}

static void
test_layout (void)
{
  g_autoptr(LzModel) model = lz_model_new ("row");
  g_autoptr(LzModel) empty = lz_model_new ("empty");
  LuztarPoint gp[2], bp[3], dummy[1];
  double x0, y0, x1, y1;

  /* without positions: grounds in a column on the left, bodies in a row */
  g_assert_nonnull (lz_model_add_ground (model, "g1", NULL));
  g_assert_nonnull (lz_model_add_ground (model, "g2", NULL));
  g_assert_nonnull (lz_model_add_body (model, "b1", LZ_BODY_TRANSLATIONAL, 1, NULL));
  g_assert_nonnull (lz_model_add_body (model, "b2", LZ_BODY_ROTATIONAL, 1, NULL));
  g_assert_nonnull (lz_model_add_body (model, "b3", LZ_BODY_TRANSLATIONAL, 1, NULL));
  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (gp[0].x, ==, 40);
  g_assert_cmpfloat (gp[0].y, ==, 120);
  g_assert_cmpfloat (gp[1].x, ==, 40);
  g_assert_cmpfloat (gp[1].y, ==, 260);
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpfloat (bp[i].x, ==, 200 + 160 * i);
      g_assert_cmpfloat (bp[i].y, ==, 120);
    }
  g_assert_cmpfloat (x0, ==, 10);          /* ground − 30 */
  g_assert_cmpfloat (x1, ==, 520 + 64);    /* body + BLOCK_W */
  g_assert_cmpfloat (y0, ==, 120 - 46 - 40);
  g_assert_cmpfloat (y1, ==, 260 + 50);

  /* fix_positions writes that layout into the model, which then lays
   * out the same */
  luztar_canvas_fix_positions (model);
  {
    LuztarPoint gp2[2], bp2[3];
    double a0, b0, a1, b1, x, y;

    g_assert_true (lz_model_get_parameter (model, "g2", "y", &y, NULL));
    g_assert_cmpfloat (y, ==, 260);
    g_assert_true (lz_model_get_parameter (model, "b3", "x", &x, NULL));
    g_assert_cmpfloat (x, ==, 520);
    luztar_symbols_layout (model, gp2, bp2, &a0, &b0, &a1, &b1);
    g_assert_cmpmem (gp, sizeof gp, gp2, sizeof gp2);
    g_assert_cmpmem (bp, sizeof bp, bp2, sizeof bp2);
    g_assert_cmpfloat (a0, ==, x0);
    g_assert_cmpfloat (b1, ==, y1);
  }

  /* once one item has a position, all use theirs (the others are at 0, 0) */
  {
    g_autoptr(LzModel) one = lz_model_new ("one");
    LuztarPoint g1[1], b1[2];

    g_assert_nonnull (lz_model_add_ground (one, "g", NULL));
    g_assert_nonnull (lz_model_add_body (one, "a", LZ_BODY_TRANSLATIONAL, 1, NULL));
    add_body (one, "b", LZ_BODY_TRANSLATIONAL, 300, -40);
    luztar_symbols_layout (one, g1, b1, &x0, &y0, &x1, &y1);
    g_assert_cmpfloat (g1[0].x, ==, 0);
    g_assert_cmpfloat (g1[0].y, ==, 0);
    g_assert_cmpfloat (b1[0].x, ==, 0);
    g_assert_cmpfloat (b1[1].x, ==, 300);
    g_assert_cmpfloat (b1[1].y, ==, -40);
    g_assert_cmpfloat (x0, ==, -64);
    g_assert_cmpfloat (y0, ==, -40 - 46 - 40);
  }

  /* an empty model: a 100 × 100 box */
  luztar_symbols_layout (empty, dummy, dummy, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, ==, 0);
  g_assert_cmpfloat (y0, ==, 0);
  g_assert_cmpfloat (x1, ==, 100);
  g_assert_cmpfloat (y1, ==, 100);
  {
    g_autoptr(GArray) shapes = luztar_symbols_get_shapes (empty);

    g_assert_cmpuint (shapes->len, ==, 0);
    g_assert_null (luztar_symbols_hit_test (empty, 0, 0));
  }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/luztar/geometry/shapes", test_shapes);
  g_test_add_func ("/luztar/geometry/shape-distance", test_shape_distance);
  g_test_add_func ("/luztar/geometry/hit/every-kind", test_hit_model_a);
  g_test_add_func ("/luztar/geometry/hit/overlap", test_hit_overlap);
  g_test_add_func ("/luztar/geometry/hit/two-carts", test_hit_example_two_carts);
  g_test_add_func ("/luztar/geometry/hit/examples", test_hit_examples);
  g_test_add_func ("/luztar/geometry/hit/sideways-arrow", test_hit_sideways_arrow);
  g_test_add_func ("/luztar/geometry/hit/hidden-ground", test_hit_hidden_ground);
  g_test_add_func ("/luztar/geometry/snap", test_snap);
  g_test_add_func ("/luztar/geometry/pick-port", test_pick_port);
  g_test_add_func ("/luztar/geometry/pick-port-tie", test_pick_port_tie);
  g_test_add_func ("/luztar/geometry/pick-two-ports", test_pick_two_ports);
  g_test_add_func ("/luztar/geometry/layout", test_layout);
  return g_test_run ();
}
