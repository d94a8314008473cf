/* lz-notes.c — the sentences the massless analyses write for people (see
 * lz-notes-private.h)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "lz-notes-private.h"

/* The diagnosis of lz-reduce, the equations of lz-nodes and the notes of
 * lz-simplify: one line each. */
void
lz_notes_add (GPtrArray  *notes,
              const char *format,
              ...)
{
  va_list args;

  if (notes == NULL)
    return;
  va_start (args, format);
  g_ptr_array_add (notes, g_strdup_vprintf (format, args));
  va_end (args);
}
