/* luztar-sweep-map.c — the drawing of a sweep: a regime map or a
 * bifurcation diagram
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A regime map is a grid of cells, one per run of a two-parameter sweep,
 * coloured by a measure (viridis, the colour bar on the right); a
 * bifurcation diagram has the one parameter across and, above each of its
 * values, a dot per stroboscopic sample of a body's position.  Both fill
 * in as runs finish: the page hands over cells and dots, the widget
 * queues a draw (GTK draws at most once a frame).  An optional curve (a
 * closed-form boundary) is drawn over the cells with its legend.
 *
 * As the plots (docs/architecture.md, the live plots), everything is
 * drawn by one function on a cairo_t, luztar_sweep_map_draw(), which the
 * widget's snapshot and the PNG, SVG and PDF exports call alike.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "luztar-cairo.h"
#include "luztar-drawing.h"
#include "luztar-set.h"
#include "plot/luztar-plot-math.h"
#include "plot/luztar-sweep-map.h"
#include "plot/luztar-sweep-map-titles.h"

#define FONT_PX  11.0
#define TITLE_PX LUZTAR_MAP_TITLE_PX
#define BAR_W    16

/* Values that agree to this fraction (of their size, at least 1) colour
 * the map as one: the colour bar is widened to a unit about them. */
#define FLAT_RANGE_REL 1e-12

typedef enum
{
  KIND_NONE,
  KIND_MAP,
  KIND_BIFURCATION,
} Kind;

typedef struct
{
  char    *title;
  double  *values;
  guint    n;
  gboolean log;
} Axis;

typedef struct
{
  double r, g, b;
} Rgb;

struct _LuztarSweepMap
{
  GtkWidget parent_instance;

  Kind      kind;
  Axis      x, y;
  char     *title;
  char     *value_title;
  double   *cells;       /* x.n × y.n, row iy: NaN while not done */
  guint8   *state;       /* 0 not done, 1 done, 2 failed */
  guint     n_filled;
  GArray   *dots;        /* bifurcation: (ix, q) pairs as doubles */
  double    q_lo, q_hi;
  GArray   *curve;       /* (x, y) pairs */
  char     *curve_label;
  int       hi_x, hi_y;  /* the highlighted cell, −1: none */
  gboolean  dark;        /* the widget's style; exports are light */
  LuztarMapTitles titles; /* as last drawn (luztar-sweep-map-titles.c) */
};

G_DEFINE_FINAL_TYPE (LuztarSweepMap, luztar_sweep_map, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------------ */
/* Axes                                                                      */

static double
axis_t (const Axis *a,
        double      v)
{
  return a->log ? log10 (v) : v;
}

/* The axis's range in its own (linear or log10) scale: half a cell beyond
 * the first and last values. */
static void
axis_range (const Axis *a,
            double     *lo,
            double     *hi)
{
  double t0, t1, half;

  if (a->n == 0)
    {
      *lo = 0;
      *hi = 1;
      return;
    }
  t0 = axis_t (a, a->values[0]);
  t1 = axis_t (a, a->values[a->n - 1]);
  if (t0 > t1)
    {
      double s = t0;

      t0 = t1;
      t1 = s;
    }
  half = a->n > 1 ? (t1 - t0) / (a->n - 1) / 2 : MAX (fabs (t0) * 0.05, 0.5);
  *lo = t0 - half;
  *hi = t1 + half;
}

static void
axis_clear (Axis *a)
{
  g_clear_pointer (&a->title, g_free);
  g_clear_pointer (&a->values, g_free);
  a->n = 0;
  a->log = FALSE;
}

static void
axis_set (Axis                  *a,
          const LuztarSweepAxis *from)
{
  axis_clear (a);
  if (from == NULL)
    return;
  a->title = g_strdup (from->title);
  a->values = g_memdup2 (from->values, sizeof (double) * MAX (from->n, 1));
  a->n = from->n;
  a->log = from->log;
}

/* ------------------------------------------------------------------------ */
/* Colours                                                                   */

/* viridis at five stops, interpolated */
static Rgb
viridis (double s)
{
  static const Rgb stops[] = {
    { 0.267, 0.005, 0.329 }, { 0.229, 0.322, 0.546 }, { 0.128, 0.567, 0.551 },
    { 0.369, 0.789, 0.383 }, { 0.993, 0.906, 0.144 },
  };
  double x = CLAMP (s, 0, 1) * 4;
  guint i = MIN ((guint) x, 3);
  double f = x - i;

  return (Rgb) { stops[i].r + f * (stops[i + 1].r - stops[i].r),
                 stops[i].g + f * (stops[i + 1].g - stops[i].g),
                 stops[i].b + f * (stops[i + 1].b - stops[i].b) };
}

static void
ink (cairo_t *cr,
     gboolean dark,
     double   alpha)
{
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, alpha);
}

