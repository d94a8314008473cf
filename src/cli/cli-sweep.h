/* cli-sweep.h — what luztar-cli sweep's local and MPI drivers share
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdio.h>

#include "lz.h"
#include "cli-limits.h"

G_BEGIN_DECLS

typedef struct
{
  char  **set, **vary, **templates;
  char   *strobe_frequency;
  int     monte_carlo;
  gint64  seed;
  char   *after, *strobe, *when;
  int     strobe_count;
  char   *format, *out, *resume;
  int     jobs;
  LzCliRunOptions run;   /* each run's */
  GOptionEntry *entries;  /* the table that filled the above (owned) */
} SweepOptions;

typedef struct
{
  LzSweep *sweep;
  FILE    *stream;
  gboolean owned;     /* a file of ours, closed and synced at the end */
  gboolean json;
  guint    rows;
} SweepOutput;

typedef struct
{
  gboolean tty;       /* a progress line on stderr */
  GTimer  *timer;
  double   shown;
  guint    start, total;
} SweepProgress;

typedef struct
{
  SweepOutput   output;
  SweepProgress progress;
} SweepState;

gboolean sweep_output_open  (SweepOutput   *out,
                             LzSweep       *sweep,
                             SweepOptions  *o,
                             guint         *first,
                             GError       **error);
char    *sweep_format_row   (SweepOutput      *out,
                             const LzSweepRow *row);
gboolean sweep_output_text  (SweepOutput      *out,
                             const char       *text);
gboolean sweep_output_close (SweepOutput   *out,
                             GError       **error);
void     sweep_progress     (SweepProgress *progress,
                             guint          done,
                             gboolean       final);

#ifdef HAVE_MPI
/* cli-sweep-mpi.c: under mpirun, the ranks share the runs */
int      sweep_mpi_size     (void);
int      sweep_mpi          (LzSweep       *sweep,
                             SweepOptions  *o);
#endif

G_END_DECLS
