/* luztar-plot.c — the live plots: time series, phase portrait, mode timeline, energy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkWidget with its own snapshot (no GtkDrawingArea, as Sysprof's
 * charts), following docs/architecture.md (the live plots):
 *
 * - The data source is an LzTrace that may still be growing in another
 *   thread.  Rows below the count read from lz_trace_get_n_samples() are
 *   immutable, so the plot reads them without a lock.
 * - While live, a tick callback takes the new rows each frame: it extends
 *   the min/max index of every shown variable (luztar-plot-math.c), the
 *   mode timeline, and the autoscaled ranges, with its work capped at
 *   about a millisecond (the rest waits for the next frame), then queues
 *   a redraw.  set_live (FALSE) removes it after one last full update.
 * - The plot is a stack of layers (the frame with grid, ticks, axis
 *   titles and legend; the data; the cursor), each drawn by one function
 *   luztar_plot_layer_draw (layer, cr, width, height) that snapshot() and
 *   luztar_plot_export() both call, on the widget's cairo node or on an
 *   image, SVG or PDF surface.  The frame is cached as a render node
 *   until the size, the ranges or the style change.  The hover readout
 *   is drawn last, in snapshot() only.
 * - A time series costs O(width · log n) per frame whatever the number of
 *   rows: with more rows than pixel columns, each column is drawn as its
 *   first, smallest, largest and last value (the min/max index answers
 *   the middle two), and the columns are cached so that a frame of a live
 *   run recomputes only the columns new rows fell into.
 * - A phase portrait appends the new segments to a cached image of the
 *   plot area while live; only a change of the ranges redraws it (over
 *   several frames when it is long).
 * - The mode timeline is built from the event log (LuztarModeTimeline),
 *   never by scanning samples.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "luztar-plot.h"
#include "luztar-cairo.h"
#include "luztar-set.h"
#include "luztar-plot-extras.h"
#include "luztar-plot-panels.h"
#include "sim/luztar-modes.h"

#define ROWS_PER_CHUNK     4096      /* rows indexed between two looks at the clock */
#define LIVE_BUDGET_US     1000      /* work per frame while live */
#define FONT_PX            11.0
#define TITLE_PX           11.5
#define PICK_PX            5.0       /* how near a marker the pointer must be */
#define STRIP_MAX_H        40.0

typedef struct
{
  double r, g, b;
} Rgb;

/* ------------------------------------------------------------------------ */
/* Lines: one shown variable, its min/max index and its pixel columns       */

typedef struct
{
  float first, min, max, last;
  guint n;                       /* rows in the column */
} Column;

typedef struct
{
  LuztarSeries        series;
  LzTrace            *trace;     /* borrowed from the plot */
  LuztarMinMaxIndex  *index;
  guint               colour;
  gboolean            right;     /* on the right axis */
  guint               panel;     /* its panel, if stacked (luztar-plot-panels.c) */
  gboolean            dashed;
  /* the pixel columns, valid for these ranges and rows */
  GArray             *columns;   /* Column */
  double              key_lo, key_hi, key_px0, key_px1;
  guint               key_rows;
} Line;

static double
line_row_value (gconstpointer data,
                guint         row)
{
  const Line *line = data;

  return luztar_series_get_value (&line->series, line->trace, row);
}

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

/* An axis: the left, the right, or AXIS_PANEL + k: the stacked panel k. */
enum { AXIS_LEFT, AXIS_RIGHT, AXIS_PANEL };

static gboolean
on_axis (const Line *line,
         int         axis)
{
  return axis >= AXIS_PANEL ? line->panel == (guint) (axis - AXIS_PANEL) : line->right == (axis == AXIS_RIGHT);
}

static void
line_free (gpointer data)
{
  Line *line = data;

  luztar_minmax_index_free (line->index);
  g_array_unref (line->columns);
  g_free (line);
}

/* ------------------------------------------------------------------------ */
/* Layers                                                                     */

typedef struct _LuztarPlotLayer LuztarPlotLayer;

typedef struct
{
  const char *name;
  void      (*draw) (LuztarPlotLayer *layer,
                     cairo_t         *cr,
                     int              width,
                     int              height);
} LuztarPlotLayerClass;

struct _LuztarPlotLayer
{
  const LuztarPlotLayerClass *klass;
  LuztarPlot                 *plot;    /* borrowed: the plot owns its layers */
};

static void
luztar_plot_layer_draw (LuztarPlotLayer *layer,
                        cairo_t         *cr,
                        int              width,
                        int              height)
{
  layer->klass->draw (layer, cr, width, height);
}

enum
{
  LAYER_FRAME,
  LAYER_DATA,
  LAYER_CURSOR,
  N_LAYERS
};

/* ------------------------------------------------------------------------ */

typedef struct
{
  int        width, height;
  double     px0, px1, py0, py1;       /* the plot rectangle */
  LuztarAxis x, y, y2;
  double     legend_y;                 /* top of the legend */
  double     strip_h;                  /* mode timeline */
  int        text_h;
  guint      serial;
} Layout;

struct _LuztarPlot
{
  GtkWidget         parent_instance;

  LuztarPlotKind    kind;

  /* Owned */
  LzTrace          *trace;
  LzModel          *model;
  GPtrArray        *lines;             /* Line */
  GArray           *series;            /* LuztarSeries, as set */
  LuztarSeries      phase_x, phase_y;
  int               mode_element;
  LuztarModeTimeline *timeline;
  LuztarPlotLayer   layers[N_LAYERS];
  cairo_surface_t  *measure_surface;
  cairo_t          *measure_cr;
  GskRenderNode    *frame_node;
  guint             frame_node_serial;
  cairo_surface_t  *phase_surface;     /* the trajectory so far, plot area only */
  guint             phase_drawn;       /* rows drawn into it */
  guint             phase_serial;      /* the layout it was drawn for */
  double            phase_last_x, phase_last_y;
  guint             phase_modes_seen;  /* bit per LzMode of mode_element */
  gboolean          numerical_shown;   /* the energy plot's numerical-damping line */
  guint             phase_events;      /* events looked at for them */

