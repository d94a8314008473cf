/* lz-reduce-private.h — the analysis of a singular pencil, shared by
 * lz-reduce.c (the pencil, U, S and the Jordan structure),
 * lz-reduce-model.c (a model's part) and lz-reduce-report.c (text, JSON,
 * Octave) (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

#include "lz-assembler.h"
#include "lz-reduce.h"

G_BEGIN_DECLS

/* Singular values below this fraction of the largest one are zero. */
#define LZ_REDUCE_RANK_TOL 1e-10
/* The equilibrated pencil matrix is regular above this reciprocal
 * condition number. */
#define LZ_REDUCE_PENCIL_TOL 1e-11
/* A product that must vanish, relative to the matrix's largest entry. */
#define LZ_REDUCE_CHECK_TOL 1e-9
/* An LU pivot (or a leading minor's) below this fraction of the matrix's
 * largest entry is zero: the matrix is singular. */
#define LZ_REDUCE_PIVOT_TOL 1e-12
/* A row of an orthonormal basis with a squared norm above 1 − this is a
 * coordinate the subspace contains. */
#define LZ_REDUCE_UNIT_ROW_TOL 1e-9
/* An entry of U (whose blocks are coordinate unit vectors where they can
 * be) below this is 0, within this of 1 is 1. */
#define LZ_REDUCE_BASIS_TOL 1e-12
/* A given initial position further than this (relative to 1 + |q|) from
 * where the springs hold a stiffness-held coordinate gets a note. */
#define LZ_REDUCE_START_TOL 1e-12
/* An entry of a basis shown to people (a subspace in words, the bodies a
 * singular pencil moves) below this is 0. */
#define LZ_REDUCE_SHOWN_TOL 1e-9
/* Numbers below this in a text are 0 (no 1e-17 from rounding). */
#define LZ_REDUCE_PRINT_TOL 1e-14

struct _LzReduction
{
  guint n;
  gsl_matrix *M, *C, *K;
  char **names;
  const LzAssembly *assembly;        /* borrowed; NULL for bare matrices */

  gboolean pencil_regular;
  double lambda;
  gsl_matrix *pencil_kernel;         /* n×d when the pencil is singular */

  LzReductionKind kind;
  guint n1, n2, n3;
  GArray *assumptions;               /* LzAssumption */
  gsl_matrix *U, *S, *Mr, *Cr, *Kr;
  gsl_matrix *R1;                    /* U₁K₁₁⁻¹U₁ᵀ, n×n, or NULL */
  gsl_vector *offset;                /* U₂c₂, n, or NULL */
  int *kept;                         /* n3: the coordinate of q̃_j, or −1 */
  GPtrArray *notes;                  /* diagnosis, one sentence each; NULL-terminated */

  guint index, regular_dim, nilpotent_dim;
  GArray *blocks;                    /* guint, descending */

  GPtrArray *nodes;                  /* LzMasslessNode, for a model */
  gboolean jordan_unknown;           /* λE − A numerically singular (badly scaled) */
};

char     *lz_reduction_number      (double             v);
gboolean  lz_reduction_is_massless (const LzReduction *self,
                                    guint              i);
void      lz_reduction_check_model (LzReduction       *self);
void      lz_reduction_clear_reduced (LzReduction     *self);

G_END_DECLS