static int
text (cairo_t    *cr,
      const char *s,
      double      x,
      double      y,
      double      ax,
      double      ay,
      gboolean    bold)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, s, bold ? TITLE_PX : FONT_PX, bold);
  int w = luztar_cairo_show_layout (cr, layout, x, y, ax, ay, TRUE);

  g_object_unref (layout);
  return w;
}

static int
text_width (cairo_t    *cr,
            const char *s,
            int        *height)
{
  return luztar_cairo_text_width (cr, s, FONT_PX, FALSE, height);
}

/* The range of the finished cells' values. */
static gboolean
value_range (LuztarSweepMap *self,
             double         *lo,
             double         *hi)
{
  gboolean any = FALSE;

  *lo = INFINITY;
  *hi = -INFINITY;
  for (guint i = 0; self->cells != NULL && i < self->x.n * self->y.n; i++)
    if (self->state[i] == 1 && isfinite (self->cells[i]))
      {
        *lo = MIN (*lo, self->cells[i]);
        *hi = MAX (*hi, self->cells[i]);
        any = TRUE;
      }
  if (!any)
    {
      *lo = 0;
      *hi = 1;
    }
  else if (*hi - *lo < FLAT_RANGE_REL * MAX (1, fabs (*hi)))
    {
      *lo -= 0.5;
      *hi += 0.5;
    }
  return any;
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

typedef struct
{
  double px0, px1, py0, py1;   /* the plot area */
  LuztarAxis ax, ay;           /* in the axes' own scales */
  int th;
} Frame;

static void
draw_ticks (cairo_t    *cr,
            Frame      *f,
            const Axis *a,
            gboolean    vertical,
            gboolean    dark)
{
  const LuztarAxis *map = vertical ? &f->ay : &f->ax;
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  double span = vertical ? f->py1 - f->py0 : f->px1 - f->px0;
  guint n = luztar_plot_ticks (map->lo, map->hi, (guint) CLAMP (span / (vertical ? 44 : 90), 2, 10),
                               ticks, G_N_ELEMENTS (ticks), &step);
  double last = -INFINITY;

  for (guint i = 0; i < n; i++)
    {
      double p = round (luztar_axis_to_pixel (map, ticks[i])) + 0.5;
      g_autofree char *label = NULL;
      int w;

      if (a != NULL && a->log)
        {
          double v = pow (10, ticks[i]);

          label = g_strdup_printf ("%.3g", v);
        }
      else
        label = luztar_plot_format_tick (ticks[i], step);
      w = text_width (cr, label, NULL);
      ink (cr, dark, 0.45);
      cairo_set_line_width (cr, 1);
      if (vertical)
        {
          cairo_move_to (cr, f->px0 - 4, p);
          cairo_line_to (cr, f->px0, p);
          cairo_stroke (cr);
          ink (cr, dark, 0.75);
          text (cr, label, f->px0 - 7, p, 1, 0.5, FALSE);
        }
      else
        {
          cairo_move_to (cr, p, f->py1);
          cairo_line_to (cr, p, f->py1 + 4);
          cairo_stroke (cr);
          if (p - w / 2.0 < last + 6)
            continue;
          ink (cr, dark, 0.75);
          text (cr, label, p, f->py1 + 6, 0.5, 0, FALSE);
          last = p + w / 2.0;
        }
    }
}

static int
widest_tick (cairo_t *cr,
             double   lo,
             double   hi,
             gboolean log_axis)
{
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (lo, hi, 6, ticks, G_N_ELEMENTS (ticks), &step);
  int w = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = log_axis ? g_strdup_printf ("%.3g", pow (10, ticks[i]))
                                        : luztar_plot_format_tick (ticks[i], step);

      w = MAX (w, text_width (cr, label, NULL));
    }
  return w;
}

