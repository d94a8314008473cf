/* lz-export.c — an assembly as text, JSON and Octave/MATLAB
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Numbers are written in the shortest form that reads back as the same
 * double (lz_number_to_string), so the JSON and Octave exports are exact.
 * The text export is for people: aligned matrices labelled by dof and
 * pair, the pairs table and the equations in luz/tar notation.
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler.h"
#include "lz-export-private.h"

/* ------------------------------------------------------------------------ */
/* Text                                                                      */

/* Display width of a UTF-8 string (every character one column). */
static glong
text_width (const char *text)
{
  return g_utf8_strlen (text, -1);
}

static void
append_padded (GString    *out,
               const char *text,
               glong       width,
               gboolean    right)
{
  glong pad = MAX (0, width - text_width (text));

  if (right)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

/* A labelled matrix:
 *
 *   K =        m1    m2
 *         m1   11   -10
 *         m2  -10    10
 */
void
lz_export_append_matrix (GString           *out,
                         const char        *name,
                         const gsl_matrix  *X,
                         guint              rows,
                         guint              cols,
                         char             **row_labels,
                         char             **col_labels)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autofree glong *widths = g_new0 (glong, cols + 1);
  g_autofree char *head = g_strdup_printf ("  %s =", name);

  if (rows == 0 || cols == 0)
    {
      g_string_append_printf (out, "%s [] (%u×%u)\n\n", head, rows, cols);
      return;
    }

  widths[0] = text_width (head);
  for (guint i = 0; i < rows; i++)
    widths[0] = MAX (widths[0], 4 + text_width (row_labels[i]));
  for (guint j = 0; j < cols; j++)
    widths[j + 1] = text_width (col_labels[j]);
  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < cols; j++)
      {
        double v = gsl_matrix_get (X, i, j);
        char *cell = v == 0.0 ? g_strdup ("0") : lz_number_to_string (v);

        widths[j + 1] = MAX (widths[j + 1], text_width (cell));
        g_ptr_array_add (cells, cell);
      }

  append_padded (out, head, widths[0], FALSE);
  for (guint j = 0; j < cols; j++)
    {
      g_string_append (out, "  ");
      append_padded (out, col_labels[j], widths[j + 1], TRUE);
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < rows; i++)
    {
      g_autofree char *label = g_strdup_printf ("    %s", row_labels[i]);

      append_padded (out, label, widths[0], FALSE);
      for (guint j = 0; j < cols; j++)
        {
          g_string_append (out, "  ");
          append_padded (out, g_ptr_array_index (cells, i * cols + j), widths[j + 1], TRUE);
        }
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');
}

static char **
dof_labels (const LzAssembly *self,
            const char       *prefix)
{
  guint n = lz_assembly_get_n_dofs (self);
  char **labels = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    labels[i] = g_strdup_printf ("%s%s", prefix, lz_assembly_get_dof_name (self, i));
  return labels;
}

static char **
state_labels (const LzAssembly *self)
{
  guint n = lz_assembly_get_n_dofs (self);
  char **labels = g_new0 (char *, 2 * n + 1);

  for (guint i = 0; i < n; i++)
    {
      labels[i] = g_strdup_printf ("q:%s", lz_assembly_get_dof_name (self, i));
      labels[n + i] = g_strdup_printf ("v:%s", lz_assembly_get_dof_name (self, i));
    }
  return labels;
}

static char **
pair_labels (const LzAssembly *self)
{
  guint np = lz_assembly_get_n_pairs (self);
  char **labels = g_new0 (char *, np + 1);

  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);

      labels[p] = g_strdup_printf ("%u:%s.%s", p + 1, pair->element, pair->side);
    }
  return labels;
}

static char **
row_labels (const LzAssembly *self)
{
  guint nr = lz_assembly_get_n_nonsmooth (self);
  char **labels = g_new0 (char *, nr + 1);

  for (guint r = 0; r < nr; r++)
    labels[r] = g_strdup (lz_assembly_get_nonsmooth_id (self, r));
  return labels;
}

/**
 * lz_assembly_to_text:
 * @self: an assembly
 *
 * The assembly for people to read: the dofs, M, C, K, f(t), the equations
 * of motion in luz/tar notation, W, the complementarity pairs with their
 * meaning and, for regular M, the LCS matrices and affine terms.
 *
 * Returns: (transfer full): the text
 */
