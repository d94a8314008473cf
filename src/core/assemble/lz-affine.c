/* lz-affine.c — affine combinations of time functions, and the text
 * helpers of the equations
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The assembly keeps every time-dependent term (forces, ground motions
 * and their exact derivatives) as c + Σ coef·x_k^(order)(t), so that it
 * can be both evaluated and printed; the printing helpers here also write
 * the equations of motion (lz-assembler-equations.c) and the reduced
 * equations of massless joints.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-assembler-internal.h"
#include "lz-format.h"
#include "lz-symbolic.h"

/* ------------------------------------------------------------------------ */
/* Affine combinations c + Σ coef·x_k^(order)(t)                             */

void
lz_affine_init (LzAffine *self)
{
  self->constant = 0.0;
  self->terms = g_array_new (FALSE, FALSE, sizeof (LzAffineTerm));
  self->text = NULL;
}

void
lz_affine_clear (LzAffine *self)
{
  if (self->terms != NULL)
    {
      for (guint i = 0; i < self->terms->len; i++)
        lz_expr_unref (g_array_index (self->terms, LzAffineTerm, i).expr);
      g_array_unref (self->terms);
      self->terms = NULL;
    }
  g_clear_pointer (&self->text, g_free);
}

void
lz_affine_add_term (LzAffine *self,
                    double    coef,
                    LzExpr   *expr,
                    guint     order)
{
  LzAffineTerm term = { coef, NULL, order };

  if (coef == 0.0)
    return;
  /* Fold constants: a constant force, the constant velocity of a belt
   * moving as 0.2*t. */
  if (order == 0 && lz_expr_is_constant (expr))
    {
      self->constant += coef * lz_expr_eval (expr, 0.0);
      return;
    }
  if (order == 1)
    {
      gboolean constant = FALSE;
      g_autofree char *text = lz_symbolic_derivative (lz_expr_get_text (expr), 1, &constant);

      if (text != NULL && constant)
        {
          self->constant += coef * lz_expr_eval_d1 (expr, 0.0);
          return;
        }
    }
  /* Merge with an equal term: a spring and a damper to the same moving
   * ground give one term each per order, not one per element. */
  for (guint i = 0; i < self->terms->len; i++)
    {
      LzAffineTerm *t = &g_array_index (self->terms, LzAffineTerm, i);

      if (t->order == order && lz_expr_equal (t->expr, expr))
        {
          t->coef += coef;
          return;
        }
    }
  term.expr = lz_expr_ref (expr);
  g_array_append_val (self->terms, term);
}

/* self += scale·other */
void
lz_affine_add_scaled (LzAffine       *self,
                      double          scale,
                      const LzAffine *other)
{
  self->constant += scale * other->constant;
  for (guint i = 0; i < other->terms->len; i++)
    {
      const LzAffineTerm *t = &g_array_index (other->terms, LzAffineTerm, i);

      lz_affine_add_term (self, scale * t->coef, t->expr, t->order);
    }
}

/* The derivative of an affine combination of order-0 terms. */
void
lz_affine_add_derivative (LzAffine       *self,
                          double          scale,
                          const LzAffine *other)
{
  for (guint i = 0; i < other->terms->len; i++)
    {
      const LzAffineTerm *t = &g_array_index (other->terms, LzAffineTerm, i);

      g_assert (t->order == 0);
      lz_affine_add_term (self, scale * t->coef, t->expr, 1);
    }
}

double
lz_affine_eval (const LzAffine *self,
                double          t)
{
  double value = self->constant;

  for (guint i = 0; i < self->terms->len; i++)
    {
      const LzAffineTerm *term = &g_array_index (self->terms, LzAffineTerm, i);
      double x = term->order == 0 ? lz_expr_eval (term->expr, t)
                                  : lz_expr_eval_d1 (term->expr, t);

      value += term->coef * x;
    }
  return value;
}

/* The scaled Taylor coefficients of the combination at T0 into COEF:
 * coef[k] = f⁽ᵏ⁾(t0)·h^k/k!, k = 0 … ORDER (lz_expr_taylor(); a term of
 * order 1, x′, takes x's coefficients one order up: (k + 1)·x_(k+1)/h).
 * SCRATCH holds ORDER + 2 doubles.  FALSE where an expression has no
 * expansion there. */
gboolean
lz_affine_taylor (const LzAffine *self,
                  double          t0,
                  double          h,
                  guint           order,
                  double         *scratch,
                  double         *coef)
{
  memset (coef, 0, (order + 1) * sizeof (double));
  coef[0] = self->constant;
  for (guint i = 0; i < self->terms->len; i++)
    {
      const LzAffineTerm *term = &g_array_index (self->terms, LzAffineTerm, i);

      if (!lz_expr_taylor (term->expr, t0, h, order + term->order, scratch))
        return FALSE;
      for (guint k = 0; k <= order; k++)
        coef[k] += term->coef * (term->order == 0 ? scratch[k] : (k + 1) * scratch[k + 1] / h);
    }
  return TRUE;
}

/* Appends "coef*what" to a sum, with the sign pulled out in front ("a - 2*b",
 * "-(x - y)"); the first term of a sum gets no leading "+".  ATOMIC says
 * that WHAT has no top-level "+" or "-", so needs no parentheses. */
