/* lz-model.c — the mechanical model: bodies, elements, sources, settings
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A model is four lists of items in file order (grounds, bodies, elements,
 * sources), an index from id to item, and the simulation settings
 * (DESIGN.md §2).  Every parameter of every kind is described by one row
 * of a table (name, type, range, default, field offset); setting, reading,
 * copying, comparing and writing go through that table, so the editor, the
 * file reader and the file writer validate and spell parameters the same
 * way.  Nothing is ever clamped: a value outside its range is an error that
 * names the item and the parameter.
 */

#define LZ_COMPILATION
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-model.h"
#include "lz-model-private.h"

struct LzModel
{
  char         *name;
  char         *description;
  GPtrArray    *grounds;     /* LzGround *, owned, in file order */
  GPtrArray    *bodies;      /* LzBody * */
  GPtrArray    *elements;    /* LzElement * */
  GPtrArray    *sources;     /* LzSource * */
  GHashTable   *index;       /* id (owned by the item) → LzItem * */
  LzSimulation  sim;
};

/* At most this many messages go into one GError; a file with thousands of
 * problems gets the first ones and a count. */
#define MAX_REPORTED_PROBLEMS 100

/* g_set_str() is GLib 2.76; we build against 2.74. */
static void
set_str (char      **field,
         const char *value)
{
  char *copy;

  if (*field == value)
    return;
  copy = g_strdup (value);
  g_free (*field);
  *field = copy;
}

/* ------------------------------------------------------------------------ */
/* String tables                                                             */

static const char *const item_kind_names[LZ_ITEM_N_KINDS] = {
  [LZ_ITEM_GROUND] = "ground",
  [LZ_ITEM_BODY] = "body",
  [LZ_ITEM_SPRING] = "spring",
  [LZ_ITEM_DAMPER] = "damper",
  [LZ_ITEM_FRICTION] = "friction",
  [LZ_ITEM_STOP] = "stop",
  [LZ_ITEM_GEAR] = "gear",
  [LZ_ITEM_FORCE] = "force",
  [LZ_ITEM_PRESCRIBED] = "prescribed",
  [LZ_ITEM_ACTUATOR] = "actuator",
};

/* Prefixes of ids made up by lz_model_make_unique_id() for new items. */
static const char *const item_id_prefixes[LZ_ITEM_N_KINDS] = {
  [LZ_ITEM_GROUND] = "ground",
  [LZ_ITEM_BODY] = "m",
  [LZ_ITEM_SPRING] = "k",
  [LZ_ITEM_DAMPER] = "c",
  [LZ_ITEM_FRICTION] = "f",
  [LZ_ITEM_STOP] = "s",
  [LZ_ITEM_GEAR] = "gear",
  [LZ_ITEM_FORCE] = "F",
  [LZ_ITEM_PRESCRIBED] = "p",
  [LZ_ITEM_ACTUATOR] = "u",
};

static const char *const body_kind_names[LZ_BODY_N_KINDS] = {
  [LZ_BODY_TRANSLATIONAL] = "translational",
  [LZ_BODY_ROTATIONAL] = "rotational",
};

static const char *const method_names[LZ_METHOD_N_METHODS] = {
  [LZ_METHOD_EVENT] = "event",
  [LZ_METHOD_TIMESTEP] = "timestep",
};

