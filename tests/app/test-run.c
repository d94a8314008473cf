/* test-run.c — the run controller: a worker thread that steps the core
 * integrator, pauses, paces and stops at breakpoints (no display needed)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference for every run is the core integrator stepped directly in
 * this thread, the way `luztar-cli run` does it: a run in the worker must
 * give the same steps, events and final state whatever pausing, pacing or
 * breakpoints happened meanwhile.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "sim/luztar-compare.h"
#include "sim/luztar-run.h"
#include "app-test-util.h"

/* Long enough for the main loop to deliver a worker's outcome on a busy
 * machine; a hang beyond it is a bug. */
#define WAIT_SECONDS 120

static LzModel *
parse (const char *xml)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_load_from_data (xml, strlen (xml), "test", &error);

  g_assert_no_error (error);
  return model;
}

/* A short chain of the B4 kind: every mass has friction and a stop, so
 * several elements switch in an order the test can use. */
static LzModel *
chain_model (void)
{
  return parse ("<luztar-model version=\"1\" name=\"chain\"><ground id=\"wall\"/>"
                "<body id=\"m1\" mass=\"1\"/><body id=\"m2\" mass=\"1\"/><body id=\"m3\" mass=\"1\"/>"
                "<spring id=\"k1\" a=\"wall\" b=\"m1\" k=\"100\"/>"
                "<spring id=\"k2\" a=\"m1\" b=\"m2\" k=\"100\"/>"
                "<spring id=\"k3\" a=\"m2\" b=\"m3\" k=\"100\"/>"
                "<friction id=\"f1\" a=\"wall\" b=\"m1\" level=\"0.5\"/>"
                "<friction id=\"f2\" a=\"wall\" b=\"m2\" level=\"0.5\"/>"
                "<friction id=\"f3\" a=\"wall\" b=\"m3\" level=\"0.5\"/>"
                "<stop id=\"s3\" a=\"wall\" b=\"m3\" lower=\"-0.05\" restitution=\"0.5\"/>"
                "<force id=\"F\" body=\"m3\" value=\"5*sin(2*t)\"/>"
                "<simulation t-end=\"5\" method=\"event\" dt=\"1e-3\"/></luztar-model>");
}

static const LzIntegratorType *
core_type (LuztarMethod method)
{
  return method == LUZTAR_METHOD_EVENT_DRIVEN ? lz_integrator_event : lz_integrator_timestep;
}

/* The core run, as cli-run.c does it.  step_times (optional) gets the end
 * time of every step that returned LZ_STEP_EVENT. */
static LzTrace *
reference_run (const LzModel             *source,
               LuztarMethod               method,
               const LzIntegratorOptions *options,
               GArray                    *step_times,
               LzIntegratorStats         *stats)
{
  g_autoptr(LzModel) model = lz_model_copy (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
  g_autoptr(LzIntegrator) integrator = NULL;
  LzTrace *trace;
  LzStepResult result;

  g_assert_no_error (error);
  integrator = lz_integrator_new (core_type (method), assembly, options, &error);
  g_assert_no_error (error);
  trace = lz_trace_new (model);
  lz_integrator_start (integrator, trace);
  do
    {
      result = lz_integrator_step (integrator, INFINITY, trace, &error);
      if (result == LZ_STEP_EVENT && step_times != NULL)
        {
          double t = lz_integrator_get_time (integrator);

          g_array_append_val (step_times, t);
        }
    }
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, LZ_STEP_DONE);
  if (stats != NULL)
    lz_integrator_get_stats (integrator, stats);
  return trace;
}

static void
assert_events_close (const LzEvent *a,
                     const LzEvent *b,
                     double         tolerance)
{
  g_assert_cmpfloat_with_epsilon (a->t, b->t, tolerance);
  g_assert_cmpuint (a->element, ==, b->element);
  g_assert_cmpint (a->from, ==, b->from);
  g_assert_cmpint (a->to, ==, b->to);
  g_assert_cmpint (a->cause, ==, b->cause);
}

static void
assert_events_equal (const LzEvent *a,
                     const LzEvent *b)
{
  g_assert_cmpfloat_with_epsilon (a->t, b->t, 1e-12);
  g_assert_cmpuint (a->element, ==, b->element);
  g_assert_cmpint (a->from, ==, b->from);
  g_assert_cmpint (a->to, ==, b->to);
  g_assert_cmpint (a->cause, ==, b->cause);
}

/* Same events, same samples, same final state. */
static void
assert_traces_equal (const LzTrace *trace,
                     const LzTrace *reference)
{
  guint n = lz_trace_get_n_samples (reference), last = n - 1;

  g_assert_cmpuint (lz_trace_get_n_events (trace), ==, lz_trace_get_n_events (reference));
  for (guint i = 0; i < lz_trace_get_n_events (reference); i++)
    {
      LzEvent a, b;

      lz_trace_get_event (trace, i, &a);
      lz_trace_get_event (reference, i, &b);
      assert_events_equal (&a, &b);
    }
  g_assert_cmpuint (lz_trace_get_n_samples (trace), ==, n);
  g_assert_cmpfloat_with_epsilon (lz_trace_get_time (trace, last), lz_trace_get_time (reference, last), 1e-12);
  for (guint i = 0; i < lz_trace_get_n_bodies (reference); i++)
    {
      g_assert_cmpfloat_with_epsilon (lz_trace_get_q (trace, last, i), lz_trace_get_q (reference, last, i), 1e-12);
      g_assert_cmpfloat_with_epsilon (lz_trace_get_v (trace, last, i), lz_trace_get_v (reference, last, i), 1e-12);
    }
  for (guint e = 0; e < lz_trace_get_n_elements (reference); e++)
    g_assert_cmpint (lz_trace_get_mode (trace, last, e), ==, lz_trace_get_mode (reference, last, e));
  g_assert_true (lz_trace_is_finished (trace));
}

