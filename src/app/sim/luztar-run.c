/* luztar-run.c — a simulation run in a worker thread, read live by the GUI
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One persistent worker thread per run waits on a condition variable for
 * a command (run, step, step to the next switch), executes it with the
 * single-step integrator API exactly as `luztar-cli run` does, and goes
 * back to waiting.  Nothing here ever shortens or skips a step: pausing,
 * breakpoints and pacing only decide *when* the next step is taken, so a
 * run produces the same trace whatever the user did meanwhile.
 *
 * Threads and ownership:
 * - The main thread (the thread-default main context at creation) owns the
 *   GObject side: the state, the error, the stop event, the signals.
 * - While a command executes ("busy"), the worker alone touches the
 *   integrator and appends to the trace; readers use the trace's lock-free
 *   reading side.  The main thread touches the integrator only when the
 *   worker is idle, which it knows under the mutex.
 * - When a command ends, the worker stores its outcome under the mutex and
 *   attaches an idle source to the main context.  The outcome is applied
 *   (state, "stopped") by that source, or earlier by any main-thread call
 *   that waits for the worker (pause, the next command), whichever comes
 *   first, and exactly once.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-run.h"

/* A paced run that falls further behind than this much wall time (a slow
 * machine, a heavy model) is rebased rather than let to sprint to catch
 * up, which would look like a jump in the animation. */
#define MAX_LAG_SECONDS 0.2

/* How often (in steps) a busy worker publishes its counters. */
#define STATS_INTERVAL 1024

G_DEFINE_ENUM_TYPE (LuztarMethod, luztar_method,
  G_DEFINE_ENUM_VALUE (LUZTAR_METHOD_EVENT_DRIVEN, "event-driven"),
  G_DEFINE_ENUM_VALUE (LUZTAR_METHOD_TIME_STEPPING, "time-stepping"))

G_DEFINE_ENUM_TYPE (LuztarRunState, luztar_run_state,
  G_DEFINE_ENUM_VALUE (LUZTAR_RUN_READY, "ready"),
  G_DEFINE_ENUM_VALUE (LUZTAR_RUN_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (LUZTAR_RUN_PAUSED, "paused"),
  G_DEFINE_ENUM_VALUE (LUZTAR_RUN_FINISHED, "finished"),
  G_DEFINE_ENUM_VALUE (LUZTAR_RUN_FAILED, "failed"))

G_DEFINE_ENUM_TYPE (LuztarStopReason, luztar_stop_reason,
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_PAUSED, "paused"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_STEP, "step"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_EVENT, "event"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_BREAKPOINT, "breakpoint"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_TIME, "time"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_END, "end"),
  G_DEFINE_ENUM_VALUE (LUZTAR_STOP_ERROR, "error"))

typedef enum
{
  COMMAND_NONE,
  COMMAND_RUN,
  COMMAND_STEP,
  COMMAND_STEP_EVENT,
} Command;

/* What a finished command left for the main thread. */
typedef struct
{
  LuztarStopReason reason;
  gboolean         has_event;
  LzEvent          event;
  GError          *error;
} Outcome;

/* The worker's pacing clock: simulated time t0 at wall time wall0
 * (monotonic µs), advancing at speed (0: not paced). */
typedef struct
{
  double speed;
  double t0;
  gint64 wall0;
  int    serial;
} Pace;

struct _LuztarRun
{
  GObject parent_instance;

  /* Owned; the worker uses integrator and trace only while busy */
  LzModel             *model;
  LzAssembly          *assembly;
  LzIntegrator        *integrator;
  LzTrace             *trace;
  LzIntegratorOptions  options;
  LuztarMethod         method;
  GMainContext        *context;
  GThread             *thread;

  /* Main thread only */
  LuztarRunState       state;
  LuztarStopReason     stop_reason;
  gboolean             has_stop_event;
  LzEvent              stop_event;
  GError              *error;
  double               speed;

  /* Atomic: set to make the worker stop after the step in progress */
  int                  stop_requested;
  /* Atomic: bumped under the mutex whenever shared_speed changes */
  int                  speed_serial;

  /* Under the mutex */
  GMutex               mutex;
  GCond                cond;
  Command              command;
  double               limit;
  gboolean             busy;
  gboolean             quit;
  double               shared_speed;
  gboolean             pacing;
  Pace                 published_pace;
  gboolean            *breakpoints;
  guint                n_elements;
  gboolean             break_on_any;
  LzIntegratorStats    stats;
  gint64               busy_us;        /* the worker's time in commands since t0 */
  gboolean             outcome_pending;
  Outcome              outcome;
  GSource             *notify_source;
};

