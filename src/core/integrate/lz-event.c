/* lz-event.c — event-driven integration with exact mode switches
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Inside a mode every element law is linear: a slipping friction element
 * pushes with ±F0 (plus its viscous part in C), a stuck one and a stop in
 * contact are bilateral constraints ġ = 0 (g = limit) with a multiplier,
 * a freeplay spring is either slack or a linear spring offset by ±Δ.  The
 * smooth motion is integrated by GSL's rk8pd at the model's tolerances,
 * the constraint forces coming from the acceleration-level equations
 * Hc M⁻¹ Hcᵀ λ = −(Hc a_free + g̈0) (a pseudo-inverse when directions
 * coincide, e.g. a stuck friction element on a body resting on a stop).
 *
 * Each mode has guard functions: the force of a stuck element against its
 * levels, the slip velocity, the gap of a free stop, the contact force,
 * the distance to a freeplay boundary.  After each accepted step the
 * guards are checked; a sign change is located by the Illinois method,
 * every trial re-integrating from the start of the step, until the
 * bracket is below 1e-12·max(1, t) s.  At the event:
 *   1. impacts (a stop reaching its limit with approach velocity) are
 *      resolved by Newton's law with an impulse LCP over every stop at its
 *      limit (simultaneous impacts, persistent contacts transmitting);
 *   2. the new mode is selected by the acceleration-level LCP over the
 *      candidates (stops at their limit, friction with ġ = 0): contact
 *      forces λ ⊥ g̈, and paper 004's pairs (ξ1, μ = F + F0⁻) for
 *      friction — the S-S procedure of paper 000, solved by Lemke;
 *   3. velocities (and contact positions) are projected onto the new
 *      constraints, and the changes are logged as events.
 * A stop in contact is kept at acceleration level, so it has two more
 * guards: its approach velocity (a moving limit whose velocity jumps —
 * a kink of the ground's motion, the road hitting a resting tyre — makes
 * ġ jump below zero; the instant is located by bisection on the jump, and
 * handle_event() resolves it as an impact with the stop's restitution)
 * and its gap (drift below the limit is re-projected, never left to
 * persist).
 * An impact whose approach speed is below 1e-3 of the run's velocity
 * scale (rest_v_tol()) is no bounce: the stop becomes a persistent
 * contact (cause "zeno") — the end of a Zeno sequence (with e < 1 the
 * rest of the geometric series is spent in contact), and the end of the
 * chatter of a body resting with e = 1 on a stop under a stiff load,
 * whose micro-impacts would otherwise never decay.  Above it Newton's
 * law holds unchanged.
 *
 * The energy balance integrates the dissipated powers and the work of the
 * sources with the motion (three extra ODE components); impacts add the
 * kinetic energy they take relative to the limit: a moving ground's work
 * on an impulse (of an impact or of a projection onto a contact) is a
 * work of the sources.
 *
 * Massless bodies (singular M, paper 002) carry no momentum: condense()
 * solves them from the others at every evaluation — held by linear
 * springs (algebraic), by dampers (first order: ż from C_DD ż = F, with
 * springs with freeplay by their mode, stops in contact and stuck dry
 * friction as velocity constraints, slipping friction as its level, see
 * dstop_solve() and dvel_select(); with a viscous friction element that
 * damps it alone, paper 003's non-inertial element), and, without
 * damping, with springs with freeplay, stops and
 * dry friction (rigid-plastic) as the unknowns of a static
 * complementarity problem whose mode switches are events (see
 * node_solve()).  Two stops in series through a massless body (either
 * kind), from it to a body with mass and to another anchor, stop that
 * body when both are at their limits: a through-stop between the two
 * anchors (see Through) takes the impacts, the contact force and the
 * lift-off; a stop and dry friction, a through friction, the stick and
 * the slip.
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-error.h"
#include "lz-integrator-private.h"
#include "lz-lcp.h"
#include "lz-luz.h"
#include "lz-model-private.h"
#include "lz-simplify-private.h"

#define MAX_GUARDS 3

typedef struct
{
  const LzElement *element;
  LzItemKind kind;
  int     a, b;               /* dofs or −1 */
  double  ca, cb;
  const LzExpr *xa, *xb;      /* ground motions of ground ports, or NULL */
  double  k, c, freeplay, offset;
  double  fpos, fneg;         /* friction levels */
  double  lower, upper, e;    /* stop */
  gboolean contact_upper;     /* a stop in contact: which limit */
  gboolean shadowed;          /* a stuck friction element along an active contact */
  double   shadow_lambda;     /* (on a D joint: the force it holds there, its level) */
  double  stick_g;            /* a stuck friction element on a massless body: its g */
} Elem;

/* Two stops in series through a massless body z (undamped, or damped by
 * dampers): K from z to a body with mass, R from z to another anchor.
 * Both at their limits, they stop that body against the anchor: their
 * gaps' sum g_V = α·gap_K + β·gap_R (α, β > 0 cancel z) is the gap of a
 * stop V between the two outside ports, an element with mass like any
 * other (impacts, contact force, lift-off).  While V is in contact the
 * balance of z keeps K and leaves R out (V holds it); the forces of the
 * pair are then λ_K + α λ_V along K and β λ_V along R.
 * With R dry friction, V is a friction element on the same terms while
 * K is in contact (mode NONE otherwise), R in its mode: stuck, V holds
 * the body with mass (R left out); slipping, R pushes with its level
 * and V adds nothing (mode_tension()). */
typedef struct
{
  guint   k, r, v;            /* the elements K, R and the through-stop V */
  gboolean friction;          /* R is dry friction (V too) */
  double  ka, rb;             /* g_V = ka·g_K + rb·g_R + const: ka = ±α, rb = ±β */
  double  sk, sr;             /* +1 a lower limit, −1 an upper one */
  LzMode  cached_v;           /* V's mode node_factor() factored for */
} Through;

typedef struct
{
  LzIntegrator parent;

  guint   n, ne, nc;
  double *mass;
  gsl_matrix *K, *C;
  Elem   *el;
  LzMode *mode;
  /* the active constraints of the mode */
  guint  *con;                /* element indices */
  gsl_matrix *G, *V;          /* Hc M⁻¹ Hcᵀ = U S Vᵀ (U in G) */
  gsl_vector *S, *work, *rhs_c, *lambda;
  /* ODE: y = (q, v, E_damping, E_friction, E_sources) */
  gsl_odeiv2_system sys;
  gsl_odeiv2_step *step;
  gsl_odeiv2_control *control;
  gsl_odeiv2_evolve *evolve;
  gsl_odeiv2_driver *driver;
  double *y, *y0, *yt, *dydt, *dydt0, *dydt1;
  double  h_try;
  double  rtol, atol;
  double  e_impacts, energy0, v_scale;
  double  next_sample;
  double  last_impact_speed;  /* per run, for the Zeno test */
  double *fv;                 /* n, workspace */
  double *a;                  /* n */
  double *g0, *g0d, *g0dd;    /* per element, at the current t */
  double *force, *gv, *gdv;   /* per element, for the trace */
  LzMode *new_mode;
  gboolean *impacted;
  double *impact_speed;       /* per element: approach speed of its last impact */
  double *prev_impact_t, *prev_impact_speed;
  double  last_event_t;
  guint   events_at_same_t;
  gboolean pending_event;     /* select a mode before the next step */
  gboolean min_jumps;         /* min_guard()'s guard is a contact's velocity (it may jump) */
  /* massless joints of linear springs (N) and of dampers (D) */
  guint   nN, nD;
  guint  *iN, *iD;
  gsl_matrix *KNN, *CDD;      /* LU factors */
  gsl_permutation *pN, *pD;
  gsl_vector *bN, *bD, *xN, *xD;
  double *yc;                 /* 2n: the state with the massless entries solved */
  double *zlambda;            /* per element: the force of a massless body's stop or stuck friction */
  double *fc;                 /* n: f(t) for them */
  /* springs with freeplay and stops on the N joints ("static" elements):
   * the joints solve a static complementarity problem, see node_select() */
  guint   nS;
  guint  *iS;                 /* the static elements */
  gboolean *is_static;        /* per element */
  int    *rN;                 /* per dof: its row among the N joints, or −1 */
  double *sg0, *sg0d;         /* per static element: ground terms at the solve's t */
  LzMode *s_cached;           /* per static element: the modes SA… are for */
  gboolean s_valid;
  guint   s_nc;               /* the stops in contact of that mode */
  guint  *s_con;              /* their elements */
  gsl_matrix *SA;             /* Cholesky factor of K_NN + Σ_engaged k w wᵀ */
  gsl_matrix *SX;             /* A⁻¹ B, B the contacts' directions (nN × nS) */
  gsl_matrix *SG, *SV;        /* Bᵀ A⁻¹ B = U S Vᵀ (U in SG) */
  gsl_vector *SS, *Swork, *Sb, *Sr, *Sl;
  guint   sL;                 /* complementarity pairs of the selection */
  gsl_matrix *sM;             /* the selection's mixed LCP, (nN + sL)² */
  gsl_vector *sq, *su, *sw;
  char   *static_error;       /* a selection that failed, for event_step */
  guint   nSF;                /* friction elements among the static ones */
  /* stops on the D joints (first order): in contact a velocity constraint */
  guint   nDS;
  guint  *iDS;                /* those stops */
  gboolean *is_dstop;         /* per element */
  int    *rD;                 /* per dof: its row among the D joints, or −1 */
  gsl_matrix *DX, *DG, *DV;   /* C_DD⁻¹ W (nD × nDS), Wᵀ C_DD⁻¹ W = U S Vᵀ (U in DG) */
  gsl_vector *DS, *Dwork, *Dr, *Dl, *Dcol;
  gboolean d_free;            /* condense() leaves the D constraints out */
  /* a body with mass stopped through a massless body (see through_sync()) */
  guint   nm;                 /* the model's elements (the rest of el are through-stops) */
  guint   nT;
  Through *through;
  gboolean *s_excluded;       /* per element: node_select() leaves it free */
} LzEvent_;

typedef LzEvent_ LzEventIntegrator;

static gboolean parallel (const Elem *x,
                          const Elem *y);
static gboolean dv_along (const Elem *f,
                          const Elem *s);
static double dv_level_along (const Elem *f,
                              const Elem *s,
                              double      sx);
static double mode_tension (const LzEventIntegrator *self,
                            guint                    e,
                            double                   g,
                            double                   gd);

static void
ground_terms (const LzEventIntegrator *self,
              guint                    e,
              double                   t,
              double                  *g0,
              double                  *g0d,
              double                  *g0dd)
{
  const Elem *el = &self->el[e];
  double x = 0, xd = 0, xdd = 0;

  if (el->xb != NULL)
    {
      x += el->cb * lz_expr_eval (el->xb, t);
      xd += el->cb * lz_expr_eval_d1 (el->xb, t);
      xdd += el->cb * lz_expr_eval_d2 (el->xb, t);
    }
  if (el->xa != NULL)
    {
      x -= el->ca * lz_expr_eval (el->xa, t);
      xd -= el->ca * lz_expr_eval_d1 (el->xa, t);
      xdd -= el->ca * lz_expr_eval_d2 (el->xa, t);
    }
  *g0 = x;
  *g0d = xd;
  *g0dd = xdd;
}

/* g of element EL at the positions Q (by dof) with the ground's part G0 */
static double
elem_g (const Elem   *el,
        const double *q,
        double        g0)
{
  return (el->b >= 0 ? el->cb * q[el->b] : 0) - (el->a >= 0 ? el->ca * q[el->a] : 0) + g0;
}

/* ------------------------------------------------------------------------ */
/* Massless joints with springs with freeplay and stops                      */

/* A massless joint without damping (N) carries no momentum: it sits where
 * its elements balance, given the other coordinates.  Springs with
 * freeplay and stops among them ("static" elements) make that balance a
 * static complementarity problem with the joints as algebraic unknowns
 * (paper 002; the mixed LCP of DESIGN.md §3 — never a small mass):
 *
 *     K_NN z + Σ_freeplay k w luz(w·z + c − ℓ0, Δ) − Σ_stops λ w = f_N − K_No q_o,
 *     lower ≤ w·z + c ≤ upper,  λ ≥ 0 at the lower limit, ≤ 0 at the upper,
 *     λ = 0 off the limits,
 *
 * w the element's direction on the joints, c = w_o·q_o + g0 the rest of
 * its coordinate.  The linear springs alone must hold the joints (K_NN
 * positive definite, checked once in setup_massless()): the potential is
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
 * LCP (node_select(), lz_mlcp_solve()): the joints free, for each spring
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

  if (el->b >= 0 && self->rN[el->b] < 0)
    c += el->cb * x[el->b];
  if (el->a >= 0 && self->rN[el->a] < 0)
    c -= el->ca * x[el->a];
  return c;
}

/* w_N·z, z indexed by the rows of the N joints */
static double
node_wdot (const LzEventIntegrator *self,
           const Elem              *el,
           const double            *z)
{
  double s = 0;

  if (el->b >= 0 && self->rN[el->b] >= 0)
    s += el->cb * z[self->rN[el->b]];
  if (el->a >= 0 && self->rN[el->a] >= 0)
    s -= el->ca * z[self->rN[el->a]];
  return s;
}

/* v += s·w_N (v a GSL vector over the N joints) */
static void
node_add_w (const LzEventIntegrator *self,
            const Elem              *el,
            double                   s,
            gsl_vector              *v)
{
  if (el->b >= 0 && self->rN[el->b] >= 0)
    *gsl_vector_ptr (v, self->rN[el->b]) += s * el->cb;
  if (el->a >= 0 && self->rN[el->a] >= 0)
    *gsl_vector_ptr (v, self->rN[el->a]) -= s * el->ca;
}

/* Whether element E is R of a through-stop in contact or stuck (V holds
 * it) */
static gboolean
carried (const LzEventIntegrator *self,
         guint                    e)
{
  for (guint p = 0; p < self->nT; p++)
    if (self->through[p].r == e
        && (self->mode[self->through[p].v] == LZ_MODE_CONTACT || self->mode[self->through[p].v] == LZ_MODE_STICK))
      return TRUE;
  return FALSE;
}

/* +1, −1: a spring with freeplay engaged on that side; 0: slack */
static double
engaged_side (LzMode mode)
{
  return mode == LZ_MODE_ENGAGED_POS ? 1 : mode == LZ_MODE_ENGAGED_NEG ? -1 : 0;
}

/* A and the Schur complement of the current mode (kept while the static
 * elements' modes stay). */
static void
node_factor (LzEventIntegrator *self)
{
  guint nN = self->nN, nc = 0;
  gboolean same = self->s_valid;

  for (guint r = 0; r < self->nS && same; r++)
    same = self->s_cached[r] == self->mode[self->iS[r]];
  for (guint p = 0; p < self->nT && same; p++)
    same = self->through[p].cached_v == self->mode[self->through[p].v];
  if (same)
    return;
  for (guint p = 0; p < self->nT; p++)
    self->through[p].cached_v = self->mode[self->through[p].v];

  for (guint r = 0; r < nN; r++)
    for (guint c = 0; c < nN; c++)
      gsl_matrix_set (self->SA, r, c, gsl_matrix_get (self->K, self->iN[r], self->iN[c]));
  for (guint r = 0; r < self->nS; r++)
    {
      guint e = self->iS[r];
      const Elem *el = &self->el[e];

      self->s_cached[r] = self->mode[e];
      if (el->kind == LZ_ITEM_STOP)
        {
          /* a contact: a position constraint (not R of a through-stop
           * in contact: V holds it) */
          if (self->mode[e] == LZ_MODE_CONTACT && !carried (self, e))
            self->s_con[nc++] = e;
          continue;
        }
      if (el->kind == LZ_ITEM_FRICTION)
        continue;                       /* below, after the contacts */
      if (engaged_side (self->mode[e]) != 0)
        {
          /* A += k w wᵀ */
          int rows[2] = { el->a >= 0 ? self->rN[el->a] : -1, el->b >= 0 ? self->rN[el->b] : -1 };
          double coef[2] = { -el->ca, el->cb };

          for (guint i = 0; i < 2; i++)
            for (guint j = 0; j < 2; j++)
              if (rows[i] >= 0 && rows[j] >= 0)
                *gsl_matrix_ptr (self->SA, rows[i], rows[j]) += el->k * coef[i] * coef[j];
        }
    }
  /* a stuck friction element: a position constraint too — but none along
   * a contact, which holds the coordinate already (its force is then 0,
   * and the selection at the contact's lift-off decides it anew) */
  for (guint r = 0; r < self->nS; r++)
    {
      guint e = self->iS[r];
      gboolean along = FALSE;

      if (self->el[e].kind != LZ_ITEM_FRICTION || self->mode[e] != LZ_MODE_STICK || carried (self, e))
        continue;
      for (guint c = 0; c < nc && !along; c++)
        along = self->el[self->s_con[c]].kind == LZ_ITEM_STOP && parallel (&self->el[e], &self->el[self->s_con[c]]);
      if (!along)
        self->s_con[nc++] = e;
    }
  /* positive definite: K_NN is, and the engaged springs add to it */
  gsl_linalg_cholesky_decomp1 (self->SA);
  self->s_nc = nc;
  if (nc > 0)
    {
      gsl_matrix_view G = gsl_matrix_submatrix (self->SG, 0, 0, nc, nc);
      gsl_matrix_view V = gsl_matrix_submatrix (self->SV, 0, 0, nc, nc);
      gsl_vector_view S = gsl_vector_subvector (self->SS, 0, nc);
      gsl_vector_view work = gsl_vector_subvector (self->Swork, 0, nc);

      for (guint j = 0; j < nc; j++)
        {
          gsl_vector_view col = gsl_matrix_column (self->SX, j);

          gsl_vector_set_zero (self->Sb);
          node_add_w (self, &self->el[self->s_con[j]], 1, self->Sb);
          gsl_linalg_cholesky_svx (self->SA, self->Sb);
          gsl_vector_memcpy (&col.vector, self->Sb);
          for (guint i = 0; i < nc; i++)
            gsl_matrix_set (&G.matrix, i, j, node_wdot (self, &self->el[self->s_con[i]], self->Sb->data));
        }
      gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &S.vector, &work.vector);
      /* coinciding contacts: drop what rounding leaves of a zero singular value */
      for (guint i = 0; i < nc; i++)
        if (gsl_vector_get (&S.vector, i) < 1e-12 * gsl_vector_get (&S.vector, 0))
          gsl_vector_set (&S.vector, i, 0);
    }
  self->s_valid = TRUE;
}

