/* lz-lcp.c — linear complementarity problems: Lemke, PGS, mixed and box
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * LCP(M, q): find z ≥ 0 with w = M z + q ≥ 0 and zᵀw = 0 (docs/mathematics.md,
 * "Complementarity solvers").  Two solvers share one report:
 *
 * - Lemke's complementary pivoting (Cottle, Pang & Stone, "The Linear
 *   Complementarity Problem", 1992, §4.4) with the covering vector
 *   d = (1, …, 1) and the lexicographic minimum-ratio rule (§4.9), exact up
 *   to round-off, for the small LCPs of mode selection and impacts.  It
 *   solves every LCP with a P-matrix, and every feasible one with a
 *   copositive-plus M (e.g. positive semidefinite, possibly singular, plus
 *   anything skew-symmetric); otherwise it may end on a ray.
 * - Projected Gauss–Seidel (with over-relaxation and warm start) for the
 *   large, well-conditioned problems of time-stepping; its box variant
 *   handles the relay/friction constraints lo ≤ z ≤ hi.
 *
 * The Lemke tableau is kept in the compact (Tucker) form: one column per
 * nonbasic variable instead of all 2n + 1, so a pivot updates n × (n + 2)
 * numbers instead of n × (2n + 2).  The columns of the full tableau that
 * the lexicographic rule needs (those of the w variables, which together
 * hold the basis inverse B⁻¹) are either stored (w_j nonbasic) or unit
 * vectors (w_j basic), so the rule loses nothing.
 *
 * The mixed LCP, which eliminates equality rows and then pivots here, is
 * in lz-mlcp.c.
 *
 * Indices in messages count from 1, as in the equations (z1, …, zn; row 1
 * is the first row of M), not from 0 as in C.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>

#include "lz-lcp.h"
#include "lz-lcp-private.h"
#include "lz-error.h"

/* Lemke's pivot limit: 50 (n + 1) pivots.  The lexicographic rule cannot
 * cycle, so the limit only catches the exponential worst cases and
 * numerical trouble; random and mechanical problems take about n pivots.
 * (Murty's example, lower triangular with 1 on and 2 below the diagonal and
 * q = −e, takes 2^n pivots: it fits up to n = 8.) */
#define LEMKE_PIVOTS_PER_ROW 50

/* A column entry is a pivot candidate only when it exceeds this fraction
 * of the largest magnitude in its column: entries that are zero in exact
 * arithmetic come out of the eliminations as round-off of that size, and
 * pivoting on them would blow the tableau up. */
#define LEMKE_PIVOT_TOLERANCE 1e-11

/* Ratios (at every level of the lexicographic rule) closer than this,
 * relative to their scale, count as ties: degenerate problems make exact
 * ties that round-off splits. */
#define LEMKE_TIE_TOLERANCE 1e-12

/* Tableaux up to this size live on the stack: the small LCPs of mode
 * selection then allocate nothing at all. */
#define LEMKE_STACK_N 24

/* The same for the work vectors of projected Gauss–Seidel. */
#define PGS_STACK_N 64

#define PGS_DEFAULT_MAX_SWEEPS 1000
#define PGS_DEFAULT_TOLERANCE  1e-12
#define PGS_DEFAULT_RELAXATION 1.0

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */

/* The inner loops (pivots, row products) work on pairs of doubles through
 * the vector extension of GCC and clang: SSE2 on every x86-64, where -O2
 * alone vectorizes none of them.  memcpy() keeps the loads free of
 * alignment assumptions and compiles to plain unaligned moves.  The
 * results are bitwise those of the scalar fallbacks. */
#if defined(__GNUC__)
# define HAVE_DOUBLE2 1
typedef double LzDouble2 __attribute__ ((vector_size (16)));
#else
# define HAVE_DOUBLE2 0
#endif

static inline double
vget (const gsl_vector *v,
      gsize             i)
{
  return v->data[i * v->stride];
}

static inline void
vset (gsl_vector *v,
      gsize       i,
      double      x)
{
  v->data[i * v->stride] = x;
}

/* q_i + Σ_j M_ij z_j in scalar code (bitwise the result of row_value()),
 * which row_value() is where the vector extension is missing, and which
 * serves the Gauss–Seidel sweep on small problems: the sweep reads the z_j it has just stored one
 * by one, and a wide load of a freshly stored narrow value stalls the
 * processor (no store-to-load forwarding), which costs more than the wide
 * loads save on short rows.  GCC's own vectorizer would undo that, hence
 * the attribute (clang leaves this loop alone). */
#define PGS_WIDE_ROWS 32
#if defined(__GNUC__) && !defined(__clang__)
# define SCALAR_LOOP __attribute__ ((optimize ("no-tree-vectorize")))
#else
# define SCALAR_LOOP
#endif

SCALAR_LOOP static double
row_value_scalar (const double *restrict Mi,
                  const double *restrict z,
                  guint                  n,
                  double                 qi)
{
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  guint j = 0;

  for (; j + 4 <= n; j += 4)
    {
      s0 += Mi[j] * z[j];
      s1 += Mi[j + 1] * z[j + 1];
      s2 += Mi[j + 2] * z[j + 2];
      s3 += Mi[j + 3] * z[j + 3];
    }
  for (; j < n; j++)
    s0 += Mi[j] * z[j];
  return qi + ((s0 + s1) + (s2 + s3));
}

/* q_i + Σ_j M_ij z_j for a contiguous z.  Every w this file returns, and
 * every check of one, goes through this function, so that a w computed
 * here and checked here agree to the last bit. */
