/* cli-run.c — luztar-cli run: simulate a model, write the trace and events
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"
#include "cli-limits.h"

static const LzCliSpec spec = {
  .name = "run",
  .summary = N_("Simulate a model from its initial state and print a summary: steps, events,\n"
                "wall time and the final energy-balance error.\n"),
  .exit_usage = N_("usage error (unknown option, bad number, no file)"),
  .exit_bad = N_("the model is invalid, the run failed, or an output cannot be written"),
  .flags = LZ_CLI_ONE_FILE,
};

/**
 * lz_cli_run:
 * @argc: number of arguments, argv[0] being "run"
 * @argv: the arguments
 *
 * `luztar-cli run FILE [--method …] [--t-end T] [--dt H] [--theta TH]
 * [--sample DT] [--out trace.csv] [--events events.csv]`.
 *
 * Returns: 0 on success, 1 on a usage error, 2 for a bad model or a
 *   failed run
 */
int
lz_cli_run (int    argc,
            char **argv)
{
  g_auto(LzCliArgs) args = { 0 };
  char *out = NULL, *events_csv = NULL;   /* freed with ALL */
  const GOptionEntry entries[] = {
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out,
      N_("write the trace as CSV: t,<body>.q,<body>.v,…"), "FILE" },
    { "events", 0, 0, G_OPTION_ARG_FILENAME, &events_csv,
      N_("write the events as CSV: t,element,from,to,cause"), "FILE" },
    G_OPTION_ENTRY_NULL
  };
  LzCliRunOptions run = { 0 };
  g_autoptr(LzCliEntries) all =
    lz_cli_run_options_entries (&run, N_("write a trace row every DT seconds (default: every step)"), NULL, entries);
  const char *file;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(LzTrace) trace = NULL;
  const LzIntegratorType *type;
  LzIntegratorOptions options;
  LzIntegratorStats stats;
  LzEnergy energy;
  g_autoptr(GTimer) timer = NULL;
  LzStepResult result;
  LzTraceCsvStream *csv = NULL;
  gboolean csv_ok = TRUE;
  double wall, e0;

  lz_integrator_options_init (&options);
  if (!lz_cli_args_parse (&args, &spec, all, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  file = args.file;
  if (!lz_cli_run_options_apply (spec.name, &run, &options))
    return LZ_CLI_EXIT_USAGE;
  if (run.t_end != NULL && !(options.t_end > 0))
    return lz_cli_usage_error (spec.name, _("--t-end must be positive, got %s"), run.t_end);
  if (run.dt != NULL && !(options.dt > 0))
    return lz_cli_usage_error (spec.name, _("--dt must be positive, got %s"), run.dt);

  model = lz_cli_load_model (file);
  if (model == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

  type = lz_cli_method (spec.name, run.method, model);
  if (type == NULL)
    return LZ_CLI_EXIT_USAGE;

  assembly = lz_assembly_new (model, &error);
  if (assembly == NULL)
    return lz_cli_file_error (file, error);
  integrator = lz_integrator_new (type, assembly, &options, &error);
  if (integrator == NULL)
    return lz_cli_file_error (file, error);
  trace = lz_trace_new (model);
  /* the trace's CSV is written by another thread as the run goes */
  if (out != NULL && (csv = lz_trace_csv_stream_new (trace, out, &error)) == NULL)
    return lz_cli_command_error (spec.name, error);

  timer = g_timer_new ();
  do
    result = lz_integrator_step (integrator, INFINITY, trace, &error);
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  wall = g_timer_elapsed (timer, NULL);
  if (csv != NULL)
    csv_ok = lz_trace_csv_stream_finish (csv, result == LZ_STEP_ERROR ? NULL : &error);

  lz_integrator_get_stats (integrator, &stats);
  lz_trace_get_energy (trace, lz_trace_get_n_samples (trace) - 1, &energy);
  {
    LzEnergy first;

    lz_trace_get_energy (trace, 0, &first);
    e0 = first.kinetic + first.potential;
  }

  /* After a failure, write what was computed: it shows how it went. */
  if (result == LZ_STEP_ERROR)
    {
      if (events_csv != NULL)
        lz_trace_write_events_csv (trace, events_csv, NULL);
      return lz_cli_file_error (file, error);
    }
  if (!csv_ok || (events_csv != NULL && !lz_trace_write_events_csv (trace, events_csv, &error)))
    return lz_cli_command_error (spec.name, error);

  if (lz_integrator_get_notes (integrator) != NULL)
    {
      GPtrArray *notes = lz_integrator_get_notes (integrator);

      g_print (_("massless joints taken in closed form for the run (see luztar-cli reduce):\n"));
      for (guint i = 0; i < notes->len; i++)
        g_print ("  %s\n", (const char *) notes->pdata[i]);
    }
  {
    /* a run applies the forces the model has; the program motion's
     * forces are the program command's answer, not an input */
    g_autoptr(GString) prescribed = g_string_new (NULL);

    for (guint i = 0; i < lz_model_get_n_sources (model); i++)
      {
        const LzSource *source = lz_model_get_source (model, i);

        if (source->item.kind != LZ_ITEM_PRESCRIBED)
          continue;
        if (prescribed->len > 0)
          g_string_append (prescribed, ", ");
        g_string_append (prescribed, source->item.id);
      }
    if (prescribed->len > 0)
      g_print (_("note: the run does not impose the prescribed motions (%s) and its actuators apply no "
                 "force; luztar-cli program computes the forces that realize them\n"),
               prescribed->str);
  }
  g_print (_("method: %s, h = %g s, θ = %g, t = 0 … %g s\n"), lz_integrator_get_name (integrator),
           run.dt != NULL ? options.dt : lz_model_get_simulation (model)->dt,
           run.theta != NULL ? options.theta : lz_model_get_simulation (model)->theta,
           lz_integrator_get_time (integrator));
  {
    /* 64-bit counts as text: a format macro cannot go into a msgid */
    g_autofree char *steps = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.steps);
    g_autofree char *events = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.events);
    g_autofree char *solves = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.lcp_solves);

    g_print (_("steps: %s, events: %s, wall time: %.3f s\n"), steps, events, wall);
    g_print (_("contact problems: %s, %.1f iterations each, largest residual %.2g\n"), solves,
             stats.lcp_solves > 0 ? (double) stats.lcp_iterations / stats.lcp_solves : 0.0,
             stats.lcp_max_residual);
    if (stats.lcp_fallbacks > 0)
      {
        g_autofree char *fallbacks = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.lcp_fallbacks);

        g_print (_("  %s of them by Lemke’s method (Gauss–Seidel crawled or failed)\n"), fallbacks);
      }
    if (stats.rhs_evaluations > 0)
      {
        g_autofree char *rhs = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.rhs_evaluations);

        g_print (_("right-hand-side evaluations: %s (%.1f per event)\n"), rhs,
                 (double) stats.rhs_evaluations / MAX (stats.events, 1));
      }
  }
  g_print (_("energy (J): kinetic %.6g, potential %.6g, dissipated %.6g (damping %.3g, friction %.3g, "
             "impacts %.3g), work of sources %.6g\n"),
           energy.kinetic, energy.potential, energy.damping + energy.friction + energy.impacts,
           energy.damping, energy.friction, energy.impacts, energy.sources);
  /* at θ = ½ the scheme's share is energy its impulses made: a warning says it */
  if (energy.numerical != 0 && (run.theta != NULL ? options.theta : lz_model_get_simulation (model)->theta) > 0.5)
    g_print (_("  taken by the scheme's numerical damping (θ > ½): %.6g J\n"), energy.numerical);
  g_print (_("energy-balance error: %.3g J (%.2g of the initial energy plus the work done)\n"),
           energy.balance_error,
           fabs (energy.balance_error) / MAX (1e-300, fabs (e0) + fabs (energy.sources)));
  {
    g_autoptr(GPtrArray) warnings = lz_integrator_dup_warnings (integrator, trace);

    for (guint i = 0; i < warnings->len; i++)
      g_print (_("warning: %s\n"), (const char *) warnings->pdata[i]);
  }
  return LZ_CLI_EXIT_OK;
}
