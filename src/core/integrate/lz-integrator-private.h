/* lz-integrator-private.h — what the integrators share (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-integrator.h"
#include "lz-scales.h"

G_BEGIN_DECLS

/* The base every integrator's struct starts with. */
struct LzIntegrator
{
  const struct LzIntegratorClass *klass;
  const char          *name;    /* the method's */
  LzAssembly          *assembly;
  LzIntegratorOptions  options;
  double               t;
  double               t_end;
  gboolean             started;
  LzIntegratorStats    stats;
  GPtrArray           *notes;   /* (nullable): what was done to the model first */
  LzScales             scales;  /* the model's; set by the method's new() */
};

LzIntegrator *lz_joints_new (const LzIntegratorType    *type,
                             LzAssembly                *assembly,
                             const LzIntegratorOptions *options,
                             GError                   **error);

/* The integrator of TYPE without the fallback for massless joints
 * (lz-integrator.c); lz_integrator_new() is the public constructor. */
LzIntegrator *lz_integrator_new_method (const LzIntegratorType    *type,
                                        LzAssembly                *assembly,
                                        const LzIntegratorOptions *options,
                                        GError                   **error);

typedef struct LzIntegratorClass
{
  const char    *name;
  LzIntegrator *(*new)   (LzAssembly                *assembly,
                          const LzIntegratorOptions *options,
                          GError                   **error);
  void          (*start) (LzIntegrator              *self,
                          LzTrace                   *trace);
  LzStepResult  (*step)  (LzIntegrator              *self,
                          double                     t_limit,
                          LzTrace                   *trace,
                          GError                   **error);
  void          (*free)  (LzIntegrator              *self);
} LzIntegratorClass;

G_END_DECLS
