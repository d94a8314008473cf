/* lz-measures.c — the summary of one run of a sweep: final state,
 * extremes, mode intervals, impacts, period, dissipated energy, the first
 * time a condition holds, stroboscopic samples
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The measures read a finished trace.  Mode intervals and impacts come
 * from the event log (exact switch times); extremes, crossings and
 * stroboscopic samples from the rows, interpolated linearly between them
 * where a time falls inside a step.  Everything except the final state is
 * taken over the window t ≥ after, so that a transient can be left out.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-format.h"
#include "lz-sweep-private.h"

/* A window that starts within STROBE_PHASE_TOL of a period after a whole
 * number of forcing periods starts its strobe there (a fraction of the
 * period: the window's start is decimal text). */
#define STROBE_PHASE_TOL 1e-9

/* A period is reported when the last PERIOD_REPEATS cycles agree to
 * PERIOD_RTOL of their length, trying cycles of up to PERIOD_MAX_CROSSINGS
 * crossings (period-2, -3 … orbits cross the mean more than once). */
#define PERIOD_REPEATS       3
#define PERIOD_RTOL          1e-3
#define PERIOD_MAX_CROSSINGS 4

static void
add_measure (LzSweep    *self,
             GArray     *kinds,
             GArray     *indices,
             MeasureKind kind,
             int         index,
             char       *name)
{
  g_ptr_array_add (self->measure_names, name);
  g_array_append_val (kinds, kind);
  g_array_append_val (indices, index);
}

/* The set of modes an element's interval counts: stick, contact or
 * engaged; NONE for elements without such a mode. */
static LzMode
interval_mode (const LzElement *element,
               const char     **word)
{
  double freeplay = 0;
  LzItemKind kind = element->item.kind;

  *word = kind == LZ_ITEM_FRICTION ? "stick" : kind == LZ_ITEM_STOP ? "contact" : "engaged";
  if (kind == LZ_ITEM_FRICTION)
    return LZ_MODE_STICK;
  if (kind == LZ_ITEM_STOP)
    return LZ_MODE_CONTACT;
  /* springs and gears with freeplay */
  if (lz_element_get_stiffness (element, NULL, &freeplay, NULL) && freeplay > 0)
    return LZ_MODE_ENGAGED_POS;
  return LZ_MODE_NONE;
}

static gboolean
in_interval (LzMode set,
             LzMode mode)
{
  if (set == LZ_MODE_ENGAGED_POS)
    return mode == LZ_MODE_ENGAGED_POS || mode == LZ_MODE_ENGAGED_NEG;
  return set != LZ_MODE_NONE && mode == set;
}

static void
add_state_measures (LzSweep *self,
                    GArray  *kinds,
                    GArray  *indices)
{
  const LzModel *model = self->model;

  for (guint b = 0; b < lz_model_get_n_bodies (model); b++)
    {
      const char *id = lz_model_get_body (model, b)->item.id;

      add_measure (self, kinds, indices, MEASURE_Q_END, b, g_strdup_printf ("%s.q_end", id));
      add_measure (self, kinds, indices, MEASURE_V_END, b, g_strdup_printf ("%s.v_end", id));
      add_measure (self, kinds, indices, MEASURE_Q_MIN, b, g_strdup_printf ("%s.q_min", id));
      add_measure (self, kinds, indices, MEASURE_Q_MAX, b, g_strdup_printf ("%s.q_max", id));
    }
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      const char *id = element->item.id, *word = NULL;

      if (interval_mode (element, &word) == LZ_MODE_NONE)
        continue;
      add_measure (self, kinds, indices, MEASURE_MODE_COUNT, e,
                   g_strdup_printf ("%s.%s_count", id, word));
      add_measure (self, kinds, indices, MEASURE_MODE_TIME, e,
                   g_strdup_printf ("%s.%s_time", id, word));
      if (element->item.kind == LZ_ITEM_STOP)
        add_measure (self, kinds, indices, MEASURE_IMPACTS_OF, e,
                     g_strdup_printf ("%s.impacts", id));
    }
}

