/* luztar-sweep-job.h — a parameter sweep run on worker threads, its rows handed to the main loop
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz.h"

G_BEGIN_DECLS

typedef struct _LuztarSweepJob LuztarSweepJob;

/* In the main thread: the rows (LzSweepRow, owned by @rows; steal them to
 * keep them) finished since the last call, and why the sweep could not
 * start (nullable). */
typedef void (*LuztarSweepJobDeliver) (GPtrArray  *rows,
                                       const char *failure,
                                       gpointer    data);

LuztarSweepJob *luztar_sweep_job_start         (LzSweep               *sweep,
                                                LuztarSweepJobDeliver  deliver,
                                                gpointer               data);
void            luztar_sweep_job_let_go        (LuztarSweepJob        *job);
guint           luztar_sweep_job_count_threads (void);

G_END_DECLS
