/* lz-timestep-kernel.c — the merged time step specialised to bodies with
 * at most one Coulomb friction and one stop each, against fixed grounds
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The merged step (lz-timestep-fused.c, its passes in lz-timestep-gs.c)
 * reads each body's block through its members: per variable its Var
 * record (64 bytes, found through the member's index), its kind tested
 * and its row looked up, in loops over the block, several times a step.
 * Most models whose step it takes have the block of benchmark B4's masses
 * — at most one plain Coulomb friction and one stop on one side, each
 * between the body and a fixed ground — and for them this file does the
 * same two passes with each body's block in one record (LzTsKernelBody):
 * the friction's and the stop's constants and the stop's state of the
 * step, read and written in place, the block's law solved in closed form
 * without loops or kinds, the stop's bound −b/(c·a) divided again only
 * when its b changes (never with e = 0), and the energy book's friction
 * and impact terms taken from the record at the body they are booked at.
 *
 * The arithmetic is the merged step's, operation for operation and in the
 * same order (the block's members in their order: a body whose stop comes
 * before its friction takes them so), so a run is the same to the last
 * bit (the "0.0 + a·x + 0.0" below are the general loops' sums, which
 * start from 0 and add a zero term: they turn −0 into +0 as those do, and
 * a trace would show "-0"); tests/cli/check-timestep-kernel.py compares it
 * with the merged step (LUZTAR_TS_KERNEL=off) and the phased one
 * (LUZTAR_TS_FUSED=off) through luztar-cli.  Where the model has anything else — two stops or two
 * frictions on one body, a stop with both limits, rows of several units —
 * lz_ts_kernel_new() leaves the step to the merged one.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-friction.h"
#include "lz-timestep-private.h"

/* What a body's block holds, in its members' order. */
enum { KERNEL_NONE, KERNEL_FRICTION, KERNEL_STOP, KERNEL_FRICTION_STOP, KERNEL_STOP_FRICTION };

/* One body's block: its stop and its friction (each its body's
 * coefficient a in its row and c of Λ_row += c·z — c·a is taken as the
 * merged step takes it, c·a at each use — and its box), the stop's state
 * of the step, the variables' indices, rows and elements; the stop's
 * part, what the first pass reads, in the first cache line. */
struct LzTsKernelBody
{
  double s_a, s_c;      /* (s_c: the stop's side, ±1) */
  double s_e, s_limit;  /* (its box's low end is 0) */
  double s_b, s_hi;     /* the stop's b and box's end this step */
  double s_bound;       /* −b/(c·a): kept while b is, to the bit */
  double f_kink;        /* the friction's kink v* (BodyLaw.v_kink) */
  double f_a, f_c, f_lo, f_hi;
  guint  f_j, f_row, f_elem, s_j, s_row, s_elem;
  guint8 shape;         /* KERNEL_* */
  guint8 lower;         /* the stop's side is its lower limit */
} __attribute__ ((aligned (64)));

/* The friction term of each sum (LzTsFused.terms) that a kernel body
 * books is its row's, whose body port has the row's coefficient A: then
 * lz_ts_work_rate() of the term, 0 − ca·x or 0 + cb·x, is 0 + a·x to the
 * bit. */
static gboolean
term_is_row (const LzTsFusedTerm *w,
             guint                body,
             guint                row,
             double               a)
{
  if (w->row != row)
    return FALSE;
  if (w->a == (int) body && w->b < 0)
    return -w->ca == a;
  return w->b == (int) body && w->a < 0 && w->cb == a;
}

/* Body I's record from its block BL (none: an empty record); FALSE when
 * the block is not one the kernel takes. */
