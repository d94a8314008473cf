/* luztar-plot-cursor.c — a live plot's cursor layer, its hover readout and picking
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-plot-private.h"
#include "sim/luztar-modes.h"

#define PICK_PX            5.0       /* how near a marker the pointer must be */

/* ------------------------------------------------------------------------ */
/* The cursor layer                                                           */

/* The row shown for time @t: the last one at or before it. */
static gboolean
row_at (LuztarPlot *self,
        double      t,
        guint      *row)
{
  guint r;

  if (self->trace == NULL || self->n_rows == 0 || !isfinite (t))
    return FALSE;
  r = MIN (lz_trace_find_time (self->trace, t), self->n_rows);
  if (r < self->n_rows && lz_trace_get_time (self->trace, r) == t)
    {
      *row = r;
      return TRUE;
    }
  if (r == 0)
    return FALSE;
  *row = r - 1;
  return TRUE;
}

/* A box of readout lines (optional colour keys) near (@x, @y), kept in the
 * plot. */
static void
draw_readout (LuztarPlot  *self,
              cairo_t     *cr,
              double       x,
              double       y,
              GPtrArray   *lines,
              const Rgb   *keys,
              const gboolean *has_key)
{
  Layout *l = &self->layout;
  double bw = 0, bh = 8, bx, by;
  int h = l->text_h;

  for (guint i = 0; i < lines->len; i++)
    {
      int w = text_width (self, g_ptr_array_index (lines, i), NULL) + (has_key[i] ? 14 : 0);

      bw = MAX (bw, w);
      bh += h + 2;
    }
  bw += 16;
  bx = x + 12;
  if (bx + bw > l->px1)
    bx = x - 12 - bw;
  bx = MAX (bx, 2);
  by = CLAMP (y - bh / 2, 2, MAX (2, l->height - bh - 2));

  rounded_rect (cr, bx, by, bw, bh, 6);
  set_rgba (cr, self->dark ? (Rgb) { 0.19, 0.19, 0.21 } : (Rgb) { 1, 1, 1 }, 0.96);
  cairo_fill_preserve (cr);
  set_rgba (cr, ink (self), 0.18);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  for (guint i = 0; i < lines->len; i++)
    {
      double ty = by + 5 + i * (h + 2);
      double tx = bx + 8;

      if (has_key[i])
        {
          cairo_arc (cr, tx + 4, ty + h / 2.0, 4, 0, 2 * G_PI);
          set_rgba (cr, keys[i], 1);
          cairo_fill (cr);
          tx += 14;
        }
      set_rgba (cr, ink (self), i == 0 ? 0.65 : 0.9);
      draw_text (self, cr, g_ptr_array_index (lines, i), tx, ty, 0, 0, FALSE);
    }
}

/* The readout of the values at time @t beside x = @x. */
static void
draw_values_at (LuztarPlot *self,
                cairo_t    *cr,
                double      t,
                double      x,
                double      y)
{
  g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func (g_free);
  Rgb keys[16];
  gboolean has_key[16] = { FALSE };
  guint row;

  if (!row_at (self, t, &row))
    return;
  /* Translators: the time in a plot's readout */
  {
    g_autofree char *time = luztar_plot_format_value (t, NULL);

    g_ptr_array_add (text, g_strdup_printf (_("t = %s s"), time));
  }
  if (self->kind == LUZTAR_PLOT_MODES)
    {
      for (guint k = 0; k < luztar_mode_timeline_get_n_strips (self->timeline) && text->len < 16; k++)
        {
          guint e = luztar_mode_timeline_get_element (self->timeline, k);
          LzMode mode = lz_trace_get_mode (self->trace, row, e);
          double rgb[3];

          luztar_mode_get_color (mode, self->dark, rgb);
          keys[text->len] = (Rgb) { rgb[0], rgb[1], rgb[2] };
          has_key[text->len] = TRUE;
          g_ptr_array_add (text, g_strdup_printf ("%s: %s", lz_trace_get_element_id (self->trace, e),
                                                  luztar_mode_get_label (mode)));
        }
    }
  else
    for (guint i = 0; i < self->lines->len && text->len < 16; i++)
      {
        Line *line = g_ptr_array_index (self->lines, i);
        g_autofree char *label = luztar_plot_series_label (self, &line->series);
        g_autofree char *value = luztar_plot_format_value (line_row_value (line, row),
                                                           luztar_plot_series_unit (self, &line->series));

        keys[text->len] = series_colour (self, line->colour);
        has_key[text->len] = self->kind != LUZTAR_PLOT_PHASE;
        g_ptr_array_add (text, g_strdup_printf ("%s: %s", label, value));
      }
  draw_readout (self, cr, x, y, text, keys, has_key);
}

