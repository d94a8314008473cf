/* lz-expr-taylor.c — Taylor coefficients of an expression in t to high order
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Automatic differentiation in Taylor mode (Griewank and Walther,
 * "Evaluating Derivatives", 2008, ch. 13; Jorba and Zou, "A software
 * package for the numerical integration of ODEs by means of high-order
 * Taylor methods", 2005): every node of the expression carries the series
 * of its value in τ, f(t0 + τh) = Σ f_k τ^k, computed from the series of
 * its operands by the standard recurrences, O(order²) a node.
 *
 * The text is compiled once per expression into a tape (lz_expr_get_tape()
 * keeps it with the LzExpr): lz-symbolic.c's parse tree as libmatheval
 * builds it, its constant subtrees folded with libmatheval's formulas and
 * its simplifications (x^0 = 1, 0^x = 0, 1^x = 1, x·1 = x, x + 0 = x …,
 * where the constant is one of numbers alone: libmatheval 1.1.11 does not
 * simplify pi and e), so that f_0 is lz_expr_eval()'s value, operation for
 * operation; the ops a simplification leaves dead are dropped.  A call
 * runs the tape over a scratch on the stack: nothing is parsed, allocated
 * or locked (but for tapes too large for the stack scratch).
 *
 * The expansion is the one between jumps, as lz_expr_eval_d1() and _d2()
 * take it: at the time lz_jumps_window_time() gives for t0 (the side of a
 * jump the current thread's window is on), step(u) is the constant
 * step(u(t0)) and abs(u) is ±u with the sign of u(t0).  Where u(t0) = 0
 * exactly, the side is the one u moves to for τ > 0 (its first nonzero
 * coefficient): step() and abs() are expanded when that side is the one
 * lz_expr_eval() and lz_expr_eval_d1() take (u ≥ 0), refused otherwise.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-expr.h"
#include "lz-expr-private.h"
#include "lz-jumps.h"
#include "lz-symbolic.h"

/* u^c with c a whole number of at most this magnitude is expanded by
 * products (exact where u(t0) = 0, and free of the cancellation of the
 * power recurrence's division by u(t0) near a zero of u); larger ones by
 * the recurrence. */
#define TAYLOR_MAX_PRODUCT_POWER 64

/* Series of at most this many doubles in all are kept on the stack of the
 * call (16 KiB: an expression of 60 nodes at order 30); a larger tape
 * takes its scratch from the heap. */
#define TAYLOR_STACK_DOUBLES 2048

/* The functions of libmatheval, in the order of the table below. */
typedef enum
{
  FN_EXP, FN_LOG, FN_SQRT, FN_SIN, FN_COS, FN_TAN, FN_COT, FN_SEC, FN_CSC,
  FN_ASIN, FN_ACOS, FN_ATAN, FN_ACOT, FN_ASEC, FN_ACSC,
  FN_SINH, FN_COSH, FN_TANH, FN_COTH, FN_SECH, FN_CSCH,
  FN_ASINH, FN_ACOSH, FN_ATANH, FN_ACOTH, FN_ASECH, FN_ACSCH,
  FN_ABS, FN_STEP, FN_DELTA, FN_NANDELTA, FN_ERF,
} Function;

/* libmatheval's definitions (its xmath.c), so that folded constants and
 * f_0 are its values to the bit. */
static double math_cot (double x) { return 1 / tan (x); }
static double math_sec (double x) { return 1 / cos (x); }
static double math_csc (double x) { return 1 / sin (x); }
static double math_acot (double x) { return atan (1 / x); }
static double math_asec (double x) { return acos (1 / x); }
static double math_acsc (double x) { return asin (1 / x); }
static double math_coth (double x) { return 1 / tanh (x); }
static double math_sech (double x) { return 1 / cosh (x); }
static double math_csch (double x) { return 1 / sinh (x); }
static double math_asinh (double x) { return log (x + sqrt (x * x + 1)); }
static double math_acosh (double x) { return log (x + sqrt (x * x - 1)); }
static double math_atanh (double x) { return 0.5 * log ((1 + x) / (1 - x)); }
static double math_acoth (double x) { return 0.5 * log ((x + 1) / (x - 1)); }
static double math_asech (double x) { return math_acosh (1 / x); }
static double math_acsch (double x) { return math_asinh (1 / x); }
/* (1.1.11's step() and delta() keep a NaN) */
static double math_step (double x) { return isnan (x) ? x : x < 0 ? 0 : 1; }
static double math_delta (double x) { return isnan (x) ? x : x == 0 ? INFINITY : 0; }
static double math_nandelta (double x) { return isnan (x) || x == 0 ? NAN : 0; }

/* The inverse functions f(u) are expanded through their derivative,
 * f'(u) = κ·g(u) with g = q^p (p = −1/2 or −1) or exp(q), q = α + β·u² +
 * γ·u⁴ (the |u| of asec, acsc and acsch is √(u²), inside q's root). */
typedef enum { G_INVSQRT, G_RECIPROCAL, G_EXP } GKind;

typedef struct
{
  double alpha, beta, gamma;
  GKind  g;
  double kappa;
} Inverse;

