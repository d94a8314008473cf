/* lz-model.c — the model: its lists of items in file order, their ids, and editing them
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A model is four lists of items in file order (grounds, bodies, elements,
 * sources), an index from id to item, an index from id to the item's
 * position in its list (so that a body's dof index is found in O(1), as
 * the right-hand sides of the integrators need), and the simulation
 * settings (docs/file-format.md).  Both indices follow every add, remove and
 * rename.  The parameters of each kind and their checks are in
 * lz-params.c, the whole-model checks in lz-model-validate.c.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-model.h"
#include "lz-model-private.h"

/* g_set_str() is GLib 2.76; we build against 2.74. */
void
lz_set_string (char      **field,
               const char *value)
{
  char *copy;

  if (*field == value)
    return;
  copy = g_strdup (value);
  g_free (*field);
  *field = copy;
}

/* Leading and trailing blanks dropped, as when the text is read from a
 * file; NULL when nothing is left (the description, the lesson's texts). */
char *
lz_strip_text (const char *text)
{
  char *copy = g_strstrip (g_strdup (text != NULL ? text : ""));

  if (*copy == '\0')
    g_clear_pointer (&copy, g_free);
  return copy;
}

/* ------------------------------------------------------------------------ */
/* Ids and numbers                                                           */

void
lz_append_quoted_id (GString    *list,
                     const char *id)
{
  if (list->len > 0)
    g_string_append (list, ", ");
  /* Translators: an id in a list of ids, in quotation marks */
  g_string_append_printf (list, C_("id", "“%s”"), id);
}

/**
 * lz_id_is_valid:
 * @id: (nullable): a candidate id
 *
 * Ids start with an ASCII letter or '_' and go on with ASCII letters,
 * digits, '_', '-' and '.', so that they can name rows of exported
 * matrices and columns of traces.  A free-form name goes in the label.
 *
 * Returns: whether @id is a valid item id
 */
