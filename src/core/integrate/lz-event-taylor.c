/* lz-event-taylor.c — Taylor steps of a linear mode
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Inside a mode of a model whose laws are affine in the state — linear
 * springs and dampers, springs with freeplay by their mode, dry friction
 * stuck (a constraint) or slipping at a constant level, stops free or in
 * contact, forces f(t) on bodies with mass, fixed grounds — the smooth
 * system is ẏ = A·y + B·u(t) + c, the constraint forces λ too are affine
 * in (y, u), and the energy books' powers are sums of products of two
 * affine factors.  Its Taylor series at t0, in the scaled time
 * τ = (t − t0)/hs, follows from
 *
 *   Y₀ = y(t0),   Y_(k+1) = hs·(A·Y_k + B·U_k + c·[k = 0])/(k + 1),
 *
 * U_k the forcing's scaled coefficients (lz_expr_taylor()).  A·Y_k + B·U_k
 * is the right-hand side itself evaluated at the state Y_k with the
 * forcing U_k, less its value at the state 0 with the forcing 0 (the
 * constant part c): one evaluation an order, the laws written once
 * (lz-event-smooth.c, lz-event-power.c), with λ's coefficients and the
 * powers' factors from the same evaluations.  A power a·b has the
 * coefficients Σ a_i·b_(m−i) (its factors' Cauchy product), and the
 * energy books integrate them exactly.
 *
 * The order grows until the series reaches the step's scale hs within
 * the tolerance (Jorba and Zou's estimate from its last two terms: "A
 * software package for the numerical integration of ODEs by means of
 * high-order Taylor methods", 2005), or, every TAYLOR_CHECK orders,
 * until a guard is negative on the polynomial: the step ends there and
 * the location reads the same polynomial.  The polynomial is the state
 * anywhere in the step to the same accuracy as at its end, so the
 * location, the event's state, the at-once probe and the samples read it
 * without evaluating the right-hand side; the guards, affine in y and λ
 * too, have their own coefficients from the same evaluations
 * (lz_event_guards() at each order's state), and are followed on them
 * inside the step.  Where the model is
 * not of this kind, or an expression has no expansion at t0, the step is
 * DOP853's (lz-event-rk.c); LUZTAR_EVENT_TAYLOR=off takes DOP853 always.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz-contact-law.h"
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-model-private.h"

/* The order grows from TAYLOR_MIN to LZ_EVENT_TAYLOR_MAX; the guards are
 * looked at on their polynomials every TAYLOR_CHECK orders from
 * TAYLOR_MIN on (a mode left at once shows at the lowest), at most
 * 1/TAYLOR_SAMPLES of the step and TAYLOR_SPACING·T apart where one is
 * near zero (the spacing of the interpolant's samples in a long DOP853
 * step, lz-event-locate.c). */
#define TAYLOR_MIN 2
#define TAYLOR_CHECK 2
#define TAYLOR_SAMPLES 8
#define TAYLOR_SPACING (1.0 / 32)
/* DOP853's order: from it on the guards are looked at as densely as its
 * stages would be, and a step may end by its reach */
#define TAYLOR_DOP_ORDER 8
/* Jorba and Zou's safety factor on the step the last two terms allow,
 * exp(−TAYLOR_SAFETY/(p − 1)) */
#define TAYLOR_SAFETY 0.7
/* The next step's scale is at most TAYLOR_GROW times this one's; the
 * run's first is TAYLOR_H_FIRST·T (the order finds its length) */
#define TAYLOR_GROW 2.0
#define TAYLOR_H_FIRST 1.0
/* Where a run diverges inside a step, its first sample beyond the limit
 * among TAYLOR_BEYOND_SAMPLES, then bisected */
#define TAYLOR_BEYOND_SAMPLES 64

/* ------------------------------------------------------------------------ */
/* Whether every mode of the model is linear (decided once) */

static gboolean
element_linear (const LzEventIntegrator *self,
                guint                    e)
{
  const LzElementLaw *law = &self->el[e].law;

  /* (a rigid coupling's guard |ġ| is not affine: lz_event_guards()) */
  if (law->xa != NULL || law->xb != NULL || lz_contact_law_is (law) || lz_element_law_is_bilateral (law))
    return FALSE;
  if (law->kind == LZ_ITEM_FRICTION)
    return e < self->nm && law->fpos_t == NULL && law->fneg_t == NULL && law->fs_pos_t == NULL
           && law->fs_neg_t == NULL && !(law->vs > 0);
  return law->kind != LZ_ITEM_PRESCRIBED && law->kind != LZ_ITEM_ACTUATOR;
}

static gboolean
model_linear (LzEventIntegrator *self)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  const char *env = g_getenv ("LUZTAR_EVENT_TAYLOR");

  if ((env != NULL && g_ascii_strcasecmp (env, "off") == 0)
      || self->jn.nN + self->jn.nD > 0 || self->tr.nT > 0 || self->dj.nDS > 0 || self->st.nS > 0
      || self->sm.n_moving > 0 || (self->fo.forcing != NULL && self->fo.forcing->jumps->len > 0))
    return FALSE;
  for (guint i = 0; i < self->n; i++)
    if (!(self->sm.mass[i] > 0))
      return FALSE;
  for (guint e = 0; e < self->ne; e++)
    if (!element_linear (self, e))
      return FALSE;
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    if (lz_model_get_source (model, s)->item.kind != LZ_ITEM_FORCE)
      return FALSE;
  return TRUE;
}

