/* test-dense.c — the dense linear-algebra kit (solve/lz-dense) on small
 * hand-computed cases
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every function of lz-dense.h on matrices small enough to work out by
 * hand, including the empty shapes (no rows, no columns) that program
 * motion meets (no free direction, no balance condition) and the %NULL
 * bases of the reduction.
 */

#include "config.h"

#include <math.h>
#include <gsl/gsl_errno.h>

#include "lz.h"

/* The rank tolerance both former kits used. */
#define RANK_TOL 1e-10
/* Exact arithmetic on small integers, or a few ulps after an SVD. */
#define EXACT 0.0
#define ULPS 1e-14

static gsl_matrix *
from_rows (size_t        r,
           size_t        c,
           const double *a)
{
  gsl_matrix *X = gsl_matrix_alloc (r, c);

  for (size_t i = 0; i < r; i++)
    for (size_t j = 0; j < c; j++)
      gsl_matrix_set (X, i, j, a[i * c + j]);
  return X;
}

static void
assert_matrix (const gsl_matrix *X,
               size_t            r,
               size_t            c,
               const double     *a,
               double            tol)
{
  g_assert_nonnull (X);
  g_assert_cmpuint (X->size1, ==, r);
  g_assert_cmpuint (X->size2, ==, c);
  for (size_t i = 0; i < r; i++)
    for (size_t j = 0; j < c; j++)
      if (tol == EXACT)
        g_assert_cmpfloat (gsl_matrix_get (X, i, j), ==, a[i * c + j]);
      else
        g_assert_cmpfloat_with_epsilon (gsl_matrix_get (X, i, j), a[i * c + j], tol);
}

/* Columns equal up to their sign (singular vectors have none). */
static void
assert_columns_up_to_sign (const gsl_matrix *X,
                           size_t            r,
                           size_t            c,
                           const double     *a)
{
  g_assert_nonnull (X);
  g_assert_cmpuint (X->size1, ==, r);
  g_assert_cmpuint (X->size2, ==, c);
  for (size_t j = 0; j < c; j++)
    {
      double sign = 0;

      for (size_t i = 0; i < r && sign == 0; i++)
        if (fabs (a[i * c + j]) > 0.5)
          sign = gsl_matrix_get (X, i, j) / a[i * c + j] > 0 ? 1 : -1;
      for (size_t i = 0; i < r; i++)
        g_assert_cmpfloat_with_epsilon (sign * gsl_matrix_get (X, i, j), a[i * c + j], ULPS);
    }
}

static void
test_dense_build (void)
{
  const double a[] = { 1, 2, 3,
                       4, 5, 6 };
  const double at[] = { 1, 4,
                        2, 5,
                        3, 6 };
  const double i2[] = { 1, 0,
                        0, 1 };
  const double ab[] = { 1, 2, 3,
                        4, 5, 6,
                        7, 8, 9 };
  const double c9[] = { 7, 8, 9 };
  const double h[] = { 1, 2, 3, 1, 4, 0,
                       4, 5, 6, 4, 0, 0 };
  g_autoptr(gsl_matrix) A = from_rows (2, 3, a);
  g_autoptr(gsl_matrix) Z = lz_dense_new (0, 3);
  g_autoptr(gsl_matrix) C = from_rows (1, 3, c9);
  g_autoptr(gsl_matrix) D = lz_dense_dup (A);
  g_autoptr(gsl_matrix) T = lz_dense_transpose (A);
  g_autoptr(gsl_matrix) T0 = lz_dense_transpose (Z);
  g_autoptr(gsl_matrix) Bk = lz_dense_block (A, 0, 2, 1, 2);
  g_autoptr(gsl_matrix) Bk0 = lz_dense_block (A, 1, 0, 0, 3);
  g_autoptr(gsl_matrix) I = lz_dense_identity (2);
  g_autoptr(gsl_matrix) V = lz_dense_vstack (A, C);
  g_autoptr(gsl_matrix) V0 = lz_dense_vstack (Z, Z);
  g_autoptr(gsl_matrix) V1 = lz_dense_vstack (Z, C);
  g_autoptr(gsl_matrix) H = NULL;
  g_autoptr(gsl_matrix) H0 = lz_dense_hstack (2, NULL, NULL, NULL);
  g_autoptr(gsl_matrix) Zero = lz_dense_new (2, 2);
  const double b2[] = { 2, 3,
                        5, 6 };
  const double col[] = { 1, 4 };
  const double four[] = { 4, 0, 0, 0 };

  assert_matrix (D, 2, 3, a, EXACT);
  assert_matrix (T, 3, 2, at, EXACT);
  g_assert_cmpuint (T0->size1, ==, 3);
  g_assert_cmpuint (T0->size2, ==, 0);
  assert_matrix (Bk, 2, 2, b2, EXACT);
  g_assert_cmpuint (Bk0->size1, ==, 0);
  assert_matrix (I, 2, 2, i2, EXACT);
  assert_matrix (V, 3, 3, ab, EXACT);
  g_assert_cmpuint (V0->size1, ==, 0);
  g_assert_cmpuint (V0->size2, ==, 3);
  assert_matrix (V1, 1, 3, c9, EXACT);
  assert_matrix (Zero, 2, 2, (const double[]) { 0, 0, 0, 0 }, EXACT);
  {
    g_autoptr(gsl_matrix) Col = from_rows (2, 1, col);
    g_autoptr(gsl_matrix) F = from_rows (2, 2, four);

    /* A, then the column (1, 4), then F: NULLs take no room */
    H = lz_dense_hstack (2, A, Col, F);
    assert_matrix (H, 2, 6, h, EXACT);
    gsl_matrix_free (H);
    H = lz_dense_hstack (2, NULL, Col, NULL);
    assert_matrix (H, 2, 1, col, EXACT);
  }
  /* all NULL: one column of zeros, never a matrix without columns */
  assert_matrix (H0, 2, 1, (const double[]) { 0, 0 }, EXACT);
}

