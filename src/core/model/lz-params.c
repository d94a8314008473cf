/* lz-params.c — the parameter tables of every item kind, and setting and reading parameters
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every parameter of every kind is described by one row of a table (name,
 * type, range, default, field offset); setting, reading, copying,
 * comparing and writing go through that table, so the editor, the file
 * reader and the file writer validate and spell parameters the same way.
 * Nothing is ever clamped: a value outside its range is an error that
 * names the item and the parameter.  The words of the file format (item
 * tags, body kinds, methods) are here too.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-model.h"
#include "lz-model-private.h"

/* ------------------------------------------------------------------------ */
/* String tables                                                             */

/* The XML tag of each kind, and the prefix of the ids that
 * lz_model_make_unique_id() makes up for new items of the kind. */
static const struct
{
  const char *tag;
  const char *id_prefix;
} item_kinds[LZ_ITEM_N_KINDS] = {
  [LZ_ITEM_GROUND] = { "ground", "ground" },
  [LZ_ITEM_BODY] = { "body", "m" },
  [LZ_ITEM_SPRING] = { "spring", "k" },
  [LZ_ITEM_DAMPER] = { "damper", "c" },
  [LZ_ITEM_FRICTION] = { "friction", "f" },
  [LZ_ITEM_STOP] = { "stop", "s" },
  [LZ_ITEM_GEAR] = { "gear", "gear" },
  [LZ_ITEM_CONTACT] = { "contact", "contact" },
  [LZ_ITEM_BACKLASH] = { "backlash", "backlash" },
  [LZ_ITEM_FORCE] = { "force", "F" },
  [LZ_ITEM_PRESCRIBED] = { "prescribed", "p" },
  [LZ_ITEM_ACTUATOR] = { "actuator", "u" },
};

static const char *const body_kind_names[LZ_BODY_N_KINDS] = {
  [LZ_BODY_TRANSLATIONAL] = "translational",
  [LZ_BODY_ROTATIONAL] = "rotational",
};

static const char *const method_names[LZ_METHOD_N_METHODS] = {
  [LZ_METHOD_EVENT] = "event",
  [LZ_METHOD_TIMESTEP] = "timestep",
};

/* The string forms of the three enumerations, the words of the file
 * format: PREFIX_to_string() and PREFIX_from_string() from one definition,
 * NAME (i) being the word of value i. */
#define DEFINE_ENUM_STRINGS(prefix, Type, n_values, NAME)    \
  const char *                                               \
  prefix##_to_string (Type value)                            \
  {                                                          \
    g_return_val_if_fail ((guint) value < (n_values), NULL); \
    return NAME (value);                                     \
  }                                                          \
                                                             \
  gboolean                                                   \
  prefix##_from_string (const char *string,                  \
                        Type       *value)                   \
  {                                                          \
    g_return_val_if_fail (value != NULL, FALSE);             \
    for (int i = 0; string != NULL && i < (n_values); i++)   \
      if (strcmp (string, NAME (i)) == 0)                    \
        {                                                    \
          *value = i;                                        \
          return TRUE;                                       \
        }                                                    \
    return FALSE;                                            \
  }

#define ITEM_KIND_TAG(i) (item_kinds[i].tag)
#define BODY_KIND_NAME(i) (body_kind_names[i])
#define METHOD_NAME(i) (method_names[i])

/**
 * lz_item_kind_to_string:
 * @kind: an item kind
 *
 * Returns: (transfer none): the XML tag of @kind, e.g. "spring"
 */
/**
 * lz_item_kind_from_string:
 * @string: an XML tag, e.g. "friction"
 * @kind: (out): return location for the kind
 *
 * Returns: %TRUE if @string names an item kind
 */
DEFINE_ENUM_STRINGS (lz_item_kind, LzItemKind, LZ_ITEM_N_KINDS, ITEM_KIND_TAG)

/**
 * lz_body_kind_to_string:
 * @kind: a body kind
 *
 * Returns: (transfer none): "translational" or "rotational"
 */
/**
 * lz_body_kind_from_string:
 * @string: "translational" or "rotational"
 * @kind: (out): return location for the kind
 *
 * Returns: %TRUE if @string names a body kind
 */
DEFINE_ENUM_STRINGS (lz_body_kind, LzBodyKind, LZ_BODY_N_KINDS, BODY_KIND_NAME)

/**
 * lz_method_to_string:
 * @method: an integration method
 *
 * Returns: (transfer none): "event" or "timestep"
 */
/**
 * lz_method_from_string:
 * @string: "event" or "timestep"
 * @method: (out): return location for the method
 *
 * Returns: %TRUE if @string names a method
 */
DEFINE_ENUM_STRINGS (lz_method, LzMethod, LZ_METHOD_N_METHODS, METHOD_NAME)

/* The start of the ids of new items of @kind ("k" for springs). */
const char *
lz_item_kind_get_id_prefix (LzItemKind kind)
{
  return item_kinds[kind].id_prefix;
}

/**
 * lz_item_kind_is_element:
 * @kind: an item kind
 *
 * Returns: %TRUE for the two-port elements (spring, damper, friction,
 *   stop, gear, contact, backlash)
 */
gboolean
lz_item_kind_is_element (LzItemKind kind)
{
  return kind >= LZ_ITEM_SPRING && kind <= LZ_ITEM_BACKLASH;
}

/**
 * lz_item_kind_is_source:
 * @kind: an item kind
 *
 * Returns: %TRUE for force, prescribed and actuator
 */
gboolean
lz_item_kind_is_source (LzItemKind kind)
{
  return kind >= LZ_ITEM_FORCE && kind <= LZ_ITEM_ACTUATOR;
}

/* ------------------------------------------------------------------------ */
/* Parameter tables                                                          */

#define PARAM(n, t, r, f, d, txt, st, field) \
  { { n, t, r, f, d, txt }, offsetof (st, field), 0 }