static void
cell_rect (LuztarSweepMap *self,
           Frame          *f,
           guint           ix,
           guint           iy,
           double         *x0,
           double         *y0,
           double         *x1,
           double         *y1)
{
  double lo, hi, half;

  axis_range (&self->x, &lo, &hi);
  half = self->x.n > 1 ? (hi - lo) / self->x.n / 2 : (hi - lo) / 2;
  *x0 = luztar_axis_to_pixel (&f->ax, axis_t (&self->x, self->x.values[ix]) - half);
  *x1 = luztar_axis_to_pixel (&f->ax, axis_t (&self->x, self->x.values[ix]) + half);
  if (self->kind != KIND_MAP)
    {
      *y0 = f->py0;
      *y1 = f->py1;
      return;
    }
  axis_range (&self->y, &lo, &hi);
  half = self->y.n > 1 ? (hi - lo) / self->y.n / 2 : (hi - lo) / 2;
  *y0 = luztar_axis_to_pixel (&f->ay, axis_t (&self->y, self->y.values[iy]) + half);
  *y1 = luztar_axis_to_pixel (&f->ay, axis_t (&self->y, self->y.values[iy]) - half);
}

static void
layout_frame (LuztarSweepMap *self,
              cairo_t        *cr,
              int             width,
              int             height,
              Frame          *f)
{
  double xlo, xhi, ylo, yhi;
  int right;

  text_width (cr, "0", &f->th);
  axis_range (&self->x, &xlo, &xhi);
  if (self->kind == KIND_MAP)
    axis_range (&self->y, &ylo, &yhi);
  else if (self->q_hi >= self->q_lo)
    {
      /* a nice range around every dot: the same whatever order the runs
       * finished in */
      luztar_plot_nice_range (self->q_lo, self->q_hi, 0.05, &ylo, &yhi);
      if (!(yhi > ylo))
        {
          ylo = self->q_lo - 0.5;
          yhi = self->q_lo + 0.5;
        }
    }
  else
    {
      ylo = -1;
      yhi = 1;
    }
  luztar_map_titles_set (&self->titles, LUZTAR_MAP_TITLE_X, self->x.title);
  luztar_map_titles_set (&self->titles, LUZTAR_MAP_TITLE_LEFT, self->kind == KIND_MAP ? self->y.title
                                                                : self->value_title);
  luztar_map_titles_set (&self->titles, LUZTAR_MAP_TITLE_BAR, self->kind == KIND_MAP ? self->value_title : NULL);
  /* the left and the colour bar's titles upright beside the plot when
   * they fit there whole, else on a line above it */
  for (int above = 0; above < 2; above++)
    {
      int column = above ? 0 : f->th + 8;

      right = self->kind == KIND_MAP ? 14 + BAR_W + 6 + widest_tick (cr, 0, 1, FALSE) + 8 + (above ? 0 : 6 + column)
                                     : 16;
      f->px0 = 12 + column + widest_tick (cr, ylo, yhi, self->y.log && self->kind == KIND_MAP) + 8;
      f->px1 = MAX (width - right, f->px0 + 20);
      f->py0 = above ? luztar_map_titles_line_y (f->th) + f->th + 8
                     : 10 + f->th + 10;   /* the heading's line */
      f->py1 = MAX (height - (8 + f->th + 4 + f->th + 6), f->py0 + 20);
      self->titles.above = above;
      if (luztar_map_titles_fit_beside (&self->titles, cr, f->py1 - f->py0))
        break;
    }
  luztar_map_titles_place (&self->titles, cr, width, f->th, (double[4]) { f->px0, f->py0, f->px1, f->py1 });
  f->ax = (LuztarAxis) { xlo, xhi, f->px0, f->px1 };
  f->ay = (LuztarAxis) { ylo, yhi, f->py1, f->py0 };
}