gboolean
lz_id_is_valid (const char *id)
{
  if (id == NULL || !(g_ascii_isalpha (id[0]) || id[0] == '_'))
    return FALSE;
  for (const char *p = id + 1; *p != '\0'; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_' || *p == '-' || *p == '.'))
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Elements                                                                  */

/**
 * lz_element_get_coefficients:
 * @element: a two-port element
 * @ca: (out): coefficient of port a
 * @cb: (out): coefficient of port b
 *
 * The coefficients of g = cb·q_b − ca·q_a: (ca, cb) for every kind but
 * gears, whose coefficients are their radii (ra, rb) (paper 003 §2.2).
 */
void
lz_element_get_coefficients (const LzElement *element,
                             double          *ca,
                             double          *cb)
{
  g_return_if_fail (element != NULL);
  g_return_if_fail (ca != NULL && cb != NULL);

  if (element->item.kind == LZ_ITEM_GEAR)
    {
      *ca = element->gear.ra;
      *cb = element->gear.rb;
    }
  else if (element->item.kind == LZ_ITEM_BACKLASH)
    {
      *ca = element->contact.ra;
      *cb = element->contact.rb;
    }
  else
    {
      *ca = element->ca;
      *cb = element->cb;
    }
}

/**
 * lz_element_get_stiffness:
 * @element: a two-port element
 * @k: (out) (optional): stiffness (a gear's tooth stiffness), 0 for others
 * @freeplay: (out) (optional): half freeplay Δ, 0 for others
 * @offset: (out) (optional): ℓ0 of a spring, 0 for others
 *
 * The spring law T = k·luz(g − ℓ0, Δ) of springs and gears, in one place
 * for the assembler and the integrators.
 *
 * Returns: whether @element is a spring or a gear
 */
gboolean
lz_element_get_stiffness (const LzElement *element,
                          double          *k,
                          double          *freeplay,
                          double          *offset)
{
  double kk = 0, fp = 0, l0 = 0;
  gboolean spring = TRUE;

  g_return_val_if_fail (element != NULL, FALSE);

  if (element->item.kind == LZ_ITEM_SPRING)
    {
      kk = element->spring.k;
      fp = element->spring.freeplay;
      l0 = element->spring.offset;
    }
  else if (element->item.kind == LZ_ITEM_GEAR)
    {
      kk = element->gear.stiffness;
      fp = element->gear.freeplay;
    }
  else
    spring = FALSE;
  if (k != NULL)
    *k = kk;
  if (freeplay != NULL)
    *freeplay = fp;
  if (offset != NULL)
    *offset = l0;
  return spring;
}

/**
 * lz_element_get_viscosity:
 * @element: a two-port element
 *
 * Returns: the viscous coefficient c of T = c·ġ: a damper's c, the viscous
 *   part of a friction element, 0 for the others
 */
double
lz_element_get_viscosity (const LzElement *element)
{
  g_return_val_if_fail (element != NULL, 0.0);

  if (element->item.kind == LZ_ITEM_DAMPER)
    return element->damper.c;
  if (element->item.kind == LZ_ITEM_FRICTION)
    return element->friction.viscous;
  return 0.0;
}

/**
 * lz_element_is_rigid_coupling:
 * @element: a two-port element
 *
 * Returns: whether @element is a stop whose lower and upper limits are
 *   equal: a rigid coupling, a bilateral constraint g = limit
 */
gboolean
lz_element_is_rigid_coupling (const LzElement *element)
{
  g_return_val_if_fail (element != NULL, FALSE);

  return element->item.kind == LZ_ITEM_STOP && isfinite (element->stop.lower)
         && element->stop.lower == element->stop.upper;
}

/**
 * lz_element_count_pairs:
 * @element: a two-port element
 *
 * The number of complementarity pairs the element contributes
 * (docs/mathematics.md, "Complementarity data"; the assembler must agree):
 * - stop: one pair per side with a finite limit (y = g − lower ≥ 0 or
 *   y = upper − g ≥ 0, u = λ ≥ 0);
 * - friction: two pairs, (ξ1, F0⁺ − F) and (ξ2, F0⁻ + F), paper 004
 *   eqs. (2.12)–(2.14);
 * - spring or gear with freeplay > 0: two pairs, one per side of the dead
 *   zone (paper 004 eqs. (2.18)–(2.19));
 * - contact: one pair per finite limit (u = F ≥ 0, y = F − k·δ − c·δ̇ ≥ 0
 *   while the gap is closed); backlash: two, one per flank;
 * - linear springs and gears, dampers: none.
 *
 * Returns: the number of pairs
 */
guint
lz_element_count_pairs (const LzElement *element)
{
  g_return_val_if_fail (element != NULL, 0);

  switch (element->item.kind)
    {
    case LZ_ITEM_STOP:
      return (isfinite (element->stop.lower) ? 1 : 0) + (isfinite (element->stop.upper) ? 1 : 0);
    case LZ_ITEM_FRICTION:
      return 2;
    case LZ_ITEM_SPRING:
      return element->spring.freeplay > 0 ? 2 : 0;
    case LZ_ITEM_GEAR:
      return element->gear.freeplay > 0 ? 2 : 0;
    case LZ_ITEM_CONTACT:
      return (isfinite (element->contact.lower) ? 1 : 0) + (isfinite (element->contact.upper) ? 1 : 0);
    case LZ_ITEM_BACKLASH:
      return 2;
    case LZ_ITEM_DAMPER:
      return 0;
    LZ_CASE_NOT_ELEMENT:
    default:
      g_return_val_if_reached (0);
    }
}

/* ------------------------------------------------------------------------ */
/* Model life cycle                                                          */

static void
lz_model_clear (LzModel *model)
{
  g_free (model->name);
  g_free (model->description);
  lz_model_lesson_clear (model);
  g_hash_table_unref (model->index);
  g_hash_table_unref (model->positions);
  for (guint l = 0; l < LZ_MODEL_N_LISTS; l++)
    g_ptr_array_unref (model->lists[l]);
}

/* lists[] and the four named lists are the same pointers */
G_STATIC_ASSERT (G_STRUCT_OFFSET (LzModel, grounds) == G_STRUCT_OFFSET (LzModel, lists)
                 && G_STRUCT_OFFSET (LzModel, sources) - G_STRUCT_OFFSET (LzModel, grounds)
                    == (LZ_MODEL_N_LISTS - 1) * sizeof (GPtrArray *));

static GPtrArray *
new_item_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) lz_item_free);
}

/**
 * lz_model_new:
 * @name: (nullable): the model's name, shown in titles and summaries
 *
 * Creates an empty model with the default simulation settings.
 *
 * Returns: (transfer full): a new model; free with lz_model_unref()
 */
LzModel *
lz_model_new (const char *name)
{
  LzModel *model = g_atomic_rc_box_new0 (LzModel);

  model->name = g_strdup (name != NULL ? name : "");
  for (guint l = 0; l < LZ_MODEL_N_LISTS; l++)
    model->lists[l] = new_item_array ();
  model->index = g_hash_table_new (g_str_hash, g_str_equal);
  model->positions = g_hash_table_new (g_str_hash, g_str_equal);
  lz_simulation_init_defaults (&model->sim);
  return model;
}

