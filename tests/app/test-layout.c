/* test-layout.c — the window at 800 × 600, 1280 × 800 and 1920 × 1080, presentation mode,
 * every example fitted on the canvas, the Phase view across models and a new model's empty
 * state (issue 21)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As a teacher would find the window on a small screen and on a
 * projector: the header bar's buttons, the window's close button, the
 * inspector and the plots inside the window; the window as small as
 * asked (it does not widen itself); at 1920 × 1080 the plots take at
 * least PLOT_SHARE_WIDE of it and two views show side by side; in
 * Polish, a wide window shrunk to 800 × 600 is as small as asked with
 * nothing off-screen; every example opened at 800 × 600 lies wholly on
 * the canvas, its labels included.  The
 * screenshots go to test-artifacts/layout/ (look at them); the one of
 * presentation mode at 1920 × 1080 is the README's picture, compared
 * with help/C/figures/presentation.png (LUZTAR_UPDATE_PICTURES=1 writes
 * it).  The program runs with fatal criticals (meson.build): a stale
 * element index in the Phase view after another model is opened would
 * abort it.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gdk/x11/gdkx.h>

#include "app-test-util.h"
#include "luztar-presentation.h"
#include "luztar-inspector.h"
#include "luztar-sim-panel.h"
#include "luztar-window.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-symbols.h"
#include "canvas/luztar-symbols-body-names.h"
#include "canvas/luztar-symbols-clear.h"
#include "canvas/luztar-symbols-elements.h"
#include "canvas/luztar-canvas-controls.h"
#include "plot/luztar-plot.h"

/* The plots' share of a 1920 × 1080 window, at least (area). */
#define PLOT_SHARE_WIDE 0.35
/* … and of an 800 × 600 one, where the model needs room too. */
#define PLOT_SHARE_SMALL 0.15

static LuztarWindow *
open_window (const char *example,
             int         width,
             int         height)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  if (example != NULL)
    {
      g_autofree char *path = app_test_example_path (example);

      g_assert_true (luztar_window_open_example (window, path));
    }
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_layout (GTK_WIDGET (window));
  return window;
}

static LuztarSimPanel *
panel_of (LuztarWindow *window)
{
  return LUZTAR_SIM_PANEL (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_SIM_PANEL));
}

/* Turns the main loop for @ms milliseconds. */
static void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
}

/* @widget's rectangle in the window's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
  return r;
}

/* @widget is shown, mapped, of some size and wholly inside the window. */
static void
assert_on_screen (GtkWidget  *widget,
                  GtkWidget  *window,
                  const char *what)
{
  graphene_rect_t r;
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  g_assert_nonnull (widget);
  if (!gtk_widget_get_mapped (widget))
    g_error ("%s is not shown", what);
  r = bounds_in (widget, window);
  g_test_message ("%s: %.0f×%.0f at (%.0f, %.0f) in %d×%d", what, r.size.width, r.size.height,
                  r.origin.x, r.origin.y, w, h);
  if (r.size.width < 4 || r.size.height < 4)
    g_error ("%s is %.0f×%.0f px", what, r.size.width, r.size.height);
  if (r.origin.x < -0.5 || r.origin.y < -0.5 || r.origin.x + r.size.width > w + 0.5
      || r.origin.y + r.size.height > h + 0.5)
    g_error ("%s is off-screen: (%.0f, %.0f) %.0f×%.0f in a %d×%d window", what, r.origin.x,
             r.origin.y, r.size.width, r.size.height, w, h);
}

static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* A button of the header bar by its action. */
static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action)
{
  return app_test_find (root, has_action, action);
}

static gboolean
has_icon (GtkWidget     *widget,
          gconstpointer  icon)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

/* A CSS name and a style class, for a search */
typedef struct
{
  const char *name;
  const char *klass;
} Css;

static gboolean
has_css (GtkWidget     *widget,
         gconstpointer  data)
{
  const Css *css = data;

  return g_strcmp0 (gtk_widget_get_css_name (widget), css->name) == 0 && gtk_widget_get_mapped (widget)
         && (css->klass == NULL || gtk_widget_has_css_class (widget, css->klass));
}

/* The first widget with CSS name @name (and style class @klass unless
 * NULL) that is mapped. */
static GtkWidget *
find_css (GtkWidget  *root,
          const char *name,
          const char *klass)
{
  return app_test_find (root, has_css, &(Css) { name, klass });
}

/* The area of the plots shown (mapped), in px². */
static double
plot_area (LuztarSimPanel *panel,
           GtkWidget      *window,
           guint          *n_shown)
{
  double area = 0;

  *n_shown = 0;
  for (guint i = 0; i < luztar_sim_panel_get_n_plots (panel); i++)
    {
      GtkWidget *plot = GTK_WIDGET (luztar_sim_panel_get_plot (panel, i));

      if (!gtk_widget_get_mapped (plot))
        continue;
      assert_on_screen (plot, window, "a plot");
      area += (double) gtk_widget_get_width (plot) * gtk_widget_get_height (plot);
      (*n_shown)++;
    }
  return area;
}

static void
save (GtkWidget  *window,
      const char *name)
{
  g_autofree char *file = g_build_filename ("layout", name, NULL);
  g_autofree char *dir = app_test_artifacts_dir ("layout");

  app_test_save_png (window, NULL, file);
}

/* The window asked to be WIDTH × HEIGHT: nothing off-screen, as small
 * as asked, the plots' share of it, whichever view is shown (the window
 * is left showing the Plot view's neighbours). */
static void
check_window (LuztarWindow *window,
              int           width,
              int           height,
              double        min_share,
              guint         min_views,
              const char   *picture)
{
  GtkWidget *w = GTK_WIDGET (window);
  LuztarSimPanel *panel = panel_of (window);
  GtkWidget *inspector = app_test_find_type (w, LUZTAR_TYPE_INSPECTOR);
  guint n_views;
  double share;

  settle (300);
  g_test_message ("window %d×%d asked, %d×%d given", width, height, gtk_widget_get_width (w),
                  gtk_widget_get_height (w));
  g_assert_cmpint (gtk_widget_get_width (w), <=, width);
  g_assert_cmpint (gtk_widget_get_height (w), <=, height);
  assert_on_screen (find_action_button (w, "win.open"), w, "the Open button");
  assert_on_screen (find_action_button (w, "win.run"), w, "the Run button");
  assert_on_screen (find_action_button (w, "win.reset"), w, "the Reset button");
  assert_on_screen (find_css (w, "menubutton", NULL), w, "the main menu");
  assert_on_screen (find_css (w, "button", "close"), w, "the close button");
  /* the inspector: beside the canvas, or a button away; an item opened
   * on the canvas shows it too */
  if (!gtk_widget_get_mapped (inspector))
    {
      AdwFlap *flap = ADW_FLAP (gtk_widget_get_ancestor (inspector, ADW_TYPE_FLAP));
      GtkWidget *toggle = app_test_find (w, has_icon, "sidebar-show-right-symbolic");

      g_test_message ("the inspector is folded away");
      g_assert_true (adw_flap_get_folded (flap));
      assert_on_screen (toggle, w, "the Inspector button");
      g_signal_emit_by_name (app_test_find_type (w, LUZTAR_TYPE_CANVAS), "item-activated", "m1");
      settle (500);
      g_assert_true (adw_flap_get_reveal_flap (flap));
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
    }
  assert_on_screen (inspector, w, "the inspector");
  share = plot_area (panel, w, &n_views) / ((double) width * height);
  g_test_message ("%u plots shown, %.0f %% of the window", n_views, 100 * share);
  g_assert_cmpfloat (share, >=, min_share);
  g_assert_cmpuint (n_views, >=, min_views);
  save (w, picture);
  /* no view widens the window: each of them at this size */
  for (const char *const *page = (const char *const[]) { "phase", "modes", "energy", "events", "matrices",
                                                         "sweep", "series", NULL };
       *page != NULL; page++)
    {
      luztar_sim_panel_show_page (panel, *page);
      settle (60);
      g_test_message ("the %s view: the window %d×%d", *page, gtk_widget_get_width (w), gtk_widget_get_height (w));
      g_assert_cmpint (gtk_widget_get_width (w), <=, width);
      g_assert_cmpint (gtk_widget_get_height (w), <=, height);
      assert_on_screen (find_css (w, "button", "close"), w, "the close button");
    }
  luztar_sim_panel_show_page (panel, "series");
}

