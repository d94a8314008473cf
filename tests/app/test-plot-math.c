/* test-plot-math.c — the GTK-free half of the plots: ticks, tick labels,
 * axis mapping, the min/max index, series and mode intervals (no display)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz.h"
#include "plot/luztar-plot-math.h"
#include "app-test-util.h"

/* ------------------------------------------------------------------------ */
/* Ticks                                                                      */

/* Whether @step is 1, 2 or 5 times a power of ten. */
static gboolean
is_125 (double step)
{
  double mag = pow (10, floor (log10 (step)));
  double m = step / mag;

  return fabs (m - 1) < 1e-9 || fabs (m - 2) < 1e-9 || fabs (m - 5) < 1e-9 || fabs (m - 10) < 1e-9;
}

static void
check_ticks (double lo,
             double hi,
             guint  target)
{
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (lo, hi, target, ticks, G_N_ELEMENTS (ticks), &step);
  double a = MIN (lo, hi), b = MAX (lo, hi);
  g_autoptr(GHashTable) labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_test_message ("[%g, %g] target %u: %u ticks, step %g", lo, hi, target, n, step);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, (guint) (2.5 * target) + 1);
  g_assert_cmpfloat (step, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = luztar_plot_format_tick (ticks[i], step);

      g_assert_cmpfloat (ticks[i], >=, a);
      g_assert_cmpfloat (ticks[i], <=, b);
      if (i > 0)
        g_assert_cmpfloat (ticks[i], >, ticks[i - 1]);
      /* distinct ticks read distinct labels */
      g_assert_false (g_hash_table_contains (labels, label));
      g_hash_table_add (labels, g_steal_pointer (&label));
    }
  if (a == b)
    {
      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpfloat (ticks[0], ==, a);
      return;
    }
  if (n == 2 && ticks[0] == a && ticks[1] == b && step == b - a)
    return;                      /* the two ends of a range too narrow for its magnitude */
  g_assert_true (is_125 (step));
  for (guint i = 0; i < n; i++)
    {
      double k = ticks[i] / step;

      /* multiples of the step */
      g_assert_cmpfloat (fabs (k - round (k)), <, 1e-6);
      if (i > 0)
        g_assert_cmpfloat (fabs (ticks[i] - ticks[i - 1] - step), <=, 1e-9 * step + 1e-12 * fabs (ticks[i]));
    }
  /* no gap of a whole step at either end */
  g_assert_cmpfloat (ticks[0] - a, <, step * (1 + 1e-9));
  g_assert_cmpfloat (b - ticks[n - 1], <, step * (1 + 1e-9));
}

