/* lz-friction.h — the friction laws: static and sliding levels, Stribeck,
 * levels in t (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-elements.h"

G_BEGIN_DECLS

/* What the integrators ask of a friction element's law (docs/mathematics.md,
 * "Friction laws").  Set-valued at ġ = 0 always: a stuck element's force
 * is anything in the static box [−Fs⁻(t), Fs⁺(t)]; a sliding one's is the
 * sliding level F(ġ, t) = Fc + (Fs − Fc)·exp(−(|ġ|/vs)^δ) on ġ's side
 * (Fc alone without a Stribeck velocity vs), never smoothed. */

gboolean lz_friction_element_is_coulomb (const LzElement *element);
void     lz_friction_element_static (const LzElement  *element,
                                     double           *fs_pos,
                                     double           *fs_neg);
char    *lz_friction_law_text     (const LzElement    *element);

void     lz_friction_law_init     (LzElementLaw       *law,
                                   const LzElement    *element);
gboolean lz_friction_is_coulomb   (const LzElementLaw *law);
gboolean lz_friction_is_varying   (const LzElementLaw *law);
void     lz_friction_static_box   (const LzElementLaw *law,
                                   double              t,
                                   double             *fs_neg,
                                   double             *fs_pos);
double   lz_friction_slip_level   (const LzElementLaw *law,
                                   double              t,
                                   gboolean            positive,
                                   double              speed);
void     lz_friction_box          (const LzElementLaw *law,
                                   double              t,
                                   LzMode              mode,
                                   double              gd,
                                   double             *lo,
                                   double             *hi);
gboolean lz_friction_level_falls  (const LzElementLaw *law,
                                   double              t,
                                   double              force);
gboolean lz_friction_check        (const LzElementLaw *law,
                                   double              t,
                                   GError            **error);
gboolean lz_friction_refuse       (const LzElementLaw *law,
                                   const char         *where,
                                   GError            **error);

G_END_DECLS