/* The window opened at one size (check_window()). */
static void
check_size (const char *example,
            int         width,
            int         height,
            double      min_share,
            guint       min_views,
            const char *picture)
{
  LuztarWindow *window = open_window (example, width, height);

  check_window (window, width, height, min_share, min_views, picture);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The bounding box of the pixels that CANVAS's model, drawn at rest with
 * the canvas's transform, inks in a surface PAD px larger than the canvas
 * on every side; in the canvas's coordinates.  A rasterised drawing, so
 * independent of how the canvas measures its fit (luztar-canvas-fit.c). */
#define INK_PAD 400
static guint
drawn_box (LuztarCanvas          *canvas,
           double                 box[4],
           const graphene_rect_t *inside)
{
  guint n_inside = 0;
  int w = gtk_widget_get_width (GTK_WIDGET (canvas)) + 2 * INK_PAD;
  int h = gtk_widget_get_height (GTK_WIDGET (canvas)) + 2 * INK_PAD;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  double ox, oy, sx, sy;
  LuztarDrawStyle style = { FALSE, 1, NULL };

  luztar_canvas_to_widget (canvas, 0, 0, &ox, &oy);
  luztar_canvas_to_widget (canvas, 1, 0, &sx, &sy);
  style.scale = sx - ox;
  cairo_translate (cr, INK_PAD + ox, INK_PAD + oy);
  cairo_scale (cr, style.scale, style.scale);
  luztar_symbols_draw_model (cr, luztar_canvas_get_model (canvas), &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
  for (int y = 0; y < h; y++)
    {
      const guint32 *row = (const void *) (cairo_image_surface_get_data (surface)
                                           + y * cairo_image_surface_get_stride (surface));

      for (int x = 0; x < w; x++)
        if ((row[x] >> 24) > 24)   /* more than a trace of antialiasing */
          {
            box[0] = MIN (box[0], x - INK_PAD);
            box[1] = MIN (box[1], y - INK_PAD);
            box[2] = MAX (box[2], x + 1 - INK_PAD);
            box[3] = MAX (box[3], y + 1 - INK_PAD);
            n_inside += graphene_rect_contains_point (inside, &GRAPHENE_POINT_INIT (x - INK_PAD + 0.5,
                                                                                    y - INK_PAD + 0.5));
          }
    }
  cairo_surface_destroy (surface);
  return n_inside;
}

/* The whole model on the canvas: every item's accessible stand-in (over
 * its drawing, luztar-canvas.c) and every inked pixel, labels included,
 * inside the canvas and clear of the zoom buttons in its corner; the
 * canvas's scale; WHAT says where. */
static double
assert_model_inside (LuztarCanvas *canvas,
                     const char   *what)
{
  GtkWidget *c = GTK_WIDGET (canvas);
  int w = gtk_widget_get_width (c), h = gtk_widget_get_height (c);
  GtkWidget *controls = app_test_find_type (gtk_widget_get_parent (c), LUZTAR_TYPE_CANVAS_CONTROLS);
  graphene_rect_t r, buttons;
  double box[4], ox, oy, sx, sy;
  guint n = 0, covered;

  for (GtkWidget *child = gtk_widget_get_first_child (c); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_visible (child))
        continue;
      g_assert_true (gtk_widget_compute_bounds (child, c, &r));
      if (r.origin.x < -0.5 || r.origin.y < -0.5 || r.origin.x + r.size.width > w + 0.5
          || r.origin.y + r.size.height > h + 0.5)
        g_error ("%s: an item is at (%.0f, %.0f) %.0f×%.0f on a %d×%d canvas", what, r.origin.x, r.origin.y,
                 r.size.width, r.size.height, w, h);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
  g_assert_nonnull (controls);
  g_assert_true (gtk_widget_compute_bounds (controls, c, &buttons));
  covered = drawn_box (canvas, box, &buttons);
  luztar_canvas_to_widget (canvas, 0, 0, &ox, &oy);
  luztar_canvas_to_widget (canvas, 1, 0, &sx, &sy);
  g_test_message ("%s: %u items, drawn over (%.0f, %.0f)–(%.0f, %.0f) of the %d×%d canvas at %.3f px a unit",
                  what, n, box[0], box[1], box[2], box[3], w, h, sx - ox);
  if (box[0] < 0 || box[1] < 0 || box[2] > w || box[3] > h)
    g_error ("%s: the drawing, (%.0f, %.0f)–(%.0f, %.0f), runs off the %d×%d canvas", what, box[0], box[1],
             box[2], box[3], w, h);
  /* the buttons in the corner cover none of it */
  if (covered > 0)
    g_error ("%s: the zoom buttons at (%.0f, %.0f) %.0f×%.0f cover %u px of the drawing", what,
             buttons.origin.x, buttons.origin.y, buttons.size.width, buttons.size.height, covered);
  return sx - ox;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* Each example opened in an 800 × 600 window is wholly on its canvas,
 * labels included, and their text keeps its size (drawn in pixels); a
 * window shrunk from 1280 × 800 fits again; Ctrl+0's action fits again
 * after a zoom; at 1920 × 1080 a small model is not blown up. */
static void
test_fit_examples (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_getenv ("LUZTAR_EXAMPLES_DIR"), 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  LuztarWindow *window;
  LuztarCanvas *canvas;
  double scale, zoomed;

  g_assert_nonnull (dir);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_suffix (name, ".luztar"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, 10);
  window = open_window (NULL, 800, 600);
  canvas = LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS));
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = app_test_example_path (names->pdata[i]);

      g_assert_true (luztar_window_open_example (window, path));
      settle (150);
      g_test_message ("%s: the window %d×%d", (char *) names->pdata[i], gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_height (GTK_WIDGET (window)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
      assert_model_inside (canvas, names->pdata[i]);
    }
  save (GTK_WIDGET (window), "fit-800x600.png");
  /* zoomed in, the model runs off; Ctrl+0 (canvas.zoom-fit) brings it back */
  scale = assert_model_inside (canvas, "the last example");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  settle (100);
  {
    double ox, oy, sx, sy;

    luztar_canvas_to_widget (canvas, 0, 0, &ox, &oy);
    luztar_canvas_to_widget (canvas, 1, 0, &sx, &sy);
    zoomed = sx - ox;
  }
  g_assert_cmpfloat (fabs (zoomed / scale - 1.25 * 1.25), <, 1e-9);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  settle (100);
  g_assert_cmpfloat (fabs (assert_model_inside (canvas, "after Ctrl+0") / scale - 1), <, 1e-9);
  gtk_window_destroy (GTK_WINDOW (window));

  /* the widest example in a window shrunk from 1280 × 800 to 800 × 600 */
  window = open_window ("paper002-ex53-vehicle.luztar", 1280, 800);
  canvas = LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS));
  assert_model_inside (canvas, "the vehicle at 1280 × 800");
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  settle (400);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  assert_model_inside (canvas, "the vehicle shrunk to 800 × 600");
  save (GTK_WIDGET (window), "fit-vehicle-800x600.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* a small model on a projector: at most 2 px a unit (not blown up) */
  window = open_window ("friction-oscillator.luztar", 1920, 1080);
  canvas = LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS));
  scale = assert_model_inside (canvas, "the friction oscillator at 1920 × 1080");
  g_assert_cmpfloat (scale, <=, 2.0);
  save (GTK_WIDGET (window), "fit-1920x1080.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_small (void)
{
  check_size ("friction-oscillator.luztar", 800, 600, PLOT_SHARE_SMALL, 1, "800x600.png");
}

/* The same in Polish, whose words are longer (LANGUAGE, read by gettext
 * at each message). */
static void
test_small_polish (void)
{
  g_setenv ("LANGUAGE", "pl", TRUE);
  check_size ("two-carts-stop.luztar", 800, 600, PLOT_SHARE_SMALL, 1, "800x600-pl.png");
  g_unsetenv ("LANGUAGE");
}

/* Polish, a window of 1100 × 800 (the lesson beside the model) or of
 * 1280 × 800 (a second view beside the plot, too) shrunk to 800 × 600
 * (issue 21: the second view, hidden only once the narrower window was
 * laid out, kept it 810–840 px wide, the close button off an 800 px
 * screen): as small as asked, the header bar's buttons, the inspector,
 * the plots and the whole model on the screen. */
static void
test_shrink_polish (void)
{
  g_setenv ("LANGUAGE", "pl", TRUE);
  for (const int *from = (const int[]) { 1100, 1280, 0 }; *from != 0; from++)
    {
      LuztarWindow *window = open_window ("paper002-ex53-vehicle.luztar", *from, 800);
      g_autofree char *before = g_strdup_printf ("shrink-pl-%d.png", *from);
      g_autofree char *after = g_strdup_printf ("shrink-pl-%d-to-800.png", *from);

      settle (300);
      save (GTK_WIDGET (window), before);
      gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
      settle (500);
      assert_model_inside (LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS)),
                           after);
      check_window (window, 800, 600, PLOT_SHARE_SMALL, 1, after);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  g_unsetenv ("LANGUAGE");
}

