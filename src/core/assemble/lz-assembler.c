/* lz-assembler.c — M, C, K, f, W and the complementarity data of a model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Conventions (docs/assembly.md).  The dofs are the bodies in file order.
 * An element with ports a, b and coefficients ca, cb measures
 *
 *     g = cb·q_b − ca·q_a = wᵀq + g0(t),
 *
 * where w = ∂g/∂q (w_b = cb, w_a = −ca; a ground port has no dof) and
 * g0(t) collects the ground motions (a fixed ground is at 0).  Its
 * tension T acts as −T·w on the dofs (+ca·T on a, −cb·T on b), so
 *
 *     M q̈ + C q̇ + K q ∈ f(t) + Wᵀλ,    λ = −T of the nonsmooth elements,
 *
 * with, per element,
 *   linear spring / gear   K += k w wᵀ,  f −= k w (g0(t) − ℓ0)
 *   damper, viscous part   C += c w wᵀ,  f −= c w ġ0(t)
 *   friction, stop,        one row wᵀ of W each, and the complementarity
 *   freeplay spring/gear   pairs below.
 *
 * The linear complementarity system (paper 004 §4) for x = (q, q̇) and
 * regular M is ẋ = A x + B u + e(t), y = C x + D u + d(t), 0 ≤ y ⊥ u ≥ 0,
 * with A = [0 I; −M⁻¹K −M⁻¹C] and one (y, u) pair per complementarity
 * pair:
 *
 *   stop, lower side   y = g − lower, u = λ_lo (contact force, pushes g up)
 *   stop, upper side   y = upper − g, u = λ_hi (pushes g down)
 *   friction           the construction of paper 004 eqs. (2.12)–(2.14)
 *                      for the dry part F of T = c_v·ġ + F:
 *                        ξ1 ⊥ F0⁺ − F   and   ξ2 ⊥ F0⁻ + F,   ġ = ξ1 − ξ2.
 *                      ξ2 = ξ1 − ġ is eliminated; the inputs are ξ1 and
 *                      F0⁻ + F (so F enters the dynamics), the outputs
 *                      F0⁺ − F = (F0⁺ + F0⁻) − u₂ and ξ1 − ġ.
 *   freeplay (Δ > 0)   the dead zone luz(s, Δ) = p − m, s = g − ℓ0, with
 *                        p ⊥ p − s + Δ   and   m ⊥ m + s + Δ,
 *                      i.e. p = max(s − Δ, 0), m = max(−s − Δ, 0) (the
 *                      dead-zone part of paper 004 eqs. (2.18)–(2.19));
 *                      T = k (p − m).
 *
 * Time-dependent terms (forces, ground motions and their exact
 * derivatives) are kept as affine combinations of expressions so that they
 * can be both evaluated and printed.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler.h"
#include "lz-assembler-private.h"
#include "lz-error.h"
#include "lz-friction.h"
#include "lz-symbolic.h"

/* ------------------------------------------------------------------------ */
/* Affine combinations c + Σ coef·x_k^(order)(t)                             */

typedef struct
{
  double  coef;
  LzExpr *expr;
  guint   order;   /* 0: the expression, 1: its time derivative */
} Term;

static void
affine_init (LzAffine *self)
{
  self->constant = 0.0;
  self->terms = g_array_new (FALSE, FALSE, sizeof (Term));
  self->text = NULL;
}

static void
affine_clear (LzAffine *self)
{
  if (self->terms != NULL)
    {
      for (guint i = 0; i < self->terms->len; i++)
        lz_expr_unref (g_array_index (self->terms, Term, i).expr);
      g_array_unref (self->terms);
      self->terms = NULL;
    }
  g_clear_pointer (&self->text, g_free);
}

static void
affine_add_term (LzAffine *self,
                 double    coef,
                 LzExpr   *expr,
                 guint     order)
{
  Term term = { coef, NULL, order };

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
      Term *t = &g_array_index (self->terms, Term, i);

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
static void
affine_add_scaled (LzAffine       *self,
                   double          scale,
                   const LzAffine *other)
{
  self->constant += scale * other->constant;
  for (guint i = 0; i < other->terms->len; i++)
    {
      const Term *t = &g_array_index (other->terms, Term, i);

      affine_add_term (self, scale * t->coef, t->expr, t->order);
    }
}

/* The derivative of an affine combination of order-0 terms. */
static void
affine_add_derivative (LzAffine       *self,
                       double          scale,
                       const LzAffine *other)
{
  for (guint i = 0; i < other->terms->len; i++)
    {
      const Term *t = &g_array_index (other->terms, Term, i);

      g_assert (t->order == 0);
      affine_add_term (self, scale * t->coef, t->expr, 1);
    }
}

double
lz_affine_eval (const LzAffine *self,
                double          t)
{
  double value = self->constant;

  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);
      double x = term->order == 0 ? lz_expr_eval (term->expr, t)
                                  : lz_expr_eval_d1 (term->expr, t);

      value += term->coef * x;
    }
  return value;
}

gboolean
lz_affine_is_constant (const LzAffine *self)
{
  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);

      if (!lz_expr_is_constant (term->expr) || term->order > 0)
        return FALSE;
    }
  return TRUE;
}

/* Shortest text that reads back as the same double. */
static char *
number_text (double value)
{
  return lz_number_to_string (value);
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
  g_autofree char *number = number_text (magnitude);

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
static void
append_term (GString      *out,
             double        coef,
             const LzExpr *expr,
             guint         order)
{
  g_autofree char *magnitude = number_text (fabs (coef));
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
      const Term *term = &g_array_index (self->terms, Term, i);

      append_term (out, term->coef, term->expr, term->order);
    }
  if (self->constant != 0.0 || out->len == 0)
    lz_text_append_term (out, self->constant, NULL, TRUE);
  self->text = g_string_free (out, FALSE);
  return self->text;
}