/* The N joints' positions (VELOCITY false) or velocities in the current
 * mode of the static elements, into X (q or v of 2n entries: DST or
 * DST + n); the other entries of DST are set.  For positions, fc holds
 * f(t); for velocities ḟ(t) (or 0), the ground terms are those the
 * positions' solve stored.  The contact forces go to zlambda. */
static void
node_solve (LzEventIntegrator *self,
            double             t,
            double            *dst,
            gboolean           velocity,
            gboolean           fdot)
{
  guint n = self->n, nN = self->nN, nc;
  const double *x = velocity ? dst + n : dst;

  node_factor (self);
  nc = self->s_nc;
  for (guint r = 0; r < nN; r++)
    {
      guint i = self->iN[r];
      double b = velocity && !fdot ? 0 : self->fc[i];

      for (guint j = 0; j < n; j++)
        if (self->rN[j] < 0)
          b -= gsl_matrix_get (self->K, i, j) * x[j];
      gsl_vector_set (self->Sb, r, b);
    }
  for (guint r = 0; r < self->nS; r++)
    {
      guint e = self->iS[r];
      const Elem *el = &self->el[e];
      double side = engaged_side (self->mode[e]), g0dd;

      if (!velocity)
        ground_terms (self, e, t, &self->sg0[r], &self->sg0d[r], &g0dd);
      if (el->kind == LZ_ITEM_FRICTION)
        {
          /* slipping: the constant force ±F0 (−T w on the joints) */
          if (!velocity && self->mode[e] != LZ_MODE_STICK)
            node_add_w (self, el, -mode_tension (self, e, 0, 0), self->Sb);
          continue;
        }
      if (el->kind != LZ_ITEM_STOP && side != 0)
        {
          double shift = velocity ? node_rest (self, el, x) + self->sg0d[r]
                         : node_rest (self, el, x) + self->sg0[r] - el->offset - side * el->freeplay;

          node_add_w (self, el, -el->k * shift, self->Sb);
        }
    }
  gsl_linalg_cholesky_svx (self->SA, self->Sb);
  if (nc > 0)
    {
      gsl_matrix_view G = gsl_matrix_submatrix (self->SG, 0, 0, nc, nc);
      gsl_matrix_view V = gsl_matrix_submatrix (self->SV, 0, 0, nc, nc);
      gsl_vector_view S = gsl_vector_subvector (self->SS, 0, nc);
      gsl_vector_view rr = gsl_vector_subvector (self->Sr, 0, nc);
      gsl_vector_view l = gsl_vector_subvector (self->Sl, 0, nc);

      for (guint j = 0; j < nc; j++)
        {
          guint e = self->s_con[j];
          const Elem *el = &self->el[e];
          guint r = 0;
          double target;

          while (self->iS[r] != e)
            r++;
          target = velocity ? -(node_rest (self, el, x) + self->sg0d[r])
                   : (el->kind == LZ_ITEM_FRICTION ? el->stick_g
                      : el->contact_upper ? el->upper : el->lower)
                     - node_rest (self, el, x) - self->sg0[r];
          gsl_vector_set (&rr.vector, j, target - node_wdot (self, el, self->Sb->data));
        }
      gsl_linalg_SV_solve (&G.matrix, &V.matrix, &S.vector, &rr.vector, &l.vector);
      for (guint j = 0; j < nc; j++)
        {
          gsl_vector_const_view col = gsl_matrix_const_column (self->SX, j);

          gsl_blas_daxpy (gsl_vector_get (&l.vector, j), &col.vector, self->Sb);
        }
    }
  for (guint r = 0; r < nN; r++)
    dst[(velocity ? n : 0) + self->iN[r]] = gsl_vector_get (self->Sb, r);
  if (!velocity)
    {
      for (guint r = 0; r < self->nS; r++)
        if (self->el[self->iS[r]].kind == LZ_ITEM_STOP || self->el[self->iS[r]].kind == LZ_ITEM_FRICTION)
          self->zlambda[self->iS[r]] = 0;
      for (guint j = 0; j < nc; j++)
        self->zlambda[self->s_con[j]] = gsl_vector_get (self->Sl, j);
    }
}

/* The mode of the static elements at (t, y), from the mixed LCP of the
 * whole balance (see above); FALSE (and static_error) when it has no
 * solution. */
static gboolean
node_select (LzEventIntegrator *self,
             double             t,
             const double      *y)
{
  guint n = self->n, nN = self->nN, col = nN;
  gsl_vector_view f = gsl_vector_view_array (self->fc, n);
  g_autoptr(GError) local_error = NULL;

  if (self->nS == 0)
    return TRUE;
  gsl_matrix_set_zero (self->sM);
  gsl_vector_set_zero (self->sq);
  lz_assembly_eval_f (self->parent.assembly, t, &f.vector);
  /* 0 = K_NN z − (f_N − K_No q_o) + Σ (the static elements' forces) */
  for (guint r = 0; r < nN; r++)
    {
      guint i = self->iN[r];
      double b = self->fc[i];

      for (guint j = 0; j < n; j++)
        if (self->rN[j] < 0)
          b -= gsl_matrix_get (self->K, i, j) * y[j];
        else
          gsl_matrix_set (self->sM, r, self->rN[j], gsl_matrix_get (self->K, i, j));
      gsl_vector_set (self->sq, r, -b);
    }
  for (guint r = 0; r < self->nS; r++)
    {
      guint e = self->iS[r];
      const Elem *el = &self->el[e];
      int ports[2] = { el->a >= 0 ? self->rN[el->a] : -1, el->b >= 0 ? self->rN[el->b] : -1 };
      double coef[2] = { -el->ca, el->cb };
      double g0, g0d, g0dd, c;
      /* per unknown: its force on the joints along w (balance column) and
       * what its complementary row reads of w·z, and that row's constant */
      double fcol[3], wrow[3], q[3];
      guint nv = 0;

      ground_terms (self, e, t, &g0, &g0d, &g0dd);
      c = node_rest (self, el, y) + g0;
      if (el->kind == LZ_ITEM_FRICTION)
        {
          /* dry friction without viscosity, rigid-plastic: from where it
           * is (stuck: where it stuck) the coordinate moves by
           * Δg = ξ1 − ξ2 with paper 004's pair ξ1 ⊥ F0⁺ + F0⁻ − μ,
           * μ = F + F0⁻ ⊥ ξ2 = ξ1 − Δg; the force on the joints is
           * −F w = −μ w + F0⁻ w */
          double gcur = self->mode[e] == LZ_MODE_STICK ? el->stick_g : elem_g (el, y, g0);

          if (self->s_excluded[e])
            {
              /* left free: no force (ξ1 = μ = 0) */
              gsl_matrix_set (self->sM, col, col, 1);
              gsl_vector_set (self->sq, col, 1);
              gsl_matrix_set (self->sM, col + 1, col + 1, 1);
              gsl_vector_set (self->sq, col + 1, 1);
              col += 2;
              continue;
            }
          for (guint i = 0; i < 2; i++)
            if (ports[i] >= 0)
              {
                *gsl_matrix_ptr (self->sM, ports[i], col + 1) += coef[i];
                *gsl_vector_ptr (self->sq, ports[i]) -= el->fneg * coef[i];
                *gsl_matrix_ptr (self->sM, col + 1, ports[i]) -= coef[i];
              }
          gsl_matrix_set (self->sM, col, col + 1, -1);
          gsl_vector_set (self->sq, col, el->fpos + el->fneg);
          gsl_matrix_set (self->sM, col + 1, col, 1);
          gsl_vector_set (self->sq, col + 1, gcur - c);
          col += 2;
          continue;
        }
      if (el->kind == LZ_ITEM_STOP)
        {
          if (isfinite (el->lower))
            {
              fcol[nv] = -1;           /* λ ≥ 0 pushes along +w */
              wrow[nv] = 1;            /* gap g − lower */
              q[nv++] = c - el->lower;
            }
          if (isfinite (el->upper))
            {
              fcol[nv] = 1;
              wrow[nv] = -1;           /* gap upper − g */
              q[nv++] = el->upper - c;
            }
        }
      else
        {
          /* p: luz's positive part, p ⊥ p − s + Δ; m: its negative part */
          fcol[nv] = el->k;
          wrow[nv] = -1;
          q[nv++] = el->freeplay - c + el->offset;
          fcol[nv] = -el->k;
          wrow[nv] = 1;
          q[nv++] = el->freeplay + c - el->offset;
        }
      for (guint v = 0; v < nv; v++, col++)
        {
          if (self->s_excluded[e])
            {
              /* left free: 0 ≤ λ ⊥ λ + 1 ≥ 0, no force */
              gsl_matrix_set (self->sM, col, col, 1);
              gsl_vector_set (self->sq, col, 1);
              continue;
            }
          for (guint i = 0; i < 2; i++)
            if (ports[i] >= 0)
              {
                *gsl_matrix_ptr (self->sM, ports[i], col) += fcol[v] * coef[i];
                *gsl_matrix_ptr (self->sM, col, ports[i]) += wrow[v] * coef[i];
              }
          if (el->kind != LZ_ITEM_STOP)
            gsl_matrix_set (self->sM, col, col, 1);
          gsl_vector_set (self->sq, col, q[v]);
        }
    }
  g_assert (col == nN + self->sL);
  if (!lz_mlcp_solve (self->sM, self->sq, nN, self->su, self->sw, NULL, &local_error))
    {
      const Elem *el = &self->el[self->iS[0]];
      int z = el->a >= 0 && self->rN[el->a] >= 0 ? el->a : el->b;

      g_free (self->static_error);
      self->static_error = g_strdup_printf (_("at t = %.10g s the massless body “%s” has no balance "
                                              "that its springs with freeplay, stops and dry friction "
                                              "allow: %s"),
                                            t, lz_assembly_get_dof_name (self->parent.assembly, z),
                                            local_error->message);
      return FALSE;
    }
  col = nN;
  for (guint r = 0; r < self->nS; r++)
    {
      guint e = self->iS[r];
      Elem *el = &self->el[e];

      if (el->kind == LZ_ITEM_FRICTION)
        {
          double xi1 = gsl_vector_get (self->su, col), mu = gsl_vector_get (self->su, col + 1);
          double xi2 = gsl_vector_get (self->sw, col + 1);
          LzMode to;

          col += 2;
          if (self->s_excluded[e])
            continue;                   /* its through-stop decides */
          /* Lemke's nonbasic variables are exact zeros: any ξ > 0 is a slip */
          to = xi1 > 0 ? LZ_MODE_SLIP_POS : mu <= 0 && xi2 > 0 ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
          if (to == LZ_MODE_STICK && self->mode[e] != LZ_MODE_STICK)
            {
              double g0, g0d, g0dd;

              ground_terms (self, e, t, &g0, &g0d, &g0dd);
              el->stick_g = elem_g (el, y, g0);
            }
          self->mode[e] = to;
          continue;
        }
      if (el->kind == LZ_ITEM_STOP)
        {
          double lo = isfinite (el->lower) ? gsl_vector_get (self->su, col++) : 0;
          double hi = isfinite (el->upper) ? gsl_vector_get (self->su, col++) : 0;

          self->mode[e] = lo > 0 || hi > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
          el->contact_upper = hi > lo;
        }
      else
        {
          double p = gsl_vector_get (self->su, col), m = gsl_vector_get (self->su, col + 1);

          col += 2;
          self->mode[e] = p > 0 ? LZ_MODE_ENGAGED_POS : m > 0 ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP;
        }
    }
  return TRUE;
}

/* The force on massless body I of the elements outside K and C: springs
 * with freeplay by their mode, slipping friction, the constraint forces of
 * the static elements (a stop in contact, a stuck friction element on an
 * undamped joint) — not a damped joint's own stops, which
 * the caller solves for. */
static double
massless_extra (LzEventIntegrator *self,
                guint              i,
                double             t,
                const double      *q)
{
  double s = 0;

  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double w, T, g0, g0d, g0dd;

      if ((el->a < 0 || (guint) el->a != i) && (el->b < 0 || (guint) el->b != i))
        continue;
      /* (a damped joint's slipping friction pushes with its level here) */
      if (self->is_dstop[e] && !(el->kind == LZ_ITEM_FRICTION && self->mode[e] != LZ_MODE_STICK))
        continue;
      if (!(el->kind == LZ_ITEM_FRICTION || el->kind == LZ_ITEM_STOP || (el->k > 0 && el->freeplay > 0)))
        continue;
      w = (el->b >= 0 && (guint) el->b == i ? el->cb : 0) - (el->a >= 0 && (guint) el->a == i ? el->ca : 0);
      if (self->is_static[e]
          && (el->kind == LZ_ITEM_STOP || (el->kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK)))
        T = -self->zlambda[e];
      else if (el->kind == LZ_ITEM_STOP)
        continue;
      else
        {
          ground_terms (self, e, t, &g0, &g0d, &g0dd);
          T = mode_tension (self, e, elem_g (el, q, g0), 0);
        }
      s -= T * w;
    }
  return s;
}

/* The direction w of element EL on the D joints (its coefficients on
 * their rows) into self->Dcol; with COL, C_DD⁻¹ w into COL too. */
static void
d_column (LzEventIntegrator *self,
          const Elem        *el,
          gsl_vector        *col)
{
  gsl_vector_set_zero (self->Dcol);
  if (el->b >= 0 && self->rD[el->b] >= 0)
    *gsl_vector_ptr (self->Dcol, self->rD[el->b]) += el->cb;
  if (el->a >= 0 && self->rD[el->a] >= 0)
    *gsl_vector_ptr (self->Dcol, self->rD[el->a]) -= el->ca;
  if (col != NULL)
    gsl_linalg_LU_solve (self->CDD, self->pD, self->Dcol, col);
}

/* wᵀ X[:, j], w the direction of element EL on the D joints */
static double
d_dot (const LzEventIntegrator *self,
       const Elem              *el,
       const gsl_matrix        *X,
       guint                    j)
{
  double s = 0;

  if (el->b >= 0 && self->rD[el->b] >= 0)
    s += el->cb * gsl_matrix_get (X, self->rD[el->b], j);
  if (el->a >= 0 && self->rD[el->a] >= 0)
    s -= el->ca * gsl_matrix_get (X, self->rD[el->a], j);
  return s;
}

/* The velocities of the D joints with their stops in contact: C_DD v_D =
 * b_D + W λ with Wᵀ v_D + (the rest of ġ) = 0, by the Schur complement
 * Wᵀ C_DD⁻¹ W (a pseudo-inverse when contacts coincide); x holds C_DD⁻¹
 * b_D on entry, v_D on return; λ goes to zlambda. */
static void
dstop_solve (LzEventIntegrator *self,
             double             t,
             const double      *dst,
             gsl_vector        *x)
{
  guint n = self->n, nc = 0;
  guint *con = g_alloca (MAX (self->nDS, 1) * sizeof (guint));

  for (guint s = 0; s < self->nDS; s++)
    {
      guint e = self->iDS[s];
      const Elem *el = &self->el[e];

      self->zlambda[e] = 0;
      if (el->kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && el->shadowed)
        {
          /* along a stop in contact: at its level (x += λ C_DD⁻¹ w) */
          gsl_vector_view col = gsl_matrix_column (self->DX, 0);

          d_column (self, el, &col.vector);
          gsl_blas_daxpy (el->shadow_lambda, &col.vector, x);
          self->zlambda[e] = el->shadow_lambda;
        }
      if ((self->mode[e] == LZ_MODE_CONTACT && !carried (self, e))
          || (el->kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && !el->shadowed
              && !carried (self, e)))
        con[nc++] = e;
    }
  if (nc == 0)
    return;
  {
    gsl_matrix_view G = gsl_matrix_submatrix (self->DG, 0, 0, nc, nc);
    gsl_matrix_view V = gsl_matrix_submatrix (self->DV, 0, 0, nc, nc);
    gsl_vector_view S = gsl_vector_subvector (self->DS, 0, nc);
    gsl_vector_view work = gsl_vector_subvector (self->Dwork, 0, nc);
    gsl_vector_view rr = gsl_vector_subvector (self->Dr, 0, nc);
    gsl_vector_view l = gsl_vector_subvector (self->Dl, 0, nc);

    for (guint j = 0; j < nc; j++)
      {
        const Elem *el = &self->el[con[j]];
        gsl_vector_view col = gsl_matrix_column (self->DX, j);
        double g0, g0d, g0dd, rest, wx;

        /* ġ = wᵀ v_D + the rest (the other ports, the ground) */
        ground_terms (self, con[j], t, &g0, &g0d, &g0dd);
        rest = g0d + (el->b >= 0 && self->rD[el->b] < 0 ? el->cb * dst[n + el->b] : 0)
               - (el->a >= 0 && self->rD[el->a] < 0 ? el->ca * dst[n + el->a] : 0);
        d_column (self, el, NULL);
        gsl_blas_ddot (self->Dcol, x, &wx);
        gsl_vector_set (&rr.vector, j, -rest - wx);
        gsl_linalg_LU_solve (self->CDD, self->pD, self->Dcol, &col.vector);
      }
    for (guint i = 0; i < nc; i++)
      for (guint j = 0; j < nc; j++)
        gsl_matrix_set (&G.matrix, i, j, d_dot (self, &self->el[con[i]], self->DX, j));
    gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &S.vector, &work.vector);
    for (guint i = 0; i < nc; i++)
      if (gsl_vector_get (&S.vector, i) < 1e-12 * gsl_vector_get (&S.vector, 0))
        gsl_vector_set (&S.vector, i, 0);
    gsl_linalg_SV_solve (&G.matrix, &V.matrix, &S.vector, &rr.vector, &l.vector);
    for (guint j = 0; j < nc; j++)
      {
        gsl_vector_const_view col = gsl_matrix_const_column (self->DX, j);

        gsl_blas_daxpy (gsl_vector_get (&l.vector, j), &col.vector, x);
        self->zlambda[con[j]] = gsl_vector_get (&l.vector, j);
      }
  }
}

