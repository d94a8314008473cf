/* lz-assembler-equations.c — the equations of motion of an assembly in
 * luz/tar notation
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line per dof, m·q̈ = Σ forces − Σ T·∂g/∂q over the elements at the
 * dof, each element's tension T written in the notation of paper 003
 * (k·luz(g − ℓ0, Δ), C·tar(ġ, F/C), Sgn, the contact forces λ and F).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-assembler-internal.h"
#include "lz-format.h"
#include "lz-friction.h"

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

      lz_affine_init (&g0);
      if (velocity)
        lz_affine_add_derivative (&g0, 1.0, &coord->g0);
      else
        lz_affine_add_scaled (&g0, 1.0, &coord->g0);
      for (guint i = 0; i < g0.terms->len; i++)
        {
          const LzAffineTerm *t = &g_array_index (g0.terms, LzAffineTerm, i);

          lz_affine_append_term (out, t->coef, t->expr, t->order);
        }
      if (g0.constant != 0.0)
        lz_text_append_term (out, g0.constant, NULL, TRUE);
      lz_affine_clear (&g0);
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
  g_autofree char *ks = lz_number_to_string (k);

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
        ks = lz_number_to_string (k);
        if (offset != 0.0)
          {
            g_autofree char *o = lz_number_to_string (fabs (offset));

            s = g_strdup_printf ("%s %s %s", g, offset > 0 ? "-" : "+", o);
          }
        else
          s = g_strdup (g);
        if (freeplay == 0.0)
          return product_text (k, s);
        fp = lz_number_to_string (freeplay);
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
        g_autofree char *fps = lz_number_to_string (fp), *fns = lz_number_to_string (fn);

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
            g_autofree char *cs = lz_number_to_string (c), *a = lz_number_to_string (fp / c);

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
  mass = lz_number_to_string (lz_model_get_body (self->model, i)->mass);

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

  /* the elements at dof i, in file order */
  for (guint k = self->dof_first[i]; k < self->dof_first[i + 1]; k++)
    {
      const Coordinate *coord = &self->coords[self->dof_elements[k]];
      double wi = 0.0;
      gboolean sv;
      g_autofree char *T = NULL;

      if (coord->a == i)
        wi -= coord->ca;
      if (coord->b == i)
        wi += coord->cb;
      if (wi == 0.0)
        continue;
      if (lz_assembly_element_limits (coord->element, &lower, &upper))
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
  return lz_text_prettify (equation);
}
