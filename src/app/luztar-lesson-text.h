/* luztar-lesson-text.h — an example's lesson texts, translated
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* Where a text stands in a .luztar file: xgettext escapes an attribute's
 * quotes but not an element's. */
typedef enum
{
  LUZTAR_LESSON_ELEMENT,
  LUZTAR_LESSON_ATTRIBUTE,
} LuztarLessonPlace;

/* The texts of a model's lesson as the window shows them: blanks
 * collapsed, translated where po/ has a translation. */
typedef struct
{
  char      *title;
  char      *description;
  char      *what_to_watch;
  GPtrArray *questions;       /* char * */
} LuztarLesson;

char         *luztar_lesson_collapse     (const char        *text);
char         *luztar_lesson_translate    (const char        *text,
                                          LuztarLessonPlace  place);

LuztarLesson *luztar_lesson_new          (const LzModel     *model);
gboolean      luztar_lesson_is_empty     (const LuztarLesson *lesson);
void          luztar_lesson_free         (LuztarLesson      *lesson);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LuztarLesson, luztar_lesson_free)

G_END_DECLS