static const struct
{
  const char *name;
  double    (*value) (double x);
  guint       aux;             /* scratch series the expansion needs */
  Inverse     inverse;         /* kappa ≠ 0: through f' = κ·g(u) */
} functions[] = {
  [FN_EXP]      = { "exp", exp, 0, { 0 } },
  [FN_LOG]      = { "log", log, 0, { 0 } },
  [FN_SQRT]     = { "sqrt", sqrt, 0, { 0 } },
  [FN_SIN]      = { "sin", sin, 1, { 0 } },
  [FN_COS]      = { "cos", cos, 1, { 0 } },
  [FN_TAN]      = { "tan", tan, 1, { 0 } },
  [FN_COT]      = { "cot", math_cot, 1, { 0 } },
  [FN_SEC]      = { "sec", math_sec, 2, { 0 } },
  [FN_CSC]      = { "csc", math_csc, 2, { 0 } },
  [FN_ASIN]     = { "asin", asin, 2, { 1, -1, 0, G_INVSQRT, 1 } },
  [FN_ACOS]     = { "acos", acos, 2, { 1, -1, 0, G_INVSQRT, -1 } },
  [FN_ATAN]     = { "atan", atan, 2, { 1, 1, 0, G_RECIPROCAL, 1 } },
  [FN_ACOT]     = { "acot", math_acot, 2, { 1, 1, 0, G_RECIPROCAL, -1 } },
  [FN_ASEC]     = { "asec", math_asec, 2, { 0, -1, 1, G_INVSQRT, 1 } },
  [FN_ACSC]     = { "acsc", math_acsc, 2, { 0, -1, 1, G_INVSQRT, -1 } },
  [FN_SINH]     = { "sinh", sinh, 1, { 0 } },
  [FN_COSH]     = { "cosh", cosh, 1, { 0 } },
  [FN_TANH]     = { "tanh", tanh, 1, { 0 } },
  [FN_COTH]     = { "coth", math_coth, 1, { 0 } },
  [FN_SECH]     = { "sech", math_sech, 2, { 0 } },
  [FN_CSCH]     = { "csch", math_csch, 2, { 0 } },
  [FN_ASINH]    = { "asinh", math_asinh, 2, { 1, 1, 0, G_INVSQRT, 1 } },
  [FN_ACOSH]    = { "acosh", math_acosh, 2, { -1, 1, 0, G_INVSQRT, 1 } },
  [FN_ATANH]    = { "atanh", math_atanh, 2, { 1, -1, 0, G_RECIPROCAL, 1 } },
  [FN_ACOTH]    = { "acoth", math_acoth, 2, { 1, -1, 0, G_RECIPROCAL, 1 } },
  [FN_ASECH]    = { "asech", math_asech, 2, { 0, 1, -1, G_INVSQRT, -1 } },
  [FN_ACSCH]    = { "acsch", math_acsch, 2, { 0, 1, 1, G_INVSQRT, -1 } },
  [FN_ABS]      = { "abs", fabs, 0, { 0 } },
  [FN_STEP]     = { "step", math_step, 0, { 0 } },
  [FN_DELTA]    = { "delta", math_delta, 0, { 0 } },
  [FN_NANDELTA] = { "nandelta", math_nandelta, 0, { 0 } },
  [FN_ERF]      = { "erf", erf, 2, { 0, -1, 0, G_EXP, M_2_SQRTPI } },
};

typedef enum
{
  OP_T,          /* t0 + h·τ */
  OP_NEG,        /* −a */
  OP_ADD,        /* a ∘ b, both series */
  OP_SUB,
  OP_MUL,
  OP_DIV,
  OP_POW,
  OP_ADD_C,      /* a with the constant c */
  OP_SUB_C,      /* a − c */
  OP_C_SUB,      /* c − a */
  OP_MUL_C,
  OP_DIV_C,      /* a / c */
  OP_C_DIV,      /* c / a */
  OP_POW_C,      /* a^c */
  OP_C_POW,      /* c^a */
  OP_FUNC,
} OpKind;

typedef struct
{
  OpKind   kind;
  Function fn;
  guint    out;    /* the slot of the result's series */
  guint    a, b;   /* the slots of the operands' */
  guint    aux;    /* the first of the op's scratch slots */
  guint    deg_a;  /* the operands' degrees (their last coefficient that */
  guint    deg_b;  /* may not be 0; LZ_EXPR_TAYLOR_MAX_ORDER: any) */
  double   c;
} Op;

struct LzExprTape
{
  gboolean supported;   /* FALSE: a text that does not parse */
  double   value;       /* n_ops == 0: the expression is this constant */
  guint    root;        /* the slot of the expression's series */
  guint    n_ops;
  guint    n_slots;     /* series of order + 1 doubles each */
  Op       ops[];       /* in the order of evaluation; the last is the root */
};

/* ------------------------------------------------------------------------ */
/* Compilation                                                               */

/* What a node of the parse tree became: a constant or a series. */
typedef struct
{
  gboolean is_constant;
  double   value;
  gboolean named;    /* a constant of pi or e, which libmatheval 1.1.11 never
                      * simplifies (pi − pi is no 0 to it: (pi − pi)^−t = inf) */
  guint    slot;
  guint    degree;   /* a polynomial's degree, at most LZ_EXPR_TAYLOR_MAX_ORDER */
} Operand;

typedef struct
{
  GArray  *ops;
  guint    n_slots;
  gboolean supported;
  gint     t_slot;     /* t's series, once (−1 until needed) */
} Compiler;

