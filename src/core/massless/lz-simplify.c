/* lz-simplify.c — model-level reductions of massless joints and the
 * formal simplifications of a gear train (paper 003, §4)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A massless body x whose elements are all springs (and gears) or all
 * dampers is eliminated in closed form.  Orient every element ("arm") i of
 * x so that x enters its coordinate with a positive sign:
 *
 *     s_i = β_i x − α_i y_i − ℓ_i      (y_i the other port, body or ground)
 *
 * (x on port b: β = cb, α = ca, ℓ = offset; on port a: β = ca, α = cb,
 * ℓ = −offset; LzJointArm, lz-arms-private.h).  For linear springs the potential ½Σ k_i s_i² is least at
 * x* = Σ k_i β_i (α_i y_i + ℓ_i) / S, S = Σ k_i β_i², and there it equals
 *
 *     ½ Σ_{i<j} k_i k_j / S · (β_j α_i y_i − β_i α_j y_j + β_j ℓ_i − β_i ℓ_j)²
 *
 * (the star–mesh transform; for two arms, springs in series with
 * 1/k = β_2²/k_1 + β_1²/k_2, paper 002 Remark 5.2).  Each pair becomes a
 * spring with ca = β_i α_j on y_j and cb = β_j α_i on y_i, written with
 * ca = 1.  A load F on x passes to y_j as k_j β_j α_j / S · F.  Dampers
 * (the dissipation function) the same way, without offsets or loads.
 *
 * Two springs with freeplay in series (nothing else on x): the force
 * balance β_1 T_1 + β_2 T_2 = 0 with T_i = k_i luz(s_i, Δ_i) inverts
 * with tar (paper 000, Theorem 2.1); the two tar terms have arguments of
 * one sign and add (Theorem 3.6, and 4.3 for three): one spring with the series stiffness
 * above and the freeplay |β_2|Δ_1 + |β_1|Δ_2 — paper 003's reduced
 * stiffness (1/k_ψδ + 1/k_δγ + p²/k_γφ)⁻¹ and reduced freeplay
 * (ψ−δ)₀ + (δ−pγ)₀ + p(γ−φ)₀ when applied twice along a gear train.
 *
 * A rigid arm (a gear tooth mesh in Simplification 3) has compliance 0.
 * Massless bodies with friction (paper 003's non-inertial element), a
 * stop, a prescribed motion, springs and dampers together (a first-order
 * coordinate), or a load on a damper joint are left as they are, with a
 * note saying why.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-notes-private.h"
#include "lz-simplify.h"
#include "lz-simplify-private.h"

/* Two arms to one port are tied when their ratios β/α differ by more than
 * this, relative to the product βα. */
#define TIED_TOL 1e-12

/* For the notes: six significant digits */
static char *
num (double v)
{
  char text[32];

  g_ascii_formatd (text, sizeof text, "%.6g", v + 0.0);
  return g_strdup (text);
}

/* The parameters of a new element to 12 significant digits, so that
 * 1/(1/200 + 1/400 + 9/800) reads 53.3333333333 and a ratio 3, not
 * 2.9999999999999996 (a relative change below 1e-12); never −0. */
static double
round12 (double v)
{
  char text[32];

  if (v == 0 || !isfinite (v))
    return v == 0 ? 0.0 : v;
  g_ascii_formatd (text, sizeof text, "%.12g", v);
  return g_ascii_strtod (text, NULL) + 0.0;
}

static gboolean
is_body (const LzModel *model,
         const char    *id)
{
  return lz_model_lookup_body (model, id) != NULL;
}

/* An arm's compliance: 1/k for a spring (0 when RIGID has it: a gear tooth
 * mesh in Simplification 3), 1/c for a damper (infinite when c = 0). */
