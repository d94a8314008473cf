/* luztar-canvas.c — the model canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing surface of the editor.  It paints the snapping grid (minor
 * lines every grid step, major lines every fifth, in model units) in the
 * colours of the current light or dark style, and the model on top of it
 * with the symbols of luztar-symbols.c.
 *
 * Editing: the canvas keeps the selection and turns pointer and keyboard
 * gestures (luztar-canvas-gestures.c) into requests ("create-item",
 * "move-items") that the window carries out on its document, so that
 * every edit is one undo step.  While items are dragged, the canvas draws
 * a preview copy of the model.
 *
 * Accessibility: every item has an invisible child widget placed over its
 * drawing (luztar-canvas-items.c), so that screen readers list the items
 * and Tab walks through them.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-canvas-private.h"
#include "luztar-symbols.h"
#include "luztar-canvas-fit.h"
#include "luztar-canvas-items.h"
#include "luztar-mode-marks.h"
#include "luztar-keys.h"
#include "luztar-drawing.h"
#include "luztar-widget-kit.h"

G_DEFINE_FINAL_TYPE (LuztarCanvas, luztar_canvas, GTK_TYPE_WIDGET)

guint luztar_canvas_signals[LUZTAR_CANVAS_N_SIGNALS];

/* After a change of the model, view or selection: lay out the items, redraw. */
void
_luztar_canvas_queue_relayout (LuztarCanvas *self)
{
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

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

/**
 * luztar_canvas_snap:
 * @value: a model coordinate
 *
 * Returns: @value on the nearest grid line
 */
double
luztar_canvas_snap (double value)
{
  return round (value / GRID_STEP) * GRID_STEP;
}

static const LzModel *
shown_model (LuztarCanvas *self)
{
  return self->preview != NULL ? self->preview : self->model;
}

/* Room left around the fitted drawing, pixels; the scale of a fitted
 * drawing at most (a small model is not blown up; in presentation mode
 * that times the emphasis) and at least. */
/* The width a canvas would like (pixels): a few elements side by side. */
#define CANVAS_NATURAL_WIDTH 520

#define FIT_MARGIN 16
#define FIT_SCALE_MAX 2.0
#define FIT_SCALE_MIN 0.02

/* The transform of the fitted box and drawing (labels included):
 * centred in the widget (above the inset), at most 2:1, then zoomed and
 * panned by the user. */
static void
update_view (LuztarCanvas *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double size[3];

  if (!self->fit_valid)
    {
      self->view_scale = self->zoom;
      self->view_x = self->pan_x;
      self->view_y = self->pan_y;
      return;
    }
  memcpy (size, (double[]) { width, height, self->emphasis }, sizeof size);
  if (memcmp (size, self->fit_size, sizeof size) != 0)
    {
      LuztarCanvasFit fit = { { self->fx0, self->fy0, self->fx1, self->fy1 },
                              { width - 2 * FIT_MARGIN, height - 2 * FIT_MARGIN },
                              FIT_SCALE_MIN, FIT_SCALE_MAX * self->emphasis };

      memcpy (self->fit_size, size, sizeof size);
      self->fit_scale = luztar_canvas_fit_scale (self->fit_model, self->emphasis, &fit, self->fit_centre);
    }
  /* zoomed about the middle of the fitted drawing */
  self->view_scale = self->fit_scale * self->zoom;
  self->view_x = width / 2.0 + self->pan_x - self->fit_centre[0] * self->zoom;
  self->view_y = height / 2.0 + self->pan_y - self->fit_centre[1] * self->zoom;
}

void
_luztar_canvas_to_model (LuztarCanvas *self,
                         double        x,
                         double        y,
                         double       *mx,
                         double       *my)
{
  update_view (self);
  *mx = (x - self->view_x) / self->view_scale;
  *my = (y - self->view_y) / self->view_scale;
}

/**
 * luztar_canvas_to_widget:
 * @self: a canvas
 * @x: model coordinate
 * @y: model coordinate
 * @wx: (out): widget coordinate
 * @wy: (out): widget coordinate
 *
 * Where a point of the model is on the widget.
 */
void
luztar_canvas_to_widget (LuztarCanvas *self,
                         double        x,
                         double        y,
                         double       *wx,
                         double       *wy)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  update_view (self);
  *wx = x * self->view_scale + self->view_x;
  *wy = y * self->view_scale + self->view_y;
}