/**
 * lz_model_ref:
 * @model: a model
 *
 * Returns: (transfer full): @model
 */
LzModel *
lz_model_ref (LzModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);

  return g_atomic_rc_box_acquire (model);
}

/**
 * lz_model_unref:
 * @model: (transfer full): a model
 *
 * Drops a reference; the last one frees the model and its items.
 */
void
lz_model_unref (LzModel *model)
{
  g_return_if_fail (model != NULL);

  g_atomic_rc_box_release_full (model, (GDestroyNotify) lz_model_clear);
}

static GPtrArray *
array_for_kind (const LzModel *model,
                LzItemKind     kind)
{
  if (kind == LZ_ITEM_GROUND)
    return model->grounds;
  if (kind == LZ_ITEM_BODY)
    return model->bodies;
  if (lz_item_kind_is_element (kind))
    return model->elements;
  return model->sources;
}

/* Records where the item with @id is: both indices. */
static void
index_item (LzModel *model,
            LzItem  *item,
            guint    position)
{
  g_hash_table_insert (model->index, item->id, item);
  g_hash_table_insert (model->positions, item->id, GUINT_TO_POINTER (position + 1));
}

static void
unindex_item (LzModel      *model,
              const LzItem *item)
{
  g_hash_table_remove (model->index, item->id);
  g_hash_table_remove (model->positions, item->id);
}

/* The position of @item in its list. */
static guint
item_position (const LzModel *model,
               const LzItem  *item)
{
  guint position = GPOINTER_TO_UINT (g_hash_table_lookup (model->positions, item->id));

  g_assert (position > 0);
  return position - 1;
}

/* Appends @item (owned) to the end of its list. */
static void
append_item (LzModel *model,
             LzItem  *item)
{
  GPtrArray *array = array_for_kind (model, item->kind);

  g_ptr_array_add (array, item);
  index_item (model, item, array->len - 1);
}

static void
copy_items (LzModel   *copy,
            GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    append_item (copy, lz_item_copy (from->pdata[i]));
}

/**
 * lz_model_copy:
 * @model: a model
 *
 * A deep copy: items and settings are copied, expressions (which are
 * immutable and thread-safe) are shared.  The copy can be handed to a
 * worker thread while the editor goes on changing the original.
 *
 * Returns: (transfer full): the copy
 */
LzModel *
lz_model_copy (const LzModel *model)
{
  LzModel *copy;

  g_return_val_if_fail (model != NULL, NULL);

  copy = lz_model_new (model->name);
  copy->description = g_strdup (model->description);
  lz_model_lesson_copy (copy, model);
  for (guint l = 0; l < LZ_MODEL_N_LISTS; l++)
    copy_items (copy, model->lists[l]);
  copy->sim = model->sim;
  return copy;
}

/* The same items in the same order, list by list. */
static gboolean
items_equal (const LzModel *a,
             const LzModel *b)
{
  for (guint l = 0; l < LZ_MODEL_N_LISTS; l++)
    {
      if (a->lists[l]->len != b->lists[l]->len)
        return FALSE;
      for (guint i = 0; i < a->lists[l]->len; i++)
        if (!lz_item_equal (a->lists[l]->pdata[i], b->lists[l]->pdata[i]))
          return FALSE;
    }
  return TRUE;
}

/**
 * lz_model_equal:
 * @a: a model
 * @b: another model
 *
 * Two models are equal when they have the same name, description, lesson
 * texts (what to watch, questions, place in the course),
 * settings and the same items in the same order with the same parameters
 * (numbers compared exactly, expressions by text).  Source lines are not
 * compared.  A model survives a save and a load equal to itself.
 *
 * Returns: whether @a and @b describe the same model
 */
gboolean
lz_model_equal (const LzModel *a,
                const LzModel *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return g_strcmp0 (a->name, b->name) == 0
         && g_strcmp0 (lz_model_get_description (a), lz_model_get_description (b)) == 0
         && lz_model_lesson_equal (a, b)
         && items_equal (a, b)
         && lz_simulation_equal (&a->sim, &b->sim);
}

/**
 * lz_model_get_name:
 * @model: a model
 *
 * Returns: (transfer none): the name, "" if it has none
 */
const char *
lz_model_get_name (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);

  return model->name;
}

