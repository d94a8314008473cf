/* test-timestep.c — Moreau–Jean time-stepping against the benchmark
 * references of bench/README.md and closed forms, with the energy balance
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "test-util.h"

/* Runs MODEL to its end with time-stepping; returns the trace. */
static LzTrace *
run (LzModel *model,
     double   dt,
     double   theta,
     double   sample,
     GError **error)
{
  LzIntegratorOptions options;
  LzTrace *trace;

  lz_integrator_options_init (&options);
  options.dt = dt;
  options.theta = theta;
  options.sample = sample;
  trace = run_options (model, lz_integrator_timestep, &options, NULL, error);
  if (trace != NULL)
    g_assert_true (lz_trace_is_finished (trace));
  return trace;
}

/* B1: the forced friction oscillator.  Reference (event-driven, 1e-12):
 * x(100) = −1.2053225006, v(100) = 0.1558226665, 17 stick intervals, the
 * first [0, 1.2870022176], the second [4.6854785956, 6.1142864468]. */
static void
test_timestep_b1 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 1e-3, 0.5, 0.1, &error);
  double h = 1e-3, stick_start[32], stick_end[32];
  guint n_stick = 0, n_end = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  g_assert_cmpuint (lz_trace_get_n_samples (trace), ==, 1001);
  g_assert_cmpfloat (lz_trace_get_time (trace, last_row (trace)), ==, 100.0);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), 0), -1.2053225006, 1e-7);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), 0.1558226665, 1e-7);

  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.to == LZ_MODE_STICK && n_stick < 32)
        stick_start[n_stick++] = ev.t;
      if (ev.from == LZ_MODE_STICK && ev.to != LZ_MODE_STICK && n_end < 32)
        stick_end[n_end++] = ev.t;
    }
  g_assert_cmpuint (n_stick, ==, 17);
  g_assert_cmpfloat (stick_start[0], ==, 0.0);
  /* a switch is found within the step that contains it */
  g_assert_cmpfloat (fabs (stick_end[0] - 1.2870022176), <=, h);
  g_assert_cmpfloat (fabs (stick_start[1] - 4.6854785956), <=, h);
  g_assert_cmpfloat (fabs (stick_end[1] - 6.1142864468), <=, h);

  /* θ = ½: the discrete energy balance closes to rounding */
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat (energy.friction, >, 20);
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-10);
}

/* B2: paper 004's two carts.  Reference impacts at 1.1521052481,
 * 4.8231964369, 7.0514084169; cart 1 rests on [7.0514084169, 8.8576499713]. */
static void
test_timestep_b2 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  double h = 1e-4;
  g_autoptr(LzTrace) trace = run (model, h, 0.5, 0.01, &error);
  const double impacts[] = { 1.1521052481, 4.8231964369, 7.0514084169 };
  guint n_impacts = 0;
  double rest_end = NAN;
  LzEnergy energy;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_IMPACT && n_impacts < 3)
        {
          g_test_message ("impact %u at %.10g (reference %.10g)", n_impacts + 1, ev.t,
                          impacts[n_impacts]);
          g_assert_cmpfloat (fabs (ev.t - impacts[n_impacts]), <=, 4 * h);
          n_impacts++;
        }
      if (ev.cause == LZ_CAUSE_LIFT_OFF && ev.t > 7.5 && isnan (rest_end))
        rest_end = ev.t;
    }
  g_assert_cmpuint (n_impacts, ==, 3);
  g_assert_cmpfloat (fabs (rest_end - 8.8576499713), <=, 4 * h);
  /* the stop is inelastic: energy goes into impacts, and the balance closes */
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat (energy.impacts, >, 0.9);
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-10);
}

/* B3: the bouncing mass.  First impact at √(2/g) = 0.4515236410 with the
 * speed √(2g); each impact keeps e² of the kinetic energy; the mass ends
 * at rest on the floor. */
static void
test_timestep_b3 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/bouncing-mass.luztar");
  g_autoptr(GError) error = NULL;
  double h = 1e-4;
  g_autoptr(LzTrace) trace = run (model, h, 0.5, 0, &error);
  LzEvent ev;
  guint first = G_MAXUINT;
  LzEnergy energy;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_events (trace) && first == G_MAXUINT; i++)
    {
      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_IMPACT)
        first = i;
    }
  g_assert_cmpuint (first, !=, G_MAXUINT);
  g_assert_cmpfloat (fabs (ev.t - 0.4515236410), <=, h);
  {
    guint row = lz_trace_find_time (trace, ev.t);
    double v_after = lz_trace_get_v (trace, row, 0);

    /* Newton's law: v⁺ = −e·v⁻ = 0.8·√(2g·(1 + O(h))) */
    g_assert_cmpfloat_with_epsilon (v_after, 0.8 * sqrt (2 * 9.81), 0.8 * 9.81 * h + 1e-9);
  }
  /* the scheme keeps velocities, not positions: the rest position is off
   * by at most the travel of the last bounces (here 1e-8 m) */
  g_assert_cmpfloat (fabs (lz_trace_get_q (trace, last_row (trace), 0)), <, 1e-6);
  g_assert_cmpfloat (fabs (lz_trace_get_v (trace, last_row (trace), 0)), <, 1e-9);
  g_assert_cmpint (lz_trace_get_mode (trace, last_row (trace), 0), ==, LZ_MODE_CONTACT);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat_with_epsilon (energy.impacts, 9.81, 1e-6);
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-10);
}

