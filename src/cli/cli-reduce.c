/* cli-reduce.c — luztar-cli reduce: the pencil test and the reduction of a
 * model with massless joints (paper 002)
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
  /* TRANSLATORS: the usage line of "luztar-cli reduce"; keep the words
   * in capitals as they are. */
  g_print (_("Usage: luztar-cli reduce [OPTION…] FILE\n"));
  g_print ("\n");
  g_print (_("Diagnose and reduce a model with massless joints (singular M, paper 002):\n"
             "the pencil test det(λ²M + λC + K) ≠ 0, the assumptions (4.1)–(4.7), the\n"
             "matrix S with q = S q̃, the reduced M̃ = SᵀMS, C̃ = SᵀCS, K̃ = SᵀKS and\n"
             "f̃ = Sᵀf, and the Jordan structure of the first-order system.\n"));
  g_print ("\n");
  g_print (_("Options:\n"));
  g_print ("  %-22s %s\n", "-f, --format FORMAT",
           _("text (default), json or octave"));
  g_print ("  %-22s %s\n", "-o, --output OUT", _("Write to OUT instead of standard output"));
  g_print ("  %-22s %s\n", "-w, --write MODEL",
           _("Write the reduced model (massless joints eliminated in closed form) to MODEL"));
  g_print ("  %-22s %s\n", "-s, --simplify N",
           _("Simplify a gear train first (paper 003, §4): 1 weightless gears, 2 also\n"
             "                         frictionless bearings, 3 also rigid teeth without freeplay"));
  g_print ("  %-22s %s\n", "-h, --help", _("Show this help and exit"));
  g_print ("\n");
  g_print (_("Exit status:\n"));
  g_print ("  0  %s\n", _("success"));
  g_print ("  1  %s\n", _("usage error (unknown option or format, no file)"));
  g_print ("  2  %s\n", _("the model is invalid, or the output cannot be written"));
  g_print ("\n");
  g_print (_("The analysis is printed whether or not the model reduces; its first lines\n"
             "say which case it is and why.\n"));
}

/* The reduced model says where it comes from. */
static void
name_reduced (LzModel       *reduced,
              const LzModel *model,
              GPtrArray     *notes)
{
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *name = NULL;

  /* TRANSLATORS: the name of a reduced model: the original model's name */
  name = g_strdup_printf (_("%s (reduced)"), lz_model_get_name (model));
  lz_model_set_name (reduced, name);
  for (guint i = 0; i < notes->len; i++)
    g_string_append_printf (description, "%s\n", (char *) notes->pdata[i]);
  if (lz_model_get_description (model) != NULL && *lz_model_get_description (model) != '\0')
    g_string_append_printf (description, "\n%s", lz_model_get_description (model));
  lz_model_set_description (reduced, description->str);
}

/* The closed-form eliminations and the reduced model's equations after
 * the analysis. */
static char *
with_model_text (char             *analysis,
                 const LzAssembly *reduced,
                 GPtrArray        *notes)
{
  GString *out = g_string_new (analysis);

  g_free (analysis);
  g_string_append_c (out, '\n');
  g_string_append (out, _("Closed-form elimination (papers 000 and 003)"));
  g_string_append_c (out, '\n');
  for (guint i = 0; i < notes->len; i++)
    g_string_append_printf (out, "  %s\n", (char *) notes->pdata[i]);
  if (notes->len == 0)
    g_string_append_printf (out, "  %s\n", _("No massless body to eliminate."));
  g_string_append_c (out, '\n');
  g_string_append (out, _("Equations of the reduced model"));
  g_string_append_c (out, '\n');
  for (guint i = 0; i < lz_assembly_get_n_dofs (reduced); i++)
    {
      g_autofree char *equation = lz_assembly_dup_equation (reduced, i);

      g_string_append_printf (out, "  %s\n", equation);
    }
  return g_string_free (out, FALSE);
}

/* "model": {"bodies": [...], "notes": [...], "equations": [...]} added to
 * the analysis's JSON object. */
static char *
with_model_json (char             *analysis,
                 const LzAssembly *reduced,
                 GPtrArray        *notes)
{
  GString *out = g_string_new (analysis);
  char *end = strrchr (out->str, '}');

  g_free (analysis);
  g_string_truncate (out, end - out->str);
  while (out->len > 0 && (out->str[out->len - 1] == '\n' || out->str[out->len - 1] == ' '))
    g_string_truncate (out, out->len - 1);
  g_string_append (out, ",\n  \"model\": {\"bodies\": [");
  for (guint i = 0; i < lz_assembly_get_n_dofs (reduced); i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      lz_export_json_string (out, lz_assembly_get_dof_name (reduced, i));
    }
  g_string_append (out, "],\n    \"notes\": [");
  for (guint i = 0; i < notes->len; i++)
    {
      if (i > 0)
        g_string_append (out, ",\n      ");
      lz_export_json_string (out, notes->pdata[i]);
    }
  g_string_append (out, "],\n    \"equations\": [");
  for (guint i = 0; i < lz_assembly_get_n_dofs (reduced); i++)
    {
      g_autofree char *equation = lz_assembly_dup_equation (reduced, i);

      if (i > 0)
        g_string_append (out, ",\n      ");
      lz_export_json_string (out, equation);
    }
  g_string_append (out, "]}\n}\n");
  return g_string_free (out, FALSE);
}

