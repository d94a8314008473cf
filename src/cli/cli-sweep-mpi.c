/* cli-sweep-mpi.c — luztar-cli sweep under mpirun: the ranks share the
 * runs, rank 0 writes the same file as a local sweep
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rank 0 hands out blocks of runs on request (dynamic work-sharing: a rank
 * asks for the next block when it is free, so slow runs do not hold up the
 * others) and writes the rows in run order as the blocks come back; the
 * other ranks compute, each on --jobs threads (default 1: mpirun already
 * places a rank per core).  A row is a function of its run alone, so the
 * file is the same bytes as a local sweep's, and --resume works the same:
 * rank 0 reads the file and hands out only the rows it lacks.
 */

#include "config.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "cli.h"
#include "cli-sweep.h"

enum
{
  TAG_REQUEST = 1,     /* worker → 0: an empty message, "I am free" */
  TAG_RESULT,          /* worker → 0: "FIRST LAST\n" and the rows */
  TAG_WORK,            /* 0 → worker: two unsigned, [first, last) */
  TAG_STOP,            /* 0 → worker: nothing left */
};

/* The blocks: about BLOCKS_PER_RANK per worker of what is left, at most
 * MAX_BLOCK runs (a row each on rank 0's way out). */
#define BLOCKS_PER_RANK 4
#define MAX_BLOCK       64

/**
 * sweep_mpi_size:
 *
 * Starts MPI when the program runs under an MPI launcher (mpirun, srun).
 *
 * Returns: the number of ranks; 1 outside a launcher (MPI not started)
 */