  guint             n_rows;            /* rows taken into the indexes */
  guint             tick_id;
  gboolean          live;
  gboolean          dark;
  gboolean          dark_forced;
  gboolean          exporting;
  double            emphasis;          /* text and lines larger (presentation mode) */
  gboolean         *stick_wanted;      /* per element: shade where it sticks */
  guint             n_stick_wanted;
  gboolean          any_stick;         /* some element shaded */
  gboolean          two_units;         /* a second unit on the right axis */
  LuztarPlotPanels  panels;            /* or a panel per unit, from three on */

  /* ranges */
  gboolean          have_time_range;
  double            t0, t1;
  gboolean          x_auto, y_auto;
  gboolean          ranges_valid;
  double            x_lo, x_hi, y_lo, y_hi, y2_lo, y2_hi;
  double            cursor;

  Layout            layout;
  guint             layout_serial;

  /* pointer */
  gboolean          hovering;
  double            hover_x, hover_y;
  double            drag_x_lo, drag_x_hi, drag_y_lo, drag_y_hi;
  double            drag_start_x, drag_start_y;
  gboolean          drag_moved;

  /* timings of the last frame */
  double            update_us, snapshot_us;

  /* set by the owner: instants marked across the plot, titles */
  GArray           *marks;             /* double: times (s) */
  GPtrArray        *mark_texts;        /* char *: a short text at each mark */
  char             *marks_label;       /* their legend entry */
  char             *y_title_text;      /* instead of the one made from the lines */
  char             *empty_text;        /* instead of "No run yet" */

  /* Borrowed */
  AdwStyleManager  *style_manager;
};

G_DEFINE_FINAL_TYPE (LuztarPlot, luztar_plot, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_KIND,
  N_PROPS
};

enum
{
  SIGNAL_SEEK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void invalidate (LuztarPlot *self);
static char *y_title (LuztarPlot *self, int axis);

/* ------------------------------------------------------------------------ */
/* Colours and text                                                           */

/* The GNOME palette (blue 3, orange 3, green 4, purple 3, red 3, brown 3,
 * teal, yellow 5), and the lighter tones of the same hues for dark. */
static const Rgb palette_light[] = {
  { 0.208, 0.518, 0.894 }, { 0.902, 0.380, 0.000 }, { 0.180, 0.620, 0.318 },
  { 0.569, 0.255, 0.675 }, { 0.878, 0.106, 0.141 }, { 0.596, 0.416, 0.267 },
  { 0.129, 0.565, 0.643 }, { 0.710, 0.510, 0.000 },
};
static const Rgb palette_dark[] = {
  { 0.384, 0.627, 0.918 }, { 1.000, 0.639, 0.282 }, { 0.341, 0.890, 0.537 },
  { 0.753, 0.380, 0.796 }, { 0.965, 0.380, 0.318 }, { 0.710, 0.514, 0.353 },
  { 0.365, 0.796, 0.855 }, { 0.976, 0.941, 0.420 },
};

static Rgb
series_colour (LuztarPlot *self,
               guint       i)
{
  return self->dark ? palette_dark[i % G_N_ELEMENTS (palette_dark)]
                    : palette_light[i % G_N_ELEMENTS (palette_light)];
}

static Rgb
ink (LuztarPlot *self)
{
  return self->dark ? (Rgb) { 1, 1, 1 } : (Rgb) { 0, 0, 0 };
}

static Rgb
background (LuztarPlot *self)
{
  /* libadwaita's view background */
  return self->dark ? (Rgb) { 0.118, 0.118, 0.118 } : (Rgb) { 1, 1, 1 };
}

static Rgb
accent (LuztarPlot *self)
{
  return self->dark ? (Rgb) { 0.471, 0.682, 0.929 } : (Rgb) { 0.110, 0.443, 0.847 };
}

static void
set_rgba (cairo_t *cr,
          Rgb      c,
          double   alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* The marked instants: red, apart from the first series' blue */
static Rgb
mark_colour (LuztarPlot *self)
{
  return series_colour (self, 4);
}

static int
text_width (LuztarPlot *self,
            const char *text,
            int        *height)
{
  return luztar_cairo_text_width (self->measure_cr, text, FONT_PX * self->emphasis, FALSE, height);
}

/* Draws @text with its anchor (@ax, @ay: 0 left/top … 1 right/bottom) at
 * (@x, @y), on whole pixels; returns its width. */
static int
draw_text (LuztarPlot *self,
           cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      ax,
           double      ay,
           gboolean    bold)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, (bold ? TITLE_PX : FONT_PX) * self->emphasis,
                                                 bold);
  int w = luztar_cairo_show_layout (cr, layout, x, y, ax, ay, TRUE);

  g_object_unref (layout);
  return w;
}

/* A rounded rectangle whose radius fits in it. */
static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  luztar_cairo_rounded_rect (cr, x, y, w, h, MIN (r, MIN (w, h) / 2));
}

/* ------------------------------------------------------------------------ */
/* What is shown                                                              */

static gboolean
is_time_kind (LuztarPlotKind kind)
{
  return kind != LUZTAR_PLOT_PHASE;
}

