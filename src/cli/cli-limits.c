/* cli-limits.c — the limits of a run as options of luztar-cli run and sweep
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run stopped by one of its limits (src/core/integrate/lz-limits.c)
 * says so in words with an LZ_ERROR_LIMIT_* code; luztar-cli adds the
 * option that raises it (lz_cli_limits_message()).  `run` takes the
 * options for its run, `sweep` for each of its runs.  The entries, their
 * help and their reading are here once for both.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cli.h"
#include "cli-limits.h"

/**
 * lz_cli_limits_add_entries:
 * @entries: a command's own options, ended by G_OPTION_ENTRY_NULL
 * @limits: where the limit options are read to
 *
 * Returns: (transfer full): @entries followed by --max-rows, --max-events,
 *   --max-steps and --max-memory, for lz_cli_args_parse(); g_free() it
 */
GOptionEntry *
lz_cli_limits_add_entries (const GOptionEntry *entries,
                           LzCliLimits        *limits)
{
  const GOptionEntry own[] = {
    { "max-rows", 0, 0, G_OPTION_ARG_STRING, &limits->rows,
      N_("stop the run at N trace rows (default 10000000)"), "N" },
    { "max-events", 0, 0, G_OPTION_ARG_STRING, &limits->events,
      N_("stop the run at N events (default 10000000)"), "N" },
    { "max-steps", 0, 0, G_OPTION_ARG_STRING, &limits->steps,
      N_("stop the run at N steps (default 1000000000)"), "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &limits->memory,
      N_("stop the run when its trace takes MIB mebibytes (default 2048)"), "MIB" },
  };
  guint n = 0;
  GOptionEntry *all;

  while (entries[n].long_name != NULL)
    n++;
  all = g_new0 (GOptionEntry, n + G_N_ELEMENTS (own) + 1);   /* zeroed: the end */
  memcpy (all, entries, n * sizeof *entries);
  memcpy (all + n, own, sizeof own);
  return all;
}

/* Reads the limits given into OPTIONS (those not given keep their 0,
 * the default); a usage error says which option was wrong. */
gboolean
lz_cli_limits_apply (const char          *command,
                     const LzCliLimits   *limits,
                     LzIntegratorOptions *options)
{
  return lz_cli_parse_count (command, "--max-rows", limits->rows, 1, &options->max_rows)
         && lz_cli_parse_count (command, "--max-events", limits->events, 1, &options->max_events)
         && lz_cli_parse_count (command, "--max-steps", limits->steps, 1, &options->max_steps)
         && lz_cli_parse_count (command, "--max-memory", limits->memory, 1 << 20, &options->max_memory);
}

void
lz_cli_limits_clear (LzCliLimits *limits)
{
  g_clear_pointer (&limits->rows, g_free);
  g_clear_pointer (&limits->events, g_free);
  g_clear_pointer (&limits->steps, g_free);
  g_clear_pointer (&limits->memory, g_free);
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
  const char *advice = NULL;

  if (domain == LZ_ERROR)
    switch (code)
      {
      case LZ_ERROR_LIMIT_ROWS:
        advice = _("sample less often (--sample) or raise the limit (--max-rows)");
        break;
      case LZ_ERROR_LIMIT_EVENTS:
        advice = _("raise the limit (--max-events)");
        break;
      case LZ_ERROR_LIMIT_STEPS:
        advice = _("raise the limit (--max-steps)");
        break;
      case LZ_ERROR_LIMIT_MEMORY:
        advice = _("raise the limit (--max-memory)");
        break;
      default:
        break;
      }
  return advice != NULL ? g_strconcat (message, "; ", advice, NULL) : g_strdup (message);
}
