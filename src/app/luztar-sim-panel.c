/* luztar-sim-panel.c — the simulation panel: run, replay, plots, events, matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel under the canvas owns the run of the window's model (a
 * LuztarRun: the integrator in a worker thread appending to an LzTrace).
 * A frame-clock tick callback reads what the worker has published — no
 * lock, rows below the published count never change — and shows one
 * instant of it: the canvas animated, the plots' cursors, the time.  While
 * the run goes on that instant is the newest sample; after a pause the
 * scrubber, a click in a plot or a row of the event log choose it.
 *
 * An edit of the model while a run exists restarts the run from t = 0
 * with the edited model (running again if it was running): a trace always
 * belongs to the model on the canvas, and a class sees the effect of a
 * changed friction level at once.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-sim-panel.h"
#include "luztar-compare-page.h"
#include "luztar-event-log.h"
#include "luztar-export-dialog.h"
#include "luztar-matrix-view.h"
#include "luztar-set.h"
#include "luztar-program-view.h"
#include "luztar-sweep-view.h"
#include "luztar-views.h"
#include "plot/luztar-plot.h"
#include "plot/luztar-series-chooser.h"
#include "sim/luztar-modes.h"

/* How long an impact glows on the canvas (µs of wall-clock time). */
#define FLASH_USEC (350 * G_TIME_SPAN_MILLISECOND)

/* The automatic motion scale puts the largest displacement this far (in
 * canvas units; a mass is 64 wide). */
#define AUTO_SCALE_REACH 60.0

/* While a run goes on, the time label, the scrubber and the event log
 * (what the accessibility tree tells) are updated at most this often; the
 * canvas and the plots still move every frame. */
#define ANNOUNCE_USEC (250 * G_TIME_SPAN_MILLISECOND)

/* Exported plots at least this big (pixels). */
#define EXPORT_MIN_WIDTH  960
#define EXPORT_MIN_HEIGHT 540

struct _LuztarSimPanel
{
  GtkBox             parent_instance;

  /* Template widgets */
  GtkLabel          *time_label;
  GtkLabel          *end_label;
  GtkLabel          *status_label;
  gboolean           notes_told;       /* the run's notes have been said */
  GtkScale          *scrubber;
  GtkAdjustment     *scrubber_adjustment;
  GtkStack          *stack;
  GtkBox            *switcher;
  AdwSqueezer       *switcher_squeezer;
  GtkPaned          *views_paned;
  GtkPopover        *settings_popover;
  GtkScrolledWindow *settings_scroller;
  GtkBox            *view_bar;
  GtkBox            *series_box;
  GtkBox            *phase_box;
  GtkBox            *modes_box;
  GtkBox            *energy_box;
  GtkBox            *events_box;
  GtkBox            *matrix_box;
  GtkDropDown       *method_dropdown;
  GtkDropDown       *speed_dropdown;
  GtkSpinButton     *t_end_spin;
  GtkSpinButton     *dt_spin;
  GtkSpinButton     *scale_spin;
  GtkSpinButton     *until_spin;
  GtkCheckButton    *auto_scale_check;
  GtkCheckButton    *break_any_check;
  GtkBox            *break_box;
  GtkButton         *until_button;

  /* Owned */
  LzModel           *model;
  LuztarRun         *run;
  GPtrArray         *break_checks;     /* GtkCheckButton per nonsmooth element */
  GHashTable        *breakpoints;      /* element ids to pause on (kept across edits) */
  char              *status;
  GtkNativeDialog   *chooser;
  double            *body_q;
  double            *ground_q;
  double            *flash;
  LzMode            *modes;
  gint64            *flash_start;      /* per element, when its last impact was shown */
  guint              n_bodies, n_grounds, n_elements;

  /* Children made in code */
  LuztarPlot        *series_plot;
  LuztarPlot        *phase_plot;
  LuztarPlot        *modes_plot;
  LuztarPlot        *energy_plot;
  GtkWidget         *series_chooser;
  GtkWidget         *phase_chooser;
  LuztarEventLog    *event_log;
  LuztarMatrixView  *matrix_view;
  LuztarProgramView *program_view;
  LuztarSweepView   *sweep_view;
  LuztarComparePage *compare_page;     /* both methods over each other */
  GtkWidget         *program_button;   /* its switcher button, shown for program models */
  GtkWidget         *compare_button;   /* the Compare page's, shown once used */
  LuztarCompanion   *companion;        /* the second view, on a wide panel */
  GPtrArray         *plots;            /* every LuztarPlot above and the companion's */

  /* The shown instant */
  guint              tick_id;
  double             shown_t;
  gboolean           follow;           /* the shown instant is the newest sample */
  double             max_abs_q;        /* for the automatic motion scale */
  guint              scanned_rows;
  guint              flash_cursor;     /* events up to the shown instant */
  double             speed;
  gboolean           syncing;          /* widgets set by code, not by the user */
  gboolean           running;
  gint64             announced;        /* when the time and the log were last updated */

  /* Borrowed */
  LuztarCanvas      *canvas;
  GActionMap        *actions;
};

G_DEFINE_FINAL_TYPE (LuztarSimPanel, luztar_sim_panel, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_SIMULATION_EDITED,
  SIGNAL_OPEN_RUN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_view (LuztarSimPanel *self,
                         gint64          now);
static void update_actions (LuztarSimPanel *self);

/* ------------------------------------------------------------------------ */

static void
set_status (LuztarSimPanel *self,
            const char     *text)
{
  luztar_set_str (&self->status, text);
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
}

static void
message (LuztarSimPanel *self,
         const char     *text)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
}

static LzTrace *
get_trace (LuztarSimPanel *self)
{
  return self->run != NULL ? luztar_run_get_trace (self->run) : NULL;
}

static gboolean
is_nonsmooth (const LzElement *el)
{
  switch (el->item.kind)
    {
    case LZ_ITEM_FRICTION:
    case LZ_ITEM_STOP:
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      return TRUE;
    case LZ_ITEM_SPRING:
      return el->spring.freeplay > 0;
    case LZ_ITEM_GEAR:
      return el->gear.freeplay > 0;
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_DAMPER:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      return FALSE;
    }
}

