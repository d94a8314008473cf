/* lz-dense.c — the core's one dense linear-algebra kit on GSL matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Program motion (paper 001) and the reduction of massless joints (paper
 * 002) each had a private kit; this is their union, with the same GSL
 * calls in the same order, so that both compute what they computed
 * before, bit for bit.  Products go through gsl_blas_dgemm(): GSL's
 * reference CBLAS sums every entry in the order of the inner index from
 * zero, as the loops it replaces did.  SVDs are Golub–Reinsch: GSL's
 * one-sided Jacobi can stop short of its tolerance on badly scaled
 * matrices (and its error handler aborts).
 */

#include "config.h"

#include <math.h>
#include <gsl/gsl_linalg.h>

#include "lz-dense.h"

/* The singular values of the projection of an orthonormal set are 0 or 1
 * (up to rounding): lz_dense_complement_within() keeps those above this
 * cut. */
#define ORTHONORMAL_CUT 0.5

/**
 * lz_dense_new:
 * @rows: rows, may be 0
 * @cols: columns, may be 0
 *
 * Returns: (transfer full): a zero matrix
 */
gsl_matrix *
lz_dense_new (size_t rows,
              size_t cols)
{
  return gsl_matrix_calloc (rows, cols);
}

/**
 * lz_dense_identity:
 * @n: the size
 *
 * Returns: (transfer full): the n×n identity
 */
gsl_matrix *
lz_dense_identity (size_t n)
{
  gsl_matrix *I = gsl_matrix_alloc (n, n);

  gsl_matrix_set_identity (I);
  return I;
}

/**
 * lz_dense_dup:
 * @A: a matrix
 *
 * Returns: (transfer full): a copy of @A
 */
gsl_matrix *
lz_dense_dup (const gsl_matrix *A)
{
  gsl_matrix *B = gsl_matrix_alloc (A->size1, A->size2);

  if (A->size1 > 0 && A->size2 > 0)
    gsl_matrix_memcpy (B, A);
  return B;
}

/**
 * lz_dense_transpose:
 * @A: a matrix, r×c
 *
 * Returns: (transfer full): Aᵀ, c×r
 */
gsl_matrix *
lz_dense_transpose (const gsl_matrix *A)
{
  gsl_matrix *T = gsl_matrix_alloc (A->size2, A->size1);

  if (A->size1 > 0 && A->size2 > 0)
    gsl_matrix_transpose_memcpy (T, A);
  return T;
}

/**
 * lz_dense_block:
 * @A: a matrix
 * @r0: the first row
 * @rows: the number of rows (may be 0)
 * @c0: the first column
 * @cols: the number of columns (may be 0)
 *
 * Returns: (transfer full): a copy of the block A[r0 : r0 + rows, c0 : c0 + cols]
 */
gsl_matrix *
lz_dense_block (const gsl_matrix *A,
                size_t            r0,
                size_t            rows,
                size_t            c0,
                size_t            cols)
{
  g_return_val_if_fail (r0 + rows <= A->size1 && c0 + cols <= A->size2, NULL);
  if (rows == 0 || cols == 0)
    return gsl_matrix_alloc (rows, cols);
  {
    gsl_matrix_const_view v = gsl_matrix_const_submatrix (A, r0, c0, rows, cols);

    return lz_dense_dup (&v.matrix);
  }
}

/**
 * lz_dense_vstack:
 * @A: a matrix, r×c (r may be 0)
 * @B: a matrix, s×c (s may be 0)
 *
 * Returns: (transfer full): [A; B], (r + s)×c
 */
gsl_matrix *
lz_dense_vstack (const gsl_matrix *A,
                 const gsl_matrix *B)
{
  gsl_matrix *X;

  g_return_val_if_fail (A->size2 == B->size2, NULL);
  X = gsl_matrix_alloc (A->size1 + B->size1, A->size2);
  for (size_t i = 0; i < A->size1; i++)
    for (size_t j = 0; j < A->size2; j++)
      gsl_matrix_set (X, i, j, gsl_matrix_get (A, i, j));
  for (size_t i = 0; i < B->size1; i++)
    for (size_t j = 0; j < B->size2; j++)
      gsl_matrix_set (X, A->size1 + i, j, gsl_matrix_get (B, i, j));
  return X;
}

