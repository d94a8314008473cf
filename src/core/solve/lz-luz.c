/* lz-luz.c — the luz, tar and talu projections and their algebra
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Żardecki's projections (paper 000, D. Żardecki, "Piecewise linear luz(...)
 * and tar(...) projections, Part 1", J. Theor. Appl. Mech. 44(1), 2006):
 * luz is the dead zone of a spring with freeplay, tar its inverse relation,
 * the characteristic of dry plus viscous friction.  Our copy of the paper
 * lost its formulas in extraction; the definitions follow docs/mathematics.md and
 * each theorem below states the identity we implement and test, with the
 * mechanical situation it describes.
 */

#include "config.h"

#include <math.h>

#include "lz-luz.h"

static inline double
sgn (double x)
{
  return (x > 0) - (x < 0);
}

/**
 * lz_luz:
 * @x: the argument (e.g. a relative displacement, m)
 * @a: the half width of the dead zone, a ≥ 0 (same unit as @x)
 *
 * The dead zone (paper 000 Def. 2.1): x − a for x > a, 0 for |x| ≤ a,
 * x + a for x < −a.  A spring with half freeplay Δ pulls with k·luz(g, Δ).
 *
 * Returns: luz(x, a), or NAN when @a is negative or not a number
 */
double
lz_luz (double x,
        double a)
{
  g_return_val_if_fail (a >= 0, NAN);

  if (x > a)
    return x - a;
  if (x < -a)
    return x + a;
  return 0.0;
}

/* The interval [x, x]. */
static LzInterval
interval_point (double x)
{
  return (LzInterval) { x, x };
}

/**
 * lz_tar:
 * @x: the argument (e.g. a slip velocity)
 * @a: the jump, a ≥ 0
 *
 * The set-valued inverse of luz (paper 000 Def. 2.2): x + a for x > 0,
 * x − a for x < 0, and the whole interval [−a, a] at x = 0.  Dry friction
 * with level F0 and viscous coefficient C is C·tar(ż, F0/C).
 *
 * Returns: tar(x, a) as an interval (a single point off zero); [NAN, NAN]
 *   when @a is negative
 */
LzInterval
lz_tar (double x,
        double a)
{
  g_return_val_if_fail (a >= 0, ((LzInterval) { NAN, NAN }));

  if (x > 0)
    return interval_point (x + a);
  if (x < 0)
    return interval_point (x - a);
  return (LzInterval) { -a, a };
}

/**
 * lz_tar_value:
 * @x: the argument
 * @a: the jump, a ≥ 0
 * @at_zero: the value wanted at x = 0
 *
 * A single-valued selection of tar: x ± a off zero, and @at_zero clamped to
 * [−a, a] at zero (a sticking friction force is decided by the dynamics and
 * handed in here; it is never smoothed).
 *
 * Returns: the selected value
 */
double
lz_tar_value (double x,
              double a,
              double at_zero)
{
  g_return_val_if_fail (a >= 0, NAN);

  if (x > 0)
    return x + a;
  if (x < 0)
    return x - a;
  return CLAMP (at_zero, -a, a);
}

/**
 * lz_talu:
 * @x: the argument
 * @a1: the abscissa of the corner, a1 ≥ 0
 * @a2: the ordinate of the corner, a2 ≥ 0
 *
 * The odd piecewise-linear map through (±a1, ±a2) with slope 1 outside
 * (docs/mathematics.md): (a2/a1)·x for |x| ≤ a1 and x − (a1 − a2)·sgn(x) beyond.
 * talu(x, a1, 0) = luz(x, a1), talu(x, a, a) = x and, for x ≠ 0,
 * talu(x, 0, a2) = tar(x, a2); with a1 = 0 the value at x = 0 is 0.
 *
 * Returns: talu(x, a1, a2)
 */
double
lz_talu (double x,
         double a1,
         double a2)
{
  g_return_val_if_fail (a1 >= 0 && a2 >= 0, NAN);

  if (fabs (x) <= a1)
    return a1 > 0 ? (a2 / a1) * x : 0.0;
  return x - (a1 - a2) * sgn (x);
}

/**
 * lz_sat:
 * @x: the argument
 * @a: the limit, a ≥ 0
 *
 * The saturation x − luz(x, a) = clamp(x, −a, a) (paper 000 §3): the force
 * a stuck dry-friction contact transmits.
 *
 * Returns: clamp(x, −a, a)
 */
