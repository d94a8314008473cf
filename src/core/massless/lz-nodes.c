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
 * element ("arm") on z is first oriented and normalised (LzJointArm,
 * lz-arms-private.h, as for lz-simplify.c's eliminations): its
 * coordinate is s = β z − α y − ℓ (y the other port), so it acts on z
 * as an element with unit coefficients between z and the point
 * w = (α y + ℓ)/β, with stiffness β²k and freeplay Δ/|β| (a spring),
 * viscous coefficient β²μ and levels |β|F0 (friction, the levels
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

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-arms-private.h"
#include "lz-assembler-private.h"
#include "lz-luz.h"
#include "lz-model.h"
#include "lz-model-private.h"
#include "lz-nodes-private.h"
#include "lz-notes-private.h"
#include "lz-symbolic.h"

/* ------------------------------------------------------------------------ */
/* Affine combinations of ports, as text                                     */

/* Coefficients (and a difference of constants) below this are zero in a
 * combination of ports. */
#define TERM_TOL 1e-15

typedef struct
{
  const char   *body;       /* q_body, or NULL */
  const LzExpr *expr;       /* an expression in t, or NULL */
  double        coef;
} LinTerm;

/* c0 + Σ coef·Y, Y a body's coordinate or a ground's motion: as many
 * terms as the node has ports.  Each Lin owns its terms (g_auto(Lin)). */
typedef struct
{
  GArray *t;                /* LinTerm; NULL while there is none */
  double  c0;
} Lin;

static void
lin_clear (Lin *l)
{
  g_clear_pointer (&l->t, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Lin, lin_clear)

static guint
lin_n (const Lin *l)
{
  return l->t != NULL ? l->t->len : 0;
}

static const LinTerm *
lin_term (const Lin *l,
          guint      i)
{
  return &g_array_index (l->t, LinTerm, i);
}

static void
lin_add_term (Lin          *l,
              const char   *body,
              const LzExpr *expr,
              double        coef)
{
  LinTerm term = { body, expr, coef };

  for (guint i = 0; i < lin_n (l); i++)
    {
      LinTerm *ti = &g_array_index (l->t, LinTerm, i);

      if ((body != NULL && g_strcmp0 (ti->body, body) == 0) || (expr != NULL && ti->expr == expr))
        {
          ti->coef += coef;
          return;
        }
    }
  if (l->t == NULL)
    l->t = g_array_new (FALSE, FALSE, sizeof (LinTerm));
  g_array_append_val (l->t, term);
}

/* a·A + b·B (B may be NULL), a new combination */
static Lin
lin_combine (double     a,
             const Lin *A,
             double     b,
             const Lin *B)
{
  Lin l = { NULL, 0 };

  l.c0 = a * A->c0 + (B != NULL ? b * B->c0 : 0);
  for (guint i = 0; i < lin_n (A); i++)
    lin_add_term (&l, lin_term (A, i)->body, lin_term (A, i)->expr, a * lin_term (A, i)->coef);
  for (guint i = 0; B != NULL && i < lin_n (B); i++)
    lin_add_term (&l, lin_term (B, i)->body, lin_term (B, i)->expr, b * lin_term (B, i)->coef);
  return l;
}

/* A copy of A */
static Lin
lin_copy (const Lin *A)
{
  Lin l = { NULL, A->c0 };

  if (lin_n (A) > 0)
    {
      l.t = g_array_sized_new (FALSE, FALSE, sizeof (LinTerm), A->t->len);
      g_array_append_vals (l.t, A->t->data, A->t->len);
    }
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

  for (guint i = 0; i < lin_n (l); i++)
    {
      const LinTerm *t = lin_term (l, i);
      double c = t->coef;

      if (fabs (c) < TERM_TOL)
        continue;
      if (t->body != NULL)
        {
          g_autofree char *q = g_strdup_printf ("%s%s", velocity ? "q\u0307_" : "q_", t->body);

          append_signed (out, c, q, TRUE);
        }
      else if (!velocity)
        append_signed (out, c, lz_expr_get_text (t->expr), FALSE);
      else
        {
          g_autofree char *d = lz_symbolic_derivative (lz_expr_get_text (t->expr), 1, NULL);

          if (d == NULL)
            d = lz_expr_dup_derivative (t->expr, 1);
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
  for (guint i = 0; i < lin_n (l); i++)
    if (fabs (lin_term (l, i)->coef) >= TERM_TOL)
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
/* The arms (LzJointArm, lz-arms-private.h)                                  */

/* Two arms move alike when their coefficients agree to this, relatively. */
#define SAME_MOTION_TOL 1e-12

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
      LzJointArm arm;

      if (!on_a && !on_b)
        continue;
      if (on_a && on_b)
        return FALSE;
      lz_joint_arm_init (&arm, el, z);
      g_array_append_val (arms, arm);
    }
  return TRUE;
}

/* Where the arm is neutral, w = (α·y + ℓ)/β: a ground's constant motion
 * is a number, its motion in t a term. */
static Lin
neutral (const LzModel    *model,
         const LzJointArm *arm)
{
  Lin w = { NULL, 0 };
  const LzGround *ground = arm->y != NULL ? lz_model_lookup_ground (model, arm->y) : NULL;

  w.c0 = arm->offset / arm->beta;
  if (ground != NULL)
    {
      if (ground->motion != NULL && !lz_expr_is_constant (ground->motion))
        lin_add_term (&w, NULL, ground->motion, arm->alpha / arm->beta);
      else if (ground->motion != NULL)
        w.c0 += arm->alpha * lz_expr_eval (ground->motion, 0) / arm->beta;
    }
  else if (arm->y != NULL)
    lin_add_term (&w, arm->y, NULL, arm->alpha / arm->beta);
  return w;
}

static gboolean
same_port (const LzJointArm *a,
           const LzJointArm *b)
{
  return g_strcmp0 (a->y, b->y) == 0;
}

/* Whether A and B move alike: the same terms (their constants, which only
 * springs' offsets make, do not matter to a velocity). */
static gboolean
same_motion (const Lin *a,
             const Lin *b)
{
  if (lin_n (a) != lin_n (b))
    return FALSE;
  for (guint i = 0; i < lin_n (a); i++)
    {
      const LinTerm *ta = lin_term (a, i);
      gboolean found = FALSE;

      for (guint j = 0; j < lin_n (b) && !found; j++)
        found = g_strcmp0 (ta->body, lin_term (b, j)->body) == 0 && ta->expr == lin_term (b, j)->expr
                && fabs (ta->coef - lin_term (b, j)->coef) <= SAME_MOTION_TOL * fabs (ta->coef);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* A damper in parallel with a friction element — from z to a point that
 * moves as the friction's other port — is the friction's viscous part:
 * its μ is added to the friction's and the damper leaves ARMS.  Returns
 * "The damper … is in parallel with the friction …" sentences, one per
 * damper so merged; NULL when none. */
static GPtrArray *
merge_parallel_dampers (const LzModel *model,
                        GArray        *arms)
{
  GPtrArray *merged = NULL;

  for (guint d = 0; d < arms->len;)
    {
      const LzJointArm *D = &g_array_index (arms, LzJointArm, d);
      g_auto(Lin) wd = neutral (model, D);
      int into = -1;
      guint n_into = 0;

      if (D->kind == LZ_ITEM_DAMPER)
        for (guint f = 0; f < arms->len; f++)
          {
            const LzJointArm *F = &g_array_index (arms, LzJointArm, f);
            g_auto(Lin) wf = neutral (model, F);

            if (F->kind == LZ_ITEM_FRICTION && same_motion (&wd, &wf))
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
      g_array_index (arms, LzJointArm, into).viscous_unit += D->viscous_unit;
      if (merged == NULL)
        merged = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (merged, g_strdup_printf (_("The damper “%s” is in parallel with the "
                                                  "friction “%s”: its coefficient is part of "
                                                  "the friction's viscous μ."),
                                                D->element,
                                                g_array_index (arms, LzJointArm, into).element));
      g_array_remove_index (arms, d);
    }
  return merged;
}

/* ------------------------------------------------------------------------ */
/* The cases                                                                 */

typedef struct
{
  LzMasslessNode *node;
  const LzModel  *model;
  GPtrArray      *equations;   /* ASCII, prettified at the end */
  const char     *z;
  char           *qz;          /* "q_z" */
  char           *vz;          /* "q̇_z" */
} Build;

/* The arms on z by kind, and the loads: what decides the case. */
typedef struct
{
  const GArray     *arms;      /* LzJointArm */
  GPtrArray        *loads;     /* LzExpr */
  guint             ns, nsf;   /* springs, those with freeplay */
  guint             nd, nf;    /* dampers, friction elements */
  guint             nstop;     /* anything else */
  const LzJointArm *spring[3]; /* the first three springs */
  const LzJointArm *friction[2];
} Census;

static Lin
arm_w (const Build      *b,
       const LzJointArm *arm)
{
  return neutral (b->model, arm);
}

/* Two arms change places, with their neutral points. */
static void
swap_arms (const LzJointArm **a,
           const LzJointArm **b,
           Lin               *wa,
           Lin               *wb)
{
  const LzJointArm *arm = *a;
  Lin w = *wa;

  *a = *b;
  *b = arm;
  *wa = *wb;
  *wb = w;
}

/* The node's velocity relative to w, "q̇_z − ẇ" */
static char *
relative_velocity (Build     *b,
                   const Lin *w)
{
  g_auto(Lin) z = { NULL, 0 };
  g_auto(Lin) v = { NULL, 0 };

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
  g_auto(Lin) u = lin_copy (w);

  lin_add_term (&u, b->z, NULL, -1);
  u.c0 -= shift;
  return lin_text (&u, FALSE);
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

/* A spring and a friction element with μ > 0: Theorem 3.9's creep. */
static void
spring_friction_creep (Build            *b,
                       const LzJointArm *S,
                       const LzJointArm *F,
                       double            c,
                       const char       *spring)
{
  LzMasslessNode *node = b->node;
  double K = S->k_unit, M = F->viscous_unit;
  double fbar = 0.5 * (F->level_pos_unit + F->level_neg_unit);
  double fc = 0.5 * (F->level_pos_unit - F->level_neg_unit);
  g_auto(Lin) sw = arm_w (b, S), fw = arm_w (b, F);
  g_autofree char *uc = stretch (b, &sw, c), *v = relative_velocity (b, &fw);
  g_autofree char *fs = num (fbar), *luz_u = luz_text (uc, node->zone), *ku = scaled (K, luz_u);
  g_autofree char *mv = scaled (M, v), *rv = scaled (K / M, luz_u), *r = num (K / M);
  g_autofree char *cs = num (fabs (c)), *dz = num (node->zone);
  g_autofree char *w1 = lin_text (&sw, FALSE), *w2 = lin_text (&fw, FALSE);
  const char *sign = c == 0 ? "" : c > 0 ? " - " : " + ";

  node->kind = LZ_NODE_SPRING_FRICTION;
  node->rate = K / M;
  if (fc == 0)
    lz_notes_add (b->equations, "%s = luz(%s, %s) = %s", mv, spring, fs, ku);
  else
    {
      GString *shifted = g_string_new (spring);

      append_signed (shifted, -fc, NULL, FALSE);
      lz_notes_add (b->equations, "%s = luz(%s, %s) = %s", mv, shifted->str, fs, ku);
      g_string_free (shifted, TRUE);
    }
  lz_notes_add (b->equations, "%s = %s", v, rv);
  /* a moving friction anchor w: the step moves the node with it first,
   * y = z(t) + w(t + h) − w(t), then Theorem 3.9 as for a fixed one */
  if (lin_is_constant (&fw))
    lz_notes_add (b->equations, "%s(t + h) = %s(t) + %s*h/(1 + %s*h)*luz(x(t + h) - %s(t)%s%s, %s),  x = %s",
                  b->qz, b->qz, r, r, b->qz, sign, c == 0 ? "" : cs, dz, w1);
  else
    lz_notes_add (b->equations, "%s(t + h) = y + %s*h/(1 + %s*h)*luz(x(t + h) - y%s%s, %s),  x = %s,  "
                                "y = %s(t) + w(t + h) - w(t),  w = %s",
                  b->qz, r, r, sign, c == 0 ? "" : cs, dz, w1, b->qz, w2);
}

/* A spring and a friction element without viscous part: a play. */
static void
spring_friction_play (Build            *b,
                      const LzJointArm *S,
                      const LzJointArm *F,
                      double            c)
{
  LzMasslessNode *node = b->node;
  double K = S->k_unit;
  g_auto(Lin) sw = arm_w (b, S), fw = arm_w (b, F);
  g_autofree char *u = stretch (b, &sw, 0), *v = relative_velocity (b, &fw);
  g_autofree char *cs = num (fabs (c)), *dz = num (node->zone);
  g_autofree char *w1 = lin_text (&sw, FALSE), *w2 = lin_text (&fw, FALSE);
  g_autofree char *lo = num (-(S->freeplay_unit + F->level_neg_unit / K));
  g_autofree char *hi = num (S->freeplay_unit + F->level_pos_unit / K);
  const char *sign = c == 0 ? "" : c > 0 ? " - " : " + ";

  node->kind = LZ_NODE_RIGID_PLASTIC;
  node->rate = INFINITY;
  lz_notes_add (b->equations, "%s ∈ [%s, %s],  %s = 0 inside", u, lo, hi, v);
  if (lin_is_constant (&fw))
    lz_notes_add (b->equations, "%s(t + h) = %s(t) + luz(x(t + h) - %s(t)%s%s, %s),  x = %s",
                  b->qz, b->qz, b->qz, sign, c == 0 ? "" : cs, dz, w1);
  else
    lz_notes_add (b->equations, "%s(t + h) = y + luz(x(t + h) - y%s%s, %s),  x = %s,  "
                                "y = %s(t) + w(t + h) - w(t),  w = %s",
                  b->qz, sign, c == 0 ? "" : cs, dz, w1, b->qz, w2);
}

/* Spring (arm S) and friction (arm F, μ ≥ 0), nothing else: the cascade
 * luz(k·luz(u, Δ), F0) = k·luz(u, Δ + F0/k), then Theorem 3.9. */
static void
spring_friction (Build            *b,
                 const LzJointArm *S,
                 const LzJointArm *F)
{
  LzMasslessNode *node = b->node;
  double K = S->k_unit, M = F->viscous_unit;
  double fbar = 0.5 * (F->level_pos_unit + F->level_neg_unit);
  double fc = 0.5 * (F->level_pos_unit - F->level_neg_unit);
  g_auto(Lin) sw = arm_w (b, S);
  g_autofree char *u = stretch (b, &sw, 0), *ks = num (K), *ds = num (S->freeplay_unit);
  g_autofree char *spring = S->freeplay_unit > 0 ? g_strdup_printf ("%s*luz(%s, %s)", ks, u, ds)
                                                 : scaled (K, u);
  g_autofree char *d = NULL;

  node->stiffness = K;
  node->viscous = M;
  node->zone = S->freeplay_unit + fbar / K;
  node->shift = fc / K;
  node->theorem = "3.9";
  d = num (node->zone);
  if (M > 0)
    {
      g_autofree char *tau = num (F->viscous_unit / S->k_unit);

      spring_friction_creep (b, S, F, node->shift, spring);
      explain (b, _("The spring “%s” loads paper 003's non-inertial friction element “%s” "
                    "through the massless “%s”.  Theorem 2.1 inverts the friction law, "
                    "μ·ż = luz(F, F0), and the cascade luz(k·luz(u, Δ), F0) = "
                    "k·luz(u, Δ + F0/k) leaves one dead zone of half width %s: the node "
                    "rests while the spring's stretch is inside it, then creeps with the "
                    "time constant μ/k = %s s.  Over a time step h the implicit equation "
                    "is Theorem 3.9's tar(y, b) = k·luz(x − y, a) with k·h/μ for k and "
                    "h·F0/μ for b, solved by the last line."),
               S->element, F->element, b->z, d, tau);
      return;
    }
  spring_friction_play (b, S, F, node->shift);
  explain (b, _("The friction “%s” has no viscous part: with the spring “%s” the massless "
                "“%s” is a rigid-plastic element, the limit k → ∞ of Theorem 3.9.  The "
                "node rests while the spring's stretch is inside a play of half width "
                "%s and is dragged along at its edges (the last line: a play operator).  "
                "Its position is single-valued, set by its history; the friction force "
                "is set-valued while it rests — any value in [−F0⁻, F0⁺], decided by "
                "the spring."),
           F->element, S->element, b->z, d);
}

/* Where linear arms balance: the mean of their neutral positions weighted
 * by their c (DAMPERS: a velocity) or k, plus the loads, over TOTAL — the
 * right side of ż = … or z = … */
static char *
balance_text (Build        *b,
              const GArray *arms,
              GPtrArray    *loads,
              gboolean      dampers,
              double        total)
{
  g_auto(Lin) w = { NULL, 0 };
  g_autofree char *wt = NULL;
  GString *rhs = g_string_new (NULL);

  for (guint i = 0; i < arms->len; i++)
    {
      const LzJointArm *a = &g_array_index (arms, LzJointArm, i);
      g_auto(Lin) aw = arm_w (b, a);
      Lin sum = lin_combine (1, &w, (dampers ? a->viscous_unit : a->k_unit) / total, &aw);

      lin_clear (&w);
      w = sum;
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
      const LzJointArm *a = &g_array_index (arms, LzJointArm, i);
      g_auto(Lin) aw = arm_w (b, a);
      g_autofree char *u = NULL, *l = NULL;

      if (a->kind != LZ_ITEM_SPRING)
        continue;
      u = stretch (b, &aw, 0);
      l = luz_text (u, a->freeplay_unit);
      append_signed (out, a->k_unit, l, FALSE);
    }
  for (guint i = 0; i < loads->len; i++)
    append_signed (out, 1, lz_expr_get_text (loads->pdata[i]), FALSE);
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

/* One friction element F (μ ≥ 0 to w_F) with dampers (c_j to w_j),
 * springs and loads: at the friction's velocity u = ż − ẇ_F each damper
 * pulls c_j·(ẇ_j − ẇ_F) − c_j·u, so Theorem 2.1 with μ + Σc_j gives
 * (μ + Σc_j)·u = luz(F + Σ c_j·(ẇ_j − ẇ_F), F0), F the springs and loads. */
static void
friction_dampers (Build            *b,
                  const GArray     *arms,
                  GPtrArray        *loads,
                  const LzJointArm *F)
{
  g_auto(Lin) fw = arm_w (b, F);
  g_autofree char *forces = other_forces (b, arms, loads);
  g_autofree char *v = relative_velocity (b, &fw);
  g_autofree char *fs = num (0.5 * (F->level_pos_unit + F->level_neg_unit));
  g_autofree char *mv = NULL, *rhs = NULL, *inv = NULL, *ids = NULL;
  GString *total = g_string_new (strcmp (forces, "0") == 0 ? "" : forces);
  GString *names = g_string_new (NULL);
  double mu = F->viscous_unit;
  guint n_dampers = 0;

  for (guint i = 0; i < arms->len; i++)
    {
      const LzJointArm *D = &g_array_index (arms, LzJointArm, i);
      g_auto(Lin) dw = { NULL, 0 };
      g_auto(Lin) pull = { NULL, 0 };
      g_autofree char *pv = NULL;

      if (D->kind != LZ_ITEM_DAMPER)
        continue;
      mu += D->viscous_unit;
      n_dampers++;
      lz_append_quoted_id (names, D->element);
      dw = arm_w (b, D);
      pull = lin_combine (1, &dw, -1, &fw);
      pv = lin_text (&pull, TRUE);
      if (strcmp (pv, "0") != 0)
        append_signed (total, D->viscous_unit, pv, FALSE);
    }
  ids = g_string_free (names, FALSE);

  b->node->kind = LZ_NODE_FRICTION;
  b->node->theorem = "2.1";
  b->node->viscous = mu;
  /* asymmetric levels shift the dead zone: luz(F − (F⁺ − F⁻)/2, (F⁺ + F⁻)/2) */
  if (F->level_pos_unit != F->level_neg_unit)
    append_signed (total, -0.5 * (F->level_pos_unit - F->level_neg_unit), NULL, FALSE);
  if (total->len == 0)
    g_string_append (total, "0");
  mv = scaled (mu, v);
  rhs = g_strdup_printf ("luz(%s, %s)", total->str, fs);
  g_string_free (total, TRUE);
  lz_notes_add (b->equations, "%s = %s", mv, rhs);
  if (round6 (mu) != 1)
    {
      inv = scaled (1 / mu, rhs);
      lz_notes_add (b->equations, "%s = %s", v, inv);
    }
  if (n_dampers == 0)
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s”: "
                  "Theorem 2.1 inverts its law, μ·ż = luz(F, F0), F the force of the other "
                  "elements and loads on the node, so the node's velocity is an explicit "
                  "function of the positions (a first-order state)."),
             F->element, b->z);
  else if (n_dampers == 1)
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s” with the "
                  "damper %s: at the friction's velocity the damper adds its coefficient to μ and "
                  "pulls with c·(its far end's velocity − the friction's far end's), so Theorem "
                  "2.1 inverts the law, (μ + c)·ż = luz(F, F0), and the node's velocity is an "
                  "explicit function of the positions and of that velocity."),
             F->element, b->z, ids);
  else
    explain (b, _("Paper 003's non-inertial friction element “%s” holds the massless “%s” with the "
                  "dampers %s: at the friction's velocity each damper adds its coefficient to μ and "
                  "pulls with c·(its far end's velocity − the friction's far end's), so Theorem "
                  "2.1 inverts the law, (μ + Σc)·ż = luz(F, F0), and the node's velocity is an "
                  "explicit function of the positions and of those velocities."),
             F->element, b->z, ids);
}

/* Counts the arms by kind. */
static void
census_take (Census       *c,
             const GArray *arms,
             GPtrArray    *loads)
{
  memset (c, 0, sizeof *c);
  c->arms = arms;
  c->loads = loads;
  for (guint i = 0; i < arms->len; i++)
    {
      const LzJointArm *a = &g_array_index (arms, LzJointArm, i);

      if (a->kind == LZ_ITEM_SPRING)
        {
          if (c->ns < G_N_ELEMENTS (c->spring))
            c->spring[c->ns] = a;
          c->ns++;
          c->nsf += a->freeplay_unit > 0;
        }
      else if (a->kind == LZ_ITEM_DAMPER)
        c->nd++;
      else if (a->kind == LZ_ITEM_FRICTION)
        {
          if (c->nf < G_N_ELEMENTS (c->friction))
            c->friction[c->nf] = a;
          c->nf++;
        }
      else
        c->nstop++;
    }
}

static void
prescribed_node (Build         *b,
                 const LzModel *model,
                 const char    *prescribed)
{
  const LzSource *source = lz_model_lookup_source (model, prescribed);

  b->node->kind = LZ_NODE_PRESCRIBED;
  lz_notes_add (b->equations, "%s = %s", b->qz, lz_expr_get_text (source->value));
  explain (b, _("The motion of the massless “%s” is prescribed by “%s”: its node equation "
                "gives the force the actuators must supply (paper 001), not its position."),
           b->z, prescribed);
}

/* One friction element, with dampers, springs or loads (Theorem 2.1), or
 * with one spring alone (Theorem 3.9). */
static void
one_friction (Build        *b,
              const Census *c)
{
  const LzJointArm *F = c->friction[0];

  if (c->nd > 0)
    friction_dampers (b, c->arms, c->loads, F);
  else if (c->ns == 1 && c->loads->len == 0)
    spring_friction (b, c->spring[0], F);
  else if (F->viscous_unit > 0)
    friction_dampers (b, c->arms, c->loads, F);
  else
    no_closed_form (b, c->ns == 1 ? _("its friction element has no viscous part and a load acts on it.")
                                  : _("its friction element has no viscous part, so its velocity is "
                                      "not an explicit function of the positions."));
}

/* Two friction elements in series, nothing else: Theorem 3.7 on
 * velocities, k = μ₁/μ₂. */
static void
friction_series (Build        *b,
                 const Census *c)
{
  const LzJointArm *F1 = c->friction[0], *F2 = c->friction[1];
  double k, a, bb;
  g_auto(Lin) w1 = { NULL, 0 };
  g_auto(Lin) w2 = { NULL, 0 };
  g_auto(Lin) X = { NULL, 0 };
  g_autofree char *x = NULL, *v = NULL, *ks = NULL, *zs = NULL;

  /* the second one to a fixed ground, if any: ż relative to it */
  w1 = arm_w (b, F1);
  w2 = arm_w (b, F2);
  if (!lin_is_constant (&w2) && lin_is_constant (&w1))
    swap_arms (&F1, &F2, &w1, &w2);
  if (!(F1->viscous_unit > 0 && F2->viscous_unit > 0 && F1->level_pos_unit == F1->level_neg_unit
        && F2->level_pos_unit == F2->level_neg_unit && !same_port (F1, F2)))
    {
      no_closed_form (b, _("Theorem 3.7 disentangles two friction elements in series only with "
                           "viscous parts and symmetric levels."));
      return;
    }
  k = F1->viscous_unit / F2->viscous_unit;
  a = F1->level_pos_unit / F1->viscous_unit;
  bb = F2->level_pos_unit / F2->viscous_unit;
  X = lin_combine (1, &w1, -1, &w2);
  x = lin_text (&X, TRUE);
  v = relative_velocity (b, &w2);
  ks = num (k);
  b->node->kind = LZ_NODE_FRICTION_SERIES;
  b->node->theorem = "3.7";
  if (k * a > bb)
    {
      g_autofree char *l = luz_text (x, k * a - bb), *r = scaled (1 / (k + 1), l);

      b->node->zone = k * a - bb;
      b->node->ratio = 1 / (k + 1);
      lz_notes_add (b->equations, "%s = %s - %s", v, x, r);
    }
  else if (k * a == bb)
    {
      g_autofree char *r = scaled (k / (k + 1), x);

      b->node->zone = 0;
      b->node->ratio = k / (k + 1);
      lz_notes_add (b->equations, "%s = %s", v, r);
    }
  else
    {
      g_autofree char *l = luz_text (x, (bb - k * a) / k), *r = scaled (k / (k + 1), l);

      b->node->zone = (bb - k * a) / k;
      b->node->ratio = k / (k + 1);
      lz_notes_add (b->equations, "%s = %s", v, r);
    }
  zs = num (b->node->zone);
  if (k * a > bb)
    explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                  "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  “%s” is "
                  "the stronger: it sticks and carries the node while the relative "
                  "velocity is within ±(F₁ − F₂)/μ₂ = ±%s."),
             F1->element, F2->element, b->z, ks, F1->element, zs);
  else if (k * a == bb)
    explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                  "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  Their "
                  "levels are equal: both slip, the node at the share k/(k + 1) of the "
                  "relative velocity."),
             F1->element, F2->element, b->z, ks);
  else
    explain (b, _("The friction elements “%s” and “%s” are in series through the massless "
                  "“%s”: Theorem 3.7 (k = μ₁/μ₂ = %s) gives the node's velocity.  “%s” is "
                  "the stronger: it holds the node while the relative velocity is within "
                  "±(F₂ − F₁)/μ₁ = ±%s."),
             F1->element, F2->element, b->z, ks, F2->element, zs);
}

/* Dampers only (paper 002's Corollary 4.5, a first-order coordinate) or
 * linear springs only (Corollary 4.6): the node sits, or moves, where
 * their forces balance. */
static void
balanced (Build        *b,
          const Census *c,
          gboolean      dampers)
{
  double total = 0;
  g_autofree char *rhs = NULL;

  for (guint i = 0; i < c->arms->len; i++)
    {
      const LzJointArm *a = &g_array_index (c->arms, LzJointArm, i);

      total += dampers ? a->viscous_unit : a->k_unit;
    }
  if (dampers && !(total > 0))
    {
      no_closed_form (b, _("its dampers have c = 0."));
      return;
    }
  rhs = balance_text (b, c->arms, c->loads, dampers, total);
  b->node->kind = dampers ? LZ_NODE_DAMPERS : LZ_NODE_LINEAR_SPRINGS;
  if (dampers)
    b->node->viscous = total;
  else
    b->node->stiffness = total;
  lz_notes_add (b->equations, "%s = %s", dampers ? b->vz : b->qz, rhs);
  explain (b, dampers ? _("Dampers only: the massless “%s” moves so that their forces balance, a "
                          "first-order coordinate (paper 002, Corollary 4.5).")
                      : _("Linear springs only: the massless “%s” sits where their forces balance "
                          "(paper 002, Corollary 4.6); no luz/tar theorem is needed."),
           b->z);
}

/* Two springs with freeplay in series: Theorem 3.6, k = k₁/k₂. */
static void
freeplay_series (Build            *b,
                 const LzJointArm *S1,
                 const LzJointArm *S2,
                 const Lin        *X,
                 const Lin        *Y)
{
  double k = S1->k_unit / S2->k_unit, Ks = S1->k_unit * S2->k_unit / (S1->k_unit + S2->k_unit);
  g_autofree char *x = lin_text (X, FALSE), *y = lin_text (Y, FALSE), *ks = num (k), *kser = num (Ks);
  g_autofree char *a12 = num (S1->freeplay_unit + S2->freeplay_unit);
  g_autofree char *bb = num ((k + 1) / k * S2->freeplay_unit);
  g_autofree char *t = g_strdup_printf ("talu(%s, %s, %s)", x, a12, bb), *r = scaled (k / (k + 1), t);

  b->node->stiffness = Ks;
  b->node->kind = LZ_NODE_FREEPLAY_SERIES;
  b->node->theorem = "3.6";
  b->node->zone = S1->freeplay_unit + S2->freeplay_unit;
  b->node->ratio = k / (k + 1);
  lz_notes_add (b->equations, "%s = %s", y, r);
  lz_notes_add (b->equations, "T = %s*luz(%s, %s)", kser, x, a12);
  explain (b, _("Two springs with freeplay, “%s” and “%s”, are in series through the "
                "massless “%s”: Theorem 3.6 (k = k₁/k₂ = %s) solves the node equation and "
                "gives the force they transmit, k₁k₂/(k₁ + k₂)·luz(x, Δ₁ + Δ₂): compliances "
                "and freeplays add.  While both are slack the node's position is "
                "set-valued (nothing holds it); the formula takes the point that shares "
                "the gap in proportion to the freeplays."),
           S1->element, S2->element, b->z, ks);
}

/* A linear spring S1 and a spring with freeplay S2 in series: Theorem 3.8
 * with a = 0. */
static void
linear_freeplay_series (Build            *b,
                        const LzJointArm *S1,
                        const LzJointArm *S2,
                        const Lin        *X)
{
  double k = S1->k_unit / S2->k_unit, Ks = S1->k_unit * S2->k_unit / (S1->k_unit + S2->k_unit);
  g_auto(Lin) W1 = arm_w (b, S1);
  g_autofree char *x = lin_text (X, FALSE), *ks = num (k), *kser = num (Ks);
  g_autofree char *w1 = lin_text (&W1, FALSE), *l = luz_text (x, S2->freeplay_unit);
  g_autofree char *r = scaled (1 / (k + 1), l);

  b->node->stiffness = Ks;
  b->node->kind = LZ_NODE_LINEAR_FREEPLAY_SERIES;
  b->node->theorem = "3.8";
  b->node->zone = S2->freeplay_unit;
  b->node->ratio = 1 / (k + 1);
  if (strcmp (w1, "0") == 0)
    lz_notes_add (b->equations, "%s = -%s", b->qz, r);
  else
    lz_notes_add (b->equations, "%s = %s - %s", b->qz, w1, r);
  lz_notes_add (b->equations, "T = %s*%s", kser, l);
  explain (b, _("The linear spring “%s” and the spring with freeplay “%s” are in series "
                "through the massless “%s”: Theorem 3.8 with a = 0 (k = k₁/k₂ = %s) solves "
                "the node equation.  The node follows the linear spring's far end while "
                "the other is slack, and the pair transmits k₁k₂/(k₁ + k₂)·luz(x, Δ)."),
           S1->element, S2->element, b->z, ks);
}

/* Two springs to two ports, one at least with freeplay: Theorem 3.6 or
 * 3.8. */
static void
two_springs (Build        *b,
             const Census *c)
{
  const LzJointArm *S1 = c->spring[0], *S2 = c->spring[1];
  g_auto(Lin) w1 = arm_w (b, S1), w2 = arm_w (b, S2);
  g_auto(Lin) X = { NULL, 0 };
  g_auto(Lin) Y = { NULL, 0 };
  g_auto(Lin) z = { NULL, 0 };

  /* spring 2 has freeplay (Theorem 3.8) or goes to a fixed ground */
  if (S2->freeplay_unit == 0 || (c->nsf == 2 && !lin_is_constant (&w2) && lin_is_constant (&w1)))
    swap_arms (&S1, &S2, &w1, &w2);
  X = lin_combine (1, &w1, -1, &w2);
  lin_add_term (&z, b->z, NULL, 1);
  Y = lin_combine (1, &z, -1, &w2);
  if (c->nsf == 2)
    freeplay_series (b, S1, S2, &X, &Y);
  else
    linear_freeplay_series (b, S1, S2, &X);
}

/* A linear spring and a spring with freeplay in parallel to w₁, a linear
 * spring to w₂: Theorem 3.8 with a = 0 and k = 1/κ.  FALSE when the three
 * springs are not so. */
static gboolean
parallel_series (Build        *b,
                 const Census *c)
{
  const LzJointArm *fp = NULL, *lin = NULL, *other = NULL;
  double kl, kf, k3, kappa, rho, d;
  g_auto(Lin) wl = { NULL, 0 };
  g_auto(Lin) wf = { NULL, 0 };
  g_auto(Lin) wo = { NULL, 0 };
  g_auto(Lin) diff = { NULL, 0 };
  g_auto(Lin) X = { NULL, 0 };
  g_auto(Lin) Z0 = { NULL, 0 };
  g_auto(Lin) RX = { NULL, 0 };
  g_autofree char *z0 = NULL, *rx = NULL, *l = NULL, *r = NULL, *ka = NULL;

  for (guint i = 0; i < 3; i++)
    if (c->spring[i]->freeplay_unit > 0)
      fp = c->spring[i];
  for (guint i = 0; i < 3; i++)
    {
      const LzJointArm *a = c->spring[i];

      if (a == fp)
        continue;
      if (same_port (a, fp) && lin == NULL)
        lin = a;
      else
        other = a;
    }
  if (lin == NULL || other == NULL || same_port (other, fp))
    return FALSE;
  /* k3 (z − w2) = kl (w1 − z) + kf luz(w1 − z, Δ), u = w1 − z:
   * u + κ luz(u, Δ) = ρ X, X = w1 − w2 (the pair's w must agree) */
  kl = lin->k_unit;
  kf = fp->k_unit;
  k3 = other->k_unit;
  kappa = kf / (k3 + kl);
  rho = k3 / (k3 + kl);
  wl = arm_w (b, lin);
  wf = arm_w (b, fp);
  wo = arm_w (b, other);
  diff = lin_combine (1, &wl, -1, &wf);
  d = lin_is_constant (&diff) ? diff.c0 : 1;
  if (!(fabs (d) < TERM_TOL))
    return FALSE;
  X = lin_combine (1, &wf, -1, &wo);
  Z0 = lin_combine (1 - rho, &wf, rho, &wo);
  RX = lin_combine (rho, &X, 0, NULL);
  ka = num (kappa);
  b->node->kind = LZ_NODE_PARALLEL_SERIES;
  b->node->theorem = "3.8";
  b->node->zone = fp->freeplay_unit;
  b->node->ratio = kappa / (kappa + 1);
  b->node->share = rho;
  z0 = lin_text (&Z0, FALSE);
  rx = lin_text (&RX, FALSE);
  l = luz_text (rx, fp->freeplay_unit);
  r = scaled (kappa / (kappa + 1), l);
  lz_notes_add (b->equations, "%s = %s + %s", b->qz, z0, r);
  explain (b, _("The linear spring “%s” and the spring with freeplay “%s” act in "
                "parallel between the massless “%s” and “%s”, and the linear spring "
                "“%s” holds it on the other side: Theorem 3.8 with a = 0 and k = 1/κ "
                "(κ = %s) inverts the progressive characteristic u + κ·luz(u, Δ) of "
                "the pair's deflection u."),
           lin->element, fp->element, b->z, fp->y != NULL ? fp->y : "",
           other->element, ka);
  return TRUE;
}

/* Which case the node is (see the top of this file), and its equations
 * and explanation. */
static void
classify (Build         *b,
          const LzModel *model,
          GArray        *arms,
          GPtrArray     *loads,
          const char    *prescribed)
{
  Census c;

  census_take (&c, arms, loads);
  if (prescribed != NULL)
    prescribed_node (b, model, prescribed);
  else if (arms->len == 0)
    no_closed_form (b, _("no element holds it."));
  else if (c.nstop > 0)
    no_closed_form (b, _("a stop acts on it."));
  else if (c.nf == 1)
    one_friction (b, &c);
  else if (c.nf == 2 && c.ns == 0 && c.nd == 0 && loads->len == 0)
    friction_series (b, &c);
  else if (c.nf > 0)
    no_closed_form (b, c.nd > 0 ? _("friction and dampers act on it together.")
                                : _("more than one friction element acts on it with other elements."));
  else if (c.nd > 0 && c.ns == 0)
    balanced (b, &c, TRUE);
  else if (c.nd > 0)
    no_closed_form (b, _("springs and dampers act on it together, so its coordinate is a "
                         "first-order state (paper 002, §2)."));
  else if (c.nsf == 0)
    balanced (b, &c, FALSE);
  else if (loads->len > 0)
    no_closed_form (b, _("a load acts on it between springs with freeplay."));
  else if (c.ns == 2 && !same_port (c.spring[0], c.spring[1]))
    two_springs (b, &c);
  else if (!(c.ns == 3 && c.nsf == 1 && parallel_series (b, &c)))
    no_closed_form (b, _("the springs with freeplay on it are not in one of the forms of Theorems "
                         "3.6 and 3.8 (two in series, or a parallel pair in series with a linear "
                         "spring)."));
}

/* The node equation as assembled: "0·q̈_z ∈ …" becomes "0 ∈ …" */
static char *
entangled_equation (const LzAssembly *assembly,
                    const LzModel    *model,
                    const char       *z)
{
  int dof = lz_model_get_body_index (model, z);
  g_autofree char *equation_text = NULL;
  const char *rel;

  if (dof < 0 || (guint) dof >= lz_assembly_get_n_dofs (assembly))
    return g_strdup ("");
  equation_text = lz_assembly_dup_equation (assembly, dof);
  rel = strstr (equation_text, " ∈ ");
  if (rel == NULL)
    rel = strstr (equation_text, " = ");
  return rel != NULL ? g_strdup_printf ("0%s", rel) : g_strdup (equation_text);
}

/* The loads on body Z (LzExpr, borrowed) and its prescribed motion's id,
 * or NULL. */
static const char *
collect_sources (const LzModel *model,
                 const char    *z,
                 GPtrArray     *loads)
{
  const char *prescribed = NULL;

  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      if (g_strcmp0 (source->body, z) != 0)
        continue;
      if (source->item.kind == LZ_ITEM_FORCE)
        g_ptr_array_add (loads, source->value);
      else if (source->item.kind == LZ_ITEM_PRESCRIBED)
        prescribed = source->item.id;
    }
  return prescribed;
}

