/* lz-elements.c — the element table: every two-port element's law,
 * resolved once per run
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both integrators, program motion and the trace used to resolve each
 * element on their own (three element structs, three mappings from a mode
 * change to its cause, which had come to disagree).  This is the one
 * place: an element's ports as body indices, its coordinate
 * g = cb·q_b − ca·q_a + g0(t) with the ground motions, its parameters,
 * its row of W, the names of its modes and why a mode changes.
 */

#include "config.h"

#include <math.h>

#include "lz-assembler.h"
#include "lz-contact-law.h"
#include "lz-elements.h"
#include "lz-friction.h"
#include "lz-luz.h"

struct LzElementTable
{
  guint         n;
  LzElementLaw *laws;
};

static const char *const mode_names[] = {
  [LZ_MODE_NONE] = "none",
  [LZ_MODE_STICK] = "stick",
  [LZ_MODE_SLIP_POS] = "slip+",
  [LZ_MODE_SLIP_NEG] = "slip-",
  [LZ_MODE_FREE] = "free",
  [LZ_MODE_CONTACT] = "contact",
  [LZ_MODE_GAP] = "gap",
  [LZ_MODE_ENGAGED_POS] = "engaged+",
  [LZ_MODE_ENGAGED_NEG] = "engaged-",
  [LZ_MODE_PRESSED_LOWER] = "pressed-",
  [LZ_MODE_PRESSED_UPPER] = "pressed+",
};

static const char *const cause_names[] = {
  [LZ_CAUSE_INITIAL] = "initial",
  [LZ_CAUSE_VELOCITY_ZERO] = "velocity-zero",
  [LZ_CAUSE_FORCE_LIMIT] = "force-limit",
  [LZ_CAUSE_LIFT_OFF] = "lift-off",
  [LZ_CAUSE_IMPACT] = "impact",
  [LZ_CAUSE_BOUNDARY] = "boundary",
  [LZ_CAUSE_ZENO] = "zeno",
  [LZ_CAUSE_MASSLESS_CONTACT] = "massless-contact",
  [LZ_CAUSE_FORCING] = "forcing",
  [LZ_CAUSE_TOUCH] = "touch",
  [LZ_CAUSE_LEVEL_CHANGE] = "level-change",
};

G_STATIC_ASSERT (G_N_ELEMENTS (mode_names) == LZ_MODE_N_MODES);
G_STATIC_ASSERT (G_N_ELEMENTS (cause_names) == LZ_CAUSE_N_CAUSES);

/**
 * lz_mode_to_string:
 * @mode: a mode
 *
 * Returns: the mode's name in traces and event logs: "stick", "slip+",
 *   "slip-", "free", "contact", "gap", "engaged+", "engaged-", "pressed-",
 *   "pressed+" (and "none")
 */
const char *
lz_mode_to_string (LzMode mode)
{
  g_return_val_if_fail (mode < LZ_MODE_N_MODES, NULL);
  return mode_names[mode];
}

/**
 * lz_event_cause_to_string:
 * @cause: a cause
 *
 * Returns: the cause's name in event logs, e.g. "impact"
 */
const char *
lz_event_cause_to_string (LzEventCause cause)
{
  g_return_val_if_fail (cause < LZ_CAUSE_N_CAUSES, NULL);
  return cause_names[cause];
}

/**
 * lz_mode_switch_cause:
 * @from: the mode before
 * @to: the mode after
 * @flags: what else the integrator knows about the switch
 *
 * Why an element went from @from to @to — the one mapping both
 * integrators log with: a massless body reaching a limit is
 * "massless-contact", an impulse "impact" (or "zeno" where it ended a
 * Zeno sequence), sticking "velocity-zero", slipping "force-limit" from
 * stick and "velocity-zero" from the other slip (a reversal passes
 * through ġ = 0), leaving a limit "lift-off" (a damped contact's release
 * too), a freeplay switch "boundary", a damped contact closing "touch"; a
 * jump of its forcing where nothing else happened to it, "forcing"; a
 * breakaway because a falling static level (a friction level in t) met
 * the force, "level-change".
 *
 * Returns: the cause
 */
