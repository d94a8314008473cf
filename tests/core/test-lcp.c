/* test-lcp.c — Lemke, projected Gauss–Seidel, mixed and box LCPs
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Random problems are drawn with g_test_rand_*, so a failure reproduces
 * with --seed (the seed is the first line of the TAP output).  References:
 *
 * - P-matrices (M = A Aᵀ + I): the solution is unique, so Lemke and PGS
 *   must agree;
 * - brute force: for n ≤ 8 every complementary basis (2^n of them) is
 *   solved directly.  For a generic q a solvable LCP always has a solution
 *   at a regular basis (q lies in the interior of a full complementary
 *   cone), so the enumeration decides existence.  For copositive-plus M
 *   Lemke's theorem then says: a solution exists ⇔ Lemke finds one;
 * - mixed LCPs with a planted solution (unique: the Schur complement is a
 *   P-matrix), box LCPs against an enumeration of the 3^n faces;
 * - hand-made degenerate problems, Murty's exponential example, and every
 *   error code.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "lz.h"

/* Solution tolerance of the random tests (the brief: residual ≤ 1e-10). */
#define RESIDUAL_TOLERANCE 1e-10

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

typedef struct
{
  guint       n;
  gsl_matrix *M;
  gsl_vector *q, *z, *w;
} Problem;

static Problem *
problem_new (guint n)
{
  Problem *p = g_new0 (Problem, 1);

  p->n = n;
  p->M = gsl_matrix_calloc (n, n);
  p->q = gsl_vector_calloc (n);
  p->z = gsl_vector_calloc (n);
  p->w = gsl_vector_calloc (n);
  return p;
}

static void
problem_free (Problem *p)
{
  gsl_matrix_free (p->M);
  gsl_vector_free (p->q);
  gsl_vector_free (p->z);
  gsl_vector_free (p->w);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Problem, problem_free)

static Problem *
problem_from (guint         n,
              const double *M,
              const double *q)
{
  Problem *p = problem_new (n);

  for (guint i = 0; i < n; i++)
    {
      gsl_vector_set (p->q, i, q[i]);
      for (guint j = 0; j < n; j++)
        gsl_matrix_set (p->M, i, j, M[i * n + j]);
    }
  return p;
}

/* M = A Aᵀ + I with A uniform in [−1, 1): symmetric positive definite. */
static void
fill_spd (gsl_matrix *M)
{
  guint n = M->size1;
  gsl_matrix *A = gsl_matrix_alloc (n, n);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      gsl_matrix_set (A, i, j, g_test_rand_double_range (-1, 1));
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        double s = i == j ? 1.0 : 0.0;

        for (guint k = 0; k < n; k++)
          s += gsl_matrix_get (A, i, k) * gsl_matrix_get (A, j, k);
        gsl_matrix_set (M, i, j, s);
      }
  gsl_matrix_free (A);
}

static void
fill_uniform (gsl_vector *v,
              double      lo,
              double      hi)
{
  for (guint i = 0; i < v->size; i++)
    gsl_vector_set (v, i, g_test_rand_double_range (lo, hi));
}

static double
max_abs (const gsl_vector *v)
{
  double m = 0;

  for (guint i = 0; i < v->size; i++)
    m = MAX (m, fabs (gsl_vector_get (v, i)));
  return m;
}

static double
max_abs_diff (const gsl_vector *a,
              const gsl_vector *b)
{
  double m = 0;

  for (guint i = 0; i < a->size; i++)
    m = MAX (m, fabs (gsl_vector_get (a, i) - gsl_vector_get (b, i)));
  return m;
}

static double
matrix_max_abs (const gsl_matrix *M)
{
  double m = 0;

  for (guint i = 0; i < M->size1; i++)
    for (guint j = 0; j < M->size2; j++)
      m = MAX (m, fabs (gsl_matrix_get (M, i, j)));
  return m;
}

/* Checks that @report is what lz_lcp_report_compute() says of (z, w), that
 * w = Mz + q, and that (z, w) solves the LCP to @tol. */
static void
assert_lcp_solution (const Problem     *p,
                     const LzLcpReport *report,
                     double             tol)
{
  LzLcpReport check;

  lz_lcp_report_compute (p->M, p->q, p->z, p->w, &check);
  g_assert_cmpfloat (check.residual, ==, report->residual);
  g_assert_cmpfloat (check.complementarity, ==, report->complementarity);
  g_assert_cmpfloat (check.infeasibility, ==, report->infeasibility);
  g_assert_cmpfloat (check.equation_error, ==, report->equation_error);
  g_assert_cmpfloat (report->equation_error, ==, 0);

  g_assert_cmpfloat (report->residual, <=, tol);
  g_assert_cmpfloat (report->infeasibility, <=, tol);
  g_assert_cmpfloat (report->complementarity, <=, tol * (1 + max_abs (p->z) + max_abs (p->w)) * p->n);
  for (guint i = 0; i < p->n; i++)
    g_assert_cmpfloat (gsl_vector_get (p->z, i), >=, 0);
}

/* Solves the n×n system C x = b; FALSE when C is singular to working
 * precision (relative pivot below 1e-9). */
static gboolean
solve_dense (gsl_matrix *C,
             gsl_vector *b,
             gsl_vector *x)
{
  guint n = C->size1;
  double scale = matrix_max_abs (C);
  gsl_permutation *perm = gsl_permutation_alloc (MAX (n, 1));
  int signum;
  gboolean ok = TRUE;

  if (n == 0)
    {
      gsl_permutation_free (perm);
      return TRUE;
    }
  gsl_linalg_LU_decomp (C, perm, &signum);
  for (guint i = 0; i < n; i++)
    if (fabs (gsl_matrix_get (C, i, i)) <= 1e-9 * scale)
      ok = FALSE;
  if (ok)
    gsl_linalg_LU_solve (C, perm, b, x);
  gsl_permutation_free (perm);
  return ok;
}

/* Enumerates the 2^n complementary bases of LCP(M, q): for each set α the
 * matrix with columns −M_j (j ∈ α, z_j basic) and e_j (j ∉ α, w_j basic)
 * is solved against q.  Returns the number of regular bases with a
 * solution ≥ −@tol; the first is written to @z_out (may be NULL). */
static guint
brute_force_lcp (const gsl_matrix *M,
                 const gsl_vector *q,
                 double            tol,
                 gsl_vector       *z_out)
{
  guint n = q->size, found = 0;
  gsl_matrix *C = gsl_matrix_alloc (n, n);
  gsl_vector *x = gsl_vector_alloc (n), *b = gsl_vector_alloc (n);

  g_assert_cmpuint (n, <=, 12);
  for (guint alpha = 0; alpha < (1u << n); alpha++)
    {
      gboolean ok = TRUE;

      for (guint j = 0; j < n; j++)
        for (guint i = 0; i < n; i++)
          gsl_matrix_set (C, i, j, (alpha >> j) & 1 ? -gsl_matrix_get (M, i, j)
                                                    : (double) (i == j));
      gsl_vector_memcpy (b, q);
      if (!solve_dense (C, b, x))
        continue;
      for (guint i = 0; i < n; i++)
        if (!(gsl_vector_get (x, i) >= -tol))
          ok = FALSE;
      if (!ok)
        continue;
      if (found == 0 && z_out != NULL)
        for (guint j = 0; j < n; j++)
          gsl_vector_set (z_out, j, (alpha >> j) & 1 ? MAX (gsl_vector_get (x, j), 0.0) : 0.0);
      found++;
    }
  gsl_matrix_free (C);
  gsl_vector_free (x);
  gsl_vector_free (b);
  return found;
}