/* The ids of ARMS, NULL-terminated */
static char **
arm_ids (const GArray *arms)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint a = 0; a < arms->len; a++)
    g_ptr_array_add (ids, g_strdup (g_array_index (arms, LzJointArm, a).element));
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

/* The node of the massless body Z. */
static LzMasslessNode *
node_new (const LzAssembly *assembly,
          const LzModel    *model,
          const char       *z)
{
  LzMasslessNode *node = g_new0 (LzMasslessNode, 1);
  g_autoptr(GArray) arms = lz_joint_arms_new ();
  g_autoptr(GPtrArray) loads = g_ptr_array_new ();
  g_autoptr(GPtrArray) merged = NULL;
  const char *prescribed;
  Build b = { node, model, g_ptr_array_new_with_free_func (g_free), z,
              g_strdup_printf ("q_%s", z), g_strdup_printf ("q\u0307_%s", z) };

  node->body = g_strdup (z);
  node->stiffness = node->viscous = node->rate = node->zone = NAN;
  node->shift = node->ratio = node->share = NAN;

  prescribed = collect_sources (model, z, loads);
  if (!collect_arms (model, z, arms))
    g_array_set_size (arms, 0);
  node->elements = arm_ids (arms);
  merged = merge_parallel_dampers (model, arms);
  node->entangled = entangled_equation (assembly, model, z);

  classify (&b, model, arms, loads, prescribed);
  node->kind_name = kind_name (node->kind);
  for (guint m = 0; merged != NULL && m < merged->len; m++)
    {
      char *joined = g_strconcat (node->explanation, "  ", (const char *) merged->pdata[m], NULL);

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
  return node;
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

      if (body->mass == 0)
        g_ptr_array_add (nodes, node_new (assembly, model, body->item.id));
    }
  return nodes;
}
