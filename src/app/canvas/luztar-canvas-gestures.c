/* luztar-canvas-gestures.c — what the pointer and the keyboard do on the canvas: place, select, move, connect
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canvas turns gestures into requests that the window carries out on
 * its document ("create-item", "move-items", "edit-item"), so that every
 * edit is one undo step.  A drop from the palette, or a click with a
 * palette kind armed, places an item; a drag from a port to another with a
 * two-port kind armed connects them; a click selects (Shift or Ctrl
 * toggles), a drag on empty canvas selects by a band, a drag of selected
 * bodies and grounds moves them on the grid (a preview copy of the model
 * is drawn meanwhile); any other button pans.  The arrow keys nudge the
 * selection, or move the placement cursor while a kind is armed, and
 * Enter places there or asks to edit the one selected item.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "luztar-canvas-private.h"

/**
 * luztar_canvas_place:
 * @self: a canvas
 * @kind: a palette kind: "ground", "mass", "inertia", "spring", "damper",
 *   "friction", "stop", "gear", "contact", "backlash", "force", "motion" or
 *   "actuator"
 * @x: where, widget coordinates
 * @y: where, widget coordinates
 *
 * What a drop from the palette (or a click with a palette tool) does:
 * asks for a new item by "create-item".  A ground or a body goes to the
 * grid point at (@x, @y); a two-port element connects the nearest ports
 * on either side; a force, motion or actuator goes on the body there.
 *
 * Returns: whether an item was asked for (%FALSE: no port there; the
 *   canvas emits "create-item" with %NULL ports so that the window can
 *   say why)
 */
gboolean
luztar_canvas_place (LuztarCanvas *self,
                     const char   *kind,
                     double        x,
                     double        y)
{
  LuztarPlacing placing;
  LuztarPoint at;
  const char *a, *b;
  gboolean ok;

  g_return_val_if_fail (LUZTAR_IS_CANVAS (self), FALSE);
  if (self->model == NULL)
    return FALSE;
  placing = _luztar_canvas_placing (self, kind);
  _luztar_canvas_to_model (self, x, y, &at.x, &at.y);
  ok = luztar_place_target (&placing, &at, &a, &b);
  g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_CREATE_ITEM], 0, kind, at.x, at.y, a, b);
  return ok;
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         LuztarCanvas  *self)
{
  const char *text = g_value_get_string (value);

  if (text == NULL || !g_str_has_prefix (text, "luztar-palette:"))
    return FALSE;
  luztar_canvas_place (self, text + strlen ("luztar-palette:"), x, y);
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               LuztarCanvas   *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  const char *id = NULL;
  double mx, my;

  /* a click on the canvas gives it the keyboard (zoom keys, undo, arrows) */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_x0 = x;
  self->drag_y0 = y;
  self->drag_dx = self->drag_dy = 0;
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;
  if (button != GDK_BUTTON_PRIMARY || self->model == NULL)
    {
      self->drag_mode = DRAG_PAN;
      return;
    }
  _luztar_canvas_to_model (self, x, y, &mx, &my);
  if (luztar_place_kind_is_two_port (self->tool))
    {
      /* dragging out an element from a port to another */
      const char *port = luztar_symbols_pick_port (self->model, mx, my, 8 / self->view_scale);

      if (port != NULL)
        {
          g_free (self->connect_from);
          self->connect_from = g_strdup (port);
          self->drag_mode = DRAG_CONNECT;
          return;
        }
    }
  if (self->tool != NULL)
    {
      self->drag_mode = DRAG_NONE;   /* a click: placed on release */
      return;
    }
  {
    /* as drawn: a source's name (its place depends on the scale) picks it too */
    LuztarDrawStyle style = { FALSE, self->view_scale / self->emphasis, NULL };

    id = luztar_symbols_hit_test_drawn (self->model, &style, self->view_scale, mx, my);
  }
  if (id == NULL)
    {
      if (!(mods & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) && self->selection->len > 0)
        luztar_canvas_select (self, NULL);
      self->drag_mode = DRAG_BAND;
      return;
    }
  if (mods & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
    _luztar_canvas_select_one (self, id, TRUE);
  else if (!luztar_canvas_is_selected (self, id))
    _luztar_canvas_select_one (self, id, FALSE);
  else if (self->selection->len > 1)
    /* a click on a selected item among several: it comes first */
    {
      for (guint i = 0; i < self->selection->len; i++)
        if (g_str_equal (self->selection->pdata[i], id))
          g_ptr_array_remove_index (self->selection, i--);
      g_ptr_array_insert (self->selection, 0, g_strdup (id));
      _luztar_canvas_selection_changed (self);
    }
  self->drag_mode = DRAG_MOVE;
}

/* The selected bodies and grounds (what a move moves). */
static GPtrArray *
movable_selection (LuztarCanvas *self)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < self->selection->len; i++)
    {
      const LzItem *item = lz_model_lookup (self->model, self->selection->pdata[i]);

      if (item != NULL && (item->kind == LZ_ITEM_BODY || item->kind == LZ_ITEM_GROUND))
        g_ptr_array_add (ids, self->selection->pdata[i]);
    }
  return ids;
}

