/* lz-timestep-gs.c — time-stepping's contact problem solved in velocity
 * space: Gauss–Seidel over the bodies on W, one body's stops and friction
 * as one block
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The step's local problem (lz-timestep-contact.c) is the optimality
 * condition of a strictly convex problem in the velocities at the step's
 * end:
 *
 *     v⁺ minimises  ½ v⁺ᵀ W v⁺ − rᵀ v⁺ + Σ φ_j(v⁺)
 *
 * with r = W v_free the free step's right-hand side and φ_j the convex
 * potential of each variable: a friction's box [lo, hi] gives
 * hi·(y)⁺ + (−lo)·(−y)⁺ in its row's y = H_r v⁺ − b (its relay), an
 * active stop the indicator of its half-line.  When every row acts on one
 * body with mass (the other port a ground), a body's rows all read its
 * velocity alone, and Gauss–Seidel over the bodies minimises exactly in
 * one velocity at a time: the friction's relay in closed form (the
 * minimiser of a convex piecewise quadratic in one unknown: one of its two
 * branches or its kink), then the stops' interval (the minimiser of a
 * convex function of one variable on an interval is the projection of the
 * free one).  A sweep costs one pass over W's band — no Delassus operator,
 * nothing but the state touched — and the sweeps start from the last
 * step's v⁺.  They stop when no velocity moved by more than lcp_tolerance
 * of the model's speed scale V (the sweeps on the impulses stop at the
 * same fraction of V).
 *
 * v⁺ is unique; the impulses are not, where a body is held by a stop
 * while its friction sticks (both at their kink): there the impulse the
 * body needs is split as the sweeps on the impulses split it — from the
 * last step's impulses, each variable in its order taking up what is
 * missing as far as its box allows (so a friction that slid on keeps its
 * level and the stop takes the rest, and a held body keeps its split).
 *
 * Used only where it applies (lz_ts_gs_new()): every variable a stop or
 * friction on a single body with mass, at most one friction per body, no
 * body without both mass and damping, and
 * W diagonally dominant enough that the sweeps contract fast; otherwise,
 * or when the sweeps do not settle, the impulses are solved as before
 * (projected Gauss–Seidel on the Delassus operator, and Lemke's method).
 *
 * Here too, at the end, the two passes over the bodies the step is merged
 * into around the sweeps where the model needs nothing more
 * (lz-timestep-fused.c says when and why).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-friction.h"
#include "lz-timestep-private.h"

/* The velocity-space sweeps are used when every body's off-diagonal
 * entries of W, each scaled by √(W_ii W_jj) (so that a body's units —
 * kg or kg·m², m/s or rad/s — do not matter), sum to at most this
 * fraction: the sweeps then contract at least by it (a stiff, light body
 * would crawl). */
#define LZ_TS_GS_DOMINANCE 0.5
/* The most variables of one body (its friction and stops) that can sit at
 * their kink together; a body with more is left to the exact solvers. */
#define LZ_TS_GS_BLOCK_MAX 8

/* Whether the problem's variables fit the blocks: a stop or a friction
 * on one body with mass, no massless port.  Nor a body without mass and
 * damping anywhere: its velocity is the rate of a balance, undamped with
 * θ = ½ — what a sweep leaves of its error would stay, step after step
 * (the free step solves it exactly). */
static gboolean
vars_fit (const LzTimestep *self)
{
  for (guint i = 0; i < self->n; i++)
    if (self->algebraic[i])
      return FALSE;
  for (guint j = 0; j < self->n_vars; j++)
    {
      const Var *var = &self->vars[j];
      guint r = var->row;
      int d0 = self->h_dof[2 * r], d1 = self->h_dof[2 * r + 1];

      if (var->kind != VAR_STOP_LOWER && var->kind != VAR_STOP_UPPER && var->kind != VAR_FRICTION)
        return FALSE;
      if ((d0 >= 0) == (d1 >= 0) || self->elems[self->row_element[r]].massless != 0)
        return FALSE;
      if (!(self->mass[d0 >= 0 ? d0 : d1] > 0))
        return FALSE;
    }
  return TRUE;
}

