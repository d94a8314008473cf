/* luztar-plot-frame.c — a live plot's layout and its frame layer: grid, ticks, axis titles, legend
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-plot-private.h"
#include "sim/luztar-modes.h"

#define STRIP_MAX_H        40.0      /* a mode timeline's strips at the most */

/* ------------------------------------------------------------------------ */
/* Layout                                                                     */

static char *
time_title (void)
{
  /* Translators: the title of a time axis; (s) is the unit */
  return g_strdup (_("Time (s)"));
}

/* The title of an axis: the one variable with its unit, or the units of
 * several. */
char *
luztar_plot_y_title (LuztarPlot *self,
                     int         axis)
{
  g_autoptr(GPtrArray) labels = NULL;
  g_autoptr(GPtrArray) units = NULL;

  if (axis == AXIS_LEFT && self->y_title_text != NULL)
    return g_strdup (self->y_title_text);
  if (self->kind == LUZTAR_PLOT_PHASE && self->lines->len == 0)
    return g_strdup ("");   /* nothing chosen: no title */
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      g_autofree char *label = luztar_plot_series_label (self, &self->phase_y);

      return g_strdup_printf ("%s (%s)", label, luztar_plot_series_unit (self, &self->phase_y));
    }
  if (self->kind == LUZTAR_PLOT_ENERGY)
    {
      if (axis == AXIS_RIGHT)
        {
          /* Translators: the title of the right axis of the energy plot */
          return g_strdup (_("Balance error (J)"));
        }
      /* Translators: the title of the left axis of the energy plot */
      return g_strdup (_("Energy (J)"));
    }
  labels = g_ptr_array_new_with_free_func (g_free);
  units = g_ptr_array_new ();
  for (guint i = 0; i < self->lines->len; i++)
    if (on_axis (g_ptr_array_index (self->lines, i), axis))
      {
        const LuztarSeries *series = &((Line *) g_ptr_array_index (self->lines, i))->series;

        g_ptr_array_add (labels, luztar_plot_series_label (self, series));
        g_ptr_array_add (units, (gpointer) luztar_plot_series_unit (self, series));
      }
  return luztar_plot_axis_title ((const char *const *) labels->pdata, (const char *const *) units->pdata,
                                 labels->len);
}

static char *
x_title (LuztarPlot *self)
{
  if (self->kind == LUZTAR_PLOT_PHASE && self->lines->len == 0)
    return g_strdup ("");
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      g_autofree char *label = luztar_plot_series_label (self, &self->phase_x);

      return g_strdup_printf ("%s (%s)", label, luztar_plot_series_unit (self, &self->phase_x));
    }
  return time_title ();
}

typedef struct
{
  char    *label;
  Rgb      colour;
  gboolean dashed;
  gboolean swatch;               /* a filled box (modes) rather than a line */
} LegendEntry;

static void
legend_entry_clear (gpointer data)
{
  g_free (((LegendEntry *) data)->label);
}

