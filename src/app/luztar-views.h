/* luztar-views.h — the window's splits: canvas over plots, two views side by side
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "plot/luztar-plot.h"

G_BEGIN_DECLS

void        luztar_views_keep_split      (GtkPaned   *paned,
                                          double      fraction,
                                          int         least);

GtkWidget  *luztar_views_compact_switcher (GtkWidget *switcher);
void        luztar_views_fit_popover     (GtkPopover        *popover,
                                          GtkScrolledWindow *scroller);

#define LUZTAR_TYPE_COMPANION (luztar_companion_get_type ())

G_DECLARE_FINAL_TYPE (LuztarCompanion, luztar_companion, LUZTAR, COMPANION, GtkBox)

GtkWidget  *luztar_companion_new         (void);
LuztarPlot *luztar_companion_get_plot    (LuztarCompanion *self,
                                          guint            i);
guint       luztar_companion_get_n_plots (LuztarCompanion *self);
LuztarPlot *luztar_companion_get_phase   (LuztarCompanion *self);
const char *luztar_companion_get_view    (LuztarCompanion *self);
void        luztar_companion_attach      (LuztarCompanion *self,
                                          GtkPaned        *paned,
                                          GtkStack        *stack,
                                          GtkBox          *panel);

void        luztar_views_follow_time     (GPtrArray       *plots,
                                          double           speed,
                                          double           t_end,
                                          double           t);

G_END_DECLS