static const char *
kind_name (LuztarPlotKind kind)
{
  switch (kind)
    {
    case LUZTAR_PLOT_TIME_SERIES: return _("Time series plot");
    case LUZTAR_PLOT_PHASE: return _("Phase portrait");
    case LUZTAR_PLOT_MODES: return _("Mode timeline");
    case LUZTAR_PLOT_ENERGY: return _("Energy plot");
    default: return "";
    }
}

static const char *
series_unit (LuztarPlot         *self,
             const LuztarSeries *series)
{
  return luztar_series_get_unit (series, self->model);
}

static char *
series_label (LuztarPlot         *self,
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
    g_ptr_array_add (titles, y_title (self, self->panels.n > 0 ? AXIS_PANEL + (int) k : (int) k));
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
      units[i] = series_unit (self, &series[i]);
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

/* Whether the plot has a right axis: the energy's balance error, or a
 * time series' second unit. */
static gboolean
has_right_axis (LuztarPlot *self)
{
  return self->kind == LUZTAR_PLOT_ENERGY || (self->kind == LUZTAR_PLOT_TIME_SERIES && self->two_units);
}

/* Rebuilds the lines from the trace and the chosen variables. */
static void
rebuild_lines (LuztarPlot *self)
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
static void
visible_rows (LuztarPlot *self,
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

/* Recomputes the autoscaled ranges; returns whether any changed. */
static gboolean
autoscale (LuztarPlot *self)
{
  double old[6] = { self->x_lo, self->x_hi, self->y_lo, self->y_hi, self->y2_lo, self->y2_hi };
  LuztarPlotPanels was = self->panels;
  gboolean valid = self->ranges_valid;
  guint n = self->n_rows;

  if (self->trace == NULL || n == 0)
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
        {
          if (self->have_time_range)
            {
              self->x_lo = self->t0;
              self->x_hi = self->t1;
            }
          else
            {
              double first = lz_trace_get_time (self->trace, 0);
              double last = lz_trace_get_time (self->trace, n - 1);

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

                  /* grow in steps, so the time axis is not redrawn every frame */
                  luztar_plot_nice_range (0, (last - first) * 1.25, 0, &lo, &hi);
                  self->x_lo = first;
                  self->x_hi = first + hi;
                }
            }
        }
      if (self->y_auto && self->kind != LUZTAR_PLOT_MODES)
        {
          guint r0, r1;
          double dmin, dmax;

          visible_rows (self, self->x_lo, self->x_hi, &r0, &r1);
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
                m = 1e-12;
              luztar_plot_settle_range (&self->y2_lo, &self->y2_hi, -m, m, self->live, valid);
            }
        }
    }
  self->ranges_valid = TRUE;
  return memcmp (was.lo, self->panels.lo, sizeof was.lo) != 0 || memcmp (was.hi, self->panels.hi, sizeof was.hi) != 0
         || memcmp (old, (double[6]) { self->x_lo, self->x_hi, self->y_lo, self->y_hi,
                                    self->y2_lo, self->y2_hi }, sizeof old) != 0;
}

