/* lz-nodes.c — the node equations of massless bodies, classified and
 * disentangled (paper 000 §3; paper 003 §3.2)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A massless body z has no equation of motion, only a node equation: the
 * forces of its elements balance, 0 ∈ Σ forces.  When springs with
 * freeplay or friction act on it the equation is entangled — z appears
 * inside luz and tar — and paper 000's theorems make it explicit.  Every
 * element ("arm") on z is first oriented and normalised as in
 * lz-simplify.c: its coordinate is s = β z − α y − ℓ (y the other port),
 * so it acts on z as an element with unit coefficients between z and the
 * point w = (α y + ℓ)/β, with stiffness β²k and freeplay Δ/|β| (a
 * spring), viscous coefficient β²μ and levels |β|F0 (friction, the levels
 * swapped when the orientation flips), β²c (a damper).  The cases:
 *
 *  - a spring (k, Δ) to w₁ and a friction element (μ > 0, F0) to w₂: by
 *    Theorem 2.1 μ(ż − ẇ₂) = luz(k·luz(w₁ − z, Δ), F0), and the cascade
 *    luz(k·luz(u, Δ), F0) = k·luz(u, Δ + F0/k) (homogeneity, then
 *    luz(luz(u, a), b) = luz(u, a + b)); asymmetric levels shift the dead
 *    zone: luz(F − (F⁺ − F⁻)/2, (F⁺ + F⁻)/2).  Backward Euler over a step
 *    h is Theorem 3.9 with k·h/μ for k and h·F0/μ for b (for a moving
 *    w₂, after moving z with it: y = z(t) + w₂(t + h) − w₂(t));
 *  - the same with μ = 0: the limit k → ∞ of Theorem 3.9, a play;
 *  - a friction element (μ ≥ 0) with springs, loads and dampers (c_j to
 *    w_j), μ + Σc_j > 0: (μ + Σc_j)(ż − ẇ) = luz(F + Σc_j(ẇ_j − ẇ), F0),
 *    F the springs and loads (Theorem 2.1, paper 003 §3.2);
 *  - two frictions (μ₁, μ₂ > 0, symmetric levels): Theorem 3.7 on
 *    velocities, k = μ₁/μ₂;
 *  - two springs with freeplay: Theorem 3.6, k = k₁/k₂; a linear one and
 *    one with freeplay: Theorem 3.8 with a = 0; a linear spring and a
 *    spring with freeplay in parallel to w₁ and a linear spring to w₂:
 *    Theorem 3.8 with a = 0 and k = 1/κ;
 *  - linear springs only, or dampers only: paper 002's Corollaries.
 *
 * A damper from z to a point that moves as a friction element's other
 * port is that friction's viscous part: its μ is added first.
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler-private.h"
#include "lz-luz.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-nodes-private.h"
#include "lz-symbolic.h"

/* ------------------------------------------------------------------------ */
/* Affine combinations of ports, as text                                     */

#define MAX_TERMS 6

/* c0 + Σ coef·Y, Y a body's coordinate or a ground's motion */
typedef struct
{
  guint n;
  struct
  {
    const char   *body;       /* q_body, or NULL */
    const LzExpr *expr;       /* an expression in t, or NULL */
    double        coef;
  } t[MAX_TERMS];
  double c0;
} Lin;

static void
lin_add_term (Lin          *l,
              const char   *body,
              const LzExpr *expr,
              double        coef)
{
  for (guint i = 0; i < l->n; i++)
    if ((body != NULL && g_strcmp0 (l->t[i].body, body) == 0) || (expr != NULL && l->t[i].expr == expr))
      {
        l->t[i].coef += coef;
        return;
      }
  g_return_if_fail (l->n < MAX_TERMS);
  l->t[l->n].body = body;
  l->t[l->n].expr = expr;
  l->t[l->n].coef = coef;
  l->n++;
}

/* a·A + b·B */
static Lin
lin_combine (double     a,
             const Lin *A,
             double     b,
             const Lin *B)
{
  Lin l = { 0 };

  l.c0 = a * A->c0 + (B != NULL ? b * B->c0 : 0);
  for (guint i = 0; i < A->n; i++)
    lin_add_term (&l, A->t[i].body, A->t[i].expr, a * A->t[i].coef);
  for (guint i = 0; B != NULL && i < B->n; i++)
    lin_add_term (&l, B->t[i].body, B->t[i].expr, b * B->t[i].coef);
  return l;
}

/* Numbers for people to 6 significant digits (as lz-simplify.c's notes),
 * so that 0.005 + 0.01 reads 0.015 and 1/3 reads 0.333333; never −0.  The
 * exact values are the node's fields. */
static double
round6 (double v)
{
  char text[32];

  if (v == 0 || !isfinite (v))
    return v == 0 ? 0.0 : v;
  g_ascii_formatd (text, sizeof text, "%.6g", v);
  return g_ascii_strtod (text, NULL) + 0.0;
}

static char *
num (double v)
{
  return lz_number_to_string (round6 (v));
}

/* Appends coef·what to a sum, the coefficient to 6 digits; nothing when
 * that is 0.  A coordinate's name is atomic whatever its id ("q_s-1"). */
static void
append_signed (GString    *out,
               double      coef,
               const char *what,
               gboolean    coordinate)
{
  double c = round6 (coef);

  if (c != 0)
    lz_text_append_term (out, c, what, coordinate || what == NULL || lz_text_is_atomic (what));
}

