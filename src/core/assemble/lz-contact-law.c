/* lz-contact-law.c — the damped contact (elasto-gap) law of contact and
 * backlash elements, for both integrators
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A damped contact has limits on its coordinate g (a backlash: ∓Δ).  On
 * the side σ of a finite limit ℓ (σ = −1 the lower one, +1 the upper) its
 * penetration is δ = σ·(g − ℓ) and the contact pushes g back with
 *
 *   F = max(0, k·δ + c·δ̇)   while δ > 0,   F = 0 otherwise
 *
 * (T = σ·F): it never pulls — the damper cannot make the contact sticky.
 * The law is a function of the state, so its modes are the state's: free
 * (F = 0) and pressed on a side (F = k·δ + c·δ̇ > 0, linear in the mode).
 * A pressed contact is released where k·δ + c·δ̇ reaches 0 (before δ does
 * when c > 0); a free one closes where δ reaches 0 moving in, or — rarely,
 * after a release — where k·δ + c·δ̇ turns positive while δ > 0.  The
 * energy it stores is ½·k·δ₊², whatever the mode: what it absorbs beyond
 * that, (F − k·δ₊)·δ̇, is c·δ̇² pressed and −k·δ·δ̇ ≥ 0 released inside (the
 * spring's energy at the release is lost with the surface's recovery), never
 * negative.  docs/mathematics.md, "Damped contact", has the closed forms
 * the tests check.
 */

#include "config.h"

#include <math.h>

#include "lz-contact-law.h"

/* The limit of side SIDE (−1 lower, +1 upper). */
double
lz_contact_law_limit (const LzElementLaw *law,
                      int                 side)
{
  return side < 0 ? law->lower : law->upper;
}

/* The side a mode presses on: −1, +1, or 0 free. */
static int
lz_contact_law_side (LzMode mode)
{
  return mode == LZ_MODE_PRESSED_LOWER ? -1 : mode == LZ_MODE_PRESSED_UPPER ? 1 : 0;
}

static LzMode
lz_contact_law_side_mode (int side)
{
  return side < 0 ? LZ_MODE_PRESSED_LOWER : side > 0 ? LZ_MODE_PRESSED_UPPER : LZ_MODE_FREE;
}

/* k·δ + c·δ̇ on side SIDE (the force the contact would push with). */
double
lz_contact_law_force (const LzElementLaw *law,
                      int                 side,
                      double              g,
                      double              gd)
{
  double delta = side * (g - lz_contact_law_limit (law, side));

  return law->contact_k * delta + law->contact_c * side * gd;
}

/**
 * lz_contact_law_tension:
 * @law: a damped contact's law
 * @mode: its mode
 * @g: its coordinate
 * @gd: its rate
 *
 * Returns: its tension in @mode: σ·(k·δ + c·δ̇) pressed on side σ (positive
 *   while the mode holds), 0 free
 */
double
lz_contact_law_tension (const LzElementLaw *law,
                        LzMode              mode,
                        double              g,
                        double              gd)
{
  int side = lz_contact_law_side (mode);

  return side == 0 ? 0 : side * lz_contact_law_force (law, side, g, gd);
}

/* ½·k·δ₊² of each finite limit. */
double
lz_contact_law_energy (const LzElementLaw *law,
                       double              g)
{
  double e = 0;

  for (int side = -1; side <= 1; side += 2)
    {
      double l = lz_contact_law_limit (law, side), delta = side * (g - l);

      if (isfinite (l) && delta > 0)
        e += 0.5 * law->contact_k * delta * delta;
    }
  return e;
}

/**
 * lz_contact_law_dissipation:
 * @law: a damped contact's law
 * @mode: its mode
 * @g: its coordinate
 * @gd: its rate
 *
 * Returns: the power it dissipates, T·ġ − dV/dg·ġ with V = ½·k·δ₊²
 *   (≥ 0 wherever @mode is the state's)
 */
