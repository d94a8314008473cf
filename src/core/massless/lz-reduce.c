/* lz-reduce.c — singular M, C, K: the pencil test, the reduction to a
 * regular system and the Jordan structure (paper 002)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For M q̈ + C q̇ + K q ∈ f + F with M singular (massless joints):
 *
 *  1. The pencil (Theorem 3.1): some λ with P(λ) = det(λ²M + λC + K) ≠ 0.
 *     λ is tried in a fixed list (1 first, as the paper's examples use);
 *     regularity is decided on the diagonally equilibrated matrix.  When
 *     every λ fails, ker(M + C + K) names the motion nothing resists.
 *  2. Section 4: with N₁ = def(λM + C), N₂ = def(M) − N₁, N₃ = rank M, the
 *     orthonormal U = (U₁ U₂ U₃) has U₁ a basis of ker(λM + C), (U₁ U₂) of
 *     ker M and U₃ of (ker M)⊥.  Each block is the span of coordinate unit
 *     vectors whenever it can be (it always can for a model: M is
 *     diagonal), so that q̃ = U₃ᵀq are the coordinates of the bodies with
 *     mass, as in the paper's examples.  Every assumption (4.1)–(4.7) is
 *     checked and reported; Corollary 4.5 (N₂ > 0) or 4.6 (N₂ = 0) gives
 *
 *         S = U (−K₁₁⁻¹K₁₃; −C₂₂⁻¹C₂₃; I),  M̃ = SᵀMS, C̃ = SᵀCS, K̃ = SᵀKS,
 *
 *     and q = S q̃ + U₁K₁₁⁻¹U₁ᵀ f(t) + U₂c₂ reconstructs the massless
 *     coordinates (the load on the stiffness-held ones shifts them; c₂, a
 *     constant of integration of the damping-held ones, comes from q(0)).
 *     N₁ = 0 (every massless coordinate damped) is Corollary 4.5 with an
 *     empty first block.
 *  3. Section 2: the Jordan structure of Ê_λ = (λE − A)⁻¹E for the
 *     first-order form (3.2).  ker Ê^k is computed as ker((I − P_{k−1})Ê),
 *     P_{k−1} the projector on ker Ê^{k−1}, never from powers of Ê (whose
 *     small eigenvalues would drown): the dimensions d_k give the number of
 *     nilpotent blocks of size ≥ k, d_k − d_{k−1}.
 *
 * For a model the nonsmooth elements and the loads are checked too: the
 * reduction needs the nonsmooth elements on kept coordinates only (as in
 * Examples 5.1 and 5.3) and no load on damping-held joints (its time
 * integral would enter the reconstruction).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>

#include "lz-assembler.h"
#include "lz-dense.h"
#include "lz-export-private.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-nodes-private.h"
#include "lz-notes-private.h"
#include "lz-reduce.h"
#include "lz-reduce-private.h"

/* ------------------------------------------------------------------------ */
/* The pencil (the dense kit: solve/lz-dense)                               */

/* λ²M + λC + K */
static gsl_matrix *
pencil_at (const LzReduction *self,
           double             lambda)
{
  return lz_dense_combine (lambda * lambda, self->M, lambda, self->C, 1.0, self->K);
}

/* Regular after diagonal equilibration (so that stiff springs next to
 * light bodies do not look singular). */
static gboolean
regular (const gsl_matrix *Q)
{
  g_autoptr(gsl_matrix) D = lz_dense_dup (Q);
  g_autoptr(gsl_matrix) V = gsl_matrix_alloc (Q->size1, Q->size1);
  g_autoptr(gsl_vector) s = gsl_vector_alloc (Q->size1);
  g_autofree double *d = g_new (double, Q->size1);

  for (size_t i = 0; i < Q->size1; i++)
    {
      double r = 0;

      for (size_t j = 0; j < Q->size2; j++)
        r = MAX (r, fabs (gsl_matrix_get (Q, i, j)));
      d[i] = r > 0 ? 1 / sqrt (r) : 1;
    }
  for (size_t i = 0; i < Q->size1; i++)
    for (size_t j = 0; j < Q->size2; j++)
      gsl_matrix_set (D, i, j, d[i] * gsl_matrix_get (Q, i, j) * d[j]);
  lz_dense_svd (D, V, s);
  return gsl_vector_max (s) > 0 && gsl_vector_min (s) > LZ_REDUCE_PENCIL_TOL * gsl_vector_max (s);
}

/* ------------------------------------------------------------------------ */
/* Words                                                                     */

static void
assumption_clear (gpointer data)
{
  LzAssumption *a = data;

  g_free (a->text);
}

static void G_GNUC_PRINTF (4, 5)
add_assumption (LzReduction *self,
                const char  *label,
                gboolean     holds,
                const char  *format,
                ...)
{
  LzAssumption a = { label, holds, NULL };
  va_list args;

  va_start (args, format);
  a.text = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (self->assumptions, a);
}