/* The box to fit: the model's drawing, or a 640×360 sheet when empty. */
static void
reset_fit (LuztarCanvas *self)
{
  guint ng, nb;
  g_autofree LuztarPoint *gp = NULL;
  g_autofree LuztarPoint *bp = NULL;

  self->zoom = 1.0;
  self->pan_x = self->pan_y = 0;
  self->fit_valid = self->model != NULL;
  self->fit_size[0] = -1;
  g_clear_pointer (&self->fit_model, lz_model_unref);
  if (self->model == NULL)
    return;
  self->fit_model = lz_model_ref (self->model);
  ng = lz_model_get_n_grounds (self->model);
  nb = lz_model_get_n_bodies (self->model);
  gp = g_new0 (LuztarPoint, MAX (ng, 1));
  bp = g_new0 (LuztarPoint, MAX (nb, 1));
  if (ng + nb == 0)
    {
      self->fx0 = self->fy0 = 0;
      self->fx1 = 640;
      self->fy1 = 360;
      return;
    }
  luztar_symbols_layout (self->model, gp, bp, &self->fx0, &self->fy0, &self->fx1, &self->fy1);
  if (nb == 0)
    {
      /* only grounds (a new model): the first on the left, room to build */
      self->fx0 = gp[0].x - 40;
      self->fx1 = gp[0].x + 440;
      self->fy0 = gp[0].y - 135;
      self->fy1 = gp[0].y + 135;
      return;
    }
  /* a small model is not blown up: the box is at least a 480×270 sheet */
  for (int axis = 0; axis < 2; axis++)
    {
      double *lo = axis == 0 ? &self->fx0 : &self->fy0, *hi = axis == 0 ? &self->fx1 : &self->fy1;
      double need = axis == 0 ? 480 : 270, mid = (*lo + *hi) / 2;

      if (*hi - *lo < need)
        {
          *lo = mid - need / 2;
          *hi = mid + need / 2;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Items and selection                                                       */

/**
 * luztar_canvas_is_selected:
 * @self: a canvas
 * @id: an item id
 *
 * Returns: whether @id is selected
 */
gboolean
luztar_canvas_is_selected (LuztarCanvas *self,
                           const char   *id)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), FALSE);
  for (guint i = 0; i < self->selection->len; i++)
    if (g_str_equal (self->selection->pdata[i], id))
      return TRUE;
  return FALSE;
}

/**
 * luztar_canvas_get_selection:
 * @self: a canvas
 *
 * Returns: (transfer none) (element-type utf8): the ids of the selected
 *   items, in the order they were selected
 */
GPtrArray *
luztar_canvas_get_selection (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), NULL);
  return self->selection;
}

void
_luztar_canvas_selection_changed (LuztarCanvas *self)
{
  luztar_canvas_items_sync_states (self, self->items);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_SELECTION_CHANGED], 0);
  if (self->selection->len == 1)
    g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_ITEM_ACTIVATED], 0, self->selection->pdata[0]);
}

/**
 * luztar_canvas_select:
 * @self: a canvas
 * @ids: (nullable) (array zero-terminated=1): the items to select, %NULL
 *   for none
 *
 * Replaces the selection.  Ids not in the model are left out.
 */
void
luztar_canvas_select (LuztarCanvas       *self,
                      const char * const *ids)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (self->model != NULL && lz_model_lookup (self->model, ids[i]) != NULL
        && !luztar_canvas_is_selected (self, ids[i]))
      g_ptr_array_add (self->selection, g_strdup (ids[i]));
  _luztar_canvas_selection_changed (self);
}

void
_luztar_canvas_select_one (LuztarCanvas *self,
                           const char   *id,
                           gboolean      toggle)
{
  g_autofree char *copy = g_strdup (id);

  if (!toggle)
    g_ptr_array_set_size (self->selection, 0);
  if (toggle && luztar_canvas_is_selected (self, copy))
    {
      for (guint i = 0; i < self->selection->len; i++)
        if (g_str_equal (self->selection->pdata[i], copy))
          g_ptr_array_remove_index (self->selection, i--);
    }
  else if (copy != NULL)
    g_ptr_array_add (self->selection, g_strdup (copy));
  _luztar_canvas_selection_changed (self);
}

/**
 * luztar_canvas_select_all:
 * @self: a canvas
 *
 * Selects every item of the model.
 */
void
luztar_canvas_select_all (LuztarCanvas *self)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; self->shapes != NULL && i < self->shapes->len; i++)
    if (g_array_index (self->shapes, LuztarShape, i).shown)
      g_ptr_array_add (self->selection, g_strdup (g_array_index (self->shapes, LuztarShape, i).id));
  _luztar_canvas_selection_changed (self);
}

