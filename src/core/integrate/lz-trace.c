/* lz-trace.c — the record of a run: columns of samples, events, energy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Storage is append-only and never moves: rows live in chunks of
 * chunk_rows (fewer for wide models: a chunk stays near 256 KiB), row
 * after row inside a chunk — a row is appended as a few contiguous
 * copies, whatever the model's size (the event-driven method writes one
 * at every event, whose cost must not grow with the bodies it leaves
 * alone); a reader takes one cell at a time either way — and chunks are
 * found through a two-level directory of fixed pages, allocated on
 * demand.  The writer fills a row, then
 * publishes the new count with an atomic store; a reader loads the count
 * atomically and may read every row below it without a lock while the
 * writer goes on (one writer, any number of readers).
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "lz-error.h"
#include "lz-file.h"
#include "lz-model.h"
#include "lz-trace.h"

#define CHUNK_ROWS  1024u       /* events; samples use chunk_rows */
#define CHUNK_BYTES (256u * 1024u)
#define PAGE_CHUNKS 1024u
#define N_PAGES     1024u      /* 2^20 chunks: 2^30 rows of a small model, fewer of a large one */

enum
{
  ENERGY_COLUMNS = 8,
};

typedef struct
{
  double *values;              /* chunk_rows × n_columns, row-major */
  guint8 *modes;               /* chunk_rows × n_elements, row-major */
} Chunk;

typedef struct
{
  LzEvent events[CHUNK_ROWS];
} EventChunk;

struct LzTrace
{
  char      **body_ids;
  char      **element_ids;     /* the elements, then the sources (events only) */
  guint       n_bodies;
  guint       n_elements;
  guint       n_event_ids;     /* elements and sources */
  guint       n_columns;       /* t, q, v, force, g, gdot, energy */
  guint       chunk_rows;      /* samples per chunk */
  Chunk     **pages[N_PAGES];
  EventChunk **event_pages[N_PAGES];
  gint        n_samples;       /* published atomically */
  gint        n_events;        /* published atomically */
  gint        finished;
};

/**
 * lz_trace_new:
 * @model: the model the run simulates
 *
 * Returns: (transfer full): an empty trace with the model's bodies and
 *   elements (ids copied: the model may change during the run)
 */
LzTrace *
lz_trace_new (const LzModel *model)
{
  LzTrace *self;

  g_return_val_if_fail (model != NULL, NULL);

  self = g_atomic_rc_box_new0 (LzTrace);
  self->n_bodies = lz_model_get_n_bodies (model);
  self->n_elements = lz_model_get_n_elements (model);
  self->n_columns = 1 + 2 * self->n_bodies + 3 * self->n_elements + ENERGY_COLUMNS;
  /* a large model's chunk holds few rows: a row of B4 with 10⁵ masses is
   * 14 MB, and a chunk of 16 would hold 16 of them from the first row on */
  self->chunk_rows = CLAMP (CHUNK_BYTES / (8 * self->n_columns), 1, 1024);
  self->body_ids = g_new0 (char *, self->n_bodies + 1);
  self->n_event_ids = self->n_elements + lz_model_get_n_sources (model);
  self->element_ids = g_new0 (char *, self->n_event_ids + 1);
  for (guint i = 0; i < self->n_bodies; i++)
    self->body_ids[i] = g_strdup (lz_model_get_body (model, i)->item.id);
  for (guint i = 0; i < self->n_elements; i++)
    self->element_ids[i] = g_strdup (lz_model_get_element (model, i)->item.id);
  /* a force's jump is an event of the force (cause "forcing") */
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    self->element_ids[self->n_elements + s] = g_strdup (lz_model_get_source (model, s)->item.id);
  return self;
}

LzTrace *
lz_trace_ref (LzTrace *trace)
{
  g_return_val_if_fail (trace != NULL, NULL);
  return g_atomic_rc_box_acquire (trace);
}

