/* test-simplify.c — massless joints eliminated in closed form, the gear
 * train's formal simplifications, and full singular models simulated
 * against their reductions
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *  - paper 003's reduced stiffness (1/k_ψδ + 1/k_δγ + p²/k_γφ)⁻¹ and
 *    reduced freeplay (ψ−δ)₀ + (δ−pγ)₀ + p(γ−φ)₀ (Simplification 2) and
 *    the rigid-teeth stiffness (Simplification 3) on random gear trains;
 *  - the eliminated models of Examples 5.1 and 5.3 assemble to paper 002's
 *    SᵀMS, SᵀCS, SᵀKS, Sᵀf;
 *  - a star of springs with ratios, offsets and a load on the hub keeps
 *    the static equilibrium of the bodies with mass;
 *  - the full singular models (time-stepping: massless coordinates as
 *    unknowns of the step's complementarity problem) and their reductions
 *    give the same trajectories: Examples 5.1 and 5.3 and a gear train
 *    with weightless gears and tooth backlash.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <gsl/gsl_linalg.h>

#include "lz.h"
#include "test-util.h"

static double
rand_log (double lo,
          double hi)
{
  return pow (10, g_test_rand_double_range (log10 (lo), log10 (hi)));
}

static gboolean
notes_contain (GPtrArray  *notes,
               const char *needle)
{
  for (guint i = 0; i < notes->len; i++)
    if (strstr (notes->pdata[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* The one element of MODEL between bodies x and y, as coefficients
 * (c_x, c_y) of its coordinate, k and freeplay. */
static const LzElement *
only_element (const LzModel *model,
              const char    *x,
              const char    *y,
              double        *cx,
              double        *cy)
{
  const LzElement *found = NULL;

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      double ca, cb;

      if (!((g_strcmp0 (el->a, x) == 0 && g_strcmp0 (el->b, y) == 0)
            || (g_strcmp0 (el->a, y) == 0 && g_strcmp0 (el->b, x) == 0)))
        continue;
      g_assert_null (found);
      found = el;
      lz_element_get_coefficients (el, &ca, &cb);
      *cx = g_strcmp0 (el->a, x) == 0 ? -ca : cb;
      *cy = g_strcmp0 (el->a, y) == 0 ? -ca : cb;
    }
  g_assert_nonnull (found);
  return found;
}

/* Paper 003, §4.1: random gear trains, Simplifications 1, 2 and 3. */
static void
test_gear_train (void)
{
  for (guint trial = 0; trial < 100; trial++)
    {
      double k1 = rand_log (1, 1e4), k3 = rand_log (1, 1e4), K = rand_log (1e3, 1e8);
      double ra = rand_log (0.005, 0.2), rb = rand_log (0.005, 0.2);
      double d1 = rand_log (1e-4, 0.1), d3 = rand_log (1e-4, 0.1), l0 = rand_log (1e-6, 1e-3);
      double p = rb / ra, kdg = ra * ra * K;
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1' name='train'>"
        "<ground id='casing'/>"
        "<body id='psi' kind='rotational' inertia='0.02'/>"
        "<body id='delta' kind='rotational' inertia='1e-4'/>"
        "<body id='gamma' kind='rotational' inertia='2e-3'/>"
        "<body id='phi' kind='rotational' inertia='0.5'/>"
        "<spring id='shaft1' a='psi' b='delta' k='%.17g' freeplay='%.17g'/>"
        "<gear id='mesh' a='delta' b='gamma' ra='%.17g' rb='%.17g' stiffness='%.17g' freeplay='%.17g'/>"
        "<spring id='shaft2' a='gamma' b='phi' k='%.17g' freeplay='%.17g'/>"
        "<friction id='b-psi' a='casing' b='psi' level='0.05' viscous='0.002'/>"
        "<friction id='b-delta' a='casing' b='delta' level='0.01' viscous='0.05'/>"
        "<friction id='b-gamma' a='casing' b='gamma' level='0.02' viscous='0.1'/>"
        "<friction id='b-phi' a='casing' b='phi' level='0.2' viscous='0.02'/>"
        "<force id='M' body='psi' value='cos(t)'/>"
        "<simulation t-end='1'/>"
        "</luztar-model>", k1, d1, ra, rb, K, l0, k3, d3);
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) inner = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *first = NULL, *last = NULL;
      g_autoptr(LzModel) s1 = NULL, s2 = NULL, s3 = NULL;
      const LzElement *el;
      double cpsi, cphi, k, fp;

      g_assert_true (lz_model_find_gear_train (model, &first, &last, inner));
      g_assert_cmpstr (first, ==, "psi");
      g_assert_cmpstr (last, ==, "phi");
      g_assert_cmpuint (inner->len, ==, 2);

      /* 1: weightless gears, bearings kept */
      s1 = lz_model_simplify_gear_train (model, 1, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (lz_model_lookup_body (s1, "delta")->mass, ==, 0);
      g_assert_cmpfloat (lz_model_lookup_body (s1, "gamma")->mass, ==, 0);
      g_assert_cmpuint (lz_model_get_n_elements (s1), ==, 7);

      /* 2: k_ψφ luz(ψ − pφ, (ψ−δ)₀ + (δ−pγ)₀ + p(γ−φ)₀) */
      s2 = lz_model_simplify_gear_train (model, 2, notes, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lz_model_get_n_bodies (s2), ==, 2);
      g_assert_cmpuint (lz_model_count_kind (s2, LZ_ITEM_FRICTION), ==, 2);
      el = only_element (s2, "psi", "phi", &cpsi, &cphi);
      g_assert_cmpint (el->item.kind, ==, LZ_ITEM_SPRING);
      lz_element_get_stiffness (el, &k, &fp, NULL);
      g_assert_cmpfloat (fabs (cphi / cpsi + p), <=, 1e-11 * p);
      g_assert_cmpfloat (fabs (k * cpsi * cpsi - 1 / (1 / k1 + 1 / kdg + p * p / k3)), <=,
                         1e-11 * k * cpsi * cpsi);
      g_assert_cmpfloat (fabs (fp / fabs (cpsi) - (d1 + l0 / ra + p * d3)), <=, 1e-11 * fp / fabs (cpsi));
      g_assert_true (notes_contain (notes, "Simplification 2"));
      g_assert_true (notes_contain (notes, "Theorem 3.6"));

      /* 3: rigid teeth, no freeplay: (1/k_ψδ + p²/k_γφ)⁻¹ */
      s3 = lz_model_simplify_gear_train (model, 3, NULL, &error);
      g_assert_no_error (error);
      el = only_element (s3, "psi", "phi", &cpsi, &cphi);
      lz_element_get_stiffness (el, &k, &fp, NULL);
      g_assert_cmpfloat (fp, ==, 0);
      g_assert_cmpfloat (fabs (cphi / cpsi + p), <=, 1e-11 * p);
      g_assert_cmpfloat (fabs (k * cpsi * cpsi - 1 / (1 / k1 + p * p / k3)), <=, 1e-11 * k * cpsi * cpsi);
    }
}

