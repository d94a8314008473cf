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
#include <glib/gi18n.h>

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

/* ------------------------------------------------------------------------ */
/* Where each element goes                                                   */

/* An element's symbol runs from (ox, oy) in the direction ANGLE for LEN;
 * TO_FLOOR: drawn below its body down to a hatched floor at (fx, fy). */
typedef struct
{
  gboolean ok;
  gboolean to_floor;
  double   ox, oy, angle, len;
  double   fx, fy;
  int      lane, n_lanes;
  int      ground_index;   /* the ground it ends on, or -1 */
} Placement;

static char *
pair_key (const LzElement *el)
{
  return g_strcmp0 (el->a, el->b) < 0 ? g_strdup_printf ("%s\n%s", el->a, el->b)
                                       : g_strdup_printf ("%s\n%s", el->b, el->a);
}

static void
place_elements (const LzModel     *model,
                const LuztarPoint *gp,
                const LuztarPoint *bp,
                Placement         *out)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model);
  g_autoptr(GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) pair_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree int *below = g_new0 (int, MAX (nb, 1));

  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      char *key;

      if (el->a == NULL || el->b == NULL)
        continue;
      key = pair_key (el);
      g_hash_table_replace (pair_count, key,
                            GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key)) + 1));
    }

  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      Placement *pl = &out[e];
      LuztarPoint a = { 0, 0 }, b = { 0, 0 };
      gboolean a_body = FALSE, b_body = FALSE, a_ok = FALSE, b_ok = FALSE;
      g_autofree char *key = NULL;
      int k, body_index = -1;
      double dx, dy, len, ux, uy, off, start, end;

      *pl = (Placement) { .ground_index = -1 };
      for (guint i = 0; i < ng; i++)
        {
          const char *id = lz_model_get_ground (model, i)->item.id;

          if (el->a != NULL && g_str_equal (el->a, id))
            a = gp[i], a_ok = TRUE, pl->ground_index = (int) i;
          if (el->b != NULL && g_str_equal (el->b, id))
            b = gp[i], b_ok = TRUE, pl->ground_index = (int) i;
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

      /* lanes: 0, +1, −1, +2, … for the elements between the same ports */
      key = pair_key (el);
      k = GPOINTER_TO_INT (g_hash_table_lookup (lanes, key));
      g_hash_table_replace (lanes, g_strdup (key), GINT_TO_POINTER (k + 1));
      pl->lane = (k + 1) / 2 * (k % 2 == 0 ? 1 : -1);
      pl->n_lanes = GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key));

      /* An element between a ground and a body is drawn below the body,
       * down to a floor of its own, when it is friction (a block rubbing
       * on the floor) or when the way to the ground crosses another body. */
      if (a_body != b_body && body_index >= 0)
        {
          LuztarPoint body = bp[body_index], ground = a_body ? b : a;

          pl->to_floor = el->item.kind == LZ_ITEM_FRICTION;
          for (guint i = 0; i < nb && !pl->to_floor; i++)
            if ((int) i != body_index && fabs (bp[i].y - body.y) < BLOCK_H
                && (bp[i].x - body.x) * (bp[i].x - ground.x) < 0)
              pl->to_floor = TRUE;
        }
      if (pl->to_floor)
        {
          LuztarPoint body = bp[body_index];
          int slot = below[body_index]++;

          pl->fx = body.x + (slot % 2 == 0 ? 1 : -1) * ((slot + 1) / 2) * 46.0;
          pl->fy = body.y + BLOCK_H / 2 + 58;
          pl->ox = pl->fx;
          pl->oy = pl->fy;
          pl->angle = -G_PI / 2;
          pl->len = pl->fy - (body.y + BLOCK_H / 2);
          pl->ok = TRUE;
          continue;
        }

      dx = b.x - a.x;
      dy = b.y - a.y;
      len = hypot (dx, dy);
      if (len < 1)
        continue;
      ux = dx / len;
      uy = dy / len;
      off = pl->lane * LANE;
      /* from the edge of a block (or the face of a wall) to the other */
      start = a_body ? BLOCK_W / 2 * fabs (ux) + BLOCK_H / 2 * fabs (uy) : 0;
      end = len - (b_body ? BLOCK_W / 2 * fabs (ux) + BLOCK_H / 2 * fabs (uy) : 0);
      if (end - start < 20)
        {
          start = 0;
          end = len;
        }
      pl->ox = a.x - uy * off + ux * start;
      pl->oy = a.y + ux * off + uy * start;
      pl->angle = atan2 (dy, dx);
      pl->len = end - start;
      pl->ok = TRUE;
    }
}