static void
lz_trace_clear (LzTrace *self)
{
  for (guint p = 0; p < N_PAGES; p++)
    {
      if (self->pages[p] != NULL)
        {
          for (guint c = 0; c < PAGE_CHUNKS; c++)
            if (self->pages[p][c] != NULL)
              {
                g_free (self->pages[p][c]->values);
                g_free (self->pages[p][c]->modes);
                g_free (self->pages[p][c]);
              }
          g_free (self->pages[p]);
        }
      if (self->event_pages[p] != NULL)
        {
          for (guint c = 0; c < PAGE_CHUNKS; c++)
            g_free (self->event_pages[p][c]);
          g_free (self->event_pages[p]);
        }
    }
  g_strfreev (self->body_ids);
  g_strfreev (self->element_ids);
}

void
lz_trace_unref (LzTrace *trace)
{
  g_return_if_fail (trace != NULL);
  g_atomic_rc_box_release_full (trace, (GDestroyNotify) lz_trace_clear);
}

guint
lz_trace_get_n_bodies (const LzTrace *trace)
{
  return trace->n_bodies;
}

guint
lz_trace_get_n_elements (const LzTrace *trace)
{
  return trace->n_elements;
}

const char *
lz_trace_get_body_id (const LzTrace *trace,
                      guint          body)
{
  g_return_val_if_fail (body < trace->n_bodies, NULL);
  return trace->body_ids[body];
}

/**
 * lz_trace_get_element_id:
 * @trace: a trace
 * @element: an element's index, or an event's (the model's sources follow
 *   its elements: lz_trace_get_n_elements() + s for source s)
 *
 * Returns: (transfer none): its id
 */
const char *
lz_trace_get_element_id (const LzTrace *trace,
                         guint          element)
{
  g_return_val_if_fail (element < trace->n_event_ids, NULL);
  return trace->element_ids[element];
}

/* The chunk holding ROW, allocated (by the writer) if CREATE. */
static Chunk *
chunk_for_row (const LzTrace *self,
               guint          row,
               gboolean       create)
{
  guint chunk = row / self->chunk_rows;
  guint page = chunk / PAGE_CHUNKS, slot = chunk % PAGE_CHUNKS;
  LzTrace *mutable = (LzTrace *) self;

  if (page >= N_PAGES)
    return NULL;
  if (self->pages[page] == NULL)
    {
      if (!create)
        return NULL;
      mutable->pages[page] = g_new0 (Chunk *, PAGE_CHUNKS);
    }
  if (self->pages[page][slot] == NULL && create)
    {
      Chunk *c = g_new0 (Chunk, 1);

      c->values = g_new0 (double, (gsize) self->n_columns * self->chunk_rows);
      c->modes = g_new0 (guint8, (gsize) MAX (self->n_elements, 1) * self->chunk_rows);
      mutable->pages[page][slot] = c;
    }
  return self->pages[page][slot];
}

/* The cells of row ROW (of the whole trace) in its chunk */
static inline double *
row_cells (const LzTrace *trace,
           const Chunk   *chunk,
           guint          row)
{
  return chunk->values + (gsize) (row % trace->chunk_rows) * trace->n_columns;
}

/**
 * lz_trace_append:
 * @trace: a trace
 * @t: time (s), not below the last row's
 * @q: (array): positions, one per body
 * @v: (array): velocities, one per body
 * @force: (array) (nullable): the tension T of each element
 * @g: (array) (nullable): the relative coordinate of each element
 * @gdot: (array) (nullable): its rate
 * @modes: (array) (nullable): the mode of each element
 * @energy: (nullable): the energy balance
 *
 * Appends one sample and publishes it to readers.  Only one thread may
 * append.  Missing arrays are stored as 0 (modes as %LZ_MODE_NONE).
 */