/* The combination, or its time derivative, as text ("0" when empty). */
static char *
lin_text (const Lin *l,
          gboolean   velocity)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < l->n; i++)
    {
      double c = l->t[i].coef;

      if (fabs (c) < 1e-15)
        continue;
      if (l->t[i].body != NULL)
        {
          g_autofree char *q = g_strdup_printf ("%s%s", velocity ? "q\u0307_" : "q_", l->t[i].body);

          append_signed (out, c, q, TRUE);
        }
      else if (!velocity)
        append_signed (out, c, lz_expr_get_text (l->t[i].expr), FALSE);
      else
        {
          g_autofree char *d = lz_symbolic_derivative (lz_expr_get_text (l->t[i].expr), 1, NULL);

          if (d == NULL)
            d = lz_expr_dup_derivative (l->t[i].expr, 1);
          append_signed (out, c, d, FALSE);
        }
    }
  if (!velocity && l->c0 != 0)
    append_signed (out, l->c0, NULL, FALSE);
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

static gboolean
lin_is_constant (const Lin *l)
{
  for (guint i = 0; i < l->n; i++)
    if (fabs (l->t[i].coef) >= 1e-15)
      return FALSE;
  return TRUE;
}

/* "k*(text)" with parentheses only when needed; k = 1 drops the factor. */
static char *
scaled (double      k,
        const char *text)
{
  g_autofree char *ks = num (k);

  if (round6 (k) == 1)
    return g_strdup (text);
  if (round6 (k) == -1)
    return lz_text_is_atomic (text) ? g_strdup_printf ("-%s", text) : g_strdup_printf ("-(%s)", text);
  return lz_text_is_atomic (text) ? g_strdup_printf ("%s*%s", ks, text) : g_strdup_printf ("%s*(%s)", ks, text);
}

/* "luz(u, a)", or u itself when a = 0 */
static char *
luz_text (const char *u,
          double      a)
{
  g_autofree char *as = num (a);

  if (a == 0)
    return g_strdup (u);
  return g_strdup_printf ("luz(%s, %s)", u, as);
}

/* ------------------------------------------------------------------------ */
/* The arms                                                                  */

typedef struct
{
  const LzElement *el;
  LzItemKind       kind;
  const char      *y;          /* the other port */
  double           beta;
  Lin              w;          /* where the arm is neutral */
  double           k, delta;   /* springs, normalised */
  double           c;          /* dampers c, friction μ, normalised */
  double           fpos, fneg; /* friction levels, oriented and normalised */
} Arm;

static void
node_free (gpointer data)
{
  LzMasslessNode *node = data;

  g_free (node->body);
  g_strfreev (node->elements);
  g_free (node->entangled);
  g_strfreev (node->equations);
  g_free (node->explanation);
  g_free (node);
}

static const char *
kind_name (LzNodeKind kind)
{
  switch (kind)
    {
    case LZ_NODE_LINEAR_SPRINGS: return "linear-springs";
    case LZ_NODE_FREEPLAY_SERIES: return "freeplay-series";
    case LZ_NODE_LINEAR_FREEPLAY_SERIES: return "linear-freeplay-series";
    case LZ_NODE_PARALLEL_SERIES: return "parallel-series";
    case LZ_NODE_SPRING_FRICTION: return "spring-friction";
    case LZ_NODE_RIGID_PLASTIC: return "rigid-plastic";
    case LZ_NODE_FRICTION: return "friction";
    case LZ_NODE_FRICTION_SERIES: return "friction-series";
    case LZ_NODE_DAMPERS: return "dampers";
    case LZ_NODE_PRESCRIBED: return "prescribed";
    case LZ_NODE_NO_CLOSED_FORM:
    default: return "no-closed-form";
    }
}

/* Collects the arms of body Z; FALSE when an element ties Z to itself. */
static gboolean
collect_arms (const LzModel *model,
              const char    *z,
              GArray        *arms)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      gboolean on_a = g_strcmp0 (el->a, z) == 0, on_b = g_strcmp0 (el->b, z) == 0;
      Arm arm = { 0 };
      double ca, cb, alpha, k = 0, freeplay = 0, offset = 0, ell = 0;
      const LzGround *ground;

      if (!on_a && !on_b)
        continue;
      if (on_a && on_b)
        return FALSE;
      lz_element_get_coefficients (el, &ca, &cb);
      arm.el = el;
      arm.kind = el->item.kind;
      arm.y = on_b ? el->a : el->b;
      arm.beta = on_b ? cb : ca;
      alpha = on_b ? ca : cb;
      switch (el->item.kind)
        {
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          lz_element_get_stiffness (el, &k, &freeplay, &offset);
          arm.kind = LZ_ITEM_SPRING;
          arm.k = arm.beta * arm.beta * k;
          arm.delta = freeplay / fabs (arm.beta);
          ell = on_b ? offset : -offset;
          break;
        case LZ_ITEM_DAMPER:
          arm.c = arm.beta * arm.beta * el->damper.c;
          break;
        case LZ_ITEM_FRICTION:
          {
            gboolean same = (on_b ? 1 : -1) * arm.beta > 0;

            arm.c = arm.beta * arm.beta * el->friction.viscous;
            arm.fpos = fabs (arm.beta) * (same ? el->friction.level_pos : el->friction.level_neg);
            arm.fneg = fabs (arm.beta) * (same ? el->friction.level_neg : el->friction.level_pos);
            break;
          }
        case LZ_ITEM_STOP:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
      /* w = (α·y + ℓ)/β */
      arm.w.c0 = ell / arm.beta;
      ground = arm.y != NULL ? lz_model_lookup_ground (model, arm.y) : NULL;
      if (ground != NULL)
        {
          if (ground->motion != NULL && !lz_expr_is_constant (ground->motion))
            lin_add_term (&arm.w, NULL, ground->motion, alpha / arm.beta);
          else if (ground->motion != NULL)
            arm.w.c0 += alpha * lz_expr_eval (ground->motion, 0) / arm.beta;
        }
      else if (arm.y != NULL)
        lin_add_term (&arm.w, arm.y, NULL, alpha / arm.beta);
      g_array_append_val (arms, arm);
    }
  return TRUE;
}

