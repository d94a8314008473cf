/* test-matrix-view.c — the matrix view: the entries, equations and pairs
 * it shows against the core's assembly, the copy buttons and the
 * clipboard, models that fail to assemble, edits (under Xvfb, see
 * tests/headless.sh)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "lz.h"
#include "luztar-matrix-view.h"
#include "app-test-util.h"

static LzAssembly *
assemble (LzModel *model)
{
  g_autoptr(GError) error = NULL;
  LzAssembly *assembly = lz_assembly_new (model, &error);

  g_assert_no_error (error);
  return assembly;
}

static GtkWidget *
show_in_window (GtkWidget *child,
                int        width,
                int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The text of an entry as shown, back in ASCII: no padding, "-" for the
 * minus sign. */
static char *
cell_text (LuztarMatrixView *view,
           const char       *part,
           guint             row,
           guint             column)
{
  GtkWidget *label = luztar_matrix_view_get_cell (view, part, row, column);
  g_autofree char *text = NULL;
  GString *out = g_string_new (NULL);

  g_assert_nonnull (label);
  g_assert_true (GTK_IS_LABEL (label));
  text = g_strdup (gtk_label_get_label (GTK_LABEL (label)));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x2212)
        g_string_append_c (out, '-');
      else if (c != ' ')
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static double
parse (const char *text)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  g_assert_true (end != text && *end == '\0');
  return value;
}

/* Every entry of the matrix @part is shown, no more: exactly the core's
 * value when the text is exact (no tooltip), else within the six digits
 * shown with the exact value in the tooltip. */
static void
assert_matrix_shown (LuztarMatrixView *view,
                     const char       *part,
                     const gsl_matrix *X,
                     guint             rows,
                     guint             cols)
{
  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < cols; j++)
      {
        g_autofree char *text = cell_text (view, part, i, j);
        GtkWidget *label = luztar_matrix_view_get_cell (view, part, i, j);
        const char *tooltip = gtk_widget_get_tooltip_text (label);
        double expected = gsl_matrix_get (X, i, j);

        if (tooltip == NULL)
          g_assert_cmpfloat (parse (text), ==, expected);
        else
          {
            g_assert_cmpfloat (parse (tooltip), ==, expected);
            g_assert_cmpfloat_with_epsilon (parse (text), expected, 5e-6 * fabs (expected));
          }
      }
  g_assert_null (luztar_matrix_view_get_cell (view, part, rows, 0));
  g_assert_null (luztar_matrix_view_get_cell (view, part, 0, cols));
}

/* Decimal points line up: in a monospace font, every entry of a column
 * has as many characters after its point (or after its last digit when
 * it has none) as the others. */