static void
test_no_gear_train (void)
{
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) s = lz_model_simplify_gear_train (model, 2, NULL, &error);

  g_assert_null (s);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
  g_assert_nonnull (strstr (error->message, "gear train"));
}

/* The eliminated model assembles to the paper's reduced system. */
static void
check_same_as_reduction (const char *file,
                         guint       n_kept)
{
  g_autoptr(LzModel) model = load (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) full = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, notes);
  g_autoptr(LzAssembly) small = NULL;
  g_autoptr(gsl_vector) fr = gsl_vector_alloc (n_kept), f = gsl_vector_alloc (n_kept);
  const gsl_matrix *mats[3][2];
  g_auto(GStrv) kept = NULL;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (full);
  g_assert_true (lz_reduction_is_reduced (r));
  small = lz_assembly_new (reduced, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lz_assembly_get_n_dofs (small), ==, n_kept);
  kept = lz_reduction_dup_kept (r);
  for (guint j = 0; j < n_kept; j++)
    g_assert_cmpstr (lz_assembly_get_dof_name (small, j), ==, kept[j]);
  g_assert_true (notes_contain (notes, "eliminated"));

  mats[0][0] = lz_reduction_get_Mr (r);
  mats[0][1] = lz_assembly_get_M (small);
  mats[1][0] = lz_reduction_get_Cr (r);
  mats[1][1] = lz_assembly_get_C (small);
  mats[2][0] = lz_reduction_get_Kr (r);
  mats[2][1] = lz_assembly_get_K (small);
  for (guint m = 0; m < 3; m++)
    {
      double scale = 0;

      for (guint i = 0; i < n_kept; i++)
        for (guint j = 0; j < n_kept; j++)
          scale = MAX (scale, fabs (gsl_matrix_get (mats[m][0], i, j)));
      for (guint i = 0; i < n_kept; i++)
        for (guint j = 0; j < n_kept; j++)
          g_assert_cmpfloat (fabs (gsl_matrix_get (mats[m][0], i, j) - gsl_matrix_get (mats[m][1], i, j)),
                             <=, 1e-11 * scale);
    }
  for (double t = 0; t < 1; t += 0.137)
    {
      lz_reduction_eval_fr (r, t, fr);
      lz_assembly_eval_f (small, t, f);
      for (guint j = 0; j < n_kept; j++)
        g_assert_cmpfloat (fabs (gsl_vector_get (fr, j) - gsl_vector_get (f, j)), <=,
                           1e-12 * (1 + fabs (gsl_vector_get (f, j))));
    }
}

static void
test_examples_eliminated (void)
{
  check_same_as_reduction ("data/examples/paper002-ex51-absorber.luztar", 1);
  check_same_as_reduction ("data/examples/paper002-ex53-vehicle.luztar", 3);
}

/* A massless hub held by three springs with ratios and offsets, loaded:
 * the bodies with mass rest where the full model rests. */
static void
test_star (void)
{
  for (guint trial = 0; trial < 50; trial++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<luztar-model version='1' name='star'>"
        "<ground id='wall'/>"
        "<body id='m1' mass='1'/><body id='m2' mass='2'/><body id='m3' mass='3'/>"
        "<body id='hub' mass='0'/>"
        "<spring id='g1' a='wall' b='m1' k='%.17g'/>"
        "<spring id='g2' a='wall' b='m2' k='%.17g' offset='%.17g'/>"
        "<spring id='s1' a='m1' b='hub' k='%.17g' ca='%.17g' cb='%.17g' offset='%.17g'/>"
        "<spring id='s2' a='hub' b='m2' k='%.17g' ca='%.17g' cb='%.17g' offset='%.17g'/>"
        "<spring id='s3' a='m3' b='hub' k='%.17g' ca='%.17g' cb='%.17g'/>"
        "<spring id='s4' a='wall' b='hub' k='%.17g' offset='%.17g'/>"
        "<force id='F' body='hub' value='%.17g'/>"
        "<force id='G' body='m3' value='%.17g'/>"
        "<simulation t-end='1'/>"
        "</luztar-model>",
        rand_log (1, 100), rand_log (1, 100), g_test_rand_double_range (-1, 1),
        rand_log (1, 100), g_test_rand_double_range (0.5, 2), g_test_rand_double_range (-2, -0.5),
        g_test_rand_double_range (-1, 1),
        rand_log (1, 100), g_test_rand_double_range (0.5, 2), g_test_rand_double_range (0.5, 2),
        g_test_rand_double_range (-1, 1),
        rand_log (1, 100), g_test_rand_double_range (0.5, 2), g_test_rand_double_range (0.5, 2),
        rand_log (1, 100), g_test_rand_double_range (-1, 1),
        g_test_rand_double_range (-5, 5), g_test_rand_double_range (-5, 5));
      g_autoptr(LzModel) model = parse (xml);
      g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, notes);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzAssembly) a = lz_assembly_new (model, &error);
      g_autoptr(LzAssembly) b = lz_assembly_new (reduced, &error);
      double qa[4], qb[3];
      const LzAssembly *as[2] = { a, b };
      double *qs[2] = { qa, qb };

      g_assert_no_error (error);
      g_assert_cmpuint (lz_model_get_n_bodies (reduced), ==, 3);
      g_assert_true (notes_contain (notes, "“hub”"));
      /* K q = f(0) for both */
      for (guint m = 0; m < 2; m++)
        {
          guint n = lz_assembly_get_n_dofs (as[m]);
          g_autoptr(gsl_matrix) K = gsl_matrix_alloc (n, n);
          g_autoptr(gsl_vector) f = gsl_vector_alloc (n), q = gsl_vector_alloc (n);
          gsl_permutation *p = gsl_permutation_alloc (n);
          int sign;

          gsl_matrix_memcpy (K, lz_assembly_get_K (as[m]));
          lz_assembly_eval_f (as[m], 0, f);
          gsl_linalg_LU_decomp (K, p, &sign);
          gsl_linalg_LU_solve (K, p, f, q);
          for (guint i = 0; i < n; i++)
            qs[m][i] = gsl_vector_get (q, i);
          gsl_permutation_free (p);
        }
      for (guint i = 0; i < 3; i++)
        g_assert_cmpfloat (fabs (qa[i] - qb[i]), <=, 1e-9 * (1 + fabs (qa[i])));
    }
}

