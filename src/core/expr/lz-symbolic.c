/* lz-symbolic.c — exact, readable derivative formulas of expressions in t
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libmatheval evaluates derivatives exactly, but prints them unsimplified
 * ("((0*t)+0.2)") and with constants rounded to six digits.  For the
 * formulas people read and the exports other programs evaluate, this file
 * differentiates the expression text itself: a small parser for
 * libmatheval's grammar (+ − * / ^, unary minus, its functions, t, pi, e),
 * symbolic differentiation, simplification while building (0·x = 0,
 * 1·x = x, x + 0 = x, constant folding) and printing with the fewest
 * parentheses, numbers in their shortest exact form.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-format.h"
#include "lz-symbolic.h"

typedef enum
{
  NODE_NUM,
  NODE_NAME,      /* t, pi, e */
  NODE_NEG,
  NODE_ADD,
  NODE_SUB,
  NODE_MUL,
  NODE_DIV,
  NODE_POW,
  NODE_FUNC,
} NodeKind;

typedef struct Node Node;
struct Node
{
  NodeKind kind;
  double   value;
  char     name[12];
  Node    *a;
  Node    *b;
};

/* All nodes of one computation live in an arena freed at the end. */
typedef struct
{
  GPtrArray  *nodes;
  const char *p;
  gboolean    failed;
  gboolean    between_jumps;  /* step()' = 0: the derivative between jumps */
} Ctx;

static Node *
node_new (Ctx      *ctx,
          NodeKind  kind)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  g_ptr_array_add (ctx->nodes, node);
  return node;
}

static Node *
num (Ctx   *ctx,
     double value)
{
  Node *node = node_new (ctx, NODE_NUM);

  node->value = value;
  return node;
}

static Node *
name (Ctx        *ctx,
      const char *text)
{
  Node *node = node_new (ctx, NODE_NAME);

  g_strlcpy (node->name, text, sizeof node->name);
  return node;
}

static gboolean
is_num (const Node *node,
        double      value)
{
  return node->kind == NODE_NUM && node->value == value;
}

static gboolean
has_t (const Node *node)
{
  if (node == NULL)
    return FALSE;
  if (node->kind == NODE_NAME)
    return strcmp (node->name, "t") == 0;
  return has_t (node->a) || has_t (node->b);
}

static Node *neg (Ctx *ctx, Node *a);

static Node *
binary (Ctx      *ctx,
        NodeKind  kind,
        Node     *a,
        Node     *b)
{
  Node *node = node_new (ctx, kind);

  node->a = a;
  node->b = b;
  return node;
}

static Node *
add (Ctx  *ctx,
     Node *a,
     Node *b)
{
  if (is_num (a, 0))
    return b;
  if (is_num (b, 0))
    return a;
  if (a->kind == NODE_NUM && b->kind == NODE_NUM)
    return num (ctx, a->value + b->value);
  if (b->kind == NODE_NUM && b->value < 0)
    return binary (ctx, NODE_SUB, a, num (ctx, -b->value));
  if (b->kind == NODE_NEG)
    return binary (ctx, NODE_SUB, a, b->a);
  if (a->kind == NODE_NEG)
    return binary (ctx, NODE_SUB, b, a->a);
  return binary (ctx, NODE_ADD, a, b);
}

static Node *
sub (Ctx  *ctx,
     Node *a,
     Node *b)
{
  if (is_num (b, 0))
    return a;
  if (is_num (a, 0))
    return neg (ctx, b);
  if (a->kind == NODE_NUM && b->kind == NODE_NUM)
    return num (ctx, a->value - b->value);
  if (b->kind == NODE_NUM && b->value < 0)
    return binary (ctx, NODE_ADD, a, num (ctx, -b->value));
  if (b->kind == NODE_NEG)
    return add (ctx, a, b->a);
  return binary (ctx, NODE_SUB, a, b);
}

static Node *
neg (Ctx  *ctx,
     Node *a)
{
  Node *node;

  if (a->kind == NODE_NUM)
    return num (ctx, -a->value);
  if (a->kind == NODE_NEG)
    return a->a;
  if (a->kind == NODE_SUB)
    return sub (ctx, a->b, a->a);
  node = node_new (ctx, NODE_NEG);
  node->a = a;
  return node;
}

