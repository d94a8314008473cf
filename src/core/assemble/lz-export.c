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

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler.h"
#include "lz-export-private.h"
#include "lz-friction.h"

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

/* The labels of the rows and columns of the exported matrices. */
typedef enum
{
  LABELS_DOFS,    /* the body ids: "m1" */
  LABELS_STATES,  /* x = (q, q'): "q:m1", …, "v:m1", … */
  LABELS_PAIRS,   /* "1:s1.lower" */
  LABELS_ROWS,    /* the rows of W: the nonsmooth elements' ids */
} Labels;

static guint
labels_count (const LzAssembly *self,
              Labels            labels)
{
  switch (labels)
    {
    case LABELS_DOFS:
      return lz_assembly_get_n_dofs (self);
    case LABELS_STATES:
      return 2 * lz_assembly_get_n_dofs (self);
    case LABELS_PAIRS:
      return lz_assembly_get_n_pairs (self);
    case LABELS_ROWS:
      return lz_assembly_get_n_nonsmooth (self);
    default:
      g_assert_not_reached ();
    }
}

static char *
label_text (const LzAssembly *self,
            Labels            labels,
            guint             i)
{
  guint n = lz_assembly_get_n_dofs (self);
  const LzPair *pair;

  switch (labels)
    {
    case LABELS_DOFS:
      return g_strdup (lz_assembly_get_dof_name (self, i));
    case LABELS_STATES:
      return g_strdup_printf (i < n ? "q:%s" : "v:%s", lz_assembly_get_dof_name (self, i % n));
    case LABELS_PAIRS:
      pair = lz_assembly_get_pair (self, i);
      return g_strdup_printf ("%u:%s.%s", i + 1, pair->element, pair->side);
    case LABELS_ROWS:
      return g_strdup (lz_assembly_get_nonsmooth_id (self, i));
    default:
      g_assert_not_reached ();
    }
}

/* A %NULL-terminated array of the labels. */
static char **
labels_new (const LzAssembly *self,
            Labels            labels)
{
  guint count = labels_count (self, labels);
  char **strings = g_new0 (char *, count + 1);

  for (guint i = 0; i < count; i++)
    strings[i] = label_text (self, labels, i);
  return strings;
}

/* The matrices of an assembly, in the order of every export: name (the
 * Octave name where it differs), accessor and the labels of the rows and
 * columns (which also give the sizes). */
typedef struct
{
  const char         *name;
  const char         *octave_name;
  const gsl_matrix *(*get) (const LzAssembly *self);
  Labels              rows;
  Labels              cols;
} ExportMatrix;

static const ExportMatrix dynamics_matrices[] = {
  { "M", "M", lz_assembly_get_M, LABELS_DOFS, LABELS_DOFS },
  { "C", "C", lz_assembly_get_C, LABELS_DOFS, LABELS_DOFS },
  { "K", "K", lz_assembly_get_K, LABELS_DOFS, LABELS_DOFS },
};

static const ExportMatrix lcs_matrices[] = {
  { "A", "A", lz_assembly_get_lcs_A, LABELS_STATES, LABELS_STATES },
  { "B", "B", lz_assembly_get_lcs_B, LABELS_STATES, LABELS_PAIRS },
  { "C", "Cy", lz_assembly_get_lcs_C, LABELS_PAIRS, LABELS_STATES },
  { "D", "D", lz_assembly_get_lcs_D, LABELS_PAIRS, LABELS_PAIRS },
};

typedef enum
{
  FORMAT_TEXT,
  FORMAT_JSON,
  FORMAT_OCTAVE,
} Format;

/* The matrices of a table in one of the formats: labelled blocks of text,
 * ",\n<json_indent>"NAME": [[…]]" members of a JSON object, or Octave
 * assignments. */
