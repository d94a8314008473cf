/* luztar-widget-kit.h — what the window's widgets share: signals, template children and callbacks, ticks, margins
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * LuztarTemplateChild:
 * @name: its id in the template (.ui)
 * @offset: where the instance struct keeps a pointer to it
 *
 * A child of a widget's template bound to a field of the widget.
 */
typedef struct
{
  const char *name;
  goffset     offset;
} LuztarTemplateChild;

/* A function that the template's signals name. */
typedef struct
{
  const char *name;
  GCallback   callback;
} LuztarTemplateCallback;

/* The child whose id in the template is the name of MEMBER of TYPE. */
#define LUZTAR_TEMPLATE_CHILD(TYPE, MEMBER) { #MEMBER, G_STRUCT_OFFSET (TYPE, MEMBER) }
/* The callback the template names as FUNCTION. */
#define LUZTAR_TEMPLATE_CALLBACK(FUNCTION) { #FUNCTION, G_CALLBACK (FUNCTION) }

void   luztar_template_bind             (GtkWidgetClass               *widget_class,
                                         const char                   *resource,
                                         const LuztarTemplateChild    *children,
                                         gsize                         n_children,
                                         const LuztarTemplateCallback *callbacks,
                                         gsize                         n_callbacks);
guint  luztar_signal_new                (gpointer                   klass,
                                         const char                *name,
                                         GType                      arg);

void   luztar_widget_clear_tick         (GtkWidget                 *widget,
                                         guint                     *tick_id);

void   luztar_widget_set_margins        (GtkWidget                 *widget,
                                         int                        top,
                                         int                        end,
                                         int                        bottom,
                                         int                        start);

GtkWidget *luztar_label_keep_lines      (GtkLabel                  *label,
                                         int                        lines,
                                         const char                *css_class);
GtkWidget *luztar_label_keep_lines_in_box (GtkLabel                *label,
                                           int                      lines);
GtkWidget *luztar_label_scroll_in_box   (GtkLabel                  *label);
void       luztar_label_scroll_lines    (GtkLabel                  *label,
                                         int                        lines);

G_END_DECLS
