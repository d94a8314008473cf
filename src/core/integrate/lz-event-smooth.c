/* lz-event-smooth.c — the smooth system inside a mode: right-hand side,
 * accelerations, constraint forces, condensation of the massless entries
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-error.h"
#include "lz-contact-law.h"
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-integrator-private.h"
#include "lz-model-private.h"


/* ḟ of the massless joints' balance by a central difference of step
 * FDOT_REL·max(1, t) */
#define FDOT_REL 1e-6
/* Two elements are parallel when their coefficients are proportional to
 * PARALLEL_REL */
#define PARALLEL_REL 1e-14

/* The massless coordinates, from the others (paper 002: they carry no
 * momentum).  A joint held by linear springs only (N) sits where they
 * balance, K_NN q_N = f_N − K_N· q; one with dampers (D) moves as they
 * let it, C_DD v_D = f_D − C_D· v − K_D· q (C_DN = 0: N has no damping);
 * v_N follows from the time derivative of the balance, with ḟ_N by a
 * central difference when FDOT is set (the trace's velocity only).
 * SRC and DST are (q, v) of 2n entries; DST may be SRC. */
void
lz_event_condense (LzEventIntegrator *self,
                   double             t,
                   const double      *src,
                   double            *dst,
                   gboolean           fdot)
{
  guint n = self->n;
  gsl_vector_view f = gsl_vector_view_array (self->jn.fc, n);

  if (dst != src)
    memcpy (dst, src, 2 * n * sizeof (double));
  if (self->jn.nN + self->jn.nD == 0)
    return;
  /* a slipping friction element's guard is its slip velocity: v_N exact */
  fdot = fdot || self->st.nSF > 0;
  lz_assembly_eval_f (self->parent.assembly, t, &f.vector);
  if (self->st.nS > 0)
    lz_event_node_solve (self, t, dst, FALSE, FALSE);
  else if (self->jn.nN > 0)
    {
      for (guint r = 0; r < self->jn.nN; r++)
        {
          guint i = self->jn.iN[r];
          double b = self->jn.fc[i];

          for (guint j = 0; j < n; j++)
            if (self->sm.mass[j] > 0 || gsl_matrix_get (self->sm.C, j, j) > 0)
              b -= gsl_matrix_get (self->sm.K, i, j) * dst[j];
          gsl_vector_set (self->jn.bN, r, b);
        }
      gsl_linalg_LU_solve (self->jn.KNN, self->jn.pN, self->jn.bN, self->jn.xN);
      for (guint r = 0; r < self->jn.nN; r++)
        dst[self->jn.iN[r]] = gsl_vector_get (self->jn.xN, r);
    }
  if (self->jn.nD > 0)
    {
      for (guint r = 0; r < self->jn.nD; r++)
        {
          guint i = self->jn.iD[r];
          double b = self->jn.fc[i] + lz_event_massless_extra (self, i, t, dst);

          for (guint j = 0; j < n; j++)
            {
              b -= gsl_matrix_get (self->sm.K, i, j) * dst[j];
              if (self->sm.mass[j] > 0)
                b -= gsl_matrix_get (self->sm.C, i, j) * dst[n + j];
            }
          gsl_vector_set (self->jn.bD, r, b);
        }
      gsl_linalg_LU_solve (self->jn.CDD, self->jn.pD, self->jn.bD, self->jn.xD);
      if (self->dj.nDS > 0 && !self->dj.d_free)
        lz_event_dstop_solve (self, t, dst, self->jn.xD);
      for (guint r = 0; r < self->jn.nD; r++)
        dst[n + self->jn.iD[r]] = gsl_vector_get (self->jn.xD, r);
    }
  if (self->jn.nN > 0)
    {
      double h = FDOT_REL * lz_scales_time_unit (&self->parent.scales, t);

      if (fdot)
        {
          double *fp = self->jn.fp, *fm = self->jn.fm;
          gsl_vector_view vp = gsl_vector_view_array (fp, n), vm = gsl_vector_view_array (fm, n);

          lz_assembly_eval_f (self->parent.assembly, t + h, &vp.vector);
          lz_assembly_eval_f (self->parent.assembly, t - h, &vm.vector);
          for (guint r = 0; r < self->jn.nN; r++)
            self->jn.fc[self->jn.iN[r]] = (fp[self->jn.iN[r]] - fm[self->jn.iN[r]]) / (2 * h);
        }
      if (self->st.nS > 0)
        {
          lz_event_node_solve (self, t, dst, TRUE, fdot);
          return;
        }
      for (guint r = 0; r < self->jn.nN; r++)
        {
          guint i = self->jn.iN[r];
          double b = fdot ? self->jn.fc[i] : 0;

          for (guint j = 0; j < n; j++)
            if (self->sm.mass[j] > 0 || gsl_matrix_get (self->sm.C, j, j) > 0)
              b -= gsl_matrix_get (self->sm.K, i, j) * dst[n + j];
          gsl_vector_set (self->jn.bN, r, b);
        }
      gsl_linalg_LU_solve (self->jn.KNN, self->jn.pN, self->jn.bN, self->jn.xN);
      for (guint r = 0; r < self->jn.nN; r++)
        dst[n + self->jn.iN[r]] = gsl_vector_get (self->jn.xN, r);
    }
}


