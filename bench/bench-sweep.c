/* bench-sweep.c — the sweep's own cost per run, in one process: the same
 * run done N times as luztar-cli run does it, against a sweep of N
 * identical runs at one job (bench/README.md, "Sweeps")
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-sweep [--runs N] [--rounds R] [--t-end T] [--sample DT]
 *               [--set ID.PARAM=VALUE] [--only WAY] FILE
 *
 * Three ways, alternated R times (so that a busy machine slows each of
 * them alike), each timed over N runs:
 *
 *   run       the loop of luztar-cli run: assemble the model, start an
 *             integrator, step it to the end into a trace (the model
 *             loaded once, as in a process of luztar-cli run);
 *   measured  the same, plus the sweep's measures of each trace
 *             (lz_sweep_measure_trace): the work a sweep adds on purpose;
 *   sweep     lz_sweep_run() over N runs with the parameter set to the
 *             same VALUE every time, one job, each row formatted as CSV
 *             and written with a flush, as luztar-cli sweep -o does.
 *
 * Every way samples the trace every DT (default t-end/2000, the sweep's
 * default), so the three compute the same runs.  One CSV line per round
 * and way, then the medians and the sweep's overhead against "run".
 * --only WAY does N runs of that way once and nothing else, for counting
 * instructions: under callgrind, the difference between N and 2N runs is
 * N runs' cost without the start (bench/sweep-speed.py does that).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gsl/gsl_errno.h>

#include "lz.h"

/* Wall time and the process's CPU time (every thread's: the sweep runs
 * in a worker thread), in seconds. */
typedef struct
{
  double wall, cpu;
} Times;

static Times
now (void)
{
  struct timespec ts;
  Times t;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  t.wall = ts.tv_sec + 1e-9 * ts.tv_nsec;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  t.cpu = ts.tv_sec + 1e-9 * ts.tv_nsec;
  return t;
}

static Times
since (Times start)
{
  Times t = now ();

  t.wall -= start.wall;
  t.cpu -= start.cpu;
  return t;
}

typedef struct
{
  FILE  *out;
  LzSweep *sweep;
  guint  rows;
} Sink;

static gboolean
on_row (const LzSweepRow *row,
        guint             done,
        gpointer          user_data)
{
  Sink *sink = user_data;
  g_autofree char *text = lz_sweep_row_to_csv (sink->sweep, row);

  (void) done;
  if (row->error != NULL)
    {
      g_printerr ("bench-sweep: run %u failed: %s\n", row->run, row->error);
      exit (EXIT_FAILURE);
    }
  fputs (text, sink->out);
  sink->rows++;
  return fflush (sink->out) == 0;
}

/* N runs as luztar-cli run does one; with MEASURES, measured as a sweep
 * measures them. */
static Times
time_runs (LzModel                   *model,
           LzSweep                   *sweep,
           const LzIntegratorOptions *options,
           const LzIntegratorType    *type,
           guint                      n,
           gboolean                   measures)
{
  g_autofree double *values = g_new0 (double, MAX (lz_sweep_get_n_measures (sweep), 1));
  Times start = now ();

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
      g_autoptr(LzIntegrator) integrator = NULL;
      g_autoptr(LzTrace) trace = NULL;
      LzStepResult result;

      if (assembly != NULL)
        integrator = lz_integrator_new (type, assembly, options, &error);
      if (integrator == NULL)
        {
          g_printerr ("bench-sweep: %s\n", error->message);
          exit (EXIT_FAILURE);
        }
      trace = lz_trace_new (model);
      do
        result = lz_integrator_step (integrator, INFINITY, trace, &error);
      while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
      if (result == LZ_STEP_ERROR)
        {
          g_printerr ("bench-sweep: the run failed: %s\n", error->message);
          exit (EXIT_FAILURE);
        }
      if (measures)
        lz_sweep_measure_trace (sweep, trace, values);
    }
  return since (start);
}

static Times
time_sweep (LzSweep *sweep,
            FILE    *out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *header = lz_sweep_dup_csv_header (sweep);
  Sink sink = { out, sweep, 0 };
  Times start;

  rewind (out);
  fputs (header, out);
  start = now ();
  if (!lz_sweep_run (sweep, 1, 0, 0, on_row, &sink, &error))
    {
      g_printerr ("bench-sweep: %s\n", error->message);
      exit (EXIT_FAILURE);
    }
  return since (start);
}

