/* bench-plot.c — frame times of a live time-series plot over a million rows
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window with one LuztarPlot (time series of 4 variables) in live mode
 * while a thread appends synthetic rows to its trace with lz_trace_append
 * until --rows rows (10^6) exist, then goes on appending slowly (as a run
 * that continues) while the frame clock's frame times are recorded for
 * --seconds seconds.  Prints the mean frame time, its 95th percentile,
 * frames per second, and the plot's own work per frame (the tick's update
 * plus the snapshot, as the plot measures them).  Needs a display: run it
 * under tests/headless.sh (see bench/README.md).  Never part of meson test.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <adwaita.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "plot/luztar-plot.h"

typedef struct
{
  LzTrace  *trace;
  guint     rows;               /* the fast phase: this many rows */
  double    slow_rate;          /* rows/s afterwards */
  gint      stop;
  gint      reached;            /* the fast phase is over */
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;
  guint nb = lz_trace_get_n_bodies (w->trace), ne = lz_trace_get_n_elements (w->trace);
  g_autofree double *q = g_new0 (double, nb);
  g_autofree double *v = g_new0 (double, nb);
  g_autofree double *f = g_new0 (double, ne);
  g_autofree double *g = g_new0 (double, ne);
  g_autofree double *gd = g_new0 (double, ne);
  g_autofree LzMode *modes = g_new0 (LzMode, ne);
  const double dt = 1e-3;
  GRand *rand = g_rand_new_with_seed (20260601);
  gint64 slow_start = 0;
  guint slow_rows = 0;

  for (guint r = 0; !g_atomic_int_get (&w->stop); r++)
    {
      double t = r * dt;
      LzEnergy e = { 0 };

      /* a slow oscillation with a fast one on top and a little noise:
       * every pixel column holds a real range of values */
      for (guint i = 0; i < nb; i++)
        {
          q[i] = sin (0.05 * t + i) + 0.1 * sin (7 * t) + 0.01 * g_rand_double_range (rand, -1, 1);
          v[i] = 0.05 * cos (0.05 * t + i) + 0.7 * cos (7 * t);
        }
      for (guint i = 0; i < ne; i++)
        {
          f[i] = (i + 1) * tanh (10 * sin (0.3 * t)) + 0.05 * g_rand_double_range (rand, -1, 1);
          g[i] = q[0];
          gd[i] = v[0];
        }
      e.kinetic = 0.5 * v[0] * v[0];
      lz_trace_append (w->trace, t, q, v, f, g, gd, modes, &e);
      if (r + 1 == w->rows)
        {
          g_atomic_int_set (&w->reached, TRUE);
          slow_start = g_get_monotonic_time ();
        }
      if (r + 1 >= w->rows)
        {
          /* the slow phase: keep to slow_rate rows per second, in batches
           * as an integrator's steps come (a wake-up per row, 20 000 a
           * second, would measure the scheduler rather than the plot) */
          gint64 due = slow_start + (gint64) (++slow_rows / w->slow_rate * G_USEC_PER_SEC);
          gint64 now = g_get_monotonic_time ();

          if (due > now + 2 * G_TIME_SPAN_MILLISECOND)
            g_usleep ((gulong) (due - now));
        }
    }
  g_rand_free (rand);
  return NULL;
}

