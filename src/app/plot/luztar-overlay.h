/* luztar-overlay.h — both methods on one plot: the event-driven and the
 * time-stepping trace of a body, two mode rows per element, the largest
 * difference
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_OVERLAY (luztar_overlay_get_type ())

G_DECLARE_FINAL_TYPE (LuztarOverlay, luztar_overlay, LUZTAR, OVERLAY, GtkWidget)

GtkWidget  *luztar_overlay_new            (void);
void        luztar_overlay_set_runs       (LuztarOverlay  *self,
                                           LzModel        *model,
                                           LzTrace        *event_driven,
                                           LzTrace        *time_stepping,
                                           double          step);
void        luztar_overlay_set_body       (LuztarOverlay  *self,
                                           guint           body);
const char *luztar_overlay_get_summary    (LuztarOverlay  *self);
gboolean    luztar_overlay_export         (LuztarOverlay  *self,
                                           const char     *path,
                                           int             width,
                                           int             height,
                                           GError        **error);

G_END_DECLS
