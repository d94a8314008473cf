/* lz-event-forcing.c — the event-driven method at the jumps of the forcing
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A force or a ground motion written with step() or abs() jumps — its
 * value or a derivative — at instants known before the run
 * (lz-forcing.c).  The smooth integration never steps over one: each
 * step ends at the next jump at the latest (lz_event_forcing_next()), and
 * the expressions are evaluated on the side of the jump the integration
 * is on (the thread's window, lz-jumps.h: a step that ends at the jump
 * sees the forcing before it, the one that starts there the forcing
 * after it).  At the jump the driver makes an event like any other
 * (lz-event.c, event_at()): the forcings that jump are marked
 * (lz_event_forcing_cross()), lz_event_handle_event() resolves what the
 * jump does — a stop in contact with a ground whose velocity jumps
 * towards the body takes an impact by Newton's law with its restitution,
 * the new modes come from the selection at the new forcing — and the
 * integration restarts.  The log has one event per forcing that jumped
 * (cause "forcing"), unless the element's mode changed or it took an
 * impact there (then that cause); a force's event names the force.
 */

#include "config.h"

#include <math.h>

#include "lz-event-private.h"
#include "lz-forcing.h"
#include "lz-jumps.h"

/* The jumps of the run's forcing, or the refusal of what the method
 * cannot take (lz_forcing_new()). */
gboolean
lz_event_forcing_setup (LzEventIntegrator *self,
                        GError           **error)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);

  lz_jumps_set_time_unit (self->parent.scales.time);
  self->fo.forcing = lz_forcing_new (self->parent.assembly, self->parent.options.t_end, error);
  if (self->fo.forcing == NULL)
    return FALSE;
  self->fo.n_sources = lz_model_get_n_sources (model);
  self->fo.source_jumped = g_new0 (gboolean, MAX (self->fo.n_sources, 1));
  return TRUE;
}

void
lz_event_forcing_free (LzEventForcing *fo)
{
  g_clear_pointer (&fo->forcing, lz_forcing_free);
  g_clear_pointer (&fo->source_jumped, g_free);
}

/* Returns: the next jump of the forcing after the current side (+∞ for
 * none): the smooth integration stops there. */
double
lz_event_forcing_next (const LzEventIntegrator *self)
{
  const LzEventForcing *fo = &self->fo;

  return fo->forcing != NULL && fo->next < fo->forcing->jumps->len ? lz_forcing_time (fo->forcing, fo->next)
                                                                    : INFINITY;
}

/* Sets this thread's window to the interval between the jumps the run is
 * in (nothing for a model whose forcing has none: its evaluations stay
 * as they were). */
void
lz_event_forcing_window (const LzEventIntegrator *self)
{
  lz_forcing_set_window (self->fo.forcing, self->fo.next, self->parent.scales.time);
}

/* The run is at T, the next jump: marks every forcing that jumps there
 * for the log of the instant (lz_event_instant_begin() has begun it) and
 * moves the window past it.  Returns whether one jumped. */
gboolean
lz_event_forcing_cross (LzEventIntegrator *self,
                        double             t)
{
  LzEventForcing *fo = &self->fo;
  gboolean crossed = FALSE;

  while (fo->forcing != NULL && fo->next < fo->forcing->jumps->len
         && lz_forcing_time (fo->forcing, fo->next) <= t)
    {
      const LzForcingJump *jump = &g_array_index (fo->forcing->jumps, LzForcingJump, fo->next);
      guint who = jump->who;

      /* (a friction level that jumped moves what breaks away there) */
      if (who < self->nm)
        self->md.inst_flags[who] |= LZ_SWITCH_FORCING | (jump->level ? LZ_SWITCH_LEVEL : 0);
      else if (who - self->nm < fo->n_sources)
        fo->source_jumped[who - self->nm] = TRUE;
      fo->next++;
      crossed = TRUE;
    }
  if (crossed)
    lz_event_forcing_window (self);
  return crossed;
}

/* The forces that jumped at the instant being logged: one event each
 * (mode none, cause forcing).  Returns how many. */
guint
lz_event_forcing_flush (LzEventIntegrator *self,
                        LzTrace           *trace)
{
  LzEventForcing *fo = &self->fo;
  guint logged = 0;

  for (guint s = 0; s < fo->n_sources; s++)
    if (fo->source_jumped[s])
      {
        LzEvent ev = { self->md.inst_t, self->nm + s, LZ_MODE_NONE, LZ_MODE_NONE, LZ_CAUSE_FORCING };

        lz_trace_append_event (trace, &ev);
        fo->source_jumped[s] = FALSE;
        logged++;
      }
  return logged;
}
