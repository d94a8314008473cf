/* cli-program.c — luztar-cli program: prescribed motions, actuators and
 * the required control forces (paper 001)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"

static const LzCliSpec spec = {
  .name = "program",
  .summary = N_("Program motion (paper 001): the prescribed motions of the model are program\n"
                "constraints, its actuators control forces.  Prints how each constraint is\n"
                "realized (orthogonal, mixed or tangent) and through which elements, the\n"
                "index of the equations, and computes the required forces λ(t).\n"),
  .exit_usage = N_("usage error (unknown option or format, no file)"),
  .exit_bad = N_("the model is invalid, has no prescribed motion or actuator, or the motion "
                 "cannot be realized"),
  .flags = LZ_CLI_ONE_FILE | LZ_CLI_OPTION_FORMAT | LZ_CLI_OPTION_OUTPUT,
};

static gboolean
parse_time (const char *text,
            double     *value)
{
  char *end = NULL;
  double x = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(x > 0.0) || !isfinite (x))
    return FALSE;
  *value = x;
  return TRUE;
}

/**
 * lz_cli_program:
 * @argc: number of arguments, argv[0] being "program"
 * @argv: the arguments
 *
 * `luztar-cli program [--t-end T] [--sample DT] [--out forces.csv]
 *  [--format text|json] [-o OUT] FILE`.
 *
 * Returns: 0 on success, 1 on a usage error, 2 for a bad model or a
 *   motion that cannot be realized
 */
int
lz_cli_program (int    argc,
                char **argv)
{
  g_auto(LzCliArgs) args = { 0 };
  g_autofree char *t_end = NULL, *sample = NULL, *csv = NULL;
  const GOptionEntry entries[] = {
    { "t-end", 't', 0, G_OPTION_ARG_STRING, &t_end,
      N_("End time in s (default: the model's t-end)"), "T" },
    { "sample", 's', 0, G_OPTION_ARG_STRING, &sample,
      N_("Time step of the λ(t) grid in s (default: the model's dt)"), "DT" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &csv,
      N_("Write λ(t) as CSV (header t,<actuator id>,…) to FILE"), "FILE" },
    G_OPTION_ENTRY_NULL
  };
  const char *file;
  LzProgramOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzProgramAnalysis) analysis = NULL;
  g_autofree char *result = NULL;
  int status;

  lz_program_options_init (&options);
  if (!lz_cli_args_parse (&args, &spec, entries, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  file = args.file;
  if (t_end != NULL && !parse_time (t_end, &options.t_end))
    return lz_cli_usage_error (spec.name, _("“%s” is not a positive time in s"), t_end);
  if (sample != NULL && !parse_time (sample, &options.sample))
    return lz_cli_usage_error (spec.name, _("“%s” is not a positive time in s"), sample);

  assembly = lz_cli_load_assembly (file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;
  if (options.t_end > 0.0 && options.sample > options.t_end)
    return lz_cli_usage_error (spec.name, _("the sample step is longer than the time span"));
  if (options.t_end > 0.0 && options.sample > 0.0 && options.t_end / options.sample > 1e7)
    return lz_cli_usage_error (spec.name, _("more than 10⁷ samples: choose a longer --sample"));

  analysis = lz_program_analysis_new (assembly, &options, &error);
  if (analysis == NULL)
    return lz_cli_file_error (file, error);

  if (args.format == LZ_CLI_FORMAT_JSON)
    result = lz_program_analysis_to_json (analysis);
  else
    result = lz_program_analysis_to_text (analysis);
  status = lz_cli_write_output (spec.name, args.output, result);
  if (status != LZ_CLI_EXIT_OK)
    return status;

  if (!lz_program_analysis_is_realizable (analysis))
    {
      g_autofree char *display = g_filename_display_name (file);

      /* TRANSLATORS: %s is the model file, then the reason in words. */
      g_printerr (_("%s: the prescribed motion cannot be realized: %s\n"), display,
                  lz_program_analysis_get_failure (analysis));
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  if (csv != NULL)
    {
      g_autofree char *table = lz_program_analysis_to_csv (analysis);

      status = lz_cli_write_output (spec.name, csv, table);
    }
  return status;
}
