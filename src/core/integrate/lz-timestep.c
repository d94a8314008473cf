/* lz-timestep.c — Moreau–Jean time-stepping (θ-method, fixed step)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One step from (t, q, v) to (t + h, q⁺, v⁺), with q_θ = q + hθ v_θ and
 * v_θ = θ v⁺ + (1 − θ) v:
 *
 *     W v⁺ = M v − h(1−θ) C v − h K q − h²θ(1−θ) K v + h f_θ + Hᵀ Λ,
 *     W = M + hθ C + h²θ² K,        q⁺ = q + h v_θ,
 *
 * f_θ = θ f(t + h) + (1 − θ) f(t), H the rows of W (the assembly's
 * nonsmooth directions) and Λ the impulses of λ = −T over the step, one
 * per nonsmooth element, from the local problem of lz-timestep-contact.c.
 * W is banded (bodies in file order) and factored once by a banded
 * Cholesky.  The step allocates nothing.
 *
 * This file is the driver: the setup, and the step as a short sequence of
 * phases — the free step, the contact problem and its impulses, the
 * state update, the energy book (lz-timestep-energy.c), the modes and
 * their events, the samples.
 *
 * Time: step k ends at k·h (a product, not a running sum: no drift over
 * long runs), or exactly on a sample time k·Δ or on t-end when it ends
 * within LZ_TS_TIME_SNAP·h of one.  Samples are written at exactly k·Δ:
 * a sample time a step ends on takes the step's state; one inside a step
 * (Δ not a multiple of h, or t-end off the step grid) takes the state
 * interpolated linearly between the step's ends — the scheme's own
 * positions, q moving at v_θ, and v linear between v and v⁺ — with the
 * modes before the step (its switches are logged at its end), the
 * dissipated and supplied energies interpolated the same way and the
 * kinetic and potential energy of the interpolated state.  The time step
 * is never changed to hit a sample: W and the Delassus operator are
 * factored for one h (a step shortened to land on a jump of the
 * forcing has its own, lz-timestep-forcing.c).  The last row is at
 * t-end; a step that passes it serves only the row at t-end (its
 * switches, after t-end, are not logged).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-contact-law.h"
#include "lz-error.h"
#include "lz-friction.h"
#include "lz-luz.h"
#include "lz-jumps.h"
#include "lz-timestep-private.h"

/* ------------------------------------------------------------------------ */
/* Banded matrices                                                            */

/* The banded Cholesky factor of a symmetric positive definite matrix A
 * (by diagonals, like K); FALSE with *FAILED_ROW at a pivot that is not
 * positive. */
static gboolean
band_cholesky (LzTimestep   *self,
               const double *A,
               int          *failed_row)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;

  for (guint i = 0; i < n; i++)
    {
      guint j0 = i > b ? i - b : 0;

      for (guint j = j0; j <= i; j++)
        {
          double sum = A[(gsize) i * width + j + b - i];
          guint k0 = MAX (j0, j > b ? j - b : 0);

          for (guint k = k0; k < j; k++)
            sum -= LB (self, i, i - k) * LB (self, j, j - k);
          if (j == i)
            {
              /* a pivot lost to rounding against the diagonal: singular */
              if (!(sum > LZ_TS_PIVOT_TOL * fabs (A[(gsize) i * width + b])) || !(sum > 0))
                {
                  *failed_row = (int) i;
                  return FALSE;
                }
              LB (self, i, 0) = sqrt (sum);
            }
          else
            LB (self, i, i - j) = sum / LB (self, j, 0);
        }
    }
  return TRUE;
}

/* x ← W⁻¹ x for a half-band of 1 (a chain in file order): the general
 * substitutions' operations in their order, without their inner loops. */
static void
tridiagonal_solve (const LzTimestep *self,
                   double           *x)
{
  const double *L = self->Wband;     /* L[2i] = L(i, i), L[2i + 1] = L(i, i − 1) */
  guint n = self->n;

  if (n == 0)
    return;
  x[0] = x[0] / L[0];
  for (guint i = 1; i < n; i++)
    x[i] = (x[i] - L[2 * i + 1] * x[i - 1]) / L[2 * i];
  x[n - 1] = x[n - 1] / L[2 * (n - 1)];
  for (guint i = n - 1; i-- > 0;)
    x[i] = (x[i] - L[2 * (i + 1) + 1] * x[i + 1]) / L[2 * i];
}

/* W = M + hθC + h²θ²K for the step H into Wd, by diagonals as K and C
 * (entry (i, i + d − b) at i·width + d). */
void
lz_ts_fill_w (LzTimestep *self,
              double      h)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;
  double th = self->theta;

  for (gsize at = 0; at < (gsize) n * width; at++)
    {
      gsize i = at / width, d = at % width;

      self->Wd[at] = (d == b ? self->mass[i] : 0) + h * th * self->Cd[at] + h * h * th * th * self->Kd[at];
    }
}

/* W (Wd) factored, for the first step or another step's h
 * (lz-timestep-forcing.c). */
gboolean
lz_ts_band_factor (LzTimestep *self,
                   int        *failed_row)
{
  return band_cholesky (self, self->Wd, failed_row);
}

/* x ← W⁻¹ x */
void
lz_ts_band_solve (const LzTimestep *self,
                  double           *x)
{
  guint n = self->n, b = self->band;

  if (b == 1)
    {
      tridiagonal_solve (self, x);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      double sum = x[i];
      guint k0 = i > b ? i - b : 0;

      for (guint k = k0; k < i; k++)
        sum -= LB (self, i, i - k) * x[k];
      x[i] = sum / LB (self, i, 0);
    }
  for (guint ii = n; ii-- > 0;)
    {
      double sum = x[ii];
      guint k1 = MIN (n - 1, ii + b);

      for (guint k = ii + 1; k <= k1; k++)
        sum -= LB (self, k, k - ii) * x[k];
      x[ii] = sum / LB (self, ii, 0);
    }
}