static inline double
row_value (const double *restrict Mi,
           const double *restrict z,
           guint                  n,
           double                 qi)
{
  /* Four partial sums (s0 … s3 over j ≡ 0 … 3 mod 4): independent
   * additions keep the FPU busy. */
#if HAVE_DOUBLE2
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  guint j = 0;

  {
    LzDouble2 a = { 0, 0 }, b = { 0, 0 };

    for (; j + 4 <= n; j += 4)
      {
        LzDouble2 m0, m1, z0, z1;

        memcpy (&m0, Mi + j, sizeof m0);
        memcpy (&m1, Mi + j + 2, sizeof m1);
        memcpy (&z0, z + j, sizeof z0);
        memcpy (&z1, z + j + 2, sizeof z1);
        a += m0 * z0;
        b += m1 * z1;
      }
    s0 = a[0];
    s1 = a[1];
    s2 = b[0];
    s3 = b[1];
  }
  for (; j < n; j++)
    s0 += Mi[j] * z[j];
  return qi + ((s0 + s1) + (s2 + s3));
#else
  return row_value_scalar (Mi, z, n, qi);
#endif
}

/* The preconditions of every entry point: M is n×n, and q, z and w have
 * n entries. */
gboolean
lz_lcp_shapes_agree (const gsl_matrix *M,
                     const gsl_vector *q,
                     const gsl_vector *z,
                     const gsl_vector *w)
{
  guint n;

  g_return_val_if_fail (M != NULL && q != NULL, FALSE);
  g_return_val_if_fail (z != NULL && w != NULL, FALSE);
  n = q->size;
  g_return_val_if_fail (M->size1 == n && M->size2 == n, FALSE);
  g_return_val_if_fail (z->size == n && w->size == n, FALSE);
  return TRUE;
}

/* Checks that M and q hold finite numbers only. */
gboolean
lz_lcp_check_finite (const gsl_matrix *M,
                     const gsl_vector *q,
                     GError          **error)
{
  guint n = q->size;

  for (guint i = 0; i < n; i++)
    {
      const double *Mi = M->data + i * M->tda;

      if (!isfinite (vget (q, i)))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       _("q has a value that is not a finite number in row %u"), i + 1);
          return FALSE;
        }
      for (guint j = 0; j < n; j++)
        if (!isfinite (Mi[j]))
          {
            g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                         _("M has a value that is not a finite number in row %u, column %u"),
                         i + 1, j + 1);
            return FALSE;
          }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Reports                                                                  */

/* max_i |(Mz + q − w)_i| over the rows below @rows, for z contiguous; the
 * comparison is written so that a NaN propagates instead of being
 * dropped. */
static double
equation_error (const gsl_matrix *M,
                const gsl_vector *q,
                const double     *z,
                const gsl_vector *w,
                guint             rows)
{
  double worst = 0;

  for (guint i = 0; i < rows; i++)
    {
      double e = fabs (row_value (M->data + i * M->tda, z, q->size, vget (q, i)) - vget (w, i));

      if (!(e <= worst))
        worst = e;
    }
  return worst;
}

/* The report of (z, w) with z contiguous and w computed here as Mz + q by
 * row_value(), so that its equation error is exactly 0 and not measured;
 * rows below @n_eq are equalities (free z, w = 0) and enter only the
 * equation error. */
void
lz_lcp_report (const gsl_matrix *M,
               const gsl_vector *q,
               const double     *z,
               const gsl_vector *w,
               guint             n_eq,
               guint             iterations,
               LzLcpReport      *report)
{
  guint n = q->size;
  double residual = 0, dot = 0, infeasibility = 0;

  if (report == NULL)
    return;

  for (guint i = n_eq; i < n; i++)
    {
      double wi = vget (w, i), m;

      /* The comparisons are written so that a NaN propagates instead of
       * being dropped. */
      m = isnan (wi) || isnan (z[i]) ? NAN : fabs (MIN (wi, z[i]));
      if (!(m <= residual))
        residual = m;
      if (!(-z[i] <= infeasibility))
        infeasibility = -z[i];
      if (!(-wi <= infeasibility))
        infeasibility = -wi;
      dot += wi * z[i];
    }
  report->iterations = iterations;
  report->residual = residual;
  report->complementarity = fabs (dot);
  report->infeasibility = infeasibility;
  report->equation_error = equation_error (M, q, z, w, n_eq);
}

/* The report of a box problem lo ≤ z ≤ hi for contiguous z, lo, hi:
 * residual max_i |z_i − clamp(z_i − w_i, lo_i, hi_i)|, complementarity
 * Σ_i |w_i|·(distance of z_i from the bound the sign of w_i selects; lo
 * for w_i > 0, hi for w_i < 0; infinite bounds contribute nothing),
 * infeasibility the largest bound violation of z. */
static void
report_box (const gsl_vector *q,
            const double     *lo,
            const double     *hi,
            const double     *z,
            const gsl_vector *w,
            guint             iterations,
            LzLcpReport      *report)
{
  guint n = q->size;
  double residual = 0, comp = 0, infeasibility = 0;

  if (report == NULL)
    return;

  for (guint i = 0; i < n; i++)
    {
      double wi = vget (w, i);
      double m = fabs (z[i] - CLAMP (z[i] - wi, lo[i], hi[i]));

      if (!(m <= residual))
        residual = m;
      if (!(lo[i] - z[i] <= infeasibility))
        infeasibility = lo[i] - z[i];
      if (!(z[i] - hi[i] <= infeasibility))
        infeasibility = z[i] - hi[i];
      if (wi > 0 && isfinite (lo[i]))
        comp += wi * fabs (z[i] - lo[i]);
      else if (wi < 0 && isfinite (hi[i]))
        comp += -wi * fabs (hi[i] - z[i]);
      else if (isnan (wi))
        comp = NAN;
    }
  report->iterations = iterations;
  report->residual = residual;
  report->complementarity = comp;
  report->infeasibility = infeasibility;
  report->equation_error = 0;
}

