/* lz-model.h — the mechanical model: bodies, elements, sources, settings
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-types.h"
#include "lz-format.h"
#include "lz-expr.h"

G_BEGIN_DECLS

/**
 * LzItemKind:
 * @LZ_ITEM_GROUND: the fixed (or prescribed-moving) ground, a port
 * @LZ_ITEM_BODY: a body, one degree of freedom, a port
 * @LZ_ITEM_SPRING: two-port spring with freeplay and rest offset
 * @LZ_ITEM_DAMPER: two-port linear damper
 * @LZ_ITEM_FRICTION: two-port dry (and viscous) friction
 * @LZ_ITEM_STOP: two-port unilateral stop with restitution
 * @LZ_ITEM_GEAR: two-port gear mesh between rotational bodies
 * @LZ_ITEM_CONTACT: two-port damped contact (elasto-gap): a spring-damper
 *   that pushes only while the gap is closed
 * @LZ_ITEM_BACKLASH: two-port backlash between rotational bodies: a gear
 *   mesh whose teeth are damped contacts across a freeplay
 * @LZ_ITEM_FORCE: a force F(t) on a body
 * @LZ_ITEM_PRESCRIBED: a prescribed motion q(t) of a body (program constraint)
 * @LZ_ITEM_ACTUATOR: a control-force direction on a body
 *
 * Everything in a model that has an id.  The string form is the XML tag of
 * the .luztar format (docs/file-format.md).
 */
typedef enum
{
  LZ_ITEM_GROUND,
  LZ_ITEM_BODY,
  LZ_ITEM_SPRING,
  LZ_ITEM_DAMPER,
  LZ_ITEM_FRICTION,
  LZ_ITEM_STOP,
  LZ_ITEM_GEAR,
  LZ_ITEM_CONTACT,
  LZ_ITEM_BACKLASH,
  LZ_ITEM_FORCE,
  LZ_ITEM_PRESCRIBED,
  LZ_ITEM_ACTUATOR,
  LZ_ITEM_N_KINDS
} LzItemKind;

/**
 * LZ_CASE_NOT_ELEMENT:
 *
 * The case labels of the item kinds that are not two-port elements, in one
 * place for the switches over the element kinds (which -Wswitch-enum
 * wants complete):
 * |[
 *   case LZ_ITEM_DAMPER:
 *     return 0;
 *   LZ_CASE_NOT_ELEMENT:
 *   default:
 *     g_assert_not_reached ();
 * ]|
 */
#define LZ_CASE_NOT_ELEMENT \
  case LZ_ITEM_GROUND:      \
  case LZ_ITEM_BODY:        \
  case LZ_ITEM_FORCE:       \
  case LZ_ITEM_PRESCRIBED:  \
  case LZ_ITEM_ACTUATOR:    \
  case LZ_ITEM_N_KINDS

/**
 * LzBodyKind:
 * @LZ_BODY_TRANSLATIONAL: mass in kg, coordinate in m
 * @LZ_BODY_ROTATIONAL: inertia in kg·m², angle in rad
 */
typedef enum
{
  LZ_BODY_TRANSLATIONAL,
  LZ_BODY_ROTATIONAL,
  LZ_BODY_N_KINDS
} LzBodyKind;

/**
 * LzMethod:
 * @LZ_METHOD_EVENT: event-driven integration with exact mode switches
 * @LZ_METHOD_TIMESTEP: Moreau–Jean time-stepping (θ-method)
 */
typedef enum
{
  LZ_METHOD_EVENT,
  LZ_METHOD_TIMESTEP,
  LZ_METHOD_N_METHODS
} LzMethod;

/**
 * LzItem:
 * @kind: what the item is
 * @id: its unique id (letters, digits, '_', '-', '.'; starts with a letter
 *   or '_')
 * @label: (nullable): an optional human-readable name for the editor
 * @line: the line of the file it was read from, 0 if not from a file
 *
 * The header every item struct starts with.  All fields of the item
 * structs are read-only: change them through lz_model_set_parameter() and
 * friends so that every change is validated.
 */
typedef struct
{
  LzItemKind  kind;
  char       *id;
  char       *label;
  int         line;
} LzItem;

