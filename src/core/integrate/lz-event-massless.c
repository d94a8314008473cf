/* lz-event-massless.c — massless bodies: the N joints' static balance, the D
 * joints' velocity problem, their stops and dry friction
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
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-integrator-private.h"
#include "lz-lcp.h"
#include "lz-model-private.h"

/* ------------------------------------------------------------------------ */
/* Massless joints with springs with freeplay and stops                      */

/* A massless joint without damping (N) carries no momentum: it sits where
 * its elements balance, given the other coordinates.  Springs with
 * freeplay and stops among them ("static" elements) make that balance a
 * static complementarity problem with the joints as algebraic unknowns
 * (paper 002; a mixed LCP — never a small mass):
 *
 *     K_NN z + Σ_freeplay k w luz(w·z + c − ℓ0, Δ) − Σ_stops λ w = f_N − K_No q_o,
 *     lower ≤ w·z + c ≤ upper,  λ ≥ 0 at the lower limit, ≤ 0 at the upper,
 *     λ = 0 off the limits,
 *
 * w the element's direction on the joints, c = w_o·q_o + g0 the rest of
 * its coordinate.  The linear springs alone must hold the joints (K_NN
 * positive definite, checked once in lz_event_setup_massless()): the potential is
 * then strictly convex, the balance unique and Lipschitz in (q_o, t) — the
 * joints never jump, and a joint reaching a stop is no impact (nothing
 * with mass changes its velocity, no kinetic energy is lost).
 *
 * In a mode of the static elements (a spring with freeplay slack or
 * engaged on a side, a stop free or in contact) the balance is linear,
 *
 *     A z − B λ = b − Σ_engaged k w (c − ℓ0 ∓ Δ),   Bᵀ z = limit − c,
 *     A = K_NN + Σ_engaged k w wᵀ,  B the directions of the contacts,
 *
 * solved by Cholesky of A and the Schur complement Bᵀ A⁻¹ B (a
 * pseudo-inverse when contacts coincide), factored once per mode.  The
 * mode holds while the distance to each freeplay boundary, the gap of each
 * free stop and the force of each contact keep their signs: these are the
 * elements' ordinary guards, so the switches are located like every other
 * event.  At an event the new mode comes from the whole problem as a mixed
 * LCP (lz_event_node_select(), lz_mlcp_solve()): the joints free, for each spring
 * with freeplay the dead-zone pair p, m ≥ 0 with luz(s, Δ) = p − m,
 * 0 ≤ p ⊥ p − s + Δ ≥ 0, 0 ≤ m ⊥ m + s + Δ ≥ 0, and for each finite stop
 * side its force ⊥ its gap.
 *
 * Dry friction on such a joint (no viscosity: it would make the joint
 * damped) is rigid-plastic, paper 000's Theorem 3.9 in the limit k → ∞.
 * Stuck, it holds its coordinate where it stuck (g = g_stick, a position
 * constraint like a contact, its force the multiplier: guards
 * −F0⁻ ≤ F ≤ F0⁺, cause force-limit); slipping, it pushes with the
 * constant ±F0 and the joints balance with their linear springs (guard:
 * the slip velocity, from the time derivative of the balance, cause
 * velocity-zero).  At events the mixed LCP takes it as the displacement
 * from where it is, Δg = ξ1 − ξ2, with paper 004's pair (ξ1, μ = F + F0⁻):
 * a slip that starts moves the joints continuously, and the next stick
 * holds them there.  Along a contact of the same coordinate a stuck
 * friction element adds nothing (the contact holds). */

/* w_o·x: the part of element EL's coordinate from ports that are not N
 * joints (without the ground's part) */
static double
node_rest (const LzEventIntegrator *self,
           const Elem              *el,
           const double            *x)
{
  double c = 0;

  if (el->law.b >= 0 && self->jn.rN[el->law.b] < 0)
    c += el->law.cb * x[el->law.b];
  if (el->law.a >= 0 && self->jn.rN[el->law.a] < 0)
    c -= el->law.ca * x[el->law.a];
  return c;
}

/* w_N·z, z indexed by the rows of the N joints */
static double
node_wdot (const LzEventIntegrator *self,
           const Elem              *el,
           const double            *z)
{
  double s = 0;

  if (el->law.b >= 0 && self->jn.rN[el->law.b] >= 0)
    s += el->law.cb * z[self->jn.rN[el->law.b]];
  if (el->law.a >= 0 && self->jn.rN[el->law.a] >= 0)
    s -= el->law.ca * z[self->jn.rN[el->law.a]];
  return s;
}

/* v += s·w_N (v a GSL vector over the N joints) */
static void
node_add_w (const LzEventIntegrator *self,
            const Elem              *el,
            double                   s,
            gsl_vector              *v)
{
  if (el->law.b >= 0 && self->jn.rN[el->law.b] >= 0)
    *gsl_vector_ptr (v, self->jn.rN[el->law.b]) += s * el->law.cb;
  if (el->law.a >= 0 && self->jn.rN[el->law.a] >= 0)
    *gsl_vector_ptr (v, self->jn.rN[el->law.a]) -= s * el->law.ca;
}

/* Whether element E is R of a through-stop in contact or stuck (V holds
 * it) */
static gboolean
carried (const LzEventIntegrator *self,
         guint                    e)
{
  for (guint p = 0; p < self->tr.nT; p++)
    if (self->tr.through[p].r == e
        && (self->mode[self->tr.through[p].v] == LZ_MODE_CONTACT || self->mode[self->tr.through[p].v] == LZ_MODE_STICK))
      return TRUE;
  return FALSE;
}

/* +1, −1: a spring with freeplay engaged on that side; 0: slack */
static double
engaged_side (LzMode mode)
{
  return mode == LZ_MODE_ENGAGED_POS ? 1 : mode == LZ_MODE_ENGAGED_NEG ? -1 : 0;
}

/* Zeroes what rounding leaves of a zero singular value (coinciding
 * contacts) in the SVD G = U S Vᵀ of a Schur complement of the massless
 * bodies (the N joints' Bᵀ A⁻¹ B, the D joints' Wᵀ C_DD⁻¹ W) whose
 * diagonal (before the SVD) is DIAG: S_i below SV_REL times the largest,
 * or in a model that mixes kinds times lz_event_sv_moved() (there a
 * slider's row and a hub's 10^16 apart dropped the slider's contact). */
