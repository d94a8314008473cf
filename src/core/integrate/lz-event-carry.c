/* lz-event-carry.c — the active set carried through an event: the frozen bodies left out of it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where every frozen body of the active set (lz-event-active.c) is at
 * rest to the bit (v = +0, q not −0) and held by one constraint of the
 * mode — a stuck friction, or a stop in contact exactly on its limit
 * (lz_event_carry_sleep_check()) — an event need not look at them at all:
 * the impacts and the selection run over the other elements (the frozen
 * ones keep their modes, lz_event_active_keep_frozen(); an impulse, or an
 * open stop on a frozen body at its limit, wakes every body), the
 * projection over the other rows (a frozen row's correction would add ±0
 * to exact values), and the set is carried into the new mode
 * (lz_event_active_rearm()) with no full evaluation: the bodies near the
 * elements that switched are classified again, a body that stays frozen
 * keeps its ẏ, λ row and guards while no integrated neighbour of it has
 * moved, and only the others are evaluated (refresh()).  So are modes left
 * at once.  The run is the one armed from a full evaluation at every mode,
 * to the bit (LUZTAR_EVENT_ACTIVE=full keeps that; the test
 * cli-event-active compares the two).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-model-private.h"

static guint classify_near (LzEventIntegrator *self,
                            const LzMode      *before);
static void fresh_bodies (LzEventIntegrator *self,
                          const double      *y);

/* The elements on each body (el_start, el_on: CSR, in the elements'
 * order), for the re-arm's classification near a change */
static void
elements_by_body (LzEventIntegrator *self)
{
  LzEventActive *ac = &self->sm.act;
  g_autofree guint *fill = NULL;

  ac->el_start = g_new0 (guint, self->n + 1);
  ac->el_on = g_new (guint, 2 * MAX (self->ne, 1));
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint e = 0; e < self->ne; e++)
        for (int p = 0; p < 2; p++)
          {
            int i = p == 0 ? self->el[e].law.a : self->el[e].law.b;

            if (i < 0 || (p == 1 && i == self->el[e].law.a))
              continue;
            if (pass == 0)
              ac->el_start[i + 1]++;
            else
              ac->el_on[fill[i]++] = e;
          }
      if (pass == 0)
        {
          for (guint i = 0; i < self->n; i++)
            ac->el_start[i + 1] += ac->el_start[i];
          fill = g_memdup2 (ac->el_start, (self->n + 1) * sizeof (guint));
        }
    }
}

/* The carry's arrays, and what a re-arm reads about the model: the
 * elements on each body, which bodies may freeze at all (no force on
 * them, a mass) */
void
lz_event_carry_setup (LzEventIntegrator *self)
{
  LzEventActive *ac = &self->sm.act;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint n = MAX (self->n, 1), ne = MAX (self->ne, 1);

  ac->sleep_free = g_new (guint, ne);
  ac->lam_elem = g_new0 (double, ne);
  ac->bound = g_new (guint, n);
  ac->bound_mark = g_new0 (guint, n);
  ac->ref_q = g_new0 (double, n);
  ac->ref_v = g_new0 (double, n);
  ac->was = g_new0 (guint, n);
  ac->fresh = g_new (guint, n);
  ac->is_fresh = g_new0 (guint8, n);
  ac->near = g_new (guint, n);
  ac->near_mark = g_new0 (guint, n);
  ac->can_freeze = g_new0 (guint8, n);
  elements_by_body (self);
  for (guint i = 0; i < self->n; i++)
    ac->can_freeze[i] = !ac->is_forced[i] && self->sm.mass[i] > 0;
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    if (self->sm.src_body[s] >= 0)
      ac->can_freeze[self->sm.src_body[s]] = FALSE;
}

void
lz_event_carry_free (LzEventActive *ac)
{
  /* (for the tests: G_MESSAGES_DEBUG=all) */
  if (ac->carried > 0)
    g_debug ("active set: carried into %" G_GUINT64_FORMAT " new modes, %" G_GUINT64_FORMAT
             " frozen bodies computed again", ac->carried, ac->refreshed);
  g_clear_pointer (&ac->sleep_free, g_free);
  g_clear_pointer (&ac->lam_elem, g_free);
  g_clear_pointer (&ac->bound, g_free);
  g_clear_pointer (&ac->bound_mark, g_free);
  g_clear_pointer (&ac->ref_q, g_free);
  g_clear_pointer (&ac->ref_v, g_free);
  g_clear_pointer (&ac->was, g_free);
  g_clear_pointer (&ac->fresh, g_free);
  g_clear_pointer (&ac->is_fresh, g_free);
  g_clear_pointer (&ac->near, g_free);
  g_clear_pointer (&ac->near_mark, g_free);
  g_clear_pointer (&ac->can_freeze, g_free);
  g_clear_pointer (&ac->el_start, g_free);
  g_clear_pointer (&ac->el_on, g_free);
}

