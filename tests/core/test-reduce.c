/* test-reduce.c — the pencil test, the reduction and the Jordan structure
 * of paper 002 against its examples
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Examples 5.1 and 5.3 are checked against the paper's closed forms of S
 * and of the reduced matrices, both on the paper's matrices (with random
 * parameters) and on the example model files; Example 5.4 (N = 2, the
 * paper's data) against the paper's Jordan structure; Remark 3.2 against
 * its λ; and models whose pencil is singular or whose assumptions fail
 * against the words of the diagnosis.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <gsl/gsl_linalg.h>

#include "lz.h"
#include "test-util.h"

static gsl_matrix *
matrix_from (guint         n,
             const double *values)
{
  gsl_matrix *X = gsl_matrix_alloc (n, n);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      gsl_matrix_set (X, i, j, values[i * n + j]);
  return X;
}

static void
assert_close (double value,
              double expected,
              double rel)
{
  if (!(fabs (value - expected) <= rel * (fabs (expected) + 1e-300)))
    g_error ("%.17g, expected %.17g (relative tolerance %g)", value, expected, rel);
}

static gboolean
assumption_holds (const LzReduction *r,
                  const char        *label)
{
  for (guint i = 0; i < lz_reduction_get_n_assumptions (r); i++)
    {
      const LzAssumption *a = lz_reduction_get_assumption (r, i);

      if (strcmp (a->label, label) == 0)
        return a->holds;
    }
  g_error ("no assumption %s", label);
  return FALSE;
}

static void
assert_all_assumptions_hold (const LzReduction *r)
{
  for (guint i = 0; i < lz_reduction_get_n_assumptions (r); i++)
    {
      const LzAssumption *a = lz_reduction_get_assumption (r, i);

      if (!a->holds)
        g_error ("%s fails: %s", a->label, a->text);
    }
}

static gboolean
diagnosis_contains (const LzReduction *r,
                    const char        *needle)
{
  g_auto(GStrv) lines = lz_reduction_dup_diagnosis (r);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* Example 5.1 on the paper's matrices, parameters drawn at random. */
static void
test_example_51_matrices (void)
{
  for (guint trial = 0; trial < 200; trial++)
    {
      double m = pow (10, g_test_rand_double_range (-2, 3));
      double k1 = pow (10, g_test_rand_double_range (0, 7)), k2 = pow (10, g_test_rand_double_range (0, 7));
      double c1 = pow (10, g_test_rand_double_range (-1, 4)), c2 = pow (10, g_test_rand_double_range (-1, 4));
      const double Mv[] = { 0, 0, 0, 0, 0, 0, 0, 0, m };
      const double Cv[] = { 0, 0, 0, 0, c1 + c2, -c2, 0, -c2, c2 };
      const double Kv[] = { k1 + k2, 0, -k2, 0, 0, 0, -k2, 0, k2 };
      g_autoptr(gsl_matrix) M = matrix_from (3, Mv), C = matrix_from (3, Cv), K = matrix_from (3, Kv);
      g_autoptr(LzReduction) r = lz_reduction_new (M, C, K, NULL);
      const gsl_matrix *S, *U;
      guint n1, n2, n3;
      double lambda;

      g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_COROLLARY_4_5);
      g_assert_true (lz_reduction_get_pencil_regular (r, &lambda));
      g_assert_cmpfloat (lambda, ==, 1.0);
      assert_all_assumptions_hold (r);
      lz_reduction_get_dims (r, &n1, &n2, &n3);
      g_assert_cmpuint (n1, ==, 1);
      g_assert_cmpuint (n2, ==, 1);
      g_assert_cmpuint (n3, ==, 1);
      /* the paper's U is the identity */
      U = lz_reduction_get_U (r);
      for (guint i = 0; i < 3; i++)
        for (guint j = 0; j < 3; j++)
          g_assert_cmpfloat (gsl_matrix_get (U, i, j), ==, i == j ? 1.0 : 0.0);
      S = lz_reduction_get_S (r);
      g_assert_cmpuint (S->size1, ==, 3);
      g_assert_cmpuint (S->size2, ==, 1);
      assert_close (gsl_matrix_get (S, 0, 0), k2 / (k1 + k2), 1e-12);
      assert_close (gsl_matrix_get (S, 1, 0), c2 / (c1 + c2), 1e-12);
      assert_close (gsl_matrix_get (S, 2, 0), 1, 0);
      assert_close (gsl_matrix_get (lz_reduction_get_Mr (r), 0, 0), m, 1e-14);
      /* SᵀCS = c₂ − c₂²/(c₁ + c₂) cancels when c₁ ≪ c₂: rounding of the
       * matrix's scale, not of the result */
      g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_Cr (r), 0, 0) - c1 * c2 / (c1 + c2)),
                         <=, 1e-14 * (c1 + c2));
      g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_Kr (r), 0, 0) - k1 * k2 / (k1 + k2)),
                         <=, 1e-14 * (k1 + k2));
    }
}

