/* lz-sweep-run.c — a sweep's runs on all cores, handed over in order, and
 * its rows as CSV and JSON
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * JOBS threads, each with its own worker, take the next run from a shared
 * counter (dynamic work-sharing: a long run does not hold up the others).
 * Finished rows wait in a slot per run until every earlier row is out;
 * the caller's function sees them strictly in run order, on its own
 * thread, so the output is the same whatever JOBS is.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-format.h"
#include "lz-sweep-private.h"

typedef struct
{
  LzSweep    *sweep;
  gint        next;            /* the next run to start (atomic) */
  guint       first, last;     /* runs [first, last) */
  GMutex      lock;
  GCond       ready;
  LzSweepRow **slot;           /* per run, filled by the workers */
  gint        stop;            /* atomic: the caller asked to stop */
  char       *failure;         /* a worker that could not start */
} Pool;

/**
 * lz_sweep_serve:
 * @self: a sweep
 * @next: (inout): the next run to take, shared by the threads (atomic)
 * @end: the run after the last to take
 * @stop: (in): set (atomically) to stop after the current run
 * @deliver: takes each row, or the failure of the worker to start
 * @user_data: its data
 *
 * What one thread of a pool does, here and in the window: it makes its
 * own worker and takes run after run from the shared counter until the
 * counter passes @end or @stop is set.  A worker that cannot start sets
 * @stop for the other threads and reports why.
 */
void
lz_sweep_serve (LzSweep            *self,
                gint               *next,
                guint               end,
                gint               *stop,
                LzSweepDeliverFunc  deliver,
                gpointer            user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzSweepWorker) worker = lz_sweep_worker_new (self, &error);

  if (worker == NULL)
    {
      g_atomic_int_set (stop, 1);
      deliver (NULL, error->message, user_data);
      return;
    }
  while (!g_atomic_int_get (stop))
    {
      guint run = (guint) g_atomic_int_add (next, 1);

      if (run >= end)
        break;
      deliver (lz_sweep_worker_run (worker, run), NULL, user_data);
    }
}

/* A row into its slot, or the first failure; either wakes the caller. */
static void
pool_deliver (LzSweepRow *row,
              const char *failure,
              gpointer    data)
{
  Pool *pool = data;

  g_mutex_lock (&pool->lock);
  if (row != NULL)
    pool->slot[row->run - pool->first] = row;
  else if (pool->failure == NULL)
    pool->failure = g_strdup (failure);
  g_cond_broadcast (&pool->ready);
  g_mutex_unlock (&pool->lock);
}

static gpointer
pool_thread (gpointer data)
{
  Pool *pool = data;

  lz_sweep_serve (pool->sweep, &pool->next, pool->last, &pool->stop, pool_deliver, pool);
  return NULL;
}

/**
 * lz_sweep_run:
 * @self: a sweep
 * @jobs: threads (0: as many as the machine has cores)
 * @first: the first run
 * @last: one past the last run (0: every run)
 * @func: called with each row, in run order, on this thread
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * Runs [@first, @last).  A failed run is a row with its message; only a
 * worker that cannot start (the model does not load) fails the sweep.
 *
 * Returns: %TRUE unless a worker could not start
 */
gboolean
lz_sweep_run (LzSweep        *self,
              guint           jobs,
              guint           first,
              guint           last,
              LzSweepRowFunc  func,
              gpointer        user_data,
              GError        **error)
{
  Pool pool = { .sweep = self };
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  gboolean ok = TRUE;

  g_return_val_if_fail (func != NULL, FALSE);

  if (last == 0 || last > lz_sweep_get_n_runs (self))
    last = lz_sweep_get_n_runs (self);
  if (first >= last)
    return TRUE;
  if (jobs == 0)
    jobs = g_get_num_processors ();
  jobs = MIN (jobs, last - first);
  pool.first = first;
  pool.next = (gint) first;
  pool.last = last;
  pool.slot = g_new0 (LzSweepRow *, last - first);
  g_mutex_init (&pool.lock);
  g_cond_init (&pool.ready);
  for (guint j = 0; j < jobs; j++)
    g_ptr_array_add (threads, g_thread_new ("lz-sweep", pool_thread, &pool));

  for (guint run = first; run < last && ok; run++)
    {
      LzSweepRow *row;

      g_mutex_lock (&pool.lock);
      while (pool.slot[run - first] == NULL && pool.failure == NULL)
        g_cond_wait (&pool.ready, &pool.lock);
      row = g_steal_pointer (&pool.slot[run - first]);
      g_mutex_unlock (&pool.lock);
      if (row == NULL)
        break;
      ok = func (row, run - first + 1, user_data);
      lz_sweep_row_free (row);
    }
  g_atomic_int_set (&pool.stop, 1);
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (threads->pdata[j]);
  for (guint i = 0; i < last - first; i++)
    lz_sweep_row_free (pool.slot[i]);
  g_free (pool.slot);
  g_mutex_clear (&pool.lock);
  g_cond_clear (&pool.ready);
  if (pool.failure != NULL)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_FAILED, _("a sweep worker could not start: %s"),
                   pool.failure);
      g_free (pool.failure);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                    */

/* A CSV field: quoted when it holds a comma, a quote or a line end;
 * control characters become spaces, so a row stays one line. */
static void
append_csv_text (GString    *out,
                 const char *text)
{
  gboolean quote = strpbrk (text, ",\"\r\n") != NULL;

  if (quote)
    g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append (out, "\"\"");
      else
        g_string_append_c (out, (guchar) *p < 0x20 ? ' ' : *p);
    }
  if (quote)
    g_string_append_c (out, '"');
}

/* The significant digits of a number formatted as %e: the mantissa's
 * digits without trailing zeros. */