/* The "stopped" signals a run emitted, in order. */
typedef struct
{
  GArray *reasons;
  guint   trace_notifies;
  guint   state_notifies;
} Recorder;

static void
stopped_cb (LuztarRun        *run,
            LuztarStopReason  reason,
            Recorder         *recorder)
{
  /* The state is up to date when "stopped" comes. */
  g_assert_cmpint (luztar_run_get_state (run), !=, LUZTAR_RUN_RUNNING);
  g_assert_cmpint (luztar_run_get_stop_reason (run), ==, reason);
  g_array_append_val (recorder->reasons, reason);
}

static void
notify_trace_cb (LuztarRun  *run,
                 GParamSpec *pspec,
                 Recorder   *recorder)
{
  recorder->trace_notifies++;
}

static void
notify_state_cb (LuztarRun  *run,
                 GParamSpec *pspec,
                 Recorder   *recorder)
{
  recorder->state_notifies++;
}

static void
recorder_connect (Recorder  *recorder,
                  LuztarRun *run)
{
  recorder->reasons = g_array_new (FALSE, FALSE, sizeof (LuztarStopReason));
  recorder->trace_notifies = 0;
  recorder->state_notifies = 0;
  g_signal_connect (run, "stopped", G_CALLBACK (stopped_cb), recorder);
  g_signal_connect (run, "notify::trace", G_CALLBACK (notify_trace_cb), recorder);
  g_signal_connect (run, "notify::state", G_CALLBACK (notify_state_cb), recorder);
}

static void
recorder_clear (Recorder *recorder)
{
  g_clear_pointer (&recorder->reasons, g_array_unref);
}

static LuztarStopReason
last_reason (Recorder *recorder)
{
  g_assert_cmpuint (recorder->reasons->len, >, 0);
  return g_array_index (recorder->reasons, LuztarStopReason, recorder->reasons->len - 1);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until the worker has stopped and its outcome is
 * applied. */
static void
wait_stopped (LuztarRun *run)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  guint wake = g_timeout_add (100, wake_cb, NULL);

  while (luztar_run_get_state (run) == LUZTAR_RUN_RUNNING)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
}

/* Runs the main loop for a while, so that nothing waits for it. */
static void
spin (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  guint wake = g_timeout_add (5, wake_cb, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
}

static LuztarRun *
new_run (const LzModel             *model,
         LuztarMethod               method,
         const LzIntegratorOptions *options)
{
  g_autoptr(GError) error = NULL;
  LuztarRun *run = luztar_run_new (model, method, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (run);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_READY);
  return run;
}

/* The events file of `luztar-cli run`, parsed. */
static GArray *
cli_events (const char *model_path,
            const char *method,
            const char *events_path)
{
  const char *cli = g_getenv ("LUZTAR_CLI");
  const char *argv[] = { cli, "run", model_path, "--method", method, "--events", events_path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  int status;

  g_assert_nonnull (cli);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  g_file_get_contents (events_path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "t,element,from,to,cause");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      double t = g_ascii_strtod (lines[i], NULL);

      g_array_append_val (times, t);
    }
  return times;
}

/* (1) Run to the end at full speed: the same steps, events and final
 * state as the core integrator stepped directly, and as luztar-cli run. */
static void
test_run_full_speed (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  LuztarMethod methods[] = { LUZTAR_METHOD_EVENT_DRIVEN, LUZTAR_METHOD_TIME_STEPPING };

  for (gsize m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr(LuztarRun) run = new_run (model, methods[m], NULL);
      g_autoptr(LzTrace) reference = NULL;
      LzIntegratorStats stats, ref_stats;
      Recorder recorder;

      reference = reference_run (model, methods[m], NULL, NULL, &ref_stats);
      recorder_connect (&recorder, run);
      g_assert_cmpfloat (luztar_run_get_t_end (run), ==, 100.0);
      g_assert_cmpuint (lz_trace_get_n_samples (luztar_run_get_trace (run)), ==, 1);
      g_assert_cmpfloat (luztar_run_get_time (run), ==, 0.0);

      luztar_run_start (run);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_RUNNING);
      wait_stopped (run);

      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
      g_assert_cmpuint (recorder.reasons->len, ==, 1);
      g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
      g_assert_null (luztar_run_get_error (run));
      g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 100.0, 1e-12);
      assert_traces_equal (luztar_run_get_trace (run), reference);
      luztar_run_get_stats (run, &stats);
      g_assert_cmpuint (stats.steps, ==, ref_stats.steps);
      g_assert_cmpuint (stats.events, ==, ref_stats.events);
      g_assert_cmpuint (stats.lcp_solves, ==, ref_stats.lcp_solves);
      /* B1: 17 stick intervals, each entered and left (bench/README.md) */
      g_assert_cmpuint (lz_trace_get_n_events (reference), >=, 2 * 17);

      /* A finished run does not start again until it is reset. */
      luztar_run_start (run);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
      recorder_clear (&recorder);
    }

  /* The command-line tool writes the same event times (17 digits). */
  {
    g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples",
                                              "friction-oscillator.luztar", NULL);
    g_autofree char *dir = g_dir_make_tmp ("test-run-XXXXXX", NULL);
    g_autofree char *events_path = g_build_filename (dir, "events.csv", NULL);
    g_autoptr(GArray) times = cli_events (path, "event", events_path);
    g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
    LzTrace *trace = luztar_run_get_trace (run);

    luztar_run_start (run);
    wait_stopped (run);
    g_assert_cmpuint (times->len, ==, lz_trace_get_n_events (trace));
    for (guint i = 0; i < times->len; i++)
      {
        LzEvent ev;

        lz_trace_get_event (trace, i, &ev);
        g_assert_cmpfloat_with_epsilon (ev.t, g_array_index (times, double, i), 1e-12);
      }
    g_unlink (events_path);
    g_rmdir (dir);
  }
}

