/* lz-jumps.c — where an expression in t or its derivatives jump, and the
 * side of a jump an evaluation is on
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An expression is smooth except where the argument u(t) of one of its
 * step(), abs() (or delta()) changes sign — its switching functions
 * (lz_symbolic_switching()): step(u) jumps there, abs(u) kinks (its
 * derivative jumps), and a smooth function of them inherits the jump in
 * the derivative of the same order or a higher one.  The language has no
 * other piecewise form: a piecewise definition is written with step(), a
 * bump switched on at t0 as step(t − t0)·…, a triangle with abs().
 *
 * The instants are found once, for the run's interval:
 * - u linear in t (its first derivative does not depend on t, and it has
 *   no step() or abs() of its own): the zero
 *   in closed form, t* = −u(0)/u̇ — step(t − 0.2) jumps at 0.2 exactly;
 * - otherwise by a scan of u that follows its Taylor model: from a sample
 *   s, the next is at 1.5 times the distance to the nearest zero of
 *   u + u̇·d + ü·d²/2 (so a simple zero is bracketed at the next sample),
 *   at most the curvature's scale √|u/ü| and a thousandth of the
 *   interval; a change of side (u < 0 against u ≥ 0, the sides of step())
 *   is bisected to JUMPS_LOCATE_REL.  A zero the scan cannot reach (u not
 *   finite, more than JUMPS_SCAN_MAX_SAMPLES samples) is refused with the
 *   reason, never passed over.  u touching 0 without changing side is no
 *   jump of step() (and abs(u) = ±u is smooth there).
 *
 * The side of a jump: at the instant itself step() gives the value of
 * one side or the other depending on the rounding of u(t*).  An
 * integrator that stops at t* sets a window [a, b] between two jumps for
 * the current thread (lz_jumps_set_window()): an evaluation within
 * LZ_JUMPS_SIDE_REL of an end is made inside the window, so a step that
 * ends at a jump sees the value before it and the step that starts there
 * the value after it.  The derivatives are those between jumps
 * (lz_symbolic_derivative_between_jumps(): step()' = 0), never a delta.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-jumps.h"
#include "lz-symbolic.h"

/* The scan of a switching function takes at least this many samples over
 * the interval (a zero between two samples that the Taylor model does not
 * see is one of a function that turns faster than that) … */
#define JUMPS_SCAN_MIN_SAMPLES 1000
/* … and at most this many: beyond, its zeros cannot be located. */
#define JUMPS_SCAN_MAX_SAMPLES 1000000
/* The next sample at this multiple of the Taylor model's nearest zero,
 * so that a simple zero is bracketed at once. */
#define JUMPS_OVERSHOOT 1.5
/* A zero is bisected to JUMPS_LOCATE_REL·max(T, |t|), well inside the
 * window's side distance LZ_JUMPS_SIDE_REL. */
#define JUMPS_LOCATE_REL 1e-14
/* The value jumps when its change across ±ε exceeds JUMPS_SLOPE_MARGIN
 * times what its derivatives move it over 2ε, and JUMPS_ROUNDING_ULPS
 * roundings of it. */
#define JUMPS_SLOPE_MARGIN 2
#define JUMPS_ROUNDING_ULPS 64

/* The current thread's window (lz_jumps_set_window()). */
static _Thread_local gboolean window_set;
static _Thread_local double window_a, window_b;
/* … and its time unit T (lz_jumps_set_time_unit()). */
static _Thread_local double time_unit = 1.0;

/**
 * lz_jumps_set_time_unit:
 * @unit: the run's time scale T (s, > 0)
 *
 * The unit of the current thread's time tolerances: the side distance and
 * the location of a jump are fractions of max(@unit, |t|), so that a model
 * whose time runs faster keeps them relative (docs/mathematics.md,
 * "Scales").  1 s until set.
 */
void
lz_jumps_set_time_unit (double unit)
{
  time_unit = unit > 0 && isfinite (unit) ? unit : 1.0;
}

/**
 * lz_jumps_side:
 * @t: a time (s)
 *
 * Returns: the distance from a jump at @t at which an evaluation is on
 *   one side of it: LZ_JUMPS_SIDE_REL·max(T, |@t|)
 */
double
lz_jumps_side (double t)
{
  return LZ_JUMPS_SIDE_REL * MAX (time_unit, fabs (t));
}

/**
 * lz_jumps_set_window:
 * @a: the jump before (−∞ for none)
 * @b: the jump after (+∞ for none)
 *
 * Until lz_jumps_clear_window(), this thread's evaluations of expressions
 * at a t within lz_jumps_side() of @a or @b are made that far inside
 * [@a, @b]: the values on this side of the jumps.
 */
