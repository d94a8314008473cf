/* lz-event-private.h — the event-driven integrator's workspace and phases
 * (core-internal: lz-event*.c)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-elements.h"
#include "lz-forcing.h"
#include "lz-friction.h"
#include "lz-integrator-private.h"
#include "lz-model-private.h"

G_BEGIN_DECLS

/* The most guards one element has in a mode (a stop in contact: its force,
 * its approach velocity, its gap; lz_event_guards()) — a property of the
 * laws, not a limit of the model. */
#define MAX_GUARDS 3

/* Singular values (and LU pivots) below SV_REL times the largest are
 * zero: coinciding constraint directions, what rounding leaves of them. */
#define SV_REL 1e-12

/* A mode's constraints by components, their factors kept
 * (lz-event-factor.c) */
typedef struct _LzEventFactor LzEventFactor;

/* An element as the event-driven method runs it: its law from the element
 * table (lz-elements.h; a through-stop's is built from its two stops'
 * laws, see Through) and the state of the run that the law does not
 * have. */
typedef struct
{
  LzElementLaw law;
  gboolean contact_upper;     /* a stop in contact: which limit */
  gboolean shadowed;          /* a stuck friction element along an active contact */
  double   shadow_lambda;     /* (on a D joint: the force it holds there, its level) */
  double  stick_g;            /* a stuck friction element on a massless body: its g */
  /* What does not change in a run, read at every evaluation and guard
   * check (lz_event_elem_constants(), once at the start): the same values
   * the helpers named give, kept so that an element costs a load, not a
   * call, each time */
  gboolean bilateral;         /* lz_element_law_is_bilateral() */
  gboolean slip_constant;     /* a friction element with mass sliding at constant levels,
                               * no Stribeck curve: its tension is ±its level */
  gboolean static_constant;   /* a friction element whose static levels are constants */
  double   unit_length, unit_speed, unit_force;  /* lz_event_unit_length(), _speed(), _force() */
  gboolean plain_damper;      /* a damper on fixed grounds: all lz_event_powers() books of it is c·ġ·ġ */
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
 * and V adds nothing (lz_event_mode_tension()). */
typedef struct
{
  guint   k, r, v;            /* the elements K, R and the through-stop V */
  gboolean friction;          /* R is dry friction (V too) */
  double  ka, rb;             /* g_V = ka·g_K + rb·g_R + const: ka = ±α, rb = ±β */
  double  sk, sr;             /* +1 a lower limit, −1 an upper one */
  LzMode  cached_v;           /* V's mode node_factor() factored for */
} Through;

/* A Runge–Kutta step of the smooth system and its continuous extension
 * (lz-event-rk.c): the stages, [0] ẏ at the start, [12] ẏ at the end,
 * [13 … 15] the extension's; F its coefficients. */
#define LZ_EVENT_RK_ALL 16
#define LZ_EVENT_RK_DENSE 7
typedef struct
{
  guint   dim;
  guint  *comp, ncomp;        /* the components its steps compute (the active set's, when on: */
  guint   comp_epoch;         /* lz-event-active.c), copied at a step's start; the others stay y0's */
  double *k[LZ_EVENT_RK_ALL];
  double *F[LZ_EVENT_RK_DENSE];
  double *y0, *y1, *ytmp;     /* dim each: the step's start and end, a stage's state */
  double  t0, t1, h;          /* the last step accepted */
  gboolean valid;             /* ẏ at its end is set (lz_event_rk_end()) */
  gboolean extended;          /* its extension is built */
  gboolean guard_stages;      /* the guards are evaluated at the stages: */
  double  stage_neg;          /* the first stage (its c) where one is negative, or ∞ */
  /* the last step a Taylor step of a linear mode (lz-event-taylor.c):
   * y(t0 + τ·hs) = Σ Y[k·dim + i]·τ^k, k ≤ order, for τ in [0, (t1 − t0)/hs] */
  gboolean taylor;
  guint   order;
  double  hs;
  double *Y;                  /* (LZ_EVENT_TAYLOR_MAX + 1)·dim (allocated at the first) */
  double *E;                  /* 2·LZ_EVENT_TAYLOR_MAX·3: the energy books' */
  double *L;                  /* LZ_EVENT_TAYLOR_MAX·nc: λ's, k < order */
  double *A, *B;              /* LZ_EVENT_TAYLOR_MAX·pairs: the powers' factors */
  guint  *written, nwritten;  /* the components its terms of order ≥ 1 are written at (the others 0) */
  double *G;                  /* LZ_EVENT_TAYLOR_MAX·max_guards: the guards', k < order */
  guint   nguards, max_guards;
  guint   top_written;        /* the highest order of terms written at `written` */
} LzEventRk;

/* The smooth steps are held to LZ_EVENT_TOL_SHARE of the run's
 * tolerance: DOP853's estimate measures the error of the step itself
 * (rk8pd's measured that of its seventh-order partner, far above its
 * own), and the instants an event is located at stay within the
 * integration's error as before; a Taylor step's terms likewise. */
#define LZ_EVENT_TOL_SHARE 0.1

/* A smooth step shorter than LZ_EVENT_H_MIN_ULPS rounding units of t is
 * a failure (DOP853's after a rejection, a Taylor step's reach) */
#define LZ_EVENT_H_MIN_ULPS 16

/* The highest order of a Taylor step (lz-event-taylor.c) */
#define LZ_EVENT_TAYLOR_MAX 32

/* The degrees of a Taylor step's powers, 0 … 2·LZ_EVENT_TAYLOR_MAX − 2 */
#define LZ_EVENT_SQUARE_TOP (2 * LZ_EVENT_TAYLOR_MAX)

/* A mode's evaluation as operations, for a Taylor step's orders
 * (lz-event-ops.c): built with the step's constant part, for the lists
 * the evaluations visit then */
typedef struct _LzEventOp LzEventOp;
typedef struct
{
  gboolean   usable;          /* built for the current mode and lists */
  gboolean   off;             /* LUZTAR_EVENT_OPS=off (read once a run) */
  LzEventOp *tense, *power, *guard, *tmp;   /* ne each */
  LzEventOp *guard_el;        /* the guards in the elements' order (lz_event_ops_min_guard()) */
  guint      ntense, npower, nguard;
  gboolean   grouped;         /* the powers by book: the dampers' end group[0] */
  guint      group[3];        /* the guards by kind: the sliding frictions' end group[1],
                               * the free stops' group[2] */
  guint      mode_epoch, act; /* the mode (sm.mode_epoch) and active set (its epoch, 0 off) */
  const guint *lists[3];      /* sm.tense, powered, guarded as they were built from */
  guint      nlists[3];
} LzEventOps;

/* Taylor steps of the run (lz-event-taylor.c): the forcing's
 * coefficients, and the evaluation of a series in progress — the
 * forcing it takes in place of f(t) and the sources' values, and the
 * powers' factors it records (lz_event_powers()). */
typedef struct
{
  int      usable;            /* −1 not decided yet; 0 no; 1 every mode of the model is linear */
  gboolean stepped;           /* a Taylor step was taken */
  guint    nsrc, max_pairs;
  guint   *forced, nforced;
  double  *f, *src;           /* (MAX + 1)·n, (MAX + 1)·nsrc */
  double  *zero;              /* zeros: as many as the longest of y, the sources, the guards and the factor pairs */
  double  *scratch;           /* 4·MAX + 8 */
  double  *square;            /* 3·LZ_EVENT_SQUARE_TOP: the energy books' dampers (lz-event-taylor.c) */
  double  *dydt, *c, *lc, *ca, *cb;  /* an evaluation's ẏ; the constant part: ẏ, λ, factors */
  guint    c_npairs, c_nguards;
  double  *gc, *gk, *gnext;   /* the guards' constant part, an order's guards, their next
                               * samples (max_guards each) */
  guint    max_guards;
  double  *inv_y, *inv_l;     /* the inverse tolerances of the state's and λ's terms */
  guint   *cand, ncand;       /* the guards of the location's bracket (lz_event_taylor_bracket()), */
  const LzEventRk *cand_rk;   /* for the step of this rk from cand_t0, in [cand_a, cand_b] */
  double   cand_t0, cand_a, cand_b;
  double  *lower;             /* max_guards: each guard's lower bound over the step to lower_tau */
  const LzEventRk *lower_rk;  /* the step they are of (NULL: none), */
  double   lower_tau;
  guint    lower_least;       /* the guard with the least bound */
  guint    c_mode, c_act;     /* the mode (sm.mode_epoch) and active set (its epoch, 0 off) of c;
                               * c_mode 0: none yet */
  const double *eval_f, *eval_src;   /* an evaluation of a series: its forcing (NULL: at t) */
  gboolean record;
  gboolean ops_on;            /* the evaluation takes the operations */
  LzEventOps ops;
  double  *pa, *pb;           /* max_pairs: the factors it records, */
  guint   *pslot, npairs;     /* their book (0 damping, 1 friction, 2 sources), with
                               * LZ_EVENT_BOOK_SQUARE where the power is a·b² */
  guint   *state_comp, nstate_comp;  /* the step's components that are positions or
                                      * velocities (lz-event-taylor.c: its terms' sizes) */
  double   safety[LZ_EVENT_TAYLOR_MAX + 1];  /* by order p ≥ 2: Jorba and Zou's factor (lz-event-taylor.c) */
} LzEventTaylor;

/* The active set of the current mode (lz-event-active.c): a body pinned
 * to a fixed ground by a constraint of the mode, all of whose neighbours
 * are pinned too and on which no force and no element that changes acts,
 * keeps its state and its constraint force while the mode lasts — it is
 * frozen, and the evaluations, the steps and the guards leave it out.
 * Armed after each mode change (lz_event_active_arm()), disarmed by the
 * next (lz_event_active_disarm()). */
typedef struct
{
  gboolean disabled;          /* LUZTAR_EVENT_ACTIVE=off */
  gboolean full_arms;         /* LUZTAR_EVENT_ACTIVE=full: armed from a full evaluation at every mode */
  gboolean armed;             /* the set is that of the current mode */
  gboolean on;                /* and some body is frozen: the active path runs */
  guint    epoch;             /* counts the arms that turned it on */
  guint   *body, nbody;       /* the dofs integrated */
  guint   *comp, ncomp;       /* their components of y, then the energy books' */
  guint   *forced, nforced;   /* the dofs among them with a force f(t) */
  guint   *con, ncon;         /* the rows of the mode's constraints on them */
  guint   *tense, ntense, *powered, npowered, *guarded, nguarded;  /* the elements on them */
  guint   *full_tense, full_ntense, *full_powered, full_npowered, *full_guarded, full_nguarded;
  gboolean *is_forced;        /* per dof */
  guint   *state;             /* per dof: ACTIVE_*, lz-event-active.c */
  double   g_frozen;          /* the smallest guard of the frozen elements (constant) */
  guint    which_frozen;      /* its element */
  gboolean jumps_frozen;      /* it is a contact's velocity */
  gboolean at_event;          /* an event reached while it was on, before its selection:
                               * the frozen bodies' constraints keep their modes
                               * (lz_event_active_keep_frozen()) */
  guint   *cand_mark, *cand_count, cand_epoch;  /* per dof: the candidates on it (that selection's) */
  guint64  kept, kept_events; /* the candidates that kept their modes, the selections where some did */
  guint   *live, nlive;       /* the elements on an integrated body (or on none) */
  guint    rows_epoch;        /* the epoch whose frozen elements' states a trace row has computed */
  guint    energy_epoch;      /* the epoch whose frozen elements' energies are in ENERGY */
  double  *energy;            /* per element: the energy it stores (lz_event_active_potential()) */
  guint8  *freeze;            /* per element: what lets its bodies freeze, FREEZE_* (fixed for the run) */
  guint8  *touches;           /* per element: it acts on an integrated body (or on none) */
  /* per element: its smallest guard and which, at the full pass of
   * lz_event_min_guard() the set is armed from */
  double  *g_elem;
  guint8  *i_elem;
  /* an event may leave the frozen bodies out (lz_event_active_event()):
   * sleep_ok when armed, sleeping at such an event until its new mode;
   * the open stops on frozen bodies, and how many constraints of the mode
   * the frozen bodies hold (one each) */
  gboolean sleep_ok, sleeping;
  guint   *sleep_free, nsleep_free;
  guint    sleep_cand;
  /* such an event carries the set into its new mode (lz_event_active_rearm()):
   * carry from its selection to its end; the frozen constraints' λ (per
   * element); the integrated bodies next to frozen ones, with their q and v
   * and the constraint that pins them (per dof) when the set was armed */
  gboolean carry;
  guint    rearms;            /* armed so in a row */
  guint64  carried, refreshed; /* the re-arms, the frozen bodies they computed again (for the tests) */
  double  *lam_elem;
  guint   *bound, nbound;
  double  *ref_q, *ref_v;
  guint   *pin;
  guint   *was, *fresh, nfresh;  /* per dof: the state before a re-arm; the frozen bodies it computes */
  guint8  *is_fresh;
  double   v_stamp[LZ_BODY_N_KINDS + 1];   /* the velocity scales the frozen guards were computed with */
  /* per dof: the elements on it (from el_start[i] to el_start[i + 1] in
   * el_on), whether it may freeze at all (no force, a mass); the bodies a
   * re-arm classifies again (near, marked by near_epoch) */
  guint   *el_start, *el_on;
  guint8  *can_freeze;
  guint   *near, nnear, *near_mark, near_epoch;
  guint    nfrozen;
  /* a re-arm updates the lists near a change only (lz-event-carry.c):
   * the elements whose touches flipped and the bodies whose frozen state
   * did (ascending), scratch; per element the full lists it is in
   * (LIST_*), whether it is in sleep_free, a mark; per dof its frozen
   * neighbours through K or C, whether it is in bound, and for a frozen
   * one whether it fails the sleep check and the constraints it holds
   * (nbad fail); refresh()'s rows, tensions and guards */
  guint   *flip, nflip, *bflip, nbflip, *scratch, *scratch2, *merge;
  guint8  *in_lists, *in_sleep_free, *in_bound, *s_bad;
  guint   *el_mark, el_epoch, *nfn, *s_held, nbad;
  guint   *r_el, nr_el, *r_con, *r_tense;
  /* the frozen elements a trace row computes again (on bodies a re-arm
   * computed again since the last row: stale, is_stale), and the list of
   * the last row's elements (row_list, when row_list_ok) */
  guint   *stale, nstale, *row_list, nrow_list;
  guint8  *is_stale;
  gboolean row_list_ok;
  guint   *stores, nstores;   /* the elements that may store energy (a spring, a compliant contact) */
  /* the frozen bodies at rest to the bit since the sleep check of the
   * last arm (nothing integrated them since: lz_event_kinetic()) */
  gboolean still;
  /* per element of sleep_free its distance to its nearer limit at the
   * sleep check; their least (when sf_min_ok) */
  double  *sf_gap, sf_min;
  gboolean sf_min_ok;
} LzEventActive;

/* LzEventActive.in_lists: the full element lists an element is in */
enum
{
  LZ_LIST_TENSE = 1,
  LZ_LIST_POWERED = 2,
  LZ_LIST_GUARDED = 4,
};

/* The smooth system of the current mode (lz-event-smooth.c): the ODE
 * y = (q, v, E_damping, E_friction, E_sources) and the constraints of
 * the mode. */
typedef struct
{
  double *mass;               /* n: M's diagonal (0: a massless body) */
  gsl_matrix *K, *C;          /* dense, with massless bodies only (their joints' blocks) */
  guint  *kc_start, *kc_col;  /* the columns where K or C has entries, by row
                               * (CSR: row i's from kc_start[i] to kc_start[i + 1]) */
  double *kc_K, *kc_C;        /* K's and C's entries there */
  /* the elements an evaluation visits (the others add nothing: their
   * tension is in K and C, their ground is fixed) */
  guint  *moving, n_moving;   /* a ground that moves: g0(t) */
  guint  *tense, n_tense;     /* a tension not in K and C (freeplay, dry friction, …) */
  guint  *powered, n_powered; /* a power in the energy books */
  guint  *guarded, n_guarded; /* a guard in some mode (lz_event_guards()) */
  guint  *varying, n_varying; /* friction whose levels vary in t (lz-event.c's check_levels()) */
  int    *src_body;           /* per source: the dof of its body (−1 for none) */
  /* the active constraints of the mode */
  guint   nc;
  guint  *con;                /* their elements */
  int    *con_of;             /* per element: its row among them, or −1 */
  gboolean diagonal;          /* no two share a body: G is diagonal, S its diagonal */
  guint  *body_mark;          /* per dof: the last mark_epoch a constraint on it saw */
  guint   mark_epoch;
  LzEventFactor *factor;      /* G's blocks (lz_event_factor_mode()) */
  gsl_matrix *G, *V;          /* Hc M⁻¹ Hcᵀ = U S Vᵀ (U in G): views of the buffers */
  gsl_vector *S, *work, *rhs_c, *lambda;
  gsl_matrix_view Gv, Vv;
  gsl_vector_view Sv, workv, rhs_cv, lambdav;
  gsl_matrix *Gbuf, *Vbuf;    /* for as many constraints as the model can have */
  gsl_vector *Sbuf, *workbuf, *rhs_cbuf, *lambdabuf;
  LzEventRk rk;               /* the run's steps (lz-event-rk.c) */
  LzEventRk rk_scratch;       /* re-integrations within a step */
  double  h_try;
  double  rtol, atol;
  double *atol_scale;         /* dim: atol's unit per component */
  double *fv;                 /* n, workspace */
  double *a;                  /* n */
  double *g0, *g0d, *g0dd;    /* per element, at the current t */
  double  t;                  /* that t (lz_event_accelerations()'s) */
  LzEventActive act;          /* lz-event-active.c */
  LzEventTaylor ty;           /* lz-event-taylor.c */
  guint   mode_epoch;         /* counts lz_event_setup_mode()'s */
} LzEventSmooth;

/* Guards, location and the trace (lz-event-locate.c, event_step()). */
typedef struct
{
  double *y0, *yt, *dydt0, *dydt1;  /* dim: the step's start, a trial, ẏ at both ends */
  double *ym;                 /* dim: a point of the interpolant */
  double *y1;                 /* dim: the step's end (the continuous extension's) */
  double  dense_t0, dense_t1; /* the step the extension interpolates */
  gboolean dense_valid;
  /* a smooth step's end (advance() with a trace): the next step starts
   * there with its smallest guard END_G and ẏ (dydt1), while y is y1 */
  gboolean end_valid;
  double  end_t, end_g;
  gboolean end_fresh;         /* and the right-hand side's workspace is at (end_t, y) still */
  double *ys;                 /* dim: a trace row's state */
  double *ysamp;              /* dim: the samples of a step */
  double *ypend;              /* dim: the state of an instant being settled */
  LzMode *d_saved;            /* per element: the modes around a D joints' selection */
  gboolean min_jumps;         /* lz_event_min_guard()'s guard is a contact's velocity (it may jump) */
  guint64 sample_k;           /* the next sample is at k·sample */
  double  last_event_t;
  guint   events_at_same_t;
  double *force, *gv, *gdv;   /* per element, for the trace */
  /* the smooth step and its guards that a peek took (lz-event.c,
   * settle()): the step after the instant takes it again from the same
   * state, so it is kept (the arithmetic is the same, not redone) */
  struct
  {
    gboolean valid;
    double  t0, t_stop, h0;   /* its start, its limit, the step tried */
    double *y0, *dydt0, g0;   /* dim: its start, ẏ there; the smallest guard there */
    LzMode *mode;             /* per element: the modes it ran in */
    double  t, h, g1;         /* its end, the next step tried, the smallest guard */
    guint   which;
    gboolean jumps;
    double *y, *dydt;         /* dim: its end and ẏ there */
  } peek;
} LzEventLocate;

/* Impacts and mode selection at an event (lz-event-modes.c). */
typedef struct
{
  LzMode *new_mode;           /* per element */
  gboolean *impacted;
  gboolean any_impact;        /* some element is impacted (resolve_impacts()) */
  double *impact_speed;       /* per element: approach speed of its last impact */
  double *prev_impact_t, *prev_impact_speed;
  LzMode *prior;              /* per element: the modes before the event */
  LzMode *saved, *massive;    /* per element: modes set aside by select_modes() */
  guint  *cand, *first;       /* per element: the candidates, their first unknown */
  guint  *idx;                /* per element: the stops at a limit */
  gboolean *upper;            /* per element: that limit is the upper one */
  gboolean *th_cand;          /* per through-stop: at its limit */
  LzMode *k_before, *first_k; /* per through-stop: K's mode before, at the first selection */
  /* the instant being settled (lz_event_instant_begin(), _flush()) */
  gboolean pending;           /* modes switched at inst_t, not yet logged */
  gboolean inst_initial;      /* the start of the run */
  double  inst_t;
  LzMode *inst_prior;         /* per element: the modes before the instant */
  LzSwitchFlags *inst_flags;  /* per element: impacts at the instant */
} LzEventModes;

/* Massless joints of linear springs (N) and of dampers (D)
 * (lz-event-smooth.c's condensation, lz-event-massless.c). */
typedef struct
{
  guint   nN, nD;
  guint  *iN, *iD;
  int    *rN;                 /* per dof: its row among the N joints, or −1 */
  int    *rD;                 /* per dof: its row among the D joints, or −1 */
  gsl_matrix *KNN, *CDD;      /* LU factors */
  gsl_permutation *pN, *pD;
  gsl_vector *bN, *bD, *xN, *xD;
  double *yc;                 /* 2n: the state with the massless entries solved */
  double *zlambda;            /* per element: the force of a massless body's stop or stuck friction */
  double *fc;                 /* n: f(t) for them */
  double *fp, *fm;            /* n: f(t ± h) for ḟ */
} LzEventJoints;

/* Springs with freeplay, stops and dry friction on the N joints
 * ("static" elements): the joints solve a static complementarity
 * problem, see lz_event_node_select(). */
typedef struct
{
  guint   nS;
  guint  *iS;                 /* the static elements */
  gboolean *is_static;        /* per element */
  gboolean *s_excluded;       /* per element: lz_event_node_select() leaves it free */
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
} LzEventStatic;

/* Stops and dry friction on the D joints (first order): in contact, or
 * stuck, a velocity constraint (lz-event-massless.c). */
typedef struct
{
  guint   nDS;
  guint  *iDS;                /* those elements */
  gboolean *is_dstop;         /* per element */
  gsl_matrix *DX, *DG, *DV;   /* C_DD⁻¹ W (nD × nDS), Wᵀ C_DD⁻¹ W = U S Vᵀ (U in DG) */
  gsl_vector *DS, *Dwork, *Dr, *Dl, *Dcol;
  gboolean d_free;            /* lz_event_condense() leaves the D constraints out */
  /* per D element: dvel_select()'s and dvel_solve()'s candidates */
  guint  *dcon, *cand;
  int    *kind, *pair, *var;
  double *sgn, *lam, *u, *lo;
  gboolean *open;
  double *yp, *dy;            /* dim: the state a moment later */
  LzMode *keep;               /* per element */
} LzEventDamped;

/* Bodies with mass stopped through a massless body (see Through and
 * lz_event_through_sync()). */
typedef struct
{
  guint   nT;
  Through *through;
} LzEventThroughs;

/* The jumps of the forcing (lz-event-forcing.c). */
typedef struct
{
  LzForcing *forcing;
  guint      next;            /* the first jump after the side the run is on */
  guint      n_sources;
  gboolean  *source_jumped;   /* per source: jumped at the instant being settled */
} LzEventForcing;

typedef struct
{
  LzIntegrator parent;

  guint   n;                  /* dofs */
  guint   nm;                 /* the model's elements */
  guint   ne;                 /* with the through-stops after them */
  Elem   *el;
  LzMode *mode;
  double *y, *dydt;           /* dim = 2n + 3 */
  double  e_impacts, energy0, v_scale;
  double  v_kind[LZ_BODY_N_KINDS];  /* v_scale per body kind (lz-event-units.h) */

  LzEventSmooth   sm;
  LzEventLocate   loc;
  LzEventModes    md;
  LzEventJoints   jn;
  LzEventStatic   st;
  LzEventDamped   dj;
  LzEventThroughs tr;
  LzEventForcing  fo;
} LzEvent_;

typedef LzEvent_ LzEventIntegrator;

/* x += s·M⁻¹w, w element EL's direction (an impulse or a force along it
 * on the bodies with mass) */
static inline void
lz_event_minv_add_w (const LzEventIntegrator *self,
                     const Elem              *el,
                     double                   s,
                     double                  *x)
{
  if (el->law.b >= 0)
    x[el->law.b] += s * el->law.cb / self->sm.mass[el->law.b];
  if (el->law.a >= 0)
    x[el->law.a] -= s * el->law.ca / self->sm.mass[el->law.a];
}

/* w·x of an element on ports A and B (−1: a ground), coefficients CA and
 * CB (lz_event_wdot() and the mode's operations, lz-event-ops.c) */
static inline double
lz_event_wdot_ports (int           a,
                     int           b,
                     double        ca,
                     double        cb,
                     const double *x)
{
  return (b >= 0 ? cb * x[b] : 0) - (a >= 0 ? ca * x[a] : 0);
}

static inline double
lz_event_wdot (const Elem   *el,
               const double *x)
{
  return lz_event_wdot_ports (el->law.a, el->law.b, el->law.ca, el->law.cb, x);
}

/* X += S·w on ports A and B (as lz_event_wdot_ports()) */
static inline void
lz_event_add_w_ports (int     a,
                      int     b,
                      double  ca,
                      double  cb,
                      double  s,
                      double *x)
{
  if (b >= 0)
    x[b] += s * cb;
  if (a >= 0)
    x[a] -= s * ca;
}

/* A sliding friction's guard, its slip velocity GD the way it slides
 * (POSITIVE: slip+) over its speed scale V (+ 0.0: a slip velocity of −0
 * gives +0) */
static inline double
lz_event_slip_guard (double   gd,
                     gboolean positive,
                     double   v)
{
  return ((positive ? gd : -gd) + 0.0) / v;
}

/* A free stop's guards at its gap G: its distances to its finite limits
 * LOWER and UPPER over its length scale L, into OUT; how many */
static inline guint
lz_event_gap_guards (double  g,
                     double  lower,
                     double  upper,
                     double  l,
                     double *out)
{
  guint k = 0;

  if (isfinite (lower))
    out[k++] = (g - lower) / l;
  if (isfinite (upper))
    out[k++] = (upper - g) / l;
  return k;
}

/* The smallest of COUNT guards G (INFINITY for none), the first of the
 * smallest into *AT */
static inline double
lz_event_least_of (const double *g,
                   guint         count,
                   guint        *at)
{
  double least = INFINITY;

  *at = 0;
  for (guint i = 0; i < count; i++)
    if (g[i] < least)
      {
        least = g[i];
        *at = i;
      }
  return least;
}

/* A dry friction element that does not slip (stuck, or a through
 * friction's V): no tension of its own (lz_event_mode_tension() is 0) */
static inline gboolean
lz_event_friction_holds (const LzEventIntegrator *self,
                         guint                    e)
{
  return self->el[e].law.kind == LZ_ITEM_FRICTION && self->mode[e] != LZ_MODE_SLIP_POS
         && self->mode[e] != LZ_MODE_SLIP_NEG;
}

/* The force λ of element E as a constraint of the mode (0 when it is none,
 * or the constraints are set aside: nc = 0), not a massless body's
 * (lz_event_constraint_force()) */
static inline double
lz_event_mode_lambda (const LzEventSmooth *sm,
                      guint                e)
{
  int c = sm->con_of[e];

  return c >= 0 && (guint) c < sm->nc ? gsl_vector_get (sm->lambda, c) : 0;
}

/* One trial C (guard FC) of the Illinois method on a bracket [A, B]
 * (FA ≥ 0 > FB): C replaces the end of its sign, and the other end's
 * guard is halved when the same side moved twice (SIDE: −1, +1, or 0 at
 * first). */
static inline void
lz_event_illinois (double  c,
                   double  fc,
                   double *a,
                   double *fa,
                   double *b,
                   double *fb,
                   int    *side)
{
  if (fc < 0)
    {
      *b = c;
      *fb = fc;
      if (*side == -1)
        *fa /= 2;
      *side = -1;
    }
  else
    {
      *a = c;
      *fa = fc;
      if (*side == 1)
        *fb /= 2;
      *side = 1;
    }
}

void lz_event_node_solve (LzEventIntegrator *self,
                          double             t,
                          double            *dst,
                          gboolean           velocity,
                          gboolean           fdot);
gboolean lz_event_node_select (LzEventIntegrator *self,
                               double             t,
                               const double      *y);
double lz_event_massless_extra (LzEventIntegrator *self,
                                guint              i,
                                double             t,
                                const double      *q);
void lz_event_dstop_solve (LzEventIntegrator *self,
                           double             t,
                           const double      *dst,
                           gsl_vector        *x);
void lz_event_condense (LzEventIntegrator *self,
                        double             t,
                        const double      *src,
                        double            *dst,
                        gboolean           fdot);
double lz_event_minv_dot (const LzEventIntegrator *self,
                          const Elem              *x,
                          const Elem              *y);
double lz_event_mode_tension (const LzEventIntegrator *self,
                              guint                    e,
                              double                   g,
                              double                   gd);
void lz_event_accelerations (LzEventIntegrator *self,
                             double             t,
                             const double      *q,
                             const double      *v,
                             double            *acc);
double lz_event_constraint_force (const LzEventIntegrator *self,
                                  guint                    e);
int lz_event_group_root (int *parent,
                         int  r);
void lz_event_smooth_sparse (LzEventIntegrator *self);
void lz_event_ground_terms (LzEventIntegrator *self,
                            double             t,
                            const double      *y);
void lz_event_powers (LzEventIntegrator *self,
                      double             t,
                      const double      *y,
                      double            *p);
void lz_event_factor_mode (LzEventIntegrator *self);
guint lz_event_factor_constraints (LzEventIntegrator *self);
void lz_event_factor_solve (LzEventSmooth *sm);
void lz_event_factor_solve_rows (LzEventSmooth *sm,
                                 const guint   *rows,
                                 guint          nrows);
void lz_event_factor_free (LzEventSmooth *sm);
int lz_event_rhs (double        t,
                  const double  y[],
                  double        dydt[],
                  void         *data);
gboolean lz_event_parallel (const Elem *x,
                            const Elem *y);
void lz_event_setup_mode (LzEventIntegrator *self);
guint lz_event_guards (LzEventIntegrator *self,
                       guint              e,
                       const double      *y,
                       double            *out);
double lz_event_least_guard (LzEventIntegrator *self,
                             guint              e,
                             const double      *y,
                             guint             *at);
gboolean lz_event_guard_negative (LzEventIntegrator *self,
                                  const double      *y);
double lz_event_interior_h_max (const LzEventIntegrator *self);
double lz_event_min_guard (LzEventIntegrator *self,
                           double             t,
                           const double      *y,
                           guint             *which);
double lz_event_interior_crossing (LzEventIntegrator *self,
                                   double             t0,
                                   const double      *y0,
                                   const double      *a0,
                                   double             t1,
                                   const double      *y1,
                                   const double      *a1);
void lz_event_dense_set (LzEventIntegrator *self,
                         double             t0,
                         double             t1);
gboolean lz_event_dense_locate (LzEventIntegrator *self,
                                double             t0,
                                double            *a,
                                double            *fa,
                                double            *b,
                                double            *fb,
                                double             tol);
double lz_event_guard_at (LzEventIntegrator *self,
                          double             t0,
                          double             t,
                          double            *y,
                          gboolean           expand);
gboolean lz_event_dense_covers (const LzEventIntegrator *self,
                                double                   t0,
                                double                   t);
gboolean lz_event_state_at (LzEventIntegrator *self,
                            double             t0,
                            double             t,
                            double            *y);
gboolean lz_event_exact_state (LzEventIntegrator *self,
                               double             t0,
                               double             t,
                               double            *y);
gboolean lz_event_integrate_to (LzEventIntegrator *self,
                                double             t0,
                                const double      *y0,
                                double             t,
                                double            *y);
void lz_event_element_state (LzEventIntegrator *self,
                             double             t,
                             const double      *y);
gboolean lz_event_dv_along (const Elem *f,
                            const Elem *s);
double lz_event_dv_level_along (const Elem *f,
                                const Elem *s,
                                double      sx);
void lz_event_dvel_select (LzEventIntegrator *self,
                           double             t,
                           double            *y,
                           double             pos_tol,
                           double             v_tol);
void lz_event_dstop_project (LzEventIntegrator *self,
                             double             t,
                             double            *y);
double lz_event_kinetic (const LzEventIntegrator *self,
                         const double            *y);
void lz_event_project_counted (LzEventIntegrator *self,
                               double             t,
                               double            *y);
double lz_event_handle_event (LzEventIntegrator *self,
                              double             t,
                              double            *y,
                              gboolean           initial);
void lz_event_stored_energy (LzEventIntegrator *self,
                             const double      *y,
                             LzEnergy          *energy);
void lz_event_alloc_static (LzEventIntegrator *self);
void lz_event_setup_elements (LzEventIntegrator *self);
gboolean lz_event_check_friction (LzEventIntegrator *self,
                                  GError           **error);
gboolean lz_event_setup_massless (LzEventIntegrator *self,
                                  GError           **error);

void lz_event_instant_begin (LzEventIntegrator *self,
                             double             t,
                             gboolean           initial);
guint lz_event_instant_flush (LzEventIntegrator *self,
                              LzTrace           *trace);

void lz_event_at_once_modes (LzEventIntegrator *self,
                             double             t0,
                             const double      *y0,
                             double             tp,
                             double            *y);
double lz_event_locate (LzEventIntegrator *self,
                        double             t0,
                        double             a,
                        double             fa,
                        double             b,
                        double             fb,
                        gboolean           jumps);
gboolean lz_event_at_once_probe (LzEventIntegrator *self,
                                 double             t0,
                                 double             t,
                                 double            *tp,
                                 double            *bracket_a,
                                 double            *bracket_fa);
void lz_event_trace_row (LzEventIntegrator *self,
                         LzTrace           *trace,
                         double             t,
                         const double      *y);
double lz_event_sample_time (const LzEventIntegrator *self,
                             guint64                  k);
void lz_event_write_samples (LzEventIntegrator *self,
                             LzTrace           *trace,
                             double             t0,
                             double             t,
                             gboolean           event_at_t);

void lz_event_rk_alloc (LzEventRk *rk,
                        guint      dim);
void lz_event_rk_free (LzEventRk *rk);
int lz_event_rk_step (LzEventIntegrator *self,
                      LzEventRk         *rk,
                      double            *t,
                      double             t_stop,
                      double            *h,
                      double            *y);
void lz_event_rk_end (LzEventRk    *rk,
                      const double *f1);
gboolean lz_event_rk_covers (const LzEventRk *rk,
                             double           t0,
                             const double    *y0,
                             double           t);
gboolean lz_event_rk_dense (LzEventIntegrator *self,
                            LzEventRk         *rk,
                            double             t,
                            double            *y);
gboolean lz_event_rk_integrate (LzEventIntegrator *self,
                                LzEventRk         *rk,
                                double             t0,
                                const double      *y0,
                                const double      *f0,
                                double             t,
                                double            *y,
                                double             h0);
gboolean lz_event_rk4 (LzEventIntegrator *self,
                       double             t0,
                       double             t,
                       double            *y);

int lz_event_taylor_step (LzEventIntegrator *self,
                          LzEventRk         *rk,
                          double            *t,
                          double             t_stop,
                          double            *h,
                          double            *y);
void lz_event_taylor_dense (const LzEventIntegrator *self,
                            const LzEventRk         *rk,
                            double                   t,
                            double                  *y);
double lz_event_taylor_first_beyond (const LzEventIntegrator *self,
                                     const LzEventRk         *rk,
                                     double                   limit,
                                     double                  *y);
void lz_event_taylor_bracket (LzEventIntegrator *self,
                              const LzEventRk   *rk,
                              double             ta,
                              double             tb);
double lz_event_taylor_min_guard (LzEventIntegrator *self,
                                  const LzEventRk         *rk,
                                  double                   t);
void lz_event_ops_build (LzEventIntegrator *self);
gboolean lz_event_ops_current (const LzEventSmooth *sm);
void lz_event_ops_free (LzEventOps *ops);
void lz_event_ops_tense (LzEventIntegrator *self,
                         const double      *q,
                         const double      *v);
void lz_event_ops_powers (LzEventIntegrator *self,
                          const double      *q,
                          const double      *v,
                          double            *sum);
double lz_event_ops_min_guard (LzEventIntegrator *self,
                               const double      *y,
                               guint             *which);
int lz_event_settled_rhs (LzEventIntegrator *self,
                          double             t,
                          const double      *y,
                          double            *dydt);
double lz_event_settled_min_guard (LzEventIntegrator *self,
                                   double             t,
                                   const double      *y,
                                   guint             *which);
guint lz_event_ops_guards (LzEventIntegrator *self,
                           const double      *y,
                           double            *out);
void lz_event_tense_add (LzEventIntegrator *self,
                         guint              e,
                         const double      *q,
                         const double      *v);
void lz_event_power_add (LzEventIntegrator *self,
                         guint              e,
                         const double      *q,
                         const double      *v,
                         double            *sum);
void lz_event_taylor_free (LzEventSmooth *sm);
void lz_event_taylor_rk_free (LzEventRk *rk);
/* A power's factors A and B, of the book SLOT, recorded where a Taylor
 * step's series evaluates (lz-event-taylor.c) */
static inline void
lz_event_taylor_record (LzEventTaylor *ty,
                        guint          slot,
                        double         a,
                        double         b)
{
  if (ty->record)
    {
      ty->pa[ty->npairs] = a;
      ty->pb[ty->npairs] = b;
      ty->pslot[ty->npairs++] = slot;
    }
}

/* A power a·b into the book SLOT's SUM, its factors recorded */
static inline void
lz_event_taylor_book (LzEventTaylor *ty,
                      double        *sum,
                      guint          slot,
                      double         a,
                      double         b)
{
  *sum += a * b;
  lz_event_taylor_record (ty, slot, a, b);
}

/* A power c·b² (a damper's c·ġ², the same operations as
 * lz_event_taylor_book() of c·b and b), recorded as c and b: a series
 * squares b's terms by their symmetric pairs, half the products */
#define LZ_EVENT_BOOK_SQUARE 0x100u
static inline void
lz_event_taylor_book_square (LzEventTaylor *ty,
                             double        *sum,
                             guint          slot,
                             double         c,
                             double         b)
{
  *sum += c * b * b;
  lz_event_taylor_record (ty, slot | LZ_EVENT_BOOK_SQUARE, c, b);
}

void lz_event_active_setup (LzEventIntegrator *self);
void lz_event_active_free (LzEventSmooth *sm);
void lz_event_active_disarm (LzEventSmooth *sm);
void lz_event_active_event (LzEventSmooth *sm);
void lz_event_active_impulse (LzEventSmooth *sm,
                              const Elem    *el);
guint lz_event_active_keep_frozen (LzEventIntegrator *self,
                                   guint             *cand,
                                   guint              ncand);
guint lz_event_active_row_elements (LzEventIntegrator *self,
                                    const guint      **elems);
double lz_event_active_potential (LzEventIntegrator *self,
                                  const double      *gv);
void lz_event_active_record (LzEventSmooth *sm,
                             guint          e,
                             double         g,
                             guint          i);

/* lz_event_min_guard()'s account of element E, whose smallest guard is
 * LEAST (the AT-th): recorded for the active set, and the smallest of all
 * so far in *BEST (*WHICH its element, loc.min_jumps whether it is a
 * stop's velocity guard in contact) */
static inline void
lz_event_min_guard_take (LzEventIntegrator *self,
                         guint              e,
                         double             least,
                         guint              at,
                         double            *best,
                         guint             *which)
{
  lz_event_active_record (&self->sm, e, least, at);
  if (least < *best)
    {
      *best = least;
      if (which != NULL)
        *which = e;
      self->loc.min_jumps = self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT && at == 1;
    }
}

void lz_event_active_arm (LzEventIntegrator *self,
                          const double      *y);
void lz_event_active_wake (LzEventSmooth *sm);
void lz_event_active_at_once (LzEventSmooth *sm);
/* (lz-event-active.c, for lz-event-carry.c) */
enum
{
  LZ_ACTIVE_FREE = 0,         /* a dof integrated */
  LZ_ACTIVE_PINNED = 1,       /* held by a constraint of the mode to a fixed ground */
  LZ_ACTIVE_FROZEN = 2        /* pinned, among pinned neighbours: left out */
};
gboolean lz_event_active_eligible (const LzEventIntegrator *self);
gboolean lz_event_active_freezable (const LzEventIntegrator *self,
                                    guint                    e);
gboolean lz_event_active_touches (const LzEventActive *ac,
                                  const Elem          *el);
void lz_event_active_use_lists (LzEventSmooth *sm,
                                gboolean       full);
void lz_event_active_turn_on (LzEventIntegrator *self,
                              const double      *y);
void lz_event_active_switch_on (LzEventIntegrator *self);
void lz_event_active_comps (LzEventActive *ac,
                            guint          n);
guint lz_event_toggle_sorted (guint       *list,
                              guint       *count,
                              const guint *flip,
                              guint        nflip,
                              guint       *merge);
guint lz_event_first_change (const guint *before,
                             const guint *now,
                             const guint *flags,
                             guint        from,
                             guint        n);
void lz_event_active_stale (LzEventActive *ac,
                            const guint   *elems,
                            guint          count);
void lz_event_active_frozen_guards (LzEventIntegrator *self);
/* (lz-event-carry.c) */
void lz_event_carry_setup (LzEventIntegrator *self);
void lz_event_carry_free (LzEventActive *ac);
gboolean lz_event_carry_sleep_check (LzEventIntegrator *self,
                                     const double      *y);
gboolean lz_event_carry_stamp_units (LzEventIntegrator *self,
                                     gboolean           set);
void lz_event_carry_bound_mark (LzEventIntegrator *self,
                                const double      *y);
void lz_event_active_rearm (LzEventIntegrator *self,
                            double             t,
                            const double      *y,
                            const LzMode      *before);
gboolean lz_event_active_sleep_free_clear (LzEventIntegrator *self,
                                           const double      *y,
                                           double             pos_tol,
                                           double             v_tol);
double lz_event_active_min_frozen (LzEventIntegrator *self,
                                   double             best,
                                   guint             *which);
void lz_event_active_rk_comps (const LzEventSmooth *sm,
                               LzEventRk           *rk);

gboolean lz_event_forcing_setup (LzEventIntegrator *self,
                                 GError           **error);
void lz_event_forcing_free (LzEventForcing *fo);
double lz_event_forcing_next (const LzEventIntegrator *self);
void lz_event_forcing_window (const LzEventIntegrator *self);
gboolean lz_event_forcing_cross (LzEventIntegrator *self,
                                 double             t);
guint lz_event_forcing_flush (LzEventIntegrator *self,
                              LzTrace           *trace);

/* The force of a stuck friction element or a stop in contact E:
 * lz_event_constraint_force(), its row of the mode read in place for an
 * element with mass */
static inline double
lz_event_held_force (const LzEventIntegrator *self,
                     guint                    e)
{
  return self->st.is_static != NULL && self->st.is_static[e] ? lz_event_constraint_force (self, e)
         : lz_event_mode_lambda (&self->sm, e);
}

/* lz_event_mode_tension() of a friction element with Elem.slip_constant
 * set, without g or ġ: the level it slides at (lz_friction_slip_level()
 * of constant levels without a Stribeck curve), 0 when it does not slide */
static inline double
lz_event_slip_constant_tension (const LzEventIntegrator *self,
                                guint                    e)
{
  const LzElementLaw *law = &self->el[e].law;

  return self->mode[e] == LZ_MODE_SLIP_POS ? law->fpos : self->mode[e] == LZ_MODE_SLIP_NEG ? -law->fneg : 0;
}

/* The elements a pass over the model visits: where LIVE those on
 * integrated bodies (the active set's live list, lz-event-carry.c), else
 * every one (*ELEMS NULL: element k is k); returns how many */
static inline guint
lz_event_pass_elements (const LzEventIntegrator *self,
                        gboolean                 live,
                        const guint            **elems)
{
  *elems = live ? self->sm.act.live : NULL;
  return live ? self->sm.act.nlive : self->ne;
}

/* Whether stop EL, at G with ġ = GD, is at a limit for the selection
 * (within P_TOL of it, not moving away by more than U_TOL): −1 its lower,
 * +1 its upper, 0 neither */
static inline int
lz_event_stop_at_limit (const Elem *el,
                        double      g,
                        double      gd,
                        double      p_tol,
                        double      u_tol)
{
  if (isfinite (el->law.lower) && g - el->law.lower <= p_tol && gd <= u_tol)
    return -1;
  if (isfinite (el->law.upper) && el->law.upper - g <= p_tol && gd >= -u_tol)
    return 1;
  return 0;
}

G_END_DECLS
