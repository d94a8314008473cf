/* test-expr-taylor.c — Taylor coefficients of expressions in t (lz_expr_taylor)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The coefficients are checked against what does not share their code:
 * lz_expr_eval() and its derivatives (libmatheval on lz-symbolic.c's
 * formulas), series in closed form, the same function written another
 * way (tan(t) against sin(t)/cos(t): another recurrence), and the sum of
 * the series against the value further on.  Every tolerance is relative
 * to the size of what is compared, so that t0 and h do not enter.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz.h"
#include "test-util.h"
#include "lz-jumps.h"

/* The order of the integrator's Taylor steps. */
#define ORDER 30

/* coef[0] is lz_expr_eval()'s value to this many ulps (the same
 * operations: in practice to the bit). */
#define VALUE_ULPS 4

/* The first and second coefficients against lz_expr_eval_d1() and _d2()
 * (formulas evaluated by libmatheval in another order of operations),
 * relative to the largest of the three terms. */
#define DERIVATIVE_REL 1e-12

/* How many random texts test_taylor_random() tries. */
#define RANDOM_TEXTS 4000

/* The same for random texts, which meet points where either evaluation
 * cancels (t/sinh(erf(t)) near 0: 0/0), relative to the largest term or,
 * where all are small, to RANDOM_FLOOR (their terms are of order 1: a
 * function 0 to the last bits, e − e·t/t, or one that underflows; the
 * times stay 0.1 away from 0, where such noise grows as 1/t²). */
#define RANDOM_DERIVATIVE_REL 1e-8
#define RANDOM_FLOOR 1e-4

/* Central differences of step FD_STEP·|t| (|t| ≥ 0.1) agree with the
 * derivatives to about FD_STEP² and ε/FD_STEP of the scale: FD_REL. */
#define FD_STEP 1e-5
#define FD_REL 1e-5

/* Closed forms: each coefficient to this times (k + 1) of its size
 * (its closed form's envelope where it oscillates). */
#define CLOSED_REL 1e-14

/* One function written two ways, relative to the largest coefficient. */
#define PAIR_REL 1e-12

/* The series summed at τ = 1/2 against the value there, relative to the
 * sum of the terms' sizes. */
#define SUM_REL 1e-13

static void
expand (const LzExpr *expr,
        double        t0,
        double        h,
        double       *coef)
{
  if (!lz_expr_taylor (expr, t0, h, ORDER, coef))
    g_error ("%s at t0 = %g, h = %g: no expansion", lz_expr_get_text (expr), t0, h);
}

/* ------------------------------------------------------------------------ */
/* (a) the first coefficients against lz_expr_eval, _d1 and _d2             */

static const char *const functions[] = {
  "t", "-t", "42 + 0*t", "3*t^2 - 2*t + 1", "exp(-t)*cos(t)",
  "exp(t)", "log(t)", "sqrt(t)", "sin(t)", "cos(t)", "tan(t)", "cot(t)", "sec(t)", "csc(t)",
  "asin(t/3)", "acos(t/3)", "atan(t)", "acot(t)", "asec(t)", "acsc(t)",
  "sinh(t)", "cosh(t)", "tanh(t)", "coth(t)", "sech(t)", "csch(t)",
  "asinh(t)", "acosh(t)", "atanh(t/3)", "acoth(t)", "asech(t/3)", "acsch(t)",
  "abs(t - 1)", "step(t - 1)", "erf(t)", "erf(t/2)^2",
  "t^t", "2^t", "e^t", "t^-2", "(t + 4)^0.5", "t^3", "(1 - t)^5", "(t^2 + 1)^(1/3)",
  "t^-t^2", "2^3^2*t", "-t^2", "2*-t",
  "1/(1 + t^2)", "sin(t)/(2 + cos(t))", "exp(sin(t))", "log(1 + t^2)", "sqrt(1 + t^2)*atan(t)",
  "sin(2*t)*exp(-t/3)", "abs(sin(t))", "step(sin(3*t))*t^2", "tanh(3*sin(t))",
  "acsch(t)*asinh(t)", "cosh(t)^-1", "5*sin(2*t)", "0.5*(1 - cos(pi*t))*step(t - 1)",
  "(t - 1)^2*step(t - 1) - abs(t)^3", "t/(t - 1)", "pi*e/t", "2^-t^2", "-2^-t*3",
  "(pi - pi)^(t - 3)", "(2 - 2)^(t - 3)", "coth(10 + t)", "tanh(t^2 + 9)",
  "t*log(t)^0 + (e - e)^0", "(sinh(0.15 - 0.15))^(step(-pi)*asinh(e))*t", "t^2*delta(t)^(1 - 1)",
  "(3 - t)^(pi - pi) + t", "erf((0.5 - 0.5)^asec(0.5)) + t",
};

