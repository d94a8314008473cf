/* lz-event-ops.c — a linear mode's evaluation as lists of operations
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Taylor step evaluates the right-hand side, the powers' factors and
 * the guards once an order, a dozen or more times in a mode
 * (lz-event-taylor.c), and most of each evaluation is the same choice
 * made again per element: which law, which mode, which ports.  When the
 * step's constant part is computed for a mode and an active set, the
 * elements an evaluation visits are listed once as operations: the
 * common kinds — a damper on fixed grounds, a dry friction sliding at
 * constant levels or stuck, a free stop's gaps, a constant tension —
 * with their ports, coefficients and constants, and every other element
 * as itself (OP_ELEMENT: the evaluation's own code for it).  Each
 * operation does the arithmetic of that code in the same order, so that
 * a step's terms are the same to the bit (LUZTAR_EVENT_OPS=off, which
 * the tests compare with, evaluates element by element).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-contact-law.h"
#include "lz-event-private.h"

enum
{
  OP_ELEMENT,                 /* the evaluation's own code for element e */
  OP_TENSION,                 /* −T·w added: a dry friction's constant tension */
  OP_DAMPER,                  /* c·ġ² (lz_event_taylor_book_square()) */
  OP_SLIDING,                 /* F·ġ, F the constant level it slides at */
  OP_STUCK,                   /* F·ġ, F = −λ (its row of the mode's constraints) */
  OP_SLIP_GUARD,              /* ±ġ/V: a sliding friction's guard */
  OP_GAPS,                    /* (g − lower)/L, (upper − g)/L where finite: a free stop's */
  OP_N_KINDS
};

struct _LzEventOp
{
  guint  kind, e;
  int    a, b;                /* the ports (−1: a ground) */
  double ca, cb;              /* w's coefficients */
  double k;                   /* −T; c; F; ±1 of a sliding friction's guard */
  double g0;                  /* the ground term added to w·x (g0 of the gaps, else ġ0) */
  double unit;                /* the guard's scale */
  double lower, upper;        /* a stop's limits */
};

/* w·x + x0, as the evaluation adds the ground term */
static inline double
op_wdot (const LzEventOp *op,
         const double    *x)
{
  return lz_event_wdot_ports (op->a, op->b, op->ca, op->cb, x) + op->g0;
}

static LzEventOp *
op_new (LzEventOp  *list,
        guint      *count,
        guint       kind,
        const Elem *el,
        guint       e)
{
  LzEventOp *op = &list[(*count)++];

  *op = (LzEventOp) { .kind = kind, .e = e, .a = el->law.a, .b = el->law.b, .ca = el->law.ca, .cb = el->law.cb };
  return op;
}

/* lz_event_tense_add() of element E in the mode, as an operation (none
 * where it adds nothing) */
static void
tense_op (LzEventIntegrator *self,
          guint              e)
{
  LzEventOps *ops = &self->sm.ty.ops;
  const Elem *el = &self->el[e];

  if (el->slip_constant && !self->st.is_static[e])
    {
      double T = lz_event_slip_constant_tension (self, e);

      if (T != 0)
        op_new (ops->tense, &ops->ntense, OP_TENSION, el, e)->k = -T;
    }
  else if (self->st.is_static[e] || !lz_event_friction_holds (self, e))
    op_new (ops->tense, &ops->ntense, OP_ELEMENT, el, e);
}

/* lz_event_power_add() of element E in the mode, as an operation */
static void
power_op (LzEventIntegrator *self,
          guint              e)
{
  LzEventOps *ops = &self->sm.ty.ops;
  const Elem *el = &self->el[e];
  gboolean friction = el->law.kind == LZ_ITEM_FRICTION && !(el->law.c > 0) && self->sm.g0d[e] == 0;
  LzEventOp *op;

  if (el->plain_damper)
    op = op_new (ops->power, &ops->npower, OP_DAMPER, el, e), op->k = el->law.c;
  else if (friction && self->mode[e] == LZ_MODE_STICK && !self->st.is_static[e])
    op = op_new (ops->power, &ops->npower, OP_STUCK, el, e);
  else if (friction && self->mode[e] != LZ_MODE_STICK && el->slip_constant)
    op = op_new (ops->power, &ops->npower, OP_SLIDING, el, e), op->k = lz_event_slip_constant_tension (self, e);
  else
    op = op_new (ops->power, &ops->npower, OP_ELEMENT, el, e);
  op->g0 = self->sm.g0d[e];
}