/* Model positions as drawn (files without positions are laid out): the
 * grounds' and then the bodies', N in all; g_free() it. */
static LuztarPoint *
drawn_places (const LzModel *model,
              guint         *n)
{
  guint ng = lz_model_get_n_grounds (model);
  LuztarPoint *places;
  double x0, y0, x1, y1;

  *n = ng + lz_model_get_n_bodies (model);
  places = g_new0 (LuztarPoint, MAX (*n, 1));
  luztar_symbols_layout (model, places, places + ng, &x0, &y0, &x1, &y1);
  return places;
}

/* The id of ground I, or of body I − (the number of grounds). */
static const char *
placed_id (const LzModel *model,
           guint          i)
{
  guint ng = lz_model_get_n_grounds (model);

  if (i < ng)
    return lz_model_get_ground (model, i)->item.id;
  return lz_model_get_body (model, i - ng)->item.id;
}

static void
item_position (const LzModel *model,
               const char    *id,
               double        *x,
               double        *y)
{
  guint n;
  g_autofree LuztarPoint *places = drawn_places (model, &n);

  *x = *y = 0;
  for (guint i = 0; i < n; i++)
    if (g_str_equal (placed_id (model, i), id))
      *x = places[i].x, *y = places[i].y;
}

/**
 * luztar_canvas_fix_positions:
 * @model: a model being edited
 *
 * Writes the drawn positions of all grounds and bodies into @model (a
 * file without positions is laid out in a row; once one item is moved or
 * added, all keep their places).
 */
void
luztar_canvas_fix_positions (LzModel *model)
{
  guint n;
  g_autofree LuztarPoint *places = drawn_places (model, &n);

  for (guint i = 0; i < n; i++)
    {
      lz_model_set_parameter (model, placed_id (model, i), "x", places[i].x, NULL);
      lz_model_set_parameter (model, placed_id (model, i), "y", places[i].y, NULL);
    }
}

/* The move of the drag in model units, snapped so that the first item
 * lands on the grid. */
