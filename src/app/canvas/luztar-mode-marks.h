/* luztar-mode-marks.h — a mode shown by more than its colour: badges with its name, the legend
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "lz.h"

G_BEGIN_DECLS

/**
 * LuztarBadgePlace:
 * @x: a point of the current frame (a label's place)
 * @y: a point of the current frame
 * @nx: the direction in which the badge goes from there (current frame)
 * @ny: the direction
 * @clearance: pixels between the point and the badge's nearest edge
 *
 * Where a mode's badge goes: beside a point, out along a direction.
 */
typedef struct
{
  double x, y;
  double nx, ny;
  double clearance;
} LuztarBadgePlace;

/* A badge with MODE's name on its colour, upright and in pixels, at AT in
 * CR's frame; its width in pixels. */
double luztar_mode_badge_draw   (cairo_t         *cr,
                                 LzMode           mode,
                                 gboolean         dark,
                                 LuztarBadgePlace at);
/* The modes MODEL's elements can take, one row per kind of element, as
 * badges in a box whose lower-left corner is at (X, Y) in device pixels. */
void   luztar_mode_legend_draw  (cairo_t         *cr,
                                 const LzModel   *model,
                                 gboolean         dark,
                                 double           x,
                                 double           y);

G_END_DECLS
