/* luztar-matrix-view.c — the assembled matrices and equations of a model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows what the core's assembler makes of the current model (docs/architecture.md,
 * the matrix view): the equations of motion in luz/tar notation, the
 * degrees of freedom, M, C, K and f(t), the directions W of the nonsmooth
 * elements with their complementarity pairs and, when M is regular, the
 * linear complementarity system A, B, C, D, e(t), d(t) laid out as the
 * block matrix it is.
 *
 * Matrices are real tables: a GtkGrid per matrix with the dofs (or the
 * pairs, or the state variables) as row and column headers, entries in a
 * monospace font padded so that the decimal points of a column line up,
 * zeros dimmed so that the structure stands out, drawn brackets.  An entry
 * is written exactly (the shortest text that reads back as the same
 * double) when that is short, else with six significant digits and the
 * exact value in its tooltip.
 *
 * The model is copied and assembled on every luztar_matrix_view_set_model()
 * call; the widgets of the page are rebuilt inside the same scrolled window,
 * so the scroll position survives an edit and nothing flickers (all of it
 * happens between two frames).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-matrix-view.h"
#include "luztar-widget-kit.h"

struct _LuztarMatrixView
{
  GtkBox           parent_instance;

  /* Template widgets */
  GtkLabel        *title_label;
  GtkLabel        *summary_label;
  AdwToastOverlay *toast_overlay;
  GtkStack        *stack;
  AdwStatusPage   *error_page;
  GtkScrolledWindow *scroller;
  GtkBox          *content;

  /* Owned */
  LzAssembly      *assembly;    /* of a private copy of the model */
  LzReduction     *reduction;   /* paper 002's, with massless bodies */
  LzModel         *reduced;     /* the joints eliminated in closed form */
  char            *message;     /* why the model does not assemble */
  GHashTable      *cells;       /* "part:row:column" → GtkLabel (borrowed) */
};

G_DEFINE_FINAL_TYPE (LuztarMatrixView, luztar_matrix_view, GTK_TYPE_BOX)

/* ------------------------------------------------------------------------ */
/* Entries                                                                   */

/* An entry of a matrix: exact when the exact text is short, else rounded
 * to six significant digits (*rounded is then TRUE). */
static char *
format_entry (double    value,
              gboolean *rounded)
{
  g_autofree char *exact = value == 0.0 ? g_strdup ("0") : lz_number_to_string (value);
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  *rounded = FALSE;
  if (strlen (exact) <= 9)
    return g_steal_pointer (&exact);
  g_ascii_formatd (buffer, sizeof buffer, "%.6g", value);
  *rounded = g_ascii_strtod (buffer, NULL) != value;
  return g_strdup (buffer);
}

/* The bytes of @text from its decimal point (or exponent) on. */
static gsize
fraction_length (const char *text)
{
  const char *point = strpbrk (text, ".eE");

  return point != NULL ? strlen (point) : 0;
}

/* @text with every ASCII minus written as a real minus sign, followed by
 * @pad spaces: in a monospace font that lines up the decimal points of a
 * right-aligned column. */
static char *
typeset_entry (const char *text,
               gsize       pad)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '-')
        g_string_append (out, "−");
      else
        g_string_append_c (out, *p);
    }
  for (gsize i = 0; i < pad; i++)
    g_string_append_c (out, ' ');
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Tables                                                                    */

/* One matrix or vector to lay out. */
typedef struct
{
  const char  *part;        /* key for luztar_matrix_view_get_cell() */
  const char  *symbol;      /* "M", "f(t)" */
  const char  *caption;     /* translated: "mass (kg)" */
  guint        rows;
  guint        cols;
  char       **row_labels;
  char       **col_labels;  /* NULL: a column vector, no header row */
  const gsl_matrix *X;      /* numbers, or NULL for text */
  const char *(*text) (const LzAssembly *, guint);
} Table;

static void
draw_bracket (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  gboolean right = GPOINTER_TO_INT (user_data);
  GdkRGBA color;
  double stem = right ? width - 1.5 : 1.5;
  double tip = right ? 0.5 : width - 0.5;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha * 0.55);
  cairo_set_line_width (cr, 1.2);
  cairo_move_to (cr, tip, 1.0);
  cairo_line_to (cr, stem, 1.0);
  cairo_line_to (cr, stem, height - 1.0);
  cairo_line_to (cr, tip, height - 1.0);
  cairo_stroke (cr);
}

static GtkWidget *
bracket_new (gboolean right)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 6);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_bracket,
                                  GINT_TO_POINTER (right), NULL);
  gtk_widget_set_margin_top (area, 1);
  gtk_widget_set_margin_bottom (area, 1);
  return area;
}