static void
set_running (LuztarSimPanel *self,
             gboolean        running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
ensure_tick (LuztarSimPanel *self);
static void
follow_in_slow_motion (LuztarSimPanel *self,
                       double          t);

/* ------------------------------------------------------------------------ */
/* The run                                                                  */

static void
attach_trace (LuztarSimPanel *self)
{
  LzTrace *trace = get_trace (self);
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

static void
set_plots_live (LuztarSimPanel *self,
                gboolean        live)
{
  for (guint i = 0; i < self->plots->len; i++)
    luztar_plot_set_live (self->plots->pdata[i], live);
  if (!live)
    follow_in_slow_motion (self, NAN);
}

/* In slow motion, while running, the time plots show the last stretch
 * of the run up to T; otherwise (T not a number) the run's whole span. */
static void
follow_in_slow_motion (LuztarSimPanel *self,
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
  LzTrace *trace = get_trace (self);
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
static void
stood_still (LuztarSimPanel *self,
             const char     *text)
{
  set_status (self, text);
  self->follow = TRUE;
  update_view (self, g_get_monotonic_time ());
  update_actions (self);
}

static void
on_run_stopped (LuztarRun        *run,
                LuztarStopReason  reason,
                LuztarSimPanel   *self)
{
  g_autofree char *text = NULL;
  double t = luztar_run_get_time (run);
  LzEvent event;

  set_running (self, FALSE);
  set_plots_live (self, FALSE);
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
          g_autofree char *what = luztar_event_describe (&event, lz_trace_get_element_id (get_trace (self),
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

            message (self, warning);
            g_free (text);
            text = longer;
          }
      }
      break;
    case LUZTAR_STOP_ERROR:
    default:
      {
        const GError *error = luztar_run_get_error (run);

        /* Translators: %s says why the integrator could not go on */
        text = g_strdup_printf (_("The run stopped: %s"), error != NULL ? error->message : "?");
        message (self, text);
      }
      break;
    }
  stood_still (self, text);
}

static void
on_run_trace (LuztarRun      *run,
              GParamSpec     *pspec,
              LuztarSimPanel *self)
{
  attach_trace (self);
  update_view (self, g_get_monotonic_time ());
}

static void
apply_breakpoints (LuztarSimPanel *self)
{
  if (self->run == NULL || self->model == NULL)
    return;
  luztar_run_set_break_on_any (self->run, gtk_check_button_get_active (self->break_any_check));
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    {
      const LzElement *el = lz_model_get_element (self->model, e);

      luztar_run_set_breakpoint (self->run, e, g_hash_table_contains (self->breakpoints, el->item.id));
    }
}

static void
drop_run (LuztarSimPanel *self)
{
  if (self->run == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->run, self);
  /* disposing a run stops and joins its worker */
  g_clear_object (&self->run);
  set_running (self, FALSE);
  set_plots_live (self, FALSE);
  attach_trace (self);
  if (self->canvas != NULL)
    luztar_canvas_set_animation (self->canvas, NULL);
}

/* The run of the current model, made on first use.  Why a model cannot
 * run goes to the status line, and to a toast when TELL (a command of the
 * user, not an edit on the way to a model). */
static gboolean
ensure_run (LuztarSimPanel *self,
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
      g_autofree char *text = g_strdup_printf (_("Cannot run the model: %s"), error->message);

      set_status (self, text);
      if (tell)
        message (self, text);
      return FALSE;
    }
  self->notes_told = FALSE;
  g_signal_connect (self->run, "stopped", G_CALLBACK (on_run_stopped), self);
  g_signal_connect (self->run, "notify::trace", G_CALLBACK (on_run_trace), self);
  luztar_run_set_speed (self->run, self->speed);
  apply_breakpoints (self);
  attach_trace (self);
  return TRUE;
}

static gboolean
run_is (LuztarSimPanel *self,
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

      message (self, text);
    }
  else if (luztar_model_has_program (self->model))
    message (self, _("The run does not impose the prescribed motions: their forces are on the "
                     "Program Motion page"));
}

/* Before a command that moves on: a finished or failed run starts over. */
static gboolean
prepare_to_go_on (LuztarSimPanel *self)
{
  if (!ensure_run (self, TRUE))
    return FALSE;
  tell_notes (self);
  if (run_is (self, LUZTAR_RUN_FINISHED) || run_is (self, LUZTAR_RUN_FAILED))
    luztar_run_reset (self->run);
  return TRUE;
}

static void
went_on (LuztarSimPanel *self,
         const char     *text)
{
  self->follow = TRUE;
  set_running (self, TRUE);
  set_plots_live (self, TRUE);
  set_status (self, text);
  ensure_tick (self);
  update_actions (self);
}

/* ------------------------------------------------------------------------ */
/* The shown instant                                                        */

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

