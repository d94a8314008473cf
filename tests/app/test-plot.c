/* test-plot.c — the live plots on a real run: every kind exported to PNG,
 * SVG and PDF, compared with reviewed reference images, the mode timeline
 * checked against the trace, the widget shown live while a thread appends
 * (under Xvfb, see tests/headless.sh)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The trace comes from data/examples/friction-oscillator.luztar run by the
 * core's event-driven integrator, sampled every 0.01 s.
 *
 * Reference images: each kind, light and dark, exported at WIDTH × HEIGHT
 * and compared with tests/app/reference/plot-<kind>-<style>.png the way
 * test-render.c compares (a pixel differs when a channel is off by more
 * than CHANNEL_TOLERANCE; at most MAX_DIFF_FRACTION of the pixels may);
 * on failure the actual image and a diff go to $LUZTAR_TEST_ARTIFACTS.
 * After a deliberate change of the drawing, review and rewrite them with
 *
 *   LUZTAR_UPDATE_PICTURES=1 meson test -C build plot
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "lz.h"
#include "plot/luztar-plot.h"
#include "plot/luztar-plot-panels.h"
#include "plot/luztar-series-chooser.h"
#include "app-test-util.h"

#define WIDTH              640
#define HEIGHT             360
#define CHANNEL_TOLERANCE  8
#define MAX_DIFF_FRACTION  0.0025
#define REFERENCE_FONT     "DejaVu Sans"

static LzModel *model;
static LzTrace *trace;
static char *font_family;

static const char *const kind_names[] = { "time-series", "phase", "modes", "energy" };

/* M run by TYPE with θ = THETA, sampled every 0.01 s. */
static LzTrace *
run_with (LzModel                *m,
          const LzIntegratorType *type,
          double                  theta)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) assembly = lz_assembly_new (m, &error);
  g_autoptr(LzIntegrator) integrator = NULL;
  LzIntegratorOptions options;
  LzTrace *t;
  LzStepResult result;

  g_assert_no_error (error);
  lz_integrator_options_init (&options);
  options.sample = 0.01;
  options.theta = theta;
  integrator = lz_integrator_new (type, assembly, &options, &error);
  g_assert_no_error (error);
  t = lz_trace_new (m);
  do
    result = lz_integrator_step (integrator, INFINITY, t, &error);
  while (result == LZ_STEP_OK || result == LZ_STEP_EVENT);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, LZ_STEP_DONE);
  lz_trace_finish (t);
  return t;
}

/* The example run by the event-driven integrator, sampled every 0.01 s. */
static LzTrace *
run (LzModel *m)
{
  return run_with (m, lz_integrator_event, 0.5);
}

static guint
find_element (LzItemKind kind)
{
  for (guint i = 0; i < lz_model_get_n_elements (model); i++)
    if (lz_model_get_element (model, i)->item.kind == kind)
      return i;
  g_assert_not_reached ();
  return 0;
}

/* A plot of @kind showing the trace as the main window will. */
static LuztarPlot *
make_plot (LuztarPlotKind kind,
           gboolean       dark)
{
  LuztarPlot *plot = LUZTAR_PLOT (g_object_ref_sink (luztar_plot_new (kind)));

  luztar_plot_set_dark (plot, dark);
  luztar_plot_set_model (plot, model);
  if (kind == LUZTAR_PLOT_TIME_SERIES)
    {
      LuztarSeries series[] = {
        { LUZTAR_SERIES_BODY_Q, 0 }, { LUZTAR_SERIES_BODY_V, 0 },
        { LUZTAR_SERIES_ELEMENT_FORCE, find_element (LZ_ITEM_FRICTION) },
      };

      luztar_plot_set_series (plot, series, G_N_ELEMENTS (series));
    }
  else if (kind == LUZTAR_PLOT_PHASE)
    luztar_plot_set_phase (plot, &(LuztarSeries) { LUZTAR_SERIES_BODY_Q, 0 },
                           &(LuztarSeries) { LUZTAR_SERIES_BODY_V, 0 }, (int) find_element (LZ_ITEM_FRICTION));
  if (kind != LUZTAR_PLOT_PHASE)
    luztar_plot_set_time_range (plot, 0, lz_model_get_simulation (model)->t_end);
  luztar_plot_set_trace (plot, trace);
  luztar_plot_set_cursor (plot, 30);
  return plot;
}

