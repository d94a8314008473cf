/* luztar-sim-panel.h — the simulation panel: run, replay, plots, events, matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "canvas/luztar-canvas.h"
#include "sim/luztar-run.h"
#include "luztar-sweep-view.h"
#include "luztar-views.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_SIM_PANEL (luztar_sim_panel_get_type ())

G_DECLARE_FINAL_TYPE (LuztarSimPanel, luztar_sim_panel, LUZTAR, SIM_PANEL, GtkBox)

void            luztar_sim_panel_set_canvas       (LuztarSimPanel *self,
                                                   LuztarCanvas   *canvas);
void            luztar_sim_panel_set_model        (LuztarSimPanel *self,
                                                   LzModel        *model,
                                                   gboolean        edit);
void            luztar_sim_panel_install_actions  (LuztarSimPanel *self,
                                                   GActionMap     *map);

LuztarRun      *luztar_sim_panel_get_run          (LuztarSimPanel *self);
guint           luztar_sim_panel_get_n_plots      (LuztarSimPanel *self);
LuztarPlot     *luztar_sim_panel_get_plot         (LuztarSimPanel *self,
                                                   guint           i);
LuztarCompanion *luztar_sim_panel_get_companion   (LuztarSimPanel *self);
double          luztar_sim_panel_get_shown_time   (LuztarSimPanel *self);
void            luztar_sim_panel_seek             (LuztarSimPanel *self,
                                                   double          t);
const char     *luztar_sim_panel_get_status       (LuztarSimPanel *self);
void            luztar_sim_panel_show_page        (LuztarSimPanel *self,
                                                   const char     *name);

G_END_DECLS
