/* lz-timestep-private.h — the workspace Moreau–Jean time-stepping's files
 * share (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lz-timestep.c is the driver (setup, the step as a sequence of phases,
 * modes, events and samples); lz-timestep-contact.c the contact problem
 * (H, the Delassus operator, the local problem of a step, projected
 * Gauss–Seidel and the Lemke fallback); lz-timestep-gs.c the same
 * problem in velocity space where it applies; lz-timestep-energy.c the
 * energy book and the balance of massless bodies at the start.
 */

#pragma once

#include <math.h>

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

#include "lz-elements.h"
#include "lz-forcing.h"
#include "lz-integrator-private.h"

G_BEGIN_DECLS

/* Tolerances of time-stepping, named once. */

/* A pivot of the banded Cholesky of W below this fraction of its diagonal
 * entry was lost to rounding: W is singular. */
#define LZ_TS_PIVOT_TOL 1e-14
/* An entry of the Delassus operator below this fraction of
 * √(D_rr D_ss) is dropped (below the rounding of the entries kept). */
#define LZ_TS_DELASSUS_DROP 1e-17
/* A column W⁻¹H_rᵀ of the Delassus operator is computed only where it
 * exceeds this fraction of its largest entry (it decays along a chain);
 * what is cut changes the entries kept by far less than their rounding. */
#define LZ_TS_DELASSUS_WINDOW 1e-30
/* A relative velocity |u| below this fraction of the model's speed scale
 * V (lz-scales.h) is zero: friction sticks, a stop is in contact rather
 * than hit. */
#define LZ_TS_VELOCITY_TOL 1e-9
/* A stop's impulse below this fraction of F·h (F the model's force scale)
 * is zero: what the contact problem's rounding leaves of a stop that does
 * not push is no contact. */
#define LZ_TS_IMPULSE_TOL 1e-12
/* A body with mass took an impact in a step when its velocity jumped by
 * more than this many times what the smooth forces changed it by (an
 * impact's jump does not shrink with h, a contact force's effect does). */
#define LZ_TS_IMPACT_RATIO 10.0
/* Two times closer than this fraction of h are one instant: a step that
 * ends this close to a sample time or the end time ends on it. */
#define LZ_TS_TIME_SNAP 1e-9
/* The run is over when t is this close to t-end, relative to max(T, t-end)
 * (as lz_integrator_step() judges it; T the model's time scale). */
#define LZ_TS_END_TOL 1e-12
/* Above this many variables the exact fallback is not prepared: projected
 * Gauss–Seidel must converge on its own. */
#define LZ_TS_FALLBACK_MAX_VARS 300
/* Sweeps of projected Gauss–Seidel before the fallback, at least. */
#define LZ_TS_PGS_MIN_SWEEPS 50
/* The massless bodies' start balance: sweeps, and the move (a fraction
 * of the model's length scale L) below which a sweep has settled. */
#define LZ_TS_BALANCE_SWEEPS 2000
#define LZ_TS_BALANCE_SETTLED 1e-15
/* Bisection of a massless body's balance: the first bracket and its
 * largest growth (fractions of L), the most halvings and the relative
 * width at which they stop (round-off). */
#define LZ_TS_SLIDE_FIRST 1e-3
#define LZ_TS_SLIDE_MAX 1e12
#define LZ_TS_SLIDE_HALVINGS 200
#define LZ_TS_SLIDE_WIDTH 1e-16
/* The time step of the central difference of the loads' rate at the
 * start (ḟ_z of the massless bodies' start velocities), relative to
 * max(T, t). */
#define LZ_TS_RATE_STEP 1e-6

typedef enum
{
  VAR_STOP_LOWER,
  VAR_STOP_UPPER,
  VAR_FRICTION,
  VAR_FREEPLAY,
  VAR_CONTACT_LOWER,
  VAR_CONTACT_UPPER,
  VAR_BILATERAL,
} VarKind;

