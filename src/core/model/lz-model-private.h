/* lz-model-private.h — model internals shared by the model's files and the file reader/writer
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdarg.h>

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
void       lz_problems_add_valist     (GPtrArray     *problems,
                                       int            line,
                                       LzError        code,
                                       const char    *format,
                                       va_list        args) G_GNUC_PRINTF (4, 0);
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

/* Item @index of the model in file order: the grounds, the bodies, the
 * elements, then the sources. */
guint         lz_model_get_n_items    (const LzModel *model);
const LzItem *lz_model_get_item       (const LzModel *model,
                                       guint          index);

/* Text that XML 1.0 can carry: valid UTF-8 without control characters
 * other than tab, newline and carriage return. */
gboolean   lz_is_file_text            (const char    *text);

/* "spring “k1”, attribute “k”": the context of a message. */
char      *lz_item_describe_attribute (const LzItem  *item,
                                       const char    *name);
char      *lz_item_describe           (const LzItem  *item);

/* lz-model-lesson.c: the lesson texts' share of freeing, copying and
 * comparing a model. */
void       lz_model_lesson_clear      (LzModel       *model);
void       lz_model_lesson_copy       (LzModel       *copy,
                                       const LzModel *model);
gboolean   lz_model_lesson_equal      (const LzModel *a,
                                       const LzModel *b);

/* ------------------------------------------------------------------------ */
/* Between lz-model.c (the container), lz-params.c (the parameter tables)   */
/* and lz-model-validate.c (the checks); nothing else uses these.           */

#define LZ_MODEL_N_LISTS 4

struct LzModel
{
  char         *name;
  char         *description;
  char         *what_to_watch; /* lz-model-lesson.c: NULL if none */
  GPtrArray    *questions;     /* char *, NULL if none */
  guint         lesson;        /* place in the course, 0 if none */
  /* The four item lists, each by its name or all of them through
   * lists[] (in this order: the order of the file). */
  union
  {
    struct
    {
      GPtrArray *grounds;    /* LzGround *, owned, in file order */
      GPtrArray *bodies;     /* LzBody * */
      GPtrArray *elements;   /* LzElement * */
      GPtrArray *sources;    /* LzSource * */
    };
    GPtrArray  *lists[LZ_MODEL_N_LISTS];
  };
  GHashTable   *index;       /* id (owned by the item) → LzItem * */
  GHashTable   *positions;   /* id (owned by the item) → its position in its
                              * list plus 1 (GUINT_TO_POINTER), kept on every
                              * add, remove and rename: O(1) dof indices */
  LzSimulation  sim;
};

/* One row of a parameter table: the public description and where the
 * value lives in the item struct (or in LzSimulation); a
 * %LZ_PARAM_TIME_VARYING number has its expression (or %NULL) at
 * expr_offset. */
typedef struct
{
  LzParamSpec spec;
  gsize       offset;
  gsize       expr_offset;
} LzParamDef;

/* The parameter tables have one row per item kind and, after them, the
 * row of the simulation settings. */
#define LZ_SIMULATION_TABLE LZ_ITEM_N_KINDS

/* lz-params.c */
const char       *lz_item_kind_get_id_prefix (LzItemKind kind);
const LzParamDef *lz_param_defs            (guint           table,
                                            guint          *n);
const LzParamDef *lz_param_find            (guint           table,
                                            const char     *name);
gboolean          lz_param_is_port         (const LzParamDef *def);
LzItem           *lz_item_new              (LzItemKind      kind,
                                            const char     *id);
void              lz_item_free             (LzItem         *item);
LzItem           *lz_item_copy             (const LzItem   *item);
gboolean          lz_item_equal            (const LzItem   *a,
                                            const LzItem   *b);
gboolean          lz_simulation_equal      (const LzSimulation *a,
                                            const LzSimulation *b);

/* What lz_model_lookup_param() looks for. */
typedef enum
{
  LZ_LOOKUP_ANY,
  LZ_LOOKUP_NUMBER,
  LZ_LOOKUP_PORT,
} LzLookup;

/* lz-model.c */
const LzParamDef *lz_model_lookup_param    (const LzModel  *model,
                                            const char     *id,
                                            const char     *name,
                                            LzLookup        want,
                                            LzItem        **item,
                                            GError        **error);
void              lz_set_string            (char          **field,
                                            const char     *value);
char             *lz_strip_text            (const char     *text);
LzItem           *lz_model_lookup_mutable  (LzModel        *model,
                                            const char     *id,
                                            GError        **error);
char             *lz_model_check_target    (const LzModel  *model,
                                            const LzItem   *item,
                                            const LzParamDef *def,
                                            const char     *target);
gboolean          lz_model_connect_param   (LzModel        *model,
                                            LzItem         *item,
                                            const LzParamDef *def,
                                            const char     *target,
                                            GError        **error);

G_END_DECLS
