/* luztar-symbols-body-names.h — a disc's name clear of the element symbols drawn at it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-place.h"

G_BEGIN_DECLS

/* A disc's name: its size (screen points, bold) and, where nothing is in
 * its way, its centre this far below the disc's rim (model units). */
#define LUZTAR_BODY_NAME_SIZE  11.0
#define LUZTAR_BODY_NAME_BELOW 12.0

LuztarPoint luztar_scene_body_name_at     (const LuztarScene *scene,
                                           guint              i);
GArray     *luztar_scene_body_name_boxes  (const LuztarPen   *pen,
                                           const LuztarScene *scene);
void        luztar_scene_clear_body_names (const LuztarPen   *pen,
                                           LuztarScene       *scene,
                                           const GArray      *elements,
                                           const GArray      *arrows);

G_END_DECLS
