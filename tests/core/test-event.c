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
  LzIntegratorOptions options;

  lz_integrator_options_init (&options);
  options.sample = sample;
  return run_options (model, lz_integrator_event, &options, NULL, error);
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

/* What the event-driven method still refuses on massless bodies, each
 * message naming the element and the body (a massless body's springs with
 * freeplay and stops without damping it takes: see the massless tests
 * below; damped friction on a massless body is paper 003's non-inertial
 * element, see test-simplify):
 *  - a stop on a damped massless body (it moves by C ż = …);
 *  - a massless body that only springs with freeplay and stops hold (every
 *    position inside the freeplay balances);
 *  - stops or dry friction tying a massless body to two different bodies
 *    or grounds (they limit the bodies with mass through it: impacts, or
 *    hold them) but for two stops with one limit each alone on it, or a
 *    stop with one limit to a body with mass and friction to the other
 *    anchor (a through-stop, see massless-through-stop and
 *    massless-through-friction);
 *  - dry friction on an undamped massless body. */
static void
test_event_errors (void)
{
  const struct
  {
    const char *elements;
    const char *words[5];
  } cases[] = {
    /* held by nothing linear while the freeplay is slack, the stop free
     * or the friction slipping */
    { "<spring id='k' a='pad' b='m' k='10' freeplay='0.05'/>"
      "<stop id='f' a='wall' b='pad' lower='-0.1' upper='0.1'/>",
      { "“pad”", "“k”, “f”", "not held", "linear spring" } },
    { "<friction id='f' a='wall' b='pad' level='1'/><spring id='k' a='pad' b='m' k='10' freeplay='0.05'/>",
      { "“pad”", "“f”, “k”", "not held", "dry friction slipping" } },
    /* stops (or a stuck friction) tying a massless body to two anchors —
     * one-sided each and alone on it, two stops are a through-stop (see
     * massless-through-stop); not a stop with two limits */
    { "<spring id='k' a='pad' b='m' k='10'/><spring id='k2' a='wall' b='pad' k='10'/>"
      "<stop id='f' a='wall' b='pad' lower='-0.1' upper='0.3'/><stop id='f2' a='m' b='pad' upper='0.1'/>",
      { "“pad”", "“f”", "“f2”", "time-stepping" } },
    { "<spring id='k' a='pad' b='m' k='10'/><damper id='c' a='wall' b='pad' c='1'/>"
      "<stop id='f' a='wall' b='pad' lower='-0.1' upper='0.3'/><stop id='f2' a='m' b='pad' upper='0.1'/>",
      { "“pad”", "“f”", "“f2”", "time-stepping" } },
    /* dry friction from it to a body with mass, a stop to the wall (a stop
     * to the body with mass and friction to the wall is a through friction) */
    { "<spring id='k' a='pad' b='m' k='10'/><spring id='k2' a='wall' b='pad' k='10'/>"
      "<friction id='f' a='m' b='pad' level='1'/><stop id='f2' a='wall' b='pad' upper='0.1'/>",
      { "“pad”", "“f”", "“f2”", "holds while it sticks", "tied through it" } },
    /* dry friction on a damped massless body to two anchors */
    { "<spring id='k' a='pad' b='m' k='10'/><damper id='c' a='wall' b='pad' c='1'/>"
      "<friction id='f' a='wall' b='pad' level='1'/><friction id='f2' a='m' b='pad' level='1'/>",
      { "“pad”", "“f”", "“f2”", "holds while it sticks", "tied through it" } },
    /* a bearing to a body with mass on a body with a stop to the wall */
    { "<spring id='k' a='pad' b='m' k='10'/><friction id='f' a='m' b='pad' level='1' viscous='2'/>"
      "<stop id='s' a='wall' b='pad' upper='0.1'/>",
      { "“pad”", "“f”", "“s”", "“m”", "time-stepping" } },
    /* two stops on a bearing's body, to the wall and to a body with mass:
     * a through-stop, but the bearing would hold the body with mass */
    { "<spring id='k' a='pad' b='m' k='10'/><friction id='f' a='wall' b='pad' level='1' viscous='2'/>"
      "<stop id='s' a='wall' b='pad' lower='-0.1'/><stop id='s2' a='m' b='pad' upper='0.1'/>",
      { "“pad”", "“f”", "“s2”", "holds while it sticks", "time-stepping" } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1'/>"
        "<body id='pad' mass='0'/>%s<simulation t-end='1'/></luztar-model>", cases[c].elements);
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 0.1, &error);

      g_assert_null (trace);
      g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
      g_test_message ("%s", error->message);
      for (guint w = 0; w < G_N_ELEMENTS (cases[c].words); w++)
        g_assert_true (cases[c].words[w] == NULL || strstr (error->message, cases[c].words[w]) != NULL);
    }
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
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_test_message ("%u impacts, impact dissipation %.2e J, balance error %.2e J, floor work %.3f J",
                  impacts, energy.impacts, energy.balance_error, energy.sources);
  g_assert_cmpuint (impacts, >, 3);
  g_assert_cmpfloat (fabs (energy.impacts), <=, 1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

/* ------------------------------------------------------------------------ */
/* Massless bodies with springs with freeplay and stops: the body an
 * algebraic unknown of a static complementarity problem (lz-event.c)      */

static LzTrace *
run_with (LzModel                *model,
          const LzIntegratorType *type,
          double                  t_end,
          double                  dt,
          double                  theta,
          double                  sample)
{
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  gboolean closed_form = TRUE;
  LzTrace *trace;

  lz_integrator_options_init (&options);
  options.sample = sample;
  options.t_end = t_end;
  options.dt = dt;
  options.theta = theta;
  trace = run_options (model, type, &options, &closed_form, &error);
  g_assert_no_error (error);
  /* taken as it is, not through a closed form (lz-joints.c) */
  g_assert_false (closed_form);
  return trace;
}

static guint
element_index (const LzModel *model,
               const char    *id)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (strcmp (lz_model_get_element (model, e)->item.id, id) == 0)
      return e;
  g_assert_not_reached ();
  return 0;
}

/* Moves *R on to the row of TRACE at time T (rows in time order, R only
 * grows); whether there is one. */
static gboolean
row_at (const LzTrace *trace,
        guint         *r,
        double         t)
{
  while (*r < lz_trace_get_n_samples (trace) && lz_trace_get_time (trace, *r) < t - 1e-9)
    (*r)++;
  return *r < lz_trace_get_n_samples (trace) && fabs (lz_trace_get_time (trace, *r) - t) <= 1e-9;
}

/* The largest |q_a − q_b| of body I at the sample times of B (every
 * SAMPLE) that A has too, up to T_MAX. */
static double
trace_difference (const LzTrace *a,
                  const LzTrace *b,
                  guint          i,
                  double         t_max)
{
  guint j = 0;
  double worst = 0;

  for (guint r = 0; r < lz_trace_get_n_samples (b); r++)
    {
      double t = lz_trace_get_time (b, r);

      if (t > t_max)
        break;
      if (row_at (a, &j, t))
        worst = MAX (worst, fabs (lz_trace_get_q (a, j, i) - lz_trace_get_q (b, r, i)));
    }
  return worst;
}

/* The pad model in closed form.  Off the stops (region 0) the pad's spring
 * k1 is slack — the pad follows the mass, pad = x — and the mass swings on
 * k0 alone about 0; on a stop (region ∓1) the pad stays at the limit and
 * the mass swings on k0 + k1 about k1·limit/(k0 + k1).  Each arc is
 * x = c + (x0 − c) cos ωτ + (v0/ω) sin ωτ = c + R cos(ωτ − φ) until x
 * reaches the arc's limit. */
typedef struct
{
  double k0, k1, m, lo, hi;
  guint  n;
  double t[64], x0[64], v0[64];
  int    region[64];
} PadArcs;

static void
pad_arc_params (const PadArcs *p,
                int            region,
                double        *c,
                double        *w)
{
  *w = sqrt ((region == 0 ? p->k0 : p->k0 + p->k1) / p->m);
  *c = region == 0 ? 0 : p->k1 * (region < 0 ? p->lo : p->hi) / (p->k0 + p->k1);
}

static void
pad_arc_eval (const PadArcs *p,
              guint          k,
              double         t,
              double        *x,
              double        *v)
{
  double c, w, tau = t - p->t[k];

  pad_arc_params (p, p->region[k], &c, &w);
  *x = c + (p->x0[k] - c) * cos (w * tau) + p->v0[k] / w * sin (w * tau);
  *v = -(p->x0[k] - c) * w * sin (w * tau) + p->v0[k] * cos (w * tau);
}

static void
pad_arcs_build (PadArcs *p,
                double   x0,
                double   t_end)
{
  p->n = 1;
  p->t[0] = 0;
  p->x0[0] = x0;
  p->v0[0] = 0;
  p->region[0] = x0 < p->lo ? -1 : x0 > p->hi ? 1 : 0;
  while (p->n < G_N_ELEMENTS (p->t))
    {
      guint k = p->n - 1;
      double c, w, R, phi, best = INFINITY;
      double limits[2] = { p->lo, p->hi };
      int next = 0;

      pad_arc_params (p, p->region[k], &c, &w);
      R = hypot (p->x0[k] - c, p->v0[k] / w);
      phi = atan2 (p->v0[k] / w, p->x0[k] - c);
      for (guint l = 0; l < 2; l++)
        {
          double kappa = (limits[l] - c) / R;

          if ((p->region[k] == -1 && l == 1) || (p->region[k] == 1 && l == 0) || fabs (kappa) > 1)
            continue;
          for (int s = -1; s <= 1; s += 2)
            for (int turn = -1; turn <= 2; turn++)
              {
                double tau = (phi + s * acos (kappa) + 2 * G_PI * turn) / w;

                if (tau > 1e-9 && tau < best)
                  {
                    best = tau;
                    next = p->region[k] != 0 ? 0 : l == 0 ? -1 : 1;
                  }
              }
        }
      if (!(p->t[k] + best < t_end))
        break;
      p->t[p->n] = p->t[k] + best;
      pad_arc_eval (p, k, p->t[p->n], &p->x0[p->n], &p->v0[p->n]);
      p->region[p->n] = next;
      p->n++;
    }
}

/* (1) A massless pad between a mass (spring k1) and two stops: against the
 * closed form above at every sample and event, against time-stepping (the
 * pad an unknown of every step's LCP); the contact force ≥ 0, the gap ≥ 0
 * and their product 0 at every sample; no impact, the energy balance
 * closed. */
static void
test_event_massless_pad_stop (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-pad-stop.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  guint im = lz_model_get_body_index (model, "m"), ip = lz_model_get_body_index (model, "pad");
  guint es = element_index (model, "s");
  PadArcs arcs = { 100, 400, 1, -0.04, 0.07, 0 };
  double err_x = 0, err_pad = 0, err_t = 0, err_force = 0, worst_force = 0, worst_gap = 0;
  double worst_product = 0, d1, d2;
  guint k = 0, n_switch = 0;
  LzEnergy energy;

  pad_arcs_build (&arcs, 0.1, 5);
  g_assert_cmpuint (arcs.n, >, 15);
  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double t = lz_trace_get_time (trace, r), x, v, pad, g, lambda;

      while (k + 1 < arcs.n && arcs.t[k + 1] <= t)
        k++;
      pad_arc_eval (&arcs, k, t, &x, &v);
      pad = CLAMP (x, arcs.lo, arcs.hi);
      err_x = MAX (err_x, fabs (lz_trace_get_q (trace, r, im) - x));
      err_pad = MAX (err_pad, fabs (lz_trace_get_q (trace, r, ip) - pad));
      /* the stop's force is −λ (λ ≥ 0 pushes up at the lower limit, down
       * at the upper one), its gap the distance to the nearer limit */
      g = lz_trace_get_g (trace, r, es);
      lambda = g < 0.5 * (arcs.lo + arcs.hi) ? -lz_trace_get_force (trace, r, es)
               : lz_trace_get_force (trace, r, es);
      g = MIN (g - arcs.lo, arcs.hi - g);
      worst_force = MIN (worst_force, lambda);
      worst_gap = MIN (worst_gap, g);
      worst_product = MAX (worst_product, fabs (lambda * g));
      /* the stop holds what the pad's spring pulls: k1·|x − limit| */
      err_force = MAX (err_force, fabs (lambda - arcs.k1 * (x < arcs.lo ? arcs.lo - x
                                                            : x > arcs.hi ? x - arcs.hi : 0)));
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpuint (ev.element, ==, es);
      if (ev.cause == LZ_CAUSE_INITIAL)
        {
          g_assert_cmpint (ev.to, ==, LZ_MODE_CONTACT);
          continue;
        }
      n_switch++;
      g_assert_cmpuint (n_switch, <, arcs.n);
      err_t = MAX (err_t, fabs (ev.t - arcs.t[n_switch]));
      /* onto a stop: no impact — the pad has no momentum */
      g_assert_cmpint (ev.cause, ==, ev.to == LZ_MODE_CONTACT ? LZ_CAUSE_MASSLESS_CONTACT
                                     : LZ_CAUSE_LIFT_OFF);
      g_assert_cmpint (ev.to, ==, arcs.region[n_switch] != 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE);
    }
  g_assert_cmpuint (n_switch, ==, arcs.n - 1);
  lz_trace_get_energy (trace, last_row (trace), &energy);

  /* time-stepping: θ = 1 (with θ = ½ the massless pad's velocity is not
   * damped and the stop's activation test misses the pad), first order:
   * halving h halves the difference */
  {
    g_autoptr(LzTrace) ts1 = run_with (model, lz_integrator_timestep, 2, 1e-5, 1, 1e-3);
    g_autoptr(LzTrace) ts2 = run_with (model, lz_integrator_timestep, 2, 2e-5, 1, 1e-3);

    d1 = trace_difference (trace, ts1, im, 2);
    d2 = trace_difference (trace, ts2, im, 2);
  }
  g_test_message ("pad between stops: %u switches; |event − closed form| %.2e m (mass), %.2e m (pad), "
                  "%.2e s (switch times), %.2e N (contact force); contact force ≥ %.1e N, gap ≥ %.1e m, "
                  "|λ·gap| ≤ %.1e; "
                  "energy balance %.1e J, impacts %g J; |event − time-stepping θ = 1| to 2 s: "
                  "%.2e m (h = 1e-5), %.2e m (h = 2e-5)",
                  n_switch, err_x, err_pad, err_t, err_force, worst_force, worst_gap, worst_product,
                  energy.balance_error, energy.impacts, d1, d2);
  g_assert_cmpfloat (err_x, <=, 1e-9);
  g_assert_cmpfloat (err_pad, <=, 1e-9);
  g_assert_cmpfloat (err_t, <=, 1e-10);
  g_assert_cmpfloat (err_force, <=, 1e-6);
  g_assert_cmpfloat (worst_force, >=, -1e-12);
  g_assert_cmpfloat (worst_gap, >=, -1e-12);
  g_assert_cmpfloat (worst_product, <=, 1e-12);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.impacts, ==, 0);
  g_assert_cmpfloat (d1, <=, 2e-3);
  g_assert_cmpfloat (d2 / d1, >, 1.7);
  g_assert_cmpfloat (d2 / d1, <, 2.3);
}

