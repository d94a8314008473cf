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
 *
 * A re-arm costs what changed, not what the model has: the set's lists
 * are kept sorted and the bodies and elements that flipped are toggled in
 * them (lz_event_toggle_sorted(), turn_on_near()), the sleep check and
 * the bodies next to frozen ones are done again near the change
 * (sleep_near(), bound_near()), the frozen guards' least is updated from
 * the one before (frozen_guards_near()), and refresh() evaluates with
 * lists of its own.
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
  ac->ref_q = g_new0 (double, n);
  ac->ref_v = g_new0 (double, n);
  ac->was = g_new0 (guint, n);
  ac->fresh = g_new (guint, n);
  ac->is_fresh = g_new0 (guint8, n);
  ac->near = g_new (guint, n);
  ac->near_mark = g_new0 (guint, n);
  ac->can_freeze = g_new0 (guint8, n);
  ac->flip = g_new (guint, ne);
  ac->bflip = g_new (guint, n);
  ac->scratch = g_new (guint, MAX (n, ne));
  ac->scratch2 = g_new (guint, MAX (n, ne));
  ac->merge = g_new (guint, MAX (n, ne));
  ac->in_lists = g_new0 (guint8, ne);
  ac->in_sleep_free = g_new0 (guint8, ne);
  ac->in_bound = g_new0 (guint8, n);
  ac->s_bad = g_new0 (guint8, n);
  ac->el_mark = g_new0 (guint, ne);
  ac->nfn = g_new0 (guint, n);
  ac->s_held = g_new0 (guint, n);
  ac->r_el = g_new (guint, ne);
  ac->r_con = g_new (guint, ne);
  ac->r_tense = g_new (guint, ne);
  ac->sf_gap = g_new (double, ne);
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
  g_clear_pointer (&ac->flip, g_free);
  g_clear_pointer (&ac->bflip, g_free);
  g_clear_pointer (&ac->scratch, g_free);
  g_clear_pointer (&ac->scratch2, g_free);
  g_clear_pointer (&ac->merge, g_free);
  g_clear_pointer (&ac->in_lists, g_free);
  g_clear_pointer (&ac->in_sleep_free, g_free);
  g_clear_pointer (&ac->in_bound, g_free);
  g_clear_pointer (&ac->s_bad, g_free);
  g_clear_pointer (&ac->el_mark, g_free);
  g_clear_pointer (&ac->nfn, g_free);
  g_clear_pointer (&ac->s_held, g_free);
  g_clear_pointer (&ac->r_el, g_free);
  g_clear_pointer (&ac->r_con, g_free);
  g_clear_pointer (&ac->r_tense, g_free);
  g_clear_pointer (&ac->sf_gap, g_free);
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
  LzEventActive *ac = &self->sm.act;

  /* (the frozen bodies still as at the sleep check, one kind of unit, a
   * velocity tolerance ≥ 0: every stop's ġ = ±0 passes, and its position
   * test is its distance then against POS_TOL) */
  if (ac->still && !self->parent.scales.mixed && v_tol >= 0)
    {
      if (!ac->sf_min_ok)
        {
          ac->sf_min = INFINITY;
          for (guint k = 0; k < ac->nsleep_free; k++)
            if (ac->sf_gap[ac->sleep_free[k]] < ac->sf_min)
              ac->sf_min = ac->sf_gap[ac->sleep_free[k]];
          ac->sf_min_ok = TRUE;
        }
      return !(ac->sf_min <= pos_tol);
    }
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

/* The body whose sleep check an element takes part in: its first port */
static inline int
elem_body (const Elem *el)
{
  return el->law.a >= 0 ? el->law.a : el->law.b;
}

/* Whether frozen body I fails the sleep check at Y: at rest to the bit
 * (v = +0, q not −0), exactly one constraint of the mode held among the
 * frozen elements whose body it is (*HELD: how many), a stop in contact
 * among them on its limit to the bit (not an upper one with a lower
 * limit too) */