/* Sets w = Mz + q (z contiguous, also copied into the caller's vector). */
void
lz_lcp_finish_solution (const gsl_matrix *M,
                        const gsl_vector *q,
                        const double     *zz,
                        gsl_vector       *z,
                        gsl_vector       *w)
{
  guint n = q->size;

  for (guint i = 0; i < n; i++)
    {
      vset (z, i, zz[i]);
      vset (w, i, row_value (M->data + i * M->tda, zz, n, vget (q, i)));
    }
}

/**
 * lz_lcp_report_compute:
 * @M: the n×n matrix
 * @q: the vector q (n)
 * @z: a candidate z (n)
 * @w: the w claimed with it (n); it is not recomputed
 * @report: (out caller-allocates): receives the measures
 *
 * Measures how well (@z, @w) solves LCP(@M, @q): the natural residual
 * max_i |min(w_i, z_i)|, |wᵀz|, the largest negative part of z and w, and
 * max_i |(Mz + q − w)_i|.  All are 0 for an exact solution; a NaN anywhere
 * makes them NaN rather than hiding it.  @report->iterations is set to 0.
 */
void
lz_lcp_report_compute (const gsl_matrix *M,
                       const gsl_vector *q,
                       const gsl_vector *z,
                       const gsl_vector *w,
                       LzLcpReport      *report)
{
  double stack_z[PGS_STACK_N] = { 0 };
  double *zz;
  guint n;

  g_return_if_fail (report != NULL);
  if (!lz_lcp_shapes_agree (M, q, z, w))
    return;
  n = q->size;

  zz = n <= PGS_STACK_N ? stack_z : g_new (double, n);
  for (guint i = 0; i < n; i++)
    zz[i] = vget (z, i);
  lz_lcp_report (M, q, zz, w, 0, 0, report);
  /* w is the caller's: its equation error is measured on every row */
  report->equation_error = equation_error (M, q, zz, w, n);
  if (zz != stack_z)
    g_free (zz);
}

/* ------------------------------------------------------------------------ */
/* Lemke's method                                                           */

/* Variables: w_i is i, z_i is n + i, the artificial z0 is 2n.  The compact
 * tableau has one row per basic and one column per nonbasic variable plus
 * the right-hand side q̄:
 *
 *     x_B = q̄ − T x_N,      T = B⁻¹N,  q̄ = B⁻¹q,
 *
 * for the system w − M z − d z0 = q with d = (1, …, 1).  Row i is
 * T[i·stride + 0 … n], then q̄_i at T[i·stride + n + 1], then zeros up
 * to the stride, a multiple of 8 so that the row loops need no tail. */
#define LEMKE_STRIDE(n) (((n) + 2 + 7) & ~7u)

typedef struct
{
  guint   n;
  guint   stride;
  double *T;
  double *ratio;    /* n: scratch of the ratio test */
  double *column;   /* n: scratch of the pivot */
  guint  *cand;     /* n: scratch of the ratio test */
  int    *basic;    /* n: the variable of each row */
  int    *nonbasic; /* n + 1: the variable of each column */
  int    *where;    /* 2n + 1: row r ≥ 0 of a basic variable, −1 − column of
                     * a nonbasic one */
} LemkeTableau;

static gsize
lemke_doubles (guint n)
{
  return (gsize) n * LEMKE_STRIDE (n) + 2 * (gsize) n;
}

static gsize
lemke_ints (guint n)
{
  return (gsize) n + (n + 1) + (2 * n + 1) + n;
}

/* Fills the tableau; returns FALSE when M or q holds a NaN or an
 * infinity (0·x is NaN exactly for those, and summing them costs less
 * than a separate pass over M). */
static gboolean
lemke_init (LemkeTableau     *t,
            guint             n,
            double           *dbuf,
            int              *ibuf,
            const gsl_matrix *M,
            const gsl_vector *q)
{
  guint stride = LEMKE_STRIDE (n);
  double poison = 0;

  t->n = n;
  t->stride = stride;
  t->T = dbuf;
  t->ratio = dbuf + (gsize) n * stride;
  t->column = t->ratio + n;
  t->basic = ibuf;
  t->nonbasic = ibuf + n;
  t->where = ibuf + n + (n + 1);
  t->cand = (guint *) (ibuf + n + (n + 1) + (2 * n + 1));

  for (guint i = 0; i < n; i++)
    {
      const double *Mi = M->data + i * M->tda;
      double *Ti = t->T + (gsize) i * stride;

      for (guint j = 0; j < n; j++)
        {
          Ti[j] = -Mi[j];
          poison += 0 * Mi[j];
        }
      Ti[n] = -1.0;
      Ti[n + 1] = vget (q, i);
      poison += 0 * Ti[n + 1];
      for (guint j = n + 2; j < stride; j++)
        Ti[j] = 0;
      t->basic[i] = i;
      t->where[i] = i;
    }
  for (guint j = 0; j < n; j++)
    {
      t->nonbasic[j] = n + j;
      t->where[n + j] = -1 - (int) j;
    }
  t->nonbasic[n] = 2 * n;
  t->where[2 * n] = -1 - (int) n;
  return poison == 0;
}

