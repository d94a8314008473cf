/* test-den-hartog.c — Den Hartog's boundary of non-stop motion of the
 * forced friction oscillator, against sweeps of the example model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lz-den-hartog.c derives F/P < |D| / sqrt(U² + 1/r⁴) for
 * m x'' + k x + F sgn(x') = P cos ωt.  Here the example
 * data/examples/stick-slip-regimes.luztar (m = 1, k = 1, F = 0.5) is
 * swept through a template of its force, P*cos(w*t), at forcing
 * amplitudes 10 % on each side of the boundary, for several r = ω: over
 * a late window the friction must never stick on the non-stop side and
 * must stick on the other.
 */

#include <math.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "test-util.h"

static void
test_closed_form (void)
{
  /* the limits the derivation gives */
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_boundary (1), G_PI / 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_boundary (1 + 1e-6), G_PI / 4, 1e-5);
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_boundary (1 - 1e-6), G_PI / 4, 1e-5);
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_boundary (1e4), 1 / sqrt (1 + G_PI * G_PI / 4), 1e-6);
  /* r = 1/2: U = 0, the bound is r²|D| = 1/3 */
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_boundary (0.5), 1.0 / 3, 1e-12);
  g_assert_cmpfloat (lz_den_hartog_boundary (1.0 / 3 + 1e-7), <, 1e-3);
  /* on the boundary the reversal's net force r²X equals the friction f */
  for (double r = 0.55; r < 4; r += 0.25)
    {
      double f = lz_den_hartog_boundary (r);

      g_assert_cmpfloat_with_epsilon (r * r * lz_den_hartog_amplitude (r, f), f, 1e-9);
    }
  /* without friction, the linear resonance curve */
  g_assert_cmpfloat_with_epsilon (lz_den_hartog_amplitude (2, 0), 1.0 / 3, 1e-12);
}

static void
test_sweep_sides (void)
{
  static const double ratios[] = { 0.6, 0.8, 1.2, 1.5, 2, 3 };
  g_autoptr(LzModel) model = load ("data/examples/stick-slip-regimes.luztar");
  double level = 0.5;   /* the friction level of the example */

  for (guint i = 0; i < G_N_ELEMENTS (ratios); i++)
    {
      double r = ratios[i], pb = level / lz_den_hartog_boundary (r);
      g_autoptr(LzSweep) sweep = lz_sweep_new (model, "stick-slip-regimes.luztar");
      g_autoptr(LzSweepWorker) worker = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *w = g_strdup_printf ("F.w=%.17g", r);
      g_autofree char *p = g_strdup_printf ("F.P=%.17g,%.17g", 0.9 * pb, 1.1 * pb);
      LzIntegratorOptions options;
      LzSweepMeasures measures = { .after = 100 };
      int stick;

      lz_integrator_options_init (&options);
      options.t_end = 150;
      g_assert_true (lz_sweep_add_template (sweep, "F.value=P*cos(w*t)", &error));
      g_assert_true (lz_sweep_add_set (sweep, w, &error));
      g_assert_true (lz_sweep_add_set (sweep, p, &error));
      g_assert_no_error (error);
      lz_sweep_set_method (sweep, lz_integrator_event, &options);
      g_assert_true (lz_sweep_set_measures (sweep, &measures, &error));
      stick = lz_sweep_find_measure (sweep, "f1.stick_count");
      g_assert_cmpint (stick, >=, 0);
      worker = lz_sweep_worker_new (sweep, &error);
      g_assert_no_error (error);
      for (guint run = 0; run < 2; run++)
        {
          g_autoptr(LzSweepRow) row = lz_sweep_worker_run (worker, run);

          g_assert_null (row->error);
          g_test_message ("r = %g, P = %g (boundary %g): %g stick phases in the window", r,
                          row->params[1], pb, row->measures[stick]);
          if (run == 0)
            g_assert_cmpfloat (row->measures[stick], >, 0);    /* F/P above the bound */
          else
            g_assert_cmpfloat (row->measures[stick], ==, 0);   /* non-stop */
        }
    }
}