/* ------------------------------------------------------------------------ */
/* The assembly                                                              */

typedef struct
{
  const LzElement *element;
  guint            a;          /* dof of port a or G_MAXUINT for a ground */
  guint            b;
  double           ca;
  double           cb;
  LzAffine         g0;         /* ground part of g */
} Coordinate;

typedef struct
{
  const LzElement *element;
  guint            coord;       /* index into coords (the element's index) */
  guint            first_pair;
  guint            n_pairs;
} NonsmoothRow;

struct LzAssembly
{
  LzModel    *model;
  guint       n;
  guint       n_rows;
  guint       n_pairs;
  gsl_matrix *M, *C, *K, *W;
  LzAffine   *f;               /* n */
  Coordinate *coords;          /* one per element, in file order */
  guint       n_coords;
  NonsmoothRow *rows;          /* n_rows */
  LzPair     *pairs;           /* n_pairs */
  gboolean    regular;
  GMutex      lcs_lock;        /* guards the lazy build of the LCS */
  gsl_matrix *A, *B, *Cy, *D;
  LzAffine   *e;               /* 2n */
  LzAffine   *d;               /* n_pairs */
};

#define NO_DOF G_MAXUINT

static gsl_matrix *
matrix_new (guint rows,
            guint cols)
{
  /* GSL refuses 0×k matrices; keep at least one row and column and report
   * the real sizes through the accessors' users (the exports check n). */
  return gsl_matrix_calloc (MAX (rows, 1), MAX (cols, 1));
}

/* The dof of a port, or NO_DOF for a ground, whose motion (if any) enters
 * @g0 with the signed coefficient @coef. */
static guint
port_dof (const LzModel *model,
          const char    *port,
          double         coef,
          LzAffine      *g0)
{
  int dof = lz_model_get_body_index (model, port);
  const LzGround *ground;

  if (dof >= 0)
    return dof;
  ground = lz_model_lookup_ground (model, port);
  if (ground != NULL && ground->motion != NULL)
    affine_add_term (g0, coef, ground->motion, 0);
  return NO_DOF;
}

static void
coordinate_init (Coordinate       *coord,
                 const LzModel    *model,
                 const LzElement  *element)
{
  coord->element = element;
  lz_element_get_coefficients (element, &coord->ca, &coord->cb);
  affine_init (&coord->g0);
  coord->a = port_dof (model, element->a, -coord->ca, &coord->g0);
  coord->b = port_dof (model, element->b, coord->cb, &coord->g0);
}

/* w as a dense vector */
static void
coordinate_get_w (const Coordinate *coord,
                  double           *w,
                  guint             n)
{
  memset (w, 0, n * sizeof (double));
  if (coord->a != NO_DOF)
    w[coord->a] -= coord->ca;
  if (coord->b != NO_DOF)
    w[coord->b] += coord->cb;
}

/* K += k w wᵀ (or C) */
static void
add_outer (gsl_matrix       *X,
           double            k,
           const Coordinate *coord)
{
  guint dofs[2] = { coord->a, coord->b };
  double w[2] = { -coord->ca, coord->cb };

  /* w has at most two entries: O(1), not O(n²) per element */
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (dofs[i] != NO_DOF && dofs[j] != NO_DOF)
        *gsl_matrix_ptr (X, dofs[i], dofs[j]) += k * w[i] * w[j];
}

static gboolean
element_is_nonsmooth (const LzElement *element)
{
  return lz_element_count_pairs (element) > 0;
}

static void
set_pair (LzPair          *pair,
          const LzElement *element,
          guint            row,
          LzPairKind       kind,
          const char      *side,
          char            *y,
          char            *u,
          char            *meaning)
{
  pair->element = element->item.id;
  pair->row = row;
  pair->kind = kind;
  pair->side = side;
  pair->y = y;
  pair->u = u;
  pair->meaning = meaning;
}

/* The limits of a stop or a damped contact (a backlash's ∓Δ); FALSE for
 * the other kinds. */
static gboolean
element_limits (const LzElement *element,
                double          *lower,
                double          *upper)
{
  gboolean backlash = element->item.kind == LZ_ITEM_BACKLASH;

  if (element->item.kind == LZ_ITEM_STOP)
    {
      *lower = element->stop.lower;
      *upper = element->stop.upper;
      return TRUE;
    }
  if (element->item.kind != LZ_ITEM_CONTACT && !backlash)
    return FALSE;
  *lower = backlash ? -element->contact.freeplay : element->contact.lower;
  *upper = backlash ? element->contact.freeplay : element->contact.upper;
  return TRUE;
}

/* A damped contact's pairs, one per finite limit: F ≥ 0 ⊥ F − (k·δ + c·δ̇)
 * ≥ 0 while its gap is closed (δ > 0; open, F = 0). */
