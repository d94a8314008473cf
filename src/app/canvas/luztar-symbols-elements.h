/* luztar-symbols-elements.h — the symbols of the two-port elements, each in its own frame
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"

G_BEGIN_DECLS

/* In a frame where EL runs from (0, 0) to (LEN, 0), without its label. */
void    luztar_symbols_draw_element   (const LuztarPen *pen,
                                       const LzElement *el,
                                       double           len);
/* How far the symbol reaches across its axis on SIDE (−1: −y, +1: +y). */
double  luztar_symbols_element_extent (const LzElement *el,
                                       double           len,
                                       double           side);
char   *luztar_symbols_element_label  (const LzElement *el,
                                       gboolean         two_lines);
double  luztar_symbols_label_overhang (const LuztarPen *pen,
                                       const LzElement *el,
                                       double           len);
char   *luztar_symbols_lane_label     (const LuztarPen *pen,
                                       const LzElement *el,
                                       double           len,
                                       double           label_dx,
                                       double           label_y,
                                       LuztarPoint     *at,
                                       double          *max_width);

G_END_DECLS
