/* lz-assembler-internal.h — the assembly's own structure, shared by the
 * files of the assembler (lz-assembler*.c, lz-affine.c) and by no one else
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_spmatrix.h>

#include "lz-assembler.h"
#include "lz-assembler-private.h"

G_BEGIN_DECLS

/* One term coef·x^(order)(t) of an LzAffine. */
typedef struct
{
  double  coef;
  LzExpr *expr;
  guint   order;   /* 0: the expression, 1: its time derivative */
} LzAffineTerm;

void lz_affine_init           (LzAffine       *self);
void lz_affine_clear          (LzAffine       *self);
/* self += coef·x^(order)(t), constants folded, equal terms merged. */
void lz_affine_add_term       (LzAffine       *self,
                               double          coef,
                               LzExpr         *expr,
                               guint           order);
/* self += scale·other */
void lz_affine_add_scaled     (LzAffine       *self,
                               double          scale,
                               const LzAffine *other);
/* self += scale·d(other)/dt, OTHER of order-0 terms only. */
void lz_affine_add_derivative (LzAffine       *self,
                               double          scale,
                               const LzAffine *other);
/* Appends coef·x^(order)(t) to the sum OUT, the number folded into the
 * formula. */
void lz_affine_append_term    (GString        *out,
                               double          coef,
                               const LzExpr   *expr,
                               guint           order);

#define NO_DOF G_MAXUINT

/* The relative coordinate g = cb·q_b − ca·q_a + g0(t) of an element. */
typedef struct
{
  const LzElement *element;
  guint            a;          /* dof of port a or NO_DOF for a ground */
  guint            b;
  double           ca;
  double           cb;
  LzAffine         g0;         /* ground part of g */
} Coordinate;

typedef struct
{
  const LzElement *element;
  guint            coord;       /* index into coords (the element's index) */
  guint            first_pair;
  guint            n_pairs;
} NonsmoothRow;

struct LzAssembly
{
  LzModel      *model;
  guint         n;
  guint         n_rows;
  guint         n_pairs;
  /* M, C, K (n×n) and W (n_rows×n) in compressed sparse rows, built at
   * set-up; the dense copies are built on first request. */
  gsl_spmatrix *Ms, *Cs, *Ks, *Ws;
  gsl_matrix   *M, *C, *K, *W;
  LzAffine     *f;               /* n */
  Coordinate   *coords;          /* one per element, in file order */
  guint         n_coords;
  int          *row_of;          /* n_coords: the element's row of W, or -1 */
  guint        *dof_first;       /* n + 1: the elements at dof i are */
  guint        *dof_elements;    /* dof_elements[dof_first[i] … dof_first[i + 1]) */
  NonsmoothRow *rows;            /* n_rows */
  LzPair       *pairs;           /* n_pairs */
  gboolean      regular;
  GRecMutex     lazy_lock;       /* guards the lazy dense matrices and LCS */
  gsl_matrix   *A, *B, *Cy, *D;
  LzAffine     *e;               /* 2n */
  LzAffine     *d;               /* n_pairs */
};

/* gsl_matrix_calloc() with at least one row and column (GSL refuses 0×k
 * matrices; the accessors' users read the real sizes from n). */
gsl_matrix *lz_assembly_matrix_new (guint rows,
                                    guint cols);
/* The limits of a stop or a damped contact (a backlash's ∓Δ); FALSE for
 * the other kinds. */
gboolean lz_assembly_element_limits (const LzElement *element,
                                     double          *lower,
                                     double          *upper);
/* Appends the complementarity pairs of the nonsmooth ELEMENT of row ROW
 * to self->pairs at *NEXT (lz-assembler-pairs.c). */
void     lz_assembly_describe_pairs (LzAssembly      *self,
                                     const LzElement *element,
                                     guint            row,
                                     guint           *next);
/* Frees the LCS if it was built. */
void     lz_assembly_clear_lcs      (LzAssembly      *self);

G_END_DECLS