/* X_i ← X_i − f_i·R for every row X_i of the n × @stride tableau @T with
 * f_i ≠ 0 (f is 0 for the pivot row R itself): the inner loop of every
 * pivot.  It runs over blocks of 8 columns, the 8 entries of R held in
 * registers while the rows pass, so that it only loads and stores the rows
 * it changes: loading R again for every row let the processor guess, from
 * coincidences of addresses modulo 4 KiB, that these loads depended on
 * the stores just made, which cost up to half the speed depending on where
 * the code landed in memory. */
static void
eliminate (double       *T,
           guint         n,
           guint         stride,
           const double *R,
           const double *f)
{
#if HAVE_DOUBLE2
  for (guint j0 = 0; j0 < stride; j0 += 8)
    {
      LzDouble2 r0, r1, r2, r3;

      memcpy (&r0, R + j0, sizeof r0);
      memcpy (&r1, R + j0 + 2, sizeof r1);
      memcpy (&r2, R + j0 + 4, sizeof r2);
      memcpy (&r3, R + j0 + 6, sizeof r3);
      for (guint i = 0; i < n; i++)
        {
          double *X = T + (gsize) i * stride + j0;
          LzDouble2 ff, x0, x1, x2, x3;

          if (f[i] == 0)
            continue;
          ff = (LzDouble2) { f[i], f[i] };
          memcpy (&x0, X, sizeof x0);
          memcpy (&x1, X + 2, sizeof x1);
          memcpy (&x2, X + 4, sizeof x2);
          memcpy (&x3, X + 6, sizeof x3);
          x0 -= ff * r0;
          x1 -= ff * r1;
          x2 -= ff * r2;
          x3 -= ff * r3;
          memcpy (X, &x0, sizeof x0);
          memcpy (X + 2, &x1, sizeof x1);
          memcpy (X + 4, &x2, sizeof x2);
          memcpy (X + 6, &x3, sizeof x3);
        }
    }
#else
  for (guint i = 0; i < n; i++)
    {
      double *X = T + (gsize) i * stride;

      if (f[i] == 0)
        continue;
      for (guint j = 0; j < stride; j++)
        X[j] -= f[i] * R[j];
    }
#endif
}

/* R ← f·R over @len entries, a multiple of 8. */
static inline void
scale_row (double *R,
           double  f,
           guint   len)
{
#if HAVE_DOUBLE2
  LzDouble2 ff = { f, f };

  for (guint j = 0; j < len; j += 2)
    {
      LzDouble2 r;

      memcpy (&r, R + j, sizeof r);
      r *= ff;
      memcpy (R + j, &r, sizeof r);
    }
#else
  for (guint j = 0; j < len; j++)
    R[j] *= f;
#endif
}

/* Exchanges the basic variable of row @r with the nonbasic variable of
 * column @c (Tucker's pivot on the compact tableau). */
static void
lemke_pivot (LemkeTableau *t,
             guint         r,
             guint         c)
{
  guint n = t->n, stride = t->stride;
  double *R = t->T + (gsize) r * stride;
  double inv = 1.0 / R[c];
  double *f = t->column;
  int entering = t->nonbasic[c], leaving = t->basic[r];

  /* Multiplying by 1/p costs one rounding more than dividing, far below
   * the rounding of the eliminations, and divisions are slow. */
  scale_row (R, inv, stride);
  R[c] = inv;
  /* The right-hand side stays ≥ 0 in exact arithmetic (that is what the
   * ratio test is for); round-off below 0 is cut so that it cannot turn
   * into a negative step later. */
  if (R[n + 1] < 0)
    R[n + 1] = 0;

  for (guint i = 0; i < n; i++)
    f[i] = i == r ? 0.0 : t->T[(gsize) i * stride + c];
  eliminate (t->T, n, stride, R, f);
  for (guint i = 0; i < n; i++)
    {
      double *X = t->T + (gsize) i * stride;

      if (f[i] == 0)
        continue;
      /* The new coefficient of the leaving variable (the elimination left
       * f − f/p there). */
      X[c] = -f[i] * inv;
      if (X[n + 1] < 0)
        X[n + 1] = 0;
    }

  t->basic[r] = entering;
  t->nonbasic[c] = leaving;
  t->where[entering] = r;
  t->where[leaving] = -1 - (int) c;
}

/* Breaks a tie among the rows t->cand[0 … k) of the ratio test for the
 * entering column @c by the lexicographic rule: the smallest
 * (B⁻¹)_{i,j} / a_i for j = 1, 2, … in turn (Cottle–Pang–Stone §4.9).  The
 * rows (q̄_i, (B⁻¹)_i·) then stay lexicographically positive, so no basis
 * repeats and the method terminates. */