double
lz_contact_law_dissipation (const LzElementLaw *law,
                            LzMode              mode,
                            double              g,
                            double              gd)
{
  double slope = 0;

  for (int side = -1; side <= 1; side += 2)
    {
      double l = lz_contact_law_limit (law, side), delta = side * (g - l);

      if (isfinite (l) && delta > 0)
        slope += side * law->contact_k * delta;
    }
  return (lz_contact_law_tension (law, mode, g, gd) - slope) * gd;
}

/**
 * lz_contact_law_guards:
 * @law: a damped contact's law
 * @mode: its mode
 * @g: its coordinate
 * @gd: its rate
 * @out: (out caller-allocates): up to %LZ_CONTACT_MAX_GUARDS guards
 *
 * The guards of @mode, ≥ 0 while it holds: pressed, k·δ + c·δ̇; free, per
 * finite limit max(−δ, −(k·δ + c·δ̇)) — the gap open or the force not
 * pushing.
 *
 * Returns: how many
 */
guint
lz_contact_law_guards (const LzElementLaw *law,
                       LzMode              mode,
                       double              g,
                       double              gd,
                       double             *out)
{
  int side = lz_contact_law_side (mode);
  guint k = 0;

  if (side != 0)
    {
      out[0] = lz_contact_law_force (law, side, g, gd);
      return 1;
    }
  for (side = -1; side <= 1; side += 2)
    {
      double l = lz_contact_law_limit (law, side);

      if (isfinite (l))
        out[k++] = MAX (-side * (g - l), -lz_contact_law_force (law, side, g, gd));
    }
  return k;
}

/**
 * lz_contact_law_select:
 * @law: a damped contact's law
 * @current: its mode before
 * @g: its coordinate at an event
 * @gd: its rate there
 * @pos_tol: a gap within this of 0 is closed
 * @v_tol: a rate within this of 0 is 0
 *
 * The mode of the state (g, ġ) at an event, where a located guard leaves
 * its value within rounding of 0: a force within k·pos_tol + c·v_tol of 0
 * is the switch that was located — a pressed contact is released, a free
 * one closes when it moves in (or is inside).
 *
 * Returns: the mode
 */
LzMode
lz_contact_law_select (const LzElementLaw *law,
                       LzMode              current,
                       double              g,
                       double              gd,
                       double              pos_tol,
                       double              v_tol)
{
  double f_tol = law->contact_k * pos_tol + law->contact_c * v_tol;

  for (int side = -1; side <= 1; side += 2)
    {
      double l = lz_contact_law_limit (law, side), delta = side * (g - l), F;

      if (!isfinite (l) || delta < -pos_tol)
        continue;
      F = lz_contact_law_force (law, side, g, gd);
      if (F > f_tol)
        return lz_contact_law_side_mode (side);
      if (F >= -f_tol && lz_contact_law_side (current) != side
          && (delta > pos_tol || side * gd > v_tol))
        return lz_contact_law_side_mode (side);
    }
  return LZ_MODE_FREE;
}

/**
 * lz_contact_law_flip:
 * @law: a damped contact's law
 * @mode: its mode
 * @guards: its guards in @mode a moment later (lz_contact_law_guards())
 * @n_guards: how many
 *
 * Returns: the mode a negative guard sends it to (@mode when none is)
 */
LzMode
lz_contact_law_flip (const LzElementLaw *law,
                     LzMode              mode,
                     const double       *guards,
                     guint               n_guards)
{
  guint k = 0;

  if (lz_contact_law_side (mode) != 0)
    return n_guards >= 1 && guards[0] < 0 ? LZ_MODE_FREE : mode;
  for (int side = -1; side <= 1; side += 2)
    if (isfinite (lz_contact_law_limit (law, side)) && k < n_guards && guards[k++] < 0)
      return lz_contact_law_side_mode (side);
  return mode;
}
