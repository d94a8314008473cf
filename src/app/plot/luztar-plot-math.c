/* luztar-plot-math.c — ticks, axis mapping, decimation and series of the plots
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-plot-math.h"

/* A tick step below this fraction of the values' magnitude no longer
 * gives distinct doubles (about 50 ulps): the axis shows its two ends. */
#define DISTINCT_STEP_REL 1e-14

/* ------------------------------------------------------------------------ */
/* Ticks                                                                      */

/* The 1-2-5 step nearest above @raw. */
static double
nice_step (double raw)
{
  double mag = pow (10, floor (log10 (raw)));
  double norm = raw / mag;

  if (!isfinite (mag) || mag == 0)
    return raw;
  if (norm <= 1.0)
    return mag;
  if (norm <= 2.0)
    return 2 * mag;
  if (norm <= 5.0)
    return 5 * mag;
  return 10 * mag;
}

/**
 * luztar_plot_ticks:
 * @lo: the low end of the range
 * @hi: the high end
 * @target: about how many ticks are wanted (≥ 1)
 * @ticks: (out caller-allocates) (array length=max_ticks): the ticks,
 *   increasing, all within [@lo, @hi]
 * @max_ticks: room in @ticks
 * @step: (out) (optional): the distance between ticks, 1, 2 or 5 × 10ⁿ
 *
 * Places ticks at the multiples of a 1-2-5 step inside [@lo, @hi], so
 * that there are about @target of them (never more than 2.5 × @target).
 * A zero-width range has one tick, at its value.  A range so narrow for
 * its magnitude that doubles cannot tell its ticks apart gets its two
 * ends.  Ends that are not finite give no ticks.
 *
 * Returns: the number of ticks
 */
guint
luztar_plot_ticks (double  lo,
                   double  hi,
                   guint   target,
                   double *ticks,
                   guint   max_ticks,
                   double *step)
{
  double span, s, first;
  guint n = 0;

  if (step != NULL)
    *step = 0;
  if (!isfinite (lo) || !isfinite (hi) || max_ticks == 0 || ticks == NULL)
    return 0;
  if (hi < lo)
    {
      double tmp = lo;

      lo = hi;
      hi = tmp;
    }
  target = MAX (target, 1);
  if (hi == lo)
    {
      ticks[0] = lo;
      if (step != NULL)
        *step = nice_step (lo != 0 ? fabs (lo) / 10 : 1);
      return 1;
    }
  /* half of each end first: hi − lo overflows for ±1e308 */
  span = 2 * (hi / 2 - lo / 2);
  if (isfinite (span))
    s = nice_step (span / target);
  else
    s = 10 * nice_step ((hi / 10 - lo / 10) / target);   /* a span beyond DBL_MAX */
  /* Below DISTINCT_STEP_REL of the magnitude the multiples of s are no
   * longer distinct doubles: show the two ends instead (so too when even
   * the step overflows). */
  if (s <= DISTINCT_STEP_REL * MAX (fabs (lo), fabs (hi)) || !isfinite (s) || span < 1e6 * G_MINDOUBLE)
    {
      ticks[0] = lo;
      if (max_ticks > 1)
        ticks[1] = hi;
      if (step != NULL)
        *step = isfinite (hi - lo) ? hi - lo : span;
      return MIN (max_ticks, 2);
    }
  /* Rounding the step up can leave fewer than two multiples in the range
   * ([0.015, 0.48] with a step of 0.5): take the next smaller steps. */
  while (floor (hi / s) - ceil (lo / s) + 1 < MIN (2, target))
    {
      double mag = pow (10, floor (log10 (s) + 1e-9));
      double m = s / mag;

      s = m > 4 ? 2 * mag : m > 1.5 ? mag : 0.5 * mag;
    }
  first = ceil (lo / s);
  for (double k = 0; n < max_ticks; k++)
    {
      double t = (first + k) * s;

      /* a tick that rounding left a hair outside is still a tick */
      if (t > hi + 1e-9 * s)
        break;
      if (fabs (t) < 1e-9 * s)
        t = 0;
      ticks[n++] = CLAMP (t, lo, hi);
    }
  if (step != NULL)
    *step = s;
  return n;
}

static void
append_superscript (GString *s,
                    int      value)
{
  static const char *const digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  char buf[16];

  if (value < 0)
    g_string_append (s, "⁻");
  g_snprintf (buf, sizeof buf, "%d", ABS (value));
  for (const char *p = buf; *p != '\0'; p++)
    g_string_append (s, digits[*p - '0']);
}

