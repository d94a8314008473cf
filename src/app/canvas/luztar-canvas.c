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
  double           zoom;           /* 1 = fitted to the widget */
  double           pan_x, pan_y;   /* screen offset of the fitted drawing */
  double           drag_x, drag_y; /* pan at the start of a drag */
  double           pinch_zoom;     /* zoom at the start of a pinch */
  /* the transform of the last drawing: screen = model·scale + offset */
  double           view_scale, view_x, view_y;

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
  self->zoom = 1.0;
  self->pan_x = self->pan_y = 0;
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

#define ZOOM_MIN 0.1
#define ZOOM_MAX 20.0
#define ZOOM_STEP 1.25

double
luztar_canvas_get_zoom (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), 1.0);
  return self->zoom;
}

/* Zooms by FACTOR keeping the point (x, y) of the widget where it is. */
static void
zoom_at (LuztarCanvas *self,
         double        factor,
         double        x,
         double        y)
{
  double cx = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double cy = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - self->bottom_inset,
                   gtk_widget_get_height (GTK_WIDGET (self)) / 2) / 2.0;
  double zoom = CLAMP (self->zoom * factor, ZOOM_MIN, ZOOM_MAX);

  factor = zoom / self->zoom;
  self->pan_x = x - cx - factor * (x - cx - self->pan_x);
  self->pan_y = y - cy - factor * (y - cy - self->pan_y);
  self->zoom = zoom;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_canvas_zoom_fit:
 * @self: a canvas
 *
 * Shows the whole model again, fitted to the widget.
 */
void
luztar_canvas_zoom_fit (LuztarCanvas *self)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  self->zoom = 1.0;
  self->pan_x = self->pan_y = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  zoom_at (LUZTAR_CANVAS (widget), ZOOM_STEP, gtk_widget_get_width (widget) / 2.0,
           gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  zoom_at (LUZTAR_CANVAS (widget), 1 / ZOOM_STEP, gtk_widget_get_width (widget) / 2.0,
           gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  luztar_canvas_zoom_fit (LUZTAR_CANVAS (widget));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           LuztarCanvas             *self)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (event != NULL)
    gdk_event_get_position (event, &x, &y);
  if (mods & GDK_SHIFT_MASK)
    {
      /* Shift + wheel pans */
      self->pan_x -= 40 * dy;
      self->pan_y -= 40 * dx;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  zoom_at (self, dy < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, x, y);
  return TRUE;
}

enum
{
  SIGNAL_ITEM_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A click (not a drag) on a body or a ground selects it. */
static void
on_click (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          LuztarCanvas    *self)
{
  const char *id;

  if (self->model == NULL || self->view_scale <= 0)
    return;
  id = luztar_symbols_hit_test (self->model, (x - self->view_x) / self->view_scale,
                                (y - self->view_y) / self->view_scale);
  if (id != NULL)
    g_signal_emit (self, signals[SIGNAL_ITEM_ACTIVATED], 0, id);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               LuztarCanvas   *self)
{
  /* a click on the canvas gives it the keyboard (zoom keys, undo) */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_x = self->pan_x;
  self->drag_y = self->pan_y;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                LuztarCanvas   *self)
{
  self->pan_x = self->drag_x + dx;
  self->pan_y = self->drag_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_pinch_begin (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                LuztarCanvas     *self)
{
  self->pinch_zoom = self->zoom;
}

static void
on_pinch (GtkGestureZoom *gesture,
          double          scale,
          LuztarCanvas   *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    x = y = 0;
  zoom_at (self, self->pinch_zoom * scale / self->zoom, x, y);
}

/* The model scaled to fit the widget with a margin, centred, at most 2:1,
 * then zoomed and panned by the user. */
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
  scale = CLAMP (scale, 0.2, 2.0) * self->zoom;
  style.scale = scale;
  self->view_scale = scale;
  self->view_x = width / 2.0 + self->pan_x - scale * (x0 + x1) / 2;
  self->view_y = height / 2.0 + self->pan_y - scale * (y0 + y1) / 2;
  cairo_save (cr);
  cairo_translate (cr, width / 2.0 + self->pan_x, height / 2.0 + self->pan_y);
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

  /**
   * LuztarCanvas::item-activated:
   * @id: the body or ground clicked
   */
  signals[SIGNAL_ITEM_ACTIVATED] =
    g_signal_new ("item-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-fit", NULL);
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

  self->zoom = 1.0;
  {
    GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                  | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
    GtkGesture *drag = gtk_gesture_drag_new ();
    GtkGesture *pinch = gtk_gesture_zoom_new ();
    GtkGesture *click = gtk_gesture_click_new ();

    g_signal_connect (click, "released", G_CALLBACK (on_click), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

    g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
    gtk_widget_add_controller (GTK_WIDGET (self), scroll);
    /* panning with the middle button, or the primary one on touch pads
     * (the editor will take the primary button for items) */
    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
    g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
    g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
    g_signal_connect (pinch, "begin", G_CALLBACK (on_pinch_begin), self);
    g_signal_connect (pinch, "scale-changed", G_CALLBACK (on_pinch), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));
  }
}