static guint
lemke_lex_break (LemkeTableau *t,
                 guint         c,
                 guint         k)
{
  guint n = t->n, stride = t->stride;
  const double *T = t->T;
  guint *cand = t->cand;
  double *ratio = t->ratio;

  for (guint j = 0; j < n && k > 1; j++)
    {
      int pos = t->where[j];
      double rmin = INFINITY, scale = 0;
      guint kept = 0;

      if (pos >= 0)
        {
          /* w_j is basic in row pos: column j of B⁻¹ is the unit vector
           * e_pos, so every other row has ratio 0 < 1/a_pos: drop pos. */
          for (guint m = 0; m < k; m++)
            if (cand[m] != (guint) pos)
              cand[kept++] = cand[m];
          k = kept;
          continue;
        }

      pos = -1 - pos;
      for (guint i = 0; i < n; i++)
        scale = MAX (scale, fabs (T[(gsize) i * stride + pos]));
      for (guint m = 0; m < k; m++)
        {
          const double *Ti = T + (gsize) cand[m] * stride;

          ratio[m] = Ti[pos] / Ti[c];
          rmin = MIN (rmin, ratio[m]);
        }
      for (guint m = 0; m < k; m++)
        {
          const double *Ti = T + (gsize) cand[m] * stride;

          if (ratio[m] - rmin <= LEMKE_TIE_TOLERANCE * (fabs (rmin) + scale / Ti[c]))
            {
              ratio[kept] = ratio[m];
              cand[kept++] = cand[m];
            }
        }
      k = kept;
    }
  /* Rows of B⁻¹ are independent, so exact arithmetic never gets here with
   * k > 1; after round-off any of the remaining rows will do. */
  return cand[0];
}

/* The minimum-ratio test for entering column @c.  Returns the leaving
 * row, or −1 when no entry of the column is positive (a ray). */
static int
lemke_ratio_test (LemkeTableau *t,
                  guint         c)
{
  guint n = t->n, stride = t->stride;
  const double *T = t->T;
  double amax = 0, qmax = 0, theta = INFINITY, threshold;
  guint k = 0, kept = 0;
  int z0_row = -1;

  /* One pass collects the positive entries; those below the pivot
   * threshold, known only at the end, are dropped afterwards. */
  for (guint i = 0; i < n; i++)
    {
      const double *Ti = T + (gsize) i * stride;
      double a = Ti[c];

      amax = MAX (amax, fabs (a));
      qmax = MAX (qmax, Ti[n + 1]);
      if (a > 0)
        {
          t->ratio[k] = Ti[n + 1] / a;
          t->cand[k++] = i;
        }
    }
  threshold = LEMKE_PIVOT_TOLERANCE * amax;
  for (guint m = 0; m < k; m++)
    if (T[(gsize) t->cand[m] * stride + c] > threshold)
      {
        t->ratio[kept] = t->ratio[m];
        t->cand[kept++] = t->cand[m];
        theta = MIN (theta, t->ratio[m]);
      }
  k = kept;
  kept = 0;
  if (k == 0)
    return -1;
  if (k == 1)
    return t->cand[0];

  for (guint m = 0; m < k; m++)
    {
      guint i = t->cand[m];
      double a = T[(gsize) i * stride + c];

      /* ratio − θ ≤ tol·(θ + qmax/a), multiplied out by a > 0. */
      if ((t->ratio[m] - theta) * a <= LEMKE_TIE_TOLERANCE * (theta * a + qmax))
        {
          t->cand[kept++] = i;
          /* When z0 can leave, let it: that ends the method with a
           * solution at once. */
          if (t->basic[i] == (int) (2 * n))
            z0_row = i;
        }
    }
  if (kept == 1)
    return t->cand[0];
  if (z0_row >= 0)
    return z0_row;
  return lemke_lex_break (t, c, kept);
}

/* Lemke's method on the tableau from lemke_init(); writes z (contiguous).
 * @offset shifts the variable names of messages (for the Schur complement
 * of a mixed problem). */
static gboolean
lemke_run (LemkeTableau *t,
           double       *z,
           guint         offset,
           guint        *pivots_out,
           GError      **error)
{
  guint n = t->n, stride = t->stride;
  guint limit = LEMKE_PIVOTS_PER_ROW * (n + 1);
  guint pivots = 0;
  gboolean ok = FALSE;
  double qmin = 0;
  int r = -1, entering;

  /* z = 0 solves the problem when q ≥ 0. */
  for (guint i = 0; i < n; i++)
    {
      double qi = t->T[(gsize) i * stride + n + 1];

      /* ≤: among equal minima the last row leaves, which keeps the rows
       * lexicographically positive after the first pivot. */
      if (qi < 0 && qi <= qmin)
        {
          qmin = qi;
          r = i;
        }
    }
  if (r < 0)
    {
      ok = TRUE;
      goto out;
    }

  /* z0 enters at the level that makes every w ≥ 0; the most negative w
   * leaves and its complement enters next. */
  lemke_pivot (t, r, n);
  pivots = 1;
  entering = n + r;

  for (;;)
    {
      int c, leaving;

      if (pivots >= limit)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                       _("Lemke’s method reached its limit of %u pivots without a solution"),
                       limit);
          break;
        }
      c = -1 - t->where[entering];
      r = lemke_ratio_test (t, c);
      if (r < 0)
        {
          gboolean is_z = entering >= (int) n;
          guint number = (is_z ? entering - n : (guint) entering) + offset + 1;

          g_set_error (error, LZ_ERROR, LZ_ERROR_NO_SOLUTION,
                       g_dngettext (GETTEXT_PACKAGE,
                                    /* TRANSLATORS: %c%u names a variable such as z3
                                       or w2, keep it as it is; the last %u counts
                                       pivots. */
                                    "no solution: ray termination entering %c%u after %u pivot "
                                    "(the problem is infeasible, or M is not copositive-plus)",
                                    "no solution: ray termination entering %c%u after %u pivots "
                                    "(the problem is infeasible, or M is not copositive-plus)",
                                    pivots),
                       is_z ? 'z' : 'w', number, pivots);
          break;
        }
      leaving = t->basic[r];
      lemke_pivot (t, r, c);
      pivots++;
      if (leaving == (int) (2 * n))
        {
          ok = TRUE;
          break;
        }
      entering = leaving < (int) n ? leaving + (int) n : leaving - (int) n;
    }