double
lz_sat (double x,
        double a)
{
  g_return_val_if_fail (a >= 0, NAN);

  return CLAMP (x, -a, a);
}

/* The Minkowski sum [a, b] + [c, d] = [a + c, b + d]. */
LzInterval
lz_interval_add (LzInterval i,
                 LzInterval j)
{
  return (LzInterval) { i.lo + j.lo, i.hi + j.hi };
}

/* k·[a, b], reordered for a negative k. */
LzInterval
lz_interval_scale (LzInterval i,
                   double     k)
{
  if (k >= 0)
    return (LzInterval) { k * i.lo, k * i.hi };
  return (LzInterval) { k * i.hi, k * i.lo };
}

/**
 * lz_interval_contains:
 * @tol: an absolute tolerance, ≥ 0
 *
 * Returns: whether lo − tol ≤ x ≤ hi + tol
 */
gboolean
lz_interval_contains (LzInterval i,
                      double     x,
                      double     tol)
{
  return x >= i.lo - tol && x <= i.hi + tol;
}

/**
 * lz_luz_inverse:
 * @y: a value of luz
 * @a: the dead zone, a ≥ 0
 *
 * Theorem 2.1 (inversion): y = luz(x, a) ⇔ x ∈ tar(y, a).  The set of
 * displacements that give the spring force k·y is tar(y, a): a single
 * displacement under load, the whole gap [−a, a] at zero force.
 *
 * Returns: the set {x : luz(x, a) = y} = tar(y, a)
 */
LzInterval
lz_luz_inverse (double y,
                double a)
{
  return lz_tar (y, a);
}

/**
 * lz_tar_parallel:
 * @c1: viscous coefficient of the first element, > 0
 * @a1: its jump (dry level / c1), ≥ 0
 * @c2: viscous coefficient of the second element, > 0
 * @a2: its jump, ≥ 0
 * @c: (out): the combined viscous coefficient c1 + c2
 * @a: (out): the combined jump (c1·a1 + c2·a2)/(c1 + c2)
 *
 * Two dry+viscous friction elements acting on the same slip combine into one
 * (homogeneity c·tar(x, a) = tar(c·x, c·a) and the sum rule
 * tar(c1·x, a) + tar(c2·x, b) = tar((c1 + c2)·x, a + b) for c1, c2 > 0):
 * c1·tar(x, a1) + c2·tar(x, a2) = c·tar(x, a).
 */
void
lz_tar_parallel (double  c1,
                 double  a1,
                 double  c2,
                 double  a2,
                 double *c,
                 double *a)
{
  g_return_if_fail (c1 > 0 && c2 > 0 && a1 >= 0 && a2 >= 0);
  g_return_if_fail (c != NULL && a != NULL);

  *c = c1 + c2;
  *a = (c1 * a1 + c2 * a2) / (c1 + c2);
}

/**
 * lz_disentangle_3_6:
 * @x: the end displacement of the pair
 * @a: half freeplay of the first spring, ≥ 0
 * @b: half freeplay of the second spring, ≥ 0
 * @k: stiffness ratio k1/k2 of the first to the second spring, > 0
 *
 * Theorem 3.6: if luz(y, b) = k·luz(x − y, a) then
 * y = k/(k+1)·talu(x, a + b, (k+1)/k·b).  Two freeplay springs in series
 * with a massless node y: the entangled node equation solved for y.
 * Inside the common dead zone (|x| ≤ a + b, no force) the solutions form an
 * interval when a and b are both positive; the formula picks the member
 * that shares the gap in proportion, y = b·x/(a + b).
 *
 * Returns: y
 */
double
lz_disentangle_3_6 (double x,
                    double a,
                    double b,
                    double k)
{
  g_return_val_if_fail (a >= 0 && b >= 0 && k > 0, NAN);

  return k / (k + 1) * lz_talu (x, a + b, (k + 1) / k * b);
}

/**
 * lz_disentangle_3_7:
 * @x: the end value of the pair (e.g. a relative velocity across two
 *   friction elements in series)
 * @a: the jump of the first tar, ≥ 0
 * @b: the jump of the second tar, ≥ 0
 * @k: the ratio of the first element's coefficient to the second's, > 0
 *
 * Theorem 3.7 (paper 000): if tar(y, b) = k·tar(x − y, a) (the two sets
 * meet) then
 *
 *     y = x − luz(x, ka − b)/(k + 1)      if ka > b,
 *     y = k/(k + 1)·x                     if ka = b,
 *     y = k/(k + 1)·luz(x, (b − ka)/k)    if ka < b.
 *
 * Two dry+viscous friction elements in series through a massless node:
 * μ₂·tar(ż, F₂/μ₂) = μ₁·tar(ẋ − ż, F₁/μ₁) with k = μ₁/μ₂, a = F₁/μ₁,
 * b = F₂/μ₂.  The stronger element sticks while the other slips below the
 * difference of the levels.  The solution is unique.
 *
 * Returns: y
 */