/* W's rows, scaled by its diagonal on both sides, are diagonally
 * dominant by LZ_TS_GS_DOMINANCE. */
static gboolean
w_dominant (const LzTimestep *self)
{
  guint n = self->n, b = self->band;

  for (guint i = 0; i < n; i++)
    {
      double off = 0.0;

      for (guint j = i > b ? i - b : 0; j <= MIN (n - 1, i + b); j++)
        if (j != i)
          off += fabs (w_at (self, i, j)) / sqrt (w_at (self, j, j));
      if (!(off <= LZ_TS_GS_DOMINANCE * sqrt (w_at (self, i, i))))
        return FALSE;
    }
  return TRUE;
}

static inline int
row_body (const LzTimestep *self,
          guint             r)
{
  return self->h_dof[2 * r] >= 0 ? self->h_dof[2 * r] : self->h_dof[2 * r + 1];
}

static inline double
row_coef (const LzTimestep *self,
          guint             r)
{
  return self->h_dof[2 * r] >= 0 ? self->h_val[2 * r] : self->h_val[2 * r + 1];
}

/* The blocks, the variables by block (each body's in their order), and
 * 1/W_ii; NULL (the impulses' sweeps are used) where they do not apply. */
void
lz_ts_gs_new (LzTimestep *self)
{
  LzTsGs *gs;
  g_autofree guint *count = NULL;
  guint n = self->n;

  /* LUZTAR_TS_SWEEPS=impulses (tests): the sweeps on the impulses only */
  if (self->n_vars == 0 || self->fallback_only || !vars_fit (self) || !w_dominant (self)
      || g_strcmp0 (g_getenv ("LUZTAR_TS_SWEEPS"), "impulses") == 0)
    return;
  gs = g_new0 (LzTsGs, 1);
  count = g_new0 (guint, n + 1);
  gs->block_of = g_new (int, MAX (n, 1));
  gs->law = g_aligned_alloc0 (MAX (n, 1), sizeof (BodyLaw), 64);
  gs->member = g_new (Member, self->n_vars);
  for (guint i = 0; i < n; i++)
    gs->block_of[i] = -1;
  for (guint j = 0; j < self->n_vars; j++)
    count[row_body (self, self->vars[j].row)]++;
  gs->blocks = g_new0 (Block, MAX (n, 1));
  for (guint i = 0, first = 0; i < n; i++)
    if (count[i] > 0)
      {
        Block *bl = &gs->blocks[gs->n_blocks];

        *bl = (Block) { .body = i, .first = first, .n = 0, .fric = -1 };
        gs->block_of[i] = (int) gs->n_blocks++;
        first += count[i];
      }
  for (guint j = 0; j < self->n_vars; j++)
    {
      Block *bl = &gs->blocks[gs->block_of[row_body (self, self->vars[j].row)]];

      if (self->vars[j].kind == VAR_FRICTION)
        {
          if (bl->fric >= 0)
            {
              /* two frictions on one body: not one closed form */
              lz_ts_gs_free (gs);
              return;
            }
          bl->fric = (int) j;
        }
      gs->member[bl->first + bl->n++] = (Member) { j, self->vars[j].row, row_coef (self, self->vars[j].row) };
      if (bl->n > LZ_TS_GS_BLOCK_MAX)
        {
          lz_ts_gs_free (gs);
          return;
        }
    }
  self->gs = gs;
  lz_ts_gs_refresh (self);
}

/* 1/W_ii again, for W of another step (lz-timestep-forcing.c); a W that
 * is not dominant enough leaves the rest of the run to the sweeps on the
 * impulses. */
