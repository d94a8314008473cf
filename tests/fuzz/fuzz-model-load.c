/* fuzz-model-load.c — fuzz target for the model loader
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds arbitrary bytes to lz_model_load_from_data(): parsing, schema
 * validation, semantic checks and expression compilation must reject bad
 * input with a GError and never crash, leak or read out of bounds.  A loaded
 * model is saved and loaded again to exercise the writer too, and
 * assembled and exported in every format (a loaded model is valid, so the
 * assembly must succeed).
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "lz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  LzModel *model;

  model = lz_model_load_from_data ((const char *) data, size, "fuzz.luztar", &error);
  if (model == NULL)
    {
      /* A rejection must say why. */
      g_assert (error != NULL);
      g_assert (error->message != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert_no_error (error);

  {
    g_autofree char *xml = lz_model_save_to_data (model, NULL, &error);
    LzModel *again;

    g_assert_no_error (error);
    again = lz_model_load_from_data (xml, strlen (xml), "fuzz-again.luztar", &error);
    g_assert_no_error (error);
    g_assert_true (lz_model_equal (model, again));
    lz_model_unref (again);
  }

  {
    g_autoptr(LzAssembly) assembly = lz_assembly_new (model, &error);
    g_autofree char *text = NULL, *json = NULL, *octave = NULL;

    g_assert_no_error (error);
    text = lz_assembly_to_text (assembly);
    json = lz_assembly_to_json (assembly);
    octave = lz_assembly_to_octave (assembly);
    g_assert (text != NULL && json != NULL && octave != NULL);
  }
  lz_model_unref (model);
  return 0;
}