/* A number for people, with no rounding noise for 0 */
char *
lz_reduction_number (double v)
{
  return lz_number_to_string (fabs (v) < LZ_REDUCE_PRINT_TOL ? 0.0 : v);
}

/* A subspace in words: "“joint1”, “joint2”" when it is spanned by
 * coordinates, else its basis vectors "(0.7071·q_a + 0.7071·q_b)". */
static char *
describe_basis (const LzReduction *self,
                const gsl_matrix  *X)
{
  GString *out = g_string_new (NULL);
  g_autoptr(gsl_matrix) Y = NULL;

  if (X == NULL)
    return g_string_free (out, FALSE);
  Y = lz_dense_dup (X);
  lz_dense_canonical_basis (Y, LZ_REDUCE_UNIT_ROW_TOL);
  for (size_t j = 0; j < Y->size2; j++)
    {
      guint terms = 0;
      GString *v = g_string_new (NULL);
      int only = -1;

      for (size_t i = 0; i < Y->size1; i++)
        {
          double x = gsl_matrix_get (Y, i, j);
          g_autofree char *c = NULL;

          if (fabs (x) < LZ_REDUCE_SHOWN_TOL)
            continue;
          only = (int) i;
          c = lz_reduction_number (fabs (x));
          g_string_append_printf (v, "%s%s·q_%s", terms == 0 ? (x < 0 ? "−" : "") : (x < 0 ? " − " : " + "),
                                  c, self->names[i]);
          terms++;
        }
      if (j > 0)
        g_string_append (out, ", ");
      if (terms == 1 && fabs (fabs (gsl_matrix_get (Y, only, j)) - 1) < LZ_REDUCE_SHOWN_TOL)
        g_string_append_printf (out, C_("id", "“%s”"), self->names[only]);
      else
        g_string_append_printf (out, "(%s)", v->str);
      g_string_free (v, TRUE);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* The analysis                                                              */

static gboolean
jordan_structure (LzReduction *self)
{
  guint n = self->n, nn = 2 * n;
  g_autoptr(gsl_matrix) E = gsl_matrix_calloc (nn, nn);
  g_autoptr(gsl_matrix) L = gsl_matrix_calloc (nn, nn);
  g_autoptr(gsl_matrix) Ehat = NULL;
  g_autoptr(gsl_matrix) basis = NULL;
  g_autoptr(GArray) dims = g_array_new (FALSE, TRUE, sizeof (guint));
  guint zero = 0;

  /* E = diag(I, M), A = (0 I; −K −C), λE − A = (λI −I; K λM + C) */
  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (E, i, i, 1.0);
      gsl_matrix_set (L, i, i, self->lambda);
      gsl_matrix_set (L, i, n + i, -1.0);
      for (guint j = 0; j < n; j++)
        {
          gsl_matrix_set (E, n + i, n + j, gsl_matrix_get (self->M, i, j));
          gsl_matrix_set (L, n + i, j, gsl_matrix_get (self->K, i, j));
          gsl_matrix_set (L, n + i, n + j, self->lambda * gsl_matrix_get (self->M, i, j)
                                           + gsl_matrix_get (self->C, i, j));
        }
    }
  Ehat = lz_dense_solve (L, E, LZ_REDUCE_PIVOT_TOL);
  if (Ehat == NULL)
    {
      /* stiffnesses (or dampings) spanning more orders of magnitude than
       * the pivot tolerance takes: no structure rather than a wrong one */
      self->jordan_unknown = TRUE;
      return FALSE;
    }

  g_array_append_val (dims, zero);
  for (guint k = 1; k <= nn; k++)
    {
      g_autoptr(gsl_matrix) X = lz_dense_dup (Ehat);
      gsl_matrix *next = NULL;
      guint d;

      if (basis != NULL)
        {
          g_autoptr(gsl_matrix) BtE = lz_dense_mul (CblasTrans, basis, CblasNoTrans, Ehat);

          gsl_blas_dgemm (CblasNoTrans, CblasNoTrans, -1.0, basis, BtE, 1.0, X);
        }
      d = lz_dense_kernel (X, LZ_REDUCE_RANK_TOL, &next);
      g_clear_pointer (&basis, gsl_matrix_free);
      basis = next;
      if (d <= g_array_index (dims, guint, k - 1))
        break;
      g_array_append_val (dims, d);
    }

  self->index = dims->len - 1;
  self->nilpotent_dim = g_array_index (dims, guint, self->index);
  self->regular_dim = nn - self->nilpotent_dim;
  /* blocks of size ≥ k: d_k − d_{k−1}; of size exactly k: the difference */
  for (guint k = self->index; k >= 1; k--)
    {
      guint ge = g_array_index (dims, guint, k) - g_array_index (dims, guint, k - 1);
      guint ge_next = k < self->index
                      ? g_array_index (dims, guint, k + 1) - g_array_index (dims, guint, k) : 0;

      for (guint b = 0; b < ge - ge_next; b++)
        g_array_append_val (self->blocks, k);
    }
  return TRUE;
}

static void
singular_pencil (LzReduction *self)
{
  g_autoptr(gsl_matrix) Q = pencil_at (self, 1.0);
  g_autofree char *what = NULL;

  self->kind = LZ_REDUCTION_SINGULAR_PENCIL;
  lz_dense_kernel (Q, LZ_REDUCE_RANK_TOL, &self->pencil_kernel);
  lz_notes_add (self->notes, _("det(λ²M + λC + K) = 0 for every λ (paper 002, Theorem 3.1): the matrices "
                               "leave a motion undetermined, and the model cannot be simulated as it is."));
  if (self->pencil_kernel != NULL)
    {
      what = describe_basis (self, self->pencil_kernel);
      lz_notes_add (self->notes, _("No mass, damping or stiffness resists the motion of %s."), what);
    }
}

/* What the analysis of a regular pencil works on (paper 002, §4): the
 * kernels, U's blocks, and λ as the paper writes it. */
typedef struct
{
  char       *lambda_text;   /* "M + C" for λ = 1, "2M + C" for λ = 2 */
  char       *lambda2_text;  /* the same for λ² */
  guint       dz;            /* def M */
  int         n2;            /* dz − N₁, negative when ker(λM + C) ⊄ ker M */
  gsl_matrix *Z;             /* ker M */
  gsl_matrix *X1;            /* ker(λM + C) */
  gsl_matrix *X2;            /* ker(λ²M + K) */
  gsl_matrix *U1, *U2, *U3;
} Kernels;

static void
kernels_clear (Kernels *k)
{
  gsl_matrix **bases[] = { &k->Z, &k->X1, &k->X2, &k->U1, &k->U2, &k->U3 };

  g_free (k->lambda_text);
  g_free (k->lambda2_text);
  for (guint i = 0; i < G_N_ELEMENTS (bases); i++)
    g_clear_pointer (bases[i], gsl_matrix_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Kernels, kernels_clear)

/* λ from a fixed list (1 first, as the paper's examples use) with the
 * pencil regular; FALSE when every one fails. */
static gboolean
find_lambda (LzReduction *self)
{
  static const double candidates[] = { 1, 2, 0.5, 3, 1.0 / 3, 10, 0.1, 7.3, 0.137, 100, 0.01 };

  for (guint i = 0; i < G_N_ELEMENTS (candidates) && !self->pencil_regular; i++)
    {
      g_autoptr(gsl_matrix) P = pencil_at (self, candidates[i]);

      if (regular (P))
        {
          self->pencil_regular = TRUE;
          self->lambda = candidates[i];
        }
    }
  return self->pencil_regular;
}

/* M is regular: S = I and the reduced matrices are the model's. */
static void
not_needed (LzReduction *self)
{
  guint n = self->n;

  self->kind = LZ_REDUCTION_NOT_NEEDED;
  self->n3 = n;
  self->U = lz_dense_identity (n);
  self->S = lz_dense_dup (self->U);
  self->Mr = lz_dense_dup (self->M);
  self->Cr = lz_dense_dup (self->C);
  self->Kr = lz_dense_dup (self->K);
  self->kept = g_new (int, n);
  for (guint i = 0; i < n; i++)
    self->kept[i] = i;
  lz_notes_add (self->notes, _("M is regular: every coordinate has mass, nothing to reduce."));
}

/* (4.3): ker(λ²M + K) ⊥ ker(λM + C), and together they make ker M. */
static gboolean
kernels_split_ker_M (const LzReduction *self,
                     const Kernels     *k)
{
  g_autoptr(gsl_matrix) cross = NULL;
  guint d2 = k->X2 != NULL ? k->X2->size2 : 0;
  gboolean perp, sum;

  if (k->X1 != NULL && k->X2 != NULL)
    cross = lz_dense_mul (CblasTrans, k->X1, CblasNoTrans, k->X2);
  perp = cross == NULL || lz_dense_max_abs (cross) <= LZ_REDUCE_CHECK_TOL;
  sum = d2 + self->n1 == k->dz && lz_dense_annihilates (self->M, k->X2, LZ_REDUCE_CHECK_TOL);
  if (sum && k->X1 != NULL && k->X2 != NULL)
    {
      g_autoptr(gsl_matrix) both = lz_dense_hstack (self->n, k->X1, k->X2, NULL);

      sum = lz_dense_rank (both, LZ_REDUCE_RANK_TOL) == k->dz;
    }
  return perp && sum;
}

/* The assumptions (4.1)–(4.4) of Theorem 4.2 and Corollary 4.5, or
 * (4.5)–(4.6) of Theorem 4.4 and Corollary 4.6 when N₂ = 0: N₁, N₂, N₃
 * and the kernels they need. */
static void
check_assumptions (LzReduction *self,
                   Kernels     *k)
{
  double l = self->lambda;
  g_autoptr(gsl_matrix) LMC = lz_dense_combine (l, self->M, 1.0, self->C, 0, NULL);
  g_autoptr(gsl_matrix) L2MK = lz_dense_combine (l * l, self->M, 1.0, self->K, 0, NULL);
  g_autoptr(gsl_matrix) Mt = lz_dense_transpose (self->M);
  g_autoptr(gsl_matrix) Ct = lz_dense_transpose (self->C);
  g_autoptr(gsl_matrix) LMCt = lz_dense_combine (l, self->M, 1.0, Ct, 0, NULL);
  gboolean a41, a42i, a42ii, corollary46;

  self->n1 = lz_dense_kernel (LMC, LZ_REDUCE_RANK_TOL, &k->X1);
  k->n2 = (int) k->dz - (int) self->n1;
  self->n2 = MAX (k->n2, 0);
  self->n3 = self->n - k->dz;
  lz_dense_kernel (L2MK, LZ_REDUCE_RANK_TOL, &k->X2);

  a41 = lz_dense_same_kernel (Mt, k->Z, k->dz, LZ_REDUCE_RANK_TOL, LZ_REDUCE_CHECK_TOL);
  a42i = lz_dense_annihilates (self->M, k->X1, LZ_REDUCE_CHECK_TOL);
  a42ii = lz_dense_same_kernel (LMCt, k->X1, self->n1, LZ_REDUCE_RANK_TOL, LZ_REDUCE_CHECK_TOL);
  corollary46 = self->n2 == 0 && k->n2 == 0;
  add_assumption (self, corollary46 ? "(4.5)" : "(4.1)", a41, a41 ? _("ker M = ker Mᵀ") : _("ker M ≠ ker Mᵀ"));
  add_assumption (self, corollary46 ? "(4.6)(i)" : "(4.2)(i)", a42i,
                  a42i ? _("ker(%sM + C) ⊂ ker M") : _("ker(%sM + C) ⊄ ker M"),
                  k->lambda_text);
  add_assumption (self, corollary46 ? "(4.6)(ii)" : "(4.2)(ii)", a42ii,
                  a42ii ? _("ker(%sM + C) = ker(%sM + Cᵀ)") : _("ker(%sM + C) ≠ ker(%sM + Cᵀ)"),
                  k->lambda_text, k->lambda_text);
  if (corollary46)
    {
      add_assumption (self, "(4.6)(iii)", TRUE, _("N₁ = N₁ + N₂ = %u > 0"), self->n1);
      return;
    }
  add_assumption (self, "(4.2)(iii)", self->n1 > 0 && k->n2 > 0,
                  self->n1 > 0 ? _("N₁ = %u > 0, N₂ = %d > 0")
                               : _("N₁ = %u, N₂ = %d: no massless coordinate is held by "
                                   "stiffness alone; the reduction goes on with an empty "
                                   "first block of U"),
                  self->n1, k->n2);
  {
    gboolean split = kernels_split_ker_M (self, k);
    guint d2 = k->X2 != NULL ? k->X2->size2 : 0;
    g_autoptr(gsl_matrix) Kt = lz_dense_transpose (self->K);
    g_autoptr(gsl_matrix) L2MKt = lz_dense_combine (l * l, self->M, 1.0, Kt, 0, NULL);
    gboolean a44 = lz_dense_same_kernel (L2MKt, k->X2, d2, LZ_REDUCE_RANK_TOL, LZ_REDUCE_CHECK_TOL);

    add_assumption (self, "(4.3)", split,
                    split ? _("ker(%sM + K) ⊥ ker(%sM + C) and together they make ker M")
                    : _("ker(%sM + K) and ker(%sM + C) are not orthogonal parts of ker M: a "
                        "massless coordinate is held by both stiffness and damping"),
                    k->lambda2_text, k->lambda_text);
    add_assumption (self, "(4.4)", a44,
                    a44 ? _("ker(%sM + K) = ker(%sM + Kᵀ)") : _("ker(%sM + K) ≠ ker(%sM + Kᵀ)"),
                    k->lambda2_text, k->lambda2_text);
  }
}

/* U = (U₁ U₂ U₃), each block coordinate unit vectors where it can be;
 * the assumption (H_U) (or (4.7)) on it, and which coordinate each q̃_j
 * is. */
static void
build_U (LzReduction *self,
         Kernels     *k)
{
  guint n = self->n;
  g_autoptr(gsl_matrix) Q = pencil_at (self, self->lambda);
  g_autoptr(gsl_matrix) UQU = NULL;
  gboolean hu;

  k->U1 = k->X1 != NULL ? lz_dense_dup (k->X1) : NULL;
  if (k->U1 != NULL)
    lz_dense_canonical_basis (k->U1, LZ_REDUCE_UNIT_ROW_TOL);
  k->U2 = lz_dense_complement_within (k->Z, k->U1);
  if (k->U2 != NULL)
    lz_dense_canonical_basis (k->U2, LZ_REDUCE_UNIT_ROW_TOL);
  k->U3 = lz_dense_orthogonal_complement (k->Z, n, LZ_REDUCE_RANK_TOL);
  if (k->U3 != NULL)
    lz_dense_canonical_basis (k->U3, LZ_REDUCE_UNIT_ROW_TOL);
  self->U = lz_dense_hstack (n, k->U1, k->U2, k->U3);
  UQU = lz_dense_congruence (self->U, Q);
  hu = lz_dense_leading_minors_nonzero (UQU, LZ_REDUCE_PIVOT_TOL);
  add_assumption (self, self->n2 == 0 ? "(4.7)" : "(H_U)", hu,
                  hu ? _("every leading principal minor of Uᵀ(%sM + %sC + K)U is non-zero")
                     : _("a leading principal minor of Uᵀ(%sM + %sC + K)U vanishes"),
                  k->lambda2_text, k->lambda_text);

  self->kept = g_new (int, MAX (self->n3, 1));
  for (guint j = 0; j < self->n3; j++)
    {
      self->kept[j] = -1;
      for (guint i = 0; i < n; i++)
        if (fabs (gsl_matrix_get (k->U3, i, j) - 1) < LZ_REDUCE_BASIS_TOL)
          self->kept[j] = i;
    }
}

/* Whether every assumption the reduction needs holds: (iii) only names
 * the case; (H_U) and (4.7) only guarantee K₁₁, C₂₂ regular, which
 * build_S() checks. */
static gboolean
required_assumptions_hold (const LzReduction *self)
{
  for (guint i = 0; i < self->assumptions->len; i++)
    {
      const LzAssumption *a = &g_array_index (self->assumptions, LzAssumption, i);

      if (!a->holds && strcmp (a->label, "(4.2)(iii)") != 0 && strcmp (a->label, "(H_U)") != 0
          && strcmp (a->label, "(4.7)") != 0)
        return FALSE;
    }
  return TRUE;
}

/* One block of S: the massless coordinates R0 … R0 + ROWS − 1 of U held
 * by the matrix X (Uᵀ K U or Uᵀ C U), −X₁₁⁻¹X₁₃ into COEF's rows; X₁₁ in
 * *X11 if asked.  FALSE (with the note SINGULAR) when X₁₁ is singular. */
static gboolean
held_block (LzReduction      *self,
            const Kernels    *k,
            const gsl_matrix *UXU,
            guint             r0,
            guint             rows,
            gsl_matrix       *coef,
            const char       *singular,
            gsl_matrix      **X11)
{
  g_autoptr(gsl_matrix) A = lz_dense_block (UXU, r0, rows, r0, rows);
  g_autoptr(gsl_matrix) B = lz_dense_block (UXU, r0, rows, k->dz, self->n3);
  g_autoptr(gsl_matrix) block = lz_dense_solve (A, B, LZ_REDUCE_PIVOT_TOL);
  gsl_matrix_view dst;

  if (block == NULL)
    {
      lz_notes_add (self->notes, "%s", singular);
      return FALSE;
    }
  gsl_matrix_scale (block, -1.0);
  dst = gsl_matrix_submatrix (coef, r0, 0, rows, self->n3);
  gsl_matrix_memcpy (&dst.matrix, block);
  if (X11 != NULL)
    *X11 = g_steal_pointer (&A);
  return TRUE;
}

/* S = U (−K₁₁⁻¹K₁₃; −C₂₂⁻¹C₂₃; I) and R₁; FALSE when a block is singular. */
static gboolean
build_S (LzReduction   *self,
         const Kernels *k)
{
  g_autoptr(gsl_matrix) UCU = lz_dense_congruence (self->U, self->C);
  g_autoptr(gsl_matrix) UKU = lz_dense_congruence (self->U, self->K);
  g_autoptr(gsl_matrix) coef = gsl_matrix_calloc (self->n, self->n3);
  gsl_matrix_view id = gsl_matrix_submatrix (coef, k->dz, 0, self->n3, self->n3);

  gsl_matrix_set_identity (&id.matrix);
  if (self->n1 > 0)
    {
      g_autoptr(gsl_matrix) K11 = NULL, U1t = NULL, K11invU1t = NULL;

      if (!held_block (self, k, UKU, 0, self->n1, coef,
                       _("K₁₁ is singular: the stiffness-held massless coordinates are not "
                         "determined by the others."), &K11))
        return FALSE;
      /* R₁ = U₁K₁₁⁻¹U₁ᵀ puts the loads on them back */
      U1t = lz_dense_transpose (k->U1);
      K11invU1t = lz_dense_solve (K11, U1t, LZ_REDUCE_PIVOT_TOL);
      self->R1 = lz_dense_mul (CblasNoTrans, k->U1, CblasNoTrans, K11invU1t);
    }
  if (self->n2 > 0 && !held_block (self, k, UCU, self->n1, self->n2, coef,
                                   _("C₂₂ is singular: the damping-held massless coordinates are "
                                     "not determined by the others."), NULL))
    return FALSE;
  self->S = lz_dense_mul (CblasNoTrans, self->U, CblasNoTrans, coef);
  return TRUE;
}

/* Paper 002 on M, C, K: the pencil test (Theorem 3.1), the Jordan
 * structure (§2), the assumptions of §4 and, when they hold, S and the
 * reduced matrices (Corollary 4.5 or 4.6). */
static void
analyse (LzReduction *self)
{
  g_auto(Kernels) k = { 0 };

  if (!find_lambda (self))
    {
      singular_pencil (self);
      return;
    }
  k.lambda_text = self->lambda == 1 ? g_strdup ("") : lz_reduction_number (self->lambda);
  k.lambda2_text = self->lambda == 1 ? g_strdup ("") : lz_reduction_number (self->lambda * self->lambda);
  jordan_structure (self);

  k.dz = lz_dense_kernel (self->M, LZ_REDUCE_RANK_TOL, &k.Z);
  if (k.dz == 0)
    {
      not_needed (self);
      return;
    }
  check_assumptions (self, &k);
  if (!lz_dense_annihilates (self->M, k.X1, LZ_REDUCE_CHECK_TOL) || k.n2 < 0)
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }
  build_U (self, &k);
  if (!required_assumptions_hold (self))
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }
  if (self->n3 == 0)
    {
      /* every coordinate massless: no second-order system is left */
      lz_notes_add (self->notes, _("Every coordinate is massless: no second-order system is left "
                                   "to reduce to; the node equations below give the motion."));
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }
  if (!build_S (self, &k))
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }
  self->kind = self->n2 == 0 ? LZ_REDUCTION_COROLLARY_4_6 : LZ_REDUCTION_COROLLARY_4_5;
  self->Mr = lz_dense_congruence (self->S, self->M);
  self->Cr = lz_dense_congruence (self->S, self->C);
  self->Kr = lz_dense_congruence (self->S, self->K);
}

