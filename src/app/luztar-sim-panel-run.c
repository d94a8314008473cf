/* luztar-sim-panel-run.c — the simulation panel's run: made, started, stopped and told
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel makes the run of its model on first use (a LuztarRun: the
 * integrator in a worker thread appending to an LzTrace), attaches its
 * trace to the plots and the event log, and says in the status line how
 * each stop came about: a pause, a step, a mode switch, the end (with a
 * summary and what in the run is not to be trusted) or an error.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "luztar-sim-panel-private.h"
#include "sim/luztar-modes.h"

static void
attach_trace (LuztarSimPanel *self)
{
  LzTrace *trace = sim_panel_get_trace (self);
  double t_end = self->run != NULL ? luztar_run_get_t_end (self->run) : 1;

  for (guint i = 0; i < self->plots->len; i++)
    {
      LuztarPlot *plot = self->plots->pdata[i];

      luztar_plot_set_trace (plot, trace);
      if (luztar_plot_get_kind (plot) != LUZTAR_PLOT_PHASE)
        luztar_plot_set_time_range (plot, 0, t_end);
    }
  /* repeats a few of the model's steps apart are chatter: merged rows */
  if (self->model != NULL)
    luztar_event_log_set_time_step (self->event_log, lz_model_get_simulation (self->model)->dt);
  luztar_event_log_set_trace (self->event_log, trace);
  self->scanned_rows = 0;
  self->max_abs_q = 0;
  self->flash_cursor = 0;
  self->shown_t = 0;
  self->follow = TRUE;
  if (self->flash_start != NULL)
    memset (self->flash_start, 0, MAX (self->n_elements, 1) * sizeof (gint64));
  self->syncing = TRUE;
  gtk_adjustment_set_upper (self->scrubber_adjustment, t_end);
  gtk_adjustment_set_value (self->scrubber_adjustment, 0);
  gtk_adjustment_set_step_increment (self->scrubber_adjustment, t_end / 1000);
  gtk_adjustment_set_page_increment (self->scrubber_adjustment, t_end / 20);
  self->syncing = FALSE;
  {
    g_autofree char *end = g_strdup_printf (_("%g s"), t_end);

    gtk_label_set_text (self->end_label, end);
  }
  /* no stale time from another model or run: the start until it moves */
  gtk_label_set_text (self->time_label, "t = 0 s");
}

void
sim_panel_set_plots_live (LuztarSimPanel *self,
                          gboolean        live)
{
  for (guint i = 0; i < self->plots->len; i++)
    luztar_plot_set_live (self->plots->pdata[i], live);
  if (!live)
    sim_panel_follow_in_slow_motion (self, NAN);
}

/* In slow motion, while running, the time plots show the last stretch
 * of the run up to T; otherwise (T not a number) the run's whole span. */
void
sim_panel_follow_in_slow_motion (LuztarSimPanel *self,
                                 double          t)
{
  luztar_views_follow_time (self->plots, self->speed,
                            self->run != NULL ? luztar_run_get_t_end (self->run) : 1, t);
}

static guint
n_initial_events (LzTrace *trace)
{
  guint n = lz_trace_get_n_events (trace), count = 0;
  LzEvent ev;

  for (guint i = 0; i < n; i++)
    {
      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_INITIAL)
        count++;
    }
  return count;
}

static char *
summary (LuztarSimPanel *self)
{
  LzTrace *trace = sim_panel_get_trace (self);
  guint n = lz_trace_get_n_samples (trace);
  LzIntegratorStats stats;
  LzEnergy energy = { 0 };
  g_autofree char *steps = NULL;
  /* the worker's own time: the main loop may take a frame to hear of it */
  double busy = luztar_run_get_busy_time (self->run);

  luztar_run_get_stats (self->run, &stats);
  steps = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.steps);
  if (n > 0)
    lz_trace_get_energy (trace, n - 1, &energy);
  /* Translators: the summary of a finished run: the end time, how long the
   * computer took (s) and how many times faster than real time that is, the
   * number of steps, ... */
  return g_strdup_printf (_("Finished at t = %g s in %.3f s (%.0f× real time): %s steps, %u mode "
                            "switches, largest complementarity residual %.1e, energy balance "
                            "error %.2e J."),
                          luztar_run_get_time (self->run), busy,
                          busy > 0 ? luztar_run_get_time (self->run) / busy : 0,
                          steps,
                          lz_trace_get_n_events (trace) - n_initial_events (trace),
                          stats.lcp_max_residual, energy.balance_error);
}

