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
 * bit; tests/cli/check-timestep-kernel.py compares it with the merged step
 * (LUZTAR_TS_KERNEL=off) and the phased one (LUZTAR_TS_FUSED=off) through
 * luztar-cli.  Where the model has anything else — two stops or two
 * frictions on one body, a stop with both limits, rows of several units —
 * lz_ts_kernel_new() leaves the step to the merged one.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-friction.h"
#include "lz-timestep-private.h"

/* One body's block: its friction and its stop (each its body's
 * coefficient a in its row, c of Λ_row += c·z and c·a, its box), the
 * stop's state of the step, the variables' indices, rows and elements. */
struct LzTsKernelBody
{
  double f_a, f_c, f_ca, f_lo, f_hi;
  double s_a, s_c, s_ca, s_sign, s_e, s_limit, s_lo;
  double s_b, s_hi;     /* the stop's b and box's end this step */
  double s_bound;       /* −b/(c·a): kept while b is, to the bit */
  guint  f_j, f_row, f_elem, s_j, s_row, s_elem;
  guint8 has_f, has_s;
  guint8 stop_first;    /* the stop is the block's first member */
  guint8 lower;         /* the stop's side is its lower limit */
};

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

  *kb = (LzTsKernelBody) { .s_b = NAN };
  if (bl == NULL)
    return TRUE;
  for (guint m = 0; m < bl->n; m++)
    {
      const Member *mb = &gs->member[bl->first + m];
      const Var *var = &self->vars[mb->j];
      guint e = (guint) self->row_element[mb->row];

      if (var->kind == VAR_FRICTION && !kb->has_f && var->coulomb)
        {
          kb->has_f = 1;
          kb->stop_first = kb->has_s;
          kb->f_a = mb->a;
          kb->f_c = var->c;
          kb->f_ca = var->c * mb->a;
          kb->f_lo = var->lo;
          kb->f_hi = var->hi;
          kb->f_j = mb->j;
          kb->f_row = mb->row;
          kb->f_elem = e;
          continue;
        }
      if ((var->kind != VAR_STOP_LOWER && var->kind != VAR_STOP_UPPER) || kb->has_s || var->massless
          || var->c != (var->kind == VAR_STOP_LOWER ? 1 : -1))
        return FALSE;
      kb->has_s = 1;
      kb->lower = var->kind == VAR_STOP_LOWER;
      kb->s_a = mb->a;
      kb->s_c = var->c;
      kb->s_ca = var->c * mb->a;
      kb->s_sign = kb->lower ? 1 : -1;
      kb->s_e = var->e;
      kb->s_limit = var->limit;
      kb->s_lo = var->lo;
      kb->s_j = mb->j;
      kb->s_row = mb->row;
      kb->s_elem = e;
    }
  return TRUE;
}

/* The records of every body, where each block is one the kernel takes
 * and the energy book's friction and impact terms are the blocks' rows
 * in the order of their bodies (else NULL). */
static LzTsKernelBody *
kernel_records (const LzTimestep *self)
{
  const LzTsGs *gs = self->gs;
  const LzTsFused *fused = &self->fused;
  g_autofree LzTsKernelBody *kernel = g_new (LzTsKernelBody, MAX (self->n, 1));
  guint nf = 0, ns = 0;

  for (guint i = 0; i < self->n; i++)
    {
      LzTsKernelBody *kb = &kernel[i];

      if (!kernel_body (self, kb, gs->block_of[i] >= 0 ? &gs->blocks[gs->block_of[i]] : NULL))
        return NULL;
      if (kb->has_f && (nf >= fused->n_terms[LZ_TS_SUM_FRICTION]
                        || !term_is_row (&fused->terms[LZ_TS_SUM_FRICTION][nf++], i, kb->f_row, kb->f_a)))
        return NULL;
      if (kb->has_s && (ns >= fused->n_terms[LZ_TS_SUM_IMPACTS]
                        || !term_is_row (&fused->terms[LZ_TS_SUM_IMPACTS][ns++], i, kb->s_row, kb->s_a)))
        return NULL;
    }
  if (nf != fused->n_terms[LZ_TS_SUM_FRICTION] || ns != fused->n_terms[LZ_TS_SUM_IMPACTS])
    return NULL;
  return g_steal_pointer (&kernel);
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
  self->gs->kernel = kernel_records (self);
}

/* Body I's stop constants this step, as lz_ts_contact_problem() sets
 * them on a fixed ground (stop_side(): Newton's law, active when its gap
 * is predicted to close), and its law for the sweeps — only the stops'
 * interval when KEPT (LzTsFused.laws_kept); FALSE when the stop leaves no
 * velocity (block_prepare() of lz-timestep-gs.c). */
