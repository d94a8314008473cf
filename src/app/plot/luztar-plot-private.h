/* luztar-plot-private.h — what the files of the live plot share: its fields, lines, layout and layers
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * LuztarPlot is one widget in several files (src/app/plot/README.md):
 * luztar-plot.c (the widget, its API, live updates, pointer),
 * luztar-plot-lines.c (what is shown: lines, ranges, rows taken),
 * luztar-plot-frame.c (layout and the frame layer),
 * luztar-plot-data.c (the data layer) and luztar-plot-cursor.c (the
 * cursor layer, hover readout and picking).  Only they include this.
 */

#pragma once

#include <adwaita.h>

#include "luztar-plot.h"
#include "luztar-cairo.h"
#include "luztar-plot-panels.h"

G_BEGIN_DECLS

#define ROWS_PER_CHUNK     4096      /* rows indexed between two looks at the clock */
#define FONT_PX            11.0
#define TITLE_PX           11.5

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

/* An axis: the left, the right, or AXIS_PANEL + k: the stacked panel k. */
enum { AXIS_LEFT, AXIS_RIGHT, AXIS_PANEL };

static inline gboolean
on_axis (const Line *line,
         int         axis)
{
  return axis >= AXIS_PANEL ? line->panel == (guint) (axis - AXIS_PANEL) : line->right == (axis == AXIS_RIGHT);
}

static inline double
line_row_value (gconstpointer data,
                guint         row)
{
  const Line *line = data;

  return luztar_series_get_value (&line->series, line->trace, row);
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

static inline void
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

static inline Rgb
series_colour (LuztarPlot *self,
               guint       i)
{
  return self->dark ? palette_dark[i % G_N_ELEMENTS (palette_dark)]
                    : palette_light[i % G_N_ELEMENTS (palette_light)];
}

static inline Rgb
ink (LuztarPlot *self)
{
  return self->dark ? (Rgb) { 1, 1, 1 } : (Rgb) { 0, 0, 0 };
}

static inline Rgb
background (LuztarPlot *self)
{
  /* libadwaita's view background */
  return self->dark ? (Rgb) { 0.118, 0.118, 0.118 } : (Rgb) { 1, 1, 1 };
}

static inline Rgb
accent (LuztarPlot *self)
{
  return self->dark ? (Rgb) { 0.471, 0.682, 0.929 } : (Rgb) { 0.110, 0.443, 0.847 };
}

static inline void
set_rgba (cairo_t *cr,
          Rgb      c,
          double   alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* The marked instants: red, apart from the first series' blue */
static inline Rgb
mark_colour (LuztarPlot *self)
{
  return series_colour (self, 4);
}

static inline int
text_width (LuztarPlot *self,
            const char *text,
            int        *height)
{
  return luztar_cairo_text_width (self->measure_cr, text, FONT_PX * self->emphasis, FALSE, height);
}

/* Draws @text with its anchor (@ax, @ay: 0 left/top … 1 right/bottom) at
 * (@x, @y), on whole pixels; returns its width. */
static inline int
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
static inline void
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

static inline gboolean
is_time_kind (LuztarPlotKind kind)
{
  return kind != LUZTAR_PLOT_PHASE;
}

/* Whether the plot has a right axis: the energy's balance error, or a
 * time series' second unit. */
static inline gboolean
has_right_axis (LuztarPlot *self)
{
  return self->kind == LUZTAR_PLOT_ENERGY || (self->kind == LUZTAR_PLOT_TIME_SERIES && self->two_units);
}

/* ------------------------------------------------------------------------ */
/* Between the files                                                          */

/* luztar-plot.c */
void              luztar_plot_invalidate    (LuztarPlot         *self);

/* luztar-plot-lines.c */
void              luztar_plot_line_free     (gpointer            data);
const char       *luztar_plot_series_unit   (LuztarPlot         *self,
                                             const LuztarSeries *series);
char             *luztar_plot_series_label  (LuztarPlot         *self,
                                             const LuztarSeries *series);
void              luztar_plot_rebuild_lines (LuztarPlot         *self);
void              luztar_plot_visible_rows  (LuztarPlot         *self,
                                             double              lo,
                                             double              hi,
                                             guint              *r0,
                                             guint              *r1);
gboolean          luztar_plot_autoscale     (LuztarPlot         *self);
gboolean          luztar_plot_update_data   (LuztarPlot         *self,
                                             gint64              budget_us);

/* luztar-plot-frame.c */
char             *luztar_plot_y_title       (LuztarPlot         *self,
                                             int                 axis);
void              luztar_plot_ensure_layout (LuztarPlot         *self,
                                             int                 width,
                                             int                 height);
extern const LuztarPlotLayerClass luztar_plot_frame_layer;

/* luztar-plot-data.c */
const LuztarAxis *luztar_plot_line_axis     (LuztarPlot         *self,
                                             const Line         *line);
gboolean          luztar_plot_phase_sync    (LuztarPlot         *self,
                                             int                 scale,
                                             gint64              budget_us);
extern const LuztarPlotLayerClass luztar_plot_data_layer;

/* luztar-plot-cursor.c */
void              luztar_plot_draw_hover    (LuztarPlot         *self,
                                             cairo_t            *cr);
extern const LuztarPlotLayerClass luztar_plot_cursor_layer;

G_END_DECLS