/* ------------------------------------------------------------------------ */
/* P-matrices: Lemke and PGS agree                                          */

#define N_P_PROBLEMS 2100
#define P_MAX_N      30

static void
test_lcp_p_matrix (void)
{
  guint nontrivial = 0, max_pivots = 0, max_sweeps = 0;
  double worst_residual = 0, worst_diff = 0;
  LzPgsOptions options = { .max_sweeps = 100000, .tolerance = 1e-12 };

  for (guint k = 0; k < N_P_PROBLEMS; k++)
    {
      guint n = 1 + k % P_MAX_N;
      g_autoptr(Problem) p = problem_new (n);
      g_autoptr(GError) error = NULL;
      gsl_vector *z_lemke = gsl_vector_alloc (n);
      LzLcpReport lemke, pgs;
      /* Mostly unit scale; one problem in four with q scaled by 1e±3. */
      double scale = k % 4 == 3 ? pow (10, g_test_rand_double_range (-3, 3)) : 1.0;

      fill_spd (p->M);
      fill_uniform (p->q, -scale, scale);
      /* PGS's tolerance is absolute: scale it with the problem. */
      options.tolerance = 1e-12 * scale;

      g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &lemke, &error));
      g_assert_no_error (error);
      assert_lcp_solution (p, &lemke, RESIDUAL_TOLERANCE * scale);
      g_assert_cmpuint (lemke.iterations, <=, 50 * (n + 1));
      gsl_vector_memcpy (z_lemke, p->z);
      nontrivial += lemke.iterations > 0;
      max_pivots = MAX (max_pivots, lemke.iterations);
      worst_residual = MAX (worst_residual, lemke.residual / scale);

      gsl_vector_set_all (p->z, 12345); /* a cold start ignores z */
      g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &pgs, &error));
      g_assert_no_error (error);
      assert_lcp_solution (p, &pgs, RESIDUAL_TOLERANCE * scale);
      g_assert_cmpfloat (pgs.residual, <=, options.tolerance);
      g_assert_cmpuint (pgs.iterations, >=, 1);
      max_sweeps = MAX (max_sweeps, pgs.iterations);

      /* The solution of a P-matrix LCP is unique. */
      g_assert_cmpfloat (max_abs_diff (z_lemke, p->z), <=, 1e-8 * scale);
      worst_diff = MAX (worst_diff, max_abs_diff (z_lemke, p->z) / scale);
      gsl_vector_free (z_lemke);
    }
  /* About 1 in 2^n problems has q ≥ 0; the others need pivots. */
  g_assert_cmpuint (nontrivial, >, N_P_PROBLEMS * 9 / 10);
  g_test_message ("%u P-matrix problems (n = 1…%u): at most %u pivots, %u sweeps; "
                  "worst Lemke residual %.2g, worst |z_lemke − z_pgs| %.2g (relative to q)",
                  N_P_PROBLEMS, P_MAX_N, max_pivots, max_sweeps, worst_residual, worst_diff);
}

/* The n = 5 problem of the LCP micro-benchmark (bench/README.md) and the
 * solution Siconos' lexicolemke returned for it
 * (shared/anchors/siconos/lcp_problem_n5.txt). */
static void
test_lcp_benchmark_anchor (void)
{
  static const double z_siconos[5] = {
    0.28768268064392583, 0.024419510067388701, 0.27685820790052751, 0.35687933900039398, 0
  };
  g_autoptr(Problem) p = problem_new (5);
  guint64 s = 20240601 + 5;
  double A[25];
  LzLcpReport report;

  for (guint i = 0; i < 30; i++)
    {
      double v;

      s = 6364136223846793005ULL * s + 1442695040888963407ULL;
      v = 2.0 * ((double) (s >> 11) * (1.0 / 9007199254740992.0)) - 1.0;
      if (i < 25)
        A[i] = v;
      else
        gsl_vector_set (p->q, i - 25, v);
    }
  /* Bits of the anchor file, to be sure the generator is the same. */
  g_assert_cmpfloat (A[0], ==, 0.18449679134663022);
  g_assert_cmpfloat (gsl_vector_get (p->q, 4), ==, 0.68268179983344357);
  for (guint i = 0; i < 5; i++)
    for (guint j = 0; j < 5; j++)
      {
        double sum = i == j ? 1.0 : 0.0;

        for (guint k = 0; k < 5; k++)
          sum += A[i * 5 + k] * A[j * 5 + k];
        gsl_matrix_set (p->M, i, j, sum);
      }

  g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, NULL));
  assert_lcp_solution (p, &report, 1e-15);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (p->z, i), z_siconos[i], 1e-15);
  g_assert_cmpfloat (gsl_vector_get (p->z, 4), ==, 0);
  /* z0 enters, four z's enter (the last one drives z0 out). */
  g_assert_cmpuint (report.iterations, ==, 5);
}

/* ------------------------------------------------------------------------ */
/* Brute force on matrices that are not P                                   */

typedef enum
{
  /* B Bᵀ + S with B n×k integer (k < n: singular) and S integer
   * skew-symmetric: monotone, hence copositive-plus. */
  CLASS_PSD_SINGULAR,
  /* Positive entries with small diagonal: strictly copositive (so every
   * q has a solution) but not P. */
  CLASS_STRICTLY_COPOSITIVE,
  /* Integer entries in [−3, 3]: no guarantee at all. */
  CLASS_GENERAL,
} MatrixClass;

static void
fill_class (gsl_matrix  *M,
            MatrixClass  klass)
{
  guint n = M->size1;

  gsl_matrix_set_zero (M);
  switch (klass)
    {
    case CLASS_PSD_SINGULAR:
      {
        guint k = g_test_rand_int_range (0, n);
        gboolean skew = g_test_rand_bit ();

        for (guint c = 0; c < k; c++)
          {
            double b[12];

            for (guint i = 0; i < n; i++)
              b[i] = g_test_rand_int_range (-2, 3);
            for (guint i = 0; i < n; i++)
              for (guint j = 0; j < n; j++)
                *gsl_matrix_ptr (M, i, j) += b[i] * b[j];
          }
        for (guint i = 0; skew && i < n; i++)
          for (guint j = i + 1; j < n; j++)
            {
              double s = g_test_rand_int_range (-2, 3);

              *gsl_matrix_ptr (M, i, j) += s;
              *gsl_matrix_ptr (M, j, i) -= s;
            }
      }
      break;
    case CLASS_STRICTLY_COPOSITIVE:
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          gsl_matrix_set (M, i, j, i == j ? g_test_rand_double_range (0.01, 0.3)
                                          : g_test_rand_double_range (0.1, 1));
      break;
    case CLASS_GENERAL:
    default:
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          gsl_matrix_set (M, i, j, g_test_rand_int_range (-3, 4));
      break;
    }
}

/* A principal minor ≤ 0 of order 1 or 2 proves M is not P. */
static gboolean
has_nonpositive_small_minor (const gsl_matrix *M)
{
  guint n = M->size1;

  for (guint i = 0; i < n; i++)
    {
      if (gsl_matrix_get (M, i, i) <= 0)
        return TRUE;
      for (guint j = i + 1; j < n; j++)
        if (gsl_matrix_get (M, i, i) * gsl_matrix_get (M, j, j)
            - gsl_matrix_get (M, i, j) * gsl_matrix_get (M, j, i) <= 0)
          return TRUE;
    }
  return FALSE;
}

#define N_BRUTE_PER_CLASS 600