/* One variable of a step's local problem: what every step reads, in one
 * cache line (the array is aligned to 64 bytes); what the sweeps on the
 * impulses read besides in VarSolve. */
typedef struct
{
  VarKind kind;
  guint   row;        /* row of H */
  double  c;          /* Λ_row += c·z */
  double  lo, hi;     /* box, per step for stops */
  double  b;
  double  limit, e;   /* a stop's side: its limit and restitution */
  gint16  massless;   /* its element's Elem.massless and … */
  gint16  coulomb;    /* … Elem.coulomb */
} __attribute__ ((aligned (64))) Var;

/* What the sweeps on the impulses (and Lemke's method) read of variable j
 * besides its Var. */
typedef struct
{
  double  alpha;      /* w = α·(H_row v⁺) + β·z + b */
  double  beta;
  double  diag;       /* α·D_rr·c + β */
  double  unit;       /* the scale of w (lz-scales.h): L for a gap, else V */
  double  b_rate;     /* a damped contact: ġ_θ = θ·H_r v⁺ + b_rate (b: g_θ = b + hθ²·H_r v⁺) */
} VarSolve;

typedef struct LzTsLemkeMap LemkeMap;
typedef struct LzTsGs LzTsGs;
typedef struct LzTsFused LzTsFused;

/* The velocity-space sweeps (lz-timestep-gs.c) and the step merged into
 * their passes over the bodies (lz-timestep-fused.c). */

/* One body's block of the step's problem. */
typedef struct
{
  guint  body;
  guint  first, n;      /* its variables: member[first … first + n) */
  int    fric;          /* its friction variable, or −1 */
} Block;

/* What a sweep reads of body i, this step: with S = r_i − Σ W_ij v_j over
 * the others, the friction's relay in closed form — sliding towards
 * larger v beyond S_P (v = (S − off_P)/W_ii), towards smaller v below S_N
 * (off_N), stuck at its kink v* between — then, if it has any, the
 * stops' interval; a body without friction has S_P = −∞, off_P = 0.
 * Branches, not a min/max chain: a stuck or held body's v does not wait
 * for S (most bodies of a chain stick). */
typedef struct
{
  double w_inv;         /* 1 / W_ii */
  double s_p, off_p, s_n, off_n, v_kink;
  double lo, hi;
} BodyLaw;              /* (one cache line) */

/* A variable of a block, with its row (vars[j].row, kept here: the
 * passes over the blocks read it without the variable's record) and its
 * body's coefficient in that row (16 bytes). */
typedef struct
{
  guint  j;
  guint  row;
  double a;
} Member;

typedef struct LzTsKernelBody LzTsKernelBody;

struct LzTsGs
{
  Block  *blocks;
  guint   n_blocks;
  Member *member;       /* the variables, by block */
  int    *block_of;     /* per body: its block, or −1 */
  BodyLaw *law;         /* per body */
  LzTsKernelBody *kernel; /* per body: the merged step's kernel
                         * (lz-timestep-kernel.c), or NULL */
};

/* A block's friction row and box and its stops' interval, this step. */
typedef struct
{
  double fa, fb;        /* the friction's row: y = fa·v − fb */
  double flo, fhi;      /* and its box */
  double vlo, vhi;      /* the stops' interval of v */
} BlockStep;

/* What time-stepping adds to an element's law (lz-elements.h) for a run. */
typedef struct
{
  const LzElementLaw *law;
  guint  first_var, n_vars; /* its variables of the local problem */
  int    massless;    /* a port on a body without mass: 0 none, 1 damped
                       * (first order), 2 undamped (algebraic) */
  /* what its law is, asked once rather than every step */
  gboolean coulomb;   /* plain Coulomb friction (constant levels) */
  gboolean bilateral; /* a rigid coupling */
  gboolean contact;   /* a damped contact (lz-contact-law) */
  LzItemKind kind;    /* law->kind, and … */
  gboolean plain;     /* … its ports two bodies or a fixed ground: g and ġ
                       * from its row of H alone */
  gboolean fast;      /* plain friction or a plain stop on bodies with mass:
                       * its mode from ġ and its impulses alone */
  double u_unit;      /* the scale of its ġ (lz_scales_row_speed()): its
                       * velocity zero is LZ_TS_VELOCITY_TOL of it */
  double z_unit;      /* the scale of its force (lz_scales_row_force()):
                       * an impulse below LZ_TS_IMPULSE_TOL of it times h
                       * is none */
} Elem;

