/* luztar-sweep-job.c — a parameter sweep run on worker threads, its rows handed to the main loop
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A job holds the sweep and a shared counter; one thread per core takes
 * the next run, simulates it with its own LzSweepWorker (its own copy of
 * the model, its expressions parsed for it) and puts the row in the job's
 * inbox; the first row in an empty inbox schedules an idle on the main
 * loop, which hands every row of the inbox to the page.  Letting go of the
 * job sets its stop flag: the threads end after their current run, the
 * last one frees the job, and nothing is handed over any more; the main
 * loop never waits for them.
 */

#include "config.h"

#include "luztar-sweep-job.h"

struct _LuztarSweepJob
{
  gatomicrefcount ref_count;
  LzSweep   *sweep;
  guint      n_runs;
  gint       next;          /* atomic: the next run to take */
  gint       stop;          /* atomic */
  GMutex     lock;
  GPtrArray *inbox;         /* LzSweepRow, under lock */
  gboolean   idle_pending;  /* under lock */
  char      *failure;       /* a worker could not start; under lock */
  LuztarSweepJobDeliver deliver;  /* main thread only */
  gpointer   data;          /* main thread only; NULL once let go */
};

/* Worker threads alive, over every page (they outlive a Stop by one run). */
static gint live_threads;

static LuztarSweepJob *
job_ref (LuztarSweepJob *job)
{
  g_ref_count_inc (&job->ref_count);
  return job;
}

static void
job_unref (LuztarSweepJob *job)
{
  if (!g_ref_count_dec (&job->ref_count))
    return;
  lz_sweep_unref (job->sweep);
  g_ptr_array_unref (job->inbox);
  g_mutex_clear (&job->lock);
  g_free (job->failure);
  g_free (job);
}

static gboolean
drain (gpointer user_data)
{
  LuztarSweepJob *job = user_data;
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *failure = NULL;

  g_mutex_lock (&job->lock);
  rows = g_steal_pointer (&job->inbox);
  job->inbox = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_sweep_row_free);
  job->idle_pending = FALSE;
  failure = g_steal_pointer (&job->failure);
  g_mutex_unlock (&job->lock);
  /* let go: the rows go with the array */
  if (job->data != NULL)
    job->deliver (rows, failure, job->data);
  return G_SOURCE_REMOVE;
}

static void
post (LuztarSweepJob *job,
      LzSweepRow     *row,
      const char     *failure)
{
  gboolean schedule;

  g_mutex_lock (&job->lock);
  if (row != NULL)
    g_ptr_array_add (job->inbox, row);
  if (failure != NULL && job->failure == NULL)
    job->failure = g_strdup (failure);
  schedule = !job->idle_pending;
  job->idle_pending = TRUE;
  g_mutex_unlock (&job->lock);
  if (schedule)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, drain, job_ref (job), (GDestroyNotify) job_unref);
}

static void
job_deliver (LzSweepRow *row,
             const char *failure,
             gpointer    data)
{
  post (data, row, failure);
}

static gpointer
job_thread (gpointer data)
{
  LuztarSweepJob *job = data;

  lz_sweep_serve (job->sweep, &job->next, job->n_runs, &job->stop, job_deliver, job);
  job_unref (job);
  (void) g_atomic_int_dec_and_test (&live_threads);
  return NULL;
}

/**
 * luztar_sweep_job_start:
 * @sweep: (transfer full): the sweep
 * @deliver: what takes the rows, in the main thread
 * @data: its data, until luztar_sweep_job_let_go()
 *
 * Runs @sweep on one thread per core (at most one per run).
 *
 * Returns: (transfer full): the job
 */
LuztarSweepJob *
luztar_sweep_job_start (LzSweep               *sweep,
                        LuztarSweepJobDeliver  deliver,
                        gpointer               data)
{
  LuztarSweepJob *job = g_new0 (LuztarSweepJob, 1);
  guint threads;

  g_ref_count_init (&job->ref_count);
  job->sweep = sweep;
  job->n_runs = lz_sweep_get_n_runs (sweep);
  job->inbox = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_sweep_row_free);
  g_mutex_init (&job->lock);
  job->deliver = deliver;
  job->data = data;
  threads = MIN (MAX (g_get_num_processors (), 1), job->n_runs);
  for (guint j = 0; j < threads; j++)
    g_atomic_int_inc (&live_threads);
  for (guint j = 0; j < threads; j++)
    g_thread_unref (g_thread_new ("luztar-sweep", job_thread, job_ref (job)));
  return job;
}

/**
 * luztar_sweep_job_let_go:
 * @job: (transfer full): a job
 *
 * Stops the job (each thread after its current run) and hands over no
 * more rows.
 */
void
luztar_sweep_job_let_go (LuztarSweepJob *job)
{
  g_atomic_int_set (&job->stop, 1);
  job->data = NULL;
  job_unref (job);
}

/**
 * luztar_sweep_job_count_threads:
 *
 * Returns: the sweep threads still alive in the process (a stopped
 *   sweep's threads end after their current run)
 */
guint
luztar_sweep_job_count_threads (void)
{
  return (guint) g_atomic_int_get (&live_threads);
}
