/* test-expr.c — expressions in t (libmatheval) and their exact derivatives
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <matheval.h>

#include "lz.h"
#include "test-util.h"

/* libmatheval evaluates the same formulas the C library does; allow a few
 * ulps for the different order of operations in its simplified trees. */
static void
assert_close (double got,
              double want)
{
  double tol = 16 * DBL_EPSILON * (1.0 + fabs (want));

  if (!(fabs (got - want) <= tol))
    g_error ("got %.17g, wanted %.17g", got, want);
}

static const double times[] = { -3.5, -1, 0, 1e-3, 0.5, 1, 2, 7.25, 100 };

static void
test_expr_values (void)
{
  g_autoptr(LzExpr) poly = parse_expr ("3*t^2 - 2*t + 1");
  g_autoptr(LzExpr) expcos = parse_expr ("exp(-t)*cos(t)");
  g_autoptr(LzExpr) constant = parse_expr ("  42.5 ");

  for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double t = times[i];

      assert_close (lz_expr_eval (poly, t), 3 * t * t - 2 * t + 1);
      assert_close (lz_expr_eval_d1 (poly, t), 6 * t - 2);
      assert_close (lz_expr_eval_d2 (poly, t), 6);

      assert_close (lz_expr_eval (expcos, t), exp (-t) * cos (t));
      assert_close (lz_expr_eval_d1 (expcos, t), -exp (-t) * (cos (t) + sin (t)));
      assert_close (lz_expr_eval_d2 (expcos, t), 2 * exp (-t) * sin (t));

      assert_close (lz_expr_eval (constant, t), 42.5);
      assert_close (lz_expr_eval_d1 (constant, t), 0);
      assert_close (lz_expr_eval_d2 (constant, t), 0);
    }
  g_assert_cmpstr (lz_expr_get_text (constant), ==, "42.5");
  g_assert_true (lz_expr_is_constant (constant));
  g_assert_false (lz_expr_is_constant (poly));
}

/* The example of the issue: d/dt sin(0.5·t) = 0.5·cos(0.5·t), exactly. */
static void
test_expr_derivatives (void)
{
  g_autoptr(LzExpr) s = parse_expr ("sin(0.5*t)");
  g_autoptr(LzExpr) road = parse_expr ("0.05*sin(10*pi*t)");
  g_autofree char *d1 = lz_expr_dup_derivative (s, 1);
  g_autofree char *d0 = lz_expr_dup_derivative (s, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double t = times[i];

      assert_close (lz_expr_eval (s, t), sin (0.5 * t));
      assert_close (lz_expr_eval_d1 (s, t), 0.5 * cos (0.5 * t));
      assert_close (lz_expr_eval_d2 (s, t), -0.25 * sin (0.5 * t));

      assert_close (lz_expr_eval_d1 (road, t), 0.05 * 10 * G_PI * cos (10 * G_PI * t));
      assert_close (lz_expr_eval_d2 (road, t),
                    -0.05 * 100 * G_PI * G_PI * sin (10 * G_PI * t));
    }
  g_assert_nonnull (strstr (d1, "cos"));
  g_assert_nonnull (strstr (d0, "sin"));
}

static void
test_expr_constants (void)
{
  g_autoptr(LzExpr) pi = parse_expr ("pi");
  g_autoptr(LzExpr) e = parse_expr ("e");
  g_autoptr(LzExpr) et = parse_expr ("e^t");
  g_autoptr(LzExpr) scaled = parse_expr ("2*pi*t + 1e-3*t + 1.5E2");

  assert_close (lz_expr_eval (pi, 0), G_PI);
  assert_close (lz_expr_eval (e, 0), G_E);
  g_assert_true (lz_expr_is_constant (pi));
  for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double t = times[i];

      /* e^t is pow(e, t) with e rounded to a double, which differs from
       * exp(t) by about t ulps. */
      assert_close (lz_expr_eval (et, t), pow (G_E, t));
      assert_close (lz_expr_eval_d1 (et, t), pow (G_E, t) * log (G_E));
      assert_close (lz_expr_eval_d2 (et, t), pow (G_E, t) * log (G_E) * log (G_E));
      assert_close (lz_expr_eval (scaled, t), 2 * G_PI * t + 1e-3 * t + 150);
      assert_close (lz_expr_eval_d1 (scaled, t), 2 * G_PI + 1e-3);
    }
}

