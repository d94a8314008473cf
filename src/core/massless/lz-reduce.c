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

#define LZ_COMPILATION
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
#include "lz-reduce.h"

/* Singular values below this fraction of the largest one are zero. */
#define RANK_TOL 1e-10
/* The equilibrated pencil matrix is regular above this reciprocal
 * condition number. */
#define PENCIL_TOL 1e-11
/* A product that must vanish, relative to the matrix's largest entry. */
#define CHECK_TOL 1e-9
/* An LU pivot (or a leading minor's) below this fraction of the matrix's
 * largest entry is zero: the matrix is singular. */
#define PIVOT_TOL 1e-12
/* A row of an orthonormal basis with a squared norm above 1 − this is a
 * coordinate the subspace contains. */
#define UNIT_ROW_TOL 1e-9

struct _LzReduction
{
  guint n;
  gsl_matrix *M, *C, *K;
  char **names;
  const LzAssembly *assembly;        /* borrowed; NULL for bare matrices */

  gboolean pencil_regular;
  double lambda;
  gsl_matrix *pencil_kernel;         /* n×d when the pencil is singular */

  LzReductionKind kind;
  guint n1, n2, n3;
  GArray *assumptions;               /* LzAssumption */
  gsl_matrix *U, *S, *Mr, *Cr, *Kr;
  gsl_matrix *R1;                    /* U₁K₁₁⁻¹U₁ᵀ, n×n, or NULL */
  gsl_vector *offset;                /* U₂c₂, n, or NULL */
  int *kept;                         /* n3: the coordinate of q̃_j, or −1 */
  GPtrArray *notes;                  /* diagnosis, one sentence each */

  guint index, regular_dim, nilpotent_dim;
  GArray *blocks;                    /* guint, descending */

  GPtrArray *nodes;                  /* LzMasslessNode, for a model */
};

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
  return gsl_vector_max (s) > 0 && gsl_vector_min (s) > PENCIL_TOL * gsl_vector_max (s);
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

