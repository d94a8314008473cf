/* lz-reduce-report.c — a reduction for people and programs: the text of
 * luztar-cli reduce, its JSON and an Octave script, with the massless
 * nodes' equations
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-dense.h"
#include "lz-export-private.h"
#include "lz-format.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-reduce-private.h"


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
                              self->n, lz_dense_rank (self->M, LZ_REDUCE_RANK_TOL));
    }
  else
    g_string_append_printf (out, _("Reduction: %u coordinates, M of rank %u"), self->n, lz_dense_rank (self->M, LZ_REDUCE_RANK_TOL));
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

/* A JSON string, or null */
static void
json_string_or_null (GString    *out,
                     const char *s)
{
  if (s != NULL)
    lz_export_json_string (out, s);
  else
    g_string_append (out, "null");
}

/* The elements of "assumptions": [{"label", "holds", "text"}, …] */
static void
append_assumptions_json (const LzReduction *self,
                         GString           *out)
{
  for (guint i = 0; i < self->assumptions->len; i++)
    {
      const LzAssumption *a = &g_array_index (self->assumptions, LzAssumption, i);

      g_string_append (out, i > 0 ? ",\n    {\"label\": " : "\n    {\"label\": ");
      lz_export_json_string (out, a->label);
      g_string_append_printf (out, ", \"holds\": %s, \"text\": ", a->holds ? "true" : "false");
      lz_export_json_string (out, a->text);
      g_string_append_c (out, '}');
    }
}

/* The elements of "nodes": [{"body", "kind", "theorem", "elements",
 * "entangled", "equation", "equations", "text", "values"}, …] */
static void
append_nodes_json (const LzReduction *self,
                   GString           *out)
{
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
      json_string_or_null (out, node->theorem);
      g_string_append (out, ",\n     \"elements\": ");
      lz_export_json_strings (out, node->elements, g_strv_length (node->elements));
      g_string_append (out, ",\n     \"entangled\": ");
      lz_export_json_string (out, node->entangled);
      g_string_append (out, ",\n     \"equation\": ");
      json_string_or_null (out, node->equations[0]);
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
}

/**
 * lz_reduction_to_json:
 * @self: an analysis
 *
 * The analysis as JSON: "kind", "pencil" {"regular", "lambda"}, "N1",
 * "N2", "N3", "assumptions" [{"label", "holds", "text"}], "diagnosis",
 * "kept", "eliminated", "U", "S", "Mr", "Cr", "Kr", "fr" (texts in t),
 * "jordan" {"regular", "nilpotent", "index", "blocks"} (null when it cannot
 * be computed in double precision).  Matrices that do
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
  append_assumptions_json (self, out);
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
  if (self->jordan_unknown)
    g_string_append (out, ",\n  \"jordan\": null");
  else
    {
      g_string_append_printf (out, ",\n  \"jordan\": {\"regular\": %u, \"nilpotent\": %u, \"index\": %u, "
                              "\"blocks\": [", self->regular_dim, self->nilpotent_dim, self->index);
      for (guint b = 0; b < self->blocks->len; b++)
        g_string_append_printf (out, "%s%u", b > 0 ? ", " : "", g_array_index (self->blocks, guint, b));
      g_string_append (out, "]}");
    }
  g_string_append (out, ",\n  \"nodes\": [");
  append_nodes_json (self, out);
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
  lz_export_octave_cell (out, "kept", kept, g_strv_length (kept));
  lz_export_octave_cell (out, "eliminated", eliminated, g_strv_length (eliminated));
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