static void
ty_alloc (LzEventIntegrator *self)
{
  LzEventTaylor *ty = &self->sm.ty;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint n = self->n, dim = 2 * n + 3, m = LZ_EVENT_TAYLOR_MAX;

  ty->nsrc = lz_model_get_n_sources (model);
  ty->max_pairs = ty->nsrc + 2 * self->ne;
  ty->forced = g_new (guint, MAX (n, 1));
  ty->nforced = lz_assembly_get_forced_dofs (self->parent.assembly, ty->forced);
  ty->f = g_new0 (double, (gsize) (m + 1) * MAX (n, 1));
  ty->src = g_new0 (double, (gsize) (m + 1) * MAX (ty->nsrc, 1));
  ty->max_guards = MAX_GUARDS * MAX (self->ne, 1);
  /* (the state 0, the forcing 0, and the constant part of order 0) */
  ty->zero = g_new0 (double, MAX (MAX (dim, ty->nsrc), MAX (ty->max_guards, ty->max_pairs)) + 1);
  ty->scratch = g_new0 (double, 4 * m + 8);
  ty->square = g_new0 (double, 3 * LZ_EVENT_SQUARE_TOP);
  ty->dydt = g_new0 (double, dim);
  ty->c = g_new0 (double, dim);
  ty->lc = g_new0 (double, self->sm.lambdabuf != NULL ? self->sm.lambdabuf->size : 1);
  ty->ca = g_new0 (double, MAX (ty->max_pairs, 1));
  ty->cb = g_new0 (double, MAX (ty->max_pairs, 1));
  ty->pa = g_new0 (double, MAX (ty->max_pairs, 1));
  ty->pb = g_new0 (double, MAX (ty->max_pairs, 1));
  ty->pslot = g_new0 (guint, MAX (ty->max_pairs, 1));
  ty->gc = g_new0 (double, ty->max_guards);
  ty->gk = g_new0 (double, ty->max_guards);
  ty->gnext = g_new0 (double, ty->max_guards);
  ty->lower = g_new0 (double, ty->max_guards);
  ty->cand = g_new0 (guint, ty->max_guards);
  ty->inv_y = g_new0 (double, dim);
  ty->state_comp = g_new0 (guint, dim);
  /* (once a run: reach() takes it at every order of every step) */
  for (guint p = 2; p <= m; p++)
    ty->safety[p] = exp (-TAYLOR_SAFETY / (p - 1));
  ty->inv_l = g_new0 (double, self->sm.lambdabuf != NULL ? self->sm.lambdabuf->size : 1);
}

static gboolean
usable (LzEventIntegrator *self)
{
  LzEventTaylor *ty = &self->sm.ty;

  if (ty->usable < 0)
    {
      ty->usable = model_linear (self);
      if (ty->usable)
        ty_alloc (self);
    }
  return ty->usable;
}

/* The terms a step keeps of each guard and each power's factor are
 * stored by guard and by factor, orders ascending (G[s·LZ_EVENT_TAYLOR_MAX
 * + k], A and B likewise by factor): the polynomial of one guard, read at
 * every sample of it, and the Cauchy product of one power's factors run
 * along contiguous terms. */
#define TERM(array, j, k) ((array)[(gsize) (j) * LZ_EVENT_TAYLOR_MAX + (k)])

static void
rk_alloc (const LzEventIntegrator *self,
          LzEventRk               *rk)
{
  guint m = LZ_EVENT_TAYLOR_MAX, pairs = MAX (self->sm.ty.max_pairs, 1);
  guint nc = self->sm.lambdabuf != NULL ? self->sm.lambdabuf->size : 1;

  if (rk->Y != NULL)
    return;
  rk->Y = g_new0 (double, (gsize) (m + 1) * rk->dim);
  rk->E = g_new0 (double, (gsize) (2 * m + 1) * 3);
  rk->L = g_new0 (double, (gsize) m * nc);
  rk->A = g_new0 (double, (gsize) m * pairs);
  rk->B = g_new0 (double, (gsize) m * pairs);
  rk->written = g_new (guint, rk->dim);
  rk->nwritten = 0;
}

/* The terms of order ≥ 1 are 0 at the components a step leaves alone
 * (the frozen bodies of the active set): an evaluation reads a frozen
 * neighbour's q and v there.  Those the last step wrote at are cleared
 * when the components change (the orders written since the last clearing:
 * top_written). */
static void
clear_left_alone (LzEventRk *rk)
{
  guint dim = rk->dim;

  if (rk->nwritten == rk->ncomp && memcmp (rk->written, rk->comp, rk->ncomp * sizeof (guint)) == 0)
    return;
  for (guint k = 1; k <= rk->top_written; k++)
    for (guint c = 0; c < rk->nwritten; c++)
      rk->Y[(gsize) k * dim + rk->written[c]] = 0;
  rk->top_written = 0;
  memcpy (rk->written, rk->comp, rk->ncomp * sizeof (guint));
  rk->nwritten = rk->ncomp;
}

void
lz_event_taylor_rk_free (LzEventRk *rk)
{
  g_clear_pointer (&rk->Y, g_free);
  g_clear_pointer (&rk->E, g_free);
  g_clear_pointer (&rk->L, g_free);
  g_clear_pointer (&rk->A, g_free);
  g_clear_pointer (&rk->B, g_free);
  g_clear_pointer (&rk->written, g_free);
  g_clear_pointer (&rk->G, g_free);
}

void
lz_event_taylor_free (LzEventSmooth *sm)
{
  LzEventTaylor *ty = &sm->ty;

  g_clear_pointer (&ty->forced, g_free);
  g_clear_pointer (&ty->f, g_free);
  g_clear_pointer (&ty->src, g_free);
  g_clear_pointer (&ty->zero, g_free);
  g_clear_pointer (&ty->scratch, g_free);
  g_clear_pointer (&ty->square, g_free);
  g_clear_pointer (&ty->dydt, g_free);
  g_clear_pointer (&ty->c, g_free);
  g_clear_pointer (&ty->lc, g_free);
  g_clear_pointer (&ty->ca, g_free);
  g_clear_pointer (&ty->cb, g_free);
  g_clear_pointer (&ty->pa, g_free);
  g_clear_pointer (&ty->pb, g_free);
  g_clear_pointer (&ty->pslot, g_free);
  g_clear_pointer (&ty->gc, g_free);
  g_clear_pointer (&ty->gk, g_free);
  g_clear_pointer (&ty->gnext, g_free);
  g_clear_pointer (&ty->lower, g_free);
  g_clear_pointer (&ty->inv_y, g_free);
  g_clear_pointer (&ty->state_comp, g_free);
  g_clear_pointer (&ty->cand, g_free);
  g_clear_pointer (&ty->inv_l, g_free);
  lz_event_ops_free (&ty->ops);
}