/* The massless coordinates, from the others (paper 002: they carry no
 * momentum).  A joint held by linear springs only (N) sits where they
 * balance, K_NN q_N = f_N − K_N· q; one with dampers (D) moves as they
 * let it, C_DD v_D = f_D − C_D· v − K_D· q (C_DN = 0: N has no damping);
 * v_N follows from the time derivative of the balance, with ḟ_N by a
 * central difference when FDOT is set (the trace's velocity only).
 * SRC and DST are (q, v) of 2n entries; DST may be SRC. */
static void
condense (LzEventIntegrator *self,
          double             t,
          const double      *src,
          double            *dst,
          gboolean           fdot)
{
  guint n = self->n;
  gsl_vector_view f = gsl_vector_view_array (self->fc, n);

  if (dst != src)
    memcpy (dst, src, 2 * n * sizeof (double));
  if (self->nN + self->nD == 0)
    return;
  /* a slipping friction element's guard is its slip velocity: v_N exact */
  fdot = fdot || self->nSF > 0;
  lz_assembly_eval_f (self->parent.assembly, t, &f.vector);
  if (self->nS > 0)
    node_solve (self, t, dst, FALSE, FALSE);
  else if (self->nN > 0)
    {
      for (guint r = 0; r < self->nN; r++)
        {
          guint i = self->iN[r];
          double b = self->fc[i];

          for (guint j = 0; j < n; j++)
            if (self->mass[j] > 0 || gsl_matrix_get (self->C, j, j) > 0)
              b -= gsl_matrix_get (self->K, i, j) * dst[j];
          gsl_vector_set (self->bN, r, b);
        }
      gsl_linalg_LU_solve (self->KNN, self->pN, self->bN, self->xN);
      for (guint r = 0; r < self->nN; r++)
        dst[self->iN[r]] = gsl_vector_get (self->xN, r);
    }
  if (self->nD > 0)
    {
      for (guint r = 0; r < self->nD; r++)
        {
          guint i = self->iD[r];
          double b = self->fc[i] + massless_extra (self, i, t, dst);

          for (guint j = 0; j < n; j++)
            {
              b -= gsl_matrix_get (self->K, i, j) * dst[j];
              if (self->mass[j] > 0)
                b -= gsl_matrix_get (self->C, i, j) * dst[n + j];
            }
          gsl_vector_set (self->bD, r, b);
        }
      gsl_linalg_LU_solve (self->CDD, self->pD, self->bD, self->xD);
      if (self->nDS > 0 && !self->d_free)
        dstop_solve (self, t, dst, self->xD);
      for (guint r = 0; r < self->nD; r++)
        dst[n + self->iD[r]] = gsl_vector_get (self->xD, r);
    }
  if (self->nN > 0)
    {
      double h = 1e-6 * MAX (1.0, fabs (t));

      if (fdot)
        {
          g_autofree double *fp = g_new (double, n);
          g_autofree double *fm = g_new (double, n);
          gsl_vector_view vp = gsl_vector_view_array (fp, n), vm = gsl_vector_view_array (fm, n);

          lz_assembly_eval_f (self->parent.assembly, t + h, &vp.vector);
          lz_assembly_eval_f (self->parent.assembly, t - h, &vm.vector);
          for (guint r = 0; r < self->nN; r++)
            self->fc[self->iN[r]] = (fp[self->iN[r]] - fm[self->iN[r]]) / (2 * h);
        }
      if (self->nS > 0)
        {
          node_solve (self, t, dst, TRUE, fdot);
          return;
        }
      for (guint r = 0; r < self->nN; r++)
        {
          guint i = self->iN[r];
          double b = fdot ? self->fc[i] : 0;

          for (guint j = 0; j < n; j++)
            if (self->mass[j] > 0 || gsl_matrix_get (self->C, j, j) > 0)
              b -= gsl_matrix_get (self->K, i, j) * dst[n + j];
          gsl_vector_set (self->bN, r, b);
        }
      gsl_linalg_LU_solve (self->KNN, self->pN, self->bN, self->xN);
      for (guint r = 0; r < self->nN; r++)
        dst[n + self->iN[r]] = gsl_vector_get (self->xN, r);
    }
}

static inline double
wdot (const Elem   *el,
      const double *x)
{
  return (el->b >= 0 ? el->cb * x[el->b] : 0) - (el->a >= 0 ? el->ca * x[el->a] : 0);
}

/* x += s·w */
static inline void
add_w (const Elem *el,
       double      s,
       double     *x)
{
  if (el->b >= 0)
    x[el->b] += s * el->cb;
  if (el->a >= 0)
    x[el->a] -= s * el->ca;
}

/* w_xᵀ M⁻¹ w_y: an entry of the Delassus matrix of two elements */
static double
minv_dot (const LzEventIntegrator *self,
          const Elem              *x,
          const Elem              *y)
{
  double s = 0;

  if (x->b >= 0 && x->b == y->b) s += x->cb * y->cb / self->mass[x->b];
  if (x->b >= 0 && x->b == y->a) s -= x->cb * y->ca / self->mass[x->b];
  if (x->a >= 0 && x->a == y->b) s -= x->ca * y->cb / self->mass[x->a];
  if (x->a >= 0 && x->a == y->a) s += x->ca * y->ca / self->mass[x->a];
  return s;
}

/* The tension of a smooth-in-the-mode element (springs, freeplay by mode,
 * slipping friction's dry part); the viscous parts are in C. */
static double
mode_tension (const LzEventIntegrator *self,
              guint                    e,
              double                   g,
              double                   gd)
{
  const Elem *el = &self->el[e];
  double s;

  switch (el->kind)
    {
    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      if (el->freeplay == 0)
        return 0;                             /* linear: in K and f */
      s = g - el->offset;
      switch (self->mode[e])
        {
        case LZ_MODE_ENGAGED_POS: return el->k * (s - el->freeplay);
        case LZ_MODE_ENGAGED_NEG: return el->k * (s + el->freeplay);
        case LZ_MODE_NONE:
        case LZ_MODE_STICK:
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_GAP:
        case LZ_MODE_N_MODES:
        default: return 0;
        }
    case LZ_ITEM_FRICTION:
      /* (a through friction slipping: R pushes with its level itself) */
      if (e >= self->nm)
        return 0;
      if (self->mode[e] == LZ_MODE_SLIP_POS)
        return el->fpos;
      if (self->mode[e] == LZ_MODE_SLIP_NEG)
        return -el->fneg;
      return 0;
    case LZ_ITEM_DAMPER:
    case LZ_ITEM_STOP:
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      (void) gd;
      return 0;
    }
}

/* Accelerations and constraint forces at (t, q, v) in the current mode:
 * a = M⁻¹(f − Cv − Kq − Σ T w) + M⁻¹ Hcᵀ λ. */
static void
accelerations (LzEventIntegrator *self,
               double             t,
               const double      *q,
               const double      *v,
               double            *acc)
{
  guint n = self->n;
  gsl_vector_view fv = gsl_vector_view_array (self->fv, n);

  if (self->nN + self->nD > 0)
    {
      /* the massless entries solved; the caller reads them in yc */
      memcpy (self->yc, q, n * sizeof (double));
      memcpy (self->yc + n, v, n * sizeof (double));
      condense (self, t, self->yc, self->yc, FALSE);
      q = self->yc;
      v = self->yc + n;
    }
  lz_assembly_eval_f (self->parent.assembly, t, &fv.vector);
  for (guint i = 0; i < n; i++)
    {
      double s = self->fv[i];

      for (guint j = 0; j < n; j++)
        s -= gsl_matrix_get (self->C, i, j) * v[j] + gsl_matrix_get (self->K, i, j) * q[j];
      self->fv[i] = s;
    }
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double T;

      ground_terms (self, e, t, &self->g0[e], &self->g0d[e], &self->g0dd[e]);
      T = (self->is_static[e] && el->kind == LZ_ITEM_STOP)
          || (self->is_static[e] && el->kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK)
          ? -self->zlambda[e]             /* a massless body's stop or stuck friction */
          : mode_tension (self, e, wdot (el, q) + self->g0[e], wdot (el, v) + self->g0d[e]);
      if (T != 0)
        add_w (el, -T, self->fv);
    }
  for (guint i = 0; i < n; i++)
    acc[i] = self->mass[i] > 0 ? self->fv[i] / self->mass[i] : 0;   /* massless: no inertia */

  if (self->nc > 0)
    {
      for (guint c = 0; c < self->nc; c++)
        {
          guint e = self->con[c];

          gsl_vector_set (self->rhs_c, c, -(wdot (&self->el[e], acc) + self->g0dd[e]));
        }
      gsl_linalg_SV_solve (self->G, self->V, self->S, self->rhs_c, self->lambda);
      for (guint c = 0; c < self->nc; c++)
        {
          const Elem *el = &self->el[self->con[c]];
          double l = gsl_vector_get (self->lambda, c);

          if (el->b >= 0)
            acc[el->b] += l * el->cb / self->mass[el->b];
          if (el->a >= 0)
            acc[el->a] -= l * el->ca / self->mass[el->a];
        }
    }
}

/* The constraint force λ of element e (0 when not a constraint). */
static double
constraint_force (const LzEventIntegrator *self,
                  guint                    e)
{
  if (self->is_static != NULL && self->is_static[e])
    {
      double l = self->zlambda[e];

      /* K and R of a through-stop in contact: their shares of its force */
      for (guint p = 0; p < self->nT; p++)
        {
          const Through *th = &self->through[p];

          if ((self->mode[th->v] == LZ_MODE_CONTACT || self->mode[th->v] == LZ_MODE_STICK)
              && (e == th->k || e == th->r))
            l += (e == th->k ? th->ka : th->rb) * constraint_force (self, th->v);
        }
      return l;
    }
  for (guint c = 0; c < self->nc; c++)
    if (self->con[c] == e)
      return gsl_vector_get (self->lambda, c);
  return 0;
}

