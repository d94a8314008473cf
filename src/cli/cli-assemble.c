/* cli-assemble.c — luztar-cli assemble: M, C, K, f, W, the pairs and the LCS
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"

static void
print_help (void)
{
  /* TRANSLATORS: the usage line of "luztar-cli assemble"; keep the words
   * in capitals as they are. */
  g_print (_("Usage: luztar-cli assemble [OPTION…] FILE\n"));
  g_print ("\n");
  g_print (_("Assemble a model: the mass, damping and stiffness matrices M, C, K, the load\n"
             "f(t), the directions W of the nonsmooth elements, the complementarity pairs\n"
             "and, when M is regular, the linear complementarity system\n"
             "x' = A x + B u + e(t), y = C x + D u + d(t), 0 ≤ y ⊥ u ≥ 0.\n"));
  g_print ("\n");
  g_print (_("Options:\n"));
  g_print ("  %-22s %s\n", "-f, --format FORMAT",
           _("text (default), json or octave"));
  g_print ("  %-22s %s\n", "-o, --output OUT", _("Write to OUT instead of standard output"));
  g_print ("  %-22s %s\n", "-h, --help", _("Show this help and exit"));
  g_print ("\n");
  g_print (_("Exit status:\n"));
  g_print ("  0  %s\n", _("success"));
  g_print ("  1  %s\n", _("usage error (unknown option or format, no file)"));
  g_print ("  2  %s\n", _("the model is invalid, or the output cannot be written"));
}

/**
 * lz_cli_assemble:
 * @argc: number of arguments, argv[0] being "assemble"
 * @argv: the arguments
 *
 * `luztar-cli assemble [--format text|json|octave] [-o OUT] FILE`.
 *
 * Returns: 0 on success, 1 on a usage error, 2 for a bad model or an
 *   output that cannot be written
 */
int
lz_cli_assemble (int    argc,
                 char **argv)
{
  const char *file = NULL;
  const char *output = NULL;
  LzCliFormat format = LZ_CLI_FORMAT_TEXT;
  gboolean options_done = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autofree char *result = NULL;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];

      if (!options_done && arg[0] == '-' && arg[1] != '\0')
        {
          const char *value = NULL;

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
          if (g_str_has_prefix (arg, "--format="))
            value = arg + strlen ("--format=");
          else if (strcmp (arg, "-f") == 0 || strcmp (arg, "--format") == 0)
            {
              if (++i >= argc)
                return lz_cli_usage_error ("assemble", _("option “%s” needs a value"), arg);
              value = argv[i];
            }
          if (value != NULL)
            {
              if (!lz_cli_parse_format (value, &format))
                return lz_cli_usage_error ("assemble",
                                           _("unknown format “%s” (use text, json or octave)"),
                                           value);
              continue;
            }
          if (g_str_has_prefix (arg, "--output="))
            {
              output = arg + strlen ("--output=");
              continue;
            }
          if (strcmp (arg, "-o") == 0 || strcmp (arg, "--output") == 0)
            {
              if (++i >= argc)
                return lz_cli_usage_error ("assemble", _("option “%s” needs a value"), arg);
              output = argv[i];
              continue;
            }
          return lz_cli_usage_error ("assemble", _("unknown option “%s”"), arg);
        }
      if (file != NULL)
        return lz_cli_usage_error ("assemble", _("only one model file, please (got “%s” and “%s”)"),
                                   file, arg);
      file = arg;
    }
  if (file == NULL)
    return lz_cli_usage_error ("assemble", _("no model file given"));

  assembly = lz_cli_load_assembly (file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

  switch (format)
    {
    case LZ_CLI_FORMAT_JSON:
      result = lz_assembly_to_json (assembly);
      break;
    case LZ_CLI_FORMAT_OCTAVE:
      result = lz_assembly_to_octave (assembly);
      break;
    case LZ_CLI_FORMAT_TEXT:
    default:
      result = lz_assembly_to_text (assembly);
      break;
    }

  return lz_cli_write_output ("assemble", output, result);
}