/* An event is reached (lz-event.c's event_at()): where the set was on up
 * to it, its frozen bodies and their neighbours are as it was armed with,
 * and the selection may keep their constraints
 * (lz_event_active_keep_frozen()); where they are also at rest to the bit
 * (sleep_ok) the event leaves them out altogether, else every body. */
void
lz_event_active_event (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;
  gboolean on = ac->on;

  if (on && ac->sleep_ok)
    {
      /* the frozen bodies at rest to the bit, each held by one constraint
       * (lz_event_carry_sleep_check()): the impacts, the selection and its evaluation
       * leave them out, as long as nothing reaches them
       * (lz_event_active_wake()) — the set stays on until the new mode */
      ac->sleeping = ac->at_event = TRUE;
      return;
    }
  lz_event_active_disarm (sm);
  ac->at_event = on;
}

/* The modes of an instant are left at once (lz_event_at_once_modes()):
 * where the frozen bodies are at rest to the bit, each on one constraint
 * (sleep_ok), their elements' guards — constant, positive — keep their
 * modes, and the set is carried into the new ones (carry,
 * lz_event_active_rearm()); otherwise every body */
void
lz_event_active_at_once (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;

  if (ac->on && ac->sleep_ok)
    {
      ac->carry = TRUE;
      return;
    }
  lz_event_active_disarm (sm);
}

/* An event handled with the frozen bodies left out reaches them (an
 * impact, an open stop on one at its limit): every body from here on, as
 * lz_event_active_event() without sleep_ok */
void
lz_event_active_wake (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;

  if (!ac->sleeping)
    return;
  lz_event_active_disarm (sm);
  ac->at_event = TRUE;
}

/* Whether no open stop on a frozen body is a candidate of the selection
 * at Y (candidates()'s test, with its tolerances POS_TOL and V_TOL) */
