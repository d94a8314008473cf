/* lz-event-modes.c — at an event: impacts, the new modes, Zeno, the log
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
#include "lz-lcp.h"
#include "lz-model-private.h"

/* Relative to the run's velocity scale of the element (its ports' kinds',
 * lz-event-units.h): an impact below REST_V_REL is no bounce (see
 * rest_v_tol()); a stop approaches its limit faster than APPROACH_V_REL.
 * At an event an element is at a limit or a freeplay boundary within
 * SELECT_POS_REL·max(SELECT_H_MIN, h) of the scale, its velocity zero
 * within SELECT_V_REL (handle_event()'s pos_tol and v_tol are those of
 * the run's v_scale, each element's lz_event_tol_of() them), a friction's
 * slip acceleration zero within SELECT_A_REL of its V/T.  ZENO_SPEED_MIN
 * keeps the ratio of two approach speeds finite. */
#define REST_V_REL 1e-3
#define APPROACH_V_REL 1e-12
#define SELECT_POS_REL 1e-9
#define SELECT_H_MIN 1e-3
#define SELECT_V_REL 1e-9
#define SELECT_A_REL 1e-12
#define ZENO_SPEED_MIN 1e-300

/* Below this approach speed an impact gives no bounce: the stop stays in
 * contact (the impulse LCP with e = 0 for it, the kinetic energy booked
 * as impact loss; lz_event_handle_event() logs it as cause "zeno").  A body held
 * on a stop with e = 1 by a stiff load (paper 002's tyre under its
 * suspension) otherwise chatters: after each landing the approach
 * speeds shrink only as the dampers take the energy, the intervals
 * shrink with them, and thousands of ever smaller bounces — of heights
 * (ġ⁻)²/2g̈, nanometres — never end in contact; the rounding of the
 * located instants keeps a resting contact bouncing too.  The threshold
 * is relative to the run's velocity scale (the largest speed so far, of
 * the stop's ports' kinds): a bounce of 1e-3 of it is far below what the
 * run resolves.  With e < 1 it is the end of a Zeno sequence (the rest of
 * the geometric series is spent in contact).  The law itself is not smoothed: above the
 * threshold every impact bounces with the stop's e. */
static double
rest_v_tol (const LzEventIntegrator *self,
            const Elem              *el)
{
  return REST_V_REL * lz_event_unit_v_seen (self, el);
}

/* The stops at a limit (a through-stop's e set by the stop that closes
 * it) into md.idx, md.upper; returns how many. */
static guint
impact_candidates (LzEventIntegrator *self,
                   double             t,
                   double            *y,
                   double             pos_tol)
{
  guint m = 0, *idx = self->md.idx;
  gboolean *upper = self->md.upper;
  /* (an event that leaves the frozen bodies out: the others' elements —
   * a frozen stop is at rest, it takes no impulse unless another stop
   * approaches, and then every body is needed: resolve_impacts()) */
  const guint *elems;
  guint count = lz_event_pass_elements (self, self->sm.act.sleeping, &elems);

  lz_event_ground_terms (self, t, y);
  /* a through-stop closes by the stop that reaches its limit (the other
   * is on its own): Newton's law with that stop's e (both: the smaller) */
  for (guint p = 0; p < self->tr.nT; p++)
    {
      const Through *th = &self->tr.through[p];
      gboolean k_on = self->mode[th->k] == LZ_MODE_CONTACT, r_on = self->mode[th->r] == LZ_MODE_CONTACT;

      self->el[th->v].law.e = k_on && !r_on ? self->el[th->r].law.e
                          : r_on && !k_on ? self->el[th->k].law.e
                          : MIN (self->el[th->k].law.e, self->el[th->r].law.e);
    }
  memset (self->md.impacted, 0, self->ne * sizeof (gboolean));
  /* the rigid couplings first: the equality rows of the mixed LCP */
  for (guint k = 0; k < count; k++)
    {
      guint e = elems != NULL ? elems[k] : k;

      if (lz_element_law_is_bilateral (&self->el[e].law) && !self->st.is_static[e])
        {
          idx[m] = e;
          upper[m++] = FALSE;
        }
    }
  for (guint k = 0; k < count; k++)
    {
      guint e = elems != NULL ? elems[k] : k;
      const Elem *el = &self->el[e];
      double g = lz_event_wdot (el, y) + self->sm.g0[e];

      /* a massless body reaching a stop is no impact: it has no momentum */
      if (el->law.kind != LZ_ITEM_STOP || self->st.is_static[e] || lz_element_law_is_bilateral (&el->law))
        continue;
      if (isfinite (el->law.lower) && g - el->law.lower <= lz_event_tol_of (self, el, pos_tol))
        {
          idx[m] = e;
          upper[m++] = FALSE;
        }
      else if (isfinite (el->law.upper) && el->law.upper - g <= lz_event_tol_of (self, el, pos_tol))
        {
          idx[m] = e;
          upper[m++] = TRUE;
        }
    }
  return m;
}

/* Whether stop X at a limit, its velocity towards it U (negative: it
 * approaches), takes an impulse: it approaches, or, a rigid coupling, its
 * velocity is off */
static gboolean
takes_impulse (const LzEventIntegrator *self,
               const Elem              *x,
               double                   u)
{
  return lz_element_law_is_bilateral (&x->law) ? fabs (u) > rest_v_tol (self, x)
         : u < -APPROACH_V_REL * lz_event_unit_v_seen (self, x);
}

/* The velocity towards its limit of the I-th of the stops at a limit
 * (md.idx, md.upper) at Y */
static double
limit_velocity (const LzEventIntegrator *self,
                const double            *y,
                guint                    i)
{
  const Elem *x = &self->el[self->md.idx[i]];

  return (self->md.upper[i] ? -1 : 1) * (lz_event_wdot (x, y + self->n) + self->sm.g0d[self->md.idx[i]]);
}

/* Whether one of the M stops at a limit takes an impulse at Y (what
 * impulse_lcp() would find) */
