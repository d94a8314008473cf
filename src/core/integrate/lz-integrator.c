/* lz-integrator.c — the single-step integrator API
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The base of the integrators: lz_integrator_new_method() resolves the
 * options against the model's simulation settings and hands over to the
 * integrator type (lz-method.c is the public constructor); the GUI's Step and
 * "step to next mode switch" and the CLI's run all go through
 * lz_integrator_step() (docs/architecture.md, "The integrator API").
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"

/**
 * lz_integrator_options_init:
 * @options: options to fill
 *
 * Sets every option to "take the model's setting or the default".
 */
void
lz_integrator_options_init (LzIntegratorOptions *options)
{
  g_return_if_fail (options != NULL);
  *options = (LzIntegratorOptions) { 0 };
  options->theta = -1;
}

/* A stop's initial gap may lie outside its limits by INITIAL_GAP_REL of
 * the limit's size or of the model's length (lz-scales.h), whichever is
 * larger: q0 and the limits are decimal text, and their sum rounds. */
#define INITIAL_GAP_REL 1e-12
/* A run is finished when a step ends within FINISH_REL of the time unit
 * near the end (lz_scales_time_unit()) of t_end. */
#define FINISH_REL 1e-12
/* The defaults of the options a caller leaves at 0 (lz-integrator.h). */
#define DEFAULT_LCP_TOLERANCE 1e-12
#define DEFAULT_LCP_MAX_SWEEPS 5000
#define DEFAULT_DIVERGENCE_LIMIT 1e12

/* A run starting outside a stop cannot be simulated by any method. */
static gboolean
check_initial_state (LzAssembly *assembly,
                     GError    **error)
{
  LzModel *model = lz_assembly_get_model (assembly);
  LzScales scales;

  lz_scales_of_model (model, &scales);

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      int a, b;
      double ca, cb, g0, g, L;

      if (el->item.kind != LZ_ITEM_STOP)
        continue;
      lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
      lz_assembly_eval_element_g0 (assembly, e, 0.0, &g0, NULL);
      g = (b >= 0 ? cb * lz_model_get_body (model, b)->q0 : 0)
          - (a >= 0 ? ca * lz_model_get_body (model, a)->q0 : 0) + g0;
      L = lz_scales_row_length (&scales, model, el);
      if (g < el->stop.lower - INITIAL_GAP_REL * MAX (fabs (el->stop.lower), L)
          || g > el->stop.upper + INITIAL_GAP_REL * MAX (fabs (el->stop.upper), L))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("the initial state violates stop “%s”: g = %g is outside [%g, %g]; "
                         "change the bodies’ q0"),
                       el->item.id, g, el->stop.lower, el->stop.upper);
          return FALSE;
        }
    }
  return TRUE;
}

/* The integrator of TYPE itself (lz-method.c adds the fallback for
 * massless joints): the options resolved against the model's settings and
 * checked, the initial state checked. */
LzIntegrator *
lz_integrator_new_method (const LzIntegratorType    *type,
                          LzAssembly                *assembly,
                          const LzIntegratorOptions *options,
                          GError                   **error)
{
  const LzIntegratorClass *klass = (const LzIntegratorClass *) type;
  const LzSimulation *sim;
  LzIntegratorOptions opt;
  LzIntegrator *self;

  g_return_val_if_fail (type != NULL && assembly != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sim = lz_model_get_simulation (lz_assembly_get_model (assembly));
  if (options != NULL)
    opt = *options;
  else
    lz_integrator_options_init (&opt);
  if (opt.t_end == 0)
    opt.t_end = sim->t_end;
  if (opt.dt == 0)
    opt.dt = sim->dt;
  if (opt.theta < 0)
    opt.theta = sim->theta;
  if (opt.lcp_tolerance == 0)
    opt.lcp_tolerance = DEFAULT_LCP_TOLERANCE;
  if (opt.lcp_max_sweeps == 0)
    opt.lcp_max_sweeps = DEFAULT_LCP_MAX_SWEEPS;
  if (opt.divergence_limit == 0)
    opt.divergence_limit = DEFAULT_DIVERGENCE_LIMIT;

  if (!(opt.t_end > 0) || !isfinite (opt.t_end))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the end time must be a positive number of seconds, got %g"), opt.t_end);
      return NULL;
    }
  if (!(opt.dt > 0) || !isfinite (opt.dt) || opt.dt > opt.t_end)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the time step must be positive and at most the end time %g s, got %g"),
                   opt.t_end, opt.dt);
      return NULL;
    }
  if (!(opt.theta >= 0.5 && opt.theta <= 1))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("θ must be between 0.5 and 1 (0.5: energy-conserving, 1: implicit Euler), got %g"),
                   opt.theta);
      return NULL;
    }
  if (!(opt.sample >= 0) || !isfinite (opt.sample))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the sampling interval must not be negative, got %g"), opt.sample);
      return NULL;
    }

  lz_limits_resolve (&opt);
  if (!lz_limits_check_start (&opt, type == lz_integrator_timestep, error))
    return NULL;
  if (!check_initial_state (assembly, error) || !lz_limits_check_initial (assembly, &opt, error))
    return NULL;
  {
    GPtrArray *watch = lz_watch_new (lz_assembly_get_model (assembly), error);

    if (watch == NULL)
      return NULL;
    self = klass->new (assembly, &opt, error);
    if (self == NULL)
      {
        g_ptr_array_unref (watch);
        return NULL;
      }
    lz_watch_rebase (watch);
    self->watch = watch;
  }
  self->klass = klass;
  self->name = klass->name;
  self->assembly = assembly;
  self->options = opt;
  self->t = 0.0;
  self->t_end = opt.t_end;
  return self;
}