void
lz_trace_append (LzTrace        *trace,
                 double          t,
                 const double   *q,
                 const double   *v,
                 const double   *force,
                 const double   *g,
                 const double   *gdot,
                 const LzMode   *modes,
                 const LzEnergy *energy)
{
  guint row = (guint) g_atomic_int_get (&trace->n_samples);
  guint n = trace->n_bodies, e = trace->n_elements;
  Chunk *chunk;
  double *cell;
  guint8 *mode_cell;
  const double energy_values[ENERGY_COLUMNS] = {
    energy ? energy->kinetic : 0, energy ? energy->potential : 0,
    energy ? energy->damping : 0, energy ? energy->friction : 0,
    energy ? energy->impacts : 0, energy ? energy->sources : 0,
    energy ? energy->balance_error : 0, energy ? energy->numerical : 0,
  };

  /* the columns in their order: t, q, v, force, g, ġ, the energy */
  const struct { const double *values; guint count; } groups[] = {
    { &t, 1 }, { q, n }, { v, n }, { force, e }, { g, e }, { gdot, e },
    { energy_values, ENERGY_COLUMNS },
  };

  g_return_if_fail (!g_atomic_int_get (&trace->finished));
  chunk = chunk_for_row (trace, row, TRUE);
  g_return_if_fail (chunk != NULL);

  /* (a row's cells contiguous: each group one copy) */
  cell = row_cells (trace, chunk, row);
  for (guint k = 0; k < G_N_ELEMENTS (groups); k++)
    {
      if (groups[k].values != NULL)
        memcpy (cell, groups[k].values, groups[k].count * sizeof (double));
      else
        memset (cell, 0, groups[k].count * sizeof (double));
      cell += groups[k].count;
    }
  mode_cell = chunk->modes + (gsize) (row % trace->chunk_rows) * e;
  if (modes != NULL)
    for (guint i = 0; i < e; i++)
      mode_cell[i] = (guint8) modes[i];
  else
    memset (mode_cell, LZ_MODE_NONE, e);

  /* Publish: readers that see the new count see the row. */
  g_atomic_int_set (&trace->n_samples, (gint) row + 1);
}

/**
 * lz_trace_append_event:
 * @trace: a trace
 * @event: the event
 *
 * Appends one row to the event log and publishes it.
 */
void
lz_trace_append_event (LzTrace       *trace,
                       const LzEvent *event)
{
  guint index = (guint) g_atomic_int_get (&trace->n_events);
  guint chunk = index / CHUNK_ROWS, page = chunk / PAGE_CHUNKS, slot = chunk % PAGE_CHUNKS;

  g_return_if_fail (event != NULL && event->element < trace->n_event_ids);
  g_return_if_fail (page < N_PAGES);

  if (trace->event_pages[page] == NULL)
    trace->event_pages[page] = g_new0 (EventChunk *, PAGE_CHUNKS);
  if (trace->event_pages[page][slot] == NULL)
    trace->event_pages[page][slot] = g_new0 (EventChunk, 1);
  trace->event_pages[page][slot]->events[index % CHUNK_ROWS] = *event;
  g_atomic_int_set (&trace->n_events, (gint) index + 1);
}

/**
 * lz_trace_finish:
 * @trace: a trace
 *
 * Marks the run as over: no more rows will come.
 */
void
lz_trace_finish (LzTrace *trace)
{
  g_atomic_int_set (&trace->finished, TRUE);
}

gboolean
lz_trace_is_finished (const LzTrace *trace)
{
  return g_atomic_int_get (&trace->finished);
}

/**
 * lz_trace_get_row_bytes:
 * @trace: a trace
 *
 * Returns: the memory one sample row takes (its values and modes), bytes
 */
gsize
lz_trace_get_row_bytes (const LzTrace *trace)
{
  return 8 * (gsize) trace->n_columns + trace->n_elements;
}

guint
lz_trace_get_n_samples (const LzTrace *trace)
{
  return (guint) g_atomic_int_get (&trace->n_samples);
}

guint
lz_trace_get_n_events (const LzTrace *trace)
{
  return (guint) g_atomic_int_get (&trace->n_events);
}

static double
get_value (const LzTrace *trace,
           guint          row,
           guint          col)
{
  const Chunk *chunk;

  g_return_val_if_fail (row < lz_trace_get_n_samples (trace), 0.0);
  chunk = chunk_for_row (trace, row, FALSE);
  return row_cells (trace, chunk, row)[col];
}

double
lz_trace_get_time (const LzTrace *trace,
                   guint          row)
{
  return get_value (trace, row, 0);
}

