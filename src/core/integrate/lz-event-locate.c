/* lz-event-locate.c — guards of the modes, root location, trace rows
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-error.h"
#include "lz-contact-law.h"
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-integrator-private.h"
#include "lz-model-private.h"

/* Relative to the run's velocity scale of the element (its ports'
 * kinds', lz-event-units.h): a contact's approach velocity and gap may
 * go CONTACT_V_REL and CONTACT_P_REL below zero before it is an event; a
 * slip on a damped massless body that creeps within CREEP_V_REL of zero
 * has turned. */
#define CONTACT_V_REL 1e-7
#define CONTACT_P_REL 1e-9
#define CREEP_V_REL 1e-12

/* A stop in contact: how far its approach velocity and its gap may go
 * below zero before it is an event (far above the integration's drift,
 * far below any motion that matters). */
static double
contact_v_tol (const LzEventIntegrator *self,
               const Elem              *el)
{
  return CONTACT_V_REL * lz_event_unit_v_seen (self, el);
}

static double
contact_p_tol (const LzEventIntegrator *self,
               const Elem              *el)
{
  return CONTACT_P_REL * lz_event_unit_v_seen (self, el) * self->parent.scales.time;
}

/* A stuck friction element's guards: its force within the static levels
 * at t (they may move: a brake let go; constant ones are read in place).
 * (This and stop_guards() are not inlined: lz_event_guards() then calls
 * nothing but them, as its last act, and saves no registers on its way) */
static G_GNUC_NO_INLINE guint
stick_guards (const LzEventIntegrator *self,
              guint                    e,
              double                  *out)
{
  const Elem *el = &self->el[e];
  double F = -lz_event_held_force (self, e), fs_neg = el->law.fs_neg, fs_pos = el->law.fs_pos;

  if (!el->static_constant)
    lz_friction_static_box (&el->law, self->sm.t, &fs_neg, &fs_pos);
  out[0] = (fs_pos - F) / el->unit_force;
  out[1] = (F + fs_neg) / el->unit_force;
  return 2;
}

/* A slipping friction element's guard at its slip velocity GD on a
 * damped massless body: there the slip velocity may only creep towards 0
 * (a bearing settling on its level: ż ∝ e^(−kt/μ)), and it is a turn
 * once beyond the rounding */
static G_GNUC_NO_INLINE guint
creep_guard (const LzEventIntegrator *self,
             guint                    e,
             double                   gd,
             double                  *out)
{
  const Elem *el = &self->el[e];

  out[0] = ((self->mode[e] == LZ_MODE_SLIP_POS ? gd : -gd) + CREEP_V_REL * lz_event_unit_v_seen (self, el))
           / el->unit_speed;
  return 1;
}

/* A stop's guards in contact, or a rigid coupling's, at its g and ġ (G, GD) */
static G_GNUC_NO_INLINE guint
stop_guards (const LzEventIntegrator *self,
             guint                    e,
             double                   g,
             double                   gd,
             double                  *out)
{
  const Elem *el = &self->el[e];

  if (el->bilateral)
    {
      /* a rigid coupling never lets go (its force is free in sign):
       * only a velocity jump or a drift of g is an event (an impact
       * of its own, a re-projection); guard 0, a stop's force guard,
       * it has not */
      out[0] = 1;
      out[1] = contact_v_tol (self, el) - fabs (gd);
      out[2] = contact_p_tol (self, el) - fabs (g - el->law.lower);
      return 3;
    }
  if (self->mode[e] == LZ_MODE_CONTACT)
    {
      double sx = el->contact_upper ? -1 : 1;

      out[0] = sx * lz_event_held_force (self, e) / el->unit_force;
      if (self->st.is_static[e] || self->dj.is_dstop[e])
        return 1;
      /* the constraint is kept at acceleration level: a velocity
       * that jumps (a kink of a moving limit, the ground hitting the
       * body) or a gap that drifts would otherwise go unnoticed —
       * either is an event, an impact or a re-projection */
      out[1] = (sx * gd + contact_v_tol (self, el)) / el->unit_speed;
      out[2] = (sx * (g - (el->contact_upper ? el->law.upper : el->law.lower)) + contact_p_tol (self, el))
               / el->unit_length;
      return 3;
    }
  return 0;
}