static void
snapped_move (LuztarCanvas *self,
              GPtrArray    *ids,
              double       *dx,
              double       *dy)
{
  double x, y;

  *dx = self->drag_dx / self->view_scale;
  *dy = self->drag_dy / self->view_scale;
  if (ids->len == 0)
    return;
  item_position (self->model, ids->pdata[0], &x, &y);
  *dx = luztar_canvas_snap (x + *dx) - x;
  *dy = luztar_canvas_snap (y + *dy) - y;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                LuztarCanvas   *self)
{
  self->drag_dx = dx;
  self->drag_dy = dy;
  switch (self->drag_mode)
    {
    case DRAG_PAN:
      self->pan_x = self->drag_pan_x + dx;
      self->pan_y = self->drag_pan_y + dy;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      break;
    case DRAG_MOVE:
      {
        g_autoptr(GPtrArray) ids = movable_selection (self);
        double mdx, mdy;

        if (ids->len == 0 || (fabs (dx) < 3 && fabs (dy) < 3 && self->preview == NULL))
          break;
        snapped_move (self, ids, &mdx, &mdy);
        g_clear_pointer (&self->preview, lz_model_unref);
        self->preview = lz_model_copy (self->model);
        luztar_canvas_fix_positions (self->preview);
        for (guint i = 0; i < ids->len; i++)
          {
            double x, y;

            item_position (self->model, ids->pdata[i], &x, &y);
            lz_model_set_parameter (self->preview, ids->pdata[i], "x", x + mdx, NULL);
            lz_model_set_parameter (self->preview, ids->pdata[i], "y", y + mdy, NULL);
          }
        _luztar_canvas_update_shapes (self);
        gtk_widget_queue_allocate (GTK_WIDGET (self));
      }
      break;
    case DRAG_BAND:
    case DRAG_CONNECT:
    case DRAG_NONE:
    default:
      break;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             LuztarCanvas   *self)
{
  DragMode mode = self->drag_mode;

  self->drag_mode = DRAG_NONE;
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (self->model == NULL)
    return;
  switch (mode)
    {
    case DRAG_MOVE:
      if (self->preview != NULL)
        {
          g_autoptr(GPtrArray) ids = movable_selection (self);
          double mdx, mdy;

          snapped_move (self, ids, &mdx, &mdy);
          g_clear_pointer (&self->preview, lz_model_unref);
          _luztar_canvas_update_shapes (self);
          if (ids->len > 0 && (mdx != 0 || mdy != 0))
            {
              g_ptr_array_add (ids, NULL);
              g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_MOVE_ITEMS], 0,
                             (char **) ids->pdata, mdx, mdy);
            }
        }
      break;
    case DRAG_BAND:
      {
        double ax, ay, bx, by;

        if (fabs (dx) < 3 && fabs (dy) < 3)
          break;
        _luztar_canvas_to_model (self, self->drag_x0, self->drag_y0, &ax, &ay);
        _luztar_canvas_to_model (self, self->drag_x0 + dx, self->drag_y0 + dy, &bx, &by);
        for (guint i = 0; i < self->shapes->len; i++)
          {
            const LuztarShape *s = &g_array_index (self->shapes, LuztarShape, i);

            if (s->shown && s->x0 >= MIN (ax, bx) && s->x1 <= MAX (ax, bx)
                && s->y0 >= MIN (ay, by) && s->y1 <= MAX (ay, by)
                && !luztar_canvas_is_selected (self, s->id))
              g_ptr_array_add (self->selection, g_strdup (s->id));
          }
        _luztar_canvas_selection_changed (self);
      }
      break;
    case DRAG_CONNECT:
      {
        double mx, my;
        const char *to;

        _luztar_canvas_to_model (self, self->drag_x0 + dx, self->drag_y0 + dy, &mx, &my);
        to = luztar_symbols_pick_port (self->model, mx, my, 8 / self->view_scale);
        if (to != NULL && g_strcmp0 (to, self->connect_from) != 0)
          g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_CREATE_ITEM], 0, self->tool, mx, my,
                         self->connect_from, to);
        else if (fabs (dx) < 3 && fabs (dy) < 3)
          luztar_canvas_place (self, self->tool, self->drag_x0, self->drag_y0);
        g_clear_pointer (&self->connect_from, g_free);
      }
      break;
    case DRAG_NONE:
      if (self->tool != NULL && fabs (dx) < 3 && fabs (dy) < 3)
        {
          g_autofree char *tool = g_strdup (self->tool);

          luztar_canvas_place (self, tool, self->drag_x0, self->drag_y0);
        }
      break;
    case DRAG_PAN:
    default:
      break;
    }
  _luztar_canvas_queue_relayout (self);
}