static void
ensure_state_arrays (LuztarSimPanel *self)
{
  guint nb = lz_model_get_n_bodies (self->model), ng = lz_model_get_n_grounds (self->model);
  guint ne = lz_model_get_n_elements (self->model);

  if (self->body_q != NULL && nb == self->n_bodies && ng == self->n_grounds && ne == self->n_elements)
    return;
  g_free (self->body_q);
  g_free (self->ground_q);
  g_free (self->flash);
  g_free (self->modes);
  g_free (self->flash_start);
  self->n_bodies = nb;
  self->n_grounds = ng;
  self->n_elements = ne;
  self->body_q = g_new0 (double, MAX (nb, 1));
  self->ground_q = g_new0 (double, MAX (ng, 1));
  self->flash = g_new0 (double, MAX (ne, 1));
  self->modes = g_new0 (LzMode, MAX (ne, 1));
  self->flash_start = g_new0 (gint64, MAX (ne, 1));
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

static void
update_view (LuztarSimPanel *self,
             gint64          now)
{
  LzTrace *trace = get_trace (self);
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

  /* between two samples, the cubic through q and v at both ends: smooth
   * motion from the few samples of an event-driven run (no event lies
   * inside a step, so q is smooth there) */
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
    follow_in_slow_motion (self, t);
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

  update_view (self, gdk_frame_clock_get_frame_time (clock));
  if (!self->running && !flash_active (self))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
ensure_tick (LuztarSimPanel *self)
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

  trace = get_trace (self);
  if (trace == NULL || !isfinite (t))
    return;
  if (self->running)
    luztar_run_pause (self->run);
  n = lz_trace_get_n_samples (trace);
  if (n == 0)
    return;
  self->follow = FALSE;
  self->shown_t = CLAMP (t, 0, lz_trace_get_time (trace, n - 1));
  update_view (self, g_get_monotonic_time ());
  if (flash_active (self))
    ensure_tick (self);
}

static void
on_seek (GtkWidget      *source,
         double          t,
         LuztarSimPanel *self)
{
  luztar_sim_panel_seek (self, t);
}

static void
on_scrubber_changed (GtkAdjustment  *adjustment,
                     LuztarSimPanel *self)
{
  if (self->syncing)
    return;
  if (self->run == NULL)
    {
      self->syncing = TRUE;
      gtk_adjustment_set_value (adjustment, 0);
      self->syncing = FALSE;
      return;
    }
  luztar_sim_panel_seek (self, gtk_adjustment_get_value (adjustment));
}

/* ------------------------------------------------------------------------ */
/* Plots                                                                    */

static void
on_series_chosen (GtkWidget      *chooser,
                  LuztarSimPanel *self)
{
  guint n = 0;
  const LuztarSeries *series = luztar_series_chooser_get_selected (LUZTAR_SERIES_CHOOSER (chooser), &n);

  luztar_plot_set_series (self->series_plot, series, n);
}

static void
on_phase_chosen (GtkWidget      *chooser,
                 LuztarSimPanel *self)
{
  guint n = 0;
  const LuztarSeries *series = luztar_series_chooser_get_selected (LUZTAR_SERIES_CHOOSER (chooser), &n);
  LuztarSeries x, v;
  int mode_element = -1;

  if (n == 0)
    return;
  /* the portrait of a body: v against q; of an element: ġ against g.  The
   * trajectory takes the colours of the first nonsmooth element on it. */
  x = v = series[0];
  if (x.kind == LUZTAR_SERIES_BODY_Q || x.kind == LUZTAR_SERIES_BODY_V)
    {
      const char *id = lz_model_get_body (self->model, x.index)->item.id;

      x.kind = LUZTAR_SERIES_BODY_Q;
      v.kind = LUZTAR_SERIES_BODY_V;
      for (guint e = 0; e < lz_model_get_n_elements (self->model) && mode_element < 0; e++)
        {
          const LzElement *el = lz_model_get_element (self->model, e);

          if (is_nonsmooth (el) && (g_strcmp0 (el->a, id) == 0 || g_strcmp0 (el->b, id) == 0))
            mode_element = (int) e;
        }
    }
  else
    {
      x.kind = LUZTAR_SERIES_ELEMENT_G;
      v.kind = LUZTAR_SERIES_ELEMENT_GDOT;
      if (is_nonsmooth (lz_model_get_element (self->model, x.index)))
        mode_element = (int) x.index;
    }
  luztar_plot_set_phase (self->phase_plot, &x, &v, mode_element);
  luztar_plot_set_phase (luztar_companion_get_phase (self->companion), &x, &v, mode_element);
}

/* The phase portrait of a model just opened or edited: of the body chosen
 * if it is still there, else of the first body; none in a model without
 * bodies (no index of another model's element survives). */
static void
choose_phase (LuztarSimPanel *self)
{
  static const LuztarSeries none = { LUZTAR_SERIES_BODY_Q, G_MAXUINT };
  LuztarSeriesChooser *chooser = LUZTAR_SERIES_CHOOSER (self->phase_chooser);
  guint n = 0;

  luztar_series_chooser_get_selected (chooser, &n);
  if (n == 0 && lz_model_get_n_bodies (self->model) > 0)
    luztar_series_chooser_set_selected (chooser, &(LuztarSeries) { LUZTAR_SERIES_BODY_Q, 0 }, 1);
  luztar_series_chooser_get_selected (chooser, &n);
  if (n > 0)
    on_phase_chosen (self->phase_chooser, self);
  else
    {
      luztar_plot_set_phase (self->phase_plot, &none, &none, -1);
      luztar_plot_set_phase (luztar_companion_get_phase (self->companion), &none, &none, -1);
    }
}

static GtkWidget *
add_plot (GtkBox         *box,
          LuztarPlotKind  kind,
          LuztarSimPanel *self)
{
  GtkWidget *plot = luztar_plot_new (kind);

  gtk_widget_set_vexpand (plot, TRUE);
  gtk_widget_set_hexpand (plot, TRUE);
  g_signal_connect (plot, "seek", G_CALLBACK (on_seek), self);
  gtk_box_append (box, plot);
  return plot;
}

static void
rebuild_breakpoints (LuztarSimPanel *self);

static void
on_break_toggled (GtkCheckButton *check,
                  LuztarSimPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "element-id");

  if (self->syncing)
    return;
  if (gtk_check_button_get_active (check))
    g_hash_table_add (self->breakpoints, g_strdup (id));
  else
    g_hash_table_remove (self->breakpoints, id);
  apply_breakpoints (self);
}

static void
on_break_any_toggled (GtkCheckButton *check,
                      LuztarSimPanel *self)
{
  GAction *action = self->actions != NULL ? g_action_map_lookup_action (self->actions, "break-any") : NULL;

  apply_breakpoints (self);
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_boolean (gtk_check_button_get_active (check)));
}

static void
rebuild_breakpoints (LuztarSimPanel *self)
{
  for (guint i = 0; i < self->break_checks->len; i++)
    gtk_box_remove (self->break_box, self->break_checks->pdata[i]);
  g_ptr_array_set_size (self->break_checks, 0);
  if (self->model == NULL)
    return;
  self->syncing = TRUE;
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    {
      const LzElement *el = lz_model_get_element (self->model, e);
      const char *label = el->item.label != NULL && *el->item.label != '\0' ? el->item.label : el->item.id;
      g_autofree char *text = NULL;
      GtkWidget *check;

      if (!is_nonsmooth (el))
        continue;
      /* Translators: a breakpoint: element name (its kind) */
      text = g_strdup_printf (_("%s (%s)"), label, luztar_symbols_kind_name (&el->item));
      check = gtk_check_button_new_with_label (text);
      g_object_set_data_full (G_OBJECT (check), "element-id", g_strdup (el->item.id), g_free);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   g_hash_table_contains (self->breakpoints, el->item.id));
      g_signal_connect (check, "toggled", G_CALLBACK (on_break_toggled), self);
      gtk_box_append (self->break_box, check);
      g_ptr_array_add (self->break_checks, check);
    }
  self->syncing = FALSE;
}

