/* lz-event.c — event-driven integration with exact mode switches
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Inside a mode every element law is linear: a slipping friction element
 * pushes with ±F0 (plus its viscous part in C), a stuck one and a stop in
 * contact are bilateral constraints ġ = 0 (g = limit) with a multiplier,
 * a freeplay spring is either slack or a linear spring offset by ±Δ.  The
 * smooth motion is integrated by DOP853 (lz-event-rk.c) at the model's tolerances,
 * the constraint forces coming from the acceleration-level equations
 * Hc M⁻¹ Hcᵀ λ = −(Hc a_free + g̈0) (a pseudo-inverse when directions
 * coincide, e.g. a stuck friction element on a body resting on a stop).
 *
 * Each mode has guard functions: the force of a stuck element against its
 * levels, the slip velocity, the gap of a free stop, the contact force,
 * the distance to a freeplay boundary.  After each accepted step the
 * guards are checked; a sign change is located on the step's continuous
 * extension by Illinois and Newton (lz-event-dense.c), else by
 * the Illinois method on them, to 1e-12·max(T, t) s.  At the event:
 *   1. impacts (a stop reaching its limit with approach velocity) are
 *      resolved by Newton's law with an impulse LCP over every stop at its
 *      limit (simultaneous impacts, persistent contacts transmitting);
 *   2. the new mode is selected by the acceleration-level LCP over the
 *      candidates (stops at their limit, friction with ġ = 0): contact
 *      forces λ ⊥ g̈, and paper 004's pairs (ξ1, μ = F + F0⁻) for
 *      friction — the S-S procedure of paper 000, solved by Lemke;
 *   3. velocities (and contact positions) are projected onto the new
 *      constraints;
 *   4. the instant settles: a peek a step ahead switches the modes that
 *      are left at once (the DCP's higher derivatives), until none is,
 *      and only then are the changes logged — one event per element
 *      whose mode differs from before the instant (or that took an
 *      impact), never a mode it passed through at that instant.
 * The phases are in lz-event-smooth.c (the system of a mode),
 * lz-event-locate.c (guards, location, rows), lz-event-modes.c (the
 * event), lz-event-massless.c and lz-event-setup.c (massless bodies); the
 * workspace is in lz-event-private.h.
 * A stop in contact is kept at acceleration level, so it has two more
 * guards: its approach velocity (a moving limit whose velocity jumps —
 * a kink of the ground's motion, the road hitting a resting tyre — makes
 * ġ jump below zero; the instant is located by bisection on the jump, and
 * lz_event_handle_event() resolves it as an impact with the stop's restitution)
 * and its gap (drift below the limit is re-projected, never left to
 * persist).
 * An impact whose approach speed is below 1e-3 of the run's velocity
 * scale (rest_v_tol()) is no bounce: the stop becomes a persistent
 * contact (cause "zeno") — the end of a Zeno sequence (with e < 1 the
 * rest of the geometric series is spent in contact), and the end of the
 * chatter of a body resting with e = 1 on a stop under a stiff load,
 * whose micro-impacts would otherwise never decay.  Above it Newton's
 * law holds unchanged.
 *
 * The energy balance integrates the dissipated powers and the work of the
 * sources with the motion (three extra ODE components); impacts add the
 * kinetic energy they take relative to the limit: a moving ground's work
 * on an impulse (of an impact or of a projection onto a contact) is a
 * work of the sources.
 *
 * Massless bodies (singular M, paper 002) carry no momentum: lz_event_condense()
 * solves them from the others at every evaluation — held by linear
 * springs (algebraic), by dampers (first order: ż from C_DD ż = F, with
 * springs with freeplay by their mode, stops in contact and stuck dry
 * friction as velocity constraints, slipping friction as its level, see
 * lz_event_dstop_solve() and lz_event_dvel_select(); with a viscous friction element that
 * damps it alone, paper 003's non-inertial element), and, without
 * damping, with springs with freeplay, stops and
 * dry friction (rigid-plastic) as the unknowns of a static
 * complementarity problem whose mode switches are events (see
 * lz_event_node_solve()).  Two stops in series through a massless body (either
 * kind), from it to a body with mass and to another anchor, stop that
 * body when both are at their limits: a through-stop between the two
 * anchors (see Through) takes the impacts, the contact force and the
 * lift-off; a stop and dry friction, a through friction, the stick and
 * the slip.
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
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-integrator-private.h"
#include "lz-jumps.h"
#include "lz-model-private.h"

/* A smooth step is at most EVENT_H_MAX·T long (T the model's time scale):
 * while nothing moves the error control would let it grow past the
 * forces' changes, which the guards inside a step are sampled for. */
#define EVENT_H_MAX 4.0
/* A run that diverges is first searched for a pole of an expression up
 * to EXPLAIN_AHEAD of its last step's lengths ahead (within the run) */
#define EXPLAIN_AHEAD 16
/* A run is done within DONE_REL·max(T, t_end) of its end (T: the model's
 * time scale, lz-scales.h). */
#define DONE_REL 1e-13
/* An instant whose modes are left at once more often than this does not
 * settle (every mode the selection gives is left at once): an error, not
 * a cap on the model — each pass takes every element that switches. */
#define MAX_PASSES_AT_ONE_INSTANT 64

typedef enum
{
  ADVANCE_SMOOTH,             /* to t: no guard crossed */
  ADVANCE_EVENT,              /* to t, where a guard crossed */
  ADVANCE_AT_ONCE,            /* the modes of t0 were left at once: switched at t0 */
  ADVANCE_ERROR,
} Advance;