static void
test_laptop (void)
{
  check_size ("friction-oscillator.luztar", 1280, 800, PLOT_SHARE_SMALL, 2, "1280x800.png");
}

static void
test_projector (void)
{
  check_size ("friction-oscillator.luztar", 1920, 1080, PLOT_SHARE_WIDE, 2, "1920x1080.png");
}

/* Runs the window's model as fast as possible until @t (through the
 * window's actions, as the settings popover and Run Until do). */
static void
run_until (LuztarWindow *window,
           double        t)
{
  LuztarSimPanel *panel = panel_of (window);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "speed", g_variant_new_string ("max"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "run-until", g_variant_new_double (t));
  settle (50);
  while (luztar_sim_panel_get_run (panel) != NULL
         && luztar_run_get_state (luztar_sim_panel_get_run (panel)) == LUZTAR_RUN_RUNNING
         && g_get_monotonic_time () < end)
    settle (20);
  g_assert_nonnull (luztar_sim_panel_get_run (panel));
  /* (a time-stepping run stops at the step before t) */
  g_assert_cmpfloat (luztar_run_get_time (luztar_sim_panel_get_run (panel)), >=, 0.95 * t);
  settle (300);
}

/* Presentation mode at 1920 × 1080 after a run: the window's style class,
 * the plots' text and lines larger, every control still on the screen;
 * the README's picture; F11's action again goes back. */
static void
test_presentation (void)
{
  LuztarWindow *window = open_window ("friction-oscillator.luztar", 1920, 1080);
  GtkWidget *w = GTK_WIDGET (window);
  LuztarSimPanel *panel = panel_of (window);
  LuztarPlot *plot = luztar_sim_panel_get_plot (panel, 0);
  g_autofree char *dir = app_test_artifacts_dir ("layout");
  g_autofree char *path = g_build_filename (dir, "presentation.png", NULL);
  guint n_views;
  double lo, hi, share;

  run_until (window, 40);
  g_action_group_activate_action (G_ACTION_GROUP (window), "presentation", NULL);
  settle (500);
  g_assert_true (luztar_presentation_is_on (GTK_WINDOW (window)));
  g_assert_true (gtk_widget_has_css_class (w, "presentation"));
  assert_on_screen (find_action_button (w, "win.run"), w, "the Run button");
  assert_on_screen (find_css (w, "button", "close"), w, "the close button");
  share = plot_area (panel, w, &n_views) / (1920.0 * 1080);
  g_test_message ("presentation: %u plots, %.0f %% of the window", n_views, 100 * share);
  g_assert_cmpfloat (share, >=, PLOT_SHARE_WIDE);
  g_assert_cmpuint (n_views, >=, 2);
  /* the time axis follows the run: the whole of it after the run */
  luztar_plot_get_x_range (plot, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  save (w, "presentation-1920x1080.png");
  /* the README's picture: the window as the renderer draws it */
  {
    g_autofree char *fresh = g_build_filename (g_getenv ("LUZTAR_BUILD_ROOT"), "test-artifacts", "layout",
                                               "presentation-1920x1080.png", NULL);

    g_assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
    app_test_compare_picture (fresh, "presentation", "layout");
  }
  g_action_group_activate_action (G_ACTION_GROUP (window), "presentation", NULL);
  settle (200);
  g_assert_false (luztar_presentation_is_on (GTK_WINDOW (window)));
  g_assert_false (gtk_widget_has_css_class (w, "presentation"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Phase view after another model is opened in the same window: the
 * portrait of the new model's first body, coloured by one of its own
 * elements; a run of it draws without a critical (fatal here). */
static void
test_phase_after_open (void)
{
  LuztarWindow *window = open_window ("two-carts-stop.luztar", 1280, 800);
  GtkWidget *w = GTK_WIDGET (window);
  LuztarSimPanel *panel = panel_of (window);
  LuztarPlot *phase = luztar_sim_panel_get_plot (panel, 1);
  g_autofree char *path = app_test_example_path ("bouncing-mass.luztar");
  const LuztarSeries *series;
  guint n;

  luztar_sim_panel_show_page (panel, "phase");
  settle (100);
  /* beside the phase portrait, not a second one */
  g_assert_cmpstr (luztar_companion_get_view (luztar_sim_panel_get_companion (panel)), ==, "modes");
  run_until (window, 1);
  g_assert_true (luztar_window_open_example (window, path));
  settle (200);
  luztar_sim_panel_show_page (panel, "phase");
  run_until (window, 4.5);
  g_assert_cmpuint (lz_model_get_n_elements (luztar_window_get_model (window)), ==,
                    lz_trace_get_n_elements (luztar_plot_get_trace (phase)));
  series = luztar_plot_get_series (phase, &n);
  g_test_message ("phase: %u series after the bouncing mass was opened", n);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (phase)));
  save (w, "phase-after-open.png");
  (void) series;
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new model: a hint on the canvas, the run controls off, no error in
 * the status line, the time at its start, no "?" on the plots' axes. */
static void
test_new_model (void)
{
  LuztarWindow *window = open_window ("friction-oscillator.luztar", 1280, 800);
  GtkWidget *w = GTK_WIDGET (window);
  LuztarSimPanel *panel = panel_of (window);
  const char *status;

  run_until (window, 12);
  luztar_window_new_model (window);
  settle (300);
  status = luztar_sim_panel_get_status (panel);
  g_test_message ("status of a new model: %s", status);
  g_assert_null (strstr (status, "Cannot"));
  g_assert_null (luztar_sim_panel_get_run (panel));
  g_assert_cmpfloat (luztar_sim_panel_get_shown_time (panel), ==, 0);
  for (const char *const *a = (const char *const[]) { "run", "step", "step-event", "run-until", NULL };
       *a != NULL; a++)
    g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), *a));
  g_assert_true (gtk_widget_get_sensitive (find_action_button (w, "win.open")));
  g_assert_false (gtk_widget_is_sensitive (find_action_button (w, "win.run")));
  save (w, "new-model.png");
  /* a body added: the model can run */
  g_assert_nonnull (luztar_window_add_item (window, "mass", 260, 160, NULL, NULL, NULL));
  settle (200);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "run"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The bouncing mass drawn with its ball at height Q (m, motion scale 60
 * canvas units a metre) into a 400 × 400 image. */
static cairo_surface_t *
draw_ball_at (LzModel *model,
              double   q)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 400);
  cairo_t *cr = cairo_create (surface);
  double body_q[] = { q }, ground_q[] = { 0 };
  LzMode modes[] = { LZ_MODE_FREE, LZ_MODE_NONE };
  LuztarAnimation animation = { body_q, ground_q, modes, NULL, 60 };
  LuztarDrawStyle style = { FALSE, 1, &animation };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, 0, 100);
  luztar_symbols_draw_model (cr, model, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The centre of the ball: the pixels of the block's blue fill. */
static void
ball_centre (cairo_surface_t *surface,
             double          *cx,
             double          *cy)
{
  double sx = 0, sy = 0, n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    {
      const guint32 *row = (const void *) (cairo_image_surface_get_data (surface)
                                           + y * cairo_image_surface_get_stride (surface));

      for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
        {
          int r = (row[x] >> 16) & 0xff, g = (row[x] >> 8) & 0xff, b = row[x] & 0xff;

          if (b > 200 && b > r + 80 && g > r)
            {
              sx += x;
              sy += y;
              n++;
            }
        }
    }
  g_assert_cmpfloat (n, >, 500);   /* most of a 64 × 46 block */
  *cx = sx / n;
  *cy = sy / n;
}

/* MODEL's first body (a ball) drawn 1 m up is 60 px (the motion scale)
 * higher than on the floor, not aside (NAME-up.png, NAME-down.png). */
static void
assert_ball_falls (LzModel    *model,
                   const char *name)
{
  cairo_surface_t *up = draw_ball_at (model, 1), *down = draw_ball_at (model, 0);
  g_autofree char *dir = app_test_artifacts_dir ("layout");
  g_autofree char *a = g_strdup_printf ("%s/%s-up.png", dir, name);
  g_autofree char *b = g_strdup_printf ("%s/%s-down.png", dir, name);
  double ux, uy, dx, dy;

  cairo_surface_write_to_png (up, a);
  cairo_surface_write_to_png (down, b);
  ball_centre (up, &ux, &uy);
  ball_centre (down, &dx, &dy);
  g_test_message ("%s: the ball at 1 m: (%.1f, %.1f); on the floor: (%.1f, %.1f)", name, ux, uy, dx, dy);
  g_assert_cmpfloat (fabs (ux - dx), <, 0.5);
  g_assert_cmpfloat (fabs ((dy - uy) - 60), <, 0.5);
  cairo_surface_destroy (up);
  cairo_surface_destroy (down);
}

/* The bouncing mass is drawn falling (its body's direction is 90°, its
 * floor's too): a ball 1 m up is drawn 60 px (the motion scale) higher
 * than one on the floor, not aside. */
static void
test_vertical (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("bouncing-mass.luztar");

  g_assert_cmpfloat (lz_model_get_body (model, 0)->direction, ==, 90);
  assert_ball_falls (model, "ball");
}

/* Whether the boxes A and B (x0, y0, x1, y1, device pixels) come closer
 * than LUZTAR_LABEL_MARGIN: the room the labels keep (the gear train's
 * "shaft k_γφ" came within 2 px of "M_φ(t)"). */
static gboolean
within_margin (const double a[4],
               const double b[4])
{
  double m = LUZTAR_LABEL_MARGIN;

  return a[0] < b[2] + m && b[0] < a[2] + m && a[1] < b[3] + m && b[1] < a[3] + m;
}

/* The canvas's pixels a model unit takes, and its scene of MODEL with the
 * names of the sources placed as it draws them (count_labels_on_arrows()). */
static LuztarScene *
scene_as_drawn (LuztarCanvas  *canvas,
                const LzModel *model,
                cairo_t       *cr,
                LuztarDrawStyle *style,
                LuztarPen     *pen)
{
  LuztarScene *scene = luztar_scene_new (model);
  double ox, oy, sx, sy;

  luztar_canvas_to_widget (canvas, 0, 0, &ox, &oy);
  luztar_canvas_to_widget (canvas, 1, 0, &sx, &sy);
  *style = (LuztarDrawStyle) { FALSE, sx - ox, NULL };
  cairo_identity_matrix (cr);
  cairo_scale (cr, style->scale, style->scale);
  luztar_pen_init (pen, cr, style);
  luztar_scene_clear_labels (pen, scene, NULL);
  return scene;
}

/* How many names of the sources of MODEL, as CANVAS draws them, come
 * within LUZTAR_LABEL_MARGIN of a body, a ground or another name. */
static guint
count_names_on_solids (LuztarCanvas  *canvas,
                       const LzModel *model,
                       const char    *what)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  LuztarDrawStyle style;
  LuztarPen pen;
  g_autoptr(LuztarScene) scene = scene_as_drawn (canvas, model, cr, &style, &pen);
  g_autoptr(GArray) shapes = luztar_scene_get_shapes (scene);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_solids, met = 0;

  /* the bodies' and grounds' boxes, then the names', in pixels */
  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *sh = &g_array_index (shapes, LuztarShape, i);

      if (sh->kind == LZ_ITEM_BODY || sh->kind == LZ_ITEM_GROUND)
        g_array_append_vals (boxes, (double[]) { sh->x0 * style.scale, sh->y0 * style.scale, sh->x1 * style.scale,
                                                 sh->y1 * style.scale }, 4);
    }
  n_solids = boxes->len / 4;
  for (guint k = 0; k < lz_model_get_n_sources (model); k++)
    {
      LuztarSourcePlace place;
      double w, h;

      if (luztar_scene_source_place (&pen, scene, k, &place) && place.label != NULL)
        {
          luztar_pen_text_size (&pen, place.label, 10, &w, &h);
          g_array_append_vals (boxes, (double[]) { (place.label_at.x - w / 2) * style.scale,
                                                   (place.label_at.y - h / 2) * style.scale,
                                                   (place.label_at.x + w / 2) * style.scale,
                                                   (place.label_at.y + h / 2) * style.scale }, 4);
        }
      luztar_source_place_clear (&place);
    }
  for (guint a = n_solids; a < boxes->len / 4; a++)
    for (guint b = 0; b < a; b++)
      if (within_margin (&g_array_index (boxes, double, 4 * a), &g_array_index (boxes, double, 4 * b)))
        {
          g_test_message ("%s: a name meets %s", what, b < n_solids ? "a body or a ground" : "another name");
          met++;
        }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return met;
}