static gboolean
kernel_body (const LzTimestep *self,
             LzTsKernelBody   *kb,
             const Block      *bl)
{
  const LzTsGs *gs = self->gs;
  gboolean has_f = FALSE, has_s = FALSE, stop_first = FALSE;
  double zero = 0.0;

  *kb = (LzTsKernelBody) { .s_b = NAN, .shape = KERNEL_NONE };
  if (bl == NULL)
    return TRUE;
  for (guint m = 0; m < bl->n; m++)
    {
      const Member *mb = &gs->member[bl->first + m];
      const Var *var = &self->vars[mb->j];
      guint e = (guint) self->row_element[mb->row];

      if (var->kind == VAR_FRICTION && !has_f && var->coulomb)
        {
          has_f = TRUE;
          stop_first = has_s;
          kb->f_a = mb->a;
          kb->f_c = var->c;
          kb->f_lo = var->lo;
          kb->f_hi = var->hi;
          kb->f_j = mb->j;
          kb->f_row = mb->row;
          kb->f_elem = e;
          continue;
        }
      if ((var->kind != VAR_STOP_LOWER && var->kind != VAR_STOP_UPPER) || has_s || var->massless
          || var->c != (var->kind == VAR_STOP_LOWER ? 1 : -1) || memcmp (&var->lo, &zero, sizeof zero) != 0)
        return FALSE;
      has_s = TRUE;
      kb->lower = var->kind == VAR_STOP_LOWER;
      kb->s_a = mb->a;
      kb->s_c = var->c;     /* the side's sign of stop_side() */
      kb->s_e = var->e;
      kb->s_limit = var->limit;
      kb->s_j = mb->j;
      kb->s_row = mb->row;
      kb->s_elem = e;
    }
  kb->shape = has_f && has_s ? (stop_first ? KERNEL_STOP_FRICTION : KERNEL_FRICTION_STOP)
              : has_f ? KERNEL_FRICTION : has_s ? KERNEL_STOP : KERNEL_NONE;
  return TRUE;
}

/* The block has a friction, a stop. */
static inline gboolean
has_friction (const LzTsKernelBody *kb)
{
  return kb->shape != KERNEL_NONE && kb->shape != KERNEL_STOP;
}

static inline gboolean
has_stop (const LzTsKernelBody *kb)
{
  return kb->shape != KERNEL_NONE && kb->shape != KERNEL_FRICTION;
}

/* The records of every body into KERNEL; FALSE unless each block is one
 * the kernel takes and the energy book's friction and impact terms are
 * the blocks' rows in the order of their bodies. */
static gboolean
kernel_records (const LzTimestep *self,
                LzTsKernelBody   *kernel)
{
  const LzTsGs *gs = self->gs;
  const LzTsFused *fused = &self->fused;
  const LzTsFusedTerm *fr = fused->terms[LZ_TS_SUM_FRICTION], *im = fused->terms[LZ_TS_SUM_IMPACTS];
  guint nf = 0, ns = 0;

  for (guint i = 0; i < self->n; i++)
    {
      LzTsKernelBody *kb = &kernel[i];

      if (!kernel_body (self, kb, gs->block_of[i] >= 0 ? &gs->blocks[gs->block_of[i]] : NULL))
        return FALSE;
      if (has_friction (kb)
          && (nf >= fused->n_terms[LZ_TS_SUM_FRICTION] || !term_is_row (&fr[nf++], i, kb->f_row, kb->f_a)))
        return FALSE;
      if (has_stop (kb)
          && (ns >= fused->n_terms[LZ_TS_SUM_IMPACTS] || !term_is_row (&im[ns++], i, kb->s_row, kb->s_a)))
        return FALSE;
    }
  return nf == fused->n_terms[LZ_TS_SUM_FRICTION] && ns == fused->n_terms[LZ_TS_SUM_IMPACTS];
}

/* The kernel, where the merged step applies and every body's block is
 * one it takes (lz-timestep-gs.c's lz_ts_fused_solve() and
 * lz_ts_fused_finish() hand it the step).  LUZTAR_TS_KERNEL=off (tests):
 * the merged step's general passes. */
