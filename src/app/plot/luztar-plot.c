/* luztar-plot.c — the live plots: time series, phase portrait, mode timeline, energy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkWidget with its own snapshot (no GtkDrawingArea, as Sysprof's
 * charts), following docs/architecture.md (the live plots):
 *
 * - The data source is an LzTrace that may still be growing in another
 *   thread.  Rows below the count read from lz_trace_get_n_samples() are
 *   immutable, so the plot reads them without a lock.
 * - While live, a tick callback takes the new rows each frame: it extends
 *   the min/max index of every shown variable (luztar-plot-math.c), the
 *   mode timeline, and the autoscaled ranges, with its work capped at
 *   about a millisecond (the rest waits for the next frame), then queues
 *   a redraw.  set_live (FALSE) removes it after one last full update.
 * - The plot is a stack of layers (the frame with grid, ticks, axis
 *   titles and legend; the data; the cursor), each drawn by one function
 *   luztar_plot_layer_draw (layer, cr, width, height) that snapshot() and
 *   luztar_plot_export() both call, on the widget's cairo node or on an
 *   image, SVG or PDF surface.  The frame is cached as a render node
 *   until the size, the ranges or the style change.  The hover readout
 *   is drawn last, in snapshot() only.
 * - A time series costs O(width · log n) per frame whatever the number of
 *   rows: with more rows than pixel columns, each column is drawn as its
 *   first, smallest, largest and last value (the min/max index answers
 *   the middle two), and the columns are cached so that a frame of a live
 *   run recomputes only the columns new rows fell into.
 * - A phase portrait appends the new segments to a cached image of the
 *   plot area while live; only a change of the ranges redraws it (over
 *   several frames when it is long).
 * - The mode timeline is built from the event log (LuztarModeTimeline),
 *   never by scanning samples.
 *
 * This file is the widget: its API, the live updates, the pointer, the
 * snapshot and the export.  What it shows and the ranges are in
 * luztar-plot-lines.c, the layers in luztar-plot-frame.c,
 * luztar-plot-data.c and luztar-plot-cursor.c; the fields they share in
 * luztar-plot-private.h.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-plot-private.h"
#include "luztar-set.h"
#include "luztar-widget-kit.h"
#include "sim/luztar-modes.h"

#define LIVE_BUDGET_US     1000      /* work per frame while live */

