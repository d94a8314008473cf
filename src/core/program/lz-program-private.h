/* lz-program-private.h — program motion's internals shared by its files:
 * the formulation (lz-program.c), the model analysis (lz-program-model.c)
 * and its reports (lz-program-report.c)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-dense.h"
#include "lz-elements.h"
#include "lz-program.h"

G_BEGIN_DECLS

/* The default of LzProgramOptions.rank_tol: singular values below this
 * fraction of the largest are zero (on row-scaled matrices). */
#define LZ_PROGRAM_DEFAULT_RANK_TOL 1e-10

/* X(i, j) of a gsl_matrix, as an lvalue (the loops of the formulation
 * are the paper's sums written out; their order of summation is the
 * results'). */
#define AT(X, i, j) ((X)->data[(gsize) (i) * (X)->tda + (j)])

/* ------------------------------------------------------------------------ */
/* The general formulation (lz-program.c)                                   */

/* The factorization of the last matrix solve_scaled() met: along a linear
 * model's program motion [E; R_s] does not change, and its rank test (an
 * SVD) and LU are then done once, not at every evaluation. */
typedef struct
{
  guint            n;
  double          *A;        /* the matrix as given, n×n; NULL: empty */
  double          *norm;     /* its row norms */
  gsl_matrix      *LU;
  gsl_permutation *perm;
  gboolean         regular;
} LzProgramSolveCache;

struct _LzProgram
{
  guint n, m, r, p, q, l, k;
  double tol;
  LzRealization realization;
  gboolean necessary;
  char *failure;                /* NULL when the formulation applies */

  gsl_matrix *M, *Minv, *B, *C;
  gsl_matrix *P, *Q, *D, *U, *W;
  gsl_matrix *Mbinv, *Mcinv, *Mdinv;
  gsl_matrix *G;                /* U Qᵀ M_d⁻¹ D, l×n */
  gsl_matrix *E;                /* [W M_c⁻¹ C; D M], (p + k)×n */

  /* gsl copies for the getters and the report (NULL when empty) */
  gsl_matrix *gP, *gQ, *gD, *gU, *gW;

  LzProgramSolveCache cache_24, cache_vdot;
};

/* The derivatives of g at a state (the Jacobians of h and c0 frozen). */
typedef struct
{
  gsl_matrix *gv, *gx;   /* l×n */
  double *g, *gt, *gtt;
} LzProgramGJet;

void     lz_program_gjet_compute   (const LzProgram      *self,
                                    const LzProgramState *s,
                                    LzProgramGJet        *j);
void     lz_program_gjet_clear     (LzProgramGJet        *j);
gboolean lz_program_solve_at_index (LzProgram            *self,
                                    const LzProgramState *state,
                                    guint                 s,
                                    double               *vdot,
                                    double               *lambda,
                                    GError              **error);

/* ------------------------------------------------------------------------ */
/* A model's analysis (lz-program-model.c, lz-program-report.c)             */

/* An expression with its derivatives up to order 4 (libmatheval gives
 * two; the second derivative is parsed again for two more). */
typedef struct
{
  LzExpr *e0;
  LzExpr *e2;   /* NULL for a constant, or when e0 is NULL */
} LzProgramJet;

/* One moving ground's part of an element's g: coef·x_g(t). */
typedef struct
{
  double       coef;
  LzProgramJet jet;
} LzProgramGroundTerm;

/* An element as program motion treats it: its law from the element
 * table, and what only program motion knows of it. */
typedef struct
{
  const LzElementLaw *law;       /* borrowed from the analysis' table */
  GArray  *ground;               /* LzProgramGroundTerm: g0(t) = Σ coef·x_g(t) */
  gboolean inverted;             /* a freeplay spring followed through tar */
  gboolean in_path;              /* the index needs it */
} LzProgramEl;

/* A state the motion can be integrated again from (eval). */
typedef struct
{
  double t;
  double *y;             /* 2n */
  int    *branch;        /* per element */
} LzProgramRestart;

struct _LzProgramAnalysis
{
  const LzAssembly *assembly;   /* borrowed */
  LzModel *model;
  LzProgramOptions opts;
  guint n, m, r;
  LzProgram *program;
  guint index;
  char *failure;
  GPtrArray *explanation;        /* char*, NULL-terminated */
  GPtrArray *adjusted;           /* char*: initial values changed */

  int *pres_dof;                 /* m */
  const char **pres_id;
  LzProgramJet *pres;            /* p_i(t) */
  int *act_dof;                  /* r */
  const char **act_id;
  int *fixed;                    /* n: 1 for a prescribed coordinate */

  guint n_forces;
  int *force_dof;
  LzProgramJet *forces;

  LzElementTable *table;
  guint n_el;
  LzProgramEl *el;
  int *branch;                   /* current branch σ of each element */

  /* the state handed to the formulation */
  gsl_vector *x, *v, *h, *h_t, *h_tt, *c0, *c0_t, *c0_tt;
  gsl_matrix *h_x, *h_v;
  gboolean drop_jacobian;        /* removes element `drop` from the Jacobians */
  guint drop;

  /* results */
  GArray *times;                 /* double */
  GArray **lambda;               /* r of double */
  GArray **q, **vel;             /* n of double */
  GArray *instants;              /* LzProgramInstant */
  GArray *restarts;              /* LzProgramRestart */
  double drift;
  GError *run_error;
  gsl_odeiv2_system sys;
  gsl_odeiv2_driver *driver;     /* kept over the samples: its step size too */
};

/* A spring or a gear with freeplay (the one nonsmooth element program
 * motion may invert). */
static inline gboolean
lz_program_el_has_freeplay (const LzProgramEl *e)
{
  return (e->law->kind == LZ_ITEM_SPRING || e->law->kind == LZ_ITEM_GEAR) && e->law->freeplay > 0.0;
}

const char *lz_program_element_kind_word (LzItemKind         kind);
void        lz_program_analysis_explain  (LzProgramAnalysis *self);

G_END_DECLS
