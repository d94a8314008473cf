/* lz-expr.c — expressions in t through GNU libmatheval
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Forces, prescribed motions and ground motions are formulas in the time t
 * (docs/file-format.md).  libmatheval parses them into a tree, evaluates it and
 * builds the exact symbolic derivative; program constraints (paper 001) and
 * the DCP of paper 004 need the first and second time derivatives, so every
 * LzExpr carries three evaluators, f, f' and f''.
 *
 * libmatheval has four properties that shape this file:
 *
 * - its parser (bison + flex) keeps global state and is not reentrant, so
 *   every call that creates or destroys an evaluator holds parse_lock;
 * - a derivative shares the symbol table, in which evaluation stores the
 *   value of t, with the evaluator it came from, so the three evaluators of
 *   an expression are used under one per-expression mutex;
 * - its scanner copies characters it does not know to stdout and treats any
 *   identifier that is not a function or constant as a variable whose value
 *   is undetermined, so the text is checked here first: only the characters
 *   of the grammar, only known function names, and only the names t, pi and
 *   e (pi and e are libmatheval constants);
 * - its parser leaks the nodes of a text it rejects, so the text is parsed
 *   here with the same grammar, and libmatheval only sees texts it accepts
 *   (tests/core/test-expr.c compares the two on random texts).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <matheval.h>

#include "lz-error.h"
#include "lz-expr.h"
#include "lz-expr-private.h"
#include "lz-jumps.h"
#include "lz-symbolic.h"

struct LzExpr
{
  char     *text;
  void     *f;            /* evaluators; f1 and f2 share f's symbol table */
  void     *f1;
  void     *f2;
  gboolean  is_constant;
  GMutex    lock;         /* guards evaluation of f, f1, f2 and the cache */
  /* the last evaluation of f, f1, f2: integrators ask for the same t again
   * (a step's stages, forces and their work, a ground's terms) */
  double    cache_t[3];
  double    cache_value[3];
  /* non-finite results (lz-finite.c): how many, and the last one */
  gint      nonfinite_count;
  guint     nonfinite_order;
  double    nonfinite_t;
  double    nonfinite_value;
  /* compiled on the first Taylor expansion (lz_expr_get_tape()) */
  LzExprTape *tape;
};

/* libmatheval's parser is not reentrant (see the top of the file). */
static GMutex parse_lock;

/* The functions of libmatheval 1.1 (its symbol table), for a clear message
 * on a misspelt name instead of a bare parse error. */
static const char *const known_functions[] = {
  "exp", "log", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc",
  "asin", "acos", "atan", "acot", "asec", "acsc",
  "sinh", "cosh", "tanh", "coth", "sech", "csch",
  "asinh", "acosh", "atanh", "acoth", "asech", "acsch",
  "abs", "step", "delta", "nandelta", "erf",
};

/* The names an expression may use: the time and two constants. */
static const char *const known_names[] = { "t", "pi", "e" };