void
lz_jumps_set_window (double a,
                     double b)
{
  window_set = TRUE;
  window_a = a;
  window_b = b;
}

void
lz_jumps_clear_window (void)
{
  window_set = FALSE;
}

/**
 * lz_jumps_window_time:
 * @t: a time (s)
 *
 * Returns: the time at which to evaluate for @t: @t, or the point inside
 *   the current window next to the jump @t is at
 */
double
lz_jumps_window_time (double t)
{
  if (!window_set)
    return t;
  if (isfinite (window_b) && fabs (t - window_b) <= lz_jumps_side (window_b))
    return window_b - lz_jumps_side (window_b);
  if (isfinite (window_a) && fabs (t - window_a) <= lz_jumps_side (window_a))
    return window_a + lz_jumps_side (window_a);
  return t;
}

static gboolean
below (double u)
{
  return u < 0;          /* step(u) is 0 below, 1 from 0 on */
}

static void
set_scan_error (GError    **error,
                const char *owner,
                const char *text,
                const char *u,
                const char *why)
{
  g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
               _("%s: cannot find where the expression “%s” jumps: its switching "
                 "function “%s” %s"),
               owner, text, u, why);
}

/* The first change of side of U in (lo, hi] (a change is known there):
 * bisected; the first time on the new side. */
