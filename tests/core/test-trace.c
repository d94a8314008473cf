/* test-trace.c — the trace: rows and events read back, a reader thread
 * while the writer appends, CSV files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "lz.h"

static LzModel *
two_body_model (void)
{
  LzModel *model = lz_model_new ("trace");

  lz_model_add_ground (model, "wall", NULL);
  lz_model_add_body (model, "m1", LZ_BODY_TRANSLATIONAL, 1, NULL);
  lz_model_add_body (model, "m-2", LZ_BODY_TRANSLATIONAL, 2, NULL);
  lz_model_add_element (model, LZ_ITEM_SPRING, "k", "wall", "m1", NULL);
  lz_model_add_element (model, LZ_ITEM_FRICTION, "f", "m1", "m-2", NULL);
  lz_model_add_element (model, LZ_ITEM_STOP, "s", "wall", "m-2", NULL);
  return model;
}

/* The values of row R, so that any row can be checked on its own. */
static void
fill_row (guint     r,
          double   *t,
          double    q[2],
          double    v[2],
          double    f[3],
          double    g[3],
          double    gd[3],
          LzMode    modes[3],
          LzEnergy *energy)
{
  *t = r * 1e-3;
  for (int i = 0; i < 2; i++)
    {
      q[i] = r + 0.25 * i;
      v[i] = -(double) r - 0.5 * i;
    }
  for (int i = 0; i < 3; i++)
    {
      f[i] = 3.0 * r + i;
      g[i] = 5.0 * r + i;
      gd[i] = 7.0 * r + i;
    }
  modes[0] = LZ_MODE_NONE;
  modes[1] = r % 3 == 0 ? LZ_MODE_STICK : r % 3 == 1 ? LZ_MODE_SLIP_POS : LZ_MODE_SLIP_NEG;
  modes[2] = r % 2 ? LZ_MODE_CONTACT : LZ_MODE_FREE;
  *energy = (LzEnergy) { r, r + 1, r + 2, r + 3, r + 4, r + 5, 1e-12 * r };
}

static void
check_row (const LzTrace *trace,
           guint          r)
{
  double t, q[2], v[2], f[3], g[3], gd[3];
  LzMode modes[3];
  LzEnergy energy, got;

  fill_row (r, &t, q, v, f, g, gd, modes, &energy);
  g_assert_cmpfloat (lz_trace_get_time (trace, r), ==, t);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpfloat (lz_trace_get_q (trace, r, i), ==, q[i]);
      g_assert_cmpfloat (lz_trace_get_v (trace, r, i), ==, v[i]);
    }
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpfloat (lz_trace_get_force (trace, r, i), ==, f[i]);
      g_assert_cmpfloat (lz_trace_get_g (trace, r, i), ==, g[i]);
      g_assert_cmpfloat (lz_trace_get_gdot (trace, r, i), ==, gd[i]);
      g_assert_cmpint (lz_trace_get_mode (trace, r, i), ==, modes[i]);
    }
  lz_trace_get_energy (trace, r, &got);
  g_assert_cmpmem (&got, sizeof got, &energy, sizeof energy);
}

static void
append_rows (LzTrace *trace,
             guint    from,
             guint    to)
{
  for (guint r = from; r < to; r++)
    {
      double t, q[2], v[2], f[3], g[3], gd[3];
      LzMode modes[3];
      LzEnergy energy;

      fill_row (r, &t, q, v, f, g, gd, modes, &energy);
      lz_trace_append (trace, t, q, v, f, g, gd, modes, &energy);
    }
}

/* Rows across several chunks read back exactly; find_time bisects. */
static void
test_trace_rows (void)
{
  g_autoptr(LzModel) model = two_body_model ();
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  guint n = 5000;

  g_assert_cmpuint (lz_trace_get_n_bodies (trace), ==, 2);
  g_assert_cmpuint (lz_trace_get_n_elements (trace), ==, 3);
  g_assert_cmpstr (lz_trace_get_body_id (trace, 1), ==, "m-2");
  g_assert_cmpstr (lz_trace_get_element_id (trace, 2), ==, "s");
  append_rows (trace, 0, n);
  g_assert_cmpuint (lz_trace_get_n_samples (trace), ==, n);
  for (guint r = 0; r < n; r++)
    check_row (trace, r);
  g_assert_cmpuint (lz_trace_find_time (trace, 0.0), ==, 0);
  g_assert_cmpuint (lz_trace_find_time (trace, 2.0005), ==, 2001);
  g_assert_cmpuint (lz_trace_find_time (trace, 1e9), ==, n);
  g_assert_false (lz_trace_is_finished (trace));
  lz_trace_finish (trace);
  g_assert_true (lz_trace_is_finished (trace));
}

