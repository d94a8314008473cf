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

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-expr.h"

static const char *
value_text (double value)
{
  return isnan (value) ? "NaN" : value > 0 ? "+inf" : "-inf";
}

/**
 * lz_expr_set_nonfinite_error:
 * @expr: an expression
 * @order: 0 for its value, 1 or 2 for a derivative
 * @t: the time, s
 * @value: the non-finite result
 * @owner: who owns the expression, e.g. "force “F1”, attribute “value”"
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 */
void
lz_expr_set_nonfinite_error (const LzExpr *expr,
                             guint         order,
                             double        t,
                             double        value,
                             const char   *owner,
                             GError      **error)
{
  const char *text = lz_expr_get_text (expr);

  if (order == 0)
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the expression “%s” is not finite at t = %g s (%s)"),
                 owner, text, t, value_text (value));
  else
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                 _("%s: the derivative of order %u of the expression “%s” is not finite at t = %g s "
                   "(%s: an infinite rate of change)"),
                 owner, order, text, t, value_text (value));
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
      double value = order == 0 ? lz_expr_eval (expr, t)
                     : order == 1 ? lz_expr_eval_d1 (expr, t) : lz_expr_eval_d2 (expr, t);

      if (!isfinite (value))
        {
          lz_expr_set_nonfinite_error (expr, order, t, value, owner, error);
          return FALSE;
        }
    }
  return TRUE;
}
