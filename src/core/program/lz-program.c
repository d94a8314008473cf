/* lz-program.c — program motion on matrices: the orthogonal/tangent
 * realization, the index and the required control forces (paper 001,
 * Blajer)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The general formulation (paper 001 §2–3), with A = I (v = ẋ):
 *
 *     M v̇ = h*(v, x, t) + Bᵀλ,    C v̇ + c0*(v, x, t) = 0,
 *
 * M n×n, B r×n (r control forces), C m×n (m program constraints).  D is an
 * orthonormal basis of ker B (D Bᵀ = 0, eq. 3.1), P = B M⁻¹ Cᵀ and
 * Q = D Cᵀ (3.8), p = rank P.  The realization is orthogonal for p = m
 * (λ from eq. 2.4), tangent for p = 0 and mixed otherwise.  Since
 * [P; Q] = H Cᵀ has rank m and rank Q ≤ n − r, p ≥ 2m − n always holds
 * for r = m and full-rank B, C: the necessary condition 2m ≤ n + p is
 * reported, and can fail only with fewer control forces than constraints.
 *
 * For p < m: U spans ker P (U Pᵀ = 0, 3.12), W the complement (W Uᵀ = 0,
 * 3.13); the constraints split into the algebraic balance
 *
 *     g = U (Qᵀ M_d⁻¹ D h + c0) = G h + U c0 = 0                  (3.15)
 *
 * and E v̇ = h_c with E = [W M_c⁻¹ C; D M], h_c = [−W M_c⁻¹ c0; D h]
 * (3.16–3.17).  The index s is the first of 1, 2 for which [E; R_s] is
 * regular (3.18–3.19), with
 *
 *     R1 = g_v,                 ξ1 = g_x v + g_t,
 *     R2 = g_v M⁻¹h_v + g_x,    ξ2 = g_v M⁻¹(h_x v + h_t) + g_tt,
 *
 * i.e. ġ after the first differentiation with v̇ = M⁻¹h* substituted, as
 * the paper prescribes, differentiated once more with the Jacobians held
 * (exact when h is linear in x and v, as for every Luztar model).  Then
 * v̇ = [E; R_s]⁻¹ [h_c; −ξ_s] and λ = M_b⁻¹ B (v̇ − M⁻¹h) (3.7).
 *
 * Regularity is decided on matrices whose rows are scaled to unit length
 * (E's rows are in kg, R_s's in 1/s or 1/s²): singular values below
 * rank_tol times the largest are zero.
 *
 * A model's prescribed motions and actuators are turned into M, B, C and
 * h by lz-program-model.c; lz-program-report.c explains and exports the
 * analysis.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "lz-dense.h"
#include "lz-error.h"
#include "lz-program-private.h"

/* ------------------------------------------------------------------------ */
/* Dense matrices (solve/lz-dense), which may be empty                       */

/* The rows of the result are an orthonormal basis of {z : X z = 0}. */
static gsl_matrix *
null_rows (const gsl_matrix *X,
           double            tol)
{
  g_autoptr(gsl_matrix) basis = NULL;

  lz_dense_kernel (X, tol, &basis);
  return basis != NULL ? lz_dense_transpose (basis) : lz_dense_new (0, X->size2);
}

/* The inverse of a square matrix; the zero matrix when it is singular (the
 * formulas that use M_b⁻¹, M_c⁻¹, M_d⁻¹ are then not reached). */
static gsl_matrix *
inverse_or_zero (const gsl_matrix *A,
                 double            tol)
{
  gsl_matrix *inverse = lz_dense_inverse (A, tol);

  return inverse != NULL ? inverse : lz_dense_new (A->size1, A->size2);
}

/* A copy for the getters: NULL when empty, −0 written as 0. */
static gsl_matrix *
public_copy (const gsl_matrix *X)
{
  gsl_matrix *A;

  if (X->size1 == 0 || X->size2 == 0)
    return NULL;
  A = gsl_matrix_alloc (X->size1, X->size2);
  for (guint i = 0; i < X->size1; i++)
    for (guint j = 0; j < X->size2; j++)
      gsl_matrix_set (A, i, j, AT (X, i, j) == 0.0 ? 0.0 : AT (X, i, j));
  return A;
}

static void
solve_cache_clear (LzProgramSolveCache *cache)
{
  g_clear_pointer (&cache->A, g_free);
  g_clear_pointer (&cache->norm, g_free);
  g_clear_pointer (&cache->LU, gsl_matrix_free);
  g_clear_pointer (&cache->perm, gsl_permutation_free);
  cache->n = 0;
}

