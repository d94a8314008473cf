/* lz-types.h — forward declarations and public enums of the core
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LzInterval:
 * @lo: lower end
 * @hi: upper end (equal to @lo for a single value)
 *
 * A closed interval [lo, hi] of the real line.  Set-valued maps such as
 * tar(0, a) = [−a, a] return one; a single value has lo == hi.
 */
typedef struct
{
  double lo;
  double hi;
} LzInterval;

G_END_DECLS