G_DEFINE_FINAL_TYPE (LuztarRun, luztar_run, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_STATE,
  PROP_TRACE,
  PROP_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_STOPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static double
end_tolerance (double t)
{
  /* The integrators' own test for "the end is reached". */
  return 1e-12 * MAX (1.0, fabs (t));
}

/* ---------------------------------------------------------------------- */
/* The worker                                                              */
/* ---------------------------------------------------------------------- */

/* Publishes the pacing clock for luztar_run_get_paced_time(); with the
 * mutex held. */
static void
publish_pace (LuztarRun  *self,
              const Pace *pace)
{
  self->published_pace = *pace;
}

/* Waits until the simulated time t is due: t ≤ t0 + speed·(wall − wall0).
 * Returns FALSE when a stop was requested meanwhile.  A speed change
 * rebases the clock at the paced time of that moment, so the animation
 * goes on from where it is at the new speed. */
static gboolean
pace_wait (LuztarRun *self,
           double     t,
           Pace      *pace)
{
  gint64 now;
  double due;

  /* The usual case, as fast as possible: no lock, no clock. */
  if (pace->speed <= 0 && g_atomic_int_get (&self->speed_serial) == pace->serial)
    return TRUE;

  now = g_get_monotonic_time ();
  due = pace->t0 + pace->speed * (double) (now - pace->wall0) / G_USEC_PER_SEC;
  if (g_atomic_int_get (&self->speed_serial) == pace->serial && t <= due)
    {
      if (due - t > pace->speed * MAX_LAG_SECONDS)
        {
          pace->t0 = t;
          pace->wall0 = now;
          g_mutex_lock (&self->mutex);
          publish_pace (self, pace);
          g_mutex_unlock (&self->mutex);
        }
      return TRUE;
    }

  g_mutex_lock (&self->mutex);
  for (;;)
    {
      gint64 deadline;

      if (g_atomic_int_get (&self->stop_requested))
        {
          g_mutex_unlock (&self->mutex);
          return FALSE;
        }
      now = g_get_monotonic_time ();
      if (self->speed_serial != pace->serial)
        {
          double paced = pace->speed > 0
                         ? pace->t0 + pace->speed * (double) (now - pace->wall0) / G_USEC_PER_SEC
                         : t;

          pace->t0 = MIN (t, paced);
          pace->wall0 = now;
          pace->speed = self->shared_speed;
          pace->serial = self->speed_serial;
          publish_pace (self, pace);
        }
      if (pace->speed <= 0)
        break;
      due = pace->t0 + pace->speed * (double) (now - pace->wall0) / G_USEC_PER_SEC;
      if (t <= due)
        break;
      deadline = pace->wall0 + (gint64) ceil ((t - pace->t0) / pace->speed * G_USEC_PER_SEC);
      /* Woken at once by pause, reset and speed changes (they broadcast). */
      g_cond_wait_until (&self->cond, &self->mutex, deadline);
    }
  g_mutex_unlock (&self->mutex);
  return TRUE;
}

/* Whether one of the events first..last-1 of the trace stops the run; the
 * first such event goes to *event. */
static gboolean
find_stop_event (LuztarRun *self,
                 guint      first,
                 guint      last,
                 gboolean   any,
                 LzEvent   *event)
{
  gboolean found = FALSE;

  if (!any)
    g_mutex_lock (&self->mutex);
  for (guint i = first; i < last && !found; i++)
    {
      lz_trace_get_event (self->trace, i, event);
      found = any || self->break_on_any
              || (event->element < self->n_elements && self->breakpoints[event->element]);
    }
  if (!any)
    g_mutex_unlock (&self->mutex);
  return found;
}

/* Executes one command; the outcome says why it ended. */
static void
execute (LuztarRun *self,
         Command    command,
         double     limit,
         Outcome   *outcome)
{
  LzIntegrator *integrator = self->integrator;
  LzTrace *trace = self->trace;
  double t_end = lz_integrator_get_t_end (integrator);
  guint64 steps = 0;
  Pace pace;

  *outcome = (Outcome) { 0 };

  /* The clock starts now, at the current time (a single step is never
   * paced). */
  g_mutex_lock (&self->mutex);
  pace.speed = self->shared_speed;
  pace.serial = self->speed_serial;
  pace.t0 = lz_integrator_get_time (integrator);
  pace.wall0 = g_get_monotonic_time ();
  self->pacing = command != COMMAND_STEP;
  publish_pace (self, &pace);
  g_mutex_unlock (&self->mutex);

  for (;;)
    {
      double t = lz_integrator_get_time (integrator);
      guint n_events = lz_trace_get_n_events (trace);
      LzStepResult result;

      if (g_atomic_int_get (&self->stop_requested))
        {
          outcome->reason = LUZTAR_STOP_PAUSED;
          break;
        }
      if (command == COMMAND_RUN && limit < t_end && t >= limit - end_tolerance (limit))
        {
          outcome->reason = LUZTAR_STOP_TIME;
          break;
        }
      if (command != COMMAND_STEP && !pace_wait (self, t, &pace))
        {
          outcome->reason = LUZTAR_STOP_PAUSED;
          break;
        }

      /* Both integrators heed t_limit only in the step that would cross
       * it (the event-driven one ends that step at t_limit, time-stepping
       * does not start a step at or after it), so passing run-until's time
       * with every step is the same as passing it with the final one,
       * which cannot be told in advance for adaptive steps.  A switch
       * inside the shortened step is located from a shorter bracket: the
       * same switch, within the location tolerance (1e-10 s). */
      result = lz_integrator_step (integrator, command == COMMAND_RUN ? limit : INFINITY,
                                   trace, &outcome->error);
      if (result == LZ_STEP_ERROR)
        {
          outcome->reason = LUZTAR_STOP_ERROR;
          break;
        }
      if (result == LZ_STEP_DONE)
        {
          t = lz_integrator_get_time (integrator);
          outcome->reason = t >= t_end - end_tolerance (t_end) ? LUZTAR_STOP_END : LUZTAR_STOP_TIME;
          break;
        }

      if (++steps % STATS_INTERVAL == 0)
        {
          g_mutex_lock (&self->mutex);
          lz_integrator_get_stats (integrator, &self->stats);
          g_mutex_unlock (&self->mutex);
        }

      if (result == LZ_STEP_EVENT
          && command != COMMAND_STEP
          && find_stop_event (self, n_events, lz_trace_get_n_events (trace),
                              command == COMMAND_STEP_EVENT, &outcome->event))
        {
          outcome->has_event = TRUE;
          outcome->reason = command == COMMAND_STEP_EVENT ? LUZTAR_STOP_EVENT : LUZTAR_STOP_BREAKPOINT;
        }
      else if (command == COMMAND_STEP)
        {
          if (result == LZ_STEP_EVENT)
            lz_trace_get_event (trace, n_events, &outcome->event);
          outcome->has_event = result == LZ_STEP_EVENT;
          outcome->reason = LUZTAR_STOP_STEP;
        }
      else
        continue;

      /* A stop on the last step: take the (empty) final call that says
       * the end is reached, as the continuous run does. */
      if (lz_integrator_get_time (integrator) >= t_end - end_tolerance (t_end)
          && lz_integrator_step (integrator, INFINITY, trace, NULL) == LZ_STEP_DONE)
        outcome->reason = LUZTAR_STOP_END;
      break;
    }

  if (outcome->reason == LUZTAR_STOP_END && !lz_trace_is_finished (trace))
    lz_trace_finish (trace);
}

static gboolean
notify_cb (gpointer data);

static gpointer
worker_main (gpointer data)
{
  LuztarRun *self = data;

  g_mutex_lock (&self->mutex);
  for (;;)
    {
      Command command;
      double limit;
      Outcome outcome;

      while (self->command == COMMAND_NONE && !self->quit)
        g_cond_wait (&self->cond, &self->mutex);
      if (self->quit)
        break;
      command = self->command;
      limit = self->limit;
      g_mutex_unlock (&self->mutex);

      {
        gint64 begun = g_get_monotonic_time ();

        execute (self, command, limit, &outcome);
        g_mutex_lock (&self->mutex);
        self->busy_us += g_get_monotonic_time () - begun;
      }
      lz_integrator_get_stats (self->integrator, &self->stats);
      if (self->outcome_pending)
        g_clear_error (&self->outcome.error);
      self->outcome = outcome;
      self->outcome_pending = TRUE;
      self->command = COMMAND_NONE;
      self->busy = FALSE;
      self->pacing = FALSE;
      if (self->notify_source == NULL)
        {
          /* Never emit from here: the main context applies the outcome. */
          self->notify_source = g_idle_source_new ();
          g_source_set_priority (self->notify_source, G_PRIORITY_DEFAULT);
          g_source_set_name (self->notify_source, "[luztar] run stopped");
          g_source_set_callback (self->notify_source, notify_cb, self, NULL);
          g_source_attach (self->notify_source, self->context);
        }
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->mutex);
  return NULL;
}

/* ---------------------------------------------------------------------- */
/* The main thread                                                         */
/* ---------------------------------------------------------------------- */

static void
set_state (LuztarRun      *self,
           LuztarRunState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Applies what the last command left: state, error, stop event, and the
 * "stopped" signal.  Does nothing when it was applied already. */
static void
apply_outcome (LuztarRun *self)
{
  Outcome outcome;

  g_mutex_lock (&self->mutex);
  if (!self->outcome_pending)
    {
      g_mutex_unlock (&self->mutex);
      return;
    }
  outcome = self->outcome;
  self->outcome = (Outcome) { 0 };
  self->outcome_pending = FALSE;
  g_mutex_unlock (&self->mutex);

  self->stop_reason = outcome.reason;
  self->has_stop_event = outcome.has_event;
  self->stop_event = outcome.event;
  if (outcome.error != NULL)
    {
      g_clear_error (&self->error);
      self->error = outcome.error;
    }

  g_object_ref (self);
  switch (outcome.reason)
    {
    case LUZTAR_STOP_END:
      set_state (self, LUZTAR_RUN_FINISHED);
      break;
    case LUZTAR_STOP_ERROR:
      set_state (self, LUZTAR_RUN_FAILED);
      break;
    case LUZTAR_STOP_PAUSED:
    case LUZTAR_STOP_STEP:
    case LUZTAR_STOP_EVENT:
    case LUZTAR_STOP_BREAKPOINT:
    case LUZTAR_STOP_TIME:
    default:
      set_state (self, LUZTAR_RUN_PAUSED);
      break;
    }
  g_signal_emit (self, signals[SIGNAL_STOPPED], 0, outcome.reason);
  g_object_unref (self);
}

static gboolean
notify_cb (gpointer data)
{
  LuztarRun *self = data;

  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->notify_source, g_source_unref);
  g_mutex_unlock (&self->mutex);
  apply_outcome (self);
  return G_SOURCE_REMOVE;
}

/* Makes the worker stop after the step in progress and waits for it.
 * Returns whether it was busy. */
static gboolean
stop_worker (LuztarRun *self)
{
  gboolean was_busy;

  g_mutex_lock (&self->mutex);
  was_busy = self->busy;
  if (was_busy)
    {
      g_atomic_int_set (&self->stop_requested, TRUE);
      g_cond_broadcast (&self->cond);
      while (self->busy)
        g_cond_wait (&self->cond, &self->mutex);
    }
  g_mutex_unlock (&self->mutex);
  return was_busy;
}

static void
send_command (LuztarRun *self,
              Command    command,
              double     limit)
{
  /* The previous command's outcome first, so that its "stopped" comes
   * before this one's and its state decides whether there is more to do. */
  stop_worker (self);
  apply_outcome (self);
  if (self->state == LUZTAR_RUN_FINISHED || self->state == LUZTAR_RUN_FAILED)
    return;

  self->has_stop_event = FALSE;
  g_mutex_lock (&self->mutex);
  self->command = command;
  self->limit = limit;
  self->busy = TRUE;
  g_atomic_int_set (&self->stop_requested, FALSE);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
  set_state (self, LUZTAR_RUN_RUNNING);
}

static const LzIntegratorType *
integrator_type (LuztarMethod method)
{
  return method == LUZTAR_METHOD_EVENT_DRIVEN ? lz_integrator_event : lz_integrator_timestep;
}

/* A new integrator and a new trace holding the initial sample. */
static gboolean
restart (LuztarRun  *self,
         GError    **error)
{
  g_autoptr(LzIntegrator) integrator = NULL;

  integrator = lz_integrator_new (integrator_type (self->method), self->assembly, &self->options, error);
  if (integrator == NULL)
    return FALSE;
  g_clear_pointer (&self->integrator, lz_integrator_free);
  g_clear_pointer (&self->trace, lz_trace_unref);
  self->integrator = g_steal_pointer (&integrator);
  self->trace = lz_trace_new (self->model);
  lz_integrator_start (self->integrator, self->trace);
  lz_integrator_get_stats (self->integrator, &self->stats);
  return TRUE;
}

static void
luztar_run_dispose (GObject *object)
{
  LuztarRun *self = LUZTAR_RUN (object);
  GSource *source;

  /* Stop and join the worker; this needs no main loop. */
  if (self->thread != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->quit = TRUE;
      g_atomic_int_set (&self->stop_requested, TRUE);
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->mutex);
      g_thread_join (g_steal_pointer (&self->thread));
    }

  g_mutex_lock (&self->mutex);
  source = g_steal_pointer (&self->notify_source);
  self->outcome_pending = FALSE;
  g_clear_error (&self->outcome.error);
  g_mutex_unlock (&self->mutex);
  if (source != NULL)
    {
      g_source_destroy (source);
      g_source_unref (source);
    }

  G_OBJECT_CLASS (luztar_run_parent_class)->dispose (object);
}

