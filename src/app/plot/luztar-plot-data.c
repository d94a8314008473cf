/* luztar-plot-data.c — a live plot's data layer: time series as pixel columns, the phase trajectory, mode strips, marks
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "luztar-plot-private.h"
#include "luztar-plot-extras.h"
#include "sim/luztar-modes.h"

/* ------------------------------------------------------------------------ */
/* The data layer                                                             */

/* Brings the pixel columns of @line up to date for the current layout and
 * rows: all of them after a change of range or size, otherwise only those
 * the new rows fell into. */
static void
line_sync_columns (LuztarPlot *self,
                   Line       *line)
{
  Layout *l = &self->layout;
  guint n_cols = (guint) MAX (1, ceil (l->px1 - l->px0));
  guint c_from = 0, c_to;
  guint n = self->n_rows;

  if (line->key_lo != l->x.lo || line->key_hi != l->x.hi || line->key_px0 != l->px0
      || line->key_px1 != l->px1 || line->columns->len != n_cols || line->key_rows > n)
    {
      g_array_set_size (line->columns, n_cols);
      memset (line->columns->data, 0, sizeof (Column) * n_cols);
      line->key_rows = 0;
      line->key_lo = l->x.lo;
      line->key_hi = l->x.hi;
      line->key_px0 = l->px0;
      line->key_px1 = l->px1;
    }
  if (line->key_rows == n)
    return;
  if (line->key_rows > 0)
    {
      double t = lz_trace_get_time (line->trace, line->key_rows - 1);
      double c = floor (luztar_axis_to_pixel (&l->x, t) - l->px0);

      if (c >= n_cols)
        {
          line->key_rows = n;
          return;
        }
      c_from = (guint) MAX (c, 0);
    }
  {
    double t = lz_trace_get_time (line->trace, n - 1);
    double c = floor (luztar_axis_to_pixel (&l->x, t) - l->px0);

    if (c < 0)
      {
        line->key_rows = n;
        return;
      }
    c_to = (guint) MIN (c, n_cols - 1);
  }
  for (guint c = c_from; c <= c_to; c++)
    {
      Column *col = &g_array_index (line->columns, Column, c);
      double ta = luztar_axis_to_value (&l->x, l->px0 + c);
      double tb = luztar_axis_to_value (&l->x, l->px0 + c + 1);
      guint a = MIN (lz_trace_find_time (line->trace, ta), n);
      guint b = MIN (lz_trace_find_time (line->trace, tb), n);
      double mn, mx;

      col->n = b > a ? b - a : 0;
      if (col->n == 0)
        continue;
      col->first = (float) line_row_value (line, a);
      col->last = (float) line_row_value (line, b - 1);
      if (!luztar_minmax_index_query (line->index, a, b, &mn, &mx))
        mn = mx = NAN;
      col->min = (float) mn;
      col->max = (float) mx;
    }
  line->key_rows = n;
}

/* Fills the band of each run of columns that have finite values: along
 * their maxima left to right, back along their minima. */