static void
describe_contact_pairs (LzAssembly      *self,
                        const LzElement *element,
                        guint            row,
                        guint           *next)
{
  const char *id = element->item.id;
  double lower = 0, upper = 0;
  g_autofree char *k = number_text (element->contact.stiffness);
  g_autofree char *c = number_text (element->contact.damping);

  element_limits (element, &lower, &upper);
  if (isfinite (lower))
    {
      g_autofree char *lo = number_text (lower);

      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_CONTACT_LOWER, "pressed-",
                g_strdup_printf ("F_lo − %s·(%s − g) + %s·ġ", k, lo, c),
                g_strdup ("F_lo (contact force, 0 while g ≥ lower)"),
                g_strdup_printf (_("%s: F_lo > 0, pressed below its lower limit g = %s, "
                                   "F_lo = max(0, k·δ + c·δ̇) with δ = lower − g > 0"), id, lo));
    }
  if (isfinite (upper))
    {
      g_autofree char *hi = number_text (upper);

      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_CONTACT_UPPER, "pressed+",
                g_strdup_printf ("F_hi − %s·(g − %s) − %s·ġ", k, hi, c),
                g_strdup ("F_hi (contact force, 0 while g ≤ upper)"),
                g_strdup_printf (_("%s: F_hi > 0, pressed above its upper limit g = %s, "
                                   "F_hi = max(0, k·δ + c·δ̇) with δ = g − upper > 0"), id, hi));
    }
}

/* The pairs of one nonsmooth element, in the order of LzPairKind. */
static void
describe_pairs (LzAssembly      *self,
                const LzElement *element,
                guint            row,
                guint           *next)
{
  const char *id = element->item.id;

  switch (element->item.kind)
    {
    case LZ_ITEM_STOP:
      if (isfinite (element->stop.lower))
        {
          g_autofree char *lo = number_text (element->stop.lower);
          g_autofree char *lo_abs = number_text (fabs (element->stop.lower));

          set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_STOP_LOWER, "lower",
                    element->stop.lower < 0 ? g_strdup_printf ("g + %s", lo_abs)
                                            : g_strdup_printf ("g − %s", lo_abs),
                    g_strdup ("λ_lo (contact force)"),
                    g_strdup_printf (_("%s touches its lower limit g = %s"), id, lo));
        }
      if (isfinite (element->stop.upper))
        {
          g_autofree char *hi = number_text (element->stop.upper);

          set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_STOP_UPPER, "upper",
                    g_strdup_printf ("%s − g", hi),
                    g_strdup ("λ_hi (contact force)"),
                    g_strdup_printf (_("%s touches its upper limit g = %s"), id, hi));
        }
      break;

    case LZ_ITEM_FRICTION:
      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_FRICTION_POS, "slip+",
                g_strdup ("F0⁺ − F"), g_strdup ("ξ1"),
                g_strdup_printf (_("%s: ξ1 > 0 forces F = F0⁺, slipping in the + direction"), id));
      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_FRICTION_NEG, "slip-",
                g_strdup ("ξ2 = ξ1 − ġ"), g_strdup ("F0⁻ + F"),
                g_strdup_printf (_("%s: ξ2 > 0 forces F = −F0⁻, slipping in the − direction"), id));
      break;

    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_FREEPLAY_POS, "engaged+",
                g_strdup ("p − (g − ℓ0 − Δ)"), g_strdup ("p"),
                g_strdup_printf (_("%s: p > 0, engaged on the + side (g − ℓ0 > Δ)"), id));
      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_FREEPLAY_NEG, "engaged-",
                g_strdup ("m + (g − ℓ0 + Δ)"), g_strdup ("m"),
                g_strdup_printf (_("%s: m > 0, engaged on the − side (g − ℓ0 < −Δ)"), id));
      break;

    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      describe_contact_pairs (self, element, row, next);
      break;

    case LZ_ITEM_DAMPER:
    LZ_CASE_NOT_ELEMENT:
    default:
      g_assert_not_reached ();
    }
}

/* −0 entries (from −m⁻¹·0) read "-0" in the exports: make them 0. */
static void
clear_negative_zeros (gsl_matrix *X)
{
  if (X == NULL)
    return;
  for (gsize i = 0; i < X->size1; i++)
    for (gsize j = 0; j < X->size2; j++)
      if (gsl_matrix_get (X, i, j) == 0.0)
        gsl_matrix_set (X, i, j, 0.0);
}

/* Row p of C and d, and column p of B, of a pair whose output is
 * y = sign·(wᵀq + g0) + constant and whose input acts on the bodies as
 * input·w (stops: the contact force; freeplay: ±k times the engaged part):
 * C[p, q] = sign·wᵀ, B[q̇, p] = input·M⁻¹w. */
static void
lcs_position_pair (LzAssembly     *self,
                   guint           p,
                   const double   *w,
                   const double   *minv,
                   double          sign,
                   double          input,
                   const LzAffine *g0,
                   double          constant)
{
  guint n = self->n;

  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (self->B, n + i, p, input * minv[i] * w[i]);
      gsl_matrix_set (self->Cy, p, i, sign * w[i]);
    }
  affine_add_scaled (&self->d[p], sign, g0);
  self->d[p].constant += constant;
}

/* Row p of a damped contact's pair on side SIDE (−1 lower, +1 upper):
 * y = F − σ·k·(g − ℓ) − σ·c·ġ with the force acting as −σ·F·w (the law
 * while the gap is closed; the gap itself is the mode's guard). */
static void
lcs_contact_pair (LzAssembly      *self,
                  guint            p,
                  const double    *w,
                  const double    *minv,
                  const LzElement *element,
                  const LzAffine  *g0,
                  int              side)
{
  double lower = 0, upper = 0, k = element->contact.stiffness, c = element->contact.damping;
  guint n = self->n;

  element_limits (element, &lower, &upper);
  gsl_matrix_set (self->D, p, p, 1.0);
  lcs_position_pair (self, p, w, minv, -side * k, -side, g0, side * k * (side < 0 ? lower : upper));
  for (guint i = 0; i < n; i++)
    gsl_matrix_set (self->Cy, p, n + i, -side * c * w[i]);
  affine_add_derivative (&self->d[p], -side * c, g0);
}