static void G_GNUC_PRINTF (2, 3)
add_note (LzReduction *self,
          const char  *format,
          ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (self->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

static char *
number (double v)
{
  return lz_number_to_string (fabs (v) < 1e-14 ? 0.0 : v);
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
  lz_dense_canonical_basis (Y, UNIT_ROW_TOL);
  for (size_t j = 0; j < Y->size2; j++)
    {
      guint terms = 0;
      GString *v = g_string_new (NULL);
      int only = -1;

      for (size_t i = 0; i < Y->size1; i++)
        {
          double x = gsl_matrix_get (Y, i, j);
          g_autofree char *c = NULL;

          if (fabs (x) < 1e-9)
            continue;
          only = (int) i;
          c = number (fabs (x));
          g_string_append_printf (v, "%s%s·q_%s", terms == 0 ? (x < 0 ? "−" : "") : (x < 0 ? " − " : " + "),
                                  c, self->names[i]);
          terms++;
        }
      if (j > 0)
        g_string_append (out, ", ");
      if (terms == 1 && fabs (fabs (gsl_matrix_get (Y, only, j)) - 1) < 1e-9)
        g_string_append_printf (out, C_("id", "“%s”"), self->names[only]);
      else
        g_string_append_printf (out, "(%s)", v->str);
      g_string_free (v, TRUE);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* The analysis                                                              */

static void
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
  Ehat = lz_dense_solve (L, E, PIVOT_TOL);
  g_return_if_fail (Ehat != NULL);

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
      d = lz_dense_kernel (X, RANK_TOL, &next);
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
}

static void
singular_pencil (LzReduction *self)
{
  g_autoptr(gsl_matrix) Q = pencil_at (self, 1.0);
  g_autofree char *what = NULL;

  self->kind = LZ_REDUCTION_SINGULAR_PENCIL;
  lz_dense_kernel (Q, RANK_TOL, &self->pencil_kernel);
  add_note (self, _("det(λ²M + λC + K) = 0 for every λ (paper 002, Theorem 3.1): the matrices "
                    "leave a motion undetermined, and the model cannot be simulated as it is."));
  if (self->pencil_kernel != NULL)
    {
      what = describe_basis (self, self->pencil_kernel);
      add_note (self, _("No mass, damping or stiffness resists the motion of %s."), what);
    }
}

static void
analyse (LzReduction *self)
{
  static const double candidates[] = { 1, 2, 0.5, 3, 1.0 / 3, 10, 0.1, 7.3, 0.137, 100, 0.01 };
  guint n = self->n, dz;
  g_autoptr(gsl_matrix) Z = NULL;
  g_autoptr(gsl_matrix) X1 = NULL, X2 = NULL, U1 = NULL, U2 = NULL, U3 = NULL;
  g_autoptr(gsl_matrix) LMC = NULL, LMCt = NULL, L2MK = NULL, L2MKt = NULL, Mt = NULL, Q = NULL;
  g_autoptr(gsl_matrix) UMU = NULL, UCU = NULL, UKU = NULL, UQU = NULL;
  g_autofree char *lambda_text = NULL, *lambda2_text = NULL;
  double l;
  int n2;
  gboolean required, hu;

  for (guint i = 0; i < G_N_ELEMENTS (candidates) && !self->pencil_regular; i++)
    {
      g_autoptr(gsl_matrix) P = pencil_at (self, candidates[i]);

      if (regular (P))
        {
          self->pencil_regular = TRUE;
          self->lambda = candidates[i];
        }
    }
  if (!self->pencil_regular)
    {
      singular_pencil (self);
      return;
    }
  l = self->lambda;
  /* "M + C" for λ = 1, "2M + C" for λ = 2, as the paper writes them */
  lambda_text = l == 1 ? g_strdup ("") : number (l);
  lambda2_text = l == 1 ? g_strdup ("") : number (l * l);
  jordan_structure (self);

  dz = lz_dense_kernel (self->M, RANK_TOL, &Z);
  if (dz == 0)
    {
      self->kind = LZ_REDUCTION_NOT_NEEDED;
      self->n3 = n;
      self->U = gsl_matrix_alloc (n, n);
      gsl_matrix_set_identity (self->U);
      self->S = lz_dense_dup (self->U);
      self->Mr = lz_dense_dup (self->M);
      self->Cr = lz_dense_dup (self->C);
      self->Kr = lz_dense_dup (self->K);
      self->kept = g_new (int, n);
      for (guint i = 0; i < n; i++)
        self->kept[i] = i;
      add_note (self, _("M is regular: every coordinate has mass, nothing to reduce."));
      return;
    }

  LMC = lz_dense_combine (l, self->M, 1.0, self->C, 0, NULL);
  Mt = lz_dense_transpose (self->M);
  {
    g_autoptr(gsl_matrix) Ct = lz_dense_transpose (self->C);
    g_autoptr(gsl_matrix) Kt = lz_dense_transpose (self->K);

    LMCt = lz_dense_combine (l, self->M, 1.0, Ct, 0, NULL);
    L2MK = lz_dense_combine (l * l, self->M, 1.0, self->K, 0, NULL);
    L2MKt = lz_dense_combine (l * l, self->M, 1.0, Kt, 0, NULL);
  }
  self->n1 = lz_dense_kernel (LMC, RANK_TOL, &X1);
  n2 = (int) dz - (int) self->n1;
  self->n2 = MAX (n2, 0);
  self->n3 = n - dz;
  lz_dense_kernel (L2MK, RANK_TOL, &X2);

  {
    gboolean a41 = lz_dense_same_kernel (Mt, Z, dz, RANK_TOL, CHECK_TOL);
    gboolean a42i = lz_dense_annihilates (self->M, X1, CHECK_TOL);
    gboolean a42ii = lz_dense_same_kernel (LMCt, X1, self->n1, RANK_TOL, CHECK_TOL);

    if (self->n2 == 0 && n2 == 0)
      {
        /* Theorem 4.4, Corollary 4.6 */
        add_assumption (self, "(4.5)", a41, a41 ? _("ker M = ker Mᵀ") : _("ker M ≠ ker Mᵀ"));
        add_assumption (self, "(4.6)(i)", a42i,
                        a42i ? _("ker(%sM + C) ⊂ ker M") : _("ker(%sM + C) ⊄ ker M"),
                        lambda_text);
        add_assumption (self, "(4.6)(ii)", a42ii,
                        a42ii ? _("ker(%sM + C) = ker(%sM + Cᵀ)") : _("ker(%sM + C) ≠ ker(%sM + Cᵀ)"),
                        lambda_text, lambda_text);
        add_assumption (self, "(4.6)(iii)", TRUE, _("N₁ = N₁ + N₂ = %u > 0"), self->n1);
      }
    else
      {
        gboolean perp, sum, a44;

        add_assumption (self, "(4.1)", a41, a41 ? _("ker M = ker Mᵀ") : _("ker M ≠ ker Mᵀ"));
        add_assumption (self, "(4.2)(i)", a42i,
                        a42i ? _("ker(%sM + C) ⊂ ker M") : _("ker(%sM + C) ⊄ ker M"),
                        lambda_text);
        add_assumption (self, "(4.2)(ii)", a42ii,
                        a42ii ? _("ker(%sM + C) = ker(%sM + Cᵀ)") : _("ker(%sM + C) ≠ ker(%sM + Cᵀ)"),
                        lambda_text, lambda_text);
        add_assumption (self, "(4.2)(iii)", self->n1 > 0 && n2 > 0,
                        self->n1 > 0 ? _("N₁ = %u > 0, N₂ = %d > 0")
                                     : _("N₁ = %u, N₂ = %d: no massless coordinate is held by "
                                         "stiffness alone; the reduction goes on with an empty "
                                         "first block of U"),
                        self->n1, n2);
        {
          g_autoptr(gsl_matrix) cross = NULL;
          guint d2 = X2 != NULL ? X2->size2 : 0;

          if (X1 != NULL && X2 != NULL)
            cross = lz_dense_mul (CblasTrans, X1, CblasNoTrans, X2);
          perp = cross == NULL || lz_dense_max_abs (cross) <= CHECK_TOL;
          sum = d2 + self->n1 == dz && lz_dense_annihilates (self->M, X2, CHECK_TOL);
          if (sum && X1 != NULL && X2 != NULL)
            {
              g_autoptr(gsl_matrix) both = lz_dense_hstack (n, X1, X2, NULL);

              sum = lz_dense_rank (both, RANK_TOL) == dz;
            }
          add_assumption (self, "(4.3)", perp && sum,
                          perp && sum ? _("ker(%sM + K) ⊥ ker(%sM + C) and together they make ker M")
                          : _("ker(%sM + K) and ker(%sM + C) are not orthogonal parts of ker M: a "
                              "massless coordinate is held by both stiffness and damping"),
                          lambda2_text, lambda_text);
          a44 = lz_dense_same_kernel (L2MKt, X2, d2, RANK_TOL, CHECK_TOL);
          add_assumption (self, "(4.4)", a44,
                          a44 ? _("ker(%sM + K) = ker(%sM + Kᵀ)") : _("ker(%sM + K) ≠ ker(%sM + Kᵀ)"),
                          lambda2_text, lambda2_text);
        }
      }
  }

  if (!lz_dense_annihilates (self->M, X1, CHECK_TOL) || n2 < 0)
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }

  U1 = X1 != NULL ? lz_dense_dup (X1) : NULL;
  if (U1 != NULL)
    lz_dense_canonical_basis (U1, UNIT_ROW_TOL);
  U2 = lz_dense_complement_within (Z, U1);
  if (U2 != NULL)
    lz_dense_canonical_basis (U2, UNIT_ROW_TOL);
  U3 = lz_dense_orthogonal_complement (Z, n, RANK_TOL);
  if (U3 != NULL)
    lz_dense_canonical_basis (U3, UNIT_ROW_TOL);
  self->U = lz_dense_hstack (n, U1, U2, U3);
  UMU = lz_dense_congruence (self->U, self->M);
  UCU = lz_dense_congruence (self->U, self->C);
  UKU = lz_dense_congruence (self->U, self->K);
  Q = pencil_at (self, l);
  UQU = lz_dense_congruence (self->U, Q);
  hu = lz_dense_leading_minors_nonzero (UQU, PIVOT_TOL);
  add_assumption (self, self->n2 == 0 ? "(4.7)" : "(H_U)", hu,
                  hu ? _("every leading principal minor of Uᵀ(%sM + %sC + K)U is non-zero")
                     : _("a leading principal minor of Uᵀ(%sM + %sC + K)U vanishes"),
                  lambda2_text, lambda_text);

  self->kept = g_new (int, MAX (self->n3, 1));
  for (guint j = 0; j < self->n3; j++)
    {
      self->kept[j] = -1;
      for (guint i = 0; i < n; i++)
        if (fabs (gsl_matrix_get (U3, i, j) - 1) < 1e-12)
          self->kept[j] = i;
    }

  required = TRUE;
  for (guint i = 0; i < self->assumptions->len; i++)
    {
      const LzAssumption *a = &g_array_index (self->assumptions, LzAssumption, i);

      /* (iii) only names the case; (H_U) only guarantees K₁₁, C₂₂ regular,
       * which is checked below */
      if (!a->holds && strcmp (a->label, "(4.2)(iii)") != 0 && strcmp (a->label, "(H_U)") != 0
          && strcmp (a->label, "(4.7)") != 0)
        required = FALSE;
    }
  if (!required)
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }
  if (self->n3 == 0)
    {
      /* every coordinate massless: no second-order system is left */
      add_note (self, _("Every coordinate is massless: no second-order system is left to reduce "
                        "to; the node equations below give the motion."));
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      return;
    }

  {
    guint n1 = self->n1, nz = dz, n3 = self->n3;
    g_autoptr(gsl_matrix) coef = gsl_matrix_calloc (n, n3);
    gsl_matrix_view id = gsl_matrix_submatrix (coef, nz, 0, n3, n3);

    gsl_matrix_set_identity (&id.matrix);
    if (n1 > 0)
      {
        g_autoptr(gsl_matrix) K11 = lz_dense_block (UKU, 0, n1, 0, n1);
        g_autoptr(gsl_matrix) K13 = lz_dense_block (UKU, 0, n1, nz, n3);
        g_autoptr(gsl_matrix) top = lz_dense_solve (K11, K13, PIVOT_TOL);

        if (top == NULL)
          {
            add_note (self, _("K₁₁ is singular: the stiffness-held massless coordinates are not "
                              "determined by the others."));
            self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
            return;
          }
        gsl_matrix_scale (top, -1.0);
        {
          gsl_matrix_view dst = gsl_matrix_submatrix (coef, 0, 0, n1, n3);
          g_autoptr(gsl_matrix) U1t = lz_dense_transpose (U1);
          g_autoptr(gsl_matrix) K11invU1t = lz_dense_solve (K11, U1t, PIVOT_TOL);

          gsl_matrix_memcpy (&dst.matrix, top);
          self->R1 = lz_dense_mul (CblasNoTrans, U1, CblasNoTrans, K11invU1t);
        }
      }
    if (self->n2 > 0)
      {
        g_autoptr(gsl_matrix) C22 = lz_dense_block (UCU, n1, self->n2, n1, self->n2);
        g_autoptr(gsl_matrix) C23 = lz_dense_block (UCU, n1, self->n2, nz, n3);
        g_autoptr(gsl_matrix) mid = lz_dense_solve (C22, C23, PIVOT_TOL);

        if (mid == NULL)
          {
            add_note (self, _("C₂₂ is singular: the damping-held massless coordinates are not "
                              "determined by the others."));
            self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
            return;
          }
        gsl_matrix_scale (mid, -1.0);
        {
          gsl_matrix_view dst = gsl_matrix_submatrix (coef, n1, 0, self->n2, n3);

          gsl_matrix_memcpy (&dst.matrix, mid);
        }
      }
    self->S = lz_dense_mul (CblasNoTrans, self->U, CblasNoTrans, coef);
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
  g_autofree char *lambda_text = l == 1 ? g_strdup ("") : number (l);
  g_autofree char *lambda2_text = l == 1 ? g_strdup ("") : number (l * l);

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
        add_note (self, _("The pencil is regular: det(%sM + %sC + K) ≠ 0 (paper 002, Theorem 3.1)."),
                  lambda2_text, lambda_text);
        if (self->n1 > 0)
          add_note (self, _("Held by stiffness alone (N₁ = %u, eliminated through K₁₁): %s."),
                    self->n1, s1);
        if (self->n2 > 0)
          add_note (self, _("Held by damping alone (N₂ = %u, eliminated through C₂₂): %s."),
                    self->n2, s2);
        add_note (self, _("Kept, with mass (N₃ = %u): %s."), self->n3, s3);
        add_note (self, self->kind == LZ_REDUCTION_COROLLARY_4_5
                        ? _("Corollary 4.5 applies: q = S q̃ and SᵀMS is regular.")
                        : _("Corollary 4.6 applies: q = S q̃ and SᵀMS is regular."));
        break;
      }
    case LZ_REDUCTION_NOT_REDUCIBLE:
      add_note (self, _("The pencil is regular: det(%sM + %sC + K) ≠ 0 (paper 002, Theorem 3.1)."),
                lambda2_text, lambda_text);
      break;
    case LZ_REDUCTION_NOT_NEEDED:
    case LZ_REDUCTION_SINGULAR_PENCIL:
    default:
      break;
    }
  if (self->pencil_regular && self->kind != LZ_REDUCTION_NOT_NEEDED)
    {
      GString *sizes = g_string_new (NULL);

      for (guint b = 0; b < self->blocks->len; b++)
        g_string_append_printf (sizes, "%s%u", b > 0 ? ", " : "", g_array_index (self->blocks, guint, b));
      add_note (self, _("Jordan form of Ê = (%sE − A)⁻¹E (paper 002, §2): a regular part of "
                        "dimension %u and a nilpotent part of dimension %u, index %u, blocks of "
                        "sizes %s."),
                lambda_text, self->regular_dim, self->nilpotent_dim, self->index, sizes->str);
      g_string_free (sizes, TRUE);
    }
}