static void
write_matrices (GString            *out,
                const LzAssembly   *self,
                const ExportMatrix *matrices,
                guint               n_matrices,
                Format              format,
                const char         *json_indent)
{
  for (guint m = 0; m < n_matrices; m++)
    {
      const ExportMatrix *x = &matrices[m];
      guint rows = labels_count (self, x->rows), cols = labels_count (self, x->cols);

      switch (format)
        {
        case FORMAT_TEXT:
          {
            g_auto(GStrv) row_labels = labels_new (self, x->rows);
            g_auto(GStrv) col_labels = labels_new (self, x->cols);

            lz_export_append_matrix (out, x->name, x->get (self), rows, cols, row_labels,
                                     col_labels);
            break;
          }
        case FORMAT_JSON:
          g_string_append_printf (out, ",\n%s\"%s\": ", json_indent, x->name);
          lz_export_json_matrix (out, x->get (self), rows, cols);
          break;
        case FORMAT_OCTAVE:
          lz_export_octave_matrix (out, x->octave_name, x->get (self), rows, cols);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* "  NAME =" and one line "    LABEL  TEXT" per entry. */
static void
text_vector (GString    *out,
             const char *name,
             char      **labels,
             guint       n,
             const char *(*get) (const LzAssembly *self, guint i),
             const LzAssembly *self)
{
  g_string_append_printf (out, "  %s =\n", name);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "    %s  %s\n", labels[i], get (self, i));
}

/* The first lines: the sizes, the convention and the degrees of freedom. */
static void
text_header (GString          *out,
             const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  guint np = lz_assembly_get_n_pairs (self);
  const char *name = lz_model_get_name (model);

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
}

/* The element, side, y and u columns of a line of the pairs table. */
static void
append_pair_columns (GString           *out,
                     const char *const  columns[4],
                     const glong        widths[4])
{
  for (guint c = 0; c < 4; c++)
    {
      if (c > 0)
        g_string_append (out, "  ");
      append_padded (out, columns[c], widths[c], FALSE);
    }
}

static void
text_pairs (GString          *out,
            const LzAssembly *self)
{
  static const char *const titles[4] = { "element", "side", "y", "u" };
  guint np = lz_assembly_get_n_pairs (self);
  glong widths[4] = { 7, 4, 1, 1 };

  g_string_append (out, _("Complementarity pairs 0 ≤ y ⊥ u ≥ 0\n"));
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);
      const char *const columns[4] = { pair->element, pair->side, pair->y, pair->u };

      for (guint c = 0; c < 4; c++)
        widths[c] = MAX (widths[c], text_width (columns[c]));
    }
  if (np > 0)
    {
      g_string_append (out, "   #  ");
      append_pair_columns (out, titles, widths);
      g_string_append (out, "  meaning\n");
    }
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);
      const char *const columns[4] = { pair->element, pair->side, pair->y, pair->u };

      g_string_append_printf (out, "  %2u  ", p + 1);
      append_pair_columns (out, columns, widths);
      g_string_append_printf (out, "  %s\n", pair->meaning);
    }
  if (np == 0)
    g_string_append (out, _("  (none: the model is smooth)\n"));
  g_string_append_c (out, '\n');
}

/* ------------------------------------------------------------------------ */
/* The element laws the equations name                                        */

/* The families of the laws under the equations, in the order written. */
typedef enum
{
  LAW_FRICTION,         /* friction beyond Coulomb's: Sgn[id] */
  LAW_CONTACT,          /* a damped contact or a backlash: F_lo, F_hi */
  LAW_RIGID,            /* a stop with lower = upper: λ_lo, λ_hi as one */
  LAW_N_FAMILIES
} LawFamily;

/* One law: the element, its family, the kind named in the exports and
 * the text. */
typedef struct
{
  const char *element;
  LawFamily   family;
  const char *kind;
  char       *text;
} ElementLaw;

static void
element_law_clear (gpointer data)
{
  g_free (((ElementLaw *) data)->text);
}

/* A damped contact's (or a backlash's) law: the force on each closed
 * side, max(0, k·δ + c·δ̇), never pulling. */
static char *
contact_law_text (const LzElement *element)
{
  gboolean backlash = element->item.kind == LZ_ITEM_BACKLASH;
  double lower = backlash ? -element->contact.freeplay : element->contact.lower;
  double upper = backlash ? element->contact.freeplay : element->contact.upper;
  g_autofree char *k = lz_number_to_string (element->contact.stiffness);
  g_autofree char *c = lz_number_to_string (element->contact.damping);
  g_autofree char *lo = lz_number_to_string (lower), *hi = lz_number_to_string (upper);
  const char *id = element->item.id;
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s: F = max(0, k·δ + c·δ̇) while δ > 0, F = 0 while δ ≤ 0; k = %s, c = %s",
                          id, k, c);
  if (isfinite (lower))
    g_string_append_printf (out, "; F_lo[%s] with δ = %s − g", id, lo);
  if (isfinite (upper))
    g_string_append_printf (out, "; F_hi[%s] with δ = g − %s", id, hi);
  if (backlash)
    g_string_append_printf (out, " (backlash ±%s)", hi);
  return g_string_free (out, FALSE);
}

