/* luztar-plot-lines.c — what a live plot shows: its lines, their axes, ranges and the rows taken
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-plot-private.h"
#include "luztar-plot-extras.h"

/* The half-height of the balance error's axis while the error is exactly
 * zero (J): a range of zero width would have no ticks. */
#define BALANCE_AXIS_MIN 1e-12

/* ------------------------------------------------------------------------ */
/* Lines                                                                      */

static Line *
line_new (LzTrace            *trace,
          const LuztarSeries *series,
          guint               colour)
{
  Line *line = g_new0 (Line, 1);

  line->series = *series;
  line->trace = trace;
  line->index = luztar_minmax_index_new (line_row_value, line);
  line->colour = colour;
  line->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  line->key_rows = 0;
  return line;
}

void
luztar_plot_line_free (gpointer data)
{
  Line *line = data;

  luztar_minmax_index_free (line->index);
  g_array_unref (line->columns);
  g_free (line);
}

/* ------------------------------------------------------------------------ */
/* What is shown                                                              */

const char *
luztar_plot_series_unit (LuztarPlot         *self,
                         const LuztarSeries *series)
{
  return luztar_series_get_unit (series, self->model);
}

char *
luztar_plot_series_label (LuztarPlot         *self,
                          const LuztarSeries *series)
{
  if (self->trace != NULL && luztar_series_is_valid (series, self->trace))
    return luztar_series_dup_label (series, self->trace);
  return luztar_series_dup_label_for_id (series, NULL);
}

/* A screen reader hears the y-axes' titles: left and right, or the stacked
 * panels' from the top. */
static void
describe_axes (LuztarPlot *self)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;
  g_autofree char *text = NULL;

  for (guint k = 0; k < (self->panels.n > 0 ? self->panels.n : 1u + self->two_units); k++)
    g_ptr_array_add (titles, luztar_plot_y_title (self, self->panels.n > 0 ? AXIS_PANEL + (int) k : (int) k));
  g_ptr_array_add (titles, NULL);
  joined = g_strjoinv ("; ", (char **) titles->pdata);
  /* Translators: a time plot's description for screen readers: its y-axes' titles */
  text = g_strdup_printf (ngettext ("Axis: %s", "Axes: %s", titles->len - 1), joined);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* A time series: one axis per unit (the second on the right), and the
 * friction elements whose sticking is shaded (luztar-plot-extras.c). */
static void
assign_axes_and_sticks (LuztarPlot *self)
{
  guint n = self->lines->len;
  g_autofree const char **units = g_new0 (const char *, MAX (n, 1));
  g_autofree gboolean *right = g_new0 (gboolean, MAX (n, 1));
  g_autofree guint *panel_of = g_new0 (guint, MAX (n, 1));
  g_autofree LuztarSeries *series = g_new0 (LuztarSeries, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      series[i] = ((Line *) g_ptr_array_index (self->lines, i))->series;
      units[i] = luztar_plot_series_unit (self, &series[i]);
    }
  self->two_units = luztar_plot_assign_axes (units, n, right) > 1;
  /* from three units on, a panel each instead of two axes */
  if (luztar_plot_panels_assign (&self->panels, units, n, panel_of) > 0)
    self->two_units = FALSE;
  for (guint i = 0; i < n; i++)
    {
      ((Line *) g_ptr_array_index (self->lines, i))->right = right[i] && self->panels.n == 0;
      ((Line *) g_ptr_array_index (self->lines, i))->panel = panel_of[i];
    }
  g_clear_pointer (&self->stick_wanted, g_free);
  self->n_stick_wanted = 0;
  self->any_stick = FALSE;
  if (self->model != NULL && self->trace != NULL
      && lz_model_get_n_elements (self->model) == lz_trace_get_n_elements (self->trace))
    {
      self->n_stick_wanted = lz_model_get_n_elements (self->model);
      self->stick_wanted = g_new0 (gboolean, MAX (self->n_stick_wanted, 1));
      self->any_stick = luztar_plot_stick_elements (self->model, series, n, self->stick_wanted);
    }
  if (self->kind == LUZTAR_PLOT_TIME_SERIES)
    describe_axes (self);
}