/* The error of a mode that does not settle at T (the MAX_PASSES_AT_ONE_INSTANT-th
 * pass there); counts the passes. */
static gboolean
count_pass (LzEventIntegrator *self,
            double             t,
            guint              which,
            GError           **error)
{
  if (t == self->loc.last_event_t && ++self->loc.events_at_same_t > MAX_PASSES_AT_ONE_INSTANT)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                   _("at t = %.10g s the mode of “%s” does not settle: every mode "
                     "the selection gives is left at once"),
                   t, self->el[which].law.id);
      return FALSE;
    }
  if (t != self->loc.last_event_t)
    self->loc.events_at_same_t = 0;
  self->loc.last_event_t = t;
  return TRUE;
}

/* The error of a smooth step from T0 to *T whose state went beyond the
 * divergence limit: a pole of an expression just ahead, that the steps
 * shrank towards — a Taylor step's reach does, a fraction of the way each
 * time — is named (lz-watch.c); else the body and where (inside a Taylor
 * step, which may be long: lz-event-taylor.c). */
static void
diverged (LzEventIntegrator *self,
          double             t0,
          double            *t,
          GError           **error)
{
  LzIntegrator *integrator = &self->parent;
  double limit = integrator->options.divergence_limit;
  guint i = 0;

  if (lz_watch_explain (integrator->watch, t0, MIN (*t + EXPLAIN_AHEAD * (*t - t0), integrator->t_end), error))
    return;
  if (self->sm.rk.taylor)
    *t = lz_event_taylor_first_beyond (self, &self->sm.rk, limit, self->y);
  while (i + 1 < 2 * self->n && isfinite (self->y[i]) && fabs (self->y[i]) <= limit)
    i++;
  g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
               _("the run diverged at t = %.10g s: body “%s” reached q = %g, v = %g"),
               *t, lz_assembly_get_dof_name (integrator->assembly, i % self->n),
               self->y[i % self->n], self->y[self->n + i % self->n]);
}

/* Phase 1: one step of the smooth system (lz-event-rk.c) from
 * (integrator->t, y) towards T_STOP, its first stage ẏ(t0) from the
 * guards there (loc.dydt0); *T and y at its end.  A failure or a
 * divergence is an error. */
static gboolean
step_smooth (LzEventIntegrator *self,
             double             t_stop,
             double            *t,
             GError           **error)
{
  LzIntegrator *integrator = &self->parent;
  double t0 = integrator->t;
  int status;

  self->sm.h_try = MIN (self->sm.h_try, EVENT_H_MAX * integrator->scales.time);
  memcpy (self->sm.rk.k[0], self->loc.dydt0, (2 * self->n + 3) * sizeof (double));
  status = lz_event_rk_step (self, &self->sm.rk, t, t_stop, &self->sm.h_try, self->y);
  if (status != GSL_SUCCESS || !isfinite (self->y[0]))
    {
      /* lz-watch.c names the expression, the state or the tolerance */
      lz_watch_explain_failure (integrator, t0, MIN (t_stop, t0 + EVENT_H_MAX * integrator->scales.time),
                                self->sm.h_try, self->y, self->n, gsl_strerror (status), error);
      return FALSE;
    }
  for (guint i = 0; i < 2 * self->n; i++)
    if (!isfinite (self->y[i]) || fabs (self->y[i]) > integrator->options.divergence_limit)
      {
        diverged (self, t0, t, error);
        return FALSE;
      }
  integrator->stats.steps++;
  return TRUE;
}

/* Phase 2: the guards at the step's end *T — and inside it: a guard that
 * leaves zero and comes back within one long step (a stuck element under a
 * periodic force while nothing moves, so the error control lets the step
 * grow past the period), or that crosses three times, ends the step at
 * the first negative sample, so that the location brackets the earliest
 * crossing.  Only a crossing the exact state confirms shortens the step
 * (the interpolant of a fast oscillation may dip where the motion does
 * not).  Returns the smallest guard, *WHICH its element. */
static double
step_guards (LzEventIntegrator *self,
             double             t0,
             double             g0,
             double            *t,
             guint             *which)
{
  guint dim = 2 * self->n + 3;
  double g1 = lz_event_settled_min_guard (self, *t, self->y, which), tm;
  guint64 evaluations;

  lz_event_rk_end (&self->sm.rk, self->dydt);                     /* the step's ẏ(t), for its extension */
  if (g1 < 0 && g0 <= 0)
    return g1;
  memcpy (self->loc.dydt1, self->dydt, dim * sizeof (double));   /* ẏ(t) from g1 */
  evaluations = self->parent.stats.rhs_evaluations;
  tm = lz_event_interior_crossing (self, t0, self->loc.y0, self->loc.dydt0, *t, self->y, self->loc.dydt1);
  if (isnan (tm) && self->parent.stats.rhs_evaluations == evaluations)
    return g1;                  /* (the workspace is g1's still) */
  if (!isnan (tm) && lz_event_exact_state (self, t0, tm, self->loc.yt)
      && lz_event_settled_min_guard (self, tm, self->loc.yt, NULL) < 0)
    {
      *t = tm;
      memcpy (self->y, self->loc.yt, dim * sizeof (double));
    }
  return lz_event_settled_min_guard (self, *t, self->y, which);
}

/* The modes of T0 left at once (lz_event_at_once_modes() set new_mode):
 * the switches at T0, the state back at T0 on the new constraints.
 * Returns whether any mode changed; FALSE with *ERROR when the instant
 * does not settle. */
