/* cli-limits.h — the options of a run that luztar-cli run and sweep share
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* --max-rows, --max-events, --max-steps, --max-memory */
#define LZ_CLI_N_LIMITS 4

/* The options of a run as given (NULL: not given, the model's value or
 * the default of lz-limits.c); lz_cli_entries_free() of the table that
 * filled them frees them. */
typedef struct
{
  char *method, *t_end, *dt, *theta, *sample;
  char *limits[LZ_CLI_N_LIMITS];   /* in the order above */
} LzCliRunOptions;

GOptionEntry *lz_cli_run_options_entries (LzCliRunOptions       *run,
                                          const char            *sample_help,
                                          const GOptionEntry    *before,
                                          const GOptionEntry    *after);
gboolean      lz_cli_run_options_apply   (const char            *command,
                                          const LzCliRunOptions *run,
                                          LzIntegratorOptions   *options);
char         *lz_cli_limits_message      (GQuark                 domain,
                                          int                    code,
                                          const char            *message);

G_END_DECLS
