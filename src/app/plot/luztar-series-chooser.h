/* luztar-series-chooser.h — a menu button to choose the variables a plot shows
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "luztar-plot-math.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_SERIES_CHOOSER (luztar_series_chooser_get_type ())

G_DECLARE_FINAL_TYPE (LuztarSeriesChooser, luztar_series_chooser, LUZTAR, SERIES_CHOOSER, GtkWidget)

GtkWidget          *luztar_series_chooser_new          (gboolean             single);
void                luztar_series_chooser_set_model    (LuztarSeriesChooser *self,
                                                        const LzModel       *model);
guint               luztar_series_chooser_get_n_options (LuztarSeriesChooser *self);
const LuztarSeries *luztar_series_chooser_get_option   (LuztarSeriesChooser *self,
                                                        guint                i);
GtkWidget          *luztar_series_chooser_get_check    (LuztarSeriesChooser *self,
                                                        guint                i);
void                luztar_series_chooser_set_selected (LuztarSeriesChooser *self,
                                                        const LuztarSeries  *series,
                                                        guint                n);
const LuztarSeries *luztar_series_chooser_get_selected (LuztarSeriesChooser *self,
                                                        guint               *n);

G_END_DECLS