/* Example 5.1 through the example model file, with its loads. */
static void
test_example_51_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex51-absorber.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  g_autoptr(gsl_vector) fr = gsl_vector_alloc (1);
  g_auto(GStrv) kept = NULL, eliminated = NULL;
  g_autofree char *fr_text = NULL;
  double q[3], qr = 0.01;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_COROLLARY_4_5);
  kept = lz_reduction_dup_kept (r);
  eliminated = lz_reduction_dup_eliminated (r);
  g_assert_cmpstr (kept[0], ==, "machine");
  g_assert_null (kept[1]);
  g_assert_cmpstr (eliminated[0], ==, "joint1");
  g_assert_cmpstr (eliminated[1], ==, "joint2");
  g_assert_null (eliminated[2]);
  assert_close (gsl_matrix_get (lz_reduction_get_S (r), 0, 0), 2.0 / 7, 1e-14);
  assert_close (gsl_matrix_get (lz_reduction_get_S (r), 1, 0), 4.0 / 9, 1e-14);
  assert_close (gsl_matrix_get (lz_reduction_get_Cr (r), 0, 0), 2500.0 * 2000 / 4500, 1e-13);
  assert_close (gsl_matrix_get (lz_reduction_get_Kr (r), 0, 0), 250000.0 * 100000 / 350000, 1e-13);
  /* fr = Sᵀf: the machine's own load */
  lz_reduction_eval_fr (r, 0.05, fr);
  assert_close (gsl_vector_get (fr, 0), 50 * sin (10 * G_PI * 0.05) - 245.25, 1e-13);
  fr_text = lz_reduction_dup_fr_text (r, 0);
  g_assert_nonnull (strstr (fr_text, "sin"));
  /* q = S q̃ (no load on the joints, everything starts at 0) */
  lz_reduction_reconstruct (r, 0.3, &qr, q);
  assert_close (q[0], 0.01 * 2 / 7, 1e-13);
  assert_close (q[1], 0.01 * 4 / 9, 1e-13);
  assert_close (q[2], 0.01, 0);
  g_assert_true (diagnosis_contains (r, "Corollary 4.5"));
  g_assert_true (diagnosis_contains (r, "“joint1”"));
}

/* S and the reduced matrices of Example 5.3, as the paper writes them
 * (coordinates q1 … q7), for stiffnesses k[1..4] and dampings c[1..4]. */
static void
check_example_53 (const LzReduction *r,
                  double m, double Mv, double B,
                  const double *k,
                  const double *c,
                  const guint *row)    /* the paper's q_i is row[i − 1] */
{
  double Dk = k[4] * k[2] + k[4] * k[3] + k[3] * k[2];
  double Dc = c[2] * c[3] + c[2] * c[4] + c[3] * c[4];
  double ke = k[4] * k[2] * k[3] / Dk, ce = c[4] * c[2] * c[3] / Dc;
  const double S[7][3] = {
    { 1, 0, 0 },
    { 0, 1, 0 },
    { 0, (k[4] + k[3]) * k[2] / Dk, k[3] * k[4] / Dk },
    { 0, (c[3] + c[4]) * c[2] / Dc, c[3] * c[4] / Dc },
    { 0, k[3] * k[2] / Dk, (k[2] + k[3]) * k[4] / Dk },
    { 0, c[3] * c[2] / Dc, (c[2] + c[3]) * c[4] / Dc },
    { 0, 0, 1 },
  };
  const double Mr[3][3] = { { m, 0, 0 }, { 0, Mv, 0 }, { 0, 0, B } };
  const double Cr[3][3] = { { c[1], -c[1], 0 }, { -c[1], c[1] + ce, -ce }, { 0, -ce, ce } };
  const double Kr[3][3] = { { k[1], -k[1], 0 }, { -k[1], k[1] + ke, -ke }, { 0, -ke, ke } };
  double scale_c = MAX (c[1], MAX (c[2], MAX (c[3], c[4])));
  double scale_k = MAX (k[1], MAX (k[2], MAX (k[3], k[4])));
  /* S comes from K₁₁⁻¹ and C₂₂⁻¹: rounding times their condition */
  double kmax = MAX (k[2], MAX (k[3], k[4])), kmin = MIN (k[2], MIN (k[3], k[4]));
  double cmax = MAX (c[2], MAX (c[3], c[4])), cmin = MIN (c[2], MIN (c[3], c[4]));
  double tol = MAX (1e-13, 16 * DBL_EPSILON * (kmax / kmin + cmax / cmin));
  guint n1, n2, n3;

  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_COROLLARY_4_5);
  assert_all_assumptions_hold (r);
  lz_reduction_get_dims (r, &n1, &n2, &n3);
  g_assert_cmpuint (n1, ==, 2);
  g_assert_cmpuint (n2, ==, 2);
  g_assert_cmpuint (n3, ==, 3);
  for (guint i = 0; i < 7; i++)
    for (guint j = 0; j < 3; j++)
      g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_S (r), row[i], j) - S[i][j]), <=, tol);
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 3; j++)
      {
        g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_Mr (r), i, j) - Mr[i][j]), <=, 1e-13 * Mv);
        g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_Cr (r), i, j) - Cr[i][j]), <=, tol * scale_c);
        g_assert_cmpfloat (fabs (gsl_matrix_get (lz_reduction_get_Kr (r), i, j) - Kr[i][j]), <=, tol * scale_k);
      }
}

/* Example 5.3 on the paper's 7×7 matrices: both data tables and random
 * parameters. */