/* ------------------------------------------------------------------------ */
/* Keyboard                                                                  */

static void
nudge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);
  g_autoptr(GPtrArray) ids = NULL;
  double dx, dy;

  if (self->model == NULL)
    return;
  g_variant_get (parameter, "(dd)", &dx, &dy);
  /* with a tool armed, the arrows move the placement cursor */
  if (self->tool != NULL)
    {
      self->cursor.x += dx * GRID_STEP;
      self->cursor.y += dy * GRID_STEP;
      _luztar_canvas_update_cursor_description (self);
      gtk_widget_queue_draw (widget);
      return;
    }
  ids = movable_selection (self);
  if (ids->len == 0)
    return;
  g_ptr_array_add (ids, NULL);
  g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_MOVE_ITEMS], 0, (char **) ids->pdata,
                 dx * GRID_STEP, dy * GRID_STEP);
}

static void
select_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  luztar_canvas_select_all (LUZTAR_CANVAS (widget));
}

static void
escape_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);

  if (self->tool != NULL)
    {
      luztar_canvas_set_tool (self, NULL);
      g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_SELECTION_CHANGED], 0);
    }
  else
    luztar_canvas_select (self, NULL);
}

/* Enter with a tool armed places it at the placement cursor; without,
 * it asks to edit the one selected item. */
static void
place_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LuztarCanvas *self = LUZTAR_CANVAS (widget);
  g_autofree char *tool = g_strdup (self->tool);
  double x, y;

  if (self->model == NULL)
    return;
  if (tool == NULL)
    {
      /* Enter on the one selected item: to its parameters */
      if (self->selection->len == 1)
        g_signal_emit (self, luztar_canvas_signals[LUZTAR_CANVAS_SIGNAL_EDIT_ITEM], 0, self->selection->pdata[0]);
      return;
    }
  luztar_canvas_to_widget (self, self->cursor.x, self->cursor.y, &x, &y);
  luztar_canvas_place (self, tool, x, y);
}

/**
 * _luztar_canvas_gestures_init:
 * @self: a canvas being initialised
 *
 * The pointer's gestures: the primary button selects, moves and places;
 * the others pan; a palette item dropped is placed.
 */
void
_luztar_canvas_gestures_init (LuztarCanvas *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/**
 * _luztar_canvas_gestures_class_init:
 * @widget_class: the canvas class
 *
 * The keyboard's actions on the selection and the placement cursor: the
 * arrows nudge by a grid step (with Shift by a fifth of one), Ctrl+A,
 * Escape, Enter.
 */
void
_luztar_canvas_gestures_class_init (GtkWidgetClass *widget_class)
{
  static const struct { guint key; double dx, dy; } nudges[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
  };

  gtk_widget_class_install_action (widget_class, "canvas.nudge", "(dd)", nudge_action);
  gtk_widget_class_install_action (widget_class, "canvas.select-all", NULL, select_all_action);
  gtk_widget_class_install_action (widget_class, "canvas.escape", NULL, escape_action);
  gtk_widget_class_install_action (widget_class, "canvas.place", NULL, place_action);
  for (guint i = 0; i < G_N_ELEMENTS (nudges); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, nudges[i].key, 0, "canvas.nudge", "(dd)",
                                           nudges[i].dx, nudges[i].dy);
      /* Shift: a fifth of a grid step */
      gtk_widget_class_add_binding_action (widget_class, nudges[i].key, GDK_SHIFT_MASK, "canvas.nudge",
                                           "(dd)", nudges[i].dx / GRID_MAJOR_EVERY,
                                           nudges[i].dy / GRID_MAJOR_EVERY);
    }
}
