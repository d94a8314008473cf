/* lz-reduce-model.c — the model's part of a reduction (paper 002 for a
 * model rather than bare matrices): which nonsmooth elements and loads
 * stop it, the eliminated coordinates' constants of integration, and q
 * put back from q̃
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reduction needs the nonsmooth elements on kept coordinates only (as
 * in Examples 5.1 and 5.3) and no load on damping-held joints (its time
 * integral would enter the reconstruction).  With a singular pencil the
 * same checks say which nonsmooth elements act along the undetermined
 * motion.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>

#include "lz-assembler.h"
#include "lz-dense.h"
#include "lz-format.h"
#include "lz-model.h"
#include "lz-notes-private.h"
#include "lz-reduce-private.h"

/* Coordinate i has no mass: its row and column of M are zero. */
gboolean
lz_reduction_is_massless (const LzReduction *self,
                          guint              i)
{
  for (guint j = 0; j < self->n; j++)
    if (gsl_matrix_get (self->M, i, j) != 0 || gsl_matrix_get (self->M, j, i) != 0)
      return FALSE;
  return TRUE;
}

/* The coordinates the checks are about: the massless ones, or with a
 * singular pencil those that move along its kernel. */
static gboolean *
coordinates_in_question (const LzReduction *self)
{
  gboolean *massless = g_new0 (gboolean, self->n);

  for (guint i = 0; i < self->n; i++)
    massless[i] = lz_reduction_is_massless (self, i);
  if (self->kind == LZ_REDUCTION_SINGULAR_PENCIL)
    for (guint i = 0; i < self->n; i++)
      {
        gboolean moves = FALSE;

        for (guint k = 0; self->pencil_kernel != NULL && k < self->pencil_kernel->size2; k++)
          moves |= fabs (gsl_matrix_get (self->pencil_kernel, i, k)) > LZ_REDUCE_SHOWN_TOL;
        massless[i] = moves;
      }
  return massless;
}

/* The note on the nonsmooth ELEMENT acting on coordinate I: with a
 * singular pencil, that it acts along the undetermined motion; otherwise
 * that it stops the reduction. */
static void
note_nonsmooth (LzReduction     *self,
                const LzElement *element,
                guint            i)
{
  gboolean singular = self->kind == LZ_REDUCTION_SINGULAR_PENCIL;

  if (element->item.kind == LZ_ITEM_FRICTION)
    lz_notes_add (self->notes, !singular ? _("The friction “%s” acts on the massless “%s”: the reduction "
                                             "of paper 002 needs nonsmooth elements on bodies with mass "
                                             "only.  With a viscous part μ > 0 it is paper 003's "
                                             "non-inertial element μ ż = luz(F, F0), which the "
                                             "integrators solve as it is.")
                               : element->friction.viscous > 0 ? _("The friction “%s” acts on “%s”.")
                               : _("The friction “%s” on “%s” has no viscous part: a massless body "
                                   "needs μ > 0 in paper 003's non-inertial element "
                                   "μ ż = luz(F, F0), or its slip velocity is undetermined."),
                  element->item.id, self->names[i]);
  else if (element->item.kind == LZ_ITEM_SPRING || element->item.kind == LZ_ITEM_GEAR)
    lz_notes_add (self->notes, singular
                               ? _("The spring “%s” on “%s” has freeplay: it is not in K and holds "
                                   "nothing inside its gap.  Springs with freeplay in series through "
                                   "a massless joint combine into one (paper 003, §4, "
                                   "Simplification 2; luztar-cli reduce --write).")
                               : _("The spring with freeplay “%s” acts on the massless “%s”: the "
                                   "reduction of paper 002 needs nonsmooth elements on bodies with "
                                   "mass only.  Springs with freeplay in series through a massless "
                                   "joint combine into one (paper 003, §4, Simplification 2)."),
                  element->item.id, self->names[i]);
  else if (element->item.kind == LZ_ITEM_CONTACT || element->item.kind == LZ_ITEM_BACKLASH)
    lz_notes_add (self->notes, _("The damped contact “%s” acts on the massless “%s”: it needs "
                                 "bodies with mass (its force depends on the gap's rate)."),
                  element->item.id, self->names[i]);
  else
    lz_notes_add (self->notes, singular
                               ? _("The stop “%s” holds “%s” only in contact.")
                               : _("The stop “%s” acts on the massless “%s”: the reduction of paper "
                                   "002 needs nonsmooth elements on bodies with mass only."),
                  element->item.id, self->names[i]);
}