static void
draw_colour_bar (LuztarSweepMap *self,
                 cairo_t        *cr,
                 Frame          *f,
                 int             width,
                 gboolean        dark)
{
  double lo, hi, x = f->px1 + 14, ticks[LUZTAR_PLOT_MAX_TICKS], step;
  LuztarAxis bar;
  guint n;

  value_range (self, &lo, &hi);
  bar = (LuztarAxis) { lo, hi, f->py1, f->py0 };
  for (double y = f->py0; y < f->py1; y += 1)
    {
      Rgb c = viridis ((f->py1 - y - 0.5) / (f->py1 - f->py0));

      cairo_set_source_rgb (cr, c.r, c.g, c.b);
      cairo_rectangle (cr, x, y, BAR_W, 1);
      cairo_fill (cr);
    }
  ink (cr, dark, 0.45);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, x - 0.5, f->py0 - 0.5, BAR_W + 1, f->py1 - f->py0 + 1);
  cairo_stroke (cr);
  n = luztar_plot_ticks (lo, hi, (guint) CLAMP ((f->py1 - f->py0) / 44, 2, 8), ticks,
                         G_N_ELEMENTS (ticks), &step);
  for (guint i = 0; i < n; i++)
    {
      double y = round (luztar_axis_to_pixel (&bar, ticks[i])) + 0.5;
      g_autofree char *label = luztar_plot_format_tick (ticks[i], step);

      ink (cr, dark, 0.45);
      cairo_move_to (cr, x + BAR_W, y);
      cairo_line_to (cr, x + BAR_W + 4, y);
      cairo_stroke (cr);
      ink (cr, dark, 0.75);
      text (cr, label, x + BAR_W + 6, y, 0, 0.5, FALSE);
    }
}

/* Strokes the path white with a dark edge: seen on every colour of the map. */
static void
stroke_haloed (cairo_t *cr)
{
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
}

static void
draw_curve (LuztarSweepMap *self,
            cairo_t        *cr,
            Frame          *f,
            gboolean        dark)
{
  gboolean pen = FALSE;
  double lx;

  if (self->curve == NULL || self->curve->len < 2)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, f->px0, f->py0, f->px1 - f->px0, f->py1 - f->py0);
  cairo_clip (cr);
  for (guint i = 0; i < self->curve->len; i += 2)
    {
      double x = g_array_index (self->curve, double, i), y = g_array_index (self->curve, double, i + 1);
      double px, py;

      if (!isfinite (x) || !isfinite (y) || (self->x.log && x <= 0) || (self->y.log && y <= 0))
        {
          pen = FALSE;
          continue;
        }
      px = luztar_axis_to_pixel (&f->ax, axis_t (&self->x, x));
      py = luztar_axis_to_pixel (&f->ay, self->kind == KIND_MAP ? axis_t (&self->y, y) : y);
      py = CLAMP (py, f->py0 - 1000, f->py1 + 1000);
      if (pen)
        cairo_line_to (cr, px, py);
      else
        cairo_move_to (cr, px, py);
      pen = TRUE;
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  stroke_haloed (cr);
  cairo_restore (cr);

  /* its legend, in a box at the plot area's top right */
  if (self->curve_label != NULL
      && text_width (cr, self->curve_label, NULL) + 60 < f->px1 - f->px0)
    {
      int w = text_width (cr, self->curve_label, NULL);
      double bx = f->px1 - w - 8 - 34, by = f->py0 + 6, bh = f->th + 8;
      double y = by + bh / 2;

      cairo_rectangle (cr, bx, by, w + 8 + 30, bh);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
      text (cr, self->curve_label, f->px1 - 8, by + 4, 1, 0, FALSE);
      lx = bx + 4;
      cairo_move_to (cr, lx, y);
      cairo_line_to (cr, lx + 22, y);
      stroke_haloed (cr);
    }
}