/**
 * lz_cli_reduce:
 * @argc: number of arguments, argv[0] being "reduce"
 * @argv: the arguments
 *
 * `luztar-cli reduce [--format text|json|octave] [-o OUT] [--write MODEL]
 *  [--simplify N] FILE`.
 *
 * Returns: 0 on success, 1 on a usage error, 2 for a bad model or an
 *   output that cannot be written
 */
int
lz_cli_reduce (int    argc,
                 char **argv)
{
  const char *file = NULL;
  const char *output = NULL;
  LzCliFormat format = LZ_CLI_FORMAT_TEXT;
  gboolean options_done = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzReduction) reduction = NULL;
  g_autoptr(LzModel) reduced = NULL;
  g_autoptr(LzAssembly) reduced_assembly = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *result = NULL;
  const char *write = NULL;
  guint simplify = 0;

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
                return lz_cli_usage_error ("reduce", _("option “%s” needs a value"), arg);
              value = argv[i];
            }
          if (value != NULL)
            {
              if (!lz_cli_parse_format (value, &format))
                return lz_cli_usage_error ("reduce",
                                           _("unknown format “%s” (use text, json or octave)"),
                                           value);
              continue;
            }
          if (g_str_has_prefix (arg, "--write=") || strcmp (arg, "-w") == 0 || strcmp (arg, "--write") == 0)
            {
              if (arg[1] == '-' && arg[7] == '=')
                write = arg + strlen ("--write=");
              else if (++i >= argc)
                return lz_cli_usage_error ("reduce", _("option “%s” needs a value"), arg);
              else
                write = argv[i];
              continue;
            }
          if (g_str_has_prefix (arg, "--simplify=") || strcmp (arg, "-s") == 0
              || strcmp (arg, "--simplify") == 0)
            {
              const char *level;

              if (arg[1] == '-' && arg[10] == '=')
                level = arg + strlen ("--simplify=");
              else if (++i >= argc)
                return lz_cli_usage_error ("reduce", _("option “%s” needs a value"), arg);
              else
                level = argv[i];
              if (strcmp (level, "1") != 0 && strcmp (level, "2") != 0 && strcmp (level, "3") != 0)
                return lz_cli_usage_error ("reduce", _("“%s” is not a simplification: use 1, 2 or 3"),
                                           level);
              simplify = level[0] - '0';
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
                return lz_cli_usage_error ("reduce", _("option “%s” needs a value"), arg);
              output = argv[i];
              continue;
            }
          return lz_cli_usage_error ("reduce", _("unknown option “%s”"), arg);
        }
      if (file != NULL)
        return lz_cli_usage_error ("reduce", _("only one model file, please (got “%s” and “%s”)"),
                                   file, arg);
      file = arg;
    }
  if (file == NULL)
    return lz_cli_usage_error ("reduce", _("no model file given"));

  assembly = lz_cli_load_assembly (file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

  reduction = lz_reduction_new_for_assembly (assembly);
  if (simplify > 0)
    reduced = lz_model_simplify_gear_train (model, simplify, notes, &error);
  else
    reduced = lz_model_eliminate_joints (model, notes);
  if (reduced == NULL)
    {
      g_autofree char *display = g_filename_display_name (file);

      g_printerr ("%s: %s\n", display, error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  name_reduced (reduced, model, notes);
  reduced_assembly = lz_assembly_new (reduced, &error);
  if (reduced_assembly == NULL)
    {
      g_printerr ("luztar-cli reduce: %s\n", error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  switch (format)
    {
    case LZ_CLI_FORMAT_JSON:
      result = with_model_json (lz_reduction_to_json (reduction), reduced_assembly, notes);
      break;
    case LZ_CLI_FORMAT_OCTAVE:
      result = lz_reduction_to_octave (reduction);
      break;
    case LZ_CLI_FORMAT_TEXT:
    default:
      result = with_model_text (lz_reduction_to_text (reduction), reduced_assembly, notes);
      break;
    }
  if (write != NULL && !lz_model_save (reduced, write, &error))
    {
      g_printerr ("luztar-cli reduce: %s\n", error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }

  return lz_cli_write_output ("reduce", output, result);
}