/* y = K x (or C x), K stored by diagonals */
static void
band_matvec (const LzTimestep *self,
             const double     *A,
             const double     *x,
             double           *y)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;

  if (b == 1 && n > 1)
    {
      /* a chain: the loop below without its inner loop, the same sums in
       * the same order */
      y[0] = 0.0 + A[1] * x[0] + A[2] * x[1];
      for (guint i = 1; i + 1 < n; i++)
        y[i] = 0.0 + A[3 * i] * x[i - 1] + A[3 * i + 1] * x[i] + A[3 * i + 2] * x[i + 1];
      y[n - 1] = 0.0 + A[3 * (n - 1)] * x[n - 2] + A[3 * (n - 1) + 1] * x[n - 1];
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      double s = 0.0;
      guint j0 = i > b ? i - b : 0, j1 = MIN (n - 1, i + b);

      for (guint j = j0; j <= j1; j++)
        s += A[(gsize) i * width + j + b - i] * x[j];
      y[i] = s;
    }
}

/* ------------------------------------------------------------------------ */
/* Elements                                                                   */

void
lz_ts_eval_forces (const LzTimestep *self,
                   double            t,
                   double           *f)
{
  gsl_vector_view view = gsl_vector_view_array (f, self->n);

  lz_assembly_eval_f (self->parent.assembly, t, &view.vector);
}

/* g, ġ and the tension of element I at (q, v, t); the last step's
 * impulses give the forces of stops and dry friction. */
static void
element_state_one (LzTimestep   *self,
                   guint         i,
                   const double *q,
                   const double *v,
                   double        t)
{
  const LzElementLaw *law = self->elems[i].law;
  double g0, g0dot, g, gd, T = 0.0;

  lz_ts_element_g0 (self, i, t, &g0, &g0dot);
  g = lz_element_law_g (law, q, g0);
  gd = lz_element_law_g (law, v, g0dot);
  if (law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR)
    T = law->k * (law->freeplay > 0 ? lz_luz (g - law->offset, law->freeplay) : g - law->offset);
  else if (law->kind == LZ_ITEM_DAMPER)
    T = law->c * gd;
  else
    /* friction and stops, λ = −T: the impulse of the last step over h */
    T = law->c * gd - (law->row >= 0 ? self->lambda[law->row] / self->h : 0.0);
  self->elem_g[i] = g;
  self->elem_gdot[i] = gd;
  self->elem_force[i] = T;
}

/* What the mode of nonsmooth element E needs at the end T1 of a step, g
 * and ġ, without its tension (only a row of the trace needs that): from
 * its row of H, which holds the same coefficients (the same sums as
 * lz_element_law_g(), whose terms it adds in the bodies' order). */
static void
element_rates_one (LzTimestep *self,
                   guint       r,
                   guint       e,
                   double      t1)
{
  if (!self->elems[e].plain)
    {
      element_state_one (self, e, self->q, self->v, t1);
      return;
    }
  self->elem_g[e] = lz_ts_row_dot (self, r, self->q) + 0.0;
  self->elem_gdot[e] = lz_ts_row_dot (self, r, self->v) + 0.0;
}

/* The state of every element at (q, v, t) (for a row of the trace). */
static void
element_state (LzTimestep   *self,
               const double *q,
               const double *v,
               double        t)
{
  for (guint i = 0; i < self->n_elems; i++)
    element_state_one (self, i, q, v, t);
}

/* The rate of element i's coordinate that decides its friction mode:
 * ġ at the end of the step, but on a damped massless body (first order)
 * the rate over the step, θ ġ⁺ + (1 − θ) ġ — its velocity is no state of
 * the scheme: with θ = ½ it rings about its rate, and ġ⁺ alone would make
 * the friction chatter between stick and slip step by step near a stick.
 * IN_STEP: called after a step (u_start holds ġ at its start). */
static double
friction_rate (const LzTimestep *self,
               guint             i,
               gboolean          in_step)
{
  const Elem *el = &self->elems[i];
  double th = self->theta;

  if (!in_step || el->massless != 1)
    return self->elem_gdot[i];
  return th * self->elem_gdot[i] + (1 - th) * self->u_start[el->law->row];
}

/* The mode of element I (nonsmooth: a row of H; a smooth element's is
 * LZ_MODE_NONE for ever) from its state: freeplay from s, stops from the
 * last contact impulse, friction from the relative velocity.  A stop is
 * in contact while it pushes and the gap does not move; on a massless body while it
 * pushes: the body's velocity is no state of the scheme (a damped one's
 * rings about its rate with θ = ½), the stop holds its position. */
static void
classify_one (LzTimestep *self,
              LzMode     *modes,
              guint       i,
              gboolean    in_step)
{
  const Elem *el = &self->elems[i];
  double u_tol = LZ_TS_VELOCITY_TOL * el->u_unit;
  double z_tol = LZ_TS_IMPULSE_TOL * el->z_unit * self->h;

  modes[i] = LZ_MODE_NONE;
  if (el->kind == LZ_ITEM_SPRING || el->kind == LZ_ITEM_GEAR)
    modes[i] = lz_element_law_spring_mode (el->law, self->elem_g[i]);
  else if (el->kind == LZ_ITEM_FRICTION)
    {
      double u = friction_rate (self, i, in_step);

      modes[i] = fabs (u) <= u_tol ? LZ_MODE_STICK
                 : u > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
    }
  else if (el->contact)
    {
      /* pressed on the side whose impulse pushes */
      modes[i] = LZ_MODE_FREE;
      for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
        if (self->z[j] > 0)
          modes[i] = self->vars[j].kind == VAR_CONTACT_LOWER ? LZ_MODE_PRESSED_LOWER
                                                             : LZ_MODE_PRESSED_UPPER;
    }
  else if (el->bilateral)
    modes[i] = LZ_MODE_CONTACT;        /* a rigid coupling holds, whatever its force */
  else if (el->kind == LZ_ITEM_STOP)      /* (a row: called for the rows only) */
    {
      modes[i] = LZ_MODE_FREE;
      for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
        if (self->z[j] > z_tol && (el->massless != 0 || fabs (self->elem_gdot[i]) <= u_tol))
          modes[i] = LZ_MODE_CONTACT;
    }
}

/* ------------------------------------------------------------------------ */
/* Time and samples                                                           */

