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
 * per nonsmooth element, given by a box-constrained LCP in the variables
 *
 *   stop, lower side   z = P ≥ 0,            Λ += z,    0 ≤ u⁺ + e u⁻ ⊥ z
 *                      (only when the side is active: g + h/2·u ≤ lower)
 *   stop, upper side   z = P ≥ 0,            Λ −= z,    0 ≤ −(u⁺ + e u⁻) ⊥ z
 *   friction           z = hF ∈ [−hF0⁻, hF0⁺], Λ −= z,  the relay on −u⁺
 *   freeplay           z = Λ = −h·k·luz(s_θ, Δ) at the θ-point,
 *                      s_θ = s + hθ(θ u⁺ + (1−θ) u) − ℓ0 (the dead zone of
 *                      DESIGN.md §3, p − m = luz(s_θ, Δ), solved in closed
 *                      form for one row given the others: x + γ·luz(x, Δ)
 *                      = S, Theorem 3.7 of paper 000)
 *
 * with u = Hv + ġ0 the relative velocities.  In Λ the problem is the
 * minimum of a convex function (½ΛᵀDΛ + linear terms + the indicator of
 * the boxes + the dead-zone energy), and every update below is the exact
 * minimisation in one coordinate, so the Gauss–Seidel sweeps converge.  The Delassus operator
 * D = H W⁻¹ Hᵀ is constant: it is computed once, and kept sparse — an
 * entry is dropped only when it is below 1e-17·√(D_rr D_ss), i.e. below
 * the rounding of the entries kept — so that a chain of N bodies costs
 * O(N) per projected Gauss–Seidel sweep.  W is banded (bodies in file
 * order) and factored once by a banded Cholesky.  The step allocates
 * nothing.
 *
 * Energy: kinetic ½vᵀMv, potential of the springs, and per step the work
 * of every term evaluated exactly as the scheme uses it, and for θ > ½
 * the scheme's own numerical damping (numerical_damping()), so that
 * without freeplay the balance closes to rounding whatever θ.
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "lz-error.h"
#include "lz-integrator-private.h"
#include "lz-lcp.h"
#include "lz-luz.h"

/* Above this many variables the exact fallback is not prepared: projected
 * Gauss–Seidel must converge on its own. */
#define FALLBACK_MAX_VARS 300
/* sweeps of projected Gauss–Seidel before the fallback, at least */
#define PGS_MIN_SWEEPS 50

typedef enum
{
  VAR_STOP_LOWER,
  VAR_STOP_UPPER,
  VAR_FRICTION,
  VAR_FREEPLAY,
} VarKind;

typedef struct
{
  VarKind kind;
  guint   row;        /* row of H */
  double  c;          /* Λ_row += c·z */
  double  alpha;      /* w = α·(H_row v⁺) + β·z + b */
  double  beta;
  double  lo, hi;     /* box, per step for stops */
  double  b;
  double  diag;       /* α·D_rr·c + β */
} Var;

typedef struct
{
  const LzElement *element;
  int    a, b;        /* dofs or -1 */
  double ca, cb;
  int    row;         /* nonsmooth row or -1 */
  double k, c;        /* stiffness (springs, gears), damping (dampers, viscous friction) */
  guint  first_var, n_vars; /* its variables of the local problem */
  gboolean moving;     /* a port on a ground with a motion */
  int    massless;    /* a port on a body without mass: 0 none, 1 damped
                       * (first order), 2 undamped (algebraic) */
  double freeplay, offset;
} Elem;

struct _LzTimestep
{
  LzIntegrator parent;

  guint   n, n_rows, n_vars, n_elems, band;
  double  h, theta;
  double *mass;       /* diagonal of M */
  gboolean *algebraic; /* per dof: no mass and no damping */
  gboolean keep_theta; /* algebraic dofs are kept at their θ-point balance */
  gboolean balanced;   /* they start on their balance */
  double *Wband;      /* banded Cholesky factor of W: n × (band+1) */
  double *Kd, *Cd;    /* K and C by diagonals: entry (i, j) at i·(2·band+1) + j − i + band */
  /* H: ≤ 2 entries per row */
  int    *h_dof;      /* n_rows × 2, −1 for none */
  double *h_val;      /* n_rows × 2 */
  /* Delassus D, CSR */
  int    *d_start, *d_col;
  double *d_val;
  Var    *vars;
  Elem   *elems;
  /* the exact fallback (Lemke), for problems up to FALLBACK_MAX_VARS */
  double *Dd;          /* dense D, n_rows × n_rows */
  gsl_matrix *lcp_A;
  gsl_vector *lcp_b, *lcp_z, *lcp_w;
  int    *lcp_first;   /* per var: its first LCP index, −1 if inactive */
  int    *row_element;  /* element index of each row */
  int    *force_body;   /* per source: body dof or −1 (not a force) */
  guint   n_sources;

  /* state and workspaces */
  double *q, *v, *q1, *v1, *rhs, *tmp, *f0, *f1;
  double *z, *z_prev, *lambda, *u_free, *u_start, *g0_start, *g0_end, *g0dot_start, *g0dot_end;
  double *elem_force, *elem_g, *elem_gdot;
  LzMode *modes, *new_modes;
  gboolean *impact;
  LzEnergy energy;
  double  energy0;
  double  next_sample;
};

typedef struct _LzTimestep LzTimestep;

/* ------------------------------------------------------------------------ */
/* Banded Cholesky of a symmetric positive definite matrix                    */

/* L[i][k] holds L(i, i − k), k = 0 … band. */
#define LB(self, i, k) ((self)->Wband[(gsize) (i) * ((self)->band + 1) + (k)])

