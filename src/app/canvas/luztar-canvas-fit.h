/* luztar-canvas-fit.h — the scale at which a model's drawing, its labels included, fits a canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "lz.h"

G_BEGIN_DECLS

gboolean luztar_canvas_ink_bounds (const LzModel *model,
                                   double         emphasis,
                                   double         scale,
                                   double         bounds[4]);
double   luztar_canvas_fit_scale  (const LzModel *model,
                                   double         emphasis,
                                   const double   box[4],
                                   double         width,
                                   double         height,
                                   double         min_scale,
                                   double         max_scale,
                                   double         centre[2]);

const char *luztar_canvas_fit_name (cairo_t       *cr,
                                    const char    *label,
                                    const char    *id,
                                    double         size,
                                    double         room);

G_END_DECLS