static GtkWidget *
header_label_new (const char *text,
                  float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_justify (GTK_LABEL (label), xalign > 0.5 ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_widget_set_valign (label, GTK_ALIGN_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
add_cell (LuztarMatrixView *self,
          const char       *part,
          guint             row,
          guint             col,
          GtkWidget        *label)
{
  g_hash_table_insert (self->cells, g_strdup_printf ("%s:%u:%u", part, row, col), label);
}

/* A card with the symbol, a caption and the table in brackets:
 *
 *   K  stiffness (N/m)
 *            cart1  cart2
 *     cart1 ⎡  2     −1  ⎤
 *     cart2 ⎣ −1      1  ⎦
 */
static GtkWidget *
table_card_new (LuztarMatrixView *self,
                const Table      *table)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *symbol = gtk_label_new (table->symbol);
  GtkWidget *caption = gtk_label_new (table->caption);
  GtkWidget *grid;
  guint top = table->col_labels != NULL ? 1 : 0;
  g_autofree gsize *widths = g_new0 (gsize, MAX (table->cols, 1));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *rounded = g_new0 (gboolean, MAX (table->rows * table->cols, 1));
  g_autofree char *accessible = g_strdup_printf ("%s, %s", table->symbol, table->caption);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_top (head, 10);
  gtk_widget_set_margin_start (head, 14);
  gtk_widget_set_margin_end (head, 14);
  gtk_widget_add_css_class (symbol, "heading");
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_ellipsize (GTK_LABEL (caption), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_box_append (GTK_BOX (head), symbol);
  gtk_box_append (GTK_BOX (head), caption);
  gtk_box_append (GTK_BOX (card), head);
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);

  if (table->rows == 0 || table->cols == 0)
    {
      /* Translators: an empty matrix and its size, e.g. "empty (4 × 0)" */
      g_autofree char *text = g_strdup_printf (_("empty (%u × %u)"), table->rows, table->cols);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_start (label, 14);
      gtk_widget_set_margin_bottom (label, 12);
      gtk_box_append (GTK_BOX (card), label);
      return card;
    }

  /* Every entry's text first, for the widths of the fractions. */
  for (guint i = 0; i < table->rows; i++)
    for (guint j = 0; j < table->cols; j++)
      {
        char *text;

        if (table->X != NULL)
          text = format_entry (gsl_matrix_get (table->X, i, j), &rounded[i * table->cols + j]);
        else
          text = g_strdup (table->text (self->assembly, i));
        widths[j] = MAX (widths[j], fraction_length (text));
        g_ptr_array_add (texts, text);
      }

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_margin_start (grid, 14);
  gtk_widget_set_margin_end (grid, 14);
  gtk_widget_set_margin_bottom (grid, 14);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  gtk_box_append (GTK_BOX (card), grid);

  for (guint j = 0; j < table->cols && table->col_labels != NULL; j++)
    {
      GtkWidget *label = header_label_new (table->col_labels[j], table->X != NULL ? 1.0 : 0.0);

      gtk_widget_set_margin_start (label, j == 0 ? 10 : 18);
      gtk_widget_set_margin_end (label, j + 1 == table->cols ? 10 : 0);
      gtk_grid_attach (GTK_GRID (grid), label, 2 + j, 0, 1, 1);
    }
  for (guint i = 0; i < table->rows; i++)
    {
      GtkWidget *label = header_label_new (table->row_labels[i], 0.0);

      gtk_widget_set_margin_end (label, 8);
      gtk_grid_attach (GTK_GRID (grid), label, 0, top + i, 1, 1);
    }
  gtk_grid_attach (GTK_GRID (grid), bracket_new (FALSE), 1, top, 1, table->rows);
  gtk_grid_attach (GTK_GRID (grid), bracket_new (TRUE), 2 + table->cols, top, 1, table->rows);

  for (guint i = 0; i < table->rows; i++)
    for (guint j = 0; j < table->cols; j++)
      {
        guint k = i * table->cols + j;
        const char *text = g_ptr_array_index (texts, k);
        gsize pad = table->X != NULL ? widths[j] - fraction_length (text) : 0;
        g_autofree char *shown = typeset_entry (text, pad);
        g_autofree char *name = NULL;
        g_autofree char *trimmed = g_strstrip (g_strdup (shown));
        GtkWidget *label = gtk_label_new (shown);

        gtk_label_set_xalign (GTK_LABEL (label), table->X != NULL ? 1.0 : 0.0);
        gtk_widget_add_css_class (label, "monospace");
        gtk_widget_set_margin_start (label, j == 0 ? 10 : 18);
        gtk_widget_set_margin_end (label, j + 1 == table->cols ? 10 : 0);
        if (table->X != NULL && gsl_matrix_get (table->X, i, j) == 0.0)
          gtk_widget_add_css_class (label, "dim-label");
        if (rounded[k])
          {
            g_autofree char *exact = lz_number_to_string (gsl_matrix_get (table->X, i, j));

            gtk_widget_set_tooltip_text (label, exact);
          }
        if (table->col_labels != NULL)
          /* Translators: what a screen reader says for an entry of a
           * matrix: the matrix, its row, its column and the value */
          name = g_strdup_printf (_("%s, row %s, column %s: %s"), table->symbol,
                                  table->row_labels[i], table->col_labels[j], trimmed);
        else
          /* Translators: what a screen reader says for an entry of a
           * vector: the vector, its row and the value */
          name = g_strdup_printf (_("%s, row %s: %s"), table->symbol, table->row_labels[i], trimmed);
        gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name, -1);
        gtk_grid_attach (GTK_GRID (grid), label, 2 + j, top + i, 1, 1);
        add_cell (self, table->part, i, j, label);
      }
  return card;
}

/* ------------------------------------------------------------------------ */
/* Labels of rows and columns                                                */

/* The N names GET gives for 0 … N − 1, as a NULL-terminated array. */
static char **
names_of (const LzAssembly *assembly,
          guint             n,
          const char     *(*get) (const LzAssembly *, guint))
{
  char **labels = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    labels[i] = g_strdup (get (assembly, i));
  return labels;
}

static char **
dof_labels (const LzAssembly *assembly)
{
  return names_of (assembly, lz_assembly_get_n_dofs (assembly), lz_assembly_get_dof_name);
}

/* x = (q, q̇): written as in the equations of motion. */
static char **
state_labels (const LzAssembly *assembly)
{
  guint n = lz_assembly_get_n_dofs (assembly);
  char **labels = g_new0 (char *, 2 * n + 1);

  for (guint i = 0; i < n; i++)
    {
      labels[i] = g_strdup_printf ("q_%s", lz_assembly_get_dof_name (assembly, i));
      labels[n + i] = g_strdup_printf ("q̇_%s", lz_assembly_get_dof_name (assembly, i));
    }
  return labels;
}

/* "s1.lower" for a row; over a column the side goes under the element, so
 * that columns stay as narrow as their numbers. */
static char **
pair_labels (const LzAssembly *assembly,
             gboolean          column)
{
  guint np = lz_assembly_get_n_pairs (assembly);
  char **labels = g_new0 (char *, np + 1);

  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (assembly, p);

      labels[p] = g_strdup_printf (column ? "%s\n%s" : "%s.%s", pair->element, pair->side);
    }
  return labels;
}