static double
compliance (const LzJointArm *arm,
            GHashTable       *rigid)
{
  if (arm->kind == LZ_ITEM_DAMPER)
    return arm->value > 0 ? 1 / arm->value : INFINITY;
  return rigid != NULL && g_hash_table_contains (rigid, arm->element) ? 0 : 1 / arm->value;
}

/* The new spring or damper between y_i and y_j of the mesh, written with
 * ca = 1; FALSE when it would act on nothing (two grounds) or on one body
 * only with a zero coefficient. */
typedef struct
{
  char   *a, *b;
  double  ca, cb, value, freeplay, offset;
} MeshElement;

static gboolean
mesh_pair (const LzModel    *model,
           const LzJointArm *ai,
           const LzJointArm *aj,
           double            value,
           double            freeplay,
           MeshElement      *out)
{
  double ca = ai->beta * aj->alpha, cb = aj->beta * ai->alpha;
  double offset = -(aj->beta * ai->offset - ai->beta * aj->offset);

  out->a = aj->y;
  out->b = ai->y;
  /* a ground goes on port a, as people write it: g → −g swaps the ports
   * and their coefficients and negates the offset */
  if (!is_body (model, out->b))
    {
      double c = ca;

      out->a = ai->y;
      out->b = aj->y;
      ca = cb;
      cb = c;
      offset = -offset;
    }
  /* ca = 1: g/ca, k·ca², Δ/|ca|, ℓ/ca */
  out->ca = 1;
  out->cb = cb / ca;
  out->value = value * ca * ca;
  out->freeplay = freeplay / fabs (ca);
  out->offset = offset / ca + 0.0;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Eliminating one massless body x, step by step                             */

typedef struct
{
  const char *x;
  GHashTable *rigid;          /* borrowed: the rigid arms' ids, or NULL */
  GArray     *arms;           /* LzJointArm */
  GPtrArray  *loads;          /* the loads' texts */
  GPtrArray  *load_ids;
  guint       n_springs, n_dampers;
  gboolean    any_freeplay, any_rigid;
  LzItemKind  kind;           /* LZ_ITEM_SPRING or LZ_ITEM_DAMPER */
  double      S;              /* Σ β²/compliance */
  char       *merged;         /* two arms: the element they became */
  GString    *made;           /* the new elements, in words */
} Joint;

static void
joint_clear (Joint *j)
{
  g_array_unref (j->arms);
  g_ptr_array_unref (j->loads);
  g_ptr_array_unref (j->load_ids);
  g_free (j->merged);
  g_string_free (j->made, TRUE);
}

/* The forces on x; FALSE (with a note) for a prescribed motion or an
 * actuator. */
static gboolean
joint_collect_loads (Joint         *j,
                     const LzModel *model,
                     GPtrArray     *notes)
{
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      if (g_strcmp0 (source->body, j->x) != 0)
        continue;
      if (source->item.kind != LZ_ITEM_FORCE)
        {
          lz_notes_add (notes, _("“%s” is not eliminated: it has the prescribed motion or actuator “%s”."),
                        j->x, source->item.id);
          return FALSE;
        }
      g_ptr_array_add (j->loads, g_strdup (lz_expr_get_text (source->value)));
      g_ptr_array_add (j->load_ids, g_strdup (source->item.id));
    }
  return TRUE;
}

/* The arms on x; FALSE (with a note) when friction, a stop or a damped
 * contact acts on it. */
