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
 *
 * A pole between two evaluations — 1/(t-0.5), tan(t) at π/2 — gives no
 * non-finite value: time-stepping stepped over it with a wrong impulse,
 * the event-driven method's error control failed or stalled before it.
 * So after every step the watch also looks at |f| at the step's ends and
 * its rate of change there (d|f|/dt = sign(f)·f'): when |f| may peak
 * inside the step (it rises from the start and falls to the end, or ends
 * lower than it rose from), lz_expr_find_singular() zooms in on the peak
 * and a pole stops the run by name.  A smooth peak costs a zoom of a few
 * hundred evaluations; a step where |f| is monotone, two evaluations.
 * When the smooth integration fails or a run stalls, lz_watch_explain()
 * searches the interval where it happened for the first non-finite value
 * or pole of any expression, and lz_watch_explain_failure() otherwise
 * says what failed: the state, or the error tolerance at a step size.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"

/* lz_watch_explain() samples an interval at EXPLAIN_SAMPLES points before
 * zooming in on the maxima of |f| (it runs once, after a failure). */
#define EXPLAIN_SAMPLES 257
/* After a step, the slope of f "bends" when the slopes of the step and
 * the one before differ by more than BEND of their sum (a smooth f
 * sampled at N steps a period bends by about π/N, except at its peaks;
 * a pole or a jump by about 1); and a peak of |f| inside the step is
 * steep — a pole's — when |f'|·h ≥ POLE_SLOPE·|f| at an end (a pole
 * 1/|t-a|^p at a distance d ≤ h has |f'|·h = p·|f|·h/d ≥ p·|f|, and p
 * is at least ½ for the poles of libmatheval's functions). */
#define BEND            0.25
#define POLE_SLOPE      0.5

/* The value (or a used derivative) of an expression at the last two
 * step ends the watch saw. */
typedef struct
{
  double t[2];       /* t[1] the later; NAN: not seen */
  double f[2];
} History;

typedef struct
{
  LzExpr *expr;
  char   *owner;
  guint   count;     /* non-finite results before the run */
  guint   max_order; /* the highest derivative the run uses (0 or 1) */
  History seen[2];   /* by order */
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
  w->max_order = MIN (max_order, 1);
  for (guint order = 0; order < G_N_ELEMENTS (w->seen); order++)
    w->seen[order].t[0] = w->seen[order].t[1] = NAN;
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

/* d|f|/dt from f and f' (0 where either is not a number). */
static double
rise (double f,
      double df)
{
  return isnan (df) ? 0 : f > 0 ? df : f < 0 ? -df : 0;
}

/* Whether |f| may have a pole inside [T0, T1] (F and DF: f and f' at
 * both ends): |f| peaks inside — it rises at t0 and falls into t1, rises
 * at t0 to a lower end, or falls into t1 from a lower start — and is
 * steep at an end: a pole of order p at a distance d ≤ h has
 * |f'|·h ≥ p·|f| there, while a smooth peak has |f'|·h ≪ |f|. */
static gboolean
may_have_pole (const double f[2],
               const double df[2],
               double       h)
{
  double r0 = rise (f[0], df[0]), r1 = rise (f[1], df[1]);
  gboolean peak = (r0 > 0 && r1 < 0) || (r0 > 0 && fabs (f[1]) < fabs (f[0]))
                  || (r1 < 0 && fabs (f[0]) < fabs (f[1]));

  return peak && (fabs (df[0]) * h >= POLE_SLOPE * fabs (f[0]) || fabs (df[1]) * h >= POLE_SLOPE * fabs (f[1]));
}

/* Whether the slope of f bends at the step [T0, T1] (H the history of
 * the step before, F1 the value at t1): a smooth f sampled finely has
 * nearly equal slopes on neighbouring steps, except at its peaks; a pole
 * bends them by as much as the slopes themselves, on the step across it
 * or on the next one (1/sqrt(|t-a|) rises on both sides of a on the step
 * across it, and falls on the next).  Without a history it may bend. */
static gboolean
bends (const History *h,
       double         t0,
       double         t1,
       double         f1)
{
  double before, after;

  if (isnan (h->t[0]) || h->t[1] != t0 || !(h->t[0] < t0))
    return TRUE;
  before = (h->f[1] - h->f[0]) / (t0 - h->t[0]);
  after = (f1 - h->f[1]) / (t1 - t0);
  return fabs (after - before) > BEND * (fabs (after) + fabs (before));
}

/* A pole or a non-finite value of one order of W inside [A, B] (F its
 * values at the ends). */
static LzSingular
pole_inside (Watched *w,
             guint    order,
             double   a,
             double   b,
             double   f[2],
             double  *t,
             double  *value)
{
  double df[2] = { lz_expr_eval_order (w->expr, order + 1, a), lz_expr_eval_order (w->expr, order + 1, b) };

  if (isfinite (f[0]) && isfinite (f[1]) && !may_have_pole (f, df, b - a))
    return LZ_SINGULAR_NONE;
  return lz_expr_find_singular (w->expr, order, a, b, 2, t, value);
}

/* One expression over a step [T0, T1]: FALSE with ERROR set at a pole
 * or a non-finite value inside it or the step before.  Costs one
 * evaluation an order where the slope does not bend, a few more where it
 * does, a zoom at a steep peak. */
static gboolean
check_inside (Watched  *w,
              double    t0,
              double    t1,
              GError  **error)
{
  LzSingular found = LZ_SINGULAR_NONE;
  guint order;
  double t, value;

  for (order = 0; found == LZ_SINGULAR_NONE && order <= w->max_order; order++)
    {
      History *h = &w->seen[order];
      double f1 = lz_expr_eval_order (w->expr, order, t1);

      if (!isfinite (f1) || bends (h, t0, t1, f1))
        {
          double now[2] = { h->t[1] == t0 ? h->f[1] : lz_expr_eval_order (w->expr, order, t0), f1 };

          if (h->t[1] == t0 && !isnan (h->t[0]))
            found = pole_inside (w, order, h->t[0], t0, h->f, &t, &value);
          if (found == LZ_SINGULAR_NONE)
            found = pole_inside (w, order, t0, t1, now, &t, &value);
        }
      h->t[0] = h->t[1] == t0 ? t0 : NAN;
      h->f[0] = h->f[1];
      h->t[1] = t1;
      h->f[1] = f1;
    }
  /* what was evaluated here is not the run's: a derivative the run does
   * not use may be infinite where the value is not */
  w->count = lz_expr_get_nonfinite (w->expr, NULL, NULL, NULL);
  if (found == LZ_SINGULAR_NONE)
    return TRUE;
  lz_expr_set_singular_error (w->expr, order - 1, found, t, value, w->owner, error);
  return FALSE;
}

/**
 * lz_watch_check:
 * @watch: (nullable): the watched expressions
 * @t0: the time before the step, s
 * @t1: the time after it, s
 * @error: the step's error, replaced when an expression explains it
 *
 * After a step: FALSE with ERROR set (replacing what the integrator set)
 * when an expression gave a non-finite result during it, or has a pole
 * or a non-finite value inside [@t0, @t1] that the step did not meet.
 *
 * Returns: %FALSE when the run must stop for an expression
 */
gboolean
lz_watch_check (GPtrArray  *watch,
                double      t0,
                double      t1,
                GError    **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; watch != NULL && i < watch->len; i++)
    {
      Watched *w = watch->pdata[i];
      LzSingular found = LZ_SINGULAR_NONFINITE;
      guint order;
      double t, value, t_first, value_first;

      if (lz_expr_get_nonfinite (w->expr, &order, &t, &value) == w->count)
        continue;
      /* the step met it at t (the step itself may have failed there and
       * left t1 = t0); the first such point may lie before */
      if (t > t0)
        {
          found = lz_expr_find_singular (w->expr, order, t0, t, 2, &t_first, &value_first);
          if (found != LZ_SINGULAR_NONE && t_first < t)
            t = t_first, value = value_first;
          else
            found = LZ_SINGULAR_NONFINITE;
        }
      if (error != NULL)
        g_clear_error (error);
      lz_expr_set_singular_error (w->expr, order, found, t, value, w->owner, error);
      lz_watch_rebase (watch);
      return FALSE;
    }
  for (guint i = 0; watch != NULL && ok && t1 > t0 && i < watch->len; i++)
    {
      Watched *w = watch->pdata[i];
      g_autoptr(GError) inside = NULL;

      if (lz_expr_is_constant (w->expr) || check_inside (w, t0, t1, &inside))
        continue;
      if (error != NULL)
        g_clear_error (error);
      g_propagate_error (error, g_steal_pointer (&inside));
      ok = FALSE;
    }
  return ok;
}

/**
 * lz_watch_explain:
 * @watch: (nullable): the watched expressions
 * @t0: the start of the interval where a run failed or stalled, s
 * @t1: its end, s (for a failed step, the longest step the method takes)
 * @error: the run's error, replaced when an expression explains it
 *
 * Searches [@t0, @t1] for the first point where an expression (or a
 * derivative the run uses) is not finite or unbounded.
 *
 * Returns: %TRUE when one was found (@error then names it)
 */
gboolean
lz_watch_explain (GPtrArray  *watch,
                  double      t0,
                  double      t1,
                  GError    **error)
{
  Watched *first = NULL;
  LzSingular first_found = LZ_SINGULAR_NONE;
  guint first_order = 0;
  double first_t = INFINITY, first_value = 0;

  for (guint i = 0; watch != NULL && t1 > t0 && i < watch->len; i++)
    {
      Watched *w = watch->pdata[i];

      for (guint order = 0; order <= w->max_order && !lz_expr_is_constant (w->expr); order++)
        {
          double t, value;
          LzSingular found = lz_expr_find_singular (w->expr, order, t0, t1, EXPLAIN_SAMPLES, &t, &value);

          if (found != LZ_SINGULAR_NONE && t < first_t)
            {
              first = w, first_found = found, first_order = order;
              first_t = t, first_value = value;
            }
        }
    }
  lz_watch_rebase (watch);
  if (first == NULL)
    return FALSE;
  if (error != NULL)
    g_clear_error (error);
  lz_expr_set_singular_error (first->expr, first_order, first_found, first_t, first_value, first->owner, error);
  return TRUE;
}

/**
 * lz_watch_explain_failure:
 * @self: the integrator whose smooth integration failed
 * @t0: the time the failed step started from, s
 * @t1: the end of the longest step it may have tried, s
 * @h: the last step size it tried, s
 * @y: the state it has: n positions, then n velocities
 * @n: the number of bodies
 * @reason: what the ODE solver said
 * @error: return location for the error
 *
 * The error of a failed smooth step, in words: an expression that is not
 * finite or unbounded in [@t0, @t1] (lz_watch_explain()), else a state
 * that is not finite, else the error tolerance not met at step size @h,
 * with the state's largest component.
 */
void
lz_watch_explain_failure (LzIntegrator  *self,
                          double         t0,
                          double         t1,
                          double         h,
                          const double  *y,
                          guint          n,
                          const char    *reason,
                          GError       **error)
{
  guint largest = 0;

  if (lz_watch_explain (self->watch, t0, t1, error))
    return;
  for (guint i = 0; i < 2 * n; i++)
    {
      if (!isfinite (y[i]))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                       _("the smooth integration failed at t = %.10g s (%s): the state is not finite: "
                         "body “%s” has q = %g, v = %g"),
                       t0, reason, lz_assembly_get_dof_name (self->assembly, i % n), y[i % n], y[n + i % n]);
          return;
        }
      if (fabs (y[i]) > fabs (y[largest]))
        largest = i;
    }
  if (n == 0)
    g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                 _("the smooth integration failed at t = %.10g s (%s)"), t0, reason);
  else
    g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                 _("the smooth integration failed at t = %.10g s (%s): its error tolerance was not met "
                   "even with a step of %g s; the forces and motions are finite and bounded there, the "
                   "state's largest component is body “%s”, %s = %g"),
                 t0, reason, h, lz_assembly_get_dof_name (self->assembly, largest % n),
                 largest < n ? "q" : "v", y[largest]);
}