/* The run is over at t (as lz_integrator_step() judges it). */
static gboolean
run_is_over (const LzTimestep *self,
             double            t)
{
  double t_end = self->parent.t_end;

  return t >= t_end - LZ_TS_END_TOL * lz_scales_time_unit (&self->parent.scales, t_end);
}

/* Below this many sample intervals, m·dt divided by dt rounds back to m
 * (the relative error of the two roundings, m·2⁻⁵², stays under ½), so
 * that a label put on a sample time m·dt is found on it again. */
#define EXACT_SAMPLES 0x1p50

/* The time the step ending at T1 = (k + 1)·h is labelled with in the
 * trace: t-end or the sample time it is within LZ_TS_TIME_SNAP·h of, or
 * t1 itself.  The scheme evaluates at t1 (bit for bit the grid k·h).
 * ROW_AT_END: whether the step writes a row at its end — every step
 * without a sample interval, t-end, a sample time (round(tl/Δ)·Δ = tl),
 * known here without dividing and rounding the label again. */
static double
step_label (const LzTimestep *self,
            double            t1,
            gboolean         *row_at_end)
{
  double snap = LZ_TS_TIME_SNAP * self->h, dt = self->parent.options.sample;
  double t_end = self->parent.t_end;
  double tl = t1;

  if (fabs (t1 - t_end) <= MAX (snap, LZ_TS_END_TOL * lz_scales_time_unit (&self->parent.scales, t_end)))
    tl = t_end;
  else if (dt > 0)
    {
      double m = round (t1 / dt), ts = m * dt;

      /* off a sample time, t1 ≠ round(t1/dt)·dt: no row (unless past
       * t-end) */
      if (fabs (t1 - ts) <= snap)
        {
          *row_at_end = fabs (m) < EXACT_SAMPLES || ts >= t_end || round (ts / dt) * dt == ts;
          return ts;
        }
    }
  *row_at_end = dt <= 0 || tl >= t_end;
  return tl;
}

/* Appends a row at TL of the state (Q, V) at T with MODES, the element
 * state (elem_*) having been computed for it. */
static void
write_row (LzTimestep   *self,
           LzTrace      *trace,
           double        tl,
           double        t,
           const double *q,
           const double *v,
           const LzMode *modes)
{
  LzEnergy *en = &self->energy;

  en->kinetic = lz_ts_kinetic_energy (self, v);
  en->potential = lz_ts_potential_energy (self, q, t);
  en->balance_error = en->kinetic + en->potential + en->damping + en->friction + en->impacts
                      + en->numerical - en->sources - self->energy0;
  lz_trace_append (trace, tl, q, v, self->elem_force, self->elem_g, self->elem_gdot, modes, en);
}

/* A row at TS inside the step from T (state q1, v1 after the swap) to T1
 * (q, v): the state interpolated linearly, the modes before the step, the
 * dissipated and supplied energies interpolated. */
static void
write_row_inside (LzTimestep *self,
                  LzTrace    *trace,
                  double      t,
                  double      t1,
                  double      ts)
{
  double a = (ts - t) / (t1 - t);
  LzEnergy end = self->energy, *en = &self->energy, *st = &self->energy_start;

  for (guint i = 0; i < self->n; i++)
    {
      self->q_s[i] = self->q1[i] + a * (self->q[i] - self->q1[i]);
      self->v_s[i] = self->v1[i] + a * (self->v[i] - self->v1[i]);
    }
  en->damping = st->damping + a * (end.damping - st->damping);
  en->friction = st->friction + a * (end.friction - st->friction);
  en->impacts = st->impacts + a * (end.impacts - st->impacts);
  en->sources = st->sources + a * (end.sources - st->sources);
  en->numerical = st->numerical + a * (end.numerical - st->numerical);
  element_state (self, self->q_s, self->v_s, ts);
  write_row (self, trace, ts, ts, self->q_s, self->v_s, self->modes);
  *en = end;
}

/* The rows of the step from T to T1 (its end labelled TL): every sample
 * time k·Δ in (t, tl], and t-end.  With Δ = 0 every step's end is a row.
 * FULL: the element state at t1 was computed for every element
 * (a row at the step's end, step_label()). */
static void
write_samples (LzTimestep *self,
               LzTrace    *trace,
               double      t,
               double      t1,
               double      tl,
               gboolean    full)
{
  double dt = self->parent.options.sample, t_end = self->parent.t_end;
  double snap = LZ_TS_TIME_SNAP * self->h;
  gboolean inside = FALSE, end_row = dt <= 0 || tl >= t_end;

  for (; dt > 0; self->next_sample++)
    {
      double ts = (double) self->next_sample * dt;

      if (ts > tl || ts >= t_end - snap)
        break;
      if (ts == tl)
        end_row = TRUE;
      else
        {
          write_row_inside (self, trace, t, t1, ts);
          inside = TRUE;
        }
    }
  if (tl > t_end)
    {
      /* the step passed t-end: the last row is the state at t-end */
      write_row_inside (self, trace, t, t1, t_end);
      return;
    }
  if (!end_row)
    return;
  if (inside || !full)
    element_state (self, self->q, self->v, t1);
  write_row (self, trace, tl, t1, self->q, self->v, self->new_modes);
}

/* ------------------------------------------------------------------------ */
/* The phases of a step                                                       */

/* f(t) into f0 and f(t1) into f1, at the forced dofs. */
static void
free_forces (LzTimestep *self,
             double      t,
             double      t1)
{
  /* f(t) is the last step's f(t1) — unless the forcing jumps somewhere:
   * at a jump the two steps evaluate it on either side
   * (lz-timestep-forcing.c) */
  if (t == self->f1_t && self->forcing->jumps->len == 0)
    {
      double *f = self->f0;

      self->f0 = self->f1;
      self->f1 = f;
    }
  else
    lz_assembly_eval_f_at (self->parent.assembly, t, self->forced, self->n_forced, self->f0);
  lz_assembly_eval_f_at (self->parent.assembly, t1, self->forced, self->n_forced, self->f1);
  self->f1_t = t1;
}

/* The smooth part: v_free = W⁻¹ (M v − h(1−θ)C v − hK q − h²θ(1−θ)K v +
 * h f_θ), into v1. */