static gboolean
same_port (const Arm *a,
           const Arm *b)
{
  return g_strcmp0 (a->y, b->y) == 0;
}

/* Whether A and B move alike: the same terms (their constants, which only
 * springs' offsets make, do not matter to a velocity). */
static gboolean
same_motion (const Lin *a,
             const Lin *b)
{
  if (a->n != b->n)
    return FALSE;
  for (guint i = 0; i < a->n; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < b->n && !found; j++)
        found = g_strcmp0 (a->t[i].body, b->t[j].body) == 0 && a->t[i].expr == b->t[j].expr
                && fabs (a->t[i].coef - b->t[j].coef) <= 1e-12 * fabs (a->t[i].coef);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* A damper in parallel with a friction element — from z to a point that
 * moves as the friction's other port — is the friction's viscous part:
 * its μ is added to the friction's and the damper leaves ARMS.  Returns
 * the ids of the dampers so merged, each followed by its friction's; NULL
 * when none. */
static GPtrArray *
merge_parallel_dampers (GArray *arms)
{
  GPtrArray *merged = NULL;

  for (guint d = 0; d < arms->len;)
    {
      const Arm *D = &g_array_index (arms, Arm, d);
      int into = -1;
      guint n_into = 0;

      if (D->kind == LZ_ITEM_DAMPER)
        for (guint f = 0; f < arms->len; f++)
          {
            const Arm *F = &g_array_index (arms, Arm, f);

            if (F->kind == LZ_ITEM_FRICTION && same_motion (&D->w, &F->w))
              {
                into = (int) f;
                n_into++;
              }
          }
      if (n_into != 1)
        {
          d++;
          continue;
        }
      g_array_index (arms, Arm, into).c += D->c;
      if (merged == NULL)
        merged = g_ptr_array_new ();
      g_ptr_array_add (merged, (gpointer) D->el->item.id);
      g_ptr_array_add (merged, (gpointer) g_array_index (arms, Arm, into).el->item.id);
      g_array_remove_index (arms, d);
    }
  return merged;
}

/* ------------------------------------------------------------------------ */
/* The cases                                                                 */

typedef struct
{
  LzMasslessNode *node;
  GPtrArray      *equations;   /* ASCII, prettified at the end */
  const char     *z;
  char           *qz;          /* "q_z" */
  char           *vz;          /* "q̇_z" */
} Build;

static void G_GNUC_PRINTF (2, 3)
equation (Build      *b,
          const char *format,
          ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (b->equations, g_strdup_vprintf (format, args));
  va_end (args);
}

/* The node's velocity relative to w, "q̇_z − ẇ" */
static char *
relative_velocity (Build     *b,
                   const Lin *w)
{
  Lin z = { 0 };
  Lin v;

  lin_add_term (&z, b->z, NULL, 1);
  v = lin_combine (1, &z, -1, w);
  return lin_text (&v, TRUE);
}

/* w − q_z */
static char *
stretch (Build     *b,
         const Lin *w,
         double     shift)
{
  Lin u = *w;

  lin_add_term (&u, b->z, NULL, -1);
  u.c0 -= shift;
  return lin_text (&u, FALSE);
}

/* Spring (arm S) and friction (arm F, μ ≥ 0), nothing else. */
static void
spring_friction (Build     *b,
                 const Arm *S,
                 const Arm *F)
{
  LzMasslessNode *node = b->node;
  double K = S->k, M = F->c, fbar = 0.5 * (F->fpos + F->fneg), fc = 0.5 * (F->fpos - F->fneg);
  double D = S->delta + fbar / K, c = fc / K;
  g_autofree char *u = stretch (b, &S->w, 0), *uc = stretch (b, &S->w, c);
  g_autofree char *v = relative_velocity (b, &F->w);
  g_autofree char *ks = num (K), *ds = num (S->delta), *fs = num (fbar);
  g_autofree char *spring = NULL, *ku = NULL, *luz_u = NULL, *w1 = lin_text (&S->w, FALSE);
  /* a moving friction anchor w: the step moves the node with it first,
   * y = z(t) + w(t + h) − w(t), then Theorem 3.9 as for a fixed one */
  g_autofree char *w2 = lin_text (&F->w, FALSE);

  luz_u = luz_text (uc, D);
  ku = scaled (K, luz_u);
  spring = S->delta > 0 ? g_strdup_printf ("%s*luz(%s, %s)", ks, u, ds) : scaled (K, u);
  node->stiffness = K;
  node->viscous = M;
  node->zone = D;
  node->shift = c;
  node->theorem = "3.9";

  {
    g_autofree char *cs = num (fabs (c)), *dz = num (D);
    const char *sign = c == 0 ? "" : c > 0 ? " - " : " + ";

    if (M > 0)
      {
        g_autofree char *mv = scaled (M, v), *rv = NULL, *r = num (K / M);

        node->kind = LZ_NODE_SPRING_FRICTION;
        node->rate = K / M;
        if (fc == 0)
          equation (b, "%s = luz(%s, %s) = %s", mv, spring, fs, ku);
        else
          {
            GString *shifted = g_string_new (spring);

            append_signed (shifted, -fc, NULL, FALSE);
            equation (b, "%s = luz(%s, %s) = %s", mv, shifted->str, fs, ku);
            g_string_free (shifted, TRUE);
          }
        rv = scaled (K / M, luz_u);
        equation (b, "%s = %s", v, rv);
        if (lin_is_constant (&F->w))
          equation (b, "%s(t + h) = %s(t) + %s*h/(1 + %s*h)*luz(x(t + h) - %s(t)%s%s, %s),  x = %s",
                    b->qz, b->qz, r, r, b->qz, sign, c == 0 ? "" : cs, dz, w1);
        else
          equation (b, "%s(t + h) = y + %s*h/(1 + %s*h)*luz(x(t + h) - y%s%s, %s),  x = %s,  "
                    "y = %s(t) + w(t + h) - w(t),  w = %s",
                    b->qz, r, r, sign, c == 0 ? "" : cs, dz, w1, b->qz, w2);
        return;
      }

    node->kind = LZ_NODE_RIGID_PLASTIC;
    node->rate = INFINITY;
    {
      g_autofree char *lo = num (-(S->delta + F->fneg / K)), *hi = num (S->delta + F->fpos / K);

      equation (b, "%s ∈ [%s, %s],  %s = 0 inside", u, lo, hi, v);
      if (lin_is_constant (&F->w))
        equation (b, "%s(t + h) = %s(t) + luz(x(t + h) - %s(t)%s%s, %s),  x = %s",
                  b->qz, b->qz, b->qz, sign, c == 0 ? "" : cs, dz, w1);
      else
        equation (b, "%s(t + h) = y + luz(x(t + h) - y%s%s, %s),  x = %s,  "
                  "y = %s(t) + w(t + h) - w(t),  w = %s",
                  b->qz, sign, c == 0 ? "" : cs, dz, w1, b->qz, w2);
    }
  }
}

/* Where linear arms balance: the mean of their neutral positions weighted
 * by their c (DAMPERS: a velocity) or k, plus the loads, over TOTAL — the
 * right side of ż = … or z = … */
static char *
balance_text (const GArray *arms,
              GPtrArray    *loads,
              gboolean      dampers,
              double        total)
{
  Lin w = { 0 };
  g_autofree char *wt = NULL;
  GString *rhs = g_string_new (NULL);

  for (guint i = 0; i < arms->len; i++)
    {
      const Arm *a = &g_array_index (arms, Arm, i);

      w = lin_combine (1, &w, (dampers ? a->c : a->k) / total, &a->w);
    }
  wt = lin_text (&w, dampers);
  if (strcmp (wt, "0") != 0 || loads->len == 0)
    g_string_append (rhs, wt);
  for (guint i = 0; i < loads->len; i++)
    append_signed (rhs, 1 / total, lz_expr_get_text (loads->pdata[i]), FALSE);
  return g_string_free (rhs, FALSE);
}

/* The force of springs and loads on z, Σ k·luz(w − z, Δ) + F(t) */
static char *
other_forces (Build        *b,
              const GArray *arms,
              GPtrArray    *loads)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < arms->len; i++)
    {
      const Arm *a = &g_array_index (arms, Arm, i);
      g_autofree char *u = NULL, *l = NULL;

      if (a->kind != LZ_ITEM_SPRING)
        continue;
      u = stretch (b, &a->w, 0);
      l = luz_text (u, a->delta);
      append_signed (out, a->k, l, FALSE);
    }
  for (guint i = 0; i < loads->len; i++)
    append_signed (out, 1, lz_expr_get_text (loads->pdata[i]), FALSE);
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