void
lz_ts_gs_refresh (LzTimestep *self)
{
  if (self->gs == NULL)
    return;
  self->fused.laws_kept = FALSE;
  if (!w_dominant (self))
    {
      g_clear_pointer (&self->gs, lz_ts_gs_free);
      return;
    }
  for (guint i = 0; i < self->n; i++)
    self->gs->law[i] = (BodyLaw) { 1.0 / w_at (self, i, i), -INFINITY, 0.0, -INFINITY, 0.0, 0.0,
                                   -INFINITY, INFINITY };
}

void
lz_ts_gs_free (LzTsGs *gs)
{
  if (gs == NULL)
    return;
  g_free (gs->blocks);
  g_aligned_free (gs->kernel);
  g_free (gs->member);
  g_free (gs->block_of);
  g_aligned_free (gs->law);
  g_free (gs);
}

/* Block BL's law for the sweeps (BodyLaw) from its step ST. */
static void
body_law (const LzTimestep *self,
          BodyLaw          *law,
          const Block      *bl,
          const BlockStep  *st)
{
  double w = w_at (self, bl->body, bl->body);

  law->lo = st->vlo;
  law->hi = st->vhi;
  if (bl->fric < 0)
    return;
  /* y = fa·v − fb > 0 (z = hi) is larger v when fa > 0 */
  law->off_p = st->fa * (st->fa > 0 ? st->fhi : st->flo);
  law->off_n = st->fa * (st->fa > 0 ? st->flo : st->fhi);
  law->v_kink = st->fb / st->fa + 0.0;     /* (+ 0: a stuck body at −0 reads 0) */
  law->s_p = law->v_kink * w + law->off_p;
  law->s_n = law->v_kink * w + law->off_n;
}

/* Block BL's friction row and box and its stops' interval for this step
 * (the variables' b and boxes from lz_ts_contact_problem(), or the merged
 * step's first pass), and its body's law — only the stops' interval when
 * KEPT (LzTsFused.laws_kept: the rest is the same to the bit); FALSE when
 * the stops leave no velocity. */
static inline gboolean
block_prepare (LzTimestep  *self,
               const Block *bl,
               gboolean     kept)
{
  LzTsGs *gs = self->gs;
  BlockStep st = { .vlo = -INFINITY, .vhi = INFINITY };

  for (guint m = 0; m < bl->n; m++)
    {
      const Var *var = &self->vars[gs->member[bl->first + m].j];
      double a = gs->member[bl->first + m].a, bound;

      if (var->kind == VAR_FRICTION)
        {
          if (kept)
            continue;
          st.fa = a;
          st.fb = var->b;   /* w = −(a·v) + b: y = a·v − b */
          st.flo = var->lo;
          st.fhi = var->hi;
          continue;
        }
      if (var->lo == var->hi)
        continue;           /* a stop that is not active in the step */
      /* w = c·a·v + b ≥ 0: c·a·v ≥ −b */
      bound = -var->b / (var->c * a);
      if (var->c * a > 0)
        st.vlo = MAX (st.vlo, bound);
      else
        st.vhi = MIN (st.vhi, bound);
    }
  if (st.vlo > st.vhi)
    return FALSE;
  if (kept)
    {
      gs->law[bl->body].lo = st.vlo;
      gs->law[bl->body].hi = st.vhi;
    }
  else
    body_law (self, &gs->law[bl->body], bl, &st);
  return TRUE;
}

/* Every block's (block_prepare()), for the general path: the merged
 * step's laws are not kept. */
static gboolean
prepare_blocks (LzTimestep *self)
{
  self->fused.laws_kept = FALSE;
  for (guint k = 0; k < self->gs->n_blocks; k++)
    if (!block_prepare (self, &self->gs->blocks[k], FALSE))
      return FALSE;
  return TRUE;
}

void
lz_ts_gs_body_law (const LzTimestep *self,
                   BodyLaw          *law,
                   const Block      *bl,
                   const BlockStep  *st)
{
  body_law (self, law, bl, st);
}