static void
free_step (LzTimestep *self,
           double      t,
           double      t1)
{
  guint n = self->n;
  double h = self->h, th = self->theta;

  free_forces (self, t, t1);
  /* K (q + hθ(1−θ) v) and C v */
  for (guint i = 0; i < n; i++)
    self->tmp[i] = self->q[i] + h * th * (1 - th) * self->v[i];
  band_matvec (self, self->Kd, self->tmp, self->rhs);
  for (guint i = 0; i < n; i++)
    self->rhs[i] = -h * self->rhs[i];
  band_matvec (self, self->Cd, self->v, self->tmp);
  for (guint i = 0; i < n; i++)
    self->rhs[i] += self->mass[i] * self->v[i] - h * (1 - th) * self->tmp[i]
                    + h * (th * self->f1[i] + (1 - th) * self->f0[i]);
  /* v_free itself only for the impulses' sweeps (the velocity-space
   * sweeps solve from rhs) */
  if (self->gs == NULL)
    {
      memcpy (self->v1, self->rhs, n * sizeof (double));
      lz_ts_band_solve (self, self->v1);
    }
}

/* ERROR: the run diverged at T1 in body I (q1, v1 its state). */
void
lz_ts_set_diverged (const LzTimestep *self,
                    guint             i,
                    double            t1,
                    GError          **error)
{
  g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
               _("the run diverged at t = %.10g s: body “%s” reached q = %g, v = %g"),
               t1, lz_assembly_get_dof_name (self->parent.assembly, i), self->q1[i], self->v1[i]);
}

/* q⁺ = q + h v_θ; FALSE with ERROR set when the run diverges. */
static gboolean
update_positions (LzTimestep *self,
                  double      t1,
                  GError    **error)
{
  double h = self->h, th = self->theta, limit = self->parent.options.divergence_limit;

  for (guint i = 0; i < self->n; i++)
    {
      double vth = th * self->v1[i] + (1 - th) * self->v[i];

      self->q1[i] = self->q[i] + h * vth;
      self->rate[i] = vth;      /* (the energy book's rate, but on bodies held at their θ-point) */
      if (!lz_ts_state_ok (self, self->q1[i], self->v1[i], limit))
        {
          lz_ts_set_diverged (self, i, t1, error);
          return FALSE;
        }
    }
  return TRUE;
}

/* A massless body without damping balances at the θ-point q + hθ·v_θ;
 * where it is moved on to matters to nothing but the trace and the
 * energies (its v⁺ is free: the next step balances it again).  Moved on
 * to q + h·v_θ, as the other bodies are, it is exact for linear joints,
 * but any error — an inconsistent start, a kink at a switch of a
 * nonsmooth element on it — comes back every step with its sign
 * flipped (for θ = ½) and never dies out.  With such elements on
 * massless bodies they are kept at the θ-point: their positions lag by
 * (1 − θ)h, first order like the rest of such a run.
 *
 * When they could not be put on their balance at the start (dry friction
 * on them, or sweeps that did not settle), the first step takes the
 * massless bodies from the file's q0 to it: the balance is counted from
 * the end of that step (the energy that moved in the snap, partly booked
 * on the contacts, is not a loss of the run). */
static void
hold_massless (LzTimestep *self,
               double      t1)
{
  LzEnergy *en = &self->energy;
  double h = self->h, th = self->theta;

  if (!self->keep_theta)
    return;
  for (guint i = 0; i < self->n; i++)
    if (self->algebraic[i])
      {
        double vth = th * self->v1[i] + (1 - th) * self->v[i];

        self->q1[i] = self->q[i] + h * th * vth;
        self->v1[i] = th * vth;             /* the rate it moves at: Δq/h */
      }
  if (!self->balanced && self->parent.stats.steps == 0)
    self->energy0 = lz_ts_kinetic_energy (self, self->v1) + lz_ts_potential_energy (self, self->q1, t1)
                    + en->damping + en->friction + en->impacts - en->sources;
}

/* Accepts the step: (q1, v1) becomes the state at its end (labelled TL),
 * and q1, v1 keep the state at its start (the pointers are swapped:
 * nothing is copied). */
static void
accept_step (LzTimestep *self,
             double      tl)
{
  double *q = self->q, *v = self->v;

  self->q = self->q1;
  self->v = self->v1;
  self->q1 = q;
  self->v1 = v;
  self->parent.t = tl;
  self->parent.stats.steps++;
}

/* Whether the impulses of the step just accepted made the velocity of body
 * i (with mass) jump: tmp holds their W⁻¹HᵀΛ, v the velocity after, v1
 * before. */
static gboolean
velocity_jumped (const LzTimestep *self,
                 int               i)
{
  double jump, smooth;

  if (i < 0 || !(self->mass[i] > 0))
    return FALSE;
  jump = fabs (self->tmp[i]);
  smooth = fabs (self->v[i] - self->tmp[i] - self->v1[i]);
  return jump > LZ_TS_IMPACT_RATIO * smooth
                + LZ_TS_VELOCITY_TOL * lz_scales_dof_speed (&self->parent.scales,
                                                            lz_assembly_get_model (self->parent.assembly), i);
}

/* A stop on a massless body that closed in the step: an impact if it
 * stopped a body with mass — its other port, or through the massless body
 * a body at the far end of a stop or dry friction on it — whose velocity
 * jumped; otherwise the massless body just reached it (no mass, no
 * impact). */
static gboolean
massless_stop_impact (const LzTimestep   *self,
                      const LzElementLaw *law)
{
  int ports[2] = { law->a, law->b };

  for (int k = 0; k < 2; k++)
    {
      int z = ports[k];

      if (velocity_jumped (self, ports[1 - k]))
        return TRUE;
      if (z < 0 || self->mass[z] > 0)
        continue;
      for (guint f = 0; f < self->n_elems; f++)
        {
          const LzElementLaw *fl = self->elems[f].law;

          if (fl != law && (fl->kind == LZ_ITEM_STOP || fl->kind == LZ_ITEM_FRICTION)
              && (fl->a == z || fl->b == z) && velocity_jumped (self, fl->a == z ? fl->b : fl->a))
            return TRUE;
        }
    }
  return FALSE;
}

