/* luztar-keys.c — a widget class's key bindings from a table
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window and the canvas list their shortcuts as tables, so a key and
 * its action read on one line each.
 */

#include "config.h"

#include "luztar-keys.h"

/**
 * luztar_keys_bind:
 * @widget_class: a widget class, in its class_init
 * @keys: (array length=n_keys): the keys
 * @n_keys: how many
 *
 * Adds a binding for each of @keys to @widget_class, in order.
 */
void
luztar_keys_bind (GtkWidgetClass  *widget_class,
                  const LuztarKey *keys,
                  gsize            n_keys)
{
  for (gsize i = 0; i < n_keys; i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].keyval, keys[i].modifiers,
                                         keys[i].action, NULL);
}