static Operand
constant (double value)
{
  return (Operand) { TRUE, value, FALSE, 0, 0 };
}

static Operand
named_constant (double   value,
                gboolean named)
{
  return (Operand) { TRUE, value, named, 0, 0 };
}

static Operand
series (guint slot,
        guint degree)
{
  return (Operand) { FALSE, 0, FALSE, slot, MIN (degree, LZ_EXPR_TAYLOR_MAX_ORDER) };
}

/* The degree of @op's result where it is a polynomial of its operands
 * (t, sums, products, whole powers; step() is a constant), so that the
 * recurrences skip the coefficients known to be 0: sin(ω·t) costs O(n),
 * not O(n²).  LZ_EXPR_TAYLOR_MAX_ORDER where it is not. */
static guint
out_degree (const Op *op)
{
  switch (op->kind)
    {
    case OP_T:
      return 1;
    case OP_NEG:
    case OP_ADD_C:
    case OP_SUB_C:
    case OP_C_SUB:
    case OP_MUL_C:
    case OP_DIV_C:
      return op->deg_a;
    case OP_ADD:
    case OP_SUB:
      return MAX (op->deg_a, op->deg_b);
    case OP_MUL:
      return op->deg_a + op->deg_b;
    case OP_POW_C:
      if (op->c == nearbyint (op->c) && op->c > 0 && op->c <= TAYLOR_MAX_PRODUCT_POWER)
        return op->deg_a * (guint) op->c;
      return LZ_EXPR_TAYLOR_MAX_ORDER;
    case OP_FUNC:
      return op->fn == FN_STEP ? 0 : op->fn == FN_ABS ? op->deg_a : LZ_EXPR_TAYLOR_MAX_ORDER;
    case OP_DIV:
    case OP_POW:
    case OP_C_DIV:
    case OP_C_POW:
    default:
      return LZ_EXPR_TAYLOR_MAX_ORDER;
    }
}

static Operand
emit (Compiler *cc,
      Op        op,
      guint     aux)
{
  op.out = cc->n_slots++;
  op.aux = cc->n_slots;
  cc->n_slots += aux;
  g_array_append_val (cc->ops, op);
  return series (op.out, out_degree (&op));
}

static double
fold (LzSymbolicKind kind,
      double         a,
      double         b)
{
  switch (kind)
    {
    case LZ_SYMBOLIC_ADD:
      return a + b;
    case LZ_SYMBOLIC_SUB:
      return a - b;
    case LZ_SYMBOLIC_MUL:
      return a * b;
    case LZ_SYMBOLIC_DIV:
      return a / b;
    case LZ_SYMBOLIC_POW:
    case LZ_SYMBOLIC_NUM:
    case LZ_SYMBOLIC_NAME:
    case LZ_SYMBOLIC_NEG:
    case LZ_SYMBOLIC_FUNC:
    default:
      return pow (a, b);
    }
}

/* Whether libmatheval sees a number in @x: a constant folded from
 * numbers alone (pi − pi is no 0 to it). */
static gboolean
is_number (Operand x)
{
  return x.is_constant && !x.named;
}

static gboolean
is_value (Operand x,
          double  value)
{
  return is_number (x) && x.value == value;
}

/* A binary operation, with libmatheval's simplifications (node.c):
 * constants folded, x + 0, 0 + x, x − 0, x·1, 1·x, x/1, x^1 = x and 0^x =
 * 0, 1^x = 1, x^0 = 1 (whatever x is; the only one that changes a value
 * is 0^x = 0 where x < 0, and it needs a 0 of numbers alone). */
static Operand
binary (Compiler       *cc,
        LzSymbolicKind  kind,
        Operand         a,
        Operand         b)
{
  static const OpKind series_op[] = {
    [LZ_SYMBOLIC_ADD] = OP_ADD, [LZ_SYMBOLIC_SUB] = OP_SUB, [LZ_SYMBOLIC_MUL] = OP_MUL,
    [LZ_SYMBOLIC_DIV] = OP_DIV, [LZ_SYMBOLIC_POW] = OP_POW,
  };
  static const OpKind right_constant_op[] = {
    [LZ_SYMBOLIC_ADD] = OP_ADD_C, [LZ_SYMBOLIC_SUB] = OP_SUB_C, [LZ_SYMBOLIC_MUL] = OP_MUL_C,
    [LZ_SYMBOLIC_DIV] = OP_DIV_C, [LZ_SYMBOLIC_POW] = OP_POW_C,
  };
  static const OpKind left_constant_op[] = {
    [LZ_SYMBOLIC_ADD] = OP_ADD_C, [LZ_SYMBOLIC_SUB] = OP_C_SUB, [LZ_SYMBOLIC_MUL] = OP_MUL_C,
    [LZ_SYMBOLIC_DIV] = OP_C_DIV, [LZ_SYMBOLIC_POW] = OP_C_POW,
  };
  Op op = { 0 };

  if (is_number (a) && is_number (b))
    return constant (fold (kind, a.value, b.value));
  if ((kind == LZ_SYMBOLIC_ADD && is_value (a, 0)) || (kind == LZ_SYMBOLIC_MUL && is_value (a, 1)))
    return b;
  if (((kind == LZ_SYMBOLIC_ADD || kind == LZ_SYMBOLIC_SUB) && is_value (b, 0))
      || ((kind == LZ_SYMBOLIC_MUL || kind == LZ_SYMBOLIC_DIV || kind == LZ_SYMBOLIC_POW)
          && is_value (b, 1)))
    return a;
  if (kind == LZ_SYMBOLIC_POW && (is_value (a, 0) || is_value (a, 1)))
    return constant (a.value);
  if (kind == LZ_SYMBOLIC_POW && is_value (b, 0))
    return constant (1);
  /* of pi or e: libmatheval evaluates it each time, to the same value */
  if (a.is_constant && b.is_constant)
    return named_constant (fold (kind, a.value, b.value), TRUE);

  if (a.is_constant)
    {
      op.kind = left_constant_op[kind];
      op.c = a.value;
      op.a = b.slot;
      op.deg_a = b.degree;
    }
  else if (b.is_constant)
    {
      op.kind = right_constant_op[kind];
      op.c = b.value;
      op.a = a.slot;
      op.deg_a = a.degree;
    }
  else
    {
      op.kind = series_op[kind];
      op.a = a.slot;
      op.b = b.slot;
      op.deg_a = a.degree;
      op.deg_b = b.degree;
    }
  /* the general power takes log(a) and b·log(a); a whole power, its
   * products */
  return emit (cc, op, op.kind == OP_POW || op.kind == OP_POW_C ? 2 : 0);
}