/* ------------------------------------------------------------------------ */
/* The series */

/* The constraint rows an evaluation computes (the active set's, or all):
 * *ROWS NULL for 0 … nc − 1 */
static guint
eval_rows (const LzEventIntegrator *self,
           const guint            **rows)
{
  const LzEventActive *ac = &self->sm.act;

  *rows = ac->on ? ac->con : NULL;
  return ac->on ? ac->ncon : self->sm.nc;
}

/* The forcing's coefficients at T0, scaled by HS, to the highest order */
static gboolean
forcing_series (LzEventIntegrator *self,
                double             t0,
                double             hs)
{
  LzEventTaylor *ty = &self->sm.ty;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint m = LZ_EVENT_TAYLOR_MAX;

  if (!lz_assembly_f_taylor (self->parent.assembly, t0, hs, m, ty->forced, ty->nforced, ty->scratch, ty->f))
    return FALSE;
  for (guint s = 0; s < ty->nsrc; s++)
    {
      if (!lz_expr_taylor (lz_model_get_source (model, s)->value, t0, hs, m, ty->scratch))
        return FALSE;
      for (guint k = 0; k <= m; k++)
        ty->src[(gsize) k * ty->nsrc + s] = ty->scratch[k];
    }
  return TRUE;
}

/* ẏ into ty->dydt at the state Y with the forcing of order K (K < 0:
 * the forcing 0), λ in sm.lambda, the powers' factors in ty->pa, pb */
static gboolean
eval_order (LzEventIntegrator *self,
            double             t0,
            const double      *Y,
            int                k)
{
  LzEventTaylor *ty = &self->sm.ty;
  int status;

  ty->eval_f = k < 0 ? ty->zero : ty->f + (gsize) k * self->n;
  ty->eval_src = k < 0 ? ty->zero : ty->src + (gsize) k * ty->nsrc;
  ty->record = TRUE;
  ty->ops_on = lz_event_ops_current (&self->sm);
  ty->npairs = 0;
  status = lz_event_rhs (t0, Y, ty->dydt, self);
  ty->eval_f = ty->eval_src = NULL;
  ty->record = ty->ops_on = FALSE;
  return status == GSL_SUCCESS;
}

/* The inverse of the tolerances the terms are measured in: the state's
 * at Y₀, λ's at λ₀ (once a step; λ's once its first term is known); the
 * step's components of the state listed for term_size() */
static void
tolerances (LzEventIntegrator *self,
            const LzEventRk   *rk,
            gboolean           lambda)
{
  LzEventSmooth *sm = &self->sm;
  LzEventTaylor *ty = &sm->ty;
  const guint *rows;
  guint nrows = eval_rows (self, &rows);

  if (lambda)
    {
      for (guint r = 0; r < nrows; r++)
        {
          guint c = rows != NULL ? rows[r] : r;
          double unit = lz_event_unit_force (self, &self->el[sm->con[c]]);

          ty->inv_l[c] = 1 / (LZ_EVENT_TOL_SHARE * (sm->atol * unit + sm->rtol * fabs (rk->L[c])));
        }
      return;
    }
  ty->nstate_comp = 0;
  for (guint c = 0; c < rk->ncomp; c++)
    {
      guint i = rk->comp[c];

      if (i < 2 * self->n)
        {
          ty->inv_y[i] = 1 / (LZ_EVENT_TOL_SHARE * (sm->atol * sm->atol_scale[i] + sm->rtol * fabs (rk->Y[i])));
          ty->state_comp[ty->nstate_comp++] = i;
        }
    }
}

/* The largest |Y_k| over the positions and velocities, in units of the
 * tolerance at Y₀ (the step's, tolerances()) */
static double
term_size (const LzEventIntegrator *self,
           const LzEventRk         *rk,
           guint                    k)
{
  const LzEventTaylor *ty = &self->sm.ty;
  const double *Yk = rk->Y + (gsize) k * rk->dim, *inv = ty->inv_y;
  double worst = 0;

  for (guint c = 0; c < ty->nstate_comp; c++)
    {
      guint i = ty->state_comp[c];

      worst = MAX (worst, fabs (Yk[i]) * inv[i]);
    }
  return worst;
}

/* The largest |λ_k| over the rows, in units of the tolerance at λ₀ (the
 * force of a stuck body follows the forcing while its state does not
 * move: its terms decide the order then) */
static double
lambda_size (const LzEventIntegrator *self,
             const LzEventRk         *rk,
             guint                    k)
{
  const double *Lk = rk->L + (gsize) k * self->sm.nc, *inv = self->sm.ty.inv_l;
  const guint *rows;
  guint nrows = eval_rows (self, &rows);
  double worst = 0;

  for (guint r = 0; r < nrows; r++)
    {
      guint c = rows != NULL ? rows[r] : r;

      worst = MAX (worst, fabs (Lk[c]) * inv[c]);
    }
  return worst;
}

/* (1/size)^(1/k): how far in τ a term of order K of that size stays
 * within the tolerance */
static double
term_reach (double size,
            guint  k)
{
  return size > 0 ? pow (1 / size, 1.0 / k) : INFINITY;
}