/* (2) A massless node between a spring k1 to the mass and two springs to
 * the wall in parallel, k2 linear and k3 with freeplay Δ: the node
 * balance (k1 + k2) z + k3 luz(z, Δ) = k1 x is paper 000's linear spring
 * in parallel with a spring with freeplay (Theorem 3.8 with no tar jump,
 * lz_disentangle_parallel()): z = talu(S, Δ, (γ + 1)Δ)/(γ + 1) with
 * S = k1 x/(k1 + k2), γ = k3/(k1 + k2), at every sample; the freeplay's
 * switches where |z| = Δ; against time-stepping. */
static void
test_event_massless_node_freeplay (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-node-freeplay.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  guint im = lz_model_get_body_index (model, "m"), iz = lz_model_get_body_index (model, "node");
  guint e3 = element_index (model, "k3");
  double k1 = 200, k2 = 50, k3 = 300, delta = 0.03;
  double err_z = 0, err_ts_z = 0, err_boundary = 0, d;
  guint n_switch = 0, n_engaged = 0, j = 0;
  LzEnergy energy;

  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double x = lz_trace_get_q (trace, r, im), t = lz_trace_get_time (trace, r);
      double z = lz_disentangle_parallel (k1 * x / (k1 + k2), delta, k3 / (k1 + k2));
      LzMode mode = lz_trace_get_mode (trace, r, e3);

      err_z = MAX (err_z, fabs (lz_trace_get_q (trace, r, iz) - z));
      if (fabs (fabs (z) - delta) > 1e-9)
        g_assert_cmpint (mode, ==, z > delta ? LZ_MODE_ENGAGED_POS : z < -delta ? LZ_MODE_ENGAGED_NEG
                                   : LZ_MODE_GAP);
      n_engaged += mode != LZ_MODE_GAP;
      /* time-stepping's node, at its own mass position */
      while (j < lz_trace_get_n_samples (ts) && lz_trace_get_time (ts, j) < t - 1e-9)
        j++;
      if (j < lz_trace_get_n_samples (ts) && fabs (lz_trace_get_time (ts, j) - t) <= 1e-9)
        {
          double xs = lz_trace_get_q (ts, j, im);

          err_ts_z = MAX (err_ts_z, fabs (lz_trace_get_q (ts, j, iz)
                                          - lz_disentangle_parallel (k1 * xs / (k1 + k2), delta,
                                                                k3 / (k1 + k2))));
        }
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;
      guint row;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpuint (ev.element, ==, e3);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      g_assert_cmpint (ev.cause, ==, LZ_CAUSE_BOUNDARY);
      n_switch++;
      /* at the boundary |z| = Δ, i.e. the mass at ±Δ (k1 + k2)/k1 */
      row = lz_trace_find_time (trace, ev.t);
      g_assert_cmpfloat (lz_trace_get_time (trace, row), ==, ev.t);
      err_boundary = MAX (err_boundary, fabs (fabs (lz_trace_get_q (trace, row, iz)) - delta));
      err_boundary = MAX (err_boundary, fabs (fabs (lz_trace_get_q (trace, row, im)) - delta * (k1 + k2) / k1)
                                        * k1 / (k1 + k2));
    }
  d = trace_difference (trace, ts, im, 5);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_test_message ("node with a progressive spring: %u switches, %u engaged rows of %u; "
                  "|z − closed form(x)| %.2e m (event), %.2e m (time-stepping h = 1e-5); "
                  "|z| − Δ at the switches %.2e m; |event − time-stepping| %.2e m (mass); "
                  "energy balance %.1e J",
                  n_switch, n_engaged, lz_trace_get_n_samples (trace), err_z, err_ts_z, err_boundary,
                  d, energy.balance_error);
  g_assert_cmpuint (n_switch, >=, 20);
  g_assert_cmpuint (n_engaged, >, 100);
  g_assert_cmpuint (n_engaged, <, lz_trace_get_n_samples (trace) - 100);
  g_assert_cmpfloat (err_z, <=, 1e-12);
  g_assert_cmpfloat (err_boundary, <=, 1e-10);
  g_assert_cmpfloat (err_ts_z, <=, 1e-4);
  g_assert_cmpfloat (d, <=, 1e-7);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

/* Two massless nodes, a spring with freeplay between them, a stop from the
 * first to a mass and one from the second to a moving wall, a force on the
 * second mass: at every sample each node balances (the element forces on
 * it sum to 0), every stop has gap ≥ 0, contact force ≥ 0 and their
 * product 0, the freeplay's mode fits its coordinate; the energy balance
 * closes.  (An independent reference — RK4 on the masses with the node
 * problem solved by enumerating its modes — agrees to 1e-8 m.) */
static void
test_event_massless_chain (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall' motion='0.02*sin(7*t)'/>"
    "<body id='m' mass='1' q0='0.1'/><body id='m2' mass='2' q0='-0.05'/>"
    "<body id='z1' mass='0' q0='0.1'/><body id='z2' mass='0'/>"
    "<spring id='k0' a='wall' b='m' k='100'/><spring id='ka' a='m' b='z1' k='300'/>"
    "<spring id='kb' a='z1' b='z2' k='200' freeplay='0.01'/><spring id='kc' a='z2' b='m2' k='150'/>"
    "<spring id='kd' a='wall' b='z2' k='50'/><spring id='ke' a='wall' b='m2' k='80'/>"
    "<stop id='s1' a='m' b='z1' lower='-0.02' upper='0.03'/>"
    "<stop id='s2' a='wall' b='z2' lower='-0.03'/>"
    "<force id='F' body='m2' value='3*sin(2*t)'/><simulation t-end='5'/></luztar-model>");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-3, 0.5, 1e-3);
  guint ne = lz_model_get_n_elements (model), contacts = 0;
  guint iz[2] = { lz_model_get_body_index (model, "z1"), lz_model_get_body_index (model, "z2") };
  double residual = 0, worst_gap = 0, worst_force = 0, worst_product = 0;
  LzEnergy energy;

  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double sum[2] = { 0, 0 }, scale = 1e-300;

      for (guint e = 0; e < ne; e++)
        {
          const LzElement *el = lz_model_get_element (model, e);
          double T = lz_trace_get_force (trace, r, e), g = lz_trace_get_g (trace, r, e);

          /* +T on port a, −T on port b (all coefficients 1) */
          for (guint k = 0; k < 2; k++)
            {
              const char *id = lz_model_get_body (model, iz[k])->item.id;

              if (g_strcmp0 (el->a, id) == 0)
                sum[k] += T;
              if (g_strcmp0 (el->b, id) == 0)
                sum[k] -= T;
            }
          scale = MAX (scale, fabs (T));
          if (el->item.kind == LZ_ITEM_STOP)
            {
              double lo = g - el->stop.lower, hi = el->stop.upper - g;
              double lambda = lo < hi ? -T : T;

              worst_gap = MIN (worst_gap, MIN (lo, hi));
              worst_force = MIN (worst_force, lambda);
              worst_product = MAX (worst_product, fabs (lambda * MIN (lo, hi)));
            }
          else if (strcmp (el->item.id, "kb") == 0 && fabs (fabs (g) - 0.01) > 1e-9)
            g_assert_cmpint (lz_trace_get_mode (trace, r, e), ==,
                             g > 0.01 ? LZ_MODE_ENGAGED_POS : g < -0.01 ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP);
        }
      residual = MAX (residual, MAX (fabs (sum[0]), fabs (sum[1])) / scale);
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpint (ev.cause, !=, LZ_CAUSE_IMPACT);
      contacts += ev.cause == LZ_CAUSE_MASSLESS_CONTACT;
    }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_test_message ("massless chain: %u events (%u massless contacts); node balance %.1e (relative), "
                  "gap ≥ %.1e m, contact force ≥ %.1e N, |λ·gap| ≤ %.1e; energy balance %.1e J",
                  lz_trace_get_n_events (trace), contacts, residual, worst_gap, worst_force,
                  worst_product, energy.balance_error);
  g_assert_cmpuint (contacts, >=, 10);
  g_assert_cmpfloat (residual, <=, 1e-12);
  g_assert_cmpfloat (worst_gap, >=, -1e-12);
  g_assert_cmpfloat (worst_force, >=, -1e-12);
  g_assert_cmpfloat (worst_product, <=, 1e-12);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}


/* ------------------------------------------------------------------------ */
/* Damped massless bodies with stops and springs with freeplay (first
 * order, C ż = F) and undamped ones with dry friction (rigid-plastic)      */

/* RK4 of the pad model with the stop (the sweeping process: on a limit ż
 * = 0 while the spring pushes into it), h = 1e-6: x, v, z at the grid
 * times k·SAMPLE, the switch times (interpolated within the step) and
 * ∫ c ż² dt. */
typedef struct
{
  double m, k0, k1, c, lo, hi, amp, om;
  double x, v, z;
  int    region;                /* −1, 0, 1 */
} DampedPad;

static void
damped_pad_field (const DampedPad *p,
                  double           t,
                  double           x,
                  double           v,
                  double           z,
                  int              region,
                  double          *dx,
                  double          *dv,
                  double          *dz)
{
  *dx = v;
  *dv = (-p->k0 * x - p->k1 * (x - z) + p->amp * sin (p->om * t)) / p->m;
  *dz = region != 0 ? 0 : p->k1 * (x - z) / p->c;
}

static void
damped_pad_step (DampedPad *p,
                 double     t,
                 double     h,
                 double    *dissipated)
{
  double k[4][3], x = p->x, v = p->v, z = p->z;

  damped_pad_field (p, t, x, v, z, p->region, &k[0][0], &k[0][1], &k[0][2]);
  damped_pad_field (p, t + h / 2, x + h / 2 * k[0][0], v + h / 2 * k[0][1], z + h / 2 * k[0][2],
                    p->region, &k[1][0], &k[1][1], &k[1][2]);
  damped_pad_field (p, t + h / 2, x + h / 2 * k[1][0], v + h / 2 * k[1][1], z + h / 2 * k[1][2],
                    p->region, &k[2][0], &k[2][1], &k[2][2]);
  damped_pad_field (p, t + h, x + h * k[2][0], v + h * k[2][1], z + h * k[2][2], p->region,
                    &k[3][0], &k[3][1], &k[3][2]);
  p->x += h / 6 * (k[0][0] + 2 * k[1][0] + 2 * k[2][0] + k[3][0]);
  p->v += h / 6 * (k[0][1] + 2 * k[1][1] + 2 * k[2][1] + k[3][1]);
  p->z += h / 6 * (k[0][2] + 2 * k[1][2] + 2 * k[2][2] + k[3][2]);
  *dissipated += h / 6 * p->c * (k[0][2] * k[0][2] + 2 * k[1][2] * k[1][2] + 2 * k[2][2] * k[2][2]
                                 + k[3][2] * k[3][2]);
}

/* (A) A pad without mass on a damper to the wall, pulled by a spring k1
 * from a driven mass on k0, with a stop: off the stop ż = k1 (x − z)/c,
 * on it z = limit until the spring pulls it off.  Against RK4 of that
 * (h = 1e-6, each switch located inside its step), against time-stepping
 * θ = ½; the contact force ≥ 0 and the gap ≥ 0, no impact, the energy
 * balance closed with the damper's dissipation. */