/* A's entries equal the cached ones, bit for bit. */
static gboolean
solve_cache_holds (const LzProgramSolveCache *cache,
                   const gsl_matrix          *A)
{
  guint n = A->size1;

  if (cache->A == NULL || cache->n != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (memcmp (cache->A + (gsize) i * n, &AT (A, i, 0), sizeof (double) * n) != 0)
      return FALSE;
  return TRUE;
}

/* Solves the square A x = b after scaling every row to unit length;
 * FALSE when A is singular by the scaled rank test.  With a cache, the
 * factorization of an A met before is reused. */
static gboolean
solve_scaled (const gsl_matrix    *A,
              const double        *b,
              double              *x,
              double               tol,
              LzProgramSolveCache *cache)
{
  guint n = A->size1;
  LzProgramSolveCache local = { 0 };
  LzProgramSolveCache *c = cache != NULL ? cache : &local;
  g_autofree double *sb = g_new0 (double, n + 1);
  gsl_vector_view bv, xv;

  g_assert (A->size1 == A->size2);
  if (!solve_cache_holds (c, A))
    {
      g_autoptr(gsl_matrix) S = lz_dense_new (n, n);
      int sign;

      solve_cache_clear (c);
      c->n = n;
      c->A = g_new0 (double, MAX (n * n, 1));
      for (guint i = 0; i < n; i++)
        memcpy (c->A + (gsize) i * n, &AT (A, i, 0), sizeof (double) * n);
      c->norm = g_new0 (double, n + 1);
      c->regular = TRUE;
      for (guint i = 0; i < n && c->regular; i++)
        {
          double norm = 0.0;

          for (guint j = 0; j < n; j++)
            norm += AT (A, i, j) * AT (A, i, j);
          c->norm[i] = norm = sqrt (norm);
          if (norm == 0.0)
            c->regular = FALSE;
          for (guint j = 0; j < n && c->regular; j++)
            AT (S, i, j) = AT (A, i, j) / norm;
        }
      if (c->regular && lz_dense_rank (S, tol) < n)
        c->regular = FALSE;
      if (c->regular)
        {
          c->LU = public_copy (S);
          c->perm = gsl_permutation_alloc (n);
          gsl_linalg_LU_decomp (c->LU, c->perm, &sign);
        }
    }
  if (!c->regular)
    {
      solve_cache_clear (&local);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    sb[i] = b[i] / c->norm[i];
  bv = gsl_vector_view_array (sb, n);
  xv = gsl_vector_view_array (x, n);
  gsl_linalg_LU_solve (c->LU, c->perm, &bv.vector, &xv.vector);
  solve_cache_clear (&local);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The general formulation                                                  */

/**
 * lz_realization_to_string:
 * @realization: a realization
 *
 * Returns: "orthogonal", "mixed" or "tangent" (the words of the CLI and
 *   JSON output; not translated)
 */
const char *
lz_realization_to_string (LzRealization realization)
{
  switch (realization)
    {
    case LZ_REALIZATION_ORTHOGONAL:
      return "orthogonal";
    case LZ_REALIZATION_MIXED:
      return "mixed";
    case LZ_REALIZATION_TANGENT:
      return "tangent";
    default:
      g_return_val_if_reached ("unknown");
    }
}

/* The assumptions of paper 001 on M, B and C (M regular, B and C of full
 * rank, m ≤ n); FALSE with @error set when one fails. */
static gboolean
check_assumptions (LzProgram *self,
                   GError   **error)
{
  if (self->m > self->n)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%u program constraints on %u coordinates: at most one per coordinate"),
                   self->m, self->n);
      return FALSE;
    }
  self->Minv = lz_dense_inverse (self->M, self->tol);
  if (self->Minv == NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                           _("The inertia matrix M is singular: paper 001 needs M positive definite"));
      return FALSE;
    }
  if (lz_dense_rank (self->C, self->tol) < self->m)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("The program constraints are not independent (C is not of full rank)"));
      return FALSE;
    }
  if (lz_dense_rank (self->B, self->tol) < self->r)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("The control forces are not independent (B is not of full rank)"));
      return FALSE;
    }
  return TRUE;
}

