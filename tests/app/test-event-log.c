/* test-event-log.c — the event log: rows against the trace's events, a
 * trace that grows while it is shown (in parts, and from a worker
 * thread), seeking, 10⁴ events (under Xvfb, see tests/headless.sh)
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
#include "luztar-event-log.h"
#include "sim/luztar-modes.h"
#include "luztar-window.h"
#include "app-test-util.h"

/* A model, its assembly and an integrator writing into a trace, as
 * luztar-cli run sets them up. */
typedef struct
{
  LzModel      *model;
  LzAssembly   *assembly;
  LzIntegrator *integrator;
  LzTrace      *trace;
} Run;

static Run *
run_new (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"), name, NULL);
  Run *run = g_new0 (Run, 1);
  const LzIntegratorType *type;
  LzIntegratorOptions options;

  run->model = lz_model_load (path, &error);
  g_assert_no_error (error);
  run->assembly = lz_assembly_new (run->model, &error);
  g_assert_no_error (error);
  type = lz_model_get_simulation (run->model)->method == LZ_METHOD_TIMESTEP
         ? lz_integrator_timestep : lz_integrator_event;
  lz_integrator_options_init (&options);
  run->integrator = lz_integrator_new (type, run->assembly, &options, &error);
  g_assert_no_error (error);
  run->trace = lz_trace_new (run->model);
  return run;
}

/* Steps until @t_limit (or the end); FALSE once the run is over. */
static gboolean
run_until (Run    *run,
           double  t_limit)
{
  g_autoptr(GError) error = NULL;
  LzStepResult result;

  do
    result = lz_integrator_step (run->integrator, t_limit, run->trace, &error);
  while ((result == LZ_STEP_OK || result == LZ_STEP_EVENT)
         && lz_integrator_get_time (run->integrator) < t_limit);
  g_assert_no_error (error);
  g_assert_cmpint (result, !=, LZ_STEP_ERROR);
  return result != LZ_STEP_DONE;
}

static void
run_free (Run *run)
{
  lz_trace_unref (run->trace);
  lz_integrator_free (run->integrator);
  lz_assembly_free (run->assembly);
  lz_model_unref (run->model);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

/* Whether a mapped label under @widget shows @text. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

/* Row @row is the trace's event @row, written as the shared mode and
 * cause words say. */
static void
assert_row (LuztarEventLog *log,
            LzTrace        *trace,
            guint           row)
{
  LzEvent shown, event;
  g_autofree char *text = luztar_event_log_dup_row_text (log, row);
  g_autofree char *expected = NULL;
  g_autofree char *change = NULL;
  g_autofree char *time = NULL;

  lz_trace_get_event (trace, row, &event);
  g_assert_true (luztar_event_log_get_event (log, row, &shown));
  g_assert_cmpfloat (shown.t, ==, event.t);
  g_assert_cmpuint (shown.element, ==, event.element);
  g_assert_cmpint (shown.from, ==, event.from);
  g_assert_cmpint (shown.to, ==, event.to);
  g_assert_cmpint (shown.cause, ==, event.cause);

  if (event.cause == LZ_CAUSE_INITIAL)
    change = g_strdup (luztar_mode_get_label (event.to));
  else
    change = g_strdup_printf ("%s → %s", luztar_mode_get_label (event.from),
                              luztar_mode_get_label (event.to));
  time = lz_number_to_string (event.t);
  expected = g_strdup_printf ("%s\t%s\t%s\t%s", time,
                              lz_trace_get_element_id (trace, event.element), change,
                              luztar_cause_get_label (event.cause));
  g_assert_cmpstr (text, ==, expected);
}

typedef struct
{
  guint calls;
  guint position;
  guint removed;
  guint added;
} Changes;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changes    *changes)
{
  changes->calls++;
  changes->position = position;
  changes->removed = removed;
  changes->added = added;
}

