/* luztar-dialog.h — the question before work could be lost
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

GtkWidget *luztar_dialog_discard_new (GtkWindow  *parent,
                                      const char *heading,
                                      const char *close_id,
                                      const char *close_label,
                                      const char *keep_id,
                                      const char *keep_label);

G_END_DECLS