/* The node's explanation: a literal format per case, never a variable one. */
static void G_GNUC_PRINTF (2, 3)
explain (Build      *b,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  g_free (b->node->explanation);
  b->node->explanation = g_strdup_vprintf (format, args);
  va_end (args);
}

static void
no_closed_form (Build      *b,
                const char *reason)
{
  b->node->kind = LZ_NODE_NO_CLOSED_FORM;
  b->node->theorem = NULL;
  explain (b, _("No closed form for the massless “%s”: %s The integrators keep its coordinate as "
                "an algebraic unknown (time-stepping solves it in each step's complementarity "
                "problem)."),
           b->z, reason);
}

/* One friction element F (μ ≥ 0 to w_F) with dampers (c_j to w_j),
 * springs and loads: at the friction's velocity u = ż − ẇ_F each damper
 * pulls c_j·(ẇ_j − ẇ_F) − c_j·u, so Theorem 2.1 with μ + Σc_j gives
 * (μ + Σc_j)·u = luz(F + Σ c_j·(ẇ_j − ẇ_F), F0), F the springs and loads. */
static void
friction_dampers (Build        *b,
                  const GArray *arms,
                  GPtrArray    *loads,
                  const Arm    *F)
{
  g_autofree char *forces = other_forces (b, arms, loads);
  g_autofree char *v = relative_velocity (b, &F->w);
  g_autofree char *fs = num (0.5 * (F->fpos + F->fneg));
  g_autofree char *mv = NULL, *rhs = NULL, *inv = NULL, *ids = NULL;
  GString *total = g_string_new (strcmp (forces, "0") == 0 ? "" : forces);
  GString *names = g_string_new (NULL);
  double mu = F->c;
  guint n_dampers = 0;

  for (guint i = 0; i < arms->len; i++)
    {
      const Arm *D = &g_array_index (arms, Arm, i);
      Lin pull;
      g_autofree char *pv = NULL;

      if (D->kind != LZ_ITEM_DAMPER)
        continue;
      mu += D->c;
      n_dampers++;
      lz_append_quoted_id (names, D->el->item.id);
      pull = lin_combine (1, &D->w, -1, &F->w);
      pv = lin_text (&pull, TRUE);
      if (strcmp (pv, "0") != 0)
        append_signed (total, D->c, pv, FALSE);
    }
  ids = g_string_free (names, FALSE);

  b->node->kind = LZ_NODE_FRICTION;
  b->node->theorem = "2.1";
  b->node->viscous = mu;
  /* asymmetric levels shift the dead zone: luz(F − (F⁺ − F⁻)/2, (F⁺ + F⁻)/2) */
  if (F->fpos != F->fneg)
    append_signed (total, -0.5 * (F->fpos - F->fneg), NULL, FALSE);
  if (total->len == 0)
    g_string_append (total, "0");
  mv = scaled (mu, v);
  rhs = g_strdup_printf ("luz(%s, %s)", total->str, fs);
  g_string_free (total, TRUE);
  equation (b, "%s = %s", mv, rhs);
  if (round6 (mu) != 1)
    {
      inv = scaled (1 / mu, rhs);
      equation (b, "%s = %s", v, inv);
    }
  if (n_dampers == 0)
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s”: "
                  "Theorem 2.1 inverts its law, μ·ż = luz(F, F0), F the force of the other "
                  "elements and loads on the node, so the node's velocity is an explicit "
                  "function of the positions (a first-order state)."),
             F->el->item.id, b->z);
  else if (n_dampers == 1)
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s” with the "
                  "damper %s: at the friction's velocity the damper adds its coefficient to μ and "
                  "pulls with c·(its far end's velocity − the friction's far end's), so Theorem "
                  "2.1 inverts the law, (μ + c)·ż = luz(F, F0), and the node's velocity is an "
                  "explicit function of the positions and of that velocity."),
             F->el->item.id, b->z, ids);
  else
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s” with the "
                  "dampers %s: at the friction's velocity each damper adds its coefficient to μ and "
                  "pulls with c·(its far end's velocity − the friction's far end's), so Theorem "
                  "2.1 inverts the law, (μ + Σc)·ż = luz(F, F0), and the node's velocity is an "
                  "explicit function of the positions and of those velocities."),
             F->el->item.id, b->z, ids);
}