static void
luztar_run_finalize (GObject *object)
{
  LuztarRun *self = LUZTAR_RUN (object);

  g_clear_pointer (&self->integrator, lz_integrator_free);
  g_clear_pointer (&self->assembly, lz_assembly_free);
  g_clear_pointer (&self->trace, lz_trace_unref);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->breakpoints, g_free);
  g_clear_error (&self->error);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (luztar_run_parent_class)->finalize (object);
}

static void
luztar_run_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  LuztarRun *self = LUZTAR_RUN (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_TRACE:
      g_value_set_pointer (value, self->trace);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_run_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  LuztarRun *self = LUZTAR_RUN (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      luztar_run_set_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_run_class_init (LuztarRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_run_dispose;
  object_class->finalize = luztar_run_finalize;
  object_class->get_property = luztar_run_get_property;
  object_class->set_property = luztar_run_set_property;

  /**
   * LuztarRun:state:
   *
   * Where the run stands; changes on the main thread only.
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       LUZTAR_TYPE_RUN_STATE, LUZTAR_RUN_READY,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * LuztarRun:trace:
   *
   * The #LzTrace being filled (borrowed); a new one after a reset.
   */
  properties[PROP_TRACE] =
    g_param_spec_pointer ("trace", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * LuztarRun:speed:
   *
   * Simulated seconds per wall second; 0 runs as fast as possible.
   */
  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL,
                         0.0, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LuztarRun::stopped:
   * @self: the run
   * @reason: a #LuztarStopReason
   *
   * The worker stopped; the state has been updated already.  Emitted on
   * the main context the run was created in, never for a reset or
   * disposal.
   */
  signals[SIGNAL_STOPPED] =
    g_signal_new ("stopped",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, LUZTAR_TYPE_STOP_REASON);
}

static void
luztar_run_init (LuztarRun *self)
{
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  self->state = LUZTAR_RUN_READY;
  self->stop_reason = LUZTAR_STOP_PAUSED;
}

/**
 * luztar_run_new:
 * @model: the model; it is copied, so the editor may go on changing it
 * @method: the integrator
 * @options: (nullable): integrator options, %NULL for the model's settings
 * @error: return location for a #GError
 *
 * Assembles a copy of @model, creates the integrator and the trace and
 * writes the initial sample.  Call on the thread whose thread-default main
 * context is to receive the signals.
 *
 * Returns: (transfer full) (nullable): a run in state %LUZTAR_RUN_READY,
 *   or %NULL with @error saying what is wrong with the model or options
 */
LuztarRun *
luztar_run_new (const LzModel             *model,
                LuztarMethod               method,
                const LzIntegratorOptions *options,
                GError                   **error)
{
  g_autoptr(LuztarRun) self = NULL;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (method == LUZTAR_METHOD_EVENT_DRIVEN || method == LUZTAR_METHOD_TIME_STEPPING, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (LUZTAR_TYPE_RUN, NULL);
  self->method = method;
  if (options != NULL)
    self->options = *options;
  else
    lz_integrator_options_init (&self->options);
  self->model = lz_model_copy (model);
  self->n_elements = lz_model_get_n_elements (self->model);
  self->breakpoints = g_new0 (gboolean, MAX (self->n_elements, 1));
  self->assembly = lz_assembly_new (self->model, error);
  if (self->assembly == NULL || !restart (self, error))
    return NULL;

  self->context = g_main_context_ref_thread_default ();
  self->thread = g_thread_try_new ("luztar-run", worker_main, self, error);
  if (self->thread == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * luztar_run_get_trace:
 * @self: a run
 *
 * The trace being filled.  Read it from any thread below
 * lz_trace_get_n_samples(); take a reference to keep it over a reset.
 *
 * Returns: (transfer none): the trace
 */
LzTrace *
luztar_run_get_trace (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), NULL);
  return self->trace;
}

/**
 * luztar_run_get_notes:
 * @self: a run
 *
 * What the integrator did to the model before it could run it, in words
 * (massless joints taken in closed form, lz_integrator_get_notes()).
 *
 * Returns: (transfer none) (nullable) (element-type utf8): the notes, or
 *   %NULL when the model runs as it is
 */
GPtrArray *
luztar_run_get_notes (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), NULL);

  return self->integrator != NULL ? lz_integrator_get_notes (self->integrator) : NULL;
}

/**
 * luztar_run_dup_warnings:
 * @self: a finished run
 *
 * What the run says about its own accuracy: a stop penetrated beyond its
 * tolerance, the energy balance off (lz_integrator_dup_warnings()).
 *
 * Returns: (transfer full) (element-type utf8): the warnings, maybe none
 */
GPtrArray *
luztar_run_dup_warnings (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), NULL);

  if (self->integrator == NULL || self->trace == NULL)
    return g_ptr_array_new_with_free_func (g_free);
  return lz_integrator_dup_warnings (self->integrator, self->trace);
}