/* What is known about element E's switch beyond its modes: an impact (a
 * free stop that took an impulse against its approach), or a massless
 * body reaching a stop (no impact, unless it stopped a body with mass
 * through it). */
static LzSwitchFlags
switch_flags (const LzTimestep *self,
              guint             e)
{
  const Elem *el = &self->elems[e];
  const LzElementLaw *law;
  gboolean pushed = FALSE;
  double u_tol = LZ_TS_VELOCITY_TOL * el->u_unit;
  double z_tol = LZ_TS_IMPULSE_TOL * el->z_unit * self->h;

  if (el->kind != LZ_ITEM_STOP || self->modes[e] != LZ_MODE_FREE)      /* (E has a row) */
    return el->massless != 0 && el->kind == LZ_ITEM_STOP ? LZ_SWITCH_MASSLESS : 0;
  law = el->law;
  for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
    if (self->z[j] > z_tol
        && (self->vars[j].kind == VAR_STOP_LOWER ? self->u_start[law->row] < -u_tol
                                                : self->u_start[law->row] > u_tol))
      pushed = TRUE;
  if (el->massless == 0)
    return pushed ? LZ_SWITCH_IMPACT : 0;
  return pushed && massless_stop_impact (self, law) ? LZ_SWITCH_IMPACT : LZ_SWITCH_MASSLESS;
}

/* classify_one() after a step for an element whose Elem is fast: from
 * ġ of its row (what element_rates_one() would store) without storing
 * it — the same mode (the trace's rows compute the state again). */
static LzMode
fast_mode (const LzTimestep *self,
           guint             r,
           const Elem       *el)
{
  double u_tol = LZ_TS_VELOCITY_TOL * el->u_unit;
  double z_tol = LZ_TS_IMPULSE_TOL * el->z_unit * self->h;
  double u = lz_ts_row_dot (self, r, self->v) + 0.0;
  LzMode mode = LZ_MODE_FREE;

  if (el->kind == LZ_ITEM_FRICTION)
    return fabs (u) <= u_tol ? LZ_MODE_STICK : u > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
  for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
    if (self->z[j] > z_tol && fabs (u) <= u_tol)
      mode = LZ_MODE_CONTACT;
  return mode;
}

/* The mode at the step's end T1 and what is known of its switch for row
 * R (element E), into new_modes[E]; ROW: the state of every element was
 * computed (a row of the trace). */
static LzSwitchFlags
row_mode (LzTimestep *self,
          guint       r,
          guint       e,
          double      t1,
          gboolean    row)
{
  const Elem *el = &self->elems[e];

  if (row || !el->fast)
    {
      if (!row)
        element_rates_one (self, r, e, t1);
      classify_one (self, self->new_modes, e, TRUE);
      return switch_flags (self, e) | lz_ts_forcing_flags (self, e);
    }
  /* switch_flags() is 0 but for a free stop, lz_ts_forcing_flags() without
   * jumps */
  self->new_modes[e] = fast_mode (self, r, el);
  return (el->kind == LZ_ITEM_STOP && self->modes[e] == LZ_MODE_FREE ? switch_flags (self, e) : 0)
         | (self->jumps != NULL ? lz_ts_forcing_flags (self, e) : 0);
}

/* The modes at the end T1 of the step into new_modes, and an event at
 * its label TL for every element whose mode changed or that was hit;
 * TRUE if any. */
static gboolean
log_mode_switches (LzTimestep *self,
                   double      t1,
                   double      tl,
                   gboolean    row,
                   LzTrace    *trace)
{
  gboolean any_event = FALSE;

  /* a row at the step's end needs every element's state; the modes and
   * events only the nonsmooth ones', each taken once: its state, its
   * mode, its switch */
  if (row)
    element_state (self, self->q, self->v, t1);
  for (guint r = 0; r < self->n_rows; r++)
    {
      guint e = (guint) self->row_element[r];
      LzSwitchFlags flags;

      flags = row_mode (self, r, e, t1, row);

      /* a breakaway while the static level falls: the level moved */
      if (self->modes[e] == LZ_MODE_STICK && self->new_modes[e] != LZ_MODE_STICK
          && lz_friction_level_falls (self->elems[e].law, t1, self->new_modes[e] == LZ_MODE_SLIP_POS ? 1 : -1))
        flags |= LZ_SWITCH_LEVEL;
      if ((flags & LZ_SWITCH_IMPACT) || self->new_modes[e] != self->modes[e])
        {
          LzEvent ev = { tl, e, self->modes[e], self->new_modes[e],
                         lz_mode_switch_cause (self->modes[e], self->new_modes[e], flags) };

          lz_trace_append_event (trace, &ev);
          self->parent.stats.events++;
          any_event = TRUE;
        }
    }
  return any_event;
}

static LzStepResult
timestep_step (LzIntegrator *integrator,
               double        t_limit,
               LzTrace      *trace,
               GError      **error)
{
  LzTimestep *self = (LzTimestep *) integrator;
  double t, t1, tl;
  gboolean any_event = FALSE, full, fused = FALSE;

  if (run_is_over (self, integrator->t) || integrator->t >= t_limit)
    return LZ_STEP_DONE;
  /* k·h, not a running sum (no drift of the time grid over long runs),
   * or a jump of the forcing before it (lz-timestep-forcing.c) */
  if (!lz_ts_forcing_begin (self, &t, &t1, error))
    return LZ_STEP_ERROR;
  tl = step_label (self, t1, &full);
  for (guint k = 0; k < self->n_varying; k++)
    if (!lz_friction_check (self->elems[self->varying[k]].law, t, error))
      return LZ_STEP_ERROR;

  /* the step merged into the sweeps' passes over the bodies where it
   * applies (lz-timestep-fused.c), else — or when its sweeps do not take
   * the step — phase by phase */
  if (self->fused.on)
    {
      free_forces (self, t, t1);
      fused = lz_ts_fused_solve (self);
    }
  else
    {
      free_step (self, t, t1);
      lz_ts_forcing_past_jump (self);
    }
  self->energy_start = self->energy;
  if (fused)
    {
      if (!lz_ts_fused_finish (self, t, t1, tl, error))
        return LZ_STEP_ERROR;
    }
  else
    {
      lz_ts_contact_problem (self, t, t1);
      if (!lz_ts_impulses (self, t, error) || !update_positions (self, t1, error))
        return LZ_STEP_ERROR;
      lz_ts_book_energy (self, t, t1);
      hold_massless (self, t1);
    }
  accept_step (self, tl);
  if (tl <= integrator->t_end)
    any_event = fused ? lz_ts_fused_log (self, trace) : log_mode_switches (self, t1, tl, full, trace);
  any_event = lz_ts_forcing_log (self, t1, tl, trace) || any_event;
  write_samples (self, trace, t, t1, tl, full && !fused);
  /* the new modes (none taken past t-end: the modes stay); the merged
   * step took every row's: the two arrays trade places (new_modes is read
   * only after a step wrote every row's) */
  if (fused && tl <= integrator->t_end)
    {
      LzMode *modes = self->modes;

      self->modes = self->new_modes;
      self->new_modes = modes;
    }
  else if (tl <= integrator->t_end)
    for (guint r = 0; r < self->n_rows; r++)
      self->modes[self->row_element[r]] = self->new_modes[self->row_element[r]];
  integrator->t = MIN (tl, integrator->t_end);
  return any_event ? LZ_STEP_EVENT : LZ_STEP_OK;
}