static void
test_lcp_brute_force (void)
{
  static const char *names[] = { "PSD singular (+ skew)", "strictly copositive", "general" };

  for (MatrixClass klass = CLASS_PSD_SINGULAR; klass <= CLASS_GENERAL; klass++)
    {
      guint solved = 0, infeasible = 0, missed = 0, not_p = 0;

      for (guint k = 0; k < N_BRUTE_PER_CLASS; k++)
        {
          guint n = 1 + k % 8;
          g_autoptr(Problem) p = problem_new (n);
          g_autoptr(GError) error = NULL;
          gsl_vector *z_brute = gsl_vector_alloc (n);
          LzLcpReport report;
          guint found;
          gboolean ok;
          double scale;

          fill_class (p->M, klass);
          fill_uniform (p->q, -1, 1);
          not_p += has_nonpositive_small_minor (p->M);
          found = brute_force_lcp (p->M, p->q, 1e-9, z_brute);
          ok = lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error);
          scale = 1 + max_abs (p->z) * (1 + matrix_max_abs (p->M));

          if (ok)
            {
              g_assert_no_error (error);
              assert_lcp_solution (p, &report, 1e-9 * scale);
              /* A valid solution for a generic q sits at a regular basis. */
              g_assert_cmpuint (found, >, 0);
              solved++;
            }
          else
            {
              /* The lexicographic rule terminates: only a ray can stop it. */
              g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION);
              g_assert_nonnull (strstr (error->message, "ray termination entering "));
              if (found == 0)
                infeasible++;
              else
                missed++;
            }

          /* Lemke's theorem for copositive-plus matrices. */
          if (klass != CLASS_GENERAL)
            g_assert_cmpint (ok, ==, found > 0);
          if (klass == CLASS_STRICTLY_COPOSITIVE)
            g_assert_true (ok);
          gsl_vector_free (z_brute);
        }

      g_test_message ("%s: %u solved, %u without a solution, %u ray terminations "
                      "although a solution exists; %u of %u provably not P",
                      names[klass], solved, infeasible, missed, not_p, N_BRUTE_PER_CLASS);
      /* Each class has to exercise what it is there for. */
      g_assert_cmpuint (solved, >=, N_BRUTE_PER_CLASS / 10);
      if (klass == CLASS_PSD_SINGULAR || klass == CLASS_GENERAL)
        g_assert_cmpuint (infeasible, >=, N_BRUTE_PER_CLASS / 20);
      if (klass == CLASS_STRICTLY_COPOSITIVE)
        g_assert_cmpuint (not_p, >=, N_BRUTE_PER_CLASS * 8 / 10);
      if (klass == CLASS_GENERAL)
        g_assert_cmpuint (missed, >, 0);
    }
}

/* ------------------------------------------------------------------------ */
/* No solution                                                              */

static void
test_lcp_infeasible (void)
{
  /* w1 = z2 − 1, w2 = −z1 − 1 < 0: infeasible; M is skew (copositive-plus),
   * so Lemke's ray proves it. */
  static const double M1[] = { 0, 1, -1, 0 }, q1[] = { -1, -1 };
  /* M = 0 with a negative q. */
  static const double M2[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 }, q2[] = { 1, -0.5, 2 };
  /* −I (not copositive): w = q − z < 0 wherever q < 0. */
  static const double M3[] = { -1, 0, 0, -1 }, q3[] = { 1, -1 };
  struct { guint n; const double *M, *q; } cases[] = {
    { 2, M1, q1 }, { 3, M2, q2 }, { 2, M3, q3 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(Problem) p = problem_from (cases[c].n, cases[c].M, cases[c].q);
      g_autoptr(GError) error = NULL;
      LzLcpReport report, check;

      g_assert_cmpuint (brute_force_lcp (p->M, p->q, 1e-12, NULL), ==, 0);
      g_assert_false (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error));
      g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "no solution: ray termination entering "));
      g_assert_nonnull (strstr (error->message, " (the problem is infeasible, or M is not copositive-plus)"));
      /* The report describes what was returned, and it is no solution. */
      lz_lcp_report_compute (p->M, p->q, p->z, p->w, &check);
      g_assert_cmpfloat (check.residual, ==, report.residual);
      g_assert_cmpfloat (report.residual, >, 0.1);
      g_assert_cmpuint (report.iterations, >=, 1);
    }

  /* The message names the variable that could not enter: here z2 (after
   * z0 replaced w2, z2 enters and nothing bounds it). */
  {
    static const double M[] = { 1, 0, 0, -1 }, q[] = { 1, -1 };
    g_autoptr(Problem) p = problem_from (2, M, q);
    g_autoptr(GError) error = NULL;

    g_assert_false (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, NULL, &error));
    g_assert_cmpstr (error->message, ==,
                     "no solution: ray termination entering z2 after 1 pivot "
                     "(the problem is infeasible, or M is not copositive-plus)");
  }
}

/* ------------------------------------------------------------------------ */
/* Degenerate problems                                                      */

static gboolean
has_zero (const gsl_vector *v)
{
  for (guint i = 0; i < v->size; i++)
    if (gsl_vector_get (v, i) == 0)
      return TRUE;
  return FALSE;
}

static void
test_lcp_degenerate (void)
{
  /* Every ratio test of this problem ties: q = −e and M cyclic, with the
   * unique solution z = (1/3, 1/3, 1/3), w = 0 (all degenerate). */
  {
    static const double M[] = { 1, 2, 0, 0, 1, 2, 2, 0, 1 }, q[] = { -1, -1, -1 };
    g_autoptr(Problem) p = problem_from (3, M, q);
    LzLcpReport report;

    g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, NULL));
    assert_lcp_solution (p, &report, 1e-14);
    for (guint i = 0; i < 3; i++)
      g_assert_cmpfloat_with_epsilon (gsl_vector_get (p->z, i), 1.0 / 3, 1e-15);
  }
  /* q = 0 and q ≥ 0 with zeros: z = 0 without a pivot. */
  {
    static const double M[] = { 0, -1, 1, 0 }, q[] = { 0, 0 };
    g_autoptr(Problem) p = problem_from (2, M, q);
    LzLcpReport report;

    g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, NULL));
    g_assert_cmpuint (report.iterations, ==, 0);
    g_assert_cmpfloat (max_abs (p->z), ==, 0);
  }
  /* Equal minima of q and zeros in q, with a PSD singular M (all ones):
   * a tie in the very first pivot. */
  {
    static const double M[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 }, q[] = { -1, 0, -1 };
    g_autoptr(Problem) p = problem_from (3, M, q);
    LzLcpReport report;

    g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, NULL));
    assert_lcp_solution (p, &report, 1e-14);
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (p->z, 0) + gsl_vector_get (p->z, 1)
                                    + gsl_vector_get (p->z, 2), 1.0, 1e-15);
  }

  /* z0 ties with another row in the last ratio test: letting z0 leave ends
   * the method there (3 pivots; the lexicographic rule alone would take a
   * fourth to the same z). */
  {
    static const double M[] = { 1, 1, 0, 0, 2, 0, 2, 1, 1, -1, 2, -1, 0, 1, 2, 2 };
    static const double q[] = { -2, 0, -1, -2 };
    static const double z[] = { 2, 0, 0, 1 };
    g_autoptr(Problem) p = problem_from (4, M, q);
    LzLcpReport report;

    g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, NULL));
    assert_lcp_solution (p, &report, 1e-14);
    g_assert_cmpuint (report.iterations, ==, 3);
    for (guint i = 0; i < 4; i++)
      g_assert_cmpfloat_with_epsilon (gsl_vector_get (p->z, i), z[i], 1e-15);
  }

  /* Random degenerate problems: small integer copositive-plus M and integer
   * q with many zeros and repeated values.  Lemke must stop (no cycling:
   * never at the pivot limit), with a valid solution whenever the
   * enumeration shows one exists. */
  {
    guint solved = 0, rays = 0, with_zero_q = 0;

    for (guint k = 0; k < 1500; k++)
      {
        guint n = 2 + k % 7;
        g_autoptr(Problem) p = problem_new (n);
        g_autoptr(GError) error = NULL;
        LzLcpReport report;
        gboolean ok;
        guint found;

        fill_class (p->M, CLASS_PSD_SINGULAR);
        for (guint i = 0; i < n; i++)
          gsl_vector_set (p->q, i, g_test_rand_int_range (-2, 2));
        with_zero_q += gsl_vector_min (p->q) < 0 && has_zero (p->q);
        found = brute_force_lcp (p->M, p->q, 1e-9, NULL);
        ok = lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error);
        if (ok)
          {
            assert_lcp_solution (p, &report, 1e-9 * (1 + max_abs (p->z)) * (1 + matrix_max_abs (p->M)));
            solved++;
          }
        else
          {
            g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION);
            rays++;
          }
        if (found > 0)
          g_assert_true (ok);
      }
    g_test_message ("degenerate integer problems: %u solved, %u rays; %u with zeros and "
                    "negative entries in q", solved, rays, with_zero_q);
    g_assert_cmpuint (with_zero_q, >=, 500);
    g_assert_cmpuint (solved, >=, 300);
    g_assert_cmpuint (rays, >=, 50);
  }
}

