/* luztar-drawing.h — what the cairo-drawn picture widgets share: their size, their role, their style
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The least and natural size of a picture widget, pixels. */
typedef struct
{
  int min_width;
  int natural_width;
  int min_height;
  int natural_height;
} LuztarDrawingSize;

void     luztar_drawing_class_set_size (GtkWidgetClass          *widget_class,
                                        const LuztarDrawingSize *size);
void     luztar_drawing_class_init     (GtkWidgetClass          *widget_class,
                                        const char              *css_name,
                                        const LuztarDrawingSize *size);
void     luztar_drawing_follow_style   (GtkWidget               *widget);
cairo_t *luztar_drawing_begin          (GtkWidget               *widget,
                                        GtkSnapshot             *snapshot,
                                        const GdkRGBA           *background,
                                        int                     *width,
                                        int                     *height);

G_END_DECLS
