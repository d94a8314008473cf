/* lz-program.c — program motion: prescribed motions, actuators, the
 * orthogonal/tangent realization and the required control forces
 * (paper 001, Blajer)
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
 * For a model (lz_program_analysis_new): the dofs are the bodies, each
 * prescribed motion q_i = p_i(t) is a row e_iᵀ of C with c0 = −p̈_i(t), each
 * actuator a row e_jᵀ of B (a force along q_j).  h = F(t) − Σ w·T over the
 * elements, T the element's tension (DESIGN.md §2) evaluated here, with
 * exact time derivatives of the forces, the ground motions and the
 * prescribed motions (up to p⁗, through libmatheval).  Nonsmooth elements:
 *
 *   - a freeplay spring whose stiffness the index needs (removing it makes
 *     [E; R_s] singular) is *inverted*: the program fixes its force T(t)
 *     and its relative displacement is g − ℓ0 ∈ tar(T/k, Δ) (paper 000,
 *     Theorem 2.1), followed on one branch, σ = ±1.  When T crosses zero
 *     the displacement jumps from σΔ to −σΔ: the instant is located,
 *     reported with the jump of the free bodies, and the motion continues
 *     on the other branch from the consistent state;
 *   - other freeplay springs are forward elements, T = k luz(g − ℓ0, Δ);
 *   - friction is taken as slipping, T = C ġ + F0⁺ (ġ > 0) or − F0⁻
 *     (ġ < 0), 0 at ġ = 0; the reversals of ġ (set-valued force) are
 *     reported;
 *   - stops are taken open (no contact force); reaching a limit is
 *     reported.
 *
 * The program motion is integrated (rk8pd) from a consistent initial
 * state (the prescribed coordinates from p(0), ṗ(0); the others from the
 * model's q0, v0, changed as little as possible to satisfy g = 0 and, for
 * s = 2, ġ = 0), and projected back onto those conditions at every sample
 * (the index-reduced equations keep g̈ = 0 only: the drift is measured and
 * reported).
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-assembler.h"
#include "lz-dense.h"
#include "lz-error.h"
#include "lz-export-private.h"
#include "lz-luz.h"
#include "lz-model.h"
#include "lz-program.h"

#define DEFAULT_RANK_TOL 1e-10

/* ------------------------------------------------------------------------ */
/* Dense matrices (solve/lz-dense), which may be empty                       */

/* X(i, j) of a gsl_matrix, as an lvalue (the loops below are the paper's
 * sums written out; their order of summation is the results'). */
#define AT(X, i, j) ((X)->data[(gsize) (i) * (X)->tda + (j)])

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

/* The factorization of the last matrix solve_scaled() met: along a linear
 * model's program motion [E; R_s] does not change, and its rank test (an
 * SVD) and LU are then done once, not at every evaluation. */
typedef struct
{
  guint            n;
  double          *A;        /* the matrix as given, n×n; NULL: empty */
  double          *norm;     /* its row norms */
  gsl_matrix      *LU;
  gsl_permutation *perm;
  gboolean         regular;
} SolveCache;

static void
solve_cache_clear (SolveCache *cache)
{
  g_clear_pointer (&cache->A, g_free);
  g_clear_pointer (&cache->norm, g_free);
  g_clear_pointer (&cache->LU, gsl_matrix_free);
  g_clear_pointer (&cache->perm, gsl_permutation_free);
  cache->n = 0;
}

/* A's entries equal the cached ones, bit for bit. */
static gboolean
solve_cache_holds (const SolveCache *cache,
                   const gsl_matrix *A)
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
solve_scaled (const gsl_matrix *A,
              const double     *b,
              double           *x,
              double            tol,
              SolveCache       *cache)
{
  guint n = A->size1;
  SolveCache local = { 0 };
  SolveCache *c = cache != NULL ? cache : &local;
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

struct _LzProgram
{
  guint n, m, r, p, q, l, k;
  double tol;
  LzRealization realization;
  gboolean necessary;
  char *failure;                /* NULL when the formulation applies */

  gsl_matrix *M, *Minv, *B, *C;
  gsl_matrix *P, *Q, *D, *U, *W;
  gsl_matrix *Mbinv, *Mcinv, *Mdinv;
  gsl_matrix *G;                /* U Qᵀ M_d⁻¹ D, l×n */
  gsl_matrix *E;                /* [W M_c⁻¹ C; D M], (p + k)×n */

  /* gsl copies for the getters (NULL when empty) */
  gsl_matrix *gP, *gQ, *gD, *gU, *gW, *gE;

  SolveCache cache_24, cache_vdot;
};

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
  guint n, m, r;

  g_return_val_if_fail (M != NULL && B != NULL && C != NULL, NULL);
  g_return_val_if_fail (M->size1 == M->size2, NULL);
  g_return_val_if_fail (B->size2 == M->size1 && C->size2 == M->size1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n = M->size1;
  m = C->size1;
  r = B->size1;
  self = g_new0 (LzProgram, 1);
  self->n = n;
  self->m = m;
  self->r = r;
  self->tol = DEFAULT_RANK_TOL;
  self->M = lz_dense_dup (M);
  self->B = lz_dense_dup (B);
  self->C = lz_dense_dup (C);

  if (m > n)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%u program constraints on %u coordinates: at most one per coordinate"), m, n);
      return NULL;
    }
  self->Minv = lz_dense_inverse (self->M, self->tol);
  if (self->Minv == NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                           _("The inertia matrix M is singular: paper 001 needs M positive definite"));
      return NULL;
    }
  if (lz_dense_rank (self->C, self->tol) < m)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("The program constraints are not independent (C is not of full rank)"));
      return NULL;
    }
  if (lz_dense_rank (self->B, self->tol) < r)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("The control forces are not independent (B is not of full rank)"));
      return NULL;
    }

  {
    g_autoptr(gsl_matrix) BMi = lz_dense_mul (CblasNoTrans, self->B, CblasNoTrans, self->Minv);
    g_autoptr(gsl_matrix) Mb = NULL;
    g_autoptr(gsl_matrix) Mc = NULL;
    g_autoptr(gsl_matrix) Md = NULL;
    g_autoptr(gsl_matrix) DM = NULL;
    g_autoptr(gsl_matrix) WMc = NULL;
    g_autoptr(gsl_matrix) QtMd = NULL;

    self->P = lz_dense_mul (CblasNoTrans, BMi, CblasTrans, self->C);
    self->D = null_rows (self->B, self->tol);
    self->k = self->D->size1;
    self->Q = lz_dense_mul (CblasNoTrans, self->D, CblasTrans, self->C);
    self->p = lz_dense_rank (self->P, self->tol);
    self->q = lz_dense_rank (self->Q, self->tol);
    self->U = null_rows (self->P, self->tol);
    self->l = self->U->size1;
    self->W = null_rows (self->U, self->tol);

    Mb = lz_dense_mul (CblasNoTrans, BMi, CblasTrans, self->B);
    {
      g_autoptr(gsl_matrix) CMi = lz_dense_mul (CblasNoTrans, self->C, CblasNoTrans, self->Minv);

      Mc = lz_dense_mul (CblasNoTrans, CMi, CblasTrans, self->C);
    }
    DM = lz_dense_mul (CblasNoTrans, self->D, CblasNoTrans, self->M);
    Md = lz_dense_mul (CblasNoTrans, DM, CblasTrans, self->D);
    self->Mbinv = inverse_or_zero (Mb, self->tol);
    self->Mcinv = inverse_or_zero (Mc, self->tol);
    self->Mdinv = inverse_or_zero (Md, self->tol);

    QtMd = lz_dense_mul (CblasTrans, self->Q, CblasNoTrans, self->Mdinv);
    {
      g_autoptr(gsl_matrix) UQ = lz_dense_mul (CblasNoTrans, self->U, CblasNoTrans, QtMd);

      self->G = lz_dense_mul (CblasNoTrans, UQ, CblasNoTrans, self->D);
    }
    WMc = lz_dense_mul (CblasNoTrans, self->W, CblasNoTrans, self->Mcinv);
    {
      g_autoptr(gsl_matrix) top = lz_dense_mul (CblasNoTrans, WMc, CblasNoTrans, self->C);

      self->E = lz_dense_vstack (top, DM);
    }
  }

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

  self->gP = public_copy (self->P);
  self->gQ = public_copy (self->Q);
  self->gD = public_copy (self->D);
  self->gU = public_copy (self->U);
  self->gW = public_copy (self->W);
  self->gE = public_copy (self->E);

  return g_steal_pointer (&self);
}