/* "-1.5e-06" as "−1.5×10⁻⁶", "-3" as "−3". */
static char *
prettify (const char *number)
{
  GString *s = g_string_new (NULL);
  const char *e = strchr (number, 'e');

  if (number[0] == '-')
    {
      g_string_append (s, "−");
      number++;
    }
  if (e == NULL)
    g_string_append (s, number);
  else
    {
      int exponent = atoi (e + 1);

      /* "1e+06" is "10⁶", "2.5e-06" is "2.5×10⁻⁶" */
      if (e - number != 1 || number[0] != '1')
        {
          g_string_append_len (s, number, e - number);
          g_string_append (s, "×");
        }
      g_string_append (s, "10");
      append_superscript (s, exponent);
    }
  return g_string_free (s, FALSE);
}

/**
 * luztar_plot_format_tick:
 * @value: a tick
 * @step: the step between the ticks of its axis
 *
 * Writes a tick label with just the digits the step needs: "0.25" for a
 * step of 0.05, "1200" for 100; very large or small values in powers of
 * ten ("2.5×10⁻⁶").  Minus signs are U+2212.
 *
 * Returns: (transfer full): the label
 */
char *
luztar_plot_format_tick (double value,
                         double step)
{
  char buf[64];

  if (!isfinite (value))
    return g_strdup (isnan (value) ? "—" : value > 0 ? "∞" : "−∞");
  if (value == 0)
    return g_strdup ("0");
  step = fabs (step);
  if (!(step > 0) || !isfinite (step))
    step = fabs (value) / 10;
  if (fabs (value) < 1e6 && step >= 1e-4)
    {
      int decimals = MAX (0, (int) ceil (-log10 (step) - 1e-9));

      g_snprintf (buf, sizeof buf, "%.*f", decimals, value);
    }
  else
    {
      int sig = (int) floor (log10 (fabs (value))) - (int) floor (log10 (step) + 1e-9) + 1;

      g_snprintf (buf, sizeof buf, "%.*e", CLAMP (sig, 1, 17) - 1, value);
      /* "1.50e+07" → "1.5e+07": a step of 5·10⁶ needs no trailing zero */
      {
        char *e = strchr (buf, 'e');
        char *p = e;

        if (e != NULL && strchr (buf, '.') != NULL)
          {
            while (p[-1] == '0')
              p--;
            if (p[-1] == '.')
              p--;
            memmove (p, e, strlen (e) + 1);
          }
      }
    }
  return prettify (buf);
}

/**
 * luztar_plot_format_value:
 * @value: a value read off a plot
 * @unit: (nullable): its unit
 *
 * Returns: (transfer full): @value with four significant digits and its
 *   unit, "−0.1235 m", for readouts
 */
char *
luztar_plot_format_value (double      value,
                          const char *unit)
{
  char buf[64];
  g_autofree char *number = NULL;

  if (value == 0)
    value = 0;          /* no "−0" */
  g_snprintf (buf, sizeof buf, "%.4g", value);
  number = prettify (buf);
  if (unit == NULL || *unit == '\0')
    return g_steal_pointer (&number);
  return g_strdup_printf ("%s %s", number, unit);
}

/**
 * luztar_plot_nice_range:
 * @lo: smallest value of the data
 * @hi: largest value
 * @margin: room to add on each side, as a fraction of the span (0.05)
 * @out_lo: (out): the range's low end, a multiple of a 1-2-5 step
 * @out_hi: (out): its high end
 *
 * The range an autoscaled axis shows for data in [@lo, @hi]: the data
 * with a margin, widened to tick multiples so that the frame ends at
 * ticks.  A constant c shows as c ± 10 % (±1 around 0); no data
 * (non-finite ends) as [0, 1].
 */
void
luztar_plot_nice_range (double  lo,
                        double  hi,
                        double  margin,
                        double *out_lo,
                        double *out_hi)
{
  double span, s, a, b;

  if (!isfinite (lo) || !isfinite (hi))
    {
      *out_lo = 0;
      *out_hi = 1;
      return;
    }
  if (hi < lo)
    {
      double tmp = lo;

      lo = hi;
      hi = tmp;
    }
  if (hi == lo)
    {
      double d = lo != 0 ? fabs (lo) / 10 : 1;

      lo -= d;
      hi += d;
    }
  span = 2 * (hi / 2 - lo / 2);
  a = lo - margin * span;
  b = hi + margin * span;
  if (!isfinite (a) || !isfinite (b))
    {
      *out_lo = lo;
      *out_hi = hi;
      return;
    }
  s = nice_step ((b - a) / 10);
  if (s <= DISTINCT_STEP_REL * MAX (fabs (a), fabs (b)) || !isfinite (s))
    {
      *out_lo = a;
      *out_hi = b;
      return;
    }
  *out_lo = floor (a / s) * s;
  *out_hi = ceil (b / s) * s;
  /* data that sat on a multiple keeps its margin inside the frame */
  if (*out_lo > a)
    *out_lo -= s;
  if (*out_hi < b)
    *out_hi += s;
}