static const double function_times[] = { -2.3, -0.7, 0.4, 1.3, 2.6 };
static const double function_steps[] = { 1e-6, 1, 1e3 };

/* Whether lz_expr_eval_d1() and _d2() are what central differences of
 * lz_expr_eval() and _d1() say, to FD_REL: a random text meets points
 * where they are not (an ill-conditioned point such as atanh(e/t/e·t),
 * or a formula that overflows where the function does not). */
static gboolean
derivatives_agree (const LzExpr *expr,
                   double        t0,
                   double        d1,
                   double        d2,
                   double        scale)
{
  double step = FD_STEP * fabs (t0);
  double fd1 = (lz_expr_eval (expr, t0 + step) - lz_expr_eval (expr, t0 - step)) / (2 * step);
  double fd2 = (lz_expr_eval_d1 (expr, t0 + step) - lz_expr_eval_d1 (expr, t0 - step))
               / (4 * step);

  return fabs (fd1 - d1) <= FD_REL * scale && fabs (fd2 - d2) <= FD_REL * scale;
}

/* Returns whether the coefficients were compared: where the value is
 * finite and, unless @strict, where the expansion is (a random text may
 * overflow at higher orders) and the derivatives agree with differences. */
static gboolean
check_first_coefficients (const LzExpr *expr,
                          double        t0,
                          double        h,
                          gboolean      strict,
                          guint        *exact)
{
  double coef[ORDER + 1];
  double value = lz_expr_eval (expr, t0);
  double d1 = lz_expr_eval_d1 (expr, t0), d2 = lz_expr_eval_d2 (expr, t0) / 2;
  double scale = fmax (fabs (value), fmax (fabs (d1), fabs (d2)));
  double rel = strict ? DERIVATIVE_REL : RANDOM_DERIVATIVE_REL;
  gboolean ok = lz_expr_taylor (expr, t0, h, ORDER, coef);

  if (!isfinite (value))
    {
      if (ok)
        g_error ("%s at %g: an expansion of a non-finite value", lz_expr_get_text (expr), t0);
      return FALSE;
    }
  if (!ok && strict && isfinite (d1) && isfinite (d2))
    g_error ("%s at %g, h = %g: no expansion", lz_expr_get_text (expr), t0, h);
  if (!ok)
    return FALSE;
  if (!(fabs (coef[0] - value) <= VALUE_ULPS * DBL_EPSILON * fabs (value)))
    g_error ("%s at %g: coef[0] = %.17g, lz_expr_eval = %.17g", lz_expr_get_text (expr), t0,
             coef[0], value);
  *exact += coef[0] == value;
  if (!isfinite (d1) || !isfinite (d2))
    return TRUE;
  if (!strict)
    {
      scale = fmax (scale, RANDOM_FLOOR);
      if (!derivatives_agree (expr, t0, d1, d2, scale))
        return TRUE;
    }
  if (!(fabs (coef[1] / h - d1) <= rel * scale) || !(fabs (coef[2] / (h * h) - d2) <= rel * scale))
    g_error ("%s at %g, h = %g: coef[1]/h = %.17g (f' %.17g), coef[2]/h² = %.17g (f''/2 %.17g)",
             lz_expr_get_text (expr), t0, h, coef[1] / h, d1, coef[2] / (h * h), d2);
  return TRUE;
}

static void
test_taylor_first (void)
{
  guint exact = 0, checked = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (functions); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (functions[i]);

      for (gsize j = 0; j < G_N_ELEMENTS (function_times); j++)
        for (gsize k = 0; k < G_N_ELEMENTS (function_steps); k++)
          checked += check_first_coefficients (expr, function_times[j], function_steps[k],
                                               TRUE, &exact);
    }
  g_test_message ("coef[0] equal to lz_expr_eval to the bit in %u of %u expansions",
                  exact, checked);
}

/* A random text of the grammar: operands joined with or without
 * parentheses (t^-t^2, -t^2, 2*-t: the grouping is the grammar's). */