/* Joints that have no closed form stay, and the notes say why. */
static void
test_kept_joints (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='kept'>"
    "<ground id='wall'/>"
    "<body id='m' mass='1'/>"
    "<body id='pad' mass='0'/>"
    "<body id='maxwell' mass='0'/>"
    "<spring id='k' a='pad' b='m' k='10'/>"
    "<friction id='f' a='wall' b='pad' level='1' viscous='2'/>"
    "<spring id='k1' a='wall' b='maxwell' k='10'/>"
    "<damper id='c1' a='wall' b='maxwell' c='3'/>"
    "<spring id='k2' a='maxwell' b='m' k='5'/>"
    "<simulation t-end='1'/>"
    "</luztar-model>");
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, notes);

  g_assert_cmpuint (lz_model_get_n_bodies (reduced), ==, 3);
  g_assert_true (lz_model_equal (model, reduced));
  g_assert_true (notes_contain (notes, "non-inertial"));
  g_assert_true (notes_contain (notes, "first-order"));
}

/* ------------------------------------------------------------------------ */
/* Trajectories                                                              */

/* The largest difference of body ID between the traces at the sample
 * times they share (both sampled every SAMPLE from 0). */
static double
max_difference (const LzTrace *a,
                const LzTrace *b,
                const char    *id,
                double         sample,
                double        *amplitude)
{
  int ia = -1, ib = -1;
  guint j = 0;
  double worst = 0;

  for (guint i = 0; i < lz_trace_get_n_bodies (a); i++)
    if (strcmp (lz_trace_get_body_id (a, i), id) == 0)
      ia = i;
  for (guint i = 0; i < lz_trace_get_n_bodies (b); i++)
    if (strcmp (lz_trace_get_body_id (b, i), id) == 0)
      ib = i;
  g_assert_cmpint (ia, >=, 0);
  g_assert_cmpint (ib, >=, 0);
  *amplitude = 0;
  for (guint i = 0; i < lz_trace_get_n_samples (a); i++)
    {
      double t = lz_trace_get_time (a, i);

      if (fabs (t / sample - round (t / sample)) > 1e-6)
        continue;
      while (j < lz_trace_get_n_samples (b) && lz_trace_get_time (b, j) < t - 1e-9)
        j++;
      if (j >= lz_trace_get_n_samples (b) || fabs (lz_trace_get_time (b, j) - t) > 1e-9)
        continue;
      worst = MAX (worst, fabs (lz_trace_get_q (a, i, ia) - lz_trace_get_q (b, j, ib)));
      *amplitude = MAX (*amplitude, fabs (lz_trace_get_q (a, i, ia)));
    }
  return worst;
}

/* ------------------------------------------------------------------------ */
/* Runs of models whose joints only a closed form takes (lz-joints.c)        */

static int
element_of (const LzModel *model,
            const char    *id)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (strcmp (lz_model_get_element (model, e)->item.id, id) == 0)
      return e;
  g_assert_not_reached ();
}

/* At every row: the put-back body ID balances the forces of its elements
 * (relative to the largest force of the run), and every spring with
 * freeplay on it is in the mode its coordinate says.  Returns the worst
 * balance. */
static double
check_put_back (const LzModel *model,
                const LzTrace *trace,
                const char    *id,
                guint         *engaged_rows)
{
  double worst = 0, largest = 1e-300;

  *engaged_rows = 0;
  for (guint r = 0; r < lz_trace_get_n_samples (trace); r++)
    {
      double sum = 0, scale = 0;

      for (guint e = 0; e < lz_model_get_n_elements (model); e++)
        {
          const LzElement *el = lz_model_get_element (model, e);
          double ca, cb, T = lz_trace_get_force (trace, r, e), k, fp = 0, offset = 0, s;
          LzMode mode = lz_trace_get_mode (trace, r, e);

          if (g_strcmp0 (el->a, id) != 0 && g_strcmp0 (el->b, id) != 0)
            continue;
          lz_element_get_coefficients (el, &ca, &cb);
          sum += g_strcmp0 (el->b, id) == 0 ? -cb * T : ca * T;
          scale = MAX (scale, fabs (ca * T) + fabs (cb * T));
          lz_element_get_stiffness (el, &k, &fp, &offset);
          if (fp == 0)
            continue;
          s = lz_trace_get_g (trace, r, e) - offset;
          if (mode == LZ_MODE_GAP)
            g_assert_cmpfloat (fabs (s), <=, fp * (1 + 1e-9) + 1e-15);
          else
            {
              g_assert_cmpfloat (mode == LZ_MODE_ENGAGED_POS ? s : -s, >=, fp * (1 - 1e-9) - 1e-15);
              (*engaged_rows)++;
            }
        }
      worst = MAX (worst, fabs (sum));
      largest = MAX (largest, scale);
    }
  return worst / largest;
}

