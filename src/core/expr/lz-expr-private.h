/* lz-expr-private.h — what lz-expr.c and lz-expr-taylor.c share (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-expr.h"

G_BEGIN_DECLS

/* An expression compiled for Taylor expansion (lz-expr-taylor.c): built
 * once per LzExpr, on the first lz_expr_taylor(), and immutable. */
typedef struct LzExprTape LzExprTape;

LzExprTape       *lz_expr_tape_new  (const char   *text);
void              lz_expr_tape_free (LzExprTape   *tape);
const LzExprTape *lz_expr_get_tape  (const LzExpr *expr);

G_END_DECLS
