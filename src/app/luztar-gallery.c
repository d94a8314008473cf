/* luztar-gallery.c — the examples gallery
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every model of the examples folder as a card: a thumbnail drawn by the
 * canvas's symbols, the model's name and the first paragraph of its
 * description, in the user's language, in the order of the lessons.  Choosing a card emits "example-chosen" with the file's
 * path and closes the gallery; the window opens it as an untitled copy.
 * Files that do not load are left out (and said so on stderr).
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-gallery.h"
#include "luztar-lesson-text.h"
#include "luztar-widget-kit.h"
#include "canvas/luztar-symbols.h"

#define THUMB_W 280
#define THUMB_H 150

struct _LuztarGallery
{
  AdwWindow   parent_instance;

  /* Template widgets */
  GtkFlowBox *flow_box;

  /* Owned */
  GPtrArray  *paths;
};

G_DEFINE_FINAL_TYPE (LuztarGallery, luztar_gallery, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_EXAMPLE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The model drawn into a texture, fitted with a margin. */
static GdkTexture *
render_thumbnail (const LzModel *model,
                  gboolean       dark)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, THUMB_W, THUMB_H);
  cairo_t *cr = cairo_create (surface);
  double x0, y0, x1, y1, scale;
  LuztarDrawStyle style = { dark, 1.0 };
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  /* Room for the labels under floor elements (a stop's name and limits). */
  y1 += 36;
  scale = MIN ((THUMB_W - 16) / MAX (x1 - x0, 1), (THUMB_H - 16) / MAX (y1 - y0, 1));
  style.scale = scale;
  cairo_set_source_rgb (cr, dark ? 0.16 : 0.98, dark ? 0.16 : 0.98, dark ? 0.16 : 0.98);
  cairo_paint (cr);
  cairo_translate (cr, THUMB_W / 2.0, THUMB_H / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -(x0 + x1) / 2, -(y0 + y1) / 2);
  luztar_symbols_draw_model (cr, model, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * THUMB_H);
  texture = gdk_memory_texture_new (THUMB_W, THUMB_H, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

static char *
first_paragraph (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (*line == '\0')
        {
          if (out->len > 0)
            break;
          continue;
        }
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, line);
    }
  return g_strdup (out->str);
}

static GtkWidget *
make_card (const LzModel *model,
           gboolean       dark)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autoptr(GdkTexture) texture = render_thumbnail (model, dark);
  GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  g_autoptr(LuztarLesson) lesson = luztar_lesson_new (model);
  GtkWidget *title = gtk_label_new (lesson->title);
  g_autofree char *text = first_paragraph (lesson->description);
  GtkWidget *description = gtk_label_new (text);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "luztar-example-card");
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_lines (GTK_LABEL (description), 5);
  gtk_label_set_ellipsize (GTK_LABEL (description), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (description), 40);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, lesson->title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  return box;
}

/* A card to be: the file and its model. */
typedef struct
{
  char    *path;
  LzModel *model;
} Example;

static void
example_free (gpointer data)
{
  Example *example = data;

  g_free (example->path);
  lz_model_unref (example->model);
  g_free (example);
}

/* The course's order: lesson 1 (the default example) first, examples
 * without a lesson after the others, each group by file name. */
static int
compare_lessons (gconstpointer a,
                 gconstpointer b)
{
  const Example *ea = *(const Example **) a, *eb = *(const Example **) b;
  guint la = lz_model_get_lesson (ea->model), lb = lz_model_get_lesson (eb->model);

  if ((la == 0) != (lb == 0))
    return la == 0 ? 1 : -1;
  if (la != lb)
    return la < lb ? -1 : 1;
  return g_strcmp0 (ea->path, eb->path);
}

static void
fill (LuztarGallery *self,
      const char    *dir)
{
  g_autoptr(GDir) d = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  g_autoptr(GPtrArray) examples = g_ptr_array_new_with_free_func (example_free);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      LzModel *model;
      Example *example;

      if (!g_str_has_suffix (name, ".luztar"))
        continue;
      path = g_build_filename (dir, name, NULL);
      model = lz_model_load (path, &error);
      if (model == NULL)
        {
          g_printerr ("%s\n", error->message);
          continue;
        }
      example = g_new0 (Example, 1);
      example->path = g_steal_pointer (&path);
      example->model = model;
      g_ptr_array_add (examples, example);
    }
  g_ptr_array_sort (examples, compare_lessons);

  for (guint i = 0; i < examples->len; i++)
    {
      Example *example = examples->pdata[i];

      gtk_flow_box_append (self->flow_box, make_card (example->model, dark));
      g_ptr_array_add (self->paths, g_strdup (example->path));
    }
}

static void
on_child_activated (GtkFlowBox      *box,
                    GtkFlowBoxChild *child,
                    LuztarGallery   *self)
{
  luztar_gallery_choose (self, (guint) gtk_flow_box_child_get_index (child));
}

/**
 * luztar_gallery_choose:
 * @self: a gallery
 * @index: a card
 *
 * What clicking the card does: emits "example-chosen" and closes.
 */
void
luztar_gallery_choose (LuztarGallery *self,
                       guint          index)
{
  g_return_if_fail (LUZTAR_IS_GALLERY (self));
  g_return_if_fail (index < self->paths->len);

  g_signal_emit (self, signals[SIGNAL_EXAMPLE_CHOSEN], 0, g_ptr_array_index (self->paths, index));
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * luztar_gallery_get_paths:
 *
 * Returns: (transfer none) (element-type filename): the examples' files,
 *   in the order of their cards
 */
GPtrArray *
luztar_gallery_get_paths (LuztarGallery *self)
{
  g_return_val_if_fail (LUZTAR_IS_GALLERY (self), NULL);
  return self->paths;
}

static void
luztar_gallery_dispose (GObject *object)
{
  LuztarGallery *self = LUZTAR_GALLERY (object);

  g_clear_pointer (&self->paths, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_GALLERY);
  G_OBJECT_CLASS (luztar_gallery_parent_class)->dispose (object);
}

static void
luztar_gallery_class_init (LuztarGalleryClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = luztar_gallery_dispose;

  /**
   * LuztarGallery::example-chosen:
   * @path: the example's file
   */
  signals[SIGNAL_EXAMPLE_CHOSEN] =
    luztar_signal_new (klass, "example-chosen", G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/luztar-gallery.ui");
  gtk_widget_class_bind_template_child (widget_class, LuztarGallery, flow_box);
  gtk_widget_class_bind_template_callback (widget_class, on_child_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
luztar_gallery_init (LuztarGallery *self)
{
  self->paths = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * luztar_gallery_new:
 * @parent: (nullable): the window it belongs to
 * @examples_dir: the folder of example models
 *
 * Returns: (transfer floating): the gallery, filled
 */
LuztarGallery *
luztar_gallery_new (GtkWindow  *parent,
                    const char *examples_dir)
{
  LuztarGallery *self = g_object_new (LUZTAR_TYPE_GALLERY, "transient-for", parent, NULL);

  fill (self, examples_dir);
  return self;
}