/* lz_event_guards() of element E in the mode, as an operation */
static void
guard_op (LzEventIntegrator *self,
          guint              e)
{
  LzEventOps *ops = &self->sm.ty.ops;
  const Elem *el = &self->el[e];
  LzMode mode = self->mode[e];
  LzEventOp *op;

  if (el->law.kind == LZ_ITEM_FRICTION && (mode == LZ_MODE_SLIP_POS || mode == LZ_MODE_SLIP_NEG)
      && !(self->dj.is_dstop != NULL && self->dj.is_dstop[e]))
    {
      op = op_new (ops->guard_el, &ops->nguard, OP_SLIP_GUARD, el, e);
      op->k = mode == LZ_MODE_SLIP_POS ? 1 : -1;
      op->g0 = self->sm.g0d[e];
      op->unit = el->unit_speed;
    }
  else if (el->law.kind == LZ_ITEM_STOP && !el->bilateral && mode == LZ_MODE_FREE)
    {
      op = op_new (ops->guard_el, &ops->nguard, OP_GAPS, el, e);
      op->g0 = self->sm.g0[e];
      op->unit = el->unit_length;
      op->lower = el->law.lower;
      op->upper = el->law.upper;
    }
  else
    op_new (ops->guard_el, &ops->nguard, OP_ELEMENT, el, e);
}

/* The group of each kind of operation: the powers by book (dampers, then
 * frictions), the guards by kind (sliding frictions, free stops, the
 * others) */
static const guint8 power_group[OP_N_KINDS] = { [OP_DAMPER] = 0, [OP_SLIDING] = 1, [OP_STUCK] = 1 };
static const guint8 guard_group[OP_N_KINDS] = { [OP_SLIP_GUARD] = 0, [OP_GAPS] = 1, [OP_ELEMENT] = 2 };

/* SRC's COUNT operations into DST by GROUP (of their kinds), each group
 * in SRC's order; ENDS[g] the end of group g */
static void
partition (const LzEventOp *src,
           guint            count,
           const guint8    *group,
           guint            ngroups,
           LzEventOp       *dst,
           guint           *ends)
{
  guint at[3] = { 0, 0, 0 };

  for (guint k = 0; k < count; k++)
    at[group[src[k].kind]]++;
  for (guint g = 0, sum = 0; g < ngroups; g++)
    {
      sum += at[g];
      ends[g] = sum;
      at[g] = sum - at[g];
    }
  for (guint k = 0; k < count; k++)
    dst[at[group[src[k].kind]]++] = src[k];
}

/* The powers by book where no element is left to its own code (it may
 * add to any book); the guards by kind, those in the elements' order
 * kept for lz_event_ops_min_guard() */
static void
group (LzEventOps *ops)
{
  LzEventOp *swap;
  guint ends[3];

  ops->grouped = TRUE;
  for (guint k = 0; k < ops->npower; k++)
    ops->grouped = ops->grouped && ops->power[k].kind != OP_ELEMENT;
  if (ops->grouped)
    {
      partition (ops->power, ops->npower, power_group, 2, ops->tmp, ends);
      swap = ops->power, ops->power = ops->tmp, ops->tmp = swap;
      ops->group[0] = ends[0];
    }
  partition (ops->guard_el, ops->nguard, guard_group, 3, ops->guard, ends);
  ops->group[1] = ends[0];
  ops->group[2] = ends[1];
}

/* The operations of the current mode and the lists the evaluations visit
 * (the active set's or all); only where no ground moves (the ground
 * terms kept in the operations are constants then) */
