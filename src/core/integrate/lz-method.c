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

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"
#include "lz-model.h"

/* A damped contact or a rigid coupling (a stop with lower = upper) on a
 * massless body: FALSE with ERROR set.  The contact's force depends on
 * the gap's rate, which a massless body's balance does not give; the
 * coupling's equality has no place in the massless bodies' problems
 * (neither method takes either there). */
static gboolean
check_massless_ports (LzAssembly *assembly,
                      GError    **error)
{
  LzModel *model = lz_assembly_get_model (assembly);

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      const char *ports[2] = { element->a, element->b };

      gboolean rigid = lz_element_is_rigid_coupling (element);

      if (element->item.kind != LZ_ITEM_CONTACT && element->item.kind != LZ_ITEM_BACKLASH && !rigid)
        continue;
      for (int p = 0; p < 2; p++)
        {
          int i = lz_model_get_body_index (model, ports[p]);

          if (i >= 0 && !(lz_model_get_body (model, (guint) i)->mass > 0))
            {
              g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           rigid ? _("the stop “%s” has lower = upper (a rigid coupling) and is on "
                                     "the massless body “%s”, which neither method takes; give the "
                                     "body a mass, or join it to the other port's body")
                                 : _("the damped contact “%s” is on the massless body “%s”, which "
                                     "neither method takes; give the body a mass"),
                           element->item.id, ports[p]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* A rigid coupling whose pivot in the Cholesky factor of the couplings'
 * Delassus matrix W M⁻¹ Wᵀ falls below this fraction of its diagonal entry
 * holds nothing the couplings before it do not: rounding, not a direction
 * of its own. */
#define RIGID_REDUNDANT_REL 1e-10

/* wᵢᵀ M⁻¹ wⱼ of two elements of the model (their bodies have mass). */
static double
minv_dot (LzModel         *model,
          const LzElement *x,
          const LzElement *y)
{
  const char *xp[2] = { x->a, x->b }, *yp[2] = { y->a, y->b };
  double xc[2], yc[2], s = 0;

  lz_element_get_coefficients (x, &xc[0], &xc[1]);
  lz_element_get_coefficients (y, &yc[0], &yc[1]);
  xc[0] = -xc[0];
  yc[0] = -yc[0];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        int b = lz_model_get_body_index (model, xp[i]);

        if (b >= 0 && b == lz_model_get_body_index (model, yp[j]))
          s += xc[i] * yc[j] / lz_model_get_body (model, (guint) b)->mass;
      }
  return s;
}

/* Rigid couplings that repeat each other (two welds of the same pair, a
 * closed loop of rigid gears): FALSE with ERROR set — their equalities
 * would not decide how they share the force, and the event-driven
 * method's mixed LCP needs them independent. */
static gboolean
check_rigid_independent (LzAssembly *assembly,
                         GError    **error)
{
  LzModel *model = lz_assembly_get_model (assembly);
  g_autoptr(GPtrArray) rigid = g_ptr_array_new ();
  g_autofree double *L = NULL;
  guint n;

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (lz_element_is_rigid_coupling (lz_model_get_element (model, e)))
      g_ptr_array_add (rigid, (gpointer) lz_model_get_element (model, e));
  n = rigid->len;
  L = g_new0 (double, MAX (n * n, 1));
  /* Cholesky of W M⁻¹ Wᵀ over the couplings, row by row */
  for (guint k = 0; k < n; k++)
    for (guint j = 0; j <= k; j++)
      {
        double v = minv_dot (model, rigid->pdata[k], rigid->pdata[j]);

        for (guint i = 0; i < j; i++)
          v -= L[k * n + i] * L[j * n + i];
        if (j < k)
          {
            L[k * n + j] = v / L[j * n + j];
            continue;
          }
        if (!(v > RIGID_REDUNDANT_REL * minv_dot (model, rigid->pdata[k], rigid->pdata[k])))
          {
            g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                         _("the stop “%s” has lower = upper (a rigid coupling) and holds nothing "
                           "that the rigid couplings before it in the file do not hold already; "
                           "remove it"),
                         ((const LzElement *) rigid->pdata[k])->item.id);
            return FALSE;
          }
        L[k * n + k] = sqrt (v);
      }
  return TRUE;
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

  if (!check_massless_ports (assembly, error) || !check_rigid_independent (assembly, error))
    return NULL;
  self = lz_integrator_new_method (type, assembly, options, &local_error);
  if (self == NULL && g_error_matches (local_error, LZ_ERROR, LZ_ERROR_SINGULAR)
      && lz_model_has_massless (lz_assembly_get_model (assembly)))
    {
      /* a massless joint it cannot take: perhaps a closed form can */
      self = lz_joints_new (type, assembly, options, NULL);
    }
  if (self == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return self;
}
