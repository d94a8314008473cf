/* luztar-symbols-elements.h — the symbols of the two-port elements, each in its own frame
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"

G_BEGIN_DECLS

void    luztar_symbols_draw_element   (const LuztarPen *pen,
                                       const LzElement *el,
                                       double           len,
                                       double           text_side);
void    luztar_symbols_draw_flash     (const LuztarPen *pen,
                                       double           len,
                                       double           flash);
double  luztar_symbols_element_extent (const LzElement *el,
                                       double           len,
                                       double           side);
char   *luztar_symbols_element_label  (const LzElement *el);
char   *luztar_symbols_stop_label     (const LzElement *el,
                                       gboolean         two_lines);

G_END_DECLS
