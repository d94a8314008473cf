/* luztar-template.h — a widget class's template children and callbacks, bound from tables
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One member of the instance struct that a template's object fills. */
typedef struct
{
  const char *name;
  goffset     offset;
} LuztarTemplateChild;

/* One function that a template's signal names. */
typedef struct
{
  const char *name;
  GCallback   callback;
} LuztarTemplateCallback;

#define LUZTAR_TEMPLATE_CHILD(Type, member) { #member, G_STRUCT_OFFSET (Type, member) }
#define LUZTAR_TEMPLATE_CALLBACK(function) { #function, G_CALLBACK (function) }

void luztar_template_bind (GtkWidgetClass               *widget_class,
                           const LuztarTemplateChild    *children,
                           gsize                         n_children,
                           const LuztarTemplateCallback *callbacks,
                           gsize                         n_callbacks);

G_END_DECLS
