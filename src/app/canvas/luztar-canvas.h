/* luztar-canvas.h — the model canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "luztar-symbols.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_CANVAS (luztar_canvas_get_type ())

G_DECLARE_FINAL_TYPE (LuztarCanvas, luztar_canvas, LUZTAR, CANVAS, GtkWidget)

GtkWidget *luztar_canvas_new           (void);
double     luztar_canvas_get_grid_step (LuztarCanvas *self);
void       luztar_canvas_set_model     (LuztarCanvas *self,
                                        LzModel      *model);
LzModel   *luztar_canvas_get_model     (LuztarCanvas *self);
void       luztar_canvas_update_model  (LuztarCanvas *self,
                                        LzModel      *model);
double     luztar_canvas_get_zoom      (LuztarCanvas *self);

double     luztar_canvas_snap          (double        value);
void       luztar_canvas_to_widget     (LuztarCanvas *self,
                                        double        x,
                                        double        y,
                                        double       *wx,
                                        double       *wy);
void       luztar_canvas_fix_positions (LzModel      *model);

GPtrArray *luztar_canvas_get_selection (LuztarCanvas *self);
gboolean   luztar_canvas_is_selected   (LuztarCanvas *self,
                                        const char   *id);
void       luztar_canvas_select        (LuztarCanvas       *self,
                                        const char * const *ids);
void       luztar_canvas_select_all    (LuztarCanvas *self);

void        luztar_canvas_set_tool     (LuztarCanvas *self,
                                        const char   *kind);
const char *luztar_canvas_get_tool     (LuztarCanvas *self);
gboolean    luztar_canvas_place        (LuztarCanvas *self,
                                        const char   *kind,
                                        double        x,
                                        double        y);

void       luztar_canvas_set_animation (LuztarCanvas          *self,
                                        const LuztarAnimation *animation);
void       luztar_canvas_set_emphasis  (LuztarCanvas          *self,
                                        double                 emphasis);

G_END_DECLS
