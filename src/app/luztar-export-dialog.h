/* luztar-export-dialog.h — the Export chooser and its messages, shared by the views
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkNativeDialog *luztar_export_dialog_new     (GtkWidget    *widget,
                                               const char   *title,
                                               const char   *name);
char            *luztar_export_dialog_outcome (const char   *path,
                                               const GError *error);
char            *luztar_export_dialog_finish  (GtkNativeDialog **chooser,
                                               int               response);

G_END_DECLS
