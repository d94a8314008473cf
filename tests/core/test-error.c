/* test-error.c — the LZ_ERROR domain
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "lz.h"

static void
test_error_names (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (LZ_ERROR, !=, 0);
  g_assert_cmpstr (g_quark_to_string (LZ_ERROR), ==, "lz-error-quark");

  /* Every code has its own name, and nothing outside the table has one. */
  for (int code = 0; code < LZ_ERROR_N_CODES; code++)
    {
      const char *name = lz_error_code_name (code);

      g_assert_cmpstr (name, !=, "unknown");
      g_assert_false (g_hash_table_contains (seen, name));
      g_hash_table_add (seen, (gpointer) name);
    }
  g_assert_cmpstr (lz_error_code_name (LZ_ERROR_N_CODES), ==, "unknown");
  g_assert_cmpstr (lz_error_code_name (LZ_ERROR_PARSE), ==, "parse");
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/error/names", test_error_names);
  return g_test_run ();
}