gboolean
lz_event_active_sleep_free_clear (LzEventIntegrator *self,
                                  const double      *y,
                                  double             pos_tol,
                                  double             v_tol)
{
  const LzEventActive *ac = &self->sm.act;

  for (guint k = 0; k < ac->nsleep_free; k++)
    {
      const Elem *el = &self->el[ac->sleep_free[k]];
      double g = lz_event_wdot (el, y) + self->sm.g0[ac->sleep_free[k]];
      double gd = lz_event_wdot (el, y + self->n) + self->sm.g0d[ac->sleep_free[k]];
      double p_tol = lz_event_tol_of (self, el, pos_tol), u_tol = lz_event_tol_of (self, el, v_tol);

      if (lz_event_stop_at_limit (el, g, gd, p_tol, u_tol) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Whether element EL acts on a body refresh() computes */
static gboolean
on_fresh (const LzEventActive *ac,
          const Elem          *el)
{
  return (el->law.a >= 0 && ac->is_fresh[el->law.a]) || (el->law.b >= 0 && ac->is_fresh[el->law.b]);
}

/* Whether an event may leave the frozen bodies out, at Y where the set is
 * armed: each frozen body at rest to the bit (v = +0, q not −0) and held
 * by exactly one constraint of the mode among its elements — a stuck
 * friction, or a stop in contact on its limit to the bit (not an upper
 * one with a lower limit too).  The selection then keeps that mode
 * (keeps_mode(): the frozen body's only candidate) unless an open stop on
 * it reaches its limit (listed in sleep_free for the event to check), and
 * a projection adds ±0 to its q and v.  Sets sleep_free and sleep_cand. */
gboolean
lz_event_carry_sleep_check (LzEventIntegrator *self,
                            const double      *y)
{
  LzEventActive *ac = &self->sm.act;
  guint n = self->n;

  ac->nsleep_free = ac->sleep_cand = 0;
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == LZ_ACTIVE_FROZEN && (y[n + i] != 0 || signbit (y[n + i]) || (y[i] == 0 && signbit (y[i]))))
      return FALSE;
  ac->cand_epoch++;
  for (guint e = 0; e < self->ne; e++)
    {
      const Elem *el = &self->el[e];
      int body = el->law.a >= 0 ? el->law.a : el->law.b;
      gboolean held = FALSE;

      if (ac->touches[e] || body < 0)
        continue;
      if (el->law.kind == LZ_ITEM_FRICTION)
        held = self->mode[e] == LZ_MODE_STICK;
      else if (el->law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT)
        {
          if (lz_event_wdot (el, y) + self->sm.g0[e] != (el->contact_upper ? el->law.upper : el->law.lower)
              || (el->contact_upper && isfinite (el->law.lower)))
            return FALSE;
          held = TRUE;
        }
      else if (el->law.kind == LZ_ITEM_STOP && (isfinite (el->law.lower) || isfinite (el->law.upper)))
        ac->sleep_free[ac->nsleep_free++] = e;
      if (!held)
        continue;
      if (ac->cand_mark[body] != ac->cand_epoch)
        {
          ac->cand_mark[body] = ac->cand_epoch;
          ac->cand_count[body] = 0;
        }
      ac->cand_count[body]++;
      ac->sleep_cand++;
    }
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == LZ_ACTIVE_FROZEN && (ac->cand_mark[i] != ac->cand_epoch || ac->cand_count[i] != 1))
      return FALSE;
  return TRUE;
}

/* Whether the velocity scales the guards are measured in (the largest
 * velocities seen, lz_event_units_seen()) are those the frozen guards were
 * computed with; with SET, notes them */
gboolean
lz_event_carry_stamp_units (LzEventIntegrator *self,
                            gboolean           set)
{
  LzEventActive *ac = &self->sm.act;
  gboolean same = ac->v_stamp[0] == self->v_scale;

  for (guint k = 0; k < LZ_BODY_N_KINDS; k++)
    same = same && ac->v_stamp[k + 1] == self->v_kind[k];
  if (set)
    {
      ac->v_stamp[0] = self->v_scale;
      memcpy (ac->v_stamp + 1, self->v_kind, sizeof self->v_kind);
    }
  return same;
}

/* The integrated bodies next to frozen ones, their q and v at Y: the
 * frozen ones' λ, ẏ and guards hold while these do not move */
void
lz_event_carry_bound_mark (LzEventIntegrator *self,
                           const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nbound = 0;
  ac->bound_epoch++;
  for (guint i = 0; i < n; i++)
    {
      if (ac->state[i] != LZ_ACTIVE_FROZEN)
        continue;
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        {
          guint j = sm->kc_col[c];

          if (ac->state[j] == LZ_ACTIVE_FROZEN || ac->bound_mark[j] == ac->bound_epoch)
            continue;
          ac->bound_mark[j] = ac->bound_epoch;
          ac->bound[ac->nbound++] = j;
          ac->ref_q[j] = y[j];
          ac->ref_v[j] = y[n + j];
        }
    }
}

/* Whether two doubles are the same to the bit */
static gboolean
same_bits (double a,
           double b)
{
  return memcmp (&a, &b, sizeof a) == 0;
}

/* The data of the NFRESH frozen bodies in FRESH at (T, Y) — their
 * accelerations (ẏ), their constraints' λ rows and their elements'
 * smallest guards — by an evaluation over them alone: per body the same
 * arithmetic as over every body (its K and C row, the tensions on it in
 * the elements' order, its row of the diagonal G) */
static void
refresh (LzEventIntegrator *self,
         double             t,
         const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nbody = ac->nforced = ac->ncon = 0;
  for (guint k = 0; k < ac->nfresh; k++)
    {
      ac->is_fresh[ac->fresh[k]] = TRUE;
      ac->body[ac->nbody++] = ac->fresh[k];
    }
  for (guint c = 0; c < sm->nc; c++)
    if (on_fresh (ac, &self->el[sm->con[c]]))
      ac->con[ac->ncon++] = c;
  ac->ntense = 0;
  for (guint k = 0; k < ac->full_ntense; k++)
    if (on_fresh (ac, &self->el[ac->full_tense[k]]))
      ac->tense[ac->ntense++] = ac->full_tense[k];
  ac->npowered = ac->nguarded = 0;
  lz_event_active_use_lists (sm, FALSE);
  ac->on = TRUE;
  lz_event_accelerations (self, t, y, y + n, self->dydt + n);
  ac->on = FALSE;
  for (guint k = 0; k < ac->nfresh; k++)
    self->dydt[ac->fresh[k]] = y[n + ac->fresh[k]];
  for (guint c = 0; c < sm->nc; c++)
    if (on_fresh (ac, &self->el[sm->con[c]]))
      ac->lam_elem[sm->con[c]] = gsl_vector_get (sm->lambda, c);
  for (guint j = 0; j < ac->full_nguarded; j++)
    {
      guint e = ac->full_guarded[j], at;

      if (ac->touches[e] || !on_fresh (ac, &self->el[e]))
        continue;
      ac->g_elem[e] = lz_event_least_guard (self, e, y, &at);
      ac->i_elem[e] = (guint8) at;
    }
  for (guint k = 0; k < ac->nfresh; k++)
    ac->is_fresh[ac->fresh[k]] = FALSE;
}

/* At the end of an event that left the frozen bodies out (carry: its
 * selection kept their modes, nothing reached them), in its new mode at
 * (T, Y): the set armed again with no full evaluation.  The bodies to
 * freeze are classified as at any arm; one that was frozen before keeps
 * its data (ẏ, the λ of its constraint, its elements' guards) when no
 * neighbour of it that was integrated has moved since they were computed
 * (its q and v the same to the bit: the frozen ones have not), for then
 * what they are computed from is the same; the others — newly frozen, or
 * next to a body that moved — are computed by refresh().  Then the
 * integrated bodies next to frozen ones are noted with their q and v
 * (lz_event_carry_bound_mark()), which keeps that true at the next re-arm.  At most
 * ACTIVE_REARM_MAX events in a row, and not when no body is frozen: the
 * next step's start arms the set from a full evaluation — and when the
 * velocity scales the guards are measured in have grown since it did
 * (lz_event_carry_stamp_units()). */
#define ACTIVE_REARM_MAX 32

void
lz_event_active_rearm (LzEventIntegrator *self,
                       double             t,
                       const double      *y,
                       const LzMode      *before)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n, epoch = ac->epoch, changed;
  gboolean rows = ac->rows_epoch == epoch, energies = ac->energy_epoch == epoch;

  ac->carry = FALSE;
  if (ac->on || ++ac->rearms > ACTIVE_REARM_MAX || !lz_event_active_eligible (self) || !lz_event_carry_stamp_units (self, FALSE))
    return;
  changed = classify_near (self, before);
  if (ac->nfrozen == 0)
    {
      lz_event_active_disarm (sm);
      return;
    }
  fresh_bodies (self, y);
  if (changed > 0)
    for (guint k = 0; k < ac->nnear; k++)
      for (guint p = ac->el_start[ac->near[k]]; p < ac->el_start[ac->near[k] + 1]; p++)
        ac->touches[ac->el_on[p]] = lz_event_active_touches (ac, &self->el[ac->el_on[p]]);
  if (ac->nfresh > 0)
    refresh (self, t, y);
  for (guint c = 0; c < sm->nc; c++)
    if (!ac->touches[sm->con[c]])
      gsl_vector_set (sm->lambda, c, ac->lam_elem[sm->con[c]]);
  lz_event_active_frozen_guards (self);
  if (!(ac->g_frozen > 0))
    {
      lz_event_active_disarm (sm);
      return;
    }
  if (changed > 0)
    lz_event_active_turn_on (self, y);
  else
    {
      /* (the same bodies frozen: the lists but the mode's rows, the
       * frozen bodies' rest and the bodies next to them as they were,
       * these at their q and v now) */
      for (guint k = 0; k < ac->nbound; k++)
        {
          ac->ref_q[ac->bound[k]] = y[ac->bound[k]];
          ac->ref_v[ac->bound[k]] = y[n + ac->bound[k]];
        }
      lz_event_active_switch_on (self);
    }
  ac->carried++;
  ac->refreshed += ac->nfresh;
  /* (the frozen elements' states in the trace rows: theirs still, unless
   * some were computed again) */
  if (rows && ac->nfresh == 0)
    ac->rows_epoch = ac->epoch;
  if (energies && ac->nfresh == 0)
    ac->energy_epoch = ac->epoch;
}

