/* cli.h — shared declarations of luztar-cli
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* Exit codes, documented in `luztar-cli --help` and README.md. */
enum
{
  LZ_CLI_EXIT_OK = 0,
  LZ_CLI_EXIT_USAGE = 1,
  LZ_CLI_EXIT_BAD_INPUT = 2,
};

/* A command gets its own argv (argv[0] is the command name) and returns an
 * exit code. */
typedef int (*LzCliCommandFunc) (int argc, char **argv);

typedef struct
{
  const char       *name;
  const char       *summary;   /* N_() marked, translated when shown */
  LzCliCommandFunc  func;
} LzCliCommand;

/* Prints "luztar-cli: MESSAGE" and the hint to use --help on stderr;
 * returns LZ_CLI_EXIT_USAGE. */
int lz_cli_usage_error (const char *command,
                        const char *format,
                        ...) G_GNUC_PRINTF (2, 3);

/* The output formats of assemble and reduce. */
typedef enum
{
  LZ_CLI_FORMAT_TEXT,
  LZ_CLI_FORMAT_JSON,
  LZ_CLI_FORMAT_OCTAVE,
} LzCliFormat;

/* "text", "json", "octave" (or "matlab"); FALSE for anything else. */
gboolean lz_cli_parse_format (const char  *value,
                              LzCliFormat *format);

/* Writes RESULT to OUTPUT (NULL or "-": standard output); returns the
 * exit code, having said on stderr what failed. */
int lz_cli_write_output (const char *command,
                         const char *output,
                         const char *result);

/* Loads and assembles FILE into *MODEL_OUT and the returned assembly;
 * NULL (said on stderr) on failure. */
LzAssembly *lz_cli_load_assembly (const char  *file,
                                  LzModel    **model_out);

/* The commands, one file each (cli-<command>.c). */
int lz_cli_check (int argc, char **argv);
int lz_cli_assemble (int argc, char **argv);
int lz_cli_run (int argc, char **argv);
int lz_cli_reduce (int argc, char **argv);
int lz_cli_program (int argc, char **argv);
int lz_cli_sweep (int argc, char **argv);

G_END_DECLS