static void
on_seek (LuztarEventLog *log,
         double          t,
         GArray         *seeks)
{
  g_array_append_val (seeks, t);
}

static GListModel *
rows_model (LuztarEventLog *log)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (app_test_find_type (GTK_WIDGET (log), GTK_TYPE_COLUMN_VIEW));

  return gtk_single_selection_get_model (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view)));
}

/* Two carts and a stop, shown after 8 s of the run and then to the end:
 * update appends the new events and rebuilds nothing. */
static void
test_event_log_growth (void)
{
  g_autoptr(Run) run = run_new ("two-carts-stop.luztar");
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  Changes changes = { 0 };
  g_autoptr(GObject) first = NULL;
  g_autoptr(GObject) first_again = NULL;
  GListModel *rows;
  guint part, total;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 400);
  gtk_window_present (GTK_WINDOW (window));

  /* nothing yet: the empty state */
  luztar_event_log_set_trace (log, run->trace);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, 0);
  g_assert_true (luztar_event_log_get_trace (log) == run->trace);

  g_assert_true (run_until (run, 8.0));
  part = lz_trace_get_n_events (run->trace);
  /* the initial mode, the impacts at 1.152 s and 4.82 s, the landing at
   * 7.05 s (benchmark B2) */
  g_assert_cmpuint (part, ==, 4);
  rows = rows_model (log);
  g_signal_connect (rows, "items-changed", G_CALLBACK (on_items_changed), &changes);
  luztar_event_log_update (log);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, part);
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_cmpuint (changes.position, ==, 0);
  g_assert_cmpuint (changes.added, ==, part);
  for (guint i = 0; i < part; i++)
    assert_row (log, run->trace, i);
  {
    LzEvent e;

    luztar_event_log_get_event (log, 1, &e);
    g_assert_cmpfloat_with_epsilon (e.t, 1.152, 5e-4);
    g_assert_cmpint (e.cause, ==, LZ_CAUSE_IMPACT);
    luztar_event_log_get_event (log, 3, &e);
    g_assert_cmpfloat_with_epsilon (e.t, 7.051, 5e-4);
    g_assert_cmpint (e.to, ==, LZ_MODE_CONTACT);
  }
  first = g_list_model_get_item (rows, 0);

  /* nothing new: no change at all */
  luztar_event_log_update (log);
  g_assert_cmpuint (changes.calls, ==, 1);

  app_test_wait_for_layout (GTK_WIDGET (log));
  /* the cells on screen: the initial row shows only the mode it starts in */
  /* the time in full, not rounded to 1.152105 */
  {
    LzEvent e;
    g_autofree char *full = NULL;

    luztar_event_log_get_event (log, 1, &e);
    full = lz_number_to_string (e.t);
    g_assert_cmpuint (strlen (full), >, strlen ("1.152105"));
    g_assert_true (shows_label (GTK_WIDGET (log), full));
  }
  g_assert_true (shows_label (GTK_WIDGET (log), "s1"));
  g_assert_true (shows_label (GTK_WIDGET (log), luztar_cause_get_label (LZ_CAUSE_INITIAL)));
  g_assert_true (shows_label (GTK_WIDGET (log), luztar_cause_get_label (LZ_CAUSE_IMPACT)));

  /* the rest of the run */
  g_assert_false (run_until (run, INFINITY));
  total = lz_trace_get_n_events (run->trace);
  g_assert_cmpuint (total, >, part);
  luztar_event_log_update (log);
  g_assert_cmpuint (changes.calls, ==, 2);
  g_assert_cmpuint (changes.position, ==, part);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, total - part);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, total);
  for (guint i = 0; i < total; i++)
    assert_row (log, run->trace, i);
  first_again = g_list_model_get_item (rows, 0);
  g_assert_true (first == first_again);
  g_assert_false (luztar_event_log_get_event (log, total, &(LzEvent) { 0 }));
  g_assert_null (luztar_event_log_dup_row_text (log, total));

  /* NULL clears */
  g_signal_handlers_disconnect_by_func (rows, on_items_changed, &changes);
  luztar_event_log_set_trace (log, NULL);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, 0);
  g_assert_null (luztar_event_log_get_trace (log));
  luztar_event_log_update (log);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Activating a row seeks to its time; select_time highlights without
 * seeking. */