/* The template's names are parameters; the file's model is not changed. */
static void
test_template (void)
{
  g_autoptr(LzModel) model = load ("data/examples/stick-slip-regimes.luztar");
  g_autoptr(LzSweep) sweep = lz_sweep_new (model, "x.luztar");
  g_autoptr(LzModel) run = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_false (lz_sweep_add_template (sweep, "f1.level=2*t", &error));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_template (sweep, "F.value=P*cos(w*", &error));
  g_clear_error (&error);
  g_assert_false (lz_sweep_add_set (sweep, "F.P=1:2:3", &error));
  g_clear_error (&error);
  g_assert_true (lz_sweep_add_template (sweep, "F.value=P*cos(w*t) + 1e-3*sin(pi*t)", &error));
  g_assert_false (lz_sweep_add_template (sweep, "F.value=P", &error));
  g_clear_error (&error);
  g_assert_true (lz_sweep_add_set (sweep, "F.P=-1:2:4", &error));
  g_assert_true (lz_sweep_add_set (sweep, "F.w=3", &error));
  g_assert_no_error (error);
  run = lz_sweep_dup_run_model (sweep, 0, &error);
  g_assert_no_error (error);
  text = lz_model_dup_parameter_string (run, "F", "value", NULL);
  g_assert_cmpstr (text, ==, "(-1)*cos((3)*t) + 1e-3*sin(pi*t)");
  g_free (text);
  text = lz_model_dup_parameter_string (model, "F", "value", NULL);
  g_assert_cmpstr (text, ==, "0.8*cos(1.5*t)");

  /* a name left without a value: the run says so */
  {
    g_autoptr(LzSweep) half = lz_sweep_new (model, "x.luztar");
    g_autoptr(LzModel) none = NULL;

    g_assert_true (lz_sweep_add_template (half, "F.value=P*cos(w*t)", &error));
    g_assert_true (lz_sweep_add_set (half, "F.P=1", &error));
    none = lz_sweep_dup_run_model (half, 0, &error);
    g_assert_null (none);
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  }
}

/* Strobing each run at its own forcing period: a forced linear oscillator
 * whose steady state is known at every strobe. */
static void
test_strobe_frequency (void)
{
  static const char xml[] =
    "<luztar-model version='1' name='linear'>"
    "<ground id='wall'/><body id='m' mass='1'/>"
    "<spring id='k' a='wall' b='m' k='1'/><damper id='c' a='wall' b='m' c='1'/>"
    "<force id='F' body='m' value='cos(2*t)'/>"
    "<simulation t-end='60' method='event'/></luztar-model>";
  g_autoptr(LzModel) model = parse (xml);
  g_autoptr(LzSweep) sweep = lz_sweep_new (model, "linear.luztar");
  g_autoptr(LzSweepWorker) worker = NULL;
  g_autoptr(GError) error = NULL;
  LzSweepMeasures measures = { .after = 40, .strobe_count = 3 };
  LzIntegratorOptions options;

  lz_integrator_options_init (&options);
  options.sample = 1e-3;
  options.t_end = 80;   /* three periods of ω = 0.5 after t = 40 */
  lz_sweep_set_method (sweep, lz_integrator_event, &options);
  g_assert_true (lz_sweep_add_template (sweep, "F.value=cos(w*t)", &error));
  g_assert_true (lz_sweep_add_set (sweep, "F.w=0.5,2", &error));
  g_assert_false (lz_sweep_set_strobe_frequency (sweep, "F.x", &error));
  g_clear_error (&error);
  g_assert_true (lz_sweep_set_strobe_frequency (sweep, "F.w", &error));
  g_assert_true (lz_sweep_set_measures (sweep, &measures, &error));
  g_assert_no_error (error);
  worker = lz_sweep_worker_new (sweep, &error);
  for (guint run = 0; run < 2; run++)
    {
      g_autoptr(LzSweepRow) row = lz_sweep_worker_run (worker, run);
      double w = row->params[0];
      /* x = Re(e^{iwt} / (1 − w² + i w)) at the whole periods from t = 40
       * on, where cos wt = 1: x = (1 − w²)/d */
      double re = 1 - w * w, im = w, d = re * re + im * im;
      double x = re / d;

      g_assert_null (row->error);
      for (guint k = 1; k <= 3; k++)
        {
          g_autofree char *name = g_strdup_printf ("strobe%u.m.q", k);

          g_assert_cmpfloat_with_epsilon (row->measures[lz_sweep_find_measure (sweep, name)], x, 1e-4);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  gsl_set_error_handler_off ();
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/den-hartog/closed-form", test_closed_form);
  g_test_add_func ("/lz/den-hartog/sweep", test_sweep_sides);
  g_test_add_func ("/lz/sweep/template", test_template);
  g_test_add_func ("/lz/sweep/strobe-frequency", test_strobe_frequency);
  return g_test_run ();
}