/* A massless pad between a linear spring to the wall and a spring with
 * freeplay to the mass: the event-driven method cannot hold the pad (the
 * freeplay's mode moves it), the pair has a closed form — one spring with
 * freeplay, k = 75.  Against time-stepping of the singular model (the pad
 * an unknown of every step), with the pad balanced at every sample. */
static void
test_closed_form_run_pad (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='pad'>"
    "<ground id='wall'/>"
    "<body id='pad' kind='translational' mass='0'/>"
    "<body id='m' kind='translational' mass='1' q0='0.05'/>"
    "<spring id='k2' a='wall' b='pad' k='300'/>"
    "<spring id='k1' a='pad' b='m' k='100' freeplay='0.02'/>"
    "<damper id='c' a='wall' b='m' c='0.2'/>"
    "<force id='F' body='m' value='3*sin(5*t)'/>"
    "<simulation t-end='5' dt='1e-5' theta='0.5' rtol='1e-10' atol='1e-12'/>"
    "</luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  g_autoptr(LzIntegrator) integrator = lz_integrator_new (lz_integrator_event, as, NULL, &error);
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  g_autoptr(LzTrace) ts = simulate (model, lz_integrator_timestep, 0.01);
  GPtrArray *notes;
  double amp, d = max_difference (ev, ts, "m", 0.01, &amp), balance;
  guint engaged, switches = 0;
  LzEnergy energy;

  g_assert_no_error (error);
  notes = lz_integrator_get_notes (integrator);
  g_assert_nonnull (notes);
  g_assert_cmpuint (notes->len, ==, 1);
  g_assert_true (notes_contain (notes, "Theorem 3.6"));
  g_assert_cmpstr (lz_integrator_get_name (integrator), ==, "event");
  balance = check_put_back (model, ev, "pad", &engaged);
  g_test_message ("pad: |event-driven (closed form) − time-stepping (h = 1e-5)| %.2e m, "
                  "amplitude %.3f m; pad balance %.1e; %u engaged rows of %u",
                  d, amp, balance, engaged, lz_trace_get_n_samples (ev));
  g_assert_cmpfloat (amp, >, 0.1);
  g_assert_cmpfloat (d, <=, 1e-7);
  g_assert_cmpfloat (balance, <=, 1e-12);
  g_assert_cmpuint (engaged, >, 10);
  g_assert_cmpuint (engaged, <, lz_trace_get_n_samples (ev) - 10);
  /* the freeplay's switches, as events of the model's own spring, with
   * the spring on its boundary there (time-stepping chatters across it,
   * the pad's θ = ½ error flipping sign every step, so its times are no
   * reference) */
  for (guint i = 0; i < lz_trace_get_n_events (ev); i++)
    {
      LzEvent event;
      guint row;
      double k, fp, offset;

      lz_trace_get_event (ev, i, &event);
      g_assert_cmpint (event.element, ==, element_of (model, "k1"));
      if (event.cause == LZ_CAUSE_INITIAL)
        continue;
      switches++;
      row = lz_trace_find_time (ev, event.t);
      g_assert_cmpfloat (lz_trace_get_time (ev, row), ==, event.t);
      lz_element_get_stiffness (lz_model_get_element (model, event.element), &k, &fp, &offset);
      g_assert_cmpfloat (fabs (fabs (lz_trace_get_g (ev, row, event.element) - offset) - fp), <=, 1e-10);
    }
  g_assert_cmpuint (switches, >=, 10);
  lz_trace_get_energy (ev, last_row (ev), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

/* The gallery's gear train with weightless frictionless gears and three
 * freeplays: both methods refuse it as it is (nothing holds a gear while
 * its springs are slack) and run it through Theorem 4.3 twice; the gears
 * are put back balanced, all three springs switch together, and the two
 * methods agree. */
static void
test_closed_form_run_gear_train (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/gear-train.luztar");
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.001);
  g_autoptr(LzTrace) ts = NULL;
  int shaft1 = element_of (model, "shaft1"), mesh = element_of (model, "mesh");
  int shaft2 = element_of (model, "shaft2");
  guint n_events = lz_trace_get_n_events (ev), engaged, skip = G_MAXUINT;
  LzSimulation sim = *lz_model_get_simulation (model);

  /* time-stepping with h = 1e-5 (the model's 1e-4 is for watching) */
  sim.dt = 1e-5;
  g_assert_true (lz_model_set_simulation (model, &sim, NULL));
  ts = simulate (model, lz_integrator_timestep, 0.001);

  for (guint k = 0; k < 2; k++)
    {
      const LzTrace *trace = k == 0 ? ev : ts;
      double b1 = check_put_back (model, trace, "gear1", &engaged);
      double b2 = check_put_back (model, trace, "gear2", &engaged);

      g_test_message ("gear train (%s): gear balance %.1e, %.1e; %u rows with the gear-2 springs "
                      "engaged", k == 0 ? "event" : "timestep", b1, b2, engaged);
      g_assert_cmpfloat (b1, <=, 1e-12);
      g_assert_cmpfloat (b2, <=, 1e-12);
      g_assert_cmpuint (engaged, >, 100);
    }
  /* the torque's step at 0.1 s is an event of the torque (cause
   * forcing, the one event of a source) */
  for (guint i = 0, forcing = 0; i < n_events; i++)
    {
      LzEvent e;

      lz_trace_get_event (ev, i, &e);
      if (e.cause == LZ_CAUSE_FORCING)
        {
          g_assert_cmpfloat (e.t, ==, 0.1);
          g_assert_cmpstr (lz_trace_get_element_id (ev, e.element), ==, "torque");
          g_assert_cmpuint (++forcing, ==, 1);
          skip = i;
        }
    }
  /* one switch of the combined spring is three, at one instant */
  n_events--;
  g_assert_cmpuint (n_events, >=, 30);
  g_assert_cmpuint (n_events % 3, ==, 0);
  for (guint i = 0; i < n_events; i += 3)
    {
      LzEvent e1, e2, e3;

      lz_trace_get_event (ev, i + (i >= skip), &e1);
      lz_trace_get_event (ev, i + 1 + (i + 1 >= skip), &e2);
      lz_trace_get_event (ev, i + 2 + (i + 2 >= skip), &e3);
      g_assert_cmpfloat (e1.t, ==, e2.t);
      g_assert_cmpfloat (e1.t, ==, e3.t);
      g_assert_cmpint (e1.element, ==, shaft1);
      g_assert_cmpint (e2.element, ==, mesh);
      g_assert_cmpint (e3.element, ==, shaft2);
      g_assert_true ((e1.to == LZ_MODE_GAP) == (e2.to == LZ_MODE_GAP));
      g_assert_true ((e1.to == LZ_MODE_GAP) == (e3.to == LZ_MODE_GAP));
    }
  /* the two methods, up to 0.5 s (later the rattling is chaotic) */
  for (guint k = 0; k < 2; k++)
    {
      const char *id = k == 0 ? "motor" : "load";
      g_autoptr(LzTrace) ev_short = NULL;
      double worst = 0, amp = 0;
      guint j = 0;

      for (guint i = 0; i < lz_trace_get_n_samples (ev) && lz_trace_get_time (ev, i) <= 0.5; i++)
        {
          double t = lz_trace_get_time (ev, i);

          while (j < lz_trace_get_n_samples (ts) && lz_trace_get_time (ts, j) < t - 1e-9)
            j++;
          if (j >= lz_trace_get_n_samples (ts) || fabs (lz_trace_get_time (ts, j) - t) > 1e-9)
            continue;
          worst = MAX (worst, fabs (lz_trace_get_q (ev, i, k == 0 ? 0 : 3) - lz_trace_get_q (ts, j, k == 0 ? 0 : 3)));
          amp = MAX (amp, fabs (lz_trace_get_q (ev, i, k == 0 ? 0 : 3)));
        }
      g_test_message ("gear train, %s to 0.5 s: |event − timestep| %.2e rad, amplitude %.3f rad",
                      id, worst, amp);
      g_assert_cmpfloat (amp, >, 0.1);
      g_assert_cmpfloat (worst, <=, 1e-4 * amp);
    }
}

/* Example 5.1: the full model by time-stepping (joints as unknowns of the
 * step), the reduced one by time-stepping (the same scheme: the same
 * numbers to rounding) and by the event-driven method (to the
 * time-stepping error); the joints at S q̃. */
static void
test_trajectories_51 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex51-absorber.luztar");
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, NULL);
  g_autoptr(LzTrace) full = simulate (model, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ts = simulate (reduced, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ev = simulate (reduced, lz_integrator_event, 0.01);
  g_autoptr(LzTrace) full_ev = simulate (model, lz_integrator_event, 0.01);
  double amp, d_ts = max_difference (full, ts, "machine", 0.01, &amp);
  double d_ev = max_difference (full, ev, "machine", 0.01, &amp);
  double d_full_ev = max_difference (full_ev, ev, "machine", 0.01, &amp);
  LzEnergy energy;

  g_test_message ("Example 5.1: |full − reduced| %.2e (time-stepping), %.2e (event-driven), "
                  "amplitude %.2e m", d_ts, d_ev, amp);
  g_assert_cmpfloat (amp, >, 3e-3);
  g_assert_cmpfloat (d_ts, <=, 1e-12);
  g_assert_cmpfloat (d_ev, <=, 1e-6);
  /* the event-driven method on the full model: the joints solved from
   * the machine's state at every evaluation, the same motion as the
   * reduced model's */
  g_test_message ("Example 5.1, event-driven: |full − reduced| %.2e", d_full_ev);
  g_assert_cmpfloat (d_full_ev, <=, 1e-12);
  lz_trace_get_energy (full_ev, last_row (full_ev), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.damping, >, 0.4);
  /* the joints follow q₁ = (2/7)q₃, q₂ = (4/9)q₃ in both */
  for (guint k = 0; k < 2; k++)
    {
      const LzTrace *trace = k == 0 ? full : full_ev;

      for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
        {
          double q3 = lz_trace_get_q (trace, i, 2), v3 = lz_trace_get_v (trace, i, 2);

          g_assert_cmpfloat (fabs (lz_trace_get_q (trace, i, 0) - 2.0 / 7 * q3), <=, 1e-14);
          g_assert_cmpfloat (fabs (lz_trace_get_q (trace, i, 1) - 4.0 / 9 * q3), <=, 1e-14);
          if (k == 1)
            {
              g_assert_cmpfloat (fabs (lz_trace_get_v (trace, i, 0) - 2.0 / 7 * v3), <=, 1e-12);
              g_assert_cmpfloat (fabs (lz_trace_get_v (trace, i, 1) - 4.0 / 9 * v3), <=, 1e-12);
            }
        }
    }
}

/* Example 5.3 by time-stepping: full and reduced. */
static void
test_trajectories_53 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex53-vehicle.luztar");
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, NULL);
  g_autoptr(LzTrace) full = simulate (model, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ts = simulate (reduced, lz_integrator_timestep, 0.01);
  const char *ids[] = { "tyre", "vehicle", "driver" };

  for (guint k = 0; k < 3; k++)
    {
      double amp, d = max_difference (full, ts, ids[k], 0.01, &amp);

      g_test_message ("Example 5.3, %s: |full − reduced| %.2e, amplitude %.2e m", ids[k], d, amp);
      g_assert_cmpfloat (amp, >, 0.1);
      g_assert_cmpfloat (d, <=, 1e-10);
    }
}