/* The reach of each order's terms, the state's and λ's, once computed
 * in a step (a term is final once its order is: reach() reads each at
 * two or three orders) */
enum
{
  REACH_STATE,
  REACH_LAMBDA
};

typedef struct
{
  double r[2][LZ_EVENT_TAYLOR_MAX + 1];   /* [REACH_STATE], [REACH_LAMBDA] by order */
  guint  known[2];            /* the orders 1 … known − 1 are computed */
} Reaches;

static double
order_reach (const LzEventIntegrator *self,
             const LzEventRk         *rk,
             Reaches                 *rc,
             int                      which,
             guint                    k)
{
  for (guint *j = &rc->known[which]; *j <= k; (*j)++)
    rc->r[which][*j] = term_reach (which == REACH_STATE ? term_size (self, rk, *j) : lambda_size (self, rk, *j), *j);
  return rc->r[which][k];
}

/* How far in τ the series of order P is within the tolerance, by its last
 * two terms, the state's and λ's (∞ when they are 0: a polynomial) */
static double
reach (const LzEventIntegrator *self,
       const LzEventRk         *rk,
       Reaches                 *rc,
       guint                    p)
{
  /* (each read once: MIN names its arguments twice) */
  double r1 = order_reach (self, rk, rc, REACH_STATE, p - 1), r2 = order_reach (self, rk, rc, REACH_STATE, p);
  double l1 = order_reach (self, rk, rc, REACH_LAMBDA, p - 1), r = MIN (r1, r2);

  r = MIN (r, l1);
  if (p > 2)
    {
      double l2 = order_reach (self, rk, rc, REACH_LAMBDA, p - 2);

      r = MIN (r, l2);
    }
  return r * self->sm.ty.safety[p];
}

/* The guards of the elements the evaluations visit at Y, λ as the last
 * evaluation left it, into OUT: how many (the same in a mode) */
static guint
guard_pass (LzEventIntegrator *self,
            const double      *y,
            double            *out)
{
  guint count = 0;

  if (lz_event_ops_current (&self->sm))
    return lz_event_ops_guards (self, y, out);
  for (guint j = 0; j < self->sm.n_guarded; j++)
    count += lz_event_guards (self, self->sm.guarded[j], y, out + count);
  return count;
}

/* The guards' terms of order K (affine in y and λ, lz_event_guards():
 * less the constant part's from order 1 on), for the samples inside the
 * step; room for them as the active set grows */
static gboolean
guard_terms (LzEventIntegrator *self,
             LzEventRk         *rk,
             const double      *Y,
             guint              k)
{
  LzEventTaylor *ty = &self->sm.ty;
  guint count = guard_pass (self, Y, ty->gk);
  const double *gc;

  if (count != ty->c_nguards)
    return FALSE;
  if (count > rk->max_guards)
    {
      rk->max_guards = MAX (count, 2 * rk->max_guards);
      rk->G = g_renew (double, rk->G, (gsize) LZ_EVENT_TAYLOR_MAX * rk->max_guards);
    }
  rk->nguards = count;
  gc = k == 0 ? ty->zero : ty->gc;
  for (guint s = 0; s < count; s++)
    TERM (rk->G, s, k) = ty->gk[s] - gc[s];
  return TRUE;
}

/* The terms of order K + 1: Y from ẏ of order K; λ's, the factors and the
 * guards of order K (less the constant part's from order 1 on) */
static gboolean
next_order (LzEventIntegrator *self,
            LzEventRk         *rk,
            double             t0,
            guint              k)
{
  LzEventTaylor *ty = &self->sm.ty;
  const double *d = ty->dydt, *c0, *ca, *cb;
  double *Y1 = rk->Y + (gsize) (k + 1) * rk->dim, *Lk = rk->L + (gsize) k * self->sm.nc;
  const guint *rows;
  guint nrows = eval_rows (self, &rows), npairs;

  if (!eval_order (self, t0, rk->Y + (gsize) k * rk->dim, (int) k)
      || !guard_terms (self, rk, rk->Y + (gsize) k * rk->dim, k))
    return FALSE;
  npairs = ty->npairs;
  rk->top_written = MAX (rk->top_written, k + 1);
  /* (order 0 less zeros: x − 0 is x to the bit, −0 and NaN too) */
  c0 = k == 0 ? ty->zero : ty->c;
  ca = k == 0 ? ty->zero : ty->ca;
  cb = k == 0 ? ty->zero : ty->cb;
  for (guint c = 0; c < rk->ncomp; c++)
    {
      guint i = rk->comp[c];

      Y1[i] = rk->hs * (d[i] - c0[i]) / (k + 1);
    }
  for (guint r = 0; r < nrows; r++)
    {
      guint c = rows != NULL ? rows[r] : r;
      double l = gsl_vector_get (self->sm.lambda, c);

      Lk[c] = k == 0 ? l : l - ty->lc[c];
    }
  for (guint j = 0; j < npairs; j++)
    {
      TERM (rk->A, j, k) = ty->pa[j] - ca[j];
      TERM (rk->B, j, k) = ty->pb[j] - cb[j];
    }
  return TRUE;
}

/* The constant part: ẏ, λ and the factors at the state 0 with the
 * forcing 0, the same while the mode and the active set last (the model's
 * laws are constant in t: model_linear()); *NPAIRS the factors an
 * evaluation records */