typedef struct
{
  LzTrace *trace;
  guint    target;
  guint    rows_checked;
  guint    polls;
} Reader;

static gpointer
reader_thread (gpointer data)
{
  Reader *reader = data;
  guint seen = 0;

  /* Read every row as soon as it is published, while the writer goes on. */
  while (seen < reader->target)
    {
      guint n = lz_trace_get_n_samples (reader->trace);

      reader->polls++;
      for (; seen < n; seen++)
        {
          check_row (reader->trace, seen);
          reader->rows_checked++;
        }
      if (n == seen)
        g_thread_yield ();
    }
  return NULL;
}

/* One writer, one reader: every row the reader sees is complete. */
static void
test_trace_concurrent_reader (void)
{
  g_autoptr(LzModel) model = two_body_model ();
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  Reader reader = { trace, 300000, 0, 0 };
  GThread *thread = g_thread_new ("reader", reader_thread, &reader);

  for (guint r = 0; r < reader.target; r += 1000)
    append_rows (trace, r, r + 1000);
  g_thread_join (thread);
  g_assert_cmpuint (reader.rows_checked, ==, reader.target);
  g_test_message ("the reader polled %u times", reader.polls);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* The CSV files of luztar-cli run. */
static void
test_trace_csv (void)
{
  g_autoptr(LzModel) model = two_body_model ();
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("luztar-trace-XXXXXX", NULL);
  g_autofree char *samples = g_build_filename (dir, "trace.csv", NULL);
  g_autofree char *events = g_build_filename (dir, "events.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "no", "such", "events.csv", NULL);
  g_autofree char *text = NULL, *ev_text = NULL;
  LzEvent ev = { 0.125, 1, LZ_MODE_STICK, LZ_MODE_SLIP_POS, LZ_CAUSE_FORCE_LIMIT };
  LzEvent ev2 = { 0.5, 2, LZ_MODE_FREE, LZ_MODE_FREE, LZ_CAUSE_IMPACT };
  LzEvent back;

  append_rows (trace, 0, 3);
  lz_trace_append_event (trace, &ev);
  lz_trace_append_event (trace, &ev2);
  g_assert_cmpuint (lz_trace_get_n_events (trace), ==, 2);
  lz_trace_get_event (trace, 1, &back);
  g_assert_cmpmem (&back, sizeof back, &ev2, sizeof ev2);

  g_assert_true (lz_trace_write_csv (trace, LZ_TRACE_CSV_SAMPLES, samples, &error));
  g_assert_no_error (error);
  text = read_file (samples);
  g_assert_cmpstr (text, ==,
                   "t,m1.q,m1.v,m-2.q,m-2.v\n"
                   "0,0,-0,0.25,-0.5\n"
                   "0.001,1,-1,1.25,-1.5\n"
                   "0.002,2,-2,2.25,-2.5\n");
  g_assert_true (lz_trace_write_csv (trace, LZ_TRACE_CSV_EVENTS, events, &error));
  ev_text = read_file (events);
  g_assert_cmpstr (ev_text, ==,
                   "t,element,from,to,cause\n"
                   "0.125,f,stick,slip+,force-limit\n"
                   "0.5,s,free,free,impact\n");

  g_assert_false (lz_trace_write_csv (trace, LZ_TRACE_CSV_EVENTS, bad, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "events.csv"));

  g_unlink (samples);
  g_unlink (events);
  g_rmdir (dir);
}

static void
test_trace_names (void)
{
  static const char *modes[] = { "none", "stick", "slip+", "slip-", "free", "contact",
                                 "gap", "engaged+", "engaged-", "pressed-", "pressed+" };

  for (LzMode m = 0; m < LZ_MODE_N_MODES; m++)
    g_assert_cmpstr (lz_mode_to_string (m), ==, modes[m]);
  g_assert_cmpstr (lz_event_cause_to_string (LZ_CAUSE_IMPACT), ==, "impact");
  g_assert_cmpstr (lz_event_cause_to_string (LZ_CAUSE_ZENO), ==, "zeno");
  g_assert_cmpstr (lz_event_cause_to_string (LZ_CAUSE_TOUCH), ==, "touch");
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/trace/rows", test_trace_rows);
  g_test_add_func ("/lz/trace/concurrent-reader", test_trace_concurrent_reader);
  g_test_add_func ("/lz/trace/csv", test_trace_csv);
  g_test_add_func ("/lz/trace/names", test_trace_names);
  return g_test_run ();
}