static void
assert_columns_aligned (LuztarMatrixView *view,
                        const char       *part,
                        guint             rows,
                        guint             cols)
{
  for (guint j = 0; j < cols; j++)
    {
      glong tail = -1;

      for (guint i = 0; i < rows; i++)
        {
          GtkWidget *label = luztar_matrix_view_get_cell (view, part, i, j);
          const char *text = gtk_label_get_label (GTK_LABEL (label));
          const char *point = strpbrk (text, ".e ");
          glong here = point != NULL ? g_utf8_strlen (point, -1) : 0;

          g_assert_true (gtk_widget_has_css_class (label, "monospace"));
          g_assert_cmpfloat (gtk_label_get_xalign (GTK_LABEL (label)), ==, 1.0);
          if (tail < 0)
            tail = here;
          g_assert_cmpint (here, ==, tail);
        }
    }
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_BUTTON (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *
visible_page (LuztarMatrixView *view)
{
  GtkStack *stack = GTK_STACK (app_test_find_mapped_type (GTK_WIDGET (view), GTK_TYPE_STACK));

  return gtk_stack_get_visible_child_name (stack);
}

/* Two carts and a stop: every entry of M, C, K, W and of the LCS, f(t),
 * the equations and the pair as the core assembles them. */
static void
test_matrix_view_entries (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(LzAssembly) assembly = assemble (model);
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 1000, 800);
  guint n = lz_assembly_get_n_dofs (assembly);
  guint nr = lz_assembly_get_n_nonsmooth (assembly);
  guint np = lz_assembly_get_n_pairs (assembly);
  const LzPair *pair;
  g_autofree char *k01 = NULL;
  g_autofree char *k11 = NULL;

  luztar_matrix_view_set_model (view, model);
  g_assert_cmpstr (visible_page (view), ==, "matrices");
  g_assert_null (luztar_matrix_view_get_message (view));
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (nr, ==, 1);
  g_assert_cmpuint (np, ==, 1);

  /* the numbers the example stands for: unit carts, k1 = k2 = 1 */
  k01 = cell_text (view, "K", 0, 1);
  k11 = cell_text (view, "K", 1, 1);
  g_assert_cmpstr (k01, ==, "-1");
  g_assert_cmpstr (k11, ==, "1");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "K", 0, 0))),
                   ==, "2");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "K", 1, 0))),
                   ==, "−1");
  g_assert_true (gtk_widget_has_css_class (luztar_matrix_view_get_cell (view, "M", 0, 1),
                                           "dim-label"));
  g_assert_false (gtk_widget_has_css_class (luztar_matrix_view_get_cell (view, "M", 0, 0),
                                            "dim-label"));

  assert_matrix_shown (view, "M", lz_assembly_get_M (assembly), n, n);
  assert_matrix_shown (view, "C", lz_assembly_get_C (assembly), n, n);
  assert_matrix_shown (view, "K", lz_assembly_get_K (assembly), n, n);
  assert_matrix_shown (view, "W", lz_assembly_get_W (assembly), nr, n);
  g_assert_true (lz_assembly_has_lcs (assembly));
  assert_matrix_shown (view, "lcs-A", lz_assembly_get_lcs_A (assembly), 2 * n, 2 * n);
  assert_matrix_shown (view, "lcs-B", lz_assembly_get_lcs_B (assembly), 2 * n, np);
  assert_matrix_shown (view, "lcs-C", lz_assembly_get_lcs_C (assembly), np, 2 * n);
  assert_matrix_shown (view, "lcs-D", lz_assembly_get_lcs_D (assembly), np, np);
  assert_columns_aligned (view, "K", n, n);
  assert_columns_aligned (view, "lcs-A", 2 * n, 2 * n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *equation = lz_assembly_dup_equation (assembly, i);
      GtkWidget *label = luztar_matrix_view_get_cell (view, "equation", i, 0);

      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, equation);
      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "f", i, 0))),
                       ==, lz_assembly_get_f_text (assembly, i));
    }
  g_assert_null (luztar_matrix_view_get_cell (view, "equation", n, 0));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "equation", 0, 0))),
                   ==, "1·q̈_cart1 ∈ −1·q_cart1 + 1·(q_cart2 − q_cart1) + λ_lo[s1]");
  for (guint i = 0; i < 2 * n; i++)
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "lcs-e", i, 0))),
                     ==, lz_assembly_get_lcs_e_text (assembly, i));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "lcs-d", 0, 0))),
                   ==, lz_assembly_get_lcs_d_text (assembly, 0));

  pair = lz_assembly_get_pair (assembly, 0);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "pair", 0, 1))),
                   ==, "s1");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "pair", 0, 2))),
                   ==, "lower");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "pair", 0, 5))),
                   ==, pair->meaning);
  g_assert_null (luztar_matrix_view_get_cell (view, "lcs-singular", 0, 0));

  /* a screen reader hears where an entry is */
  {
    GtkWidget *label = luztar_matrix_view_get_cell (view, "K", 0, 1);
    GtkWidget *button = find_button (GTK_WIDGET (view), "matrix.copy-text");

    g_assert_nonnull (button);
    g_assert_true (gtk_widget_get_sensitive (button));
    g_assert_nonnull (label);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Rounded entries: 1/3 in A is shown with six digits and exactly in its
 * tooltip; the decimal points of a column still line up. */
static void
test_matrix_view_rounding (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 1000, 800);
  GtkWidget *label;

  g_assert_true (lz_model_set_parameter (model, "cart2", "mass", 3.0, &error));
  g_assert_no_error (error);
  assembly = assemble (model);
  luztar_matrix_view_set_model (view, model);

  /* v:cart2 row of A: K/m = (−1 1)/3 on q */
  label = luztar_matrix_view_get_cell (view, "lcs-A", 3, 1);
  {
    g_autofree char *text = cell_text (view, "lcs-A", 3, 1);

    g_assert_cmpstr (text, ==, "-0.333333");
  }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, "-0.3333333333333333");
  g_assert_cmpfloat (parse (gtk_widget_get_tooltip_text (label)), ==, -1.0 / 3.0);
  assert_matrix_shown (view, "lcs-A", lz_assembly_get_lcs_A (assembly), 4, 4);
  assert_columns_aligned (view, "lcs-A", 4, 4);
  /* "1" and "0.333333" in one column: "1" padded to the point */
  {
    const char *one = gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "lcs-A", 2, 0)));
    const char *third = gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "lcs-A", 3, 0)));

    g_assert_cmpstr (one, ==, "−2       ");
    g_assert_cmpstr (third, ==, "0.333333");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the buttons copy and what the functions return is the core's
 * text and Octave export of the model shown. */
