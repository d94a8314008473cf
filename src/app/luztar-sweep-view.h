/* luztar-sweep-view.h — the Sweep page: regime maps and bifurcation
 * diagrams of the window's model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"
#include "plot/luztar-sweep-map.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_SWEEP_VIEW (luztar_sweep_view_get_type ())

G_DECLARE_FINAL_TYPE (LuztarSweepView, luztar_sweep_view, LUZTAR, SWEEP_VIEW, GtkBox)

GtkWidget      *luztar_sweep_view_new          (void);
void            luztar_sweep_view_set_model    (LuztarSweepView *self,
                                                LzModel         *model);
void            luztar_sweep_view_set_template (LuztarSweepView *self,
                                                const char      *spec);
gboolean        luztar_sweep_view_set_axis     (LuztarSweepView *self,
                                                guint            axis,
                                                const char      *param,
                                                double           from,
                                                double           to,
                                                guint            count,
                                                gboolean         log_spaced);
void            luztar_sweep_view_set_times    (LuztarSweepView *self,
                                                double           t_end,
                                                double           after);
gboolean        luztar_sweep_view_set_strobe   (LuztarSweepView *self,
                                                const char      *frequency,
                                                guint            count,
                                                const char      *body);
gboolean        luztar_sweep_view_set_measure  (LuztarSweepView *self,
                                                const char      *measure);
gboolean        luztar_sweep_view_run          (LuztarSweepView *self);
void            luztar_sweep_view_stop         (LuztarSweepView *self);
gboolean        luztar_sweep_view_is_running   (LuztarSweepView *self);
guint           luztar_sweep_view_get_n_done   (LuztarSweepView *self);
guint           luztar_sweep_view_get_n_runs   (LuztarSweepView *self);
const char     *luztar_sweep_view_get_status   (LuztarSweepView *self);
const char     *luztar_sweep_view_get_info     (LuztarSweepView *self);
guint           luztar_sweep_view_count_threads (void);
LuztarSweepMap *luztar_sweep_view_get_map      (LuztarSweepView *self);
gboolean        luztar_sweep_view_hover_at     (LuztarSweepView *self,
                                                double           x,
                                                double           y);
gboolean        luztar_sweep_view_activate_at  (LuztarSweepView *self,
                                                double           x,
                                                double           y);
gboolean        luztar_sweep_view_export       (LuztarSweepView *self,
                                                const char      *path,
                                                int              width,
                                                int              height,
                                                GError         **error);

G_END_DECLS