static Node *mul (Ctx *ctx, Node *a, Node *b);

/* Whether the leftmost factor of a product is a number: 10*pi*x. */
static gboolean
leftmost_is_num (const Node *node)
{
  while (node->kind == NODE_MUL)
    node = node->a;
  return node->kind == NODE_NUM;
}

/* v·(a·b…) with the number folded into the leftmost factor. */
static Node *
scale_left (Ctx    *ctx,
            double  v,
            Node   *node)
{
  if (node->kind == NODE_NUM)
    return num (ctx, v * node->value);
  return mul (ctx, scale_left (ctx, v, node->a), node->b);
}

static Node *
mul (Ctx  *ctx,
     Node *a,
     Node *b)
{
  if (is_num (a, 0) || is_num (b, 0))
    return num (ctx, 0);
  if (is_num (a, 1))
    return b;
  if (is_num (b, 1))
    return a;
  if (is_num (a, -1))
    return neg (ctx, b);
  if (is_num (b, -1))
    return neg (ctx, a);
  if (a->kind == NODE_NUM && b->kind == NODE_NUM)
    return num (ctx, a->value * b->value);
  /* numbers first: x*2 → 2*x; 2*(3*x) → 6*x */
  if (b->kind == NODE_NUM)
    return mul (ctx, b, a);
  if (a->kind == NODE_NUM && b->kind == NODE_MUL && leftmost_is_num (b))
    return scale_left (ctx, a->value, b);
  if (a->kind == NODE_NEG)
    return neg (ctx, mul (ctx, a->a, b));
  if (b->kind == NODE_NEG)
    return neg (ctx, mul (ctx, a, b->a));
  if (a->kind == NODE_NUM && a->value < 0)
    return neg (ctx, mul (ctx, num (ctx, -a->value), b));
  return binary (ctx, NODE_MUL, a, b);
}

static Node *
divide (Ctx  *ctx,
        Node *a,
        Node *b)
{
  if (is_num (a, 0))
    return num (ctx, 0);
  if (is_num (b, 1))
    return a;
  if (a->kind == NODE_NUM && b->kind == NODE_NUM && b->value != 0)
    return num (ctx, a->value / b->value);
  if (a->kind == NODE_NEG)
    return neg (ctx, divide (ctx, a->a, b));
  return binary (ctx, NODE_DIV, a, b);
}

static Node *
power (Ctx  *ctx,
       Node *a,
       Node *b)
{
  if (is_num (b, 0))
    return num (ctx, 1);
  if (is_num (b, 1))
    return a;
  if (a->kind == NODE_NUM && b->kind == NODE_NUM)
    return num (ctx, pow (a->value, b->value));
  return binary (ctx, NODE_POW, a, b);
}

static Node *
func (Ctx        *ctx,
      const char *fname,
      Node       *arg)
{
  Node *node = node_new (ctx, NODE_FUNC);

  g_strlcpy (node->name, fname, sizeof node->name);
  node->a = arg;
  return node;
}

/* ------------------------------------------------------------------------ */
/* Parsing (libmatheval's grammar; the text was already checked by lz-expr)  */

static void
skip_space (Ctx *ctx)
{
  while (*ctx->p == ' ' || *ctx->p == '\t')
    ctx->p++;
}

static Node *parse_sum (Ctx *ctx);