/* A model laid out up and down the page with no directions: a mass
 * hanging under a ceiling (k1 from the ceiling down to it: its positive
 * displacement is down the page) with a weight and an actuator, a second
 * one under it (d1 from m2 up to m1: down again) driven by a prescribed
 * motion, a ball above a floor (c1 from the floor up: up the page) lifted
 * by a constant force, and a cart beside a wall (across the page: unchanged). */
static const char vertical_family[] =
  "<luztar-model version=\"1\" name=\"vertical family\">"
  "<ground id=\"ceiling\" x=\"100\" y=\"40\"/>"
  "<body id=\"m1\" mass=\"1\" x=\"100\" y=\"200\"/>"
  "<body id=\"m2\" mass=\"1\" x=\"100\" y=\"360\"/>"
  "<ground id=\"floor\" x=\"400\" y=\"360\"/>"
  "<body id=\"ball\" mass=\"1\" x=\"400\" y=\"200\"/>"
  "<ground id=\"wall\" x=\"600\" y=\"300\"/>"
  "<body id=\"cart\" mass=\"1\" x=\"760\" y=\"300\"/>"
  "<spring id=\"k1\" a=\"ceiling\" b=\"m1\" k=\"100\"/>"
  "<damper id=\"d1\" a=\"m1\" b=\"m2\" c=\"1\"/>"
  "<spring id=\"c1\" a=\"floor\" b=\"ball\" k=\"100\"/>"
  "<spring id=\"k2\" a=\"wall\" b=\"cart\" k=\"100\"/>"
  "<force id=\"weight1\" body=\"m1\" value=\"9.81\"/>"
  "<actuator id=\"u1\" body=\"m1\"/>"
  "<prescribed id=\"p2\" body=\"m2\" value=\"0.1*sin(t)\"/>"
  "<force id=\"lift\" body=\"ball\" value=\"9.81\"/>"
  "<force id=\"push\" body=\"cart\" value=\"2*sin(t)\"/>"
  "</luztar-model>";

/* A source's id and the way its arrow points on the screen (x right, y
 * down). */
typedef struct
{
  const char *id;
  double      dx, dy;
} ArrowWay;

/* Each source's arrow in MODEL points along its body's axis of motion as
 * the layout shows it (EXPECTED, in model order), beside the body when
 * that axis is up and down. */
static void
check_arrows (const LzModel  *model,
              const ArrowWay *expected,
              guint           n)
{
  g_autoptr(LuztarScene) scene = luztar_scene_new (model);

  g_assert_cmpuint (n, ==, lz_model_get_n_sources (model));
  for (guint k = 0; k < n; k++)
    {
      const LzSource *src = lz_model_get_source (model, k);
      LuztarSourcePlace place;

      g_assert_cmpstr (src->item.id, ==, expected[k].id);
      g_assert_true (luztar_scene_source_place (NULL, scene, k, &place));
      g_test_message ("%s: the arrow points (%+.2f, %+.2f) on the screen, %s its body", src->item.id,
                      cos (place.angle), sin (place.angle), place.across ? "beside" : "above");
      g_assert_cmpfloat (fabs (cos (place.angle) - expected[k].dx), <, 1e-9);
      g_assert_cmpfloat (fabs (sin (place.angle) - expected[k].dy), <, 1e-9);
      g_assert_true (place.across == (expected[k].dy != 0));
    }
}