/* ------------------------------------------------------------------------ */
/* Axis mapping                                                               */

/**
 * luztar_axis_to_pixel:
 * @axis: an axis
 * @value: a value
 *
 * Returns: the pixel coordinate of @value (linear between the ends; a
 *   zero-width axis puts everything in the middle)
 */
double
luztar_axis_to_pixel (const LuztarAxis *axis,
                      double            value)
{
  double span = axis->hi - axis->lo;

  if (span == 0 || !isfinite (span))
    return (axis->p0 + axis->p1) / 2;
  return axis->p0 + (value - axis->lo) / span * (axis->p1 - axis->p0);
}

/**
 * luztar_axis_to_value:
 * @axis: an axis
 * @pixel: a pixel coordinate
 *
 * Returns: the value at @pixel: the inverse of luztar_axis_to_pixel()
 */
double
luztar_axis_to_value (const LuztarAxis *axis,
                      double            pixel)
{
  double width = axis->p1 - axis->p0;

  if (width == 0)
    return (axis->lo + axis->hi) / 2;
  return axis->lo + (pixel - axis->p0) / width * (axis->hi - axis->lo);
}

/**
 * luztar_axis_zoom:
 * @axis: an axis
 * @anchor: the value that stays at its pixel (under the pointer)
 * @factor: the new span over the old (< 1 zooms in)
 *
 * Zooms about @anchor.
 */
void
luztar_axis_zoom (LuztarAxis *axis,
                  double      anchor,
                  double      factor)
{
  if (!(factor > 0) || !isfinite (factor))
    return;
  axis->lo = anchor + (axis->lo - anchor) * factor;
  axis->hi = anchor + (axis->hi - anchor) * factor;
}

/**
 * luztar_axis_pan:
 * @axis: an axis
 * @pixels: how far the content follows the pointer, in pixels
 *
 * Shifts the range so that what was at pixel p is now at p + @pixels.
 */
void
luztar_axis_pan (LuztarAxis *axis,
                 double      pixels)
{
  double width = axis->p1 - axis->p0;
  double shift;

  if (width == 0)
    return;
  shift = pixels / width * (axis->hi - axis->lo);
  axis->lo -= shift;
  axis->hi -= shift;
}

/* ------------------------------------------------------------------------ */
/* The min/max index                                                          */

/*
 * Level k (k ≥ 0) holds one (min, max) pair per block of FANOUT^(k+1)
 * rows: entry j of level k covers rows [j·FANOUT^(k+1), (j+1)·FANOUT^(k+1)).
 * Every new row updates the last entry of each level, so entries fill in
 * as rows arrive (the last one of a level may be partial; a query never
 * uses a partial entry, see below).  A query for [a, b) works upwards: at
 * each level it takes the raw rows (or entries) at the unaligned ends and
 * moves up once both ends are aligned, so it touches at most
 * 2·(FANOUT − 1) items per level: O(FANOUT · log n).
 */
#define MAX_LEVELS 5             /* top entries of 64^5 = 2^30 rows, a trace's limit */

typedef struct
{
  double min;
  double max;
} MinMax;

struct _LuztarMinMaxIndex
{
  LuztarRowFunc  get;
  gconstpointer  data;
  guint          n_rows;
  GArray        *levels[MAX_LEVELS];
};

/**
 * luztar_minmax_index_new:
 * @get: reads the value of a row
 * @data: passed to @get
 *
 * Returns: (transfer full): an empty index over the rows @get reads
 */
LuztarMinMaxIndex *
luztar_minmax_index_new (LuztarRowFunc get,
                         gconstpointer data)
{
  LuztarMinMaxIndex *self = g_new0 (LuztarMinMaxIndex, 1);

  g_return_val_if_fail (get != NULL, NULL);
  self->get = get;
  self->data = data;
  for (guint k = 0; k < MAX_LEVELS; k++)
    self->levels[k] = g_array_new (FALSE, FALSE, sizeof (MinMax));
  return self;
}

void
luztar_minmax_index_free (LuztarMinMaxIndex *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < MAX_LEVELS; k++)
    g_array_unref (self->levels[k]);
  g_free (self);
}