static gboolean
approaching (const LzEventIntegrator *self,
             const double            *y,
             guint                    m)
{
  for (guint i = 0; i < m; i++)
    if (takes_impulse (self, &self->el[self->md.idx[i]], limit_velocity (self, y, i)))
      return TRUE;
  return FALSE;
}

/* Newton's law over the M stops at a limit (md.idx, md.upper): the
 * impulse LCP, the velocities after it in y; *KE0, *KE1 the kinetic
 * energies before and after, *GROUND_WORK the moving grounds' work on the
 * impulses.  FALSE when nothing approaches (or Lemke fails). */
static gboolean
impulse_lcp (LzEventIntegrator *self,
             double            *y,
             guint              m,
             double            *ke0_out,
             double            *ke1_out,
             double            *ground_work_out)
{
  guint n = self->n, *idx = self->md.idx;
  gboolean *upper = self->md.upper;
  double ke0 = 0, ke1 = 0, ground_work = 0;
  double *v = y + n;
  guint n_eq = 0;

  g_autoptr(gsl_matrix) A = gsl_matrix_calloc (m, m);
  g_autoptr(gsl_vector) b = gsl_vector_alloc (m);
  g_autoptr(gsl_vector) z = gsl_vector_alloc (m);
  g_autoptr(gsl_vector) w = gsl_vector_alloc (m);
  gboolean any = FALSE;

  for (guint i = 0; i < m; i++)
    {
      const Elem *x = &self->el[idx[i]];
      double sx = upper[i] ? -1 : 1;
      double u = limit_velocity (self, y, i);

      double e_law = x->law.e;

      any |= takes_impulse (self, x, u);
      if (lz_element_law_is_bilateral (&x->law))
        {
          /* a rigid coupling: u⁺ = 0 (an equality row; it takes a jump of
           * its own only when its velocity is off, e.g. at the start) */
          n_eq++;
          self->md.impact_speed[idx[i]] = fabs (u);
          e_law = 0;
        }
      if (!lz_element_law_is_bilateral (&x->law))
        self->md.impact_speed[idx[i]] = MAX (0, -u);
      /* an approach slower than the resting tolerance is a persistent
       * contact, not a bounce (see rest_v_tol()) */
      if (-u < rest_v_tol (self, x))
        e_law = 0;
      gsl_vector_set (b, i, (1 + e_law) * u);
      for (guint j = 0; j < m; j++)
        {
          const Elem *yv = &self->el[idx[j]];
          double sy = upper[j] ? -1 : 1, d = lz_event_minv_dot (self, x, yv);

          gsl_matrix_set (A, i, j, sx * sy * d);
        }
    }
  if (!any)
    return FALSE;
  for (guint i = 0; i < n; i++)
    ke0 += 0.5 * self->sm.mass[i] * v[i] * v[i];
  /* ω = (1+e)u⁻ + D P … with u⁺ = u⁻ + D P: u⁺ + e u⁻ = (1+e)u⁻ + D P;
   * the rigid couplings' rows (first) are equalities, P free in sign */
  if (!(n_eq > 0 ? lz_mlcp_solve (A, b, n_eq, z, w, NULL, NULL)
                 : lz_lcp_solve_lemke (A, b, z, w, NULL, NULL)))
    return FALSE;
  for (guint j = 0; j < m; j++)
    {
      double P = gsl_vector_get (z, j) * (upper[j] ? -1 : 1);
      const Elem *el = &self->el[idx[j]];
      gboolean bilateral = j < n_eq;

      if (bilateral ? self->md.impact_speed[idx[j]] > rest_v_tol (self, el)
                    : gsl_vector_get (z, j) > 0)
        {
          /* the located instant may be a hair past the limit: put g on it
           * (the smallest M-norm shift along w) */
          double g = lz_event_wdot (el, y) + self->sm.g0[idx[j]];
          double limit = upper[j] ? el->law.upper : el->law.lower;
          double Dw = gsl_matrix_get (A, j, j), shift = (limit - g) / Dw;

          self->md.impacted[idx[j]] = TRUE;
          lz_event_minv_add_w (self, el, shift, y);
        }
      lz_event_minv_add_w (self, el, P, v);
      if (P != 0 || self->md.impacted[idx[j]])
        lz_event_active_impulse (&self->sm, el);
      /* a moving ground port pushes: the impulse does the work −P·ġ0
       * (ġ0 the ground's part of ġ), a work of the sources */
      ground_work -= P * self->sm.g0d[idx[j]];
    }
  for (guint i = 0; i < n; i++)
    ke1 += 0.5 * self->sm.mass[i] * v[i] * v[i];
  *ke0_out = ke0;
  *ke1_out = ke1;
  *ground_work_out = ground_work;
  return TRUE;
}

/* Impulse LCP over the stops at a limit: P ≥ 0 ⊥ u⁺ + e·u⁻ ≥ 0 (lower),
 * the mirror for upper limits; u⁺ = u⁻ + D P, D = H M⁻¹ Hᵀ.  Returns the
 * kinetic energy lost; marks the impacted stops. */
static double
resolve_impacts (LzEventIntegrator *self,
                 double             t,
                 double            *y,
                 double             pos_tol)
{
  guint n = self->n, m = impact_candidates (self, t, y, pos_tol);
  double ke0, ke1, ground_work;

  if (m > 0 && self->sm.act.sleeping && approaching (self, y, m))
    {
      /* an impulse: every body (the frozen ones' stops at a limit too) */
      lz_event_active_wake (&self->sm);
      m = impact_candidates (self, t, y, pos_tol);
    }
  self->md.any_impact = FALSE;
  if (m == 0 || !impulse_lcp (self, y, m, &ke0, &ke1, &ground_work))
    return 0;
  self->md.any_impact = TRUE;
  /* a through-stop's impact is the impact of the stop that closed */
  for (guint p = 0; p < self->tr.nT; p++)
    {
      const Through *th = &self->tr.through[p];

      if (!self->md.impacted[th->v])
        continue;
      for (guint j = 0; j < 2; j++)
        {
          guint e = j == 0 ? th->k : th->r;

          if (self->mode[e] != LZ_MODE_CONTACT)
            {
              self->md.impacted[e] = TRUE;
              self->md.impact_speed[e] = self->md.impact_speed[th->v];
            }
        }
    }
  /* what the impact dissipates is the kinetic energy lost relative to the
   * moving limit: ke0 − ke1 + work of the ground */
  y[2 * n + 2] += ground_work;
  return ke0 - ke1 + ground_work;
}