static void
sv_zero (const LzEventIntegrator *self,
         gsl_vector              *S,
         const gsl_matrix        *V,
         const double            *diag)
{
  for (guint i = 0; i < S->size; i++)
    if (gsl_vector_get (S, i)
        < SV_REL * (self->parent.scales.mixed ? lz_event_sv_moved (V, diag, i) : gsl_vector_get (S, 0)))
      gsl_vector_set (S, i, 0);
}

/* A and the Schur complement of the current mode (kept while the static
 * elements' modes stay). */
static void
node_factor (LzEventIntegrator *self)
{
  guint nN = self->jn.nN, nc = 0;
  gboolean same = self->st.s_valid;

  for (guint r = 0; r < self->st.nS && same; r++)
    same = self->st.s_cached[r] == self->mode[self->st.iS[r]];
  for (guint p = 0; p < self->tr.nT && same; p++)
    same = self->tr.through[p].cached_v == self->mode[self->tr.through[p].v];
  if (same)
    return;
  for (guint p = 0; p < self->tr.nT; p++)
    self->tr.through[p].cached_v = self->mode[self->tr.through[p].v];

  for (guint r = 0; r < nN; r++)
    for (guint c = 0; c < nN; c++)
      gsl_matrix_set (self->st.SA, r, c, gsl_matrix_get (self->sm.K, self->jn.iN[r], self->jn.iN[c]));
  for (guint r = 0; r < self->st.nS; r++)
    {
      guint e = self->st.iS[r];
      const Elem *el = &self->el[e];

      self->st.s_cached[r] = self->mode[e];
      if (el->law.kind == LZ_ITEM_STOP)
        {
          /* a contact: a position constraint (not R of a through-stop
           * in contact: V holds it) */
          if (self->mode[e] == LZ_MODE_CONTACT && !carried (self, e))
            self->st.s_con[nc++] = e;
          continue;
        }
      if (el->law.kind == LZ_ITEM_FRICTION)
        continue;                       /* below, after the contacts */
      if (engaged_side (self->mode[e]) != 0)
        {
          /* A += k w wᵀ */
          int rows[2] = { el->law.a >= 0 ? self->jn.rN[el->law.a] : -1, el->law.b >= 0 ? self->jn.rN[el->law.b] : -1 };
          double coef[2] = { -el->law.ca, el->law.cb };

          for (guint i = 0; i < 2; i++)
            for (guint j = 0; j < 2; j++)
              if (rows[i] >= 0 && rows[j] >= 0)
                *gsl_matrix_ptr (self->st.SA, rows[i], rows[j]) += el->law.k * coef[i] * coef[j];
        }
    }
  /* a stuck friction element: a position constraint too — but none along
   * a contact, which holds the coordinate already (its force is then 0,
   * and the selection at the contact's lift-off decides it anew) */
  for (guint r = 0; r < self->st.nS; r++)
    {
      guint e = self->st.iS[r];
      gboolean along = FALSE;

      if (self->el[e].law.kind != LZ_ITEM_FRICTION || self->mode[e] != LZ_MODE_STICK || carried (self, e))
        continue;
      for (guint c = 0; c < nc && !along; c++)
        along = self->el[self->st.s_con[c]].law.kind == LZ_ITEM_STOP && lz_event_parallel (&self->el[e], &self->el[self->st.s_con[c]]);
      if (!along)
        self->st.s_con[nc++] = e;
    }
  /* positive definite: K_NN is, and the engaged springs add to it */
  gsl_linalg_cholesky_decomp1 (self->st.SA);
  self->st.s_nc = nc;
  if (nc > 0)
    {
      gsl_matrix_view G = gsl_matrix_submatrix (self->st.SG, 0, 0, nc, nc);
      gsl_matrix_view V = gsl_matrix_submatrix (self->st.SV, 0, 0, nc, nc);
      gsl_vector_view S = gsl_vector_subvector (self->st.SS, 0, nc);
      gsl_vector_view work = gsl_vector_subvector (self->st.Swork, 0, nc);

      for (guint j = 0; j < nc; j++)
        {
          gsl_vector_view col = gsl_matrix_column (self->st.SX, j);

          gsl_vector_set_zero (self->st.Sb);
          node_add_w (self, &self->el[self->st.s_con[j]], 1, self->st.Sb);
          gsl_linalg_cholesky_svx (self->st.SA, self->st.Sb);
          gsl_vector_memcpy (&col.vector, self->st.Sb);
          for (guint i = 0; i < nc; i++)
            gsl_matrix_set (&G.matrix, i, j, node_wdot (self, &self->el[self->st.s_con[i]], self->st.Sb->data));
        }
      /* coinciding contacts: drop what rounding leaves of a zero singular
       * value (G's diagonal in Sl, which the solves write) */
      for (guint i = 0; i < nc; i++)
        gsl_vector_set (self->st.Sl, i, gsl_matrix_get (&G.matrix, i, i));
      gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &S.vector, &work.vector);
      sv_zero (self, &S.vector, &V.matrix, self->st.Sl->data);
    }
  self->st.s_valid = TRUE;
}

/* The N joints' positions (VELOCITY false) or velocities in the current
 * mode of the static elements, into X (q or v of 2n entries: DST or
 * DST + n); the other entries of DST are set.  For positions, fc holds
 * f(t); for velocities ḟ(t) (or 0), the ground terms are those the
 * positions' solve stored.  The contact forces go to zlambda. */