static gboolean
switch_at_once (LzEventIntegrator *self,
                double             t0,
                guint              which,
                gboolean          *changed,
                GError           **error)
{
  guint dim = 2 * self->n + 3;
  /* (the elements whose modes change: a scan, lz_event_first_change()) */
  const guint *before = (const guint *) self->mode, *after = (const guint *) self->md.new_mode;

  memcpy (self->y, self->loc.y0, dim * sizeof (double));
  *changed = lz_event_first_change (before, after, NULL, 0, self->ne) < self->ne;
  if (!*changed)
    return TRUE;
  if (!count_pass (self, t0, which, error))
    return FALSE;
  lz_event_instant_begin (self, t0, FALSE);
  for (guint e = lz_event_first_change (before, after, NULL, 0, self->nm); e < self->nm;
       e = lz_event_first_change (before, after, NULL, e + 1, self->nm))
    if (self->st.is_static[e] && self->md.new_mode[e] == LZ_MODE_STICK)
      {
        /* a massless body's friction sticks where it is */
        double x0;

        lz_element_law_ground (&self->el[e].law, t0, &x0, NULL, NULL);
        self->el[e].stick_g = lz_element_law_g (&self->el[e].law, self->y, x0);
      }
  memcpy (self->md.prior, self->mode, self->ne * sizeof (LzMode));
  memcpy (self->mode, self->md.new_mode, self->ne * sizeof (LzMode));
  lz_event_setup_mode (self);
  lz_event_dstop_project (self, t0, self->y);
  lz_event_project_counted (self, t0, self->y);
  if (self->sm.act.carry)
    lz_event_active_rearm (self, t0, self->y, self->md.prior);
  return TRUE;
}

/* Whether the peek's step started where a step from (T0, y) towards
 * T_STOP with the step tried now and the current modes starts */
static gboolean
peek_matches (LzEventIntegrator *self,
              double             t0,
              double             t_stop)
{
  const LzEventLocate *loc = &self->loc;
  guint dim = 2 * self->n + 3;

  return loc->peek.valid && loc->peek.t0 == t0 && loc->peek.t_stop == t_stop && loc->peek.h0 == self->sm.h_try
         && memcmp (loc->peek.y0, self->y, dim * sizeof (double)) == 0
         && memcmp (loc->peek.mode, self->mode, self->ne * sizeof (LzMode)) == 0;
}

/* Phases 1 and 2 (the smooth step and its guards) as a peek took them
 * from the same start (peek_matches()): *T, y, ẏ, h_try, *G1, *WHICH
 * and min_jumps as they were (one evaluation: the scratch of the
 * guards). */
static void
peek_reuse (LzEventIntegrator *self,
            double            *t,
            double            *g1,
            guint             *which)
{
  LzEventLocate *loc = &self->loc;
  guint dim = 2 * self->n + 3;

  loc->peek.valid = FALSE;
  *t = loc->peek.t;
  *g1 = loc->peek.g1;
  *which = loc->peek.which;
  self->sm.h_try = loc->peek.h;
  memcpy (self->y, loc->peek.y, dim * sizeof (double));
  memcpy (self->dydt, loc->peek.dydt, dim * sizeof (double));
  loc->min_jumps = loc->peek.jumps;
  self->parent.stats.steps++;
}

/* A peek's smooth step from (T0, Y0), where the smallest guard is G0,
 * towards T_STOP with h_try H0, ended at T with the smallest guard G1,
 * for peek_reuse(). */
static void
peek_keep (LzEventIntegrator *self,
           double             t0,
           const double      *y0,
           double             g0,
           double             t_stop,
           double             h0,
           double             t,
           double             g1,
           guint              which)
{
  LzEventLocate *loc = &self->loc;
  guint dim = 2 * self->n + 3;

  loc->peek.valid = TRUE;
  loc->peek.t0 = t0;
  loc->peek.t_stop = t_stop;
  loc->peek.h0 = h0;
  memcpy (loc->peek.y0, y0, dim * sizeof (double));
  loc->peek.g0 = g0;
  memcpy (loc->peek.dydt0, loc->dydt0, dim * sizeof (double));
  memcpy (loc->peek.mode, self->mode, self->ne * sizeof (LzMode));
  loc->peek.t = t;
  loc->peek.h = self->sm.h_try;
  loc->peek.g1 = g1;
  loc->peek.which = which;
  loc->peek.jumps = loc->min_jumps;
  memcpy (loc->peek.y, self->y, dim * sizeof (double));
  memcpy (loc->peek.dydt, self->dydt, dim * sizeof (double));
}

/* One step from (integrator->t, y) towards T_STOP, phase by phase: the
 * smooth step, its guards, a mode left at once, the location of a
 * crossing, the samples.  A PEEK (trace NULL) stops where it knows whether
 * the modes of its start are left at once: it switches them if so, and
 * otherwise leaves y and integrator->t for the caller to restore. */
