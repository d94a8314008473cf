/* lz-timestep-energy.c — the energy book of Moreau–Jean time-stepping, and
 * the balance of massless bodies at the start
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Energy: kinetic ½vᵀMv, potential of the springs, and per step the work
 * of every term evaluated exactly as the scheme uses it, and for θ > ½
 * the scheme's own numerical damping (numerical_damping()), so that
 * without freeplay the balance closes to rounding whatever θ.
 *
 * Massless bodies without damping have no state of their own: the file's
 * q0 and v0 are a guess, and they are put on their balance before the
 * first step (lz_ts_balance_massless()).
 */

#include "config.h"

#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "lz-contact-law.h"
#include "lz-luz.h"
#include "lz-timestep-private.h"

/* The energy stored in the springs at (q, t). */
double
lz_ts_potential_energy (const LzTimestep *self,
                        const double     *q,
                        double            t)
{
  double e = 0.0;

  for (guint i = 0; i < self->n_elems; i++)
    {
      const LzElementLaw *law = self->elems[i].law;
      double g0;

      if (law->k <= 0 && !lz_contact_law_is (law))
        continue;
      lz_ts_element_g0 (self, i, t, &g0, NULL);
      e += lz_element_law_energy (law, lz_element_law_g (law, q, g0));
    }
  return e;
}

double
lz_ts_kinetic_energy (const LzTimestep *self,
                      const double     *v)
{
  double e = 0.0;

  for (guint i = 0; i < self->n; i++)
    e += 0.5 * self->mass[i] * v[i] * v[i];
  return e;
}

/* ------------------------------------------------------------------------ */
/* The work of a step                                                         */

/* The step's numerical damping, what the θ-method takes beyond the work
 * of its terms (booked at v_θ, a stop's impulse at the mean of the
 * velocities before and after).  With v_θ = v_½ + (θ − ½)Δv:
 *
 *   ΔE_kin = Δvᵀ M v_½ = (work at v_θ) − (θ − ½)·ΔvᵀMΔv,
 *   ΔE_pot = k (g_½ − ℓ) Δg = k (g_θ − ℓ) Δg − (θ − ½)·k·Δg² per linear spring,
 *
 * so the scheme takes (θ − ½)·(ΔvᵀMΔv + Σ k·Δg² − Σ_stops λ·Δu), the last
 * the part of an impact's loss already booked as the impact's (bodies with
 * mass only: a massless body's share is booked at its rate).  For θ = ½
 * it is zero; for θ > ½ positive (a dissipative scheme).  Springs with
 * freeplay are left out: their energy is not quadratic, and the scheme's
 * force at the θ-point does not give an exact balance (nor at θ = ½). */
static double
numerical_damping (const LzTimestep *self,
                   double            t,
                   double            t1)
{
  double sum = 0;

  for (guint i = 0; i < self->n; i++)
    sum += self->mass[i] * (self->v1[i] - self->v[i]) * (self->v1[i] - self->v[i]);
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = self->elems[e].law;
      double g0a, g0b, d = 0;

      if (law->k > 0 && law->freeplay == 0)
        {
          lz_ts_element_g0 (self, e, t, &g0a, NULL);
          lz_ts_element_g0 (self, e, t1, &g0b, NULL);
          d = g0b - g0a;
          if (law->a >= 0)
            d -= law->ca * (self->q1[law->a] - self->q[law->a]);
          if (law->b >= 0)
            d += law->cb * (self->q1[law->b] - self->q[law->b]);
          sum += law->k * d * d;
        }
      else if (law->row >= 0 && law->kind == LZ_ITEM_STOP)
        {
          if (law->a >= 0 && self->mass[law->a] > 0)
            d -= law->ca * (self->v1[law->a] - self->v[law->a]);
          if (law->b >= 0 && self->mass[law->b] > 0)
            d += law->cb * (self->v1[law->b] - self->v[law->b]);
          sum -= self->lambda[law->row] * d;
        }
    }
  return (self->theta - 0.5) * sum;
}

/* The work of the forces (sources) over the step from t to t1.  f(t) is
 * the last step's f(t1) (kept in source_f1), but where the forcing jumps
 * (the steps evaluate it on either side of a jump). */