/* After the run stopped (or was reset): TEXT in the status line and the
 * view back on the run's last instant. */
void
sim_panel_stood_still (LuztarSimPanel *self,
                       const char     *text)
{
  sim_panel_set_status (self, text);
  self->follow = TRUE;
  sim_panel_update_view (self, g_get_monotonic_time ());
  sim_panel_update_actions (self);
}

static void
on_run_stopped (LuztarRun        *run,
                LuztarStopReason  reason,
                LuztarSimPanel   *self)
{
  g_autofree char *text = NULL;
  double t = luztar_run_get_time (run);
  LzEvent event;

  sim_panel_set_running (self, FALSE);
  sim_panel_set_plots_live (self, FALSE);
  switch (reason)
    {
    case LUZTAR_STOP_PAUSED:
      text = g_strdup_printf (_("Paused at t = %g s."), t);
      break;
    case LUZTAR_STOP_STEP:
      text = g_strdup_printf (_("One step: now at t = %g s."), t);
      break;
    case LUZTAR_STOP_EVENT:
    case LUZTAR_STOP_BREAKPOINT:
      if (luztar_run_get_stop_event (run, &event))
        {
          g_autofree char *what = luztar_event_describe (&event, lz_trace_get_element_id (sim_panel_get_trace (self),
                                                                                          event.element));

          text = reason == LUZTAR_STOP_EVENT
                 /* Translators: %s is an event, e.g. "t = 1.2 s  f1: stick → slip + (…)" */
                 ? g_strdup_printf (_("Next mode switch: %s"), what)
                 /* Translators: %s is an event */
                 : g_strdup_printf (_("Paused on a mode switch: %s"), what);
        }
      else
        text = g_strdup_printf (_("No mode switch before the end: now at t = %g s."), t);
      break;
    case LUZTAR_STOP_TIME:
      text = g_strdup_printf (_("Reached t = %g s."), t);
      break;
    case LUZTAR_STOP_END:
      text = summary (self);
      {
        /* a finished run that is not to be trusted says so */
        g_autoptr(GPtrArray) warnings = luztar_run_dup_warnings (run);

        for (guint i = 0; i < warnings->len; i++)
          {
            /* Translators: %s says what in the finished run is inaccurate */
            g_autofree char *warning = g_strdup_printf (_("Warning: %s"), (const char *) warnings->pdata[i]);
            char *longer = g_strconcat (text, " ", warning, NULL);

            g_free (text);
            text = longer;
          }
        /* with its warnings, longer than the status line's lines: all of
         * it in the problem bar, which stays until closed; no toast
         * besides (it only repeated a warning the bar says, cut at
         * 800 × 600 and over the plot) */
        if (warnings->len > 0)
          {
            sim_panel_stood_still (self, text);
            sim_panel_show_problem (self, text);
            return;
          }
      }
      break;
    case LUZTAR_STOP_ERROR:
    default:
      {
        const GError *error = luztar_run_get_error (run);
        g_autofree char *why = error != NULL ? luztar_run_describe_error (error) : g_strdup ("?");

        /* Translators: %s says why the integrator could not go on */
        text = g_strdup_printf (_("The run stopped: %s"), why);
        sim_panel_stood_still (self, text);
        sim_panel_show_problem (self, text);
      }
      return;
    }
  sim_panel_stood_still (self, text);
}

static void
on_run_trace (LuztarRun      *run,
              GParamSpec     *pspec,
              LuztarSimPanel *self)
{
  attach_trace (self);
  sim_panel_update_view (self, g_get_monotonic_time ());
}

void
sim_panel_drop_run (LuztarSimPanel *self)
{
  if (self->run == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->run, self);
  /* disposing a run stops and joins its worker */
  g_clear_object (&self->run);
  sim_panel_set_running (self, FALSE);
  sim_panel_set_plots_live (self, FALSE);
  attach_trace (self);
  if (self->canvas != NULL)
    luztar_canvas_set_animation (self->canvas, NULL);
}