static Advance
advance (LzEventIntegrator *self,
         double             t_stop,
         LzTrace           *trace,
         guint             *which,
         GError           **error)
{
  LzIntegrator *integrator = &self->parent;
  guint dim = 2 * self->n + 3;
  double t0 = integrator->t, t = t0, g0, g1, bracket_a = t0, bracket_fa, tp, h0 = self->sm.h_try;
  double t_jump = lz_event_forcing_next (self);
  gboolean jumps, changed, at_jump, peeked;

  /* never a step over a jump of the forcing (lz-event-forcing.c) */
  t_stop = MIN (t_stop, t_jump);
  peeked = peek_matches (self, t0, t_stop);
  memcpy (self->loc.y0, self->y, dim * sizeof (double));
  /* (at the end of the smooth step before, its guards were evaluated
   * there: the same evaluation, not again — unless the active set is to
   * be armed from a full one, after a mode change) */
  if (self->sm.act.armed && self->loc.end_valid && self->loc.end_t == t0
      && memcmp (self->y, self->loc.y1, dim * sizeof (double)) == 0)
    {
      g0 = self->loc.end_g;
      memcpy (self->dydt, self->loc.dydt1, dim * sizeof (double));
    }
  /* (nor where the peek of the instant evaluated them, from the same
   * state in the same mode, and its step is taken again: peek_reuse()) */
  else if (self->sm.act.armed && trace != NULL && peeked)
    {
      g0 = self->loc.peek.g0;
      memcpy (self->dydt, self->loc.peek.dydt0, dim * sizeof (double));
    }
  else
    g0 = lz_event_settled_min_guard (self, t0, self->loc.y0, NULL);
  if (!self->sm.act.armed)
    lz_event_active_arm (self, self->loc.y0);
  self->loc.end_valid = self->loc.end_fresh = FALSE;
  memcpy (self->loc.dydt0, self->dydt, dim * sizeof (double));   /* ẏ(t0), for the interpolant */
  if (peeked)
    peek_reuse (self, &t, &g1, which);
  else
    {
      if (!step_smooth (self, t_stop, &t, error))
        return ADVANCE_ERROR;
      g1 = step_guards (self, t0, g0, &t, which);
      if (trace == NULL)
        peek_keep (self, t0, self->loc.y0, g0, t_stop, h0, t, g1, *which);
    }
  jumps = self->loc.min_jumps;          /* g1's guard */
  lz_event_dense_set (self, t0, t);     /* (ẏ(t) from g1) */
  bracket_fa = MAX (g0, 0);
  if (g1 < 0 && g0 <= 0 && lz_event_at_once_probe (self, t0, t, &tp, &bracket_a, &bracket_fa))
    {
      /* The mode chosen at the last event holds at that instant but not
       * after it: a force reaching its level exactly there, a contact
       * force passing through zero.  The higher derivatives decide (the
       * DCP of paper 004), and the state a moment later shows them. */
      lz_event_active_at_once (&self->sm);   /* (every body, or the frozen ones kept) */
      lz_event_at_once_modes (self, t0, self->loc.y0, tp, self->loc.yt);
      if (!switch_at_once (self, t0, *which, &changed, error))
        return ADVANCE_ERROR;
      self->sm.act.carry = FALSE;
      if (changed)
        return ADVANCE_AT_ONCE;
      /* otherwise a full selection a moment later */
      t = tp;
      memcpy (self->y, self->loc.yt, dim * sizeof (double));
    }
  else if (trace == NULL)
    return ADVANCE_SMOOTH;
  else if (g1 < 0)
    t = lz_event_locate (self, t0, bracket_a, bracket_fa, t, g1, jumps);
  if (trace == NULL)
    return ADVANCE_SMOOTH;
  at_jump = t == t_jump;
  lz_event_write_samples (self, trace, t0, t, g1 < 0 || at_jump);
  /* the massless coordinates back on their balance (no drift) */
  lz_event_condense (self, t, self->y, self->y, FALSE);
  integrator->t = t;
  if (g1 < 0 || at_jump)
    return ADVANCE_EVENT;
  self->loc.end_valid = t == self->loc.dense_t1;
  /* (no evaluation since the guards at t: no peek's step, no samples, y
   * not condensed) */
  self->loc.end_fresh = self->loc.end_valid && !peeked && !(integrator->options.sample > 0)
                        && self->jn.nN + self->jn.nD == 0;
  self->loc.end_t = t;
  self->loc.end_g = g1;
  return ADVANCE_SMOOTH;
}

/* The instant being settled: peeks a step ahead until its modes are not
 * left at once, then logs it (its final modes only) and writes its row.
 * The peek's step is thrown away — the next call takes the same step. */
static LzStepResult
settle (LzEventIntegrator *self,
        double             t_limit,
        LzTrace           *trace,
        GError           **error)
{
  LzIntegrator *integrator = &self->parent;
  guint dim = 2 * self->n + 3, logged;
  double t = integrator->t, t_stop = MIN (t_limit, integrator->t_end);
  gboolean initial = self->md.inst_initial;

  while (t < t_stop - DONE_REL * lz_scales_time_unit (&integrator->scales, t_stop))
    {
      double h_try = self->sm.h_try;
      guint steps = integrator->stats.steps, which = 0;
      g_autoptr(GError) peek_error = NULL;
      Advance r;

      memcpy (self->loc.ypend, self->y, dim * sizeof (double));
      r = advance (self, t_stop, NULL, &which, &peek_error);
      if (r == ADVANCE_AT_ONCE)
        continue;
      if (r == ADVANCE_ERROR && self->md.pending && g_error_matches (peek_error, LZ_ERROR, LZ_ERROR_NO_SOLUTION))
        {
          g_propagate_error (error, g_steal_pointer (&peek_error));
          return LZ_STEP_ERROR;
        }
      /* (a failure of the smooth step: the next call reports it) */
      memcpy (self->y, self->loc.ypend, dim * sizeof (double));
      self->sm.h_try = h_try;
      integrator->stats.steps = steps;
      integrator->t = t;
      break;
    }
  logged = lz_event_instant_flush (self, trace);
  if (initial || logged > 0 || !(integrator->options.sample > 0)
      || lz_event_sample_time (self, self->loc.sample_k) == t)
    lz_event_trace_row (self, trace, t, self->y);
  while (integrator->options.sample > 0 && lz_event_sample_time (self, self->loc.sample_k) <= t)
    self->loc.sample_k++;
  return logged > 0 ? LZ_STEP_EVENT : LZ_STEP_OK;
}