/* x += s·w */
static inline void
add_w (const Elem *el,
       double      s,
       double     *x)
{
  lz_event_add_w_ports (el->law.a, el->law.b, el->law.ca, el->law.cb, s, x);
}

/* w_xᵀ M⁻¹ w_y: an entry of the Delassus matrix of two elements */
double
lz_event_minv_dot (const LzEventIntegrator *self,
                   const Elem              *x,
                   const Elem              *y)
{
  double s = 0;

  if (x->law.b >= 0 && x->law.b == y->law.b) s += x->law.cb * y->law.cb / self->sm.mass[x->law.b];
  if (x->law.b >= 0 && x->law.b == y->law.a) s -= x->law.cb * y->law.ca / self->sm.mass[x->law.b];
  if (x->law.a >= 0 && x->law.a == y->law.b) s -= x->law.ca * y->law.cb / self->sm.mass[x->law.a];
  if (x->law.a >= 0 && x->law.a == y->law.a) s += x->law.ca * y->law.ca / self->sm.mass[x->law.a];
  return s;
}

/* The tension of a smooth-in-the-mode element (springs, freeplay by mode,
 * damped contacts by mode, slipping friction's dry part at the slip speed
 * and t, lz-friction.h); the viscous parts are in C. */
double
lz_event_mode_tension (const LzEventIntegrator *self,
                       guint                    e,
                       double                   g,
                       double                   gd)
{
  const Elem *el = &self->el[e];

  /* (first the most common: dry friction at constant levels, then dry
   * friction that does not slip) */
  if (el->slip_constant)
    return lz_event_slip_constant_tension (self, e);
  if (lz_event_friction_holds (self, e))
    return 0;
  if ((el->law.kind == LZ_ITEM_SPRING || el->law.kind == LZ_ITEM_GEAR) && el->law.freeplay != 0)
    return lz_element_law_spring_tension (&el->law, self->mode[e], g);
  if (lz_contact_law_is (&el->law))
    return lz_contact_law_tension (&el->law, self->mode[e], g, gd);
  /* (without freeplay: linear, in K and f; a through friction slipping:
   * R pushes with its level itself) */
  if (el->law.kind != LZ_ITEM_FRICTION || e >= self->nm)
    return 0;
  if (self->mode[e] == LZ_MODE_SLIP_POS)
    return lz_friction_slip_level (&el->law, self->sm.t, TRUE, gd);
  if (self->mode[e] == LZ_MODE_SLIP_NEG)
    return -lz_friction_slip_level (&el->law, self->sm.t, FALSE, -gd);
  return 0;
}

/* λ from Hc M⁻¹ Hcᵀ λ = rhs_c, by the factors lz_event_setup_mode() left
 * (the pseudo-inverse where directions coincide) */
static void
solve_constraints (LzEventSmooth *sm)
{
  lz_event_factor_solve (sm);
}

