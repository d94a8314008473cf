/* lz-finite.c — non-finite values of expressions, named in words
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 1/t, log(0), sqrt(-1), exp(1000) or a constant such as 1e400 give an
 * infinite or NaN force or motion; an integrator fed one fails somewhere
 * downstream ("the smooth integration failed", "did not converge") or, for
 * sqrt(t) as a ground motion (an infinite velocity at t = 0), runs on.
 * Here the value is checked where it comes from: lz_expr_check_finite()
 * evaluates an expression and its derivatives at a time (the model does
 * it at t = 0 when the expression is set, which folds constants at check;
 * an integrator again when a run starts), and the message names the
 * owner (element and attribute), the expression, t and the value.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-expr.h"

/* lz_expr_find_singular(): a maximum of |f| is zoomed in on with
 * ZOOM_POINTS samples a level (the bracket shrinks by (ZOOM_POINTS-1)/2)
 * until it is ZOOM_END_ULPS units in the last place of t wide.  It is a
 * pole — unbounded — when |f| still grows by POLE_GROWTH or more from the
 * level NEAR_ULPS ulp wide to the end: a finite peak, however narrow, has
 * stopped growing by then (1/(t-a) grows by 10^6 there, 1/sqrt(t-a) by
 * 10^3).  Bisections stop after MAX_HALVINGS (a double has 2^11 exponents
 * of 2^52 values: far fewer halvings reach adjacent doubles). */
#define ZOOM_POINTS   17
#define ZOOM_END_ULPS 4.0
#define NEAR_ULPS     1e6
#define POLE_GROWTH   1e2
#define MAX_HALVINGS  2200

static const char *
value_text (double value)
{
  return isnan (value) ? "NaN" : value > 0 ? "+inf" : "-inf";
}

/**
 * lz_expr_eval_order:
 * @expr: an expression
 * @order: 0 for its value, 1 or 2 for a derivative
 * @t: the time, s
 *
 * Returns: the value (@order 0) or the derivative of @order at @t
 */
double
lz_expr_eval_order (const LzExpr *expr,
                    guint         order,
                    double        t)
{
  return order == 0 ? lz_expr_eval (expr, t) : order == 1 ? lz_expr_eval_d1 (expr, t) : lz_expr_eval_d2 (expr, t);
}

/**
 * lz_expr_check_finite:
 * @expr: an expression
 * @t: the time, s
 * @max_order: the highest derivative that must be finite too (0: the
 *   value only; 1 for a motion, whose velocity is used)
 * @owner: who owns the expression, for the message
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 *
 * Returns: %TRUE if the value and derivatives up to @max_order are finite
 *   at @t
 */
gboolean
lz_expr_check_finite (const LzExpr *expr,
                      double        t,
                      guint         max_order,
                      const char   *owner,
                      GError      **error)
{
  g_return_val_if_fail (expr != NULL && max_order <= 2, FALSE);

  for (guint order = 0; order <= max_order; order++)
    {
      double value = lz_expr_eval_order (expr, order, t);

      if (!isfinite (value))
        {
          lz_expr_set_singular_error (expr, order, LZ_SINGULAR_NONFINITE, t, value, owner, error);
          return FALSE;
        }
    }
  return TRUE;
}


/* The first non-finite point of [A, B], A finite and B not: bisected to
 * adjacent doubles. */
static double
nonfinite_edge (const LzExpr *expr,
                guint         order,
                double        a,
                double        b)
{
  for (guint i = 0; i < MAX_HALVINGS && nextafter (a, b) < b; i++)
    {
      double m = a + (b - a) / 2;

      if (m <= a || m >= b)
        break;
      if (isfinite (lz_expr_eval_order (expr, order, m)))
        a = m;
      else
        b = m;
    }
  return b;
}

/* The bracket's width at which double precision runs out near T. */
static double
ulp_at (double t)
{
  return MAX (fabs (t), DBL_MIN / DBL_EPSILON) * DBL_EPSILON;
}

/* Zooms in on the maximum of |f| in [A, B]: LZ_SINGULAR_NONFINITE or
 * _UNBOUNDED with *T and *VALUE, or LZ_SINGULAR_NONE for a finite peak. */
static LzSingular
zoom (const LzExpr *expr,
      guint         order,
      double        a,
      double        b,
      double       *t,
      double       *value)
{
  double f[ZOOM_POINTS], x[ZOOM_POINTS], near_max = NAN, top = 0;

  for (guint level = 0; level < MAX_HALVINGS; level++)
    {
      guint best = 0;
      double width = b - a, ulp = ulp_at (MAX (fabs (a), fabs (b)));

      for (guint i = 0; i < ZOOM_POINTS; i++)
        {
          x[i] = i + 1 < ZOOM_POINTS ? a + width * i / (ZOOM_POINTS - 1) : b;
          f[i] = lz_expr_eval_order (expr, order, x[i]);
          if (!isfinite (f[i]))
            {
              *t = i == 0 ? x[0] : nonfinite_edge (expr, order, x[i - 1], x[i]);
              *value = lz_expr_eval_order (expr, order, *t);
              return LZ_SINGULAR_NONFINITE;
            }
          if (fabs (f[i]) > fabs (f[best]))
            best = i;
        }
      top = f[best];
      if (isnan (near_max) && width <= NEAR_ULPS * ulp)
        near_max = fabs (top);
      *t = x[best];
      if (width <= ZOOM_END_ULPS * ulp)
        break;
      a = x[best > 0 ? best - 1 : 0];
      b = x[best + 1 < ZOOM_POINTS ? best + 1 : ZOOM_POINTS - 1];
      if (b - a >= width)          /* rounding: t has no more precision */
        break;
    }
  *value = top;
  return !isnan (near_max) && fabs (top) > POLE_GROWTH * near_max ? LZ_SINGULAR_UNBOUNDED : LZ_SINGULAR_NONE;
}