/* One sweep over the bodies; returns the largest change of a velocity. */
static double
sweep (LzTimestep *self)
{
  LzTsGs *gs = self->gs;
  double *v = self->v1, change = 0.0;
  guint n = self->n;
  gboolean chain = self->band == 1;

  if (chain && n > 2)
    {
      /* the first and the last body apart: no test in the loop */
      const double *w = self->Wd, *r = self->rhs;
      const BodyLaw *law = gs->law;
      double x = lz_ts_body_velocity (&law[0], r[0] - w[2] * v[1]);

      change = fabs (x - v[0]);
      v[0] = x;
      for (guint i = 1; i + 1 < n; i++)
        {
          x = lz_ts_body_velocity (&law[i], r[i] - w[3 * i] * v[i - 1] - w[3 * i + 2] * v[i + 1]);
          change = MAX (change, fabs (x - v[i]));
          v[i] = x;
        }
      x = lz_ts_body_velocity (&law[n - 1], r[n - 1] - w[3 * (n - 1)] * v[n - 2]);
      change = MAX (change, fabs (x - v[n - 1]));
      v[n - 1] = x;
      return change;
    }
  for (guint i = 0; i < n; i++)
    {
      double x = lz_ts_body_velocity (&gs->law[i], chain ? lz_ts_others_chain (self, v, i) : lz_ts_others (self, v, i));

      change = MAX (change, fabs (x - v[i]));
      v[i] = x;
    }
  return change;
}

/* The impulses of block BL with its body at V, needing P = W_ii v − S
 * (FUSED: for the merged step, lz_ts_fused_finish()):
 * the variables off their kink take their box's end (or nothing), those
 * at it take up what is missing from the last step's values, in order. */
static inline void
block_impulses (LzTimestep  *self,
                const Block *bl,
                double       v,
                double       P,
                gboolean     fused)
{
  LzTsGs *gs = self->gs;
  guint amb[LZ_TS_GS_BLOCK_MAX], n_amb = 0;
  double missing = P;

  for (guint m = 0; m < bl->n; m++)
    {
      guint j = gs->member[bl->first + m].j;
      const Var *var = &self->vars[j];
      double a = gs->member[bl->first + m].a, z = 0.0;
      gboolean kink;

      if (var->kind == VAR_FRICTION)
        {
          double y = a * v - var->b;

          kink = y == 0 || v == gs->law[bl->body].v_kink;
          z = y > 0 ? var->hi : var->lo;
        }
      else
        kink = var->lo != var->hi && (v == -var->b / (var->c * a) || var->c * a * v + var->b <= 0);
      if (kink)
        {
          amb[n_amb++] = m;
          z = CLAMP (self->z_prev[j], var->lo, var->hi);
        }
      self->z[j] = z;
      missing -= var->c * a * z;
    }
  for (guint k = 0; k < n_amb && missing != 0; k++)
    {
      guint j = gs->member[bl->first + amb[k]].j;
      const Var *var = &self->vars[j];
      double ca = var->c * gs->member[bl->first + amb[k]].a;
      double z = CLAMP (self->z[j] + missing / ca, var->lo, var->hi);

      missing -= ca * (z - self->z[j]);
      self->z[j] = z;
    }
  /* Λ of the rows (a row's variables are all in its body's block, in
   * their order): added to Λ (zero before), or in the merged step
   * (consecutive rows) set from the row's first variable on — 0 + c·z, the
   * same sum — and z_prev taken, in the one pass over the members */
  for (guint m = 0; m < bl->n; m++)
    {
      const Member *mb = &gs->member[bl->first + m];
      double cz = self->vars[mb->j].c * self->z[mb->j];

      if (fused && (m == 0 || mb[-1].row != mb->row))
        self->lambda[mb->row] = 0.0 + cz;
      else
        self->lambda[mb->row] += cz;
      if (fused)
        self->z_prev[mb->j] = self->z[mb->j];
    }
}

/* Λ of block BL's rows (zero before, unless FUSED) from its variables,
 * for its body at its v⁺. */