/* A guard crossed at T (y there): impacts and the new modes, then the
 * instant settles. */
static LzStepResult
event_at (LzEventIntegrator *self,
          double             t_limit,
          double             t,
          guint              which,
          LzTrace           *trace,
          GError           **error)
{
  if (!count_pass (self, t, which, error))
    return LZ_STEP_ERROR;
  lz_event_instant_begin (self, t, FALSE);
  lz_event_forcing_cross (self, t);
  lz_event_active_event (&self->sm);    /* (impacts and the selection need every body) */
  t = lz_event_handle_event (self, t, self->y, FALSE);
  /* (jumps that a Zeno sequence's accumulated contact passed over) */
  lz_event_forcing_cross (self, t);
  self->parent.t = self->md.inst_t = t;
  if (self->st.static_error != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->st.static_error);
      return LZ_STEP_ERROR;
    }
  return settle (self, t_limit, trace, error);
}

static void
event_start_in_window (LzIntegrator *integrator,
                       LzTrace      *trace)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;
  LzEnergy e0 = { 0 };

  lz_event_units_seen (self, self->y);
  /* a massless body's friction holds it where it starts (its q0: the
   * state of the play), unless its load is beyond the levels — then the
   * first selection lets it slip onto its balance */
  for (guint r = 0; r < self->st.nS; r++)
    if (self->el[self->st.iS[r]].law.kind == LZ_ITEM_FRICTION)
      {
        guint e = self->st.iS[r];
        double g0;

        lz_element_law_ground (&self->el[e].law, 0.0, &g0, NULL, NULL);
        self->mode[e] = LZ_MODE_STICK;
        self->el[e].stick_g = lz_element_law_g (&self->el[e].law, self->y, g0);
      }
  lz_event_condense (self, 0.0, self->y, self->y, TRUE);
  lz_event_instant_begin (self, 0.0, TRUE);
  lz_event_handle_event (self, 0.0, self->y, TRUE);
  lz_event_element_state (self, 0.0, self->y);
  lz_event_stored_energy (self, self->y, &e0);
  /* the energy before any impulse at t = 0 (a rigid coupling or a stop
   * the bodies start into takes one): its loss is booked as an impact */
  self->energy0 = e0.kinetic + e0.potential + self->e_impacts;
  self->loc.sample_k = 0;
  /* the initial modes are those that hold after t = 0 (an error there is
   * the first step's) */
  settle (self, INFINITY, trace, NULL);
}

/* The friction levels in t are still levels at the step's start
 * (lz_friction_check()). */
static gboolean
check_levels (LzEventIntegrator *self,
              GError           **error)
{
  LzEventSmooth *sm = &self->sm;

  /* (the friction elements whose levels vary in t, listed once) */
  if (sm->varying == NULL)
    {
      sm->varying = g_new (guint, MAX (self->nm, 1));
      for (guint e = 0; e < self->nm; e++)
        if (self->el[e].law.kind == LZ_ITEM_FRICTION && lz_friction_is_varying (&self->el[e].law))
          sm->varying[sm->n_varying++] = e;
    }
  for (guint k = 0; k < sm->n_varying; k++)
    if (!lz_friction_check (&self->el[sm->varying[k]].law, self->parent.t, error))
      return FALSE;
  return TRUE;
}

static LzStepResult
event_step_in_window (LzIntegrator *integrator,
                      double        t_limit,
                      LzTrace      *trace,
                      GError      **error)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;
  double t_stop = MIN (t_limit, integrator->t_end);
  guint which = 0;
  Advance r;

  if (self->st.static_error != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->st.static_error);
      return LZ_STEP_ERROR;
    }
  if (self->md.pending)
    return settle (self, t_limit, trace, error);
  if (integrator->t >= t_stop - DONE_REL * lz_scales_time_unit (&integrator->scales, t_stop))
    return LZ_STEP_DONE;
  if (!check_levels (self, error))
    return LZ_STEP_ERROR;
  r = advance (self, t_stop, trace, &which, error);
  /* (and at the step's end: a step may be long) */
  if (r != ADVANCE_ERROR && !check_levels (self, error))
    return LZ_STEP_ERROR;
  switch (r)
    {
    case ADVANCE_ERROR:
      return LZ_STEP_ERROR;
    case ADVANCE_AT_ONCE:
      return settle (self, t_limit, trace, error);
    case ADVANCE_EVENT:
      return event_at (self, t_limit, integrator->t, which, trace, error);
    case ADVANCE_SMOOTH:
    default:
      break;
    }
  if (!(integrator->options.sample > 0)
      || integrator->t >= integrator->t_end - DONE_REL * lz_scales_time_unit (&integrator->scales, integrator->t_end))
    lz_event_trace_row (self, trace, integrator->t, self->y);
  return LZ_STEP_OK;
}

/* The start and the steps evaluate the forcing on the side of its jumps
 * the run is on (lz-event-forcing.c), and leave the thread as they found
 * it. */
static void
event_start (LzIntegrator *integrator,
             LzTrace      *trace)
{
  lz_event_forcing_window ((LzEventIntegrator *) integrator);
  event_start_in_window (integrator, trace);
  lz_jumps_clear_window ();
}

static LzStepResult
event_step (LzIntegrator *integrator,
            double        t_limit,
            LzTrace      *trace,
            GError      **error)
{
  LzStepResult result;

  lz_event_forcing_window ((LzEventIntegrator *) integrator);
  result = event_step_in_window (integrator, t_limit, trace, error);
  lz_jumps_clear_window ();
  return result;
}