/* The bodies near a mode change classified again (classify()'s rules,
 * where they can have changed): the elements of integrated bodies whose
 * mode is not BEFORE's change whether their bodies are pinned and
 * freezable, and a body's neighbours whether it may freeze — the others
 * keep their states.  NEAR lists those classified; returns how many
 * changed state (FROZEN or not). */
static guint
classify_near (LzEventIntegrator *self,
               const LzMode      *before)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint changed = 0, npinned;

  ac->near_epoch++;
  ac->nnear = 0;
  for (guint k = 0; k < ac->nlive; k++)
    {
      const LzElementLaw *law = &self->el[ac->live[k]].law;
      int ports[2] = { law->a, law->b };

      if (before[ac->live[k]] == self->mode[ac->live[k]])
        continue;
      for (guint p = 0; p < 2; p++)
        if (ports[p] >= 0 && ac->near_mark[ports[p]] != ac->near_epoch)
          {
            ac->near_mark[ports[p]] = ac->near_epoch;
            ac->near[ac->nnear++] = (guint) ports[p];
          }
    }
  /* whether they are pinned (by a one-port constraint of the mode) */
  npinned = ac->nnear;
  for (guint k = 0; k < npinned; k++)
    {
      guint i = ac->near[k];
      gboolean pinned = FALSE;

      ac->was[i] = ac->state[i];
      for (guint p = ac->el_start[i]; p < ac->el_start[i + 1]; p++)
        {
          const LzElementLaw *law = &self->el[ac->el_on[p]].law;

          if (sm->con_of[ac->el_on[p]] >= 0 && (law->a >= 0) != (law->b >= 0) && law->xa == NULL && law->xb == NULL)
            {
              pinned = TRUE;
              ac->pin[i] = ac->el_on[p];
            }
        }
      ac->state[i] = pinned ? LZ_ACTIVE_PINNED : LZ_ACTIVE_FREE;
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        if (ac->near_mark[sm->kc_col[c]] != ac->near_epoch)
          {
            ac->near_mark[sm->kc_col[c]] = ac->near_epoch;
            ac->was[sm->kc_col[c]] = ac->state[sm->kc_col[c]];
            ac->near[ac->nnear++] = sm->kc_col[c];
          }
    }
  /* then whether they freeze */
  for (guint k = 0; k < ac->nnear; k++)
    {
      guint i = ac->near[k];
      gboolean frozen = ac->state[i] != LZ_ACTIVE_FREE && ac->can_freeze[i];

      for (guint p = ac->el_start[i]; p < ac->el_start[i + 1] && frozen; p++)
        frozen = lz_event_active_freezable (self, ac->el_on[p]);
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1] && frozen; c++)
        frozen = ac->state[sm->kc_col[c]] != LZ_ACTIVE_FREE;
      if (ac->state[i] != LZ_ACTIVE_FREE)
        ac->state[i] = frozen ? LZ_ACTIVE_FROZEN : LZ_ACTIVE_PINNED;
      if ((ac->state[i] == LZ_ACTIVE_FROZEN) != (ac->was[i] == LZ_ACTIVE_FROZEN))
        {
          changed++;
          if (ac->state[i] == LZ_ACTIVE_FROZEN)
            ac->nfrozen++;
          else
            ac->nfrozen--;
        }
    }
  return changed;
}