/* A friction level: a number ≥ 0 or an expression in t. */
#define LEVEL_PARAM(n, f, d, field) \
  { { n, LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, (f) | LZ_PARAM_TIME_VARYING, d, NULL }, \
    offsetof (LzElement, friction.field), offsetof (LzElement, friction.field##_t) }

#define LABEL_PARAM \
  PARAM ("label", LZ_PARAM_TEXT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzItem, label)

/* where the item is drawn, and (degrees from the right, counter-clockwise)
 * the direction in which its displacement is drawn */
#define CANVAS_PARAMS(st) \
  PARAM ("x", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, st, x), \
  PARAM ("y", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, st, y), \
  PARAM ("direction", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, st, direction)

#define PORT_PARAMS \
  PARAM ("a", LZ_PARAM_PORT, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzElement, a), \
  PARAM ("b", LZ_PARAM_PORT, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzElement, b)

#define COEFFICIENT_PARAMS \
  PARAM ("ca", LZ_PARAM_NUMBER, LZ_RANGE_NON_ZERO, LZ_PARAM_OMIT_DEFAULT, 1, NULL, LzElement, ca), \
  PARAM ("cb", LZ_PARAM_NUMBER, LZ_RANGE_NON_ZERO, LZ_PARAM_OMIT_DEFAULT, 1, NULL, LzElement, cb)

/* The limits of a stop or a contact (FIELD: stop or contact). */
#define LIMIT_PARAMS(field) \
  PARAM ("lower", LZ_PARAM_LIMIT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, -INFINITY, NULL, \
         LzElement, field.lower), \
  PARAM ("upper", LZ_PARAM_LIMIT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, INFINITY, NULL, \
         LzElement, field.upper)

/* A gear's or a backlash's radii and stiffness (FIELD: gear or contact). */
#define MESH_PARAMS(field) \
  PARAM ("ra", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, LzElement, field.ra), \
  PARAM ("rb", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, LzElement, field.rb), \
  PARAM ("stiffness", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, \
         LzElement, field.stiffness)

/* A damped contact's spring-damper (contact and backlash). */
#define CONTACT_LAW_PARAMS \
  PARAM ("stiffness", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, \
         LzElement, contact.stiffness), \
  PARAM ("damping", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 0, NULL, LzElement, contact.damping)

#define SOURCE_BODY_PARAM \
  PARAM ("body", LZ_PARAM_BODY, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzSource, body)

static const LzParamDef ground_params[] = {
  PARAM ("motion", LZ_PARAM_EXPRESSION, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL,
         LzGround, motion),
  CANVAS_PARAMS (LzGround),
  LABEL_PARAM,
};

/* "mass" and "inertia" are the same field; a file uses the one that fits
 * the body's kind (checked by the reader, chosen by the writer). */
static const LzParamDef body_params[] = {
  PARAM ("kind", LZ_PARAM_CHOICE, LZ_RANGE_ANY, 0, 0, "translational", LzBody, kind),
  PARAM ("mass", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL, LzBody, mass),
  PARAM ("inertia", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL, LzBody, mass),
  PARAM ("q0", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzBody, q0),
  PARAM ("v0", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzBody, v0),
  CANVAS_PARAMS (LzBody),
  LABEL_PARAM,
};

static const LzParamDef spring_params[] = {
  PORT_PARAMS,
  PARAM ("k", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, spring.k),
  PARAM ("freeplay", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 0, NULL,
         LzElement, spring.freeplay),
  PARAM ("offset", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL,
         LzElement, spring.offset),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

static const LzParamDef damper_params[] = {
  PORT_PARAMS,
  PARAM ("c", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, damper.c),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

/* "level" sets both levels; a file gives either it or the pair.  So
 * does "static" for the static levels (0: as the kinetic ones). */
static const LzParamDef friction_params[] = {
  PORT_PARAMS,
  LEVEL_PARAM ("level", 0, 1, level_pos),
  LEVEL_PARAM ("level-pos", 0, 1, level_pos),
  LEVEL_PARAM ("level-neg", 0, 1, level_neg),
  PARAM ("viscous", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, LZ_PARAM_OMIT_DEFAULT, 0, NULL,
         LzElement, friction.viscous),
  LEVEL_PARAM ("static", LZ_PARAM_OMIT_DEFAULT, 0, static_pos),
  LEVEL_PARAM ("static-pos", LZ_PARAM_OMIT_DEFAULT, 0, static_pos),
  LEVEL_PARAM ("static-neg", LZ_PARAM_OMIT_DEFAULT, 0, static_neg),
  PARAM ("stribeck-velocity", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, LZ_PARAM_OMIT_DEFAULT, 0,
         NULL, LzElement, friction.stribeck_velocity),
  PARAM ("stribeck-exponent", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_OMIT_DEFAULT, 2,
         NULL, LzElement, friction.stribeck_exponent),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

static const LzParamDef stop_params[] = {
  PORT_PARAMS,
  LIMIT_PARAMS (stop),
  PARAM ("restitution", LZ_PARAM_NUMBER, LZ_RANGE_UNIT_INTERVAL, 0, 0, NULL,
         LzElement, stop.restitution),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

/* A gear's radii are its coefficients: no ca, cb. */
static const LzParamDef gear_params[] = {
  PORT_PARAMS,
  MESH_PARAMS (gear),
  PARAM ("freeplay", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 0, NULL,
         LzElement, gear.freeplay),
  LABEL_PARAM,
};

/* A damped contact: the limits of a stop, the spring-damper of its
 * contact (docs/mathematics.md, "Damped contact"). */
static const LzParamDef contact_params[] = {
  PORT_PARAMS,
  LIMIT_PARAMS (contact),
  CONTACT_LAW_PARAMS,
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

/* Backlash: a gear's ports and radii, a damped contact on each side of
 * the freeplay. */
static const LzParamDef backlash_params[] = {
  PORT_PARAMS,
  PARAM ("ra", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, LzElement, contact.ra),
  PARAM ("rb", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL, LzElement, contact.rb),
  CONTACT_LAW_PARAMS,
  PARAM ("freeplay", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 0, NULL,
         LzElement, contact.freeplay),
  LABEL_PARAM,
};

/* A force F(t) and a prescribed motion q(t) have the same parameters. */
static const LzParamDef value_source_params[] = {
  SOURCE_BODY_PARAM,
  PARAM ("value", LZ_PARAM_EXPRESSION, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, "0", LzSource, value),
  LABEL_PARAM,
};

static const LzParamDef actuator_params[] = {
  SOURCE_BODY_PARAM,
  LABEL_PARAM,
};

static const LzParamDef simulation_params[] = {
  PARAM ("t-end", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, 0, 10, NULL, LzSimulation, t_end),
  PARAM ("method", LZ_PARAM_CHOICE, LZ_RANGE_ANY, 0, 0, "event", LzSimulation, method),
  PARAM ("dt", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, 0, 1e-3, NULL, LzSimulation, dt),
  PARAM ("theta", LZ_PARAM_NUMBER, LZ_RANGE_THETA, 0, 0.5, NULL, LzSimulation, theta),
  PARAM ("rtol", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_OMIT_DEFAULT, 1e-8, NULL,
         LzSimulation, rtol),
  PARAM ("atol", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_OMIT_DEFAULT, 1e-10, NULL,
         LzSimulation, atol),
};

typedef struct
{
  const LzParamDef *defs;
  guint           n;
} ParamTable;

static const ParamTable param_tables[LZ_ITEM_N_KINDS + 1] = {
  [LZ_ITEM_GROUND] = { ground_params, G_N_ELEMENTS (ground_params) },
  [LZ_ITEM_BODY] = { body_params, G_N_ELEMENTS (body_params) },
  [LZ_ITEM_SPRING] = { spring_params, G_N_ELEMENTS (spring_params) },
  [LZ_ITEM_DAMPER] = { damper_params, G_N_ELEMENTS (damper_params) },
  [LZ_ITEM_FRICTION] = { friction_params, G_N_ELEMENTS (friction_params) },
  [LZ_ITEM_STOP] = { stop_params, G_N_ELEMENTS (stop_params) },
  [LZ_ITEM_GEAR] = { gear_params, G_N_ELEMENTS (gear_params) },
  [LZ_ITEM_CONTACT] = { contact_params, G_N_ELEMENTS (contact_params) },
  [LZ_ITEM_BACKLASH] = { backlash_params, G_N_ELEMENTS (backlash_params) },
  [LZ_ITEM_FORCE] = { value_source_params, G_N_ELEMENTS (value_source_params) },
  [LZ_ITEM_PRESCRIBED] = { value_source_params, G_N_ELEMENTS (value_source_params) },
  [LZ_ITEM_ACTUATOR] = { actuator_params, G_N_ELEMENTS (actuator_params) },
  [LZ_SIMULATION_TABLE] = { simulation_params, G_N_ELEMENTS (simulation_params) },
};

/* The rows of a table (an item kind or %LZ_SIMULATION_TABLE). */
const LzParamDef *
lz_param_defs (guint  table,
               guint *n)
{
  g_assert (table <= LZ_SIMULATION_TABLE);

  *n = param_tables[table].n;
  return param_tables[table].defs;
}

const LzParamDef *
lz_param_find (guint       table,
               const char *name)
{
  const ParamTable *t = &param_tables[table];

  for (guint i = 0; i < t->n; i++)
    if (strcmp (t->defs[i].spec.name, name) == 0)
      return &t->defs[i];
  return NULL;
}

/**
 * lz_item_kind_get_n_params:
 * @kind: an item kind
 *
 * Returns: the number of parameters of @kind (the id not counted)
 */
guint
lz_item_kind_get_n_params (LzItemKind kind)
{
  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, 0);

  return param_tables[kind].n;
}

/**
 * lz_item_kind_get_param:
 * @kind: an item kind
 * @index: index below lz_item_kind_get_n_params()
 *
 * Returns: (transfer none): the description of a parameter, in the order
 *   the file writer uses
 */
const LzParamSpec *
lz_item_kind_get_param (LzItemKind kind,
                        guint      index)
{
  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, NULL);
  g_return_val_if_fail (index < param_tables[kind].n, NULL);

  return &param_tables[kind].defs[index].spec;
}

/**
 * lz_item_kind_find_param:
 * @kind: an item kind
 * @name: an attribute name, e.g. "freeplay"
 *
 * Returns: (transfer none) (nullable): the parameter called @name, or
 *   %NULL if @kind has none
 */
const LzParamSpec *
lz_item_kind_find_param (LzItemKind  kind,
                         const char *name)
{
  const LzParamDef *def;

  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  def = lz_param_find (kind, name);
  return def != NULL ? &def->spec : NULL;
}

/**
 * lz_simulation_get_n_params:
 *
 * Returns: the number of attributes of the simulation settings
 */
guint
lz_simulation_get_n_params (void)
{
  return param_tables[LZ_SIMULATION_TABLE].n;
}

/**
 * lz_simulation_get_param:
 * @index: index below lz_simulation_get_n_params()
 *
 * Returns: (transfer none): the description of a simulation setting
 */
const LzParamSpec *
lz_simulation_get_param (guint index)
{
  g_return_val_if_fail (index < param_tables[LZ_SIMULATION_TABLE].n, NULL);

  return &param_tables[LZ_SIMULATION_TABLE].defs[index].spec;
}

/**
 * lz_simulation_init_defaults:
 * @sim: (out caller-allocates): settings to fill
 *
 * Fills @sim with the documented defaults of #LzSimulation.
 */
void
lz_simulation_init_defaults (LzSimulation *sim)
{
  const ParamTable *t = &param_tables[LZ_SIMULATION_TABLE];

  g_return_if_fail (sim != NULL);

  memset (sim, 0, sizeof *sim);
  for (guint i = 0; i < t->n; i++)
    if (t->defs[i].spec.type == LZ_PARAM_NUMBER)
      G_STRUCT_MEMBER (double, sim, t->defs[i].offset) = t->defs[i].spec.default_value;
  sim->method = LZ_METHOD_EVENT;
}

/* ------------------------------------------------------------------------ */
/* Items                                                                     */

static gsize
item_size (LzItemKind kind)
{
  if (kind == LZ_ITEM_GROUND)
    return sizeof (LzGround);
  if (kind == LZ_ITEM_BODY)
    return sizeof (LzBody);
  if (lz_item_kind_is_element (kind))
    return sizeof (LzElement);
  return sizeof (LzSource);
}

/* A port of an element or the body of a source: the id of another item. */
gboolean
lz_param_is_port (const LzParamDef *def)
{
  return def->spec.type == LZ_PARAM_PORT || def->spec.type == LZ_PARAM_BODY;
}

/* The parameters stored as an owned string. */
static gboolean
is_pointer_param (const LzParamDef *def)
{
  return def->spec.type == LZ_PARAM_TEXT || lz_param_is_port (def);
}

/* A new item of @kind with the default of every parameter (the defaults
 * of the table, also those of new items in the editor). */
LzItem *
lz_item_new (LzItemKind  kind,
             const char *id)
{
  const ParamTable *t = &param_tables[kind];
  LzItem *item = g_malloc0 (item_size (kind));

  item->kind = kind;
  item->id = g_strdup (id);
  for (guint i = 0; i < t->n; i++)
    {
      const LzParamDef *def = &t->defs[i];

      if (def->spec.type == LZ_PARAM_NUMBER || def->spec.type == LZ_PARAM_LIMIT)
        G_STRUCT_MEMBER (double, item, def->offset) = def->spec.default_value;
      else if (def->spec.type == LZ_PARAM_EXPRESSION && def->spec.default_text != NULL)
        G_STRUCT_MEMBER (LzExpr *, item, def->offset) =
          lz_expr_new (def->spec.default_text, NULL, NULL);
    }
  return item;
}

void
lz_item_free (LzItem *item)
{
  const ParamTable *t = &param_tables[item->kind];

  for (guint i = 0; i < t->n; i++)
    {
      const LzParamDef *def = &t->defs[i];

      if (is_pointer_param (def))
        g_clear_pointer (&G_STRUCT_MEMBER (char *, item, def->offset), g_free);
      else if (def->spec.type == LZ_PARAM_EXPRESSION)
        g_clear_pointer (&G_STRUCT_MEMBER (LzExpr *, item, def->offset), lz_expr_unref);
      else if (def->expr_offset != 0)
        g_clear_pointer (&G_STRUCT_MEMBER (LzExpr *, item, def->expr_offset), lz_expr_unref);
    }
  g_free (item->id);
  g_free (item);
}

/* Whether an earlier row of T writes the same expression as row I
 * ("level" and "level-pos" both hold the positive level's): a copy takes
 * one reference per field, not one per row. */
static gboolean
shares_expression (const ParamTable *t,
                   guint             i)
{
  for (guint j = 0; j < i; j++)
    if (t->defs[j].expr_offset != 0 && t->defs[j].expr_offset == t->defs[i].expr_offset)
      return TRUE;
  return FALSE;
}

LzItem *
lz_item_copy (const LzItem *item)
{
  const ParamTable *t = &param_tables[item->kind];
  LzItem *copy = g_memdup2 (item, item_size (item->kind));

  copy->id = g_strdup (item->id);
  for (guint i = 0; i < t->n; i++)
    {
      const LzParamDef *def = &t->defs[i];

      if (is_pointer_param (def))
        G_STRUCT_MEMBER (char *, copy, def->offset) =
          g_strdup (G_STRUCT_MEMBER (char *, item, def->offset));
      else if (def->spec.type == LZ_PARAM_EXPRESSION
               && G_STRUCT_MEMBER (LzExpr *, item, def->offset) != NULL)
        G_STRUCT_MEMBER (LzExpr *, copy, def->offset) =
          lz_expr_ref (G_STRUCT_MEMBER (LzExpr *, item, def->offset));
      else if (def->expr_offset != 0 && G_STRUCT_MEMBER (LzExpr *, item, def->expr_offset) != NULL
               && !shares_expression (t, i))
        G_STRUCT_MEMBER (LzExpr *, copy, def->expr_offset) =
          lz_expr_ref (G_STRUCT_MEMBER (LzExpr *, item, def->expr_offset));
    }
  return copy;
}

static gboolean
numbers_equal (double a,
               double b)
{
  return a == b || (isnan (a) && isnan (b));
}

/* Compares every parameter of the table (including the choice fields, which
 * are enums stored as int) besides kind and id; lines are not compared. */
static gboolean
params_equal (guint         table,
              gconstpointer a,
              gconstpointer b)
{
  const ParamTable *t = &param_tables[table];

  for (guint i = 0; i < t->n; i++)
    {
      const LzParamDef *def = &t->defs[i];

      switch (def->spec.type)
        {
        case LZ_PARAM_NUMBER:
        case LZ_PARAM_LIMIT:
          if (!numbers_equal (G_STRUCT_MEMBER (double, a, def->offset),
                              G_STRUCT_MEMBER (double, b, def->offset)))
            return FALSE;
          if (def->expr_offset != 0
              && !lz_expr_equal (G_STRUCT_MEMBER (LzExpr *, a, def->expr_offset),
                                 G_STRUCT_MEMBER (LzExpr *, b, def->expr_offset)))
            return FALSE;
          break;
        case LZ_PARAM_EXPRESSION:
          if (!lz_expr_equal (G_STRUCT_MEMBER (LzExpr *, a, def->offset),
                              G_STRUCT_MEMBER (LzExpr *, b, def->offset)))
            return FALSE;
          break;
        case LZ_PARAM_PORT:
        case LZ_PARAM_BODY:
        case LZ_PARAM_TEXT:
          if (g_strcmp0 (G_STRUCT_MEMBER (char *, a, def->offset),
                         G_STRUCT_MEMBER (char *, b, def->offset)) != 0)
            return FALSE;
          break;
        case LZ_PARAM_CHOICE:
          if (G_STRUCT_MEMBER (int, a, def->offset) != G_STRUCT_MEMBER (int, b, def->offset))
            return FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

gboolean
lz_item_equal (const LzItem *a,
               const LzItem *b)
{
  return a->kind == b->kind && strcmp (a->id, b->id) == 0 && params_equal (a->kind, a, b);
}

gboolean
lz_simulation_equal (const LzSimulation *a,
                     const LzSimulation *b)
{
  return params_equal (LZ_SIMULATION_TABLE, a, b);
}

/* The highest derivative of an item's expression a run uses, and so must
 * be finite: 1 for a motion (a ground's or a prescribed one: its velocity
 * enters the laws), 0 for a force. */
static guint
expression_order (const LzItem *item)
{
  return item != NULL && (item->kind == LZ_ITEM_GROUND || item->kind == LZ_ITEM_PRESCRIBED) ? 1 : 0;
}

/**
 * lz_model_foreach_expression:
 * @model: a model
 * @func: called for every expression: ground motions, then the values of
 *   forces, prescribed motions and actuators
 * @data: for @func
 *
 * Gives each expression with its owner for messages ("force “F1”,
 * attribute “value”") and the highest derivative a run uses (1 for a
 * motion).
 */
void
lz_model_foreach_expression (const LzModel    *model,
                             LzModelExprFunc   func,
                             gpointer          data)
{
  for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
    {
      const LzGround *ground = lz_model_get_ground (model, i);
      g_autofree char *owner = NULL;

      if (ground->motion == NULL)
        continue;
      owner = lz_item_describe_attribute (&ground->item, "motion");
      func (ground->motion, owner, expression_order (&ground->item), data);
    }
  for (guint i = 0; i < lz_model_get_n_sources (model); i++)
    {
      const LzSource *source = lz_model_get_source (model, i);
      g_autofree char *owner = NULL;

      if (source->value == NULL)
        continue;
      owner = lz_item_describe_attribute (&source->item, "value");
      func (source->value, owner, expression_order (&source->item), data);
    }
}

/* TRANSLATORS: an item named in a message: the XML tag (not translated,
 * e.g. "spring") and the item's id in quotes. */
#define ITEM_FORMAT N_("%s “%s”")

/* Item tags and ids are not translated: they are words of the file. */
char *
lz_item_describe (const LzItem *item)
{
  return g_strdup_printf (_(ITEM_FORMAT), lz_item_kind_to_string (item->kind), item->id);
}

char *
lz_item_describe_attribute (const LzItem *item,
                            const char   *name)
{
  if (item == NULL)
    /* TRANSLATORS: "simulation" is the XML tag; %s an attribute name. */
    return g_strdup_printf (_("simulation, attribute “%s”"), name);
  /* TRANSLATORS: the XML tag, the item id and an attribute name, e.g.
   * spring “k1”, attribute “freeplay”. */
  return g_strdup_printf (_("%s “%s”, attribute “%s”"),
                          lz_item_kind_to_string (item->kind), item->id, name);
}

/* ------------------------------------------------------------------------ */
/* Setting and reading parameters                                            */

static char *
format_number (double value)
{
  return lz_number_to_string (value);
}

/* Sets @error to MESSAGE (taken) and returns FALSE: a refused value. */
static gboolean
refuse (GError **error,
        char    *message)
{
  g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL, message);
  g_free (message);
  return FALSE;
}

static gboolean
check_range (const LzItem   *item,
             const LzParamDef *def,
             double          value,
             GError        **error)
{
  g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);
  g_autofree char *text = format_number (value);

  if (isnan (value))
    return refuse (error, g_strdup_printf (_("%s: not a number"), context));
  if (isinf (value) && def->spec.type != LZ_PARAM_LIMIT)
    return refuse (error, g_strdup_printf (_("%s: must be a finite number, got %s"), context, text));
  switch (def->spec.range)
    {
    case LZ_RANGE_ANY:
      return TRUE;
    case LZ_RANGE_POSITIVE:
      return value > 0
             || refuse (error, g_strdup_printf (_("%s: must be greater than 0, got %s"), context, text));
    case LZ_RANGE_NON_NEGATIVE:
      return value >= 0
             || refuse (error, g_strdup_printf (_("%s: must not be negative, got %s"), context, text));
    case LZ_RANGE_UNIT_INTERVAL:
      return (value >= 0 && value <= 1)
             || refuse (error, g_strdup_printf (_("%s: must be between 0 and 1, got %s"), context, text));
    case LZ_RANGE_THETA:
      /* below ½ the scheme is unstable: every run would refuse it */
      return (value >= 0.5 && value <= 1)
             || refuse (error, g_strdup_printf (_("%s: must be between 0.5 and 1, got %s"), context, text));
    case LZ_RANGE_NON_ZERO:
      return value != 0 || refuse (error, g_strdup_printf (_("%s: must not be 0"), context));
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* Where a stop's or a contact's limits are in its struct. */
static gsize
lower_offset (const LzItem *item)
{
  return item->kind == LZ_ITEM_CONTACT ? G_STRUCT_OFFSET (LzElement, contact.lower)
                                       : G_STRUCT_OFFSET (LzElement, stop.lower);
}

static gsize
upper_offset (const LzItem *item)
{
  return item->kind == LZ_ITEM_CONTACT ? G_STRUCT_OFFSET (LzElement, contact.upper)
                                       : G_STRUCT_OFFSET (LzElement, stop.upper);
}

/* The "-neg" row that "level" and "static" of a friction set too, or
 * NULL for the other rows. */
static const LzParamDef *
level_pair (const LzParamDef *def)
{
  g_autofree char *neg = NULL;

  if (def->expr_offset == 0 || strchr (def->spec.name, '-') != NULL)
    return NULL;
  neg = g_strconcat (def->spec.name, "-neg", NULL);
  return lz_param_find (LZ_ITEM_FRICTION, neg);
}

static void
put_level (LzItem           *item,
           const LzParamDef *def,
           double            value,
           LzExpr           *expr)
{
  LzExpr **field = &G_STRUCT_MEMBER (LzExpr *, item, def->expr_offset);

  G_STRUCT_MEMBER (double, item, def->offset) = value;
  g_clear_pointer (field, lz_expr_unref);
  *field = expr != NULL ? lz_expr_ref (expr) : NULL;
}

/* Sets a friction level to VALUE, its value at t = 0, and EXPR (%NULL for
 * a constant; borrowed, the item takes its own reference): both levels
 * for "level" and "static". */
static gboolean
set_level (LzItem           *item,
           const LzParamDef *def,
           double            value,
           LzExpr           *expr)
{
  const LzParamDef *neg = level_pair (def);

  put_level (item, def, value, expr);
  if (neg != NULL)
    put_level (item, neg, value, expr);
  return TRUE;
}

/* Sets a number parameter of @item (or of the settings when @item is
 * NULL) after checking its range and the rules that tie it to other
 * parameters. */
static gboolean
set_number (LzModel        *model,
            LzItem         *item,
            const LzParamDef *def,
            double          value,
            GError        **error)
{
  gpointer base = item != NULL ? (gpointer) item : (gpointer) &model->sim;

  if (!check_range (item, def, value, error))
    return FALSE;

  if (item != NULL && (item->kind == LZ_ITEM_STOP || item->kind == LZ_ITEM_CONTACT)
      && def->spec.type == LZ_PARAM_LIMIT)
    {
      gboolean is_lower = strcmp (def->spec.name, "lower") == 0;
      double lower = is_lower ? value : G_STRUCT_MEMBER (double, item, lower_offset (item));
      double upper = is_lower ? G_STRUCT_MEMBER (double, item, upper_offset (item)) : value;
      g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);

      if (lower == INFINITY || upper == -INFINITY)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       is_lower ? _("%s: the lower limit cannot be +inf")
                                : _("%s: the upper limit cannot be -inf"),
                       context);
          return FALSE;
        }
      if (lower > upper)
        {
          g_autofree char *lo = format_number (lower);
          g_autofree char *hi = format_number (upper);

          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: the lower limit %s is above the upper limit %s"), context, lo, hi);
          return FALSE;
        }
    }

  if (item != NULL && def->expr_offset != 0)
    return set_level (item, def, value, NULL);

  G_STRUCT_MEMBER (double, base, def->offset) = value;
  return TRUE;
}

/* Text that XML 1.0 can carry: valid UTF-8 without control characters
 * other than tab, newline and carriage return. */
gboolean
lz_is_file_text (const char *text)
{
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
      return FALSE;
  return TRUE;
}

/* A time-varying number given as an expression in t: its value at t = 0
 * must be in range (a constant expression is a number). */
static gboolean
set_time_varying (LzModel          *model,
                  LzItem           *item,
                  const LzParamDef *def,
                  const char       *text,
                  const char       *context,
                  GError          **error)
{
  g_autoptr(LzExpr) expr = lz_expr_new (text, context, error);
  double value;

  if (expr == NULL)
    return FALSE;
  value = lz_expr_eval (expr, 0.0);
  if (lz_expr_is_constant (expr))
    return set_number (model, item, def, value, error);
  if (!(value >= 0) || !isfinite (value))
    {
      g_autofree char *v = format_number (value);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("%s: “%s” is %s at t = 0; a level must be a number ≥ 0"), context,
                   lz_expr_get_text (expr), v);
      return FALSE;
    }
  return set_level (item, def, value, expr);
}

static gboolean
set_from_string (LzModel        *model,
                 LzItem         *item,
                 const LzParamDef *def,
                 const char     *text,
                 GError        **error)
{
  gpointer base = item != NULL ? (gpointer) item : (gpointer) &model->sim;
  g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  double value = 0;

  switch (def->spec.type)
    {
    case LZ_PARAM_NUMBER:
    case LZ_PARAM_LIMIT:
      switch (lz_number_read (text, def->spec.type == LZ_PARAM_LIMIT, &value))
        {
        case LZ_NUMBER_OK:
          return set_number (model, item, def, value, error);
        case LZ_NUMBER_INFINITE:
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: “%s” is allowed only for the limits of a stop"), context, stripped);
          return FALSE;
        case LZ_NUMBER_OVERFLOW:
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: “%s” is out of range"), context, stripped);
          return FALSE;
        case LZ_NUMBER_SYNTAX:
        default:
          if (item != NULL && (def->spec.flags & LZ_PARAM_TIME_VARYING))
            return set_time_varying (model, item, def, text, context, error);
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: “%s” is not a number"), context, stripped);
          return FALSE;
        }

    case LZ_PARAM_EXPRESSION:
      {
        LzExpr **field = &G_STRUCT_MEMBER (LzExpr *, base, def->offset);
        LzExpr *expr;

        if (*stripped == '\0' && !(def->spec.flags & LZ_PARAM_REQUIRED))
          {
            g_clear_pointer (field, lz_expr_unref);
            return TRUE;
          }
        expr = lz_expr_new (text, context, error);
        if (expr == NULL)
          return FALSE;
        /* finite at t = 0, a motion's velocity too: constants folded at
         * check, 1/t or sqrt(t) as a motion named before any run */
        if (!lz_expr_check_finite (expr, 0.0, expression_order (item), context, error))
          {
            lz_expr_unref (expr);
            return FALSE;
          }
        g_clear_pointer (field, lz_expr_unref);
        *field = expr;
        return TRUE;
      }

    case LZ_PARAM_PORT:
    case LZ_PARAM_BODY:
      return lz_model_connect_param (model, item, def, stripped, error);

    case LZ_PARAM_CHOICE:
      {
        int choice;
        gboolean ok;
        const char *choices;

        if (item != NULL)
          {
            LzBodyKind kind;

            ok = lz_body_kind_from_string (stripped, &kind);
            choice = kind;
            choices = "translational, rotational";
          }
        else
          {
            LzMethod method;

            ok = lz_method_from_string (stripped, &method);
            choice = method;
            choices = "event, timestep";
          }
        if (!ok)
          {
            g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                         _("%s: “%s” is not one of: %s"), context, stripped, choices);
            return FALSE;
          }
        G_STRUCT_MEMBER (int, base, def->offset) = choice;
        return TRUE;
      }

    case LZ_PARAM_TEXT:
      if (!lz_is_file_text (text))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: the text is not valid UTF-8 or contains control characters"),
                       context);
          return FALSE;
        }
      lz_set_string (&G_STRUCT_MEMBER (char *, base, def->offset), *stripped != '\0' ? text : NULL);
      return TRUE;

    default:
      g_assert_not_reached ();
    }
}

/**
 * lz_model_set_parameter:
 * @model: a model
 * @id: an item id
 * @name: a number parameter, e.g. "k", "freeplay", "mass", "lower"
 *   (see lz_item_kind_get_param())
 * @value: the value, in SI units (±%INFINITY only for stop limits)
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT (no such item
 *   or parameter) or %LZ_ERROR_INVALID_MODEL (value out of range) error
 *
 * Sets a number after checking its range: the value is never clamped, a
 * bad one is refused with a message naming the item and the parameter.
 * Setting "level" of a friction element sets both levels.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_set_parameter (LzModel    *model,
                        const char *id,
                        const char *name,
                        double      value,
                        GError    **error)
{
  const LzParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  def = lz_model_lookup_param (model, id, name, LZ_LOOKUP_NUMBER, &item, error);
  return def != NULL && set_number (model, item, def, value, error);
}

/**
 * lz_model_set_parameter_string:
 * @model: a model
 * @id: an item id
 * @name: any parameter name, or "id" to rename the item
 * @text: the value as it would be written in a file: a number (with "inf"
 *   for stop limits), an expression, a port id ("" disconnects), a keyword
 *   or a label ("" removes it; "" also removes a ground's motion)
 * @error: return location for an #LZ_ERROR error
 *
 * Sets any parameter from its text form, with the checks of
 * lz_model_set_parameter(), lz_model_connect(), lz_model_rename() and
 * expression parsing (%LZ_ERROR_EXPRESSION).  The file reader uses this
 * for every attribute.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_set_parameter_string (LzModel    *model,
                               const char *id,
                               const char *name,
                               const char *text,
                               GError    **error)
{
  const LzParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (strcmp (name, "id") == 0)
    return lz_model_rename (model, id, text, error);
  def = lz_model_lookup_param (model, id, name, LZ_LOOKUP_ANY, &item, error);
  return def != NULL && set_from_string (model, item, def, text, error);
}

static gboolean
friction_level_is_asymmetric (const LzItem   *item,
                              const LzParamDef *def,
                              GError        **error)
{
  const LzParamDef *neg = item->kind == LZ_ITEM_FRICTION ? level_pair (def) : NULL;

  if (neg != NULL
      && (G_STRUCT_MEMBER (double, item, def->offset) != G_STRUCT_MEMBER (double, item, neg->offset)
          || !lz_expr_equal (G_STRUCT_MEMBER (LzExpr *, item, def->expr_offset),
                             G_STRUCT_MEMBER (LzExpr *, item, neg->expr_offset))))
    {
      g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);
      g_autofree char *pos = g_strconcat (def->spec.name, "-pos", NULL);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: the levels are asymmetric; read “%s” and “%s”"),
                   context, pos, neg->spec.name);
      return TRUE;
    }
  return FALSE;
}

/**
 * lz_model_get_parameter:
 * @model: a model
 * @id: an item id
 * @name: a number parameter
 * @value: (out): return location for the value (SI units)
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT error
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_get_parameter (const LzModel *model,
                        const char    *id,
                        const char    *name,
                        double        *value,
                        GError       **error)
{
  const LzParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  def = lz_model_lookup_param (model, id, name, LZ_LOOKUP_NUMBER, &item, error);
  if (def == NULL || friction_level_is_asymmetric (item, def, error))
    return FALSE;
  *value = G_STRUCT_MEMBER (double, item, def->offset);
  return TRUE;
}

static char *
dup_param_string (gconstpointer   base,
                  const LzParamDef *def)
{
  switch (def->spec.type)
    {
    case LZ_PARAM_NUMBER:
    case LZ_PARAM_LIMIT:
      if (def->expr_offset != 0 && G_STRUCT_MEMBER (LzExpr *, base, def->expr_offset) != NULL)
        return g_strdup (lz_expr_get_text (G_STRUCT_MEMBER (LzExpr *, base, def->expr_offset)));
      return format_number (G_STRUCT_MEMBER (double, base, def->offset));
    case LZ_PARAM_EXPRESSION:
      {
        const LzExpr *expr = G_STRUCT_MEMBER (LzExpr *, base, def->offset);

        return g_strdup (expr != NULL ? lz_expr_get_text (expr) : "");
      }
    case LZ_PARAM_PORT:
    case LZ_PARAM_BODY:
    case LZ_PARAM_TEXT:
      {
        const char *s = G_STRUCT_MEMBER (char *, base, def->offset);

        return g_strdup (s != NULL ? s : "");
      }
    case LZ_PARAM_CHOICE:
      {
        int choice = G_STRUCT_MEMBER (int, base, def->offset);

        return g_strdup (strcmp (def->spec.name, "kind") == 0 ? lz_body_kind_to_string (choice)
                                                                : lz_method_to_string (choice));
      }
    default:
      g_assert_not_reached ();
    }
}

/**
 * lz_model_dup_parameter_string:
 * @model: a model
 * @id: an item id
 * @name: any parameter name, or "id"
 * @error: return location for an %LZ_ERROR_INVALID_ARGUMENT error
 *
 * The text form of a parameter, as the file writer writes it ("" for an
 * absent label, motion or unconnected port).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL on error
 */
char *
lz_model_dup_parameter_string (const LzModel *model,
                               const char    *id,
                               const char    *name,
                               GError       **error)
{
  const LzParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (strcmp (name, "id") == 0)
    {
      item = lz_model_lookup_mutable ((LzModel *) model, id, error);
      return item != NULL ? g_strdup (item->id) : NULL;
    }
  def = lz_model_lookup_param (model, id, name, LZ_LOOKUP_ANY, &item, error);
  if (def == NULL || friction_level_is_asymmetric (item, def, error))
    return NULL;
  return dup_param_string (item, def);
}

/**
 * lz_model_set_simulation:
 * @model: a model
 * @sim: new settings
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error
 *
 * Replaces all simulation settings after checking each of them; on error
 * nothing changes.
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_set_simulation (LzModel            *model,
                         const LzSimulation *sim,
                         GError            **error)
{
  const ParamTable *t = &param_tables[LZ_SIMULATION_TABLE];

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (sim != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < t->n; i++)
    if (t->defs[i].spec.type == LZ_PARAM_NUMBER
        && !check_range (NULL, &t->defs[i], G_STRUCT_MEMBER (double, sim, t->defs[i].offset), error))
      return FALSE;
  if ((guint) sim->method >= LZ_METHOD_N_METHODS)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("simulation, attribute “%s”: unknown method %d"), "method", sim->method);
      return FALSE;
    }
  model->sim = *sim;
  return TRUE;
}

/**
 * lz_model_set_simulation_parameter_string:
 * @model: a model
 * @name: a simulation attribute: "t-end", "method", "dt", "theta", "rtol"
 *   or "atol"
 * @text: its value as in a file
 * @error: return location for an #LZ_ERROR error
 *
 * Returns: %TRUE on success
 */
gboolean
lz_model_set_simulation_parameter_string (LzModel    *model,
                                          const char *name,
                                          const char *text,
                                          GError    **error)
{
  const LzParamDef *def;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  def = lz_param_find (LZ_SIMULATION_TABLE, name);
  if (def == NULL)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("simulation has no parameter “%s”"), name);
      return FALSE;
    }
  return set_from_string (model, NULL, def, text, error);
}