static gboolean
band_cholesky (LzTimestep   *self,
               const double *A,            /* symmetric, by diagonals like K */
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
              if (!(sum > 1e-14 * fabs (A[(gsize) i * width + b])) || !(sum > 0))
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

/* x ← W⁻¹ x */
static void
band_solve (const LzTimestep *self,
            double           *x)
{
  guint n = self->n, b = self->band;

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

/* g0(t) and ġ0(t) of element e: zero unless a port is a moving ground
 * (evaluating expressions per element and step would dominate long
 * chains) */
static inline void
element_g0 (const LzTimestep *self,
            guint             e,
            double            t,
            double           *g0,
            double           *g0dot)
{
  if (!self->elems[e].moving)
    {
      *g0 = 0;
      if (g0dot != NULL)
        *g0dot = 0;
      return;
    }
  lz_assembly_eval_element_g0 (self->parent.assembly, e, t, g0, g0dot);
}

/* ------------------------------------------------------------------------ */

static double
row_dot (const LzTimestep *self,
         guint             r,
         const double     *x)
{
  double s = 0.0;

  for (int k = 0; k < 2; k++)
    {
      int dof = self->h_dof[2 * r + k];

      if (dof >= 0)
        s += self->h_val[2 * r + k] * x[dof];
    }
  return s;
}

/* y = K x (or C x), K stored by diagonals */
static void
band_matvec (const LzTimestep *self,
             const double     *A,
             const double     *x,
             double           *y)
{
  guint n = self->n, b = self->band, width = 2 * b + 1;

  for (guint i = 0; i < n; i++)
    {
      double s = 0.0;
      guint j0 = i > b ? i - b : 0, j1 = MIN (n - 1, i + b);

      for (guint j = j0; j <= j1; j++)
        s += A[(gsize) i * width + j + b - i] * x[j];
      y[i] = s;
    }
}

static void
eval_forces (const LzTimestep *self,
             double            t,
             double           *f)
{
  gsl_vector_view view = gsl_vector_view_array (f, self->n);

  lz_assembly_eval_f (self->parent.assembly, t, &view.vector);
}

/* The energy stored in the springs at (q, t). */
static double
potential_energy (const LzTimestep *self,
                  const double     *q,
                  double            t)
{
  double e = 0.0;

  for (guint i = 0; i < self->n_elems; i++)
    {
      const Elem *el = &self->elems[i];
      double g0, s, stretch;

      if (el->k <= 0)
        continue;
      element_g0 (self, i, t, &g0, NULL);
      s = (el->b >= 0 ? el->cb * q[el->b] : 0) - (el->a >= 0 ? el->ca * q[el->a] : 0) + g0 - el->offset;
      stretch = el->freeplay > 0 ? lz_luz (s, el->freeplay) : s;
      e += 0.5 * el->k * stretch * stretch;
    }
  return e;
}

static double
kinetic_energy (const LzTimestep *self,
                const double     *v)
{
  double e = 0.0;

  for (guint i = 0; i < self->n; i++)
    e += 0.5 * self->mass[i] * v[i] * v[i];
  return e;
}

/* g, ġ and the tension of every element at (q, v, t); the last step's
 * impulses give the forces of stops and dry friction. */
static void
element_state (LzTimestep   *self,
               const double *q,
               const double *v,
               double        t,
               gboolean      all)
{
  for (guint i = 0; i < self->n_elems; i++)
    {
      const Elem *el = &self->elems[i];
      double g0, g0dot, g, gd, T = 0.0;

      /* between samples only the nonsmooth elements' modes are needed */
      if (!all && el->row < 0)
        continue;

      element_g0 (self, i, t, &g0, &g0dot);
      g = (el->b >= 0 ? el->cb * q[el->b] : 0) - (el->a >= 0 ? el->ca * q[el->a] : 0) + g0;
      gd = (el->b >= 0 ? el->cb * v[el->b] : 0) - (el->a >= 0 ? el->ca * v[el->a] : 0) + g0dot;
      switch (el->element->item.kind)
        {
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          T = el->k * (el->freeplay > 0 ? lz_luz (g - el->offset, el->freeplay) : g - el->offset);
          break;
        case LZ_ITEM_DAMPER:
          T = el->c * gd;
          break;
        case LZ_ITEM_FRICTION:
        case LZ_ITEM_STOP:
          /* λ = −T: the impulse of the last step over h */
          T = el->c * gd - (el->row >= 0 ? self->lambda[el->row] / self->h : 0.0);
          break;
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          g_assert_not_reached ();
        }
      self->elem_g[i] = g;
      self->elem_gdot[i] = gd;
      self->elem_force[i] = T;
    }
}

/* For a stop on a massless body: the gap where the body's position is
 * kept, as H v⁺ + rest ≥ 0 form; returns rest + (the part of the bound)
 * with the bound excluded: the caller subtracts bound·scale.
 *   undamped (algebraic): the θ-point, where it balances,
 *     g_θ = H q + hθ·(θ H v⁺ + (1 − θ) H v) + g0_θ, scale 1/(hθ²);
 *   damped (first order): the end of the step,
 *     g⁺ = H q + h·(θ H v⁺ + (1 − θ) H v) + g0(t + h), scale 1/(hθ). */
static double
massless_gap (const LzTimestep *self,
              guint             r,
              double            g,
              double            th,
              gboolean          algebraic,
              double           *scale)
{
  double h = self->h;
  double Hv = self->u_start[r] - self->g0dot_start[r];
  double rest;

  if (algebraic)
    {
      double g0_theta = th * self->g0_end[r] + (1 - th) * self->g0_start[r];

      rest = g - self->g0_start[r] + g0_theta + h * th * (1 - th) * Hv;
      *scale = 1 / (h * th * th);
    }
  else
    {
      rest = g - self->g0_start[r] + self->g0_end[r] + h * (1 - th) * Hv;
      *scale = 1 / (h * th);
    }
  return rest * *scale;
}

/* The rate at which a coordinate moves over the step, Δq/h: v_θ, but
 * θ·v_θ for a massless body kept at its θ-point balance (see the end of
 * timestep_step) — the work of the forces on it is done at this rate. */
static double
theta_rate (const LzTimestep *self,
            guint             i)
{
  double th = self->theta, vth = th * self->v1[i] + (1 - th) * self->v[i];

  return self->keep_theta && self->algebraic[i] ? th * vth : vth;
}

/* The modes from the state: freeplay from s, stops from the last contact
 * impulse, friction from the relative velocity. */
static void
classify (LzTimestep *self,
          LzMode     *modes,
          double      v_tol)
{
  for (guint i = 0; i < self->n_elems; i++)
    {
      const Elem *el = &self->elems[i];
      double s;

      modes[i] = LZ_MODE_NONE;
      switch (el->element->item.kind)
        {
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          if (el->freeplay > 0)
            {
              s = self->elem_g[i] - el->offset;
              modes[i] = s > el->freeplay ? LZ_MODE_ENGAGED_POS
                         : s < -el->freeplay ? LZ_MODE_ENGAGED_NEG : LZ_MODE_GAP;
            }
          break;
        case LZ_ITEM_FRICTION:
          modes[i] = fabs (self->elem_gdot[i]) <= v_tol ? LZ_MODE_STICK
                     : self->elem_gdot[i] > 0 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
          break;
        case LZ_ITEM_STOP:
          if (el->row < 0)
            break;
          modes[i] = LZ_MODE_FREE;
          for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
            if (self->z[j] > 0 && fabs (self->elem_gdot[i]) <= v_tol)
              modes[i] = LZ_MODE_CONTACT;
          break;
        case LZ_ITEM_DAMPER:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
    }
}

static LzEventCause
cause_of (LzMode from,
          LzMode to)
{
  switch (to)
    {
    case LZ_MODE_STICK:
      return LZ_CAUSE_VELOCITY_ZERO;
    case LZ_MODE_SLIP_POS:
    case LZ_MODE_SLIP_NEG:
      return from == LZ_MODE_STICK ? LZ_CAUSE_FORCE_LIMIT : LZ_CAUSE_VELOCITY_ZERO;
    case LZ_MODE_FREE:
      return LZ_CAUSE_LIFT_OFF;
    case LZ_MODE_CONTACT:
      return LZ_CAUSE_IMPACT;
    case LZ_MODE_GAP:
    case LZ_MODE_ENGAGED_POS:
    case LZ_MODE_ENGAGED_NEG:
      return LZ_CAUSE_BOUNDARY;
    case LZ_MODE_NONE:
    case LZ_MODE_N_MODES:
    default:
      return LZ_CAUSE_INITIAL;
    }
}

static void
write_sample (LzTimestep *self,
              LzTrace    *trace)
{
  lz_trace_append (trace, self->parent.t, self->q, self->v, self->elem_force, self->elem_g,
                   self->elem_gdot, self->modes, &self->energy);
}

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
      const Elem *el = &self->elems[e];
      double g0, s, dsdz;

      if (el->freeplay <= 0 || el->k <= 0 || (el->a != (int) i && el->b != (int) i))
        continue;
      element_g0 (self, e, t, &g0, NULL);
      s = g0 - el->offset;
      s += el->b >= 0 ? el->cb * (el->b == (int) i ? z : self->q[el->b]) : 0;
      s -= el->a >= 0 ? el->ca * (el->a == (int) i ? z : self->q[el->a]) : 0;
      dsdz = (el->b == (int) i ? el->cb : 0) - (el->a == (int) i ? el->ca : 0);
      d += el->k * lz_luz (s, el->freeplay) * dsdz;
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
  double step = 1e-3, near = z, far = z + dir * step;

  while (dir * (bound - far) > 0 && sigma * node_slope (self, i, far, f, t) > 0 && step < 1e12)
    {
      step *= 2;
      far = z + dir * step;
    }
  if (dir * (far - bound) > 0)
    far = bound;
  if (sigma * node_slope (self, i, far, f, t) > 0)
    return far;
  for (guint k = 0; k < 200 && fabs (far - near) > 1e-16 * (1 + fabs (near)); k++)
    {
      double mid = 0.5 * (near + far);

      if (sigma * node_slope (self, i, mid, f, t) > 0)
        near = mid;
      else
        far = mid;
    }
  return near;
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

  eval_forces (self, t, f);
  for (guint e = 0; e < self->n_elems; e++)
    if (self->elems[e].element->item.kind == LZ_ITEM_FRICTION)
      {
        if (self->elems[e].a >= 0)
          skip[self->elems[e].a] = TRUE;
        if (self->elems[e].b >= 0)
          skip[self->elems[e].b] = TRUE;
      }
  for (guint sweep = 0; sweep < 2000; sweep++)
    {
      double moved = 0;

      for (guint i = 0; i < n; i++)
        {
          double lo = -INFINITY, hi = INFINITY, z = self->q[i], d;

          if (!self->algebraic[i] || skip[i])
            continue;
          /* the stops on it bound it, given the others */
          for (guint e = 0; e < self->n_elems; e++)
            {
              const Elem *el = &self->elems[e];
              double g0, rest, coef, l, u;

              if (el->element->item.kind != LZ_ITEM_STOP || (el->a != (int) i && el->b != (int) i))
                continue;
              element_g0 (self, e, t, &g0, NULL);
              coef = (el->b == (int) i ? el->cb : 0) - (el->a == (int) i ? el->ca : 0);
              rest = g0 + (el->b >= 0 && el->b != (int) i ? el->cb * self->q[el->b] : 0)
                     - (el->a >= 0 && el->a != (int) i ? el->ca * self->q[el->a] : 0);
              if (coef == 0)
                continue;
              l = (el->element->stop.lower - rest) / coef;
              u = (el->element->stop.upper - rest) / coef;
              if (coef < 0)
                {
                  double tmp = l;

                  l = u;
                  u = tmp;
                }
              lo = MAX (lo, l);
              hi = MIN (hi, u);
            }
          if (lo > hi)
            return FALSE;
          z = CLAMP (z, lo, hi);
          /* the nearest point where the slope changes sign (it is
           * nondecreasing), or the stop it presses on */
          d = node_slope (self, i, z, f, t);
          if ((d > 0 && z > lo) || (d < 0 && z < hi))
            z = slide_to_balance (self, i, z, d > 0 ? lo : hi, f, t);
          moved = MAX (moved, fabs (z - self->q[i]));
          self->q[i] = z;
        }
      if (moved <= 1e-15)
        return TRUE;
    }
  return FALSE;
}

/* Massless bodies without damping have no state: the file's q0 and v0
 * are a guess, and the scheme, exact for linear joints from a consistent
 * start, would carry an inconsistent one on for ever (θ = ½: the error
 * comes back every step with its sign flipped).  With linear joints only
 * on them, they start where they balance, K_zz z = f_z − K_zx x (and
 * K_zz ż = ḟ_z − K_zx ẋ); with nonsmooth elements on them they are kept
 * at their balance from the first step on (keep_theta).  Skipped when
 * K_zz is not positive definite (the model is refused elsewhere). */
static void
balance_massless (LzTimestep *self,
                  double      t)
{
  guint n = self->n, na = 0, b = self->band, width = 2 * b + 1;
  g_autofree guint *alg = g_new0 (guint, MAX (n, 1));
  g_autofree double *f0 = NULL, *fa = NULL, *fb = NULL;
  gsl_matrix *Kzz;
  gsl_vector *rq, *rv;
  gsl_error_handler_t *old;
  double dt = 1e-6 * MAX (1.0, fabs (t));
  int status;

  for (guint i = 0; i < n; i++)
    if (self->algebraic[i])
      alg[na++] = i;
  if (na == 0)
    return;
  if (self->keep_theta)
    {
      self->balanced = balance_massless_nonsmooth (self, t);
      self->energy.kinetic = kinetic_energy (self, self->v);
      self->energy.potential = potential_energy (self, self->q, t);
      self->energy0 = self->energy.kinetic + self->energy.potential;
      return;
    }
  f0 = g_new0 (double, n);
  fa = g_new0 (double, n);
  fb = g_new0 (double, n);
  eval_forces (self, t, f0);
  eval_forces (self, t - dt, fa);
  eval_forces (self, t + dt, fb);
  Kzz = gsl_matrix_calloc (na, na);
  rq = gsl_vector_alloc (na);
  rv = gsl_vector_alloc (na);
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
      self->energy.kinetic = kinetic_energy (self, self->v);
      self->energy.potential = potential_energy (self, self->q, t);
      self->energy0 = self->energy.kinetic + self->energy.potential;
    }
  gsl_matrix_free (Kzz);
  gsl_vector_free (rq);
  gsl_vector_free (rv);
}

static void
timestep_start (LzIntegrator *integrator,
                LzTrace      *trace)
{
  LzTimestep *self = (LzTimestep *) integrator;

  balance_massless (self, integrator->t);

  element_state (self, self->q, self->v, integrator->t, TRUE);
  classify (self, self->modes, 1e-9);
  for (guint i = 0; i < self->n_elems; i++)
    if (self->modes[i] != LZ_MODE_NONE)
      {
        LzEvent ev = { integrator->t, i, self->modes[i], self->modes[i], LZ_CAUSE_INITIAL };

        lz_trace_append_event (trace, &ev);
      }
  write_sample (self, trace);
  self->next_sample = integrator->t + integrator->options.sample;
}

/* The impulse of a freeplay row given the others: with HV = H_r v⁺ for
 * the current impulses, s_θ = a + hθ²(HV − D_rr Λ + D_rr Λ') and
 * Λ' = −hk·luz(s_θ, Δ): x + γ·luz(x, Δ) = S with γ = h²θ²k·D_rr. */
static double
freeplay_update (const LzTimestep *self,
                 const Var        *var,
                 double            hv)
{
  const Elem *el = &self->elems[self->row_element[var->row]];
  double h = self->h, th = self->theta, Drr = var->diag;
  double S = var->b + h * th * th * (hv - Drr * self->lambda[var->row]);
  double gamma = h * h * th * th * el->k * Drr;
  double x = lz_disentangle_parallel (S, el->freeplay, gamma);

  return -h * el->k * lz_luz (x, el->freeplay);
}

/* Warm start of the step's box LCP from the previous step's impulses;
 * Λ kept in step with z. */
static void
warm_start (LzTimestep *self)
{
  memset (self->lambda, 0, self->n_rows * sizeof (double));
  for (guint j = 0; j < self->n_vars; j++)
    {
      Var *var = &self->vars[j];

      self->z[j] = CLAMP (self->z_prev[j], var->lo, var->hi);
      self->lambda[var->row] += var->c * self->z[j];
    }
}

/* Up to MAX_SWEEPS sweeps of projected Gauss–Seidel on the step's box
 * LCP from the current z and Λ. */
static gboolean
solve_impulses (LzTimestep *self,
                guint       max_sweeps,
                double     *residual,
                guint      *sweeps)
{
  const LzIntegratorOptions *opt = &self->parent.options;
  guint m = self->n_vars;

  *sweeps = 0;
  *residual = INFINITY;
  for (guint sweep = 1; sweep <= max_sweeps; sweep++)
    {
      double change = 0.0, res = 0.0;

      for (guint j = 0; j < m; j++)
        {
          Var *var = &self->vars[j];
          guint r = var->row;
          double hv = self->u_free[r], w, znew;

          if (var->lo == var->hi)
            continue;
          for (int k = self->d_start[r]; k < self->d_start[r + 1]; k++)
            hv += self->d_val[k] * self->lambda[self->d_col[k]];
          if (var->kind == VAR_FREEPLAY)
            {
              znew = freeplay_update (self, var, hv);
              res = MAX (res, fabs (self->z[j] - znew) * var->diag);
            }
          else
            {
              w = var->alpha * hv + var->beta * self->z[j] + var->b;
              znew = CLAMP (self->z[j] - w / var->diag, var->lo, var->hi);
              /* the natural residual |z − proj(z − w)| of this row, in
               * units of w, at the sweep's current iterate */
              res = MAX (res, fabs (self->z[j] - CLAMP (self->z[j] - w, var->lo, var->hi)));
            }
          if (znew != self->z[j])
            {
              double dz = znew - self->z[j];

              self->lambda[r] += var->c * dz;
              self->z[j] = znew;
              change = MAX (change, fabs (dz) * fabs (var->diag));
            }
        }
      /* converged when a whole sweep moved nothing by more than the
       * tolerance; its residual is the last sweep's */
      if (change <= opt->lcp_tolerance || sweep == max_sweeps || !isfinite (res))
        {
          *residual = res;
          *sweeps = sweep;
          if (res <= 10 * opt->lcp_tolerance || !isfinite (res))
            return isfinite (res);
          if (change <= opt->lcp_tolerance)
            continue;
        }
    }
  return FALSE;
}

/* The step's problem as a standard LCP (paper 004's pairs: ξ1 and
 * μ = hF + hF0⁻ for friction, p and m for freeplay), solved exactly by
 * Lemke's method when projected Gauss–Seidel stalls — e.g. friction and a
 * stop on the same direction, where the split of the impulse between
 * them makes the sweeps crawl. */
static gboolean
solve_impulses_lemke (LzTimestep *self,
                      double     *residual,
                      guint      *pivots)
{
  guint nr = self->n_rows, L = 0;
  double h = self->h, th = self->theta;
  g_autofree double *lambda0 = NULL, *col_g = NULL, *row_scale = NULL, *row_const = NULL;
  g_autofree guint *col_row = NULL, *row_r = NULL;
  LzLcpReport report;
  gboolean ok;

  if (self->lcp_A == NULL)
    return FALSE;

  for (guint j = 0; j < self->n_vars; j++)
    {
      const Var *var = &self->vars[j];

      if (var->lo == var->hi)
        {
          self->lcp_first[j] = -1;
          continue;
        }
      self->lcp_first[j] = (int) L;
      L += var->kind == VAR_FRICTION || var->kind == VAR_FREEPLAY ? 2 : 1;
    }
  if (L == 0)
    return FALSE;

  /* Λ = Λ0 + Σ g_l ζ_l (ζ_l acting on row col_row[l]); each LCP row k is
   * ω_k = row_scale[k]·(H_r v⁺) + (direct terms) + const, H_r v⁺ =
   * u_free_r + Σ_s D_rs Λ_s. */
  lambda0 = g_new0 (double, MAX (nr, 1));
  col_row = g_new0 (guint, L);
  col_g = g_new0 (double, L);
  row_r = g_new0 (guint, L);
  row_scale = g_new0 (double, L);
  row_const = g_new0 (double, L);
  for (guint j = 0; j < self->n_vars; j++)
    {
      const Var *var = &self->vars[j];
      const Elem *el = &self->elems[self->row_element[var->row]];
      int i = self->lcp_first[j];
      guint r = var->row;

      if (i < 0)
        continue;
      col_row[i] = row_r[i] = r;
      switch (var->kind)
        {
        case VAR_STOP_LOWER:
          col_g[i] = 1;
          row_scale[i] = 1;
          row_const[i] = var->b;
          break;
        case VAR_STOP_UPPER:
          col_g[i] = -1;
          row_scale[i] = -1;
          row_const[i] = var->b;
          break;
        case VAR_FRICTION:
          /* ζ_i = ξ1 (no force), ζ_{i+1} = μ = z + hF0⁻, Λ −= z */
          col_row[i + 1] = row_r[i + 1] = r;
          col_g[i] = 0;
          col_g[i + 1] = -1;
          lambda0[r] += h * el->element->friction.level_neg;
          row_scale[i] = 0;                  /* ω = h(F0⁺ + F0⁻) − μ */
          row_const[i] = h * (el->element->friction.level_pos + el->element->friction.level_neg);
          row_scale[i + 1] = -1;             /* ω = ξ1 − u⁺ */
          row_const[i + 1] = var->b;
          break;
        case VAR_FREEPLAY:
          /* ζ_i = p, ζ_{i+1} = m, Λ = −hk(p − m), s_θ = a + hθ²·H_r v⁺ */
          col_row[i + 1] = row_r[i + 1] = r;
          col_g[i] = -h * el->k;
          col_g[i + 1] = h * el->k;
          row_scale[i] = -h * th * th;       /* ω = p − s_θ + Δ */
          row_const[i] = -var->b + el->freeplay;
          row_scale[i + 1] = h * th * th;    /* ω = m + s_θ + Δ */
          row_const[i + 1] = var->b + el->freeplay;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  {
    gsl_matrix_view A = gsl_matrix_submatrix (self->lcp_A, 0, 0, L, L);
    gsl_vector_view b = gsl_vector_subvector (self->lcp_b, 0, L);
    gsl_vector_view z = gsl_vector_subvector (self->lcp_z, 0, L);
    gsl_vector_view w = gsl_vector_subvector (self->lcp_w, 0, L);

    for (guint k = 0; k < L; k++)
      {
        double hv0 = self->u_free[row_r[k]];

        for (guint s2 = 0; s2 < nr; s2++)
          hv0 += self->Dd[(gsize) row_r[k] * nr + s2] * lambda0[s2];
        for (guint l = 0; l < L; l++)
          gsl_matrix_set (&A.matrix, k, l,
                          row_scale[k] * self->Dd[(gsize) row_r[k] * nr + col_row[l]] * col_g[l]);
        gsl_vector_set (&b.vector, k, row_scale[k] * hv0 + row_const[k]);
      }
    /* the direct terms */
    for (guint j = 0; j < self->n_vars; j++)
      {
        int i = self->lcp_first[j];

        if (i < 0)
          continue;
        if (self->vars[j].kind == VAR_FRICTION)
          {
            *gsl_matrix_ptr (&A.matrix, i, i + 1) -= 1;
            *gsl_matrix_ptr (&A.matrix, i + 1, i) += 1;
          }
        else if (self->vars[j].kind == VAR_FREEPLAY)
          {
            *gsl_matrix_ptr (&A.matrix, i, i) += 1;
            *gsl_matrix_ptr (&A.matrix, i + 1, i + 1) += 1;
          }
      }

    ok = lz_lcp_solve_lemke (&A.matrix, &b.vector, &z.vector, &w.vector, &report, NULL);
    *pivots = report.iterations;
    if (!ok)
      return FALSE;

    for (guint j = 0; j < self->n_vars; j++)
      {
        const Var *var = &self->vars[j];
        const Elem *el = &self->elems[self->row_element[var->row]];
        int i = self->lcp_first[j];

        if (i < 0)
          self->z[j] = 0;
        else if (var->kind == VAR_FRICTION)
          self->z[j] = CLAMP (gsl_vector_get (&z.vector, i + 1) - h * el->element->friction.level_neg,
                              var->lo, var->hi);
        else if (var->kind == VAR_FREEPLAY)
          self->z[j] = -h * el->k * (gsl_vector_get (&z.vector, i) - gsl_vector_get (&z.vector, i + 1));
        else
          self->z[j] = gsl_vector_get (&z.vector, i);
      }
  }
  memset (self->lambda, 0, nr * sizeof (double));
  for (guint j = 0; j < self->n_vars; j++)
    self->lambda[self->vars[j].row] += self->vars[j].c * self->z[j];
  *residual = report.residual;
  return TRUE;
}

/* The step's LCP: projected Gauss–Seidel, and Lemke's method when the
 * sweeps crawl — e.g. two stops in series through a massless body, whose
 * Delassus matrix is nearly singular (rate 1 − O(h²k·m)) — or when they
 * fail.  Sweeps cost about nnz(D) each, Lemke about L³, so the sweeps are
 * given about that many before the fallback.  ITERATIONS counts both. */
static gboolean
solve_step_lcp (LzTimestep *self,
                double     *residual,
                guint      *iterations)
{
  LzIntegratorStats *stats = &self->parent.stats;
  guint max = self->parent.options.lcp_max_sweeps, budget = max, sweeps, pivots = 0;
  gboolean ok;

  if (self->lcp_A != NULL)
    {
      double L = 2.0 * self->n_vars, nnz = self->d_start[self->n_rows];

      budget = (guint) MIN ((double) max, MAX (PGS_MIN_SWEEPS, L * L * L / (nnz + L)));
    }
  warm_start (self);
  ok = solve_impulses (self, budget, residual, &sweeps);
  *iterations = sweeps;
  if (ok || self->lcp_A == NULL)
    return ok;
  stats->lcp_fallbacks++;
  ok = solve_impulses_lemke (self, residual, &pivots);
  *iterations += pivots;
  if (ok || budget == max)
    return ok;
  /* Lemke failed (a degenerate problem): the rest of the sweeps, from
   * where they were (Lemke leaves z and Λ alone when it fails) */
  ok = solve_impulses (self, max - budget, residual, &sweeps);
  *iterations += sweeps;
  return ok;
}

/* The step's numerical damping, what the θ-method takes beyond the work
 * of its terms (booked above at v_θ, a stop's impulse at the mean of the
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
      const Elem *el = &self->elems[e];
      double g0a, g0b, d = 0;

      if (el->k > 0 && el->freeplay == 0)
        {
          element_g0 (self, e, t, &g0a, NULL);
          element_g0 (self, e, t1, &g0b, NULL);
          d = g0b - g0a;
          if (el->a >= 0)
            d -= el->ca * (self->q1[el->a] - self->q[el->a]);
          if (el->b >= 0)
            d += el->cb * (self->q1[el->b] - self->q[el->b]);
          sum += el->k * d * d;
        }
      else if (el->row >= 0 && el->element->item.kind == LZ_ITEM_STOP)
        {
          if (el->a >= 0 && self->mass[el->a] > 0)
            d -= el->ca * (self->v1[el->a] - self->v[el->a]);
          if (el->b >= 0 && self->mass[el->b] > 0)
            d += el->cb * (self->v1[el->b] - self->v[el->b]);
          sum -= self->lambda[el->row] * d;
        }
    }
  return (self->theta - 0.5) * sum;
}

static LzStepResult
timestep_step (LzIntegrator *integrator,
               double        t_limit,
               LzTrace      *trace,
               GError      **error)
{
  LzTimestep *self = (LzTimestep *) integrator;
  guint n = self->n;
  double h = self->h, th = self->theta, t = integrator->t, t1;
  double residual = 0.0, v_tol = 1e-9;
  guint sweeps = 0;
  gboolean any_event = FALSE;

  if (t >= integrator->t_end - 1e-12 * MAX (1.0, fabs (integrator->t_end)) || t >= t_limit)
    return LZ_STEP_DONE;
  /* k·h, not a running sum: no drift of the time grid over long runs */
  t1 = (double) (integrator->stats.steps + 1) * h;

  /* The smooth part: rhs = M v − h(1−θ)C v − hK q − h²θ(1−θ)K v + h f_θ */
  eval_forces (self, t, self->f0);
  eval_forces (self, t1, self->f1);
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
  memcpy (self->v1, self->rhs, n * sizeof (double));
  band_solve (self, self->v1);                         /* v_free */

  /* The local problem. */
  for (guint r = 0; r < self->n_rows; r++)
    {
      guint e = (guint) self->row_element[r];

      element_g0 (self, e, t, &self->g0_start[r], &self->g0dot_start[r]);
      element_g0 (self, e, t1, &self->g0_end[r], &self->g0dot_end[r]);
      self->u_free[r] = row_dot (self, r, self->v1);
      self->u_start[r] = row_dot (self, r, self->v) + self->g0dot_start[r];
    }
  for (guint j = 0; j < self->n_vars; j++)
    {
      Var *var = &self->vars[j];
      guint r = var->row;
      const Elem *el = &self->elems[self->row_element[r]];
      /* the gap is needed by stops only (friction and freeplay use u, a) */
      double g = var->kind == VAR_STOP_LOWER || var->kind == VAR_STOP_UPPER
                 ? row_dot (self, r, self->q) + self->g0_start[r] : 0.0;
      double g0_theta = th * self->g0_end[r] + (1 - th) * self->g0_start[r];
      double e = 0.0, a;

      switch (var->kind)
        {
        case VAR_STOP_LOWER:
          if (el->massless)
            {
              /* a massless body has no velocity to keep: its position is
               * an unknown of the step, so the stop holds the gap where
               * the body balances, g_θ ≥ lower (a contact without impact) */
              double scale = 1;
              double rest = massless_gap (self, r, g, th, el->massless == 2, &scale);

              var->b = rest - el->element->stop.lower * scale;
              var->hi = INFINITY;
              break;
            }
          e = el->element->stop.restitution;
          var->b = self->g0dot_end[r] + e * self->u_start[r];
          /* active when the gap is predicted to close within the step */
          var->hi = g + 0.5 * h * self->u_start[r] <= el->element->stop.lower ? INFINITY : 0.0;
          break;
        case VAR_STOP_UPPER:
          if (el->massless)
            {
              double scale = 1;
              double rest = massless_gap (self, r, g, th, el->massless == 2, &scale);

              var->b = el->element->stop.upper * scale - rest;
              var->hi = INFINITY;
              break;
            }
          e = el->element->stop.restitution;
          var->b = -(self->g0dot_end[r] + e * self->u_start[r]);
          var->hi = g + 0.5 * h * self->u_start[r] >= el->element->stop.upper ? INFINITY : 0.0;
          break;
        case VAR_FRICTION:
          var->b = -self->g0dot_end[r];
          break;
        case VAR_FREEPLAY:
          a = row_dot (self, r, self->q) + g0_theta - el->offset
              + h * th * (1 - th) * row_dot (self, r, self->v);
          var->b = a;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  if (self->n_vars > 0)
    {
      if (!solve_step_lcp (self, &residual, &sweeps))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                       _("at t = %.10g s the contact and friction problem did not converge "
                         "(residual %.3g after %u sweeps); try a smaller time step"),
                       t, residual, sweeps);
          return LZ_STEP_ERROR;
        }
      integrator->stats.lcp_solves++;
      integrator->stats.lcp_iterations += sweeps;
      integrator->stats.lcp_max_residual = MAX (integrator->stats.lcp_max_residual, residual);
      memcpy (self->z_prev, self->z, self->n_vars * sizeof (double));

      /* v⁺ = W⁻¹ (rhs + Hᵀ Λ) */
      memset (self->tmp, 0, n * sizeof (double));
      for (guint r = 0; r < self->n_rows; r++)
        for (int k = 0; k < 2; k++)
          if (self->h_dof[2 * r + k] >= 0)
            self->tmp[self->h_dof[2 * r + k]] += self->h_val[2 * r + k] * self->lambda[r];
      band_solve (self, self->tmp);
      for (guint i = 0; i < n; i++)
        self->v1[i] += self->tmp[i];
    }

  for (guint i = 0; i < n; i++)
    {
      double vth = th * self->v1[i] + (1 - th) * self->v[i];

      self->q1[i] = self->q[i] + h * vth;
      if (!isfinite (self->q1[i]) || !isfinite (self->v1[i])
          || fabs (self->q1[i]) > integrator->options.divergence_limit
          || fabs (self->v1[i]) > integrator->options.divergence_limit)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                       _("the run diverged at t = %.10g s: body “%s” reached q = %g, v = %g"),
                       t1, lz_assembly_get_dof_name (integrator->assembly, i),
                       self->q1[i], self->v1[i]);
          return LZ_STEP_ERROR;
        }
    }

  /* Energy: the work of each term as the scheme applies it. */
  {
    double diss_damp = 0, diss_fric = 0, diss_imp = 0, src = 0;

    for (guint s = 0; s < self->n_sources; s++)
      if (self->force_body[s] >= 0)
        {
          const LzSource *source = lz_model_get_source (lz_assembly_get_model (integrator->assembly), s);
          guint i = (guint) self->force_body[s];
          double F = th * lz_expr_eval (source->value, t1) + (1 - th) * lz_expr_eval (source->value, t);

          src += h * F * theta_rate (self, i);
        }
    for (guint e = 0; e < self->n_elems; e++)
      {
        const Elem *el = &self->elems[e];
        double g0a, g0b, gda, gdb, lin_th, vel_th, g0_th, gd0_th;

        /* a spring between bodies neither dissipates nor is driven: its
         * energy is in the potential, from the state */
        if (!el->moving && el->c == 0 && el->row < 0)
          continue;

        element_g0 (self, e, t, &g0a, &gda);
        element_g0 (self, e, t1, &g0b, &gdb);
        g0_th = th * g0b + (1 - th) * g0a;
        gd0_th = th * gdb + (1 - th) * gda;
        lin_th = 0;
        vel_th = 0;
        if (el->a >= 0)
          {
            lin_th -= el->ca * (self->q[el->a] + h * th * (th * self->v1[el->a] + (1 - th) * self->v[el->a]));
            vel_th -= el->ca * theta_rate (self, el->a);
          }
        if (el->b >= 0)
          {
            lin_th += el->cb * (self->q[el->b] + h * th * (th * self->v1[el->b] + (1 - th) * self->v[el->b]));
            vel_th += el->cb * theta_rate (self, el->b);
          }
        if (el->k > 0 && el->freeplay == 0)
          src += el->k * (lin_th + g0_th - el->offset) * (g0b - g0a);
        if (el->c > 0)
          {
            double gd = vel_th + gd0_th;

            diss_damp += h * el->c * gd * gd;
            src += h * el->c * gd * gd0_th;
          }
        if (el->row >= 0)
          {
            double L = self->lambda[el->row], u_th = vel_th + gd0_th;

            if (el->element->item.kind == LZ_ITEM_FRICTION)
              diss_fric += -L * u_th;
            else if (el->element->item.kind == LZ_ITEM_STOP)
              {
                /* on a body with mass an impulse changes the kinetic
                 * energy by its velocity's mean before and after, whatever
                 * θ (with θ = ½ that is v_θ; with θ > ½ an impact's loss
                 * is the impact's, not the scheme's numerical damping); a
                 * massless body's share is at the rate it moves */
                double u_mid = gd0_th;

                if (el->a >= 0)
                  u_mid -= el->ca * (self->mass[el->a] > 0 ? 0.5 * (self->v1[el->a] + self->v[el->a])
                                                           : theta_rate (self, el->a));
                if (el->b >= 0)
                  u_mid += el->cb * (self->mass[el->b] > 0 ? 0.5 * (self->v1[el->b] + self->v[el->b])
                                                           : theta_rate (self, el->b));
                diss_imp += -L * u_mid;
              }
            /* freeplay: the potential is counted from the state */
            src += -L * gd0_th;
          }
      }
    self->energy.damping += diss_damp;
    self->energy.friction += diss_fric;
    self->energy.impacts += diss_imp;
    self->energy.sources += src;
    if (th != 0.5)
      self->energy.numerical += numerical_damping (self, t, t1);
  }

  /* A massless body without damping balances at the θ-point q + hθ·v_θ;
   * where it is moved on to matters to nothing but the trace and the
   * energies (its v⁺ is free: the next step balances it again).  Moved on
   * to q + h·v_θ, as the other bodies are, it is exact for linear joints,
   * but any error — an inconsistent start, a kink at a switch of a
   * nonsmooth element on it — comes back every step with its sign
   * flipped (for θ = ½) and never dies out.  With such elements on
   * massless bodies they are kept at the θ-point: their positions lag by
   * (1 − θ)h, first order like the rest of such a run. */
  for (guint i = 0; i < n && self->keep_theta; i++)
    if (self->algebraic[i])
      {
        double vth = th * self->v1[i] + (1 - th) * self->v[i];

        self->q1[i] = self->q[i] + h * th * vth;
        self->v1[i] = th * vth;             /* the rate it moves at: Δq/h */
      }

  /* When they could not be put on their balance at the start (dry
   * friction on them, or sweeps that did not settle), the first step takes
   * the massless bodies from the file's q0 to it: the balance is counted
   * from the end of that step (the energy that moved in the snap, partly
   * booked on the contacts, is not a loss of the run). */
  if (self->keep_theta && !self->balanced && integrator->stats.steps == 0)
    self->energy0 = kinetic_energy (self, self->v1) + potential_energy (self, self->q1, t1)
                    + self->energy.damping + self->energy.friction + self->energy.impacts
                    - self->energy.sources;

  /* Accept the step. */
  memcpy (self->q, self->q1, n * sizeof (double));
  memcpy (self->v, self->v1, n * sizeof (double));
  integrator->t = t1;
  integrator->stats.steps++;
  {
    gboolean sample = integrator->options.sample <= 0 || t1 >= self->next_sample - 1e-9 * h
                      || t1 >= integrator->t_end - 1e-12 * MAX (1.0, fabs (integrator->t_end));

    /* the stored energies are needed only in the samples; the dissipated
     * and supplied ones are summed every step above */
    if (sample)
      {
        self->energy.kinetic = kinetic_energy (self, self->v);
        self->energy.potential = potential_energy (self, self->q, t1);
        self->energy.balance_error = self->energy.kinetic + self->energy.potential
                                     + self->energy.damping + self->energy.friction
                                     + self->energy.impacts + self->energy.numerical
                                     - self->energy.sources - self->energy0;
      }
    element_state (self, self->q, self->v, t1, sample);
  }
  classify (self, self->new_modes, v_tol);
  for (guint e = 0; e < self->n_elems; e++)
    {
      const Elem *el = &self->elems[e];
      gboolean impact = FALSE;

      if (el->element->item.kind == LZ_ITEM_STOP && el->row >= 0 && self->modes[e] == LZ_MODE_FREE)
        for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
          if (self->z[j] > 0
              && (self->vars[j].kind == VAR_STOP_LOWER ? self->u_start[el->row] < -v_tol
                                                      : self->u_start[el->row] > v_tol))
            impact = TRUE;
      if (impact || self->new_modes[e] != self->modes[e])
        {
          LzEvent ev = { t1, e, self->modes[e], self->new_modes[e],
                         el->massless != 0 && el->element->item.kind == LZ_ITEM_STOP
                         && self->new_modes[e] == LZ_MODE_CONTACT ? LZ_CAUSE_MASSLESS_CONTACT
                         : impact ? LZ_CAUSE_IMPACT : cause_of (self->modes[e], self->new_modes[e]) };

          lz_trace_append_event (trace, &ev);
          integrator->stats.events++;
          any_event = TRUE;
        }
      self->modes[e] = self->new_modes[e];
    }

  if (integrator->options.sample <= 0 || t1 >= self->next_sample - 1e-9 * h
      || t1 >= integrator->t_end - 1e-12 * MAX (1.0, fabs (integrator->t_end)))
    {
      write_sample (self, trace);
      while (integrator->options.sample > 0 && self->next_sample <= t1 + 1e-9 * h)
        self->next_sample += integrator->options.sample;
    }
  return any_event ? LZ_STEP_EVENT : LZ_STEP_OK;
}

