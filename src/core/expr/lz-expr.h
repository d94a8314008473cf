/* lz-expr.h — expressions in t through GNU libmatheval
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-types.h"

G_BEGIN_DECLS

/* Expressions longer than this are rejected: their exact second derivative
 * can grow much faster than the text (libmatheval does not share
 * subexpressions), and a model file is no place for a page of formula. */
#define LZ_EXPR_MAX_LENGTH 1024

/* Parentheses nest at most this deep, for the same reason and because the
 * libmatheval parser and evaluator recurse on the nesting. */
#define LZ_EXPR_MAX_DEPTH 32

/* At most this many operations (operators, unary minus, function calls):
 * the second derivative of a chain like t^t^…^t grows with the cube of its
 * length, and 64 operations keep it to a fraction of a second. */
#define LZ_EXPR_MAX_OPERATIONS 64

/**
 * LzExpr:
 *
 * An immutable, reference-counted expression in t with its exact first and
 * second derivatives.  Safe to share between threads (evaluations of one
 * expression are serialized by a lock inside).
 */
typedef struct LzExpr LzExpr;

LzExpr     *lz_expr_new              (const char   *text,
                                      const char   *owner,
                                      GError      **error);
LzExpr     *lz_expr_ref              (LzExpr       *expr);
void        lz_expr_unref            (LzExpr       *expr);

const char *lz_expr_get_text         (const LzExpr *expr);
gboolean    lz_expr_is_constant      (const LzExpr *expr);
gboolean    lz_expr_equal            (const LzExpr *a,
                                      const LzExpr *b);

double      lz_expr_eval             (const LzExpr *expr,
                                      double        t);
double      lz_expr_eval_d1          (const LzExpr *expr,
                                      double        t);
double      lz_expr_eval_d2          (const LzExpr *expr,
                                      double        t);
char       *lz_expr_dup_derivative   (const LzExpr *expr,
                                      guint         order);
guint       lz_expr_get_nonfinite    (const LzExpr *expr,
                                      guint        *order,
                                      double       *t,
                                      double       *value);
const char *lz_expr_skip_number      (const char   *p);

/* lz-finite.c: non-finite values named */
double      lz_expr_eval_order       (const LzExpr *expr,
                                      guint         order,
                                      double        t);
gboolean    lz_expr_check_finite     (const LzExpr *expr,
                                      double        t,
                                      guint         max_order,
                                      const char   *owner,
                                      GError      **error);

/* lz-expr-taylor.c: Taylor coefficients to high order.  The highest
 * order lz_expr_taylor() expands to (a Taylor step of order 30 needs far
 * less; the scratch of a call grows with it). */
#define LZ_EXPR_TAYLOR_MAX_ORDER 64

gboolean    lz_expr_taylor           (const LzExpr *expr,
                                      double        t0,
                                      double        h,
                                      guint         order,
                                      double       *coef);

/* What lz_expr_find_singular() found in an interval. */
typedef enum
{
  LZ_SINGULAR_NONE,       /* finite and bounded */
  LZ_SINGULAR_NONFINITE,  /* ±inf or NaN at a point */
  LZ_SINGULAR_UNBOUNDED,  /* a pole: finite values that grow without bound */
} LzSingular;

LzSingular  lz_expr_find_singular    (const LzExpr *expr,
                                      guint         order,
                                      double        t0,
                                      double        t1,
                                      guint         samples,
                                      double       *t,
                                      double       *value);
void        lz_expr_set_singular_error (const LzExpr *expr,
                                        guint         order,
                                        LzSingular    found,
                                        double        t,
                                        double        value,
                                        const char   *owner,
                                        GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzExpr, lz_expr_unref)

G_END_DECLS
