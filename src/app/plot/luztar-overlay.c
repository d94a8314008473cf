/* luztar-overlay.c — both methods on one plot: the event-driven and the
 * time-stepping trace of a body, two mode rows per element, the largest
 * difference
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A LuztarOverlay draws two traces of one model (a LuztarCompare's) over
 * each other: the position of a chosen body against time, event-driven
 * in blue and time-stepping in orange, named with its step in the legend;
 * under it, for each nonsmooth element, two strips of its modes (one per
 * method, luztar_mode_timeline of plot-math), on the same time axis.  The
 * largest |q_ed − q_ts| over the instants both traces share (sim/
 * luztar-compare.c) is marked with a dashed line and said in words, which
 * are also the widget's accessible description.
 *
 * One drawing function draws the widget and its exports (PNG, SVG, PDF
 * through luztar_cairo_export()); a .csv export writes both traces side by
 * side on their common instants.  The traces are finished when they are
 * given: nothing here runs live.
 */

#include "config.h"

#include <math.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-overlay.h"
#include "luztar-cairo.h"
#include "luztar-drawing.h"
#include "luztar-plot-math.h"
#include "luztar-set.h"
#include "sim/luztar-compare.h"
#include "sim/luztar-modes.h"

/* Pixels: the margins of the axes, a strip of the mode timeline, the gap
 * between two elements' pairs of strips, the text. */
#define MARGIN_LEFT   72
#define MARGIN_RIGHT  18
#define LEGEND_HEIGHT 26
#define AXIS_HEIGHT   34
#define STRIP_HEIGHT  13
#define STRIP_GAP      7
#define MODE_LEGEND   22
#define MIN_PLOT      60
#define FONT_PX       12.0

/* The two methods' colours (sRGB): blue and orange, apart for colour-blind
 * readers too. */
static const double method_rgb[2][3] = {
  { 0.11, 0.44, 0.85 },
  { 0.90, 0.38, 0.00 },
};
static const double line_width[2] = { 4.5, 1.5 };

struct _LuztarOverlay
{
  GtkWidget            parent_instance;

  /* Owned */
  LzModel             *model;
  LzTrace             *traces[2];   /* indexed by LuztarMethod */
  LuztarModeTimeline  *timelines[2];
  char                *summary;
  double               step;
  guint                body;
  double               difference;
  double               difference_t;
  guint                compared;
};

G_DEFINE_FINAL_TYPE (LuztarOverlay, luztar_overlay, GTK_TYPE_WIDGET)

GtkWidget *
luztar_overlay_new (void)
{
  return g_object_new (LUZTAR_TYPE_OVERLAY, NULL);
}

static gboolean
has_runs (LuztarOverlay *self)
{
  return self->model != NULL && self->traces[0] != NULL && self->traces[1] != NULL
         && self->body < lz_trace_get_n_bodies (self->traces[0]);
}

static const char *
body_unit (LuztarOverlay *self)
{
  const LzBody *body = lz_model_get_body (self->model, self->body);

  return body->kind == LZ_BODY_ROTATIONAL ? "rad" : "m";
}

/* The method's name as the legend and the CSV header have it. */
static char *
method_name (LuztarOverlay *self,
             LuztarMethod   method)
{
  if (method == LUZTAR_METHOD_EVENT_DRIVEN)
    return g_strdup (_("event-driven"));
  /* TRANSLATORS: the legend of the time-stepping trace; %g is its step in seconds */
  return g_strdup_printf (_("time-stepping, h = %g s"), self->step);
}

/* A screen reader hears the largest difference and what the strips show:
 * per element and method, how many intervals of each mode. */
