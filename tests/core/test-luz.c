/* test-luz.c — luz, tar, talu and the identities of paper 000
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every identity is checked on N_RANDOM random inputs (reproducible with
 * --seed; the seed is the first line of the TAP output), mixing scales from
 * 1e-3 to 1e3, exact corner values (x = ±a) and zero freeplays.  Each
 * disentangled closed form is compared with a direct numerical solution of
 * the entangled equation by bisection.
 */

#include "config.h"

#include <math.h>

#include "lz.h"

#define N_RANDOM 20000

/* Relative precision of the bisections below: 200 halvings of a bracket
 * reach the spacing of doubles, so the root is known to a few ulps of the
 * bracket size. */
#define BISECT_ITERATIONS 200

/* Tolerance for closed forms against each other: a few ulps of the scale
 * of the numbers involved. */
static double
tol_of (double scale)
{
  return 64 * DBL_EPSILON * (1.0 + fabs (scale));
}

/* A high-entropy positive magnitude between 1e-3 and 1e3. */
static double
rand_magnitude (void)
{
  return pow (10.0, g_test_rand_double_range (-3, 3));
}

/* A freeplay: zero one time in ten, else a magnitude. */
static double
rand_freeplay (void)
{
  return g_test_rand_int_range (0, 10) == 0 ? 0.0 : rand_magnitude ();
}

/* A signed argument; one time in eight exactly on a corner ±corner. */
static double
rand_arg (double corner)
{
  double s = g_test_rand_bit () ? 1.0 : -1.0;

  switch (g_test_rand_int_range (0, 8))
    {
    case 0:
      return s * corner;
    case 1:
      return 0.0;
    default:
      return s * rand_magnitude ();
    }
}