void
lz_event_ops_build (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  LzEventOps *ops = &sm->ty.ops;

  if (ops->tense == NULL)
    {
      const char *env = g_getenv ("LUZTAR_EVENT_OPS");

      ops->off = env != NULL && g_ascii_strcasecmp (env, "off") == 0;
      ops->tense = g_new (LzEventOp, MAX (self->ne, 1));
      ops->power = g_new (LzEventOp, MAX (self->ne, 1));
      ops->guard = g_new (LzEventOp, MAX (self->ne, 1));
      ops->tmp = g_new (LzEventOp, MAX (self->ne, 1));
      ops->guard_el = g_new (LzEventOp, MAX (self->ne, 1));
    }
  ops->usable = sm->n_moving == 0 && !ops->off;
  if (!ops->usable)
    return;
  ops->ntense = ops->npower = ops->nguard = 0;
  ops->mode_epoch = sm->mode_epoch;
  ops->act = sm->act.on ? sm->act.epoch : 0;
  ops->lists[0] = sm->tense;
  ops->lists[1] = sm->powered;
  ops->lists[2] = sm->guarded;
  ops->nlists[0] = sm->n_tense;
  ops->nlists[1] = sm->n_powered;
  ops->nlists[2] = sm->n_guarded;
  for (guint k = 0; k < sm->n_tense; k++)
    tense_op (self, sm->tense[k]);
  for (guint k = 0; k < sm->n_powered; k++)
    power_op (self, sm->powered[k]);
  for (guint k = 0; k < sm->n_guarded; k++)
    guard_op (self, sm->guarded[k]);
  group (ops);
}

/* Whether the operations are those of the lists the evaluations visit */
gboolean
lz_event_ops_current (const LzEventSmooth *sm)
{
  const LzEventOps *ops = &sm->ty.ops;

  return ops->usable && ops->mode_epoch == sm->mode_epoch && ops->act == (sm->act.on ? sm->act.epoch : 0)
         && ops->lists[0] == sm->tense && ops->nlists[0] == sm->n_tense
         && ops->lists[1] == sm->powered && ops->nlists[1] == sm->n_powered
         && ops->lists[2] == sm->guarded && ops->nlists[2] == sm->n_guarded;
}

void
lz_event_ops_free (LzEventOps *ops)
{
  g_clear_pointer (&ops->tense, g_free);
  g_clear_pointer (&ops->power, g_free);
  g_clear_pointer (&ops->guard, g_free);
  g_clear_pointer (&ops->tmp, g_free);
  g_clear_pointer (&ops->guard_el, g_free);
}

/* lz_event_rhs() in a mode that holds (a trace row, the at-once probe's
 * state): through the mode's operations where they are current — the
 * same numbers (a selection changes the modes before its evaluations,
 * and takes the element-by-element evaluation) */
int
lz_event_settled_rhs (LzEventIntegrator *self,
                      double             t,
                      const double      *y,
                      double            *dydt)
{
  int status;

  self->sm.ty.ops_on = lz_event_ops_current (&self->sm);
  status = lz_event_rhs (t, y, dydt, self);
  self->sm.ty.ops_on = FALSE;
  return status;
}

/* lz_event_accelerations()'s tensions at (q, v) into sm.fv */
void
lz_event_ops_tense (LzEventIntegrator *self,
                    const double      *q,
                    const double      *v)
{
  const LzEventOps *ops = &self->sm.ty.ops;
  double *f = self->sm.fv;

  for (guint k = 0; k < ops->ntense; k++)
    {
      const LzEventOp *op = &ops->tense[k];

      if (op->kind == OP_ELEMENT)
        lz_event_tense_add (self, op->e, q, v);
      else
        lz_event_add_w_ports (op->a, op->b, op->ca, op->cb, op->k, f);   /* (k = −T) */
    }
}

