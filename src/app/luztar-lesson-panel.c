/* luztar-lesson-panel.c — the lesson beside the canvas: description, what to watch, questions
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A column the window shows at its start (the layout's side-panel slot,
 * luztar_window_set_side_panel()) when the model has a
 * lesson (an example has): its title, the description, what to watch and
 * the questions for the students, in the user's language
 * (luztar-lesson-text.c), wrapped to the column and scrolled when long.
 * It stays while the model runs: the texts say what to look at then.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "luztar-label.h"
#include "luztar-lesson-panel.h"
#include "luztar-lesson-text.h"

/* The column's width: about 36 characters of body text when the window
 * has room (the natural width), down to 16 on a narrow window (the least);
 * and room for the title and a few lines (the rest scrolls). */
#define PANEL_CHARS 36
#define PANEL_MIN_CHARS 16
#define PANEL_HEIGHT 200

struct _LuztarLessonPanel
{
  GtkBox      parent_instance;

  GtkWidget  *title;
  GtkWidget  *description;
  GtkWidget  *watch_heading;
  GtkWidget  *what_to_watch;
  GtkWidget  *questions_heading;
  GtkWidget  *questions;        /* GtkBox of labels */
  gboolean    has_lesson;
};

G_DEFINE_FINAL_TYPE (LuztarLessonPanel, luztar_lesson_panel, GTK_TYPE_BOX)

static GtkWidget *
text_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (label), PANEL_MIN_CHARS);
  gtk_label_set_max_width_chars (GTK_LABEL (label), PANEL_CHARS);
  gtk_widget_set_focusable (label, FALSE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
luztar_lesson_panel_class_init (LuztarLessonPanelClass *klass)
{
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-lesson-panel");
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
luztar_lesson_panel_init (LuztarLessonPanel *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, PANEL_HEIGHT);
  gtk_widget_set_hexpand (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Lesson"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_margin_start (column, 18);
  gtk_widget_set_margin_end (column, 18);
  gtk_widget_set_margin_top (column, 12);
  gtk_widget_set_margin_bottom (column, 18);

  self->title = text_label ("title-4");
  self->description = text_label (NULL);
  /* TRANSLATORS: a heading of the lesson panel beside the canvas */
  self->watch_heading = luztar_label_heading (_("What to Watch"), 12);
  self->what_to_watch = text_label (NULL);
  /* TRANSLATORS: a heading of the lesson panel: questions for the students */
  self->questions_heading = luztar_label_heading (_("Questions"), 12);
  self->questions = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_box_append (GTK_BOX (column), self->title);
  gtk_box_append (GTK_BOX (column), self->description);
  gtk_box_append (GTK_BOX (column), self->watch_heading);
  gtk_box_append (GTK_BOX (column), self->what_to_watch);
  gtk_box_append (GTK_BOX (column), self->questions_heading);
  gtk_box_append (GTK_BOX (column), self->questions);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), column);
  gtk_box_append (GTK_BOX (self), scrolled);
}

GtkWidget *
luztar_lesson_panel_new (void)
{
  return g_object_new (LUZTAR_TYPE_LESSON_PANEL, NULL);
}

static void
set_questions (LuztarLessonPanel *self,
               GPtrArray         *questions)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->questions)) != NULL)
    gtk_box_remove (GTK_BOX (self->questions), child);
  for (guint i = 0; i < questions->len; i++)
    {
      GtkWidget *label = text_label (NULL);
      /* TRANSLATORS: a numbered question of the lesson panel: 1. Why does … */
      g_autofree char *text = g_strdup_printf (_("%u. %s"), i + 1,
                                               (const char *) questions->pdata[i]);

      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_box_append (GTK_BOX (self->questions), label);
    }
}

/**
 * luztar_lesson_panel_set_model:
 * @model: (nullable): the model shown
 *
 * Shows @model's lesson, translated.
 *
 * Returns: whether there is one (a description, something to watch or a
 *   question); the window hides the panel when there is not
 */
gboolean
luztar_lesson_panel_set_model (LuztarLessonPanel *self,
                               const LzModel     *model)
{
  g_autoptr(LuztarLesson) lesson = NULL;

  g_return_val_if_fail (LUZTAR_IS_LESSON_PANEL (self), FALSE);

  if (model == NULL)
    {
      self->has_lesson = FALSE;
      return FALSE;
    }
  lesson = luztar_lesson_new (model);
  gtk_label_set_text (GTK_LABEL (self->title), lesson->title);
  gtk_widget_set_visible (self->title, *lesson->title != '\0');
  gtk_label_set_text (GTK_LABEL (self->description), lesson->description);
  gtk_widget_set_visible (self->description, *lesson->description != '\0');
  gtk_label_set_text (GTK_LABEL (self->what_to_watch), lesson->what_to_watch);
  gtk_widget_set_visible (self->watch_heading, *lesson->what_to_watch != '\0');
  gtk_widget_set_visible (self->what_to_watch, *lesson->what_to_watch != '\0');
  set_questions (self, lesson->questions);
  gtk_widget_set_visible (self->questions_heading, lesson->questions->len > 0);
  self->has_lesson = !luztar_lesson_is_empty (lesson);
  return self->has_lesson;
}

gboolean
luztar_lesson_panel_has_lesson (LuztarLessonPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_LESSON_PANEL (self), FALSE);
  return self->has_lesson;
}

/**
 * luztar_lesson_panel_get_label:
 * @part: "title", "description", "what-to-watch" or "question-N" (from 0)
 *
 * Returns: (transfer none) (nullable): the label that shows it
 */
GtkWidget *
luztar_lesson_panel_get_label (LuztarLessonPanel *self,
                               const char        *part)
{
  guint64 index;

  g_return_val_if_fail (LUZTAR_IS_LESSON_PANEL (self), NULL);

  if (g_str_equal (part, "title"))
    return self->title;
  if (g_str_equal (part, "description"))
    return self->description;
  if (g_str_equal (part, "what-to-watch"))
    return self->what_to_watch;
  if (g_str_has_prefix (part, "question-")
      && g_ascii_string_to_unsigned (part + strlen ("question-"), 10, 0, G_MAXUINT, &index, NULL))
    {
      /* the labels of the questions box, in order */
      GtkWidget *label = gtk_widget_get_first_child (self->questions);

      for (; label != NULL && index > 0; index--)
        label = gtk_widget_get_next_sibling (label);
      return label;
    }
  return NULL;
}