/* Takes new rows of the trace: at most @budget_us of work (< 0: all). */
static gboolean
update_data (LuztarPlot *self,
             gint64      budget_us)
{
  gint64 start = g_get_monotonic_time ();
  gboolean changed = FALSE;
  guint n_avail;

  if (self->trace == NULL)
    return autoscale (self);

  n_avail = lz_trace_get_n_samples (self->trace);
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
  if (self->kind == LUZTAR_PLOT_ENERGY && !self->numerical_shown && self->n_rows > 0)
    {
      LzEnergy energy;

      /* time-stepping with θ > ½ takes energy of its own: its line (and
       * legend entry) from the first row that shows some */
      lz_trace_get_energy (self->trace, self->n_rows - 1, &energy);
      if (energy.numerical != 0)
        {
          LuztarSeries s = { LUZTAR_SERIES_ENERGY_NUMERICAL, 0 };
          Line *line = line_new (self->trace, &s, 1);

          luztar_minmax_index_extend (line->index, self->n_rows);
          g_ptr_array_add (self->lines, line);
          self->numerical_shown = TRUE;
          self->ranges_valid = FALSE;
          invalidate (self);
          changed = TRUE;
        }
    }
  if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->any_stick)
    changed |= luztar_mode_timeline_update (self->timeline, self->trace, self->n_rows,
                                            lz_trace_get_n_events (self->trace));
  if (self->kind == LUZTAR_PLOT_MODES)
    {
      guint strips = luztar_mode_timeline_get_n_strips (self->timeline);
      guint modes = luztar_mode_timeline_get_modes_present (self->timeline);

      changed |= luztar_mode_timeline_update (self->timeline, self->trace, self->n_rows,
                                              lz_trace_get_n_events (self->trace));
      /* a new strip or a new mode in the legend: lay out again */
      if (strips != luztar_mode_timeline_get_n_strips (self->timeline)
          || modes != luztar_mode_timeline_get_modes_present (self->timeline))
        invalidate (self);
    }
  if (self->kind == LUZTAR_PLOT_PHASE && self->mode_element >= 0 && self->n_rows > 0)
    {
      /* the modes of the colouring element, for the legend: its mode at
       * row 0 and the new modes of its events */
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
      if (modes != self->phase_modes_seen)
        {
          self->phase_modes_seen = modes;
          invalidate (self);
          changed = TRUE;
        }
    }
  if (autoscale (self))
    {
      invalidate (self);
      changed = TRUE;
    }
  return changed;
}

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
static char *
y_title (LuztarPlot *self,
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
      g_autofree char *label = series_label (self, &self->phase_y);

      return g_strdup_printf ("%s (%s)", label, series_unit (self, &self->phase_y));
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

        g_ptr_array_add (labels, series_label (self, series));
        g_ptr_array_add (units, (gpointer) series_unit (self, series));
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
      g_autofree char *label = series_label (self, &self->phase_x);

      return g_strdup_printf ("%s (%s)", label, series_unit (self, &self->phase_x));
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
          LegendEntry e = { series_label (self, &line->series), series_colour (self, line->colour),
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

static void
ensure_layout (LuztarPlot *self,
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

  ensure_layout (self, width, height);
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
  for (guint k = 0; k < self->panels.n; k++)
    {
      const LuztarAxis *a = &self->panels.axis[k];
      g_autofree char *full = y_title (self, AXIS_PANEL + k);
      /* a panel too short for its title: the unit alone */
      const char *yt = luztar_cairo_text_width (cr, full, TITLE_PX * self->emphasis, TRUE, NULL) <= a->p0 - a->p1
                       ? full : self->panels.units[k];

      draw_y_ticks (self, cr, a, FALSE, TRUE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, 10, (a->p0 + a->p1) / 2, a->p0 - a->p1);
    }
  if (self->kind != LUZTAR_PLOT_MODES && self->panels.n == 0)
    {
      g_autofree char *yt = y_title (self, FALSE);

      draw_y_ticks (self, cr, &l->y, FALSE, TRUE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, 10, (l->py0 + l->py1) / 2, l->py1 - l->py0);
    }
  if (has_right_axis (self))
    {
      g_autofree char *yt = y_title (self, TRUE);

      draw_y_ticks (self, cr, &l->y2, TRUE, FALSE);
      set_rgba (cr, ink (self), 0.8);
      luztar_cairo_show_rotated (cr, yt, TITLE_PX * self->emphasis, width - 10 - l->text_h, (l->py0 + l->py1) / 2,
                                 l->py1 - l->py0);
    }

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

  if (self->trace == NULL || (self->kind == LUZTAR_PLOT_TIME_SERIES && self->lines->len == 0)
      || (self->kind == LUZTAR_PLOT_MODES && self->timeline != NULL
          && luztar_mode_timeline_get_n_strips (self->timeline) == 0 && self->n_rows > 0)
      || (self->kind == LUZTAR_PLOT_PHASE && self->lines->len == 0))
    {
      const char *message;

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
  cairo_restore (cr);
}

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
static const LuztarAxis *
line_axis (LuztarPlot *self,
           const Line *line)
{
  if (self->panels.n > 0)
    return &self->panels.axis[MIN (line->panel, self->panels.n - 1)];
  return line->right ? &self->layout.y2 : &self->layout.y;
}

static void
line_draw (LuztarPlot *self,
           Line       *line,
           cairo_t    *cr)
{
  Layout *l = &self->layout;
  const LuztarAxis *ya = line_axis (self, line);
  guint r0, r1;
  gboolean pen = FALSE;

  visible_rows (self, l->x.lo, l->x.hi, &r0, &r1);
  if (r1 <= r0)
    return;

  if (r1 - r0 <= 2 * (l->px1 - l->px0))
    {
      /* few rows: every one of them */
      for (guint r = r0; r < r1; r++)
        {
          double v = line_row_value (line, r);

          if (!isfinite (v))
            {
              pen = FALSE;
              continue;
            }
          if (pen)
            cairo_line_to (cr, luztar_axis_to_pixel (&l->x, lz_trace_get_time (line->trace, r)),
                           luztar_axis_to_pixel (ya, v));
          else
            cairo_move_to (cr, luztar_axis_to_pixel (&l->x, lz_trace_get_time (line->trace, r)),
                           luztar_axis_to_pixel (ya, v));
          pen = TRUE;
        }
    }
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
      /* A dashed line (the balance error, a slow drift) keeps its dashes:
       * a path through each column's first, extreme and last values. */
      for (guint c = 0; c < line->columns->len; c++)
        {
          const Column *col = &g_array_index (line->columns, Column, c);
          double x = l->px0 + c + 0.5;

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
  {
    static const double dash[] = { 5, 3 };
    Rgb c = series_colour (self, line->colour);

    cairo_set_dash (cr, dash, line->dashed ? 2 : 0, 0);
    cairo_set_line_width (cr, (line->dashed ? 1.5 : 1.75) * self->emphasis);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    set_rgba (cr, c, 1);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }
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
static gboolean
phase_sync_surface (LuztarPlot *self,
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

  ensure_layout (self, width, height);
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
        g_autofree char *label = series_label (self, &line->series);
        g_autofree char *value = luztar_plot_format_value (line_row_value (line, row),
                                                           series_unit (self, &line->series));

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

  ensure_layout (self, width, height);
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
              const LuztarAxis *ya = line_axis (self, line);
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

static const LuztarPlotLayerClass frame_layer_class = { "frame", frame_layer_draw };
static const LuztarPlotLayerClass data_layer_class = { "data", data_layer_draw };
static const LuztarPlotLayerClass cursor_layer_class = { "cursor", cursor_layer_draw };

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

static void
draw_hover (LuztarPlot *self,
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
      g_autofree char *xl = series_label (self, &self->phase_x);
      g_autofree char *yl = series_label (self, &self->phase_y);
      g_autofree char *xv = luztar_plot_format_value (luztar_axis_to_value (&l->x, self->hover_x),
                                                      series_unit (self, &self->phase_x));
      g_autofree char *yv = luztar_plot_format_value (luztar_axis_to_value (&l->y, self->hover_y),
                                                      series_unit (self, &self->phase_y));

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

/* ------------------------------------------------------------------------ */
/* Drawing: snapshot and export                                               */

static void
invalidate (LuztarPlot *self)
{
  self->layout.serial = 0;
  g_clear_pointer (&self->frame_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
luztar_plot_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  ensure_layout (self, width, height);

  /* the frame from its cache, rebuilt when the layout changed */
  if (self->frame_node == NULL || self->frame_node_serial != self->layout.serial)
    {
      /* Rasterised once into a texture: a cairo node would be replayed
       * (its text shaped and drawn again) by the renderer every frame. */
      int scale = gtk_widget_get_scale_factor (widget);
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GdkTexture) texture = NULL;

      g_clear_pointer (&self->frame_node, gsk_render_node_unref);
      cairo_surface_set_device_scale (image, scale, scale);
      cr = cairo_create (image);
      luztar_cairo_pin_font_options (cr);
      luztar_plot_layer_draw (&self->layers[LAYER_FRAME], cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (image);
      bytes = g_bytes_new (cairo_image_surface_get_data (image),
                           (gsize) cairo_image_surface_get_stride (image) * height * scale);
      texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                        (gsize) cairo_image_surface_get_stride (image));
      cairo_surface_destroy (image);
      self->frame_node = gsk_texture_node_new (texture, &bounds);
      self->frame_node_serial = self->layout.serial;
    }
  if (self->frame_node != NULL)
    gtk_snapshot_append_node (snapshot, self->frame_node);

  if (self->kind == LUZTAR_PLOT_PHASE && self->trace != NULL)
    {
      if (!phase_sync_surface (self, gtk_widget_get_scale_factor (widget), self->live ? LIVE_BUDGET_US : -1))
        gtk_widget_queue_draw (widget);
    }

  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  luztar_cairo_pin_font_options (cr);
  luztar_plot_layer_draw (&self->layers[LAYER_DATA], cr, width, height);
  luztar_plot_layer_draw (&self->layers[LAYER_CURSOR], cr, width, height);
  if (self->hovering)
    draw_hover (self, cr);
  cairo_destroy (cr);
  self->snapshot_us = (double) (g_get_monotonic_time () - start);
}

/**
 * luztar_plot_export:
 * @self: a plot
 * @path: the file to write; its extension (.png, .svg or .pdf, any case)
 *   chooses the format
 * @width: width in pixels (points for PDF), > 0
 * @height: height
 * @error: return location for an error
 *
 * Draws the plot as it is (ranges, cursor; not the hover readout) into a
 * file, with the same drawing code as the widget.
 *
 * Returns: %TRUE on success; %FALSE with @error set for an unknown
 *   extension or a file that cannot be written
 */
static void
export_draw (cairo_t  *cr,
             int       width,
             int       height,
             gpointer  data)
{
  LuztarPlot *self = data;

  self->exporting = TRUE;
  for (guint i = 0; i < N_LAYERS; i++)
    luztar_plot_layer_draw (&self->layers[i], cr, width, height);
  self->exporting = FALSE;
  /* the layout is the export's now: the widget lays out again */
  invalidate (self);
}

gboolean
luztar_plot_export (LuztarPlot  *self,
                    const char  *path,
                    int          width,
                    int          height,
                    GError     **error)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->live)
    update_data (self, -1);
  return luztar_cairo_export (path, width, height, export_draw, self, error);
}

/* ------------------------------------------------------------------------ */
/* Live updates                                                               */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);
  gint64 start = g_get_monotonic_time ();

  if (update_data (self, LIVE_BUDGET_US))
    gtk_widget_queue_draw (widget);
  self->update_us = (double) (g_get_monotonic_time () - start);
  return G_SOURCE_CONTINUE;
}

static void describe_modes (LuztarPlot *self);

/**
 * luztar_plot_set_live:
 * @self: a plot
 * @live: whether the trace is growing
 *
 * While @live, the plot takes new rows every frame (about 1 ms of work per
 * frame) and the autoscaled ranges only grow.  Turning it off takes every
 * remaining row once and fits the ranges to the data.
 */
void
luztar_plot_set_live (LuztarPlot *self,
                      gboolean    live)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  live = !!live;
  if (self->live == live)
    return;
  self->live = live;
  if (live)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  else
    {
      if (self->tick_id != 0)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
      update_data (self, -1);
      invalidate (self);
      describe_modes (self);
    }
}

/* A screen reader hears what the mode timeline shows
 * (luztar_plot_describe_modes()). */
static void
describe_modes (LuztarPlot *self)
{
  g_autofree char *text = NULL;

  if (self->kind != LUZTAR_PLOT_MODES || self->timeline == NULL || self->trace == NULL)
    return;
  text = luztar_plot_describe_modes (self->timeline, self->trace);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

gboolean
luztar_plot_get_live (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), FALSE);
  return self->live;
}

/**
 * luztar_plot_refresh:
 * @self: a plot
 *
 * Takes every new row now (after a single step while not live).
 */
void
luztar_plot_refresh (LuztarPlot *self)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  if (update_data (self, -1))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  describe_modes (self);
}

