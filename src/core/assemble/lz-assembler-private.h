/* lz-assembler-private.h — affine combinations of time functions, shared
 * by the assembler, its exports and the integrators
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* c + Σ coef·x_k^(order)(t), x_k an LzExpr, order 0 or 1. */
typedef struct
{
  double  constant;
  GArray *terms;
  char   *text;    /* cached lz_affine_get_text() */
} LzAffine;

double      lz_affine_eval        (const LzAffine *self,
                                   double          t);
const char *lz_affine_get_text    (LzAffine       *self);
gboolean    lz_affine_taylor      (const LzAffine *self,
                                   double          t0,
                                   double          h,
                                   guint           order,
                                   double         *scratch,
                                   double         *coef);

/* For people: "·" for products, "−" for minus signs, "π" for pi, ids after
 * "q_", "q̇_", "q̈_" or "[" untouched (the equations' notation). */
char       *lz_text_prettify      (const char     *text);
/* Whether TEXT needs no parentheses as a factor: no top-level "+" or "-". */
gboolean    lz_text_is_atomic     (const char     *text);
/* Appends COEF·WHAT to the sum OUT with the sign in front ("a - 2*b",
 * "-(x - y)"); WHAT NULL: the number itself.  ATOMIC: WHAT needs no
 * parentheses (lz_text_is_atomic()). */
void        lz_text_append_term   (GString        *out,
                                   double          coef,
                                   const char     *what,
                                   gboolean        atomic);

G_END_DECLS
