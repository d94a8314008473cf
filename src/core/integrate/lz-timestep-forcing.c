/* lz-timestep-forcing.c — time-stepping at the jumps of the forcing
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A force, a ground motion or a friction level written with step() or
 * abs() jumps — its value or a derivative — at instants known before the
 * run (lz-forcing.c).  Time-stepping lands on each of them: the step
 * that would cross a jump ends at it, and the next one goes from it to
 * the grid point k·h the run was heading for, so the grid stays k·h
 * (a product, no drift).  The steps shortened to land are of another
 * length h′: W = M + h′θC + h′²θ²K and the Delassus operator are factored
 * again for them (and for h when the grid resumes) — a jump costs two or
 * three factorizations, no more.  A jump within LZ_TS_TIME_SNAP·h of a
 * grid point is landed on by the grid's own step (W for h: h′ differs
 * from it by that fraction only).
 *
 * The expressions are evaluated on the side of the jump the step is on
 * (the thread's window, lz-jumps.h): the free step of the step that ends
 * at a jump takes the forces before it, the next step the forces after
 * it.  Where a ground under a stop or dry friction jumps, the contact
 * problem of the step that lands sees the grounds' motions after the jump
 * at its end (lz_ts_forcing_past_jump()): a stop in contact whose
 * ground's velocity jumps takes Newton's law there with the ground's new
 * velocity (lz_ts_contact_problem(), row_jumps) — an impact at the jump's
 * instant, as the event-driven method has it — and dry friction on such a
 * ground slips there.  A friction level is taken
 * at a step's θ-point: a jump of it acts in the step from the jump.
 *
 * At a jump the log has an event with cause "forcing" for each force that
 * jumped (its element id the number of elements plus its index among the
 * sources, as the event-driven method writes it) and for each element
 * whose ground or friction level jumped and whose mode the step did not
 * change (a changed mode has its own event).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-jumps.h"
#include "lz-timestep-private.h"

/* What jumped of an element's forcing (bits). */
enum
{
  JUMP_GROUND = 1 << 0,       /* a ground's motion */
  JUMP_LEVEL  = 1 << 1,       /* a friction level */
};

struct LzTsJumps
{
  double   h_grid;      /* the run's step h */
  double   t;           /* the time the state is at, exactly */
  guint64  k;           /* the grid point k·h the run heads for */
  guint    next;        /* the first jump after t */
  guint    first;       /* … and the first of those at the step's end */
  gboolean landed;      /* the step just taken ended at a jump */
  gboolean grounds;     /* … of a ground's motion under a stop or dry friction */
  guint8  *jumped;      /* per element: what of its forcing jumps at the step's end */
  guint8  *started;     /* … at the step's start */
};

/* The run's state at the jumps, for a model whose forcing has some
 * (self->forcing: found at the setup, lz-timestep.c). */
void
lz_ts_forcing_new (LzTimestep *self)
{
  LzTsJumps *jp;

  if (self->forcing == NULL || self->forcing->jumps->len == 0)
    return;
  jp = g_new0 (LzTsJumps, 1);
  jp->h_grid = self->h;
  jp->k = 1;
  jp->jumped = g_new0 (guint8, MAX (self->n_elems, 1));
  jp->started = g_new0 (guint8, MAX (self->n_elems, 1));
  self->jumps = jp;
}

void
lz_ts_forcing_free (LzTimestep *self)
{
  if (self->jumps == NULL)
    return;
  g_free (self->jumps->jumped);
  g_free (self->jumps->started);
  g_clear_pointer (&self->jumps, g_free);
}

/* Sets this thread's window to the interval between the jumps the run is
 * in (nothing for a model whose forcing has none). */
void
lz_ts_forcing_window (const LzTimestep *self)
{
  if (self->jumps != NULL)
    lz_forcing_set_window (self->forcing, self->jumps->next, self->parent.scales.time);
}

/* W for the step H and the Delassus operator again; the impulses' boxes
 * and the warm start, proportional to h, scaled with it. */