static LzReduction *
reduction_alloc (const gsl_matrix  *M,
                 const gsl_matrix  *C,
                 const gsl_matrix  *K,
                 const char *const *names)
{
  LzReduction *self = g_new0 (LzReduction, 1);

  self->n = M->size1;
  self->M = lz_dense_dup (M);
  self->C = lz_dense_dup (C);
  self->K = lz_dense_dup (K);
  self->names = g_new0 (char *, self->n + 1);
  for (guint i = 0; i < self->n; i++)
    self->names[i] = names != NULL ? g_strdup (names[i]) : g_strdup_printf ("q%u", i + 1);
  self->assumptions = g_array_new (FALSE, TRUE, sizeof (LzAssumption));
  g_array_set_clear_func (self->assumptions, assumption_clear);
  self->notes = g_ptr_array_new_with_free_func (g_free);
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

  self = reduction_alloc (M, C, K, names);
  analyse (self);
  describe (self);
  return self;
}

/* Coordinate i has no mass: its row and column of M are zero. */
static gboolean
is_massless (const LzReduction *self,
             guint              i)
{
  for (guint j = 0; j < self->n; j++)
    if (gsl_matrix_get (self->M, i, j) != 0 || gsl_matrix_get (self->M, j, i) != 0)
      return FALSE;
  return TRUE;
}

