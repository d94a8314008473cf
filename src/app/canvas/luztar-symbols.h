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
 * LuztarAnimation:
 * @body_q: per body, its coordinate at the shown instant: a displacement
 *   (m) of a mass, an angle (rad) of an inertia
 * @ground_q: (nullable): per ground, its prescribed displacement
 * @modes: (nullable): per element, its mode (nonsmooth elements take the
 *   mode's colour, luztar_mode_get_color())
 * @flash: (nullable): per element, an impact flash in [0, 1]
 * @scale: model units per metre of displacement (the visual scale)
 *
 * A state of a run drawn over the model: masses move along x by
 * @scale · q, inertias turn by q, elements stretch between their ports.
 */
typedef struct
{
  const double *body_q;
  const double *ground_q;
  const LzMode *modes;
  const double *flash;
  double        scale;
} LuztarAnimation;

LuztarAnimation *luztar_animation_copy (const LuztarAnimation *animation,
                                        const LzModel         *model);

/**
 * LuztarDrawStyle:
 * @dark: draw for a dark background
 * @scale: canvas pixels per model unit (lines keep their width in pixels)
 * @animation: (nullable): a state of a run to draw, %NULL for the model
 *   at rest as edited
 *
 * How the model is drawn; shared by the canvas, thumbnails and exports.
 */
typedef struct
{
  gboolean               dark;
  double                 scale;
  const LuztarAnimation *animation;
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

/**
 * LuztarShape:
 * @id: the item's id (borrowed from the model)
 * @kind: the item's kind
 * @shown: whether the item is drawn (an element needs both ports)
 * @segment: the item is a line from (@ax, @ay) to (@bx, @by) (elements)
 * @x0: bounding box, model coordinates
 * @y0: bounding box
 * @x1: bounding box
 * @y1: bounding box
 * @named: a source's name is part of it too: the box (@nx0, @ny0)–(@nx1,
 *   @ny1) (luztar_symbols_get_drawn_shapes(): the name's place depends on
 *   the scale the model is drawn at)
 *
 * Where an item is drawn, for hit testing, selection and accessibility.
 */
typedef struct
{
  const char *id;
  LzItemKind  kind;
  gboolean    shown;
  gboolean    segment;
  double      x0, y0, x1, y1;
  double      ax, ay, bx, by;
  gboolean    named;
  double      nx0, ny0, nx1, ny1;
} LuztarShape;

GArray     *luztar_symbols_get_shapes     (const LzModel *model);
GArray     *luztar_symbols_get_drawn_shapes (const LzModel         *model,
                                             const LuztarDrawStyle *style,
                                             double                 pixels);
double      luztar_shape_distance         (const LuztarShape *shape,
                                           double             x,
                                           double             y);

/* The item drawn at a point (model coordinates), or NULL. */
const char *luztar_symbols_hit_test       (const LzModel *model,
                                           double         x,
                                           double         y);
const char *luztar_symbols_hit_test_drawn (const LzModel         *model,
                                           const LuztarDrawStyle *style,
                                           double                 pixels,
                                           double                 x,
                                           double                 y);
const char *luztar_symbols_pick_port      (const LzModel *model,
                                           double         x,
                                           double         y,
                                           double         radius);
gboolean    luztar_symbols_pick_two_ports (const LzModel  *model,
                                           double          x,
                                           double          y,
                                           double          radius,
                                           gboolean        prefer_ground,
                                           const char    **a,
                                           const char    **b);
void        luztar_symbols_draw_highlight (cairo_t               *cr,
                                           const LuztarShape     *shape,
                                           const LuztarDrawStyle *style,
                                           gboolean               strong);

const char *luztar_symbols_kind_name      (const LzItem *item);
const char *luztar_symbols_palette_name   (const char   *kind);
void        luztar_symbols_draw_icon      (cairo_t      *cr,
                                           const char   *kind,
                                           double        size,
                                           gboolean      dark);

G_END_DECLS