static gboolean
joint_collect_arms (Joint         *j,
                    const LzModel *model,
                    GPtrArray     *notes)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      LzJointArm arm;

      if (g_strcmp0 (el->b, j->x) != 0 && g_strcmp0 (el->a, j->x) != 0)
        continue;
      lz_joint_arm_init (&arm, el, j->x);
      if (arm.kind == LZ_ITEM_SPRING)
        {
          j->n_springs++;
          j->any_rigid |= compliance (&arm, j->rigid) == 0;
        }
      else if (arm.kind == LZ_ITEM_DAMPER)
        j->n_dampers++;
      else
        {
          if (arm.kind == LZ_ITEM_FRICTION)
            lz_notes_add (notes, _("“%s” is not eliminated: the friction “%s” acts on it (paper 003's "
                                   "non-inertial element μ ż = luz(F, F0))."),
                          j->x, el->item.id);
          else if (arm.kind == LZ_ITEM_STOP)
            lz_notes_add (notes, _("“%s” is not eliminated: the stop “%s” acts on it."), j->x, el->item.id);
          else
            lz_notes_add (notes, _("“%s” is not eliminated: the damped contact “%s” acts on it."),
                          j->x, el->item.id);
          lz_joint_arm_clear (&arm);
          return FALSE;
        }
      j->any_freeplay |= arm.freeplay > 0;
      g_array_append_val (j->arms, arm);
    }
  return TRUE;
}

