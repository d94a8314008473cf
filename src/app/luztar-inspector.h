/* luztar-inspector.h — the items of the model and the parameters of one
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_INSPECTOR (luztar_inspector_get_type ())

G_DECLARE_FINAL_TYPE (LuztarInspector, luztar_inspector, LUZTAR, INSPECTOR, GtkBox)

GtkWidget  *luztar_inspector_new          (void);
void        luztar_inspector_set_model    (LuztarInspector *self,
                                           LzModel         *model);
void        luztar_inspector_select       (LuztarInspector *self,
                                           const char      *id);
const char *luztar_inspector_get_selected (LuztarInspector *self);
gboolean    luztar_inspector_focus_parameters (LuztarInspector *self);
void        luztar_inspector_show_error   (LuztarInspector *self,
                                           const char      *name,
                                           const char      *message);
GtkWidget  *luztar_inspector_get_row      (LuztarInspector *self,
                                           const char      *name);
GtkWidget  *luztar_inspector_get_preview  (LuztarInspector *self,
                                           const char      *name);
const char *luztar_inspector_get_message  (LuztarInspector *self,
                                           const char      *name);

G_END_DECLS