/**
 * luztar_minmax_index_get_n_rows:
 * @self: an index
 *
 * Returns: the number of rows indexed so far
 */
guint
luztar_minmax_index_get_n_rows (const LuztarMinMaxIndex *self)
{
  return self->n_rows;
}

/**
 * luztar_minmax_index_extend:
 * @self: an index
 * @n_rows: the rows to cover: reads rows [current count, @n_rows)
 *
 * Adds rows; the cost is O(levels) per row.  Rows must not change once
 * indexed (an append-only trace).  Non-finite values are left out of the
 * minima and maxima.
 */
void
luztar_minmax_index_extend (LuztarMinMaxIndex *self,
                            guint              n_rows)
{
  for (guint row = self->n_rows; row < n_rows; row++)
    {
      double v = self->get (self->data, row);

      for (guint k = 0; k < MAX_LEVELS; k++)
        {
          guint j = row >> (LUZTAR_MINMAX_FANOUT_BITS * (k + 1));
          GArray *level = self->levels[k];
          MinMax *e;

          if (j >= level->len)
            {
              MinMax empty = { INFINITY, -INFINITY };

              g_array_append_val (level, empty);
            }
          e = &g_array_index (level, MinMax, j);
          if (!isfinite (v))
            continue;
          if (v < e->min)
            e->min = v;
          if (v > e->max)
            e->max = v;
        }
    }
  self->n_rows = MAX (self->n_rows, n_rows);
}

static inline void
take (MinMax *acc,
      double  lo,
      double  hi)
{
  if (lo < acc->min)
    acc->min = lo;
  if (hi > acc->max)
    acc->max = hi;
}

/**
 * luztar_minmax_index_query:
 * @self: an index
 * @a: first row
 * @b: one past the last row (at most the rows indexed)
 * @min: (out): the smallest finite value in rows [@a, @b)
 * @max: (out): the largest
 *
 * Returns: %FALSE when the range is empty or holds no finite value
 *   (then @min and @max are NaN)
 */