static void
random_text (GString *text,
             int      depth)
{
  static const char *const atoms[] = { "t", "t", "2", "0.5", "3", "1.5e-1", "pi", "e" };
  static const char *const names[] = {
    "exp", "log", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan",
    "acot", "asec", "acsc", "sinh", "cosh", "tanh", "coth", "sech", "csch", "asinh", "acosh",
    "atanh", "acoth", "asech", "acsch", "abs", "step", "erf",
  };
  int choice = depth == 0 ? 0 : g_test_rand_int_range (0, 6);

  switch (choice)
    {
    case 0:
      g_string_append (text, atoms[g_test_rand_int_range (0, G_N_ELEMENTS (atoms))]);
      break;
    case 1:
      g_string_append_printf (text, "%s(", names[g_test_rand_int_range (0, G_N_ELEMENTS (names))]);
      random_text (text, depth - 1);
      g_string_append_c (text, ')');
      break;
    case 2:
      g_string_append_c (text, '-');
      random_text (text, depth - 1);
      break;
    default:
      {
        gboolean parens = g_test_rand_bit ();

        g_string_append (text, parens ? "(" : "");
        random_text (text, depth - 1);
        g_string_append (text, parens ? ")" : "");
        g_string_append_c (text, "+-*/^"[g_test_rand_int_range (0, 5)]);
        parens = g_test_rand_bit ();
        g_string_append (text, parens ? "(" : "");
        random_text (text, depth - 1);
        g_string_append (text, parens ? ")" : "");
      }
    }
}

/* Random texts: the tape has libmatheval's tree (its grouping of ^ and
 * unary minus, its folding of constants), so coef[0] is lz_expr_eval()'s
 * value, and the first derivatives follow. */
static void
test_taylor_random (void)
{
  guint expanded = 0, exact = 0;

  for (int n = 0; n < RANDOM_TEXTS; n++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(LzExpr) expr = NULL;

      random_text (text, g_test_rand_int_range (1, 5));
      expr = parse_expr (text->str);
      for (int j = 0; j < 3; j++)
        {
          double t0 = g_test_rand_double_range (0.1, 3) * (g_test_rand_bit () ? 1 : -1);

          expanded += check_first_coefficients (expr, t0, 0.5, FALSE, &exact);
        }
    }
  g_test_message ("random texts: %u expansions compared, %u to the bit", expanded, exact);
  g_assert_cmpuint (expanded, >, RANDOM_TEXTS / 2);
}

/* ------------------------------------------------------------------------ */
/* (b) closed forms                                                          */

/* The scaled coefficients of a function in closed form at t0 with step h:
 * the coefficients and their envelope (their size without the factor that
 * oscillates through 0). */
typedef void (*ClosedForm) (double t0, double h, double *want, double *envelope);

/* sin(2t): (2h)^k/k!·sin(2t0 + kπ/2) */
static void
closed_sin2 (double t0, double h, double *want, double *envelope)
{
  double size = 1;

  for (guint k = 0; k <= ORDER; k++)
    {
      if (k > 0)
        size *= 2 * h / k;
      want[k] = size * sin (2 * t0 + k * G_PI / 2);
      envelope[k] = fabs (size);
    }
}

/* exp(−t/3): exp(−t0/3)·(−h/3)^k/k! */
static void
closed_exp (double t0, double h, double *want, double *envelope)
{
  want[0] = exp (-t0 / 3);
  for (guint k = 1; k <= ORDER; k++)
    want[k] = want[k - 1] * (-h / 3) / k;
  for (guint k = 0; k <= ORDER; k++)
    envelope[k] = fabs (want[k]);
}

/* 1/(1 + t): (−h/(1 + t0))^k/(1 + t0) */
static void
closed_reciprocal (double t0, double h, double *want, double *envelope)
{
  want[0] = 1 / (1 + t0);
  for (guint k = 1; k <= ORDER; k++)
    want[k] = want[k - 1] * -h / (1 + t0);
  for (guint k = 0; k <= ORDER; k++)
    envelope[k] = fabs (want[k]);
}

/* (1 + t)^2.5: binomial(2.5, k)·(1 + t0)^(2.5 − k)·h^k */
static void
closed_power (double t0, double h, double *want, double *envelope)
{
  want[0] = pow (1 + t0, 2.5);
  for (guint k = 1; k <= ORDER; k++)
    want[k] = want[k - 1] * (2.5 - (k - 1)) / k * h / (1 + t0);
  for (guint k = 0; k <= ORDER; k++)
    envelope[k] = fabs (want[k]);
}