/* ------------------------------------------------------------------------ */
/* Images                                                                     */

static guint32
pixel (cairo_surface_t *s,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (s);

  return *(const guint32 *) (const void *) (data + (gsize) y * cairo_image_surface_get_stride (s) + 4 * x)
         & 0xffffff;
}

static int
distance (guint32 a,
          guint32 b)
{
  int d = 0;

  for (int shift = 0; shift < 24; shift += 8)
    d = MAX (d, ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
  return d;
}

/* Checks an exported PNG: its size, a background of the style, enough ink
 * in several colours inside the plot area. */
static void
check_png (const char *path,
           gboolean    dark,
           guint       min_colours)
{
  cairo_surface_t *s = app_test_load_png (path);
  guint32 bg = dark ? 0x1e1e1e : 0xffffff;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  guint ink = 0;

  g_assert_nonnull (s);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, HEIGHT);
  g_assert_cmpint (distance (pixel (s, 1, 1), bg), <=, 2);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint32 p = pixel (s, x, y);

        if (distance (p, bg) > 48)
          ink++;
        /* saturated pixels: the data, not the grey frame */
        if (distance (p, bg) > 48 && (MAX (MAX (p >> 16 & 0xff, p >> 8 & 0xff), p & 0xff)
                                      - MIN (MIN (p >> 16 & 0xff, p >> 8 & 0xff), p & 0xff)) > 60)
          g_hash_table_add (colours, GUINT_TO_POINTER ((p >> 4) & 0x0f0f0f));
      }
  g_test_message ("%s: %u ink pixels, %u saturated colours", path, ink, g_hash_table_size (colours));
  g_assert_cmpuint (ink, >, 0.02 * WIDTH * HEIGHT);
  g_assert_cmpuint (g_hash_table_size (colours), >=, min_colours);
  cairo_surface_destroy (s);
}

static void
compare_reference (const char *actual_path,
                   const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *reference = g_test_build_filename (G_TEST_DIST, "reference", file, NULL);
  cairo_surface_t *actual, *expected;
  guint n_differ = 0;
  int max_d = 0;

  if (app_test_update_pictures ())
    {
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (actual_path, &contents, &len, NULL));
      g_assert_true (g_file_set_contents (reference, contents, (gssize) len, NULL));
      g_test_message ("wrote %s: review it before committing", reference);
      return;
    }
  expected = app_test_load_png (reference);
  if (expected == NULL)
    {
      g_test_fail_printf ("no reference %s (actual: %s; LUZTAR_UPDATE_PICTURES=1 writes it)",
                          reference, actual_path);
      return;
    }
  if (g_strcmp0 (font_family, REFERENCE_FONT) != 0)
    {
      g_test_skip_printf ("“Sans” is %s here, the references were made with %s", font_family,
                          REFERENCE_FONT);
      cairo_surface_destroy (expected);
      return;
    }
  actual = app_test_load_png (actual_path);
  g_assert_cmpint (cairo_image_surface_get_width (expected), ==, WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (expected), ==, HEIGHT);
  {
    cairo_surface_t *diff = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
    guint8 *data;
    int stride;

    cairo_surface_flush (diff);
    data = cairo_image_surface_get_data (diff);
    stride = cairo_image_surface_get_stride (diff);
    for (int y = 0; y < HEIGHT; y++)
      for (int x = 0; x < WIDTH; x++)
        {
          int d = distance (pixel (actual, x, y), pixel (expected, x, y));
          guint32 *out = (guint32 *) (void *) (data + (gsize) y * stride + 4 * x);

          max_d = MAX (max_d, d);
          if (d > CHANNEL_TOLERANCE)
            n_differ++;
          *out = d > CHANNEL_TOLERANCE ? 0xffff0000u : 0xff000000u | ((pixel (expected, x, y) >> 2) & 0x3f3f3f) | 0xc0c0c0;
        }
    cairo_surface_mark_dirty (diff);
    g_test_message ("%s: %u pixels differ, largest channel difference %d", name, n_differ, max_d);
    if (n_differ > MAX_DIFF_FRACTION * WIDTH * HEIGHT)
      {
        g_autofree char *dir = app_test_artifacts_dir ("plot");
        g_autofree char *diff_file = g_strconcat (name, "-diff.png", NULL);
        g_autofree char *diff_path = g_build_filename (dir, diff_file, NULL);

        cairo_surface_write_to_png (diff, diff_path);
        g_test_fail_printf ("%s: %u of %d pixels differ from %s (at most %.2f %% may); actual: %s, diff: %s",
                            name, n_differ, WIDTH * HEIGHT, reference, 100 * MAX_DIFF_FRACTION,
                            actual_path, diff_path);
      }
    cairo_surface_destroy (diff);
  }
  cairo_surface_destroy (actual);
  cairo_surface_destroy (expected);
}