int
sweep_mpi_size (void)
{
  int size = 1, provided;

  if (g_getenv ("OMPI_COMM_WORLD_SIZE") == NULL && g_getenv ("PMI_SIZE") == NULL
      && g_getenv ("PMIX_RANK") == NULL)
    return 1;
  MPI_Init_thread (NULL, NULL, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (size == 1)
    MPI_Finalize ();
  return size;
}

typedef struct
{
  SweepOutput *out;
  GString     *rows;
} Collect;

static gboolean
collect (const LzSweepRow *row,
         guint             done,
         gpointer          data)
{
  Collect *c = data;
  g_autofree char *text = sweep_format_row (c->out, row);

  g_string_append (c->rows, text);
  if (!g_str_has_suffix (text, "\n"))
    g_string_append_c (c->rows, '\n');
  return TRUE;
}

static int
worker (LzSweep      *sweep,
        SweepOptions *o)
{
  SweepOutput out = { .sweep = sweep, .json = o->format != NULL && strcmp (o->format, "json") == 0 };
  g_autoptr(GError) error = NULL;
  unsigned block[2];
  MPI_Status status;

  MPI_Send (NULL, 0, MPI_CHAR, 0, TAG_REQUEST, MPI_COMM_WORLD);
  for (;;)
    {
      g_autoptr(GString) message = NULL;
      Collect c = { &out, NULL };

      MPI_Recv (block, 2, MPI_UNSIGNED, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      if (status.MPI_TAG == TAG_STOP)
        return LZ_CLI_EXIT_OK;
      message = g_string_new (NULL);
      g_string_printf (message, "%u %u\n", block[0], block[1]);
      c.rows = message;
      if (!lz_sweep_run (sweep, o->jobs > 0 ? o->jobs : 1, block[0], block[1], collect, &c, &error))
        {
          /* the model loaded on rank 0: a worker that cannot load it is a
           * broken installation; stop them all */
          g_printerr ("luztar-cli sweep: %s\n", error->message);
          MPI_Abort (MPI_COMM_WORLD, LZ_CLI_EXIT_BAD_INPUT);
        }
      MPI_Send (message->str, (int) message->len, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
}

/* Writes the blocks that are next in run order. */
static gboolean
flush_ready (SweepOutput *out,
             GHashTable  *ready,
             guint       *next,
             SweepProgress *progress)
{
  char *text;

  while ((text = g_hash_table_lookup (ready, GUINT_TO_POINTER (*next))) != NULL)
    {
      guint first, last;
      char *rows = strchr (text, '\n') + 1;
      g_auto(GStrv) lines = NULL;

      sscanf (text, "%u %u", &first, &last);
      lines = g_strsplit (rows, "\n", -1);
      for (guint i = 0; i < last - first; i++)
        {
          g_autofree char *line = out->json ? g_strdup (lines[i]) : g_strconcat (lines[i], "\n", NULL);

          if (!sweep_output_text (out, line))
            return FALSE;
        }
      g_hash_table_remove (ready, GUINT_TO_POINTER (*next));
      *next = last;
      sweep_progress (progress, *next - progress->start, FALSE);
    }
  return TRUE;
}

static int
coordinator (LzSweep      *sweep,
             SweepOptions *o,
             int           size)
{
  SweepOutput out = { 0 };
  SweepProgress progress = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) ready = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint first, next_out, next_run, total = lz_sweep_get_n_runs (sweep);
  int active = size - 1, code = LZ_CLI_EXIT_OK;

  if (!sweep_output_open (&out, sweep, o, &first, &error))
    {
      g_printerr ("luztar-cli sweep: %s\n", error->message);
      MPI_Abort (MPI_COMM_WORLD, LZ_CLI_EXIT_BAD_INPUT);
    }
  next_out = next_run = first;
  progress.tty = isatty (fileno (stderr)) && (out.owned || !isatty (fileno (stdout)));
  progress.timer = g_timer_new ();
  progress.start = first;
  progress.total = total;
  while (active > 0)
    {
      MPI_Status status;
      int count;
      char *text;
      unsigned block[2];

      MPI_Probe (MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      MPI_Get_count (&status, MPI_CHAR, &count);
      text = g_malloc (count + 1);
      MPI_Recv (text, count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
      text[count] = '\0';
      if (status.MPI_TAG == TAG_RESULT)
        {
          guint block_first = (guint) strtoul (text, NULL, 10);

          g_hash_table_insert (ready, GUINT_TO_POINTER (block_first), text);
          if (code == LZ_CLI_EXIT_OK && !flush_ready (&out, ready, &next_out, &progress))
            code = LZ_CLI_EXIT_BAD_INPUT;
        }
      else
        g_free (text);
      if (next_run < total && code == LZ_CLI_EXIT_OK)
        {
          guint left = total - next_run;
          guint size_block = CLAMP (left / (BLOCKS_PER_RANK * (guint) (size - 1)), 1, MAX_BLOCK);

          block[0] = next_run;
          block[1] = next_run + MIN (size_block, left);
          next_run = block[1];
          MPI_Send (block, 2, MPI_UNSIGNED, status.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
        }
      else
        {
          MPI_Send (NULL, 0, MPI_UNSIGNED, status.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
          active--;
        }
    }
  sweep_progress (&progress, next_out - first, TRUE);
  g_timer_destroy (progress.timer);
  if (!sweep_output_close (&out, &error))
    {
      g_printerr ("luztar-cli sweep: %s\n", error->message);
      code = LZ_CLI_EXIT_BAD_INPUT;
    }
  else if (code != LZ_CLI_EXIT_OK)
    {
      g_printerr ("luztar-cli sweep: ");
      g_printerr (_("the results could not be written: %s"), g_strerror (EIO));
      g_printerr ("\n");
    }
  return code;
}

/**
 * sweep_mpi:
 * @sweep: the sweep, configured the same on every rank
 * @o: its options
 *
 * Runs the sweep over the ranks (after sweep_mpi_size() said there are
 * more than one) and ends MPI.
 *
 * Returns: the exit code (rank 0's; the others exit 0)
 */
int
sweep_mpi (LzSweep      *sweep,
           SweepOptions *o)
{
  int rank, size, code;

  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  code = rank == 0 ? coordinator (sweep, o, size) : worker (sweep, o);
  MPI_Finalize ();
  return code;
}
