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

/* The output formats of assemble, reduce and program. */
typedef enum
{
  LZ_CLI_FORMAT_TEXT,
  LZ_CLI_FORMAT_JSON,
  LZ_CLI_FORMAT_OCTAVE,
} LzCliFormat;

/* The options and arguments that several commands share. */
typedef enum
{
  LZ_CLI_ONE_FILE      = 1 << 0,  /* FILE (else FILE…) */
  LZ_CLI_OPTION_FORMAT = 1 << 1,  /* -f, --format text|json */
  LZ_CLI_OPTION_OCTAVE = 1 << 2,  /* with LZ_CLI_OPTION_FORMAT: or octave */
  LZ_CLI_OPTION_OUTPUT = 1 << 3,  /* -o, --output OUT */
} LzCliFlags;

/* What `luztar-cli COMMAND --help` says besides the options; the strings
 * are N_() marked and translated when shown. */
typedef struct
{
  const char *name;         /* "assemble" */
  const char *summary;      /* what the command does, under the usage line */
  const char *description;  /* more, after the options; or NULL */
  const char *exit_ok;      /* when it exits 0; NULL: "success" */
  const char *exit_usage;   /* when it exits 1 */
  const char *exit_bad;     /* when it exits 2 */
  LzCliFlags  flags;
} LzCliSpec;

/* A command's arguments, as lz_cli_args_parse() leaves them. */
typedef struct
{
  const LzCliSpec *spec;
  LzCliFormat      format;       /* -f, --format (LZ_CLI_FORMAT_TEXT) */
  char            *format_name;  /* as given, or NULL */
  char            *output;       /* -o, --output, or NULL */
  char           **files;        /* the model files, at least one */
  const char      *file;         /* files[0] */
} LzCliArgs;

/* Parses ARGV (ARGV[0] is the command) with one GOptionContext: the
 * shared options that SPEC's flags ask for, then ENTRIES (the command's
 * own, or NULL; their descriptions N_() marked), and the model files.
 * On a usage error says so on stderr and returns FALSE; --help prints the
 * help and exits 0. */
gboolean lz_cli_args_parse (LzCliArgs          *args,
                            const LzCliSpec    *spec,
                            const GOptionEntry *entries,
                            int                 argc,
                            char              **argv);
void     lz_cli_args_clear (LzCliArgs          *args);

/* Frees the strings and string arrays that g_option_context_parse()
 * stored through ENTRIES (up to the G_OPTION_ENTRY_NULL; NULL: none),
 * then ENTRIES, a table the command allocated: the table that filled a
 * command's options also empties them.  g_autoptr(LzCliEntries) does it
 * on the way out. */
void     lz_cli_entries_free  (GOptionEntry       *entries);

typedef GOptionEntry LzCliEntries;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzCliEntries, lz_cli_entries_free)

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LzCliArgs, lz_cli_args_clear)

/* Prints "luztar-cli [COMMAND: ]MESSAGE" and the hint to use --help on
 * stderr; returns LZ_CLI_EXIT_USAGE. */
int lz_cli_usage_error (const char *command,
                        const char *format,
                        ...) G_GNUC_PRINTF (2, 3);

/* Prints "FILE: message" on stderr; returns LZ_CLI_EXIT_BAD_INPUT. */
int lz_cli_file_error (const char   *file,
                       const GError *error);

/* Prints "luztar-cli COMMAND: message" on stderr; returns
 * LZ_CLI_EXIT_BAD_INPUT. */
int lz_cli_command_error (const char   *command,
                          const GError *error);

/* "Exit status:" and the three codes, for --help; OK NULL says
 * "success". */
void lz_cli_append_exit_status (GString    *out,
                                const char *ok,
                                const char *usage,
                                const char *bad);

/* Reads the finite number TEXT of OPTION into VALUE (TEXT NULL: the
 * option was not given, VALUE is left alone); a usage error otherwise. */
gboolean lz_cli_parse_number (const char *command,
                              const char *option,
                              const char *text,
                              double     *value);

/* Reads the whole number TEXT (≥ 1) of OPTION times SCALE into VALUE
 * (TEXT NULL: left alone); a usage error otherwise. */
gboolean lz_cli_parse_count (const char *command,
                             const char *option,
                             const char *text,
                             guint64     scale,
                             guint64    *value);

/* The integrator NAME ("timestep" or "event"; NULL: the model's method);
 * NULL after a usage error. */
const LzIntegratorType *lz_cli_method (const char    *command,
                                       const char    *name,
                                       const LzModel *model);

/* Writes RESULT to OUTPUT (NULL or "-": standard output); returns the
 * exit code, having said on stderr what failed. */
int lz_cli_write_output (const char *command,
                         const char *output,
                         const char *result);

/* Loads FILE; NULL (the loader's "FILE:LINE: message" said on stderr) on
 * failure. */
LzModel    *lz_cli_load_model    (const char  *file);

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
