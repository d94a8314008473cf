/* lz-event-dense.c — the location of a guard crossing on the step's continuous extension
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A step of the smooth system (lz-event-rk.c) knows its state anywhere
 * inside it within the integration's tolerance: the extension of order 7
 * that DOP853's three more stages build.  A crossing of the guards is
 * found on it at the cost of one evaluation of the guards per trial:
 * Illinois on the extension's guard down to a fraction of the bracket,
 * then Newton's method (the slope from the extension, then the secant of
 * the trials) aimed just past the root, so that the located instant is
 * within the location's bracket of the crossing with the guard negative
 * there.  Where the extension does not bracket the crossing, or Newton
 * does not settle in DENSE_POLISH_MAX trials, lz_event_locate() goes on
 * with Illinois in what is left of the bracket.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-event-private.h"

/* Newton's method stops after DENSE_POLISH_MAX trials (one or two as a
 * rule); its first slope is a central difference on the extension over
 * DENSE_SLOPE_REL of the bracket. */
#define DENSE_POLISH_MAX 6
#define DENSE_SLOPE_REL 1e-4
/* The instant is the root of the guard to DENSE_AIM_REL of the
 * location's bracket (a few rounding units of t): the closest to the
 * root a negative guard can be. */
#define DENSE_AIM_REL 1e-3
/* Illinois on the extension stops after DENSE_MAX_ITER trials, or when
 * its bracket is below DENSE_ROOT_REL of the step's (Newton does the
 * rest, from well inside its quadratic convergence) */
#define DENSE_MAX_ITER 100
#define DENSE_ROOT_REL 1e-10

/* Whether the step whose extension the location reads (lz_event_dense_set())
 * is the one from T0 and covers T */
gboolean
lz_event_dense_covers (const LzEventIntegrator *self,
                       double                   t0,
                       double                   t)
{
  return self->loc.dense_valid && t0 == self->loc.dense_t0 && t >= t0 && t <= self->loc.dense_t1;
}

/* The state at T of the step from (T0, loc.y0) into Y: the step's
 * extension where it covers T, else integrated from T0. */
gboolean
lz_event_state_at (LzEventIntegrator *self,
                   double             t0,
                   double             t,
                   double            *y)
{
  if (lz_event_dense_covers (self, t0, t) && lz_event_rk_dense (self, &self->sm.rk, t, y))
    return TRUE;
  return lz_event_integrate_to (self, t0, self->loc.y0, t, y);
}

/* The state at T of the step from (T0, loc.y0) into Y, integrated from
 * T0 (its ẏ there: loc.dydt0) in one step as a rule: the state an event
 * starts from, where the extension's error (a little above the
 * integration's) would otherwise stay in the motion — a contact left
 * with its gap a rounding below its limit. */
gboolean
lz_event_exact_state (LzEventIntegrator *self,
                      double             t0,
                      double             t,
                      double            *y)
{
  /* (a Taylor step's polynomial is as exact inside the step as at its
   * end: lz-event-taylor.c) */
  if (self->sm.rk.taylor && lz_event_rk_covers (&self->sm.rk, t0, self->loc.y0, t))
    return lz_event_rk_dense (self, &self->sm.rk, t, y);
  return lz_event_rk_integrate (self, &self->sm.rk_scratch, t0, self->loc.y0, self->loc.dydt0, t, y, t - t0);
}

/* The smallest guard at T of the step from (T0, loc.y0), Y its state
 * (lz_event_state_at(), or integrated from T0 unless EXPAND: the motion
 * may have a kink inside the step that the extension does not see) — on
 * a Taylor step, the guards' own polynomials, Y not written (the event's
 * state is the step's, lz_event_exact_state()).  NAN when the
 * integration fails. */
double
lz_event_guard_at (LzEventIntegrator *self,
                   double             t0,
                   double             t,
                   double            *y,
                   gboolean           expand)
{
  if (expand && self->sm.rk.taylor && lz_event_dense_covers (self, t0, t))
    return lz_event_taylor_min_guard (self, &self->sm.rk, t);
  if (expand ? !lz_event_state_at (self, t0, t, y) : !lz_event_integrate_to (self, t0, self->loc.y0, t, y))
    return NAN;
  return lz_event_min_guard (self, t, y, NULL);
}

/* The step from (T0, loc.y0) to (T1, y, ẏ) whose extension the
 * location reads (loc.y1, loc.dydt1: its end): valid when the run's last
 * step (lz-event-rk.c) is that step. */