static void
timestep_free (LzIntegrator *integrator)
{
  LzTimestep *self = (LzTimestep *) integrator;

  g_free (self->mass);
  g_free (self->algebraic);
  g_free (self->Wband);
  g_free (self->Kd);
  g_free (self->Cd);
  g_free (self->h_dof);
  g_free (self->h_val);
  g_free (self->d_start);
  g_free (self->d_col);
  g_free (self->d_val);
  g_free (self->vars);
  g_free (self->elems);
  g_free (self->Dd);
  g_clear_pointer (&self->lcp_A, gsl_matrix_free);
  g_clear_pointer (&self->lcp_b, gsl_vector_free);
  g_clear_pointer (&self->lcp_z, gsl_vector_free);
  g_clear_pointer (&self->lcp_w, gsl_vector_free);
  g_free (self->lcp_first);
  g_free (self->row_element);
  g_free (self->force_body);
  g_free (self->q);
  g_free (self->v);
  g_free (self->q1);
  g_free (self->v1);
  g_free (self->rhs);
  g_free (self->tmp);
  g_free (self->f0);
  g_free (self->f1);
  g_free (self->z);
  g_free (self->z_prev);
  g_free (self->lambda);
  g_free (self->u_free);
  g_free (self->u_start);
  g_free (self->g0_start);
  g_free (self->g0_end);
  g_free (self->g0dot_start);
  g_free (self->g0dot_end);
  g_free (self->elem_force);
  g_free (self->elem_g);
  g_free (self->elem_gdot);
  g_free (self->modes);
  g_free (self->new_modes);
  g_free (self->impact);
}

