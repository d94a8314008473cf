/* luztar-sim-panel-instant.c — the instant the simulation panel shows: canvas, cursors, time
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame-clock tick reads what the run's worker has published — no lock,
 * rows below the published count never change — and shows one instant of
 * it: the canvas animated between samples, impacts flashing, the plots'
 * cursors, the time and the scrubber.  While the run goes on that instant
 * is the newest sample; after a pause the scrubber, a click in a plot or
 * a row of the event log choose it (luztar_sim_panel_seek()).
 */

#include "config.h"

#include <math.h>

#include "luztar-sim-panel-private.h"

/* How long an impact glows on the canvas (µs of wall-clock time). */
#define FLASH_USEC (350 * G_TIME_SPAN_MILLISECOND)

/* The automatic motion scale puts the largest displacement this far (in
 * canvas units; a mass is 64 wide). */
#define AUTO_SCALE_REACH 60.0

/* While a run goes on, the time label, the scrubber and the event log
 * (what the accessibility tree tells) are updated at most this often; the
 * canvas and the plots still move every frame. */
#define ANNOUNCE_USEC (250 * G_TIME_SPAN_MILLISECOND)

/* The sample at or just before T. */
static guint
row_at (LzTrace *trace,
        guint    n,
        double   t)
{
  guint row = lz_trace_find_time (trace, t);

  if (row >= n)
    return n - 1;
  if (row > 0 && lz_trace_get_time (trace, row) > t)
    row--;
  return row;
}

/* Frees the animation's arrays (one block). */
void
sim_panel_drop_state_arrays (LuztarSimPanel *self)
{
  g_clear_pointer (&self->body_q, g_free);
  self->ground_q = self->flash = NULL;
  self->flash_start = NULL;
  self->modes = NULL;
}

/* The animation's arrays for the model's sizes, in one block: the
 * doubles and the impact times (8 bytes each) first, the modes last. */
static void
ensure_state_arrays (LuztarSimPanel *self)
{
  guint nb = lz_model_get_n_bodies (self->model), ng = lz_model_get_n_grounds (self->model);
  guint ne = lz_model_get_n_elements (self->model);
  guint mb = MAX (nb, 1), mg = MAX (ng, 1), me = MAX (ne, 1);

  G_STATIC_ASSERT (sizeof (gint64) == sizeof (double));
  if (self->body_q != NULL && nb == self->n_bodies && ng == self->n_grounds && ne == self->n_elements)
    return;
  sim_panel_drop_state_arrays (self);
  self->n_bodies = nb;
  self->n_grounds = ng;
  self->n_elements = ne;
  self->body_q = g_malloc0 ((mb + mg + 2 * me) * sizeof (double) + me * sizeof (LzMode));
  self->ground_q = self->body_q + mb;
  self->flash = self->ground_q + mg;
  self->flash_start = (gint64 *) (void *) (self->flash + me);
  self->modes = (LzMode *) (void *) (self->flash_start + me);
}

/* Impacts between the previously shown instant and T start a flash. */
static void
update_flashes (LuztarSimPanel *self,
                LzTrace        *trace,
                double          t,
                gint64          now)
{
  guint n_events = lz_trace_get_n_events (trace);
  LzEvent ev;

  /* going back: recount silently */
  if (self->flash_cursor > 0)
    {
      lz_trace_get_event (trace, self->flash_cursor - 1, &ev);
      if (ev.t > t)
        self->flash_cursor = 0;
    }
  while (self->flash_cursor < n_events)
    {
      lz_trace_get_event (trace, self->flash_cursor, &ev);
      if (ev.t > t)
        break;
      if ((ev.cause == LZ_CAUSE_IMPACT || ev.cause == LZ_CAUSE_ZENO) && ev.element < self->n_elements)
        self->flash_start[ev.element] = now;
      self->flash_cursor++;
    }
  for (guint e = 0; e < self->n_elements; e++)
    {
      gint64 age = now - self->flash_start[e];

      self->flash[e] = self->flash_start[e] > 0 && age < FLASH_USEC
                       ? 1.0 - (double) age / FLASH_USEC : 0;
    }
}

static gboolean
flash_active (LuztarSimPanel *self)
{
  for (guint e = 0; self->flash != NULL && e < self->n_elements; e++)
    if (self->flash[e] > 0)
      return TRUE;
  return FALSE;
}

static double
motion_scale (LuztarSimPanel *self,
              LzTrace        *trace,
              guint           n)
{
  if (!gtk_check_button_get_active (self->auto_scale_check))
    return gtk_spin_button_get_value (self->scale_spin);
  /* the largest displacement of a mass so far (new rows only) */
  for (; self->scanned_rows < n; self->scanned_rows++)
    for (guint i = 0; i < self->n_bodies; i++)
      if (lz_model_get_body (self->model, i)->kind != LZ_BODY_ROTATIONAL)
        {
          double q = fabs (lz_trace_get_q (trace, self->scanned_rows, i));

          if (isfinite (q))
            self->max_abs_q = MAX (self->max_abs_q, q);
        }
  if (!(self->max_abs_q > 0))
    return 100;
  return CLAMP (AUTO_SCALE_REACH / self->max_abs_q, 1, 1e6);
}