/* (2) Step to the next switch: one call per event step of the reference,
 * ending exactly where the reference's step ended. */
static void
test_run_step_event (void)
{
  const char *files[] = { "friction-oscillator.luztar", "two-carts-stop.luztar" };

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(LzModel) model = app_test_load_example (files[f]);
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(LzTrace) reference = reference_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL, times, NULL);
      g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
      LzTrace *trace = luztar_run_get_trace (run);
      Recorder recorder;
      guint seen = lz_trace_get_n_events (trace);

      g_test_message ("%s: %u event steps", files[f], times->len);
      g_assert_cmpuint (times->len, >=, 3);
      recorder_connect (&recorder, run);
      for (guint i = 0; i < times->len; i++)
        {
          double t = g_array_index (times, double, i);
          LzEvent ev, ref;

          luztar_run_step_event (run);
          wait_stopped (run);
          g_assert_cmpuint (recorder.reasons->len, ==, i + 1);
          g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_EVENT);
          g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_PAUSED);
          g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), t, 1e-12);
          /* the reported event is the first one logged by that step */
          g_assert_true (luztar_run_get_stop_event (run, &ev));
          g_assert_cmpuint (lz_trace_get_n_events (trace), >, seen);
          lz_trace_get_event (reference, seen, &ref);
          assert_events_equal (&ev, &ref);
          g_assert_cmpfloat (ev.t, <=, t + 1e-12);
          g_assert_cmpfloat (ev.t, >, i == 0 ? 0.0 : g_array_index (times, double, i - 1));
          seen = lz_trace_get_n_events (trace);
        }
      /* no switch is left: the next call runs to the end */
      luztar_run_step_event (run);
      wait_stopped (run);
      g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
      g_assert_false (luztar_run_get_stop_event (run, NULL));
      assert_traces_equal (trace, reference);
      recorder_clear (&recorder);
    }
}

/* (3) Pause within 100 ms of asking, also mid-step of a long run and while
 * waiting for the pacing clock; resuming ends as an uninterrupted run. */
static void
test_run_pause (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LuztarRun) run = NULL;
  g_autoptr(LzTrace) reference = NULL;
  LzIntegratorOptions options;
  LzIntegratorStats stats;
  Recorder recorder;
  double t_prev = 0.0, worst = 0.0;

  /* 10^6 steps of 10 µs, a trace row per millisecond */
  lz_integrator_options_init (&options);
  options.t_end = 10;
  options.dt = 1e-5;
  options.sample = 1e-3;
  reference = reference_run (model, LUZTAR_METHOD_TIME_STEPPING, &options, NULL, &stats);
  g_assert_cmpuint (stats.steps, ==, 1000000);

  run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, &options);
  recorder_connect (&recorder, run);
  for (guint k = 0; k < 3; k++)
    {
      gint64 before, after;
      double t;

      luztar_run_start (run);
      /* pause in full flight: once the worker has gone on for a while */
      g_usleep (20000);
      while (luztar_run_get_time (run) < t_prev + 0.05)
        g_usleep (1000);
      before = g_get_monotonic_time ();
      luztar_run_pause (run);
      after = g_get_monotonic_time ();
      worst = MAX (worst, (after - before) / 1e3);

      /* paused at once: state and signal are there when pause returns */
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_PAUSED);
      g_assert_cmpuint (recorder.reasons->len, ==, k + 1);
      g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_PAUSED);
      t = luztar_run_get_time (run);
      g_test_message ("pause %u at t = %g s after %.2f ms", k, t, (after - before) / 1e3);
      g_assert_cmpfloat (t, >, t_prev);
      g_assert_cmpfloat (t, <, 10.0);
      /* nothing moves while paused */
      spin (0.02);
      g_assert_cmpfloat (luztar_run_get_time (run), ==, t);
      g_assert_cmpuint (recorder.reasons->len, ==, k + 1);
      t_prev = t;
    }
  g_assert_cmpfloat (worst, <, 50.0);

  luztar_run_start (run);
  wait_stopped (run);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
  g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
  assert_traces_equal (luztar_run_get_trace (run), reference);
  luztar_run_get_stats (run, &stats);
  g_assert_cmpuint (stats.steps, ==, 1000000);

  /* Slow motion: the worker sleeps on the pacing clock and wakes for the
   * pause at once. */
  {
    g_autoptr(LuztarRun) slow = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
    gint64 before, after;

    luztar_run_set_speed (slow, 0.01);
    luztar_run_start (slow);
    g_usleep (50000);
    before = g_get_monotonic_time ();
    luztar_run_pause (slow);
    after = g_get_monotonic_time ();
    g_test_message ("paced pause after %.2f ms", (after - before) / 1e3);
    g_assert_cmpfloat ((after - before) / 1e3, <, 50.0);
    g_assert_cmpint (luztar_run_get_state (slow), ==, LUZTAR_RUN_PAUSED);
  }

  /* Pausing a run that is not running does nothing. */
  {
    guint n = recorder.reasons->len;

    luztar_run_pause (run);
    g_assert_cmpuint (recorder.reasons->len, ==, n);
    g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
  }
  recorder_clear (&recorder);
}