static void
describe (LzReduction *self)
{
  double l = self->lambda;
  g_autofree char *lambda_text = l == 1 ? g_strdup ("") : lz_reduction_number (l);
  g_autofree char *lambda2_text = l == 1 ? g_strdup ("") : lz_reduction_number (l * l);

  switch (self->kind)
    {
    case LZ_REDUCTION_COROLLARY_4_5:
    case LZ_REDUCTION_COROLLARY_4_6:
      {
        g_autoptr(gsl_matrix) U1 = NULL, U2 = NULL, U3 = NULL;
        g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL;
        guint nz = self->n1 + self->n2;

        if (self->n1 > 0)
          U1 = lz_dense_block (self->U, 0, self->n, 0, self->n1);
        if (self->n2 > 0)
          U2 = lz_dense_block (self->U, 0, self->n, self->n1, self->n2);
        U3 = lz_dense_block (self->U, 0, self->n, nz, self->n3);
        s1 = describe_basis (self, U1);
        s2 = describe_basis (self, U2);
        s3 = describe_basis (self, U3);
        lz_notes_add (self->notes, _("The pencil is regular: det(%sM + %sC + K) ≠ 0 (paper 002, Theorem 3.1)."),
                      lambda2_text, lambda_text);
        if (self->n1 > 0)
          lz_notes_add (self->notes, _("Held by stiffness alone (N₁ = %u, eliminated through K₁₁): %s."),
                        self->n1, s1);
        if (self->n2 > 0)
          lz_notes_add (self->notes, _("Held by damping alone (N₂ = %u, eliminated through C₂₂): %s."),
                        self->n2, s2);
        lz_notes_add (self->notes, _("Kept, with mass (N₃ = %u): %s."), self->n3, s3);
        lz_notes_add (self->notes, self->kind == LZ_REDUCTION_COROLLARY_4_5
                                   ? _("Corollary 4.5 applies: q = S q̃ and SᵀMS is regular.")
                                   : _("Corollary 4.6 applies: q = S q̃ and SᵀMS is regular."));
        break;
      }
    case LZ_REDUCTION_NOT_REDUCIBLE:
      lz_notes_add (self->notes, _("The pencil is regular: det(%sM + %sC + K) ≠ 0 (paper 002, Theorem 3.1)."),
                    lambda2_text, lambda_text);
      break;
    case LZ_REDUCTION_NOT_NEEDED:
    case LZ_REDUCTION_SINGULAR_PENCIL:
    default:
      break;
    }
  if (self->pencil_regular && self->kind != LZ_REDUCTION_NOT_NEEDED && self->jordan_unknown)
    lz_notes_add (self->notes, _("The Jordan form of Ê = (%sE − A)⁻¹E (paper 002, §2) cannot be computed "
                                 "in double precision: %sE − A is numerically singular, the stiffnesses "
                                 "or dampings span too many orders of magnitude; it is not reported."),
                  lambda_text, lambda_text);
  else if (self->pencil_regular && self->kind != LZ_REDUCTION_NOT_NEEDED)
    {
      GString *sizes = g_string_new (NULL);

      for (guint b = 0; b < self->blocks->len; b++)
        g_string_append_printf (sizes, "%s%u", b > 0 ? ", " : "", g_array_index (self->blocks, guint, b));
      lz_notes_add (self->notes, _("Jordan form of Ê = (%sE − A)⁻¹E (paper 002, §2): a regular part of "
                                   "dimension %u and a nilpotent part of dimension %u, index %u, blocks of "
                                   "sizes %s."),
                    lambda_text, self->regular_dim, self->nilpotent_dim, self->index, sizes->str);
      g_string_free (sizes, TRUE);
    }
}

