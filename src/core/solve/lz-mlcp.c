/* lz-mlcp.c — the mixed linear complementarity problem: equality rows eliminated, then Lemke
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 0 = A u + C v + a,  0 ≤ v ⊥ D u + B v + b ≥ 0 (bilateral constraints,
 * massless coordinates): A is factored once by LU, u eliminated, the LCP
 * left for v solved by the Lemke pivoting of lz-lcp.c, and u recovered.
 * The report and the messages speak of the whole problem.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>

#include "lz-lcp.h"
#include "lz-lcp-private.h"
#include "lz-error.h"

/* The block M[0 … n_eq) × [0 … n_eq) counts as singular when the estimated
 * reciprocal condition number of its U factor is below this multiple of
 * the machine epsilon times n_eq. */
#define MLCP_RCOND_FACTOR 1.0

/* The pieces of a mixed LCP once u is eliminated. */
typedef struct
{
  gsl_matrix      *LU;    /* LU factors of A (n_eq × n_eq) */
  gsl_permutation *perm;
  gsl_vector      *work;  /* for the condition estimate (3 n_eq) */
  double           rcond; /* reciprocal condition number of U */
  gsl_vector      *y;     /* A⁻¹a (n_eq) */
  gsl_matrix      *X;     /* A⁻¹C (n_eq × m), NULL when m = 0 */
  gsl_matrix      *S;     /* B − D X (m × m) */
  gsl_vector      *qs;    /* b − D y (m) */
} MlcpWork;

static void
mlcp_work_clear (MlcpWork *k)
{
  g_clear_pointer (&k->LU, gsl_matrix_free);
  g_clear_pointer (&k->X, gsl_matrix_free);
  g_clear_pointer (&k->S, gsl_matrix_free);
  g_clear_pointer (&k->y, gsl_vector_free);
  g_clear_pointer (&k->qs, gsl_vector_free);
  g_clear_pointer (&k->work, gsl_vector_free);
  g_clear_pointer (&k->perm, gsl_permutation_free);
}

static void
set_singular_error (GError **error,
                    guint    n_eq,
                    double   rcond)
{
  g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
               _("the equality block of the mixed LCP (the first %u rows and "
                 "columns of M) is singular: reciprocal condition number %.3g"),
               n_eq, rcond);
}

/* Factors A = M[0 … n_eq) × [0 … n_eq) by LU with partial pivoting and
 * refuses it when it is singular to working precision. */
static gboolean
mlcp_factor (const gsl_matrix *M,
             guint             n_eq,
             MlcpWork         *k,
             GError          **error)
{
  gsl_matrix_const_view A = gsl_matrix_const_submatrix (M, 0, 0, n_eq, n_eq);
  gboolean singular = FALSE;
  int signum, status;

  k->LU = gsl_matrix_alloc (n_eq, n_eq);
  k->perm = gsl_permutation_alloc (n_eq);
  k->work = gsl_vector_alloc (3 * n_eq);
  gsl_matrix_memcpy (k->LU, &A.matrix);
  status = gsl_linalg_LU_decomp (k->LU, k->perm, &signum);
  for (guint i = 0; i < n_eq; i++)
    if (gsl_matrix_get (k->LU, i, i) == 0)
      singular = TRUE;
  if (!singular && status == GSL_SUCCESS)
    status = gsl_linalg_tri_rcond (CblasUpper, k->LU, &k->rcond, k->work);
  if (singular || status != GSL_SUCCESS
      || !(k->rcond >= MLCP_RCOND_FACTOR * n_eq * DBL_EPSILON))
    {
      set_singular_error (error, n_eq, singular ? 0.0 : k->rcond);
      return FALSE;
    }
  return TRUE;
}

/* y = A⁻¹a, and for m > 0 complementary rows X = A⁻¹C, S = B − D X and
 * q̃ = b − D y: LCP(S, q̃) is the problem left for v. */
