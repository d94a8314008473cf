/* test-program-view.c — the Program Motion page: the classification and
 * the required forces it shows against the core's analysis, its exports,
 * failures in words, edits, a responsive main loop while it analyses,
 * and the canvas marks of prescribed bodies and actuators (under Xvfb,
 * see tests/headless.sh)
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
#include "luztar-program-view.h"
#include "canvas/luztar-symbols.h"
#include "app-test-util.h"

/* The core's analysis of @model, made here independently of the page. */
static LzProgramAnalysis *
core_analysis (LzModel     *model,
               LzAssembly **assembly)
{
  g_autoptr(GError) error = NULL;
  LzProgramAnalysis *analysis;

  *assembly = lz_assembly_new (model, &error);
  g_assert_no_error (error);
  analysis = lz_program_analysis_new (*assembly, NULL, &error);
  g_assert_no_error (error);
  return analysis;
}

typedef struct
{
  gboolean done;
  gint64   last;
  gint64   longest;      /* the longest the main loop was away (µs) */
} Wait;

static void
on_analysed (LuztarProgramView *view,
             Wait              *wait)
{
  wait->done = TRUE;
}

static gboolean
on_heartbeat (gpointer data)
{
  Wait *wait = data;
  gint64 now = g_get_monotonic_time ();

  wait->longest = MAX (wait->longest, now - wait->last);
  wait->last = now;
  return G_SOURCE_CONTINUE;
}

/* Runs @start (which begins an analysis) and the main loop until the
 * page has shown the result; returns the longest main-loop stall. */