/* An element whose work the energy book takes, with what it reads of its
 * law every step in one place (the book runs over every such element). */
typedef struct
{
  guint  e;           /* the element */
  int    a, b, row;   /* its ports (−1: a ground) and row of H (−1: none) */
  double ca, cb, c;
  LzItemKind kind;
  guint8 moving, contact;   /* (bytes: 48 bytes an element) */
} LzTsWork;

/* The step merged into the sweeps' passes over the bodies
 * (lz-timestep-fused.c; the passes in lz-timestep-gs.c). */
/* A term of one of the energy book's sums in the merged step: an
 * element's ports and their coefficients, and its damping c (the
 * damping's sum) or its row (the friction's and the impacts'). */
typedef struct
{
  int    a, b;
  double ca, cb;
  union
  {
    double c;
    guint  row;
  };
} LzTsFusedTerm;        /* (32 bytes) */

/* The sums of the energy book the merged step keeps: damping, friction,
 * impacts. */
enum { LZ_TS_SUM_DAMPING, LZ_TS_SUM_FRICTION, LZ_TS_SUM_IMPACTS, LZ_TS_N_SUMS };

struct LzTsFused
{
  /* per sum its terms, in the book's order — their last bodies in
   * increasing order, each booked at that body — and after them one of
   * ports −1 (no body) */
  LzTsFusedTerm *terms[LZ_TS_N_SUMS];
  guint          n_terms[LZ_TS_N_SUMS];
  gboolean       on;     /* the merged step applies */
  GArray   *events;      /* the step's events, logged once it is accepted */
  gboolean  one_unit;    /* every row's element has the same u_unit and
                          * z_unit (a model of one kind of body): the modes
                          * take them from unit, not from each Elem */
  const Elem *unit;      /* (the first row's element) */
  gboolean  laws_kept;   /* the friction's part of every body's law (BodyLaw)
                          * is still the last merged step's: its inputs — W_ii,
                          * the Coulomb box, b = −0 — have not changed since,
                          * so the first pass takes only the stops' interval
                          * (FALSE after a step of the general path or a new W) */
};