/* Benchmark B4's chain of N masses (bench/gen-chain.py). */
static LzModel *
b4_model (guint N)
{
  GString *xml = g_string_new ("<luztar-model version=\"1\"><ground id=\"wall\"/>");
  LzModel *model;

  for (guint i = 1; i <= N; i++)
    g_string_append_printf (xml, "<body id=\"m%u\" mass=\"1\"/>", i);
  g_string_append (xml, "<spring id=\"k1\" a=\"wall\" b=\"m1\" k=\"100\"/>");
  for (guint i = 2; i <= N; i++)
    g_string_append_printf (xml, "<spring id=\"k%u\" a=\"m%u\" b=\"m%u\" k=\"100\"/>"
                                 "<damper id=\"c%u\" a=\"m%u\" b=\"m%u\" c=\"0.1\"/>",
                            i, i - 1, i, i, i - 1, i);
  for (guint i = 1; i <= N; i++)
    g_string_append_printf (xml, "<friction id=\"f%u\" a=\"wall\" b=\"m%u\" level=\"0.5\"/>"
                                 "<stop id=\"s%u\" a=\"wall\" b=\"m%u\" lower=\"-0.2\"/>",
                            i, i, i, i);
  g_string_append_printf (xml, "<force id=\"F\" body=\"m%u\" value=\"5*sin(2*t)\"/>"
                               "<simulation t-end=\"10\" dt=\"1e-3\"/></luztar-model>", N);
  model = parse (xml->str);
  g_string_free (xml, TRUE);
  return model;
}

/* B4 with N = 100: the far part of the chain sticks, so the driven mass
 * ends at qN(10) = −0.0524327759, vN(10) = 0.4151687218 (bench/README.md). */
static void
test_timestep_b4_chain (void)
{
  g_autoptr(LzModel) model = b4_model (100);
  g_autoptr(LzTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  guint N = 100;

  trace = run (model, 1e-3, 0.5, 1.0, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), N - 1), -0.0524327759, 1e-9);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), N - 1), 0.4151687218, 1e-9);
}

/* A linear oscillator: the θ = ½ scheme is the implicit midpoint rule,
 * whose phase error against x = cos(t) is known: the discrete frequency
 * is ω_h = (2/h)·atan(h/2).  θ = 1 dissipates numerically. */
static void
test_timestep_linear_oscillator (void)
{
  g_autoptr(LzModel) model = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                    "<body id=\"m\" mass=\"1\" q0=\"1\"/>"
                                    "<spring id=\"k\" a=\"g\" b=\"m\" k=\"1\"/>"
                                    "<simulation t-end=\"10\"/></luztar-model>");
  g_autoptr(GError) error = NULL;
  double h = 0.01, wh = 2 / h * atan (h / 2);
  g_autoptr(LzTrace) half = run (model, h, 0.5, 0, &error);
  g_autoptr(LzTrace) implicit = NULL;
  LzEnergy e_half, e_impl;

  g_assert_no_error (error);
  for (guint r = 0; r < lz_trace_get_n_samples (half); r += 97)
    {
      double t = lz_trace_get_time (half, r);

      g_assert_cmpfloat_with_epsilon (lz_trace_get_q (half, r, 0), cos (wh * t), 1e-12);
    }
  lz_trace_get_energy (half, last_row (half), &e_half);
  g_assert_cmpfloat_with_epsilon (e_half.kinetic + e_half.potential, 0.5, 1e-13);

  implicit = run (model, h, 1.0, 0, &error);
  g_assert_no_error (error);
  lz_trace_get_energy (implicit, last_row (implicit), &e_impl);
  /* θ = 1 loses energy that no element dissipates: booked as the
   * scheme's numerical damping, (1 − (1 + h²)^−1000)/2 exactly, and the
   * balance closes */
  g_assert_cmpfloat (e_impl.kinetic + e_impl.potential, <, 0.5 * 0.95);
  g_assert_cmpfloat_with_epsilon (e_impl.numerical, 0.5 * (1 - pow (1 + h * h, -1000.0)), 1e-13);
  g_assert_cmpfloat (fabs (e_impl.balance_error), <, 1e-13);
}

/* A mass on a spring with freeplay (the dead zone of docs/mathematics.md):
 * k = 100, m = 1, Δ = 0.05, released at q = Δ + 0.1.  It swings half a
 * harmonic period π/ω on each side and crosses the 2Δ gap at speed
 * 0.1·ω = 1: period 2π/10 + 2·0.1 = 0.8283185 s, amplitude kept. */
static void
test_timestep_freeplay_oscillator (void)
{
  g_autoptr(LzModel) model = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                    "<body id=\"m\" mass=\"1\" q0=\"0.15\"/>"
                                    "<spring id=\"k\" a=\"g\" b=\"m\" k=\"100\" freeplay=\"0.05\"/>"
                                    "<simulation t-end=\"8.283185307179586\"/></luztar-model>");
  g_autoptr(GError) error = NULL;
  double T = 2 * G_PI / 10 + 0.2;
  g_autoptr(LzTrace) trace = run (model, 1e-5, 0.5, 0, &error);
  guint engaged = 0, gaps = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_time (trace, last_row (trace)), 10 * T, 1e-5);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), 0), 0.15, 1e-4);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpint (ev.cause, ==, i == 0 ? LZ_CAUSE_INITIAL : LZ_CAUSE_BOUNDARY);
      engaged += ev.to == LZ_MODE_ENGAGED_POS || ev.to == LZ_MODE_ENGAGED_NEG;
      gaps += ev.to == LZ_MODE_GAP;
    }
  /* 10 periods: 20 entries into the gap, 20 engagements (+ the initial) */
  g_assert_cmpuint (gaps, ==, 20);
  g_assert_cmpuint (engaged, ==, 21);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-4 * 0.5);
}

/* The single-step API: stepping to the next mode switch of B1 stops at
 * the end of the first stick. */