void
lz_program_free (LzProgram *self)
{
  gsl_matrix **mats[] = { &self->M, &self->Minv, &self->B, &self->C, &self->P, &self->Q, &self->D,
                          &self->U, &self->W, &self->Mbinv, &self->Mcinv, &self->Mdinv, &self->G,
                          &self->E };

  if (self == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (mats); i++)
    g_clear_pointer (mats[i], gsl_matrix_free);
  g_clear_pointer (&self->gP, gsl_matrix_free);
  g_clear_pointer (&self->gQ, gsl_matrix_free);
  g_clear_pointer (&self->gD, gsl_matrix_free);
  g_clear_pointer (&self->gU, gsl_matrix_free);
  g_clear_pointer (&self->gW, gsl_matrix_free);
  g_clear_pointer (&self->gE, gsl_matrix_free);
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

/** lz_program_get_n_controls: Returns: r, the number of control forces */
guint
lz_program_get_n_controls (const LzProgram *self)
{
  return self->r;
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

/** lz_program_get_Q: Returns: (nullable): Q = D Cᵀ, (n−r)×m; %NULL if empty */
const gsl_matrix *
lz_program_get_Q (const LzProgram *self)
{
  return self->gQ;
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

/** lz_program_get_W: Returns: (nullable): W, p×m, W Uᵀ = 0 (3.13) */
const gsl_matrix *
lz_program_get_W (const LzProgram *self)
{
  return self->gW;
}

/** lz_program_get_E: Returns: (nullable): E = [W M_c⁻¹ C; D M] (3.17) */
const gsl_matrix *
lz_program_get_E (const LzProgram *self)
{
  return self->gE;
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

/* The derivatives of g at a state (the Jacobians of h and c0 frozen). */
typedef struct
{
  gsl_matrix *gv, *gx;   /* l×n */
  double *g, *gt, *gtt;
} GJet;

static void
gjet_compute (const LzProgram      *self,
              const LzProgramState *s,
              GJet                 *j)
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

          for (guint k = 0; k < n; k++)
            {
              gv += AT (self->G, i, k) * mget (s->h_v, k, c);
              gx += AT (self->G, i, k) * mget (s->h_x, k, c);
            }
          for (guint k = 0; k < m; k++)
            {
              gv += AT (self->U, i, k) * mget (s->c0_v, k, c);
              gx += AT (self->U, i, k) * mget (s->c0_x, k, c);
            }
          AT (j->gv, i, c) = gv;
          AT (j->gx, i, c) = gx;
        }
      for (guint k = 0; k < n; k++)
        {
          j->g[i] += AT (self->G, i, k) * vget (s->h, k);
          j->gt[i] += AT (self->G, i, k) * vget (s->h_t, k);
          j->gtt[i] += AT (self->G, i, k) * vget (s->h_tt, k);
        }
      for (guint k = 0; k < m; k++)
        {
          j->g[i] += AT (self->U, i, k) * vget (s->c0, k);
          j->gt[i] += AT (self->U, i, k) * vget (s->c0_t, k);
          j->gtt[i] += AT (self->U, i, k) * vget (s->c0_tt, k);
        }
    }
}

static void
gjet_clear (GJet *j)
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
            const GJet           *j,
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
    gsl_matrix *gvMi = lz_dense_mul (CblasNoTrans, j->gv, CblasNoTrans, self->Minv);
    g_autofree double *w = g_new0 (double, n + 1);

    /* w = h_x v + h_t */
    for (guint i = 0; i < n; i++)
      {
        w[i] = vget (s->h_t, i);
        for (guint c = 0; c < n; c++)
          w[i] += mget (s->h_x, i, c) * vv[c];
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
              sum += AT (gvMi, i, k) * mget (s->h_v, k, c);
            AT (*R, i, c) = sum;
          }
      }
    g_clear_pointer (&gvMi, gsl_matrix_free);
  }
}

/**
 * lz_program_eval_g:
 * @self: a formulation
 * @state: the state (h and c0 are read)
 * @g: (out caller-allocates): the m − p balance conditions (3.15),
 *   g = U (Qᵀ M_d⁻¹ D h + c0); a vector of length ≥ 1, untouched when
 *   m − p = 0
 *
 * The conditions the control forces cannot act on directly: they vanish
 * along a realizable program motion.
 */
void
lz_program_eval_g (LzProgram            *self,
                   const LzProgramState *state,
                   gsl_vector           *g)
{
  GJet j;

  g_return_if_fail (self != NULL && state != NULL && g != NULL);
  g_return_if_fail (g->size >= self->l);
  gjet_compute (self, state, &j);
  for (guint i = 0; i < self->l; i++)
    gsl_vector_set (g, i, j.g[i]);
  gjet_clear (&j);
}

/* The index s of eqs. (3.18)–(3.19) at a state; 0 when p = m (eqs. (3.5)
 * are ODEs).  G_MAXUINT with @error set when neither s = 1 nor s = 2. */
static guint
index_at (LzProgram            *self,
          const LzProgramState *state,
          GError              **error)
{
  GJet j;
  guint s = G_MAXUINT;
  gboolean independent = FALSE;

  if (self->l == 0)
    return 0;
  if (self->r != self->m)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->failure);
      return G_MAXUINT;
    }
  gjet_compute (self, state, &j);
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
  gjet_clear (&j);
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
  guint n = self->n, m = self->m;
  gsl_matrix *CMi = lz_dense_mul (CblasNoTrans, self->C, CblasNoTrans, self->Minv);
  gsl_matrix *Pt = lz_dense_mul (CblasNoTrans, CMi, CblasTrans, self->B);
  g_autofree double *rhs = g_new0 (double, m + 1);
  gboolean ok;

  g_assert (self->r == m);
  lz_dense_apply (CMi, h, rhs);
  for (guint i = 0; i < m; i++)
    rhs[i] = -(rhs[i] + c0[i]);
  ok = solve_scaled (Pt, rhs, lambda, self->tol, &self->cache_24);
  (void) n;
  g_clear_pointer (&CMi, gsl_matrix_free);
  g_clear_pointer (&Pt, gsl_matrix_free);
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

/* v̇ and λ with a given index. */
static gboolean
solve_with_index (LzProgram            *self,
                  const LzProgramState *state,
                  guint                 s,
                  double               *vdot,
                  double               *lambda,
                  GError              **error)
{
  guint n = self->n, m = self->m;
  g_autofree double *h = g_new0 (double, n + 1);
  g_autofree double *c0 = g_new0 (double, m + 1);

  vec_to_array (state->h, h, n);
  vec_to_array (state->c0, c0, m);
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
    GJet j;
    gsl_matrix *R, *A;
    g_autofree double *xi = g_new0 (double, self->l + 1);
    g_autofree double *rhs = g_new0 (double, n + 1);
    gsl_matrix *WMc = lz_dense_mul (CblasNoTrans, self->W, CblasNoTrans, self->Mcinv);
    guint row = 0;
    gboolean ok;

    gjet_compute (self, state, &j);
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
    gjet_clear (&j);
    g_clear_pointer (&R, gsl_matrix_free);
    g_clear_pointer (&A, gsl_matrix_free);
    g_clear_pointer (&WMc, gsl_matrix_free);
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
  if (!solve_with_index (self, state, s, vd, lam, error))
    return FALSE;
  for (guint i = 0; vdot != NULL && i < self->n; i++)
    gsl_vector_set (vdot, i, vd[i]);
  for (guint i = 0; lambda != NULL && i < self->m; i++)
    gsl_vector_set (lambda, i, lam[i]);
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
  for (guint i = 0; i < self->m; i++)
    gsl_vector_set (lambda, i, lam[i]);
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
    gsl_matrix *DM = lz_dense_mul (CblasNoTrans, self->D, CblasNoTrans, self->M);

    for (guint i = 0; i < DM->size1; i++)
      {
        for (guint c = 0; c < n; c++)
          {
            AT (R, self->m + i, c) = AT (DM, i, c);
            rhs[self->m + i] += AT (self->D, i, c) * hh[c];
          }
      }
    g_clear_pointer (&DM, gsl_matrix_free);
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
  for (guint i = 0; i < self->m; i++)
    gsl_vector_set (lambda, i, lam[i]);
  return TRUE;
}

/**
 * lz_program_lambda_3_7:
 * @self: a formulation
 * @h: h*, n
 * @vdot: v̇ along the program motion (e.g. from a DAE solution), n
 * @lambda: (out caller-allocates): λ = M_b⁻¹ B (v̇ − M⁻¹h), r
 *
 * Eq. (3.7): the control from the accelerations, for any realization.
 */
void
lz_program_lambda_3_7 (LzProgram        *self,
                       const gsl_vector *h,
                       const gsl_vector *vdot,
                       gsl_vector       *lambda)
{
  g_autofree double *hh = NULL, *vd = NULL, *lam = NULL;

  g_return_if_fail (self != NULL && h != NULL && vdot != NULL && lambda != NULL);
  hh = g_new0 (double, self->n + 1);
  vd = g_new0 (double, self->n + 1);
  lam = g_new0 (double, self->r + 1);
  vec_to_array (h, hh, self->n);
  vec_to_array (vdot, vd, self->n);
  lambda_3_7 (self, hh, vd, lam);
  for (guint i = 0; i < self->r; i++)
    gsl_vector_set (lambda, i, lam[i]);
}

/* ------------------------------------------------------------------------ */
/* Models                                                                   */

/**
 * lz_program_options_init:
 * @options: (out caller-allocates): options to fill with the defaults
 */
void
lz_program_options_init (LzProgramOptions *options)
{
  g_return_if_fail (options != NULL);
  options->t_end = 0.0;
  options->sample = 0.0;
  options->rtol = 1e-10;
  options->atol = 1e-12;
  options->rank_tol = DEFAULT_RANK_TOL;
  options->event_tol = 1e-12;
}

/* An expression with its derivatives up to order 4 (libmatheval gives
 * two; the second derivative is parsed again for two more). */
typedef struct
{
  LzExpr *e0;
  LzExpr *e2;   /* NULL for a constant, or when e0 is NULL */
} Jet;

static gboolean
jet_init (Jet        *jet,
          LzExpr     *expr,
          const char *owner,
          GError    **error)
{
  g_autofree char *text = NULL;

  jet->e0 = lz_expr_ref (expr);
  jet->e2 = NULL;
  if (lz_expr_is_constant (expr))
    return TRUE;
  text = lz_expr_dup_derivative (expr, 2);
  jet->e2 = lz_expr_new (text, owner, error);
  return jet->e2 != NULL;
}

static void
jet_clear (Jet *jet)
{
  g_clear_pointer (&jet->e0, lz_expr_unref);
  g_clear_pointer (&jet->e2, lz_expr_unref);
}

static double
jet_eval (const Jet *jet,
          guint      order,
          double     t)
{
  switch (order)
    {
    case 0:
      return lz_expr_eval (jet->e0, t);
    case 1:
      return lz_expr_eval_d1 (jet->e0, t);
    case 2:
      return jet->e2 != NULL ? lz_expr_eval (jet->e2, t) : 0.0;
    case 3:
      return jet->e2 != NULL ? lz_expr_eval_d1 (jet->e2, t) : 0.0;
    case 4:
      return jet->e2 != NULL ? lz_expr_eval_d2 (jet->e2, t) : 0.0;
    default:
      g_assert_not_reached ();
    }
}

typedef struct
{
  double coef;
  Jet    jet;
} GroundTerm;

typedef enum
{
  EL_LINEAR,       /* linear spring or gear: T = k (g − ℓ0) */
  EL_FREEPLAY,     /* T = k luz(g − ℓ0, Δ) */
  EL_DAMPER,       /* T = c ġ */
  EL_FRICTION,     /* T = c ġ + dry */
  EL_STOP,         /* open: T = 0 */
} ElKind;

typedef struct
{
  const LzElement *element;
  ElKind  kind;
  int     a, b;          /* dofs, −1 for a ground */
  double  ca, cb;
  double  k, gap, offset, c, fpos, fneg, lower, upper;
  GArray *ground;        /* GroundTerm: g0(t) = Σ coef·x_g(t) */
  gboolean inverted;     /* a freeplay spring followed through tar */
  gboolean in_path;
} El;