void
_luztar_canvas_update_shapes (LuztarCanvas *self)
{
  g_clear_pointer (&self->shapes, g_array_unref);
  if (shown_model (self) != NULL)
    self->shapes = luztar_symbols_get_shapes (shown_model (self));
}

static void
update_description (LuztarCanvas *self)
{
  g_autofree char *description = NULL;

  if (self->model != NULL)
    {
      guint nb = lz_model_get_n_bodies (self->model), ne = lz_model_get_n_elements (self->model);
      g_autofree char *bodies = g_strdup_printf (ngettext ("%u body", "%u bodies", nb), nb);
      g_autofree char *elements = g_strdup_printf (ngettext ("%u element", "%u elements", ne), ne);

      /* TRANSLATORS: what a screen reader says about the canvas: the
       * model's name, "3 bodies", "5 elements" */
      description = g_strdup_printf (_("%s: %s, %s"), lz_model_get_name (self->model), bodies, elements);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

/**
 * luztar_canvas_update_model:
 * @self: a canvas
 * @model: (nullable): the edited model
 *
 * Shows an edited version of the model: the view and the selection stay
 * (selected items that are gone are dropped from it).
 */
void
luztar_canvas_update_model (LuztarCanvas *self,
                            LzModel      *model)
{
  guint before;

  g_return_if_fail (LUZTAR_IS_CANVAS (self));

  if (model != NULL)
    lz_model_ref (model);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->preview, lz_model_unref);
  self->model = model;
  /* a run's state belongs to the model it ran: an edit shows the new one */
  g_clear_pointer (&self->animation, g_free);
  if (!self->fit_valid)
    reset_fit (self);
  _luztar_canvas_update_shapes (self);
  luztar_canvas_items_sync (GTK_WIDGET (self), self->items, self->shapes, self->model);
  luztar_canvas_items_sync_states (self, self->items);
  update_description (self);
  before = self->selection->len;
  for (guint i = 0; i < self->selection->len; i++)
    if (model == NULL || lz_model_lookup (model, self->selection->pdata[i]) == NULL)
      g_ptr_array_remove_index (self->selection, i--);
  if (self->selection->len != before)
    _luztar_canvas_selection_changed (self);
  _luztar_canvas_queue_relayout (self);
}

/**
 * luztar_canvas_set_model:
 * @self: a canvas
 * @model: (nullable): the model to show
 *
 * Shows @model as a new document: fitted to the widget, nothing selected;
 * %NULL shows the empty grid.
 */
void
luztar_canvas_set_model (LuztarCanvas *self,
                         LzModel      *model)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));

  g_ptr_array_set_size (self->selection, 0);
  self->fit_valid = FALSE;
  luztar_canvas_update_model (self, model);
  reset_fit (self);
  _luztar_canvas_selection_changed (self);
}

LzModel *
luztar_canvas_get_model (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), NULL);
  return self->model;
}

/* While a tool is armed, the canvas tells screen readers what Enter would
 * do at the placement cursor (said on each move of the cursor, never on a
 * frame of a run); otherwise what the model holds. */
void
_luztar_canvas_update_cursor_description (LuztarCanvas *self)
{
  if (self->tool != NULL && self->model != NULL)
    {
      LuztarPlacing placing = _luztar_canvas_placing (self, self->tool);
      g_autofree char *text = luztar_place_cursor_describe (&placing, self->cursor);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      text, -1);
    }
  else
    update_description (self);
}

/**
 * luztar_canvas_set_tool:
 * @self: a canvas
 * @kind: (nullable): a palette kind ("mass", "spring", …) to place with
 *   the next click, or %NULL for the selection tool
 */
void
luztar_canvas_set_tool (LuztarCanvas *self,
                        const char   *kind)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  g_free (self->tool);
  self->tool = g_strdup (kind);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), kind != NULL ? "crosshair" : NULL);
  if (kind != NULL && self->model != NULL)
    {
      LuztarPlacing placing = _luztar_canvas_placing (self, kind);

      luztar_place_cursor_start (&placing, self->selection->len > 0 ? self->selection->pdata[0] : NULL,
                                 &self->cursor);
    }
  _luztar_canvas_update_cursor_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
luztar_canvas_get_tool (LuztarCanvas *self)
{
  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), NULL);
  return self->tool;
}