gboolean
luztar_minmax_index_query (const LuztarMinMaxIndex *self,
                           guint                    a,
                           guint                    b,
                           double                  *min,
                           double                  *max)
{
  MinMax acc = { INFINITY, -INFINITY };
  guint lo, hi;

  b = MIN (b, self->n_rows);
  lo = a;
  hi = b;
  /* Raw rows up to the first block boundaries.  Entry hi − 1 at a level is
   * complete whenever hi is aligned at the level below and hi ≤ n_rows. */
  while (lo < hi && (lo & (LUZTAR_MINMAX_FANOUT - 1)) != 0)
    {
      double v = self->get (self->data, lo++);

      if (isfinite (v))
        take (&acc, v, v);
    }
  while (hi > lo && (hi & (LUZTAR_MINMAX_FANOUT - 1)) != 0)
    {
      double v = self->get (self->data, --hi);

      if (isfinite (v))
        take (&acc, v, v);
    }
  lo >>= LUZTAR_MINMAX_FANOUT_BITS;
  hi >>= LUZTAR_MINMAX_FANOUT_BITS;
  for (guint k = 0; k < MAX_LEVELS && lo < hi; k++)
    {
      const MinMax *e = (const MinMax *) (const void *) self->levels[k]->data;
      gboolean top = k + 1 == MAX_LEVELS;

      while (lo < hi && (top || (lo & (LUZTAR_MINMAX_FANOUT - 1)) != 0))
        {
          take (&acc, e[lo].min, e[lo].max);
          lo++;
        }
      while (hi > lo && (hi & (LUZTAR_MINMAX_FANOUT - 1)) != 0)
        {
          hi--;
          take (&acc, e[hi].min, e[hi].max);
        }
      lo >>= LUZTAR_MINMAX_FANOUT_BITS;
      hi >>= LUZTAR_MINMAX_FANOUT_BITS;
    }
  if (acc.min > acc.max)
    {
      *min = NAN;
      *max = NAN;
      return FALSE;
    }
  *min = acc.min;
  *max = acc.max;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Series                                                                     */

/* The unit of a series, by what it measures (see luztar_series_get_unit()). */
typedef enum
{
  UNIT_COORDINATE,
  UNIT_RATE,
  UNIT_FORCE,
  UNIT_ENERGY,
} UnitFamily;

/* What is read from the energy balance: an LzEnergy field, or the sum of
 * the dissipated parts. */
#define ENERGY_FIELD(field) G_STRUCT_OFFSET (LzEnergy, field)
#define ENERGY_DISSIPATED   (-1)
/* A series of the energy balance, read at @where (ENERGY_FIELD or
 * ENERGY_DISSIPATED). */
#define ENERGY_SERIES(quantity, where) { quantity, UNIT_ENERGY, NULL, where }

/* Each kind of series, by LuztarSeriesKind: the name of its quantity
 * (context "series"), its unit, and where its value is read: a getter of
 * the trace for a body or an element, else the energy balance. */
static const struct
{
  const char *quantity;
  UnitFamily  unit;
  double    (*get) (const LzTrace *trace,
                    guint          row,
                    guint          index);
  glong       energy;
} kinds[LUZTAR_SERIES_N_KINDS] = {
  /* Translators: a plotted variable: the position of a body */
  [LUZTAR_SERIES_BODY_Q] = { NC_("series", "position"), UNIT_COORDINATE, lz_trace_get_q, 0 },
  /* Translators: a plotted variable: the velocity of a body */
  [LUZTAR_SERIES_BODY_V] = { NC_("series", "velocity"), UNIT_RATE, lz_trace_get_v, 0 },
  /* Translators: a plotted variable: the tension T of an element */
  [LUZTAR_SERIES_ELEMENT_FORCE] = { NC_("series", "force"), UNIT_FORCE, lz_trace_get_force, 0 },
  /* Translators: a plotted variable: the relative coordinate g of an
   * element (how far port b is from port a) */
  [LUZTAR_SERIES_ELEMENT_G] = { NC_("series", "relative coordinate"), UNIT_COORDINATE, lz_trace_get_g, 0 },
  /* Translators: a plotted variable: the rate ġ of an element's relative
   * coordinate (for friction: the slip velocity) */
  [LUZTAR_SERIES_ELEMENT_GDOT] = { NC_("series", "relative velocity"), UNIT_RATE, lz_trace_get_gdot, 0 },
  [LUZTAR_SERIES_ENERGY_KINETIC] = ENERGY_SERIES (NC_("series", "kinetic energy"), ENERGY_FIELD (kinetic)),
  /* Translators: the energy stored in the springs */
  [LUZTAR_SERIES_ENERGY_POTENTIAL] = ENERGY_SERIES (NC_("series", "potential energy"), ENERGY_FIELD (potential)),
  [LUZTAR_SERIES_ENERGY_DAMPING] = ENERGY_SERIES (NC_("series", "dissipated by damping"), ENERGY_FIELD (damping)),
  [LUZTAR_SERIES_ENERGY_FRICTION] = ENERGY_SERIES (NC_("series", "dissipated by friction"), ENERGY_FIELD (friction)),
  [LUZTAR_SERIES_ENERGY_IMPACTS] = ENERGY_SERIES (NC_("series", "lost in impacts"), ENERGY_FIELD (impacts)),
  /* Translators: the work done on the model by forces and moving grounds */
  [LUZTAR_SERIES_ENERGY_SOURCES] = ENERGY_SERIES (NC_("series", "work of sources"), ENERGY_FIELD (sources)),
  /* Translators: kinetic + potential + dissipated − work − initial
   * energy: zero for an exact run */
  [LUZTAR_SERIES_ENERGY_BALANCE_ERROR] = ENERGY_SERIES (NC_("series", "balance error"), ENERGY_FIELD (balance_error)),
  /* Translators: energy dissipated by damping, friction and impacts */
  [LUZTAR_SERIES_ENERGY_DISSIPATED] = ENERGY_SERIES (NC_("series", "dissipated"), ENERGY_DISSIPATED),
  /* Translators: energy taken by the time-stepping scheme itself (θ > ½),
   * not by the model: an artefact of the method */
  [LUZTAR_SERIES_ENERGY_NUMERICAL] = ENERGY_SERIES (NC_("series", "numerical damping"), ENERGY_FIELD (numerical)),
};

static gboolean
is_body_kind (LuztarSeriesKind kind)
{
  return kind == LUZTAR_SERIES_BODY_Q || kind == LUZTAR_SERIES_BODY_V;
}

static gboolean
is_element_kind (LuztarSeriesKind kind)
{
  return kind >= LUZTAR_SERIES_ELEMENT_FORCE && kind <= LUZTAR_SERIES_ELEMENT_GDOT;
}

/**
 * luztar_series_is_valid:
 * @series: a series
 * @trace: (nullable): a trace
 *
 * Returns: whether @series names a variable of @trace (of any trace when
 *   @trace is %NULL: then only the kind is checked)
 */
gboolean
luztar_series_is_valid (const LuztarSeries *series,
                        const LzTrace      *trace)
{
  if (series == NULL || series->kind >= LUZTAR_SERIES_N_KINDS)
    return FALSE;
  if (trace == NULL)
    return TRUE;
  if (is_body_kind (series->kind))
    return series->index < lz_trace_get_n_bodies (trace);
  if (is_element_kind (series->kind))
    return series->index < lz_trace_get_n_elements (trace);
  return TRUE;
}

gboolean
luztar_series_equal (const LuztarSeries *a,
                     const LuztarSeries *b)
{
  if (a->kind != b->kind)
    return FALSE;
  return (!is_body_kind (a->kind) && !is_element_kind (a->kind)) || a->index == b->index;
}

/**
 * luztar_series_get_value:
 * @series: a valid series of @trace
 * @trace: a trace
 * @row: a row below lz_trace_get_n_samples()
 *
 * Returns: the value of the variable at @row
 */
double
luztar_series_get_value (const LuztarSeries *series,
                         const LzTrace      *trace,
                         guint               row)
{
  LzEnergy e;

  g_return_val_if_fail (series->kind < LUZTAR_SERIES_N_KINDS, NAN);
  if (kinds[series->kind].get != NULL)
    return kinds[series->kind].get (trace, row, series->index);
  lz_trace_get_energy (trace, row, &e);
  if (kinds[series->kind].energy == ENERGY_DISSIPATED)
    return e.damping + e.friction + e.impacts;
  return G_STRUCT_MEMBER (double, &e, kinds[series->kind].energy);
}

/**
 * luztar_series_get_quantity:
 * @series: a series
 *
 * Returns: the translated name of the quantity alone: "position",
 *   "force", "kinetic energy"
 */
static const char *
luztar_series_get_quantity (const LuztarSeries *series)
{
  if (series->kind >= LUZTAR_SERIES_N_KINDS)
    return "?";
  return g_dpgettext2 (NULL, "series", kinds[series->kind].quantity);
}

/**
 * luztar_series_dup_label_for_id:
 * @series: a series
 * @id: (nullable): the id of its body or element
 *
 * Returns: (transfer full): the translated label: "m1 position",
 *   "k1 force", or the quantity alone for energies
 */
char *
luztar_series_dup_label_for_id (const LuztarSeries *series,
                                const char         *id)
{
  if (!is_body_kind (series->kind) && !is_element_kind (series->kind))
    return g_strdup (luztar_series_get_quantity (series));
  /* Translators: a plotted variable: the id of a body or element, then
   * the quantity, e.g. "m1 position", "k1 force" */
  return g_strdup_printf (C_("series", "%s %s"), id != NULL ? id : "?",
                          luztar_series_get_quantity (series));
}

/**
 * luztar_series_dup_label:
 * @series: a valid series of @trace
 * @trace: the trace
 *
 * Returns: (transfer full): the translated label, with the id from @trace
 */
char *
luztar_series_dup_label (const LuztarSeries *series,
                         const LzTrace      *trace)
{
  const char *id = NULL;

  g_return_val_if_fail (luztar_series_is_valid (series, trace), g_strdup ("?"));
  if (is_body_kind (series->kind))
    id = lz_trace_get_body_id (trace, series->index);
  else if (is_element_kind (series->kind))
    id = lz_trace_get_element_id (trace, series->index);
  return luztar_series_dup_label_for_id (series, id);
}

static gboolean
port_is_rotational (const LzModel *model,
                    const char    *port)
{
  int i = port != NULL ? lz_model_get_body_index (model, port) : -1;

  return i >= 0 && lz_model_get_body (model, (guint) i)->kind == LZ_BODY_ROTATIONAL;
}

/**
 * luztar_series_get_unit:
 * @series: a series
 * @model: (nullable): the model of the trace, to tell rotational bodies
 *   from translational ones; %NULL assumes translational
 *
 * Returns: the translated SI unit of the values: "m", "m/s", "N", "J";
 *   "rad", "rad/s", "N·m" for rotational bodies and elements between
 *   them (a gear's coordinate is a length along the pitch circles)
 */
const char *
luztar_series_get_unit (const LuztarSeries *series,
                        const LzModel      *model)
{
  gboolean rotational = FALSE;

  if (model != NULL && is_body_kind (series->kind) && series->index < lz_model_get_n_bodies (model))
    rotational = lz_model_get_body (model, series->index)->kind == LZ_BODY_ROTATIONAL;
  else if (model != NULL && is_element_kind (series->kind)
           && series->index < lz_model_get_n_elements (model))
    {
      const LzElement *el = lz_model_get_element (model, series->index);

      rotational = el->item.kind != LZ_ITEM_GEAR
                   && (port_is_rotational (model, el->a) || port_is_rotational (model, el->b));
    }

  if (series->kind >= LUZTAR_SERIES_N_KINDS)
    return "";
  switch (kinds[series->kind].unit)
    {
    case UNIT_COORDINATE:
      /* Translators: unit symbols; translate only if your language writes
       * them differently */
      return rotational ? C_("unit", "rad") : C_("unit", "m");
    case UNIT_RATE:
      return rotational ? C_("unit", "rad/s") : C_("unit", "m/s");
    case UNIT_FORCE:
      return rotational ? C_("unit", "N·m") : C_("unit", "N");
    case UNIT_ENERGY:
    default:
      return C_("unit", "J");
    }
}

/* ------------------------------------------------------------------------ */
/* Mode intervals                                                             */

/*
 * The intervals come from the event log, not from the samples: the initial
 * mode of each element is its mode at row 0, and every event of the
 * element that changes its mode ends one interval and starts the next.
 * Events that keep the mode (an impact after which the body leaves the
 * stop at once) are markers without a new interval.  Work per update is
 * the new events only; the last interval of each strip is stretched to
 * the last sample's time.
 */
typedef struct
{
  guint   element;
  GArray *intervals;             /* LuztarModeInterval */
  GArray *events;                /* guint: indices into the trace's events */
} Strip;

struct _LuztarModeTimeline
{
  GArray *strips;                /* Strip */
  GArray *strip_of_element;      /* int per element: its strip or −1 */
  guint   n_events;              /* events taken so far */
  guint   modes_present;         /* bit per LzMode */
  gboolean started;
};

static void
strip_clear (gpointer data)
{
  Strip *s = data;

  g_array_unref (s->intervals);
  g_array_unref (s->events);
}

LuztarModeTimeline *
luztar_mode_timeline_new (void)
{
  LuztarModeTimeline *self = g_new0 (LuztarModeTimeline, 1);

  self->strips = g_array_new (FALSE, FALSE, sizeof (Strip));
  g_array_set_clear_func (self->strips, strip_clear);
  self->strip_of_element = g_array_new (FALSE, FALSE, sizeof (int));
  return self;
}

void
luztar_mode_timeline_free (LuztarModeTimeline *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->strips);
  g_array_unref (self->strip_of_element);
  g_free (self);
}