static int
mantissa_digits (const char *text)
{
  const char *e = strchr (text, 'e');
  int digits = 0, zeros = 0;

  for (const char *p = text; p < e; p++)
    if (g_ascii_isdigit (*p))
      {
        digits++;
        zeros = *p == '0' ? zeros + 1 : 0;
      }
  return MAX (digits - zeros, 1);
}

/* Appends X as lz_number_to_string() writes it — the fewest significant
 * digits that read back exactly, as %g — byte for byte, in a few
 * conversions instead of up to 36: a row's numbers are most of the cost a
 * sweep adds to a short run (bench/README.md, "Sweeps").
 *
 * Why it is the same: for a normal double x the decimals that read back
 * as x lie within 2^-52·|x| of it, while 15-digit decimals are at least
 * 10^-15·|x| apart.  So a decimal of d ≤ 15 digits that reads back is
 * also the nearest 15-digit one, x rounded to 15 digits: when that does
 * not read back, no shorter form does and the answer is 16 or 17 digits;
 * when it does, the fewest digits are its own without trailing zeros. */
static void
append_shortest (GString *out,
                 double   x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  int digits, exponent;

  if (!(fabs (x) >= 1e-300 && fabs (x) <= 1e300))
    {
      /* zero, subnormals, the ends of the range, infinities: the plain way */
      g_autofree char *text = lz_number_to_string (x);

      g_string_append (out, text);
      return;
    }
  g_ascii_formatd (buffer, sizeof buffer, "%.14e", x);
  if (g_ascii_strtod (buffer, NULL) == x)
    digits = mantissa_digits (buffer);
  else
    {
      g_ascii_formatd (buffer, sizeof buffer, "%.15e", x);
      digits = 16;
      if (g_ascii_strtod (buffer, NULL) != x)
        {
          g_ascii_formatd (buffer, sizeof buffer, "%.16e", x);
          digits = 17;
        }
    }
  /* the rest as lz_number_to_string(): %g with at least the digits of the
   * integer part below 1e17 */
  exponent = atoi (strchr (buffer, 'e') + 1);
  if (exponent >= 0 && exponent < 17 && exponent + 1 > digits)
    digits = exponent + 1;
  {
    char format[8];

    g_snprintf (format, sizeof format, "%%.%dg", digits);
    g_ascii_formatd (buffer, sizeof buffer, format, x);
  }
  g_string_append (out, buffer);
}

/* Numbers in their shortest exact form; no value is an empty field. */
static void
append_number (GString *out,
               double   x)
{
  if (isnan (x))
    return;
  append_shortest (out, x);
}

/* The name of a sweep's column @i: lz_sweep_get_param_name() or
 * lz_sweep_get_measure_name(). */
typedef const char *(*ColumnName) (const LzSweep *self, guint i);

/* ",NAME" for each of the @n columns */
static void
append_csv_names (GString       *out,
                  const LzSweep *self,
                  ColumnName     name,
                  guint          n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, ',');
      append_csv_text (out, name (self, i));
    }
}

/* ",VALUE" for each of the @n values */
static void
append_csv_numbers (GString      *out,
                    const double *values,
                    guint         n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, ',');
      append_number (out, values[i]);
    }
}

/**
 * lz_sweep_dup_csv_header:
 * @self: a sweep
 *
 * Returns: (transfer full): "run,<params>,<measures>,error" and a line end
 */
char *
lz_sweep_dup_csv_header (const LzSweep *self)
{
  GString *out = g_string_new ("run");

  append_csv_names (out, self, lz_sweep_get_param_name, lz_sweep_get_n_params (self));
  append_csv_names (out, self, lz_sweep_get_measure_name, lz_sweep_get_n_measures (self));
  g_string_append (out, ",error\n");
  return g_string_free (out, FALSE);
}

/**
 * lz_sweep_row_to_csv:
 * @self: a sweep
 * @row: one of its rows
 *
 * Returns: (transfer full): the row as a CSV line, with its line end
 */
char *
lz_sweep_row_to_csv (const LzSweep    *self,
                     const LzSweepRow *row)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%u", row->run);
  append_csv_numbers (out, row->params, lz_sweep_get_n_params (self));
  append_csv_numbers (out, row->measures, lz_sweep_get_n_measures (self));
  g_string_append_c (out, ',');
  if (row->error != NULL)
    append_csv_text (out, row->error);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_json_number (GString *out,
                    double   x)
{
  if (isnan (x) || isinf (x))
    g_string_append (out, "null");
  else
    append_number (out, x);
}

/* "NAME": VALUE, … for the @n columns */
static void
append_json_members (GString       *out,
                     const LzSweep *self,
                     ColumnName     name,
                     const double  *values,
                     guint          n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, i > 0 ? ", " : "");
      append_json_string (out, name (self, i));
      g_string_append (out, ": ");
      append_json_number (out, values[i]);
    }
}

/**
 * lz_sweep_row_to_json:
 * @self: a sweep
 * @row: one of its rows
 *
 * Returns: (transfer full): {"run": …, "params": {…}, "measures": {…},
 *   "error": null or its message}, one line without a line end
 */
char *
lz_sweep_row_to_json (const LzSweep    *self,
                      const LzSweepRow *row)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "{\"run\": %u, \"params\": {", row->run);
  append_json_members (out, self, lz_sweep_get_param_name, row->params, lz_sweep_get_n_params (self));
  g_string_append (out, "}, \"measures\": {");
  append_json_members (out, self, lz_sweep_get_measure_name, row->measures,
                       lz_sweep_get_n_measures (self));
  g_string_append (out, "}, \"error\": ");
  if (row->error != NULL)
    append_json_string (out, row->error);
  else
    g_string_append (out, "null");
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}
