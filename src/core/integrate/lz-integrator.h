/* lz-integrator.h — the single-step integrator API
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-assembler.h"
#include "lz-trace.h"

G_BEGIN_DECLS

/**
 * LzStepResult:
 * @LZ_STEP_OK: a step was taken, no mode changed
 * @LZ_STEP_EVENT: a step was taken and at least one element changed mode
 *   (the events are in the trace)
 * @LZ_STEP_DONE: the end time is reached; nothing more to do
 * @LZ_STEP_ERROR: the run cannot go on; the GError says why, naming the
 *   element and the time
 *
 * What lz_integrator_step() did (SUNDIALS-style statuses).
 */
typedef enum
{
  LZ_STEP_OK,
  LZ_STEP_EVENT,
  LZ_STEP_DONE,
  LZ_STEP_ERROR,
} LzStepResult;

/**
 * LzIntegratorOptions:
 * @t_end: end time (s); 0 means the model's simulation setting
 * @dt: time step of time-stepping (s); 0 means the model's setting
 * @theta: θ of the Moreau–Jean scheme in [0.5, 1]; negative means the
 *   model's setting
 * @sample: interval between trace samples (s); 0 samples every step
 * @lcp_tolerance: residual at which the per-step LCP is solved, as a
 *   fraction of each row's scale (lz-scales.h; default 1e-12)
 * @lcp_max_sweeps: sweeps of projected Gauss–Seidel per step (default
 *   5000)
 * @divergence_limit: |q| or |v| above this stops the run (default 1e12)
 * @max_rows: trace rows at which the run stops with an error (default
 *   10^7; lz-limits.c)
 * @max_events: logged events at which it stops (default 10^7)
 * @max_steps: steps at which it stops (default 10^9); time-stepping
 *   refuses at the start a run that needs more
 * @max_memory: bytes of trace at which it stops (default 2 GiB); the
 *   event-driven method also refuses at the start a model whose n × n
 *   matrices would take more
 *
 * Options of an integrator; a zeroed struct means the defaults.
 */
typedef struct
{
  double t_end;
  double dt;
  double theta;
  double sample;
  double lcp_tolerance;
  guint  lcp_max_sweeps;
  double divergence_limit;
  guint64 max_rows;
  guint64 max_events;
  guint64 max_steps;
  guint64 max_memory;
} LzIntegratorOptions;

void lz_integrator_options_init (LzIntegratorOptions *options);

typedef struct LzIntegratorClass LzIntegratorType;

/* Moreau–Jean time-stepping (θ-method, fixed h, velocity-level impulses). */
extern const LzIntegratorType *const lz_integrator_timestep;
/* Event-driven integration with located mode switches (regular M). */
extern const LzIntegratorType *const lz_integrator_event;

typedef struct LzIntegrator LzIntegrator;

/**
 * LzIntegratorStats:
 * @steps: steps taken
 * @events: mode changes logged
 * @lcp_solves: complementarity problems solved
 * @lcp_iterations: their iterations (sweeps and pivots), summed
 * @lcp_fallbacks: those of them that projected Gauss–Seidel left to
 *   Lemke's method
 * @lcp_max_residual: the largest residual of any of them
 * @rhs_evaluations: evaluations of the smooth right-hand side (the
 *   event-driven method: steps, event location, samples; 0 for
 *   time-stepping)
 *
 * Counters of a run.
 */
typedef struct
{
  guint64 steps;
  guint64 events;
  guint64 lcp_solves;
  guint64 lcp_iterations;
  guint64 lcp_fallbacks;
  double  lcp_max_residual;
  guint64 rhs_evaluations;
} LzIntegratorStats;

LzIntegrator *lz_integrator_new        (const LzIntegratorType    *type,
                                        LzAssembly                *assembly,
                                        const LzIntegratorOptions *options,
                                        GError                   **error);
void          lz_integrator_free       (LzIntegrator              *self);

const char   *lz_integrator_get_name   (const LzIntegrator        *self);
double        lz_integrator_get_time   (const LzIntegrator        *self);
double        lz_integrator_get_t_end  (const LzIntegrator        *self);
void          lz_integrator_get_stats  (const LzIntegrator        *self,
                                        LzIntegratorStats         *stats);
GPtrArray    *lz_integrator_get_notes  (const LzIntegrator        *self);
GPtrArray    *lz_integrator_dup_warnings (const LzIntegrator      *self,
                                          const LzTrace           *trace);

/* Writes the initial sample and modes to TRACE (once, before stepping;
 * lz_integrator_step() does it if it was not done). */
void          lz_integrator_start      (LzIntegrator              *self,
                                        LzTrace                   *trace);
/* One step, not past t_limit (nor the end time). */
LzStepResult  lz_integrator_step       (LzIntegrator              *self,
                                        double                     t_limit,
                                        LzTrace                   *trace,
                                        GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzIntegrator, lz_integrator_free)

G_END_DECLS