/**
 * lz_model_set_name:
 * @model: a model
 * @name: (nullable): the new name
 */
void
lz_model_set_name (LzModel    *model,
                   const char *name)
{
  g_return_if_fail (model != NULL);

  g_free (model->name);
  model->name = g_strdup (name != NULL ? name : "");
}

/**
 * lz_model_get_description:
 * @model: a model
 *
 * Returns: (transfer none): the description ("what to watch"), "" if none
 */
const char *
lz_model_get_description (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);

  return model->description != NULL ? model->description : "";
}

/**
 * lz_model_set_description:
 * @model: a model
 * @description: (nullable): the new description; leading and trailing
 *   blanks are dropped (as when it is read from a file)
 */
void
lz_model_set_description (LzModel    *model,
                          const char *description)
{
  g_return_if_fail (model != NULL);

  g_free (model->description);
  model->description = lz_strip_text (description);
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

/* Defines lz_model_get_n_PLURAL() and lz_model_get_SINGULAR(), the count
 * and the items in file order of one of the four lists: the one
 * definition of the four pairs below. */
#define DEFINE_ITEM_LIST(singular, plural, Type)                            \
  guint                                                                     \
  lz_model_get_n_##plural (const LzModel *model)                            \
  {                                                                         \
    g_return_val_if_fail (model != NULL, 0);                                \
    return model->plural->len;                                              \
  }                                                                         \
                                                                            \
  const Type *                                                              \
  lz_model_get_##singular (const LzModel *model,                            \
                           guint          index)                            \
  {                                                                         \
    g_return_val_if_fail (model != NULL, NULL);                             \
    g_return_val_if_fail (index < model->plural->len, NULL);                \
    return model->plural->pdata[index];                                     \
  }

/**
 * lz_model_get_n_grounds:
 * @model: a model
 *
 * Returns: the number of grounds
 */
/**
 * lz_model_get_ground:
 * @model: a model
 * @index: below lz_model_get_n_grounds()
 *
 * Returns: (transfer none): the ground, in file order
 */
DEFINE_ITEM_LIST (ground, grounds, LzGround)

/**
 * lz_model_get_n_bodies:
 * @model: a model
 *
 * Returns: the number of bodies, i.e. of degrees of freedom
 */
/**
 * lz_model_get_body:
 * @model: a model
 * @index: the dof index, below lz_model_get_n_bodies()
 *
 * Returns: (transfer none): the body, in file order
 */
DEFINE_ITEM_LIST (body, bodies, LzBody)

/**
 * lz_model_has_massless:
 * @model: a model
 *
 * Returns: whether a body has mass 0 (a massless joint or node)
 */
gboolean
lz_model_has_massless (const LzModel *model)
{
  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    if (lz_model_get_body (model, i)->mass == 0)
      return TRUE;
  return FALSE;
}

/**
 * lz_model_get_n_elements:
 * @model: a model
 *
 * Returns: the number of two-port elements
 */
/**
 * lz_model_get_element:
 * @model: a model
 * @index: below lz_model_get_n_elements()
 *
 * Returns: (transfer none): the element, in file order
 */
DEFINE_ITEM_LIST (element, elements, LzElement)

/**
 * lz_model_get_n_sources:
 * @model: a model
 *
 * Returns: the number of forces, prescribed motions and actuators
 */
/**
 * lz_model_get_source:
 * @model: a model
 * @index: below lz_model_get_n_sources()
 *
 * Returns: (transfer none): the source, in file order
 */
DEFINE_ITEM_LIST (source, sources, LzSource)

/**
 * lz_model_get_simulation:
 * @model: a model
 *
 * Returns: (transfer none): the simulation settings
 */
const LzSimulation *
lz_model_get_simulation (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);

  return &model->sim;
}

/**
 * lz_model_lookup:
 * @model: a model
 * @id: an id
 *
 * Returns: (transfer none) (nullable): the item with @id, or %NULL
 */
const LzItem *
lz_model_lookup (const LzModel *model,
                 const char    *id)
{
  g_return_val_if_fail (model != NULL, NULL);

  if (id == NULL)
    return NULL;
  return g_hash_table_lookup (model->index, id);
}

/**
 * lz_model_lookup_ground:
 * @model: a model
 * @id: an id
 *
 * Returns: (transfer none) (nullable): the ground with @id, or %NULL if
 *   there is none or @id names something else
 */
