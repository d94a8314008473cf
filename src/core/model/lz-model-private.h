/* lz-model-private.h — model internals shared with the file reader/writer
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-error.h"
#include "lz-model.h"

G_BEGIN_DECLS

/* Appends ID to a message's list of ids: ", " before all but the first,
 * in the language's quotation marks ("“a”, “b”"). */
void       lz_append_quoted_id        (GString       *list,
                                       const char    *id);

/* One diagnostic: the line of the file (0 if none) and the message. */
typedef struct
{
  int     line;
  LzError code;
  char   *message;
} LzProblem;

void       lz_problem_free            (LzProblem     *problem);
void       lz_problems_add            (GPtrArray     *problems,
                                       int            line,
                                       LzError        code,
                                       const char    *message);
void       lz_problems_add_printf     (GPtrArray     *problems,
                                       int            line,
                                       LzError        code,
                                       const char    *format,
                                       ...) G_GNUC_PRINTF (4, 5);
void       lz_problems_add_error      (GPtrArray     *problems,
                                       int            line,
                                       const GError  *error);
gboolean   lz_problems_to_error       (GPtrArray     *problems,
                                       const char    *display_name,
                                       GError       **error);

/* The checks of lz_model_validate(), appended to @problems. */
void       lz_model_collect_problems  (const LzModel *model,
                                       GPtrArray     *problems);

/* Remembers where an item was read from. */
void       lz_model_set_item_line     (LzModel       *model,
                                       const char    *id,
                                       int            line);

/* The attributes to write for an item (besides id) as a flat array of
 * name, value, name, value…, in the order of the parameter table, leaving
 * out absent and default values. */
GPtrArray *lz_model_item_attributes   (const LzModel *model,
                                       const LzItem  *item);
GPtrArray *lz_model_simulation_attributes (const LzModel *model);

/* "spring “k1”, attribute “k”": the context of a message. */
char      *lz_item_describe_attribute (const LzItem  *item,
                                       const char    *name);
char      *lz_item_describe           (const LzItem  *item);

G_END_DECLS