/* log(2 + t): (−1)^(k+1)/k·(h/(2 + t0))^k */
static void
closed_log (double t0, double h, double *want, double *envelope)
{
  double q = 1;

  want[0] = log (2 + t0);
  for (guint k = 1; k <= ORDER; k++)
    {
      q *= -h / (2 + t0);
      want[k] = -q / k;
    }
  for (guint k = 0; k <= ORDER; k++)
    envelope[k] = fabs (want[k]);
}

/* atan(t): (−1)^(k−1)·sin(kθ)/k·(h/r)^k, r = √(1 + t0²), θ = atan2(1, t0)
 * (from 1/(1 + t²) = Im (t − i)⁻¹) */
static void
closed_atan (double t0, double h, double *want, double *envelope)
{
  double r = hypot (1, t0), theta = atan2 (1, t0), q = 1;

  want[0] = atan (t0);
  envelope[0] = fabs (want[0]);
  for (guint k = 1; k <= ORDER; k++)
    {
      q *= -h / r;
      envelope[k] = fabs (q) / k;
      want[k] = -q * sin (k * theta) / k;
    }
}

/* erf(t): erf⁽ᵏ⁾(x) = (2/√π)·(−1)^(k−1)·H_(k−1)(x)·exp(−x²), the Hermite
 * polynomials by H_(n+1) = 2x·H_n − 2n·H_(n−1), scaled by h^n/n!.  The
 * envelope: the largest term of the recurrence (it cancels). */
static void
closed_erf (double t0, double h, double *want, double *envelope)
{
  double b_prev = 0, b = 1, big = 1;   /* H_n(t0)·h^n/n! for n = k − 1 */
  double front = M_2_SQRTPI * exp (-t0 * t0);

  want[0] = erf (t0);
  envelope[0] = fabs (want[0]);
  for (guint k = 1; k <= ORDER; k++)
    {
      guint n = k - 1;
      double next;

      want[k] = front * (n % 2 == 0 ? 1 : -1) * b * h / k;
      envelope[k] = front * big * fabs (h) / k;
      next = (2 * t0 * h * b - 2 * h * h * b_prev) / (n + 1);
      big = fmax (fabs (2 * t0 * h * b), fabs (2 * h * h * b_prev)) / (n + 1);
      big = fmax (big, fabs (next));
      b_prev = b;
      b = next;
    }
}

static const struct
{
  const char *text;
  ClosedForm  form;
} closed[] = {
  { "sin(2*t)", closed_sin2 },
  { "exp(-t/3)", closed_exp },
  { "1/(1+t)", closed_reciprocal },
  { "(1+t)^2.5", closed_power },
  { "log(2+t)", closed_log },
  { "atan(t)", closed_atan },
  { "erf(t)", closed_erf },
};

static const double closed_times[] = { -0.6, 0, 0.3, 2.5, 40 };
static const double closed_steps[] = { 1e-6, 0.05, 0.5, 3, 1e3, -0.5 };

static void
test_taylor_closed (void)
{
  double worst = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (closed); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (closed[i].text);

      for (gsize j = 0; j < G_N_ELEMENTS (closed_times); j++)
        for (gsize l = 0; l < G_N_ELEMENTS (closed_steps); l++)
          {
            double t0 = closed_times[j], h = closed_steps[l];
            double coef[ORDER + 1], want[ORDER + 1], envelope[ORDER + 1];

            if (closed[i].form == closed_erf && fabs (h) > 3)
              continue;   /* the Hermite recurrence of the reference cancels */
            expand (expr, t0, h, coef);
            closed[i].form (t0, h, want, envelope);
            for (guint k = 0; k <= ORDER; k++)
              {
                double diff = fabs (coef[k] - want[k]);
                /* erf(40)'s derivatives are exp(−1600) = 0 */
                double err = diff == 0 ? 0 : diff / ((k + 1) * envelope[k]);

                if (!(err <= CLOSED_REL))
                  g_error ("%s at t0 = %g, h = %g: coef[%u] = %.17g, closed form %.17g",
                           closed[i].text, t0, h, k, coef[k], want[k]);
                worst = fmax (worst, err);
              }
          }
    }
  g_test_message ("closed forms: worst error %.3g of (k + 1) |coef[k]|", worst);
}

/* ------------------------------------------------------------------------ */
/* One function written two ways: each recurrence against another          */

