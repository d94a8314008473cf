/* lz-den-hartog.c — Den Hartog's closed form of the forced oscillator with
 * Coulomb friction: the amplitude of the non-stop motion and the boundary
 * beyond which the mass sticks
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * J. P. Den Hartog, "Forced vibrations with combined Coulomb and viscous
 * friction", Trans. ASME 53 (1931) APM-53-9, 107–115, for the oscillator
 *
 *     m x'' + k x + F sgn(x') = P cos ωt.
 *
 * Derivation (docs/mathematics.md, "Den Hartog's boundary").  With
 * τ = ωn t (ωn² = k/m), x in units of P/k, f = F/P and r = ω/ωn:
 * x'' + x + f sgn(x') = cos(rτ + φ).  Look for the symmetric steady motion
 * of period 2π/r with two reversals per cycle, x(τ + h) = −x(τ), h = π/r,
 * the time origin at a reversal: x(0) = X, x'(0) = 0, and x' < 0 on
 * (0, h).  There x = A cos τ + B sin τ + f + D cos(rτ + φ), D = 1/(1 − r²).
 * x'(0) = 0 gives B = rD sin φ; x'(h) = 0 gives A = rD sin φ cot(h/2);
 * x(0) + x(h) = 0 gives 2rD sin φ cot(h/2) = −2f, i.e.
 *
 *     D sin φ = −f U,   U = tan(π/(2r)) / r
 *
 * (Den Hartog's U = sin(π/r) / (r (1 + cos(π/r)))), and x(0) − x(h) = 2X
 * gives X = D cos φ, hence the amplitude
 *
 *     X k/P = sqrt(D² − f² U²).
 *
 * The motion is non-stop only if the mass does not stick at the reversal:
 * there the spring and the forcing, cos φ − X, must overcome the friction,
 * X − cos φ > f.  With cos φ = X/D, X − cos φ = X (1 − 1/D) = r² X, so
 * r² sqrt(D² − f² U²) > f, that is
 *
 *     F/P < |D| / sqrt(U² + 1/r⁴).
 *
 * At r → 1 the bound tends to π/4 (D and U both grow, |D|/U → π/4); for
 * r → ∞ to 1/sqrt(1 + π²/4) ≈ 0.537; at r = 1/3, 1/5 … (U infinite) it
 * falls to 0.  Below r ≈ 1/2 the velocity also changes sign within a half
 * cycle and the two-reversal motion is not the only one; the bound is
 * checked against sweeps for r from 0.6 to 3 in tests/core/test-den-hartog.c.
 */

#include "config.h"

#include <math.h>

#include "lz-sweep.h"

/* Within RESONANCE_TOL of r = 1 the boundary is its limit π/4 (the
 * formula's d and u are both infinite there). */
#define RESONANCE_TOL 1e-9

static double
hartog_u (double r)
{
  return tan (G_PI / (2 * r)) / r;
}

/**
 * lz_den_hartog_amplitude:
 * @r: ω/ωn, > 0 and ≠ 1
 * @f: F/P, the friction level over the forcing's amplitude, ≥ 0
 *
 * Returns: the amplitude X of the non-stop motion in units of P/k, or NaN
 *   where there is none (f too large)
 */
double
lz_den_hartog_amplitude (double r,
                         double f)
{
  double d = 1 / (1 - r * r), u = hartog_u (r), x2 = d * d - f * f * u * u;

  return x2 >= 0 && isfinite (x2) ? sqrt (x2) : NAN;
}

/**
 * lz_den_hartog_boundary:
 * @r: ω/ωn, > 0
 *
 * Returns: the largest F/P for which the motion is non-stop (two
 *   reversals per cycle, no sticking), |D| / sqrt(U² + 1/r⁴); π/4 at r = 1
 */
double
lz_den_hartog_boundary (double r)
{
  double d, u;

  g_return_val_if_fail (r > 0, NAN);
  if (fabs (r - 1) < RESONANCE_TOL)
    return G_PI / 4;
  d = 1 / (1 - r * r);
  u = hartog_u (r);
  return fabs (d) / sqrt (u * u + 1 / (r * r * r * r));
}
