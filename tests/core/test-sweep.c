/* test-sweep.c — sweeps: the runs' parameters, measures against closed
 * forms, rows independent of the number of threads
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "test-util.h"

/* m = 1, k = 4: q = cos 2t, period π */
static const char oscillator[] =
  "<luztar-model version='1' name='oscillator'>"
  "<ground id='wall'/><body id='m' mass='1' q0='1'/>"
  "<spring id='k' a='wall' b='m' k='4'/>"
  "<simulation t-end='20' method='event'/></luztar-model>";

/* a block on a floor with dry friction F0 = 0.5, pushed by F = 2t: stuck
 * until t0 = F0/2 = 0.25, then x = (t − t0)³/3 */
static const char ramp[] =
  "<luztar-model version='1' name='ramp'>"
  "<ground id='floor'/><body id='m' mass='1'/>"
  "<friction id='f' a='floor' b='m' level='0.5'/>"
  "<force id='F' body='m' value='2*t'/>"
  "<simulation t-end='2' method='event'/></luztar-model>";

/* a ball dropped from 1 m onto a floor with e = 0.5 */
static const char ball[] =
  "<luztar-model version='1' name='ball'>"
  "<ground id='floor'/><body id='m' mass='1' q0='1'/>"
  "<stop id='s' a='floor' b='m' lower='0' upper='inf' restitution='0.5'/>"
  "<force id='g' body='m' value='-9.81'/>"
  "<simulation t-end='1.2' method='event'/></luztar-model>";

static LzSweep *
sweep_of (const char *xml)
{
  g_autoptr(LzModel) model = parse (xml);

  return lz_sweep_new (model, "test.luztar");
}

static void
test_grid (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (oscillator);
  g_autoptr(GError) error = NULL;
  double v[2];

  g_assert_cmpuint (lz_sweep_get_n_runs (sweep), ==, 1);
  g_assert_true (lz_sweep_add_set (sweep, "k.k=1:4:3", &error));
  g_assert_true (lz_sweep_add_set (sweep, "m.mass=log:0.01:100:5", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lz_sweep_get_n_runs (sweep), ==, 15);
  g_assert_cmpstr (lz_sweep_get_param_name (sweep, 1), ==, "m.mass");
  /* the last parameter varies fastest; ends as written */
  lz_sweep_get_values (sweep, 0, v);
  g_assert_cmpfloat (v[0], ==, 1);
  g_assert_cmpfloat (v[1], ==, 0.01);
  lz_sweep_get_values (sweep, 2, v);
  g_assert_cmpfloat (v[0], ==, 1);
  g_assert_cmpfloat_with_epsilon (v[1], 1, 1e-15);
  lz_sweep_get_values (sweep, 9, v);
  g_assert_cmpfloat (v[0], ==, 2.5);
  g_assert_cmpfloat (v[1], ==, 100);
  lz_sweep_get_values (sweep, 14, v);
  g_assert_cmpfloat (v[0], ==, 4);

  /* refusals name what is wrong */
  g_assert_false (lz_sweep_add_set (sweep, "k.k=2", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "twice"));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_set (sweep, "nothing.k=1,2", &error));
  g_assert_nonnull (strstr (error->message, "nothing"));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_set (sweep, "m.q0=1:2", &error));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_set (sweep, "m.q0=log:-1:2:3", &error));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_set (sweep, "m.v0=1,x", &error));
  g_assert_nonnull (strstr (error->message, "“x”"));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_vary (sweep, "m.v0=gauss(1,2)", &error));
  g_clear_error (&error);
  g_assert_true (lz_sweep_add_set (sweep, "simulation.t-end=1,2", &error));
  g_assert_cmpuint (lz_sweep_get_n_runs (sweep), ==, 30);
}

/* Monte Carlo: run r's draws are a function of (seed, r); the sample
 * statistics are those of the distribution. */
