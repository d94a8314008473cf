/* lz-friction.c — the friction laws: static and sliding levels, Stribeck,
 * levels in t
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One place for what a friction element's force is, read by the
 * event-driven and the time-stepping integrator alike: the static box a
 * stuck element holds within, the level it slides at (Coulomb, or
 * Stribeck's velocity-weakening curve), both possibly functions of t.
 * The viscous part σ·ġ is the law's c, in the assembly's C.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-format.h"
#include "lz-friction.h"

/* A level given by an expression, else its constant. */
static double
level_at (const LzExpr *expr,
          double        value,
          double        t)
{
  return expr != NULL ? lz_expr_eval (expr, t) : value;
}

/* The friction rows of LAW from the model's ELEMENT: the static levels
 * default to the sliding ones (a static level written as 0 is none). */
void
lz_friction_law_init (LzElementLaw    *law,
                      const LzElement *element)
{
  gboolean has_pos = element->friction.static_pos != 0 || element->friction.static_pos_t != NULL;
  gboolean has_neg = element->friction.static_neg != 0 || element->friction.static_neg_t != NULL;

  law->fpos = element->friction.level_pos;
  law->fneg = element->friction.level_neg;
  law->fpos_t = element->friction.level_pos_t;
  law->fneg_t = element->friction.level_neg_t;
  law->fs_pos = has_pos ? element->friction.static_pos : law->fpos;
  law->fs_neg = has_neg ? element->friction.static_neg : law->fneg;
  law->fs_pos_t = has_pos ? element->friction.static_pos_t : law->fpos_t;
  law->fs_neg_t = has_neg ? element->friction.static_neg_t : law->fneg_t;
  law->vs = element->friction.stribeck_velocity;
  law->delta = element->friction.stribeck_exponent;
}

/* The model's friction ELEMENT is plain Coulomb friction (constant
 * levels, no static level above them, no Stribeck curve). */
gboolean
lz_friction_element_is_coulomb (const LzElement *element)
{
  LzElementLaw law = { .kind = LZ_ITEM_FRICTION };

  lz_friction_law_init (&law, element);
  return lz_friction_is_coulomb (&law);
}

/* The static levels of ELEMENT (at t = 0): the box a stuck element holds
 * within, the levels of its complementarity pairs (mode selection). */
void
lz_friction_element_static (const LzElement *element,
                            double          *fs_pos,
                            double          *fs_neg)
{
  LzElementLaw law = { .kind = LZ_ITEM_FRICTION };

  lz_friction_law_init (&law, element);
  *fs_pos = law.fs_pos;
  *fs_neg = law.fs_neg;
}

/* One level as text: its expression in t or its number; PAREN: in
 * parentheses unless a number or a name. */
static char *
level_text (const LzExpr *expr,
            double        value,
            gboolean      paren)
{
  const char *text;

  if (expr == NULL)
    return lz_number_to_string (value);
  text = lz_expr_get_text (expr);
  if (paren && strspn (text, "0123456789.abcdefghijklmnopqrstuvwxyz_") != strlen (text))
    return g_strdup_printf ("(%s)", text);
  return g_strdup (text);
}

/* The sliding level of one side as a function of the slip speed s:
 * "Fc", or "Fc + (Fs - Fc)*exp(-(s/vs)^δ)" (Stribeck). */
static char *
slide_text (const LzElementLaw *law,
            gboolean            positive)
{
  const LzExpr *fc_t = positive ? law->fpos_t : law->fneg_t, *fs_t = positive ? law->fs_pos_t : law->fs_neg_t;
  double fc = positive ? law->fpos : law->fneg, fs = positive ? law->fs_pos : law->fs_neg;
  g_autofree char *fcs = level_text (fc_t, fc, FALSE);
  g_autofree char *drop = NULL;
  g_autofree char *vs = lz_number_to_string (law->vs);
  g_autofree char *delta = lz_number_to_string (law->delta);

  if (!(law->vs > 0) || (fc_t == NULL && fs_t == NULL && fs == fc))
    return g_steal_pointer (&fcs);
  if (fc_t == NULL && fs_t == NULL)
    drop = lz_number_to_string (fs - fc);
  else
    {
      g_autofree char *a = level_text (fs_t, fs, TRUE), *b = level_text (fc_t, fc, TRUE);

      drop = g_strdup_printf ("(%s - %s)", a, b);
    }
  return g_strdup_printf ("%s + %s*exp(-(s/%s)^%s)", fcs, drop, vs, delta);
}

/* The set-valued law of a friction ELEMENT beyond Coulomb's as text, for
 * the equations: "Sgn[f](v) = F(|v|)·sgn(v) for v ≠ 0, [−Fs, Fs] at
 * v = 0" with F the sliding level (Stribeck's curve) and Fs the static
 * level, either side on its own when they differ, any level in t. */
char *
lz_friction_law_text (const LzElement *element)
{
  LzElementLaw law = { .kind = LZ_ITEM_FRICTION };
  g_autofree char *pos = NULL, *neg = NULL, *fs_pos = NULL, *fs_neg = NULL;

  lz_friction_law_init (&law, element);
  pos = slide_text (&law, TRUE);
  neg = slide_text (&law, FALSE);
  fs_pos = level_text (law.fs_pos_t, law.fs_pos, FALSE);
  fs_neg = level_text (law.fs_neg_t, law.fs_neg, FALSE);
  if (strcmp (pos, neg) == 0 && strcmp (fs_pos, fs_neg) == 0 && strcmp (pos, fs_pos) == 0)
    return g_strdup_printf ("Sgn[%s](v) = L(t)·Sgn(v); L(t) = %s", element->item.id, pos);
  if (strcmp (pos, neg) == 0 && strcmp (fs_pos, fs_neg) == 0)
    return g_strdup_printf ("Sgn[%s](v) = F(|v|)·sgn(v) for v ≠ 0, [−Fs, Fs] at v = 0; "
                            "F(s) = %s, Fs = %s", element->item.id, pos, fs_pos);
  return g_strdup_printf ("Sgn[%s](v) = F⁺(v) for v > 0, −F⁻(|v|) for v < 0, [−Fs⁻, Fs⁺] at v = 0; "
                          "F⁺(s) = %s, F⁻(s) = %s, Fs⁺ = %s, Fs⁻ = %s",
                          element->item.id, pos, neg, fs_pos, fs_neg);
}

