/* luztar-symbols-bodies.h — the symbols of grounds, bodies and the sources that act on bodies
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"

G_BEGIN_DECLS

/* A wall with its face at AT, hatched on SIDE (−1: left, +1: right). */
void luztar_symbols_draw_ground  (const LuztarPen *pen,
                                  const LzGround  *g,
                                  LuztarPoint      at,
                                  double           side);
void luztar_symbols_draw_outline (const LuztarPen *pen,
                                  const LzBody    *b,
                                  LuztarPoint      at);
/* ANGLE: an inertia's turn, rad. */
void luztar_symbols_draw_body    (const LuztarPen *pen,
                                  const LzBody    *b,
                                  LuztarPoint      at,
                                  double           angle);
/* SLOT: the source's place among those on its body (0 nearest). */
void luztar_symbols_draw_source  (const LuztarPen *pen,
                                  const LzSource  *s,
                                  LuztarPoint      at,
                                  int              slot,
                                  double           direction);

G_END_DECLS