/* A force, a motion or an actuator on a body laid out up and down the page
 * points up or down the page (the soft floor's gravity was drawn across
 * it: the arrows took the body's direction attribute, 0 when the file
 * gives none, not the axis the layout shows), the body moves up and down
 * in a run, and the window shows it so at 800 × 600 and 1920 × 1080. */
static void
test_vertical_sources (void)
{
  static const ArrowWay family[] = {
    { "weight1", 0, 1 }, { "u1", 0, 1 }, { "p2", 0, 1 }, { "lift", 0, -1 }, { "push", 1, 0 },
  }, soft[] = { { "gravity", 0, 1 } };
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load_from_data (vertical_family, strlen (vertical_family), "family",
                                                      &error);
  g_autoptr(LzModel) ball = app_test_load_example ("soft-floor-bounce.luztar");

  g_assert_no_error (error);
  check_arrows (model, family, G_N_ELEMENTS (family));
  {
    g_autoptr(LuztarScene) scene = luztar_scene_new (model);
    static const double axis[] = { -90, -90, 90, 0 };

    static const double grounds[] = { -90, 90, 0 };   /* a ceiling, a floor, a wall */

    for (guint i = 0; i < G_N_ELEMENTS (axis); i++)
      g_assert_cmpfloat (luztar_scene_body_direction (scene, i), ==, axis[i]);
    for (guint i = 0; i < G_N_ELEMENTS (grounds); i++)
      g_assert_cmpfloat (luztar_scene_ground_direction (scene, i), ==, grounds[i]);
  }
  /* the soft floor: gravity (−9.81) down the page, the ball 1 m up drawn
   * 60 px (the motion scale) higher than on the floor, not aside */
  g_assert_cmpfloat (lz_model_get_body (ball, 0)->direction, ==, 0);
  check_arrows (ball, soft, G_N_ELEMENTS (soft));
  assert_ball_falls (ball, "soft-floor-ball");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint m = 0; m < 2; m++)
      {
        g_autofree char *dir = app_test_artifacts_dir ("layout");
        g_autofree char *path = g_build_filename (dir, "vertical-family.luztar", NULL);
        LuztarWindow *window = open_window (NULL, sizes[s][0], sizes[s][1]);
        g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", m == 0 ? "soft-floor" : "vertical-family",
                                                 sizes[s][0], sizes[s][1]);

        g_assert_true (g_file_set_contents (path, vertical_family, -1, NULL));
        if (m == 0)
          {
            g_autofree char *example = app_test_example_path ("soft-floor-bounce.luztar");

            g_assert_true (luztar_window_open_example (window, example));
          }
        else
          g_assert_true (luztar_window_open_example (window, path));
        settle (150);
        save (GTK_WIDGET (window), file);
        /* two arrows beside m1: their names clear of each other and of m1 */
        g_assert_cmpuint (count_names_on_solids (LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window),
                                                                                    LUZTAR_TYPE_CANVAS)),
                                                 luztar_window_get_model (window), file), ==, 0);
        gtk_window_destroy (GTK_WINDOW (window));
      }
}

/* A click of the pointer's first button at (X, Y) of WIDGET, through the X
 * server (xdotool, as a person's click reaches the window: headless.sh
 * runs the tests on Xvfb). */
static void
click_at (GtkWidget *widget,
          double     x,
          double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double sx, sy;
  g_autofree char *window_id = NULL, *px = NULL, *py = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_true (GDK_IS_X11_SURFACE (gtk_native_get_surface (native)));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &at));
  gtk_native_get_surface_transform (native, &sx, &sy);
  window_id = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (gtk_native_get_surface (native)));
  px = g_strdup_printf ("%.0f", at.x + sx);
  py = g_strdup_printf ("%.0f", at.y + sy);
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) "xdotool", (char *) "mousemove", (char *) "--sync",
                                                  (char *) "--window", window_id, px, py, (char *) "click",
                                                  (char *) "1", NULL },
                               NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* Clicking the name of a force, a motion or an actuator selects it, as
 * clicking its arrow does (the name's place depends on the zoom and on
 * luztar_scene_clear_labels(): the canvas picks it as drawn), in a window
 * at 800 × 600 and at 1920 × 1080; a click in the middle of each name,
 * away from the arrow's own box (there luztar_symbols_hit_test(), by the
 * arrows alone, finds something else or nothing). */
/* A flap folded over the window's content and open (the inspector on a
 * narrow window, after an item is clicked). */
static gboolean
is_open_flap (GtkWidget     *widget,
              gconstpointer  unused)
{
  return ADW_IS_FLAP (widget) && adw_flap_get_folded (ADW_FLAP (widget))
         && adw_flap_get_reveal_flap (ADW_FLAP (widget));
}

/* How long the inspector may take to slide out, at most (ms). */
#define FLAP_CLOSE_MAX_MS 2000

/* Clicks the middle of the name of MODEL's K-th source on CANVAS, where
 * the canvas draws it now, and checks that the source, and it alone, is
 * selected (the window then saved as PICTURE, when not NULL); FALSE: the
 * source has no name. */
static gboolean
click_source_name (LuztarCanvas  *canvas,
                   const LzModel *model,
                   guint          k,
                   const char    *what,
                   const char    *picture)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  const char *id = lz_model_get_source (model, k)->item.id;
  LuztarDrawStyle style;
  LuztarPen pen;
  g_autoptr(LuztarScene) scene = NULL;
  LuztarSourcePlace place;
  gboolean named;

  /* nothing selected, the inspector that a click slides over a narrow
   * window's canvas closed again, the window at rest */
  luztar_canvas_select (canvas, NULL);
  for (GtkWidget *flap; (flap = app_test_find (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (canvas))),
                                               is_open_flap, NULL)) != NULL;)
    {
      gint64 end = g_get_monotonic_time () + FLAP_CLOSE_MAX_MS * G_TIME_SPAN_MILLISECOND;

      adw_flap_set_reveal_flap (ADW_FLAP (flap), FALSE);
      while (adw_flap_get_reveal_progress (ADW_FLAP (flap)) > 0 && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
    }
  settle (50);
  scene = scene_as_drawn (canvas, model, cr, &style, &pen);
  named = luztar_scene_source_place (&pen, scene, k, &place) && place.label != NULL;

  if (named)
    {
      double wx, wy, mx = place.label_at.x, my = place.label_at.y;
      gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

      luztar_canvas_to_widget (canvas, mx, my, &wx, &wy);
      g_test_message ("%s: “%s” of %s at (%.0f, %.0f); there by the arrows alone: %s, as drawn: %s", what,
                      place.label, id, wx, wy, luztar_symbols_hit_test (model, mx, my),
                      luztar_symbols_hit_test_drawn (model, &style, style.scale, mx, my));
      /* away from the arrow: its name alone picks it */
      g_assert_cmpstr (luztar_symbols_hit_test (model, mx, my), !=, id);
      g_assert_true (gtk_widget_pick (GTK_WIDGET (canvas), wx, wy, GTK_PICK_DEFAULT) == GTK_WIDGET (canvas));
      click_at (GTK_WIDGET (canvas), wx, wy);
      while (luztar_canvas_get_selection (canvas)->len == 0 && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
      settle (50);
      g_assert_cmpuint (luztar_canvas_get_selection (canvas)->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (luztar_canvas_get_selection (canvas), 0), ==, id);
      if (picture != NULL)
        save (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (canvas))), picture);
    }
  luztar_source_place_clear (&place);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return named;
}

/* Clicking the name of a force, a motion or an actuator selects it, as
 * clicking its arrow does (the name's place depends on the zoom and on
 * luztar_scene_clear_labels(): the canvas picks it as drawn), in a window
 * at 800 × 600 and at 1920 × 1080; a click in the middle of each name,
 * away from the arrow's own box (there luztar_symbols_hit_test(), by the
 * arrows alone, finds something else or nothing). */