void
lz_event_node_solve (LzEventIntegrator *self,
                     double             t,
                     double            *dst,
                     gboolean           velocity,
                     gboolean           fdot)
{
  guint n = self->n, nN = self->jn.nN, nc;
  const double *x = velocity ? dst + n : dst;

  node_factor (self);
  nc = self->st.s_nc;
  for (guint r = 0; r < nN; r++)
    {
      guint i = self->jn.iN[r];
      double b = velocity && !fdot ? 0 : self->jn.fc[i];

      for (guint j = 0; j < n; j++)
        if (self->jn.rN[j] < 0)
          b -= gsl_matrix_get (self->sm.K, i, j) * x[j];
      gsl_vector_set (self->st.Sb, r, b);
    }
  for (guint r = 0; r < self->st.nS; r++)
    {
      guint e = self->st.iS[r];
      const Elem *el = &self->el[e];
      double side = engaged_side (self->mode[e]), g0dd;

      if (!velocity)
        lz_element_law_ground (&self->el[e].law, t, &self->st.sg0[r], &self->st.sg0d[r], &g0dd);
      if (el->law.kind == LZ_ITEM_FRICTION)
        {
          /* slipping: the constant force ±F0 (−T w on the joints) */
          if (!velocity && self->mode[e] != LZ_MODE_STICK)
            node_add_w (self, el, -lz_event_mode_tension (self, e, 0, 0), self->st.Sb);
          continue;
        }
      if (el->law.kind != LZ_ITEM_STOP && side != 0)
        {
          double shift = velocity ? node_rest (self, el, x) + self->st.sg0d[r]
                         : node_rest (self, el, x) + self->st.sg0[r] - el->law.offset - side * el->law.freeplay;

          node_add_w (self, el, -el->law.k * shift, self->st.Sb);
        }
    }
  gsl_linalg_cholesky_svx (self->st.SA, self->st.Sb);
  if (nc > 0)
    {
      gsl_matrix_view G = gsl_matrix_submatrix (self->st.SG, 0, 0, nc, nc);
      gsl_matrix_view V = gsl_matrix_submatrix (self->st.SV, 0, 0, nc, nc);
      gsl_vector_view S = gsl_vector_subvector (self->st.SS, 0, nc);
      gsl_vector_view rr = gsl_vector_subvector (self->st.Sr, 0, nc);
      gsl_vector_view l = gsl_vector_subvector (self->st.Sl, 0, nc);

      for (guint j = 0; j < nc; j++)
        {
          guint e = self->st.s_con[j];
          const Elem *el = &self->el[e];
          guint r = 0;
          double target;

          while (self->st.iS[r] != e)
            r++;
          target = velocity ? -(node_rest (self, el, x) + self->st.sg0d[r])
                   : (el->law.kind == LZ_ITEM_FRICTION ? el->stick_g
                      : el->contact_upper ? el->law.upper : el->law.lower)
                     - node_rest (self, el, x) - self->st.sg0[r];
          gsl_vector_set (&rr.vector, j, target - node_wdot (self, el, self->st.Sb->data));
        }
      gsl_linalg_SV_solve (&G.matrix, &V.matrix, &S.vector, &rr.vector, &l.vector);
      for (guint j = 0; j < nc; j++)
        {
          gsl_vector_const_view col = gsl_matrix_const_column (self->st.SX, j);

          gsl_blas_daxpy (gsl_vector_get (&l.vector, j), &col.vector, self->st.Sb);
        }
    }
  for (guint r = 0; r < nN; r++)
    dst[(velocity ? n : 0) + self->jn.iN[r]] = gsl_vector_get (self->st.Sb, r);
  if (!velocity)
    {
      for (guint r = 0; r < self->st.nS; r++)
        if (self->el[self->st.iS[r]].law.kind == LZ_ITEM_STOP || self->el[self->st.iS[r]].law.kind == LZ_ITEM_FRICTION)
          self->jn.zlambda[self->st.iS[r]] = 0;
      for (guint j = 0; j < nc; j++)
        self->jn.zlambda[self->st.s_con[j]] = gsl_vector_get (self->st.Sl, j);
    }
}

/* The columns of static element R in the mixed LCP of
 * lz_event_node_select() from column COL on: its force on the joints and
 * its complementarity rows.  Returns the next free column. */
static guint
node_columns (LzEventIntegrator *self,
              double             t,
              const double      *y,
              guint              r,
              guint              col)
{
  guint e = self->st.iS[r];
  const Elem *el = &self->el[e];
  int ports[2] = { el->law.a >= 0 ? self->jn.rN[el->law.a] : -1, el->law.b >= 0 ? self->jn.rN[el->law.b] : -1 };
  double coef[2] = { -el->law.ca, el->law.cb };
  double g0, g0d, g0dd, c;
  /* per unknown: its force on the joints along w (balance column) and
   * what its complementary row reads of w·z, and that row's constant */
  double fcol[3], wrow[3], q[3];
  guint nv = 0;

  lz_element_law_ground (&self->el[e].law, t, &g0, &g0d, &g0dd);
  c = node_rest (self, el, y) + g0;
  if (el->law.kind == LZ_ITEM_FRICTION)
    {
      /* dry friction without viscosity, rigid-plastic: from where it
       * is (stuck: where it stuck) the coordinate moves by
       * Δg = ξ1 − ξ2 with paper 004's pair ξ1 ⊥ F0⁺ + F0⁻ − μ,
       * μ = F + F0⁻ ⊥ ξ2 = ξ1 − Δg; the force on the joints is
       * −F w = −μ w + F0⁻ w */
      double gcur = self->mode[e] == LZ_MODE_STICK ? el->stick_g : lz_element_law_g (&el->law, y, g0);

      if (self->st.s_excluded[e])
        {
          /* left free: no force (ξ1 = μ = 0) */
          gsl_matrix_set (self->st.sM, col, col, 1);
          gsl_vector_set (self->st.sq, col, 1);
          gsl_matrix_set (self->st.sM, col + 1, col + 1, 1);
          gsl_vector_set (self->st.sq, col + 1, 1);
          col += 2;
          return col;
        }
      for (guint i = 0; i < 2; i++)
        if (ports[i] >= 0)
          {
            *gsl_matrix_ptr (self->st.sM, ports[i], col + 1) += coef[i];
            *gsl_vector_ptr (self->st.sq, ports[i]) -= el->law.fneg * coef[i];
            *gsl_matrix_ptr (self->st.sM, col + 1, ports[i]) -= coef[i];
          }
      gsl_matrix_set (self->st.sM, col, col + 1, -1);
      gsl_vector_set (self->st.sq, col, el->law.fpos + el->law.fneg);
      gsl_matrix_set (self->st.sM, col + 1, col, 1);
      gsl_vector_set (self->st.sq, col + 1, gcur - c);
      col += 2;
      return col;
    }
  if (el->law.kind == LZ_ITEM_STOP)
    {
      if (isfinite (el->law.lower))
        {
          fcol[nv] = -1;           /* λ ≥ 0 pushes along +w */
          wrow[nv] = 1;            /* gap g − lower */
          q[nv++] = c - el->law.lower;
        }
      if (isfinite (el->law.upper))
        {
          fcol[nv] = 1;
          wrow[nv] = -1;           /* gap upper − g */
          q[nv++] = el->law.upper - c;
        }
    }
  else
    {
      /* p: luz's positive part, p ⊥ p − s + Δ; m: its negative part */
      fcol[nv] = el->law.k;
      wrow[nv] = -1;
      q[nv++] = el->law.freeplay - c + el->law.offset;
      fcol[nv] = -el->law.k;
      wrow[nv] = 1;
      q[nv++] = el->law.freeplay + c - el->law.offset;
    }
  for (guint v = 0; v < nv; v++, col++)
    {
      if (self->st.s_excluded[e])
        {
          /* left free: 0 ≤ λ ⊥ λ + 1 ≥ 0, no force */
          gsl_matrix_set (self->st.sM, col, col, 1);
          gsl_vector_set (self->st.sq, col, 1);
          continue;
        }
      for (guint i = 0; i < 2; i++)
        if (ports[i] >= 0)
          {
            *gsl_matrix_ptr (self->st.sM, ports[i], col) += fcol[v] * coef[i];
            *gsl_matrix_ptr (self->st.sM, col, ports[i]) += wrow[v] * coef[i];
          }
      if (el->law.kind != LZ_ITEM_STOP)
        gsl_matrix_set (self->st.sM, col, col, 1);
      gsl_vector_set (self->st.sq, col, q[v]);
    }
  return col;
}