/* P = B M⁻¹ Cᵀ, D (3.1), Q = D Cᵀ (3.8), their ranks, U and W (3.12–3.13). */
static void
compute_subspaces (LzProgram *self)
{
  g_autoptr(gsl_matrix) BMi = lz_dense_mul (CblasNoTrans, self->B, CblasNoTrans, self->Minv);

  self->P = lz_dense_mul (CblasNoTrans, BMi, CblasTrans, self->C);
  self->D = null_rows (self->B, self->tol);
  self->k = self->D->size1;
  self->Q = lz_dense_mul (CblasNoTrans, self->D, CblasTrans, self->C);
  self->p = lz_dense_rank (self->P, self->tol);
  self->q = lz_dense_rank (self->Q, self->tol);
  self->U = null_rows (self->P, self->tol);
  self->l = self->U->size1;
  self->W = null_rows (self->U, self->tol);
}

/* M_b⁻¹, M_c⁻¹, M_d⁻¹ (3.7), G of the balance conditions (3.15) and E of
 * (3.17). */
static void
compute_balance (LzProgram *self)
{
  g_autoptr(gsl_matrix) BMi = lz_dense_mul (CblasNoTrans, self->B, CblasNoTrans, self->Minv);
  g_autoptr(gsl_matrix) CMi = lz_dense_mul (CblasNoTrans, self->C, CblasNoTrans, self->Minv);
  g_autoptr(gsl_matrix) Mb = lz_dense_mul (CblasNoTrans, BMi, CblasTrans, self->B);
  g_autoptr(gsl_matrix) Mc = lz_dense_mul (CblasNoTrans, CMi, CblasTrans, self->C);
  g_autoptr(gsl_matrix) DM = lz_dense_mul (CblasNoTrans, self->D, CblasNoTrans, self->M);
  g_autoptr(gsl_matrix) Md = lz_dense_mul (CblasNoTrans, DM, CblasTrans, self->D);
  g_autoptr(gsl_matrix) QtMd = NULL;
  g_autoptr(gsl_matrix) UQ = NULL;
  g_autoptr(gsl_matrix) WMc = NULL;
  g_autoptr(gsl_matrix) top = NULL;

  self->Mbinv = inverse_or_zero (Mb, self->tol);
  self->Mcinv = inverse_or_zero (Mc, self->tol);
  self->Mdinv = inverse_or_zero (Md, self->tol);
  QtMd = lz_dense_mul (CblasTrans, self->Q, CblasNoTrans, self->Mdinv);
  UQ = lz_dense_mul (CblasNoTrans, self->U, CblasNoTrans, QtMd);
  self->G = lz_dense_mul (CblasNoTrans, UQ, CblasNoTrans, self->D);
  WMc = lz_dense_mul (CblasNoTrans, self->W, CblasNoTrans, self->Mcinv);
  top = lz_dense_mul (CblasNoTrans, WMc, CblasNoTrans, self->C);
  self->E = lz_dense_vstack (top, DM);
}

/* The realization by rank P, the necessary condition, and why λ cannot be
 * synthesized whatever the state (or NULL). */
static void
classify (LzProgram *self)
{
  guint n = self->n, m = self->m, r = self->r;

  if (self->p == m)
    self->realization = LZ_REALIZATION_ORTHOGONAL;
  else if (self->p == 0)
    self->realization = LZ_REALIZATION_TANGENT;
  else
    self->realization = LZ_REALIZATION_MIXED;
  self->necessary = 2 * m <= n + self->p;

  if (!self->necessary)
    self->failure = g_strdup_printf (_("The necessary condition 2m ≤ n + p fails (2·%u > %u + %u): "
                                       "%u of the %u program constraints cannot be reached by the "
                                       "control forces even tangentially"),
                                     m, n, self->p, m - self->p, m);
  else if (r < m)
    self->failure = g_strdup_printf (_("%u control forces for %u program constraints: paper 001 needs "
                                       "as many independent control forces as constraints"), r, m);
  else if (r > m)
    self->failure = g_strdup_printf (_("%u control forces for %u program constraints: the required "
                                       "forces are not unique (paper 001 needs as many as constraints)"),
                                     r, m);
}