static void
mlcp_reduce (const gsl_matrix *M,
             const gsl_vector *q,
             guint             n_eq,
             MlcpWork         *k)
{
  gsl_vector_const_view a = gsl_vector_const_subvector (q, 0, n_eq);
  guint m = q->size - n_eq;

  k->y = gsl_vector_alloc (n_eq);
  gsl_vector_memcpy (k->y, &a.vector);
  gsl_linalg_LU_svx (k->LU, k->perm, k->y);
  if (m == 0)
    return;

  {
    gsl_matrix_const_view C = gsl_matrix_const_submatrix (M, 0, n_eq, n_eq, m);

    k->X = gsl_matrix_alloc (n_eq, m);
    gsl_matrix_memcpy (k->X, &C.matrix);
    for (guint j = 0; j < m; j++)
      {
        gsl_vector_view col = gsl_matrix_column (k->X, j);

        gsl_linalg_LU_svx (k->LU, k->perm, &col.vector);
      }
  }
  k->S = gsl_matrix_alloc (m, m);
  k->qs = gsl_vector_alloc (m);
  for (guint i = 0; i < m; i++)
    {
      const double *Di = M->data + (n_eq + i) * M->tda;
      double s = gsl_vector_get (q, n_eq + i);

      for (guint j = 0; j < m; j++)
        {
          double sj = Di[n_eq + j];

          for (guint l = 0; l < n_eq; l++)
            sj -= Di[l] * gsl_matrix_get (k->X, l, j);
          gsl_matrix_set (k->S, i, j, sj);
        }
      for (guint l = 0; l < n_eq; l++)
        s -= Di[l] * gsl_vector_get (k->y, l);
      gsl_vector_set (k->qs, i, s);
    }
}

/* u = −(y + X v) into zz[0 … n_eq), v being zz[n_eq … n). */
static void
mlcp_recover (const MlcpWork *k,
              guint           n_eq,
              guint           m,
              double         *zz)
{
  for (guint l = 0; l < n_eq; l++)
    {
      double s = gsl_vector_get (k->y, l);

      for (guint j = 0; j < m; j++)
        s += gsl_matrix_get (k->X, l, j) * zz[n_eq + j];
      zz[l] = -s;
    }
}

/**
 * lz_mlcp_solve:
 * @M: the n×n matrix [A C; D B] with the regular n_eq×n_eq block A
 * @q: the vector q = (a, b) (n)
 * @n_eq: the number of equality rows, 0 ≤ @n_eq ≤ n
 * @z: (out caller-allocates): receives z = (u, v) (n): u free, v ≥ 0
 * @w: (out caller-allocates): receives w = (0, D u + B v + b) (n)
 * @report: (out caller-allocates) (nullable): the pivots of Lemke's method
 *   and the accuracy of the whole problem: @residual, @complementarity and
 *   @infeasibility over the complementary rows; @equation_error over all
 *   rows, so that it includes |A u + C v + a| (w is 0 there by definition)
 * @error: return location for a #GError
 *
 * Solves the mixed LCP  0 = A u + C v + a,  0 ≤ v ⊥ D u + B v + b ≥ 0
 * (bilateral constraints, massless coordinates): A is factored by LU with
 * partial pivoting, u = −A⁻¹(C v + a) eliminated, LCP(B − D A⁻¹C,
 * b − D A⁻¹a) solved by lz_lcp_solve_lemke()'s method and u recovered.
 * Messages name the variables of the whole problem.
 *
 * Errors: %LZ_ERROR_SINGULAR when A is singular (to working precision);
 * the errors of lz_lcp_solve_lemke() otherwise.
 *
 * Returns: %TRUE when (@z, @w) solves the problem
 */
gboolean
lz_mlcp_solve (const gsl_matrix *M,
               const gsl_vector *q,
               guint             n_eq,
               gsl_vector       *z,
               gsl_vector       *w,
               LzLcpReport      *report,
               GError          **error)
{
  g_autofree double *zz = NULL;
  MlcpWork k = { 0 };
  guint n, m, pivots = 0;
  gboolean ok = FALSE;

  if (!lz_lcp_shapes_agree (M, q, z, w))
    return FALSE;
  n = q->size;
  g_return_val_if_fail (n_eq <= n, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  m = n - n_eq;
  zz = g_new0 (double, MAX (n, 1));
  if (!lz_lcp_check_finite (M, q, error))
    goto out;
  if (n_eq == 0)
    {
      ok = lz_lcp_lemke_raw (M, q, zz, 0, &pivots, error);
      goto out;
    }
  if (!mlcp_factor (M, n_eq, &k, error))
    goto out;
  mlcp_reduce (M, q, n_eq, &k);
  if (m > 0 && !lz_lcp_check_finite (k.S, k.qs, NULL))
    {
      set_singular_error (error, n_eq, k.rcond);
      goto out;
    }
  ok = m == 0 || lz_lcp_lemke_raw (k.S, k.qs, zz + n_eq, n_eq, &pivots, error);
  /* Also after a failure, for the report. */
  mlcp_recover (&k, n_eq, m, zz);

out:
  lz_lcp_finish_solution (M, q, zz, z, w);
  for (guint i = 0; i < n_eq; i++)
    gsl_vector_set (w, i, 0.0);
  lz_lcp_report (M, q, zz, w, n_eq, pivots, report);
  mlcp_work_clear (&k);
  return ok;
}