/* The frozen bodies refresh() computes at Y: those newly frozen, and those
 * next to an integrated body that has moved since the set was armed (its
 * q or v not the same to the bit) */
static void
fresh_bodies (LzEventIntegrator *self,
              const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nfresh = 0;
  for (guint k = 0; k < ac->nnear; k++)
    if (ac->state[ac->near[k]] == LZ_ACTIVE_FROZEN && ac->was[ac->near[k]] != LZ_ACTIVE_FROZEN)
      {
        ac->is_fresh[ac->near[k]] = TRUE;
        ac->fresh[ac->nfresh++] = ac->near[k];
      }
  for (guint k = 0; k < ac->nbound; k++)
    {
      guint j = ac->bound[k];

      if (same_bits (y[j], ac->ref_q[j]) && same_bits (y[n + j], ac->ref_v[j]))
        continue;
      for (guint c = sm->kc_start[j]; c < sm->kc_start[j + 1]; c++)
        {
          guint i = sm->kc_col[c];

          if (ac->state[i] == LZ_ACTIVE_FROZEN && !ac->is_fresh[i])
            {
              ac->is_fresh[i] = TRUE;
              ac->fresh[ac->nfresh++] = i;
            }
        }
    }
  for (guint k = 0; k < ac->nfresh; k++)
    ac->is_fresh[ac->fresh[k]] = FALSE;
}
