/* lz-program-report.c — program motion of a model in words and numbers:
 * the explanation, the getters, and the text, JSON and CSV reports
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler.h"
#include "lz-export-private.h"
#include "lz-model.h"
#include "lz-program-private.h"

/* ------------------------------------------------------------------------ */
/* Explanation                                                              */

/* The elements' kinds in words (the explanation is read); the other
 * kinds by their file-format names. */
static const char *const kind_words[LZ_ITEM_N_KINDS] = {
  [LZ_ITEM_SPRING] = N_("spring"),
  [LZ_ITEM_DAMPER] = N_("damper"),
  [LZ_ITEM_FRICTION] = N_("friction element"),
  [LZ_ITEM_STOP] = N_("stop"),
  [LZ_ITEM_GEAR] = N_("gear mesh"),
  [LZ_ITEM_CONTACT] = N_("damped contact"),
  [LZ_ITEM_BACKLASH] = N_("backlash"),
};

/* The element's kind in words, translated. */
const char *
lz_program_element_kind_word (LzItemKind kind)
{
  if ((guint) kind < G_N_ELEMENTS (kind_words) && kind_words[kind] != NULL)
    return _(kind_words[kind]);
  return lz_item_kind_to_string (kind);
}

/* Explanation: which constraint is realized how, through which elements. */
static char *
connecting_elements (const LzProgramAnalysis *self,
                     int                      dof)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < self->n_el; k++)
    {
      const LzProgramEl *e = &self->el[k];

      if ((e->law->a == dof && e->law->b >= 0) || (e->law->b == dof && e->law->a >= 0))
        {
          if (out->len > 0)
            g_string_append (out, ", ");
          g_string_append_printf (out, "%s (%s)", e->law->id, lz_program_element_kind_word (e->law->kind));
        }
    }
  return g_string_free (out, FALSE);
}

void
lz_program_analysis_explain (LzProgramAnalysis *self)
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
      const LzProgramEl *e = &self->el[k];
      const char *id = e->law->id;

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
                                          id, lz_program_element_kind_word (e->law->kind)));
      if (lz_program_el_has_freeplay (e) && !e->inverted)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is a spring with freeplay outside the inverted path: "
                                            "its force k·luz(g − ℓ0, Δ) follows the motion"), id));
      else if (e->law->kind == LZ_ITEM_FRICTION)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is dry friction: the analysis assumes it slips, its "
                                            "force C·ġ ± F0 following the sign of the relative "
                                            "velocity; where that velocity reverses the force is "
                                            "set-valued (reported below) and a stick phase is not "
                                            "modelled"), id));
      else if (e->law->kind == LZ_ITEM_STOP)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("%s is a stop: the analysis assumes it stays open (no "
                                            "contact force) and reports where the motion reaches "
                                            "its limits"), id));
    }
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
  return g_strdupv ((char **) self->explanation->pdata);
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

/* The ids of the elements in the realizing path (INVERTED: of those whose
 * law is inverted), as a JSON array. */
static void
json_element_ids (GString                 *out,
                  const LzProgramAnalysis *self,
                  gboolean                 inverted)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint k = 0; k < self->n_el; k++)
    if (inverted ? self->el[k].inverted : self->el[k].in_path)
      {
        if (!first)
          g_string_append (out, ", ");
        lz_export_json_string (out, self->el[k].law->id);
        first = FALSE;
      }
  g_string_append_c (out, ']');
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
  g_string_append (out, ",\n  \"path\": ");
  json_element_ids (out, self, FALSE);
  g_string_append (out, ",\n  \"inverted\": ");
  json_element_ids (out, self, TRUE);
  g_string_append (out, ",\n  \"adjusted\": ");
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
