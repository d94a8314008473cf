/* cli-common.c — what the commands of luztar-cli share: the option
 * parser, the messages of failures, loading a model, writing the output
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli-limits.h"
#include "cli.h"

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

int
lz_cli_file_error (const char   *file,
                   const GError *error)
{
  g_autofree char *display = g_filename_display_name (file);
  g_autofree char *message = lz_cli_limits_message (error->domain, error->code, error->message);

  g_printerr ("%s: %s\n", display, message);
  return LZ_CLI_EXIT_BAD_INPUT;
}

int
lz_cli_command_error (const char   *command,
                      const GError *error)
{
  g_autofree char *message = lz_cli_limits_message (error->domain, error->code, error->message);

  g_printerr ("luztar-cli %s: %s\n", command, message);
  return LZ_CLI_EXIT_BAD_INPUT;
}

void
lz_cli_append_exit_status (GString    *out,
                           const char *ok,
                           const char *usage,
                           const char *bad)
{
  g_string_append (out, _("Exit status:\n"));
  g_string_append_printf (out, "  0  %s\n", ok != NULL ? ok : _("success"));
  g_string_append_printf (out, "  1  %s\n", usage);
  g_string_append_printf (out, "  2  %s\n", bad);
}

/* "text", "json", "octave" (or "matlab"); FALSE for anything else. */
static gboolean
parse_format (const char  *value,
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

/* The help's texts, already translated: the catalog does not know them
 * and the context's translation leaves them as they are. */
static void
describe (GOptionContext  *context,
          const LzCliSpec *spec)
{
  g_autofree char *summary = g_strdup (_(spec->summary));
  g_autoptr(GString) description = g_string_new (NULL);

  g_option_context_set_summary (context, g_strchomp (summary));
  if (spec->description != NULL)
    {
      g_autofree char *more = g_strdup (_(spec->description));

      g_string_append (description, g_strchomp (more));
      g_string_append (description, "\n\n");
    }
  lz_cli_append_exit_status (description, spec->exit_ok != NULL ? _(spec->exit_ok) : NULL,
                             _(spec->exit_usage), _(spec->exit_bad));
  /* the help puts a newline after the description itself */
  g_string_truncate (description, description->len - 1);
  g_option_context_set_description (context, description->str);
}

/* What g_option_context_parse() refused, in the words of the commands. */
static gboolean
refuse (const LzCliSpec *spec,
        const GError    *error,
        const char      *last)
{
  /* GLib says "Missing argument for -f" only of the last argument; a
   * value glued to a short option ("-j1") is refused in GLib's words,
   * and LAST is then not the option. */
  if (g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE) && last != NULL && last[0] == '-')
    lz_cli_usage_error (spec->name, _("option “%s” needs a value"), last);
  else
    lz_cli_usage_error (spec->name, "%s", error->message);
  return FALSE;
}

gboolean
lz_cli_args_parse (LzCliArgs          *args,
                   const LzCliSpec    *spec,
                   const GOptionEntry *entries,
                   int                 argc,
                   char              **argv)
{
  LzCliFlags flags = spec->flags;
  GOptionEntry shared[4] = { G_OPTION_ENTRY_NULL };
  GOptionEntry files[2] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args->files, NULL,
      (flags & LZ_CLI_ONE_FILE) ? N_("FILE") : N_("FILE…") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  const char *last = argv[argc - 1];
  guint n = 0;

  memset (args, 0, sizeof *args);
  args->spec = spec;
  if (flags & LZ_CLI_OPTION_FORMAT)
    shared[n++] = (GOptionEntry) {
      "format", 'f', 0, G_OPTION_ARG_STRING, &args->format_name,
      (flags & LZ_CLI_OPTION_OCTAVE) ? N_("text (default), json or octave")
                                     : N_("text (default) or json"),
      "FORMAT"
    };
  if (flags & LZ_CLI_OPTION_OUTPUT)
    shared[n++] = (GOptionEntry) {
      "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("Write to OUT instead of standard output"), "OUT"
    };

  g_option_context_add_main_entries (context, shared, GETTEXT_PACKAGE);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, files, GETTEXT_PACKAGE);
  describe (context, spec);
  /* Unknown options stay in argv, to be named as the commands always did. */
  g_option_context_set_ignore_unknown_options (context, TRUE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return refuse (spec, error, last);
  if (argc > 1)
    {
      lz_cli_usage_error (spec->name, _("unknown option “%s”"), argv[1]);
      return FALSE;
    }

  if (args->format_name != NULL
      && (!parse_format (args->format_name, &args->format)
          || (args->format == LZ_CLI_FORMAT_OCTAVE && !(flags & LZ_CLI_OPTION_OCTAVE))))
    {
      if (flags & LZ_CLI_OPTION_OCTAVE)
        lz_cli_usage_error (spec->name, _("unknown format “%s” (use text, json or octave)"),
                            args->format_name);
      else
        lz_cli_usage_error (spec->name, _("unknown format “%s” (use text or json)"),
                            args->format_name);
      return FALSE;
    }

  if (args->files == NULL || args->files[0] == NULL)
    {
      lz_cli_usage_error (spec->name, _("no model file given"));
      return FALSE;
    }
  if ((flags & LZ_CLI_ONE_FILE) && args->files[1] != NULL)
    {
      lz_cli_usage_error (spec->name, _("only one model file, please (got “%s” and “%s”)"),
                          args->files[0], args->files[1]);
      return FALSE;
    }
  args->file = args->files[0];
  return TRUE;
}