static void
test_monte_carlo (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (oscillator);
  g_autoptr(LzSweep) other = sweep_of (oscillator);
  g_autoptr(GError) error = NULL;
  const guint n = 4000;
  double sum[3] = { 0 }, sq = 0, lo = INFINITY, hi = -INFINITY, v[3], w[3];

  g_assert_true (lz_sweep_add_vary (sweep, "k.k=normal(4,0.5)", &error));
  g_assert_true (lz_sweep_add_vary (sweep, "m.mass=uniform(1,3)", &error));
  g_assert_true (lz_sweep_add_vary (sweep, "m.q0=lognormal(0,0.25)", &error));
  g_assert_no_error (error);
  lz_sweep_set_monte_carlo (sweep, n, 42);
  g_assert_cmpuint (lz_sweep_get_n_runs (sweep), ==, n);
  for (guint r = 0; r < n; r++)
    {
      lz_sweep_get_values (sweep, r, v);
      sum[0] += v[0];
      sq += (v[0] - 4) * (v[0] - 4);
      sum[1] += v[1];
      lo = MIN (lo, v[1]);
      hi = MAX (hi, v[1]);
      sum[2] += log (v[2]);
    }
  /* 5 standard errors */
  g_assert_cmpfloat_with_epsilon (sum[0] / n, 4, 5 * 0.5 / sqrt (n));
  g_assert_cmpfloat_with_epsilon (sqrt (sq / n), 0.5, 5 * 0.5 / sqrt (2.0 * n));
  g_assert_cmpfloat_with_epsilon (sum[1] / n, 2, 5 * (2 / sqrt (12.0)) / sqrt (n));
  g_assert_true (lo >= 1 && hi <= 3);
  g_assert_cmpfloat_with_epsilon (sum[2] / n, 0, 5 * 0.25 / sqrt (n));

  /* the same seed, the same draws for a run, whatever was drawn before */
  g_assert_true (lz_sweep_add_vary (other, "k.k=normal(4,0.5)", &error));
  g_assert_true (lz_sweep_add_vary (other, "m.mass=uniform(1,3)", &error));
  g_assert_true (lz_sweep_add_vary (other, "m.q0=lognormal(0,0.25)", &error));
  lz_sweep_set_monte_carlo (other, n, 42);
  lz_sweep_get_values (sweep, 1234, v);
  lz_sweep_get_values (other, 1234, w);
  g_assert_cmpmem (v, sizeof v, w, sizeof w);
  lz_sweep_set_monte_carlo (other, n, 43);
  lz_sweep_get_values (other, 1234, w);
  g_assert_cmpfloat (v[0], !=, w[0]);
}

static double
measure (LzSweep    *sweep,
         LzSweepRow *row,
         const char *name)
{
  int m = lz_sweep_find_measure (sweep, name);

  g_assert_cmpint (m, >=, 0);
  return row->measures[m];
}

static LzSweepRow *
run_one (LzSweep *sweep,
         guint    run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzSweepWorker) worker = lz_sweep_worker_new (sweep, &error);

  g_assert_no_error (error);
  return lz_sweep_worker_run (worker, run);
}

/* q = cos 2t: extremes ±1, period π, q < 0 first at π/4, the strobe at
 * multiples of the period back at (1, 0). */
static void
test_oscillator_measures (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (oscillator);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzSweepRow) row = NULL;
  LzIntegratorOptions options;
  LzSweepMeasures m = { .after = 0, .strobe_period = G_PI, .strobe_count = 3, .when = "m.q < 0" };

  lz_integrator_options_init (&options);
  options.sample = 1e-3;
  lz_sweep_set_method (sweep, lz_integrator_event, &options);
  g_assert_true (lz_sweep_set_measures (sweep, &m, &error));
  g_assert_no_error (error);
  row = run_one (sweep, 0);
  g_assert_null (row->error);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_end"), cos (40), 1e-8);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.v_end"), -2 * sin (40), 1e-8);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_min"), -1, 1e-6);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_max"), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "period"), G_PI, 1e-5 * G_PI);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "t_first"), G_PI / 4, 1e-5 * G_PI);
  for (guint k = 1; k <= 3; k++)
    {
      g_autofree char *q = g_strdup_printf ("strobe%u.m.q", k);
      g_autofree char *v = g_strdup_printf ("strobe%u.m.v", k);

      g_assert_cmpfloat_with_epsilon (measure (sweep, row, q), 1, 1e-6);
      g_assert_cmpfloat_with_epsilon (measure (sweep, row, v), 0, 1e-5);
    }
  g_assert_cmpfloat (measure (sweep, row, "impacts"), ==, 0);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "dissipated_damping"), 0, 1e-12);
  g_assert_true (isnan (row->measures[lz_sweep_get_n_measures (sweep) - 1]) == FALSE);

  /* a condition never met has no time */
  m.when = "m.q > 2";
  g_assert_true (lz_sweep_set_measures (sweep, &m, &error));
  g_clear_pointer (&row, lz_sweep_row_free);
  row = run_one (sweep, 0);
  g_assert_true (isnan (measure (sweep, row, "t_first")));
  m.when = "nobody.q > 2";
  g_assert_false (lz_sweep_set_measures (sweep, &m, &error));
  g_assert_nonnull (strstr (error->message, "nobody"));
}

/* Stuck until t0 = 0.25, slipping after: one stick interval of 0.25 s,
 * friction's dissipation F0·x(T) with x = (T − t0)³/3; measured from
 * t = 1 on, no stick interval and F0·(x(2) − x(1)). */