static char **
nonsmooth_labels (const LzAssembly *assembly)
{
  return names_of (assembly, lz_assembly_get_n_nonsmooth (assembly), lz_assembly_get_nonsmooth_id);
}

/* ------------------------------------------------------------------------ */
/* Sections                                                                  */

/* A matrix wider than the page scrolls sideways on its own, so that the
 * rest of the page keeps the width of the window.  GTK 4 gives every
 * wheel event over a scrolled window that can scroll to it, also the
 * vertical ones it cannot use: those are passed on to the page. */
static gboolean
on_wide_scroll (GtkEventControllerScroll *controller,
                double                    dx,
                double                    dy,
                LuztarMatrixView         *self)
{
  GtkAdjustment *page = gtk_scrolled_window_get_vadjustment (self->scroller);
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double step = 1.0;

  if (dy == 0.0 || (state & GDK_SHIFT_MASK) != 0)
    return GDK_EVENT_PROPAGATE;
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (page), 2.0 / 3.0);
  gtk_adjustment_set_value (page, gtk_adjustment_get_value (page) + dy * step);
  return GDK_EVENT_STOP;
}

static GtkWidget *
wide_new (LuztarMatrixView *self,
          GtkWidget        *child)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), child);
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_wide_scroll), self);
  gtk_widget_add_controller (scroller, scroll);
  return scroller;
}

static GtkWidget *
add_group (LuztarMatrixView *self,
           const char       *title,
           const char       *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (self->content, group);
  return group;
}

/* A row of a boxed list holding one wrapped, selectable line of text. */
static GtkWidget *
text_row_new (const char *text,
              GtkWidget **label_out)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  luztar_widget_set_margins (label, 12, 12, 12, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  *label_out = label;
  return row;
}

static GtkWidget *
boxed_list_new (const char *accessible_name)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_name, -1);
  return list;
}

static void
build_equations (LuztarMatrixView *self)
{
  guint n = lz_assembly_get_n_dofs (self->assembly);
  GtkWidget *group = add_group (self, _("Equations of Motion"),
                                /* Translators: luz and tar are the names of two functions
                                 * of paper 000; keep them, and keep the formula */
                                _("M q̈ + C q̇ + K q ∈ f(t) + Wᵀλ, written out per degree of freedom "
                                  "with luz and tar; Sgn is the set-valued sign and λ are the "
                                  "contact forces."));
  GtkWidget *list = boxed_list_new (_("Equations of motion"));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *equation = lz_assembly_dup_equation (self->assembly, i);
      GtkWidget *label;

      gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (equation, &label));
      add_cell (self, "equation", i, 0, label);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
}

