/* lz-symbolic.h — exact, readable derivative formulas (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *lz_symbolic_derivative (const char *text,
                              guint       order,
                              gboolean   *is_constant);
char *lz_symbolic_derivative_between_jumps (const char *text,
                                            guint       order,
                                            gboolean   *is_constant);
GPtrArray *lz_symbolic_switching (const char *text,
                                  gboolean   *has_delta);

/* The parse tree of an expression as written (no simplification but the
 * exact ones of unary minus: −(−x) = x, −(a − b) = b − a, a number's sign),
 * for evaluators of their own (lz-expr-taylor.c): its nodes in postfix
 * order, each operand an earlier node. */
typedef enum
{
  LZ_SYMBOLIC_NUM,
  LZ_SYMBOLIC_NAME,      /* t, pi, e */
  LZ_SYMBOLIC_NEG,
  LZ_SYMBOLIC_ADD,
  LZ_SYMBOLIC_SUB,
  LZ_SYMBOLIC_MUL,
  LZ_SYMBOLIC_DIV,
  LZ_SYMBOLIC_POW,
  LZ_SYMBOLIC_FUNC,
} LzSymbolicKind;

typedef struct
{
  LzSymbolicKind kind;
  double         value;     /* LZ_SYMBOLIC_NUM */
  char           name[12];  /* LZ_SYMBOLIC_NAME, LZ_SYMBOLIC_FUNC */
  guint          a, b;      /* operands: indices of earlier nodes */
} LzSymbolicNode;

GArray *lz_symbolic_postfix (const char *text);

G_END_DECLS