void
lz_ts_kernel_new (LzTimestep *self)
{
  if (!self->fused.on || !self->fused.one_unit || g_strcmp0 (g_getenv ("LUZTAR_TS_KERNEL"), "off") == 0)
    return;
  self->gs->kernel = g_aligned_alloc (MAX (self->n, 1), sizeof (LzTsKernelBody), 64);
  if (!kernel_records (self, self->gs->kernel))
    g_clear_pointer (&self->gs->kernel, g_aligned_free);
  /* (tests/cli/check-timestep-kernel.py looks for this line) */
  if (self->gs->kernel != NULL)
    g_debug ("time-stepping: the merged step's kernel takes the blocks of %u bodies", self->n);
}
/* What the passes read every body, taken from the run once a pass: the
 * step's constants and the arrays (the compiler cannot keep them in
 * registers across the stores into the run's arrays otherwise). */
typedef struct
{
  double h, th, hth;    /* h, θ, hθ(1−θ) … */
  double th1, h_th1, half_h; /* … 1 − θ, h(1−θ), h/2 (each as the general step's products) */
  double state_max;     /* min(divergence limit, DBL_MAX): a state within
                         * it is finite and within the limit */
  double u_tol, z_tol;  /* the velocity and impulse zeros of every row */
  double t1, tl;        /* the step's end and its label */
  const double *q, *v, *rhs, *Wd, *Kd, *Cd, *mass, *f0, *f1;
  double *q1, *v1, *rate, *lambda, *z_prev;
  BodyLaw *law;
  guint   n;
  gboolean chain;       /* W, K, C tridiagonal, and n > 2 */
  gboolean modes;       /* the modes and events are taken */
} KernelStep;

static void
kernel_step_init (LzTimestep *self,
                  KernelStep *ks)
{
  double h = self->h, th = self->theta, limit = self->parent.options.divergence_limit;

  *ks = (KernelStep) { .h = h, .th = th, .hth = h * th * (1 - th), .th1 = 1 - th, .h_th1 = h * (1 - th),
                       .half_h = 0.5 * h, .state_max = MIN (limit, G_MAXDOUBLE),
                       .q = self->q, .v = self->v, .rhs = self->rhs, .Wd = self->Wd, .Kd = self->Kd,
                       .Cd = self->Cd, .mass = self->mass, .f0 = self->f0, .f1 = self->f1, .q1 = self->q1,
                       .v1 = self->v1, .rate = self->rate, .lambda = self->lambda, .z_prev = self->z_prev,
                       .law = self->gs->law, .n = self->n, .chain = self->band == 1 && self->n > 2 };
}

/* Body I's stop constants this step, as lz_ts_contact_problem() sets
 * them on a fixed ground (stop_side(): Newton's law, active when its gap
 * is predicted to close), and its law for the sweeps — only the stops'
 * interval when KEPT (LzTsFused.laws_kept); FALSE when the stop leaves no
 * velocity (block_prepare() of lz-timestep-gs.c). */
G_ALWAYS_INLINE static inline gboolean
kernel_problem (LzTimestep       *self,
                const KernelStep *ks,
                LzTsKernelBody   *kb,
                guint             i,
                gboolean          kept)
{
  BodyLaw *law = &ks->law[i];
  BlockStep st = { .vlo = -INFINITY, .vhi = INFINITY };

  if (has_stop (kb))
    {
      double u = 0.0 + kb->s_a * ks->v[i] + 0.0, g = 0.0 + kb->s_a * ks->q[i] + 0.0;
      double b = kb->s_c * (0.0 + kb->s_e * u);

      kb->s_hi = kb->s_c * (g + ks->half_h * u - kb->s_limit) <= 0 ? INFINITY : 0.0;
      if (memcmp (&b, &kb->s_b, sizeof (double)) != 0)
        {
          kb->s_b = b;
          kb->s_bound = -b / (kb->s_c * kb->s_a);
        }
      if (0.0 != kb->s_hi)
        {
          if (kb->s_c * kb->s_a > 0)
            st.vlo = MAX (st.vlo, kb->s_bound);
          else
            st.vhi = MIN (st.vhi, kb->s_bound);
        }
    }
  if (st.vlo > st.vhi)
    return FALSE;
  if (kept)
    {
      law->lo = st.vlo;
      law->hi = st.vhi;
      return TRUE;
    }
  /* the friction's row: y = a·v − b with b = −ġ0 = −0 */
  st.fa = kb->f_a;
  st.fb = -0.0;
  st.flo = kb->f_lo;
  st.fhi = kb->f_hi;
  lz_ts_gs_body_law (self, law, &self->gs->blocks[self->gs->block_of[i]], &st);
  kb->f_kink = law->v_kink;
  return TRUE;
}