static gboolean
refactor (LzTimestep *self,
          double      h,
          GError    **error)
{
  double ratio = h / self->h;
  int failed_row = -1;

  lz_ts_fill_w (self, h);
  for (guint j = 0; j < self->n_vars; j++)
    {
      self->vars[j].lo *= ratio;
      self->vars[j].hi *= ratio;
      self->z_prev[j] *= ratio;
    }
  self->h = h;
  if (self->n > 0 && !lz_ts_band_factor (self, &failed_row))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                   _("the iteration matrix M + hθC + h²θ²K of the step of %g s that lands on a "
                     "jump of the forcing is singular at body “%s”"),
                   h, lz_assembly_get_dof_name (self->parent.assembly, (guint) failed_row));
      return FALSE;
    }
  lz_ts_gs_refresh (self);
  return lz_ts_delassus_rebuild (self, error);
}

/**
 * lz_ts_forcing_begin:
 * @self: the run
 * @t: (out): the time of the step's start
 * @t1: (out): the time of its end
 * @error: return location for an error
 *
 * The next step: from the state's time to the grid point k·h, or to the
 * next jump of the forcing before it (W factored for that step).  Without
 * jumps, from k·h to (k + 1)·h with k the steps taken.
 *
 * Returns: FALSE with @error set if W cannot be factored for the step
 */
gboolean
lz_ts_forcing_begin (LzTimestep *self,
                     double     *t,
                     double     *t1,
                     GError    **error)
{
  LzTsJumps *jp = self->jumps;
  double grid, snap, h;

  if (jp == NULL)
    {
      *t = (double) self->parent.stats.steps * self->h;
      *t1 = (double) (self->parent.stats.steps + 1) * self->h;
      return TRUE;
    }
  grid = (double) jp->k * jp->h_grid;
  snap = LZ_TS_TIME_SNAP * jp->h_grid;
  *t = jp->t;
  *t1 = grid;
  jp->landed = FALSE;
  if (jp->next < self->forcing->jumps->len && lz_forcing_time (self->forcing, jp->next) < grid + snap)
    {
      *t1 = lz_forcing_time (self->forcing, jp->next);
      jp->landed = TRUE;
    }
  if (*t1 >= grid - snap)
    jp->k++;                          /* on the grid point (or within snap of it) */
  h = *t1 >= grid - snap && fabs ((*t1 - *t) - jp->h_grid) <= snap ? jp->h_grid : *t1 - *t;
  if (h != self->h && !refactor (self, h, error))
    return FALSE;
  memcpy (jp->started, jp->jumped, self->n_elems);
  memset (jp->jumped, 0, self->n_elems);
  jp->grounds = FALSE;
  jp->first = jp->next;
  if (jp->landed)
    while (jp->next < self->forcing->jumps->len && lz_forcing_time (self->forcing, jp->next) <= *t1)
      {
        const LzForcingJump *jump = &g_array_index (self->forcing->jumps, LzForcingJump, jp->next);

        if (jump->who < self->n_elems)
          jp->jumped[jump->who] |= jump->level ? JUMP_LEVEL : JUMP_GROUND;
        jp->grounds = jp->grounds || (jump->who < self->n_elems && !jump->level
                                      && (self->elems[jump->who].law->kind == LZ_ITEM_STOP
                                          || self->elems[jump->who].law->kind == LZ_ITEM_FRICTION));
        jp->next++;
      }
  jp->t = *t1;
  return TRUE;
}

/**
 * lz_ts_forcing_past_jump:
 * @self: the run
 *
 * After the free step of a step that lands on a jump of the motion of a
 * ground under a stop or dry friction (its forces up to the jump): the
 * rest of the step — the contact problem, the state at its end — sees the
 * grounds' motions after the jump at its end, so that
 * a stop in contact whose ground's velocity jumps takes Newton's impact
 * law there (lz_ts_contact_problem(), row_jumps) and a friction sees its
 * ground's new velocity.
 */