/* (4) Real time and slow motion: the simulated time follows the wall
 * clock times the speed, never ahead by more than one step. */
static void
paced_run (const LzModel *model,
           double         speed,
           double         seconds)
{
  g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL);
  gint64 start;
  double wall, t, h = 1e-3;

  luztar_run_set_speed (run, speed);
  g_assert_cmpfloat (luztar_run_get_speed (run), ==, speed);
  start = g_get_monotonic_time ();
  luztar_run_start (run);
  spin (seconds);
  t = luztar_run_get_time (run);
  wall = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_test_message ("speed %g: t = %.4f s after %.4f s", speed, t, wall);
  /* never ahead: the clock allows speed·wall, plus the step that waited */
  g_assert_cmpfloat (t, <=, speed * wall + h + 1e-9);
  /* and not far behind (a loaded machine may delay the worker a little) */
  g_assert_cmpfloat (t, >=, speed * seconds - MAX (0.1 * speed, 2 * h));
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_RUNNING);
}

static void
test_run_pacing (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");

  paced_run (model, 1.0, 0.3);
  paced_run (model, 0.1, 0.3);

  /* A speed change mid-run goes on from where the clock is: 0.2 s at 0.1
   * and then 0.2 s at 1 make 0.22 s. */
  {
    g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL);
    double t;

    luztar_run_set_speed (run, 0.1);
    luztar_run_start (run);
    spin (0.2);
    luztar_run_set_speed (run, 1.0);
    spin (0.2);
    t = luztar_run_get_time (run);
    g_test_message ("0.1 then 1: t = %.4f s", t);
    g_assert_cmpfloat (t, <=, 0.02 + 0.2 + 0.02);
    g_assert_cmpfloat (t, >=, 0.02 + 0.2 - 0.1);
    /* speed 0 lets it run to the end at once */
    luztar_run_set_speed (run, 0.0);
    wait_stopped (run);
    g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
  }

  /* Event-driven steps are long (≈ 0.3 s here): the last sample may be a
   * step ahead, the paced time follows the clock. */
  {
    g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
    gint64 start = g_get_monotonic_time ();
    double paced, wall;

    luztar_run_set_speed (run, 1.0);
    luztar_run_start (run);
    spin (0.3);
    paced = luztar_run_get_paced_time (run);
    wall = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
    g_test_message ("event-driven at speed 1: paced %.4f s, last sample %.4f s, wall %.4f s",
                    paced, luztar_run_get_time (run), wall);
    g_assert_cmpfloat (paced, <=, wall + 1e-9);
    g_assert_cmpfloat (paced, >=, 0.3 - 0.1);
    g_assert_cmpfloat (paced, <=, luztar_run_get_time (run));
    luztar_run_pause (run);
    g_assert_cmpfloat (luztar_run_get_paced_time (run), ==, luztar_run_get_time (run));
  }
}

/* (5) A breakpoint stops at the watched element's next switch, skipping
 * the others' switches; break-on-any at every switch. */