static Operand
function (Compiler   *cc,
          const char *name,
          Operand     arg)
{
  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    if (strcmp (name, functions[f].name) == 0)
      {
        Op op = { .kind = OP_FUNC, .fn = f, .a = arg.slot, .deg_a = arg.degree };

        if (arg.is_constant)
          return named_constant (functions[f].value (arg.value), arg.named);
        /* (delta() of t, a distribution, has no series: run_function()
         * refuses it) */
        return emit (cc, op, functions[f].aux);
      }
  cc->supported = FALSE;
  return constant (NAN);
}

static Operand
compile_node (Compiler             *cc,
              const LzSymbolicNode *node,
              const Operand        *done)
{
  Op op = { 0 };

  switch (node->kind)
    {
    case LZ_SYMBOLIC_NUM:
      return constant (node->value);
    case LZ_SYMBOLIC_NAME:
      if (strcmp (node->name, "pi") == 0)
        return named_constant (G_PI, TRUE);
      if (strcmp (node->name, "e") == 0)
        return named_constant (G_E, TRUE);
      if (cc->t_slot < 0)
        {
          op.kind = OP_T;
          cc->t_slot = (gint) emit (cc, op, 0).slot;
        }
      return series ((guint) cc->t_slot, 1);
    case LZ_SYMBOLIC_NEG:
      if (done[node->a].is_constant)
        return named_constant (-done[node->a].value, done[node->a].named);
      op.kind = OP_NEG;
      op.a = done[node->a].slot;
      op.deg_a = done[node->a].degree;
      return emit (cc, op, 0);
    case LZ_SYMBOLIC_ADD:
    case LZ_SYMBOLIC_SUB:
    case LZ_SYMBOLIC_MUL:
    case LZ_SYMBOLIC_DIV:
    case LZ_SYMBOLIC_POW:
      return binary (cc, node->kind, done[node->a], done[node->b]);
    case LZ_SYMBOLIC_FUNC:
      return function (cc, node->name, done[node->a]);
    default:
      cc->supported = FALSE;
      return constant (NAN);
    }
}

/* Copies into @tape the ops the root needs: a simplification such as
 * x·f^0 = x leaves f's ops behind, which libmatheval never evaluates (a
 * log(t) there is no reason to refuse t < 0). */
static void
keep_live (LzExprTape *tape,
           GArray     *ops,
           guint       root)
{
  g_autofree gboolean *live = g_new0 (gboolean, tape->n_slots);
  g_autofree gboolean *keep = g_new0 (gboolean, ops->len);

  live[root] = TRUE;
  for (guint i = ops->len; i-- > 0;)
    {
      const Op *op = &g_array_index (ops, Op, i);

      if (!live[op->out])
        continue;
      keep[i] = TRUE;
      if (op->kind != OP_T)
        live[op->a] = TRUE;
      if (op->kind >= OP_ADD && op->kind <= OP_POW)     /* of two series */
        live[op->b] = TRUE;
    }
  for (guint i = 0; i < ops->len; i++)
    if (keep[i])
      tape->ops[tape->n_ops++] = g_array_index (ops, Op, i);
}

/**
 * lz_expr_tape_new:
 * @text: an expression lz_expr_new() accepted
 *
 * Compiles @text for lz_expr_taylor() (lz-expr.c calls it once per
 * expression, lz_expr_get_tape()).
 *
 * Returns: (transfer full): the tape; one that is not supported (delta()
 *   of t) makes every lz_expr_taylor() return %FALSE
 */
