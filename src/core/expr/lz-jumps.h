/* lz-jumps.h — where an expression in t or its derivatives jump, and the
 * side of a jump an evaluation is on (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-expr.h"

G_BEGIN_DECLS

/* An evaluation at a t within LZ_JUMPS_SIDE_REL·max(1, |t|) of an end of
 * the current thread's window is made that far inside it: the value on
 * the window's side of the jump, whatever the rounding of the switching
 * function at the instant itself.  (The smooth part moves by f'·ε there,
 * far below the integrators' tolerances.) */
#define LZ_JUMPS_SIDE_REL 1e-11

/* An expression jumps at most this many times in one run: more is a
 * forcing faster than any integration of it can follow. */
#define LZ_JUMPS_MAX_INSTANTS 100000

GArray *lz_jumps_find         (const LzExpr *expr,
                               double        t0,
                               double        t1,
                               const char   *owner,
                               GError      **error);
gboolean lz_jumps_value_jumps (const LzExpr *expr,
                               double        t);

void    lz_jumps_set_window   (double        a,
                               double        b);
void    lz_jumps_clear_window (void);
double  lz_jumps_window_time  (double        t);
double  lz_jumps_side         (double        t);

G_END_DECLS
