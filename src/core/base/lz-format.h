/* lz-format.h — numbers written and read exactly, locale-independently
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  LZ_NUMBER_OK,
  LZ_NUMBER_SYNTAX,
  LZ_NUMBER_INFINITE,     /* "inf" where only finite numbers are allowed */
  LZ_NUMBER_OVERFLOW,
} LzNumberStatus;

char           *lz_number_to_string (double      value);
gboolean        lz_number_parse     (const char *text,
                                     gboolean    allow_infinite,
                                     double     *value);
LzNumberStatus  lz_number_read      (const char *text,
                                     gboolean    allow_infinite,
                                     double     *value);

char           *lz_text_escape_controls (const char *text);

G_END_DECLS
