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

#include "lz-friction.h"
#include "lz-timestep-private.h"

struct LzTsFused
{
  guint    *work_start;  /* per body i: its items work[work_start[i] … work_start[i + 1]) */
  LzTsWork *work;        /* the energy book's elements, by the body booked at */
  GArray   *events;      /* the step's events, logged once it is accepted */
};

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

/* The merged step, where it applies (else fused stays NULL).
 * LUZTAR_TS_FUSED=off (tests): the general step only. */
void
lz_ts_fused_new (LzTimestep *self)
{
  LzTsFused *fused;
  guint n = self->n;

  if (self->gs == NULL || self->jumps != NULL || self->forcing->jumps->len > 0 || self->keep_theta
      || self->n_moving_rows > 0 || self->n_varying > 0 || !rows_by_body (self)
      || !work_in_body_order (self) || g_strcmp0 (g_getenv ("LUZTAR_TS_FUSED"), "off") == 0)
    return;
  fused = g_new0 (LzTsFused, 1);
  fused->work_start = g_new0 (guint, n + 1);
  fused->work = g_new (LzTsWork, MAX (self->n_work, 1));
  fused->events = g_array_new (FALSE, FALSE, sizeof (LzEvent));
  /* a stable counting sort of the book's elements by their body */
  for (guint k = 0; k < self->n_work; k++)
    fused->work_start[work_body (&self->work[k]) + 1]++;
  for (guint i = 0; i < n; i++)
    fused->work_start[i + 1] += fused->work_start[i];
  {
    g_autofree guint *fill = g_memdup2 (fused->work_start, n * sizeof (guint));

    for (guint k = 0; k < self->n_work; k++)
      fused->work[fill[work_body (&self->work[k])]++] = self->work[k];
  }
  self->fused = fused;
}

void
lz_ts_fused_free (LzTsFused *fused)
{
  if (fused == NULL)
    return;
  g_free (fused->work_start);
  g_free (fused->work);
  g_array_unref (fused->events);
  g_free (fused);
}

/* Body i's row of the free step's right-hand side, as free_step()
 * (lz-timestep.c) computes it: K (q + hθ(1−θ) v) and C v by the band's
 * sums in order. */
static inline double
body_rhs (const LzTimestep *self,
          guint             i)
{
  guint n = self->n, b = self->band, j0 = i > b ? i - b : 0, j1 = MIN (n - 1, i + b);
  double h = self->h, th = self->theta;
  const double *k = self->Kd + (gsize) i * (2 * b + 1) + b - i, *c = self->Cd + (gsize) i * (2 * b + 1) + b - i;
  double kx = 0.0, cv = 0.0, r;

  for (guint j = j0; j <= j1; j++)
    kx += k[j] * (self->q[j] + h * th * (1 - th) * self->v[j]);
  for (guint j = j0; j <= j1; j++)
    cv += c[j] * self->v[j];
  r = -h * kx;
  r += self->mass[i] * self->v[i] - h * (1 - th) * cv + h * (th * self->f1[i] + (1 - th) * self->f0[i]);
  return r;
}

/* The step's constants of block BL's variables, as lz_ts_contact_problem()
 * sets them on fixed grounds (g0 = ġ0 = 0): a friction's −ġ0, a stop's
 * Newton law and whether it is active (stop_side()); then its law for the
 * sweeps.  FALSE when its stops leave no velocity. */
static gboolean
block_problem (LzTimestep *self,
               Block      *bl)
{
  const LzTsGs *gs = self->gs;
  double h = self->h;
  guint i = bl->body;

  for (guint m = 0; m < bl->n; m++)
    {
      Var *var = &self->vars[gs->member[bl->first + m].j];
      double a = gs->member[bl->first + m].a, sign, u, g;

      if (var->kind == VAR_FRICTION)
        {
          var->b = -0.0;
          continue;
        }
      sign = var->kind == VAR_STOP_LOWER ? 1 : -1;
      u = 0.0 + a * self->v[i] + 0.0;
      g = 0.0 + a * self->q[i] + 0.0;
      var->b = sign * (0.0 + var->e * u);
      var->hi = sign * (g + 0.5 * h * u - var->limit) <= 0 ? INFINITY : 0.0;
    }
  return lz_ts_gs_block_prepare (self, bl);
}

/**
 * lz_ts_fused_solve:
 * @self: the run, f0 and f1 evaluated for the step
 *
 * The first pass (the right-hand side into rhs, v into v1, the blocks)
 * and the sweeps: v⁺ into v1.  FALSE when the sweeps do not take the
 * step: rhs holds the right-hand side for the general step.
 *
 * Returns: whether the step goes on in lz_ts_fused_finish()
 */
gboolean
lz_ts_fused_solve (LzTimestep *self)
{
  LzIntegratorStats *stats = &self->parent.stats;
  const LzTsGs *gs = self->gs;
  gboolean ok = TRUE;
  double residual;
  guint sweeps;

  for (guint i = 0; i < self->n; i++)
    {
      int k = gs->block_of[i];

      self->rhs[i] = body_rhs (self, i);
      self->v1[i] = self->v[i];
      if (k >= 0 && ok)
        ok = block_problem (self, &gs->blocks[k]);
    }
  if (!ok || !lz_ts_gs_sweeps (self, &residual, &sweeps))
    return FALSE;
  stats->lcp_solves++;
  stats->lcp_iterations += sweeps;
  stats->lcp_max_residual = MAX (stats->lcp_max_residual, residual);
  return TRUE;
}

