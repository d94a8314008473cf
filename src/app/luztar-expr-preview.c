/* luztar-expr-preview.c — a small plot of an expression in t
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The inspector shows one of these under every expression row (a force
 * F(t), a prescribed motion q(t), a ground motion), so the user sees the
 * shape of what they type before applying it.  The widget samples the
 * expression at LUZTAR_EXPR_PREVIEW_N_SAMPLES evenly spaced times over
 * [0, t_end] whenever the expression or t_end changes, and draws the
 * samples with luztar_expr_preview_draw(), a plain cairo function that an
 * export can call on any surface (docs/architecture.md, the live plots).
 *
 * Samples that are not finite (1/t at t = 0, log(t − 1) before t = 1) are
 * gaps in the curve and take no part in the autoscaled range: they are
 * never drawn, clamped or replaced.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <adwaita.h>

#include "luztar-expr-preview.h"
#include "luztar-drawing.h"
#include "luztar-set.h"
#include "luztar-cairo.h"

struct _LuztarExprPreview
{
  GtkWidget        parent_instance;

  /* Owned */
  LzExpr          *expr;
  char            *unit;
  double           values[LUZTAR_EXPR_PREVIEW_N_SAMPLES];
  guint            n_samples;          /* 0 when there is no expression */
  double           t_end;

  /* Borrowed */
  AdwStyleManager *style_manager;
};

G_DEFINE_FINAL_TYPE (LuztarExprPreview, luztar_expr_preview, GTK_TYPE_WIDGET)

/* The height of the widget, px: the plot and one line of small labels. */
#define PREVIEW_HEIGHT 72

typedef struct
{
  double r, g, b;
} Rgb;

/* The time of sample @i of @n over [0, @t_end]. */
static double
sample_time (guint  i,
             guint  n,
             double t_end)
{
  return n > 1 ? t_end * i / (n - 1) : 0.0;
}

/* The smallest and largest finite values; FALSE when there are none. */
static gboolean
finite_range (const double *values,
              guint         n,
              double       *min,
              double       *max)
{
  gboolean any = FALSE;
  double lo = 0, hi = 0;

  for (guint i = 0; i < n; i++)
    {
      if (!isfinite (values[i]))
        continue;
      if (!any || values[i] < lo)
        lo = values[i];
      if (!any || values[i] > hi)
        hi = values[i];
      any = TRUE;
    }
  if (min != NULL)
    *min = lo;
  if (max != NULL)
    *max = hi;
  return any;
}

/* A number as a label: three significant digits, a true minus sign, and
 * the unit when there is one. */
static char *
format_value (double      value,
              const char *unit)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  GString *s = g_string_new (NULL);

  /* −0 would print as "−0" */
  if (value == 0)
    value = 0;
  g_snprintf (buf, sizeof buf, "%.3g", value);
  if (buf[0] == '-')
    g_string_append_printf (s, "−%s", buf + 1);
  else
    g_string_append (s, buf);
  if (unit != NULL && *unit != '\0')
    g_string_append_printf (s, " %s", unit);
  return g_string_free (s, FALSE);
}

/* The labels' font size, in pixels. */
#define FONT_PX 9.5

/* Draws @text with its left edge at @x (or its right edge, @align_right)
 * and its middle at @y. */
static void
draw_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           gboolean    align_right)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, FONT_PX, FALSE);

  luztar_cairo_show_layout (cr, layout, x, y, align_right ? 1 : 0, 0.5, FALSE);
  g_object_unref (layout);
}

static int
text_width (cairo_t    *cr,
            const char *text,
            int        *height)
{
  return luztar_cairo_text_width (cr, text, FONT_PX, FALSE, height);
}

/* The dimmed frame and message shown when there is nothing to plot. */
static void
draw_placeholder (cairo_t    *cr,
                  int         width,
                  int         height,
                  const char *message,
                  Rgb         ink)
{
  static const double dash[] = { 4, 3 };

  luztar_cairo_rounded_rect (cr, 1.5, 1.5, width - 3, height - 3, 5);
  cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, 0.45);
  {
    int w = text_width (cr, message, NULL);

    draw_text (cr, message, (width - w) / 2.0, height / 2.0, FALSE);
  }
}

/* Where the plot goes in the widget, how samples map onto it, and its
 * colours. */
