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
  g_auto(LzCliArgs) args = { 0 };
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autofree char *result = NULL;

  if (!lz_cli_args_parse (&args, &spec, NULL, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  assembly = lz_cli_load_assembly (args.file, &model);
  if (assembly == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;

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