static void
test_event_log_seek (void)
{
  g_autoptr(Run) run = run_new ("friction-oscillator.luztar");
  g_autoptr(GArray) seeks = g_array_new (FALSE, FALSE, sizeof (double));
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  GtkColumnView *view;
  LzEvent e5, e6;
  guint n;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 400);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (run_until (run, INFINITY));
  n = lz_trace_get_n_events (run->trace);
  g_assert_cmpuint (n, >, 10);
  luztar_event_log_set_trace (log, run->trace);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, n);
  g_signal_connect (log, "seek", G_CALLBACK (on_seek), seeks);
  app_test_wait_for_layout (GTK_WIDGET (log));
  view = GTK_COLUMN_VIEW (app_test_find_type (GTK_WIDGET (log), GTK_TYPE_COLUMN_VIEW));
  g_assert_nonnull (view);

  lz_trace_get_event (run->trace, 5, &e5);
  lz_trace_get_event (run->trace, 6, &e6);
  g_assert_cmpfloat (e5.t, <, e6.t);
  g_signal_emit_by_name (view, "activate", 5);
  g_assert_cmpuint (seeks->len, ==, 1);
  g_assert_cmpfloat (g_array_index (seeks, double, 0), ==, e5.t);

  /* the event at t, or the last one before it; no seek from here */
  luztar_event_log_select_time (log, e6.t);
  g_assert_cmpint (luztar_event_log_get_selected (log), ==, 6);
  luztar_event_log_select_time (log, 0.5 * (e5.t + e6.t));
  g_assert_cmpint (luztar_event_log_get_selected (log), ==, 5);
  luztar_event_log_select_time (log, 1e9);
  g_assert_cmpint (luztar_event_log_get_selected (log), ==, (int) n - 1);
  luztar_event_log_select_time (log, -1.0);
  g_assert_cmpint (luztar_event_log_get_selected (log), ==, -1);
  g_assert_cmpuint (seeks->len, ==, 1);

  /* a click selects a row: that seeks too */
  gtk_selection_model_select_item (gtk_column_view_get_model (view), 6, TRUE);
  g_assert_cmpuint (seeks->len, ==, 2);
  g_assert_cmpfloat (g_array_index (seeks, double, 1), ==, e6.t);
  app_test_wait_for_layout (GTK_WIDGET (log));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The vehicle of paper 002 running in a worker while the main loop
 * updates the log, as the window does every frame. */
typedef struct
{
  Run     *run;
  gboolean failed;
  int      seen;        /* rows the log shows, set by the main thread */
} Worker;

static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;
  g_autoptr(GError) error = NULL;
  LzStepResult result;
  guint steps = 0;

  /* Every 2048 steps the worker waits until the log shows what has been
   * published, so the log sees the trace grow in many parts rather than
   * finished at once, however the threads are scheduled. */
  do
    {
      result = lz_integrator_step (worker->run->integrator, INFINITY, worker->run->trace, &error);
      if (++steps % 2048 == 0)
        {
          guint published = lz_trace_get_n_events (worker->run->trace);
          gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

          while ((guint) g_atomic_int_get (&worker->seen) < published && g_get_monotonic_time () < end)
            g_usleep (100);
        }
    }
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  worker->failed = result == LZ_STEP_ERROR;
  lz_trace_finish (worker->run->trace);
  return NULL;
}

