/* test-symbolic.c — derivative formulas: exact, simple, and equal to
 * libmatheval's derivatives
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "lz-symbolic.h"

/* Readable results for the formulas people meet most. */
static void
test_symbolic_simple (void)
{
  static const struct { const char *text; guint order; const char *expected; gboolean constant; } cases[] = {
    { "sin(0.5*t)", 1, "0.5*cos(0.5*t)", FALSE },
    { "sin(0.5*t)", 2, "-0.25*sin(0.5*t)", FALSE },
    { "0.2*t", 1, "0.2", TRUE },
    { "0.2*t", 2, "0", TRUE },
    { "1.23456789012*t + 3", 1, "1.23456789012", TRUE },
    { "t^2", 1, "2*t", FALSE },
    { "t^2", 2, "2", TRUE },
    { "-9.81", 1, "0", TRUE },
    { "0.05*sin(10*pi*t)", 1, "0.5*pi*cos(10*pi*t)", FALSE },
    { "2*step(t-0.1)", 1, "2*delta(t - 0.1)", FALSE },
    { "exp(-t)", 1, "-exp(-t)", FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean constant = !cases[i].constant;
      g_autofree char *text = lz_symbolic_derivative (cases[i].text, cases[i].order, &constant);

      g_test_message ("d^%u/dt^%u %s = %s", cases[i].order, cases[i].order, cases[i].text, text);
      g_assert_cmpstr (text, ==, cases[i].expected);
      g_assert_cmpint (constant, ==, cases[i].constant);
    }
}

/* A finite-difference derivative of EXPR (Richardson-extrapolated central
 * differences), independent of any formula. */
static double
numeric_derivative (const LzExpr *expr,
                    double        t,
                    guint         order)
{
  double h = 1e-3, r1, r2;

  if (order == 1)
    {
      r1 = (lz_expr_eval (expr, t + h) - lz_expr_eval (expr, t - h)) / (2 * h);
      r2 = (lz_expr_eval (expr, t + h / 2) - lz_expr_eval (expr, t - h / 2)) / h;
    }
  else
    {
      double f0 = lz_expr_eval (expr, t);

      h = 2e-3;
      r1 = (lz_expr_eval (expr, t + h) - 2 * f0 + lz_expr_eval (expr, t - h)) / (h * h);
      r2 = (lz_expr_eval (expr, t + h / 2) - 2 * f0 + lz_expr_eval (expr, t - h / 2)) / (h * h / 4);
    }
  return (4 * r2 - r1) / 3;
}

/* Every function of libmatheval: the formula, parsed back, evaluates to
 * the finite-difference derivative, and lz_expr_eval_d1/d2 to the formula. */
static void
test_symbolic_derivatives_are_right (void)
{
  static const char *texts[] = {
    "3*t^3 - 2*t + 1", "t^-2", "-t^2", "2^t", "t^t", "(t+1)/(t^2+1)", "1/(2-t)",
    "exp(2*t)", "log(t+1)", "sqrt(t+2)", "sin(t)*cos(3*t)", "tan(t/2)", "cot(t+0.5)",
    "sec(t)", "csc(t+0.3)", "asin(t/2)", "acos(t/3)", "atan(t^2)", "acot(t)",
    "asec(t+1.5)", "acsc(t+1.5)", "sinh(t)", "cosh(t/2)", "tanh(2*t)", "coth(t+1)",
    "sech(t)", "csch(t+0.2)", "asinh(t)", "acosh(t+1.5)", "atanh(t/2)", "acoth(t+2)",
    "asech(t/2+0.1)", "acsch(t+0.5)", "abs(t-0.4)", "erf(t)", "-(-t)", "-(t-1)*-(t+1)",
    "e^(pi*t)", "0.1*t*t*t/(1+t)", "sin(cos(sin(t)))", "2^3^t", "t/2/3", "t-(1-t)",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzExpr) expr = lz_expr_new (texts[i], "test", &error);

      g_assert_no_error (error);
      for (guint order = 1; order <= 2; order++)
        {
          g_autofree char *text = lz_symbolic_derivative (texts[i], order, NULL);
          g_autoptr(LzExpr) derivative = NULL;

          g_assert_nonnull (text);
          g_test_message ("d^%u %s = %s", order, texts[i], text);
          derivative = lz_expr_new (text, "test", &error);
          g_assert_no_error (error);
          for (int k = 0; k < 40; k++)
            {
              double t = 0.3 + 0.0173 * k;        /* [0.3, 1) */
              double numeric = numeric_derivative (expr, t, order);
              double got = lz_expr_eval (derivative, t);
              double via_expr = order == 1 ? lz_expr_eval_d1 (expr, t) : lz_expr_eval_d2 (expr, t);

              if (fabs (t - 0.4) < 0.03)          /* the kink of abs(t − 0.4) */
                continue;
              if (fabs (got - numeric) > 1e-5 * (1 + fabs (numeric)))
                g_error ("d^%u/dt^%u %s at t = %.17g: formula “%s” gives %.17g, "
                         "finite differences %.17g", order, order, texts[i], t, text, got, numeric);
              g_assert_cmpfloat_with_epsilon (via_expr, got, 1e-12 * (1 + fabs (got)));
            }
        }
    }
}

/* What lz_expr_dup_derivative() shows is the same formula. */
static void
test_symbolic_expr_text (void)
{
  g_autoptr(LzExpr) expr = lz_expr_new ("0.123456789*t^2", "test", NULL);
  g_autofree char *d1 = lz_expr_dup_derivative (expr, 1);
  g_autofree char *d2 = lz_expr_dup_derivative (expr, 2);
  g_autofree char *d0 = lz_expr_dup_derivative (expr, 0);

  g_assert_cmpstr (d1, ==, "0.246913578*t");
  g_assert_cmpstr (d2, ==, "0.246913578");
  g_assert_cmpstr (d0, ==, "0.123456789*t^2");
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/symbolic/simple", test_symbolic_simple);
  g_test_add_func ("/lz/symbolic/derivatives-are-right", test_symbolic_derivatives_are_right);
  g_test_add_func ("/lz/symbolic/expr-text", test_symbolic_expr_text);
  return g_test_run ();
}
