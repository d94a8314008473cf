/* luztar-cairo.h — small cairo and Pango helpers of the custom-drawn widgets
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

void         luztar_cairo_rounded_rect (cairo_t    *cr,
                                        double      x,
                                        double      y,
                                        double      w,
                                        double      h,
                                        double      r);
PangoLayout *luztar_cairo_layout_new   (cairo_t    *cr,
                                        const char *text,
                                        double      px,
                                        gboolean    bold);
int          luztar_cairo_text_width   (cairo_t    *cr,
                                        const char *text,
                                        double      px,
                                        gboolean    bold,
                                        int        *height);
int          luztar_cairo_show_layout  (cairo_t     *cr,
                                        PangoLayout *layout,
                                        double       x,
                                        double       y,
                                        double       ax,
                                        double       ay,
                                        gboolean     snap);
void         luztar_cairo_show_rotated (cairo_t    *cr,
                                        const char *text,
                                        double      px,
                                        double      x,
                                        double      y_mid,
                                        double      max_len);
void         luztar_cairo_pin_font_options (cairo_t *cr);

/* Draws a picture of WIDTH × HEIGHT on CR (for luztar_cairo_export()). */
typedef void (*LuztarCairoDraw) (cairo_t  *cr,
                                 int       width,
                                 int       height,
                                 gpointer  data);

gboolean     luztar_cairo_export       (const char      *path,
                                        int              width,
                                        int              height,
                                        LuztarCairoDraw  draw,
                                        gpointer         data,
                                        GError         **error);

G_END_DECLS
