/* luztar-modes.h — colours and words for element modes and event causes
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the animated canvas, the plots (mode timeline, phase portrait)
 * and the event log, so a mode looks the same everywhere.  GTK-free.
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* The colour of MODE on a light or a dark background (sRGB in [0, 1]). */
void         luztar_mode_get_color   (LzMode        mode,
                                      gboolean      dark,
                                      double        rgb[3]);
/* Short translated names: "stick", "slip +", "contact", "gap", … */
const char  *luztar_mode_get_label   (LzMode        mode);
/* Translated causes: "velocity reached zero", "impact", … */
const char  *luztar_cause_get_label  (LzEventCause  cause);
/* A translated sentence for an event: "f1: stick → slip + (force limit)". */
char        *luztar_event_describe   (const LzEvent *event,
                                      const char    *element_id);

/* The most modes one element can take (friction: stick, slip+, slip−). */
#define LUZTAR_MAX_ELEMENT_MODES 3

/* The modes EL can take in a run, in a fixed order (stick, slip+, slip−;
 * free, contact; gap, engaged+, engaged−); 0 for a smooth element. */
guint        luztar_modes_of_element (const LzElement *el,
                                      LzMode           modes[LUZTAR_MAX_ELEMENT_MODES]);
/* Whether EL takes modes in a run (a friction, stop, contact, backlash,
 * or a spring or gear with freeplay). */
gboolean     luztar_element_is_nonsmooth (const LzElement *el);

G_END_DECLS