static void
line_fill_band (LuztarPlot       *self,
                Line             *line,
                cairo_t          *cr,
                const LuztarAxis *ya)
{
  Layout *l = &self->layout;
  const Column *cols = (const Column *) (const void *) line->columns->data;
  guint n = line->columns->len;
  double hw = line->dashed ? 0.75 : 0.875;
  Rgb colour = series_colour (self, line->colour);

  for (guint c = 0; c < n;)
    {
      guint first, last;

      if (cols[c].n == 0 || !isfinite (cols[c].min) || !isfinite (cols[c].first) || !isfinite (cols[c].last))
        {
          c++;
          continue;
        }
      /* a run: columns with values, empty ones between them bridged */
      first = last = c;
      for (guint d = c + 1; d < n; d++)
        {
          if (cols[d].n == 0)
            continue;
          if (!isfinite (cols[d].min) || !isfinite (cols[d].first) || !isfinite (cols[d].last))
            break;
          last = d;
        }
      /* A jump between two columns (a force switching at a stick-slip
       * event) belongs to both: each column reaches to the first value of
       * the next one with values. */
      for (guint d = first, next = first; d <= last; d++)
        {
          double top;

          if (cols[d].n == 0)
            continue;
          for (next = d + 1; next <= last && cols[next].n == 0; next++)
            ;
          top = luztar_axis_to_pixel (ya, next <= last ? MAX (cols[d].max, cols[next].first) : cols[d].max) - hw;
          if (d == first)
            cairo_move_to (cr, l->px0 + d, top);
          cairo_line_to (cr, l->px0 + d + 0.5, top);
          if (d == last)
            cairo_line_to (cr, l->px0 + d + 1, top);
        }
      for (guint d = last + 1; d-- > first;)
        {
          guint next;
          double bottom;

          if (cols[d].n == 0)
            continue;
          for (next = d + 1; next <= last && cols[next].n == 0; next++)
            ;
          bottom = luztar_axis_to_pixel (ya, next <= last ? MIN (cols[d].min, cols[next].first) : cols[d].min) + hw;
          if (d == last)
            cairo_line_to (cr, l->px0 + d + 1, bottom);
          cairo_line_to (cr, l->px0 + d + 0.5, bottom);
          if (d == first)
            cairo_line_to (cr, l->px0 + d, bottom);
        }
      cairo_close_path (cr);
      c = last + 1;
    }
  set_rgba (cr, colour, line->dashed ? 0.8 : 1);
  cairo_fill (cr);
}

/* Where a line's values go: its panel's axis, the right or the left one. */
const LuztarAxis *
luztar_plot_line_axis (LuztarPlot *self,
                       const Line *line)
{
  if (self->panels.n > 0)
    return &self->panels.axis[MIN (line->panel, self->panels.n - 1)];
  return line->right ? &self->layout.y2 : &self->layout.y;
}

/* Few rows: a path through every one of rows [@r0, @r1). */
static void
path_rows (LuztarPlot       *self,
           Line             *line,
           cairo_t          *cr,
           const LuztarAxis *ya,
           guint             r0,
           guint             r1)
{
  Layout *l = &self->layout;
  gboolean pen = FALSE;

  for (guint r = r0; r < r1; r++)
    {
      double v = line_row_value (line, r);
      double x, y;

      if (!isfinite (v))
        {
          pen = FALSE;
          continue;
        }
      x = luztar_axis_to_pixel (&l->x, lz_trace_get_time (line->trace, r));
      y = luztar_axis_to_pixel (ya, v);
      if (pen)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      pen = TRUE;
    }
}

/* A dashed line of many rows (the balance error, a slow drift) keeps its
 * dashes: a path through each column's first, extreme and last values;
 * column c spans [@x0 + c, @x0 + c + 1). */
static void
path_columns (const Line       *line,
              cairo_t          *cr,
              const LuztarAxis *ya,
              double            x0)
{
  gboolean pen = FALSE;

  for (guint c = 0; c < line->columns->len; c++)
    {
      const Column *col = &g_array_index (line->columns, Column, c);
      double x = x0 + c + 0.5;

      if (col->n == 0)
        continue;
      if (!isfinite (col->min) || !isfinite (col->first) || !isfinite (col->last))
        {
          pen = FALSE;
          continue;
        }
      if (pen)
        cairo_line_to (cr, x, luztar_axis_to_pixel (ya, col->first));
      else
        cairo_move_to (cr, x, luztar_axis_to_pixel (ya, col->first));
      if (col->min < MIN (col->first, col->last))
        cairo_line_to (cr, x, luztar_axis_to_pixel (ya, col->min));
      if (col->max > MAX (col->first, col->last))
        cairo_line_to (cr, x, luztar_axis_to_pixel (ya, col->max));
      cairo_line_to (cr, x, luztar_axis_to_pixel (ya, col->last));
      pen = TRUE;
    }
}