static const struct
{
  const char *a;
  const char *b;
  double      t0;
  double      h;
} pairs[] = {
  { "tan(t)", "sin(t)/cos(t)", 0.4, 0.8 },
  { "cot(t)", "cos(t)/sin(t)", 1.1, 0.8 },
  { "sec(t)", "1/cos(t)", -0.3, 0.9 },
  { "csc(t)", "1/sin(t)", 2, 0.8 },
  { "tanh(t)", "sinh(t)/cosh(t)", 0.7, 1.2 },
  { "coth(t)", "cosh(t)/sinh(t)", 0.9, 0.7 },
  { "sech(t)", "2/(exp(t) + exp(-t))", -1.2, 1.2 },
  { "csch(t)", "2/(exp(t) - exp(-t))", 1.5, 1.2 },
  { "sin(t)^2 + cos(t)^2", "1 + 0*t", 0.3, 2 },
  { "sin(t^2)^2 + cos(t^2)^2", "1 + 0*t", 0.3, 1 },
  { "sin(t^2 - t)", "sin(t^2)*cos(t) - cos(t^2)*sin(t)", 0.5, 1 },
  { "exp(t^2)", "exp(t)^t", 0.4, 1 },
  { "cosh(t)^2 - sinh(t)^2", "1 + 0*t", 0.3, 1 },
  { "asin(t)", "atan(t/sqrt(1 - t^2))", 0.3, 0.5 },
  { "acos(t)", "pi/2 - atan(t/sqrt(1 - t^2))", -0.4, 0.4 },
  { "acot(t)", "atan(1/t)", 0.8, 0.6 },
  { "asec(t)", "acos(1/t)", 1.7, 0.5 },
  { "asec(t)", "acos(1/t)", -2.5, 1.2 },
  { "acsc(t)", "asin(1/t)", -1.7, 0.5 },
  { "asinh(t)", "log(t + sqrt(t^2 + 1))", -0.8, 1 },
  { "acosh(t)", "log(t + sqrt(t^2 - 1))", 1.6, 0.5 },
  { "atanh(t)", "0.5*log((1 + t)/(1 - t))", 0.2, 0.6 },
  { "acoth(t)", "0.5*log((t + 1)/(t - 1))", -1.8, 0.7 },
  { "asech(t)", "log((1 + sqrt(1 - t^2))/t)", 0.6, 0.3 },
  { "acsch(t)", "log(1/t + sqrt(1/t^2 + 1))", -0.9, 0.7 },
  { "tan(atan(t/2 + 1))", "t/2 + 1", 0.3, 2 },
  { "sinh(asinh(t))", "t", -0.6, 1 },
  { "exp(log(1 + t^2))", "1 + t^2", 0.5, 0.8 },
  { "sqrt((1 + t)^2*(2 + t)^2)", "(1 + t)*(2 + t)", 0.1, 0.8 },
  { "t^t", "exp(t*log(t))", 1.3, 1 },
  { "2^t", "exp(t*log(2))", -0.5, 6 },
  { "e^(sin(t))", "exp(sin(t))", 0.5, 2 },
  { "(t - 1)^3", "(t - 1)*(t - 1)*(t - 1)", 1, 2 },
  { "(2 - t)^-3", "1/((2 - t)*(2 - t)*(2 - t))", 0.5, 1.2 },
  { "(t + 1)^2.5", "(t + 1)^2*sqrt(t + 1)", 0.5, 1.2 },
  { "(t^2 + 1)^(-1/3)", "exp(-log(t^2 + 1)/3)", 0.4, 0.8 },
  { "abs(t - 1)", "(t - 1)*(2*step(t - 1) - 1)", 0.4, 0.5 },
  { "abs(t - 1)", "t - 1", 1.2, 0.1 },
  { "exp(-t/3)*sin(2*t)", "sin(2*t)/exp(t/3)", 0.7, 4 },
};

static void
test_taylor_pairs (void)
{
  double worst = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr(LzExpr) a = parse_expr (pairs[i].a);
      g_autoptr(LzExpr) b = parse_expr (pairs[i].b);
      double ca[ORDER + 1], cb[ORDER + 1], big = 0;

      expand (a, pairs[i].t0, pairs[i].h, ca);
      expand (b, pairs[i].t0, pairs[i].h, cb);
      for (guint k = 0; k <= ORDER; k++)
        big = fmax (big, fmax (fabs (ca[k]), fabs (cb[k])));
      for (guint k = 0; k <= ORDER; k++)
        {
          double err = fabs (ca[k] - cb[k]) / big;

          if (!(err <= PAIR_REL))
            g_error ("%s against %s at t0 = %g, h = %g: coef[%u] %.17g against %.17g",
                     pairs[i].a, pairs[i].b, pairs[i].t0, pairs[i].h, k, ca[k], cb[k]);
          worst = fmax (worst, err);
        }
    }
  g_test_message ("pairs: worst difference %.3g of the largest coefficient", worst);
}