/* The static elements' modes from the mixed LCP's solution (su, sw). */
static void
node_read_modes (LzEventIntegrator *self,
                 double             t,
                 const double      *y)
{
  guint col = self->jn.nN;

  for (guint r = 0; r < self->st.nS; r++)
    {
      guint e = self->st.iS[r];
      Elem *el = &self->el[e];

      if (el->law.kind == LZ_ITEM_FRICTION)
        {
          double xi1 = gsl_vector_get (self->st.su, col), mu = gsl_vector_get (self->st.su, col + 1);
          double xi2 = gsl_vector_get (self->st.sw, col + 1);
          LzMode to;

          col += 2;
          if (self->st.s_excluded[e])
            continue;                   /* its through-stop decides */
          /* Lemke's nonbasic variables are exact zeros: any ξ > 0 is a slip */
          to = xi1 > 0 ? LZ_MODE_SLIP_POS : mu <= 0 && xi2 > 0 ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
          if (to == LZ_MODE_STICK && self->mode[e] != LZ_MODE_STICK)
            {
              double g0, g0d, g0dd;

              lz_element_law_ground (&self->el[e].law, t, &g0, &g0d, &g0dd);
              el->stick_g = lz_element_law_g (&el->law, y, g0);
            }
          self->mode[e] = to;
          continue;
        }
      if (el->law.kind == LZ_ITEM_STOP)
        {
          double lo = isfinite (el->law.lower) ? gsl_vector_get (self->st.su, col++) : 0;
          double hi = isfinite (el->law.upper) ? gsl_vector_get (self->st.su, col++) : 0;

          self->mode[e] = lo > 0 || hi > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
          el->contact_upper = hi > lo;
        }
      else
        {
          double p = gsl_vector_get (self->st.su, col), m = gsl_vector_get (self->st.su, col + 1);

          col += 2;
          self->mode[e] = p > 0 ? LZ_MODE_ENGAGED_POS : m > 0 ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP;
        }
    }
}

/* The mode of the static elements at (t, y), from the mixed LCP of the
 * whole balance (see above); FALSE (and static_error) when it has no
 * solution. */
gboolean
lz_event_node_select (LzEventIntegrator *self,
                      double             t,
                      const double      *y)
{
  guint n = self->n, nN = self->jn.nN, col = nN;
  gsl_vector_view f = gsl_vector_view_array (self->jn.fc, n);
  g_autoptr(GError) local_error = NULL;

  if (self->st.nS == 0)
    return TRUE;
  gsl_matrix_set_zero (self->st.sM);
  gsl_vector_set_zero (self->st.sq);
  lz_assembly_eval_f (self->parent.assembly, t, &f.vector);
  /* 0 = K_NN z − (f_N − K_No q_o) + Σ (the static elements' forces) */
  for (guint r = 0; r < nN; r++)
    {
      guint i = self->jn.iN[r];
      double b = self->jn.fc[i];

      for (guint j = 0; j < n; j++)
        if (self->jn.rN[j] < 0)
          b -= gsl_matrix_get (self->sm.K, i, j) * y[j];
        else
          gsl_matrix_set (self->st.sM, r, self->jn.rN[j], gsl_matrix_get (self->sm.K, i, j));
      gsl_vector_set (self->st.sq, r, -b);
    }
  for (guint r = 0; r < self->st.nS; r++)
    col = node_columns (self, t, y, r, col);
  g_assert (col == nN + self->st.sL);
  if (!lz_mlcp_solve (self->st.sM, self->st.sq, nN, self->st.su, self->st.sw, NULL, &local_error))
    {
      const Elem *el = &self->el[self->st.iS[0]];
      int z = el->law.a >= 0 && self->jn.rN[el->law.a] >= 0 ? el->law.a : el->law.b;

      g_free (self->st.static_error);
      self->st.static_error = g_strdup_printf (_("at t = %.10g s the massless body “%s” has no balance "
                                              "that its springs with freeplay, stops and dry friction "
                                              "allow: %s"),
                                            t, lz_assembly_get_dof_name (self->parent.assembly, z),
                                            local_error->message);
      return FALSE;
    }
  node_read_modes (self, t, y);
  return TRUE;
}

/* The force on massless body I of the elements outside K and C: springs
 * with freeplay by their mode, slipping friction, the constraint forces of
 * the static elements (a stop in contact, a stuck friction element on an
 * undamped joint) — not a damped joint's own stops, which
 * the caller solves for. */
