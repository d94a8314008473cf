/* luztar-symbols-bodies.c — the symbols of grounds, bodies and the sources that act on bodies
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hatched wall for a ground (turned across its direction: a floor; a
 * small double arrow when it moves), a labelled block for a mass and a
 * disc with a turning mark for an inertia, a dashed outline around a body
 * whose motion is prescribed, and the arrows above a body: a force, a
 * prescribed motion (a wave) and an actuator (a motor).  In model
 * coordinates, at the place luztar-symbols-place.c gives each item.
 */

#include "config.h"

#include <math.h>

#include "luztar-symbols-bodies.h"
#include "luztar-canvas-fit.h"
#include "luztar-cairo.h"

/* A filled arrow head with its tip at (X, Y), BACK long along −x, HALF
 * wide on each side (a negative BACK points it to −x). */
static void
arrow_head (cairo_t *cr,
            double   x,
            double   y,
            double   back,
            double   half)
{
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - back, y - half);
  cairo_line_to (cr, x - back, y + half);
  cairo_close_path (cr);
}

/* A wall: its face at x = AT.x, hatched on SIDE (−1: left, +1: right),
 * the side away from the bodies it holds. */
#define GROUND_HALF  36.0   /* the wall's half height */
#define GROUND_HATCH 9.0    /* the hatch strokes' reach behind the face */

void
luztar_symbols_draw_ground (const LuztarPen *pen,
                            const LzGround  *g,
                            LuztarPoint      at,
                            double           side)
{
  cairo_t *cr = pen->cr;
  double top = at.y - GROUND_HALF, bottom = at.y + GROUND_HALF;
  /* a ground whose direction is not to the right turns its face across
   * that direction (90°: a floor); its name stays upright, below it */
  gboolean turned = g->direction != 0;

  cairo_save (cr);
  if (turned)
    {
      cairo_translate (cr, at.x, at.y);
      cairo_rotate (cr, -g->direction * G_PI / 180);
      cairo_translate (cr, -at.x, -at.y);
    }
  cairo_new_path (cr);
  luztar_pen_rgb (pen, &pen->p.ink);
  luztar_pen_width (pen, 3);
  cairo_move_to (cr, at.x, top);
  cairo_line_to (cr, at.x, bottom);
  cairo_stroke (cr);
  /* strokes from the face down and away, the last one ending at the
   * bottom of the wall */
  luztar_pen_width (pen, 1.4);
  for (double y = top; y + GROUND_HATCH <= bottom + 0.01; y += 9)
    {
      cairo_move_to (cr, at.x, y);
      cairo_line_to (cr, at.x + side * GROUND_HATCH, y + GROUND_HATCH);
    }
  cairo_stroke (cr);
  if (!turned)
    {
      luztar_pen_rgb (pen, &pen->p.muted);
      luztar_pen_text (pen, luztar_symbols_item_name (&g->item), at.x, bottom + 14, 10, FALSE);
    }
  if (g->motion != NULL)
    {
      /* a moving ground: a small double arrow */
      luztar_pen_width (pen, 1.6);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x + 14, top - 10);
      cairo_stroke (cr);
      arrow_head (cr, at.x + 14, top - 10, 5, 3);
      arrow_head (cr, at.x - 14, top - 10, -5, 3);
      cairo_fill (cr);
    }
  cairo_restore (cr);
  if (turned)
    {
      double a = g->direction * G_PI / 180;
      double reach = GROUND_HALF * fabs (cos (a)) + GROUND_HATCH * fabs (sin (a));

      luztar_pen_rgb (pen, &pen->p.muted);
      luztar_pen_text (pen, luztar_symbols_item_name (&g->item), at.x, at.y + reach + 10, 10, FALSE);
    }
}

/* A body whose motion is prescribed (a program constraint, paper 001):
 * a dashed outline around it in the program colour. */