/* A note per nonsmooth element on a coordinate in question (the first
 * such coordinate); whether there is one. */
static gboolean
blocked_by_nonsmooth (LzReduction    *self,
                      const gboolean *massless)
{
  const LzAssembly *assembly = self->assembly;
  /* CSR: row e's entries in ascending columns, so the first in question
   * is the first massless column with an entry */
  const gsl_spmatrix *W = lz_assembly_get_W_sparse (assembly);
  gboolean blocked = FALSE;

  for (guint e = 0; e < lz_assembly_get_n_nonsmooth (assembly); e++)
    for (int k = W->p[e]; k < W->p[e + 1]; k++)
      if (massless[W->i[k]] && W->data[k] != 0)
        {
          note_nonsmooth (self, lz_assembly_get_nonsmooth_element (assembly, e), W->i[k]);
          blocked = TRUE;
          break;
        }
  return blocked;
}

/* A load on a damping-held coordinate: its integral would enter q. */
static gboolean
blocked_by_damped_load (LzReduction *self)
{
  gboolean blocked = FALSE;

  for (guint k = 0; k < self->n2 && self->U != NULL; k++)
    for (guint i = 0; i < self->n; i++)
      if (fabs (gsl_matrix_get (self->U, i, self->n1 + k)) > LZ_REDUCE_BASIS_TOL
          && strcmp (lz_assembly_get_f_text (self->assembly, i), "0") != 0)
        {
          lz_notes_add (self->notes, _("A load acts on “%s”, which only damping holds: its time "
                                       "integral would enter the reconstruction, so it is not "
                                       "reduced."),
                        self->names[i]);
          blocked = TRUE;
        }
  return blocked;
}

/* The constants of integration of the damping-held coordinates, from
 * q(0); the stiffness-held ones follow from their springs whatever q(0)
 * says (a note when it says otherwise). */
static void
initial_offsets (LzReduction *self)
{
  LzModel *model = lz_assembly_get_model (self->assembly);
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
      if (fabs (gsl_matrix_get (self->U, i, k) - 1) < LZ_REDUCE_BASIS_TOL
          && fabs (q0[i] - qs[i]) > LZ_REDUCE_START_TOL * (1 + fabs (qs[i])))
        {
          g_autofree char *given = lz_reduction_number (q0[i]);
          g_autofree char *held = lz_reduction_number (qs[i]);

          lz_notes_add (self->notes, _("“%s” starts at %s, but its springs hold it at %s: the "
                                       "reduction starts it there."),
                        self->names[i], given, held);
        }
}

/* The model's part: nonsmooth elements and loads on eliminated
 * coordinates, the initial positions of the eliminated coordinates. */
void
lz_reduction_check_model (LzReduction *self)
{
  g_autofree gboolean *massless = coordinates_in_question (self);
  gboolean blocked = blocked_by_nonsmooth (self, massless);

  blocked |= blocked_by_damped_load (self);
  if (blocked && lz_reduction_is_reduced (self))
    {
      self->kind = LZ_REDUCTION_NOT_REDUCIBLE;
      lz_reduction_clear_reduced (self);
      return;
    }
  if (lz_reduction_is_reduced (self) && self->kind != LZ_REDUCTION_NOT_NEEDED)
    initial_offsets (self);
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

      if (fabs (s) < LZ_REDUCE_PRINT_TOL || strcmp (f, "0") == 0)
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

