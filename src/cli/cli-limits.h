/* cli-limits.h — the limits of a run as options of luztar-cli run and sweep
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* --max-rows, --max-events, --max-steps, --max-memory as given (NULL: not
 * given, the default of lz-limits.c). */
typedef struct
{
  char *rows, *events, *steps, *memory;
} LzCliLimits;

GOptionEntry *lz_cli_limits_add_entries (const GOptionEntry  *entries,
                                         LzCliLimits         *limits);
gboolean      lz_cli_limits_apply       (const char          *command,
                                         const LzCliLimits   *limits,
                                         LzIntegratorOptions *options);
void          lz_cli_limits_clear       (LzCliLimits         *limits);
char         *lz_cli_limits_message     (GQuark               domain,
                                         int                  code,
                                         const char          *message);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LzCliLimits, lz_cli_limits_clear)

G_END_DECLS