double
lz_trace_get_q (const LzTrace *trace,
                guint          row,
                guint          body)
{
  g_return_val_if_fail (body < trace->n_bodies, 0.0);
  return get_value (trace, row, 1 + body);
}

double
lz_trace_get_v (const LzTrace *trace,
                guint          row,
                guint          body)
{
  g_return_val_if_fail (body < trace->n_bodies, 0.0);
  return get_value (trace, row, 1 + trace->n_bodies + body);
}

double
lz_trace_get_force (const LzTrace *trace,
                    guint          row,
                    guint          element)
{
  g_return_val_if_fail (element < trace->n_elements, 0.0);
  return get_value (trace, row, 1 + 2 * trace->n_bodies + element);
}

double
lz_trace_get_g (const LzTrace *trace,
                guint          row,
                guint          element)
{
  g_return_val_if_fail (element < trace->n_elements, 0.0);
  return get_value (trace, row, 1 + 2 * trace->n_bodies + trace->n_elements + element);
}

double
lz_trace_get_gdot (const LzTrace *trace,
                   guint          row,
                   guint          element)
{
  g_return_val_if_fail (element < trace->n_elements, 0.0);
  return get_value (trace, row, 1 + 2 * trace->n_bodies + 2 * trace->n_elements + element);
}

void
lz_trace_get_g_rows (const LzTrace *trace,
                     guint          element,
                     guint          first,
                     guint          count,
                     double        *out)
{
  guint col = 1 + 2 * trace->n_bodies + trace->n_elements + element;

  g_return_if_fail (element < trace->n_elements);
  g_return_if_fail (first + count <= lz_trace_get_n_samples (trace));
  /* (chunk by chunk: a chunk's rows n_columns cells apart) */
  while (count > 0)
    {
      const double *cell = row_cells (trace, chunk_for_row (trace, first, FALSE), first) + col;
      guint in_chunk = MIN (count, trace->chunk_rows - first % trace->chunk_rows);

      for (guint r = 0; r < in_chunk; r++, cell += trace->n_columns)
        *out++ = *cell;
      first += in_chunk;
      count -= in_chunk;
    }
}

LzMode
lz_trace_get_mode (const LzTrace *trace,
                   guint          row,
                   guint          element)
{
  const Chunk *chunk;

  g_return_val_if_fail (element < trace->n_elements, LZ_MODE_NONE);
  g_return_val_if_fail (row < lz_trace_get_n_samples (trace), LZ_MODE_NONE);
  chunk = chunk_for_row (trace, row, FALSE);
  return (LzMode) chunk->modes[(gsize) (row % trace->chunk_rows) * trace->n_elements + element];
}

void
lz_trace_get_energy (const LzTrace *trace,
                     guint          row,
                     LzEnergy      *energy)
{
  guint base = 1 + 2 * trace->n_bodies + 3 * trace->n_elements;

  g_return_if_fail (energy != NULL);
  energy->kinetic = get_value (trace, row, base + 0);
  energy->potential = get_value (trace, row, base + 1);
  energy->damping = get_value (trace, row, base + 2);
  energy->friction = get_value (trace, row, base + 3);
  energy->impacts = get_value (trace, row, base + 4);
  energy->sources = get_value (trace, row, base + 5);
  energy->balance_error = get_value (trace, row, base + 6);
  energy->numerical = get_value (trace, row, base + 7);
}

/**
 * lz_trace_find_time:
 * @trace: a trace
 * @t: a time
 *
 * Returns: the first published row whose time is ≥ @t, or the number of
 *   rows when there is none
 */