static inline void
block_impulses_at (LzTimestep  *self,
                   const Block *bl,
                   gboolean     fused)
{
  guint i = bl->body;
  double s = self->band == 1 ? lz_ts_others_chain (self, self->v1, i) : lz_ts_others (self, self->v1, i);

  block_impulses (self, bl, self->v1[i], self->v1[i] * w_at (self, i, i) - s, fused);
}

/* Λ from every block's variables, for the body at its v⁺. */
static void
impulses (LzTimestep *self)
{
  LzTsGs *gs = self->gs;

  memset (self->lambda, 0, self->n_rows * sizeof (double));
  for (guint k = 0; k < gs->n_blocks; k++)
    block_impulses_at (self, &gs->blocks[k], FALSE);
}

/* The largest change of a velocity from PREV to v1, each over its dof's
 * own speed scale, times V (a model that mixes m/s and rad/s). */
static double
dof_change (LzTimestep   *self,
            const double *prev)
{
  const LzModel *model = lz_assembly_get_model (self->parent.assembly);
  double change = 0.0;

  for (guint i = 0; i < self->n; i++)
    change = MAX (change, fabs (self->v1[i] - prev[i]) / lz_scales_dof_speed (&self->parent.scales, model, i));
  return change * self->parent.scales.speed;
}

/* The sweeps from v1 (the blocks prepared) until no velocity moves by
 * more than lcp_tolerance of its speed scale (V, or its kind's in a model
 * that mixes kinds): v⁺ into v1, the last sweep's largest change over V
 * into RESIDUAL, their number into SWEEPS.  FALSE when they do not
 * settle. */
static gboolean
sweeps_from (LzTimestep *self,
             guint       s,
             double      change,
             double     *residual,
             guint      *sweeps)
{
  const LzIntegratorOptions *opt = &self->parent.options;
  double tol = opt->lcp_tolerance * self->parent.scales.speed;
  g_autofree double *prev = self->parent.scales.mixed ? g_new (double, self->n) : NULL;

  if (!isfinite (change) && s > 0)
    return FALSE;
  while (change > tol)
    {
      if (++s > opt->lcp_max_sweeps)
        return FALSE;
      if (prev != NULL)
        memcpy (prev, self->v1, self->n * sizeof (double));
      change = sweep (self);
      if (!isfinite (change))
        return FALSE;
      if (prev != NULL)
        change = dof_change (self, prev);
    }
  *residual = change / self->parent.scales.speed;
  *sweeps = s;
  return TRUE;
}

gboolean
lz_ts_gs_sweeps (LzTimestep *self,
                 double     *residual,
                 guint      *sweeps)
{
  return sweeps_from (self, 0, INFINITY, residual, sweeps);
}

/* lz_ts_gs_sweeps() after a first sweep whose largest change was FIRST
 * (taken in the merged step's first pass, lz-timestep-kernel.c: a model
 * of one kind of body, at least one sweep allowed). */
gboolean
lz_ts_gs_sweeps_after (LzTimestep *self,
                       double      first,
                       double     *residual,
                       guint      *sweeps)
{
  g_assert (!self->parent.scales.mixed && self->parent.options.lcp_max_sweeps >= 1);
  return sweeps_from (self, 1, first, residual, sweeps);
}

/**
 * lz_ts_gs_solve:
 * @self: the run, after lz_ts_contact_problem() (rhs holds W v_free)
 * @residual: (out): the last sweep's largest change of a velocity, over V
 * @sweeps: (out): the sweeps
 *
 * v⁺ into v1 and the impulses z, Λ.  FALSE (nothing to keep) when the
 * stops leave no velocity or the sweeps do not settle: the caller solves
 * the impulses instead.
 */