/* Row i of the free step's right-hand side of a chain's inner body, as
 * lz_ts_body_rhs() computes it, from X = q + hθ(1−θ)v of the body (XI) and
 * its neighbours (XM, XP). */
G_ALWAYS_INLINE static inline double
chain_rhs (const KernelStep *ks,
           guint             i,
           double            xm,
           double            xi,
           double            xp)
{
  const double *k = ks->Kd + (gsize) 3 * i, *c = ks->Cd + (gsize) 3 * i, *v = ks->v;
  double h = ks->h;
  double kx = 0.0 + k[0] * xm + k[1] * xi + k[2] * xp;
  double cv = 0.0 + c[0] * v[i - 1] + c[1] * v[i] + c[2] * v[i + 1];
  double r = -h * kx;

  r += ks->mass[i] * v[i] - ks->h_th1 * cv + h * (ks->th * ks->f1[i] + ks->th1 * ks->f0[i]);
  return r;
}

/* Body I's update in a sweep over a chain (sweep() of lz-timestep-gs.c:
 * the same operations), CHANGE the sweep's largest change so far;
 * returns it with this body's. */
G_ALWAYS_INLINE static inline double
chain_sweep_one (const KernelStep *ks,
                 guint             i,
                 double            change)
{
  const double *w = ks->Wd, *r = ks->rhs;
  double *v = ks->v1, x;

  if (i == 0)
    {
      x = lz_ts_body_velocity (&ks->law[0], r[0] - w[2] * v[1]);
      change = fabs (x - v[0]);
    }
  else if (i + 1 < ks->n)
    {
      x = lz_ts_body_velocity (&ks->law[i], r[i] - w[3 * i] * v[i - 1] - w[3 * i + 2] * v[i + 1]);
      change = MAX (change, fabs (x - v[i]));
    }
  else
    {
      x = lz_ts_body_velocity (&ks->law[i], r[i] - w[3 * i] * v[i - 1]);
      change = MAX (change, fabs (x - v[i]));
    }
  v[i] = x;
  return change;
}

/**
 * lz_ts_kernel_solve:
 * @self: the run, f0 and f1 evaluated for the step
 *
 * lz_ts_fused_solve() for the kernel: the first pass and the sweeps.
 *
 * Returns: whether the step goes on in lz_ts_kernel_finish()
 */
gboolean
lz_ts_kernel_solve (LzTimestep *self)
{
  LzTsKernelBody *kernel = self->gs->kernel;
  gboolean ok = TRUE, kept = self->fused.laws_kept, swept;
  KernelStep ks;
  double xm = 0, xi = 0, change = 0;

  kernel_step_init (self, &ks);
  /* a chain's first sweep is taken in this pass, a body behind (the
   * sweep of body i − 1 reads body i's v, r and law, set here); not in a
   * model of mixed kinds, whose sweeps measure their change apart */
  swept = ks.chain && !self->parent.scales.mixed && self->parent.options.lcp_max_sweeps >= 1;
  /* a chain's inner bodies: lz_ts_body_rhs() with each body's
   * x = q + hθ(1−θ)v taken once, not in each of its three rows */
  if (ks.chain)
    {
      xm = ks.q[0] + ks.hth * ks.v[0];
      xi = ks.q[1] + ks.hth * ks.v[1];
    }
  for (guint i = 0; i < ks.n; i++)
    {
      LzTsKernelBody *kb = &kernel[i];

      if (ks.chain && i > 0 && i + 1 < ks.n)
        {
          double xp = ks.q[i + 1] + ks.hth * ks.v[i + 1];

          self->rhs[i] = chain_rhs (&ks, i, xm, xi, xp);
          xm = xi;
          xi = xp;
        }
      else
        self->rhs[i] = lz_ts_body_rhs (self, i);
      ks.v1[i] = ks.v[i];
      if (kb->shape != KERNEL_NONE && ok)
        ok = kernel_problem (self, &ks, kb, i, kept);
      if (swept && ok && i > 0)
        change = chain_sweep_one (&ks, i - 1, change);
    }
  if (swept && ok)
    change = chain_sweep_one (&ks, ks.n - 1, change);
  return lz_ts_fused_sweeps (self, ok, swept, change);
}