/* A through-stop at its limit decides its R: the balance leaves R out
 * (th_cand, s_excluded; K's mode before in k_before). */
static void
through_candidates (LzEventIntegrator *self,
                    double             t,
                    const double      *y,
                    double             pos_tol,
                    double             v_tol)
{
  const double *q = y, *v = y + self->n;
  gboolean *th_cand = self->md.th_cand;
  LzMode *k_before = self->md.k_before;

  for (guint p = 0; p < self->tr.nT; p++)
    {
      const Through *th = &self->tr.through[p];
      const Elem *el = &self->el[th->v], *k = &self->el[th->k];
      double g0, g0d, g0dd, g;

      if (th->friction)
        {
          /* through friction: while K is at its limit */
          lz_element_law_ground (&self->el[th->k].law, t, &g0, &g0d, &g0dd);
          g = lz_element_law_g (&k->law, q, g0);
          th_cand[p] = th->sk > 0 ? g - k->law.lower <= lz_event_tol_of (self, k, pos_tol)
                                  : k->law.upper - g <= lz_event_tol_of (self, k, pos_tol);
        }
      else
        {
          lz_element_law_ground (&self->el[th->v].law, t, &g0, &g0d, &g0dd);
          th_cand[p] = lz_element_law_g (&el->law, q, g0) - el->law.lower <= lz_event_tol_of (self, el, pos_tol)
                       && lz_event_wdot (el, v) + g0d <= lz_event_tol_of (self, el, v_tol);
        }
      self->st.s_excluded[th->r] = th_cand[p];
      k_before[p] = self->mode[th->k];
    }
}

/* The modes of the massless bodies' elements (FALSE: their balance has no
 * solution, see static_error): the springs with freeplay and stops of
 * the undamped ones by their balance, the damped ones' stops and dry
 * friction by the velocities they allow. */
static gboolean
massless_modes (LzEventIntegrator *self,
                double             t,
                double            *y,
                double             pos_tol,
                double             v_tol)
{
  gboolean ok = TRUE, *th_cand = self->md.th_cand;
  LzMode *k_before = self->md.k_before;

  if (!lz_event_node_select (self, t, y))
    ok = FALSE;
  /* the damped ones' stops and dry friction: by the velocities they allow */
  lz_event_dvel_select (self, t, y, pos_tol, v_tol);
  /* a through friction's K in contact stays so while at its limit: the
   * balance without R cannot see the body with mass pressing (K's force,
   * with V's share, lets it go if it should) */
  for (guint p = 0; p < self->tr.nT; p++)
    if (self->tr.through[p].friction && th_cand[p] && k_before[p] == LZ_MODE_CONTACT)
      {
        self->mode[self->tr.through[p].k] = LZ_MODE_CONTACT;
        self->el[self->tr.through[p].k].contact_upper = self->tr.through[p].sk < 0;
      }
  return ok;
}

/* Puts the rigid couplings among the N candidates CAND first (in their
 * order, the others after in theirs): the equality rows of the mixed LCP;
 * returns how many. */
static guint
bilateral_first (const LzEventIntegrator *self,
                 guint                   *cand,
                 guint                    n)
{
  guint n_eq = 0;

  for (guint c = 0; c < n; c++)
    if (lz_element_law_is_bilateral (&self->el[cand[c]].law))
      {
        guint e = cand[c];

        memmove (cand + n_eq + 1, cand + n_eq, (c - n_eq) * sizeof (guint));
        cand[n_eq++] = e;
      }
  return n_eq;
}

/* The candidates of the selection (stops at a limit moving along it,
 * friction with ġ = 0), into md.cand, with every candidate free (its own
 * law left out of a_free); the other elements' modes from their state.
 * Returns how many. */
