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

static void
print_help (void)
{
  /* TRANSLATORS: the usage line of "luztar-cli run"; keep the words in
   * capitals as they are. */
  g_print (_("Usage: luztar-cli run [OPTION…] FILE\n"));
  g_print ("\n");
  g_print (_("Simulate a model from its initial state and print a summary: steps, events,\n"
             "wall time and the final energy-balance error.\n"));
  g_print ("\n");
  g_print (_("Options:\n"));
  g_print ("  %-20s %s\n", "--method METHOD", _("timestep (Moreau–Jean) or event (default: the model’s)"));
  g_print ("  %-20s %s\n", "--t-end T", _("end time in seconds (default: the model’s)"));
  g_print ("  %-20s %s\n", "--dt H", _("time step in seconds (default: the model’s)"));
  g_print ("  %-20s %s\n", "--theta TH", _("θ of the Moreau–Jean scheme, 0.5 to 1 (default: the model’s)"));
  g_print ("  %-20s %s\n", "--sample DT", _("write a trace row every DT seconds (default: every step)"));
  g_print ("  %-20s %s\n", "--out FILE", _("write the trace as CSV: t,<body>.q,<body>.v,…"));
  g_print ("  %-20s %s\n", "--events FILE", _("write the events as CSV: t,element,from,to,cause"));
  g_print ("  %-20s %s\n", "-h, --help", _("Show this help and exit"));
  g_print ("\n");
  g_print (_("Exit status:\n"));
  g_print ("  0  %s\n", _("success"));
  g_print ("  1  %s\n", _("usage error (unknown option, bad number, no file)"));
  g_print ("  2  %s\n", _("the model is invalid, the run failed, or an output cannot be written"));
}

static gboolean
parse_number (const char *option,
              const char *text,
              double     *value)
{
  if (!lz_number_parse (text, FALSE, value) || !isfinite (*value))
    {
      lz_cli_usage_error ("run", _("option “%s” needs a number, got “%s”"), option, text);
      return FALSE;
    }
  return TRUE;
}

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
  static const char *value_options[] = {
    "--method", "--t-end", "--dt", "--theta", "--sample", "--out", "--events",
  };
  const char *values[G_N_ELEMENTS (value_options)] = { NULL };
  const char *file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(LzTrace) trace = NULL;
  const LzIntegratorType *type;
  LzIntegratorOptions options;
  LzIntegratorStats stats;
  LzEnergy energy;
  const char *method;
  g_autoptr(GTimer) timer = NULL;
  LzStepResult result;
  double wall, e0;

  lz_integrator_options_init (&options);
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      gboolean matched = FALSE;

      if (strcmp (arg, "-h") == 0 || strcmp (arg, "--help") == 0)
        {
          print_help ();
          return LZ_CLI_EXIT_OK;
        }
      for (gsize k = 0; k < G_N_ELEMENTS (value_options) && !matched; k++)
        {
          gsize len = strlen (value_options[k]);

          if (strncmp (arg, value_options[k], len) == 0 && arg[len] == '=')
            {
              values[k] = arg + len + 1;
              matched = TRUE;
            }
          else if (strcmp (arg, value_options[k]) == 0)
            {
              if (++i >= argc)
                return lz_cli_usage_error ("run", _("option “%s” needs a value"), arg);
              values[k] = argv[i];
              matched = TRUE;
            }
        }
      if (matched)
        continue;
      if (arg[0] == '-' && arg[1] != '\0')
        return lz_cli_usage_error ("run", _("unknown option “%s”"), arg);
      if (file != NULL)
        return lz_cli_usage_error ("run", _("only one model file, please (got “%s” and “%s”)"),
                                   file, arg);
      file = arg;
    }
  if (file == NULL)
    return lz_cli_usage_error ("run", _("no model file given"));
  if ((values[1] != NULL && !parse_number ("--t-end", values[1], &options.t_end))
      || (values[2] != NULL && !parse_number ("--dt", values[2], &options.dt))
      || (values[3] != NULL && !parse_number ("--theta", values[3], &options.theta))
      || (values[4] != NULL && !parse_number ("--sample", values[4], &options.sample)))
    return LZ_CLI_EXIT_USAGE;
  if (values[1] != NULL && !(options.t_end > 0))
    return lz_cli_usage_error ("run", _("--t-end must be positive, got %s"), values[1]);
  if (values[2] != NULL && !(options.dt > 0))
    return lz_cli_usage_error ("run", _("--dt must be positive, got %s"), values[2]);

  model = lz_model_load (file, &error);
  if (model == NULL)
    {
      g_printerr ("%s\n", error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }

  method = values[0] != NULL ? values[0] : lz_method_to_string (lz_model_get_simulation (model)->method);
  if (strcmp (method, "timestep") == 0)
    type = lz_integrator_timestep;
  else if (strcmp (method, "event") == 0)
    type = lz_integrator_event;
  else
    return lz_cli_usage_error ("run", _("unknown method “%s” (use timestep or event)"), method);

  assembly = lz_assembly_new (model, &error);
  if (assembly == NULL)
    {
      g_printerr ("%s: %s\n", file, error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  integrator = lz_integrator_new (type, assembly, &options, &error);
  if (integrator == NULL)
    {
      g_printerr ("%s: %s\n", file, error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  trace = lz_trace_new (model);

  timer = g_timer_new ();
  do
    result = lz_integrator_step (integrator, INFINITY, trace, &error);
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  wall = g_timer_elapsed (timer, NULL);

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
      g_printerr ("%s: %s\n", file, error->message);
      g_clear_error (&error);
      if (values[5] != NULL)
        lz_trace_write_csv (trace, values[5], NULL);
      if (values[6] != NULL)
        lz_trace_write_events_csv (trace, values[6], NULL);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  if ((values[5] != NULL && !lz_trace_write_csv (trace, values[5], &error))
      || (values[6] != NULL && !lz_trace_write_events_csv (trace, values[6], &error)))
    {
      g_printerr ("luztar-cli run: %s\n", error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }

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
           values[2] != NULL ? options.dt : lz_model_get_simulation (model)->dt,
           values[3] != NULL ? options.theta : lz_model_get_simulation (model)->theta,
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
  }
  g_print (_("energy (J): kinetic %.6g, potential %.6g, dissipated %.6g (damping %.3g, friction %.3g, "
             "impacts %.3g), work of sources %.6g\n"),
           energy.kinetic, energy.potential, energy.damping + energy.friction + energy.impacts,
           energy.damping, energy.friction, energy.impacts, energy.sources);
  if (energy.numerical != 0)
    g_print (_("  taken by the scheme's numerical damping (θ > ½): %.6g J\n"), energy.numerical);
  g_print (_("energy-balance error: %.3g J (%.2g of the initial energy plus the work done)\n"),
           energy.balance_error,
           fabs (energy.balance_error) / MAX (1e-300, fabs (e0) + fabs (energy.sources)));
  return LZ_CLI_EXIT_OK;
}
