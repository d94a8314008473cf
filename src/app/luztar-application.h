/* luztar-application.h — the AdwApplication of Luztar: actions, settings, the examples folder
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUZTAR_TYPE_APPLICATION (luztar_application_get_type ())

G_DECLARE_FINAL_TYPE (LuztarApplication, luztar_application, LUZTAR, APPLICATION, AdwApplication)

LuztarApplication *luztar_application_new              (void);
GSettings         *luztar_application_get_settings     (LuztarApplication *self);
char              *luztar_application_dup_examples_dir (void);

G_END_DECLS