/* A rigid coupling's law: the equality row, its force free in sign. */
static char *
rigid_law_text (const LzElement *element)
{
  g_autofree char *limit = lz_number_to_string (element->stop.lower);
  const char *id = element->item.id;

  return g_strdup_printf ("%s: g = %s, an equality row (rigid coupling): λ[%s] = λ_lo[%s] − λ_hi[%s] "
                          "free in sign, never an impact or a lift-off", id, limit, id, id, id);
}

/* The laws of the model's elements that the equations and the pairs name
 * but do not spell out (ElementLaw). */
static GArray *
element_laws_new (const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);
  GArray *laws = g_array_new (FALSE, FALSE, sizeof (ElementLaw));

  g_array_set_clear_func (laws, element_law_clear);
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      ElementLaw law = { element->item.id, LAW_N_FAMILIES, NULL, NULL };

      if (element->item.kind == LZ_ITEM_FRICTION && !lz_friction_element_is_coulomb (element))
        law = (ElementLaw) { element->item.id, LAW_FRICTION, "friction", lz_friction_law_text (element) };
      else if (element->item.kind == LZ_ITEM_CONTACT || element->item.kind == LZ_ITEM_BACKLASH)
        law = (ElementLaw) { element->item.id, LAW_CONTACT,
                             element->item.kind == LZ_ITEM_CONTACT ? "contact" : "backlash",
                             contact_law_text (element) };
      else if (element->item.kind == LZ_ITEM_STOP && isfinite (element->stop.lower)
               && element->stop.lower == element->stop.upper)
        law = (ElementLaw) { element->item.id, LAW_RIGID, "rigid-coupling", rigid_law_text (element) };
      if (law.text != NULL)
        g_array_append_val (laws, law);
    }
  return laws;
}

/* The laws under the equations, by family, each under its heading. */
static void
text_element_laws (GString          *out,
                   const LzAssembly *self)
{
  static const char *const headings[LAW_N_FAMILIES] = {
    N_("Friction laws (sliding level for v ≠ 0, the static box at v = 0; "
       "the pairs below take the static levels at t = 0)\n"),
    N_("Damped contacts (the force while the gap is closed, never pulling: the pairs below "
       "are F ≥ 0 ⊥ F − (k·δ + c·δ̇) ≥ 0 on a closed side)\n"),
    N_("Rigid couplings (lower = upper: the two pairs below are one equality row)\n"),
  };
  g_autoptr(GArray) laws = element_laws_new (self);

  for (guint f = 0; f < LAW_N_FAMILIES; f++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < laws->len; i++)
        {
          const ElementLaw *law = &g_array_index (laws, ElementLaw, i);

          if (law->family != f)
            continue;
          if (!any)
            g_string_append (out, _(headings[f]));
          any = TRUE;
          g_string_append_printf (out, "  %s\n", law->text);
        }
      if (any)
        g_string_append_c (out, '\n');
    }
}

