/* luztar-compare-page.h — the Compare page: both methods run on the model
 * and drawn over each other
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "plot/luztar-overlay.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_COMPARE_PAGE (luztar_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (LuztarComparePage, luztar_compare_page, LUZTAR, COMPARE_PAGE, GtkBox)

GtkWidget     *luztar_compare_page_new         (void);
void           luztar_compare_page_set_model   (LuztarComparePage  *self,
                                                LzModel            *model);
gboolean       luztar_compare_page_run         (LuztarComparePage  *self,
                                                GError            **error);
LuztarOverlay *luztar_compare_page_get_overlay (LuztarComparePage  *self);

G_END_DECLS