static void
test_dense_arithmetic (void)
{
  const double a[] = { 1, 2,
                       3, 4 };
  const double b[] = { 0, 1,
                       1, 0 };
  const double ab[] = { 2, 1,
                        4, 3 };
  const double atb[] = { 3, 1,
                         4, 2 };
  const double abt[] = { 2, 1,
                         4, 3 };
  const double atbt[] = { 3, 1,
                          4, 2 };
  const double s[] = { 1,
                       1 };
  const double sts[] = { 10 };   /* (1 1) A (1 1)ᵀ = 1 + 2 + 3 + 4 */
  const double comb[] = { 2 + 0 - 1, 4 + 3 - 0,
                          6 + 3 - 0, 8 + 0 - 1 };
  g_autoptr(gsl_matrix) A = from_rows (2, 2, a);
  g_autoptr(gsl_matrix) B = from_rows (2, 2, b);
  g_autoptr(gsl_matrix) S = from_rows (2, 1, s);
  g_autoptr(gsl_matrix) I = lz_dense_identity (2);
  g_autoptr(gsl_matrix) X1 = lz_dense_mul (CblasNoTrans, A, CblasNoTrans, B);
  g_autoptr(gsl_matrix) X2 = lz_dense_mul (CblasTrans, A, CblasNoTrans, B);
  g_autoptr(gsl_matrix) X3 = lz_dense_mul (CblasNoTrans, A, CblasTrans, B);
  g_autoptr(gsl_matrix) X4 = lz_dense_mul (CblasTrans, A, CblasTrans, B);
  g_autoptr(gsl_matrix) Cg = lz_dense_congruence (S, A);
  g_autoptr(gsl_matrix) Cb = lz_dense_combine (2, A, 3, B, -1, I);
  g_autoptr(gsl_matrix) Cn = lz_dense_combine (0, NULL, 2, B, 0, NULL);
  g_autoptr(gsl_matrix) E1 = lz_dense_new (2, 0);
  g_autoptr(gsl_matrix) E2 = lz_dense_new (0, 3);
  g_autoptr(gsl_matrix) Ez = lz_dense_mul (CblasNoTrans, E1, CblasNoTrans, E2);
  g_autoptr(gsl_matrix) Ee = lz_dense_mul (CblasNoTrans, E2, CblasTrans, E2);
  double x[] = { 1, -1 }, y[2];

  assert_matrix (X1, 2, 2, ab, EXACT);
  assert_matrix (X2, 2, 2, atb, EXACT);
  assert_matrix (X3, 2, 2, abt, EXACT);
  assert_matrix (X4, 2, 2, atbt, EXACT);
  assert_matrix (Cg, 1, 1, sts, EXACT);
  assert_matrix (Cb, 2, 2, comb, EXACT);
  assert_matrix (Cn, 2, 2, (const double[]) { 0, 2, 2, 0 }, EXACT);
  /* (2×0)(0×3): the 2×3 zero matrix; (0×3)(0×3)ᵀ: 0×0 */
  assert_matrix (Ez, 2, 3, (const double[]) { 0, 0, 0, 0, 0, 0 }, EXACT);
  g_assert_cmpuint (Ee->size1, ==, 0);
  g_assert_cmpuint (Ee->size2, ==, 0);
  g_assert_cmpfloat (lz_dense_max_abs (A), ==, 4);
  g_assert_cmpfloat (lz_dense_max_abs (E1), ==, 0);
  lz_dense_apply (A, x, y);
  g_assert_cmpfloat (y[0], ==, -1);
  g_assert_cmpfloat (y[1], ==, -1);
}