/* ------------------------------------------------------------------------ */
/* Pointer                                                                    */

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           LuztarPlot               *self)
{
  self->hovering = TRUE;
  self->hover_x = x;
  self->hover_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          LuztarPlot               *self)
{
  self->hovering = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The range of AXIS zoomed by FACTOR about the value at pixel P. */
static void
zoom_range (const LuztarAxis *axis,
            double            p,
            double            factor,
            double           *lo,
            double           *hi)
{
  LuztarAxis a = *axis;

  luztar_axis_zoom (&a, luztar_axis_to_value (&a, p), factor);
  *lo = a.lo;
  *hi = a.hi;
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           LuztarPlot               *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  Layout *l = &self->layout;
  double factor = pow (1.2, dy);

  if (l->serial == 0 || dy == 0)
    return FALSE;
  if ((mods & GDK_CONTROL_MASK) && self->kind != LUZTAR_PLOT_MODES && self->panels.n == 0)
    {
      zoom_range (&l->y, self->hovering ? self->hover_y : (l->py0 + l->py1) / 2, factor,
                  &self->y_lo, &self->y_hi);
      self->y_auto = FALSE;
    }
  else
    {
      zoom_range (&l->x, self->hovering ? self->hover_x : (l->px0 + l->px1) / 2, factor,
                  &self->x_lo, &self->x_hi);
      self->x_auto = FALSE;
      /* the y range follows the data in the new window */
      autoscale (self);
    }
  invalidate (self);
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               LuztarPlot     *self)
{
  self->drag_x_lo = self->x_lo;
  self->drag_x_hi = self->x_hi;
  self->drag_y_lo = self->y_lo;
  self->drag_y_hi = self->y_hi;
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_moved = FALSE;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                LuztarPlot     *self)
{
  Layout *l = &self->layout;
  LuztarAxis a;

  if (!self->drag_moved && hypot (dx, dy) < 4)
    return;
  self->drag_moved = TRUE;
  a = (LuztarAxis) { self->drag_x_lo, self->drag_x_hi, l->px0, l->px1 };
  luztar_axis_pan (&a, dx);
  self->x_auto = FALSE;
  self->x_lo = a.lo;
  self->x_hi = a.hi;
  if (self->kind == LUZTAR_PLOT_PHASE)
    {
      a = (LuztarAxis) { self->drag_y_lo, self->drag_y_hi, l->py1, l->py0 };
      luztar_axis_pan (&a, dy);
      self->y_auto = FALSE;
      self->y_lo = a.lo;
      self->y_hi = a.hi;
    }
  else
    autoscale (self);
  invalidate (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             LuztarPlot     *self)
{
  double t;

  if (self->drag_moved || !is_time_kind (self->kind))
    return;
  /* not moved: a click, which seeks */
  if (luztar_plot_pick (self, self->drag_start_x, self->drag_start_y, &t, NULL))
    g_signal_emit (self, signals[SIGNAL_SEEK], 0, t);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LuztarPlot      *self)
{
  if (n_press == 2)
    luztar_plot_reset_view (self);
}

/* ------------------------------------------------------------------------ */
/* Style                                                                      */

static void
on_dark_changed (LuztarPlot *self)
{
  if (self->dark_forced)
    return;
  self->dark = adw_style_manager_get_dark (self->style_manager);
  self->phase_serial = 0;
  invalidate (self);
}

/**
 * luztar_plot_set_dark:
 * @self: a plot
 * @dark: draw for a dark background
 *
 * Fixes the style; without a call the plot follows the AdwStyleManager.
 */
void
luztar_plot_set_dark (LuztarPlot *self,
                      gboolean    dark)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  self->dark_forced = TRUE;
  self->dark = !!dark;
  self->phase_serial = 0;
  for (guint i = 0; i < self->lines->len; i++)
    ((Line *) g_ptr_array_index (self->lines, i))->key_rows = 0;
  invalidate (self);
}

/* ------------------------------------------------------------------------ */
/* Public setters                                                             */

GtkWidget *
luztar_plot_new (LuztarPlotKind kind)
{
  return g_object_new (LUZTAR_TYPE_PLOT, "kind", kind, NULL);
}

LuztarPlotKind
luztar_plot_get_kind (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), LUZTAR_PLOT_TIME_SERIES);
  return self->kind;
}