static void
test_click_source_name (void)
{
  /* forces above and beside their bodies, a motion and an actuator */
  static const char *const examples[] = { "paper003-gear-train.luztar", "soft-floor-bounce.luztar",
                                          "motor-through-freeplay.luztar" };
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };
  guint clicked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint m = 0; m < G_N_ELEMENTS (examples); m++)
      {
        LuztarWindow *window = open_window (examples[m], sizes[s][0], sizes[s][1]);
        LuztarCanvas *canvas = LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS));
        LzModel *model = luztar_window_get_model (window);
        g_autofree char *what = g_strdup_printf ("%s at %d × %d", examples[m], sizes[s][0], sizes[s][1]);

        g_autofree char *file = g_strdup_printf ("source-name-clicked-%dx%d.png", sizes[s][0], sizes[s][1]);

        settle (150);
        for (guint k = 0; k < lz_model_get_n_sources (model); k++)
          clicked += click_source_name (canvas, model, k, what, m == 0 && k == 0 ? file : NULL);
        gtk_window_destroy (GTK_WINDOW (window));
      }
  g_test_message ("%u names clicked", clicked);
  g_assert_cmpuint (clicked, ==, 2 * 5);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

/* The run settings at 800 × 600 with three nonsmooth elements: the
 * popover fits above or below its button and scrolls, and its last
 * breakpoint can be scrolled into view. */