static void
line_draw (LuztarPlot *self,
           Line       *line,
           cairo_t    *cr)
{
  static const double dash[] = { 5, 3 };
  Layout *l = &self->layout;
  const LuztarAxis *ya = luztar_plot_line_axis (self, line);
  guint r0, r1;

  luztar_plot_visible_rows (self, l->x.lo, l->x.hi, &r0, &r1);
  if (r1 <= r0)
    return;

  if (r1 - r0 <= 2 * (l->px1 - l->px0))
    path_rows (self, line, cr, ya, r0, r1);
  else
    {
      /* Many rows: a band from the smallest to the largest value of each
       * pixel column (with the first and last values, which join the
       * columns), widened by half a line on each side and filled.
       * Stroking the zig-zag of a dense signal instead makes cairo's
       * stroker tessellate thousands of overlapping segments, far too slow
       * for a frame (300 ms against 2 ms); a filled band is one simple
       * polygon per run of columns, whatever the signal. */
      line_sync_columns (self, line);
      if (!line->dashed)
        {
          line_fill_band (self, line, cr, ya);
          return;
        }
      path_columns (line, cr, ya, l->px0);
    }
  cairo_set_dash (cr, dash, line->dashed ? 2 : 0, 0);
  cairo_set_line_width (cr, (line->dashed ? 1.5 : 1.75) * self->emphasis);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_rgba (cr, series_colour (self, line->colour), 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The phase trajectory of rows [from, to), coloured by mode: a run of
 * segments in one mode is one path.  Points closer than half a pixel to
 * the last one drawn are skipped (a million rows are mostly that). */
static void
phase_draw_rows (LuztarPlot *self,
                 cairo_t    *cr,
                 double      ox,
                 double      oy,
                 guint       from,
                 guint       to,
                 double     *last_x,
                 double     *last_y)
{
  Layout *l = &self->layout;
  Line *lx = g_ptr_array_index (self->lines, 0), *ly = g_ptr_array_index (self->lines, 1);
  LzMode current = LZ_MODE_N_MODES;
  gboolean pen = isfinite (*last_x);
  double x = *last_x, y = *last_y;
  /* a run that stays on one spot (stick: v = 0, q fixed) is a dot */
  double sx = x, sy = y;
  gboolean still = TRUE;

  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint r = from; r < to; r++)
    {
      double px = luztar_axis_to_pixel (&l->x, line_row_value (lx, r)) - ox;
      double py = luztar_axis_to_pixel (&l->y, line_row_value (ly, r)) - oy;
      LzMode mode = self->mode_element >= 0
                    ? lz_trace_get_mode (self->trace, r, (guint) self->mode_element) : LZ_MODE_NONE;

      if (!isfinite (px) || !isfinite (py))
        {
          pen = FALSE;
          continue;
        }
      if (mode != current)
        {
          if (current != LZ_MODE_N_MODES)
            {
              /* the run so far in its colour; the next starts where it ended */
              if (pen)
                cairo_line_to (cr, px, py);
              cairo_stroke (cr);
              if (still && isfinite (sx) && self->mode_element >= 0)
                {
                  cairo_arc (cr, sx, sy, 3, 0, 2 * G_PI);
                  cairo_fill (cr);
                }
            }
          sx = pen ? x : px;
          sy = pen ? y : py;
          still = TRUE;
          if (self->mode_element >= 0)
            {
              double rgb[3];

              luztar_mode_get_color (mode, self->dark, rgb);
              cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
            }
          else
            set_rgba (cr, series_colour (self, 0), 1);
          current = mode;
          if (pen)
            cairo_move_to (cr, x, y);
        }
      if (!pen)
        {
          cairo_move_to (cr, px, py);
          x = px;
          y = py;
          pen = TRUE;
          continue;
        }
      if (fabs (px - sx) > 1 || fabs (py - sy) > 1)
        still = FALSE;
      if (fabs (px - x) < 0.5 && fabs (py - y) < 0.5 && r + 1 < to)
        continue;
      cairo_line_to (cr, px, py);
      x = px;
      y = py;
    }
  if (current != LZ_MODE_N_MODES)
    cairo_stroke (cr);
  *last_x = pen ? x : NAN;
  *last_y = pen ? y : NAN;
}

/* Brings the cached image of the trajectory up to date, within @budget_us
 * (< 0: all of it); returns whether it is complete. */
gboolean
luztar_plot_phase_sync (LuztarPlot *self,
                        int         scale,
                        gint64      budget_us)
{
  Layout *l = &self->layout;
  int w = (int) ceil (l->px1 - l->px0), h = (int) ceil (l->py1 - l->py0);
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr;

  if (self->lines->len != 2 || w <= 0 || h <= 0)
    return TRUE;
  if (self->phase_surface == NULL || self->phase_serial != l->serial
      || cairo_image_surface_get_width (self->phase_surface) != w * scale
      || cairo_image_surface_get_height (self->phase_surface) != h * scale)
    {
      g_clear_pointer (&self->phase_surface, cairo_surface_destroy);
      self->phase_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * scale, h * scale);
      cairo_surface_set_device_scale (self->phase_surface, scale, scale);
      self->phase_serial = l->serial;
      self->phase_drawn = 0;
      self->phase_last_x = self->phase_last_y = NAN;
    }
  if (self->phase_drawn >= self->n_rows)
    return TRUE;
  cr = cairo_create (self->phase_surface);
  while (self->phase_drawn < self->n_rows)
    {
      guint to = MIN (self->n_rows, self->phase_drawn + ROWS_PER_CHUNK);

      phase_draw_rows (self, cr, l->px0, l->py0, self->phase_drawn > 0 ? self->phase_drawn : 0, to,
                       &self->phase_last_x, &self->phase_last_y);
      self->phase_drawn = to;
      if (budget_us >= 0 && g_get_monotonic_time () - start >= budget_us)
        break;
    }
  cairo_destroy (cr);
  return self->phase_drawn >= self->n_rows;
}

