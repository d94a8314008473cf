/* luztar-place-cursor.h — where a palette item goes: the drop target and
 * the keyboard's placement cursor
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "luztar-symbols.h"

G_BEGIN_DECLS

/**
 * LuztarPlacing:
 * @model: the model placed into
 * @kind: the armed palette kind
 * @radius: how far from a port an element may land, model units
 * @grid: the grid step, model units
 *
 * What is being placed, and how far from where it is dropped it may go.
 */
typedef struct
{
  const LzModel *model;
  const char    *kind;
  double         radius;
  double         grid;
} LuztarPlacing;

gboolean luztar_place_kind_is_two_port (const char          *kind);
gboolean luztar_place_target           (const LuztarPlacing *placing,
                                        LuztarPoint         *at,
                                        const char         **a,
                                        const char         **b);
void     luztar_place_cursor_start     (const LuztarPlacing *placing,
                                        const char          *near,
                                        LuztarPoint         *at);
char    *luztar_place_cursor_describe  (const LuztarPlacing *placing,
                                        LuztarPoint          at);
void     luztar_place_cursor_draw      (cairo_t             *cr,
                                        const LuztarPlacing *placing,
                                        LuztarPoint          at,
                                        double               scale,
                                        gboolean             dark);

G_END_DECLS