/**
 * lz_dense_hstack:
 * @n: the number of rows
 * @A: (nullable): a matrix with @n rows, %NULL for none
 * @B: (nullable): a matrix with @n rows, %NULL for none
 * @C: (nullable): a matrix with @n rows, %NULL for none
 *
 * Returns: (transfer full): the columns of A, B, C side by side; n×1 zeros
 *   when all are %NULL (reduce's convention: never a matrix without columns)
 */
gsl_matrix *
lz_dense_hstack (size_t            n,
                 const gsl_matrix *A,
                 const gsl_matrix *B,
                 const gsl_matrix *C)
{
  const gsl_matrix *parts[] = { A, B, C };
  size_t cols = 0, at = 0;
  gsl_matrix *X;

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    cols += parts[p] != NULL ? parts[p]->size2 : 0;
  X = gsl_matrix_calloc (n, MAX (cols, 1));
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    if (parts[p] != NULL && parts[p]->size2 > 0 && n > 0)
      {
        gsl_matrix_view dst;

        g_return_val_if_fail (parts[p]->size1 == n, X);
        dst = gsl_matrix_submatrix (X, 0, at, n, parts[p]->size2);
        gsl_matrix_memcpy (&dst.matrix, parts[p]);
        at += parts[p]->size2;
      }
  return X;
}

/**
 * lz_dense_max_abs:
 * @A: a matrix
 *
 * Returns: the largest |A_ij|, 0 for an empty matrix
 */
double
lz_dense_max_abs (const gsl_matrix *A)
{
  double m = 0;

  for (size_t i = 0; i < A->size1; i++)
    for (size_t j = 0; j < A->size2; j++)
      m = MAX (m, fabs (gsl_matrix_get (A, i, j)));
  return m;
}

/**
 * lz_dense_mul:
 * @ta: %CblasTrans to take Aᵀ, %CblasNoTrans for A
 * @A: a matrix
 * @tb: %CblasTrans to take Bᵀ, %CblasNoTrans for B
 * @B: a matrix
 *
 * op(A)·op(B).  An empty inner dimension gives the zero matrix.
 *
 * Returns: (transfer full): the product
 */
gsl_matrix *
lz_dense_mul (CBLAS_TRANSPOSE_t  ta,
              const gsl_matrix  *A,
              CBLAS_TRANSPOSE_t  tb,
              const gsl_matrix  *B)
{
  size_t rows = ta == CblasNoTrans ? A->size1 : A->size2;
  size_t inner = ta == CblasNoTrans ? A->size2 : A->size1;
  size_t cols = tb == CblasNoTrans ? B->size2 : B->size1;
  gsl_matrix *X = gsl_matrix_calloc (rows, cols);

  g_return_val_if_fail (inner == (tb == CblasNoTrans ? B->size1 : B->size2), X);
  if (rows > 0 && cols > 0 && inner > 0)
    gsl_blas_dgemm (ta, tb, 1.0, A, B, 0.0, X);
  return X;
}

/**
 * lz_dense_congruence:
 * @S: a matrix, n×k
 * @X: a square matrix, n×n
 *
 * Returns: (transfer full): SᵀXS, k×k (XS first)
 */
gsl_matrix *
lz_dense_congruence (const gsl_matrix *S,
                     const gsl_matrix *X)
{
  g_autoptr(gsl_matrix) XS = lz_dense_mul (CblasNoTrans, X, CblasNoTrans, S);

  return lz_dense_mul (CblasTrans, S, CblasNoTrans, XS);
}

/**
 * lz_dense_combine:
 * @a: a factor
 * @A: (nullable): a matrix, or %NULL
 * @b: a factor
 * @B: (nullable): a matrix of A's shape, or %NULL
 * @c: a factor
 * @C: (nullable): a matrix of A's shape, or %NULL; one of the three is set
 *
 * Returns: (transfer full): a·A + b·B + c·C, summed in that order
 */