static void
test_ticks (void)
{
  static const double ranges[][2] = {
    { 0, 1 }, { 0, 10 }, { 0, 100 }, { -3.7, 12.2 }, { -1, 1 }, { 0.1, 0.3 },
    { 1e-9, 3e-9 }, { -2.5e-12, 7.1e-12 }, { 1e12, 5e12 }, { -8e15, -1e15 },
    { -1e308, 1e308 }, { 1.7e308, 1.79e308 }, { 1e9, 1e9 + 1e-3 }, { 99.99, 100.01 },
    { 12, 3 },                   /* reversed */
    { -0.0005, 0.0004 }, { 0, 1e-300 }, { 4.9e-324, 1e-323 },
    { 5, 5 }, { 0, 0 }, { -1e-7, -1e-7 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (ranges); i++)
    for (guint target = 2; target <= 10; target += 4)
      check_ticks (ranges[i][0], ranges[i][1], target);

  /* random ranges of every magnitude, so failures reproduce with --seed */
  for (int i = 0; i < 2000; i++)
    {
      double mag = pow (10, g_test_rand_double_range (-15, 15));
      double a = g_test_rand_double_range (-1, 1) * mag;
      double b = a + g_test_rand_double_range (0, 3) * mag;

      check_ticks (a, b, (guint) g_test_rand_int_range (2, 12));
    }

  /* a range too narrow for its magnitude: its two ends */
  {
    double ticks[8], step;
    guint n = luztar_plot_ticks (1e9, 1e9 + 1e-6, 5, ticks, 8, &step);

    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpfloat (ticks[0], ==, 1e9);
    g_assert_cmpfloat (ticks[1], ==, 1e9 + 1e-6);
  }
  /* non-finite ends or no room: no ticks */
  {
    double ticks[8], step = 1;

    g_assert_cmpuint (luztar_plot_ticks (0, INFINITY, 5, ticks, 8, &step), ==, 0);
    g_assert_cmpfloat (step, ==, 0);
    g_assert_cmpuint (luztar_plot_ticks (NAN, 1, 5, ticks, 8, NULL), ==, 0);
    g_assert_cmpuint (luztar_plot_ticks (0, 1, 5, ticks, 0, NULL), ==, 0);
  }
  /* the expected ticks of an everyday range */
  {
    double ticks[16], step;
    guint n = luztar_plot_ticks (-3.7, 12.2, 5, ticks, 16, &step);

    g_assert_cmpfloat (step, ==, 5);
    g_assert_cmpuint (n, ==, 3);
    g_assert_cmpfloat (ticks[0], ==, 0);
    g_assert_cmpfloat (ticks[2], ==, 10);
  }
}

static void
assert_format (double      value,
               double      step,
               const char *expected)
{
  g_autofree char *text = luztar_plot_format_tick (value, step);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_format (void)
{
  assert_format (0.25, 0.05, "0.25");
  assert_format (0.2, 0.1, "0.2");
  assert_format (1200, 100, "1200");
  assert_format (-3, 1, "−3");
  assert_format (0, 0.1, "0");
  assert_format (-0.0, 1, "0");
  assert_format (2.5e-6, 5e-7, "2.5×10⁻⁶");
  assert_format (-2e-6, 1e-6, "−2×10⁻⁶");
  assert_format (1e-9, 1e-9, "10⁻⁹");
  assert_format (3e6, 1e6, "3×10⁶");
  assert_format (1.5e7, 5e6, "1.5×10⁷");
  assert_format (1e12, 1e12, "10¹²");
  assert_format (0.0001, 0.0001, "0.0001");
  assert_format (INFINITY, 1, "∞");

  {
    g_autofree char *a = luztar_plot_format_value (-0.123456, "m");
    g_autofree char *b = luztar_plot_format_value (1234567, NULL);
    g_autofree char *c = luztar_plot_format_value (-0.0, "N");

    g_assert_cmpstr (a, ==, "−0.1235 m");
    g_assert_cmpstr (b, ==, "1.235×10⁶");
    g_assert_cmpstr (c, ==, "0 N");
  }
}

static void
test_nice_range (void)
{
  double lo, hi;

  luztar_plot_nice_range (0.13, 0.87, 0.05, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 1);

  /* data on a tick keeps a margin */
  luztar_plot_nice_range (0, 1, 0.05, &lo, &hi);
  g_assert_cmpfloat (lo, <, -0.04);
  g_assert_cmpfloat (hi, >, 1.04);
  g_assert_cmpfloat (hi - lo, <, 1.5);

  /* a constant: ± 10 % */
  luztar_plot_nice_range (5, 5, 0.05, &lo, &hi);
  g_assert_cmpfloat (lo, <, 4.5 + 1e-12);
  g_assert_cmpfloat (hi, >, 5.5 - 1e-12);
  g_assert_cmpfloat (hi - lo, <, 2);
  luztar_plot_nice_range (0, 0, 0.05, &lo, &hi);
  g_assert_cmpfloat (lo, <=, -1);
  g_assert_cmpfloat (hi, >=, 1);

  /* no data */
  luztar_plot_nice_range (INFINITY, -INFINITY, 0.05, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 1);

  for (int i = 0; i < 1000; i++)
    {
      double mag = pow (10, g_test_rand_double_range (-12, 12));
      double a = g_test_rand_double_range (-1, 1) * mag, b = a + g_test_rand_double_range (1e-3, 3) * mag;

      luztar_plot_nice_range (a, b, 0.05, &lo, &hi);
      g_assert_cmpfloat (lo, <, a);
      g_assert_cmpfloat (hi, >, b);
      /* not wasteful: the data fills at least a third of the range */
      g_assert_cmpfloat (b - a, >=, (hi - lo) / 3);
    }
}

static void
test_axis (void)
{
  LuztarAxis x = { -2, 6, 40, 840 };
  LuztarAxis y = { -0.5, 0.5, 300, 20 };

  g_assert_cmpfloat (luztar_axis_to_pixel (&x, -2), ==, 40);
  g_assert_cmpfloat (luztar_axis_to_pixel (&x, 6), ==, 840);
  g_assert_cmpfloat (luztar_axis_to_pixel (&x, 2), ==, 440);
  g_assert_cmpfloat (luztar_axis_to_pixel (&y, 0.5), ==, 20);
  g_assert_cmpfloat (luztar_axis_to_pixel (&y, 0), ==, 160);

  for (int i = 0; i < 1000; i++)
    {
      double mag = pow (10, g_test_rand_double_range (-10, 10));
      LuztarAxis a = { g_test_rand_double_range (-1, 1) * mag, 0, g_test_rand_double_range (0, 100),
                       g_test_rand_double_range (200, 2000) };
      double v, p;

      a.hi = a.lo + g_test_rand_double_range (0.01, 5) * mag;
      if (g_test_rand_bit ())
        {
          double t = a.p0;

          a.p0 = a.p1;
          a.p1 = t;
        }
      v = g_test_rand_double_range (a.lo, a.hi);
      g_assert_cmpfloat (fabs (luztar_axis_to_value (&a, luztar_axis_to_pixel (&a, v)) - v), <=,
                         1e-12 * (fabs (a.lo) + fabs (a.hi)));
      p = g_test_rand_double_range (0, 2000);
      g_assert_cmpfloat (fabs (luztar_axis_to_pixel (&a, luztar_axis_to_value (&a, p)) - p), <=, 1e-9);

      /* zooming keeps the anchor at its pixel and scales the span */
      {
        LuztarAxis z = a;
        double anchor = g_test_rand_double_range (a.lo, a.hi);
        double px = luztar_axis_to_pixel (&a, anchor);
        double factor = g_test_rand_double_range (0.1, 10);

        luztar_axis_zoom (&z, anchor, factor);
        g_assert_cmpfloat (fabs (luztar_axis_to_pixel (&z, anchor) - px), <=, 1e-7);
        g_assert_cmpfloat (fabs ((z.hi - z.lo) - factor * (a.hi - a.lo)), <=, 1e-12 * factor * (a.hi - a.lo) * 10);
      }
      /* panning moves the content with the pointer */
      {
        LuztarAxis m = a;
        double d = g_test_rand_double_range (-300, 300);

        luztar_axis_pan (&m, d);
        g_assert_cmpfloat (fabs (luztar_axis_to_pixel (&m, v) - (luztar_axis_to_pixel (&a, v) + d)), <=, 1e-6);
      }
    }
  /* a zero-width axis maps to the middle rather than dividing by zero */
  {
    LuztarAxis z = { 3, 3, 0, 100 };

    g_assert_cmpfloat (luztar_axis_to_pixel (&z, 3), ==, 50);
  }
}

/* ------------------------------------------------------------------------ */
/* The min/max index                                                          */

static double
array_value (gconstpointer data,
             guint         row)
{
  return g_array_index ((GArray *) data, double, row);
}

static void
brute (GArray  *values,
       guint    a,
       guint    b,
       double  *min,
       double  *max,
       gboolean *any)
{
  *min = INFINITY;
  *max = -INFINITY;
  *any = FALSE;
  for (guint r = a; r < b; r++)
    {
      double v = g_array_index (values, double, r);

      if (!isfinite (v))
        continue;
      *min = MIN (*min, v);
      *max = MAX (*max, v);
      *any = TRUE;
    }
}

static void
check_query (LuztarMinMaxIndex *index,
             GArray            *values,
             guint              a,
             guint              b)
{
  double mn, mx, bmn, bmx;
  gboolean any, got = luztar_minmax_index_query (index, a, b, &mn, &mx);

  brute (values, a, b, &bmn, &bmx, &any);
  if (got != any)
    g_error ("[%u, %u): index says %d, brute force %d", a, b, got, any);
  if (!any)
    {
      g_assert_true (isnan (mn) && isnan (mx));
      return;
    }
  /* the index keeps the very values: exact equality */
  if (mn != bmn || mx != bmx)
    g_error ("[%u, %u): index (%g, %g), brute force (%g, %g)", a, b, mn, mx, bmn, bmx);
}

static void
test_minmax_index (void)
{
  const guint n = 300000;
  const guint F = LUZTAR_MINMAX_FANOUT;
  g_autoptr(GArray) values = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  g_autoptr(LuztarMinMaxIndex) index = luztar_minmax_index_new (array_value, values);
  double walk = 0;

  /* a random walk with spikes and a few NaNs and infinities (left out) */
  for (guint r = 0; r < n; r++)
    {
      double v;

      walk += g_test_rand_double_range (-1, 1);
      v = walk;
      if (g_test_rand_int_range (0, 1000) == 0)
        v += g_test_rand_double_range (-500, 500);
      if (g_test_rand_int_range (0, 5000) == 0)
        v = g_test_rand_bit () ? NAN : INFINITY;
      g_array_append_val (values, v);
    }
  /* a run of NaNs longer than a block, so a whole block has no value */
  for (guint r = 5 * F * F + 3; r < 5 * F * F + 3 + 3 * F; r++)
    g_array_index (values, double, r) = NAN;

  /* growth in uneven steps, checked after each */
  while (luztar_minmax_index_get_n_rows (index) < n)
    {
      guint have = luztar_minmax_index_get_n_rows (index);
      guint next = MIN (n, have + (guint) g_test_rand_int_range (1, 3 * (int) F * (int) F));

      luztar_minmax_index_extend (index, next);
      g_assert_cmpuint (luztar_minmax_index_get_n_rows (index), ==, next);
      check_query (index, values, 0, next);
      check_query (index, values, next > 1000 ? next - 1000 : 0, next);
      for (int q = 0; q < 5; q++)
        {
          guint a = (guint) g_test_rand_int_range (0, (gint32) next);
          guint b = (guint) g_test_rand_int_range ((gint32) a, (gint32) next + 1);

          check_query (index, values, a, b);
        }
    }

  /* ranges straddling block boundaries at every level */
  for (guint level = F; level <= F * F * F && level < n; level *= F)
    for (guint k = 1; k * level < n && k < 20; k++)
      {
        guint edge = k * level;
        static const int d[] = { -F - 1, -F, -2, -1, 0, 1, 2, F, F + 1 };

        for (gsize i = 0; i < G_N_ELEMENTS (d); i++)
          for (gsize j = 0; j < G_N_ELEMENTS (d); j++)
            {
              gint64 a = (gint64) edge + d[i] - (gint64) level / 2, b = (gint64) edge + d[j] + level;

              a = CLAMP (a, 0, (gint64) n);
              b = CLAMP (b, a, (gint64) n);
              check_query (index, values, (guint) a, (guint) b);
            }
      }
  /* random ranges of every length */
  for (int q = 0; q < 3000; q++)
    {
      guint len = (guint) pow (10, g_test_rand_double_range (0, log10 (n)));
      guint a = (guint) g_test_rand_int_range (0, (gint32) (n - MIN (len, n - 1)));

      check_query (index, values, a, MIN (n, a + len));
    }
  /* the NaN block, alone and with neighbours */
  check_query (index, values, 5 * F * F + 3 + F, 5 * F * F + 3 + 2 * F);
  check_query (index, values, 5 * F * F, 5 * F * F + 5 * F);
  /* empty and reversed ranges; beyond the rows indexed */
  check_query (index, values, 10, 10);
  {
    double mn, mx;

    g_assert_false (luztar_minmax_index_query (index, 20, 10, &mn, &mx));
    g_assert_true (luztar_minmax_index_query (index, n - 10, n + 1000, &mn, &mx));
  }
}

/* The index is queried a few hundred items per query, not the whole range. */
static guint n_reads;

static double
counting_value (gconstpointer data,
                guint         row)
{
  n_reads++;
  return sin (row * 0.001);
}

static void
test_minmax_cost (void)
{
  const guint n = 1000000;
  g_autoptr(LuztarMinMaxIndex) index = luztar_minmax_index_new (counting_value, NULL);
  guint worst = 0;

  luztar_minmax_index_extend (index, n);
  g_assert_cmpuint (n_reads, ==, n);
  for (int q = 0; q < 1000; q++)
    {
      guint a = (guint) g_test_rand_int_range (0, (gint32) n / 2);
      guint b = (guint) g_test_rand_int_range ((gint32) a, (gint32) n);
      double mn, mx;

      n_reads = 0;
      luztar_minmax_index_query (index, a, b, &mn, &mx);
      worst = MAX (worst, n_reads);
    }
  /* raw rows only at the two ends of the lowest level */
  g_test_message ("at most %u raw reads per query", worst);
  g_assert_cmpuint (worst, <=, 2 * (LUZTAR_MINMAX_FANOUT - 1));
}

/* ------------------------------------------------------------------------ */
/* Series                                                                     */

static void
test_series (void)
{
  /* two carts, a spring between them, a stop: bodies and elements */
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  g_autoptr(LzModel) gears = app_test_load_example ("paper003-gear-train.luztar");
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  guint nb = lz_model_get_n_bodies (model), ne = lz_model_get_n_elements (model);
  g_autofree double *q = g_new0 (double, nb);
  g_autofree double *v = g_new0 (double, nb);
  g_autofree double *f = g_new0 (double, ne);
  g_autofree double *g = g_new0 (double, ne);
  g_autofree double *gd = g_new0 (double, ne);

  g_assert_cmpuint (nb, >=, 2);
  g_assert_cmpuint (ne, >=, 1);
  for (guint r = 0; r < 3; r++)
    {
      LzEnergy e = { 1 + r, 2 + r, 0.1 * r, 0.2 * r, 0.4 * r, 3 * r, 1e-9 * r };

      for (guint i = 0; i < nb; i++)
        {
          q[i] = 10 * r + i;
          v[i] = -10.0 * r - i;
        }
      for (guint i = 0; i < ne; i++)
        {
          f[i] = 100 * r + i;
          g[i] = 200 * r + i;
          gd[i] = 300 * r + i;
        }
      lz_trace_append (trace, 0.5 * r, q, v, f, g, gd, NULL, &e);
    }

  for (guint r = 0; r < 3; r++)
    {
      LuztarSeries s;

      s = (LuztarSeries) { LUZTAR_SERIES_BODY_Q, 1 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 10 * r + 1);
      s = (LuztarSeries) { LUZTAR_SERIES_BODY_V, 1 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, -10.0 * r - 1);
      s = (LuztarSeries) { LUZTAR_SERIES_ELEMENT_FORCE, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 100 * r);
      s = (LuztarSeries) { LUZTAR_SERIES_ELEMENT_G, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 200 * r);
      s = (LuztarSeries) { LUZTAR_SERIES_ELEMENT_GDOT, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 300 * r);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_KINETIC, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 1 + r);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_POTENTIAL, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 2 + r);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_SOURCES, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 3 * r);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_BALANCE_ERROR, 0 };
      g_assert_cmpfloat (luztar_series_get_value (&s, trace, r), ==, 1e-9 * r);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_DISSIPATED, 0 };
      g_assert_cmpfloat_with_epsilon (luztar_series_get_value (&s, trace, r), 0.7 * r, 1e-12);
      s = (LuztarSeries) { LUZTAR_SERIES_ENERGY_FRICTION, 0 };
      g_assert_cmpfloat_with_epsilon (luztar_series_get_value (&s, trace, r), 0.2 * r, 1e-12);
    }

  {
    LuztarSeries q1 = { LUZTAR_SERIES_BODY_Q, 0 }, f0 = { LUZTAR_SERIES_ELEMENT_FORCE, 0 };
    LuztarSeries ek = { LUZTAR_SERIES_ENERGY_KINETIC, 7 }, ek2 = { LUZTAR_SERIES_ENERGY_KINETIC, 0 };
    LuztarSeries bad = { LUZTAR_SERIES_BODY_Q, nb }, badkind = { LUZTAR_SERIES_N_KINDS, 0 };
    g_autofree char *l1 = luztar_series_dup_label (&q1, trace);
    g_autofree char *l2 = luztar_series_dup_label (&f0, trace);
    g_autofree char *l3 = luztar_series_dup_label (&ek, trace);
    g_autofree char *e1 = g_strdup_printf ("%s position", lz_model_get_body (model, 0)->item.id);
    g_autofree char *e2 = g_strdup_printf ("%s force", lz_model_get_element (model, 0)->item.id);

    g_assert_cmpstr (l1, ==, e1);
    g_assert_cmpstr (l2, ==, e2);
    g_assert_cmpstr (l3, ==, "kinetic energy");
    g_assert_cmpstr (luztar_series_get_unit (&q1, model), ==, "m");
    g_assert_cmpstr (luztar_series_get_unit (&q1, NULL), ==, "m");
    g_assert_cmpstr (luztar_series_get_unit (&f0, model), ==, "N");
    g_assert_cmpstr (luztar_series_get_unit (&ek, NULL), ==, "J");
    g_assert_cmpstr (luztar_series_get_unit (&(LuztarSeries) { LUZTAR_SERIES_BODY_V, 0 }, model), ==, "m/s");
    g_assert_true (luztar_series_is_valid (&q1, trace));
    g_assert_false (luztar_series_is_valid (&bad, trace));
    g_assert_true (luztar_series_is_valid (&bad, NULL));
    g_assert_false (luztar_series_is_valid (&badkind, NULL));
    /* the index of an energy series does not matter */
    g_assert_true (luztar_series_equal (&ek, &ek2));
    g_assert_false (luztar_series_equal (&q1, &(LuztarSeries) { LUZTAR_SERIES_BODY_Q, 1 }));
  }

  /* rotational bodies: rad, rad/s; a gear's coordinate is a length */
  for (guint i = 0; i < lz_model_get_n_bodies (gears); i++)
    if (lz_model_get_body (gears, i)->kind == LZ_BODY_ROTATIONAL)
      {
        g_assert_cmpstr (luztar_series_get_unit (&(LuztarSeries) { LUZTAR_SERIES_BODY_Q, i }, gears), ==, "rad");
        g_assert_cmpstr (luztar_series_get_unit (&(LuztarSeries) { LUZTAR_SERIES_BODY_V, i }, gears), ==, "rad/s");
      }
  for (guint i = 0; i < lz_model_get_n_elements (gears); i++)
    if (lz_model_get_element (gears, i)->item.kind == LZ_ITEM_GEAR)
      g_assert_cmpstr (luztar_series_get_unit (&(LuztarSeries) { LUZTAR_SERIES_ELEMENT_FORCE, i }, gears), ==, "N");
}