enum { WAY_RUN, WAY_MEASURED, WAY_SWEEP, N_WAYS };
static const char *const way_names[N_WAYS] = { "run", "measured", "sweep" };

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *x,
        guint   n)
{
  qsort (x, n, sizeof *x, compare);
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

static void
usage (void)
{
  g_printerr ("Usage: bench-sweep [--runs N] [--rounds R] [--t-end T] [--sample DT] "
              "[--set ID.PARAM=VALUE] [--only run|measured|sweep] FILE\n");
  exit (EXIT_FAILURE);
}

int
main (int argc, char *argv[])
{
  guint runs = 1000, rounds = 5;
  const char *file = NULL, *set = NULL, *only = NULL;
  double t_end = 0, sample = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzSweep) sweep = NULL;
  g_autoptr(LzSweep) plain = NULL;
  g_autofree char *spec = NULL;
  double *wall[N_WAYS], *cpu[N_WAYS];
  LzIntegratorOptions options;
  const LzIntegratorType *type;
  FILE *out;

  gsl_set_error_handler_off ();
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = (guint) strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--rounds") == 0 && i + 1 < argc)
        rounds = (guint) strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--t-end") == 0 && i + 1 < argc)
        t_end = g_ascii_strtod (argv[++i], NULL);
      else if (strcmp (argv[i], "--sample") == 0 && i + 1 < argc)
        sample = g_ascii_strtod (argv[++i], NULL);
      else if (strcmp (argv[i], "--set") == 0 && i + 1 < argc)
        set = argv[++i];
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
        only = argv[++i];
      else if (argv[i][0] == '-' || file != NULL)
        usage ();
      else
        file = argv[i];
    }
  if (file == NULL || runs == 0 || rounds == 0)
    usage ();

  model = lz_model_load (file, &error);
  if (model == NULL)
    {
      g_printerr ("bench-sweep: %s\n", error->message);
      return EXIT_FAILURE;
    }
  type = lz_model_get_simulation (model)->method == LZ_METHOD_EVENT ? lz_integrator_event
         : lz_integrator_timestep;
  lz_integrator_options_init (&options);
  options.t_end = t_end;
  options.sample = sample > 0 ? sample
                   : (t_end > 0 ? t_end : lz_model_get_simulation (model)->t_end) / 2000;

  /* N identical runs: VALUE:VALUE:N, or the simulation's end time as it is */
  if (set != NULL)
    spec = g_strdup_printf ("%s:%s:%u", set, strchr (set, '=') + 1, runs);
  else
    spec = g_strdup_printf ("simulation.t-end=%.17g:%.17g:%u", options.t_end > 0 ? options.t_end
                            : lz_model_get_simulation (model)->t_end,
                            options.t_end > 0 ? options.t_end
                            : lz_model_get_simulation (model)->t_end, runs);
  if (set != NULL && strchr (set, '=') == NULL)
    usage ();
  sweep = lz_sweep_new (model, file);
  lz_sweep_set_method (sweep, type, &options);
  if (!lz_sweep_add_set (sweep, spec, &error))
    {
      g_printerr ("bench-sweep: --set %s: %s\n", spec, error->message);
      return EXIT_FAILURE;
    }
  /* the measures of a sweep without parameters: the same columns */
  plain = lz_sweep_new (model, file);
  lz_sweep_set_method (plain, type, &options);

  out = fopen ("/dev/null", "w");
  if (out == NULL)
    return EXIT_FAILURE;
  if (only != NULL)
    {
      guint w = 0;

      while (w < N_WAYS && strcmp (only, way_names[w]) != 0)
        w++;
      if (w == N_WAYS)
        usage ();
      if (w == WAY_SWEEP)
        time_sweep (sweep, out);
      else
        time_runs (model, plain, &options, type, runs, w == WAY_MEASURED);
      fclose (out);
      return EXIT_SUCCESS;
    }
  for (guint w = 0; w < N_WAYS; w++)
    {
      wall[w] = g_new0 (double, rounds);
      cpu[w] = g_new0 (double, rounds);
    }
  printf ("round,way,runs,wall_s,cpu_s,wall_per_run_us,cpu_per_run_us\n");
  /* one unmeasured round first: page faults, caches */
  time_runs (model, plain, &options, type, MIN (runs, 50), TRUE);
  for (guint r = 0; r < rounds; r++)
    for (guint w = 0; w < N_WAYS; w++)
      {
        Times t = w == WAY_SWEEP ? time_sweep (sweep, out)
                  : time_runs (model, plain, &options, type, runs, w == WAY_MEASURED);

        wall[w][r] = t.wall;
        cpu[w][r] = t.cpu;
        printf ("%u,%s,%u,%.4f,%.4f,%.2f,%.2f\n", r, way_names[w], runs, t.wall, t.cpu,
                1e6 * t.wall / runs, 1e6 * t.cpu / runs);
        fflush (stdout);
      }
  fclose (out);
  for (guint k = 0; k < 2; k++)
    {
      double m[N_WAYS];

      for (guint w = 0; w < N_WAYS; w++)
        m[w] = median (k == 0 ? wall[w] : cpu[w], rounds) / runs;
      printf ("# median %s per run: run %.2f us, measured %.2f us, sweep %.2f us; "
              "sweep over run %+.2f %% (measures %+.2f %%, the rest %+.2f %%)\n",
              k == 0 ? "wall" : "CPU", 1e6 * m[WAY_RUN], 1e6 * m[WAY_MEASURED], 1e6 * m[WAY_SWEEP],
              100 * (m[WAY_SWEEP] / m[WAY_RUN] - 1), 100 * (m[WAY_MEASURED] / m[WAY_RUN] - 1),
              100 * (m[WAY_SWEEP] - m[WAY_MEASURED]) / m[WAY_RUN]);
    }
  for (guint w = 0; w < N_WAYS; w++)
    {
      g_free (wall[w]);
      g_free (cpu[w]);
    }
  return EXIT_SUCCESS;
}