char *
lz_assembly_to_text (const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  guint np = lz_assembly_get_n_pairs (self);
  GString *out = g_string_new (NULL);
  g_auto(GStrv) dofs = dof_labels (self, "");
  g_auto(GStrv) states = state_labels (self);
  g_auto(GStrv) pairs = pair_labels (self);
  g_auto(GStrv) rows = row_labels (self);
  const char *name = lz_model_get_name (model);
  glong w_id = 7, w_side = 4, w_y = 1, w_u = 1;

  g_string_append_printf (out, _("Model “%s”: "), name != NULL ? name : "");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u degree of freedom",
                                            "%u degrees of freedom", n), n);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u nonsmooth element",
                                            "%u nonsmooth elements", nr), nr);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u complementarity pair",
                                            "%u complementarity pairs", np), np);
  g_string_append (out, "\n");
  g_string_append (out, _("Convention: g = cb·q_b − ca·q_a; a tension T acts +ca·T on a, −cb·T on b;\n"
                          "M q'' + C q' + K q ∈ f(t) + Wᵀλ with λ = −T of the nonsmooth elements.\n\n"));

  g_string_append (out, _("Degrees of freedom\n"));
  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);
      g_autofree char *m = lz_number_to_string (body->mass);

      g_string_append_printf (out, "  %u  %s  %s  %s = %s\n", i + 1, body->item.id,
                              lz_body_kind_to_string (body->kind),
                              body->kind == LZ_BODY_ROTATIONAL ? "J" : "m", m);
    }
  g_string_append_c (out, '\n');

  lz_export_append_matrix (out, "M", lz_assembly_get_M (self), n, n, dofs, dofs);
  lz_export_append_matrix (out, "C", lz_assembly_get_C (self), n, n, dofs, dofs);
  lz_export_append_matrix (out, "K", lz_assembly_get_K (self), n, n, dofs, dofs);

  g_string_append (out, "  f(t) =\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "    %s  %s\n", dofs[i], lz_assembly_get_f_text (self, i));
  g_string_append_c (out, '\n');

  g_string_append (out, _("Equations of motion (luz, tar: paper 000; Sgn: the set-valued sign; λ: contact forces)\n"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *eq = lz_assembly_dup_equation (self, i);

      g_string_append_printf (out, "  %s\n", eq);
    }
  g_string_append_c (out, '\n');

  lz_export_append_matrix (out, "W", lz_assembly_get_W (self), nr, n, rows, dofs);

  g_string_append (out, _("Complementarity pairs 0 ≤ y ⊥ u ≥ 0\n"));
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);

      w_id = MAX (w_id, text_width (pair->element));
      w_side = MAX (w_side, text_width (pair->side));
      w_y = MAX (w_y, text_width (pair->y));
      w_u = MAX (w_u, text_width (pair->u));
    }
  if (np > 0)
    {
      g_string_append (out, "   #  ");
      append_padded (out, "element", w_id, FALSE);
      g_string_append (out, "  ");
      append_padded (out, "side", w_side, FALSE);
      g_string_append (out, "  ");
      append_padded (out, "y", w_y, FALSE);
      g_string_append (out, "  ");
      append_padded (out, "u", w_u, FALSE);
      g_string_append (out, "  meaning\n");
    }
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);

      g_string_append_printf (out, "  %2u  ", p + 1);
      append_padded (out, pair->element, w_id, FALSE);
      g_string_append (out, "  ");
      append_padded (out, pair->side, w_side, FALSE);
      g_string_append (out, "  ");
      append_padded (out, pair->y, w_y, FALSE);
      g_string_append (out, "  ");
      append_padded (out, pair->u, w_u, FALSE);
      g_string_append_printf (out, "  %s\n", pair->meaning);
    }
  if (np == 0)
    g_string_append (out, _("  (none: the model is smooth)\n"));
  g_string_append_c (out, '\n');

  if (!lz_assembly_has_lcs (self))
    {
      GString *massless = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        if (!(lz_model_get_body (model, i)->mass > 0))
          g_string_append_printf (massless, "%s%s", massless->len > 0 ? ", " : "",
                                  lz_assembly_get_dof_name (self, i));
      g_string_append_printf (out, _("M is singular (no mass or inertia: %s), so there is no explicit\n"
                                     "linear complementarity system; the reduction of paper 002 applies.\n"),
                              massless->str);
      g_string_free (massless, TRUE);
      return g_string_free (out, FALSE);
    }

  g_string_append (out, _("Linear complementarity system  x' = A x + B u + e(t),  y = C x + D u + d(t),  x = (q, q')\n"));
  lz_export_append_matrix (out, "A", lz_assembly_get_lcs_A (self), 2 * n, 2 * n, states, states);
  lz_export_append_matrix (out, "B", lz_assembly_get_lcs_B (self), 2 * n, np, states, pairs);
  lz_export_append_matrix (out, "C", lz_assembly_get_lcs_C (self), np, 2 * n, pairs, states);
  lz_export_append_matrix (out, "D", lz_assembly_get_lcs_D (self), np, np, pairs, pairs);
  g_string_append (out, "  e(t) =\n");
  for (guint i = 0; i < 2 * n; i++)
    g_string_append_printf (out, "    %s  %s\n", states[i], lz_assembly_get_lcs_e_text (self, i));
  g_string_append (out, "  d(t) =\n");
  for (guint p = 0; p < np; p++)
    g_string_append_printf (out, "    %s  %s\n", pairs[p], lz_assembly_get_lcs_d_text (self, p));
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                      */