static double
source_work (LzTimestep *self,
             double      t,
             double      t1)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  double th = self->theta, src = 0;
  gboolean again = t == self->source_t1 && self->forcing->jumps->len == 0;

  for (guint s = 0; s < self->n_sources; s++)
    if (self->force_body[s] >= 0)
      {
        const LzSource *source = lz_model_get_source (model, s);
        guint i = (guint) self->force_body[s];
        double f1 = lz_expr_eval (source->value, t1);
        double f0 = again ? self->source_f1[s] : lz_expr_eval (source->value, t);
        double F = th * f1 + (1 - th) * f0;

        self->source_f1[s] = f1;
        src += self->h * F * lz_ts_theta_rate (self, i);
      }
  self->source_t1 = t1;
  return src;
}

/* The work of the moving grounds' loads on element E over the step:
 * ġ0, g0 at the step's ends, and the linear spring's driven part. */
static void
ground_work (const LzTimestep *self,
             guint             e,
             double            t,
             double            t1,
             double           *gd0_th,
             LzEnergy         *book)
{
  const LzElementLaw *law = self->elems[e].law;
  double h = self->h, th = self->theta;
  double g0a, g0b, gda, gdb, lin_th = 0, g0_th;

  lz_ts_element_g0 (self, e, t, &g0a, &gda);
  lz_ts_element_g0 (self, e, t1, &g0b, &gdb);
  g0_th = th * g0b + (1 - th) * g0a;
  *gd0_th = th * gdb + (1 - th) * gda;
  if (law->a >= 0)
    lin_th -= law->ca * (self->q[law->a] + h * th * (th * self->v1[law->a] + (1 - th) * self->v[law->a]));
  if (law->b >= 0)
    lin_th += law->cb * (self->q[law->b] + h * th * (th * self->v1[law->b] + (1 - th) * self->v[law->b]));
  if (law->k > 0 && law->freeplay == 0)
    book->sources += law->k * (lin_th + g0_th - law->offset) * (g0b - g0a);
}

/* What a damped contact took from the bodies over the step beyond what
 * its spring stores, at its impulse L. */
static double
contact_loss (const LzTimestep *self,
              const LzTsWork   *w,
              double            t,
              double            t1,
              double            L,
              double            gd0_th)
{
  const LzElementLaw *law = self->elems[w->e].law;
  guint e = w->e;
  double h = self->h, th = self->theta, g_start, g_end;

  lz_ts_element_g0 (self, e, t, &g_start, NULL);
  lz_ts_element_g0 (self, e, t1, &g_end, NULL);
  if (law->a >= 0)
    {
      g_start -= law->ca * self->q[law->a];
      g_end -= law->ca * (self->q[law->a] + h * (th * self->v1[law->a] + (1 - th) * self->v[law->a]));
    }
  if (law->b >= 0)
    {
      g_start += law->cb * self->q[law->b];
      g_end += law->cb * (self->q[law->b] + h * (th * self->v1[law->b] + (1 - th) * self->v[law->b]));
    }
  return -L * lz_ts_stop_mid_rate (self, w, gd0_th)
         - (lz_contact_law_energy (law, g_end) - lz_contact_law_energy (law, g_start));
}

/* The work of element W over the step, added to the book E; rate holds
 * its bodies' rates over the step, v1 their velocities at its end. */
void
lz_ts_book_work (const LzTimestep *self,
                 const LzTsWork   *w,
                 double            t,
                 double            t1,
                 LzEnergy         *book)
{
  double h = self->h, vel_th, gd0_th = 0;

  /* a fixed ground adds nothing (its terms are exact zeros) */
  if (w->moving)
    ground_work (self, w->e, t, t1, &gd0_th, book);
  vel_th = lz_ts_book_fixed (self, w, gd0_th, book);
  if (w->c > 0 && w->moving)
    book->sources += h * w->c * (vel_th + gd0_th) * gd0_th;
  if (w->row >= 0)
    {
      double L = self->lambda[w->row];

      if (w->contact && !((w->kind == LZ_ITEM_FRICTION || w->kind == LZ_ITEM_STOP) && L != 0))
        book->damping += contact_loss (self, w, t, t1, L, gd0_th);
      /* freeplay: the potential is counted from the state */
      if (w->moving)
        book->sources += -L * gd0_th;
    }
}