static gboolean
sleep_fails (const LzEventIntegrator *self,
             guint                    i,
             const double            *y,
             guint                   *held)
{
  const LzEventActive *ac = &self->sm.act;
  guint n = self->n, count = 0;
  gboolean fails = y[n + i] != 0 || signbit (y[n + i]) || (y[i] == 0 && signbit (y[i]));

  for (guint p = ac->el_start[i]; p < ac->el_start[i + 1]; p++)
    {
      guint e = ac->el_on[p];
      const Elem *el = &self->el[e];

      if (ac->touches[e] || elem_body (el) != (int) i)
        continue;
      if (el->law.kind == LZ_ITEM_FRICTION)
        count += self->mode[e] == LZ_MODE_STICK;
      else if (el->law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT)
        {
          fails |= lz_event_wdot (el, y) + self->sm.g0[e] != (el->contact_upper ? el->law.upper : el->law.lower)
                   || (el->contact_upper && isfinite (el->law.lower));
          count++;
        }
    }
  *held = count;
  return fails || count != 1;
}

/* Whether element E is an open stop on a frozen body (of sleep_free) */
static gboolean
sleep_free_member (const LzEventIntegrator *self,
                   guint                    e)
{
  const Elem *el = &self->el[e];

  return !self->sm.act.touches[e] && elem_body (el) >= 0 && el->law.kind == LZ_ITEM_STOP
         && self->mode[e] != LZ_MODE_CONTACT && (isfinite (el->law.lower) || isfinite (el->law.upper));
}

/* Open stop E's distance at Y to its nearer finite limit (+∞ where it
 * is none; NaN distances left out, as the check's comparisons leave
 * them): the frozen body's v = +0, so the stop is at a limit within a
 * tolerance p exactly where this is ≤ p (lz_event_stop_at_limit()) */
static double
sleep_free_gap (const LzEventIntegrator *self,
                guint                    e,
                const double            *y)
{
  const Elem *el = &self->el[e];
  double g = lz_event_wdot (el, y) + self->sm.g0[e], gap = INFINITY;

  if (isfinite (el->law.lower) && g - el->law.lower < gap)
    gap = g - el->law.lower;
  if (isfinite (el->law.upper) && el->law.upper - g < gap)
    gap = el->law.upper - g;
  return gap;
}

/* Whether an event may leave the frozen bodies out, at Y where the set is
 * armed: each frozen body at rest to the bit (v = +0, q not −0) and held
 * by exactly one constraint of the mode among its elements — a stuck
 * friction, or a stop in contact on its limit to the bit (not an upper
 * one with a lower limit too): sleep_fails().  The selection then keeps
 * that mode (keeps_mode(): the frozen body's only candidate) unless an
 * open stop on it reaches its limit (listed in sleep_free for the event
 * to check), and a projection adds ±0 to its q and v.  Sets sleep_free
 * and sleep_cand, and per frozen body what a re-arm updates near a
 * change (s_bad, s_held: turn_on_near()). */
