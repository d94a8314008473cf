/* bench-lcp.c — the LCP micro-benchmark of bench/README.md
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * w = M z + q, w ≥ 0, z ≥ 0, wᵀz = 0 with M = A Aᵀ + I.  A (n×n, row-major)
 * and then q (n) come from the 64-bit LCG
 *
 *     s ← 6364136223846793005·s + 1442695040888963407  (mod 2^64),
 *     value = 2·((s >> 11)·2^−53) − 1,
 *
 * seeded with s = 20240601 + n, for n = 5, 20, 100, 500.  The problems are
 * those of the Siconos comparison program (lcp_bench.c, bench/README.md), built
 * bit for bit the same way (M summed in the same order), so the two
 * programs can be run side by side.  Each solve starts cold (z = 0) and is
 * repeated until at least --min-time seconds (and 3 solves) have passed.
 *
 * Usage: bench-lcp [--min-time S] [--sizes 5,20,100,500]
 *                  [--check-anchor lcp_problem_n5.txt]
 *
 * Output: one CSV line per (n, solver).  "residual" is our natural residual
 * max_i |min(w_i, z_i)|; "siconos_err" is Siconos' lcp_compute_error,
 * ‖z − max(0, z − w)‖₂ / ‖q‖₂, for comparison with its table.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gsl/gsl_errno.h>

#include "lz.h"

static uint64_t lcg_state;

static double
lcg_next (void)
{
  lcg_state = 6364136223846793005ULL * lcg_state + 1442695040888963407ULL;
  return 2.0 * ((double) (lcg_state >> 11) * (1.0 / 9007199254740992.0)) - 1.0;
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Fills A (row-major n×n), q and M = A Aᵀ + I exactly as the anchor does. */
static void
make_problem (guint       n,
              double     *A,
              gsl_matrix *M,
              gsl_vector *q)
{
  lcg_state = 20240601ULL + n;
  for (guint i = 0; i < n * n; i++)
    A[i] = lcg_next ();
  for (guint i = 0; i < n; i++)
    gsl_vector_set (q, i, lcg_next ());
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        double s = i == j ? 1.0 : 0.0;

        for (guint k = 0; k < n; k++)
          s += A[i * n + k] * A[j * n + k];
        gsl_matrix_set (M, i, j, s);
      }
}

/* Siconos' lcp_compute_error: ‖z − max(0, z − w)‖₂ / ‖q‖₂. */
static double
siconos_error (const gsl_vector *z,
               const gsl_vector *w,
               const gsl_vector *q)
{
  double e = 0, nq = 0;

  for (guint i = 0; i < q->size; i++)
    {
      double zi = gsl_vector_get (z, i), wi = gsl_vector_get (w, i);
      double d = zi - MAX (0.0, zi - wi);

      e += d * d;
      nq += gsl_vector_get (q, i) * gsl_vector_get (q, i);
    }
  return sqrt (e) / sqrt (nq);
}

/* Reads the numbers of the anchor's lcp_problem_n5.txt (comment lines
 * start with #): 25 of A, 5 of q, 5 of z (lexicolemke), 5 of z (pgs). */
static gboolean
check_anchor (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  double values[40];
  guint count = 0, n = 5, mismatches = 0;
  double A[25], zdiff = 0;
  gsl_matrix *M = gsl_matrix_alloc (n, n);
  gsl_vector *q = gsl_vector_alloc (n), *z = gsl_vector_alloc (n), *w = gsl_vector_alloc (n);
  LzLcpReport report;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto(GStrv) words = NULL;

      if (lines[l][0] == '#')
        continue;
      words = g_strsplit_set (lines[l], " \t", -1);
      for (guint k = 0; words[k] != NULL; k++)
        if (words[k][0] != '\0' && count < G_N_ELEMENTS (values))
          values[count++] = g_ascii_strtod (words[k], NULL);
    }
  if (count != 40)
    {
      g_printerr ("%s: expected 40 numbers, found %u\n", path, count);
      return FALSE;
    }

  make_problem (n, A, M, q);
  for (guint i = 0; i < 25; i++)
    mismatches += memcmp (&A[i], &values[i], sizeof (double)) != 0;
  for (guint i = 0; i < n; i++)
    {
      double qi = gsl_vector_get (q, i);

      mismatches += memcmp (&qi, &values[25 + i], sizeof (double)) != 0;
    }
  lz_lcp_solve_lemke (M, q, z, w, &report, NULL);
  for (guint i = 0; i < n; i++)
    zdiff = MAX (zdiff, fabs (gsl_vector_get (z, i) - values[30 + i]));
  printf ("anchor %s: %u of 30 generated numbers (A, q) differ bitwise; "
          "max |z − z_lexicolemke| = %.3g (%u pivots, residual %.3g)\n",
          path, mismatches, zdiff, report.iterations, report.residual);
  gsl_matrix_free (M);
  gsl_vector_free (q);
  gsl_vector_free (z);
  gsl_vector_free (w);
  return mismatches == 0 && zdiff < 1e-12;
}