static void
test_example_53_matrices (void)
{
  const guint row[7] = { 0, 1, 2, 3, 4, 5, 6 };

  for (guint trial = 0; trial < 102; trial++)
    {
      double m = 35, Mv = 1460, B = 25;
      double k[5] = { 0, 95e5, 20e5, 15e5, 1e6 }, c[5] = { 0, 21700, 20000, 15000, 10000 };
      g_autoptr(gsl_matrix) M = gsl_matrix_calloc (7, 7), C = gsl_matrix_calloc (7, 7), K = gsl_matrix_calloc (7, 7);
      g_autoptr(LzReduction) r = NULL;
      const gsl_matrix *U;
      /* the paper's U: columns e3, e5 | e4, e6 | e1, e2, e7 */
      const guint ucol[7] = { 2, 4, 3, 5, 0, 1, 6 };

      if (trial == 1)
        {
          double k2[5] = { 0, 35e5, 20000, 15000, 10000 }, c2[5] = { 0, 21700, 2000, 1500, 1000 };

          memcpy (k, k2, sizeof k);
          memcpy (c, c2, sizeof c);
        }
      else if (trial > 1)
        {
          m = pow (10, g_test_rand_double_range (0, 3));
          Mv = pow (10, g_test_rand_double_range (0, 3));
          B = pow (10, g_test_rand_double_range (0, 3));
          for (guint i = 1; i <= 4; i++)
            {
              k[i] = pow (10, g_test_rand_double_range (2, 7));
              c[i] = pow (10, g_test_rand_double_range (0, 5));
            }
        }
      gsl_matrix_set (M, 0, 0, m);
      gsl_matrix_set (M, 1, 1, Mv);
      gsl_matrix_set (M, 6, 6, B);
      /* the paper's C and K (rows q1 … q7) */
      {
        const double Cv[49] = {
          c[1], -c[1], 0, 0, 0, 0, 0,
          -c[1], c[1] + c[2], 0, -c[2], 0, 0, 0,
          0, 0, 0, 0, 0, 0, 0,
          0, -c[2], 0, c[2] + c[3], 0, -c[3], 0,
          0, 0, 0, 0, 0, 0, 0,
          0, 0, 0, -c[3], 0, c[3] + c[4], -c[4],
          0, 0, 0, 0, 0, -c[4], c[4],
        };
        const double Kv[49] = {
          k[1], -k[1], 0, 0, 0, 0, 0,
          -k[1], k[1] + k[2], -k[2], 0, 0, 0, 0,
          0, -k[2], k[2] + k[3], 0, -k[3], 0, 0,
          0, 0, 0, 0, 0, 0, 0,
          0, 0, -k[3], 0, k[3] + k[4], 0, -k[4],
          0, 0, 0, 0, 0, 0, 0,
          0, 0, 0, 0, -k[4], 0, k[4],
        };
        g_autoptr(gsl_matrix) Cm = matrix_from (7, Cv), Km = matrix_from (7, Kv);

        gsl_matrix_memcpy (C, Cm);
        gsl_matrix_memcpy (K, Km);
      }
      r = lz_reduction_new (M, C, K, NULL);
      U = lz_reduction_get_U (r);
      for (guint j = 0; j < 7; j++)
        for (guint i = 0; i < 7; i++)
          g_assert_cmpfloat (gsl_matrix_get (U, i, j), ==, i == ucol[j] ? 1.0 : 0.0);
      check_example_53 (r, m, Mv, B, k, c, row);
    }
}

/* Example 5.3 through the example file: its bodies are tyre, vehicle,
 * joint3 … joint6, driver, in the paper's order; the reduction keeps the
 * initial positions of the damper joints and the road acts through a stop
 * on the tyre only. */
static void
test_example_53_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex53-vehicle.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  const double k[5] = { 0, 9.5e6, 2e6, 1.5e6, 1e6 }, c[5] = { 0, 21700, 20000, 15000, 10000 };
  const guint row[7] = { 0, 1, 2, 3, 4, 5, 6 };
  g_auto(GStrv) kept = NULL;
  double q0[7], qr[3], q[7];

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  check_example_53 (r, 35, 1460, 25, k, c, row);
  kept = lz_reduction_dup_kept (r);
  g_assert_cmpstr (kept[0], ==, "tyre");
  g_assert_cmpstr (kept[1], ==, "vehicle");
  g_assert_cmpstr (kept[2], ==, "driver");

  /* the file starts in static equilibrium: q(0) is reconstructed exactly */
  for (guint i = 0; i < 7; i++)
    q0[i] = lz_model_get_body (model, i)->q0;
  qr[0] = q0[0];
  qr[1] = q0[1];
  qr[2] = q0[6];
  lz_reduction_reconstruct (r, 0, qr, q);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpfloat (fabs (q[i] - q0[i]), <=, 1e-12);
}

/* Example 5.4, N = 2, the paper's data: the first-order system has a
 * regular part of dimension 7 and a nilpotent part of dimension 7 with one
 * 2×2 block and five 1×1 blocks (the paper's N), so index 2. */
