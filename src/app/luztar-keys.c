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

/**
 * luztar_keys_capture:
 * @widget: a widget, in its init
 * @keys: (array length=n_keys): the keys
 * @n_keys: how many
 *
 * Adds @keys to @widget in the capture phase: they act whatever child has
 * the focus.  For keys no child may take for itself (the function keys of
 * the run controls: a GtkPaned binds F6 and F8 to its own focus moves).
 */
void
luztar_keys_capture (GtkWidget       *widget,
                     const LuztarKey *keys,
                     gsize            n_keys)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (gsize i = 0; i < n_keys; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval,
                                                                                    keys[i].modifiers),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (widget, controller);
}