static void
test_event_massless_damped_pad (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-damped-pad-stop.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts2 = run_with (model, lz_integrator_timestep, 5, 2e-5, 0.5, 1e-3);
  guint im = lz_model_get_body_index (model, "m"), ip = lz_model_get_body_index (model, "pad");
  guint es = element_index (model, "s");
  DampedPad p = { 1, 100, 400, 20, -0.03, 0.05, 8, 3, 0.1, 0, 0, 0 };
  const double h = 1e-6;
  double ref_t[64], dissipated = 0, err_x = 0, err_z = 0, err_t = 0;
  double worst_force = 0, worst_gap = 0, worst_product = 0, d1, d2, dz;
  guint n_ref = 0, n_switch = 0, r = 0;
  LzEnergy energy;

  /* the reference, compared on the sample grid */
  for (guint step = 0; step <= 5000000; step++)
    {
      double t = step * h;

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            {
              err_x = MAX (err_x, fabs (lz_trace_get_q (trace, r, im) - p.x));
              err_z = MAX (err_z, fabs (lz_trace_get_q (trace, r, ip) - p.z));
            }
        }
      if (step == 5000000)
        break;
      {
        DampedPad before = p;
        double dis = dissipated;

        damped_pad_step (&p, t, h, &dissipated);
        if (p.region == 0 && (p.z < p.lo || p.z > p.hi))
          {
            /* onto the limit within the step: redo in two parts */
            double lim = p.z < p.lo ? p.lo : p.hi, s = (lim - before.z) / (p.z - before.z);

            p = before;
            dissipated = dis;
            damped_pad_step (&p, t, s * h, &dissipated);
            p.z = lim;
            p.region = lim == p.lo ? -1 : 1;
            damped_pad_step (&p, t + s * h, (1 - s) * h, &dissipated);
            if (n_ref < G_N_ELEMENTS (ref_t))
              ref_t[n_ref++] = t + s * h;
          }
        else if (p.region != 0 && (p.region < 0 ? p.x > p.lo : p.x < p.hi))
          {
            /* the spring pulls it off within the step */
            double lim = p.region < 0 ? p.lo : p.hi, s = (lim - before.x) / (p.x - before.x);

            p = before;
            dissipated = dis;
            damped_pad_step (&p, t, s * h, &dissipated);
            p.region = 0;
            damped_pad_step (&p, t + s * h, (1 - s) * h, &dissipated);
            if (n_ref < G_N_ELEMENTS (ref_t))
              ref_t[n_ref++] = t + s * h;
          }
      }
    }
  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    {
      double g = lz_trace_get_g (trace, i, es), lambda;

      lambda = g < 0.5 * (p.lo + p.hi) ? -lz_trace_get_force (trace, i, es) : lz_trace_get_force (trace, i, es);
      g = MIN (g - p.lo, p.hi - g);
      worst_force = MIN (worst_force, lambda);
      worst_gap = MIN (worst_gap, g);
      worst_product = MAX (worst_product, fabs (lambda * g));
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpuint (ev.element, ==, es);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      g_assert_cmpint (ev.cause, ==, ev.to == LZ_MODE_CONTACT ? LZ_CAUSE_MASSLESS_CONTACT : LZ_CAUSE_LIFT_OFF);
      g_assert_cmpuint (n_switch, <, n_ref);
      err_t = MAX (err_t, fabs (ev.t - ref_t[n_switch]));
      n_switch++;
    }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  d1 = trace_difference (trace, ts, im, 5);
  d2 = trace_difference (trace, ts2, im, 5);
  dz = trace_difference (trace, ts, ip, 5);
  g_test_message ("damped pad on a stop: %u switches (reference %u); |event − RK4| %.2e m (mass), "
                  "%.2e m (pad), %.2e s (switch times); contact force ≥ %.1e N, gap ≥ %.1e m, "
                  "|λ·gap| ≤ %.1e; energy balance %.1e J, damper %.9f J (RK4 %.9f J), impacts %g J; "
                  "|event − time-stepping θ = ½| %.2e m (mass, h = 1e-5), %.2e m (h = 2e-5), "
                  "%.2e m (pad, h = 1e-5)",
                  n_switch, n_ref, err_x, err_z, err_t, worst_force, worst_gap, worst_product,
                  energy.balance_error, energy.damping, dissipated, energy.impacts, d1, d2, dz);
  g_assert_cmpuint (n_switch, >=, 12);
  g_assert_cmpuint (n_switch, ==, n_ref);
  g_assert_cmpfloat (err_x, <=, 1e-10);
  g_assert_cmpfloat (err_z, <=, 1e-10);
  g_assert_cmpfloat (err_t, <=, 1e-10);
  g_assert_cmpfloat (worst_force, >=, -1e-12);
  g_assert_cmpfloat (worst_gap, >=, -1e-12);
  g_assert_cmpfloat (worst_product, <=, 1e-12);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.impacts, ==, 0);
  g_assert_cmpfloat (fabs (energy.damping - dissipated), <=, 1e-9 * dissipated);
  g_assert_cmpfloat (d1, <=, 1e-5);
  g_assert_cmpfloat (dz, <=, 1e-5);
  g_assert_cmpfloat (d2, >, d1);
}

/* RK4 of the damped node: c ż = −k2 z + k1 luz(x − z, Δ),
 * m ẍ = −k0 x − k1 luz(x − z, Δ) + F sin ωt */
typedef struct
{
  double m, k0, k1, k2, c, delta, amp, om;
} DampedNode;

static void
damped_node_field (const DampedNode *p,
                   double            t,
                   const double     *y,
                   double           *dy)
{
  double T = p->k1 * lz_luz (y[0] - y[2], p->delta);

  dy[0] = y[1];
  dy[1] = (-p->k0 * y[0] - T + p->amp * sin (p->om * t)) / p->m;
  dy[2] = (-p->k2 * y[2] + T) / p->c;
}

static void
damped_node_step (const DampedNode *p,
                  double            t,
                  double            h,
                  double           *y)
{
  double k[4][3], yt[3];

  damped_node_field (p, t, y, k[0]);
  for (guint i = 0; i < 3; i++)
    yt[i] = y[i] + h / 2 * k[0][i];
  damped_node_field (p, t + h / 2, yt, k[1]);
  for (guint i = 0; i < 3; i++)
    yt[i] = y[i] + h / 2 * k[1][i];
  damped_node_field (p, t + h / 2, yt, k[2]);
  for (guint i = 0; i < 3; i++)
    yt[i] = y[i] + h * k[2][i];
  damped_node_field (p, t + h, yt, k[3]);
  for (guint i = 0; i < 3; i++)
    y[i] += h / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
}

/* (A') A node without mass on a damper and a spring to the wall, driven
 * through a spring with freeplay by a mass: a first-order coordinate whose
 * force is piecewise linear.  The freeplay's switches are events where
 * |x − z| = Δ; against RK4 of the piecewise ODE (h = 1e-6, each switch
 * located inside its step), against time-stepping; the energy balance. */
static void
test_event_massless_damped_freeplay (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-damped-node-freeplay.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  guint im = lz_model_get_body_index (model, "m"), iz = lz_model_get_body_index (model, "node");
  guint e1 = element_index (model, "k1");
  DampedNode p = { 1, 100, 300, 50, 5, 0.02, 6, 4 };
  const double h = 1e-6;
  double y[3] = { 0.1, 0, 0 }, ref_t[64], err_x = 0, err_z = 0, err_t = 0, err_boundary = 0, d, dz;
  guint n_ref = 0, n_switch = 0, r = 0;
  LzEnergy energy;

  for (guint step = 0; step <= 5000000; step++)
    {
      double t = step * h, s0, s1, y0[3];

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            {
              err_x = MAX (err_x, fabs (lz_trace_get_q (trace, r, im) - y[0]));
              err_z = MAX (err_z, fabs (lz_trace_get_q (trace, r, iz) - y[2]));
            }
        }
      if (step == 5000000)
        break;
      memcpy (y0, y, sizeof y);
      s0 = fabs (y[0] - y[2]) - p.delta;
      damped_node_step (&p, t, h, y);
      s1 = fabs (y[0] - y[2]) - p.delta;
      if ((s0 < 0) != (s1 < 0))
        {
          /* a kink of the field inside the step: split it there (secant) */
          double a = 0, b = 1, fa = s0, fb = s1, c = 0;

          for (int it = 0; it < 60 && b - a > 1e-14; it++)
            {
              double yc[3], fc;

              c = a + (b - a) * fa / (fa - fb);
              memcpy (yc, y0, sizeof yc);
              damped_node_step (&p, t, c * h, yc);
              fc = fabs (yc[0] - yc[2]) - p.delta;
              if ((fc < 0) == (fa < 0))
                {
                  a = c;
                  fa = fc;
                }
              else
                {
                  b = c;
                  fb = fc;
                }
              if (fc == 0)
                break;
            }
          memcpy (y, y0, sizeof y);
          damped_node_step (&p, t, c * h, y);
          damped_node_step (&p, t + c * h, (1 - c) * h, y);
          if (n_ref < G_N_ELEMENTS (ref_t))
            ref_t[n_ref++] = t + c * h;
        }
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;
      guint row;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpuint (ev.element, ==, e1);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      g_assert_cmpint (ev.cause, ==, LZ_CAUSE_BOUNDARY);
      g_assert_cmpuint (n_switch, <, n_ref);
      err_t = MAX (err_t, fabs (ev.t - ref_t[n_switch]));
      n_switch++;
      row = lz_trace_find_time (trace, ev.t);
      g_assert_cmpfloat (lz_trace_get_time (trace, row), ==, ev.t);
      err_boundary = MAX (err_boundary, fabs (fabs (lz_trace_get_g (trace, row, e1)) - p.delta));
      err_boundary = MAX (err_boundary, fabs (fabs (lz_trace_get_q (trace, row, im) - lz_trace_get_q (trace, row, iz))
                                              - p.delta));
    }
  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    {
      double g = lz_trace_get_q (trace, i, im) - lz_trace_get_q (trace, i, iz);

      if (fabs (fabs (g) - p.delta) > 1e-9)
        g_assert_cmpint (lz_trace_get_mode (trace, i, e1), ==,
                         g > p.delta ? LZ_MODE_ENGAGED_POS : g < -p.delta ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP);
    }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  d = trace_difference (trace, ts, im, 5);
  dz = trace_difference (trace, ts, iz, 5);
  g_test_message ("damped node with freeplay: %u switches (reference %u); |event − RK4| %.2e m (mass), "
                  "%.2e m (node), %.2e s (switch times); ||x − z| − Δ| at the switches %.2e m; "
                  "energy balance %.1e J (damper %.4f J); |event − time-stepping θ = ½, h = 1e-5| "
                  "%.2e m (mass), %.2e m (node)",
                  n_switch, n_ref, err_x, err_z, err_t, err_boundary, energy.balance_error, energy.damping,
                  d, dz);
  g_assert_cmpuint (n_switch, >=, 12);
  g_assert_cmpuint (n_switch, ==, n_ref);
  g_assert_cmpfloat (err_x, <=, 1e-10);
  g_assert_cmpfloat (err_z, <=, 1e-10);
  g_assert_cmpfloat (err_t, <=, 1e-10);
  g_assert_cmpfloat (err_boundary, <=, 1e-10);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.damping, >, 0.1);
  g_assert_cmpfloat (d, <=, 1e-5);
  g_assert_cmpfloat (dz, <=, 1e-5);
}

/* (B) A mass on a spring to the wall, driven by a force, pulls through a
 * spring k a node without mass that dry friction F0 (no viscosity) holds
 * to the ground: rigid-plastic, the limit k → ∞ of paper 000's Theorem
 * 3.9.  The node is the play operator of half-width r = F0/k applied to
 * the mass's x: z = min(x + r, max(x − r, z_before)) — exact on the
 * trace's rows, which include every switch (a slip ends where ẋ = 0, the
 * turning point).  The switches: stick → slip where |k(x − z)| = F0 (force
 * limit), slip → stick where ẋ = 0 (velocity zero); the friction
 * dissipates F0·Σ|Δz|; against time-stepping. */