/* A level is an expression in t. */
gboolean
lz_friction_is_varying (const LzElementLaw *law)
{
  return law->fpos_t != NULL || law->fneg_t != NULL || law->fs_pos_t != NULL || law->fs_neg_t != NULL;
}

/* Plain Coulomb friction with constant levels: the law every part of
 * the engine takes (massless bodies, program motion, the closed forms). */
gboolean
lz_friction_is_coulomb (const LzElementLaw *law)
{
  return !lz_friction_is_varying (law) && law->fs_pos == law->fpos && law->fs_neg == law->fneg;
}

/* The static levels at t: a stuck element holds while −Fs⁻ ≤ T ≤ Fs⁺. */
void
lz_friction_static_box (const LzElementLaw *law,
                        double              t,
                        double             *fs_neg,
                        double             *fs_pos)
{
  *fs_neg = level_at (law->fs_neg_t, law->fs_neg, t);
  *fs_pos = level_at (law->fs_pos_t, law->fs_pos, t);
}

/* The sliding level (≥ 0) at t sliding at SPEED = |ġ| on the + side
 * (POSITIVE) or the − side: Fc + (Fs − Fc)·exp(−(|ġ|/vs)^δ), or Fc
 * without a Stribeck velocity. */
double
lz_friction_slip_level (const LzElementLaw *law,
                        double              t,
                        gboolean            positive,
                        double              speed)
{
  double fc = positive ? level_at (law->fpos_t, law->fpos, t) : level_at (law->fneg_t, law->fneg, t);
  double fs;

  if (!(law->vs > 0))
    return fc;
  fs = positive ? level_at (law->fs_pos_t, law->fs_pos, t) : level_at (law->fs_neg_t, law->fs_neg, t);
  return fc + (fs - fc) * exp (-pow (fabs (speed) / law->vs, law->delta));
}

/* The box [lo, hi] of T for a step that starts in MODE with the slip
 * velocity GD (Moreau-type time-stepping): the static box while stuck;
 * sliding, the sliding level on the side it slides to and the static
 * level on the other, so that the step re-sticks when the force it needs
 * is within the static level and only then. */
void
lz_friction_box (const LzElementLaw *law,
                 double              t,
                 LzMode              mode,
                 double              gd,
                 double             *lo,
                 double             *hi)
{
  double fs_neg, fs_pos;

  lz_friction_static_box (law, t, &fs_neg, &fs_pos);
  *lo = -fs_neg;
  *hi = fs_pos;
  if (mode == LZ_MODE_SLIP_POS && gd > 0)
    *hi = lz_friction_slip_level (law, t, TRUE, gd);
  else if (mode == LZ_MODE_SLIP_NEG && gd < 0)
    *lo = -lz_friction_slip_level (law, t, FALSE, -gd);
}

/* A stuck element that holds FORCE (its T) breaks away at t: is the
 * static level on FORCE's side falling there — the level moved, not the
 * force (cause "level-change")? */
gboolean
lz_friction_level_falls (const LzElementLaw *law,
                         double              t,
                         double              force)
{
  const LzExpr *expr = force >= 0 ? law->fs_pos_t : law->fs_neg_t;

  return expr != NULL && lz_expr_eval_d1 (expr, t) < 0;
}

/* The levels at t are numbers ≥ 0 with the static ones not below the
 * sliding ones; else ERROR names the element, the level and t. */
gboolean
lz_friction_check (const LzElementLaw *law,
                   double              t,
                   GError            **error)
{
  double kin[2] = { level_at (law->fpos_t, law->fpos, t), level_at (law->fneg_t, law->fneg, t) };
  double st[2];

  lz_friction_static_box (law, t, &st[1], &st[0]);
  for (int side = 0; side < 2; side++)
    {
      g_autofree char *tt = NULL, *k = NULL, *s = NULL;
      gboolean number = kin[side] >= 0 && isfinite (kin[side]) && st[side] >= 0 && isfinite (st[side]);

      if (number && st[side] >= kin[side])
        continue;
      tt = lz_number_to_string (t);
      k = lz_number_to_string (kin[side]);
      s = lz_number_to_string (st[side]);
      if (!number)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("friction “%s”: at t = %s its levels are %s (sliding) and %s (static); "
                         "a level must be a number ≥ 0"), law->id, tt, k, s);
          return FALSE;
        }
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("friction “%s”: at t = %s the static level %s is below the sliding "
                     "level %s"), law->id, tt, s, k);
      return FALSE;
    }
  return TRUE;
}

/* The parts of the engine that take plain Coulomb friction only (WHERE:
 * translated words for them) refuse the others: FALSE with ERROR set for
 * a friction element with a static level, a Stribeck curve or levels in
 * t. */
gboolean
lz_friction_refuse (const LzElementLaw *law,
                    const char         *where,
                    GError            **error)
{
  if (law->kind != LZ_ITEM_FRICTION || lz_friction_is_coulomb (law))
    return TRUE;
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
               _("friction “%s”: a static level above the sliding one, a Stribeck curve or "
                 "levels in t are not taken %s; give it constant levels (level, or "
                 "level-pos and level-neg) only"), law->id, where);
  return FALSE;
}
