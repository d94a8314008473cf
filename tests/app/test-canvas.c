/* test-canvas.c — the canvas widget: a model drawn, zoom and fit, the
 * picture it paints (under Xvfb, see tests/headless.sh)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "lz.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-symbols.h"
#include "luztar-gallery.h"
#include "luztar-window.h"
#include "app-test-util.h"

/* Zoom in and out by the canvas actions (what Ctrl+plus/minus/0 do). */
static void
test_canvas_zoom (void)
{
  g_autoptr(LzModel) model = app_test_load_example ("two-carts-stop.luztar");
  GtkWidget *window = gtk_window_new ();
  LuztarCanvas *canvas = LUZTAR_CANVAS (luztar_canvas_new ());

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 500);
  gtk_window_present (GTK_WINDOW (window));
  luztar_canvas_set_model (canvas, model);
  g_assert_true (luztar_canvas_get_model (canvas) == model);
  g_assert_cmpfloat (luztar_canvas_get_zoom (canvas), ==, 1.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (luztar_canvas_get_zoom (canvas), 1.25, 1e-12);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-out", NULL);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-out", NULL);
  g_assert_cmpfloat_with_epsilon (luztar_canvas_get_zoom (canvas), 0.8, 1e-12);
  for (int i = 0; i < 40; i++)
    gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  g_assert_cmpfloat (luztar_canvas_get_zoom (canvas), ==, 20.0);   /* bounded */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  g_assert_cmpfloat (luztar_canvas_get_zoom (canvas), ==, 1.0);
  /* a new model is shown whole */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  luztar_canvas_set_model (canvas, model);
  g_assert_cmpfloat (luztar_canvas_get_zoom (canvas), ==, 1.0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every example draws, and ink lands where the layout puts its bodies:
 * the pixel at each block's centre is the block colour, in light and dark. */
static void
test_canvas_draw_examples (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autoptr(LzModel) model = app_test_load_example (name);
      guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
      g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
      g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
      double x0, y0, x1, y1;

      luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
      for (int dark = 0; dark < 2; dark++)
        {
          int w = (int) (x1 - x0) + 1, h = (int) (y1 - y0) + 1;
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
          cairo_t *cr = cairo_create (surface);
          LuztarDrawStyle style = { dark, 1.0 };
          guint8 *data;
          int stride;

          cairo_set_source_rgb (cr, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98);
          cairo_paint (cr);
          cairo_translate (cr, -x0, -y0);
          luztar_symbols_draw_model (cr, model, &style);
          g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
          cairo_surface_flush (surface);
          data = cairo_image_surface_get_data (surface);
          stride = cairo_image_surface_get_stride (surface);
          for (guint i = 0; i < nb; i++)
            {
              /* a little off centre: the centre holds the label */
              int px = (int) (bp[i].x - x0) - 15, py = (int) (bp[i].y - y0) + 10;
              guint32 pixel = *(guint32 *) (data + py * stride + 4 * px);
              int blue = pixel & 0xff, red = (pixel >> 16) & 0xff;

              if (!(lz_model_get_body (model, i)->mass > 0))
                continue;                               /* massless joints are grey */
              g_assert_cmpint (blue, >, red + 60);      /* the blue of a body */
            }
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}

static void
on_chosen (LuztarGallery *gallery,
           const char    *path,
           char         **out)
{
  *out = g_strdup (path);
}

/* The gallery lists every example (in the order of the lessons, the
 * default example first), and choosing a card hands its file to the
 * window and closes. */
static void
test_gallery (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples", NULL);
  LuztarGallery *gallery = luztar_gallery_new (NULL, dir);
  GPtrArray *paths = luztar_gallery_get_paths (gallery);
  g_autofree char *chosen = NULL;
  g_autofree char *first = NULL;

  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_files = 0, pair = G_MAXUINT;

  /* as many cards as example files (examples come and go) */
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    n_files += g_str_has_suffix (name, ".luztar");
  g_object_ref_sink (gallery);
  gtk_window_present (GTK_WINDOW (gallery));
  g_assert_cmpuint (n_files, >=, 13);
  g_assert_cmpuint (paths->len, ==, n_files);
  first = g_path_get_basename (g_ptr_array_index (paths, 0));
  g_assert_cmpstr (first, ==, "friction-oscillator.luztar");
  for (guint i = 0; i < n_files; i++)
    if (g_str_has_suffix (g_ptr_array_index (paths, i), "freeplay-pair.luztar"))
      pair = i;
  g_assert_cmpuint (pair, <, n_files);
  g_signal_connect (gallery, "example-chosen", G_CALLBACK (on_chosen), &chosen);
  luztar_gallery_choose (gallery, pair);
  g_assert_nonnull (chosen);
  g_assert_true (g_str_has_suffix (chosen, "freeplay-pair.luztar"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gallery)));
  g_object_unref (gallery);
}

/* Open an example as an untitled copy, save it (what Save As does after
 * the file chooser), and the saved file holds the same model; a file that
 * cannot be written leaves the window as it was. */
static void
test_window_save (void)
{
  g_autofree char *example = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples",
                                               "two-carts-stop.luztar", NULL);
  g_autofree char *dir = g_dir_make_tmp ("luztar-save-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "carts.luztar", NULL);
  g_autofree char *bad = g_build_filename (dir, "no", "such", "dir", "x.luztar", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (target);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(LzModel) original = lz_model_load (example, NULL);
  g_autoptr(LzModel) saved = NULL;
  g_autoptr(GError) error = NULL;
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  g_assert_true (luztar_window_open_example (window, example));
  g_assert_false (luztar_window_save_to (window, bad_file));
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_assert_true (luztar_window_save_to (window, file));
  saved = lz_model_load (target, &error);
  g_assert_no_error (error);
  g_assert_true (lz_model_equal (original, saved));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Two carts and a stop");
  /* the saved file is on the desktop's recent list (Open Recent) */
  {
    g_autofree char *uri = g_file_get_uri (file);
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    /* the recent list is written in an idle */
    while (!gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri)
           && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
    g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (target);
  g_rmdir (dir);
}

/* Editing a parameter through the window: validated by the core, undone
 * and redone, the window marked as changed until saved. */
static void
test_window_edit_undo (void)
{
  g_autofree char *example = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "data", "examples",
                                               "freeplay-pair.luztar", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (example);
  g_autoptr(GError) error = NULL;
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  double mass;

  g_assert_true (luztar_window_open_file (window, file));
  g_assert_false (luztar_window_is_modified (window));
  g_assert_false (luztar_window_undo (window));

  g_assert_true (luztar_window_set_parameter (window, "m2", "mass", "0.7", &error));
  g_assert_no_error (error);
  lz_model_get_parameter (luztar_window_get_model (window), "m2", "mass", &mass, NULL);
  g_assert_cmpfloat (mass, ==, 0.7);
  g_assert_true (luztar_window_is_modified (window));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  /* refused values change nothing and say why */
  g_assert_false (luztar_window_set_parameter (window, "m2", "mass", "-1", &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "negative"));
  g_clear_error (&error);
  g_assert_false (luztar_window_set_parameter (window, "coupling", "k", "stiff", &error));
  g_clear_error (&error);
  lz_model_get_parameter (luztar_window_get_model (window), "m2", "mass", &mass, NULL);
  g_assert_cmpfloat (mass, ==, 0.7);

  g_assert_true (luztar_window_undo (window));
  lz_model_get_parameter (luztar_window_get_model (window), "m2", "mass", &mass, NULL);
  g_assert_cmpfloat (mass, ==, 0.5);
  g_assert_false (luztar_window_undo (window));
  g_assert_true (luztar_window_redo (window));
  lz_model_get_parameter (luztar_window_get_model (window), "m2", "mass", &mass, NULL);
  g_assert_cmpfloat (mass, ==, 0.7);
  g_assert_false (luztar_window_redo (window));
  /* saved: the mark goes */
  {
    g_autofree char *dir = g_dir_make_tmp ("luztar-edit-XXXXXX", NULL);
    g_autofree char *target = g_build_filename (dir, "edited.luztar", NULL);
    g_autoptr(GFile) out = g_file_new_for_path (target);

    g_assert_true (luztar_window_save_to (window, out));
    g_assert_false (luztar_window_is_modified (window));
    g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
    g_unlink (target);
    g_rmdir (dir);
  }

  /* 600 edits: the history keeps the last 500 */
  for (int i = 0; i < 600; i++)
    {
      g_autofree char *text = g_strdup_printf ("%d", 100 + i);

      g_assert_true (luztar_window_set_parameter (window, "k1", "k", text, NULL));
    }
  for (int i = 0; i < 500; i++)
    g_assert_true (luztar_window_undo (window));
  g_assert_false (luztar_window_undo (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/canvas/zoom", test_canvas_zoom);
  g_test_add_func ("/luztar/canvas/draw-examples", test_canvas_draw_examples);
  g_test_add_func ("/luztar/gallery/examples", test_gallery);
  g_test_add_func ("/luztar/window/save", test_window_save);
  g_test_add_func ("/luztar/window/edit-undo", test_window_edit_undo);
  return g_test_run ();
}