static void
build_dofs (LuztarMatrixView *self)
{
  LzModel *model = lz_assembly_get_model (self->assembly);
  guint n = lz_assembly_get_n_dofs (self->assembly);
  GtkWidget *group = add_group (self, _("Degrees of Freedom"),
                                _("One per body, in file order: the order of the rows and "
                                  "columns of the matrices."));

  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);
      gboolean rotational = body->kind == LZ_BODY_ROTATIONAL;
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      g_autofree char *value = lz_number_to_string (body->mass);
      g_autofree char *inertia = NULL;
      GtkWidget *prefix = gtk_label_new (number);
      GtkWidget *suffix;
      const char *kind;

      if (rotational)
        /* Translators: the inertia of a rotating body; %s is the number */
        inertia = g_strdup_printf (_("J = %s kg·m²"), value);
      else
        /* Translators: the mass of a body; %s is the number */
        inertia = g_strdup_printf (_("m = %s kg"), value);
      suffix = gtk_label_new (inertia);
      kind = rotational ? C_("body kind", "rotational") : C_("body kind", "translational");

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), body->item.id);
      if (body->item.label != NULL && body->item.label[0] != '\0')
        {
          g_autofree char *subtitle = g_strdup_printf ("%s · %s", body->item.label, kind);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        }
      else
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), kind);
      gtk_widget_add_css_class (prefix, "dim-label");
      gtk_widget_add_css_class (prefix, "numeric");
      gtk_widget_set_size_request (prefix, 16, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), prefix);
      gtk_widget_add_css_class (suffix, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
}

static GtkWidget *
flow_box_new (const char *accessible_name)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  /* Cards of one width, each matrix centred in its card. */
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (flow), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_name, -1);
  return flow;
}

static void
flow_box_add (GtkWidget *flow,
              GtkWidget *child)
{
  GtkWidget *item = gtk_flow_box_child_new ();

  /* The cards are not things to pick: no focus stop per card. */
  gtk_widget_set_focusable (item, FALSE);
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (item), child);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), item);
}

static void
build_mck (LuztarMatrixView *self)
{
  guint n = lz_assembly_get_n_dofs (self->assembly);
  g_auto(GStrv) dofs = dof_labels (self->assembly);
  GtkWidget *group = add_group (self, _("Mass, Damping and Stiffness"),
                                _("Rows and columns are the degrees of freedom; f(t) is the load "
                                  "of forces and moving grounds."));
  GtkWidget *flow = flow_box_new (_("Mass, damping and stiffness matrices"));
  const Table tables[] = {
    /* Translators: the caption of the mass matrix M */
    { "M", "M", _("mass"), n, n, dofs, dofs, lz_assembly_get_M (self->assembly), NULL },
    /* Translators: the caption of the damping matrix C */
    { "C", "C", _("damping"), n, n, dofs, dofs, lz_assembly_get_C (self->assembly), NULL },
    /* Translators: the caption of the stiffness matrix K */
    { "K", "K", _("stiffness"), n, n, dofs, dofs, lz_assembly_get_K (self->assembly), NULL },
    /* Translators: the caption of the load vector f(t) */
    { "f", "f(t)", _("load"), n, 1, dofs, NULL, NULL, lz_assembly_get_f_text },
  };

  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    flow_box_add (flow, table_card_new (self, &tables[k]));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), flow);
}

static GtkWidget *
pairs_table_new (LuztarMatrixView *self)
{
  guint np = lz_assembly_get_n_pairs (self->assembly);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *grid = gtk_grid_new ();
  const char *headers[] = {
    /* Translators: the number of a complementarity pair, a column title */
    C_("pair", "#"),
    C_("pair", "Element"),
    C_("pair", "Side"),
    /* Translators: the output y of a complementarity pair 0 ≤ y ⊥ u ≥ 0 */
    C_("pair", "y"),
    /* Translators: the input u of a complementarity pair 0 ≤ y ⊥ u ≥ 0 */
    C_("pair", "u"),
    /* Translators: what an active complementarity pair (y = 0) means */
    C_("pair", "When y = 0"),
  };

  gtk_widget_add_css_class (card, "card");
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Complementarity pairs"), -1);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  luztar_widget_set_margins (grid, 12, 14, 14, 14);
  gtk_box_append (GTK_BOX (card), grid);

  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    {
      GtkWidget *label = gtk_label_new (headers[c]);

      gtk_label_set_xalign (GTK_LABEL (label), c == 0 ? 1.0 : 0.0);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), label, c, 0, 1, 1);
    }
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (self->assembly, p);
      g_autofree char *number = g_strdup_printf ("%u", p + 1);
      const char *texts[] = { number, pair->element, pair->side, pair->y, pair->u, pair->meaning };

      for (guint c = 0; c < G_N_ELEMENTS (texts); c++)
        {
          GtkWidget *label = gtk_label_new (texts[c]);

          gtk_label_set_xalign (GTK_LABEL (label), c == 0 ? 1.0 : 0.0);
          gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
          if (c == 0)
            {
              gtk_widget_add_css_class (label, "numeric");
              gtk_widget_add_css_class (label, "dim-label");
            }
          if (c == 5)
            {
              gtk_label_set_wrap (GTK_LABEL (label), TRUE);
              gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
              gtk_label_set_width_chars (GTK_LABEL (label), 24);
              gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
              gtk_widget_set_hexpand (label, TRUE);
            }
          gtk_grid_attach (GTK_GRID (grid), label, c, p + 1, 1, 1);
          add_cell (self, "pair", p, c, label);
        }
    }
  return card;
}

