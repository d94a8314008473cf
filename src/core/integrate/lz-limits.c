/* lz-limits.c — the bounds of a run: rows, events, steps, memory, step size
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run whose output would grow without bound (t-end = 1e300, a sample
 * interval far below the end time, a step that double precision cannot
 * add to t-end) is stopped, or refused before it starts, with a message
 * naming the limit in words and an LZ_ERROR_LIMIT_* code saying which,
 * instead of filling the memory or spinning for ever.  The defaults are far
 * above what a normal run meets.  The core knows no interface: luztar-cli
 * adds the option that raises the limit (src/cli/cli-limits.c), the window
 * where its run settings help (src/app/sim/luztar-run.c).
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"

#define LZ_DEFAULT_MAX_ROWS   10000000u               /* 10^7 trace rows */
#define LZ_DEFAULT_MAX_EVENTS 10000000u               /* 10^7 logged events */
#define LZ_DEFAULT_MAX_STEPS  G_GUINT64_CONSTANT (1000000000) /* 10^9 steps */
#define LZ_DEFAULT_MAX_MEMORY (G_GUINT64_CONSTANT (2048) << 20) /* 2 GiB of trace */
/* A run is stuck when LZ_STALL_STEPS steps in a row advance the time by
 * less than LZ_STALL_FRACTION of t-end in all (event location takes a few
 * tiny steps at an instant, never thousands). */
#define LZ_STALL_STEPS        10000u
#define LZ_STALL_FRACTION     1e-6
/* A stop's g this close to a limit (relative to 1 + |limit|) is at it. */
#define LZ_AT_LIMIT           1e-9

/* The defaults of the limits (0 in the options). */
void
lz_limits_resolve (LzIntegratorOptions *opt)
{
  if (opt->max_rows == 0)
    opt->max_rows = LZ_DEFAULT_MAX_ROWS;
  if (opt->max_events == 0)
    opt->max_events = LZ_DEFAULT_MAX_EVENTS;
  if (opt->max_steps == 0)
    opt->max_steps = LZ_DEFAULT_MAX_STEPS;
  if (opt->max_memory == 0)
    opt->max_memory = LZ_DEFAULT_MAX_MEMORY;
}

static char *
count_text (double n)
{
  return n < 1e15 ? g_strdup_printf ("%.0f", n) : g_strdup_printf ("%.3g", n);
}

/* Sets ERROR (domain LZ_ERROR) to the message FORMAT and returns FALSE:
 * one line for every limit a run is refused or stopped at. */
static gboolean G_GNUC_PRINTF (3, 4)
refuse (GError    **error,
        LzError     code,
        const char *format,
        ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (LZ_ERROR, code, format, args);
  va_end (args);
  return FALSE;
}

/* Before a run: the step size against t-end's precision, and what the run
 * needs that is known in advance (time-stepping's steps, sampled rows). */
gboolean
lz_limits_check_start (const LzIntegratorOptions *opt,
                       gboolean                   fixed_step,
                       GError                   **error)
{
  double rows = opt->sample > 0 ? floor (opt->t_end / opt->sample) + 1 : 0;
  double steps = ceil (opt->t_end / opt->dt);
  g_autofree char *need = NULL, *max = NULL;

  if (fixed_step && opt->dt < lz_simulation_min_step (opt->t_end))
    return refuse (error, LZ_ERROR_INVALID_ARGUMENT,
                   _("the time step %g s is too small for the end time %g s: double precision cannot "
                     "advance the time by it there; the time step must be at least %g s"),
                   opt->dt, opt->t_end, lz_simulation_min_step (opt->t_end));
  if (fixed_step && steps > (double) opt->max_steps)
    return refuse (error, LZ_ERROR_LIMIT_STEPS,
                   _("the run needs %s steps of %g s to reach %g s, more than the limit of %s steps"),
                   need = count_text (steps), opt->dt, opt->t_end,
                   max = count_text ((double) opt->max_steps));
  if (rows > (double) opt->max_rows)
    return refuse (error, LZ_ERROR_LIMIT_ROWS,
                   _("sampling every %g s until %g s writes %s trace rows, more than the limit of %s rows"),
                   opt->sample, opt->t_end, need = count_text (rows),
                   max = count_text ((double) opt->max_rows));
  return TRUE;
}

/* Before a run: an initial state the run would call diverged at once, and
 * a body whose natural period √(m/k) (or time constant m/c) is below what
 * double precision resolves near t-end: a mass of 1e-308 on a spring made
 * the smooth integration fail "with a user-supplied function". */