/* ------------------------------------------------------------------------ */
/* (c) the sum at τ = 1/2 against the value at t0 + h/2                     */

static const struct
{
  const char *text;
  double      t0;
  double      h;       /* at most half the radius of convergence */
} sums[] = {
  { "5*sin(2*t)", 0.3, 2 },
  { "exp(-t)*cos(3*t) + t^3", 1, 1.5 },
  { "1/(1 + t^2)", 0.5, 0.5 },
  { "log(2 + sin(t))", -1, 0.7 },
  { "sqrt(4 + t)*atan(t)", 0, 0.5 },
  { "tan(t)", 0.2, 0.6 },
  { "acosh(1 + t^2)", 1, 0.5 },
  { "erf(t)^2 - sech(t)", 0.5, 1 },
  { "0.5*(1 - cos(pi*t))*step(t - 1)", 1.5, 1 },
  { "abs(t - 2)*t^2.5", 1, 0.4 },
  { "(t - 1)^7", 1, 1.5 },
};

static void
test_taylor_sum (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (sums); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (sums[i].text);
      double coef[ORDER + 1], sum = 0, size = 0, want;

      expand (expr, sums[i].t0, sums[i].h, coef);
      for (int k = ORDER; k >= 0; k--)
        {
          sum = sum * 0.5 + coef[k];
          size = size * 0.5 + fabs (coef[k]);
        }
      want = lz_expr_eval (expr, sums[i].t0 + 0.5 * sums[i].h);
      if (!(fabs (sum - want) <= SUM_REL * size))
        g_error ("%s: the series sums to %.17g at t0 + h/2, the value is %.17g",
                 sums[i].text, sum, want);
    }
}

/* ------------------------------------------------------------------------ */
/* (d) no expansion where there is none; the jumps' sides                   */

static void
test_taylor_refused (void)
{
  static const struct
  {
    const char *text;
    double      t0;
    double      h;
  } refused[] = {
    { "delta(t)", 1, 0.1 },
    { "1 + nandelta(t - 3)", 1, 0.1 },
    { "log(t)", -1, 0.1 },
    { "log(t)", 0, 0.1 },
    { "1/t", 0, 0.1 },
    { "t^-2", 0, 0.1 },
    { "sqrt(t)", 0, 0.1 },
    { "t^2.5", 0, 0.1 },
    { "t^2.5", -1, 0.1 },
    { "t^t", -1, 0.1 },
    { "(-2)^t", 1, 0.1 },
    { "acot(t)", 0, 0.1 },
    { "asin(t)", 1, 0.1 },
    { "acosh(t)", 0.5, 0.1 },
    { "asech(t)", -0.5, 0.1 },
    { "exp(exp(t))", 10, 0.1 },      /* overflows */
    { "tan(t)", 0, 1e300 },          /* coefficients overflow */
    { "step(1 - t)", 1, 0.1 },       /* step(0) = 1, but 0 just after */
    { "abs(1 - t)", 1, 0.1 },        /* lz_expr_eval_d1 says +u' = −1 */
    { "step(t - 1)", 1, -0.1 },      /* a step backwards leaves the side */
    { "t", 0, NAN },
  };
  double coef[ORDER + 1];

  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (refused[i].text);

      if (lz_expr_taylor (expr, refused[i].t0, refused[i].h, ORDER, coef))
        g_error ("%s at %g: expanded (coef[0] = %g)", refused[i].text, refused[i].t0, coef[0]);
    }
}

/* Whole powers by products: exact at a zero of their base. */
static void
test_taylor_whole_powers (void)
{
  g_autoptr(LzExpr) cube = parse_expr ("t^3");
  g_autoptr(LzExpr) seventh = parse_expr ("(1 - t)^7");
  double coef[ORDER + 1];

  g_assert_true (lz_expr_taylor (cube, 0, 2, ORDER, coef));
  for (guint k = 0; k <= ORDER; k++)
    g_assert_cmpfloat (coef[k], ==, k == 3 ? 8 : 0);
  g_assert_true (lz_expr_taylor (seventh, 1, 0.5, ORDER, coef));
  for (guint k = 0; k <= ORDER; k++)
    g_assert_cmpfloat (coef[k], ==, k == 7 ? -pow (0.5, 7) : 0);
}