G_DEFINE_FINAL_TYPE (LuztarPlot, luztar_plot, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_SEEK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
kind_name (LuztarPlotKind kind)
{
  switch (kind)
    {
    case LUZTAR_PLOT_TIME_SERIES: return _("Time series plot");
    case LUZTAR_PLOT_PHASE: return _("Phase portrait");
    case LUZTAR_PLOT_MODES: return _("Mode timeline");
    case LUZTAR_PLOT_ENERGY: return _("Energy plot");
    default: return "";
    }
}

/* ------------------------------------------------------------------------ */
/* Drawing: snapshot and export                                               */

void
luztar_plot_invalidate (LuztarPlot *self)
{
  self->layout.serial = 0;
  g_clear_pointer (&self->frame_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
luztar_plot_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  luztar_plot_ensure_layout (self, width, height);

  /* the frame from its cache, rebuilt when the layout changed */
  if (self->frame_node == NULL || self->frame_node_serial != self->layout.serial)
    {
      /* Rasterised once into a texture: a cairo node would be replayed
       * (its text shaped and drawn again) by the renderer every frame. */
      int scale = gtk_widget_get_scale_factor (widget);
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GdkTexture) texture = NULL;

      g_clear_pointer (&self->frame_node, gsk_render_node_unref);
      cairo_surface_set_device_scale (image, scale, scale);
      cr = cairo_create (image);
      luztar_cairo_pin_font_options (cr);
      luztar_plot_layer_draw (&self->layers[LAYER_FRAME], cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (image);
      bytes = g_bytes_new (cairo_image_surface_get_data (image),
                           (gsize) cairo_image_surface_get_stride (image) * height * scale);
      texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                        (gsize) cairo_image_surface_get_stride (image));
      cairo_surface_destroy (image);
      self->frame_node = gsk_texture_node_new (texture, &bounds);
      self->frame_node_serial = self->layout.serial;
    }
  if (self->frame_node != NULL)
    gtk_snapshot_append_node (snapshot, self->frame_node);

  if (self->kind == LUZTAR_PLOT_PHASE && self->trace != NULL)
    {
      if (!luztar_plot_phase_sync (self, gtk_widget_get_scale_factor (widget), self->live ? LIVE_BUDGET_US : -1))
        gtk_widget_queue_draw (widget);
    }

  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  luztar_cairo_pin_font_options (cr);
  luztar_plot_layer_draw (&self->layers[LAYER_DATA], cr, width, height);
  luztar_plot_layer_draw (&self->layers[LAYER_CURSOR], cr, width, height);
  if (self->hovering)
    luztar_plot_draw_hover (self, cr);
  cairo_destroy (cr);
  self->snapshot_us = (double) (g_get_monotonic_time () - start);
}

static void
export_draw (cairo_t  *cr,
             int       width,
             int       height,
             gpointer  data)
{
  LuztarPlot *self = data;

  self->exporting = TRUE;
  for (guint i = 0; i < N_LAYERS; i++)
    luztar_plot_layer_draw (&self->layers[i], cr, width, height);
  self->exporting = FALSE;
  /* the layout is the export's now: the widget lays out again */
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_export:
 * @self: a plot
 * @path: the file to write; its extension (.png, .svg or .pdf, any case)
 *   chooses the format
 * @width: width in pixels (points for PDF), > 0
 * @height: height
 * @error: return location for an error
 *
 * Draws the plot as it is (ranges, cursor; not the hover readout) into a
 * file, with the same drawing code as the widget.
 *
 * Returns: %TRUE on success; %FALSE with @error set for an unknown
 *   extension or a file that cannot be written
 */
gboolean
luztar_plot_export (LuztarPlot  *self,
                    const char  *path,
                    int          width,
                    int          height,
                    GError     **error)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->live)
    luztar_plot_update_data (self, -1);
  return luztar_cairo_export (path, width, height, export_draw, self, error);
}

/* ------------------------------------------------------------------------ */
/* Live updates                                                               */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);
  gint64 start = g_get_monotonic_time ();

  if (luztar_plot_update_data (self, LIVE_BUDGET_US))
    gtk_widget_queue_draw (widget);
  self->update_us = (double) (g_get_monotonic_time () - start);
  return G_SOURCE_CONTINUE;
}

static void describe_modes (LuztarPlot *self);

static void
stop_ticking (LuztarPlot *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
}

/**
 * luztar_plot_set_live:
 * @self: a plot
 * @live: whether the trace is growing
 *
 * While @live, the plot takes new rows every frame (about 1 ms of work per
 * frame) and the autoscaled ranges only grow.  Turning it off takes every
 * remaining row once and fits the ranges to the data.
 */
void
luztar_plot_set_live (LuztarPlot *self,
                      gboolean    live)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  live = !!live;
  if (self->live == live)
    return;
  self->live = live;
  if (live)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  else
    {
      stop_ticking (self);
      luztar_plot_update_data (self, -1);
      luztar_plot_invalidate (self);
      describe_modes (self);
    }
}

/* A screen reader hears what the mode timeline shows
 * (luztar_plot_describe_modes()). */
static void
describe_modes (LuztarPlot *self)
{
  g_autofree char *text = NULL;

  if (self->kind != LUZTAR_PLOT_MODES || self->timeline == NULL || self->trace == NULL)
    return;
  text = luztar_plot_describe_modes (self->timeline, self->trace);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

gboolean
luztar_plot_get_live (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), FALSE);
  return self->live;
}