gboolean
lz_event_carry_sleep_check (LzEventIntegrator *self,
                            const double      *y)
{
  LzEventActive *ac = &self->sm.act;

  ac->nbad = ac->sleep_cand = ac->nsleep_free = 0;
  for (guint i = 0; i < self->n; i++)
    {
      ac->s_bad[i] = FALSE;
      ac->s_held[i] = 0;
      if (ac->state[i] != LZ_ACTIVE_FROZEN)
        continue;
      ac->s_bad[i] = sleep_fails (self, i, y, &ac->s_held[i]);
      ac->nbad += ac->s_bad[i];
      ac->sleep_cand += ac->s_held[i];
    }
  for (guint e = 0; e < self->ne; e++)
    {
      ac->in_sleep_free[e] = sleep_free_member (self, e);
      if (ac->in_sleep_free[e])
        {
          ac->sleep_free[ac->nsleep_free++] = e;
          ac->sf_gap[e] = sleep_free_gap (self, e, y);
        }
    }
  ac->sf_min_ok = FALSE;
  return ac->nbad == 0;
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

/* The integrated bodies next to frozen ones (bound) at their q and v at Y */
static void
bound_refs (LzEventActive *ac,
            guint          n,
            const double  *y)
{
  for (guint k = 0; k < ac->nbound; k++)
    {
      ac->ref_q[ac->bound[k]] = y[ac->bound[k]];
      ac->ref_v[ac->bound[k]] = y[n + ac->bound[k]];
    }
}

/* The integrated bodies next to frozen ones (bound, ascending), their q
 * and v at Y: the frozen ones' λ, ẏ and guards hold while these do not
 * move.  Per dof its frozen neighbours through K or C (nfn, for a
 * re-arm's update). */
void
lz_event_carry_bound_mark (LzEventIntegrator *self,
                           const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  memset (ac->nfn, 0, n * sizeof (guint));
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == LZ_ACTIVE_FROZEN)
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        if (sm->kc_col[c] != i)
          ac->nfn[sm->kc_col[c]]++;
  ac->nbound = 0;
  for (guint j = 0; j < n; j++)
    {
      ac->in_bound[j] = ac->state[j] != LZ_ACTIVE_FROZEN && ac->nfn[j] > 0;
      if (ac->in_bound[j])
        ac->bound[ac->nbound++] = j;
    }
  bound_refs (ac, n, y);
}

/* Whether two doubles are the same to the bit */
static gboolean
same_bits (double a,
           double b)
{
  return memcmp (&a, &b, sizeof a) == 0;
}

/* Ascending order of guints, for qsort() */
static int
cmp_guint (const void *a,
           const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* LIST (*COUNT ids, ascending) with each of the NFLIP ids FLIP (ascending,
 * each one whose membership changed) toggled — one in LIST leaves it, one
 * not in it joins, in its place — through MERGE: the runs between them
 * are copied whole, so the cost is the list's copy and a search a flip.
 * Returns the first position that changed (*COUNT if none). */
guint
lz_event_toggle_sorted (guint       *list,
                        guint       *count,
                        const guint *flip,
                        guint        nflip,
                        guint       *merge)
{
  guint from = 0, out = 0, n = *count, first = n;

  for (guint k = 0; k < nflip; k++)
    {
      guint lo = from, hi = n;

      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (list[mid] < flip[k])
            lo = mid + 1;
          else
            hi = mid;
        }
      memcpy (merge + out, list + from, (lo - from) * sizeof (guint));
      out += lo - from;
      from = lo;
      first = MIN (first, out);
      if (from < n && list[from] == flip[k])
        from++;
      else
        merge[out++] = flip[k];
    }
  memcpy (merge + out, list + from, (n - from) * sizeof (guint));
  out += n - from;
  memcpy (list, merge, out * sizeof (guint));
  *count = out;
  return MIN (first, out);
}

/* The elements on the NFRESH frozen bodies in FRESH, ascending (r_el),
 * marked with el_epoch */
static void
fresh_elements (LzEventActive *ac)
{
  ac->nr_el = 0;
  ac->el_epoch++;
  for (guint k = 0; k < ac->nfresh; k++)
    for (guint p = ac->el_start[ac->fresh[k]]; p < ac->el_start[ac->fresh[k] + 1]; p++)
      if (ac->el_mark[ac->el_on[p]] != ac->el_epoch)
        {
          ac->el_mark[ac->el_on[p]] = ac->el_epoch;
          ac->r_el[ac->nr_el++] = ac->el_on[p];
        }
  qsort (ac->r_el, ac->nr_el, sizeof (guint), cmp_guint);
}

/* The data of the NFRESH frozen bodies in FRESH at (T, Y) — their
 * accelerations (ẏ), their constraints' λ rows and their elements'
 * smallest guards — by an evaluation over them alone: per body the same
 * arithmetic as over every body (its K and C row, the tensions on it in
 * the elements' order, its row of the diagonal G).  The set's lists are
 * left as they were (the evaluation reads refresh's own, r_*): a re-arm
 * updates them near its change. */
