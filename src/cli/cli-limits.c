/* cli-limits.c — the options of a run that luztar-cli run and sweep share
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `run` takes them for its run, `sweep` for each of its runs: the method,
 * the times (--t-end, --dt, --theta, --sample) and the limits.  A run
 * stopped by one of its limits (src/core/integrate/lz-limits.c) says so
 * in words with an LZ_ERROR_LIMIT_* code; luztar-cli adds the option that
 * raises it (lz_cli_limits_message()).  The entries, their help and their
 * reading are here once for both; a limit is one row of a table.
 */

#include "config.h"

#include <stddef.h>
#include <string.h>
#include <glib/gi18n.h>

#include "cli.h"
#include "cli-limits.h"

/* One limit: its option, the integrator's field it sets and the error of
 * a run that reaches it. */
typedef struct
{
  const char *option;   /* without its "--" */
  const char *help;     /* N_() marked */
  const char *meta;
  guint64     scale;    /* the integrator's units in one of the option's */
  size_t      field;    /* offset of the guint64 in LzIntegratorOptions */
  int         code;     /* LZ_ERROR_LIMIT_* */
  const char *advice;   /* N_() marked: what raises it */
} Limit;

static const Limit limits[LZ_CLI_N_LIMITS] = {
  { "max-rows", N_("stop the run at N trace rows (default 10000000)"), "N",
    1, offsetof (LzIntegratorOptions, max_rows), LZ_ERROR_LIMIT_ROWS,
    N_("sample less often (--sample) or raise the limit (--max-rows)") },
  { "max-events", N_("stop the run at N events (default 10000000)"), "N",
    1, offsetof (LzIntegratorOptions, max_events), LZ_ERROR_LIMIT_EVENTS,
    N_("raise the limit (--max-events)") },
  { "max-steps", N_("stop the run at N steps (default 1000000000)"), "N",
    1, offsetof (LzIntegratorOptions, max_steps), LZ_ERROR_LIMIT_STEPS,
    N_("raise the limit (--max-steps)") },
  { "max-memory", N_("stop the run when its trace takes MIB mebibytes (default 2048)"), "MIB",
    1 << 20, offsetof (LzIntegratorOptions, max_memory), LZ_ERROR_LIMIT_MEMORY,
    N_("raise the limit (--max-memory)") },
};

static gsize
count_entries (const GOptionEntry *entries)
{
  gsize n = 0;

  while (entries != NULL && entries[n].long_name != NULL)
    n++;
  return n;
}

/**
 * lz_cli_run_options_entries:
 * @run: where the options are read to
 * @sample_help: (N_() marked) what --sample does for the command
 * @before: (nullable): the command's options shown before the run's
 * @after: (nullable): the command's options shown after them
 *
 * Returns: (transfer full): @before, --method, --t-end, --dt, --theta,
 *   --sample, @after and the limits, ended by G_OPTION_ENTRY_NULL, for
 *   lz_cli_args_parse(); lz_cli_entries_free() frees it and the strings
 *   it filled
 */
GOptionEntry *
lz_cli_run_options_entries (LzCliRunOptions    *run,
                            const char         *sample_help,
                            const GOptionEntry *before,
                            const GOptionEntry *after)
{
  const GOptionEntry times[] = {
    { "method", 0, 0, G_OPTION_ARG_STRING, &run->method,
      N_("timestep (Moreau–Jean) or event (default: the model’s)"), "METHOD" },
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &run->t_end,
      N_("end time in seconds (default: the model’s)"), "T" },
    { "dt", 0, 0, G_OPTION_ARG_STRING, &run->dt, N_("time step in seconds (default: the model’s)"), "H" },
    { "theta", 0, 0, G_OPTION_ARG_STRING, &run->theta,
      N_("θ of the Moreau–Jean scheme, 0.5 to 1 (default: the model’s)"), "TH" },
    { "sample", 0, 0, G_OPTION_ARG_STRING, &run->sample, sample_help, "DT" },
  };
  gsize n_before = count_entries (before), n_after = count_entries (after);
  /* zeroed: the end */
  GOptionEntry *all = g_new0 (GOptionEntry, n_before + G_N_ELEMENTS (times) + n_after + LZ_CLI_N_LIMITS + 1);
  GOptionEntry *e = all;

  if (n_before > 0)
    memcpy (e, before, n_before * sizeof *before);
  e += n_before;
  memcpy (e, times, sizeof times);
  e += G_N_ELEMENTS (times);
  if (n_after > 0)
    memcpy (e, after, n_after * sizeof *after);
  e += n_after;
  for (guint i = 0; i < LZ_CLI_N_LIMITS; i++)
    *e++ = (GOptionEntry) {
      limits[i].option, 0, 0, G_OPTION_ARG_STRING, &run->limits[i], limits[i].help, limits[i].meta
    };
  return all;
}

/* --theta TEXT (NULL: not given) read as THETA must be in [0.5, 1]; a
 * usage error otherwise. */
static gboolean
check_theta (const char *command,
             const char *text,
             double      theta)
{
  if (text == NULL || (theta >= 0.5 && theta <= 1))
    return TRUE;
  lz_cli_usage_error (command, _("--theta must be between 0.5 and 1, got %s"), text);
  return FALSE;
}

/* Reads the options given into OPTIONS (those not given keep their
 * value: the model's, or 0 for a limit, the default); a usage error says
 * which option was wrong. */
gboolean
lz_cli_run_options_apply (const char            *command,
                          const LzCliRunOptions *run,
                          LzIntegratorOptions   *options)
{
  if (!lz_cli_parse_number (command, "--t-end", run->t_end, &options->t_end)
      || !lz_cli_parse_number (command, "--dt", run->dt, &options->dt)
      || !lz_cli_parse_number (command, "--theta", run->theta, &options->theta)
      || !lz_cli_parse_number (command, "--sample", run->sample, &options->sample))
    return FALSE;
  for (guint i = 0; i < LZ_CLI_N_LIMITS; i++)
    {
      g_autofree char *option = g_strconcat ("--", limits[i].option, NULL);
      guint64 *value = (guint64 *) (void *) ((char *) options + limits[i].field);

      if (!lz_cli_parse_count (command, option, run->limits[i], limits[i].scale, value))
        return FALSE;
    }
  return check_theta (command, run->theta, options->theta);
}

/**
 * lz_cli_limits_message:
 * @domain: the error's domain
 * @code: the error's code
 * @message: the error's message
 *
 * Returns: (transfer full): @message, followed by what raises the limit on
 *   the command line when @code (of LZ_ERROR) is a run's limit; g_free() it
 */
char *
lz_cli_limits_message (GQuark      domain,
                       int         code,
                       const char *message)
{
  for (guint i = 0; domain == LZ_ERROR && i < LZ_CLI_N_LIMITS; i++)
    if (code == limits[i].code)
      return g_strconcat (message, "; ", _(limits[i].advice), NULL);
  return g_strdup (message);
}
