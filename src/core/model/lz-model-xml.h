/* lz-model-xml.h — reading and writing .luztar model files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-model.h"

G_BEGIN_DECLS

/* The format version this library reads and writes. */
#define LZ_MODEL_FORMAT_VERSION "1"

LzModel    *lz_model_load            (const char    *path,
                                      GError       **error);
LzModel    *lz_model_load_from_data  (const char    *data,
                                      gsize          length,
                                      const char    *display_name,
                                      GError       **error);
gboolean    lz_model_save            (const LzModel *model,
                                      const char    *path,
                                      GError       **error);
char       *lz_model_save_to_data    (const LzModel *model,
                                      gsize         *length,
                                      GError       **error);
GBytes     *lz_model_get_schema      (void);

G_END_DECLS