static void
describe (LuztarOverlay *self)
{
  g_autoptr(GString) text = g_string_new (self->summary);

  for (guint s = 0; has_runs (self) && s < luztar_mode_timeline_get_n_strips (self->timelines[0]); s++)
    for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
      {
        guint element = luztar_mode_timeline_get_element (self->timelines[0], s);
        guint n = 0, count[LZ_MODE_N_MODES] = { 0 };
        g_autofree char *name = method_name (self, m);
        const LuztarModeInterval *iv = NULL;

        for (guint k = 0; k < luztar_mode_timeline_get_n_strips (self->timelines[m]); k++)
          if (luztar_mode_timeline_get_element (self->timelines[m], k) == element)
            iv = luztar_mode_timeline_get_intervals (self->timelines[m], k, &n);
        for (guint i = 0; i < n; i++)
          count[MIN (iv[i].mode, LZ_MODE_N_MODES - 1)]++;
        g_string_append_printf (text, "; %s (%s):", lz_trace_get_element_id (self->traces[m], element), name);
        for (guint mode = 0; mode < LZ_MODE_N_MODES; mode++)
          if (count[mode] > 0)
            /* Translators: in the mode timeline's description: a count and a mode, e.g. "17 × stick" */
            g_string_append_printf (text, _(" %u × %s"), count[mode], luztar_mode_get_label (mode));
      }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

/* The largest difference, in words and for screen readers. */
static void
update_summary (LuztarOverlay *self)
{
  g_clear_pointer (&self->summary, g_free);
  self->compared = 0;
  if (has_runs (self))
    self->compared = luztar_compare_largest_difference (self->traces[0], self->traces[1], self->body,
                                                        &self->difference, &self->difference_t);
  if (self->compared > 0)
    /* TRANSLATORS: the largest difference between the two methods' positions
     * of a body: its id, the difference with its unit, the time */
    self->summary = g_strdup_printf (_("Largest |q_ed − q_ts| of %s: %.4g %s at t = %.6g s"),
                                     lz_model_get_body (self->model, self->body)->item.id,
                                     self->difference, body_unit (self), self->difference_t);
  else if (has_runs (self))
    self->summary = g_strdup (_("The two runs share no instant to compare."));
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_overlay_set_runs:
 * @self: an overlay
 * @model: (nullable): the model both traces are of
 * @event_driven: (nullable): its event-driven trace, finished
 * @time_stepping: (nullable): its time-stepping trace, finished
 * @step: the time step of @time_stepping, s
 */
void
luztar_overlay_set_runs (LuztarOverlay *self,
                         LzModel       *model,
                         LzTrace       *event_driven,
                         LzTrace       *time_stepping,
                         double         step)
{
  LzTrace *given[2] = { event_driven, time_stepping };

  g_return_if_fail (LUZTAR_IS_OVERLAY (self));

  luztar_set_model (&self->model, model);
  for (guint m = 0; m < 2; m++)
    {
      luztar_set_trace (&self->traces[m], given[m]);
      luztar_mode_timeline_reset (self->timelines[m]);
      if (given[m] != NULL)
        luztar_mode_timeline_update (self->timelines[m], given[m], lz_trace_get_n_samples (given[m]),
                                     lz_trace_get_n_events (given[m]));
    }
  self->step = step;
  if (model == NULL || self->body >= lz_model_get_n_bodies (model))
    self->body = 0;
  update_summary (self);
}

/**
 * luztar_overlay_set_body:
 * @self: an overlay
 * @body: the body whose position is drawn and compared
 */
void
luztar_overlay_set_body (LuztarOverlay *self,
                         guint          body)
{
  g_return_if_fail (LUZTAR_IS_OVERLAY (self));
  self->body = body;
  update_summary (self);
}

/**
 * luztar_overlay_get_summary:
 * @self: an overlay
 *
 * Returns: (nullable): the largest difference in words, as shown
 */
const char *
luztar_overlay_get_summary (LuztarOverlay *self)
{
  g_return_val_if_fail (LUZTAR_IS_OVERLAY (self), NULL);
  return self->summary;
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

typedef struct
{
  LuztarOverlay *self;
  gboolean       dark;
} DrawData;

static void
set_text_colour (cairo_t  *cr,
                 gboolean  dark,
                 double    alpha)
{
  if (dark)
    cairo_set_source_rgba (cr, 1, 1, 1, alpha);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, alpha);
}

/* The nonsmooth elements both timelines have strips of: strip s of the
 * event-driven timeline is element luztar_mode_timeline_get_element(). */
static guint
n_strips (LuztarOverlay *self)
{
  return luztar_mode_timeline_get_n_strips (self->timelines[0]);
}

/* One trace of the body as a line, one vertical stroke per pixel column
 * (the least and the greatest value in it) so that 10⁵ rows draw fast. */
static void
draw_trace (cairo_t          *cr,
            const LzTrace    *trace,
            guint             body,
            const LuztarAxis *x,
            const LuztarAxis *y)
{
  guint n = lz_trace_get_n_samples (trace);
  long column = G_MINLONG;
  double lo = 0, hi = 0, last = 0;

  for (guint r = 0; r < n; r++)
    {
      double px = luztar_axis_to_pixel (x, lz_trace_get_time (trace, r));
      double py = luztar_axis_to_pixel (y, lz_trace_get_q (trace, r, body));
      long c = lround (floor (px));

      if (!isfinite (py))
        continue;
      if (c != column)
        {
          if (column != G_MINLONG)
            {
              cairo_line_to (cr, column + 0.5, lo);
              cairo_line_to (cr, column + 0.5, hi);
              cairo_line_to (cr, column + 0.5, last);
            }
          else
            cairo_move_to (cr, px, py);
          column = c;
          lo = hi = py;
        }
      lo = MIN (lo, py);
      hi = MAX (hi, py);
      last = py;
    }
  if (column != G_MINLONG)
    {
      cairo_line_to (cr, column + 0.5, lo);
      cairo_line_to (cr, column + 0.5, hi);
      cairo_line_to (cr, column + 0.5, last);
    }
  cairo_stroke (cr);
}

static void
value_range (LuztarOverlay *self,
             double        *t_end,
             double        *lo,
             double        *hi)
{
  *t_end = 0;
  *lo = INFINITY;
  *hi = -INFINITY;
  for (guint m = 0; m < 2; m++)
    {
      guint n = lz_trace_get_n_samples (self->traces[m]);

      if (n > 0)
        *t_end = MAX (*t_end, lz_trace_get_time (self->traces[m], n - 1));
      for (guint r = 0; r < n; r++)
        {
          double q = lz_trace_get_q (self->traces[m], r, self->body);

          if (isfinite (q))
            *lo = MIN (*lo, q), *hi = MAX (*hi, q);
        }
    }
  if (!(*lo <= *hi))
    *lo = -1, *hi = 1;
  luztar_plot_nice_range (*lo, *hi, 0.05, lo, hi);
  if (!(*t_end > 0))
    *t_end = 1;
}

/* The legend: a line of each method's colour and its name; the largest
 * difference on the right. */
static void
draw_legend (LuztarOverlay *self,
             cairo_t       *cr,
             double         left,
             int            width,
             gboolean       dark)
{
  double x = left;

  for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
    {
      g_autofree char *name = method_name (self, m);
      g_autoptr(PangoLayout) layout = luztar_cairo_layout_new (cr, name, FONT_PX, FALSE);

      cairo_set_source_rgb (cr, method_rgb[m][0], method_rgb[m][1], method_rgb[m][2]);
      cairo_set_line_width (cr, line_width[m]);
      cairo_move_to (cr, x, LEGEND_HEIGHT / 2.0);
      cairo_line_to (cr, x + 22, LEGEND_HEIGHT / 2.0);
      cairo_stroke (cr);
      set_text_colour (cr, dark, 0.85);
      x += 28 + luztar_cairo_show_layout (cr, layout, x + 28, LEGEND_HEIGHT / 2.0, 0, 0.5, TRUE) + 18;
    }
  /* (left out where it does not fit: the page says it too) */
  if (self->summary != NULL
      && x + luztar_cairo_text_width (cr, self->summary, FONT_PX, TRUE, NULL) <= width - MARGIN_RIGHT)
    {
      g_autoptr(PangoLayout) layout = luztar_cairo_layout_new (cr, self->summary, FONT_PX, TRUE);

      set_text_colour (cr, dark, 0.9);
      luztar_cairo_show_layout (cr, layout, width - MARGIN_RIGHT, LEGEND_HEIGHT / 2.0, 1, 0.5, TRUE);
    }
}

/* The grid lines and numbers of AXIS (vertical lines for the time axis,
 * horizontal ones across ACROSS for the value axis). */
static void
draw_ticks (cairo_t          *cr,
            const LuztarAxis *axis,
            const LuztarAxis *across,
            gboolean          time_axis,
            double            labels_at,
            gboolean          dark)
{
  double ticks[LUZTAR_PLOT_MAX_TICKS], step;
  guint n = luztar_plot_ticks (axis->lo, axis->hi, time_axis ? 8 : 5, ticks, G_N_ELEMENTS (ticks), &step);

  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < n; i++)
    {
      double p = round (luztar_axis_to_pixel (axis, ticks[i])) + 0.5;
      g_autofree char *text = luztar_plot_format_tick (ticks[i], step);
      g_autoptr(PangoLayout) layout = luztar_cairo_layout_new (cr, text, FONT_PX - 1, FALSE);

      set_text_colour (cr, dark, 0.08);
      if (time_axis)
        cairo_move_to (cr, p, across->p1), cairo_line_to (cr, p, across->p0);
      else
        cairo_move_to (cr, across->p0, p), cairo_line_to (cr, across->p1, p);
      cairo_stroke (cr);
      set_text_colour (cr, dark, 0.7);
      if (time_axis)
        luztar_cairo_show_layout (cr, layout, p, labels_at, 0.5, 0, TRUE);
      else
        luztar_cairo_show_layout (cr, layout, labels_at, p, 1, 0.5, TRUE);
    }
}

static void
draw_axes (LuztarOverlay    *self,
           cairo_t          *cr,
           const LuztarAxis *x,
           const LuztarAxis *y,
           double            x_labels_at,
           gboolean          dark)
{
  g_autofree char *title = NULL;

  draw_ticks (cr, x, y, TRUE, x_labels_at, dark);
  draw_ticks (cr, y, x, FALSE, x->p0 - 6, dark);
  set_text_colour (cr, dark, 0.5);
  cairo_rectangle (cr, x->p0 + 0.5, y->p1 + 0.5, x->p1 - x->p0 - 1, y->p0 - y->p1 - 1);
  cairo_stroke (cr);
  /* TRANSLATORS: the y axis of the overlay of both methods: a body's id and a unit */
  title = g_strdup_printf (_("%s position (%s)"), lz_model_get_body (self->model, self->body)->item.id,
                           body_unit (self));
  set_text_colour (cr, dark, 0.8);
  luztar_cairo_show_rotated (cr, title, FONT_PX, 14, (y->p0 + y->p1) / 2, y->p0 - y->p1);
}

/* The events of a strip (impacts, switches): a tick up from BOTTOM, one
 * per pixel column. */
static void
draw_event_ticks (cairo_t                  *cr,
                  const LzTrace            *trace,
                  const LuztarModeTimeline *timeline,
                  guint                     strip,
                  const LuztarAxis         *x,
                  double                    bottom,
                  gboolean                  dark)
{
  guint ne = 0;
  const guint *events = luztar_mode_timeline_get_events (timeline, strip, &ne);
  double last = -INFINITY;

  for (guint i = 0; i < ne; i++)
    {
      LzEvent ev;
      double px;

      lz_trace_get_event (trace, events[i], &ev);
      px = round (luztar_axis_to_pixel (x, ev.t)) + 0.5;
      if (px == last)
        continue;
      last = px;
      cairo_move_to (cr, px, bottom);
      cairo_line_to (cr, px, bottom - STRIP_HEIGHT / 2);
    }
  set_text_colour (cr, dark, 0.75);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The label of an element's strip by METHOD: "f1 ED". */
static char *
strip_label (LuztarOverlay *self,
             guint          element,
             LuztarMethod   method)
{
  return g_strdup_printf ("%s %s", lz_trace_get_element_id (self->traces[method], element),
                          /* TRANSLATORS: short names of the methods beside the strips of
                           * the mode timeline */
                          method == LUZTAR_METHOD_EVENT_DRIVEN ? _("ED") : _("TS"));
}

/* Room on the left for the y axis's numbers and the strips' labels. */
static double
left_margin (LuztarOverlay *self,
             cairo_t       *cr)
{
  int widest = 0;

  for (guint s = 0; s < n_strips (self); s++)
    for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
      {
        g_autofree char *label = strip_label (self, luztar_mode_timeline_get_element (self->timelines[0], s), m);

        widest = MAX (widest, luztar_cairo_text_width (cr, label, FONT_PX - 1, FALSE, NULL));
      }
  return MAX (MARGIN_LEFT, widest + 18);
}

/* Two strips per element from TOP down: its modes by each method. */
static double
draw_timelines (LuztarOverlay    *self,
                cairo_t          *cr,
                const LuztarAxis *x,
                double            top,
                gboolean          dark)
{
  double row = top;
  guint present = 0;

  for (guint s = 0; s < n_strips (self); s++)
    {
      guint element = luztar_mode_timeline_get_element (self->timelines[0], s);

      for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
        {
          guint n = 0, strip = s;
          const LuztarModeInterval *iv;
          g_autofree char *label = strip_label (self, element, m);
          g_autoptr(PangoLayout) layout = luztar_cairo_layout_new (cr, label, FONT_PX - 1, FALSE);

          /* the same element's strip in the other timeline */
          for (guint k = 0; k < luztar_mode_timeline_get_n_strips (self->timelines[m]); k++)
            if (luztar_mode_timeline_get_element (self->timelines[m], k) == element)
              strip = k;
          iv = luztar_mode_timeline_get_intervals (self->timelines[m], strip, &n);
          for (guint i = 0; i < n; i++)
            {
              double rgb[3], x0 = luztar_axis_to_pixel (x, iv[i].t0), x1 = luztar_axis_to_pixel (x, iv[i].t1);

              luztar_mode_get_color (iv[i].mode, dark, rgb);
              cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
              cairo_rectangle (cr, x0, row, MAX (x1 - x0, 1), STRIP_HEIGHT - 2);
              cairo_fill (cr);
              present |= 1u << iv[i].mode;
            }
          draw_event_ticks (cr, self->traces[m], self->timelines[m], strip, x, row + STRIP_HEIGHT - 2, dark);
          cairo_set_source_rgb (cr, method_rgb[m][0], method_rgb[m][1], method_rgb[m][2]);
          cairo_rectangle (cr, x->p0 - 6, row, 3, STRIP_HEIGHT - 2);
          cairo_fill (cr);
          set_text_colour (cr, dark, 0.75);
          luztar_cairo_show_layout (cr, layout, x->p0 - 10, row + (STRIP_HEIGHT - 2) / 2.0, 1, 0.5, TRUE);
          row += STRIP_HEIGHT;
        }
      row += STRIP_GAP;
    }
  /* the modes' colours, in one line */
  {
    double lx = x->p0;

    for (LzMode mode = 0; mode < LZ_MODE_N_MODES && n_strips (self) > 0; mode++)
      {
        double rgb[3];
        g_autoptr(PangoLayout) layout = NULL;

        if (!(present & (1u << mode)))
          continue;
        luztar_mode_get_color (mode, dark, rgb);
        cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
        cairo_rectangle (cr, lx, row + 4, 12, 10);
        cairo_fill (cr);
        layout = luztar_cairo_layout_new (cr, luztar_mode_get_label (mode), FONT_PX - 1, FALSE);
        set_text_colour (cr, dark, 0.75);
        lx += 16 + luztar_cairo_show_layout (cr, layout, lx + 16, row + 9, 0, 0.5, TRUE) + 14;
      }
  }
  return row;
}

static void
draw (cairo_t  *cr,
      int       width,
      int       height,
      gpointer  data)
{
  DrawData *d = data;
  LuztarOverlay *self = d->self;
  double timeline_h, plot_bottom, t_end, lo, hi;
  LuztarAxis x, y;

  if (d->dark)
    cairo_set_source_rgb (cr, 0.14, 0.14, 0.14);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (!has_runs (self))
    {
      g_autoptr(PangoLayout) layout =
        luztar_cairo_layout_new (cr, _("Run both methods (F9) to see them over each other"), FONT_PX, FALSE);

      set_text_colour (cr, d->dark, 0.55);
      luztar_cairo_show_layout (cr, layout, width / 2.0, height / 2.0, 0.5, 0.5, TRUE);
      return;
    }
  timeline_h = n_strips (self) > 0 ? n_strips (self) * (2 * STRIP_HEIGHT + STRIP_GAP) + MODE_LEGEND : 0;
  plot_bottom = MAX (LEGEND_HEIGHT + MIN_PLOT, height - AXIS_HEIGHT - timeline_h);
  value_range (self, &t_end, &lo, &hi);
  x = (LuztarAxis) { 0, t_end, left_margin (self, cr), width - MARGIN_RIGHT };
  y = (LuztarAxis) { lo, hi, plot_bottom, LEGEND_HEIGHT + 4 };

  draw_legend (self, cr, x.p0, width, d->dark);
  draw_axes (self, cr, &x, &y, plot_bottom + 4, d->dark);
  {
    /* (the time axis's title after its numbers) */
    g_autoptr(PangoLayout) layout = luztar_cairo_layout_new (cr, _("Time (s)"), FONT_PX - 1, FALSE);

    set_text_colour (cr, d->dark, 0.7);
    luztar_cairo_show_layout (cr, layout, width - MARGIN_RIGHT, plot_bottom + 18, 1, 0, TRUE);
  }
  cairo_save (cr);
  cairo_rectangle (cr, x.p0, y.p1, x.p1 - x.p0, y.p0 - y.p1);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  /* the event-driven line wide, time-stepping thin over it: where they
   * agree both show, a blue band round an orange line */
  for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
    {
      cairo_set_source_rgb (cr, method_rgb[m][0], method_rgb[m][1], method_rgb[m][2]);
      cairo_set_line_width (cr, line_width[m]);
      draw_trace (cr, self->traces[m], self->body, &x, &y);
    }
  cairo_restore (cr);
  /* where the methods differ most, over the plot and the strips */
  if (self->compared > 0)
    {
      double px = round (luztar_axis_to_pixel (&x, self->difference_t)) + 0.5;

      set_text_colour (cr, d->dark, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
      cairo_move_to (cr, px, y.p1);
      cairo_line_to (cr, px, height - (n_strips (self) > 0 ? MODE_LEGEND : 0));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  draw_timelines (self, cr, &x, plot_bottom + AXIS_HEIGHT, d->dark);
}

static void
luztar_overlay_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  DrawData d = { LUZTAR_OVERLAY (widget), adw_style_manager_get_dark (adw_style_manager_get_default ()) };
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw (cr, width, height, &d);
  cairo_destroy (cr);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                    */

/* Both traces side by side at the instants they share: t, then each
 * body's q and v by the event-driven method and by time-stepping. */
static gboolean
write_csv (LuztarOverlay  *self,
           const char     *path,
           GError        **error)
{
  g_autoptr(GString) text = g_string_new ("t");
  const LzTrace *a = self->traces[0], *b = self->traces[1];
  guint na = lz_trace_get_n_samples (a), nb = lz_trace_get_n_samples (b), nbodies = lz_trace_get_n_bodies (a);
  guint i = 0, j = 0;

  for (guint k = 0; k < nbodies; k++)
    {
      const char *id = lz_trace_get_body_id (a, k);

      g_string_append_printf (text, ",%s.q.event,%s.q.timestep,%s.v.event,%s.v.timestep", id, id, id, id);
    }
  g_string_append_c (text, '\n');
  while (i < na && j < nb)
    {
      double ta = lz_trace_get_time (a, i), tb = lz_trace_get_time (b, j);

      if (ta != tb)
        {
          i += ta < tb;
          j += tb < ta;
          continue;
        }
      g_string_append_printf (text, "%.17g", ta);
      for (guint k = 0; k < nbodies; k++)
        g_string_append_printf (text, ",%.17g,%.17g,%.17g,%.17g", lz_trace_get_q (a, i, k),
                                lz_trace_get_q (b, j, k), lz_trace_get_v (a, i, k), lz_trace_get_v (b, j, k));
      g_string_append_c (text, '\n');
      /* (the first of an event's two rows at a shared instant) */
      while (i < na && lz_trace_get_time (a, i) == ta)
        i++;
      while (j < nb && lz_trace_get_time (b, j) == tb)
        j++;
    }
  return lz_file_replace (path, text->str, text->len, error);
}

/**
 * luztar_overlay_export:
 * @self: an overlay with both runs
 * @path: a file ending in .png, .svg, .pdf (the picture) or .csv (both
 *   traces at their common instants)
 * @width: the picture's width, pixels
 * @height: its height
 * @error: why it was not written
 *
 * Returns: whether the file was written
 */
gboolean
luztar_overlay_export (LuztarOverlay  *self,
                       const char     *path,
                       int             width,
                       int             height,
                       GError        **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  DrawData d = { self, FALSE };

  g_return_val_if_fail (LUZTAR_IS_OVERLAY (self), FALSE);
  if (!has_runs (self))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                   _("Nothing to export yet: run both methods first (F9)."));
      return FALSE;
    }
  if (g_str_has_suffix (lower, ".csv"))
    return write_csv (self, path, error);
  return luztar_cairo_export (path, width, height, draw, &d, error);
}

/* ------------------------------------------------------------------------ */

static void
luztar_overlay_dispose (GObject *object)
{
  LuztarOverlay *self = LUZTAR_OVERLAY (object);

  g_clear_pointer (&self->model, lz_model_unref);
  for (guint m = 0; m < 2; m++)
    {
      g_clear_pointer (&self->traces[m], lz_trace_unref);
      g_clear_pointer (&self->timelines[m], luztar_mode_timeline_free);
    }
  g_clear_pointer (&self->summary, g_free);
  G_OBJECT_CLASS (luztar_overlay_parent_class)->dispose (object);
}

static void
luztar_overlay_class_init (LuztarOverlayClass *klass)
{
  static const LuztarDrawingSize size = { 300, 600, 160, 300 };
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = luztar_overlay_dispose;
  widget_class->snapshot = luztar_overlay_snapshot;
  luztar_drawing_class_init (widget_class, "luztar-overlay", &size);
}

static void
luztar_overlay_init (LuztarOverlay *self)
{
  self->timelines[0] = luztar_mode_timeline_new ();
  self->timelines[1] = luztar_mode_timeline_new ();
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Both methods over each other"), -1);
  luztar_drawing_follow_style (GTK_WIDGET (self));
}