static gboolean
lookup_name (const char        *string,
             const char *const *names,
             int                n,
             int               *value)
{
  if (string == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (strcmp (string, names[i]) == 0)
      {
        *value = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * lz_item_kind_to_string:
 * @kind: an item kind
 *
 * Returns: (transfer none): the XML tag of @kind, e.g. "spring"
 */
const char *
lz_item_kind_to_string (LzItemKind kind)
{
  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, NULL);

  return item_kind_names[kind];
}

/**
 * lz_item_kind_from_string:
 * @string: an XML tag, e.g. "friction"
 * @kind: (out): return location for the kind
 *
 * Returns: %TRUE if @string names an item kind
 */
gboolean
lz_item_kind_from_string (const char *string,
                          LzItemKind *kind)
{
  int value;

  g_return_val_if_fail (kind != NULL, FALSE);

  if (!lookup_name (string, item_kind_names, LZ_ITEM_N_KINDS, &value))
    return FALSE;
  *kind = value;
  return TRUE;
}

/**
 * lz_item_kind_is_element:
 * @kind: an item kind
 *
 * Returns: %TRUE for the two-port elements (spring, damper, friction,
 *   stop, gear)
 */
gboolean
lz_item_kind_is_element (LzItemKind kind)
{
  return kind >= LZ_ITEM_SPRING && kind <= LZ_ITEM_GEAR;
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

/**
 * lz_body_kind_to_string:
 * @kind: a body kind
 *
 * Returns: (transfer none): "translational" or "rotational"
 */
const char *
lz_body_kind_to_string (LzBodyKind kind)
{
  g_return_val_if_fail ((guint) kind < LZ_BODY_N_KINDS, NULL);

  return body_kind_names[kind];
}

/**
 * lz_body_kind_from_string:
 * @string: "translational" or "rotational"
 * @kind: (out): return location for the kind
 *
 * Returns: %TRUE if @string names a body kind
 */
gboolean
lz_body_kind_from_string (const char *string,
                          LzBodyKind *kind)
{
  int value;

  g_return_val_if_fail (kind != NULL, FALSE);

  if (!lookup_name (string, body_kind_names, LZ_BODY_N_KINDS, &value))
    return FALSE;
  *kind = value;
  return TRUE;
}

/**
 * lz_method_to_string:
 * @method: an integration method
 *
 * Returns: (transfer none): "event" or "timestep"
 */
const char *
lz_method_to_string (LzMethod method)
{
  g_return_val_if_fail ((guint) method < LZ_METHOD_N_METHODS, NULL);

  return method_names[method];
}

/**
 * lz_method_from_string:
 * @string: "event" or "timestep"
 * @method: (out): return location for the method
 *
 * Returns: %TRUE if @string names a method
 */
gboolean
lz_method_from_string (const char *string,
                       LzMethod   *method)
{
  int value;

  g_return_val_if_fail (method != NULL, FALSE);

  if (!lookup_name (string, method_names, LZ_METHOD_N_METHODS, &value))
    return FALSE;
  *method = value;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Parameter tables                                                          */

typedef struct
{
  LzParamSpec spec;
  gsize       offset;    /* of the field in the item struct or LzSimulation */
} ParamDef;

#define PARAM(n, t, r, f, d, txt, st, field) \
  { { n, t, r, f, d, txt }, offsetof (st, field) }

#define LABEL_PARAM \
  PARAM ("label", LZ_PARAM_TEXT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzItem, label)

#define CANVAS_PARAMS(st) \
  PARAM ("x", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, st, x), \
  PARAM ("y", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, st, y)

#define PORT_PARAMS \
  PARAM ("a", LZ_PARAM_PORT, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzElement, a), \
  PARAM ("b", LZ_PARAM_PORT, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzElement, b)

#define COEFFICIENT_PARAMS \
  PARAM ("ca", LZ_PARAM_NUMBER, LZ_RANGE_NON_ZERO, LZ_PARAM_OMIT_DEFAULT, 1, NULL, LzElement, ca), \
  PARAM ("cb", LZ_PARAM_NUMBER, LZ_RANGE_NON_ZERO, LZ_PARAM_OMIT_DEFAULT, 1, NULL, LzElement, cb)

#define SOURCE_BODY_PARAM \
  PARAM ("body", LZ_PARAM_BODY, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, NULL, LzSource, body)

static const ParamDef ground_params[] = {
  PARAM ("motion", LZ_PARAM_EXPRESSION, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL,
         LzGround, motion),
  CANVAS_PARAMS (LzGround),
  LABEL_PARAM,
};

/* "mass" and "inertia" are the same field; a file uses the one that fits
 * the body's kind (checked by the reader, chosen by the writer). */
static const ParamDef body_params[] = {
  PARAM ("kind", LZ_PARAM_CHOICE, LZ_RANGE_ANY, 0, 0, "translational", LzBody, kind),
  PARAM ("mass", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL, LzBody, mass),
  PARAM ("inertia", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL, LzBody, mass),
  PARAM ("q0", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzBody, q0),
  PARAM ("v0", LZ_PARAM_NUMBER, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, 0, NULL, LzBody, v0),
  CANVAS_PARAMS (LzBody),
  LABEL_PARAM,
};

static const ParamDef spring_params[] = {
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

static const ParamDef damper_params[] = {
  PORT_PARAMS,
  PARAM ("c", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, damper.c),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

/* "level" sets both levels; a file gives either it or the pair. */
static const ParamDef friction_params[] = {
  PORT_PARAMS,
  PARAM ("level", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL,
         LzElement, friction.level_pos),
  PARAM ("level-pos", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL,
         LzElement, friction.level_pos),
  PARAM ("level-neg", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 1, NULL,
         LzElement, friction.level_neg),
  PARAM ("viscous", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, LZ_PARAM_OMIT_DEFAULT, 0, NULL,
         LzElement, friction.viscous),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

static const ParamDef stop_params[] = {
  PORT_PARAMS,
  PARAM ("lower", LZ_PARAM_LIMIT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, -INFINITY, NULL,
         LzElement, stop.lower),
  PARAM ("upper", LZ_PARAM_LIMIT, LZ_RANGE_ANY, LZ_PARAM_OMIT_DEFAULT, INFINITY, NULL,
         LzElement, stop.upper),
  PARAM ("restitution", LZ_PARAM_NUMBER, LZ_RANGE_UNIT_INTERVAL, 0, 0, NULL,
         LzElement, stop.restitution),
  COEFFICIENT_PARAMS,
  LABEL_PARAM,
};

/* A gear's radii are its coefficients: no ca, cb. */
static const ParamDef gear_params[] = {
  PORT_PARAMS,
  PARAM ("ra", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, gear.ra),
  PARAM ("rb", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, gear.rb),
  PARAM ("stiffness", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_REQUIRED, 1, NULL,
         LzElement, gear.stiffness),
  PARAM ("freeplay", LZ_PARAM_NUMBER, LZ_RANGE_NON_NEGATIVE, 0, 0, NULL,
         LzElement, gear.freeplay),
  LABEL_PARAM,
};

static const ParamDef force_params[] = {
  SOURCE_BODY_PARAM,
  PARAM ("value", LZ_PARAM_EXPRESSION, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, "0", LzSource, value),
  LABEL_PARAM,
};

static const ParamDef prescribed_params[] = {
  SOURCE_BODY_PARAM,
  PARAM ("value", LZ_PARAM_EXPRESSION, LZ_RANGE_ANY, LZ_PARAM_REQUIRED, 0, "0", LzSource, value),
  LABEL_PARAM,
};

static const ParamDef actuator_params[] = {
  SOURCE_BODY_PARAM,
  LABEL_PARAM,
};

static const ParamDef simulation_params[] = {
  PARAM ("t-end", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, 0, 10, NULL, LzSimulation, t_end),
  PARAM ("method", LZ_PARAM_CHOICE, LZ_RANGE_ANY, 0, 0, "event", LzSimulation, method),
  PARAM ("dt", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, 0, 1e-3, NULL, LzSimulation, dt),
  PARAM ("theta", LZ_PARAM_NUMBER, LZ_RANGE_UNIT_INTERVAL, 0, 0.5, NULL, LzSimulation, theta),
  PARAM ("rtol", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_OMIT_DEFAULT, 1e-8, NULL,
         LzSimulation, rtol),
  PARAM ("atol", LZ_PARAM_NUMBER, LZ_RANGE_POSITIVE, LZ_PARAM_OMIT_DEFAULT, 1e-10, NULL,
         LzSimulation, atol),
};

typedef struct
{
  const ParamDef *defs;
  guint           n;
} ParamTable;

/* Row LZ_ITEM_N_KINDS is the simulation element. */
#define SIMULATION_TABLE LZ_ITEM_N_KINDS

static const ParamTable param_tables[LZ_ITEM_N_KINDS + 1] = {
  [LZ_ITEM_GROUND] = { ground_params, G_N_ELEMENTS (ground_params) },
  [LZ_ITEM_BODY] = { body_params, G_N_ELEMENTS (body_params) },
  [LZ_ITEM_SPRING] = { spring_params, G_N_ELEMENTS (spring_params) },
  [LZ_ITEM_DAMPER] = { damper_params, G_N_ELEMENTS (damper_params) },
  [LZ_ITEM_FRICTION] = { friction_params, G_N_ELEMENTS (friction_params) },
  [LZ_ITEM_STOP] = { stop_params, G_N_ELEMENTS (stop_params) },
  [LZ_ITEM_GEAR] = { gear_params, G_N_ELEMENTS (gear_params) },
  [LZ_ITEM_FORCE] = { force_params, G_N_ELEMENTS (force_params) },
  [LZ_ITEM_PRESCRIBED] = { prescribed_params, G_N_ELEMENTS (prescribed_params) },
  [LZ_ITEM_ACTUATOR] = { actuator_params, G_N_ELEMENTS (actuator_params) },
  [SIMULATION_TABLE] = { simulation_params, G_N_ELEMENTS (simulation_params) },
};

static const ParamDef *
find_def (guint       table,
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
  const ParamDef *def;

  g_return_val_if_fail ((guint) kind < LZ_ITEM_N_KINDS, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  def = find_def (kind, name);
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
  return param_tables[SIMULATION_TABLE].n;
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
  g_return_val_if_fail (index < param_tables[SIMULATION_TABLE].n, NULL);

  return &param_tables[SIMULATION_TABLE].defs[index].spec;
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
  const ParamTable *t = &param_tables[SIMULATION_TABLE];

  g_return_if_fail (sim != NULL);

  memset (sim, 0, sizeof *sim);
  for (guint i = 0; i < t->n; i++)
    if (t->defs[i].spec.type == LZ_PARAM_NUMBER)
      G_STRUCT_MEMBER (double, sim, t->defs[i].offset) = t->defs[i].spec.default_value;
  sim->method = LZ_METHOD_EVENT;
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
 * lz_element_count_pairs:
 * @element: a two-port element
 *
 * The number of complementarity pairs the element contributes (DESIGN.md
 * §3, "Complementarity data"; the assembler must agree):
 * - stop: one pair per side with a finite limit (y = g − lower ≥ 0 or
 *   y = upper − g ≥ 0, u = λ ≥ 0);
 * - friction: two pairs, (ξ1, F0⁺ − F) and (ξ2, F0⁻ + F), paper 004
 *   eqs. (2.12)–(2.14);
 * - spring or gear with freeplay > 0: two pairs, one per side of the dead
 *   zone (paper 004 eqs. (2.18)–(2.19));
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
    case LZ_ITEM_DAMPER:
      return 0;
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      g_return_val_if_reached (0);
    }
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

static gboolean
is_pointer_param (const ParamDef *def)
{
  return def->spec.type == LZ_PARAM_TEXT || def->spec.type == LZ_PARAM_PORT
         || def->spec.type == LZ_PARAM_BODY;
}

static void
item_free (LzItem *item)
{
  const ParamTable *t = &param_tables[item->kind];

  for (guint i = 0; i < t->n; i++)
    {
      const ParamDef *def = &t->defs[i];

      if (is_pointer_param (def))
        g_clear_pointer (&G_STRUCT_MEMBER (char *, item, def->offset), g_free);
      else if (def->spec.type == LZ_PARAM_EXPRESSION)
        g_clear_pointer (&G_STRUCT_MEMBER (LzExpr *, item, def->offset), lz_expr_unref);
    }
  g_free (item->id);
  g_free (item);
}

static LzItem *
item_copy (const LzItem *item)
{
  const ParamTable *t = &param_tables[item->kind];
  LzItem *copy = g_memdup2 (item, item_size (item->kind));

  copy->id = g_strdup (item->id);
  for (guint i = 0; i < t->n; i++)
    {
      const ParamDef *def = &t->defs[i];

      if (is_pointer_param (def))
        G_STRUCT_MEMBER (char *, copy, def->offset) =
          g_strdup (G_STRUCT_MEMBER (char *, item, def->offset));
      else if (def->spec.type == LZ_PARAM_EXPRESSION
               && G_STRUCT_MEMBER (LzExpr *, item, def->offset) != NULL)
        G_STRUCT_MEMBER (LzExpr *, copy, def->offset) =
          lz_expr_ref (G_STRUCT_MEMBER (LzExpr *, item, def->offset));
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
      const ParamDef *def = &t->defs[i];

      switch (def->spec.type)
        {
        case LZ_PARAM_NUMBER:
        case LZ_PARAM_LIMIT:
          if (!numbers_equal (G_STRUCT_MEMBER (double, a, def->offset),
                              G_STRUCT_MEMBER (double, b, def->offset)))
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

static gboolean
item_equal (const LzItem *a,
            const LzItem *b)
{
  return a->kind == b->kind && strcmp (a->id, b->id) == 0 && params_equal (a->kind, a, b);
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
/* Problems                                                                  */

void
lz_problem_free (LzProblem *problem)
{
  g_free (problem->message);
  g_free (problem);
}

void
lz_problems_add (GPtrArray  *problems,
                 int         line,
                 LzError     code,
                 const char *message)
{
  LzProblem *problem = g_new0 (LzProblem, 1);

  problem->line = line;
  problem->code = code;
  problem->message = g_strdup (message);
  g_ptr_array_add (problems, problem);
}

void
lz_problems_add_printf (GPtrArray  *problems,
                        int         line,
                        LzError     code,
                        const char *format,
                        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  lz_problems_add (problems, line, code, message);
}

void
lz_problems_add_error (GPtrArray    *problems,
                       int           line,
                       const GError *error)
{
  lz_problems_add (problems, line,
                   error->domain == LZ_ERROR ? error->code : LZ_ERROR_FAILED,
                   error->message);
}

static int
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  const LzProblem *pa = *(LzProblem *const *) a;
  const LzProblem *pb = *(LzProblem *const *) b;

  return (pa->line > pb->line) - (pa->line < pb->line);
}

/* Turns the problems into one error: messages sorted by line (stably, so
 * problems of one line keep their order), each "FILE:LINE: message" when
 * @display_name and a line are known, newline-separated.  The error code
 * is that of the first problem. */
gboolean
lz_problems_to_error (GPtrArray  *problems,
                      const char *display_name,
                      GError    **error)
{
  g_autoptr(GString) text = NULL;
  LzError code;

  if (problems->len == 0)
    return TRUE;

  g_ptr_array_sort (problems, compare_problems);
  code = ((LzProblem *) problems->pdata[0])->code;
  text = g_string_new (NULL);
  for (guint i = 0; i < problems->len && i < MAX_REPORTED_PROBLEMS; i++)
    {
      const LzProblem *p = problems->pdata[i];

      if (i > 0)
        g_string_append_c (text, '\n');
      if (display_name != NULL && p->line > 0)
        g_string_append_printf (text, "%s:%d: %s", display_name, p->line, p->message);
      else if (display_name != NULL)
        g_string_append_printf (text, "%s: %s", display_name, p->message);
      else
        g_string_append (text, p->message);
    }
  if (problems->len > MAX_REPORTED_PROBLEMS)
    {
      guint more = problems->len - MAX_REPORTED_PROBLEMS;

      g_string_append_c (text, '\n');
      if (display_name != NULL)
        g_string_append_printf (text, "%s: ", display_name);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "(%u more problem not shown)",
                                                 "(%u more problems not shown)", more),
                              more);
    }
  g_set_error_literal (error, LZ_ERROR, code, text->str);
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Model life cycle                                                          */

static void
lz_model_clear (LzModel *model)
{
  g_free (model->name);
  g_free (model->description);
  g_hash_table_unref (model->index);
  g_ptr_array_unref (model->grounds);
  g_ptr_array_unref (model->bodies);
  g_ptr_array_unref (model->elements);
  g_ptr_array_unref (model->sources);
}

static GPtrArray *
new_item_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) item_free);
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
  model->grounds = new_item_array ();
  model->bodies = new_item_array ();
  model->elements = new_item_array ();
  model->sources = new_item_array ();
  model->index = g_hash_table_new (g_str_hash, g_str_equal);
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

static void
copy_items (LzModel   *copy,
            GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    {
      LzItem *item = item_copy (from->pdata[i]);

      g_ptr_array_add (array_for_kind (copy, item->kind), item);
      g_hash_table_insert (copy->index, item->id, item);
    }
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
  copy_items (copy, model->grounds);
  copy_items (copy, model->bodies);
  copy_items (copy, model->elements);
  copy_items (copy, model->sources);
  copy->sim = model->sim;
  return copy;
}

static gboolean
items_equal (GPtrArray *a,
             GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!item_equal (a->pdata[i], b->pdata[i]))
      return FALSE;
  return TRUE;
}

/**
 * lz_model_equal:
 * @a: a model
 * @b: another model
 *
 * Two models are equal when they have the same name, description,
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
         && items_equal (a->grounds, b->grounds)
         && items_equal (a->bodies, b->bodies)
         && items_equal (a->elements, b->elements)
         && items_equal (a->sources, b->sources)
         && params_equal (SIMULATION_TABLE, &a->sim, &b->sim);
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
  model->description = g_strstrip (g_strdup (description != NULL ? description : ""));
  if (*model->description == '\0')
    g_clear_pointer (&model->description, g_free);
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

/**
 * lz_model_get_n_grounds:
 * @model: a model
 *
 * Returns: the number of grounds
 */
guint
lz_model_get_n_grounds (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->grounds->len;
}

/**
 * lz_model_get_ground:
 * @model: a model
 * @index: below lz_model_get_n_grounds()
 *
 * Returns: (transfer none): the ground, in file order
 */
const LzGround *
lz_model_get_ground (const LzModel *model,
                     guint          index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (index < model->grounds->len, NULL);

  return model->grounds->pdata[index];
}

/**
 * lz_model_get_n_bodies:
 * @model: a model
 *
 * Returns: the number of bodies, i.e. of degrees of freedom
 */
guint
lz_model_get_n_bodies (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->bodies->len;
}

/**
 * lz_model_get_body:
 * @model: a model
 * @index: the dof index, below lz_model_get_n_bodies()
 *
 * Returns: (transfer none): the body, in file order
 */
const LzBody *
lz_model_get_body (const LzModel *model,
                   guint          index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (index < model->bodies->len, NULL);

  return model->bodies->pdata[index];
}

/**
 * lz_model_get_n_elements:
 * @model: a model
 *
 * Returns: the number of two-port elements
 */
guint
lz_model_get_n_elements (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->elements->len;
}

/**
 * lz_model_get_element:
 * @model: a model
 * @index: below lz_model_get_n_elements()
 *
 * Returns: (transfer none): the element, in file order
 */
const LzElement *
lz_model_get_element (const LzModel *model,
                      guint          index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (index < model->elements->len, NULL);

  return model->elements->pdata[index];
}

/**
 * lz_model_get_n_sources:
 * @model: a model
 *
 * Returns: the number of forces, prescribed motions and actuators
 */
guint
lz_model_get_n_sources (const LzModel *model)
{
  g_return_val_if_fail (model != NULL, 0);

  return model->sources->len;
}

/**
 * lz_model_get_source:
 * @model: a model
 * @index: below lz_model_get_n_sources()
 *
 * Returns: (transfer none): the source, in file order
 */
const LzSource *
lz_model_get_source (const LzModel *model,
                     guint          index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (index < model->sources->len, NULL);

  return model->sources->pdata[index];
}

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
  g_return_val_if_fail (model != NULL, -1);

  if (id == NULL)
    return -1;
  for (guint i = 0; i < model->bodies->len; i++)
    if (strcmp (((LzItem *) model->bodies->pdata[i])->id, id) == 0)
      return i;
  return -1;
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
 * lz_element_count_pairs() over its elements (DESIGN.md §3).
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
  const ParamTable *t = &param_tables[kind];
  LzItem *item;

  if (id == NULL)
    id = made_id = lz_model_make_unique_id (model, item_id_prefixes[kind]);
  if (!check_new_id (model, id, error))
    return NULL;

  item = g_malloc0 (item_size (kind));
  item->kind = kind;
  item->id = g_strdup (id);
  for (guint i = 0; i < t->n; i++)
    {
      const ParamDef *def = &t->defs[i];

      if (def->spec.type == LZ_PARAM_NUMBER || def->spec.type == LZ_PARAM_LIMIT)
        G_STRUCT_MEMBER (double, item, def->offset) = def->spec.default_value;
      else if (def->spec.type == LZ_PARAM_EXPRESSION && def->spec.default_text != NULL)
        G_STRUCT_MEMBER (LzExpr *, item, def->offset) =
          lz_expr_new (def->spec.default_text, NULL, NULL);
    }
  g_ptr_array_add (array_for_kind (model, kind), item);
  g_hash_table_insert (model->index, item->id, item);
  return item;
}

static LzItem *
lookup_mutable (LzModel    *model,
                const char *id,
                GError    **error)
{
  LzItem *item = id != NULL ? g_hash_table_lookup (model->index, id) : NULL;

  if (item == NULL)
    g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                 _("no item has the id “%s”"), id != NULL ? id : "");
  return item;
}

static void remove_item (LzModel *model,
                         LzItem  *item);
static gboolean connect_def (LzModel        *model,
                             LzItem         *item,
                             const ParamDef *def,
                             const char     *target,
                             GError        **error);

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
  LzItem *item;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (lz_item_kind_is_element (kind), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  item = add_item (model, kind, id, error);
  if (item == NULL)
    return NULL;
  if (!connect_def (model, item, find_def (kind, "a"), a, error)
      || !connect_def (model, item, find_def (kind, "b"), b, error))
    {
      remove_item (model, item);
      return NULL;
    }
  return (const LzElement *) item;
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
  LzItem *item;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (lz_item_kind_is_source (kind), NULL);
  g_return_val_if_fail (kind != LZ_ITEM_ACTUATOR || value == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  item = add_item (model, kind, id, error);
  if (item == NULL)
    return NULL;
  if (!connect_def (model, item, find_def (kind, "body"), body, error)
      || (value != NULL && !lz_model_set_parameter_string (model, item->id, "value", value, error)))
    {
      remove_item (model, item);
      return NULL;
    }
  return (const LzSource *) item;
}

static void
disconnect_references (LzModel    *model,
                       const char *id)
{
  for (guint i = 0; i < model->elements->len; i++)
    {
      LzElement *element = model->elements->pdata[i];

      if (g_strcmp0 (element->a, id) == 0)
        g_clear_pointer (&element->a, g_free);
      if (g_strcmp0 (element->b, id) == 0)
        g_clear_pointer (&element->b, g_free);
    }
  for (guint i = 0; i < model->sources->len; i++)
    {
      LzSource *source = model->sources->pdata[i];

      if (g_strcmp0 (source->body, id) == 0)
        g_clear_pointer (&source->body, g_free);
    }
}

static void
remove_item (LzModel *model,
             LzItem  *item)
{
  g_hash_table_remove (model->index, item->id);
  g_ptr_array_remove (array_for_kind (model, item->kind), item);
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

  item = lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  removed = g_strdup (item->id);
  remove_item (model, item);
  disconnect_references (model, removed);
  return TRUE;
}

static void
rename_references (LzModel    *model,
                   const char *id,
                   const char *new_id)
{
  for (guint i = 0; i < model->elements->len; i++)
    {
      LzElement *element = model->elements->pdata[i];

      if (g_strcmp0 (element->a, id) == 0)
        set_str (&element->a, new_id);
      if (g_strcmp0 (element->b, id) == 0)
        set_str (&element->b, new_id);
    }
  for (guint i = 0; i < model->sources->len; i++)
    {
      LzSource *source = model->sources->pdata[i];

      if (g_strcmp0 (source->body, id) == 0)
        set_str (&source->body, new_id);
    }
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

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (new_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  if (strcmp (item->id, new_id) == 0)
    return TRUE;
  if (!check_new_id (model, new_id, error))
    return FALSE;

  old_id = item->id;
  g_hash_table_remove (model->index, old_id);
  item->id = g_strdup (new_id);
  g_hash_table_insert (model->index, item->id, item);
  rename_references (model, old_id, new_id);
  return TRUE;
}

/* Why @target cannot be the port @def of @item, or NULL if it can. */
static char *
check_target (const LzModel  *model,
              const LzItem   *item,
              const ParamDef *def,
              const char     *target)
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
  return NULL;
}

static gboolean
connect_def (LzModel        *model,
             LzItem         *item,
             const ParamDef *def,
             const char     *target,
             GError        **error)
{
  char **field = &G_STRUCT_MEMBER (char *, item, def->offset);
  g_autofree char *problem = NULL;

  if (target == NULL || *target == '\0')
    {
      g_clear_pointer (field, g_free);
      return TRUE;
    }
  problem = check_target (model, item, def, target);
  if (problem != NULL)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL, problem);
      return FALSE;
    }
  set_str (field, target);
  return TRUE;
}

static const ParamDef *
lookup_def (const LzItem *item,
            const char   *name,
            GError      **error)
{
  const ParamDef *def = find_def (item->kind, name);

  if (def == NULL)
    {
      g_autofree char *what = lz_item_describe (item);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s has no parameter “%s”"), what, name);
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
  const ParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (port != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  def = find_def (item->kind, port);
  if (def == NULL || (def->spec.type != LZ_PARAM_PORT && def->spec.type != LZ_PARAM_BODY))
    {
      g_autofree char *what = lz_item_describe (item);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s has no port “%s”"), what, port);
      return FALSE;
    }
  return connect_def (model, item, def, target, error);
}

static char *
format_number (double value)
{
  return lz_number_to_string (value);
}

static gboolean
check_range (const LzItem   *item,
             const ParamDef *def,
             double          value,
             GError        **error)
{
  g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);
  g_autofree char *text = format_number (value);

  if (isnan (value))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL, _("%s: not a number"), context);
      return FALSE;
    }
  if (isinf (value) && def->spec.type != LZ_PARAM_LIMIT)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                   _("%s: must be a finite number, got %s"), context, text);
      return FALSE;
    }
  switch (def->spec.range)
    {
    case LZ_RANGE_ANY:
      break;
    case LZ_RANGE_POSITIVE:
      if (!(value > 0))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: must be greater than 0, got %s"), context, text);
          return FALSE;
        }
      break;
    case LZ_RANGE_NON_NEGATIVE:
      if (!(value >= 0))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: must not be negative, got %s"), context, text);
          return FALSE;
        }
      break;
    case LZ_RANGE_UNIT_INTERVAL:
      if (!(value >= 0 && value <= 1))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: must be between 0 and 1, got %s"), context, text);
          return FALSE;
        }
      break;
    case LZ_RANGE_NON_ZERO:
      if (value == 0)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: must not be 0"), context);
          return FALSE;
        }
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* Sets a number parameter of @item (or of the settings when @item is
 * NULL) after checking its range and the rules that tie it to other
 * parameters. */