typedef struct
{
  double t;
  double *y;             /* 2n */
  int    *branch;        /* per element */
} Restart;

struct _LzProgramAnalysis
{
  const LzAssembly *assembly;   /* borrowed */
  LzModel *model;
  LzProgramOptions opts;
  guint n, m, r;
  LzProgram *program;
  guint index;
  char *failure;
  GPtrArray *explanation;        /* char* */
  GPtrArray *adjusted;           /* char*: initial values changed */

  int *pres_dof;                 /* m */
  const char **pres_id;
  Jet *pres;                     /* p_i(t) */
  int *act_dof;                  /* r */
  const char **act_id;
  int *fixed;                    /* n: 1 for a prescribed coordinate */

  guint n_forces;
  int *force_dof;
  Jet *forces;

  guint n_el;
  El *el;
  int *branch;                   /* current branch σ of each element */

  /* the state handed to the formulation */
  gsl_vector *x, *v, *h, *h_t, *h_tt, *c0, *c0_t, *c0_tt;
  gsl_matrix *h_x, *h_v;
  gboolean drop_jacobian;        /* removes element `drop` from the Jacobians */
  guint drop;

  /* results */
  GArray *times;                 /* double */
  GArray **lambda;               /* r of double */
  GArray **q, **vel;             /* n of double */
  GArray *instants;              /* LzProgramInstant */
  GArray *restarts;              /* Restart */
  double drift;
  GError *run_error;
  gsl_odeiv2_system sys;
  gsl_odeiv2_driver *driver;     /* kept over the samples: its step size too */
};

/* The element's kind in words, translated (the explanation is read) */
static const char *
element_kind_word (const LzElement *element)
{
  switch (element->item.kind)
    {
    case LZ_ITEM_SPRING:
      return _("spring");
    case LZ_ITEM_DAMPER:
      return _("damper");
    case LZ_ITEM_FRICTION:
      return _("friction element");
    case LZ_ITEM_STOP:
      return _("stop");
    case LZ_ITEM_GEAR:
      return _("gear mesh");
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      return lz_item_kind_to_string (element->item.kind);
    }
}

static void
el_g (const LzProgramAnalysis *self,
      const El                *e,
      const double            *x,
      const double            *v,
      double                   t,
      double                  *g,
      double                  *gd)
{
  double gg = 0.0, gv = 0.0;

  if (e->a >= 0)
    {
      gg -= e->ca * x[e->a];
      gv -= e->ca * v[e->a];
    }
  if (e->b >= 0)
    {
      gg += e->cb * x[e->b];
      gv += e->cb * v[e->b];
    }
  for (guint i = 0; i < e->ground->len; i++)
    {
      const GroundTerm *term = &g_array_index (e->ground, GroundTerm, i);

      gg += term->coef * jet_eval (&term->jet, 0, t);
      gv += term->coef * jet_eval (&term->jet, 1, t);
    }
  (void) self;
  *g = gg;
  *gd = gv;
}

static double
el_g0 (const El *e,
       guint     order,
       double    t)
{
  double s = 0.0;

  for (guint i = 0; i < e->ground->len; i++)
    {
      const GroundTerm *term = &g_array_index (e->ground, GroundTerm, i);

      s += term->coef * jet_eval (&term->jet, order, t);
    }
  return s;
}

/* Fills the state (h, Jacobians, time derivatives, c0) at (t, y). */
static void
eval_state (LzProgramAnalysis *self,
            double             t,
            const double      *y,
            LzProgramState    *s)
{
  guint n = self->n;
  const double *x = y, *v = y + n;

  for (guint i = 0; i < n; i++)
    {
      gsl_vector_set (self->x, i, x[i]);
      gsl_vector_set (self->v, i, v[i]);
    }
  gsl_vector_set_zero (self->h);
  gsl_vector_set_zero (self->h_t);
  gsl_vector_set_zero (self->h_tt);
  gsl_matrix_set_zero (self->h_x);
  gsl_matrix_set_zero (self->h_v);
  for (guint f = 0; f < self->n_forces; f++)
    {
      int i = self->force_dof[f];

      *gsl_vector_ptr (self->h, i) += jet_eval (&self->forces[f], 0, t);
      *gsl_vector_ptr (self->h_t, i) += jet_eval (&self->forces[f], 1, t);
      *gsl_vector_ptr (self->h_tt, i) += jet_eval (&self->forces[f], 2, t);
    }
  for (guint k = 0; k < self->n_el; k++)
    {
      const El *e = &self->el[k];
      double g, gd, T = 0.0, dTdg = 0.0, dTdv = 0.0;
      double w[2] = { -e->ca, e->cb };
      int dofs[2] = { e->a, e->b };

      el_g (self, e, x, v, t, &g, &gd);
      switch (e->kind)
        {
        case EL_LINEAR:
          T = e->k * (g - e->offset);
          dTdg = e->k;
          break;
        case EL_FREEPLAY:
          if (e->inverted)
            {
              T = e->k * (g - e->offset - self->branch[k] * e->gap);
              dTdg = e->k;
            }
          else
            {
              T = e->k * lz_luz (g - e->offset, e->gap);
              dTdg = fabs (g - e->offset) > e->gap ? e->k : 0.0;
            }
          break;
        case EL_DAMPER:
          T = e->c * gd;
          dTdv = e->c;
          break;
        case EL_FRICTION:
          T = e->c * gd + (gd > 0.0 ? e->fpos : gd < 0.0 ? -e->fneg : 0.0);
          dTdv = e->c;
          break;
        case EL_STOP:
        default:
          break;
        }
      {
        /* ∂T/∂t through the ground motion, and its derivative */
        double Tt = dTdg * el_g0 (e, 1, t) + dTdv * el_g0 (e, 2, t);
        double Ttt = dTdg * el_g0 (e, 2, t) + dTdv * el_g0 (e, 3, t);
        gboolean keep = !(self->drop_jacobian && self->drop == k);

        for (int i = 0; i < 2; i++)
          {
            if (dofs[i] < 0)
              continue;
            *gsl_vector_ptr (self->h, dofs[i]) -= w[i] * T;
            *gsl_vector_ptr (self->h_t, dofs[i]) -= w[i] * Tt;
            *gsl_vector_ptr (self->h_tt, dofs[i]) -= w[i] * Ttt;
            for (int j = 0; j < 2 && keep; j++)
              {
                if (dofs[j] < 0)
                  continue;
                *gsl_matrix_ptr (self->h_x, dofs[i], dofs[j]) -= w[i] * w[j] * dTdg;
                *gsl_matrix_ptr (self->h_v, dofs[i], dofs[j]) -= w[i] * w[j] * dTdv;
              }
          }
      }
    }
  for (guint i = 0; i < self->m; i++)
    {
      gsl_vector_set (self->c0, i, -jet_eval (&self->pres[i], 2, t));
      gsl_vector_set (self->c0_t, i, -jet_eval (&self->pres[i], 3, t));
      gsl_vector_set (self->c0_tt, i, -jet_eval (&self->pres[i], 4, t));
    }
  memset (s, 0, sizeof *s);
  s->t = t;
  s->x = self->x;
  s->v = self->v;
  s->h = self->h;
  s->h_x = self->h_x;
  s->h_v = self->h_v;
  s->h_t = self->h_t;
  s->h_tt = self->h_tt;
  s->c0 = self->c0;
  s->c0_t = self->c0_t;
  s->c0_tt = self->c0_tt;
}

/* The residuals of the conditions a consistent state satisfies (the
 * prescribed positions and velocities, g = 0, and ġ = 0 for s = 2) and
 * their Jacobian with respect to the free positions and velocities. */
static guint
consistency (LzProgramAnalysis *self,
             double             t,
             const double      *y,
             double            *res,
             gsl_matrix       **J,
             guint             *free_cols)
{
  LzProgramState s;
  LzProgram *pr = self->program;
  guint n = self->n, nf = 0, rows = 0;
  GJet j;

  for (guint i = 0; i < n; i++)
    if (!self->fixed[i])
      free_cols[nf++] = i;
  eval_state (self, t, y, &s);
  gjet_compute (pr, &s, &j);
  *J = lz_dense_new (self->index == 2 ? 2 * pr->l : self->index == 1 ? pr->l : 0, 2 * nf);
  if (self->index >= 1)
    for (guint i = 0; i < pr->l; i++, rows++)
      {
        res[rows] = j.g[i];
        for (guint c = 0; c < nf; c++)
          {
            AT (*J, rows, c) = AT (j.gx, i, free_cols[c]);
            AT (*J, rows, nf + c) = AT (j.gv, i, free_cols[c]);
          }
      }
  if (self->index == 2)
    {
      /* ġ* = g_v M⁻¹ h + g_x v + g_t */
      gsl_matrix *gvMi = lz_dense_mul (CblasNoTrans, j.gv, CblasNoTrans, pr->Minv);

      for (guint i = 0; i < pr->l; i++, rows++)
        {
          double r = j.gt[i];

          for (guint k = 0; k < n; k++)
            r += AT (gvMi, i, k) * gsl_vector_get (self->h, k) + AT (j.gx, i, k) * y[n + k];
          res[rows] = r;
          for (guint c = 0; c < nf; c++)
            {
              double ax = 0.0, av = AT (j.gx, i, free_cols[c]);

              for (guint k = 0; k < n; k++)
                {
                  ax += AT (gvMi, i, k) * gsl_matrix_get (self->h_x, k, free_cols[c]);
                  av += AT (gvMi, i, k) * gsl_matrix_get (self->h_v, k, free_cols[c]);
                }
              AT (*J, rows, c) = ax;
              AT (*J, rows, nf + c) = av;
            }
        }
      g_clear_pointer (&gvMi, gsl_matrix_free);
    }
  gjet_clear (&j);
  return nf;
}

/* Moves y to the consistent state nearest to it (prescribed coordinates
 * exactly, free ones by the minimum-norm Newton correction); returns the
 * residual before the correction. */