/* The linear complementarity system, M regular (diagonal). */
static void
build_lcs (LzAssembly *self)
{
  guint n = self->n, np = self->n_pairs;
  g_autofree double *w = g_new0 (double, MAX (n, 1));
  g_autofree double *minv = g_new0 (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    minv[i] = 1.0 / gsl_matrix_get (self->M, i, i);

  self->A = matrix_new (2 * n, 2 * n);
  self->B = matrix_new (2 * n, np);
  self->Cy = matrix_new (np, 2 * n);
  self->D = matrix_new (np, np);
  self->e = g_new0 (LzAffine, 2 * n);
  self->d = g_new0 (LzAffine, MAX (np, 1));
  for (guint i = 0; i < 2 * n; i++)
    affine_init (&self->e[i]);
  for (guint i = 0; i < np; i++)
    affine_init (&self->d[i]);

  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (self->A, i, n + i, 1.0);
      for (guint j = 0; j < n; j++)
        {
          gsl_matrix_set (self->A, n + i, j, -minv[i] * gsl_matrix_get (self->K, i, j));
          gsl_matrix_set (self->A, n + i, n + j, -minv[i] * gsl_matrix_get (self->C, i, j));
        }
      affine_add_scaled (&self->e[n + i], minv[i], &self->f[i]);
    }

  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = &self->pairs[p];
      const NonsmoothRow *row = &self->rows[pair->row];
      const LzElement *element = row->element;
      const Coordinate *coord = &self->coords[row->coord];
      double k, freeplay, offset, fs_pos = 0, fs_neg = 0;

      coordinate_get_w (coord, w, n);

      switch (pair->kind)
        {
        case LZ_PAIR_STOP_LOWER:
          lcs_position_pair (self, p, w, minv, 1.0, 1.0, &coord->g0, -element->stop.lower);
          break;

        case LZ_PAIR_STOP_UPPER:
          lcs_position_pair (self, p, w, minv, -1.0, -1.0, &coord->g0, element->stop.upper);
          break;

        case LZ_PAIR_FRICTION_POS:
          /* y = (F0⁺ + F0⁻) − u_neg; input ξ1 does not act on the bodies */
          gsl_matrix_set (self->D, p, p + 1, -1.0);
          /* (the static levels: the pairs decide stick at ġ = 0) */
          lz_friction_element_static (element, &fs_pos, &fs_neg);
          self->d[p].constant = fs_pos + fs_neg;
          break;

        case LZ_PAIR_FRICTION_NEG:
          /* y = ξ1 − ġ = u_pos − wᵀq̇ − ġ0; F = u − F0⁻ acts as −F·w */
          gsl_matrix_set (self->D, p, p - 1, 1.0);
          lz_friction_element_static (element, &fs_pos, &fs_neg);
          for (guint i = 0; i < n; i++)
            {
              gsl_matrix_set (self->Cy, p, n + i, -w[i]);
              gsl_matrix_set (self->B, n + i, p, -minv[i] * w[i]);
              self->e[n + i].constant += minv[i] * w[i] * fs_neg;
            }
          affine_add_derivative (&self->d[p], -1.0, &coord->g0);
          break;

        case LZ_PAIR_FREEPLAY_POS:
          /* y = p − s + Δ, s = wᵀq + g0 − ℓ0; T = k(p − m) */
          lz_element_get_stiffness (element, &k, &freeplay, &offset);
          gsl_matrix_set (self->D, p, p, 1.0);
          lcs_position_pair (self, p, w, minv, -1.0, -k, &coord->g0, freeplay + offset);
          break;

        case LZ_PAIR_FREEPLAY_NEG:
          lz_element_get_stiffness (element, &k, &freeplay, &offset);
          gsl_matrix_set (self->D, p, p, 1.0);
          lcs_position_pair (self, p, w, minv, 1.0, k, &coord->g0, freeplay - offset);
          break;

        case LZ_PAIR_CONTACT_LOWER:
        case LZ_PAIR_CONTACT_UPPER:
          lcs_contact_pair (self, p, w, minv, element, &coord->g0,
                            pair->kind == LZ_PAIR_CONTACT_LOWER ? -1 : 1);
          break;

        default:
          g_assert_not_reached ();
        }
    }
}

/* M (diagonal: the masses and inertias) and the forces of f.  Prescribed
 * motions and actuators are not forces of f (they are the program
 * constraints of paper 001, handled by their module). */
static void
assemble_bodies (LzAssembly *self)
{
  LzModel *model = self->model;

  self->regular = TRUE;
  for (guint i = 0; i < self->n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      gsl_matrix_set (self->M, i, i, body->mass);
      if (!(body->mass > 0))
        self->regular = FALSE;
    }
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      if (source->item.kind == LZ_ITEM_FORCE)
        affine_add_term (&self->f[lz_model_get_body_index (model, source->body)],
                         1.0, source->value, 0);
    }
}

/* The coordinate of every element; linear springs and gears into K,
 * viscous parts into C (with the loads of moving grounds into f), and a
 * row of W for each nonsmooth element.  @w: n doubles of work space. */