LzExprTape *
lz_expr_tape_new (const char *text)
{
  g_autoptr(GArray) nodes = lz_symbolic_postfix (text);
  g_autoptr(GArray) ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_autofree Operand *done = NULL;
  Compiler cc = { ops, 0, nodes != NULL, -1 };
  Operand root = constant (NAN);
  LzExprTape *tape;

  if (nodes != NULL && nodes->len > 0)
    {
      done = g_new0 (Operand, nodes->len);
      for (guint i = 0; i < nodes->len; i++)
        done[i] = compile_node (&cc, &g_array_index (nodes, LzSymbolicNode, i), done);
      root = done[nodes->len - 1];
    }
  else
    cc.supported = FALSE;

  tape = g_malloc0 (sizeof (LzExprTape) + ops->len * sizeof (Op));
  tape->supported = cc.supported;
  tape->value = root.value;
  tape->n_slots = cc.n_slots;
  tape->root = root.slot;
  if (!root.is_constant)
    keep_live (tape, ops, root.slot);
  return tape;
}

void
lz_expr_tape_free (LzExprTape *tape)
{
  g_free (tape);
}

/* ------------------------------------------------------------------------ */
/* Series arithmetic: arrays of the n + 1 coefficients of τ^0 … τ^n, with
 * du, dv the operands' degrees (≤ n): their coefficients beyond are 0    */

/* 1/k, so that the recurrences multiply: a division in their chain from
 * one coefficient to the next costs several times a product. */
#define INVERSE8(k) 1.0 / (k), 1.0 / (k + 1), 1.0 / (k + 2), 1.0 / (k + 3), \
                    1.0 / (k + 4), 1.0 / (k + 5), 1.0 / (k + 6), 1.0 / (k + 7)
static const double inverse[LZ_EXPR_TAYLOR_MAX_ORDER + 1] = {
  0, INVERSE8 (1), INVERSE8 (9), INVERSE8 (17), INVERSE8 (25),
  INVERSE8 (33), INVERSE8 (41), INVERSE8 (49), INVERSE8 (57),
};
G_STATIC_ASSERT (LZ_EXPR_TAYLOR_MAX_ORDER == 64);

/* w = u·v (Cauchy products); w is neither u nor v. */
static void
series_mul (double       *w,
            const double *u,
            guint         du,
            const double *v,
            guint         dv,
            guint         n)
{
  for (guint k = 0; k <= n; k++)
    {
      double s = 0;

      for (guint j = k > dv ? k - dv : 0; j <= MIN (k, du); j++)
        s += u[j] * v[k - j];
      w[k] = s;
    }
}

/* w = u² (half the products of series_mul()); w is not u. */
static void
series_sqr (double       *w,
            const double *u,
            guint         du,
            guint         n)
{
  for (guint k = 0; k <= n; k++)
    {
      double s = 0;

      for (guint j = k > du ? k - du : 0; 2 * j < k; j++)
        s += u[j] * u[k - j];
      s *= 2;
      if (k % 2 == 0 && k / 2 <= du)
        s += u[k / 2] * u[k / 2];
      w[k] = s;
    }
}

/* w = u/v (u = NULL: a constant numerator, u_k = 0 for k ≥ 1), w_0 given;
 * w may be u, not v. */
static void
series_div (double       *w,
            const double *u,
            const double *v,
            guint         dv,
            double        w0,
            guint         n)
{
  double r = 1 / v[0];

  w[0] = w0;
  for (guint k = 1; k <= n; k++)
    {
      double s = u != NULL ? u[k] : 0;

      for (guint j = 1; j <= MIN (k, dv); j++)
        s -= v[j] * w[k - j];
      w[k] = s * r;
    }
}

/* w with w' = κ·g·u', w_0 given: w_k = (κ/k) Σ_{j=1..k} j·u_j·g_{k−j}.
 * g may be w itself (exp: w' = w·u'), for g_{k−j} is known by then. */
static void
series_integrate (double       *w,
                  const double *u,
                  guint         du,
                  const double *g,
                  double        kappa,
                  double        w0,
                  guint         n)
{
  w[0] = w0;
  if (du == 1)
    {
      /* u linear (exp(a·t)): one product a step, not a sum */
      for (guint k = 1; k <= n; k++)
        w[k] = kappa * u[1] * inverse[k] * g[k - 1];
      return;
    }
  for (guint k = 1; k <= n; k++)
    {
      double s = 0;

      for (guint j = 1; j <= MIN (k, du); j++)
        s += j * u[j] * g[k - j];
      w[k] = kappa * s * inverse[k];
    }
}

/* w = log u: u·w' = u'. */
static void
series_log (double       *w,
            const double *u,
            guint         du,
            guint         n)
{
  double r = 1 / u[0];

  w[0] = log (u[0]);
  for (guint k = 1; k <= n; k++)
    {
      double s = 0;

      for (guint j = k > du ? k - du : 1; j < k; j++)
        s += j * w[j] * u[k - j];
      w[k] = (u[k] - s * inverse[k]) * r;
    }
}

/* w = u^c, w_0 given: u·w' = c·u'·w (u_0 ≠ 0). */
static void
series_pow (double       *w,
            const double *u,
            guint         du,
            double        c,
            double        w0,
            guint         n)
{
  double r = 1 / u[0];

  w[0] = w0;
  for (guint k = 1; k <= n; k++)
    {
      double s = 0;

      for (guint j = k > du ? k - du : 0; j < k; j++)
        s += (c * (k - j) - j) * u[k - j] * w[j];
      w[k] = s * inverse[k] * r;
    }
}