/* Murty's example (lower triangular, 1 on and 2 below the diagonal, q = −e)
 * makes Lemke take 2^n pivots: n = 8 fits in the limit 50·(n + 1), n = 9
 * does not. */
static void
test_lcp_murty (void)
{
  for (guint n = 1; n <= 9; n++)
    {
      g_autoptr(Problem) p = problem_new (n);
      g_autoptr(GError) error = NULL;
      LzLcpReport report;
      gboolean ok;

      for (guint i = 0; i < n; i++)
        {
          gsl_vector_set (p->q, i, -1);
          for (guint j = 0; j <= i; j++)
            gsl_matrix_set (p->M, i, j, i == j ? 1 : 2);
        }
      ok = lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error);
      if (n <= 8)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpuint (report.iterations, ==, 1u << n);
          assert_lcp_solution (p, &report, 1e-12);
          /* The unique solution is z = e1. */
          g_assert_cmpfloat (gsl_vector_get (p->z, 0), ==, 1);
          g_assert_cmpfloat (max_abs (p->z), ==, 1);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE);
          g_assert_cmpstr (error->message, ==,
                           "Lemke’s method reached its limit of 500 pivots without a solution");
          g_assert_cmpuint (report.iterations, ==, 500);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Mixed LCP                                                                */

static void
test_lcp_mlcp (void)
{
  double worst = 0;

  for (guint k = 0; k < 600; k++)
    {
      guint n_eq = k % 5 == 0 ? 0 : 1 + g_test_rand_int_range (0, 6);
      guint m = k % 7 == 0 ? 0 : g_test_rand_int_range (1, 10);
      guint n = n_eq + m;
      g_autoptr(Problem) p = NULL;
      g_autoptr(GError) error = NULL;
      gsl_matrix *S, *Ainv;
      gsl_vector *z_true, *w_true;
      gsl_permutation *perm;
      LzLcpReport report;
      int signum;
      double tol;

      if (n == 0)
        continue;
      p = problem_new (n);
      S = gsl_matrix_alloc (MAX (m, 1), MAX (m, 1));
      Ainv = gsl_matrix_alloc (MAX (n_eq, 1), MAX (n_eq, 1));
      z_true = gsl_vector_alloc (n);
      w_true = gsl_vector_calloc (n);
      perm = gsl_permutation_alloc (MAX (n_eq, 1));

      /* A regular, nonsymmetric: random plus a dominant diagonal of random
       * sign; C and D random. */
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          gsl_matrix_set (p->M, i, j, g_test_rand_double_range (-1, 1));
      for (guint i = 0; i < n_eq; i++)
        *gsl_matrix_ptr (p->M, i, i) += (g_test_rand_bit () ? 1 : -1) * (n_eq + 1.0);
      /* B = S + D A⁻¹ C with S a P-matrix: the Schur complement is S. */
      if (m > 0)
        {
          gsl_matrix_view Sv = gsl_matrix_submatrix (S, 0, 0, m, m);

          fill_spd (&Sv.matrix);
          if (n_eq > 0)
            {
              gsl_matrix_const_view A = gsl_matrix_const_submatrix (p->M, 0, 0, n_eq, n_eq);

              gsl_matrix_memcpy (Ainv, &A.matrix);
              gsl_linalg_LU_decomp (Ainv, perm, &signum);
            }
          for (guint j = 0; j < m; j++)
            {
              gsl_vector *x = gsl_vector_alloc (MAX (n_eq, 1));

              if (n_eq > 0)
                {
                  gsl_vector_const_view col = gsl_matrix_const_subcolumn (p->M, n_eq + j, 0, n_eq);

                  gsl_linalg_LU_solve (Ainv, perm, &col.vector, x);
                }
              for (guint i = 0; i < m; i++)
                {
                  double s = gsl_matrix_get (&Sv.matrix, i, j);

                  for (guint l = 0; l < n_eq; l++)
                    s += gsl_matrix_get (p->M, n_eq + i, l) * gsl_vector_get (x, l);
                  gsl_matrix_set (p->M, n_eq + i, n_eq + j, s);
                }
              gsl_vector_free (x);
            }
        }

      /* Plant a solution: u free, (v, w_v) complementary. */
      for (guint i = 0; i < n; i++)
        {
          if (i < n_eq)
            gsl_vector_set (z_true, i, g_test_rand_double_range (-2, 2));
          else if (g_test_rand_bit ())
            gsl_vector_set (z_true, i, g_test_rand_double_range (0, 2));
          else
            {
              gsl_vector_set (z_true, i, 0);
              gsl_vector_set (w_true, i, g_test_rand_double_range (0, 2));
            }
        }
      for (guint i = 0; i < n; i++)
        {
          double s = gsl_vector_get (w_true, i);

          for (guint j = 0; j < n; j++)
            s -= gsl_matrix_get (p->M, i, j) * gsl_vector_get (z_true, j);
          gsl_vector_set (p->q, i, s);
        }

      g_assert_true (lz_mlcp_solve (p->M, p->q, n_eq, p->z, p->w, &report, &error));
      g_assert_no_error (error);
      tol = 1e-10 * (1 + matrix_max_abs (p->M)) * 4;
      g_assert_cmpfloat (max_abs_diff (p->z, z_true), <=, 1e-8);
      g_assert_cmpfloat (max_abs_diff (p->w, w_true), <=, 1e-8);
      worst = MAX (worst, max_abs_diff (p->z, z_true));
      g_assert_cmpfloat (report.residual, <=, tol);
      g_assert_cmpfloat (report.infeasibility, <=, tol);
      g_assert_cmpfloat (report.equation_error, <=, tol);
      for (guint i = 0; i < n_eq; i++)
        g_assert_cmpfloat (gsl_vector_get (p->w, i), ==, 0);
      for (guint i = n_eq; i < n; i++)
        g_assert_cmpfloat (gsl_vector_get (p->z, i), >=, 0);
      if (n_eq == 0)
        {
          /* A pure LCP: the same as lz_lcp_solve_lemke(). */
          gsl_vector *z2 = gsl_vector_alloc (n);
          LzLcpReport r2;

          g_assert_true (lz_lcp_solve_lemke (p->M, p->q, z2, p->w, &r2, NULL));
          g_assert_cmpfloat (max_abs_diff (z2, p->z), ==, 0);
          g_assert_cmpuint (r2.iterations, ==, report.iterations);
          gsl_vector_free (z2);
        }
      if (m == 0)
        g_assert_cmpuint (report.iterations, ==, 0);

      gsl_matrix_free (S);
      gsl_matrix_free (Ainv);
      gsl_vector_free (z_true);
      gsl_vector_free (w_true);
      gsl_permutation_free (perm);
    }
  g_test_message ("mixed LCPs: worst |z − z_planted| = %.2g", worst);
}