/**
 * LzGround:
 * @item: kind %LZ_ITEM_GROUND
 * @motion: (nullable): prescribed displacement x_g(t) (m or rad), %NULL
 *   for a fixed ground
 * @x: canvas position (editor only)
 * @y: canvas position (editor only)
 * @direction: the direction on the canvas in which a displacement of the
 *   ground is drawn, degrees counter-clockwise from the right: 0 (the
 *   default) to the right, 90 up (editor only)
 *
 * A port that does not move unless @motion says so.  A model may have
 * several grounds, e.g. a fixed wall and a driven belt.
 */
typedef struct
{
  LzItem  item;
  LzExpr *motion;
  double  x;
  double  y;
  double  direction;
} LzGround;

/**
 * LzBody:
 * @item: kind %LZ_ITEM_BODY
 * @kind: translational or rotational
 * @mass: mass (kg) or inertia (kg·m²), ≥ 0; 0 is a massless joint
 * @q0: initial position (m or rad)
 * @v0: initial velocity (m/s or rad/s)
 * @x: canvas position (editor only)
 * @y: canvas position (editor only)
 * @direction: the direction on the canvas in which a positive
 *   displacement of the body is drawn, degrees counter-clockwise from the
 *   right: 0 (the default) to the right, 90 up — a falling mass drawn
 *   falling (editor only)
 *
 * One degree of freedom.  Bodies are numbered in file order; that order
 * is the order of the dofs in M, C, K and in traces.
 */
typedef struct
{
  LzItem     item;
  LzBodyKind kind;
  double     mass;
  double     q0;
  double     v0;
  double     x;
  double     y;
  double     direction;
} LzBody;

/**
 * LzElement:
 * @item: kind %LZ_ITEM_SPRING … %LZ_ITEM_BACKLASH
 * @a: (nullable): id of port a (a body or a ground); %NULL when unconnected
 * @b: (nullable): id of port b
 * @ca: coefficient of port a (not for gears, which use @gear.ra)
 * @cb: coefficient of port b (not for gears, which use @gear.rb)
 *
 * A two-port element on the relative coordinate g = cb·q_b − ca·q_a
 * (docs/file-format.md).  Its tension T(g, ġ) acts as +ca·T on a and −cb·T on b.
 * Use lz_element_get_coefficients() to get (ca, cb) for every kind.
 *
 * - spring: T = k·luz(g − offset, freeplay); k > 0 (N/m or N·m/rad),
 *   freeplay ≥ 0 (half freeplay Δ), offset ℓ0;
 * - damper: T = c·ġ, c ≥ 0 (N·s/m);
 * - friction: T ∈ viscous·ġ + Sgn(ġ) with levels [−level_neg, level_pos]
 *   at ġ = 0 (N); both levels and viscous ≥ 0.  With static levels
 *   @friction.static_pos, @friction.static_neg above the (kinetic) levels
 *   a stuck contact holds within the static levels and slides at the
 *   kinetic ones (0: the static level is the kinetic one); with a Stribeck
 *   velocity vs = @friction.stribeck_velocity > 0 the sliding level is
 *   Fc + (Fs − Fc)·exp(−(|ġ|/vs)^δ), δ = @friction.stribeck_exponent > 0.
 *   Any level may be an expression in t (@friction.level_pos_t …, %NULL
 *   for a constant; the number is then its value at t = 0);
 * - stop: lower ≤ g ≤ upper (either may be infinite), Newton restitution
 *   in [0, 1];
 * - gear: a spring of stiffness @gear.stiffness > 0 and half freeplay
 *   @gear.freeplay ≥ 0 on g = rb·q_b − ra·q_a, radii ra, rb > 0 (m);
 * - contact: penetration δ = lower − g below the lower limit, g − upper
 *   above the upper one (one may be infinite); T pushes g back with
 *   F = max(0, k·δ + c·δ̇) while δ > 0, 0 otherwise: stiffness k > 0,
 *   damping c ≥ 0 (docs/mathematics.md, "Damped contact");
 * - backlash: a contact on g = rb·q_b − ra·q_a with limits ∓freeplay
 *   (@contact.lower = −Δ, @contact.upper = Δ, radii in @gear.ra, rb).
 */