LzEventCause
lz_mode_switch_cause (LzMode        from,
                      LzMode        to,
                      LzSwitchFlags flags)
{
  if ((flags & LZ_SWITCH_MASSLESS) && to == LZ_MODE_CONTACT)
    return LZ_CAUSE_MASSLESS_CONTACT;
  if (flags & LZ_SWITCH_IMPACT)
    return (flags & LZ_SWITCH_ZENO) ? LZ_CAUSE_ZENO : LZ_CAUSE_IMPACT;
  if ((flags & LZ_SWITCH_FORCING) && from == to)
    return LZ_CAUSE_FORCING;
  if ((flags & LZ_SWITCH_LEVEL) && from == LZ_MODE_STICK
      && (to == LZ_MODE_SLIP_POS || to == LZ_MODE_SLIP_NEG))
    return LZ_CAUSE_LEVEL_CHANGE;
  switch (to)
    {
    case LZ_MODE_STICK:
      return LZ_CAUSE_VELOCITY_ZERO;
    case LZ_MODE_SLIP_POS:
    case LZ_MODE_SLIP_NEG:
      return from == LZ_MODE_STICK ? LZ_CAUSE_FORCE_LIMIT : LZ_CAUSE_VELOCITY_ZERO;
    case LZ_MODE_FREE:
      return LZ_CAUSE_LIFT_OFF;
    case LZ_MODE_CONTACT:
      return LZ_CAUSE_IMPACT;
    case LZ_MODE_GAP:
    case LZ_MODE_ENGAGED_POS:
    case LZ_MODE_ENGAGED_NEG:
      return LZ_CAUSE_BOUNDARY;
    case LZ_MODE_PRESSED_LOWER:
    case LZ_MODE_PRESSED_UPPER:
      /* (from the other side at once: through a free instant) */
      return LZ_CAUSE_TOUCH;
    case LZ_MODE_NONE:
    case LZ_MODE_N_MODES:
    default:
      return LZ_CAUSE_INITIAL;
    }
}

static void
law_init (LzElementLaw     *law,
          const LzAssembly *assembly,
          guint             e)
{
  LzModel *model = lz_assembly_get_model (assembly);
  const LzElement *element = lz_model_get_element (model, e);
  const LzGround *ga = lz_model_lookup_ground (model, element->a);
  const LzGround *gb = lz_model_lookup_ground (model, element->b);

  law->element = element;
  law->id = element->item.id;
  law->kind = element->item.kind;
  law->index = e;
  lz_assembly_get_element_ports (assembly, e, &law->a, &law->b, &law->ca, &law->cb);
  law->xa = ga != NULL ? ga->motion : NULL;
  law->xb = gb != NULL ? gb->motion : NULL;
  law->moving = law->xa != NULL || law->xb != NULL;
  law->row = lz_assembly_get_nonsmooth_row (assembly, e);
  lz_element_get_stiffness (element, &law->k, &law->freeplay, &law->offset);
  law->c = lz_element_get_viscosity (element);
  law->lower = -INFINITY;
  law->upper = INFINITY;
  if (law->kind == LZ_ITEM_FRICTION)
    lz_friction_law_init (law, element);
  else if (law->kind == LZ_ITEM_STOP)
    {
      law->lower = element->stop.lower;
      law->upper = element->stop.upper;
      law->e = element->stop.restitution;
    }
  else if (law->kind == LZ_ITEM_CONTACT || law->kind == LZ_ITEM_BACKLASH)
    {
      gboolean backlash = law->kind == LZ_ITEM_BACKLASH;

      law->lower = backlash ? -element->contact.freeplay : element->contact.lower;
      law->upper = backlash ? element->contact.freeplay : element->contact.upper;
      law->contact_k = element->contact.stiffness;
      law->contact_c = element->contact.damping;
    }
}

/**
 * lz_element_table_new:
 * @assembly: an assembled model (borrowed: it must outlive the table)
 *
 * Resolves every element of the model, in file order.
 *
 * Returns: (transfer full): the table
 */
LzElementTable *
lz_element_table_new (const LzAssembly *assembly)
{
  LzModel *model;
  LzElementTable *self;

  g_return_val_if_fail (assembly != NULL, NULL);

  model = lz_assembly_get_model (assembly);
  self = g_new0 (LzElementTable, 1);
  self->n = lz_model_get_n_elements (model);
  self->laws = g_new0 (LzElementLaw, MAX (self->n, 1));
  for (guint e = 0; e < self->n; e++)
    law_init (&self->laws[e], assembly, e);
  return self;
}

void
lz_element_table_free (LzElementTable *self)
{
  if (self == NULL)
    return;
  g_free (self->laws);
  g_free (self);
}

guint
lz_element_table_get_n (const LzElementTable *self)
{
  return self->n;
}

/**
 * lz_element_table_get:
 * @self: a table
 * @element: the element's index in the model
 *
 * Returns: (transfer none): its law
 */
const LzElementLaw *
lz_element_table_get (const LzElementTable *self,
                      guint                 element)
{
  g_return_val_if_fail (element < self->n, NULL);
  return &self->laws[element];
}

