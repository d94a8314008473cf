/* luztar-symbols.c — mechanical symbols and whole models drawn with cairo
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standard symbols of a lumped mechanical model: a hatched wall for a
 * ground, a labelled block for a mass and a disc for an inertia, a zig-zag
 * spring (with a slotted link when it has freeplay), a dashpot, a friction
 * pad, a stop bracket with its limits, a gear pair, arrows for forces,
 * prescribed motions and actuators.  A two-port element is drawn along the
 * segment between its ports; several elements between the same two ports
 * are spread over parallel lanes.  Everything is in model coordinates
 * (the x, y of the file); line widths and text are divided by the scale
 * so they keep their size on screen.
 */

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "luztar-symbols.h"

#define BLOCK_W 64.0
#define BLOCK_H 46.0
#define DISC_R  25.0
#define LANE    26.0

typedef struct
{
  double r, g, b;
} Rgb;

typedef struct
{
  Rgb ink, muted, body, body_edge, body_text, spring, damper, friction, stop, gear, force;
} Palette;

static void
palette_init (Palette *p,
              gboolean dark)
{
  if (dark)
    *p = (Palette) {
      { 0.92, 0.92, 0.92 }, { 0.60, 0.60, 0.62 }, { 0.21, 0.52, 0.89 }, { 0.38, 0.63, 0.92 },
      { 1, 1, 1 }, { 0.96, 0.76, 0.07 }, { 0.75, 0.38, 0.85 }, { 0.90, 0.44, 0.20 },
      { 0.96, 0.38, 0.32 }, { 0.34, 0.89, 0.54 }, { 0.92, 0.92, 0.92 },
    };
  else
    *p = (Palette) {
      { 0.24, 0.22, 0.27 }, { 0.47, 0.46, 0.48 }, { 0.38, 0.63, 0.92 }, { 0.11, 0.44, 0.85 },
      { 1, 1, 1 }, { 0.90, 0.65, 0.04 }, { 0.57, 0.25, 0.67 }, { 0.78, 0.27, 0.0 },
      { 0.88, 0.11, 0.14 }, { 0.15, 0.64, 0.41 }, { 0.24, 0.22, 0.27 },
    };
}

static void
set_rgb (cairo_t    *cr,
         const Rgb  *c)
{
  cairo_set_source_rgb (cr, c->r, c->g, c->b);
}

/* Text centred at (x, y); SIZE in screen points. */
static void
draw_text (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const char            *text,
           double                 x,
           double                 y,
           double                 size,
           gboolean               bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_absolute_size (font, size / style->scale * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  cairo_move_to (cr, x - (double) w / PANGO_SCALE / 2, y - (double) h / PANGO_SCALE / 2);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static const char *
item_name (const LzItem *item)
{
  return item->label != NULL && *item->label != '\0' ? item->label : item->id;
}

/* ------------------------------------------------------------------------ */
/* Layout                                                                    */

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
      *x0 = MIN (*x0, bodies[i].x - BLOCK_W);
      *x1 = MAX (*x1, bodies[i].x + BLOCK_W);
      *y0 = MIN (*y0, bodies[i].y - BLOCK_H - 40);
      *y1 = MAX (*y1, bodies[i].y + BLOCK_H / 2 + 90);   /* room for floors */
    }
  if (!isfinite (*x0))
    {
      *x0 = *y0 = 0;
      *x1 = *y1 = 100;
    }
}

/* ------------------------------------------------------------------------ */
/* Symbols, in a frame where the element runs from (0, 0) to (len, 0)        */

static void
zigzag (cairo_t *cr,
        double   from,
        double   to,
        double   amplitude,
        int      peaks)
{
  double step = (to - from) / (2 * peaks);

  cairo_move_to (cr, from, 0);
  for (int i = 0; i < 2 * peaks; i++)
    cairo_line_to (cr, from + step * (i + 0.5), (i % 2 == 0 ? -1 : 1) * amplitude);
  cairo_line_to (cr, to, 0);
}