static GArray *
legend_entries (LuztarPlot *self)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  guint modes = 0;

  g_array_set_clear_func (entries, legend_entry_clear);
  switch (self->kind)
    {
    case LUZTAR_PLOT_TIME_SERIES:
    case LUZTAR_PLOT_ENERGY:
      for (guint i = 0; i < self->lines->len; i++)
        {
          Line *line = g_ptr_array_index (self->lines, i);
          LegendEntry e = { luztar_plot_series_label (self, &line->series), series_colour (self, line->colour),
                            line->dashed, FALSE };

          if (self->kind == LUZTAR_PLOT_TIME_SERIES && line->right)
            {
              /* Translators: a legend entry of a line on the right axis */
              char *marked = g_strdup_printf (_("%s (right axis)"), e.label);

              g_free (e.label);
              e.label = marked;
            }
          g_array_append_val (entries, e);
        }
      /* the shading of stick intervals, once some has been seen */
      if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->any_stick && self->timeline != NULL
          && (luztar_mode_timeline_get_modes_present (self->timeline) & (1u << LZ_MODE_STICK)))
        modes = 1u << LZ_MODE_STICK;
      break;
    case LUZTAR_PLOT_MODES:
      modes = self->timeline != NULL ? luztar_mode_timeline_get_modes_present (self->timeline) : 0;
      break;
    case LUZTAR_PLOT_PHASE:
      modes = self->mode_element >= 0 ? self->phase_modes_seen : 0;
      break;
    default:
      break;
    }
  if (self->marks->len > 0 && self->marks_label != NULL && is_time_kind (self->kind))
    {
      LegendEntry e = { g_strdup (self->marks_label), mark_colour (self), TRUE, FALSE };

      g_array_append_val (entries, e);
    }
  for (guint m = 0; m < LZ_MODE_N_MODES; m++)
    if (modes & (1u << m))
      {
        double rgb[3];
        LegendEntry e = { g_strdup (luztar_mode_get_label ((LzMode) m)), { 0, 0, 0 }, FALSE, TRUE };

        luztar_mode_get_color ((LzMode) m, self->dark, rgb);
        e.colour = (Rgb) { rgb[0], rgb[1], rgb[2] };
        g_array_append_val (entries, e);
      }
  return entries;
}

#define LEGEND_KEY_W 18.0
#define LEGEND_GAP   16.0

/* Lays the legend out in rows from @x0 to @x1; returns its height, and
 * draws it when @cr is not NULL. */
static double
legend_layout (LuztarPlot *self,
               GArray     *entries,
               cairo_t    *cr,
               double      x0,
               double      x1,
               double      y0)
{
  double x = x0, y = y0;
  int h = 0;

  if (entries->len == 0)
    return 0;
  for (guint i = 0; i < entries->len; i++)
    {
      LegendEntry *e = &g_array_index (entries, LegendEntry, i);
      int w = text_width (self, e->label, &h);
      double item = LEGEND_KEY_W + 5 + w;

      if (x > x0 && x + item > x1)
        {
          x = x0;
          y += h + 4;
        }
      if (cr != NULL)
        {
          double mid = y + h / 2.0;

          if (e->swatch)
            {
              rounded_rect (cr, x + 2, mid - 5, LEGEND_KEY_W - 4, 10, 2.5);
              set_rgba (cr, e->colour, 1);
              cairo_fill (cr);
            }
          else
            {
              static const double dash[] = { 4, 3 };

              cairo_set_line_width (cr, 2);
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              cairo_set_dash (cr, dash, e->dashed ? 2 : 0, 0);
              cairo_move_to (cr, x + 1, mid);
              cairo_line_to (cr, x + LEGEND_KEY_W - 1, mid);
              set_rgba (cr, e->colour, 1);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
          set_rgba (cr, ink (self), 0.8);
          draw_text (self, cr, e->label, x + LEGEND_KEY_W + 5, y, 0, 0, FALSE);
        }
      x += item + LEGEND_GAP;
    }
  return y + h - y0;
}

/* The widest tick label of an axis. */
static int
ticks_width (LuztarPlot *self,
             double      lo,
             double      hi,
             guint       target)
{
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (lo, hi, target, ticks, G_N_ELEMENTS (ticks), &step);
  int w = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = luztar_plot_format_tick (ticks[i], step);

      w = MAX (w, text_width (self, label, NULL));
    }
  return w;
}

static guint
y_tick_target (double height)
{
  return (guint) CLAMP (height / 44, 2, 10);
}

static guint
x_tick_target (double width)
{
  return (guint) CLAMP (width / 90, 2, 12);
}