static guint
candidates (LzEventIntegrator *self,
            double             t,
            double            *y,
            double             pos_tol,
            double             v_tol)
{
  guint n = self->n, ncand = 0, *cand = self->md.cand;
  const double *q = y, *v = y + n;
  const LzEventActive *ac = &self->sm.act;
  const guint *elems;
  guint count;

  lz_event_ground_terms (self, t, y);
  /* (an event that leaves the frozen bodies out: their constraints keep
   * their modes — lz_event_active_keep_frozen() — unless an open stop on
   * one is at its limit, and then every body is needed) */
  if (ac->sleeping && !lz_event_active_sleep_free_clear (self, y, pos_tol, v_tol))
    lz_event_active_wake (&self->sm);
  count = lz_event_pass_elements (self, ac->sleeping, &elems);
  for (guint k = 0; k < count; k++)
    {
      guint e = elems != NULL ? elems[k] : k;
      const Elem *el = &self->el[e];
      double g = lz_event_wdot (el, q) + self->sm.g0[e], gd = lz_event_wdot (el, v) + self->sm.g0d[e], s;
      double p_tol = lz_event_tol_of (self, el, pos_tol), u_tol = lz_event_tol_of (self, el, v_tol);

      if (self->st.is_static[e])
        continue;
      if (el->law.kind == LZ_ITEM_FRICTION)
        {
          if (e >= self->nm && self->mode[self->tr.through[e - self->nm].k] != LZ_MODE_CONTACT)
            self->mode[e] = LZ_MODE_NONE;       /* K off: no through friction */
          else if (fabs (gd) <= u_tol)
            {
              cand[ncand++] = e;
              self->mode[e] = LZ_MODE_NONE;
            }
          else
            self->mode[e] = gd > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
        }
      else if (el->law.kind == LZ_ITEM_STOP)
        {
          self->el[e].contact_upper = FALSE;
          if (lz_element_law_is_bilateral (&el->law))
            {
              /* a rigid coupling: always held (an equality of the LCP) */
              cand[ncand++] = e;
              self->mode[e] = LZ_MODE_FREE;
            }
          else
            {
              int limit = lz_event_stop_at_limit (el, g, gd, p_tol, u_tol);

              if (limit != 0)
                {
                  self->el[e].contact_upper = limit > 0;
                  cand[ncand++] = e;
                }
              self->mode[e] = LZ_MODE_FREE;
            }
        }
      else if ((el->law.kind == LZ_ITEM_SPRING || el->law.kind == LZ_ITEM_GEAR) && el->law.freeplay > 0)
        {
          /* engaged beyond a boundary, or on it moving out */
          s = g - el->law.offset;
          if (s > el->law.freeplay + p_tol || (s > el->law.freeplay - p_tol && gd > 0))
            self->mode[e] = LZ_MODE_ENGAGED_POS;
          else if (s < -el->law.freeplay - p_tol || (s < -el->law.freeplay + p_tol && gd < 0))
            self->mode[e] = LZ_MODE_ENGAGED_NEG;
          else
            self->mode[e] = LZ_MODE_GAP;
        }
      else if (lz_contact_law_is (&el->law))
        self->mode[e] = lz_contact_law_select (&el->law, self->mode[e], g, gd, p_tol, u_tol);
    }
  bilateral_first (self, cand, ncand);
  return ncand;
}

/* A selection's LCP of at most BLOCK_SMALL_L unknowns (a candidate alone:
 * 1 or 2) is set up without the heap */
#define BLOCK_SMALL_L 4

/* The acceleration-level LCP over the NCAND candidates CAND (with
 * a_free in sm.a): contact forces λ ⊥ g̈, and paper 004's pairs (ξ1, μ =
 * F + F0⁻) for friction; their modes into new_mode.  FALSE where Lemke
 * fails (the candidates then held) or OK is FALSE (the massless bodies'
 * balance failed). */
static gboolean
solve_block (LzEventIntegrator *self,
             double             t,
             guint             *cand,
             guint              ncand,
             gboolean           ok)
{
  guint L = 0, *first = self->md.first, n_eq;

  for (guint c = 0; c < ncand; c++)
    {
      first[c] = L;
      L += self->el[cand[c]].law.kind == LZ_ITEM_FRICTION ? 2 : 1;
    }
  {
    /* (a small block — one candidate alone, as most are — on the stack) */
    double small[BLOCK_SMALL_L * BLOCK_SMALL_L + 3 * BLOCK_SMALL_L + 2 * BLOCK_SMALL_L] = { 0 };
    gboolean heap = L > BLOCK_SMALL_L;
    g_autofree double *big = heap ? g_new0 (double, (gsize) L * L + 3 * L + 2 * ncand) : NULL;
    double *buf = heap ? big : small;
    gsl_matrix_view Av = gsl_matrix_view_array (buf, L, L);
    gsl_vector_view bv = gsl_vector_view_array (buf + (gsize) L * L, L);
    gsl_vector_view zv = gsl_vector_view_array (buf + (gsize) L * L + L, L);
    gsl_vector_view wv = gsl_vector_view_array (buf + (gsize) L * L + 2 * L, L);
    gsl_matrix *A = &Av.matrix;
    gsl_vector *b = &bv.vector, *z = &zv.vector, *w = &wv.vector;
    double *lambda0 = buf + (gsize) L * L + 3 * L, *fs_pos = lambda0 + ncand;

    /* generalized force per unknown: contact λ along ±w; friction μ:
     * −F w = −(μ − F0⁻) w, F0± the static levels at t (a candidate is at
     * ġ = 0: it sticks when the force it needs is within them) */
    for (guint c = 0; c < ncand; c++)
      if (self->el[cand[c]].law.kind == LZ_ITEM_FRICTION)
        lz_friction_static_box (&self->el[cand[c]].law, t, &lambda0[c], &fs_pos[c]);
    for (guint i = 0; i < ncand; i++)
      {
        const Elem *x = &self->el[cand[i]];
        double sx = x->law.kind == LZ_ITEM_STOP && x->contact_upper ? -1 : 1;
        double gdd0 = lz_event_wdot (x, self->sm.a) + self->sm.g0dd[cand[i]];
        int row = x->law.kind == LZ_ITEM_FRICTION ? (int) first[i] + 1 : (int) first[i];
        double scale = x->law.kind == LZ_ITEM_FRICTION ? -1 : sx;   /* μ row: ξ1 − g̈ */

        for (guint j = 0; j < ncand; j++)
          {
            const Elem *yv = &self->el[cand[j]];
            double d = lz_event_minv_dot (self, x, yv), gj;
            int col;

            if (yv->law.kind == LZ_ITEM_FRICTION)
              {
                gj = -1;                       /* force −μ·w (+ F0⁻ w in lambda0) */
                col = (int) first[j] + 1;
              }
            else
              {
                gj = yv->contact_upper ? -1 : 1;
                col = (int) first[j];
              }
            *gsl_matrix_ptr (A, row, col) += scale * d * gj;
            gdd0 += d * lambda0[j];
          }
        if (x->law.kind == LZ_ITEM_FRICTION)
          {
            /* ξ1 row: F0⁺ + F0⁻ − μ;  μ row: ξ1 − g̈ */
            gsl_vector_set (b, first[i], fs_pos[i] + lambda0[i]);
            *gsl_matrix_ptr (A, first[i], first[i] + 1) -= 1;
            *gsl_matrix_ptr (A, first[i] + 1, first[i]) += 1;
            gsl_vector_set (b, first[i] + 1, -gdd0);
          }
        else
          gsl_vector_set (b, first[i], sx * gdd0);
      }
    /* the rigid couplings (first: bilateral_first()) are equalities g̈ = 0 */
    n_eq = bilateral_first (self, cand, ncand);
    if (!(n_eq > 0 ? lz_mlcp_solve (A, b, n_eq, z, w, NULL, NULL)
                   : lz_lcp_solve_lemke (A, b, z, w, NULL, NULL)))
      ok = FALSE;
    for (guint c = 0; c < ncand; c++)
      {
        guint e = cand[c];
        const Elem *el = &self->el[e];

        if (c < n_eq)
          {
            self->md.new_mode[e] = LZ_MODE_CONTACT;
            continue;
          }

        if (el->law.kind == LZ_ITEM_FRICTION)
          {
            double xi1 = gsl_vector_get (z, first[c]);
            double xi2 = gsl_vector_get (w, first[c] + 1);

            /* Lemke's nonbasic variables are exact zeros: a ξ above the
             * rounding of the accelerations (SELECT_A_REL·V/T) is a slip,
             * however small (just past a force limit); below it the force
             * is on its level at a velocity zero, and the element sticks
             * (a slip the other way would turn at once: a chatter of no
             * length) */
            double a_tol = SELECT_A_REL * lz_event_unit_speed (self, el) / self->parent.scales.time;

            self->md.new_mode[e] = !ok ? LZ_MODE_STICK
                                : xi1 > a_tol ? LZ_MODE_SLIP_POS
                                : xi2 > a_tol ? LZ_MODE_SLIP_NEG
                                : LZ_MODE_STICK;
          }
        else
          self->md.new_mode[e] = ok && gsl_vector_get (z, first[c]) > 0 ? LZ_MODE_CONTACT
                              : ok ? LZ_MODE_FREE : LZ_MODE_CONTACT;
      }
  }
  return ok;
}