double
lz_event_massless_extra (LzEventIntegrator *self,
                         guint              i,
                         double             t,
                         const double      *q)
{
  double s = 0;

  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double w, T, g0, g0d, g0dd;

      if ((el->law.a < 0 || (guint) el->law.a != i) && (el->law.b < 0 || (guint) el->law.b != i))
        continue;
      /* (a damped joint's slipping friction pushes with its level here) */
      if (self->dj.is_dstop[e] && !(el->law.kind == LZ_ITEM_FRICTION && self->mode[e] != LZ_MODE_STICK))
        continue;
      if (!(el->law.kind == LZ_ITEM_FRICTION || el->law.kind == LZ_ITEM_STOP || (el->law.k > 0 && el->law.freeplay > 0)))
        continue;
      w = (el->law.b >= 0 && (guint) el->law.b == i ? el->law.cb : 0) - (el->law.a >= 0 && (guint) el->law.a == i ? el->law.ca : 0);
      if (self->st.is_static[e]
          && (el->law.kind == LZ_ITEM_STOP || (el->law.kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK)))
        T = -self->jn.zlambda[e];
      else if (el->law.kind == LZ_ITEM_STOP)
        continue;
      else
        {
          lz_element_law_ground (&self->el[e].law, t, &g0, &g0d, &g0dd);
          T = lz_event_mode_tension (self, e, lz_element_law_g (&el->law, q, g0), 0);
        }
      s -= T * w;
    }
  return s;
}

/* The direction w of element EL on the D joints (its coefficients on
 * their rows) into self->dj.Dcol; with COL, C_DD⁻¹ w into COL too. */
static void
d_column (LzEventIntegrator *self,
          const Elem        *el,
          gsl_vector        *col)
{
  gsl_vector_set_zero (self->dj.Dcol);
  if (el->law.b >= 0 && self->jn.rD[el->law.b] >= 0)
    *gsl_vector_ptr (self->dj.Dcol, self->jn.rD[el->law.b]) += el->law.cb;
  if (el->law.a >= 0 && self->jn.rD[el->law.a] >= 0)
    *gsl_vector_ptr (self->dj.Dcol, self->jn.rD[el->law.a]) -= el->law.ca;
  if (col != NULL)
    gsl_linalg_LU_solve (self->jn.CDD, self->jn.pD, self->dj.Dcol, col);
}

/* wᵀ X[:, j], w the direction of element EL on the D joints */
static double
d_dot (const LzEventIntegrator *self,
       const Elem              *el,
       const gsl_matrix        *X,
       guint                    j)
{
  double s = 0;

  if (el->law.b >= 0 && self->jn.rD[el->law.b] >= 0)
    s += el->law.cb * gsl_matrix_get (X, self->jn.rD[el->law.b], j);
  if (el->law.a >= 0 && self->jn.rD[el->law.a] >= 0)
    s -= el->law.ca * gsl_matrix_get (X, self->jn.rD[el->law.a], j);
  return s;
}

/* The velocities of the D joints with their stops in contact: C_DD v_D =
 * b_D + W λ with Wᵀ v_D + (the rest of ġ) = 0, by the Schur complement
 * Wᵀ C_DD⁻¹ W (a pseudo-inverse when contacts coincide); x holds C_DD⁻¹
 * b_D on entry, v_D on return; λ goes to zlambda. */
void
lz_event_dstop_solve (LzEventIntegrator *self,
                      double             t,
                      const double      *dst,
                      gsl_vector        *x)
{
  guint n = self->n, nc = 0;
  guint *con = self->dj.dcon;

  for (guint s = 0; s < self->dj.nDS; s++)
    {
      guint e = self->dj.iDS[s];
      const Elem *el = &self->el[e];

      self->jn.zlambda[e] = 0;
      if (el->law.kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && el->shadowed)
        {
          /* along a stop in contact: at its level (x += λ C_DD⁻¹ w) */
          gsl_vector_view col = gsl_matrix_column (self->dj.DX, 0);

          d_column (self, el, &col.vector);
          gsl_blas_daxpy (el->shadow_lambda, &col.vector, x);
          self->jn.zlambda[e] = el->shadow_lambda;
        }
      if ((self->mode[e] == LZ_MODE_CONTACT && !carried (self, e))
          || (el->law.kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && !el->shadowed
              && !carried (self, e)))
        con[nc++] = e;
    }
  if (nc == 0)
    return;
  {
    gsl_matrix_view G = gsl_matrix_submatrix (self->dj.DG, 0, 0, nc, nc);
    gsl_matrix_view V = gsl_matrix_submatrix (self->dj.DV, 0, 0, nc, nc);
    gsl_vector_view S = gsl_vector_subvector (self->dj.DS, 0, nc);
    gsl_vector_view work = gsl_vector_subvector (self->dj.Dwork, 0, nc);
    gsl_vector_view rr = gsl_vector_subvector (self->dj.Dr, 0, nc);
    gsl_vector_view l = gsl_vector_subvector (self->dj.Dl, 0, nc);

    for (guint j = 0; j < nc; j++)
      {
        const Elem *el = &self->el[con[j]];
        gsl_vector_view col = gsl_matrix_column (self->dj.DX, j);
        double g0, g0d, g0dd, rest, wx;

        /* ġ = wᵀ v_D + the rest (the other ports, the ground) */
        lz_element_law_ground (&self->el[con[j]].law, t, &g0, &g0d, &g0dd);
        rest = g0d + (el->law.b >= 0 && self->jn.rD[el->law.b] < 0 ? el->law.cb * dst[n + el->law.b] : 0)
               - (el->law.a >= 0 && self->jn.rD[el->law.a] < 0 ? el->law.ca * dst[n + el->law.a] : 0);
        d_column (self, el, NULL);
        gsl_blas_ddot (self->dj.Dcol, x, &wx);
        gsl_vector_set (&rr.vector, j, -rest - wx);
        gsl_linalg_LU_solve (self->jn.CDD, self->jn.pD, self->dj.Dcol, &col.vector);
      }
    for (guint i = 0; i < nc; i++)
      for (guint j = 0; j < nc; j++)
        gsl_matrix_set (&G.matrix, i, j, d_dot (self, &self->el[con[i]], self->dj.DX, j));
    /* (G's diagonal in l until the solve) */
    for (guint i = 0; i < nc; i++)
      gsl_vector_set (&l.vector, i, gsl_matrix_get (&G.matrix, i, i));
    gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &S.vector, &work.vector);
    sv_zero (self, &S.vector, &V.matrix, l.vector.data);
    gsl_linalg_SV_solve (&G.matrix, &V.matrix, &S.vector, &rr.vector, &l.vector);
    for (guint j = 0; j < nc; j++)
      {
        gsl_vector_const_view col = gsl_matrix_const_column (self->dj.DX, j);

        gsl_blas_daxpy (gsl_vector_get (&l.vector, j), &col.vector, x);
        self->jn.zlambda[con[j]] = gsl_vector_get (&l.vector, j);
      }
  }
}

