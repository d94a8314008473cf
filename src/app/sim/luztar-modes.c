/* luztar-modes.c — colours and words for element modes and event causes
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-modes.h"

/* One hue per family, light and dark variants (GNOME palette): friction
 * stick is green and its two slip directions are orange and magenta (the
 * damper has purple); a stop in contact is red; freeplay engaged is blue
 * on either side, darker for −; the idle modes are grey. */
static const double light[LZ_MODE_N_MODES][3] = {
  [LZ_MODE_NONE]        = { 0.60, 0.60, 0.58 },
  [LZ_MODE_STICK]       = { 0.18, 0.60, 0.27 },
  [LZ_MODE_SLIP_POS]    = { 0.90, 0.38, 0.00 },
  [LZ_MODE_SLIP_NEG]    = { 0.80, 0.18, 0.60 },
  [LZ_MODE_FREE]        = { 0.60, 0.60, 0.58 },
  [LZ_MODE_CONTACT]     = { 0.88, 0.11, 0.14 },
  [LZ_MODE_GAP]         = { 0.60, 0.60, 0.58 },
  [LZ_MODE_ENGAGED_POS] = { 0.11, 0.44, 0.85 },
  [LZ_MODE_ENGAGED_NEG] = { 0.00, 0.28, 0.60 },
};

static const double dark[LZ_MODE_N_MODES][3] = {
  [LZ_MODE_NONE]        = { 0.55, 0.55, 0.55 },
  [LZ_MODE_STICK]       = { 0.34, 0.89, 0.54 },
  [LZ_MODE_SLIP_POS]    = { 1.00, 0.64, 0.28 },
  [LZ_MODE_SLIP_NEG]    = { 0.96, 0.47, 0.78 },
  [LZ_MODE_FREE]        = { 0.55, 0.55, 0.55 },
  [LZ_MODE_CONTACT]     = { 1.00, 0.48, 0.39 },
  [LZ_MODE_GAP]         = { 0.55, 0.55, 0.55 },
  [LZ_MODE_ENGAGED_POS] = { 0.47, 0.68, 0.98 },
  [LZ_MODE_ENGAGED_NEG] = { 0.30, 0.52, 0.90 },
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
  const double (*table)[3] = dark_style ? dark : light;

  if (mode >= LZ_MODE_N_MODES)
    mode = LZ_MODE_NONE;
  rgb[0] = table[mode][0];
  rgb[1] = table[mode][1];
  rgb[2] = table[mode][2];
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