static gboolean
in_list (const char        *name,
         const char *const *list,
         gsize              n)
{
  for (gsize i = 0; i < n; i++)
    if (strcmp (name, list[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_grammar_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.' || c == ' ' || c == '\t'
         || strchr ("+-*/^()", c) != NULL;
}

static void
set_error (GError    **error,
           const char *owner,
           const char *message)
{
  if (owner != NULL && *owner != '\0')
    g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION, "%s: %s", owner, message);
  else
    g_set_error_literal (error, LZ_ERROR, LZ_ERROR_EXPRESSION, message);
}

/* The text is checked completely before libmatheval sees it: libmatheval
 * leaks the nodes of a text it fails to parse, prints stray characters,
 * and takes unknown names for variables.  So the text is split into
 * tokens here and parsed with the grammar of libmatheval 1.1 (parser.y):
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-' unary | power
 *   power   := primary ('^' unary)?
 *   primary := NUMBER | NAME | FUNCTION '(' expr ')' | '(' expr ')'
 *
 * Unary minus binds tighter than '*' and looser than '^' (-t^2 is
 * -(t^2)); there is no unary plus.  This grammar decides only what is
 * accepted: libmatheval builds the tree itself, and it groups '^' from the
 * left (2^3^2 is 64).  The parse also counts operations,
 * whose number bounds the size of the second derivative. */

typedef enum
{
  TOKEN_NUMBER,
  TOKEN_NAME,
  TOKEN_FUNCTION,    /* a name followed by '(' */
  TOKEN_OPERATOR,    /* + - * / ^ */
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_END,
} TokenType;

typedef struct
{
  TokenType type;
  char      op;
} Token;

typedef struct
{
  const Token *tokens;
  guint        pos;
  guint        operations;
  guint        depth;
  gboolean     too_complex;
} Parser;

static gboolean parse_expr (Parser *parser);
static gboolean parse_unary (Parser *parser);

static gboolean
accept_op (Parser *parser,
           char    op)
{
  const Token *token = &parser->tokens[parser->pos];

  if (token->type == TOKEN_OPERATOR && token->op == op)
    {
      parser->pos++;
      if (++parser->operations > LZ_EXPR_MAX_OPERATIONS)
        parser->too_complex = TRUE;
      return TRUE;
    }
  return FALSE;
}

static gboolean
parse_primary (Parser *parser)
{
  const Token *token = &parser->tokens[parser->pos];
  gboolean ok;

  switch (token->type)
    {
    case TOKEN_NUMBER:
    case TOKEN_NAME:
      parser->pos++;
      return TRUE;
    case TOKEN_FUNCTION:
      if (++parser->operations > LZ_EXPR_MAX_OPERATIONS)
        parser->too_complex = TRUE;
      parser->pos++;
      G_GNUC_FALLTHROUGH;
    case TOKEN_OPEN:
      if (parser->tokens[parser->pos].type != TOKEN_OPEN)
        return FALSE;
      parser->pos++;
      parser->depth++;
      ok = parse_expr (parser);
      parser->depth--;
      if (!ok || parser->tokens[parser->pos].type != TOKEN_CLOSE)
        return FALSE;
      parser->pos++;
      return TRUE;
    case TOKEN_OPERATOR:
    case TOKEN_CLOSE:
    case TOKEN_END:
    default:
      return FALSE;
    }
}

static gboolean
parse_power (Parser *parser)
{
  if (!parse_primary (parser))
    return FALSE;
  if (accept_op (parser, '^'))
    return parse_unary (parser);
  return TRUE;
}

static gboolean
parse_unary (Parser *parser)
{
  /* A chain of minus signs is a loop, not a recursion. */
  while (accept_op (parser, '-'))
    ;
  return parse_power (parser);
}

/* A left-associative level of the grammar: operands joined by @op1 or
 * @op2. */
static gboolean
parse_level (Parser   *parser,
             char      op1,
             char      op2,
             gboolean (*parse_operand) (Parser *parser))
{
  if (!parse_operand (parser))
    return FALSE;
  while (accept_op (parser, op1) || accept_op (parser, op2))
    if (!parse_operand (parser))
      return FALSE;
  return TRUE;
}

static gboolean
parse_term (Parser *parser)
{
  return parse_level (parser, '*', '/', parse_unary);
}

static gboolean
parse_expr (Parser *parser)
{
  return parse_level (parser, '+', '-', parse_term);
}

/**
 * lz_expr_skip_number:
 * @p: the first character of a number: a digit, or a point before one
 *
 * The end of the number at @p: digits, at most one point, an exponent.
 * Its exponent letter is not a name; a second point is a syntax error.
 * The sweep's templates find their names with it too (lz-sweep.c).
 *
 * Returns: the first character after the number
 */
const char *
lz_expr_skip_number (const char *p)
{
  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '.')
    p++;
  while (g_ascii_isdigit (*p))
    p++;
  if ((*p == 'e' || *p == 'E')
      && (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += 2;
      while (g_ascii_isdigit (*p))
        p++;
    }
  return p;
}

/* The name at @p: a known function (followed by "(") or a known name,
 * into @token.  Returns the end of the name, or %NULL with an error. */
static const char *
scan_name (const char *p,
           const char *text,
           const char *owner,
           Token      *token,
           GError    **error)
{
  const char *start = p;
  const char *q;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  while (g_ascii_isalnum (*p) || *p == '_')
    p++;
  name = g_strndup (start, p - start);
  for (q = p; *q == ' ' || *q == '\t'; q++)
    ;
  if (*q == '(')
    {
      if (!in_list (name, known_functions, G_N_ELEMENTS (known_functions)))
        message = g_strdup_printf (_("unknown function “%s” in the expression “%s”"), name, text);
      token->type = TOKEN_FUNCTION;
    }
  else
    {
      if (!in_list (name, known_names, G_N_ELEMENTS (known_names)))
        message = g_strdup_printf (_("unknown name “%s” in the expression “%s” "
                                     "(only t, pi and e are defined)"),
                                   name, text);
      token->type = TOKEN_NAME;
    }
  if (message != NULL)
    {
      set_error (error, owner, message);
      return NULL;
    }
  return p;
}

/* Splits @text into @tokens, checking characters and names. */
static gboolean
tokenize (const char *text,
          GArray     *tokens,
          const char *owner,
          GError    **error)
{
  g_autofree char *message = NULL;
  int depth = 0;
  const char *p = text;

  while (*p != '\0')
    {
      Token token = { 0 };

      if (*p == ' ' || *p == '\t')
        {
          p++;
          continue;
        }
      if (!is_grammar_char (*p))
        {
          g_autofree char *ch = g_utf8_substring (p, 0, 1);

          message = g_strdup_printf (_("unexpected character “%s” in the expression “%s”"),
                                     ch, text);
          set_error (error, owner, message);
          return FALSE;
        }

      if (g_ascii_isdigit (*p) || (*p == '.' && g_ascii_isdigit (p[1])))
        {
          p = lz_expr_skip_number (p);
          token.type = TOKEN_NUMBER;
        }
      else if (g_ascii_isalpha (*p) || *p == '_')
        {
          p = scan_name (p, text, owner, &token, error);
          if (p == NULL)
            return FALSE;
        }
      else if (*p == '(')
        {
          if (++depth > LZ_EXPR_MAX_DEPTH)
            {
              message = g_strdup_printf (_("parentheses nest deeper than %d levels in the "
                                           "expression “%s”"),
                                         LZ_EXPR_MAX_DEPTH, text);
              set_error (error, owner, message);
              return FALSE;
            }
          token.type = TOKEN_OPEN;
          p++;
        }
      else if (*p == ')')
        {
          depth--;
          token.type = TOKEN_CLOSE;
          p++;
        }
      else if (strchr ("+-*/^", *p) != NULL)
        {
          token.type = TOKEN_OPERATOR;
          token.op = *p++;
        }
      else
        {
          /* A point that does not start a number. */
          message = g_strdup_printf (_("cannot parse the expression “%s”"), text);
          set_error (error, owner, message);
          return FALSE;
        }
      g_array_append_val (tokens, token);
    }
  return TRUE;
}

/* Accepts exactly what libmatheval parses, with known names only. */
static gboolean
check_text (const char *text,
            const char *owner,
            GError    **error)
{
  g_autoptr(GArray) tokens = g_array_new (FALSE, TRUE, sizeof (Token));
  Token end = { TOKEN_END, 0 };
  Parser parser = { 0 };
  g_autofree char *message = NULL;

  if (!g_utf8_validate (text, -1, NULL))
    {
      set_error (error, owner, _("the expression is not valid UTF-8"));
      return FALSE;
    }
  if (strlen (text) > LZ_EXPR_MAX_LENGTH)
    {
      message = g_strdup_printf (_("the expression is longer than %d characters"),
                                 LZ_EXPR_MAX_LENGTH);
      set_error (error, owner, message);
      return FALSE;
    }
  if (!tokenize (text, tokens, owner, error))
    return FALSE;
  if (tokens->len == 0)
    {
      set_error (error, owner, _("the expression is empty"));
      return FALSE;
    }
  g_array_append_val (tokens, end);

  parser.tokens = &g_array_index (tokens, Token, 0);
  if (!parse_expr (&parser) || parser.tokens[parser.pos].type != TOKEN_END)
    {
      message = g_strdup_printf (_("cannot parse the expression “%s”"), text);
      set_error (error, owner, message);
      return FALSE;
    }
  if (parser.too_complex)
    {
      message = g_strdup_printf (_("the expression “%s” has more than %d operations"),
                                 text, LZ_EXPR_MAX_OPERATIONS);
      set_error (error, owner, message);
      return FALSE;
    }
  return TRUE;
}

static void
lz_expr_clear (LzExpr *expr)
{
  g_mutex_lock (&parse_lock);
  g_clear_pointer (&expr->f2, evaluator_destroy);
  g_clear_pointer (&expr->f1, evaluator_destroy);
  g_clear_pointer (&expr->f, evaluator_destroy);
  g_mutex_unlock (&parse_lock);
  g_clear_pointer (&expr->tape, lz_expr_tape_free);
  g_free (expr->text);
  g_mutex_clear (&expr->lock);
}

/**
 * lz_expr_new:
 * @text: the expression in t, e.g. "0.05*sin(10*pi*t)" (libmatheval syntax)
 * @owner: (nullable): what the expression belongs to, put in front of
 *   error messages, e.g. "force “F1”, attribute “value”"
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 *
 * Parses @text and builds its exact first and second derivatives in t.
 * The only names allowed are t, pi and e; the functions are those of
 * libmatheval (sin, cos, exp, log, sqrt, abs, step, …).  Parsing holds a
 * global lock because libmatheval's parser is not reentrant, so this may be
 * called from any thread.
 *
 * Returns: (transfer full): a new expression, or %NULL with @error set
 *   naming @owner and quoting @text
 */
LzExpr *
lz_expr_new (const char *text,
             const char *owner,
             GError    **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *d1 = NULL;
  g_autofree char *d2 = NULL;
  LzExpr *expr;
  char **names = NULL;
  int n_names = 0;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_text (text, owner, error))
    return NULL;
  copy = g_strstrip (g_strdup (text));

  expr = g_atomic_rc_box_new0 (LzExpr);
  g_mutex_init (&expr->lock);
  for (guint i = 0; i < G_N_ELEMENTS (expr->cache_t); i++)
    expr->cache_t[i] = NAN;
  expr->text = g_strdup (copy);

  /* The derivatives come from lz-symbolic.c's formulas, not from
   * evaluator_derivative(): libmatheval 1.1.11 differentiates asinh() as
   * if it were asin() (d/dt asinh(t) = 1/sqrt(1 − t²)), and the formulas
   * are what the user sees, so evaluating them keeps both in agreement.
   * They are the derivatives between jumps (step()' = 0, never a delta:
   * a jump is an event of the integrators, lz-jumps.h). */
  d1 = lz_symbolic_derivative_between_jumps (copy, 1, NULL);
  d2 = lz_symbolic_derivative_between_jumps (copy, 2, NULL);

  g_mutex_lock (&parse_lock);
  /* evaluator_create() takes a modifiable string; give it our copy. */
  expr->f = evaluator_create (copy);
  if (expr->f != NULL)
    {
      static char t_name[] = "t";

      expr->f1 = d1 != NULL ? evaluator_create (d1) : evaluator_derivative (expr->f, t_name);
      if (expr->f1 != NULL)
        expr->f2 = d2 != NULL ? evaluator_create (d2) : evaluator_derivative (expr->f1, t_name);
      evaluator_get_variables (expr->f, &names, &n_names);
    }
  g_mutex_unlock (&parse_lock);

  if (expr->f == NULL || expr->f1 == NULL || expr->f2 == NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("cannot parse the expression “%s”"), expr->text);

      set_error (error, owner, message);
      g_atomic_rc_box_release_full (expr, (GDestroyNotify) lz_expr_clear);
      return NULL;
    }
  expr->is_constant = n_names == 0;
  return expr;
}