gboolean
lz_ts_gs_solve (LzTimestep *self,
                double     *residual,
                guint      *sweeps)
{
  if (!prepare_blocks (self))
    return FALSE;
  memcpy (self->v1, self->v, self->n * sizeof (double));
  if (!lz_ts_gs_sweeps (self, residual, sweeps))
    return FALSE;
  impulses (self);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The step merged into the passes over the bodies (lz-timestep-fused.c)     */

/* *X = Y, written only where it changes (to the bit: −0 is not 0): a
 * variable whose constants stay, step after step, is not written back. */
static inline void
set_bits (double *x,
          double  y)
{
  if (memcmp (x, &y, sizeof (double)) != 0)
    *x = y;
}

/* The step's constants of block BL's variables, as lz_ts_contact_problem()
 * sets them on fixed grounds (g0 = ġ0 = 0): a friction's −ġ0, a stop's
 * Newton law and whether it is active (stop_side()); then its law for the
 * sweeps.  FALSE when its stops leave no velocity. */
static gboolean
block_problem (LzTimestep  *self,
               const Block *bl)
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
          set_bits (&var->b, -0.0);
          continue;
        }
      sign = var->kind == VAR_STOP_LOWER ? 1 : -1;
      u = 0.0 + a * self->v[i] + 0.0;
      g = 0.0 + a * self->q[i] + 0.0;
      set_bits (&var->b, sign * (0.0 + var->e * u));
      set_bits (&var->hi, sign * (g + 0.5 * h * u - var->limit) <= 0 ? INFINITY : 0.0);
    }
  return block_prepare (self, bl, self->fused.laws_kept);
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
  const LzTsGs *gs = self->gs;
  gboolean ok = TRUE;

  if (gs->kernel != NULL)
    return lz_ts_kernel_solve (self);
  for (guint i = 0; i < self->n; i++)
    {
      int k = gs->block_of[i];

      self->rhs[i] = lz_ts_body_rhs (self, i);
      self->v1[i] = self->v[i];
      if (k >= 0 && ok)
        ok = block_problem (self, &gs->blocks[k]);
    }
  return lz_ts_fused_sweeps (self, ok, FALSE, 0.0);
}

/* The merged step's sweeps after its first pass (OK: it prepared every
 * block; SWEPT: it took the first sweep too, whose largest change was
 * FIRST), and the run's counts; FALSE when they do not take the step. */
gboolean
lz_ts_fused_sweeps (LzTimestep *self,
                    gboolean    ok,
                    gboolean    swept,
                    double      first)
{
  LzIntegratorStats *stats = &self->parent.stats;
  double residual;
  guint sweeps;

  /* (a step the sweeps do not take leaves its laws to the general path) */
  self->fused.laws_kept = ok;
  if (!ok || !(swept ? lz_ts_gs_sweeps_after (self, first, &residual, &sweeps)
                     : lz_ts_gs_sweeps (self, &residual, &sweeps)))
    {
      self->fused.laws_kept = FALSE;
      return FALSE;
    }
  stats->lcp_solves++;
  stats->lcp_iterations += sweeps;
  stats->lcp_max_residual = MAX (stats->lcp_max_residual, residual);
  return TRUE;
}

/* The modes at the step's end of block BL's rows into new_modes, and
 * their events at TL into the step's list (fast_mode(), switch_flags()
 * and log_mode_switches() of lz-timestep.c for fast elements); TOL: the
 * velocity and impulse zeros of every row when they have one unit
 * (LzTsFused.one_unit), else each row's from its element. */