static void
test_example_54 (void)
{
  const double m = 1, k0 = 2, c0 = 2, K1 = 1, g1 = 0.5, t1 = 0.5, k1 = 1, c1 = 1;
  const double K2 = 1, g2 = 0.5, t2 = 0.5, k2 = 1, c2 = 1;
  const double Kv[49] = {
    k0 + K1, 0, -K1, 0, 0, 0, 0,
    0, g1, -g1, 0, 0, 0, 0,
    0, -g1 - K1, g1 + k1 + K1, -k1, 0, 0, 0,
    0, 0, -k1, k1 + K2, 0, -K2, 0,
    0, 0, 0, 0, g2, -g2, 0,
    0, 0, 0, 0, -g2 - K2, g2 + K2 + k2, -k2,
    0, 0, 0, 0, 0, -k2, k2,
  };
  const double Cv[49] = {
    c0, 0, 0, 0, 0, 0, 0,
    0, t1, -t1, 0, 0, 0, 0,
    0, -t1, t1 + c1, -c1, 0, 0, 0,
    0, 0, -c1, c1, 0, 0, 0,
    0, 0, 0, 0, t2, -t2, 0,
    0, 0, 0, 0, -t2, t2 + c2, -c2,
    0, 0, 0, 0, 0, -c2, c2,
  };
  g_autoptr(gsl_matrix) M = gsl_matrix_calloc (7, 7);
  g_autoptr(gsl_matrix) C = matrix_from (7, Cv), K = matrix_from (7, Kv);
  g_autoptr(gsl_matrix) CM = gsl_matrix_calloc (14, 7);
  g_autoptr(LzReduction) r = NULL;
  const guint *blocks;
  guint n_blocks, rank_m = 1, rank_cm;
  double lambda;

  gsl_matrix_set (M, 6, 6, m);
  r = lz_reduction_new (M, C, K, NULL);
  g_assert_true (lz_reduction_get_pencil_regular (r, &lambda));
  g_assert_cmpfloat (lambda, ==, 1.0);
  g_assert_cmpuint (lz_reduction_get_regular_dim (r), ==, 7);
  g_assert_cmpuint (lz_reduction_get_nilpotent_dim (r), ==, 7);
  g_assert_cmpuint (lz_reduction_get_index (r), ==, 2);
  blocks = lz_reduction_get_nilpotent_blocks (r, &n_blocks);
  g_assert_cmpuint (n_blocks, ==, 6);
  g_assert_cmpuint (blocks[0], ==, 2);
  for (guint b = 1; b < 6; b++)
    g_assert_cmpuint (blocks[b], ==, 1);
  /* a spring and a damper in parallel on massless coordinates: no regular
   * second-order reduction (paper 002 treats this example by §2 only) */
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_NOT_REDUCIBLE);
  g_assert_false (assumption_holds (r, "(4.3)"));

  /* Proposition 3.3: rank Ê² = rank M + rank (C; M), i.e. the nilpotent
   * part of index ≤ 2 has 2N − rank M − rank (C; M) = dim ker Ê² */
  {
    gsl_matrix_view top = gsl_matrix_submatrix (CM, 0, 0, 7, 7);
    gsl_matrix_view bottom = gsl_matrix_submatrix (CM, 7, 0, 7, 7);
    g_autoptr(gsl_matrix) V = gsl_matrix_alloc (7, 7);
    g_autoptr(gsl_vector) s = gsl_vector_alloc (7);

    gsl_matrix_memcpy (&top.matrix, C);
    gsl_matrix_memcpy (&bottom.matrix, M);
    gsl_linalg_SV_decomp_jacobi (CM, V, s);
    rank_cm = 0;
    for (guint i = 0; i < 7; i++)
      rank_cm += gsl_vector_get (s, i) > 1e-10 * gsl_vector_max (s);
    g_assert_cmpuint (14 - (rank_m + rank_cm), ==, lz_reduction_get_nilpotent_dim (r));
  }
}

/* Remark 3.2: M + C + K is singular, 4M + 2C + K is not: λ = 2. */
static void
test_remark_32 (void)
{
  const double Mv[] = { 1, -1, -1, 1 }, Cv[] = { 0, -1, -1, 1 }, Kv[] = { 1, 0, 0, 0 };
  g_autoptr(gsl_matrix) M = matrix_from (2, Mv), C = matrix_from (2, Cv), K = matrix_from (2, Kv);
  g_autoptr(LzReduction) r = lz_reduction_new (M, C, K, NULL);
  double lambda = 0;

  g_assert_true (lz_reduction_get_pencil_regular (r, &lambda));
  g_assert_cmpfloat (lambda, ==, 2.0);
}

/* A massless body that only dry friction ties to a mass: P(λ) ≡ 0; the
 * diagnosis names the body and the friction without a viscous part. */
static void
test_singular_pencil (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='floating'>"
    "<ground id='wall'/>"
    "<body id='m' mass='1'/>"
    "<body id='pad' mass='0'/>"
    "<spring id='k' a='wall' b='m' k='10'/>"
    "<friction id='f' a='m' b='pad' level='1'/>"
    "<simulation t-end='1'/>"
    "</luztar-model>");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  const gsl_matrix *X;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_SINGULAR_PENCIL);
  g_assert_false (lz_reduction_get_pencil_regular (r, NULL));
  X = lz_reduction_get_pencil_kernel (r);
  g_assert_nonnull (X);
  g_assert_cmpuint (X->size2, ==, 1);
  g_assert_cmpfloat (fabs (gsl_matrix_get (X, 0, 0)), <, 1e-12);
  g_assert_cmpfloat (fabs (fabs (gsl_matrix_get (X, 1, 0)) - 1), <, 1e-12);
  g_assert_true (diagnosis_contains (r, "Theorem 3.1"));
  g_assert_true (diagnosis_contains (r, "“pad”"));
  g_assert_true (diagnosis_contains (r, "“f”"));
  g_assert_true (diagnosis_contains (r, "μ > 0"));
  g_assert_null (lz_reduction_get_S (r));
}

/* A massless joint with a spring and a damper in parallel (a Maxwell
 * element): (4.3) fails, the coordinate is a first-order state: the
 * regular part has dimension 2·1 + 1 = 3, the nilpotent part 1. */
static void
test_mixed_joint (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='maxwell'>"
    "<ground id='wall'/>"
    "<body id='m' mass='2'/>"
    "<body id='j' mass='0'/>"
    "<spring id='k1' a='wall' b='j' k='10'/>"
    "<damper id='c1' a='wall' b='j' c='3'/>"
    "<spring id='k2' a='j' b='m' k='5'/>"
    "<simulation t-end='1'/>"
    "</luztar-model>");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_NOT_REDUCIBLE);
  g_assert_false (assumption_holds (r, "(4.3)"));
  g_assert_null (lz_reduction_get_S (r));
  g_assert_cmpuint (lz_reduction_get_regular_dim (r), ==, 3);
  g_assert_cmpuint (lz_reduction_get_nilpotent_dim (r), ==, 1);
  g_assert_cmpuint (lz_reduction_get_index (r), ==, 1);
}

/* Friction with a viscous part on a massless joint: paper 003's
 * non-inertial element; paper 002's reduction does not apply. */
static void
test_friction_on_joint (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='non-inertial'>"
    "<ground id='wall'/>"
    "<body id='m' mass='2'/>"
    "<body id='j' mass='0'/>"
    "<spring id='k' a='j' b='m' k='5'/>"
    "<friction id='f' a='wall' b='j' level='1' viscous='2'/>"
    "<simulation t-end='1'/>"
    "</luztar-model>");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_NOT_REDUCIBLE);
  g_assert_true (diagnosis_contains (r, "non-inertial"));
  g_assert_true (diagnosis_contains (r, "“f”"));
  g_assert_null (lz_reduction_get_S (r));
}