/* The step evaluates the forcing on the side of its jumps the run is on
 * (lz-timestep-forcing.c), and leaves the thread as it found it. */
static LzStepResult
timestep_step_in_window (LzIntegrator *integrator,
                         double        t_limit,
                         LzTrace      *trace,
                         GError      **error)
{
  LzStepResult result;

  lz_ts_forcing_window ((LzTimestep *) integrator);
  result = timestep_step (integrator, t_limit, trace, error);
  lz_jumps_clear_window ();
  return result;
}

static void
timestep_start (LzIntegrator *integrator,
                LzTrace      *trace)
{
  LzTimestep *self = (LzTimestep *) integrator;

  lz_ts_balance_massless (self, integrator->t);

  element_state (self, self->q, self->v, integrator->t);
  for (guint r = 0; r < self->n_rows; r++)
    classify_one (self, self->modes, (guint) self->row_element[r], FALSE);
  for (guint i = 0; i < self->n_elems; i++)
    if (self->modes[i] != LZ_MODE_NONE)
      {
        LzEvent ev = { integrator->t, i, self->modes[i], self->modes[i], LZ_CAUSE_INITIAL };

        lz_trace_append_event (trace, &ev);
      }
  memcpy (self->new_modes, self->modes, self->n_elems * sizeof (LzMode));
  write_row (self, trace, integrator->t, integrator->t, self->q, self->v, self->modes);
  self->next_sample = 1;
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                      */

static void
timestep_free (LzIntegrator *integrator)
{
  LzTimestep *self = (LzTimestep *) integrator;

  lz_ts_contact_free (self);
  lz_ts_forcing_free (self);
  g_clear_pointer (&self->forcing, lz_forcing_free);
  g_free (self->row_jumps);
  g_free (self->matrices);
  g_free (self->algebraic);
  lz_ts_gs_free (self->gs);
  for (int s = 0; s < LZ_TS_N_SUMS; s++)
    g_free (self->fused.terms[s]);
  g_clear_pointer (&self->fused.events, g_array_unref);
  g_free (self->elems);
  g_free (self->work);
  g_free (self->varying);
  g_free (self->moving_rows);
  g_clear_pointer (&self->table, lz_element_table_free);
  g_free (self->force_body);
  g_free (self->source_f1);
  g_free (self->forced);
  g_free (self->state);
  g_free (self->modes);
  g_free (self->new_modes);
}

/* Whether element LAW's linear spring (a spring or gear without freeplay)
 * is in K, as the assembly puts it there. */
static gboolean
law_in_k (const LzElementLaw *law)
{
  return (law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR) && law->freeplay == 0.0;
}

/* X += k w wᵀ for element LAW's coordinate (w: −ca at a, cb at b), X by
 * diagonals with half-band B — in the order the assembly adds it, so
 * that W is the one the dense matrices gave, bit for bit. */
static void
stamp_outer (double             *X,
             guint               b,
             const LzElementLaw *law,
             double              k)
{
  int dofs[2] = { law->a, law->b };
  double w[2] = { -law->ca, law->cb };
  guint width = 2 * b + 1;

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (dofs[i] >= 0 && dofs[j] >= 0)
        X[(gsize) dofs[i] * width + dofs[j] + b - dofs[i]] += k * w[i] * w[j];
}

/* The half-band of K and C: the largest distance between the two bodies
 * of an element with stiffness or damping. */
static guint
element_band (const LzTimestep *self)
{
  guint b = 0;

  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = lz_element_table_get (self->table, e);

      if (law->a >= 0 && law->b >= 0 && law->ca * law->cb != 0
          && ((law_in_k (law) && law->k != 0) || law->c > 0))
        b = MAX (b, (guint) ABS (law->a - law->b));
    }
  return b;
}

/* M's diagonal, the band of K and C, K and C by diagonals and W = M + hθC
 * + h²θ²K into WD (same layout), all from the element table: O(n·band),
 * no n × n matrix.  The algebraic dofs (no mass, no damping).  The
 * freeplay springs' directions are coupled through the local problem,
 * not through W: the band comes from M, C, K only. */
static void
build_matrices (LzTimestep *self)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint n = self->n, b = self->band = element_band (self), width = 2 * b + 1;
  gsize nw = MAX ((gsize) n * width, 1), nm = MAX (n, 1);

  /* M's diagonal, K, C, W and W's factor in one block */
  self->mass = self->matrices = g_new0 (double, nm + 3 * nw + MAX ((gsize) n * (b + 1), 1));
  self->Kd = self->mass + nm;
  self->Cd = self->Kd + nw;
  self->Wd = self->Cd + nw;
  self->Wband = self->Wd + nw;
  for (guint i = 0; i < n; i++)
    self->mass[i] = lz_model_get_body (model, i)->mass;
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = lz_element_table_get (self->table, e);

      if (law_in_k (law))
        stamp_outer (self->Kd, b, law, law->k);
      if (law->c > 0.0)
        stamp_outer (self->Cd, b, law, law->c);
    }
  lz_ts_fill_w (self, self->h);
  self->algebraic = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    self->algebraic[i] = self->mass[i] == 0 && self->Cd[(gsize) i * width + b] == 0;
}