static void
test_event_massless_play (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-play-operator.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  guint im = lz_model_get_body_index (model, "m"), iz = lz_model_get_body_index (model, "node");
  guint ef = element_index (model, "f");
  double k = 200, F0 = 3, rr = F0 / k, zp = 0, slid = 0, err_z = 0, err_force = 0, err_v = 0;
  double err_mode = 0, d, dz;
  guint n_stick = 0, n_slip = 0, n_slip_rows = 0;
  LzEnergy energy;

  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    {
      double x = lz_trace_get_q (trace, i, im), z = lz_trace_get_q (trace, i, iz);
      double zn = MIN (x + rr, MAX (x - rr, zp));
      LzMode mode = lz_trace_get_mode (trace, i, ef);

      slid += fabs (zn - zp);
      zp = zn;
      err_z = MAX (err_z, fabs (z - zn));
      /* slipping, the friction force is ±F0 and the node at x ∓ r */
      if (mode == LZ_MODE_SLIP_POS || mode == LZ_MODE_SLIP_NEG)
        {
          n_slip_rows++;
          err_mode = MAX (err_mode, fabs (lz_trace_get_force (trace, i, ef)
                                          - (mode == LZ_MODE_SLIP_POS ? F0 : -F0)));
        }
      else
        g_assert_cmpfloat (fabs (lz_trace_get_force (trace, i, ef)), <=, F0 * (1 + 1e-12));
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;
      guint row;
      double x, z;

      lz_trace_get_event (trace, i, &ev);
      g_assert_cmpuint (ev.element, ==, ef);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      row = lz_trace_find_time (trace, ev.t);
      g_assert_cmpfloat (lz_trace_get_time (trace, row), ==, ev.t);
      x = lz_trace_get_q (trace, row, im);
      z = lz_trace_get_q (trace, row, iz);
      if (ev.to == LZ_MODE_STICK)
        {
          g_assert_cmpint (ev.cause, ==, LZ_CAUSE_VELOCITY_ZERO);
          n_stick++;
          err_v = MAX (err_v, fabs (lz_trace_get_v (trace, row, im)));
        }
      else
        {
          g_assert_cmpint (ev.cause, ==, LZ_CAUSE_FORCE_LIMIT);
          g_assert_cmpint (ev.from, ==, LZ_MODE_STICK);
          g_assert_cmpint (ev.to, ==, k * (x - z) > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG);
          n_slip++;
          err_force = MAX (err_force, fabs (fabs (k * (x - z)) - F0));
        }
    }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  d = trace_difference (trace, ts, im, 5);
  dz = trace_difference (trace, ts, iz, 5);
  g_test_message ("play operator: %u slips, %u sticks, %u slipping rows; |z − play(x)| %.2e m; "
                  "||k(x − z)| − F0| at the slips %.2e N, |ẋ| at the sticks %.2e m/s, |F ∓ F0| slipping "
                  "%.1e N; friction %.10f J = F0·Σ|Δz| %.10f J; energy balance %.1e J; "
                  "|event − time-stepping θ = ½, h = 1e-5| %.2e m (mass), %.2e m (node)",
                  n_slip, n_stick, n_slip_rows, err_z, err_force, err_v, err_mode, energy.friction,
                  F0 * slid, energy.balance_error, d, dz);
  g_assert_cmpuint (n_slip, >=, 5);
  g_assert_cmpuint (n_stick, >=, 5);
  g_assert_cmpuint (n_slip_rows, >, 500);
  g_assert_cmpfloat (err_z, <=, 1e-12);
  g_assert_cmpfloat (err_force, <=, 1e-9);
  g_assert_cmpfloat (err_v, <=, 1e-9);
  g_assert_cmpfloat (err_mode, <=, 1e-12);
  g_assert_cmpfloat (fabs (energy.friction - F0 * slid), <=, 1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (d, <=, 1e-5);
  g_assert_cmpfloat (dz, <=, 1e-5);
}


/* A bearing's body with a spring with freeplay (a damped massless body
 * whose force is piecewise linear, in paper 003's bearing): against the
 * closed form of paper 000's Theorem 3.9, μ ż = k·luz(x − z, Δ + F0/k) =
 * 4 ż = 100·luz(0.05 sin 2t − z, 0.015), by RK4 (h = 1e-6, each kink
 * located inside its step). */
static void
test_event_massless_bearing_freeplay (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-spring-friction.luztar");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 10, 1e-4, 0.5, 1e-3);
  guint iz = lz_model_get_body_index (model, "z"), r = 0, n_events = 0;
  const double h = 1e-6;
  double z = 0, err = 0;
  LzEnergy energy;

  for (guint step = 0; step <= 10000000; step++)
    {
      double t = step * h, k[4], z0 = z, s0, s1;

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            err = MAX (err, fabs (lz_trace_get_q (trace, r, iz) - z));
        }
      if (step == 10000000)
        break;
#define BEARING_F(tt, zz) (25 * lz_luz (0.05 * sin (2 * (tt)) - (zz), 0.015))
      s0 = fabs (0.05 * sin (2 * t) - z) - 0.015;
      for (int part = 0; part < 2; part++)
        {
          double a = part == 0 ? t : t + h * 0.5, hh = h * 0.5;

          k[0] = BEARING_F (a, z);
          k[1] = BEARING_F (a + hh / 2, z + hh / 2 * k[0]);
          k[2] = BEARING_F (a + hh / 2, z + hh / 2 * k[1]);
          k[3] = BEARING_F (a + hh, z + hh * k[2]);
          z += hh / 6 * (k[0] + 2 * k[1] + 2 * k[2] + k[3]);
        }
      s1 = fabs (0.05 * sin (2 * (t + h)) - z) - 0.015;
      if ((s0 < 0) != (s1 < 0))
        {
          /* a kink inside the step: bisect for it, then two RK4 steps */
          double a = 0, b = 1;

          for (int it = 0; it < 60; it++)
            {
              double c = 0.5 * (a + b), zc = z0, hh = c * h, sc;

              k[0] = BEARING_F (t, zc);
              k[1] = BEARING_F (t + hh / 2, zc + hh / 2 * k[0]);
              k[2] = BEARING_F (t + hh / 2, zc + hh / 2 * k[1]);
              k[3] = BEARING_F (t + hh, zc + hh * k[2]);
              zc += hh / 6 * (k[0] + 2 * k[1] + 2 * k[2] + k[3]);
              sc = fabs (0.05 * sin (2 * (t + hh)) - zc) - 0.015;
              if ((sc < 0) == (s0 < 0))
                a = c;
              else
                b = c;
            }
          z = z0;
          for (int part = 0; part < 2; part++)
            {
              double tt = part == 0 ? t : t + a * h, hh = (part == 0 ? a : 1 - a) * h;

              k[0] = BEARING_F (tt, z);
              k[1] = BEARING_F (tt + hh / 2, z + hh / 2 * k[0]);
              k[2] = BEARING_F (tt + hh / 2, z + hh / 2 * k[1]);
              k[3] = BEARING_F (tt + hh, z + hh * k[2]);
              z += hh / 6 * (k[0] + 2 * k[1] + 2 * k[2] + k[3]);
            }
        }
#undef BEARING_F
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      n_events += ev.cause != LZ_CAUSE_INITIAL;
    }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_test_message ("bearing with a spring with freeplay: %u events; |event − RK4 of the closed form| "
                  "%.2e m; energy balance %.1e J", n_events, err, energy.balance_error);
  g_assert_cmpuint (n_events, >=, 10);
  g_assert_cmpfloat (err, <=, 1e-10);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

/* A stop on a bearing's body: the pad of the test above without the
 * freeplay, 4·ż = luz(100·(0.05 sin 2t − z), 1), between limits ±1 cm.
 * It arrives at a limit slipping (no impact: it has no momentum) and stays
 * while the spring pushes beyond the bearing's level (λ = 1 − F), lifting
 * off where 100·(0.05 sin 2t − 0.01) = ±1 (sin 2t = ±0.4, closed form);
 * against RK4 (h = 1e-6) of the closed-form ODE with the arrivals located
 * by bisection, and against time-stepping. */
#define BSTOP_F(tt, zz) (0.25 * lz_luz (100 * (0.05 * sin (2 * (tt)) - (zz)), 1))
static double
bstop_rk4 (double t,
           double z,
           double h)
{
  double k[4];

  k[0] = BSTOP_F (t, z);
  k[1] = BSTOP_F (t + h / 2, z + h / 2 * k[0]);
  k[2] = BSTOP_F (t + h / 2, z + h / 2 * k[1]);
  k[3] = BSTOP_F (t + h, z + h * k[2]);
  return z + h / 6 * (k[0] + 2 * k[1] + 2 * k[2] + k[3]);
}

/* from (t, z) over h, a kink of luz (|F| = F0) inside located */
static double
bstop_step (double t,
            double z,
            double h)
{
  double s0 = fabs (100 * (0.05 * sin (2 * t) - z)) - 1, z1 = bstop_rk4 (t, z, h);
  double s1 = fabs (100 * (0.05 * sin (2 * (t + h)) - z1)) - 1, a = 0, b = 1;

  if ((s0 < 0) == (s1 < 0))
    return z1;
  for (int it = 0; it < 60; it++)
    {
      double c = 0.5 * (a + b), zc = bstop_rk4 (t, z, c * h);
      double sc = fabs (100 * (0.05 * sin (2 * (t + c * h)) - zc)) - 1;

      if ((sc < 0) == (s0 < 0))
        a = c;
      else
        b = c;
    }
  return bstop_rk4 (t + a * h, bstop_rk4 (t, z, a * h), (1 - a) * h);
}

static void
test_event_massless_bearing_stop (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.05*sin(2*t)'/>"
    "<body id='z' mass='0'/><spring id='k' a='drive' b='z' k='100'/>"
    "<friction id='f' a='wall' b='z' level='1' viscous='4'/>"
    "<stop id='s' a='wall' b='z' lower='-0.01' upper='0.01'/>"
    "<simulation t-end='5'/></luztar-model>");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  guint iz = lz_model_get_body_index (model, "z"), es = element_index (model, "s"), r = 0;
  const double h = 1e-6;
  double z = 0, err = 0, err_arrive = 0, err_lift = 0, err_lambda = 0, d, arrive[16], lift[16];
  guint n_arrive = 0, n_lift = 0, n_ref_arrive = 0, n_ref_lift = 0;
  int at = 0;
  LzEnergy energy;

  for (guint step = 0; step <= 5000000; step++)
    {
      double t = step * h, F;

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            err = MAX (err, fabs (lz_trace_get_q (trace, r, iz) - z));
        }
      if (step == 5000000)
        break;
      if (at != 0)
        {
          /* held: until the spring's force falls to the level */
          F = 100 * (0.05 * sin (2 * (t + h)) - z);
          if (at * F <= 1 && n_ref_lift < 16)
            {
              /* 100·(0.05 sin 2t ∓ 0.01) = ±1: sin 2t = ±0.4, going back */
              double tl = (G_PI - asin (0.4)) / 2;

              while (tl < t)
                tl += G_PI / 2;
              lift[n_ref_lift++] = tl;
              at = 0;
            }
          continue;
        }
      {
        double z1 = bstop_step (t, z, h);

        if (fabs (z1) > 0.01)
          {
            double a = 0, b = 1, lim = z1 > 0 ? 0.01 : -0.01;

            for (int it = 0; it < 60; it++)
              {
                double c = 0.5 * (a + b);

                if (fabs (bstop_step (t, z, c * h)) > 0.01)
                  b = c;
                else
                  a = c;
              }
            if (n_ref_arrive < 16)
              arrive[n_ref_arrive++] = t + 0.5 * (a + b) * h;
            z1 = lim;
            at = z1 > 0 ? 1 : -1;
          }
        z = z1;
      }
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_INITIAL || ev.element != es)
        continue;
      if (ev.to == LZ_MODE_CONTACT)
        {
          g_assert_cmpint (ev.cause, ==, LZ_CAUSE_MASSLESS_CONTACT);
          g_assert_cmpuint (n_arrive, <, n_ref_arrive);
          err_arrive = MAX (err_arrive, fabs (ev.t - arrive[n_arrive]));
          n_arrive++;
        }
      else
        {
          g_assert_cmpint (ev.cause, ==, LZ_CAUSE_LIFT_OFF);
          g_assert_cmpuint (n_lift, <, n_ref_lift);
          err_lift = MAX (err_lift, fabs (ev.t - lift[n_lift]));
          n_lift++;
        }
    }
  /* in contact the stop takes what the bearing does not: λ = ±(|F| − 1) */
  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    if (lz_trace_get_mode (trace, i, es) == LZ_MODE_CONTACT)
      {
        double t = lz_trace_get_time (trace, i), zz = lz_trace_get_q (trace, i, iz);
        double F = 100 * (0.05 * sin (2 * t) - zz);

        err_lambda = MAX (err_lambda, fabs (lz_trace_get_force (trace, i, es)
                                            - (F > 0 ? F - 1 : F + 1)));
      }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  d = trace_difference (trace, ts, iz, 5);
  g_test_message ("bearing with a stop: %u arrivals, %u lift-offs; |event − RK4 of the closed form| "
                  "%.2e m; arrivals %.2e s, lift-offs %.2e s off; |λ − (|F| − F0)| %.2e N; "
                  "energy balance %.1e J; |event − time-stepping θ = ½, h = 1e-5| %.2e m",
                  n_arrive, n_lift, err, err_arrive, err_lift, err_lambda, energy.balance_error, d);
  g_assert_cmpuint (n_arrive, ==, n_ref_arrive);
  g_assert_cmpuint (n_lift, ==, n_ref_lift);
  g_assert_cmpuint (n_arrive, >=, 3);
  g_assert_cmpuint (n_lift, >=, 3);
  g_assert_cmpfloat (err, <=, 1e-12);
  g_assert_cmpfloat (err_arrive, <=, 1e-10);
  g_assert_cmpfloat (err_lift, <=, 1e-10);
  g_assert_cmpfloat (err_lambda, <=, 1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-10);
  g_assert_cmpfloat (d, <=, 1e-7);
}
/* A bearing's body with a stop to a moving ground: the pad of the test
 * above, 4·ż = luz(100·(0.05 sin 2t − z), 1), held within ±1 cm of a
 * ground w = 0.005 sin 5t.  Off the limits it moves by the closed form;
 * on one it moves with the ground while the closed form would take it
 * further (the sweeping process: ż is the admissible velocity nearest the
 * free one), the bearing slipping with the ground.  Reference: RK4 (h =
 * 1e-6) off the limits, exact on them, arrivals and lift-offs located by
 * bisection; and time-stepping, which converges to it. */