/* Rebuilds the lines from the trace and the chosen variables. */
void
luztar_plot_rebuild_lines (LuztarPlot *self)
{
  g_ptr_array_set_size (self->lines, 0);
  self->n_rows = 0;
  self->ranges_valid = FALSE;
  self->phase_drawn = 0;
  self->phase_serial = 0;
  self->phase_modes_seen = 0;
  self->phase_events = 0;
  self->numerical_shown = FALSE;
  self->two_units = FALSE;
  self->any_stick = FALSE;
  if (self->timeline != NULL)
    luztar_mode_timeline_reset (self->timeline);
  if (self->trace == NULL)
    return;

  switch (self->kind)
    {
    case LUZTAR_PLOT_TIME_SERIES:
      for (guint i = 0; i < self->series->len; i++)
        {
          const LuztarSeries *s = &g_array_index (self->series, LuztarSeries, i);

          if (luztar_series_is_valid (s, self->trace))
            g_ptr_array_add (self->lines, line_new (self->trace, s, i));
        }
      assign_axes_and_sticks (self);
      break;
    case LUZTAR_PLOT_PHASE:
      if (luztar_series_is_valid (&self->phase_x, self->trace)
          && luztar_series_is_valid (&self->phase_y, self->trace))
        {
          g_ptr_array_add (self->lines, line_new (self->trace, &self->phase_x, 0));
          g_ptr_array_add (self->lines, line_new (self->trace, &self->phase_y, 1));
        }
      break;
    case LUZTAR_PLOT_ENERGY:
      {
        static const LuztarSeriesKind kinds[] = {
          LUZTAR_SERIES_ENERGY_KINETIC, LUZTAR_SERIES_ENERGY_POTENTIAL,
          LUZTAR_SERIES_ENERGY_DISSIPATED, LUZTAR_SERIES_ENERGY_SOURCES,
          LUZTAR_SERIES_ENERGY_BALANCE_ERROR,
        };
        static const guint colours[] = { 0, 2, 3, 5, 4 };

        for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
          {
            LuztarSeries s = { kinds[i], 0 };
            Line *line = line_new (self->trace, &s, colours[i]);

            line->right = kinds[i] == LUZTAR_SERIES_ENERGY_BALANCE_ERROR;
            line->dashed = line->right;
            g_ptr_array_add (self->lines, line);
          }
      }
      break;
    case LUZTAR_PLOT_MODES:
    default:
      break;
    }
}

/* ------------------------------------------------------------------------ */
/* Ranges                                                                     */

/* The rows with times in [lo, hi], one more on each side (so a line runs
 * to the edge), within the rows taken. */
void
luztar_plot_visible_rows (LuztarPlot *self,
                          double      lo,
                          double      hi,
                          guint      *r0,
                          guint      *r1)
{
  guint a = lz_trace_find_time (self->trace, lo), b = lz_trace_find_time (self->trace, hi);

  a = MIN (a, self->n_rows);
  b = MIN (b, self->n_rows);
  *r0 = a > 0 ? a - 1 : 0;
  *r1 = MIN (b + 1, self->n_rows);
}

static gboolean
data_range (LuztarPlot *self,
            int         axis,
            guint       r0,
            guint       r1,
            double     *dmin,
            double     *dmax)
{
  gboolean any = FALSE;

  *dmin = INFINITY;
  *dmax = -INFINITY;
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = g_ptr_array_index (self->lines, i);
      double a, b;

      if (!on_axis (line, axis))
        continue;
      if (luztar_minmax_index_query (line->index, r0, r1, &a, &b))
        {
          *dmin = MIN (*dmin, a);
          *dmax = MAX (*dmax, b);
          any = TRUE;
        }
    }
  return any;
}

/* No rows: the time range set (else 0 to 1) and unit value ranges. */
static void
autoscale_empty (LuztarPlot *self)
{
  if (self->x_auto)
    {
      self->x_lo = self->have_time_range ? self->t0 : 0;
      self->x_hi = self->have_time_range ? self->t1 : 1;
    }
  if (self->y_auto)
    {
      self->y_lo = self->y2_lo = 0;
      self->y_hi = self->y2_hi = 1;
      if (self->kind == LUZTAR_PLOT_PHASE && self->x_auto)
        self->x_hi = 1;
    }
  self->ranges_valid = FALSE;
}

/* The time axis: the time range set, else the rows' span (while live,
 * grown in steps so that the axis is not redrawn every frame). */