static void
build_nonsmooth (LuztarMatrixView *self)
{
  guint n = lz_assembly_get_n_dofs (self->assembly);
  guint nr = lz_assembly_get_n_nonsmooth (self->assembly);
  g_auto(GStrv) dofs = dof_labels (self->assembly);
  g_auto(GStrv) rows = nonsmooth_labels (self->assembly);
  GtkWidget *group = add_group (self, _("Nonsmooth Elements"),
                                _("A row of W per friction element, stop or freeplay spring: "
                                  "the direction of its relative coordinate g.  Each "
                                  "complementarity pair is 0 ≤ y ⊥ u ≥ 0."));
  /* Translators: the caption of the matrix W of the nonsmooth elements */
  const Table table = { "W", "W", _("directions"), nr, n, rows, dofs,
                        lz_assembly_get_W (self->assembly), NULL };
  GtkWidget *box;

  if (nr == 0)
    {
      GtkWidget *label = gtk_label_new (_("None: the model is smooth, so its equations of motion "
                                          "are linear differential equations."));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
      return;
    }
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (box), wide_new (self, table_card_new (self, &table)));
  gtk_widget_set_halign (gtk_widget_get_last_child (box), GTK_ALIGN_START);
  /* (the pairs of a gear's contact are wider than an 800 px window) */
  gtk_box_append (GTK_BOX (box), wide_new (self, pairs_table_new (self)));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), box);
}

static void
build_lcs (LuztarMatrixView *self)
{
  LzModel *model = lz_assembly_get_model (self->assembly);
  guint n = lz_assembly_get_n_dofs (self->assembly);
  guint np = lz_assembly_get_n_pairs (self->assembly);
  g_auto(GStrv) states = state_labels (self->assembly);
  g_auto(GStrv) pairs = pair_labels (self->assembly, FALSE);
  g_auto(GStrv) pair_columns = pair_labels (self->assembly, TRUE);
  GtkWidget *group;
  GtkWidget *grid;

  if (!lz_assembly_has_lcs (self->assembly))
    {
      GString *massless = g_string_new (NULL);
      g_autofree char *text = NULL;
      GtkWidget *label;

      for (guint i = 0; i < n; i++)
        if (!(lz_model_get_body (model, i)->mass > 0))
          g_string_append_printf (massless, "%s%s", massless->len > 0 ? ", " : "",
                                  lz_assembly_get_dof_name (self->assembly, i));
      group = add_group (self, _("Linear Complementarity System"), NULL);
      /* Translators: %s lists the bodies without mass, e.g. "joint1, joint2" */
      text = g_strdup_printf (_("M is singular (no mass or inertia: %s), so there is no explicit "
                                "linear complementarity system; the reduction of paper 002 "
                                "applies."), massless->str);
      g_string_free (massless, TRUE);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
      add_cell (self, "lcs-singular", 0, 0, label);
      return;
    }

  group = add_group (self, _("Linear Complementarity System"),
                     _("ẋ = A x + B u + e(t),  y = C x + D u + d(t),  0 ≤ y ⊥ u ≥ 0, "
                       "with the state x = (q, q̇) and u, y of the complementarity pairs."));
  {
    /* The block matrix [A B e; C D d]: A and C share the state columns,
     * A and B the state rows, so the grid aligns them. */
    const Table tables[] = {
      /* Translators: the caption of the LCS matrix A */
      { "lcs-A", "A", _("state"), 2 * n, 2 * n, states, states,
        lz_assembly_get_lcs_A (self->assembly), NULL },
      /* Translators: the caption of the LCS matrix B */
      { "lcs-B", "B", _("input"), 2 * n, np, states, pair_columns,
        lz_assembly_get_lcs_B (self->assembly), NULL },
      /* Translators: the caption of the affine term e(t) of the LCS */
      { "lcs-e", "e(t)", _("load"), 2 * n, 1, states, NULL, NULL, lz_assembly_get_lcs_e_text },
      /* Translators: the caption of the LCS matrix C */
      { "lcs-C", "C", _("output"), np, 2 * n, pairs, states,
        lz_assembly_get_lcs_C (self->assembly), NULL },
      /* Translators: the caption of the LCS matrix D */
      { "lcs-D", "D", _("feedthrough"), np, np, pairs, pair_columns,
        lz_assembly_get_lcs_D (self->assembly), NULL },
      /* Translators: the caption of the affine term d(t) of the LCS */
      { "lcs-d", "d(t)", _("offset"), np, 1, pairs, NULL, NULL, lz_assembly_get_lcs_d_text },
    };

    grid = gtk_grid_new ();
    gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
    gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
    gtk_widget_set_halign (grid, GTK_ALIGN_START);
    gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Linear complementarity system"), -1);
    for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
      {
        GtkWidget *card = table_card_new (self, &tables[k]);

        gtk_widget_set_valign (card, GTK_ALIGN_FILL);
        gtk_grid_attach (GTK_GRID (grid), card, k % 3, k / 3, 1, 1);
      }
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), wide_new (self, grid));
}

