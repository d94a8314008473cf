/* lz-contact-law.h — the damped contact (elasto-gap) law of contact and
 * backlash elements, for both integrators
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-elements.h"

G_BEGIN_DECLS

/* The most guards of a damped contact in a mode (free: one per limit). */
#define LZ_CONTACT_MAX_GUARDS 2

/**
 * lz_contact_law_is:
 * @law: an element's law
 *
 * Returns: whether @law is a damped contact (a contact or a backlash)
 */
static inline gboolean
lz_contact_law_is (const LzElementLaw *law)
{
  return law->kind == LZ_ITEM_CONTACT || law->kind == LZ_ITEM_BACKLASH;
}

double   lz_contact_law_limit      (const LzElementLaw *law,
                                    int                 side);
double   lz_contact_law_force      (const LzElementLaw *law,
                                    int                 side,
                                    double              g,
                                    double              gd);
double   lz_contact_law_tension    (const LzElementLaw *law,
                                    LzMode              mode,
                                    double              g,
                                    double              gd);
double   lz_contact_law_energy     (const LzElementLaw *law,
                                    double              g);
double   lz_contact_law_dissipation (const LzElementLaw *law,
                                    LzMode              mode,
                                    double              g,
                                    double              gd);
guint    lz_contact_law_guards     (const LzElementLaw *law,
                                    LzMode              mode,
                                    double              g,
                                    double              gd,
                                    double             *out);
LzMode   lz_contact_law_select     (const LzElementLaw *law,
                                    LzMode              current,
                                    double              g,
                                    double              gd,
                                    double              pos_tol,
                                    double              v_tol);
LzMode   lz_contact_law_flip       (const LzElementLaw *law,
                                    LzMode              mode,
                                    const double       *guards,
                                    guint               n_guards);

G_END_DECLS