/* Why there is no LCS: the bodies without mass. */
static void
text_no_lcs (GString          *out,
             const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);
  GString *massless = g_string_new (NULL);

  for (guint i = 0; i < lz_assembly_get_n_dofs (self); i++)
    if (!(lz_model_get_body (model, i)->mass > 0))
      g_string_append_printf (massless, "%s%s", massless->len > 0 ? ", " : "",
                              lz_assembly_get_dof_name (self, i));
  g_string_append_printf (out, _("M is singular (no mass or inertia: %s), so there is no explicit\n"
                                 "linear complementarity system; the reduction of paper 002 applies.\n"),
                          massless->str);
  g_string_free (massless, TRUE);
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
  guint n = lz_assembly_get_n_dofs (self);
  guint np = lz_assembly_get_n_pairs (self);
  GString *out = g_string_new (NULL);
  g_auto(GStrv) dofs = labels_new (self, LABELS_DOFS);
  g_auto(GStrv) rows = labels_new (self, LABELS_ROWS);

  text_header (out, self);
  write_matrices (out, self, dynamics_matrices, G_N_ELEMENTS (dynamics_matrices), FORMAT_TEXT,
                  NULL);
  text_vector (out, "f(t)", dofs, n, lz_assembly_get_f_text, self);
  g_string_append_c (out, '\n');

  g_string_append (out, _("Equations of motion (luz, tar: paper 000; Sgn: the set-valued sign; λ: contact forces)\n"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *eq = lz_assembly_dup_equation (self, i);

      g_string_append_printf (out, "  %s\n", eq);
    }
  g_string_append_c (out, '\n');
  text_element_laws (out, self);

  lz_export_append_matrix (out, "W", lz_assembly_get_W (self), lz_assembly_get_n_nonsmooth (self),
                           n, rows, dofs);
  text_pairs (out, self);

  if (!lz_assembly_has_lcs (self))
    text_no_lcs (out, self);
  else
    {
      g_auto(GStrv) states = labels_new (self, LABELS_STATES);
      g_auto(GStrv) pairs = labels_new (self, LABELS_PAIRS);

      g_string_append (out, _("Linear complementarity system  x' = A x + B u + e(t),  y = C x + D u + d(t),  x = (q, q')\n"));
      write_matrices (out, self, lcs_matrices, G_N_ELEMENTS (lcs_matrices), FORMAT_TEXT, NULL);
      text_vector (out, "e(t)", states, 2 * n, lz_assembly_get_lcs_e_text, self);
      text_vector (out, "d(t)", pairs, np, lz_assembly_get_lcs_d_text, self);
    }
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

/* The N STRINGS, each written by APPEND_ONE, separated by ", ": the body
 * of a JSON array and of an Octave cell array. */
static void
append_string_list (GString     *out,
                    char       **strings,
                    guint        n,
                    void       (*append_one) (GString *, const char *))
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_one (out, strings[i]);
    }
}

void
lz_export_json_strings (GString     *out,
                        char       **strings,
                        guint        n)
{
  g_string_append_c (out, '[');
  append_string_list (out, strings, n, lz_export_json_string);
  g_string_append_c (out, ']');
}

/* ",\n  "dofs": [{"id": …, "kind": …, "mass": …}, …]" */
static void
json_dofs (GString          *out,
           const LzAssembly *self)
{
  LzModel *model = lz_assembly_get_model (self);

  g_string_append (out, ",\n  \"dofs\": [");
  for (guint i = 0; i < lz_assembly_get_n_dofs (self); i++)
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
  g_string_append (out, "]");
}

static void
json_pairs (GString          *out,
            const LzAssembly *self)
{
  static const char *kind_names[] = {
    "stop-lower", "stop-upper", "friction-pos", "friction-neg", "freeplay-pos", "freeplay-neg",
    "contact-lower", "contact-upper",
  };
  G_STATIC_ASSERT (G_N_ELEMENTS (kind_names) == LZ_PAIR_CONTACT_UPPER + 1);

  g_string_append (out, ",\n  \"pairs\": [");
  for (guint p = 0; p < lz_assembly_get_n_pairs (self); p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);
      const char *const fields[] = {
        "side", pair->side, "y", pair->y, "u", pair->u, "meaning", pair->meaning,
      };

      g_string_append (out, p > 0 ? ",\n    {\"element\": " : "\n    {\"element\": ");
      lz_export_json_string (out, pair->element);
      g_string_append_printf (out, ", \"row\": %u, \"kind\": ", pair->row);
      lz_export_json_string (out, kind_names[pair->kind]);
      for (guint f = 0; f < G_N_ELEMENTS (fields); f += 2)
        {
          g_string_append_printf (out, ", \"%s\": ", fields[f]);
          lz_export_json_string (out, fields[f + 1]);
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]");
}

/* The element laws the equations name as records of element, kind and
 * law: the JSON's "laws" array of objects, or the Octave script's comment
 * lines and its laws cell array. */
static void
export_laws (GString          *out,
             const LzAssembly *self,
             Format            format)
{
  static const char *const keys[] = { "element", "kind", "law" };
  g_autoptr(GArray) laws = element_laws_new (self);
  gboolean json = format == FORMAT_JSON;
  void (*quote) (GString *, const char *) = json ? lz_export_json_string : lz_export_octave_string;

  if (json)
    g_string_append (out, ",\n  \"laws\": [");
  else
    {
      g_string_append (out, "% Element laws (friction beyond Coulomb's, damped contacts, rigid couplings):\n");
      for (guint i = 0; i < laws->len; i++)
        g_string_append_printf (out, "%%   %s\n", g_array_index (laws, ElementLaw, i).text);
      g_string_append (out, "laws = {");
    }
  for (guint i = 0; i < laws->len; i++)
    {
      const ElementLaw *law = &g_array_index (laws, ElementLaw, i);
      const char *const values[] = { law->element, law->kind, law->text };

      g_string_append (out, json ? (i > 0 ? ",\n    {" : "\n    {") : (i > 0 ? ";\n  " : "\n  "));
      for (guint f = 0; f < G_N_ELEMENTS (keys); f++)
        {
          if (f > 0)
            g_string_append (out, ", ");
          if (json)
            g_string_append_printf (out, "\"%s\": ", keys[f]);
          quote (out, values[f]);
        }
      if (json)
        g_string_append_c (out, '}');
    }
  g_string_append (out, json ? "]" : "};\n\n");
}