gboolean
lz_limits_check_initial (LzAssembly                *assembly,
                         const LzIntegratorOptions *opt,
                         GError                   **error)
{
  const LzModel *model = lz_assembly_get_model (assembly);
  /* The sparse matrices: the dense ones are n × n, built only on request. */
  const gsl_spmatrix *M = lz_assembly_get_M_sparse (assembly);
  const gsl_spmatrix *C = lz_assembly_get_C_sparse (assembly);
  const gsl_spmatrix *K = lz_assembly_get_K_sparse (assembly);
  double h_min = lz_simulation_min_step (opt->t_end);

  for (guint i = 0; i < lz_assembly_get_n_dofs (assembly); i++)
    {
      const LzBody *body = lz_model_get_body (model, i);
      double m = gsl_spmatrix_get (M, i, i), k = fabs (gsl_spmatrix_get (K, i, i));
      double c = fabs (gsl_spmatrix_get (C, i, i));
      double period = k > 0 ? sqrt (m / k) : INFINITY, relax = c > 0 ? m / c : INFINITY;

      if (fabs (body->q0) > opt->divergence_limit || fabs (body->v0) > opt->divergence_limit)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("body “%s”: the initial state q0 = %g, v0 = %g is beyond the run’s divergence "
                         "limit %g"),
                       body->item.id, body->q0, body->v0, opt->divergence_limit);
          return FALSE;
        }
      if (m > 0 && (!isfinite (1 / m) || MIN (period, relax) < h_min))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("body “%s”: its mass or inertia %g is too small for what acts on it — its "
                         "time scale √(m/k) or m/c is %g s, below what double precision resolves "
                         "over a run to %g s (%g s)"),
                       body->item.id, m, MIN (period, relax), opt->t_end, h_min);
          return FALSE;
        }
    }
  return TRUE;
}

/* The elements at an instant that may hold a run: stops on (or beyond) a
 * limit, stuck friction, engaged freeplay, by their mode or their g. */
static char *
elements_at_limits (const LzIntegrator *self,
                    const LzTrace      *trace)
{
  const LzModel *model = lz_assembly_get_model (self->assembly);
  guint row = lz_trace_get_n_samples (trace) - 1;
  GString *ids = g_string_new (NULL);

  for (guint e = 0; e < lz_model_get_n_elements (model) && e < lz_trace_get_n_elements (trace); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      LzMode mode = lz_trace_get_mode (trace, row, e);
      double g = lz_trace_get_g (trace, row, e);
      gboolean held = mode == LZ_MODE_CONTACT || mode == LZ_MODE_STICK
                      || (el->item.kind == LZ_ITEM_STOP
                          && (g <= el->stop.lower + LZ_AT_LIMIT * (1 + fabs (el->stop.lower))
                              || g >= el->stop.upper - LZ_AT_LIMIT * (1 + fabs (el->stop.upper))));

      if (held)
        g_string_append_printf (ids, "%s“%s”", ids->len > 0 ? ", " : "", el->item.id);
    }
  return g_string_free (ids, FALSE);
}

/* A run whose steps no longer advance the time (event-driven at an
 * instant where the constraints have no solution, e.g. a body pinched
 * between two approaching grounds) is stopped with the elements there:
 * the steps are counted in windows of LZ_STALL_STEPS, and a window that
 * advanced the time by less than LZ_STALL_FRACTION of t-end is a stall. */
static gboolean
check_stall (LzIntegrator  *self,
             const LzTrace *trace,
             GError       **error)
{
  g_autofree char *ids = NULL;

  if (++self->stall_steps < LZ_STALL_STEPS)
    return TRUE;
  if (self->t - self->stall_t >= LZ_STALL_FRACTION * self->t_end)
    {
      self->stall_t = self->t;
      self->stall_steps = 0;
      return TRUE;
    }
  /* a pole just ahead (1/(t-0.5) with a spring) holds the steps back */
  if (lz_watch_explain (self->watch, self->stall_t, self->t + LZ_STALL_FRACTION * self->t_end, error))
    return FALSE;
  ids = elements_at_limits (self, trace);
  if (ids[0] != '\0')
    g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                 _("the run did not converge at t = %.10g s: %u steps advanced it by less than %g s in all; "
                   "the elements at their limits: %s (their constraints may have no solution together)"),
                 self->t, self->stall_steps, LZ_STALL_FRACTION * self->t_end, ids);
  else
    g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                 _("the run did not converge at t = %.10g s: %u steps advanced it by less than %g s in all, "
                   "with no element at a limit (the model may be too stiff for its t-end)"),
                 self->t, self->stall_steps, LZ_STALL_FRACTION * self->t_end);
  return FALSE;
}

/* After a step: the run's rows, events, steps and trace memory against
 * their limits. */
gboolean
lz_limits_check_step (LzIntegrator  *self,
                      const LzTrace *trace,
                      GError       **error)
{
  const LzIntegratorOptions *opt = &self->options;
  guint64 rows = lz_trace_get_n_samples (trace);
  guint64 events = lz_trace_get_n_events (trace);
  guint64 memory = rows * lz_trace_get_row_bytes (trace) + events * sizeof (LzEvent);
  g_autofree char *max = NULL;

  if (!check_stall (self, trace, error))
    return FALSE;
  if (rows > opt->max_rows)
    return refuse (error, LZ_ERROR_LIMIT_ROWS,
                   _("the run stopped at t = %g s: the trace reached its limit of %s rows"),
                   self->t, max = count_text ((double) opt->max_rows));
  if (events > opt->max_events)
    return refuse (error, LZ_ERROR_LIMIT_EVENTS,
                   _("the run stopped at t = %g s: it reached its limit of %s events"),
                   self->t, max = count_text ((double) opt->max_events));
  if (self->stats.steps > opt->max_steps)
    return refuse (error, LZ_ERROR_LIMIT_STEPS,
                   _("the run stopped at t = %g s: it reached its limit of %s steps"),
                   self->t, max = count_text ((double) opt->max_steps));
  if (memory > opt->max_memory)
    return refuse (error, LZ_ERROR_LIMIT_MEMORY,
                   _("the run stopped at t = %g s: its trace reached the memory limit of %.0f MiB"),
                   self->t, (double) opt->max_memory / (1 << 20));
  return TRUE;
}