/**
 * lz_program_new:
 * @M: the inertia matrix, n×n, symmetric positive definite
 * @B: the control matrix, r×n, full rank (rows: directions of the control
 *   forces, eq. 2.1)
 * @C: the constraint matrix, m×n, full rank (eq. 2.3), m ≤ n
 * @error: return location for a #GError
 *
 * Computes D (an orthonormal complement of B, eq. 3.1), P = B M⁻¹ Cᵀ and
 * Q = D Cᵀ (3.8), p = rank P, q = rank Q, the classification, the
 * necessary condition 2m ≤ n + p, U and W (3.12–3.13), G of (3.15) and E
 * of (3.17), for this state (paper 001 lets M, B, C depend on it: build
 * one #LzProgram per state then).  When r ≠ m or 2m > n + p the
 * classification is still made and lz_program_get_failure() says why λ
 * cannot be synthesized.
 *
 * Returns: (transfer full) (nullable): the formulation, or %NULL with
 *   @error set when M is singular or B or C has dependent rows
 */
LzProgram *
lz_program_new (const gsl_matrix *M,
                const gsl_matrix *B,
                const gsl_matrix *C,
                GError          **error)
{
  g_autoptr(LzProgram) self = NULL;

  g_return_val_if_fail (M != NULL && B != NULL && C != NULL, NULL);
  g_return_val_if_fail (M->size1 == M->size2, NULL);
  g_return_val_if_fail (B->size2 == M->size1 && C->size2 == M->size1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (LzProgram, 1);
  self->n = M->size1;
  self->m = C->size1;
  self->r = B->size1;
  self->tol = LZ_PROGRAM_DEFAULT_RANK_TOL;
  self->M = lz_dense_dup (M);
  self->B = lz_dense_dup (B);
  self->C = lz_dense_dup (C);
  if (!check_assumptions (self, error))
    return NULL;
  compute_subspaces (self);
  compute_balance (self);
  classify (self);

  self->gP = public_copy (self->P);
  self->gQ = public_copy (self->Q);
  self->gD = public_copy (self->D);
  self->gU = public_copy (self->U);
  self->gW = public_copy (self->W);
  return g_steal_pointer (&self);
}

void
lz_program_free (LzProgram *self)
{
  gsl_matrix **mats[] = { &self->M, &self->Minv, &self->B, &self->C, &self->P, &self->Q, &self->D,
                          &self->U, &self->W, &self->Mbinv, &self->Mcinv, &self->Mdinv, &self->G,
                          &self->E, &self->gP, &self->gQ, &self->gD, &self->gU, &self->gW };

  if (self == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (mats); i++)
    g_clear_pointer (mats[i], gsl_matrix_free);
  solve_cache_clear (&self->cache_24);
  solve_cache_clear (&self->cache_vdot);
  g_free (self->failure);
  g_free (self);
}

/** lz_program_get_n: Returns: n, the number of coordinates */
guint
lz_program_get_n (const LzProgram *self)
{
  return self->n;
}

/** lz_program_get_m: Returns: m, the number of program constraints */
guint
lz_program_get_m (const LzProgram *self)
{
  return self->m;
}

/** lz_program_get_p: Returns: p = rank P */
guint
lz_program_get_p (const LzProgram *self)
{
  return self->p;
}

/** lz_program_get_q: Returns: q = rank Q */
guint
lz_program_get_q (const LzProgram *self)
{
  return self->q;
}

/** lz_program_get_realization: Returns: the classification (rank P) */
LzRealization
lz_program_get_realization (const LzProgram *self)
{
  return self->realization;
}

/**
 * lz_program_get_necessary_condition:
 * @self: a formulation
 *
 * Returns: whether 2m ≤ n + p, the necessary condition of a mixed or
 *   tangent realization (paper 001 §3)
 */
gboolean
lz_program_get_necessary_condition (const LzProgram *self)
{
  return self->necessary;
}

/**
 * lz_program_get_failure:
 * @self: a formulation
 *
 * Returns: (nullable): why λ cannot be synthesized whatever the state
 *   (r ≠ m, 2m > n + p), in words; %NULL when it may be
 */
const char *
lz_program_get_failure (const LzProgram *self)
{
  return self->failure;
}

/** lz_program_get_P: Returns: (nullable): P = B M⁻¹ Cᵀ, r×m */
const gsl_matrix *
lz_program_get_P (const LzProgram *self)
{
  return self->gP;
}

/** lz_program_get_D: Returns: (nullable): D, orthonormal rows, D Bᵀ = 0 */
const gsl_matrix *
lz_program_get_D (const LzProgram *self)
{
  return self->gD;
}

/** lz_program_get_U: Returns: (nullable): U, (m−p)×m, U Pᵀ = 0 (3.12) */
const gsl_matrix *
lz_program_get_U (const LzProgram *self)
{
  return self->gU;
}

static double
vget (const gsl_vector *v,
      guint             i)
{
  return v != NULL ? gsl_vector_get (v, i) : 0.0;
}

static double
mget (const gsl_matrix *X,
      guint             i,
      guint             j)
{
  return X != NULL ? gsl_matrix_get (X, i, j) : 0.0;
}

/* Adds row i of P times the Jacobians of TERM (ROWS entries), column c,
 * to *gv and *gx. */
static void
add_term_jacobians (const gsl_matrix    *P,
                    guint                i,
                    guint                c,
                    guint                rows,
                    const LzProgramTerm *term,
                    double              *gv,
                    double              *gx)
{
  for (guint k = 0; k < rows; k++)
    {
      *gv += AT (P, i, k) * mget (term->v, k, c);
      *gx += AT (P, i, k) * mget (term->x, k, c);
    }
}

/* Adds row i of P times TERM (ROWS entries) and its time derivatives to
 * g, ġ and g̈ of row i. */
static void
add_term_values (const gsl_matrix    *P,
                 guint                i,
                 guint                rows,
                 const LzProgramTerm *term,
                 LzProgramGJet       *j)
{
  for (guint k = 0; k < rows; k++)
    {
      j->g[i] += AT (P, i, k) * vget (term->value, k);
      j->gt[i] += AT (P, i, k) * vget (term->t, k);
      j->gtt[i] += AT (P, i, k) * vget (term->tt, k);
    }
}

/* g, its time derivatives and its Jacobians at a state (3.15): G h + U c0. */
void
lz_program_gjet_compute (const LzProgram      *self,
                         const LzProgramState *s,
                         LzProgramGJet        *j)
{
  guint n = self->n, m = self->m, l = self->l;

  j->gv = lz_dense_new (l, n);
  j->gx = lz_dense_new (l, n);
  j->g = g_new0 (double, l + 1);
  j->gt = g_new0 (double, l + 1);
  j->gtt = g_new0 (double, l + 1);
  for (guint i = 0; i < l; i++)
    {
      for (guint c = 0; c < n; c++)
        {
          double gv = 0.0, gx = 0.0;

          add_term_jacobians (self->G, i, c, n, &s->h, &gv, &gx);
          add_term_jacobians (self->U, i, c, m, &s->c0, &gv, &gx);
          AT (j->gv, i, c) = gv;
          AT (j->gx, i, c) = gx;
        }
      add_term_values (self->G, i, n, &s->h, j);
      add_term_values (self->U, i, m, &s->c0, j);
    }
}

void
lz_program_gjet_clear (LzProgramGJet *j)
{
  g_clear_pointer (&j->gv, gsl_matrix_free);
  g_clear_pointer (&j->gx, gsl_matrix_free);
  g_free (j->g);
  g_free (j->gt);
  g_free (j->gtt);
}

/* R_s and ξ_s of eq. (3.18). */
static void
rs_compute (const LzProgram      *self,
            const LzProgramState *s,
            const LzProgramGJet  *j,
            guint                 order,
            gsl_matrix          **R,
            double               *xi)
{
  guint n = self->n, l = self->l;
  g_autofree double *vv = g_new0 (double, n + 1);

  for (guint c = 0; c < n; c++)
    vv[c] = vget (s->v, c);
  *R = lz_dense_new (l, n);
  if (order == 1)
    {
      for (guint i = 0; i < l; i++)
        {
          xi[i] = j->gt[i];
          for (guint c = 0; c < n; c++)
            {
              AT (*R, i, c) = AT (j->gv, i, c);
              xi[i] += AT (j->gx, i, c) * vv[c];
            }
        }
      return;
    }
  {
    /* g_v M⁻¹ */
    g_autoptr(gsl_matrix) gvMi = lz_dense_mul (CblasNoTrans, j->gv, CblasNoTrans, self->Minv);
    g_autofree double *w = g_new0 (double, n + 1);

    /* w = h_x v + h_t */
    for (guint i = 0; i < n; i++)
      {
        w[i] = vget (s->h.t, i);
        for (guint c = 0; c < n; c++)
          w[i] += mget (s->h.x, i, c) * vv[c];
      }
    for (guint i = 0; i < l; i++)
      {
        xi[i] = j->gtt[i];
        for (guint k = 0; k < n; k++)
          xi[i] += AT (gvMi, i, k) * w[k];
        for (guint c = 0; c < n; c++)
          {
            double sum = AT (j->gx, i, c);

            for (guint k = 0; k < n; k++)
              sum += AT (gvMi, i, k) * mget (s->h.v, k, c);
            AT (*R, i, c) = sum;
          }
      }
  }
}

/* The index s of eqs. (3.18)–(3.19) at a state; 0 when p = m (eqs. (3.5)
 * are ODEs).  G_MAXUINT with @error set when neither s = 1 nor s = 2. */
static guint
index_at (LzProgram            *self,
          const LzProgramState *state,
          GError              **error)
{
  LzProgramGJet j;
  guint s = G_MAXUINT;
  gboolean independent = FALSE;

  if (self->l == 0)
    return 0;
  if (self->r != self->m)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->failure);
      return G_MAXUINT;
    }
  lz_program_gjet_compute (self, state, &j);
  for (guint order = 1; order <= 2 && s == G_MAXUINT; order++)
    {
      gsl_matrix *R, *A;
      g_autofree double *xi = g_new0 (double, self->l + 1);
      g_autofree double *b = g_new0 (double, self->n + 1);
      g_autofree double *x = g_new0 (double, self->n + 1);

      rs_compute (self, state, &j, order, &R, xi);
      A = lz_dense_vstack (self->E, R);
      if (solve_scaled (A, b, x, self->tol, NULL))
        s = order;
      g_clear_pointer (&R, gsl_matrix_free);
      g_clear_pointer (&A, gsl_matrix_free);
    }
  for (guint i = 0; i < self->l; i++)
    for (guint c = 0; c < self->n; c++)
      if (AT (j.gv, i, c) != 0.0 || AT (j.gx, i, c) != 0.0)
        independent = TRUE;
  lz_program_gjet_clear (&j);
  if (s == G_MAXUINT)
    {
      if (!independent)
        g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                             _("Not controllable in this program motion: the balance conditions (3.15) "
                               "depend neither on the velocities nor on the positions, so no control "
                               "force can keep them (paper 001 §3, the trivial case)"));
      else
        g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                             _("Not realizable as paper 001 treats it: neither [E; R₁] nor [E; R₂] is "
                               "regular (eq. 3.19), so the DAE index is greater than 2 — the control "
                               "forces reach the balance conditions (3.15) only through more than two "
                               "differentiations"));
    }
  return s;
}

