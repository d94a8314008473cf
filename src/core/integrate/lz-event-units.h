/* lz-event-units.h — the scale of each element's own quantities in the
 * event-driven method (core-internal: lz-event*.c)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every tolerance of the event-driven method on an element's g, ġ or force
 * (its guards, the rest of an impact, the mode selection's zeros) is a
 * fraction of that element's own scale: the model's one scale in a model
 * of one kind (these helpers then return it as it is: the same numbers),
 * and in a model that mixes translational and rotational bodies the scale
 * of its ports' kinds (lz_scales_ports_unit(): a rack's m and m/s, a
 * shaft's rad and rad/s), docs/mathematics.md, "Models that mix kinds".
 */

#pragma once

#include "lz-event-private.h"

G_BEGIN_DECLS

/* The #LzBodyKind of dof I, or −1 for none (a ground port) */
static inline int
lz_event_dof_kind (const LzEventIntegrator *self,
                   int                      i)
{
  return i >= 0 ? (int) lz_model_get_body (lz_assembly_get_model (self->parent.assembly), (guint) i)->kind : -1;
}

/* EL's scale from the per-kind scales PER_KIND (WHOLE in a model of one
 * kind), POWER as lz_scales_ports_unit()'s */
static inline double
lz_event_unit (const LzEventIntegrator *self,
               const Elem              *el,
               const double            *per_kind,
               int                      power,
               double                   whole)
{
  int kinds[2];
  double c[2] = { el->law.ca, el->law.cb };

  if (!self->parent.scales.mixed)
    return whole;
  kinds[0] = lz_event_dof_kind (self, el->law.a);
  kinds[1] = lz_event_dof_kind (self, el->law.b);
  return lz_scales_ports_unit (kinds, c, per_kind, power, whole);
}

/* The length scale of EL's g (L in a model of one kind) */
static inline double
lz_event_unit_length (const LzEventIntegrator *self,
                      const Elem              *el)
{
  return lz_event_unit (self, el, self->parent.scales.kind_length, 1, self->parent.scales.length);
}

/* The speed scale of EL's ġ (V in a model of one kind) */
static inline double
lz_event_unit_speed (const LzEventIntegrator *self,
                     const Elem              *el)
{
  return lz_event_unit (self, el, self->parent.scales.kind_speed, 1, self->parent.scales.speed);
}

/* The force scale of EL's force (F in a model of one kind) */
static inline double
lz_event_unit_force (const LzEventIntegrator *self,
                     const Elem              *el)
{
  return lz_event_unit (self, el, self->parent.scales.kind_force, -1, self->parent.scales.force);
}

/* The run's velocity scale for EL's ġ: the largest speed so far of its
 * ports' kinds (v_kind) — the run's v_scale in a model of one kind */
static inline double
lz_event_unit_v_seen (const LzEventIntegrator *self,
                      const Elem              *el)
{
  return lz_event_unit (self, el, self->v_kind, 1, self->v_scale);
}

/* TOL, a tolerance of the run's velocity scale v_scale (a velocity, or a
 * velocity times a time), for element EL: TOL itself in a model of one
 * kind, else TOL·(EL's v_seen)/v_scale */
static inline double
lz_event_tol_of (const LzEventIntegrator *self,
                 const Elem              *el,
                 double                   tol)
{
  if (!self->parent.scales.mixed)
    return tol;
  return tol * (lz_event_unit_v_seen (self, el) / self->v_scale);
}

/* What singular value I of an SVD G = U S Vᵀ (DIAG: G's diagonal before
 * it) is measured against, when it is a zero that rounding left, in a
 * model that mixes kinds, whose G has rows of both (m/(N·s) and
 * rad/(N·m·s), N/m and N·m/rad, 10^16 apart with the lengths × 10^-6):
 * Σ_j V_ji² G_jj, the diagonal of the rows its own singular vector moves
 * (in a model of one kind: the largest singular value, S_0) */
static inline double
lz_event_sv_moved (const gsl_matrix *V,
                   const double     *diag,
                   guint             i)
{
  double unit = 0;

  for (guint j = 0; j < V->size1; j++)
    unit += gsl_matrix_get (V, j, i) * gsl_matrix_get (V, j, i) * diag[j];
  return unit;
}

/* The run's velocity scales at the start: V, and per kind its speed
 * scale (lz-scales.h) */
static inline void
lz_event_units_start (LzEventIntegrator *self)
{
  self->v_scale = self->parent.scales.speed;
  for (int k = 0; k < LZ_BODY_N_KINDS; k++)
    self->v_kind[k] = self->parent.scales.kind_speed[k];
}

/* The velocities of Y seen: v_scale the largest speed so far, v_kind the
 * largest of each kind */
static inline void
lz_event_units_seen (LzEventIntegrator *self,
                     const double      *y)
{
  const LzEventActive *ac = &self->sm.act;
  /* (a frozen body at rest to the bit adds |v| = +0, which no scale is
   * below: the integrated bodies give the same — lz_event_kinetic()) */
  const guint *body = ac->still && (ac->on || ac->carry) ? ac->body : NULL;
  guint n = self->n, count = body != NULL ? ac->nbody : n;

  for (guint b = 0; b < count; b++)
    {
      guint i = body != NULL ? body[b] : b;
      int k = lz_event_dof_kind (self, (int) i);

      self->v_scale = MAX (self->v_scale, fabs (y[n + i]));
      self->v_kind[k] = MAX (self->v_kind[k], fabs (y[n + i]));
    }
}

G_END_DECLS