void
lz_event_dense_set (LzEventIntegrator *self,
                    double             t0,
                    double             t1)
{
  guint dim = 2 * self->n + 3;

  self->loc.dense_t0 = t0;
  self->loc.dense_t1 = t1;
  memcpy (self->loc.y1, self->y, dim * sizeof (double));
  memcpy (self->loc.dydt1, self->dydt, dim * sizeof (double));
  self->loc.dense_valid = t1 > t0 && lz_event_rk_covers (&self->sm.rk, t0, self->loc.y0, t1);
}

/* The smallest guard on the extension at T */
static double
dense_guard (LzEventIntegrator *self,
             double             t)
{
  if (self->sm.rk.taylor)
    return lz_event_taylor_min_guard (self, &self->sm.rk, t);
  if (!lz_event_rk_dense (self, &self->sm.rk, t, self->loc.ym))
    return NAN;
  return lz_event_min_guard (self, t, self->loc.ym, NULL);
}

/* Illinois on the extension's guard in [A, B] down to TOL: the right end
 * of the bracket, or NAN when the extension does not bracket a crossing
 * there. */
static double
dense_root (LzEventIntegrator *self,
            double             a,
            double             b,
            double             tol)
{
  double fa = dense_guard (self, a), fb = dense_guard (self, b);
  int side = 0;

  if (!(fa >= 0 && fb < 0))
    return NAN;
  for (int it = 0; it < DENSE_MAX_ITER && b - a > tol; it++)
    {
      double c = b - fb * (b - a) / (fb - fa), fc;

      if (!(c > a && c < b))
        c = 0.5 * (a + b);
      fc = dense_guard (self, c);
      lz_event_illinois (c, fc, &a, &fa, &b, &fb, &side);
    }
  return b;
}

/* The earliest crossing of the exact guard in (*A, *B] of the step from
 * (T0, loc.y0), located to TOL: TRUE with *B the instant (y its state,
 * the guard negative there); FALSE with [*A, *B] narrowed by what the
 * trials found, for lz_event_locate() to go on. */
gboolean
lz_event_dense_locate (LzEventIntegrator *self,
                       double             t0,
                       double            *a,
                       double            *fa,
                       double            *b,
                       double            *fb,
                       double             tol)
{
  guint dim = 2 * self->n + 3;
  double r, c, dt, slope, c_prev = 0, f_prev = 0;

  if (!self->loc.dense_valid || *a < self->loc.dense_t0 || *b > self->loc.dense_t1
      || t0 != self->loc.dense_t0)
    return FALSE;
  if (self->sm.rk.taylor)
    lz_event_taylor_bracket (self, &self->sm.rk, *a, *b);   /* (its guards, lz-event-taylor.c) */
  r = dense_root (self, *a, *b, MAX (tol, DENSE_ROOT_REL * (*b - *a)));
  if (isnan (r))
    return FALSE;
  dt = DENSE_SLOPE_REL * (*b - *a);
  slope = (dense_guard (self, MIN (r + dt, *b)) - dense_guard (self, MAX (r - dt, *a)))
          / (MIN (r + dt, *b) - MAX (r - dt, *a));
  if (!(slope < 0))
    return FALSE;
  /* aim just past the root: a negative guard there whose Newton step
   * back is within DENSE_AIM_REL of the bracket is the instant */
  c = r + DENSE_AIM_REL * tol;
  for (int k = 0; k < DENSE_POLISH_MAX && c > *a && c < *b; k++)
    {
      double fc;

      fc = lz_event_guard_at (self, t0, c, self->loc.yt, TRUE);
      if (isnan (fc))
        return FALSE;
      /* the secant of the last two trials, once there are two (the
       * extension's slope may be off: the smallest guard changes its
       * element near the crossing) */
      if (k > 0 && c != c_prev && (fc - f_prev) / (c - c_prev) < 0)
        slope = (fc - f_prev) / (c - c_prev);
      c_prev = c;
      f_prev = fc;
      r = c - fc / slope;
      if (fc < 0)
        {
          *b = c;
          *fb = fc;
          memcpy (self->y, self->loc.yt, dim * sizeof (double));
          if (r >= c - 2 * DENSE_AIM_REL * tol && r > *a)
            return TRUE;
        }
      else
        {
          *a = c;
          *fa = fc;
        }
      c = r + DENSE_AIM_REL * tol;
    }
  return FALSE;
}
