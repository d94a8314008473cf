/* lz-symbolic.h — exact, readable derivative formulas (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *lz_symbolic_derivative (const char *text,
                              guint       order,
                              gboolean   *is_constant);
char *lz_symbolic_derivative_between_jumps (const char *text,
                                            guint       order,
                                            gboolean   *is_constant);
GPtrArray *lz_symbolic_switching (const char *text,
                                  gboolean   *has_delta);

G_END_DECLS
