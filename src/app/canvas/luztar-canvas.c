/* luztar-canvas.c — the model canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing surface of the editor.  It paints the snapping grid (minor
 * lines every grid step, major lines every fifth) in the colours of the
 * current light or dark style.  The model's items are drawn on top of it by
 * the editor.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-canvas.h"

#define GRID_STEP 20.0
#define GRID_MAJOR_EVERY 5

struct _LuztarCanvas
{
  GtkWidget  parent_instance;

  /* Borrowed */
  AdwStyleManager *style_manager;
};

G_DEFINE_FINAL_TYPE (LuztarCanvas, luztar_canvas, GTK_TYPE_WIDGET)

GtkWidget *
luztar_canvas_new (void)
{
  return g_object_new (LUZTAR_TYPE_CANVAS, NULL);
}

double
luztar_canvas_get_grid_step (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), 0.0);
  return GRID_STEP;
}

static void
draw_grid (cairo_t  *cr,
           int       width,
           int       height,
           gboolean  dark)
{
  double minor = dark ? 0.16 : 0.90;
  double major = dark ? 0.22 : 0.84;
  int n_x = (int) (width / GRID_STEP) + 1;
  int n_y = (int) (height / GRID_STEP) + 1;

  cairo_set_line_width (cr, 1.0);
  /* Minor lines first, major lines on top, each in one stroke. */
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean want_major = pass == 1;
      double grey = want_major ? major : minor;

      for (int i = 0; i <= n_x; i++)
        if ((i % GRID_MAJOR_EVERY == 0) == want_major)
          {
            cairo_move_to (cr, i * GRID_STEP + 0.5, 0);
            cairo_line_to (cr, i * GRID_STEP + 0.5, height);
          }
      for (int j = 0; j <= n_y; j++)
        if ((j % GRID_MAJOR_EVERY == 0) == want_major)
          {
            cairo_move_to (cr, 0, j * GRID_STEP + 0.5);
            cairo_line_to (cr, width, j * GRID_STEP + 0.5);
          }
      cairo_set_source_rgb (cr, grey, grey, grey);
      cairo_stroke (cr);
    }
}

static void
luztar_canvas_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (self->style_manager);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  GdkRGBA background = dark ? (GdkRGBA) { 0.12, 0.12, 0.12, 1 }
                            : (GdkRGBA) { 0.98, 0.98, 0.98, 1 };
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  gtk_snapshot_append_color (snapshot, &background, &bounds);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  draw_grid (cr, width, height, dark);
  cairo_destroy (cr);
}

static void
luztar_canvas_class_init (LuztarCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = luztar_canvas_snapshot;
  gtk_widget_class_set_css_name (widget_class, "luztar-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
luztar_canvas_init (LuztarCanvas *self)
{
  self->style_manager = adw_style_manager_get_default ();
  g_signal_connect_object (self->style_manager, "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Model canvas"),
                                  -1);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}
