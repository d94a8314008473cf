/* lz-luz.h — the luz, tar and talu projections and their algebra
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-types.h"

G_BEGIN_DECLS

/* The projections (paper 000 §2; docs/mathematics.md). */
double     lz_luz                (double      x,
                                  double      a);
LzInterval lz_tar                (double      x,
                                  double      a);
double     lz_tar_value          (double      x,
                                  double      a,
                                  double      at_zero);
double     lz_talu               (double      x,
                                  double      a1,
                                  double      a2);
double     lz_sat                (double      x,
                                  double      a);

/* Intervals. */
LzInterval lz_interval_add       (LzInterval  i,
                                  LzInterval  j);
LzInterval lz_interval_scale     (LzInterval  i,
                                  double      k);
gboolean   lz_interval_contains  (LzInterval  i,
                                  double      x,
                                  double      tol);

/* Theorem 2.1: inversion. */
LzInterval lz_luz_inverse        (double      y,
                                  double      a);

/* Parallel dry+viscous elements combine (sum rule with homogeneity). */
void       lz_tar_parallel       (double      c1,
                                  double      a1,
                                  double      c2,
                                  double      a2,
                                  double     *c,
                                  double     *a);

/* Disentanglement (Theorems 3.6–3.9). */
double     lz_disentangle_3_6    (double      x,
                                  double      a,
                                  double      b,
                                  double      k);
double     lz_disentangle_3_7    (double      x,
                                  double      a,
                                  double      b,
                                  double      k);
double     lz_disentangle_3_8    (double      x,
                                  double      a,
                                  double      b,
                                  double      k);
double     lz_disentangle_3_9    (double      x,
                                  double      a,
                                  double      b,
                                  double      k);

/* A linear spring in parallel with a spring with freeplay (Theorem 3.8). */
double     lz_disentangle_parallel (double    x,
                                  double      a,
                                  double      k);

/* Springs with freeplay in series (Theorems 3.6 and 4.3, paper 003 §4). */
double     lz_series2            (double      x,
                                  double      k1,
                                  double      a1,
                                  double      k2,
                                  double      a2,
                                  double     *y_out);

/**
 * LzSpringChain:
 * @n: the number of springs, ≥ 1
 * @k: (array length=n): stiffnesses, > 0
 * @a: (array length=n): half freeplays, ≥ 0
 * @r: (array length=n) (nullable): transmission ratios, ≠ 0 (%NULL: all 1,
 *   springs joined by massless nodes without gears)
 *
 * Freeplay springs in series, through ideal gears when @r is given.
 */
typedef struct
{
  gsize         n;
  const double *k;
  const double *a;
  const double *r;
} LzSpringChain;

double     lz_series             (const LzSpringChain *chain,
                                  double      x,
                                  double     *d_out,
                                  double     *k_red_out,
                                  double     *a_red_out);

G_END_DECLS