const LzGround *
lz_model_lookup_ground (const LzModel *model,
                        const char    *id)
{
  const LzItem *item = lz_model_lookup (model, id);

  return item != NULL && item->kind == LZ_ITEM_GROUND ? (const LzGround *) item : NULL;
}

/**
 * lz_model_lookup_body:
 * @model: a model
 * @id: an id
 *
 * Returns: (transfer none) (nullable): the body with @id, or %NULL
 */
const LzBody *
lz_model_lookup_body (const LzModel *model,
                      const char    *id)
{
  const LzItem *item = lz_model_lookup (model, id);

  return item != NULL && item->kind == LZ_ITEM_BODY ? (const LzBody *) item : NULL;
}

/**
 * lz_model_lookup_element:
 * @model: a model
 * @id: an id
 *
 * Returns: (transfer none) (nullable): the two-port element with @id, or
 *   %NULL
 */
const LzElement *
lz_model_lookup_element (const LzModel *model,
                         const char    *id)
{
  const LzItem *item = lz_model_lookup (model, id);

  return item != NULL && lz_item_kind_is_element (item->kind) ? (const LzElement *) item : NULL;
}

/**
 * lz_model_lookup_source:
 * @model: a model
 * @id: an id
 *
 * Returns: (transfer none) (nullable): the source with @id, or %NULL
 */
const LzSource *
lz_model_lookup_source (const LzModel *model,
                        const char    *id)
{
  const LzItem *item = lz_model_lookup (model, id);

  return item != NULL && lz_item_kind_is_source (item->kind) ? (const LzSource *) item : NULL;
}

/**
 * lz_model_get_body_index:
 * @model: a model
 * @id: (nullable): an id
 *
 * Returns: the dof index of the body @id (its position in file order), or
 *   -1 if @id is not a body (e.g. a ground)
 */
int
lz_model_get_body_index (const LzModel *model,
                         const char    *id)
{
  const LzItem *item;

  g_return_val_if_fail (model != NULL, -1);

  item = lz_model_lookup (model, id);
  if (item == NULL || item->kind != LZ_ITEM_BODY)
    return -1;
  return item_position (model, item);
}

guint
lz_model_get_n_items (const LzModel *model)
{
  guint n = 0;

  for (guint l = 0; l < LZ_MODEL_N_LISTS; l++)
    n += model->lists[l]->len;
  return n;
}

const LzItem *
lz_model_get_item (const LzModel *model,
                   guint          index)
{
  for (guint l = 0; l < LZ_MODEL_N_LISTS; index -= model->lists[l]->len, l++)
    if (index < model->lists[l]->len)
      return model->lists[l]->pdata[index];
  g_return_val_if_reached (NULL);
}

/**
 * lz_model_count_kind:
 * @model: a model
 * @kind: an item kind
 *
 * Returns: the number of items of @kind
 */
guint
lz_model_count_kind (const LzModel *model,
                     LzItemKind     kind)
{
  GPtrArray *array;
  guint n = 0;

  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, 0);

  array = array_for_kind (model, kind);
  for (guint i = 0; i < array->len; i++)
    if (((LzItem *) array->pdata[i])->kind == kind)
      n++;
  return n;
}

/**
 * lz_model_count_pairs:
 * @model: a model
 *
 * The number of complementarity pairs of the model, the sum of
 * lz_element_count_pairs() over its elements (docs/assembly.md).
 *
 * Returns: the number of pairs
 */
guint
lz_model_count_pairs (const LzModel *model)
{
  guint n = 0;

  g_return_val_if_fail (model != NULL, 0);

  for (guint i = 0; i < model->elements->len; i++)
    n += lz_element_count_pairs (model->elements->pdata[i]);
  return n;
}

/* ------------------------------------------------------------------------ */
/* Editing                                                                   */

/**
 * lz_model_make_unique_id:
 * @model: a model
 * @prefix: the start of the id, e.g. "k"
 *
 * Returns: (transfer full): the first of @prefix1, @prefix2, … that no item
 *   of @model uses
 */
char *
lz_model_make_unique_id (const LzModel *model,
                         const char    *prefix)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (prefix != NULL, NULL);

  for (guint n = 1;; n++)
    {
      char *id = g_strdup_printf ("%s%u", prefix, n);

      if (!g_hash_table_contains (model->index, id))
        return id;
      g_free (id);
    }
}

