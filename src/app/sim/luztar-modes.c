/* luztar-modes.c — colours and words for element modes and event causes
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "luztar-modes.h"

/* A palette that people with any of the three colour-vision deficiencies
 * can read (issue 21): the hues of Okabe and Ito's "Color Universal
 * Design" (2008) and, for engaged −, Tol's indigo.  No two modes share a
 * hue; the modes of one element (stick/slip+/slip−, free/contact,
 * gap/engaged+/engaged−) stay apart under simulated protanopia,
 * deuteranopia and tritanopia (tests/app/test-modes.c); the canvas also
 * writes the mode's name beside the element, so colour is never the only
 * sign.  Friction: stick bluish green, slip+ orange, slip− reddish
 * purple; stop: free grey, contact vermillion; freeplay: gap yellow,
 * engaged+ blue, engaged− indigo; damped contact: pressed− sky blue,
 * pressed+ red (apart from contact's vermillion by 17° of hue, and from
 * each other and free's grey for every deficiency).  "None" is a smooth element's
 * neutral grey.  The dark variants are lighter where the light ones would
 * vanish on a dark background.  Per mode: on a light background, on a
 * dark one. */
static const double colors[LZ_MODE_N_MODES][2][3] = {
  [LZ_MODE_NONE]          = { { 0.600, 0.600, 0.580 }, { 0.549, 0.549, 0.549 } },   /* #999994 #8C8C8C */
  [LZ_MODE_STICK]         = { { 0.000, 0.620, 0.451 }, { 0.180, 0.769, 0.584 } },   /* #009E73 #2EC495 */
  [LZ_MODE_SLIP_POS]      = { { 0.902, 0.624, 0.000 }, { 0.902, 0.624, 0.000 } },   /* #E69F00 #E69F00 */
  [LZ_MODE_SLIP_NEG]      = { { 0.800, 0.475, 0.655 }, { 0.800, 0.475, 0.655 } },   /* #CC79A7 #CC79A7 */
  [LZ_MODE_FREE]          = { { 0.431, 0.431, 0.431 }, { 0.659, 0.659, 0.659 } },   /* #6E6E6E #A8A8A8 */
  [LZ_MODE_CONTACT]       = { { 0.835, 0.369, 0.000 }, { 0.941, 0.478, 0.180 } },   /* #D55E00 #F07A2E */
  [LZ_MODE_GAP]           = { { 0.788, 0.722, 0.000 }, { 0.941, 0.894, 0.259 } },   /* #C9B800 #F0E442 */
  [LZ_MODE_ENGAGED_POS]   = { { 0.000, 0.447, 0.698 }, { 0.337, 0.706, 0.914 } },   /* #0072B2 #56B4E9 */
  [LZ_MODE_ENGAGED_NEG]   = { { 0.200, 0.133, 0.533 }, { 0.569, 0.518, 0.910 } },   /* #332288 #9184E8 */
  [LZ_MODE_PRESSED_LOWER] = { { 0.000, 0.725, 0.900 }, { 0.300, 0.900, 0.950 } },   /* #00B9E6 #4DE6F2 */
  [LZ_MODE_PRESSED_UPPER] = { { 0.950, 0.000, 0.025 }, { 1.000, 0.500, 0.400 } },   /* #F20006 #FF8066 */
};

/**
 * luztar_mode_get_color:
 * @mode: a mode
 * @dark: for a dark background
 * @rgb: (out caller-allocates): red, green, blue in [0, 1]
 *
 * The colour of @mode on the canvas, in the plots and in the event log.
 */
void
luztar_mode_get_color (LzMode   mode,
                       gboolean dark_style,
                       double   rgb[3])
{
  if (mode >= LZ_MODE_N_MODES)
    mode = LZ_MODE_NONE;
  memcpy (rgb, colors[mode][dark_style ? 1 : 0], 3 * sizeof (double));
}

/**
 * luztar_modes_of_element:
 * @el: an element of a model
 * @modes: (out caller-allocates): its modes
 *
 * Returns: how many modes @el can take, 0 for a smooth element
 */
