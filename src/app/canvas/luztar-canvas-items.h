/* luztar-canvas-items.h — the accessible stand-ins of the items drawn on the canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-canvas.h"

G_BEGIN_DECLS

const char *luztar_canvas_item_get_id       (GtkWidget     *widget);
void        luztar_canvas_items_sync        (GtkWidget     *canvas,
                                             GHashTable    *items,
                                             GArray        *shapes,
                                             const LzModel *model);
void        luztar_canvas_items_sync_states (LuztarCanvas  *canvas,
                                             GHashTable    *items);

G_END_DECLS