/**
 * lz_expr_ref:
 * @expr: an expression
 *
 * Expressions are immutable and may be shared between threads.
 *
 * Returns: (transfer full): @expr
 */
LzExpr *
lz_expr_ref (LzExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  return g_atomic_rc_box_acquire (expr);
}

/**
 * lz_expr_unref:
 * @expr: (transfer full): an expression
 *
 * Drops a reference; the last one frees the evaluators.
 */
void
lz_expr_unref (LzExpr *expr)
{
  g_return_if_fail (expr != NULL);

  g_atomic_rc_box_release_full (expr, (GDestroyNotify) lz_expr_clear);
}

/**
 * lz_expr_get_text:
 * @expr: an expression
 *
 * Returns: (transfer none): the text as given, without surrounding blanks
 */
const char *
lz_expr_get_text (const LzExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  return expr->text;
}

/**
 * lz_expr_is_constant:
 * @expr: an expression
 *
 * Returns: %TRUE if the expression does not depend on t (after
 *   libmatheval's simplification)
 */
gboolean
lz_expr_is_constant (const LzExpr *expr)
{
  g_return_val_if_fail (expr != NULL, FALSE);

  return expr->is_constant;
}

/**
 * lz_expr_equal:
 * @a: (nullable): an expression
 * @b: (nullable): an expression
 *
 * Two expressions are equal when their texts are; two %NULL are equal.
 *
 * Returns: whether @a and @b are the same formula as written
 */