static double
project (LzProgramAnalysis *self,
         double             t,
         double            *y)
{
  guint n = self->n;
  double before = 0.0;
  g_autofree double *res = g_new0 (double, 2 * n + 2);
  g_autofree double *dz = g_new0 (double, 2 * n + 2);
  g_autofree guint *cols = g_new0 (guint, n + 1);

  for (guint i = 0; i < self->m; i++)
    {
      int d = self->pres_dof[i];

      before = MAX (before, fabs (y[d] - jet_eval (&self->pres[i], 0, t)));
      before = MAX (before, fabs (y[n + d] - jet_eval (&self->pres[i], 1, t)));
      y[d] = jet_eval (&self->pres[i], 0, t);
      y[n + d] = jet_eval (&self->pres[i], 1, t);
    }
  for (guint it = 0; it < 8; it++)
    {
      gsl_matrix *J;
      guint nf = consistency (self, t, y, res, &J, cols);
      double norm = 0.0;

      for (guint i = 0; i < J->size1; i++)
        norm = MAX (norm, fabs (res[i]));
      if (it == 0)
        before = MAX (before, norm);
      if (J->size1 == 0 || norm == 0.0)
        {
          g_clear_pointer (&J, gsl_matrix_free);
          break;
        }
      lz_dense_solve_min_norm (J, res, dz, self->opts.rank_tol);
      for (guint c = 0; c < nf; c++)
        {
          y[cols[c]] -= dz[c];
          y[n + cols[c]] -= dz[nf + c];
        }
      g_clear_pointer (&J, gsl_matrix_free);
      {
        double step = 0.0;

        for (guint c = 0; c < 2 * nf; c++)
          step = MAX (step, fabs (dz[c]));
        if (step < 1e-15 * (1.0 + norm))
          break;
      }
    }
  return before;
}

static int
rhs (double        t,
     const double  y[],
     double        dydt[],
     void         *data)
{
  LzProgramAnalysis *self = data;
  LzProgramState s;
  guint n = self->n;
  g_autofree double *lambda = g_new0 (double, self->m + 1);

  eval_state (self, t, y, &s);
  if (!solve_with_index (self->program, &s, self->index, dydt + n, lambda,
                         self->run_error == NULL ? &self->run_error : NULL))
    return GSL_EBADFUNC;
  memcpy (dydt, y + n, n * sizeof (double));
  return GSL_SUCCESS;
}

/* Integrates y from t0 to t1 (no events inside).  The driver lives for
 * the whole run, so the step size it has found carries over from one
 * sample to the next (rk8pd keeps no history, so a state moved by a
 * projection or a jump needs no restart). */
static gboolean
integrate (LzProgramAnalysis *self,
           double             t0,
           double             t1,
           double            *y)
{
  double t = t0;
  int status;

  if (t1 <= t0)
    return TRUE;
  if (self->driver == NULL)
    {
      self->sys = (gsl_odeiv2_system) { rhs, NULL, 2 * self->n, self };
      self->driver = gsl_odeiv2_driver_alloc_y_new (&self->sys, gsl_odeiv2_step_rk8pd,
                                                    MAX ((t1 - t0) / 16.0, 1e-9),
                                                    self->opts.atol, self->opts.rtol);
    }
  gsl_odeiv2_driver_reset (self->driver);
  status = gsl_odeiv2_driver_apply (self->driver, &t, t1, y);
  if (status != GSL_SUCCESS && self->run_error == NULL)
    g_set_error (&self->run_error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                 _("The program motion could not be integrated past t = %g (%s)"), t,
                 gsl_strerror (status));
  return status == GSL_SUCCESS;
}

/* σ (g − ℓ0) − Δ ≥ 0 while an inverted freeplay spring stays engaged on
 * its branch; the least over them (+inf without any). */
static double
branch_margin (LzProgramAnalysis *self,
               double             t,
               const double      *y,
               guint             *which)
{
  double least = INFINITY;

  for (guint k = 0; k < self->n_el; k++)
    {
      const El *e = &self->el[k];
      double g, gd;

      if (!e->inverted)
        continue;
      el_g (self, e, y, y + self->n, t, &g, &gd);
      if (self->branch[k] * (g - e->offset) - e->gap < least)
        {
          least = self->branch[k] * (g - e->offset) - e->gap;
          if (which != NULL)
            *which = k;
        }
    }
  return least;
}

static void
add_restart (LzProgramAnalysis *self,
             double             t,
             const double      *y)
{
  Restart r;

  r.t = t;
  r.y = g_memdup2 (y, 2 * self->n * sizeof (double));
  r.branch = g_memdup2 (self->branch, MAX (self->n_el, 1) * sizeof (int));
  g_array_append_val (self->restarts, r);
}

static void
add_instant (LzProgramAnalysis *self,
             double             t,
             const LzElement   *element,
             char              *text)
{
  LzProgramInstant instant = { t, element->item.id, text };

  g_array_append_val (self->instants, instant);
}

static char *
dof_list (const LzProgramAnalysis *self,
          const double            *before,
          const double            *after)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->n; i++)
    if (fabs (after[i] - before[i]) > 1e-12 * (1.0 + fabs (before[i])))
      {
        if (out->len > 0)
          g_string_append (out, ", ");
        g_string_append_printf (out, "%s %+.6g", lz_assembly_get_dof_name (self->assembly, i),
                                after[i] - before[i]);
      }
  return g_string_free (out, FALSE);
}

/* An inverted freeplay spring's required force crossed zero between t0
 * (y0) and t1: locate the instant, jump to the other branch, record it.
 * y0 is replaced by the state after the jump and *t0 by the instant. */
static gboolean
cross_freeplay (LzProgramAnalysis *self,
                double            *t0,
                double            *y0,
                double             t1,
                guint              k)
{
  guint n = self->n;
  double lo = *t0, hi = t1;
  g_autofree double *ylo = g_memdup2 (y0, 2 * n * sizeof (double));
  g_autofree double *ytry = g_new0 (double, 2 * n);
  g_autofree double *before = NULL;
  const El *e = &self->el[k];
  int old;

  while (hi - lo > self->opts.event_tol * MAX (1.0, fabs (hi)))
    {
      double mid = 0.5 * (lo + hi);
      guint which;

      memcpy (ytry, ylo, 2 * n * sizeof (double));
      if (!integrate (self, lo, mid, ytry))
        return FALSE;
      if (branch_margin (self, mid, ytry, &which) < 0.0)
        hi = mid;
      else
        {
          lo = mid;
          memcpy (ylo, ytry, 2 * n * sizeof (double));
        }
    }
  before = g_memdup2 (ylo, 2 * n * sizeof (double));
  old = self->branch[k];
  self->branch[k] = -old;
  project (self, lo, ylo);
  {
    g_autofree char *moved = dof_list (self, before, ylo);
    g_autofree char *d = lz_number_to_string (e->gap);

    add_instant (self, lo, e->element,
                 g_strdup_printf (_("%s: the required spring force crosses zero, so the relative "
                                    "displacement g − ℓ0 ∈ tar(T/k, Δ) jumps from %s%s to %s%s across "
                                    "the freeplay (tar(0, Δ) = [−Δ, Δ] is set-valued); the actuated "
                                    "motion jumps (%s): the actuator delivers an impulse"),
                                  e->element->item.id, old > 0 ? "+" : "−", d,
                                  old > 0 ? "−" : "+", d, moved));
  }
  memcpy (y0, ylo, 2 * n * sizeof (double));
  *t0 = lo;
  add_restart (self, lo, y0);
  return TRUE;
}

static void
record_sample (LzProgramAnalysis *self,
               double             t,
               const double      *y)
{
  LzProgramState s;
  guint n = self->n;
  g_autofree double *vdot = g_new0 (double, n + 1);
  g_autofree double *lambda = g_new0 (double, self->m + 1);

  eval_state (self, t, y, &s);
  if (!solve_with_index (self->program, &s, self->index, vdot, lambda,
                         self->run_error == NULL ? &self->run_error : NULL))
    for (guint j = 0; j < self->r; j++)
      lambda[j] = NAN;
  g_array_append_val (self->times, t);
  for (guint j = 0; j < self->r; j++)
    g_array_append_val (self->lambda[j], lambda[j]);
  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (self->q[i], y[i]);
      g_array_append_val (self->vel[i], y[n + i]);
    }
}

/* Friction reversals and stops reached between two samples (located by
 * linear interpolation within the sample step). */
static void
watch_forward (LzProgramAnalysis *self,
               double             t0,
               const double      *y0,
               double             t1,
               const double      *y1,
               gboolean          *stop_reported)
{
  guint n = self->n;

  for (guint k = 0; k < self->n_el; k++)
    {
      const El *e = &self->el[k];
      double g0, gd0, g1, gd1;

      if (e->kind != EL_FRICTION && e->kind != EL_STOP)
        continue;
      el_g (self, e, y0, y0 + n, t0, &g0, &gd0);
      el_g (self, e, y1, y1 + n, t1, &g1, &gd1);
      if (e->kind == EL_FRICTION && ((gd0 > 0.0 && gd1 <= 0.0) || (gd0 < 0.0 && gd1 >= 0.0)))
        {
          double tc = gd1 == gd0 ? t1 : t0 + (t1 - t0) * gd0 / (gd0 - gd1);
          g_autofree char *fp = lz_number_to_string (e->fpos);
          g_autofree char *fn = lz_number_to_string (e->fneg);

          add_instant (self, tc, e->element,
                       g_strdup_printf (_("%s: the relative velocity reverses, so the friction force "
                                          "is set-valued there (any value in [−%s, %s]); the "
                                          "analysis takes the slipping force on either side and the "
                                          "actuator force jumps by %s + %s"),
                                        e->element->item.id, fn, fp, fp, fn));
        }
      if (e->kind == EL_STOP && !stop_reported[k]
          && ((g1 < e->lower && g0 >= e->lower) || (g1 > e->upper && g0 <= e->upper)
              || (t0 == 0.0 && (g0 < e->lower || g0 > e->upper))))
        {
          gboolean low = g1 < e->lower || g0 < e->lower;
          double lim = low ? e->lower : e->upper;
          double tc = (g0 < e->lower || g0 > e->upper) ? t0 : t0 + (t1 - t0) * (lim - g0) / (g1 - g0);

          stop_reported[k] = TRUE;
          add_instant (self, tc, e->element,
                       low ? g_strdup_printf (_("%s: the motion reaches the lower limit of the stop; "
                                                "the analysis assumes the stop stays open, so from "
                                                "here on the real system would also need the "
                                                "contact force"), e->element->item.id)
                           : g_strdup_printf (_("%s: the motion reaches the upper limit of the stop; "
                                                "the analysis assumes the stop stays open, so from "
                                                "here on the real system would also need the "
                                                "contact force"), e->element->item.id));
        }
    }
}