/* Smallest y in [lo, hi] with f(y) ≥ 0, for a nondecreasing f. */
static double
bisect_left (double (*f) (double, const double *), const double *p, double lo, double hi)
{
  for (int i = 0; i < BISECT_ITERATIONS && hi - lo > 0; i++)
    {
      double mid = lo + 0.5 * (hi - lo);

      if (mid <= lo || mid >= hi)
        break;
      if (f (mid, p) >= 0)
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* Largest y in [lo, hi] with f(y) ≤ 0, for a nondecreasing f. */
static double
bisect_right (double (*f) (double, const double *), const double *p, double lo, double hi)
{
  for (int i = 0; i < BISECT_ITERATIONS && hi - lo > 0; i++)
    {
      double mid = lo + 0.5 * (hi - lo);

      if (mid <= lo || mid >= hi)
        break;
      if (f (mid, p) <= 0)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The root set [left, right] of a nondecreasing f on a bracket. */
static LzInterval
root_set (double (*f) (double, const double *), const double *p, double bracket)
{
  g_assert_cmpfloat (f (-bracket, p), <, 0);
  g_assert_cmpfloat (f (bracket, p), >, 0);
  return (LzInterval) { bisect_left (f, p, -bracket, bracket),
                        bisect_right (f, p, -bracket, bracket) };
}

static void
test_luz_definitions (void)
{
  /* luz */
  g_assert_cmpfloat (lz_luz (3, 1), ==, 2);
  g_assert_cmpfloat (lz_luz (-3, 1), ==, -2);
  g_assert_cmpfloat (lz_luz (1, 1), ==, 0);
  g_assert_cmpfloat (lz_luz (-1, 1), ==, 0);
  g_assert_cmpfloat (lz_luz (0.5, 1), ==, 0);
  g_assert_cmpfloat (lz_luz (0.5, 0), ==, 0.5);

  /* tar: single-valued off zero, the interval [−a, a] at zero */
  g_assert_cmpfloat (lz_tar (2, 0.5).lo, ==, 2.5);
  g_assert_cmpfloat (lz_tar (2, 0.5).hi, ==, 2.5);
  g_assert_cmpfloat (lz_tar (-2, 0.5).lo, ==, -2.5);
  g_assert_cmpfloat (lz_tar (0, 0.5).lo, ==, -0.5);
  g_assert_cmpfloat (lz_tar (0, 0.5).hi, ==, 0.5);
  g_assert_cmpfloat (lz_tar_value (0, 0.5, 0.2), ==, 0.2);
  g_assert_cmpfloat (lz_tar_value (0, 0.5, 7), ==, 0.5);
  g_assert_cmpfloat (lz_tar_value (0, 0.5, -7), ==, -0.5);
  g_assert_cmpfloat (lz_tar_value (-1, 0.5, 0), ==, -1.5);

  /* talu through (±a1, ±a2), slope 1 outside */
  g_assert_cmpfloat (lz_talu (1, 2, 1), ==, 0.5);
  g_assert_cmpfloat (lz_talu (2, 2, 1), ==, 1);
  g_assert_cmpfloat (lz_talu (3, 2, 1), ==, 2);
  g_assert_cmpfloat (lz_talu (-3, 2, 1), ==, -2);
  g_assert_cmpfloat (lz_talu (0, 0, 1), ==, 0);
  g_assert_cmpfloat (lz_talu (0.25, 0, 1), ==, 1.25);

  /* saturation */
  g_assert_cmpfloat (lz_sat (3, 1), ==, 1);
  g_assert_cmpfloat (lz_sat (-3, 1), ==, -1);
  g_assert_cmpfloat (lz_sat (0.3, 1), ==, 0.3);
}

static void
test_luz_talu_limits (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      double a = rand_freeplay (), a2 = rand_freeplay ();
      double x = rand_arg (a);

      /* talu(x, a, 0) = luz(x, a) */
      g_assert_cmpfloat_with_epsilon (lz_talu (x, a, 0), lz_luz (x, a), tol_of (fabs (x) + a));
      /* talu(x, a, a) = x */
      g_assert_cmpfloat_with_epsilon (lz_talu (x, a, a), x, tol_of (fabs (x) + a));
      /* talu(x, 0, a2) = tar(x, a2) for x ≠ 0 */
      if (x != 0)
        g_assert_cmpfloat_with_epsilon (lz_talu (x, 0, a2), lz_tar (x, a2).lo, tol_of (fabs (x) + a2));
      /* odd */
      g_assert_cmpfloat (lz_talu (-x, a, a2), ==, -lz_talu (x, a, a2));
    }
}

static void
test_luz_inversion (void)
{
  /* Theorem 2.1: y = luz(x, a) ⇔ x ∈ tar(y, a). */
  for (int i = 0; i < N_RANDOM; i++)
    {
      double a = rand_freeplay ();
      double x = rand_arg (a);
      double y = lz_luz (x, a);
      LzInterval pre = lz_luz_inverse (y, a);

      g_assert_true (lz_interval_contains (pre, x, tol_of (fabs (x) + a)));
      /* Conversely every x' of tar(y, a) maps back to y: both ends and a
       * point inside. */
      g_assert_cmpfloat_with_epsilon (lz_luz (pre.lo, a), y, tol_of (fabs (x) + a));
      g_assert_cmpfloat_with_epsilon (lz_luz (pre.hi, a), y, tol_of (fabs (x) + a));
      g_assert_cmpfloat_with_epsilon (lz_luz (0.5 * (pre.lo + pre.hi), a), y, tol_of (fabs (x) + a));
      /* And an x outside tar(y, a) does not. */
      g_assert_cmpfloat (lz_luz (pre.hi + 1.0 + a, a), !=, y);
    }
}

static void
test_luz_properties (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      double a = rand_freeplay (), b = rand_freeplay ();
      double k = rand_magnitude ();
      double x = rand_arg (a);
      LzInterval sum, whole;

      /* odd */
      g_assert_cmpfloat (lz_luz (-x, a), ==, -lz_luz (x, a));
      /* homogeneity k·luz(x, a) = luz(k·x, k·a) */
      g_assert_cmpfloat_with_epsilon (k * lz_luz (x, a), lz_luz (k * x, k * a), tol_of (k * (fabs (x) + a)));
      /* cascade luz(luz(x, a), b) = luz(x, a + b) */
      g_assert_cmpfloat_with_epsilon (lz_luz (lz_luz (x, a), b), lz_luz (x, a + b), tol_of (fabs (x) + a + b));
      /* saturation x − luz(x, a) = clamp(x, −a, a) */
      g_assert_cmpfloat_with_epsilon (x - lz_luz (x, a), lz_sat (x, a), tol_of (fabs (x) + a));
      /* sum rule tar(c1·x, a) + tar(c2·x, b) = tar((c1 + c2)·x, a + b) for
       * c1, c2 > 0, as sets (at x = 0 both sides are [−a−b, a+b]) */
      sum = lz_interval_add (lz_tar (x, a), lz_tar (k * x, b));
      whole = lz_tar ((1 + k) * x, a + b);
      g_assert_cmpfloat_with_epsilon (sum.lo, whole.lo, tol_of ((1 + k) * fabs (x) + a + b));
      g_assert_cmpfloat_with_epsilon (sum.hi, whole.hi, tol_of ((1 + k) * fabs (x) + a + b));
      /* …which fails for arguments of opposite signs (why Theorem 4.3 needs
       * every spring loaded the same way, r_i·(r_i·T) = r_i²·T): */
      if (x != 0 && a > 0 && b > 0)
        {
          sum = lz_interval_add (lz_tar (x, a), lz_tar (-k * x, b));
          whole = lz_tar ((1 - k) * x, a + b);
          g_assert_false (fabs (sum.lo - whole.lo) <= tol_of (fabs (x) + a + b)
                          && fabs (sum.hi - whole.hi) <= tol_of (fabs (x) + a + b)
                          && (1 - k) * x != 0);
        }
      /* homogeneity of tar: k·tar(x, a) = tar(k·x, k·a) */
      sum = lz_interval_scale (lz_tar (x, a), k);
      whole = lz_tar (k * x, k * a);
      g_assert_cmpfloat_with_epsilon (sum.lo, whole.lo, tol_of (k * (fabs (x) + a)));
      g_assert_cmpfloat_with_epsilon (sum.hi, whole.hi, tol_of (k * (fabs (x) + a)));
    }
}

static void
test_luz_parallel (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      double c1 = rand_magnitude (), c2 = rand_magnitude ();
      double a1 = rand_freeplay (), a2 = rand_freeplay ();
      double v = rand_arg (0);
      double c, a;
      LzInterval lhs, rhs;

      lz_tar_parallel (c1, a1, c2, a2, &c, &a);
      lhs = lz_interval_add (lz_interval_scale (lz_tar (v, a1), c1),
                             lz_interval_scale (lz_tar (v, a2), c2));
      rhs = lz_interval_scale (lz_tar (v, a), c);
      g_assert_cmpfloat_with_epsilon (lhs.lo, rhs.lo, tol_of (c * (fabs (v) + a)));
      g_assert_cmpfloat_with_epsilon (lhs.hi, rhs.hi, tol_of (c * (fabs (v) + a)));
    }
}

/* The entangled equations, each written as a nondecreasing f(y) with
 * parameters p = (x, a, b, k). */
static double
f_3_6 (double y, const double *p)
{
  return lz_luz (y, p[2]) - p[3] * lz_luz (p[0] - y, p[1]);
}

/* y + k·luz(y, a) = x (a linear spring in parallel with a freeplay one) */
static double
f_parallel (double y, const double *p)
{
  return y + p[3] * lz_luz (y, p[1]) - p[0];
}

/* luz(y, b) = k·tar(x − y, a) ⇔ x − y = luz(luz(y, b)/k, a) (Thm 2.1),
 * times k */
static double
f_3_8 (double y, const double *p)
{
  return p[3] * (y - p[0]) + p[3] * lz_luz (lz_luz (y, p[2]) / p[3], p[1]);
}

static double
f_3_9 (double y, const double *p)
{
  /* k·luz(x − y, a) ∈ tar(y, b) ⇔ y = luz(k·luz(x − y, a), b) (Thm 2.1). */
  return y - lz_luz (p[3] * lz_luz (p[0] - y, p[1]), p[2]);
}

typedef double (*ClosedForm) (const double *p);

static double cf_3_6 (const double *p) { return lz_disentangle_3_6 (p[0], p[1], p[2], p[3]); }
static double cf_parallel (const double *p) { return lz_disentangle_parallel (p[0], p[1], p[3]); }
static double cf_3_8 (const double *p) { return lz_disentangle_3_8 (p[0], p[1], p[2], p[3]); }
static double cf_3_9 (const double *p) { return lz_disentangle_3_9 (p[0], p[1], p[2], p[3]); }

/* Checks a closed form y(p) against the root set of f: y lies in it and,
 * where the set is a single point, equals it. */
static void
check_disentangled (double (*f) (double, const double *),
                    ClosedForm cf,
                    gboolean   unique,
                    double     a_scale)
{
  int n_interval = 0;

  for (int i = 0; i < N_RANDOM; i++)
    {
      double p[4], y, bracket, tol;
      LzInterval roots;

      p[1] = rand_freeplay ();
      p[2] = rand_freeplay ();
      p[3] = rand_magnitude ();
      p[0] = rand_arg (p[1] + p[2] * a_scale);

      bracket = 2 * (fabs (p[0]) + p[1] + p[2] + 1);
      roots = root_set (f, p, bracket);
      y = cf (p);
      tol = tol_of (bracket) * (1 + p[3]);

      g_assert_cmpfloat (roots.lo, <=, roots.hi + tol);
      if (!lz_interval_contains (roots, y, tol))
        g_error ("x=%.17g a=%.17g b=%.17g k=%.17g: closed form y=%.17g, roots [%.17g, %.17g]",
                 p[0], p[1], p[2], p[3], y, roots.lo, roots.hi);
      if (unique)
        g_assert_cmpfloat_with_epsilon (roots.hi - roots.lo, 0, tol);
      else if (roots.hi - roots.lo > tol)
        n_interval++;
      /* Residual of the closed form in its own equation. */
      g_assert_cmpfloat_with_epsilon (f (y, p), 0, tol * (1 + p[3]));
    }
  if (!unique)
    {
      /* The non-unique case must actually have been exercised. */
      g_assert_cmpint (n_interval, >, N_RANDOM / 50);
      g_test_message ("%d of %d cases had an interval of solutions", n_interval, N_RANDOM);
    }
}

static void
test_luz_theorem_3_6 (void)
{
  check_disentangled (f_3_6, cf_3_6, FALSE, 1.0);
}

static void
test_luz_parallel_springs (void)
{
  check_disentangled (f_parallel, cf_parallel, TRUE, 0.0);
}

/* Theorem 3.7, tar(y, b) = k·tar(x − y, a): both sides are sets, so solve
 * for their common value T instead.  y = luz(T, b) and x − y = luz(T/k, a)
 * (Theorem 2.1), so x = luz(T, b) + luz(T/k, a), nondecreasing in T; any
 * root T gives the same y. */
static double
h_3_7 (double T, const double *p)
{
  return lz_luz (T, p[2]) + lz_luz (T / p[3], p[1]) - p[0];
}

static void
test_luz_theorem_3_7 (void)
{
  guint cases[3] = { 0, 0, 0 };

  for (int i = 0; i < N_RANDOM; i++)
    {
      double p[4], bracket, tol, y;
      LzInterval roots;

      p[1] = rand_freeplay ();
      p[2] = rand_freeplay ();
      p[3] = rand_magnitude ();
      /* one time in eight exactly ka = b */
      if (g_test_rand_int_range (0, 8) == 0)
        p[2] = p[3] * p[1];
      p[0] = rand_arg (fabs (p[3] * p[1] - p[2]) / MAX (p[3], 1));

      bracket = 2 * (p[3] + 1) * (fabs (p[0]) + p[1] + p[2] + 1);
      roots = root_set (h_3_7, p, bracket);
      y = lz_disentangle_3_7 (p[0], p[1], p[2], p[3]);
      tol = tol_of (bracket) * (1 + p[3] + 1 / p[3]);
      if (fabs (y - lz_luz (0.5 * (roots.lo + roots.hi), p[2])) > tol)
        g_error ("x=%.17g a=%.17g b=%.17g k=%.17g: closed form y=%.17g, T in [%.17g, %.17g]",
                 p[0], p[1], p[2], p[3], y, roots.lo, roots.hi);
      /* the sets meet: tar(y, b) ∩ k·tar(x − y, a) ≠ ∅ */
      {
        LzInterval left = lz_tar (y, p[2]);
        LzInterval right = lz_interval_scale (lz_tar (p[0] - y, p[1]), p[3]);

        g_assert_cmpfloat (MAX (left.lo, right.lo), <=, MIN (left.hi, right.hi) + tol);
      }
      cases[p[3] * p[1] > p[2] ? 0 : p[3] * p[1] == p[2] ? 1 : 2]++;
    }
  g_test_message ("ka > b: %u, ka = b: %u, ka < b: %u cases", cases[0], cases[1], cases[2]);
  g_assert_cmpuint (cases[0], >, N_RANDOM / 10);
  g_assert_cmpuint (cases[1], >, N_RANDOM / 100);
  g_assert_cmpuint (cases[2], >, N_RANDOM / 10);
}

static void
test_luz_theorem_3_8 (void)
{
  check_disentangled (f_3_8, cf_3_8, TRUE, 1.0);
}

static void
test_luz_theorem_3_9 (void)
{
  check_disentangled (f_3_9, cf_3_9, TRUE, 1.0);
}

/* Theorems 4.1–4.3: solve x ∈ Σ r_i·tar(r_i·T/k_i, a_i) for T by bisection.
 * h(T) = Σ r_i²·T/k_i + sgn(T)·Σ|r_i|·a_i − x is increasing; at T = 0 it
 * takes the whole interval, so the root is 0 when x lies in it. */
typedef struct
{
  gsize   n;
  double  k[5];
  double  a[5];
  double  r[5];
  double  x;
} Chain;

static double
chain_force_by_bisection (const Chain *c)
{
  double comp = 0, a_sum = 0, lo, hi;

  for (gsize i = 0; i < c->n; i++)
    {
      comp += c->r[i] * c->r[i] / c->k[i];
      a_sum += fabs (c->r[i]) * c->a[i];
    }
  if (fabs (c->x) <= a_sum)
    return 0.0;
  lo = c->x > 0 ? 0 : -2 * fabs (c->x) / comp;
  hi = c->x > 0 ? 2 * fabs (c->x) / comp : 0;
  for (int it = 0; it < BISECT_ITERATIONS; it++)
    {
      double mid = lo + 0.5 * (hi - lo);
      double h = comp * mid + (mid > 0 ? a_sum : mid < 0 ? -a_sum : 0) - c->x;

      if (mid <= lo || mid >= hi)
        break;
      if (h > 0)
        hi = mid;
      else
        lo = mid;
    }
  return 0.5 * (lo + hi);
}

static void
random_chain (Chain *c, gboolean geared)
{
  double a_sum = 0;

  c->n = g_test_rand_int_range (1, 6);
  for (gsize i = 0; i < c->n; i++)
    {
      c->k[i] = rand_magnitude ();
      c->a[i] = rand_freeplay ();
      c->r[i] = geared && i > 0 ? (g_test_rand_bit () ? 1 : -1) * pow (10, g_test_rand_double_range (-1, 1)) : 1.0;
      a_sum += fabs (c->r[i]) * c->a[i];
    }
  c->x = rand_arg (a_sum);
}

static void
check_chain (const Chain *c, double force, const double *d)
{
  double expected = chain_force_by_bisection (c);
  double scale = fabs (c->x), sum = 0, comp = 0, a_sum = 0;

  for (gsize i = 0; i < c->n; i++)
    {
      scale += c->a[i];
      comp += c->r[i] * c->r[i] / c->k[i];
      a_sum += fabs (c->r[i]) * c->a[i];
    }
  /* T = (x ∓ a_sum)/comp: rounding in x and a_sum is amplified by 1/comp
   * (when x ≈ a_sum, T is small but its error is not). */
  g_assert_cmpfloat_with_epsilon (force, expected,
                                  1e-12 * fabs (expected) + tol_of ((fabs (c->x) + a_sum) / comp));
  /* Each spring carries its share r_i·T, and the deflections add up. */
  for (gsize i = 0; i < c->n; i++)
    {
      g_assert_cmpfloat_with_epsilon (c->k[i] * lz_luz (d[i], c->a[i]), c->r[i] * force,
                                      tol_of (c->k[i] * scale) * 4);
      g_assert_cmpfloat (fabs (d[i]), >=, 0);
      sum += c->r[i] * d[i];
    }
  g_assert_cmpfloat_with_epsilon (sum, c->x, tol_of (scale) * 8);
}

static void
test_luz_theorem_4_1 (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      Chain c = { .n = 2, .r = { 1, 1 } };
      double y, force, d[2];

      c.k[0] = rand_magnitude ();
      c.k[1] = rand_magnitude ();
      c.a[0] = rand_freeplay ();
      c.a[1] = rand_freeplay ();
      c.x = rand_arg (c.a[0] + c.a[1]);

      force = lz_series2 (c.x, c.k[0], c.a[0], c.k[1], c.a[1], &y);
      d[0] = c.x - y;
      d[1] = y;
      check_chain (&c, force, d);
      /* Same force as the n-spring form. */
      g_assert_cmpfloat_with_epsilon (force, lz_series (&(LzSpringChain) { 2, c.k, c.a, NULL }, c.x, NULL, NULL, NULL),
                                      tol_of (force));
    }
}

