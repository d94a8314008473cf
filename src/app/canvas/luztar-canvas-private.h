/* luztar-canvas-private.h — the canvas's state, shared by its files (luztar-canvas.c, luztar-canvas-gestures.c)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "luztar-canvas.h"
#include "luztar-place-cursor.h"

G_BEGIN_DECLS

#define GRID_STEP 20.0
#define GRID_MAJOR_EVERY 5
#define PORT_RADIUS 60.0   /* how far from a port a drop may land, model units */

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_MOVE,
  DRAG_BAND,
  DRAG_CONNECT,
} DragMode;

struct _LuztarCanvas
{
  GtkWidget  parent_instance;

  /* Owned */
  LzModel         *model;
  LzModel         *preview;        /* the model while items are dragged */
  GArray          *shapes;         /* LuztarShape of the shown model */
  GPtrArray       *selection;      /* ids */
  GHashTable      *items;          /* id → its stand-in (luztar-canvas-items.c) */
  char            *tool;           /* palette kind armed for click-to-place */
  LuztarPoint      cursor;         /* the keyboard's placement cursor while a
                                    * tool is armed, model coordinates */
  char            *connect_from;   /* port a of an element being dragged out */
  gboolean         fit_valid;      /* the fitted box below is set */
  double           fx0, fy0, fx1, fy1;
  LzModel         *fit_model;      /* the model as fitted (its labels too) */
  double           fit_size[3];    /* the fit below for this width, height, */
  double           fit_scale, fit_centre[2];   /* emphasis (luztar-canvas-fit.c) */
  double           zoom;           /* 1 = fitted to the widget */
  double           pan_x, pan_y;   /* screen offset of the fitted drawing */
  double           pinch_zoom;     /* zoom at the start of a pinch */
  /* the transform: screen = model·scale + offset */
  double           view_scale, view_x, view_y;
  /* the current drag (widget coordinates) */
  DragMode         drag_mode;
  double           drag_x0, drag_y0, drag_dx, drag_dy;
  double           drag_pan_x, drag_pan_y;
  gboolean         selecting_by_focus;
  LuztarAnimation *animation;      /* a state of a run drawn over the model, or NULL */
  double           emphasis;        /* > 1: lines and labels drawn larger */

  /* Borrowed */
  AdwStyleManager *style_manager;
};

enum
{
  LUZTAR_CANVAS_SIGNAL_ITEM_ACTIVATED,
  LUZTAR_CANVAS_SIGNAL_SELECTION_CHANGED,
  LUZTAR_CANVAS_SIGNAL_CREATE_ITEM,
  LUZTAR_CANVAS_SIGNAL_MOVE_ITEMS,
  LUZTAR_CANVAS_SIGNAL_EDIT_ITEM,
  LUZTAR_CANVAS_N_SIGNALS
};

extern guint luztar_canvas_signals[LUZTAR_CANVAS_N_SIGNALS];

/* What placing KIND on the canvas's model means: a port within twice
 * PORT_RADIUS, a body or ground on the grid. */
static inline LuztarPlacing
_luztar_canvas_placing (LuztarCanvas *self,
                        const char   *kind)
{
  return (LuztarPlacing) { self->model, kind, PORT_RADIUS * 2, GRID_STEP };
}

void _luztar_canvas_queue_relayout            (LuztarCanvas   *self);
void _luztar_canvas_to_model                  (LuztarCanvas   *self,
                                               double          x,
                                               double          y,
                                               double         *mx,
                                               double         *my);
void _luztar_canvas_selection_changed         (LuztarCanvas   *self);
void _luztar_canvas_select_one                (LuztarCanvas   *self,
                                               const char     *id,
                                               gboolean        toggle);
void _luztar_canvas_update_shapes             (LuztarCanvas   *self);
void _luztar_canvas_update_cursor_description (LuztarCanvas   *self);
void _luztar_canvas_gestures_init             (LuztarCanvas   *self);
void _luztar_canvas_gestures_class_init       (GtkWidgetClass *widget_class);

G_END_DECLS
