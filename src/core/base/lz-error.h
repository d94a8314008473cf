/* lz-error.h — the LZ_ERROR domain
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One row per recoverable failure: code, short name.  The table is the
 * single source for the enum and for lz_error_code_name() (SUNDIALS keeps
 * its error table the same way).  Append only: codes are stable.
 * LZ_ERROR_LIMIT_*: a run refused or stopped at one of its limits
 * (lz-limits.c); the message says which in words, and each interface
 * adds the knob that raises it (luztar-cli: an option; the window: its
 * run settings). */
#define LZ_ERROR_TABLE(X)                                                    \
  X (LZ_ERROR_FAILED,           "failed")                                    \
  X (LZ_ERROR_INVALID_ARGUMENT, "invalid-argument")                          \
  X (LZ_ERROR_PARSE,            "parse")                                     \
  X (LZ_ERROR_SCHEMA,           "schema")                                    \
  X (LZ_ERROR_INVALID_MODEL,    "invalid-model")                             \
  X (LZ_ERROR_EXPRESSION,       "expression")                                \
  X (LZ_ERROR_IO,               "io")                                        \
  X (LZ_ERROR_SINGULAR,         "singular")                                  \
  X (LZ_ERROR_NO_CONVERGENCE,   "no-convergence")                            \
  X (LZ_ERROR_NO_SOLUTION,      "no-solution")                               \
  X (LZ_ERROR_DIVERGED,         "diverged")                                  \
  X (LZ_ERROR_ZENO,             "zeno")                                      \
  X (LZ_ERROR_LIMIT_ROWS,       "limit-rows")                                \
  X (LZ_ERROR_LIMIT_EVENTS,     "limit-events")                              \
  X (LZ_ERROR_LIMIT_STEPS,      "limit-steps")                               \
  X (LZ_ERROR_LIMIT_MEMORY,     "limit-memory")

#define LZ_ERROR_ENUM_ROW(code, name) code,
typedef enum
{
  LZ_ERROR_TABLE (LZ_ERROR_ENUM_ROW)
  LZ_ERROR_N_CODES
} LzError;
#undef LZ_ERROR_ENUM_ROW

#define LZ_ERROR (lz_error_quark ())

GQuark      lz_error_quark     (void);
const char *lz_error_code_name (LzError code);

G_END_DECLS