typedef struct
{
  LuztarPlotKind kind;
  gboolean       dark;
} ExportCase;

/* Every kind to PNG, SVG and PDF; the PNG against its reference. */
static void
test_export (gconstpointer data)
{
  const ExportCase *ec = data;
  g_autoptr(LuztarPlot) plot = make_plot (ec->kind, ec->dark);
  g_autofree char *dir = app_test_artifacts_dir ("plot");
  g_autofree char *name = g_strdup_printf ("plot-%s-%s", kind_names[ec->kind], ec->dark ? "dark" : "light");
  g_autoptr(GError) error = NULL;
  static const char *const exts[] = { "png", "svg", "pdf" };

  for (gsize i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s.%s", name, exts[i]);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_remove (path);
      luztar_plot_export (plot, path, WIDTH, HEIGHT, &error);
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_test_message ("%s: %" G_GSIZE_FORMAT " bytes", path, len);
      if (i == 0)
        {
          g_assert_true (len > 8 && memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
          check_png (path, ec->dark, ec->kind == LUZTAR_PLOT_PHASE ? 2 : 3);
          compare_reference (path, name);
        }
      else if (i == 1)
        {
          g_assert_true (g_str_has_prefix (contents, "<?xml"));
          g_assert_nonnull (strstr (contents, "<svg"));
          g_assert_nonnull (strstr (contents, "<path"));
          /* the curves are paths with many points */
          g_assert_nonnull (strstr (contents, " d=\"M "));
          g_assert_cmpuint (len, >, 20000);
          g_assert_nonnull (strstr (contents, "</svg>"));
        }
      else
        {
          g_assert_true (g_str_has_prefix (contents, "%PDF-"));
          g_assert_nonnull (memmem (contents, len, "%%EOF", 5));
          g_assert_cmpuint (len, >, 5000);
        }
    }
}

static void
test_export_errors (void)
{
  g_autoptr(LuztarPlot) plot = make_plot (LUZTAR_PLOT_TIME_SERIES, FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = app_test_artifacts_dir ("plot");
  g_autofree char *path = g_build_filename (dir, "plot.bmp", NULL);

  g_assert_false (luztar_plot_export (plot, path, WIDTH, HEIGHT, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "plot.bmp"));
  g_assert_nonnull (strstr (error->message, ".png, .svg or .pdf"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  g_assert_false (luztar_plot_export (plot, "/nonexistent-dir/plot.png", WIDTH, HEIGHT, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "/nonexistent-dir/plot.png"));
  g_clear_error (&error);
  g_assert_false (luztar_plot_export (plot, "/nonexistent-dir/plot.svg", WIDTH, HEIGHT, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_false (luztar_plot_export (plot, path, 0, HEIGHT, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* ------------------------------------------------------------------------ */
/* The mode timeline against the trace                                        */

static void
test_mode_intervals (void)
{
  g_autoptr(LuztarPlot) plot = make_plot (LUZTAR_PLOT_MODES, FALSE);
  const LuztarModeTimeline *tl = luztar_plot_get_mode_timeline (plot);
  guint friction = find_element (LZ_ITEM_FRICTION), n, n_stick = 0, ne, n_rows = lz_trace_get_n_samples (trace);
  const LuztarModeInterval *iv;
  const guint *events;
  double t_last = lz_trace_get_time (trace, n_rows - 1);
  guint n_changes = 0;

  g_assert_cmpuint (luztar_plot_get_n_rows (plot), ==, n_rows);
  /* only the friction element has modes (the spring is smooth) */
  g_assert_cmpuint (luztar_mode_timeline_get_n_strips (tl), ==, 1);
  g_assert_cmpuint (luztar_mode_timeline_get_element (tl, 0), ==, friction);
  iv = luztar_mode_timeline_get_intervals (tl, 0, &n);

  /* gap-free cover of the run, alternating modes */
  g_assert_cmpfloat (iv[0].t0, ==, lz_trace_get_time (trace, 0));
  g_assert_cmpfloat (iv[n - 1].t1, ==, t_last);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat (iv[i].t1, >, iv[i].t0);
      if (i > 0)
        {
          g_assert_cmpfloat (iv[i].t0, ==, iv[i - 1].t1);
          g_assert_cmpint (iv[i].mode, !=, iv[i - 1].mode);
        }
      if (iv[i].mode == LZ_MODE_STICK)
        n_stick++;
    }
  /* as the example says: 17 stick intervals, the first from 0 to 1.287 s */
  g_assert_cmpuint (n_stick, ==, 17);
  g_assert_cmpint (iv[0].mode, ==, LZ_MODE_STICK);
  g_assert_cmpfloat_with_epsilon (iv[0].t1, 1.287, 5e-4);

  /* the event log's mode changes of the element, one for one */
  for (guint e = 0; e < lz_trace_get_n_events (trace); e++)
    {
      LzEvent ev;

      lz_trace_get_event (trace, e, &ev);
      if (ev.element == friction && ev.from != ev.to && ev.cause != LZ_CAUSE_INITIAL)
        {
          n_changes++;
          /* some interval starts at that time, in that mode (unless a
           * second switch at the same instant replaced it) */
          {
            gboolean found = FALSE;

            for (guint i = 1; i < n && !found; i++)
              found = iv[i].t0 == ev.t;
            g_assert_true (found);
          }
        }
    }
  g_assert_cmpuint (n, <=, n_changes + 1);
  events = luztar_mode_timeline_get_events (tl, 0, &ne);
  g_assert_cmpuint (ne, >=, n_changes);
  g_assert_nonnull (events);

  /* the samples agree: a row strictly inside an interval (off its ends by
   * more than the sampling) has the interval's mode */
  for (guint r = 0; r < n_rows; r++)
    {
      double t = lz_trace_get_time (trace, r);

      for (guint i = 0; i < n; i++)
        if (t > iv[i].t0 + 1e-9 && t < iv[i].t1 - 1e-9)
          {
            if (lz_trace_get_mode (trace, r, friction) != iv[i].mode)
              g_error ("row %u at t = %g: mode %s, interval [%g, %g) says %s", r, t,
                       lz_mode_to_string (lz_trace_get_mode (trace, r, friction)), iv[i].t0, iv[i].t1,
                       lz_mode_to_string (iv[i].mode));
            break;
          }
    }
}

/* ------------------------------------------------------------------------ */
/* The widget on screen                                                       */

/* The widget as the renderer draws it: the count of pixels far from the
 * background. */
static guint
count_ink (GtkWidget *widget,
           gboolean   dark)
{
  int w = app_test_wait_drawable (widget) ? gtk_widget_get_width (widget) : 0;
  int h = gtk_widget_get_height (widget);
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GdkTexture *texture;
  g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
  guint32 bg = dark ? 0x1e1e1e : 0xffffff;
  guint ink = 0;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_download (texture, (guchar *) pixels, 4 * (gsize) w);
  for (int i = 0; i < w * h; i++)
    if (distance (pixels[i] & 0xffffff, bg) > 48)
      ink++;
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return ink;
}

typedef struct
{
  LzTrace *trace;
  guint    n;
} Writer;

/* Appends a copy of the example's rows, a few at a time. */
static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;
  guint nb = lz_trace_get_n_bodies (trace), ne = lz_trace_get_n_elements (trace);
  g_autofree double *q = g_new0 (double, nb);
  g_autofree double *v = g_new0 (double, nb);
  g_autofree double *f = g_new0 (double, ne);
  g_autofree double *g = g_new0 (double, ne);
  g_autofree double *gd = g_new0 (double, ne);
  g_autofree LzMode *modes = g_new0 (LzMode, ne);

  guint next_event = 0, n_events = lz_trace_get_n_events (trace);

  for (guint r = 0; r < w->n; r++)
    {
      LzEnergy e;

      /* the events up to this row's time first, as the integrator logs them */
      for (; next_event < n_events; next_event++)
        {
          LzEvent ev;

          lz_trace_get_event (trace, next_event, &ev);
          if (ev.t > lz_trace_get_time (trace, r))
            break;
          lz_trace_append_event (w->trace, &ev);
        }

      for (guint i = 0; i < nb; i++)
        {
          q[i] = lz_trace_get_q (trace, r, i);
          v[i] = lz_trace_get_v (trace, r, i);
        }
      for (guint i = 0; i < ne; i++)
        {
          f[i] = lz_trace_get_force (trace, r, i);
          g[i] = lz_trace_get_g (trace, r, i);
          gd[i] = lz_trace_get_gdot (trace, r, i);
          modes[i] = lz_trace_get_mode (trace, r, i);
        }
      lz_trace_get_energy (trace, r, &e);
      lz_trace_append (w->trace, lz_trace_get_time (trace, r), q, v, f, g, gd, modes, &e);
      if (r % 50 == 0)
        g_usleep (200);
    }
  lz_trace_finish (w->trace);
  return NULL;
}

static void
on_seek (LuztarPlot *plot,
         double      t,
         double     *out)
{
  *out = t;
}

static GtkGesture *
find_gesture (GtkWidget *widget,
              GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return GTK_GESTURE (c);
    }
  return NULL;
}

/* All four kinds in a window while a thread writes a trace: the plots
 * follow it live, draw it, and end with every row. */
static void
test_live (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autoptr(LzTrace) growing = lz_trace_new (model);
  Writer w = { growing, lz_trace_get_n_samples (trace) };
  LuztarPlot *plots[4];
  GThread *thread;
  gint64 end;
  double lo, hi, seek = NAN;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 900);
  gtk_window_set_child (GTK_WINDOW (window), box);
  for (int k = 0; k < 4; k++)
    {
      g_autoptr(LuztarPlot) p = make_plot ((LuztarPlotKind) k, FALSE);

      plots[k] = p;
      luztar_plot_set_trace (p, NULL);
      g_assert_cmpuint (luztar_plot_get_n_rows (p), ==, 0);
      luztar_plot_set_live (p, TRUE);
      luztar_plot_set_trace (p, growing);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (p));
    }
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_layout (GTK_WIDGET (plots[0]));

  thread = g_thread_new ("writer", writer_thread, &w);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while ((!lz_trace_is_finished (growing) || luztar_plot_get_n_rows (plots[0]) < w.n)
         && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      /* never more rows than published */
      g_assert_cmpuint (luztar_plot_get_n_rows (plots[0]), <=, lz_trace_get_n_samples (growing));
    }
  g_thread_join (thread);
  for (int k = 0; k < 4; k++)
    {
      /* the last frames take the rest; set_live (FALSE) the remainder */
      luztar_plot_set_live (plots[k], FALSE);
      g_assert_false (luztar_plot_get_live (plots[k]));
      g_assert_cmpuint (luztar_plot_get_n_rows (plots[k]), ==, w.n);
    }
  app_test_wait_for_layout (GTK_WIDGET (plots[0]));

  /* the data fits in the autoscaled ranges: |q| of the block stays below 1 m */
  luztar_plot_get_x_range (plots[0], &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, lz_model_get_simulation (model)->t_end);
  for (guint r = 0; r < w.n; r += 97)
    {
      double q = lz_trace_get_q (trace, r, 0);

      luztar_plot_get_y_range (plots[1], &lo, &hi);
      g_assert_cmpfloat (q, >=, lo);
      g_assert_cmpfloat (q, <=, hi);
    }
  for (int k = 0; k < 4; k++)
    {
      guint ink = count_ink (GTK_WIDGET (plots[k]), FALSE);

      g_test_message ("%s: %u ink pixels on screen", kind_names[k], ink);
      g_assert_cmpuint (ink, >, 2000);
    }

  /* the mode timeline: pointing near an event picks it and seeks to it */
  {
    LuztarPlot *modes = plots[LUZTAR_PLOT_MODES];
    const LuztarModeTimeline *tl = luztar_plot_get_mode_timeline (modes);
    guint ne;
    const guint *events = luztar_mode_timeline_get_events (tl, 0, &ne);
    LzEvent ev;
    double t, x0, x1;
    int picked;
    GtkGesture *drag = find_gesture (GTK_WIDGET (modes), GTK_TYPE_GESTURE_DRAG);
    graphene_rect_t bounds;
    double px;

    g_assert_cmpuint (ne, >, 3);
    lz_trace_get_event (growing, events[2], &ev);
    luztar_plot_get_x_range (modes, &x0, &x1);
    /* the plot area: find it by picking along the middle row */
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (modes), GTK_WIDGET (modes), &bounds));
    {
      double left = -1, right = -1;

      for (double x = 0; x < bounds.size.width; x += 0.5)
        if (luztar_plot_pick (modes, x, bounds.size.height / 2 - 20, &t, NULL))
          {
            if (left < 0)
              left = x;
            right = x;
          }
      g_assert_cmpfloat (left, >, 0);
      /* the pick tolerance reaches 5 px beyond the area on each side */
      px = left + 5 + (ev.t - x0) / (x1 - x0) * (right - left - 10);
    }
    /* strip 0 is at the top of the plot area */
    {
      double y = -1;

      for (double yy = 0; yy < bounds.size.height && y < 0; yy += 1)
        if (luztar_plot_pick (modes, px + 3, yy, &t, &picked) && picked >= 0)
          y = yy;
      g_assert_cmpfloat (y, >=, 0);
      g_assert_true (luztar_plot_pick (modes, px + 3, y + 3, &t, &picked));
      g_assert_cmpint (picked, ==, (int) events[2]);
      g_assert_cmpfloat (t, ==, ev.t);
      /* far from any marker: no event, the time under the pointer */
      g_signal_connect (modes, "seek", G_CALLBACK (on_seek), &seek);
      g_assert_nonnull (drag);
      g_signal_emit_by_name (drag, "drag-begin", px + 3, y + 3);
      g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
      g_assert_cmpfloat (seek, ==, ev.t);
    }
  }

  /* zooming with the wheel narrows the time axis; a double click restores it */
  {
    LuztarPlot *ts = plots[LUZTAR_PLOT_TIME_SERIES];
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (ts));
    gboolean handled = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_SCROLL (c))
          g_signal_emit_by_name (c, "scroll", 0.0, -3.0, &handled);
      }
    g_assert_true (handled);
    luztar_plot_get_x_range (ts, &lo, &hi);
    g_assert_cmpfloat (hi - lo, <, 0.6 * lz_model_get_simulation (model)->t_end);
    g_assert_cmpfloat (hi - lo, >, 0.5 * lz_model_get_simulation (model)->t_end);
    luztar_plot_reset_view (ts);
    luztar_plot_get_x_range (ts, &lo, &hi);
    g_assert_cmpfloat (hi, ==, lz_model_get_simulation (model)->t_end);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------------ */
/* The series chooser                                                         */

static void
on_changed (LuztarSeriesChooser *chooser,
            guint               *count)
{
  (*count)++;
}

static void
test_chooser (void)
{
  g_autoptr(LzModel) carts = app_test_load_example ("two-carts-stop.luztar");
  GtkWidget *many = g_object_ref_sink (luztar_series_chooser_new (FALSE));
  GtkWidget *one = g_object_ref_sink (luztar_series_chooser_new (TRUE));
  LuztarSeriesChooser *cm = LUZTAR_SERIES_CHOOSER (many), *co = LUZTAR_SERIES_CHOOSER (one);
  guint nb = lz_model_get_n_bodies (carts), ne = lz_model_get_n_elements (carts), n, changes = 0;
  const LuztarSeries *sel;

  g_signal_connect (many, "changed", G_CALLBACK (on_changed), &changes);
  luztar_series_chooser_set_model (cm, carts);
  g_assert_cmpuint (luztar_series_chooser_get_n_options (cm), ==, 2 * nb + 3 * ne);
  /* a first position is chosen by default */
  sel = luztar_series_chooser_get_selected (cm, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (sel[0].kind, ==, LUZTAR_SERIES_BODY_Q);
  g_assert_cmpuint (changes, ==, 1);
  for (guint i = 0; i < luztar_series_chooser_get_n_options (cm); i++)
    {
      GtkWidget *check = luztar_series_chooser_get_check (cm, i);
      g_autofree char *expected = luztar_series_dup_label_for_id (
        luztar_series_chooser_get_option (cm, i),
        i < 2 * nb ? lz_model_get_body (carts, i / 2)->item.id
                   : lz_model_get_element (carts, (i - 2 * nb) / 3)->item.id);

      g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (check)), ==, expected);
    }
  /* the user ticks an element's force */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (luztar_series_chooser_get_check (cm, 2 * nb)), TRUE);
  g_assert_cmpuint (changes, ==, 2);
  sel = luztar_series_chooser_get_selected (cm, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (sel[1].kind, ==, LUZTAR_SERIES_ELEMENT_FORCE);
  g_assert_cmpuint (sel[1].index, ==, 0);
  /* set by the program: one "changed" */
  luztar_series_chooser_set_selected (cm, (LuztarSeries[]) { { LUZTAR_SERIES_BODY_V, 1 }, { LUZTAR_SERIES_BODY_Q, 0 } }, 2);
  g_assert_cmpuint (changes, ==, 3);
  sel = luztar_series_chooser_get_selected (cm, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (sel[0].kind, ==, LUZTAR_SERIES_BODY_Q);
  g_assert_cmpint (sel[1].kind, ==, LUZTAR_SERIES_BODY_V);
  /* the same again: no signal */
  luztar_series_chooser_set_selected (cm, sel, n);
  g_assert_cmpuint (changes, ==, 3);

  /* single: radio buttons, always exactly one */
  luztar_series_chooser_set_model (co, carts);
  g_assert_cmpuint (luztar_series_chooser_get_n_options (co), ==, 2 * nb + 3 * ne);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (luztar_series_chooser_get_check (co, 1)), TRUE);
  sel = luztar_series_chooser_get_selected (co, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (sel[0].kind, ==, LUZTAR_SERIES_BODY_V);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (luztar_series_chooser_get_check (co, 0))));

  g_object_unref (many);
  g_object_unref (one);
}