/* Massless bodies: paper 002's diagnosis and reduced system, and the
 * joints that close in form (papers 000 and 003), with a button that
 * makes the simplified model. */
static void
build_reduction (LuztarMatrixView *self)
{
  guint n = lz_assembly_get_n_dofs (self->assembly), n3 = 0;
  g_auto(GStrv) dofs = NULL;
  g_auto(GStrv) kept = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(LzAssembly) reduced_assembly = NULL;
  GtkWidget *group, *box, *list, *label, *button;

  if (!lz_model_has_massless (lz_assembly_get_model (self->assembly)))
    return;
  self->reduction = lz_reduction_new_for_assembly (self->assembly);
  dofs = dof_labels (self->assembly);
  group = add_group (self, _("Massless Joints and Reduction"),
                     _("Paper 002: the pencil test, the assumptions of its reduction and, where "
                       "they hold, the regular system for q = S q̃; then the joints eliminated in "
                       "closed form (springs or dampers in series or in a star, springs with "
                       "freeplay in series: papers 000 and 003)."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  list = boxed_list_new (_("Diagnosis"));
  lines = lz_reduction_dup_diagnosis (self->reduction);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (lines[i], &label));
      add_cell (self, "diagnosis", i, 0, label);
    }
  for (guint i = 0; i < lz_reduction_get_n_assumptions (self->reduction); i++)
    {
      const LzAssumption *a = lz_reduction_get_assumption (self->reduction, i);
      g_autofree char *text = g_strdup_printf ("%s %s  %s", a->holds ? "✓" : "✗", a->label, a->text);

      gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (text, &label));
      add_cell (self, "assumption", i, 0, label);
    }
  gtk_box_append (GTK_BOX (box), list);

  if (lz_reduction_get_S (self->reduction) != NULL)
    {
      GtkWidget *flow = flow_box_new (_("Reduced system"));

      lz_reduction_get_dims (self->reduction, NULL, NULL, &n3);
      kept = lz_reduction_dup_kept (self->reduction);
      {
        const Table tables[] = {
          /* Translators: the caption of the reduction matrix S, q = S q̃ */
          { "S", "S", _("q = S q̃"), n, n3, dofs, kept, lz_reduction_get_S (self->reduction), NULL },
          /* Translators: the caption of the reduced mass matrix SᵀMS */
          { "Mr", "M̃", _("SᵀMS"), n3, n3, kept, kept, lz_reduction_get_Mr (self->reduction), NULL },
          { "Cr", "C̃", _("SᵀCS"), n3, n3, kept, kept, lz_reduction_get_Cr (self->reduction), NULL },
          { "Kr", "K̃", _("SᵀKS"), n3, n3, kept, kept, lz_reduction_get_Kr (self->reduction), NULL },
        };

        for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
          flow_box_add (flow, table_card_new (self, &tables[k]));
      }
      gtk_box_append (GTK_BOX (box), flow);
    }

  if (lz_reduction_get_n_nodes (self->reduction) > 0)
    {
      /* each massless body's node equation and, where paper 000 has one,
       * its closed form */
      list = boxed_list_new (_("Massless nodes (disentangled, paper 000 §3)"));
      for (guint i = 0; i < lz_reduction_get_n_nodes (self->reduction); i++)
        {
          const LzMasslessNode *node = lz_reduction_get_node (self->reduction, i);
          g_autofree char *title = lz_massless_node_dup_title (node);
          g_autoptr(GString) equations = g_string_new (node->entangled);

          for (guint e = 0; node->equations[e] != NULL; e++)
            g_string_append_printf (equations, "\n%s", node->equations[e]);
          gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (title, &label));
          gtk_widget_add_css_class (label, "heading");
          add_cell (self, "node", i, 0, label);
          gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (equations->str, &label));
          gtk_widget_add_css_class (label, "monospace");
          add_cell (self, "node", i, 1, label);
          gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (node->explanation, &label));
          gtk_widget_add_css_class (label, "dim-label");
          add_cell (self, "node", i, 2, label);
        }
      gtk_box_append (GTK_BOX (box), list);
    }

  notes = g_ptr_array_new_with_free_func (g_free);
  self->reduced = lz_model_eliminate_joints (lz_assembly_get_model (self->assembly), notes);
  reduced_assembly = lz_assembly_new (self->reduced, NULL);
  list = boxed_list_new (_("Closed-form elimination"));
  for (guint i = 0; i < notes->len; i++)
    {
      gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (notes->pdata[i], &label));
      add_cell (self, "elimination", i, 0, label);
    }
  if (reduced_assembly != NULL && !lz_model_equal (self->reduced, lz_assembly_get_model (self->assembly)))
    for (guint i = 0; i < lz_assembly_get_n_dofs (reduced_assembly); i++)
      {
        g_autofree char *equation = lz_assembly_dup_equation (reduced_assembly, i);

        gtk_list_box_append (GTK_LIST_BOX (list), text_row_new (equation, &label));
        gtk_widget_add_css_class (label, "monospace");
        add_cell (self, "reduced-equation", i, 0, label);
      }
  gtk_box_append (GTK_BOX (box), list);

  button = gtk_button_new_with_mnemonic (_("_Simplify Model"));
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, _("Open the model with these joints eliminated in a new "
                                         "window (Undo there shows the model as it is)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.simplify");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string ("joints"));
  gtk_widget_set_sensitive (button, !lz_model_equal (self->reduced, lz_assembly_get_model (self->assembly)));
  gtk_box_append (GTK_BOX (box), button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), box);
}