static void
test_event_log_thread (void)
{
  g_autoptr(Run) run = run_new ("paper002-ex53-vehicle.luztar");
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  Worker worker = { run, FALSE, 0 };
  GThread *thread;
  guint last = 0, updates = 0, n;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_present (GTK_WINDOW (window));
  luztar_event_log_set_trace (log, run->trace);
  /* a row per event: the tyre's chatter not merged */
  luztar_event_filter_bar_set_filter (luztar_event_log_get_filter_bar (log),
                                      &(LuztarEventFilter) { -1, -1, -1, FALSE, FALSE });
  thread = g_thread_new ("run", worker_main, &worker);
  while (!lz_trace_is_finished (run->trace))
    {
      guint rows;

      luztar_event_log_update (log);
      rows = luztar_event_log_get_n_rows (log);
      g_assert_cmpuint (rows, >=, last);
      if (rows > last)
        updates++;
      last = rows;
      g_atomic_int_set (&worker.seen, (int) rows);
      g_main_context_iteration (NULL, FALSE);
    }
  g_thread_join (thread);
  g_assert_false (worker.failed);
  luztar_event_log_update (log);
  n = lz_trace_get_n_events (run->trace);
  g_assert_cmpuint (n, >, 1000);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, n);
  g_test_message ("%u events in %u updates", n, updates);
  g_assert_cmpuint (updates, >, 5);
  for (guint i = 0; i < n; i++)
    assert_row (log, run->trace, i);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* 10⁴ and more events: appended in batches, cheap, and a frame with
 * nothing new costs nothing. */
static void
test_event_log_many (void)
{
  g_autoptr(Run) run = run_new ("freeplay-pair.luztar");
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  guint n_elements = lz_trace_get_n_elements (run->trace);
  const guint total = 40000, batch = 2000;
  g_autoptr(GTimer) timer = g_timer_new ();
  double slowest = 0, late = 0;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 400);
  gtk_window_present (GTK_WINDOW (window));
  luztar_event_log_set_trace (log, run->trace);
  app_test_wait_for_layout (GTK_WIDGET (log));

  for (guint i = 0; i < total; i++)
    {
      LzEvent event = {
        .t = 1e-3 * i,
        .element = i % n_elements,
        .from = i % 2 ? LZ_MODE_GAP : LZ_MODE_ENGAGED_POS,
        .to = i % 2 ? LZ_MODE_ENGAGED_POS : LZ_MODE_GAP,
        .cause = LZ_CAUSE_BOUNDARY,
      };

      lz_trace_append_event (run->trace, &event);
      if ((i + 1) % batch == 0)
        {
          g_timer_start (timer);
          luztar_event_log_update (log);
          slowest = MAX (slowest, g_timer_elapsed (timer, NULL));
          if (i + 1 > total / 2)
            late += g_timer_elapsed (timer, NULL);
          g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, i + 1);
          g_main_context_iteration (NULL, FALSE);
        }
    }
  late /= total / 2 / batch;
  g_test_message ("updates of %u events: slowest %.2f ms, %.2f ms on average once 20000 are "
                  "shown", batch, 1e3 * slowest, 1e3 * late);
  /* The first updates pay for rows, fonts and glyph caches once; after
   * that an update costs what its new events cost, whatever the length of
   * the list (a rebuild would cost ever more).  Generous bounds, for
   * sanitizer builds on a busy machine. */
  g_assert_cmpfloat (slowest, <, 2.0);
  g_assert_cmpfloat (late, <, 0.04);
  g_timer_start (timer);
  for (guint k = 0; k < 1000; k++)
    luztar_event_log_update (log);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 0.05);
  assert_row (log, run->trace, 0);
  assert_row (log, run->trace, total - 1);
  luztar_event_log_select_time (log, 1e-3 * 31415 + 1e-9);
  g_assert_cmpint (luztar_event_log_get_selected (log), ==, 31415);
  app_test_wait_for_layout (GTK_WIDGET (log));
  g_assert_true (shows_label (GTK_WIDGET (log), "31.415"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Light and dark, as PNGs in the build tree's test-artifacts (for a look,
 * not compared): the events of the absorber with its two slip modes and
 * stick, one selected; and the empty state. */
static void
test_event_log_screenshot (void)
{
  g_autoptr(Run) run = run_new ("freeplay-pair.luztar");
  AdwStyleManager *style = adw_style_manager_get_default ();
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  LzEvent event;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_set_default_size (GTK_WINDOW (window), 620, 420);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_layout (GTK_WIDGET (log));
  app_test_save_png (window, NULL, "event-log-empty.png");

  g_assert_false (run_until (run, INFINITY));
  luztar_event_log_set_trace (log, run->trace);
  lz_trace_get_event (run->trace, 6, &event);
  /* at once, before the new rows are laid out */
  luztar_event_log_select_time (log, event.t);
  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      app_test_wait_for_layout (GTK_WIDGET (log));
      app_test_save_png (window, NULL, dark ? "event-log-dark.png" : "event-log.png");
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Turns the main loop until the window's run has ended (at most 60 s). */
static void
wait_for_run_end (LuztarWindow *window)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end
         && !(g_action_group_get_action_enabled (G_ACTION_GROUP (window), "run")
              && !g_action_group_get_action_enabled (G_ACTION_GROUP (window), "pause")))
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "pause"));
}