#define WOB(tt) (0.005 * sin (5 * (tt)))
#define WOBD(tt) (0.025 * cos (5 * (tt)))
static void
test_event_massless_bearing_moving_stop (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.05*sin(2*t)'/>"
    "<ground id='w' motion='0.005*sin(5*t)'/>"
    "<body id='z' mass='0'/><spring id='k' a='drive' b='z' k='100'/>"
    "<friction id='f' a='wall' b='z' level='1' viscous='4'/>"
    "<stop id='s' a='w' b='z' lower='-0.01' upper='0.01'/>"
    "<simulation t-end='5'/></luztar-model>");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts4 = run_with (model, lz_integrator_timestep, 5, 1e-4, 0.5, 1e-3);
  g_autoptr(LzTrace) ts5 = run_with (model, lz_integrator_timestep, 5, 2e-5, 0.5, 1e-3);
  guint iz = lz_model_get_body_index (model, "z"), es = element_index (model, "s"), r = 0;
  const double h = 1e-6;
  double z = 0, err = 0, err_t = 0, err_gap = 0, min_push = 0, d4, d5, t_ref[32];
  guint n_ref = 0, n_ev = 0, n_raw = 0;
  int side = 0, side_ref[32];
  LzMode before = LZ_MODE_FREE;
  LzEnergy energy;

  for (guint step = 0; step <= 5000000; step++)
    {
      double t = step * h;

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            err = MAX (err, fabs (lz_trace_get_q (trace, r, iz) - z));
        }
      if (step == 5000000)
        break;
      if (side == 0)
        {
          double z1 = bstop_step (t, z, h), a = 0, b = 1;

          if (fabs (z1 - WOB (t + h)) > 0.01)
            {
              int sd = z1 - WOB (t + h) > 0 ? 1 : -1;

              for (int it = 0; it < 60; it++)
                {
                  double c = 0.5 * (a + b);

                  if (sd * (bstop_rk4 (t, z, c * h) - WOB (t + c * h)) > 0.01)
                    b = c;
                  else
                    a = c;
                }
              g_assert_cmpuint (n_ref, <, G_N_ELEMENTS (t_ref));
              side_ref[n_ref] = sd;
              t_ref[n_ref++] = t + 0.5 * (a + b) * h;
              side = sd;
              z1 = WOB (t + h) + sd * 0.01;
            }
          z = z1;
        }
      else
        {
          /* on the limit while the free velocity points beyond it */
#define PHI(tt) (side * (BSTOP_F (tt, WOB (tt) + side * 0.01) - WOBD (tt)))
          if (PHI (t + h) < 0)
            {
              double a = 0, b = 1, tl;

              for (int it = 0; it < 60; it++)
                {
                  double c = 0.5 * (a + b);

                  if (PHI (t + c * h) < 0)
                    b = c;
                  else
                    a = c;
                }
              tl = t + 0.5 * (a + b) * h;
              g_assert_cmpuint (n_ref, <, G_N_ELEMENTS (t_ref));
              side_ref[n_ref] = 0;
              t_ref[n_ref++] = tl;
              z = bstop_rk4 (tl, WOB (tl) + side * 0.01, t + h - tl);
              side = 0;
            }
          else
            z = WOB (t + h) + side * 0.01;
#undef PHI
        }
    }
  /* the stop's switches, several at one instant taken together (there
   * should be none: n_raw counts them all) */
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev, next;
      LzMode after;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_INITIAL || ev.element != es)
        continue;
      n_raw++;
      after = ev.to;
      for (guint j = i + 1; j < lz_trace_get_n_events (trace); j++)
        {
          lz_trace_get_event (trace, j, &next);
          if (next.t != ev.t)
            break;
          if (next.element == es)
            {
              after = next.to;
              i = j;
              n_raw++;
            }
        }
      if (after == before)
        continue;
      before = after;
      g_assert_cmpuint (n_ev, <, n_ref);
      g_assert_cmpint (after == LZ_MODE_CONTACT, ==, side_ref[n_ev] != 0);
      err_t = MAX (err_t, fabs (ev.t - t_ref[n_ev]));
      n_ev++;
    }
  /* in contact: on the limit, the stop pushing the body back (the grid's
   * rows: a row at an event has the modes of one side, the force of the
   * other) */
  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    if (lz_trace_get_mode (trace, i, es) == LZ_MODE_CONTACT
        && fabs (lz_trace_get_time (trace, i) * 1e3 - round (lz_trace_get_time (trace, i) * 1e3)) < 1e-6)
      {
        double t = lz_trace_get_time (trace, i), g = lz_trace_get_q (trace, i, iz) - WOB (t);
        double lam = lz_trace_get_force (trace, i, es);

        err_gap = MAX (err_gap, fabs (0.01 - fabs (g)));
        min_push = MIN (min_push, g > 0 ? lam : -lam);   /* (the trace: + on the upper limit) */
      }
  lz_trace_get_energy (trace, last_row (trace), &energy);
  d4 = trace_difference (trace, ts4, iz, 5);
  d5 = trace_difference (trace, ts5, iz, 5);
  g_test_message ("bearing with a stop to a moving ground: %u switches (reference %u, logged %u); "
                  "|event − reference| %.2e m, %.2e s; |gap − limit| in contact %.1e m, push ≥ "
                  "%.1e N; energy balance %.1e J; |event − time-stepping θ = ½| %.2e m (h = 1e-4), "
                  "%.2e m (h = 2e-5)",
                  n_ev, n_ref, n_raw, err, err_t, err_gap, min_push, energy.balance_error, d4, d5);
  g_assert_cmpuint (n_ev, ==, n_ref);
  g_assert_cmpuint (n_raw, ==, n_ev);
  g_assert_cmpuint (n_ref, >=, 6);
  g_assert_cmpfloat (err, <=, 1e-10);
  g_assert_cmpfloat (err_t, <=, 1e-9);
  g_assert_cmpfloat (err_gap, <=, 1e-12);
  g_assert_cmpfloat (min_push, >=, -1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-10);
  g_assert_cmpfloat (d5, <=, 1e-6);
  g_assert_cmpfloat (d5, <=, d4 / 3);
}
#undef WOB
#undef WOBD

/* Dry friction between a bearing's body z and another massless body q
 * (the drive of the tests above on z; q held by a spring to a cart m).
 * With q damped (a damper to the wall) both are first order and the two
 * friction elements are solved together at the velocity level; with q
 * undamped it balances statically (a rigid-plastic joint).  No closed
 * form: time-stepping converges to the event-driven run — at second order
 * with θ = ½ for the damped q, at first order with θ = 1 (which the
 * rigid-plastic joint needs) for the undamped one — and the friction laws
 * hold in the trace. */
static void
test_event_massless_friction_joints (void)
{
  for (int damped = 1; damped >= 0; damped--)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.05*sin(2*t)'/>"
        "<body id='z' mass='0'/><spring id='k' a='drive' b='z' k='100'/>"
        "<friction id='f' a='wall' b='z' level='1' viscous='4'/>"
        "<body id='q' mass='0'/>%s<spring id='k2' a='q' b='m' k='10'/>"
        "<body id='m' mass='1'/><spring id='km' a='wall' b='m' k='30'/>"
        "<friction id='f2' a='z' b='q' level='%s'/>"
        "<simulation t-end='5'/></luztar-model>",
        damped ? "<damper id='c' a='wall' b='q' c='1'/>" : "<spring id='kq' a='wall' b='q' k='40'/>",
        damped ? "0.05" : "0.3");
      g_autoptr(LzModel) model = parse (xml);
      double theta = damped ? 0.5 : 1;
      g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, theta, 1e-2);
      g_autoptr(LzTrace) ts4 = run_with (model, lz_integrator_timestep, 5, 1e-4, theta, 1e-2);
      g_autoptr(LzTrace) ts5 = run_with (model, lz_integrator_timestep, 5, 1e-5, theta, 1e-2);
      guint iz = lz_model_get_body_index (model, "z"), iq = lz_model_get_body_index (model, "q");
      guint im = lz_model_get_body_index (model, "m"), e2 = element_index (model, "f2");
      double level = damped ? 0.05 : 0.3, d4 = 0, d5 = 0, err_law = 0;
      guint n_switch[2] = { 0, 0 };
      LzEnergy energy;

      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, i, &ev);
          if (ev.cause != LZ_CAUSE_INITIAL)
            n_switch[ev.element == e2]++;
        }
      for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
        {
          double t = lz_trace_get_time (trace, i), F = lz_trace_get_force (trace, i, e2);
          double slip = lz_trace_get_v (trace, i, iq) - lz_trace_get_v (trace, i, iz);

          if (fabs (t * 100 - round (t * 100)) > 1e-6)
            continue;                   /* an event's row */
          switch (lz_trace_get_mode (trace, i, e2))
            {
            case LZ_MODE_STICK:
              err_law = MAX (err_law, MAX (fabs (slip), fabs (F) - level));
              break;
            case LZ_MODE_SLIP_POS:
            case LZ_MODE_SLIP_NEG:
              err_law = MAX (err_law, fabs (fabs (F) - level));
              err_law = MAX (err_law, (lz_trace_get_mode (trace, i, e2) == LZ_MODE_SLIP_POS ? -slip : slip));
              break;
            case LZ_MODE_NONE:
            case LZ_MODE_FREE:
            case LZ_MODE_CONTACT:
            case LZ_MODE_GAP:
            case LZ_MODE_ENGAGED_POS:
            case LZ_MODE_ENGAGED_NEG:
            case LZ_MODE_PRESSED_LOWER:
            case LZ_MODE_PRESSED_UPPER:
            case LZ_MODE_N_MODES:
            default:
              g_assert_not_reached ();
            }
        }
      for (guint b = 0; b < 3; b++)
        {
          guint i = b == 0 ? iz : b == 1 ? iq : im;

          d4 = MAX (d4, trace_difference (trace, ts4, i, 5));
          d5 = MAX (d5, trace_difference (trace, ts5, i, 5));
        }
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("friction between massless bodies (%s q): %u switches of the bearing, %u of "
                      "“f2”; friction law in the trace %.1e; energy balance %.1e J; |event − "
                      "time-stepping θ = %g| %.2e m (h = 1e-4), %.2e m (h = 1e-5)",
                      damped ? "damped" : "undamped", n_switch[0], n_switch[1], err_law,
                      energy.balance_error, theta, d4, d5);
      g_assert_cmpuint (n_switch[0], >=, 4);
      g_assert_cmpuint (n_switch[1], >=, 4);
      g_assert_cmpfloat (err_law, <=, 1e-9);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-10);
      if (damped)
        {
          g_assert_cmpfloat (d5, <=, 1e-9);
          g_assert_cmpfloat (d5, <=, d4 / 30);          /* second order */
        }
      else
        {
          g_assert_cmpfloat (d5, <=, 1e-5);
          g_assert_cmpfloat (d5, <=, d4 / 5);           /* first order */
        }
    }
}

#undef BSTOP_F

/* Dry friction on a damped massless body that is not a bearing: the pad z
 * (damper c0 = 4 to the wall, friction F0 = 1 without a viscous part,
 * spring k = 100 from the drive x = 0.05 sin 2t) drags a massless w
 * through a damper c = 2, w held by a spring k2 = 50.  Summed, c0·ż =
 * luz(k(x − z) − k2·w, F0) and ẇ = ż − (k2/c)·w: stuck, ż = 0 and the
 * friction holds k(x − z) − k2·w within its levels (force-limit events
 * where it reaches them); slipping, it pushes with ±F0 (velocity-zero
 * events where ż returns to 0).  Against RK4 (h = 1e-6) with the kinks
 * located by bisection, and against time-stepping. */
#define DFRIC_F(tt, zz, ww) (100 * (0.05 * sin (2 * (tt)) - (zz)) - 50 * (ww))
static void
dfric_rhs (double  t,
           const double *y,
           double *dy)
{
  dy[0] = 0.25 * lz_luz (DFRIC_F (t, y[0], y[1]), 1);
  dy[1] = dy[0] - 25 * y[1];
}

static void
dfric_rk4 (double        t,
           const double *y,
           double        h,
           double       *out)
{
  double k1[2], k2[2], k3[2], k4[2], y2[2];

  dfric_rhs (t, y, k1);
  for (int i = 0; i < 2; i++) y2[i] = y[i] + h / 2 * k1[i];
  dfric_rhs (t + h / 2, y2, k2);
  for (int i = 0; i < 2; i++) y2[i] = y[i] + h / 2 * k2[i];
  dfric_rhs (t + h / 2, y2, k3);
  for (int i = 0; i < 2; i++) y2[i] = y[i] + h * k3[i];
  dfric_rhs (t + h, y2, k4);
  for (int i = 0; i < 2; i++)
    out[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static void
test_event_massless_damped_friction (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.05*sin(2*t)'/>"
    "<body id='z' mass='0'/><body id='w' mass='0'/><spring id='k' a='drive' b='z' k='100'/>"
    "<damper id='c0' a='wall' b='z' c='4'/><friction id='f' a='wall' b='z' level='1'/>"
    "<damper id='c' a='z' b='w' c='2'/><spring id='k2' a='wall' b='w' k='50'/>"
    "<simulation t-end='5'/></luztar-model>");
  g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
  g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
  guint iz = lz_model_get_body_index (model, "z"), iw = lz_model_get_body_index (model, "w");
  guint ef = element_index (model, "f"), r = 0, n_kinks = 0, n_events = 0;
  const double h = 1e-6;
  double y[2] = { 0, 0 }, err = 0, err_t = 0, err_stuck = 0, kinks[64], dz, dw;
  LzEnergy energy;

  for (guint step = 0; step <= 5000000; step++)
    {
      double t = step * h, y1[2], s0, s1;

      if (step % 1000 == 0)
        {
          if (row_at (trace, &r, t))
            {
              err = MAX (err, fabs (lz_trace_get_q (trace, r, iz) - y[0]));
              err = MAX (err, fabs (lz_trace_get_q (trace, r, iw) - y[1]));
            }
        }
      if (step == 5000000)
        break;
      s0 = fabs (DFRIC_F (t, y[0], y[1])) - 1;
      dfric_rk4 (t, y, h, y1);
      s1 = fabs (DFRIC_F (t + h, y1[0], y1[1])) - 1;
      if ((s0 < 0) != (s1 < 0))
        {
          double a = 0, b = 1, ym[2];

          for (int it = 0; it < 60; it++)
            {
              double c = 0.5 * (a + b), yc[2];

              dfric_rk4 (t, y, c * h, yc);
              if ((fabs (DFRIC_F (t + c * h, yc[0], yc[1])) - 1 < 0) == (s0 < 0))
                a = c;
              else
                b = c;
            }
          if (n_kinks < 64)
            kinks[n_kinks++] = t + a * h;
          dfric_rk4 (t, y, a * h, ym);
          dfric_rk4 (t + a * h, ym, (1 - a) * h, y1);
        }
      y[0] = y1[0];
      y[1] = y1[1];
    }
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;
      double best = INFINITY;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      g_assert_cmpuint (ev.element, ==, ef);
      g_assert_cmpint (ev.cause, ==, ev.to == LZ_MODE_STICK ? LZ_CAUSE_VELOCITY_ZERO : LZ_CAUSE_FORCE_LIMIT);
      g_assert_cmpuint (n_events, <, n_kinks);
      for (guint j = 0; j < n_kinks; j++)
        best = MIN (best, fabs (ev.t - kinks[j]));
      err_t = MAX (err_t, best);
      n_events++;
    }
  /* stuck, the friction holds what the rest gives, within its levels */
  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    if (lz_trace_get_mode (trace, i, ef) == LZ_MODE_STICK)
      {
        double t = lz_trace_get_time (trace, i);
        double F = DFRIC_F (t, lz_trace_get_q (trace, i, iz), lz_trace_get_q (trace, i, iw));

        g_assert_cmpfloat (fabs (F), <=, 1 + 1e-9);
        err_stuck = MAX (err_stuck, fabs (lz_trace_get_force (trace, i, ef) - F));
      }
    else
      err_stuck = MAX (err_stuck, fabs (fabs (lz_trace_get_force (trace, i, ef)) - 1));
  lz_trace_get_energy (trace, last_row (trace), &energy);
  dz = trace_difference (trace, ts, iz, 5);
  dw = trace_difference (trace, ts, iw, 5);
  g_test_message ("damped massless body with dry friction: %u events (%u kinks of the closed form); "
                  "|event − RK4| %.2e m, event instants %.2e s off; |T − (k(x − z) − k2·w)| stuck, "
                  "||T| − F0| slipping %.2e N; energy balance %.1e J; |event − time-stepping θ = ½, "
                  "h = 1e-5| %.2e m (z), %.2e m (w)",
                  n_events, n_kinks, err, err_t, err_stuck, energy.balance_error, dz, dw);
  g_assert_cmpuint (n_events, ==, n_kinks);
  g_assert_cmpuint (n_events, >=, 6);
  g_assert_cmpfloat (err, <=, 1e-12);
  g_assert_cmpfloat (err_t, <=, 1e-10);
  g_assert_cmpfloat (err_stuck, <=, 1e-9);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-10);
  g_assert_cmpfloat (dz, <=, 1e-8);
  g_assert_cmpfloat (dw, <=, 1e-8);

  /* the friction to a body with mass (m = 1 on a spring 30 N/m, from
   * 2 cm): it feels the stuck force and the level; against time-stepping */
  {
    g_autoptr(LzModel) model2 = parse (
      "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.05*sin(2*t)'/>"
      "<body id='m' mass='1' q0='0.02'/><spring id='km' a='wall' b='m' k='30'/>"
      "<body id='z' mass='0'/><body id='w' mass='0'/><spring id='k' a='drive' b='z' k='100'/>"
      "<damper id='c0' a='wall' b='z' c='4'/><friction id='f' a='m' b='z' level='1'/>"
      "<damper id='c' a='z' b='w' c='2'/><spring id='k2' a='wall' b='w' k='50'/>"
      "<simulation t-end='5'/></luztar-model>");
    g_autoptr(LzTrace) ev2 = run_with (model2, lz_integrator_event, 5, 1e-5, 0.5, 1e-3);
    g_autoptr(LzTrace) ts2 = run_with (model2, lz_integrator_timestep, 5, 1e-5, 0.5, 1e-3);
    double dm = trace_difference (ev2, ts2, lz_model_get_body_index (model2, "m"), 5);
    double dz2 = trace_difference (ev2, ts2, lz_model_get_body_index (model2, "z"), 5);
    guint n2 = 0;

    for (guint i = 0; i < lz_trace_get_n_events (ev2); i++)
      {
        LzEvent ev;

        lz_trace_get_event (ev2, i, &ev);
        n2 += ev.cause != LZ_CAUSE_INITIAL;
      }
    lz_trace_get_energy (ev2, last_row (ev2), &energy);
    g_test_message ("the same to a body with mass: %u events; energy balance %.1e J; |event − "
                    "time-stepping θ = ½, h = 1e-5| %.2e m (m), %.2e m (z)",
                    n2, energy.balance_error, dm, dz2);
    g_assert_cmpuint (n2, >=, 6);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-10);
    g_assert_cmpfloat (dm, <=, 1e-8);
    g_assert_cmpfloat (dz2, <=, 1e-8);
  }
}
#undef DFRIC_F