/* ------------------------------------------------------------------------ */
/* Mode intervals                                                             */

static void
test_mode_timeline (void)
{
  /* friction (f1) and a spring (k1): one strip, for f1 */
  g_autoptr(LzModel) model = app_test_load_example ("friction-oscillator.luztar");
  g_autoptr(LzTrace) trace = lz_trace_new (model);
  g_autoptr(LuztarModeTimeline) tl = luztar_mode_timeline_new ();
  g_autoptr(LuztarModeTimeline) once = luztar_mode_timeline_new ();
  guint ne = lz_model_get_n_elements (model), friction = G_MAXUINT;
  g_autofree LzMode *modes = g_new0 (LzMode, ne);
  double q = 0, v = 0;
  const LzEvent events[] = {
    { 0.0, 0, LZ_MODE_STICK, LZ_MODE_STICK, LZ_CAUSE_INITIAL },
    { 1.25, 0, LZ_MODE_STICK, LZ_MODE_SLIP_POS, LZ_CAUSE_FORCE_LIMIT },
    { 3.5, 0, LZ_MODE_SLIP_POS, LZ_MODE_STICK, LZ_CAUSE_VELOCITY_ZERO },
    { 3.5, 0, LZ_MODE_STICK, LZ_MODE_SLIP_NEG, LZ_CAUSE_FORCE_LIMIT },
    { 6.0, 0, LZ_MODE_SLIP_NEG, LZ_MODE_SLIP_NEG, LZ_CAUSE_IMPACT },
    { 7.0, 0, LZ_MODE_SLIP_NEG, LZ_MODE_STICK, LZ_CAUSE_VELOCITY_ZERO },
  };
  const LuztarModeInterval expected[] = {
    { 0.0, 1.25, LZ_MODE_STICK },
    { 1.25, 3.5, LZ_MODE_SLIP_POS },
    { 3.5, 7.0, LZ_MODE_SLIP_NEG },     /* stick for no time: replaced */
    { 7.0, 9.0, LZ_MODE_STICK },
  };
  const LuztarModeInterval *iv;
  guint n, nev;
  const guint *ev;

  for (guint i = 0; i < ne; i++)
    if (lz_model_get_element (model, i)->item.kind == LZ_ITEM_FRICTION)
      {
        friction = i;
        modes[i] = LZ_MODE_STICK;
      }
  g_assert_cmpuint (friction, <, ne);

  /* rows every 0.5 s, events appended as their time is reached, the
   * timeline updated after every row */
  for (guint r = 0, e = 0; r <= 18; r++)
    {
      double t = 0.5 * r;

      for (; e < G_N_ELEMENTS (events) && events[e].t <= t; e++)
        {
          LzEvent ev1 = events[e];

          ev1.element = friction;
          lz_trace_append_event (trace, &ev1);
        }
      lz_trace_append (trace, t, &q, &v, NULL, NULL, NULL, modes, NULL);
      luztar_mode_timeline_update (tl, trace, lz_trace_get_n_samples (trace), lz_trace_get_n_events (trace));
    }
  luztar_mode_timeline_update (once, trace, lz_trace_get_n_samples (trace), lz_trace_get_n_events (trace));

  for (int pass = 0; pass < 2; pass++)
    {
      LuztarModeTimeline *t = pass == 0 ? tl : once;

      g_assert_cmpuint (luztar_mode_timeline_get_n_strips (t), ==, 1);
      g_assert_cmpuint (luztar_mode_timeline_get_element (t, 0), ==, friction);
      iv = luztar_mode_timeline_get_intervals (t, 0, &n);
      g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpfloat (iv[i].t0, ==, expected[i].t0);
          g_assert_cmpfloat (iv[i].t1, ==, expected[i].t1);
          g_assert_cmpint (iv[i].mode, ==, expected[i].mode);
        }
      /* every event but the initial one is a marker, the impact too */
      ev = luztar_mode_timeline_get_events (t, 0, &nev);
      g_assert_cmpuint (nev, ==, G_N_ELEMENTS (events) - 1);
      for (guint i = 0; i < nev; i++)
        g_assert_cmpuint (ev[i], ==, i + 1);
      g_assert_cmpuint (luztar_mode_timeline_get_modes_present (t), ==,
                        (1u << LZ_MODE_STICK) | (1u << LZ_MODE_SLIP_POS) | (1u << LZ_MODE_SLIP_NEG));
    }

  /* nothing new: no change; a reset starts over */
  g_assert_false (luztar_mode_timeline_update (tl, trace, lz_trace_get_n_samples (trace),
                                               lz_trace_get_n_events (trace)));
  luztar_mode_timeline_reset (tl);
  g_assert_cmpuint (luztar_mode_timeline_get_n_strips (tl), ==, 0);
  g_assert_false (luztar_mode_timeline_update (tl, trace, 0, 0));
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/luztar/plot-math/ticks", test_ticks);
  g_test_add_func ("/luztar/plot-math/format", test_format);
  g_test_add_func ("/luztar/plot-math/nice-range", test_nice_range);
  g_test_add_func ("/luztar/plot-math/axis", test_axis);
  g_test_add_func ("/luztar/plot-math/minmax-index", test_minmax_index);
  g_test_add_func ("/luztar/plot-math/minmax-cost", test_minmax_cost);
  g_test_add_func ("/luztar/plot-math/series", test_series);
  g_test_add_func ("/luztar/plot-math/mode-timeline", test_mode_timeline);
  return g_test_run ();
}