static Node *
parse_primary (Ctx *ctx)
{
  skip_space (ctx);
  if (*ctx->p == '(')
    {
      Node *inner;

      ctx->p++;
      inner = parse_sum (ctx);
      skip_space (ctx);
      if (*ctx->p != ')')
        {
          ctx->failed = TRUE;
          return num (ctx, 0);
        }
      ctx->p++;
      return inner;
    }
  if (g_ascii_isdigit (*ctx->p) || *ctx->p == '.')
    {
      char *end;
      double value = g_ascii_strtod (ctx->p, &end);

      if (end == ctx->p)
        {
          ctx->failed = TRUE;
          return num (ctx, 0);
        }
      ctx->p = end;
      return num (ctx, value);
    }
  if (g_ascii_isalpha (*ctx->p) || *ctx->p == '_')
    {
      const char *start = ctx->p;
      char word[16];

      while (g_ascii_isalnum (*ctx->p) || *ctx->p == '_')
        ctx->p++;
      if ((gsize) (ctx->p - start) >= sizeof word)
        {
          ctx->failed = TRUE;
          return num (ctx, 0);
        }
      memcpy (word, start, ctx->p - start);
      word[ctx->p - start] = '\0';
      skip_space (ctx);
      if (*ctx->p == '(')
        {
          Node *arg;

          ctx->p++;
          arg = parse_sum (ctx);
          skip_space (ctx);
          if (*ctx->p != ')')
            ctx->failed = TRUE;
          else
            ctx->p++;
          return func (ctx, word, arg);
        }
      return name (ctx, word);
    }
  ctx->failed = TRUE;
  return num (ctx, 0);
}

static Node *parse_unary (Ctx *ctx);

/* The operand of "^": a primary, or a minus sign and all the powers after
 * it, for libmatheval's unary minus binds looser than "^" there too:
 * t^-t^2 = t^(−(t^2)), 2^-t*3 = (2^(−t))·3. */
static Node *
parse_power_operand (Ctx *ctx)
{
  skip_space (ctx);
  if (*ctx->p == '-')
    {
      ctx->p++;
      return neg (ctx, parse_unary (ctx));
    }
  return parse_primary (ctx);
}

/* "^" is left-associative and binds tighter than unary minus, as in
 * libmatheval: -2^2 = -(2^2), 2^3^2 = (2^3)^2. */
static Node *
parse_power (Ctx *ctx)
{
  Node *left = parse_primary (ctx);

  for (;;)
    {
      skip_space (ctx);
      if (*ctx->p != '^')
        return left;
      ctx->p++;
      left = binary (ctx, NODE_POW, left, parse_power_operand (ctx));
    }
}

static Node *
parse_unary (Ctx *ctx)
{
  skip_space (ctx);
  if (*ctx->p == '-')
    {
      ctx->p++;
      return neg (ctx, parse_unary (ctx));
    }
  if (*ctx->p == '+')
    {
      ctx->p++;
      return parse_unary (ctx);
    }
  return parse_power (ctx);
}

/* A left-associative level of the grammar: operands joined by @op1 (a
 * node of @kind1) or @op2 (@kind2). */
static Node *
parse_level (Ctx      *ctx,
             char      op1,
             NodeKind  kind1,
             char      op2,
             NodeKind  kind2,
             Node   *(*parse_operand) (Ctx *ctx))
{
  Node *left = parse_operand (ctx);

  for (;;)
    {
      NodeKind kind;

      skip_space (ctx);
      if (*ctx->p == op1)
        kind = kind1;
      else if (*ctx->p == op2)
        kind = kind2;
      else
        return left;
      ctx->p++;
      left = binary (ctx, kind, left, parse_operand (ctx));
    }
}

static Node *
parse_product (Ctx *ctx)
{
  return parse_level (ctx, '*', NODE_MUL, '/', NODE_DIV, parse_unary);
}

static Node *
parse_sum (Ctx *ctx)
{
  return parse_level (ctx, '+', NODE_ADD, '-', NODE_SUB, parse_product);
}

/* ------------------------------------------------------------------------ */
/* Differentiation                                                           */

static Node *
sq (Ctx  *ctx,
    Node *u)
{
  return power (ctx, u, num (ctx, 2));
}