static void
test_lcp_mlcp_singular (void)
{
  /* Rows 1 and 2 of the equality block are equal. */
  static const double M1[] = {
    1, 2, 0, 1,
    1, 2, 1, 0,
    0, 1, 2, 0,
    1, 0, 0, 2,
  };
  static const double q1[] = { 1, -1, -1, -1 };
  /* A zero equality block. */
  static const double M2[] = { 0, 1, 1, 1 }, q2[] = { 1, -1 };
  g_autoptr(Problem) p1 = problem_from (4, M1, q1);
  g_autoptr(Problem) p2 = problem_from (2, M2, q2);
  g_autoptr(GError) error = NULL;
  LzLcpReport report;

  g_assert_false (lz_mlcp_solve (p1->M, p1->q, 2, p1->z, p1->w, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message,
                                   "the equality block of the mixed LCP (the first 2 rows "
                                   "and columns of M) is singular"));
  g_clear_error (&error);

  /* The first row alone is a regular block: no longer singular (the Schur
   * complement [[0, 1, −1], [1, 2, 0], [−2, 0, 1]] is not copositive, so
   * Lemke may or may not solve it). */
  if (lz_mlcp_solve (p1->M, p1->q, 1, p1->z, p1->w, &report, &error))
    {
      g_assert_cmpfloat (report.residual, <=, 1e-14);
      g_assert_cmpfloat (report.equation_error, <=, 1e-14);
    }
  else
    g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION);
  g_clear_error (&error);

  g_assert_false (lz_mlcp_solve (p2->M, p2->q, 1, p2->z, p2->w, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
  g_clear_error (&error);

  /* Nearly singular in floating point: [[1, 1], [1, 1 + 1e-17]] is exactly
   * singular once rounded, [[1, 1], [1, 1 + 2ε]] has a nonzero pivot 2ε
   * but a condition number of 1e16; [[1, 1], [1, 1 + 1e-9]] is regular. */
  {
    static const double M3[] = { 1, 1, 0, 1, 1, 0, 0, 0, 1 }, q3[] = { 1, 1, -1 };
    g_autoptr(Problem) p3 = problem_from (3, M3, q3);

    gsl_matrix_set (p3->M, 1, 1, 1 + 1e-17);
    g_assert_false (lz_mlcp_solve (p3->M, p3->q, 2, p3->z, p3->w, &report, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
    g_clear_error (&error);
    gsl_matrix_set (p3->M, 1, 1, 1 + 2 * DBL_EPSILON);
    g_assert_false (lz_mlcp_solve (p3->M, p3->q, 2, p3->z, p3->w, &report, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_SINGULAR);
    g_test_message ("%s", error->message);
    g_clear_error (&error);
    gsl_matrix_set (p3->M, 1, 1, 1 + 1e-9);
    gsl_vector_set (p3->q, 1, 1 + 1e-9);
    g_assert_true (lz_mlcp_solve (p3->M, p3->q, 2, p3->z, p3->w, &report, &error));
    g_assert_no_error (error);
    /* u = (0, −1), v = 1 (cond(A) ≈ 4e9: only about 7 digits of u) */
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (p3->z, 0), 0, 1e-6);
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (p3->z, 1), -1, 1e-6);
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (p3->z, 2), 1, 1e-12);
  }

  /* Messages name variables of the whole problem: the Schur complement of
   * this problem is [[0, 1], [−1, 0]] with q̃ = (−1, −1), infeasible. */
  {
    static const double M4[] = {
      1, 0, 0,
      0, 0, 1,
      0, -1, 0,
    };
    static const double q4[] = { 5, -1, -1 };
    g_autoptr(Problem) p4 = problem_from (3, M4, q4);

    g_assert_false (lz_mlcp_solve (p4->M, p4->q, 1, p4->z, p4->w, &report, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION);
    g_test_message ("%s", error->message);
    g_assert_true (strstr (error->message, "entering z2 ") != NULL
                   || strstr (error->message, "entering z3 ") != NULL
                   || strstr (error->message, "entering w2 ") != NULL
                   || strstr (error->message, "entering w3 ") != NULL);
    /* u = −5 is still recovered for the report. */
    g_assert_cmpfloat (gsl_vector_get (p4->z, 0), ==, -5);
    g_assert_cmpfloat (gsl_vector_get (p4->w, 0), ==, 0);
  }
}

/* ------------------------------------------------------------------------ */
/* Box LCP                                                                  */

/* Enumerates the 3^n faces of the box (each z_i at lo_i, at hi_i or free)
 * and returns the number of solutions; the first goes to @z_out. */
static guint
brute_force_box (const gsl_matrix *M,
                 const gsl_vector *q,
                 const gsl_vector *lo,
                 const gsl_vector *hi,
                 gsl_vector       *z_out)
{
  guint n = q->size, found = 0, total = 1;
  const double tol = 1e-9;

  for (guint i = 0; i < n; i++)
    total *= 3;
  for (guint code = 0; code < total; code++)
    {
      guint state[8], free_idx[8], nf = 0, c = code;
      double z[8];
      gboolean ok = TRUE;

      for (guint i = 0; i < n; i++, c /= 3)
        {
          state[i] = c % 3; /* 0 at lo, 1 at hi, 2 free */
          if ((state[i] == 0 && !isfinite (gsl_vector_get (lo, i)))
              || (state[i] == 1 && !isfinite (gsl_vector_get (hi, i))))
            ok = FALSE;
          z[i] = state[i] == 0 ? gsl_vector_get (lo, i) : state[i] == 1 ? gsl_vector_get (hi, i) : 0;
          if (state[i] == 2)
            free_idx[nf++] = i;
        }
      if (!ok)
        continue;
      if (nf > 0)
        {
          gsl_matrix *C = gsl_matrix_alloc (nf, nf);
          gsl_vector *b = gsl_vector_alloc (nf), *x = gsl_vector_alloc (nf);

          for (guint a = 0; a < nf; a++)
            {
              double s = -gsl_vector_get (q, free_idx[a]);

              for (guint j = 0; j < n; j++)
                if (state[j] != 2)
                  s -= gsl_matrix_get (M, free_idx[a], j) * z[j];
              gsl_vector_set (b, a, s);
              for (guint e = 0; e < nf; e++)
                gsl_matrix_set (C, a, e, gsl_matrix_get (M, free_idx[a], free_idx[e]));
            }
          ok = solve_dense (C, b, x);
          for (guint a = 0; ok && a < nf; a++)
            z[free_idx[a]] = gsl_vector_get (x, a);
          gsl_matrix_free (C);
          gsl_vector_free (b);
          gsl_vector_free (x);
        }
      for (guint i = 0; ok && i < n; i++)
        {
          double w = gsl_vector_get (q, i);

          for (guint j = 0; j < n; j++)
            w += gsl_matrix_get (M, i, j) * z[j];
          if (z[i] < gsl_vector_get (lo, i) - tol || z[i] > gsl_vector_get (hi, i) + tol)
            ok = FALSE;
          if ((state[i] == 0 && w < -tol) || (state[i] == 1 && w > tol))
            ok = FALSE;
        }
      if (!ok)
        continue;
      if (found == 0)
        for (guint i = 0; i < n; i++)
          gsl_vector_set (z_out, i, z[i]);
      found++;
    }
  return found;
}

/* The box measures lz_lcp_solve_pgs() documents, computed naively. */
static void
box_measures (const Problem    *p,
              const gsl_vector *lo,
              const gsl_vector *hi,
              LzLcpReport      *r)
{
  *r = (LzLcpReport) { 0 };
  for (guint i = 0; i < p->n; i++)
    {
      double z = gsl_vector_get (p->z, i), w = gsl_vector_get (p->w, i);
      double l = gsl_vector_get (lo, i), h = gsl_vector_get (hi, i);
      double step = z - w;

      if (step < l)
        step = l;
      if (step > h)
        step = h;
      r->residual = MAX (r->residual, fabs (z - step));
      r->infeasibility = MAX (r->infeasibility, MAX (l - z, z - h));
      if (w > 0 && isfinite (l))
        r->complementarity += w * (z - l);
      if (w < 0 && isfinite (h))
        r->complementarity += -w * (h - z);
    }
}

static void
test_lcp_box (void)
{
  LzPgsOptions options = { .max_sweeps = 100000, .tolerance = 1e-12 };
  guint at_bound = 0, free_rows = 0, with_comp = 0;

  for (guint k = 0; k < 800; k++)
    {
      guint n = 1 + k % 6;
      g_autoptr(Problem) p = problem_new (n);
      g_autoptr(GError) error = NULL;
      gsl_vector *lo = gsl_vector_alloc (n), *hi = gsl_vector_alloc (n);
      gsl_vector *z_brute = gsl_vector_alloc (n);
      LzLcpReport report;

      fill_spd (p->M);
      fill_uniform (p->q, -2, 2);
      for (guint i = 0; i < n; i++)
        {
          double l = g_test_rand_int_range (0, 5) == 0 ? -INFINITY : g_test_rand_double_range (-1, 0.2);
          double h = g_test_rand_int_range (0, 5) == 0 ? INFINITY
                     : (isfinite (l) ? l : -0.2) + g_test_rand_double_range (0, 1);

          /* Now and then a fixed variable, lo = hi. */
          if (g_test_rand_int_range (0, 20) == 0 && isfinite (l))
            h = l;
          gsl_vector_set (lo, i, l);
          gsl_vector_set (hi, i, h);
        }

      /* A P-matrix box LCP has exactly one solution. */
      g_assert_cmpuint (brute_force_box (p->M, p->q, lo, hi, z_brute), >=, 1);
      options.lo = lo, options.hi = hi;
      g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (report.residual, <=, 1e-12);
      g_assert_cmpfloat (report.infeasibility, ==, 0);
      g_assert_cmpfloat (report.complementarity, <=, 1e-10);
      g_assert_cmpfloat (max_abs_diff (p->z, z_brute), <=, 1e-9);

      for (guint i = 0; i < n; i++)
        {
          double zi = gsl_vector_get (p->z, i);

          g_assert_cmpfloat (zi, >=, gsl_vector_get (lo, i));
          g_assert_cmpfloat (zi, <=, gsl_vector_get (hi, i));
          if (zi == gsl_vector_get (lo, i) || zi == gsl_vector_get (hi, i))
            at_bound++;
          else
            free_rows++;
        }

      /* Cut short after one or two sweeps, the report still describes the
       * returned pair, by the documented box measures. */
      {
        LzPgsOptions few = { .max_sweeps = 1 + k % 2, .lo = lo, .hi = hi };
        LzLcpReport expect;

        if (!lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &few, &report, &error))
          {
            g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE);
            g_clear_error (&error);
          }
        box_measures (p, lo, hi, &expect);
        g_assert_cmpfloat_with_epsilon (report.residual, expect.residual, 1e-14);
        g_assert_cmpfloat_with_epsilon (report.complementarity, expect.complementarity, 1e-13);
        g_assert_cmpfloat (report.infeasibility, ==, expect.infeasibility);
        g_assert_cmpfloat (report.equation_error, ==, 0);
        with_comp += expect.complementarity > 1e-6;
      }
      gsl_vector_free (lo);
      gsl_vector_free (hi);
      gsl_vector_free (z_brute);
    }
  g_assert_cmpuint (at_bound, >, 100);
  g_assert_cmpuint (free_rows, >, 100);
  g_assert_cmpuint (with_comp, >, 100);

  /* lo = 0, hi = ∞ is the LCP: the same as Lemke. */
  for (guint k = 0; k < 100; k++)
    {
      guint n = 1 + k % 12;
      g_autoptr(Problem) p = problem_new (n);
      gsl_vector *lo = gsl_vector_calloc (n), *hi = gsl_vector_alloc (n);
      gsl_vector *z_lemke = gsl_vector_alloc (n);
      LzLcpReport report, lemke;

      gsl_vector_set_all (hi, INFINITY);
      fill_spd (p->M);
      fill_uniform (p->q, -1, 1);
      g_assert_true (lz_lcp_solve_lemke (p->M, p->q, z_lemke, p->w, &lemke, NULL));
      options.lo = lo, options.hi = hi;
      g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, NULL));
      g_assert_cmpfloat (max_abs_diff (p->z, z_lemke), <=, 1e-9);
      /* The box measures reduce to the LCP ones (up to the round-off
       * negative w_i that the box ignores where z_i < hi = ∞). */
      {
        LzLcpReport check;

        lz_lcp_report_compute (p->M, p->q, p->z, p->w, &check);
        g_assert_cmpfloat_with_epsilon (check.residual, report.residual, 1e-15);
        g_assert_cmpfloat_with_epsilon (check.complementarity, report.complementarity, 1e-12);
        g_assert_cmpfloat (report.complementarity, <=, 1e-12);
      }
      gsl_vector_free (lo);
      gsl_vector_free (hi);
      gsl_vector_free (z_lemke);
    }
}