static inline gboolean
kernel_problem (LzTimestep     *self,
                LzTsKernelBody *kb,
                guint           i,
                gboolean        kept)
{
  BodyLaw *law = &self->gs->law[i];
  double h = self->h;
  BlockStep st = { .vlo = -INFINITY, .vhi = INFINITY };

  if (kb->has_s)
    {
      double u = 0.0 + kb->s_a * self->v[i] + 0.0, g = 0.0 + kb->s_a * self->q[i] + 0.0;
      double b = kb->s_sign * (0.0 + kb->s_e * u);

      kb->s_hi = kb->s_sign * (g + 0.5 * h * u - kb->s_limit) <= 0 ? INFINITY : 0.0;
      if (memcmp (&b, &kb->s_b, sizeof (double)) != 0)
        {
          kb->s_b = b;
          kb->s_bound = -b / kb->s_ca;
        }
      if (kb->s_lo != kb->s_hi)
        {
          if (kb->s_ca > 0)
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
  return TRUE;
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
  LzIntegratorStats *stats = &self->parent.stats;
  LzTsKernelBody *kernel = self->gs->kernel;
  gboolean ok = TRUE, kept = self->fused.laws_kept;
  double residual;
  guint sweeps;

  for (guint i = 0; i < self->n; i++)
    {
      LzTsKernelBody *kb = &kernel[i];

      self->rhs[i] = lz_ts_body_rhs (self, i);
      self->v1[i] = self->v[i];
      if ((kb->has_f | kb->has_s) && ok)
        ok = kernel_problem (self, kb, i, kept);
    }
  self->fused.laws_kept = ok;
  if (!ok || !lz_ts_gs_sweeps (self, &residual, &sweeps))
    {
      self->fused.laws_kept = FALSE;
      return FALSE;
    }
  stats->lcp_solves++;
  stats->lcp_iterations += sweeps;
  stats->lcp_max_residual = MAX (stats->lcp_max_residual, residual);
  return TRUE;
}

/* One variable of a block in block_impulses(): c·a, its box, its impulse,
 * whether it sits at its kink. */
typedef struct
{
  double ca, lo, hi, z;
  gboolean kink;
} Slot;

/* What is missing after SL took its share, then (TAKE) SL taking up what
 * is missing as far as its box allows, as block_impulses() does. */
static inline double
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

/* The impulses of body I's block at its velocity V needing P (the
 * friction's into *ZF, the stop's into *ZS), as block_impulses() finds
 * them: those off their kink take their box's end (or nothing), those at
 * it take up what is missing from the last step's values, in the
 * members' order. */
static inline void
kernel_impulses (const LzTimestep     *self,
                 const LzTsKernelBody *kb,
                 guint                 i,
                 double                v,
                 double                P,
                 double               *zf,
                 double               *zs)
{
  Slot f = { kb->f_ca, kb->f_lo, kb->f_hi, 0.0, FALSE }, s = { kb->s_ca, kb->s_lo, kb->s_hi, 0.0, FALSE };
  Slot *first = kb->stop_first ? &s : &f, *second = kb->stop_first ? &f : &s;
  double missing = P;

  if (kb->has_f)
    {
      double y = kb->f_a * v - -0.0;      /* (b = −ġ0 = −0) */

      f.kink = y == 0 || v == self->gs->law[i].v_kink;
      f.z = y > 0 ? f.hi : f.lo;
      if (f.kink)
        f.z = CLAMP (self->z_prev[kb->f_j], f.lo, f.hi);
    }
  if (kb->has_s)
    {
      s.kink = s.lo != s.hi && (v == kb->s_bound || s.ca * v + kb->s_b <= 0);
      if (s.kink)
        s.z = CLAMP (self->z_prev[kb->s_j], s.lo, s.hi);
    }
  if (kb->has_f && kb->has_s)
    {
      missing -= first->ca * first->z;
      missing -= second->ca * second->z;
      missing = slot_take (first, missing);
      slot_take (second, missing);
    }
  else if (kb->has_f)
    slot_take (&f, missing - f.ca * f.z);
  else
    slot_take (&s, missing - s.ca * s.z);
  *zf = f.z;
  *zs = s.z;
}

/* The mode at the step's end of a row of element E at U (its rate at the
 * start U0) after the impulse Z, and its event at TL into the step's list
 * (block_modes() of lz-timestep-gs.c); FRICTION: the row is the friction's,
 * else LOWER says the stop's side; TOL: the velocity and impulse zeros. */
static inline void
kernel_row_mode (LzTimestep   *self,
                 guint         e,
                 gboolean      friction,
                 gboolean      lower,
                 double        u,
                 double        u0,
                 double        z,
                 double        t1,
                 double        tl,
                 const double *tol)
{
  LzMode old = self->modes[e], mode = LZ_MODE_FREE;
  LzSwitchFlags flags = 0;

  if (friction)
    mode = fabs (u) <= tol[0] ? LZ_MODE_STICK : u > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
  else
    {
      if (z > tol[1] && fabs (u) <= tol[0])
        mode = LZ_MODE_CONTACT;
      if (old == LZ_MODE_FREE && z > tol[1] && (lower ? u0 < -tol[0] : u0 > tol[0]))
        flags |= LZ_SWITCH_IMPACT;
    }
  self->new_modes[e] = mode;
  if (old == LZ_MODE_STICK && mode != LZ_MODE_STICK
      && lz_friction_level_falls (self->elems[e].law, t1, mode == LZ_MODE_SLIP_POS ? 1 : -1))
    flags |= LZ_SWITCH_LEVEL;
  if ((flags & LZ_SWITCH_IMPACT) || mode != old)
    {
      LzEvent ev = { tl, e, old, mode, lz_mode_switch_cause (old, mode, flags) };

      g_array_append_val (self->fused.events, ev);
    }
}

/* The modes of body I's rows and their events, in the members' order. */
static inline void
kernel_modes (LzTimestep           *self,
              const LzTsKernelBody *kb,
              guint                 i,
              double                zs,
              double                t1,
              double                tl,
              const double         *tol)
{
  double v1 = self->v1[i], v = self->v[i];

  for (int k = 0; k < 2; k++)
    {
      if ((k == 0) == (kb->stop_first != 0))
        {
          if (kb->has_s)
            kernel_row_mode (self, kb->s_elem, FALSE, kb->lower, 0.0 + kb->s_a * v1 + 0.0,
                             0.0 + kb->s_a * v + 0.0, zs, t1, tl, tol);
        }
      else if (kb->has_f)
        kernel_row_mode (self, kb->f_elem, TRUE, FALSE, 0.0 + kb->f_a * v1 + 0.0, 0.0, 0.0, t1, tl, tol);
    }
}

/* Body I's block after the sweeps: its impulses into Λ and z_prev, and
 * their work at the body's RATE into SUMS (lz_ts_book_fixed() on a fixed
 * ground: the friction at the rate, the stop at the mean velocity); its
 * stop's impulse into *ZS. */
static inline void
kernel_block (LzTimestep           *self,
              const LzTsKernelBody *kb,
              guint                 i,
              double                rate,
              LzEnergy             *sums,
              double               *zs)
{
  double s = self->band == 1 ? lz_ts_others_chain (self, self->v1, i) : lz_ts_others (self, self->v1, i);
  double v = self->v1[i], zf, L;

  kernel_impulses (self, kb, i, v, v * w_at (self, i, i) - s, &zf, zs);
  if (kb->has_f)
    {
      self->lambda[kb->f_row] = L = 0.0 + kb->f_c * zf;
      self->z_prev[kb->f_j] = zf;
      /* (no impulse, no work: an exact zero) */
      if (L != 0)
        sums->friction += -L * ((0.0 + kb->f_a * rate) + 0.0);
    }
  if (kb->has_s)
    {
      self->lambda[kb->s_row] = L = 0.0 + kb->s_c * *zs;
      self->z_prev[kb->s_j] = *zs;
      if (L != 0)
        sums->impacts += -L * (0.0 + kb->s_a * (0.5 * (v + self->v[i])));
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
 * lz_ts_fused_finish() for the kernel: the second pass.
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
  double h = self->h, th = self->theta, limit = self->parent.options.divergence_limit;
  gboolean modes = tl <= self->parent.t_end;
  LzEnergy book, sums = { 0 };
  double tol[2] = { LZ_TS_VELOCITY_TOL * fused->unit->u_unit, LZ_TS_IMPULSE_TOL * fused->unit->z_unit * h };
  const LzTsFusedTerm *damping = fused->terms[LZ_TS_SUM_DAMPING];

  g_array_set_size (fused->events, 0);
  lz_ts_book_open (self, t, t1, &book);
  for (guint i = 0; i < self->n; i++)
    {
      const LzTsKernelBody *kb = &kernel[i];
      double vth = th * self->v1[i] + (1 - th) * self->v[i], zs = 0.0;

      self->q1[i] = self->q[i] + h * vth;
      self->rate[i] = vth;
      if (!lz_ts_state_ok (self, self->q1[i], self->v1[i], limit))
        {
          lz_ts_set_diverged (self, i, t1, error);
          return FALSE;
        }
      damping = lz_ts_book_damping_at (self, (int) i, damping, &sums.damping);
      if (!(kb->has_f | kb->has_s))
        continue;
      kernel_block (self, kb, i, vth, &sums, &zs);
      if (modes)
        kernel_modes (self, kb, i, zs, t1, tl, tol);
    }
  book.damping = sums.damping;
  book.friction = sums.friction;
  book.impacts = sums.impacts;
  lz_ts_book_close (self, t, t1, &book);
  return TRUE;
}