/* A reduction of M, C and K, which it takes (they are its own copies). */
static LzReduction *
reduction_alloc (gsl_matrix        *M,
                 gsl_matrix        *C,
                 gsl_matrix        *K,
                 const char *const *names)
{
  LzReduction *self = g_new0 (LzReduction, 1);

  self->n = M->size1;
  self->M = M;
  self->C = C;
  self->K = K;
  self->names = g_new0 (char *, self->n + 1);
  for (guint i = 0; i < self->n; i++)
    self->names[i] = names != NULL ? g_strdup (names[i]) : g_strdup_printf ("q%u", i + 1);
  self->assumptions = g_array_new (FALSE, TRUE, sizeof (LzAssumption));
  g_array_set_clear_func (self->assumptions, assumption_clear);
  self->notes = g_ptr_array_new_null_terminated (1, g_free, TRUE);
  self->blocks = g_array_new (FALSE, TRUE, sizeof (guint));
  return self;
}

/**
 * lz_reduction_new:
 * @M: the mass matrix (n×n)
 * @C: the damping matrix
 * @K: the stiffness matrix
 * @names: (nullable): n coordinate names, or %NULL for q1 … qn
 *
 * Analyses M q̈ + C q̇ + K q = f as paper 002 does: the pencil test
 * (Theorem 3.1), the reduction of Corollary 4.5 or 4.6 with every
 * assumption checked, and the Jordan structure of Ê_λ (§2).
 *
 * Returns: (transfer full): the analysis
 */
