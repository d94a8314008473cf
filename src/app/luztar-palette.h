/* luztar-palette.h — the kinds of items, to drag onto the canvas or to
 * place with a click
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUZTAR_TYPE_PALETTE (luztar_palette_get_type ())

G_DECLARE_FINAL_TYPE (LuztarPalette, luztar_palette, LUZTAR, PALETTE, GtkBox)

void                luztar_palette_set_armed   (LuztarPalette *self,
                                                const char    *kind);
gboolean            luztar_palette_get_by_keyboard (LuztarPalette *self);

G_END_DECLS