static int
rhs (double        t,
     const double  y[],
     double        dydt[],
     void         *data)
{
  LzEventIntegrator *self = data;
  guint n = self->n;
  const double *q = y, *v = y + n;
  double p_damp = 0, p_fric = 0, p_src = 0;

  accelerations (self, t, q, v, dydt + n);
  if (self->nN + self->nD > 0)
    {
      q = self->yc;
      v = self->yc + n;
    }
  memcpy (dydt, v, n * sizeof (double));
  for (guint i = 0; i < n; i++)
    if (!isfinite (dydt[n + i]))
      return GSL_EBADFUNC;

  /* powers: forces on bodies, dissipation, and what moving grounds give */
  for (guint s = 0; s < lz_model_get_n_sources (lz_assembly_get_model (self->parent.assembly)); s++)
    {
      const LzSource *src = lz_model_get_source (lz_assembly_get_model (self->parent.assembly), s);

      if (src->item.kind == LZ_ITEM_FORCE)
        p_src += lz_expr_eval (src->value, t)
                 * v[lz_model_get_body_index (lz_assembly_get_model (self->parent.assembly), src->body)];
    }
  /* (a through-stop's force is its stops', K's and R's) */
  for (guint e = 0; e < self->nm; e++)
    {
      const Elem *el = &self->el[e];
      double g = wdot (el, q) + self->g0[e], gd = wdot (el, v) + self->g0d[e], T = 0;

      if (el->c > 0)
        {
          p_damp += el->c * gd * gd;
          T += el->c * gd;
        }
      if (el->kind == LZ_ITEM_FRICTION)
        {
          double F = self->mode[e] == LZ_MODE_STICK ? -constraint_force (self, e)
                     : mode_tension (self, e, g, gd);

          p_fric += F * gd;
          T += F;
        }
      else if (el->kind == LZ_ITEM_STOP)
        T += -constraint_force (self, e);
      else if (el->k > 0)
        T += el->freeplay > 0 ? mode_tension (self, e, g, gd) : el->k * (g - el->offset);
      p_src += T * self->g0d[e];
    }
  dydt[2 * n] = p_damp;
  dydt[2 * n + 1] = p_fric;
  dydt[2 * n + 2] = p_src;
  return GSL_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Modes, guards                                                             */

static gboolean
parallel (const Elem *x,
          const Elem *y)
{
  /* same dofs, proportional coefficients */
  return x->a == y->a && x->b == y->b
         && fabs ((x->a >= 0 ? x->ca : 0) * (y->b >= 0 ? y->cb : 0)
                  - (y->a >= 0 ? y->ca : 0) * (x->b >= 0 ? x->cb : 0)) <= 1e-14 * (1 + fabs (x->ca * y->cb));
}

/* Sets up the constraints of the current mode and factors Hc M⁻¹ Hcᵀ. */
static void
setup_mode (LzEventIntegrator *self)
{
  guint nc = 0;

  for (guint e = 0; e < self->ne; e++)
    {
      Elem *el = &self->el[e];

      el->shadowed = FALSE;
      /* (a massless body's stop pushes with the force its balance gives) */
      if (el->kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT && !self->is_static[e])
        self->con[nc++] = e;
    }
  for (guint e = 0; e < self->ne; e++)
    {
      Elem *el = &self->el[e];

      if (el->kind != LZ_ITEM_FRICTION || self->mode[e] != LZ_MODE_STICK || self->is_static[e])
        continue;
      for (guint c = 0; c < nc && !el->shadowed; c++)
        if (self->el[self->con[c]].kind == LZ_ITEM_STOP && parallel (el, &self->el[self->con[c]]))
          el->shadowed = TRUE;
      if (!el->shadowed)
        self->con[nc++] = e;
    }
  /* a stuck friction element of the D joints along a stop in contact, on
   * the same ports and ground: it holds its level, the stop the rest */
  for (guint s = 0; s < self->nDS; s++)
    {
      Elem *el = &self->el[self->iDS[s]];

      if (el->kind != LZ_ITEM_FRICTION || self->mode[self->iDS[s]] != LZ_MODE_STICK)
        continue;
      for (guint r = 0; r < self->nDS && !el->shadowed; r++)
        {
          const Elem *st = &self->el[self->iDS[r]];

          if (self->mode[self->iDS[r]] == LZ_MODE_CONTACT && dv_along (el, st))
            {
              el->shadowed = TRUE;
              el->shadow_lambda = dv_level_along (el, st, st->contact_upper ? -1 : 1);
            }
        }
    }
  self->nc = nc;
  g_clear_pointer (&self->G, gsl_matrix_free);
  g_clear_pointer (&self->V, gsl_matrix_free);
  g_clear_pointer (&self->S, gsl_vector_free);
  g_clear_pointer (&self->work, gsl_vector_free);
  g_clear_pointer (&self->rhs_c, gsl_vector_free);
  g_clear_pointer (&self->lambda, gsl_vector_free);
  if (nc == 0)
    return;
  self->G = gsl_matrix_calloc (nc, nc);
  self->V = gsl_matrix_alloc (nc, nc);
  self->S = gsl_vector_alloc (nc);
  self->work = gsl_vector_alloc (nc);
  self->rhs_c = gsl_vector_alloc (nc);
  self->lambda = gsl_vector_calloc (nc);
  for (guint i = 0; i < nc; i++)
    for (guint j = 0; j < nc; j++)
      {
        const Elem *x = &self->el[self->con[i]], *y = &self->el[self->con[j]];
        double s = minv_dot (self, x, y);

        gsl_matrix_set (self->G, i, j, s);
      }
  gsl_linalg_SV_decomp (self->G, self->V, self->S, self->work);
  /* coinciding directions: drop what rounding leaves of a zero singular value */
  for (guint i = 0; i < nc; i++)
    if (gsl_vector_get (self->S, i) < 1e-12 * gsl_vector_get (self->S, 0))
      gsl_vector_set (self->S, i, 0);
}

/* A stop in contact: how far its approach velocity and its gap may go
 * below zero before it is an event (far above the integration's drift,
 * far below any motion that matters). */
static double
contact_v_tol (const LzEventIntegrator *self)
{
  return 1e-7 * MAX (1.0, self->v_scale);
}

static double
contact_p_tol (const LzEventIntegrator *self)
{
  return 1e-9 * MAX (1.0, self->v_scale);
}

/* Below this approach speed an impact gives no bounce: the stop stays in
 * contact (the impulse LCP with e = 0 for it, the kinetic energy booked
 * as impact loss; handle_event() logs it as cause "zeno").  A body held
 * on a stop with e = 1 by a stiff load (paper 002's tyre under its
 * suspension) otherwise chatters: after each landing the approach
 * speeds shrink only as the dampers take the energy, the intervals
 * shrink with them, and thousands of ever smaller bounces — of heights
 * (ġ⁻)²/2g̈, nanometres — never end in contact; the rounding of the
 * located instants keeps a resting contact bouncing too.  The threshold
 * is relative to the run's velocity scale (the largest speed so far): a
 * bounce of 1e-3 of it is far below what the run resolves.  With e < 1
 * it is the end of a Zeno sequence (the rest of the geometric series is
 * spent in contact).  The law itself is not smoothed: above the
 * threshold every impact bounces with the stop's e. */
static double
rest_v_tol (const LzEventIntegrator *self)
{
  return 1e-3 * MAX (1.0, self->v_scale);
}

/* The guards of element e in its mode at the state y (after rhs() has
 * set λ and the ground terms for that state); returns how many. */
static guint
guards (LzEventIntegrator *self,
        guint              e,
        const double      *y,
        double            *out)
{
  const Elem *el = &self->el[e];
  /* with massless bodies, the state rhs() solved them in (it runs first) */
  const double *q = self->nN + self->nD > 0 ? self->yc : y;
  const double *v = q + self->n;
  double g = wdot (el, q) + self->g0[e], gd = wdot (el, v) + self->g0d[e], s, F;

  switch (el->kind)
    {
    case LZ_ITEM_FRICTION:
      switch (self->mode[e])
        {
        case LZ_MODE_STICK:
          if (el->shadowed)
            return 0;
          F = -constraint_force (self, e);
          out[0] = el->fpos - F;
          out[1] = F + el->fneg;
          return 2;
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
          /* on a damped massless body the slip velocity may only creep
           * towards 0 (a bearing settling on its level: ż ∝ e^(−kt/μ)):
           * there it is a turn once beyond the rounding */
          out[0] = (self->mode[e] == LZ_MODE_SLIP_POS ? gd : -gd)
                   + (self->is_dstop[e] ? 1e-12 * MAX (1.0, self->v_scale) : 0);
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_GAP:
        case LZ_MODE_ENGAGED_POS:
        case LZ_MODE_ENGAGED_NEG:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_STOP:
      if (self->mode[e] == LZ_MODE_CONTACT)
        {
          double sx = el->contact_upper ? -1 : 1;

          out[0] = sx * constraint_force (self, e);
          if (self->is_static[e] || self->is_dstop[e])
            return 1;
          /* the constraint is kept at acceleration level: a velocity
           * that jumps (a kink of a moving limit, the ground hitting the
           * body) or a gap that drifts would otherwise go unnoticed —
           * either is an event, an impact or a re-projection */
          out[1] = sx * gd + contact_v_tol (self);
          out[2] = sx * (g - (el->contact_upper ? el->upper : el->lower)) + contact_p_tol (self);
          return 3;
        }
      if (self->mode[e] == LZ_MODE_FREE)
        {
          guint k = 0;

          if (isfinite (el->lower))
            out[k++] = g - el->lower;
          if (isfinite (el->upper))
            out[k++] = el->upper - g;
          return k;
        }
      return 0;
    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      if (el->freeplay == 0)
        return 0;
      s = g - el->offset;
      switch (self->mode[e])
        {
        case LZ_MODE_GAP:
          out[0] = el->freeplay - s;
          out[1] = s + el->freeplay;
          return 2;
        case LZ_MODE_ENGAGED_POS:
          out[0] = s - el->freeplay;
          return 1;
        case LZ_MODE_ENGAGED_NEG:
          out[0] = -s - el->freeplay;
          return 1;
        case LZ_MODE_NONE:
        case LZ_MODE_STICK:
        case LZ_MODE_SLIP_POS:
        case LZ_MODE_SLIP_NEG:
        case LZ_MODE_FREE:
        case LZ_MODE_CONTACT:
        case LZ_MODE_N_MODES:
        default:
          return 0;
        }
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_DAMPER:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      return 0;
    }
}

/* The smallest guard of all elements at (t, y): ≥ 0 while the mode holds;
 * *which gets the element. */
static double
min_guard (LzEventIntegrator *self,
           double             t,
           const double      *y,
           guint             *which)
{
  double best = INFINITY, g[MAX_GUARDS];

  rhs (t, y, self->dydt, self);           /* sets λ and the ground terms */
  for (guint e = 0; e < self->ne; e++)
    {
      guint k = guards (self, e, y, g);

      for (guint i = 0; i < k; i++)
        if (g[i] < best)
          {
            best = g[i];
            if (which != NULL)
              *which = e;
            self->min_jumps = self->el[e].kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT
                              && i == 1;
          }
    }
  return best;
}

/* Guards at INTERIOR_SAMPLES points inside a step, on the cubic Hermite
 * interpolant of q and v (from v and a = ẏ at the ends, as the guards at
 * the ends left them in dydt): the first point
 * where one is negative, or NaN.  Exact states come from re-integration
 * afterwards; this only finds where to look. */
#define INTERIOR_SAMPLES 8

static double
interior_crossing (LzEventIntegrator *self,
                   double             t0,
                   const double      *y0,
                   const double      *a0,
                   double             t1,
                   const double      *y1,
                   const double      *a1)
{
  guint n = self->n, dim = 2 * n + 3;
  double h = t1 - t0;
  double *ym = g_alloca (dim * sizeof (double));

  if (!(h > 0))
    return NAN;
  for (guint k = 1; k < INTERIOR_SAMPLES; k++)
    {
      double s = (double) k / INTERIOR_SAMPLES, s2 = s * s, s3 = s2 * s;
      double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
      double tm = t0 + s * h;

      for (guint i = 0; i < n; i++)
        {
          ym[i] = h00 * y0[i] + h10 * h * y0[n + i] + h01 * y1[i] + h11 * h * y1[n + i];
          ym[n + i] = h00 * y0[n + i] + h10 * h * a0[n + i] + h01 * y1[n + i] + h11 * h * a1[n + i];
        }
      for (guint i = 2 * n; i < dim; i++)
        ym[i] = (1 - s) * y0[i] + s * y1[i];
      if (min_guard (self, tm, ym, NULL) < 0)
        return tm;
    }
  return NAN;
}

/* y(t) from (t0, y0), by re-integration at the run's tolerances */
static gboolean
integrate_to (LzEventIntegrator *self,
              double             t0,
              const double      *y0,
              double             t,
              double            *y)
{
  double tt = t0;
  guint dim = 2 * self->n + 3;

  memcpy (y, y0, dim * sizeof (double));
  if (t <= t0)
    return TRUE;
  gsl_odeiv2_driver_reset (self->driver);
  gsl_odeiv2_driver_reset_hstart (self->driver, MIN (self->h_try, t - t0));
  return gsl_odeiv2_driver_apply (self->driver, &tt, t, y) == GSL_SUCCESS;
}

/* ------------------------------------------------------------------------ */

static void
element_state (LzEventIntegrator *self,
               double             t,
               const double      *y)
{
  const double *q = y, *v = y + self->n;

  rhs (t, y, self->dydt, self);
  if (self->nN + self->nD > 0)
    {
      q = self->yc;
      v = self->yc + self->n;
    }
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double g = wdot (el, q) + self->g0[e], gd = wdot (el, v) + self->g0d[e], T = el->c * gd;

      if (el->kind == LZ_ITEM_FRICTION)
        T += self->mode[e] == LZ_MODE_STICK ? -constraint_force (self, e) : mode_tension (self, e, g, gd);
      else if (el->kind == LZ_ITEM_STOP)
        T += -constraint_force (self, e);
      else if (el->k > 0)
        T = el->freeplay > 0 ? mode_tension (self, e, g, gd) : el->k * (g - el->offset);
      self->gv[e] = g;
      self->gdv[e] = gd;
      self->force[e] = T;
    }
}

static void
write_sample (LzEventIntegrator *self,
              LzTrace           *trace,
              double             t,
              const double      *y)
{
  LzEnergy energy = { 0 };
  guint n = self->n;
  double *ys = g_alloca ((2 * n + 3) * sizeof (double));

  /* the massless entries as they are at t (and v_N with ḟ) */
  memcpy (ys, y, (2 * n + 3) * sizeof (double));
  condense (self, t, ys, ys, TRUE);
  y = ys;
  element_state (self, t, y);
  for (guint i = 0; i < n; i++)
    energy.kinetic += 0.5 * self->mass[i] * y[n + i] * y[n + i];
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double s;

      if (el->k <= 0)
        continue;
      s = self->gv[e] - el->offset;
      s = el->freeplay > 0 ? lz_luz (s, el->freeplay) : s;
      energy.potential += 0.5 * el->k * s * s;
    }
  energy.damping = y[2 * n];
  energy.friction = y[2 * n + 1];
  energy.sources = y[2 * n + 2];
  energy.impacts = self->e_impacts;
  energy.balance_error = energy.kinetic + energy.potential + energy.damping + energy.friction
                         + energy.impacts - energy.sources - self->energy0;
  lz_trace_append (trace, t, y, y + n, self->force, self->gv, self->gdv, self->mode, &energy);
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
  guint n = self->n, m = 0;
  guint idx[64];
  gboolean upper[64];
  double ke0 = 0, ke1 = 0, ground_work = 0;
  double *v = y + n;

  rhs (t, y, self->dydt, self);
  /* a through-stop closes by the stop that reaches its limit (the other
   * is on its own): Newton's law with that stop's e (both: the smaller) */
  for (guint p = 0; p < self->nT; p++)
    {
      const Through *th = &self->through[p];
      gboolean k_on = self->mode[th->k] == LZ_MODE_CONTACT, r_on = self->mode[th->r] == LZ_MODE_CONTACT;

      self->el[th->v].e = k_on && !r_on ? self->el[th->r].e
                          : r_on && !k_on ? self->el[th->k].e
                          : MIN (self->el[th->k].e, self->el[th->r].e);
    }
  for (guint e = 0; e < self->ne && m < 64; e++)
    {
      const Elem *el = &self->el[e];
      double g = wdot (el, y) + self->g0[e];

      self->impacted[e] = FALSE;
      /* a massless body reaching a stop is no impact: it has no momentum */
      if (el->kind != LZ_ITEM_STOP || self->is_static[e])
        continue;
      if (isfinite (el->lower) && g - el->lower <= pos_tol)
        {
          idx[m] = e;
          upper[m++] = FALSE;
        }
      else if (isfinite (el->upper) && el->upper - g <= pos_tol)
        {
          idx[m] = e;
          upper[m++] = TRUE;
        }
    }
  if (m == 0)
    return 0;
  {
    g_autoptr(gsl_matrix) A = gsl_matrix_calloc (m, m);
    g_autoptr(gsl_vector) b = gsl_vector_alloc (m);
    g_autoptr(gsl_vector) z = gsl_vector_alloc (m);
    g_autoptr(gsl_vector) w = gsl_vector_alloc (m);
    gboolean any = FALSE;

    for (guint i = 0; i < m; i++)
      {
        const Elem *x = &self->el[idx[i]];
        double sx = upper[i] ? -1 : 1;
        double u = sx * (wdot (x, v) + self->g0d[idx[i]]);

        double e_law = x->e;

        if (u < -1e-12 * self->v_scale)
          any = TRUE;
        self->impact_speed[idx[i]] = MAX (0, -u);
        /* an approach slower than the resting tolerance is a persistent
         * contact, not a bounce (see rest_v_tol()) */
        if (-u < rest_v_tol (self))
          e_law = 0;
        gsl_vector_set (b, i, (1 + e_law) * u);
        for (guint j = 0; j < m; j++)
          {
            const Elem *yv = &self->el[idx[j]];
            double sy = upper[j] ? -1 : 1, d = minv_dot (self, x, yv);

            gsl_matrix_set (A, i, j, sx * sy * d);
          }
      }
    if (!any)
      return 0;
    for (guint i = 0; i < n; i++)
      ke0 += 0.5 * self->mass[i] * v[i] * v[i];
    /* ω = (1+e)u⁻ + D P … with u⁺ = u⁻ + D P: u⁺ + e u⁻ = (1+e)u⁻ + D P */
    if (!lz_lcp_solve_lemke (A, b, z, w, NULL, NULL))
      return 0;
    for (guint j = 0; j < m; j++)
      {
        double P = gsl_vector_get (z, j) * (upper[j] ? -1 : 1);
        const Elem *el = &self->el[idx[j]];

        if (gsl_vector_get (z, j) > 0)
          {
            /* the located instant may be a hair past the limit: put g on it
             * (the smallest M-norm shift along w) */
            double g = wdot (el, y) + self->g0[idx[j]];
            double limit = upper[j] ? el->upper : el->lower;
            double Dw = gsl_matrix_get (A, j, j), shift = (limit - g) / Dw;

            self->impacted[idx[j]] = TRUE;
            if (el->b >= 0)
              y[el->b] += shift * el->cb / self->mass[el->b];
            if (el->a >= 0)
              y[el->a] -= shift * el->ca / self->mass[el->a];
          }
        if (el->b >= 0)
          v[el->b] += P * el->cb / self->mass[el->b];
        if (el->a >= 0)
          v[el->a] -= P * el->ca / self->mass[el->a];
        /* a moving ground port pushes: the impulse does the work −P·ġ0
         * (ġ0 the ground's part of ġ), a work of the sources */
        ground_work -= P * self->g0d[idx[j]];
      }
    for (guint i = 0; i < n; i++)
      ke1 += 0.5 * self->mass[i] * v[i] * v[i];
  }
  /* a through-stop's impact is the impact of the stop that closed */
  for (guint p = 0; p < self->nT; p++)
    {
      const Through *th = &self->through[p];

      if (!self->impacted[th->v])
        continue;
      for (guint j = 0; j < 2; j++)
        {
          guint e = j == 0 ? th->k : th->r;

          if (self->mode[e] != LZ_MODE_CONTACT)
            {
              self->impacted[e] = TRUE;
              self->impact_speed[e] = self->impact_speed[th->v];
            }
        }
    }
  /* what the impact dissipates is the kinetic energy lost relative to the
   * moving limit: ke0 − ke1 + work of the ground */
  y[2 * n + 2] += ground_work;
  return ke0 - ke1 + ground_work;
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
 * F₊ + F₋ − μ; the LCP is copositive-plus, Lemke solves it.  CAND holds
 * the M elements, KIND says how each takes part (DV_STOP with SGN the
 * limit's side, DV_FRICTION, or DV_FIXED: the force LAM holds on entry);
 * LAM and U get λ and u.  Leaves the modes of the D elements free/stuck. */
enum { DV_STOP, DV_FRICTION, DV_FIXED };

static gboolean
dvel_solve (LzEventIntegrator *self,
            double             t,
            const double      *y,
            const guint       *cand,
            const int         *kind,
            const double      *sgn,
            guint              m,
            double            *lam,
            double            *u)
{
  guint n = self->n, nD = self->nD, L = 0;
  g_autoptr(gsl_matrix) A = gsl_matrix_calloc (m, m);
  g_autoptr(gsl_matrix) X = gsl_matrix_calloc (nD, m);
  int *var = g_alloca (m * sizeof (int));
  double *lo = g_alloca (m * sizeof (double));
  guint nf = 0;
  gboolean ok = TRUE;

  /* the free velocities: stops free, friction neither held nor pushing */
  for (guint s = 0; s < self->nDS; s++)
    {
      guint e = self->iDS[s];

      self->mode[e] = self->el[e].kind == LZ_ITEM_STOP ? LZ_MODE_FREE : LZ_MODE_STICK;
    }
  self->d_free = TRUE;
  condense (self, t, y, self->yc, FALSE);
  self->d_free = FALSE;
  /* A = Wᵀ C_DD⁻¹ W */
  for (guint j = 0; j < m; j++)
    {
      const Elem *el = &self->el[cand[j]];
      gsl_vector_view col = gsl_matrix_column (X, j);
      double g0, g0d, g0dd;

      ground_terms (self, cand[j], t, &g0, &g0d, &g0dd);
      u[j] = elem_g (el, self->yc + n, g0d);
      d_column (self, el, &col.vector);
      lo[j] = kind[j] == DV_FIXED ? lam[j] : kind[j] == DV_FRICTION ? -el->fpos : 0;
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
          double qi = u[i], si = kind[i] == DV_STOP ? sgn[i] : 1;

          if (var[i] < 0)
            continue;
          for (guint j = 0; j < m; j++)
            {
              if (kind[j] != DV_STOP)
                qi += gsl_matrix_get (A, i, j) * lo[j];
              if (var[j] >= 0)
                gsl_matrix_set (M, var[i], var[j],
                                si * gsl_matrix_get (A, i, j) * (kind[j] == DV_STOP ? sgn[j] : 1));
            }
          gsl_vector_set (q, var[i], si * qi);
          if (kind[i] == DV_FRICTION)
            {
              const Elem *el = &self->el[cand[i]];

              gsl_matrix_set (M, var[i], L + f, 1);
              gsl_matrix_set (M, L + f, var[i], -1);
              gsl_vector_set (q, L + f, el->fpos + el->fneg);
              f++;
            }
        }
      ok = lz_lcp_solve_lemke (M, q, z, w, NULL, NULL);
      for (guint j = 0; j < m; j++)
        if (var[j] >= 0)
          lam[j] = !ok ? 0 : kind[j] == DV_STOP ? sgn[j] * gsl_vector_get (z, var[j])
                                                 : lo[j] + gsl_vector_get (z, var[j]);
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
static gboolean
dv_along (const Elem *f,
          const Elem *s)
{
  return f->kind == LZ_ITEM_FRICTION && s->kind == LZ_ITEM_STOP && parallel (f, s)
         && f->xa == s->xa && f->xb == s->xb;
}

/* The force of friction element F at its level, pushing the way stop S in
 * contact pushes (sign SX: +1 at the lower limit). */
static double
dv_level_along (const Elem *f,
                const Elem *s,
                double      sx)
{
  double ratio = f->b >= 0 ? f->cb / s->cb : f->ca / s->ca;

  return sx * ratio > 0 ? f->fneg : -f->fpos;
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
static void
dvel_select (LzEventIntegrator *self,
             double             t,
             double            *y,
             double             pos_tol,
             double             v_tol)
{
  guint n = self->n, m = 0;
  guint *cand = g_alloca (MAX (self->nDS, 1) * sizeof (guint));
  int *kind = g_alloca (MAX (self->nDS, 1) * sizeof (int));
  int *pair = g_alloca (MAX (self->nDS, 1) * sizeof (int));
  double *sgn = g_alloca (MAX (self->nDS, 1) * sizeof (double));
  double *lam = g_alloca (MAX (self->nDS, 1) * sizeof (double));
  double *u = g_alloca (MAX (self->nDS, 1) * sizeof (double));
  gboolean *open = g_alloca (MAX (self->nDS, 1) * sizeof (gboolean));
  gboolean ok, any_open = FALSE, stage_b = FALSE;
  double scale = 1;

  if (self->nDS == 0)
    return;
  /* the candidates: stops at a limit (the others free; their ports are D
   * joints, bodies with mass and grounds, whose positions y has), every
   * friction element */
  for (guint s = 0; s < self->nDS; s++)
    if (self->el[self->iDS[s]].kind == LZ_ITEM_STOP)
      self->mode[self->iDS[s]] = LZ_MODE_FREE;
  for (guint s = 0; s < self->nDS; s++)
    {
      guint e = self->iDS[s];
      Elem *el = &self->el[e];
      double g0, g0d, g0dd, g;

      sgn[m] = 1;
      kind[m] = el->kind == LZ_ITEM_STOP ? DV_STOP : DV_FRICTION;
      if (self->s_excluded[e])
        continue;                       /* left to its through-stop */
      if (el->kind == LZ_ITEM_STOP)
        {
          ground_terms (self, e, t, &g0, &g0d, &g0dd);
          g = elem_g (el, y, g0);
          el->contact_upper = FALSE;
          if (isfinite (el->lower) && g - el->lower <= pos_tol)
            sgn[m] = 1;
          else if (isfinite (el->upper) && el->upper - g <= pos_tol)
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
        if (dv_along (&self->el[cand[k]], &self->el[cand[j]]))
          pair[j] = (int) k;
      if (pair[j] >= 0)
        {
          kind[j] = DV_FIXED;
          lam[j] = 0;
        }
    }
  ok = dvel_solve (self, t, y, cand, kind, sgn, m, lam, u);
  for (guint j = 0; j < m && ok; j++)
    if (pair[j] >= 0 && sgn[j] * u[j] < -v_tol)
      {
        /* the friction element cannot hold: at its level, the stop in */
        kind[j] = DV_STOP;
        kind[pair[j]] = DV_FIXED;
        lam[pair[j]] = dv_level_along (&self->el[cand[pair[j]]], &self->el[cand[j]], sgn[j]);
        stage_b = TRUE;
      }
  if (stage_b)
    ok = dvel_solve (self, t, y, cand, kind, sgn, m, lam, u);
  for (guint j = 0; j < m; j++)
    scale = MAX (scale, kind[j] == DV_STOP ? fabs (lam[j])
                        : MAX (self->el[cand[j]].fpos, self->el[cand[j]].fneg));
  for (guint j = 0; j < m; j++)
    {
      guint e = cand[j];
      const Elem *el = &self->el[e];
      double tol = 1e-9 * MAX (1.0, MAX (el->fpos, el->fneg));

      open[j] = FALSE;
      if (el->kind == LZ_ITEM_STOP && kind[j] == DV_FIXED)
        self->mode[e] = LZ_MODE_FREE;   /* its friction element holds */
      else if (el->kind == LZ_ITEM_FRICTION && kind[j] == DV_FIXED)
        self->mode[e] = LZ_MODE_STICK;  /* along its stop, at its level */
      else if (kind[j] == DV_STOP && ok && sgn[j] * lam[j] <= 1e-12 * scale && fabs (u[j]) <= v_tol)
        open[j] = any_open = TRUE;      /* touching, pushing nothing */
      else if (kind[j] == DV_STOP)
        self->mode[e] = !ok || sgn[j] * lam[j] > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
      else if (!ok || u[j] > v_tol || u[j] < -v_tol)
        self->mode[e] = u[j] > v_tol ? LZ_MODE_SLIP_POS : u[j] < -v_tol ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
      else if (lam[j] > -el->fpos + tol && lam[j] < el->fneg - tol)
        self->mode[e] = LZ_MODE_STICK;
      else
        open[j] = any_open = TRUE;
    }
  if (any_open)
    {
      /* a moment later, the state moved on in these modes */
      double dt = 1e-7 * MAX (1.0, fabs (t));
      g_autofree double *yp = g_memdup2 (y, (2 * n + 3) * sizeof (double));
      g_autofree double *dy = g_new (double, 2 * n + 3);
      g_autofree LzMode *keep = NULL;

      for (guint j = 0; j < m; j++)
        if (open[j])
          self->mode[cand[j]] = kind[j] == DV_STOP ? LZ_MODE_CONTACT : LZ_MODE_STICK;
      keep = g_memdup2 (self->mode, self->ne * sizeof (LzMode));
      rhs (t, y, dy, self);
      for (guint i = 0; i < 2 * n; i++)
        yp[i] += dt * dy[i];
      if (dvel_solve (self, t + dt, yp, cand, kind, sgn, m, lam, u))
        for (guint j = 0; j < m; j++)
          {
            const Elem *el = &self->el[cand[j]];
            double tol = 1e-9 * MAX (1.0, MAX (el->fpos, el->fneg));

            if (!open[j])
              continue;
            if (kind[j] == DV_STOP)
              keep[cand[j]] = sgn[j] * lam[j] > 0 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
            else
              keep[cand[j]] = lam[j] <= -el->fpos + tol ? LZ_MODE_SLIP_POS
                              : lam[j] >= el->fneg - tol ? LZ_MODE_SLIP_NEG : LZ_MODE_STICK;
          }
      memcpy (self->mode, keep, self->ne * sizeof (LzMode));
    }
}

/* The D joints' stops in contact exactly on their limits (the located
 * instant may be a hair past): the smallest shift of the joints. */
static void
dstop_project (LzEventIntegrator *self,
               double             t,
               double            *y)
{
  for (guint s = 0; s < self->nDS; s++)
    {
      guint e = self->iDS[s];
      const Elem *el = &self->el[e];
      double g0, g0d, g0dd, r, d = 0;

      if (self->mode[e] != LZ_MODE_CONTACT)
        continue;
      ground_terms (self, e, t, &g0, &g0d, &g0dd);
      r = (el->contact_upper ? el->upper : el->lower) - elem_g (el, y, g0);
      if (el->b >= 0 && self->rD[el->b] >= 0)
        d += el->cb * el->cb;
      if (el->a >= 0 && self->rD[el->a] >= 0)
        d += el->ca * el->ca;
      if (el->b >= 0 && self->rD[el->b] >= 0)
        y[el->b] += r * el->cb / d;
      if (el->a >= 0 && self->rD[el->a] >= 0)
        y[el->a] -= r * el->ca / d;
    }
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
  guint n = self->n, ncand = 0, L = 0;
  guint cand[64], first[64];
  const double *q = y, *v = y + n;
  LzMode saved[256];
  gboolean ok = TRUE, *th_cand = g_newa (gboolean, MAX (self->nT, 1));
  LzMode *k_before = g_newa (LzMode, MAX (self->nT, 1));

  /* the candidates' own laws are left out of a_free: evaluate with every
   * candidate free (friction slack), then couple them through the LCP */
  for (guint e = 0; e < self->ne && e < 256; e++)
    saved[e] = self->mode[e];
  /* a through-stop at its limit decides its R: the balance leaves R out */
  for (guint p = 0; p < self->nT; p++)
    {
      const Through *th = &self->through[p];
      const Elem *el = &self->el[th->v], *k = &self->el[th->k];
      double g0, g0d, g0dd, g;

      if (th->friction)
        {
          /* through friction: while K is at its limit */
          ground_terms (self, th->k, t, &g0, &g0d, &g0dd);
          g = elem_g (k, q, g0);
          th_cand[p] = th->sk > 0 ? g - k->lower <= pos_tol : k->upper - g <= pos_tol;
        }
      else
        {
          ground_terms (self, th->v, t, &g0, &g0d, &g0dd);
          th_cand[p] = elem_g (el, q, g0) - el->lower <= pos_tol && wdot (el, v) + g0d <= v_tol;
        }
      self->s_excluded[th->r] = th_cand[p];
      k_before[p] = self->mode[th->k];
    }
  /* the massless bodies' springs with freeplay and stops: by their balance */
  if (!node_select (self, t, y))
    ok = FALSE;
  /* the damped ones' stops and dry friction: by the velocities they allow */
  dvel_select (self, t, y, pos_tol, v_tol);
  /* a through friction's K in contact stays so while at its limit: the
   * balance without R cannot see the body with mass pressing (K's force,
   * with V's share, lets it go if it should) */
  for (guint p = 0; p < self->nT; p++)
    if (self->through[p].friction && th_cand[p] && k_before[p] == LZ_MODE_CONTACT)
      {
        self->mode[self->through[p].k] = LZ_MODE_CONTACT;
        self->el[self->through[p].k].contact_upper = self->through[p].sk < 0;
      }
  rhs (t, y, self->dydt, self);
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      double g = wdot (el, q) + self->g0[e], gd = wdot (el, v) + self->g0d[e], s;

      if (self->is_static[e])
        continue;
      switch (el->kind)
        {
        case LZ_ITEM_FRICTION:
          if (e >= self->nm && self->mode[self->through[e - self->nm].k] != LZ_MODE_CONTACT)
            self->mode[e] = LZ_MODE_NONE;       /* K off: no through friction */
          else if (fabs (gd) <= v_tol && ncand < 64)
            {
              cand[ncand++] = e;
              self->mode[e] = LZ_MODE_NONE;
            }
          else
            self->mode[e] = gd > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
          break;
        case LZ_ITEM_STOP:
          self->el[e].contact_upper = FALSE;
          if (isfinite (el->lower) && g - el->lower <= pos_tol && gd <= v_tol && ncand < 64)
            {
              cand[ncand++] = e;
              self->mode[e] = LZ_MODE_FREE;
            }
          else if (isfinite (el->upper) && el->upper - g <= pos_tol && gd >= -v_tol && ncand < 64)
            {
              self->el[e].contact_upper = TRUE;
              cand[ncand++] = e;
              self->mode[e] = LZ_MODE_FREE;
            }
          else
            self->mode[e] = LZ_MODE_FREE;
          break;
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          if (el->freeplay > 0)
            {
              s = g - el->offset;
              if (s > el->freeplay + pos_tol || (s > el->freeplay - pos_tol && gd > 0))
                self->mode[e] = LZ_MODE_ENGAGED_POS;
              else if (s < -el->freeplay - pos_tol || (s < -el->freeplay + pos_tol && gd < 0))
                self->mode[e] = LZ_MODE_ENGAGED_NEG;
              else
                self->mode[e] = LZ_MODE_GAP;
            }
          break;
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_DAMPER:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
    }
  memcpy (self->new_mode, self->mode, self->ne * sizeof (LzMode));
  if (ncand == 0)
    {
      for (guint e = 0; e < self->ne && e < 256; e++)
        self->mode[e] = saved[e];
      for (guint p = 0; p < self->nT; p++)
        self->s_excluded[self->through[p].r] = FALSE;
      return ok;
    }

  /* a_free with no constraints */
  self->nc = 0;
  accelerations (self, t, q, v, self->a);

  for (guint c = 0; c < ncand; c++)
    {
      first[c] = L;
      L += self->el[cand[c]].kind == LZ_ITEM_FRICTION ? 2 : 1;
    }
  {
    g_autoptr(gsl_matrix) A = gsl_matrix_calloc (L, L);
    g_autoptr(gsl_vector) b = gsl_vector_alloc (L);
    g_autoptr(gsl_vector) z = gsl_vector_alloc (L);
    g_autoptr(gsl_vector) w = gsl_vector_alloc (L);
    g_autofree double *lambda0 = g_new0 (double, ncand);

    /* generalized force per unknown: contact λ along ±w; friction μ:
     * −F w = −(μ − F0⁻) w */
    for (guint c = 0; c < ncand; c++)
      if (self->el[cand[c]].kind == LZ_ITEM_FRICTION)
        lambda0[c] = self->el[cand[c]].fneg;      /* the constant part of −F */
    for (guint i = 0; i < ncand; i++)
      {
        const Elem *x = &self->el[cand[i]];
        double sx = x->kind == LZ_ITEM_STOP && x->contact_upper ? -1 : 1;
        double gdd0 = wdot (x, self->a) + self->g0dd[cand[i]];
        int row = x->kind == LZ_ITEM_FRICTION ? (int) first[i] + 1 : (int) first[i];
        double scale = x->kind == LZ_ITEM_FRICTION ? -1 : sx;   /* μ row: ξ1 − g̈ */

        for (guint j = 0; j < ncand; j++)
          {
            const Elem *yv = &self->el[cand[j]];
            double d = minv_dot (self, x, yv), gj;
            int col;

            if (yv->kind == LZ_ITEM_FRICTION)
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
        if (x->kind == LZ_ITEM_FRICTION)
          {
            /* ξ1 row: F0⁺ + F0⁻ − μ;  μ row: ξ1 − g̈ */
            gsl_vector_set (b, first[i], x->fpos + x->fneg);
            *gsl_matrix_ptr (A, first[i], first[i] + 1) -= 1;
            *gsl_matrix_ptr (A, first[i] + 1, first[i]) += 1;
            gsl_vector_set (b, first[i] + 1, -gdd0);
          }
        else
          gsl_vector_set (b, first[i], sx * gdd0);
      }
    if (!lz_lcp_solve_lemke (A, b, z, w, NULL, NULL))
      ok = FALSE;
    for (guint c = 0; c < ncand; c++)
      {
        guint e = cand[c];
        const Elem *el = &self->el[e];

        if (el->kind == LZ_ITEM_FRICTION)
          {
            double xi1 = gsl_vector_get (z, first[c]);
            double xi2 = gsl_vector_get (w, first[c] + 1);

            /* Lemke's nonbasic variables are exact zeros: any ξ > 0 is a
             * slip, however small (just past a force limit) */
            self->new_mode[e] = !ok ? LZ_MODE_STICK
                                : xi1 > 0 ? LZ_MODE_SLIP_POS
                                : xi2 > 0 ? LZ_MODE_SLIP_NEG
                                : LZ_MODE_STICK;
          }
        else
          self->new_mode[e] = ok && gsl_vector_get (z, first[c]) > 0 ? LZ_MODE_CONTACT
                              : ok ? LZ_MODE_FREE : LZ_MODE_CONTACT;
      }
  }
  /* a through-stop that holds holds its K and R; one that lifts off
   * with K off too leaves R to the balance without K */
  {
    gboolean again = FALSE;

    LzMode *first_k = g_newa (LzMode, MAX (self->nT, 1));

    for (guint p = 0; p < self->nT; p++)
      {
        const Through *th = &self->through[p];

        first_k[p] = self->new_mode[th->k];
        if (!th_cand[p])
          continue;
        if (th->friction)
          {
            /* R takes the through friction's mode; K off, the balance decides R */
            if (self->new_mode[th->v] != LZ_MODE_NONE)
              self->new_mode[th->r] = self->new_mode[th->v];
            else
              {
                self->s_excluded[th->r] = FALSE;
                again = TRUE;
              }
            continue;
          }
        if (self->new_mode[th->v] == LZ_MODE_CONTACT)
          {
            self->new_mode[th->k] = self->new_mode[th->r] = LZ_MODE_CONTACT;
            self->el[th->k].contact_upper = th->sk < 0;
            self->el[th->r].contact_upper = th->sr < 0;
          }
        else if (self->mode[th->k] != LZ_MODE_CONTACT)
          {
            self->s_excluded[th->r] = FALSE;
            self->s_excluded[th->k] = again = TRUE;
          }
      }
    if (again)
      {
        LzMode *massive = g_newa (LzMode, self->ne);

        memcpy (massive, self->mode, self->ne * sizeof (LzMode));
        if (!node_select (self, t, y))
          ok = FALSE;
        dvel_select (self, t, y, pos_tol, v_tol);
        for (guint r = 0; r < self->nS; r++)
          if (!self->s_excluded[self->iS[r]])
            self->new_mode[self->iS[r]] = self->mode[self->iS[r]];
        for (guint r = 0; r < self->nDS; r++)
          if (!self->s_excluded[self->iDS[r]])
            self->new_mode[self->iDS[r]] = self->mode[self->iDS[r]];
        for (guint p = 0; p < self->nT; p++)
          if (self->through[p].friction)
            self->new_mode[self->through[p].k] = first_k[p];   /* as decided with R left out */
        memcpy (self->mode, massive, self->ne * sizeof (LzMode));
      }
    for (guint p = 0; p < self->nT; p++)
      self->s_excluded[self->through[p].k] = self->s_excluded[self->through[p].r] = FALSE;
  }
  return ok;
}

/* Makes ġ = 0 (and g = limit for contacts) hold exactly for the
 * constraints of the mode: the smallest M-norm correction. */
static double
project (LzEventIntegrator *self,
         double             t,
         double            *y)
{
  guint n = self->n;
  double ground_work = 0;

  if (self->nc == 0)
    return 0;
  for (int level = 0; level < 2; level++)
    {
      double *x = level == 0 ? y : y + n;

      rhs (t, y, self->dydt, self);
      for (guint c = 0; c < self->nc; c++)
        {
          guint e = self->con[c];
          const Elem *el = &self->el[e];
          double r;

          if (level == 0)
            {
              if (el->kind != LZ_ITEM_STOP)
                {
                  gsl_vector_set (self->rhs_c, c, 0);
                  continue;
                }
              r = wdot (el, y) + self->g0[e] - (el->contact_upper ? el->upper : el->lower);
            }
          else
            r = wdot (el, y + n) + self->g0d[e];
          gsl_vector_set (self->rhs_c, c, -r);
        }
      gsl_linalg_SV_solve (self->G, self->V, self->S, self->rhs_c, self->lambda);
      for (guint c = 0; c < self->nc; c++)
        {
          const Elem *el = &self->el[self->con[c]];
          double l = gsl_vector_get (self->lambda, c);

          if (el->b >= 0)
            x[el->b] += l * el->cb / self->mass[el->b];
          if (el->a >= 0)
            x[el->a] -= l * el->ca / self->mass[el->a];
          /* the velocity correction is an impulse l along w: a moving
           * ground port does the work −l·ġ0 on it (as in an impact) */
          if (level == 1)
            ground_work -= l * self->g0d[self->con[c]];
        }
    }
  return ground_work;
}

static double
kinetic (const LzEventIntegrator *self,
         const double            *y)
{
  double ke = 0;

  for (guint i = 0; i < self->n; i++)
    ke += 0.5 * self->mass[i] * y[self->n + i] * y[self->n + i];
  return ke;
}

/* project(), with the kinetic energy it removes booked as impact loss
 * (a contact closing or a stick starting with a residual speed) —
 * relative to a moving limit: the limit's work on the correcting impulse
 * is a work of the sources, not a loss. */
static void
project_counted (LzEventIntegrator *self,
                 double             t,
                 double            *y)
{
  double ke = kinetic (self, y), ground_work;

  ground_work = project (self, t, y);
  y[2 * self->n + 2] += ground_work;
  self->e_impacts += ke - kinetic (self, y) + ground_work;
}

/* The through-stops' modes in MODE agree with their stops' (PRIOR the
 * modes before): V reaching contact puts K and R in contact; K or R
 * lifting off lifts V; V off with both on (V lifted off) frees R — K
 * keeps the massless body on the body with mass, and K's force guard
 * decides at once if it should not. */
static void
through_sync (LzEventIntegrator *self,
              LzMode            *mode,
              const LzMode      *prior,
              double             t,
              const double      *y)
{
  for (guint p = 0; p < self->nT; p++)
    {
      const Through *th = &self->through[p];

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

                      ground_terms (self, th->r, t, &g0, &g0d, &g0dd);
                      self->el[th->r].stick_g = elem_g (&self->el[th->r], y, g0);
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

/* Handles an event at (t, y): impacts, mode selection, projection, log. */
static double
handle_event (LzEventIntegrator *self,
              LzTrace           *trace,
              double             t,
              double            *y,
              gboolean           initial)
{
  double zeno_delay = 0;
  guint n = self->n;
  double pos_tol = 1e-9 * MAX (1.0, self->v_scale) * MAX (1e-3, self->h_try);
  double v_tol = 1e-9 * MAX (1.0, self->v_scale);
  double loss;
  LzMode before[256], *prior = g_newa (LzMode, self->ne);
  gboolean zeno = FALSE;

  for (guint e = 0; e < self->ne && e < 256; e++)
    before[e] = self->mode[e];
  memcpy (prior, self->mode, self->ne * sizeof (LzMode));
  self->nc = 0;
  loss = resolve_impacts (self, t, y, pos_tol);
  self->e_impacts += loss;
  for (guint e = 0; e < self->ne; e++)
    if (self->impacted[e])
      {
        /* the bounces have shrunk to the size of the event location's
         * noise: the rest of the geometric series of bounces, whose
         * intervals shrink by the ratio r of the approach speeds, lasts
         * (t − t_prev)·r/(1 − r) — the stop is in contact from then on */
        double r = self->impact_speed[e] / MAX (1e-300, self->prev_impact_speed[e]);

        if (self->impact_speed[e] < rest_v_tol (self))
          {
            zeno = TRUE;
            if (r > 0 && r < 1 && self->el[e].e < 1 && self->prev_impact_t[e] >= 0)
              zeno_delay = MAX (zeno_delay, (t - self->prev_impact_t[e]) * r / (1 - r));
          }
        self->prev_impact_t[e] = t;
        self->prev_impact_speed[e] = self->impact_speed[e];
      }
  select_modes (self, t, y, pos_tol, v_tol);
  for (guint e = 0; e < self->ne; e++)
    if (zeno && self->impacted[e])
      self->new_mode[e] = LZ_MODE_CONTACT;
  through_sync (self, self->new_mode, prior, t, y);
  memcpy (self->mode, self->new_mode, self->ne * sizeof (LzMode));
  setup_mode (self);
  dstop_project (self, t, y);
  /* the massless coordinates on the balance of the new mode (a joint
   * whose friction starts to slip moves there: continuously, but where a
   * stuck friction later holds it matters) */
  condense (self, t, y, y, FALSE);
  project_counted (self, t, y);
  if (zeno && zeno_delay > 0)
    {
      /* spend the accumulated bounces in contact (the body stays within
       * the bounces' height, far below the tolerances, of the limit) */
      integrate_to (self, t, y, t + zeno_delay, self->yt);
      memcpy (y, self->yt, (2 * n + 3) * sizeof (double));
      t += zeno_delay;
      project_counted (self, t, y);
    }
  if (initial)
    {
      for (guint e = 0; e < self->nm; e++)
        if (self->mode[e] != LZ_MODE_NONE)
          {
            LzEvent ev = { t, e, self->mode[e], self->mode[e], LZ_CAUSE_INITIAL };

            lz_trace_append_event (trace, &ev);
          }
      return t;
    }
  for (guint e = 0; e < self->nm; e++)
    if (self->impacted[e] || (e < 256 && self->mode[e] != before[e]))
      {
        LzEvent ev = { t, e, e < 256 ? before[e] : self->mode[e], self->mode[e], 0 };
        LzMode from = ev.from, to = ev.to;

        if (self->impacted[e])
          ev.cause = zeno ? LZ_CAUSE_ZENO : LZ_CAUSE_IMPACT;
        else if (to == LZ_MODE_STICK)
          ev.cause = LZ_CAUSE_VELOCITY_ZERO;
        else if ((to == LZ_MODE_SLIP_POS || to == LZ_MODE_SLIP_NEG) && from == LZ_MODE_STICK)
          ev.cause = LZ_CAUSE_FORCE_LIMIT;
        else if (to == LZ_MODE_SLIP_POS || to == LZ_MODE_SLIP_NEG)
          ev.cause = LZ_CAUSE_VELOCITY_ZERO;
        else if (to == LZ_MODE_FREE)
          ev.cause = LZ_CAUSE_LIFT_OFF;
        else if (to == LZ_MODE_CONTACT)
          ev.cause = self->is_static[e] ? LZ_CAUSE_MASSLESS_CONTACT : LZ_CAUSE_IMPACT;
        else
          ev.cause = LZ_CAUSE_BOUNDARY;
        lz_trace_append_event (trace, &ev);
        self->parent.stats.events++;
      }
  for (guint i = 0; i < n; i++)
    self->v_scale = MAX (self->v_scale, fabs (y[n + i]));
  return t;
}

static void
event_start (LzIntegrator *integrator,
             LzTrace      *trace)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;
  guint n = self->n;

  for (guint i = 0; i < n; i++)
    self->v_scale = MAX (self->v_scale, fabs (self->y[n + i]));
  /* a massless body's friction holds it where it starts (its q0: the
   * state of the play), unless its load is beyond the levels — then the
   * first selection lets it slip onto its balance */
  for (guint r = 0; r < self->nS; r++)
    if (self->el[self->iS[r]].kind == LZ_ITEM_FRICTION)
      {
        guint e = self->iS[r];
        double g0, g0d, g0dd;

        ground_terms (self, e, 0.0, &g0, &g0d, &g0dd);
        self->mode[e] = LZ_MODE_STICK;
        self->el[e].stick_g = elem_g (&self->el[e], self->y, g0);
      }
  condense (self, 0.0, self->y, self->y, TRUE);
  handle_event (self, trace, 0.0, self->y, TRUE);
  {
    LzEnergy e0 = { 0 };

    element_state (self, 0.0, self->y);
    for (guint i = 0; i < n; i++)
      e0.kinetic += 0.5 * self->mass[i] * self->y[n + i] * self->y[n + i];
    for (guint e = 0; e < self->ne; e++)
      {
        const Elem *el = &self->el[e];
        double s;

        if (el->k <= 0)
          continue;
        s = self->gv[e] - el->offset;
        s = el->freeplay > 0 ? lz_luz (s, el->freeplay) : s;
        e0.potential += 0.5 * el->k * s * s;
      }
    self->energy0 = e0.kinetic + e0.potential;
  }
  write_sample (self, trace, 0.0, self->y);
  self->next_sample = integrator->options.sample > 0 ? integrator->options.sample : INFINITY;
}

static LzStepResult
event_step (LzIntegrator *integrator,
            double        t_limit,
            LzTrace      *trace,
            GError      **error)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;
  guint dim = 2 * self->n + 3, which = 0;
  double bracket_a, bracket_fa, a, b, fa, fb;
  int side;
  gboolean jumps;
  double t0 = integrator->t, t = t0, t_stop = MIN (t_limit, integrator->t_end), g0, g1;
  int status;

  if (self->static_error != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->static_error);
      return LZ_STEP_ERROR;
    }
  if (t0 >= t_stop - 1e-13 * MAX (1.0, t_stop))
    return LZ_STEP_DONE;

  memcpy (self->y0, self->y, dim * sizeof (double));
  g0 = min_guard (self, t0, self->y0, NULL);
  memcpy (self->dydt0, self->dydt, dim * sizeof (double));   /* ẏ(t0), for the interpolant */
  status = gsl_odeiv2_evolve_apply (self->evolve, self->control, self->step, &self->sys,
                                    &t, t_stop, &self->h_try, self->y);
  if (status != GSL_SUCCESS || !isfinite (self->y[0]))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                   _("the smooth integration failed at t = %.10g s (%s)"), t0, gsl_strerror (status));
      return LZ_STEP_ERROR;
    }
  for (guint i = 0; i < 2 * self->n; i++)
    if (!isfinite (self->y[i]) || fabs (self->y[i]) > integrator->options.divergence_limit)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                     _("the run diverged at t = %.10g s: body “%s” reached q = %g, v = %g"),
                     t, lz_assembly_get_dof_name (integrator->assembly, i % self->n),
                     self->y[i % self->n], self->y[self->n + i % self->n]);
        return LZ_STEP_ERROR;
      }
  integrator->stats.steps++;

  g1 = min_guard (self, t, self->y, &which);
  if (!(g1 < 0 && g0 <= 0))
    {
      /* a guard that leaves zero and comes back within one long step (a
       * stuck element under a periodic force while nothing moves, so the
       * error control lets the step grow past the period), or that
       * crosses three times: the step ends at the first negative sample,
       * so that the location below brackets the earliest crossing */
      double tm;

      memcpy (self->dydt1, self->dydt, dim * sizeof (double));   /* ẏ(t) from g1 */
      tm = interior_crossing (self, t0, self->y0, self->dydt0, t, self->y, self->dydt1);

      /* only a crossing the exact state confirms shortens the step (the
       * interpolant of a fast oscillation may dip where the motion does
       * not) */
      if (!isnan (tm) && integrate_to (self, t0, self->y0, tm, self->yt)
          && min_guard (self, tm, self->yt, NULL) < 0)
        {
          t = tm;
          memcpy (self->y, self->yt, dim * sizeof (double));
        }
      g1 = min_guard (self, t, self->y, &which);
    }
  jumps = self->min_jumps;          /* g1's guard */
  bracket_a = t0;
  bracket_fa = MAX (g0, 0);
  if (g1 < 0 && g0 <= 0)
    {
      /* The mode chosen at the last event holds at that instant but not
       * after it: a force reaching its level exactly there, a contact
       * force passing through zero.  The higher derivatives decide (the
       * DCP of paper 004), and the state a moment later shows them: a
       * stuck element whose force leaves its levels slips that way, a
       * contact whose force turns negative opens — both from t0 on. */
      double tp = t0, g[MAX_GUARDS];
      gboolean changed = FALSE, d_left = FALSE;

      /* a moment later — growing the moment when the guard leaves zero
       * only at second order (grazing a limit or a freeplay boundary) */
      double rel, gp = 0;

      for (rel = 1e-12; rel <= 1.1e-4; rel *= 100)
        {
          tp = MIN (t0 + rel * MAX (1.0, fabs (t0)), t);
          integrate_to (self, t0, self->y0, tp, self->yt);
          gp = min_guard (self, tp, self->yt, NULL);
          if (gp < 0 || tp >= t)
            break;
          bracket_a = tp;
          bracket_fa = gp;
        }
      if (!(gp < 0 && rel <= 1.1e-8))
        goto locate;    /* not at once: a crossing later in the step */
      rhs (tp, self->yt, self->dydt, self);
      memcpy (self->new_mode, self->mode, self->ne * sizeof (LzMode));
      for (guint e = 0; e < self->ne; e++)
        {
          guint k = guards (self, e, self->yt, g);

          if (self->is_dstop[e])
            {
              /* the D joints' elements: together, by their velocity-level
               * problem (below) */
              for (guint i = 0; i < k; i++)
                d_left |= g[i] < 0;
              continue;
            }
          if (self->el[e].kind == LZ_ITEM_FRICTION && self->mode[e] == LZ_MODE_STICK && k == 2)
            {
              if (g[0] < 0)
                self->new_mode[e] = LZ_MODE_SLIP_POS;
              else if (g[1] < 0)
                self->new_mode[e] = LZ_MODE_SLIP_NEG;
            }
          else if (self->el[e].kind == LZ_ITEM_FRICTION && k == 1 && g[0] < 0
                   && (self->mode[e] == LZ_MODE_SLIP_POS || self->mode[e] == LZ_MODE_SLIP_NEG))
            {
              /* the slip velocity was zero at t0 and turns at once: stick
               * (and if the force is beyond the levels, the stick guard
               * sends it the other way at the next pass) */
              self->new_mode[e] = LZ_MODE_STICK;
            }
          else if (self->el[e].kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT && k >= 1
                   && g[0] < 0)
            self->new_mode[e] = LZ_MODE_FREE;
          else if (self->el[e].kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_FREE
                   && (self->is_static[e]
                       || fabs (wdot (&self->el[e], self->yt + self->n) + self->g0d[e])
                          <= 1e-6 * MAX (1.0, self->v_scale)))
            {
              /* grazing a limit: the gap closes without an approach speed
               * (a massless body's stop: always, it has no momentum) */
              for (guint i = 0; i < k; i++)
                if (g[i] < 0)
                  {
                    self->new_mode[e] = LZ_MODE_CONTACT;
                    self->el[e].contact_upper = !(i == 0 && isfinite (self->el[e].lower));
                  }
            }
          else if ((self->el[e].kind == LZ_ITEM_SPRING || self->el[e].kind == LZ_ITEM_GEAR)
                   && self->el[e].freeplay > 0)
            {
              /* a freeplay boundary reached with no speed across it */
              if (self->mode[e] == LZ_MODE_GAP && k == 2)
                self->new_mode[e] = g[0] < 0 ? LZ_MODE_ENGAGED_POS
                                    : g[1] < 0 ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP;
              else if (k == 1 && g[0] < 0)
                self->new_mode[e] = LZ_MODE_GAP;
            }
        }
      if (d_left)
        {
          LzMode *saved = g_newa (LzMode, self->ne);

          memcpy (saved, self->mode, self->ne * sizeof (LzMode));
          dvel_select (self, tp, self->yt, 1e-8 * MAX (1.0, self->v_scale), 1e-9 * MAX (1.0, self->v_scale));
          for (guint s = 0; s < self->nDS; s++)
            self->new_mode[self->iDS[s]] = self->mode[self->iDS[s]];
          memcpy (self->mode, saved, self->ne * sizeof (LzMode));
        }
      through_sync (self, self->new_mode, self->mode, t0, self->y0);
      memcpy (self->y, self->y0, dim * sizeof (double));
      integrator->t = t0;
      for (guint e = self->nm; e < self->ne; e++)
        if (self->new_mode[e] != self->mode[e])
          {
            /* a through-stop: its stops' events are logged */
            self->mode[e] = self->new_mode[e];
            changed = TRUE;
          }
      for (guint e = 0; e < self->nm; e++)
        if (self->new_mode[e] != self->mode[e])
          {
            LzMode to = self->new_mode[e];
            LzEvent ev = { t0, e, self->mode[e], to,
                           to == LZ_MODE_FREE ? LZ_CAUSE_LIFT_OFF
                           : to == LZ_MODE_CONTACT && self->is_static[e] ? LZ_CAUSE_MASSLESS_CONTACT
                           : to == LZ_MODE_CONTACT ? LZ_CAUSE_IMPACT
                           : to == LZ_MODE_SLIP_POS || to == LZ_MODE_SLIP_NEG ? LZ_CAUSE_FORCE_LIMIT
                           : to == LZ_MODE_STICK ? LZ_CAUSE_VELOCITY_ZERO
                           : LZ_CAUSE_BOUNDARY };

            lz_trace_append_event (trace, &ev);
            integrator->stats.events++;
            if (self->is_static[e] && to == LZ_MODE_STICK)
              {
                /* a massless body's friction sticks where it is */
                double x0, x0d, x0dd;

                ground_terms (self, e, t0, &x0, &x0d, &x0dd);
                self->el[e].stick_g = elem_g (&self->el[e], self->y, x0);
              }
            self->mode[e] = self->new_mode[e];
            changed = TRUE;
          }
      if (changed)
        {
          if (t0 == self->last_event_t && ++self->events_at_same_t > 64)
            {
              g_set_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                           _("at t = %.10g s the mode of “%s” does not settle: every mode "
                             "the selection gives is left at once"),
                           t0, self->el[which].element->item.id);
              return LZ_STEP_ERROR;
            }
          if (t0 != self->last_event_t)
            self->events_at_same_t = 0;
          self->last_event_t = t0;
          setup_mode (self);
          dstop_project (self, t0, self->y);
          project_counted (self, t0, self->y);
          gsl_odeiv2_evolve_reset (self->evolve);
          /* a sampled run has a row at every event too (an unsampled one
           * wrote this instant at the end of the previous step) */
          if (integrator->options.sample > 0)
            write_sample (self, trace, t0, self->y);
          return LZ_STEP_EVENT;
        }
      /* otherwise a full selection a moment later */
      t = tp;
      memcpy (self->y, self->yt, dim * sizeof (double));
    }
  else if (g1 < 0)
    {
    locate:
      /* Illinois on the earliest guard crossing in (t0, t] */
      a = bracket_a;
      b = t;
      fa = bracket_fa;
      fb = g1;
      side = 0;

      for (int it = 0, slow = 0; it < 200 && b - a > 1e-12 * MAX (1.0, fabs (b)); it++)
        {
          double c = fa - fb != 0 ? b - fb * (b - a) / (fb - fa) : 0.5 * (a + b), fc;
          double width = b - a;

          /* a guard that jumps (a stop's velocity at a kink of its moving
           * limit) leaves the secant at one end: bisect when the bracket
           * has not halved in two trials */
          if (!(c > a && c < b) || (jumps && slow >= 2))
            {
              c = 0.5 * (a + b);
              slow = 0;
            }
          if (!integrate_to (self, t0, self->y0, c, self->yt))
            break;
          fc = min_guard (self, c, self->yt, NULL);
          if (fc < 0)
            {
              b = c;
              fb = fc;
              if (side == -1)
                fa /= 2;
              side = -1;
            }
          else
            {
              a = c;
              fa = fc;
              if (side == 1)
                fb /= 2;
              side = 1;
            }
          slow = b - a > 0.5 * width ? slow + 1 : 0;
        }
      t = b;
      integrate_to (self, t0, self->y0, t, self->y);
    }

  /* samples in (t0, t], each integrated on from the one before: a long
   * step with many samples costs one integration of the step, not one
   * from t0 per sample */
  if (self->next_sample <= t + 1e-12 * MAX (1.0, t))
    {
      double *ys = g_alloca (dim * sizeof (double));
      double ts0 = t0;

      memcpy (ys, self->y0, dim * sizeof (double));
      while (self->next_sample <= t + 1e-12 * MAX (1.0, t))
        {
          double ts = MIN (self->next_sample, t);

          if (integrate_to (self, ts0, ys, ts, self->yt))
            {
              write_sample (self, trace, ts, self->yt);
              memcpy (ys, self->yt, dim * sizeof (double));
              ts0 = ts;
            }
          self->next_sample += integrator->options.sample;
        }
    }
  /* the massless coordinates back on their balance (no drift) */
  condense (self, t, self->y, self->y, FALSE);
  integrator->t = t;

  if (g1 < 0)
    {
      guint before = lz_trace_get_n_events (trace);

      if (t == self->last_event_t)
        {
          if (++self->events_at_same_t > 64)
            {
              g_set_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                           _("at t = %.10g s the mode of “%s” does not settle: every mode "
                             "the selection gives is left at once"),
                           t, self->el[which].element->item.id);
              return LZ_STEP_ERROR;
            }
        }
      else
        self->events_at_same_t = 0;
      self->last_event_t = t;
      t = handle_event (self, trace, t, self->y, FALSE);
      integrator->t = t;
      if (self->static_error != NULL)
        {
          g_set_error_literal (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION, self->static_error);
          return LZ_STEP_ERROR;
        }
      gsl_odeiv2_evolve_reset (self->evolve);
      if (integrator->options.sample <= 0 || lz_trace_get_n_events (trace) > before)
        write_sample (self, trace, t, self->y);
      return lz_trace_get_n_events (trace) > before ? LZ_STEP_EVENT : LZ_STEP_OK;
    }
  if (integrator->options.sample <= 0)
    write_sample (self, trace, t, self->y);
  if (t >= integrator->t_end - 1e-13 * MAX (1.0, integrator->t_end)
      && lz_trace_get_time (trace, lz_trace_get_n_samples (trace) - 1) < t)
    write_sample (self, trace, t, self->y);
  return LZ_STEP_OK;
}

