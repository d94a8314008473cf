/* lz-limits.c — the bounds of a run: rows, events, steps, memory, step size
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run whose output would grow without bound (t-end = 1e300, a sample
 * interval far below the end time, a step that double precision cannot
 * add to t-end) is stopped, or refused before it starts, with a message
 * naming the limit and how to raise it, instead of filling the memory or
 * spinning for ever.  The defaults are far above what a normal run meets;
 * luztar-cli run and sweep raise them with --max-rows, --max-events,
 * --max-steps and --max-memory (docs/file-format.md, "Limits of a run").
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"

#define LZ_DEFAULT_MAX_ROWS   10000000u               /* 10^7 trace rows */
#define LZ_DEFAULT_MAX_EVENTS 10000000u               /* 10^7 logged events */
#define LZ_DEFAULT_MAX_STEPS  G_GUINT64_CONSTANT (1000000000) /* 10^9 steps */
#define LZ_DEFAULT_MAX_MEMORY (G_GUINT64_CONSTANT (2048) << 20) /* 2 GiB of trace */

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

/* Before a run: the step size against t-end's precision, and what the run
 * needs that is known in advance (time-stepping's steps, sampled rows). */
gboolean
lz_limits_check_start (const LzIntegratorOptions *opt,
                       gboolean                   fixed_step,
                       GError                   **error)
{
  double rows = opt->sample > 0 ? floor (opt->t_end / opt->sample) + 1 : 0;
  double steps = ceil (opt->t_end / opt->dt);

  if (fixed_step && opt->dt < lz_simulation_min_step (opt->t_end))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the time step %g s is too small for the end time %g s: double precision cannot "
                     "advance the time by it there; the time step must be at least %g s"),
                   opt->dt, opt->t_end, lz_simulation_min_step (opt->t_end));
      return FALSE;
    }
  if (fixed_step && steps > (double) opt->max_steps)
    {
      g_autofree char *need = count_text (steps);
      g_autofree char *max = count_text ((double) opt->max_steps);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the run needs %s steps of %g s to reach %g s, more than the limit of %s steps; "
                     "take a larger time step or raise the limit (--max-steps)"),
                   need, opt->dt, opt->t_end, max);
      return FALSE;
    }
  if (rows > (double) opt->max_rows)
    {
      g_autofree char *need = count_text (rows);
      g_autofree char *max = count_text ((double) opt->max_rows);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("sampling every %g s until %g s writes %s trace rows, more than the limit of %s rows; "
                     "sample less often (--sample) or raise the limit (--max-rows)"),
                   opt->sample, opt->t_end, need, max);
      return FALSE;
    }
  return TRUE;
}

/* After a step: the run's rows, events, steps and trace memory against
 * their limits. */
gboolean
lz_limits_check_step (const LzIntegrator *self,
                      const LzTrace      *trace,
                      GError            **error)
{
  const LzIntegratorOptions *opt = &self->options;
  guint64 rows = lz_trace_get_n_samples (trace);
  guint64 events = lz_trace_get_n_events (trace);
  guint64 memory = rows * lz_trace_get_row_bytes (trace) + events * sizeof (LzEvent);
  g_autofree char *max = NULL;

  if (rows > opt->max_rows)
    {
      max = count_text ((double) opt->max_rows);
      g_set_error (error, LZ_ERROR, LZ_ERROR_FAILED,
                   _("the run stopped at t = %g s: the trace reached its limit of %s rows; "
                     "sample less often (--sample) or raise the limit (--max-rows)"),
                   self->t, max);
      return FALSE;
    }
  if (events > opt->max_events)
    {
      max = count_text ((double) opt->max_events);
      g_set_error (error, LZ_ERROR, LZ_ERROR_FAILED,
                   _("the run stopped at t = %g s: it reached its limit of %s events; "
                     "raise the limit (--max-events)"),
                   self->t, max);
      return FALSE;
    }
  if (self->stats.steps > opt->max_steps)
    {
      max = count_text ((double) opt->max_steps);
      g_set_error (error, LZ_ERROR, LZ_ERROR_FAILED,
                   _("the run stopped at t = %g s: it reached its limit of %s steps; "
                     "raise the limit (--max-steps)"),
                   self->t, max);
      return FALSE;
    }
  if (memory > opt->max_memory)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_FAILED,
                   _("the run stopped at t = %g s: its trace reached the memory limit of %.0f MiB; "
                     "sample less often (--sample) or raise the limit (--max-memory)"),
                   self->t, (double) opt->max_memory / (1 << 20));
      return FALSE;
    }
  return TRUE;
}