static void
classify (Build         *b,
          const LzModel *model,
          GArray        *arms,
          GPtrArray     *loads,
          const char    *prescribed)
{
  guint ns = 0, nsf = 0, nd = 0, nf = 0, nstop = 0;
  int is[3] = { -1, -1, -1 }, ifr[2] = { -1, -1 };

  for (guint i = 0; i < arms->len; i++)
    {
      const Arm *a = &g_array_index (arms, Arm, i);

      switch (a->kind)
        {
        case LZ_ITEM_SPRING:
          if (ns < 3)
            is[ns] = i;
          ns++;
          nsf += a->delta > 0;
          break;
        case LZ_ITEM_DAMPER:
          nd++;
          break;
        case LZ_ITEM_FRICTION:
          if (nf < 2)
            ifr[nf] = i;
          nf++;
          break;
        case LZ_ITEM_STOP:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_GEAR:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          nstop++;
          break;
        }
    }

  if (prescribed != NULL)
    {
      const LzSource *source = lz_model_lookup_source (model, prescribed);

      b->node->kind = LZ_NODE_PRESCRIBED;
      equation (b, "%s = %s", b->qz, lz_expr_get_text (source->value));
      explain (b, _("The motion of the massless “%s” is prescribed by “%s”: its node equation "
                    "gives the force the actuators must supply (paper 001), not its position."),
               b->z, prescribed);
      return;
    }
  if (arms->len == 0)
    {
      no_closed_form (b, _("no element holds it."));
      return;
    }
  if (nstop > 0)
    {
      no_closed_form (b, _("a stop acts on it."));
      return;
    }

  /* friction */
  if (nf == 1)
    {
      const Arm *F = &g_array_index (arms, Arm, ifr[0]);

      if (nd > 0)
        {
          friction_dampers (b, arms, loads, F);
          return;
        }
      if (ns == 1 && loads->len == 0)
        {
          const Arm *S = &g_array_index (arms, Arm, is[0]);
          g_autofree char *d = NULL;

          spring_friction (b, S, F);
          d = num (b->node->zone);
          if (F->c > 0)
            {
              g_autofree char *tau = num (F->c / S->k);

              explain (b, _("The spring “%s” loads paper 003's non-inertial friction element “%s” "
                            "through the massless “%s”.  Theorem 2.1 inverts the friction law, "
                            "μ·ż = luz(F, F0), and the cascade luz(k·luz(u, Δ), F0) = "
                            "k·luz(u, Δ + F0/k) leaves one dead zone of half width %s: the node "
                            "rests while the spring's stretch is inside it, then creeps with the "
                            "time constant μ/k = %s s.  Over a time step h the implicit equation "
                            "is Theorem 3.9's tar(y, b) = k·luz(x − y, a) with k·h/μ for k and "
                            "h·F0/μ for b, solved by the last line."),
                       S->el->item.id, F->el->item.id, b->z, d, tau);
            }
          else
            explain (b, _("The friction “%s” has no viscous part: with the spring “%s” the massless "
                          "“%s” is a rigid-plastic element, the limit k → ∞ of Theorem 3.9.  The "
                          "node rests while the spring's stretch is inside a play of half width "
                          "%s and is dragged along at its edges (the last line: a play operator).  "
                          "Its position is single-valued, set by its history; the friction force "
                          "is set-valued while it rests — any value in [−F0⁻, F0⁺], decided by "
                          "the spring."),
                     F->el->item.id, S->el->item.id, b->z, d);
          return;
        }
      if (F->c > 0)
        {
          friction_dampers (b, arms, loads, F);
          return;
        }
      no_closed_form (b, ns == 1 ? _("its friction element has no viscous part and a load acts on it.")
                                 : _("its friction element has no viscous part, so its velocity is "
                                     "not an explicit function of the positions."));
      return;
    }
  if (nf == 2 && ns == 0 && nd == 0 && loads->len == 0)
    {
      const Arm *F1 = &g_array_index (arms, Arm, ifr[0]), *F2 = &g_array_index (arms, Arm, ifr[1]);

      /* the second one to a fixed ground, if any: ż relative to it */
      if (!lin_is_constant (&F2->w) && lin_is_constant (&F1->w))
        {
          const Arm *s = F1;

          F1 = F2;
          F2 = s;
        }
      if (F1->c > 0 && F2->c > 0 && F1->fpos == F1->fneg && F2->fpos == F2->fneg && !same_port (F1, F2))
        {
          double k = F1->c / F2->c, a = F1->fpos / F1->c, bb = F2->fpos / F2->c;
          Lin X = lin_combine (1, &F1->w, -1, &F2->w);
          g_autofree char *x = lin_text (&X, TRUE), *v = relative_velocity (b, &F2->w);
          g_autofree char *ks = num (k), *zs = NULL;

          b->node->kind = LZ_NODE_FRICTION_SERIES;
          b->node->theorem = "3.7";
          if (k * a > bb)
            {
              g_autofree char *l = luz_text (x, k * a - bb), *r = scaled (1 / (k + 1), l);

              b->node->zone = k * a - bb;
              b->node->ratio = 1 / (k + 1);
              equation (b, "%s = %s - %s", v, x, r);
            }
          else if (k * a == bb)
            {
              g_autofree char *r = scaled (k / (k + 1), x);

              b->node->zone = 0;
              b->node->ratio = k / (k + 1);
              equation (b, "%s = %s", v, r);
            }
          else
            {
              g_autofree char *l = luz_text (x, (bb - k * a) / k), *r = scaled (k / (k + 1), l);

              b->node->zone = (bb - k * a) / k;
              b->node->ratio = k / (k + 1);
              equation (b, "%s = %s", v, r);
            }
          zs = num (b->node->zone);
          if (k * a > bb)
            explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                          "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  “%s” is "
                          "the stronger: it sticks and carries the node while the relative "
                          "velocity is within ±(F₁ − F₂)/μ₂ = ±%s."),
                     F1->el->item.id, F2->el->item.id, b->z, ks, F1->el->item.id, zs);
          else if (k * a == bb)
            explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                          "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  Their "
                          "levels are equal: both slip, the node at the share k/(k + 1) of the "
                          "relative velocity."),
                     F1->el->item.id, F2->el->item.id, b->z, ks);
          else
            explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                          "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  “%s” is "
                          "the stronger: it holds the node while the relative velocity is within "
                          "±(F₂ − F₁)/μ₁ = ±%s."),
                     F1->el->item.id, F2->el->item.id, b->z, ks, F2->el->item.id, zs);
          return;
        }
      no_closed_form (b, _("Theorem 3.7 disentangles two friction elements in series only with "
                           "viscous parts and symmetric levels."));
      return;
    }
  if (nf > 0)
    {
      no_closed_form (b, nd > 0 ? _("friction and dampers act on it together.")
                                : _("more than one friction element acts on it with other elements."));
      return;
    }

  /* dampers only */
  if (nd > 0 && ns == 0)
    {
      double C = 0;
      g_autofree char *rhs = NULL;

      for (guint i = 0; i < arms->len; i++)
        C += g_array_index (arms, Arm, i).c;
      if (!(C > 0))
        {
          no_closed_form (b, _("its dampers have c = 0."));
          return;
        }
      rhs = balance_text (arms, loads, TRUE, C);
      b->node->kind = LZ_NODE_DAMPERS;
      b->node->viscous = C;
      equation (b, "%s = %s", b->vz, rhs);
      explain (b, _("Dampers only: the massless “%s” moves so that their forces balance, a "
                    "first-order coordinate (paper 002, Corollary 4.5)."),
               b->z);
      return;
    }
  if (nd > 0)
    {
      no_closed_form (b, _("springs and dampers act on it together, so its coordinate is a "
                           "first-order state (paper 002, §2)."));
      return;
    }

  /* springs only */
  if (nsf == 0)
    {
      double K = 0;
      g_autofree char *rhs = NULL;

      for (guint i = 0; i < arms->len; i++)
        K += g_array_index (arms, Arm, i).k;
      rhs = balance_text (arms, loads, FALSE, K);
      b->node->kind = LZ_NODE_LINEAR_SPRINGS;
      b->node->stiffness = K;
      equation (b, "%s = %s", b->qz, rhs);
      explain (b, _("Linear springs only: the massless “%s” sits where their forces balance "
                    "(paper 002, Corollary 4.6); no luz/tar theorem is needed."),
               b->z);
      return;
    }
  if (loads->len > 0)
    {
      no_closed_form (b, _("a load acts on it between springs with freeplay."));
      return;
    }
  if (ns == 2 && !same_port (&g_array_index (arms, Arm, is[0]), &g_array_index (arms, Arm, is[1])))
    {
      const Arm *S1 = &g_array_index (arms, Arm, is[0]), *S2 = &g_array_index (arms, Arm, is[1]);
      Lin X, Y = { 0 };
      g_autofree char *x = NULL, *y = NULL, *ks = NULL, *kser = NULL, *t = NULL, *l = NULL;
      double k, Ks;

      /* spring 2 has freeplay (Theorem 3.8) or goes to a fixed ground */
      if (S2->delta == 0 || (nsf == 2 && !lin_is_constant (&S2->w) && lin_is_constant (&S1->w)))
        {
          const Arm *s = S1;

          S1 = S2;
          S2 = s;
        }
      k = S1->k / S2->k;
      Ks = S1->k * S2->k / (S1->k + S2->k);
      X = lin_combine (1, &S1->w, -1, &S2->w);
      lin_add_term (&Y, b->z, NULL, 1);
      Y = lin_combine (1, &Y, -1, &S2->w);
      x = lin_text (&X, FALSE);
      y = lin_text (&Y, FALSE);
      ks = num (k);
      kser = num (Ks);
      b->node->stiffness = Ks;
      if (nsf == 2)
        {
          g_autofree char *a12 = num (S1->delta + S2->delta), *bb = num ((k + 1) / k * S2->delta);
          g_autofree char *r = NULL;

          b->node->kind = LZ_NODE_FREEPLAY_SERIES;
          b->node->theorem = "3.6";
          b->node->zone = S1->delta + S2->delta;
          b->node->ratio = k / (k + 1);
          t = g_strdup_printf ("talu(%s, %s, %s)", x, a12, bb);
          r = scaled (k / (k + 1), t);
          equation (b, "%s = %s", y, r);
          equation (b, "T = %s*luz(%s, %s)", kser, x, a12);
          explain (b, _("Two springs with freeplay, “%s” and “%s”, are in series through the "
                        "massless “%s”: Theorem 3.6 (k = k₁/k₂ = %s) solves the node equation and "
                        "gives the force they transmit, k₁k₂/(k₁ + k₂)·luz(x, Δ₁ + Δ₂): compliances "
                        "and freeplays add.  While both are slack the node's position is "
                        "set-valued (nothing holds it); the formula takes the point that shares "
                        "the gap in proportion to the freeplays."),
                   S1->el->item.id, S2->el->item.id, b->z, ks);
        }
      else
        {
          Lin W1 = S1->w;
          g_autofree char *w1 = NULL, *r = NULL;

          b->node->kind = LZ_NODE_LINEAR_FREEPLAY_SERIES;
          b->node->theorem = "3.8";
          b->node->zone = S2->delta;
          b->node->ratio = 1 / (k + 1);
          w1 = lin_text (&W1, FALSE);
          l = luz_text (x, S2->delta);
          r = scaled (1 / (k + 1), l);
          if (strcmp (w1, "0") == 0)
            equation (b, "%s = -%s", b->qz, r);
          else
            equation (b, "%s = %s - %s", b->qz, w1, r);
          equation (b, "T = %s*%s", kser, l);
          explain (b, _("The linear spring “%s” and the spring with freeplay “%s” are in series "
                        "through the massless “%s”: Theorem 3.8 with a = 0 (k = k₁/k₂ = %s) solves "
                        "the node equation.  The node follows the linear spring's far end while "
                        "the other is slack, and the pair transmits k₁k₂/(k₁ + k₂)·luz(x, Δ)."),
                   S1->el->item.id, S2->el->item.id, b->z, ks);
        }
      return;
    }
  if (ns == 3 && nsf == 1)
    {
      const Arm *fp = NULL, *lin = NULL, *other = NULL;

      for (guint i = 0; i < 3; i++)
        if (g_array_index (arms, Arm, is[i]).delta > 0)
          fp = &g_array_index (arms, Arm, is[i]);
      for (guint i = 0; i < 3; i++)
        {
          const Arm *a = &g_array_index (arms, Arm, is[i]);

          if (a == fp)
            continue;
          if (same_port (a, fp) && lin == NULL)
            lin = a;
          else
            other = a;
        }
      if (lin != NULL && other != NULL && !same_port (other, fp))
        {
          /* k3 (z − w2) = kl (w1 − z) + kf luz(w1 − z, Δ), u = w1 − z:
           * u + κ luz(u, Δ) = ρ X, X = w1 − w2 (the pair's w must agree) */
          double kl = lin->k, kf = fp->k, k3 = other->k, kappa = kf / (k3 + kl), rho = k3 / (k3 + kl);
          Lin diff = lin_combine (1, &lin->w, -1, &fp->w);
          double d = lin_is_constant (&diff) ? diff.c0 : 1;
          Lin W1 = fp->w, X = lin_combine (1, &fp->w, -1, &other->w);
          Lin Z0 = lin_combine (1 - rho, &W1, rho, &other->w), RX = lin_combine (rho, &X, 0, NULL);
          g_autofree char *z0 = NULL, *rx = NULL, *l = NULL, *r = NULL, *ka = num (kappa);

          if (fabs (d) < 1e-15)
            {
              b->node->kind = LZ_NODE_PARALLEL_SERIES;
              b->node->theorem = "3.8";
              b->node->zone = fp->delta;
              b->node->ratio = kappa / (kappa + 1);
              b->node->share = rho;
              z0 = lin_text (&Z0, FALSE);
              rx = lin_text (&RX, FALSE);
              l = luz_text (rx, fp->delta);
              r = scaled (kappa / (kappa + 1), l);
              equation (b, "%s = %s + %s", b->qz, z0, r);
              explain (b, _("The linear spring “%s” and the spring with freeplay “%s” act in "
                            "parallel between the massless “%s” and “%s”, and the linear spring "
                            "“%s” holds it on the other side: Theorem 3.8 with a = 0 and k = 1/κ "
                            "(κ = %s) inverts the progressive characteristic u + κ·luz(u, Δ) of "
                            "the pair's deflection u."),
                       lin->el->item.id, fp->el->item.id, b->z, fp->y != NULL ? fp->y : "",
                       other->el->item.id, ka);
              return;
            }
        }
    }
  no_closed_form (b, _("the springs with freeplay on it are not in one of the forms of Theorems "
                       "3.6 and 3.8 (two in series, or a parallel pair in series with a linear "
                       "spring)."));
}

