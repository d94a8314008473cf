/* test-inspector.c — the inspector's expression rows: the parse check as
 * the user types, and the preview plot under the row (under Xvfb, see
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
#include "luztar-expr-preview.h"
#include "luztar-inspector.h"
#include "luztar-window.h"
#include "app-test-util.h"

/* The value of @text at @t, evaluated by the core. */
static double
eval_text (const char *text,
           double      t)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzExpr) expr = lz_expr_new (text, NULL, &error);

  g_assert_no_error (error);
  return lz_expr_eval (expr, t);
}

/* The preview holds @text sampled at 200 times over [0, @t_end]: the
 * samples are the core's values there and the range is theirs. */
static void
assert_preview_samples (LuztarExprPreview *preview,
                        const char        *text,
                        double             t_end)
{
  static const guint checked[] = { 0, 1, 57, 100, 150, 199 };
  double min = INFINITY, max = -INFINITY, got_min, got_max;

  g_assert_cmpuint (luztar_expr_preview_get_n_samples (preview), ==, 200);
  g_assert_cmpfloat (luztar_expr_preview_get_t_end (preview), ==, t_end);
  for (guint k = 0; k < G_N_ELEMENTS (checked); k++)
    {
      double t, v;

      g_assert_true (luztar_expr_preview_get_sample (preview, checked[k], &t, &v));
      g_assert_cmpfloat_with_epsilon (t, t_end * checked[k] / 199.0, 1e-12 * t_end);
      g_assert_cmpfloat_with_epsilon (v, eval_text (text, t), 1e-12);
    }
  g_assert_false (luztar_expr_preview_get_sample (preview, 200, NULL, NULL));
  for (guint i = 0; i < 200; i++)
    {
      double v;

      luztar_expr_preview_get_sample (preview, i, NULL, &v);
      min = MIN (min, v);
      max = MAX (max, v);
    }
  g_assert_true (luztar_expr_preview_get_range (preview, &got_min, &got_max));
  g_assert_cmpfloat (got_min, ==, min);
  g_assert_cmpfloat (got_max, ==, max);
}

static void
on_parameter_edited (LuztarInspector *inspector,
                     const char      *id,
                     const char      *name,
                     const char      *text,
                     GPtrArray       *edits)
{
  g_ptr_array_add (edits, g_strdup_printf ("%s/%s=%s", id, name, text));
}

/* A force's F(t): checked on every change of the text, marked and
 * explained while it does not parse, plotted while it does, and applied
 * only on Enter / apply. */