static void
draw_spring (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             double                 len,
             gboolean               freeplay)
{
  double z0 = len * 0.18, z1 = freeplay ? len * 0.62 : len * 0.82;

  set_rgb (cr, &p->spring);
  cairo_set_line_width (cr, 2.5 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, z0, 0);
  cairo_stroke (cr);
  zigzag (cr, z0, z1, 8, 5);
  cairo_stroke (cr);
  if (!freeplay)
    {
      cairo_move_to (cr, z1, 0);
      cairo_line_to (cr, len, 0);
      cairo_stroke (cr);
      return;
    }
  /* the freeplay: a slotted link, the pin free to move in the slot */
  {
    double s0 = len * 0.68, s1 = len * 0.86;

    cairo_move_to (cr, z1, 0);
    cairo_line_to (cr, s0 + 4, 0);
    cairo_stroke (cr);
    set_rgb (cr, &p->ink);
    cairo_set_line_width (cr, 1.8 / style->scale);
    cairo_rectangle (cr, s0, -6, s1 - s0, 12);
    cairo_stroke (cr);
    cairo_arc (cr, (s0 + s1) / 2, 0, 3.2, 0, 2 * G_PI);
    cairo_fill (cr);
    cairo_move_to (cr, (s0 + s1) / 2, 0);
    cairo_line_to (cr, len, 0);
    cairo_stroke (cr);
  }
}