/* W, factored once; FALSE with ERROR set where it is singular. */
static gboolean
factor_w (LzTimestep *self,
          GError    **error)
{
  int failed_row = -1;

  build_matrices (self);
  if (self->n > 0 && !band_cholesky (self, self->Wd, &failed_row))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                   _("the iteration matrix M + hθC + h²θ²K is singular at body “%s”: give it "
                     "mass, or connect it through a linear spring or a damper"),
                   lz_assembly_get_dof_name (self->parent.assembly, (guint) failed_row));
      return FALSE;
    }
  return TRUE;
}

/* The elements from the element table, with what the run adds: on a
 * massless body or not, their variables of the local problem. */
static void
build_elements (LzTimestep *self)
{
  const LzModel *model = lz_assembly_get_model (self->parent.assembly);

  self->elems = g_new0 (Elem, MAX (self->n_elems, 1));
  lz_ts_read_h (self);
  for (guint e = 0; e < self->n_elems; e++)
    {
      Elem *el = &self->elems[e];
      const LzElementLaw *law = lz_element_table_get (self->table, e);

      el->law = law;
      el->kind = law->kind;
      el->plain = !law->moving && law->a != law->b;
      el->coulomb = law->kind == LZ_ITEM_FRICTION && lz_friction_is_coulomb (law);
      el->bilateral = lz_element_law_is_bilateral (law);
      el->contact = lz_contact_law_is (law);
      el->massless = (law->a >= 0 && self->algebraic[law->a]) || (law->b >= 0 && self->algebraic[law->b]) ? 2
                     : (law->a >= 0 && self->mass[law->a] == 0) || (law->b >= 0 && self->mass[law->b] == 0) ? 1
                     : 0;
      /* a nonsmooth element on an undamped massless body */
      if (el->massless == 2
          && (law->kind == LZ_ITEM_STOP || law->kind == LZ_ITEM_FRICTION || law->freeplay > 0))
        self->keep_theta = TRUE;
      lz_ts_add_element_vars (self, el);
      el->fast = el->plain && el->massless == 0 && !el->contact && !el->bilateral && law->row >= 0
                 && (law->kind == LZ_ITEM_FRICTION || law->kind == LZ_ITEM_STOP);
      el->u_unit = lz_scales_row_speed (&self->parent.scales, model, lz_model_get_element (model, e));
      el->z_unit = lz_scales_row_force (&self->parent.scales, model, lz_model_get_element (model, e));
    }
  self->work = g_new0 (LzTsWork, MAX (self->n_elems, 1));
  self->varying = g_new0 (guint, MAX (self->n_elems, 1));
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = self->elems[e].law;

      /* a spring between bodies neither dissipates nor is driven: its
       * energy is in the potential, from the state */
      if (law->moving || law->c != 0 || law->row >= 0)
        self->work[self->n_work++] = (LzTsWork) {
          e, law->a, law->b, law->row, law->ca, law->cb, law->c, law->kind, law->moving,
          self->elems[e].contact };
      if (law->kind == LZ_ITEM_FRICTION && lz_friction_is_varying (law))
        self->varying[self->n_varying++] = e;
    }
  self->moving_rows = g_new0 (guint, MAX (self->n_rows, 1));
  for (guint r = 0; r < self->n_rows; r++)
    if (self->elems[self->row_element[r]].law->moving)
      self->moving_rows[self->n_moving_rows++] = r;
}

/* The forcing's jumps (lz-forcing.c): refuses what no law can take.  The
 * steps land on them (lz-timestep-forcing.c); row_jumps marks the rows
 * whose ground jumps at a step's end, where Newton's law takes the
 * ground's velocity after the jump (lz_ts_contact_problem()). */
static gboolean
check_forcing (LzTimestep *self,
               GError    **error)
{
  lz_jumps_set_time_unit (self->parent.scales.time);
  self->forcing = lz_forcing_new (self->parent.assembly, self->parent.t_end, error);
  self->row_jumps = g_new0 (gboolean, MAX (self->n_rows, 1));
  if (self->forcing != NULL)
    lz_ts_forcing_new (self);
  return self->forcing != NULL;
}

/* Dry friction between a massless body without damping and a body or a
 * moving ground is rigid-plastic: while it sticks, the body's position
 * must follow its partner's step by step.  With θ < 1 the θ-point where
 * the body balances and the end-of-step velocities the friction relay
 * sees are different instants, and a stuck joint drifts (about 1 % of the
 * motion, whatever h): refused, with the two ways out. */
static gboolean
check_massless_friction (LzTimestep *self,
                         GError    **error)
{
  for (guint e = 0; e < self->n_elems && self->theta < 1; e++)
    {
      const LzElementLaw *law = self->elems[e].law;
      int z;

      if (self->elems[e].massless != 2 || law->kind != LZ_ITEM_FRICTION
          || !((law->a >= 0 && law->b >= 0) || law->moving))
        continue;
      z = law->a >= 0 && self->algebraic[law->a] ? law->a : law->b;
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the friction “%s” acts on the massless body “%s”, which has no damping (a "
                     "rigid-plastic joint): time-stepping takes it with θ = 1 only (with θ = %g a "
                     "stuck joint drifts); set θ = 1, or use the event-driven method"),
                   law->id, lz_assembly_get_dof_name (self->parent.assembly, (guint) z), self->theta);
      return FALSE;
    }
  return TRUE;
}

/* For a stop LAW from the massless body z to the body with mass OTHER:
 * another stop or dry friction from z to something else with mass (or a
 * ground), through which OTHER can hit it; NULL if none. */
static const LzElementLaw *
impact_partner (const LzTimestep   *self,
                const LzElementLaw *law,
                int                 z,
                int                 other,
                int                *far)
{
  for (guint f = 0; f < self->n_elems; f++)
    {
      const LzElementLaw *fl = self->elems[f].law;

      if (fl == law || (fl->kind != LZ_ITEM_STOP && fl->kind != LZ_ITEM_FRICTION)
          || (fl->a != z && fl->b != z))
        continue;
      *far = fl->a == z ? fl->b : fl->a;
      if (*far == other || (*far >= 0 && !(self->mass[*far] > 0)))
        continue;                   /* the same body, or another massless one */
      return fl;
    }
  return NULL;
}