LuztarRunState
luztar_run_get_state (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), LUZTAR_RUN_FAILED);
  return self->state;
}

/**
 * luztar_run_get_time:
 * @self: a run
 *
 * Returns: the time of the last published sample (s)
 */
double
luztar_run_get_time (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), 0.0);
  return lz_trace_get_time (self->trace, lz_trace_get_n_samples (self->trace) - 1);
}

/**
 * luztar_run_get_paced_time:
 * @self: a run
 *
 * The simulated time the display should show now.  A paced run waits
 * before each step, so the last sample can lie up to one step ahead of
 * the clock (event-driven steps can be long): this is the clock, capped
 * at the last sample.  Without pacing it is luztar_run_get_time().
 *
 * Returns: the paced simulated time (s)
 */
double
luztar_run_get_paced_time (LuztarRun *self)
{
  double t, paced;

  g_return_val_if_fail (LUZTAR_IS_RUN (self), 0.0);

  t = luztar_run_get_time (self);
  g_mutex_lock (&self->mutex);
  if (self->busy && self->pacing && self->published_pace.speed > 0)
    {
      const Pace *pace = &self->published_pace;

      paced = pace->t0 + pace->speed * (double) (g_get_monotonic_time () - pace->wall0) / G_USEC_PER_SEC;
      t = MIN (t, MAX (paced, pace->t0));
    }
  g_mutex_unlock (&self->mutex);
  return t;
}