static void
draw_damper (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             double                 len)
{
  double c0 = len * 0.32, c1 = len * 0.62, piston = len * 0.5;

  set_rgb (cr, &p->damper);
  cairo_set_line_width (cr, 2.2 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, c0, 0);
  cairo_move_to (cr, c1, -9);
  cairo_line_to (cr, c0, -9);
  cairo_line_to (cr, c0, 9);
  cairo_line_to (cr, c1, 9);
  cairo_move_to (cr, piston, -7);
  cairo_line_to (cr, piston, 7);
  cairo_move_to (cr, piston, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
}

static void
draw_friction (cairo_t               *cr,
               const LuztarDrawStyle *style,
               const Palette         *p,
               double                 len)
{
  double b0 = len * 0.38, b1 = len * 0.62;

  set_rgb (cr, &p->friction);
  cairo_set_line_width (cr, 2.2 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, b0, 0);
  cairo_move_to (cr, b1, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  /* two blocks rubbing along a hatched face */
  cairo_rectangle (cr, b0, -9, (b1 - b0) / 2, 9);
  cairo_rectangle (cr, (b0 + b1) / 2, 0, (b1 - b0) / 2, 9);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_rectangle (cr, b0, -9, (b1 - b0) / 2, 9);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.2 / style->scale);
  for (double x = b0 - 10; x < b1; x += 5)
    {
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x + 9, -9);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_stop (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           double                 len,
           const LzElement       *el,
           double                 text_side)
{
  double m0 = len * 0.44, m1 = len * 0.56;
  g_autofree char *lo = NULL, *hi = NULL, *text = NULL;

  set_rgb (cr, &p->stop);
  cairo_set_line_width (cr, 2.4 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, m0, 0);
  cairo_move_to (cr, m0 - 6, -10);
  cairo_line_to (cr, m0, -10);
  cairo_line_to (cr, m0, 10);
  cairo_line_to (cr, m0 - 6, 10);
  cairo_move_to (cr, m1 + 6, -10);
  cairo_line_to (cr, m1, -10);
  cairo_line_to (cr, m1, 10);
  cairo_line_to (cr, m1 + 6, 10);
  cairo_move_to (cr, m1, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  lo = isfinite (el->stop.lower) ? lz_number_to_string (el->stop.lower) : g_strdup ("−∞");
  hi = isfinite (el->stop.upper) ? lz_number_to_string (el->stop.upper) : g_strdup ("∞");
  text = g_strdup_printf ("[%s, %s]", lo, hi);
  draw_text (cr, style, text, len / 2, 19 * text_side, 10, FALSE);
}

static void
draw_gear (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           double                 len,
           const LzElement       *el)
{
  double ra = el->gear.ra, rb = el->gear.rb, k = 30 / MAX (ra, rb);
  double r1 = MAX (6, ra * k), r2 = MAX (6, rb * k), mid = len / 2;

  set_rgb (cr, &p->gear);
  cairo_set_line_width (cr, 2.2 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, mid - r1 - 2, 0);
  cairo_move_to (cr, mid + r2 + 2, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  /* two pitch circles touching at the mesh, with teeth marks */
  for (int w = 0; w < 2; w++)
    {
      double r = w == 0 ? r1 : r2, cx = w == 0 ? mid - r1 / 2 : mid + r2 / 2;
      int teeth = MAX (8, (int) (r * 0.8));

      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, 0, r / 2, 0, 2 * G_PI);
      cairo_stroke (cr);
      for (int t = 0; t < teeth; t++)
        {
          double a = 2 * G_PI * t / teeth;

          cairo_move_to (cr, cx + r / 2 * cos (a), r / 2 * sin (a));
          cairo_line_to (cr, cx + (r / 2 + 3) * cos (a), (r / 2 + 3) * sin (a));
        }
      cairo_stroke (cr);
    }
}

/* ------------------------------------------------------------------------ */

static void
draw_ground (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             const LzGround        *g,
             LuztarPoint            at)
{
  double top = at.y - 36, bottom = at.y + 36;

  cairo_new_path (cr);
  set_rgb (cr, &p->ink);
  cairo_set_line_width (cr, 3 / style->scale);
  cairo_move_to (cr, at.x, top);
  cairo_line_to (cr, at.x, bottom);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.4 / style->scale);
  for (double y = top + 6; y <= bottom + 2; y += 9)
    {
      cairo_move_to (cr, at.x, y);
      cairo_line_to (cr, at.x - 9, y + 9);
    }
  cairo_stroke (cr);
  set_rgb (cr, &p->muted);
  draw_text (cr, style, item_name (&g->item), at.x, bottom + 14, 10, FALSE);
  if (g->motion != NULL)
    {
      /* a moving ground: a small double arrow */
      cairo_set_line_width (cr, 1.6 / style->scale);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x + 14, top - 10);
      cairo_stroke (cr);
      cairo_move_to (cr, at.x + 14, top - 10);
      cairo_line_to (cr, at.x + 9, top - 13);
      cairo_line_to (cr, at.x + 9, top - 7);
      cairo_close_path (cr);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x - 9, top - 13);
      cairo_line_to (cr, at.x - 9, top - 7);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
}

static void
draw_body (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           const LzBody          *b,
           LuztarPoint            at)
{
  cairo_set_line_width (cr, 2 / style->scale);
  cairo_new_path (cr);
  if (b->kind == LZ_BODY_ROTATIONAL)
    {
      cairo_arc (cr, at.x, at.y, DISC_R, 0, 2 * G_PI);
      set_rgb (cr, &p->body);
      cairo_fill_preserve (cr);
      set_rgb (cr, &p->body_edge);
      cairo_stroke (cr);
      cairo_move_to (cr, at.x, at.y);
      cairo_line_to (cr, at.x + DISC_R * 0.8, at.y - DISC_R * 0.4);
      set_rgb (cr, &p->body_text);
      cairo_stroke (cr);
      set_rgb (cr, &p->ink);
      draw_text (cr, style, item_name (&b->item), at.x, at.y + DISC_R + 12, 11, TRUE);
    }
  else
    {
      double x = at.x - BLOCK_W / 2, y = at.y - BLOCK_H / 2, r = 5;

      cairo_new_sub_path (cr);
      cairo_arc (cr, x + BLOCK_W - r, y + r, r, -G_PI / 2, 0);
      cairo_arc (cr, x + BLOCK_W - r, y + BLOCK_H - r, r, 0, G_PI / 2);
      cairo_arc (cr, x + r, y + BLOCK_H - r, r, G_PI / 2, G_PI);
      cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
      set_rgb (cr, b->mass > 0 ? &p->body : &p->muted);
      cairo_fill_preserve (cr);
      set_rgb (cr, &p->body_edge);
      cairo_stroke (cr);
      set_rgb (cr, &p->body_text);
      draw_text (cr, style, item_name (&b->item), at.x, at.y, 11, TRUE);
    }
}

/* An arrow above a body for a force (solid), a prescribed motion (with a
 * wave) or an actuator (double head). */
static void
draw_source (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             const LzSource        *s,
             LuztarPoint            at,
             int                    slot)
{
  double y = at.y - BLOCK_H / 2 - 14 - 22 * slot, x0 = at.x - 22, x1 = at.x + 22;

  cairo_new_path (cr);
  set_rgb (cr, &p->force);
  cairo_set_line_width (cr, 2 / style->scale);
  if (s->item.kind == LZ_ITEM_PRESCRIBED)
    {
      cairo_move_to (cr, x0, y);
      for (double x = x0; x <= x1 - 8; x += 2)
        cairo_line_to (cr, x, y + 3 * sin ((x - x0) / 3));
    }
  else
    {
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1 - 6, y);
    }
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y);
  cairo_line_to (cr, x1 - 8, y - 4);
  cairo_line_to (cr, x1 - 8, y + 4);
  cairo_close_path (cr);
  if (s->item.kind == LZ_ITEM_ACTUATOR)
    {
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x0 + 8, y - 4);
      cairo_line_to (cr, x0 + 8, y + 4);
      cairo_close_path (cr);
    }
  cairo_fill (cr);
  draw_text (cr, style, item_name (&s->item), x0 - 4 - 4 * (double) strlen (item_name (&s->item)),
             y, 10, FALSE);
}