static gboolean
constant_part (LzEventIntegrator *self,
               double             t0,
               guint             *npairs)
{
  LzEventTaylor *ty = &self->sm.ty;
  const guint *rows;
  guint nrows = eval_rows (self, &rows), act = self->sm.act.on ? self->sm.act.epoch : 0;

  if (ty->c_mode == self->sm.mode_epoch + 1 && ty->c_act == act)
    {
      *npairs = ty->c_npairs;
      return TRUE;
    }
  if (!lz_event_ops_current (&self->sm))
    lz_event_ops_build (self);
  if (!eval_order (self, t0, ty->zero, -1))
    return FALSE;
  ty->c_mode = self->sm.mode_epoch + 1;
  ty->c_act = act;
  memcpy (ty->c, ty->dydt, (2 * self->n + 3) * sizeof (double));
  for (guint r = 0; r < nrows; r++)
    {
      guint c = rows != NULL ? rows[r] : r;

      ty->lc[c] = gsl_vector_get (self->sm.lambda, c);
    }
  ty->c_nguards = guard_pass (self, ty->zero, ty->gc);
  *npairs = ty->c_npairs = ty->npairs;
  memcpy (ty->ca, ty->pa, ty->npairs * sizeof (double));
  memcpy (ty->cb, ty->pb, ty->npairs * sizeof (double));
  return TRUE;
}

/* Whether every term is finite (Σ 0·b_l is 0, not NaN) */
static gboolean
finite_terms (const double *b,
              guint         nb)
{
  double zeros = 0;

#pragma GCC unroll 4
  for (guint l = 0; l < nb; l++)
    zeros += 0.0 * b[l];
  return !isnan (zeros);
}

/* E[3(i + l + 1)] += a_i·b_l for i < NA, l < NB, those of a zero a_i
 * left out: each coefficient summed in a register, its terms in the order
 * of i.  (Where every b_l is finite the zero a_i's terms are ±0 and are
 * added as well: a sum that starts at +0 is never −0, and adding ±0 to
 * it changes no bit — the loops then have no test; and two coefficients
 * are summed in one pass, each a_i read once for both.) */
static G_GNUC_NO_INLINE void
cauchy_add (double       *E,
            const double *a,
            guint         na,
            const double *b,
            guint         nb)
{
  gboolean finite = finite_terms (b, nb);
  guint m = 1, top = na + nb - 1;

  /* m and m + 1: i from lo0 (lo1 = lo0 or lo0 + 1) to hi0 − 1 (hi1 − 1 =
   * hi0 − 1 or hi0), the terms of i in both ranges in one loop */
  for (; finite && m < top; m += 2)
    {
      guint lo0 = m > nb ? m - nb : 0, hi0 = MIN (m, na);
      guint lo1 = m + 1 > nb ? m + 1 - nb : 0, hi1 = MIN (m + 1, na);
      double s0 = E[3 * m], s1 = E[3 * (m + 1)];

      if (lo0 < lo1)
        s0 += a[lo0] * b[m - 1 - lo0];
      /* (unrolled: the same operations in the same order) */
#pragma GCC unroll 4
      for (guint i = lo1; i < hi0; i++)
        {
          s0 += a[i] * b[m - 1 - i];
          s1 += a[i] * b[m - i];
        }
      if (hi1 > hi0)
        s1 += a[hi0] * b[m - hi0];
      E[3 * m] = s0;
      E[3 * (m + 1)] = s1;
    }
  for (; m <= top; m++)
    {
      guint lo = m > nb ? m - nb : 0, count = MIN (m, na) - lo;
      /* (a_i from i = lo up, b_l from l = m − 1 − lo down: bl is one
       * above the next b_l, never below b) */
      const double *ai = a + lo, *bl = b + (m - lo);
      double sum = E[3 * m];

      for (; count > 0; count--, ai++)
        if (finite || *ai != 0)
          sum += *ai * *--bl;
        else
          --bl;
      E[3 * m] = sum;
    }
}

/* Two doubles, one operation each (GCC's and Clang's vector extension) */
typedef double LzDouble2 __attribute__ ((vector_size (2 * sizeof (double))));

/* S[d] += c·Σ b_i·b_l over i + l = d, i, l < NB (c·b², b's Cauchy
 * square): each pair i ≠ l once, doubled, by rows of i — a row's terms
 * go to consecutive degrees, S[i + l] += 2c·b_i·b_l for l > i, each S
 * entry summed in the order of i.  The caller adds S to the book once all
 * its dampers are in. */
static G_GNUC_NO_INLINE void
cauchy_square_add (double       *S,
                   double        c,
                   const double *b,
                   guint         nb)
{
  for (guint i = 0; i < nb; i++)
    {
      double twice = 2 * c * b[i], *Si = S + i;
      guint l = i + 1;

      Si[i] += c * b[i] * b[i];
      /* (two terms a vector operation: each the same product and sum) */
      for (; l + 2 <= nb; l += 2)
        {
          LzDouble2 sv, bv, tv = { twice, twice };

          memcpy (&sv, Si + l, sizeof sv);
          memcpy (&bv, b + l, sizeof bv);
          sv += tv * bv;
          memcpy (Si + l, &sv, sizeof sv);
        }
      for (; l < nb; l++)
        Si[l] += twice * b[l];
    }
}

/* The energy books' coefficients: E_(m+1) = hs·P_m/(m + 1), P the powers'
 * Cauchy products of their factors of orders < P (degree 2P − 2) */