static gboolean
check_new_id (const LzModel *model,
              const char    *id,
              GError       **error)
{
  const LzItem *other;

  if (!lz_id_is_valid (id))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("“%s” is not a valid id: use letters, digits, “_”, “-” and “.”, "
                     "starting with a letter or “_”"),
                   id);
      return FALSE;
    }
  other = g_hash_table_lookup (model->index, id);
  if (other != NULL)
    {
      if (other->line > 0)
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                     _("duplicate id “%s” (already used by the %s on line %d)"),
                     id, lz_item_kind_to_string (other->kind), other->line);
      else
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                     _("duplicate id “%s” (already used by a %s)"),
                     id, lz_item_kind_to_string (other->kind));
      return FALSE;
    }
  return TRUE;
}

static LzItem *
add_item (LzModel    *model,
          LzItemKind  kind,
          const char *id,
          GError    **error)
{
  g_autofree char *made_id = NULL;
  LzItem *item;

  if (id == NULL)
    id = made_id = lz_model_make_unique_id (model, lz_item_kind_get_id_prefix (kind));
  if (!check_new_id (model, id, error))
    return NULL;

  item = lz_item_new (kind, id);
  append_item (model, item);
  return item;
}

/* Removes @item from its list (freeing it) and renumbers the items after
 * it. */
static void
remove_item (LzModel *model,
             LzItem  *item)
{
  GPtrArray *array = array_for_kind (model, item->kind);
  guint position = item_position (model, item);

  unindex_item (model, item);
  g_ptr_array_remove_index (array, position);
  for (guint i = position; i < array->len; i++)
    index_item (model, array->pdata[i], i);
}

LzItem *
lz_model_lookup_mutable (LzModel    *model,
                         const char *id,
                         GError    **error)
{
  LzItem *item = id != NULL ? g_hash_table_lookup (model->index, id) : NULL;

  if (item == NULL)
    g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                 _("no item has the id “%s”"), id != NULL ? id : "");
  return item;
}

/* Adds an item of @kind, connects its ports (@ports: port name, target,
 * …, %NULL; a %NULL target leaves the port unconnected) and sets its
 * "value" unless @value is %NULL.  On error nothing is added. */
static LzItem *
add_connected (LzModel           *model,
               LzItemKind         kind,
               const char        *id,
               const char *const *ports,
               const char        *value,
               GError           **error)
{
  LzItem *item = add_item (model, kind, id, error);

  if (item == NULL)
    return NULL;
  for (guint i = 0; ports[i] != NULL; i += 2)
    if (!lz_model_connect_param (model, item, lz_param_find (kind, ports[i]), ports[i + 1],
                                 error))
      {
        remove_item (model, item);
        return NULL;
      }
  if (value != NULL && !lz_model_set_parameter_string (model, item->id, "value", value, error))
    {
      remove_item (model, item);
      return NULL;
    }
  return item;
}

/**
 * lz_model_add_ground:
 * @model: a model
 * @id: (nullable): the id, or %NULL to make one up ("ground1", …)
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error (invalid
 *   or duplicate id)
 *
 * Adds a fixed ground at the end of the grounds; set "motion" to make it
 * move.
 *
 * Returns: (transfer none) (nullable): the new ground, or %NULL on error
 */
const LzGround *
lz_model_add_ground (LzModel    *model,
                     const char *id,
                     GError    **error)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (const LzGround *) add_item (model, LZ_ITEM_GROUND, id, error);
}

/**
 * lz_model_add_body:
 * @model: a model
 * @id: (nullable): the id, or %NULL to make one up ("m1", …)
 * @kind: translational or rotational
 * @mass: mass in kg (translational) or inertia in kg·m² (rotational), ≥ 0
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error
 *
 * Adds a body at rest at q = 0 as the last degree of freedom.
 *
 * Returns: (transfer none) (nullable): the new body, or %NULL on error
 */
const LzBody *
lz_model_add_body (LzModel    *model,
                   const char *id,
                   LzBodyKind  kind,
                   double      mass,
                   GError    **error)
{
  LzBody *body;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) kind < LZ_BODY_N_KINDS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  body = (LzBody *) add_item (model, LZ_ITEM_BODY, id, error);
  if (body == NULL)
    return NULL;
  body->kind = kind;
  if (!lz_model_set_parameter (model, body->item.id,
                               kind == LZ_BODY_ROTATIONAL ? "inertia" : "mass", mass, error))
    {
      remove_item (model, &body->item);
      return NULL;
    }
  return body;
}

