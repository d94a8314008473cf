/* lz-error.c — the LZ_ERROR domain
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "lz-error.h"

G_DEFINE_QUARK (lz-error-quark, lz_error)

/**
 * lz_error_code_name:
 * @code: an #LzError
 *
 * Returns: (transfer none): the short, untranslated name of @code, for logs
 *   and machine-readable output; "unknown" for a value outside the table.
 */
const char *
lz_error_code_name (LzError code)
{
#define LZ_ERROR_NAME_ROW(c, name) case c: return name;
  switch (code)
    {
      LZ_ERROR_TABLE (LZ_ERROR_NAME_ROW)
    case LZ_ERROR_N_CODES:
    default:
      return "unknown";
    }
#undef LZ_ERROR_NAME_ROW
}