static void
test_luz_theorem_4_2 (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      Chain c;
      double d[5], force;

      random_chain (&c, FALSE);
      force = lz_series (&(LzSpringChain) { c.n, c.k, c.a, NULL }, c.x, d, NULL, NULL);
      check_chain (&c, force, d);
    }
}

static void
test_luz_theorem_4_3 (void)
{
  for (int i = 0; i < N_RANDOM; i++)
    {
      Chain c;
      double d[5], force, k_red, a_red;

      random_chain (&c, TRUE);
      force = lz_series (&(LzSpringChain) { c.n, c.k, c.a, c.r }, c.x, d, &k_red, &a_red);
      check_chain (&c, force, d);
      g_assert_cmpfloat_with_epsilon (force, k_red * lz_luz (c.x, a_red), tol_of (force));
    }
}

static void
test_luz_gear_train (void)
{
  /* Paper 003 §4, Fig. 10: ψ–δ spring, δ–pγ mesh, γ–φ spring, ratios
   * (1, 1, p): reduced stiffness (1/k1 + 1/k2 + p²/k3)⁻¹ and reduced
   * freeplay Δ1 + Δ2 + p·Δ3. */
  const double k[3] = { 2000, 50000, 800 };
  const double a[3] = { 0.01, 0.002, 0.03 };
  const double p = 2.5;
  const double r[3] = { 1, 1, p };
  const LzSpringChain train = { 3, k, a, r };
  double k_red, a_red, d[3], force;

  force = lz_series (&train, 0.2, d, &k_red, &a_red);
  g_assert_cmpfloat_with_epsilon (k_red, 1.0 / (1.0 / 2000 + 1.0 / 50000 + p * p / 800), 1e-12);
  g_assert_cmpfloat_with_epsilon (a_red, 0.01 + 0.002 + p * 0.03, 1e-15);
  g_assert_cmpfloat_with_epsilon (force, k_red * (0.2 - a_red), 1e-12);
  /* The first spring carries T, the last p·T. */
  g_assert_cmpfloat_with_epsilon (k[0] * lz_luz (d[0], a[0]), force, 1e-9);
  g_assert_cmpfloat_with_epsilon (k[2] * lz_luz (d[2], a[2]), p * force, 1e-9);
  /* Inside the total freeplay nothing is transmitted. */
  g_assert_cmpfloat (lz_series (&train, 0.05, NULL, NULL, NULL), ==, 0);
}