static void
assemble_elements (LzAssembly *self,
                   double     *w)
{
  guint n = self->n;

  for (guint e = 0; e < self->n_coords; e++)
    {
      const LzElement *element = lz_model_get_element (self->model, e);
      Coordinate *coord = &self->coords[e];
      double k, freeplay, offset, c;

      coordinate_init (coord, self->model, element);
      coordinate_get_w (coord, w, n);

      if (lz_element_get_stiffness (element, &k, &freeplay, &offset) && freeplay == 0.0)
        {
          add_outer (self->K, k, coord);
          for (guint i = 0; i < n; i++)
            if (w[i] != 0.0)
              {
                affine_add_scaled (&self->f[i], -k * w[i], &coord->g0);
                self->f[i].constant += k * w[i] * offset;
              }
        }
      c = lz_element_get_viscosity (element);

      if (c > 0.0)
        {
          add_outer (self->C, c, coord);
          for (guint i = 0; i < n; i++)
            if (w[i] != 0.0)
              affine_add_derivative (&self->f[i], -c * w[i], &coord->g0);
        }

      if (element_is_nonsmooth (element))
        {
          NonsmoothRow *row = &self->rows[self->n_rows];

          row->element = element;
          row->coord = e;
          row->n_pairs = lz_element_count_pairs (element);
          self->n_rows++;
          self->n_pairs += row->n_pairs;
        }
    }
}

/* W and the complementarity pairs, row by row.  @w: n doubles. */
static void
assemble_rows (LzAssembly *self,
               double     *w)
{
  guint n = self->n, next = 0;

  self->W = matrix_new (self->n_rows, n);
  self->pairs = g_new0 (LzPair, MAX (self->n_pairs, 1));
  for (guint r = 0; r < self->n_rows; r++)
    {
      NonsmoothRow *row = &self->rows[r];

      coordinate_get_w (&self->coords[row->coord], w, n);
      for (guint i = 0; i < n; i++)
        gsl_matrix_set (self->W, r, i, w[i]);
      row->first_pair = next;
      describe_pairs (self, row->element, r, &next);
      g_assert (next == row->first_pair + row->n_pairs);
    }
}

/**
 * lz_assembly_new:
 * @model: a model
 * @error: return location for a #GError
 *
 * Assembles @model: M, C, K, f(t), W, the complementarity pairs and, when
 * M is regular, the linear complementarity system (see the top of this
 * file for the conventions).  Fails with %LZ_ERROR_INVALID_MODEL, naming
 * the problem, when lz_model_validate() does: an unconnected port, a body
 * without a path to inertia or stiffness.
 *
 * Returns: (transfer full) (nullable): the assembly, or %NULL
 */
LzAssembly *
lz_assembly_new (LzModel  *model,
                 GError  **error)
{
  LzAssembly *self;
  guint n, n_el;
  g_autofree double *w = NULL;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lz_model_validate (model, error))
    return NULL;

  self = g_new0 (LzAssembly, 1);
  self->model = lz_model_ref (model);
  self->n = n = lz_model_get_n_bodies (model);
  n_el = lz_model_get_n_elements (model);
  w = g_new0 (double, MAX (n, 1));

  self->M = matrix_new (n, n);
  self->C = matrix_new (n, n);
  self->K = matrix_new (n, n);
  self->f = g_new0 (LzAffine, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    affine_init (&self->f[i]);
  self->coords = g_new0 (Coordinate, MAX (n_el, 1));
  self->n_coords = n_el;
  self->rows = g_new0 (NonsmoothRow, MAX (n_el, 1));

  assemble_bodies (self);
  assemble_elements (self, w);
  assemble_rows (self, w);

  /* The LCS (dense 2n×2n and 2n×pairs) is built when first asked for:
   * a simulation of a long chain never needs it. */
  g_mutex_init (&self->lcs_lock);
  clear_negative_zeros (self->C);
  clear_negative_zeros (self->K);
  clear_negative_zeros (self->W);

  return self;
}

void
lz_assembly_free (LzAssembly *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->n; i++)
    affine_clear (&self->f[i]);
  g_free (self->f);
  for (guint e = 0; e < self->n_coords; e++)
    affine_clear (&self->coords[e].g0);
  g_free (self->coords);
  g_free (self->rows);
  for (guint p = 0; p < self->n_pairs; p++)
    {
      g_free (self->pairs[p].y);
      g_free (self->pairs[p].u);
      g_free (self->pairs[p].meaning);
    }
  g_free (self->pairs);
  if (self->e != NULL)
    for (guint i = 0; i < 2 * self->n; i++)
      affine_clear (&self->e[i]);
  g_free (self->e);
  if (self->d != NULL)
    for (guint i = 0; i < self->n_pairs; i++)
      affine_clear (&self->d[i]);
  g_free (self->d);
  g_clear_pointer (&self->M, gsl_matrix_free);
  g_clear_pointer (&self->C, gsl_matrix_free);
  g_clear_pointer (&self->K, gsl_matrix_free);
  g_clear_pointer (&self->W, gsl_matrix_free);
  g_clear_pointer (&self->A, gsl_matrix_free);
  g_clear_pointer (&self->B, gsl_matrix_free);
  g_clear_pointer (&self->Cy, gsl_matrix_free);
  g_clear_pointer (&self->D, gsl_matrix_free);
  g_mutex_clear (&self->lcs_lock);
  lz_model_unref (self->model);
  g_free (self);
}

LzModel *
lz_assembly_get_model (const LzAssembly *self)
{
  return self->model;
}

guint
lz_assembly_get_n_dofs (const LzAssembly *self)
{
  return self->n;
}

const char *
lz_assembly_get_dof_name (const LzAssembly *self,
                          guint             i)
{
  g_return_val_if_fail (i < self->n, NULL);
  return lz_model_get_body (self->model, i)->item.id;
}

/* lz_assembly_get_M(), _C(), _K() and _W(): the matrices of the
 * assembly (borrowed), from one definition. */
#define DEFINE_MATRIX_GETTER(name)                  \
  const gsl_matrix *                                \
  lz_assembly_get_##name (const LzAssembly *self)   \
  {                                                 \
    return self->name;                              \
  }