typedef struct
{
  LzItem  item;
  char   *a;
  char   *b;
  double  ca;
  double  cb;
  union
  {
    struct
    {
      double k;
      double freeplay;
      double offset;
    } spring;
    struct
    {
      double c;
    } damper;
    struct
    {
      double level_pos;
      double level_neg;
      double viscous;
      double static_pos;
      double static_neg;
      double stribeck_velocity;
      double stribeck_exponent;
      LzExpr *level_pos_t;
      LzExpr *level_neg_t;
      LzExpr *static_pos_t;
      LzExpr *static_neg_t;
    } friction;
    struct
    {
      double lower;
      double upper;
      double restitution;
    } stop;
    struct
    {
      double ra;
      double rb;
      double stiffness;
      double freeplay;
    } gear;
    struct
    {
      double lower;
      double upper;
      double stiffness;
      double damping;
      double ra;
      double rb;
      double freeplay;
    } contact;
  };
} LzElement;

/**
 * LzSource:
 * @item: kind %LZ_ITEM_FORCE, %LZ_ITEM_PRESCRIBED or %LZ_ITEM_ACTUATOR
 * @body: (nullable): id of the body it acts on; %NULL when unconnected
 * @value: (nullable): F(t) in N (or N·m) for a force, q(t) in m (or rad)
 *   for a prescribed motion; %NULL for an actuator
 */
typedef struct
{
  LzItem  item;
  char   *body;
  LzExpr *value;
} LzSource;

/**
 * LzSimulation:
 * @t_end: end time, s, > 0 (default 10)
 * @method: integrator (default event-driven)
 * @dt: time step of time-stepping and output interval of event-driven
 *   runs, s, > 0 (default 1e-3)
 * @theta: θ of the Moreau–Jean scheme, in [0, 1] (default 0.5)
 * @rtol: relative tolerance of the smooth integration, > 0 (default 1e-8)
 * @atol: absolute tolerance of the smooth integration, > 0 (default 1e-10)
 *
 * The settings of the `<simulation>` element.
 */
typedef struct
{
  double   t_end;
  LzMethod method;
  double   dt;
  double   theta;
  double   rtol;
  double   atol;
} LzSimulation;

/**
 * LzParamType:
 * @LZ_PARAM_NUMBER: a finite number
 * @LZ_PARAM_LIMIT: a number that may be inf or -inf (stop limits)
 * @LZ_PARAM_EXPRESSION: an expression in t
 * @LZ_PARAM_PORT: the id of a body or a ground
 * @LZ_PARAM_BODY: the id of a body
 * @LZ_PARAM_CHOICE: a keyword (body kind, method)
 * @LZ_PARAM_TEXT: free text (label)
 */
typedef enum
{
  LZ_PARAM_NUMBER,
  LZ_PARAM_LIMIT,
  LZ_PARAM_EXPRESSION,
  LZ_PARAM_PORT,
  LZ_PARAM_BODY,
  LZ_PARAM_CHOICE,
  LZ_PARAM_TEXT,
} LzParamType;

/**
 * LzParamRange:
 * @LZ_RANGE_ANY: any value of the type
 * @LZ_RANGE_POSITIVE: > 0
 * @LZ_RANGE_NON_NEGATIVE: ≥ 0
 * @LZ_RANGE_UNIT_INTERVAL: in [0, 1]
 * @LZ_RANGE_NON_ZERO: ≠ 0
 * @LZ_RANGE_THETA: in [0.5, 1] (θ of the Moreau–Jean scheme)
 */
typedef enum
{
  LZ_RANGE_ANY,
  LZ_RANGE_POSITIVE,
  LZ_RANGE_NON_NEGATIVE,
  LZ_RANGE_UNIT_INTERVAL,
  LZ_RANGE_NON_ZERO,
  LZ_RANGE_THETA,
} LzParamRange;

/**
 * LzParamFlags:
 * @LZ_PARAM_REQUIRED: a file must give the attribute
 * @LZ_PARAM_OMIT_DEFAULT: saving leaves the attribute out when it has its
 *   default value
 * @LZ_PARAM_TIME_VARYING: a number that may also be an expression in t
 *   (friction levels); lz_model_get_parameter() gives its value at t = 0
 */
typedef enum
{
  LZ_PARAM_REQUIRED     = 1 << 0,
  LZ_PARAM_OMIT_DEFAULT = 1 << 1,
  LZ_PARAM_TIME_VARYING = 1 << 2,
} LzParamFlags;

