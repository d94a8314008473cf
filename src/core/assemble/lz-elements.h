/* lz-elements.h — the element table: every two-port element's law,
 * resolved once per run
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <glib.h>

#include "lz-expr.h"
#include "lz-model.h"

G_BEGIN_DECLS

/**
 * LzMode:
 * @LZ_MODE_NONE: a smooth element (spring without freeplay, damper)
 * @LZ_MODE_STICK: friction: ġ = 0, |F| within the levels
 * @LZ_MODE_SLIP_POS: friction: ġ > 0, F = F0⁺
 * @LZ_MODE_SLIP_NEG: friction: ġ < 0, F = −F0⁻
 * @LZ_MODE_FREE: stop: inside its limits, no force
 * @LZ_MODE_CONTACT: stop: on a limit, pushing
 * @LZ_MODE_GAP: freeplay spring or gear: inside the freeplay, no force
 * @LZ_MODE_ENGAGED_POS: freeplay: g − ℓ0 ≥ Δ, engaged on the + side
 * @LZ_MODE_ENGAGED_NEG: freeplay: g − ℓ0 ≤ −Δ, engaged on the − side
 * @LZ_MODE_PRESSED_LOWER: damped contact (contact, backlash): pressed
 *   below its lower limit, F = k·δ + c·δ̇ > 0
 * @LZ_MODE_PRESSED_UPPER: damped contact: pressed above its upper limit
 *
 * The mode of one element (docs/architecture.md, "Modes").
 */
typedef enum
{
  LZ_MODE_NONE,
  LZ_MODE_STICK,
  LZ_MODE_SLIP_POS,
  LZ_MODE_SLIP_NEG,
  LZ_MODE_FREE,
  LZ_MODE_CONTACT,
  LZ_MODE_GAP,
  LZ_MODE_ENGAGED_POS,
  LZ_MODE_ENGAGED_NEG,
  LZ_MODE_PRESSED_LOWER,
  LZ_MODE_PRESSED_UPPER,
  LZ_MODE_N_MODES,
} LzMode;

/**
 * LzEventCause:
 * @LZ_CAUSE_INITIAL: the mode at the start of the run
 * @LZ_CAUSE_VELOCITY_ZERO: a slip velocity reached zero
 * @LZ_CAUSE_FORCE_LIMIT: a stuck element's force reached a level
 * @LZ_CAUSE_LIFT_OFF: a contact force reached zero
 * @LZ_CAUSE_IMPACT: a gap closed with a velocity jump (every impact, also
 *   when the body leaves the stop at once)
 * @LZ_CAUSE_BOUNDARY: a freeplay boundary |g − ℓ0| = Δ was crossed
 * @LZ_CAUSE_ZENO: impacts accumulated and became a persistent contact
 * @LZ_CAUSE_MASSLESS_CONTACT: a massless body reached a stop: contact
 *   without an impact (no mass, so no kinetic energy to lose and no
 *   velocity jump of a body with mass)
 * @LZ_CAUSE_FORCING: the element's forcing (its ground's motion, or a
 *   force) or a derivative of it jumped: the integration restarted there
 *   (the mode may stay the same)
 * @LZ_CAUSE_TOUCH: a damped contact closed: its gap reached a limit moving
 *   in (or its force turned positive inside it); its release is
 *   %LZ_CAUSE_LIFT_OFF
 * @LZ_CAUSE_LEVEL_CHANGE: a friction level that changes in time moved
 *   past the force a stuck element needs (a brake released)
 *
 * Why an element changed mode.
 */
typedef enum
{
  LZ_CAUSE_INITIAL,
  LZ_CAUSE_VELOCITY_ZERO,
  LZ_CAUSE_FORCE_LIMIT,
  LZ_CAUSE_LIFT_OFF,
  LZ_CAUSE_IMPACT,
  LZ_CAUSE_BOUNDARY,
  LZ_CAUSE_ZENO,
  LZ_CAUSE_MASSLESS_CONTACT,
  LZ_CAUSE_FORCING,
  LZ_CAUSE_TOUCH,
  LZ_CAUSE_LEVEL_CHANGE,
  LZ_CAUSE_N_CAUSES,
} LzEventCause;

/**
 * LzSwitchFlags:
 * @LZ_SWITCH_IMPACT: the element took an impulse (a gap closed with a
 *   velocity jump)
 * @LZ_SWITCH_ZENO: that impact ended a Zeno sequence
 * @LZ_SWITCH_MASSLESS: the element is on a massless body: reaching a limit
 *   is contact without an impact
 * @LZ_SWITCH_FORCING: the element's forcing jumped at the instant
 * @LZ_SWITCH_LEVEL: a friction element's static level was falling when it
 *   broke away: the level moved, not the force
 *
 * What an integrator knows about a switch beyond the two modes.
 */
typedef enum
{
  LZ_SWITCH_IMPACT   = 1 << 0,
  LZ_SWITCH_ZENO     = 1 << 1,
  LZ_SWITCH_MASSLESS = 1 << 2,
  LZ_SWITCH_FORCING  = 1 << 3,
  LZ_SWITCH_LEVEL    = 1 << 4,
} LzSwitchFlags;

