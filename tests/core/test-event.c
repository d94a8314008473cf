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
#include "test-util.h"

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

/* A stop on a massless body is for time-stepping (no closed form takes
 * it either): the event-driven method refuses it and says which element
 * on which body.  (Damped friction on a massless body is paper 003's
 * non-inertial element, see test-simplify.) */
static void
test_event_errors (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1'/>"
    "<body id='pad' mass='0'/><spring id='k' a='pad' b='m' k='10'/>"
    "<spring id='k2' a='wall' b='pad' k='10'/>"
    "<stop id='f' a='wall' b='pad' lower='-0.1' upper='0.1'/>"
    "<simulation t-end='1'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);

  g_assert_null (trace);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
  g_assert_nonnull (strstr (error->message, "“pad”"));
  g_assert_nonnull (strstr (error->message, "“f”"));
}

/* Free and damped oscillators: x'' + 2ζω x' + ω² x = 0 from x = 1, v = 0,
 * against the closed form, with the energy balance. */
static void
test_event_oscillators (void)
{
  for (int damped = 0; damped < 2; damped++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version=\"1\"><ground id=\"g\"/><body id=\"m\" mass=\"2\" q0=\"1\"/>"
        "<spring id=\"k\" a=\"g\" b=\"m\" k=\"8\"/><damper id=\"c\" a=\"g\" b=\"m\" c=\"%s\"/>"
        "<simulation t-end=\"10\"/></luztar-model>", damped ? "0.8" : "0");
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 0.25, &error);
      double w = 2, zeta = damped ? 0.8 / (2 * 2 * w) : 0, wd = w * sqrt (1 - zeta * zeta);
      LzEnergy energy;

      g_assert_no_error (error);
      for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
        {
          double t = lz_trace_get_time (trace, r);
          double x = exp (-zeta * w * t) * (cos (wd * t) + zeta * w / wd * sin (wd * t));

          g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, r, 0), x, 1e-9);
        }
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_assert_cmpfloat (fabs (energy.balance_error), <, 1e-8);
      if (damped)
        g_assert_cmpfloat (energy.damping, >, 3.5);
    }
}

/* Paper 003 §3.1: M z'' = F − C·tar(z', F0/C).  From rest under a constant
 * F > F0 the block slips with z' = (F − F0)/C·(1 − exp(−C t/M)); when F
 * drops to 0 at t = 2 (a step) it slows down to a stop at
 * t = 2 + (M/C)·ln(1 + C·z'(2)/F0) and sticks. */
static void
test_event_viscous_dry (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version=\"1\"><ground id=\"g\"/><body id=\"m\" mass=\"2\"/>"
    "<friction id=\"f\" a=\"g\" b=\"m\" level=\"1\" viscous=\"0.5\"/>"
    "<force id=\"F\" body=\"m\" value=\"3*(1-step(t-2))\"/>"
    "<simulation t-end=\"6\"/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);
  double M = 2, C = 0.5, F0 = 1, F = 3, v2 = (F - F0) / C * (1 - exp (-C * 2 / M));
  double t_stop = 2 + M / C * log (1 + C * v2 / F0);
  gboolean seen = FALSE;

  g_assert_no_error (error);
  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double t = lz_trace_get_time (trace, r);

      if (t > 0 && t < 1.99)
        g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, r, 0),
                                        (F - F0) / C * (1 - exp (-C * t / M)), 1e-9);
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.to == LZ_MODE_STICK && ev.t > 0)
        {
          g_test_message ("stops at %.12g (closed form %.12g)", ev.t, t_stop);
          g_assert_cmpfloat_with_epsilon (ev.t, t_stop, 1e-8);
          seen = TRUE;
        }
    }
  g_assert_true (seen);
  g_assert_cmpfloat (lz_trace_get_v (trace, last_row (trace), 0), ==, 0.0);
}

/* Paper 004 §3–4 on the two carts at x1 = 0: the mode is decided by the
 * sign of x1', then of x2 (which is x1'' there), then of x2' (x1'''). Cart
 * 1 never goes below the stop, and the stop's first mode is the paper's. */
static void
test_event_two_carts_selection (void)
{
  static const struct { double v1, x2, v2; LzMode mode; } cases[] = {
    {  1,  0,  0, LZ_MODE_FREE },      /* leaving */
    {  0,  1,  0, LZ_MODE_FREE },      /* pulled off by cart 2 */
    {  0, -1,  0, LZ_MODE_CONTACT },   /* pushed on */
    {  0,  0,  1, LZ_MODE_FREE },      /* third derivative: pulled off */
    {  0,  0, -1, LZ_MODE_CONTACT },   /* third derivative: pushed on */
    {  0,  0,  0, LZ_MODE_FREE },      /* at rest: both modes hold; no force */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version=\"1\"><ground id=\"wall\"/>"
        "<body id=\"c1\" mass=\"1\" v0=\"%g\"/><body id=\"c2\" mass=\"1\" q0=\"%g\" v0=\"%g\"/>"
        "<spring id=\"k1\" a=\"wall\" b=\"c1\" k=\"1\"/><spring id=\"k2\" a=\"c1\" b=\"c2\" k=\"1\"/>"
        "<stop id=\"s\" a=\"wall\" b=\"c1\" lower=\"0\"/><simulation t-end=\"0.5\"/></luztar-model>",
        cases[i].v1, cases[i].x2, cases[i].v2);
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 0.01, &error);
      LzMode first = LZ_MODE_NONE;

      g_assert_no_error (error);
      /* the mode right after the start: the last event at t ≤ 1e-9 */
      for (guint k = 0; k < lz_trace_get_n_events (trace); k++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, k, &ev);
          if (ev.t <= 1e-9)
            first = ev.to;
        }
      g_test_message ("x1' = %g, x2 = %g, x2' = %g: %s", cases[i].v1, cases[i].x2, cases[i].v2,
                      lz_mode_to_string (first));
      g_assert_cmpint (first, ==, cases[i].mode);
      for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
        g_assert_cmpfloat (lz_trace_get_q (trace, r, 0), >=, -1e-12);
    }
}