/* ------------------------------------------------------------------------ */
/* A moving limit whose velocity jumps: the ground hits a resting body      */

/* A mass m = 1 on a spring k = 100 to a fixed wall, pressed by a force
 * −10 N onto a floor that rests until t = 0.5 s and then rises at
 * V = 0.1 m/s (motion 0.05·(t − 0.5 + |t − 0.5|): a velocity kink).  At
 * 0.5 s the floor hits the mass with ġ⁻ = −V: an impact located at the
 * kink, Newton's law ġ⁺ = −e·ġ⁻ relative to the floor.  e = 0: the mass
 * follows the floor, q = V(t − 0.5), the contact force 10 + kq + 0 > 0;
 * e = 1: v⁺ = 2V, free flight q = −F/k·(1 − cos ωτ) + 2V/ω·sin ωτ (ω = 10)
 * until it meets the floor again at q = Vτ. */
#define KINK_V 0.1

static double
kink_flight (double tau)
{
  return -0.1 * (1 - cos (10 * tau)) + 2 * KINK_V / 10 * sin (10 * tau);
}

static double
kink_second_impact (void)
{
  double a = 1e-3, b = 0.1;     /* q − Vτ: > 0 at a, < 0 at b */

  for (int i = 0; i < 200; i++)
    {
      double c = 0.5 * (a + b);

      if (kink_flight (c) - KINK_V * c > 0)
        a = c;
      else
        b = c;
    }
  return 0.5 * (a + b);
}

static void
test_event_ground_kink (void)
{
  for (int restitution = 0; restitution <= 1; restitution++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1'><ground id='wall'/>"
        "<ground id='floor' motion='0.05*(t-0.5+abs(t-0.5))'/>"
        "<body id='m' mass='1' q0='0'/><force id='w' body='m' value='-10'/>"
        "<spring id='k' a='wall' b='m' k='100'/>"
        "<stop id='s' a='floor' b='m' lower='0' upper='inf' restitution='%d'/>"
        "<simulation t-end='%s'/></luztar-model>", restitution, restitution ? "0.55" : "1");
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = run (model, 1e-3, &error);
      double t2 = 0.5 + kink_second_impact (), worst = 0, worst_v = 0;
      double t_impact[2] = { NAN, NAN };
      guint impacts = 0;
      LzEnergy energy;

      g_assert_no_error (error);
      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, i, &ev);
          if (ev.cause == LZ_CAUSE_IMPACT || ev.cause == LZ_CAUSE_ZENO)
            {
              g_assert_cmpint (ev.cause, ==, LZ_CAUSE_IMPACT);
              if (impacts < 2)
                t_impact[impacts] = ev.t;
              impacts++;
            }
        }
      g_assert_cmpfloat_with_epsilon (t_impact[0], 0.5, 1e-10);
      if (restitution == 0)
        g_assert_cmpuint (impacts, ==, 1);
      else
        g_assert_cmpfloat_with_epsilon (t_impact[1], t2, 1e-10);
      for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
        {
          double t = lz_trace_get_time (trace, r), tau = t - 0.5, q, v;

          if (restitution == 1 && t > t2)
            break;
          q = t <= 0.5 ? 0 : restitution == 0 ? KINK_V * tau : kink_flight (tau);
          v = restitution == 0 ? KINK_V : -1.0 * sin (10 * tau) + 2 * KINK_V * cos (10 * tau);
          worst = MAX (worst, fabs (lz_trace_get_q (trace, r, 0) - q));
          if (t > 0.5 + 1e-9 && t < t2 - 1e-9)
            worst_v = MAX (worst_v, fabs (lz_trace_get_v (trace, r, 0) - v));
          if (restitution == 0)
            g_assert_cmpint (lz_trace_get_mode (trace, r, element_index (model, "s")), ==, LZ_MODE_CONTACT);
        }
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("e = %d: impacts at %.15g, %.15g (closed form 0.5, %.15g); |Δq| ≤ %.2e, "
                      "|Δv| ≤ %.2e; impacts %.3e J, floor work %.6f J, balance error %.2e J",
                      restitution, t_impact[0], t_impact[1], t2, worst, worst_v, energy.impacts,
                      energy.sources, energy.balance_error);
      g_assert_cmpfloat (worst, <=, 1e-9);
      g_assert_cmpfloat (worst_v, <=, 1e-8);
      /* the impact takes ½m(ġ⁻)²(1 − e²) */
      g_assert_cmpfloat_with_epsilon (energy.impacts, restitution == 0 ? 0.5 * KINK_V * KINK_V : 0, 1e-9);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
    }
}

/* Paper 002, Example 5.3: the road's velocity jumps at 0.2 s under the
 * resting tyre.  With e = 0 the event-driven motion agrees with Moreau–Jean
 * (h = 1e-5, θ = ½) to the latter's first-order error; with e = 1 (the
 * file) the chatter of the tyre ends in persistent contacts, the run stays
 * bounded, and both balances close. */
static void
test_event_vehicle_bump (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples",
                                            "paper002-ex53-vehicle.luztar", NULL);
  g_autofree char *text = NULL;
  g_autofree char *plastic = NULL;
  gsize len;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_nonnull (strstr (text, "restitution=\"1\""));
  {
    g_auto(GStrv) parts = g_strsplit (text, "restitution=\"1\"", 2);

    plastic = g_strjoinv ("restitution=\"0\"", parts);
  }
  {
    g_autoptr(LzModel) model = parse (plastic);
    g_autoptr(LzTrace) ev = run_with (model, lz_integrator_event, 2.5, 1e-4, 0.5, 1e-3);
    g_autoptr(LzTrace) ts = run_with (model, lz_integrator_timestep, 2.5, 1e-5, 0.5, 1e-3);
    double d_tyre = trace_difference (ev, ts, 0, 2.5), d_body = trace_difference (ev, ts, 1, 2.5);
    double d_driver = trace_difference (ev, ts, 6, 2.5), first = NAN;
    LzEnergy energy;

    for (guint i = 0; i < lz_trace_get_n_events (ev); i++)
      {
        LzEvent e;

        lz_trace_get_event (ev, i, &e);
        if (e.cause == LZ_CAUSE_IMPACT && isnan (first))
          first = e.t;
      }
    lz_trace_get_energy (ev, last_row (ev), &energy);
    g_test_message ("e = 0: %u events, first impact at %.15g s; event vs time-stepping: tyre %.2e m, "
                    "body %.2e m, driver %.2e m; impacts %.3f J, road work %.3f J, balance error %.2e J",
                    lz_trace_get_n_events (ev), first, d_tyre, d_body, d_driver, energy.impacts,
                    energy.sources, energy.balance_error);
    g_assert_cmpfloat_with_epsilon (first, 0.2, 1e-12);
    g_assert_cmpfloat (MAX (d_tyre, MAX (d_body, d_driver)), <=, 1e-4);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-6 * fabs (energy.sources));
    g_assert_cmpuint (lz_trace_get_n_events (ev), <=, 100);
  }
  {
    g_autoptr(LzModel) model = parse (text);
    g_autoptr(LzTrace) ev = run_with (model, lz_integrator_event, 2.5, 1e-4, 0.5, 1e-3);
    guint zeno = 0;
    LzEnergy energy;

    for (guint i = 0; i < lz_trace_get_n_events (ev); i++)
      {
        LzEvent e;

        lz_trace_get_event (ev, i, &e);
        zeno += e.cause == LZ_CAUSE_ZENO;
      }
    lz_trace_get_energy (ev, last_row (ev), &energy);
    g_test_message ("e = 1: %u events (%u chatters ended in contact), impacts %.3e J, road work %.3f J, "
                    "balance error %.2e J", lz_trace_get_n_events (ev), zeno, energy.impacts,
                    energy.sources, energy.balance_error);
    g_assert_cmpuint (lz_trace_get_n_events (ev), <=, 30000);
    g_assert_cmpuint (zeno, >=, 1);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-6 * fabs (energy.sources));
    /* at rest on the road at the end */
    g_assert_cmpint (lz_trace_get_mode (ev, last_row (ev), element_index (model, "contact")), ==,
                     LZ_MODE_CONTACT);
  }
}

/* Time-stepping (θ = 1) of MODEL to t = 1 converges to the event-driven
 * TRACE at first order: body 0 within BOUND at h = 1e-5, twice that at
 * h = 2e-5. */
static void
assert_timestep_first_order (LzModel       *model,
                             const LzTrace *trace,
                             double         bound)
{
  g_autoptr(LzTrace) ts1 = run_with (model, lz_integrator_timestep, 1, 1e-5, 1, 1e-3);
  g_autoptr(LzTrace) ts2 = run_with (model, lz_integrator_timestep, 1, 2e-5, 1, 1e-3);
  double d1 = trace_difference (trace, ts1, 0, 1), d2 = trace_difference (trace, ts2, 0, 1);

  g_test_message ("  |event − time-stepping θ = 1|: %.2e m (h = 1e-5), %.2e m (h = 2e-5)", d1, d2);
  g_assert_cmpfloat (d1, <=, bound);
  g_assert_cmpfloat (d2 / d1, >, 1.6);
  g_assert_cmpfloat (d2 / d1, <, 2.4);
}

/* Bodies with mass stopped through a massless body: a buffer z on a
 * spring (k = 400 N/m) from the wall, a stop s1 from its face to a cart
 * (1 kg) and a stop s2 where it bottoms out on the wall, 4 cm in.  Both
 * at their limits, they stop the cart against the wall: an impact of the
 * cart (Newton's law with e of the stop that closes — the other is at
 * its limit already), a contact force, a lift-off.  Closed forms:
 *  (a) s2 plastic, the cart in at 1 m/s: z follows the cart from
 *      t1 = 0.25; the buffer bottoms out at t2 = t1 + asin(0.8)/20 with
 *      0.6 m/s left, taken plastically (0.18 J); the spring pushes the
 *      cart out, v = 0.8 sin 20(t − t2), free at t2 + π/40 with 0.8 m/s;
 *  (b) s2 with e = ½: out of the bottoming at 0.3 m/s (0.135 J lost),
 *      free at t2 + atan(8/3)/20 with √(0.3² + 0.8²) m/s;
 *  (c) the buffer preloaded onto the wall (24 N, offset −0.1) and s1
 *      with e = ½: the cart bounces off the pinned face at
 *      t = 0.29 with 0.5 m/s (0.375 J), s2 never lets go;
 *  (d) as (c) plastic, a force 10t − 5 N on the cart: it stays pressed
 *      on the pinned face (s1 holds 5 − 10t, s2 that and the preload's
 *      24 N) until t = 0.5, then leaves: q = 0.01 + (5/3)(t − 0.5)³;
 *  (e) two carts (1 kg at 1 m/s, 2 kg at rest) through a buffer on the
 *      second (s2 with e = ½ where it bottoms): the momentum stays 1 kg m/s,
 *      the relative speed at the bottoming is 0.2 m/s (reduced mass ⅔,
 *      √(1 − 0.96)), ½·⅔·(0.2² − 0.1²) = 0.01 J is lost, and the carts
 *      part with 1/3 ∓ (2/3, 1/3)·√0.97 m/s.
 * The plastic cases (a), (d) against time-stepping (θ = 1, first order). */