static void
test_run_breakpoint (void)
{
  g_autoptr(LzModel) model = chain_model ();
  g_autoptr(LzTrace) reference = reference_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL, NULL, NULL);
  g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
  LzTrace *trace = luztar_run_get_trace (run);
  guint n_initial = lz_trace_get_n_events (trace), n_ref = lz_trace_get_n_events (reference);
  guint watched = 0, first = G_MAXUINT, second = G_MAXUINT;
  Recorder recorder;
  LzEvent ev, ref;

  /* Watch the element whose first switch is not the first switch of all,
   * so that the run has to go past other elements' switches. */
  lz_trace_get_event (reference, n_initial, &ref);
  for (guint i = n_initial + 1; i < n_ref && first == G_MAXUINT; i++)
    {
      LzEvent e;

      lz_trace_get_event (reference, i, &e);
      if (e.element != ref.element && e.t > ref.t)
        {
          watched = e.element;
          first = i;
        }
    }
  g_assert_cmpuint (first, <, n_ref);
  for (guint i = first + 1; i < n_ref && second == G_MAXUINT; i++)
    {
      LzEvent e;

      lz_trace_get_event (reference, i, &e);
      if (e.element == watched)
        second = i;
    }
  g_assert_cmpuint (second, <, n_ref);
  g_test_message ("watching %s: events %u and %u of %u", lz_trace_get_element_id (reference, watched),
                  first, second, n_ref);

  recorder_connect (&recorder, run);
  luztar_run_set_breakpoint (run, watched, TRUE);
  g_assert_true (luztar_run_get_breakpoint (run, watched));
  luztar_run_start (run);
  wait_stopped (run);
  g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_BREAKPOINT);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_PAUSED);
  g_assert_true (luztar_run_get_stop_event (run, &ev));
  lz_trace_get_event (reference, first, &ref);
  assert_events_equal (&ev, &ref);
  g_assert_cmpfloat (luztar_run_get_time (run), >=, ev.t - 1e-12);
  /* it stopped after the step that logged the event, not later */
  g_assert_cmpuint (lz_trace_get_n_events (trace), >, first);
  {
    LzEvent last;

    lz_trace_get_event (trace, lz_trace_get_n_events (trace) - 1, &last);
    g_assert_cmpfloat (last.t, <=, ev.t + 1e-9);
  }

  /* resume: the next switch of the same element */
  luztar_run_start (run);
  wait_stopped (run);
  g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_BREAKPOINT);
  g_assert_true (luztar_run_get_stop_event (run, &ev));
  lz_trace_get_event (reference, second, &ref);
  assert_events_equal (&ev, &ref);

  /* break on any: the very next switch, whatever the element */
  luztar_run_set_breakpoint (run, watched, FALSE);
  luztar_run_set_break_on_any (run, TRUE);
  g_assert_true (luztar_run_get_break_on_any (run));
  {
    guint next = lz_trace_get_n_events (trace);

    g_assert_cmpuint (next, <, n_ref);
    luztar_run_start (run);
    wait_stopped (run);
    g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_BREAKPOINT);
    g_assert_true (luztar_run_get_stop_event (run, &ev));
    lz_trace_get_event (reference, next, &ref);
    assert_events_equal (&ev, &ref);
  }

  /* without breakpoints to the end: nothing changed by the stops */
  luztar_run_set_break_on_any (run, FALSE);
  luztar_run_start (run);
  wait_stopped (run);
  g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
  assert_traces_equal (trace, reference);
  recorder_clear (&recorder);
}

/* (6) Run until a time: exactly there for the event-driven method, on the
 * grid for time-stepping. */
static void
test_run_until (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LzTrace) reference = reference_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL, NULL, NULL);

  {
    g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
    LzTrace *trace = luztar_run_get_trace (run);
    double stops[] = { 2.5, 7.25, 7.3, 40.0 };
    Recorder recorder;

    recorder_connect (&recorder, run);
    for (gsize k = 0; k < G_N_ELEMENTS (stops); k++)
      {
        guint n_events;

        luztar_run_run_until (run, stops[k]);
        wait_stopped (run);
        g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_TIME);
        g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_PAUSED);
        g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), stops[k], 1e-12);
        /* The switches before t are the reference's.  The step that
         * would cross t ends at t, and a switch inside that step is
         * located from a shorter bracket: the same switch, within the
         * event-location tolerance of docs/mathematics.md (1e-10 s). */
        n_events = lz_trace_get_n_events (trace);
        for (guint i = 0; i < n_events; i++)
          {
            LzEvent a, b;

            lz_trace_get_event (trace, i, &a);
            lz_trace_get_event (reference, i, &b);
            assert_events_close (&a, &b, 1e-10);
            g_assert_cmpfloat (a.t, <=, stops[k]);
          }
        if (n_events < lz_trace_get_n_events (reference))
          {
            LzEvent b;

            lz_trace_get_event (reference, n_events, &b);
            g_assert_cmpfloat (b.t, >, stops[k]);
          }
      }
    /* a time already passed stops at once */
    luztar_run_run_until (run, 1.0);
    wait_stopped (run);
    g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_TIME);
    g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 40.0, 1e-12);
    /* a time past the end runs to the end */
    luztar_run_run_until (run, 1000.0);
    wait_stopped (run);
    g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
    g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
    g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 100.0, 1e-12);
    recorder_clear (&recorder);
  }

  {
    g_autoptr(LzTrace) ts_reference = reference_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL, NULL, NULL);
    g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL);

    luztar_run_run_until (run, 0.5);
    wait_stopped (run);
    g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 0.5, 1e-12);
    g_assert_cmpuint (lz_trace_get_n_samples (luztar_run_get_trace (run)), ==, 501);
    /* between grid points: the first step time after it */
    luztar_run_run_until (run, 0.7004);
    wait_stopped (run);
    g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 0.701, 1e-12);
    g_assert_cmpint (luztar_run_get_stop_reason (run), ==, LUZTAR_STOP_TIME);
    /* the grid is untouched: the rest is the uninterrupted run */
    luztar_run_start (run);
    wait_stopped (run);
    assert_traces_equal (luztar_run_get_trace (run), ts_reference);
  }
}

/* (7) A run that diverges fails with the integrator's message and keeps
 * what it computed; models that cannot run at all are refused with a
 * reason. */