/**
 * luztar_run_get_t_end:
 * @self: a run
 *
 * Returns: the end time of the run (s)
 */
double
luztar_run_get_t_end (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), 0.0);
  /* The worker never changes the end time: safe while busy. */
  return lz_integrator_get_t_end (self->integrator);
}

/**
 * luztar_run_start:
 * @self: a run
 *
 * Runs (or resumes) towards the end time at the current speed, stopping
 * at breakpoints.  Does nothing while running towards the end, finished
 * or failed; a step or run-until in progress is paused first.
 */
void
luztar_run_start (LuztarRun *self)
{
  gboolean running_to_end;

  g_return_if_fail (LUZTAR_IS_RUN (self));

  /* Already on the way to the end: nothing to change.  Any other command
   * in progress (a step, run-until) is paused and replaced. */
  g_mutex_lock (&self->mutex);
  running_to_end = self->busy && self->command == COMMAND_RUN && isinf (self->limit);
  g_mutex_unlock (&self->mutex);
  if (running_to_end)
    return;
  send_command (self, COMMAND_RUN, INFINITY);
}

/**
 * luztar_run_run_until:
 * @self: a run
 * @t: the time to stop at (s)
 *
 * Runs and stops at @t (reason %LUZTAR_STOP_TIME), or earlier at a
 * breakpoint or the end.  The event-driven method ends the step that would
 * cross @t exactly at @t (a switch inside that step is then located within
 * its tolerance of 1e-10 s, not bit for bit as in an uninterrupted run);
 * time-stepping stays on its grid and stops at the first step time not
 * before @t (exactly @t when it is a multiple of the step).  When running,
 * it pauses first.
 */