static void
autoscale_time (LuztarPlot *self,
                gboolean    valid)
{
  double first = lz_trace_get_time (self->trace, 0);
  double last = lz_trace_get_time (self->trace, self->n_rows - 1);

  if (self->have_time_range)
    {
      self->x_lo = self->t0;
      self->x_hi = self->t1;
      return;
    }
  if (!(last > first))
    last = first + 1;
  if (!self->live)
    {
      self->x_lo = first;
      self->x_hi = last;
    }
  else if (!valid || self->x_lo != first || last > self->x_hi)
    {
      double lo, hi;

      luztar_plot_nice_range (0, (last - first) * 1.25, 0, &lo, &hi);
      self->x_lo = first;
      self->x_hi = first + hi;
    }
}

/* The value axes of a plot over time: the data of the rows shown, on the
 * left axis, each panel and the right axis. */
static void
autoscale_values (LuztarPlot *self,
                  gboolean    valid)
{
  guint r0, r1;
  double dmin, dmax;

  luztar_plot_visible_rows (self, self->x_lo, self->x_hi, &r0, &r1);
  if (data_range (self, AXIS_LEFT, r0, r1, &dmin, &dmax))
    luztar_plot_settle_range (&self->y_lo, &self->y_hi, dmin, dmax, self->live, valid);
  for (guint k = 0; k < self->panels.n; k++)
    if (data_range (self, AXIS_PANEL + k, r0, r1, &dmin, &dmax))
      luztar_plot_settle_range (&self->panels.lo[k], &self->panels.hi[k], dmin, dmax, self->live,
                                valid && self->panels.valid);
  self->panels.valid = self->panels.n > 0;
  if (data_range (self, AXIS_RIGHT, r0, r1, &dmin, &dmax) && self->kind != LUZTAR_PLOT_ENERGY)
    luztar_plot_settle_range (&self->y2_lo, &self->y2_hi, dmin, dmax, self->live, valid);
  else if (data_range (self, AXIS_RIGHT, r0, r1, &dmin, &dmax))
    {
      /* the balance error: symmetric about zero, so its sign reads at once */
      double m = MAX (fabs (dmin), fabs (dmax));

      if (m == 0)
        m = BALANCE_AXIS_MIN;
      luztar_plot_settle_range (&self->y2_lo, &self->y2_hi, -m, m, self->live, valid);
    }
}

/* Recomputes the autoscaled ranges; returns whether any changed. */
gboolean
luztar_plot_autoscale (LuztarPlot *self)
{
  double old[6] = { self->x_lo, self->x_hi, self->y_lo, self->y_hi, self->y2_lo, self->y2_hi };
  LuztarPlotPanels was = self->panels;
  gboolean valid = self->ranges_valid;
  guint n = self->n_rows;

  if (self->trace == NULL || n == 0)
    {
      autoscale_empty (self);
      return memcmp (old, (double[6]) { self->x_lo, self->x_hi, self->y_lo, self->y_hi,
                                        self->y2_lo, self->y2_hi }, sizeof old) != 0;
    }

  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      double dmin, dmax;

      if (self->lines->len == 2)
        {
          Line *lx = g_ptr_array_index (self->lines, 0), *ly = g_ptr_array_index (self->lines, 1);

          if (self->x_auto && luztar_minmax_index_query (lx->index, 0, n, &dmin, &dmax))
            luztar_plot_settle_range (&self->x_lo, &self->x_hi, dmin, dmax, self->live, valid);
          if (self->y_auto && luztar_minmax_index_query (ly->index, 0, n, &dmin, &dmax))
            luztar_plot_settle_range (&self->y_lo, &self->y_hi, dmin, dmax, self->live, valid);
        }
    }
  else
    {
      if (self->x_auto)
        autoscale_time (self, valid);
      if (self->y_auto && self->kind != LUZTAR_PLOT_MODES)
        autoscale_values (self, valid);
    }
  self->ranges_valid = TRUE;
  return memcmp (was.lo, self->panels.lo, sizeof was.lo) != 0 || memcmp (was.hi, self->panels.hi, sizeof was.hi) != 0
         || memcmp (old, (double[6]) { self->x_lo, self->x_hi, self->y_lo, self->y_hi,
                                    self->y2_lo, self->y2_hi }, sizeof old) != 0;
}

/* Extends the lines' min/max indexes to the rows available, a chunk at a
 * time, until @budget_us (< 0: no limit) is spent; returns whether rows
 * were taken. */