/* The selection over the NCAND candidates in md.cand: a_free, then the
 * LCP.  M is diagonal: the Delassus matrix of two candidates on different
 * bodies is zero, and where no two candidates share a body (a chain's
 * stuck friction, each on its own mass) the LCP is one small problem per
 * candidate, each with a unique solution — O(ncand) instead of Lemke's
 * O(ncand³) on the whole.  Candidates that share a body may make the LCP
 * degenerate (a friction element and a stop along the same direction on a
 * mass at rest on the stop: the force may be either's), where the
 * solution Lemke's path picks on the whole LCP is kept: it is then solved
 * whole.  FALSE where an LCP fails (its candidates then held) or OK is
 * FALSE. */
static gboolean
solve_candidates (LzEventIntegrator *self,
                  double             t,
                  double            *y,
                  guint              ncand,
                  gboolean           ok)
{
  guint n = self->n, *cand = self->md.cand;
  g_autofree int *parent = g_new (int, ncand);
  g_autofree int *owner = g_new (int, MAX (n, 1));
  gboolean all_ok = TRUE;

  /* the frozen bodies' constraints, each alone on its body, keep their
   * modes: Lemke's method for the others (lz-event-active.c) */
  ncand = lz_event_active_keep_frozen (self, cand, ncand);
  if (ncand == 0)
    return ok;
  /* a_free with no constraints */
  self->sm.nc = 0;
  lz_event_accelerations (self, t, y, y + n, self->sm.a);
  for (guint i = 0; i < n; i++)
    owner[i] = -1;
  for (guint c = 0; c < ncand; c++)
    {
      const Elem *el = &self->el[cand[c]];
      int ports[2] = { el->law.a, el->law.b };

      parent[c] = (int) c;
      for (guint k = 0; k < 2; k++)
        if (ports[k] >= 0 && owner[ports[k]] < 0)
          owner[ports[k]] = (int) c;
        else if (ports[k] >= 0)
          parent[lz_event_group_root (parent, (int) c)] = lz_event_group_root (parent, owner[ports[k]]);
    }
  for (guint c = 0; c < ncand; c++)
    if (parent[c] != (int) c)
      return solve_block (self, t, cand, ncand, ok);
  for (guint c = 0; c < ncand; c++)
    all_ok = solve_block (self, t, cand + c, 1, ok) && all_ok;
  return all_ok;
}

/* A through-stop that holds holds its K and R; one that lifts off with K
 * off too leaves R to the balance without K. */
static gboolean
through_decide (LzEventIntegrator *self,
                double             t,
                double            *y,
                double             pos_tol,
                double             v_tol)
{
  gboolean ok = TRUE, again = FALSE, *th_cand = self->md.th_cand;
  LzMode *first_k = self->md.first_k;

  for (guint p = 0; p < self->tr.nT; p++)
    {
      const Through *th = &self->tr.through[p];

      first_k[p] = self->md.new_mode[th->k];
      if (!th_cand[p])
        continue;
      if (th->friction)
        {
          /* R takes the through friction's mode; K off, the balance decides R */
          if (self->md.new_mode[th->v] != LZ_MODE_NONE)
            self->md.new_mode[th->r] = self->md.new_mode[th->v];
          else
            {
              self->st.s_excluded[th->r] = FALSE;
              again = TRUE;
            }
          continue;
        }
      if (self->md.new_mode[th->v] == LZ_MODE_CONTACT)
        {
          self->md.new_mode[th->k] = self->md.new_mode[th->r] = LZ_MODE_CONTACT;
          self->el[th->k].contact_upper = th->sk < 0;
          self->el[th->r].contact_upper = th->sr < 0;
        }
      else if (self->mode[th->k] != LZ_MODE_CONTACT)
        {
          self->st.s_excluded[th->r] = FALSE;
          self->st.s_excluded[th->k] = again = TRUE;
        }
    }
  if (again)
    {
      LzMode *massive = self->md.massive;

      memcpy (massive, self->mode, self->ne * sizeof (LzMode));
      if (!lz_event_node_select (self, t, y))
        ok = FALSE;
      lz_event_dvel_select (self, t, y, pos_tol, v_tol);
      for (guint r = 0; r < self->st.nS; r++)
        if (!self->st.s_excluded[self->st.iS[r]])
          self->md.new_mode[self->st.iS[r]] = self->mode[self->st.iS[r]];
      for (guint r = 0; r < self->dj.nDS; r++)
        if (!self->st.s_excluded[self->dj.iDS[r]])
          self->md.new_mode[self->dj.iDS[r]] = self->mode[self->dj.iDS[r]];
      for (guint p = 0; p < self->tr.nT; p++)
        if (self->tr.through[p].friction)
          self->md.new_mode[self->tr.through[p].k] = first_k[p];   /* as decided with R left out */
      memcpy (self->mode, massive, self->ne * sizeof (LzMode));
    }
  for (guint p = 0; p < self->tr.nT; p++)
    self->st.s_excluded[self->tr.through[p].k] = self->st.s_excluded[self->tr.through[p].r] = FALSE;
  return ok;
}