static void
refresh (LzEventIntegrator *self,
         double             t,
         const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n, nrows = 0, ntense = 0;
  guint *body = ac->body, *con = ac->con, *tense = ac->tense;
  guint nbody = ac->nbody, ncon = ac->ncon, ntense0 = ac->ntense, npowered = ac->npowered, nguarded = ac->nguarded;
  guint nforced = ac->nforced;

  fresh_elements (ac);
  for (guint k = 0; k < ac->nr_el; k++)
    {
      guint e = ac->r_el[k];

      if (sm->con_of[e] >= 0)
        ac->r_con[nrows++] = (guint) sm->con_of[e];
      if (ac->in_lists[e] & LZ_LIST_TENSE)
        ac->r_tense[ntense++] = e;
    }
  qsort (ac->r_con, nrows, sizeof (guint), cmp_guint);
  ac->body = ac->fresh;
  ac->nbody = ac->nfresh;
  ac->con = ac->r_con;
  ac->ncon = nrows;
  ac->tense = ac->r_tense;
  ac->ntense = ntense;
  ac->npowered = ac->nguarded = ac->nforced = 0;
  lz_event_active_use_lists (sm, FALSE);
  ac->on = TRUE;
  lz_event_accelerations (self, t, y, y + n, self->dydt + n);
  ac->on = FALSE;
  for (guint k = 0; k < ac->nfresh; k++)
    self->dydt[ac->fresh[k]] = y[n + ac->fresh[k]];
  for (guint k = 0; k < nrows; k++)
    ac->lam_elem[sm->con[ac->r_con[k]]] = gsl_vector_get (sm->lambda, ac->r_con[k]);
  for (guint k = 0; k < ac->nr_el; k++)
    {
      guint e = ac->r_el[k], at;

      if (ac->touches[e] || !(ac->in_lists[e] & LZ_LIST_GUARDED))
        continue;
      ac->g_elem[e] = lz_event_least_guard (self, e, y, &at);
      ac->i_elem[e] = (guint8) at;
    }
  ac->body = body;
  ac->nbody = nbody;
  ac->con = con;
  ac->ncon = ncon;
  ac->tense = tense;
  ac->ntense = ntense0;
  ac->npowered = npowered;
  ac->nguarded = nguarded;
  ac->nforced = nforced;
}

/* Whether element E is among the COUNT of LIST */
static gboolean
listed (const guint *list,
        guint        count,
        guint        e)
{
  for (guint k = 0; k < count; k++)
    if (list[k] == e)
      return TRUE;
  return FALSE;
}

/* The smallest guard of the frozen elements after a re-arm: where neither
 * the frozen set nor a frozen guard changed, the one before; where the
 * one before is still frozen with its guard, the least of it and of the
 * elements that joined or were computed again (flip, r_el) — the first
 * in the elements' order among equals, as the full pass takes it;
 * otherwise that full pass (lz_event_active_frozen_guards()). */
static void
frozen_guards_near (LzEventIntegrator *self,
                    guint              changed)
{
  LzEventActive *ac = &self->sm.act;
  const guint *lists[2] = { ac->flip, ac->r_el };
  guint counts[2] = { ac->nflip, ac->nr_el };

  if (changed == 0 && ac->nfresh == 0)
    return;
  if (ac->g_frozen < INFINITY
      && (listed (ac->flip, ac->nflip, ac->which_frozen) || listed (ac->r_el, ac->nr_el, ac->which_frozen)))
    {
      lz_event_active_frozen_guards (self);
      return;
    }
  for (guint l = 0; l < 2; l++)
    for (guint k = 0; k < counts[l]; k++)
      {
        guint e = lists[l][k];
        double g = ac->g_elem[e];

        if (ac->touches[e] || !(ac->in_lists[e] & LZ_LIST_GUARDED)
            || !(g < ac->g_frozen || (g == ac->g_frozen && g < INFINITY && e < ac->which_frozen)))
          continue;
        ac->g_frozen = g;
        ac->which_frozen = e;
        ac->jumps_frozen = self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT
                           && ac->i_elem[e] == 1;
      }
}

