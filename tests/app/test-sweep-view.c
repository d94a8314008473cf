/* test-sweep-view.c — the Sweep page: a sweep set up and run through the
 * page, the map filling while the main loop goes on, hover, a click that
 * opens the run, Stop, an edit that stops it, the exports; and the two
 * pictures of the README and the guide (help/C/figures/sweep-*.png)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "app-test-util.h"
#include "luztar-sim-panel.h"
#include "luztar-sweep-view.h"
#include "luztar-window.h"

/* A window with the model at PATH open and its Sweep page shown. */
static LuztarWindow *
open_path_on_sweep_page (const char       *path,
                         int               width,
                         int               height,
                         LuztarSweepView **view)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (luztar_window_open_example (window, path));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page", g_variant_new_string ("sweep"));
  gtk_window_present (GTK_WINDOW (window));
  *view = LUZTAR_SWEEP_VIEW (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_SWEEP_VIEW));
  g_assert_nonnull (*view);
  app_test_wait_for_layout (GTK_WIDGET (luztar_sweep_view_get_map (*view)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (*view)));
  return window;
}

/* The same with an example. */
static LuztarWindow *
open_on_sweep_page (const char       *example,
                    int               width,
                    int               height,
                    LuztarSweepView **view)
{
  g_autofree char *path = app_test_example_path (example);

  return open_path_on_sweep_page (path, width, height, view);
}

/* The stick-slip example as its description says: F's expression as
 * P*cos(w*t), F.w across, F.P up, stick phases per forcing period. */
static void
set_up_stick_slip (LuztarSweepView *view,
                   guint            nx,
                   guint            ny,
                   double           t_end)
{
  luztar_sweep_view_set_template (view, "F.value=P*cos(w*t)");
  g_assert_true (luztar_sweep_view_set_axis (view, 0, "F.w", 0.5, 3, nx, FALSE));
  g_assert_true (luztar_sweep_view_set_axis (view, 1, "F.P", 0.2, 1.6, ny, FALSE));
  luztar_sweep_view_set_times (view, t_end, 0.6 * t_end);
  g_assert_true (luztar_sweep_view_set_strobe (view, "F.w", 1, "m1"));
  g_assert_true (luztar_sweep_view_set_measure (view, "f1.stick_count/period"));
}

typedef struct
{
  gint64 last;
  gint64 longest;
  guint  ticks;
} Beat;

static gboolean
beat (gpointer data)
{
  Beat *b = data;
  gint64 now = g_get_monotonic_time ();

  if (b->last != 0)
    b->longest = MAX (b->longest, now - b->last);
  b->last = now;
  b->ticks++;
  return G_SOURCE_CONTINUE;
}

/* Turns the main loop until the sweep ends (at most LIMIT s); the map's
 * filled cells never go down, and some frames see it partly filled. */
static void
wait_for_sweep (LuztarSweepView *view,
                double           limit,
                gboolean        *saw_partial)
{
  LuztarSweepMap *map = luztar_sweep_view_get_map (view);
  gint64 end = g_get_monotonic_time () + (gint64) (limit * G_USEC_PER_SEC);
  guint filled = 0;

  while (luztar_sweep_view_is_running (view) && g_get_monotonic_time () < end)
    {
      guint now;

      g_main_context_iteration (NULL, TRUE);
      now = luztar_sweep_map_get_n_filled (map);
      g_assert_cmpuint (now, >=, filled);
      filled = now;
      if (saw_partial != NULL && now > 0 && now < luztar_sweep_view_get_n_runs (view))
        *saw_partial = TRUE;
    }
  g_assert_false (luztar_sweep_view_is_running (view));
}

/* A point in the middle of the map's plot area. */
static void
map_middle (LuztarSweepView *view,
            double          *x,
            double          *y)
{
  GtkWidget *map = GTK_WIDGET (luztar_sweep_view_get_map (view));

  *x = gtk_widget_get_width (map) * 0.5;
  *y = gtk_widget_get_height (map) * 0.5;
}

static GtkWindow *
find_run_window (LuztarWindow *except)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);

      if (LUZTAR_IS_WINDOW (w) && (gpointer) w != (gpointer) except)
        return GTK_WINDOW (w);
    }
  return NULL;
}

