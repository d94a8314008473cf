/* lz-watch.c — a run's expressions watched for non-finite values
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A force or a motion that becomes infinite or NaN (1/t, log(0) of a
 * ground motion, exp(1000·t)) made the integrators fail downstream with a
 * message about themselves ("the smooth integration failed", "did not
 * converge") or, for an infinite velocity, run on.  A run checks every
 * expression of the model at its start (the value, and a motion's
 * velocity, at t = 0), notes how many non-finite results each has given,
 * and after every step asks again: a new one stops the run with the
 * element, the expression, t and the value (lz-finite.c words it), in
 * place of whatever the integrator said.
 */

#include "config.h"

#include "lz-error.h"
#include "lz-integrator-private.h"

typedef struct
{
  LzExpr *expr;
  char   *owner;
  guint   count;     /* non-finite results before the run */
} Watched;

static void
watched_free (Watched *w)
{
  lz_expr_unref (w->expr);
  g_free (w->owner);
  g_free (w);
}

typedef struct
{
  GPtrArray *list;
  GError   **error;
  gboolean   ok;
} Start;

static void
start_one (const LzExpr *expr,
           const char   *owner,
           guint         max_order,
           gpointer      data)
{
  Start *start = data;
  Watched *w;

  if (start->ok && !lz_expr_check_finite (expr, 0.0, max_order, owner, start->error))
    start->ok = FALSE;
  w = g_new0 (Watched, 1);
  w->expr = lz_expr_ref ((LzExpr *) expr);
  w->owner = g_strdup (owner);
  w->count = lz_expr_get_nonfinite (expr, NULL, NULL, NULL);
  g_ptr_array_add (start->list, w);
}

/* The model's expressions, each checked at t = 0; NULL with ERROR set if
 * one is not finite there. */
GPtrArray *
lz_watch_new (const LzModel *model,
              GError       **error)
{
  Start start = { g_ptr_array_new_with_free_func ((GDestroyNotify) watched_free), error, TRUE };

  lz_model_foreach_expression (model, start_one, &start);
  if (!start.ok)
    g_clear_pointer (&start.list, g_ptr_array_unref);
  return start.list;
}

/* What the method's set-up evaluated ahead of the run (its scales sample
 * the expressions over t-end, the forcing's jumps are searched for) is not
 * the run: the counts start again after it, so that the first non-finite
 * value the run meets is the one named. */
void
lz_watch_rebase (GPtrArray *watch)
{
  for (guint i = 0; watch != NULL && i < watch->len; i++)
    {
      Watched *w = watch->pdata[i];

      w->count = lz_expr_get_nonfinite (w->expr, NULL, NULL, NULL);
    }
}

/* After a step: FALSE with ERROR set (replacing what the integrator set)
 * when an expression gave a non-finite result during it. */
gboolean
lz_watch_check (GPtrArray  *watch,
                GError    **error)
{
  for (guint i = 0; watch != NULL && i < watch->len; i++)
    {
      Watched *w = watch->pdata[i];
      guint order;
      double t, value;

      if (lz_expr_get_nonfinite (w->expr, &order, &t, &value) == w->count)
        continue;
      if (error != NULL)
        g_clear_error (error);
      lz_expr_set_nonfinite_error (w->expr, order, t, value, w->owner, error);
      return FALSE;
    }
  return TRUE;
}