/**
 * luztar_plot_set_trace:
 * @self: a plot
 * @trace: (nullable): the trace to show (may still be growing); %NULL clears
 *
 * Shows @trace (a reference is taken).  The variables chosen stay as they
 * are; those the trace does not have are left out.
 */
void
luztar_plot_set_trace (LuztarPlot *self,
                       LzTrace    *trace)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  if (!luztar_set_trace (&self->trace, trace))
    return;
  /* an element of another model's trace colours nothing here */
  if (trace != NULL && self->mode_element >= (int) lz_trace_get_n_elements (trace))
    self->mode_element = -1;
  rebuild_lines (self);
  if (self->x_auto && self->y_auto)
    self->ranges_valid = FALSE;
  update_data (self, self->live ? LIVE_BUDGET_US : -1);
  invalidate (self);
  if (!self->live)
    describe_modes (self);
}

LzTrace *
luztar_plot_get_trace (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  return self->trace;
}

/**
 * luztar_plot_set_model:
 * @self: a plot
 * @model: (nullable): the model of the trace
 *
 * Only used for the units: rotational bodies are in rad, rad/s, N·m.
 */
void
luztar_plot_set_model (LuztarPlot *self,
                       LzModel    *model)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  luztar_set_model (&self->model, model);
  if (self->kind == LUZTAR_PLOT_TIME_SERIES && self->trace != NULL)
    {
      rebuild_lines (self);   /* the stick shading follows the model */
      update_data (self, self->live ? LIVE_BUDGET_US : -1);
    }
  invalidate (self);
}

/**
 * luztar_plot_set_emphasis:
 * @self: a plot
 * @emphasis: how much larger its text and lines are drawn (1: normal;
 *   presentation mode: %LUZTAR_PRESENTATION_EMPHASIS)
 */
void
luztar_plot_set_emphasis (LuztarPlot *self,
                          double      emphasis)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (emphasis > 0 && isfinite (emphasis));
  if (self->emphasis == emphasis)
    return;
  self->emphasis = emphasis;
  self->layout.serial = 0;
  invalidate (self);
}