/* The energy plot of a time-stepping run with θ = 1 has a line for the
 * scheme's numerical damping (the second palette colour, orange in the
 * light style); with θ = ½ there is none, nor in an event-driven run. */
static void
test_numerical_damping (void)
{
  static const struct { gboolean timestep; double theta; gboolean line; } cases[] = {
    { TRUE, 1, TRUE }, { TRUE, 0.5, FALSE }, { FALSE, 0.5, FALSE },
  };
  g_autofree char *dir = app_test_artifacts_dir ("plot");

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(LzTrace) run_trace = run_with (model, cases[c].timestep ? lz_integrator_timestep
                                                                        : lz_integrator_event,
                                               cases[c].theta);
      g_autoptr(LuztarPlot) plot = LUZTAR_PLOT (g_object_ref_sink (luztar_plot_new (LUZTAR_PLOT_ENERGY)));
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("energy-%s-theta-%g.png",
                                               cases[c].timestep ? "timestep" : "event", cases[c].theta);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      cairo_surface_t *png;
      const guchar *data;
      int stride;
      guint orange = 0;

      luztar_plot_set_dark (plot, FALSE);
      luztar_plot_set_model (plot, model);
      luztar_plot_set_trace (plot, run_trace);
      g_assert_true (luztar_plot_export (plot, path, WIDTH, HEIGHT, &error));
      g_assert_no_error (error);
      png = app_test_load_png (path);
      data = cairo_image_surface_get_data (png);
      stride = cairo_image_surface_get_stride (png);
      for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
          {
            guint32 px = *(const guint32 *) (data + y * stride + 4 * x);
            int r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;

            /* palette_light[1] = (0.902, 0.380, 0) */
            orange += abs (r - 230) <= 12 && abs (g - 97) <= 12 && b <= 12;
          }
      cairo_surface_destroy (png);
      g_test_message ("%s: %u pixels of the numerical-damping colour", name, orange);
      if (cases[c].line)
        g_assert_cmpuint (orange, >, 30);
      else
        g_assert_cmpuint (orange, ==, 0);
    }
}