double
lz_disentangle_3_7 (double x,
                    double a,
                    double b,
                    double k)
{
  g_return_val_if_fail (a >= 0 && b >= 0 && k > 0, NAN);

  if (k * a > b)
    return x - lz_luz (x, k * a - b) / (k + 1);
  if (k * a == b)
    return k / (k + 1) * x;
  return k / (k + 1) * lz_luz (x, (b - k * a) / k);
}

/**
 * lz_disentangle_3_8:
 * @x: the end displacement
 * @a: the jump of the tar, ≥ 0 (0: a linear spring)
 * @b: half freeplay of the luz, ≥ 0
 * @k: the stiffness ratio of the tar element to the luz one, > 0
 *
 * Theorem 3.8 (paper 000): if luz(y, b) = k·tar(x − y, a) then
 * y = x − luz(x, ka + b)/(k + 1) (and x = y + luz(y, ka + b)/k).  With
 * a = 0 the tar is linear: a linear spring k in series with a spring with
 * freeplay b through a massless node y; y = x inside the gap.  The
 * solution is unique.
 *
 * Returns: y
 */
double
lz_disentangle_3_8 (double x,
                    double a,
                    double b,
                    double k)
{
  g_return_val_if_fail (a >= 0 && b >= 0 && k > 0, NAN);

  return x - lz_luz (x, k * a + b) / (k + 1);
}

/**
 * lz_disentangle_parallel:
 * @x: the load (in displacement units of the linear spring)
 * @a: half freeplay of the second spring, ≥ 0
 * @k: stiffness ratio of the freeplay spring to the linear one, > 0
 *
 * If y + k·luz(y, a) = x then y = x − k/(k + 1)·luz(x, a)
 * = talu(x, a, (k + 1)·a)/(k + 1): a linear spring in parallel with a
 * spring with freeplay (a progressive characteristic), its deflection
 * under a given load.  This is Theorem 3.8 with no tar jump and 1/k for k:
 * luz(y, a) = (1/k)·(x − y).  The solution is unique.
 *
 * Returns: y
 */
double
lz_disentangle_parallel (double x,
                         double a,
                         double k)
{
  g_return_val_if_fail (a >= 0 && k > 0, NAN);

  return lz_talu (x, a, (k + 1) * a) / (k + 1);
}

/**
 * lz_disentangle_3_9:
 * @x: the end displacement
 * @a: half freeplay of the spring, ≥ 0
 * @b: the jump of the relay/dry-friction law, ≥ 0
 * @k: the ratio of the spring stiffness to the viscous coefficient, > 0
 *
 * Theorem 3.9 (paper 000): if tar(y, b) = k·luz(x − y, a) then
 * y = k/(k+1)·luz(x, (ka + b)/k) = k/(k+1)·luz(x, a + b/k) and
 * x = (k+1)/k·tar(y, (ka + b)/(k + 1)).  (Our copy of the paper prints
 * the width of the first formula as (ka + b)/(k + 1), the width of the
 * second; y = 0 exactly while k·|luz(x, a)| ≤ b, i.e. |x| ≤ a + b/k, and
 * tests/core/test-luz.c checks the formula here against a bisection.)  A
 * freeplay spring loading a dry+viscous element (by Theorem 2.1 the
 * inclusion is y = luz(k·luz(x − y, a), b)); the element does not move
 * until the spring has taken up its freeplay and the friction level.
 * Over a time step h, paper 003's non-inertial element
 * μ·ż ∈ … has this form with y the step of z, k = k_spring·h/μ and
 * b = h·F0/μ.  The solution is unique.
 *
 * Returns: y
 */
double
lz_disentangle_3_9 (double x,
                    double a,
                    double b,
                    double k)
{
  g_return_val_if_fail (a >= 0 && b >= 0 && k > 0, NAN);

  return k / (k + 1) * lz_luz (x, a + b / k);
}