/* The book of the step from t to t1 opened: the work of the sources;
 * rate holds v_θ (update_positions()), but a body kept at its θ-point
 * moves at θ·v_θ. */
void
lz_ts_book_open (LzTimestep *self,
                 double      t,
                 double      t1,
                 LzEnergy   *book)
{
  *book = (LzEnergy) { 0 };
  book->sources = source_work (self, t, t1);
  if (self->keep_theta)
    for (guint i = 0; i < self->n; i++)
      self->rate[i] = lz_ts_theta_rate (self, i);
}

/* The step's BOOK (lz_ts_book_open(), lz_ts_book_work()) added to the
 * run's energies, with the scheme's numerical damping. */
void
lz_ts_book_close (LzTimestep *self,
                  double      t,
                  double      t1,
                  LzEnergy   *book)
{
  self->energy.damping += book->damping;
  self->energy.friction += book->friction;
  /* θ = ½ and a step far above a natural period: the impulse may push a
   * contact that separates over the step, a negative impact loss.  An
   * impact makes no energy: that share is the scheme's, booked with its
   * numerical damping (the run's warnings say so, lz-warnings.c). */
  if (book->impacts < 0)
    {
      self->energy.numerical += book->impacts;
      book->impacts = 0;
    }
  self->energy.impacts += book->impacts;
  self->energy.sources += book->sources;
  if (self->theta != 0.5)
    self->energy.numerical += numerical_damping (self, t, t1);
}

/* Energy: the work of each term of the step from t to t1 as the scheme
 * applies it, from the state before (q, v) and after (q1, v1). */
void
lz_ts_book_energy (LzTimestep *self,
                   double      t,
                   double      t1)
{
  LzEnergy book;

  lz_ts_book_open (self, t, t1, &book);
  for (guint k = 0; k < self->n_work; k++)
    lz_ts_book_work (self, &self->work[k], t, t1, &book);
  lz_ts_book_close (self, t, t1, &book);
}

/* ------------------------------------------------------------------------ */
/* Massless bodies at the start                                               */

/* dE/dz for an algebraic dof i at z (the others at q): the linear
 * springs of K, the springs with freeplay on it, the loads f. */
static double
node_slope (const LzTimestep *self,
            guint             i,
            double            z,
            const double     *f,
            double            t)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;
  double d = -f[i];

  for (guint j = i > b ? i - b : 0; j <= MIN (n - 1, i + b); j++)
    d += self->Kd[(gsize) i * width + j + b - i] * (j == i ? z : self->q[j]);
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = self->elems[e].law;
      double g0, s, dsdz;

      if (law->freeplay <= 0 || law->k <= 0 || (law->a != (int) i && law->b != (int) i))
        continue;
      lz_ts_element_g0 (self, e, t, &g0, NULL);
      s = g0 - law->offset;
      s += law->b >= 0 ? law->cb * (law->b == (int) i ? z : self->q[law->b]) : 0;
      s -= law->a >= 0 ? law->ca * (law->a == (int) i ? z : self->q[law->a]) : 0;
      dsdz = (law->b == (int) i ? law->cb : 0) - (law->a == (int) i ? law->ca : 0);
      d += law->k * lz_luz (s, law->freeplay) * dsdz;
    }
  return d;
}

/* From z, where the slope of dof i has the sign σ ≠ 0, towards BOUND
 * (downhill): the last point that still has that sign before the slope
 * changes sign (by bisection, to round-off), or BOUND if it keeps it all
 * the way (the body presses on a stop). */