/* The workspace's arrays, allocated in blocks and freed by tables. */
#define SLOT(field) ((gpointer *) &(field))

/* One zeroed block for the COUNT arrays *ARRAYS[k] of LEN elements of
 * SIZE bytes (at most a double's, its alignment kept): the first array
 * owns it, and is the only one freed. */
static void
arrays_new (gpointer *const arrays[],
            guint           count,
            gsize           len,
            gsize           size)
{
  gsize stride = (len * size + sizeof (double) - 1) / sizeof (double) * sizeof (double);
  char *block = g_malloc0 (MAX (count * stride, 1));

  for (guint k = 0; k < count; k++)
    *arrays[k] = block + k * stride;
}

/* FREE (g_free, gsl_matrix_free, …) on each non-NULL *PTRS[k], set NULL */
static void
clear_all (gpointer *const ptrs[],
           guint           count,
           GDestroyNotify  free_func)
{
  for (guint k = 0; k < count; k++)
    g_clear_pointer (ptrs[k], free_func);
}

#define ARRAYS_NEW(len, type, ...)                                                 \
  arrays_new ((gpointer *const[]) { __VA_ARGS__ },                                 \
              G_N_ELEMENTS (((gpointer *const[]) { __VA_ARGS__ })), len, sizeof (type))
#define CLEAR_ALL(free_func, ...)                                                  \
  clear_all ((gpointer *const[]) { __VA_ARGS__ },                                  \
             G_N_ELEMENTS (((gpointer *const[]) { __VA_ARGS__ })), (GDestroyNotify) (free_func))

G_STATIC_ASSERT (sizeof (LzMode) == sizeof (guint) && sizeof (gboolean) == sizeof (guint)
                 && sizeof (LzSwitchFlags) == sizeof (guint));

/* The run's ODE: DOP853 (lz-event-rk.c) at the model's tolerances (at
 * most 1e-10 relative, 1e-12 absolute: the event location reads states
 * inside a step and needs them far below the bracket).  The absolute
 * tolerance is a fraction of each component's scale (lz-scales.h): L for
 * the positions, V for the velocities (their kind's in a model that mixes
 * kinds), F·L for the energy books. */
#define EVENT_RTOL_MAX 1e-10
#define EVENT_ATOL_MAX 1e-12
/* The first step of the run: at most EVENT_H_FIRST or a hundredth of the
 * run (both relative to T) */
#define EVENT_H_FIRST  1e-3
#define EVENT_H_FIRST_FRACTION 0.01

static void
smooth_alloc (LzEventSmooth             *sm,
              LzEventIntegrator         *self,
              const LzSimulation        *sim,
              const LzIntegratorOptions *options)
{
  guint n = self->n, ne = MAX (self->ne, 1), dim = 2 * n + 3;
  const LzScales *sc = &self->parent.scales;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint ns = lz_model_get_n_sources (model), ncmax = 0;

  lz_event_smooth_sparse (self);
  sm->src_body = g_new0 (int, MAX (ns, 1));
  for (guint s = 0; s < ns; s++)
    sm->src_body[s] = lz_model_get_body_index (model, lz_model_get_source (model, s)->body);
  sm->con = g_new0 (guint, ne);
  sm->con_of = g_new (int, ne);
  sm->body_mark = g_new0 (guint, MAX (n, 1));
  for (guint e = 0; e < ne; e++)
    sm->con_of[e] = -1;
  /* the constraints of a mode: stops in contact, stuck friction */
  for (guint e = 0; e < self->ne; e++)
    ncmax += self->el[e].law.kind == LZ_ITEM_STOP || self->el[e].law.kind == LZ_ITEM_FRICTION;
  if (ncmax > 0)
    {
      gsl_vector **vectors[] = { &sm->Sbuf, &sm->workbuf, &sm->rhs_cbuf, &sm->lambdabuf };

      sm->Gbuf = gsl_matrix_alloc (ncmax, ncmax);
      sm->Vbuf = gsl_matrix_alloc (ncmax, ncmax);
      for (guint k = 0; k < G_N_ELEMENTS (vectors); k++)
        *vectors[k] = gsl_vector_alloc (ncmax);
    }
  ARRAYS_NEW (MAX (n, 1), double, SLOT (sm->fv), SLOT (sm->a));
  ARRAYS_NEW (ne, double, SLOT (sm->g0), SLOT (sm->g0d), SLOT (sm->g0dd));
  sm->rtol = MIN (sim->rtol, EVENT_RTOL_MAX);
  sm->atol = MIN (sim->atol, EVENT_ATOL_MAX);
  sm->atol_scale = g_new0 (double, dim);
  /* a dof's own kind's scale (rad and rad/s for a shaft in a model that
   * also has m and m/s: lz-scales.h) */
  for (guint i = 0; i < dim; i++)
    sm->atol_scale[i] = i < n ? sc->kind_length[lz_model_get_body (model, i)->kind]
                        : i < 2 * n ? sc->kind_speed[lz_model_get_body (model, i - n)->kind]
                        : sc->energy;
  lz_event_rk_alloc (&sm->rk, dim);
  sm->rk.guard_stages = TRUE;
  lz_event_rk_alloc (&sm->rk_scratch, dim);
  sm->h_try = MIN (EVENT_H_FIRST * sc->time, options->t_end * EVENT_H_FIRST_FRACTION);
  sm->ty.usable = -1;                 /* (decided at the first step: lz-event-taylor.c) */
  lz_event_active_setup (self);
}