typedef struct
{
  LzIntegrator parent;

  guint   n, n_rows, n_vars, n_elems, band;
  double  h, theta;
  double *matrices;   /* the block mass, Kd, Cd, Wd and Wband are in */
  double *mass;       /* diagonal of M */
  gboolean *algebraic; /* per dof: no mass and no damping */
  gboolean keep_theta; /* algebraic dofs are kept at their θ-point balance */
  gboolean balanced;   /* they start on their balance */
  double *Wband;      /* banded Cholesky factor of W: n × (band+1) */
  double *Wd;         /* W itself, by diagonals like K (of the step being taken) */
  double *Kd, *Cd;    /* K and C by diagonals: entry (i, j) at i·(2·band+1) + j − i + band */
  int    *row_ints;   /* the block h_dof, row_element, row_dir and dir_row are in */
  /* H: ≤ 2 entries per row */
  int    *h_dof;      /* n_rows × 2, −1 for none */
  double *h_val;      /* n_rows × 2 */
  /* the directions: rows of H that are equal (friction and a stop on one
   * body) share one, and one sum of their impulses */
  int    *row_dir, *dir_row;   /* per row its direction, per direction a row */
  guint   n_dirs;
  double *dir_lambda;          /* per direction: Σ Λ of its rows */
  double  row_nnz;             /* the entries of D between the rows */
  /* Delassus D between the directions, CSR */
  int    *d_start, *d_col;
  double *d_val;
  Var    *vars;
  VarSolve *var_solve; /* (per variable, as vars) */
  LzElementTable *table;
  Elem   *elems;
  /* the exact fallback (Lemke), for problems up to LZ_TS_FALLBACK_MAX_VARS */
  double *Dd;          /* dense D, n_rows × n_rows */
  gsl_matrix *lcp_A;
  gsl_vector *lcp_b, *lcp_z, *lcp_w;
  int    *lcp_first;   /* per var: its first LCP index, −1 if inactive */
  LemkeMap *lemke_map;  /* the map from the variables to the LCP's columns */
  LzTsGs *gs;           /* the velocity-space sweeps, where they apply (else NULL) */
  LzTsFused fused;      /* the step merged into their passes, where it applies (fused.work not NULL) */
  gboolean fallback_only; /* LUZTAR_TS_FALLBACK=only (tests): no sweeps, Lemke at once */
  int     lemke_declined; /* the element the fallback could not take in the step, or −1 */
  int    *row_element;  /* element index of each row */
  int    *force_body;   /* per source: body dof or −1 (not a force) */
  guint  *forced, n_forced; /* the dofs whose f(t) is not identically zero */
  guint   n_sources;
  double *source_f1, source_t1;  /* per source: its value at source_t1, the last step's end */

  /* state and workspaces; after a step is accepted q1 and v1 hold the
   * state at its start (the pointers are swapped), for the samples inside
   * the step */
  double *state;        /* the block the vectors below are in */
  double *q, *v, *q1, *v1, *rhs, *tmp, *f0, *f1, *q_s, *v_s;
  double *z, *z_prev, *lambda, *u_free, *u_start, *g0_start, *g0_end, *g0dot_start, *g0dot_end;
  double *elem_force, *elem_g, *elem_gdot;
  double *rate;         /* per body: the rate it moves at over the step, Δq/h */
  double  f1_t;         /* the time f1 holds the forces of (NAN: none) */
  /* the elements whose work the energy book takes (moving grounds,
   * damping, nonsmooth), and the frictions whose levels vary in time */
  LzTsWork *work;
  guint  n_work, *varying, n_varying;
  guint  *moving_rows, n_moving_rows;   /* the rows whose ground moves */
  LzMode *modes, *new_modes;
  LzEnergy energy, energy_start;
  double  energy0;
  guint64 next_sample;  /* the index k of the next sample, at k·Δ */
  /* the forcing's jumps (lz-forcing.h): the first after the step, and per
   * row whether its ground's motion jumps within the step */
  LzForcing *forcing;
  guint   forcing_next;
  gboolean *row_jumps;
  /* the steps that land on them (lz-timestep-forcing.c; NULL without) */
  struct LzTsJumps *jumps;
} LzTimestep;

typedef struct LzTsJumps LzTsJumps;

/* L[i][k] holds L(i, i − k), k = 0 … band. */
#define LB(self, i, k) ((self)->Wband[(gsize) (i) * ((self)->band + 1) + (k)])

/* The entry of W's row i at j (|i − j| ≤ band). */
static inline double
w_at (const LzTimestep *self,
      guint             i,
      guint             j)
{
  return self->Wd[(gsize) i * (2 * self->band + 1) + j + self->band - i];
}

/* g0(t) and ġ0(t) of element e: zero unless a port is a moving ground
 * (evaluating expressions per element and step would dominate long
 * chains) */
static inline void
lz_ts_element_g0 (const LzTimestep *self,
                  guint             e,
                  double            t,
                  double           *g0,
                  double           *g0dot)
{
  const LzElementLaw *law = self->elems[e].law;

  if (!law->moving)
    {
      *g0 = 0;
      if (g0dot != NULL)
        *g0dot = 0;
      return;
    }
  lz_element_law_ground (law, t, g0, g0dot, NULL);
}