static void
test_timestep_single_step (void)
{
  g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
  g_autoptr(LzIntegrator) integrator = lz_integrator_new (lz_integrator_timestep, as, NULL, NULL);
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  g_autoptr(GError) error = NULL;
  LzStepResult r;
  LzEvent ev;
  guint steps = 0;

  g_assert_cmpstr (lz_integrator_get_name (integrator), ==, "timestep");
  do
    {
      r = lz_integrator_step (integrator, INFINITY, trace, &error);
      steps++;
    }
  while (r == LZ_STEP_OK);
  g_assert_no_error (error);
  g_assert_cmpint (r, ==, LZ_STEP_EVENT);
  lz_trace_get_event (trace, lz_trace_get_n_events (trace) - 1, &ev);
  g_assert_cmpint (ev.from, ==, LZ_MODE_STICK);
  g_assert_cmpint (ev.to, ==, LZ_MODE_SLIP_POS);
  g_assert_cmpint (ev.cause, ==, LZ_CAUSE_FORCE_LIMIT);
  g_assert_cmpfloat (fabs (lz_integrator_get_time (integrator) - 1.2870022176), <=, 1e-3);
  g_assert_cmpuint (steps, ==, 1288);
  /* a time limit stops the run there */
  while ((r = lz_integrator_step (integrator, 2.0, trace, &error)) != LZ_STEP_DONE)
    g_assert_cmpint (r, !=, LZ_STEP_ERROR);
  g_assert_cmpfloat_with_epsilon (lz_integrator_get_time (integrator), 2.0, 1e-9);
  g_assert_false (lz_trace_is_finished (trace));
}

/* Time-stepping of AS with OPTIONS but at most MAX_SWEEPS sweeps of
 * Gauss–Seidel a step (0: the default); the counters in STATS. */
static LzTrace *
run_sweeps (LzModel             *model,
            LzAssembly          *as,
            LzIntegratorOptions  options,
            guint                max_sweeps,
            LzIntegratorStats   *stats)
{
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(GError) error = NULL;
  LzTrace *trace = lz_trace_new (model);
  LzStepResult r;

  options.lcp_max_sweeps = max_sweeps;
  integrator = lz_integrator_new (lz_integrator_timestep, as, &options, &error);
  g_assert_no_error (error);
  do
    r = lz_integrator_step (integrator, INFINITY, trace, &error);
  while (r == LZ_STEP_OK || r == LZ_STEP_EVENT);
  g_assert_no_error (error);
  lz_integrator_get_stats (integrator, stats);
  return trace;
}

/* The exact fallback: with one Gauss–Seidel sweep allowed, almost every
 * step's problem goes to Lemke's method; the runs must agree with the
 * converged Gauss–Seidel ones to 1e-8.  The freeplay pair needs the fallback
 * anyway (friction and a stop on one body make the sweeps crawl). */
static void
test_timestep_lemke_fallback (void)
{
  static const char *files[] = {
    "data/examples/friction-oscillator.luztar", "data/examples/two-carts-stop.luztar",
    "data/examples/block-on-belt.luztar", "data/examples/paper002-ex51-absorber.luztar",
    "data/examples/freeplay-pair.luztar",
    /* not the gear train: its rattling is chaotic, and two exact
     * solutions of the same steps part after a few thousand impacts */
  };

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(LzModel) model = load (files[f]);
      g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
      double final_q[2][8];
      guint n = MIN (lz_assembly_get_n_dofs (as), 8);

      for (int pass = 0; pass < 2; pass++)
        {
          g_autoptr(LzTrace) trace = NULL;
          LzIntegratorOptions options;
          LzIntegratorStats stats;

          lz_integrator_options_init (&options);
          options.t_end = MIN (lz_model_get_simulation (model)->t_end, 5.0);
          options.sample = 1.0;
          trace = run_sweeps (model, as, options, pass == 0 ? 0 : 1, &stats);
          g_test_message ("%s, pass %d: %" G_GUINT64_FORMAT " steps, largest residual %g",
                          files[f], pass, stats.steps, stats.lcp_max_residual);
          g_assert_cmpfloat (stats.lcp_max_residual, <, 1e-9);
          for (guint i = 0; i < n; i++)
            final_q[pass][i] = lz_trace_get_q (trace, last_row (trace), i);
        }
      for (guint i = 0; i < n; i++)
        g_assert_cmpfloat_with_epsilon (final_q[1][i], final_q[0][i], 1e-8 * (1 + fabs (final_q[0][i])));
    }
}

/* The step merged into the sweeps' passes (lz-timestep-fused.c) hands a
 * step whose sweeps do not settle to the step phase by phase from its
 * local problem on: with two sweeps allowed, most of B4's steps go on to
 * the sweeps on the impulses and Lemke's method, and the run is the one
 * of the phases alone (LUZTAR_TS_FUSED=off), event for event and to the
 * last digit of the state. */