/* ------------------------------------------------------------------------ */
/* Pointer                                                                    */

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           LuztarPlot               *self)
{
  self->hovering = TRUE;
  self->hover_x = x;
  self->hover_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          LuztarPlot               *self)
{
  self->hovering = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The range of AXIS zoomed by FACTOR about the value at pixel P. */
static void
zoom_range (const LuztarAxis *axis,
            double            p,
            double            factor,
            double           *lo,
            double           *hi)
{
  LuztarAxis a = *axis;

  luztar_axis_zoom (&a, luztar_axis_to_value (&a, p), factor);
  *lo = a.lo;
  *hi = a.hi;
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           LuztarPlot               *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  Layout *l = &self->layout;
  double factor = pow (1.2, dy);

  if (l->serial == 0 || dy == 0)
    return FALSE;
  if ((mods & GDK_CONTROL_MASK) && self->kind != LUZTAR_PLOT_MODES && self->panels.n == 0)
    {
      zoom_range (&l->y, self->hovering ? self->hover_y : (l->py0 + l->py1) / 2, factor,
                  &self->y_lo, &self->y_hi);
      self->y_auto = FALSE;
    }
  else
    {
      zoom_range (&l->x, self->hovering ? self->hover_x : (l->px0 + l->px1) / 2, factor,
                  &self->x_lo, &self->x_hi);
      self->x_auto = FALSE;
      /* the y range follows the data in the new window */
      luztar_plot_autoscale (self);
    }
  luztar_plot_invalidate (self);
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               LuztarPlot     *self)
{
  self->drag_x_lo = self->x_lo;
  self->drag_x_hi = self->x_hi;
  self->drag_y_lo = self->y_lo;
  self->drag_y_hi = self->y_hi;
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_moved = FALSE;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                LuztarPlot     *self)
{
  Layout *l = &self->layout;
  LuztarAxis a;

  if (!self->drag_moved && hypot (dx, dy) < 4)
    return;
  self->drag_moved = TRUE;
  a = (LuztarAxis) { self->drag_x_lo, self->drag_x_hi, l->px0, l->px1 };
  luztar_axis_pan (&a, dx);
  self->x_auto = FALSE;
  self->x_lo = a.lo;
  self->x_hi = a.hi;
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      a = (LuztarAxis) { self->drag_y_lo, self->drag_y_hi, l->py1, l->py0 };
      luztar_axis_pan (&a, dy);
      self->y_auto = FALSE;
      self->y_lo = a.lo;
      self->y_hi = a.hi;
    }
  else
    luztar_plot_autoscale (self);
  luztar_plot_invalidate (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             LuztarPlot     *self)
{
  double t;

  if (self->drag_moved || !is_time_kind (self->kind))
    return;
  /* not moved: a click, which seeks */
  if (luztar_plot_pick (self, self->drag_start_x, self->drag_start_y, &t, NULL))
    g_signal_emit (self, signals[SIGNAL_SEEK], 0, t);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LuztarPlot      *self)
{
  if (n_press == 2)
    luztar_plot_reset_view (self);
}

/* ------------------------------------------------------------------------ */
/* Style                                                                      */

static void
on_dark_changed (LuztarPlot *self)
{
  if (self->dark_forced)
    return;
  self->dark = adw_style_manager_get_dark (self->style_manager);
  self->phase_serial = 0;
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_set_dark:
 * @self: a plot
 * @dark: draw for a dark background
 *
 * Fixes the style; without a call the plot follows the AdwStyleManager.
 */
void
luztar_plot_set_dark (LuztarPlot *self,
                      gboolean    dark)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  self->dark_forced = TRUE;
  self->dark = !!dark;
  self->phase_serial = 0;
  for (guint i = 0; i < self->lines->len; i++)
    ((Line *) g_ptr_array_index (self->lines, i))->key_rows = 0;
  luztar_plot_invalidate (self);
}

/* ------------------------------------------------------------------------ */
/* Public setters                                                             */

/* After a new trace, model or choice of variables: the lines again, the
 * rows taken (within a frame's budget while live), and a redraw. */
static void
reshow (LuztarPlot *self)
{
  /* an element of another model's trace colours nothing here */
  if (self->trace != NULL && self->mode_element >= (int) lz_trace_get_n_elements (self->trace))
    self->mode_element = -1;
  luztar_plot_rebuild_lines (self);
  luztar_plot_update_data (self, self->live ? LIVE_BUDGET_US : -1);
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_new:
 * @kind: what the plot shows, for its whole life
 *
 * Returns: (transfer floating): an empty plot ("No run yet")
 */
GtkWidget *
luztar_plot_new (LuztarPlotKind kind)
{
  LuztarPlot *self = g_object_new (LUZTAR_TYPE_PLOT, NULL);

  self->kind = kind;
  if (kind == LUZTAR_PLOT_MODES || kind == LUZTAR_PLOT_TIME_SERIES)
    self->timeline = luztar_mode_timeline_new ();
  if (kind == LUZTAR_PLOT_ENERGY)
    luztar_plot_rebuild_lines (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, kind_name (kind), -1);
  luztar_plot_autoscale (self);
  return GTK_WIDGET (self);
}

LuztarPlotKind
luztar_plot_get_kind (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), LUZTAR_PLOT_TIME_SERIES);
  return self->kind;
}