typedef struct
{
  double px0, px1, py0, py1;   /* the frame, px */
  double y_top, y_bottom;      /* the curve keeps between, clear of the frame's edges */
  double lo, hi, y_scale;      /* the range of values; px per unit */
  double x0, dx;               /* the first sample's x; px between samples */
  Rgb    ink, accent;          /* the text and lines; the curve */
  double fill_alpha;           /* of the fill under the curve */
} Frame;

static double
frame_y (const Frame *f,
         double       value)
{
  return f->y_bottom - (value - f->lo) * f->y_scale;
}

/* One run of consecutive finite samples, [first, last], as a path. */
static void
curve_path (cairo_t      *cr,
            const Frame  *f,
            const double *values,
            guint         first,
            guint         last)
{
  for (guint i = first; i <= last; i++)
    {
      double x = f->x0 + f->dx * i, y = frame_y (f, values[i]);

      if (i == first)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
}

/* The zero line, dashed, when zero is in the range. */
static void
draw_zero_line (cairo_t     *cr,
                const Frame *f)
{
  Rgb ink = f->ink;
  static const double dash[] = { 3, 3 };
  double y_zero = round (frame_y (f, 0)) + 0.5;

  if (!(f->lo <= 0 && 0 <= f->hi))
    return;
  cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_move_to (cr, f->px0, y_zero);
  cairo_line_to (cr, f->px1, y_zero);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The curve, one run of finite samples at a time: a light fill down (or
 * up) to zero, then the line; a lone finite sample is a dot. */
static void
draw_curve (cairo_t                 *cr,
            const Frame             *f,
            const LuztarExprSamples *samples)
{
  const double *values = samples->values;
  guint n_values = samples->n_values;
  Rgb accent = f->accent;
  double base = frame_y (f, CLAMP (0, f->lo, f->hi));

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < n_values; )
    {
      guint last;

      if (!isfinite (values[i]))
        {
          i++;
          continue;
        }
      for (last = i; last + 1 < n_values && isfinite (values[last + 1]); last++)
        ;
      if (last == i)
        {
          cairo_arc (cr, f->x0 + f->dx * i, frame_y (f, values[i]), 1.5, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
          cairo_fill (cr);
        }
      else
        {
          curve_path (cr, f, values, i, last);
          cairo_line_to (cr, f->x0 + f->dx * last, base);
          cairo_line_to (cr, f->x0 + f->dx * i, base);
          cairo_close_path (cr);
          cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, f->fill_alpha);
          cairo_fill (cr);
          curve_path (cr, f, values, i, last);
          cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
        }
      i = last + 1;
    }
}

/**
 * luztar_expr_preview_draw:
 * @cr: where to draw, in px with the origin at the top left of the plot
 * @width: the width, px
 * @height: the height, px
 * @samples: the samples, their end time and unit
 * @dark: whether the background is dark
 *
 * Draws a small plot of an expression in t: the curve over an autoscaled
 * range with a zero line when zero is inside it, the largest and smallest
 * value at the left and 0 and t_end under the time axis.  The background
 * is left to the caller.  Without samples, or without a finite one, it
 * draws a dimmed placeholder instead.
 */
void
luztar_expr_preview_draw (cairo_t                 *cr,
                          int                      width,
                          int                      height,
                          const LuztarExprSamples *samples,
                          gboolean                 dark)
{
  const double *values = samples->values;
  guint n_values = samples->n_values;
  double t_end = samples->t_end;
  const char *unit = samples->unit;
  const Rgb ink = dark ? (Rgb) { 1, 1, 1 } : (Rgb) { 0, 0, 0 };
  /* the libadwaita accent blue, as it is in each style */
  const Rgb accent = dark ? (Rgb) { 0.471, 0.682, 0.929 } : (Rgb) { 0.110, 0.443, 0.847 };
  g_autofree char *max_label = NULL;
  g_autofree char *min_label = NULL;
  g_autofree char *t_label = NULL;
  g_autofree char *t_value = NULL;
  double min, max, lo, hi;
  int label_h, gutter;
  Frame f;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (n_values == 0 || values != NULL);

  if (width <= 8 || height <= 8)
    return;

  cairo_save (cr);
  if (n_values == 0)
    {
      draw_placeholder (cr, width, height, _("No preview"), ink);
      cairo_restore (cr);
      return;
    }
  if (!finite_range (values, n_values, &min, &max))
    {
      draw_placeholder (cr, width, height, _("No finite values"), ink);
      cairo_restore (cr);
      return;
    }

  /* The range: the data, with zero in it when the data is one value so a
   * constant is seen against zero, and ±1 around a constant zero. */
  lo = min;
  hi = max;
  if (lo == hi)
    {
      lo = MIN (lo, 0);
      hi = MAX (hi, 0);
      if (lo == hi)
        {
          lo = -1;
          hi = 1;
        }
    }

  max_label = format_value (max, unit);
  min_label = format_value (min, unit);
  t_value = format_value (isfinite (t_end) ? t_end : 0, NULL);
  /* TRANSLATORS: the end time under a preview plot, in seconds */
  t_label = g_strdup_printf (_("%s s"), t_value);

  gutter = MAX (text_width (cr, max_label, &label_h), text_width (cr, min_label, NULL)) + 8;
  f.px0 = MIN (gutter, width / 2);
  f.px1 = width - 1;
  f.py0 = 1;
  f.py1 = height - label_h - 3;
  if (f.py1 - f.py0 < 12)
    f.py1 = height - 1;
  /* the curve keeps clear of the edges of its frame */
  f.y_top = f.py0 + MAX (label_h / 2.0, 5);
  f.y_bottom = f.py1 - MAX (label_h / 2.0, 5);
  f.lo = lo;
  f.hi = hi;
  f.y_scale = (f.y_bottom - f.y_top) / (hi - lo);
  f.x0 = f.px0 + 3;
  f.dx = n_values > 1 ? (f.px1 - f.px0 - 6) / (n_values - 1) : 0;
  f.ink = ink;
  f.accent = accent;
  f.fill_alpha = dark ? 0.2 : 0.14;

  /* the frame */
  luztar_cairo_rounded_rect (cr, f.px0, f.py0, f.px1 - f.px0, f.py1 - f.py0, 5);
  cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, dark ? 0.05 : 0.035);
  cairo_fill (cr);

  /* the labels: largest and smallest value at their heights, the times
   * under the ends of the axis */
  cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, 0.6);
  draw_text (cr, max_label, f.px0 - 6, frame_y (&f, max), TRUE);
  if (min != max)
    draw_text (cr, min_label, f.px0 - 6, frame_y (&f, min), TRUE);
  if (f.py1 < height - 1)
    {
      draw_text (cr, "0", f.px0 + 3, f.py1 + 2 + label_h / 2.0, FALSE);
      draw_text (cr, t_label, f.px1 - 3, f.py1 + 2 + label_h / 2.0, TRUE);
    }

  cairo_save (cr);
  cairo_rectangle (cr, f.px0, f.py0, f.px1 - f.px0, f.py1 - f.py0);
  cairo_clip (cr);
  draw_zero_line (cr, &f);
  draw_curve (cr, &f, samples);
  cairo_restore (cr);
  cairo_restore (cr);
}

