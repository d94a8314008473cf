/* lz-event-dense.c — the smooth step's continuous extension and the location of a guard crossing on it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A step of the smooth system from (t0, y0) to (t1, y1) knows ẏ at both
 * ends (the guards evaluate the right-hand side there).  For a body with
 * mass that is q, q̇ = v and q̈ = a at both ends: the quintic Hermite
 * polynomial through them is q's continuous extension, of order 6 in the
 * step (error O(h⁶ q⁽⁶⁾)), and its derivative is v's, so that ġ of every
 * element is the derivative of g on it.  A massless body's coordinate
 * (first order: its velocity is solved from the others, its q̈ is not in
 * ẏ) and the energy books take the cubic Hermite polynomial of their
 * values and rates.
 *
 * The extension finds a crossing at the cost of one evaluation of the
 * guards per trial; the instant the log gets is the one the exact
 * integration gives, as before: the crossing on the extension is
 * corrected by Newton's method on the guard of the re-integrated state
 * (lz_event_integrate_to() from the step's start, the slope from the
 * extension), so that the located instant is within the location's
 * bracket of the exact crossing — one or two re-integrations instead of
 * one per trial of the whole bracket.  Where the extension does not
 * bracket the crossing, or Newton does not settle in DENSE_POLISH_MAX
 * trials, lz_event_locate() goes on with re-integrating trials in what is
 * left of the bracket.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-event-private.h"

/* Newton's method on the exact guard stops after DENSE_POLISH_MAX
 * re-integrations (two when the extension is any good); the slope of the
 * guard is a central difference on the extension over
 * DENSE_SLOPE_REL of the bracket. */
#define DENSE_POLISH_MAX 6
#define DENSE_SLOPE_REL 1e-4
/* The instant is the root of the exact guard to DENSE_AIM_REL of the
 * location's bracket (a few rounding units of t): the closest to the
 * root a negative guard can be. */
#define DENSE_AIM_REL 1e-3
/* Illinois on the extension stops after DENSE_MAX_ITER trials, or when
 * its bracket is below DENSE_ROOT_REL of the step's (Newton does the
 * rest on the exact guard, from well inside its quadratic convergence) */
#define DENSE_MAX_ITER 100
#define DENSE_ROOT_REL 1e-10

/* A trial within TAYLOR_TOL_REL of the integration's own tolerance of an
 * exact state (the third-order term of q's and v's Taylor expansion, the
 * second of the energy books', bounded with the extension's derivative)
 * is that state expanded to second order: a Newton correction of a few
 * rounding units of t, a probe a moment after the step's start, cost one
 * evaluation instead of a re-integration from the step's start. */
#define TAYLOR_TOL_REL 1e-3

static void
anchor_set (LzEventLocate *loc,
            guint          k,
            double         t,
            const double  *y,
            const double  *f,
            guint          dim)
{
  loc->anchor_t[k] = t;
  memcpy (loc->anchor_y[k], y, dim * sizeof (double));
  memcpy (loc->anchor_f[k], f, dim * sizeof (double));
  loc->anchor_valid[k] = TRUE;
}

/* The third derivative of body I's q (mass > 0) on the extension at S
 * in [0, 1] of the step, and the second of the cubic component I. */
static double
dense_jerk (const LzEventLocate *loc,
            guint                n,
            guint                i,
            double               s)
{
  const double *y0 = loc->y0, *y1 = loc->y1, *f0 = loc->dydt0, *f1 = loc->dydt1;
  double h = loc->dense_t1 - loc->dense_t0, s2 = s * s;
  double p0 = -60 + 360 * s - 360 * s2, p1 = -36 + 192 * s - 180 * s2, p4 = -24 + 168 * s - 180 * s2;
  double p2 = -9 + 36 * s - 30 * s2, p3 = 3 - 24 * s + 30 * s2;

  return (p0 * (y0[i] - y1[i]) + h * (p1 * f0[i] + p4 * f1[i]) + h * h * (p2 * f0[n + i] + p3 * f1[n + i]))
         / (h * h * h);
}

static double
dense_cubic_dd (const LzEventLocate *loc,
                guint                i,
                double               s)
{
  double h = loc->dense_t1 - loc->dense_t0;

  return ((12 * s - 6) * (loc->y0[i] - loc->y1[i]) + h * ((6 * s - 4) * loc->dydt0[i] + (6 * s - 2) * loc->dydt1[i]))
         / (h * h);
}

