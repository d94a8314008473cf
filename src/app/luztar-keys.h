/* luztar-keys.h — a widget class's key bindings from a table
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * LuztarKey:
 * @keyval: the key, e.g. %GDK_KEY_F5
 * @modifiers: the modifiers held with it
 * @action: the action it activates (without a parameter), e.g. "win.run"
 */
typedef struct
{
  guint            keyval;
  GdkModifierType  modifiers;
  const char      *action;
} LuztarKey;

void luztar_keys_bind    (GtkWidgetClass  *widget_class,
                          const LuztarKey *keys,
                          gsize            n_keys);
void luztar_keys_capture (GtkWidget       *widget,
                          const LuztarKey *keys,
                          gsize            n_keys);

G_END_DECLS