/* Each rejected text, the substrings its message must have. */
static const struct
{
  const char *text;
  const char *message;
} bad_expressions[] = {
  { "sin(", "cannot parse the expression “sin(”" },
  { "t*", "cannot parse the expression “t*”" },
  { "(t", "cannot parse the expression “(t”" },
  { "t t", "cannot parse the expression “t t”" },
  { "+t", "cannot parse the expression “+t”" },
  { "x + t", "unknown name “x” in the expression “x + t” (only t, pi and e are defined)" },
  { "Pi*t", "unknown name “Pi”" },
  { "tt", "unknown name “tt”" },
  { "ln2*t", "unknown name “ln2”" },
  { "sine(t)", "unknown function “sine” in the expression “sine(t)”" },
  { "t;", "unexpected character “;” in the expression “t;”" },
  { "t,1", "unexpected character “,”" },
  { "2·t", "unexpected character “·”" },
  { "t\n", "unexpected character" },
  { "t.", "cannot parse the expression “t.”" },
  { ".e3", "cannot parse the expression “.e3”" },
  { "1.2.3", "cannot parse the expression “1.2.3”" },
  { "()", "cannot parse the expression “()”" },
  { "sin()", "cannot parse the expression “sin()”" },
  { "sin t", "unknown name “sin”" },
  { "2pi", "cannot parse the expression “2pi”" },
  { "1e", "cannot parse the expression “1e”" },
  { "t-", "cannot parse the expression “t-”" },
  { "*t", "cannot parse the expression “*t”" },
  { "sin(t)(t)", "cannot parse the expression “sin(t)(t)”" },
  { "", "the expression is empty" },
  { "   ", "the expression is empty" },
};

static void
test_expr_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_expressions); i++)
    {
      g_autoptr(GError) error = NULL;
      LzExpr *expr = lz_expr_new (bad_expressions[i].text, "force “F1”, attribute “value”",
                                  &error);

      g_assert_null (expr);
      g_assert_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION);
      if (!g_str_has_prefix (error->message, "force “F1”, attribute “value”: ")
          || strstr (error->message, bad_expressions[i].message) == NULL)
        g_error ("“%s”: message “%s” lacks “%s”", bad_expressions[i].text, error->message,
                 bad_expressions[i].message);
    }
}

/* Forms libmatheval accepts that a hand-written parser might not. */
static void
test_expr_grammar (void)
{
  const struct
  {
    const char *text;
    double      at_2;
  } good[] = {
    { "t^-1", 0.5 },
    { "2*-t", -4 },
    { "--t", 2 },
    { "-t^2", -4 },
    { "(-t)^2", 4 },
    { "t^-t^2", 0.0625 },
    { "t-(-t)", 4 },
    { "1.e1 + 1e+1 + 1E-1 + .5 + 5.", 25.6 },
    /* libmatheval groups ^ from the left: (2^3)^2. */
    { "2^3^2", 64 },
    { "8/4/2", 1 },
    { "t - 1 - 1", 0 },
    { "sqrt (t*t)", 2 },
    { "\tabs(-t)", 2 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (good[i].text);

      assert_close (lz_expr_eval (expr, 2), good[i].at_2);
    }
}

/* Random strings over the tokens of the grammar: lz_expr_new() accepts
 * exactly what libmatheval parses.  (Under AddressSanitizer libmatheval is
 * not called on rejected texts, because it leaks them.) */
static void
test_expr_grammar_random (void)
{
  static const char *const pieces[] = {
    "t", "2", "0.5", "pi", "e", "sin", "exp", "(", ")", "+", "-", "*", "/", "^", " ",
  };

  for (int n = 0; n < 20000; n++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzExpr) expr = NULL;
      int len = g_test_rand_int_range (1, 12);

      for (int i = 0; i < len; i++)
        g_string_append (text, pieces[g_test_rand_int_range (0, G_N_ELEMENTS (pieces))]);
      expr = lz_expr_new (text->str, NULL, &error);
      if (error != NULL && strstr (error->message, "unknown") != NULL)
        continue;   /* "sin" without "(" is a name to us, a token to libmatheval */
#ifndef __SANITIZE_ADDRESS__
      {
        void *f = evaluator_create (text->str);

        if ((f != NULL) != (expr != NULL))
          g_error ("“%s”: libmatheval %s, lz_expr_new() %s", text->str,
                   f != NULL ? "accepts" : "rejects", expr != NULL ? "accepts" : "rejects");
        g_clear_pointer (&f, evaluator_destroy);
      }
#endif
    }
}

