/* lz-expr-taylor.c — TEMPORARY stand-in (replaced by the real expansion) */
#include "config.h"
#include <string.h>
#include "lz-expr.h"

gboolean
lz_expr_taylor (const LzExpr *expr,
                double        t0,
                double        h,
                guint         order,
                double       *coef)
{
  (void) h;
  if (!lz_expr_is_constant (expr))
    return FALSE;
  memset (coef, 0, (order + 1) * sizeof (double));
  coef[0] = lz_expr_eval (expr, t0);
  return TRUE;
}