static void
draw_all (LuztarSweepMap *self,
          cairo_t        *cr,
          int             width,
          int             height,
          gboolean        dark)
{
  Frame f;

  cairo_save (cr);
  if (dark)
    cairo_set_source_rgb (cr, 0.118, 0.118, 0.118);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  layout_frame (self, cr, width, height, &f);

  cairo_rectangle (cr, f.px0, f.py0, f.px1 - f.px0, f.py1 - f.py0);
  ink (cr, dark, dark ? 0.05 : 0.04);
  cairo_fill (cr);

  if (self->kind == KIND_NONE)
    {
      ink (cr, dark, 0.5);
      /* Translators: shown in the sweep page's map before a sweep */
      text (cr, _("Choose parameters and press Run Sweep"), (f.px0 + f.px1) / 2,
            (f.py0 + f.py1) / 2, 0.5, 0.5, FALSE);
      cairo_restore (cr);
      return;
    }

  if (self->kind == KIND_MAP)
    {
      double lo, hi;

      value_range (self, &lo, &hi);
      for (guint iy = 0; iy < self->y.n; iy++)
        for (guint ix = 0; ix < self->x.n; ix++)
          {
            guint i = iy * self->x.n + ix;
            double x0, y0, x1, y1;

            if (self->state[i] == 0)
              continue;
            cell_rect (self, &f, ix, iy, &x0, &y0, &x1, &y1);
            if (self->state[i] == 2 || !isfinite (self->cells[i]))
              cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
            else
              {
                Rgb c = viridis ((self->cells[i] - lo) / (hi - lo));

                cairo_set_source_rgb (cr, c.r, c.g, c.b);
              }
            /* whole pixels, overlapping a hair: no seams between cells */
            cairo_rectangle (cr, floor (x0), floor (y0), ceil (x1) - floor (x0) + 0.5,
                             ceil (y1) - floor (y0) + 0.5);
            cairo_fill (cr);
          }
      draw_colour_bar (self, cr, &f, width, dark);
    }
  else
    {
      cairo_save (cr);
      cairo_rectangle (cr, f.px0, f.py0, f.px1 - f.px0, f.py1 - f.py0);
      cairo_clip (cr);
      if (dark)
        cairo_set_source_rgba (cr, 0.384, 0.627, 0.918, 0.8);
      else
        cairo_set_source_rgba (cr, 0.10, 0.30, 0.70, 0.75);
      for (guint i = 0; i < self->dots->len; i += 2)
        {
          guint ix = (guint) g_array_index (self->dots, double, i);
          double q = g_array_index (self->dots, double, i + 1);
          double px = luztar_axis_to_pixel (&f.ax, axis_t (&self->x, self->x.values[ix]));
          double py = luztar_axis_to_pixel (&f.ay, q);

          cairo_arc (cr, px, py, 1.6, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_restore (cr);
    }
  draw_curve (self, cr, &f, dark);

  /* the hovered cell or column */
  if (self->hi_x >= 0 && (guint) self->hi_x < self->x.n
      && (self->kind != KIND_MAP || ((guint) self->hi_y < self->y.n && self->hi_y >= 0)))
    {
      double x0, y0, x1, y1;

      cell_rect (self, &f, self->hi_x, MAX (self->hi_y, 0), &x0, &y0, &x1, &y1);
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgba (cr, 1, 0.35, 0.1, 0.95);
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_stroke (cr);
    }

  /* the frame, the ticks and the titles */
  cairo_set_line_width (cr, 1);
  ink (cr, dark, 0.45);
  cairo_rectangle (cr, f.px0 - 0.5, f.py0 - 0.5, f.px1 - f.px0 + 1, f.py1 - f.py0 + 1);
  cairo_stroke (cr);
  draw_ticks (cr, &f, &self->x, FALSE, dark);
  draw_ticks (cr, &f, self->kind == KIND_MAP ? &self->y : NULL, TRUE, dark);
  ink (cr, dark, 0.8);
  luztar_map_titles_draw (&self->titles, cr);
  if (self->title != NULL)
    {
      PangoLayout *layout = luztar_cairo_layout_new (cr, self->title, TITLE_PX, TRUE);

      pango_layout_set_width (layout, (int) (MAX (width - f.px0 - 8, 10) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      luztar_cairo_show_layout (cr, layout, f.px0, 10, 0, 0, TRUE);
      g_object_unref (layout);
    }
  cairo_restore (cr);
}

static void
luztar_sweep_map_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  LuztarSweepMap *self = LUZTAR_SWEEP_MAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  luztar_cairo_pin_font_options (cr);
  draw_all (self, cr, width, height, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  cairo_destroy (cr);
}

static void
export_draw (cairo_t  *cr,
             int       width,
             int       height,
             gpointer  data)
{
  LuztarSweepMap *self = data;
  LuztarMapTitles shown = self->titles;

  /* the light style, whatever the window's; the titles where the widget
   * shows them kept for its tooltip */
  memset (&self->titles, 0, sizeof self->titles);
  draw_all (self, cr, width, height, FALSE);
  luztar_map_titles_clear (&self->titles);
  self->titles = shown;
}

/**
 * luztar_sweep_map_export:
 * @self: a map
 * @path: a file ending in .png, .svg or .pdf (any case)
 * @width: pixels (points for PDF)
 * @height: pixels
 * @error: return location for a #GError
 *
 * Returns: whether the file was written
 */
gboolean
luztar_sweep_map_export (LuztarSweepMap *self,
                         const char     *path,
                         int             width,
                         int             height,
                         GError        **error)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_MAP (self), FALSE);
  return luztar_cairo_export (path, width, height, export_draw, self, error);
}

/* ------------------------------------------------------------------------ */
/* Data                                                                      */

/* Frees what a map or a diagram holds (the lists of dots and curve
 * points stay, emptied). */
static void
free_data (LuztarSweepMap *self)
{
  axis_clear (&self->x);
  axis_clear (&self->y);
  g_clear_pointer (&self->value_title, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->cells, g_free);   /* and the states after them */
  self->state = NULL;
  g_clear_pointer (&self->curve_label, g_free);
}

/* The cells' values and states for @n cells, in one block: the values
 * NAN, the states 0 (not done). */
static void
alloc_cells (LuztarSweepMap *self,
             guint           n)
{
  self->cells = g_malloc (n * (sizeof (double) + 1));
  self->state = (guint8 *) (self->cells + n);
  memset (self->state, 0, n);
  for (guint i = 0; i < n; i++)
    self->cells[i] = NAN;
}

static void
clear (LuztarSweepMap *self)
{
  self->kind = KIND_NONE;
  free_data (self);
  g_array_set_size (self->dots, 0);
  g_array_set_size (self->curve, 0);
  self->n_filled = 0;
  self->hi_x = self->hi_y = -1;
  self->q_lo = -1;
  self->q_hi = 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A new map or diagram of @kind over @x, its values titled @title. */
static void
begin (LuztarSweepMap        *self,
       Kind                   kind,
       const LuztarSweepAxis *x,
       const char            *title)
{
  clear (self);
  self->kind = kind;
  axis_set (&self->x, x);
  self->value_title = g_strdup (title);
}

/**
 * luztar_sweep_map_set_grid:
 * @self: a map
 * @x: the fast parameter, across
 * @y: the slow parameter, up
 * @value_title: what colours the cells, with its unit
 *
 * Starts an empty regime map.
 */
void
luztar_sweep_map_set_grid (LuztarSweepMap        *self,
                           const LuztarSweepAxis *x,
                           const LuztarSweepAxis *y,
                           const char            *value_title)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  begin (self, KIND_MAP, x, value_title);
  axis_set (&self->y, y);
  alloc_cells (self, MAX (self->x.n * self->y.n, 1));
}

/**
 * luztar_sweep_map_set_bifurcation:
 * @self: a map
 * @x: the parameter, across
 * @y_title: what the dots are, with its unit
 *
 * Starts an empty bifurcation diagram.
 */
void
luztar_sweep_map_set_bifurcation (LuztarSweepMap        *self,
                                  const LuztarSweepAxis *x,
                                  const char            *y_title)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  begin (self, KIND_BIFURCATION, x, y_title);
  alloc_cells (self, MAX (self->x.n, 1));
  self->q_lo = INFINITY;
  self->q_hi = -INFINITY;
}

void
luztar_sweep_map_set_cell (LuztarSweepMap *self,
                           guint           ix,
                           guint           iy,
                           double          value,
                           gboolean        failed)
{
  guint i;

  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  g_return_if_fail (self->kind == KIND_MAP && ix < self->x.n && iy < self->y.n);
  i = iy * self->x.n + ix;
  if (self->state[i] == 0)
    self->n_filled++;
  self->cells[i] = value;
  self->state[i] = failed ? 2 : 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_sweep_map_add_dots:
 * @self: a bifurcation diagram
 * @ix: the parameter's value
 * @q: the strobe samples (NaN are left out)
 * @n: how many
 */
void
luztar_sweep_map_add_dots (LuztarSweepMap *self,
                           guint           ix,
                           const double   *q,
                           guint           n)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  g_return_if_fail (self->kind == KIND_BIFURCATION && ix < self->x.n);
  if (self->state[ix] == 0)
    self->n_filled++;
  self->state[ix] = 1;
  for (guint k = 0; k < n; k++)
    {
      double pair[2] = { ix, q[k] };

      if (!isfinite (q[k]))
        continue;
      g_array_append_vals (self->dots, pair, 2);
      self->q_lo = MIN (self->q_lo, q[k]);
      self->q_hi = MAX (self->q_hi, q[k]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_sweep_map_set_curve:
 * @self: a map
 * @x: (array length=n): values of the across parameter
 * @y: (array length=n): values up (non-finite: a break)
 * @n: how many points
 * @label: (nullable): its legend
 */
void
luztar_sweep_map_set_curve (LuztarSweepMap *self,
                            const double   *x,
                            const double   *y,
                            guint           n,
                            const char     *label)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  g_array_set_size (self->curve, 0);
  for (guint i = 0; i < n; i++)
    {
      double pair[2] = { x[i], y[i] };

      g_array_append_vals (self->curve, pair, 2);
    }
  luztar_set_str (&self->curve_label, label);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_sweep_map_pick:
 * @self: a map
 * @x: a point of the widget
 * @y: a point of the widget
 * @ix: (out): the cell's (or the column's) index across
 * @iy: (out): the cell's index up (0 in a bifurcation diagram)
 *
 * Returns: whether the point is on a cell (or a column)
 */
gboolean
luztar_sweep_map_pick (LuztarSweepMap *self,
                       double          x,
                       double          y,
                       guint          *ix,
                       guint          *iy)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  cairo_surface_t *surface;
  cairo_t *cr;
  Frame f;
  double best = INFINITY;
  gboolean found = FALSE;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_MAP (self), FALSE);
  if (self->kind == KIND_NONE || width <= 0 || height <= 0)
    return FALSE;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  luztar_cairo_pin_font_options (cr);
  layout_frame (self, cr, width, height, &f);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (x < f.px0 || x > f.px1 || y < f.py0 || y > f.py1)
    return FALSE;
  for (guint i = 0; i < self->x.n; i++)
    {
      double d = fabs (luztar_axis_to_pixel (&f.ax, axis_t (&self->x, self->x.values[i])) - x);

      if (d < best)
        {
          best = d;
          *ix = i;
          found = TRUE;
        }
    }
  *iy = 0;
  if (self->kind == KIND_MAP)
    {
      best = INFINITY;
      for (guint i = 0; i < self->y.n; i++)
        {
          double d = fabs (luztar_axis_to_pixel (&f.ay, axis_t (&self->y, self->y.values[i])) - y);

          if (d < best)
            {
              best = d;
              *iy = i;
            }
        }
    }
  return found;
}

/**
 * luztar_sweep_map_set_title:
 * @self: a map
 * @title: (nullable): the heading above the map (the model's name)
 */
void
luztar_sweep_map_set_title (LuztarSweepMap *self,
                            const char     *title)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  luztar_set_str (&self->title, title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
luztar_sweep_map_set_highlight (LuztarSweepMap *self,
                                int             ix,
                                int             iy)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_MAP (self));
  if (self->hi_x == ix && self->hi_y == iy)
    return;
  self->hi_x = ix;
  self->hi_y = iy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/** luztar_sweep_map_get_n_filled: Returns: the cells (columns) done so far */
guint
luztar_sweep_map_get_n_filled (LuztarSweepMap *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_MAP (self), 0);
  return self->n_filled;
}