/* Element E's tension T at (q, v), −T·w added to the forces sm.fv (a
 * term of lz_event_accelerations()) */
void
lz_event_tense_add (LzEventIntegrator *self,
                    guint              e,
                    const double      *q,
                    const double      *v)
{
  const Elem *el = &self->el[e];
  double T;

  if (el->slip_constant && !self->st.is_static[e])
    T = lz_event_slip_constant_tension (self, e);   /* (the most common: what the branches below come to) */
  else if (!self->st.is_static[e] && lz_event_friction_holds (self, e))
    return;                           /* (T = 0) */
  else
    T = (self->st.is_static[e] && el->law.kind == LZ_ITEM_STOP)
        || (self->st.is_static[e] && el->law.kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK)
        ? -self->jn.zlambda[e]           /* a massless body's stop or stuck friction */
        : lz_event_mode_tension (self, e, lz_event_wdot (el, q) + self->sm.g0[e], lz_event_wdot (el, v) + self->sm.g0d[e]);
  if (T != 0)
    add_w (el, -T, self->sm.fv);
}

/* Accelerations and constraint forces at (t, q, v) in the current mode:
 * a = M⁻¹(f − Cv − Kq − Σ T w) + M⁻¹ Hcᵀ λ. */
void
lz_event_accelerations (LzEventIntegrator *self,
                        double             t,
                        const double      *q,
                        const double      *v,
                        double            *acc)
{
  guint n = self->n;
  const double *f = self->sm.fv;
  /* the bodies and constraint rows computed: all, or the active set's
   * (lz-event-active.c: the frozen ones' acc and λ are kept) */
  const LzEventActive *ac = &self->sm.act;
  const guint *body = ac->on ? ac->body : NULL, *rows = ac->on ? ac->con : NULL;
  guint nb = ac->on ? ac->nbody : n, nrows = ac->on ? ac->ncon : self->sm.nc;

  if (self->jn.nN + self->jn.nD > 0)
    {
      /* the massless entries solved; the caller reads them in yc */
      memcpy (self->jn.yc, q, n * sizeof (double));
      memcpy (self->jn.yc + n, v, n * sizeof (double));
      lz_event_condense (self, t, self->jn.yc, self->jn.yc, FALSE);
      q = self->jn.yc;
      v = self->jn.yc + n;
    }
  self->sm.t = t;
  /* the forcing: a Taylor step's series gives the coefficient of the
   * order it evaluates (lz-event-taylor.c), read in place below */
  if (self->sm.ty.eval_f != NULL)
    f = self->sm.ty.eval_f;
  else if (ac->on)
    {
      for (guint k = 0; k < nb; k++)
        self->sm.fv[body[k]] = 0;
      lz_assembly_eval_f_at (self->parent.assembly, t, ac->forced, ac->nforced, self->sm.fv);
    }
  else
    {
      gsl_vector_view fv = gsl_vector_view_array (self->sm.fv, n);

      lz_assembly_eval_f (self->parent.assembly, t, &fv.vector);
    }
  for (guint k = 0; k < nb; k++)
    {
      guint i = body != NULL ? body[k] : k;
      double s = f[i];

      /* (only where K or C has entries: a large model is sparse) */
      for (guint c = self->sm.kc_start[i]; c < self->sm.kc_start[i + 1]; c++)
        {
          guint j = self->sm.kc_col[c];

          s -= self->sm.kc_C[c] * v[j] + self->sm.kc_K[c] * q[j];
        }
      self->sm.fv[i] = s;
    }
  /* (the other elements' grounds are fixed: g0 stays 0) */
  for (guint k = 0; k < self->sm.n_moving; k++)
    {
      guint e = self->sm.moving[k];

      lz_element_law_ground (&self->el[e].law, t, &self->sm.g0[e], &self->sm.g0d[e], &self->sm.g0dd[e]);
    }
  /* (a Taylor step's orders take the mode's operations, lz-event-ops.c) */
  if (self->sm.ty.ops_on)
    lz_event_ops_tense (self, q, v);
  else
    for (guint k = 0; k < self->sm.n_tense; k++)
      lz_event_tense_add (self, self->sm.tense[k], q, v);
  for (guint k = 0; k < nb; k++)
    {
      guint i = body != NULL ? body[k] : k;

      acc[i] = self->sm.mass[i] > 0 ? self->sm.fv[i] / self->sm.mass[i] : 0;   /* massless: no inertia */
    }

  if (self->sm.nc > 0)
    {
      for (guint r = 0; r < nrows; r++)
        {
          guint c = rows != NULL ? rows[r] : r, e = self->sm.con[c];

          gsl_vector_set (self->sm.rhs_c, c, -(lz_event_wdot (&self->el[e], acc) + self->sm.g0dd[e]));
        }
      if (rows != NULL)
        lz_event_factor_solve_rows (&self->sm, rows, nrows);
      else
        solve_constraints (&self->sm);
      for (guint r = 0; r < nrows; r++)
        {
          guint c = rows != NULL ? rows[r] : r;
          const Elem *el = &self->el[self->sm.con[c]];
          double l = gsl_vector_get (self->sm.lambda, c);

          lz_event_minv_add_w (self, el, l, acc);
        }
    }
}