/* ------------------------------------------------------------------------ */
/* PGS options and failures                                                 */

static void
test_lcp_pgs_options (void)
{
  g_autoptr(Problem) p = problem_new (20);
  g_autoptr(GError) error = NULL;
  gsl_vector *z_ref = gsl_vector_alloc (20);
  LzPgsOptions options = { 0 };
  LzLcpReport report, cold, check;

  fill_spd (p->M);
  fill_uniform (p->q, -1, 1);

  /* Defaults (NULL and a zeroed struct are the same). */
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, NULL, &cold, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (cold.residual, <=, 1e-12);
  gsl_vector_memcpy (z_ref, p->z);
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
  g_assert_cmpuint (report.iterations, ==, cold.iterations);
  g_assert_cmpfloat (max_abs_diff (p->z, z_ref), ==, 0);
  g_assert_cmpuint (cold.iterations, >, 2);

  /* A warm start at the solution converges in one sweep. */
  options.warm_start = TRUE;
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
  g_assert_cmpuint (report.iterations, ==, 1);
  g_assert_cmpfloat (max_abs_diff (p->z, z_ref), <=, 1e-12);
  /* A warm start near it takes fewer sweeps than a cold one; negative
   * entries are projected. */
  for (guint i = 0; i < 20; i++)
    gsl_vector_set (p->z, i, gsl_vector_get (z_ref, i) + (i % 2 ? 1e-6 : -1e-6));
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
  g_assert_cmpuint (report.iterations, <, cold.iterations);
  g_assert_cmpfloat (max_abs_diff (p->z, z_ref), <=, 1e-10);

  /* Over- and under-relaxation reach the same solution; strong
   * under-relaxation needs more sweeps. */
  options.warm_start = FALSE;
  for (double omega = 0.4; omega < 1.95; omega += 0.3)
    {
      options.relaxation = omega;
      options.max_sweeps = 100000;
      g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (max_abs_diff (p->z, z_ref), <=, 1e-10);
      if (omega < 0.5)
        g_assert_cmpuint (report.iterations, >, cold.iterations);
    }

  /* Badly scaled rows (M = D (A Aᵀ + I) D with D spanning six decades):
   * a small diagonal makes the step of a row much larger than its
   * residual, so a sweep that looked converged row by row need not be.
   * Success must still mean a residual within the tolerance. */
  for (guint k = 0; k < 600; k++)
    {
      guint n = 2 + k % 10;
      g_autoptr(Problem) b = problem_new (n);
      LzPgsOptions loose = { .max_sweeps = 100000, .tolerance = 1e-6 };
      LzLcpReport r;
      double d[12];

      fill_spd (b->M);
      fill_uniform (b->q, -1, 1);
      for (guint i = 0; i < n; i++)
        d[i] = pow (10, g_test_rand_double_range (-3, 3));
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          *gsl_matrix_ptr (b->M, i, j) *= d[i] * d[j];
      g_assert_true (lz_lcp_solve_pgs (b->M, b->q, b->z, b->w, &loose, &r, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (r.residual, <=, loose.tolerance);
    }

  /* A looser tolerance stops earlier. */
  options = (LzPgsOptions) { .tolerance = 1e-4 };
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
  g_assert_cmpuint (report.iterations, <, cold.iterations);
  g_assert_cmpfloat (report.residual, <=, 1e-4);
  g_assert_cmpfloat (report.residual, >, 1e-12);

  /* Out of sweeps: an error, but z, w and the report of the returned pair. */
  options = (LzPgsOptions) { .max_sweeps = 2 };
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message,
                                   "projected Gauss–Seidel did not converge in 2 sweeps: "
                                   "the residual is "));
  g_clear_error (&error);
  g_assert_cmpuint (report.iterations, ==, 2);
  g_assert_cmpfloat (report.residual, >, 1e-12);
  lz_lcp_report_compute (p->M, p->q, p->z, p->w, &check);
  g_assert_cmpfloat (check.residual, ==, report.residual);
  g_assert_cmpfloat (check.equation_error, ==, 0);
  gsl_vector_free (z_ref);

  /* A stagnating iteration: the cyclic matrix of the degenerate Lemke
   * test (not positive definite) keeps PGS at z = (1, 0, 0), residual 1,
   * although Lemke finds the solution (1/3, 1/3, 1/3). */
  {
    static const double M[] = { 1, 2, 0, 0, 1, 2, 2, 0, 1 }, q[] = { -1, -1, -1 };
    g_autoptr(Problem) o = problem_from (3, M, q);
    LzLcpReport r;

    options = (LzPgsOptions) { .max_sweeps = 50 };
    g_assert_false (lz_lcp_solve_pgs (o->M, o->q, o->z, o->w, &options, &r, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE);
    g_clear_error (&error);
    lz_lcp_report_compute (o->M, o->q, o->z, o->w, &check);
    g_assert_cmpfloat (check.residual, ==, r.residual);
    g_assert_cmpfloat (r.residual, ==, 1);
    g_assert_cmpuint (r.iterations, ==, 50);
  }

  /* A slowly growing iteration (residuals 1.5, 2.25, 3.4, … per sweep):
   * the best iterate, not the last, comes back. */
  {
    static const double M[] = { 2, -3, -1, 1 }, q[] = { -1, 0 };
    g_autoptr(Problem) g = problem_from (2, M, q);
    LzLcpReport r;

    options = (LzPgsOptions) { .max_sweeps = 10 };
    g_assert_false (lz_lcp_solve_pgs (g->M, g->q, g->z, g->w, &options, &r, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE);
    g_clear_error (&error);
    g_assert_cmpfloat (r.residual, <=, 1.5);
    lz_lcp_report_compute (g->M, g->q, g->z, g->w, &check);
    g_assert_cmpfloat (check.residual, ==, r.residual);
  }

  /* Divergence: M = [[1, −2], [−2, 1]] grows the iterates fourfold per
   * sweep until they overflow. */
  {
    static const double M[] = { 1, -2, -2, 1 }, q[] = { -1, -1 };
    g_autoptr(Problem) d = problem_from (2, M, q);
    LzLcpReport r;

    g_assert_false (lz_lcp_solve_pgs (d->M, d->q, d->z, d->w, NULL, &r, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_DIVERGED);
    g_test_message ("%s", error->message);
    g_assert_true (g_str_has_prefix (error->message, "projected Gauss–Seidel diverged in sweep "));
    g_clear_error (&error);
    g_assert_true (isfinite (gsl_vector_get (d->z, 0)) && isfinite (gsl_vector_get (d->z, 1)));
    g_assert_cmpuint (r.iterations, <, 1000);
  }
}

/* ------------------------------------------------------------------------ */
/* Bad input                                                                */

static void
test_lcp_bad_input (void)
{
  static const double M[] = { 2, 1, 0, 1, 3, 1, 0, 1, 4 }, q[] = { -1, 1, -1 };
  g_autoptr(Problem) p = problem_from (3, M, q);
  g_autoptr(GError) error = NULL;
  gsl_vector *lo = gsl_vector_calloc (3), *hi = gsl_vector_alloc (3);
  const LzPgsOptions box = { .lo = lo, .hi = hi };
  LzLcpReport report;

  gsl_vector_set_all (hi, 1);

  /* Non-positive diagonal for PGS: the row is named. */
  gsl_matrix_set (p->M, 1, 1, 0);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, NULL, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==,
                   "projected Gauss–Seidel needs a positive diagonal, but M has 0 in row 2, column 2");
  g_clear_error (&error);
  g_assert_cmpuint (report.iterations, ==, 0);
  gsl_matrix_set (p->M, 2, 2, -4);
  gsl_matrix_set (p->M, 1, 1, 3);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &box, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "M has -4 in row 3, column 3"));
  g_clear_error (&error);
  gsl_matrix_set (p->M, 2, 2, 4);

  /* NaN and infinities in q and M. */
  gsl_vector_set (p->q, 2, NAN);
  g_assert_false (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "q has a value that is not a finite number in row 3");
  g_clear_error (&error);
  g_assert_true (isnan (report.residual));
  g_assert_cmpfloat (max_abs (p->z), ==, 0);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, NULL, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (lz_mlcp_solve (p->M, p->q, 1, p->z, p->w, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &box, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  gsl_vector_set (p->q, 2, -1);

  gsl_matrix_set (p->M, 0, 2, -INFINITY);
  g_assert_false (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==,
                   "M has a value that is not a finite number in row 1, column 3");
  g_clear_error (&error);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, NULL, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  gsl_matrix_set (p->M, 0, 2, 0);

  /* Bounds that are no interval. */
  gsl_vector_set (lo, 1, 2);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &box, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "the bounds of row 2 are not an interval: lo = 2, hi = 1");
  g_clear_error (&error);
  gsl_vector_set (lo, 1, NAN);
  g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &box, &report, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  gsl_vector_set (lo, 1, 0);

  /* A warm start that is not finite. */
  {
    LzPgsOptions options = { .warm_start = TRUE };

    gsl_vector_set_zero (p->z);
    gsl_vector_set (p->z, 0, NAN);
    g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &options, &report, &error));
    g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
    g_assert_cmpstr (error->message, ==,
                     "the warm start z has a value that is not a finite number in row 1");
    g_clear_error (&error);
  }

  /* Everything valid again: every solver solves it (PGS with and without
   * the box). */
  g_assert_true (lz_lcp_solve_lemke (p->M, p->q, p->z, p->w, &report, &error));
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, NULL, &report, &error));
  g_assert_true (lz_mlcp_solve (p->M, p->q, 1, p->z, p->w, &report, &error));
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &box, &report, &error));
  g_assert_no_error (error);
  /* No bounds: the plain LCP. */
  g_assert_true (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &(LzPgsOptions) { 0 }, &report, &error));
  g_assert_no_error (error);

  /* Programmer errors. */
  {
    gsl_vector *short_z = gsl_vector_alloc (2);
    LzPgsOptions bad = { .relaxation = 2.5 };

    g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*z->size == n*");
    g_assert_false (lz_lcp_solve_lemke (p->M, p->q, short_z, p->w, &report, NULL));
    g_test_assert_expected_messages ();
    g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*relaxation*");
    g_assert_false (lz_lcp_solve_pgs (p->M, p->q, p->z, p->w, &bad, &report, NULL));
    g_test_assert_expected_messages ();
    g_test_expect_message ("Luztar", G_LOG_LEVEL_CRITICAL, "*n_eq <= n*");
    g_assert_false (lz_mlcp_solve (p->M, p->q, 4, p->z, p->w, &report, NULL));
    g_test_assert_expected_messages ();
    gsl_vector_free (short_z);
  }

  gsl_vector_free (lo);
  gsl_vector_free (hi);
}