/* Whether the arms have a closed form (else a note says why), and S. */
static gboolean
joint_check (Joint     *j,
             GPtrArray *notes)
{
  if (j->n_springs > 0 && j->n_dampers > 0)
    {
      lz_notes_add (notes, _("“%s” is not eliminated: springs and dampers both act on it, so its "
                             "coordinate is a first-order state (paper 002, §2)."),
                    j->x);
      return FALSE;
    }
  if (j->arms->len < 2)
    {
      lz_notes_add (notes, _("“%s” is not eliminated: fewer than two elements hold it."), j->x);
      return FALSE;
    }
  j->kind = j->n_springs > 0 ? LZ_ITEM_SPRING : LZ_ITEM_DAMPER;
  if ((j->any_freeplay || j->any_rigid) && j->arms->len != 2)
    {
      lz_notes_add (notes, _("“%s” is not eliminated: springs with freeplay combine only two in series, "
                             "and %u act on it."),
                    j->x, j->arms->len);
      return FALSE;
    }
  if (j->loads->len > 0 && (j->kind == LZ_ITEM_DAMPER || j->any_freeplay || j->any_rigid))
    {
      lz_notes_add (notes, j->kind == LZ_ITEM_DAMPER
                           ? _("“%s” is not eliminated: a load on a joint held by dampers would enter "
                               "through its time integral.")
                           : _("“%s” is not eliminated: a load on a joint between springs with freeplay "
                               "has no closed form."),
                    j->x);
      return FALSE;
    }
  for (guint i = 0; i < j->arms->len; i++)
    {
      const LzJointArm *ai = &g_array_index (j->arms, LzJointArm, i);
      double ci = compliance (ai, j->rigid);

      if (!isfinite (ci))
        {
          lz_notes_add (notes, _("“%s” is not eliminated: the damper “%s” has c = 0."), j->x, ai->element);
          return FALSE;
        }
      j->S += ci > 0 ? ai->beta * ai->beta / ci : 0;
      for (guint k = i + 1; k < j->arms->len; k++)
        {
          const LzJointArm *ak = &g_array_index (j->arms, LzJointArm, k);

          if (g_strcmp0 (ai->y, ak->y) == 0
              && fabs (ak->beta * ai->alpha - ai->beta * ak->alpha) > TIED_TOL * fabs (ai->beta * ak->alpha))
            {
              lz_notes_add (notes, _("“%s” is not eliminated: “%s” and “%s” both tie it to “%s”."),
                            j->x, ai->element, ak->element, ai->y);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* "prefix", or a variant of it no item of MODEL has */
static char *
new_id (const LzModel *model,
        const char    *prefix)
{
  return lz_model_lookup (model, prefix) == NULL ? g_strdup (prefix) : lz_model_make_unique_id (model, prefix);
}

/* Appends the new element to J's words: "“id”: k = …, freeplay … on g = …" */
static void
joint_describe (Joint             *j,
                const char        *id,
                const MeshElement *m)
{
  g_autofree char *vs = num (m->value), *c = num (m->cb);
  g_autofree char *cbs = g_strdup_printf ("%s·", c);

  if (j->made->len > 0)
    g_string_append (j->made, "; ");
  if (j->kind == LZ_ITEM_SPRING)
    {
      g_autoptr(GString) extra = g_string_new (NULL);
      g_autofree char *fs = num (m->freeplay), *os = num (m->offset);

      if (m->freeplay > 0)
        g_string_append_printf (extra, _(", freeplay %s"), fs);
      if (m->offset != 0)
        g_string_append_printf (extra, _(", offset %s"), os);
      g_string_append_printf (j->made, _("“%s”: k = %s%s on g = %s%s − %s"),
                              id, vs, extra->str, m->cb == 1 ? "" : cbs, m->b, m->a);
    }
  else
    g_string_append_printf (j->made, _("“%s”: c = %s on g = %s%s − %s"),
                            id, vs, m->cb == 1 ? "" : cbs, m->b, m->a);
}

/* The star–mesh transform's element between the far ends of arms AI and
 * AJ (see the top of this file); FALSE (with a note) when it is rigid. */
static gboolean
joint_add_mesh_element (Joint            *j,
                        LzModel          *model,
                        const LzJointArm *ai,
                        const LzJointArm *aj,
                        GPtrArray        *notes)
{
  MeshElement m;
  double value;
  g_autofree char *prefix = NULL, *id = NULL, *label = NULL;
  g_autoptr(GError) error = NULL;

  if (j->arms->len == 2)
    {
      double c = aj->beta * aj->beta * compliance (ai, j->rigid) + ai->beta * ai->beta * compliance (aj, j->rigid);

      value = c > 0 ? 1 / c : INFINITY;
    }
  else
    value = ai->value * aj->value / j->S;
  if (!isfinite (value))
    {
      lz_notes_add (notes, _("“%s” is not eliminated: every element on it is rigid."), j->x);
      return FALSE;
    }
  mesh_pair (model, ai, aj, value, fabs (aj->beta) * ai->freeplay + fabs (ai->beta) * aj->freeplay, &m);
  prefix = g_strdup_printf ("%s_%s", ai->element, aj->element);
  id = new_id (model, prefix);
  if (lz_model_add_element (model, j->kind, id, m.a, m.b, &error) == NULL
      || !lz_model_set_parameter (model, id, j->kind == LZ_ITEM_SPRING ? "k" : "c", m.value, &error)
      || (m.cb != 1 && !lz_model_set_parameter (model, id, "cb", m.cb, &error))
      || (j->kind == LZ_ITEM_SPRING && m.freeplay > 0
          && !lz_model_set_parameter (model, id, "freeplay", m.freeplay, &error))
      || (j->kind == LZ_ITEM_SPRING && m.offset != 0
          && !lz_model_set_parameter (model, id, "offset", m.offset, &error)))
    {
      g_critical ("eliminating “%s”: %s", j->x, error->message);
      return FALSE;
    }
  label = g_strdup_printf ("%s + %s", ai->label, aj->label);
  lz_model_set_parameter_string (model, id, "label", label, NULL);
  if (j->arms->len == 2)
    j->merged = g_strdup (id);
  joint_describe (j, id, &m);
  return TRUE;
}

/* The new elements, one per pair of arms whose far ends are not both
 * grounds nor one port. */
static gboolean
joint_add_mesh (Joint     *j,
                LzModel   *model,
                GPtrArray *notes)
{
  for (guint i = 0; i < j->arms->len; i++)
    for (guint k = i + 1; k < j->arms->len; k++)
      {
        const LzJointArm *ai = &g_array_index (j->arms, LzJointArm, i);
        const LzJointArm *ak = &g_array_index (j->arms, LzJointArm, k);

        if (!is_body (model, ai->y) && !is_body (model, ak->y))
          continue;                     /* between grounds: acts on no body */
        if (g_strcmp0 (ai->y, ak->y) == 0)
          continue;                     /* its coefficient on the body is 0 */
        if (!joint_add_mesh_element (j, model, ai, ak, notes))
          return FALSE;
      }
  return TRUE;
}

/* The loads on x pass to the neighbours: k_j β_j α_j / S of each. */
static gboolean
joint_pass_loads (Joint   *j,
                  LzModel *model)
{
  for (guint l = 0; l < j->loads->len; l++)
    for (guint k = 0; k < j->arms->len; k++)
      {
        const LzJointArm *ak = &g_array_index (j->arms, LzJointArm, k);
        double share = round12 (ak->value * ak->beta * ak->alpha / j->S);
        g_autofree char *prefix = NULL, *id = NULL, *value = NULL, *coef = NULL;

        if (!is_body (model, ak->y) || share == 0)
          continue;
        coef = lz_number_to_string (share);
        value = g_strdup_printf ("%s*(%s)", coef, (char *) j->loads->pdata[l]);
        prefix = g_strdup_printf ("%s_%s", (char *) j->load_ids->pdata[l], ak->y);
        id = new_id (model, prefix);
        if (lz_model_add_source (model, LZ_ITEM_FORCE, id, ak->y, value, NULL) == NULL)
          return FALSE;
      }
  return TRUE;
}

/* The record for putting x back (lz-joints.c). */
static LzJointStep *
joint_step_new (Joint         *j,
                const LzModel *model)
{
  LzJointStep *step = g_new0 (LzJointStep, 1);

  step->body = g_strdup (j->x);
  step->dampers = j->kind == LZ_ITEM_DAMPER;
  step->merged = g_steal_pointer (&j->merged);
  step->arms = g_array_ref (j->arms);
  step->loads = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_expr_unref);
  for (guint l = 0; l < j->load_ids->len; l++)
    g_ptr_array_add (step->loads,
                     lz_expr_ref (((const LzSource *) lz_model_lookup (model, j->load_ids->pdata[l]))->value));
  return step;
}

/* x, its arms and its loads leave the model; the note says what became
 * what. */
static void
joint_remove (Joint     *j,
              LzModel   *model,
              GPtrArray *notes)
{
  g_autoptr(GString) from = g_string_new (NULL);

  for (guint i = 0; i < j->arms->len; i++)
    {
      const LzJointArm *ai = &g_array_index (j->arms, LzJointArm, i);

      lz_append_quoted_id (from, ai->element);
      lz_model_remove (model, ai->element, NULL);
    }
  for (guint l = 0; l < j->load_ids->len; l++)
    lz_model_remove (model, j->load_ids->pdata[l], NULL);
  lz_model_remove (model, j->x, NULL);

  if (j->kind == LZ_ITEM_SPRING && j->any_freeplay)
    lz_notes_add (notes, _("Massless “%s” eliminated: springs with freeplay %s in series become %s "
                           "(paper 000, Theorem 3.6; paper 003, §4, Simplification 2)."),
                  j->x, from->str, j->made->str);
  else if (j->kind == LZ_ITEM_SPRING)
    lz_notes_add (notes, _("Massless “%s” eliminated: springs %s become %s (paper 002, Corollaries "
                           "4.5–4.6)."),
                  j->x, from->str, j->made->str);
  else
    lz_notes_add (notes, _("Massless “%s” eliminated: dampers %s become %s (paper 002, Corollary 4.5)."),
                  j->x, from->str, j->made->str);
}

/* Eliminates one massless body if it can; FALSE (with a note) otherwise. */
static gboolean
eliminate_one (LzModel     *model,
               const char  *x,
               GHashTable  *rigid,
               GPtrArray   *notes,
               GPtrArray   *steps)
{
  Joint j = { x, rigid, lz_joint_arms_new (), g_ptr_array_new_with_free_func (g_free),
              g_ptr_array_new_with_free_func (g_free), 0, 0, FALSE, FALSE, LZ_ITEM_SPRING, 0, NULL,
              g_string_new (NULL) };
  LzJointStep *step = NULL;
  gboolean done = joint_collect_loads (&j, model, notes)
                  && joint_collect_arms (&j, model, notes)
                  && joint_check (&j, notes)
                  && joint_add_mesh (&j, model, notes)
                  && joint_pass_loads (&j, model);

  if (done)
    {
      if (steps != NULL)
        {
          step = joint_step_new (&j, model);
          g_ptr_array_add (steps, step);
        }
      joint_remove (&j, model, notes);
      if (step != NULL && notes != NULL)
        step->note = g_strdup (notes->pdata[notes->len - 1]);
    }
  joint_clear (&j);
  return done;
}

static LzModel *
eliminate (const LzModel *model,
           GHashTable    *rigid,
           GPtrArray     *notes,
           GPtrArray     *steps)
{
  LzModel *copy = lz_model_copy (model);
  g_autoptr(GHashTable) kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean progress = TRUE;

  /* one body at a time, from the start again after each elimination (the
   * model's arrays change); a body that stays is tried once */
  while (progress)
    {
      progress = FALSE;
      for (guint i = 0; i < lz_model_get_n_bodies (copy) && !progress; i++)
        {
          const LzBody *body = lz_model_get_body (copy, i);
          g_autofree char *id = NULL;

          if (body->mass != 0 || g_hash_table_contains (kept, body->item.id))
            continue;
          id = g_strdup (body->item.id);
          if (eliminate_one (copy, id, rigid, notes, steps))
            progress = TRUE;
          else
            g_hash_table_add (kept, g_strdup (id));
        }
    }

  /* the new elements' parameters to 12 digits, once at the end */
  for (guint e = 0; e < lz_model_get_n_elements (copy); e++)
    {
      const LzElement *el = lz_model_get_element (copy, e);
      const char *params[] = { "k", "c", "cb", "freeplay", "offset" };
      g_autofree char *id = NULL;

      if (lz_model_lookup (model, el->item.id) != NULL)
        continue;
      id = g_strdup (el->item.id);
      for (guint p = 0; p < G_N_ELEMENTS (params); p++)
        {
          double v;

          if ((el->item.kind == LZ_ITEM_SPRING) == (strcmp (params[p], "c") == 0))
            continue;
          if ((el->item.kind == LZ_ITEM_DAMPER)
              && (strcmp (params[p], "freeplay") == 0 || strcmp (params[p], "offset") == 0))
            continue;
          if (lz_model_get_parameter (copy, id, params[p], &v, NULL) && v != round12 (v))
            lz_model_set_parameter (copy, id, params[p], round12 (v), NULL);
        }
    }
  return copy;
}

/**
 * lz_model_eliminate_joints:
 * @model: a valid model
 * @notes: (nullable) (element-type utf8): receives one sentence per
 *   massless body: how it was eliminated, or why it stays
 *
 * Eliminates every massless body held only by springs (or only by
 * dampers) in closed form: springs and dampers in series or in a star,
 * springs with freeplay two in series.  See the top of lz-simplify.c.
 *
 * Returns: (transfer full): the reduced model (a copy of @model when
 *   nothing could be eliminated)
 */
LzModel *
lz_model_eliminate_joints (const LzModel *model,
                           GPtrArray     *notes)
{
  g_return_val_if_fail (model != NULL, NULL);

  return eliminate (model, NULL, notes, NULL);
}

void
lz_joint_step_free (gpointer data)
{
  LzJointStep *step = data;

  g_free (step->body);
  g_free (step->merged);
  g_free (step->note);
  g_array_unref (step->arms);
  g_ptr_array_unref (step->loads);
  g_free (step);
}

/* As lz_model_eliminate_joints(), and STEPS receives an LzJointStep per
 * eliminated body, in the order of elimination (free with
 * lz_joint_step_free()). */
LzModel *
lz_model_eliminate_joints_with_steps (const LzModel *model,
                                      GPtrArray     *notes,
                                      GPtrArray     *steps)
{
  g_return_val_if_fail (model != NULL && steps != NULL, NULL);

  return eliminate (model, NULL, notes, steps);
}

/* A body of a gear train's inside: two chain elements (springs or gears
 * to bodies), otherwise only friction to grounds (bearings), no source. */
static gboolean
is_inner (const LzModel *model,
          const char    *id,
          char         **next,
          const char    *from)
{
  guint chain = 0;
  const char *other = NULL;

  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    if (g_strcmp0 (lz_model_get_source (model, s)->body, id) == 0)
      return FALSE;
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      const char *y;

      if (g_strcmp0 (el->a, id) != 0 && g_strcmp0 (el->b, id) != 0)
        continue;
      y = g_strcmp0 (el->a, id) == 0 ? el->b : el->a;
      if ((el->item.kind == LZ_ITEM_SPRING || el->item.kind == LZ_ITEM_GEAR) && is_body (model, y))
        {
          chain++;
          if (g_strcmp0 (y, from) != 0)
            other = y;
        }
      else if (!(el->item.kind == LZ_ITEM_FRICTION && !is_body (model, y)))
        return FALSE;
    }
  if (chain != 2 || other == NULL)
    return FALSE;
  *next = g_strdup (other);
  return TRUE;
}

/**
 * lz_model_find_gear_train:
 * @model: a model
 * @first: (out) (optional): the body at one end
 * @last: (out) (optional): the body at the other end
 * @inner: (nullable) (element-type utf8): receives the bodies in between
 *
 * Looks for the structure of paper 003's Fig. 10: a chain of bodies joined
 * one to the next by a spring or a gear mesh, with a gear mesh in it, whose
 * inner bodies have nothing else than bearings (friction to a ground).
 *
 * Returns: whether there is one (with at least one inner body)
 */
gboolean
lz_model_find_gear_train (const LzModel *model,
                          char         **first,
                          char         **last,
                          GPtrArray     *inner)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *gear = lz_model_get_element (model, e);
      g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) right = g_ptr_array_new_with_free_func (g_free);
      char *ends[2] = { NULL, NULL };
      const char *starts[2];
      GPtrArray *sides[2] = { left, right };

      if (gear->item.kind != LZ_ITEM_GEAR || !is_body (model, gear->a) || !is_body (model, gear->b))
        continue;
      starts[0] = gear->a;
      starts[1] = gear->b;
      for (guint side = 0; side < 2; side++)
        {
          g_autofree char *from = g_strdup (starts[1 - side]);
          g_autofree char *at = g_strdup (starts[side]);
          guint steps = 0;

          for (;;)
            {
              char *next = NULL;

              if (steps++ > lz_model_get_n_bodies (model) || !is_inner (model, at, &next, from))
                break;
              g_ptr_array_add (sides[side], g_strdup (at));
              g_free (from);
              from = g_steal_pointer (&at);
              at = next;
            }
          ends[side] = g_steal_pointer (&at);
        }
      if (left->len + right->len == 0 || g_strcmp0 (ends[0], ends[1]) == 0)
        {
          g_free (ends[0]);
          g_free (ends[1]);
          continue;
        }
      if (inner != NULL)
        {
          for (guint i = left->len; i > 0; i--)
            g_ptr_array_add (inner, g_strdup (left->pdata[i - 1]));
          for (guint i = 0; i < right->len; i++)
            g_ptr_array_add (inner, g_strdup (right->pdata[i]));
        }
      if (first != NULL)
        *first = ends[0];
      else
        g_free (ends[0]);
      if (last != NULL)
        *last = ends[1];
      else
        g_free (ends[1]);
      return TRUE;
    }
  return FALSE;
}