/**
 * lz_model_dup_simulation_parameter_string:
 * @model: a model
 * @name: a simulation attribute
 *
 * Returns: (transfer full) (nullable): the text form of the setting, or
 *   %NULL if there is no setting @name
 */
char *
lz_model_dup_simulation_parameter_string (const LzModel *model,
                                          const char    *name)
{
  const LzParamDef *def;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  def = lz_param_find (LZ_SIMULATION_TABLE, name);
  return def != NULL ? dup_param_string (&model->sim, def) : NULL;
}

/* ------------------------------------------------------------------------ */
/* For the file writer                                                       */

static void
append_attributes (GPtrArray      *attributes,
                   guint           table,
                   gconstpointer   base,
                   const LzItem   *item)
{
  const ParamTable *t = &param_tables[table];

  for (guint i = 0; i < t->n; i++)
    {
      const LzParamDef *def = &t->defs[i];
      const char *name = def->spec.name;

      if (item != NULL && item->kind == LZ_ITEM_BODY)
        {
          gboolean rotational = ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL;

          if (strcmp (name, rotational ? "mass" : "inertia") == 0)
            continue;
        }
      if (item != NULL && def->expr_offset != 0)
        {
          /* "level" (or "static") when both levels are the same, else the pair */
          g_autofree char *family = g_strndup (name, strcspn (name, "-"));
          const LzParamDef *both = lz_param_find (LZ_ITEM_FRICTION, family);
          gboolean symmetric = !friction_level_is_asymmetric (item, both, NULL);

          if (symmetric ? both != def : both == def)
            continue;
        }

      switch (def->spec.type)
        {
        case LZ_PARAM_NUMBER:
        case LZ_PARAM_LIMIT:
          if ((def->spec.flags & LZ_PARAM_OMIT_DEFAULT)
              && G_STRUCT_MEMBER (double, base, def->offset) == def->spec.default_value
              && (def->expr_offset == 0 || G_STRUCT_MEMBER (LzExpr *, base, def->expr_offset) == NULL))
            continue;
          break;
        case LZ_PARAM_EXPRESSION:
        case LZ_PARAM_PORT:
        case LZ_PARAM_BODY:
        case LZ_PARAM_TEXT:
          if (G_STRUCT_MEMBER (gpointer, base, def->offset) == NULL)
            continue;
          break;
        case LZ_PARAM_CHOICE:
          break;
        default:
          g_assert_not_reached ();
        }
      g_ptr_array_add (attributes, g_strdup (name));
      g_ptr_array_add (attributes, dup_param_string (base, def));
    }
}

GPtrArray *
lz_model_item_attributes (const LzModel *model,
                          const LzItem  *item)
{
  GPtrArray *attributes = g_ptr_array_new_with_free_func (g_free);

  append_attributes (attributes, item->kind, item, item);
  return attributes;
}

GPtrArray *
lz_model_simulation_attributes (const LzModel *model)
{
  GPtrArray *attributes = g_ptr_array_new_with_free_func (g_free);

  append_attributes (attributes, LZ_SIMULATION_TABLE, &model->sim, NULL);
  return attributes;
}