void
luztar_run_run_until (LuztarRun *self,
                      double     t)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  g_return_if_fail (!isnan (t));
  send_command (self, COMMAND_RUN, t);
}

/**
 * luztar_run_step:
 * @self: a run
 *
 * Takes one integrator step (unpaced); reason %LUZTAR_STOP_STEP.  When
 * running, it pauses first.
 */
void
luztar_run_step (LuztarRun *self)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  send_command (self, COMMAND_STEP, INFINITY);
}

/**
 * luztar_run_step_event:
 * @self: a run
 *
 * Steps at the current speed until a step changes the mode of an element
 * and pauses there (reason %LUZTAR_STOP_EVENT; the first event of that
 * step is luztar_run_get_stop_event()).  When running, it pauses first.
 */
void
luztar_run_step_event (LuztarRun *self)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  send_command (self, COMMAND_STEP_EVENT, INFINITY);
}

/**
 * luztar_run_pause:
 * @self: a run
 *
 * Stops the worker after at most the step in progress and returns when it
 * has stopped, with the state updated and "stopped" emitted (reason
 * %LUZTAR_STOP_PAUSED, or whatever ended the command just before).
 */
void
luztar_run_pause (LuztarRun *self)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  stop_worker (self);
  apply_outcome (self);
}

/**
 * luztar_run_reset:
 * @self: a run
 *
 * Stops the worker and starts over from t0 with a new integrator and a new
 * trace ("notify::trace"); the state becomes %LUZTAR_RUN_READY.  No
 * "stopped" is emitted for the interrupted command.  Breakpoints and the
 * speed are kept.
 */