static void
set_filter (LuztarEventLog *log,
            int             element,
            int             mode,
            int             cause,
            gboolean        hide_same,
            gboolean        merge)
{
  LuztarEventFilter filter = { element, mode, cause, hide_same, merge };

  luztar_event_filter_bar_set_filter (luztar_event_log_get_filter_bar (log), &filter);
}

/* The vehicle of paper 002 run through the window, as issue 21 found it:
 * a resting tyre chatters on the road at every other step, thousands of
 * "free → free (impact)" events.  The log merges them into a few rows,
 * each with its count, its first and last time in full, and nothing lost;
 * "hide X → X" leaves the initial mode; a filter by cause with merging
 * off shows every impact again. */
static void
test_event_log_vehicle_chatter (void)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"),
                                            "paper002-ex53-vehicle.luztar", NULL);
  LuztarEventLog *log;
  LzTrace *trace;
  guint n, rows, counted = 0, merged = 0, largest = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (luztar_window_open_example (window, path));
  log = LUZTAR_EVENT_LOG (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_EVENT_LOG));
  g_assert_nonnull (log);
  /* the Events page, as a user opens it */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page", g_variant_new_string ("events"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
  wait_for_run_end (window);
  luztar_event_log_update (log);
  trace = luztar_event_log_get_trace (log);
  g_assert_nonnull (trace);
  n = lz_trace_get_n_events (trace);
  g_assert_cmpuint (n, >, 4000);

  /* merged by default: a few rows, their counts adding up to every event */
  rows = luztar_event_log_get_n_rows (log);
  g_test_message ("%u events in %u rows", n, rows);
  g_assert_cmpuint (rows, <, n / 20);
  for (guint r = 0; r < rows; r++)
    {
      guint count = luztar_event_log_get_row_count (log, r);
      g_autofree char *text = luztar_event_log_dup_row_text (log, r);

      counted += count;
      if (count > 1)
        {
          g_autofree char *times = g_strdup_printf ("×%u", count);
          LzEvent first;

          merged++;
          g_assert_nonnull (strstr (text, times));
          g_assert_true (luztar_event_log_get_event (log, r, &first));
          g_assert_cmpint (first.from, ==, LZ_MODE_FREE);
          g_assert_cmpint (first.to, ==, LZ_MODE_FREE);
          g_assert_cmpint (first.cause, ==, LZ_CAUSE_IMPACT);
          largest = MAX (largest, count);
        }
    }
  g_assert_cmpuint (counted, ==, n);
  g_assert_cmpuint (merged, >=, 1);
  g_assert_cmpuint (largest, >, 100);
  /* the largest run's row on screen shows its count */
  for (guint r = 0; r < rows; r++)
    if (luztar_event_log_get_row_count (log, r) == largest)
      {
        g_autofree char *count = g_strdup_printf ("×%u", largest);

        g_autofree char *start = NULL;
        LzEvent first;

        luztar_event_log_get_event (log, r, &first);
        luztar_event_log_select_time (log, first.t);
        g_assert_cmpint (luztar_event_log_get_selected (log), ==, (int) r);
        app_test_wait_for_layout (GTK_WIDGET (log));
        app_test_wait_for_layout (GTK_WIDGET (log));
        g_assert_true (shows_label (GTK_WIDGET (log), count));
        /* its first time in full */
        start = lz_number_to_string (first.t);
        g_assert_true (shows_label (GTK_WIDGET (log), start));
        break;
      }
  app_test_save_png (GTK_WIDGET (window), NULL, "event-log-vehicle-merged.png");

  /* hide X → X: only the mode the tyre starts in */
  set_filter (log, -1, -1, -1, TRUE, TRUE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, 1);
  /* impacts only, not merged: every one (all but the initial mode and
   * the road's two kinks, 0.2 and 0.3 s: events with cause forcing) */
  set_filter (log, -1, -1, LZ_CAUSE_IMPACT, FALSE, FALSE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, n - 3);
  /* the spring k₁ has no modes: nothing */
  set_filter (log, 1, -1, -1, FALSE, TRUE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The classroom model: the element and mode filters show exactly the
 * events of that element, and those into or out of that mode. */
static void
test_event_log_filters (void)
{
  g_autoptr(Run) run = run_new ("freeplay-pair.luztar");
  LuztarEventLog *log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  GtkWidget *window = gtk_window_new ();
  guint n, stop = G_MAXUINT, of_stop = 0, with_stick = 0;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (log));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (run_until (run, INFINITY));
  luztar_event_log_set_trace (log, run->trace);
  n = lz_trace_get_n_events (run->trace);
  for (guint e = 0; e < lz_trace_get_n_elements (run->trace); e++)
    if (g_str_equal (lz_trace_get_element_id (run->trace, e), "limit"))
      stop = e;
  g_assert_cmpuint (stop, <, G_MAXUINT);
  for (guint i = 0; i < n; i++)
    {
      LzEvent e;

      lz_trace_get_event (run->trace, i, &e);
      of_stop += e.element == stop;
      with_stick += e.from == LZ_MODE_STICK || e.to == LZ_MODE_STICK;
    }
  g_assert_cmpuint (of_stop, >, 1);
  g_assert_cmpuint (with_stick, >, 1);

  set_filter (log, (int) stop, -1, -1, FALSE, FALSE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, of_stop);
  for (guint r = 0; r < of_stop; r++)
    {
      LzEvent e;

      g_assert_true (luztar_event_log_get_event (log, r, &e));
      g_assert_cmpuint (e.element, ==, stop);
    }
  set_filter (log, -1, LZ_MODE_STICK, -1, FALSE, FALSE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, with_stick);
  /* all again */
  set_filter (log, -1, -1, -1, FALSE, FALSE);
  g_assert_cmpuint (luztar_event_log_get_n_rows (log), ==, n);
  for (guint i = 0; i < n; i++)
    assert_row (log, run->trace, i);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/event-log/growth", test_event_log_growth);
  g_test_add_func ("/luztar/event-log/seek", test_event_log_seek);
  g_test_add_func ("/luztar/event-log/thread", test_event_log_thread);
  g_test_add_func ("/luztar/event-log/many", test_event_log_many);
  g_test_add_func ("/luztar/event-log/screenshot", test_event_log_screenshot);
  g_test_add_func ("/luztar/event-log/vehicle-chatter", test_event_log_vehicle_chatter);
  g_test_add_func ("/luztar/event-log/filters", test_event_log_filters);
  return g_test_run ();
}