void
lz_integrator_free (LzIntegrator *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->watch, g_ptr_array_unref);
  self->klass->free (self);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_free (self);
}

const char *
lz_integrator_get_name (const LzIntegrator *self)
{
  return self->name;
}

double
lz_integrator_get_time (const LzIntegrator *self)
{
  return self->t;
}

double
lz_integrator_get_t_end (const LzIntegrator *self)
{
  return self->t_end;
}

void
lz_integrator_get_stats (const LzIntegrator *self,
                         LzIntegratorStats  *stats)
{
  g_return_if_fail (stats != NULL);
  *stats = self->stats;
}

/**
 * lz_integrator_start:
 * @self: an integrator
 * @trace: the trace of the run
 *
 * Records the initial sample and the initial mode of every nonsmooth
 * element (cause "initial").
 */
void
lz_integrator_start (LzIntegrator *self,
                     LzTrace      *trace)
{
  g_return_if_fail (self != NULL && trace != NULL);
  if (self->started)
    return;
  self->klass->start (self, trace);
  self->started = TRUE;
}

/**
 * lz_integrator_step:
 * @self: an integrator
 * @t_limit: do not step past this time (the end time applies anyway)
 * @trace: the trace to append to
 * @error: return location for a #GError
 *
 * Takes one step.  %LZ_STEP_EVENT says that an element changed mode (the
 * GUI's "step to next mode switch" loops until it); %LZ_STEP_DONE that
 * the end time or @t_limit is reached; %LZ_STEP_ERROR sets @error.
 *
 * Returns: what the step did
 */
LzStepResult
lz_integrator_step (LzIntegrator *self,
                    double        t_limit,
                    LzTrace      *trace,
                    GError      **error)
{
  LzStepResult result;
  double t0;

  g_return_val_if_fail (self != NULL && trace != NULL, LZ_STEP_ERROR);
  g_return_val_if_fail (error == NULL || *error == NULL, LZ_STEP_ERROR);

  lz_integrator_start (self, trace);
  t0 = self->t;
  result = self->klass->step (self, t_limit, trace, error);
  if (!lz_watch_check (self->watch, t0, self->t, error))
    return LZ_STEP_ERROR;
  if (result != LZ_STEP_ERROR && !lz_limits_check_step (self, trace, error))
    return LZ_STEP_ERROR;
  if (result == LZ_STEP_DONE && self->t >= self->t_end - FINISH_REL * lz_scales_time_unit (&self->scales, self->t_end))
    lz_trace_finish (trace);
  return result;
}

/**
 * lz_integrator_get_notes:
 * @self: an integrator
 *
 * What was done to the model before integrating it: when the method
 * cannot take a massless joint as it is but a closed form can (springs
 * with freeplay in series, paper 000 Theorem 3.6), the joint is
 * eliminated for the integration and put back in the trace; one sentence
 * per joint.
 *
 * Returns: (transfer none) (nullable) (element-type utf8): the notes, or
 *   %NULL when the model was integrated as it is
 */
GPtrArray *
lz_integrator_get_notes (const LzIntegrator *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->notes;
}
