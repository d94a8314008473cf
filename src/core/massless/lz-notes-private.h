/* lz-notes-private.h — the sentences the massless analyses write for
 * people, appended to a list (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends the sentence FORMAT, … to NOTES (a GPtrArray of strings that
 * frees them); does nothing when NOTES is NULL (no one asked for them). */
void lz_notes_add (GPtrArray  *notes,
                   const char *format,
                   ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