static void
modes_draw (LuztarPlot *self,
            cairo_t    *cr)
{
  Layout *l = &self->layout;
  guint n = luztar_mode_timeline_get_n_strips (self->timeline);

  for (guint k = 0; k < n; k++)
    {
      guint element = luztar_mode_timeline_get_element (self->timeline, k);
      double y0 = l->py0 + k * l->strip_h + 2, h = l->strip_h - 4;
      guint ni, ne;
      const LuztarModeInterval *iv = luztar_mode_timeline_get_intervals (self->timeline, k, &ni);
      const guint *events = luztar_mode_timeline_get_events (self->timeline, k, &ne);
      double last_px = -INFINITY;

      /* the element's id at the left of its strip */
      set_rgba (cr, ink (self), 0.8);
      draw_text (self, cr, lz_trace_get_element_id (self->trace, element), l->px0 - 8, y0 + h / 2, 1, 0.5, FALSE);

      cairo_save (cr);
      cairo_rectangle (cr, l->px0, y0, l->px1 - l->px0, h);
      cairo_clip (cr);
      set_rgba (cr, ink (self), self->dark ? 0.06 : 0.04);
      cairo_paint (cr);
      /* the intervals, skipping those that would paint the same pixel
       * column again (thousands of short ones when zoomed out) */
      for (guint i = 0; i < ni; i++)
        {
          double a = luztar_axis_to_pixel (&l->x, iv[i].t0), b = luztar_axis_to_pixel (&l->x, iv[i].t1);
          double rgb[3];

          if (b < l->px0 || a > l->px1)
            continue;
          if (b - a < 1 && floor (a) == floor (last_px))
            continue;
          last_px = a;
          luztar_mode_get_color (iv[i].mode, self->dark, rgb);
          cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], iv[i].mode == LZ_MODE_FREE
                                 || iv[i].mode == LZ_MODE_GAP ? 0.45 : 0.9);
          cairo_rectangle (cr, floor (a), y0, MAX (ceil (b) - floor (a), 1), h);
          cairo_fill (cr);
        }
      /* the events: a tick at the bottom of the strip, one per pixel */
      last_px = -INFINITY;
      for (guint i = 0; i < ne; i++)
        {
          LzEvent ev;
          double x;

          lz_trace_get_event (self->trace, events[i], &ev);
          x = round (luztar_axis_to_pixel (&l->x, ev.t)) + 0.5;
          if (x < l->px0 || x > l->px1 || x == last_px)
            continue;
          last_px = x;
          cairo_move_to (cr, x, y0 + h);
          cairo_line_to (cr, x, y0 + h - MIN (6, h / 2));
        }
      set_rgba (cr, ink (self), 0.75);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* The marked instants: dashed vertical lines, each with its text at the
 * top (beside the line, on the side with room). */