static int
compare_instants (gconstpointer a,
                  gconstpointer b)
{
  const LzProgramInstant *x = a, *y = b;

  return x->t < y->t ? -1 : x->t > y->t ? 1 : 0;
}

static void
run (LzProgramAnalysis *self)
{
  guint n = self->n, N;
  double t_end = self->opts.t_end, dt = self->opts.sample, t = 0.0;
  g_autofree double *y = g_new0 (double, 2 * n);
  g_autofree double *prev = g_new0 (double, 2 * n);
  g_autofree gboolean *stop_reported = g_new0 (gboolean, self->n_el + 1);
  LzModel *model = self->model;

  for (guint i = 0; i < n; i++)
    {
      y[i] = lz_model_get_body (model, i)->q0;
      y[n + i] = lz_model_get_body (model, i)->v0;
    }
  memcpy (prev, y, 2 * n * sizeof (double));
  project (self, 0.0, y);
  /* an inverted spring starting on the wrong side of its freeplay: the
   * other branch (its required force has the other sign) */
  for (guint k = 0; k < self->n_el; k++)
    if (self->el[k].inverted)
      {
        double g, gd;

        el_g (self, &self->el[k], y, y + n, 0.0, &g, &gd);
        if (self->branch[k] * (g - self->el[k].offset) - self->el[k].gap < 0.0)
          {
            self->branch[k] = -self->branch[k];
            project (self, 0.0, y);
          }
      }
  for (guint i = 0; i < n; i++)
    for (guint d = 0; d < 2; d++)
      if (fabs (y[d * n + i] - prev[d * n + i]) > 1e-12 * (1.0 + fabs (prev[d * n + i])))
        {
          g_autofree char *from = lz_number_to_string (prev[d * n + i]);
          g_autofree char *to = lz_number_to_string (y[d * n + i]);
          const char *name = lz_assembly_get_dof_name (self->assembly, i);

          g_ptr_array_add (self->adjusted,
                           d == 0 ? g_strdup_printf (_("q0 of %s: %s → %s"), name, from, to)
                                  : g_strdup_printf (_("v0 of %s: %s → %s"), name, from, to));
        }
  add_restart (self, 0.0, y);
  record_sample (self, 0.0, y);

  N = (guint) ceil (t_end / dt - 1e-9);
  for (guint i = 1; i <= N && self->run_error == NULL; i++)
    {
      double t1 = MIN (i * dt, t_end);
      double drift;

      memcpy (prev, y, 2 * n * sizeof (double));
      while (self->run_error == NULL)
        {
          g_autofree double *ystart = g_memdup2 (y, 2 * n * sizeof (double));
          double tstart = t;
          guint which = 0;

          if (!integrate (self, t, t1, y))
            break;
          if (branch_margin (self, t1, y, &which) < 0.0)
            {
              memcpy (y, ystart, 2 * n * sizeof (double));
              t = tstart;
              if (!cross_freeplay (self, &t, y, t1, which))
                break;
              continue;
            }
          t = t1;
          break;
        }
      if (self->run_error != NULL)
        break;
      drift = project (self, t1, y);
      self->drift = MAX (self->drift, drift);
      watch_forward (self, t1 - dt, prev, t1, y, stop_reported);
      record_sample (self, t1, y);
      add_restart (self, t1, y);
    }
  g_array_sort (self->instants, compare_instants);
}

/* Explanation: which constraint is realized how, through which elements. */
static char *
connecting_elements (const LzProgramAnalysis *self,
                     int                      dof)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < self->n_el; k++)
    {
      const El *e = &self->el[k];

      if ((e->a == dof && e->b >= 0) || (e->b == dof && e->a >= 0))
        {
          if (out->len > 0)
            g_string_append (out, ", ");
          g_string_append_printf (out, "%s (%s)", e->element->item.id, element_kind_word (e->element));
        }
    }
  return g_string_free (out, FALSE);
}

static void
explain (LzProgramAnalysis *self)
{
  GPtrArray *lines = self->explanation;

  for (guint i = 0; i < self->m; i++)
    {
      int dof = self->pres_dof[i];
      const char *body = lz_assembly_get_dof_name (self->assembly, dof);
      const char *text = lz_expr_get_text (self->pres[i].e0);
      int actuator = -1;

      for (guint j = 0; j < self->r; j++)
        if (self->act_dof[j] == dof)
          actuator = j;
      if (actuator >= 0)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s (%s follows %s) is realized orthogonally: actuator %s "
                                            "pushes %s itself, across the constraint"),
                                          self->pres_id[i], body, text, self->act_id[actuator], body));
      else
        {
          g_autofree char *through = connecting_elements (self, dof);

          if (*through == '\0')
            g_ptr_array_add (lines,
                             g_strdup_printf (_("%s (%s follows %s) would have to be realized "
                                                "tangentially, but no element connects %s to another "
                                                "body"), self->pres_id[i], body, text, body));
          else
            g_ptr_array_add (lines,
                             g_strdup_printf (_("%s (%s follows %s) is realized tangentially: no "
                                                "actuator acts on %s; the actuators move it through "
                                                "%s"), self->pres_id[i], body, text, body, through));
        }
    }
  for (guint j = 0; j < self->r; j++)
    {
      gboolean on_prescribed = FALSE;

      for (guint i = 0; i < self->m; i++)
        on_prescribed |= self->pres_dof[i] == self->act_dof[j];
      if (!on_prescribed)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("Actuator %s acts on %s, which has no prescribed motion: "
                                            "its force is tangent to the program constraints"),
                                          self->act_id[j],
                                          lz_assembly_get_dof_name (self->assembly, self->act_dof[j])));
    }
  for (guint k = 0; k < self->n_el; k++)
    {
      const El *e = &self->el[k];
      const char *id = e->element->item.id;

      if (e->inverted)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is a spring with freeplay in the realization path: the "
                                            "program fixes its force T(t), and its relative "
                                            "displacement is inverted by g − ℓ0 ∈ tar(T/k, Δ) (paper "
                                            "000, Theorem 2.1); where T crosses zero it jumps across "
                                            "the freeplay (the set-valued instants below)"), id));
      else if (e->in_path)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s (%s) is in the realization path: without it the "
                                            "balance conditions (3.15) could not be kept"),
                                          id, element_kind_word (e->element)));
      if (e->kind == EL_FREEPLAY && !e->inverted)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is a spring with freeplay outside the inverted path: "
                                            "its force k·luz(g − ℓ0, Δ) follows the motion"), id));
      else if (e->kind == EL_FRICTION)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is dry friction: the analysis assumes it slips, its "
                                            "force C·ġ ± F0 following the sign of the relative "
                                            "velocity; where that velocity reverses the force is "
                                            "set-valued (reported below) and a stick phase is not "
                                            "modelled"), id));
      else if (e->kind == EL_STOP)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is a stop: the analysis assumes it stays open (no "
                                            "contact force) and reports where the motion reaches "
                                            "its limits"), id));
    }
}

static gboolean
build_elements (LzProgramAnalysis *self,
                GError           **error)
{
  LzModel *model = self->model;

  self->n_el = lz_model_get_n_elements (model);
  self->el = g_new0 (El, self->n_el + 1);
  self->branch = g_new0 (int, self->n_el + 1);
  for (guint k = 0; k < self->n_el; k++)
    {
      const LzElement *element = lz_model_get_element (model, k);
      El *e = &self->el[k];
      double k_, gap, offset;
      const char *ports[2] = { element->a, element->b };

      e->element = element;
      e->ground = g_array_new (FALSE, TRUE, sizeof (GroundTerm));
      lz_assembly_get_element_ports (self->assembly, k, &e->a, &e->b, &e->ca, &e->cb);
      for (int side = 0; side < 2; side++)
        {
          const LzGround *ground = lz_model_lookup_ground (model, ports[side]);

          if (ground != NULL && ground->motion != NULL)
            {
              GroundTerm term = { side == 0 ? -e->ca : e->cb, { NULL, NULL } };

              if (!jet_init (&term.jet, ground->motion, ground->item.id, error))
                {
                  jet_clear (&term.jet);
                  return FALSE;
                }
              g_array_append_val (e->ground, term);
            }
        }
      e->c = lz_element_get_viscosity (element);
      e->lower = -INFINITY;
      e->upper = INFINITY;
      if (lz_element_get_stiffness (element, &k_, &gap, &offset))
        {
          e->k = k_;
          e->gap = gap;
          e->offset = offset;
          e->kind = gap > 0.0 ? EL_FREEPLAY : EL_LINEAR;
        }
      else if (element->item.kind == LZ_ITEM_DAMPER)
        e->kind = EL_DAMPER;
      else if (element->item.kind == LZ_ITEM_FRICTION)
        {
          e->kind = EL_FRICTION;
          e->fpos = element->friction.level_pos;
          e->fneg = element->friction.level_neg;
        }
      else
        {
          e->kind = EL_STOP;
          e->lower = element->stop.lower;
          e->upper = element->stop.upper;
        }
      /* the branch of the model's initial position (+ when in the gap) */
      {
        double g = 0.0;

        if (e->a >= 0)
          g -= e->ca * lz_model_get_body (model, e->a)->q0;
        if (e->b >= 0)
          g += e->cb * lz_model_get_body (model, e->b)->q0;
        g += el_g0 (e, 0, 0.0);
        self->branch[k] = g - e->offset < 0.0 ? -1 : 1;
      }
    }
  return TRUE;
}

/* The index with every freeplay spring engaged (the structural index),
 * and which elements the index needs. */