LzReduction *
lz_reduction_new (const gsl_matrix  *M,
                  const gsl_matrix  *C,
                  const gsl_matrix  *K,
                  const char *const *names)
{
  LzReduction *self;

  g_return_val_if_fail (M != NULL && C != NULL && K != NULL, NULL);
  g_return_val_if_fail (M->size1 == M->size2 && M->size1 > 0, NULL);
  g_return_val_if_fail (C->size1 == M->size1 && C->size2 == M->size1, NULL);
  g_return_val_if_fail (K->size1 == M->size1 && K->size2 == M->size1, NULL);

  self = reduction_alloc (lz_dense_dup (M), lz_dense_dup (C), lz_dense_dup (K), names);
  analyse (self);
  describe (self);
  return self;
}

/**
 * lz_reduction_new_for_assembly:
 * @assembly: an assembly; it must outlive the reduction
 *
 * lz_reduction_new() on the assembly's M, C, K with the bodies' names,
 * and the model's part: the reduction applies only when the nonsmooth
 * elements act on kept bodies and no load acts on a damping-held joint
 * (each case is explained in the diagnosis); fr = Sᵀf, the
 * reconstruction includes the loads on stiffness-held joints and the
 * initial positions of damping-held ones.
 *
 * Returns: (transfer full): the analysis
 */