static void
test_page (void)
{
  LuztarSweepView *view;
  LuztarWindow *window = open_on_sweep_page ("stick-slip-regimes.luztar", 1100, 720, &view);
  LzModel *mine = luztar_window_get_model (window);
  g_autofree char *dir = app_test_artifacts_dir ("sweep");
  Beat b = { 0 };
  guint beat_id;
  gboolean partial = FALSE;
  gint64 start;
  double x, y;

  /* the page's lists know the model and the template's names */
  set_up_stick_slip (view, 20, 12, 30);
  g_assert_false (luztar_sweep_view_set_axis (view, 0, "F.nothing", 0, 1, 2, FALSE));
  g_assert_true (luztar_sweep_view_set_axis (view, 0, "F.w", 0.5, 3, 20, FALSE));

  /* runs on worker threads: the main loop turns all along */
  beat_id = g_timeout_add (5, beat, &b);
  start = g_get_monotonic_time ();
  g_assert_true (luztar_sweep_view_run (view));
  g_assert_true (luztar_sweep_view_is_running (view));
  g_assert_cmpuint (luztar_sweep_view_get_n_runs (view), ==, 240);
  wait_for_sweep (view, 240, &partial);
  g_source_remove (beat_id);
  g_test_message ("240 runs in %.2f s; the main loop beat %u times, the longest pause %.0f ms",
                  (g_get_monotonic_time () - start) / 1e6, b.ticks, b.longest / 1e3);
  g_assert_true (partial);
  g_assert_cmpuint (luztar_sweep_view_get_n_done (view), ==, 240);
  g_assert_cmpuint (luztar_sweep_map_get_n_filled (luztar_sweep_view_get_map (view)), ==, 240);
  g_assert_cmpuint (b.ticks, >, 5);
  g_assert_cmpint (b.longest, <, 2 * G_USEC_PER_SEC);
  g_assert_true (g_str_has_prefix (luztar_sweep_view_get_status (view), "Done: 240 runs"));
  app_test_save_png (GTK_WIDGET (window), NULL, "sweep/window-page.png");

  /* hover: the run under the pointer, its parameters and measures */
  map_middle (view, &x, &y);
  g_assert_true (luztar_sweep_view_hover_at (view, x, y));
  g_test_message ("hover: %s", luztar_sweep_view_get_info (view));
  g_assert_true (g_str_has_prefix (luztar_sweep_view_get_info (view), "Run "));
  g_assert_nonnull (strstr (luztar_sweep_view_get_info (view), "F.w\u202f=\u202f"));
  g_assert_nonnull (strstr (luztar_sweep_view_get_info (view), "F.P\u202f=\u202f"));
  g_assert_nonnull (strstr (luztar_sweep_view_get_info (view), "stick_count per forcing period\u202f=\u202f"));
  g_assert_false (luztar_sweep_view_hover_at (view, 1, 1));

  /* click: the run's model in a new untitled window; this one's stays */
  g_assert_true (luztar_sweep_view_activate_at (view, x, y));
  {
    GtkWindow *other = find_run_window (window);
    LzModel *run;
    g_autofree char *value = NULL;

    g_assert_nonnull (other);
    run = luztar_window_get_model (LUZTAR_WINDOW (other));
    g_assert_true (run != mine);
    g_assert_nonnull (strstr (lz_model_get_name (run), "F.w = "));
    value = lz_model_dup_parameter_string (run, "F", "value", NULL);
    g_test_message ("the run's force: %s", value);
    g_assert_null (strstr (value, "P"));
    g_assert_nonnull (strstr (value, ")*cos(("));
    g_assert_true (luztar_window_get_model (window) == mine);
    gtk_window_destroy (other);
  }

  /* exports: the map in three formats, the rows as the CLI writes them */
  {
    static const char *const names[] = { "page.png", "page.svg", "page.pdf", "page.csv" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);
        g_autoptr(GError) error = NULL;
        g_autofree char *data = NULL;
        gsize length = 0;

        g_unlink (path);
        g_assert_true (luztar_sweep_view_export (view, path, 0, 0, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &data, &length, NULL));
        g_assert_cmpuint (length, >, 500);
        if (i == 3)
          {
            g_auto(GStrv) lines = g_strsplit (data, "\n", -1);

            g_assert_true (g_str_has_prefix (lines[0], "run,F.P,F.w,"));
            g_assert_nonnull (strstr (lines[0], "f1.stick_count"));
            g_assert_cmpuint (g_strv_length (lines), ==, 242);   /* header, 240 rows, "" */
            g_assert_true (g_str_has_prefix (lines[1], "0,0.2,0.5,"));
          }
      }
  }

  /* Stop: the threads let go at once, the map keeps what it has */
  g_assert_true (luztar_sweep_view_set_axis (view, 0, "F.w", 0.5, 3, 60, FALSE));
  g_assert_true (luztar_sweep_view_set_axis (view, 1, "F.P", 0.2, 1.6, 60, FALSE));
  g_assert_true (luztar_sweep_view_run (view));
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  luztar_sweep_view_stop (view);
  g_assert_false (luztar_sweep_view_is_running (view));
  g_assert_cmpuint (luztar_sweep_view_get_n_done (view), <, 3600);
  g_assert_true (g_str_has_prefix (luztar_sweep_view_get_status (view), "Stopped: "));

  /* an edit of the model stops a running sweep */
  g_assert_true (luztar_sweep_view_run (view));
  g_assert_true (luztar_window_set_parameter (window, "f1", "level", "0.4", NULL));
  g_assert_false (luztar_sweep_view_is_running (view));
  g_assert_cmpstr (luztar_sweep_view_get_status (view), ==, "The model changed: the sweep was stopped.");

  gtk_window_destroy (GTK_WINDOW (window));
  /* the let-go threads end after their run, on their own */
  {
    gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

    while (luztar_sweep_view_count_threads () > 0 && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
    g_assert_cmpuint (luztar_sweep_view_count_threads (), ==, 0);
  }
}

