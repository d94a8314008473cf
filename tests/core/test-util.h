/* test-util.h — model loading and running shared by the core tests
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include "lz.h"

/* A model file of the source tree, e.g. "data/examples/x.luztar"; the test
 * fails if it does not load. */
static inline LzModel *
load (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), name, NULL);
  LzModel *model = lz_model_load (path, &error);

  g_assert_no_error (error);
  return model;
}

/* A model written inline; the test fails if it does not load. */
static inline LzModel *
parse (const char *xml)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_load_from_data (xml, strlen (xml), "test.luztar", &error);

  g_assert_no_error (error);
  return model;
}

/* An expression in t; the test fails if it does not parse. */
static inline LzExpr *
parse_expr (const char *text)
{
  g_autoptr(GError) error = NULL;
  LzExpr *expr = lz_expr_new (text, "test", &error);

  g_assert_no_error (error);
  g_assert_nonnull (expr);
  return expr;
}

/* The last row of TRACE */
static inline guint
last_row (const LzTrace *trace)
{
  return lz_trace_get_n_samples (trace) - 1;
}

/* Runs MODEL to its end by TYPE with OPTIONS; NULL with ERROR set where
 * the model, the integrator or the run fails.  CLOSED_FORM, if given, gets
 * whether the integrator runs the model through a closed form
 * (lz-joints.c) rather than as it is. */
static inline LzTrace *
run_options (LzModel                   *model,
             const LzIntegratorType    *type,
             const LzIntegratorOptions *options,
             gboolean                  *closed_form,
             GError                   **error)
{
  g_autoptr(LzAssembly) as = lz_assembly_new (model, error);
  g_autoptr(LzIntegrator) integrator = NULL;
  LzTrace *trace;
  LzStepResult r;

  if (as == NULL)
    return NULL;
  integrator = lz_integrator_new (type, as, options, error);
  if (integrator == NULL)
    return NULL;
  if (closed_form != NULL)
    *closed_form = lz_integrator_get_notes (integrator) != NULL;
  trace = lz_trace_new (model);
  do
    r = lz_integrator_step (integrator, INFINITY, trace, error);
  while (r == LZ_STEP_OK || r == LZ_STEP_EVENT);
  if (r == LZ_STEP_ERROR)
    {
      lz_trace_unref (trace);
      return NULL;
    }
  return trace;
}

/* Runs MODEL to its end by TYPE with the model's settings, sampled every
 * SAMPLE; the test fails if the run does. */
static inline LzTrace *
simulate (LzModel                *model,
          const LzIntegratorType *type,
          double                  sample)
{
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  LzTrace *trace;

  lz_integrator_options_init (&options);
  options.sample = sample;
  trace = run_options (model, type, &options, NULL, &error);
  g_assert_no_error (error);
  return trace;
}