/* The bodies' positions at T between the samples ROW and ROW + 1: the
 * cubic through q and v at both ends, smooth motion from the few samples
 * of an event-driven run (no event lies inside a step, so q is smooth
 * there). */
static void
interpolate_bodies (LuztarSimPanel *self,
                    LzTrace        *trace,
                    guint           row,
                    guint           n,
                    double          t)
{
  double t0 = lz_trace_get_time (trace, row);
  double t1 = row + 1 < n ? lz_trace_get_time (trace, row + 1) : t0;
  double h = t1 - t0, u = h > 0 ? CLAMP ((t - t0) / h, 0, 1) : 0;
  double h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u);
  double h01 = u * u * (3 - 2 * u), h11 = u * u * (u - 1);

  for (guint i = 0; i < self->n_bodies; i++)
    {
      double q0 = lz_trace_get_q (trace, row, i);

      if (u > 0)
        self->body_q[i] = h00 * q0 + h10 * h * lz_trace_get_v (trace, row, i)
                          + h01 * lz_trace_get_q (trace, row + 1, i)
                          + h11 * h * lz_trace_get_v (trace, row + 1, i);
      else
        self->body_q[i] = q0;
    }
}

void
sim_panel_update_view (LuztarSimPanel *self,
                       gint64          now)
{
  LzTrace *trace = sim_panel_get_trace (self);
  LuztarAnimation animation;
  gboolean announce;
  guint n, row;
  double t;

  if (trace == NULL || self->model == NULL)
    return;
  n = lz_trace_get_n_samples (trace);
  if (n == 0)
    return;
  ensure_state_arrays (self);
  if (self->follow)
    {
      /* a paced run shows the clock's time, not the end of the step the
       * worker has already taken (an event-driven step can be long) */
      self->shown_t = self->running ? luztar_run_get_paced_time (self->run)
                                    : lz_trace_get_time (trace, n - 1);
      row = self->running ? row_at (trace, n, self->shown_t) : n - 1;
    }
  else
    row = row_at (trace, n, self->shown_t);
  t = self->shown_t;

  /* what screen readers are told changes a few times a second while a
   * run goes on, not every frame (issue 21: a flood of changes kept the
   * accessibility bus from answering) */
  announce = !self->running || now - self->announced >= ANNOUNCE_USEC || now < self->announced;
  if (announce)
    {
      g_autofree char *text = g_strdup_printf ("t = %.4f s", t);

      self->announced = now;
      gtk_label_set_text (self->time_label, text);
      self->syncing = TRUE;
      gtk_adjustment_set_value (self->scrubber_adjustment, t);
      self->syncing = FALSE;
    }

  interpolate_bodies (self, trace, row, n, t);
  for (guint g = 0; g < self->n_grounds; g++)
    {
      const LzGround *ground = lz_model_get_ground (self->model, g);

      self->ground_q[g] = ground->motion != NULL ? lz_expr_eval (ground->motion, t) : 0;
    }
  for (guint e = 0; e < self->n_elements; e++)
    self->modes[e] = lz_trace_get_mode (trace, row, e);
  update_flashes (self, trace, t, now);
  animation = (LuztarAnimation) { self->body_q, self->ground_q, self->modes, self->flash,
                                  motion_scale (self, trace, n) };
  if (self->canvas != NULL)
    luztar_canvas_set_animation (self->canvas, &animation);

  if (self->running)
    sim_panel_follow_in_slow_motion (self, t);
  for (guint i = 0; i < self->plots->len; i++)
    luztar_plot_set_cursor (self->plots->pdata[i], t);
  /* (a log on a hidden page catches up when shown or when the run stops) */
  if (announce && (!self->running || gtk_widget_get_mapped (GTK_WIDGET (self->event_log))))
    luztar_event_log_update (self->event_log);
  if (!self->follow)
    luztar_event_log_select_time (self->event_log, t);
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  LuztarSimPanel *self = LUZTAR_SIM_PANEL (widget);

  sim_panel_update_view (self, gdk_frame_clock_get_frame_time (clock));
  if (!self->running && !flash_active (self))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
sim_panel_ensure_tick (LuztarSimPanel *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick, NULL, NULL);
}

/**
 * luztar_sim_panel_seek:
 * @self: a panel
 * @t: a time (s)
 *
 * Shows the run at @t (clamped to what has been computed): the canvas, the
 * plots' cursors, the scrubber and the event log.  A running run pauses.
 */
void
luztar_sim_panel_seek (LuztarSimPanel *self,
                       double          t)
{
  LzTrace *trace;
  guint n;

  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));

  trace = sim_panel_get_trace (self);
  if (trace == NULL || !isfinite (t))
    return;
  if (self->running)
    luztar_run_pause (self->run);
  n = lz_trace_get_n_samples (trace);
  if (n == 0)
    return;
  self->follow = FALSE;
  self->shown_t = CLAMP (t, 0, lz_trace_get_time (trace, n - 1));
  sim_panel_update_view (self, g_get_monotonic_time ());
  if (flash_active (self))
    sim_panel_ensure_tick (self);
}