static void
add_var (LzTimestep *self,
         VarKind     kind,
         guint       row,
         double      c,
         double      alpha,
         double      beta,
         double      lo,
         double      hi)
{
  Var *var = &self->vars[self->n_vars++];

  *var = (Var) { kind, row, c, alpha, beta, lo, hi, 0.0, 0.0 };
}

static LzIntegrator *
timestep_new (LzAssembly                *assembly,
              const LzIntegratorOptions *options,
              GError                   **error)
{
  LzTimestep *self = g_new0 (LzTimestep, 1);
  LzModel *model = lz_assembly_get_model (assembly);
  const gsl_matrix *M = lz_assembly_get_M (assembly);
  const gsl_matrix *C = lz_assembly_get_C (assembly);
  const gsl_matrix *K = lz_assembly_get_K (assembly);
  const gsl_matrix *H = lz_assembly_get_W (assembly);
  guint n = lz_assembly_get_n_dofs (assembly);
  guint nr = lz_assembly_get_n_nonsmooth (assembly);
  guint ne = lz_model_get_n_elements (model);
  double h = options->dt, th = options->theta;
  g_autofree double *Wd = NULL;
  g_autofree double *col = NULL;
  int failed_row = -1;
  GArray *d_col, *d_val;

  self->parent.assembly = assembly;
  self->parent.options = *options;
  self->n = n;
  self->n_rows = nr;
  self->n_elems = ne;
  self->h = h;
  self->theta = th;

  self->mass = g_new0 (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      self->mass[i] = gsl_matrix_get (M, i, i);
      for (guint j = 0; j < n; j++)
        if (gsl_matrix_get (K, i, j) != 0 || gsl_matrix_get (C, i, j) != 0)
          self->band = MAX (self->band, i > j ? i - j : j - i);
    }
  {
    guint b = self->band, width = 2 * b + 1;

    self->Kd = g_new0 (double, MAX ((gsize) n * width, 1));
    self->Cd = g_new0 (double, MAX ((gsize) n * width, 1));
    Wd = g_new0 (double, MAX ((gsize) n * width, 1));
    for (guint i = 0; i < n; i++)
      for (guint j = i > b ? i - b : 0; j <= MIN (n - 1, i + b); j++)
        {
          double k = gsl_matrix_get (K, i, j), c = gsl_matrix_get (C, i, j);
          gsize at = (gsize) i * width + j + b - i;

          self->Kd[at] = k;
          self->Cd[at] = c;
          Wd[at] = (i == j ? self->mass[i] : 0) + h * th * c + h * h * th * th * k;
        }
  }
  self->algebraic = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    self->algebraic[i] = self->mass[i] == 0
                         && self->Cd[(gsize) i * (2 * self->band + 1) + self->band] == 0;
  /* The freeplay springs' directions are coupled through the local
   * problem, not through W: the band comes from M, C, K only. */
  self->Wband = g_new0 (double, MAX ((gsize) n * (self->band + 1), 1));
  if (n > 0 && !band_cholesky (self, Wd, &failed_row))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                   _("the iteration matrix M + hθC + h²θ²K is singular at body “%s”: give it "
                     "mass, or connect it through a linear spring or a damper"),
                   lz_assembly_get_dof_name (assembly, (guint) failed_row));
      timestep_free (&self->parent);
      g_free (self);
      return NULL;
    }

  /* H, sparse */
  self->h_dof = g_new (int, MAX (2 * nr, 1));
  self->h_val = g_new0 (double, MAX (2 * nr, 1));
  self->row_element = g_new0 (int, MAX (nr, 1));
  for (guint r = 0; r < nr; r++)
    {
      int k = 0;

      self->h_dof[2 * r] = self->h_dof[2 * r + 1] = -1;
      for (guint i = 0; i < n && k < 2; i++)
        if (gsl_matrix_get (H, r, i) != 0)
          {
            self->h_dof[2 * r + k] = (int) i;
            self->h_val[2 * r + k] = gsl_matrix_get (H, r, i);
            k++;
          }
    }

  /* Elements */
  self->elems = g_new0 (Elem, MAX (ne, 1));
  self->vars = g_new0 (Var, MAX (2 * nr, 1));
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      Elem *el = &self->elems[e];

      el->element = element;
      lz_assembly_get_element_ports (assembly, e, &el->a, &el->b, &el->ca, &el->cb);
      {
        const LzGround *ga = lz_model_lookup_ground (model, element->a);
        const LzGround *gb = lz_model_lookup_ground (model, element->b);

        el->moving = (ga != NULL && ga->motion != NULL) || (gb != NULL && gb->motion != NULL);
      }
      el->massless = (el->a >= 0 && self->algebraic[el->a]) || (el->b >= 0 && self->algebraic[el->b]) ? 2
                     : (el->a >= 0 && self->mass[el->a] == 0) || (el->b >= 0 && self->mass[el->b] == 0) ? 1
                     : 0;

      el->row = lz_assembly_get_nonsmooth_row (assembly, e);
      if (el->row >= 0)
        self->row_element[el->row] = (int) e;
      lz_element_get_stiffness (element, &el->k, &el->freeplay, &el->offset);
      el->c = lz_element_get_viscosity (element);
      /* a nonsmooth element on an undamped massless body */
      if (el->massless == 2
          && (element->item.kind == LZ_ITEM_STOP || element->item.kind == LZ_ITEM_FRICTION
              || el->freeplay > 0))
        self->keep_theta = TRUE;
      el->first_var = self->n_vars;
      if (el->row < 0)
        continue;
      switch (element->item.kind)
        {
        case LZ_ITEM_STOP:
          if (isfinite (element->stop.lower))
            add_var (self, VAR_STOP_LOWER, el->row, 1, 1, 0, 0, 0);
          if (isfinite (element->stop.upper))
            add_var (self, VAR_STOP_UPPER, el->row, -1, -1, 0, 0, 0);
          break;
        case LZ_ITEM_FRICTION:
          add_var (self, VAR_FRICTION, el->row, -1, -1, 0,
                   -h * element->friction.level_neg, h * element->friction.level_pos);
          break;
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          add_var (self, VAR_FREEPLAY, el->row, 1, 1, 0, -INFINITY, INFINITY);
          break;
        case LZ_ITEM_DAMPER:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          g_assert_not_reached ();
        }
      el->n_vars = self->n_vars - el->first_var;
    }

  /* Dry friction between a massless body without damping and a body or a
   * moving ground is rigid-plastic: while it sticks, the body's position
   * must follow its partner's step by step.
   * With θ < 1 the θ-point where the body balances and the end-of-step
   * velocities the friction relay sees are different instants, and a stuck
   * joint drifts (about 1 % of the motion, whatever h): refused, with the
   * two ways out. */
  for (guint e = 0; e < ne && th < 1; e++)
    if (self->elems[e].massless == 2 && self->elems[e].element->item.kind == LZ_ITEM_FRICTION
        && ((self->elems[e].a >= 0 && self->elems[e].b >= 0) || self->elems[e].moving))
      {
        const Elem *el = &self->elems[e];
        int z = el->a >= 0 && self->algebraic[el->a] ? el->a : el->b;

        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                     _("the friction “%s” acts on the massless body “%s”, which has no damping (a "
                       "rigid-plastic joint): time-stepping takes it with θ = 1 only (with θ = %g a "
                       "stuck joint drifts); set θ = 1, or use the event-driven method"),
                     el->element->item.id, lz_assembly_get_dof_name (assembly, (guint) z), th);
        timestep_free (&self->parent);
        g_free (self);
        return NULL;
      }

  /* A stop from a massless body to a body with mass, and a stop or dry
   * friction from the same massless body to something else: the body with
   * mass can hit the other through the massless one.  That impact is
   * position-level (the massless body has no velocity to keep), and with
   * θ < 1 the step throws the body with mass back (θ = ½: more energy out
   * than in); with θ = 1 it is plastic.  Refused, with the way out. */
  for (guint e = 0; e < ne && th < 1; e++)
    {
      const Elem *el = &self->elems[e];
      int z, other;

      if (el->massless == 0 || el->element->item.kind != LZ_ITEM_STOP || el->a < 0 || el->b < 0)
        continue;
      z = self->mass[el->a] > 0 ? el->b : el->a;
      other = z == el->a ? el->b : el->a;
      if (!(self->mass[other] > 0) || self->mass[z] > 0)
        continue;
      for (guint f = 0; f < ne; f++)
        {
          const Elem *fl = &self->elems[f];
          const LzElement *fe = fl->element;
          int far;

          if (f == e || (fe->item.kind != LZ_ITEM_STOP && fe->item.kind != LZ_ITEM_FRICTION)
              || (fl->a != z && fl->b != z))
            continue;
          far = fl->a == z ? fl->b : fl->a;
          if (far == other || (far >= 0 && !(self->mass[far] > 0)))
            continue;                   /* the same body, or another massless one */
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       _("the body “%s” can hit “%s” through the massless body “%s” (“%s” and "
                         "“%s”): time-stepping takes that impact with θ = 1 only (plastic; with "
                         "θ = %g the step throws the body back); set θ = 1"),
                       lz_assembly_get_dof_name (assembly, (guint) other),
                       far >= 0 ? lz_assembly_get_dof_name (assembly, (guint) far)
                                : fl->a == z ? fe->b : fe->a,
                       lz_assembly_get_dof_name (assembly, (guint) z), el->element->item.id,
                       fe->item.id, th);
          timestep_free (&self->parent);
          g_free (self);
          return NULL;
        }
    }

  /* The Delassus operator D = H W⁻¹ Hᵀ, sparse by rows (D is symmetric:
   * computing column r gives row r). */
  col = g_new0 (double, MAX (n, 1));
  self->d_start = g_new0 (int, nr + 1);
  d_col = g_array_new (FALSE, FALSE, sizeof (int));
  d_val = g_array_new (FALSE, FALSE, sizeof (double));
  {
    g_autofree double *diag = g_new0 (double, MAX (nr, 1));
    g_autofree double *dense = g_new0 (double, MAX (nr, 1));

    for (guint pass = 0; pass < 2; pass++)
      for (guint r = 0; r < nr; r++)
        {
          memset (col, 0, n * sizeof (double));
          for (int k = 0; k < 2; k++)
            if (self->h_dof[2 * r + k] >= 0)
              col[self->h_dof[2 * r + k]] = self->h_val[2 * r + k];
          band_solve (self, col);
          if (pass == 0)
            {
              diag[r] = row_dot (self, r, col);
              continue;
            }
          self->d_start[r] = (int) d_col->len;
          for (guint s = 0; s < nr; s++)
            {
              double value = row_dot (self, s, col);

              if (value != 0 && fabs (value) > 1e-17 * sqrt (diag[r] * diag[s]))
                {
                  int si = (int) s;

                  g_array_append_val (d_col, si);
                  g_array_append_val (d_val, value);
                }
              dense[s] = value;
            }
        }
    self->d_start[nr] = (int) d_col->len;
    for (guint j = 0; j < self->n_vars; j++)
      {
        Var *var = &self->vars[j];

        var->diag = var->alpha * diag[var->row] * var->c + var->beta;
        if (!(var->diag > 0))
          {
            const LzElement *element = self->elems[self->row_element[var->row]].element;

            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("element “%s” acts on no body with inertia or stiffness "
                           "(its Delassus entry is %g)"), element->item.id, var->diag);
            g_array_unref (d_col);
            g_array_unref (d_val);
            timestep_free (&self->parent);
            g_free (self);
            return NULL;
          }
      }
  }
  self->d_col = (int *) g_array_free (d_col, FALSE);
  self->d_val = (double *) g_array_free (d_val, FALSE);

  if (self->n_vars > 0 && self->n_vars <= FALLBACK_MAX_VARS)
    {
      guint L = 2 * self->n_vars;

      self->Dd = g_new0 (double, (gsize) nr * nr);
      for (guint r = 0; r < nr; r++)
        for (int k = self->d_start[r]; k < self->d_start[r + 1]; k++)
          self->Dd[(gsize) r * nr + self->d_col[k]] = self->d_val[k];
      self->lcp_A = gsl_matrix_alloc (L, L);
      self->lcp_b = gsl_vector_alloc (L);
      self->lcp_z = gsl_vector_alloc (L);
      self->lcp_w = gsl_vector_alloc (L);
      self->lcp_first = g_new0 (int, self->n_vars);
    }

  /* Sources that are forces (their work enters the balance) */
  self->n_sources = lz_model_get_n_sources (model);
  self->force_body = g_new0 (int, MAX (self->n_sources, 1));
  for (guint s = 0; s < self->n_sources; s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      self->force_body[s] = source->item.kind == LZ_ITEM_FORCE
                            ? lz_model_get_body_index (model, source->body) : -1;
    }

  /* State and workspaces */