typedef struct
{
  LuztarPlot *plot;
  Writer     *writer;
  double      seconds;
  gint64      measure_from;     /* frame time at which measuring started, µs */
  gint64      last_frame;
  GArray     *intervals;        /* double, ms */
  GArray     *work;             /* double, µs: update + snapshot */
  guint       rows_at_start;
  gboolean    done;
} Bench;

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Bench *b = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double update_us, snapshot_us;

  if (!g_atomic_int_get (&b->writer->reached) || luztar_plot_get_n_rows (b->plot) < b->writer->rows)
    return G_SOURCE_CONTINUE;
  if (b->measure_from == 0)
    {
      b->measure_from = now;
      b->last_frame = now;
      b->rows_at_start = luztar_plot_get_n_rows (b->plot);
      return G_SOURCE_CONTINUE;
    }
  luztar_plot_get_timings (b->plot, &update_us, &snapshot_us);
  {
    double ms = (now - b->last_frame) / 1000.0, w = update_us + snapshot_us;

    g_array_append_val (b->intervals, ms);
    g_array_append_val (b->work, w);
  }
  b->last_frame = now;
  if (now - b->measure_from >= b->seconds * G_USEC_PER_SEC)
    {
      b->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzTrace) trace = NULL;
  g_autofree char *model_path = g_build_filename (LUZTAR_EXAMPLES_DIR, "two-carts-stop.luztar", NULL);
  double seconds = 5;
  double rate = 20000;
  int rows = 1000000;
  GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, "rows before measuring (default 1000000)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "how long to measure (default 5)", "S" },
    { "rate", 0, 0, G_OPTION_ARG_DOUBLE, &rate, "rows/s appended while measuring (default 20000)", "R" },
    { NULL }
  };
  g_autoptr(GOptionContext) options = g_option_context_new ("— frame times of a live plot");
  GtkWidget *window;
  LuztarPlot *plot;
  Writer writer = { 0 };
  Bench bench = { 0 };
  GThread *thread;
  gint64 start;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("bench-plot: %s\n", error->message);
      return 1;
    }
  if (rows < 2 || !(seconds > 0))
    {
      g_printerr ("bench-plot: --rows must be at least 2 and --seconds positive\n");
      return 1;
    }
  gsl_set_error_handler_off ();
  lz_locale_init ("C.UTF-8");
  if (!gtk_init_check ())
    {
      g_printerr ("bench-plot: no display (run it under tests/headless.sh)\n");
      return 1;
    }
  adw_init ();

  model = lz_model_load (model_path, &error);
  if (model == NULL)
    {
      g_printerr ("bench-plot: %s\n", error->message);
      return 1;
    }
  trace = lz_trace_new (model);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 500);
  plot = LUZTAR_PLOT (luztar_plot_new (LUZTAR_PLOT_TIME_SERIES));
  {
    LuztarSeries series[] = {
      { LUZTAR_SERIES_BODY_Q, 0 }, { LUZTAR_SERIES_BODY_V, 0 },
      { LUZTAR_SERIES_BODY_Q, 1 }, { LUZTAR_SERIES_ELEMENT_FORCE, 0 },
    };

    luztar_plot_set_series (plot, series, G_N_ELEMENTS (series));
  }
  /* the run's span, as the window sets it from t_end: the rows fill it */
  luztar_plot_set_time_range (plot, 0, rows * 1e-3 * 1.25);
  luztar_plot_set_trace (plot, trace);
  luztar_plot_set_live (plot, TRUE);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (plot));
  gtk_window_present (GTK_WINDOW (window));

  writer.trace = trace;
  writer.rows = (guint) rows;
  writer.slow_rate = rate;
  bench.plot = plot;
  bench.writer = &writer;
  bench.seconds = seconds;
  bench.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  bench.work = g_array_new (FALSE, FALSE, sizeof (double));
  gtk_widget_add_tick_callback (GTK_WIDGET (plot), tick, &bench, NULL);

  start = g_get_monotonic_time ();
  thread = g_thread_new ("writer", writer_thread, &writer);
  while (!bench.done && g_get_monotonic_time () - start < (gint64) (120 + seconds) * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_atomic_int_set (&writer.stop, TRUE);
  g_thread_join (thread);

  if (!bench.done || bench.intervals->len == 0)
    {
      g_printerr ("bench-plot: the plot did not reach %d rows in time\n", rows);
      return 1;
    }
  {
    guint n = bench.intervals->len;
    double sum = 0, work = 0, p95, work95;

    for (guint i = 0; i < n; i++)
      {
        sum += g_array_index (bench.intervals, double, i);
        work += g_array_index (bench.work, double, i);
      }
    g_array_sort (bench.intervals, compare_doubles);
    g_array_sort (bench.work, compare_doubles);
    p95 = g_array_index (bench.intervals, double, (guint) floor (0.95 * (n - 1)));
    work95 = g_array_index (bench.work, double, (guint) floor (0.95 * (n - 1)));
    g_print ("renderer: %s\n", G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
    g_print ("rows: %u when measuring started, %u at the end (appended at %.0f rows/s meanwhile)\n",
             bench.rows_at_start, luztar_plot_get_n_rows (plot), writer.slow_rate);
    g_print ("frames: %u in %.2f s\n", n, sum / 1000);
    g_print ("frame time: mean %.2f ms, 95th percentile %.2f ms, %.1f frames/s\n", sum / n, p95,
             1000 * n / sum);
    g_print ("plot work per frame (update + snapshot): mean %.0f µs, 95th percentile %.0f µs\n",
             work / n, work95);
  }
  g_array_unref (bench.intervals);
  g_array_unref (bench.work);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