out:
  /* Basic z's take their q̄ (≥ 0: lemke_pivot() cuts round-off below
   * 0), nonbasic ones are 0.  On failure this is the last
   * almost-complementary point with z0 dropped. */
  for (guint j = 0; j < n; j++)
    {
      int pos = t->where[n + j];

      z[j] = pos >= 0 ? t->T[(gsize) pos * stride + n + 1] : 0.0;
    }
  *pivots_out = pivots;
  return ok;
}

/* Lemke on (M, q) into the contiguous z; allocates the tableau (on the
 * stack for small n). */
gboolean
lz_lcp_lemke_raw (const gsl_matrix *M,
                  const gsl_vector *q,
                  double           *z,
                  guint             offset,
                  guint            *pivots,
                  GError          **error)
{
  double stack_d[LEMKE_STACK_N * LEMKE_STRIDE (LEMKE_STACK_N) + 2 * LEMKE_STACK_N];
  int stack_i[5 * LEMKE_STACK_N + 2];
  guint n = q->size;
  double *dbuf = stack_d;
  int *ibuf = stack_i;
  LemkeTableau t;
  gboolean ok;

  if (n > LEMKE_STACK_N)
    {
      dbuf = g_new (double, lemke_doubles (n));
      ibuf = g_new (int, lemke_ints (n));
    }
  if (lemke_init (&t, n, dbuf, ibuf, M, q))
    ok = lemke_run (&t, z, offset, pivots, error);
  else
    {
      /* Let lz_lcp_check_finite() find the culprit for the message. */
      ok = lz_lcp_check_finite (M, q, error);
      g_assert (!ok);
      memset (z, 0, n * sizeof (double));
      *pivots = 0;
    }
  if (dbuf != stack_d)
    {
      g_free (dbuf);
      g_free (ibuf);
    }
  return ok;
}

/**
 * lz_lcp_solve_lemke:
 * @M: the n×n matrix (any; solvable for P-matrices, and for copositive-plus
 *   matrices whenever the problem is feasible)
 * @q: the vector q (n)
 * @z: (out caller-allocates): receives z (n)
 * @w: (out caller-allocates): receives w = M z + q (n)
 * @report: (out caller-allocates) (nullable): receives the pivot count
 *   and the accuracy of (@z, @w)
 * @error: return location for a #GError
 *
 * Solves LCP(@M, @q) by Lemke's complementary pivoting with the covering
 * vector d = (1, …, 1) and the lexicographic minimum-ratio rule, so
 * degenerate problems cannot cycle (Cottle, Pang & Stone §4.4, §4.9).
 * z = 0 is returned without a pivot when q ≥ 0.
 *
 * Round-off can push a basic value of the tableau slightly below 0 where
 * exact arithmetic keeps it ≥ 0; every pivot sets such values to 0, so the
 * returned z is ≥ 0.  w is then recomputed as Mz + q
 * from the returned z (not read off the tableau), so the report measures
 * what the caller gets; w may have round-off of either sign where z_i > 0.
 *
 * Errors: %LZ_ERROR_INVALID_ARGUMENT when @M or @q holds a NaN or an
 * infinity; %LZ_ERROR_NO_SOLUTION on ray termination (the message names
 * the variable that could not enter); %LZ_ERROR_NO_CONVERGENCE at the
 * limit of 50·(n + 1) pivots.  On every failure @z, @w and @report still
 * describe the last point reached (z = 0 for invalid data).
 *
 * Returns: %TRUE when (@z, @w) solves the problem
 */