/**
 * luztar_plot_set_trace:
 * @self: a plot
 * @trace: (nullable): the trace to show (may still be growing); %NULL clears
 *
 * Shows @trace (a reference is taken).  The variables chosen stay as they
 * are; those the trace does not have are left out.
 */
void
luztar_plot_set_trace (LuztarPlot *self,
                       LzTrace    *trace)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  if (!luztar_set_trace (&self->trace, trace))
    return;
  reshow (self);
  if (!self->live)
    describe_modes (self);
}

LzTrace *
luztar_plot_get_trace (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  return self->trace;
}

/**
 * luztar_plot_set_model:
 * @self: a plot
 * @model: (nullable): the model of the trace
 *
 * Only used for the units: rotational bodies are in rad, rad/s, N·m.
 */
void
luztar_plot_set_model (LuztarPlot *self,
                       LzModel    *model)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  luztar_set_model (&self->model, model);
  if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->trace != NULL)
    reshow (self);   /* the stick shading follows the model */
  else
    luztar_plot_invalidate (self);
}

/**
 * luztar_plot_set_emphasis:
 * @self: a plot
 * @emphasis: how much larger its text and lines are drawn (1: normal;
 *   presentation mode: %LUZTAR_PRESENTATION_EMPHASIS)
 */
void
luztar_plot_set_emphasis (LuztarPlot *self,
                          double      emphasis)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (emphasis > 0 && isfinite (emphasis));
  if (self->emphasis == emphasis)
    return;
  self->emphasis = emphasis;
  self->layout.serial = 0;
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_set_series:
 * @self: a time series plot
 * @series: (array length=n): the variables to show, in legend order
 * @n: how many
 */
void
luztar_plot_set_series (LuztarPlot         *self,
                        const LuztarSeries *series,
                        guint               n)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (n == 0 || series != NULL);

  g_array_set_size (self->series, 0);
  for (guint i = 0; i < n; i++)
    if (luztar_series_is_valid (&series[i], NULL))
      g_array_append_val (self->series, series[i]);
  reshow (self);
}

/**
 * luztar_plot_get_series:
 * @self: a plot
 * @n: (out): how many
 *
 * Returns: (transfer none) (array length=n): the variables set
 */
const LuztarSeries *
luztar_plot_get_series (LuztarPlot *self,
                        guint      *n)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  *n = self->series->len;
  return (const LuztarSeries *) (const void *) self->series->data;
}

/**
 * luztar_plot_set_marks:
 * @self: a plot against time
 * @times: (array length=n) (nullable): instants to mark (s)
 * @texts: (array length=n) (nullable): a short text at each mark, or %NULL
 * @n: how many
 * @label: (nullable): the marks' legend entry ("set-valued instant")
 *
 * Marks instants across the plot with dashed vertical lines, in the
 * widget and in its exports: the set-valued instants of a program
 * motion, for instance.
 */
