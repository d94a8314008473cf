/* lz-event-locate.c — guards of the modes, root location, trace rows
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-error.h"
#include "lz-event-private.h"
#include "lz-integrator-private.h"
#include "lz-lcp.h"
#include "lz-luz.h"
#include "lz-model-private.h"
#include "lz-simplify-private.h"

/* A stop in contact: how far its approach velocity and its gap may go
 * below zero before it is an event (far above the integration's drift,
 * far below any motion that matters). */
static double
contact_v_tol (const LzEventIntegrator *self)
{
  return 1e-7 * MAX (1.0, self->v_scale);
}

static double
contact_p_tol (const LzEventIntegrator *self)
{
  return 1e-9 * MAX (1.0, self->v_scale);
}

/* The guards of element e in its mode at the state y (after lz_event_rhs() has
 * set λ and the ground terms for that state); returns how many. */
guint
lz_event_guards (LzEventIntegrator *self,
                 guint              e,
                 const double      *y,
                 double            *out)
{
  const Elem *el = &self->el[e];
  /* with massless bodies, the state lz_event_rhs() solved them in (it runs first) */
  const double *q = self->jn.nN + self->jn.nD > 0 ? self->jn.yc : y;
  const double *v = q + self->n;
  double g = lz_event_wdot (el, q) + self->sm.g0[e], gd = lz_event_wdot (el, v) + self->sm.g0d[e], s, F;

  switch (el->law.kind)
    {
    case LZ_ITEM_FRICTION:
      switch (self->mode[e])
        {
        case LZ_MODE_STICK:
          if (el->shadowed)
            return 0;
          F = -lz_event_constraint_force (self, e);
          out[0] = el->law.fpos - F;
          out[1] = F + el->law.fneg;
          return 2;
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
          /* on a damped massless body the slip velocity may only creep
           * towards 0 (a bearing settling on its level: ż ∝ e^(−kt/μ)):
           * there it is a turn once beyond the rounding */
          out[0] = (self->mode[e] == LZ_MODE_SLIP_POS ? gd : -gd)
                   + (self->dj.is_dstop[e] ? 1e-12 * MAX (1.0, self->v_scale) : 0);
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_GAP:
        case LZ_MODE_ENGAGED_POS:
        case LZ_MODE_ENGAGED_NEG:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_STOP:
      if (self->mode[e] == LZ_MODE_CONTACT)
        {
          double sx = el->contact_upper ? -1 : 1;

          out[0] = sx * lz_event_constraint_force (self, e);
          if (self->st.is_static[e] || self->dj.is_dstop[e])
            return 1;
          /* the constraint is kept at acceleration level: a velocity
           * that jumps (a kink of a moving limit, the ground hitting the
           * body) or a gap that drifts would otherwise go unnoticed —
           * either is an event, an impact or a re-projection */
          out[1] = sx * gd + contact_v_tol (self);
          out[2] = sx * (g - (el->contact_upper ? el->law.upper : el->law.lower)) + contact_p_tol (self);
          return 3;
        }
      if (self->mode[e] == LZ_MODE_FREE)
        {
          guint k = 0;

          if (isfinite (el->law.lower))
            out[k++] = g - el->law.lower;
          if (isfinite (el->law.upper))
            out[k++] = el->law.upper - g;
          return k;
        }
      return 0;
    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      if (el->law.freeplay == 0)
        return 0;
      s = g - el->law.offset;
      switch (self->mode[e])
        {
        case LZ_MODE_GAP:
          out[0] = el->law.freeplay - s;
          out[1] = s + el->law.freeplay;
          return 2;
        case LZ_MODE_ENGAGED_POS:
          out[0] = s - el->law.freeplay;
          return 1;
        case LZ_MODE_ENGAGED_NEG:
          out[0] = -s - el->law.freeplay;
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_STICK:
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_DAMPER:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      return 0;
    }
}

/* The smallest guard of all elements at (t, y): ≥ 0 while the mode holds;
 * *which gets the element. */
double
lz_event_min_guard (LzEventIntegrator *self,
                    double             t,
                    const double      *y,
                    guint             *which)
{
  double best = INFINITY, g[MAX_GUARDS];

  lz_event_rhs (t, y, self->dydt, self);           /* sets λ and the ground terms */
  for (guint e = 0; e < self->ne; e++)
    {
      guint k = lz_event_guards (self, e, y, g);

      for (guint i = 0; i < k; i++)
        if (g[i] < best)
          {
            best = g[i];
            if (which != NULL)
              *which = e;
            self->loc.min_jumps = self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT
                              && i == 1;
          }
    }
  return best;
}

/* Guards at INTERIOR_SAMPLES points inside a step, on the cubic Hermite
 * interpolant of q and v (from v and a = ẏ at the ends, as the guards at
 * the ends left them in dydt): the first point
 * where one is negative, or NaN.  Exact states come from re-integration
 * afterwards; this only finds where to look. */
#define INTERIOR_SAMPLES 8

double
lz_event_interior_crossing (LzEventIntegrator *self,
                            double             t0,
                            const double      *y0,
                            const double      *a0,
                            double             t1,
                            const double      *y1,
                            const double      *a1)
{
  guint n = self->n, dim = 2 * n + 3;
  double h = t1 - t0;
  double *ym = self->loc.ym;

  if (!(h > 0))
    return NAN;
  for (guint k = 1; k < INTERIOR_SAMPLES; k++)
    {
      double s = (double) k / INTERIOR_SAMPLES, s2 = s * s, s3 = s2 * s;
      double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
      double tm = t0 + s * h;

      for (guint i = 0; i < n; i++)
        {
          ym[i] = h00 * y0[i] + h10 * h * y0[n + i] + h01 * y1[i] + h11 * h * y1[n + i];
          ym[n + i] = h00 * y0[n + i] + h10 * h * a0[n + i] + h01 * y1[n + i] + h11 * h * a1[n + i];
        }
      for (guint i = 2 * n; i < dim; i++)
        ym[i] = (1 - s) * y0[i] + s * y1[i];
      if (lz_event_min_guard (self, tm, ym, NULL) < 0)
        return tm;
    }
  return NAN;
}

/* y(t) from (t0, y0), by re-integration at the run's tolerances */
gboolean
lz_event_integrate_to (LzEventIntegrator *self,
                       double             t0,
                       const double      *y0,
                       double             t,
                       double            *y)
{
  double tt = t0;
  guint dim = 2 * self->n + 3;

  memcpy (y, y0, dim * sizeof (double));
  if (t <= t0)
    return TRUE;
  gsl_odeiv2_driver_reset (self->sm.driver);
  gsl_odeiv2_driver_reset_hstart (self->sm.driver, MIN (self->sm.h_try, t - t0));
  return gsl_odeiv2_driver_apply (self->sm.driver, &tt, t, y) == GSL_SUCCESS;
}

/* ------------------------------------------------------------------------ */

void
lz_event_element_state (LzEventIntegrator *self,
                        double             t,
                        const double      *y)
{
  const double *q = y, *v = y + self->n;

  lz_event_rhs (t, y, self->dydt, self);
  if (self->jn.nN + self->jn.nD > 0)
    {
      q = self->jn.yc;
      v = self->jn.yc + self->n;
    }
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double g = lz_event_wdot (el, q) + self->sm.g0[e], gd = lz_event_wdot (el, v) + self->sm.g0d[e], T = el->law.c * gd;

      if (el->law.kind == LZ_ITEM_FRICTION)
        T += self->mode[e] == LZ_MODE_STICK ? -lz_event_constraint_force (self, e) : lz_event_mode_tension (self, e, g, gd);
      else if (el->law.kind == LZ_ITEM_STOP)
        T += -lz_event_constraint_force (self, e);
      else if (el->law.k > 0)
        T = lz_element_law_spring_tension (&el->law, self->mode[e], g);
      self->loc.gv[e] = g;
      self->loc.gdv[e] = gd;
      self->loc.force[e] = T;
    }
}

/* The kinetic energy at Y and the energy the springs store at the
 * coordinates lz_event_element_state() left in gv. */
void
lz_event_stored_energy (const LzEventIntegrator *self,
                        const double            *y,
                        LzEnergy                *energy)
{
  guint n = self->n;

  for (guint i = 0; i < n; i++)
    energy->kinetic += 0.5 * self->sm.mass[i] * y[n + i] * y[n + i];
  for (guint e = 0; e < self->ne; e++)
    energy->potential += lz_element_law_energy (&self->el[e].law, self->loc.gv[e]);
}

void
lz_event_write_sample (LzEventIntegrator *self,
                       LzTrace           *trace,
                       double             t,
                       const double      *y)
{
  LzEnergy energy = { 0 };
  guint n = self->n;
  double *ys = self->loc.ys;

  /* the massless entries as they are at t (and v_N with ḟ) */
  memcpy (ys, y, (2 * n + 3) * sizeof (double));
  lz_event_condense (self, t, ys, ys, TRUE);
  y = ys;
  lz_event_element_state (self, t, y);
  lz_event_stored_energy (self, y, &energy);
  energy.damping = y[2 * n];
  energy.friction = y[2 * n + 1];
  energy.sources = y[2 * n + 2];
  energy.impacts = self->e_impacts;
  energy.balance_error = energy.kinetic + energy.potential + energy.damping + energy.friction
                         + energy.impacts - energy.sources - self->energy0;
  lz_trace_append (trace, t, y, y + n, self->loc.force, self->loc.gv, self->loc.gdv, self->mode, &energy);
}