static void
test_expr_limits (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GString) ok_deep = g_string_new (NULL);
  g_autofree char *long_text = NULL;
  g_autoptr(LzExpr) nested = NULL;

  for (int i = 0; i < LZ_EXPR_MAX_DEPTH + 1; i++)
    g_string_append (deep, "sin(");
  g_string_append (deep, "t");
  for (int i = 0; i < LZ_EXPR_MAX_DEPTH + 1; i++)
    g_string_append (deep, ")");
  g_assert_null (lz_expr_new (deep->str, NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION);
  g_assert_nonnull (strstr (error->message, "nest deeper than"));
  g_clear_error (&error);

  /* At the limit it works, derivatives included. */
  for (int i = 0; i < LZ_EXPR_MAX_DEPTH; i++)
    g_string_append (ok_deep, "(");
  g_string_append (ok_deep, "t^3");
  for (int i = 0; i < LZ_EXPR_MAX_DEPTH; i++)
    g_string_append (ok_deep, ")");
  nested = parse_expr (ok_deep->str);
  assert_close (lz_expr_eval_d2 (nested, 2), 12);

  /* Operations are counted: t^t^…^t would take minutes to differentiate
   * twice with 300 terms. */
  {
    g_autoptr(GString) chain = g_string_new ("t");
    g_autoptr(LzExpr) ok_chain = NULL;

    for (int i = 0; i < LZ_EXPR_MAX_OPERATIONS; i++)
      g_string_append (chain, "^t");
    ok_chain = parse_expr (chain->str);
    g_string_append (chain, "^t");
    g_assert_null (lz_expr_new (chain->str, NULL, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION);
    g_assert_nonnull (strstr (error->message, "operations"));
    g_clear_error (&error);
  }

  long_text = g_strnfill (LZ_EXPR_MAX_LENGTH + 1, '1');
  g_assert_null (lz_expr_new (long_text, NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION);
  g_assert_nonnull (strstr (error->message, "longer than"));
  /* Without an owner the message has no prefix. */
  g_assert_true (g_str_has_prefix (error->message, "the expression"));
  g_clear_error (&error);

  g_assert_null (lz_expr_new ("t\xff", NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION);
  g_assert_nonnull (strstr (error->message, "UTF-8"));
}

/* libmatheval's scanner copies characters it does not know to stdout; the
 * text is checked before it gets there, so nothing is ever printed. */
static void
test_expr_silent (void)
{
  if (g_test_subprocess ())
    {
      const char *texts[] = { "t;", "a,b", "é", "t$", "#", "sin(", "x" };

      for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
        {
          g_autoptr(GError) error = NULL;

          g_assert_null (lz_expr_new (texts[i], NULL, &error));
          g_assert_nonnull (error);
        }
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("");
  g_test_trap_assert_stderr ("");
}

static void
test_expr_ref_equal (void)
{
  g_autoptr(LzExpr) a = parse_expr ("sin(t)");
  g_autoptr(LzExpr) b = parse_expr (" sin(t) ");
  g_autoptr(LzExpr) c = parse_expr ("sin(t)+0");
  LzExpr *ref = lz_expr_ref (a);

  g_assert_true (ref == a);
  lz_expr_unref (ref);
  g_assert_true (lz_expr_equal (a, b));
  g_assert_false (lz_expr_equal (a, c));
  g_assert_false (lz_expr_equal (a, NULL));
  g_assert_true (lz_expr_equal (NULL, NULL));
}

#define N_THREADS 4
#define N_ROUNDS 200

/* Parsing from several threads at once (libmatheval's parser is not
 * reentrant; lz_expr_new() serializes it) and evaluating one shared
 * expression from all of them. */
static gpointer
thread_main (gpointer data)
{
  LzExpr *shared = data;

  for (int i = 0; i < N_ROUNDS; i++)
    {
      g_autofree char *text = g_strdup_printf ("%d*t^2 + sin(%d*t)", i, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzExpr) own = lz_expr_new (text, NULL, &error);
      double t = 0.01 * i;

      g_assert_no_error (error);
      assert_close (lz_expr_eval_d2 (own, t), 2.0 * i - (double) i * i * sin (i * t));
      assert_close (lz_expr_eval_d1 (shared, t), cos (t));
    }
  return NULL;
}

static void
test_expr_threads (void)
{
  g_autoptr(LzExpr) shared = parse_expr ("sin(t)");
  GThread *threads[N_THREADS];

  for (int i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new ("expr", thread_main, shared);
  for (int i = 0; i < N_THREADS; i++)
    g_thread_join (threads[i]);
}

/* The last value of f, f′ and f″ is kept for a repeated t: each order
 * its own (f, f′, f″ at one t differ), a first call at t = 0 evaluates
 * (the empty cache matches no t), and a new t evaluates again. */
static void
test_expr_repeated_t (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzExpr) e = lz_expr_new ("1 + 2*t + 3*t^2", NULL, &error);

  g_assert_no_error (error);
  for (int round = 0; round < 2; round++)
    for (guint i = 0; i < 4; i++)
      {
        double t = i < 2 ? 0 : 0.5 * i;

        g_assert_cmpfloat (lz_expr_eval (e, t), ==, 1 + 2 * t + 3 * t * t);
        g_assert_cmpfloat (lz_expr_eval_d1 (e, t), ==, 2 + 6 * t);
        g_assert_cmpfloat (lz_expr_eval_d2 (e, t), ==, 6);
        g_assert_cmpfloat (lz_expr_eval (e, t), ==, 1 + 2 * t + 3 * t * t);
        g_assert_cmpfloat (lz_expr_eval_d1 (e, -t), ==, 2 - 6 * t);
      }
}

/* lz_expr_find_singular() against closed forms: the pole or the edge of
 * the non-finite region to the precision of t, and nothing where the
 * expression is bounded (a narrow finite peak, a jump, a smooth peak).
 * A pole is a double: the zoom may land on it (±inf) or next to it. */
#define POLE 99
static void
test_expr_singular (void)
{
  static const struct
  {
    const char *text;
    guint       order;
    double      t0, t1;
    int         want;    /* LzSingular, or POLE: NONFINITE or UNBOUNDED */
    double      at;      /* where, to a few ulps (NAN: nothing) */
  } cases[] = {
    { "1/(t-0.3)", 0, 0.1, 0.9, LZ_SINGULAR_NONFINITE, 0.3 },       /* 0.3 is a double: hit */
    { "1/(t-1/3)", 0, 0.1, 0.9, POLE, 1.0 / 3 },
    { "tan(t)", 0, 1, 2, POLE, M_PI / 2 },
    { "tan(t)", 0, 1, 10, POLE, M_PI / 2 },        /* the first of three */
    { "1/sqrt(abs(t-1/3))", 0, 0, 1, POLE, 1.0 / 3 },
    { "-1/(t-1/3)^2", 0, 0, 1, POLE, 1.0 / 3 },
    { "log(0.5-t)", 0, 0, 1, LZ_SINGULAR_NONFINITE, 0.5 },
    { "sqrt(1/3-t)", 0, 0, 1, LZ_SINGULAR_NONFINITE, 1.0 / 3 },
    { "sqrt(1/3-t)", 1, 0, 1, POLE, 1.0 / 3 },     /* the velocity's pole */
    { "sin(t)", 0, 0, 100, LZ_SINGULAR_NONE, NAN },
    { "1/((t-1/3)^2+1e-12)", 0, 0, 1, LZ_SINGULAR_NONE, NAN },    /* a peak of 1e12, 2e-6 wide */
    { "step(t-1/3)", 0, 0, 1, LZ_SINGULAR_NONE, NAN },
    { "1-abs(t-1/3)", 0, 0, 1, LZ_SINGULAR_NONE, NAN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(LzExpr) expr = parse_expr (cases[i].text);
      double t = NAN, value = 0;
      LzSingular got = lz_expr_find_singular (expr, cases[i].order, cases[i].t0, cases[i].t1, 64, &t, &value);

      if (cases[i].want == POLE ? got == LZ_SINGULAR_NONE : (int) got != cases[i].want)
        g_error ("%s (order %u): found %d at t = %.17g, wanted %d", cases[i].text, cases[i].order, got, t,
                 cases[i].want);
      if (got == LZ_SINGULAR_NONE)
        continue;
      if (!(fabs (t - cases[i].at) <= 8 * DBL_EPSILON * cases[i].at))
        g_error ("%s: at t = %.17g, wanted %.17g", cases[i].text, t, cases[i].at);
      g_assert_true (got == LZ_SINGULAR_NONFINITE ? !isfinite (value) : isfinite (value) && fabs (value) > 1e7);
    }
  /* a pole the zoom cannot land on (no double is 1/(t-a) infinite for
   * a irrational: t - a is never 0): unbounded, with a huge value */
  {
    g_autoptr(LzExpr) expr = parse_expr ("tan(t)");
    double t, value;

    g_assert_cmpint (lz_expr_find_singular (expr, 0, 1, 2, 2, &t, &value), ==, LZ_SINGULAR_UNBOUNDED);
    g_assert_cmpfloat (fabs (value), >, 1e15);
    }
  /* exp(1/(0.5-t)) overflows where 1/(0.5-t) > ln(DBL_MAX) */
  {
    g_autoptr(LzExpr) expr = parse_expr ("exp(1/(0.5-t))");
    double t, value, edge = 0.5 - 1 / log (DBL_MAX);

    g_assert_cmpint (lz_expr_find_singular (expr, 0, 0, 1, 2, &t, &value), ==, LZ_SINGULAR_NONFINITE);
    g_assert_cmpfloat (fabs (t - edge), <=, 1e-12);
    g_assert_true (isinf (value));
  }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/expr/values", test_expr_values);
  g_test_add_func ("/lz/expr/derivatives", test_expr_derivatives);
  g_test_add_func ("/lz/expr/constants", test_expr_constants);
  g_test_add_func ("/lz/expr/errors", test_expr_errors);
  g_test_add_func ("/lz/expr/grammar", test_expr_grammar);
  g_test_add_func ("/lz/expr/grammar-random", test_expr_grammar_random);
  g_test_add_func ("/lz/expr/limits", test_expr_limits);
  g_test_add_func ("/lz/expr/silent", test_expr_silent);
  g_test_add_func ("/lz/expr/ref-equal", test_expr_ref_equal);
  g_test_add_func ("/lz/expr/threads", test_expr_threads);
  g_test_add_func ("/lz/expr/repeated-t", test_expr_repeated_t);
  g_test_add_func ("/lz/expr/singular", test_expr_singular);
  return g_test_run ();
}