/* ------------------------------------------------------------------------ */

GtkWidget *
luztar_sweep_map_new (void)
{
  return g_object_new (LUZTAR_TYPE_SWEEP_MAP, NULL);
}

static void
luztar_sweep_map_finalize (GObject *object)
{
  LuztarSweepMap *self = LUZTAR_SWEEP_MAP (object);

  free_data (self);
  luztar_map_titles_clear (&self->titles);
  g_array_unref (self->dots);
  g_array_unref (self->curve);
  G_OBJECT_CLASS (luztar_sweep_map_parent_class)->finalize (object);
}

/* A title shown by its name says itself whole. */
static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip)
{
  const char *whole = luztar_map_titles_tooltip (&LUZTAR_SWEEP_MAP (widget)->titles, x, y);

  if (whole == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, whole);
  return TRUE;
}

/**
 * luztar_sweep_map_get_titles:
 * @self: a map
 *
 * Returns: (transfer none): its titles where it last drew them
 */
const LuztarMapTitles *
luztar_sweep_map_get_titles (LuztarSweepMap *self)
{
  return &self->titles;
}

static void
luztar_sweep_map_class_init (LuztarSweepMapClass *klass)
{
  static const LuztarDrawingSize size = { 200, 640, 140, 400 };
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = luztar_sweep_map_finalize;
  widget_class->snapshot = luztar_sweep_map_snapshot;
  luztar_drawing_class_init (widget_class, "luztar-sweep-map", &size);
}

static void
luztar_sweep_map_init (LuztarSweepMap *self)
{
  self->dots = g_array_new (FALSE, FALSE, sizeof (double));
  self->curve = g_array_new (FALSE, FALSE, sizeof (double));
  self->hi_x = self->hi_y = -1;
  self->q_lo = -1;
  self->q_hi = 1;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