static void
classify_path (LzProgramAnalysis *self)
{
  guint n = self->n;
  g_autofree double *y = g_new0 (double, 2 * n);
  LzProgramState s;
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < self->n_el; k++)
    if (self->el[k].kind == EL_FREEPLAY)
      self->el[k].inverted = TRUE;   /* engaged, for the structural test */
  for (guint i = 0; i < n; i++)
    {
      y[i] = lz_model_get_body (self->model, i)->q0;
      y[n + i] = lz_model_get_body (self->model, i)->v0;
    }
  for (guint i = 0; i < self->m; i++)
    {
      y[self->pres_dof[i]] = jet_eval (&self->pres[i], 0, 0.0);
      y[n + self->pres_dof[i]] = jet_eval (&self->pres[i], 1, 0.0);
    }
  eval_state (self, 0.0, y, &s);
  self->index = index_at (self->program, &s, &error);
  if (self->index == G_MAXUINT)
    {
      GString *why = g_string_new (error->message);
      gboolean any = FALSE;

      for (guint k = 0; k < self->n_el; k++)
        if (self->el[k].kind == EL_FRICTION || self->el[k].kind == EL_STOP)
          {
            g_string_append (why, any ? ", " : _(". Nonsmooth elements that cannot carry a "
                                                  "commanded position: "));
            g_string_append_printf (why, "%s (%s)", self->el[k].element->item.id,
                                    element_kind_word (self->el[k].element));
            any = TRUE;
          }
      self->failure = g_string_free (why, FALSE);
      for (guint k = 0; k < self->n_el; k++)
        self->el[k].inverted = FALSE;
      return;
    }
  for (guint k = 0; k < self->n_el; k++)
    {
      El *e = &self->el[k];
      g_autoptr(GError) ignored = NULL;
      guint s_without;

      if (self->index == 0 || e->kind == EL_STOP || e->kind == EL_FRICTION)
        {
          e->inverted = FALSE;
          continue;
        }
      self->drop_jacobian = TRUE;
      self->drop = k;
      eval_state (self, 0.0, y, &s);
      s_without = index_at (self->program, &s, &ignored);
      self->drop_jacobian = FALSE;
      e->in_path = s_without != self->index;
      e->inverted = e->kind == EL_FREEPLAY && e->in_path;
    }
}

/**
 * lz_program_analysis_new:
 * @assembly: an assembled model with prescribed motions and actuators
 * @options: (nullable): options, %NULL for the defaults
 * @error: return location for a #GError
 *
 * The program-motion analysis of a model (paper 001): M from the
 * assembly, C from the prescribed motions (one row e_iᵀ each, c0 = −p̈),
 * B from the actuators (one row e_jᵀ each, a force along the body's
 * coordinate), h = f(t) − C q̇ − K q minus the nonsmooth elements' forces
 * (see the file comment for the assumptions).  Classifies the
 * realization, finds the index and, when the motion is realizable,
 * synthesizes λ(t) on the grid 0, sample, …, t_end together with the
 * motion of every body.  A motion that cannot be realized (r ≠ m, index
 * > 2, not controllable) is not an error: lz_program_analysis_is_realizable()
 * is %FALSE and lz_program_analysis_get_failure() says why.
 *
 * Returns: (transfer full) (nullable): the analysis, or %NULL with @error
 *   set for a model without a prescribed motion or an actuator, with two
 *   actuators on one body, with a massless body, or whose expressions'
 *   derivatives cannot be formed
 */
LzProgramAnalysis *
lz_program_analysis_new (const LzAssembly       *assembly,
                         const LzProgramOptions *options,
                         GError                **error)
{
  g_autoptr(LzProgramAnalysis) self = NULL;
  LzModel *model;
  guint n;
  g_autoptr(gsl_matrix) B = NULL;
  g_autoptr(gsl_matrix) C = NULL;

  g_return_val_if_fail (assembly != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  model = lz_assembly_get_model (assembly);
  n = lz_assembly_get_n_dofs (assembly);
  self = g_new0 (LzProgramAnalysis, 1);
  self->assembly = assembly;
  self->model = lz_model_ref (model);
  self->n = n;
  self->explanation = g_ptr_array_new_with_free_func (g_free);
  self->adjusted = g_ptr_array_new_with_free_func (g_free);
  self->instants = g_array_new (FALSE, TRUE, sizeof (LzProgramInstant));
  self->restarts = g_array_new (FALSE, TRUE, sizeof (Restart));
  self->times = g_array_new (FALSE, TRUE, sizeof (double));
  if (options != NULL)
    self->opts = *options;
  else
    lz_program_options_init (&self->opts);
  if (self->opts.t_end <= 0.0)
    self->opts.t_end = lz_model_get_simulation (model)->t_end;
  if (self->opts.sample <= 0.0)
    self->opts.sample = MAX (lz_model_get_simulation (model)->dt, self->opts.t_end / 100000.0);
  if (self->opts.rank_tol <= 0.0)
    self->opts.rank_tol = DEFAULT_RANK_TOL;

  self->m = lz_model_count_kind (model, LZ_ITEM_PRESCRIBED);
  self->r = lz_model_count_kind (model, LZ_ITEM_ACTUATOR);
  self->n_forces = lz_model_count_kind (model, LZ_ITEM_FORCE);
  if (self->m == 0)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           _("The model has no prescribed motion: add a <prescribed> source "
                             "(the motion q(t) a body must follow)"));
      return NULL;
    }
  if (self->r == 0)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           _("The model has no actuator: add an <actuator> on the body whose "
                             "force is to be computed"));
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    if (lz_model_get_body (model, i)->mass <= 0.0)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                     _("Body “%s” is massless: the program-motion analysis (paper 001) needs every "
                       "body to have mass; reduce the model first (luztar-cli reduce --write)"),
                     lz_model_get_body (model, i)->item.id);
        return NULL;
      }

  self->pres_dof = g_new0 (int, self->m);
  self->pres_id = g_new0 (const char *, self->m);
  self->pres = g_new0 (Jet, self->m);
  self->act_dof = g_new0 (int, self->r);
  self->act_id = g_new0 (const char *, self->r);
  self->fixed = g_new0 (int, n + 1);
  self->force_dof = g_new0 (int, self->n_forces + 1);
  self->forces = g_new0 (Jet, self->n_forces + 1);
  B = gsl_matrix_calloc (self->r, n);
  C = gsl_matrix_calloc (self->m, n);
  {
    guint im = 0, ir = 0, iff = 0;

    for (guint s = 0; s < lz_model_get_n_sources (model); s++)
      {
        const LzSource *source = lz_model_get_source (model, s);
        int dof = lz_model_get_body_index (model, source->body);

        if (source->item.kind == LZ_ITEM_PRESCRIBED)
          {
            self->pres_dof[im] = dof;
            self->pres_id[im] = source->item.id;
            self->fixed[dof] = 1;
            gsl_matrix_set (C, im, dof, 1.0);
            if (!jet_init (&self->pres[im++], source->value, source->item.id, error))
              return NULL;
          }
        else if (source->item.kind == LZ_ITEM_ACTUATOR)
          {
            for (guint j = 0; j < ir; j++)
              if (self->act_dof[j] == dof)
                {
                  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                               _("Actuators “%s” and “%s” act on the same body “%s”: their forces "
                                 "are not independent"), self->act_id[j], source->item.id, source->body);
                  return NULL;
                }
            self->act_dof[ir] = dof;
            self->act_id[ir] = source->item.id;
            gsl_matrix_set (B, ir++, dof, 1.0);
          }
        else if (source->item.kind == LZ_ITEM_FORCE)
          {
            self->force_dof[iff] = dof;
            if (!jet_init (&self->forces[iff++], source->value, source->item.id, error))
              return NULL;
          }
      }
  }
  self->lambda = g_new0 (GArray *, self->r);
  for (guint j = 0; j < self->r; j++)
    self->lambda[j] = g_array_new (FALSE, TRUE, sizeof (double));
  self->q = g_new0 (GArray *, n);
  self->vel = g_new0 (GArray *, n);
  for (guint i = 0; i < n; i++)
    {
      self->q[i] = g_array_new (FALSE, TRUE, sizeof (double));
      self->vel[i] = g_array_new (FALSE, TRUE, sizeof (double));
    }
  self->x = gsl_vector_alloc (n);
  self->v = gsl_vector_alloc (n);
  self->h = gsl_vector_alloc (n);
  self->h_t = gsl_vector_alloc (n);
  self->h_tt = gsl_vector_alloc (n);
  self->h_x = gsl_matrix_alloc (n, n);
  self->h_v = gsl_matrix_alloc (n, n);
  self->c0 = gsl_vector_alloc (self->m);
  self->c0_t = gsl_vector_alloc (self->m);
  self->c0_tt = gsl_vector_alloc (self->m);

  if (!build_elements (self, error))
    return NULL;

  self->program = lz_program_new (lz_assembly_get_M (assembly), B, C, error);
  if (self->program == NULL)
    return NULL;
  self->program->tol = self->opts.rank_tol;

  if (self->program->failure != NULL)
    self->failure = g_strdup (self->program->failure);
  else
    classify_path (self);
  explain (self);
  if (self->failure == NULL)
    {
      run (self);
      if (self->run_error != NULL)
        self->failure = g_strdup (self->run_error->message);
    }
  return g_steal_pointer (&self);
}

void
lz_program_analysis_free (LzProgramAnalysis *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->driver, gsl_odeiv2_driver_free);
  g_clear_pointer (&self->program, lz_program_free);
  g_free (self->failure);
  g_ptr_array_unref (self->explanation);
  g_ptr_array_unref (self->adjusted);
  for (guint i = 0; self->pres != NULL && i < self->m; i++)
    jet_clear (&self->pres[i]);
  for (guint i = 0; self->forces != NULL && i < self->n_forces; i++)
    jet_clear (&self->forces[i]);
  g_free (self->pres);
  g_free (self->forces);
  g_free (self->pres_dof);
  g_free (self->pres_id);
  g_free (self->act_dof);
  g_free (self->act_id);
  g_free (self->fixed);
  g_free (self->force_dof);
  for (guint k = 0; self->el != NULL && k < self->n_el; k++)
    {
      for (guint i = 0; self->el[k].ground != NULL && i < self->el[k].ground->len; i++)
        jet_clear (&g_array_index (self->el[k].ground, GroundTerm, i).jet);
      if (self->el[k].ground != NULL)
        g_array_unref (self->el[k].ground);
    }
  g_free (self->el);
  g_free (self->branch);
  g_clear_pointer (&self->x, gsl_vector_free);
  g_clear_pointer (&self->v, gsl_vector_free);
  g_clear_pointer (&self->h, gsl_vector_free);
  g_clear_pointer (&self->h_t, gsl_vector_free);
  g_clear_pointer (&self->h_tt, gsl_vector_free);
  g_clear_pointer (&self->h_x, gsl_matrix_free);
  g_clear_pointer (&self->h_v, gsl_matrix_free);
  g_clear_pointer (&self->c0, gsl_vector_free);
  g_clear_pointer (&self->c0_t, gsl_vector_free);
  g_clear_pointer (&self->c0_tt, gsl_vector_free);
  for (guint j = 0; self->lambda != NULL && j < self->r; j++)
    g_array_unref (self->lambda[j]);
  g_free (self->lambda);
  for (guint i = 0; self->q != NULL && i < self->n; i++)
    {
      g_array_unref (self->q[i]);
      g_array_unref (self->vel[i]);
    }
  g_free (self->q);
  g_free (self->vel);
  for (guint i = 0; i < self->instants->len; i++)
    g_free (g_array_index (self->instants, LzProgramInstant, i).text);
  g_array_unref (self->instants);
  for (guint i = 0; i < self->restarts->len; i++)
    {
      g_free (g_array_index (self->restarts, Restart, i).y);
      g_free (g_array_index (self->restarts, Restart, i).branch);
    }
  g_array_unref (self->restarts);
  g_array_unref (self->times);
  g_clear_error (&self->run_error);
  lz_model_unref (self->model);
  g_free (self);
}

