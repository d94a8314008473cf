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
 */

#include "config.h"

#include <math.h>
#include <string.h>

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
      gs->member[bl->first + bl->n++] = (Member) { j, row_coef (self, self->vars[j].row) };
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
  g_free (gs->member);
  g_free (gs->block_of);
  g_aligned_free (gs->law);
  g_free (gs);
}

/* A block's law for the sweeps (BodyLaw). */
static void
body_law (const LzTimestep *self,
          BodyLaw          *law,
          const Block      *bl)
{
  double w = w_at (self, bl->body, bl->body);

  law->lo = bl->vlo;
  law->hi = bl->vhi;
  if (bl->fric < 0)
    return;
  /* y = fa·v − fb > 0 (z = hi) is larger v when fa > 0 */
  law->off_p = bl->fa * (bl->fa > 0 ? bl->fhi : bl->flo);
  law->off_n = bl->fa * (bl->fa > 0 ? bl->flo : bl->fhi);
  law->v_kink = bl->fb / bl->fa + 0.0;     /* (+ 0: a stuck body at −0 reads 0) */
  law->s_p = law->v_kink * w + law->off_p;
  law->s_n = law->v_kink * w + law->off_n;
}

/* Block BL's friction row and box and its stops' interval for this step
 * (the variables' b and boxes from lz_ts_contact_problem(), or the merged
 * step's first pass), and its body's law; FALSE when the stops leave no
 * velocity. */
gboolean
lz_ts_gs_block_prepare (LzTimestep *self,
                        Block      *bl)
{
  LzTsGs *gs = self->gs;

  bl->vlo = -INFINITY;
  bl->vhi = INFINITY;
  for (guint m = 0; m < bl->n; m++)
    {
      const Var *var = &self->vars[gs->member[bl->first + m].j];
      double a = gs->member[bl->first + m].a, bound;

      if (var->kind == VAR_FRICTION)
        {
          bl->fa = a;
          bl->fb = var->b;  /* w = −(a·v) + b: y = a·v − b */
          bl->flo = var->lo;
          bl->fhi = var->hi;
          continue;
        }
      if (var->lo == var->hi)
        continue;           /* a stop that is not active in the step */
      /* w = c·a·v + b ≥ 0: c·a·v ≥ −b */
      bound = -var->b / (var->c * a);
      if (var->c * a > 0)
        bl->vlo = MAX (bl->vlo, bound);
      else
        bl->vhi = MIN (bl->vhi, bound);
    }
  if (bl->vlo > bl->vhi)
    return FALSE;
  body_law (self, &gs->law[bl->body], bl);
  return TRUE;
}

/* Every block's (lz_ts_gs_block_prepare()). */
static gboolean
prepare_blocks (LzTimestep *self)
{
  for (guint k = 0; k < self->gs->n_blocks; k++)
    if (!lz_ts_gs_block_prepare (self, &self->gs->blocks[k]))
      return FALSE;
  return TRUE;
}

/* The velocity of body I minimising its part given S = r_i − Σ W_ij v_j
 * over the others: the friction's relay, then the stops (BodyLaw). */
static inline double
body_velocity (const BodyLaw *law,
               double         s)
{
  double v;

  if (s > law->s_p)
    v = (s - law->off_p) * law->w_inv;
  else if (s < law->s_n)
    v = (s - law->off_n) * law->w_inv;
  else
    v = law->v_kink;
  if (v < law->lo)
    v = law->lo;
  else if (v > law->hi)
    v = law->hi;
  return v;
}

/* S for body i: r_i − Σ_{j ≠ i} W_ij v_j. */
static inline double
others (const LzTimestep *self,
        const double     *v,
        guint             i)
{
  guint n = self->n, b = self->band, j0 = i > b ? i - b : 0, j1 = MIN (n - 1, i + b);
  const double *w = self->Wd + (gsize) i * (2 * b + 1) + b - i;
  double s = self->rhs[i];

  for (guint j = j0; j < i; j++)
    s -= w[j] * v[j];
  for (guint j = i + 1; j <= j1; j++)
    s -= w[j] * v[j];
  return s;
}

