/* luztar-model-ref.h — a widget's reference to the window's model, swapped in one call
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view holds a reference to the model it shows and drops the old one
 * when the window gives it another: g_set_object() for an #LzModel.
 */

#pragma once

#include "lz.h"

G_BEGIN_DECLS

/* Makes *@slot hold @model (nullable; a reference is taken) and drops the
 * reference to what it held.  Returns whether *@slot changed. */
static inline gboolean
luztar_set_model (LzModel **slot,
                  LzModel  *model)
{
  if (*slot == model)
    return FALSE;
  if (model != NULL)
    lz_model_ref (model);
  g_clear_pointer (slot, lz_model_unref);
  *slot = model;
  return TRUE;
}

G_END_DECLS