/* The velocity-level problem of the D joints' stops and dry friction at
 * (t, y): their velocities are algebraic (no momentum, no impact) — the
 * joints' free velocities u_free, the forces λ along the elements'
 * directions W,
 *
 *   u = u_free + Wᵀ C_DD⁻¹ W λ,
 *   a stop at a limit:   0 ≤ ±λ ⊥ ±u ≥ 0,
 *   a friction element:  −F₊ ≤ λ ≤ F₋, u ≥ 0 at −F₊, u ≤ 0 at F₋, else u = 0,
 *
 * the minimum of ½ vᵀ C_DD v − bᵀ v + Σ F·|u| over the admissible v (the
 * sweeping process of paper 003 §3.2).  The friction box becomes
 * complementarity with λ = −F₊ + μ, μ ∈ [0, F₊ + F₋]: μ ⊥ u + ν, ν ⊥
 * F₊ + F₋ − μ; the LCP is copositive-plus, Lemke solves it.  dj.cand
 * holds the M elements, dj.kind says how each takes part (DV_STOP with
 * dj.sgn the limit's side, DV_FRICTION, or DV_FIXED: the force dj.lam
 * holds on entry); dj.lam and dj.u get λ and u.  Leaves the modes of the
 * D elements free/stuck. */
/* The D joints' problem: a mode undecided at t is decided DV_LATER_REL·
 * max(T, t) later; a friction force within DV_LEVEL_REL·max(F, F0) of a
 * level is on it (F the element's force scale, lz-event-units.h); a stop
 * pushing less than DV_PUSH_REL of the largest force pushes nothing
 * (push_scale()). */
#define DV_LATER_REL 1e-7
#define DV_LEVEL_REL 1e-9
#define DV_PUSH_REL 1e-12

enum { DV_STOP, DV_FRICTION, DV_FIXED };

/* Element E's units in dvel_solve()'s LCP, its force (*FORCE) and its
 * velocity (*SPEED): its own scales in a model that mixes kinds — the
 * LCP's unknowns then pure numbers, where a rack's N and m/s and a
 * shaft's N·m and rad/s, 10^12 apart, met Lemke's pivot tolerances (a
 * shaft's friction slipped where it sticks) — else 1: the same
 * arithmetic. */
static void
dvel_units (const LzEventIntegrator *self,
            guint                    e,
            double                  *force,
            double                  *speed)
{
  gboolean mixed = self->parent.scales.mixed;

  *force = mixed ? lz_event_unit_force (self, &self->el[e]) : 1;
  *speed = mixed ? lz_event_unit_speed (self, &self->el[e]) : 1;
}

static gboolean
dvel_solve (LzEventIntegrator *self,
            double             t,
            const double      *y,
            guint              m)
{
  const guint *cand = self->dj.cand;
  const int *kind = self->dj.kind;
  const double *sgn = self->dj.sgn;
  double *lam = self->dj.lam, *u = self->dj.u;
  guint n = self->n, nD = self->jn.nD, L = 0;
  g_autoptr(gsl_matrix) A = gsl_matrix_calloc (m, m);
  g_autoptr(gsl_matrix) X = gsl_matrix_calloc (nD, m);
  int *var = self->dj.var;
  double *lo = self->dj.lo;
  guint nf = 0;
  gboolean ok = TRUE;

  /* the free velocities: stops free, friction neither held nor pushing */
  for (guint s = 0; s < self->dj.nDS; s++)
    {
      guint e = self->dj.iDS[s];

      self->mode[e] = self->el[e].law.kind == LZ_ITEM_STOP ? LZ_MODE_FREE : LZ_MODE_STICK;
    }
  self->dj.d_free = TRUE;
  lz_event_condense (self, t, y, self->jn.yc, FALSE);
  self->dj.d_free = FALSE;
  /* A = Wᵀ C_DD⁻¹ W */
  for (guint j = 0; j < m; j++)
    {
      const Elem *el = &self->el[cand[j]];
      gsl_vector_view col = gsl_matrix_column (X, j);
      double g0, g0d, g0dd;

      lz_element_law_ground (&self->el[cand[j]].law, t, &g0, &g0d, &g0dd);
      u[j] = lz_element_law_g (&el->law, self->jn.yc + n, g0d);
      d_column (self, el, &col.vector);
      lo[j] = kind[j] == DV_FIXED ? lam[j] : kind[j] == DV_FRICTION ? -el->law.fpos : 0;
      var[j] = kind[j] == DV_FIXED ? -1 : (int) L++;
      nf += kind[j] == DV_FRICTION;
    }
  for (guint i = 0; i < m; i++)
    for (guint j = 0; j < m; j++)
      gsl_matrix_set (A, i, j, d_dot (self, &self->el[cand[i]], X, j));
  if (L > 0)
    {
      /* z = (±λ of the stops and μ of the friction, in CAND's order; then
       * ν of the friction) */
      g_autoptr(gsl_matrix) M = gsl_matrix_calloc (L + nf, L + nf);
      g_autoptr(gsl_vector) q = gsl_vector_alloc (L + nf);
      g_autoptr(gsl_vector) z = gsl_vector_alloc (L + nf);
      g_autoptr(gsl_vector) w = gsl_vector_alloc (L + nf);
      guint f = 0;

      for (guint i = 0; i < m; i++)
        {
          double qi = u[i], si = kind[i] == DV_STOP ? sgn[i] : 1, Fi, Vi;

          if (var[i] < 0)
            continue;
          dvel_units (self, cand[i], &Fi, &Vi);
          for (guint j = 0; j < m; j++)
            {
              double Fj, Vj;

              dvel_units (self, cand[j], &Fj, &Vj);
              if (kind[j] != DV_STOP)
                qi += gsl_matrix_get (A, i, j) * lo[j];
              if (var[j] >= 0)
                gsl_matrix_set (M, var[i], var[j],
                                si * gsl_matrix_get (A, i, j) * (kind[j] == DV_STOP ? sgn[j] : 1) * Fj / Vi);
            }
          gsl_vector_set (q, var[i], si * qi / Vi);
          if (kind[i] == DV_FRICTION)
            {
              const Elem *el = &self->el[cand[i]];

              gsl_matrix_set (M, var[i], L + f, 1);
              gsl_matrix_set (M, L + f, var[i], -1);
              gsl_vector_set (q, L + f, (el->law.fpos + el->law.fneg) / Fi);
              f++;
            }
        }
      ok = lz_lcp_solve_lemke (M, q, z, w, NULL, NULL);
      for (guint j = 0; j < m; j++)
        if (var[j] >= 0)
          {
            double Fj, Vj;

            dvel_units (self, cand[j], &Fj, &Vj);
            lam[j] = !ok ? 0 : kind[j] == DV_STOP ? sgn[j] * gsl_vector_get (z, var[j]) * Fj
                                                   : lo[j] + gsl_vector_get (z, var[j]) * Fj;
          }
    }
  for (guint j = 0; j < m; j++)
    if (kind[j] == DV_FIXED)
      lam[j] = lo[j];
  for (guint j = 0; j < m && ok; j++)
    for (guint k = 0; k < m; k++)
      u[j] += gsl_matrix_get (A, j, k) * lam[k];
  return ok;
}