static void
resample (LuztarExprPreview *self)
{
  self->n_samples = 0;
  if (self->expr != NULL)
    {
      for (guint i = 0; i < LUZTAR_EXPR_PREVIEW_N_SAMPLES; i++)
        self->values[i] = lz_expr_eval (self->expr,
                                        sample_time (i, LUZTAR_EXPR_PREVIEW_N_SAMPLES, self->t_end));
      self->n_samples = LUZTAR_EXPR_PREVIEW_N_SAMPLES;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_expr_preview_new:
 * @quantity: what is plotted, e.g. "F(t)", for the accessible label
 *
 * Returns: (transfer floating): a preview without an expression, which
 *   shows the placeholder
 */
GtkWidget *
luztar_expr_preview_new (const char *quantity)
{
  GtkWidget *self = g_object_new (LUZTAR_TYPE_EXPR_PREVIEW, NULL);
  /* TRANSLATORS: the accessible label of a small plot; %s is what is
   * plotted, e.g. "F(t)" */
  g_autofree char *label = g_strdup_printf (_("Preview of %s"), quantity != NULL ? quantity : "f(t)");

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return self;
}

/**
 * luztar_expr_preview_set_expression:
 * @self: a preview
 * @expr: (nullable): the expression, or %NULL for the placeholder
 *
 * Samples @expr over [0, t_end] and redraws.
 */
void
luztar_expr_preview_set_expression (LuztarExprPreview *self,
                                    LzExpr            *expr)
{
  g_return_if_fail (LUZTAR_IS_EXPR_PREVIEW (self));

  if (expr != NULL)
    lz_expr_ref (expr);
  g_clear_pointer (&self->expr, lz_expr_unref);
  self->expr = expr;
  resample (self);
}

/**
 * luztar_expr_preview_set_t_end:
 * @self: a preview
 * @t_end: the end of the time range, s, > 0
 */
void
luztar_expr_preview_set_t_end (LuztarExprPreview *self,
                               double             t_end)
{
  g_return_if_fail (LUZTAR_IS_EXPR_PREVIEW (self));
  g_return_if_fail (isfinite (t_end) && t_end > 0);

  self->t_end = t_end;
  resample (self);
}

double
luztar_expr_preview_get_t_end (LuztarExprPreview *self)
{
  g_return_val_if_fail (LUZTAR_IS_EXPR_PREVIEW (self), 0);

  return self->t_end;
}

/**
 * luztar_expr_preview_set_unit:
 * @self: a preview
 * @unit: (nullable): the unit written after the values, e.g. "N"
 */
void
luztar_expr_preview_set_unit (LuztarExprPreview *self,
                              const char        *unit)
{
  g_return_if_fail (LUZTAR_IS_EXPR_PREVIEW (self));

  luztar_set_str (&self->unit, unit);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * luztar_expr_preview_get_n_samples:
 * @self: a preview
 *
 * Returns: the number of samples, 0 without an expression
 */
guint
luztar_expr_preview_get_n_samples (LuztarExprPreview *self)
{
  g_return_val_if_fail (LUZTAR_IS_EXPR_PREVIEW (self), 0);

  return self->n_samples;
}

/**
 * luztar_expr_preview_get_sample:
 * @self: a preview
 * @sample: the index of a sample, below luztar_expr_preview_get_n_samples()
 * @t: (out) (optional): its time, s
 * @value: (out) (optional): the value there, which may be non-finite
 *
 * Returns: %FALSE when @sample is out of range
 */
gboolean
luztar_expr_preview_get_sample (LuztarExprPreview *self,
                                guint              sample,
                                double            *t,
                                double            *value)
{
  g_return_val_if_fail (LUZTAR_IS_EXPR_PREVIEW (self), FALSE);

  if (sample >= self->n_samples)
    return FALSE;
  if (t != NULL)
    *t = sample_time (sample, self->n_samples, self->t_end);
  if (value != NULL)
    *value = self->values[sample];
  return TRUE;
}

/**
 * luztar_expr_preview_get_range:
 * @self: a preview
 * @min: (out) (optional): the smallest finite sample
 * @max: (out) (optional): the largest finite sample
 *
 * The range the plot is scaled to; non-finite samples take no part.
 *
 * Returns: %FALSE when no sample is finite (or there are none)
 */
gboolean
luztar_expr_preview_get_range (LuztarExprPreview *self,
                               double            *min,
                               double            *max)
{
  g_return_val_if_fail (LUZTAR_IS_EXPR_PREVIEW (self), FALSE);

  return finite_range (self->values, self->n_samples, min, max);
}

static void
luztar_expr_preview_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  LuztarExprPreview *self = LUZTAR_EXPR_PREVIEW (widget);
  int width, height;
  cairo_t *cr = luztar_drawing_begin (widget, snapshot, NULL, &width, &height);

  if (cr == NULL)
    return;
  luztar_expr_preview_draw (cr, width, height,
                            &(LuztarExprSamples) { self->values, self->n_samples, self->t_end, self->unit },
                            adw_style_manager_get_dark (self->style_manager));
  cairo_destroy (cr);
}

static void
luztar_expr_preview_dispose (GObject *object)
{
  LuztarExprPreview *self = LUZTAR_EXPR_PREVIEW (object);

  g_clear_pointer (&self->expr, lz_expr_unref);
  g_clear_pointer (&self->unit, g_free);
  G_OBJECT_CLASS (luztar_expr_preview_parent_class)->dispose (object);
}

static void
luztar_expr_preview_class_init (LuztarExprPreviewClass *klass)
{
  static const LuztarDrawingSize size = { 120, 240, PREVIEW_HEIGHT, PREVIEW_HEIGHT };
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_expr_preview_dispose;
  widget_class->snapshot = luztar_expr_preview_snapshot;
  luztar_drawing_class_init (widget_class, "luztar-expr-preview", &size);
}

static void
luztar_expr_preview_init (LuztarExprPreview *self)
{
  /* the default end time of a simulation (LzSimulation) */
  self->t_end = 10;
  self->style_manager = adw_style_manager_get_default ();
  luztar_drawing_follow_style (GTK_WIDGET (self));
}
