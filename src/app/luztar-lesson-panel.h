/* luztar-lesson-panel.h — the lesson beside the canvas: description, what to watch, questions
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_LESSON_PANEL (luztar_lesson_panel_get_type ())

G_DECLARE_FINAL_TYPE (LuztarLessonPanel, luztar_lesson_panel, LUZTAR, LESSON_PANEL, GtkBox)

GtkWidget  *luztar_lesson_panel_new              (void);
gboolean    luztar_lesson_panel_set_model        (LuztarLessonPanel *self,
                                                  const LzModel     *model);
gboolean    luztar_lesson_panel_has_lesson       (LuztarLessonPanel *self);

/* What the panel shows (for the tests). */
GtkWidget  *luztar_lesson_panel_get_label        (LuztarLessonPanel *self,
                                                  const char        *part);

G_END_DECLS