static void
draw_element_symbol (cairo_t               *cr,
                     const LuztarDrawStyle *style,
                     const Palette         *p,
                     const LzElement       *el,
                     double                 len,
                     double                 text_side)
{
  switch (el->item.kind)
    {
    case LZ_ITEM_SPRING:
      draw_spring (cr, style, p, len, el->spring.freeplay > 0);
      break;
    case LZ_ITEM_DAMPER:
      draw_damper (cr, style, p, len);
      break;
    case LZ_ITEM_FRICTION:
      draw_friction (cr, style, p, len);
      break;
    case LZ_ITEM_STOP:
      draw_stop (cr, style, p, len, el, text_side);
      break;
    case LZ_ITEM_GEAR:
      draw_gear (cr, style, p, len, el);
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
  g_autofree Placement *pl = g_new0 (Placement, MAX (ne, 1));
  g_autofree int *slots = g_new0 (int, MAX (nb, 1));
  g_autofree gboolean *ground_used = g_new0 (gboolean, MAX (ng, 1));
  g_autofree gboolean *ground_any = g_new0 (gboolean, MAX (ng, 1));
  double x0, y0, x1, y1;
  Palette p;

  palette_init (&p, style->dark);
  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  place_elements (model, gp, bp, pl);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* elements first, so that the bodies cover their ends */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      double side;

      if (!pl[e].ok)
        continue;
      if (pl[e].ground_index >= 0)
        ground_any[pl[e].ground_index] = TRUE;
      if (pl[e].to_floor)
        {
          double x = pl[e].fx, floor_y = pl[e].fy;

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
          cairo_rotate (cr, pl[e].angle);
          draw_element_symbol (cr, style, &p, el, pl[e].len, 1);
          cairo_restore (cr);
          set_rgb (cr, &p.muted);
          draw_text (cr, style, item_name (&el->item), x, floor_y + 16, 10, FALSE);
          continue;
        }

      if (pl[e].ground_index >= 0)
        ground_used[pl[e].ground_index] = TRUE;
      side = pl[e].lane < 0 || (pl[e].lane == 0 && pl[e].n_lanes == 1) ? -1 : 1;
      cairo_save (cr);
      cairo_translate (cr, pl[e].ox, pl[e].oy);
      cairo_rotate (cr, pl[e].angle);
      draw_element_symbol (cr, style, &p, el, pl[e].len, side);
      /* the element's name, on the side away from the next lane */
      set_rgb (cr, &p.muted);
      if (el->item.kind != LZ_ITEM_STOP)
        draw_text (cr, style, item_name (&el->item), pl[e].len / 2, 19 * side, 10, FALSE);
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

/* ------------------------------------------------------------------------ */
/* Shapes: what is where, for hit testing, selection and accessibility       */

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
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model), ns = lz_model_get_n_sources (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  g_autofree Placement *pl = g_new0 (Placement, MAX (ne, 1));
  g_autofree int *slots = g_new0 (int, MAX (nb, 1));
  GArray *shapes = g_array_sized_new (FALSE, TRUE, sizeof (LuztarShape), ng + nb + ne + ns);
  double x0, y0, x1, y1;

  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  place_elements (model, gp, bp, pl);
  for (guint i = 0; i < ng; i++)
    {
      LuztarShape s = { lz_model_get_ground (model, i)->item.id, LZ_ITEM_GROUND, TRUE, FALSE,
                        gp[i].x - 14, gp[i].y - 40, gp[i].x + 6, gp[i].y + 40, 0, 0, 0, 0 };

      g_array_append_val (shapes, s);
    }
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);
      double hw = b->kind == LZ_BODY_ROTATIONAL ? DISC_R : BLOCK_W / 2;
      double hh = b->kind == LZ_BODY_ROTATIONAL ? DISC_R : BLOCK_H / 2;
      LuztarShape s = { b->item.id, LZ_ITEM_BODY, TRUE, FALSE,
                        bp[i].x - hw, bp[i].y - hh, bp[i].x + hw, bp[i].y + hh, 0, 0, 0, 0 };

      g_array_append_val (shapes, s);
    }
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      LuztarShape s = { el->item.id, el->item.kind, pl[e].ok, TRUE, 0, 0, 0, 0, 0, 0, 0, 0 };

      if (pl[e].ok)
        {
          s.ax = pl[e].ox;
          s.ay = pl[e].oy;
          s.bx = pl[e].ox + pl[e].len * cos (pl[e].angle);
          s.by = pl[e].oy + pl[e].len * sin (pl[e].angle);
          s.x0 = MIN (s.ax, s.bx) - 12;
          s.x1 = MAX (s.ax, s.bx) + 12;
          s.y0 = MIN (s.ay, s.by) - 12;
          s.y1 = MAX (s.ay, s.by) + 12;
        }
      g_array_append_val (shapes, s);
    }
  for (guint k = 0; k < ns; k++)
    {
      const LzSource *src = lz_model_get_source (model, k);
      int i = src->body != NULL ? lz_model_get_body_index (model, src->body) : -1;
      LuztarShape s = { src->item.id, src->item.kind, i >= 0, FALSE, 0, 0, 0, 0, 0, 0, 0, 0 };

      if (i >= 0)
        {
          double y = bp[i].y - BLOCK_H / 2 - 14 - 22 * slots[i]++;

          s.x0 = bp[i].x - 24;
          s.x1 = bp[i].x + 24;
          s.y0 = y - 8;
          s.y1 = y + 8;
        }
      g_array_append_val (shapes, s);
    }
  return shapes;
}