/* The sleep check's data of the bodies near a change (those classified
 * again and the ports of the elements whose touches flipped: no other
 * frozen body has moved, nor has an element whose body it is changed its
 * mode or touches) computed again, and sleep_free updated */
static void
sleep_near (LzEventIntegrator *self,
            const double      *y)
{
  LzEventActive *ac = &self->sm.act;
  guint *bodies = ac->scratch, *eflip = ac->scratch2, nb = 0, nf = 0, epoch = ++ac->near_epoch;

  for (guint k = 0; k < ac->nnear; k++)
    {
      ac->near_mark[ac->near[k]] = epoch;
      bodies[nb++] = ac->near[k];
    }
  for (guint k = 0; k < ac->nflip; k++)
    {
      int ports[2] = { self->el[ac->flip[k]].law.a, self->el[ac->flip[k]].law.b };

      for (guint p = 0; p < 2; p++)
        if (ports[p] >= 0 && ac->near_mark[ports[p]] != epoch)
          {
            ac->near_mark[ports[p]] = epoch;
            bodies[nb++] = (guint) ports[p];
          }
    }
  for (guint k = 0; k < nb; k++)
    {
      guint i = bodies[k];

      ac->nbad -= ac->s_bad[i];
      ac->sleep_cand -= ac->s_held[i];
      ac->s_bad[i] = FALSE;
      ac->s_held[i] = 0;
      if (ac->state[i] == LZ_ACTIVE_FROZEN)
        {
          ac->s_bad[i] = sleep_fails (self, i, y, &ac->s_held[i]);
          ac->nbad += ac->s_bad[i];
          ac->sleep_cand += ac->s_held[i];
        }
      for (guint p = ac->el_start[i]; p < ac->el_start[i + 1]; p++)
        {
          guint e = ac->el_on[p];
          gboolean member;

          if (elem_body (&self->el[e]) != (int) i)
            continue;
          member = sleep_free_member (self, e);
          if (member != ac->in_sleep_free[e])
            {
              ac->in_sleep_free[e] = member;
              eflip[nf++] = e;
              if (member)
                ac->sf_gap[e] = sleep_free_gap (self, e, y);
            }
        }
    }
  qsort (eflip, nf, sizeof (guint), cmp_guint);
  lz_event_toggle_sorted (ac->sleep_free, &ac->nsleep_free, eflip, nf, ac->merge);
  ac->sf_min_ok = ac->sf_min_ok && nf == 0;
}

/* Whether body J is bound now, unless seen at EPOCH: where that changed,
 * J into JFLIP */
static void
bound_check (LzEventActive *ac,
             guint          j,
             guint          epoch,
             guint         *jflip,
             guint         *nf)
{
  gboolean member;

  if (ac->near_mark[j] == epoch)
    return;
  ac->near_mark[j] = epoch;
  member = ac->state[j] != LZ_ACTIVE_FROZEN && ac->nfn[j] > 0;
  if (member != ac->in_bound[j])
    {
      ac->in_bound[j] = member;
      jflip[(*nf)++] = j;
    }
}

/* bound updated for the bodies whose frozen state flipped (bflip): their
 * neighbours' counts of frozen neighbours, and who of them and of their
 * neighbours is bound; all at their q and v at Y */
static void
bound_near (LzEventIntegrator *self,
            const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint *jflip = ac->scratch2, nf = 0, epoch = ++ac->near_epoch;

  for (guint k = 0; k < ac->nbflip; k++)
    {
      guint i = ac->bflip[k];
      gboolean frozen = ac->state[i] == LZ_ACTIVE_FROZEN;

      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        if (sm->kc_col[c] != i)
          {
            if (frozen)
              ac->nfn[sm->kc_col[c]]++;
            else
              ac->nfn[sm->kc_col[c]]--;
          }
    }
  for (guint k = 0; k < ac->nbflip; k++)
    {
      guint i = ac->bflip[k];

      bound_check (ac, i, epoch, jflip, &nf);
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        bound_check (ac, sm->kc_col[c], epoch, jflip, &nf);
    }
  qsort (jflip, nf, sizeof (guint), cmp_guint);
  lz_event_toggle_sorted (ac->bound, &ac->nbound, jflip, nf, ac->merge);
  bound_refs (ac, self->n, y);
}