/** lz_program_analysis_get_program: Returns: (transfer none): the formulation */
const LzProgram *
lz_program_analysis_get_program (const LzProgramAnalysis *self)
{
  return self->program;
}

/** lz_program_analysis_get_realization: Returns: orthogonal, mixed or tangent */
LzRealization
lz_program_analysis_get_realization (const LzProgramAnalysis *self)
{
  return self->program->realization;
}

/**
 * lz_program_analysis_get_index:
 * @self: an analysis
 *
 * Returns: the index s (0 for an orthogonal realization, 1 or 2), or
 *   G_MAXUINT when it exceeds 2 or the motion is not controllable
 */
guint
lz_program_analysis_get_index (const LzProgramAnalysis *self)
{
  return self->index;
}

/** lz_program_analysis_is_realizable: Returns: whether λ(t) was synthesized */
gboolean
lz_program_analysis_is_realizable (const LzProgramAnalysis *self)
{
  return self->failure == NULL;
}

/** lz_program_analysis_get_failure: Returns: (nullable): why not, in words */
const char *
lz_program_analysis_get_failure (const LzProgramAnalysis *self)
{
  return self->failure;
}

/**
 * lz_program_analysis_dup_explanation:
 * @self: an analysis
 *
 * Returns: (transfer full): the explanation, one sentence per line: each
 *   prescribed motion, how it is realized and through which elements, and
 *   what is assumed of each nonsmooth element
 */
char **
lz_program_analysis_dup_explanation (const LzProgramAnalysis *self)
{
  char **lines = g_new0 (char *, self->explanation->len + 1);

  for (guint i = 0; i < self->explanation->len; i++)
    lines[i] = g_strdup (self->explanation->pdata[i]);
  return lines;
}

guint
lz_program_analysis_get_n_actuators (const LzProgramAnalysis *self)
{
  return self->r;
}

const char *
lz_program_analysis_get_actuator_id (const LzProgramAnalysis *self,
                                     guint                    j)
{
  g_return_val_if_fail (j < self->r, NULL);
  return self->act_id[j];
}

guint
lz_program_analysis_get_n_prescribed (const LzProgramAnalysis *self)
{
  return self->m;
}

const char *
lz_program_analysis_get_prescribed_id (const LzProgramAnalysis *self,
                                       guint                    i)
{
  g_return_val_if_fail (i < self->m, NULL);
  return self->pres_id[i];
}

/** lz_program_analysis_get_n_samples: Returns: the grid size (0 if not realizable) */
guint
lz_program_analysis_get_n_samples (const LzProgramAnalysis *self)
{
  return self->failure == NULL ? self->times->len : 0;
}

/** lz_program_analysis_get_times: Returns: (transfer none): the grid, s */
const double *
lz_program_analysis_get_times (const LzProgramAnalysis *self)
{
  return (const double *) self->times->data;
}

/**
 * lz_program_analysis_get_lambda:
 * @self: an analysis
 * @j: an actuator (file order)
 *
 * Returns: (transfer none): the required force of actuator @j on the
 *   grid (N or N·m along the body's coordinate)
 */
const double *
lz_program_analysis_get_lambda (const LzProgramAnalysis *self,
                                guint                    j)
{
  g_return_val_if_fail (j < self->r, NULL);
  return (const double *) self->lambda[j]->data;
}

/**
 * lz_program_analysis_get_q:
 * @self: an analysis
 * @dof: a body (file order)
 *
 * Returns: (transfer none): its coordinate on the grid: the prescribed
 *   motion, or the reconstructed motion of a free body
 */
const double *
lz_program_analysis_get_q (const LzProgramAnalysis *self,
                           guint                    dof)
{
  g_return_val_if_fail (dof < self->n, NULL);
  return (const double *) self->q[dof]->data;
}

/** lz_program_analysis_get_v: Returns: (transfer none): its velocity on the grid */
const double *
lz_program_analysis_get_v (const LzProgramAnalysis *self,
                           guint                    dof)
{
  g_return_val_if_fail (dof < self->n, NULL);
  return (const double *) self->vel[dof]->data;
}

/**
 * lz_program_analysis_eval:
 * @self: a realizable analysis
 * @t: a time in [0, t_end]
 * @q: (out caller-allocates) (optional): the positions at @t, n
 * @v: (out caller-allocates) (optional): the velocities, n
 * @lambda: (out caller-allocates) (optional): the required forces, r
 *
 * The program motion and control between the grid points, integrated
 * from the last grid point (or set-valued instant) before @t: for feeding
 * λ(t) back into a simulation.  Not thread-safe on one analysis.
 *
 * Returns: %FALSE if @self is not realizable or @t is out of range
 */
gboolean
lz_program_analysis_eval (const LzProgramAnalysis *self,
                          double                   t,
                          double                  *q,
                          double                  *v,
                          double                  *lambda)
{
  LzProgramAnalysis *mut = (LzProgramAnalysis *) self;
  const Restart *start = NULL;
  guint n = self->n, lo = 0, hi;
  g_autofree double *y = NULL;
  g_autofree double *vdot = NULL;
  g_autofree double *lam = NULL;
  g_autofree int *saved = NULL;
  LzProgramState s;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->failure != NULL || self->restarts->len == 0 || t < 0.0 || t > self->opts.t_end * (1 + 1e-12))
    return FALSE;
  /* the last restart at or before t (restarts are sorted) */
  hi = self->restarts->len;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (self->restarts, Restart, mid).t <= t)
        lo = mid;
      else
        hi = mid;
    }
  start = &g_array_index (self->restarts, Restart, lo);
  y = g_memdup2 (start->y, 2 * n * sizeof (double));
  saved = g_memdup2 (mut->branch, MAX (self->n_el, 1) * sizeof (int));
  memcpy (mut->branch, start->branch, MAX (self->n_el, 1) * sizeof (int));
  ok = integrate (mut, start->t, t, y);
  vdot = g_new0 (double, n + 1);
  lam = g_new0 (double, self->m + 1);
  if (ok)
    {
      eval_state (mut, t, y, &s);
      ok = solve_with_index (mut->program, &s, self->index, vdot, lam, NULL);
    }
  memcpy (mut->branch, saved, MAX (self->n_el, 1) * sizeof (int));
  for (guint i = 0; q != NULL && i < n; i++)
    q[i] = y[i];
  for (guint i = 0; v != NULL && i < n; i++)
    v[i] = y[n + i];
  for (guint j = 0; lambda != NULL && j < self->r; j++)
    lambda[j] = lam[j];
  return ok;
}

/**
 * lz_program_analysis_get_drift:
 * @self: an analysis
 *
 * Returns: the largest violation of the program conditions (prescribed
 *   positions and velocities, g, ġ) found at a grid point before the
 *   projection back onto them: the integration's drift
 */
double
lz_program_analysis_get_drift (const LzProgramAnalysis *self)
{
  return self->drift;
}

guint
lz_program_analysis_get_n_instants (const LzProgramAnalysis *self)
{
  return self->instants->len;
}

/**
 * lz_program_analysis_get_instant:
 * @self: an analysis
 * @i: an index below lz_program_analysis_get_n_instants()
 *
 * Returns: (transfer none): the @i-th set-valued instant, in time order
 */
const LzProgramInstant *
lz_program_analysis_get_instant (const LzProgramAnalysis *self,
                                 guint                    i)
{
  g_return_val_if_fail (i < self->instants->len, NULL);
  return &g_array_index (self->instants, LzProgramInstant, i);
}

/* ------------------------------------------------------------------------ */
/* Exports                                                                  */

static char **
labels (const char *prefix,
        guint       n)
{
  char **out = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    out[i] = g_strdup_printf ("%s%u", prefix, i + 1);
  return out;
}

static char *
index_words (const LzProgramAnalysis *self)
{
  switch (self->index)
    {
    case 0:
      return g_strdup (_("0 — orthogonal: eqs. (3.5) are ODEs and λ follows from eq. (2.4)"));
    case 1:
      return g_strdup (_("1 — [E; R₁] is regular: one differentiation of the balance conditions "
                         "(3.15) gives ODEs; λ from eq. (3.7)"));
    case 2:
      return g_strdup (_("2 — [E; R₁] is singular, [E; R₂] regular: the balance conditions (3.15) "
                         "are differentiated twice; λ from eq. (3.7)"));
    default:
      return g_strdup (_("greater than 2, or not controllable"));
    }
}

/**
 * lz_program_analysis_to_text:
 * @self: an analysis
 *
 * The classification with its explanation, the necessary condition, the
 * index, P, Q, D, U, W, the assumptions, the adjusted initial values, the
 * set-valued instants and a summary of λ(t), for people.
 *
 * Returns: (transfer full): the text
 */