void
lz_text_append_term (GString    *out,
                     double      coef,
                     const char *what,
                     gboolean    atomic)
{
  gboolean negative;
  double magnitude = fabs (coef);
  g_autofree char *number = lz_number_to_string (magnitude);

  /* coef·(−x) = (−coef)·x */
  if (what != NULL && !atomic && what[0] == '-' && lz_text_is_atomic (what + 1))
    {
      coef = -coef;
      what++;
      atomic = TRUE;
    }
  negative = coef < 0;
  if (out->len == 0)
    g_string_append (out, negative ? "-" : "");
  else
    g_string_append (out, negative ? " - " : " + ");

  if (what == NULL)
    {
      g_string_append (out, number);
      return;
    }
  if (magnitude != 1.0)
    g_string_append_printf (out, "%s*", number);
  if (!atomic && (negative || magnitude != 1.0))
    g_string_append_printf (out, "(%s)", what);
  else
    g_string_append (out, what);
}

/* Whether TEXT has no top-level "+" or "-" (an exponent's sign, as in
 * "1e-3", does not count). */
gboolean
lz_text_is_atomic (const char *text)
{
  int depth = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      /* a coordinate's id may contain '-' ("q_wall-stop"): as prettify() */
      gsize prefix = g_str_has_prefix (p, "q_") ? 2
                     : g_str_has_prefix (p, "q\u0307_") || g_str_has_prefix (p, "q\u0308_")
                       ? strlen ("q\u0307_") : 0;

      if (prefix > 0)
        {
          p += prefix;
          while (g_ascii_isalnum (*p) || *p == '_' || *p == '-' || *p == '.')
            p++;
          if (*p == '\0')
            break;
        }
      if (*p == '(' || *p == '[')
        depth++;
      else if (*p == ')' || *p == ']')
        depth--;
      else if (depth == 0 && (*p == '+' || *p == '-'))
        {
          gboolean exponent = p > text + 1 && (p[-1] == 'e' || p[-1] == 'E')
                              && g_ascii_isdigit (p[-2]);

          if (!exponent)
            return FALSE;
        }
    }
  return TRUE;
}

/* Appends coef·x^(order)(t) to a sum, with the number folded into the
 * formula ("0.01*pi*cos(2*pi*t)", not "0.5*0.02*pi*cos(2*pi*t)"). */
void
lz_affine_append_term (GString      *out,
                       double        coef,
                       const LzExpr *expr,
                       guint         order)
{
  g_autofree char *magnitude = lz_number_to_string (fabs (coef));
  g_autofree char *scaled = g_strdup_printf ("%s*(%s)", magnitude, lz_expr_get_text (expr));
  g_autofree char *text = lz_symbolic_derivative (scaled, order, NULL);
  double sign = coef < 0 ? -1.0 : 1.0;
  const char *body;

  if (text == NULL)
    {
      g_autofree char *fallback = lz_expr_dup_derivative (expr, order);

      lz_text_append_term (out, coef, fallback, lz_text_is_atomic (fallback));
      return;
    }
  body = text;
  if (body[0] == '-' && lz_text_is_atomic (body + 1))
    {
      sign = -sign;
      body++;
    }
  lz_text_append_term (out, sign, body, lz_text_is_atomic (body));
}

const char *
lz_affine_get_text (LzAffine *self)
{
  GString *out;

  if (self->text != NULL)
    return self->text;

  out = g_string_new (NULL);
  for (guint i = 0; i < self->terms->len; i++)
    {
      const LzAffineTerm *term = &g_array_index (self->terms, LzAffineTerm, i);

      lz_affine_append_term (out, term->coef, term->expr, term->order);
    }
  if (self->constant != 0.0 || out->len == 0)
    lz_text_append_term (out, self->constant, NULL, TRUE);
  self->text = g_string_free (out, FALSE);
  return self->text;
}

/* ------------------------------------------------------------------------ */

/* For people: "·" for products, "−" for minus signs, "π" for pi.  Ids
 * (after "q_", "q̇_", "q̈_" or "[") are copied as they are: they may contain
 * "-" (wall-stop); so is the sign of an exponent (1e-3). */
static char *
prettify (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      gboolean id_follows = FALSE;

      if (g_str_has_prefix (p, "q_"))
        {
          g_string_append (out, "q_");
          p += 2;
          id_follows = TRUE;
        }
      else if (g_str_has_prefix (p, "q\u0307_") || g_str_has_prefix (p, "q\u0308_"))
        {
          gsize len = strlen ("q\u0307_");

          g_string_append_len (out, p, len);
          p += len;
          id_follows = TRUE;
        }
      else if (*p == '[' && (g_ascii_isalpha (p[1]) || p[1] == '_'))
        {
          g_string_append_c (out, *p++);
          id_follows = TRUE;
        }
      if (id_follows)
        {
          while (g_ascii_isalnum (*p) || *p == '_' || *p == '-' || *p == '.')
            g_string_append_c (out, *p++);
          continue;
        }

      if (*p == '*')
        g_string_append (out, "·");
      else if (*p == '-' && !(p > text + 1 && (p[-1] == 'e' || p[-1] == 'E')
                              && g_ascii_isdigit (p[-2]) && g_ascii_isdigit (p[1])))
        g_string_append (out, "−");
      else if (g_str_has_prefix (p, "pi") && !(p > text && (g_ascii_isalnum (p[-1]) || p[-1] == '_'))
               && !(g_ascii_isalnum (p[2]) || p[2] == '_'))
        {
          g_string_append (out, "π");
          p++;
        }
      else
        g_string_append_c (out, *p);
      p++;
    }
  return g_string_free (out, FALSE);
}

char *
lz_text_prettify (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  return prettify (text);
}