/* d/du f(u) for libmatheval's functions; NULL if unknown. */
static Node *
func_derivative (Ctx  *ctx,
                 Node *node)
{
  const char *f = node->name;
  Node *u = node->a;

  if (strcmp (f, "exp") == 0)
    return func (ctx, "exp", u);
  if (strcmp (f, "log") == 0)
    return divide (ctx, num (ctx, 1), u);
  if (strcmp (f, "sqrt") == 0)
    return divide (ctx, num (ctx, 1), mul (ctx, num (ctx, 2), func (ctx, "sqrt", u)));
  if (strcmp (f, "sin") == 0)
    return func (ctx, "cos", u);
  if (strcmp (f, "cos") == 0)
    return neg (ctx, func (ctx, "sin", u));
  if (strcmp (f, "tan") == 0)
    return divide (ctx, num (ctx, 1), sq (ctx, func (ctx, "cos", u)));
  if (strcmp (f, "cot") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1), sq (ctx, func (ctx, "sin", u))));
  if (strcmp (f, "sec") == 0)
    return mul (ctx, func (ctx, "sec", u), func (ctx, "tan", u));
  if (strcmp (f, "csc") == 0)
    return neg (ctx, mul (ctx, func (ctx, "csc", u), func (ctx, "cot", u)));
  if (strcmp (f, "asin") == 0)
    return divide (ctx, num (ctx, 1), func (ctx, "sqrt", sub (ctx, num (ctx, 1), sq (ctx, u))));
  if (strcmp (f, "acos") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1),
                             func (ctx, "sqrt", sub (ctx, num (ctx, 1), sq (ctx, u)))));
  if (strcmp (f, "atan") == 0)
    return divide (ctx, num (ctx, 1), add (ctx, num (ctx, 1), sq (ctx, u)));
  if (strcmp (f, "acot") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1), add (ctx, num (ctx, 1), sq (ctx, u))));
  if (strcmp (f, "asec") == 0)
    return divide (ctx, num (ctx, 1),
                   mul (ctx, func (ctx, "abs", u),
                        func (ctx, "sqrt", sub (ctx, sq (ctx, u), num (ctx, 1)))));
  if (strcmp (f, "acsc") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1),
                             mul (ctx, func (ctx, "abs", u),
                                  func (ctx, "sqrt", sub (ctx, sq (ctx, u), num (ctx, 1))))));
  if (strcmp (f, "sinh") == 0)
    return func (ctx, "cosh", u);
  if (strcmp (f, "cosh") == 0)
    return func (ctx, "sinh", u);
  if (strcmp (f, "tanh") == 0)
    return divide (ctx, num (ctx, 1), sq (ctx, func (ctx, "cosh", u)));
  if (strcmp (f, "coth") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1), sq (ctx, func (ctx, "sinh", u))));
  if (strcmp (f, "sech") == 0)
    return neg (ctx, mul (ctx, func (ctx, "sech", u), func (ctx, "tanh", u)));
  if (strcmp (f, "csch") == 0)
    return neg (ctx, mul (ctx, func (ctx, "csch", u), func (ctx, "coth", u)));
  if (strcmp (f, "asinh") == 0)
    return divide (ctx, num (ctx, 1), func (ctx, "sqrt", add (ctx, sq (ctx, u), num (ctx, 1))));
  if (strcmp (f, "acosh") == 0)
    return divide (ctx, num (ctx, 1), func (ctx, "sqrt", sub (ctx, sq (ctx, u), num (ctx, 1))));
  if (strcmp (f, "atanh") == 0 || strcmp (f, "acoth") == 0)
    return divide (ctx, num (ctx, 1), sub (ctx, num (ctx, 1), sq (ctx, u)));
  if (strcmp (f, "asech") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1),
                             mul (ctx, u, func (ctx, "sqrt", sub (ctx, num (ctx, 1), sq (ctx, u))))));
  if (strcmp (f, "acsch") == 0)
    return neg (ctx, divide (ctx, num (ctx, 1),
                             mul (ctx, func (ctx, "abs", u),
                                  func (ctx, "sqrt", add (ctx, num (ctx, 1), sq (ctx, u))))));
  if (strcmp (f, "abs") == 0)
    return sub (ctx, mul (ctx, num (ctx, 2), func (ctx, "step", u)), num (ctx, 1));
  /* between the zeros of u, where the integrators evaluate, step() is
   * constant: its derivative there is 0, the delta only at the jump */
  if (strcmp (f, "step") == 0)
    return ctx->between_jumps ? num (ctx, 0) : func (ctx, "delta", u);
  if (strcmp (f, "delta") == 0 || strcmp (f, "nandelta") == 0)
    return ctx->between_jumps ? num (ctx, 0) : func (ctx, "nandelta", u);
  if (strcmp (f, "erf") == 0)
    return mul (ctx, divide (ctx, num (ctx, 2), func (ctx, "sqrt", name (ctx, "pi"))),
                func (ctx, "exp", neg (ctx, sq (ctx, u))));
  return NULL;
}