const char   *lz_mode_to_string        (LzMode        mode);
const char   *lz_event_cause_to_string (LzEventCause  cause);
LzEventCause  lz_mode_switch_cause     (LzMode        from,
                                        LzMode        to,
                                        LzSwitchFlags flags);

/**
 * LzElementLaw:
 * @element: the model's element (borrowed)
 * @id: its id, the label in messages and logs
 * @kind: spring, damper, friction, stop or gear
 * @index: its index in the model (file order)
 * @a: the body (= dof) of port a, or −1 for a ground
 * @b: the body of port b, or −1 for a ground
 * @ca: coefficient of port a
 * @cb: coefficient of port b: g = cb·q_b − ca·q_a + g0(t)
 * @xa: (nullable): the motion of port a's ground, if it moves
 * @xb: (nullable): the motion of port b's ground, if it moves
 * @moving: @xa or @xb is set (g0 depends on t)
 * @row: its row of W (a nonsmooth element), −1 for a smooth one
 * @k: stiffness of springs and gears (0 for the others)
 * @c: damping of dampers, the viscous part of friction (0 for the others)
 * @freeplay: half freeplay Δ of springs and gears
 * @offset: free length ℓ0 of springs
 * @fpos: friction: the (sliding) level of the force in the + direction,
 *   T ≤ fpos (at t = 0 when @fpos_t is set; lz-friction.h for the laws)
 * @fneg: friction: the level in the − direction, T ≥ −fneg
 * @lower: stop, contact: lower limit of g (−∞ for none; −∞ for the other kinds)
 * @upper: stop, contact: upper limit of g (+∞ for none)
 * @e: stop: Newton's coefficient of restitution
 * @contact_k: damped contact (contact, backlash): stiffness of the contact
 *   (0 for the others; @k stays 0, the element has no linear spring)
 * @contact_c: damped contact: its damping (0 for the others)
 *
 * A damped contact's limits are in @lower, @upper (a backlash's ∓Δ); its
 * law is lz-contact-law's.
 * @fs_pos: friction: the static level in the + direction (@fpos without one)
 * @fs_neg: friction: the static level in the − direction (@fneg without one)
 * @vs: friction: the Stribeck velocity (0: the sliding level is @fpos,
 *   @fneg whatever the velocity)
 * @delta: friction: the Stribeck exponent δ
 * @fpos_t: (nullable): friction: @fpos as an expression in t
 * @fneg_t: (nullable): friction: @fneg in t
 * @fs_pos_t: (nullable): friction: @fs_pos in t
 * @fs_neg_t: (nullable): friction: @fs_neg in t
 *
 * One element's law with everything resolved against the model: ports as
 * body indices, the ground motions, the parameters.  The event-driven and
 * the time-stepping integrator, program motion and the trace read the same
 * rows, so an element means the same to all of them.
 */
typedef struct
{
  const LzElement *element;
  const char      *id;
  LzItemKind       kind;
  guint            index;
  int              a, b;
  double           ca, cb;
  const LzExpr    *xa, *xb;
  gboolean         moving;
  int              row;
  double           k, c;
  double           freeplay, offset;
  double           fpos, fneg;
  double           lower, upper, e;
  double           contact_k, contact_c;
  double           fs_pos, fs_neg, vs, delta;
  const LzExpr    *fpos_t, *fneg_t, *fs_pos_t, *fs_neg_t;
} LzElementLaw;

typedef struct LzElementTable LzElementTable;
typedef struct LzAssembly LzAssembly;

LzElementTable     *lz_element_table_new      (const LzAssembly    *assembly);
void                lz_element_table_free     (LzElementTable      *self);
guint               lz_element_table_get_n    (const LzElementTable *self);
const LzElementLaw *lz_element_table_get      (const LzElementTable *self,
                                               guint                 element);
const LzElementLaw *lz_element_table_get_laws (const LzElementTable *self);

void                lz_element_law_ground     (const LzElementLaw  *law,
                                               double               t,
                                               double              *g0,
                                               double              *g0d,
                                               double              *g0dd);
double              lz_element_law_g          (const LzElementLaw  *law,
                                               const double        *q,
                                               double               g0);
double              lz_element_law_spring_tension (const LzElementLaw *law,
                                               LzMode               mode,
                                               double               g);
double              lz_element_law_energy     (const LzElementLaw  *law,
                                               double               g);
LzMode              lz_element_law_spring_mode (const LzElementLaw *law,
                                               double               g);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzElementTable, lz_element_table_free)

/**
 * lz_element_law_is_bilateral:
 * @law: an element's law
 *
 * A stop whose lower and upper limits are equal is a rigid coupling: a
 * bilateral constraint g = limit whose force is free in sign — never free,
 * never an impact or a lift-off of its own (docs/mathematics.md, "Rigid
 * couplings").
 *
 * Returns: whether @law is such a stop
 *
 * (Inline: the event-driven method asks it of each stop in its loops.)
 */
static inline gboolean
lz_element_law_is_bilateral (const LzElementLaw *law)
{
  return law->kind == LZ_ITEM_STOP && isfinite (law->lower) && law->lower == law->upper;
}

G_END_DECLS