static void
event_free (LzIntegrator *integrator)
{
  LzEventIntegrator *self = (LzEventIntegrator *) integrator;

  g_free (self->mass);
  g_free (self->iN);
  g_free (self->iD);
  g_free (self->zlambda);
  g_free (self->iS);
  g_free (self->is_static);
  g_free (self->rN);
  g_free (self->sg0);
  g_free (self->sg0d);
  g_free (self->s_cached);
  g_free (self->s_con);
  g_free (self->static_error);
  g_free (self->iDS);
  g_free (self->is_dstop);
  g_free (self->rD);
  g_clear_pointer (&self->DX, gsl_matrix_free);
  g_clear_pointer (&self->DG, gsl_matrix_free);
  g_clear_pointer (&self->DV, gsl_matrix_free);
  g_clear_pointer (&self->DS, gsl_vector_free);
  g_clear_pointer (&self->Dwork, gsl_vector_free);
  g_clear_pointer (&self->Dr, gsl_vector_free);
  g_clear_pointer (&self->Dl, gsl_vector_free);
  g_clear_pointer (&self->Dcol, gsl_vector_free);
  g_clear_pointer (&self->SA, gsl_matrix_free);
  g_clear_pointer (&self->SX, gsl_matrix_free);
  g_clear_pointer (&self->SG, gsl_matrix_free);
  g_clear_pointer (&self->SV, gsl_matrix_free);
  g_clear_pointer (&self->SS, gsl_vector_free);
  g_clear_pointer (&self->Swork, gsl_vector_free);
  g_clear_pointer (&self->Sb, gsl_vector_free);
  g_clear_pointer (&self->Sr, gsl_vector_free);
  g_clear_pointer (&self->Sl, gsl_vector_free);
  g_clear_pointer (&self->sM, gsl_matrix_free);
  g_clear_pointer (&self->sq, gsl_vector_free);
  g_clear_pointer (&self->su, gsl_vector_free);
  g_clear_pointer (&self->sw, gsl_vector_free);
  g_free (self->yc);
  g_free (self->fc);
  g_clear_pointer (&self->KNN, gsl_matrix_free);
  g_clear_pointer (&self->CDD, gsl_matrix_free);
  g_clear_pointer (&self->pN, gsl_permutation_free);
  g_clear_pointer (&self->pD, gsl_permutation_free);
  g_clear_pointer (&self->bN, gsl_vector_free);
  g_clear_pointer (&self->bD, gsl_vector_free);
  g_clear_pointer (&self->xN, gsl_vector_free);
  g_clear_pointer (&self->xD, gsl_vector_free);
  g_clear_pointer (&self->K, gsl_matrix_free);
  g_clear_pointer (&self->C, gsl_matrix_free);
  g_free (self->el);
  g_free (self->mode);
  g_free (self->new_mode);
  g_free (self->impacted);
  g_free (self->impact_speed);
  g_free (self->prev_impact_t);
  g_free (self->prev_impact_speed);
  g_free (self->con);
  g_clear_pointer (&self->G, gsl_matrix_free);
  g_clear_pointer (&self->V, gsl_matrix_free);
  g_clear_pointer (&self->S, gsl_vector_free);
  g_clear_pointer (&self->work, gsl_vector_free);
  g_clear_pointer (&self->rhs_c, gsl_vector_free);
  g_clear_pointer (&self->lambda, gsl_vector_free);
  g_clear_pointer (&self->driver, gsl_odeiv2_driver_free);
  g_clear_pointer (&self->evolve, gsl_odeiv2_evolve_free);
  g_clear_pointer (&self->control, gsl_odeiv2_control_free);
  g_clear_pointer (&self->step, gsl_odeiv2_step_free);
  g_free (self->y);
  g_free (self->y0);
  g_free (self->yt);
  g_free (self->dydt);
  g_free (self->dydt0);
  g_free (self->dydt1);
  g_free (self->fv);
  g_free (self->a);
  g_free (self->g0);
  g_free (self->g0d);
  g_free (self->g0dd);
  g_free (self->force);
  g_free (self->gv);
  g_free (self->gdv);
  g_free (self->through);
  g_free (self->s_excluded);
}