/* H_r·x (H has at most two entries a row) */
static inline double
lz_ts_row_dot (const LzTimestep *self,
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

/* A body's state at the end of a step is finite and within the run's
 * divergence limit. */
static inline gboolean
lz_ts_state_ok (const LzTimestep *self,
                double            q,
                double            v,
                double            limit)
{
  return isfinite (q) && isfinite (v) && fabs (q) <= limit && fabs (v) <= limit;
}

/* The rate at which coordinate i moves over the step, Δq/h: v_θ, but
 * θ·v_θ for a massless body kept at its θ-point balance (see
 * hold_massless() in lz-timestep.c) — the work of the forces on it is
 * done at this rate. */
static inline double
lz_ts_theta_rate (const LzTimestep *self,
                  guint             i)
{
  double th = self->theta, vth = th * self->v1[i] + (1 - th) * self->v[i];

  return self->keep_theta && self->algebraic[i] ? th * vth : vth;
}

/* A stop's velocity at which its impulse works: on a body with mass an
 * impulse changes the kinetic energy by its velocity's mean before and
 * after, whatever θ (with θ = ½ that is v_θ; with θ > ½ an impact's loss
 * is the impact's, not the scheme's numerical damping); a massless body's
 * share is at the rate it moves. */
static inline double
lz_ts_mid_rate (const LzTimestep *self,
                int               a,
                int               b,
                double            ca,
                double            cb,
                double            gd0_th)
{
  double u_mid = gd0_th;

  if (a >= 0)
    u_mid -= ca * (self->mass[a] > 0 ? 0.5 * (self->v1[a] + self->v[a]) : lz_ts_theta_rate (self, a));
  if (b >= 0)
    u_mid += cb * (self->mass[b] > 0 ? 0.5 * (self->v1[b] + self->v[b]) : lz_ts_theta_rate (self, b));
  return u_mid;
}

/* The same for element W. */
static inline double
lz_ts_stop_mid_rate (const LzTimestep *self,
                     const LzTsWork   *w,
                     double            gd0_th)
{
  return lz_ts_mid_rate (self, w->a, w->b, w->ca, w->cb, gd0_th);
}

/* The rate −ca·rate_a + cb·rate_b of ports A and B over the step (−1: a
 * fixed ground), RATE holding the bodies'. */
static inline double
lz_ts_rate_of (const double *rate,
               int           a,
               int           b,
               double        ca,
               double        cb)
{
  double vel_th = 0;

  if (a >= 0)
    vel_th -= ca * rate[a];
  if (b >= 0)
    vel_th += cb * rate[b];
  return vel_th;
}

/* The same from the run's rates. */
static inline double
lz_ts_work_rate (const LzTimestep *self,
                 int               a,
                 int               b,
                 double            ca,
                 double            cb)
{
  return lz_ts_rate_of (self->rate, a, b, ca, cb);
}

/* The work of element W over the step (lz_ts_book_work()) but a damped
 * contact's and a moving ground's, at GD0_TH (ġ0 at the θ-point), added
 * to BOOK: its damper's and its impulse's (friction or a stop).  Returns
 * its rate v_θ over the step (rate holds its bodies'). */
static inline double
lz_ts_book_fixed (const LzTimestep *self,
                  const LzTsWork   *w,
                  double            gd0_th,
                  LzEnergy         *book)
{
  double vel_th = lz_ts_work_rate (self, w->a, w->b, w->ca, w->cb);

  if (w->c > 0)
    {
      double gd = vel_th + gd0_th;

      book->damping += self->h * w->c * gd * gd;
    }
  if (w->row >= 0)
    {
      double L = self->lambda[w->row];

      /* (no impulse, no work of friction or a stop: an exact zero) */
      if (w->kind == LZ_ITEM_FRICTION && L != 0)
        book->friction += -L * (vel_th + gd0_th);
      else if (w->kind == LZ_ITEM_STOP && L != 0)
        book->impacts += -L * lz_ts_stop_mid_rate (self, w, gd0_th);
    }
  return vel_th;
}

/* The merged step's shared pieces (lz-timestep-gs.c, lz-timestep-kernel.c) */

/* S for body i: r_i − Σ_{j ≠ i} W_ij v_j. */
static inline double
lz_ts_others (const LzTimestep *self,
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

/* S for body i of a chain (a half-band of 1): lz_ts_others() without its
 * loops, the same operations in the same order. */
static inline double
lz_ts_others_chain (const LzTimestep *self,
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

/* Body i's row of the free step's right-hand side, as free_step()
 * (lz-timestep.c) computes it: K (q + hθ(1−θ) v) and C v by the band's
 * sums in order. */
static inline double
lz_ts_body_rhs (const LzTimestep *self,
                guint             i)
{
  guint n = self->n, b = self->band, j0 = i > b ? i - b : 0, j1 = MIN (n - 1, i + b);
  double h = self->h, th = self->theta;
  const double *k = self->Kd + (gsize) i * (2 * b + 1) + b - i, *c = self->Cd + (gsize) i * (2 * b + 1) + b - i;
  const double *q = self->q, *v = self->v;
  double kx = 0.0, cv = 0.0, r, hth = h * th * (1 - th);

  if (b == 1 && i > 0 && i + 1 < n)
    {
      /* inside a chain: the loops below unrolled, the same sums */
      kx = 0.0 + k[i - 1] * (q[i - 1] + hth * v[i - 1]) + k[i] * (q[i] + hth * v[i])
           + k[i + 1] * (q[i + 1] + hth * v[i + 1]);
      cv = 0.0 + c[i - 1] * v[i - 1] + c[i] * v[i] + c[i + 1] * v[i + 1];
    }
  else
    {
      for (guint j = j0; j <= j1; j++)
        kx += k[j] * (q[j] + hth * v[j]);
      for (guint j = j0; j <= j1; j++)
        cv += c[j] * v[j];
    }
  r = -h * kx;
  r += self->mass[i] * self->v[i] - h * (1 - th) * cv + h * (th * self->f1[i] + (1 - th) * self->f0[i]);
  return r;
}

/* The velocity of a body minimising its part of the velocity-space
 * problem given S = r_i − Σ W_ij v_j over the others: the friction's
 * relay, then the stops (BodyLaw; lz-timestep-gs.c). */
static inline double
lz_ts_body_velocity (const BodyLaw *law,
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

/* The damping's terms of the merged step's energy book booked at body I
 * (their last body; a term of ports −1 ends the list), from W on, added
 * to *SUM as lz_ts_book_fixed() adds them on fixed grounds (ġ0 = 0) with
 * the bodies' RATE over the step H; returns the first term past them. */
static inline const LzTsFusedTerm *
lz_ts_book_damping_at (const double        *rate,
                       double               h,
                       int                  i,
                       const LzTsFusedTerm *w,
                       double              *sum)
{
  for (; MAX (w->a, w->b) == i; w++)
    {
      double gd = lz_ts_rate_of (rate, w->a, w->b, w->ca, w->cb) + 0.0;

      *sum += h * w->c * gd * gd;
    }
  return w;
}

/* lz-timestep.c */
void     lz_ts_set_diverged     (const LzTimestep *self,
                                 guint             i,
                                 double            t1,
                                 GError          **error);
void     lz_ts_band_solve       (const LzTimestep *self,
                                 double           *x);
void     lz_ts_eval_forces      (const LzTimestep *self,
                                 double            t,
                                 double           *f);
gboolean lz_ts_band_factor      (LzTimestep       *self,
                                 int              *failed_row);
void     lz_ts_fill_w           (LzTimestep       *self,
                                 double            h);

/* lz-timestep-contact.c */
void     lz_ts_read_h           (LzTimestep       *self);
double   lz_ts_contact_update   (const LzTimestep *self,
                                 const Var        *var,
                                 double            z,
                                 double            hv);
void     lz_ts_add_element_vars (LzTimestep       *self,
                                 Elem             *el);
gboolean lz_ts_delassus_new     (LzTimestep       *self,
                                 GError          **error);
void     lz_ts_contact_problem  (LzTimestep       *self,
                                 double            t,
                                 double            t1);
gboolean lz_ts_impulses         (LzTimestep       *self,
                                 double            t,
                                 GError          **error);
gboolean lz_ts_delassus_rebuild (LzTimestep       *self,
                                 GError          **error);
void     lz_ts_contact_free     (LzTimestep       *self);
void     lz_ts_free_velocity    (LzTimestep       *self);

/* lz-timestep-gs.c */
void     lz_ts_gs_new           (LzTimestep       *self);
void     lz_ts_gs_free          (LzTsGs           *gs);
void     lz_ts_gs_refresh       (LzTimestep       *self);
gboolean lz_ts_gs_solve         (LzTimestep       *self,
                                 double           *residual,
                                 guint            *sweeps);
gboolean lz_ts_fused_solve      (LzTimestep       *self);
gboolean lz_ts_fused_finish     (LzTimestep       *self,
                                 double            t,
                                 double            t1,
                                 double            tl,
                                 GError          **error);

void     lz_ts_gs_body_law      (const LzTimestep *self,
                                 BodyLaw          *law,
                                 const Block      *bl,
                                 const BlockStep  *st);
gboolean lz_ts_gs_sweeps        (LzTimestep       *self,
                                 double           *residual,
                                 guint            *sweeps);
gboolean lz_ts_gs_sweeps_after  (LzTimestep       *self,
                                 double            first,
                                 double           *residual,
                                 guint            *sweeps);
gboolean lz_ts_fused_sweeps     (LzTimestep       *self,
                                 gboolean          ok,
                                 gboolean          swept,
                                 double            first);

/* lz-timestep-kernel.c */
void     lz_ts_kernel_new       (LzTimestep       *self);
gboolean lz_ts_kernel_solve     (LzTimestep       *self);
gboolean lz_ts_kernel_finish    (LzTimestep       *self,
                                 double            t,
                                 double            t1,
                                 double            tl,
                                 GError          **error);

/* lz-timestep-fused.c */
void     lz_ts_fused_new        (LzTimestep       *self);
gboolean lz_ts_fused_log        (LzTimestep       *self,
                                 LzTrace          *trace);

/* lz-timestep-energy.c */
double   lz_ts_kinetic_energy   (const LzTimestep *self,
                                 const double     *v);
double   lz_ts_potential_energy (const LzTimestep *self,
                                 const double     *q,
                                 double            t);
void     lz_ts_book_energy      (LzTimestep       *self,
                                 double            t,
                                 double            t1);
void     lz_ts_book_open        (LzTimestep       *self,
                                 double            t,
                                 double            t1,
                                 LzEnergy         *book);
void     lz_ts_book_work        (const LzTimestep *self,
                                 const LzTsWork   *w,
                                 double            t,
                                 double            t1,
                                 LzEnergy         *book);
void     lz_ts_book_close       (LzTimestep       *self,
                                 double            t,
                                 double            t1,
                                 LzEnergy         *book);
void     lz_ts_balance_massless (LzTimestep       *self,
                                 double            t);

/* lz-timestep-forcing.c */
void     lz_ts_forcing_new      (LzTimestep       *self);
void     lz_ts_forcing_free     (LzTimestep       *self);
void     lz_ts_forcing_window   (const LzTimestep *self);
gboolean lz_ts_forcing_begin    (LzTimestep       *self,
                                 double           *t,
                                 double           *t1,
                                 GError          **error);
void     lz_ts_forcing_past_jump (const LzTimestep *self);
gboolean lz_ts_forcing_log      (LzTimestep       *self,
                                 double            t1,
                                 double            tl,
                                 LzTrace          *trace);
LzSwitchFlags lz_ts_forcing_flags (const LzTimestep *self,
                                   guint             e);

G_END_DECLS