static void
test_timestep_fused_fallback (void)
{
  g_autoptr(LzModel) model = b4_model (10);
  g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
  g_autoptr(LzTrace) merged = NULL;
  g_autoptr(LzTrace) phased = NULL;
  LzIntegratorOptions options;
  LzIntegratorStats stats;

  lz_integrator_options_init (&options);
  options.t_end = 2.0;
  options.sample = 0.25;
  merged = run_sweeps (model, as, options, 2, &stats);
  g_assert_cmpuint (stats.lcp_solves, ==, stats.steps);
  g_setenv ("LUZTAR_TS_FUSED", "off", TRUE);
  phased = run_sweeps (model, as, options, 2, &stats);
  g_unsetenv ("LUZTAR_TS_FUSED");
  g_assert_cmpuint (lz_trace_get_n_events (merged), >, 10);
  g_assert_cmpuint (lz_trace_get_n_events (merged), ==, lz_trace_get_n_events (phased));
  for (guint k = 0; k < lz_trace_get_n_events (merged); k++)
    {
      LzEvent a, b;

      lz_trace_get_event (merged, k, &a);
      lz_trace_get_event (phased, k, &b);
      g_assert_true (a.t == b.t && a.element == b.element && a.from == b.from && a.to == b.to
                     && a.cause == b.cause);
    }
  g_assert_cmpuint (lz_trace_get_n_samples (merged), ==, lz_trace_get_n_samples (phased));
  for (guint r = 0; r < lz_trace_get_n_samples (merged); r++)
    for (guint i = 0; i < 10; i++)
      {
        g_assert_true (lz_trace_get_q (merged, r, i) == lz_trace_get_q (phased, r, i));
        g_assert_true (lz_trace_get_v (merged, r, i) == lz_trace_get_v (phased, r, i));
      }
}

/* What cannot be simulated says why, naming the element or body. */
static void
test_timestep_errors (void)
{
  struct { const char *xml; LzError code; const char *needle; } cases[] = {
    { "<luztar-model version=\"1\"><ground id=\"g\"/><body id=\"m\" mass=\"1\" q0=\"-1\"/>"
      "<spring id=\"k\" a=\"g\" b=\"m\" k=\"1\"/><stop id=\"floor\" a=\"g\" b=\"m\" lower=\"0\"/>"
      "</luztar-model>", LZ_ERROR_INVALID_MODEL, "stop “floor”" },
    { "<luztar-model version=\"1\"><ground id=\"g\"/><body id=\"m\" mass=\"1\"/>"
      "<body id=\"ghost\" mass=\"0\"/><spring id=\"k\" a=\"g\" b=\"m\" k=\"1\"/>"
      "<friction id=\"f\" a=\"m\" b=\"ghost\" level=\"1\"/></luztar-model>",
      LZ_ERROR_SINGULAR, "“ghost”" },
    { "<luztar-model version=\"1\"><ground id=\"g\"/><body id=\"rocket\" mass=\"1\"/>"
      "<spring id=\"k\" a=\"g\" b=\"rocket\" k=\"1\"/><force id=\"F\" body=\"rocket\" value=\"exp(60*t)\"/>"
      "<simulation t-end=\"2\"/></luztar-model>", LZ_ERROR_DIVERGED, "“rocket”" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(LzModel) model = parse (cases[i].xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 1e-3, 0.5, 0, &error);

      g_assert_null (trace);
      g_assert_error (error, LZ_ERROR, cases[i].code);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
    }
  {
    g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
    g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
    g_autoptr(GError) error = NULL;
    LzIntegratorOptions options;

    lz_integrator_options_init (&options);
    options.theta = 0.2;
    g_assert_null (lz_integrator_new (lz_integrator_timestep, as, &options, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  }
}

/* The largest difference of the positions of the bodies that have mass
 * (massive TRUE) or not between a time-stepping trace and an event-driven
 * one at the time-stepping samples (the event-driven rows at the same
 * instants: its samples are on the same grid, between its event rows). */
static double
difference (LzModel       *model,
            const LzTrace *ts,
            const LzTrace *ev,
            gboolean       massive)
{
  double worst = 0;
  guint n = lz_model_get_n_bodies (model);

  for (guint i = 1; i < lz_trace_get_n_samples (ts); i++)
    {
      double t = lz_trace_get_time (ts, i);
      guint j = lz_trace_find_time (ev, t - 1e-9);

      g_assert_cmpuint (j, <, lz_trace_get_n_samples (ev));
      g_assert_cmpfloat (fabs (lz_trace_get_time (ev, j) - t), <, 1e-9);
      for (guint b = 0; b < n; b++)
        if ((lz_model_get_body (model, b)->mass > 0) == massive)
          worst = MAX (worst, fabs (lz_trace_get_q (ts, i, b) - lz_trace_get_q (ev, j, b)));
    }
  return worst;
}

/* Massless bodies with stops and springs with freeplay (issue 7): their
 * coordinates are unknowns of each step's complementarity problem — a
 * stop on one holds its position where it balances (no impact, no
 * velocity to keep), and a body without damping is kept at that
 * balance, so that a start off its balance or a kink at a switch does not
 * come back every step with its sign flipped (θ = ½).  Against the
 * event-driven method (the massless coordinates solved exactly, events
 * located to 1e-12 s): the bodies with mass converge at second order for
 * θ = ½, the massless ones at first order (they are kept at the θ-point,
 * (1 − θ)h behind); the energy balance closes to the same order. */
static void
test_timestep_massless_nonsmooth (void)
{
  const char *models[] = {
    /* a pad between two stops, carried by a mass through a spring */
    "<luztar-model version='1'><ground id='wall'/>"
    "<body id='m' mass='1' q0='0.1'/><body id='pad' mass='0' q0='0.07'/>"
    "<spring id='k0' a='wall' b='m' k='100'/><spring id='k1' a='m' b='pad' k='400'/>"
    "<stop id='s' a='wall' b='pad' lower='-0.04' upper='0.07'/>"
    "<simulation t-end='2'/></luztar-model>",
    /* two massless nodes, a freeplay between them, a stop from each to a
     * mass and to a moving wall, started off their balance */
    "<luztar-model version='1'><ground id='wall' motion='0.02*sin(7*t)'/>"
    "<body id='m' mass='1' q0='0.1'/><body id='m2' mass='2' q0='-0.05'/>"
    "<body id='z1' mass='0' q0='0.1'/><body id='z2' mass='0'/>"
    "<spring id='k0' a='wall' b='m' k='100'/><spring id='ka' a='m' b='z1' k='300'/>"
    "<spring id='kb' a='z1' b='z2' k='200' freeplay='0.01'/><spring id='kc' a='z2' b='m2' k='150'/>"
    "<spring id='kd' a='wall' b='z2' k='50'/><spring id='ke' a='wall' b='m2' k='80'/>"
    "<stop id='s1' a='m' b='z1' lower='-0.02' upper='0.03'/>"
    "<stop id='s2' a='wall' b='z2' lower='-0.03'/>"
    "<force id='F' body='m2' value='3*sin(2*t)'/><simulation t-end='2'/></luztar-model>",
  };

  for (guint k = 0; k < G_N_ELEMENTS (models); k++)
    {
      g_autoptr(LzModel) model = parse (models[k]);
      g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
      double dm[2], dz[2];
      LzEnergy energy;

      for (guint j = 0; j < 2; j++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(LzTrace) ts = run (model, j == 0 ? 1e-4 : 1e-5, 0.5, 0.01, &error);

          g_assert_no_error (error);
          dm[j] = difference (model, ts, ev, TRUE);
          dz[j] = difference (model, ts, ev, FALSE);
          if (j == 1)
            lz_trace_get_energy (ts, last_row (ts), &energy);
          /* they start on their balance (the second model's q0 is off it),
           * as the event-driven method puts them */
          for (guint b = 0; b < lz_model_get_n_bodies (model); b++)
            g_assert_cmpfloat (fabs (lz_trace_get_q (ts, 0, b) - lz_trace_get_q (ev, 0, b)), <, 1e-12);
        }
      g_test_message ("model %u, θ = ½: bodies with mass %.2e (h = 1e-4), %.2e (h = 1e-5); "
                      "massless %.2e, %.2e; energy balance %.1e J (h = 1e-5)",
                      k, dm[0], dm[1], dz[0], dz[1], energy.balance_error);
      g_assert_cmpfloat (dm[0], <, 1e-5);
      g_assert_cmpfloat (dm[1], <, 1e-7);
      g_assert_cmpfloat (dm[0] / dm[1], >, 30);        /* second order: 100 */
      g_assert_cmpfloat (dz[1], <, 1e-4);
      g_assert_cmpfloat (dz[0] / dz[1], >, 7);         /* first order: 10 */
      /* first order at most (the massless positions lag) */
      g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-3);
    }
}

/* A massless joint of linear springs started off its balance (the file
 * gives q0 = 0 while the mass is displaced): the run starts it where it
 * balances, z = k1/(k1 + k2)·x, and keeps it there exactly, also its
 * velocity (before, θ = ½ carried the error on with its sign flipped every
 * step, and the velocity grew without bound). */
static void
test_timestep_massless_start (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/>"
    "<body id='m' mass='1' q0='0.1' v0='0.3'/><body id='z' mass='0'/>"
    "<spring id='k1' a='m' b='z' k='300'/><spring id='k2' a='z' b='wall' k='100'/>"
    "<simulation t-end='1'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) ts = run (model, 1e-3, 0.5, 0, &error);
  double dq = 0, dv = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_samples (ts); i++)
    {
      dq = MAX (dq, fabs (lz_trace_get_q (ts, i, 1) - 0.75 * lz_trace_get_q (ts, i, 0)));
      dv = MAX (dv, fabs (lz_trace_get_v (ts, i, 1) - 0.75 * lz_trace_get_v (ts, i, 0)));
    }
  lz_trace_get_energy (ts, last_row (ts), &energy);
  g_test_message ("massless joint started off its balance: |z − 0.75·x| ≤ %.1e m, "
                  "|ż − 0.75·ẋ| ≤ %.1e m/s, energy balance %.1e J", dq, dv, energy.balance_error);
  g_assert_cmpfloat (fabs (lz_trace_get_q (ts, 0, 1) - 0.075), <, 1e-15);
  g_assert_cmpfloat (dq, <, 1e-14);
  g_assert_cmpfloat (dv, <, 1e-8);    /* round-off of Δq/(hθ), carried on: ~1e-13 a step */
  g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-12);
}