/* A gear train with weightless, frictionless gears and tooth backlash
 * (linear shafts): the full model by time-stepping, with the backlash on
 * massless coordinates in the step's complementarity problem, against one
 * spring with freeplay l₀/r_δ and paper 003's reduced stiffness. */
static void
test_trajectories_gear_train (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='weightless gears'>"
    "<ground id='casing'/>"
    "<body id='psi' kind='rotational' inertia='0.02'/>"
    "<body id='delta' kind='rotational' inertia='0'/>"
    "<body id='gamma' kind='rotational' inertia='0'/>"
    "<body id='phi' kind='rotational' inertia='0.5'/>"
    "<spring id='shaft1' a='psi' b='delta' k='200'/>"
    "<gear id='mesh' a='delta' b='gamma' ra='0.02' rb='0.06' stiffness='1e6' freeplay='1e-4'/>"
    "<spring id='shaft2' a='gamma' b='phi' k='1000'/>"
    "<friction id='bearing-psi' a='casing' b='psi' level='0.05' viscous='0.002'/>"
    "<friction id='bearing-phi' a='casing' b='phi' level='0.2' viscous='0.02'/>"
    "<force id='M-psi' body='psi' value='1.5*cos(pi*t)'/>"
    "<force id='M-phi' body='phi' value='-40*exp(-((t-3)/0.02)^2)'/>"
    "<simulation t-end='6' method='timestep' dt='1e-4' theta='0.5'/>"
    "</luztar-model>");
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, NULL);
  g_autoptr(LzTrace) full = simulate (model, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ts = simulate (reduced, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ev = simulate (reduced, lz_integrator_event, 0.01);
  const LzElement *el;
  double cpsi, cphi, k, fp, amp;

  el = only_element (reduced, "psi", "phi", &cpsi, &cphi);
  lz_element_get_stiffness (el, &k, &fp, NULL);
  g_assert_cmpfloat (fabs (k * cpsi * cpsi - 1 / (1 / 200.0 + 1 / 400.0 + 9 / 1000.0)), <=, 1e-9);
  g_assert_cmpfloat (fabs (fp / fabs (cpsi) - 1e-4 / 0.02), <=, 1e-14);
  for (guint k2 = 0; k2 < 2; k2++)
    {
      const char *id = k2 == 0 ? "psi" : "phi";
      double d_ts = max_difference (full, ts, id, 0.01, &amp);
      double d_ev = max_difference (full, ev, id, 0.01, &amp);

      g_test_message ("gear train, %s: |full − reduced| %.2e (time-stepping), %.2e (event-driven), "
                      "amplitude %.2e rad", id, d_ts, d_ev, amp);
      g_assert_cmpfloat (amp, >, 1);
      g_assert_cmpfloat (d_ts, <=, 1e-9 * amp);
      g_assert_cmpfloat (d_ev, <=, 1e-4 * amp);
    }
}

/* A Maxwell joint (a massless body between a spring to the mass and a
 * spring and a damper to the wall): no second-order reduction (paper
 * 002's (4.3) fails), a first-order coordinate; both integrators on the
 * full model agree, and the event-driven one keeps the energy balance. */
static void
test_trajectories_maxwell (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='maxwell'>"
    "<ground id='wall'/>"
    "<body id='m' mass='2' q0='0.1'/>"
    "<body id='j' mass='0'/>"
    "<spring id='k1' a='wall' b='j' k='10'/>"
    "<damper id='c1' a='wall' b='j' c='3'/>"
    "<spring id='k2' a='j' b='m' k='5'/>"
    "<friction id='f' a='wall' b='m' level='0.05'/>"
    "<force id='F' body='m' value='0.8*sin(2*t)'/>"
    "<simulation t-end='10' method='timestep' dt='1e-4' theta='0.5'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) ts = simulate (model, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  double amp_m, amp_j, d_m = max_difference (ts, ev, "m", 0.01, &amp_m);
  double d_j = max_difference (ts, ev, "j", 0.01, &amp_j);
  LzEnergy energy;

  g_test_message ("Maxwell joint: |time-stepping − event-driven| %.2e (mass, amplitude %.2e), "
                  "%.2e (joint, amplitude %.2e)", d_m, amp_m, d_j, amp_j);
  g_assert_cmpfloat (amp_m, >, 0.05);
  g_assert_cmpfloat (amp_j, >, 0.01);
  g_assert_cmpfloat (d_m, <=, 1e-5 * amp_m);
  g_assert_cmpfloat (d_j, <=, 1e-5 * amp_m);
  lz_trace_get_energy (ev, last_row (ev), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
}

/* ∫₀ᵗ luz(A sin s, F0) ds in closed form: between the breakpoints kπ + a
 * and kπ + π − a (a = asin(F0/A)) the integrand is A sin s ∓ F0, whose
 * antiderivative is −A cos s ∓ F0 s; elsewhere it is 0. */
static double
integral_of_luz (double A,
                 double F0,
                 double t)
{
  double a = asin (F0 / A), total = 0;

  for (int k = 0; k * G_PI < t; k++)
    {
      double lo = k * G_PI + a, hi = MIN (k * G_PI + G_PI - a, t);
      double sign = k % 2 == 0 ? 1 : -1;   /* A sin s > F0 on even k, < −F0 on odd */

      if (hi <= lo)
        continue;
      total += (-A * cos (hi) - sign * F0 * hi) - (-A * cos (lo) - sign * F0 * lo);
    }
  return total;
}

/* Paper 003's non-inertial friction element: a massless body in a bearing
 * with μ = 2, F0 = 1 driven by F(t) = 3 sin t obeys μ ż = luz(F, F0): z(t)
 * is (1/μ)∫luz.  Time-stepping solves the massless coordinate in the
 * step's complementarity problem. */
static void
test_non_inertial_timestep (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='non-inertial'>"
    "<ground id='casing'/>"
    "<body id='z' mass='0'/>"
    "<friction id='bearing' a='casing' b='z' level='1' viscous='2'/>"
    "<force id='F' body='z' value='3*sin(t)'/>"
    "<simulation t-end='20' method='timestep' dt='1e-4' theta='0.5'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) trace = simulate (model, lz_integrator_timestep, 0.01);
  double worst = 0, amp = 0;

  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    {
      double t = lz_trace_get_time (trace, i);
      double exact = integral_of_luz (3, 1, t) / 2;

      worst = MAX (worst, fabs (lz_trace_get_q (trace, i, 0) - exact));
      amp = MAX (amp, fabs (exact));
    }
  g_test_message ("non-inertial friction, time-stepping h = 1e-4: |z − (1/μ)∫luz| ≤ %.2e "
                  "(amplitude %.3f)", worst, amp);
  g_assert_cmpfloat (amp, >, 1);
  g_assert_cmpfloat (worst, <=, 1e-6);
}

/* The same element by the event-driven method: the massless body's
 * velocity is luz(F, F0)/μ by its mode, and the switches are located
 * where |3 sin t| = 1: t = asin(1/3) + kπ (stick → slip) and
 * π − asin(1/3) + kπ (slip → stick). */
static void
test_non_inertial_event (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='non-inertial'>"
    "<ground id='casing'/>"
    "<body id='z' mass='0'/>"
    "<friction id='bearing' a='casing' b='z' level='1' viscous='2'/>"
    "<force id='F' body='z' value='3*sin(t)'/>"
    "<simulation t-end='20' method='event' dt='1e-2'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) trace = simulate (model, lz_integrator_event, 0.01);
  double worst = 0, a = asin (1.0 / 3);
  guint switches = 0;
  LzEnergy energy;

  for (guint i = 0; i < lz_trace_get_n_samples (trace); i++)
    worst = MAX (worst, fabs (lz_trace_get_q (trace, i, 0)
                              - integral_of_luz (3, 1, lz_trace_get_time (trace, i)) / 2));
  for (guint i = 0; i < lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev;
      double k, expected;

      lz_trace_get_event (trace, i, &ev);
      if (ev.cause == LZ_CAUSE_INITIAL)
        continue;
      /* stick → slip at a + kπ, slip → stick at π − a + kπ */
      k = ev.to == LZ_MODE_STICK ? round ((ev.t - (G_PI - a)) / G_PI) : round ((ev.t - a) / G_PI);
      expected = ev.to == LZ_MODE_STICK ? G_PI - a + k * G_PI : a + k * G_PI;
      g_assert_cmpfloat (fabs (ev.t - expected), <=, 1e-10);
      g_assert_true (ev.to == LZ_MODE_STICK
                     || ev.to == ((int) k % 2 == 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG));
      switches++;
    }
  g_test_message ("non-inertial friction, event-driven: |z − (1/μ)∫luz| ≤ %.2e, %u switches",
                  worst, switches);
  g_assert_cmpuint (switches, ==, 13);     /* 7 into slip, 6 back to stick in 20 s */
  g_assert_cmpfloat (worst, <=, 1e-9);
  lz_trace_get_energy (trace, last_row (trace), &energy);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.friction, >, 1);
}

/* A massless pad held by a spring to the wall and rubbing on a belt that
 * moves as x_b = 0.5 sin 2t (friction 1 N, viscous 2 N·s/m): paper 003's
 * non-inertial element relative to the belt, 2 (ż − ẋ_b) = luz(−10 z, 1).
 * It is carried (stuck) until 10 z = 1, at t = asin(0.2)/2; against a
 * fine Runge–Kutta solution of that equation and time-stepping. */
static double
belt_rhs (double t,
          double z)
{
  return cos (2 * t) + lz_luz (-10 * z, 1) / 2;
}

static void
test_non_inertial_belt (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='pad on a belt'>"
    "<ground id='wall'/>"
    "<ground id='belt' motion='0.5*sin(2*t)'/>"
    "<body id='z' mass='0'/>"
    "<spring id='k' a='wall' b='z' k='10'/>"
    "<friction id='f' a='belt' b='z' level='1' viscous='2'/>"
    "<simulation t-end='10' dt='1e-5'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  g_autoptr(LzTrace) ts = simulate (model, lz_integrator_timestep, 0.01);
  double amp, d_ts = max_difference (ev, ts, "z", 0.01, &amp), worst = 0, z = 0, t = 0, h = 1e-5;
  guint row = 0, switches = 0;
  LzEvent first = { 0 };
  LzEnergy energy;

  /* RK4 on the Lipschitz right-hand side, compared at the trace's rows */
  while (row < lz_trace_get_n_samples (ev))
    {
      double tr = lz_trace_get_time (ev, row);

      if (t + h >= tr)
        {
          double hh = tr - t, k1 = belt_rhs (t, z), k2 = belt_rhs (t + hh / 2, z + hh / 2 * k1);
          double k3 = belt_rhs (t + hh / 2, z + hh / 2 * k2), k4 = belt_rhs (t + hh, z + hh * k3);

          worst = MAX (worst, fabs (z + hh / 6 * (k1 + 2 * k2 + 2 * k3 + k4) - lz_trace_get_q (ev, row, 0)));
          row++;
          continue;
        }
      {
        double k1 = belt_rhs (t, z), k2 = belt_rhs (t + h / 2, z + h / 2 * k1);
        double k3 = belt_rhs (t + h / 2, z + h / 2 * k2), k4 = belt_rhs (t + h, z + h * k3);

        z += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
        t += h;
      }
    }
  for (guint i = 0; i < lz_trace_get_n_events (ev); i++)
    {
      LzEvent event;

      lz_trace_get_event (ev, i, &event);
      if (event.cause == LZ_CAUSE_INITIAL)
        continue;
      if (switches++ == 0)
        first = event;
    }
  lz_trace_get_energy (ev, last_row (ev), &energy);
  g_test_message ("pad on a belt: |z − RK4| ≤ %.2e m, |event − time-stepping (h = 1e-5)| %.2e m, "
                  "amplitude %.3f m; first slip at %.12f s (asin(0.2)/2 = %.12f); %u switches; "
                  "balance %.1e J", worst, d_ts, amp, first.t, asin (0.2) / 2, switches,
                  energy.balance_error);
  g_assert_cmpfloat (amp, >, 0.1);
  g_assert_cmpfloat (worst, <=, 1e-8);
  /* time-stepping is first order here: 5e-4 m with h = 1e-3, 5e-6 with
   * h = 1e-5 (half a step of the belt's travel) */
  g_assert_cmpfloat (d_ts, <=, 1e-5);
  g_assert_cmpint (first.to, ==, LZ_MODE_SLIP_NEG);
  g_assert_cmpfloat (fabs (first.t - asin (0.2) / 2), <=, 1e-10);
  g_assert_cmpuint (switches, >=, 10);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-9);
  g_assert_cmpfloat (energy.friction, >, 1);
}