guint
lz_trace_find_time (const LzTrace *trace,
                    double         t)
{
  guint lo = 0, hi = lz_trace_get_n_samples (trace);

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (lz_trace_get_time (trace, mid) < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
lz_trace_get_event (const LzTrace *trace,
                    guint          index,
                    LzEvent       *event)
{
  guint chunk = index / CHUNK_ROWS;

  g_return_if_fail (event != NULL);
  g_return_if_fail (index < lz_trace_get_n_events (trace));
  *event = trace->event_pages[chunk / PAGE_CHUNKS][chunk % PAGE_CHUNKS]->events[index % CHUNK_ROWS];
}

/* ------------------------------------------------------------------------ */
/* CSV                                                                       */

static gboolean
write_error (GError     **error,
             const char  *path,
             int          saved_errno)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, LZ_ERROR, LZ_ERROR_IO, _("cannot write “%s”: %s"), display,
               g_strerror (saved_errno));
  return FALSE;
}

/* Writes through a temporary file renamed over PATH at the end
 * (lz-file.c), so a failed run never leaves half a file where a good one
 * was. */
typedef gboolean (*RowWriter) (const LzTrace *trace, FILE *out);

static gboolean
write_atomically (const LzTrace *trace,
                  const char    *path,
                  RowWriter      writer,
                  GError       **error)
{
  LzFileWriter *file = lz_file_writer_open (path, error);

  if (file == NULL)
    return FALSE;
  if (!writer (trace, lz_file_writer_get_stream (file)))
    {
      int saved = errno;

      lz_file_writer_abort (file);
      return write_error (error, path, saved != 0 ? saved : EIO);
    }
  return lz_file_writer_commit (file, error);
}

/* The samples' header: t,<body>.q,<body>.v,… */
static void
write_samples_header (const LzTrace *trace,
                      FILE          *out)
{
  fputs ("t", out);
  for (guint i = 0; i < trace->n_bodies; i++)
    fprintf (out, ",%s.q,%s.v", trace->body_ids[i], trace->body_ids[i]);
  fputc ('\n', out);
}

/* Rows FIRST … LAST − 1 (published), read from their chunks; FALSE on
 * a write error. */
static gboolean
write_sample_rows (const LzTrace *trace,
                   FILE          *out,
                   guint          first,
                   guint          last)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint r = first; r < last; r++)
    {
      const double *cells = row_cells (trace, chunk_for_row (trace, r, FALSE), r);

      fputs (g_ascii_formatd (buffer, sizeof buffer, "%.17g", cells[0]), out);
      /* q then v of each body (columns 1 + i and 1 + n + i) */
      for (guint c = 0; c < 2 * trace->n_bodies; c++)
        {
          guint col = 1 + c / 2 + (c % 2) * trace->n_bodies;

          fputc (',', out);
          fputs (g_ascii_formatd (buffer, sizeof buffer, "%.17g", cells[col]), out);
        }
      if (fputc ('\n', out) == EOF)
        return FALSE;
    }
  return !ferror (out);
}

static gboolean
write_samples (const LzTrace *trace,
               FILE          *out)
{
  write_samples_header (trace, out);
  return write_sample_rows (trace, out, 0, lz_trace_get_n_samples (trace));
}

static gboolean
write_events (const LzTrace *trace,
              FILE          *out)
{
  guint n = lz_trace_get_n_events (trace);
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  fputs ("t,element,from,to,cause\n", out);
  for (guint i = 0; i < n; i++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, i, &ev);
      fprintf (out, "%s,%s,%s,%s,%s\n",
               g_ascii_formatd (buffer, sizeof buffer, "%.17g", ev.t),
               trace->element_ids[ev.element], lz_mode_to_string (ev.from),
               lz_mode_to_string (ev.to), lz_event_cause_to_string (ev.cause));
    }
  return !ferror (out);
}

/**
 * lz_trace_write_csv:
 * @trace: a trace
 * @what: %LZ_TRACE_CSV_SAMPLES for the samples, with the header
 *   `t,<body>.q,<body>.v,…` (bodies in file order) and numbers with 17
 *   significant digits; %LZ_TRACE_CSV_EVENTS for the event log, with the
 *   header `t,element,from,to,cause`
 * @path: the file to write (replaced atomically)
 * @error: return location for a #GError
 *
 * Returns: %TRUE on success
 */
gboolean
lz_trace_write_csv (const LzTrace *trace,
                    LzTraceCsv     what,
                    const char    *path,
                    GError       **error)
{
  g_return_val_if_fail (trace != NULL && path != NULL, FALSE);
  return write_atomically (trace, path, what == LZ_TRACE_CSV_EVENTS ? write_events : write_samples, error);
}