/* "ID.QTY OP VALUE" */
static gboolean
parse_when (LzSweep    *self,
            const char *text,
            GError    **error)
{
  static const char *const ops[] = { "<=", ">=", "<", ">" };
  static const struct { const char *name; WhenQuantity q; gboolean body; } qty[] = {
    { "q", WHEN_Q, TRUE }, { "v", WHEN_V, TRUE }, { "g", WHEN_G, FALSE },
    { "gdot", WHEN_GDOT, FALSE }, { "force", WHEN_FORCE, FALSE },
  };
  const char *op = NULL, *dot;
  g_autofree char *lhs = NULL, *rhs = NULL, *id = NULL;
  guint o;

  for (o = 0; o < G_N_ELEMENTS (ops) && op == NULL; o++)
    op = strstr (text, ops[o]);
  if (op == NULL)
    goto bad;
  o--;
  lhs = g_strstrip (g_strndup (text, op - text));
  rhs = g_strstrip (g_strdup (op + strlen (ops[o])));
  dot = strrchr (lhs, '.');
  if (dot == NULL || !lz_number_parse (rhs, FALSE, &self->when_value))
    goto bad;
  id = g_strndup (lhs, dot - lhs);
  self->when_above = ops[o][0] == '>';
  self->when_strict = ops[o][1] == '\0';
  for (guint i = 0; i < G_N_ELEMENTS (qty); i++)
    {
      int index;

      if (strcmp (dot + 1, qty[i].name) != 0)
        continue;
      index = qty[i].body ? lz_model_get_body_index (self->model, id) : -1;
      for (guint e = 0; !qty[i].body && e < lz_model_get_n_elements (self->model); e++)
        if (strcmp (lz_model_get_element (self->model, e)->item.id, id) == 0)
          index = e;
      if (index < 0)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       qty[i].body ? _("condition “%s”: the model has no body “%s”")
                                   : _("condition “%s”: the model has no element “%s”"),
                       text, id);
          return FALSE;
        }
      self->when_quantity = qty[i].q;
      self->when_index = index;
      return TRUE;
    }

bad:
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
               _("condition “%s” is not ID.QUANTITY OP NUMBER (QUANTITY: q, v of a body; "
                 "g, gdot, force of an element; OP: <, <=, >, >=)"), text);
  return FALSE;
}

gboolean
measures_setup (LzSweep               *self,
                const LzSweepMeasures *measures,
                GError               **error)
{
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (MeasureKind));
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (int));
  const LzSweepMeasures none = { 0 };

  if (measures == NULL)
    measures = &none;
  if (!(measures->after >= 0) || !isfinite (measures->after)
      || !(measures->strobe_period >= 0) || !isfinite (measures->strobe_period)
      || (self->strobe_param < 0
          && (measures->strobe_count > 0) != (measures->strobe_period > 0)))
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("the measuring window and the strobe period must not be negative, "
                             "and a strobe needs both its period and its count"));
      return FALSE;
    }
  g_clear_pointer (&self->when_text, g_free);
  if (measures->when != NULL && !parse_when (self, measures->when, error))
    return FALSE;
  self->when_text = g_strdup (measures->when);
  self->after = measures->after;
  self->strobe_period = measures->strobe_period;
  self->strobe_count = measures->strobe_count;

  g_clear_pointer (&self->measure_names, g_ptr_array_unref);
  self->measure_names = g_ptr_array_new_with_free_func (g_free);
  add_state_measures (self, kinds, indices);
  add_measure (self, kinds, indices, MEASURE_IMPACTS, -1, g_strdup ("impacts"));
  add_measure (self, kinds, indices, MEASURE_PERIOD, -1, g_strdup ("period"));
  add_measure (self, kinds, indices, MEASURE_E_DAMPING, -1, g_strdup ("dissipated_damping"));
  add_measure (self, kinds, indices, MEASURE_E_FRICTION, -1, g_strdup ("dissipated_friction"));
  add_measure (self, kinds, indices, MEASURE_E_IMPACTS, -1, g_strdup ("dissipated_impacts"));
  if (self->when_text != NULL)
    add_measure (self, kinds, indices, MEASURE_WHEN, -1, g_strdup ("t_first"));
  for (guint k = 0; k < self->strobe_count; k++)
    for (guint b = 0; b < lz_model_get_n_bodies (self->model); b++)
      {
        const char *id = lz_model_get_body (self->model, b)->item.id;

        add_measure (self, kinds, indices, MEASURE_STROBE_Q, k * 65536 + b,
                     g_strdup_printf ("strobe%u.%s.q", k + 1, id));
        add_measure (self, kinds, indices, MEASURE_STROBE_V, k * 65536 + b,
                     g_strdup_printf ("strobe%u.%s.v", k + 1, id));
      }
  g_free (self->measure_kind);
  g_free (self->measure_index);
  self->measure_kind = (MeasureKind *) g_array_steal (kinds, NULL);
  self->measure_index = (int *) g_array_steal (indices, NULL);
  return TRUE;
}