void
lz_ts_forcing_past_jump (const LzTimestep *self)
{
  /* (the run's time is the jump: the window from it; a force's jump alone
   * keeps the free step's side, for the work of the sources, and so does
   * a ground's under a damped contact, a damper or a spring, whose force
   * takes its velocity's jump in the step from it) */
  if (self->jumps != NULL && self->jumps->landed && self->jumps->grounds)
    lz_forcing_set_window (self->forcing, self->jumps->next, self->parent.scales.time);
}

/**
 * lz_ts_forcing_log:
 * @self: the run
 * @t1: the end of the step just taken
 * @tl: its label in the trace
 * @trace: the trace
 *
 * At a jump the step landed on: an event with cause "forcing" for each
 * force that jumped there and each element whose forcing jumped and
 * whose mode the step left as it was (new_modes has the modes at @t1).
 *
 * Returns: whether it logged any
 */
gboolean
lz_ts_forcing_log (LzTimestep *self,
                   double      t1,
                   double      tl,
                   LzTrace    *trace)
{
  LzTsJumps *jp = self->jumps;
  guint logged = 0;

  if (jp == NULL || !jp->landed || tl > self->parent.t_end)
    return FALSE;
  for (guint e = 0; e < self->n_elems; e++)
    if (jp->jumped[e] && self->new_modes[e] == self->modes[e]
        && !(lz_ts_forcing_flags (self, e) & LZ_SWITCH_IMPACT))
      {
        LzEvent ev = { tl, e, self->modes[e], self->modes[e], LZ_CAUSE_FORCING };

        lz_trace_append_event (trace, &ev);
        logged++;
      }
  /* the forces, in the order of the jumps (sorted by instant, then index) */
  for (guint i = jp->first; i < jp->next; i++)
    {
      const LzForcingJump *jump = &g_array_index (self->forcing->jumps, LzForcingJump, i);

      if (jump->who >= self->n_elems)
        {
          LzEvent ev = { tl, jump->who, LZ_MODE_NONE, LZ_MODE_NONE, LZ_CAUSE_FORCING };

          lz_trace_append_event (trace, &ev);
          logged++;
        }
    }
  self->parent.stats.events += logged;
  return logged > 0;
}

/**
 * lz_ts_forcing_flags:
 * @self: the run
 * @e: an element
 *
 * What a jump of element @e's forcing tells of its switch in the step
 * just taken (modes: the modes at its start): a friction level that
 * jumped at its start moved it (%LZ_SWITCH_LEVEL, for a breakaway: the
 * level is taken at the step's θ-point), a stop in contact whose
 * ground's velocity jumped at its end and whose impulse pushed against
 * the approach took an impact there (%LZ_SWITCH_IMPACT).
 *
 * Returns: the flags (0 without a jump)
 */
LzSwitchFlags
lz_ts_forcing_flags (const LzTimestep *self,
                     guint             e)
{
  const LzTsJumps *jp = self->jumps;
  const Elem *el = &self->elems[e];
  const LzElementLaw *law = el->law;
  double u_tol = LZ_TS_VELOCITY_TOL * el->u_unit;
  double z_tol = LZ_TS_IMPULSE_TOL * el->z_unit * self->h;
  guint r;
  double u;

  if (jp == NULL || law->row < 0)
    return 0;
  if (law->kind == LZ_ITEM_FRICTION)
    return (jp->started[e] & JUMP_LEVEL) && self->modes[e] == LZ_MODE_STICK ? LZ_SWITCH_LEVEL : 0;
  if (!(jp->jumped[e] & JUMP_GROUND) || law->kind != LZ_ITEM_STOP || self->modes[e] != LZ_MODE_CONTACT
      || el->massless != 0)
    return 0;
  /* the approach with the ground's velocity after the jump */
  r = (guint) law->row;
  u = self->u_start[r] + self->g0dot_end[r] - self->g0dot_start[r];
  for (guint j = el->first_var; j < el->first_var + el->n_vars; j++)
    if (self->z[j] > z_tol && (self->vars[j].kind == VAR_STOP_LOWER ? u < -u_tol : u > u_tol))
      return LZ_SWITCH_IMPACT;
  return 0;
}