static void
cursor_layer_draw (LuztarPlotLayer *layer,
                   cairo_t         *cr,
                   int              width,
                   int              height)
{
  LuztarPlot *self = layer->plot;
  Layout *l;
  guint row;

  luztar_plot_ensure_layout (self, width, height);
  l = &self->layout;
  if (!row_at (self, self->cursor, &row))
    return;
  cairo_save (cr);
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      if (self->lines->len == 2)
        {
          double x = luztar_axis_to_pixel (&l->x, line_row_value (g_ptr_array_index (self->lines, 0), row));
          double y = luztar_axis_to_pixel (&l->y, line_row_value (g_ptr_array_index (self->lines, 1), row));

          cairo_arc (cr, x, y, 5, 0, 2 * G_PI);
          set_rgba (cr, background (self), 1);
          cairo_fill_preserve (cr);
          set_rgba (cr, accent (self), 1);
          cairo_set_line_width (cr, 2.5);
          cairo_stroke (cr);
        }
    }
  else
    {
      double x = round (luztar_axis_to_pixel (&l->x, self->cursor)) + 0.5;

      if (x >= l->px0 && x <= l->px1)
        {
          cairo_move_to (cr, x, l->py0);
          cairo_line_to (cr, x, l->py1);
          set_rgba (cr, accent (self), 1);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
          for (guint i = 0; i < self->lines->len; i++)
            {
              Line *line = g_ptr_array_index (self->lines, i);
              double v = line_row_value (line, row);
              const LuztarAxis *ya = luztar_plot_line_axis (self, line);
              double y = luztar_axis_to_pixel (ya, v);

              if (!isfinite (v) || y < ya->p1 || y > ya->p0)
                continue;
              cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
              set_rgba (cr, series_colour (self, line->colour), 1);
              cairo_fill_preserve (cr);
              set_rgba (cr, background (self), 1);
              cairo_set_line_width (cr, 1.5);
              cairo_stroke (cr);
            }
        }
    }
  cairo_restore (cr);
}

const LuztarPlotLayerClass luztar_plot_cursor_layer = { "cursor", cursor_layer_draw };

/* ------------------------------------------------------------------------ */
/* Hover and picking                                                          */

/* The strip under @y, or −1. */
static int
strip_at (LuztarPlot *self,
          double      y)
{
  Layout *l = &self->layout;
  guint n = self->timeline != NULL ? luztar_mode_timeline_get_n_strips (self->timeline) : 0;
  int k;

  if (l->strip_h <= 0 || y < l->py0)
    return -1;
  k = (int) floor ((y - l->py0) / l->strip_h);
  return k < (int) n ? k : -1;
}

/* The event of strip @k whose marker is nearest pixel @x, within
 * PICK_PX, or −1. */
static int
event_near (LuztarPlot *self,
            int         k,
            double      x)
{
  Layout *l = &self->layout;
  guint ne, lo = 0, hi;
  const guint *events;
  double t = luztar_axis_to_value (&l->x, x), best = PICK_PX + 1e-9;
  int found = -1;

  if (k < 0)
    return -1;
  events = luztar_mode_timeline_get_events (self->timeline, (guint) k, &ne);
  hi = ne;
  /* the first event at or after t, by bisection: events are in time order */
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      LzEvent ev;

      lz_trace_get_event (self->trace, events[mid], &ev);
      if (ev.t < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo > 0 ? lo - 1 : 0; i < MIN (lo + 1, ne); i++)
    {
      LzEvent ev;
      double d;

      lz_trace_get_event (self->trace, events[i], &ev);
      d = fabs (luztar_axis_to_pixel (&l->x, ev.t) - x);
      if (d <= best)
        {
          best = d;
          found = (int) events[i];
        }
    }
  return found;
}