/**
 * lz_program_get_index:
 * @self: a formulation
 * @state: the state (h, its Jacobians and h_t; c0 and its Jacobians)
 * @error: return location for a #GError
 *
 * The index s of the DAEs (3.17) by eqs. (3.18)–(3.19): 1 when [E; R₁]
 * is regular, else 2 when [E; R₂] is; 0 for an orthogonal realization
 * (eqs. (3.5) are ODEs).
 *
 * Returns: s, or G_MAXUINT with @error set (%LZ_ERROR_NO_SOLUTION) when
 *   the motion is not controllable or the index exceeds 2, in words
 */
guint
lz_program_get_index (LzProgram            *self,
                      const LzProgramState *state,
                      GError              **error)
{
  g_return_val_if_fail (self != NULL && state != NULL, G_MAXUINT);
  return index_at (self, state, error);
}

/* λ by eq. (2.4) into lambda[m]. */
static gboolean
lambda_2_4 (LzProgram    *self,
            const double *h,
            const double *c0,
            double       *lambda,
            GError      **error)
{
  guint m = self->m;
  g_autoptr(gsl_matrix) CMi = lz_dense_mul (CblasNoTrans, self->C, CblasNoTrans, self->Minv);
  g_autoptr(gsl_matrix) Pt = lz_dense_mul (CblasNoTrans, CMi, CblasTrans, self->B);
  g_autofree double *rhs = g_new0 (double, m + 1);
  gboolean ok;

  g_assert (self->r == m);
  lz_dense_apply (CMi, h, rhs);
  for (guint i = 0; i < m; i++)
    rhs[i] = -(rhs[i] + c0[i]);
  ok = solve_scaled (Pt, rhs, lambda, self->tol, &self->cache_24);
  if (!ok)
    g_set_error_literal (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("C M⁻¹ Bᵀ is singular: eq. (2.4) needs an orthogonal realization"));
  return ok;
}