void
luztar_plot_set_marks (LuztarPlot        *self,
                       const double      *times,
                       const char *const *texts,
                       guint              n,
                       const char        *label)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (n == 0 || times != NULL);

  g_array_set_size (self->marks, 0);
  g_ptr_array_set_size (self->mark_texts, 0);
  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (self->marks, times[i]);
      g_ptr_array_add (self->mark_texts, g_strdup (texts != NULL ? texts[i] : NULL));
    }
  luztar_set_str (&self->marks_label, label);
  self->layout.serial = 0;       /* the legend may have changed */
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_get_marks:
 * @self: a plot
 * @n: (out): how many instants are marked
 *
 * Returns: (transfer none) (array length=n): the marked instants (s)
 */
const double *
luztar_plot_get_marks (LuztarPlot *self,
                       guint      *n)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  *n = self->marks->len;
  return (const double *) (const void *) self->marks->data;
}

/**
 * luztar_plot_set_titles:
 * @self: a plot
 * @y_title: (nullable): the title of the left axis, instead of the one
 *   made from the variables shown
 * @empty_text: (nullable): what an empty plot says, instead of "No run
 *   yet"
 */
void
luztar_plot_set_titles (LuztarPlot *self,
                        const char *y_title,
                        const char *empty_text)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  luztar_set_str (&self->y_title_text, y_title);
  luztar_set_str (&self->empty_text, empty_text);
  self->layout.serial = 0;
  luztar_plot_invalidate (self);
}

/**
 * luztar_plot_set_phase:
 * @self: a phase portrait
 * @x: the horizontal variable (a position)
 * @y: the vertical variable (its velocity)
 * @mode_element: the element whose mode colours the trajectory, or −1
 *   for one colour
 */
void
luztar_plot_set_phase (LuztarPlot         *self,
                       const LuztarSeries *x,
                       const LuztarSeries *y,
                       int                 mode_element)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (x != NULL && y != NULL);

  self->phase_x = *x;
  self->phase_y = *y;
  self->mode_element = mode_element;
  reshow (self);
}

/**
 * luztar_plot_set_time_range:
 * @self: a plot over time
 * @t0: the start (s)
 * @t1: the end (s), > @t0
 *
 * The time axis shows [@t0, @t1] when autoscaled (the run's time span),
 * rather than the data's.
 */
void
luztar_plot_set_time_range (LuztarPlot *self,
                            double      t0,
                            double      t1)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (isfinite (t0) && isfinite (t1) && t1 > t0);

  self->have_time_range = TRUE;
  self->t0 = t0;
  self->t1 = t1;
  if (luztar_plot_autoscale (self))
    luztar_plot_invalidate (self);
}

/**
 * luztar_plot_set_cursor:
 * @self: a plot
 * @t: a time (s), or NAN to hide the cursor
 *
 * Shows a vertical line with the values at @t (a marker on the
 * trajectory of a phase portrait).
 */
void
luztar_plot_set_cursor (LuztarPlot *self,
                        double      t)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  if (self->cursor == t || (isnan (self->cursor) && isnan (t)))
    return;
  self->cursor = t;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_plot_reset_view:
 * @self: a plot
 *
 * Back to autoscaled ranges after zooming or panning (double click).
 */
void
luztar_plot_reset_view (LuztarPlot *self)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  self->x_auto = TRUE;
  self->y_auto = TRUE;
  self->ranges_valid = FALSE;
  luztar_plot_autoscale (self);
  luztar_plot_invalidate (self);
}

void
luztar_plot_get_x_range (LuztarPlot *self,
                         double     *lo,
                         double     *hi)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  *lo = self->x_lo;
  *hi = self->x_hi;
}

void
luztar_plot_get_y_range (LuztarPlot *self,
                         double     *lo,
                         double     *hi)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  *lo = self->y_lo;
  *hi = self->y_hi;
}

/**
 * luztar_plot_get_n_rows:
 * @self: a plot
 *
 * Returns: the rows of the trace the plot has taken so far
 */
guint
luztar_plot_get_n_rows (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), 0);
  return self->n_rows;
}

/**
 * luztar_plot_get_mode_timeline:
 * @self: a mode timeline plot
 *
 * Returns: (transfer none) (nullable): its intervals, %NULL for other kinds
 */
const LuztarModeTimeline *
luztar_plot_get_mode_timeline (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  return self->timeline;
}

