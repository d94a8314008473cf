/* lz-dense.h — the core's one dense linear-algebra kit on GSL matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Small dense matrices as program motion (paper 001) and the reduction of
 * massless joints (paper 002) need them: products, ranks, kernels and
 * complements by the SVD, inverses and solves by LU.
 *
 * Ownership: every gsl_matrix and gsl_vector a function returns is newly
 * allocated and the caller frees it (g_autoptr(gsl_matrix) works); no
 * function keeps a reference to its arguments.  Functions that may return
 * %NULL say when ("no kernel", "singular").
 *
 * Shapes: a matrix may have no rows or no columns (GSL ≥ 2.7 allocates
 * them); every function accepts such matrices, and never hands them to
 * BLAS (whose reference implementation aborts on a zero leading
 * dimension).  Where reduce's bases use %NULL for "no columns", the
 * functions that build bases do so too (lz_dense_kernel(),
 * lz_dense_complement_within(), lz_dense_orthogonal_complement()) and
 * those that read them take %NULL (lz_dense_hstack(),
 * lz_dense_complement_within(), lz_dense_annihilates()).
 *
 * Tolerances are the caller's: every rank, pivot or norm test takes its
 * tolerance as an argument (the callers name theirs once), and is
 * relative to the matrix's own scale (the largest singular value, or the
 * largest entry) as each function says.
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_vector.h>

G_BEGIN_DECLS

/* Building and copying. */
gsl_matrix  *lz_dense_new                    (size_t              rows,
                                              size_t              cols);
gsl_matrix  *lz_dense_identity               (size_t              n);
gsl_matrix  *lz_dense_dup                    (const gsl_matrix   *A);
gsl_matrix  *lz_dense_transpose              (const gsl_matrix   *A);
gsl_matrix  *lz_dense_block                  (const gsl_matrix   *A,
                                              size_t              r0,
                                              size_t              rows,
                                              size_t              c0,
                                              size_t              cols);
gsl_matrix  *lz_dense_vstack                 (const gsl_matrix   *A,
                                              const gsl_matrix   *B);
gsl_matrix  *lz_dense_hstack                 (size_t              n,
                                              const gsl_matrix   *A,
                                              const gsl_matrix   *B,
                                              const gsl_matrix   *C);

/* Arithmetic. */
double       lz_dense_max_abs                (const gsl_matrix   *A);
gsl_matrix  *lz_dense_mul                    (CBLAS_TRANSPOSE_t   ta,
                                              const gsl_matrix   *A,
                                              CBLAS_TRANSPOSE_t   tb,
                                              const gsl_matrix   *B);
gsl_matrix  *lz_dense_congruence             (const gsl_matrix   *S,
                                              const gsl_matrix   *X);
gsl_matrix  *lz_dense_combine                (double              a,
                                              const gsl_matrix   *A,
                                              double              b,
                                              const gsl_matrix   *B,
                                              double              c,
                                              const gsl_matrix   *C);
void         lz_dense_apply                  (const gsl_matrix   *A,
                                              const double       *x,
                                              double             *y);

/* The SVD, ranks and subspaces. */
void         lz_dense_svd                    (gsl_matrix         *A,
                                              gsl_matrix         *V,
                                              gsl_vector         *s);
void         lz_dense_svd_padded             (const gsl_matrix   *A,
                                              gsl_matrix        **U,
                                              gsl_vector        **s,
                                              gsl_matrix        **V);
guint        lz_dense_rank                   (const gsl_matrix   *A,
                                              double              tol);
guint        lz_dense_kernel                 (const gsl_matrix   *A,
                                              double              tol,
                                              gsl_matrix        **basis);
gboolean     lz_dense_canonical_basis        (gsl_matrix         *B,
                                              double              tol);
gsl_matrix  *lz_dense_complement_within      (const gsl_matrix   *Z,
                                              const gsl_matrix   *X);
gsl_matrix  *lz_dense_orthogonal_complement  (const gsl_matrix   *Z,
                                              size_t              n,
                                              double              tol);

/* Solves. */
gsl_matrix  *lz_dense_inverse                (const gsl_matrix   *A,
                                              double              tol);
gsl_matrix  *lz_dense_solve                  (const gsl_matrix   *A,
                                              const gsl_matrix   *B,
                                              double              pivot_tol);
void         lz_dense_solve_min_norm         (const gsl_matrix   *J,
                                              const double       *r,
                                              double             *z,
                                              double              tol);

/* Tests. */
gboolean     lz_dense_annihilates            (const gsl_matrix   *A,
                                              const gsl_matrix   *X,
                                              double              tol);
gboolean     lz_dense_same_kernel            (const gsl_matrix   *B,
                                              const gsl_matrix   *X,
                                              guint               d,
                                              double              rank_tol,
                                              double              check_tol);
gboolean     lz_dense_leading_minors_nonzero (const gsl_matrix   *A,
                                              double              pivot_tol);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix, gsl_matrix_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_vector, gsl_vector_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_permutation, gsl_permutation_free)

G_END_DECLS