/* The distance from (x, y) to a shape, 0 inside. */
double
luztar_shape_distance (const LuztarShape *s,
                       double             x,
                       double             y)
{
  if (s->segment)
    {
      double dx = s->bx - s->ax, dy = s->by - s->ay;
      double l2 = dx * dx + dy * dy;
      double t = l2 > 0 ? CLAMP (((x - s->ax) * dx + (y - s->ay) * dy) / l2, 0, 1) : 0;

      return MAX (hypot (x - s->ax - t * dx, y - s->ay - t * dy) - 12, 0);
    }
  return hypot (MAX (MAX (s->x0 - x, x - s->x1), 0), MAX (MAX (s->y0 - y, y - s->y1), 0));
}

/**
 * luztar_symbols_hit_test:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 *
 * The item drawn at a point: the one on top (sources, then bodies, then
 * grounds, then the elements below them).
 *
 * Returns: (nullable): the id of the item drawn at (@x, @y)
 */
const char *
luztar_symbols_hit_test (const LzModel *model,
                         double         x,
                         double         y)
{
  static const LzItemKind order[] = { LZ_ITEM_FORCE, LZ_ITEM_BODY, LZ_ITEM_GROUND, LZ_ITEM_SPRING };
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

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

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      double d;

      if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
        continue;
      d = luztar_shape_distance (s, x, y);
      /* a body wins over a ground at the same distance */
      if (d < best_d || (d == best_d && best == NULL))
        {
          best = s->id;
          best_d = d;
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
      double m = 5, x0 = shape->x0 - m, y0 = shape->y0 - m, x1 = shape->x1 + m, y1 = shape->y1 + m;
      double rad = 6;

      cairo_new_sub_path (cr);
      cairo_arc (cr, x1 - rad, y0 + rad, rad, -G_PI / 2, 0);
      cairo_arc (cr, x1 - rad, y1 - rad, rad, 0, G_PI / 2);
      cairo_arc (cr, x0 + rad, y1 - rad, rad, G_PI / 2, G_PI);
      cairo_arc (cr, x0 + rad, y0 + rad, rad, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
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

/**
 * luztar_symbols_kind_name:
 * @item: an item
 *
 * Returns: the name of the item's kind as the palette shows it ("Mass",
 *   "Inertia", "Spring", …), translated
 */
const char *
luztar_symbols_kind_name (const LzItem *item)
{
  if (item->kind == LZ_ITEM_BODY)
    return ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL ? _("Inertia") : _("Mass");
  return luztar_symbols_palette_name (item->kind == LZ_ITEM_GROUND ? "ground"
                                      : item->kind == LZ_ITEM_PRESCRIBED ? "motion"
                                      : lz_item_kind_to_string (item->kind));
}

/**
 * luztar_symbols_palette_name:
 * @kind: a palette kind ("ground", "mass", "inertia", "spring", …)
 *
 * Returns: its visible name, translated
 */
const char *
luztar_symbols_palette_name (const char *kind)
{
  static const struct { const char *kind; const char *name; } names[] = {
    { "mass", N_("Mass") }, { "inertia", N_("Inertia") }, { "ground", N_("Ground") },
    { "spring", N_("Spring") }, { "damper", N_("Damper") }, { "friction", N_("Friction") },
    { "stop", N_("Stop") }, { "gear", N_("Gear") }, { "force", N_("Force") },
    { "motion", N_("Motion") }, { "actuator", N_("Actuator") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (kind, names[i].kind) == 0)
      return _(names[i].name);
  return kind;
}

/**
 * luztar_symbols_draw_icon:
 * @cr: a cairo context
 * @kind: a palette kind
 * @size: the icon's size in pixels (square, from (0, 0))
 * @dark: for a dark background
 *
 * The palette's picture of a kind: its symbol alone.
 */
void
luztar_symbols_draw_icon (cairo_t    *cr,
                          const char *kind,
                          double      size,
                          gboolean    dark)
{
  LuztarDrawStyle style = { dark, size / 64.0 };
  LzElement el = { { LZ_ITEM_SPRING, (char *) "", NULL, 0 }, NULL, NULL, 1, 1, { { 1, 0, 0 } } };
  Palette p;

  palette_init (&p, dark);
  cairo_save (cr);
  cairo_scale (cr, size / 64.0, size / 64.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (g_str_equal (kind, "mass") || g_str_equal (kind, "inertia"))
    {
      LzBody body = { { LZ_ITEM_BODY, (char *) "", NULL, 0 },
                      g_str_equal (kind, "mass") ? LZ_BODY_TRANSLATIONAL : LZ_BODY_ROTATIONAL,
                      1, 0, 0, 0, 0 };

      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 0.85, 0.85);
      draw_body (cr, &style, &p, &body, (LuztarPoint) { 0, 0 });
    }
  else if (g_str_equal (kind, "ground"))
    {
      LzGround ground = { { LZ_ITEM_GROUND, (char *) "", NULL, 0 }, NULL, 0, 0 };

      cairo_translate (cr, 38, 32);
      cairo_scale (cr, 0.75, 0.75);
      draw_ground (cr, &style, &p, &ground, (LuztarPoint) { 0, 0 });
    }
  else if (g_str_equal (kind, "force") || g_str_equal (kind, "motion") || g_str_equal (kind, "actuator"))
    {
      LzSource src = { { g_str_equal (kind, "force") ? LZ_ITEM_FORCE
                         : g_str_equal (kind, "motion") ? LZ_ITEM_PRESCRIBED : LZ_ITEM_ACTUATOR,
                         (char *) "", NULL, 0 }, NULL, NULL };

      /* the arrow sits BLOCK_H / 2 + 14 above its body's centre */
      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 1.2, 1.2);
      draw_source (cr, &style, &p, &src, (LuztarPoint) { 0, BLOCK_H / 2 + 14 }, 0);
    }
  else
    {
      if (!lz_item_kind_from_string (kind, &el.item.kind) || !lz_item_kind_is_element (el.item.kind))
        {
          cairo_restore (cr);
          return;
        }
      switch (el.item.kind)
        {
        case LZ_ITEM_STOP:
          el.stop.lower = -1;
          el.stop.upper = 1;
          break;
        case LZ_ITEM_GEAR:
          el.gear.ra = 1;
          el.gear.rb = 1.4;
          el.gear.stiffness = 1;
          break;
        case LZ_ITEM_FRICTION:
        case LZ_ITEM_DAMPER:
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
      cairo_translate (cr, 4, 32);
      if (el.item.kind == LZ_ITEM_STOP)
        {
          /* the bracket without its limits' text */
          cairo_save (cr);
          cairo_scale (cr, 1, 1.3);
          draw_stop (cr, &style, &p, 56, &el, 100);
          cairo_restore (cr);
        }
      else
        {
          cairo_scale (cr, 1, el.item.kind == LZ_ITEM_GEAR ? 1 : 1.3);
          draw_element_symbol (cr, &style, &p, &el, 56, 1);
        }
    }
  cairo_restore (cr);
}