static void
test_ramp_measures (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (ramp);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzSweepRow) row = NULL;
  LzSweepMeasures m = { 0 };
  double x2 = pow (1.75, 3) / 3, x1 = pow (0.75, 3) / 3;

  row = run_one (sweep, 0);
  g_assert_null (row->error);
  g_assert_cmpfloat (measure (sweep, row, "f.stick_count"), ==, 1);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "f.stick_time"), 0.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_end"), x2, 1e-8);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "dissipated_friction"), 0.5 * x2, 1e-8);
  g_assert_true (isnan (measure (sweep, row, "period")));

  m.after = 1;
  g_assert_true (lz_sweep_set_measures (sweep, &m, &error));
  g_clear_pointer (&row, lz_sweep_row_free);
  row = run_one (sweep, 0);
  g_assert_cmpfloat (measure (sweep, row, "f.stick_count"), ==, 0);
  g_assert_cmpfloat (measure (sweep, row, "f.stick_time"), ==, 0);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_min"), x1, 1e-6);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "dissipated_friction"), 0.5 * (x2 - x1), 1e-8);
}

/* Bounces: impact k at t_k = t_1 (1 + 2e + … + 2e^(k−1)), t_1 = √(2/g),
 * accumulating at 3·t_1 = 1.355 s (the run ends before); the energy lost
 * in k impacts is (1 − e^(2k))·m·g·h. */
static void
test_ball_measures (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (ball);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzSweepRow) row = NULL;
  double e = 0.5, t = sqrt (2 / 9.81), dt = 2 * e * t;
  guint k = 0;

  for (; t <= 1.2; t += dt, dt *= e)
    k++;
  g_assert_cmpuint (k, >=, 3);
  lz_sweep_set_method (sweep, lz_integrator_event, NULL);
  row = run_one (sweep, 0);
  g_assert_null (row->error);
  g_assert_cmpfloat (measure (sweep, row, "impacts"), ==, k);
  g_assert_cmpfloat (measure (sweep, row, "s.impacts"), ==, k);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "dissipated_impacts"),
                                  (1 - pow (e, 2 * k)) * 9.81, 1e-6);
  g_assert_cmpfloat_with_epsilon (measure (sweep, row, "m.q_max"), 1, 1e-12);
  g_assert_no_error (error);
}

typedef struct
{
  LzSweep *sweep;
  GString *csv;
  guint    calls;
} Collect;

static gboolean
collect (const LzSweepRow *row,
         guint             done,
         gpointer          data)
{
  Collect *c = data;
  g_autofree char *line = lz_sweep_row_to_csv (c->sweep, row);

  c->calls++;
  g_assert_cmpuint (done, ==, c->calls);
  g_string_append (c->csv, line);
  return TRUE;
}

/* A failed run is a row with its message; the rows are the same on one
 * thread and on three, and come in run order. */
static void
test_threads (void)
{
  g_autoptr(LzSweep) sweep = sweep_of (ball);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) one = g_string_new (NULL), three = g_string_new (NULL);
  Collect a = { sweep, one, 0 }, b = { sweep, three, 0 };
  g_autofree char *header = NULL;
  g_autoptr(LzSweepRow) row = NULL;

  /* q0 = −0.1 starts inside the floor: that run fails */
  g_assert_true (lz_sweep_add_set (sweep, "m.q0=0.5,-0.1,1,2,3,4,5", &error));
  g_assert_true (lz_sweep_add_set (sweep, "s.restitution=0:1:3", &error));
  g_assert_no_error (error);
  g_assert_true (lz_sweep_run (sweep, 1, 0, 0, collect, &a, &error));
  g_assert_true (lz_sweep_run (sweep, 3, 0, 0, collect, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (a.calls, ==, 21);
  g_assert_cmpstr (one->str, ==, three->str);
  row = run_one (sweep, 3);
  g_assert_nonnull (row->error);
  g_assert_nonnull (strstr (row->error, "s"));
  g_assert_true (isnan (row->measures[0]));
  header = lz_sweep_dup_csv_header (sweep);
  g_assert_true (g_str_has_prefix (header, "run,m.q0,s.restitution,m.q_end,"));
  g_assert_true (g_str_has_suffix (header, ",error\n"));
  /* a part of the runs */
  g_string_truncate (three, 0);
  b.calls = 0;
  g_assert_true (lz_sweep_run (sweep, 2, 20, 0, collect, &b, &error));
  g_assert_cmpuint (b.calls, ==, 1);
  g_assert_true (g_str_has_prefix (three->str, "20,5,1,"));
}

int
main (int   argc,
      char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/sweep/grid", test_grid);
  g_test_add_func ("/lz/sweep/monte-carlo", test_monte_carlo);
  g_test_add_func ("/lz/sweep/oscillator", test_oscillator_measures);
  g_test_add_func ("/lz/sweep/ramp", test_ramp_measures);
  g_test_add_func ("/lz/sweep/ball", test_ball_measures);
  g_test_add_func ("/lz/sweep/threads", test_threads);
  return g_test_run ();
}
