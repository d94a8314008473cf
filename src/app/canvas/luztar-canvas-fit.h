/* luztar-canvas-fit.h — the scale at which a model's drawing, its labels included, fits a canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "lz.h"

G_BEGIN_DECLS

/**
 * LuztarCanvasFit:
 * @box: x0, y0, x1, y1 in model units that must be shown too (the sheet
 *   a small model is centred on)
 * @room: the width and height to fit into, pixels
 * @min_scale: the smallest scale allowed
 * @max_scale: the largest (a small model is not blown up)
 *
 * What a drawing is fitted into.
 */
typedef struct
{
  double box[4];
  double room[2];
  double min_scale;
  double max_scale;
} LuztarCanvasFit;

double   luztar_canvas_fit_scale  (const LzModel         *model,
                                   double                 emphasis,
                                   const LuztarCanvasFit *fit,
                                   double                 centre[2]);

const char *luztar_canvas_fit_name (cairo_t       *cr,
                                    const char    *label,
                                    const char    *id,
                                    double         size,
                                    double         room);

G_END_DECLS