/* The texts of the n entries of a vector of affine terms, borrowed. */
static const char **
vector_texts (const LzAssembly *self,
              guint             n,
              const char     *(*get) (const LzAssembly *self, guint i))
{
  const char **texts = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    texts[i] = get (self, i);
  return texts;
}

static void
json_lcs (GString          *out,
          const LzAssembly *self)
{
  guint n = lz_assembly_get_n_dofs (self);
  guint np = lz_assembly_get_n_pairs (self);
  g_auto(GStrv) states = labels_new (self, LABELS_STATES);
  g_autofree const char **e = vector_texts (self, 2 * n, lz_assembly_get_lcs_e_text);
  g_autofree const char **d = vector_texts (self, np, lz_assembly_get_lcs_d_text);

  g_string_append (out, "{\n    \"x\": ");
  lz_export_json_strings (out, states, 2 * n);
  write_matrices (out, self, lcs_matrices, G_N_ELEMENTS (lcs_matrices), FORMAT_JSON, "    ");
  g_string_append (out, ",\n    \"e\": ");
  lz_export_json_strings (out, (char **) e, 2 * n);
  g_string_append (out, ",\n    \"d\": ");
  lz_export_json_strings (out, (char **) d, np);
  g_string_append (out, "\n  }");
}

/**
 * lz_assembly_to_json:
 * @self: an assembly
 *
 * The assembly as one JSON object (format "luztar-assembly", version 1):
 * "dofs", "M", "C", "K", "f" (expressions in t), "equations", "laws"
 * (element, kind, law: the friction laws beyond Coulomb's, the damped
 * contacts and the rigid couplings the equations name), "nonsmooth" (W's
 * row ids), "W", "pairs" (element, row, kind, side, y, u,
 * meaning) and "lcs" (null for singular M, else A, B, C, D, e, d and the
 * state labels).  Matrices are arrays of rows; numbers are exact.
 *
 * Returns: (transfer full): the JSON text
 */
char *
lz_assembly_to_json (const LzAssembly *self)
{
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  GString *out = g_string_new ("{\n");
  g_auto(GStrv) rows = labels_new (self, LABELS_ROWS);
  g_autofree const char **f = vector_texts (self, n, lz_assembly_get_f_text);
  g_auto(GStrv) equations = g_new0 (char *, n + 1);

  g_string_append (out, "  \"format\": \"luztar-assembly\",\n  \"version\": 1,\n  \"model\": ");
  lz_export_json_string (out, lz_model_get_name (lz_assembly_get_model (self)));
  json_dofs (out, self);
  write_matrices (out, self, dynamics_matrices, G_N_ELEMENTS (dynamics_matrices), FORMAT_JSON,
                  "  ");
  for (guint i = 0; i < n; i++)
    equations[i] = lz_assembly_dup_equation (self, i);
  g_string_append (out, ",\n  \"f\": ");
  lz_export_json_strings (out, (char **) f, n);
  g_string_append (out, ",\n  \"equations\": ");
  lz_export_json_strings (out, equations, n);
  export_laws (out, self, FORMAT_JSON);
  g_string_append (out, ",\n  \"nonsmooth\": ");
  lz_export_json_strings (out, rows, nr);
  g_string_append (out, ",\n  \"W\": ");
  lz_export_json_matrix (out, lz_assembly_get_W (self), nr, n);
  json_pairs (out, self);
  g_string_append (out, ",\n  \"lcs\": ");
  if (!lz_assembly_has_lcs (self))
    g_string_append (out, "null");
  else
    json_lcs (out, self);
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

void
lz_export_octave_cell (GString    *out,
                       const char *name,
                       char      **strings,
                       guint       n)
{
  g_string_append_printf (out, "%s = {", name);
  append_string_list (out, strings, n, lz_export_octave_string);
  g_string_append (out, "};\n");
}

/* The pairs table: a cell array of element, side, y, u, meaning. */
static void
octave_pairs (GString          *out,
              const LzAssembly *self)
{
  g_string_append (out, "\n% Complementarity pairs 0 <= y _|_ u >= 0: element, side, y, u, meaning\npairs = {");
  for (guint p = 0; p < lz_assembly_get_n_pairs (self); p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self, p);
      const char *const fields[] = { pair->element, pair->side, pair->y, pair->u, pair->meaning };

      g_string_append (out, p > 0 ? ";\n  " : "\n  ");
      for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
        {
          if (f > 0)
            g_string_append (out, ", ");
          lz_export_octave_string (out, fields[f]);
        }
    }
  g_string_append (out, "};\n");
}