static void
test_run_failure (void)
{
  LuztarMethod methods[] = { LUZTAR_METHOD_EVENT_DRIVEN, LUZTAR_METHOD_TIME_STEPPING };
  g_autoptr(LzModel) rocket = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                     "<body id=\"rocket\" mass=\"1\"/>"
                                     "<spring id=\"k\" a=\"g\" b=\"rocket\" k=\"1\"/>"
                                     "<force id=\"F\" body=\"rocket\" value=\"exp(60*t)\"/>"
                                     "<simulation t-end=\"2\"/></luztar-model>");

  for (gsize m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr(LuztarRun) run = new_run (rocket, methods[m], NULL);
      LzTrace *trace = luztar_run_get_trace (run);
      const GError *error;
      Recorder recorder;

      recorder_connect (&recorder, run);
      luztar_run_start (run);
      wait_stopped (run);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FAILED);
      g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_ERROR);
      error = luztar_run_get_error (run);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_error_matches (error, LZ_ERROR, LZ_ERROR_DIVERGED));
      g_assert_nonnull (strstr (error->message, "diverged"));
      g_assert_nonnull (strstr (error->message, "“rocket”"));
      /* the samples up to the failure stay */
      g_assert_cmpuint (lz_trace_get_n_samples (trace), >, 1);
      g_assert_cmpfloat (luztar_run_get_time (run), >, 0.1);
      g_assert_cmpfloat (luztar_run_get_time (run), <, 2.0);
      g_assert_false (lz_trace_is_finished (trace));

      /* nothing runs until a reset, which clears the error */
      luztar_run_step (run);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FAILED);
      luztar_run_reset (run);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_READY);
      g_assert_null (luztar_run_get_error (run));
      recorder_clear (&recorder);
    }

  /* A damped massless joint that stops tie to the ground (a stop with
   * two limits) and to a body with mass: the event-driven method refuses
   * and names the body and the way out (two one-sided stops it takes as
   * a through-stop); time-stepping runs it (with θ = 1: the impact of the
   * body with mass through the joint is plastic). */
  {
    g_autoptr(LzModel) model = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                      "<body id=\"m\" mass=\"1\" q0=\"0.1\"/><body id=\"joint\" mass=\"0\"/>"
                                      "<spring id=\"k1\" a=\"g\" b=\"m\" k=\"1\"/>"
                                      "<spring id=\"k2\" a=\"g\" b=\"joint\" k=\"1\"/>"
                                      "<spring id=\"k3\" a=\"joint\" b=\"m\" k=\"1\"/>"
                                      "<stop id=\"f\" a=\"g\" b=\"joint\" lower=\"-0.01\" upper=\"0.5\"/>"
                                      "<stop id=\"f2\" a=\"m\" b=\"joint\" upper=\"0.01\"/>"
                                      "<damper id=\"c\" a=\"g\" b=\"joint\" c=\"1\"/>"
                                      "<simulation t-end=\"1\" theta=\"1\"/></luztar-model>");
    g_autoptr(GError) error = NULL;
    g_autoptr(LuztarRun) refused = luztar_run_new (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL, &error);
    g_autoptr(LuztarRun) run = NULL;

    g_assert_null (refused);
    g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "“joint”"));
    g_assert_nonnull (strstr (error->message, "time-stepping"));

    run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL);
    luztar_run_start (run);
    wait_stopped (run);
    g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
  }

  /* An initial state outside a stop; a bad option. */
  {
    g_autoptr(LzModel) model = parse ("<luztar-model version=\"1\"><ground id=\"g\"/>"
                                      "<body id=\"m\" mass=\"1\" q0=\"-1\"/>"
                                      "<spring id=\"k\" a=\"g\" b=\"m\" k=\"1\"/>"
                                      "<stop id=\"floor\" a=\"g\" b=\"m\" lower=\"0\"/></luztar-model>");
    g_autoptr(LzModel) good = app_test_load_example ("friction-oscillator.luztar");
    g_autoptr(GError) error = NULL;
    g_autoptr(LuztarRun) refused = luztar_run_new (model, LUZTAR_METHOD_TIME_STEPPING, NULL, &error);
    g_autoptr(LuztarRun) refused2 = NULL;
    LzIntegratorOptions options;

    g_assert_null (refused);
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
    g_assert_nonnull (strstr (error->message, "stop “floor”"));
    g_clear_error (&error);

    lz_integrator_options_init (&options);
    options.theta = 0.2;
    refused2 = luztar_run_new (good, LUZTAR_METHOD_TIME_STEPPING, &options, &error);
    g_assert_null (refused2);
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  }
}

/* (8) Reset: a new trace holding the initial sample only, the old trace
 * intact for whoever holds it; also while running (no "stopped"). */