/* The largest |p| over [0, 1] of the quadratic p with p(0) = F0,
 * p(½) = FM, p(1) = F1: at an end, or at its vertex. */
static double
quadratic_max_abs (double f0,
                   double fm,
                   double f1)
{
  double b = -3 * f0 + 4 * fm - f1, c = 2 * (f0 - 2 * fm + f1), m = MAX (fabs (f0), fabs (f1));

  if (c != 0 && -b / (2 * c) > 0 && -b / (2 * c) < 1)
    m = MAX (m, fabs (f0 - b * b / (4 * c)));
  return m;
}

/* The state at T of the step from T0 expanded from its nearest anchor,
 * if the expansion's error is within TAYLOR_TOL_REL of the integration's
 * tolerance (bodies with mass only: a massless body's coordinates are
 * solved from the others). */
static gboolean
taylor_state (LzEventIntegrator *self,
              double             t0,
              double             t,
              double            *y)
{
  const LzEventLocate *loc = &self->loc;
  const LzScales *sc = &self->parent.scales;
  guint n = self->n, dim = 2 * n + 3, k = G_N_ELEMENTS (loc->anchor_t);
  double h = loc->dense_t1 - loc->dense_t0, dt, sa, st, rtol = self->sm.rtol, atol = self->sm.atol;
  const double *ya, *fa;

  if (!loc->dense_valid || t0 != loc->dense_t0 || t < loc->dense_t0 || t > loc->dense_t1
      || self->jn.nN + self->jn.nD > 0)
    return FALSE;
  for (guint j = 0; j < G_N_ELEMENTS (loc->anchor_t); j++)
    if (loc->anchor_valid[j] && (k == G_N_ELEMENTS (loc->anchor_t)
                                 || fabs (t - loc->anchor_t[j]) < fabs (t - loc->anchor_t[k])))
      k = j;
  if (k == G_N_ELEMENTS (loc->anchor_t))
    return FALSE;
  ya = loc->anchor_y[k];
  fa = loc->anchor_f[k];
  dt = t - loc->anchor_t[k];
  sa = (loc->anchor_t[k] - loc->dense_t0) / h;
  st = (t - loc->dense_t0) / h;
  for (guint i = 0; i < dim; i++)
    {
      gboolean body = i < n;
      guint b = body ? i : i - n;   /* (v's body; the books: themselves) */
      double d3, err;

      if (i >= n && i < 2 * n)
        continue;                   /* (with q: the same bound) */
      /* the jerk is quadratic in s: its largest value between the anchor
       * and T may be inside; the books' third derivative is constant */
      d3 = i < n ? quadratic_max_abs (dense_jerk (loc, n, b, sa), dense_jerk (loc, n, b, (sa + st) / 2),
                                      dense_jerk (loc, n, b, st))
                 : MAX (fabs (dense_cubic_dd (loc, i, sa)), fabs (dense_cubic_dd (loc, i, st)));
      if (body)
        {
          err = d3 * dt * dt / 2;   /* v's error; q's is d3·dt³/6 */
          if (err > TAYLOR_TOL_REL * (atol * sc->speed + rtol * fabs (ya[n + i]))
              || err * fabs (dt) / 3 > TAYLOR_TOL_REL * (atol * sc->length + rtol * fabs (ya[i])))
            return FALSE;
        }
      else if (d3 * dt * dt / 2 > TAYLOR_TOL_REL * (atol * sc->energy + rtol * fabs (ya[i])))
        return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      y[i] = ya[i] + dt * (fa[i] + 0.5 * dt * fa[n + i]);
      y[n + i] = ya[n + i] + dt * fa[n + i];
    }
  for (guint i = 2 * n; i < dim; i++)
    y[i] = ya[i] + dt * fa[i];
  return TRUE;
}

/* The exact state at T of the step from (T0, loc.y0) into Y: expanded
 * from an anchor where that is within the tolerance, else re-integrated
 * from T0. */
gboolean
lz_event_state_at (LzEventIntegrator *self,
                   double             t0,
                   double             t,
                   double            *y)
{
  return taylor_state (self, t0, t, y) || lz_event_integrate_to (self, t0, self->loc.y0, t, y);
}

