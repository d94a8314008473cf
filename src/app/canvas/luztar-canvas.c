/* luztar-canvas.c — the model canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing surface of the editor.  It paints the snapping grid (minor
 * lines every grid step, major lines every fifth) in the colours of the
 * current light or dark style, and the model on top of it with the symbols
 * of luztar-symbols.c, scaled to fit the widget.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-canvas.h"
#include "luztar-symbols.h"

#define GRID_STEP 20.0
#define GRID_MAJOR_EVERY 5

struct _LuztarCanvas
{
  GtkWidget  parent_instance;

  /* Owned */
  LzModel         *model;
  int              bottom_inset;   /* pixels covered at the bottom (a card) */

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

/**
 * luztar_canvas_set_model:
 * @self: a canvas
 * @model: (nullable): the model to show
 *
 * Shows @model, scaled to fit; %NULL shows the empty grid.
 */
void
luztar_canvas_set_model (LuztarCanvas *self,
                         LzModel      *model)
{
  g_autofree char *description = NULL;

  g_return_if_fail (LUZTAR_IS_CANVAS (self));

  if (model != NULL)
    lz_model_ref (model);
  g_clear_pointer (&self->model, lz_model_unref);
  self->model = model;
  if (model != NULL)
    {
      guint nb = lz_model_get_n_bodies (model), ne = lz_model_get_n_elements (model);
      g_autofree char *bodies = g_strdup_printf (ngettext ("%u body", "%u bodies", nb), nb);
      g_autofree char *elements = g_strdup_printf (ngettext ("%u element", "%u elements", ne), ne);

      /* TRANSLATORS: what a screen reader says about the canvas: the
       * model's name, "3 bodies", "5 elements" */
      description = g_strdup_printf (_("%s: %s, %s"), lz_model_get_name (model), bodies, elements);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_canvas_set_bottom_inset:
 * @self: a canvas
 * @inset: pixels at the bottom covered by something on top of the canvas
 *
 * The model is fitted into the area above @inset.
 */
void
luztar_canvas_set_bottom_inset (LuztarCanvas *self,
                                int           inset)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  self->bottom_inset = MAX (inset, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

LzModel *
luztar_canvas_get_model (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), NULL);
  return self->model;
}

/* The model scaled to fit the widget with a margin, centred, at most 2:1. */
static void
draw_model (LuztarCanvas *self,
            cairo_t      *cr,
            int           width,
            int           height,
            gboolean      dark)
{
  guint ng = lz_model_get_n_grounds (self->model), nb = lz_model_get_n_bodies (self->model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  double x0, y0, x1, y1, scale, margin = 48;
  LuztarDrawStyle style = { dark, 1.0 };

  luztar_symbols_layout (self->model, gp, bp, &x0, &y0, &x1, &y1);
  scale = MIN ((width - 2 * margin) / MAX (x1 - x0, 1), (height - 2 * margin) / MAX (y1 - y0, 1));
  scale = CLAMP (scale, 0.2, 2.0);
  style.scale = scale;
  cairo_save (cr);
  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -(x0 + x1) / 2, -(y0 + y1) / 2);
  luztar_symbols_draw_model (cr, self->model, &style);
  cairo_restore (cr);
}

static void
luztar_canvas_dispose (GObject *object)
{
  LuztarCanvas *self = LUZTAR_CANVAS (object);

  g_clear_pointer (&self->model, lz_model_unref);
  G_OBJECT_CLASS (luztar_canvas_parent_class)->dispose (object);
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
  if (self->model != NULL)
    draw_model (self, cr, width, MAX (height - self->bottom_inset, height / 2), dark);
  cairo_destroy (cr);
}

static void
luztar_canvas_class_init (LuztarCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_canvas_dispose;
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