static void
test_dense_svd (void)
{
  /* diag(3, 4) with the rows swapped: singular values 4, 3 */
  const double a[] = { 0, 4,
                       3, 0 };
  g_autoptr(gsl_matrix) A = from_rows (2, 2, a);
  g_autoptr(gsl_matrix) V = gsl_matrix_alloc (2, 2);
  g_autoptr(gsl_vector) s = gsl_vector_alloc (2);
  g_autoptr(gsl_matrix) U2 = NULL;
  g_autoptr(gsl_matrix) V2 = NULL;
  g_autoptr(gsl_vector) s2 = NULL;
  /* one row (3, 4): padded to 2×2, singular values 5 and 0 */
  const double r[] = { 3, 4 };
  g_autoptr(gsl_matrix) R = from_rows (1, 2, r);

  lz_dense_svd (A, V, s);
  g_assert_cmpfloat_with_epsilon (gsl_vector_get (s, 0), 4, ULPS);
  g_assert_cmpfloat_with_epsilon (gsl_vector_get (s, 1), 3, ULPS);
  assert_columns_up_to_sign (V, 2, 2, (const double[]) { 0, 1, 1, 0 });

  lz_dense_svd_padded (R, &U2, &s2, &V2);
  g_assert_cmpuint (U2->size1, ==, 2);
  g_assert_cmpuint (U2->size2, ==, 2);
  g_assert_cmpfloat_with_epsilon (gsl_vector_get (s2, 0), 5, ULPS);
  g_assert_cmpfloat_with_epsilon (gsl_vector_get (s2, 1), 0, ULPS);
  assert_columns_up_to_sign (V2, 2, 2, (const double[]) { 0.6, -0.8, 0.8, 0.6 });
}