/* The constraint force λ of element e (0 when not a constraint). */
double
lz_event_constraint_force (const LzEventIntegrator *self,
                           guint                    e)
{
  if (self->st.is_static != NULL && self->st.is_static[e])
    {
      double l = self->jn.zlambda[e];

      /* K and R of a through-stop in contact: their shares of its force */
      for (guint p = 0; p < self->tr.nT; p++)
        {
          const Through *th = &self->tr.through[p];

          if ((self->mode[th->v] == LZ_MODE_CONTACT || self->mode[th->v] == LZ_MODE_STICK)
              && (e == th->k || e == th->r))
            l += (e == th->k ? th->ka : th->rb) * lz_event_constraint_force (self, th->v);
        }
      return l;
    }
  /* (its row of the mode's constraints: none while they are set aside,
   * nc = 0, for the selection's free accelerations) */
  return lz_event_mode_lambda (&self->sm, e);
}

int
lz_event_rhs (double        t,
              const double  y[],
              double        dydt[],
              void         *data)
{
  LzEventIntegrator *self = data;
  guint n = self->n;
  const double *q = y, *v = y + n;

  self->parent.stats.rhs_evaluations++;
  if (self->sm.act.on)
    {
      /* the active set (lz-event-active.c): a frozen body's entries of
       * ẏ are not written — the steps read their components only, and
       * self->dydt keeps those of the full evaluation the set was armed
       * with (≈ 0: the body is pinned) for the interpolant of the guards
       * inside a long step */
      const LzEventActive *ac = &self->sm.act;

      lz_event_accelerations (self, t, q, v, dydt + n);
      for (guint k = 0; k < ac->nbody; k++)
        {
          guint i = ac->body[k];

          dydt[i] = v[i];
          if (!isfinite (dydt[n + i]))
            return GSL_EBADFUNC;
        }
      lz_event_powers (self, t, q, dydt + 2 * n);
      return GSL_SUCCESS;
    }
  lz_event_accelerations (self, t, q, v, dydt + n);
  if (self->jn.nN + self->jn.nD > 0)
    {
      q = self->jn.yc;
      v = self->jn.yc + n;
    }
  memcpy (dydt, v, n * sizeof (double));
  for (guint i = 0; i < n; i++)
    if (!isfinite (dydt[n + i]))
      return GSL_EBADFUNC;

  /* powers: forces on bodies, dissipation, and what moving grounds give */
  lz_event_powers (self, t, q, dydt + 2 * n);
  return GSL_SUCCESS;
}

