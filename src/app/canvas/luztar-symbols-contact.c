/* luztar-symbols-contact.c — the symbol of a damped contact (and the mark
 * of a backlash's damped flanks)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A damped contact is drawn as what it is: a spring and a dashpot side by
 * side on port a's rod, ending in a pad that faces port b's plate across
 * the gap — the pair pushes only once the pad touches.  A backlash is the
 * gear pair of luztar-symbols-elements.c with this pad-and-gap mark on port a's
 * shaft.
 * In the element's frame: from (0, 0) to (len, 0), with the pen's colours
 * (luztar-symbols-pen.c).
 */

#include "config.h"

#include "luztar-symbols-contact.h"

/* Where the parts sit, as fractions of the element's length. */
#define PAIR_FROM  0.14
#define PAIR_TO    0.52
#define PAD        0.60
#define PLATE      0.70
#define PAIR_LANE  6.0    /* the spring above the axis, the dashpot below */

/* The pad at X (a bar across the axis) and the plate at X + GAP with its
 * hatching on the far side. */
static void
pad_and_plate (cairo_t *cr,
               double   x,
               double   gap,
               double   half)
{
  cairo_move_to (cr, x, -half);
  cairo_line_to (cr, x, half);
  cairo_move_to (cr, x + gap, -half - 2);
  cairo_line_to (cr, x + gap, half + 2);
  for (double y = -half; y < half; y += 4)
    {
      cairo_move_to (cr, x + gap, y + 4);
      cairo_line_to (cr, x + gap + 4, y);
    }
  cairo_stroke (cr);
}

void
luztar_symbols_draw_contact (const LuztarPen *pen,
                             double           len)
{
  cairo_t *cr = pen->cr;
  double x0 = len * PAIR_FROM, x1 = len * PAIR_TO, pad = len * PAD, plate = len * PLATE;
  double step = (x1 - x0) / 8, mid = (x0 + x1) / 2;

  cairo_save (cr);
  luztar_pen_width (pen, 2.2);
  luztar_pen_rgb (pen, &pen->p.stop);
  /* port a's rod and the yoke that holds the pair; the pad's rod */
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, x0, 0);
  cairo_move_to (cr, x0, -PAIR_LANE);
  cairo_line_to (cr, x0, PAIR_LANE);
  cairo_move_to (cr, x1, -PAIR_LANE);
  cairo_line_to (cr, x1, PAIR_LANE);
  cairo_move_to (cr, x1, 0);
  cairo_line_to (cr, pad, 0);
  cairo_stroke (cr);
  /* the spring */
  luztar_pen_rgb (pen, &pen->p.spring);
  cairo_move_to (cr, x0, -PAIR_LANE);
  for (int i = 0; i < 8; i++)
    cairo_line_to (cr, x0 + step * (i + 0.5), -PAIR_LANE + (i % 2 == 0 ? -3.5 : 3.5));
  cairo_line_to (cr, x1, -PAIR_LANE);
  cairo_stroke (cr);
  /* the dashpot */
  luztar_pen_rgb (pen, &pen->p.damper);
  cairo_move_to (cr, x0, PAIR_LANE);
  cairo_line_to (cr, mid - 4, PAIR_LANE);
  cairo_move_to (cr, mid + 5, PAIR_LANE - 4);
  cairo_line_to (cr, mid - 4, PAIR_LANE - 4);
  cairo_line_to (cr, mid - 4, PAIR_LANE + 4);
  cairo_line_to (cr, mid + 5, PAIR_LANE + 4);
  cairo_move_to (cr, mid + 1, PAIR_LANE - 3);
  cairo_line_to (cr, mid + 1, PAIR_LANE + 3);
  cairo_move_to (cr, mid + 1, PAIR_LANE);
  cairo_line_to (cr, x1, PAIR_LANE);
  cairo_stroke (cr);
  /* the pad, the gap, port b's plate and rod */
  luztar_pen_rgb (pen, &pen->p.stop);
  pad_and_plate (cr, pad, plate - pad, 9);
  cairo_move_to (cr, plate + 4, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
luztar_symbols_draw_backlash_mark (const LuztarPen *pen,
                                   double           x)
{
  cairo_t *cr = pen->cr;

  cairo_save (cr);
  luztar_pen_width (pen, 1.8);
  luztar_pen_rgb (pen, &pen->p.stop);
  /* on the shaft at X: a small pad facing its plate across the play */
  cairo_translate (cr, x - 4, 0);
  pad_and_plate (cr, 0, 6, 6);
  cairo_restore (cr);
}