/* X[idx, idx] of the COUNT coordinates, LU-factored, with its right-hand
 * side and solution vectors; a vanishing pivot names its body (held by
 * dampers when DAMPERS, else by springs). */
static gboolean
factor_block (LzEventIntegrator  *self,
              const gsl_matrix   *X,
              const guint        *idx,
              guint               count,
              gsl_matrix        **lu,
              gsl_permutation   **perm,
              gsl_vector        **rhs_out,
              gsl_vector        **sol,
              gboolean            dampers,
              GError            **error)
{
  int sign;

  if (count == 0)
    return TRUE;
  *lu = gsl_matrix_alloc (count, count);
  *perm = gsl_permutation_alloc (count);
  *rhs_out = gsl_vector_alloc (count);
  *sol = gsl_vector_alloc (count);
  for (guint r = 0; r < count; r++)
    for (guint c = 0; c < count; c++)
      gsl_matrix_set (*lu, r, c, gsl_matrix_get (X, idx[r], idx[c]));
  gsl_linalg_LU_decomp (*lu, *perm, &sign);
  for (guint r = 0; r < count; r++)
    if (!(fabs (gsl_matrix_get (*lu, r, r)) > 1e-12 * fabs (gsl_matrix_get (X, idx[r], idx[r]))))
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                     dampers ? _("the massless body “%s” is not held: its dampers leave it free "
                                 "(see luztar-cli reduce)")
                             : _("the massless body “%s” is not held: its springs leave it free "
                                 "(see luztar-cli reduce)"),
                     lz_assembly_get_dof_name (self->parent.assembly, idx[r]));
        return FALSE;
      }
  return TRUE;
}