LzReduction *
lz_reduction_new_for_assembly (const LzAssembly *assembly)
{
  LzReduction *self;
  guint n;
  g_autofree const char **names = NULL;

  g_return_val_if_fail (assembly != NULL, NULL);

  n = lz_assembly_get_n_dofs (assembly);
  names = g_new0 (const char *, n + 1);
  for (guint i = 0; i < n; i++)
    names[i] = lz_assembly_get_dof_name (assembly, i);
  self = reduction_alloc (lz_assembly_dense_copy (lz_assembly_get_M_sparse (assembly)),
                          lz_assembly_dense_copy (lz_assembly_get_C_sparse (assembly)),
                          lz_assembly_dense_copy (lz_assembly_get_K_sparse (assembly)), names);
  self->assembly = assembly;
  analyse (self);
  describe (self);
  lz_reduction_check_model (self);
  self->nodes = lz_massless_nodes_analyse (assembly);
  return self;
}

/* Forgets S, M̃, C̃, K̃ and R₁: the reduction does not apply after all. */
void
lz_reduction_clear_reduced (LzReduction *self)
{
  gsl_matrix **reduced[] = { &self->S, &self->Mr, &self->Cr, &self->Kr, &self->R1 };

  for (guint i = 0; i < G_N_ELEMENTS (reduced); i++)
    g_clear_pointer (reduced[i], gsl_matrix_free);
}