typedef struct
{
  char    *text;
  gboolean done;
} ReadText;

static void
on_read_text (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ReadText *read = user_data;
  g_autoptr(GError) error = NULL;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  read->done = TRUE;
}

static char *
read_clipboard (GtkWidget *widget)
{
  ReadText read = { NULL, FALSE };
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_read_text, &read);
  while (!read.done && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (read.done);
  return read.text;
}

static void
test_matrix_view_copy (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("paper002-ex51-absorber.luztar");
  g_autoptr(LzAssembly) assembly = assemble (model);
  g_autoptr(LzReduction) reduction = lz_reduction_new_for_assembly (assembly);
  g_autofree char *matrices_text = lz_assembly_to_text (assembly);
  g_autofree char *matrices_octave = lz_assembly_to_octave (assembly);
  g_autofree char *reduction_text = lz_reduction_to_text (reduction);
  g_autofree char *reduction_octave = lz_reduction_to_octave (reduction);
  /* with massless joints, the reduction of paper 002 follows the matrices */
  g_autofree char *text = g_strconcat (matrices_text, "\n", reduction_text, NULL);
  g_autofree char *octave = g_strconcat (matrices_octave, "\n", reduction_octave, NULL);
  g_autofree char *got_text = NULL;
  g_autofree char *got_octave = NULL;
  g_autofree char *clip_text = NULL;
  g_autofree char *clip_octave = NULL;
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 1000, 800);
  GtkWidget *text_button = find_button (GTK_WIDGET (view), "matrix.copy-text");
  GtkWidget *octave_button = find_button (GTK_WIDGET (view), "matrix.copy-octave");

  g_assert_nonnull (text_button);
  g_assert_nonnull (octave_button);
  luztar_matrix_view_set_model (view, model);
  app_test_wait_for_layout (GTK_WIDGET (view));

  got_text = luztar_matrix_view_dup_text (view);
  got_octave = luztar_matrix_view_dup_octave (view);
  g_assert_cmpstr (got_text, ==, text);
  g_assert_cmpstr (got_octave, ==, octave);
  g_assert_true (g_str_has_prefix (got_octave, "% "));

  /* a model with massless joints: no LCS, and the view says why */
  g_assert_false (lz_assembly_has_lcs (assembly));
  g_assert_null (luztar_matrix_view_get_cell (view, "lcs-A", 0, 0));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "lcs-singular", 0, 0))),
                            "joint1, joint2"));

  /* the reduction: the diagnosis, S = (2/7, 4/9, 1), K̃ = k1k2/(k1 + k2),
   * and the equation of the model with the joints eliminated */
  {
    g_autofree char *s0 = cell_text (view, "S", 0, 0);
    g_autofree char *s1 = cell_text (view, "S", 1, 0);
    g_autofree char *kr = cell_text (view, "Kr", 0, 0);
    gboolean corollary = FALSE;

    g_assert_true (g_str_has_prefix (s0, "0.2857"));
    g_assert_true (g_str_has_prefix (s1, "0.4444"));
    g_assert_true (g_str_has_prefix (kr, "71428"));
    for (guint i = 0; luztar_matrix_view_get_cell (view, "diagnosis", i, 0) != NULL; i++)
      corollary |= strstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "diagnosis", i, 0))),
                           "Corollary 4.5") != NULL;
    g_assert_true (corollary);
    g_assert_nonnull (luztar_matrix_view_get_cell (view, "assumption", 0, 0));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "elimination", 0, 0))),
                              "“joint1”"));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "reduced-equation", 0, 0))),
                              "25·q̈_machine"));
    g_assert_null (luztar_matrix_view_get_cell (view, "reduced-equation", 1, 0));
    /* each massless node, classified (paper 002's linear joints here) */
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "node", 0, 0))),
                              "“joint1”"));
    g_assert_nonnull (luztar_matrix_view_get_cell (view, "node", 1, 2));
  }

  /* a spring loading a friction element through a massless node: its node
   * equation disentangled (paper 000, Theorem 3.9 and the cascade) */
  {
    g_autoptr(LzModel) node_model = app_test_load_test_model ("massless-spring-friction.luztar");
    g_autofree char *title = NULL;
    g_autofree char *equations = NULL;

    luztar_matrix_view_set_model (view, node_model);
    app_test_wait_for_layout (GTK_WIDGET (view));
    title = g_strdup (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "node", 0, 0))));
    equations = g_strdup (gtk_label_get_label (GTK_LABEL (luztar_matrix_view_get_cell (view, "node", 0, 1))));
    g_test_message ("%s\n%s", title, equations);
    g_assert_nonnull (strstr (title, "Theorem 3.9"));
    g_assert_nonnull (strstr (equations, "q̇_z = 25·luz(0.05·sin(2·t) − q_z, 0.015)"));
    luztar_matrix_view_set_model (view, model);
    app_test_wait_for_layout (GTK_WIDGET (view));
  }

  g_assert_true (gtk_widget_get_sensitive (text_button));
  g_signal_emit_by_name (text_button, "clicked");
  clip_text = read_clipboard (GTK_WIDGET (view));
  g_assert_cmpstr (clip_text, ==, text);

  g_signal_emit_by_name (octave_button, "clicked");
  clip_octave = read_clipboard (GTK_WIDGET (view));
  g_assert_cmpstr (clip_octave, ==, octave);
  g_assert_cmpstr (clip_octave, !=, clip_text);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A model the core refuses: its message instead of matrices, nothing to
 * copy; then a good model again, and no model. */
