/* luztar-symbols.h — mechanical symbols and whole models drawn with cairo
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/**
 * LuztarDrawStyle:
 * @dark: draw for a dark background
 * @scale: canvas pixels per model unit (lines keep their width in pixels)
 *
 * How the model is drawn; shared by the canvas, thumbnails and exports.
 */
typedef struct
{
  gboolean dark;
  double   scale;
} LuztarDrawStyle;

typedef struct
{
  double x, y;
} LuztarPoint;

/* Where each ground and body sits (file positions, or a row laid out in
 * file order when the file gives none); the bounding box of the drawing. */
void luztar_symbols_layout      (const LzModel        *model,
                                 LuztarPoint          *grounds,
                                 LuztarPoint          *bodies,
                                 double               *x0,
                                 double               *y0,
                                 double               *x1,
                                 double               *y1);

/* Draws MODEL in model coordinates (the caller sets the transform). */
void luztar_symbols_draw_model  (cairo_t               *cr,
                                 const LzModel         *model,
                                 const LuztarDrawStyle *style);

/* The body or ground drawn at a point (model coordinates), or NULL. */
const char *luztar_symbols_hit_test (const LzModel *model,
                                     double         x,
                                     double         y);

G_END_DECLS