/* A new document's plot: the positions of its first three bodies and the
 * force of its first nonsmooth element (for the friction oscillator: the
 * block's position and the friction force that sticks and slips). */
static void
choose_default_series (LuztarSimPanel *self)
{
  LuztarSeries series[4];
  guint n = 0;

  for (guint i = 0; i < lz_model_get_n_bodies (self->model) && n < 3; i++)
    series[n++] = (LuztarSeries) { LUZTAR_SERIES_BODY_Q, i };
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    if (is_nonsmooth (lz_model_get_element (self->model, e)))
      {
        series[n++] = (LuztarSeries) { LUZTAR_SERIES_ELEMENT_FORCE, e };
        break;
      }
  if (n > 0)
    luztar_series_chooser_set_selected (LUZTAR_SERIES_CHOOSER (self->series_chooser), series, n);
}

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */

/* in the order of the drop-down; 0 is as fast as possible */
static const double speeds[] = { 0.01, 0.1, 1, 2, 5, 10, 0 };
static const char *const speed_names[] = { "0.01", "0.1", "1", "2", "5", "10", "max" };

static void
set_speed_index (LuztarSimPanel *self,
                 guint           index)
{
  GAction *action;

  index = MIN (index, G_N_ELEMENTS (speeds) - 1);
  self->speed = speeds[index];
  if (self->run != NULL)
    luztar_run_set_speed (self->run, self->speed);
  if (gtk_drop_down_get_selected (self->speed_dropdown) != index)
    gtk_drop_down_set_selected (self->speed_dropdown, index);
  action = self->actions != NULL ? g_action_map_lookup_action (self->actions, "speed") : NULL;
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (speed_names[index]));
}

static void
on_speed_selected (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   LuztarSimPanel *self)
{
  set_speed_index (self, gtk_drop_down_get_selected (dropdown));
}

/* The method, the end time and the step belong to the model (its
 * <simulation> element): an undoable edit, made by the window. */
static void
edit_simulation (LuztarSimPanel *self)
{
  LzSimulation sim;

  if (self->syncing || self->model == NULL)
    return;
  sim = *lz_model_get_simulation (self->model);
  sim.method = gtk_drop_down_get_selected (self->method_dropdown) == 1 ? LZ_METHOD_TIMESTEP
                                                                       : LZ_METHOD_EVENT;
  sim.t_end = gtk_spin_button_get_value (self->t_end_spin);
  sim.dt = gtk_spin_button_get_value (self->dt_spin);
  {
    const LzSimulation *now = lz_model_get_simulation (self->model);

    if (sim.method == now->method && sim.t_end == now->t_end && sim.dt == now->dt)
      return;
  }
  g_signal_emit (self, signals[SIGNAL_SIMULATION_EDITED], 0, &sim);
}

static void
on_method_selected (GtkDropDown    *dropdown,
                    GParamSpec     *pspec,
                    LuztarSimPanel *self)
{
  edit_simulation (self);
}

static void
on_spin_changed (GtkSpinButton  *spin,
                 LuztarSimPanel *self)
{
  edit_simulation (self);
}

static void
on_scale_changed (LuztarSimPanel *self)
{
  if (self->run != NULL)
    update_view (self, g_get_monotonic_time ());
}

static void
on_until_clicked (GtkButton      *button,
                  LuztarSimPanel *self)
{
  if (self->actions != NULL)
    g_action_activate (g_action_map_lookup_action (self->actions, "run-until"),
                       g_variant_new_double (gtk_spin_button_get_value (self->until_spin)));
}

static void
sync_settings (LuztarSimPanel *self)
{
  const LzSimulation *sim = lz_model_get_simulation (self->model);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->method_dropdown, sim->method == LZ_METHOD_TIMESTEP ? 1 : 0);
  gtk_spin_button_set_value (self->t_end_spin, sim->t_end);
  gtk_spin_button_set_value (self->dt_spin, sim->dt);
  self->syncing = FALSE;
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                  */

static void
set_enabled (LuztarSimPanel *self,
             const char     *name,
             gboolean        enabled)
{
  GAction *action = self->actions != NULL ? g_action_map_lookup_action (self->actions, name) : NULL;

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
update_actions (LuztarSimPanel *self)
{
  /* a model without bodies (a new one) has nothing to run yet */
  gboolean have_model = self->model != NULL && lz_model_get_n_bodies (self->model) > 0;
  gboolean have_trace = get_trace (self) != NULL;

  set_enabled (self, "run", have_model && !self->running);
  set_enabled (self, "pause", self->running);
  set_enabled (self, "step", have_model && !self->running);
  set_enabled (self, "step-event", have_model && !self->running);
  set_enabled (self, "run-until", have_model && !self->running);
  set_enabled (self, "reset", have_trace);
  set_enabled (self, "export-trace", have_trace);
  set_enabled (self, "export-events", have_trace);
  set_enabled (self, "program-analyse", luztar_model_has_program (self->model));
  set_enabled (self, "export-program", luztar_model_has_program (self->model));
}

/* The actions that go on with the run from where it stands, and what the
 * status line says meanwhile. */
static const struct
{
  const char *action;
  void      (*go_on) (LuztarRun *run);
  const char *status;
} go_on_actions[] = {
  { "run", luztar_run_start, N_("Running…") },
  { "step", luztar_run_step, N_("One step…") },
  { "step-event", luztar_run_step_event, N_("Running to the next mode switch…") },
};

static void
go_on_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (self->running || !prepare_to_go_on (self))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (go_on_actions); i++)
    if (g_str_equal (name, go_on_actions[i].action))
      {
        go_on_actions[i].go_on (self->run);
        went_on (self, _(go_on_actions[i].status));
      }
}