static void
test_run_reset (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LzTrace) reference = reference_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL, NULL, NULL);
  g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);
  g_autoptr(LzTrace) old = NULL;
  guint n_initial = lz_trace_get_n_events (luztar_run_get_trace (run)), n_old;
  LzTrace *fresh, *fresh_prop = NULL;
  Recorder recorder;

  recorder_connect (&recorder, run);
  luztar_run_set_breakpoint (run, 1, TRUE);
  luztar_run_set_speed (run, 0.0);
  luztar_run_run_until (run, 5.0);
  wait_stopped (run);
  old = lz_trace_ref (luztar_run_get_trace (run));
  n_old = lz_trace_get_n_samples (old);
  g_assert_cmpuint (n_old, >, 1);

  luztar_run_reset (run);
  fresh = luztar_run_get_trace (run);
  g_object_get (run, "trace", &fresh_prop, NULL);
  g_assert_true (fresh_prop == fresh);
  g_assert_true (fresh != old);
  g_assert_cmpuint (recorder.trace_notifies, ==, 1);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_READY);
  g_assert_cmpuint (lz_trace_get_n_samples (fresh), ==, 1);
  g_assert_cmpfloat (lz_trace_get_time (fresh, 0), ==, 0.0);
  g_assert_cmpfloat (lz_trace_get_q (fresh, 0, 0), ==, lz_model_get_body (model, 0)->q0);
  g_assert_cmpfloat (lz_trace_get_v (fresh, 0, 0), ==, lz_model_get_body (model, 0)->v0);
  g_assert_cmpuint (lz_trace_get_n_events (fresh), ==, n_initial);
  g_assert_false (lz_trace_is_finished (fresh));
  g_assert_cmpfloat (luztar_run_get_time (run), ==, 0.0);
  g_assert_false (luztar_run_get_stop_event (run, NULL));
  /* the old trace is still whole: it ends where the breakpoint on the
   * friction element stopped it, at the first switch (t ≈ 1.287 s) */
  g_assert_cmpuint (lz_trace_get_n_samples (old), ==, n_old);
  {
    LzEvent first = { 0 };

    for (guint i = 0; i < lz_trace_get_n_events (reference); i++)
      {
        lz_trace_get_event (reference, i, &first);
        if (first.cause != LZ_CAUSE_INITIAL)
          break;
      }
    g_assert_cmpuint (first.element, ==, 1);
    g_assert_cmpfloat_with_epsilon (lz_trace_get_time (old, n_old - 1), first.t, 1e-10);
  }
  /* breakpoints and speed are kept */
  g_assert_true (luztar_run_get_breakpoint (run, 1));
  luztar_run_set_breakpoint (run, 1, FALSE);

  /* reset while running, paced: the worker stops, nothing is signalled */
  {
    guint n_signals = recorder.reasons->len;

    luztar_run_set_speed (run, 0.05);
    luztar_run_start (run);
    spin (0.05);
    luztar_run_reset (run);
    g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_READY);
    g_assert_cmpuint (lz_trace_get_n_samples (luztar_run_get_trace (run)), ==, 1);
    spin (0.05);
    g_assert_cmpuint (recorder.reasons->len, ==, n_signals);
    g_assert_cmpuint (recorder.trace_notifies, ==, 2);
  }

  /* and from the fresh start the full run is the reference */
  luztar_run_set_speed (run, 0.0);
  luztar_run_start (run);
  wait_stopped (run);
  assert_traces_equal (luztar_run_get_trace (run), reference);
  recorder_clear (&recorder);
}

/* (9) Dropping a run joins its worker: while it steps, while it sleeps on
 * the pacing clock, with an outcome not yet delivered, all without the
 * main loop.  ASan and LSan check the rest. */
static void
test_run_dispose (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  LzIntegratorOptions options;

  lz_integrator_options_init (&options);
  options.dt = 1e-5;
  options.sample = 1e-2;

  for (guint k = 0; k < 3; k++)
    {
      LuztarRun *run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, &options);
      g_autoptr(LzTrace) trace = lz_trace_ref (luztar_run_get_trace (run));

      g_object_add_weak_pointer (G_OBJECT (run), (gpointer *) &run);
      if (k == 1)
        luztar_run_set_speed (run, 0.01);
      if (k == 2)
        luztar_run_step (run);
      else
        luztar_run_start (run);
      g_usleep (20000);
      g_object_unref (run);
      g_assert_null (run);
      /* the trace a reader holds stays readable */
      g_assert_cmpuint (lz_trace_get_n_samples (trace), >=, 1);
    }
  /* no callback of a disposed run is left in the main context */
  while (g_main_context_iteration (NULL, FALSE))
    ;

  /* a run that never started */
  {
    LuztarRun *run = new_run (model, LUZTAR_METHOD_EVENT_DRIVEN, NULL);

    g_object_add_weak_pointer (G_OBJECT (run), (gpointer *) &run);
    g_object_unref (run);
    g_assert_null (run);
  }
}

/* A single step: one integrator step, unpaced. */
static void
test_run_step (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LuztarRun) run = new_run (model, LUZTAR_METHOD_TIME_STEPPING, NULL);
  Recorder recorder;
  LzIntegratorStats stats;

  recorder_connect (&recorder, run);
  luztar_run_set_speed (run, 0.001);
  for (guint k = 1; k <= 5; k++)
    {
      luztar_run_step (run);
      wait_stopped (run);
      g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_STEP);
      g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_PAUSED);
      g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), k * 1e-3, 1e-15);
      g_assert_cmpuint (lz_trace_get_n_samples (luztar_run_get_trace (run)), ==, k + 1);
      luztar_run_get_stats (run, &stats);
      g_assert_cmpuint (stats.steps, ==, k);
    }
  g_assert_cmpuint (recorder.reasons->len, ==, 5);

  /* Two commands in a row without the main loop in between: the first
   * one's "stopped" comes first, from the second call. */
  luztar_run_step (run);
  g_usleep (20000);
  luztar_run_step (run);
  g_assert_cmpuint (recorder.reasons->len, ==, 6);
  wait_stopped (run);
  g_assert_cmpuint (recorder.reasons->len, ==, 7);
  g_assert_cmpfloat_with_epsilon (luztar_run_get_time (run), 7e-3, 1e-15);

  /* Start right after a step: the step is done or cut short (paused),
   * then the run goes on to the end; start again while running to the
   * end changes nothing. */
  luztar_run_set_speed (run, 0.0);
  luztar_run_step (run);
  luztar_run_start (run);
  luztar_run_start (run);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_RUNNING);
  wait_stopped (run);
  g_assert_cmpuint (recorder.reasons->len, ==, 9);
  g_assert_true (g_array_index (recorder.reasons, LuztarStopReason, 7) == LUZTAR_STOP_STEP
                 || g_array_index (recorder.reasons, LuztarStopReason, 7) == LUZTAR_STOP_PAUSED);
  g_assert_cmpint (last_reason (&recorder), ==, LUZTAR_STOP_END);
  g_assert_cmpint (luztar_run_get_state (run), ==, LUZTAR_RUN_FINISHED);
  recorder_clear (&recorder);
}