static void
smooth_free (LzEventSmooth *sm)
{
  lz_event_active_free (sm);          /* (the element lists back first) */
  CLEAR_ALL (g_free, SLOT (sm->mass), SLOT (sm->kc_start), SLOT (sm->kc_col), SLOT (sm->kc_K), SLOT (sm->kc_C),
             SLOT (sm->moving), SLOT (sm->tense), SLOT (sm->powered), SLOT (sm->guarded), SLOT (sm->src_body), SLOT (sm->con),
             SLOT (sm->con_of), SLOT (sm->body_mark), SLOT (sm->fv), SLOT (sm->g0), SLOT (sm->atol_scale),
             SLOT (sm->varying));
  CLEAR_ALL (gsl_matrix_free, SLOT (sm->K), SLOT (sm->C), SLOT (sm->Gbuf), SLOT (sm->Vbuf));
  lz_event_factor_free (sm);
  CLEAR_ALL (gsl_vector_free, SLOT (sm->Sbuf), SLOT (sm->workbuf), SLOT (sm->rhs_cbuf), SLOT (sm->lambdabuf));
  lz_event_rk_free (&sm->rk);
  lz_event_rk_free (&sm->rk_scratch);
  lz_event_taylor_free (sm);
}

static void
locate_alloc (LzEventLocate *loc,
              guint          ne,
              guint          dim)
{
  ARRAYS_NEW (dim, double, SLOT (loc->y0), SLOT (loc->yt), SLOT (loc->dydt0), SLOT (loc->dydt1), SLOT (loc->ym),
              SLOT (loc->y1), SLOT (loc->ys), SLOT (loc->ysamp), SLOT (loc->ypend), SLOT (loc->peek.y0),
              SLOT (loc->peek.y), SLOT (loc->peek.dydt), SLOT (loc->peek.dydt0));
  ARRAYS_NEW (ne, double, SLOT (loc->force), SLOT (loc->gv), SLOT (loc->gdv));
  ARRAYS_NEW (ne, LzMode, SLOT (loc->d_saved), SLOT (loc->peek.mode));
  loc->last_event_t = -1;
}

static void
locate_free (LzEventLocate *loc)
{
  /* (the blocks' owners) */
  CLEAR_ALL (g_free, SLOT (loc->y0), SLOT (loc->force), SLOT (loc->d_saved));
}

static void
modes_alloc (LzEventModes *md,
             guint         ne,
             guint         nm,
             guint         nT)
{
  ARRAYS_NEW (ne, double, SLOT (md->impact_speed), SLOT (md->prev_impact_t), SLOT (md->prev_impact_speed));
  /* (modes, flags and indices: one size) */
  ARRAYS_NEW (ne, guint, SLOT (md->new_mode), SLOT (md->impacted), SLOT (md->prior), SLOT (md->saved),
              SLOT (md->massive), SLOT (md->cand), SLOT (md->first), SLOT (md->idx), SLOT (md->upper),
              SLOT (md->inst_prior), SLOT (md->inst_flags));
  ARRAYS_NEW (MAX (nT, 1), guint, SLOT (md->th_cand), SLOT (md->k_before), SLOT (md->first_k));
  for (guint e = 0; e < nm; e++)
    md->prev_impact_t[e] = -1;        /* (a through-stop's from 0) */
}

static void
modes_free (LzEventModes *md)
{
  CLEAR_ALL (g_free, SLOT (md->impact_speed), SLOT (md->new_mode), SLOT (md->th_cand));
}

static void
joints_free (LzEventJoints *jn)
{
  CLEAR_ALL (g_free, SLOT (jn->iN), SLOT (jn->iD), SLOT (jn->rN), SLOT (jn->rD), SLOT (jn->yc), SLOT (jn->zlambda),
             SLOT (jn->fc), SLOT (jn->fp), SLOT (jn->fm));
  CLEAR_ALL (gsl_matrix_free, SLOT (jn->KNN), SLOT (jn->CDD));
  CLEAR_ALL (gsl_permutation_free, SLOT (jn->pN), SLOT (jn->pD));
  CLEAR_ALL (gsl_vector_free, SLOT (jn->bN), SLOT (jn->bD), SLOT (jn->xN), SLOT (jn->xD));
}

static void
static_free (LzEventStatic *st)
{
  CLEAR_ALL (g_free, SLOT (st->iS), SLOT (st->is_static), SLOT (st->s_excluded), SLOT (st->sg0), SLOT (st->sg0d),
             SLOT (st->s_cached), SLOT (st->s_con), SLOT (st->static_error));
  CLEAR_ALL (gsl_matrix_free, SLOT (st->SA), SLOT (st->SX), SLOT (st->SG), SLOT (st->SV), SLOT (st->sM));
  CLEAR_ALL (gsl_vector_free, SLOT (st->SS), SLOT (st->Swork), SLOT (st->Sb), SLOT (st->Sr), SLOT (st->Sl),
             SLOT (st->sq), SLOT (st->su), SLOT (st->sw));
}

static void
damped_free (LzEventDamped *dj)
{
  CLEAR_ALL (g_free, SLOT (dj->iDS), SLOT (dj->is_dstop), SLOT (dj->dcon), SLOT (dj->cand), SLOT (dj->kind),
             SLOT (dj->pair), SLOT (dj->var), SLOT (dj->sgn), SLOT (dj->lam), SLOT (dj->u), SLOT (dj->lo),
             SLOT (dj->open), SLOT (dj->yp), SLOT (dj->dy), SLOT (dj->keep));
  CLEAR_ALL (gsl_matrix_free, SLOT (dj->DX), SLOT (dj->DG), SLOT (dj->DV));
  CLEAR_ALL (gsl_vector_free, SLOT (dj->DS), SLOT (dj->Dwork), SLOT (dj->Dr), SLOT (dj->Dl), SLOT (dj->Dcol));
}