/* The run of the current model, made on first use.  Why a model cannot
 * run goes to the status line, and all of it to the problem bar in its
 * place when TELL (a command of the user, not an edit on the way to a
 * model). */
gboolean
sim_panel_ensure_run (LuztarSimPanel *self,
                      gboolean        tell)
{
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  const LzSimulation *sim;

  if (self->run != NULL)
    return TRUE;
  if (self->model == NULL)
    return FALSE;
  sim = lz_model_get_simulation (self->model);
  lz_integrator_options_init (&options);
  /* an event-driven run is sampled every dt (the model's output interval)
   * from the integrator's dense output, at most 5000 samples (each costs a
   * short integration; the canvas interpolates between them), so that
   * the plots and the animation are smooth; a time-stepping run every step,
   * at most 200 000 rows (a long run fills no gigabytes).  The steps and the
   * events are those of luztar-cli run whatever the sampling. */
  options.sample = sim->method == LZ_METHOD_TIMESTEP ? sim->t_end / 200000
                                                     : MAX (sim->dt, sim->t_end / 5000);
  self->run = luztar_run_new (self->model,
                              sim->method == LZ_METHOD_TIMESTEP ? LUZTAR_METHOD_TIME_STEPPING
                                                                : LUZTAR_METHOD_EVENT_DRIVEN,
                              &options, &error);
  if (self->run == NULL)
    {
      /* Translators: %s says why the model cannot be simulated */
      g_autofree char *why = luztar_run_describe_error (error);
      g_autofree char *text = g_strdup_printf (_("Cannot run the model: %s"), why);

      sim_panel_set_status (self, text);
      if (tell)
        sim_panel_show_problem (self, text);
      return FALSE;
    }
  self->notes_told = FALSE;
  g_signal_connect (self->run, "stopped", G_CALLBACK (on_run_stopped), self);
  g_signal_connect (self->run, "notify::trace", G_CALLBACK (on_run_trace), self);
  luztar_run_set_speed (self->run, self->speed);
  sim_panel_apply_breakpoints (self);
  attach_trace (self);
  return TRUE;
}

gboolean
sim_panel_run_is (LuztarSimPanel *self,
                  LuztarRunState  state)
{
  return self->run != NULL && luztar_run_get_state (self->run) == state;
}

/* What the run does with the model that the user may not expect, said
 * once per run, when the user first moves it on. */
static void
tell_notes (LuztarSimPanel *self)
{
  if (self->run == NULL || self->notes_told)
    return;
  self->notes_told = TRUE;
  if (luztar_run_get_notes (self->run) != NULL)
    {
      guint n = luztar_run_get_notes (self->run)->len;
      g_autofree char *text = g_strdup_printf (ngettext ("%u massless joint is taken in closed form "
                                                         "for the run: the Matrices page says how",
                                                         "%u massless joints are taken in closed form "
                                                         "for the run: the Matrices page says how", n),
                                               n);

      sim_panel_message (self, text);
    }
  else if (luztar_model_has_program (self->model))
    sim_panel_message (self, _("The run does not impose the prescribed motions: their forces are on the "
                     "Program Motion page"));
}

/* Before a command that moves on: a finished or failed run starts over. */
gboolean
sim_panel_prepare_to_go_on (LuztarSimPanel *self)
{
  if (!sim_panel_ensure_run (self, TRUE))
    return FALSE;
  tell_notes (self);
  if (sim_panel_run_is (self, LUZTAR_RUN_FINISHED) || sim_panel_run_is (self, LUZTAR_RUN_FAILED))
    luztar_run_reset (self->run);
  return TRUE;
}

void
sim_panel_went_on (LuztarSimPanel *self,
                   const char     *text)
{
  self->follow = TRUE;
  sim_panel_set_running (self, TRUE);
  sim_panel_set_plots_live (self, TRUE);
  sim_panel_set_status (self, text);
  sim_panel_ensure_tick (self);
  sim_panel_update_actions (self);
}