static void
test_settings_popover (void)
{
  LuztarWindow *window = open_window ("freeplay-pair.luztar", 800, 600);
  GtkWidget *w = GTK_WIDGET (window);
  GtkWidget *button = app_test_find (w, has_tooltip, "Run Settings");
  GtkPopover *popover;
  GtkWidget *scroller;
  GtkAdjustment *adj;
  graphene_rect_t b, in, view;
  double room;

  g_assert_nonnull (button);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  settle (400);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  b = bounds_in (button, w);
  room = MAX (b.origin.y, gtk_widget_get_height (w) - b.origin.y - b.size.height);
  g_test_message ("the popover is %d px tall (its settings %d); room %.0f px above or below its button",
                  gtk_widget_get_height (GTK_WIDGET (popover)),
                  gtk_widget_get_height (gtk_popover_get_child (popover)), room);
  g_assert_cmpfloat (gtk_widget_get_height (GTK_WIDGET (popover)), <=, room);
  scroller = gtk_popover_get_child (popover);
  g_assert_true (GTK_IS_SCROLLED_WINDOW (scroller));
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_test_message ("the settings scroll over %.0f px, %.0f shown",
                  gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  settle (200);
  /* the breakpoint list is the grid's last row: its last check in view */
  {
    GtkWidget *grid = app_test_find_type (scroller, GTK_TYPE_GRID);
    GtkWidget *breaks = gtk_grid_get_child_at (GTK_GRID (grid), 1, 6);
    GtkWidget *final = gtk_widget_get_last_child (breaks);

    g_assert_nonnull (final);
    g_assert_true (GTK_IS_CHECK_BUTTON (final));
    g_test_message ("the last breakpoint: %s", gtk_check_button_get_label (GTK_CHECK_BUTTON (final)));
    g_assert_true (gtk_widget_compute_bounds (final, scroller, &in));
    view = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (scroller), gtk_widget_get_height (scroller));
    g_assert_cmpfloat (in.origin.y, >=, -0.5);
    g_assert_cmpfloat (in.origin.y + in.size.height, <=, view.size.height + 0.5);
  }
  save (w, "settings-800x600.png");
  gtk_popover_popdown (popover);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Slow motion: the time plots show the last 20 s of wall clock (2 s of
 * the model's time at 1/10) and move with the run; faster than real time
 * runs at 10×; after the run the whole span again. */
static void
test_speeds (void)
{
  LuztarWindow *window = open_window ("friction-oscillator.luztar", 1280, 800);
  LuztarSimPanel *panel = panel_of (window);
  LuztarPlot *plot = luztar_sim_panel_get_plot (panel, 0);
  double lo, hi, t;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "speed", g_variant_new_string ("10"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
  settle (600);
  g_assert_cmpfloat (luztar_run_get_speed (luztar_sim_panel_get_run (panel)), ==, 10);
  t = luztar_run_get_paced_time (luztar_sim_panel_get_run (panel));
  g_test_message ("at 10×, after 0.6 s of wall clock: t = %.2f s", t);
  g_assert_cmpfloat (t, >, 2);      /* 6 s if the machine keeps up; more than real time anyway */
  luztar_plot_get_x_range (plot, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);    /* not slow: the whole span */
  g_assert_cmpfloat (hi, ==, 100);

  g_action_group_change_action_state (G_ACTION_GROUP (window), "speed", g_variant_new_string ("0.1"));
  settle (1500);
  t = luztar_sim_panel_get_shown_time (panel);
  luztar_plot_get_x_range (plot, &lo, &hi);
  g_test_message ("at 1/10: t = %.3f s shown, the time axis %.3f … %.3f s", t, lo, hi);
  g_assert_cmpfloat (fabs ((hi - lo) - 2), <, 1e-9);
  g_assert_cmpfloat (t, >=, lo);
  g_assert_cmpfloat (t, <=, hi);
  g_action_group_activate_action (G_ACTION_GROUP (window), "pause", NULL);
  settle (300);
  luztar_plot_get_x_range (plot, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 100);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How many of NAMES (device boxes) come within the label margin of one of
 * OTHERS (the NAME_KIND and what OTHERS are, for the messages). */
static guint
count_meeting (const GArray *names,
               const GArray *others,
               const char   *what,
               const char   *name_kind,
               const char   *other_kind)
{
  guint met = 0;

  for (guint i = 0; i + 3 < names->len; i += 4)
    for (guint k = 0; k + 3 < others->len; k += 4)
      {
        const double *a = &g_array_index (names, double, i), *b = &g_array_index (others, double, k);

        if (within_margin (a, b))
          {
            g_test_message ("%s: %s at (%.0f, %.0f)–(%.0f, %.0f) comes within %g px of %s at "
                            "(%.0f, %.0f)–(%.0f, %.0f)", what, name_kind, a[0], a[1], a[2], a[3],
                            LUZTAR_LABEL_MARGIN, other_kind, b[0], b[1], b[2], b[3]);
            met++;
            break;
          }
      }
  return met;
}

/* How many of the names of SCENE's forces, motions and actuators meet what
 * an element draws (its symbol from port to port, a floor), and of the
 * names of its discs meet that or an arrow of a source or its name (the
 * gear train's "input ψ" sat on its bearing's symbol), drawn with PEN;
 * MOVED counts the names moved from their first places to be clear. */
static guint
count_names_on_elements (const LuztarPen   *pen,
                         const LuztarScene *scene,
                         const char        *what,
                         guint             *moved)
{
  g_autoptr(GArray) names = luztar_scene_name_boxes (pen, scene);
  g_autoptr(GArray) discs = luztar_scene_body_name_boxes (pen, scene);
  g_autoptr(GArray) elements = luztar_scene_element_boxes (pen, scene);
  g_autoptr(GArray) arrows = luztar_scene_arrow_boxes (pen, scene);

  for (guint k = 0; k < lz_model_get_n_sources (scene->model); k++)
    *moved += scene->name_at[k] != LUZTAR_NAME_BEFORE;
  for (guint i = 0; i < scene->nb; i++)
    *moved += scene->body_name[i].x != 0 || scene->body_name[i].y != 0;
  return count_meeting (names, elements, what, "a name", "an element drawn")
         + count_meeting (discs, elements, what, "a disc's name", "an element drawn")
         + count_meeting (discs, arrows, what, "a disc's name", "an arrow or its name");
}

/* Whether element E's label, as PEN writes it in SCENE, keeps its words
 * whole: shortened, each of its words ("tooth…", "K") one of the whole
 * label's (not "tooth… esh K"). */
static gboolean
label_words_whole (const LuztarPen   *pen,
                   const LuztarScene *scene,
                   guint              e,
                   const char        *what)
{
  g_autofree char *text = NULL;
  g_autofree char *drawn = luztar_scene_label_text (pen, scene, e, &text);
  g_auto(GStrv) words = NULL, drawn_words = NULL;

  if (g_strcmp0 (text, drawn) == 0)
    return TRUE;
  g_test_message ("%s: “%s” shortened to “%s”", what, text, drawn);
  words = g_strsplit (text, " ", -1);
  drawn_words = g_strsplit (drawn, " ", -1);
  for (guint i = 0; drawn_words[i] != NULL; i++)
    {
      char *word = drawn_words[i];

      if (g_str_has_suffix (word, "…"))
        word[strlen (word) - strlen ("…")] = '\0';
      if (*word != '\0' && !g_strv_contains ((const char *const *) words, word))
        {
          g_test_message ("%s: “%s” is not a word of “%s”", what, word, text);
          return FALSE;
        }
    }
  return TRUE;
}

/* The labels of MODEL's elements against the arrows of its forces,
 * motions and actuators (and their names) as CANVAS draws them, in its
 * pixels, and those names against the elements: how many meet one; MOVED
 * counts the labels and names moved off their places to be clear. */
static guint
count_labels_on_arrows (LuztarCanvas  *canvas,
                        const LzModel *model,
                        const char    *what,
                        guint         *moved)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(LuztarScene) scene = luztar_scene_new (model);
  g_autoptr(GArray) arrows = NULL;
  g_autofree double *shift = g_new0 (double, 2 * MAX (scene->ne, 1));
  double ox, oy, sx, sy;
  LuztarDrawStyle style = { FALSE, 1, NULL };
  LuztarPen pen;
  guint met = 0;

  luztar_canvas_to_widget (canvas, 0, 0, &ox, &oy);
  luztar_canvas_to_widget (canvas, 1, 0, &sx, &sy);
  style.scale = sx - ox;
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, style.scale, style.scale);
  luztar_pen_init (&pen, cr, &style);
  /* the labels and names where the drawing puts them */
  luztar_scene_clear_labels (&pen, scene, shift);
  arrows = luztar_scene_arrow_boxes (&pen, scene);
  met += count_names_on_elements (&pen, scene, what, moved);
  for (guint e = 0; e < scene->ne; e++)
    {
      const LuztarPlacement *pl = &scene->pl[e];
      const LzElement *el = lz_model_get_element (model, e);
      double box[4];
      gboolean drawn;

      if (!pl->ok || pl->to_floor)
        continue;
      *moved += shift[2 * e] != 0 || shift[2 * e + 1] != 0;
      met += !label_words_whole (&pen, scene, e, what);
      drawn = luztar_scene_label_box (&pen, scene, e, box);
      for (guint k = 0; drawn && k < arrows->len; k += 4)
        {
          const double *b = &g_array_index (arrows, double, k);

          if (within_margin (box, b))
            {
              g_test_message ("%s: the label of %s, (%.1f, %.1f)–(%.1f, %.1f), comes within %g px of an arrow or "
                              "its name at (%.1f, %.1f)–(%.1f, %.1f)", what, el->item.id, box[0], box[1], box[2],
                              box[3], LUZTAR_LABEL_MARGIN, b[0], b[1], b[2], b[3]);
              met++;
              break;
            }
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return met;
}

/* Every example at 800 × 600, 1280 × 800 and 1920 × 1080: no element's
 * label on an arrow of a force, motion or actuator or on its name (the
 * vehicle's "tyre–road contact N" ran into the tyre's "−mg": moved off
 * it; the absorber's k₂ into "E₀ sin ω₀t": slid along its spring), and no
 * such name on an element's symbol or line (the vehicle's "−Bg" sat on
 * the end of k₄, the absorber's "−mg" on k₂'s: moved to a clear side of
 * their arrows); no disc's name on an element's symbol or an arrow (the
 * gear train's "input ψ", "wheel γ"… sat on their bearings' symbols:
 * moved beside them). */
static void
test_labels_clear (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1280, 800 }, { 1920, 1080 } };
  g_autoptr(GDir) dir = g_dir_open (g_getenv ("LUZTAR_EXAMPLES_DIR"), 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (dir);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_suffix (name, ".luztar"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      LuztarWindow *window = open_window (NULL, sizes[s][0], sizes[s][1]);
      LuztarCanvas *canvas = LUZTAR_CANVAS (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS));
      guint met = 0, vehicle_moved = 0, gears_moved = 0;

      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *path = app_test_example_path (names->pdata[i]);
          g_autofree char *what = g_strdup_printf ("%s at %d × %d", (char *) names->pdata[i], sizes[s][0],
                                                   sizes[s][1]);
          guint moved = 0;

          g_assert_true (luztar_window_open_example (window, path));
          settle (150);
          met += count_labels_on_arrows (canvas, luztar_window_get_model (window), what, &moved);
          if (moved > 0)
            {
              g_autofree char *file = g_strdup_printf ("labels-%.*s-%dx%d.png",
                                                       (int) strlen (names->pdata[i]) - 7,
                                                       (char *) names->pdata[i], sizes[s][0], sizes[s][1]);

              g_test_message ("%s: %u label(s) or name(s) moved clear", what, moved);
              save (GTK_WIDGET (window), file);
            }
          if (strstr (names->pdata[i], "vehicle") != NULL)
            vehicle_moved = moved;
          if (strstr (names->pdata[i], "gear-train") != NULL)
            gears_moved = moved;
        }
      g_assert_cmpuint (met, ==, 0);
      /* (larger, the model is drawn large enough for its labels) */
      if (sizes[s][0] == 800)
        {
          g_assert_cmpuint (vehicle_moved, >, 0);
          /* the four discs' names off their bearings' symbols */
          g_assert_cmpuint (gears_moved, >=, 4);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static gboolean
is_label_starting (GtkWidget     *widget,
                   gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

static gboolean
is_button_with_tooltip (GtkWidget     *widget,
                        gconstpointer  tooltip)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

/* Runs WINDOW's model at full speed until it is no longer running (or
 * could not start). */
static void
run_to_end (LuztarWindow *window)
{
  LuztarSimPanel *panel = panel_of (window);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "speed", g_variant_new_string ("max"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
  settle (100);
  while (luztar_sim_panel_get_run (panel) != NULL
         && luztar_run_get_state (luztar_sim_panel_get_run (panel)) == LUZTAR_RUN_RUNNING
         && g_get_monotonic_time () < end)
    settle (20);
  settle (300);
}

/* tests/data/bad-run/NAME opened in a window of WIDTH × HEIGHT. */
static LuztarWindow *
open_bad_run (const char *name,
              int         width,
              int         height)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "tests", "data", "bad-run",
                                            name, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (luztar_window_open_example (window, path));
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_layout (GTK_WIDGET (window));
  return window;
}

/* A toast of an AdwToastOverlay (its widget type is private). */
static gboolean
is_toast (GtkWidget     *widget,
          gconstpointer  data)
{
  (void) data;
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget") && gtk_widget_get_mapped (widget);
}

/* LABEL, in a scrolled window SHOWN px high, shows whole lines: the
 * window ends at the foot of one of its layout's lines (within a pixel of
 * rounding), not a sliver into the next one, or below the last one (all
 * of it shown, in a window no shorter than its scroll bar). */
static void
assert_whole_lines (GtkLabel *label,
                    double    shown)
{
  PangoLayoutIter *iter = pango_layout_get_iter (gtk_label_get_layout (label));
  int ox, oy, whole = 0, n = 0;
  double last = 0;

  gtk_label_get_layout_offsets (label, &ox, &oy);
  do
    {
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      n++;
      g_test_message ("line %d: %.1f–%.1f px", n, oy + (double) y0 / PANGO_SCALE, oy + (double) y1 / PANGO_SCALE);
      last = oy + (double) y1 / PANGO_SCALE;
      if (fabs (last - shown) <= 1)
        whole = n;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  if (last <= shown + 1)
    whole = n;
  g_test_message ("the bar shows %.0f px: %d whole line(s)", shown, whole);
  g_assert_cmpint (whole, >, 0);
}

/* Presses Run on the window's model and waits until the run is no longer
 * running (or could not start); the label that says why, wholly shown:
 * on the screen, wrapped rather than cut, all of its lines in its height,
 * containing EXPECTED; the panel keeps its height.  Closing the message
 * gives the status line back. */
static void
check_problem_shown (const char *model,
                     int         width,
                     int         height,
                     const char *prefix,
                     const char *expected,
                     const char *picture)
{
  LuztarWindow *window = open_bad_run (model, width, height);
  GtkWidget *w = GTK_WIDGET (window);
  LuztarSimPanel *panel = panel_of (window);
  int panel_height = gtk_widget_get_height (GTK_WIDGET (panel));
  GtkWidget *label, *close, *scroller;
  GtkAdjustment *vadj;
  PangoRectangle ink, logical;
  PangoLayout *layout;
  int lines;

  run_to_end (window);
  label = app_test_find (w, is_label_starting, prefix);
  g_assert_nonnull (label);
  g_test_message ("%s at %d × %d: %s", model, width, height, gtk_label_get_text (GTK_LABEL (label)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), expected));
  assert_on_screen (label, w, "the message why the run cannot go on");
  layout = gtk_label_get_layout (GTK_LABEL (label));
  g_assert_false (pango_layout_is_ellipsized (layout));
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  lines = pango_layout_get_line_count (layout);
  g_test_message ("its %d line(s), %d px high, in %d px", lines, logical.height, gtk_widget_get_height (label));
  g_assert_cmpint (logical.width, <=, gtk_widget_get_width (label) + 1);
  g_assert_cmpint (logical.height, <=, gtk_widget_get_height (label) + 1);
  if (width <= 800)
    g_assert_cmpint (lines, >, 1);
  /* the bar shows three lines and scrolls to the rest */
  scroller = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  assert_on_screen (scroller, w, "the bar's lines");
  vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_test_message ("the bar shows %.0f px of %.0f", gtk_adjustment_get_page_size (vadj),
                  gtk_adjustment_get_upper (vadj));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >=, logical.height);
  assert_whole_lines (GTK_LABEL (label), gtk_adjustment_get_page_size (vadj));
  /* the bar says it all, until closed: no toast repeats a part of it
   * (one repeated the warning, cut at 800 × 600, over the plot) */
  g_assert_null (app_test_find (w, is_toast, NULL));
  /* in a large window the plots give the message its room: the panel
   * keeps its size; in a small one, where the panel is as short as it
   * can be, it grows by the message's extra lines, the model still
   * wholly on the canvas */
  g_test_message ("the panel: %d px high, %d px before", gtk_widget_get_height (GTK_WIDGET (panel)), panel_height);
  if (width > 800)
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, panel_height);
  else
    {
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), <=,
                       panel_height + gtk_widget_get_height (label));
      assert_model_inside (LUZTAR_CANVAS (app_test_find_type (w, LUZTAR_TYPE_CANVAS)), model);
    }
  save (w, picture);

  close = app_test_find (w, is_button_with_tooltip, "Close the message");
  g_assert_nonnull (close);
  g_signal_emit_by_name (close, "clicked");
  settle (100);
  g_assert_false (gtk_widget_get_mapped (label));
  g_assert_true (g_str_has_prefix (luztar_sim_panel_get_status (panel), prefix));
  if (width > 800)
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, panel_height);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run refused at one of the run's limits, one stopped by a force that
 * becomes infinite and one finished with warnings: their whole message
 * readable at 800 × 600 (the limit's advice of what to change in the Run
 * Settings included, not only in a tooltip), and at 1920 × 1080 without
 * the panel changing size; the bar whole lines high, no toast repeating
 * it. */
static void
test_problem (void)
{
  static const char limit[] = "more than the limit of 1000000000 steps; "
                              "choose a shorter end time or a larger time step in the Run Settings";

  check_problem_shown ("limit-steps.luztar", 800, 600, "Cannot run the model: ", limit,
                       "problem-limit-800x600.png");
  check_problem_shown ("limit-steps.luztar", 1920, 1080, "Cannot run the model: ", limit,
                       "problem-limit-1920x1080.png");
  check_problem_shown ("force-pole.luztar", 800, 600, "The run stopped: ",
                       "the expression “1/(t-0.5)” is not finite at t = 0.5 s",
                       "problem-stopped-800x600.png");
  /* a finished run with warnings: its summary and its warnings, longer
   * than the status line's two lines, in the bar */
  check_problem_shown ("stop-large-step.luztar", 800, 600, "Finished at t = ",
                       "Warning: stop “s1” was penetrated by", "problem-warnings-800x600.png");
  check_problem_shown ("stop-large-step.luztar", 1920, 1080, "Finished at t = ",
                       "Warning: stop “s1” was penetrated by", "problem-warnings-1920x1080.png");
}

/* The status line of WINDOW's panel shown whole: on the screen, not
 * cut, all of its lines in its height; starting with PREFIX. */
static void
assert_status_whole (LuztarWindow *window,
                     const char   *prefix,
                     const char   *what)
{
  GtkWidget *w = GTK_WIDGET (window);
  GtkWidget *label = app_test_find (w, is_label_starting, prefix);
  PangoRectangle ink, logical;
  PangoLayout *layout;

  if (label == NULL)
    g_error ("%s: no status starting “%s” (it says “%s”)", what, prefix,
             luztar_sim_panel_get_status (panel_of (window)));
  assert_on_screen (label, w, what);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  g_test_message ("%s: “%s”, %d line(s), %d px high in %d px", what, gtk_label_get_text (GTK_LABEL (label)),
                  pango_layout_get_line_count (layout), logical.height, gtk_widget_get_height (label));
  if (pango_layout_is_ellipsized (layout))
    g_error ("%s: the status line is cut: “%s”", what, gtk_label_get_text (GTK_LABEL (label)));
  g_assert_cmpint (logical.width, <=, gtk_widget_get_width (label) + 1);
  g_assert_cmpint (logical.height, <=, gtk_widget_get_height (label) + 1);
  g_assert_cmpint (gtk_widget_get_height (label), ==, gtk_widget_get_height (gtk_widget_get_parent (label)));
}

/* What the status line says outside the problem bar, whole at 800 × 600
 * and 1920 × 1080, the panel and the line of one height whatever it says: a model that
 * cannot run, opened (the limit and what to change in the Run Settings,
 * cut after “Cannot run the model: …” in one line before), the invitation
 * to run one that can, and its run's summary. */
static void
test_status_whole (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1920, 1080 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      LuztarWindow *window = open_bad_run ("limit-steps.luztar", sizes[s][0], sizes[s][1]);
      LuztarSimPanel *panel = panel_of (window);
      g_autofree char *example = app_test_example_path ("friction-oscillator.luztar");
      g_autofree char *file = g_strdup_printf ("status-cannot-run-%dx%d.png", sizes[s][0], sizes[s][1]);
      g_autofree char *file_end = g_strdup_printf ("status-finished-%dx%d.png", sizes[s][0], sizes[s][1]);
      GtkWidget *status;
      int height, status_height;

      settle (200);
      assert_status_whole (window, "Cannot run the model: ", "a model that cannot run");
      g_assert_nonnull (strstr (luztar_sim_panel_get_status (panel), "in the Run Settings"));
      height = gtk_widget_get_height (GTK_WIDGET (panel));
      status = app_test_find (GTK_WIDGET (window), is_label_starting, "Cannot run the model: ");
      status_height = gtk_widget_get_height (status);
      save (GTK_WIDGET (window), file);

      g_assert_true (luztar_window_open_example (window, example));
      settle (300);
      assert_status_whole (window, "Press Run", "a model to run");
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, height);
      g_assert_cmpint (gtk_widget_get_height (status), ==, status_height);
      run_to_end (window);
      assert_status_whole (window, "Finished at", "the run's summary");
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, height);
      g_assert_cmpint (gtk_widget_get_height (status), ==, status_height);
      save (GTK_WIDGET (window), file_end);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int    argc,
      char **argv)
{
  app_test_init (&argc, &argv);
  /* the font of a GNOME desktop (what the application gets from its
   * settings; gtk_test_init() leaves GTK's smaller default) */
  g_object_set (gtk_settings_get_default (), "gtk-font-name", "Cantarell 11", NULL);
  g_test_add_func ("/layout/800x600", test_small);
  g_test_add_func ("/layout/800x600/polish", test_small_polish);
  g_test_add_func ("/layout/800x600/fit", test_fit_examples);
  g_test_add_func ("/layout/800x600/polish-shrunk", test_shrink_polish);
  g_test_add_func ("/layout/1280x800", test_laptop);
  g_test_add_func ("/layout/1920x1080", test_projector);
  g_test_add_func ("/layout/presentation", test_presentation);
  g_test_add_func ("/layout/phase-after-open", test_phase_after_open);
  g_test_add_func ("/layout/new-model", test_new_model);
  g_test_add_func ("/layout/vertical", test_vertical);
  g_test_add_func ("/layout/vertical-sources", test_vertical_sources);
  g_test_add_func ("/layout/settings-popover", test_settings_popover);
  g_test_add_func ("/layout/speeds", test_speeds);
  g_test_add_func ("/layout/problem", test_problem);
  g_test_add_func ("/layout/status-whole", test_status_whole);
  g_test_add_func ("/layout/labels-clear", test_labels_clear);
  g_test_add_func ("/layout/click-source-name", test_click_source_name);
  return g_test_run ();
}