/**
 * luztar_plot_pick:
 * @self: a plot
 * @x: widget coordinate
 * @y: widget coordinate
 * @t: (out) (optional): the time under the pointer (time plots), snapped
 *   to the event when one is picked
 * @event: (out) (optional): in the mode timeline, the index of the event
 *   whose marker is within a few pixels in the strip under @y; −1 if none
 *
 * Returns: whether (@x, @y) is over the plot area
 */
gboolean
luztar_plot_pick (LuztarPlot *self,
                  double      x,
                  double      y,
                  double     *t,
                  int        *event)
{
  Layout *l;
  int ev = -1;
  double time;

  g_return_val_if_fail (LUZTAR_IS_PLOT (self), FALSE);
  l = &self->layout;
  if (event != NULL)
    *event = -1;
  if (l->serial == 0 || x < l->px0 - PICK_PX || x > l->px1 + PICK_PX || y < l->py0 || y > l->py1 + 4)
    return FALSE;
  time = luztar_axis_to_value (&l->x, CLAMP (x, l->px0, l->px1));
  if (self->kind == LUZTAR_PLOT_MODES && self->trace != NULL)
    {
      ev = event_near (self, strip_at (self, y), x);
      if (ev >= 0)
        {
          LzEvent e;

          lz_trace_get_event (self->trace, (guint) ev, &e);
          time = e.t;
        }
    }
  if (t != NULL)
    *t = time;
  if (event != NULL)
    *event = ev;
  return TRUE;
}

void
luztar_plot_draw_hover (LuztarPlot *self,
                        cairo_t    *cr)
{
  Layout *l = &self->layout;
  double t;
  int ev;

  if (!luztar_plot_pick (self, self->hover_x, self->hover_y, &t, &ev) || self->trace == NULL)
    return;
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func (g_free);
      gboolean has_key[2] = { FALSE, FALSE };
      Rgb keys[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
      g_autofree char *xl = luztar_plot_series_label (self, &self->phase_x);
      g_autofree char *yl = luztar_plot_series_label (self, &self->phase_y);
      g_autofree char *xv = luztar_plot_format_value (luztar_axis_to_value (&l->x, self->hover_x),
                                                      luztar_plot_series_unit (self, &self->phase_x));
      g_autofree char *yv = luztar_plot_format_value (luztar_axis_to_value (&l->y, self->hover_y),
                                                      luztar_plot_series_unit (self, &self->phase_y));

      g_ptr_array_add (text, g_strdup_printf ("%s: %s", xl, xv));
      g_ptr_array_add (text, g_strdup_printf ("%s: %s", yl, yv));
      draw_readout (self, cr, self->hover_x, self->hover_y, text, keys, has_key);
      return;
    }

  {
    double x = round (luztar_axis_to_pixel (&l->x, t)) + 0.5;

    cairo_move_to (cr, x, l->py0);
    cairo_line_to (cr, x, l->py1);
    set_rgba (cr, ink (self), 0.35);
    cairo_set_line_width (cr, 1);
    cairo_stroke (cr);
  }
  if (ev >= 0)
    {
      g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func (g_free);
      gboolean has_key[1] = { FALSE };
      Rgb keys[1] = { { 0, 0, 0 } };
      LzEvent e;

      lz_trace_get_event (self->trace, (guint) ev, &e);
      g_ptr_array_add (text, luztar_event_describe (&e, lz_trace_get_element_id (self->trace, e.element)));
      draw_readout (self, cr, self->hover_x, self->hover_y, text, keys, has_key);
      return;
    }
  draw_values_at (self, cr, t, self->hover_x, self->hover_y);
}