/**
 * lz_sweep_set_measures:
 * @self: a sweep
 * @measures: the window, the strobe and the condition
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the measures are valid for the model
 */
gboolean
lz_sweep_set_measures (LzSweep               *self,
                       const LzSweepMeasures *measures,
                       GError               **error)
{
  if (measures->strobe_count > 65535 || lz_model_get_n_bodies (self->model) > 65535)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                           _("at most 65 535 stroboscopic samples of at most 65 535 bodies"));
      return FALSE;
    }
  return measures_setup (self, measures, error);
}

guint
lz_sweep_get_n_measures (const LzSweep *self)
{
  return self->measure_names->len;
}

const char *
lz_sweep_get_measure_name (const LzSweep *self,
                           guint          measure)
{
  g_return_val_if_fail (measure < self->measure_names->len, NULL);
  return self->measure_names->pdata[measure];
}

/**
 * lz_sweep_find_measure:
 * @self: a sweep
 * @name: a measure's name, e.g. "f1.stick_count"
 *
 * Returns: its column among the measures, or −1
 */
int
lz_sweep_find_measure (const LzSweep *self,
                       const char    *name)
{
  for (guint m = 0; m < self->measure_names->len; m++)
    if (strcmp (self->measure_names->pdata[m], name) == 0)
      return m;
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Measuring a trace                                                         */

/* The value of COLUMN(row) at time T, linear between rows. */
typedef double (*RowValue) (const LzTrace *trace, guint row, guint index);

static double
value_at (const LzTrace *trace,
          RowValue       value,
          guint          index,
          double         t)
{
  guint n = lz_trace_get_n_samples (trace);
  guint r = lz_trace_find_time (trace, t);
  double t0, t1;

  if (r >= n)
    return NAN;
  t1 = lz_trace_get_time (trace, r);
  if (t1 == t || r == 0)
    return t1 == t ? value (trace, r, index) : NAN;
  t0 = lz_trace_get_time (trace, r - 1);
  return value (trace, r - 1, index)
         + (value (trace, r, index) - value (trace, r - 1, index)) * (t - t0) / (t1 - t0);
}

static double
when_value (const LzSweep *self,
            const LzTrace *trace,
            guint          row)
{
  /* in the order of WhenQuantity */
  static const RowValue get[] = {
    lz_trace_get_q, lz_trace_get_v, lz_trace_get_g, lz_trace_get_gdot, lz_trace_get_force,
  };

  return get[self->when_quantity] (trace, row, self->when_index);
}

static gboolean
when_holds (const LzSweep *self,
            double         x)
{
  double c = self->when_value;

  return self->when_above ? (self->when_strict ? x > c : x >= c)
                          : (self->when_strict ? x < c : x <= c);
}

/* The first time in the window the condition holds, the crossing
 * interpolated between the rows around it. */
static double
first_time (const LzSweep *self,
            const LzTrace *trace,
            guint          first)
{
  guint n = lz_trace_get_n_samples (trace);

  for (guint r = first; r < n; r++)
    {
      double x = when_value (self, trace, r), x0, t0, t1;

      if (!when_holds (self, x))
        continue;
      if (r == first)
        return lz_trace_get_time (trace, r);
      x0 = when_value (self, trace, r - 1);
      t0 = lz_trace_get_time (trace, r - 1);
      t1 = lz_trace_get_time (trace, r);
      return x == x0 ? t1 : t0 + (self->when_value - x0) * (t1 - t0) / (x - x0);
    }
  return NAN;
}

/* The period of body 0's position over the window: the times it crosses
 * its mean upwards, grouped into cycles of 1…PERIOD_MAX_CROSSINGS
 * crossings; the first grouping whose last cycles agree. */
static double
period (const LzTrace *trace,
        guint          first)
{
  guint n = lz_trace_get_n_samples (trace);
  g_autoptr(GArray) up = g_array_new (FALSE, FALSE, sizeof (double));
  double mean = 0;

  if (lz_trace_get_n_bodies (trace) == 0 || n < first + 3)
    return NAN;
  for (guint r = first; r < n; r++)
    mean += lz_trace_get_q (trace, r, 0);
  mean /= n - first;
  {
    /* each row read once: the previous one is kept */
    double x0 = lz_trace_get_q (trace, first, 0) - mean, t0 = lz_trace_get_time (trace, first);

    for (guint r = first + 1; r < n; r++)
      {
        double x1 = lz_trace_get_q (trace, r, 0) - mean, t1 = lz_trace_get_time (trace, r);

        if (x0 < 0 && x1 >= 0)
          {
            double t = t0 - x0 * (t1 - t0) / (x1 - x0);

            g_array_append_val (up, t);
          }
        x0 = x1;
        t0 = t1;
      }
  }
  for (guint m = 1; m <= PERIOD_MAX_CROSSINGS; m++)
    {
      guint len = up->len;
      double last, ok = TRUE;

      if (len < m * PERIOD_REPEATS + 1)
        break;
      last = g_array_index (up, double, len - 1) - g_array_index (up, double, len - 1 - m);
      for (guint c = 1; c < PERIOD_REPEATS && ok; c++)
        {
          double p = g_array_index (up, double, len - 1 - c * m)
                     - g_array_index (up, double, len - 1 - (c + 1) * m);

          ok = fabs (p - last) <= PERIOD_RTOL * last;
        }
      if (ok)
        return last;
    }
  return NAN;
}

typedef struct
{
  guint  count;
  double time;
  guint  impacts;
} Intervals;

/* Mode intervals of every element from the first row's modes and the
 * event log, clipped to [after, t_end]. */
static void
intervals (const LzSweep *self,
           const LzTrace *trace,
           Intervals     *out)
{
  guint ne = lz_trace_get_n_elements (trace), n = lz_trace_get_n_samples (trace);
  double t_end = lz_trace_get_time (trace, n - 1), after = self->after;
  g_autofree LzMode *mode = g_new0 (LzMode, MAX (ne, 1));
  g_autofree LzMode *set = g_new0 (LzMode, MAX (ne, 1));
  g_autofree double *since = g_new0 (double, MAX (ne, 1));

  for (guint e = 0; e < ne; e++)
    {
      const char *word;

      set[e] = interval_mode (lz_model_get_element (self->model, e), &word);
      mode[e] = lz_trace_get_mode (trace, 0, e);
      since[e] = lz_trace_get_time (trace, 0);
    }
  for (guint i = 0; i <= lz_trace_get_n_events (trace); i++)
    {
      LzEvent ev = { t_end, 0, 0, 0, 0 };
      gboolean last = i == lz_trace_get_n_events (trace);

      if (!last)
        lz_trace_get_event (trace, i, &ev);
      if (!last && ev.element >= ne)
        continue;               /* a force's jump (lz-trace.h): no element's mode */
      for (guint e = last ? 0 : ev.element; e < (last ? ne : ev.element + 1); e++)
        {
          gboolean was = in_interval (set[e], mode[e]);
          gboolean now = !last && in_interval (set[e], ev.to);

          if (!last && (ev.cause == LZ_CAUSE_IMPACT || ev.cause == LZ_CAUSE_ZENO) && ev.t >= after)
            out[e].impacts++;
          if (was && (!now || last))
            {
              out[e].time += MAX (0, ev.t - MAX (since[e], after));
              out[e].count += ev.t > after || (ev.t == after && since[e] == after);
            }
          if (!last)
            {
              if (now && !was)
                since[e] = ev.t;
              mode[e] = ev.to;
            }
        }
    }
}

/**
 * lz_sweep_measure_trace:
 * @self: a sweep
 * @trace: a finished run of its model
 * @measures: (out caller-allocates): lz_sweep_get_n_measures() values
 *
 * Measures a run; NaN where a measure has no value.
 */
void
lz_sweep_measure_trace (const LzSweep *self,
                        const LzTrace *trace,
                        double        *measures)
{
  measure_trace (self, trace, self->strobe_period, measures);
}

/* The same with the strobe period of the run. */
void
measure_trace (const LzSweep *self,
               const LzTrace *trace,
               double         strobe_period,
               double        *measures)
{
  guint n = lz_trace_get_n_samples (trace), ne = lz_trace_get_n_elements (trace);
  guint first = MIN (lz_trace_find_time (trace, self->after), n - 1);
  guint nb = lz_trace_get_n_bodies (trace);
  g_autofree Intervals *iv = g_new0 (Intervals, MAX (ne, 1));
  g_autofree double *q_min = g_new (double, MAX (nb, 1));
  g_autofree double *q_max = g_new (double, MAX (nb, 1));
  LzEnergy e0, e1;
  guint impacts = 0;
  /* A strobe at each run's forcing period samples at the forcing's phase
   * 0: the first whole period from the window on (a Poincaré section that
   * does not slide with ω); a fixed strobe starts at the window. */
  double strobe_start = self->strobe_param >= 0 && strobe_period > 0
                        ? ceil (self->after / strobe_period - STROBE_PHASE_TOL) * strobe_period : self->after;

  g_return_if_fail (n > 0);
  intervals (self, trace, iv);
  /* the extremes of every body in one pass over the rows */
  for (guint b = 0; b < nb; b++)
    q_min[b] = q_max[b] = lz_trace_get_q (trace, first, b);
  for (guint r = first + 1; r < n; r++)
    for (guint b = 0; b < nb; b++)
      {
        double q = lz_trace_get_q (trace, r, b);

        q_min[b] = MIN (q_min[b], q);
        q_max[b] = MAX (q_max[b], q);
      }
  for (guint e = 0; e < ne; e++)
    impacts += iv[e].impacts;
  lz_trace_get_energy (trace, first, &e0);
  lz_trace_get_energy (trace, n - 1, &e1);
  for (guint m = 0; m < self->measure_names->len; m++)
    {
      int i = self->measure_index[m];
      double x = NAN;

      switch (self->measure_kind[m])
        {
        case MEASURE_Q_END: x = lz_trace_get_q (trace, n - 1, i); break;
        case MEASURE_V_END: x = lz_trace_get_v (trace, n - 1, i); break;
        case MEASURE_Q_MIN: x = q_min[i]; break;
        case MEASURE_Q_MAX: x = q_max[i]; break;
        case MEASURE_MODE_COUNT: x = iv[i].count; break;
        case MEASURE_MODE_TIME: x = iv[i].time; break;
        case MEASURE_IMPACTS_OF: x = iv[i].impacts; break;
        case MEASURE_IMPACTS: x = impacts; break;
        case MEASURE_PERIOD: x = period (trace, first); break;
        case MEASURE_E_DAMPING: x = e1.damping - e0.damping; break;
        case MEASURE_E_FRICTION: x = e1.friction - e0.friction; break;
        case MEASURE_E_IMPACTS: x = e1.impacts - e0.impacts; break;
        case MEASURE_WHEN: x = first_time (self, trace, first); break;
        case MEASURE_STROBE_Q:
        case MEASURE_STROBE_V:
          x = value_at (trace, self->measure_kind[m] == MEASURE_STROBE_Q ? lz_trace_get_q : lz_trace_get_v,
                        i % 65536, strobe_start + (i / 65536) * strobe_period);
          break;
        default:
          g_assert_not_reached ();
        }
      measures[m] = x;
    }
}