static void
event_free (LzIntegrator *integrator)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;

  smooth_free (&self->sm);
  locate_free (&self->loc);
  modes_free (&self->md);
  joints_free (&self->jn);
  static_free (&self->st);
  damped_free (&self->dj);
  lz_event_forcing_free (&self->fo);
  CLEAR_ALL (g_free, SLOT (self->tr.through), SLOT (self->el), SLOT (self->mode), SLOT (self->y), SLOT (self->dydt));
}

/* The event-driven method's dense matrices: with massless bodies,
 * DENSE_MASSLESS n × n (its copies of K and C, the massless blocks); and
 * DENSE_CONSTRAINTS nc × nc for the constraints (Hc M⁻¹ Hcᵀ and its SVD
 * factor), nc the stops and frictions, as many as the bodies with one on
 * each.  Refused in words, before allocating, where they would exceed the
 * run's memory limit (a chain of 10^5 bodies with a stop on each would
 * need 160 GB). */
#define DENSE_MASSLESS    4
#define DENSE_CONSTRAINTS 2

static gboolean
dense_fits (guint                      n,
            gboolean                   massless,
            guint                      nc,
            const LzIntegratorOptions *options,
            GError                   **error)
{
  LzIntegratorOptions resolved = *options;
  double bytes = ((massless ? DENSE_MASSLESS * (double) n * n : 0.0)
                  + DENSE_CONSTRAINTS * (double) nc * nc) * sizeof (double), limit;

  lz_limits_resolve (&resolved);
  limit = (double) resolved.max_memory;

  if (bytes <= limit)
    return TRUE;
  g_set_error (error, LZ_ERROR, LZ_ERROR_LIMIT_MEMORY,
               _("the event-driven method keeps dense matrices of the stops and frictions (and, with "
                 "massless bodies, of the bodies): %u bodies and %u stops and frictions need %.0f MiB, "
                 "more than the run’s memory limit of %.0f MiB; the time-stepping method keeps none"),
               n, nc, bytes / (1 << 20), limit / (1 << 20));
  return FALSE;
}

/* The stops and frictions of MODEL: the constraints' size. */
static guint
count_constraints (LzModel *model)
{
  guint nc = 0;

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      LzItemKind kind = lz_model_get_element (model, e)->item.kind;

      nc += kind == LZ_ITEM_STOP || kind == LZ_ITEM_FRICTION;
    }
  return nc;
}

/* Sized from the model: the dofs, the elements with the through-stops,
 * the massless joints' elements (lz_event_setup_massless() allocates
 * those it finds); lz_integrator_step() allocates nothing of the
 * model's size but the LCPs of an event (sized by its candidates). */
static LzIntegrator *
event_new (LzAssembly                *assembly,
           const LzIntegratorOptions *options,
           GError                   **error)
{
  LzEventIntegrator *self = g_new0 (LzEventIntegrator, 1);
  LzModel *model = lz_assembly_get_model (assembly);
  guint n = lz_assembly_get_n_dofs (assembly), ne = lz_model_get_n_elements (model), dim = 2 * n + 3;
  gboolean massless = FALSE;

  self->parent.assembly = assembly;
  self->parent.options = *options;
  lz_scales_of_model (model, &self->parent.scales);
  self->n = n;
  self->ne = ne;
  self->sm.mass = g_new0 (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      self->sm.mass[i] = gsl_spmatrix_get (lz_assembly_get_M_sparse (assembly), i, i);
      massless = massless || !(self->sm.mass[i] > 0);
    }
  if (!dense_fits (n, massless, count_constraints (model), options, error))
    {
      g_free (self->sm.mass);
      g_free (self);
      return NULL;
    }
  /* (the massless joints' blocks come from dense K and C; the
   * right-hand side is sparse) */
  if (massless)
    {
      self->sm.K = lz_assembly_dense_copy (lz_assembly_get_K_sparse (assembly));
      self->sm.C = lz_assembly_dense_copy (lz_assembly_get_C_sparse (assembly));
    }
  if (!lz_event_setup_massless (self, error))
    {
      event_free (&self->parent);
      g_free (self);
      return NULL;
    }
  /* the model's elements, then the through-stops */
  self->nm = ne;
  self->ne = ne + self->tr.nT;
  lz_event_setup_elements (self);
  lz_event_alloc_static (self);
  self->mode = g_new0 (LzMode, MAX (self->ne, 1));
  self->y = g_new0 (double, dim);
  self->dydt = g_new0 (double, dim);
  smooth_alloc (&self->sm, self, lz_model_get_simulation (model), options);
  locate_alloc (&self->loc, MAX (self->ne, 1), dim);
  modes_alloc (&self->md, MAX (self->ne, 1), self->nm, self->tr.nT);
  for (guint i = 0; i < n; i++)
    {
      self->y[i] = lz_model_get_body (model, i)->q0;
      self->y[n + i] = lz_model_get_body (model, i)->v0;
    }
  lz_event_units_start (self);
  if (!lz_event_forcing_setup (self, error) || !lz_event_check_friction (self, error))
    {
      event_free (&self->parent);
      g_free (self);
      return NULL;
    }
  return &self->parent;
}

static const LzIntegratorClass event_class = {
  "event",
  event_new,
  event_start,
  event_step,
  event_free,
};

const LzIntegratorType *const lz_integrator_event = (const LzIntegratorType *) &event_class;