static void
test_dense_rank_kernel (void)
{
  /* rank 1: the second row is twice the first; ker = span (2, −1, 0)/√5,
   * (3, 0, −1)/√10 — checked through A K = 0 and KᵀK = I */
  const double a[] = { 1, 2, 3,
                       2, 4, 6 };
  const double row[] = { 3, 4 };
  const double diag[] = { 1, 0,
                          0, 1e-12 };
  g_autoptr(gsl_matrix) A = from_rows (2, 3, a);
  g_autoptr(gsl_matrix) R = from_rows (1, 2, row);
  g_autoptr(gsl_matrix) D = from_rows (2, 2, diag);
  g_autoptr(gsl_matrix) Z = lz_dense_new (0, 3);
  g_autoptr(gsl_matrix) K = NULL;
  g_autoptr(gsl_matrix) KR = NULL;
  g_autoptr(gsl_matrix) KZ = NULL;
  g_autoptr(gsl_matrix) KD = NULL;
  g_autoptr(gsl_matrix) KtK = NULL;
  g_autoptr(gsl_matrix) I3 = lz_dense_identity (3);

  g_assert_cmpuint (lz_dense_rank (A, RANK_TOL), ==, 1);
  g_assert_cmpuint (lz_dense_rank (I3, RANK_TOL), ==, 3);
  g_assert_cmpuint (lz_dense_rank (Z, RANK_TOL), ==, 0);
  /* 1e-12 is below 1e-10 of the largest, not below 1e-13 */
  g_assert_cmpuint (lz_dense_rank (D, RANK_TOL), ==, 1);
  g_assert_cmpuint (lz_dense_rank (D, 1e-13), ==, 2);

  g_assert_cmpuint (lz_dense_kernel (A, RANK_TOL, &K), ==, 2);
  g_assert_true (lz_dense_annihilates (A, K, 1e-14));
  KtK = lz_dense_mul (CblasTrans, K, CblasNoTrans, K);
  assert_matrix (KtK, 2, 2, (const double[]) { 1, 0, 0, 1 }, ULPS);
  g_assert_cmpuint (lz_dense_kernel (A, RANK_TOL, NULL), ==, 2);

  /* ker (3 4) = span (−4, 3)/5 */
  g_assert_cmpuint (lz_dense_kernel (R, RANK_TOL, &KR), ==, 1);
  assert_columns_up_to_sign (KR, 2, 1, (const double[]) { -0.8, 0.6 });
  /* no rows: everything, as the identity */
  g_assert_cmpuint (lz_dense_kernel (Z, RANK_TOL, &KZ), ==, 3);
  assert_matrix (KZ, 3, 3, (const double[]) { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, EXACT);
  /* regular: no kernel, NULL */
  g_assert_cmpuint (lz_dense_kernel (I3, RANK_TOL, &KD), ==, 0);
  g_assert_null (KD);
}

static void
test_dense_canonical_basis (void)
{
  /* span (e1, e3) given by a rotated basis: becomes (e1, e3) */
  double c = cos (0.3), s = sin (0.3);
  const double rot[] = { c, -s,
                         0, 0,
                         s, c };
  const double unit[] = { 1, 0,
                          0, 0,
                          0, 1 };
  /* span (e1 + e2)/√2 is not a coordinate span: stays */
  const double diag[] = { M_SQRT1_2, M_SQRT1_2, 0 };
  g_autoptr(gsl_matrix) B = from_rows (3, 2, rot);
  g_autoptr(gsl_matrix) D = from_rows (3, 1, diag);

  g_assert_true (lz_dense_canonical_basis (B, 1e-9));
  assert_matrix (B, 3, 2, unit, EXACT);
  g_assert_false (lz_dense_canonical_basis (D, 1e-9));
  assert_matrix (D, 3, 1, diag, EXACT);
}

static void
test_dense_complements (void)
{
  /* Z = (e1, e2), X = (e1): span Z ∩ X⊥ = span e2 */
  const double z[] = { 1, 0,
                       0, 1,
                       0, 0 };
  const double x[] = { 1,
                       0,
                       0 };
  g_autoptr(gsl_matrix) Z = from_rows (3, 2, z);
  g_autoptr(gsl_matrix) X = from_rows (3, 1, x);
  g_autoptr(gsl_matrix) W = lz_dense_complement_within (Z, X);
  g_autoptr(gsl_matrix) WZ = lz_dense_complement_within (Z, NULL);
  g_autoptr(gsl_matrix) WX = lz_dense_complement_within (X, X);
  g_autoptr(gsl_matrix) O = lz_dense_orthogonal_complement (Z, 3, RANK_TOL);
  g_autoptr(gsl_matrix) ON = lz_dense_orthogonal_complement (NULL, 2, RANK_TOL);
  g_autoptr(gsl_matrix) I3 = lz_dense_identity (3);
  g_autoptr(gsl_matrix) OI = lz_dense_orthogonal_complement (I3, 3, RANK_TOL);

  assert_columns_up_to_sign (W, 3, 1, (const double[]) { 0, 1, 0 });
  /* without X: span Z itself */
  g_assert_cmpuint (WZ->size2, ==, 2);
  g_assert_null (WX);
  g_assert_null (lz_dense_complement_within (NULL, X));
  /* (e1, e2)⊥ = e3 */
  assert_columns_up_to_sign (O, 3, 1, (const double[]) { 0, 0, 1 });
  assert_matrix (ON, 2, 2, (const double[]) { 1, 0, 0, 1 }, EXACT);
  g_assert_null (OI);
}

static void
test_dense_solves (void)
{
  const double a[] = { 2, 1,
                       1, 1 };
  const double ainv[] = { 1, -1,
                          -1, 2 };
  const double b[] = { 3, 1,
                       2, 0 };
  const double x[] = { 1, 1,         /* A⁻¹ b: (3, 2) → (1, 1); (1, 0) → (1, −1) */
                       1, -1 };
  const double sing[] = { 1, 2,
                          2, 4 };
  /* min-norm: (1 1) z = 2 → z = (1, 1) */
  const double j[] = { 1, 1 };
  const double rj[] = { 2 };
  double z[2];
  g_autoptr(gsl_matrix) A = from_rows (2, 2, a);
  g_autoptr(gsl_matrix) B = from_rows (2, 2, b);
  g_autoptr(gsl_matrix) S = from_rows (2, 2, sing);
  g_autoptr(gsl_matrix) J = from_rows (1, 2, j);
  g_autoptr(gsl_matrix) Jz = lz_dense_new (0, 2);
  g_autoptr(gsl_matrix) E = lz_dense_new (0, 0);
  g_autoptr(gsl_matrix) Ai = lz_dense_inverse (A, RANK_TOL);
  g_autoptr(gsl_matrix) Ei = lz_dense_inverse (E, RANK_TOL);
  g_autoptr(gsl_matrix) X = lz_dense_solve (A, B, 1e-12);

  assert_matrix (Ai, 2, 2, ainv, ULPS);
  g_assert_cmpuint (Ei->size1, ==, 0);
  g_assert_null (lz_dense_inverse (S, RANK_TOL));
  assert_matrix (X, 2, 2, x, ULPS);
  g_assert_null (lz_dense_solve (S, B, 1e-12));

  lz_dense_solve_min_norm (J, rj, z, RANK_TOL);
  g_assert_cmpfloat_with_epsilon (z[0], 1, ULPS);
  g_assert_cmpfloat_with_epsilon (z[1], 1, ULPS);
  z[0] = z[1] = 7;
  lz_dense_solve_min_norm (Jz, rj, z, RANK_TOL);
  g_assert_cmpfloat (z[0], ==, 0);
  g_assert_cmpfloat (z[1], ==, 0);
  /* a singular J: (1 2; 2 4) z = (1, 2) → z = (1, 2)/5 */
  {
    const double r2[] = { 1, 2 };

    lz_dense_solve_min_norm (S, r2, z, RANK_TOL);
    g_assert_cmpfloat_with_epsilon (z[0], 0.2, ULPS);
    g_assert_cmpfloat_with_epsilon (z[1], 0.4, ULPS);
  }
}

static void
test_dense_tests (void)
{
  const double a[] = { 1, 1,
                       2, 2 };
  const double k[] = { M_SQRT1_2,
                       -M_SQRT1_2 };
  const double off[] = { 1,
                         0 };
  /* leading minors: 1 and det = 1·3 − 2·1 = 1; the swapped one starts
   * with a zero pivot though it is regular */
  const double lm[] = { 1, 2,
                        1, 3 };
  const double sw[] = { 0, 1,
                        1, 0 };
  g_autoptr(gsl_matrix) A = from_rows (2, 2, a);
  g_autoptr(gsl_matrix) K = from_rows (2, 1, k);
  g_autoptr(gsl_matrix) Off = from_rows (2, 1, off);
  g_autoptr(gsl_matrix) L = from_rows (2, 2, lm);
  g_autoptr(gsl_matrix) W = from_rows (2, 2, sw);
  g_autoptr(gsl_matrix) Zero = lz_dense_new (2, 2);
  g_autoptr(gsl_matrix) Twice = lz_dense_combine (2, A, 0, NULL, 0, NULL);

  g_assert_true (lz_dense_annihilates (A, K, 1e-9));
  g_assert_false (lz_dense_annihilates (A, Off, 1e-9));
  g_assert_true (lz_dense_annihilates (A, NULL, 1e-9));
  g_assert_true (lz_dense_annihilates (Zero, Off, 1e-9));

  /* ker 2A = ker A (dimension 1, spanned by K); not ker I, not dimension 2 */
  g_assert_true (lz_dense_same_kernel (Twice, K, 1, RANK_TOL, 1e-9));
  g_assert_false (lz_dense_same_kernel (W, K, 1, RANK_TOL, 1e-9));
  g_assert_false (lz_dense_same_kernel (A, K, 2, RANK_TOL, 1e-9));

  g_assert_true (lz_dense_leading_minors_nonzero (L, 1e-12));
  g_assert_false (lz_dense_leading_minors_nonzero (W, 1e-12));
  g_assert_false (lz_dense_leading_minors_nonzero (A, 1e-12));
}

int
main (int argc, char *argv[])
{
  gsl_set_error_handler_off ();
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/dense/build", test_dense_build);
  g_test_add_func ("/lz/dense/arithmetic", test_dense_arithmetic);
  g_test_add_func ("/lz/dense/svd", test_dense_svd);
  g_test_add_func ("/lz/dense/rank-kernel", test_dense_rank_kernel);
  g_test_add_func ("/lz/dense/canonical-basis", test_dense_canonical_basis);
  g_test_add_func ("/lz/dense/complements", test_dense_complements);
  g_test_add_func ("/lz/dense/solves", test_dense_solves);
  g_test_add_func ("/lz/dense/tests", test_dense_tests);

  return g_test_run ();
}
