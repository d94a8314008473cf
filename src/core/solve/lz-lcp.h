/* lz-lcp.h — linear complementarity problems on GSL matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

G_BEGIN_DECLS

/**
 * LzLcpReport:
 * @iterations: pivots (Lemke) or sweeps (PGS) used
 * @residual: max_i |min(w_i, z_i)| of the returned pair (the natural
 *   residual; 0 for an exact solution)
 * @complementarity: |wᵀz|
 * @infeasibility: max(0, −min_i z_i, −min_i w_i)
 * @equation_error: max_i |(Mz + q − w)_i|, the error of w = Mz + q as
 *   returned (recomputed from M, z, q)
 *
 * What every solve reports about its solution, successful or not.
 */
typedef struct
{
  guint  iterations;
  double residual;
  double complementarity;
  double infeasibility;
  double equation_error;
} LzLcpReport;

/**
 * LzPgsOptions:
 * @max_sweeps: at most this many Gauss–Seidel sweeps (default 1000)
 * @tolerance: stop when the natural residual (for a box problem: the
 *   distance of z from its projected update) is ≤ @tolerance (default 1e-12)
 * @warm_start: start from the z passed in instead of 0
 * @relaxation: over-relaxation factor ω in (0, 2) (default 1)
 * @lo: (nullable): the lower bounds of a box LCP (n), each finite or −∞;
 *   %NULL (with @hi %NULL) for the LCP lo = 0, hi = ∞
 * @hi: (nullable): its upper bounds (n), each finite or +∞, @hi ≥ @lo
 *
 * Options of the projected Gauss–Seidel solver; a zeroed struct or %NULL
 * means the defaults and the plain LCP.
 */
typedef struct
{
  guint             max_sweeps;
  double            tolerance;
  gboolean          warm_start;
  double            relaxation;
  const gsl_vector *lo;
  const gsl_vector *hi;
} LzPgsOptions;

/* LCP(M, q): find z ≥ 0 with w = M z + q ≥ 0 and zᵀw = 0.  n = q->size;
 * M is n×n; z and w (n) receive the solution.  On failure a GError with
 * LZ_ERROR_NO_SOLUTION (Lemke's ray termination: the message names the
 * entering variable and says the problem is infeasible or M is not
 * copositive-plus) or LZ_ERROR_NO_CONVERGENCE (pivot or sweep limit). */
gboolean lz_lcp_solve_lemke   (const gsl_matrix   *M,
                               const gsl_vector   *q,
                               gsl_vector         *z,
                               gsl_vector         *w,
                               LzLcpReport        *report,
                               GError            **error);
/* Box LCP (a mixed complementarity problem), when options->lo and hi are
 * given: lo ≤ z ≤ hi (lo_i may be −inf, hi_i +inf), w = M z + q with
 * w_i ≥ 0 where z_i = lo_i, w_i ≤ 0 where z_i = hi_i, w_i = 0 in between;
 * without them it is the LCP (friction impulses in time-stepping are
 * boxes [−h·F0⁻, h·F0⁺]).  Projected Gauss–Seidel; M must have a positive
 * diagonal. */
gboolean lz_lcp_solve_pgs     (const gsl_matrix   *M,
                               const gsl_vector   *q,
                               gsl_vector         *z,
                               gsl_vector         *w,
                               const LzPgsOptions *options,
                               LzLcpReport        *report,
                               GError            **error);

/* Mixed LCP: the first n_eq components of z are free and their w are 0
 * (equalities: bilateral constraints, massless coordinates); the others
 * are complementary.  Solved by eliminating the equality block (which
 * must be regular: LZ_ERROR_SINGULAR otherwise) and Lemke on the Schur
 * complement.  The report covers the whole problem. */
gboolean lz_mlcp_solve        (const gsl_matrix   *M,
                               const gsl_vector   *q,
                               guint               n_eq,
                               gsl_vector         *z,
                               gsl_vector         *w,
                               LzLcpReport        *report,
                               GError            **error);

/* The report of a given pair (z, w) for LCP(M, q): for tests and callers
 * that build solutions by other means. */
void     lz_lcp_report_compute (const gsl_matrix  *M,
                                const gsl_vector  *q,
                                const gsl_vector  *z,
                                const gsl_vector  *w,
                                LzLcpReport       *report);

G_END_DECLS