static void
test_matrix_view_error (void)
{
  g_autoptr(LzModel) broken = lz_model_new ("broken");
  g_autoptr(LzModel) good = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) refused = NULL;
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 800, 600);
  GtkWidget *text_button = find_button (GTK_WIDGET (view), "matrix.copy-text");
  AdwStatusPage *page;
  g_autofree char *escaped = NULL;

  g_assert_nonnull (lz_model_add_body (broken, "m1", LZ_BODY_TRANSLATIONAL, 1.0, &error));
  g_assert_no_error (error);
  /* a spring with one port left open */
  g_assert_nonnull (lz_model_add_element (broken, LZ_ITEM_SPRING, "k1", "m1", NULL, &error));
  g_assert_no_error (error);
  refused = lz_assembly_new (broken, &error);
  g_assert_null (refused);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
  g_assert_nonnull (strstr (error->message, "k1"));

  luztar_matrix_view_set_model (view, good);
  g_assert_cmpstr (visible_page (view), ==, "matrices");
  luztar_matrix_view_set_model (view, broken);
  g_assert_cmpstr (visible_page (view), ==, "error");
  g_assert_cmpstr (luztar_matrix_view_get_message (view), ==, error->message);
  page = ADW_STATUS_PAGE (gtk_stack_get_visible_child (GTK_STACK (app_test_find_mapped_type (GTK_WIDGET (view),
                                                                                              GTK_TYPE_STACK))));
  escaped = g_markup_escape_text (error->message, -1);
  g_assert_cmpstr (adw_status_page_get_description (page), ==, escaped);
  g_assert_null (luztar_matrix_view_get_cell (view, "M", 0, 0));
  g_assert_null (luztar_matrix_view_dup_text (view));
  g_assert_null (luztar_matrix_view_dup_octave (view));
  g_assert_false (gtk_widget_get_sensitive (text_button));
  app_test_wait_for_layout (GTK_WIDGET (view));

  luztar_matrix_view_set_model (view, good);
  g_assert_cmpstr (visible_page (view), ==, "matrices");
  g_assert_null (luztar_matrix_view_get_message (view));
  g_assert_true (gtk_widget_get_sensitive (text_button));

  luztar_matrix_view_set_model (view, NULL);
  g_assert_cmpstr (visible_page (view), ==, "empty");
  g_assert_null (luztar_matrix_view_get_message (view));
  g_assert_null (luztar_matrix_view_get_cell (view, "M", 0, 0));
  g_assert_null (luztar_matrix_view_dup_text (view));
  g_assert_false (gtk_widget_get_sensitive (text_button));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An edit through the core and set_model again: the entry changes, the
 * copy is of the new model, and the scroll position stays. */