void
lz_export_json_string (GString    *out,
                       const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

void
lz_export_json_number (GString *out,
                       double   value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  text = lz_number_to_string (value);
  g_string_append (out, text);
}

void
lz_export_json_matrix (GString          *out,
                       const gsl_matrix *X,
                       guint             rows,
                       guint             cols)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < rows; i++)
    {
      g_string_append (out, i > 0 ? ",\n      [" : "[");
      for (guint j = 0; j < cols; j++)
        {
          if (j > 0)
            g_string_append (out, ", ");
          lz_export_json_number (out, gsl_matrix_get (X, i, j));
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, ']');
}

void
lz_export_json_strings (GString     *out,
                        char       **strings,
                        guint        n)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      lz_export_json_string (out, strings[i]);
    }
  g_string_append_c (out, ']');
}

/**
 * lz_assembly_to_json:
 * @self: an assembly
 *
 * The assembly as one JSON object (format "luztar-assembly", version 1):
 * "dofs", "M", "C", "K", "f" (expressions in t), "equations",
 * "nonsmooth" (W's row ids), "W", "pairs" (element, row, kind, side, y, u,
 * meaning) and "lcs" (null for singular M, else A, B, C, D, e, d and the
 * state labels).  Matrices are arrays of rows; numbers are exact.
 *
 * Returns: (transfer full): the JSON text
 */
