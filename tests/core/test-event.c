/* test-event.c — event-driven integration against the benchmark
 * references and closed forms: exact switch times, impacts, Zeno
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz.h"

static LzModel *
load (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), name, NULL);
  LzModel *model = lz_model_load (path, &error);

  g_assert_no_error (error);
  return model;
}

static LzModel *
parse (const char *xml)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_load_from_data (xml, strlen (xml), "test.luztar", &error);

  g_assert_no_error (error);
  return model;
}

static LzTrace *
run (LzModel *model,
     double   sample,
     GError **error)
{
  g_autoptr(LzAssembly) as = lz_assembly_new (model, error);
  g_autoptr(LzIntegrator) integrator = NULL;
  LzIntegratorOptions options;
  LzTrace *trace;
  LzStepResult r;

  if (as == NULL)
    return NULL;
  lz_integrator_options_init (&options);
  options.sample = sample;
  integrator = lz_integrator_new (lz_integrator_event, as, &options, error);
  if (integrator == NULL)
    return NULL;
  trace = lz_trace_new (model);
  do
    r = lz_integrator_step (integrator, INFINITY, trace, error);
  while (r == LZ_STEP_OK || r == LZ_STEP_EVENT);
  if (r == LZ_STEP_ERROR)
    {
      lz_trace_unref (trace);
      return NULL;
    }
  return trace;
}

static guint
last_row (const LzTrace *trace)
{
  return lz_trace_get_n_samples (trace) - 1;
}

/* B1: every switch of the reference to 1e-9 s, the state at 100 s. */
static void
test_event_b1 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.5, &error);
  const double ends[] = { 1.2870022176, 6.1142864468 };
  const double starts[] = { 4.6854785956 };
  guint n_stick = 0, n_end = 0, n_start = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), 0), -1.2053225006, 2e-10);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), 0.1558226665, 2e-10);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.to == LZ_MODE_STICK)
        {
          n_stick++;
          if (ev.t > 0 && n_start < G_N_ELEMENTS (starts))
            g_assert_cmpfloat_with_epsilon (ev.t, starts[n_start++], 1e-9);
        }
      else if (ev.from == LZ_MODE_STICK && n_end < G_N_ELEMENTS (ends))
        {
          g_assert_cmpint (ev.cause, ==, LZ_CAUSE_FORCE_LIMIT);
          g_assert_cmpfloat_with_epsilon (ev.t, ends[n_end++], 1e-9);
        }
    }
  g_assert_cmpuint (n_stick, ==, 17);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-9);
}

/* B2: the impacts and the resting contact of paper 004's two carts. */
static void
test_event_b2 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);
  const double impacts[] = { 1.1521052481, 4.8231964369, 7.0514084169 };
  guint k = 0;
  gboolean rest_seen = FALSE;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_IMPACT && k < 3)
        g_assert_cmpfloat_with_epsilon (ev.t, impacts[k++], 1e-9);
      if (ev.cause == LZ_CAUSE_LIFT_OFF && !rest_seen)
        {
          g_assert_cmpfloat_with_epsilon (ev.t, 8.8576499713, 1e-9);
          rest_seen = TRUE;
        }
    }
  g_assert_cmpuint (k, ==, 3);
  g_assert_true (rest_seen);
}

/* B3: impacts at t_n = t1 + 2·t1·e(1 − e^(n−1))/(1 − e) and rest at
 * t∞ = t1(1 + e)/(1 − e) = 4.0637127689 (Zeno, resolved to contact). */
static void
test_event_b3 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/bouncing-mass.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);
  double t1 = sqrt (2 / 9.81), e = 0.8, rest = NAN;
  guint n = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_IMPACT || ev.cause == LZ_CAUSE_ZENO)
        {
          n++;
          if (n <= 20)
            g_assert_cmpfloat_with_epsilon (ev.t, t1 + 2 * t1 * e * (1 - pow (e, n - 1)) / (1 - e), 1e-10);
        }
      if (ev.to == LZ_MODE_CONTACT)
        rest = ev.t;
    }
  g_test_message ("%u impacts, at rest from %.12g", n, rest);
  g_assert_cmpfloat_with_epsilon (rest, t1 * (1 + e) / (1 - e), 1e-8);
  g_assert_cmpfloat (lz_trace_get_q (trace, last_row (trace), 0), ==, 0.0);
  g_assert_cmpfloat (lz_trace_get_v (trace, last_row (trace), 0), ==, 0.0);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat_with_epsilon (energy.impacts, 9.81, 1e-9);
}

/* A freeplay oscillator: the period 2π/ω + 4Δ/(Aω) exactly. */
static void
test_event_freeplay (void)
{
  g_autoptr(LzModel) model = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                    "<body id=\"m\" mass=\"1\" q0=\"0.15\"/>"
                                    "<spring id=\"k\" a=\"g\" b=\"m\" k=\"100\" freeplay=\"0.05\"/>"
                                    "<simulation t-end=\"8.283185307179586\"/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);
  LzEvent ev;

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), 0), 0.15, 1e-9);
  /* the first boundary: out of engagement after a quarter period π/20 */
  lz_trace_get_event (trace, 1, &ev);
  g_assert_cmpint (ev.cause, ==, LZ_CAUSE_BOUNDARY);
  g_assert_cmpfloat_with_epsilon (ev.t, G_PI / 20, 1e-10);
  /* then across the gap (0.1 m at 1 m/s) */
  lz_trace_get_event (trace, 2, &ev);
  g_assert_cmpfloat_with_epsilon (ev.t, G_PI / 20 + 0.1, 1e-10);
}

static void
test_event_errors (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex51-absorber.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);

  g_assert_null (trace);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
  g_assert_nonnull (strstr (error->message, "“joint1”"));
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/event/b1-friction-oscillator", test_event_b1);
  g_test_add_func ("/lz/event/b2-two-carts", test_event_b2);
  g_test_add_func ("/lz/event/b3-bouncing-mass", test_event_b3);
  g_test_add_func ("/lz/event/freeplay-oscillator", test_event_freeplay);
  g_test_add_func ("/lz/event/errors", test_event_errors);
  return g_test_run ();
}