guint
luztar_modes_of_element (const LzElement *el,
                         LzMode           modes[LUZTAR_MAX_ELEMENT_MODES])
{
  LzItemKind kind = el->item.kind;

  if (kind == LZ_ITEM_FRICTION)
    {
      modes[0] = LZ_MODE_STICK, modes[1] = LZ_MODE_SLIP_POS, modes[2] = LZ_MODE_SLIP_NEG;
      return 3;
    }
  if (kind == LZ_ITEM_STOP)
    {
      modes[0] = LZ_MODE_FREE, modes[1] = LZ_MODE_CONTACT;
      return 2;
    }
  if (kind == LZ_ITEM_CONTACT || kind == LZ_ITEM_BACKLASH)
    {
      modes[0] = LZ_MODE_FREE, modes[1] = LZ_MODE_PRESSED_LOWER, modes[2] = LZ_MODE_PRESSED_UPPER;
      return 3;
    }
  if ((kind == LZ_ITEM_SPRING && el->spring.freeplay > 0)
      || (kind == LZ_ITEM_GEAR && el->gear.freeplay > 0))
    {
      modes[0] = LZ_MODE_GAP, modes[1] = LZ_MODE_ENGAGED_POS, modes[2] = LZ_MODE_ENGAGED_NEG;
      return 3;
    }
  /* a damper, a spring or gear without freeplay: smooth */
  return 0;
}

/**
 * luztar_mode_get_label:
 * @mode: a mode
 *
 * Returns: the short translated name of @mode
 */
const char *
luztar_mode_get_label (LzMode mode)
{
  switch (mode)
    {
    /* Translators: the mode of a friction element: not sliding */
    case LZ_MODE_STICK: return C_("mode", "stick");
    /* Translators: friction sliding in the positive direction */
    case LZ_MODE_SLIP_POS: return C_("mode", "slip +");
    /* Translators: friction sliding in the negative direction */
    case LZ_MODE_SLIP_NEG: return C_("mode", "slip −");
    /* Translators: a stop that does not touch */
    case LZ_MODE_FREE: return C_("mode", "free");
    /* Translators: a stop that touches and pushes */
    case LZ_MODE_CONTACT: return C_("mode", "contact");
    /* Translators: a spring or gear inside its freeplay, no force */
    case LZ_MODE_GAP: return C_("mode", "gap");
    /* Translators: a freeplay spring engaged on its positive side */
    case LZ_MODE_ENGAGED_POS: return C_("mode", "engaged +");
    /* Translators: a freeplay spring engaged on its negative side */
    case LZ_MODE_ENGAGED_NEG: return C_("mode", "engaged −");
    /* Translators: a damped contact pressed below its lower limit */
    case LZ_MODE_PRESSED_LOWER: return C_("mode", "pressed −");
    /* Translators: a damped contact pressed above its upper limit */
    case LZ_MODE_PRESSED_UPPER: return C_("mode", "pressed +");
    case LZ_MODE_NONE:
    case LZ_MODE_N_MODES:
    default:
      /* Translators: the mode of a smooth element (it has only one) */
      return C_("mode", "smooth");
    }
}

/**
 * luztar_cause_get_label:
 * @cause: why an element changed mode
 *
 * Returns: the translated cause, e.g. "impact"
 */
const char *
luztar_cause_get_label (LzEventCause cause)
{
  switch (cause)
    {
    case LZ_CAUSE_INITIAL: return _("initial mode");
    case LZ_CAUSE_VELOCITY_ZERO: return _("slip velocity reached zero");
    case LZ_CAUSE_FORCE_LIMIT: return _("force reached the friction level");
    case LZ_CAUSE_LIFT_OFF: return _("contact force reached zero");
    case LZ_CAUSE_IMPACT: return _("impact");
    case LZ_CAUSE_BOUNDARY: return _("freeplay boundary crossed");
    case LZ_CAUSE_ZENO: return _("impacts accumulated into contact");
    case LZ_CAUSE_MASSLESS_CONTACT: return _("massless body reached the stop (no impact)");
    case LZ_CAUSE_FORCING: return _("the forcing jumped");
    case LZ_CAUSE_TOUCH: return _("damped contact closed");
    case LZ_CAUSE_LEVEL_CHANGE: return _("the friction level moved past the force");
    case LZ_CAUSE_N_CAUSES:
    default:
      return "?";
    }
}

/**
 * luztar_event_describe:
 * @event: an event of a trace
 * @element_id: the id of its element
 *
 * Returns: (transfer full): "t = 1.2346 s  f1: stick → slip + (force
 *   reached the friction level)"
 */
char *
luztar_event_describe (const LzEvent *event,
                       const char    *element_id)
{
  /* Translators: an event of a run: time, element, old mode → new mode, cause */
  return g_strdup_printf (_("t = %.6g s  %s: %s → %s (%s)"), event->t, element_id,
                          luztar_mode_get_label (event->from), luztar_mode_get_label (event->to),
                          luztar_cause_get_label (event->cause));
}

/**
 * luztar_element_is_nonsmooth:
 * @el: an element of a model
 *
 * Returns: whether @el takes modes in a run (luztar_modes_of_element()
 *   gives them)
 */
gboolean
luztar_element_is_nonsmooth (const LzElement *el)
{
  LzMode modes[LUZTAR_MAX_ELEMENT_MODES];

  return luztar_modes_of_element (el, modes) > 0;
}