/* The model's part: nonsmooth elements and loads on eliminated
 * coordinates, the initial positions of the eliminated coordinates. */
static void
check_model (LzReduction *self)
{
  const LzAssembly *assembly = self->assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  const gsl_matrix *W = lz_assembly_get_W (assembly);
  g_autofree gboolean *massless = g_new0 (gboolean, self->n);
  gboolean singular = self->kind == LZ_REDUCTION_SINGULAR_PENCIL;
  gboolean blocked = FALSE;

  for (guint i = 0; i < self->n; i++)
    massless[i] = is_massless (self, i);

  /* with a singular pencil, the bodies that move along its kernel */
  if (singular)
    for (guint i = 0; i < self->n; i++)
      {
        gboolean moves = FALSE;

        for (guint k = 0; self->pencil_kernel != NULL && k < self->pencil_kernel->size2; k++)
          moves |= fabs (gsl_matrix_get (self->pencil_kernel, i, k)) > 1e-9;
        massless[i] = moves;
      }

  for (guint e = 0; e < lz_assembly_get_n_nonsmooth (assembly); e++)
    {
      const LzElement *element = lz_assembly_get_nonsmooth_element (assembly, e);

      for (guint i = 0; i < self->n; i++)
        {
          if (!massless[i] || gsl_matrix_get (W, e, i) == 0)
            continue;
          blocked = TRUE;
          /* with a singular pencil: which nonsmooth elements act along the
           * undetermined motion; otherwise which ones stop the reduction */
          switch (element->item.kind)
            {
            case LZ_ITEM_FRICTION:
              add_note (self, !singular ? _("The friction “%s” acts on the massless “%s”: the reduction "
                                            "of paper 002 needs nonsmooth elements on bodies with mass "
                                            "only.  With a viscous part μ > 0 it is paper 003's "
                                            "non-inertial element μ ż = luz(F, F0), which the "
                                            "integrators solve as it is.")
                              : element->friction.viscous > 0 ? _("The friction “%s” acts on “%s”.")
                              : _("The friction “%s” on “%s” has no viscous part: a massless body "
                                  "needs μ > 0 in paper 003's non-inertial element "
                                  "μ ż = luz(F, F0), or its slip velocity is undetermined."),
                        element->item.id, self->names[i]);
              break;
            case LZ_ITEM_SPRING:
            case LZ_ITEM_GEAR:
              add_note (self, singular
                              ? _("The spring “%s” on “%s” has freeplay: it is not in K and holds "
                                  "nothing inside its gap.  Springs with freeplay in series through "
                                  "a massless joint combine into one (paper 003, §4, "
                                  "Simplification 2; luztar-cli reduce --write).")
                              : _("The spring with freeplay “%s” acts on the massless “%s”: the "
                                  "reduction of paper 002 needs nonsmooth elements on bodies with "
                                  "mass only.  Springs with freeplay in series through a massless "
                                  "joint combine into one (paper 003, §4, Simplification 2)."),
                        element->item.id, self->names[i]);
              break;
            case LZ_ITEM_STOP:
            case LZ_ITEM_DAMPER:
            case LZ_ITEM_GROUND:
            case LZ_ITEM_BODY:
            case LZ_ITEM_FORCE:
            case LZ_ITEM_PRESCRIBED:
            case LZ_ITEM_ACTUATOR:
            case LZ_ITEM_N_KINDS:
            default:
              add_note (self, singular
                              ? _("The stop “%s” holds “%s” only in contact.")
                              : _("The stop “%s” acts on the massless “%s”: the reduction of paper "
                                  "002 needs nonsmooth elements on bodies with mass only."),
                        element->item.id, self->names[i]);
              break;
            }
          break;
        }
    }

  /* a load on a damping-held coordinate: its integral would enter q */
  for (guint k = 0; k < self->n2 && self->U != NULL; k++)
    for (guint i = 0; i < self->n; i++)
      if (fabs (gsl_matrix_get (self->U, i, self->n1 + k)) > 1e-12
          && strcmp (lz_assembly_get_f_text (assembly, i), "0") != 0)
        {
          add_note (self, _("A load acts on “%s”, which only damping holds: its time integral "
                            "would enter the reconstruction, so it is not reduced."),
                    self->names[i]);
          blocked = TRUE;
        }

  if (blocked && lz_reduction_is_reduced (self))
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      g_clear_pointer (&self->S, gsl_matrix_free);
      g_clear_pointer (&self->Mr, gsl_matrix_free);
      g_clear_pointer (&self->Cr, gsl_matrix_free);
      g_clear_pointer (&self->Kr, gsl_matrix_free);
      g_clear_pointer (&self->R1, gsl_matrix_free);
      return;
    }
  if (!lz_reduction_is_reduced (self) || self->kind == LZ_REDUCTION_NOT_NEEDED)
    return;

  /* constants of integration of the damping-held coordinates; the
   * stiffness-held ones follow from their springs whatever q(0) says */
  {
    g_autofree double *q0 = g_new0 (double, self->n);
    g_autofree double *qs = g_new0 (double, self->n);
    g_autofree double *qr = g_new0 (double, MAX (self->n3, 1));

    for (guint i = 0; i < self->n; i++)
      q0[i] = lz_model_get_body (model, i)->q0;
    for (guint j = 0; j < self->n3; j++)
      qr[j] = q0[self->kept[j]];
    lz_reduction_reconstruct (self, 0, qr, qs);
    self->offset = gsl_vector_calloc (self->n);
    for (guint k = 0; k < self->n2; k++)
      for (guint i = 0; i < self->n; i++)
        {
          double u = gsl_matrix_get (self->U, i, self->n1 + k);

          if (u == 0)
            continue;
          for (guint l = 0; l < self->n; l++)
            gsl_vector_set (self->offset, l, gsl_vector_get (self->offset, l)
                                             + gsl_matrix_get (self->U, l, self->n1 + k) * u * (q0[i] - qs[i]));
        }
    for (guint k = 0; k < self->n1; k++)
      for (guint i = 0; i < self->n; i++)
        if (fabs (gsl_matrix_get (self->U, i, k) - 1) < 1e-12 && fabs (q0[i] - qs[i]) > 1e-12 * (1 + fabs (qs[i])))
          {
            g_autofree char *given = number (q0[i]);
            g_autofree char *held = number (qs[i]);

            add_note (self, _("“%s” starts at %s, but its springs hold it at %s: the reduction "
                              "starts it there."),
                      self->names[i], given, held);
          }
  }
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
  self = reduction_alloc (lz_assembly_get_M (assembly), lz_assembly_get_C (assembly),
                          lz_assembly_get_K (assembly), names);
  self->assembly = assembly;
  analyse (self);
  describe (self);
  check_model (self);
  self->nodes = lz_massless_nodes_analyse (assembly);
  return self;
}