static void
energy_series (LzEventIntegrator *self,
               LzEventRk         *rk,
               guint              npairs)
{
  const LzEventTaylor *ty = &self->sm.ty;
  guint p = rk->order, top = 2 * p - 1;
  double *S = ty->square;     /* the dampers' c·ġ², by book and degree */
  gboolean squares = FALSE;

  memset (rk->E, 0, (gsize) (top + 1) * 3 * sizeof (double));
  for (guint j = 0; j < npairs; j++)
    {
      const double *a = &TERM (rk->A, j, 0), *b = &TERM (rk->B, j, 0);
      guint na = p, nb = p, slot = ty->pslot[j] & ~LZ_EVENT_BOOK_SQUARE;
      gboolean square = (ty->pslot[j] & LZ_EVENT_BOOK_SQUARE) != 0;

      /* (a stuck body's slip velocity, a damper between held bodies: the
       * factor is 0 in every term, and so is the power; a level, or a
       * damper's c: one term) */
      while (nb > 0 && b[nb - 1] == 0)
        nb--;
      if (square)
        na = a[0] != 0;
      while (na > 0 && a[na - 1] == 0)
        na--;
      if (na == 0 || nb == 0)
        continue;
      if (na == 1 && !square)
        {
          /* (a constant factor, a friction's level, a[0] ≠ 0: what
           * cauchy_add() adds, one term a degree, without its bounds) */
          double *E = rk->E + slot + 3;

          for (guint l = 0; l < nb; l++)
            E[3 * l] += a[0] * b[l];
          continue;
        }
      if (!square || !finite_terms (b, nb))
        {
          /* (c·b and b where a term is not finite: cauchy_add() leaves
           * the zero terms of c·b out, as the evaluation's c·ġ·ġ is) */
          if (square)
            for (guint l = 0; l < nb; l++)
              ty->scratch[l] = a[0] * b[l];
          cauchy_add (rk->E + slot, square ? ty->scratch : a, square ? nb : na, b, nb);
          continue;
        }
      if (!squares)
        for (guint book = 0; book < 3; book++)
          memset (S + book * LZ_EVENT_SQUARE_TOP, 0, (gsize) top * sizeof (double));
      squares = TRUE;
      cauchy_square_add (S + slot * LZ_EVENT_SQUARE_TOP, a[0], b, nb);
    }
  if (squares)
    for (guint m = 1; m <= top; m++)
      for (guint b = 0; b < 3; b++)
        rk->E[3 * m + b] += S[b * LZ_EVENT_SQUARE_TOP + m - 1];
  for (guint m = 1; m <= top; m++)
    for (guint b = 0; b < 3; b++)
      rk->E[3 * m + b] *= rk->hs / m;
}

/* ------------------------------------------------------------------------ */
/* The polynomial */

static void
state_at_tau (const LzEventIntegrator *self,
              const LzEventRk         *rk,
              double                   tau,
              gboolean                 energies,
              double                  *y)
{
  guint n = self->n, dim = rk->dim;

  if (rk->ncomp < dim)
    memcpy (y, rk->y0, dim * sizeof (double));
  for (guint c = 0; c < rk->ncomp; c++)
    {
      guint i = rk->comp[c];
      double s;

      if (i >= 2 * n)
        continue;
      s = rk->Y[(gsize) rk->order * dim + i];
#pragma GCC unroll 4
      for (int k = (int) rk->order - 1; k >= 0; k--)
        s = s * tau + rk->Y[(gsize) k * dim + i];
      y[i] = s;
    }
  if (!energies)
    return;
  for (guint b = 0; b < 3; b++)
    {
      double s = 0;

      for (int m = 2 * (int) rk->order - 1; m >= 1; m--)
        s = (s + rk->E[3 * m + b]) * tau;
      y[2 * n + b] = rk->y0[2 * n + b] + s;
    }
}

void
lz_event_taylor_dense (const LzEventIntegrator *self,
                       const LzEventRk         *rk,
                       double                   t,
                       double                  *y)
{
  state_at_tau (self, rk, (t - rk->t0) / rk->hs, TRUE, y);
}

/* Guard S of the step at τ, from its own polynomial (of degree order − 1,
 * as λ's) */
static double
guard_poly (const LzEventRk *rk,
            guint            s,
            double           tau)
{
  const double *G = &TERM (rk->G, s, 0);
  double g = 0;

  /* (unrolled: the same operations in the same order) */
#pragma GCC unroll 4
  for (int k = (int) rk->order - 1; k >= 0; k--)
    g = g * tau + G[k];
  return g;
}

/* A bound of guard S's slope for τ in [0, LIMIT] */
static double
guard_slope_bound (const LzEventRk *rk,
                   guint            s,
                   double           limit)
{
  const double *G = &TERM (rk->G, s, 0);
  double d = 0, dk = (int) rk->order - 1;   /* (k as a double: counted, not converted) */

#pragma GCC unroll 4
  for (int k = (int) rk->order - 1; k >= 1; k--, dk -= 1)
    d = d * limit + dk * fabs (G[k]);
  return d;
}

/* guard_poly() at TAU and guard_slope_bound() at LIMIT together, into
 * *G and *D: the same operations, one pass over the terms (a sample's
 * guard and its slope's bound, first_negative()) */
static void
guard_poly_slope (const LzEventRk *rk,
                  guint            s,
                  double           tau,
                  double           limit,
                  double          *g,
                  double          *d)
{
  const double *G = &TERM (rk->G, s, 0);
  double gs = 0, ds = 0, dk = (int) rk->order - 1;
  int k;

#pragma GCC unroll 4
  for (k = (int) rk->order - 1; k >= 1; k--, dk -= 1)
    {
      gs = gs * tau + G[k];
      ds = ds * limit + dk * fabs (G[k]);
    }
  if (k == 0)
    gs = gs * tau + G[0];
  *g = gs;
  *d = ds;
}

/* The location's bracket [TA, TB] in the step: its guards are those that
 * may be ≤ 0 there by their value at TA and the bound of their slope —
 * the others stay positive in it and leave its root where it is */
void
lz_event_taylor_bracket (LzEventIntegrator *self,
                         const LzEventRk   *rk,
                         double             ta,
                         double             tb)
{
  LzEventTaylor *ty = &self->sm.ty;
  double tau_a = (ta - rk->t0) / rk->hs, tau_b = (tb - rk->t0) / rk->hs;

  ty->ncand = 0;
  for (guint s = 0; s < rk->nguards; s++)
    if (guard_poly (rk, s, tau_a) - guard_slope_bound (rk, s, tau_b) * (tau_b - tau_a) <= 0)
      ty->cand[ty->ncand++] = s;
  ty->cand_rk = rk;
  ty->cand_t0 = rk->t0;
  ty->cand_a = ta;
  ty->cand_b = tb;
}