/**
 * LzParamSpec:
 * @name: the attribute name in the file and for lz_model_set_parameter()
 * @type: the value type
 * @range: the allowed range of a number
 * @flags: #LzParamFlags
 * @default_value: default of a number (also the value of new items)
 * @default_text: (nullable): default of an expression or a keyword
 *
 * Describes one parameter of an item kind, for the inspector and the
 * file format.  A body lists both "mass" and "inertia" (the same value;
 * the file uses the one that fits its kind); a friction lists "level"
 * (both levels at once) and "level-pos", "level-neg".
 */
typedef struct
{
  const char   *name;
  LzParamType   type;
  LzParamRange  range;
  LzParamFlags  flags;
  double        default_value;
  const char   *default_text;
} LzParamSpec;

/**
 * LzModel:
 *
 * A reference-counted model.  Not thread-safe for writing: edit it on one
 * thread and hand lz_model_copy() to a worker.
 */
typedef struct LzModel LzModel;

/* Enumerations and their string forms (the words of the file format). */
const char        *lz_item_kind_to_string          (LzItemKind          kind);
gboolean           lz_item_kind_from_string        (const char         *string,
                                                    LzItemKind         *kind);
gboolean           lz_item_kind_is_element         (LzItemKind          kind);
gboolean           lz_item_kind_is_source          (LzItemKind          kind);
const char        *lz_body_kind_to_string          (LzBodyKind          kind);
gboolean           lz_body_kind_from_string        (const char         *string,
                                                    LzBodyKind         *kind);
const char        *lz_method_to_string             (LzMethod            method);
gboolean           lz_method_from_string           (const char         *string,
                                                    LzMethod           *method);

/* Parameters of each kind. */
guint              lz_item_kind_get_n_params       (LzItemKind          kind);
const LzParamSpec *lz_item_kind_get_param          (LzItemKind          kind,
                                                    guint               index);
const LzParamSpec *lz_item_kind_find_param         (LzItemKind          kind,
                                                    const char         *name);
guint              lz_simulation_get_n_params      (void);
double             lz_simulation_min_step          (double t_end);

typedef void (*LzModelExprFunc) (const LzExpr *expr,
                                 const char   *owner,
                                 guint         max_order,
                                 gpointer      data);
void               lz_model_foreach_expression     (const LzModel      *model,
                                                    LzModelExprFunc     func,
                                                    gpointer            data);
const LzParamSpec *lz_simulation_get_param         (guint               index);
void               lz_simulation_init_defaults     (LzSimulation       *sim);

/* Ids (numbers: lz-format.h). */
gboolean           lz_id_is_valid                  (const char         *id);

/* Elements. */
void               lz_element_get_coefficients     (const LzElement    *element,
                                                    double             *ca,
                                                    double             *cb);
guint              lz_element_count_pairs          (const LzElement    *element);
gboolean           lz_element_get_stiffness        (const LzElement    *element,
                                                    double             *k,
                                                    double             *freeplay,
                                                    double             *offset);
double             lz_element_get_viscosity        (const LzElement    *element);
gboolean           lz_element_is_rigid_coupling    (const LzElement    *element);

/* Life cycle. */
LzModel           *lz_model_new                    (const char         *name);
LzModel           *lz_model_ref                    (LzModel            *model);
void               lz_model_unref                  (LzModel            *model);
LzModel           *lz_model_copy                   (const LzModel      *model);
gboolean           lz_model_equal                  (const LzModel      *a,
                                                    const LzModel      *b);

/* Name and description. */
const char        *lz_model_get_name               (const LzModel      *model);
void               lz_model_set_name               (LzModel            *model,
                                                    const char         *name);
const char        *lz_model_get_description        (const LzModel      *model);
void               lz_model_set_description        (LzModel            *model,
                                                    const char         *description);

/* The lesson an example teaches (lz-model-lesson.c). */
const char        *lz_model_get_what_to_watch      (const LzModel      *model);
void               lz_model_set_what_to_watch      (LzModel            *model,
                                                    const char         *text);
guint              lz_model_get_n_questions        (const LzModel      *model);
const char        *lz_model_get_question           (const LzModel      *model,
                                                    guint               index);
void               lz_model_add_question           (LzModel            *model,
                                                    const char         *question);
