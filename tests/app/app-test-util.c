/* app-test-util.c — helpers that the tests of tests/app share
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <adwaita.h>
#include <gsl/gsl_errno.h>
#include <pango/pangocairo.h>

#include "app-test-util.h"

void
app_test_init (int    *argc,
               char ***argv)
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

LzModel *
app_test_load_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

char *
app_test_example_path (const char *name)
{
  return g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"), name, NULL);
}

LzModel *
app_test_load_example (const char *name)
{
  g_autofree char *path = app_test_example_path (name);

  return app_test_load_path (path);
}

LzModel *
app_test_load_test_model (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "tests", "data",
                                            "models", name, NULL);

  return app_test_load_path (path);
}

void
app_test_wait_for_layout (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gint64 settle;

  while ((!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0)
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (widget));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (gtk_widget_get_root (widget)));
  settle = g_get_monotonic_time () + G_USEC_PER_SEC / 5;
  while (g_get_monotonic_time () < settle)
    g_main_context_iteration (NULL, FALSE);
}

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
drawable (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0
         && gtk_widget_get_height (widget) > 0;
}

gboolean
app_test_wait_drawable (GtkWidget *widget)
{
  for (guint tries = 0; tries < 1000 && !drawable (widget); tries++)
    {
      spin ();
      g_usleep (10000);
    }
  spin ();
  return drawable (widget);
}

void
app_test_save_png (GtkWidget     *widget,
                   const GdkRGBA *background,
                   const char    *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("LUZTAR_BUILD_ROOT"), "test-artifacts", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  GskRenderNode *node = NULL;
  GdkTexture *texture;

  g_mkdir_with_parents (dir, 0755);
  app_test_wait_drawable (widget);
  /* the widget may still not have drawn: let the main loop turn until it
   * has (at most 10 s) */
  for (guint tries = 0; node == NULL && tries < 1000; tries++)
    {
      int w = gtk_widget_get_width (widget);
      int h = gtk_widget_get_height (widget);

      bounds = GRAPHENE_RECT_INIT (0, 0, w, h);
      if (w > 0 && h > 0)
        {
          GtkSnapshot *snapshot = gtk_snapshot_new ();

          if (background != NULL)
            gtk_snapshot_append_color (snapshot, background, &bounds);
          gdk_paintable_snapshot (paintable, snapshot, w, h);
          node = gtk_snapshot_free_to_node (snapshot);
        }
      if (node == NULL)
        {
          spin ();
          g_usleep (10000);
        }
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &bounds);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

char *
app_test_artifacts_dir (const char *subdir)
{
  const char *dir = g_getenv ("LUZTAR_TEST_ARTIFACTS");
  char *path = dir != NULL && *dir != '\0'
               ? g_build_filename (dir, subdir, NULL)
               : g_build_filename (g_get_tmp_dir (), "luztar-test-artifacts", subdir, NULL);

  g_mkdir_with_parents (path, 0755);
  return path;
}

cairo_surface_t *
app_test_load_png (const char *path)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  cairo_surface_t *rgb;
  cairo_t *cr;

  if (cairo_surface_status (png) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (png);
      return NULL;
    }
  rgb = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                    cairo_image_surface_get_width (png),
                                    cairo_image_surface_get_height (png));
  cr = cairo_create (rgb);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_set_source_surface (cr, png, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (png);
  cairo_surface_flush (rgb);
  return rgb;
}

char *
app_test_sans_family (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans 10");
  PangoFont *font = pango_font_map_load_font (map, context, desc);
  char *family = NULL;

  if (font != NULL)
    {
      PangoFontDescription *real = pango_font_describe (font);

      family = g_strdup (pango_font_description_get_family (real));
      pango_font_description_free (real);
      g_object_unref (font);
    }
  pango_font_description_free (desc);
  g_object_unref (context);
  return family != NULL ? family : g_strdup ("(none)");
}

GtkWidget *
app_test_find (GtkWidget          *root,
               AppTestMatchFunc    match,
               gconstpointer       data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = app_test_find (c, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) type);
}

GtkWidget *
app_test_find_type (GtkWidget *root,
                    GType      type)
{
  return app_test_find (root, is_of_type, &type);
}

static gboolean
is_mapped_of_type (GtkWidget     *widget,
                   gconstpointer  type)
{
  return is_of_type (widget, type) && gtk_widget_get_mapped (widget);
}

GtkWidget *
app_test_find_mapped_type (GtkWidget *root,
                           GType      type)
{
  return app_test_find (root, is_mapped_of_type, &type);
}

gboolean
app_test_update_pictures (void)
{
  return g_strcmp0 (g_getenv ("LUZTAR_UPDATE_PICTURES"), "1") == 0;
}

void
app_test_compare_picture (const char *fresh,
                          const char *name,
                          const char *test)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *committed = g_build_filename (g_getenv ("LUZTAR_SOURCE_ROOT"), "help", "C", "figures",
                                                 file, NULL);
  cairo_surface_t *a, *b;
  int w, h, differ = 0;

  if (app_test_update_pictures ())
    {
      g_autofree char *data = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (fresh, &data, &length, NULL));
      g_assert_true (g_file_set_contents (committed, data, length, NULL));
      g_test_message ("wrote %s", committed);
      return;
    }
  a = app_test_load_png (fresh);
  b = app_test_load_png (committed);
  g_assert_nonnull (a);
  if (b == NULL)
    g_error ("%s is missing (LUZTAR_UPDATE_PICTURES=1 meson test -C build %s)", committed, test);
  w = cairo_image_surface_get_width (a);
  h = cairo_image_surface_get_height (a);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  for (int y = 0; y < h; y++)
    {
      const guint32 *ra = (const guint32 *) (const void *) (cairo_image_surface_get_data (a)
                                                           + y * cairo_image_surface_get_stride (a));
      const guint32 *rb = (const guint32 *) (const void *) (cairo_image_surface_get_data (b)
                                                           + y * cairo_image_surface_get_stride (b));

      for (int x = 0; x < w; x++)
        for (int s = 0; s < 24; s += 8)
          if (abs ((int) ((ra[x] >> s) & 0xff) - (int) ((rb[x] >> s) & 0xff)) > 25)
            {
              differ++;
              break;
            }
    }
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  g_test_message ("%s: %d of %d pixels differ", name, differ, w * h);
  if (differ > 0.02 * w * h)
    g_error ("%s is not up to date: %d of %d pixels differ (fresh: %s; update: "
             "LUZTAR_UPDATE_PICTURES=1 meson test -C build %s)", committed, differ, w * h, fresh, test);
}

void
app_test_turn_main_loop (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}