/* One variable of a block in block_impulses(): c·a, its box, its impulse,
 * whether it sits at its kink. */
typedef struct
{
  double ca, lo, hi, z;
  gboolean kink;
} Slot;

/* The friction's variable of block KB at its body's velocity V: off its
 * kink its box's end, at it the last step's impulse in its box. */
G_ALWAYS_INLINE static inline Slot
friction_slot (const KernelStep     *ks,
               const LzTsKernelBody *kb,
               double                v,
               double                v_kink)
{
  Slot f = { kb->f_c * kb->f_a, kb->f_lo, kb->f_hi, 0.0, FALSE };
  double y = kb->f_a * v - -0.0;        /* y = a·v − b, b = −ġ0 = −0 */

  f.kink = y == 0 || v == v_kink;
  f.z = y > 0 ? f.hi : f.lo;
  if (f.kink)
    f.z = CLAMP (ks->z_prev[kb->f_j], f.lo, f.hi);
  return f;
}

/* The stop's variable: nothing off its kink (or inactive), at it the last
 * step's impulse in its box. */
G_ALWAYS_INLINE static inline Slot
stop_slot (const KernelStep     *ks,
           const LzTsKernelBody *kb,
           double                v)
{
  Slot s = { kb->s_c * kb->s_a, 0.0, kb->s_hi, 0.0, FALSE };

  s.kink = s.lo != s.hi && (v == kb->s_bound || s.ca * v + kb->s_b <= 0);
  if (s.kink)
    s.z = CLAMP (ks->z_prev[kb->s_j], s.lo, s.hi);
  return s;
}

/* What is missing after SL took its share, SL at its kink taking up what
 * is missing as far as its box allows (block_impulses()). */
G_ALWAYS_INLINE static inline double
slot_take (Slot  *sl,
           double missing)
{
  double z;

  if (!sl->kink || missing == 0)
    return missing;
  z = CLAMP (sl->z + missing / sl->ca, sl->lo, sl->hi);
  missing -= sl->ca * (z - sl->z);
  sl->z = z;
  return missing;
}

/* Two variables of a block in their order: each its share of P, then
 * those at their kink what is missing, in order. */
G_ALWAYS_INLINE static inline void
pair_take (Slot  *a,
           Slot  *b,
           double P)
{
  double missing = P;

  missing -= a->ca * a->z;
  missing -= b->ca * b->z;
  missing = slot_take (a, missing);
  slot_take (b, missing);
}

/* A row's mode changed (or it was hit): its event at the step's label
 * into the step's list, with what is known of the switch (FLAGS; a
 * breakaway while the static level falls: the level moved). */
static void
kernel_event (LzTimestep       *self,
              const KernelStep *ks,
              guint             e,
              LzMode            old,
              LzMode            mode,
              LzSwitchFlags     flags)
{
  LzEvent ev;

  if (old == LZ_MODE_STICK && mode != LZ_MODE_STICK
      && lz_friction_level_falls (self->elems[e].law, ks->t1, mode == LZ_MODE_SLIP_POS ? 1 : -1))
    flags |= LZ_SWITCH_LEVEL;
  if (!(flags & LZ_SWITCH_IMPACT) && mode == old)
    return;
  ev = (LzEvent) { ks->tl, e, old, mode, lz_mode_switch_cause (old, mode, flags) };
  g_array_append_val (self->fused.events, ev);
}

