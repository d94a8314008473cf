/* test-lesson.c — the lesson panel, the gallery's order and the examples' translated texts, through the window
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As a teacher uses it: an example opened from the gallery shows its
 * description, what to watch and the questions beside the canvas; they
 * stay when Run is pressed.  Run with LANGUAGE=pl (the test
 * "lesson-pl"), the same panel shows the Polish text, and every text of
 * every example is looked up in the translation (the key the window
 * builds is the one xgettext extracted).  Screenshots of the window
 * during a run at 1280×800 and 800×600 go to test-artifacts/.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "lz.h"
#include "luztar-gallery.h"
#include "luztar-lesson-panel.h"
#include "luztar-lesson-text.h"
#include "luztar-window.h"
#include "app-test-util.h"

static gboolean
polish (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && g_str_has_prefix (language, "pl");
}

/* The label shows @part, the user can see it (mapped, in the window, not
 * zero-sized), and its text contains @expected. */
static void
assert_shows (LuztarLessonPanel *panel,
              const char        *part,
              const char        *expected)
{
  GtkWidget *label = luztar_lesson_panel_get_label (panel, part);

  g_assert_nonnull (label);
  /* (a loaded machine may take a moment to lay the new text out) */
  g_assert_true (app_test_wait_drawable (label));
  g_assert_cmpint (gtk_widget_get_width (label), >, 0);
  if (strstr (gtk_label_get_text (GTK_LABEL (label)), expected) == NULL)
    g_error ("the lesson's %s shows “%s”, not “…%s…”", part,
             gtk_label_get_text (GTK_LABEL (label)), expected);
}

static void
assert_lesson (LuztarLessonPanel *panel)
{
  gboolean pl = polish ();

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  assert_shows (panel, "title", pl ? "Wymuszony oscylator z tarciem" : "Forced friction oscillator");
  assert_shows (panel, "description", pl ? "Tarcie suche 0,6 N trzyma klocek"
                                         : "Dry friction of 0.6 N holds the block");
  /* the file's line breaks are spaces: the text flows in the column */
  g_assert_null (strchr (gtk_label_get_text (GTK_LABEL (luztar_lesson_panel_get_label (panel, "description"))),
                         '\n'));
  assert_shows (panel, "what-to-watch", pl ? "płaskie odcinki krzywej położenia"
                                           : "the flat pieces of the position curve");
  /* three questions */
  assert_shows (panel, "question-0", pl ? "1. Gdy klocek przywiera" : "1. While the block sticks");
  assert_shows (panel, "question-2", pl ? "3. Zmniejsz poziom tarcia" : "3. Halve the friction level");
  g_assert_null (luztar_lesson_panel_get_label (panel, "question-3"));
}

static void
set_size_and_wait (LuztarWindow *window,
                   int           width,
                   int           height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  app_test_turn_main_loop (400);
  app_test_wait_for_layout (GTK_WIDGET (window));
}

/* An example opened: the panel is there; Run: it stays, beside the
 * moving canvas. */
static void
test_lesson_panel_during_run (void)
{
  const int sizes[2][2] = { { 1280, 800 }, { 800, 600 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
      g_autofree char *path = app_test_example_path ("friction-oscillator.luztar");
      g_autofree char *name = g_strdup_printf ("lesson-run-%dx%d%s.png", sizes[s][0], sizes[s][1],
                                               polish () ? "-pl" : "");
      LuztarLessonPanel *panel;
      gboolean running = FALSE;

      set_size_and_wait (window, sizes[s][0], sizes[s][1]);
      g_assert_true (luztar_window_open_example (window, path));
      app_test_turn_main_loop (300);
      panel = LUZTAR_LESSON_PANEL (app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_LESSON_PANEL));
      g_assert_nonnull (panel);
      if (sizes[s][0] < 1100)
        {
          /* a narrow window folds the lesson away, as it folds the
           * inspector: the window keeps its size */
          app_test_turn_main_loop (300);
          g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (panel)));
          app_test_save_png (GTK_WIDGET (window), NULL, name);
          gtk_window_destroy (GTK_WINDOW (window));
          continue;
        }
      assert_lesson (panel);

      g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
      for (guint i = 0; i < 50 && !running; i++)
        {
          app_test_turn_main_loop (20);
          running = g_action_group_get_action_enabled (G_ACTION_GROUP (window), "pause");
        }
      g_assert_true (running);
      app_test_turn_main_loop (1500);
      /* still running: the lesson has not made room for the run */
      g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "pause"));
      assert_lesson (panel);
      app_test_save_png (GTK_WIDGET (window), NULL, name);

      /* the user can close the panel, and bring it back */
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-lesson",
                                          g_variant_new_boolean (FALSE));
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-lesson",
                                          g_variant_new_boolean (TRUE));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
      g_action_group_activate_action (G_ACTION_GROUP (window), "pause", NULL);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A new model has no lesson: no panel, and no menu entry to show one. */