/* Dry friction between a massless body without damping and a body with
 * mass (a rigid-plastic joint): with θ = ½ refused in words (a stuck joint
 * would drift); with θ = 1 first-order convergence to the event-driven
 * method, which takes it exactly. */
static void
test_timestep_massless_friction (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/>"
    "<body id='m' mass='1'/><body id='z' mass='0'/>"
    "<spring id='k0' a='wall' b='m' k='100'/><spring id='kz' a='wall' b='z' k='50'/>"
    "<friction id='f' a='m' b='z' level='0.5'/>"
    "<force id='F' body='m' value='5*sin(3*t)'/><simulation t-end='3'/></luztar-model>");
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  double d[2];

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(LzTrace) refused = run (model, 1e-4, 0.5, 0.01, &error);

    g_assert_null (refused);
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "“f”"));
    g_assert_nonnull (strstr (error->message, "“z”"));
    g_assert_nonnull (strstr (error->message, "θ = 1"));
  }
  for (guint j = 0; j < 2; j++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) ts = run (model, j == 0 ? 1e-4 : 1e-5, 1.0, 0.01, &error);

      g_assert_no_error (error);
      d[j] = MAX (difference (model, ts, ev, TRUE), difference (model, ts, ev, FALSE));
    }
  g_test_message ("rigid-plastic joint, θ = 1: %.2e (h = 1e-4), %.2e (h = 1e-5)", d[0], d[1]);
  g_assert_cmpfloat (d[1], <, 1e-4);
  g_assert_cmpfloat (d[0] / d[1], >, 7);          /* first order: 10 */
}