static void
on_compare_done (LuztarCompare *compare,
                 gboolean      *done)
{
  *done = TRUE;
}

/* (11) Both methods at once (the Compare page): both runs end, each equal
 * to the core's loop sampled every step; the largest |q_ed − q_ts| is the
 * one found here row by row at the instants k·dt; a model one method
 * refuses is refused, naming it. */
static void
test_run_compare (void)
{
  g_autoptr(LzModel) example = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LzModel) model = lz_model_copy (example);
  g_autoptr(LzModel) bad = app_test_load_test_model ("numbers.luztar");
  g_autoptr(LuztarCompare) compare = NULL;
  g_autoptr(LzTrace) ed = NULL;
  g_autoptr(LzTrace) ts = NULL;
  g_autoptr(GError) error = NULL;
  LzSimulation sim = *lz_model_get_simulation (example);
  LzIntegratorOptions options;
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  guint wake = g_timeout_add (100, wake_cb, NULL);
  double largest = 0, where = NAN, difference, t;
  gboolean done = FALSE;
  guint n = 0;

  /* a coarser step over 20 s: 2001 instants to compare */
  sim.t_end = 20;
  sim.dt = 0.01;
  g_assert_true (lz_model_set_simulation (model, &sim, NULL));
  compare = luztar_compare_new (model, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (luztar_compare_get_step (compare), ==, 0.01);
  g_assert_cmpfloat (luztar_compare_get_sample (compare), ==, 0.01);
  g_signal_connect (compare, "done", G_CALLBACK (on_compare_done), &done);
  luztar_compare_start (compare);
  while (!done)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
  g_assert_true (luztar_compare_is_done (compare));

  lz_integrator_options_init (&options);
  options.sample = 0.01;
  ed = reference_run (model, LUZTAR_METHOD_EVENT_DRIVEN, &options, NULL, NULL);
  ts = reference_run (model, LUZTAR_METHOD_TIME_STEPPING, &options, NULL, NULL);
  assert_traces_equal (luztar_compare_get_trace (compare, LUZTAR_METHOD_EVENT_DRIVEN), ed);
  assert_traces_equal (luztar_compare_get_trace (compare, LUZTAR_METHOD_TIME_STEPPING), ts);
  for (guint k = 0; k <= 2000; k++)
    {
      double tk = k * 0.01;
      guint a = lz_trace_find_time (ed, tk), b = lz_trace_find_time (ts, tk);
      double d;

      g_assert_cmpfloat (lz_trace_get_time (ed, a), ==, tk);
      g_assert_cmpfloat (lz_trace_get_time (ts, b), ==, tk);
      d = fabs (lz_trace_get_q (ed, a, 0) - lz_trace_get_q (ts, b, 0));
      if (k == 0 || d > largest)
        largest = d, where = tk;
    }
  n = luztar_compare_largest_difference (luztar_compare_get_trace (compare, LUZTAR_METHOD_EVENT_DRIVEN),
                                         luztar_compare_get_trace (compare, LUZTAR_METHOD_TIME_STEPPING), 0,
                                         &difference, &t);
  g_assert_cmpuint (n, ==, 2001);
  g_assert_cmpfloat (difference, ==, largest);
  g_assert_cmpfloat (t, ==, where);
  /* (the methods do differ: time-stepping's error is the lesson) */
  g_assert_cmpfloat (largest, >, 0);

  g_clear_error (&error);
  g_assert_null (luztar_compare_new (bad, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "Event-driven: "));
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/luztar/run/full-speed", test_run_full_speed);
  g_test_add_func ("/luztar/run/step-event", test_run_step_event);
  g_test_add_func ("/luztar/run/step", test_run_step);
  g_test_add_func ("/luztar/run/pause", test_run_pause);
  g_test_add_func ("/luztar/run/pacing", test_run_pacing);
  g_test_add_func ("/luztar/run/breakpoint", test_run_breakpoint);
  g_test_add_func ("/luztar/run/run-until", test_run_until);
  g_test_add_func ("/luztar/run/failure", test_run_failure);
  g_test_add_func ("/luztar/run/reset", test_run_reset);
  g_test_add_func ("/luztar/run/dispose", test_run_dispose);
  g_test_add_func ("/luztar/run/compare", test_run_compare);
  return g_test_run ();
}