/**
 * luztar_plot_get_timings:
 * @self: a plot
 * @update_us: (out) (optional): the last tick's work (taking rows), µs
 * @snapshot_us: (out) (optional): the last snapshot's, µs
 */
void
luztar_plot_get_timings (LuztarPlot *self,
                         double     *update_us,
                         double     *snapshot_us)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  if (update_us != NULL)
    *update_us = self->update_us;
  if (snapshot_us != NULL)
    *snapshot_us = self->snapshot_us;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                    */

static void
luztar_plot_dispose (GObject *object)
{
  stop_ticking (LUZTAR_PLOT (object));
  G_OBJECT_CLASS (luztar_plot_parent_class)->dispose (object);
}

static void
luztar_plot_finalize (GObject *object)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  g_ptr_array_unref (self->lines);
  g_array_unref (self->series);
  g_clear_pointer (&self->trace, lz_trace_unref);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->timeline, luztar_mode_timeline_free);
  g_clear_pointer (&self->stick_wanted, g_free);
  g_clear_pointer (&self->frame_node, gsk_render_node_unref);
  g_clear_pointer (&self->phase_surface, cairo_surface_destroy);
  cairo_destroy (self->measure_cr);
  g_array_unref (self->marks);
  g_ptr_array_unref (self->mark_texts);
  g_free (self->marks_label);
  g_free (self->y_title_text);
  g_free (self->empty_text);
  G_OBJECT_CLASS (luztar_plot_parent_class)->finalize (object);
}

static void
luztar_plot_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 160;
      *natural = 480;
    }
  else
    {
      *minimum = self->kind == LUZTAR_PLOT_MODES ? 80 : 120;
      *natural = self->kind == LUZTAR_PLOT_MODES ? 140 : 240;
    }
}

static void
luztar_plot_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  luztar_plot_invalidate (LUZTAR_PLOT (widget));
}

static void
luztar_plot_class_init (LuztarPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = luztar_plot_dispose;
  object_class->finalize = luztar_plot_finalize;
  widget_class->snapshot = luztar_plot_snapshot;
  widget_class->measure = luztar_plot_measure;
  widget_class->size_allocate = luztar_plot_size_allocate;

  /**
   * LuztarPlot::seek:
   * @plot: the plot
   * @t: the time clicked (s): an event's time when the click was on its
   *   marker in the mode timeline
   */
  signals[SIGNAL_SEEK] =
    luztar_signal_new (klass, "seek", G_TYPE_DOUBLE);

  gtk_widget_class_set_css_name (widget_class, "luztar-plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
luztar_plot_init (LuztarPlot *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->lines = g_ptr_array_new_with_free_func (luztar_plot_line_free);
  self->series = g_array_new (FALSE, FALSE, sizeof (LuztarSeries));
  self->marks = g_array_new (FALSE, FALSE, sizeof (double));
  self->mark_texts = g_ptr_array_new_with_free_func (g_free);
  self->mode_element = -1;
  self->cursor = NAN;
  self->emphasis = 1;
  self->x_auto = self->y_auto = TRUE;
  self->x_hi = self->y_hi = self->y2_hi = 1;
  self->phase_last_x = self->phase_last_y = NAN;
  self->layers[LAYER_FRAME] = (LuztarPlotLayer) { &luztar_plot_frame_layer, self };
  self->layers[LAYER_DATA] = (LuztarPlotLayer) { &luztar_plot_data_layer, self };
  self->layers[LAYER_CURSOR] = (LuztarPlotLayer) { &luztar_plot_cursor_layer, self };
  {
    /* text is measured on a pixel of its own (the context keeps it) */
    cairo_surface_t *pixel = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);

    self->measure_cr = cairo_create (pixel);
    cairo_surface_destroy (pixel);
  }
  luztar_cairo_pin_font_options (self->measure_cr);

  self->style_manager = adw_style_manager_get_default ();
  self->dark = adw_style_manager_get_dark (self->style_manager);
  g_signal_connect_object (self->style_manager, "notify::dark", G_CALLBACK (on_dark_changed), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}