static void
block_modes (LzTimestep   *self,
             const Block  *bl,
             double        t1,
             double        tl,
             const double *tol)
{
  const LzTsGs *gs = self->gs;
  guint i = bl->body;

  for (guint m = 0, m1; m < bl->n; m = m1)
    {
      const Member *mb = &gs->member[bl->first];
      const Var *var = &self->vars[mb[m].j];
      double a = mb[m].a;
      guint e = (guint) self->row_element[mb[m].row];
      double u_tol = tol[0], z_tol = tol[1];
      double u = 0.0 + a * self->v1[i] + 0.0, u0 = 0.0 + a * self->v[i] + 0.0;
      LzMode old = self->modes[e], mode = LZ_MODE_FREE;
      LzSwitchFlags flags = 0;

      if (!self->fused.one_unit)
        {
          u_tol = LZ_TS_VELOCITY_TOL * self->elems[e].u_unit;
          z_tol = LZ_TS_IMPULSE_TOL * self->elems[e].z_unit * self->h;
        }
      /* the row's variables: the block's members from m on in its row */
      for (m1 = m + 1; m1 < bl->n && mb[m1].row == mb[m].row; m1++)
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

          g_array_append_val (self->fused.events, ev);
        }
    }
}

/* The terms of the energy book's sums booked at body I — those whose
 * last body it is, each sum's from AT[s] on (moved past them; a term of
 * ports −1 ends each list) — added to SUMS as lz_ts_book_fixed() adds
 * them on fixed grounds (ġ0 = 0): the same operations in the same order. */
static inline void
book_at (const LzTimestep     *self,
         int                   i,
         const LzTsFusedTerm **at,
         LzEnergy             *sums)
{
  const LzTsFusedTerm *w;

  at[LZ_TS_SUM_DAMPING] = lz_ts_book_damping_at (self->rate, self->h, i, at[LZ_TS_SUM_DAMPING],
                                                   &sums->damping);
  for (w = at[LZ_TS_SUM_FRICTION]; MAX (w->a, w->b) == i; w++)
    {
      double L = self->lambda[w->row];

      /* (no impulse, no work: an exact zero) */
      if (L != 0)
        sums->friction += -L * (lz_ts_work_rate (self, w->a, w->b, w->ca, w->cb) + 0.0);
    }
  at[LZ_TS_SUM_FRICTION] = w;
  for (w = at[LZ_TS_SUM_IMPACTS]; MAX (w->a, w->b) == i; w++)
    {
      double L = self->lambda[w->row];

      if (L != 0)
        sums->impacts += -L * lz_ts_mid_rate (self, w->a, w->b, w->ca, w->cb, 0.0);
    }
  at[LZ_TS_SUM_IMPACTS] = w;
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
  const LzTsFused *fused = &self->fused;
  double h = self->h, th = self->theta, limit = self->parent.options.divergence_limit;
  gboolean modes = tl <= self->parent.t_end;
  LzEnergy book, sums = { 0 };    /* (sums: the work's, kept apart from what the calls see) */
  const Elem *unit = fused->unit;
  double tol[2] = { fused->one_unit ? LZ_TS_VELOCITY_TOL * unit->u_unit : 0.0,
                    fused->one_unit ? LZ_TS_IMPULSE_TOL * unit->z_unit * h : 0.0 };
  const LzTsFusedTerm *at[LZ_TS_N_SUMS] = { fused->terms[0], fused->terms[1], fused->terms[2] };

  if (gs->kernel != NULL)
    return lz_ts_kernel_finish (self, t, t1, tl, error);
  g_array_set_size (fused->events, 0);
  lz_ts_book_open (self, t, t1, &book);
  for (guint i = 0; i < self->n; i++)
    {
      int k = gs->block_of[i];
      double vth;

      if (k >= 0)
        block_impulses_at (self, &gs->blocks[k], TRUE);
      vth = th * self->v1[i] + (1 - th) * self->v[i];
      self->q1[i] = self->q[i] + h * vth;
      self->rate[i] = vth;
      if (!lz_ts_state_ok (self, self->q1[i], self->v1[i], limit))
        {
          lz_ts_set_diverged (self, i, t1, error);
          return FALSE;
        }
      book_at (self, (int) i, at, &sums);
      if (k >= 0 && modes)
        block_modes (self, &gs->blocks[k], t1, tl, tol);
    }
  book.damping = sums.damping;
  book.friction = sums.friction;
  book.impacts = sums.impacts;
  lz_ts_book_close (self, t, t1, &book);
  return TRUE;
}