void
luztar_plot_ensure_layout (LuztarPlot *self,
                           int         width,
                           int         height)
{
  Layout *l = &self->layout;
  g_autoptr(GArray) entries = NULL;
  double legend_h, left, right, top, bottom;
  int th;

  if (l->serial != 0 && l->width == width && l->height == height
      && l->x.lo == self->x_lo && l->x.hi == self->x_hi
      && l->y.lo == self->y_lo && l->y.hi == self->y_hi
      && l->y2.lo == self->y2_lo && l->y2.hi == self->y2_hi)
    return;

  memset (l, 0, sizeof *l);
  l->width = width;
  l->height = height;
  text_width (self, "0", &th);
  l->text_h = th;

  entries = legend_entries (self);
  top = 10;
  left = 12;
  right = 16;
  bottom = 8 + th + 4 + th + 4;    /* tick labels, then the axis title */

  if (self->kind == LUZTAR_PLOT_MODES)
    {
      guint n = self->timeline != NULL ? luztar_mode_timeline_get_n_strips (self->timeline) : 0;
      int w = 0;

      for (guint k = 0; k < n && self->trace != NULL; k++)
        w = MAX (w, text_width (self, lz_trace_get_element_id (self->trace,
                                                               luztar_mode_timeline_get_element (self->timeline, k)),
                                NULL));
      left += w + 10;
    }
  else
    {
      double est_h = MAX (height - top - bottom - 2 * th, 20);
      int tw = ticks_width (self, self->y_lo, self->y_hi, y_tick_target (est_h));

      /* the widest tick labels of the left axis or of any panel */
      for (guint k = 0; k < self->panels.n; k++)
        tw = MAX (tw, ticks_width (self, self->panels.lo[k], self->panels.hi[k], y_tick_target (est_h / self->panels.n)));
      /* the rotated title, then the tick labels */
      left += th + 8 + tw + 6;
      if (has_right_axis (self))
        right = 8 + ticks_width (self, self->y2_lo, self->y2_hi, y_tick_target (est_h)) + 8 + th + 8;
    }
  legend_h = legend_layout (self, entries, NULL, left, width - right, top);
  l->legend_y = top;
  if (legend_h > 0)
    top += legend_h + 10;

  l->px0 = left;
  l->px1 = MAX (width - right, left + 10);
  l->py0 = top;
  l->py1 = MAX (height - bottom, top + 10);
  l->x = (LuztarAxis) { self->x_lo, self->x_hi, l->px0, l->px1 };
  l->y = (LuztarAxis) { self->y_lo, self->y_hi, l->py1, l->py0 };
  l->y2 = (LuztarAxis) { self->y2_lo, self->y2_hi, l->py1, l->py0 };
  luztar_plot_panels_place (&self->panels, l->py0, l->py1, th + 8);
  if (self->kind == LUZTAR_PLOT_MODES)
    {
      guint n = self->timeline != NULL ? luztar_mode_timeline_get_n_strips (self->timeline) : 0;

      /* strips of a comfortable height, the time axis right under them,
       * the block in the middle of the widget */
      l->strip_h = n > 0 ? MIN (STRIP_MAX_H, (l->py1 - l->py0) / n) : 0;
      if (n > 0 && l->strip_h * n < l->py1 - l->py0)
        {
          double spare = (l->py1 - l->py0) - l->strip_h * n;

          l->legend_y += floor (spare / 2);
          l->py0 += floor (spare / 2);
          l->py1 = l->py0 + l->strip_h * n;
        }
      l->y = (LuztarAxis) { 0, 1, l->py1, l->py0 };
    }
  l->serial = ++self->layout_serial;
}

/* ------------------------------------------------------------------------ */
/* The frame layer: background, grid, ticks, axis titles, legend            */