/* The guards of element e in its mode at the state y (after lz_event_rhs() has
 * set λ and the ground terms for that state); returns how many.  Each is a
 * fraction of its scale (a force of F, a velocity of V, a gap of L:
 * lz-scales.h; the element's own in a model that mixes kinds:
 * lz-event-units.h, kept in Elem), so that the smallest of them, which the
 * location brackets, does not depend on the model's units.  (g and ġ are
 * computed only where a guard reads them: this runs for every guarded
 * element at every order of a Taylor step.) */
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
  double g, gd, s, L;

  switch (el->law.kind)
    {
    case LZ_ITEM_FRICTION:
      switch (self->mode[e])
        {
        case LZ_MODE_STICK:
          return el->shadowed ? 0 : stick_guards (self, e, out);
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
          gd = lz_event_wdot (el, v) + self->sm.g0d[e];
          if (self->dj.is_dstop[e])
            return creep_guard (self, e, gd, out);
          /* (+ 0.0 in place of creep_guard()'s creep term, as it always
           * was added) */
          out[0] = lz_event_slip_guard (gd, self->mode[e] == LZ_MODE_SLIP_POS, el->unit_speed);
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_GAP:
        case LZ_MODE_ENGAGED_POS:
        case LZ_MODE_ENGAGED_NEG:
        case LZ_MODE_PRESSED_LOWER:
        case LZ_MODE_PRESSED_UPPER:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_STOP:
      g = lz_event_wdot (el, q) + self->sm.g0[e];
      if (el->bilateral || self->mode[e] != LZ_MODE_FREE)
        return stop_guards (self, e, g, lz_event_wdot (el, v) + self->sm.g0d[e], out);
      /* free: its gaps to its limits */
      return lz_event_gap_guards (g, el->law.lower, el->law.upper, el->unit_length, out);
    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      if (el->law.freeplay == 0)
        return 0;
      s = lz_event_wdot (el, q) + self->sm.g0[e] - el->law.offset;
      L = el->unit_length;
      switch (self->mode[e])
        {
        case LZ_MODE_GAP:
          out[0] = (el->law.freeplay - s) / L;
          out[1] = (s + el->law.freeplay) / L;
          return 2;
        case LZ_MODE_ENGAGED_POS:
          out[0] = (s - el->law.freeplay) / L;
          return 1;
        case LZ_MODE_ENGAGED_NEG:
          out[0] = (-s - el->law.freeplay) / L;
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_STICK:
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_PRESSED_LOWER:
        case LZ_MODE_PRESSED_UPPER:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      g = lz_event_wdot (el, q) + self->sm.g0[e];
      gd = lz_event_wdot (el, v) + self->sm.g0d[e];
      return lz_contact_law_guards (&el->law, self->mode[e], g, gd, out);
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

/* The smallest of element E's guards at Y (INFINITY for none), the first
 * of them that is into *AT */
double
lz_event_least_guard (LzEventIntegrator *self,
                      guint              e,
                      const double      *y,
                      guint             *at)
{
  double g[MAX_GUARDS];

  return lz_event_least_of (g, lz_event_guards (self, e, y, g), at);
}

/* Whether a guard is negative at Y, the state lz_event_rhs() was last
 * evaluated at (a stage of a step, lz-event-rk.c). */
gboolean
lz_event_guard_negative (LzEventIntegrator *self,
                         const double      *y)
{
  double g[MAX_GUARDS];

  for (guint j = 0; j < self->sm.n_guarded; j++)
    {
      guint k = lz_event_guards (self, self->sm.guarded[j], y, g);

      for (guint i = 0; i < k; i++)
        if (g[i] < 0)
          return TRUE;
    }
  return FALSE;
}

/* The smallest guard of all elements at (t, y): ≥ 0 while the mode holds;
 * *which gets the element. */
double
lz_event_min_guard (LzEventIntegrator *self,
                    double             t,
                    const double      *y,
                    guint             *which)
{
  double best = INFINITY;

  lz_event_rhs (t, y, self->dydt, self);           /* sets λ and the ground terms */
  /* (by the mode's operations where the evaluation takes them) */
  if (self->sm.ty.ops_on)
    best = lz_event_ops_min_guard (self, y, which);
  else
    for (guint j = 0; j < self->sm.n_guarded; j++)
      {
        guint e = self->sm.guarded[j], at;
        /* (its smallest first: the first of the smallest is the same) */
        double least = lz_event_least_guard (self, e, y, &at);

        lz_event_min_guard_take (self, e, least, at, &best, which);
      }
  return lz_event_active_min_frozen (self, best, which);   /* (lz-event-active.c) */
}

/* lz_event_min_guard() in a mode that holds — between its events, at a
 * step's start or end — with the mode's operations (lz-event-ops.c) where
 * they are current, or built now for a Taylor step's model once the
 * active set is armed: the same numbers, each element's law and mode not
 * chosen again (a selection changes the modes before its evaluations, and
 * takes the element-by-element evaluation) */
double
lz_event_settled_min_guard (LzEventIntegrator *self,
                            double             t,
                            const double      *y,
                            guint             *which)
{
  LzEventTaylor *ty = &self->sm.ty;
  double g;

  if (ty->usable == 1 && self->sm.act.armed && !lz_event_ops_current (&self->sm))
    lz_event_ops_build (self);
  ty->ops_on = lz_event_ops_current (&self->sm);
  g = lz_event_min_guard (self, t, y, which);
  ty->ops_on = FALSE;
  return g;
}

/* Guards inside a step: at its stages (lz-event-rk.c evaluates them with
 * each stage: no evaluation of their own) — or, in a step longer than
 * INTERIOR_SAMPLES·INTERIOR_SPACING·T (T the model's time scale), at
 * points at most INTERIOR_SPACING·T apart on the cubic Hermite
 * interpolant of q and v (from v and a = ẏ at the ends, as the guards at
 * the ends left them in dydt): the first point where one is negative, or
 * NaN.  Exact states come from integration afterwards; this only finds
 * where to look.  The spacing matters for a stuck element under a
 * periodic force: nothing moves, the step grows to its cap, and the force
 * may pass its level for a fraction of a period only (a forced friction
 * oscillator just above its breakaway level). */
#define INTERIOR_SAMPLES 8
#define INTERIOR_SPACING (1.0 / 32)

/* The longest step whose guards inside are its stages' */
double
lz_event_interior_h_max (const LzEventIntegrator *self)
{
  return INTERIOR_SAMPLES * INTERIOR_SPACING * self->parent.scales.time;
}

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

  guint samples;

  if (!(h > 0))
    return NAN;
  /* (a Taylor step sampled its polynomial's guards: lz-event-taylor.c) */
  if ((h <= lz_event_interior_h_max (self) || self->sm.rk.taylor) && self->sm.rk.t0 == t0 && self->sm.rk.t1 == t1)
    return isfinite (self->sm.rk.stage_neg) ? t0 + self->sm.rk.stage_neg * h : NAN;
  samples = MAX (INTERIOR_SAMPLES, (guint) ceil (h / (INTERIOR_SPACING * self->parent.scales.time)));
  for (guint k = 1; k < samples; k++)
    {
      double s = (double) k / samples, s2 = s * s, s3 = s2 * s;
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

/* y(t) from (t0, y0), integrated at the run's tolerances (lz-event-rk.c;
 * the step's own stages are kept for its extension) */
gboolean
lz_event_integrate_to (LzEventIntegrator *self,
                       double             t0,
                       const double      *y0,
                       double             t,
                       double            *y)
{
  return lz_event_rk_integrate (self, &self->sm.rk_scratch, t0, y0, NULL, t, y, MIN (self->sm.h_try, t - t0));
}

/* ------------------------------------------------------------------------ */

void
lz_event_element_state (LzEventIntegrator *self,
                        double             t,
                        const double      *y)
{
  const double *q = y, *v = y + self->n;
  const guint *elems;
  guint count = lz_event_active_row_elements (self, &elems);  /* (frozen ones kept: lz-event-active.c) */

  /* (the trace row of a smooth step's end: its guards' evaluation is
   * there still, advance()) */
  if (!(self->loc.end_fresh && t == self->loc.end_t))
    lz_event_settled_rhs (self, t, y, self->dydt);
  self->loc.end_fresh = FALSE;
  if (self->jn.nN + self->jn.nD > 0)
    {
      q = self->jn.yc;
      v = self->jn.yc + self->n;
    }
  for (guint k = 0; k < count; k++)
    {
      guint e = elems != NULL ? elems[k] : k;
      const Elem *el = &self->el[e];
      double g = lz_event_wdot (el, q) + self->sm.g0[e], gd = lz_event_wdot (el, v) + self->sm.g0d[e], T = el->law.c * gd;

      if (el->law.kind == LZ_ITEM_FRICTION)
        T += self->mode[e] == LZ_MODE_STICK ? -lz_event_constraint_force (self, e) : lz_event_mode_tension (self, e, g, gd);
      else if (el->law.kind == LZ_ITEM_STOP)
        T += -lz_event_constraint_force (self, e);
      else if (el->law.k > 0)
        T = lz_element_law_spring_tension (&el->law, self->mode[e], g);
      else if (lz_contact_law_is (&el->law))
        T = lz_contact_law_tension (&el->law, self->mode[e], g, gd);
      self->loc.gv[e] = g;
      self->loc.gdv[e] = gd;
      self->loc.force[e] = T;
    }
}

/* The kinetic energy at Y and the energy the springs store at the
 * coordinates lz_event_element_state() left in gv. */
void
lz_event_stored_energy (LzEventIntegrator *self,
                        const double      *y,
                        LzEnergy          *energy)
{
  energy->kinetic += lz_event_kinetic (self, y);
  energy->potential += lz_event_active_potential (self, self->loc.gv);
}

static void
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

/* The bracket of a guard crossing is located to LOCATE_REL·max(T, t)
 * seconds (far below anything the trace resolves, far above the
 * integration's agreement between trials), in at most LOCATE_MAX_ITER
 * trials; a guard that jumps is bisected after LOCATE_SLOW trials that
 * did not halve the bracket. */
#define LOCATE_REL 1e-12
#define LOCATE_MAX_ITER 200
#define LOCATE_SLOW 2

/* The earliest guard crossing in (A, B] of a step from (T0, y0), FA ≥ 0
 * > FB the guards at the ends (JUMPS: FB's guard may jump): on the step's
 * continuous extension (lz-event-dense.c), or else by Illinois, every
 * trial re-integrated from T0 (or, unless JUMPS, expanded from an exact
 * state of the step near it: lz_event_guard_at()).  Leaves y at the returned end of the
 * bracket, where the guard is negative. */
double
lz_event_locate (LzEventIntegrator *self,
                 double             t0,
                 double             a,
                 double             fa,
                 double             b,
                 double             fb,
                 gboolean           jumps)
{
  int side = 0;

  /* (a guard that jumps has no root the extension's slope leads to) */
  if (!jumps && lz_event_dense_locate (self, t0, &a, &fa, &b, &fb, LOCATE_REL * lz_scales_time_unit (&self->parent.scales, b)))
    {
      lz_event_exact_state (self, t0, b, self->y);
      return b;
    }
  for (int it = 0, slow = 0; it < LOCATE_MAX_ITER && b - a > LOCATE_REL * lz_scales_time_unit (&self->parent.scales, b); it++)
    {
      double c = fa - fb != 0 ? b - fb * (b - a) / (fb - fa) : 0.5 * (a + b), fc;
      double width = b - a;

      /* a guard that jumps (a stop's velocity at a kink of its moving
       * limit) leaves the secant at one end: bisect when the bracket
       * has not halved in two trials */
      if (!(c > a && c < b) || (jumps && slow >= LOCATE_SLOW))
        {
          c = 0.5 * (a + b);
          slow = 0;
        }
      fc = lz_event_guard_at (self, t0, c, self->loc.yt, !jumps);
      if (isnan (fc))
        break;
      lz_event_illinois (c, fc, &a, &fa, &b, &fb, &side);
      slow = b - a > 0.5 * width ? slow + 1 : 0;
    }
  lz_event_exact_state (self, t0, b, self->y);
  return b;
}

/* The moments after an instant T0 where its modes are tried: from
 * AT_ONCE_REL_FIRST·max(1 s, t0) growing by AT_ONCE_GROWTH (a guard that
 * leaves zero only at second order: grazing a limit or a freeplay
 * boundary) up to AT_ONCE_REL_LAST; a guard negative no later than
 * AT_ONCE_REL_MAX leaves the mode at once, a later one is a crossing in
 * the step. */
#define AT_ONCE_REL_FIRST 1e-12
#define AT_ONCE_GROWTH 100
#define AT_ONCE_REL_LAST 1.1e-4
#define AT_ONCE_REL_MAX 1.1e-8

/* A probe within PROBE_RK4_REL·T of the instant (T the model's time
 * scale) is one step of the classical fourth-order method: its error,
 * (t − t0)⁵ times the fifth derivative, below 1e-15·T⁵ of it. */
#define PROBE_RK4_REL 1e-3

/* Whether the step from T0 that the probe reads is a Taylor step that
 * covers TP: its polynomials (lz-event-taylor.c) resolve the higher
 * derivatives at its start exactly, the guards' own too */
static gboolean
probe_taylor (const LzEventIntegrator *self,
              double                   t0,
              double                   tp)
{
  return self->sm.rk.taylor && lz_event_dense_covers (self, t0, tp);
}

/* The smallest guard at TP just after T0 (loc.yt its state; on a Taylor
 * step, lz_event_at_once_probe() sets it where the probe decides): where it
 * DECIDES whether the mode is left at once, integrated from (T0, loc.y0)
 * (ẏ there in loc.dydt0) — the higher derivatives decide, which the
 * step's extension does not resolve so close to its start; else (it
 * only moves the location's bracket on) the step's extension. */
static double
probe_guard (LzEventIntegrator *self,
             double             t0,
             double             tp,
             gboolean           decides)
{
  gboolean ok;

  if (probe_taylor (self, t0, tp))
    return lz_event_taylor_min_guard (self, &self->sm.rk, tp);
  ok = !decides ? lz_event_state_at (self, t0, tp, self->loc.yt)
                : tp - t0 <= PROBE_RK4_REL * self->parent.scales.time
                ? lz_event_rk4 (self, t0, tp, self->loc.yt)
                : lz_event_integrate_to (self, t0, self->loc.y0, tp, self->loc.yt);

  return ok ? lz_event_min_guard (self, tp, self->loc.yt, NULL) : NAN;
}

/* A step from (T0, y0) to T whose guard is ≤ 0 at T0 and < 0 at T: is the
 * mode left at once?  TRUE with *TP the moment later (loc.yt its state);
 * FALSE with the bracket's left end moved on to where the guard was
 * still ≥ 0. */
gboolean
lz_event_at_once_probe (LzEventIntegrator *self,
                        double             t0,
                        double             t,
                        double            *tp,
                        double            *bracket_a,
                        double            *bracket_fa)
{
  double rel, gp = 0;

  *tp = t0;
  for (rel = AT_ONCE_REL_FIRST; rel <= AT_ONCE_REL_LAST; rel *= AT_ONCE_GROWTH)
    {
      /* not yet relative to T: with max(T, t0) the first moments after
       * t0 = 0 of a fast model fall below what the guards resolve (the
       * pad held through a massless body, test-event) — issue 25 */
      *tp = MIN (t0 + rel * MAX (1.0, fabs (t0)), t);
      gp = probe_guard (self, t0, *tp, rel <= AT_ONCE_REL_MAX);
      if (isnan (gp))
        break;
      if (gp < 0 || *tp >= t)
        break;
      *bracket_a = *tp;
      *bracket_fa = gp;
    }
  if (!(gp < 0 && rel <= AT_ONCE_REL_MAX))
    return FALSE;
  if (probe_taylor (self, t0, *tp))
    lz_event_taylor_dense (self, &self->sm.rk, *tp, self->loc.yt);
  return TRUE;
}

/* A row of the trace at (T, Y), unless the last row is at T already: the
 * rows' times increase strictly. */
void
lz_event_trace_row (LzEventIntegrator *self,
                    LzTrace           *trace,
                    double             t,
                    const double      *y)
{
  guint rows = lz_trace_get_n_samples (trace);

  if (rows > 0 && lz_trace_get_time (trace, rows - 1) >= t)
    return;
  lz_event_write_sample (self, trace, t, y);
}

/* A sample time within SAMPLE_SNAP_REL·max(T, t_end) of the end is the end. */
#define SAMPLE_SNAP_REL 1e-12

/* The time of sample K: K·sample, by multiplication (an accumulated sum
 * drifts), the last one on t_end. */
double
lz_event_sample_time (const LzEventIntegrator *self,
                      guint64                  k)
{
  double t_end = self->parent.t_end, ts = (double) k * self->parent.options.sample;

  return fabs (ts - t_end) <= SAMPLE_SNAP_REL * lz_scales_time_unit (&self->parent.scales, t_end) ? t_end : ts;
}

/* The samples of a sampled run in (T0, T) — and at T when no event is
 * there (an event writes its own row, after it): read on the step's
 * extension (lz-event-rk.c), or, where it does not cover them, each
 * integrated on from the one before. */
void
lz_event_write_samples (LzEventIntegrator *self,
                        LzTrace           *trace,
                        double             t0,
                        double             t,
                        gboolean           event_at_t)
{
  guint dim = 2 * self->n + 3;
  double *ys = self->loc.ysamp, ts0 = t0, ts;

  if (!(self->parent.options.sample > 0))
    return;
  memcpy (ys, self->loc.y0, dim * sizeof (double));
  for (; (ts = lz_event_sample_time (self, self->loc.sample_k)) < t || (ts == t && !event_at_t);
       self->loc.sample_k++)
    if (lz_event_rk_covers (&self->sm.rk, t0, self->loc.y0, ts)
        ? lz_event_rk_dense (self, &self->sm.rk, ts, self->loc.yt)
        : lz_event_integrate_to (self, ts0, ys, ts, self->loc.yt))
      {
        lz_event_trace_row (self, trace, ts, self->loc.yt);
        memcpy (ys, self->loc.yt, dim * sizeof (double));
        ts0 = ts;
      }
}
