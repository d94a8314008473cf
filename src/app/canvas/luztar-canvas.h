/* luztar-canvas.h — the model canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_CANVAS (luztar_canvas_get_type ())

G_DECLARE_FINAL_TYPE (LuztarCanvas, luztar_canvas, LUZTAR, CANVAS, GtkWidget)

GtkWidget *luztar_canvas_new           (void);
double     luztar_canvas_get_grid_step (LuztarCanvas *self);
void       luztar_canvas_set_model     (LuztarCanvas *self,
                                        LzModel      *model);
LzModel   *luztar_canvas_get_model     (LuztarCanvas *self);
void       luztar_canvas_set_bottom_inset (LuztarCanvas *self,
                                        int           inset);
double     luztar_canvas_get_zoom      (LuztarCanvas *self);
void       luztar_canvas_zoom_fit      (LuztarCanvas *self);

G_END_DECLS