/* ------------------------------------------------------------------------ */
/* Zoom                                                                      */

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
  double cy = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  double zoom = CLAMP (self->zoom * factor, ZOOM_MIN, ZOOM_MAX);

  factor = zoom / self->zoom;
  self->pan_x = x - cx - factor * (x - cx - self->pan_x);
  self->pan_y = y - cy - factor * (y - cy - self->pan_y);
  self->zoom = zoom;
  _luztar_canvas_queue_relayout (self);
}

/**
 * luztar_canvas_zoom_fit:
 * @self: a canvas
 *
 * Shows the whole model again, fitted to the widget.
 */
static void
luztar_canvas_zoom_fit (LuztarCanvas *self)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  reset_fit (self);
  _luztar_canvas_queue_relayout (self);
}

/* canvas.zoom-in, canvas.zoom-out (about the middle), canvas.zoom-fit */
static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  double factor = g_str_equal (action_name, "canvas.zoom-in") ? ZOOM_STEP : 1 / ZOOM_STEP;

  if (g_str_equal (action_name, "canvas.zoom-fit"))
    luztar_canvas_zoom_fit (LUZTAR_CANVAS (widget));
  else
    zoom_at (LUZTAR_CANVAS (widget), factor, gtk_widget_get_width (widget) / 2.0,
             gtk_widget_get_height (widget) / 2.0);
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
      _luztar_canvas_queue_relayout (self);
      return TRUE;
    }
  zoom_at (self, dy < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, x, y);
  return TRUE;
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

/* Tab onto an item selects it. */
static void
luztar_canvas_set_focus_child (GtkWidget *widget,
                               GtkWidget *child)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);
  const char *id = luztar_canvas_item_get_id (child);

  GTK_WIDGET_CLASS (luztar_canvas_parent_class)->set_focus_child (widget, child);
  if (id != NULL && !self->selecting_by_focus
      && !(self->selection->len == 1 && g_str_equal (self->selection->pdata[0], id)))
    _luztar_canvas_select_one (self, id, FALSE);
  gtk_widget_queue_draw (widget);
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

static void
draw_grid (LuztarCanvas *self,
           cairo_t      *cr,
           int           width,
           int           height,
           gboolean      dark)
{
  double minor = dark ? 0.16 : 0.90;
  double major = dark ? 0.22 : 0.84;
  double step = GRID_STEP * self->view_scale;
  /* the first grid line left of and above the widget, its index */
  long i0 = (long) floor (-self->view_x / step), j0 = (long) floor (-self->view_y / step);
  int every = 1;

  /* thin out lines closer than 6 pixels */
  while (step * every < 6)
    every *= GRID_MAJOR_EVERY;
  cairo_set_line_width (cr, 1.0);
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean want_major = pass == 1;
      double grey = want_major ? major : minor;

      for (long i = i0; i * step + self->view_x <= width; i++)
        if (i % every == 0 && (i % (GRID_MAJOR_EVERY * every) == 0) == want_major)
          {
            double x = round (i * step + self->view_x) + 0.5;

            cairo_move_to (cr, x, 0);
            cairo_line_to (cr, x, height);
          }
      for (long j = j0; j * step + self->view_y <= height; j++)
        if (j % every == 0 && (j % (GRID_MAJOR_EVERY * every) == 0) == want_major)
          {
            double y = round (j * step + self->view_y) + 0.5;

            cairo_move_to (cr, 0, y);
            cairo_line_to (cr, width, y);
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
  gboolean dark = adw_style_manager_get_dark (self->style_manager);
  GdkRGBA background = dark ? (GdkRGBA) { 0.12, 0.12, 0.12, 1 }
                            : (GdkRGBA) { 0.98, 0.98, 0.98, 1 };
  GtkWidget *focus = gtk_widget_get_focus_child (widget);
  int width, height;
  cairo_t *cr = luztar_drawing_begin (widget, snapshot, &background, &width, &height);

  if (cr == NULL)
    return;

  update_view (self);
  draw_grid (self, cr, width, height, dark);
  if (shown_model (self) != NULL)
    {
      /* presentation mode: the lines and labels larger on the screen */
      LuztarDrawStyle style = { dark, self->view_scale / self->emphasis, self->animation };
      g_autoptr(GArray) shapes = NULL;

      cairo_save (cr);
      cairo_translate (cr, self->view_x, self->view_y);
      cairo_scale (cr, self->view_scale, self->view_scale);
      /* selection marks sit where the items rest: none over a moving run;
       * a source's round its name too (a click there selects it) */
      if (self->animation == NULL && (self->selection->len > 0 || focus != NULL))
        shapes = luztar_symbols_get_drawn_shapes (shown_model (self), &style, self->view_scale);
      for (guint i = 0; shapes != NULL && i < shapes->len; i++)
        {
          const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
          gboolean focused = g_strcmp0 (luztar_canvas_item_get_id (focus), s->id) == 0;

          if (luztar_canvas_is_selected (self, s->id) || focused)
            luztar_symbols_draw_highlight (cr, s, &style, focused || self->selection->len == 1);
        }
      luztar_symbols_draw_model (cr, shown_model (self), &style);
      /* the keyboard's placement cursor, while the canvas has the keys */
      if (self->tool != NULL && self->model != NULL && gtk_widget_has_focus (widget))
        {
          LuztarPlacing placing = _luztar_canvas_placing (self, self->tool);

          luztar_place_cursor_draw (cr, &placing, self->cursor, self->view_scale, dark);
        }
      cairo_restore (cr);
      /* during a run, the legend of the modes in the lower-left corner */
      if (self->animation != NULL && self->animation->modes != NULL)
        luztar_mode_legend_draw (cr, shown_model (self), dark, 12, height - 12);
    }
  if (self->drag_mode == DRAG_BAND || self->drag_mode == DRAG_CONNECT)
    {
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, self->drag_mode == DRAG_BAND ? 0.15 : 0.9);
      if (self->drag_mode == DRAG_BAND)
        {
          cairo_rectangle (cr, self->drag_x0, self->drag_y0, self->drag_dx, self->drag_dy);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.8);
        }
      else
        {
          cairo_move_to (cr, self->drag_x0, self->drag_y0);
          cairo_line_to (cr, self->drag_x0 + self->drag_dx, self->drag_y0 + self->drag_dy);
          cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
        }
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* The items' stand-ins go over their drawings (for screen readers that
 * show where the focus is). */