/* The elements' constants of the run (Elem, the fields after stick_g) */
static void
elem_constants (LzEventIntegrator *self)
{
  for (guint e = 0; e < self->ne; e++)
    {
      Elem *el = &self->el[e];
      const LzElementLaw *law = &el->law;
      gboolean friction = law->kind == LZ_ITEM_FRICTION;

      el->bilateral = lz_element_law_is_bilateral (law);
      /* (lz_event_mode_tension()'s sliding level: lz_friction_slip_level()
       * is the constant level itself without a Stribeck velocity) */
      el->slip_constant = friction && e < self->nm && law->fpos_t == NULL && law->fneg_t == NULL && !(law->vs > 0);
      el->static_constant = friction && law->fs_pos_t == NULL && law->fs_neg_t == NULL;
      el->unit_length = lz_event_unit_length (self, el);
      el->unit_speed = lz_event_unit_speed (self, el);
      el->unit_force = lz_event_unit_force (self, el);
      /* (its ġ0 stays 0: only a moving ground's is set, lz_event_accelerations()) */
      el->plain_damper = law->kind == LZ_ITEM_DAMPER && law->c > 0 && law->xa == NULL && law->xb == NULL;
    }
}

/* The sparse right-hand side: K and C by rows from the assembly's
 * compressed rows (the columns where either has an entry, ascending), and
 * the elements an evaluation visits — a fixed ground's terms are 0, a
 * linear spring's or a damper's tension is in K and C, and neither has a
 * guard, so that an evaluation is O(entries + nonlinear elements), the
 * same arithmetic. */
void
lz_event_smooth_sparse (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  const gsl_spmatrix *K = lz_assembly_get_K_sparse (self->parent.assembly);
  const gsl_spmatrix *C = lz_assembly_get_C_sparse (self->parent.assembly);
  guint n = self->n, nnz = 0, ne = MAX (self->ne, 1);

  sm->kc_start = g_new0 (guint, n + 1);
  sm->kc_col = g_new (guint, K->nz + C->nz + 1);
  sm->kc_K = g_new0 (double, K->nz + C->nz + 1);
  sm->kc_C = g_new0 (double, K->nz + C->nz + 1);
  for (guint i = 0; i < n; i++)
    {
      /* merge row i's columns of K and C (each ascending) */
      int pk = K->p[i], pc = C->p[i];

      sm->kc_start[i] = nnz;
      while (pk < K->p[i + 1] || pc < C->p[i + 1])
        {
          int jk = pk < K->p[i + 1] ? K->i[pk] : G_MAXINT, jc = pc < C->p[i + 1] ? C->i[pc] : G_MAXINT;
          int j = MIN (jk, jc);
          double kv = j == jk ? K->data[pk++] : 0, cv = j == jc ? C->data[pc++] : 0;

          if (kv == 0 && cv == 0)
            continue;
          sm->kc_col[nnz] = (guint) j;
          sm->kc_K[nnz] = kv;
          sm->kc_C[nnz++] = cv;
        }
    }
  sm->kc_start[n] = nnz;
  elem_constants (self);
  sm->moving = g_new (guint, ne);
  sm->tense = g_new (guint, ne);
  sm->powered = g_new (guint, ne);
  sm->guarded = g_new (guint, ne);
  for (guint e = 0; e < self->ne; e++)
    {
      const LzElementLaw *law = &self->el[e].law;
      gboolean moving = law->xa != NULL || law->xb != NULL, friction = law->kind == LZ_ITEM_FRICTION;
      gboolean freeplay = (law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR) && law->freeplay != 0;

      if (moving)
        sm->moving[sm->n_moving++] = e;
      /* lz_event_accelerations()'s T: a massless body's stop or friction,
       * else lz_event_mode_tension() */
      if ((self->st.is_static[e] && (law->kind == LZ_ITEM_STOP || friction)) || freeplay
          || lz_contact_law_is (law) || (friction && e < self->nm))
        sm->tense[sm->n_tense++] = e;
      if (e < self->nm && (moving || law->c > 0 || friction || lz_contact_law_is (law)))
        sm->powered[sm->n_powered++] = e;
      if (friction || freeplay || law->kind == LZ_ITEM_STOP || law->kind == LZ_ITEM_CONTACT
          || law->kind == LZ_ITEM_BACKLASH)
        sm->guarded[sm->n_guarded++] = e;
    }
}

/* ------------------------------------------------------------------------ */
/* Modes, guards                                                             */

