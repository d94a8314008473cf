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

G_END_DECLS