/* An impact's loss is booked whatever θ: a mass of 2 kg at 1.5 m/s hits a
 * stop with e = 0 or ½; Moreau's law leaves it at e·1.5 m/s and the loss
 * is ½·2·1.5²·(1 − e²) exactly.  With θ > ½ that loss was taken for the
 * scheme's numerical damping and missing from the balance (θ = 1: the
 * whole kinetic energy of a plastic impact). */
static void
test_timestep_impact_energy (void)
{
  static const double thetas[] = { 0.5, 0.75, 1 };

  for (guint c = 0; c < 2 * G_N_ELEMENTS (thetas); c++)
    {
      double e = c % 2 ? 0.5 : 0, theta = thetas[c / 2];
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1'><ground id='wall'/><body id='m' mass='2' q0='0.3' v0='-1.5'/>"
        "<stop id='s' a='wall' b='m' lower='0.05' restitution='%g'/>"
        "<simulation t-end='0.5'/></luztar-model>", e);
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 1e-4, theta, 1e-2, &error);
      double loss = 0.5 * 2 * 1.5 * 1.5 * (1 - e * e);
      LzEnergy energy;

      g_assert_no_error (error);
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("θ = %g, e = %g: v after %.15g m/s (e·1.5 = %g), impacts %.15g J (closed form "
                      "%g J), balance %.1e J", theta, e, lz_trace_get_v (trace, last_row (trace), 0),
                      e * 1.5, energy.impacts, loss, energy.balance_error);
      g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), e * 1.5, 1e-12);
      g_assert_cmpfloat_with_epsilon (energy.impacts, loss, 1e-12);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-12);
    }
}

/* A cart hits a wall through a massless buffer: the cart (1 kg, 1 m/s)
 * meets the buffer's face (stop s1), pushes it in against its spring
 * (k = 400 N/m) until the buffer bottoms out on the wall (stop s2, 4 cm
 * in), where it has 0.6 m/s left: that impact goes through the massless
 * buffer to the wall and is plastic (time-stepping takes it with θ = 1
 * only: with θ = ½ the step threw the cart back with more energy than it
 * had).  Closed form: in at t2 = 0.25 + asin(0.8)/20, the cart at rest,
 * 0.18 J lost, then the spring pushes it out; it leaves the buffer at
 * t2 + π/40 with 0.8 m/s. */
static void
test_timestep_massless_impact_through (void)
{
#define BUFFER(theta) \
    "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.3' v0='-1'/>" \
    "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='400'/>" \
    "<stop id='s1' a='z' b='m' lower='0.05'/><stop id='s2' a='wall' b='z' lower='-0.04'/>" \
    "<simulation t-end='0.6' theta='" theta "'/></luztar-model>"
  const char *half = BUFFER ("0.5"), *one = BUFFER ("1");
#undef BUFFER
  g_autoptr(LzModel) refused = parse (half);
  g_autoptr(LzModel) model = parse (one);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) none = run (refused, 1e-5, 0.5, 1e-3, &error);
  g_autoptr(LzTrace) trace = NULL;
  double t2 = 0.25 + asin (0.8) / 20, t3 = t2 + G_PI / 40, err_v = 0, v_out;
  LzEnergy energy;

  g_assert_null (none);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“m”"));
  g_assert_nonnull (strstr (error->message, "“z”"));
  g_assert_nonnull (strstr (error->message, "θ = 1"));
  g_clear_error (&error);

  trace = run (model, 1e-5, 1, 1e-3, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double t = lz_trace_get_time (trace, r);

      /* from rest on the bottomed-out buffer at t2, pushed out by its
       * spring: v = 0.8 sin 20(t − t2) (a bounce would start at ±0.6) */
      if (t > t2 + 1e-3 && t < t3 - 1e-3)
        err_v = MAX (err_v, fabs (lz_trace_get_v (trace, r, 0) - 0.8 * sin (20 * (t - t2))));
    }
  v_out = lz_trace_get_v (trace, last_row (trace), 0);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_test_message ("through the buffer: |v − 0.8 sin 20(t − t2)| after the impact %.2e m/s, out at "
                  "%.6f m/s (0.8 after t = %.6f), impacts %.6f J (0.18), balance %.1e J",
                  err_v, v_out, t3, energy.impacts, energy.balance_error);
  g_assert_cmpfloat (err_v, <=, 0.02);
  g_assert_cmpfloat_with_epsilon (v_out, 0.8, 1e-3);
  g_assert_cmpfloat_with_epsilon (energy.impacts, 0.18, 1e-3);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-3);
}

/* The θ-method's numerical damping, booked on its own.  A linear
 * oscillator (m = 1, k = 4, q0 = 0.1) with θ = 1 is backward Euler: each
 * step scales (ωq, v) by 1/√(1 + h²ω²), so after N steps the scheme has
 * taken E0·(1 − (1 + h²ω²)^−N) exactly.  With θ = ½ it takes nothing.
 * On the examples (stops, friction, a moving ground, massless joints)
 * the balance closes to rounding with θ = 1 and θ = 0.75 once it is
 * counted — without it the balance was off by the damping. */