/**
 * luztar_plot_set_series:
 * @self: a time series plot
 * @series: (array length=n): the variables to show, in legend order
 * @n: how many
 */
void
luztar_plot_set_series (LuztarPlot         *self,
                        const LuztarSeries *series,
                        guint               n)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (n == 0 || series != NULL);

  g_array_set_size (self->series, 0);
  for (guint i = 0; i < n; i++)
    if (luztar_series_is_valid (&series[i], NULL))
      g_array_append_val (self->series, series[i]);
  rebuild_lines (self);
  update_data (self, self->live ? LIVE_BUDGET_US : -1);
  invalidate (self);
}

/**
 * luztar_plot_get_series:
 * @self: a plot
 * @n: (out): how many
 *
 * Returns: (transfer none) (array length=n): the variables set
 */
const LuztarSeries *
luztar_plot_get_series (LuztarPlot *self,
                        guint      *n)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  *n = self->series->len;
  return (const LuztarSeries *) (const void *) self->series->data;
}

/**
 * luztar_plot_set_marks:
 * @self: a plot against time
 * @times: (array length=n) (nullable): instants to mark (s)
 * @texts: (array length=n) (nullable): a short text at each mark, or %NULL
 * @n: how many
 * @label: (nullable): the marks' legend entry ("set-valued instant")
 *
 * Marks instants across the plot with dashed vertical lines, in the
 * widget and in its exports: the set-valued instants of a program
 * motion, for instance.
 */
void
luztar_plot_set_marks (LuztarPlot        *self,
                       const double      *times,
                       const char *const *texts,
                       guint              n,
                       const char        *label)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (n == 0 || times != NULL);

  g_array_set_size (self->marks, 0);
  g_ptr_array_set_size (self->mark_texts, 0);
  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (self->marks, times[i]);
      g_ptr_array_add (self->mark_texts, g_strdup (texts != NULL ? texts[i] : NULL));
    }
  luztar_set_str (&self->marks_label, label);
  self->layout.serial = 0;       /* the legend may have changed */
  invalidate (self);
}

/**
 * luztar_plot_get_marks:
 * @self: a plot
 * @n: (out): how many instants are marked
 *
 * Returns: (transfer none) (array length=n): the marked instants (s)
 */
const double *
luztar_plot_get_marks (LuztarPlot *self,
                       guint      *n)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  *n = self->marks->len;
  return (const double *) (const void *) self->marks->data;
}

/**
 * luztar_plot_set_titles:
 * @self: a plot
 * @y_title: (nullable): the title of the left axis, instead of the one
 *   made from the variables shown
 * @empty_text: (nullable): what an empty plot says, instead of "No run
 *   yet"
 */
void
luztar_plot_set_titles (LuztarPlot *self,
                        const char *y_title,
                        const char *empty_text)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));

  luztar_set_str (&self->y_title_text, y_title);
  luztar_set_str (&self->empty_text, empty_text);
  self->layout.serial = 0;
  invalidate (self);
}

/**
 * luztar_plot_set_phase:
 * @self: a phase portrait
 * @x: the horizontal variable (a position)
 * @y: the vertical variable (its velocity)
 * @mode_element: the element whose mode colours the trajectory, or −1
 *   for one colour
 */
void
luztar_plot_set_phase (LuztarPlot         *self,
                       const LuztarSeries *x,
                       const LuztarSeries *y,
                       int                 mode_element)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (x != NULL && y != NULL);

  self->phase_x = *x;
  self->phase_y = *y;
  self->mode_element = mode_element;
  if (self->trace != NULL && mode_element >= (int) lz_trace_get_n_elements (self->trace))
    self->mode_element = -1;
  rebuild_lines (self);
  update_data (self, self->live ? LIVE_BUDGET_US : -1);
  invalidate (self);
}

/**
 * luztar_plot_set_time_range:
 * @self: a plot over time
 * @t0: the start (s)
 * @t1: the end (s), > @t0
 *
 * The time axis shows [@t0, @t1] when autoscaled (the run's time span),
 * rather than the data's.
 */
void
luztar_plot_set_time_range (LuztarPlot *self,
                            double      t0,
                            double      t1)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  g_return_if_fail (isfinite (t0) && isfinite (t1) && t1 > t0);

  self->have_time_range = TRUE;
  self->t0 = t0;
  self->t1 = t1;
  if (autoscale (self))
    invalidate (self);
}

void
luztar_plot_unset_time_range (LuztarPlot *self)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  self->have_time_range = FALSE;
  self->ranges_valid = FALSE;
  if (autoscale (self))
    invalidate (self);
}

/**
 * luztar_plot_set_cursor:
 * @self: a plot
 * @t: a time (s), or NAN to hide the cursor
 *
 * Shows a vertical line with the values at @t (a marker on the
 * trajectory of a phase portrait).
 */
void
luztar_plot_set_cursor (LuztarPlot *self,
                        double      t)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  if (self->cursor == t || (isnan (self->cursor) && isnan (t)))
    return;
  self->cursor = t;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
luztar_plot_get_cursor (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NAN);
  return self->cursor;
}

/**
 * luztar_plot_reset_view:
 * @self: a plot
 *
 * Back to autoscaled ranges after zooming or panning (double click).
 */
void
luztar_plot_reset_view (LuztarPlot *self)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  self->x_auto = TRUE;
  self->y_auto = TRUE;
  self->ranges_valid = FALSE;
  autoscale (self);
  invalidate (self);
}

void
luztar_plot_get_x_range (LuztarPlot *self,
                         double     *lo,
                         double     *hi)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  *lo = self->x_lo;
  *hi = self->x_hi;
}