#define BUFFER(spring, s1, s2, extra) \
  "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.3' v0='-1'/>" \
  "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='400' " spring "/>" \
  "<stop id='s1' a='z' b='m' lower='0.05' " s1 "/><stop id='s2' a='wall' b='z' lower='-0.04' " s2 "/>" \
  extra "<simulation t-end='1'/></luztar-model>"

static void
test_event_massless_through_stop (void)
{
  static const struct
  {
    const char *xml;
    double e_out;               /* the bounce of the impact, as a ratio */
  } buffers[] = {
    { BUFFER ("", "", "", ""), 0 },
    { BUFFER ("", "", "restitution='0.5'", ""), 0.5 },
    { BUFFER ("offset='-0.1'", "restitution='0.5'", "", ""), 0.5 },
    { BUFFER ("offset='-0.1'", "", "", "<force id='F' body='m' value='10*t - 5'/>"), 0 },
  };
  double t2 = 0.25 + asin (0.8) / 20;

  for (guint c = 0; c < G_N_ELEMENTS (buffers); c++)
    {
      g_autoptr(LzModel) model = parse (buffers[c].xml);
      g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 1, 1e-3, 0.5, 1e-3);
      guint s1 = element_index (model, "s1"), s2 = element_index (model, "s2");
      double t_hit = c < 2 ? t2 : 0, v_hit = 0, t_off = 0, err_v = 0, err_force = 0, loss;
      guint n_hit = 0, n_off = 0, n_s2 = 0;
      LzEnergy energy;

      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, i, &ev);
          if (ev.cause == LZ_CAUSE_INITIAL)
            continue;
          n_s2 += ev.element == s2;
          if (ev.cause == LZ_CAUSE_IMPACT)
            {
              n_hit++;
              /* the stop that closes: s2 (bottoming) or s1 (the pinned face) */
              g_assert_cmpuint (ev.element, ==, c < 2 ? s2 : s1);
              if (c < 2)
                g_assert_cmpfloat_with_epsilon (ev.t, t2, 1e-10);
              else
                t_hit = ev.t;
            }
          else if (ev.cause == LZ_CAUSE_LIFT_OFF && ev.element == s1)
            {
              n_off++;
              t_off = ev.t;
            }
        }
      g_assert_cmpuint (n_hit, ==, 1);
      /* (c) bounces off the face: s1 never holds */
      g_assert_cmpuint (n_off, ==, c == 2 ? 0 : 1);
      if (c == 2)
        t_off = t_hit;
      /* the speed the cart came in with at the impact */
      v_hit = c < 2 ? 0.6 : c == 2 ? 1 : 1 - 5 * t_hit * t_hit + 5 * t_hit;
      loss = 0.5 * v_hit * v_hit * (1 - buffers[c].e_out * buffers[c].e_out);
      for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
        {
          double t = lz_trace_get_time (trace, r), v = lz_trace_get_v (trace, r, 0), ref = NAN;
          double f1 = -lz_trace_get_force (trace, r, s1), f2 = -lz_trace_get_force (trace, r, s2);

          if (t < t_hit + 1e-9 || t > t_off - 1e-9)
            continue;
          if (c == 0)
            ref = 0.8 * sin (20 * (t - t2));
          else if (c == 1)
            ref = 0.3 * cos (20 * (t - t2)) + 0.8 * sin (20 * (t - t2));
          else if (c == 3)
            {
              /* at rest on the pinned face: s1 holds the cart, s2 the cart and the preload */
              ref = 0;
              err_force = MAX (err_force, fabs (f1 - (5 - 10 * t)));
              err_force = MAX (err_force, fabs (f2 - (5 - 10 * t + 24)));
            }
          if (!isnan (ref))
            err_v = MAX (err_v, fabs (v - ref));
        }
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("buffer (%c): impact at %.12g s (%g m/s in, e = %g), s1 off at %.12g s, "
                      "|v − closed form| %.1e m/s, |λ − closed form| %.1e N, out at %.12g m/s, "
                      "impacts %.12g J (%.12g), balance %.1e J",
                      'a' + c, t_hit, v_hit, buffers[c].e_out, t_off, err_v, err_force,
                      lz_trace_get_v (trace, last_row (trace), 0), energy.impacts, loss,
                      energy.balance_error);
      g_assert_cmpfloat (err_v, <=, 1e-9);
      g_assert_cmpfloat (err_force, <=, 1e-8);
      g_assert_cmpfloat_with_epsilon (energy.impacts, loss, 1e-9);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
      switch (c)
        {
        case 0:
          g_assert_cmpfloat_with_epsilon (t_off, t2 + G_PI / 40, 1e-9);
          g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), 0.8, 1e-9);
          break;
        case 1:
          g_assert_cmpfloat_with_epsilon (t_off, t2 + atan (8.0 / 3) / 20, 1e-9);
          g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), sqrt (0.73), 1e-9);
          break;
        case 2:
          /* s2 keeps the buffer on the wall throughout */
          g_assert_cmpfloat_with_epsilon (t_hit, 0.29, 1e-10);
          g_assert_cmpuint (n_s2, ==, 0);
          g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), 0.5, 1e-9);
          break;
        case 3:
          g_assert_cmpfloat_with_epsilon (t_off, 0.5, 1e-9);
          g_assert_cmpuint (n_s2, ==, 0);
          g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last_row (trace), 0),
                                          0.01 + 5.0 / 3 * pow (0.5, 3), 1e-9);
          break;
        default:
          g_assert_not_reached ();
        }
      if (buffers[c].e_out == 0)
        assert_timestep_first_order (model, trace, 1e-4);
    }

  /* (e) two carts through a buffer */
  {
    g_autoptr(LzModel) model = parse (
      "<luztar-model version='1'><body id='m1' mass='1' q0='-0.3' v0='1'/><body id='m2' mass='2' q0='0.1'/>"
      "<body id='z' mass='0' q0='0.05'/><spring id='kz' a='z' b='m2' k='400' offset='0.05'/>"
      "<stop id='s1' a='m1' b='z' lower='0.05' restitution='0.2'/>"
      "<stop id='s2' a='z' b='m2' lower='0.01' restitution='0.5'/><simulation t-end='1'/></luztar-model>");
    g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 1, 1e-3, 0.5, 1e-3);
    double err_p = 0, v1 = lz_trace_get_v (trace, last_row (trace), 0);
    double v2 = lz_trace_get_v (trace, last_row (trace), 1);
    LzEnergy energy;

    for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
      err_p = MAX (err_p, fabs (lz_trace_get_v (trace, r, 0) + 2 * lz_trace_get_v (trace, r, 1) - 1));
    lz_trace_get_energy (trace, last_row (trace), &energy);
    g_test_message ("two carts: |momentum − 1| ≤ %.1e kg m/s, out at %.12g and %.12g m/s (%.12g, %.12g), "
                    "impacts %.12g J (0.01), balance %.1e J", err_p, v1, v2,
                    1.0 / 3 - 2.0 / 3 * sqrt (0.97), 1.0 / 3 + sqrt (0.97) / 3, energy.impacts,
                    energy.balance_error);
    g_assert_cmpfloat (err_p, <=, 1e-12);
    g_assert_cmpfloat_with_epsilon (v1, 1.0 / 3 - 2.0 / 3 * sqrt (0.97), 1e-9);
    g_assert_cmpfloat_with_epsilon (v2, 1.0 / 3 + sqrt (0.97) / 3, 1e-9);
    g_assert_cmpfloat_with_epsilon (energy.impacts, 0.01, 1e-9);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  }

  /* (f) a dashpot buffer (the massless body damped, c = 5 N s/m, on a
   * spring of 100 N/m): from t1 = 0.25 the buffer x = z moves with the
   * cart, ẍ = −100x − 5ẋ from x = 0, ẋ = −1, i.e. x = −e^(−2.5τ) sin(ω τ)/ω
   * (ω = √93.75); it bottoms out at x = −0.04 (plastic); from rest there
   * x = −0.04 e^(−2.5τ)(cos ωτ + 2.5/ω sin ωτ), and the cart leaves when
   * the force it gets, −100x − 5ẋ, reaches 0. */
  {
    g_autoptr(LzModel) model = parse (
      "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.3' v0='-1'/>"
      "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='100'/><damper id='cz' a='wall' b='z' c='5'/>"
      "<stop id='s1' a='z' b='m' lower='0.05'/><stop id='s2' a='wall' b='z' lower='-0.04'/>"
      "<simulation t-end='1'/></luztar-model>");
    g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 1, 1e-3, 0.5, 1e-3);
    guint s1 = element_index (model, "s1"), s2 = element_index (model, "s2");
    double w = sqrt (93.75), lo = 0, hi = G_PI / (2 * w), tau_hit, v_hit, lo2 = 0, hi2 = G_PI / w, tau_off;
    double t_hit = 0, t_off = 0;
    LzEnergy energy;

    /* x(τ) = −0.04 on the way in; −100x − 5ẋ = 0 on the way out (bisection) */
    for (int it = 0; it < 200; it++)
      {
        double mid = 0.5 * (lo + hi);

        if (-exp (-2.5 * mid) * sin (w * mid) / w > -0.04)
          lo = mid;
        else
          hi = mid;
      }
    tau_hit = 0.5 * (lo + hi);
    v_hit = -exp (-2.5 * tau_hit) * (cos (w * tau_hit) - 2.5 / w * sin (w * tau_hit));
    for (int it = 0; it < 200; it++)
      {
        double mid = 0.5 * (lo2 + hi2), e = exp (-2.5 * mid);
        double x = -0.04 * e * (cos (w * mid) + 2.5 / w * sin (w * mid));
        double xd = -0.04 * e * (-w - 2.5 * 2.5 / w) * sin (w * mid);

        if (-100 * x - 5 * xd > 0)
          lo2 = mid;
        else
          hi2 = mid;
      }
    tau_off = 0.5 * (lo2 + hi2);
    for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
      {
        LzEvent ev;

        lz_trace_get_event (trace, i, &ev);
        if (ev.element == s2 && ev.cause == LZ_CAUSE_IMPACT)
          t_hit = ev.t;
        else if (ev.element == s1 && ev.cause == LZ_CAUSE_LIFT_OFF)
          t_off = ev.t;
      }
    lz_trace_get_energy (trace, last_row (trace), &energy);
    g_test_message ("dashpot buffer: bottoms out at %.12g s (%.12g), %.6g m/s in, the cart off at %.12g s "
                    "(%.12g), impacts %.12g J (%.12g), balance %.1e J", t_hit, 0.25 + tau_hit, v_hit,
                    t_off, 0.25 + tau_hit + tau_off, energy.impacts, 0.5 * v_hit * v_hit,
                    energy.balance_error);
    g_assert_cmpfloat_with_epsilon (t_hit, 0.25 + tau_hit, 1e-9);
    g_assert_cmpfloat_with_epsilon (t_off, 0.25 + tau_hit + tau_off, 1e-9);
    g_assert_cmpfloat_with_epsilon (energy.impacts, 0.5 * v_hit * v_hit, 1e-9);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  }
}
#undef BUFFER
/* A body with mass held through a massless body by dry friction: a cart
 * (1 kg, in at 1 m/s) meets at t = 0.25 the face (stop s1) of a pad on a
 * spring (100 N/m) that dry friction f (5 N) holds to the floor.  The
 * pad has no momentum: f gives way at once (no impact) and the cart
 * drives it in, x = z, ẍ = −100x + 5 − c ẋ (c the friction's viscous part).
 *  (a) rigid-plastic (no viscous part, an undamped body): x =
 *      0.05(1 − cos 10τ) − 0.1 sin 10τ until ẋ = 0 at t1 = 0.25 +
 *      atan(2)/10; there the spring (6.18 N) beats f, which slips back,
 *      x = −0.05 + (x1 + 0.05) cos 10(t − t1), and the cart leaves the pad
 *      at t1 + π/20 (where the spring's pull is f's level) with
 *      −10(x1 + 0.05) m/s; f takes 5·(|x1| + |x1 + 0.05|) J;
 *  (b) a bearing (viscous part 2 N s/m, a damped body): the damped arc
 *      x = 0.05 + e^(−τ)(−0.05 cos ωτ + B sin ωτ), ω = √99, B = −1.05/ω,
 *      turns at t1 = 0.25 + τ1, tan ωτ1 = (0.05 + Bω)/(B − 0.05ω);
 *      time-stepping (θ = 1) converges to it. */
