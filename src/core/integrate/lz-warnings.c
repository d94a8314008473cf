/* lz-warnings.c — what a finished run says about its own accuracy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A stiff model integrated with a large time step can penetrate a stop far
 * or lose the energy balance and still end "successfully".  After a run,
 * lz_integrator_dup_warnings() compares with the model's own scales:
 *
 *  - a stop's penetration (how far g went beyond a limit) against the
 *    range g swept during the run, or the stop's gap (upper − lower) when
 *    that is larger: above LZ_WARN_PENETRATION of it, a warning;
 *  - the energy-balance error against the energy that went through the
 *    run (initial energy, work of sources, every dissipated share): above
 *    LZ_WARN_BALANCE of it, a warning;
 *  - time-stepping at θ = ½ whose impulses at stops made energy over a
 *    step (a step far longer than a natural period): that share is booked
 *    as the scheme's (lz-timestep-energy.c), never as a negative impact
 *    loss, and said here when it is above LZ_WARN_BALANCE of the energy
 *    moved.
 *
 * luztar-cli run prints them in its summary, the window in its run status
 * (docs/mathematics.md, "Warnings of a run").
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-integrator-private.h"

/* A penetration above this fraction of the stop's scale is reported. */
#define LZ_WARN_PENETRATION 0.01
/* A balance error above this fraction of the energy moved is reported. */
#define LZ_WARN_BALANCE     0.01
/* Rounding of g: a penetration below this many ulps of the limit is none. */
#define LZ_WARN_ROUNDING    1e3

/* A stop's g is read from the trace this many rows at a time */
#define STOP_ROWS 256

static void
check_stop (const LzElement *el,
            guint            e,
            const LzTrace   *trace,
            GPtrArray       *warnings)
{
  guint n = lz_trace_get_n_samples (trace);
  double lo = el->stop.lower, hi = el->stop.upper;
  double gmin = INFINITY, gmax = -INFINITY, worst = 0, t_worst = 0, scale;
  double gs[STOP_ROWS];

  for (guint r0 = 0; r0 < n; r0 += STOP_ROWS)
    {
      guint count = MIN (STOP_ROWS, n - r0);

      lz_trace_get_g_rows (trace, e, r0, count, gs);
      for (guint k = 0; k < count; k++)
        {
          double g = gs[k], p = MAX (lo - g, g - hi);

          gmin = MIN (gmin, g);
          gmax = MAX (gmax, g);
          if (p > worst)
            {
              worst = p;
              t_worst = lz_trace_get_time (trace, r0 + k);
            }
        }
    }
  scale = gmax - gmin;
  if (isfinite (hi - lo))
    scale = MAX (scale, hi - lo);
  if (!(worst > LZ_WARN_PENETRATION * scale)
      || !(worst > LZ_WARN_ROUNDING * DBL_EPSILON * MAX (fabs (lo), isfinite (hi) ? fabs (hi) : 0)))
    return;
  g_ptr_array_add (warnings,
                   g_strdup_printf (_("stop “%s” was penetrated by %.3g at t = %g s, %.2g of the range %.3g "
                                      "its gap swept (tolerance %g); take a smaller time step"),
                                    el->item.id, worst, t_worst, worst / scale, scale,
                                    LZ_WARN_PENETRATION));
}

/**
 * lz_integrator_dup_warnings:
 * @self: an integrator whose run is over (or stopped)
 * @trace: its trace
 *
 * Returns: (transfer full) (element-type utf8): the warnings of the run,
 *   one sentence each; empty when its penetrations and energy balance are
 *   within the tolerances of the top of this file
 */
GPtrArray *
lz_integrator_dup_warnings (const LzIntegrator *self,
                            const LzTrace      *trace)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  const LzModel *model = lz_assembly_get_model (self->assembly);
  guint n = lz_trace_get_n_samples (trace);
  LzEnergy first, last;
  double moved;

  g_return_val_if_fail (self != NULL && trace != NULL, warnings);
  if (n == 0 || lz_trace_get_n_elements (trace) != lz_model_get_n_elements (model))
    return warnings;
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (lz_model_get_element (model, e)->item.kind == LZ_ITEM_STOP)
      check_stop (lz_model_get_element (model, e), e, trace, warnings);

  lz_trace_get_energy (trace, 0, &first);
  lz_trace_get_energy (trace, n - 1, &last);
  moved = fabs (first.kinetic + first.potential) + fabs (last.sources) + fabs (last.damping)
          + fabs (last.friction) + fabs (last.impacts) + fabs (last.numerical);
  if (fabs (last.balance_error) > LZ_WARN_BALANCE * moved)
    g_ptr_array_add (warnings,
                     g_strdup_printf (_("the energy balance is off by %.3g J, %.2g of the %.3g J the run "
                                        "moved (tolerance %g); take a smaller time step"),
                                      last.balance_error, fabs (last.balance_error) / moved, moved,
                                      LZ_WARN_BALANCE));
  if (self->options.theta == 0.5 && -last.numerical > LZ_WARN_BALANCE * moved)
    g_ptr_array_add (warnings,
                     g_strdup_printf (_("θ = ½: the impulses at the stops made %.3g J over steps longer "
                                        "than the contact could follow; an impact makes no energy, so "
                                        "it is booked as the scheme’s, not as a negative impact loss; "
                                        "take a smaller time step"),
                                      -last.numerical));
  return warnings;
}
