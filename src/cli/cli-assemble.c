/* cli-assemble.c — luztar-cli assemble: M, C, K, f, W, the pairs and the LCS
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"

static const LzCliSpec spec = {
  .name = "assemble",
  .summary = N_("Assemble a model: the mass, damping and stiffness matrices M, C, K, the load\n"
                "f(t), the directions W of the nonsmooth elements, the complementarity pairs\n"
                "and, when M is regular, the linear complementarity system\n"
                "x' = A x + B u + e(t), y = C x + D u + d(t), 0 ≤ y ⊥ u ≥ 0.\n"),
  .exit_usage = N_("usage error (unknown option or format, no file)"),
  .exit_bad = N_("the model is invalid, or the output cannot be written"),
  .flags = LZ_CLI_ONE_FILE | LZ_CLI_OPTION_FORMAT | LZ_CLI_OPTION_OCTAVE | LZ_CLI_OPTION_OUTPUT,
};

/* The number of nonzero entries of X. */
static gsize
count_nonzeros (const gsl_spmatrix *X)
{
  gsize count = 0;

  for (gsize k = 0; k < X->nz; k++)
    count += X->data[k] != 0.0;
  return count;
}

/* The sizes of the assembly and the nonzeros of M, C, K and W, from the
 * sparse matrices only: what a model of 10⁵ bodies can print. */
static char *
summarize (const LzAssembly *assembly)
{
  GString *out = g_string_new (NULL);
  guint n = lz_assembly_get_n_dofs (assembly), nr = lz_assembly_get_n_nonsmooth (assembly);
  const struct
  {
    const char         *name;
    guint               rows;
    const gsl_spmatrix *X;
  } matrices[] = {
    { "M", n, lz_assembly_get_M_sparse (assembly) },
    { "C", n, lz_assembly_get_C_sparse (assembly) },
    { "K", n, lz_assembly_get_K_sparse (assembly) },
    { "W", nr, lz_assembly_get_W_sparse (assembly) },
  };

  g_string_append_printf (out, _("dofs %u, nonsmooth elements %u, complementarity pairs %u\n"),
                          n, nr, lz_assembly_get_n_pairs (assembly));
  for (guint i = 0; i < G_N_ELEMENTS (matrices); i++)
    /* TRANSLATORS: a matrix, its rows × columns and how many of its entries are not 0 */
    g_string_append_printf (out, _("%s: %u × %u, %u nonzeros\n"), matrices[i].name,
                            matrices[i].rows, n, (guint) count_nonzeros (matrices[i].X));
  return g_string_free (out, FALSE);
}

/**
 * lz_cli_assemble:
 * @argc: number of arguments, argv[0] being "assemble"
 * @argv: the arguments
 *
 * `luztar-cli assemble [--format text|json|octave] [--summary] [-o OUT] FILE`.
 *
 * Returns: 0 on success, 1 on a usage error, 2 for a bad model or an
 *   output that cannot be written
 */
int
lz_cli_assemble (int    argc,
                 char **argv)
{
  g_auto(LzCliArgs) args = { 0 };
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autofree char *result = NULL;
  gboolean summary = FALSE;
  const GOptionEntry entries[] = {
    { "summary", 0, 0, G_OPTION_ARG_NONE, &summary,
      N_("Print only the sizes and the nonzeros of M, C, K and W (text)"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!lz_cli_args_parse (&args, &spec, entries, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  if (summary && args.format != LZ_CLI_FORMAT_TEXT)
    return lz_cli_usage_error (spec.name, _("--summary is written as text only"));
  assembly = lz_cli_load_assembly (args.file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

  if (summary)
    return lz_cli_write_output (spec.name, args.output, result = summarize (assembly));
  switch (args.format)
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

  return lz_cli_write_output (spec.name, args.output, result);
}