/* The acceleration-level mode selection over the candidates (stops at a
 * limit moving along it, friction with ġ = 0); sets new_mode. */
static gboolean
select_modes (LzEventIntegrator *self,
              double             t,
              double            *y,
              double             pos_tol,
              double             v_tol)
{
  guint ncand;
  gboolean ok;

  /* the candidates' own laws are left out of a_free: evaluate with every
   * candidate free (friction slack), then couple them through the LCP */
  memcpy (self->md.saved, self->mode, self->ne * sizeof (LzMode));
  through_candidates (self, t, y, pos_tol, v_tol);
  ok = massless_modes (self, t, y, pos_tol, v_tol);
  ncand = candidates (self, t, y, pos_tol, v_tol);
  memcpy (self->md.new_mode, self->mode, self->ne * sizeof (LzMode));
  if (ncand == 0)
    {
      memcpy (self->mode, self->md.saved, self->ne * sizeof (LzMode));
      for (guint p = 0; p < self->tr.nT; p++)
        self->st.s_excluded[self->tr.through[p].r] = FALSE;
      return ok;
    }
  ok = solve_candidates (self, t, y, ncand, ok);
  return through_decide (self, t, y, pos_tol, v_tol) && ok;
}

/* The through-stops' modes in MODE agree with their stops' (PRIOR the
 * modes before): V reaching contact puts K and R in contact; K or R
 * lifting off lifts V; V off with both on (V lifted off) frees R — K
 * keeps the massless body on the body with mass, and K's force guard
 * decides at once if it should not. */
static void
lz_event_through_sync (LzEventIntegrator *self,
                       LzMode            *mode,
                       const LzMode      *prior,
                       double             t,
                       const double      *y)
{
  for (guint p = 0; p < self->tr.nT; p++)
    {
      const Through *th = &self->tr.through[p];

      if (th->friction)
        {
          /* V acts while K is in contact, R in V's mode; K off, R goes on
           * by itself (stuck where it is) */
          if (mode[th->k] != LZ_MODE_CONTACT)
            {
              if (mode[th->v] != LZ_MODE_NONE)
                {
                  mode[th->r] = mode[th->v];
                  if (mode[th->r] == LZ_MODE_STICK)
                    {
                      double g0, g0d, g0dd;

                      lz_element_law_ground (&self->el[th->r].law, t, &g0, &g0d, &g0dd);
                      self->el[th->r].stick_g = lz_element_law_g (&self->el[th->r].law, y, g0);
                    }
                }
              mode[th->v] = LZ_MODE_NONE;
            }
          else if (mode[th->v] == LZ_MODE_NONE)
            mode[th->v] = mode[th->r];
          else
            mode[th->r] = mode[th->v];
          continue;
        }
      if (mode[th->v] == LZ_MODE_CONTACT && prior[th->v] != LZ_MODE_CONTACT)
        {
          mode[th->k] = mode[th->r] = LZ_MODE_CONTACT;
          self->el[th->k].contact_upper = th->sk < 0;
          self->el[th->r].contact_upper = th->sr < 0;
        }
      else if (mode[th->v] == LZ_MODE_CONTACT
               && (mode[th->k] != LZ_MODE_CONTACT || mode[th->r] != LZ_MODE_CONTACT))
        mode[th->v] = LZ_MODE_FREE;
      else if (mode[th->v] != LZ_MODE_CONTACT && mode[th->k] == LZ_MODE_CONTACT
               && mode[th->r] == LZ_MODE_CONTACT)
        mode[th->r] = LZ_MODE_FREE;
    }
}

/* Handles an event at (t, y): impacts, mode selection, projection; the
 * log waits for the instant to settle (lz_event_instant_flush()).
 * Returns the time after it (later than T after a Zeno sequence). */