static int
group_root (int *parent,
            int  r)
{
  while (parent[r] != r)
    r = parent[r] = parent[parent[r]];
  return r;
}

/* Elements FIRST and SECOND from one massless body z (a joint of ROWS)
 * to two anchors: a stop to a body with mass (the first when
 * MASSIVE_FIRST) and a stop or dry friction to the other anchor.  One
 * limit each and alone on z (ALONE: its group of joints is z), they make
 * a through-stop or through friction (see Through), recorded here; two
 * stops limiting z from the same side limit nothing through it.  FALSE
 * for what the event-driven method does not take. */
static gboolean
through_pair (LzEventIntegrator *self,
              const int         *rows,
              guint              first,
              guint              second,
              gboolean           massive_first,
              gboolean           alone)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint elems[2] = { massive_first ? first : second, massive_first ? second : first };
  double side[2], wz[2];
  int z = -1;
  Through *th;

  if (!alone)
    return FALSE;
  for (guint j = 0; j < 2; j++)
    {
      const LzElement *element = lz_model_get_element (model, elems[j]);
      int a, b;
      double ca, cb;

      if (element->item.kind == LZ_ITEM_FRICTION ? j == 0
          : isfinite (element->stop.lower) == isfinite (element->stop.upper))
        return FALSE;                   /* two-sided, or friction to the body with mass */
      lz_assembly_get_element_ports (assembly, elems[j], &a, &b, &ca, &cb);
      if ((a >= 0 && rows[a] < 0 && !(self->mass[a] > 0)) || (b >= 0 && rows[b] < 0 && !(self->mass[b] > 0)))
        return FALSE;                   /* to another kind of massless body */
      if (a >= 0 && rows[a] >= 0)
        {
          if (z >= 0 && z != a)
            return FALSE;
          z = a;
          wz[j] = -ca;
        }
      else
        {
          if (z >= 0 && z != b)
            return FALSE;
          z = b;
          wz[j] = cb;
        }
      side[j] = element->item.kind == LZ_ITEM_FRICTION || isfinite (element->stop.lower) ? 1 : -1;
    }
  for (guint p = 0; p < self->nT; p++)
    if (self->through[p].k == elems[0] || self->through[p].k == elems[1]
        || self->through[p].r == elems[0] || self->through[p].r == elems[1])
      return FALSE;                     /* one through-stop per stop */
  th = &self->through[self->nT];
  th->friction = lz_model_get_element (model, elems[1])->item.kind == LZ_ITEM_FRICTION;
  if (!th->friction && side[0] * wz[0] * side[1] * wz[1] > 0)
    return TRUE;                        /* both limit z from one side */
  th->k = elems[0];
  th->r = elems[1];
  th->v = lz_model_get_n_elements (model) + self->nT;
  th->sk = side[0];
  th->sr = side[1];
  /* g_V = ka·g_K + rb·g_R without z: for stops a positive sum of the
   * gaps, for friction R's own direction (rb > 0) */
  th->ka = th->friction ? -(wz[0] > 0 ? 1 : -1) * wz[1] : side[0] * fabs (wz[1]);
  th->rb = side[1] * fabs (wz[0]);
  th->cached_v = LZ_MODE_N_MODES;
  self->nT++;
  return TRUE;
}

/* Stops and dry friction (which holds like a stop while stuck) from one
 * group of massless joints to two different outside ports — two bodies
 * with mass, or a body and the ground — limit the motion between those
 * through the massless joints: an impact of the bodies with mass, or a
 * body held through them, not a balance (and no balance at all where the
 * limits leave no room).  Two stops alone on a joint are taken as a
 * through-stop (through_pair()); the rest is refused.  On damped
 * joints (DAMPED) two grounds are
 * taken when only one of them has stops: dry friction there gives way to
 * the grounds' motion (its force is bounded, the grounds are not).  ROWS
 * numbers the joints of the kind (N or D), LIST the elements to check. */
static gboolean
check_stop_anchors (LzEventIntegrator *self,
                    const int         *rows,
                    guint              nrows,
                    const guint       *list,
                    guint              count,
                    gboolean           damped,
                    GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint ne = lz_model_get_n_elements (model);
  g_autofree int *parent = g_new (int, MAX (nrows, 1));
  g_autofree int *root = g_new (int, MAX (count, 1));
  g_autofree const char **anchor = g_new0 (const char *, MAX (count, 1));

  /* groups of joints tied by stops and friction among them (springs give way) */
  for (guint r = 0; r < nrows; r++)
    parent[r] = (int) r;
  for (guint e = 0; e < ne; e++)
    {
      int a, b;
      double ca, cb;
      LzItemKind kind = lz_model_get_element (model, e)->item.kind;

      if (kind != LZ_ITEM_STOP && kind != LZ_ITEM_FRICTION)
        continue;
      lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
      if (a >= 0 && b >= 0 && rows[a] >= 0 && rows[b] >= 0)
        parent[group_root (parent, rows[a])] = group_root (parent, rows[b]);
    }

  for (guint s = 0; s < count; s++)
    {
      const LzElement *element = lz_model_get_element (model, list[s]);
      int a, b;
      double ca, cb;

      root[s] = -1;
      if (element->item.kind != LZ_ITEM_STOP && element->item.kind != LZ_ITEM_FRICTION)
        continue;
      lz_assembly_get_element_ports (assembly, list[s], &a, &b, &ca, &cb);
      if (a >= 0 && b >= 0 && rows[a] >= 0 && rows[b] >= 0)
        continue;                       /* between two joints */
      root[s] = group_root (parent, a >= 0 && rows[a] >= 0 ? rows[a] : rows[b]);
      anchor[s] = a >= 0 && rows[a] >= 0 ? element->b : element->a;
    }
  /* two stops first: the plainer message */
  for (int pass = 0; pass < 2; pass++)
    for (guint s = 0; s < count; s++)
      for (guint r = 0; r < s; r++)
        {
          const LzElement *first, *element;
          const LzGround *g1, *g2;
          int a, b;
          double ca, cb;
          const char *body;

          if (root[s] < 0 || root[r] != root[s] || g_strcmp0 (anchor[r], anchor[s]) == 0)
            continue;
          g1 = lz_model_lookup_ground (model, anchor[r]);
          g2 = lz_model_lookup_ground (model, anchor[s]);
          /* fixed grounds are one frame */
          if (g1 != NULL && g2 != NULL && g1->motion == NULL && g2->motion == NULL)
            continue;
          first = lz_model_get_element (model, list[r]);
          element = lz_model_get_element (model, list[s]);
          if ((pass == 0) != (first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP))
            continue;
          {
            /* two stops, or a stop to a body with mass and dry friction:
             * a through-stop, when z is alone in its group */
            gboolean stop_first = first->item.kind == LZ_ITEM_STOP;
            guint size = 0;

            for (guint i = 0; i < nrows; i++)
              size += group_root (parent, (int) i) == root[s];
            if (pass == 0 && (g1 == NULL || g2 == NULL)
                && through_pair (self, rows, list[r], list[s], g1 == NULL, size == 1))
              continue;
            if (pass == 1 && (stop_first ? g1 : g2) == NULL
                && through_pair (self, rows, list[r], list[s], stop_first, size == 1))
              continue;
          }
          if (damped && g1 != NULL && g2 != NULL
              && !(first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP))
            {
              /* a stop to one ground, friction to the other: the friction
               * gives way, unless stops go to both (tested with their pair) */
              continue;
            }
          lz_assembly_get_element_ports (assembly, list[s], &a, &b, &ca, &cb);
          body = lz_assembly_get_dof_name (assembly, a >= 0 && rows[a] >= 0 ? a : b);
          if (first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP)
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("the stops “%s” and “%s” hold the massless body “%s” against “%s” and "
                           "“%s”: through it they limit the motion between those, with impacts of "
                           "bodies with mass, which the event-driven method takes from two stops "
                           "with one limit each, alone on the massless body, and not from these; use "
                           "time-stepping"),
                         first->item.id, element->item.id, body, anchor[r], anchor[s]);
          else
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("“%s” and “%s” (stops or dry friction, which holds while it sticks) tie "
                           "the massless body “%s” to “%s” and to “%s”: while they hold, the "
                           "motions of those two are tied through it (a body with mass stopped or "
                           "held), which the event-driven method does not take; use time-stepping"),
                         first->item.id, element->item.id, body, anchor[r], anchor[s]);
          return FALSE;
        }
  return TRUE;
}