/* u^m (m ≥ 1) by squarings and products from the top bit down, in @a
 * and @b by turns.  Returns the one that holds it. */
static double *
series_whole_power (double       *a,
                    double       *b,
                    const double *u,
                    guint         du,
                    guint         m,
                    guint         n)
{
  int bit = g_bit_storage (m) - 1;
  guint da = du;

  memcpy (a, u, (n + 1) * sizeof (double));
  while (--bit >= 0)
    {
      double *swap;

      series_sqr (b, a, da, n);
      da = MIN (2 * da, n);
      swap = a, a = b, b = swap;
      if (m & (1u << bit))
        {
          series_mul (b, a, da, u, du, n);
          da = MIN (da + du, n);
          swap = a, a = b, b = swap;
        }
    }
  return a;
}

/* s = sin u, c = cos u (sign −1) or s = sinh u, c = cosh u (sign +1), their
 * values at 0 given: s' = c·u', c' = sign·s·u'. */
static void
series_sincos (double       *s,
               double       *c,
               const double *u,
               guint         du,
               double        sign,
               guint         n)
{
  if (du == 1)
    {
      /* u linear (sin(ω·t + φ)): one product a step */
      for (guint k = 1; k <= n; k++)
        {
          double a = u[1] * inverse[k];

          s[k] = a * c[k - 1];
          c[k] = sign * a * s[k - 1];
        }
      return;
    }
  for (guint k = 1; k <= n; k++)
    {
      double ss = 0, cc = 0;

      for (guint j = 1; j <= MIN (k, du); j++)
        {
          ss += j * u[j] * c[k - j];
          cc += j * u[j] * s[k - j];
        }
      s[k] = ss * inverse[k];
      c[k] = sign * cc * inverse[k];
    }
}

/* w = tan, cot, tanh or coth of u, w_0 given: w' = σ·v·u' with
 * v = 1 + ρ·w² (tan: σ = ρ = 1; cot: σ = −1, ρ = 1; tanh, coth: σ = 1,
 * ρ = −1), v in @v, v_0 given (1 − tanh² = 1/cosh², not 1 − w_0², which
 * cancels where w_0 is near 1). */
static void
series_tan (double       *w,
            double       *v,
            const double *u,
            guint         du,
            double        w0,
            double        v0,
            double        sigma,
            double        rho,
            guint         n)
{
  w[0] = w0;
  v[0] = v0;
  for (guint k = 1; k <= n; k++)
    {
      double s = 0, q = 0;

      for (guint j = 1; j <= MIN (k, du); j++)
        s += j * u[j] * v[k - j];
      w[k] = sigma * s * inverse[k];
      for (guint j = 0; j <= k; j++)
        q += w[j] * w[k - j];
      v[k] = rho * q;
    }
}

/* ------------------------------------------------------------------------ */
/* Evaluation                                                                */

static gboolean
all_finite (const double *w,
            guint         n)
{
  for (guint k = 0; k <= n; k++)
    if (!isfinite (w[k]))
      return FALSE;
  return TRUE;
}

/* The side of 0 a series u with u_0 = 0 is on for small τ > 0: the sign
 * of its first nonzero coefficient (+1 when all are zero). */
static double
side_at_zero (const double *u,
              guint         n)
{
  for (guint k = 1; k <= n; k++)
    if (u[k] != 0)
      return u[k] > 0 ? 1 : -1;
  return 1;
}

/* f(u) = ∫ κ·g(u) du for the inverse functions and erf (the table). */
static void
run_inverse (const Inverse *inv,
             double        *w,
             double        *aux,
             const double  *u,
             guint          du,
             double         w0,
             guint          n)
{
  double *s = aux, *q = aux + n + 1;
  guint ds = MIN (2 * du, n), dq = inv->gamma != 0 ? MIN (2 * ds, n) : ds;

  series_sqr (s, u, du, n);
  if (inv->gamma != 0)
    series_sqr (q, s, ds, n);
  for (guint k = 0; k <= n; k++)
    q[k] = (inv->gamma != 0 ? inv->gamma * q[k] : 0) + inv->beta * s[k];
  q[0] += inv->alpha;
  /* g into s, no longer needed */
  if (inv->g == G_INVSQRT)
    series_pow (s, q, dq, -0.5, 1 / sqrt (q[0]), n);
  else if (inv->g == G_RECIPROCAL)
    series_div (s, NULL, q, dq, 1 / q[0], n);
  else
    series_integrate (s, q, dq, s, 1, exp (q[0]), n);
  series_integrate (w, u, du, s, inv->kappa, w0, n);
}

/* sin, cos, sec, csc and their hyperbolic twins: the pair s, c, then
 * sec = 1/cos, csc = 1/sin as libmatheval has them. */
static void
run_sincos (Function      fn,
            double       *w,
            double       *aux,
            const double *u,
            guint         du,
            double        w0,
            guint         n)
{
  gboolean hyperbolic = fn >= FN_SINH;
  gboolean is_sin = fn == FN_SIN || fn == FN_SINH;
  gboolean is_cos = fn == FN_COS || fn == FN_COSH;
  double *s = is_sin ? w : aux, *c = is_sin ? aux : is_cos ? w : aux + n + 1;

  s[0] = hyperbolic ? sinh (u[0]) : sin (u[0]);
  c[0] = hyperbolic ? cosh (u[0]) : cos (u[0]);
  series_sincos (s, c, u, du, hyperbolic ? 1 : -1, n);
  if (fn == FN_SEC || fn == FN_SECH)
    series_div (w, NULL, c, n, w0, n);
  else if (fn == FN_CSC || fn == FN_CSCH)
    series_div (w, NULL, s, n, w0, n);
}