static void
clear_content (LuztarMatrixView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *child;

  /* When the focus is on a widget about to go, GTK hands it to another
   * one and the viewport scrolls there: the page would jump on an edit.
   * Edits come from elsewhere (the inspector, the canvas), so letting the
   * focus go is what keeps the page still. */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->content)))
    gtk_root_set_focus (root, NULL);
  g_hash_table_remove_all (self->cells);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != NULL)
    gtk_box_remove (self->content, child);
}

static void
update_header (LuztarMatrixView *self)
{
  LzModel *model;
  const char *name;
  g_autofree char *dofs = NULL;
  g_autofree char *nonsmooth = NULL;
  g_autofree char *pairs = NULL;
  g_autofree char *summary = NULL;
  guint n, nr, np;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "matrix.copy-text", self->assembly != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "matrix.copy-octave", self->assembly != NULL);
  if (self->assembly == NULL)
    {
      gtk_label_set_label (self->title_label, _("Matrices"));
      gtk_widget_set_visible (GTK_WIDGET (self->summary_label), FALSE);
      return;
    }

  model = lz_assembly_get_model (self->assembly);
  name = lz_model_get_name (model);
  gtk_label_set_label (self->title_label, name != NULL && name[0] != '\0' ? name : _("Untitled Model"));
  n = lz_assembly_get_n_dofs (self->assembly);
  nr = lz_assembly_get_n_nonsmooth (self->assembly);
  np = lz_assembly_get_n_pairs (self->assembly);
  dofs = g_strdup_printf (ngettext ("%u degree of freedom", "%u degrees of freedom", n), n);
  nonsmooth = g_strdup_printf (ngettext ("%u nonsmooth element", "%u nonsmooth elements", nr), nr);
  pairs = g_strdup_printf (ngettext ("%u complementarity pair", "%u complementarity pairs", np), np);
  summary = g_strdup_printf ("%s · %s · %s", dofs, nonsmooth, pairs);
  gtk_label_set_label (self->summary_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), TRUE);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

/* Drops what was made of the last model: its assembly, its reduction and
 * the simplified model, the core's message. */
static void
forget_model (LuztarMatrixView *self)
{
  g_clear_pointer (&self->reduction, lz_reduction_free);   /* borrows the assembly */
  g_clear_pointer (&self->reduced, lz_model_unref);
  g_clear_pointer (&self->assembly, lz_assembly_free);
  g_clear_pointer (&self->message, g_free);
}

GtkWidget *
luztar_matrix_view_new (void)
{
  return g_object_new (LUZTAR_TYPE_MATRIX_VIEW, NULL);
}

/**
 * luztar_matrix_view_set_model:
 * @self: a matrix view
 * @model: (nullable): the model to show, %NULL for none
 *
 * Assembles a copy of @model and shows the result; when the core refuses
 * the model its message is shown instead of the matrices.  Cheap enough
 * to call after every edit; the scroll position is kept.
 */
void
luztar_matrix_view_set_model (LuztarMatrixView *self,
                              const LzModel    *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) copy = NULL;

  g_return_if_fail (LUZTAR_IS_MATRIX_VIEW (self));

  forget_model (self);
  clear_content (self);

  if (model == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      update_header (self);
      return;
    }

  /* A private copy: the caller goes on editing its model, and the text
   * and Octave exports must describe what is on screen. */
  copy = lz_model_copy (model);
  self->assembly = lz_assembly_new (copy, &error);
  if (self->assembly == NULL)
    {
      g_autofree char *markup = g_markup_escape_text (error->message, -1);

      self->message = g_strdup (error->message);
      adw_status_page_set_description (self->error_page, markup);
      gtk_stack_set_visible_child_name (self->stack, "error");
      update_header (self);
      return;
    }

  build_equations (self);
  build_dofs (self);
  build_mck (self);
  build_nonsmooth (self);
  build_lcs (self);
  build_reduction (self);
  gtk_stack_set_visible_child_name (self->stack, "matrices");
  update_header (self);
}