static void
draw_marks (LuztarPlot *self,
            cairo_t    *cr)
{
  Layout *l = &self->layout;

  if (self->marks->len == 0 || !is_time_kind (self->kind))
    return;
  cairo_save (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, (double[]) { 5, 4 }, 2, 0);
  for (guint i = 0; i < self->marks->len; i++)
    {
      double t = g_array_index (self->marks, double, i);
      double x = round (luztar_axis_to_pixel (&l->x, t)) + 0.5;
      const char *text = i < self->mark_texts->len ? g_ptr_array_index (self->mark_texts, i) : NULL;

      if (x < l->px0 || x > l->px1)
        continue;
      set_rgba (cr, mark_colour (self), 0.85);
      cairo_move_to (cr, x, l->py0);
      cairo_line_to (cr, x, l->py1);
      cairo_stroke (cr);
      if (text != NULL && *text != '\0')
        {
          gboolean left = x > (l->px0 + l->px1) / 2;

          set_rgba (cr, mark_colour (self), 1);
          draw_text (self, cr, text, left ? x - 4 : x + 4, l->py0 + 3, left ? 1 : 0, 0, FALSE);
        }
    }
  cairo_restore (cr);
}

static void
data_layer_draw (LuztarPlotLayer *layer,
                 cairo_t         *cr,
                 int              width,
                 int              height)
{
  LuztarPlot *self = layer->plot;
  Layout *l;

  luztar_plot_ensure_layout (self, width, height);
  l = &self->layout;
  if (self->trace == NULL || self->n_rows == 0)
    return;

  cairo_save (cr);
  if (self->kind == LUZTAR_PLOT_MODES)
    {
      modes_draw (self, cr);
      cairo_restore (cr);
      return;
    }
  cairo_rectangle (cr, l->px0, l->py0, l->px1 - l->px0, l->py1 - l->py0);
  cairo_clip (cr);
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      if (self->lines->len == 2)
        {
          if (!self->exporting && self->phase_surface != NULL && self->phase_serial == l->serial)
            {
              cairo_set_source_surface (cr, self->phase_surface, l->px0, l->py0);
              cairo_paint (cr);
            }
          else
            {
              double lx = NAN, ly = NAN;

              phase_draw_rows (self, cr, 0, 0, 0, self->n_rows, &lx, &ly);
            }
        }
    }
  else
    {
      if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->any_stick && self->timeline != NULL)
        luztar_plot_shade_sticks (cr, self->timeline, self->stick_wanted, self->n_stick_wanted,
                                  &l->x, l->py0, l->py1, self->dark);
      draw_marks (self, cr);
      /* the first series on top */
      for (guint i = self->lines->len; i-- > 0;)
        line_draw (self, g_ptr_array_index (self->lines, i), cr);
    }
  cairo_restore (cr);
}

const LuztarPlotLayerClass luztar_plot_data_layer = { "data", data_layer_draw };