gsl_matrix *
lz_dense_combine (double            a,
                  const gsl_matrix *A,
                  double            b,
                  const gsl_matrix *B,
                  double            c,
                  const gsl_matrix *C)
{
  const gsl_matrix *shape = A != NULL ? A : B != NULL ? B : C;
  gsl_matrix *X;

  g_return_val_if_fail (shape != NULL, NULL);
  X = gsl_matrix_calloc (shape->size1, shape->size2);
  for (size_t i = 0; i < X->size1; i++)
    for (size_t j = 0; j < X->size2; j++)
      gsl_matrix_set (X, i, j,
                      (A != NULL ? a * gsl_matrix_get (A, i, j) : 0)
                      + (B != NULL ? b * gsl_matrix_get (B, i, j) : 0)
                      + (C != NULL ? c * gsl_matrix_get (C, i, j) : 0));
  return X;
}

/**
 * lz_dense_apply:
 * @A: a matrix, r×c
 * @x: a vector of length c
 * @y: (out caller-allocates): A x, length r (not @x)
 *
 * The product with plain arrays, each y_i summed from 0 in column order.
 */
void
lz_dense_apply (const gsl_matrix *A,
                const double     *x,
                double           *y)
{
  for (size_t i = 0; i < A->size1; i++)
    {
      double s = 0.0;

      for (size_t j = 0; j < A->size2; j++)
        s += gsl_matrix_get (A, i, j) * x[j];
      y[i] = s;
    }
}

/**
 * lz_dense_svd:
 * @A: (inout): a matrix, r×c with r ≥ c ≥ 1; becomes U
 * @V: (out caller-allocates): c×c, the right singular vectors
 * @s: (out caller-allocates): c, the singular values, descending
 *
 * A = U diag(s) Vᵀ in place, by Golub–Reinsch.
 */
void
lz_dense_svd (gsl_matrix *A,
              gsl_matrix *V,
              gsl_vector *s)
{
  g_autoptr(gsl_vector) work = gsl_vector_alloc (A->size2);

  gsl_linalg_SV_decomp (A, V, s, work);
}

/**
 * lz_dense_svd_padded:
 * @A: a matrix, r×c (r may be smaller than c, or 0)
 * @U: (out) (transfer full): max(r, c')×c', c' = max(c, 1)
 * @s: (out) (transfer full): c', descending
 * @V: (out) (transfer full): c'×c'
 *
 * The SVD of A padded with zero rows to at least as many rows as columns
 * (Golub–Reinsch needs rows ≥ columns; the padding leaves the right
 * singular vectors alone).  Only the first min(r, c) singular values
 * belong to A: the padding's are zero up to rounding.
 */
void
lz_dense_svd_padded (const gsl_matrix  *A,
                     gsl_matrix       **U,
                     gsl_vector       **s,
                     gsl_matrix       **V)
{
  size_t c = MAX (A->size2, 1), rows = MAX (A->size1, c);

  *U = gsl_matrix_calloc (rows, c);
  *s = gsl_vector_alloc (c);
  *V = gsl_matrix_alloc (c, c);
  for (size_t i = 0; i < A->size1; i++)
    for (size_t j = 0; j < A->size2; j++)
      gsl_matrix_set (*U, i, j, gsl_matrix_get (A, i, j));
  lz_dense_svd (*U, *V, *s);
}

/* The number of the first min(r, c) singular values above tol times the
 * largest. */
static guint
count_rank (const gsl_vector *s,
            size_t            max_rank,
            double            tol)
{
  double smax = gsl_vector_get (s, 0);
  guint rank = 0;

  for (size_t i = 0; i < MIN (s->size, max_rank); i++)
    if (gsl_vector_get (s, i) > tol * smax && gsl_vector_get (s, i) > 0.0)
      rank++;
  return rank;
}

/**
 * lz_dense_rank:
 * @A: a matrix
 * @tol: singular values at or below @tol times the largest are zero
 *
 * Returns: the numerical rank of @A (0 for an empty matrix)
 */