/* ------------------------------------------------------------------------ */
/* CSV written while the run goes on                                         */

struct LzTraceCsvStream
{
  LzTrace      *trace;
  char         *path;
  LzFileWriter *file;
  GThread      *thread;
  GMutex        lock;
  GCond         wake;
  gboolean      stop;          /* under lock: the run is over */
  gboolean      ok;            /* the thread's: no write error */
  int           saved_errno;
};

/* Waits this long for new rows before it looks again (the run wakes it
 * at its end). */
#define STREAM_POLL_US (20 * G_TIME_SPAN_MILLISECOND)

static gpointer
stream_thread (gpointer data)
{
  LzTraceCsvStream *stream = data;
  FILE *out = lz_file_writer_get_stream (stream->file);
  guint written = 0;

  for (;;)
    {
      guint n = lz_trace_get_n_samples (stream->trace);
      gboolean stop;

      if (stream->ok && n > written)
        {
          stream->ok = write_sample_rows (stream->trace, out, written, n);
          if (!stream->ok)
            stream->saved_errno = errno;
          written = n;
          continue;
        }
      g_mutex_lock (&stream->lock);
      if (!stream->stop)
        g_cond_wait_until (&stream->wake, &stream->lock, g_get_monotonic_time () + STREAM_POLL_US);
      stop = stream->stop;
      g_mutex_unlock (&stream->lock);
      /* the last rows were published before the stop */
      if (stop && lz_trace_get_n_samples (stream->trace) == written)
        return NULL;
    }
}

/**
 * lz_trace_csv_stream_new:
 * @trace: the trace a run appends to
 * @path: the file to write (replaced atomically when the stream ends)
 * @error: return location for a #GError
 *
 * Writes the samples of @trace as lz_trace_write_csv() does, from another
 * thread, as the run publishes them: the formatting is off the run's
 * critical path.
 *
 * Returns: (transfer full) (nullable): the stream, or %NULL if @path cannot
 *   be written
 */
LzTraceCsvStream *
lz_trace_csv_stream_new (LzTrace    *trace,
                         const char *path,
                         GError    **error)
{
  LzTraceCsvStream *stream;
  LzFileWriter *file;

  g_return_val_if_fail (trace != NULL && path != NULL, NULL);
  file = lz_file_writer_open (path, error);
  if (file == NULL)
    return NULL;
  stream = g_new0 (LzTraceCsvStream, 1);
  stream->trace = lz_trace_ref (trace);
  stream->path = g_strdup (path);
  stream->file = file;
  stream->ok = TRUE;
  g_mutex_init (&stream->lock);
  g_cond_init (&stream->wake);
  write_samples_header (trace, lz_file_writer_get_stream (file));
  stream->thread = g_thread_new ("lz-trace-csv", stream_thread, stream);
  return stream;
}

/**
 * lz_trace_csv_stream_finish:
 * @stream: (transfer full): a stream; the run has ended
 * @error: return location for a #GError
 *
 * Writes the rows not written yet and commits the file.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_trace_csv_stream_finish (LzTraceCsvStream *stream,
                            GError          **error)
{
  gboolean ok;

  g_return_val_if_fail (stream != NULL, FALSE);
  g_mutex_lock (&stream->lock);
  stream->stop = TRUE;
  g_cond_signal (&stream->wake);
  g_mutex_unlock (&stream->lock);
  g_thread_join (stream->thread);
  if (!stream->ok || ferror (lz_file_writer_get_stream (stream->file)))
    {
      lz_file_writer_abort (stream->file);
      ok = write_error (error, stream->path, stream->saved_errno != 0 ? stream->saved_errno : EIO);
    }
  else
    ok = lz_file_writer_commit (stream->file, error);
  lz_trace_unref (stream->trace);
  g_mutex_clear (&stream->lock);
  g_cond_clear (&stream->wake);
  g_free (stream->path);
  g_free (stream);
  return ok;
}