/* Every body with mass: nothing to reduce, S = I. */
static void
test_regular (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  guint n = lz_assembly_get_n_dofs (assembly);

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_NOT_NEEDED);
  g_assert_cmpuint (lz_reduction_get_nilpotent_dim (r), ==, 0);
  g_assert_cmpuint (lz_reduction_get_regular_dim (r), ==, 2 * n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (gsl_matrix_get (lz_reduction_get_S (r), i, i), ==, 1.0);
}

/* The JSON carries the keys the CLI documents. */
static void
test_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex51-absorber.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = lz_reduction_new_for_assembly (assembly);
  g_autofree char *json = lz_reduction_to_json (r);
  const char *keys[] = { "\"S\"", "\"Mr\"", "\"Cr\"", "\"Kr\"", "\"fr\"", "\"kept\"", "\"eliminated\"",
                         "\"assumptions\"", "\"jordan\"", "\"pencil\"", "\"nodes\"" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_nonnull (strstr (json, keys[i]));
}

/* ------------------------------------------------------------------------ */
/* Massless nodes disentangled (paper 000 §3)                                */

static const LzMasslessNode *
node_of (const LzReduction *r,
         const char        *body)
{
  for (guint i = 0; i < lz_reduction_get_n_nodes (r); i++)
    if (strcmp (lz_reduction_get_node (r, i)->body, body) == 0)
      return lz_reduction_get_node (r, i);
  g_error ("no node “%s”", body);
  return NULL;
}

static void
assert_node (const LzMasslessNode *node,
             LzNodeKind            kind,
             const char           *theorem,
             const char           *equation)
{
  g_test_message ("%s: %s, %s", node->body, node->kind_name, node->equations[0] != NULL ? node->equations[0] : "");
  g_assert_cmpint (node->kind, ==, kind);
  g_assert_cmpstr (node->theorem, ==, theorem);
  if (equation != NULL)
    g_assert_cmpstr (node->equations[0], ==, equation);
  g_assert_true (node->explanation != NULL && *node->explanation != '\0');
  g_assert_true (g_str_has_prefix (node->entangled, "0 "));
}

/* One node of each kind, with the formulas' numbers: tests/data/reduce/
 * massless-nodes.luztar (not among tests/data/models, which must pass
 * `luztar-cli check`: its pencil is singular — a slack freeplay pair and
 * a node without viscosity leave motions undetermined). */