typedef enum
{
  SOLVER_LEMKE,
  SOLVER_PGS,
} Solver;

static void
run (guint       n,
     Solver      solver,
     double      tolerance,
     double      min_time,
     const char *name)
{
  double *A = g_new (double, (gsize) n * n);
  gsl_matrix *M = gsl_matrix_alloc (n, n);
  gsl_vector *q = gsl_vector_alloc (n), *z = gsl_vector_alloc (n), *w = gsl_vector_alloc (n);
  LzPgsOptions options = { .max_sweeps = 1000000, .tolerance = tolerance };
  LzLcpReport report = { 0 };
  gboolean ok = FALSE;
  guint reps = 0, active = 0;
  double t0, t, minz = INFINITY, minw = INFINITY, maxzw = 0;

  make_problem (n, A, M, q);
  t0 = now ();
  do
    {
      g_autoptr(GError) error = NULL;

      if (solver == SOLVER_LEMKE)
        ok = lz_lcp_solve_lemke (M, q, z, w, &report, &error);
      else
        ok = lz_lcp_solve_pgs (M, q, z, w, &options, &report, &error);
      if (!ok && reps == 0)
        g_printerr ("n = %u, %s: %s\n", n, name, error->message);
      reps++;
      t = now () - t0;
    }
  while (t < min_time || reps < 3);

  for (guint i = 0; i < n; i++)
    {
      double zi = gsl_vector_get (z, i), wi = gsl_vector_get (w, i);

      minz = MIN (minz, zi);
      minw = MIN (minw, wi);
      maxzw = MAX (maxzw, fabs (zi * wi));
      active += zi > 0;
    }
  printf ("%u,%s,%d,%u,%u,%.6e,%.3e,%.3e,%.3e,%.3e,%.3e,%u\n",
          n, name, ok, report.iterations, reps, t / reps, report.residual,
          siconos_error (z, w, q), minz, minw, maxzw, active);
  fflush (stdout);

  g_free (A);
  gsl_matrix_free (M);
  gsl_vector_free (q);
  gsl_vector_free (z);
  gsl_vector_free (w);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sizes_text = NULL;
  g_autofree char *anchor = NULL;
  g_auto(GStrv) sizes = NULL;
  double min_time = 1.0;
  GOptionEntry entries[] = {
    { "min-time", 0, 0, G_OPTION_ARG_DOUBLE, &min_time,
      "Repeat each solve for at least this many seconds (default 1)", "S" },
    { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes_text,
      "Comma-separated sizes (default 5,20,100,500)", "N,…" },
    { "check-anchor", 0, 0, G_OPTION_ARG_FILENAME, &anchor,
      "Compare the n = 5 problem with the Siconos anchor's lcp_problem_n5.txt", "FILE" },
    { NULL }
  };

  lz_locale_init (LZ_LOCALE_DYNAMIC);
  gsl_set_error_handler_off ();
  context = g_option_context_new ("— the LCP micro-benchmark (bench/README.md)");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  if (anchor != NULL)
    return check_anchor (anchor) ? 0 : 1;

  sizes = g_strsplit (sizes_text != NULL ? sizes_text : "5,20,100,500", ",", -1);
  printf ("n,solver,ok,iterations,reps,time_per_solve_s,residual,siconos_err,"
          "min_z,min_w,max_abs_z_w,n_active\n");
  for (guint s = 0; sizes[s] != NULL; s++)
    {
      guint n = (guint) g_ascii_strtoull (sizes[s], NULL, 10);

      if (n == 0)
        continue;
      run (n, SOLVER_LEMKE, 0, min_time, "lemke");
      run (n, SOLVER_PGS, 1e-10, min_time, "pgs-1e-10");
      run (n, SOLVER_PGS, 1e-12, min_time, "pgs-1e-12");
    }
  return 0;
}