/* lz_event_powers()'s elements at (q, v) into SUM */
void
lz_event_ops_powers (LzEventIntegrator *self,
                     const double      *q,
                     const double      *v,
                     double            *sum)
{
  LzEventTaylor *ty = &self->sm.ty;
  const LzEventOps *ops = &ty->ops;
  guint j = 0;

  if (ops->grouped)
    {
      /* (the dampers, then the frictions: each book's terms in the
       * elements' order all the same; the factors written as
       * lz_event_taylor_book() and _square() record them, from local
       * pointers — outside a series into the scratch they are, unread) */
      guint base = ty->record ? ty->npairs : 0;
      double *pa = ty->pa + base, *pb = ty->pb + base;
      guint *slot = ty->pslot + base;

      for (; j < ops->group[0]; j++)
        {
          const LzEventOp *op = &ops->power[j];
          double gd = op_wdot (op, v);

          sum[0] += op->k * gd * gd;
          pa[j] = op->k;
          pb[j] = gd;
          slot[j] = 0 | LZ_EVENT_BOOK_SQUARE;
        }
      for (; j < ops->npower; j++)
        {
          const LzEventOp *op = &ops->power[j];
          double F = op->kind == OP_SLIDING ? op->k : -lz_event_held_force (self, op->e), gd = op_wdot (op, v);

          sum[1] += F * gd;
          pa[j] = F;
          pb[j] = gd;
          slot[j] = 1;
        }
      if (ty->record)
        ty->npairs += ops->npower;
      return;
    }
  for (; j < ops->npower; j++)
    {
      const LzEventOp *op = &ops->power[j];

      switch (op->kind)
        {
        case OP_DAMPER:
          lz_event_taylor_book_square (ty, &sum[0], 0, op->k, op_wdot (op, v));
          break;
        case OP_SLIDING:
          lz_event_taylor_book (ty, &sum[1], 1, op->k, op_wdot (op, v));
          break;
        case OP_STUCK:
          lz_event_taylor_book (ty, &sum[1], 1, -lz_event_held_force (self, op->e), op_wdot (op, v));
          break;
        default:
          lz_event_power_add (self, op->e, q, v, sum);
          break;
        }
    }
}

/* The guards of operation OP at Y (V its velocities) into OUT, how many */
static inline guint
op_guards (LzEventIntegrator *self,
           const LzEventOp   *op,
           const double      *y,
           const double      *v,
           double            *out)
{
  switch (op->kind)
    {
    case OP_SLIP_GUARD:
      out[0] = lz_event_slip_guard (op_wdot (op, v), op->k > 0, op->unit);
      return 1;
    case OP_GAPS:
      return lz_event_gap_guards (op_wdot (op, y), op->lower, op->upper, op->unit, out);
    default:
      return lz_event_guards (self, op->e, y, out);
    }
}

/* lz_event_min_guard()'s pass over the guarded elements at Y (after the
 * evaluation there), in their order: the smallest guard of all */
double
lz_event_ops_min_guard (LzEventIntegrator *self,
                        const double      *y,
                        guint             *which)
{
  const LzEventOps *ops = &self->sm.ty.ops;
  double best = INFINITY;

  for (guint k = 0; k < ops->nguard; k++)
    {
      const LzEventOp *op = &ops->guard_el[k];
      double g[MAX_GUARDS], least;
      guint at;

      least = lz_event_least_of (g, op_guards (self, op, y, y + self->n, g), &at);
      lz_event_min_guard_take (self, op->e, least, at, &best, which);
    }
  return best;
}

/* guard_pass() (lz-event-taylor.c): the guards at Y into OUT, how many
 * (by kinds: the location reads their values, not their order) */
guint
lz_event_ops_guards (LzEventIntegrator *self,
                     const double      *y,
                     double            *out)
{
  const LzEventOps *ops = &self->sm.ty.ops;
  const double *v = y + self->n;
  guint count = 0, k = 0;

  /* (each kind in a loop of its own, without op_guards()'s switch) */
  for (; k < ops->group[1]; k++)
    {
      const LzEventOp *op = &ops->guard[k];

      out[count++] = lz_event_slip_guard (op_wdot (op, v), op->k > 0, op->unit);
    }
  for (; k < ops->group[2]; k++)
    {
      const LzEventOp *op = &ops->guard[k];

      count += lz_event_gap_guards (op_wdot (op, y), op->lower, op->upper, op->unit, out + count);
    }
  for (; k < ops->nguard; k++)
    count += lz_event_guards (self, ops->guard[k].e, y, out + count);
  return count;
}