/* λ by eq. (3.7) from v̇. */
static void
lambda_3_7 (LzProgram    *self,
            const double *h,
            const double *vdot,
            double       *lambda)
{
  guint n = self->n;
  g_autofree double *a = g_new0 (double, n + 1);
  g_autofree double *Ba = g_new0 (double, self->r + 1);

  lz_dense_apply (self->Minv, h, a);
  for (guint i = 0; i < n; i++)
    a[i] = vdot[i] - a[i];
  lz_dense_apply (self->B, a, Ba);
  lz_dense_apply (self->Mbinv, Ba, lambda);
}

static void
vec_to_array (const gsl_vector *v,
              double           *a,
              guint             n)
{
  for (guint i = 0; i < n; i++)
    a[i] = vget (v, i);
}

/* The first n entries of a into v (nothing when v is NULL). */
static void
array_to_vec (const double *a,
              gsl_vector   *v,
              guint         n)
{
  for (guint i = 0; v != NULL && i < n; i++)
    gsl_vector_set (v, i, a[i]);
}

/* v̇ and λ with a given index. */
gboolean
lz_program_solve_at_index (LzProgram            *self,
                           const LzProgramState *state,
                           guint                 s,
                           double               *vdot,
                           double               *lambda,
                           GError              **error)
{
  guint n = self->n, m = self->m;
  g_autofree double *h = g_new0 (double, n + 1);
  g_autofree double *c0 = g_new0 (double, m + 1);

  vec_to_array (state->h.value, h, n);
  vec_to_array (state->c0.value, c0, m);
  if (s == 0)
    {
      g_autofree double *f = g_new0 (double, n + 1);

      if (!lambda_2_4 (self, h, c0, lambda, error))
        return FALSE;
      /* v̇ = M⁻¹ (h + Bᵀλ) */
      for (guint i = 0; i < n; i++)
        {
          f[i] = h[i];
          for (guint j = 0; j < self->r; j++)
            f[i] += AT (self->B, j, i) * lambda[j];
        }
      lz_dense_apply (self->Minv, f, vdot);
      return TRUE;
    }
  {
    LzProgramGJet j;
    gsl_matrix *R, *A;
    g_autofree double *xi = g_new0 (double, self->l + 1);
    g_autofree double *rhs = g_new0 (double, n + 1);
    g_autoptr(gsl_matrix) WMc = lz_dense_mul (CblasNoTrans, self->W, CblasNoTrans, self->Mcinv);
    guint row = 0;
    gboolean ok;

    lz_program_gjet_compute (self, state, &j);
    rs_compute (self, state, &j, s, &R, xi);
    A = lz_dense_vstack (self->E, R);
    /* h_c = [−W M_c⁻¹ c0; D h], then −ξ_s */
    for (guint i = 0; i < WMc->size1; i++, row++)
      for (guint k = 0; k < m; k++)
        rhs[row] -= AT (WMc, i, k) * c0[k];
    for (guint i = 0; i < self->D->size1; i++, row++)
      for (guint k = 0; k < n; k++)
        rhs[row] += AT (self->D, i, k) * h[k];
    for (guint i = 0; i < self->l; i++, row++)
      rhs[row] = -xi[i];
    g_assert (row == n);
    ok = solve_scaled (A, rhs, vdot, self->tol, &self->cache_vdot);
    lz_program_gjet_clear (&j);
    g_clear_pointer (&R, gsl_matrix_free);
    g_clear_pointer (&A, gsl_matrix_free);
    if (!ok)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                     _("[E; R%u] became singular at t = %g: the program motion cannot be continued there"),
                     s, state->t);
        return FALSE;
      }
    lambda_3_7 (self, h, vdot, lambda);
    return TRUE;
  }
}

