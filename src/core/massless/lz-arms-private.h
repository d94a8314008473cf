/* lz-arms-private.h — an element on a massless body, oriented from the
 * body: the one "arm" of lz-nodes.c, lz-simplify.c and lz-joints.c
 * (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-model.h"

G_BEGIN_DECLS

/* One element ("arm") of a massless body x, oriented so that x enters its
 * coordinate with a positive sign:
 *
 *     s = β x − α y − ℓ      (y the other port, a body or a ground)
 *
 * (x on port b: β = cb, α = ca, ℓ = offset; on port a: β = ca, α = cb,
 * ℓ = −offset).  Closed-form eliminations (lz-simplify.c) and putting the
 * eliminated body back (lz-joints.c) read β, α, ℓ and the model's k or c;
 * the node equations (lz-nodes.c) read the same arm as an element with
 * unit coefficients between x and the point w = (α y + ℓ)/β, its "unit"
 * fields. */
typedef struct
{
  char       *element;         /* the element's id */
  char       *label;           /* its label, or its id */
  char       *y;               /* the other port: a body or a ground */
  LzItemKind  kind;            /* LZ_ITEM_SPRING for springs and gear meshes,
                                * else the element's kind */
  double      beta, alpha;     /* x's and y's coefficients, oriented */
  double      value;           /* the model's k (springs), c (dampers) or
                                * viscous μ (friction); 0 for others */
  double      freeplay;        /* Δ of a spring, 0 for others */
  double      offset;          /* oriented ℓ of a spring, 0 for others */

  /* as an element with unit coefficients from x to w */
  double      k_unit;          /* β²k */
  double      freeplay_unit;   /* Δ/|β| */
  double      viscous_unit;    /* β²c, β²μ */
  double      level_pos_unit;  /* |β|·F0⁺, F0⁺ and F0⁻ swapped when the */
  double      level_neg_unit;  /*   orientation flips the element */
} LzJointArm;

void    lz_joint_arm_init  (LzJointArm      *arm,
                            const LzElement *element,
                            const char      *x);
void    lz_joint_arm_clear (gpointer         arm);
GArray *lz_joint_arms_new  (void);

G_END_DECLS