static void
test_nodes_classified (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("tests/data/reduce/massless-nodes.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  const LzMasslessNode *n;
  double x;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpuint (lz_reduction_get_n_nodes (r), ==, 6);

  /* (b) Theorem 3.6: k = 300/600, k/(k+1) = 1/3, T = 200·luz(x, 0.003) */
  n = node_of (r, "n1");
  assert_node (n, LZ_NODE_FREEPLAY_SERIES, "3.6", "q_n1 = 0.333333·talu(q_m, 0.003, 0.003)");
  g_assert_cmpfloat_with_epsilon (n->stiffness, 200, 1e-12);
  g_assert_cmpfloat_with_epsilon (n->zone, 0.003, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->ratio, 1.0 / 3, 1e-15);
  g_assert_cmpstr (n->equations[1], ==, "T = 200·luz(q_m, 0.003)");
  g_assert_cmpstr (n->elements[0], ==, "a1");
  g_assert_cmpstr (n->elements[1], ==, "a2");

  /* (c) Theorem 3.8, a = 0: k = 200/50 = 4, z = x − luz(x, 0.004)/5;
   * the node equation holds at z for x on both sides of the gap */
  n = node_of (r, "n2");
  assert_node (n, LZ_NODE_LINEAR_FREEPLAY_SERIES, "3.8", "q_n2 = q_m − 0.2·luz(q_m, 0.004)");
  g_assert_cmpfloat_with_epsilon (n->ratio, 0.2, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->stiffness, 40, 1e-12);
  for (x = -0.02; x <= 0.02; x += 0.0005)
    {
      double z = x - n->ratio * lz_luz (x, n->zone);

      g_assert_cmpfloat (fabs (200 * (x - z) - 50 * lz_luz (z, 0.004)), <=, 1e-12);
    }

  /* (d) the parallel pair: κ = 300/400, ρ = 300/400 */
  n = node_of (r, "n3");
  assert_node (n, LZ_NODE_PARALLEL_SERIES, "3.8", "q_n3 = 0.25·q_m + 0.428571·luz(0.75·q_m, 0.003)");
  g_assert_cmpfloat_with_epsilon (n->share, 0.75, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->ratio, 0.75 / 1.75, 1e-15);
  for (x = -0.02; x <= 0.02; x += 0.0005)
    {
      double z = (1 - n->share) * x + n->ratio * lz_luz (n->share * x, n->zone);

      g_assert_cmpfloat (fabs (100 * (x - z) + 300 * lz_luz (x - z, 0.003) - 300 * z), <=, 1e-12);
    }

  /* (a) without viscosity: a play of half width Δ + F0/k = 0.001 + 0.2/40 */
  n = node_of (r, "n4");
  assert_node (n, LZ_NODE_RIGID_PLASTIC, "3.9", "q_m − q_n4 ∈ [−0.006, 0.006],  q̇_n4 = 0 inside");
  g_assert_cmpfloat_with_epsilon (n->zone, 0.006, 1e-15);
  g_assert_cmpfloat (n->rate, ==, INFINITY);

  /* (a) asymmetric levels, the friction written from the node (port a):
   * ż > 0 needs 80·(x − z) > F0⁻ = 0.8, ż < 0 needs < −F0⁺ = −0.4 */
  n = node_of (r, "n5");
  assert_node (n, LZ_NODE_SPRING_FRICTION, "3.9",
               "2·q̇_n5 = luz(80·(q_m − q_n5) − 0.2, 0.6) = 80·luz(q_m − q_n5 − 0.0025, 0.0075)");
  g_assert_cmpfloat_with_epsilon (n->rate, 40, 1e-12);
  g_assert_cmpfloat_with_epsilon (n->zone + n->shift, 0.8 / 80, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->zone - n->shift, 0.4 / 80, 1e-15);

  /* (e) Theorem 3.7: k = μ₁/μ₂ = 1/3, ka − b = (0.5 − 0.2)/3 = 0.1 */
  n = node_of (r, "n6");
  assert_node (n, LZ_NODE_FRICTION_SERIES, "3.7", "q̇_n6 = q̇_m − 0.75·luz(q̇_m, 0.1)");
  g_assert_cmpfloat_with_epsilon (n->zone, 0.1, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->ratio, 0.75, 1e-15);
  /* the two friction forces meet at the node's velocity */
  for (x = -0.5; x <= 0.5; x += 0.01)
    {
      double v = lz_disentangle_3_7 (x, 0.5, 0.2 / 3, 1.0 / 3);
      LzInterval f1 = lz_interval_scale (lz_tar (x - v, 0.5), 1);
      LzInterval f2 = lz_interval_scale (lz_tar (v, 0.2 / 3), 3);

      g_assert_cmpfloat (fabs (v - (x - n->ratio * lz_luz (x, n->zone))), <=, 1e-15);
      g_assert_cmpfloat (MAX (f1.lo, f2.lo), <=, MIN (f1.hi, f2.hi) + 1e-12);
    }
}

/* The node's formulas as text, with a ground whose motion is a sum and a
 * body whose id has a '-': the motion is subtracted as a whole (it was
 * written "q_m − 0.01·sin(t) + 0.02"), the coordinate's name needs no
 * parentheses. */
static void
test_nodes_text (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='g' motion='0.01*sin(t) + 0.02'/>"
    "<body id='z-1' mass='0'/><body id='m' mass='1'/>"
    "<spring id='k1' a='g' b='z-1' k='100' freeplay='0.01'/>"
    "<spring id='k2' a='z-1' b='m' k='50'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  const LzMasslessNode *n;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  n = node_of (r, "z-1");
  assert_node (n, LZ_NODE_LINEAR_FREEPLAY_SERIES, "3.8",
               "q_z-1 = q_m − 0.666667·luz(q_m − (0.01·sin(t) + 0.02), 0.01)");
  g_assert_cmpstr (n->equations[1], ==, "T = 33.3333·luz(q_m − (0.01·sin(t) + 0.02), 0.01)");
  g_assert_cmpstr (n->entangled, ==, "0 = −100·luz(q_z-1 − (0.01·sin(t) + 0.02), 0.01) + 50·(q_m − q_z-1)");
}

/* ż = rate·luz(0.05 sin 2t − z − shift, zone) */
typedef struct
{
  double rate, zone, shift;
} Closed;

static double
closed_rhs (const Closed *c,
            double        t,
            double        z)
{
  return c->rate * lz_luz (0.05 * sin (2 * t) - z - c->shift, c->zone);
}

/* RK4 of the disentangled equation with step h, compared with TRACE at its
 * rows (every row's time reached exactly); the largest difference. */
static double
rk4_against (const Closed  *c,
             const LzTrace *trace,
             double         h,
             double        *amplitude)
{
  double z = 0, t = 0, worst = 0;
  guint row = 0;

  *amplitude = 0;
  while (row < lz_trace_get_n_samples (trace))
    {
      double tr = lz_trace_get_time (trace, row), hh = MIN (h, tr - t);
      double k1, k2, k3, k4;

      if (hh <= 0)
        {
          worst = MAX (worst, fabs (z - lz_trace_get_q (trace, row, 0)));
          *amplitude = MAX (*amplitude, fabs (z));
          row++;
          continue;
        }
      k1 = closed_rhs (c, t, z);
      k2 = closed_rhs (c, t + hh / 2, z + hh / 2 * k1);
      k3 = closed_rhs (c, t + hh / 2, z + hh / 2 * k2);
      k4 = closed_rhs (c, t + hh, z + hh * k3);
      z += hh / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      t = tr - t - hh < 1e-15 ? tr : t + hh;
    }
  return worst;
}

/* (a) The closed form μ ż = k·luz(x − z, Δ + F0/k) against the
 * integrators on the model itself: time-stepping with the spring's
 * freeplay, and the event-driven method with Δ = 0 (a bearing; with the
 * freeplay, /lz/event/massless-bearing-freeplay checks it). */
static void
test_nodes_spring_friction_closed_form (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = load ("tests/data/models/massless-spring-friction.luztar");
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  g_autoptr(LzTrace) ts = NULL;
  g_autoptr(LzTrace) ev = NULL;
  g_autoptr(LzAssembly) assembly0 = NULL;
  g_autoptr(LzReduction) r0 = NULL;
  const LzMasslessNode *n;
  Closed c;
  double d_ts, d_ev, amp;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  g_assert_cmpuint (lz_reduction_get_n_nodes (r), ==, 1);
  n = lz_reduction_get_node (r, 0);
  assert_node (n, LZ_NODE_SPRING_FRICTION, "3.9",
               "4·q̇_z = luz(100·luz(0.05·sin(2·t) − q_z, 0.005), 1) = 100·luz(0.05·sin(2·t) − q_z, 0.015)");
  g_assert_cmpstr (n->equations[1], ==, "q̇_z = 25·luz(0.05·sin(2·t) − q_z, 0.015)");
  g_assert_cmpfloat_with_epsilon (n->rate, 25, 1e-12);
  g_assert_cmpfloat_with_epsilon (n->zone, 0.015, 1e-15);
  g_assert_cmpfloat (n->shift, ==, 0);
  /* the model is all massless: no second-order system, and no crash */
  g_assert_cmpint (lz_reduction_get_kind (r), ==, LZ_REDUCTION_NOT_REDUCIBLE);

  c = (Closed) { n->rate, n->zone, n->shift };
  ts = simulate (model, lz_integrator_timestep, 0.01);
  d_ts = rk4_against (&c, ts, 1e-4, &amp);
  g_test_message ("spring–friction node, Δ = 0.005: |RK4 of ż = 25·luz(x − z, 0.015) − time-stepping "
                  "(h = 1e-4)| ≤ %.2e m, amplitude %.3e m", d_ts, amp);
  g_assert_cmpfloat (amp, >, 0.02);
  g_assert_cmpfloat (d_ts, <=, 1e-7);

  /* Δ = 0: the closed form ż = 25·luz(x − z, 0.01) and the event-driven
   * method's bearing */
  g_assert_true (lz_model_set_parameter (model, "k", "freeplay", 0, &error));
  assembly0 = lz_assembly_new (model, &error);
  g_assert_no_error (error);
  r0 = lz_reduction_new_for_assembly (assembly0);
  n = lz_reduction_get_node (r0, 0);
  g_assert_cmpfloat_with_epsilon (n->zone, 0.01, 1e-15);
  c = (Closed) { n->rate, n->zone, n->shift };
  ev = simulate (model, lz_integrator_event, 0.01);
  d_ev = rk4_against (&c, ev, 1e-4, &amp);
  g_test_message ("spring–friction node, Δ = 0: |RK4 of ż = 25·luz(x − z, 0.01) − event-driven| ≤ %.2e m, "
                  "amplitude %.3e m", d_ev, amp);
  g_assert_cmpfloat (amp, >, 0.02);
  g_assert_cmpfloat (d_ev, <=, 1e-9);
}

/* A damper in parallel with dry friction from a massless pad to a moving
 * wall w(t) = 0.02 sin 3t (μ = 4, F0 = 1), the pad pulled by a spring
 * (100 N/m) from a driven end x(t) = 0.05 sin 2t: the damper is the
 * friction's viscous part (paper 003's non-inertial element, 4·(ż − ẇ) =
 * luz(100·(x − z), 1)), and the node's time-step line — the pad moved with
 * the wall first, y = z(t) + w(t + h) − w(t), then Theorem 3.9 — iterated
 * at h = 1e-6 follows the event-driven run.  Without the wall's move it
 * would be centimetres off. */
static void
test_nodes_parallel_damper (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall' motion='0.02*sin(3*t)'/>"
    "<ground id='drive' motion='0.05*sin(2*t)'/><body id='z' mass='0'/>"
    "<spring id='k' a='drive' b='z' k='100'/><friction id='f' a='wall' b='z' level='1'/>"
    "<damper id='c' a='wall' b='z' c='4'/><simulation t-end='3' method='event'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  g_autoptr(LzTrace) ev = NULL;
  const LzMasslessNode *n;
  const double h = 1e-6;
  double z = 0, z_fixed = 0, t = 0, worst = 0, worst_fixed = 0, a;
  guint row = 0;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  n = node_of (r, "z");
  assert_node (n, LZ_NODE_SPRING_FRICTION, "3.9",
               "4·(q̇_z − 0.06·cos(3·t)) = luz(100·(0.05·sin(2·t) − q_z), 1) = 100·luz(0.05·sin(2·t) − q_z, 0.01)");
  g_assert_cmpfloat_with_epsilon (n->viscous, 4, 1e-15);
  g_assert_cmpfloat_with_epsilon (n->rate, 25, 1e-12);
  g_assert_cmpfloat_with_epsilon (n->zone, 0.01, 1e-15);
  g_assert_cmpstr (n->equations[2], ==,
                   "q_z(t + h) = y + 25·h/(1 + 25·h)·luz(x(t + h) − y, 0.01),  x = 0.05·sin(2·t),  "
                   "y = q_z(t) + w(t + h) − w(t),  w = 0.02·sin(3·t)");
  g_assert_nonnull (strstr (n->explanation, "The damper “c” is in parallel with the friction “f”"));

  ev = simulate (model, lz_integrator_event, 0.01);
  a = n->rate * h / (1 + n->rate * h);
  while (row < lz_trace_get_n_samples (ev))
    {
      double tr = lz_trace_get_time (ev, row);

      if (t > tr - 0.5 * h)
        {
          worst = MAX (worst, fabs (z - lz_trace_get_q (ev, row, 0)));
          worst_fixed = MAX (worst_fixed, fabs (z_fixed - lz_trace_get_q (ev, row, 0)));
          row++;
          continue;
        }
      {
        double x1 = 0.05 * sin (2 * (t + h)), y = z + 0.02 * (sin (3 * (t + h)) - sin (3 * t));

        z = y + a * lz_luz (x1 - y, n->zone);
        z_fixed += a * lz_luz (x1 - z_fixed, n->zone);
        t += h;
      }
    }
  g_test_message ("pad behind a damper and friction on a moving wall: |time-step line (h = 1e-6) − "
                  "event-driven| ≤ %.2e m (%.2e m without the wall's move)", worst, worst_fixed);
  g_assert_cmpfloat (worst, <=, 1e-5);
  g_assert_cmpfloat (worst_fixed, >, 1e-2);
}

/* Dry friction (F0⁺ = 0.1, F0⁻ = 0.2 N) from a wall to a massless pad,
 * a spring (2 N/m) from the wall, a damper (1 N·s/m) from a driven end
 * x = 0.1 sin 2t and another (0.5) from the wall: the dampers' forces at
 * the friction's velocity, Theorem 2.1 with μ = 1 + 0.5, gives
 * 1.5·ż = luz(−2z + 0.2 cos 2t + 0.05, 0.15); RK4 of it (h = 1e-4)
 * against the event-driven run of the model. */
static void
test_nodes_friction_dampers (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='wall'/><ground id='drive' motion='0.1*sin(2*t)'/>"
    "<body id='z' mass='0'/><friction id='f' a='wall' b='z' level-pos='0.1' level-neg='0.2'/>"
    "<spring id='k' a='wall' b='z' k='2'/><damper id='d' a='drive' b='z' c='1'/>"
    "<damper id='d2' a='z' b='wall' c='0.5'/><simulation t-end='6' method='event'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzReduction) r = NULL;
  g_autoptr(LzTrace) ev = NULL;
  const LzMasslessNode *n;
  const double h = 1e-4;
  double z = 0, t = 0, worst = 0, amplitude = 0;
  guint row = 0, n_stick = 0;

  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  n = node_of (r, "z");
  assert_node (n, LZ_NODE_FRICTION, "2.1",
               "1.5·q̇_z = luz(−2·q_z + 0.2·cos(2·t) + 0.05, 0.15)");
  g_assert_cmpstr (n->equations[1], ==, "q̇_z = 0.666667·luz(−2·q_z + 0.2·cos(2·t) + 0.05, 0.15)");
  g_assert_cmpfloat_with_epsilon (n->viscous, 1.5, 1e-15);
  g_assert_nonnull (strstr (n->explanation, "with the damper “d”"));
  g_assert_nonnull (strstr (n->explanation, "The damper “d2” is in parallel with the friction “f”"));

  ev = simulate (model, lz_integrator_event, 0.01);
  while (row < lz_trace_get_n_samples (ev))
    {
      double tr = lz_trace_get_time (ev, row), hh = MIN (h, tr - t), k1, k2, k3, k4;

      if (hh <= 1e-15)
        {
          worst = MAX (worst, fabs (z - lz_trace_get_q (ev, row, 0)));
          amplitude = MAX (amplitude, fabs (z));
          n_stick += fabs (lz_luz (-2 * z + 0.2 * cos (2 * t) + 0.05, 0.15)) == 0;
          row++;
          continue;
        }
#define RHS(tt, zz) (lz_luz (-2 * (zz) + 0.2 * cos (2 * (tt)) + 0.05, 0.15) / 1.5)
      k1 = RHS (t, z);
      k2 = RHS (t + hh / 2, z + hh / 2 * k1);
      k3 = RHS (t + hh / 2, z + hh / 2 * k2);
      k4 = RHS (t + hh, z + hh * k3);
#undef RHS
      z += hh / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      t = tr - t - hh < 1e-15 ? tr : t + hh;
    }
  g_test_message ("pad held by friction and dampers: |RK4 of the closed form − event-driven| ≤ %.2e m, "
                  "amplitude %.3e m, %u of %u rows stuck", worst, amplitude, n_stick, row);
  g_assert_cmpfloat (amplitude, >, 0.02);
  g_assert_cmpuint (n_stick, >, 20);
  g_assert_cmpfloat (worst, <=, 1e-6);
}

/* A node held by more ports than a fixed table would take: every one is
 * in its equation (the combinations of ports grow with the node). */
static void
test_nodes_many_ports (void)
{
  g_autoptr(GString) xml = g_string_new ("<luztar-model version='1'><body id='z' mass='0'/>");
  g_autoptr(LzModel) model = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzReduction) r = NULL;
  const LzMasslessNode *n;

  for (guint i = 0; i < 12; i++)
    g_string_append_printf (xml, "<body id='m%u' mass='1'/><spring id='k%u' a='z' b='m%u' k='1'/>", i, i, i);
  g_string_append (xml, "<simulation t-end='1'/></luztar-model>");
  model = parse (xml->str);
  assembly = lz_assembly_new (model, &error);
  g_assert_no_error (error);
  r = lz_reduction_new_for_assembly (assembly);
  n = node_of (r, "z");
  g_assert_cmpint (n->kind, ==, LZ_NODE_LINEAR_SPRINGS);
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *term = g_strdup_printf ("0.0833333·q_m%u", i);

      g_assert_nonnull (strstr (n->equations[0], term));
    }
}