/* The set switched on after a re-arm that changed which bodies are
 * frozen (bflip) and so which elements touch an integrated body (flip):
 * its lists — those lz_event_active_turn_on() makes from scratch, all
 * ascending — updated where they changed, so that a re-arm costs what
 * the change does, not what the model does */
static void
turn_on_near (LzEventIntegrator *self,
              const double      *y)
{
  LzEventActive *ac = &self->sm.act;
  guint *lists[3] = { ac->tense, ac->powered, ac->guarded };
  guint *counts[3] = { &ac->ntense, &ac->npowered, &ac->nguarded };
  const guint8 bits[3] = { LZ_LIST_TENSE, LZ_LIST_POWERED, LZ_LIST_GUARDED };

  qsort (ac->flip, ac->nflip, sizeof (guint), cmp_guint);
  qsort (ac->bflip, ac->nbflip, sizeof (guint), cmp_guint);
  /* (a body with a force never freezes: forced stays) */
  lz_event_toggle_sorted (ac->body, &ac->nbody, ac->bflip, ac->nbflip, ac->merge);
  lz_event_active_comps (ac, self->n);
  lz_event_toggle_sorted (ac->live, &ac->nlive, ac->flip, ac->nflip, ac->merge);
  for (guint l = 0; l < 3; l++)
    {
      guint nf = 0;

      for (guint k = 0; k < ac->nflip; k++)
        if (ac->in_lists[ac->flip[k]] & bits[l])
          ac->scratch2[nf++] = ac->flip[k];
      lz_event_toggle_sorted (lists[l], counts[l], ac->scratch2, nf, ac->merge);
    }
  sleep_near (self, y);
  ac->sleep_ok = ac->nbad == 0 && !ac->full_arms;
  ac->still = ac->still && ac->sleep_ok;
  bound_near (self, y);
  lz_event_active_switch_on (self);
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
  /* (the elements whose touches flip: those on the bodies classified) */
  ac->nflip = ac->nr_el = 0;
  if (changed > 0)
    for (guint k = 0; k < ac->nnear; k++)
      for (guint p = ac->el_start[ac->near[k]]; p < ac->el_start[ac->near[k] + 1]; p++)
        {
          guint e = ac->el_on[p];
          guint8 touches = lz_event_active_touches (ac, &self->el[e]);

          if (touches != ac->touches[e])
            {
              ac->touches[e] = touches;
              ac->flip[ac->nflip++] = e;
            }
        }
  if (ac->nfresh > 0)
    refresh (self, t, y);
  /* (the frozen rows' λ back: the new mode's rows start at 0; its views
   * are contiguous) */
  for (guint c = 0, nc = sm->nc; c < nc; c++)
    if (!ac->touches[sm->con[c]])
      sm->lambda->data[c] = ac->lam_elem[sm->con[c]];
  frozen_guards_near (self, changed);
  if (!(ac->g_frozen > 0))
    {
      lz_event_active_disarm (sm);
      return;
    }
  if (changed > 0)
    turn_on_near (self, y);
  else
    {
      /* (the same bodies frozen: the lists but the mode's rows, the
       * frozen bodies' rest and the bodies next to them as they were,
       * these at their q and v now) */
      bound_refs (ac, n, y);
      lz_event_active_switch_on (self);
    }
  ac->carried++;
  ac->refreshed += ac->nfresh;
  /* (the frozen elements' states in the trace rows: theirs still, but
   * those on bodies computed again — the next row computes them) */
  if (rows)
    {
      lz_event_active_stale (ac, ac->r_el, ac->nr_el);
      ac->rows_epoch = ac->epoch;
    }
  if (energies)
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
  ac->nnear = ac->nbflip = 0;
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
          ac->bflip[ac->nbflip++] = i;
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