/* A stop from a massless body to a body with mass, and a stop or dry
 * friction from the same massless body to something else: the body with
 * mass can hit the other through the massless one.  That impact is
 * position-level (the massless body has no velocity to keep), and with
 * θ < 1 the step throws the body with mass back (θ = ½: more energy out
 * than in); with θ = 1 it is plastic.  Refused, with the way out. */
static gboolean
check_impact_through (LzTimestep *self,
                      GError    **error)
{
  LzAssembly *assembly = self->parent.assembly;

  for (guint e = 0; e < self->n_elems && self->theta < 1; e++)
    {
      const LzElementLaw *law = self->elems[e].law, *fl;
      int z, other, far = -1;

      if (self->elems[e].massless == 0 || law->kind != LZ_ITEM_STOP || law->a < 0 || law->b < 0)
        continue;
      z = self->mass[law->a] > 0 ? law->b : law->a;
      other = z == law->a ? law->b : law->a;
      if (!(self->mass[other] > 0) || self->mass[z] > 0)
        continue;
      fl = impact_partner (self, law, z, other, &far);
      if (fl == NULL)
        continue;
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("the body “%s” can hit “%s” through the massless body “%s” (“%s” and "
                     "“%s”): time-stepping takes that impact with θ = 1 only (plastic; with "
                     "θ = %g the step throws the body back); set θ = 1"),
                   lz_assembly_get_dof_name (assembly, (guint) other),
                   far >= 0 ? lz_assembly_get_dof_name (assembly, (guint) far)
                            : fl->a == z ? fl->element->b : fl->element->a,
                   lz_assembly_get_dof_name (assembly, (guint) z), law->id, fl->id, self->theta);
      return FALSE;
    }
  return TRUE;
}

/* The sources that are forces (their work enters the balance). */
static void
find_force_sources (LzTimestep *self)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);

  /* the dofs the step evaluates f at (f0, f1 stay zero at the others) */
  self->forced = g_new (guint, MAX (self->n, 1));
  self->n_forced = lz_assembly_get_forced_dofs (self->parent.assembly, self->forced);
  self->n_sources = lz_model_get_n_sources (model);
  self->force_body = g_new0 (int, MAX (self->n_sources, 1));
  self->source_f1 = g_new0 (double, MAX (self->n_sources, 1));
  self->source_t1 = NAN;
  for (guint s = 0; s < self->n_sources; s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      self->force_body[s] = source->item.kind == LZ_ITEM_FORCE
                            ? lz_model_get_body_index (model, source->body) : -1;
    }
}

/* The state (the bodies' q0, v0) and the step's workspaces. */
static void
alloc_state (LzTimestep *self)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint n = self->n, nr = self->n_rows, ne = self->n_elems, nv = self->n_vars;

  /* the vectors of doubles in one block (freed once), each at least one
   * entry long */
  struct { double **field; guint count; } vectors[] = {
    { &self->q, n }, { &self->v, n }, { &self->q1, n }, { &self->v1, n }, { &self->q_s, n },
    { &self->v_s, n }, { &self->rhs, n }, { &self->tmp, n }, { &self->rate, n }, { &self->f0, n },
    { &self->f1, n }, { &self->z, nv }, { &self->z_prev, nv }, { &self->lambda, nr },
    { &self->u_free, nr }, { &self->u_start, nr }, { &self->g0_start, nr }, { &self->g0_end, nr },
    { &self->g0dot_start, nr }, { &self->g0dot_end, nr }, { &self->elem_force, ne },
    { &self->elem_g, ne }, { &self->elem_gdot, ne },
  };
  gsize total = 0;

  for (guint k = 0; k < G_N_ELEMENTS (vectors); k++)
    total += MAX (vectors[k].count, 1);
  self->state = g_new0 (double, total);
  total = 0;
  for (guint k = 0; k < G_N_ELEMENTS (vectors); k++)
    {
      *vectors[k].field = self->state + total;
      total += MAX (vectors[k].count, 1);
    }
  self->modes = g_new0 (LzMode, MAX (ne, 1));
  self->new_modes = g_new0 (LzMode, MAX (ne, 1));

  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      self->q[i] = body->q0;
      self->v[i] = body->v0;
    }
  self->energy.kinetic = lz_ts_kinetic_energy (self, self->v);
  self->energy.potential = lz_ts_potential_energy (self, self->q, 0.0);
  self->energy0 = self->energy.kinetic + self->energy.potential;
}

static LzIntegrator *
timestep_new (LzAssembly                *assembly,
              const LzIntegratorOptions *options,
              GError                   **error)
{
  LzTimestep *self = g_new0 (LzTimestep, 1);

  self->parent.assembly = assembly;
  self->parent.options = *options;
  self->parent.t_end = options->t_end;
  lz_scales_of_model (lz_assembly_get_model (assembly), &self->parent.scales);
  self->n = lz_assembly_get_n_dofs (assembly);
  self->n_rows = lz_assembly_get_n_nonsmooth (assembly);
  self->n_elems = lz_model_get_n_elements (lz_assembly_get_model (assembly));
  self->h = options->dt;
  self->theta = options->theta;
  self->f1_t = NAN;

  self->table = lz_element_table_new (assembly);
  if (!factor_w (self, error))
    goto fail;
  build_elements (self);
  if (!check_forcing (self, error) || !check_massless_friction (self, error) || !check_impact_through (self, error)
      || !lz_ts_delassus_new (self, error))
    goto fail;
  lz_ts_gs_new (self);
  lz_ts_fused_new (self);
  find_force_sources (self);
  alloc_state (self);
  return &self->parent;

fail:
  timestep_free (&self->parent);
  g_free (self);
  return NULL;
}

static const LzIntegratorClass timestep_class = {
  "timestep",
  timestep_new,
  timestep_start,
  timestep_step_in_window,
  timestep_free,
};

const LzIntegratorType *const lz_integrator_timestep = (const LzIntegratorType *) &timestep_class;
