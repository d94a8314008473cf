/* luztar-symbols-contact.h — the symbol of a damped contact (and the mark
 * of a backlash's damped flanks)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

void luztar_symbols_draw_contact        (cairo_t      *cr,
                                         double        pixel,
                                         const double *spring,
                                         const double *damper,
                                         const double *stop,
                                         double        len);
void luztar_symbols_draw_backlash_mark  (cairo_t      *cr,
                                         double        pixel,
                                         const double *stop,
                                         double        x);

G_END_DECLS