void
luztar_symbols_draw_model (cairo_t               *cr,
                           const LzModel         *model,
                           const LuztarDrawStyle *style)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  g_autofree int *slots = g_new0 (int, MAX (nb, 1));
  g_autoptr(GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) pair_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree int *below = g_new0 (int, MAX (nb, 1));
  g_autofree gboolean *ground_used = g_new0 (gboolean, MAX (ng, 1));
  g_autofree gboolean *ground_any = g_new0 (gboolean, MAX (ng, 1));
  double x0, y0, x1, y1;
  Palette p;

  palette_init (&p, style->dark);
  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);


  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      char *key;

      if (el->a == NULL || el->b == NULL)
        continue;
      key = g_strcmp0 (el->a, el->b) < 0 ? g_strdup_printf ("%s\n%s", el->a, el->b)
                                         : g_strdup_printf ("%s\n%s", el->b, el->a);
      g_hash_table_replace (pair_count, key,
                            GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key)) + 1));
    }

  /* elements first, so that the bodies cover their ends */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      LuztarPoint a = { 0, 0 }, b = { 0, 0 };
      gboolean a_body = FALSE, b_body = FALSE, a_ok = FALSE, b_ok = FALSE;
      g_autofree char *key = NULL;
      int lane, k, n_lanes, body_index = -1, ground_index = -1;
      double dx, dy, len, ux, uy, off, start, end;
      gboolean to_floor = FALSE;

      for (guint i = 0; i < ng; i++)
        {
          const char *id = lz_model_get_ground (model, i)->item.id;

          if (el->a != NULL && g_str_equal (el->a, id))
            a = gp[i], a_ok = TRUE, ground_index = (int) i;
          if (el->b != NULL && g_str_equal (el->b, id))
            b = gp[i], b_ok = TRUE, ground_index = (int) i;
        }
      for (guint i = 0; i < nb; i++)
        {
          const char *id = lz_model_get_body (model, i)->item.id;

          if (el->a != NULL && g_str_equal (el->a, id))
            a = bp[i], a_ok = a_body = TRUE, body_index = (int) i;
          if (el->b != NULL && g_str_equal (el->b, id))
            b = bp[i], b_ok = b_body = TRUE, body_index = (int) i;
        }
      if (!a_ok || !b_ok)
        continue;
      if (ground_index >= 0)
        ground_any[ground_index] = TRUE;

      /* lanes: 0, +1, −1, +2, … for the elements between the same ports */
      key = g_strcmp0 (el->a, el->b) < 0 ? g_strdup_printf ("%s\n%s", el->a, el->b)
                                         : g_strdup_printf ("%s\n%s", el->b, el->a);
      k = GPOINTER_TO_INT (g_hash_table_lookup (lanes, key));
      g_hash_table_replace (lanes, g_strdup (key), GINT_TO_POINTER (k + 1));
      lane = (k + 1) / 2 * (k % 2 == 0 ? 1 : -1);
      n_lanes = GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key));

      /* An element between a ground and a body is drawn below the body,
       * down to a floor of its own, when it is friction (a block rubbing
       * on the floor) or when the way to the ground crosses another body. */
      if (a_body != b_body && body_index >= 0)
        {
          LuztarPoint body = bp[body_index], ground = a_body ? b : a;

          to_floor = el->item.kind == LZ_ITEM_FRICTION;
          for (guint i = 0; i < nb && !to_floor; i++)
            if ((int) i != body_index && fabs (bp[i].y - body.y) < BLOCK_H
                && (bp[i].x - body.x) * (bp[i].x - ground.x) < 0)
              to_floor = TRUE;
        }
      if (to_floor)
        {
          LuztarPoint body = bp[body_index];
          int slot = below[body_index]++;
          double x = body.x + (slot % 2 == 0 ? 1 : -1) * ((slot + 1) / 2) * 46.0;
          double floor_y = body.y + BLOCK_H / 2 + 58;

          cairo_save (cr);
          /* the floor: a short hatched line */
          set_rgb (cr, &p.ink);
          cairo_set_line_width (cr, 2.5 / style->scale);
          cairo_move_to (cr, x - 12, floor_y);
          cairo_line_to (cr, x + 12, floor_y);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 1.2 / style->scale);
          for (double hx = x - 12; hx < x + 12; hx += 6)
            {
              cairo_move_to (cr, hx + 6, floor_y);
              cairo_line_to (cr, hx, floor_y + 6);
            }
          cairo_stroke (cr);
          /* the element from the floor up to the block, oriented so that
           * its port a stays at the ground's end */
          cairo_translate (cr, x, floor_y);
          cairo_rotate (cr, -G_PI / 2);
          len = floor_y - (body.y + BLOCK_H / 2);
          switch (el->item.kind)
            {
            case LZ_ITEM_SPRING:
              draw_spring (cr, style, &p, len, el->spring.freeplay > 0);
              break;
            case LZ_ITEM_DAMPER:
              draw_damper (cr, style, &p, len);
              break;
            case LZ_ITEM_FRICTION:
              draw_friction (cr, style, &p, len);
              break;
            case LZ_ITEM_STOP:
              draw_stop (cr, style, &p, len, el, 1);
              break;
            case LZ_ITEM_GEAR:
              draw_gear (cr, style, &p, len, el);
              break;
            case LZ_ITEM_GROUND:
            case LZ_ITEM_BODY:
            case LZ_ITEM_FORCE:
            case LZ_ITEM_PRESCRIBED:
            case LZ_ITEM_ACTUATOR:
            case LZ_ITEM_N_KINDS:
            default:
              break;
            }
          cairo_restore (cr);
          set_rgb (cr, &p.muted);
          draw_text (cr, style, item_name (&el->item), x, floor_y + 16, 10, FALSE);
          continue;
        }

      dx = b.x - a.x;
      dy = b.y - a.y;
      len = hypot (dx, dy);
      if (len < 1)
        continue;
      ux = dx / len;
      uy = dy / len;
      off = lane * LANE;
      /* from the edge of a block (or the face of a wall) to the other */
      start = a_body ? BLOCK_W / 2 * fabs (ux) + BLOCK_H / 2 * fabs (uy) : 0;
      end = len - (b_body ? BLOCK_W / 2 * fabs (ux) + BLOCK_H / 2 * fabs (uy) : 0);
      if (end - start < 20)
        {
          start = 0;
          end = len;
        }

      if (ground_index >= 0)
        ground_used[ground_index] = TRUE;
      cairo_save (cr);
      cairo_translate (cr, a.x - uy * off, a.y + ux * off);
      cairo_rotate (cr, atan2 (dy, dx));
      cairo_translate (cr, start, 0);
      switch (el->item.kind)
        {
        case LZ_ITEM_SPRING:
          draw_spring (cr, style, &p, end - start, el->spring.freeplay > 0);
          break;
        case LZ_ITEM_DAMPER:
          draw_damper (cr, style, &p, end - start);
          break;
        case LZ_ITEM_FRICTION:
          draw_friction (cr, style, &p, end - start);
          break;
        case LZ_ITEM_STOP:
          draw_stop (cr, style, &p, end - start, el,
                     lane < 0 || (lane == 0 && n_lanes == 1) ? -1 : 1);
          break;
        case LZ_ITEM_GEAR:
          draw_gear (cr, style, &p, end - start, el);
          break;
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
      /* the element's name, on the side away from the next lane */
      set_rgb (cr, &p.muted);
      if (el->item.kind != LZ_ITEM_STOP)
        draw_text (cr, style, item_name (&el->item), (end - start) / 2,
                   lane < 0 || (lane == 0 && n_lanes == 1) ? -19 : 19, 10, FALSE);
      cairo_restore (cr);
    }

  /* a ground all of whose elements went down to floors of their own is
   * drawn by those floors */
  for (guint i = 0; i < ng; i++)
    if (ground_used[i] || !ground_any[i])
      draw_ground (cr, style, &p, lz_model_get_ground (model, i), gp[i]);
  for (guint i = 0; i < nb; i++)
    draw_body (cr, style, &p, lz_model_get_body (model, i), bp[i]);
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *src = lz_model_get_source (model, s);
      int i = src->body != NULL ? lz_model_get_body_index (model, src->body) : -1;

      if (i >= 0)
        draw_source (cr, style, &p, src, bp[i], slots[i]++);
    }
}

/**
 * luztar_symbols_hit_test:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 *
 * Returns: (nullable): the id of the body or ground drawn at (@x, @y)
 */
const char *
luztar_symbols_hit_test (const LzModel *model,
                         double         x,
                         double         y)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  double x0, y0, x1, y1;

  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);
      gboolean hit = b->kind == LZ_BODY_ROTATIONAL
                     ? hypot (x - bp[i].x, y - bp[i].y) <= DISC_R
                     : fabs (x - bp[i].x) <= BLOCK_W / 2 && fabs (y - bp[i].y) <= BLOCK_H / 2;

      if (hit)
        return b->item.id;
    }
  for (guint i = 0; i < ng; i++)
    if (fabs (x - gp[i].x) <= 12 && fabs (y - gp[i].y) <= 40)
      return lz_model_get_ground (model, i)->item.id;
  return NULL;
}
