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
 * assembly must succeed), and run by both methods to t = 0.01 s under tight
 * limits (lz-limits.c): a run may fail, but only with a message.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "lz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A short run, bounded whatever the model: 0.01 s, few steps and rows
 * (a chattering gear took 10^4 steps and 27 s under the sanitizers). */
#define FUZZ_T_END     0.01
#define FUZZ_DT        1e-3
#define FUZZ_MAX_STEPS 2000

static void
run_briefly (LzAssembly             *assembly,
             const LzIntegratorType *type)
{
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  LzIntegrator *integrator;
  LzTrace *trace;
  LzStepResult result;

  lz_integrator_options_init (&options);
  options.t_end = FUZZ_T_END;
  if (lz_model_get_simulation (lz_assembly_get_model (assembly))->dt > FUZZ_T_END)
    options.dt = FUZZ_DT;
  options.max_steps = FUZZ_MAX_STEPS;
  options.max_rows = FUZZ_MAX_STEPS;
  options.max_events = FUZZ_MAX_STEPS;
  integrator = lz_integrator_new (type, assembly, &options, &error);
  if (integrator == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return;
    }
  trace = lz_trace_new (lz_assembly_get_model (assembly));
  do
    result = lz_integrator_step (integrator, INFINITY, trace, &error);
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  if (result == LZ_STEP_ERROR)
    g_assert (error != NULL && error->message[0] != '\0');
  else
    g_assert_no_error (error);
  g_ptr_array_unref (lz_integrator_dup_warnings (integrator, trace));
  lz_trace_unref (trace);
  lz_integrator_free (integrator);
}

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
    run_briefly (assembly, lz_integrator_event);
    run_briefly (assembly, lz_integrator_timestep);
  }
  lz_model_unref (model);
  return 0;
}
