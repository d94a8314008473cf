/* luztar-label.h — labels made alike across the window's panels
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *luztar_label_heading (const char *text,
                                 int         margin_top);

G_END_DECLS