DEFINE_MATRIX_GETTER (M)
DEFINE_MATRIX_GETTER (C)
DEFINE_MATRIX_GETTER (K)
DEFINE_MATRIX_GETTER (W)

const char *
lz_assembly_get_f_text (const LzAssembly *self,
                        guint             i)
{
  g_return_val_if_fail (i < self->n, NULL);
  return lz_affine_get_text (&self->f[i]);
}

/**
 * lz_assembly_eval_f:
 * @self: an assembly
 * @t: time (s)
 * @f: (out caller-allocates): a vector of length n
 *
 * Evaluates f(t): the forces and the loads of moving grounds through
 * linear springs (−k·w·(g0(t) − ℓ0)) and dampers (−c·w·ġ0(t)).
 */
void
lz_assembly_eval_f (const LzAssembly *self,
                    double            t,
                    gsl_vector       *f)
{
  g_return_if_fail (f != NULL && f->size >= self->n);

  for (guint i = 0; i < self->n; i++)
    gsl_vector_set (f, i, lz_affine_eval (&self->f[i], t));
}

guint
lz_assembly_get_n_nonsmooth (const LzAssembly *self)
{
  return self->n_rows;
}

const char *
lz_assembly_get_nonsmooth_id (const LzAssembly *self,
                              guint             row)
{
  g_return_val_if_fail (row < self->n_rows, NULL);
  return self->rows[row].element->item.id;
}

const LzElement *
lz_assembly_get_nonsmooth_element (const LzAssembly *self,
                                   guint             row)
{
  g_return_val_if_fail (row < self->n_rows, NULL);
  return self->rows[row].element;
}

/**
 * lz_assembly_eval_g0:
 * @self: an assembly
 * @row: a row of W
 * @t: time (s)
 * @g0: (out) (optional): the ground part of g at @t
 * @g0dot: (out) (optional): its time derivative
 *
 * The relative coordinate of a nonsmooth element is g = W[row]·q + g0(t).
 */
void
lz_assembly_eval_g0 (const LzAssembly *self,
                     guint             row,
                     double            t,
                     double           *g0,
                     double           *g0dot)
{
  const Coordinate *coord;

  g_return_if_fail (row < self->n_rows);
  coord = &self->coords[self->rows[row].coord];

  if (g0 != NULL)
    *g0 = lz_affine_eval (&coord->g0, t);
  if (g0dot != NULL)
    {
      LzAffine d;

      affine_init (&d);
      affine_add_derivative (&d, 1.0, &coord->g0);
      *g0dot = lz_affine_eval (&d, t);
      affine_clear (&d);
    }
}

/**
 * lz_assembly_get_element_ports:
 * @self: an assembly
 * @element: an element index (file order)
 * @a: (out) (optional): the dof of port a, or -1 for a ground
 * @b: (out) (optional): the dof of port b, or -1 for a ground
 * @ca: (out) (optional): the coefficient of port a (ra for a gear)
 * @cb: (out) (optional): the coefficient of port b (rb for a gear)
 *
 * The relative coordinate of every element is g = cb·q_b − ca·q_a + g0(t)
 * (ground ports enter g0).
 */
void
lz_assembly_get_element_ports (const LzAssembly *self,
                               guint             element,
                               int              *a,
                               int              *b,
                               double           *ca,
                               double           *cb)
{
  const Coordinate *coord;

  g_return_if_fail (element < self->n_coords);
  coord = &self->coords[element];
  if (a != NULL)
    *a = coord->a == NO_DOF ? -1 : (int) coord->a;
  if (b != NULL)
    *b = coord->b == NO_DOF ? -1 : (int) coord->b;
  if (ca != NULL)
    *ca = coord->ca;
  if (cb != NULL)
    *cb = coord->cb;
}

/**
 * lz_assembly_eval_element_g0:
 * @self: an assembly
 * @element: an element index (file order)
 * @t: time (s)
 * @g0: (out) (optional): the ground part of the element's g at @t
 * @g0dot: (out) (optional): its time derivative
 */
void
lz_assembly_eval_element_g0 (const LzAssembly *self,
                             guint             element,
                             double            t,
                             double           *g0,
                             double           *g0dot)
{
  const Coordinate *coord;

  g_return_if_fail (element < self->n_coords);
  coord = &self->coords[element];
  if (g0 != NULL)
    *g0 = lz_affine_eval (&coord->g0, t);
  if (g0dot != NULL)
    {
      double value = 0.0;

      for (guint i = 0; i < coord->g0.terms->len; i++)
        {
          const Term *term = &g_array_index (coord->g0.terms, Term, i);

          value += term->coef * lz_expr_eval_d1 (term->expr, t);
        }
      *g0dot = value;
    }
}

/**
 * lz_assembly_get_nonsmooth_row:
 * @self: an assembly
 * @element: an element index (file order)
 *
 * Returns: the row of W of @element, or -1 for a smooth element
 */
int
lz_assembly_get_nonsmooth_row (const LzAssembly *self,
                               guint             element)
{
  g_return_val_if_fail (element < self->n_coords, -1);
  for (guint r = 0; r < self->n_rows; r++)
    if (self->rows[r].coord == element)
      return (int) r;
  return -1;
}

guint
lz_assembly_get_n_pairs (const LzAssembly *self)
{
  return self->n_pairs;
}

const LzPair *
lz_assembly_get_pair (const LzAssembly *self,
                      guint             i)
{
  g_return_val_if_fail (i < self->n_pairs, NULL);
  return &self->pairs[i];
}

gboolean
lz_assembly_has_lcs (const LzAssembly *self)
{
  return self->regular && self->n > 0;
}