/* step() and abs() on the side of their jump the thread's window is on,
 * and at their switching function's zero without a window. */
static void
test_taylor_sides (void)
{
  g_autoptr(LzExpr) step = parse_expr ("0.5*(1 - cos(pi*t))*step(t - 1)");
  g_autoptr(LzExpr) kink = parse_expr ("abs(t - 1)");
  double coef[ORDER + 1];
  double h = 0.25;
  guint exact = 0;

  /* before the jump: 0 to all orders */
  lz_jumps_set_window (0, 1);
  g_assert_true (check_first_coefficients (step, 1, h, TRUE, &exact));
  g_assert_true (check_first_coefficients (kink, 1, h, TRUE, &exact));
  g_assert_true (lz_expr_taylor (step, 1, h, ORDER, coef));
  for (guint k = 0; k <= ORDER; k++)
    g_assert_cmpfloat (coef[k], ==, 0);
  g_assert_true (lz_expr_taylor (kink, 1, h, ORDER, coef));
  g_assert_cmpfloat (coef[0], ==, lz_expr_eval (kink, 1));
  g_assert_cmpfloat (coef[1], ==, -h);
  lz_jumps_clear_window ();

  /* after: the bump, whose value at t = 1 is 1 (taken LZ_JUMPS_SIDE_REL
   * after it: 1 − O(ε²)) */
  lz_jumps_set_window (1, 2);
  g_assert_true (check_first_coefficients (step, 1, h, TRUE, &exact));
  g_assert_true (check_first_coefficients (kink, 1, h, TRUE, &exact));
  g_assert_true (lz_expr_taylor (step, 1, h, ORDER, coef));
  g_assert_cmpfloat (fabs (coef[0] - 1), <, LZ_JUMPS_SIDE_REL);
  g_assert_cmpfloat (coef[0], ==, lz_expr_eval (step, 1));
  g_assert_true (lz_expr_taylor (kink, 1, h, ORDER, coef));
  g_assert_cmpfloat (coef[1], ==, h);
  lz_jumps_clear_window ();

  /* no window, u = 0 and rising: step(0) = 1 and +u, as lz_expr_eval */
  g_assert_true (lz_expr_taylor (step, 1, h, ORDER, coef));
  g_assert_cmpfloat (coef[0], ==, 1);
  g_assert_cmpfloat (fabs (coef[2] + 0.25 * G_PI * G_PI * h * h), <=,
                     CLOSED_REL * 0.25 * G_PI * G_PI * h * h);
  g_assert_true (lz_expr_taylor (kink, 1, h, ORDER, coef));
  g_assert_cmpfloat (coef[0], ==, 0);
  g_assert_cmpfloat (coef[1], ==, h);

  /* away from the jump the step is the constant of its side */
  g_assert_true (lz_expr_taylor (step, 0.5, h, ORDER, coef));
  for (guint k = 0; k <= ORDER; k++)
    g_assert_cmpfloat (coef[k], ==, 0);
}

/* ------------------------------------------------------------------------ */
/* Model-style forcings, and many threads on one expression                  */

static void
test_taylor_model (void)
{
  g_autoptr(LzExpr) force = parse_expr ("5*sin(2*t)");
  g_autoptr(LzExpr) constant = parse_expr ("-9.81*2");
  double coef[ORDER + 1];
  double size = 5;

  g_assert_true (lz_expr_taylor (force, 0.75, 0.1, ORDER, coef));
  for (guint k = 0; k <= ORDER; k++)
    {
      if (k > 0)
        size *= 0.2 / k;
      g_assert_cmpfloat (fabs (coef[k] - size * sin (1.5 + k * G_PI / 2)), <=,
                         CLOSED_REL * (k + 1) * size);
    }
  g_assert_true (lz_expr_taylor (constant, 3, 0.1, ORDER, coef));
  g_assert_cmpfloat (coef[0], ==, -19.62);
  for (guint k = 1; k <= ORDER; k++)
    g_assert_cmpfloat (coef[k], ==, 0);
  g_assert_true (lz_expr_taylor (force, 0.75, 0.1, 0, coef));
  g_assert_cmpfloat (coef[0], ==, lz_expr_eval (force, 0.75));
  g_assert_true (lz_expr_taylor (force, 0.75, 0.1, LZ_EXPR_TAYLOR_MAX_ORDER, (double[LZ_EXPR_TAYLOR_MAX_ORDER + 1]) { 0 }));
}