/**
 * luztar_mode_timeline_reset:
 * @self: a timeline
 *
 * Forgets everything (a new trace).
 */
void
luztar_mode_timeline_reset (LuztarModeTimeline *self)
{
  g_array_set_size (self->strips, 0);
  g_array_set_size (self->strip_of_element, 0);
  self->n_events = 0;
  self->modes_present = 0;
  self->started = FALSE;
}

/**
 * luztar_mode_timeline_update:
 * @self: a timeline
 * @trace: the trace (always the same one between resets)
 * @n_samples: the samples to cover (≤ lz_trace_get_n_samples())
 * @n_events: the events to cover (≤ lz_trace_get_n_events())
 *
 * Takes the events from the last update up to @n_events and stretches
 * the last intervals to the time of sample @n_samples − 1.  The strips are
 * the elements whose mode at row 0 is not %LZ_MODE_NONE (friction, stops,
 * freeplay springs and gears), in file order.
 *
 * Returns: whether anything changed
 */
gboolean
luztar_mode_timeline_update (LuztarModeTimeline *self,
                             const LzTrace      *trace,
                             guint               n_samples,
                             guint               n_events)
{
  double t_last;
  gboolean changed = FALSE;

  if (n_samples == 0)
    return FALSE;
  t_last = lz_trace_get_time (trace, n_samples - 1);
  if (!self->started)
    {
      double t0 = lz_trace_get_time (trace, 0);
      guint ne = lz_trace_get_n_elements (trace);

      g_array_set_size (self->strip_of_element, ne);
      for (guint e = 0; e < ne; e++)
        {
          LzMode mode = lz_trace_get_mode (trace, 0, e);

          g_array_index (self->strip_of_element, int, e) = -1;
          if (mode != LZ_MODE_NONE)
            {
              Strip s = { e, g_array_new (FALSE, FALSE, sizeof (LuztarModeInterval)),
                          g_array_new (FALSE, FALSE, sizeof (guint)) };
              LuztarModeInterval first = { t0, t0, mode };

              g_array_append_val (s.intervals, first);
              g_array_index (self->strip_of_element, int, e) = (int) self->strips->len;
              g_array_append_val (self->strips, s);
              self->modes_present |= 1u << mode;
            }
        }
      self->started = TRUE;
      changed = TRUE;
    }
  for (; self->n_events < n_events; self->n_events++)
    {
      LzEvent ev;
      Strip *s;
      LuztarModeInterval *last;
      int k;

      lz_trace_get_event (trace, self->n_events, &ev);
      if (ev.element >= self->strip_of_element->len)
        continue;
      k = g_array_index (self->strip_of_element, int, ev.element);
      if (k < 0)
        continue;
      s = &g_array_index (self->strips, Strip, k);
      changed = TRUE;
      /* the initial mode is row 0's; an "initial" event only marks it */
      if (ev.cause != LZ_CAUSE_INITIAL)
        g_array_append_val (s->events, self->n_events);
      last = &g_array_index (s->intervals, LuztarModeInterval, s->intervals->len - 1);
      if (ev.to == last->mode)
        continue;
      if (ev.t <= last->t0)
        {
          /* a switch at the very start of an interval replaces its mode,
           * and joins it to the one before when that has the same mode */
          last->mode = ev.to;
          if (s->intervals->len > 1 && last[-1].mode == ev.to)
            g_array_set_size (s->intervals, s->intervals->len - 1);
        }
      else
        {
          LuztarModeInterval next = { ev.t, ev.t, ev.to };

          last->t1 = ev.t;
          g_array_append_val (s->intervals, next);
        }
      self->modes_present |= 1u << MIN (ev.to, LZ_MODE_N_MODES - 1);
    }
  for (guint k = 0; k < self->strips->len; k++)
    {
      Strip *s = &g_array_index (self->strips, Strip, k);
      LuztarModeInterval *last = &g_array_index (s->intervals, LuztarModeInterval, s->intervals->len - 1);

      if (t_last > last->t1)
        {
          last->t1 = t_last;
          changed = TRUE;
        }
    }
  return changed;
}