/* At 800 × 600 the page still shows a usable map; in a large window a big one. */
static void
test_small_window (void)
{
  LuztarSweepView *view;
  LuztarWindow *window = open_on_sweep_page ("impact-oscillator.luztar", 800, 600, &view);
  GtkWidget *map = GTK_WIDGET (luztar_sweep_view_get_map (view));
  g_autofree char *dir = app_test_artifacts_dir ("sweep");

  g_test_message ("the map at 800 × 600: %d × %d", gtk_widget_get_width (map), gtk_widget_get_height (map));
  g_assert_cmpint (gtk_widget_get_width (map), >=, 280);
  g_assert_cmpint (gtk_widget_get_height (map), >=, 120);
  app_test_save_png (GTK_WIDGET (window), NULL, "sweep/window-800x600.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* and in a large window the map takes the room */
  window = open_on_sweep_page ("stick-slip-regimes.luztar", 1920, 1080, &view);
  map = GTK_WIDGET (luztar_sweep_view_get_map (view));
  set_up_stick_slip (view, 12, 8, 30);
  g_assert_true (luztar_sweep_view_run (view));
  wait_for_sweep (view, 120, NULL);
  /* (the test's screen is 1280 × 800: the window gets at most that) */
  g_test_message ("the map in a window of %d × %d: %d × %d", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)), gtk_widget_get_width (map),
                  gtk_widget_get_height (map));
  g_assert_cmpint (gtk_widget_get_width (map), >=, gtk_widget_get_width (GTK_WIDGET (window)) / 3);
  app_test_wait_for_layout (map);
  app_test_save_png (GTK_WIDGET (window), NULL, "sweep/window-large.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_info_label (GtkWidget     *widget,
               gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The steps in which a test sweeps the pointer over the map (px). */
#define HOVER_STEP 8.0

/* The hovered run's line under the map, found by its TEXT. */
static GtkLabel *
info_label (LuztarSweepView *view,
            const char      *text)
{
  GtkWidget *label = app_test_find (GTK_WIDGET (view), is_info_label, text);

  g_assert_nonnull (label);
  return GTK_LABEL (label);
}

/* How tall the map and the hovered run's line are now, laid out. */
static void
measure_hover_line (LuztarSweepView *view,
                    int              heights[2])
{
  GtkLabel *label;

  app_test_turn_main_loop (100);
  label = info_label (view, luztar_sweep_view_get_info (view));
  heights[0] = gtk_widget_get_height (GTK_WIDGET (luztar_sweep_view_get_map (view)));
  heights[1] = gtk_widget_get_height (GTK_WIDGET (label));
}

/* Hovering (X, Y) of the map: the line under it says the whole text
 * (wrapped, not cut: it was one line, cut at 800 × 600 with all of it in
 * the tooltip only), and neither the map nor the line changes its height
 * from BEFORE (measure_hover_line() before any hover, the page's hint
 * shown: the map stays put under the pointer). */
static void
check_hover_line (LuztarSweepView *view,
                  double           x,
                  double           y,
                  const int        before[2],
                  const char      *what)
{
  int after[2];
  GtkLabel *label;
  const char *info;

  g_assert_true (luztar_sweep_view_hover_at (view, x, y));
  measure_hover_line (view, after);
  info = luztar_sweep_view_get_info (view);
  label = info_label (view, info);
  g_test_message ("%s: “%s” in %d lines %d px wide; the map %d px tall, the line %d px (before: %d, %d)",
                  what, info, pango_layout_get_line_count (gtk_label_get_layout (label)),
                  gtk_widget_get_width (GTK_WIDGET (label)), after[0], after[1], before[0], before[1]);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_cmpint (after[0], ==, before[0]);
  g_assert_cmpint (after[1], ==, before[1]);
}

/* At 800 × 600, over every run of a sweep that reports its measures, the
 * line under the map says all of it without moving the map
 * (check_hover_line()); in a large window too (1920 × 1080 with
 * LUZTAR_TEST_SCREEN=1920x1080x24, else as large as the screen). */
static void
test_hover_line (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      LuztarSweepView *view;
      LuztarWindow *window = open_on_sweep_page ("stick-slip-regimes.luztar", sizes[s][0], sizes[s][1], &view);
      GtkWidget *map = GTK_WIDGET (luztar_sweep_view_get_map (view));
      g_autofree char *file = g_strdup_printf ("sweep/hover-%dx%d.png", sizes[s][0], sizes[s][1]);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      guint longest = 0;
      int before[2];

      set_up_stick_slip (view, 3, 2, 10);
      g_assert_true (luztar_sweep_view_run (view));
      wait_for_sweep (view, 60, NULL);
      measure_hover_line (view, before);
      /* every run: the map swept in steps of HOVER_STEP px */
      for (double y = 0; y < gtk_widget_get_height (map); y += HOVER_STEP)
        for (double x = 0; x < gtk_widget_get_width (map); x += HOVER_STEP)
          if (luztar_sweep_view_hover_at (view, x, y)
              && !g_hash_table_contains (seen, luztar_sweep_view_get_info (view)))
            {
              g_autofree char *what = g_strdup_printf ("in a window of %d × %d, at (%.0f, %.0f)",
                                                       gtk_widget_get_width (GTK_WIDGET (window)),
                                                       gtk_widget_get_height (GTK_WIDGET (window)), x, y);

              g_hash_table_add (seen, g_strdup (luztar_sweep_view_get_info (view)));
              check_hover_line (view, x, y, before, what);
              longest = MAX (longest, g_utf8_strlen (luztar_sweep_view_get_info (view), -1));
            }
      g_test_message ("%u runs read; the longest line: %u characters", g_hash_table_size (seen), longest);
      g_assert_cmpuint (g_hash_table_size (seen), ==, 6);
      g_assert_cmpuint (longest, >, 200);
      app_test_save_png (GTK_WIDGET (window), NULL, file);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A run of the sweep that reaches one of the run's limits (here
 * time-stepping's steps: 10 s in steps of 1 ns) says so under the map as
 * the simulation panel does: the limit in words, then what to change in
 * the Run Settings. */
static void
test_limit_row (void)
{
  LuztarSweepView *view;
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "tests", "data", "bad-run",
                                            "limit-steps.luztar", NULL);
  LuztarWindow *window = open_path_on_sweep_page (path, 800, 600, &view);
  g_autofree char *dir = app_test_artifacts_dir ("sweep");
  const char *info;
  int before[2];
  double x, y;

  g_assert_true (luztar_sweep_view_set_axis (view, 0, "k1.k", 50, 200, 3, FALSE));
  g_assert_true (luztar_sweep_view_set_axis (view, 1, NULL, 0, 0, 0, FALSE));
  luztar_sweep_view_set_times (view, 10, 5);
  g_assert_true (luztar_sweep_view_run (view));
  wait_for_sweep (view, 60, NULL);
  g_assert_cmpuint (luztar_sweep_view_get_n_done (view), ==, 3);
  measure_hover_line (view, before);
  map_middle (view, &x, &y);
  g_assert_true (luztar_sweep_view_hover_at (view, x, y));
  info = luztar_sweep_view_get_info (view);
  g_test_message ("hover: %s", info);
  g_assert_nonnull (strstr (info, "more than the limit of 1000000000 steps; "));
  g_assert_nonnull (strstr (info, "choose a shorter end time or a larger time step in the Run Settings"));
  /* the line under the map shows all of it, wrapped (check_hover_line()) */
  check_hover_line (view, x, y, before, "a run stopped at the limit of steps at 800 × 600");
  app_test_save_png (GTK_WIDGET (window), NULL, "sweep/window-limit-800x600.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_pictures (void)
{
  g_autofree char *dir = app_test_artifacts_dir ("sweep");

  /* the stick-slip regimes with Den Hartog's boundary */
  {
    LuztarSweepView *view;
    LuztarWindow *window = open_on_sweep_page ("stick-slip-regimes.luztar", 1100, 720, &view);
    g_autofree char *path = g_build_filename (dir, "sweep-stick-slip.png", NULL);
    g_autoptr(GError) error = NULL;
    gint64 start = g_get_monotonic_time ();

    set_up_stick_slip (view, 32, 24, 60);
    g_assert_true (luztar_sweep_view_run (view));
    wait_for_sweep (view, 300, NULL);
    g_test_message ("stick-slip map, 768 runs: %.1f s", (g_get_monotonic_time () - start) / 1e6);
    g_assert_cmpuint (luztar_sweep_view_get_n_done (view), ==, 768);
    g_assert_true (luztar_sweep_view_export (view, path, 960, 600, &error));
    g_assert_no_error (error);
    app_test_compare_picture (path, "sweep-stick-slip", "sweep-view");
    gtk_window_destroy (GTK_WINDOW (window));
  }
  /* the impact oscillator's bifurcation diagram over ω */
  {
    LuztarSweepView *view;
    LuztarWindow *window = open_on_sweep_page ("impact-oscillator.luztar", 1100, 720, &view);
    g_autofree char *path = g_build_filename (dir, "sweep-impact-bifurcation.png", NULL);
    g_autoptr(GError) error = NULL;
    gint64 start = g_get_monotonic_time ();

    luztar_sweep_view_set_template (view, "F.value=cos(w*t)");
    g_assert_true (luztar_sweep_view_set_axis (view, 0, "F.w", 0.5, 3.5, 200, FALSE));
    g_assert_true (luztar_sweep_view_set_axis (view, 1, NULL, 0, 0, 0, FALSE));
    luztar_sweep_view_set_times (view, 150, 100);
    g_assert_true (luztar_sweep_view_set_strobe (view, "F.w", 16, "m1"));
    g_assert_true (luztar_sweep_view_run (view));
    wait_for_sweep (view, 300, NULL);
    g_test_message ("bifurcation diagram, 200 runs: %.1f s", (g_get_monotonic_time () - start) / 1e6);
    g_assert_cmpuint (luztar_sweep_view_get_n_done (view), ==, 200);
    g_assert_true (luztar_sweep_view_export (view, path, 960, 600, &error));
    g_assert_no_error (error);
    app_test_compare_picture (path, "sweep-impact-bifurcation", "sweep-view");
    gtk_window_destroy (GTK_WINDOW (window));
  }
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/luztar/sweep-view/page", test_page);
  g_test_add_func ("/luztar/sweep-view/small-window", test_small_window);
  g_test_add_func ("/luztar/sweep-view/limit-row", test_limit_row);
  g_test_add_func ("/luztar/sweep-view/hover-line", test_hover_line);
  g_test_add_func ("/luztar/sweep-view/pictures", test_pictures);
  return g_test_run ();
}