/**
 * lz_series2:
 * @x: the displacement across the pair (m)
 * @k1: stiffness of the first spring, > 0 (N/m)
 * @a1: its half freeplay, ≥ 0 (m)
 * @k2: stiffness of the second spring, > 0 (N/m)
 * @a2: its half freeplay, ≥ 0 (m)
 * @y_out: (out) (optional): the massless node between them (m)
 *
 * Theorem 3.6 (paper 000; its first identity luz(y, b) = k/(k+1)·luz(x, a + b)):
 * if k1·luz(x − y, a1) = k2·luz(y, a2) then the transmitted force is
 * T = k·luz(x, a1 + a2) with k = k1·k2/(k1 + k2): freeplays add,
 * compliances add.  The node y is Theorem 3.6's third identity with
 * k = k1/k2.  (Paper 000's Theorems 4.1–4.2 are two-dimensional systems,
 * not this one.)
 *
 * Returns: the force T (N)
 */
double
lz_series2 (double  x,
            double  k1,
            double  a1,
            double  k2,
            double  a2,
            double *y_out)
{
  g_return_val_if_fail (k1 > 0 && k2 > 0 && a1 >= 0 && a2 >= 0, NAN);

  if (y_out != NULL)
    *y_out = lz_disentangle_3_6 (x, a1, a2, k1 / k2);
  return k1 * k2 / (k1 + k2) * lz_luz (x, a1 + a2);
}

/**
 * lz_series:
 * @chain: the springs, and their transmission ratios r_i if geared
 * @x: the displacement across the chain, measured at its input
 * @d_out: (array length=n) (out) (optional): spring deflections
 * @k_red_out: (out) (optional): the reduced stiffness
 * @a_red_out: (out) (optional): the reduced half freeplay
 *
 * Theorem 4.3 of paper 000 for n = 3 (Theorem 3.6 for n = 2), and by
 * induction for any n: n freeplay springs in series through massless
 * nodes transmit T = (Σ 1/k_i)⁻¹·luz(x, Σ a_i); each deflection d_i
 * satisfies k_i·luz(d_i, a_i) = T and Σ d_i = x.  With no force the
 * deflections share the gap in proportion to the freeplays.
 *
 * Through ideal (weightless, frictionless) gears (paper 003 §4; Theorem
 * 2.1 and the sum rule of paper 000 §3), spring i carries the force r_i·T
 * and x = Σ r_i·d_i.  From r_i·T = k_i·luz(d_i, a_i), Theorem 2.1 gives
 * d_i ∈ tar(r_i·T/k_i, a_i), and homogeneity with the sum rule (Theorem
 * 3.5; all arguments r_i²·T/k_i share the sign of T) x ∈ tar(T·Σ r_i²/k_i,
 * Σ |r_i|·a_i), so T = k_red·luz(x, a_red) with k_red = (Σ r_i²/k_i)⁻¹,
 * a_red = Σ |r_i|·a_i.  Paper 003 §4 (Fig. 10): r = (1, 1, p) gives
 * (1/k1 + 1/k2 + p²/k3)⁻¹ and Δ1 + Δ2 + p·Δ3.
 *
 * Returns: the force T at the input of the chain
 */
double
lz_series (const LzSpringChain *chain,
           double               x,
           double              *d_out,
           double              *k_red_out,
           double              *a_red_out)
{
  double compliance = 0.0, a_red = 0.0, force;
  gsize n;
  const double *k, *a, *r;

  g_return_val_if_fail (chain != NULL && chain->n >= 1 && chain->k != NULL && chain->a != NULL, NAN);
  n = chain->n, k = chain->k, a = chain->a, r = chain->r;

  for (gsize i = 0; i < n; i++)
    {
      double ri = r != NULL ? r[i] : 1.0;

      g_return_val_if_fail (k[i] > 0 && a[i] >= 0 && ri != 0, NAN);
      compliance += ri * ri / k[i];
      a_red += fabs (ri) * a[i];
    }

  force = lz_luz (x, a_red) / compliance;

  if (d_out != NULL)
    for (gsize i = 0; i < n; i++)
      {
        double ri = r != NULL ? r[i] : 1.0;

        if (force != 0)
          d_out[i] = ri * force / k[i] + a[i] * sgn (ri * force);
        else if (a_red > 0)
          d_out[i] = x * sgn (ri) * a[i] / a_red;
        else
          d_out[i] = 0.0;
      }
  if (k_red_out != NULL)
    *k_red_out = 1.0 / compliance;
  if (a_red_out != NULL)
    *a_red_out = a_red;
  return force;
}