void
luztar_plot_get_y_range (LuztarPlot *self,
                         double     *lo,
                         double     *hi)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  *lo = self->y_lo;
  *hi = self->y_hi;
}

/**
 * luztar_plot_get_n_rows:
 * @self: a plot
 *
 * Returns: the rows of the trace the plot has taken so far
 */
guint
luztar_plot_get_n_rows (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), 0);
  return self->n_rows;
}

/**
 * luztar_plot_get_mode_timeline:
 * @self: a mode timeline plot
 *
 * Returns: (transfer none) (nullable): its intervals, %NULL for other kinds
 */
const LuztarModeTimeline *
luztar_plot_get_mode_timeline (LuztarPlot *self)
{
  g_return_val_if_fail (LUZTAR_IS_PLOT (self), NULL);
  return self->timeline;
}

/**
 * luztar_plot_get_timings:
 * @self: a plot
 * @update_us: (out) (optional): the last tick's work (taking rows), µs
 * @snapshot_us: (out) (optional): the last snapshot's, µs
 */
void
luztar_plot_get_timings (LuztarPlot *self,
                         double     *update_us,
                         double     *snapshot_us)
{
  g_return_if_fail (LUZTAR_IS_PLOT (self));
  if (update_us != NULL)
    *update_us = self->update_us;
  if (snapshot_us != NULL)
    *snapshot_us = self->snapshot_us;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                    */

static void
luztar_plot_constructed (GObject *object)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  G_OBJECT_CLASS (luztar_plot_parent_class)->constructed (object);
  if (self->kind == LUZTAR_PLOT_MODES || self->kind == LUZTAR_PLOT_TIME_SERIES)
    self->timeline = luztar_mode_timeline_new ();
  if (self->kind == LUZTAR_PLOT_ENERGY)
    rebuild_lines (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, kind_name (self->kind),
                                  -1);
  autoscale (self);
}

static void
luztar_plot_dispose (GObject *object)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  G_OBJECT_CLASS (luztar_plot_parent_class)->dispose (object);
}

static void
luztar_plot_finalize (GObject *object)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  g_ptr_array_unref (self->lines);
  g_array_unref (self->series);
  g_clear_pointer (&self->trace, lz_trace_unref);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->timeline, luztar_mode_timeline_free);
  g_clear_pointer (&self->stick_wanted, g_free);
  g_clear_pointer (&self->frame_node, gsk_render_node_unref);
  g_clear_pointer (&self->phase_surface, cairo_surface_destroy);
  cairo_destroy (self->measure_cr);
  cairo_surface_destroy (self->measure_surface);
  g_array_unref (self->marks);
  g_ptr_array_unref (self->mark_texts);
  g_free (self->marks_label);
  g_free (self->y_title_text);
  g_free (self->empty_text);
  G_OBJECT_CLASS (luztar_plot_parent_class)->finalize (object);
}

static void
luztar_plot_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = (LuztarPlotKind) g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_plot_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  LuztarPlot *self = LUZTAR_PLOT (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, (int) self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_plot_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  LuztarPlot *self = LUZTAR_PLOT (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 160;
      *natural = 480;
    }
  else
    {
      *minimum = self->kind == LUZTAR_PLOT_MODES ? 80 : 120;
      *natural = self->kind == LUZTAR_PLOT_MODES ? 140 : 240;
    }
}

static void
luztar_plot_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  invalidate (LUZTAR_PLOT (widget));
}

static void
luztar_plot_class_init (LuztarPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = luztar_plot_constructed;
  object_class->dispose = luztar_plot_dispose;
  object_class->finalize = luztar_plot_finalize;
  object_class->set_property = luztar_plot_set_property;
  object_class->get_property = luztar_plot_get_property;
  widget_class->snapshot = luztar_plot_snapshot;
  widget_class->measure = luztar_plot_measure;
  widget_class->size_allocate = luztar_plot_size_allocate;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, LUZTAR_PLOT_TIME_SERIES, LUZTAR_PLOT_ENERGY,
                      LUZTAR_PLOT_TIME_SERIES,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LuztarPlot::seek:
   * @plot: the plot
   * @t: the time clicked (s): an event's time when the click was on its
   *   marker in the mode timeline
   */
  signals[SIGNAL_SEEK] =
    g_signal_new ("seek", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_set_css_name (widget_class, "luztar-plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
luztar_plot_init (LuztarPlot *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->series = g_array_new (FALSE, FALSE, sizeof (LuztarSeries));
  self->marks = g_array_new (FALSE, FALSE, sizeof (double));
  self->mark_texts = g_ptr_array_new_with_free_func (g_free);
  self->mode_element = -1;
  self->cursor = NAN;
  self->emphasis = 1;
  self->x_auto = self->y_auto = TRUE;
  self->x_hi = self->y_hi = self->y2_hi = 1;
  self->phase_last_x = self->phase_last_y = NAN;
  self->layers[LAYER_FRAME] = (LuztarPlotLayer) { &frame_layer_class, self };
  self->layers[LAYER_DATA] = (LuztarPlotLayer) { &data_layer_class, self };
  self->layers[LAYER_CURSOR] = (LuztarPlotLayer) { &cursor_layer_class, self };
  self->measure_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  self->measure_cr = cairo_create (self->measure_surface);
  luztar_cairo_pin_font_options (self->measure_cr);

  self->style_manager = adw_style_manager_get_default ();
  self->dark = adw_style_manager_get_dark (self->style_manager);
  g_signal_connect_object (self->style_manager, "notify::dark", G_CALLBACK (on_dark_changed), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}