/* The friction's row of block KB (its body at V1 at the step's end): Λ,
 * the next step's start, the work at the body's RATE into SUMS
 * (lz_ts_book_fixed() on a fixed ground), and its mode and event
 * (block_modes() of lz-timestep-gs.c). */
G_ALWAYS_INLINE static inline void
friction_row (LzTimestep           *self,
              const KernelStep     *ks,
              const LzTsKernelBody *kb,
              double                zf,
              double                v1,
              double                rate,
              LzEnergy             *sums)
{
  double L = 0.0 + kb->f_c * zf, u;
  LzMode old, mode;

  ks->lambda[kb->f_row] = L;
  ks->z_prev[kb->f_j] = zf;
  /* (no impulse, no work: an exact zero) */
  if (L != 0)
    sums->friction += -L * ((0.0 + kb->f_a * rate) + 0.0);
  if (!ks->modes)
    return;
  u = 0.0 + kb->f_a * v1 + 0.0;
  old = self->modes[kb->f_elem];
  mode = fabs (u) <= ks->u_tol ? LZ_MODE_STICK : u > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
  self->new_modes[kb->f_elem] = mode;
  if (G_UNLIKELY (mode != old))
    kernel_event (self, ks, kb->f_elem, old, mode, 0);
}

/* The same for the stop's row, its work at the body's mean velocity
 * (V1 + V)/2 (V at the step's start): a free stop that took an impulse
 * against its approach was hit. */
G_ALWAYS_INLINE static inline void
stop_row (LzTimestep           *self,
          const KernelStep     *ks,
          const LzTsKernelBody *kb,
          double                zs,
          double                v1,
          double                v,
          LzEnergy             *sums)
{
  double L = 0.0 + kb->s_c * zs, u, u0, u_tol = ks->u_tol;
  LzMode old, mode = LZ_MODE_FREE;
  LzSwitchFlags flags = 0;

  ks->lambda[kb->s_row] = L;
  ks->z_prev[kb->s_j] = zs;
  if (L != 0)
    sums->impacts += -L * (0.0 + kb->s_a * (0.5 * (v1 + v)));
  if (!ks->modes)
    return;
  u = 0.0 + kb->s_a * v1 + 0.0;
  u0 = 0.0 + kb->s_a * v + 0.0;
  old = self->modes[kb->s_elem];
  if (zs > ks->z_tol && fabs (u) <= u_tol)
    mode = LZ_MODE_CONTACT;
  if (old == LZ_MODE_FREE && zs > ks->z_tol && (kb->lower ? u0 < -u_tol : u0 > u_tol))
    flags |= LZ_SWITCH_IMPACT;
  self->new_modes[kb->s_elem] = mode;
  if (G_UNLIKELY (mode != old || flags))
    kernel_event (self, ks, kb->s_elem, old, mode, flags);
}

/* Body I's block after the sweeps (S = r_i − Σ W_ij v_j over the others,
 * W_II its diagonal, RATE its rate over the step): its impulses into Λ
 * and z_prev, their work into SUMS, its rows' modes and events, in the
 * members' order. */