static void
test_luz_bad_arguments (void)
{
  double c = 0, a = 0;

  if (!g_test_undefined ())
    return;

  g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*a >= 0*");
  g_assert_true (isnan (lz_luz (1, -1)));
  g_test_assert_expected_messages ();

  g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*a >= 0*");
  g_assert_true (isnan (lz_tar (1, -1).lo));
  g_test_assert_expected_messages ();

  g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*k > 0*");
  g_assert_true (isnan (lz_disentangle_3_6 (1, 0, 0, 0)));
  g_test_assert_expected_messages ();

  g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*c1 > 0*");
  lz_tar_parallel (-1, 0, 1, 0, &c, &a);
  g_test_assert_expected_messages ();

  g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*k[i] > 0*");
  g_assert_true (isnan (lz_series (&(LzSpringChain) { 1, (double[]) { 0 }, (double[]) { 0 }, NULL }, 1, NULL, NULL, NULL)));
  g_test_assert_expected_messages ();
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/luz/definitions", test_luz_definitions);
  g_test_add_func ("/lz/luz/talu-limits", test_luz_talu_limits);
  g_test_add_func ("/lz/luz/theorem-2-1-inversion", test_luz_inversion);
  g_test_add_func ("/lz/luz/properties", test_luz_properties);
  g_test_add_func ("/lz/luz/parallel-friction", test_luz_parallel);
  g_test_add_func ("/lz/luz/theorem-3-6", test_luz_theorem_3_6);
  g_test_add_func ("/lz/luz/parallel-springs", test_luz_parallel_springs);
  g_test_add_func ("/lz/luz/theorem-3-7", test_luz_theorem_3_7);
  g_test_add_func ("/lz/luz/theorem-3-8", test_luz_theorem_3_8);
  g_test_add_func ("/lz/luz/theorem-3-9", test_luz_theorem_3_9);
  g_test_add_func ("/lz/luz/theorem-4-1", test_luz_theorem_4_1);
  g_test_add_func ("/lz/luz/theorem-4-2", test_luz_theorem_4_2);
  g_test_add_func ("/lz/luz/theorem-4-3", test_luz_theorem_4_3);
  g_test_add_func ("/lz/luz/gear-train", test_luz_gear_train);
  g_test_add_func ("/lz/luz/bad-arguments", test_luz_bad_arguments);

  return g_test_run ();
}
