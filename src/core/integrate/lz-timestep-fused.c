/* lz-timestep-fused.c — a time step in two passes over the bodies, where
 * the velocity-space sweeps apply and nothing else needs the general step
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The general step (lz-timestep.c) is a sequence of passes, each over
 * every body, row, variable or element: the free step's right-hand side,
 * the local problem of every variable, the blocks of the sweeps, the
 * impulses, the positions, the energy book, the modes and events.  Each
 * is cheap, but together they touch about a kilobyte per body and step,
 * and a large model no longer stays in the cache between them.  Where the
 * velocity-space sweeps (lz-timestep-gs.c) take the contact problem and
 * nothing in the model needs more — fixed grounds only, plain Coulomb
 * friction, no massless body, no jump in the forcing — the step here does
 * the same arithmetic in two passes over the bodies around the sweeps:
 *
 *  1. per body: its row of the right-hand side (W v_free = M v − h(1−θ)C v
 *     − hK(q + hθ(1−θ)v) + h f_θ), its stops' constants and activity, its
 *     block's law for the sweeps (lz_ts_gs_block_prepare());
 *  2. after the sweeps, per body: its block's impulses, its position, the
 *     work of the elements booked at it (each at its last body, so that
 *     both its bodies' rates are known), the modes of its rows and their
 *     events.
 *
 * Every value is computed by the same operations in the same order as the
 * general step (the energy book's sums too: the elements are booked at
 * their bodies only where that keeps each sum's order, checked once), so
 * the run is the same to the last bit.  When the sweeps do not take a
 * step (the stops leave no velocity, or they do not settle), the general
 * step takes it from its local problem on.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-timestep-private.h"

/* The body element W is booked at: its last one (−1: none). */
static int
work_body (const LzTsWork *w)
{
  return MAX (w->a, w->b);
}

/* The rows in the order of the blocks and of their variables are the rows
 * 0, 1, … in order, each a plain friction (constant levels) or stop on
 * bodies with mass: the modes and events of the rows, taken body by body,
 * come in the general step's order. */
static gboolean
rows_by_body (const LzTimestep *self)
{
  const LzTsGs *gs = self->gs;
  guint next = 0;

  for (guint k = 0; k < gs->n_blocks; k++)
    {
      const Block *bl = &gs->blocks[k];

      for (guint m = 0; m < bl->n; m++)
        {
          const Var *var = &self->vars[gs->member[bl->first + m].j];

          if (var->kind == VAR_FRICTION && !var->coulomb)
            return FALSE;
          if (m > 0 && var->row == self->vars[gs->member[bl->first + m - 1].j].row)
            continue;
          if (var->row != next++ || !self->elems[self->row_element[var->row]].fast)
            return FALSE;
        }
    }
  return next == self->n_rows;
}

/* The energy book's elements can be booked at their last body keeping the
 * order of each of its sums (damping, friction, impacts): along the book's
 * order, each sum's elements have their last bodies in increasing order. */
static gboolean
work_in_body_order (const LzTimestep *self)
{
  int last[3] = { -1, -1, -1 };

  for (guint k = 0; k < self->n_work; k++)
    {
      const LzTsWork *w = &self->work[k];
      int body = work_body (w);
      gboolean in[3] = { w->c > 0, w->row >= 0 && w->kind == LZ_ITEM_FRICTION,
                         w->row >= 0 && w->kind == LZ_ITEM_STOP };

      if (w->moving || w->contact || body < 0)
        return FALSE;
      for (int s = 0; s < 3; s++)
        if (in[s])
          {
            if (body < last[s])
              return FALSE;
            last[s] = body;
          }
    }
  return TRUE;
}

/* The merged step, where it applies (else fused.on stays FALSE).
 * LUZTAR_TS_FUSED=off (tests): the general step only. */
void
lz_ts_fused_new (LzTimestep *self)
{
  LzTsFused *fused = &self->fused;

  if (self->gs == NULL || self->jumps != NULL || self->forcing->jumps->len > 0 || self->keep_theta
      || self->n_moving_rows > 0 || self->n_varying > 0 || !rows_by_body (self)
      || !work_in_body_order (self) || g_strcmp0 (g_getenv ("LUZTAR_TS_FUSED"), "off") == 0)
    return;
  fused->on = TRUE;
  fused->unit = self->n_rows > 0 ? &self->elems[self->row_element[0]] : NULL;
  fused->one_unit = fused->unit != NULL;
  for (guint r = 0; r < self->n_rows && fused->one_unit; r++)
    {
      const Elem *el = &self->elems[self->row_element[r]];

      fused->one_unit = el->u_unit == fused->unit->u_unit && el->z_unit == fused->unit->z_unit;
    }
  fused->events = g_array_new (FALSE, FALSE, sizeof (LzEvent));
  /* each sum's terms in the book's order (lz_ts_book_fixed() on fixed
   * grounds: a friction or a stop adds to its sum only through its row) */
  for (int s = 0; s < LZ_TS_N_SUMS; s++)
    fused->terms[s] = g_new (LzTsFusedTerm, self->n_work + 1);
  for (guint k = 0; k < self->n_work; k++)
    {
      const LzTsWork *w = &self->work[k];
      LzTsFusedTerm term = { .a = w->a, .b = w->b, .ca = w->ca, .cb = w->cb };

      if (w->c > 0)
        {
          term.c = w->c;
          fused->terms[LZ_TS_SUM_DAMPING][fused->n_terms[LZ_TS_SUM_DAMPING]++] = term;
        }
      term.row = (guint) w->row;
      if (w->row >= 0 && w->kind == LZ_ITEM_FRICTION)
        fused->terms[LZ_TS_SUM_FRICTION][fused->n_terms[LZ_TS_SUM_FRICTION]++] = term;
      else if (w->row >= 0 && w->kind == LZ_ITEM_STOP)
        fused->terms[LZ_TS_SUM_IMPACTS][fused->n_terms[LZ_TS_SUM_IMPACTS]++] = term;
    }
  /* each list ends on a term of no body */
  for (int s = 0; s < LZ_TS_N_SUMS; s++)
    fused->terms[s][fused->n_terms[s]] = (LzTsFusedTerm) { .a = -1, .b = -1 };
  /* the common blocks' kernel, where every block is one */
  lz_ts_kernel_new (self);
}

/* The step's events into TRACE; TRUE if any. */
gboolean
lz_ts_fused_log (LzTimestep *self,
                 LzTrace    *trace)
{
  GArray *events = self->fused.events;

  for (guint k = 0; k < events->len; k++)
    lz_trace_append_event (trace, &g_array_index (events, LzEvent, k));
  self->parent.stats.events += events->len;
  return events->len > 0;
}