gboolean
lz_event_parallel (const Elem *x,
                   const Elem *y)
{
  /* same dofs, proportional coefficients */
  return x->law.a == y->law.a && x->law.b == y->law.b
         && fabs ((x->law.a >= 0 ? x->law.ca : 0) * (y->law.b >= 0 ? y->law.cb : 0)
                  - (y->law.a >= 0 ? y->law.ca : 0) * (x->law.b >= 0 ? x->law.cb : 0)) <= PARALLEL_REL * (1 + fabs (x->law.ca * y->law.cb));
}

/* Sets up the constraints of the current mode and factors Hc M⁻¹ Hcᵀ. */
void
lz_event_setup_mode (LzEventIntegrator *self)
{
  guint nc;

  lz_event_active_disarm (&self->sm);   /* (armed again at the next step's start) */
  self->sm.mode_epoch++;
  nc = lz_event_factor_constraints (self);
  /* a stuck friction element of the D joints along a stop in contact, on
   * the same ports and ground: it holds its level, the stop the rest */
  for (guint s = 0; s < self->dj.nDS; s++)
    {
      Elem *el = &self->el[self->dj.iDS[s]];

      if (el->law.kind != LZ_ITEM_FRICTION || self->mode[self->dj.iDS[s]] != LZ_MODE_STICK)
        continue;
      for (guint r = 0; r < self->dj.nDS && !el->shadowed; r++)
        {
          const Elem *st = &self->el[self->dj.iDS[r]];

          if (self->mode[self->dj.iDS[r]] == LZ_MODE_CONTACT && lz_event_dv_along (el, st))
            {
              el->shadowed = TRUE;
              el->shadow_lambda = lz_event_dv_level_along (el, st, st->contact_upper ? -1 : 1);
            }
        }
    }
  self->sm.nc = nc;
  self->sm.G = self->sm.V = NULL;
  self->sm.S = self->sm.work = self->sm.rhs_c = self->sm.lambda = NULL;
  if (nc == 0)
    return;
  /* (views of the workspace of _new: a mode change allocates nothing) */
  self->sm.Gv = gsl_matrix_submatrix (self->sm.Gbuf, 0, 0, nc, nc);
  self->sm.Vv = gsl_matrix_submatrix (self->sm.Vbuf, 0, 0, nc, nc);
  self->sm.Sv = gsl_vector_subvector (self->sm.Sbuf, 0, nc);
  self->sm.workv = gsl_vector_subvector (self->sm.workbuf, 0, nc);
  self->sm.rhs_cv = gsl_vector_subvector (self->sm.rhs_cbuf, 0, nc);
  self->sm.lambdav = gsl_vector_subvector (self->sm.lambdabuf, 0, nc);
  self->sm.G = &self->sm.Gv.matrix;
  self->sm.V = &self->sm.Vv.matrix;
  self->sm.S = &self->sm.Sv.vector;
  self->sm.work = &self->sm.workv.vector;
  self->sm.rhs_c = &self->sm.rhs_cv.vector;
  self->sm.lambda = &self->sm.lambdav.vector;
  /* (the view is contiguous: zeroed as a block) */
  memset (self->sm.lambda->data, 0, nc * sizeof (double));
  lz_event_factor_mode (self);
}

/* Makes ġ = 0 (and g = limit for contacts) hold exactly for the
 * constraints of the mode: the smallest M-norm correction. */