guint
lz_dense_rank (const gsl_matrix *A,
               double            tol)
{
  g_autoptr(gsl_matrix) U = NULL;
  g_autoptr(gsl_matrix) V = NULL;
  g_autoptr(gsl_vector) s = NULL;

  if (A->size1 == 0 || A->size2 == 0)
    return 0;
  lz_dense_svd_padded (A, &U, &s, &V);
  return count_rank (s, MIN (A->size1, A->size2), tol);
}

/**
 * lz_dense_kernel:
 * @A: a matrix, r×c
 * @tol: singular values at or below @tol times the largest are zero
 * @basis: (out) (optional) (transfer full) (nullable): an orthonormal basis
 *   of ker A, c×d, %NULL when d = 0
 *
 * The kernel of A by the SVD: the last d = c − rank A right singular
 * vectors (the identity for a matrix without rows).
 *
 * Returns: d, its dimension
 */
guint
lz_dense_kernel (const gsl_matrix  *A,
                 double             tol,
                 gsl_matrix       **basis)
{
  size_t c = A->size2;
  g_autoptr(gsl_matrix) U = NULL;
  g_autoptr(gsl_matrix) V = NULL;
  g_autoptr(gsl_vector) s = NULL;
  guint rank, d;

  if (basis != NULL)
    *basis = NULL;
  if (c == 0)
    return 0;
  if (A->size1 == 0)
    {
      if (basis != NULL)
        *basis = lz_dense_identity (c);
      return c;
    }
  lz_dense_svd_padded (A, &U, &s, &V);
  rank = count_rank (s, MIN (A->size1, c), tol);
  d = c - rank;
  if (basis != NULL && d > 0)
    {
      gsl_matrix_view last = gsl_matrix_submatrix (V, 0, rank, c, d);

      *basis = lz_dense_dup (&last.matrix);
    }
  return d;
}

/**
 * lz_dense_canonical_basis:
 * @B: (inout): orthonormal columns, n×d
 * @tol: a row belongs to a coordinate the span contains when its squared
 *   norm exceeds 1 − @tol
 *
 * When the span of @B is spanned by coordinate unit vectors, @B becomes
 * those unit vectors in coordinate order; otherwise it stays.
 *
 * Returns: whether @B was replaced
 */
gboolean
lz_dense_canonical_basis (gsl_matrix *B,
                          double      tol)
{
  size_t n = B->size1, d = B->size2, count = 0;
  g_autofree size_t *idx = g_new (size_t, MAX (n, 1));

  for (size_t i = 0; i < n; i++)
    {
      gsl_vector_view row = gsl_matrix_row (B, i);
      double p = gsl_blas_dnrm2 (&row.vector);

      if (p * p > 1 - tol)
        idx[count++] = i;
    }
  if (count != d)
    return FALSE;
  gsl_matrix_set_zero (B);
  for (size_t j = 0; j < d; j++)
    gsl_matrix_set (B, idx[j], j, 1.0);
  return TRUE;
}

/**
 * lz_dense_complement_within:
 * @Z: (nullable): orthonormal columns, n×dz, or %NULL for none
 * @X: (nullable): orthonormal columns spanning a subspace of span Z,
 *   n×dx, or %NULL for none
 *
 * Returns: (transfer full) (nullable): an orthonormal basis of
 *   span Z ∩ (span X)⊥, %NULL when it is {0}
 */
gsl_matrix *
lz_dense_complement_within (const gsl_matrix *Z,
                            const gsl_matrix *X)
{
  g_autoptr(gsl_matrix) Y = NULL;
  g_autoptr(gsl_matrix) V = NULL;
  g_autoptr(gsl_vector) s = NULL;
  gsl_matrix *B;
  guint d = 0, k = 0;

  if (Z == NULL)
    return NULL;
  Y = lz_dense_dup (Z);
  if (X != NULL)
    {
      g_autoptr(gsl_matrix) XtZ = lz_dense_mul (CblasTrans, X, CblasNoTrans, Z);

      gsl_blas_dgemm (CblasNoTrans, CblasNoTrans, -1.0, X, XtZ, 1.0, Y);
    }
  V = gsl_matrix_alloc (Z->size2, Z->size2);
  s = gsl_vector_alloc (Z->size2);
  lz_dense_svd (Y, V, s);
  for (size_t i = 0; i < s->size; i++)
    if (gsl_vector_get (s, i) > ORTHONORMAL_CUT)
      d++;
  if (d == 0)
    return NULL;
  B = gsl_matrix_alloc (Z->size1, d);
  for (size_t i = 0; i < s->size; i++)
    if (gsl_vector_get (s, i) > ORTHONORMAL_CUT)
      {
        gsl_vector_view col = gsl_matrix_column (Y, i);

        gsl_matrix_set_col (B, k++, &col.vector);
      }
  return B;
}