void
luztar_run_reset (LuztarRun *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (LUZTAR_IS_RUN (self));

  stop_worker (self);
  g_mutex_lock (&self->mutex);
  self->busy_us = 0;
  self->outcome_pending = FALSE;
  g_clear_error (&self->outcome.error);
  g_mutex_unlock (&self->mutex);

  g_clear_error (&self->error);
  self->has_stop_event = FALSE;
  self->stop_reason = LUZTAR_STOP_PAUSED;
  g_object_freeze_notify (G_OBJECT (self));
  if (restart (self, &error))
    {
      set_state (self, LUZTAR_RUN_READY);
    }
  else
    {
      /* The same model and options worked at creation: this is not
       * expected, but say so rather than keep a stale integrator. */
      self->error = g_steal_pointer (&error);
      set_state (self, LUZTAR_RUN_FAILED);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * luztar_run_set_speed:
 * @self: a run
 * @factor: simulated seconds per wall second (1: real time, 0.1 and 0.01:
 *   slow motion); 0 runs as fast as possible
 *
 * May change while running: the pacing goes on from the paced time of
 * that moment.  Steps are never shortened for pacing, only delayed.
 */
void
luztar_run_set_speed (LuztarRun *self,
                      double     factor)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  g_return_if_fail (factor >= 0 && isfinite (factor));

  if (self->speed == factor)
    return;
  self->speed = factor;
  g_mutex_lock (&self->mutex);
  self->shared_speed = factor;
  g_atomic_int_inc (&self->speed_serial);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

double
luztar_run_get_speed (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), 0.0);
  return self->speed;
}

/**
 * luztar_run_set_breakpoint:
 * @self: a run
 * @element: index of an element in the model (file order)
 * @enabled: whether a mode change of @element stops the run
 *
 * Takes effect at once, also while running.
 */
void
luztar_run_set_breakpoint (LuztarRun *self,
                           guint      element,
                           gboolean   enabled)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  g_return_if_fail (element < self->n_elements);

  g_mutex_lock (&self->mutex);
  self->breakpoints[element] = !!enabled;
  g_mutex_unlock (&self->mutex);
}

gboolean
luztar_run_get_breakpoint (LuztarRun *self,
                           guint      element)
{
  gboolean enabled;

  g_return_val_if_fail (LUZTAR_IS_RUN (self), FALSE);
  g_return_val_if_fail (element < self->n_elements, FALSE);

  g_mutex_lock (&self->mutex);
  enabled = self->breakpoints[element];
  g_mutex_unlock (&self->mutex);
  return enabled;
}

/**
 * luztar_run_set_break_on_any:
 * @self: a run
 * @enabled: whether every mode change stops the run
 */
