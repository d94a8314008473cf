/* lz-forcing.h — the instants where a model's forcing jumps, and what
 * neither method can take of it (core-internal: both integrators)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-assembler.h"

G_BEGIN_DECLS

/* One forcing that jumps at one instant: WHO is the event's element
 * index — a model element whose ground moves or whose friction level is
 * an expression in t (LEVEL), or the number of elements plus s for the
 * force s among the model's sources (lz-trace.h). */
typedef struct
{
  double   t;
  guint    who;
  gboolean level;
} LzForcingJump;

/* The jumps of a run in time order (several at one t: one per forcing),
 * and whether any forcing has a switching function at all. */
typedef struct
{
  GArray  *jumps;             /* LzForcingJump */
  gboolean any;
} LzForcing;

/* The instant of jump I. */
static inline double
lz_forcing_time (const LzForcing *forcing,
                 guint            i)
{
  return g_array_index (forcing->jumps, LzForcingJump, i).t;
}

LzForcing *lz_forcing_new  (const LzAssembly *assembly,
                            double            t_end,
                            GError          **error);
void       lz_forcing_free (LzForcing        *forcing);
void       lz_forcing_set_window (const LzForcing *forcing,
                                  guint            next,
                                  double           time_unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzForcing, lz_forcing_free)

G_END_DECLS