static void
test_matrix_view_edit (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *a31 = NULL;
  g_autofree char *text = NULL;
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 900, 500);
  GtkScrolledWindow *scroller;
  GtkAdjustment *vadjustment;
  double position;

  luztar_matrix_view_set_model (view, model);
  app_test_wait_for_layout (GTK_WIDGET (view));
  before = cell_text (view, "M", 1, 1);
  g_assert_cmpstr (before, ==, "1");

  /* the focus on a widget of the page, which goes with the rebuild */
  gtk_widget_grab_focus (luztar_matrix_view_get_cell (view, "equation", 1, 0));
  g_assert_true (gtk_widget_has_focus (luztar_matrix_view_get_cell (view, "equation", 1, 0)));
  app_test_wait_for_layout (GTK_WIDGET (view));

  scroller = GTK_SCROLLED_WINDOW (app_test_find_mapped_type (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW));
  vadjustment = gtk_scrolled_window_get_vadjustment (scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >, gtk_adjustment_get_page_size (vadjustment) + 300);
  position = floor ((gtk_adjustment_get_upper (vadjustment) - gtk_adjustment_get_page_size (vadjustment)) / 2);
  gtk_adjustment_set_value (vadjustment, position);
  app_test_wait_for_layout (GTK_WIDGET (view));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, position);

  /* the user types a new mass for cart 2 */
  g_assert_true (lz_model_set_parameter (model, "cart2", "mass", 2.5, &error));
  g_assert_no_error (error);
  luztar_matrix_view_set_model (view, model);
  after = cell_text (view, "M", 1, 1);
  g_assert_cmpstr (after, ==, "2.5");
  a31 = cell_text (view, "lcs-A", 3, 1);
  g_assert_cmpstr (a31, ==, "-0.4");
  text = luztar_matrix_view_dup_text (view);
  g_assert_nonnull (strstr (text, "cart2  translational  m = 2.5"));
  app_test_wait_for_layout (GTK_WIDGET (view));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, position);

  /* the view holds its own copy: a later edit does not show until set */
  g_assert_true (lz_model_set_parameter (model, "cart2", "mass", 4, &error));
  {
    g_autofree char *still = cell_text (view, "M", 1, 1);
    g_autofree char *copy = luztar_matrix_view_dup_text (view);

    g_assert_cmpstr (still, ==, "2.5");
    g_assert_cmpstr (copy, ==, text);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The view in a window, light and dark, as PNGs in the build tree's
 * test-artifacts (for a look, not compared). */
static void
test_matrix_view_screenshot (void)
{
  static const char *examples[] = { "two-carts-stop", "paper002-ex51-absorber", "freeplay-pair" };
  AdwStyleManager *style = adw_style_manager_get_default ();
  LuztarMatrixView *view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  GtkWidget *window = show_in_window (GTK_WIDGET (view), 1100, 1400);

  for (guint k = 0; k < G_N_ELEMENTS (examples); k++)
    for (int dark = 0; dark < 2; dark++)
      {
        g_autofree char *file = g_strdup_printf ("%s.luztar", examples[k]);
        g_autofree char *png = g_strdup_printf ("matrix-view-%s%s.png", examples[k],
                                                dark ? "-dark" : "");
        g_autofree char *page = g_strdup_printf ("matrix-view-%s-page%s.png", examples[k],
                                                 dark ? "-dark" : "");
        g_autoptr(LzModel) model = app_test_load_example (file);

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
        luztar_matrix_view_set_model (view, model);
        app_test_wait_for_layout (GTK_WIDGET (view));
        app_test_save_png (window, NULL, png);
        /* the whole page, also what is scrolled out of the window */
        app_test_save_png (app_test_find_mapped_type (GTK_WIDGET (view), ADW_TYPE_CLAMP),
                           dark ? &(GdkRGBA) { 0.14, 0.14, 0.14, 1 } : &(GdkRGBA) { 0.98, 0.98, 0.98, 1 }, page);
      }

  {
    g_autoptr(LzModel) broken = lz_model_new ("broken");

    lz_model_add_body (broken, "m1", LZ_BODY_TRANSLATIONAL, 1.0, NULL);
    lz_model_add_element (broken, LZ_ITEM_SPRING, "k1", "m1", NULL, NULL);
    luztar_matrix_view_set_model (view, broken);
    gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
    app_test_wait_for_layout (GTK_WIDGET (view));
    app_test_save_png (window, NULL, "matrix-view-error-dark.png");
  }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/matrix-view/entries", test_matrix_view_entries);
  g_test_add_func ("/luztar/matrix-view/rounding", test_matrix_view_rounding);
  g_test_add_func ("/luztar/matrix-view/copy", test_matrix_view_copy);
  g_test_add_func ("/luztar/matrix-view/error", test_matrix_view_error);
  g_test_add_func ("/luztar/matrix-view/edit", test_matrix_view_edit);
  g_test_add_func ("/luztar/matrix-view/screenshot", test_matrix_view_screenshot);
  return g_test_run ();
}