/**
 * lz_expr_find_singular:
 * @expr: an expression
 * @order: 0 for its value, 1 or 2 for a derivative
 * @t0: the start of the interval, s
 * @t1: its end, s (> @t0)
 * @samples: how many equally spaced samples look for the maxima of |f|
 *   first (at least 2: the ends)
 * @t: (out): where the expression turns non-finite or unbounded
 * @value: (out): the value there (non-finite, or the largest finite one
 *   next to a pole)
 *
 * Where in [@t0, @t1] the expression (or its derivative) is first not
 * finite (log(0.5-t) past 0.5) or grows without bound (1/(t-0.5),
 * tan(t) at π/2, exp(1/(0.5-t))): every maximum of |f| among the samples
 * is zoomed in on, in time order, down to the precision of t; the first
 * non-finite sample's edge is bisected.  A step over such a point makes
 * an integrator fail, stall or pass it with a wrong impulse.
 *
 * Returns: what was found first; %LZ_SINGULAR_NONE for an expression
 *   bounded and finite on [@t0, @t1]
 */
LzSingular
lz_expr_find_singular (const LzExpr *expr,
                       guint         order,
                       double        t0,
                       double        t1,
                       guint         samples,
                       double       *t,
                       double       *value)
{
  g_autofree double *x = NULL, *f = NULL;
  guint n = MAX (samples, 2), first_bad = n;

  g_return_val_if_fail (expr != NULL && order <= 2 && t != NULL && value != NULL, LZ_SINGULAR_NONE);
  if (!(t1 > t0))
    return LZ_SINGULAR_NONE;
  x = g_new (double, n);
  f = g_new (double, n);
  for (guint i = 0; i < n; i++)
    {
      x[i] = i + 1 < n ? t0 + (t1 - t0) * i / (n - 1) : t1;
      f[i] = lz_expr_eval_order (expr, order, x[i]);
      if (!isfinite (f[i]))
        {
          first_bad = i;
          break;
        }
    }
  for (guint i = 0; i < first_bad; i++)
    {
      /* strictly above the left neighbour: a plateau is zoomed in on once */
      gboolean left = i == 0 || fabs (f[i]) > fabs (f[i - 1]);
      gboolean right = i + 1 >= first_bad || fabs (f[i]) >= fabs (f[i + 1]);
      LzSingular found;

      if (!left || !right || (i + 1 == first_bad && first_bad < n))
        continue;      /* the non-finite edge next to it is found below */
      found = zoom (expr, order, x[i > 0 ? i - 1 : 0], x[i + 1 < n ? i + 1 : n - 1], t, value);
      if (found != LZ_SINGULAR_NONE)
        return found;
    }
  if (first_bad == n)
    return LZ_SINGULAR_NONE;
  *t = first_bad == 0 ? t0 : nonfinite_edge (expr, order, x[first_bad - 1], x[first_bad]);
  *value = lz_expr_eval_order (expr, order, *t);
  return LZ_SINGULAR_NONFINITE;
}

/**
 * lz_expr_set_singular_error:
 * @expr: an expression
 * @order: 0 for its value, 1 or 2 for a derivative
 * @found: what lz_expr_find_singular() or lz_expr_check_finite() found
 *   (not %LZ_SINGULAR_NONE)
 * @t: where, s
 * @value: the value there
 * @owner: who owns the expression, for the message, e.g. "force “F1”,
 *   attribute “value”"
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 */
void
lz_expr_set_singular_error (const LzExpr *expr,
                            guint         order,
                            LzSingular    found,
                            double        t,
                            double        value,
                            const char   *owner,
                            GError      **error)
{
  const char *text = lz_expr_get_text (expr);

  if (found == LZ_SINGULAR_NONFINITE && order == 0)
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the expression “%s” is not finite at t = %g s (%s)"),
                 owner, text, t, value_text (value));
  else if (found == LZ_SINGULAR_NONFINITE)
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the derivative of order %u of the expression “%s” is not finite at t = %g s "
                   "(%s: an infinite rate of change)"),
                 owner, order, text, t, value_text (value));
  else if (order == 0)
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the expression “%s” is unbounded near t = %.10g s (it reaches %g there): "
                   "no run can pass that instant"),
                 owner, text, t, value);
  else
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the derivative of order %u of the expression “%s” is unbounded near t = %.10g s "
                   "(it reaches %g there: an infinite rate of change)"),
                 owner, order, text, t, value);
}