static void
octave_lcs (GString          *out,
            const LzAssembly *self)
{
  guint n = lz_assembly_get_n_dofs (self);
  guint np = lz_assembly_get_n_pairs (self);
  g_autofree const char **e = vector_texts (self, 2 * n, lz_assembly_get_lcs_e_text);
  g_autofree const char **d = vector_texts (self, np, lz_assembly_get_lcs_d_text);

  g_string_append (out, "\n% Linear complementarity system, x = [q; q']:\n"
                        "%   x' = A*x + B*u + e(t),  y = Cy*x + D*u + d(t),  0 <= y _|_ u >= 0\n");
  write_matrices (out, self, lcs_matrices, G_N_ELEMENTS (lcs_matrices), FORMAT_OCTAVE, NULL);
  octave_function (out, "e", e, 2 * n);
  octave_function (out, "d", d, np);
}

/**
 * lz_assembly_to_octave:
 * @self: an assembly
 *
 * The assembly as an Octave/MATLAB script defining M, C, K, f (a function
 * of t), the element laws (a cell array: element, kind, law), W, the
 * pairs table (a cell array: element, side, y, u, meaning)
 * and, for regular M, A, B, Cy, D, e(t), d(t).  libmatheval's step() and
 * delta() are defined at the top for the expressions that use them.
 *
 * Returns: (transfer full): the script
 */
char *
lz_assembly_to_octave (const LzAssembly *self)
{
  guint n = lz_assembly_get_n_dofs (self);
  guint nr = lz_assembly_get_n_nonsmooth (self);
  GString *out = g_string_new (NULL);
  g_auto(GStrv) dofs = labels_new (self, LABELS_DOFS);
  g_auto(GStrv) rows = labels_new (self, LABELS_ROWS);
  g_autofree const char **f = vector_texts (self, n, lz_assembly_get_f_text);
  const char *name = lz_model_get_name (lz_assembly_get_model (self));

  g_string_append_printf (out, "%% Luztar assembly of the model \"%s\"\n",
                          name != NULL ? name : "");
  g_string_append (out, "% Conventions: g = cb*q_b - ca*q_a, tension T acts +ca*T on a and -cb*T on b;\n"
                        "% M q'' + C q' + K q = f(t) + W' * lambda, lambda = -T of the nonsmooth elements.\n");
  g_string_append (out, "% Degrees of freedom (rows of M):");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %u:%s", i + 1, dofs[i]);
  g_string_append (out, "\n\n");
  g_string_append (out, "step = @(x) double(x >= 0);      % libmatheval's step()\n"
                        "delta = @(x) double(x == 0);     % libmatheval's delta()\n\n");

  lz_export_octave_cell (out, "dofs", dofs, n);
  write_matrices (out, self, dynamics_matrices, G_N_ELEMENTS (dynamics_matrices), FORMAT_OCTAVE,
                  NULL);
  octave_function (out, "f", f, n);
  g_string_append (out, "\n% Equations of motion in luz/tar notation:\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *eq = lz_assembly_dup_equation (self, i);

      g_string_append_printf (out, "%%   %s\n", eq);
    }
  g_string_append (out, "\n");
  export_laws (out, self, FORMAT_OCTAVE);
  lz_export_octave_cell (out, "nonsmooth", rows, nr);
  lz_export_octave_matrix (out, "W", lz_assembly_get_W (self), nr, n);
  octave_pairs (out, self);

  if (!lz_assembly_has_lcs (self))
    g_string_append (out, "\n% M is singular: no explicit linear complementarity system (see paper 002).\n");
  else
    octave_lcs (out, self);
  return g_string_free (out, FALSE);
}