static void
test_lesson_panel_new_model (void)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  GtkWidget *panel = app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_LESSON_PANEL);

  luztar_window_new_model (window);
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-lesson"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In Polish every text of every example has its translation, found from
 * the model's text as the file holds it; in English it is shown as the
 * file has it, its blanks collapsed. */
static void
test_lesson_every_example (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_getenv ("LUZTAR_EXAMPLES_DIR"), 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(LzModel) model = NULL;
      g_autoptr(LuztarLesson) lesson = NULL;
      const char *english[3];
      const char *shown[3];

      if (!g_str_has_suffix (name, ".luztar"))
        continue;
      path = app_test_example_path (name);
      model = app_test_load_path (path);
      lesson = luztar_lesson_new (model);
      english[0] = lz_model_get_name (model);
      english[1] = lz_model_get_description (model);
      english[2] = lz_model_get_what_to_watch (model);
      shown[0] = lesson->title;
      shown[1] = lesson->description;
      shown[2] = lesson->what_to_watch;
      if (*english[2] == '\0' || lz_model_get_n_questions (model) == 0)
        g_error ("%s: an example says what to watch and asks questions", name);
      for (guint i = 0; i < 3 + lz_model_get_n_questions (model); i++)
        {
          const char *source = i < 3 ? english[i] : lz_model_get_question (model, i - 3);
          const char *text = i < 3 ? shown[i] : lesson->questions->pdata[i - 3];
          g_autofree char *collapsed = luztar_lesson_collapse (source);

          if (polish () && g_str_equal (text, collapsed))
            g_error ("%s: no Polish for “%s” (po/pl.po)", name, collapsed);
          if (!polish ())
            g_assert_cmpstr (text, ==, collapsed);
        }
      n++;
    }
  g_assert_cmpuint (n, >=, 13);
}

/* The gallery is in the order of the lessons, the default example first;
 * the main menu has an Examples entry. */
static void
test_lesson_gallery_order (void)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  LuztarGallery *gallery = luztar_gallery_new (GTK_WINDOW (window), g_getenv ("LUZTAR_EXAMPLES_DIR"));
  GPtrArray *paths = luztar_gallery_get_paths (gallery);
  GtkMenuButton *menu_button = GTK_MENU_BUTTON (app_test_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON));
  GMenuModel *menu = gtk_menu_button_get_menu_model (menu_button);
  guint previous = 0;
  gboolean has_examples = FALSE;

  g_assert_cmpuint (paths->len, >=, 13);
  /* the default example of scripts/run and of the README's walk-through */
  g_assert_true (g_str_has_suffix (g_ptr_array_index (paths, 0), "friction-oscillator.luztar"));
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(LzModel) model = app_test_load_path (g_ptr_array_index (paths, i));
      guint lesson = lz_model_get_lesson (model);

      /* examples without a lesson number come last */
      g_assert_true (lesson == 0 || (previous != 0 && lesson > previous) || i == 0);
      if (previous == 0 && i > 0)
        g_assert_cmpuint (lesson, ==, 0);
      previous = lesson;
    }

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s", &action)
              && g_str_equal (action, "win.open-example"))
            has_examples = TRUE;
        }
    }
  g_assert_true (has_examples);
  gtk_window_destroy (GTK_WINDOW (gallery));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/lesson/panel-during-run", test_lesson_panel_during_run);
  g_test_add_func ("/lesson/new-model", test_lesson_panel_new_model);
  g_test_add_func ("/lesson/every-example", test_lesson_every_example);
  g_test_add_func ("/lesson/gallery-order", test_lesson_gallery_order);
  return g_test_run ();
}