static void
luztar_canvas_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);

  update_view (self);
  for (guint i = 0; self->shapes != NULL && i < self->shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (self->shapes, LuztarShape, i);
      GtkWidget *item = g_hash_table_lookup (self->items, s->id);
      int min;
      GtkAllocation a;

      if (item == NULL || !gtk_widget_get_visible (item))
        continue;
      gtk_widget_measure (item, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      a.x = (int) floor (s->x0 * self->view_scale + self->view_x);
      a.y = (int) floor (s->y0 * self->view_scale + self->view_y);
      a.width = MAX ((int) ceil ((s->x1 - s->x0) * self->view_scale), 1);
      a.height = MAX ((int) ceil ((s->y1 - s->y0) * self->view_scale), 1);
      gtk_widget_size_allocate (item, &a, -1);
    }
}

static void
luztar_canvas_dispose (GObject *object)
{
  LuztarCanvas *self = LUZTAR_CANVAS (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->preview, lz_model_unref);
  g_clear_pointer (&self->fit_model, lz_model_unref);
  g_clear_pointer (&self->shapes, g_array_unref);
  g_clear_pointer (&self->selection, g_ptr_array_unref);
  g_clear_pointer (&self->tool, g_free);
  g_clear_pointer (&self->connect_from, g_free);
  g_clear_pointer (&self->animation, g_free);
  G_OBJECT_CLASS (luztar_canvas_parent_class)->dispose (object);
}