void               lz_model_clear_questions        (LzModel            *model);
guint              lz_model_get_lesson             (const LzModel      *model);
void               lz_model_set_lesson             (LzModel            *model,
                                                    guint               lesson);

/* Reading: items in file order. */
guint              lz_model_get_n_grounds          (const LzModel      *model);
const LzGround    *lz_model_get_ground             (const LzModel      *model,
                                                    guint               index);
guint              lz_model_get_n_bodies           (const LzModel      *model);
const LzBody      *lz_model_get_body               (const LzModel      *model,
                                                    guint               index);
gboolean           lz_model_has_massless           (const LzModel      *model);
guint              lz_model_get_n_elements         (const LzModel      *model);
const LzElement   *lz_model_get_element            (const LzModel      *model,
                                                    guint               index);
guint              lz_model_get_n_sources          (const LzModel      *model);
const LzSource    *lz_model_get_source             (const LzModel      *model,
                                                    guint               index);
const LzSimulation *lz_model_get_simulation        (const LzModel      *model);

const LzItem      *lz_model_lookup                 (const LzModel      *model,
                                                    const char         *id);
const LzGround    *lz_model_lookup_ground          (const LzModel      *model,
                                                    const char         *id);
const LzBody      *lz_model_lookup_body            (const LzModel      *model,
                                                    const char         *id);
const LzElement   *lz_model_lookup_element         (const LzModel      *model,
                                                    const char         *id);
const LzSource    *lz_model_lookup_source          (const LzModel      *model,
                                                    const char         *id);
int                lz_model_get_body_index         (const LzModel      *model,
                                                    const char         *id);
guint              lz_model_count_kind             (const LzModel      *model,
                                                    LzItemKind          kind);
guint              lz_model_count_pairs            (const LzModel      *model);

/* Editing. */
char              *lz_model_make_unique_id         (const LzModel      *model,
                                                    const char         *prefix);
const LzGround    *lz_model_add_ground             (LzModel            *model,
                                                    const char         *id,
                                                    GError            **error);
const LzBody      *lz_model_add_body               (LzModel            *model,
                                                    const char         *id,
                                                    LzBodyKind          kind,
                                                    double              mass,
                                                    GError            **error);
const LzElement   *lz_model_add_element            (LzModel            *model,
                                                    LzItemKind          kind,
                                                    const char         *id,
                                                    const char         *a,
                                                    const char         *b,
                                                    GError            **error);
const LzSource    *lz_model_add_source             (LzModel            *model,
                                                    LzItemKind          kind,
                                                    const char         *id,
                                                    const char         *body,
                                                    const char         *value,
                                                    GError            **error);
gboolean           lz_model_remove                 (LzModel            *model,
                                                    const char         *id,
                                                    GError            **error);
gboolean           lz_model_rename                 (LzModel            *model,
                                                    const char         *id,
                                                    const char         *new_id,
                                                    GError            **error);
gboolean           lz_model_connect                (LzModel            *model,
                                                    const char         *id,
                                                    const char         *port,
                                                    const char         *target,
                                                    GError            **error);
gboolean           lz_model_set_parameter          (LzModel            *model,
                                                    const char         *id,
                                                    const char         *name,
                                                    double              value,
                                                    GError            **error);
gboolean           lz_model_set_parameter_string   (LzModel            *model,
                                                    const char         *id,
                                                    const char         *name,
                                                    const char         *text,
                                                    GError            **error);
gboolean           lz_model_get_parameter          (const LzModel      *model,
                                                    const char         *id,
                                                    const char         *name,
                                                    double             *value,
                                                    GError            **error);
char              *lz_model_dup_parameter_string   (const LzModel      *model,
                                                    const char         *id,
                                                    const char         *name,
                                                    GError            **error);
gboolean           lz_model_set_simulation         (LzModel            *model,
                                                    const LzSimulation *sim,
                                                    GError            **error);
gboolean           lz_model_set_simulation_parameter_string (LzModel    *model,
                                                    const char         *name,
                                                    const char         *text,
                                                    GError            **error);
char              *lz_model_dup_simulation_parameter_string (const LzModel *model,
                                                    const char         *name);

/* Whole-model checks (ports, gears, inertia paths). */
gboolean           lz_model_validate               (const LzModel      *model,
                                                    GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzModel, lz_model_unref)

G_END_DECLS