void
lz_reduction_free (LzReduction *self)
{
  if (self == NULL)
    return;
  gsl_matrix_free (self->M);
  gsl_matrix_free (self->C);
  gsl_matrix_free (self->K);
  g_strfreev (self->names);
  g_clear_pointer (&self->pencil_kernel, gsl_matrix_free);
  g_array_unref (self->assumptions);
  g_clear_pointer (&self->U, gsl_matrix_free);
  g_clear_pointer (&self->S, gsl_matrix_free);
  g_clear_pointer (&self->Mr, gsl_matrix_free);
  g_clear_pointer (&self->Cr, gsl_matrix_free);
  g_clear_pointer (&self->Kr, gsl_matrix_free);
  g_clear_pointer (&self->R1, gsl_matrix_free);
  g_clear_pointer (&self->offset, gsl_vector_free);
  g_free (self->kept);
  g_ptr_array_unref (self->notes);
  g_array_unref (self->blocks);
  g_clear_pointer (&self->nodes, g_ptr_array_unref);
  g_free (self);
}

/* ------------------------------------------------------------------------ */
/* Accessors                                                                 */

guint
lz_reduction_get_n (const LzReduction *self)
{
  return self->n;
}

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

/**
 * lz_reduction_get_kept_index:
 * @self: a reduction
 * @j: a reduced coordinate
 *
 * Returns: the coordinate that q̃_j is (U₃'s column j is its unit vector),
 *   or −1 when q̃_j is a combination
 */
int
lz_reduction_get_kept_index (const LzReduction *self,
                             guint              j)
{
  g_return_val_if_fail (self->kept != NULL && j < self->n3, -1);
  return self->kept[j];
}

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
    if (is_massless (self, i))
      g_ptr_array_add (names, g_strdup (self->names[i]));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