static double
project (LzEventIntegrator *self,
         double             t,
         double            *y)
{
  guint n = self->n, nrows = 0;
  double ground_work = 0;
  LzEventActive *ac = &self->sm.act;
  /* (at the end of an event that left the frozen bodies out, their rows
   * are left out: each body at rest on its limit to the bit, its
   * correction would add ±0 to q and v — lz_event_carry_sleep_check(); G
   * is diagonal; the set's list of rows holds them, the re-arm makes it
   * again) */
  guint *rows = ac->carry && self->sm.diagonal ? ac->con : NULL;

  if (self->sm.nc == 0)
    return 0;
  lz_event_active_disarm (&self->sm);   /* (λ is the projection's below) */
  for (guint c = 0; rows != NULL && c < self->sm.nc; c++)
    if (ac->touches[self->sm.con[c]])
      rows[nrows++] = c;
  for (int level = 0; level < 2; level++)
    {
      double *x = level == 0 ? y : y + n;

      lz_event_ground_terms (self, t, y);
      for (guint k = 0; k < (rows != NULL ? nrows : self->sm.nc); k++)
        {
          guint c = rows != NULL ? rows[k] : k, e = self->sm.con[c];
          const Elem *el = &self->el[e];
          double r;

          if (level == 0)
            {
              if (el->law.kind != LZ_ITEM_STOP)
                {
                  gsl_vector_set (self->sm.rhs_c, c, 0);
                  continue;
                }
              r = lz_event_wdot (el, y) + self->sm.g0[e] - (el->contact_upper ? el->law.upper : el->law.lower);
            }
          else
            r = lz_event_wdot (el, y + n) + self->sm.g0d[e];
          gsl_vector_set (self->sm.rhs_c, c, -r);
        }
      if (rows != NULL)
        lz_event_factor_solve_rows (&self->sm, rows, nrows);
      else
        solve_constraints (&self->sm);
      for (guint k = 0; k < (rows != NULL ? nrows : self->sm.nc); k++)
        {
          guint c = rows != NULL ? rows[k] : k;
          const Elem *el = &self->el[self->sm.con[c]];
          double l = gsl_vector_get (self->sm.lambda, c);

          lz_event_minv_add_w (self, el, l, x);
          /* the velocity correction is an impulse l along w: a moving
           * ground port does the work −l·ġ0 on it (as in an impact) */
          if (level == 1)
            ground_work -= l * self->sm.g0d[self->sm.con[c]];
        }
    }
  return ground_work;
}

/* The terms of the state an element's g and ġ read besides q and v, at
 * (T, Y): the moving grounds' g0, ġ0, g̈0 at T, and with massless bodies
 * their entries solved (jn.yc, by an evaluation).  Where every ground is
 * fixed and every body has mass there are none (g0 stays 0): a pass over
 * the elements' states — the impacts', the selection's, the projection's
 * — costs no evaluation. */
void
lz_event_ground_terms (LzEventIntegrator *self,
                       double             t,
                       const double      *y)
{
  if (self->jn.nN + self->jn.nD > 0)
    {
      lz_event_rhs (t, y, self->dydt, self);
      return;
    }
  for (guint k = 0; k < self->sm.n_moving; k++)
    {
      guint e = self->sm.moving[k];

      lz_element_law_ground (&self->el[e].law, t, &self->sm.g0[e], &self->sm.g0d[e], &self->sm.g0dd[e]);
    }
}

double
lz_event_kinetic (const LzEventIntegrator *self,
                  const double            *y)
{
  const LzEventActive *ac = &self->sm.act;
  /* (with the set on, or carried through an event, and its frozen bodies
   * at rest to the bit, theirs are terms +0 that add nothing: the sum
   * over the integrated bodies in their order is the same) */
  const guint *body = ac->still && (ac->on || ac->carry) ? ac->body : NULL;
  guint count = body != NULL ? ac->nbody : self->n;
  double ke = 0;

  for (guint k = 0; k < count; k++)
    {
      guint i = body != NULL ? body[k] : k;

      ke += 0.5 * self->sm.mass[i] * y[self->n + i] * y[self->n + i];
    }
  return ke;
}

/* project(), with the kinetic energy it removes booked as impact loss
 * (a contact closing or a stick starting with a residual speed) —
 * relative to a moving limit: the limit's work on the correcting impulse
 * is a work of the sources, not a loss. */
void
lz_event_project_counted (LzEventIntegrator *self,
                          double             t,
                          double            *y)
{
  double ke = lz_event_kinetic (self, y), ground_work;

  ground_work = project (self, t, y);
  y[2 * self->n + 2] += ground_work;
  self->e_impacts += ke - lz_event_kinetic (self, y) + ground_work;
}