/* Each guard's lower bound over the step, τ in [0, τ1]: G_0 − Σ over k ≥ 1 of
 * |G_k|·τ1^k, less the rounding of its polynomial's value there
 * (LOWER_ROUNDING·order·ε of its terms' sizes), so that the value
 * guard_poly() computes is above it; the least bound's guard */
#define LOWER_ROUNDING 4

static void
lower_bounds (LzEventTaylor   *ty,
              const LzEventRk *rk)
{
  double tau1 = (rk->t1 - rk->t0) / rk->hs, least = INFINITY;

  ty->lower_least = 0;
  for (guint s = 0; s < rk->nguards; s++)
    {
      const double *G = &TERM (rk->G, s, 0);
      double tail = 0;

      for (int k = (int) rk->order - 1; k >= 1; k--)
        tail = (tail + fabs (G[k])) * tau1;
      ty->lower[s] = G[0] - tail - LOWER_ROUNDING * rk->order * DBL_EPSILON * (fabs (G[0]) + tail);
      if (ty->lower[s] < least)
        {
          least = ty->lower[s];
          ty->lower_least = s;
        }
    }
  ty->lower_rk = rk;
  ty->lower_tau = tau1;
}

/* The smallest guard at T from the guards' own polynomials (of degree
 * order − 1, as λ's) and the frozen ones' constant: the location's trials,
 * without the state (inside its bracket, its guards only).  Outside a
 * bracket, a guard whose lower bound over the step is above the value of
 * the one with the least bound is above the smallest and is not computed;
 * the others are taken in their order, as all of them would be (MIN keeps
 * the last of equal values). */
double
lz_event_taylor_min_guard (LzEventIntegrator *self,
                           const LzEventRk   *rk,
                           double             t)
{
  LzEventTaylor *ty = &self->sm.ty;
  double tau = (t - rk->t0) / rk->hs, best = self->sm.act.on ? self->sm.act.g_frozen : INFINITY, first;

  if (ty->cand_rk == rk && ty->cand_t0 == rk->t0 && t >= ty->cand_a && t <= ty->cand_b)
    {
      for (guint j = 0; j < ty->ncand; j++)
        best = MIN (best, guard_poly (rk, ty->cand[j], tau));
      return best;
    }
  if (ty->lower_rk != rk && rk->nguards > 0)
    lower_bounds (ty, rk);
  if (!(tau >= 0 && tau <= ty->lower_tau))
    {
      for (guint s = 0; s < rk->nguards; s++)
        best = MIN (best, guard_poly (rk, s, tau));
      return best;
    }
  first = guard_poly (rk, ty->lower_least, tau);
  for (guint s = 0; s < rk->nguards; s++)
    if (s == ty->lower_least || !(ty->lower[s] > first))
      best = MIN (best, s == ty->lower_least ? first : guard_poly (rk, s, tau));
  return best;
}

/* Whether a position or velocity of the state at τ (into Y) is beyond LIMIT */
static gboolean
beyond (const LzEventIntegrator *self,
        const LzEventRk         *rk,
        double                   tau,
        double                   limit,
        double                  *y)
{
  state_at_tau (self, rk, tau, TRUE, y);
  for (guint i = 0; i < 2 * self->n; i++)
    if (!(fabs (y[i]) <= limit))
      return TRUE;
  return FALSE;
}

/* The first time in the last step where the state goes beyond LIMIT (it
 * is at the step's end), to the rounding of t, its state into Y: a long
 * step of a run that diverges names where it did */
double
lz_event_taylor_first_beyond (const LzEventIntegrator *self,
                              const LzEventRk         *rk,
                              double                   limit,
                              double                  *y)
{
  double a = 0, b = (rk->t1 - rk->t0) / rk->hs;

  for (guint j = 1; j < TAYLOR_BEYOND_SAMPLES; j++)
    if (beyond (self, rk, b * j / TAYLOR_BEYOND_SAMPLES, limit, y))
      {
        a = b * (j - 1) / TAYLOR_BEYOND_SAMPLES;
        b = b * j / TAYLOR_BEYOND_SAMPLES;
        break;
      }
  while (rk->t0 + b * rk->hs > rk->t0 + a * rk->hs
         && rk->t0 + 0.5 * (a + b) * rk->hs != rk->t0 + b * rk->hs)
    {
      double c = 0.5 * (a + b);

      if (beyond (self, rk, c, limit, y))
        b = c;
      else
        a = c;
    }
  beyond (self, rk, b, limit, y);
  return rk->t0 + b * rk->hs;
}

/* The guards inside a step, on their own polynomials (of degree
 * order − 1, as λ's), each guard marched on by itself: from a sample
 * where it is g > 0, with D a bound of its slope over the reach (Σ k·|G_k|
 * there), it has no root for g/D — so that a guard far from zero is
 * looked at rarely, and one that leaves zero and comes back inside the
 * step is caught wherever that dip is wider than the least spacing DTAU:
 * at most TAYLOR_SPACING·T, and from order TAYLOR_DOP_ORDER on at most
 * 1/TAYLOR_SAMPLES of that order's reach, about the spacing of DOP853's
 * stages (an 8th-order method) in a step of its own.  Each point is
 * looked at once, with the polynomial of the order that first reached
 * it. */
typedef struct
{
  double  dtau;
  double *next;               /* per guard: its next sample (τ) */
} Samples;

/* The first sample up to LIMIT (τ; AT_LIMIT: LIMIT itself may be one)
 * where a guard is negative, or NAN */
