/* luztar-template.c — a widget class's template children and callbacks, bound from tables
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What gtk_widget_class_bind_template_child() and
 * gtk_widget_class_bind_template_callback() do one line each, for a
 * table of them: a class_init names its template's parts once, in a
 * list, e.g.
 *
 *   static const LuztarTemplateChild children[] = {
 *     LUZTAR_TEMPLATE_CHILD (LuztarEventLog, view), …
 *   };
 *   luztar_template_bind (widget_class, children, G_N_ELEMENTS (children),
 *                         callbacks, G_N_ELEMENTS (callbacks));
 */

#include "config.h"

#include "luztar-template.h"

/**
 * luztar_template_bind:
 * @children: (array length=n_children) (nullable): members of the
 *   instance struct, each named as the template's object of the same id
 * @callbacks: (array length=n_callbacks) (nullable): functions, each under
 *   the name the template's signals give it
 */
void
luztar_template_bind (GtkWidgetClass               *widget_class,
                      const LuztarTemplateChild    *children,
                      gsize                         n_children,
                      const LuztarTemplateCallback *callbacks,
                      gsize                         n_callbacks)
{
  for (gsize i = 0; i < n_children; i++)
    gtk_widget_class_bind_template_child_full (widget_class, children[i].name, FALSE,
                                               children[i].offset);
  for (gsize i = 0; i < n_callbacks; i++)
    gtk_widget_class_bind_template_callback_full (widget_class, callbacks[i].name,
                                                  callbacks[i].callback);
}