void
luztar_run_set_break_on_any (LuztarRun *self,
                             gboolean   enabled)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));

  g_mutex_lock (&self->mutex);
  self->break_on_any = !!enabled;
  g_mutex_unlock (&self->mutex);
}

gboolean
luztar_run_get_break_on_any (LuztarRun *self)
{
  gboolean enabled;

  g_return_val_if_fail (LUZTAR_IS_RUN (self), FALSE);

  g_mutex_lock (&self->mutex);
  enabled = self->break_on_any;
  g_mutex_unlock (&self->mutex);
  return enabled;
}

/**
 * luztar_run_get_stop_reason:
 * @self: a run
 *
 * Returns: why the worker last stopped (as in the last "stopped")
 */
LuztarStopReason
luztar_run_get_stop_reason (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), LUZTAR_STOP_PAUSED);
  return self->stop_reason;
}

/**
 * luztar_run_get_stop_event:
 * @self: a run
 * @event: (out) (optional): the event
 *
 * The event that made the last stop: the watched element's switch of a
 * breakpoint, the first switch of a step-to-next-switch or of a single
 * step that changed a mode.
 *
 * Returns: whether there is one
 */
gboolean
luztar_run_get_stop_event (LuztarRun *self,
                           LzEvent   *event)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), FALSE);

  if (self->has_stop_event && event != NULL)
    *event = self->stop_event;
  return self->has_stop_event;
}

/**
 * luztar_run_get_error:
 * @self: a run
 *
 * Returns: (transfer none) (nullable): why the run failed, naming the
 *   element or body and the time
 */
const GError *
luztar_run_get_error (LuztarRun *self)
{
  g_return_val_if_fail (LUZTAR_IS_RUN (self), NULL);
  return self->error;
}

/* What to change in the window when a run reaches a limit. */
static const struct
{
  int         code;     /* LZ_ERROR_LIMIT_* */
  const char *advice;   /* N_() marked */
} limit_advice[] = {
  { LZ_ERROR_LIMIT_ROWS, N_("choose a shorter end time or a larger time step in the Run Settings") },
  { LZ_ERROR_LIMIT_STEPS, N_("choose a shorter end time or a larger time step in the Run Settings") },
  { LZ_ERROR_LIMIT_EVENTS, N_("choose a shorter end time in the Run Settings") },
  { LZ_ERROR_LIMIT_MEMORY, N_("choose a shorter end time or the time-stepping method in the Run Settings") },
};

/**
 * luztar_run_describe_error:
 * @error: why a run could not start or go on
 *
 * The core says which limit a run reached in words (an LZ_ERROR_LIMIT_*
 * code); the window has no option that raises it, but its Run Settings
 * (method, end time, time step) make a run that stays within it.
 *
 * Returns: (transfer full): @error's message, followed for a limit by what
 *   to change in the window; g_free() it
 */
char *
luztar_run_describe_error (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);
  for (guint i = 0; error->domain == LZ_ERROR && i < G_N_ELEMENTS (limit_advice); i++)
    if (error->code == limit_advice[i].code)
      return g_strconcat (error->message, "; ", _(limit_advice[i].advice), NULL);
  return g_strdup (error->message);
}

/**
 * luztar_run_get_stats:
 * @self: a run
 * @stats: (out caller-allocates): the counters
 *
 * The integrator's counters: exact when stopped; while running, as
 * published every few thousand steps.
 */
void
luztar_run_get_stats (LuztarRun         *self,
                      LzIntegratorStats *stats)
{
  g_return_if_fail (LUZTAR_IS_RUN (self));
  g_return_if_fail (stats != NULL);

  g_mutex_lock (&self->mutex);
  if (self->busy)
    *stats = self->stats;
  else
    lz_integrator_get_stats (self->integrator, stats);
  g_mutex_unlock (&self->mutex);
}

/**
 * luztar_run_get_busy_time:
 * @self: a run
 *
 * How long the worker has spent in commands since t0 (the wall-clock time
 * of its computing, and of its waiting for the clock when paced), up to
 * the end of the last command.
 *
 * Returns: seconds
 */
double
luztar_run_get_busy_time (LuztarRun *self)
{
  double seconds;

  g_return_val_if_fail (LUZTAR_IS_RUN (self), 0);

  g_mutex_lock (&self->mutex);
  seconds = self->busy_us / 1e6;
  g_mutex_unlock (&self->mutex);
  return seconds;
}
