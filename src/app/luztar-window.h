/* luztar-window.h — the main window: one model, its canvas, inspector and simulation panel
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "luztar-autosave.h"

#include "lz.h"

#include "luztar-application.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_WINDOW (luztar_window_get_type ())

G_DECLARE_FINAL_TYPE (LuztarWindow, luztar_window, LUZTAR, WINDOW, AdwApplicationWindow)

LuztarWindow *luztar_window_new       (LuztarApplication *app);
gboolean      luztar_window_open_file (LuztarWindow      *self,
                                       GFile             *file);
gboolean      luztar_window_open_example (LuztarWindow *self,
                                          const char   *path);
gboolean      luztar_window_save_to   (LuztarWindow *self,
                                       GFile        *file);
gboolean      luztar_window_set_parameter (LuztarWindow *self,
                                           const char   *id,
                                           const char   *name,
                                           const char   *text,
                                           GError      **error);
gboolean      luztar_window_undo      (LuztarWindow *self);
gboolean      luztar_window_redo      (LuztarWindow *self);
LzModel      *luztar_window_get_model (LuztarWindow *self);
gboolean      luztar_window_is_modified (LuztarWindow *self);
gboolean      luztar_window_recover   (LuztarWindow   *self,
                                       LuztarAutosave *slot);
void          luztar_window_new_model (LuztarWindow *self);
const char   *luztar_window_add_item  (LuztarWindow *self,
                                       const char   *kind,
                                       double        x,
                                       double        y,
                                       const char   *a,
                                       const char   *b,
                                       GError      **error);
void          luztar_window_move_items (LuztarWindow       *self,
                                        const char * const *ids,
                                        double              dx,
                                        double              dy);
void          luztar_window_delete_selection (LuztarWindow *self);
void          luztar_window_set_side_panel (LuztarWindow *self,
                                            GtkWidget    *panel);

G_END_DECLS
