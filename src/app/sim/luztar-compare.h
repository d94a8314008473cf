/* luztar-compare.h — one model run by both methods, side by side
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-run.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_COMPARE (luztar_compare_get_type ())

G_DECLARE_FINAL_TYPE (LuztarCompare, luztar_compare, LUZTAR, COMPARE, GObject)

LuztarCompare *luztar_compare_new          (const LzModel  *model,
                                            GError        **error);
void           luztar_compare_start        (LuztarCompare  *self);
gboolean       luztar_compare_is_done      (LuztarCompare  *self);
LzTrace       *luztar_compare_get_trace    (LuztarCompare  *self,
                                            LuztarMethod    method);
LuztarRun     *luztar_compare_get_run      (LuztarCompare  *self,
                                            LuztarMethod    method);
double         luztar_compare_get_step     (LuztarCompare  *self);
double         luztar_compare_get_sample   (LuztarCompare  *self);

guint          luztar_compare_largest_difference (const LzTrace *event_driven,
                                                  const LzTrace *time_stepping,
                                                  guint          body,
                                                  double        *difference,
                                                  double        *t);

G_END_DECLS
