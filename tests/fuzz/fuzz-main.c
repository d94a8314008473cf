/* fuzz-main.c — run a fuzz target over files, without libFuzzer
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With gcc (or without -Dfuzzing=true) the fuzz target is linked with this
 * driver and run over the seed corpus as a regression test: every file or
 * every file in every directory named on the command line.
 */

#include "config.h"

#include <stdint.h>
#include <gsl/gsl_errno.h>

#include "lz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static int
run_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
  return 0;
}

int
main (int argc, char *argv[])
{
  int n_files = 0, status = 0;

  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            {
              g_autofree char *path = g_build_filename (argv[i], name, NULL);

              if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
                {
                  status |= run_file (path);
                  n_files++;
                }
            }
        }
      else
        {
          status |= run_file (argv[i]);
          n_files++;
        }
    }
  g_print ("ran the fuzz target on %d inputs\n", n_files);
  return n_files > 0 ? status : 1;
}