static void
test_event_massless_through_friction (void)
{
  for (guint c = 0; c < 2; c++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.3' v0='-1'/>"
        "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='100'/>"
        "<friction id='f' a='wall' b='z' level='5' viscous='%s'/><stop id='s1' a='z' b='m' lower='0.05'/>"
        "<simulation t-end='1'/></luztar-model>", c == 0 ? "0" : "2");
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 1, 1e-3, 0.5, 1e-3);
      guint f = element_index (model, "f"), s1 = element_index (model, "s1");
      double w = c == 0 ? 10 : sqrt (99), B = -1.05 / w, t1, x1, t_turn = 0, t_off = 0, err_x = 0;
      guint n_hold = 0;
      LzEnergy energy;

      /* the turn: ẋ = 0 */
      if (c == 0)
        t1 = 0.25 + atan (2) / 10;
      else
        t1 = 0.25 + atan ((0.05 + B * w) / (B - 0.05 * w)) / w;
      x1 = c == 0 ? 0.05 * (1 - cos (atan (2))) - 0.1 * sin (atan (2))
                  : 0.05 + exp (-(t1 - 0.25)) * (-0.05 * cos (w * (t1 - 0.25)) + B * sin (w * (t1 - 0.25)));
      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, i, &ev);
          if (ev.cause == LZ_CAUSE_INITIAL)
            continue;
          /* nothing hits: the pad gives way */
          g_assert_cmpint (ev.cause, !=, LZ_CAUSE_IMPACT);
          if (ev.element == f && ev.to == LZ_MODE_SLIP_POS)
            t_turn = ev.t;
          if (ev.element == s1 && ev.cause == LZ_CAUSE_LIFT_OFF)
            t_off = ev.t;
        }
      for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
        {
          double t = lz_trace_get_time (trace, r), tau = t - 0.25, x;

          if (tau <= 0 || t >= t1)
            continue;
          x = c == 0 ? 0.05 * (1 - cos (10 * tau)) - 0.1 * sin (10 * tau)
                     : 0.05 + exp (-tau) * (-0.05 * cos (w * tau) + B * sin (w * tau));
          err_x = MAX (err_x, fabs (lz_trace_get_q (trace, r, 0) - (x + 0.05)));
          /* the cart drives the pad: s1 holds, f slips */
          n_hold += lz_trace_get_mode (trace, r, s1) == LZ_MODE_CONTACT
                    && lz_trace_get_mode (trace, r, f) == LZ_MODE_SLIP_NEG;
        }
      lz_trace_get_energy (trace, last_row (trace), &energy);
      g_test_message ("through friction (%s): |x − closed form| %.1e m, turn at %.12g s (%.12g), "
                      "off at %.12g s, out at %.12g m/s, friction %.12g J, balance %.1e J",
                      c == 0 ? "rigid-plastic" : "bearing", err_x, t_turn, t1, t_off,
                      lz_trace_get_v (trace, last_row (trace), 0), energy.friction, energy.balance_error);
      g_assert_cmpfloat (err_x, <=, 1e-9);
      g_assert_cmpuint (n_hold, >, 50);
      g_assert_cmpfloat_with_epsilon (t_turn, t1, 1e-9);
      g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
      if (c == 0)
        {
          g_assert_cmpfloat_with_epsilon (t_off, t1 + G_PI / 20, 1e-9);
          g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last_row (trace), 0), -10 * (x1 + 0.05), 1e-9);
          g_assert_cmpfloat_with_epsilon (energy.friction, 5 * (fabs (x1) + fabs (x1 + 0.05)), 1e-9);
        }
      else
        assert_timestep_first_order (model, trace, 2e-4);
    }

  /* (c) held: the cart rests on the pad's face, pressed by 3 + 4t N; f
   * holds it through the pad (both forces 3 + 4t) until t = 0.5, where
   * the press reaches f's level and the pad gives way */
  {
    g_autoptr(LzModel) model = parse (
      "<luztar-model version='1'><ground id='wall'/><body id='m' mass='1' q0='0.05'/>"
      "<body id='z' mass='0'/><spring id='kz' a='wall' b='z' k='100'/>"
      "<friction id='f' a='wall' b='z' level='5'/><stop id='s1' a='z' b='m' lower='0.05'/>"
      "<force id='F' body='m' value='-3-4*t'/><simulation t-end='1'/></luztar-model>");
    g_autoptr(LzTrace) trace = run_with (model, lz_integrator_event, 1, 1e-3, 0.5, 1e-3);
    guint f = element_index (model, "f"), s1 = element_index (model, "s1");
    double t_slip = 0, err = 0;
    LzEnergy energy;

    for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
      {
        LzEvent ev;

        lz_trace_get_event (trace, i, &ev);
        if (ev.element == f && ev.cause == LZ_CAUSE_FORCE_LIMIT)
          t_slip = ev.t;
      }
    for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
      {
        double t = lz_trace_get_time (trace, r);

        if (t > 0.5 - 1e-9)
          break;
        if (t < 1e-9)
          continue;                     /* (at t = 0 s1 closes only after the first row) */
        err = MAX (err, fabs (lz_trace_get_v (trace, r, 0)) + fabs (lz_trace_get_q (trace, r, 0) - 0.05));
        err = MAX (err, fabs (-lz_trace_get_force (trace, r, s1) - (3 + 4 * t)));
        err = MAX (err, fabs (lz_trace_get_force (trace, r, f) + (3 + 4 * t)));
      }
    lz_trace_get_energy (trace, last_row (trace), &energy);
    g_test_message ("held through the pad: slips at %.12g s (0.5), |state, forces − closed form| %.1e, "
                    "balance %.1e J", t_slip, err, energy.balance_error);
    g_assert_cmpfloat_with_epsilon (t_slip, 0.5, 1e-9);
    g_assert_cmpfloat (err, <=, 1e-9);
    g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  }
}
/* The events of TRACE at one instant: no element twice (a zero-length
 * switch such as stick → slip → stick where nothing switched is not
 * logged), and none from a mode to itself but an impact or the start. */
static void
assert_no_zero_length (const LzTrace *trace)
{
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      g_assert_true (ev.from != ev.to || ev.cause == LZ_CAUSE_INITIAL || ev.cause == LZ_CAUSE_IMPACT
                     || ev.cause == LZ_CAUSE_ZENO);
      for (guint j = i + 1; j < lz_trace_get_n_events (trace); j++)
        {
          LzEvent other;

          lz_trace_get_event (trace, j, &other);
          if (other.t != ev.t)
            break;
          g_assert_cmpuint (other.element, !=, ev.element);
        }
    }
}

/* The rows of TRACE: times strictly increasing, the last at T_END; with
 * SAMPLE, every row at k·SAMPLE (computed by multiplication) or at an
 * event, and every k·SAMPLE up to T_END there. */
static void
assert_rows (const LzTrace *trace,
             double         sample,
             double         t_end)
{
  guint rows = lz_trace_get_n_samples (trace), k = 0, ev = 0;

  g_assert_cmpuint (rows, >, 1);
  g_assert_cmpfloat (lz_trace_get_time (trace, 0), ==, 0);
  for (guint r = 1; r < rows; r++)
    g_assert_cmpfloat (lz_trace_get_time (trace, r), >, lz_trace_get_time (trace, r - 1));
  g_assert_cmpfloat (lz_trace_get_time (trace, rows - 1), ==, t_end);
  if (!(sample > 0))
    return;
  for (guint r = 0; r < rows; r++)
    {
      double t = lz_trace_get_time (trace, r);
      LzEvent event;

      while (ev < lz_trace_get_n_events (trace) && (lz_trace_get_event (trace, ev, &event), event.t < t))
        ev++;
      if (t == k * sample || (r == rows - 1 && t == t_end))
        {
          k++;
          continue;
        }
      /* not a sample: an event's row */
      g_assert_true (ev < lz_trace_get_n_events (trace));
      lz_trace_get_event (trace, ev, &event);
      g_assert_cmpfloat (event.t, ==, t);
    }
  /* (and none missing at the end) */
  g_assert_cmpfloat (k * sample, >, t_end * (1 - 1e-12));
}

/* The trace's invariants, sampled and not: B1 over 100 s (1 000 samples
 * at k·0.1 s exactly, no drift), the gear train of paper 003 (massless
 * shafts whose bearings' modes are left at once) over its first 50 ms. */
static void
test_event_trace_invariants (void)
{
  g_autoptr(LzModel) b1 = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(LzModel) gears = load ("data/examples/paper003-gear-train.luztar");
  const double samples[] = { 0, 0.1, 0.3 };

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(LzTrace) trace = simulate (b1, lz_integrator_event, samples[s]);

      assert_rows (trace, samples[s], 100);
      assert_no_zero_length (trace);
      g_assert_cmpuint (lz_trace_get_n_events (trace), ==, 34);
    }
  for (guint s = 0; s < 2; s++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzTrace) trace = NULL;
      LzIntegratorOptions options;
      LzEvent ev;

      lz_integrator_options_init (&options);
      options.t_end = 0.05;
      options.sample = s == 0 ? 0 : 1e-3;
      trace = run_options (gears, lz_integrator_event, &options, NULL, &error);
      g_assert_no_error (error);
      assert_rows (trace, options.sample, options.t_end);
      assert_no_zero_length (trace);
      /* bearing φ's slip at t = 0 turns at once: it starts stuck */
      for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
        if (lz_trace_get_event (trace, i, &ev), g_strcmp0 (lz_trace_get_element_id (trace, ev.element),
                                                           "bearing-phi") == 0)
          break;
      g_assert_cmpint (ev.cause, ==, LZ_CAUSE_INITIAL);
      g_assert_cmpint (ev.to, ==, LZ_MODE_STICK);
    }
}

/* Simultaneous switches: three copies of B1 switch together, each logged,
 * and lz_integrator_step() returns LZ_STEP_EVENT at that instant with
 * all three in the log. */
static void
test_event_simultaneous (void)
{
  g_autoptr(GString) xml = g_string_new ("<luztar-model version='1'><ground id='wall'/>");
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) as = NULL;
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(LzTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  LzStepResult r;
  guint instants = 0;

  for (guint c = 0; c < 3; c++)
    g_string_append_printf (xml, "<body id='m%u' mass='1'/><spring id='k%u' a='wall' b='m%u' k='1'/>"
                            "<friction id='f%u' a='wall' b='m%u' level='0.6'/>"
                            "<force id='F%u' body='m%u' value='sin(0.5*t)'/>", c, c, c, c, c, c, c);
  g_string_append (xml, "<simulation t-end='20'/></luztar-model>");
  model = parse (xml->str);
  as = lz_assembly_new (model, &error);
  g_assert_no_error (error);
  lz_integrator_options_init (&options);
  integrator = lz_integrator_new (lz_integrator_event, as, &options, &error);
  g_assert_no_error (error);
  trace = lz_trace_new (model);
  do
    {
      guint before = lz_trace_get_n_events (trace);

      r = lz_integrator_step (integrator, INFINITY, trace, &error);
      g_assert_no_error (error);
      if (r == LZ_STEP_EVENT)
        {
          guint after = lz_trace_get_n_events (trace);

          g_assert_cmpuint (after - before, ==, 3);
          for (guint i = before; i < after; i++)
            {
              LzEvent ev;

              lz_trace_get_event (trace, i, &ev);
              g_assert_cmpfloat (ev.t, ==, lz_integrator_get_time (integrator));
              g_assert_cmpuint (ev.element, ==, 2 * (i - before) + 1);
            }
          instants++;
        }
      else
        g_assert_cmpuint (lz_trace_get_n_events (trace), ==, before + (before == 0 ? 3 : 0));
    }
  while (r == LZ_STEP_OK || r == LZ_STEP_EVENT);
  g_assert_cmpint (r, ==, LZ_STEP_DONE);
  /* every switch at an instant of its own three (and the initial modes) */
  g_assert_cmpuint (instants, >=, 5);
  g_assert_cmpuint (lz_trace_get_n_events (trace), ==, 3 * instants + 3);
}

/* Many elements without a law in the way: B1 with 260 dampers of zero
 * damping before its elements logs B1's 34 events, at B1's times (a
 * fixed table of 256 modes once dropped all but 7). */
static void
test_event_many_dampers (void)
{
  g_autoptr(GString) xml = g_string_new ("<luztar-model version='1'><ground id='wall'/>"
                                         "<body id='m1' mass='1'/>");
  g_autoptr(LzModel) b1 = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzTrace) ref = simulate (b1, lz_integrator_event, 0.5);
  g_autoptr(LzTrace) trace = NULL;

  for (guint d = 0; d < 260; d++)
    g_string_append_printf (xml, "<damper id='d%u' a='wall' b='m1' c='0'/>", d);
  g_string_append (xml, "<spring id='k1' a='wall' b='m1' k='1'/><friction id='f1' a='wall' b='m1' level='0.6'/>"
                   "<force id='F' body='m1' value='sin(0.5*t)'/><simulation t-end='100'/></luztar-model>");
  model = parse (xml->str);
  trace = simulate (model, lz_integrator_event, 0.5);
  g_assert_cmpuint (lz_trace_get_n_events (ref), ==, 34);
  g_assert_cmpuint (lz_trace_get_n_events (trace), ==, 34);
  for (guint i = 0; i < 34; i++)
    {
      LzEvent a, b;

      lz_trace_get_event (ref, i, &a);
      lz_trace_get_event (trace, i, &b);
      g_assert_cmpfloat_with_epsilon (a.t, b.t, 1e-12);
      g_assert_cmpuint (b.element, ==, a.element + 260);
      g_assert_cmpint (a.to, ==, b.to);
      g_assert_cmpint (a.cause, ==, b.cause);
    }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/event/moving-limit", test_event_moving_limit);
  g_test_add_func ("/lz/event/ground-kink", test_event_ground_kink);
  g_test_add_func ("/lz/event/vehicle-bump", test_event_vehicle_bump);
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
  g_test_add_func ("/lz/event/massless-pad-stop", test_event_massless_pad_stop);
  g_test_add_func ("/lz/event/massless-node-freeplay", test_event_massless_node_freeplay);
  g_test_add_func ("/lz/event/massless-chain", test_event_massless_chain);
  g_test_add_func ("/lz/event/massless-damped-pad", test_event_massless_damped_pad);
  g_test_add_func ("/lz/event/massless-damped-freeplay", test_event_massless_damped_freeplay);
  g_test_add_func ("/lz/event/massless-play", test_event_massless_play);
  g_test_add_func ("/lz/event/massless-bearing-freeplay", test_event_massless_bearing_freeplay);
  g_test_add_func ("/lz/event/massless-bearing-stop", test_event_massless_bearing_stop);
  g_test_add_func ("/lz/event/massless-bearing-moving-stop", test_event_massless_bearing_moving_stop);
  g_test_add_func ("/lz/event/massless-friction-joints", test_event_massless_friction_joints);
  g_test_add_func ("/lz/event/massless-damped-friction", test_event_massless_damped_friction);
  g_test_add_func ("/lz/event/massless-through-stop", test_event_massless_through_stop);
  g_test_add_func ("/lz/event/massless-through-friction", test_event_massless_through_friction);
  g_test_add_func ("/lz/event/trace-invariants", test_event_trace_invariants);
  g_test_add_func ("/lz/event/simultaneous", test_event_simultaneous);
  g_test_add_func ("/lz/event/many-dampers", test_event_many_dampers);
  return g_test_run ();
}