/* A freeplay spring between two free masses (m = 1 each, k = 100, Δ = 0.05):
 * the relative coordinate s oscillates with ω = √(k/μ), μ = ½, opening and
 * engaging at the closed-form times; momentum is kept. */
static void
test_event_freeplay_pair (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version=\"1\"><body id=\"a\" mass=\"1\" q0=\"-0.075\"/>"
    "<body id=\"b\" mass=\"1\" q0=\"0.075\" v0=\"0.3\"/>"
    "<spring id=\"k\" a=\"a\" b=\"b\" k=\"100\" freeplay=\"0.05\"/>"
    "<simulation t-end=\"3\"/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.1, &error);
  double w = sqrt (100 / 0.5), s0 = 0.15 - 0.05, u0 = 0.3;
  /* engaged: x = s − Δ = s0·cos ωt + (u0/ω)·sin ωt reaches 0 when
   * ωt = π − atan(s0·ω/u0), with |s'| = √(u0² + s0²ω²) */
  double t_open = (G_PI - atan (s0 * w / u0)) / w;
  double speed = sqrt (u0 * u0 + s0 * s0 * w * w);
  LzEvent ev;

  g_assert_no_error (error);
  lz_trace_get_event (trace, 1, &ev);
  g_assert_cmpint (ev.from, ==, LZ_MODE_ENGAGED_POS);
  g_assert_cmpint (ev.to, ==, LZ_MODE_GAP);
  g_assert_cmpfloat_with_epsilon (ev.t, t_open, 1e-10);
  lz_trace_get_event (trace, 2, &ev);
  g_assert_cmpint (ev.to, ==, LZ_MODE_ENGAGED_NEG);
  g_assert_cmpfloat_with_epsilon (ev.t, t_open + 0.1 / speed, 1e-10);
  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, r, 0) + lz_trace_get_v (trace, r, 1), 0.3, 1e-9);
}

/* Time-stepping converges to the event-driven solution of B1 as h shrinks
 * (at least first order: the switches are found within a step). */
static void
test_event_timestep_agree (void)
{
  g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) exact = run (model, 1.0, &error);
  double x_ref, previous = INFINITY;

  g_assert_no_error (error);
  x_ref = lz_trace_get_q (exact, last_row (exact), 0);
  for (double h = 4e-3; h >= 0.9e-3; h /= 2)
    {
      g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
      g_autoptr(LzTrace) trace = lz_trace_new (model);
      g_autoptr(LzIntegrator) ts = NULL;
      LzIntegratorOptions options;
      double err;

      lz_integrator_options_init (&options);
      options.dt = h;
      options.sample = 1.0;
      ts = lz_integrator_new (lz_integrator_timestep, as, &options, NULL);
      while (lz_integrator_step (ts, INFINITY, trace, NULL) <= LZ_STEP_EVENT)
        ;
      err = fabs (lz_trace_get_q (trace, last_row (trace), 0) - x_ref);
      g_test_message ("h = %g: |x(100) − x_event(100)| = %.3g", h, err);
      g_assert_cmpfloat (err, <, 100 * h);
      g_assert_cmpfloat (err, <, previous / 1.8);
      previous = err;
    }
}

/* Elastic impacts (e = 1) on a shaking floor: the floor's impulses do
 * work (a work of the sources), the impacts dissipate nothing, and the
 * balance closes. */
static void
test_event_moving_limit (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='floor' motion='0.01*sin(10*t)'/>"
    "<body id='m' mass='1' q0='0.1'/><force id='w' body='m' value='-9.81'/>"
    "<stop id='s' a='floor' b='m' lower='0' upper='inf' restitution='1'/>"
    "<simulation t-end='3'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = run (model, 0.01, &error);
  LzEnergy energy;
  guint impacts = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      impacts += ev.cause == LZ_CAUSE_IMPACT;
    }
  lz_trace_get_energy (trace, lz_trace_get_n_samples (trace) - 1, &energy);
  g_test_message ("%u impacts, impact dissipation %.2e J, balance error %.2e J, floor work %.3f J",
                  impacts, energy.impacts, energy.balance_error, energy.sources);
  g_assert_cmpuint (impacts, >, 3);
  g_assert_cmpfloat (fabs (energy.impacts), <=, 1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/event/moving-limit", test_event_moving_limit);
  g_test_add_func ("/lz/event/b1-friction-oscillator", test_event_b1);
  g_test_add_func ("/lz/event/b2-two-carts", test_event_b2);
  g_test_add_func ("/lz/event/b3-bouncing-mass", test_event_b3);
  g_test_add_func ("/lz/event/freeplay-oscillator", test_event_freeplay);
  g_test_add_func ("/lz/event/oscillators", test_event_oscillators);
  g_test_add_func ("/lz/event/viscous-dry-friction", test_event_viscous_dry);
  g_test_add_func ("/lz/event/two-carts-selection", test_event_two_carts_selection);
  g_test_add_func ("/lz/event/freeplay-pair", test_event_freeplay_pair);
  g_test_add_func ("/lz/event/timestep-agrees", test_event_timestep_agree);
  g_test_add_func ("/lz/event/errors", test_event_errors);
  return g_test_run ();
}