static void
test_inspector_expression_check (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(GPtrArray) edits = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) parse_error = NULL;
  g_autofree char *stored = NULL;
  GtkWidget *window = gtk_window_new ();
  LuztarInspector *inspector = LUZTAR_INSPECTOR (luztar_inspector_new ());
  LuztarExprPreview *preview;
  GtkWidget *row;
  const char *message;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (inspector));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  gtk_window_present (GTK_WINDOW (window));
  luztar_inspector_set_model (inspector, model);
  g_signal_connect (inspector, "parameter-edited", G_CALLBACK (on_parameter_edited), edits);

  /* a number has no preview */
  luztar_inspector_select (inspector, "m1");
  g_assert_cmpstr (luztar_inspector_get_selected (inspector), ==, "m1");
  g_assert_nonnull (luztar_inspector_get_row (inspector, "mass"));
  g_assert_null (luztar_inspector_get_preview (inspector, "mass"));

  luztar_inspector_select (inspector, "F");
  g_assert_cmpstr (luztar_inspector_get_selected (inspector), ==, "F");
  row = luztar_inspector_get_row (inspector, "value");
  g_assert_true (ADW_IS_ENTRY_ROW (row));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "sin(0.5*t)");
  preview = LUZTAR_EXPR_PREVIEW (luztar_inspector_get_preview (inspector, "value"));
  g_assert_nonnull (preview);
  app_test_wait_for_layout (GTK_WIDGET (preview));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (preview)), >=, 60);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (preview)), <=, 80);

  /* the file's expression parses: no mark, plotted over [0, t_end] */
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  g_assert_null (luztar_inspector_get_message (inspector, "value"));
  assert_preview_samples (preview, "sin(0.5*t)", lz_model_get_simulation (model)->t_end);
  g_assert_cmpfloat (lz_model_get_simulation (model)->t_end, ==, 100);

  /* typing a bad expression: marked at once with the core's message, the
   * preview empty, nothing applied */
  gtk_editable_set_text (GTK_EDITABLE (row), "sin(0.5*t");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  message = luztar_inspector_get_message (inspector, "value");
  g_assert_nonnull (message);
  g_assert_null (lz_expr_new ("sin(0.5*t", NULL, &parse_error));
  g_assert_cmpstr (message, ==, parse_error->message);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "sin(0.5*t");   /* never changed */
  g_assert_cmpuint (luztar_expr_preview_get_n_samples (preview), ==, 0);
  g_assert_false (luztar_expr_preview_get_range (preview, NULL, NULL));
  stored = lz_model_dup_parameter_string (model, "F", "value", NULL);
  g_assert_cmpstr (stored, ==, "sin(0.5*t)");
  g_clear_pointer (&stored, g_free);
  g_assert_cmpuint (edits->len, ==, 0);

  /* another mistake, another message */
  gtk_editable_set_text (GTK_EDITABLE (row), "sine(t)");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  message = luztar_inspector_get_message (inspector, "value");
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "sine"));
  /* an empty force is not "none": the force needs a value */
  gtk_editable_set_text (GTK_EDITABLE (row), "  ");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_nonnull (luztar_inspector_get_message (inspector, "value"));

  /* applying a text that does not parse keeps the mark */
  gtk_editable_set_text (GTK_EDITABLE (row), "2*");
  g_signal_emit_by_name (row, "apply");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_nonnull (luztar_inspector_get_message (inspector, "value"));
  g_assert_cmpuint (edits->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (edits, 0), ==, "F/value=2*");

  /* typing a good one: the mark goes, the preview follows the text */
  gtk_editable_set_text (GTK_EDITABLE (row), "2*cos(t) - 0.5");
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  g_assert_null (luztar_inspector_get_message (inspector, "value"));
  assert_preview_samples (preview, "2*cos(t) - 0.5", 100);
  stored = lz_model_dup_parameter_string (model, "F", "value", NULL);
  g_assert_cmpstr (stored, ==, "sin(0.5*t)");                          /* not applied yet */
  g_assert_cmpuint (edits->len, ==, 1);

  /* Enter applies it through the existing signal */
  g_signal_emit_by_name (row, "entry-activated");
  g_assert_cmpuint (edits->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (edits, 1), ==, "F/value=2*cos(t) - 0.5");
  g_assert_false (gtk_widget_has_css_class (row, "error"));

  /* the window's verdict still marks the row, shown under it */
  luztar_inspector_show_error (inspector, "value", "refused for a test");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_cmpstr (luztar_inspector_get_message (inspector, "value"), ==, "refused for a test");
  gtk_editable_set_text (GTK_EDITABLE (row), "t");
  g_assert_null (luztar_inspector_get_message (inspector, "value"));

  /* a ground's motion may be left empty (the ground stays put): not an
   * error, and the preview is the zero motion */
  luztar_inspector_select (inspector, "wall");
  row = luztar_inspector_get_row (inspector, "motion");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  preview = LUZTAR_EXPR_PREVIEW (luztar_inspector_get_preview (inspector, "motion"));
  assert_preview_samples (preview, "0", 100);
  gtk_editable_set_text (GTK_EDITABLE (row), "0.1*t^");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  gtk_editable_set_text (GTK_EDITABLE (row), "0.1*t^2");
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  assert_preview_samples (preview, "0.1*t^2", 100);

  /* a new model with another end time: the preview spans it */
  {
    g_autoptr(LzModel) other = app_test_load_example ("freeplay-pair.luztar");

    luztar_inspector_set_model (inspector, other);
    luztar_inspector_select (inspector, "drive");
    preview = LUZTAR_EXPR_PREVIEW (luztar_inspector_get_preview (inspector, "value"));
    g_assert_nonnull (preview);
    assert_preview_samples (preview, "2*sin(6*t)", lz_model_get_simulation (other)->t_end);
  }
  /* a friction level written in t is an expression with its preview; a
   * level that is a number (a static one here) is a number row */
  {
    g_autoptr(LzModel) clutch = app_test_load_example ("clutch-engagement.luztar");
    g_autoptr(LzModel) belt = app_test_load_example ("block-on-belt.luztar");

    luztar_inspector_set_model (inspector, clutch);
    luztar_inspector_select (inspector, "clutch");
    row = luztar_inspector_get_row (inspector, "level");
    g_assert_nonnull (row);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "40*t");
    preview = LUZTAR_EXPR_PREVIEW (luztar_inspector_get_preview (inspector, "level"));
    g_assert_nonnull (preview);
    assert_preview_samples (preview, "40*t", lz_model_get_simulation (clutch)->t_end);
    g_assert_null (luztar_inspector_get_preview (inspector, "static"));
    luztar_inspector_set_model (inspector, belt);
    luztar_inspector_select (inspector, "f");
    g_assert_null (luztar_inspector_get_row (inspector, "static"));       /* asymmetric */
    row = luztar_inspector_get_row (inspector, "static-pos");
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "1.5");
    g_assert_null (luztar_inspector_get_preview (inspector, "static-pos"));
    g_assert_nonnull (luztar_inspector_get_row (inspector, "stribeck-velocity"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Non-finite samples are kept as they are (gaps), and take no part in the
 * range: 1/t is infinite at t = 0, log(t − 1) is NaN before t = 1, and
 * sqrt(t − 20) has no finite value on [0, 10]. */
/* Numbers are checked by the core as they are typed: a refused value is
 * marked and explained under its row, never applied or clamped; the
 * inspector names kinds as the palette does. */
static void
test_inspector_number_check (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(GPtrArray) edits = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *window = gtk_window_new ();
  LuztarInspector *inspector = LUZTAR_INSPECTOR (luztar_inspector_new ());
  GtkWidget *row;
  const char *message;
  double mass;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (inspector));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  gtk_window_present (GTK_WINDOW (window));
  luztar_inspector_set_model (inspector, model);
  g_signal_connect (inspector, "parameter-edited", G_CALLBACK (on_parameter_edited), edits);
  luztar_inspector_select (inspector, "m1");
  row = luztar_inspector_get_row (inspector, "mass");
  g_assert_nonnull (row);
  g_assert_null (luztar_inspector_get_message (inspector, "mass"));

  gtk_editable_set_text (GTK_EDITABLE (row), "-2");
  message = luztar_inspector_get_message (inspector, "mass");
  g_assert_nonnull (message);
  g_assert_true (strstr (message, "mass") != NULL);
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "-2");   /* not clamped */
  gtk_editable_set_text (GTK_EDITABLE (row), "abc");
  g_assert_nonnull (luztar_inspector_get_message (inspector, "mass"));
  gtk_editable_set_text (GTK_EDITABLE (row), "2.5");
  g_assert_null (luztar_inspector_get_message (inspector, "mass"));
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  /* typing applies nothing: the model keeps its value, no edit was sent */
  g_assert_true (lz_model_get_parameter (model, "m1", "mass", &mass, NULL));
  g_assert_cmpfloat (mass, ==, 1.0);
  g_assert_cmpuint (edits->len, ==, 0);

  /* restitution outside [0, 1] on a stop, a port that is not there */
  g_clear_pointer (&model, lz_model_unref);
  model = app_test_load_example ("two-carts-stop.luztar");
  luztar_inspector_set_model (inspector, model);
  luztar_inspector_select (inspector, "s1");
  row = luztar_inspector_get_row (inspector, "restitution");
  gtk_editable_set_text (GTK_EDITABLE (row), "1.5");
  g_assert_nonnull (luztar_inspector_get_message (inspector, "restitution"));
  gtk_editable_set_text (GTK_EDITABLE (row), "0.5");
  g_assert_null (luztar_inspector_get_message (inspector, "restitution"));
  row = luztar_inspector_get_row (inspector, "b");
  gtk_editable_set_text (GTK_EDITABLE (row), "nowhere");
  g_assert_nonnull (luztar_inspector_get_message (inspector, "b"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preview_non_finite (void)
{
  LuztarExprPreview *preview = LUZTAR_EXPR_PREVIEW (luztar_expr_preview_new ("F(t)"));
  g_autoptr(LzExpr) inv = lz_expr_new ("1/t", NULL, NULL);
  g_autoptr(LzExpr) lg = lz_expr_new ("log(t-1)", NULL, NULL);
  g_autoptr(LzExpr) none = lz_expr_new ("sqrt(t-20)", NULL, NULL);
  double min, max, t, v;
  guint n_nan = 0;

  g_object_ref_sink (preview);
  luztar_expr_preview_set_t_end (preview, 10);

  luztar_expr_preview_set_expression (preview, inv);
  g_assert_true (luztar_expr_preview_get_sample (preview, 0, &t, &v));
  g_assert_cmpfloat (t, ==, 0);
  g_assert_false (isfinite (v));
  g_assert_true (luztar_expr_preview_get_range (preview, &min, &max));
  g_assert_true (isfinite (min) && isfinite (max));
  g_assert_cmpfloat_with_epsilon (max, 199.0 / 10, 1e-9);        /* 1/t at the second sample */
  g_assert_cmpfloat_with_epsilon (min, 0.1, 1e-12);              /* 1/t at t = 10 */

  luztar_expr_preview_set_expression (preview, lg);
  for (guint i = 0; i < luztar_expr_preview_get_n_samples (preview); i++)
    {
      luztar_expr_preview_get_sample (preview, i, &t, &v);
      if (t < 1)
        {
          g_assert_false (isfinite (v));
          n_nan++;
        }
      else
        g_assert_cmpfloat_with_epsilon (v, log (t - 1), 1e-12);
    }
  g_assert_cmpuint (n_nan, ==, 20);                              /* t = 10 i / 199 < 1 */
  g_assert_true (luztar_expr_preview_get_range (preview, &min, &max));
  g_assert_cmpfloat_with_epsilon (min, log (10 * 20 / 199.0 - 1), 1e-12);
  g_assert_cmpfloat_with_epsilon (max, log (9), 1e-12);

  luztar_expr_preview_set_expression (preview, none);
  g_assert_cmpuint (luztar_expr_preview_get_n_samples (preview), ==, 200);
  g_assert_false (luztar_expr_preview_get_range (preview, NULL, NULL));

  luztar_expr_preview_set_expression (preview, NULL);
  g_assert_cmpuint (luztar_expr_preview_get_n_samples (preview), ==, 0);
  g_object_unref (preview);
}

/* The leftmost column holding the curve's blue, or -1. */
static int
first_blue_column (cairo_surface_t *surface)
{
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);

  cairo_surface_flush (surface);
  for (int x = 0; x < w; x++)
    for (int y = 0; y < h; y++)
      {
        guint32 pixel = *(guint32 *) (data + y * stride + 4 * x);
        int blue = pixel & 0xff, green = (pixel >> 8) & 0xff, red = (pixel >> 16) & 0xff;

        if (blue > 150 && blue > red + 80 && blue > green + 40)
          return x;
      }
  return -1;
}

static int
draw_to_surface (const double *values,
                 guint         n,
                 gboolean      dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 72);
  cairo_t *cr = cairo_create (surface);
  int column;

  cairo_set_source_rgb (cr, dark ? 0.19 : 1, dark ? 0.19 : 1, dark ? 0.19 : 1);
  cairo_paint (cr);
  luztar_expr_preview_draw (cr, 400, 72, &(LuztarExprSamples) { values, n, 10, "N" }, dark);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  column = first_blue_column (surface);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return column;
}

/* The plain drawing function leaves gaps where samples are not finite: a
 * curve whose first half is NaN or infinite starts half the width further
 * right than the same curve without the gap, and nothing is plotted at
 * all without a finite sample or without samples. */
static void
test_preview_draw_gaps (void)
{
  double full[200], gap[200];

  for (guint i = 0; i < 200; i++)
    {
      full[i] = sin (i / 20.0);
      gap[i] = i < 100 ? (i % 2 ? NAN : INFINITY) : full[i];
    }
  /* the same range: the first half of sin covers [−1, 1] in both */
  gap[150] = -1;
  gap[160] = 1;
  full[150] = -1;
  full[160] = 1;
  for (int dark = 0; dark < 2; dark++)
    {
      int a = draw_to_surface (full, 200, dark);
      int b = draw_to_surface (gap, 200, dark);
      double nans[200];

      g_assert_cmpint (a, >=, 0);
      g_assert_cmpint (a, <, 100);
      g_assert_cmpint (b - a, >, 150);
      for (guint i = 0; i < 200; i++)
        nans[i] = NAN;
      g_assert_cmpint (draw_to_surface (nans, 200, dark), ==, -1);
      g_assert_cmpint (draw_to_surface (NULL, 0, dark), ==, -1);
    }
}

static GtkWidget *
find_inspector (GtkWidget *widget)
{
  if (LUZTAR_IS_INSPECTOR (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_inspector (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The whole window with a force selected, light and dark, as PNGs in the
 * build tree's test-artifacts (for a look, not compared). */
static void
test_inspector_screenshot (void)
{
  g_autofree char *example = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"),
                                               "friction-oscillator.luztar", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (example);
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  AdwStyleManager *style = adw_style_manager_get_default ();
  LuztarInspector *inspector;
  GtkWidget *row;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  g_assert_true (luztar_window_open_file (window, file));
  /* the example's lesson closed (main menu, Lesson Panel): the inspector
   * then has the room beside the canvas at this width */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-lesson",
                                      g_variant_new_boolean (FALSE));
  gtk_window_present (GTK_WINDOW (window));
  inspector = LUZTAR_INSPECTOR (find_inspector (GTK_WIDGET (window)));
  g_assert_nonnull (inspector);
  luztar_inspector_select (inspector, "F");
  g_assert_nonnull (luztar_inspector_get_preview (inspector, "value"));
  app_test_wait_for_layout (luztar_inspector_get_preview (inspector, "value"));
  app_test_save_png (GTK_WIDGET (window), NULL, "inspector-preview.png");

  /* the same with a mistake being typed, in the dark style */
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  row = luztar_inspector_get_row (inspector, "value");
  gtk_editable_set_text (GTK_EDITABLE (row), "sin(0.5*t");
  app_test_wait_for_layout (row);
  app_test_save_png (GTK_WIDGET (window), NULL, "inspector-preview-error-dark.png");
  gtk_editable_set_text (GTK_EDITABLE (row), "1/(t-50) + log(t-10)");
  app_test_wait_for_layout (row);
  app_test_save_png (GTK_WIDGET (window), NULL, "inspector-preview-gaps-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/inspector/expression-check", test_inspector_expression_check);
  g_test_add_func ("/luztar/inspector/number-check", test_inspector_number_check);
  g_test_add_func ("/luztar/expr-preview/non-finite", test_preview_non_finite);
  g_test_add_func ("/luztar/expr-preview/draw-gaps", test_preview_draw_gaps);
  g_test_add_func ("/luztar/inspector/screenshot", test_inspector_screenshot);
  return g_test_run ();
}