/* ------------------------------------------------------------------------ */
/* Reports and trivial sizes                                                */

static void
test_lcp_report (void)
{
  static const double M[] = { 2, 1, 1, 2 }, q[] = { -1, 1 };
  g_autoptr(Problem) p = problem_from (2, M, q);
  LzLcpReport r;

  /* The exact solution z = (1/2, 0), w = (0, 3/2). */
  gsl_vector_set (p->z, 0, 0.5);
  gsl_vector_set (p->w, 1, 1.5);
  lz_lcp_report_compute (p->M, p->q, p->z, p->w, &r);
  g_assert_cmpfloat (r.residual, ==, 0);
  g_assert_cmpfloat (r.complementarity, ==, 0);
  g_assert_cmpfloat (r.infeasibility, ==, 0);
  g_assert_cmpfloat (r.equation_error, ==, 0);
  g_assert_cmpuint (r.iterations, ==, 0);

  /* A wrong pair: z = (−1, 2), w = (3, −4); Mz + q = (−1, 4). */
  gsl_vector_set (p->z, 0, -1);
  gsl_vector_set (p->z, 1, 2);
  gsl_vector_set (p->w, 0, 3);
  gsl_vector_set (p->w, 1, -4);
  lz_lcp_report_compute (p->M, p->q, p->z, p->w, &r);
  g_assert_cmpfloat (r.residual, ==, 4);        /* |min(−4, 2)| */
  g_assert_cmpfloat (r.complementarity, ==, 11); /* |−3 − 8| */
  g_assert_cmpfloat (r.infeasibility, ==, 4);
  g_assert_cmpfloat (r.equation_error, ==, 8);   /* |4 − (−4)| */

  /* n = 0 is solved by every solver. */
  {
    g_autoptr(Problem) e = problem_new (0);
    gsl_matrix *M0 = gsl_matrix_alloc (1, 1);
    gsl_matrix_view v = gsl_matrix_submatrix (M0, 0, 0, 1, 1);

    /* GSL cannot allocate 0×0 matrices; a 0×0 view of a 1×1 one will do. */
    v.matrix.size1 = v.matrix.size2 = 0;
    g_assert_true (lz_lcp_solve_lemke (&v.matrix, e->q, e->z, e->w, &r, NULL));
    g_assert_cmpuint (r.iterations, ==, 0);
    g_assert_true (lz_lcp_solve_pgs (&v.matrix, e->q, e->z, e->w, NULL, &r, NULL));
    g_assert_true (lz_mlcp_solve (&v.matrix, e->q, 0, e->z, e->w, &r, NULL));
    gsl_matrix_free (M0);
  }
}

