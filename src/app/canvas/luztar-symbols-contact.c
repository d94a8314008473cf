/* luztar-symbols-contact.c — the symbol of a damped contact (and the mark
 * of a backlash's damped flanks)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A damped contact is drawn as what it is: a spring and a dashpot side by
 * side on port a's rod, ending in a pad that faces port b's plate across
 * the gap — the pair pushes only once the pad touches.  A backlash is the
 * gear pair of luztar-symbols.c with this pad-and-gap mark on port a's
 * shaft.
 * In the element's frame: from (0, 0) to (len, 0); PIXEL is one screen
 * pixel in model units (line widths keep their size).
 */

#include "config.h"

#include "luztar-symbols-contact.h"

/* Where the parts sit, as fractions of the element's length. */
#define PAIR_FROM  0.14
#define PAIR_TO    0.52
#define PAD        0.60
#define PLATE      0.70
#define PAIR_LANE  6.0    /* the spring above the axis, the dashpot below */

static void
set_rgb (cairo_t      *cr,
         const double *c)
{
  cairo_set_source_rgb (cr, c[0], c[1], c[2]);
}

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
luztar_symbols_draw_contact (cairo_t      *cr,
                             double        pixel,
                             const double *spring,
                             const double *damper,
                             const double *stop,
                             double        len)
{
  double x0 = len * PAIR_FROM, x1 = len * PAIR_TO, pad = len * PAD, plate = len * PLATE;
  double step = (x1 - x0) / 8, mid = (x0 + x1) / 2;

  cairo_save (cr);
  cairo_set_line_width (cr, 2.2 * pixel);
  set_rgb (cr, stop);
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
  set_rgb (cr, spring);
  cairo_move_to (cr, x0, -PAIR_LANE);
  for (int i = 0; i < 8; i++)
    cairo_line_to (cr, x0 + step * (i + 0.5), -PAIR_LANE + (i % 2 == 0 ? -3.5 : 3.5));
  cairo_line_to (cr, x1, -PAIR_LANE);
  cairo_stroke (cr);
  /* the dashpot */
  set_rgb (cr, damper);
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
  set_rgb (cr, stop);
  pad_and_plate (cr, pad, plate - pad, 9);
  cairo_move_to (cr, plate + 4, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
luztar_symbols_draw_backlash_mark (cairo_t      *cr,
                                   double        pixel,
                                   const double *stop,
                                   double        x)
{
  cairo_save (cr);
  cairo_set_line_width (cr, 1.8 * pixel);
  set_rgb (cr, stop);
  /* on the shaft at X: a small pad facing its plate across the play */
  cairo_translate (cr, x - 4, 0);
  pad_and_plate (cr, 0, 6, 6);
  cairo_restore (cr);
}
