/* luztar-compare.c — one model run by both methods, side by side
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A LuztarCompare runs a model from the same initial state with the
 * event-driven method and with Moreau–Jean time-stepping, each a LuztarRun
 * in its own worker thread, as fast as they go, and says when both have
 * stopped ("done").  Both traces are sampled on one grid, every sample
 * interval from t = 0 — a whole number of time steps, every step unless
 * the run would have more than MAX_ROWS of them — so that the two states
 * are compared at the same instants: the time-stepping's own steps, where
 * the event-driven run is read from its dense output (not interpolated
 * between its steps).  That is what `luztar-cli run --sample DT` writes
 * for each method.
 *
 * The lesson is in the difference: time-stepping lets a sticking block
 * creep and an impact land between two steps; the largest |q_ed − q_ts|
 * over the run, and where it is, shows by how much for this model and
 * this step.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-compare.h"

/* At most this many rows a trace (a long run fills no gigabytes: the
 * samples are then every few steps). */
#define MAX_ROWS 200000

/* t-end / dt is a whole number of steps up to this rounding */
#define STEPS_ROUNDING 1e-9

struct _LuztarCompare
{
  GObject     parent_instance;

  LuztarRun  *runs[2];   /* indexed by LuztarMethod */
  double      step;
  double      sample;
};

G_DEFINE_FINAL_TYPE (LuztarCompare, luztar_compare, G_TYPE_OBJECT)

enum
{
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
run_stopped (LuztarRun *run)
{
  LuztarRunState state = luztar_run_get_state (run);

  return state == LUZTAR_RUN_FINISHED || state == LUZTAR_RUN_FAILED;
}

/**
 * luztar_compare_is_done:
 * @self: a comparison
 *
 * Returns: whether both runs have ended (reached their end or failed)
 */
gboolean
luztar_compare_is_done (LuztarCompare *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPARE (self), FALSE);
  return run_stopped (self->runs[0]) && run_stopped (self->runs[1]);
}

static void
on_stopped (LuztarRun        *run,
            LuztarStopReason  reason,
            LuztarCompare    *self)
{
  if (luztar_compare_is_done (self))
    g_signal_emit (self, signals[SIGNAL_DONE], 0);
}

/**
 * luztar_compare_new:
 * @model: a model
 * @error: why it cannot be run by one of the methods
 *
 * Returns: (transfer full) (nullable): both runs, ready at t = 0
 */
LuztarCompare *
luztar_compare_new (const LzModel  *model,
                    GError        **error)
{
  g_autoptr(LuztarCompare) self = g_object_new (LUZTAR_TYPE_COMPARE, NULL);
  const LzSimulation *sim = lz_model_get_simulation (model);
  LzIntegratorOptions options;
  double steps = ceil (sim->t_end / sim->dt - STEPS_ROUNDING);

  lz_integrator_options_init (&options);
  self->step = sim->dt;
  self->sample = sim->dt * MAX (1.0, ceil (steps / MAX_ROWS));
  options.sample = self->sample;
  for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
    {
      g_autoptr(GError) local = NULL;

      self->runs[m] = luztar_run_new (model, m, &options, &local);
      if (self->runs[m] == NULL)
        {
          g_autofree char *why = luztar_run_describe_error (local);

          g_set_error (error, local->domain, local->code, "%s: %s",
                       m == LUZTAR_METHOD_EVENT_DRIVEN ? _("Event-driven") : _("Time-stepping"), why);
          return NULL;
        }
      luztar_run_set_speed (self->runs[m], 0);
      g_signal_connect (self->runs[m], "stopped", G_CALLBACK (on_stopped), self);
    }
  return g_steal_pointer (&self);
}

/**
 * luztar_compare_start:
 * @self: a comparison
 *
 * Runs both methods to the end, as fast as they go; "done" follows.
 */
void
luztar_compare_start (LuztarCompare *self)
{
  g_return_if_fail (LUZTAR_IS_COMPARE (self));
  luztar_run_start (self->runs[LUZTAR_METHOD_EVENT_DRIVEN]);
  luztar_run_start (self->runs[LUZTAR_METHOD_TIME_STEPPING]);
}

LuztarRun *
luztar_compare_get_run (LuztarCompare *self,
                        LuztarMethod   method)
{
  g_return_val_if_fail (LUZTAR_IS_COMPARE (self), NULL);
  g_return_val_if_fail (method <= LUZTAR_METHOD_TIME_STEPPING, NULL);
  return self->runs[method];
}

/**
 * luztar_compare_get_trace:
 * @self: a comparison
 * @method: which run
 *
 * Returns: (transfer none): its trace
 */
LzTrace *
luztar_compare_get_trace (LuztarCompare *self,
                          LuztarMethod   method)
{
  return luztar_run_get_trace (luztar_compare_get_run (self, method));
}

/* The time step of the time-stepping run (the model's dt), s. */
double
luztar_compare_get_step (LuztarCompare *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPARE (self), 0);
  return self->step;
}

/* The interval of both traces' samples, s: a whole number of steps. */
double
luztar_compare_get_sample (LuztarCompare *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPARE (self), 0);
  return self->sample;
}

/**
 * luztar_compare_largest_difference:
 * @event_driven: a trace of the event-driven method
 * @time_stepping: a trace of time-stepping, of the same model
 * @body: a body
 * @difference: (out): the largest |q_ed − q_ts| of @body over the
 *   instants both traces have a row at (0 if none)
 * @t: (out): the first instant where it is (NaN if none)
 *
 * Both traces sampled on one grid have rows at the same instants,
 * bit for bit (k·DT); the event-driven one has more at its events, which
 * are skipped.
 *
 * Returns: how many instants were compared
 */
guint
luztar_compare_largest_difference (const LzTrace *event_driven,
                                   const LzTrace *time_stepping,
                                   guint          body,
                                   double        *difference,
                                   double        *t)
{
  guint na = lz_trace_get_n_samples (event_driven), nb = lz_trace_get_n_samples (time_stepping);
  guint i = 0, j = 0, compared = 0;

  *difference = 0;
  *t = NAN;
  while (i < na && j < nb)
    {
      double ta = lz_trace_get_time (event_driven, i), tb = lz_trace_get_time (time_stepping, j);

      if (ta < tb)
        i++;
      else if (tb < ta)
        j++;
      else
        {
          double d = fabs (lz_trace_get_q (event_driven, i, body) - lz_trace_get_q (time_stepping, j, body));

          if (d > *difference || compared == 0)
            *difference = d, *t = ta;
          compared++;
          /* an event-driven event at a sample instant has two rows (before
           * and after): the first one is compared, once */
          while (i < na && lz_trace_get_time (event_driven, i) == ta)
            i++;
          while (j < nb && lz_trace_get_time (time_stepping, j) == tb)
            j++;
        }
    }
  return compared;
}

static void
luztar_compare_dispose (GObject *object)
{
  LuztarCompare *self = LUZTAR_COMPARE (object);

  for (guint m = 0; m < G_N_ELEMENTS (self->runs); m++)
    if (self->runs[m] != NULL)
      {
        g_signal_handlers_disconnect_by_data (self->runs[m], self);
        /* disposing a run stops and joins its worker */
        g_clear_object (&self->runs[m]);
      }
  G_OBJECT_CLASS (luztar_compare_parent_class)->dispose (object);
}

static void
luztar_compare_class_init (LuztarCompareClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = luztar_compare_dispose;

  /**
   * LuztarCompare::done:
   *
   * Both runs have ended (reached their end or failed).
   */
  signals[SIGNAL_DONE] =
    g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
luztar_compare_init (LuztarCompare *self)
{
}