/* The sizes of the benchmark: M = A Aᵀ + I with random A, n = 100 and 500,
 * solved by Lemke and by projected Gauss–Seidel to the same solution with
 * residuals ≤ 1e-10 (issue: corpora up to n = 500). */
static void
test_lcp_large (void)
{
  static const guint sizes[] = { 100, 500 };

  for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint n = sizes[s];
      g_autoptr(GError) error = NULL;
      gsl_matrix *A = gsl_matrix_alloc (n, n), *M = gsl_matrix_alloc (n, n);
      gsl_vector *q = gsl_vector_alloc (n), *z1 = gsl_vector_alloc (n), *w1 = gsl_vector_alloc (n);
      gsl_vector *z2 = gsl_vector_alloc (n), *w2 = gsl_vector_alloc (n);
      LzLcpReport r1, r2;
      double diff = 0;

      for (guint i = 0; i < n; i++)
        {
          for (guint j = 0; j < n; j++)
            gsl_matrix_set (A, i, j, g_test_rand_double_range (-1, 1));
          gsl_vector_set (q, i, g_test_rand_double_range (-1, 1));
        }
      gsl_matrix_set_identity (M);
      gsl_blas_dgemm (CblasNoTrans, CblasTrans, 1.0, A, A, 1.0, M);
      g_assert_true (lz_lcp_solve_lemke (M, q, z1, w1, &r1, &error));
      g_assert_no_error (error);
      g_assert_true (lz_lcp_solve_pgs (M, q, z2, w2, NULL, &r2, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < n; i++)
        diff = MAX (diff, fabs (gsl_vector_get (z1, i) - gsl_vector_get (z2, i)));
      g_test_message ("n = %u: Lemke %u pivots, residual %.2g; PGS %u sweeps, residual %.2g; "
                      "|z_Lemke − z_PGS| = %.2g", n, r1.iterations, r1.residual, r2.iterations,
                      r2.residual, diff);
      g_assert_cmpfloat (r1.residual, <=, 1e-10);
      g_assert_cmpfloat (r2.residual, <=, 1e-10);
      g_assert_cmpfloat (diff, <=, 1e-8);
      gsl_matrix_free (A);
      gsl_matrix_free (M);
      gsl_vector_free (q);
      gsl_vector_free (z1);
      gsl_vector_free (w1);
      gsl_vector_free (z2);
      gsl_vector_free (w2);
    }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/lcp/p-matrix", test_lcp_p_matrix);
  g_test_add_func ("/lz/lcp/benchmark-anchor", test_lcp_benchmark_anchor);
  g_test_add_func ("/lz/lcp/brute-force", test_lcp_brute_force);
  g_test_add_func ("/lz/lcp/infeasible", test_lcp_infeasible);
  g_test_add_func ("/lz/lcp/degenerate", test_lcp_degenerate);
  g_test_add_func ("/lz/lcp/murty", test_lcp_murty);
  g_test_add_func ("/lz/lcp/mlcp", test_lcp_mlcp);
  g_test_add_func ("/lz/lcp/mlcp-singular", test_lcp_mlcp_singular);
  g_test_add_func ("/lz/lcp/box", test_lcp_box);
  g_test_add_func ("/lz/lcp/pgs-options", test_lcp_pgs_options);
  g_test_add_func ("/lz/lcp/bad-input", test_lcp_bad_input);
  g_test_add_func ("/lz/lcp/report", test_lcp_report);
  g_test_add_func ("/lz/lcp/large", test_lcp_large);

  return g_test_run ();
}