static void
test_timestep_numerical_damping (void)
{
  static const char *files[] = {
    "data/examples/two-carts-stop.luztar", "data/examples/friction-oscillator.luztar",
    "data/examples/block-on-belt.luztar", "data/examples/paper002-ex51-absorber.luztar",
    "data/examples/cart-into-buffer.luztar",
  };
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='g'/><body id='m' mass='1' q0='0.1'/>"
    "<spring id='k' a='g' b='m' k='4'/><simulation t-end='5'/></luztar-model>");
  const double theta[] = { 0.5, 1 };

  for (guint c = 0; c < G_N_ELEMENTS (theta); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 1e-3, theta[c], 0.1, &error);
      double closed = theta[c] == 1 ? 0.02 * (1 - pow (1 + 4e-6, -5000.0)) : 0;
      LzEnergy energy;

      g_assert_no_error (error);
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("oscillator, θ = %g: numerical damping %.15g J (closed form %.15g), "
                      "balance %.1e J", theta[c], energy.numerical, closed, energy.balance_error);
      g_assert_cmpfloat_with_epsilon (energy.numerical, closed, 1e-13);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-13);
      g_assert_cmpfloat_with_epsilon (energy.kinetic + energy.potential, 0.02 - closed, 1e-13);
    }

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint c = 0; c < 2; c++)
      {
        g_autoptr(LzModel) example = load (files[f]);
        g_autoptr(GError) error = NULL;
        g_autoptr(LzTrace) trace = NULL;
        double th = c == 0 ? 1 : 0.75;
        LzEnergy energy, first;

        /* (an impact through the massless buffer needs θ = 1) */
        if (th != 1 && g_str_has_suffix (files[f], "cart-into-buffer.luztar"))
          continue;
        trace = run (example, lz_model_get_simulation (example)->dt, th, 0.1, &error);
        g_assert_no_error (error);
        lz_trace_get_energy (trace, last_row (trace), &energy);
        lz_trace_get_energy (trace, 0, &first);
        g_test_message ("%s, θ = %g: numerical damping %.3e J, balance %.1e J", files[f], th,
                        energy.numerical, energy.balance_error);
        g_assert_cmpfloat (energy.numerical, >, 1e-4);
        g_assert_cmpfloat (fabs (energy.balance_error), <=,
                           1e-9 * (first.kinetic + first.potential + fabs (energy.sources)));
      }
}

/* A cart pressed (10t − 5 N) onto the face s1 of a massless buffer that
 * is preloaded onto the wall (s2): two stops in series through the
 * massless body, whose step Delassus matrix is nearly singular, so that
 * Gauss–Seidel crawls (rate 1 − O(h²k·m)).  The step goes to Lemke's
 * method after a few sweeps, not after lcp_max_sweeps, and the counters
 * say so: the sweeps spent before the fallback are counted with its
 * pivots.  The cart leaves at t = 0.5 (q = 0.01 + (5/3)(t − 0.5)³, first
 * order in h), and the run agrees with one where every step goes to
 * Lemke after a single sweep. */
static void
test_timestep_crawl_fallback (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.3' v0='-1'/>"
    "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='400' offset='-0.1'/>"
    "<stop id='s1' a='z' b='m' lower='0.05'/><stop id='s2' a='wall' b='z' lower='-0.04'/>"
    "<force id='F' body='m' value='10*t - 5'/><simulation t-end='1' theta='1'/></luztar-model>");
  g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
  double q_end[2];

  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr(LzTrace) trace = NULL;
      LzIntegratorOptions options;
      LzIntegratorStats stats;
      double per_solve;

      lz_integrator_options_init (&options);
      options.dt = 1e-4;
      options.sample = 1e-2;
      trace = run_sweeps (model, as, options, pass == 0 ? 0 : 1, &stats);
      per_solve = (double) stats.lcp_iterations / stats.lcp_solves;
      q_end[pass] = lz_trace_get_q (trace, last_row (trace), 0);
      g_test_message ("pass %d: %" G_GUINT64_FORMAT " problems, %.1f iterations each, %"
                      G_GUINT64_FORMAT " by Lemke, largest residual %.1e, q(1) = %.9f m (closed form "
                      "%.9f)", pass, stats.lcp_solves, per_solve, stats.lcp_fallbacks, stats.lcp_max_residual, q_end[pass], 0.01 + 5.0 / 3 * pow (0.5, 3));
      g_assert_cmpfloat (stats.lcp_max_residual, <, 1e-9);
      g_assert_cmpfloat_with_epsilon (q_end[pass], 0.01 + 5.0 / 3 * pow (0.5, 3), 5e-4);
      if (pass == 0)
        {
          /* the held steps (0.2 to 0.5 s of 1 s) crawl: each is counted
           * with its sweeps before the fallback, and there are not many */
          g_assert_cmpfloat (per_solve, >, 5);
          g_assert_cmpfloat (per_solve, <, 60);
          g_assert_cmpuint (stats.lcp_fallbacks, >, stats.lcp_solves / 5);
          g_assert_cmpuint (stats.lcp_fallbacks, <, stats.lcp_solves / 2);
        }
    }
  g_assert_cmpfloat_with_epsilon (q_end[1], q_end[0], 1e-9);
}

/* Samples at exactly k·Δ: over 20 s at h = 1e-4 with Δ = 0.01 every row
 * is k·Δ to the last bit (the next sample time was a running sum, and the
 * rows drifted off the grid: a row at 20.0001 instead of 20), none is
 * dropped, the last is at t-end, and the states are those of the steps
 * that end there.  With Δ not a multiple of h, the rows inside a step are
 * the state interpolated linearly (q moves at v_θ), with the modes before
 * the step; with Δ < h several rows fall in one step; a t-end off the
 * step grid is the last row. */