static gint64
analyse_and_wait (LuztarProgramView *view,
                  LzModel           *model)
{
  Wait wait = { FALSE, g_get_monotonic_time (), 0 };
  gulong handler = g_signal_connect (view, "analysed", G_CALLBACK (on_analysed), &wait);
  guint beat = g_timeout_add (5, on_heartbeat, &wait);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  if (model != NULL)
    luztar_program_view_set_model (view, model);
  else
    luztar_program_view_analyse (view);
  while (!wait.done && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (beat);
  g_signal_handler_disconnect (view, handler);
  g_assert_true (wait.done);
  g_assert_false (luztar_program_view_is_busy (view));
  return wait.longest;
}

static LuztarProgramView *
new_view (GtkWidget **window)
{
  GtkWidget *view = luztar_program_view_new ();

  *window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_set_default_size (GTK_WINDOW (*window), 1000, 420);
  gtk_window_present (GTK_WINDOW (*window));
  luztar_program_view_set_active (LUZTAR_PROGRAM_VIEW (view), TRUE);
  return LUZTAR_PROGRAM_VIEW (view);
}

/* The plotted series are the core's λ(t), sample by sample. */
static void
check_plot_equals (LuztarProgramView       *view,
                   const LzProgramAnalysis *ref)
{
  LuztarPlot *plot = luztar_program_view_get_plot (view);
  LzTrace *trace = luztar_plot_get_trace (plot);
  guint n_series, ns = lz_program_analysis_get_n_samples (ref);
  const LuztarSeries *series = luztar_plot_get_series (plot, &n_series);
  const double *times = lz_program_analysis_get_times (ref);

  g_assert_nonnull (trace);
  g_assert_cmpuint (n_series, ==, lz_program_analysis_get_n_actuators (ref));
  g_assert_cmpuint (lz_trace_get_n_samples (trace), ==, ns);
  g_assert_cmpuint (ns, >, 100);
  for (guint j = 0; j < n_series; j++)
    {
      const double *lam = lz_program_analysis_get_lambda (ref, j);

      g_assert_cmpint (series[j].kind, ==, LUZTAR_SERIES_ELEMENT_FORCE);
      g_assert_cmpstr (lz_trace_get_element_id (trace, series[j].index), ==,
                       lz_program_analysis_get_actuator_id (ref, j));
      for (guint k = 0; k < ns; k++)
        {
          g_assert_cmpfloat (lz_trace_get_time (trace, k), ==, times[k]);
          g_assert_cmpfloat_with_epsilon (luztar_series_get_value (&series[j], trace, k), lam[k],
                                          1e-12 * (1 + fabs (lam[k])));
        }
    }
}

/* The CSV export: the CLI's header and every sample. */
static void
check_csv (LuztarProgramView       *view,
           const LzProgramAnalysis *ref)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("luztar-program-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "forces.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "forces.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "forces.svg", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) header = g_string_new ("t");
  guint ns = lz_program_analysis_get_n_samples (ref), r = lz_program_analysis_get_n_actuators (ref);
  GStatBuf st;

  g_assert_no_error (error);
  g_assert_true (luztar_program_view_export (view, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint j = 0; j < r; j++)
    g_string_append_printf (header, ",%s", lz_program_analysis_get_actuator_id (ref, j));
  g_assert_cmpstr (lines[0], ==, header->str);
  g_assert_cmpuint (g_strv_length (lines), ==, ns + 2);       /* a last empty piece */
  for (guint k = 0; k < ns; k += MAX (ns / 50, 1))
    {
      g_auto(GStrv) cells = g_strsplit (lines[k + 1], ",", -1);

      g_assert_cmpuint (g_strv_length (cells), ==, r + 1);
      g_assert_cmpfloat (g_ascii_strtod (cells[0], NULL), ==, lz_program_analysis_get_times (ref)[k]);
      for (guint j = 0; j < r; j++)
        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[j + 1], NULL),
                                        lz_program_analysis_get_lambda (ref, j)[k],
                                        1e-12 * (1 + fabs (lz_program_analysis_get_lambda (ref, j)[k])));
    }

  /* the plot, through the plots' export */
  g_assert_true (luztar_program_view_export (view, png, &error));
  g_assert_no_error (error);
  g_assert_true (luztar_program_view_export (view, svg, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (png, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 5000);
  g_assert_cmpint (g_stat (svg, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 5000);
  g_remove (path);
  g_remove (png);
  g_remove (svg);
  g_rmdir (dir);
}

static void
test_program_view_orthogonal (void)
{
  g_autoptr(LzModel) model = app_test_load_test_model ("program-orthogonal.luztar");
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzProgramAnalysis) ref = core_analysis (model, &assembly);
  GtkWidget *window;
  LuztarProgramView *view = new_view (&window);
  g_autofree char *text = NULL;

  analyse_and_wait (view, model);
  text = luztar_program_view_dup_text (view);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Realization: orthogonal"));
  g_assert_nonnull (strstr (text, "Index 0"));
  g_assert_nonnull (strstr (text, "realized orthogonally"));      /* the core's explanation */
  g_assert_nonnull (strstr (text, "u1 on m1"));
  g_assert_cmpint (lz_program_analysis_get_realization (luztar_program_view_get_analysis (view)), ==,
                   LZ_REALIZATION_ORTHOGONAL);
  check_plot_equals (view, ref);
  check_csv (view, ref);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_program_view_tangent (void)
{
  g_autoptr(LzModel) model = app_test_load_test_model ("program-tangent.luztar");
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzProgramAnalysis) ref = core_analysis (model, &assembly);
  GtkWidget *window;
  LuztarProgramView *view = new_view (&window);
  g_autofree char *text = NULL;
  const LzProgramAnalysis *shown;
  gint64 stall;

  {
    gint64 t0 = g_get_monotonic_time (), total;

    stall = analyse_and_wait (view, model);
    total = g_get_monotonic_time () - t0;
    g_test_message ("longest main-loop stall while analysing: %.1f ms of %.1f ms", stall / 1e3,
                    total / 1e3);
    /* the analysis (10 001 samples) runs off the main thread: the main
     * loop goes on turning while it runs (the bound is relative, as a
     * sanitizer build under load is ten times slower in everything) */
    g_assert_cmpint (stall, <, MAX (total / 3, 100 * G_TIME_SPAN_MILLISECOND));
    g_assert_cmpint (stall, <, G_TIME_SPAN_SECOND);
  }
  text = luztar_program_view_dup_text (view);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Realization: tangent"));
  g_assert_nonnull (strstr (text, "Index 2"));
  g_assert_nonnull (strstr (text, "realized tangentially"));
  g_assert_nonnull (strstr (text, "None: the required force is single-valued"));
  shown = luztar_program_view_get_analysis (view);
  g_assert_cmpint (lz_program_analysis_get_realization (shown), ==, LZ_REALIZATION_TANGENT);
  g_assert_cmpuint (lz_program_analysis_get_index (shown), ==, 2);
  check_plot_equals (view, ref);
  /* the closed form of the model's description: λ = (0.5/3)·sin t */
  for (guint k = 0; k < lz_program_analysis_get_n_samples (shown); k += 97)
    g_assert_cmpfloat_with_epsilon (lz_program_analysis_get_lambda (shown, 0)[k],
                                    0.5 / 3 * sin (lz_program_analysis_get_times (shown)[k]), 1e-6);
  check_csv (view, ref);

  /* an edit: twice the motion, twice the force */
  {
    g_autoptr(LzModel) edited = lz_model_copy (model);
    g_autoptr(GError) error = NULL;
    const LzProgramAnalysis *again;
    guint k = 1500;

    g_assert_true (lz_model_set_parameter_string (edited, "p1", "value", "0.2*sin(t)", &error));
    g_assert_no_error (error);
    analyse_and_wait (view, edited);
    /* the shown analysis is the edited model's (not a pointer test: the
     * allocator may give the new one the old one's address) */
    again = luztar_program_view_get_analysis (view);
    g_assert_nonnull (again);
    g_assert_cmpfloat_with_epsilon (lz_program_analysis_get_lambda (again, 0)[k],
                                    2 * lz_program_analysis_get_lambda (ref, 0)[k], 1e-9);
    g_assert_true (luztar_program_view_is_current (view));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_program_view_freeplay (void)
{
  g_autoptr(LzModel) model = app_test_load_test_model ("program-freeplay.luztar");
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzProgramAnalysis) ref = core_analysis (model, &assembly);
  GtkWidget *window;
  LuztarProgramView *view = new_view (&window);
  g_autofree char *text = NULL;
  const double *marks;
  guint n_marks;

  analyse_and_wait (view, model);
  text = luztar_program_view_dup_text (view);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Realization: tangent"));
  g_assert_nonnull (strstr (text, "Set-valued instants"));
  g_assert_nonnull (strstr (text, "t = 1.571 s: k"));
  g_assert_nonnull (strstr (text, "t = 4.712 s: k"));
  /* the instants are marked on the plot */
  marks = luztar_plot_get_marks (luztar_program_view_get_plot (view), &n_marks);
  g_assert_cmpuint (n_marks, ==, lz_program_analysis_get_n_instants (ref));
  g_assert_cmpuint (n_marks, ==, 2);
  g_assert_cmpfloat_with_epsilon (marks[0], G_PI / 2, 1e-8);
  g_assert_cmpfloat_with_epsilon (marks[1], 3 * G_PI / 2, 1e-8);
  check_plot_equals (view, ref);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_program_view_failures (void)
{
  g_autoptr(LzModel) model = app_test_load_test_model ("program-orthogonal.luztar");
  g_autoptr(LzModel) no_actuator = lz_model_copy (model);
  g_autoptr(LzModel) too_many = lz_model_copy (model);
  g_autoptr(LzModel) plain = lz_model_copy (model);
  g_autoptr(GError) error = NULL;
  GtkWidget *window;
  LuztarProgramView *view = new_view (&window);
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  g_autofree char *text3 = NULL;

  /* no actuator: the core's message */
  g_assert_true (lz_model_remove (no_actuator, "u1", &error));
  g_assert_no_error (error);
  analyse_and_wait (view, no_actuator);
  g_assert_null (luztar_program_view_get_analysis (view));
  g_assert_nonnull (luztar_program_view_get_failure (view));
  text = luztar_program_view_dup_text (view);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "The model has no actuator"));
  g_assert_null (luztar_plot_get_trace (luztar_program_view_get_plot (view)));
  g_assert_false (luztar_program_view_export (view, "/nonexistent/forces.csv", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_clear_error (&error);

  /* two prescribed motions, one actuator: classified, but not realizable */
  g_assert_nonnull (lz_model_add_source (too_many, LZ_ITEM_PRESCRIBED, "p2", "m2", "0", &error));
  g_assert_no_error (error);
  analyse_and_wait (view, too_many);
  g_assert_nonnull (luztar_program_view_get_analysis (view));
  g_assert_false (lz_program_analysis_is_realizable (luztar_program_view_get_analysis (view)));
  text2 = luztar_program_view_dup_text (view);
  g_test_message ("%s", text2);
  g_assert_nonnull (strstr (text2, "Realization: "));
  g_assert_nonnull (strstr (text2, "The prescribed motion cannot be realized: "));
  g_assert_nonnull (strstr (text2, lz_program_analysis_get_failure (luztar_program_view_get_analysis (view))));
  g_assert_null (luztar_plot_get_trace (luztar_program_view_get_plot (view)));

  /* no program at all: what the page is for */
  g_assert_true (lz_model_remove (plain, "u1", &error));
  g_assert_true (lz_model_remove (plain, "p1", &error));
  g_assert_no_error (error);
  g_assert_false (luztar_model_has_program (plain));
  analyse_and_wait (view, plain);
  text3 = luztar_program_view_dup_text (view);
  g_assert_nonnull (strstr (text3, "Prescribe the motion of a body"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The canvas marks prescribed bodies and actuators: the drawing differs
 * from the model without them, in their own colours. */
static guint
count_colour (cairo_surface_t *surface,
              guint8           r,
              guint8           g,
              guint8           b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface), n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 v = *(const guint32 *) (const void *) (data + (gsize) y * stride + 4 * x);

        if (abs ((int) ((v >> 16) & 0xff) - r) <= 6 && abs ((int) ((v >> 8) & 0xff) - g) <= 6
            && abs ((int) (v & 0xff) - b) <= 6)
          n++;
      }
  return (guint) n;
}

static cairo_surface_t *
draw (const LzModel *model,
      gboolean       dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 300);
  cairo_t *cr = cairo_create (surface);
  LuztarDrawStyle style = { dark, 1.0, NULL };

  cairo_set_source_rgb (cr, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98);
  cairo_paint (cr);
  cairo_translate (cr, 0, 60);
  luztar_symbols_draw_model (cr, model, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_program_view_canvas_marks (void)
{
  g_autoptr(LzModel) model = app_test_load_test_model ("program-tangent.luztar");
  g_autoptr(LzModel) bare = lz_model_copy (model);
  g_autoptr(GError) error = NULL;

  g_assert_true (lz_model_remove (bare, "p1", &error));
  g_assert_true (lz_model_remove (bare, "u1", &error));
  g_assert_no_error (error);
  for (int dark = 0; dark <= 1; dark++)
    {
      cairo_surface_t *with = draw (model, dark), *without = draw (bare, dark);
      /* the program colour (prescribed) and the actuator colour */
      guint8 program[3] = { dark ? 77 : 0, dark ? 209 : 135, dark ? 217 : 143 };
      guint8 actuator[3] = { dark ? 250 : 199, dark ? 120 : 33, dark ? 189 : 122 };
      const guint8 *a = cairo_image_surface_get_data (with), *b = cairo_image_surface_get_data (without);
      gsize size = (gsize) cairo_image_surface_get_stride (with) * 300;
      guint differ = 0;

      for (gsize i = 0; i < size; i += 4)
        differ += memcmp (a + i, b + i, 3) != 0;
      g_test_message ("%s: %u pixels differ; program colour %u, actuator colour %u", dark ? "dark" : "light",
                      differ, count_colour (with, program[0], program[1], program[2]),
                      count_colour (with, actuator[0], actuator[1], actuator[2]));
      g_assert_cmpuint (differ, >, 400);
      g_assert_cmpuint (count_colour (with, program[0], program[1], program[2]), >, 60);
      g_assert_cmpuint (count_colour (with, actuator[0], actuator[1], actuator[2]), >, 40);
      g_assert_cmpuint (count_colour (without, program[0], program[1], program[2]), ==, 0);
      g_assert_cmpuint (count_colour (without, actuator[0], actuator[1], actuator[2]), ==, 0);
      cairo_surface_destroy (with);
      cairo_surface_destroy (without);
    }
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/program-view/orthogonal", test_program_view_orthogonal);
  g_test_add_func ("/luztar/program-view/tangent", test_program_view_tangent);
  g_test_add_func ("/luztar/program-view/freeplay", test_program_view_freeplay);
  g_test_add_func ("/luztar/program-view/failures", test_program_view_failures);
  g_test_add_func ("/luztar/program-view/canvas-marks", test_program_view_canvas_marks);
  return g_test_run ();
}