/* A friction element of the D joints along a stop on the same ports and
 * ground: redundant with it in contact.  The convention:
 * the friction element holds up to its level, the stop the rest. */
gboolean
lz_event_dv_along (const Elem *f,
                   const Elem *s)
{
  return f->law.kind == LZ_ITEM_FRICTION && s->law.kind == LZ_ITEM_STOP && lz_event_parallel (f, s)
         && f->law.xa == s->law.xa && f->law.xb == s->law.xb;
}

/* The force of friction element F at its level, pushing the way stop S in
 * contact pushes (sign SX: +1 at the lower limit). */
double
lz_event_dv_level_along (const Elem *f,
                         const Elem *s,
                         double      sx)
{
  double ratio = f->law.b >= 0 ? f->law.cb / s->law.cb : f->law.ca / s->law.ca;

  return sx * ratio > 0 ? f->law.fneg : -f->law.fpos;
}

/* The D elements left open at T (open: a slip velocity zero with the
 * force on a level, a stop touching and pushing nothing): their modes from
 * the problem a moment later, the state moved on in these modes. */
static void
dvel_later (LzEventIntegrator *self,
            double             t,
            double            *y,
            guint              m)
{
  guint n = self->n, *cand = self->dj.cand;
  int *kind = self->dj.kind;
  double *sgn = self->dj.sgn, *lam = self->dj.lam;
  gboolean *open = self->dj.open;

  /* a moment later, the state moved on in these modes */
  double dt = DV_LATER_REL * lz_scales_time_unit (&self->parent.scales, t);
  double *yp = self->dj.yp, *dy = self->dj.dy;
  LzMode *keep = self->dj.keep;

  memcpy (yp, y, (2 * n + 3) * sizeof (double));

  for (guint j = 0; j < m; j++)
    if (open[j])
      self->mode[cand[j]] = kind[j] == DV_STOP ? LZ_MODE_CONTACT : LZ_MODE_STICK;
  memcpy (keep, self->mode, self->ne * sizeof (LzMode));
  lz_event_rhs (t, y, dy, self);
  for (guint i = 0; i < 2 * n; i++)
    yp[i] += dt * dy[i];
  if (dvel_solve (self, t + dt, yp, m))
    for (guint j = 0; j < m; j++)
      {
        const Elem *el = &self->el[cand[j]];
        double tol = DV_LEVEL_REL * MAX (lz_event_unit_force (self, el), MAX (el->law.fpos, el->law.fneg));

        if (!open[j])
          continue;
        if (kind[j] == DV_STOP)
          keep[cand[j]] = sgn[j] * lam[j] > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
        else
          keep[cand[j]] = lam[j] <= -el->law.fpos + tol ? LZ_MODE_SLIP_POS
                          : lam[j] >= el->law.fneg - tol ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
      }
  memcpy (self->mode, keep, self->ne * sizeof (LzMode));
}

/* The largest force of the M candidates of dvel_solve() (a stop's λ, a
 * friction's level), at least the model's force scale F in a model of one
 * kind (not 1 N: a model in other units pushes nothing at the same
 * forces); in a model that mixes kinds each in its own force scale
 * (lz-event-units.h), whose ratio it is then, at least 1. */
static double
push_scale (const LzEventIntegrator *self,
            guint                    m)
{
  double scale = self->parent.scales.mixed ? 1 : self->parent.scales.force;

  for (guint j = 0; j < m; j++)
    {
      const Elem *el = &self->el[self->dj.cand[j]];
      double f = self->dj.kind[j] == DV_STOP ? fabs (self->dj.lam[j]) : MAX (el->law.fpos, el->law.fneg);

      scale = MAX (scale, self->parent.scales.mixed ? f / lz_event_unit_force (self, el) : f);
    }
  return scale;
}

/* The modes of the D joints' stops and dry friction at (t, y), together,
 * by dvel_solve(): a stop at a limit is in contact while it pushes; a
 * friction element is stuck while its force is inside its levels,
 * slipping the way it moves when on one.  A stop with a friction element
 * along it comes in only where the friction element cannot hold (then
 * that one at its level, the stop the rest).  Where a mode is undecided
 * at t — slip velocity zero and the force on a level (a friction element
 * that reaches its level, or whose partner turns round while a stop holds
 * its body), or a stop that touches pushing nothing — the problem a
 * moment later decides: the modes it gives. */