/* Three units (position, velocity, force): three stacked panels, each
 * with its own titled axis — what a screen reader hears of the plot, and
 * what the reference image plot-time-series-*.png shows; two units: the
 * left and the right axis; one: one axis.  Then the panels' assignment
 * and placement on their own (plot/luztar-plot-panels.c). */
static void
test_panels (void)
{
  LuztarPlot *plot = make_plot (LUZTAR_PLOT_TIME_SERIES, FALSE);
  LuztarSeries two[] = {
    { LUZTAR_SERIES_BODY_Q, 0 }, { LUZTAR_SERIES_ELEMENT_FORCE, find_element (LZ_ITEM_FRICTION) },
  };
  const char *units[] = { "m", "m/s", "m", "N", "rad", "J", "W", "Pa", "m/s" };
  guint panel_of[G_N_ELEMENTS (units)];
  LuztarPlotPanels panels = { 0 };

  gtk_test_accessible_assert_property (plot, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Axes: m1 position (m); m1 velocity (m/s); f1 force (N)");
  luztar_plot_set_series (plot, two, G_N_ELEMENTS (two));
  gtk_test_accessible_assert_property (plot, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Axes: m1 position (m); f1 force (N)");
  luztar_plot_set_series (plot, two, 1);
  gtk_test_accessible_assert_property (plot, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Axis: m1 position (m)");
  g_object_unref (plot);

  /* m, m/s, m, N: three panels, the second m with the first */
  g_assert_cmpuint (luztar_plot_panels_assign (&panels, units, 4, panel_of), ==, 3);
  g_assert_cmpuint (panel_of[0], ==, 0);
  g_assert_cmpuint (panel_of[1], ==, 1);
  g_assert_cmpuint (panel_of[2], ==, 0);
  g_assert_cmpuint (panel_of[3], ==, 2);
  g_assert_cmpstr (panels.units[2], ==, "N");
  /* 300 px from y = 10, 10 px between panels: three of 93⅓ px, the first on top */
  luztar_plot_panels_place (&panels, 10, 310, 10);
  g_assert_cmpfloat (panels.axis[0].p1, ==, 10);
  g_assert_cmpfloat (panels.axis[2].p0, ==, 310);
  g_assert_cmpfloat (fabs ((panels.axis[1].p0 - panels.axis[1].p1) - 280.0 / 3), <=, 1);
  g_assert_cmpint (luztar_plot_panels_at (&panels, 150), ==, 1);
  g_assert_cmpint (luztar_plot_panels_at (&panels, panels.axis[0].p0 + 5), ==, -1);   /* a gap */
  /* two units: no panels (the left and the right axis) */
  g_assert_cmpuint (luztar_plot_panels_assign (&panels, units, 2, panel_of), ==, 0);
  g_assert_cmpuint (panel_of[1], ==, 0);
  /* seven units: six panels, the seventh (Pa) in the last */
  g_assert_cmpuint (luztar_plot_panels_assign (&panels, units, G_N_ELEMENTS (units), panel_of), ==,
                    LUZTAR_PLOT_MAX_PANELS);
  g_assert_cmpuint (panel_of[7], ==, LUZTAR_PLOT_MAX_PANELS - 1);
  g_assert_cmpuint (panel_of[8], ==, 1);
}

int
main (int argc, char *argv[])
{
  static ExportCase cases[8];
  int status;

  app_test_init (&argc, &argv);

  font_family = app_test_sans_family ();
  model = app_test_load_example ("friction-oscillator.luztar");
  trace = run (model);

  for (int k = 0; k < 4; k++)
    for (int dark = 0; dark < 2; dark++)
      {
        ExportCase *ec = &cases[2 * k + dark];
        g_autofree char *path = g_strdup_printf ("/luztar/plot/export/%s/%s", kind_names[k],
                                                 dark ? "dark" : "light");

        ec->kind = (LuztarPlotKind) k;
        ec->dark = dark;
        g_test_add_data_func (path, ec, test_export);
      }
  g_test_add_func ("/luztar/plot/export-errors", test_export_errors);
  g_test_add_func ("/luztar/plot/mode-intervals", test_mode_intervals);
  g_test_add_func ("/luztar/plot/live", test_live);
  g_test_add_func ("/luztar/plot/chooser", test_chooser);
  g_test_add_func ("/luztar/plot/numerical-damping", test_numerical_damping);
  g_test_add_func ("/luztar/plot/panels", test_panels);

  status = g_test_run ();
  lz_trace_unref (trace);
  lz_model_unref (model);
  g_free (font_family);
  return status;
}