static Node *
derive (Ctx  *ctx,
        Node *node)
{
  Node *da, *db, *outer;

  if (!has_t (node))
    return num (ctx, 0);

  switch (node->kind)
    {
    case NODE_NAME:
      return num (ctx, 1);                       /* t */
    case NODE_NEG:
      return neg (ctx, derive (ctx, node->a));
    case NODE_ADD:
      return add (ctx, derive (ctx, node->a), derive (ctx, node->b));
    case NODE_SUB:
      return sub (ctx, derive (ctx, node->a), derive (ctx, node->b));
    case NODE_MUL:
      return add (ctx, mul (ctx, derive (ctx, node->a), node->b),
                  mul (ctx, node->a, derive (ctx, node->b)));
    case NODE_DIV:
      da = derive (ctx, node->a);
      if (!has_t (node->b))
        return divide (ctx, da, node->b);
      db = derive (ctx, node->b);
      return divide (ctx, sub (ctx, mul (ctx, da, node->b), mul (ctx, node->a, db)),
                     sq (ctx, node->b));
    case NODE_POW:
      da = derive (ctx, node->a);
      if (!has_t (node->b))
        return mul (ctx, mul (ctx, node->b, power (ctx, node->a, sub (ctx, node->b, num (ctx, 1)))),
                    da);
      db = derive (ctx, node->b);
      return mul (ctx, node,
                  add (ctx, mul (ctx, db, func (ctx, "log", node->a)),
                       divide (ctx, mul (ctx, node->b, da), node->a)));
    case NODE_FUNC:
      outer = func_derivative (ctx, node);
      if (outer == NULL)
        {
          ctx->failed = TRUE;
          return num (ctx, 0);
        }
      return mul (ctx, derive (ctx, node->a), outer);
    case NODE_NUM:
    default:
      return num (ctx, 0);
    }
}