/**
 * lz_element_table_get_laws:
 * @self: a table
 *
 * Returns: (transfer none) (array): the laws of every element, in file order
 */
const LzElementLaw *
lz_element_table_get_laws (const LzElementTable *self)
{
  return self->laws;
}

/**
 * lz_element_law_ground:
 * @law: an element's law
 * @t: time (s)
 * @g0: (out): the ground motions' part of g at @t
 * @g0d: (out) (optional): its first derivative
 * @g0dd: (out) (optional): its second derivative
 *
 * g0(t) = cb·x_b(t) − ca·x_a(t) over the ports on moving grounds (0 when
 * neither moves).
 */
void
lz_element_law_ground (const LzElementLaw *law,
                       double              t,
                       double             *g0,
                       double             *g0d,
                       double             *g0dd)
{
  double x = 0, xd = 0, xdd = 0;

  if (law->xb != NULL)
    {
      x += law->cb * lz_expr_eval (law->xb, t);
      if (g0d != NULL)
        xd += law->cb * lz_expr_eval_d1 (law->xb, t);
      if (g0dd != NULL)
        xdd += law->cb * lz_expr_eval_d2 (law->xb, t);
    }
  if (law->xa != NULL)
    {
      x -= law->ca * lz_expr_eval (law->xa, t);
      if (g0d != NULL)
        xd -= law->ca * lz_expr_eval_d1 (law->xa, t);
      if (g0dd != NULL)
        xdd -= law->ca * lz_expr_eval_d2 (law->xa, t);
    }
  *g0 = x;
  if (g0d != NULL)
    *g0d = xd;
  if (g0dd != NULL)
    *g0dd = xdd;
}

/**
 * lz_element_law_g:
 * @law: an element's law
 * @q: positions (or velocities) by dof
 * @g0: the ground's part at the same t (or its derivative)
 *
 * Returns: g = cb·q_b − ca·q_a + g0 (ġ when given velocities and ġ0)
 */
double
lz_element_law_g (const LzElementLaw *law,
                  const double       *q,
                  double              g0)
{
  return (law->b >= 0 ? law->cb * q[law->b] : 0) - (law->a >= 0 ? law->ca * q[law->a] : 0) + g0;
}

/**
 * lz_element_law_spring_mode:
 * @law: a spring's or a gear's law
 * @g: its coordinate
 *
 * Returns: the mode of a spring with freeplay at @g (%LZ_MODE_GAP inside
 *   the freeplay, its ends included), %LZ_MODE_NONE without freeplay
 */
LzMode
lz_element_law_spring_mode (const LzElementLaw *law,
                            double              g)
{
  double s = g - law->offset;

  if (!(law->freeplay > 0))
    return LZ_MODE_NONE;
  return s > law->freeplay ? LZ_MODE_ENGAGED_POS
         : s < -law->freeplay ? LZ_MODE_ENGAGED_NEG
         : LZ_MODE_GAP;
}

/**
 * lz_element_law_spring_tension:
 * @law: a spring's or a gear's law
 * @mode: its mode (the side it is engaged on, or %LZ_MODE_GAP)
 * @g: its coordinate
 *
 * The spring law in a mode: k·(g − ℓ0 ∓ Δ) engaged, 0 in the gap; without
 * freeplay k·(g − ℓ0) whatever @mode.  Integrators that locate the
 * freeplay boundaries take the mode they are in, not the side @g is on, so
 * that the force is continuous at the switch.
 *
 * Returns: the tension T (N, or N·m)
 */
double
lz_element_law_spring_tension (const LzElementLaw *law,
                               LzMode              mode,
                               double              g)
{
  double s = g - law->offset;

  if (!(law->freeplay > 0))
    return law->k * s;
  if (mode == LZ_MODE_ENGAGED_POS)
    return law->k * (s - law->freeplay);
  if (mode == LZ_MODE_ENGAGED_NEG)
    return law->k * (s + law->freeplay);
  return 0;
}

/**
 * lz_element_law_energy:
 * @law: an element's law
 * @g: its coordinate
 *
 * Returns: the energy its spring stores at @g, ½·k·luz(g − ℓ0, Δ)² (J);
 *   a damped contact's ½·k·δ₊²; 0 for elements without stiffness
 */
double
lz_element_law_energy (const LzElementLaw *law,
                       double              g)
{
  double s;

  if (lz_contact_law_is (law))
    return lz_contact_law_energy (law, g);
  if (!(law->k > 0))
    return 0;
  s = g - law->offset;
  s = law->freeplay > 0 ? lz_luz (s, law->freeplay) : s;
  return 0.5 * law->k * s * s;
}