double
lz_event_handle_event (LzEventIntegrator *self,
                       double             t,
                       double            *y,
                       gboolean           initial)
{
  double zeno_delay = 0;
  guint n = self->n;
  /* (of the run's v_scale: each element's are lz_event_tol_of() them) */
  double pos_tol = SELECT_POS_REL * self->v_scale * MAX (SELECT_H_MIN * self->parent.scales.time, self->sm.h_try);
  double v_tol = SELECT_V_REL * self->v_scale;
  double loss;
  LzMode *prior = self->md.prior;
  gboolean zeno = FALSE;

  memcpy (prior, self->mode, self->ne * sizeof (LzMode));
  self->sm.nc = 0;
  loss = resolve_impacts (self, t, y, pos_tol);
  self->e_impacts += loss;
  for (guint e = 0; e < (self->md.any_impact ? self->ne : 0); e++)
    if (self->md.impacted[e])
      {
        /* the bounces have shrunk to the size of the event location's
         * noise: the rest of the geometric series of bounces, whose
         * intervals shrink by the ratio r of the approach speeds, lasts
         * (t − t_prev)·r/(1 − r) — the stop is in contact from then on */
        double r = self->md.impact_speed[e] / MAX (ZENO_SPEED_MIN, self->md.prev_impact_speed[e]);

        if (self->md.impact_speed[e] < rest_v_tol (self, &self->el[e]))
          {
            zeno = TRUE;
            if (r > 0 && r < 1 && self->el[e].law.e < 1 && self->md.prev_impact_t[e] >= 0)
              zeno_delay = MAX (zeno_delay, (t - self->md.prev_impact_t[e]) * r / (1 - r));
          }
        self->md.prev_impact_t[e] = t;
        self->md.prev_impact_speed[e] = self->md.impact_speed[e];
      }
  select_modes (self, t, y, pos_tol, v_tol);
  /* (the frozen bodies left out to the end: the projection, and the set
   * armed again from the one before, lz_event_active_rearm()) */
  self->sm.act.carry = self->sm.act.sleeping;
  for (guint e = 0; e < (zeno ? self->ne : 0); e++)
    if (self->md.impacted[e])
      self->md.new_mode[e] = LZ_MODE_CONTACT;
  lz_event_through_sync (self, self->md.new_mode, prior, t, y);
  memcpy (self->mode, self->md.new_mode, self->ne * sizeof (LzMode));
  lz_event_setup_mode (self);
  lz_event_dstop_project (self, t, y);
  /* the massless coordinates on the balance of the new mode (a joint
   * whose friction starts to slip moves there: continuously, but where a
   * stuck friction later holds it matters) */
  lz_event_condense (self, t, y, y, FALSE);
  lz_event_project_counted (self, t, y);
  if (zeno && zeno_delay > 0)
    {
      /* spend the accumulated bounces in contact (the body stays within
       * the bounces' height, far below the tolerances, of the limit) */
      lz_event_integrate_to (self, t, y, t + zeno_delay, self->loc.yt);
      memcpy (y, self->loc.yt, (2 * n + 3) * sizeof (double));
      self->sm.act.still = FALSE;       /* (every body integrated) */
      t += zeno_delay;
      lz_event_project_counted (self, t, y);
    }
  /* what the log will say of the impacts (lz_event_instant_flush()) */
  for (guint e = 0; e < (self->md.any_impact ? self->nm : 0); e++)
    if (self->md.impacted[e])
      self->md.inst_flags[e] = LZ_SWITCH_IMPACT | (zeno ? LZ_SWITCH_ZENO : 0);
  if (initial)
    return t;
  lz_event_units_seen (self, y);
  if (self->sm.act.carry)
    lz_event_active_rearm (self, t, y, prior);
  return t;
}

/* An instant where modes switch begins at T: the modes before it, for the
 * log (nothing when it has begun already). */
void
lz_event_instant_begin (LzEventIntegrator *self,
                        double             t,
                        gboolean           initial)
{
  LzEventModes *md = &self->md;

  if (md->pending && md->inst_t == t)
    return;
  memcpy (md->inst_prior, self->mode, self->ne * sizeof (LzMode));
  memset (md->inst_flags, 0, self->ne * sizeof (LzSwitchFlags));
  md->pending = TRUE;
  md->inst_initial = initial;
  md->inst_t = t;
}

/* Four modes or flags at once (LzMode and LzSwitchFlags are guint-sized:
 * lz-event.c asserts it) */
typedef guint LzEventGuint4 __attribute__ ((vector_size (16)));

static inline LzEventGuint4
load4 (const guint *p)
{
  LzEventGuint4 v;

  memcpy (&v, p, sizeof v);
  return v;
}

/* The first index from FROM on (below N) where BEFORE and NOW differ or
 * FLAGS (NULL: none) is set; N if none.  Sixteen entries a pass: a scan
 * for the few elements an event switched costs a fraction of an
 * instruction an element. */
guint
lz_event_first_change (const guint *before,
                       const guint *now,
                       const guint *flags,
                       guint        from,
                       guint        n)
{
  guint e = from;

  for (; e + 16 <= n; e += 16)
    {
      LzEventGuint4 x = (load4 (before + e) ^ load4 (now + e)) | (load4 (before + e + 4) ^ load4 (now + e + 4))
                        | (load4 (before + e + 8) ^ load4 (now + e + 8))
                        | (load4 (before + e + 12) ^ load4 (now + e + 12));
      guint64 w[2];

      if (flags != NULL)
        x |= load4 (flags + e) | load4 (flags + e + 4) | load4 (flags + e + 8) | load4 (flags + e + 12);
      memcpy (w, &x, sizeof w);
      if ((w[0] | w[1]) != 0)
        break;
    }
  for (; e < n; e++)
    if ((flags != NULL && flags[e] != 0) || before[e] != now[e])
      return e;
  return n;
}

/* Logs the instant once its modes are final: each element whose mode
 * differs from the one before the instant, and each impact, one event
 * with lz_mode_switch_cause() — never the modes it passed through at
 * that instant (stick → slip → stick where nothing switched); at the
 * start, every element's initial mode.  Returns how many switches. */
guint
lz_event_instant_flush (LzEventIntegrator *self,
                        LzTrace           *trace)
{
  LzEventModes *md = &self->md;
  guint logged = 0;
  /* (the elements that switched or took an impact: the modes before the
   * instant against the final ones, its flags) */
  const guint *prior = (const guint *) md->inst_prior, *now = (const guint *) self->mode;
  const guint *impacts = (const guint *) md->inst_flags;

  g_assert (md->pending);
  for (guint e = md->inst_initial ? 0 : lz_event_first_change (prior, now, impacts, 0, self->nm); e < self->nm;
       e = md->inst_initial ? e + 1 : lz_event_first_change (prior, now, impacts, e + 1, self->nm))
    {
      LzMode from, to;
      LzSwitchFlags flags;
      LzEvent ev;

      if (md->inst_initial && self->mode[e] == LZ_MODE_NONE)
        continue;
      from = md->inst_initial ? self->mode[e] : md->inst_prior[e];
      to = self->mode[e];
      flags = md->inst_flags[e] != 0 ? md->inst_flags[e] : self->st.is_static[e] ? LZ_SWITCH_MASSLESS : 0;
      /* a breakaway where the static level was falling: the level moved */
      if (from == LZ_MODE_STICK && (to == LZ_MODE_SLIP_POS || to == LZ_MODE_SLIP_NEG)
          && lz_friction_level_falls (&self->el[e].law, md->inst_t, to == LZ_MODE_SLIP_POS ? 1 : -1))
        flags |= LZ_SWITCH_LEVEL;
      ev = (LzEvent) { md->inst_t, e, from, to,
                       md->inst_initial ? LZ_CAUSE_INITIAL : lz_mode_switch_cause (from, to, flags) };
      lz_trace_append_event (trace, &ev);
      if (!md->inst_initial)
        logged++;
    }
  logged += lz_event_forcing_flush (self, trace);
  self->parent.stats.events += logged;
  md->pending = FALSE;
  return logged;
}

