/* bench-run.c — how much faster than real time the GUI's run controller is
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs classroom models through LuztarRun (the worker thread of the GUI)
 * at "as fast as possible" and reports simulated seconds per wall second,
 * next to the same integrator stepped directly in this thread as
 * `luztar-cli run` does, so the controller's own cost shows as well.
 * The wall time of a LuztarRun goes from luztar_run_start() to the
 * "stopped" signal on the main loop, i.e. what a user waits for.
 *
 * Usage: bench-run [--method event|timestep] [--repeat N] FILE…
 *
 * Output: one CSV line per file: model, method, steps, sim_s,
 * run_wall_s, direct_wall_s (best of N each), realtime_factor
 * (sim_s / run_wall_s), overhead (run / direct − 1).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "sim/luztar-run.h"

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static double
time_run (const LzModel *model,
          LuztarMethod   method,
          guint64       *steps,
          double        *t_end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LuztarRun) run = luztar_run_new (model, method, NULL, &error);
  LzIntegratorStats stats;
  guint wake;
  gint64 start;
  double wall;

  if (run == NULL)
    {
      g_printerr ("bench-run: %s\n", error->message);
      exit (EXIT_FAILURE);
    }
  wake = g_timeout_add (100, wake_cb, NULL);
  start = g_get_monotonic_time ();
  luztar_run_start (run);
  while (luztar_run_get_state (run) == LUZTAR_RUN_RUNNING)
    g_main_context_iteration (NULL, TRUE);
  wall = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_source_remove (wake);
  if (luztar_run_get_state (run) != LUZTAR_RUN_FINISHED)
    {
      g_printerr ("bench-run: the run failed: %s\n",
                  luztar_run_get_error (run) ? luztar_run_get_error (run)->message : "?");
      exit (EXIT_FAILURE);
    }
  luztar_run_get_stats (run, &stats);
  *steps = stats.steps;
  *t_end = luztar_run_get_time (run);
  return wall;
}

static double
time_direct (const LzModel *source,
             LuztarMethod   method)
{
  g_autoptr(LzModel) model = lz_model_copy (source);
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, NULL);
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  LzStepResult result;
  gint64 start;

  integrator = lz_integrator_new (method == LUZTAR_METHOD_EVENT_DRIVEN ? lz_integrator_event
                                  : lz_integrator_timestep, assembly, NULL, NULL);
  g_assert (integrator != NULL);
  start = g_get_monotonic_time ();
  lz_integrator_start (integrator, trace);
  do
    result = lz_integrator_step (integrator, INFINITY, trace, NULL);
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  return (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
}

int
main (int argc, char *argv[])
{
  const char *method_name = NULL;
  guint repeat = 5;
  int first_file = argc;

  gsl_set_error_handler_off ();
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--method") == 0 && i + 1 < argc)
        method_name = argv[++i];
      else if (strcmp (argv[i], "--repeat") == 0 && i + 1 < argc)
        {
          int n = atoi (argv[++i]);

          repeat = n > 0 ? (guint) n : 1;
        }
      else if (argv[i][0] == '-')
        {
          g_printerr ("Usage: bench-run [--method event|timestep] [--repeat N] FILE…\n");
          return EXIT_FAILURE;
        }
      else
        {
          first_file = i;
          break;
        }
    }
  if (first_file >= argc)
    {
      g_printerr ("Usage: bench-run [--method event|timestep] [--repeat N] FILE…\n");
      return EXIT_FAILURE;
    }

  printf ("model,method,steps,sim_s,run_wall_s,direct_wall_s,realtime_factor,overhead\n");
  for (int f = first_file; f < argc; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LzModel) model = lz_model_load (argv[f], &error);
      g_autofree char *base = NULL;
      LuztarMethod method;
      double run_best = INFINITY, direct_best = INFINITY, sim = 0;
      guint64 steps = 0;

      if (model == NULL)
        {
          g_printerr ("bench-run: %s\n", error->message);
          return EXIT_FAILURE;
        }
      if (method_name != NULL && strcmp (method_name, "event") == 0)
        method = LUZTAR_METHOD_EVENT_DRIVEN;
      else if (method_name != NULL && strcmp (method_name, "timestep") == 0)
        method = LUZTAR_METHOD_TIME_STEPPING;
      else if (method_name != NULL)
        {
          g_printerr ("bench-run: unknown method “%s” (use event or timestep)\n", method_name);
          return EXIT_FAILURE;
        }
      else
        method = lz_model_get_simulation (model)->method == LZ_METHOD_EVENT
                 ? LUZTAR_METHOD_EVENT_DRIVEN : LUZTAR_METHOD_TIME_STEPPING;

      /* Alternate the two, best of each: a busy machine slows either. */
      for (guint r = 0; r < repeat; r++)
        {
          run_best = MIN (run_best, time_run (model, method, &steps, &sim));
          direct_best = MIN (direct_best, time_direct (model, method));
        }
      base = g_path_get_basename (argv[f]);
      printf ("%s,%s,%" G_GUINT64_FORMAT ",%g,%.6f,%.6f,%.0f,%.3f\n", base,
              method == LUZTAR_METHOD_EVENT_DRIVEN ? "event" : "timestep",
              steps, sim, run_best, direct_best, sim / run_best, run_best / direct_best - 1);
    }
  return EXIT_SUCCESS;
}