void
lz_reduction_free (LzReduction *self)
{
  if (self == NULL)
    return;
  {
    gsl_matrix **matrices[] = { &self->M, &self->C, &self->K, &self->pencil_kernel, &self->U };

    for (guint i = 0; i < G_N_ELEMENTS (matrices); i++)
      g_clear_pointer (matrices[i], gsl_matrix_free);
  }
  lz_reduction_clear_reduced (self);
  g_clear_pointer (&self->offset, gsl_vector_free);
  g_strfreev (self->names);
  g_free (self->kept);
  g_array_unref (self->assumptions);
  g_array_unref (self->blocks);
  g_ptr_array_unref (self->notes);
  g_clear_pointer (&self->nodes, g_ptr_array_unref);
  g_free (self);
}

/* ------------------------------------------------------------------------ */
/* Accessors                                                                 */

LzReductionKind
lz_reduction_get_kind (const LzReduction *self)
{
  return self->kind;
}

/**
 * lz_reduction_is_reduced:
 * @self: an analysis
 *
 * Returns: whether S, M̃, C̃, K̃ exist (M regular counts: S = I)
 */
gboolean
lz_reduction_is_reduced (const LzReduction *self)
{
  return self->kind == LZ_REDUCTION_NOT_NEEDED || self->kind == LZ_REDUCTION_COROLLARY_4_5
         || self->kind == LZ_REDUCTION_COROLLARY_4_6;
}