int
main (int    argc,
      char **argv)
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reduce/example-5.1/matrices", test_example_51_matrices);
  g_test_add_func ("/reduce/example-5.1/model", test_example_51_model);
  g_test_add_func ("/reduce/example-5.3/matrices", test_example_53_matrices);
  g_test_add_func ("/reduce/example-5.3/model", test_example_53_model);
  g_test_add_func ("/reduce/example-5.4", test_example_54);
  g_test_add_func ("/reduce/remark-3.2", test_remark_32);
  g_test_add_func ("/reduce/singular-pencil", test_singular_pencil);
  g_test_add_func ("/reduce/mixed-joint", test_mixed_joint);
  g_test_add_func ("/reduce/friction-on-joint", test_friction_on_joint);
  g_test_add_func ("/reduce/regular", test_regular);
  g_test_add_func ("/reduce/json", test_json);
  g_test_add_func ("/reduce/nodes/classified", test_nodes_classified);
  g_test_add_func ("/reduce/nodes/text", test_nodes_text);
  g_test_add_func ("/reduce/nodes/spring-friction-closed-form", test_nodes_spring_friction_closed_form);
  g_test_add_func ("/reduce/nodes/parallel-damper", test_nodes_parallel_damper);
  g_test_add_func ("/reduce/nodes/friction-dampers", test_nodes_friction_dampers);
  g_test_add_func ("/reduce/nodes/many-ports", test_nodes_many_ports);

  return g_test_run ();
}
