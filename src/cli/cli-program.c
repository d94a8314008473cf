/* cli-program.c — luztar-cli program: prescribed motions, actuators and
 * the required control forces (paper 001)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"

static void
print_help (void)
{
  /* TRANSLATORS: the usage line of "luztar-cli program"; keep the words
   * in capitals as they are. */
  g_print (_("Usage: luztar-cli program [OPTION…] FILE\n"));
  g_print ("\n");
  g_print (_("Program motion (paper 001): the prescribed motions of the model are program\n"
             "constraints, its actuators control forces.  Prints how each constraint is\n"
             "realized (orthogonal, mixed or tangent) and through which elements, the\n"
             "index of the equations, and computes the required forces λ(t).\n"));
  g_print ("\n");
  g_print (_("Options:\n"));
  g_print ("  %-22s %s\n", "-t, --t-end T", _("End time in s (default: the model's t-end)"));
  g_print ("  %-22s %s\n", "-s, --sample DT", _("Time step of the λ(t) grid in s (default: the model's dt)"));
  g_print ("  %-22s %s\n", "    --out FILE", _("Write λ(t) as CSV (header t,<actuator id>,…) to FILE"));
  g_print ("  %-22s %s\n", "-f, --format FORMAT", _("text (default) or json"));
  g_print ("  %-22s %s\n", "-o, --output OUT", _("Write the analysis to OUT instead of standard output"));
  g_print ("  %-22s %s\n", "-h, --help", _("Show this help and exit"));
  g_print ("\n");
  g_print (_("Exit status:\n"));
  g_print ("  0  %s\n", _("success"));
  g_print ("  1  %s\n", _("usage error (unknown option or format, no file)"));
  g_print ("  2  %s\n", _("the model is invalid, has no prescribed motion or actuator, or the motion cannot be realized"));
}

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

/* The value of an option: "--name=value" or "--name value" / "-x value". */
static gboolean
option_value (const char  *arg,
              const char  *longname,
              const char  *shortname,
              int         *i,
              int          argc,
              char       **argv,
              const char **value,
              gboolean    *missing)
{
  gsize len = strlen (longname);

  *missing = FALSE;
  if (strncmp (arg, longname, len) == 0 && arg[len] == '=')
    {
      *value = arg + len + 1;
      return TRUE;
    }
  if (strcmp (arg, longname) == 0 || (shortname != NULL && strcmp (arg, shortname) == 0))
    {
      if (*i + 1 >= argc)
        {
          *missing = TRUE;
          return TRUE;
        }
      *value = argv[++*i];
      return TRUE;
    }
  return FALSE;
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
  const char *file = NULL, *output = NULL, *csv = NULL;
  LzCliFormat format = LZ_CLI_FORMAT_TEXT;
  gboolean options_done = FALSE;
  LzProgramOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzProgramAnalysis) analysis = NULL;
  g_autofree char *result = NULL;
  int status;

  lz_program_options_init (&options);
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i], *value = NULL;
      gboolean missing;

      if (!options_done && arg[0] == '-' && arg[1] != '\0')
        {
          if (strcmp (arg, "--") == 0)
            {
              options_done = TRUE;
              continue;
            }
          if (strcmp (arg, "-h") == 0 || strcmp (arg, "--help") == 0)
            {
              print_help ();
              return LZ_CLI_EXIT_OK;
            }
          if (option_value (arg, "--format", "-f", &i, argc, argv, &value, &missing))
            {
              if (missing)
                return lz_cli_usage_error ("program", _("option “%s” needs a value"), arg);
              if (!lz_cli_parse_format (value, &format) || format == LZ_CLI_FORMAT_OCTAVE)
                return lz_cli_usage_error ("program", _("unknown format “%s” (use text or json)"), value);
              continue;
            }
          if (option_value (arg, "--t-end", "-t", &i, argc, argv, &value, &missing))
            {
              if (missing)
                return lz_cli_usage_error ("program", _("option “%s” needs a value"), arg);
              if (!parse_time (value, &options.t_end))
                return lz_cli_usage_error ("program", _("“%s” is not a positive time in s"), value);
              continue;
            }
          if (option_value (arg, "--sample", "-s", &i, argc, argv, &value, &missing))
            {
              if (missing)
                return lz_cli_usage_error ("program", _("option “%s” needs a value"), arg);
              if (!parse_time (value, &options.sample))
                return lz_cli_usage_error ("program", _("“%s” is not a positive time in s"), value);
              continue;
            }
          if (option_value (arg, "--out", NULL, &i, argc, argv, &value, &missing))
            {
              if (missing)
                return lz_cli_usage_error ("program", _("option “%s” needs a value"), arg);
              csv = value;
              continue;
            }
          if (option_value (arg, "--output", "-o", &i, argc, argv, &value, &missing))
            {
              if (missing)
                return lz_cli_usage_error ("program", _("option “%s” needs a value"), arg);
              output = value;
              continue;
            }
          return lz_cli_usage_error ("program", _("unknown option “%s”"), arg);
        }
      if (file != NULL)
        return lz_cli_usage_error ("program", _("only one model file, please (got “%s” and “%s”)"),
                                   file, arg);
      file = arg;
    }
  if (file == NULL)
    return lz_cli_usage_error ("program", _("no model file given"));

  assembly = lz_cli_load_assembly (file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;
  if (options.t_end > 0.0 && options.sample > options.t_end)
    return lz_cli_usage_error ("program", _("the sample step is longer than the time span"));
  if (options.t_end > 0.0 && options.sample > 0.0 && options.t_end / options.sample > 1e7)
    return lz_cli_usage_error ("program", _("more than 10⁷ samples: choose a longer --sample"));

  analysis = lz_program_analysis_new (assembly, &options, &error);
  if (analysis == NULL)
    {
      g_autofree char *display = g_filename_display_name (file);

      g_printerr ("%s: %s\n", display, error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }

  if (format == LZ_CLI_FORMAT_JSON)
    result = lz_program_analysis_to_json (analysis);
  else
    result = lz_program_analysis_to_text (analysis);
  status = lz_cli_write_output ("program", output, result);
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

      status = lz_cli_write_output ("program", csv, table);
    }
  return status;
}