/* A tape whose series do not fit the call's stack scratch (20 terms of
 * five series each, at the highest order): the sum of its terms' own
 * expansions. */
static void
test_taylor_large (void)
{
  enum { TERMS = 20, N = LZ_EXPR_TAYLOR_MAX_ORDER };
  g_autoptr(GString) text = g_string_new ("sec(t/1)");
  g_autoptr(LzExpr) sum = NULL;
  double coef[N + 1], want[N + 1] = { 0 }, big = 0;

  for (int i = 2; i <= TERMS; i++)
    g_string_append_printf (text, "+sec(t/%d)", i);
  sum = parse_expr (text->str);
  for (int i = 1; i <= TERMS; i++)
    {
      g_autofree char *term_text = g_strdup_printf ("sec(t/%d)", i);
      g_autoptr(LzExpr) term = parse_expr (term_text);
      double part[N + 1];

      g_assert_true (lz_expr_taylor (term, 0.3, 0.5, N, part));
      for (guint k = 0; k <= N; k++)
        want[k] += part[k];
    }
  g_assert_true (lz_expr_taylor (sum, 0.3, 0.5, N, coef));
  for (guint k = 0; k <= N; k++)
    big = fmax (big, fabs (want[k]));
  for (guint k = 0; k <= N; k++)
    g_assert_cmpfloat (fabs (coef[k] - want[k]), <=, PAIR_REL * big);
}

#define THREADS 4
#define THREAD_CALLS 2000

typedef struct
{
  LzExpr *expr;
  double  want[ORDER + 1];
  guint   index;
} Shared;

static gpointer
expand_many (gpointer data)
{
  const Shared *shared = data;
  double coef[ORDER + 1];

  for (guint i = 0; i < THREAD_CALLS; i++)
    {
      double t0 = 0.1 * ((i + shared->index) % 5);

      if (!lz_expr_taylor (shared->expr, t0, 0.3, ORDER, coef))
        return GINT_TO_POINTER (FALSE);
      if (t0 == 0.2 && memcmp (coef, shared->want, sizeof coef) != 0)
        return GINT_TO_POINTER (FALSE);
    }
  return GINT_TO_POINTER (TRUE);
}

static void
test_taylor_threads (void)
{
  g_autoptr(LzExpr) expr = parse_expr ("0.5*(1 - cos(pi*t))*exp(-t)/(2 + sin(3*t))");
  Shared shared[THREADS];
  GThread *threads[THREADS];
  double want[ORDER + 1];
  g_autoptr(LzExpr) probe = parse_expr ("0.5*(1 - cos(pi*t))*exp(-t)/(2 + sin(3*t))");

  /* the threads race to compile EXPR; PROBE, the same, gives the result */
  g_assert_true (lz_expr_taylor (probe, 0.2, 0.3, ORDER, want));
  for (guint i = 0; i < THREADS; i++)
    {
      shared[i].expr = expr;
      shared[i].index = i;
      memcpy (shared[i].want, want, sizeof want);
      threads[i] = g_thread_new ("taylor", expand_many, &shared[i]);
    }
  for (guint i = 0; i < THREADS; i++)
    g_assert_true (GPOINTER_TO_INT (g_thread_join (threads[i])));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/expr-taylor/first", test_taylor_first);
  g_test_add_func ("/lz/expr-taylor/random", test_taylor_random);
  g_test_add_func ("/lz/expr-taylor/closed", test_taylor_closed);
  g_test_add_func ("/lz/expr-taylor/pairs", test_taylor_pairs);
  g_test_add_func ("/lz/expr-taylor/sum", test_taylor_sum);
  g_test_add_func ("/lz/expr-taylor/refused", test_taylor_refused);
  g_test_add_func ("/lz/expr-taylor/whole-powers", test_taylor_whole_powers);
  g_test_add_func ("/lz/expr-taylor/sides", test_taylor_sides);
  g_test_add_func ("/lz/expr-taylor/model", test_taylor_model);
  g_test_add_func ("/lz/expr-taylor/large", test_taylor_large);
  g_test_add_func ("/lz/expr-taylor/threads", test_taylor_threads);

  return g_test_run ();
}