static void
pause_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;

  if (self->run != NULL && self->running)
    luztar_run_pause (self->run);
}

static void
run_until_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  LuztarSimPanel *self = data;
  double t = g_variant_get_double (parameter);

  if (self->running || !isfinite (t) || !prepare_to_go_on (self))
    return;
  if (t <= luztar_run_get_time (self->run))
    {
      g_autofree char *text = g_strdup_printf (_("The run is already at t = %g s; Reset to start "
                                                 "again from 0."), luztar_run_get_time (self->run));

      set_status (self, text);
      return;
    }
  luztar_run_run_until (self->run, t);
  went_on (self, _("Running…"));
}

static void
reset_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;

  if (self->run == NULL)
    return;
  luztar_run_reset (self->run);
  set_running (self, FALSE);
  set_plots_live (self, FALSE);
  stood_still (self, _("Reset: the run starts again from t = 0."));
}

static void
speed_action (GSimpleAction *action,
              GVariant      *value,
              gpointer       data)
{
  LuztarSimPanel *self = data;
  const char *name = g_variant_get_string (value, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (speed_names); i++)
    if (g_str_equal (name, speed_names[i]))
      {
        set_speed_index (self, i);
        return;
      }
  {
    g_autofree char *text = g_strdup_printf (_("Unknown speed “%s”: use 0.01, 0.1, 1, 2, 5, 10 or max."), name);

    message (self, text);
  }
}

static void
break_any_action (GSimpleAction *action,
                  GVariant      *value,
                  gpointer       data)
{
  LuztarSimPanel *self = data;

  g_simple_action_set_state (action, value);
  if (gtk_check_button_get_active (self->break_any_check) != g_variant_get_boolean (value))
    gtk_check_button_set_active (self->break_any_check, g_variant_get_boolean (value));
}

typedef enum
{
  EXPORT_PLOT,
  EXPORT_TRACE,
  EXPORT_EVENTS,
  EXPORT_PROGRAM,
} ExportKind;

/* Each export: its action, the file chooser's title and the file's name
 * without extension (the plot's is the page shown). */
static const struct
{
  const char *action;
  const char *title;
  const char *base;
} export_kinds[] = {
  [EXPORT_PLOT] = { "export-plot", N_("Export Plot"), NULL },
  [EXPORT_TRACE] = { "export-trace", N_("Export Trace"), "trace" },
  [EXPORT_EVENTS] = { "export-events", N_("Export Events"), "events" },
  [EXPORT_PROGRAM] = { "export-program", N_("Export Required Forces"), "required-forces" },
};

static LuztarPlot *
visible_plot (LuztarSimPanel *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);

  if (g_strcmp0 (page, "phase") == 0)
    return self->phase_plot;
  if (g_strcmp0 (page, "modes") == 0)
    return self->modes_plot;
  if (g_strcmp0 (page, "energy") == 0)
    return self->energy_plot;
  return self->series_plot;
}

static gboolean
compare_shown (LuztarSimPanel *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "compare") == 0;
}

static gboolean
export_to (LuztarSimPanel *self,
           ExportKind      kind,
           const char     *path)
{
  g_autoptr(GError) error = NULL;
  LzTrace *trace = get_trace (self);
  gboolean ok;

  /* the Compare page: its overlay, a picture or both traces (.csv) */
  if ((kind == EXPORT_PLOT || kind == EXPORT_TRACE) && compare_shown (self))
    {
      LuztarOverlay *overlay = luztar_compare_page_get_overlay (self->compare_page);
      int width = MAX (gtk_widget_get_width (GTK_WIDGET (overlay)), EXPORT_MIN_WIDTH);
      int height = MAX (gtk_widget_get_height (GTK_WIDGET (overlay)), EXPORT_MIN_HEIGHT);

      ok = luztar_overlay_export (overlay, path, width, height, &error);
    }
  else if (kind == EXPORT_PROGRAM)
    {
      /* written when the analysis of this model is shown; it tells */
      luztar_program_view_export_when_done (self->program_view, path);
      return TRUE;
    }
  else if (trace == NULL)
    {
      message (self, _("Nothing to export yet: run the model first."));
      return FALSE;
    }
  else if (kind == EXPORT_PLOT)
    {
      LuztarPlot *plot = visible_plot (self);
      int width = MAX (gtk_widget_get_width (GTK_WIDGET (plot)), EXPORT_MIN_WIDTH);
      int height = MAX (gtk_widget_get_height (GTK_WIDGET (plot)), EXPORT_MIN_HEIGHT);

      ok = luztar_plot_export (plot, path, width, height, &error);
    }
  else if (kind == EXPORT_TRACE)
    ok = lz_trace_write_csv (trace, path, &error);
  else
    ok = lz_trace_write_events_csv (trace, path, &error);
  {
    g_autofree char *text = luztar_export_dialog_outcome (path, error);

    message (self, text);
  }
  return ok;
}

static void
on_export_chosen (GtkNativeDialog *dialog,
                  int              response,
                  LuztarSimPanel  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      ExportKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "export-kind"));

      if (path != NULL)
        export_to (self, kind, path);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

/* PATH is where to write, or empty (or just an extension such as ".svg")
 * for a file chooser. */
static void
export (LuztarSimPanel *self,
        ExportKind      kind,
        const char     *path)
{
  const char *extension = kind == EXPORT_PLOT ? ".png" : ".csv";

  /* the Sweep page's map: its own export (PNG, SVG, PDF; CSV of the runs) */
  if (kind == EXPORT_PLOT
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "sweep") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->sweep_view), "sweep.export", "s",
                                  path != NULL && *path != '\0' ? path : ".png");
      return;
    }
  /* the plot on show is the program motion's: its export */
  if (kind == EXPORT_PLOT
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "program") == 0)
    {
      kind = EXPORT_PROGRAM;
      if (path == NULL || *path == '\0')
        path = ".png";
    }
  if (path != NULL && *path != '\0' && *path != '.')
    {
      export_to (self, kind, path);
      return;
    }
  if (kind != EXPORT_PROGRAM && get_trace (self) == NULL && !compare_shown (self))
    {
      message (self, _("Nothing to export yet: run the model first."));
      return;
    }
  if (path != NULL && *path == '.')
    extension = path;
  if (self->chooser != NULL)
    return;
  {
    const char *base = kind == EXPORT_PLOT ? gtk_stack_get_visible_child_name (self->stack)
                       : export_kinds[kind].base;
    g_autofree char *name = g_strconcat (base != NULL ? base : "plot", extension, NULL);

    self->chooser = luztar_export_dialog_new (GTK_WIDGET (self), _(export_kinds[kind].title), name);
  }
  g_object_set_data (G_OBJECT (self->chooser), "export-kind", GINT_TO_POINTER (kind));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (self->chooser);
}

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       data)
{
  const char *name = g_action_get_name (G_ACTION (action));

  for (ExportKind kind = 0; kind < G_N_ELEMENTS (export_kinds); kind++)
    if (g_str_equal (name, export_kinds[kind].action))
      export (data, kind, g_variant_get_string (parameter, NULL));
}

