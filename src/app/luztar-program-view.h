/* luztar-program-view.h — program motion: the required actuator forces
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "plot/luztar-plot.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_PROGRAM_VIEW (luztar_program_view_get_type ())

G_DECLARE_FINAL_TYPE (LuztarProgramView, luztar_program_view, LUZTAR, PROGRAM_VIEW, GtkBox)

GtkWidget               *luztar_program_view_new              (void);
void                     luztar_program_view_set_model        (LuztarProgramView *self,
                                                               LzModel           *model);
void                     luztar_program_view_set_active       (LuztarProgramView *self,
                                                               gboolean           active);
void                     luztar_program_view_analyse          (LuztarProgramView *self);
gboolean                 luztar_program_view_is_busy          (LuztarProgramView *self);
gboolean                 luztar_program_view_is_current       (LuztarProgramView *self);

const LzProgramAnalysis *luztar_program_view_get_analysis     (LuztarProgramView *self);
const char              *luztar_program_view_get_failure      (LuztarProgramView *self);
char                    *luztar_program_view_dup_text         (LuztarProgramView *self);
LuztarPlot              *luztar_program_view_get_plot         (LuztarProgramView *self);

gboolean                 luztar_program_view_export           (LuztarProgramView *self,
                                                               const char        *path,
                                                               GError           **error);
void                     luztar_program_view_export_when_done (LuztarProgramView *self,
                                                               const char        *path);

gboolean                 luztar_model_has_program             (const LzModel     *model);

G_END_DECLS