static double
bisect (const LzExpr *u,
        double        lo,
        double        hi)
{
  gboolean side = below (lz_expr_eval (u, lo));

  while (hi - lo > JUMPS_LOCATE_REL * MAX (time_unit, fabs (hi)))
    {
      double mid = 0.5 * (lo + hi);

      if (mid <= lo || mid >= hi)
        break;
      if (below (lz_expr_eval (u, mid)) == side)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

/* The distance to the next sample of the scan at s (see the top). */
static double
scan_step (double u,
           double du,
           double ddu,
           double dmax)
{
  double d = dmax, r = INFINITY;

  if (ddu != 0 && u != 0)
    d = MIN (d, sqrt (fabs (u / ddu)));
  if (u == 0)
    return d;
  if (ddu == 0)
    r = du != 0 && -u / du > 0 ? -u / du : INFINITY;
  else
    {
      double disc = du * du - 2 * ddu * u;

      if (disc >= 0)
        {
          double q = -(du + copysign (sqrt (disc), du));
          double r1 = q / ddu, r2 = q != 0 ? 2 * u / q : INFINITY;

          r = MIN (r1 > 0 ? r1 : INFINITY, r2 > 0 ? r2 : INFINITY);
        }
    }
  if (isfinite (r))
    d = MIN (d, JUMPS_OVERSHOOT * r);
  return d;
}

/* One expression's analysis: its interval, what it belongs to and its
 * text (for messages), the instants found so far. */
typedef struct
{
  double      t0, t1;
  const char *owner;
  const char *text;
  GArray     *instants;
} Analysis;

/* Appends the changes of side of U in (t0, t1] to the instants. */
static gboolean
scan (const LzExpr *u,
      Analysis     *an,
      GError      **error)
{
  double t0 = an->t0, t1 = an->t1, s = t0, us = lz_expr_eval (u, s);
  double dmax = (t1 - t0) / JUMPS_SCAN_MIN_SAMPLES, dmin = (t1 - t0) / JUMPS_SCAN_MAX_SAMPLES;
  guint samples = 0;

  while (s < t1)
    {
      double d, s1, u1;
      g_autofree char *why = NULL;

      if (!isfinite (us))
        why = g_strdup_printf (_("is not finite at t = %.10g s"), s);
      else if (++samples > JUMPS_SCAN_MAX_SAMPLES)
        why = g_strdup_printf (_("needs more than %d samples to follow"), JUMPS_SCAN_MAX_SAMPLES);
      if (why != NULL)
        {
          set_scan_error (error, an->owner, an->text, lz_expr_get_text (u), why);
          return FALSE;
        }
      d = scan_step (us, lz_expr_eval_d1 (u, s), lz_expr_eval_d2 (u, s), dmax);
      s1 = MIN (t1, s + MAX (d, dmin));
      u1 = lz_expr_eval (u, s1);
      if (isfinite (u1) && below (u1) != below (us))
        {
          double tj = bisect (u, s, s1);

          g_array_append_val (an->instants, tj);
          s1 = tj;
          u1 = lz_expr_eval (u, s1);
        }
      s = s1;
      us = u1;
    }
  return TRUE;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

/* The instants of one switching function U_TEXT in (t0, t1]. */
static gboolean
switching_instants (const char *u_text,
                    Analysis   *an,
                    GError    **error)
{
  g_autoptr(LzExpr) u = lz_expr_new (u_text, an->owner, error);
  g_autofree char *d1 = NULL;
  g_autoptr(GPtrArray) inner = NULL;
  gboolean linear = FALSE, has_delta;

  if (u == NULL)
    return FALSE;
  /* linear: a constant slope, and no jump of its own */
  d1 = lz_symbolic_derivative_between_jumps (u_text, 1, &linear);
  inner = lz_symbolic_switching (u_text, &has_delta);
  if (d1 != NULL && linear && inner->len == 0)
    {
      double slope = lz_expr_eval_d1 (u, 0), tj = -lz_expr_eval (u, 0) / slope;

      if (slope != 0 && tj > an->t0 && tj <= an->t1)
        g_array_append_val (an->instants, tj);
      return TRUE;
    }
  return scan (u, an, error);
}

/**
 * lz_jumps_find:
 * @expr: an expression
 * @t0: the start of the interval (s)
 * @t1: its end (s), > @t0
 * @owner: what the expression belongs to, for messages ("ground “road”,
 *   motion")
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 *
 * The instants in (@t0, @t1] where @expr, its first or its second
 * derivative may jump: the changes of side of its switching functions,
 * in closed form where they are linear in t, located otherwise (see the
 * top of the file); sorted, those closer than twice lz_jumps_side()
 * merged.  An expression with delta() — an impulse, which has no value
 * at an instant — or whose switching functions cannot be followed, or
 * that jumps more than %LZ_JUMPS_MAX_INSTANTS times, is refused with the
 * reason.
 *
 * Returns: (transfer full) (element-type double): the instants, or %NULL
 *   with @error set
 */
GArray *
lz_jumps_find (const LzExpr *expr,
               double        t0,
               double        t1,
               const char   *owner,
               GError      **error)
{
  const char *text = lz_expr_get_text (expr);
  g_autoptr(GArray) instants = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) switching = NULL;
  gboolean has_delta, was_set = window_set;
  gboolean ok = TRUE;
  guint kept = 0;
  Analysis an = { t0, t1, owner, text, instants };

  switching = lz_symbolic_switching (text, &has_delta);
  if (has_delta)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                   _("%s: the expression “%s” uses delta(), an impulse: it has no value "
                     "at an instant, so neither method can apply it (write a short pulse "
                     "with step() instead)"),
                   owner, text);
      return NULL;
    }
  /* the analysis sees the expression as it is */
  window_set = FALSE;
  for (guint i = 0; i < switching->len && ok; i++)
    ok = switching_instants (g_ptr_array_index (switching, i), &an, error);
  window_set = was_set;
  if (!ok)
    return NULL;
  g_array_sort (instants, compare_double);
  for (guint i = 0; i < instants->len; i++)
    {
      double tj = g_array_index (instants, double, i);

      if (kept > 0 && tj - g_array_index (instants, double, kept - 1) <= 2 * lz_jumps_side (tj))
        continue;
      g_array_index (instants, double, kept++) = tj;
    }
  g_array_set_size (instants, kept);
  if (kept > LZ_JUMPS_MAX_INSTANTS)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                   _("%s: the expression “%s” jumps more than %d times before t = %g s"),
                   owner, text, LZ_JUMPS_MAX_INSTANTS, t1);
      return NULL;
    }
  return g_steal_pointer (&instants);
}

/**
 * lz_jumps_value_jumps:
 * @expr: an expression
 * @t: one of its instants (lz_jumps_find())
 *
 * Whether the value itself jumps at @t, not only a derivative: its values
 * lz_jumps_side() before and after differ by more than its derivatives
 * move it over that distance (and than rounding).
 *
 * Returns: %TRUE for a jump of the value
 */
gboolean
lz_jumps_value_jumps (const LzExpr *expr,
                      double        t)
{
  double e = lz_jumps_side (t), before, after, slope;
  gboolean was_set = window_set;

  window_set = FALSE;
  before = lz_expr_eval (expr, t - e);
  after = lz_expr_eval (expr, t + e);
  slope = fabs (lz_expr_eval_d1 (expr, t - e)) + fabs (lz_expr_eval_d1 (expr, t + e));
  window_set = was_set;
  /* slope is the sum of |ḟ| at both ends: 2ε·slope bounds the smooth change */
  return fabs (after - before) > JUMPS_SLOPE_MARGIN * 2 * e * slope
         && fabs (after - before) > JUMPS_ROUNDING_ULPS * DBL_EPSILON * MAX (fabs (before), fabs (after));
}