/**
 * lz_dense_orthogonal_complement:
 * @Z: (nullable): columns in Rⁿ, or %NULL for none
 * @n: the dimension of the space
 * @tol: the rank tolerance of lz_dense_kernel()
 *
 * Returns: (transfer full) (nullable): an orthonormal basis of (span Z)⊥
 *   (the identity when @Z is %NULL), %NULL when it is {0}
 */
gsl_matrix *
lz_dense_orthogonal_complement (const gsl_matrix *Z,
                                size_t            n,
                                double            tol)
{
  g_autoptr(gsl_matrix) Zt = NULL;
  gsl_matrix *B = NULL;

  if (Z == NULL)
    return lz_dense_identity (n);
  Zt = lz_dense_transpose (Z);
  lz_dense_kernel (Zt, tol, &B);
  return B;
}

/**
 * lz_dense_inverse:
 * @A: a square matrix (may be 0×0)
 * @tol: the rank tolerance of lz_dense_rank()
 *
 * A⁻¹ by LU (the LU factors a copy of A in which −0 is +0, so that no
 * zero of the inverse takes a sign from it).
 *
 * Returns: (transfer full) (nullable): the inverse, %NULL when A is
 *   singular by the rank test
 */
gsl_matrix *
lz_dense_inverse (const gsl_matrix *A,
                  double            tol)
{
  size_t n = A->size1;
  g_autoptr(gsl_matrix) LU = NULL;
  g_autoptr(gsl_permutation) perm = NULL;
  gsl_matrix *inv;
  int sign;

  g_return_val_if_fail (A->size1 == A->size2, NULL);
  if (n == 0)
    return gsl_matrix_alloc (0, 0);
  if (lz_dense_rank (A, tol) < n)
    return NULL;
  LU = gsl_matrix_alloc (n, n);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      gsl_matrix_set (LU, i, j, gsl_matrix_get (A, i, j) == 0.0 ? 0.0 : gsl_matrix_get (A, i, j));
  inv = gsl_matrix_alloc (n, n);
  perm = gsl_permutation_alloc (n);
  gsl_linalg_LU_decomp (LU, perm, &sign);
  gsl_linalg_LU_invert (LU, perm, inv);
  return inv;
}

/**
 * lz_dense_solve:
 * @A: a square matrix, n×n (n ≥ 1)
 * @B: a matrix, n×k
 * @pivot_tol: A is singular when a pivot of its LU (partial pivoting) is
 *   at most @pivot_tol times A's largest entry
 *
 * Returns: (transfer full) (nullable): A⁻¹B, %NULL when A is singular
 */
gsl_matrix *
lz_dense_solve (const gsl_matrix *A,
                const gsl_matrix *B,
                double            pivot_tol)
{
  g_autoptr(gsl_matrix) LU = lz_dense_dup (A);
  g_autoptr(gsl_permutation) p = gsl_permutation_alloc (A->size1);
  double scale = lz_dense_max_abs (A);
  gsl_matrix *X;
  int sign;

  gsl_linalg_LU_decomp (LU, p, &sign);
  for (size_t i = 0; i < A->size1; i++)
    if (!(fabs (gsl_matrix_get (LU, i, i)) > pivot_tol * scale))
      return NULL;
  X = lz_dense_dup (B);
  for (size_t j = 0; j < B->size2; j++)
    {
      gsl_vector_view col = gsl_matrix_column (X, j);

      gsl_linalg_LU_svx (LU, p, &col.vector);
    }
  return X;
}