/**
 * lz_model_simplify_gear_train:
 * @model: a model with a gear train (lz_model_find_gear_train())
 * @level: 1: weightless gears (the inner bodies' inertia set to 0, their
 *   bearings kept: paper 003's non-inertial elements); 2: also frictionless
 *   bearings (removed), the inner bodies eliminated: one spring with the
 *   reduced stiffness and freeplay; 3: also rigid teeth and no freeplay:
 *   the reduced linear spring (1/k_ψδ + p²/k_γφ)⁻¹
 * @notes: (nullable) (element-type utf8): receives what was done
 * @error: an %LZ_ERROR_INVALID_MODEL error when there is no gear train
 *
 * The three formal simplifications of paper 003, §4.1, each a new model.
 *
 * Returns: (transfer full): the simplified model, or %NULL
 */
LzModel *
lz_model_simplify_gear_train (const LzModel *model,
                              guint          level,
                              GPtrArray     *notes,
                              GError       **error)
{
  g_autoptr(GPtrArray) inner = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(LzModel) copy = NULL;
  g_autoptr(GHashTable) rigid = NULL;
  g_autofree char *first = NULL, *last = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (level >= 1 && level <= 3, NULL);

  if (!lz_model_find_gear_train (model, &first, &last, inner))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("the model has no gear train: a chain of bodies joined by springs and a "
                     "gear mesh whose inner bodies have only bearings (paper 003, Fig. 10)"));
      return NULL;
    }
  for (guint i = 0; i < inner->len; i++)
    lz_append_quoted_id (names, inner->pdata[i]);

  copy = lz_model_copy (model);
  for (guint i = 0; i < inner->len; i++)
    {
      const LzBody *body = lz_model_lookup_body (copy, inner->pdata[i]);

      lz_model_set_parameter (copy, inner->pdata[i],
                              body->kind == LZ_BODY_ROTATIONAL ? "inertia" : "mass", 0, NULL);
    }
  lz_notes_add (notes, _("Simplification 1: the gears %s between “%s” and “%s” are weightless."),
                names->str, first, last);
  if (level == 1)
    return g_steal_pointer (&copy);

  /* frictionless bearings */
  for (guint i = 0; i < inner->len; i++)
    for (guint e = lz_model_get_n_elements (copy); e > 0; e--)
      {
        const LzElement *el = lz_model_get_element (copy, e - 1);

        if (el->item.kind == LZ_ITEM_FRICTION
            && (g_strcmp0 (el->a, inner->pdata[i]) == 0 || g_strcmp0 (el->b, inner->pdata[i]) == 0))
          {
            g_autofree char *id = g_strdup (el->item.id);

            lz_model_remove (copy, id, NULL);
          }
      }
  lz_notes_add (notes, _("Simplification 2: their bearings are frictionless (removed)."));

  if (level == 3)
    {
      rigid = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint e = 0; e < lz_model_get_n_elements (copy); e++)
        {
          const LzElement *el = lz_model_get_element (copy, e);
          gboolean in_chain = FALSE;

          for (guint i = 0; i < inner->len; i++)
            in_chain |= g_strcmp0 (el->a, inner->pdata[i]) == 0 || g_strcmp0 (el->b, inner->pdata[i]) == 0;
          if (!in_chain)
            continue;
          if (el->item.kind == LZ_ITEM_GEAR)
            g_hash_table_add (rigid, g_strdup (el->item.id));
          if (el->item.kind == LZ_ITEM_SPRING || el->item.kind == LZ_ITEM_GEAR)
            {
              g_autofree char *id = g_strdup (el->item.id);

              lz_model_set_parameter (copy, id, "freeplay", 0, NULL);
            }
        }
      lz_notes_add (notes, _("Simplification 3: the teeth are rigid and nothing has freeplay."));
    }
  return eliminate (copy, rigid, notes, NULL);
}