char *
lz_assembly_to_json (const LzAssembly *self)
{
  static const char *kind_names[] = {
    "stop-lower", "stop-upper", "friction-pos", "friction-neg", "freeplay-pos", "freeplay-neg",
  };
  LzModel *model = lz_assembly_get_model (self);
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  guint np = lz_assembly_get_n_pairs (self);
  GString *out = g_string_new ("{\n");
  g_auto(GStrv) rows = row_labels (self);
  g_auto(GStrv) states = state_labels (self);
  g_autofree char **f = g_new0 (char *, n + 1);
  g_auto(GStrv) equations = g_new0 (char *, n + 1);

  g_string_append (out, "  \"format\": \"luztar-assembly\",\n  \"version\": 1,\n  \"model\": ");
  lz_export_json_string (out, lz_model_get_name (model));
  g_string_append (out, ",\n  \"dofs\": [");
  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      g_string_append (out, i > 0 ? ",\n    {\"id\": " : "\n    {\"id\": ");
      lz_export_json_string (out, body->item.id);
      g_string_append (out, ", \"kind\": ");
      lz_export_json_string (out, lz_body_kind_to_string (body->kind));
      g_string_append (out, ", \"mass\": ");
      lz_export_json_number (out, body->mass);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n  \"M\": ");
  lz_export_json_matrix (out, lz_assembly_get_M (self), n, n);
  g_string_append (out, ",\n  \"C\": ");
  lz_export_json_matrix (out, lz_assembly_get_C (self), n, n);
  g_string_append (out, ",\n  \"K\": ");
  lz_export_json_matrix (out, lz_assembly_get_K (self), n, n);
  for (guint i = 0; i < n; i++)
    {
      f[i] = (char *) lz_assembly_get_f_text (self, i);
      equations[i] = lz_assembly_dup_equation (self, i);
    }
  g_string_append (out, ",\n  \"f\": ");
  lz_export_json_strings (out, f, n);
  g_string_append (out, ",\n  \"equations\": ");
  lz_export_json_strings (out, equations, n);
  g_string_append (out, ",\n  \"nonsmooth\": ");
  lz_export_json_strings (out, rows, nr);
  g_string_append (out, ",\n  \"W\": ");
  lz_export_json_matrix (out, lz_assembly_get_W (self), nr, n);
  g_string_append (out, ",\n  \"pairs\": [");
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);

      g_string_append (out, p > 0 ? ",\n    {\"element\": " : "\n    {\"element\": ");
      lz_export_json_string (out, pair->element);
      g_string_append_printf (out, ", \"row\": %u, \"kind\": ", pair->row);
      lz_export_json_string (out, kind_names[pair->kind]);
      g_string_append (out, ", \"side\": ");
      lz_export_json_string (out, pair->side);
      g_string_append (out, ", \"y\": ");
      lz_export_json_string (out, pair->y);
      g_string_append (out, ", \"u\": ");
      lz_export_json_string (out, pair->u);
      g_string_append (out, ", \"meaning\": ");
      lz_export_json_string (out, pair->meaning);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n  \"lcs\": ");
  if (!lz_assembly_has_lcs (self))
    g_string_append (out, "null");
  else
    {
      g_autofree char **e = g_new0 (char *, 2 * n + 1);
      g_autofree char **d = g_new0 (char *, np + 1);

      for (guint i = 0; i < 2 * n; i++)
        e[i] = (char *) lz_assembly_get_lcs_e_text (self, i);
      for (guint p = 0; p < np; p++)
        d[p] = (char *) lz_assembly_get_lcs_d_text (self, p);
      g_string_append (out, "{\n    \"x\": ");
      lz_export_json_strings (out, states, 2 * n);
      g_string_append (out, ",\n    \"A\": ");
      lz_export_json_matrix (out, lz_assembly_get_lcs_A (self), 2 * n, 2 * n);
      g_string_append (out, ",\n    \"B\": ");
      lz_export_json_matrix (out, lz_assembly_get_lcs_B (self), 2 * n, np);
      g_string_append (out, ",\n    \"C\": ");
      lz_export_json_matrix (out, lz_assembly_get_lcs_C (self), np, 2 * n);
      g_string_append (out, ",\n    \"D\": ");
      lz_export_json_matrix (out, lz_assembly_get_lcs_D (self), np, np);
      g_string_append (out, ",\n    \"e\": ");
      lz_export_json_strings (out, e, 2 * n);
      g_string_append (out, ",\n    \"d\": ");
      lz_export_json_strings (out, d, np);
      g_string_append (out, "\n  }");
    }
  g_string_append (out, "\n}\n");
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Octave / MATLAB                                                           */

void
lz_export_octave_matrix (GString          *out,
                         const char       *name,
                         const gsl_matrix *X,
                         guint             rows,
                         guint             cols)
{
  g_string_append_printf (out, "%s = [", name);
  if (rows == 0 || cols == 0)
    {
      g_string_append_printf (out, "];\n%s = zeros(%u, %u);\n", name, rows, cols);
      return;
    }
  for (guint i = 0; i < rows; i++)
    {
      if (i > 0)
        g_string_append (out, ";\n     ");
      for (guint j = 0; j < cols; j++)
        {
          g_autofree char *v = lz_number_to_string (gsl_matrix_get (X, i, j));

          g_string_append_printf (out, j > 0 ? " %s" : "%s", v);
        }
    }
  g_string_append (out, "];\n");
}

/* A single-quoted Octave string. */
void
lz_export_octave_string (GString    *out,
                         const char *text)
{
  g_string_append_c (out, '\'');
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "''");
      else if (*p == '\n')
        g_string_append_c (out, ' ');
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
}

static void
octave_function (GString    *out,
                 const char *name,
                 const char *const *texts,
                 guint       n)
{
  g_string_append_printf (out, "%s = @(t) [", name);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "; " : "", texts[i]);
  if (n == 0)
    g_string_append (out, "zeros(0, 1)");
  g_string_append (out, "];\n");
}