char *
lz_program_analysis_to_text (const LzProgramAnalysis *self)
{
  GString *out = g_string_new (NULL);
  const LzProgram *pr = self->program;
  g_autofree char *idx = index_words (self);
  g_auto(GStrv) dofs = g_new0 (char *, self->n + 1);
  g_auto(GStrv) acts = g_new0 (char *, self->r + 1);
  g_auto(GStrv) pres = g_new0 (char *, self->m + 1);
  g_auto(GStrv) ds = labels ("d", pr->k);
  g_auto(GStrv) us = labels ("u", pr->l);
  g_auto(GStrv) ws = labels ("w", pr->p);

  for (guint i = 0; i < self->n; i++)
    dofs[i] = g_strdup (lz_assembly_get_dof_name (self->assembly, i));
  for (guint j = 0; j < self->r; j++)
    acts[j] = g_strdup (self->act_id[j]);
  for (guint i = 0; i < self->m; i++)
    pres[i] = g_strdup (self->pres_id[i]);

  g_string_append_printf (out, _("Program motion of “%s”: n = %u, m = %u, r = %u (coordinates, "
                                 "prescribed motions, actuators)"),
                          lz_model_get_name (self->model) != NULL ? lz_model_get_name (self->model) : "",
                          self->n, self->m, self->r);
  g_string_append (out, "\n\n");
  g_string_append_printf (out, _("Realization: %s (rank P = %u of m = %u, rank Q = %u)"),
                          lz_realization_to_string (pr->realization), pr->p, pr->m, pr->q);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < self->explanation->len; i++)
    g_string_append_printf (out, "  %s\n", (char *) self->explanation->pdata[i]);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, _("Necessary condition 2m ≤ n + p: %u ≤ %u %s"), 2 * pr->m, pr->n + pr->p,
                          pr->necessary ? _("holds") : _("fails"));
  g_string_append_c (out, '\n');
  if (pr->failure == NULL)
    {
      g_string_append_printf (out, _("Index: %s"), idx);
      g_string_append_c (out, '\n');
    }
  if (self->failure != NULL)
    {
      g_string_append_printf (out, _("Not realizable: %s"), self->failure);
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');

  lz_export_append_matrix (out, "P = B M⁻¹ Cᵀ", pr->gP, pr->r, pr->m, acts, pres);
  lz_export_append_matrix (out, "Q = D Cᵀ", pr->gQ, pr->k, pr->m, ds, pres);
  lz_export_append_matrix (out, "D", pr->gD, pr->k, pr->n, ds, dofs);
  lz_export_append_matrix (out, "U", pr->gU, pr->l, pr->m, us, pres);
  lz_export_append_matrix (out, "W", pr->gW, pr->p, pr->m, ws, pres);

  if (self->adjusted->len > 0)
    {
      g_string_append (out, _("Initial values made consistent with the program"));
      g_string_append_c (out, '\n');
      for (guint i = 0; i < self->adjusted->len; i++)
        g_string_append_printf (out, "  %s\n", (char *) self->adjusted->pdata[i]);
      g_string_append_c (out, '\n');
    }
  if (self->failure == NULL)
    {
      g_string_append (out, _("Set-valued instants"));
      g_string_append_c (out, '\n');
      if (self->instants->len == 0)
        g_string_append_printf (out, "  %s\n", _("none"));
      for (guint i = 0; i < self->instants->len; i++)
        {
          const LzProgramInstant *it = &g_array_index (self->instants, LzProgramInstant, i);

          g_string_append_printf (out, "  t = %.12g  %s\n", it->t, it->text);
        }
      g_string_append_c (out, '\n');
      g_string_append_printf (out, _("Required forces λ(t) on %u samples of [0, %g] s:"),
                              self->times->len, self->opts.t_end);
      g_string_append_c (out, '\n');
      for (guint j = 0; j < self->r; j++)
        {
          const double *l = (const double *) self->lambda[j]->data;
          double lo = INFINITY, hi = -INFINITY;

          for (guint k = 0; k < self->times->len; k++)
            {
              lo = MIN (lo, l[k]);
              hi = MAX (hi, l[k]);
            }
          g_string_append_printf (out, _("  %s on %s: from %.6g to %.6g, λ(0) = %.6g"),
                                  self->act_id[j],
                                  lz_assembly_get_dof_name (self->assembly, self->act_dof[j]),
                                  lo, hi, l[0] + 0.0);
          g_string_append_c (out, '\n');
        }
      g_string_append_printf (out, _("Largest drift from the program before projection: %.3g"),
                              self->drift);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
json_doubles (GString      *out,
              const double *x,
              guint         n)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (i > 0)
        g_string_append (out, ", ");
      if (isfinite (x[i]))
        g_string_append (out, g_ascii_dtostr (buf, sizeof buf, x[i]));
      else
        g_string_append (out, "null");
    }
  g_string_append_c (out, ']');
}

static void
json_matrix_or_null (GString          *out,
                     const gsl_matrix *X,
                     guint             rows,
                     guint             cols)
{
  if (X == NULL)
    g_string_append (out, "[]");
  else
    lz_export_json_matrix (out, X, rows, cols);
}

/**
 * lz_program_analysis_to_json:
 * @self: an analysis
 *
 * The analysis as JSON: "model", "n", "m", "prescribed", "actuators",
 * "realization", "p", "q", "necessary_condition" {"holds", "m2", "n_plus_p"},
 * "index" (null above 2), "realizable", "failure", "explanation",
 * "path" (element ids), "inverted" (freeplay springs inverted by tar),
 * "adjusted", "instants" [{"t", "element", "text"}], "P", "Q", "D", "U",
 * "W", "drift", "t" (the grid), "lambda" {actuator: […]} and "motion"
 * {body: […]} (the prescribed and the reconstructed coordinates).
 *
 * Returns: (transfer full): the JSON text
 */
char *
lz_program_analysis_to_json (const LzProgramAnalysis *self)
{
  GString *out = g_string_new ("{\n  \"model\": ");
  const LzProgram *pr = self->program;
  guint ns = lz_program_analysis_get_n_samples (self);
  gboolean first;

  lz_export_json_string (out, lz_model_get_name (self->model) != NULL ? lz_model_get_name (self->model) : "");
  g_string_append_printf (out, ",\n  \"n\": %u, \"m\": %u,\n  \"prescribed\": ", self->n, self->m);
  lz_export_json_strings (out, (char **) self->pres_id, self->m);
  g_string_append (out, ",\n  \"actuators\": ");
  lz_export_json_strings (out, (char **) self->act_id, self->r);
  g_string_append_printf (out, ",\n  \"realization\": \"%s\", \"p\": %u, \"q\": %u,\n",
                          lz_realization_to_string (pr->realization), pr->p, pr->q);
  g_string_append_printf (out, "  \"necessary_condition\": {\"holds\": %s, \"m2\": %u, \"n_plus_p\": %u},\n",
                          pr->necessary ? "true" : "false", 2 * pr->m, pr->n + pr->p);
  if (self->index <= 2 && pr->failure == NULL)
    g_string_append_printf (out, "  \"index\": %u,\n", self->index);
  else
    g_string_append (out, "  \"index\": null,\n");
  g_string_append_printf (out, "  \"realizable\": %s,\n  \"failure\": ",
                          self->failure == NULL ? "true" : "false");
  if (self->failure != NULL)
    lz_export_json_string (out, self->failure);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\n  \"explanation\": ");
  lz_export_json_strings (out, (char **) self->explanation->pdata, self->explanation->len);
  g_string_append (out, ",\n  \"path\": [");
  first = TRUE;
  for (guint k = 0; k < self->n_el; k++)
    if (self->el[k].in_path)
      {
        if (!first)
          g_string_append (out, ", ");
        lz_export_json_string (out, self->el[k].element->item.id);
        first = FALSE;
      }
  g_string_append (out, "],\n  \"inverted\": [");
  first = TRUE;
  for (guint k = 0; k < self->n_el; k++)
    if (self->el[k].inverted)
      {
        if (!first)
          g_string_append (out, ", ");
        lz_export_json_string (out, self->el[k].element->item.id);
        first = FALSE;
      }
  g_string_append (out, "],\n  \"adjusted\": ");
  lz_export_json_strings (out, (char **) self->adjusted->pdata, self->adjusted->len);
  g_string_append (out, ",\n  \"instants\": [");
  for (guint i = 0; i < self->instants->len; i++)
    {
      const LzProgramInstant *it = &g_array_index (self->instants, LzProgramInstant, i);
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append (out, i > 0 ? ",\n    {\"t\": " : "\n    {\"t\": ");
      g_string_append (out, g_ascii_dtostr (buf, sizeof buf, it->t));
      g_string_append (out, ", \"element\": ");
      lz_export_json_string (out, it->element);
      g_string_append (out, ", \"text\": ");
      lz_export_json_string (out, it->text);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n  \"P\": ");
  json_matrix_or_null (out, pr->gP, pr->r, pr->m);
  g_string_append (out, ",\n  \"Q\": ");
  json_matrix_or_null (out, pr->gQ, pr->k, pr->m);
  g_string_append (out, ",\n  \"D\": ");
  json_matrix_or_null (out, pr->gD, pr->k, pr->n);
  g_string_append (out, ",\n  \"U\": ");
  json_matrix_or_null (out, pr->gU, pr->l, pr->m);
  g_string_append (out, ",\n  \"W\": ");
  json_matrix_or_null (out, pr->gW, pr->p, pr->m);
  g_string_append (out, ",\n  \"drift\": ");
  lz_export_json_number (out, self->drift);
  g_string_append (out, ",\n  \"t\": ");
  json_doubles (out, (const double *) self->times->data, ns);
  g_string_append (out, ",\n  \"lambda\": {");
  for (guint j = 0; j < self->r; j++)
    {
      g_string_append (out, j > 0 ? ",\n    " : "\n    ");
      lz_export_json_string (out, self->act_id[j]);
      g_string_append (out, ": ");
      json_doubles (out, (const double *) self->lambda[j]->data, ns);
    }
  g_string_append (out, "},\n  \"motion\": {");
  for (guint i = 0; i < self->n; i++)
    {
      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      lz_export_json_string (out, lz_assembly_get_dof_name (self->assembly, i));
      g_string_append (out, ": ");
      json_doubles (out, (const double *) self->q[i]->data, ns);
    }
  g_string_append (out, "}\n}\n");
  return g_string_free (out, FALSE);
}

/**
 * lz_program_analysis_to_csv:
 * @self: an analysis
 *
 * λ(t) as CSV: the header `t,<actuator id>,…`, one row per grid point,
 * numbers in the C locale with 17 significant digits.
 *
 * Returns: (transfer full): the CSV text (the header only when not
 *   realizable)
 */
char *
lz_program_analysis_to_csv (const LzProgramAnalysis *self)
{
  GString *out = g_string_new ("t");
  guint ns = lz_program_analysis_get_n_samples (self);

  for (guint j = 0; j < self->r; j++)
    g_string_append_printf (out, ",%s", self->act_id[j]);
  g_string_append_c (out, '\n');
  for (guint k = 0; k < ns; k++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g",
                                             g_array_index (self->times, double, k)));
      for (guint j = 0; j < self->r; j++)
        {
          g_string_append_c (out, ',');
          g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g",
                                                 g_array_index (self->lambda[j], double, k)));
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}