gboolean
lz_expr_equal (const LzExpr *a,
               const LzExpr *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return strcmp (a->text, b->text) == 0;
}

static double
evaluate (const LzExpr *expr,
          guint         order,
          double        t)
{
  static char t_name[] = "t";
  char *names[] = { t_name };
  double values[] = { t };
  void *evaluator = order == 0 ? expr->f : order == 1 ? expr->f1 : expr->f2;
  LzExpr *cache = (LzExpr *) expr;
  double result;

  /* on the side of a jump the running integrator is on (lz-jumps.h) */
  t = lz_jumps_window_time (t);
  values[0] = t;
  /* Evaluation writes t into the symbol table shared by the three
   * evaluators. */
  g_mutex_lock (&cache->lock);
  if (cache->cache_t[order] == t)
    result = cache->cache_value[order];
  else
    {
      result = evaluator_evaluate (evaluator, 1, names, values);
      cache->cache_t[order] = t;
      cache->cache_value[order] = result;
      /* a second derivative is infinite at a kink (a step of the
       * velocity, which the integrators take as an instant): not counted */
      if (!isfinite (result) && order < 2)
        {
          cache->nonfinite_order = order;
          cache->nonfinite_t = t;
          cache->nonfinite_value = result;
          g_atomic_int_inc (&cache->nonfinite_count);
        }
    }
  g_mutex_unlock (&cache->lock);
  return result;
}