/* Rebuilds a parsed tree through the simplifying constructors. */
static Node *
simplify (Ctx  *ctx,
          Node *node)
{
  switch (node->kind)
    {
    case NODE_NEG:
      return neg (ctx, simplify (ctx, node->a));
    case NODE_ADD:
      return add (ctx, simplify (ctx, node->a), simplify (ctx, node->b));
    case NODE_SUB:
      return sub (ctx, simplify (ctx, node->a), simplify (ctx, node->b));
    case NODE_MUL:
      return mul (ctx, simplify (ctx, node->a), simplify (ctx, node->b));
    case NODE_DIV:
      return divide (ctx, simplify (ctx, node->a), simplify (ctx, node->b));
    case NODE_POW:
      return power (ctx, simplify (ctx, node->a), simplify (ctx, node->b));
    case NODE_FUNC:
      return func (ctx, node->name, simplify (ctx, node->a));
    case NODE_NUM:
    case NODE_NAME:
    default:
      return node;
    }
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                  */

static int
precedence (const Node *node)
{
  switch (node->kind)
    {
    case NODE_ADD:
    case NODE_SUB:
      return 1;
    case NODE_MUL:
    case NODE_DIV:
      return 2;
    case NODE_NEG:
      return 3;
    case NODE_POW:
      return 4;
    case NODE_NUM:
      return node->value < 0 ? 3 : 5;
    case NODE_NAME:
    case NODE_FUNC:
    default:
      return 5;
    }
}

static void print_node (GString *out, const Node *node);

static void
print_child (GString    *out,
             const Node *child,
             gboolean    parens)
{
  if (parens)
    g_string_append_c (out, '(');
  print_node (out, child);
  if (parens)
    g_string_append_c (out, ')');
}

static void
print_node (GString    *out,
            const Node *node)
{
  int prec = precedence (node);

  switch (node->kind)
    {
    case NODE_NUM:
      {
        g_autofree char *text = lz_number_to_string (node->value);

        g_string_append (out, text);
        break;
      }
    case NODE_NAME:
      g_string_append (out, node->name);
      break;
    case NODE_FUNC:
      g_string_append_printf (out, "%s(", node->name);
      print_node (out, node->a);
      g_string_append_c (out, ')');
      break;
    case NODE_NEG:
      g_string_append_c (out, '-');
      /* -x^2 means -(x^2) in this grammar; -(a*b) = -a*b */
      print_child (out, node->a, precedence (node->a) < 2 || precedence (node->a) == 3);
      break;
    case NODE_ADD:
    case NODE_SUB:
    case NODE_MUL:
    case NODE_DIV:
      {
        static const char ops[] = { [NODE_ADD] = '+', [NODE_SUB] = '-',
                                    [NODE_MUL] = '*', [NODE_DIV] = '/' };
        gboolean spaced = node->kind == NODE_ADD || node->kind == NODE_SUB;
        int right = precedence (node->b);

        print_child (out, node->a, precedence (node->a) < prec);
        if (spaced)
          g_string_append_printf (out, " %c ", ops[node->kind]);
        else
          g_string_append_c (out, ops[node->kind]);
        print_child (out, node->b,
                     right < prec || right == 3
                     || (right == prec && node->kind != NODE_ADD && node->kind != NODE_MUL)
                     || (right == prec && node->kind == NODE_MUL && node->b->kind == NODE_DIV));
        break;
      }
    case NODE_POW:
      print_child (out, node->a, precedence (node->a) <= 4);
      g_string_append_c (out, '^');
      print_child (out, node->b, precedence (node->b) < 5);
      break;
    default:
      g_assert_not_reached ();
    }
}

static char *
derivative (const char *text,
            guint       order,
            gboolean    between_jumps,
            gboolean   *is_constant)
{
  Ctx ctx = { g_ptr_array_new_with_free_func (g_free), text, FALSE, between_jumps };
  Node *node;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  node = simplify (&ctx, parse_sum (&ctx));
  skip_space (&ctx);
  if (*ctx.p != '\0')
    ctx.failed = TRUE;
  for (guint i = 0; i < order && !ctx.failed; i++)
    node = derive (&ctx, node);
  if (ctx.failed)
    {
      g_ptr_array_unref (ctx.nodes);
      return NULL;
    }
  if (is_constant != NULL)
    *is_constant = !has_t (node);
  out = g_string_new (NULL);
  print_node (out, node);
  g_ptr_array_unref (ctx.nodes);
  return g_string_free (out, FALSE);
}

/**
 * lz_symbolic_derivative:
 * @text: an expression in t that lz_expr_new() accepted
 * @order: 0 (the simplified expression), 1 or 2
 * @is_constant: (out) (optional): whether the result does not depend on t
 *
 * The derivative of @text of order @order as a simplified formula with
 * exact numbers, e.g. "0.5*cos(0.5*t)" for "sin(0.5*t)", "0.2" for
 * "0.2*t".  The result parses back to the same function.  The derivative
 * of step(u) is delta(u), the distribution (the formula people read).
 *
 * Returns: (transfer full) (nullable): the formula, or %NULL if @text
 *   uses something this file cannot differentiate
 */
char *
lz_symbolic_derivative (const char *text,
                        guint       order,
                        gboolean   *is_constant)
{
  return derivative (text, order, FALSE, is_constant);
}

/**
 * lz_symbolic_derivative_between_jumps:
 * @text: an expression in t that lz_expr_new() accepted
 * @order: 0, 1 or 2
 * @is_constant: (out) (optional): whether the result does not depend on t
 *
 * As lz_symbolic_derivative(), but the derivative that holds between the
 * zeros of the arguments of step(), abs() and delta(): the derivative of
 * step(u) is 0 there (the jump itself is an event, lz-jumps.h), so the
 * formula never evaluates a delta.
 *
 * Returns: (transfer full) (nullable): the formula
 */
char *
lz_symbolic_derivative_between_jumps (const char *text,
                                      guint       order,
                                      gboolean   *is_constant)
{
  return derivative (text, order, TRUE, is_constant);
}

static void
collect_switching (const Node *node,
                   GPtrArray  *out,
                   gboolean   *has_delta)
{
  if (node == NULL)
    return;
  if (node->kind == NODE_FUNC && has_t (node->a)
      && (strcmp (node->name, "step") == 0 || strcmp (node->name, "abs") == 0
          || strcmp (node->name, "delta") == 0 || strcmp (node->name, "nandelta") == 0))
    {
      GString *text = g_string_new (NULL);

      if (node->name[0] != 's' && node->name[0] != 'a')
        *has_delta = TRUE;
      print_node (text, node->a);
      for (guint i = 0; i < out->len; i++)
        if (strcmp (g_ptr_array_index (out, i), text->str) == 0)
          {
            g_string_free (text, TRUE);
            text = NULL;
            break;
          }
      if (text != NULL)
        g_ptr_array_add (out, g_string_free (text, FALSE));
    }
  collect_switching (node->a, out, has_delta);
  collect_switching (node->b, out, has_delta);
}

/**
 * lz_symbolic_switching:
 * @text: an expression in t that lz_expr_new() accepted
 * @has_delta: (out): whether @text uses delta() or nandelta() of t
 *
 * The switching functions of @text: the arguments u(t) of its step(),
 * abs(), delta() and nandelta() that depend on t, each once, as formulas
 * (inner ones too: abs(abs(t − 1) − 0.5) gives "abs(t - 1) - 0.5" and
 * "t - 1").  Between their zeros the expression and its derivatives are
 * smooth; at a zero the expression (step), its derivative (abs) or a
 * higher one may jump.
 *
 * Returns: (transfer full) (element-type utf8): the formulas
 */
GPtrArray *
lz_symbolic_switching (const char *text,
                       gboolean   *has_delta)
{
  Ctx ctx = { g_ptr_array_new_with_free_func (g_free), text, FALSE, FALSE };
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  Node *node;

  *has_delta = FALSE;
  node = simplify (&ctx, parse_sum (&ctx));
  if (!ctx.failed)
    collect_switching (node, out, has_delta);
  g_ptr_array_unref (ctx.nodes);
  return out;
}

G_STATIC_ASSERT ((int) NODE_NUM == (int) LZ_SYMBOLIC_NUM && (int) NODE_FUNC == (int) LZ_SYMBOLIC_FUNC
                 && (int) NODE_POW == (int) LZ_SYMBOLIC_POW);

/* Appends @node's operands, then @node; returns its index. */
static guint
append_postfix (GArray     *out,
                const Node *node)
{
  LzSymbolicNode entry = { (LzSymbolicKind) node->kind, node->value, { 0 }, 0, 0 };

  if (node->a != NULL)
    entry.a = append_postfix (out, node->a);
  if (node->b != NULL)
    entry.b = append_postfix (out, node->b);
  g_strlcpy (entry.name, node->name, sizeof entry.name);
  g_array_append_val (out, entry);
  return out->len - 1;
}

/**
 * lz_symbolic_postfix:
 * @text: an expression in t that lz_expr_new() accepted
 *
 * The parse tree of @text as libmatheval builds it (left-associative
 * operators, −x^2 = −(x^2)), unsimplified: an evaluator that folds the
 * constants itself gets libmatheval's values.  The last node is the root.
 *
 * Returns: (transfer full) (element-type LzSymbolicNode) (nullable): the
 *   nodes in postfix order, or %NULL if @text does not parse
 */
GArray *
lz_symbolic_postfix (const char *text)
{
  Ctx ctx = { g_ptr_array_new_with_free_func (g_free), text, FALSE, FALSE };
  GArray *out = NULL;
  Node *node;

  g_return_val_if_fail (text != NULL, NULL);

  node = parse_sum (&ctx);
  skip_space (&ctx);
  if (!ctx.failed && *ctx.p == '\0')
    {
      out = g_array_new (FALSE, FALSE, sizeof (LzSymbolicNode));
      append_postfix (out, node);
    }
  g_ptr_array_unref (ctx.nodes);
  return out;
}
