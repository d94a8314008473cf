/* main.c — luztar-cli, the batch and scripting interface
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "cli.h"

static const LzCliCommand commands[] = {
  { "check", N_("Validate a model file and print a one-line summary"), lz_cli_check },
  { "assemble", N_("Print M, C, K, f, W, the complementarity pairs and the LCS of a model"),
    lz_cli_assemble },
  { "run", N_("Simulate a model and write its trace and events"), lz_cli_run },
  { "reduce", N_("Diagnose a model with massless joints and reduce it (paper 002)"),
    lz_cli_reduce },
  { "program", N_("Classify a program motion and compute the actuator forces (paper 001)"),
    lz_cli_program },
  { "sweep", N_("Run a model over a parameter grid or Monte Carlo draws, a row of measures each"),
    lz_cli_sweep },
};

int
lz_cli_usage_error (const char *command,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (command != NULL)
    g_printerr ("luztar-cli %s: %s\n", command, message);
  else
    g_printerr ("luztar-cli: %s\n", message);
  /* TRANSLATORS: %s is the command to type, e.g. "luztar-cli --help". */
  g_printerr (_("Try “%s” for more information.\n"),
              command != NULL ? "luztar-cli COMMAND --help" : "luztar-cli --help");
  return LZ_CLI_EXIT_USAGE;
}

gboolean
lz_cli_parse_format (const char  *value,
                     LzCliFormat *format)
{
  if (strcmp (value, "text") == 0)
    *format = LZ_CLI_FORMAT_TEXT;
  else if (strcmp (value, "json") == 0)
    *format = LZ_CLI_FORMAT_JSON;
  else if (strcmp (value, "octave") == 0 || strcmp (value, "matlab") == 0)
    *format = LZ_CLI_FORMAT_OCTAVE;
  else
    return FALSE;
  return TRUE;
}

/* Loads FILE and assembles it; on failure says why on stderr (the
 * file's own messages name it) and returns NULL. */
LzAssembly *
lz_cli_load_assembly (const char  *file,
                      LzModel    **model_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load (file, &error);
  LzAssembly *assembly;

  *model_out = NULL;
  if (model == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  assembly = lz_assembly_new (model, &error);
  if (assembly == NULL)
    {
      g_autofree char *display = g_filename_display_name (file);

      g_printerr ("%s: %s\n", display, error->message);
      return NULL;
    }
  *model_out = g_steal_pointer (&model);
  return assembly;
}

int
lz_cli_write_output (const char *command,
                     const char *output,
                     const char *result)
{
  g_autoptr(GError) error = NULL;

  if (output == NULL || strcmp (output, "-") == 0)
    {
      fputs (result, stdout);
      return fflush (stdout) == 0 ? LZ_CLI_EXIT_OK : LZ_CLI_EXIT_BAD_INPUT;
    }
  if (!g_file_set_contents (output, result, -1, &error))
    {
      g_printerr ("luztar-cli %s: %s\n", command, error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  return LZ_CLI_EXIT_OK;
}

static void
print_help (void)
{
  /* TRANSLATORS: the usage line; keep the words in capitals as they are. */
  g_print (_("Usage: luztar-cli [--version] [--help] COMMAND [ARGUMENTS…]\n"));
  g_print ("\n");
  g_print (_("Build and simulate mechanical models with freeplay, dry friction and stops.\n"));
  g_print ("\n");
  g_print (_("Commands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-10s %s\n", commands[i].name, _(commands[i].summary));
  g_print ("\n");
  g_print (_("Options:\n"));
  g_print ("  %-10s %s\n", "--help", _("Show this help and exit"));
  g_print ("  %-10s %s\n", "--version", _("Show the version and exit"));
  g_print ("\n");
  g_print (_("Exit status:\n"));
  g_print ("  0  %s\n", _("success"));
  g_print ("  1  %s\n", _("usage error (unknown command or option, missing argument)"));
  g_print ("  2  %s\n", _("bad input (a malformed or inconsistent model, a failed run)"));
  g_print ("\n");
  /* TRANSLATORS: %s is "luztar-cli COMMAND --help". */
  g_print (_("Run “%s” for the options of a command.\n"), "luztar-cli COMMAND --help");
}

int
main (int argc, char *argv[])
{
  const char *name;

  lz_locale_init (LZ_LOCALE_DYNAMIC);
  gsl_set_error_handler_off ();
  g_set_prgname ("luztar-cli");

  if (argc < 2)
    return lz_cli_usage_error (NULL, _("no command given"));

  name = argv[1];
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help"))
    {
      print_help ();
      return LZ_CLI_EXIT_OK;
    }
  if (g_str_equal (name, "--version") || g_str_equal (name, "-V"))
    {
      g_print ("luztar-cli %s\n", PACKAGE_VERSION);
      return LZ_CLI_EXIT_OK;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return commands[i].func (argc - 1, argv + 1);

  if (name[0] == '-')
    return lz_cli_usage_error (NULL, _("unknown option “%s”"), name);
  return lz_cli_usage_error (NULL, _("unknown command “%s”"), name);
}