/**
 * lz_assembly_to_octave:
 * @self: an assembly
 *
 * The assembly as an Octave/MATLAB script defining M, C, K, f (a function
 * of t), W, the pairs table (a cell array: element, side, y, u, meaning)
 * and, for regular M, A, B, Cy, D, e(t), d(t).  libmatheval's step() and
 * delta() are defined at the top for the expressions that use them.
 *
 * Returns: (transfer full): the script
 */
char *
lz_assembly_to_octave (const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  guint np = lz_assembly_get_n_pairs (self);
  GString *out = g_string_new (NULL);
  g_autofree const char **texts = g_new0 (const char *, 2 * n + np + 1);
  const char *name = lz_model_get_name (model);

  g_string_append_printf (out, "%% Luztar assembly of the model \"%s\"\n",
                          name != NULL ? name : "");
  g_string_append (out, "% Conventions: g = cb*q_b - ca*q_a, tension T acts +ca*T on a and -cb*T on b;\n"
                        "% M q'' + C q' + K q = f(t) + W' * lambda, lambda = -T of the nonsmooth elements.\n");
  g_string_append (out, "% Degrees of freedom (rows of M):");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %u:%s", i + 1, lz_assembly_get_dof_name (self, i));
  g_string_append (out, "\n\n");
  g_string_append (out, "step = @(x) double(x >= 0);      % libmatheval's step()\n"
                        "delta = @(x) double(x == 0);     % libmatheval's delta()\n\n");

  g_string_append (out, "dofs = {");
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      lz_export_octave_string (out, lz_assembly_get_dof_name (self, i));
    }
  g_string_append (out, "};\n");
  lz_export_octave_matrix (out, "M", lz_assembly_get_M (self), n, n);
  lz_export_octave_matrix (out, "C", lz_assembly_get_C (self), n, n);
  lz_export_octave_matrix (out, "K", lz_assembly_get_K (self), n, n);
  for (guint i = 0; i < n; i++)
    texts[i] = lz_assembly_get_f_text (self, i);
  octave_function (out, "f", texts, n);
  g_string_append (out, "\n% Equations of motion in luz/tar notation:\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *eq = lz_assembly_dup_equation (self, i);

      g_string_append_printf (out, "%%   %s\n", eq);
    }
  g_string_append (out, "\nnonsmooth = {");
  for (guint r = 0; r < nr; r++)
    {
      if (r > 0)
        g_string_append (out, ", ");
      lz_export_octave_string (out, lz_assembly_get_nonsmooth_id (self, r));
    }
  g_string_append (out, "};\n");
  lz_export_octave_matrix (out, "W", lz_assembly_get_W (self), nr, n);

  g_string_append (out, "\n% Complementarity pairs 0 <= y _|_ u >= 0: element, side, y, u, meaning\npairs = {");
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);

      g_string_append (out, p > 0 ? ";\n  " : "\n  ");
      lz_export_octave_string (out, pair->element);
      g_string_append (out, ", ");
      lz_export_octave_string (out, pair->side);
      g_string_append (out, ", ");
      lz_export_octave_string (out, pair->y);
      g_string_append (out, ", ");
      lz_export_octave_string (out, pair->u);
      g_string_append (out, ", ");
      lz_export_octave_string (out, pair->meaning);
    }
  g_string_append (out, "};\n");

  if (!lz_assembly_has_lcs (self))
    {
      g_string_append (out, "\n% M is singular: no explicit linear complementarity system (see paper 002).\n");
      return g_string_free (out, FALSE);
    }

  g_string_append (out, "\n% Linear complementarity system, x = [q; q']:\n"
                        "%   x' = A*x + B*u + e(t),  y = Cy*x + D*u + d(t),  0 <= y _|_ u >= 0\n");
  lz_export_octave_matrix (out, "A", lz_assembly_get_lcs_A (self), 2 * n, 2 * n);
  lz_export_octave_matrix (out, "B", lz_assembly_get_lcs_B (self), 2 * n, np);
  lz_export_octave_matrix (out, "Cy", lz_assembly_get_lcs_C (self), np, 2 * n);
  lz_export_octave_matrix (out, "D", lz_assembly_get_lcs_D (self), np, np);
  for (guint i = 0; i < 2 * n; i++)
    texts[i] = lz_assembly_get_lcs_e_text (self, i);
  octave_function (out, "e", texts, 2 * n);
  for (guint p = 0; p < np; p++)
    texts[p] = lz_assembly_get_lcs_d_text (self, p);
  octave_function (out, "d", texts, np);
  return g_string_free (out, FALSE);
}