guint
luztar_mode_timeline_get_n_strips (const LuztarModeTimeline *self)
{
  return self->strips->len;
}

/* Strip @strip, or NULL (with a critical warning) when there is none. */
static const Strip *
strip_at (const LuztarModeTimeline *self,
          guint                     strip)
{
  g_return_val_if_fail (strip < self->strips->len, NULL);
  return &g_array_index (self->strips, Strip, strip);
}

/**
 * luztar_mode_timeline_get_element:
 * @self: a timeline
 * @strip: a strip
 *
 * Returns: the index of the element @strip shows
 */
guint
luztar_mode_timeline_get_element (const LuztarModeTimeline *self,
                                  guint                     strip)
{
  const Strip *s = strip_at (self, strip);

  return s != NULL ? s->element : 0;
}

/**
 * luztar_mode_timeline_get_intervals:
 * @self: a timeline
 * @strip: a strip
 * @n_intervals: (out): their number
 *
 * Returns: (transfer none) (array length=n_intervals): the intervals of
 *   @strip in time order, covering [t of row 0, t of the last sample]
 *   without gaps, neighbours in different modes
 */
const LuztarModeInterval *
luztar_mode_timeline_get_intervals (const LuztarModeTimeline *self,
                                    guint                     strip,
                                    guint                    *n_intervals)
{
  const Strip *s = strip_at (self, strip);

  *n_intervals = s != NULL ? s->intervals->len : 0;
  return s != NULL ? (const LuztarModeInterval *) (const void *) s->intervals->data : NULL;
}

/**
 * luztar_mode_timeline_get_events:
 * @self: a timeline
 * @strip: a strip
 * @n_events: (out): their number
 *
 * Returns: (transfer none) (array length=n_events): the indices (into the
 *   trace's event log) of the events of @strip's element, in order,
 *   without the "initial" ones
 */
const guint *
luztar_mode_timeline_get_events (const LuztarModeTimeline *self,
                                 guint                     strip,
                                 guint                    *n_events)
{
  const Strip *s = strip_at (self, strip);

  *n_events = s != NULL ? s->events->len : 0;
  return s != NULL ? (const guint *) (const void *) s->events->data : NULL;
}

/**
 * luztar_mode_timeline_get_modes_present:
 * @self: a timeline
 *
 * Returns: a bit set, bit m for each #LzMode m seen in an interval
 */
guint
luztar_mode_timeline_get_modes_present (const LuztarModeTimeline *self)
{
  return self->modes_present;
}
