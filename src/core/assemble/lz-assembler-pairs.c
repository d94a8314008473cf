/* lz-assembler-pairs.c — the complementarity pairs of an assembly and
 * its linear complementarity system
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every nonsmooth element (one row wᵀ of W) gives one or two pairs
 * 0 ≤ y ⊥ u ≥ 0, described here in words and symbols.  The linear
 * complementarity system (paper 004 §4) for x = (q, q̇) and regular M is
 * ẋ = A x + B u + e(t), y = C x + D u + d(t), 0 ≤ y ⊥ u ≥ 0, with
 * A = [0 I; −M⁻¹K −M⁻¹C] and one (y, u) pair per complementarity pair:
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
 * The LCS is dense (2n×2n and 2n×pairs): it is built when first asked for
 * (exports, the matrix view, small models), never for a long chain's run.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-assembler-internal.h"
#include "lz-format.h"
#include "lz-friction.h"

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

/* (lz-assembler-internal.h) */
gboolean
lz_assembly_element_limits (const LzElement *element,
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
  g_autofree char *k = lz_number_to_string (element->contact.stiffness);
  g_autofree char *c = lz_number_to_string (element->contact.damping);

  lz_assembly_element_limits (element, &lower, &upper);
  if (isfinite (lower))
    {
      g_autofree char *lo = lz_number_to_string (lower);

      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_CONTACT_LOWER, "pressed-",
                g_strdup_printf ("F_lo − %s·(%s − g) + %s·ġ", k, lo, c),
                g_strdup ("F_lo (contact force, 0 while g ≥ lower)"),
                g_strdup_printf (_("%s: F_lo > 0, pressed below its lower limit g = %s, "
                                   "F_lo = max(0, k·δ + c·δ̇) with δ = lower − g > 0"), id, lo));
    }
  if (isfinite (upper))
    {
      g_autofree char *hi = lz_number_to_string (upper);

      set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_CONTACT_UPPER, "pressed+",
                g_strdup_printf ("F_hi − %s·(g − %s) − %s·ġ", k, hi, c),
                g_strdup ("F_hi (contact force, 0 while g ≤ upper)"),
                g_strdup_printf (_("%s: F_hi > 0, pressed above its upper limit g = %s, "
                                   "F_hi = max(0, k·δ + c·δ̇) with δ = g − upper > 0"), id, hi));
    }
}

/* The pairs of one nonsmooth element, in the order of LzPairKind. */
void
lz_assembly_describe_pairs (LzAssembly      *self,
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
          g_autofree char *lo = lz_number_to_string (element->stop.lower);
          g_autofree char *lo_abs = lz_number_to_string (fabs (element->stop.lower));

          set_pair (&self->pairs[(*next)++], element, row, LZ_PAIR_STOP_LOWER, "lower",
                    element->stop.lower < 0 ? g_strdup_printf ("g + %s", lo_abs)
                                            : g_strdup_printf ("g − %s", lo_abs),
                    g_strdup ("λ_lo (contact force)"),
                    g_strdup_printf (_("%s touches its lower limit g = %s"), id, lo));
        }
      if (isfinite (element->stop.upper))
        {
          g_autofree char *hi = lz_number_to_string (element->stop.upper);

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
  lz_affine_add_scaled (&self->d[p], sign, g0);
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

  lz_assembly_element_limits (element, &lower, &upper);
  gsl_matrix_set (self->D, p, p, 1.0);
  lcs_position_pair (self, p, w, minv, -side * k, -side, g0, side * k * (side < 0 ? lower : upper));
  for (guint i = 0; i < n; i++)
    gsl_matrix_set (self->Cy, p, n + i, -side * c * w[i]);
  lz_affine_add_derivative (&self->d[p], -side * c, g0);
}

/* The linear complementarity system, M regular (diagonal). */
static void
build_lcs (LzAssembly *self)
{
  guint n = self->n, np = self->n_pairs;
  g_autofree double *w = g_new0 (double, MAX (n, 1));
  g_autofree double *minv = g_new0 (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    minv[i] = 1.0 / lz_model_get_body (self->model, i)->mass;

  self->A = lz_assembly_matrix_new (2 * n, 2 * n);
  self->B = lz_assembly_matrix_new (2 * n, np);
  self->Cy = lz_assembly_matrix_new (np, 2 * n);
  self->D = lz_assembly_matrix_new (np, np);
  self->e = g_new0 (LzAffine, 2 * n);
  self->d = g_new0 (LzAffine, MAX (np, 1));
  for (guint i = 0; i < 2 * n; i++)
    lz_affine_init (&self->e[i]);
  for (guint i = 0; i < np; i++)
    lz_affine_init (&self->d[i]);

  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (self->A, i, n + i, 1.0);
      /* −M⁻¹K and −M⁻¹C from their nonzero entries */
      for (size_t k = self->Ks->p[i]; k < (size_t) self->Ks->p[i + 1]; k++)
        gsl_matrix_set (self->A, n + i, self->Ks->i[k], -minv[i] * self->Ks->data[k]);
      for (size_t k = self->Cs->p[i]; k < (size_t) self->Cs->p[i + 1]; k++)
        gsl_matrix_set (self->A, n + i, n + self->Cs->i[k], -minv[i] * self->Cs->data[k]);
      lz_affine_add_scaled (&self->e[n + i], minv[i], &self->f[i]);
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
          lz_affine_add_derivative (&self->d[p], -1.0, &coord->g0);
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

/* (lz-assembler-internal.h) */
void
lz_assembly_clear_lcs (LzAssembly *self)
{
  if (self->e != NULL)
    for (guint i = 0; i < 2 * self->n; i++)
      lz_affine_clear (&self->e[i]);
  g_clear_pointer (&self->e, g_free);
  if (self->d != NULL)
    for (guint i = 0; i < self->n_pairs; i++)
      lz_affine_clear (&self->d[i]);
  g_clear_pointer (&self->d, g_free);
  g_clear_pointer (&self->A, gsl_matrix_free);
  g_clear_pointer (&self->B, gsl_matrix_free);
  g_clear_pointer (&self->Cy, gsl_matrix_free);
  g_clear_pointer (&self->D, gsl_matrix_free);
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
  g_rec_mutex_lock (&mutable->lazy_lock);
  if (mutable->A == NULL)
    {
      build_lcs (mutable);
      clear_negative_zeros (mutable->A);
      clear_negative_zeros (mutable->B);
      clear_negative_zeros (mutable->Cy);
      clear_negative_zeros (mutable->D);
    }
  g_rec_mutex_unlock (&mutable->lazy_lock);
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