/* The same element between a massless pad and a mass: the mass feels what
 * the pad's spring pulls, by the bearing's stick force or its slip force;
 * both methods on the singular model agree. */
static void
test_non_inertial_on_mass (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='pad on a mass'>"
    "<ground id='wall'/>"
    "<body id='m' mass='1' q0='0.2'/>"
    "<body id='z' mass='0'/>"
    "<spring id='km' a='wall' b='m' k='40'/>"
    "<spring id='kz' a='wall' b='z' k='10'/>"
    "<friction id='f' a='m' b='z' level='0.5' viscous='0.5'/>"
    "<force id='F' body='m' value='2*sin(3*t)'/>"
    "<simulation t-end='6' dt='1e-5'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  g_autoptr(LzTrace) ts = simulate (model, lz_integrator_timestep, 0.01);
  double amp_m, amp_z, d_m = max_difference (ev, ts, "m", 0.01, &amp_m);
  double d_z = max_difference (ev, ts, "z", 0.01, &amp_z);
  guint switches = 0;
  LzEnergy energy;

  for (guint i = 0; i < lz_trace_get_n_events (ev); i++)
    {
      LzEvent event;

      lz_trace_get_event (ev, i, &event);
      switches += event.cause != LZ_CAUSE_INITIAL;
    }
  lz_trace_get_energy (ev, last_row (ev), &energy);
  g_test_message ("pad on a mass: |event − time-stepping| %.2e m (mass, amplitude %.3f), %.2e m "
                  "(pad, amplitude %.3f); %u switches; balance %.1e J",
                  d_m, amp_m, d_z, amp_z, switches, energy.balance_error);
  g_assert_cmpfloat (amp_m, >, 0.05);
  g_assert_cmpfloat (amp_z, >, 0.01);
  g_assert_cmpfloat (d_m, <=, 1e-5 * amp_m);
  g_assert_cmpfloat (d_z, <=, 1e-4 * amp_z);
  g_assert_cmpuint (switches, >=, 4);
  g_assert_cmpfloat (fabs (energy.balance_error), <=, 1e-8);
}

