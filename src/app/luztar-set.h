/* luztar-set.h — what a widget holds, replaced in one call: its model, its strings
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view holds a reference to the model (and the trace) it shows and
 * copies of a few texts (a status line, a title, a unit), and drops the
 * old one when it gets another: g_set_object() for an #LzModel or an
 * #LzTrace, and g_set_str() (GLib 2.76; the project needs 2.74) for a
 * string.
 */

#pragma once

#include "lz.h"

G_BEGIN_DECLS

/* NAME (Type **slot, Type *value) makes *@slot hold @value (nullable; a
 * reference is taken with REF) and drops the reference to what it held
 * (UNREF); it returns whether *@slot changed. */
#define LUZTAR_DEFINE_SET(name, Type, ref, unref) \
  static inline gboolean                          \
  name (Type **slot,                              \
        Type  *value)                             \
  {                                               \
    if (*slot == value)                           \
      return FALSE;                               \
    if (value != NULL)                            \
      ref (value);                                \
    g_clear_pointer (slot, unref);                \
    *slot = value;                                \
    return TRUE;                                  \
  }

LUZTAR_DEFINE_SET (luztar_set_model, LzModel, lz_model_ref, lz_model_unref)
LUZTAR_DEFINE_SET (luztar_set_trace, LzTrace, lz_trace_ref, lz_trace_unref)

/* Makes *@slot a copy of @text (nullable) and frees what it held; @text
 * may be *@slot itself.  Returns whether the text changed. */
static inline gboolean
luztar_set_str (char       **slot,
                const char  *text)
{
  char *copy;

  if (*slot == text || g_strcmp0 (*slot, text) == 0)
    return FALSE;
  copy = g_strdup (text);
  g_free (*slot);
  *slot = copy;
  return TRUE;
}

G_END_DECLS