/* The modes at the step's end of block BL's rows into new_modes, and
 * their events at TL into the step's list (fast_mode(), switch_flags()
 * and log_mode_switches() of lz-timestep.c for fast elements). */
static void
block_modes (LzTimestep  *self,
             const Block *bl,
             double       t1,
             double       tl)
{
  const LzTsGs *gs = self->gs;
  double u_tol = LZ_TS_VELOCITY_TOL * self->parent.scales.speed;
  double z_tol = LZ_TS_IMPULSE_TOL * self->parent.scales.force * self->h;
  guint i = bl->body;

  for (guint m = 0, m1; m < bl->n; m = m1)
    {
      const Var *var = &self->vars[gs->member[bl->first + m].j];
      double a = gs->member[bl->first + m].a;
      guint e = (guint) self->row_element[var->row];
      double u = 0.0 + a * self->v1[i] + 0.0, u0 = 0.0 + a * self->v[i] + 0.0;
      LzMode old = self->modes[e], mode = LZ_MODE_FREE;
      LzSwitchFlags flags = 0;

      /* the row's variables: the block's members from m on in its row */
      for (m1 = m + 1; m1 < bl->n && self->vars[gs->member[bl->first + m1].j].row == var->row; m1++)
        ;
      if (var->kind == VAR_FRICTION)
        mode = fabs (u) <= u_tol ? LZ_MODE_STICK : u > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
      for (guint mm = m; mm < m1 && var->kind != VAR_FRICTION; mm++)
        {
          guint j = gs->member[bl->first + mm].j;

          if (self->z[j] > z_tol && fabs (u) <= u_tol)
            mode = LZ_MODE_CONTACT;
          /* a free stop that took an impulse against its approach */
          if (old == LZ_MODE_FREE && self->z[j] > z_tol
              && (self->vars[j].kind == VAR_STOP_LOWER ? u0 < -u_tol : u0 > u_tol))
            flags |= LZ_SWITCH_IMPACT;
        }
      self->new_modes[e] = mode;
      /* a breakaway while the static level falls: the level moved */
      if (old == LZ_MODE_STICK && mode != LZ_MODE_STICK
          && lz_friction_level_falls (self->elems[e].law, t1, mode == LZ_MODE_SLIP_POS ? 1 : -1))
        flags |= LZ_SWITCH_LEVEL;
      if ((flags & LZ_SWITCH_IMPACT) || mode != old)
        {
          LzEvent ev = { tl, e, old, mode, lz_mode_switch_cause (old, mode, flags) };

          g_array_append_val (self->fused->events, ev);
        }
    }
}

/**
 * lz_ts_fused_finish:
 * @self: the run, after lz_ts_fused_solve()
 * @t: the step's start
 * @t1: its end
 * @tl: its label in the trace: the modes and events are taken when it
 *   is not past t-end
 * @error: where the run diverged
 *
 * The second pass: per body its impulses, its position, the work of the
 * elements booked at it, the modes of its rows and their events (logged
 * by lz_ts_fused_log() once the step is accepted).
 *
 * Returns: FALSE with @error set when the run diverges
 */
gboolean
lz_ts_fused_finish (LzTimestep *self,
                    double      t,
                    double      t1,
                    double      tl,
                    GError    **error)
{
  const LzTsGs *gs = self->gs;
  const LzTsFused *fused = self->fused;
  double h = self->h, th = self->theta, limit = self->parent.options.divergence_limit;
  gboolean modes = tl <= self->parent.t_end;
  LzEnergy book;

  g_array_set_size (fused->events, 0);
  lz_ts_book_open (self, t, t1, &book);
  for (guint i = 0; i < self->n; i++)
    {
      int k = gs->block_of[i];
      double vth;

      if (k >= 0)
        {
          const Block *bl = &gs->blocks[k];

          for (guint m = 0; m < bl->n; m++)
            self->lambda[self->vars[gs->member[bl->first + m].j].row] = 0.0;
          lz_ts_gs_block_impulses (self, bl);
          for (guint m = 0; m < bl->n; m++)
            self->z_prev[gs->member[bl->first + m].j] = self->z[gs->member[bl->first + m].j];
        }
      vth = th * self->v1[i] + (1 - th) * self->v[i];
      self->q1[i] = self->q[i] + h * vth;
      self->rate[i] = vth;
      if (!lz_ts_state_ok (self, self->q1[i], self->v1[i], limit))
        {
          lz_ts_set_diverged (self, i, t1, error);
          return FALSE;
        }
      for (guint w = fused->work_start[i]; w < fused->work_start[i + 1]; w++)
        lz_ts_book_work (self, &fused->work[w], t, t1, &book);
      if (k >= 0 && modes)
        block_modes (self, &gs->blocks[k], t1, tl);
    }
  lz_ts_book_close (self, t, t1, &book);
  return TRUE;
}

/* The step's events into TRACE; TRUE if any. */
gboolean
lz_ts_fused_log (LzTimestep *self,
                 LzTrace    *trace)
{
  GArray *events = self->fused->events;

  for (guint k = 0; k < events->len; k++)
    lz_trace_append_event (trace, &g_array_index (events, LzEvent, k));
  self->parent.stats.events += events->len;
  return events->len > 0;
}