/* The massless bodies with springs with freeplay, stops and dry friction:
 * refuses what their balance cannot take, and leaves to a closed form
 * (lz-joints.c) what one takes.  Needs iN, rN and iS. */
static gboolean
check_static (LzEventIntegrator *self,
              GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint nN = self->nN;
  gboolean any_freeplay = FALSE;

  if (!check_stop_anchors (self, self->rN, nN, self->iS, self->nS, FALSE, error))
    return FALSE;
  for (guint s = 0; s < self->nS; s++)
    {
      LzItemKind kind = lz_model_get_element (model, self->iS[s])->item.kind;

      any_freeplay |= kind != LZ_ITEM_STOP && kind != LZ_ITEM_FRICTION;
    }

  /* The linear springs must hold the joints: inside a freeplay or off a
   * stop nothing else does, and the balance would be a whole interval. */
  {
    g_autoptr(gsl_matrix) U = gsl_matrix_alloc (nN, nN);
    g_autoptr(gsl_matrix) V = gsl_matrix_alloc (nN, nN);
    g_autoptr(gsl_vector) S = gsl_vector_alloc (nN);
    g_autoptr(gsl_vector) work = gsl_vector_alloc (nN);

    for (guint r = 0; r < nN; r++)
      for (guint c = 0; c < nN; c++)
        gsl_matrix_set (U, r, c, gsl_matrix_get (self->K, self->iN[r], self->iN[c]));
    gsl_linalg_SV_decomp (U, V, S, work);
    if (!(gsl_vector_get (S, nN - 1) > 1e-12 * gsl_vector_get (S, 0)))
      {
        /* the free direction: its largest joint with static elements */
        int best = -1;
        double big = 0;

        for (guint r = 0; r < nN; r++)
          {
            double x = fabs (gsl_matrix_get (V, r, nN - 1));
            gboolean has = FALSE;

            for (guint s = 0; s < self->nS; s++)
              {
                int a, b;
                double ca, cb;

                lz_assembly_get_element_ports (assembly, self->iS[s], &a, &b, &ca, &cb);
                has |= a == (int) self->iN[r] || b == (int) self->iN[r];
              }
            if (has && x > big * (1 + 1e-9))
              {
                big = x;
                best = (int) r;
              }
          }
        if (best >= 0 && big > 1e-9)
          {
            g_autoptr(GString) list = g_string_new (NULL);
            guint i = self->iN[best];

            for (guint s = 0; s < self->nS; s++)
              {
                int a, b;
                double ca, cb;

                lz_assembly_get_element_ports (assembly, self->iS[s], &a, &b, &ca, &cb);
                if (a == (int) i || b == (int) i)
                  lz_append_quoted_id (list, lz_model_get_element (model, self->iS[s])->item.id);
              }
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("the massless body “%s” is not held while %s leave it free (a spring "
                           "with freeplay slack, a stop off its limit, dry friction slipping): its "
                           "linear springs do not hold it, so every position there balances; give "
                           "it a linear spring or a mass"),
                         lz_assembly_get_dof_name (assembly, i), list->str);
            return FALSE;
          }
      }
  }

  /* Springs with freeplay in series have a closed form (Theorem 4.3):
   * lz_integrator_new() runs the simplified model (lz-joints.c). */
  if (any_freeplay)
    {
      g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (lz_joint_step_free);
      g_autoptr(LzModel) reduced = lz_model_eliminate_joints_with_steps (model, NULL, steps);

      for (guint k = 0; k < steps->len; k++)
        {
          const LzJointStep *step = steps->pdata[k];
          int i = lz_model_get_body_index (model, step->body);

          for (guint s = 0; s < self->nS && i >= 0; s++)
            {
              const LzElement *element = lz_model_get_element (model, self->iS[s]);
              int a, b;
              double ca, cb;

              lz_assembly_get_element_ports (assembly, self->iS[s], &a, &b, &ca, &cb);
              if (a == i || b == i)
                {
                  g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                               _("“%s” acts on the massless body “%s”, which a closed form "
                                 "eliminates (springs with freeplay in series): the event-driven "
                                 "method runs the simplified model"),
                               element->item.id, step->body);
                  return FALSE;
                }
            }
        }
    }
  return TRUE;
}

/* The workspaces of the static elements' balance (after the Elem table). */
static void
alloc_static (LzEventIntegrator *self)
{
  guint nN = self->nN, nS = self->nS, L = 0;

  if (self->nDS > 0)
    {
      self->DX = gsl_matrix_alloc (self->nD, self->nDS);
      self->DG = gsl_matrix_alloc (self->nDS, self->nDS);
      self->DV = gsl_matrix_alloc (self->nDS, self->nDS);
      self->DS = gsl_vector_alloc (self->nDS);
      self->Dwork = gsl_vector_alloc (self->nDS);
      self->Dr = gsl_vector_alloc (self->nDS);
      self->Dl = gsl_vector_alloc (self->nDS);
      self->Dcol = gsl_vector_alloc (self->nD);
    }
  if (nS == 0)
    return;
  for (guint s = 0; s < nS; s++)
    {
      const Elem *el = &self->el[self->iS[s]];

      L += el->kind == LZ_ITEM_STOP ? (isfinite (el->lower) ? 1 : 0) + (isfinite (el->upper) ? 1 : 0) : 2;
    }
  self->sL = L;
  self->sg0 = g_new0 (double, nS);
  self->sg0d = g_new0 (double, nS);
  self->s_cached = g_new0 (LzMode, nS);
  self->s_con = g_new0 (guint, nS);
  self->SA = gsl_matrix_alloc (nN, nN);
  self->SX = gsl_matrix_alloc (nN, nS);
  self->SG = gsl_matrix_alloc (nS, nS);
  self->SV = gsl_matrix_alloc (nS, nS);
  self->SS = gsl_vector_alloc (nS);
  self->Swork = gsl_vector_alloc (nS);
  self->Sb = gsl_vector_alloc (nN);
  self->Sr = gsl_vector_alloc (nS);
  self->Sl = gsl_vector_alloc (nS);
  self->sM = gsl_matrix_alloc (nN + L, nN + L);
  self->sq = gsl_vector_alloc (nN + L);
  self->su = gsl_vector_alloc (nN + L);
  self->sw = gsl_vector_alloc (nN + L);
}

/* Massless joints: those without damping (N, algebraic: linear springs,
 * and springs with freeplay, stops and dry friction through node_solve())
 * and those with damping (D, first order: springs with freeplay by their
 * mode, stops and dry friction through dstop_solve() and dvel_select() —
 * a body that a viscous friction element alone damps moves by paper
 * 003's non-inertial law μ ż = luz(F, F0) this way), factored once; the
 * rest is for time-stepping (or a closed-form reduction, lz-joints.c). */
static gboolean
setup_massless (LzEventIntegrator *self,
                GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint n = self->n;
  guint ne = lz_model_get_n_elements (model);

  self->yc = g_new0 (double, 2 * MAX (n, 1));
  self->fc = g_new0 (double, MAX (n, 1));
  self->iN = g_new0 (guint, MAX (n, 1));
  self->iD = g_new0 (guint, MAX (n, 1));
  /* (room for the through-stops: at most one per two stops) */
  self->zlambda = g_new0 (double, ne + ne / 2 + 1);
  self->is_static = g_new0 (gboolean, ne + ne / 2 + 1);
  self->s_excluded = g_new0 (gboolean, ne + ne / 2 + 1);
  self->through = g_new0 (Through, ne / 2 + 1);
  self->iS = g_new0 (guint, MAX (ne, 1));
  self->rN = g_new (int, MAX (n, 1));
  self->rD = g_new (int, MAX (n, 1));
  self->iDS = g_new0 (guint, MAX (ne, 1));
  self->is_dstop = g_new0 (gboolean, ne + ne / 2 + 1);
  for (guint i = 0; i < n; i++)
    self->rN[i] = self->rD[i] = -1;

  for (guint i = 0; i < n; i++)
    if (!(self->mass[i] > 0))
      {
        if (gsl_matrix_get (self->C, i, i) > 0)
          self->iD[self->nD++] = i;
        else
          self->iN[self->nN++] = i;
      }
  if (self->nN + self->nD == 0)
    return TRUE;
  for (guint r = 0; r < self->nN; r++)
    self->rN[self->iN[r]] = (int) r;

  for (guint r = 0; r < self->nD; r++)
    self->rD[self->iD[r]] = (int) r;

  /* Nonsmooth elements on massless bodies.  On an undamped joint (N):
   * springs with freeplay, stops and dry friction are solved with the
   * joints (node_solve(); a stuck friction element holds its coordinate
   * like a stop in contact, a slipping one pushes with ±F0).  On a damped
   * joint (D, ż = C_DD⁻¹(…)): a spring with freeplay is a force by its
   * mode, a stop in contact and a stuck friction element velocity
   * constraints (dstop_solve()), a slipping one its level. */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      double freeplay = 0;
      int a, b;
      double ca, cb;

      lz_element_get_stiffness (element, NULL, &freeplay, NULL);
      if (!(element->item.kind == LZ_ITEM_FRICTION || element->item.kind == LZ_ITEM_STOP || freeplay > 0))
        continue;
      lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
      if (!((a >= 0 && !(self->mass[a] > 0)) || (b >= 0 && !(self->mass[b] > 0))))
        continue;
      if ((a >= 0 && self->rN[a] >= 0) || (b >= 0 && self->rN[b] >= 0))
        {
          self->is_static[e] = TRUE;
          self->iS[self->nS++] = e;
          self->nSF += element->item.kind == LZ_ITEM_FRICTION;
          continue;
        }
      /* a damped massless port (D) */
      if (element->item.kind == LZ_ITEM_FRICTION
          && (a < 0 || self->mass[a] > 0 || self->rD[a] >= 0) && (b < 0 || self->mass[b] > 0 || self->rD[b] >= 0))
        {
          /* on D joints: stuck a velocity constraint, slipping a force
           * (dstop_solve(), dvel_select()) */
          self->is_static[e] = TRUE;
          self->is_dstop[e] = TRUE;
          self->iDS[self->nDS++] = e;
          continue;
        }
      if (element->item.kind != LZ_ITEM_STOP)
        continue;                       /* a spring with freeplay: a force by its mode */
      self->is_static[e] = TRUE;
      self->is_dstop[e] = TRUE;
      self->iDS[self->nDS++] = e;
    }
  if (self->nDS > 0 && !check_stop_anchors (self, self->rD, self->nD, self->iDS, self->nDS, TRUE, error))
    return FALSE;
  if (self->nS > 0 && !check_static (self, error))
    return FALSE;

  /* C_DN = 0: the N joints have no damping */
  return factor_block (self, self->K, self->iN, self->nN, &self->KNN, &self->pN, &self->bN, &self->xN,
                       FALSE, error)
         && factor_block (self, self->C, self->iD, self->nD, &self->CDD, &self->pD, &self->bD,
                          &self->xD, TRUE, error);
}

static LzIntegrator *
event_new (LzAssembly                *assembly,
           const LzIntegratorOptions *options,
           GError                   **error)
{
  LzEventIntegrator *self = g_new0 (LzEventIntegrator, 1);
  LzModel *model = lz_assembly_get_model (assembly);
  const LzSimulation *sim = lz_model_get_simulation (model);
  guint n = lz_assembly_get_n_dofs (assembly), ne = lz_model_get_n_elements (model), dim = 2 * n + 3;

  self->parent.assembly = assembly;
  self->parent.options = *options;
  self->n = n;
  self->ne = ne;
  self->mass = g_new0 (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    self->mass[i] = gsl_matrix_get (lz_assembly_get_M (assembly), i, i);
  self->K = gsl_matrix_alloc (MAX (n, 1), MAX (n, 1));
  self->C = gsl_matrix_alloc (MAX (n, 1), MAX (n, 1));
  gsl_matrix_memcpy (self->K, lz_assembly_get_K (assembly));
  gsl_matrix_memcpy (self->C, lz_assembly_get_C (assembly));
  if (!setup_massless (self, error))
    {
      event_free (&self->parent);
      g_free (self);
      return NULL;
    }
  /* the model's elements, then the through-stops */
  self->nm = ne;
  self->ne = ne + self->nT;
  self->el = g_new0 (Elem, MAX (self->ne, 1));
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      const LzGround *ga = lz_model_lookup_ground (model, element->a);
      const LzGround *gb = lz_model_lookup_ground (model, element->b);
      Elem *el = &self->el[e];

      el->element = element;
      el->kind = element->item.kind;
      lz_assembly_get_element_ports (assembly, e, &el->a, &el->b, &el->ca, &el->cb);
      el->xa = ga != NULL ? ga->motion : NULL;
      el->xb = gb != NULL ? gb->motion : NULL;
      el->lower = -INFINITY;
      el->upper = INFINITY;
      lz_element_get_stiffness (element, &el->k, &el->freeplay, &el->offset);
      el->c = lz_element_get_viscosity (element);
      if (el->kind == LZ_ITEM_FRICTION)
        {
          el->fpos = element->friction.level_pos;
          el->fneg = element->friction.level_neg;
        }
      else if (el->kind == LZ_ITEM_STOP)
        {
          el->lower = element->stop.lower;
          el->upper = element->stop.upper;
          el->e = element->stop.restitution;
        }
    }
  for (guint p = 0; p < self->nT; p++)
    {
      /* V = α·gap_K + β·gap_R on the ports of K and R that are not z:
       * K's at b, R's at a (z's terms cancel) */
      const Through *th = &self->through[p];
      const Elem *k = &self->el[th->k], *r = &self->el[th->r];
      Elem *el = &self->el[th->v];
      gboolean k_zb = k->b >= 0 && !(self->mass[k->b] > 0), r_zb = r->b >= 0 && !(self->mass[r->b] > 0);

      *el = (Elem) { .element = r->element, .kind = th->friction ? LZ_ITEM_FRICTION : LZ_ITEM_STOP,
                     .lower = -INFINITY, .upper = INFINITY };
      el->b = k_zb ? k->a : k->b;
      el->xb = k_zb ? k->xa : k->xb;
      el->cb = th->ka * (k_zb ? -k->ca : k->cb);
      el->a = r_zb ? r->a : r->b;
      el->xa = r_zb ? r->xa : r->xb;
      el->ca = -th->rb * (r_zb ? -r->ca : r->cb);
      if (th->friction)
        {
          /* R's force is rb times V's */
          el->fpos = r->fpos / th->rb;
          el->fneg = r->fneg / th->rb;
          continue;
        }
      el->lower = th->ka * (th->sk > 0 ? k->lower : k->upper)
                  + th->rb * (th->sr > 0 ? r->lower : r->upper);
      el->e = MIN (k->e, r->e);
    }
  alloc_static (self);
  self->mode = g_new0 (LzMode, MAX (self->ne, 1));
  self->new_mode = g_new0 (LzMode, MAX (self->ne, 1));
  self->impacted = g_new0 (gboolean, MAX (self->ne, 1));
  self->impact_speed = g_new0 (double, MAX (self->ne, 1));
  self->prev_impact_t = g_new0 (double, MAX (self->ne, 1));
  self->prev_impact_speed = g_new0 (double, MAX (self->ne, 1));
  for (guint e = 0; e < ne; e++)
    self->prev_impact_t[e] = -1;
  self->last_event_t = -1;
  self->con = g_new0 (guint, MAX (self->ne, 1));
  self->y = g_new0 (double, dim);
  self->y0 = g_new0 (double, dim);
  self->yt = g_new0 (double, dim);
  self->dydt = g_new0 (double, dim);
  self->dydt0 = g_new0 (double, dim);
  self->dydt1 = g_new0 (double, dim);
  self->fv = g_new0 (double, MAX (n, 1));
  self->a = g_new0 (double, MAX (n, 1));
  self->g0 = g_new0 (double, MAX (self->ne, 1));
  self->g0d = g_new0 (double, MAX (self->ne, 1));
  self->g0dd = g_new0 (double, MAX (self->ne, 1));
  self->force = g_new0 (double, MAX (self->ne, 1));
  self->gv = g_new0 (double, MAX (self->ne, 1));
  self->gdv = g_new0 (double, MAX (self->ne, 1));
  for (guint i = 0; i < n; i++)
    {
      self->y[i] = lz_model_get_body (model, i)->q0;
      self->y[n + i] = lz_model_get_body (model, i)->v0;
    }

  self->rtol = MIN (sim->rtol, 1e-10);
  self->atol = MIN (sim->atol, 1e-12);
  self->sys = (gsl_odeiv2_system) { rhs, NULL, dim, self };
  self->step = gsl_odeiv2_step_alloc (gsl_odeiv2_step_rk8pd, dim);
  self->control = gsl_odeiv2_control_y_new (self->atol, self->rtol);
  self->evolve = gsl_odeiv2_evolve_alloc (dim);
  self->driver = gsl_odeiv2_driver_alloc_y_new (&self->sys, gsl_odeiv2_step_rk8pd, 1e-6,
                                                self->atol, self->rtol);
  self->h_try = MIN (1e-3, options->t_end / 100);
  self->v_scale = 1.0;
  return &self->parent;
}

static const LzIntegratorClass event_class = {
  "event",
  event_new,
  event_start,
  event_step,
  event_free,
};

const LzIntegratorType *const lz_integrator_event = (const LzIntegratorType *) &event_class;
