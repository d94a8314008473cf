/* lz-model-lesson.c — what a model teaches: what to watch, questions, its place in the course
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An example model is a lesson: beside its description it says what to
 * watch during the run, asks the students questions, and has a place in
 * the course (the examples gallery is sorted by it).  These are plain
 * texts kept with the model; they do not touch the mechanics.
 */

#include "config.h"

#include "lz-model.h"
#include "lz-model-private.h"

void
lz_model_lesson_clear (LzModel *model)
{
  g_clear_pointer (&model->what_to_watch, g_free);
  g_clear_pointer (&model->questions, g_ptr_array_unref);
}

void
lz_model_lesson_copy (LzModel       *copy,
                      const LzModel *model)
{
  lz_model_set_what_to_watch (copy, model->what_to_watch);
  for (guint i = 0; i < lz_model_get_n_questions (model); i++)
    lz_model_add_question (copy, lz_model_get_question (model, i));
  copy->lesson = model->lesson;
}

gboolean
lz_model_lesson_equal (const LzModel *a,
                       const LzModel *b)
{
  guint n = lz_model_get_n_questions (a);

  if (a->lesson != b->lesson
      || g_strcmp0 (lz_model_get_what_to_watch (a), lz_model_get_what_to_watch (b)) != 0
      || n != lz_model_get_n_questions (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (lz_model_get_question (a, i), lz_model_get_question (b, i)) != 0)
      return FALSE;
  return TRUE;
}

/**
 * lz_model_get_what_to_watch:
 * @model: a model
 *
 * Returns: (transfer none): what to watch during the run, "" if nothing
 */
const char *
lz_model_get_what_to_watch (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);

  return model->what_to_watch != NULL ? model->what_to_watch : "";
}

/**
 * lz_model_set_what_to_watch:
 * @model: a model
 * @text: (nullable): what to watch; leading and trailing blanks are dropped
 */
void
lz_model_set_what_to_watch (LzModel    *model,
                            const char *text)
{
  g_return_if_fail (model != NULL);

  g_free (model->what_to_watch);
  model->what_to_watch = lz_strip_text (text);
}

/**
 * lz_model_get_n_questions:
 * @model: a model
 *
 * Returns: how many questions for the students the model asks
 */
guint
lz_model_get_n_questions (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->questions != NULL ? model->questions->len : 0;
}

/**
 * lz_model_get_question:
 * @model: a model
 * @index: below lz_model_get_n_questions()
 *
 * Returns: (transfer none): the question, in file order
 */
const char *
lz_model_get_question (const LzModel *model,
                       guint          index)
{
  g_return_val_if_fail (index < lz_model_get_n_questions (model), NULL);

  return model->questions->pdata[index];
}

/**
 * lz_model_add_question:
 * @model: a model
 * @question: a question for the students; leading and trailing blanks are
 *   dropped, an empty question is not added
 */
void
lz_model_add_question (LzModel    *model,
                       const char *question)
{
  char *text;

  g_return_if_fail (model != NULL);

  text = lz_strip_text (question);
  if (text == NULL)
    return;
  if (model->questions == NULL)
    model->questions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (model->questions, text);
}

/**
 * lz_model_clear_questions:
 * @model: a model
 */
void
lz_model_clear_questions (LzModel *model)
{
  g_return_if_fail (model != NULL);

  g_clear_pointer (&model->questions, g_ptr_array_unref);
}

/**
 * lz_model_get_lesson:
 * @model: a model
 *
 * Returns: the model's place in the course of examples (1 comes first), 0
 *   if it has none
 */
guint
lz_model_get_lesson (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->lesson;
}

/**
 * lz_model_set_lesson:
 * @model: a model
 * @lesson: its place in the course, 0 for none
 */
void
lz_model_set_lesson (LzModel *model,
                     guint    lesson)
{
  g_return_if_fail (model != NULL);

  model->lesson = lesson;
}