#define ALLOC(field, count) self->field = g_new0 (__typeof__ (*self->field), MAX ((count), 1))
  ALLOC (q, n); ALLOC (v, n); ALLOC (q1, n); ALLOC (v1, n); ALLOC (rhs, n); ALLOC (tmp, n);
  ALLOC (f0, n); ALLOC (f1, n);
  ALLOC (z, self->n_vars); ALLOC (z_prev, self->n_vars); ALLOC (lambda, nr); ALLOC (u_free, nr);
  ALLOC (u_start, nr); ALLOC (g0_start, nr); ALLOC (g0_end, nr); ALLOC (g0dot_start, nr);
  ALLOC (g0dot_end, nr);
  ALLOC (elem_force, ne); ALLOC (elem_g, ne); ALLOC (elem_gdot, ne);
  ALLOC (modes, ne); ALLOC (new_modes, ne); ALLOC (impact, ne);
#undef ALLOC

  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      self->q[i] = body->q0;
      self->v[i] = body->v0;
    }
  self->energy.kinetic = kinetic_energy (self, self->v);
  self->energy.potential = potential_energy (self, self->q, 0.0);
  self->energy0 = self->energy.kinetic + self->energy.potential;

  return &self->parent;
}

static const LzIntegratorClass timestep_class = {
  "timestep",
  timestep_new,
  timestep_start,
  timestep_step,
  timestep_free,
};

const LzIntegratorType *const lz_integrator_timestep = (const LzIntegratorType *) &timestep_class;
