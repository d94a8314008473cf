/* luztar-presentation.h — presentation mode: full screen, large type and lines
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How much larger the plots' and the canvas's text and lines are in
 * presentation mode: readable from the back of a classroom. */
#define LUZTAR_PRESENTATION_EMPHASIS 1.6

typedef void (*LuztarEmphasisFunc) (gpointer widget,
                                    double   emphasis);

void     luztar_presentation_install (GtkWindow          *window,
                                      GActionMap         *map);
void     luztar_presentation_follow  (GtkWindow          *window,
                                      gpointer            widget,
                                      LuztarEmphasisFunc  apply);
gboolean luztar_presentation_is_on   (GtkWindow          *window);

G_END_DECLS