GPtrArray *
lz_massless_nodes_analyse (const LzAssembly *assembly)
{
  LzModel *model = lz_assembly_get_model (assembly);
  GPtrArray *nodes = g_ptr_array_new_with_free_func (node_free);

  g_return_val_if_fail (assembly != NULL, nodes);

  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    {
      const LzBody *body = lz_model_get_body (model, i);
      g_autoptr(GArray) arms = g_array_new (FALSE, TRUE, sizeof (Arm));
      g_autoptr(GPtrArray) loads = g_ptr_array_new ();
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autoptr(GPtrArray) merged = NULL;
      g_autofree char *equation_text = NULL;
      const char *prescribed = NULL;
      LzMasslessNode *node;
      Build b = { 0 };
      int dof;

      if (body->mass != 0)
        continue;
      node = g_new0 (LzMasslessNode, 1);
      node->body = g_strdup (body->item.id);
      node->stiffness = node->viscous = node->rate = node->zone = NAN;
      node->shift = node->ratio = node->share = NAN;
      b.node = node;
      b.z = body->item.id;
      b.qz = g_strdup_printf ("q_%s", b.z);
      b.vz = g_strdup_printf ("q\u0307_%s", b.z);
      b.equations = g_ptr_array_new_with_free_func (g_free);

      for (guint s = 0; s < lz_model_get_n_sources (model); s++)
        {
          const LzSource *source = lz_model_get_source (model, s);

          if (g_strcmp0 (source->body, b.z) != 0)
            continue;
          if (source->item.kind == LZ_ITEM_FORCE)
            g_ptr_array_add (loads, source->value);
          else if (source->item.kind == LZ_ITEM_PRESCRIBED)
            prescribed = source->item.id;
        }
      if (!collect_arms (model, b.z, arms))
        g_array_set_size (arms, 0);
      for (guint a = 0; a < arms->len; a++)
        g_ptr_array_add (ids, g_strdup (g_array_index (arms, Arm, a).el->item.id));
      g_ptr_array_add (ids, NULL);
      node->elements = (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
      merged = merge_parallel_dampers (arms);

      /* the node equation as assembled: "0·q̈_z ∈ …" becomes "0 ∈ …" */
      dof = lz_model_get_body_index (model, b.z);
      if (dof >= 0 && (guint) dof < lz_assembly_get_n_dofs (assembly))
        {
          const char *rel;

          equation_text = lz_assembly_dup_equation (assembly, dof);
          rel = strstr (equation_text, " ∈ ");
          if (rel == NULL)
            rel = strstr (equation_text, " = ");
          node->entangled = rel != NULL ? g_strdup_printf ("0%s", rel) : g_strdup (equation_text);
        }
      else
        node->entangled = g_strdup ("");

      classify (&b, model, arms, loads, prescribed);
      node->kind_name = kind_name (node->kind);
      for (guint m = 0; merged != NULL && m < merged->len; m += 2)
        {
          g_autofree char *sentence = g_strdup_printf (_("The damper “%s” is in parallel with the "
                                                         "friction “%s”: its coefficient is part of "
                                                         "the friction's viscous μ."),
                                                       (const char *) merged->pdata[m],
                                                       (const char *) merged->pdata[m + 1]);
          char *joined = g_strconcat (node->explanation, "  ", sentence, NULL);

          g_free (node->explanation);
          node->explanation = joined;
        }

      for (guint e = 0; e < b.equations->len; e++)
        {
          char *pretty = lz_text_prettify (b.equations->pdata[e]);

          g_free (b.equations->pdata[e]);
          b.equations->pdata[e] = pretty;
        }
      g_ptr_array_add (b.equations, NULL);
      node->equations = (char **) g_ptr_array_free (b.equations, FALSE);
      g_free (b.qz);
      g_free (b.vz);
      g_ptr_array_add (nodes, node);
    }
  return nodes;
}