/**
 * lz_program_solve:
 * @self: a formulation with r = m
 * @state: the state
 * @vdot: (out caller-allocates) (optional): v̇ along the program motion, n
 * @lambda: (out caller-allocates) (optional): the control parameters, m
 * @index: (out) (optional): the index s used (0: orthogonal)
 * @error: return location for a #GError
 *
 * The program motion's accelerations and the required control: for an
 * orthogonal realization λ by eq. (2.4) and v̇ = M⁻¹(h + Bᵀλ); otherwise
 * v̇ from [E; R_s] v̇ = [h_c; −ξ_s] (the DAEs (3.17) with the balance
 * conditions differentiated s times) and λ by eq. (3.7).  The state must
 * satisfy the lower-order conditions (g = 0, and ġ = 0 for s = 2).
 *
 * Returns: %TRUE on success; %FALSE with @error set (in words) when the
 *   motion cannot be realized
 */
gboolean
lz_program_solve (LzProgram            *self,
                  const LzProgramState *state,
                  gsl_vector           *vdot,
                  gsl_vector           *lambda,
                  guint                *index,
                  GError              **error)
{
  guint s;
  g_autofree double *vd = NULL;
  g_autofree double *lam = NULL;

  g_return_val_if_fail (self != NULL && state != NULL, FALSE);
  if (self->failure != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->failure);
      return FALSE;
    }
  s = index_at (self, state, error);
  if (s == G_MAXUINT)
    return FALSE;
  vd = g_new0 (double, self->n + 1);
  lam = g_new0 (double, self->m + 1);
  if (!lz_program_solve_at_index (self, state, s, vd, lam, error))
    return FALSE;
  array_to_vec (vd, vdot, self->n);
  array_to_vec (lam, lambda, self->m);
  if (index != NULL)
    *index = s;
  return TRUE;
}