static void
luztar_canvas_class_init (LuztarCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  static const LuztarKey keys[] = {
    { GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in" },
    { GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in" },
    { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in" },
    { GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out" },
    { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out" },
    { GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-fit" },
    { GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all" }, { GDK_KEY_Escape, 0, "canvas.escape" },
    /* edits of the selection are the window's (one undo step each) */
    { GDK_KEY_Delete, 0, "win.delete" }, { GDK_KEY_BackSpace, 0, "win.delete" },
    { GDK_KEY_d, GDK_CONTROL_MASK, "win.duplicate" }, { GDK_KEY_c, GDK_CONTROL_MASK, "win.copy" },
    { GDK_KEY_x, GDK_CONTROL_MASK, "win.cut" }, { GDK_KEY_v, GDK_CONTROL_MASK, "win.paste" },
    { GDK_KEY_F2, 0, "win.rename" },
    /* a palette kind armed: place it at the cursor; else edit the item */
    { GDK_KEY_Return, 0, "canvas.place" }, { GDK_KEY_KP_Enter, 0, "canvas.place" },
    { GDK_KEY_space, 0, "canvas.place" },
  };

  /* no minimum; the natural width is what a model wants beside the
   * inspector (a few elements side by side): a narrower window folds the
   * inspector away rather than squeeze the canvas (AdwFlap's natural fold
   * threshold) */
  static const LuztarDrawingSize size = { 0, CANVAS_NATURAL_WIDTH, 0, 0 };

  object_class->dispose = luztar_canvas_dispose;
  widget_class->snapshot = luztar_canvas_snapshot;
  widget_class->size_allocate = luztar_canvas_size_allocate;
  widget_class->set_focus_child = luztar_canvas_set_focus_child;

  /**
   * LuztarCanvas::item-activated:
   * @id: the one item selected (by a click or by the keyboard)
   */
  luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_ITEM_ACTIVATED] =
    luztar_signal_new (klass, "item-activated", G_TYPE_STRING);
  /**
   * LuztarCanvas::selection-changed:
   *
   * The selection (or the tool) changed.
   */
  luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_SELECTION_CHANGED] =
    luztar_signal_new (klass, "selection-changed", G_TYPE_NONE);
  /**
   * LuztarCanvas::create-item:
   * @kind: the palette kind
   * @x: where, model coordinates (snapped for grounds and bodies)
   * @y: where
   * @a: (nullable): port a of an element, the body of a source
   * @b: (nullable): port b of an element
   *
   * The user placed a new item.  For an element or a source, %NULL ports
   * mean there was nothing to connect to.
   */
  luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_CREATE_ITEM] =
    g_signal_new ("create-item", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 5, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                  G_TYPE_STRING, G_TYPE_STRING);
  /**
   * LuztarCanvas::move-items:
   * @ids: the bodies and grounds moved
   * @dx: by how much, model units
   * @dy: by how much
   */
  luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_MOVE_ITEMS] =
    g_signal_new ("move-items", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRV, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * LuztarCanvas::edit-item:
   * @id: the one item selected, on which Enter was pressed
   */
  luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_EDIT_ITEM] =
    luztar_signal_new (klass, "edit-item", G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_action);
  luztar_drawing_class_set_size (widget_class, &size);
  _luztar_canvas_gestures_class_init (widget_class);
  luztar_keys_bind (widget_class, keys, G_N_ELEMENTS (keys));
  gtk_widget_class_set_css_name (widget_class, "luztar-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
luztar_canvas_init (LuztarCanvas *self)
{
  self->style_manager = adw_style_manager_get_default ();
  self->emphasis = 1;
  self->selection = g_ptr_array_new_with_free_func (g_free);
  self->items = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect_object (self->style_manager, "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Model canvas"),
                                  -1);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* the placement cursor shows while the canvas has the keyboard */
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), NULL);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->zoom = 1.0;
  {
    GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                  | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
    GtkGesture *pinch = gtk_gesture_zoom_new ();

    g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
    gtk_widget_add_controller (GTK_WIDGET (self), scroll);
    _luztar_canvas_gestures_init (self);
    g_signal_connect (pinch, "begin", G_CALLBACK (on_pinch_begin), self);
    g_signal_connect (pinch, "scale-changed", G_CALLBACK (on_pinch), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));
  }
}

/**
 * luztar_canvas_set_emphasis:
 * @self: a canvas
 * @emphasis: how much larger the lines and labels are drawn (1: normal)
 */
void
luztar_canvas_set_emphasis (LuztarCanvas *self,
                            double        emphasis)
{
  g_return_if_fail (LUZTAR_IS_CANVAS (self));
  g_return_if_fail (emphasis > 0 && isfinite (emphasis));
  self->emphasis = emphasis;
  _luztar_canvas_queue_relayout (self);
}

/**
 * luztar_canvas_set_animation:
 * @self: a canvas
 * @animation: (nullable): a state of a run for the canvas's model (arrays
 *   as long as its bodies, grounds and elements), or %NULL to show the
 *   model at rest again
 *
 * Draws the model as the run has it at one instant: masses displaced,
 * inertias turned, elements in the colour of their modes, impacts
 * flashing.  The arrays are copied.
 */
void
luztar_canvas_set_animation (LuztarCanvas          *self,
                             const LuztarAnimation *animation)
{
  gboolean was_animating;

  g_return_if_fail (LUZTAR_IS_CANVAS (self));

  was_animating = self->animation != NULL;
  g_clear_pointer (&self->animation, g_free);
  if (animation != NULL && self->model != NULL)
    self->animation = luztar_animation_copy (animation, self->model);
  if (was_animating || self->animation != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}