static gboolean
run_function (const Op     *op,
              double       *w,
              double       *aux,
              const double *u,
              guint         n)
{
  guint du = MIN (op->deg_a, n);
  double w0 = functions[op->fn].value (u[0]);
  double side = u[0] > 0 ? 1 : u[0] < 0 ? -1 : side_at_zero (u, n);

  if (!isfinite (w0))
    return FALSE;
  if (functions[op->fn].inverse.kappa != 0)
    {
      /* acot(u) = atan(1/u) jumps by π where u = 0 */
      if (op->fn == FN_ACOT && u[0] == 0)
        return FALSE;
      run_inverse (&functions[op->fn].inverse, w, aux, u, du, w0, n);
      return TRUE;
    }

  switch (op->fn)
    {
    case FN_EXP:
      series_integrate (w, u, du, w, 1, w0, n);
      return TRUE;
    case FN_LOG:
      series_log (w, u, du, n);
      return TRUE;
    case FN_SQRT:
      /* u^(1/2): O(n·du) where √u's own recurrence, w² = u, is O(n²) */
      if (u[0] == 0)
        return FALSE;
      series_pow (w, u, du, 0.5, w0, n);
      return TRUE;
    case FN_SIN:
    case FN_COS:
    case FN_SEC:
    case FN_CSC:
    case FN_SINH:
    case FN_COSH:
    case FN_SECH:
    case FN_CSCH:
      run_sincos (op->fn, w, aux, u, du, w0, n);
      return TRUE;
    case FN_TAN:
      series_tan (w, aux, u, du, w0, 1 + w0 * w0, 1, 1, n);
      return TRUE;
    case FN_COT:
      series_tan (w, aux, u, du, w0, 1 + w0 * w0, -1, 1, n);
      return TRUE;
    case FN_TANH:
      series_tan (w, aux, u, du, w0, 1 / (cosh (u[0]) * cosh (u[0])), 1, -1, n);
      return TRUE;
    case FN_COTH:
      series_tan (w, aux, u, du, w0, -1 / (sinh (u[0]) * sinh (u[0])), 1, -1, n);
      return TRUE;
    case FN_ABS:
      /* at u = 0, lz_expr_eval_d1() takes +u′: refuse u moving below */
      if (side < 0 && u[0] == 0)
        return FALSE;
      for (guint k = 0; k <= n; k++)
        w[k] = side * u[k];
      w[0] = w0;
      return TRUE;
    case FN_STEP:
      /* step(0) = 1, the side u ≥ 0: refuse u moving below */
      if (side < 0 && u[0] == 0)
        return FALSE;
      memset (w, 0, (n + 1) * sizeof (double));
      w[0] = w0;
      return TRUE;
    case FN_ASIN: case FN_ACOS: case FN_ATAN: case FN_ACOT: case FN_ASEC: case FN_ACSC:
    case FN_ASINH: case FN_ACOSH: case FN_ATANH: case FN_ACOTH: case FN_ASECH: case FN_ACSCH:
    case FN_ERF:         /* through run_inverse() above */
    case FN_DELTA:
    case FN_NANDELTA:    /* not compiled (lz_expr_tape_new()) */
    default:
      return FALSE;
    }
}

/* u^c, c constant. */
static gboolean
run_pow_constant (const Op     *op,
                  double       *w,
                  double       *aux,
                  const double *u,
                  guint         n)
{
  guint du = MIN (op->deg_a, n);
  double c = op->c;
  double w0 = pow (u[0], c);

  if (!isfinite (w0))
    return FALSE;
  if (c == 0)
    {
      /* u^(pi − pi): libmatheval does not simplify it, pow() gives 1 */
      memset (w, 0, (n + 1) * sizeof (double));
      w[0] = w0;
      return TRUE;
    }
  if (c == nearbyint (c) && fabs (c) <= TAYLOR_MAX_PRODUCT_POWER)
    {
      double *p = series_whole_power (aux, aux + n + 1, u, du, (guint) fabs (c), n);

      if (c > 0)
        memcpy (w, p, (n + 1) * sizeof (double));
      else
        series_div (w, NULL, p, n, w0, n);
      w[0] = w0;
      return TRUE;
    }
  if (u[0] == 0)
    return FALSE;
  series_pow (w, u, du, c, w0, n);
  return TRUE;
}