static double
first_negative (LzEventIntegrator *self,
                LzEventRk         *rk,
                Samples           *smp,
                double             limit,
                gboolean           at_limit)
{
  double first = INFINITY;

  /* (the frozen guards are positive and constant: lz_event_active_arm()) */
  for (guint s = 0; s < rk->nguards; s++)
    {
      double d = 0, *next = &smp->next[s];
      gboolean first_sample = TRUE;

      while (*next < MIN (limit, first) || (*next == limit && at_limit && limit < first))
        {
          double tau = *next, g;

          /* (the slope's bound with the first sample, in one pass) */
          if (first_sample)
            guard_poly_slope (rk, s, tau, limit, &g, &d);
          else
            g = guard_poly (rk, s, tau);
          first_sample = FALSE;
          if (g < 0)
            {
              first = tau;
              break;
            }
          *next = tau + MAX (g / d, smp->dtau);
          if (*next > limit)
            *next = tau < limit ? limit : tau + smp->dtau;
        }
    }
  return isfinite (first) ? first : NAN;
}

/* ------------------------------------------------------------------------ */

/* One Taylor step from (*T, Y) towards T_STOP, its scale *H (then the
 * next step's): GSL_SUCCESS with *T and Y at its end; GSL_CONTINUE where
 * it does not apply (the caller takes DOP853's step); a failure's status. */
int
lz_event_taylor_step (LzEventIntegrator *self,
                      LzEventRk         *rk,
                      double            *t,
                      double             t_stop,
                      double            *h,
                      double            *y)
{
  guint dim = rk->dim, npairs = 0, p;
  double t0 = *t, hs = MIN (*h, t_stop - t0), tau1 = 1, r = 0;
  gboolean at_guard = FALSE;
  Samples smp;
  Reaches rc = { .known = { 1, 1 } };

  rk->taylor = FALSE;
  self->sm.ty.cand_rk = self->sm.ty.lower_rk = NULL;
  if (!usable (self) || !(hs > 0))
    return GSL_CONTINUE;
  if (!self->sm.ty.stepped)
    hs = MIN (MAX (hs, TAYLOR_H_FIRST * self->parent.scales.time), t_stop - t0);
  if (!forcing_series (self, t0, hs))
    return GSL_CONTINUE;
  self->sm.ty.stepped = TRUE;
  smp.dtau = MIN (TAYLOR_SPACING * self->parent.scales.time / hs, 1.0 / TAYLOR_SAMPLES);
  smp.next = self->sm.ty.gnext;
  rk_alloc (self, rk);
  lz_event_active_rk_comps (&self->sm, rk);
  clear_left_alone (rk);
  rk->hs = hs;
  rk->t0 = t0;
  memcpy (rk->y0, y, dim * sizeof (double));
  memcpy (rk->Y, y, dim * sizeof (double));
  if (!constant_part (self, t0, &npairs))
    return GSL_EBADFUNC;
  for (p = 1; p <= LZ_EVENT_TAYLOR_MAX; p++)
    {
      if (!next_order (self, rk, t0, p - 1) || self->sm.ty.npairs != npairs)
        return GSL_EBADFUNC;
      if (p == 1)
        {
          tolerances (self, rk, FALSE);
          tolerances (self, rk, TRUE);
          for (guint g = 0; g < rk->nguards; g++)
            smp.next[g] = smp.dtau;
        }
      if (p < TAYLOR_MIN)
        continue;
      rk->order = p;
      r = reach (self, rk, &rc, p);
      if (p == TAYLOR_DOP_ORDER)
        smp.dtau = MIN (smp.dtau, r / TAYLOR_SAMPLES);
      /* (an estimate from two terms of a low order is trusted only when
       * they are 0 — a polynomial; below, a tolerance far above the
       * motion, from a model's extreme scales, would let a series of two
       * terms stand for the forcing) */
      if (r >= 1 && (p >= TAYLOR_DOP_ORDER || isinf (r)))
        break;
      /* (from a reach of one sample spacing on: a guard a rounding below
       * zero at the start, where an event left it, is the at-once probe's
       * to judge, lz-event-locate.c, as it is after DOP853's first stage) */
      if (((p - TAYLOR_MIN) % TAYLOR_CHECK == 0 || p == LZ_EVENT_TAYLOR_MAX) && rk->guard_stages
          && r * hs >= MIN (TAYLOR_SPACING * self->parent.scales.time, hs))
        {
          double tau = first_negative (self, rk, &smp, MIN (r, 1.0), TRUE);

          if (!isnan (tau))
            {
              tau1 = tau;
              at_guard = TRUE;
              break;
            }
        }
      if (p == LZ_EVENT_TAYLOR_MAX)
        tau1 = r;
    }
  if (!(tau1 * hs > LZ_EVENT_H_MIN_ULPS * DBL_EPSILON * fabs (t0)))
    return GSL_FAILURE;
  energy_series (self, rk, npairs);
  rk->t1 = tau1 == 1 && hs == t_stop - t0 ? t_stop : t0 + tau1 * hs;
  rk->h = rk->t1 - t0;
  rk->valid = rk->extended = FALSE;
  rk->taylor = TRUE;
  /* the guards inside the step, for lz_event_interior_crossing() */
  rk->stage_neg = INFINITY;
  if (rk->guard_stages && !at_guard)
    {
      double tau = first_negative (self, rk, &smp, tau1, FALSE);

      if (!isnan (tau))
        rk->stage_neg = tau / tau1;
    }
  state_at_tau (self, rk, (rk->t1 - t0) / hs, TRUE, y);
  *t = rk->t1;
  /* (the series reached the scale before the highest order: a longer
   * step takes a higher order, fewer evaluations a unit of time) */
  *h = hs * (at_guard ? 1 : r >= 1 ? TAYLOR_GROW : r);
  return GSL_SUCCESS;
}