/* The matrices, and after them the reduction when there is one, as
 * WRITE_ASSEMBLY and WRITE_REDUCTION write them; NULL without an assembly. */
static char *
dup_written (LuztarMatrixView *self,
             char           *(*write_assembly) (const LzAssembly *),
             char           *(*write_reduction) (const LzReduction *))
{
  g_autofree char *matrices = NULL;
  g_autofree char *reduction = NULL;

  if (self->assembly == NULL)
    return NULL;
  matrices = write_assembly (self->assembly);
  if (self->reduction == NULL)
    return g_steal_pointer (&matrices);
  reduction = write_reduction (self->reduction);
  return g_strconcat (matrices, "\n", reduction, NULL);
}

/**
 * luztar_matrix_view_dup_text:
 * @self: a matrix view
 *
 * Returns: (transfer full) (nullable): what "Copy as Text" copies
 *   (lz_assembly_to_text() of the model shown), %NULL when no model is
 *   assembled
 */
char *
luztar_matrix_view_dup_text (LuztarMatrixView *self)
{
  g_return_val_if_fail (LUZTAR_IS_MATRIX_VIEW (self), NULL);
  return dup_written (self, lz_assembly_to_text, lz_reduction_to_text);
}

/**
 * luztar_matrix_view_dup_octave:
 * @self: a matrix view
 *
 * Returns: (transfer full) (nullable): what "Copy as Octave" copies
 *   (lz_assembly_to_octave()), %NULL when no model is assembled
 */
char *
luztar_matrix_view_dup_octave (LuztarMatrixView *self)
{
  g_return_val_if_fail (LUZTAR_IS_MATRIX_VIEW (self), NULL);
  /* the reduction's script defines M, C, K again: the same numbers */
  return dup_written (self, lz_assembly_to_octave, lz_reduction_to_octave);
}

/**
 * luztar_matrix_view_get_message:
 * @self: a matrix view
 *
 * Returns: (nullable): the core's message when the model shown does not
 *   assemble, else %NULL
 */
const char *
luztar_matrix_view_get_message (LuztarMatrixView *self)
{
  g_return_val_if_fail (LUZTAR_IS_MATRIX_VIEW (self), NULL);

  return self->message;
}

/**
 * luztar_matrix_view_get_cell:
 * @self: a matrix view
 * @part: "M", "C", "K", "f", "W", "lcs-A", "lcs-B", "lcs-C", "lcs-D",
 *   "lcs-e", "lcs-d" (vectors have one column, 0), "equation" (row = dof,
 *   column 0), "pair" (row = pair; columns #, element, side, y, u,
 *   meaning) or "lcs-singular" (0, 0: why there is no LCS)
 * @row: the row, from 0
 * @column: the column, from 0
 *
 * Returns: (transfer none) (nullable): the GtkLabel that shows that entry
 */
GtkWidget *
luztar_matrix_view_get_cell (LuztarMatrixView *self,
                             const char       *part,
                             guint             row,
                             guint             column)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (LUZTAR_IS_MATRIX_VIEW (self), NULL);
  g_return_val_if_fail (part != NULL, NULL);

  key = g_strdup_printf ("%s:%u:%u", part, row, column);
  return g_hash_table_lookup (self->cells, key);
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                   */

static void
copy (LuztarMatrixView *self,
      char             *text,
      const char       *toast_title)
{
  AdwToast *toast;

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  g_free (text);
  toast = adw_toast_new (toast_title);
  adw_toast_set_timeout (toast, 2);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* matrix.copy-text and matrix.copy-octave */
static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LuztarMatrixView *self = LUZTAR_MATRIX_VIEW (widget);

  if (g_str_equal (action_name, "matrix.copy-octave"))
    copy (self, luztar_matrix_view_dup_octave (self), _("Copied as an Octave script"));
  else
    copy (self, luztar_matrix_view_dup_text (self), _("Copied as text"));
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
luztar_matrix_view_dispose (GObject *object)
{
  LuztarMatrixView *self = LUZTAR_MATRIX_VIEW (object);

  /* the cells' labels go with the template */
  if (self->cells != NULL)
    g_hash_table_remove_all (self->cells);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_MATRIX_VIEW);
  forget_model (self);
  g_clear_pointer (&self->cells, g_hash_table_unref);
  G_OBJECT_CLASS (luztar_matrix_view_parent_class)->dispose (object);
}

static void
luztar_matrix_view_class_init (LuztarMatrixViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = luztar_matrix_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/luztar-matrix-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, title_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, stack);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, error_page);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, scroller);
  gtk_widget_class_bind_template_child (widget_class, LuztarMatrixView, content);
  gtk_widget_class_install_action (widget_class, "matrix.copy-text", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "matrix.copy-octave", NULL, copy_action);
  gtk_widget_class_set_css_name (widget_class, "luztar-matrix-view");
}

static void
luztar_matrix_view_init (LuztarMatrixView *self)
{
  self->cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  update_header (self);
}