/* Builds the LCS on first use (the accessors are const: the LCS is a
 * cache of what the model determines). */
static LzAssembly *
ensure_lcs (const LzAssembly *self)
{
  LzAssembly *mutable = (LzAssembly *) self;

  if (!lz_assembly_has_lcs (self))
    return NULL;
  g_mutex_lock (&mutable->lcs_lock);
  if (mutable->A == NULL)
    {
      build_lcs (mutable);
      clear_negative_zeros (mutable->A);
      clear_negative_zeros (mutable->B);
      clear_negative_zeros (mutable->Cy);
      clear_negative_zeros (mutable->D);
    }
  g_mutex_unlock (&mutable->lcs_lock);
  return mutable;
}

/* lz_assembly_get_lcs_A() … _D(): the LCS matrices, built on first use
 * (%NULL without an LCS), from one definition. */
#define DEFINE_LCS_MATRIX_GETTER(name, field)                   \
  const gsl_matrix *                                          \
  lz_assembly_get_lcs_##name (const LzAssembly *self)         \
  {                                                           \
    LzAssembly *lcs = ensure_lcs (self);                      \
                                                              \
    return lcs != NULL ? lcs->field : NULL;                   \
  }

DEFINE_LCS_MATRIX_GETTER (A, A)
DEFINE_LCS_MATRIX_GETTER (B, B)
DEFINE_LCS_MATRIX_GETTER (C, Cy)
DEFINE_LCS_MATRIX_GETTER (D, D)

const char *
lz_assembly_get_lcs_e_text (const LzAssembly *self,
                            guint             i)
{
  LzAssembly *lcs = ensure_lcs (self);

  g_return_val_if_fail (lcs != NULL && i < 2 * self->n, NULL);
  return lz_affine_get_text (&lcs->e[i]);
}

const char *
lz_assembly_get_lcs_d_text (const LzAssembly *self,
                            guint             i)
{
  LzAssembly *lcs = ensure_lcs (self);

  g_return_val_if_fail (lcs != NULL && i < self->n_pairs, NULL);
  return lz_affine_get_text (&lcs->d[i]);
}

/**
 * lz_assembly_eval_lcs_affine:
 * @self: an assembly with an LCS
 * @t: time (s)
 * @e: (out caller-allocates) (optional): vector of length 2n
 * @d: (out caller-allocates) (optional): vector of length n_pairs
 *
 * Evaluates the affine terms e(t) and d(t) of the LCS.
 */
void
lz_assembly_eval_lcs_affine (const LzAssembly *self,
                             double            t,
                             gsl_vector       *e,
                             gsl_vector       *d)
{
  g_return_if_fail (lz_assembly_has_lcs (self));

  self = ensure_lcs (self);
  if (e != NULL)
    for (guint i = 0; i < 2 * self->n; i++)
      gsl_vector_set (e, i, lz_affine_eval (&self->e[i], t));
  if (d != NULL)
    for (guint i = 0; i < self->n_pairs; i++)
      gsl_vector_set (d, i, lz_affine_eval (&self->d[i], t));
}

/* ------------------------------------------------------------------------ */
/* Equations in luz/tar notation                                             */