/**
 * lz_expr_get_tape:
 * @expr: an expression
 *
 * The expression compiled for lz_expr_taylor(), built on the first call
 * (under the expression's lock, so once) and kept with the expression.
 *
 * Returns: (transfer none): the tape
 */
const LzExprTape *
lz_expr_get_tape (const LzExpr *expr)
{
  LzExpr *self = (LzExpr *) expr;
  LzExprTape *tape = g_atomic_pointer_get (&self->tape);

  if (tape != NULL)
    return tape;
  g_mutex_lock (&self->lock);
  if (self->tape == NULL)
    g_atomic_pointer_set (&self->tape, lz_expr_tape_new (self->text));
  tape = self->tape;
  g_mutex_unlock (&self->lock);
  return tape;
}

/**
 * lz_expr_get_nonfinite:
 * @expr: an expression
 * @order: (out) (optional): the derivative (0: the value) of the last
 *   non-finite result
 * @t: (out) (optional): its time
 * @value: (out) (optional): the result (±inf or NaN)
 *
 * Evaluations of the value or the first derivative that gave an infinite
 * or NaN result are counted (a second derivative is infinite at a kink,
 * which the integrators take as an instant): a run
 * notes the count when it starts and asks again after every step
 * (lz-finite.c).
 *
 * Returns: how many evaluations so far gave a non-finite result
 */
