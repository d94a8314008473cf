/* luztar-mode-marks.h — a mode shown by more than its colour: badges with its name, the legend
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "lz.h"

G_BEGIN_DECLS

/* A badge with MODE's name on its colour, upright and in pixels, beside
 * the point (X, Y) of CR's frame: out along (NX, NY), CLEARANCE pixels
 * away; its width in pixels. */
double luztar_mode_badge_draw   (cairo_t       *cr,
                                 LzMode         mode,
                                 gboolean       dark,
                                 double         x,
                                 double         y,
                                 double         nx,
                                 double         ny,
                                 double         clearance);
/* The modes MODEL's elements can take, one row per kind of element, as
 * badges in a box whose lower-left corner is at (X, Y) in device pixels. */
void   luztar_mode_legend_draw  (cairo_t       *cr,
                                 const LzModel *model,
                                 gboolean       dark,
                                 double         x,
                                 double         y);

G_END_DECLS
