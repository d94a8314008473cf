/* lz-assembler.h — M, C, K, f, W and the complementarity data of a model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_spmatrix.h>
#include <gsl/gsl_vector.h>

#include "lz-types.h"
#include "lz-dense.h"
#include "lz-expr.h"
#include "lz-model.h"

G_BEGIN_DECLS

/**
 * LzPairKind:
 * @LZ_PAIR_STOP_LOWER: y = g − lower ≥ 0 ⊥ u = λ ≥ 0 (contact force)
 * @LZ_PAIR_STOP_UPPER: y = upper − g ≥ 0 ⊥ u = λ ≥ 0 (contact force)
 * @LZ_PAIR_FRICTION_POS: y = F0⁺ − F ≥ 0 ⊥ u = ξ1 ≥ 0 (positive slip)
 * @LZ_PAIR_FRICTION_NEG: y = ξ2 = ξ1 − ġ ≥ 0 ⊥ u = F0⁻ + F ≥ 0
 * @LZ_PAIR_FREEPLAY_POS: y = p − (g − ℓ0 − Δ) ≥ 0 ⊥ u = p ≥ 0
 * @LZ_PAIR_FREEPLAY_NEG: y = m + (g − ℓ0 + Δ) ≥ 0 ⊥ u = m ≥ 0
 * @LZ_PAIR_CONTACT_LOWER: a damped contact below its lower limit:
 *   y = F − k·(lower − g) + c·ġ ≥ 0 ⊥ u = F ≥ 0, while g < lower
 * @LZ_PAIR_CONTACT_UPPER: above its upper limit:
 *   y = F − k·(g − upper) − c·ġ ≥ 0 ⊥ u = F ≥ 0, while g > upper
 *
 * The kinds of complementarity pairs (docs/assembly.md, paper 004 §2).
 */
typedef enum
{
  LZ_PAIR_STOP_LOWER,
  LZ_PAIR_STOP_UPPER,
  LZ_PAIR_FRICTION_POS,
  LZ_PAIR_FRICTION_NEG,
  LZ_PAIR_FREEPLAY_POS,
  LZ_PAIR_FREEPLAY_NEG,
  LZ_PAIR_CONTACT_LOWER,
  LZ_PAIR_CONTACT_UPPER,
} LzPairKind;

/**
 * LzPair:
 * @element: the id of the element (borrowed from the model)
 * @row: the row of W of the element's direction
 * @kind: what the pair stands for
 * @side: a short name: "lower", "upper", "slip+", "slip-", "engaged+", "engaged-",
 *   "pressed-", "pressed+"
 * @y: the output, in words and symbols (owned)
 * @u: the input, in words and symbols (owned)
 * @meaning: what y = 0 (the pair active) means for the element (owned)
 *
 * One complementarity pair 0 ≤ y ⊥ u ≥ 0 of the assembled system.
 */
typedef struct
{
  const char *element;
  guint       row;
  LzPairKind  kind;
  const char *side;
  char       *y;
  char       *u;
  char       *meaning;
} LzPair;

typedef struct LzAssembly LzAssembly;

LzAssembly     *lz_assembly_new            (LzModel           *model,
                                            GError           **error);
void            lz_assembly_free           (LzAssembly        *self);

LzModel        *lz_assembly_get_model      (const LzAssembly  *self);
guint           lz_assembly_get_n_dofs     (const LzAssembly  *self);
const char     *lz_assembly_get_dof_name   (const LzAssembly  *self,
                                            guint              i);
/* Dense n×n (at least 1×1), built on first request: n² numbers, for the
 * exports and small models. */