/* S for body i of a chain (a half-band of 1): others() without its
 * loops, the same operations in the same order. */
static inline double
others_chain (const LzTimestep *self,
              const double     *v,
              guint             i)
{
  const double *w = self->Wd + (gsize) 3 * i;
  double s = self->rhs[i];

  if (i > 0)
    s -= w[0] * v[i - 1];
  if (i + 1 < self->n)
    s -= w[2] * v[i + 1];
  return s;
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
      double x = body_velocity (&law[0], r[0] - w[2] * v[1]);

      change = fabs (x - v[0]);
      v[0] = x;
      for (guint i = 1; i + 1 < n; i++)
        {
          x = body_velocity (&law[i], r[i] - w[3 * i] * v[i - 1] - w[3 * i + 2] * v[i + 1]);
          change = MAX (change, fabs (x - v[i]));
          v[i] = x;
        }
      x = body_velocity (&law[n - 1], r[n - 1] - w[3 * (n - 1)] * v[n - 2]);
      change = MAX (change, fabs (x - v[n - 1]));
      v[n - 1] = x;
      return change;
    }
  for (guint i = 0; i < n; i++)
    {
      double x = body_velocity (&gs->law[i], chain ? others_chain (self, v, i) : others (self, v, i));

      change = MAX (change, fabs (x - v[i]));
      v[i] = x;
    }
  return change;
}

/* The impulses of block BL with its body at V, needing P = W_ii v − S:
 * the variables off their kink take their box's end (or nothing), those
 * at it take up what is missing from the last step's values, in order. */
static void
block_impulses (LzTimestep  *self,
                const Block *bl,
                double       v,
                double       P)
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
   * their order) */
  for (guint m = 0; m < bl->n; m++)
    {
      guint j = gs->member[bl->first + m].j;

      self->lambda[self->vars[j].row] += self->vars[j].c * self->z[j];
    }
}

/* Λ of block BL's rows (zero before) from its variables, for its body at
 * its v⁺. */
void
lz_ts_gs_block_impulses (LzTimestep  *self,
                         const Block *bl)
{
  guint i = bl->body;
  double s = self->band == 1 ? others_chain (self, self->v1, i) : others (self, self->v1, i);

  block_impulses (self, bl, self->v1[i], self->v1[i] * w_at (self, i, i) - s);
}

/* Λ from every block's variables, for the body at its v⁺. */
static void
impulses (LzTimestep *self)
{
  LzTsGs *gs = self->gs;

  memset (self->lambda, 0, self->n_rows * sizeof (double));
  for (guint k = 0; k < gs->n_blocks; k++)
    lz_ts_gs_block_impulses (self, &gs->blocks[k]);
}

/**
 * lz_ts_gs_sweeps:
 * @self: the run, v1 at the sweeps' start, the blocks prepared
 * @residual: (out): the last sweep's largest change of a velocity, over V
 * @sweeps: (out): the sweeps
 *
 * The sweeps until no velocity moves by more than lcp_tolerance of V:
 * v⁺ into v1.  FALSE when they do not settle.
 */
gboolean
lz_ts_gs_sweeps (LzTimestep *self,
                 double     *residual,
                 guint      *sweeps)
{
  const LzIntegratorOptions *opt = &self->parent.options;
  double tol = opt->lcp_tolerance * self->parent.scales.speed, change = INFINITY;
  guint s = 0;

  while (change > tol)
    {
      if (++s > opt->lcp_max_sweeps)
        return FALSE;
      change = sweep (self);
      if (!isfinite (change))
        return FALSE;
    }
  *residual = change / self->parent.scales.speed;
  *sweeps = s;
  return TRUE;
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