gboolean
lz_lcp_solve_lemke (const gsl_matrix *M,
                    const gsl_vector *q,
                    gsl_vector       *z,
                    gsl_vector       *w,
                    LzLcpReport      *report,
                    GError          **error)
{
  double stack_z[LEMKE_STACK_N];
  double *zz;
  guint n, pivots = 0;
  gboolean ok;

  if (!lz_lcp_shapes_agree (M, q, z, w))
    return FALSE;
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n = q->size;
  zz = n <= LEMKE_STACK_N ? stack_z : g_new (double, n);
  ok = lz_lcp_lemke_raw (M, q, zz, 0, &pivots, error);
  lz_lcp_finish_solution (M, q, zz, z, w);
  lz_lcp_report (M, q, zz, w, 0, pivots, report);
  if (zz != stack_z)
    g_free (zz);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Projected Gauss–Seidel                                                   */

typedef struct
{
  guint  max_sweeps;
  double tolerance;
  double relaxation;
  gboolean warm_start;
} PgsSettings;

static gboolean
pgs_settings (const LzPgsOptions *options,
              PgsSettings        *s)
{
  s->max_sweeps = PGS_DEFAULT_MAX_SWEEPS;
  s->tolerance = PGS_DEFAULT_TOLERANCE;
  s->relaxation = PGS_DEFAULT_RELAXATION;
  s->warm_start = FALSE;
  if (options == NULL)
    return TRUE;
  g_return_val_if_fail (options->tolerance >= 0, FALSE);
  g_return_val_if_fail (options->relaxation == 0
                        || (options->relaxation > 0 && options->relaxation < 2), FALSE);
  if (options->max_sweeps > 0)
    s->max_sweeps = options->max_sweeps;
  if (options->tolerance > 0)
    s->tolerance = options->tolerance;
  if (options->relaxation > 0)
    s->relaxation = options->relaxation;
  s->warm_start = options->warm_start;
  return TRUE;
}

/* Work vectors of one PGS solve. */
typedef struct
{
  double *z;     /* the iterate */
  double *prev;  /* the iterate at the start of the sweep */
  double *best;  /* the iterate with the smallest sweep residual */
  double *scale; /* ω / M_ii */
  double *q;     /* q, contiguous */
  double *lo;
  double *hi;
} PgsWork;

/* max_i |z_i − clamp(z_i − w_i, lo_i, hi_i)| with w = Mz + q written to
 * @w: the natural residual of the box problem (of the LCP for lo = 0,
 * hi = ∞).  NaN when anything is NaN. */
static double
pgs_true_residual (const gsl_matrix *M,
                   const PgsWork    *k,
                   const double     *z,
                   double           *w,
                   guint             n)
{
  double res = 0;

  for (guint i = 0; i < n; i++)
    {
      double wi = row_value (M->data + i * M->tda, z, n, k->q[i]);
      double m = fabs (z[i] - CLAMP (z[i] - wi, k->lo[i], k->hi[i]));

      w[i] = wi;
      if (!(m <= res))
        res = m;
    }
  return res;
}

/* Projected Gauss–Seidel on a box.  Convergence is tested cheaply during
 * each sweep (the residual of each row at the moment it is visited); only
 * when that passes is the true residual of the new iterate computed, which
 * costs one product Mz. */
static gboolean
pgs_run (const gsl_matrix  *M,
         PgsWork           *k,
         double            *w,
         guint              n,
         const PgsSettings *s,
         guint             *sweeps_out,
         GError           **error)
{
  double best_sweep = INFINITY, res = INFINITY;
  guint sweep;

  for (sweep = 1; sweep <= s->max_sweeps; sweep++)
    {
      double est = 0;
      gboolean finite = TRUE;

      memcpy (k->prev, k->z, n * sizeof (double));
      for (guint i = 0; i < n; i++)
        {
          const double *Mi = M->data + i * M->tda;
          double ri = n >= PGS_WIDE_ROWS ? row_value (Mi, k->z, n, k->q[i])
                                         : row_value_scalar (Mi, k->z, n, k->q[i]);
          double zi = k->z[i];
          double m = fabs (zi - CLAMP (zi - ri, k->lo[i], k->hi[i]));

          if (!isfinite (ri))
            finite = FALSE;
          est = MAX (est, m);
          k->z[i] = CLAMP (zi - k->scale[i] * ri, k->lo[i], k->hi[i]);
        }
      if (!finite)
        {
          /* Overflow: go back to the best finite iterate. */
          memcpy (k->z, k->best, n * sizeof (double));
          pgs_true_residual (M, k, k->z, w, n);
          g_set_error (error, LZ_ERROR, LZ_ERROR_DIVERGED,
                       _("projected Gauss–Seidel diverged in sweep %u (the iterates "
                         "overflowed: M may not be positive definite, or the "
                         "relaxation is too large)"),
                       sweep);
          *sweeps_out = sweep;
          return FALSE;
        }
      if (est < best_sweep)
        {
          double *tmp = k->best;

          best_sweep = est;
          k->best = k->prev;
          k->prev = tmp;
        }
      if (est <= s->tolerance)
        {
          res = pgs_true_residual (M, k, k->z, w, n);
          if (res <= s->tolerance)
            {
              *sweeps_out = sweep;
              return TRUE;
            }
        }
    }
  *sweeps_out = s->max_sweeps;

  /* Out of sweeps: return the better of the last iterate and the best
   * one seen (they differ when the iteration oscillates). */
  res = pgs_true_residual (M, k, k->z, w, n);
  {
    double res_best = pgs_true_residual (M, k, k->best, k->prev, n);

    if (res_best < res)
      {
        memcpy (k->z, k->best, n * sizeof (double));
        memcpy (w, k->prev, n * sizeof (double));
        res = res_best;
      }
  }
  g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
               g_dngettext (GETTEXT_PACKAGE,
                            "projected Gauss–Seidel did not converge in %u sweep: the "
                            "residual is %.3g, the tolerance %.3g",
                            "projected Gauss–Seidel did not converge in %u sweeps: the "
                            "residual is %.3g, the tolerance %.3g",
                            s->max_sweeps),
               s->max_sweeps, res, s->tolerance);
  return FALSE;
}

/* Loads q, the bounds and the start into @k (contiguous), with ω / M_ii,
 * after checking that the data are finite, the bounds intervals, the
 * diagonal positive and the warm start finite. */
static gboolean
pgs_load (const gsl_matrix  *M,
          const gsl_vector  *q,
          const gsl_vector  *lo,
          const gsl_vector  *hi,
          const gsl_vector  *z,
          const PgsSettings *s,
          PgsWork           *k,
          GError           **error)
{
  guint n = q->size;
  gboolean valid = TRUE;

  for (guint i = 0; i < n; i++)
    {
      k->q[i] = vget (q, i);
      k->lo[i] = lo != NULL ? vget (lo, i) : 0.0;
      k->hi[i] = hi != NULL ? vget (hi, i) : INFINITY;
      k->z[i] = 0;
    }

  if (!lz_lcp_check_finite (M, q, error))
    valid = FALSE;
  for (guint i = 0; valid && i < n; i++)
    {
      double d = gsl_matrix_get (M, i, i);

      if (isnan (k->lo[i]) || isnan (k->hi[i]) || k->lo[i] > k->hi[i]
          || k->lo[i] == INFINITY || k->hi[i] == -INFINITY)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       _("the bounds of row %u are not an interval: lo = %g, hi = %g"),
                       i + 1, k->lo[i], k->hi[i]);
          valid = FALSE;
        }
      else if (!(d > 0))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       _("projected Gauss–Seidel needs a positive diagonal, but "
                         "M has %g in row %u, column %u"),
                       d, i + 1, i + 1);
          valid = FALSE;
        }
      else
        {
          k->scale[i] = s->relaxation / d;
          /* A cold start is the point of the box nearest to 0. */
          k->z[i] = CLAMP (0.0, k->lo[i], k->hi[i]);
        }
    }
  if (valid && s->warm_start)
    {
      for (guint i = 0; valid && i < n; i++)
        {
          double zi = vget (z, i);

          if (!isfinite (zi))
            {
              g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("the warm start z has a value that is not a finite number "
                             "in row %u"),
                           i + 1);
              valid = FALSE;
            }
          else
            k->z[i] = CLAMP (zi, k->lo[i], k->hi[i]);
        }
    }

  return valid;
}

