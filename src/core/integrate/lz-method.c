/* lz-method.c — lz_integrator_new(): a method, or the method on the model
 * with its massless joints eliminated in closed form
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The public constructor sits above both the integrators' base
 * (lz-integrator.c) and the joint eliminator (lz-joints.c, itself a
 * wrapper around an integrator), so that neither needs the other's
 * constructor: the calls go one way, method → joints → base.
 */

#define LZ_COMPILATION
#include "config.h"

#include "lz-error.h"
#include "lz-integrator-private.h"

static gboolean
has_massless (LzAssembly *assembly)
{
  LzModel *model = lz_assembly_get_model (assembly);

  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    if (lz_model_get_body (model, i)->mass == 0)
      return TRUE;
  return FALSE;
}

/**
 * lz_integrator_new:
 * @type: the method, e.g. %lz_integrator_timestep
 * @assembly: the assembled model (kept by reference: free it after)
 * @options: (nullable): options; %NULL for the model's settings
 * @error: return location for a #GError
 *
 * Prepares a run from the model's initial state at t = 0: factors the
 * constant matrices and allocates every workspace (steps allocate
 * nothing).  Fails with a message naming the body or element when the
 * model cannot be simulated (a singular iteration matrix, an initial
 * state outside a stop) or an option is out of range.
 *
 * Returns: (transfer full) (nullable): the integrator
 */
LzIntegrator *
lz_integrator_new (const LzIntegratorType    *type,
                   LzAssembly                *assembly,
                   const LzIntegratorOptions *options,
                   GError                   **error)
{
  g_autoptr(GError) local_error = NULL;
  LzIntegrator *self;

  g_return_val_if_fail (type != NULL && assembly != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = lz_integrator_new_method (type, assembly, options, &local_error);
  if (self == NULL && g_error_matches (local_error, LZ_ERROR, LZ_ERROR_SINGULAR)
      && has_massless (assembly))
    {
      /* a massless joint it cannot take: perhaps a closed form can */
      self = lz_joints_new (type, assembly, options, NULL);
    }
  if (self == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return self;
}
