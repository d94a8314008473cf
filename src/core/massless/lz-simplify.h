/* lz-simplify.h — model-level reductions: massless joints eliminated in
 * closed form (springs and dampers in series or in a star, springs with
 * freeplay in series) and the formal simplifications of a gear train
 * (paper 003, §4)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-model.h"

G_BEGIN_DECLS

LzModel *lz_model_eliminate_joints     (const LzModel  *model,
                                        GPtrArray      *notes);
gboolean lz_model_find_gear_train      (const LzModel  *model,
                                        char          **first,
                                        char          **last,
                                        GPtrArray      *inner);
LzModel *lz_model_simplify_gear_train  (const LzModel  *model,
                                        guint           level,
                                        GPtrArray      *notes,
                                        GError        **error);

G_END_DECLS
