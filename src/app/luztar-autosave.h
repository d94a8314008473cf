/* luztar-autosave.h — unsaved work kept through a crash: one slot per
 * window, locked while its owner lives
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "lz.h"

G_BEGIN_DECLS

typedef struct LuztarAutosave LuztarAutosave;

LuztarAutosave *luztar_autosave_new               (void);
gboolean        luztar_autosave_write             (LuztarAutosave *slot,
                                                   LzModel        *model,
                                                   GFile          *file,
                                                   GError        **error);
const char     *luztar_autosave_get_model_path    (LuztarAutosave *slot);
GFile          *luztar_autosave_dup_file          (LuztarAutosave *slot);
void            luztar_autosave_release           (LuztarAutosave *slot);
void            luztar_autosave_discard           (LuztarAutosave *slot);
GPtrArray      *luztar_autosave_claim_orphans     (void);

G_END_DECLS