/* The relative coordinate as text: "2*q_b - q_a + x_g(t)". */
static char *
coordinate_text (const LzAssembly *self,
                 const Coordinate *coord,
                 gboolean          velocity)
{
  GString *out = g_string_new (NULL);
  const char *q_name = velocity ? "q\u0307_" : "q_";    /* q̇_id or q_id */

  const guint dofs[2] = { coord->b, coord->a };
  const double coefs[2] = { coord->cb, -coord->ca };

  for (guint p = 0; p < 2; p++)
    if (dofs[p] != NO_DOF)
      {
        g_autofree char *q = g_strdup_printf ("%s%s", q_name,
                                              lz_assembly_get_dof_name (self, dofs[p]));

        lz_text_append_term (out, coefs[p], q, TRUE);
      }
  if (coord->g0.terms->len > 0)
    {
      LzAffine g0;

      affine_init (&g0);
      if (velocity)
        affine_add_derivative (&g0, 1.0, &coord->g0);
      else
        affine_add_scaled (&g0, 1.0, &coord->g0);
      for (guint i = 0; i < g0.terms->len; i++)
        {
          const Term *t = &g_array_index (g0.terms, Term, i);

          append_term (out, t->coef, t->expr, t->order);
        }
      if (g0.constant != 0.0)
        lz_text_append_term (out, g0.constant, NULL, TRUE);
      affine_clear (&g0);
    }
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

/* "k*s", with parentheses around S only when it needs them; a negated
 * atom's sign in front ("-2*q̇_z", not "2*(-q̇_z)"). */
static char *
product_text (double      k,
              const char *s)
{
  g_autofree char *ks = number_text (k);

  if (lz_text_is_atomic (s))
    return g_strdup_printf ("%s*%s", ks, s);
  if (s[0] == '-' && lz_text_is_atomic (s + 1))
    return g_strdup_printf ("-%s*%s", ks, s + 1);
  return g_strdup_printf ("%s*(%s)", ks, s);
}

/* The element's tension T in luz/tar notation, e.g. "10*luz(g - 0.02, 0.005)". */
static char *
tension_text (const LzAssembly *self,
              const Coordinate *coord,
              gboolean         *set_valued)
{
  const LzElement *element = coord->element;
  g_autofree char *g = coordinate_text (self, coord, FALSE);
  g_autofree char *gdot = coordinate_text (self, coord, TRUE);
  double k, freeplay, offset;

  *set_valued = FALSE;
  switch (element->item.kind)
    {
    case LZ_ITEM_SPRING:
    case LZ_ITEM_GEAR:
      {
        g_autofree char *ks = NULL, *s = NULL, *fp = NULL;

        lz_element_get_stiffness (element, &k, &freeplay, &offset);
        ks = number_text (k);
        if (offset != 0.0)
          {
            g_autofree char *o = number_text (fabs (offset));

            s = g_strdup_printf ("%s %s %s", g, offset > 0 ? "-" : "+", o);
          }
        else
          s = g_strdup (g);
        if (freeplay == 0.0)
          return product_text (k, s);
        fp = number_text (freeplay);
        return g_strdup_printf ("%s*luz(%s, %s)", ks, s, fp);
      }
    case LZ_ITEM_DAMPER:
      {
        return product_text (element->damper.c, gdot);
      }
    case LZ_ITEM_FRICTION:
      {
        double fp = element->friction.level_pos, fn = element->friction.level_neg;
        double c = element->friction.viscous;
        g_autofree char *fps = number_text (fp), *fns = number_text (fn);

        *set_valued = TRUE;
        if (!lz_friction_element_is_coulomb (element))
          {
            /* static levels, Stribeck, levels in t: the law is written
             * out under the equations (lz_friction_law_text()) */
            g_autofree char *sgn = g_strdup_printf ("Sgn[%s](%s)", element->item.id, gdot);

            if (c > 0.0)
              {
                g_autofree char *viscous = product_text (c, gdot);

                return g_strdup_printf ("%s + %s", viscous, sgn);
              }
            return g_steal_pointer (&sgn);
          }
        if (fp == fn && c > 0.0)
          {
            /* paper 003: C·tar(ż, F_T0/C) */
            g_autofree char *cs = number_text (c), *a = number_text (fp / c);

            return g_strdup_printf ("%s*tar(%s, %s)", cs, gdot, a);
          }
        if (fp == fn)
          return g_strdup_printf ("%s*Sgn(%s)", fps, gdot);
        if (c > 0.0)
          {
            g_autofree char *viscous = product_text (c, gdot);

            return g_strdup_printf ("%s + Sgn[-%s, %s](%s)", viscous, fns, fps, gdot);
          }
        return g_strdup_printf ("Sgn[-%s, %s](%s)", fns, fps, gdot);
      }
    case LZ_ITEM_STOP:
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
    LZ_CASE_NOT_ELEMENT:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

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

/**
 * lz_assembly_dup_equation:
 * @self: an assembly
 * @i: a dof
 *
 * The equation of motion of dof @i in the notation of paper 003, e.g.
 *
 *     1·q̈_m1 ∈ sin(0.5·t) − 1·q_m1 − 0.6·Sgn(q̇_m1)
 *
 * ("∈" when a set-valued term is present).  Each element contributes its
 * tension T times −∂g/∂q_i.
 *
 * Returns: (transfer full): the equation
 */
char *
lz_assembly_dup_equation (const LzAssembly *self,
                          guint             i)
{
  GString *rhs = g_string_new (NULL);
  gboolean set_valued = FALSE;
  double lower = 0, upper = 0;
  const char *name;
  g_autofree char *mass = NULL;
  g_autofree char *lhs = NULL;
  g_autofree char *rhs_text = NULL;
  g_autofree char *equation = NULL;

  g_return_val_if_fail (i < self->n, NULL);
  name = lz_assembly_get_dof_name (self, i);
  mass = number_text (gsl_matrix_get (self->M, i, i));

  for (guint s = 0; s < lz_model_get_n_sources (self->model); s++)
    {
      const LzSource *source = lz_model_get_source (self->model, s);

      if (source->item.kind == LZ_ITEM_FORCE
          && (guint) lz_model_get_body_index (self->model, source->body) == i)
        {
          const char *text = lz_expr_get_text (source->value);

          lz_text_append_term (rhs, 1.0, text, lz_text_is_atomic (text));
        }
    }

  for (guint e = 0; e < self->n_coords; e++)
    {
      const Coordinate *coord = &self->coords[e];
      double wi = 0.0;
      gboolean sv;
      g_autofree char *T = NULL;

      if (coord->a == i)
        wi -= coord->ca;
      if (coord->b == i)
        wi += coord->cb;
      if (wi == 0.0)
        continue;
      if (element_limits (coord->element, &lower, &upper))
        {
          /* T = λ_hi − λ_lo of a stop, F_hi − F_lo of a damped contact
           * (each max(0, k·δ + c·δ̇) while its gap is closed): the contact
           * forces push g back inside */
          const char *f = coord->element->item.kind == LZ_ITEM_STOP ? "λ" : "F";
          g_autofree char *lo = g_strdup_printf ("%s_lo[%s]", f, coord->element->item.id);
          g_autofree char *hi = g_strdup_printf ("%s_hi[%s]", f, coord->element->item.id);

          if (isfinite (lower))
            lz_text_append_term (rhs, wi, lo, TRUE);
          if (isfinite (upper))
            lz_text_append_term (rhs, -wi, hi, TRUE);
          set_valued |= coord->element->item.kind == LZ_ITEM_STOP;
          continue;
        }
      T = tension_text (self, coord, &sv);
      set_valued |= sv;
      lz_text_append_term (rhs, -wi, T, lz_text_is_atomic (T));
    }
  if (rhs->len == 0)
    g_string_append (rhs, "0");

  lhs = g_strdup_printf ("%s*q\u0308_%s", mass, name);     /* m·q̈_id */
  rhs_text = g_string_free (rhs, FALSE);
  equation = g_strdup_printf ("%s %s %s", lhs, set_valued ? "∈" : "=", rhs_text);
  return prettify (equation);
}