static void
draw_x_ticks (LuztarPlot *self,
              cairo_t    *cr,
              gboolean    grid)
{
  Layout *l = &self->layout;
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (l->x.lo, l->x.hi, x_tick_target (l->px1 - l->px0), ticks,
                               G_N_ELEMENTS (ticks), &step);
  double last_right = -INFINITY;

  for (guint i = 0; i < n; i++)
    {
      double x = round (luztar_axis_to_pixel (&l->x, ticks[i])) + 0.5;
      g_autofree char *label = luztar_plot_format_tick (ticks[i], step);
      int w = text_width (self, label, NULL);

      if (grid)
        {
          cairo_move_to (cr, x, l->py0);
          cairo_line_to (cr, x, l->py1);
          set_rgba (cr, ink (self), self->dark ? 0.10 : 0.08);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
      cairo_move_to (cr, x, l->py1);
      cairo_line_to (cr, x, l->py1 + 4);
      set_rgba (cr, ink (self), 0.45);
      cairo_stroke (cr);
      /* a label that would touch its left neighbour is left out */
      if (x - w / 2.0 < last_right + 6)
        continue;
      set_rgba (cr, ink (self), 0.7);
      draw_text (self, cr, label, CLAMP (x, w / 2.0 + 1, l->width - w / 2.0 - 1), l->py1 + 6, 0.5, 0, FALSE);
      last_right = x + w / 2.0;
    }
}

static void
draw_y_ticks (LuztarPlot       *self,
              cairo_t          *cr,
              const LuztarAxis *axis,
              gboolean          right,
              gboolean          grid)
{
  Layout *l = &self->layout;
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (axis->lo, axis->hi, y_tick_target (fabs (axis->p0 - axis->p1)), ticks,
                               G_N_ELEMENTS (ticks), &step);

  for (guint i = 0; i < n; i++)
    {
      double y = round (luztar_axis_to_pixel (axis, ticks[i])) + 0.5;
      g_autofree char *label = luztar_plot_format_tick (ticks[i], step);

      if (grid)
        {
          cairo_move_to (cr, l->px0, y);
          cairo_line_to (cr, l->px1, y);
          /* the zero line a little stronger */
          set_rgba (cr, ink (self), ticks[i] == 0 ? 0.22 : self->dark ? 0.10 : 0.08);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
      cairo_move_to (cr, right ? l->px1 : l->px0 - 4, y);
      cairo_line_to (cr, right ? l->px1 + 4 : l->px0, y);
      set_rgba (cr, ink (self), 0.45);
      cairo_stroke (cr);
      set_rgba (cr, ink (self), 0.7);
      draw_text (self, cr, label, right ? l->px1 + 7 : l->px0 - 7, y, right ? 0 : 1, 0.5, FALSE);
    }
}

/* Whether the plot has nothing to show: no run, no variable chosen, or
 * (a mode timeline) no element with modes. */
static gboolean
is_empty (LuztarPlot *self)
{
  return self->trace == NULL || (self->kind == LUZTAR_PLOT_TIME_SERIES && self->lines->len == 0)
         || (self->kind == LUZTAR_PLOT_MODES && self->timeline != NULL
             && luztar_mode_timeline_get_n_strips (self->timeline) == 0 && self->n_rows > 0)
         || (self->kind == LUZTAR_PLOT_PHASE && self->lines->len == 0);
}

/* What an empty plot says in its middle. */
static void
draw_empty_message (LuztarPlot *self,
                    cairo_t    *cr)
{
  Layout *l = &self->layout;
  const char *message;

  if (!is_empty (self))
    return;
  if (self->trace == NULL && self->empty_text != NULL)
    message = self->empty_text;
  else if (self->trace == NULL)
    /* Translators: shown in an empty plot before a run */
    message = _("No run yet");
  else if (self->kind == LUZTAR_PLOT_MODES)
    /* Translators: shown in the mode timeline of a model without
     * friction, stops or freeplay */
    message = _("No element with modes");
  else
    /* Translators: shown in a plot with no variable chosen */
    message = _("No variable chosen");
  set_rgba (cr, ink (self), 0.45);
  draw_text (self, cr, message, (l->px0 + l->px1) / 2, (l->py0 + l->py1) / 2, 0.5, 0.5, FALSE);
}

/* The value axes' ticks and rotated titles: a panel's each, or the left
 * one, and the right one. */
static void
draw_y_axes (LuztarPlot *self,
             cairo_t    *cr,
             int         width)
{
  Layout *l = &self->layout;

  for (guint k = 0; k < self->panels.n; k++)
    {
      const LuztarAxis *a = &self->panels.axis[k];
      g_autofree char *full = luztar_plot_y_title (self, AXIS_PANEL + k);
      /* a panel too short for its title: the unit alone */
      const char *yt = luztar_cairo_text_width (cr, full, TITLE_PX * self->emphasis, TRUE, NULL) <= a->p0 - a->p1
                       ? full : self->panels.units[k];

      draw_y_ticks (self, cr, a, FALSE, TRUE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, 10, (a->p0 + a->p1) / 2, a->p0 - a->p1);
    }
  if (self->kind != LUZTAR_PLOT_MODES && self->panels.n == 0)
    {
      g_autofree char *yt = luztar_plot_y_title (self, FALSE);

      draw_y_ticks (self, cr, &l->y, FALSE, TRUE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, 10, (l->py0 + l->py1) / 2, l->py1 - l->py0);
    }
  if (has_right_axis (self))
    {
      g_autofree char *yt = luztar_plot_y_title (self, TRUE);

      draw_y_ticks (self, cr, &l->y2, TRUE, FALSE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, width - 10 - l->text_h, (l->py0 + l->py1) / 2,
                                 l->py1 - l->py0);
    }
}

static void
frame_layer_draw (LuztarPlotLayer *layer,
                  cairo_t         *cr,
                  int              width,
                  int              height)
{
  LuztarPlot *self = layer->plot;
  Layout *l;
  g_autoptr(GArray) entries = NULL;
  g_autofree char *xt = NULL;

  luztar_plot_ensure_layout (self, width, height);
  l = &self->layout;

  cairo_save (cr);
  set_rgba (cr, background (self), 1);
  cairo_paint (cr);

  /* the plot area (each panel), a shade off the background */
  for (guint k = 0; k < MAX (self->panels.n, 1); k++)
    cairo_rectangle (cr, l->px0, self->panels.n > 0 ? self->panels.axis[k].p1 : l->py0, l->px1 - l->px0,
                     self->panels.n > 0 ? self->panels.axis[k].p0 - self->panels.axis[k].p1 : l->py1 - l->py0);
  set_rgba (cr, ink (self), self->dark ? 0.03 : 0.018);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1);
  draw_x_ticks (self, cr, self->kind != LUZTAR_PLOT_MODES);
  draw_y_axes (self, cr, width);

  /* the axes: bottom and left lines */
  cairo_move_to (cr, l->px0, l->py1 + 0.5);
  cairo_line_to (cr, l->px1, l->py1 + 0.5);
  if (self->kind != LUZTAR_PLOT_MODES)
    {
      cairo_move_to (cr, l->px0 - 0.5, l->py0);
      cairo_line_to (cr, l->px0 - 0.5, l->py1 + 0.5);
    }
  if (has_right_axis (self))
    {
      cairo_move_to (cr, l->px1 + 0.5, l->py0);
      cairo_line_to (cr, l->px1 + 0.5, l->py1 + 0.5);
    }
  set_rgba (cr, ink (self), 0.45);
  cairo_stroke (cr);

  xt = x_title (self);
  set_rgba (cr, ink (self), 0.8);
  draw_text (self, cr, xt, (l->px0 + l->px1) / 2, l->py1 + 8 + l->text_h + 4, 0.5, 0, TRUE);

  entries = legend_entries (self);
  legend_layout (self, entries, cr, l->px0, l->px1, l->legend_y);

  draw_empty_message (self, cr);
  cairo_restore (cr);
}

const LuztarPlotLayerClass luztar_plot_frame_layer = { "frame", frame_layer_draw };