/**
 * lz_dense_solve_min_norm:
 * @J: a matrix, r×c
 * @r: a vector of length r
 * @z: (out caller-allocates): the minimum-norm least-squares solution of
 *   J z = r, length c (zero when J is empty)
 * @tol: singular values at or below @tol times the largest are dropped
 */
void
lz_dense_solve_min_norm (const gsl_matrix *J,
                         const double     *r,
                         double           *z,
                         double            tol)
{
  g_autoptr(gsl_matrix) U = NULL;
  g_autoptr(gsl_matrix) V = NULL;
  g_autoptr(gsl_vector) S = NULL;
  double smax;

  for (size_t j = 0; j < J->size2; j++)
    z[j] = 0.0;
  if (J->size1 == 0 || J->size2 == 0)
    return;
  lz_dense_svd_padded (J, &U, &S, &V);
  smax = gsl_vector_get (S, 0);
  for (size_t k = 0; k < S->size; k++)
    {
      double s = gsl_vector_get (S, k), coef = 0.0;

      if (s <= tol * smax || s == 0.0)
        continue;
      for (size_t i = 0; i < J->size1; i++)
        coef += gsl_matrix_get (U, i, k) * r[i];
      coef /= s;
      for (size_t j = 0; j < J->size2; j++)
        z[j] += gsl_matrix_get (V, j, k) * coef;
    }
}

/**
 * lz_dense_annihilates:
 * @A: a matrix, r×n
 * @X: (nullable): columns, n×d, or %NULL for none
 * @tol: |A X| must stay within @tol times A's largest entry
 *
 * Returns: whether A X = 0 (%TRUE for no columns or a zero A)
 */
gboolean
lz_dense_annihilates (const gsl_matrix *A,
                      const gsl_matrix *X,
                      double            tol)
{
  g_autoptr(gsl_matrix) AX = NULL;
  double scale = lz_dense_max_abs (A);

  if (X == NULL || scale == 0)
    return TRUE;
  AX = lz_dense_mul (CblasNoTrans, A, CblasNoTrans, X);
  return lz_dense_max_abs (AX) <= tol * scale;
}

/**
 * lz_dense_same_kernel:
 * @B: a matrix
 * @X: (nullable): an orthonormal basis of ker A, or %NULL when d = 0
 * @d: dim ker A
 * @rank_tol: the rank tolerance of lz_dense_kernel()
 * @check_tol: the tolerance of lz_dense_annihilates()
 *
 * Returns: whether ker B = ker A
 */
gboolean
lz_dense_same_kernel (const gsl_matrix *B,
                      const gsl_matrix *X,
                      guint             d,
                      double            rank_tol,
                      double            check_tol)
{
  return lz_dense_kernel (B, rank_tol, NULL) == d && lz_dense_annihilates (B, X, check_tol);
}

/**
 * lz_dense_leading_minors_nonzero:
 * @A: a square matrix
 * @pivot_tol: a pivot is zero at or below @pivot_tol times A's largest entry
 *
 * Gaussian elimination without pivoting.
 *
 * Returns: whether every leading principal minor of @A is non-zero
 */
gboolean
lz_dense_leading_minors_nonzero (const gsl_matrix *A,
                                 double            pivot_tol)
{
  g_autoptr(gsl_matrix) B = lz_dense_dup (A);
  double scale = lz_dense_max_abs (A);
  size_t n = A->size1;

  for (size_t k = 0; k < n; k++)
    {
      double pivot = gsl_matrix_get (B, k, k);

      if (!(fabs (pivot) > pivot_tol * scale))
        return FALSE;
      for (size_t i = k + 1; i < n; i++)
        {
          double f = gsl_matrix_get (B, i, k) / pivot;

          for (size_t j = k; j < n; j++)
            gsl_matrix_set (B, i, j, gsl_matrix_get (B, i, j) - f * gsl_matrix_get (B, k, j));
        }
    }
  return TRUE;
}