static void
show_page (LuztarSimPanel *self,
           const char     *name)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->switcher));

  for (; child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "page"), name) == 0)
      {
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), TRUE);
        if (child == self->compare_button)
          gtk_widget_set_visible (child, TRUE);
      }
}

static void
program_analyse_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  LuztarSimPanel *self = data;

  show_page (self, "program");
  luztar_program_view_analyse (self->program_view);
}

/* show-page: one of the pages of the panel, by its name */
static void
show_page_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  show_page (data, g_variant_get_string (parameter, NULL));
}

/* Both methods on the model, shown on the Compare page. */
static void
compare_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  LuztarSimPanel *self = data;
  g_autoptr(GError) error = NULL;

  show_page (self, "compare");
  if (!luztar_compare_page_run (self->compare_page, &error) && error != NULL)
    {
      /* Translators: %s says why the model cannot be run by one of the methods */
      g_autofree char *text = g_strdup_printf (_("Cannot compare the methods: %s"), error->message);

      message (self, text);
    }
}

static const GActionEntry sim_actions[] = {
  { "show-page", show_page_action, "s" },
  { "run", go_on_action },
  { "pause", pause_action },
  { "step", go_on_action },
  { "step-event", go_on_action },
  { "run-until", run_until_action, "d" },
  { "reset", reset_action },
  { "speed", NULL, NULL, "'1'", speed_action },
  { "break-any", NULL, NULL, "false", break_any_action },
  { "export-plot", export_action, "s" },
  { "export-trace", export_action, "s" },
  { "export-events", export_action, "s" },
  { "program-analyse", program_analyse_action },
  { "export-program", export_action, "s" },
  { "compare-methods", compare_action },
};

/**
 * luztar_sim_panel_install_actions:
 * @self: a panel
 * @map: the window's action map
 *
 * Adds the simulation's actions to @map (so that GApplication exports them
 * on the session bus with the window's): `run`, `pause`, `step`,
 * `step-event`, `run-until` (a time), `reset`, `show-page` (a page's
 * name: "series", "sweep", …), `speed` (state "1", "0.1",
 * "0.01" or "max"), `break-any` (state: pause on every mode switch),
 * `export-plot`, `export-trace` and `export-events` (a
 * path; empty, or an extension such as ".svg", asks with a file chooser),
 * `program-analyse` (shows the Program Motion page and analyses the
 * model again) and `export-program` (a path: .csv writes λ(t) as
 * `luztar-cli program --out` does, .png, .svg or .pdf the plot; written
 * once the running analysis is shown).
 */
void
luztar_sim_panel_install_actions (LuztarSimPanel *self,
                                  GActionMap     *map)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));

  self->actions = map;
  g_action_map_add_action_entries (map, sim_actions, G_N_ELEMENTS (sim_actions), self);
  update_actions (self);
}

/* ------------------------------------------------------------------------ */

/**
 * luztar_sim_panel_set_canvas:
 * @self: a panel
 * @canvas: the canvas that shows the run
 */
void
luztar_sim_panel_set_canvas (LuztarSimPanel *self,
                             LuztarCanvas   *canvas)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));
  self->canvas = canvas;
}

/**
 * luztar_sim_panel_set_model:
 * @self: a panel
 * @model: (nullable): the window's model
 * @edit: %TRUE when @model is an edit of the previous one (the run
 *   restarts), %FALSE for another document (the run is dropped)
 *
 * A run belongs to one model: any change drops it.  After an edit of a
 * model that had been run, the run starts again from t = 0 — running again
 * if it was running — and the user is told.
 */
void
luztar_sim_panel_set_model (LuztarSimPanel *self,
                            LzModel        *model,
                            gboolean        edit)
{
  gboolean had_run, was_running;

  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));

  if (model == self->model)
    return;
  had_run = self->run != NULL && !run_is (self, LUZTAR_RUN_READY);
  was_running = self->running;
  drop_run (self);
  luztar_set_model (&self->model, model);
  g_clear_pointer (&self->body_q, g_free);
  luztar_matrix_view_set_model (self->matrix_view, model);
  luztar_compare_page_set_model (self->compare_page, model);
  luztar_program_view_set_model (self->program_view, model);
  luztar_sweep_view_set_model (self->sweep_view, model);
  gtk_widget_set_visible (self->program_button, luztar_model_has_program (model));
  if (!luztar_model_has_program (model)
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "program") == 0)
    show_page (self, "series");
  else if (!edit && luztar_model_has_program (model)
           && lz_model_count_kind (model, LZ_ITEM_PRESCRIBED) > 0
           && lz_model_count_kind (model, LZ_ITEM_ACTUATOR) > 0)
    show_page (self, "program");   /* what such a model is for */
  if (model != NULL)
    {
      luztar_series_chooser_set_model (LUZTAR_SERIES_CHOOSER (self->series_chooser), model);
      luztar_series_chooser_set_model (LUZTAR_SERIES_CHOOSER (self->phase_chooser), model);
      for (guint i = 0; i < self->plots->len; i++)
        luztar_plot_set_model (self->plots->pdata[i], model);
      if (!edit)
        choose_default_series (self);
      choose_phase (self);
      sync_settings (self);
    }
  rebuild_breakpoints (self);
  if (edit && had_run && model != NULL)
    {
      message (self, was_running ? _("The model changed: the run starts again from t = 0.")
                                 : _("The model changed: the run was reset to t = 0."));
      if (was_running && ensure_run (self, TRUE))
        {
          luztar_run_start (self->run);
          went_on (self, _("Running…"));
          return;
        }
      set_status (self, _("The model changed: press Run to simulate it."));
    }
  else if (!edit)
    set_status (self, _("Press Run to simulate the model."));
  if (model != NULL && lz_model_get_n_bodies (model) == 0)
    /* an empty model is no error: what to do first */
    set_status (self, _("Add a body from the palette, then press Run."));
  else if (model != NULL)
    {
      /* a fresh run at t = 0, so that the plots show the start; a model
       * that could not run before and can now says so */
      if (ensure_run (self, FALSE) && !(edit && had_run))
        set_status (self, _("Press Run to simulate the model."));
      update_view (self, g_get_monotonic_time ());
      if (self->canvas != NULL)
        luztar_canvas_set_animation (self->canvas, NULL);
    }
  update_actions (self);
}

