/* luztar-drawing.c — what the cairo-drawn picture widgets share: their size, their role, their style
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expression preview, the Compare page's overlay and the sweep map
 * draw one picture with cairo: each asks for a fixed least and natural
 * size whatever the other dimension, is an image to a screen reader (its
 * accessible label says what it shows), and those that have a dark look
 * draw again when the style turns dark or light.  The model canvas asks
 * for its size the same way, and starts its snapshot the same way: a
 * cairo context over the whole widget, on a background.
 */

#include "config.h"

#include <adwaita.h>

#include "luztar-drawing.h"

G_DEFINE_QUARK (luztar-drawing-size, size)

static void
measure (GtkWidget      *widget,
         GtkOrientation  orientation,
         int             for_size,
         int            *minimum,
         int            *natural,
         int            *minimum_baseline,
         int            *natural_baseline)
{
  const LuztarDrawingSize *size = g_type_get_qdata (G_OBJECT_TYPE (widget), size_quark ());
  gboolean across = orientation == GTK_ORIENTATION_HORIZONTAL;

  *minimum = across ? size->min_width : size->min_height;
  *natural = across ? size->natural_width : size->natural_height;
}

/**
 * luztar_drawing_class_set_size:
 * @widget_class: the class of a widget (a final type)
 * @size: (transfer none): its sizes, in static storage
 *
 * Gives the class a measure() that asks for @size whatever the other
 * dimension.
 */
void
luztar_drawing_class_set_size (GtkWidgetClass          *widget_class,
                               const LuztarDrawingSize *size)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), size_quark (), (gpointer) size);
  widget_class->measure = measure;
}

/**
 * luztar_drawing_class_init:
 * @widget_class: the class of a picture widget (a final type)
 * @css_name: its CSS name
 * @size: (transfer none): its sizes, in static storage
 *
 * Gives the class its CSS name, the image role and a measure() that asks
 * for @size.  The class sets its own snapshot().
 */
void
luztar_drawing_class_init (GtkWidgetClass          *widget_class,
                           const char              *css_name,
                           const LuztarDrawingSize *size)
{
  luztar_drawing_class_set_size (widget_class, size);
  gtk_widget_class_set_css_name (widget_class, css_name);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

/**
 * luztar_drawing_follow_style:
 * @widget: a widget with a dark look
 *
 * Draws @widget again whenever the style turns dark or light.
 */
void
luztar_drawing_follow_style (GtkWidget *widget)
{
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), widget, G_CONNECT_SWAPPED);
}

/**
 * luztar_drawing_begin:
 * @widget: the widget being drawn
 * @snapshot: its snapshot
 * @background: (nullable): a colour to fill the widget with first
 * @width: (out): the widget's width, pixels
 * @height: (out): its height
 *
 * Starts drawing a picture widget with cairo.
 *
 * Returns: (transfer full) (nullable): a cairo context over the whole
 *   widget, to destroy when done; %NULL when the widget has no area
 */
cairo_t *
luztar_drawing_begin (GtkWidget     *widget,
                      GtkSnapshot   *snapshot,
                      const GdkRGBA *background,
                      int           *width,
                      int           *height)
{
  graphene_rect_t bounds;

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  if (*width <= 0 || *height <= 0)
    return NULL;
  bounds = GRAPHENE_RECT_INIT (0, 0, *width, *height);
  if (background != NULL)
    gtk_snapshot_append_color (snapshot, background, &bounds);
  return gtk_snapshot_append_cairo (snapshot, &bounds);
}