/* A free stop whose gap closes at an approach speed below this (relative
 * to the run's velocity scale of the stop) grazes its limit: contact, no
 * impact. */
#define GRAZE_V_REL 1e-6
/* The D joints' selection a moment after an instant: a stop at its
 * limit within AT_ONCE_D_POS_TOL, a velocity zero within
 * AT_ONCE_D_V_TOL (both relative to the run's velocity scale: each
 * element's lz_event_tol_of() them). */
#define AT_ONCE_D_POS_TOL 1e-8
#define AT_ONCE_D_V_TOL 1e-9

/* The modes that hold after T0 when the mode chosen at T0 is left at once
 * (its guards negative at TP, a moment later, at the state Y): into
 * new_mode, from the guards' signs — a stuck element whose force leaves
 * its levels slips that way, a slip whose velocity turns sticks, a
 * contact whose force turns negative opens, a grazed limit or freeplay
 * boundary engages, a damped contact switches the way its guard says; the D joints' elements by their velocity problem at
 * TP; the through-stops in sync with their stops (at T0, Y0). */
void
lz_event_at_once_modes (LzEventIntegrator *self,
                        double             t0,
                        const double      *y0,
                        double             tp,
                        double            *y)
{
  double g[MAX_GUARDS];
  gboolean d_left = FALSE;
  /* (with the set on, the frozen elements' guards are positive: their
   * modes hold — lz_event_active_at_once()) */
  const guint *elems;
  guint count = lz_event_pass_elements (self, self->sm.act.on, &elems);

  lz_event_settled_rhs (self, tp, y, self->dydt);
  memcpy (self->md.new_mode, self->mode, self->ne * sizeof (LzMode));
  for (guint j = 0; j < count; j++)
    {
      guint e = elems != NULL ? elems[j] : j, k = lz_event_guards (self, e, y, g);

      if (self->dj.is_dstop[e])
        {
          /* the D joints' elements: together, by their velocity-level
           * problem (below) */
          for (guint i = 0; i < k; i++)
            d_left |= g[i] < 0;
          continue;
        }
      if (self->el[e].law.kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && k == 2)
        {
          if (g[0] < 0)
            self->md.new_mode[e] = LZ_MODE_SLIP_POS;
          else if (g[1] < 0)
            self->md.new_mode[e] = LZ_MODE_SLIP_NEG;
        }
      else if (self->el[e].law.kind == LZ_ITEM_FRICTION && k == 1 && g[0] < 0
               && (self->mode[e] == LZ_MODE_SLIP_POS || self->mode[e] == LZ_MODE_SLIP_NEG))
        {
          /* the slip velocity was zero at t0 and turns at once: stick
           * (and if the force is beyond the levels, the stick guard
           * sends it the other way at the next pass) */
          self->md.new_mode[e] = LZ_MODE_STICK;
        }
      else if (self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT && k >= 1
               && g[0] < 0)
        self->md.new_mode[e] = LZ_MODE_FREE;
      else if (self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_FREE
               && (self->st.is_static[e]
                   || fabs (lz_event_wdot (&self->el[e], y + self->n) + self->sm.g0d[e])
                      <= GRAZE_V_REL * lz_event_unit_v_seen (self, &self->el[e])))
        {
          /* grazing a limit: the gap closes without an approach speed
           * (a massless body's stop: always, it has no momentum) */
          for (guint i = 0; i < k; i++)
            if (g[i] < 0)
              {
                self->md.new_mode[e] = LZ_MODE_CONTACT;
                self->el[e].contact_upper = !(i == 0 && isfinite (self->el[e].law.lower));
              }
        }
      else if ((self->el[e].law.kind == LZ_ITEM_SPRING || self->el[e].law.kind == LZ_ITEM_GEAR)
               && self->el[e].law.freeplay > 0)
        {
          /* a freeplay boundary reached with no speed across it */
          if (self->mode[e] == LZ_MODE_GAP && k == 2)
            self->md.new_mode[e] = g[0] < 0 ? LZ_MODE_ENGAGED_POS
                                : g[1] < 0 ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP;
          else if (k == 1 && g[0] < 0)
            self->md.new_mode[e] = LZ_MODE_GAP;
        }
      else if (lz_contact_law_is (&self->el[e].law))
        self->md.new_mode[e] = lz_contact_law_flip (&self->el[e].law, self->mode[e], g, k);
    }
  if (d_left)
    {
      LzMode *saved = self->loc.d_saved;

      memcpy (saved, self->mode, self->ne * sizeof (LzMode));
      lz_event_dvel_select (self, tp, y, AT_ONCE_D_POS_TOL * self->v_scale * self->parent.scales.time,
                        AT_ONCE_D_V_TOL * self->v_scale);
      for (guint s = 0; s < self->dj.nDS; s++)
        self->md.new_mode[self->dj.iDS[s]] = self->mode[self->dj.iDS[s]];
      memcpy (self->mode, saved, self->ne * sizeof (LzMode));
    }
  lz_event_through_sync (self, self->md.new_mode, self->mode, t0, y0);
}