static gboolean
set_number (LzModel        *model,
            LzItem         *item,
            const ParamDef *def,
            double          value,
            GError        **error)
{
  gpointer base = item != NULL ? (gpointer) item : (gpointer) &model->sim;

  if (!check_range (item, def, value, error))
    return FALSE;

  if (item != NULL && item->kind == LZ_ITEM_STOP && def->spec.type == LZ_PARAM_LIMIT)
    {
      LzElement *stop = (LzElement *) item;
      gboolean is_lower = strcmp (def->spec.name, "lower") == 0;
      double lower = is_lower ? value : stop->stop.lower;
      double upper = is_lower ? stop->stop.upper : value;
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

  if (item != NULL && item->kind == LZ_ITEM_FRICTION && strcmp (def->spec.name, "level") == 0)
    {
      LzElement *friction = (LzElement *) item;

      friction->friction.level_pos = value;
      friction->friction.level_neg = value;
      return TRUE;
    }

  G_STRUCT_MEMBER (double, base, def->offset) = value;
  return TRUE;
}

/* Text that XML 1.0 can carry: valid UTF-8 without control characters
 * other than tab, newline and carriage return. */
static gboolean
is_file_text (const char *text)
{
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
      return FALSE;
  return TRUE;
}

static gboolean
set_from_string (LzModel        *model,
                 LzItem         *item,
                 const ParamDef *def,
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
        g_clear_pointer (field, lz_expr_unref);
        *field = expr;
        return TRUE;
      }

    case LZ_PARAM_PORT:
    case LZ_PARAM_BODY:
      return connect_def (model, item, def, stripped, error);

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
      if (!is_file_text (text))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("%s: the text is not valid UTF-8 or contains control characters"),
                       context);
          return FALSE;
        }
      set_str (&G_STRUCT_MEMBER (char *, base, def->offset), *stripped != '\0' ? text : NULL);
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
  const ParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  def = lookup_def (item, name, error);
  if (def == NULL)
    return FALSE;
  if (def->spec.type != LZ_PARAM_NUMBER && def->spec.type != LZ_PARAM_LIMIT)
    {
      g_autofree char *context = lz_item_describe_attribute (item, name);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: not a number parameter"), context);
      return FALSE;
    }
  return set_number (model, item, def, value, error);
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
  const ParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lookup_mutable (model, id, error);
  if (item == NULL)
    return FALSE;
  if (strcmp (name, "id") == 0)
    return lz_model_rename (model, id, text, error);
  def = lookup_def (item, name, error);
  if (def == NULL)
    return FALSE;
  return set_from_string (model, item, def, text, error);
}