/**
 * lz_model_add_element:
 * @model: a model
 * @kind: one of the element kinds (spring … gear)
 * @id: (nullable): the id, or %NULL to make one up ("k1", "c1", …)
 * @a: (nullable): id of the body or ground of port a, %NULL to leave it
 *   unconnected
 * @b: (nullable): id of port b, or %NULL
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error (id, or a
 *   port that is not a body or a ground)
 *
 * Adds an element with default parameters (k = 1, c = 1, levels 1, radii
 * 1, no freeplay, no limits, coefficients 1) at the end of the elements.
 *
 * Returns: (transfer none) (nullable): the new element, or %NULL on error
 */
const LzElement *
lz_model_add_element (LzModel    *model,
                      LzItemKind  kind,
                      const char *id,
                      const char *a,
                      const char *b,
                      GError    **error)
{
  const char *const ports[] = { "a", a, "b", b, NULL };

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (lz_item_kind_is_element (kind), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (const LzElement *) add_connected (model, kind, id, ports, NULL, error);
}

/**
 * lz_model_add_source:
 * @model: a model
 * @kind: %LZ_ITEM_FORCE, %LZ_ITEM_PRESCRIBED or %LZ_ITEM_ACTUATOR
 * @id: (nullable): the id, or %NULL to make one up ("F1", "p1", "u1")
 * @body: (nullable): id of the body it acts on, or %NULL
 * @value: (nullable): the expression in t (N or m); %NULL means "0"; must
 *   be %NULL for an actuator
 * @error: return location for an %LZ_ERROR_INVALID_MODEL or
 *   %LZ_ERROR_EXPRESSION error
 *
 * Returns: (transfer none) (nullable): the new source, or %NULL on error
 */
const LzSource *
lz_model_add_source (LzModel    *model,
                     LzItemKind  kind,
                     const char *id,
                     const char *body,
                     const char *value,
                     GError    **error)
{
  const char *const ports[] = { "body", body, NULL };

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (lz_item_kind_is_source (kind), NULL);
  g_return_val_if_fail (kind != LZ_ITEM_ACTUATOR || value == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (const LzSource *) add_connected (model, kind, id, ports, value, error);
}

/* Points every port and source that names @id at @new_id instead, or
 * disconnects it when @new_id is %NULL. */
static void
retarget_references (LzModel    *model,
                     const char *id,
                     const char *new_id)
{
  GPtrArray *lists[] = { model->elements, model->sources };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        LzItem *item = lists[l]->pdata[i];
        guint n;
        const LzParamDef *defs = lz_param_defs (item->kind, &n);

        for (guint d = 0; d < n; d++)
          {
            char **field = &G_STRUCT_MEMBER (char *, item, defs[d].offset);

            if (lz_param_is_port (&defs[d]) && g_strcmp0 (*field, id) == 0)
              lz_set_string (field, new_id);
          }
      }
}

/**
 * lz_model_remove:
 * @model: a model
 * @id: the id of the item to remove
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT error
 *
 * Removes an item.  Ports and sources that referred to it (when it is a
 * body or a ground) become unconnected; lz_model_validate() reports them
 * until they are connected again or removed.
 *
 * Returns: %TRUE on success, %FALSE if there is no item @id
 */
gboolean
lz_model_remove (LzModel    *model,
                 const char *id,
                 GError    **error)
{
  g_autofree char *removed = NULL;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lz_model_lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  removed = g_strdup (item->id);
  remove_item (model, item);
  retarget_references (model, removed, NULL);
  return TRUE;
}

/**
 * lz_model_rename:
 * @model: a model
 * @id: the current id
 * @new_id: the new id
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT (no item @id)
 *   or %LZ_ERROR_INVALID_MODEL (invalid or duplicate @new_id) error
 *
 * Changes an item's id; every port and source that referred to the old id
 * follows.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_rename (LzModel    *model,
                 const char *id,
                 const char *new_id,
                 GError    **error)
{
  g_autofree char *old_id = NULL;
  LzItem *item;
  guint position;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (new_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lz_model_lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  if (strcmp (item->id, new_id) == 0)
    return TRUE;
  if (!check_new_id (model, new_id, error))
    return FALSE;

  position = item_position (model, item);
  unindex_item (model, item);
  old_id = item->id;
  item->id = g_strdup (new_id);
  index_item (model, item, position);
  retarget_references (model, old_id, new_id);
  return TRUE;
}

/* Why @target cannot be the port @def of @item, or NULL if it can. */
char *
lz_model_check_target (const LzModel    *model,
                       const LzItem     *item,
                       const LzParamDef *def,
                       const char       *target)
{
  g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);
  const LzItem *to = g_hash_table_lookup (model->index, target);

  if (def->spec.type == LZ_PARAM_BODY)
    {
      if (to == NULL)
        return g_strdup_printf (_("%s: no body has the id “%s”"), context, target);
      if (to->kind != LZ_ITEM_BODY)
        return g_strdup_printf (_("%s: “%s” is a %s, not a body"),
                                context, target, lz_item_kind_to_string (to->kind));
      return NULL;
    }

  if (to == NULL)
    return g_strdup_printf (_("%s: no body or ground has the id “%s”"), context, target);
  if (to->kind != LZ_ITEM_BODY && to->kind != LZ_ITEM_GROUND)
    return g_strdup_printf (_("%s: “%s” is a %s, not a body or a ground"),
                            context, target, lz_item_kind_to_string (to->kind));
  if (item->kind == LZ_ITEM_GEAR && to->kind == LZ_ITEM_BODY
      && ((const LzBody *) to)->kind != LZ_BODY_ROTATIONAL)
    return g_strdup_printf (_("%s: “%s” is a translational body, but a gear meshes "
                              "rotational bodies"),
                            context, target);
  if (item->kind == LZ_ITEM_BACKLASH && to->kind == LZ_ITEM_BODY
      && ((const LzBody *) to)->kind != LZ_BODY_ROTATIONAL)
    return g_strdup_printf (_("%s: “%s” is a translational body, but a backlash joins "
                              "rotational bodies"),
                            context, target);
  return NULL;
}

