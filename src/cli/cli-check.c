/* cli-check.c — luztar-cli check: validate model files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads each file with every check of the core loader (XML, schema,
 * ranges, references, inertia paths) and prints a one-line summary of a
 * good model or the loader's "FILE:LINE: message" lines for a bad one.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"

static const LzCliSpec spec = {
  .name = "check",
  .summary = N_("Validate model files: XML syntax, the RELAX NG schema, parameter ranges,\n"
                "references between items and that every body has inertia or stiffness.\n"),
  /* TRANSLATORS: the second line is an example output line; translate the
   * words, keep the form. */
  .description = N_("For a valid file, print one line:\n"
                    "  FILE: ok — “NAME”: 2 bodies, 3 elements (2 springs, 1 stop), "
                    "3 complementarity pairs\n"
                    "For an invalid file, print every problem on standard error as\n"
                    "FILE:LINE: message."),
  .exit_ok = N_("every file is a valid model"),
  .exit_usage = N_("usage error (unknown option, no file)"),
  .exit_bad = N_("a file is invalid or cannot be read"),
};

/* A plural pair of a table, extracted by xgettext (--keyword=NP_:1,2 in
 * po/meson.build and tests/check-translation.sh) and translated with
 * ngettext() where it is used. */
#define NP_(one, many) { one, many }

/* How a count of each kind of item is said, by LzItemKind. */
static const char *const kind_counts[LZ_ITEM_N_KINDS][2] = {
  [LZ_ITEM_SPRING] = NP_("%u spring", "%u springs"),
  [LZ_ITEM_DAMPER] = NP_("%u damper", "%u dampers"),
  [LZ_ITEM_FRICTION] = NP_("%u friction element", "%u friction elements"),
  [LZ_ITEM_STOP] = NP_("%u stop", "%u stops"),
  [LZ_ITEM_GEAR] = NP_("%u gear", "%u gears"),
  [LZ_ITEM_CONTACT] = NP_("%u damped contact", "%u damped contacts"),
  [LZ_ITEM_BACKLASH] = NP_("%u backlash", "%u backlashes"),
  [LZ_ITEM_FORCE] = NP_("%u force", "%u forces"),
  [LZ_ITEM_PRESCRIBED] = NP_("%u prescribed motion", "%u prescribed motions"),
  [LZ_ITEM_ACTUATOR] = NP_("%u actuator", "%u actuators"),
};

/* "1 spring, 2 stops": the kinds present, in the order of LzItemKind. */
static char *
describe_kinds (const LzModel *model,
                LzItemKind     first,
                LzItemKind     last)
{
  GString *out = g_string_new (NULL);

  for (LzItemKind kind = first; kind <= last; kind++)
    {
      guint n = lz_model_count_kind (model, kind);
      const char *const *words = kind_counts[kind];

      if (n == 0)
        continue;
      g_assert (words[0] != NULL);
      if (out->len > 0)
        g_string_append (out, ", ");
      /* not a literal, but a msgid pair of the table: xgettext marks it
       * c-format and msgfmt --check holds each translation to its %u */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      g_string_append_printf (out, ngettext (words[0], words[1], n), n);
#pragma GCC diagnostic pop
    }
  return g_string_free (out, FALSE);
}

/* The one-line summary of a valid model (without the file name). */
static char *
summarize (const LzModel *model)
{
  GString *out = g_string_new (NULL);
  guint n_bodies = lz_model_get_n_bodies (model);
  guint n_elements = lz_model_get_n_elements (model);
  guint n_sources = lz_model_get_n_sources (model);
  guint n_pairs = lz_model_count_pairs (model);
  g_autofree char *elements = describe_kinds (model, LZ_ITEM_SPRING, LZ_ITEM_BACKLASH);

  if (*lz_model_get_name (model) != '\0')
    {
      g_string_append_printf (out, C_("id", "“%s”"), lz_model_get_name (model));
      g_string_append (out, ": ");
    }
  g_string_append_printf (out, ngettext ("%u body", "%u bodies", n_bodies), n_bodies);
  g_string_append (out, ", ");
  g_string_append_printf (out, ngettext ("%u element", "%u elements", n_elements), n_elements);
  if (n_elements > 0)
    g_string_append_printf (out, " (%s)", elements);
  if (n_sources > 0)
    {
      g_autofree char *sources = describe_kinds (model, LZ_ITEM_FORCE, LZ_ITEM_ACTUATOR);

      g_string_append_printf (out, ", %s", sources);
    }
  g_string_append (out, ", ");
  g_string_append_printf (out, ngettext ("%u complementarity pair", "%u complementarity pairs",
                                         n_pairs),
                          n_pairs);
  return g_string_free (out, FALSE);
}

/* With massless bodies, paper 002's Theorem 3.1: when det(λ²M + λC + K)
 * vanishes for every λ the motion is undetermined; say where and why. */
static gboolean
check_pencil (const char    *path,
              const LzModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = NULL;
  g_autoptr(LzReduction) reduction = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_auto(GStrv) lines = NULL;

  if (!lz_model_has_massless (model))
    return TRUE;
  assembly = lz_assembly_new ((LzModel *) model, &error);
  if (assembly == NULL)
    {
      lz_cli_file_error (path, error);
      return FALSE;
    }
  reduction = lz_reduction_new_for_assembly (assembly);
  if (lz_reduction_get_kind (reduction) != LZ_REDUCTION_SINGULAR_PENCIL)
    return TRUE;
  /* springs with freeplay in series through massless joints: the closed
   * form of paper 003 removes the joints (what the integrators simulate) */
  {
    g_autoptr(LzModel) reduced = lz_model_eliminate_joints (model, NULL);
    g_autoptr(LzAssembly) again = lz_assembly_new (reduced, NULL);
    g_autoptr(LzReduction) second = again != NULL ? lz_reduction_new_for_assembly (again) : NULL;

    if (second != NULL && lz_reduction_get_kind (second) != LZ_REDUCTION_SINGULAR_PENCIL)
      return TRUE;
  }
  lines = lz_reduction_dup_diagnosis (reduction);
  for (guint i = 0; lines[i] != NULL; i++)
    g_printerr ("%s: %s\n", display, lines[i]);
  return FALSE;
}

static gboolean
check_file (const char *path,
            gboolean    quiet)
{
  g_autoptr(LzModel) model = lz_cli_load_model (path);
  g_autofree char *display = NULL;
  g_autofree char *summary = NULL;

  if (model == NULL)
    return FALSE;
  if (!check_pencil (path, model))
    return FALSE;
  if (!quiet)
    {
      display = g_filename_display_name (path);
      summary = summarize (model);
      /* TRANSLATORS: FILE: ok — SUMMARY */
      g_print (_("%s: ok — %s\n"), display, summary);
    }
  return TRUE;
}

/**
 * lz_cli_check:
 * @argc: number of arguments, argv[0] being "check"
 * @argv: the arguments
 *
 * `luztar-cli check [-q] FILE…`.
 *
 * Returns: 0 if every file is a valid model, 1 on a usage error, 2 if a
 *   file is invalid or unreadable
 */
int
lz_cli_check (int    argc,
              char **argv)
{
  g_auto(LzCliArgs) args = { 0 };
  gboolean quiet = FALSE;
  gboolean all_ok = TRUE;
  const GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print nothing for valid files"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!lz_cli_args_parse (&args, &spec, entries, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  for (guint i = 0; args.files[i] != NULL; i++)
    all_ok &= check_file (args.files[i], quiet);
  return all_ok ? LZ_CLI_EXIT_OK : LZ_CLI_EXIT_BAD_INPUT;
}