/* Weightless gears in bearings (paper 003's Simplification 1, linear
 * shafts and teeth): the gears are non-inertial elements; both methods on
 * the full model agree.  (The bearings' viscous parts keep the gears'
 * time constants μ/k near a millisecond: with 0.0005 N·m·s they are a few
 * microseconds and the explicit event-driven integration crawls.) */
static void
test_weightless_gears (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='weightless gears in bearings'>"
    "<ground id='casing'/>"
    "<body id='psi' kind='rotational' inertia='0.02'/>"
    "<body id='delta' kind='rotational' inertia='0'/>"
    "<body id='gamma' kind='rotational' inertia='0'/>"
    "<body id='phi' kind='rotational' inertia='0.5'/>"
    "<spring id='shaft1' a='psi' b='delta' k='200'/>"
    "<gear id='mesh' a='delta' b='gamma' ra='0.02' rb='0.06' stiffness='1e6'/>"
    "<spring id='shaft2' a='gamma' b='phi' k='1000'/>"
    "<friction id='b-psi' a='casing' b='psi' level='0.05' viscous='0.002'/>"
    "<friction id='b-delta' a='casing' b='delta' level='0.01' viscous='0.05'/>"
    "<friction id='b-gamma' a='casing' b='gamma' level='0.02' viscous='0.1'/>"
    "<friction id='b-phi' a='casing' b='phi' level='0.2' viscous='0.02'/>"
    "<force id='M' body='psi' value='1.5*cos(pi*t)'/>"
    "<simulation t-end='3' method='timestep' dt='1e-5' theta='0.5'/>"
    "</luztar-model>");
  g_autoptr(LzTrace) ts = simulate (model, lz_integrator_timestep, 0.01);
  g_autoptr(LzTrace) ev = simulate (model, lz_integrator_event, 0.01);
  const char *ids[] = { "psi", "delta", "phi" };

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      double amp, d = max_difference (ts, ev, ids[k], 0.01, &amp);

      g_test_message ("weightless gears, %s: |time-stepping − event-driven| %.2e, amplitude %.2e rad",
                      ids[k], d, amp);
      g_assert_cmpfloat (amp, >, 0.1);
      g_assert_cmpfloat (d, <=, 1e-3 * amp);
    }
}

