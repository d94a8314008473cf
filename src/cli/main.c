/* main.c — luztar-cli, the batch and scripting interface
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

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

static void
print_help (void)
{
  g_autoptr(GString) exit_status = g_string_new (NULL);

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
  lz_cli_append_exit_status (exit_status, NULL,
                             _("usage error (unknown command or option, missing argument)"),
                             _("bad input (a malformed or inconsistent model, a failed run)"));
  g_print ("%s\n", exit_status->str);
  /* TRANSLATORS: %s is "luztar-cli COMMAND --help". */
  g_print (_("Run “%s” for the options of a command.\n"), "luztar-cli COMMAND --help");
}

/* What went to standard output must have arrived: a full disk or a closed
 * pipe is a failure with a message, not a silent exit 0. */
static int
finish_output (int code)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      int saved = errno;

      g_printerr ("luztar-cli: ");
      /* TRANSLATORS: %s is the system's reason, e.g. "No space left on device" */
      g_printerr (_("cannot write the standard output: %s"), g_strerror (saved != 0 ? saved : EIO));
      g_printerr ("\n");
      return code == LZ_CLI_EXIT_OK ? LZ_CLI_EXIT_BAD_INPUT : code;
    }
  return code;
}

int
main (int argc, char *argv[])
{
  const char *name;

  lz_locale_init (LZ_LOCALE_DYNAMIC);
  gsl_set_error_handler_off ();

  name = argc < 2 ? "" : argv[1];
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      {
        /* "luztar-cli run" in the usage line of the command's --help */
        g_autofree char *prgname = g_strconcat ("luztar-cli ", name, NULL);

        g_set_prgname (prgname);
        return finish_output (commands[i].func (argc - 1, argv + 1));
      }

  g_set_prgname ("luztar-cli");
  if (argc < 2)
    return lz_cli_usage_error (NULL, _("no command given"));
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

  if (name[0] == '-')
    return lz_cli_usage_error (NULL, _("unknown option “%s”"), name);
  return lz_cli_usage_error (NULL, _("unknown command “%s”"), name);
}