/**
 * lz_program_lambda_2_4:
 * @self: a formulation with r = m
 * @h: h*, n
 * @c0: c0*, m
 * @lambda: (out caller-allocates): λ = −(C M⁻¹ Bᵀ)⁻¹ (C M⁻¹ h + c0), m
 * @error: return location for a #GError
 *
 * Eq. (2.4), valid for an orthogonal realization only.
 *
 * Returns: %FALSE with @error set when C M⁻¹ Bᵀ is singular
 */
gboolean
lz_program_lambda_2_4 (LzProgram        *self,
                       const gsl_vector *h,
                       const gsl_vector *c0,
                       gsl_vector       *lambda,
                       GError          **error)
{
  g_autofree double *hh = NULL, *cc = NULL, *lam = NULL;

  g_return_val_if_fail (self != NULL && self->r == self->m, FALSE);
  hh = g_new0 (double, self->n + 1);
  cc = g_new0 (double, self->m + 1);
  lam = g_new0 (double, self->m + 1);
  vec_to_array (h, hh, self->n);
  vec_to_array (c0, cc, self->m);
  if (!lambda_2_4 (self, hh, cc, lam, error))
    return FALSE;
  array_to_vec (lam, lambda, self->m);
  return TRUE;
}

/**
 * lz_program_lambda_3_6:
 * @self: a formulation with r = m
 * @h: h*, n
 * @c0: c0*, m
 * @lambda: (out caller-allocates): λ of eq. (3.6), m
 * @error: return location for a #GError
 *
 * Eq. (3.6): v̇ = R⁻¹ h_cd with R = [C; D M] (3.5), then
 * λ = M_b⁻¹ B (v̇ − M⁻¹h).  Valid for an orthogonal realization (R
 * regular); equal to eq. (2.4) there.
 *
 * Returns: %FALSE with @error set when R is singular (p < m)
 */
gboolean
lz_program_lambda_3_6 (LzProgram        *self,
                       const gsl_vector *h,
                       const gsl_vector *c0,
                       gsl_vector       *lambda,
                       GError          **error)
{
  guint n;
  gsl_matrix *R;
  g_autofree double *hh = NULL, *rhs = NULL, *vdot = NULL, *lam = NULL;
  gboolean ok;

  g_return_val_if_fail (self != NULL && self->r == self->m, FALSE);
  n = self->n;
  hh = g_new0 (double, n + 1);
  rhs = g_new0 (double, n + 1);
  vdot = g_new0 (double, n + 1);
  lam = g_new0 (double, self->m + 1);
  vec_to_array (h, hh, n);
  R = lz_dense_new (n, n);
  for (guint i = 0; i < self->m; i++)
    {
      for (guint c = 0; c < n; c++)
        AT (R, i, c) = AT (self->C, i, c);
      rhs[i] = -vget (c0, i);
    }
  {
    g_autoptr(gsl_matrix) DM = lz_dense_mul (CblasNoTrans, self->D, CblasNoTrans, self->M);

    for (guint i = 0; i < DM->size1; i++)
      {
        for (guint c = 0; c < n; c++)
          {
            AT (R, self->m + i, c) = AT (DM, i, c);
            rhs[self->m + i] += AT (self->D, i, c) * hh[c];
          }
      }
  }
  ok = solve_scaled (R, rhs, vdot, self->tol, NULL);
  g_clear_pointer (&R, gsl_matrix_free);
  if (!ok)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                           _("R = [C; D M] is singular: eq. (3.6) needs an orthogonal realization"));
      return FALSE;
    }
  lambda_3_7 (self, hh, vdot, lam);
  array_to_vec (lam, lambda, self->m);
  return TRUE;
}