char **
lz_reduction_dup_diagnosis (const LzReduction *self)
{
  char **lines = g_new0 (char *, self->notes->len + 1);

  for (guint i = 0; i < self->notes->len; i++)
    lines[i] = g_strdup (self->notes->pdata[i]);
  return lines;
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

/**
 * lz_reduction_reconstruct:
 * @self: a reduction (lz_reduction_is_reduced())
 * @t: the time (for the loads on stiffness-held joints)
 * @q_reduced: q̃ (N₃)
 * @q: (out): q (n) = S q̃ + U₁K₁₁⁻¹U₁ᵀ f(t) + U₂c₂
 */
void
lz_reduction_reconstruct (const LzReduction *self,
                          double             t,
                          const double      *q_reduced,
                          double            *q)
{
  g_return_if_fail (self->S != NULL);

  for (guint i = 0; i < self->n; i++)
    {
      double s = 0;

      for (guint j = 0; j < self->n3; j++)
        s += gsl_matrix_get (self->S, i, j) * q_reduced[j];
      q[i] = s + (self->offset != NULL ? gsl_vector_get (self->offset, i) : 0);
    }
  if (self->R1 != NULL && self->assembly != NULL)
    {
      g_autoptr(gsl_vector) f = gsl_vector_alloc (self->n);

      lz_assembly_eval_f (self->assembly, t, f);
      for (guint i = 0; i < self->n; i++)
        for (guint j = 0; j < self->n; j++)
          q[i] += gsl_matrix_get (self->R1, i, j) * gsl_vector_get (f, j);
    }
}

/* fr = Sᵀ f(t) (a model's reduction) */
void
lz_reduction_eval_fr (const LzReduction *self,
                      double             t,
                      gsl_vector        *fr)
{
  g_autoptr(gsl_vector) f = NULL;

  g_return_if_fail (self->S != NULL && self->assembly != NULL);
  g_return_if_fail (fr->size == self->n3);

  f = gsl_vector_alloc (self->n);
  lz_assembly_eval_f (self->assembly, t, f);
  gsl_blas_dgemv (CblasTrans, 1.0, self->S, f, 0.0, fr);
}

/* fr_j as text: Σ_i S_ij f_i(t) */
char *
lz_reduction_dup_fr_text (const LzReduction *self,
                          guint              j)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (self->S != NULL && j < self->n3, NULL);

  for (guint i = 0; i < self->n; i++)
    {
      double s = gsl_matrix_get (self->S, i, j);
      const char *f = self->assembly != NULL ? lz_assembly_get_f_text (self->assembly, i) : "0";
      g_autofree char *c = NULL;

      if (fabs (s) < 1e-14 || strcmp (f, "0") == 0)
        continue;
      if (out->len > 0)
        g_string_append (out, " + ");
      if (s == 1)
        g_string_append (out, f);
      else
        {
          c = lz_number_to_string (s);
          g_string_append_printf (out, "%s*(%s)", c, f);
        }
    }
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Exports                                                                   */

static const char *
kind_name (LzReductionKind kind)
{
  switch (kind)
    {
    case LZ_REDUCTION_NOT_NEEDED: return "not-needed";
    case LZ_REDUCTION_COROLLARY_4_5: return "corollary-4.5";
    case LZ_REDUCTION_COROLLARY_4_6: return "corollary-4.6";
    case LZ_REDUCTION_NOT_REDUCIBLE: return "not-reducible";
    case LZ_REDUCTION_SINGULAR_PENCIL: return "singular-pencil";
    default: return "?";
    }
}

/* The cases' names for people, by LzNodeKind */
static const char *const node_kind_labels[] = {
  N_("linear springs"),
  N_("springs with freeplay in series"),
  N_("a linear spring in series with a spring with freeplay"),
  N_("a parallel pair of springs in series with a spring"),
  N_("a spring loading a non-inertial friction element"),
  N_("a spring loading dry friction (rigid-plastic)"),
  N_("a non-inertial friction element"),
  N_("friction elements in series"),
  N_("dampers"),
  N_("prescribed motion"),
  N_("no closed form"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (node_kind_labels) == LZ_NODE_NO_CLOSED_FORM + 1);

/* "“a”, “b”", in the language's quotation marks */
static char *
quoted_list (char **ids)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    lz_append_quoted_id (out, ids[i]);
  return g_string_free (out, FALSE);
}

/* LABEL padded to WIDTH columns */
static void
append_label (GString    *out,
              const char *label,
              glong       width)
{
  g_string_append_printf (out, "    %s", label);
  for (glong i = g_utf8_strlen (label, -1); i < width; i++)
    g_string_append_c (out, ' ');
}

/* The section of massless nodes for lz_reduction_to_text(). */
static void
append_nodes_text (const LzReduction *self,
                   GString           *out)
{
  const char *entangled_label = _("node equation:");
  const char *disentangled_label = _("disentangled:");
  glong width = MAX (g_utf8_strlen (entangled_label, -1), g_utf8_strlen (disentangled_label, -1)) + 2;

  if (self->nodes == NULL || self->nodes->len == 0)
    return;
  g_string_append_c (out, '\n');
  g_string_append (out, _("Massless nodes (disentangled, paper 000 §3)"));
  g_string_append_c (out, '\n');
  for (guint i = 0; i < self->nodes->len; i++)
    {
      const LzMasslessNode *node = self->nodes->pdata[i];
      g_autofree char *title = lz_massless_node_dup_title (node);

      g_string_append_printf (out, "  %s\n", title);
      append_label (out, entangled_label, width);
      g_string_append_printf (out, "%s\n", node->entangled);
      for (guint e = 0; node->equations[e] != NULL; e++)
        {
          append_label (out, e == 0 ? disentangled_label : "", width);
          g_string_append_printf (out, "%s\n", node->equations[e]);
        }
      g_string_append_printf (out, "    %s\n", node->explanation);
    }
}

/**
 * lz_massless_node_dup_title:
 * @node: a node of lz_reduction_get_node()
 *
 * The node in one line: its body, its case, the theorem and the elements,
 * e.g. “z”: a spring loading a non-inertial friction element, Theorem 3.9
 * (elements “k”, “f”).
 *
 * Returns: (transfer full): the line, translated
 */
char *
lz_massless_node_dup_title (const LzMasslessNode *node)
{
  g_autofree char *elements = NULL;
  const char *label;

  g_return_val_if_fail (node != NULL, NULL);
  elements = quoted_list (node->elements);
  label = _(node_kind_labels[node->kind]);
  if (node->theorem != NULL)
    return g_strdup_printf (_("“%s”: %s, Theorem %s (elements %s)"), node->body, label,
                            node->theorem, elements);
  return g_strdup_printf (_("“%s”: %s (elements %s)"), node->body, label, elements);
}

/**
 * lz_reduction_to_text:
 * @self: an analysis
 *
 * The diagnosis, the assumptions, U, S, the reduced matrices and loads and
 * the Jordan structure, for people.
 *
 * Returns: (transfer full): the text
 */
char *
lz_reduction_to_text (const LzReduction *self)
{
  GString *out = g_string_new (NULL);
  g_auto(GStrv) kept = lz_reduction_dup_kept (self);
  g_auto(GStrv) eliminated = lz_reduction_dup_eliminated (self);

  if (self->assembly != NULL)
    {
      LzModel *model = lz_assembly_get_model (self->assembly);

      g_string_append_printf (out, _("Reduction of “%s”: %u coordinates, M of rank %u"),
                              lz_model_get_name (model) != NULL ? lz_model_get_name (model) : "",
                              self->n, lz_dense_rank (self->M, RANK_TOL));
    }
  else
    g_string_append_printf (out, _("Reduction: %u coordinates, M of rank %u"), self->n, lz_dense_rank (self->M, RANK_TOL));
  g_string_append (out, "\n\n");

  for (guint i = 0; i < self->notes->len; i++)
    g_string_append_printf (out, "  %s\n", (char *) self->notes->pdata[i]);
  g_string_append_c (out, '\n');

  if (self->assumptions->len > 0)
    {
      g_string_append (out, _("Assumptions of paper 002, §4"));
      g_string_append_c (out, '\n');
      for (guint i = 0; i < self->assumptions->len; i++)
        {
          const LzAssumption *a = &g_array_index (self->assumptions, LzAssumption, i);

          g_string_append_printf (out, "  %s %-10s %s\n", a->holds ? "✓" : "✗", a->label, a->text);
        }
      g_string_append_c (out, '\n');
    }

  if (self->U != NULL && self->kind != LZ_REDUCTION_NOT_NEEDED)
    {
      g_autofree char **cols = g_new0 (char *, self->n + 1);

      for (guint j = 0; j < self->n; j++)
        cols[j] = g_strdup_printf ("x%u", j + 1);
      lz_export_append_matrix (out, "U", self->U, self->n, self->n, self->names, cols);
      for (guint j = 0; j < self->n; j++)
        g_free (cols[j]);
    }
  if (self->S != NULL && self->kind != LZ_REDUCTION_NOT_NEEDED)
    {
      g_autofree char *list = g_strjoinv (", ", kept);

      g_string_append_printf (out, _("Reduced system  M̃ q̃'' + C̃ q̃' + K̃ q̃ ∈ f̃(t) + Sᵀ F,  q̃ = (%s)"),
                              list);
      g_string_append (out, "\n\n");
      lz_export_append_matrix (out, "S", self->S, self->n, self->n3, self->names, kept);
      lz_export_append_matrix (out, "M̃", self->Mr, self->n3, self->n3, kept, kept);
      lz_export_append_matrix (out, "C̃", self->Cr, self->n3, self->n3, kept, kept);
      lz_export_append_matrix (out, "K̃", self->Kr, self->n3, self->n3, kept, kept);
      if (self->assembly != NULL)
        {
          g_string_append (out, "  f̃(t) =\n");
          for (guint j = 0; j < self->n3; j++)
            {
              g_autofree char *fr = lz_reduction_dup_fr_text (self, j);

              g_string_append_printf (out, "    %s  %s\n", kept[j], fr);
            }
          g_string_append_c (out, '\n');
        }
    }
  if (eliminated[0] != NULL)
    {
      g_autofree char *list = g_strjoinv (", ", eliminated);

      g_string_append_printf (out, _("Massless: %s"), list);
      g_string_append_c (out, '\n');
    }
  append_nodes_text (self, out);
  return g_string_free (out, FALSE);
}

/**
 * lz_reduction_to_json:
 * @self: an analysis
 *
 * The analysis as JSON: "kind", "pencil" {"regular", "lambda"}, "N1",
 * "N2", "N3", "assumptions" [{"label", "holds", "text"}], "diagnosis",
 * "kept", "eliminated", "U", "S", "Mr", "Cr", "Kr", "fr" (texts in t),
 * "jordan" {"regular", "nilpotent", "index", "blocks"}.  Matrices that do
 * not exist are null.
 *
 * Returns: (transfer full): the JSON text
 */
char *
lz_reduction_to_json (const LzReduction *self)
{
  GString *out = g_string_new ("{\n");
  g_auto(GStrv) kept = lz_reduction_dup_kept (self);
  g_auto(GStrv) eliminated = lz_reduction_dup_eliminated (self);
  const struct { const char *key; const gsl_matrix *X; } mats[] = {
    { "U", self->U }, { "S", self->S }, { "Mr", self->Mr }, { "Cr", self->Cr }, { "Kr", self->Kr },
  };

  g_string_append_printf (out, "  \"kind\": \"%s\",\n", kind_name (self->kind));
  g_string_append_printf (out, "  \"pencil\": {\"regular\": %s, \"lambda\": ",
                          self->pencil_regular ? "true" : "false");
  if (self->pencil_regular)
    lz_export_json_number (out, self->lambda);
  else
    g_string_append (out, "null");
  g_string_append (out, "},\n");
  g_string_append_printf (out, "  \"N1\": %u, \"N2\": %u, \"N3\": %u,\n", self->n1, self->n2, self->n3);
  g_string_append (out, "  \"assumptions\": [");
  for (guint i = 0; i < self->assumptions->len; i++)
    {
      const LzAssumption *a = &g_array_index (self->assumptions, LzAssumption, i);

      g_string_append (out, i > 0 ? ",\n    {\"label\": " : "\n    {\"label\": ");
      lz_export_json_string (out, a->label);
      g_string_append_printf (out, ", \"holds\": %s, \"text\": ", a->holds ? "true" : "false");
      lz_export_json_string (out, a->text);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n  \"diagnosis\": ");
  lz_export_json_strings (out, (char **) self->notes->pdata, self->notes->len);
  g_string_append (out, ",\n  \"coordinates\": ");
  lz_export_json_strings (out, self->names, self->n);
  g_string_append (out, ",\n  \"kept\": ");
  lz_export_json_strings (out, kept, self->n3);
  g_string_append (out, ",\n  \"eliminated\": ");
  lz_export_json_strings (out, eliminated, g_strv_length (eliminated));
  for (guint m = 0; m < G_N_ELEMENTS (mats); m++)
    {
      g_string_append_printf (out, ",\n  \"%s\": ", mats[m].key);
      if (mats[m].X != NULL)
        lz_export_json_matrix (out, mats[m].X, mats[m].X->size1, mats[m].X->size2);
      else
        g_string_append (out, "null");
    }
  g_string_append (out, ",\n  \"fr\": ");
  if (self->S != NULL)
    {
      g_autoptr(GPtrArray) fr = g_ptr_array_new_with_free_func (g_free);

      for (guint j = 0; j < self->n3; j++)
        g_ptr_array_add (fr, lz_reduction_dup_fr_text (self, j));
      lz_export_json_strings (out, (char **) fr->pdata, fr->len);
    }
  else
    g_string_append (out, "null");
  g_string_append_printf (out, ",\n  \"jordan\": {\"regular\": %u, \"nilpotent\": %u, \"index\": %u, "
                          "\"blocks\": [", self->regular_dim, self->nilpotent_dim, self->index);
  for (guint b = 0; b < self->blocks->len; b++)
    g_string_append_printf (out, "%s%u", b > 0 ? ", " : "", g_array_index (self->blocks, guint, b));
  g_string_append (out, "]},\n  \"nodes\": [");
  for (guint i = 0; self->nodes != NULL && i < self->nodes->len; i++)
    {
      const LzMasslessNode *node = self->nodes->pdata[i];
      const struct { const char *key; double value; } values[] = {
        { "stiffness", node->stiffness }, { "viscous", node->viscous }, { "rate", node->rate },
        { "zone", node->zone }, { "shift", node->shift }, { "ratio", node->ratio },
        { "share", node->share },
      };

      g_string_append (out, i > 0 ? ",\n    {\"body\": " : "\n    {\"body\": ");
      lz_export_json_string (out, node->body);
      g_string_append (out, ", \"kind\": ");
      lz_export_json_string (out, node->kind_name);
      g_string_append (out, ", \"theorem\": ");
      if (node->theorem != NULL)
        lz_export_json_string (out, node->theorem);
      else
        g_string_append (out, "null");
      g_string_append (out, ",\n     \"elements\": ");
      lz_export_json_strings (out, node->elements, g_strv_length (node->elements));
      g_string_append (out, ",\n     \"entangled\": ");
      lz_export_json_string (out, node->entangled);
      g_string_append (out, ",\n     \"equation\": ");
      if (node->equations[0] != NULL)
        lz_export_json_string (out, node->equations[0]);
      else
        g_string_append (out, "null");
      g_string_append (out, ",\n     \"equations\": ");
      lz_export_json_strings (out, node->equations, g_strv_length (node->equations));
      g_string_append (out, ",\n     \"text\": ");
      lz_export_json_string (out, node->explanation);
      g_string_append (out, ",\n     \"values\": {");
      for (guint v = 0; v < G_N_ELEMENTS (values); v++)
        {
          g_string_append_printf (out, "%s\"%s\": ", v > 0 ? ", " : "", values[v].key);
          lz_export_json_number (out, values[v].value);
        }
      g_string_append (out, "}}");
    }
  g_string_append (out, "]\n}\n");
  return g_string_free (out, FALSE);
}

/* The massless nodes for lz_reduction_to_octave(): a comment block and a
 * struct array nodes(i).body, .kind, .theorem, .equation, .stiffness, … */
static void
append_nodes_octave (const LzReduction *self,
                     GString           *out)
{
  guint n = self->nodes != NULL ? self->nodes->len : 0;
  const char *keys[] = { "body", "kind", "theorem", "equation" };
  const char *numbers[] = { "stiffness", "viscous", "rate", "zone", "shift", "ratio", "share" };

  g_string_append_printf (out, "%% %s\n", _("Massless nodes (disentangled, paper 000 §3)"));
  for (guint i = 0; i < n; i++)
    {
      const LzMasslessNode *node = self->nodes->pdata[i];

      g_string_append_printf (out, "%%   %s: %s\n", node->body, node->entangled);
      for (guint e = 0; node->equations[e] != NULL; e++)
        g_string_append_printf (out, "%%     %s\n", node->equations[e]);
      g_string_append_printf (out, "%%     %s\n", node->explanation);
    }
  g_string_append (out, "nodes = struct (");
  for (guint k = 0; k < G_N_ELEMENTS (keys) + G_N_ELEMENTS (numbers); k++)
    {
      gboolean text = k < G_N_ELEMENTS (keys);

      g_string_append_printf (out, "%s'%s', {", k > 0 ? ", " : "",
                              text ? keys[k] : numbers[k - G_N_ELEMENTS (keys)]);
      for (guint i = 0; i < n; i++)
        {
          const LzMasslessNode *node = self->nodes->pdata[i];
          const double values[] = { node->stiffness, node->viscous, node->rate, node->zone,
                                    node->shift, node->ratio, node->share };

          if (i > 0)
            g_string_append (out, ", ");
          if (text)
            {
              const char *strings[] = { node->body, node->kind_name,
                                        node->theorem != NULL ? node->theorem : "",
                                        node->equations[0] != NULL ? node->equations[0] : "" };

              lz_export_octave_string (out, strings[k]);
            }
          else
            {
              double v = values[k - G_N_ELEMENTS (keys)];
              g_autofree char *number = isnan (v) ? g_strdup ("NaN")
                                        : isinf (v) ? g_strdup (v > 0 ? "Inf" : "-Inf")
                                        : lz_number_to_string (v);

              g_string_append (out, number);
            }
        }
      g_string_append (out, "}");
    }
  g_string_append (out, ");\n");
}

/**
 * lz_reduction_to_octave:
 * @self: an analysis
 *
 * An Octave/MATLAB script defining M, C, K, U, S, Mr, Cr, Kr (those that
 * exist), the names kept and eliminated, and the diagnosis as comments.
 *
 * Returns: (transfer full): the script
 */
char *
lz_reduction_to_octave (const LzReduction *self)
{
  GString *out = g_string_new (NULL);
  g_auto(GStrv) kept = lz_reduction_dup_kept (self);
  g_auto(GStrv) eliminated = lz_reduction_dup_eliminated (self);
  const struct { const char *key; const gsl_matrix *X; } mats[] = {
    { "M", self->M }, { "C", self->C }, { "K", self->K }, { "U", self->U }, { "S", self->S },
    { "Mr", self->Mr }, { "Cr", self->Cr }, { "Kr", self->Kr },
  };

  g_string_append (out, "% Luztar: reduction of a singular system (paper 002)\n");
  for (guint i = 0; i < self->notes->len; i++)
    g_string_append_printf (out, "%% %s\n", (char *) self->notes->pdata[i]);
  g_string_append_printf (out, "kind = '%s';\n", kind_name (self->kind));
  for (guint m = 0; m < G_N_ELEMENTS (mats); m++)
    if (mats[m].X != NULL)
      lz_export_octave_matrix (out, mats[m].key, mats[m].X, mats[m].X->size1, mats[m].X->size2);
  g_string_append (out, "kept = {");
  for (guint j = 0; kept[j] != NULL; j++)
    {
      g_string_append (out, j > 0 ? ", " : "");
      lz_export_octave_string (out, kept[j]);
    }
  g_string_append (out, "};\neliminated = {");
  for (guint j = 0; eliminated[j] != NULL; j++)
    {
      g_string_append (out, j > 0 ? ", " : "");
      lz_export_octave_string (out, eliminated[j]);
    }
  g_string_append (out, "};\n");
  if (self->S != NULL && self->assembly != NULL)
    {
      g_string_append (out, "fr = @(t) [");
      for (guint j = 0; j < self->n3; j++)
        {
          g_autofree char *fr = lz_reduction_dup_fr_text (self, j);

          g_string_append_printf (out, "%s%s", j > 0 ? "; " : "", fr);
        }
      g_string_append (out, "];\n");
    }
  append_nodes_octave (self, out);
  return g_string_free (out, FALSE);
}