/**
 * lz_lcp_solve_pgs:
 * @M: the n×n matrix, with a positive diagonal (PGS converges for
 *   symmetric positive definite M; it may not for others)
 * @q: the vector q (n)
 * @z: (inout caller-allocates): the warm start when
 *   @options->warm_start (projected onto the box, or onto z ≥ 0), then the
 *   solution (n)
 * @w: (out caller-allocates): receives w = M z + q (n)
 * @options: (nullable): sweeps, tolerance, warm start, relaxation ω and
 *   the box lo, hi; %NULL or zero fields for the defaults of #LzPgsOptions
 *   and the LCP
 * @report: (out caller-allocates) (nullable): sweeps and accuracy; for a
 *   box problem with its measures: @residual is
 *   max_i |z_i − clamp(z_i − w_i, lo_i, hi_i)|; @complementarity is
 *   Σ_i |w_i|·|z_i − b_i| where b_i is lo_i for w_i > 0 and hi_i for
 *   w_i < 0 (infinite bounds add nothing); @infeasibility is the largest
 *   bound violation of z; @equation_error is 0 (w is recomputed)
 * @error: return location for a #GError
 *
 * Solves LCP(@M, @q) by projected Gauss–Seidel with over-relaxation:
 * z_i ← max(0, z_i − ω (Mz + q)_i / M_ii), row by row.  It stops when the
 * natural residual max_i |min(w_i, z_i)| of the iterate is at most the
 * tolerance.  With a box (@options->lo, @options->hi) it solves the box
 * LCP (a mixed complementarity problem): lo ≤ z ≤ hi, w = Mz + q, w_i ≥ 0
 * where z_i = lo_i, w_i ≤ 0 where z_i = hi_i and w_i = 0 in between, with
 * the projection onto [lo_i, hi_i].  In time-stepping, friction impulses
 * are such boxes [−h·F0⁻, h·F0⁺].
 *
 * Errors: %LZ_ERROR_INVALID_ARGUMENT when a diagonal entry is not positive
 * (the message names the row), the data are not finite, or a pair of
 * bounds is not an interval (NaN, lo > hi, lo = +∞ or hi = −∞);
 * %LZ_ERROR_NO_CONVERGENCE at the sweep limit, with the better of the
 * last and the best iterate in @z and its report; %LZ_ERROR_DIVERGED when
 * the iterates overflow, with the best finite iterate.
 *
 * Returns: %TRUE when the residual reached the tolerance
 */
gboolean
lz_lcp_solve_pgs (const gsl_matrix   *M,
                  const gsl_vector   *q,
                  gsl_vector         *z,
                  gsl_vector         *w,
                  const LzPgsOptions *options,
                  LzLcpReport        *report,
                  GError            **error)
{
  double stack[8 * PGS_STACK_N];
  PgsSettings settings, *s = &settings;
  guint n, sweeps = 0;
  double *buf, *ww;
  gboolean ok = FALSE, valid = TRUE;
  PgsWork k;
  const gsl_vector *lo = options != NULL ? options->lo : NULL;
  const gsl_vector *hi = options != NULL ? options->hi : NULL;

  if (!lz_lcp_shapes_agree (M, q, z, w))
    return FALSE;
  g_return_val_if_fail ((lo == NULL) == (hi == NULL), FALSE);
  g_return_val_if_fail (lo == NULL || (lo->size == q->size && hi->size == q->size), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (!pgs_settings (options, s))
    return FALSE;

  n = q->size;
  buf = n <= PGS_STACK_N ? stack : g_new (double, 8 * (gsize) n);
  ww = buf + 7 * (gsize) n;
  k = (PgsWork) {
    .z = buf, .prev = buf + n, .best = buf + 2 * n, .scale = buf + 3 * n,
    .q = buf + 4 * n, .lo = buf + 5 * n, .hi = buf + 6 * n,
  };
  valid = pgs_load (M, q, lo, hi, z, s, &k, error);
  if (valid)
    {
      memcpy (k.best, k.z, n * sizeof (double));
      ok = pgs_run (M, &k, ww, n, s, &sweeps, error);
    }
  else
    {
      /* Invalid data: z = 0 is the point the report describes. */
      memset (k.z, 0, n * sizeof (double));
    }

  lz_lcp_finish_solution (M, q, k.z, z, w);
  if (lo == NULL)
    lz_lcp_report (M, q, k.z, w, 0, sweeps, report);
  else
    report_box (q, k.lo, k.hi, k.z, w, sweeps, report);
  if (buf != stack)
    g_free (buf);
  return ok;
}