guint
lz_expr_get_nonfinite (const LzExpr *expr,
                       guint        *order,
                       double       *t,
                       double       *value)
{
  LzExpr *self = (LzExpr *) expr;
  guint count;

  g_return_val_if_fail (expr != NULL, 0);
  g_mutex_lock (&self->lock);
  count = (guint) g_atomic_int_get (&self->nonfinite_count);
  if (order != NULL)
    *order = self->nonfinite_order;
  if (t != NULL)
    *t = self->nonfinite_t;
  if (value != NULL)
    *value = self->nonfinite_value;
  g_mutex_unlock (&self->lock);
  return count;
}

/**
 * lz_expr_eval:
 * @expr: an expression
 * @t: the time, s
 *
 * Safe to call from any thread; calls on one expression are serialized.
 * At the ends of the current thread's window (lz_jumps_set_window()) the
 * value is that inside the window.
 *
 * Returns: f(@t), in the unit of what the expression describes (N, m, rad);
 *   may be infinite or NaN where the formula is (e.g. log(0))
 */
double
lz_expr_eval (const LzExpr *expr,
              double        t)
{
  g_return_val_if_fail (expr != NULL, NAN);

  return evaluate (expr, 0, t);
}

/**
 * lz_expr_eval_d1:
 * @expr: an expression
 * @t: the time, s
 *
 * The derivative between jumps: where a step() of the expression jumps
 * it is that of one side (the side of the current thread's window,
 * lz_jumps_set_window(), otherwise the side step() takes at 0), never a
 * delta.
 *
 * Returns: the exact first derivative df/dt at @t (unit of f per second)
 */
double
lz_expr_eval_d1 (const LzExpr *expr,
                 double        t)
{
  g_return_val_if_fail (expr != NULL, NAN);

  return evaluate (expr, 1, t);
}

/**
 * lz_expr_eval_d2:
 * @expr: an expression
 * @t: the time, s
 *
 * The derivative between jumps, as lz_expr_eval_d1().
 *
 * Returns: the exact second derivative d²f/dt² at @t (unit of f per s²)
 */
double
lz_expr_eval_d2 (const LzExpr *expr,
                 double        t)
{
  g_return_val_if_fail (expr != NULL, NAN);

  return evaluate (expr, 2, t);
}

/**
 * lz_expr_dup_derivative:
 * @expr: an expression
 * @order: 0 for f itself, 1 for f', 2 for f''
 *
 * The formula of the derivative, simplified and with exact numbers, e.g.
 * "0.5*cos(0.5*t)" (lz-symbolic.c); it parses back to the same function.
 * Order 0 gives the expression's own text.
 *
 * Returns: (transfer full): the text of the derivative of order @order
 */
char *
lz_expr_dup_derivative (const LzExpr *expr,
                        guint         order)
{
  void *evaluator;
  char *text;

  g_return_val_if_fail (expr != NULL, NULL);
  g_return_val_if_fail (order <= 2, NULL);

  if (order == 0)
    return g_strdup (expr->text);
  text = lz_symbolic_derivative (expr->text, order, NULL);
  if (text != NULL)
    return text;

  /* Not expected (every function of libmatheval is handled): libmatheval's
   * own, unsimplified formula. */
  evaluator = order == 1 ? expr->f1 : expr->f2;
  /* evaluator_get_string() builds and caches the string in the evaluator. */
  g_mutex_lock ((GMutex *) &expr->lock);
  text = g_strdup (evaluator_get_string (evaluator));
  g_mutex_unlock ((GMutex *) &expr->lock);
  return text;
}
