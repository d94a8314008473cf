/* luztar-symbols-contact.h — the symbol of a damped contact (and the mark
 * of a backlash's damped flanks)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"

G_BEGIN_DECLS

void luztar_symbols_draw_contact       (const LuztarPen *pen,
                                        double           len);
void luztar_symbols_draw_backlash_mark (const LuztarPen *pen,
                                        double           x);

G_END_DECLS