static void
test_timestep_sample_grid (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/two-carts-stop.luztar");
  g_autoptr(LzModel) bounce = load ("data/examples/bouncing-mass.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 1e-4, 0.5, 0.01, &error);
  g_autoptr(LzTrace) every = NULL;
  LzIntegratorOptions options;
  guint n;

  g_assert_no_error (error);
  n = lz_trace_get_n_samples (trace);
  g_assert_cmpuint (n, ==, 2001);
  for (guint k = 0; k < n; k++)
    g_assert_cmpfloat (lz_trace_get_time (trace, k), ==, k < n - 1 ? k * 0.01 : 20.0);

  /* h = 3 ms, Δ = 0.7 ms, t-end 10 ms: rows inside the steps, the last
   * inside the fourth step; free fall, q linear between the steps' ends */
  lz_integrator_options_init (&options);
  options.dt = 3e-3;
  options.t_end = 0.01;
  options.sample = 7e-4;
  every = run_options (bounce, lz_integrator_timestep, &options, NULL, &error);
  g_assert_no_error (error);
  n = lz_trace_get_n_samples (every);
  g_assert_cmpuint (n, ==, 16);
  for (guint k = 0; k < n; k++)
    {
      double t = lz_trace_get_time (every, k);
      double q1 = 1 - 9.81 / 2 * 3e-3 * 3e-3;   /* the trapezoidal step: exact for free fall */
      LzEnergy energy;

      g_assert_cmpfloat (t, ==, k < n - 1 ? k * 7e-4 : 0.01);
      if (t <= 3e-3)
        g_assert_cmpfloat_with_epsilon (lz_trace_get_q (every, k, 0), 1 + (q1 - 1) * t / 3e-3, 1e-15);
      /* the velocity is linear in t and exact, so the kinetic energy of
       * the row is that of its state */
      g_assert_cmpfloat_with_epsilon (lz_trace_get_v (every, k, 0), -9.81 * t, 1e-14);
      lz_trace_get_energy (every, k, &energy);
      g_assert_cmpfloat_with_epsilon (energy.kinetic, 0.5 * 9.81 * 9.81 * t * t, 1e-14);
      g_assert_cmpint (lz_trace_get_mode (every, k, 0), ==, LZ_MODE_FREE);
    }
}

/* Massless bodies in the event log.  A damped massless pad resting on its
 * stop is in contact while the stop pushes it (its velocity rings with
 * θ = ½ and is no state: the log had an "impact" every step, 87 000 in
 * 5 s); an undamped one reaches its stop without an impact; a cart
 * stopped through a massless buffer bottoming out is an impact.  Dry
 * friction on a damped massless body switches by its rate over the step,
 * not by its ringing end velocity (it chattered stick/slip every step
 * near a stick). */
static void
test_timestep_massless_modes (void)
{
  static const struct
  {
    const char *file;
    double      t_end;
    guint       max_events;
    guint       n_impacts;
  } cases[] = {
    { "tests/data/models/massless-damped-pad-stop.luztar", 1.0, 8, 0 },
    { "tests/data/models/massless-pad-stop.luztar", 1.0, 12, 0 },
    { "tests/data/models/massless-joint.luztar", 1.0, 10, 0 },
    { "data/examples/cart-into-buffer.luztar", 1.0, 8, 1 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(LzModel) model = load (cases[c].file);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = NULL;
      LzIntegratorOptions options;
      guint impacts = 0, massless = 0;

      lz_integrator_options_init (&options);
      options.t_end = cases[c].t_end;
      options.sample = 0.01;
      options.dt = MAX (lz_model_get_simulation (model)->dt, 1e-4);
      trace = run_options (model, lz_integrator_timestep, &options, NULL, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, i, &ev);
          impacts += ev.cause == LZ_CAUSE_IMPACT;
          massless += ev.cause == LZ_CAUSE_MASSLESS_CONTACT;
        }
      g_test_message ("%s: %u events, %u impacts, %u massless contacts", cases[c].file,
                      lz_trace_get_n_events (trace), impacts, massless);
      g_assert_cmpuint (lz_trace_get_n_events (trace), <=, cases[c].max_events);
      g_assert_cmpuint (impacts, ==, cases[c].n_impacts);
    }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/timestep/b1-friction-oscillator", test_timestep_b1);
  g_test_add_func ("/lz/timestep/b2-two-carts", test_timestep_b2);
  g_test_add_func ("/lz/timestep/b3-bouncing-mass", test_timestep_b3);
  g_test_add_func ("/lz/timestep/b4-chain", test_timestep_b4_chain);
  g_test_add_func ("/lz/timestep/linear-oscillator", test_timestep_linear_oscillator);
  g_test_add_func ("/lz/timestep/freeplay-oscillator", test_timestep_freeplay_oscillator);
  g_test_add_func ("/lz/timestep/single-step", test_timestep_single_step);
  g_test_add_func ("/lz/timestep/lemke-fallback", test_timestep_lemke_fallback);
  g_test_add_func ("/lz/timestep/crawl-fallback", test_timestep_crawl_fallback);
  g_test_add_func ("/lz/timestep/fused-fallback", test_timestep_fused_fallback);
  g_test_add_func ("/lz/timestep/numerical-damping", test_timestep_numerical_damping);
  g_test_add_func ("/lz/timestep/errors", test_timestep_errors);
  g_test_add_func ("/lz/timestep/massless-nonsmooth", test_timestep_massless_nonsmooth);
  g_test_add_func ("/lz/timestep/massless-start", test_timestep_massless_start);
  g_test_add_func ("/lz/timestep/massless-friction", test_timestep_massless_friction);
  g_test_add_func ("/lz/timestep/impact-energy", test_timestep_impact_energy);
  g_test_add_func ("/lz/timestep/massless-impact-through", test_timestep_massless_impact_through);
  g_test_add_func ("/lz/timestep/sample-grid", test_timestep_sample_grid);
  g_test_add_func ("/lz/timestep/massless-modes", test_timestep_massless_modes);
  return g_test_run ();
}