/**
 * luztar_sim_panel_get_n_plots:
 *
 * Returns: how many plots the panel has (its views' and the second
 *   view's)
 */
guint
luztar_sim_panel_get_n_plots (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), 0);
  return self->plots->len;
}

/**
 * luztar_sim_panel_get_plot:
 * @i: < luztar_sim_panel_get_n_plots()
 *
 * Returns: (transfer none): plot @i: 0 the time series, 1 the phase
 *   portrait, 2 the mode timeline, 3 the energy, then the second view's
 *   phase, modes and energy
 */
LuztarPlot *
luztar_sim_panel_get_plot (LuztarSimPanel *self,
                           guint           i)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (i < self->plots->len, NULL);
  return self->plots->pdata[i];
}

/**
 * luztar_sim_panel_get_companion:
 *
 * Returns: (transfer none): the second view (shown on a wide panel)
 */
LuztarCompanion *
luztar_sim_panel_get_companion (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->companion;
}

LuztarRun *
luztar_sim_panel_get_run (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->run;
}

double
luztar_sim_panel_get_shown_time (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NAN);
  return self->shown_t;
}

const char *
luztar_sim_panel_get_status (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->status;
}

static void
luztar_sim_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  LuztarSimPanel *self = LUZTAR_SIM_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_sim_panel_dispose (GObject *object)
{
  LuztarSimPanel *self = LUZTAR_SIM_PANEL (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->break_checks, g_ptr_array_unref);
  g_clear_pointer (&self->plots, g_ptr_array_unref);
  g_clear_pointer (&self->breakpoints, g_hash_table_unref);
  g_clear_pointer (&self->status, g_free);
  g_clear_pointer (&self->body_q, g_free);
  g_clear_pointer (&self->ground_q, g_free);
  g_clear_pointer (&self->flash, g_free);
  g_clear_pointer (&self->modes, g_free);
  g_clear_pointer (&self->flash_start, g_free);
  self->canvas = NULL;
  self->actions = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_SIM_PANEL);
  G_OBJECT_CLASS (luztar_sim_panel_parent_class)->dispose (object);
}

static void
luztar_sim_panel_class_init (LuztarSimPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = luztar_sim_panel_dispose;
  object_class->get_property = luztar_sim_panel_get_property;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                   | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LuztarSimPanel::message:
   * @text: what to tell the user (a toast)
   */
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * LuztarSimPanel::simulation-edited:
   * @sim: (type gpointer): the new LzSimulation settings of the model
   *
   * The user changed the method, the end time or the step: the window
   * makes it an edit of the model.
   */
  signals[SIGNAL_SIMULATION_EDITED] = g_signal_new ("simulation-edited", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * LuztarSimPanel::open-run:
   * @model: (type gpointer): the model of a run of the Sweep page
   *
   * The user clicked a run of a sweep: the window opens @model apart.
   */
  signals[SIGNAL_OPEN_RUN] = g_signal_new ("open-run", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/luztar-sim-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, time_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, end_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, scrubber);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, scrubber_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, switcher);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, switcher_squeezer);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, views_paned);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, settings_popover);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, settings_scroller);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, view_bar);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, series_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, phase_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, modes_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, energy_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, events_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, matrix_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, t_end_spin);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, dt_spin);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, until_spin);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, auto_scale_check);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, break_any_check);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, break_box);
  gtk_widget_class_bind_template_child (widget_class, LuztarSimPanel, until_button);
}

static void
on_view_toggled (GtkToggleButton *button,
                 LuztarSimPanel  *self)
{
  const char *page = g_object_get_data (G_OBJECT (button), "page");

  if (!gtk_toggle_button_get_active (button))
    return;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (self->program_view != NULL)
    luztar_program_view_set_active (self->program_view, g_str_equal (page, "program"));
  if (self->series_chooser != NULL)
    {
      gtk_widget_set_visible (self->series_chooser, g_str_equal (page, "series"));
      gtk_widget_set_visible (self->phase_chooser, g_str_equal (page, "phase"));
    }
}

/* A row of compact linked toggle buttons, one per page of the stack
 * (GtkStackSwitcher makes them all as wide as the widest). */
static void
build_switcher (LuztarSimPanel *self)
{
  g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (self->stack);
  GtkToggleButton *group = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (pages), i);
      GtkStackPage *page = GTK_STACK_PAGE (item);
      GtkWidget *button = gtk_toggle_button_new_with_label (gtk_stack_page_get_title (page));

      g_object_set_data_full (G_OBJECT (button), "page", g_strdup (gtk_stack_page_get_name (page)),
                              g_free);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        {
          group = GTK_TOGGLE_BUTTON (button);
          gtk_toggle_button_set_active (group, TRUE);
        }
      g_signal_connect (button, "toggled", G_CALLBACK (on_view_toggled), self);
      gtk_box_append (self->switcher, button);
      /* the Compare page's button shows once both methods have been run
       * (F9): the row stays as wide as it was */
      if (g_str_equal (gtk_stack_page_get_name (page), "compare"))
        {
          self->compare_button = button;
          gtk_widget_set_visible (button, FALSE);
        }
      if (g_str_equal (gtk_stack_page_get_name (page), "program"))
        {
          self->program_button = button;
          gtk_widget_set_tooltip_text (button, _("The forces the actuators must apply so that "
                                                 "the bodies follow their prescribed motions"));
          gtk_widget_set_visible (button, FALSE);
        }
    }
}