static double
slide_to_balance (const LzTimestep *self,
                  guint             i,
                  double            z,
                  double            bound,
                  const double     *f,
                  double            t)
{
  double sigma = node_slope (self, i, z, f, t) > 0 ? 1 : -1, dir = -sigma;
  /* dof i's own length (an angle's scale for a shaft in a model that
   * mixes kinds: lz-scales.h) */
  double L = lz_scales_dof_length (&self->parent.scales, lz_assembly_get_model (self->parent.assembly), i);
  double step = LZ_TS_SLIDE_FIRST * L, near = z, far = z + dir * step;

  while (dir * (bound - far) > 0 && sigma * node_slope (self, i, far, f, t) > 0
         && step < LZ_TS_SLIDE_MAX * L)
    {
      step *= 2;
      far = z + dir * step;
    }
  if (dir * (far - bound) > 0)
    far = bound;
  if (sigma * node_slope (self, i, far, f, t) > 0)
    return far;
  for (guint k = 0; k < LZ_TS_SLIDE_HALVINGS && fabs (far - near) > LZ_TS_SLIDE_WIDTH * (L + fabs (near)); k++)
    {
      double mid = 0.5 * (near + far);

      if (sigma * node_slope (self, i, mid, f, t) > 0)
        near = mid;
      else
        far = mid;
    }
  return near;
}

/* The range [*LO, *HI] the stops on dof i leave it, given the others. */
static void
stop_range (const LzTimestep *self,
            guint             i,
            double            t,
            double           *lo,
            double           *hi)
{
  *lo = -INFINITY;
  *hi = INFINITY;
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = self->elems[e].law;
      double g0, rest, coef, l, u;

      if (law->kind != LZ_ITEM_STOP || (law->a != (int) i && law->b != (int) i))
        continue;
      lz_ts_element_g0 (self, e, t, &g0, NULL);
      coef = (law->b == (int) i ? law->cb : 0) - (law->a == (int) i ? law->ca : 0);
      rest = g0 + (law->b >= 0 && law->b != (int) i ? law->cb * self->q[law->b] : 0)
             - (law->a >= 0 && law->a != (int) i ? law->ca * self->q[law->a] : 0);
      if (coef == 0)
        continue;
      l = (law->lower - rest) / coef;
      u = (law->upper - rest) / coef;
      if (coef < 0)
        {
          double tmp = l;

          l = u;
          u = tmp;
        }
      *lo = MAX (*lo, l);
      *hi = MIN (*hi, u);
    }
}

/* With nonsmooth elements on undamped massless bodies: each balances where
 * its energy is least given the others, inside its stops (a convex problem
 * in each coordinate, so the sweeps converge); a body held by nothing in a
 * range (a slack freeplay) stays at the point of that range nearest to
 * its q0.  Bodies with dry friction keep their q0 (the friction holds
 * them wherever the file put them, within its levels).  Returns FALSE if
 * the sweeps did not settle. */
static gboolean
balance_massless_nonsmooth (LzTimestep *self,
                            double      t)
{
  guint n = self->n;
  g_autofree double *f = g_new0 (double, MAX (n, 1));
  g_autofree gboolean *skip = g_new0 (gboolean, MAX (n, 1));

  lz_ts_eval_forces (self, t, f);
  for (guint e = 0; e < self->n_elems; e++)
    if (self->elems[e].law->kind == LZ_ITEM_FRICTION)
      {
        if (self->elems[e].law->a >= 0)
          skip[self->elems[e].law->a] = TRUE;
        if (self->elems[e].law->b >= 0)
          skip[self->elems[e].law->b] = TRUE;
      }
  for (guint sweep = 0; sweep < LZ_TS_BALANCE_SWEEPS; sweep++)
    {
      double moved = 0;

      for (guint i = 0; i < n; i++)
        {
          double lo, hi, z = self->q[i], d;

          if (!self->algebraic[i] || skip[i])
            continue;
          stop_range (self, i, t, &lo, &hi);
          if (lo > hi)
            return FALSE;
          z = CLAMP (z, lo, hi);
          /* the nearest point where the slope changes sign (it is
           * nondecreasing), or the stop it presses on */
          d = node_slope (self, i, z, f, t);
          if ((d > 0 && z > lo) || (d < 0 && z < hi))
            z = slide_to_balance (self, i, z, d > 0 ? lo : hi, f, t);
          /* in units of L (the factor is 1 but in a model that mixes
           * kinds, where it is L over dof i's own length) */
          moved = MAX (moved, fabs (z - self->q[i])
                                * (self->parent.scales.length
                                   / lz_scales_dof_length (&self->parent.scales,
                                                           lz_assembly_get_model (self->parent.assembly), i)));
          self->q[i] = z;
        }
      if (moved <= LZ_TS_BALANCE_SETTLED * self->parent.scales.length)
        return TRUE;
    }
  return FALSE;
}

