/* lz-file.h — files replaced safely: through a synced temporary file,
 * symlinks followed, permissions kept, every write error reported
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdio.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct LzFileWriter LzFileWriter;

LzFileWriter *lz_file_writer_open       (const char    *path,
                                         GError       **error);
FILE         *lz_file_writer_get_stream (LzFileWriter  *writer);
gboolean      lz_file_writer_commit     (LzFileWriter  *writer,
                                         GError       **error);
void          lz_file_writer_abort      (LzFileWriter  *writer);

gboolean      lz_file_replace           (const char    *path,
                                         const char    *data,
                                         gssize         length,
                                         GError       **error);

G_END_DECLS
