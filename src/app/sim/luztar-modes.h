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

G_END_DECLS
