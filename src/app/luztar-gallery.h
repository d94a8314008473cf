/* luztar-gallery.h — the examples gallery
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUZTAR_TYPE_GALLERY (luztar_gallery_get_type ())

G_DECLARE_FINAL_TYPE (LuztarGallery, luztar_gallery, LUZTAR, GALLERY, AdwWindow)

LuztarGallery *luztar_gallery_new        (GtkWindow  *parent,
                                          const char *examples_dir);
GPtrArray     *luztar_gallery_get_paths  (LuztarGallery *self);
void           luztar_gallery_choose     (LuztarGallery *self,
                                          guint          index);

G_END_DECLS