static gboolean
friction_level_is_asymmetric (const LzItem   *item,
                              const ParamDef *def,
                              GError        **error)
{
  const LzElement *friction = (const LzElement *) item;

  if (item->kind == LZ_ITEM_FRICTION && strcmp (def->spec.name, "level") == 0
      && friction->friction.level_pos != friction->friction.level_neg)
    {
      g_autofree char *context = lz_item_describe_attribute (item, def->spec.name);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: the levels are asymmetric; read “level-pos” and “level-neg”"),
                   context);
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
  const ParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item = lookup_mutable ((LzModel *) model, id, error);
  if (item == NULL)
    return FALSE;
  def = lookup_def (item, name, error);
  if (def == NULL)
    return FALSE;
  if (def->spec.type != LZ_PARAM_NUMBER && def->spec.type != LZ_PARAM_LIMIT)
    {
      g_autofree char *context = lz_item_describe_attribute (item, name);

      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: not a number parameter"), context);
      return FALSE;
    }
  if (friction_level_is_asymmetric (item, def, error))
    return FALSE;
  *value = G_STRUCT_MEMBER (double, item, def->offset);
  return TRUE;
}

static char *
dup_param_string (gconstpointer   base,
                  const ParamDef *def)
{
  switch (def->spec.type)
    {
    case LZ_PARAM_NUMBER:
    case LZ_PARAM_LIMIT:
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
  const ParamDef *def;
  LzItem *item;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  item = lookup_mutable ((LzModel *) model, id, error);
  if (item == NULL)
    return NULL;
  if (strcmp (name, "id") == 0)
    return g_strdup (item->id);
  def = lookup_def (item, name, error);
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
  const ParamTable *t = &param_tables[SIMULATION_TABLE];

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
  const ParamDef *def;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  def = find_def (SIMULATION_TABLE, name);
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
  const ParamDef *def;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  def = find_def (SIMULATION_TABLE, name);
  return def != NULL ? dup_param_string (&model->sim, def) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Validation                                                                */

static void
add_problem (GPtrArray    *problems,
             const LzItem *item,
             const char   *message)
{
  lz_problems_add (problems, item != NULL ? item->line : 0, LZ_ERROR_INVALID_MODEL, message);
}

static void
check_ports (const LzModel *model,
             const LzItem  *item,
             GPtrArray     *problems)
{
  const ParamTable *t = &param_tables[item->kind];

  for (guint i = 0; i < t->n; i++)
    {
      const ParamDef *def = &t->defs[i];
      const char *target;
      g_autofree char *problem = NULL;

      if (def->spec.type != LZ_PARAM_PORT && def->spec.type != LZ_PARAM_BODY)
        continue;
      target = G_STRUCT_MEMBER (char *, item, def->offset);
      if (target == NULL)
        {
          g_autofree char *what = lz_item_describe (item);

          problem = g_strdup_printf (_("%s: port “%s” is not connected"), what, def->spec.name);
        }
      else
        problem = check_target (model, item, def, target);
      if (problem != NULL)
        add_problem (problems, item, problem);
    }
}

/* Union-find over dof indices. */
static guint
find_root (guint *parent,
           guint  i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/* Every body must reach inertia or a force law that fixes its motion:
 * a body with mass, a prescribed motion, or a spring, damper, friction or
 * gear to such a body or to a ground.  Otherwise the massless bodies of
 * a group have no equation that determines them (M and the force laws
 * leave them free), and later stages would divide by zero.  Stops do not
 * count: away from contact they exert no force.  Groups are found with
 * union-find over the elements that join two bodies. */
static void
check_inertia_paths (const LzModel *model,
                     GPtrArray     *problems)
{
  guint n = model->bodies->len;
  g_autofree guint *parent = g_new (guint, n);
  g_autofree gboolean *anchored = g_new0 (gboolean, n);
  g_autofree gboolean *reported = g_new0 (gboolean, n);

  for (guint i = 0; i < n; i++)
    parent[i] = i;

  for (guint e = 0; e < model->elements->len; e++)
    {
      const LzElement *element = model->elements->pdata[e];
      int ia, ib;

      if (element->item.kind == LZ_ITEM_STOP)
        continue;
      ia = lz_model_get_body_index (model, element->a);
      ib = lz_model_get_body_index (model, element->b);
      if (ia >= 0 && ib >= 0)
        parent[find_root (parent, ia)] = find_root (parent, ib);
    }

  for (guint i = 0; i < n; i++)
    {
      const LzBody *body = model->bodies->pdata[i];

      if (body->mass > 0)
        anchored[find_root (parent, i)] = TRUE;
    }
  for (guint e = 0; e < model->elements->len; e++)
    {
      const LzElement *element = model->elements->pdata[e];
      int ia, ib;

      if (element->item.kind == LZ_ITEM_STOP)
        continue;
      ia = lz_model_get_body_index (model, element->a);
      ib = lz_model_get_body_index (model, element->b);
      if (ia >= 0 && lz_model_lookup_ground (model, element->b) != NULL)
        anchored[find_root (parent, ia)] = TRUE;
      if (ib >= 0 && lz_model_lookup_ground (model, element->a) != NULL)
        anchored[find_root (parent, ib)] = TRUE;
    }
  for (guint s = 0; s < model->sources->len; s++)
    {
      const LzSource *source = model->sources->pdata[s];
      int i = lz_model_get_body_index (model, source->body);

      if (source->item.kind == LZ_ITEM_PRESCRIBED && i >= 0)
        anchored[find_root (parent, i)] = TRUE;
    }

  for (guint i = 0; i < n; i++)
    {
      guint root = find_root (parent, i);
      g_autoptr(GString) names = NULL;
      guint count = 0;
      g_autofree char *message = NULL;

      if (anchored[root] || reported[root])
        continue;
      reported[root] = TRUE;
      names = g_string_new (NULL);
      for (guint j = i; j < n; j++)
        if (find_root (parent, j) == root)
          {
            lz_append_quoted_id (names, ((LzItem *) model->bodies->pdata[j])->id);
            count++;
          }
      if (count == 1)
        message = g_strdup_printf (_("body %s has no mass, and no spring, damper, friction or "
                                     "gear connects it to a body with mass or to a ground"),
                                   names->str);
      else
        message = g_strdup_printf (_("bodies %s have no mass, and no spring, damper, friction "
                                     "or gear connects them to a body with mass or to a "
                                     "ground"),
                                   names->str);
      add_problem (problems, model->bodies->pdata[i], message);
    }
}

void
lz_model_collect_problems (const LzModel *model,
                           GPtrArray     *problems)
{
  g_autoptr(GHashTable) prescribed = g_hash_table_new (g_str_hash, g_str_equal);

  if (model->bodies->len == 0)
    add_problem (problems, NULL, _("the model has no bodies"));

  for (guint i = 0; i < model->elements->len; i++)
    {
      const LzElement *element = model->elements->pdata[i];

      check_ports (model, &element->item, problems);
      if (element->a != NULL && element->b != NULL && strcmp (element->a, element->b) == 0)
        {
          g_autofree char *what = lz_item_describe (&element->item);
          g_autofree char *message =
            g_strdup_printf (_("%s: ports “a” and “b” are both “%s”"), what, element->a);

          add_problem (problems, &element->item, message);
        }
    }

  for (guint i = 0; i < model->sources->len; i++)
    {
      const LzSource *source = model->sources->pdata[i];
      const LzSource *other;

      check_ports (model, &source->item, problems);
      if (source->item.kind != LZ_ITEM_PRESCRIBED || source->body == NULL)
        continue;
      other = g_hash_table_lookup (prescribed, source->body);
      if (other != NULL)
        {
          g_autofree char *what = lz_item_describe (&source->item);
          g_autofree char *message =
            g_strdup_printf (_("%s: body “%s” already has the prescribed motion “%s”"),
                             what, source->body, other->item.id);

          add_problem (problems, &source->item, message);
        }
      else
        g_hash_table_insert (prescribed, source->body, (gpointer) source);
    }

  check_inertia_paths (model, problems);
}

/**
 * lz_model_validate:
 * @model: a model
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error listing
 *   every problem, one per line
 *
 * Checks what single edits cannot: every port is connected to an existing
 * body or ground (gears to rotational bodies), the two ports of an element
 * differ, no body has two prescribed motions, the model has a body, and
 * every body has a path to inertia or stiffness (a massless body or group
 * of bodies that nothing ties to a mass or a ground is reported by name).
 * A model that passes can be saved and assembled.
 *
 * Returns: %TRUE if the model is consistent
 */
gboolean
lz_model_validate (const LzModel *model,
                   GError       **error)
{
  g_autoptr(GPtrArray) problems = NULL;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_problem_free);
  lz_model_collect_problems (model, problems);
  return lz_problems_to_error (problems, NULL, error);
}

/* ------------------------------------------------------------------------ */
/* For the file reader and writer                                            */

void
lz_model_set_item_line (LzModel    *model,
                        const char *id,
                        int         line)
{
  LzItem *item = g_hash_table_lookup (model->index, id);

  g_return_if_fail (item != NULL);

  item->line = line;
}

static void
append_attributes (GPtrArray      *attributes,
                   guint           table,
                   gconstpointer   base,
                   const LzItem   *item)
{
  const ParamTable *t = &param_tables[table];

  for (guint i = 0; i < t->n; i++)
    {
      const ParamDef *def = &t->defs[i];
      const char *name = def->spec.name;

      if (item != NULL && item->kind == LZ_ITEM_BODY)
        {
          gboolean rotational = ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL;

          if (strcmp (name, rotational ? "mass" : "inertia") == 0)
            continue;
        }
      if (item != NULL && item->kind == LZ_ITEM_FRICTION)
        {
          const LzElement *friction = (const LzElement *) item;
          gboolean symmetric = friction->friction.level_pos == friction->friction.level_neg;

          if (symmetric ? g_str_has_prefix (name, "level-") : strcmp (name, "level") == 0)
            continue;
        }

      switch (def->spec.type)
        {
        case LZ_PARAM_NUMBER:
        case LZ_PARAM_LIMIT:
          if ((def->spec.flags & LZ_PARAM_OMIT_DEFAULT)
              && G_STRUCT_MEMBER (double, base, def->offset) == def->spec.default_value)
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

  append_attributes (attributes, SIMULATION_TABLE, &model->sim, NULL);
  return attributes;
}
