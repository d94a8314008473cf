/* luztar-lesson-text.c — an example's lesson texts, translated
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The examples' names, descriptions, what to watch and questions are
 * extracted into po/ by xgettext with the rules of po/its/luztar.its.
 * xgettext (0.21) collapses the blanks of each text into single spaces
 * and keeps the characters that XML escapes escaped (&amp; &lt; &gt;, and
 * &quot; in an attribute).  The window builds the same key from the text
 * the model holds, asks gettext, and shows the translation, or the
 * collapsed text when there is none.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "luztar-lesson-text.h"

/**
 * luztar_lesson_collapse:
 * @text: (nullable): a text as written in a file
 *
 * Returns: (transfer full): @text with every run of blanks (spaces, tabs,
 *   line breaks) made one space, none at either end
 */
char *
luztar_lesson_collapse (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean blank = FALSE;

  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        {
          blank = out->len > 0;
          continue;
        }
      if (blank)
        g_string_append_c (out, ' ');
      blank = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static char *
replace_all (char       *text,
             const char *from,
             const char *to)
{
  g_auto(GStrv) parts = g_strsplit (text, from, -1);

  g_free (text);
  return g_strjoinv (to, parts);
}

/**
 * luztar_lesson_msgid:
 * @text: (nullable): a text of a model's lesson
 * @place: where the file holds it
 *
 * Returns: (transfer full): the message id that xgettext extracts for it
 */
static char *
luztar_lesson_msgid (const char        *text,
                     LuztarLessonPlace  place)
{
  char *key = luztar_lesson_collapse (text);

  key = replace_all (key, "&", "&amp;");
  key = replace_all (key, "<", "&lt;");
  key = replace_all (key, ">", "&gt;");
  if (place == LUZTAR_LESSON_ATTRIBUTE)
    key = replace_all (key, "\"", "&quot;");
  return key;
}

/* A translation written with xgettext's escapes, as the text it stands for. */
static char *
unescape (const char *text)
{
  char *plain = g_strdup (text);

  plain = replace_all (plain, "&quot;", "\"");
  plain = replace_all (plain, "&lt;", "<");
  plain = replace_all (plain, "&gt;", ">");
  return replace_all (plain, "&amp;", "&");
}

/**
 * luztar_lesson_translate:
 * @text: (nullable): a text of a model's lesson
 * @place: where the file holds it
 *
 * Returns: (transfer full): its translation into the user's language,
 *   or the text collapsed when there is none ("" for NULL or blank)
 */
char *
luztar_lesson_translate (const char        *text,
                         LuztarLessonPlace  place)
{
  g_autofree char *key = luztar_lesson_msgid (text, place);
  const char *translated;

  if (*key == '\0')
    return g_strdup ("");
  translated = g_dgettext (GETTEXT_PACKAGE, key);
  if (translated == key)
    return luztar_lesson_collapse (text);
  return unescape (translated);
}

/**
 * luztar_lesson_new:
 * @model: a model
 *
 * Returns: (transfer full): the lesson's texts in the user's language
 */
LuztarLesson *
luztar_lesson_new (const LzModel *model)
{
  LuztarLesson *lesson = g_new0 (LuztarLesson, 1);

  lesson->title = luztar_lesson_translate (lz_model_get_name (model), LUZTAR_LESSON_ATTRIBUTE);
  lesson->description = luztar_lesson_translate (lz_model_get_description (model),
                                                 LUZTAR_LESSON_ELEMENT);
  lesson->what_to_watch = luztar_lesson_translate (lz_model_get_what_to_watch (model),
                                                   LUZTAR_LESSON_ELEMENT);
  lesson->questions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lz_model_get_n_questions (model); i++)
    g_ptr_array_add (lesson->questions,
                     luztar_lesson_translate (lz_model_get_question (model, i),
                                              LUZTAR_LESSON_ELEMENT));
  return lesson;
}

/* Nothing to teach: no description, nothing to watch, no question. */
gboolean
luztar_lesson_is_empty (const LuztarLesson *lesson)
{
  return *lesson->description == '\0' && *lesson->what_to_watch == '\0'
         && lesson->questions->len == 0;
}

void
luztar_lesson_free (LuztarLesson *lesson)
{
  if (lesson == NULL)
    return;
  g_free (lesson->title);
  g_free (lesson->description);
  g_free (lesson->what_to_watch);
  g_ptr_array_unref (lesson->questions);
  g_free (lesson);
}