const gsl_matrix *lz_assembly_get_M        (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_C        (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_K        (const LzAssembly  *self);
/* The same, and W, in compressed sparse rows (GSL_SPMATRIX_CSR: the
 * entries of row r are data[p[r] … p[r + 1]) in the columns i[…],
 * ascending), built at set-up in time and memory linear in the model. */
const gsl_spmatrix *lz_assembly_get_M_sparse (const LzAssembly *self);
const gsl_spmatrix *lz_assembly_get_C_sparse (const LzAssembly *self);
const gsl_spmatrix *lz_assembly_get_K_sparse (const LzAssembly *self);
const gsl_spmatrix *lz_assembly_get_W_sparse (const LzAssembly *self);
/* A dense copy (at least 1×1) of one of them that the caller owns: for
 * the analyses that work on dense matrices (lz-reduce, lz-program)
 * without keeping the assembly's cached copy. */
gsl_matrix         *lz_assembly_dense_copy   (const gsl_spmatrix *X);
const char     *lz_assembly_get_f_text     (const LzAssembly  *self,
                                            guint              i);
void            lz_assembly_eval_f         (const LzAssembly  *self,
                                            double             t,
                                            gsl_vector        *f);

/* Nonsmooth elements: one row of W each. */
guint           lz_assembly_get_n_nonsmooth (const LzAssembly *self);
/* Dense n_nonsmooth×n (at least 1×1), built on first request. */
const gsl_matrix *lz_assembly_get_W        (const LzAssembly  *self);
const char     *lz_assembly_get_nonsmooth_id (const LzAssembly *self,
                                            guint              row);
const LzElement *lz_assembly_get_nonsmooth_element (const LzAssembly *self,
                                            guint              row);
void            lz_assembly_eval_g0        (const LzAssembly  *self,
                                            guint              row,
                                            double             t,
                                            double            *g0,
                                            double            *g0dot);

/* Every element, in file order. */
void            lz_assembly_get_element_ports (const LzAssembly *self,
                                            guint              element,
                                            int               *a,
                                            int               *b,
                                            double            *ca,
                                            double            *cb);
void            lz_assembly_eval_element_g0 (const LzAssembly *self,
                                            guint              element,
                                            double             t,
                                            double            *g0,
                                            double            *g0dot);
int             lz_assembly_get_nonsmooth_row (const LzAssembly *self,
                                            guint              element);

/* Complementarity pairs. */
guint           lz_assembly_get_n_pairs    (const LzAssembly  *self);
const LzPair   *lz_assembly_get_pair       (const LzAssembly  *self,
                                            guint              i);

/* The linear complementarity system ẋ = A x + B u + e(t),
 * y = C x + D u + d(t), x = (q, q̇); only when M is regular. */
gboolean        lz_assembly_has_lcs        (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_lcs_A    (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_lcs_B    (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_lcs_C    (const LzAssembly  *self);
const gsl_matrix *lz_assembly_get_lcs_D    (const LzAssembly  *self);
const char     *lz_assembly_get_lcs_e_text (const LzAssembly  *self,
                                            guint              i);
const char     *lz_assembly_get_lcs_d_text (const LzAssembly  *self,
                                            guint              i);
void            lz_assembly_eval_lcs_affine (const LzAssembly *self,
                                            double             t,
                                            gsl_vector        *e,
                                            gsl_vector        *d);

/* The equations of motion in luz/tar notation, one line per dof. */
char           *lz_assembly_dup_equation   (const LzAssembly  *self,
                                            guint              i);

/* Exports (lz-export-*.c). */
char           *lz_assembly_to_json        (const LzAssembly  *self);
char           *lz_assembly_to_octave      (const LzAssembly  *self);
char           *lz_assembly_to_text        (const LzAssembly  *self);
/* Appends TEXT (UTF-8; NULL reads as "") to OUT as a JSON string, in
 * quotes and escaped: for programs that add to the exports' JSON. */
void            lz_export_json_string      (GString           *out,
                                            const char        *text);

/* f(t) at the dofs whose f is not identically zero only (time-stepping's
 * step: a chain's forces act on few of its bodies). */
guint           lz_assembly_get_forced_dofs (const LzAssembly *self,
                                             guint            *dofs);
void            lz_assembly_eval_f_at      (const LzAssembly  *self,
                                            double             t,
                                            const guint       *dofs,
                                            guint              n_dofs,
                                            double            *f);
gboolean        lz_assembly_f_taylor       (const LzAssembly  *self,
                                            double             t0,
                                            double             h,
                                            guint              order,
                                            const guint       *dofs,
                                            guint              n_dofs,
                                            double            *scratch,
                                            double            *coef);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzAssembly, lz_assembly_free)

G_END_DECLS