static void
on_open_run (LuztarSweepView *view,
             LzModel         *model,
             LuztarSimPanel  *self)
{
  g_signal_emit (self, signals[SIGNAL_OPEN_RUN], 0, model);
}

/**
 * luztar_sim_panel_get_sweep_view:
 * @self: a panel
 *
 * Returns: (transfer none): the Sweep page
 */
LuztarSweepView *
luztar_sim_panel_get_sweep_view (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->sweep_view;
}

/**
 * luztar_sim_panel_show_page:
 * @self: a panel
 * @name: "series", "phase", "modes", "energy", "events", "matrices",
 *   "program" or "sweep"
 */
void
luztar_sim_panel_show_page (LuztarSimPanel *self,
                            const char     *name)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));
  show_page (self, name);
}

static void
luztar_sim_panel_init (LuztarSimPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* program motion (paper 001): shown for models with prescribed motions
   * or actuators */
  self->program_view = LUZTAR_PROGRAM_VIEW (luztar_program_view_new ());
  g_signal_connect_swapped (self->program_view, "message", G_CALLBACK (message), self);
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->program_view), "program",
                        /* Translators: a page of the simulation panel: the
                         * forces that realize prescribed motions (paper 001) */
                        _("Program Motion"));
  /* parameter sweeps: regime maps and bifurcation diagrams */
  self->sweep_view = LUZTAR_SWEEP_VIEW (luztar_sweep_view_new ());
  g_signal_connect_swapped (self->sweep_view, "message", G_CALLBACK (message), self);
  g_signal_connect (self->sweep_view, "open-run", G_CALLBACK (on_open_run), self);
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->sweep_view), "sweep",
                        /* Translators: a page of the simulation panel:
                         * parameter sweeps, regime maps */
                        _("Sweep"));
  /* both methods on the model, over each other (issue 21) */
  self->compare_page = LUZTAR_COMPARE_PAGE (luztar_compare_page_new ());
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->compare_page), "compare",
                        /* Translators: a page of the simulation panel: the
                         * event-driven and the time-stepping run over each other */
                        _("Compare"));
  build_switcher (self);
  self->break_checks = g_ptr_array_new ();
  self->breakpoints = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->speed = 1;   /* the drop-down's "Real time" */
  self->follow = TRUE;

  /* Plot and Phase: the variables are chosen in the bar of the view
   * buttons (shown with their page), not in a row of their own */
  self->series_chooser = luztar_series_chooser_new (FALSE);
  g_signal_connect (self->series_chooser, "changed", G_CALLBACK (on_series_chosen), self);
  gtk_box_insert_child_after (self->view_bar, self->series_chooser,
                              GTK_WIDGET (self->switcher_squeezer));
  self->series_plot = LUZTAR_PLOT (add_plot (self->series_box, LUZTAR_PLOT_TIME_SERIES, self));

  self->phase_chooser = luztar_series_chooser_new (TRUE);
  g_signal_connect (self->phase_chooser, "changed", G_CALLBACK (on_phase_chosen), self);
  gtk_box_insert_child_after (self->view_bar, self->phase_chooser, self->series_chooser);
  gtk_widget_set_visible (self->phase_chooser, FALSE);
  self->phase_plot = LUZTAR_PLOT (add_plot (self->phase_box, LUZTAR_PLOT_PHASE, self));

  self->modes_plot = LUZTAR_PLOT (add_plot (self->modes_box, LUZTAR_PLOT_MODES, self));
  self->energy_plot = LUZTAR_PLOT (add_plot (self->energy_box, LUZTAR_PLOT_ENERGY, self));

  /* the second view, beside a plot on a wide panel */
  self->companion = LUZTAR_COMPANION (luztar_companion_new ());
  luztar_companion_attach (self->companion, self->views_paned, self->stack, GTK_BOX (self));
  self->plots = g_ptr_array_new ();
  g_ptr_array_add (self->plots, self->series_plot);
  g_ptr_array_add (self->plots, self->phase_plot);
  g_ptr_array_add (self->plots, self->modes_plot);
  g_ptr_array_add (self->plots, self->energy_plot);
  for (guint i = 0; i < luztar_companion_get_n_plots (self->companion); i++)
    {
      LuztarPlot *plot = luztar_companion_get_plot (self->companion, i);

      g_signal_connect (plot, "seek", G_CALLBACK (on_seek), self);
      g_ptr_array_add (self->plots, plot);
    }
  /* the view buttons as a drop-down when they do not fit */
  adw_squeezer_add (self->switcher_squeezer, luztar_views_compact_switcher (GTK_WIDGET (self->switcher)));
  luztar_views_fit_popover (self->settings_popover, self->settings_scroller);

  self->event_log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->event_log), TRUE);
  g_signal_connect (self->event_log, "seek", G_CALLBACK (on_seek), self);
  gtk_box_append (self->events_box, GTK_WIDGET (self->event_log));

  self->matrix_view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->matrix_view), TRUE);
  gtk_box_append (self->matrix_box, GTK_WIDGET (self->matrix_view));

  g_signal_connect (self->scrubber_adjustment, "value-changed", G_CALLBACK (on_scrubber_changed), self);
  g_signal_connect (self->speed_dropdown, "notify::selected", G_CALLBACK (on_speed_selected), self);
  g_signal_connect (self->method_dropdown, "notify::selected", G_CALLBACK (on_method_selected), self);
  g_signal_connect (self->t_end_spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  g_signal_connect (self->dt_spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  g_signal_connect_swapped (self->scale_spin, "value-changed", G_CALLBACK (on_scale_changed), self);
  g_signal_connect_swapped (self->auto_scale_check, "toggled", G_CALLBACK (on_scale_changed), self);
  g_signal_connect (self->break_any_check, "toggled", G_CALLBACK (on_break_any_toggled), self);
  g_signal_connect (self->until_button, "clicked", G_CALLBACK (on_until_clicked), self);
  set_status (self, _("Press Run to simulate the model."));
}