/* The smallest guard at T of the step from (T0, loc.y0), Y its state
 * (lz_event_state_at(), or re-integrated unless EXPAND: the motion
 * may have a kink inside the step that the extension does not see); a
 * re-integrated state is the next trials' anchor.  NAN when the
 * integration fails. */
double
lz_event_guard_at (LzEventIntegrator *self,
                   double             t0,
                   double             t,
                   double            *y,
                   gboolean           expand)
{
  gboolean taylor = expand && taylor_state (self, t0, t, y);
  double g;

  if (!taylor && !lz_event_integrate_to (self, t0, self->loc.y0, t, y))
    return NAN;
  g = lz_event_min_guard (self, t, y, NULL);
  if (!taylor && self->loc.dense_valid && t0 == self->loc.dense_t0)
    anchor_set (&self->loc, 2, t, y, self->dydt, 2 * self->n + 3);
  return g;
}

/* The step from (T0, y0, ẏ0) to (T1, y1, ẏ1) the extension interpolates
 * (loc.y0, loc.dydt0, loc.y1, loc.dydt1). */
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
  self->loc.dense_valid = t1 > t0;
  /* the step's ends are exact states: anchors of the trials near them */
  anchor_set (&self->loc, 0, t0, self->loc.y0, self->loc.dydt0, dim);
  anchor_set (&self->loc, 1, t1, self->loc.y1, self->loc.dydt1, dim);
  self->loc.anchor_valid[2] = FALSE;
}

/* The continuous extension at T in [t0, t1] into Y. */
static void
lz_event_dense_eval (const LzEventIntegrator *self,
                     double                   t,
                     double                  *y)
{
  const LzEventLocate *loc = &self->loc;
  const double *y0 = loc->y0, *y1 = loc->y1, *f0 = loc->dydt0, *f1 = loc->dydt1;
  guint n = self->n, dim = 2 * n + 3;
  double h = loc->dense_t1 - loc->dense_t0, s = (t - loc->dense_t0) / h;
  double s2 = s * s, s3 = s2 * s, s4 = s3 * s, s5 = s4 * s;
  /* quintic Hermite: values, first and second derivatives at both ends */
  double p0 = 1 - 10 * s3 + 15 * s4 - 6 * s5, p1 = s - 6 * s3 + 8 * s4 - 3 * s5;
  double p2 = 0.5 * (s2 - 3 * s3 + 3 * s4 - s5), p3 = 0.5 * (s3 - 2 * s4 + s5);
  double p4 = -4 * s3 + 7 * s4 - 3 * s5, p5 = 10 * s3 - 15 * s4 + 6 * s5;
  /* and their derivatives in s */
  double d0 = -30 * s2 + 60 * s3 - 30 * s4, d1 = 1 - 18 * s2 + 32 * s3 - 15 * s4;
  double d2 = s - 4.5 * s2 + 6 * s3 - 2.5 * s4, d3 = 1.5 * s2 - 4 * s3 + 2.5 * s4;
  double d4 = -12 * s2 + 28 * s3 - 15 * s4;
  /* cubic Hermite */
  double c0 = 2 * s3 - 3 * s2 + 1, c1 = s3 - 2 * s2 + s, c2 = -2 * s3 + 3 * s2, c3 = s3 - s2;

  for (guint i = 0; i < n; i++)
    if (self->sm.mass[i] > 0)
      {
        y[i] = p0 * y0[i] + h * (p1 * f0[i] + p4 * f1[i]) + h * h * (p2 * f0[n + i] + p3 * f1[n + i]) + p5 * y1[i];
        y[n + i] = (d0 * (y0[i] - y1[i]) + h * (d1 * f0[i] + d4 * f1[i])
                    + h * h * (d2 * f0[n + i] + d3 * f1[n + i])) / h;
      }
    else
      {
        y[i] = c0 * y0[i] + c1 * h * f0[i] + c2 * y1[i] + c3 * h * f1[i];
        y[n + i] = (1 - s) * y0[n + i] + s * y1[n + i];   /* (solved from the others) */
      }
  for (guint i = 2 * n; i < dim; i++)
    y[i] = c0 * y0[i] + c1 * h * f0[i] + c2 * y1[i] + c3 * h * f1[i];
}

/* The smallest guard on the extension at T */
static double
dense_guard (LzEventIntegrator *self,
             double             t)
{
  lz_event_dense_eval (self, t, self->loc.ym);
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