int
main (int    argc,
      char **argv)
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/simplify/gear-train", test_gear_train);
  g_test_add_func ("/simplify/no-gear-train", test_no_gear_train);
  g_test_add_func ("/simplify/examples", test_examples_eliminated);
  g_test_add_func ("/simplify/star", test_star);
  g_test_add_func ("/simplify/kept-joints", test_kept_joints);
  g_test_add_func ("/simplify/trajectories/example-5.1", test_trajectories_51);
  g_test_add_func ("/simplify/trajectories/example-5.3", test_trajectories_53);
  g_test_add_func ("/simplify/trajectories/gear-train", test_trajectories_gear_train);
  g_test_add_func ("/simplify/trajectories/maxwell", test_trajectories_maxwell);
  g_test_add_func ("/simplify/non-inertial/timestep", test_non_inertial_timestep);
  g_test_add_func ("/simplify/non-inertial/event", test_non_inertial_event);
  g_test_add_func ("/simplify/non-inertial/weightless-gears", test_weightless_gears);
  g_test_add_func ("/simplify/non-inertial/belt", test_non_inertial_belt);
  g_test_add_func ("/simplify/non-inertial/on-a-mass", test_non_inertial_on_mass);
  g_test_add_func ("/simplify/closed-form-run/pad", test_closed_form_run_pad);
  g_test_add_func ("/simplify/closed-form-run/gear-train", test_closed_form_run_gear_train);

  return g_test_run ();
}