gboolean
lz_reduction_get_pencil_regular (const LzReduction *self,
                                 double            *lambda)
{
  if (lambda != NULL)
    *lambda = self->lambda;
  return self->pencil_regular;
}

/* A basis of ker(M + C + K) when the pencil is singular, else NULL. */
const gsl_matrix *
lz_reduction_get_pencil_kernel (const LzReduction *self)
{
  return self->pencil_kernel;
}

void
lz_reduction_get_dims (const LzReduction *self,
                       guint             *n1,
                       guint             *n2,
                       guint             *n3)
{
  if (n1 != NULL)
    *n1 = self->n1;
  if (n2 != NULL)
    *n2 = self->n2;
  if (n3 != NULL)
    *n3 = self->n3;
}

guint
lz_reduction_get_n_assumptions (const LzReduction *self)
{
  return self->assumptions->len;
}

const LzAssumption *
lz_reduction_get_assumption (const LzReduction *self,
                             guint              i)
{
  g_return_val_if_fail (i < self->assumptions->len, NULL);
  return &g_array_index (self->assumptions, LzAssumption, i);
}

const gsl_matrix *lz_reduction_get_U (const LzReduction *self) { return self->U; }
const gsl_matrix *lz_reduction_get_S (const LzReduction *self) { return self->S; }
const gsl_matrix *lz_reduction_get_Mr (const LzReduction *self) { return self->Mr; }
const gsl_matrix *lz_reduction_get_Cr (const LzReduction *self) { return self->Cr; }
const gsl_matrix *lz_reduction_get_Kr (const LzReduction *self) { return self->Kr; }

/* The names of q̃: a body's name, or "q̃1" … for combinations. */
char **
lz_reduction_dup_kept (const LzReduction *self)
{
  char **names = g_new0 (char *, self->n3 + 1);

  for (guint j = 0; j < self->n3; j++)
    names[j] = self->kept != NULL && self->kept[j] >= 0 ? g_strdup (self->names[self->kept[j]])
               : g_strdup_printf ("q̃%u", j + 1);
  return names;
}

/* The names of the massless coordinates (ker M spanned by coordinates). */
char **
lz_reduction_dup_eliminated (const LzReduction *self)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < self->n; i++)
    if (lz_reduction_is_massless (self, i))
      g_ptr_array_add (names, g_strdup (self->names[i]));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

char **
lz_reduction_dup_diagnosis (const LzReduction *self)
{
  return g_strdupv ((char **) self->notes->pdata);
}

/**
 * lz_reduction_get_n_nodes:
 * @self: an analysis
 *
 * Returns: the number of massless bodies whose node equations were
 *   classified (0 for bare matrices)
 */
guint
lz_reduction_get_n_nodes (const LzReduction *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->nodes != NULL ? self->nodes->len : 0;
}

/**
 * lz_reduction_get_node:
 * @self: an analysis of a model
 * @i: a node, < lz_reduction_get_n_nodes()
 *
 * The node equation of the i-th massless body (in body order), classified
 * and disentangled with paper 000's theorems: see lz-nodes.c.
 *
 * Returns: (transfer none): the node
 */
const LzMasslessNode *
lz_reduction_get_node (const LzReduction *self,
                       guint              i)
{
  g_return_val_if_fail (self != NULL && i < lz_reduction_get_n_nodes (self), NULL);

  return self->nodes->pdata[i];
}

guint lz_reduction_get_index (const LzReduction *self) { return self->index; }
guint lz_reduction_get_regular_dim (const LzReduction *self) { return self->regular_dim; }
guint lz_reduction_get_nilpotent_dim (const LzReduction *self) { return self->nilpotent_dim; }

const guint *
lz_reduction_get_nilpotent_blocks (const LzReduction *self,
                                   guint             *n_blocks)
{
  *n_blocks = self->blocks->len;
  return (const guint *) self->blocks->data;
}