/* Runs @op on the series in @x (slots of n + 1 doubles). */
static gboolean
run_op (const Op *op,
        double   *x,
        double    t,
        double    h,
        guint     n)
{
  guint n1 = n + 1;
  double *w = x + op->out * n1;
  const double *u = x + op->a * n1, *v = x + op->b * n1;
  guint du = MIN (op->deg_a, n), dv = MIN (op->deg_b, n);
  double *aux = x + op->aux * n1;
  double c = op->c;

  switch (op->kind)
    {
    case OP_T:
      memset (w, 0, n1 * sizeof (double));
      w[0] = t;
      if (n > 0)
        w[1] = h;
      return TRUE;
    case OP_NEG:
      for (guint k = 0; k <= n; k++)
        w[k] = -u[k];
      return TRUE;
    case OP_ADD:
    case OP_SUB:
      for (guint k = 0; k <= n; k++)
        w[k] = op->kind == OP_ADD ? u[k] + v[k] : u[k] - v[k];
      return TRUE;
    case OP_MUL:
      series_mul (w, u, du, v, dv, n);
      return TRUE;
    case OP_DIV:
      series_div (w, u, v, dv, u[0] / v[0], n);
      return TRUE;
    case OP_POW:
      /* u^v = exp(v·log u), u > 0 */
      if (!(u[0] > 0))
        return FALSE;
      series_log (aux, u, du, n);
      series_mul (aux + n1, v, dv, aux, n, n);
      series_integrate (w, aux + n1, n, w, 1, pow (u[0], v[0]), n);
      return TRUE;
    case OP_ADD_C:
    case OP_SUB_C:
    case OP_C_SUB:
      for (guint k = 0; k <= n; k++)
        w[k] = op->kind == OP_C_SUB ? -u[k] : u[k];
      w[0] = op->kind == OP_ADD_C ? u[0] + c : op->kind == OP_SUB_C ? u[0] - c : c - u[0];
      return TRUE;
    case OP_MUL_C:
      for (guint k = 0; k <= n; k++)
        w[k] = c * u[k];
      return TRUE;
    case OP_DIV_C:
      for (guint k = 0; k <= n; k++)
        w[k] = u[k] / c;
      return TRUE;
    case OP_C_DIV:
      series_div (w, NULL, u, du, c / u[0], n);
      return TRUE;
    case OP_POW_C:
      return run_pow_constant (op, w, aux, u, n);
    case OP_C_POW:
      /* c^u = exp(u·log c), c > 0 */
      if (!(c > 0))
        return FALSE;
      series_integrate (w, u, du, w, log (c), pow (c, u[0]), n);
      return TRUE;
    case OP_FUNC:
      return run_function (op, w, aux, u, n);
    default:
      return FALSE;
    }
}

/**
 * lz_expr_taylor:
 * @expr: an expression
 * @t0: the time of the expansion, s
 * @h: the time scale of the expansion (a step), s
 * @order: the highest coefficient, at most %LZ_EXPR_TAYLOR_MAX_ORDER
 * @coef: (out caller-allocates) (array length=order+1): the coefficients
 *
 * The scaled Taylor coefficients of @expr at @t0: @coef[k] =
 * f⁽ᵏ⁾(t0)·@h^k/k!, so that f(t0 + τ·@h) = Σ @coef[k]·τ^k, by automatic
 * differentiation (O(@order²) for each operation of the expression, no
 * parsing: the expression is compiled once).  They are those between
 * jumps, as lz_expr_eval_d1() has them: at the time
 * lz_jumps_window_time() gives for @t0 (the side of a jump of the
 * current thread's window), step(u) is the constant step(u(t0)), abs(u)
 * is ±u; @coef[0] is lz_expr_eval (@expr, @t0).  Safe to call from any
 * thread at once on one expression.
 *
 * Returns: %TRUE when every coefficient is finite; %FALSE (@coef
 *   unspecified) where the expression has no such expansion or it is not
 *   finite, for the caller to integrate otherwise: delta() or nandelta()
 *   of t; a value or coefficient of the expression or of a part of it
 *   that is not finite (log(u ≤ 0), a pole, 0^c with c < 0, overflow);
 *   √u or u^c (c not whole) at u = 0; u^v with u ≤ 0 and c^u with c ≤ 0
 *   (u, v of t); acot(u) at u = 0 (a jump of π); step(u) or abs(u) at
 *   u = 0 exactly with u moving below 0 for τ > 0; @t0 or @h not finite
 */
gboolean
lz_expr_taylor (const LzExpr *expr,
                double        t0,
                double        h,
                guint         order,
                double       *coef)
{
  const LzExprTape *tape;
  double stack[TAYLOR_STACK_DOUBLES];
  g_autofree double *heap = NULL;
  double *x = stack;
  double t;
  guint n1 = order + 1;

  g_return_val_if_fail (expr != NULL, FALSE);
  g_return_val_if_fail (order <= LZ_EXPR_TAYLOR_MAX_ORDER, FALSE);
  g_return_val_if_fail (coef != NULL, FALSE);

  tape = lz_expr_get_tape (expr);
  if (!tape->supported || !isfinite (t0) || !isfinite (h))
    return FALSE;
  if (tape->n_ops == 0)
    {
      memset (coef, 0, n1 * sizeof (double));
      coef[0] = tape->value;
      return isfinite (tape->value);
    }

  if ((gsize) tape->n_slots * n1 > G_N_ELEMENTS (stack))
    x = heap = g_new (double, (gsize) tape->n_slots * n1);
  t = lz_jumps_window_time (t0);
  for (guint i = 0; i < tape->n_ops; i++)
    if (!run_op (&tape->ops[i], x, t, h, order)
        || !all_finite (x + tape->ops[i].out * n1, order))
      return FALSE;
  memcpy (coef, x + tape->root * n1, n1 * sizeof (double));
  return TRUE;
}