/* The energy at the start, after the massless bodies were put on their
 * balance: the reference of the balance. */
static void
restart_energy (LzTimestep *self,
                double      t)
{
  self->energy.kinetic = lz_ts_kinetic_energy (self, self->v);
  self->energy.potential = lz_ts_potential_energy (self, self->q, t);
  self->energy0 = self->energy.kinetic + self->energy.potential;
}

/* K_zz z = f_z − K_zx x and K_zz ż = ḟ_z − K_zx ẋ over the NA algebraic
 * dofs ALG (linear joints only on them); FALSE when K_zz is not positive
 * definite. */
static gboolean
balance_massless_linear (LzTimestep  *self,
                         double       t,
                         const guint *alg,
                         guint        na)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;
  g_autofree double *f0 = g_new0 (double, n);
  g_autofree double *fa = g_new0 (double, n);
  g_autofree double *fb = g_new0 (double, n);
  gsl_matrix *Kzz = gsl_matrix_calloc (na, na);
  gsl_vector *rq = gsl_vector_alloc (na), *rv = gsl_vector_alloc (na);
  gsl_error_handler_t *old;
  double dt = LZ_TS_RATE_STEP * lz_scales_time_unit (&self->parent.scales, t);
  int status;

  lz_ts_eval_forces (self, t, f0);
  lz_ts_eval_forces (self, t - dt, fa);
  lz_ts_eval_forces (self, t + dt, fb);
  for (guint r = 0; r < na; r++)
    {
      guint i = alg[r];
      double sq = f0[i], sv = (fb[i] - fa[i]) / (2 * dt);

      for (guint j = i > b ? i - b : 0; j <= MIN (n - 1, i + b); j++)
        {
          double k = self->Kd[(gsize) i * width + j + b - i];

          if (self->algebraic[j])
            {
              for (guint c = 0; c < na; c++)
                if (alg[c] == j)
                  gsl_matrix_set (Kzz, r, c, k);
            }
          else
            {
              sq -= k * self->q[j];
              sv -= k * self->v[j];
            }
        }
      gsl_vector_set (rq, r, sq);
      gsl_vector_set (rv, r, sv);
    }
  old = gsl_set_error_handler_off ();
  status = gsl_linalg_cholesky_decomp1 (Kzz);
  gsl_set_error_handler (old);
  if (status == GSL_SUCCESS)
    {
      gsl_linalg_cholesky_svx (Kzz, rq);
      gsl_linalg_cholesky_svx (Kzz, rv);
      for (guint r = 0; r < na; r++)
        {
          self->q[alg[r]] = gsl_vector_get (rq, r);
          self->v[alg[r]] = gsl_vector_get (rv, r);
        }
    }
  gsl_matrix_free (Kzz);
  gsl_vector_free (rq);
  gsl_vector_free (rv);
  return status == GSL_SUCCESS;
}

/* Massless bodies without damping have no state: the file's q0 and v0
 * are a guess, and the scheme, exact for linear joints from a consistent
 * start, would carry an inconsistent one on for ever (θ = ½: the error
 * comes back every step with its sign flipped).  With linear joints only
 * on them, they start where they balance, K_zz z = f_z − K_zx x (and
 * K_zz ż = ḟ_z − K_zx ẋ); with nonsmooth elements on them they are kept
 * at their balance from the first step on (keep_theta).  Skipped when
 * K_zz is not positive definite (the model is refused elsewhere). */
void
lz_ts_balance_massless (LzTimestep *self,
                        double      t)
{
  guint n = self->n, na = 0;
  g_autofree guint *alg = g_new0 (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    if (self->algebraic[i])
      alg[na++] = i;
  if (na == 0)
    return;
  if (self->keep_theta)
    {
      self->balanced = balance_massless_nonsmooth (self, t);
      restart_energy (self, t);
      return;
    }
  if (balance_massless_linear (self, t, alg, na))
    restart_energy (self, t);
}