G_ALWAYS_INLINE static inline void
kernel_block (LzTimestep           *self,
              const KernelStep     *ks,
              const LzTsKernelBody *kb,
              guint                 i,
              double                s,
              double                w_ii,
              double                rate,
              LzEnergy             *sums)
{
  double v1 = ks->v1[i], v = ks->v[i], P = v1 * w_ii - s, v_kink = kb->f_kink;
  gboolean stop_first;
  Slot f, st;

  switch (kb->shape)
    {
    case KERNEL_FRICTION_STOP:
    case KERNEL_STOP_FRICTION:
      stop_first = kb->shape == KERNEL_STOP_FRICTION;
      f = friction_slot (ks, kb, v1, v_kink);
      st = stop_slot (ks, kb, v1);
      pair_take (stop_first ? &st : &f, stop_first ? &f : &st, P);
      if (stop_first)
        stop_row (self, ks, kb, st.z, v1, v, sums);
      friction_row (self, ks, kb, f.z, v1, rate, sums);
      if (!stop_first)
        stop_row (self, ks, kb, st.z, v1, v, sums);
      break;
    case KERNEL_FRICTION:
      f = friction_slot (ks, kb, v1, v_kink);
      slot_take (&f, P - f.ca * f.z);
      friction_row (self, ks, kb, f.z, v1, rate, sums);
      break;
    case KERNEL_STOP:
      st = stop_slot (ks, kb, v1);
      slot_take (&st, P - st.ca * st.z);
      stop_row (self, ks, kb, st.z, v1, v, sums);
      break;
    default:
      break;
    }
}

/**
 * lz_ts_kernel_finish:
 * @self: the run, after lz_ts_kernel_solve()
 * @t: the step's start
 * @t1: its end
 * @tl: its label in the trace
 * @error: where the run diverged
 *
 * lz_ts_fused_finish() for the kernel: the second pass — per body its
 * position, the damping booked at it, its block's impulses, their work,
 * its rows' modes and events.
 *
 * Returns: FALSE with @error set when the run diverges
 */
gboolean
lz_ts_kernel_finish (LzTimestep *self,
                     double      t,
                     double      t1,
                     double      tl,
                     GError    **error)
{
  const LzTsKernelBody *kernel = self->gs->kernel;
  const LzTsFused *fused = &self->fused;
  const LzTsFusedTerm *damping = fused->terms[LZ_TS_SUM_DAMPING];
  LzEnergy book, sums = { 0 };
  KernelStep ks;

  kernel_step_init (self, &ks);
  ks.u_tol = LZ_TS_VELOCITY_TOL * fused->unit->u_unit;
  ks.z_tol = LZ_TS_IMPULSE_TOL * fused->unit->z_unit * ks.h;
  ks.t1 = t1;
  ks.tl = tl;
  ks.modes = tl <= self->parent.t_end;
  g_array_set_size (fused->events, 0);
  lz_ts_book_open (self, t, t1, &book);
  for (guint i = 0; i < ks.n; i++)
    {
      double vth = ks.th * ks.v1[i] + ks.th1 * ks.v[i], s, w_ii;

      ks.q1[i] = ks.q[i] + ks.h * vth;
      ks.rate[i] = vth;
      if (G_UNLIKELY (!(fabs (ks.q1[i]) <= ks.state_max && fabs (ks.v1[i]) <= ks.state_max)))
        {
          lz_ts_set_diverged (self, i, t1, error);
          return FALSE;
        }
      damping = lz_ts_book_damping_at (ks.rate, ks.h, (int) i, damping, &sums.damping);
      if (kernel[i].shape == KERNEL_NONE)
        continue;
      /* S (lz_ts_others_chain(), a chain's inner body without its tests) */
      if (ks.chain && i > 0 && i + 1 < ks.n)
        {
          const double *w = ks.Wd + (gsize) 3 * i;

          s = ks.rhs[i] - w[0] * ks.v1[i - 1] - w[2] * ks.v1[i + 1];
          w_ii = w[1];
        }
      else
        {
          s = self->band == 1 ? lz_ts_others_chain (self, ks.v1, i) : lz_ts_others (self, ks.v1, i);
          w_ii = w_at (self, i, i);
        }
      kernel_block (self, &ks, &kernel[i], i, s, w_ii, vth, &sums);
    }
  book.damping = sums.damping;
  book.friction = sums.friction;
  book.impacts = sums.impacts;
  lz_ts_book_close (self, t, t1, &book);
  return TRUE;
}