static gboolean
take_rows (LuztarPlot *self,
           gint64      budget_us)
{
  gint64 start = g_get_monotonic_time ();
  guint n_avail = lz_trace_get_n_samples (self->trace);
  gboolean changed = FALSE;

  if (self->lines->len == 0)
    {
      changed = self->n_rows != n_avail;
      self->n_rows = n_avail;
    }
  while (self->lines->len > 0 && self->n_rows < n_avail)
    {
      guint next = n_avail - self->n_rows > ROWS_PER_CHUNK ? self->n_rows + ROWS_PER_CHUNK : n_avail;

      for (guint i = 0; i < self->lines->len; i++)
        luztar_minmax_index_extend (((Line *) g_ptr_array_index (self->lines, i))->index, next);
      self->n_rows = next;
      changed = TRUE;
      if (budget_us >= 0 && g_get_monotonic_time () - start >= budget_us)
        break;
    }
  return changed;
}

/* Time-stepping with θ > ½ takes energy of its own: its line (and legend
 * entry) from the first row that shows some. */
static gboolean
show_numerical (LuztarPlot *self)
{
  LzEnergy energy;
  LuztarSeries s = { LUZTAR_SERIES_ENERGY_NUMERICAL, 0 };
  Line *line;

  lz_trace_get_energy (self->trace, self->n_rows - 1, &energy);
  if (energy.numerical == 0)
    return FALSE;
  line = line_new (self->trace, &s, 1);
  luztar_minmax_index_extend (line->index, self->n_rows);
  g_ptr_array_add (self->lines, line);
  self->numerical_shown = TRUE;
  self->ranges_valid = FALSE;
  luztar_plot_invalidate (self);
  return TRUE;
}

/* The mode timeline from the new events; a new strip or a new mode in
 * the legend lays the plot out again. */
static gboolean
update_timeline (LuztarPlot *self)
{
  guint strips = luztar_mode_timeline_get_n_strips (self->timeline);
  guint modes = luztar_mode_timeline_get_modes_present (self->timeline);
  gboolean changed = luztar_mode_timeline_update (self->timeline, self->trace, self->n_rows,
                                                  lz_trace_get_n_events (self->trace));

  if (strips != luztar_mode_timeline_get_n_strips (self->timeline)
      || modes != luztar_mode_timeline_get_modes_present (self->timeline))
    luztar_plot_invalidate (self);
  return changed;
}

/* The modes of a phase portrait's colouring element, for the legend: its
 * mode at row 0 and the new modes of its events. */
static gboolean
update_phase_modes (LuztarPlot *self)
{
  guint modes = self->phase_modes_seen;
  guint n_events = lz_trace_get_n_events (self->trace);

  modes |= 1u << lz_trace_get_mode (self->trace, 0, (guint) self->mode_element);
  for (; self->phase_events < n_events; self->phase_events++)
    {
      LzEvent ev;

      lz_trace_get_event (self->trace, self->phase_events, &ev);
      if (ev.element == (guint) self->mode_element)
        modes |= 1u << MIN (ev.to, LZ_MODE_N_MODES - 1);
    }
  if (modes == self->phase_modes_seen)
    return FALSE;
  self->phase_modes_seen = modes;
  luztar_plot_invalidate (self);
  return TRUE;
}

/* Takes new rows of the trace: at most @budget_us of work (< 0: all). */
gboolean
luztar_plot_update_data (LuztarPlot *self,
                         gint64      budget_us)
{
  gboolean changed;

  if (self->trace == NULL)
    return luztar_plot_autoscale (self);

  changed = take_rows (self, budget_us);
  if (self->kind == LUZTAR_PLOT_ENERGY && !self->numerical_shown && self->n_rows > 0)
    changed |= show_numerical (self);
  if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->any_stick)
    changed |= luztar_mode_timeline_update (self->timeline, self->trace, self->n_rows,
                                            lz_trace_get_n_events (self->trace));
  if (self->kind == LUZTAR_PLOT_MODES)
    changed |= update_timeline (self);
  if (self->kind == LUZTAR_PLOT_PHASE && self->mode_element >= 0 && self->n_rows > 0)
    changed |= update_phase_modes (self);
  if (luztar_plot_autoscale (self))
    {
      luztar_plot_invalidate (self);
      changed = TRUE;
    }
  return changed;
}

