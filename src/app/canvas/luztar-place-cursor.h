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

gboolean luztar_place_kind_is_two_port (const char    *kind);
gboolean luztar_place_kind_is_source   (const char    *kind);
gboolean luztar_place_target           (const LzModel *model,
                                        const char    *kind,
                                        double        *x,
                                        double        *y,
                                        double         radius,
                                        double         grid,
                                        const char   **a,
                                        const char   **b);
void     luztar_place_cursor_start     (const LzModel *model,
                                        const char    *kind,
                                        const char    *near,
                                        double         grid,
                                        double        *x,
                                        double        *y);
char    *luztar_place_cursor_describe  (const LzModel *model,
                                        const char    *kind,
                                        double         x,
                                        double         y,
                                        double         radius,
                                        double         grid);
void     luztar_place_cursor_draw      (cairo_t       *cr,
                                        const LzModel *model,
                                        const char    *kind,
                                        double         x,
                                        double         y,
                                        double         radius,
                                        double         grid,
                                        double         scale,
                                        gboolean       dark);

G_END_DECLS