void
lz_cli_args_clear (LzCliArgs *args)
{
  g_clear_pointer (&args->format_name, g_free);
  g_clear_pointer (&args->output, g_free);
  g_clear_pointer (&args->files, g_strfreev);
  args->file = NULL;
}

void
lz_cli_entries_free (GOptionEntry *entries)
{
  for (const GOptionEntry *e = entries; e != NULL && e->long_name != NULL; e++)
    {
      if (e->arg == G_OPTION_ARG_STRING || e->arg == G_OPTION_ARG_FILENAME)
        g_clear_pointer ((char **) e->arg_data, g_free);
      else if (e->arg == G_OPTION_ARG_STRING_ARRAY || e->arg == G_OPTION_ARG_FILENAME_ARRAY)
        g_clear_pointer ((char ***) e->arg_data, g_strfreev);
    }
  g_free (entries);
}

int
lz_cli_write_output (const char *command,
                     const char *output,
                     const char *result)
{
  g_autoptr(GError) error = NULL;

  if (output == NULL || strcmp (output, "-") == 0)
    {
      /* a full or closed standard output is checked by main() */
      fputs (result, stdout);
      return LZ_CLI_EXIT_OK;
    }
  if (!lz_file_replace (output, result, -1, &error))
    return lz_cli_command_error (command, error);
  return LZ_CLI_EXIT_OK;
}

LzModel *
lz_cli_load_model (const char *file)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_load (file, &error);

  /* the loader's messages name the file and the line */
  if (model == NULL)
    g_printerr ("%s\n", error->message);
  return model;
}

LzAssembly *
lz_cli_load_assembly (const char  *file,
                      LzModel    **model_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_cli_load_model (file);
  LzAssembly *assembly;

  *model_out = NULL;
  if (model == NULL)
    return NULL;
  assembly = lz_assembly_new (model, &error);
  if (assembly == NULL)
    {
      lz_cli_file_error (file, error);
      return NULL;
    }
  *model_out = g_steal_pointer (&model);
  return assembly;
}

gboolean
lz_cli_parse_number (const char *command,
                     const char *option,
                     const char *text,
                     double     *value)
{
  if (text == NULL)
    return TRUE;
  if (lz_number_parse (text, FALSE, value) && isfinite (*value))
    return TRUE;
  lz_cli_usage_error (command, _("option “%s” needs a number, got “%s”"), option, text);
  return FALSE;
}

gboolean
lz_cli_parse_count (const char *command,
                    const char *option,
                    const char *text,
                    guint64     scale,
                    guint64    *value)
{
  guint64 n;

  if (text == NULL)
    return TRUE;
  if (g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT64 / scale, &n, NULL))
    {
      *value = n * scale;
      return TRUE;
    }
  {
    /* a 64-bit count as text: a format macro cannot go into a msgid */
    g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64 / scale);

    lz_cli_usage_error (command, _("option “%s” needs a whole number from 1 to %s, got “%s”"),
                        option, max, text);
  }
  return FALSE;
}

const LzIntegratorType *
lz_cli_method (const char    *command,
               const char    *name,
               const LzModel *model)
{
  const char *method = name != NULL ? name : lz_method_to_string (lz_model_get_simulation (model)->method);

  if (strcmp (method, "timestep") == 0)
    return lz_integrator_timestep;
  if (strcmp (method, "event") == 0)
    return lz_integrator_event;
  lz_cli_usage_error (command, _("unknown method “%s” (use timestep or event)"), method);
  return NULL;
}
