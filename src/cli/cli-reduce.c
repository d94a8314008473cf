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

static const LzCliSpec spec = {
  .name = "reduce",
  .summary = N_("Diagnose and reduce a model with massless joints (singular M, paper 002):\n"
                "the pencil test det(λ²M + λC + K) ≠ 0, the assumptions (4.1)–(4.7), the\n"
                "matrix S with q = S q̃, the reduced M̃ = SᵀMS, C̃ = SᵀCS, K̃ = SᵀKS and\n"
                "f̃ = Sᵀf, and the Jordan structure of the first-order system.\n"),
  .description = N_("The analysis is printed whether or not the model reduces; its first lines\n"
                    "say which case it is and why.\n"),
  .exit_usage = N_("usage error (unknown option or format, no file)"),
  .exit_bad = N_("the model is invalid, or the output cannot be written"),
  .flags = LZ_CLI_ONE_FILE | LZ_CLI_OPTION_FORMAT | LZ_CLI_OPTION_OCTAVE | LZ_CLI_OPTION_OUTPUT,
};

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
  g_auto(LzCliArgs) args = { 0 };
  g_autofree char *write = NULL;
  g_autofree char *level = NULL;
  const GOptionEntry entries[] = {
    { "write", 'w', 0, G_OPTION_ARG_FILENAME, &write,
      N_("Write the reduced model (massless joints eliminated in closed form) to MODEL"), "MODEL" },
    { "simplify", 's', 0, G_OPTION_ARG_STRING, &level,
      N_("Simplify a gear train first (paper 003, §4): 1 weightless gears, 2 also "
         "frictionless bearings, 3 also rigid teeth without freeplay"), "N" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzReduction) reduction = NULL;
  g_autoptr(LzModel) reduced = NULL;
  g_autoptr(LzAssembly) reduced_assembly = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *result = NULL;
  guint simplify = 0;

  if (!lz_cli_args_parse (&args, &spec, entries, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  if (level != NULL)
    {
      if (strcmp (level, "1") != 0 && strcmp (level, "2") != 0 && strcmp (level, "3") != 0)
        return lz_cli_usage_error (spec.name, _("“%s” is not a simplification: use 1, 2 or 3"),
                                   level);
      simplify = level[0] - '0';
    }

  assembly = lz_cli_load_assembly (args.file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

  reduction = lz_reduction_new_for_assembly (assembly);
  if (simplify > 0)
    reduced = lz_model_simplify_gear_train (model, simplify, notes, &error);
  else
    reduced = lz_model_eliminate_joints (model, notes);
  if (reduced == NULL)
    return lz_cli_file_error (args.file, error);
  name_reduced (reduced, model, notes);
  reduced_assembly = lz_assembly_new (reduced, &error);
  if (reduced_assembly == NULL)
    return lz_cli_command_error (spec.name, error);
  switch (args.format)
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
    return lz_cli_command_error (spec.name, error);

  return lz_cli_write_output (spec.name, args.output, result);
}