void
luztar_symbols_draw_outline (const LuztarPen *pen,
                             const LzBody    *b,
                             LuztarPoint      at)
{
  cairo_t *cr = pen->cr;
  double gap = 5;

  cairo_save (cr);
  cairo_new_path (cr);
  luztar_pen_rgb (pen, &pen->p.program);
  luztar_pen_width (pen, 1.8);
  cairo_set_dash (cr, (double[]) { 5 / pen->style->scale, 3 / pen->style->scale }, 2, 0);
  if (b->kind == LZ_BODY_ROTATIONAL)
    cairo_arc (cr, at.x, at.y, LUZTAR_DISC_R + gap, 0, 2 * G_PI);
  else
    luztar_cairo_rounded_rect (cr, at.x - LUZTAR_BLOCK_W / 2 - gap, at.y - LUZTAR_BLOCK_H / 2 - gap,
                               LUZTAR_BLOCK_W + 2 * gap, LUZTAR_BLOCK_H + 2 * gap, 8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
luztar_symbols_draw_body (const LuztarPen *pen,
                          const LzBody    *b,
                          LuztarPoint      at,
                          double           angle)
{
  cairo_t *cr = pen->cr;

  luztar_pen_width (pen, 2);
  cairo_new_path (cr);
  if (b->kind == LZ_BODY_ROTATIONAL)
    {
      cairo_arc (cr, at.x, at.y, LUZTAR_DISC_R, 0, 2 * G_PI);
      luztar_pen_rgb (pen, &pen->p.body);
      cairo_fill_preserve (cr);
      luztar_pen_rgb (pen, &pen->p.body_edge);
      cairo_stroke (cr);
      /* the mark turns with the angle, counter-clockwise for q > 0 */
      cairo_move_to (cr, at.x, at.y);
      cairo_line_to (cr, at.x + LUZTAR_DISC_R * 0.89 * cos (0.4636 + angle),
                     at.y - LUZTAR_DISC_R * 0.89 * sin (0.4636 + angle));
      luztar_pen_rgb (pen, &pen->p.body_text);
      cairo_stroke (cr);
      luztar_pen_rgb (pen, &pen->p.ink);
      luztar_pen_text (pen, luztar_symbols_item_name (&b->item), at.x, at.y + LUZTAR_DISC_R + 12, 11, TRUE);
    }
  else
    {
      luztar_cairo_rounded_rect (cr, at.x - LUZTAR_BLOCK_W / 2, at.y - LUZTAR_BLOCK_H / 2,
                                 LUZTAR_BLOCK_W, LUZTAR_BLOCK_H, 5);
      luztar_pen_rgb (pen, b->mass > 0 ? &pen->p.body : &pen->p.muted);
      cairo_fill_preserve (cr);
      luztar_pen_rgb (pen, &pen->p.body_edge);
      cairo_stroke (cr);
      luztar_pen_rgb (pen, &pen->p.body_text);
      /* inside the block: the label, or the shorter id when the label
       * would run out of it (white on the canvas: unreadable) */
      luztar_pen_text_full (pen, luztar_canvas_fit_name (cr, luztar_symbols_item_name (&b->item), b->item.id,
                                                         11 / pen->style->scale, LUZTAR_BLOCK_W),
                            at, 11, TRUE, LUZTAR_BLOCK_W);
    }
}

/* An arrow above a body: a force (solid, in ink); a prescribed motion
 * (a wave, in the program colour, named "p1: q(t)"); an actuator (a motor:
 * a circle with "u", and a bold arrow, in the actuator colour), distinct
 * from a moving ground's double arrow. */
void
luztar_symbols_draw_source (const LuztarPen *pen,
                            const LzSource  *s,
                            LuztarPoint      at,
                            int              slot,
                            double           direction)
{
  cairo_t *cr = pen->cr;
  double y, x0, x1;
  double along = direction * G_PI / 180;
  gboolean across = fabs (sin (along)) > LUZTAR_SIN_HORIZONTAL;
  const char *name = luztar_symbols_item_name (&s->item);
  const LuztarRgb *colour = s->item.kind == LZ_ITEM_PRESCRIBED ? &pen->p.program
                      : s->item.kind == LZ_ITEM_ACTUATOR ? &pen->p.actuator : &pen->p.force;
  g_autofree char *label = NULL;

  /* a constant force pushes the way its sign says (gravity, −9.81 on a
   * body drawn moving up, points down) */
  if (s->item.kind == LZ_ITEM_FORCE && s->value != NULL && lz_expr_is_constant (s->value)
      && lz_expr_eval (s->value, 0) < 0)
    along += G_PI;
  /* the arrow above a body that moves across the page, beside one that
   * moves up and down; drawn in its own frame, pointing along +x there */
  cairo_save (cr);
  if (across)
    cairo_translate (cr, at.x - LUZTAR_BLOCK_W / 2 - 20 - 22 * slot, at.y);
  else
    cairo_translate (cr, at.x, at.y - LUZTAR_BLOCK_H / 2 - 14 - 22 * slot);
  cairo_rotate (cr, -along);
  y = 0;
  x0 = -22;
  x1 = 22;
  cairo_new_path (cr);
  luztar_pen_rgb (pen, colour);
  luztar_pen_width (pen, 2);
  if (s->item.kind == LZ_ITEM_PRESCRIBED)
    {
      cairo_move_to (cr, x0, y);
      for (double x = x0; x <= x1 - 8; x += 2)
        cairo_line_to (cr, x, y + 3 * sin ((x - x0) / 3));
      cairo_stroke (cr);
    }
  else if (s->item.kind == LZ_ITEM_ACTUATOR)
    {
      /* the motor */
      cairo_arc (cr, x0 + 6, y, 6.5, 0, 2 * G_PI);
      luztar_pen_width (pen, 1.6);
      cairo_stroke (cr);
      luztar_pen_text (pen, "u", x0 + 6, y - 0.5, 9, TRUE);
      luztar_pen_width (pen, 3);
      cairo_move_to (cr, x0 + 13, y);
      cairo_line_to (cr, x1 - 6, y);
      cairo_stroke (cr);
    }
  else
    {
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1 - 6, y);
      cairo_stroke (cr);
    }
  if (s->item.kind == LZ_ITEM_ACTUATOR)
    arrow_head (cr, x1 + 1, y, 10, 5.5);
  else
    arrow_head (cr, x1, y, 8, 4);
  cairo_fill (cr);
  cairo_restore (cr);
  if (*name == '\0')
    return;        /* a palette icon */
  /* the name, right-aligned before the arrow; a prescribed motion says
   * that it is one */
  label = s->item.kind == LZ_ITEM_PRESCRIBED ? g_strdup_printf ("%s: q(t)", name) : g_strdup (name);
  {
    double w, h;

    luztar_pen_text_size (pen, label, 10, &w, &h);
    luztar_pen_rgb (pen, colour);
    if (across)
      luztar_pen_text (pen, label, at.x - LUZTAR_BLOCK_W / 2 - 20 - 22 * slot - 8 - w / 2,
                       at.y + 22 + h / 2, 10, FALSE);
    else
      luztar_pen_text (pen, label, at.x - 22 - 5 - w / 2, at.y - LUZTAR_BLOCK_H / 2 - 14 - 22 * slot,
                       10, FALSE);
  }
}