/* Connects the port @def of @item to @target ("" or %NULL disconnects). */
gboolean
lz_model_connect_param (LzModel          *model,
                        LzItem           *item,
                        const LzParamDef *def,
                        const char       *target,
                        GError          **error)
{
  char **field = &G_STRUCT_MEMBER (char *, item, def->offset);
  g_autofree char *problem = NULL;

  if (target == NULL || *target == '\0')
    {
      g_clear_pointer (field, g_free);
      return TRUE;
    }
  problem = lz_model_check_target (model, item, def, target);
  if (problem != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL, problem);
      return FALSE;
    }
  lz_set_string (field, target);
  return TRUE;
}

/* The parameter @name of the item @id, with the item in @item: any
 * parameter, a number (or a limit), or a port; or %NULL and an
 * %LZ_ERROR_INVALID_ARGUMENT error that says what is missing. */
const LzParamDef *
lz_model_lookup_param (const LzModel *model,
                       const char    *id,
                       const char    *name,
                       LzLookup       want,
                       LzItem       **item,
                       GError       **error)
{
  const LzParamDef *def;

  *item = lz_model_lookup_mutable ((LzModel *) model, id, error);
  if (*item == NULL)
    return NULL;
  def = lz_param_find ((*item)->kind, name);
  if (want == LZ_LOOKUP_PORT && def != NULL && !lz_param_is_port (def))
    def = NULL;
  if (def == NULL)
    {
      g_autofree char *what = lz_item_describe (*item);

      if (want == LZ_LOOKUP_PORT)
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                     _("%s has no port “%s”"), what, name);
      else
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                     _("%s has no parameter “%s”"), what, name);
      return NULL;
    }
  if (want == LZ_LOOKUP_NUMBER && def->spec.type != LZ_PARAM_NUMBER
      && def->spec.type != LZ_PARAM_LIMIT)
    {
      g_autofree char *context = lz_item_describe_attribute (*item, name);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: not a number parameter"), context);
      return NULL;
    }
  return def;
}

/**
 * lz_model_connect:
 * @model: a model
 * @id: an element or a source
 * @port: "a" or "b" for an element, "body" for a source
 * @target: (nullable): a body or ground for an element port, a body for a
 *   source; %NULL to disconnect
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT (no such item
 *   or port) or %LZ_ERROR_INVALID_MODEL (bad target) error
 *
 * Connects a port.  A gear port takes only rotational bodies (or a ground).
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_connect (LzModel    *model,
                  const char *id,
                  const char *port,
                  const char *target,
                  GError    **error)
{
  const LzParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (port != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  def = lz_model_lookup_param (model, id, port, LZ_LOOKUP_PORT, &item, error);
  return def != NULL && lz_model_connect_param (model, item, def, target, error);
}

/* ------------------------------------------------------------------------ */
/* For the file reader                                                      */

void
lz_model_set_item_line (LzModel    *model,
                        const char *id,
                        int         line)
{
  LzItem *item = g_hash_table_lookup (model->index, id);

  g_return_if_fail (item != NULL);

  item->line = line;
}