void
lz_event_dvel_select (LzEventIntegrator *self,
                      double             t,
                      double            *y,
                      double             pos_tol,
                      double             v_tol)
{
  guint m = 0;
  guint *cand = self->dj.cand;
  int *kind = self->dj.kind, *pair = self->dj.pair;
  double *sgn = self->dj.sgn, *lam = self->dj.lam, *u = self->dj.u;
  gboolean *open = self->dj.open;
  gboolean ok, any_open = FALSE, stage_b = FALSE;
  double scale;

  if (self->dj.nDS == 0)
    return;
  /* the candidates: stops at a limit (the others free; their ports are D
   * joints, bodies with mass and grounds, whose positions y has), every
   * friction element */
  for (guint s = 0; s < self->dj.nDS; s++)
    if (self->el[self->dj.iDS[s]].law.kind == LZ_ITEM_STOP)
      self->mode[self->dj.iDS[s]] = LZ_MODE_FREE;
  for (guint s = 0; s < self->dj.nDS; s++)
    {
      guint e = self->dj.iDS[s];
      Elem *el = &self->el[e];
      double g0, g0d, g0dd, g;

      sgn[m] = 1;
      kind[m] = el->law.kind == LZ_ITEM_STOP ? DV_STOP : DV_FRICTION;
      if (self->st.s_excluded[e])
        continue;                       /* left to its through-stop */
      if (el->law.kind == LZ_ITEM_STOP)
        {
          lz_element_law_ground (&self->el[e].law, t, &g0, &g0d, &g0dd);
          g = lz_element_law_g (&el->law, y, g0);
          el->contact_upper = FALSE;
          if (isfinite (el->law.lower) && g - el->law.lower <= lz_event_tol_of (self, el, pos_tol))
            sgn[m] = 1;
          else if (isfinite (el->law.upper) && el->law.upper - g <= lz_event_tol_of (self, el, pos_tol))
            {
              sgn[m] = -1;
              el->contact_upper = TRUE;
            }
          else
            continue;
        }
      cand[m++] = e;
    }
  if (m == 0)
    return;
  /* a stop with a friction element along it: first without it */
  for (guint j = 0; j < m; j++)
    {
      pair[j] = -1;
      for (guint k = 0; k < m && kind[j] == DV_STOP && pair[j] < 0; k++)
        if (lz_event_dv_along (&self->el[cand[k]], &self->el[cand[j]]))
          pair[j] = (int) k;
      if (pair[j] >= 0)
        {
          kind[j] = DV_FIXED;
          lam[j] = 0;
        }
    }
  ok = dvel_solve (self, t, y, m);
  for (guint j = 0; j < m && ok; j++)
    if (pair[j] >= 0 && sgn[j] * u[j] < -lz_event_tol_of (self, &self->el[cand[j]], v_tol))
      {
        /* the friction element cannot hold: at its level, the stop in */
        kind[j] = DV_STOP;
        kind[pair[j]] = DV_FIXED;
        lam[pair[j]] = lz_event_dv_level_along (&self->el[cand[pair[j]]], &self->el[cand[j]], sgn[j]);
        stage_b = TRUE;
      }
  if (stage_b)
    ok = dvel_solve (self, t, y, m);
  scale = push_scale (self, m);
  for (guint j = 0; j < m; j++)
    {
      guint e = cand[j];
      const Elem *el = &self->el[e];
      double tol = DV_LEVEL_REL * MAX (lz_event_unit_force (self, el), MAX (el->law.fpos, el->law.fneg));
      double v_tol_j = lz_event_tol_of (self, el, v_tol);
      /* (the push's unit: its own force scale where they differ) */
      double push_tol = DV_PUSH_REL * scale * (self->parent.scales.mixed ? lz_event_unit_force (self, el) : 1);

      open[j] = FALSE;
      if (el->law.kind == LZ_ITEM_STOP && kind[j] == DV_FIXED)
        self->mode[e] = LZ_MODE_FREE;   /* its friction element holds */
      else if (el->law.kind == LZ_ITEM_FRICTION && kind[j] == DV_FIXED)
        self->mode[e] = LZ_MODE_STICK;  /* along its stop, at its level */
      else if (kind[j] == DV_STOP && ok && sgn[j] * lam[j] <= push_tol && fabs (u[j]) <= v_tol_j)
        open[j] = any_open = TRUE;      /* touching, pushing nothing */
      else if (kind[j] == DV_STOP)
        self->mode[e] = !ok || sgn[j] * lam[j] > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
      else if (!ok || u[j] > v_tol_j || u[j] < -v_tol_j)
        self->mode[e] = u[j] > v_tol_j ? LZ_MODE_SLIP_POS : u[j] < -v_tol_j ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
      else if (lam[j] > -el->law.fpos + tol && lam[j] < el->law.fneg - tol)
        self->mode[e] = LZ_MODE_STICK;
      else
        open[j] = any_open = TRUE;
    }
  if (any_open)
    dvel_later (self, t, y, m);
}

/* The D joints' stops in contact exactly on their limits (the located
 * instant may be a hair past): the smallest shift of the joints. */
void
lz_event_dstop_project (LzEventIntegrator *self,
                        double             t,
                        double            *y)
{
  for (guint s = 0; s < self->dj.nDS; s++)
    {
      guint e = self->dj.iDS[s];
      const Elem *el = &self->el[e];
      double g0, g0d, g0dd, r, d = 0;

      if (self->mode[e] != LZ_MODE_CONTACT)
        continue;
      lz_element_law_ground (&self->el[e].law, t, &g0, &g0d, &g0dd);
      r = (el->contact_upper ? el->law.upper : el->law.lower) - lz_element_law_g (&el->law, y, g0);
      if (el->law.b >= 0 && self->jn.rD[el->law.b] >= 0)
        d += el->law.cb * el->law.cb;
      if (el->law.a >= 0 && self->jn.rD[el->law.a] >= 0)
        d += el->law.ca * el->law.ca;
      if (el->law.b >= 0 && self->jn.rD[el->law.b] >= 0)
        y[el->law.b] += r * el->law.cb / d;
      if (el->law.a >= 0 && self->jn.rD[el->law.a] >= 0)
        y[el->law.a] -= r * el->law.ca / d;
    }
}
