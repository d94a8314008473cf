/* lz-event-active.c — the event-driven method's active set: bodies held still by the mode left out
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A body whose velocity a constraint of the mode pins to zero against a
 * fixed ground (stuck friction on the ground, a stop in contact at rest)
 * keeps its state while the mode lasts.  When every body it is coupled
 * to — through K, C or any element — is pinned too, and no force and no
 * element that changes in t (a moving ground, a friction level in t, a
 * tension that is not linear) acts on it, its constraint force depends on
 * constant positions only, so it and its guards are constant as well:
 * the body is frozen.  The evaluations (forces, K·q + C·v, accelerations,
 * the constraint forces, the powers), the steps (their stages, error
 * and extension) and the guard checks then run over the other bodies and
 * their elements only; the frozen components of y and ẏ stay as they
 * were (ẏ = 0), the frozen rows of λ keep the value of the evaluation
 * the set was armed with, and the smallest frozen guard, a constant,
 * still takes part in the smallest guard (lz_event_min_guard()).  A
 * frozen body does no work: its power terms are zero (v = 0), so the
 * energy books are unchanged.
 *
 * The set is armed at the start of the first step after a mode change,
 * from the full evaluation of the guards there (O(N + elements), once an
 * event: the frozen guards are those that pass recorded, and what about
 * an element does not depend on the mode is classified once a run), and
 * disarmed by the next mode change, the projection and the
 * mode selection (which need every body).  It is used only where it is
 * safe: no massless body, no through-stop, no jump of the forcing, G of
 * the mode diagonal (no two constraints on a body), a frozen body's
 * guards positive; elsewhere every body is integrated as before.
 * At an event reached with the set on, the selection's candidates held by
 * the mode on frozen bodies keep their modes (lz_event_active_keep_frozen()),
 * and a trace row computes only the states of the elements on integrated
 * bodies (lz_event_active_row_elements(), lz_event_active_potential()).
 *
 * Where every frozen body is at rest to the bit (v = +0) and held by one
 * constraint, on its limit to the bit for a stop (sleep_check()), an event
 * need not look at them at all: the impacts and the selection run over the
 * other elements (the frozen ones keep their modes; an impulse, or an open
 * stop on a frozen body at its limit, wakes every body), the projection
 * over the other rows (the frozen ones' corrections are ±0), and the set
 * is carried into the new mode (lz_event_active_rearm()) — classified
 * again, but a body that stays frozen keeps its ẏ, λ row and guards while
 * no integrated neighbour of it has moved, and only the others are
 * evaluated (refresh()).  So are modes left at once.  The run is the one
 * armed from a full evaluation at every mode, to the bit.
 * LUZTAR_EVENT_ACTIVE=off turns the set off, =full keeps the full
 * evaluation at every mode.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-model-private.h"

/* Per element, for the run: what lets the bodies it acts on freeze
 * (freezable()) — never, always, or by its mode */
enum
{
  FREEZE_NEVER = 0,
  FREEZE_ALWAYS = 1,
  FREEZE_STUCK = 2,           /* a one-port friction with constant levels, while it sticks */
  FREEZE_HELD = 3             /* a one-port stop, open or in contact on its row */
};

/* Per dof, while the set is armed */
enum
{
  ACTIVE_FREE = 0,            /* integrated */
  ACTIVE_PINNED = 1,          /* held by a constraint of the mode to a fixed ground */
  ACTIVE_FROZEN = 2           /* pinned, among pinned neighbours: left out */
};

static guint8 freeze_class (const LzElementLaw *law);

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
static void turn_on (LzEventIntegrator *self,
                     const double      *y);
static gboolean stamp_units (LzEventIntegrator *self,
                             gboolean           set);
static guint classify_near (LzEventIntegrator *self,
                            const LzMode      *before);
static void fresh_bodies (LzEventIntegrator *self,
                          const double      *y);
static void bound_mark (LzEventIntegrator *self,
                        const double      *y);

void
lz_event_active_setup (LzEventIntegrator *self)
{
  LzEventActive *ac = &self->sm.act;
  guint n = MAX (self->n, 1), ne = MAX (self->ne, 1), dim = 2 * self->n + 3;
  const char *env = g_getenv ("LUZTAR_EVENT_ACTIVE");
  g_autofree guint *forced = g_new (guint, n);
  guint nforced;

  ac->disabled = env != NULL && g_ascii_strcasecmp (env, "off") == 0;
  ac->full_arms = env != NULL && g_ascii_strcasecmp (env, "full") == 0;
  ac->body = g_new (guint, n);
  ac->comp = g_new (guint, dim);
  ac->forced = g_new (guint, n);
  ac->con = g_new (guint, ne);
  ac->tense = g_new (guint, ne);
  ac->powered = g_new (guint, ne);
  ac->guarded = g_new (guint, ne);
  ac->is_forced = g_new0 (gboolean, n);
  ac->state = g_new0 (guint, n);
  ac->cand_mark = g_new0 (guint, n);
  ac->cand_count = g_new0 (guint, n);
  ac->live = g_new (guint, ne);
  ac->energy = g_new0 (double, ne);
  ac->freeze = g_new (guint8, ne);
  ac->touches = g_new (guint8, ne);
  ac->g_elem = g_new (double, ne);
  ac->i_elem = g_new (guint8, ne);
  ac->sleep_free = g_new (guint, ne);
  ac->lam_elem = g_new0 (double, ne);
  ac->bound = g_new (guint, n);
  ac->bound_mark = g_new0 (guint, n);
  ac->ref_q = g_new0 (double, n);
  ac->ref_v = g_new0 (double, n);
  ac->pin = g_new0 (guint, n);
  ac->was = g_new0 (guint, n);
  ac->fresh = g_new (guint, n);
  ac->is_fresh = g_new0 (guint8, n);
  for (guint e = 0; e < self->ne; e++)
    ac->freeze[e] = freeze_class (&self->el[e].law);
  ac->near = g_new (guint, n);
  ac->near_mark = g_new0 (guint, n);
  ac->can_freeze = g_new0 (guint8, n);
  elements_by_body (self);
  nforced = lz_assembly_get_forced_dofs (self->parent.assembly, forced);
  for (guint k = 0; k < nforced; k++)
    ac->is_forced[forced[k]] = TRUE;
  for (guint i = 0; i < self->n; i++)
    ac->can_freeze[i] = !ac->is_forced[i] && self->sm.mass[i] > 0;
  {
    LzModel *model = lz_assembly_get_model (self->parent.assembly);

    for (guint s = 0; s < lz_model_get_n_sources (model); s++)
      if (self->sm.src_body[s] >= 0)
        ac->can_freeze[self->sm.src_body[s]] = FALSE;
  }
  ac->full_tense = self->sm.tense;
  ac->full_ntense = self->sm.n_tense;
  ac->full_powered = self->sm.powered;
  ac->full_npowered = self->sm.n_powered;
  ac->full_guarded = self->sm.guarded;
  ac->full_nguarded = self->sm.n_guarded;
}

void
lz_event_active_free (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;

  if (ac->body == NULL)
    return;
  /* (for the tests: G_MESSAGES_DEBUG=all) */
  if (ac->kept > 0)
    g_debug ("active set: %" G_GUINT64_FORMAT " constraints of frozen bodies kept their modes at %"
             G_GUINT64_FORMAT " selections", ac->kept, ac->kept_events);
  if (ac->carried > 0)
    g_debug ("active set: carried into %" G_GUINT64_FORMAT " new modes, %" G_GUINT64_FORMAT
             " frozen bodies computed again", ac->carried, ac->refreshed);
  lz_event_active_disarm (sm);
  g_clear_pointer (&ac->body, g_free);
  g_clear_pointer (&ac->comp, g_free);
  g_clear_pointer (&ac->forced, g_free);
  g_clear_pointer (&ac->con, g_free);
  g_clear_pointer (&ac->tense, g_free);
  g_clear_pointer (&ac->powered, g_free);
  g_clear_pointer (&ac->guarded, g_free);
  g_clear_pointer (&ac->is_forced, g_free);
  g_clear_pointer (&ac->state, g_free);
  g_clear_pointer (&ac->cand_mark, g_free);
  g_clear_pointer (&ac->cand_count, g_free);
  g_clear_pointer (&ac->live, g_free);
  g_clear_pointer (&ac->energy, g_free);
  g_clear_pointer (&ac->freeze, g_free);
  g_clear_pointer (&ac->touches, g_free);
  g_clear_pointer (&ac->g_elem, g_free);
  g_clear_pointer (&ac->i_elem, g_free);
  g_clear_pointer (&ac->sleep_free, g_free);
  g_clear_pointer (&ac->lam_elem, g_free);
  g_clear_pointer (&ac->bound, g_free);
  g_clear_pointer (&ac->bound_mark, g_free);
  g_clear_pointer (&ac->ref_q, g_free);
  g_clear_pointer (&ac->ref_v, g_free);
  g_clear_pointer (&ac->pin, g_free);
  g_clear_pointer (&ac->was, g_free);
  g_clear_pointer (&ac->fresh, g_free);
  g_clear_pointer (&ac->is_fresh, g_free);
  g_clear_pointer (&ac->near, g_free);
  g_clear_pointer (&ac->near_mark, g_free);
  g_clear_pointer (&ac->can_freeze, g_free);
  g_clear_pointer (&ac->el_start, g_free);
  g_clear_pointer (&ac->el_on, g_free);
}

/* The element lists an evaluation visits (lz_event_smooth_sparse()'s):
 * the full ones (FULL) or the active set's */
static void
use_lists (LzEventSmooth *sm,
           gboolean       full)
{
  LzEventActive *ac = &sm->act;

  sm->tense = full ? ac->full_tense : ac->tense;
  sm->n_tense = full ? ac->full_ntense : ac->ntense;
  sm->powered = full ? ac->full_powered : ac->powered;
  sm->n_powered = full ? ac->full_npowered : ac->npowered;
  sm->guarded = full ? ac->full_guarded : ac->guarded;
  sm->n_guarded = full ? ac->full_nguarded : ac->nguarded;
}

/* The mode changes (or its constraint forces are overwritten): every
 * body is integrated until the next arm. */
void
lz_event_active_disarm (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;

  ac->armed = ac->on = ac->at_event = ac->sleeping = FALSE;
  if (ac->body != NULL)
    use_lists (sm, TRUE);
}

/* An event is reached (lz-event.c's event_at()): every body is needed from
 * here on, but where the set was on up to the event its frozen bodies and
 * their neighbours are as it was armed with, and the selection may keep
 * their constraints (lz_event_active_keep_frozen()). */
void
lz_event_active_event (LzEventSmooth *sm)
{
  LzEventActive *ac = &sm->act;
  gboolean on = ac->on;

  if (on && ac->sleep_ok)
    {
      /* the frozen bodies at rest to the bit, each held by one constraint
       * (sleep_check()): the impacts, the selection and its evaluation
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

      if ((isfinite (el->law.lower) && g - el->law.lower <= p_tol && gd <= u_tol)
          || (isfinite (el->law.upper) && el->law.upper - g <= p_tol && gd >= -u_tol))
        return FALSE;
    }
  return TRUE;
}

/* The impacts at the event put an impulse (or a shift onto a limit) on the
 * bodies of EL: where one is held (frozen or pinned), the frozen bodies'
 * data are no longer those the set was armed with */
void
lz_event_active_impulse (LzEventSmooth *sm,
                         const Elem    *el)
{
  LzEventActive *ac = &sm->act;

  if (ac->at_event && ((el->law.a >= 0 && ac->state[el->law.a] != ACTIVE_FREE)
                       || (el->law.b >= 0 && ac->state[el->law.b] != ACTIVE_FREE)))
    ac->at_event = FALSE;
}

/* Whether the selection's candidate E keeps its mode at an event reached
 * with the set on: a constraint of the mode (a stuck friction, a stop in
 * contact) on frozen bodies only, alone on them among the candidates (the
 * cand_count of its bodies) */
static gboolean
keeps_mode (const LzEventIntegrator *self,
            guint                    e)
{
  const LzEventActive *ac = &self->sm.act;
  const LzElementLaw *law = &self->el[e].law;
  LzMode before = self->md.saved[e];
  int ports[2] = { law->a, law->b };

  if (!(law->kind == LZ_ITEM_FRICTION ? before == LZ_MODE_STICK
        : law->kind == LZ_ITEM_STOP && before == LZ_MODE_CONTACT && !lz_element_law_is_bilateral (law)))
    return FALSE;
  for (guint k = 0; k < 2; k++)
    if (ports[k] >= 0 && (ac->state[ports[k]] != ACTIVE_FROZEN || ac->cand_count[ports[k]] != 1))
      return FALSE;
  return ports[0] >= 0 || ports[1] >= 0;
}

/* The selection's NCAND candidates CAND at an event reached with the set
 * on (at_event): those that keep their mode (keeps_mode()) get it in
 * md.new_mode and leave CAND, the others stay in their order; returns how
 * many stay.  M is diagonal, so a candidate alone on its bodies is coupled
 * in Hc M⁻¹ Hcᵀ with no other: its block of the LCP is its own, and its
 * data — its body's free acceleration, from its neighbours' q and v, all
 * held — are those the set was armed with, where its guards were positive:
 * a friction force strictly inside its levels, a contact force strictly
 * pushing.  That block's solution is unique, the mode it has, and every
 * solution of the whole LCP holds it; Lemke's method needs only the
 * others (the moving bodies' candidates, together as before). */
guint
lz_event_active_keep_frozen (LzEventIntegrator *self,
                             guint             *cand,
                             guint              ncand)
{
  LzEventActive *ac = &self->sm.act;
  guint kept = 0;

  if (!ac->at_event)
    return ncand;
  ac->at_event = FALSE;
  if (ac->sleeping)
    {
      /* (the frozen bodies' constraints, one on each, were left out of
       * CAND: each keeps its mode, as keeps_mode() would say) */
      ac->kept += ac->sleep_cand;
      ac->kept_events += ac->sleep_cand > 0;
      return ncand;
    }
  ac->cand_epoch++;
  for (guint c = 0; c < ncand; c++)
    {
      const LzElementLaw *law = &self->el[cand[c]].law;
      int ports[2] = { law->a, law->b };

      for (guint k = 0; k < 2; k++)
        if (ports[k] >= 0)
          {
            if (ac->cand_mark[ports[k]] != ac->cand_epoch)
              {
                ac->cand_mark[ports[k]] = ac->cand_epoch;
                ac->cand_count[ports[k]] = 0;
              }
            ac->cand_count[ports[k]]++;
          }
    }
  for (guint c = 0; c < ncand; c++)
    if (keeps_mode (self, cand[c]))
      self->md.new_mode[cand[c]] = self->md.saved[cand[c]];
    else
      cand[kept++] = cand[c];
  ac->kept += ncand - kept;
  ac->kept_events += kept < ncand;
  return kept;
}

/* Whether the model is one the set may run: the rest of the method's
 * machinery (massless bodies, through-stops, jumps of the forcing) needs
 * every body, and the mode's G must be diagonal (λ row by row). */
static gboolean
eligible (const LzEventIntegrator *self)
{
  return !self->sm.act.disabled && self->jn.nN + self->jn.nD == 0 && self->tr.nT == 0 && self->dj.nDS == 0
         && self->st.nS == 0 && (self->fo.forcing == NULL || self->fo.forcing->jumps->len == 0)
         && (self->sm.nc == 0 || self->sm.diagonal);
}

/* What lets the bodies element LAW acts on freeze, FREEZE_*: constant
 * while the mode lasts when its bodies are pinned (linear springs and
 * dampers, in K and C; one-port constraints of the mode on a fixed ground;
 * a stuck friction with constant levels; an open stop) — the part that
 * does not depend on the mode, once for the run */
static guint8
freeze_class (const LzElementLaw *law)
{
  gboolean one_port = (law->a >= 0) != (law->b >= 0);
  gboolean guarded = law->kind == LZ_ITEM_FRICTION || law->kind == LZ_ITEM_STOP || law->kind == LZ_ITEM_CONTACT
                     || law->kind == LZ_ITEM_BACKLASH
                     || ((law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR) && law->freeplay != 0);

  if (law->xa != NULL || law->xb != NULL)
    return FREEZE_NEVER;
  if (law->kind == LZ_ITEM_FRICTION)
    return one_port && law->fs_pos_t == NULL && law->fs_neg_t == NULL && law->fpos_t == NULL && law->fneg_t == NULL
           ? FREEZE_STUCK : FREEZE_NEVER;
  if (law->kind == LZ_ITEM_STOP)
    return one_port && !lz_element_law_is_bilateral (law) ? FREEZE_HELD : FREEZE_NEVER;
  return !guarded && law->kind != LZ_ITEM_PRESCRIBED && law->kind != LZ_ITEM_ACTUATOR ? FREEZE_ALWAYS : FREEZE_NEVER;
}

/* Whether element E, in its mode, leaves a body it acts on free to freeze */
static gboolean
freezable (const LzEventIntegrator *self,
           guint                    e)
{
  switch (self->sm.act.freeze[e])
    {
    case FREEZE_ALWAYS:
      return TRUE;
    case FREEZE_STUCK:
      return self->mode[e] == LZ_MODE_STICK;
    case FREEZE_HELD:
      return self->mode[e] == LZ_MODE_FREE || (self->mode[e] == LZ_MODE_CONTACT && self->sm.con_of[e] >= 0);
    default:
      return FALSE;
    }
}

/* The bodies pinned by the mode, then those frozen: pinned, no force,
 * every element on them freezable, every neighbour pinned. */
static guint
classify (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  guint n = self->n, frozen = 0;

  memset (ac->state, 0, n * sizeof (guint));
  for (guint c = 0; c < sm->nc; c++)
    {
      const LzElementLaw *law = &self->el[sm->con[c]].law;

      if ((law->a >= 0) != (law->b >= 0) && law->xa == NULL && law->xb == NULL)
        {
          ac->state[law->a >= 0 ? law->a : law->b] = ACTIVE_PINNED;
          ac->pin[law->a >= 0 ? law->a : law->b] = sm->con[c];
        }
    }
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == ACTIVE_PINNED && !ac->is_forced[i] && sm->mass[i] > 0)
      ac->state[i] = ACTIVE_FROZEN;
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    if (sm->src_body[s] >= 0 && ac->state[sm->src_body[s]] == ACTIVE_FROZEN)
      ac->state[sm->src_body[s]] = ACTIVE_PINNED;
  for (guint e = 0; e < self->ne; e++)
    {
      const LzElementLaw *law = &self->el[e].law;
      int a = law->a, b = law->b;

      if (!freezable (self, e))
        {
          if (a >= 0 && ac->state[a] == ACTIVE_FROZEN)
            ac->state[a] = ACTIVE_PINNED;
          if (b >= 0 && ac->state[b] == ACTIVE_FROZEN)
            ac->state[b] = ACTIVE_PINNED;
        }
    }
  /* a neighbour through K or C (every two-port element is there or was
   * not freezable) that is not pinned */
  for (guint i = 0; i < n; i++)
    {
      if (ac->state[i] != ACTIVE_FROZEN)
        continue;
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        if (ac->state[sm->kc_col[c]] == ACTIVE_FREE)
          {
            ac->state[i] = ACTIVE_PINNED;
            break;
          }
    }
  for (guint i = 0; i < n; i++)
    frozen += ac->state[i] == ACTIVE_FROZEN;
  ac->nfrozen = frozen;
  return frozen;
}

/* Whether element E acts on a body that is integrated (or on none) */
static gboolean
touches_active (const LzEventActive *ac,
                const Elem          *el)
{
  gboolean fa = el->law.a >= 0 && ac->state[el->law.a] == ACTIVE_FROZEN;
  gboolean fb = el->law.b >= 0 && ac->state[el->law.b] == ACTIVE_FROZEN;

  return !((fa || el->law.a < 0) && (fb || el->law.b < 0)) || (el->law.a < 0 && el->law.b < 0);
}

/* Whether element EL acts on a body refresh() computes */
static gboolean
on_fresh (const LzEventActive *ac,
          const Elem          *el)
{
  return (el->law.a >= 0 && ac->is_fresh[el->law.a]) || (el->law.b >= 0 && ac->is_fresh[el->law.b]);
}

static guint
filter_elements (const LzEventActive *ac,
                 const guint         *full,
                 guint                count,
                 guint               *out)
{
  guint k = 0;

  for (guint j = 0; j < count; j++)
    if (ac->touches[full[j]])
      out[k++] = full[j];
  return k;
}

/* The smallest guard of the frozen elements, from their smallest guards
 * at the full pass of lz_event_min_guard() the set is armed from (at the
 * same state: g_elem, i_elem) */
static void
frozen_guards (LzEventIntegrator *self)
{
  LzEventActive *ac = &self->sm.act;

  ac->g_frozen = INFINITY;
  ac->which_frozen = 0;
  ac->jumps_frozen = FALSE;
  for (guint j = 0; j < ac->full_nguarded; j++)
    {
      guint e = ac->full_guarded[j];

      if (!ac->touches[e] && ac->g_elem[e] < ac->g_frozen)
        {
          ac->g_frozen = ac->g_elem[e];
          ac->which_frozen = e;
          ac->jumps_frozen = self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT
                             && ac->i_elem[e] == 1;
        }
    }
}

/* Records element E's smallest guard G (its I-th) at a full pass of
 * lz_event_min_guard(), for frozen_guards() */
void
lz_event_active_record (LzEventSmooth *sm,
                        guint          e,
                        double         g,
                        guint          i)
{
  LzEventActive *ac = &sm->act;

  if (ac->g_elem != NULL && !ac->on)
    {
      ac->g_elem[e] = g;
      ac->i_elem[e] = (guint8) i;
    }
}

/* Whether an event may leave the frozen bodies out, at Y where the set is
 * armed: each frozen body at rest to the bit (v = +0, q not −0) and held
 * by exactly one constraint of the mode among its elements — a stuck
 * friction, or a stop in contact on its limit to the bit (not an upper
 * one with a lower limit too).  The selection then keeps that mode
 * (keeps_mode(): the frozen body's only candidate) unless an open stop on
 * it reaches its limit (listed in sleep_free for the event to check), and
 * a projection adds ±0 to its q and v.  Sets sleep_free and sleep_cand. */
static gboolean
sleep_check (LzEventIntegrator *self,
             const double      *y)
{
  LzEventActive *ac = &self->sm.act;
  guint n = self->n;

  ac->nsleep_free = ac->sleep_cand = 0;
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == ACTIVE_FROZEN && (y[n + i] != 0 || signbit (y[n + i]) || (y[i] == 0 && signbit (y[i]))))
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
    if (ac->state[i] == ACTIVE_FROZEN && (ac->cand_mark[i] != ac->cand_epoch || ac->cand_count[i] != 1))
      return FALSE;
  return TRUE;
}

/* Arms the set for the current mode at Y, where lz_event_min_guard() has
 * just made a full pass (disarmed: every body evaluated, every element's guards
 * recorded by lz_event_active_record()). */
void
lz_event_active_arm (LzEventIntegrator *self,
                     const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;

  lz_event_active_disarm (sm);
  ac->armed = TRUE;
  if (ac->body == NULL || !eligible (self) || classify (self) == 0)
    return;
  for (guint e = 0; e < self->ne; e++)
    ac->touches[e] = touches_active (ac, &self->el[e]);
  frozen_guards (self);
  if (!(ac->g_frozen > 0))
    return;                     /* (an instant at hand: every body, as before) */
  for (guint c = 0; c < sm->nc; c++)
    if (!ac->touches[sm->con[c]])
      ac->lam_elem[sm->con[c]] = gsl_vector_get (sm->lambda, c);
  ac->rearms = 0;
  stamp_units (self, TRUE);
  turn_on (self, y);
}

/* Whether the velocity scales the guards are measured in (the largest
 * velocities seen, lz_event_units_seen()) are those the frozen guards were
 * computed with; with SET, notes them */
static gboolean
stamp_units (LzEventIntegrator *self,
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

/* The set's lists from state and touches, and on (at Y) */
static void
turn_on (LzEventIntegrator *self,
         const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nbody = ac->ncomp = ac->nforced = ac->ncon = 0;
  for (guint i = 0; i < n; i++)
    if (ac->state[i] != ACTIVE_FROZEN)
      {
        ac->body[ac->nbody++] = i;
        if (ac->is_forced[i])
          ac->forced[ac->nforced++] = i;
      }
  for (guint k = 0; k < ac->nbody; k++)
    ac->comp[ac->ncomp++] = ac->body[k];
  for (guint k = 0; k < ac->nbody; k++)
    ac->comp[ac->ncomp++] = n + ac->body[k];
  for (guint i = 2 * n; i < 2 * n + 3; i++)
    ac->comp[ac->ncomp++] = i;
  for (guint c = 0; c < sm->nc; c++)
    if (ac->touches[sm->con[c]])
      ac->con[ac->ncon++] = c;
  ac->nlive = 0;
  for (guint e = 0; e < self->ne; e++)
    if (ac->touches[e])
      ac->live[ac->nlive++] = e;
  ac->ntense = filter_elements (ac, ac->full_tense, ac->full_ntense, ac->tense);
  ac->npowered = filter_elements (ac, ac->full_powered, ac->full_npowered, ac->powered);
  ac->nguarded = filter_elements (ac, ac->full_guarded, ac->full_nguarded, ac->guarded);
  use_lists (sm, FALSE);
  ac->sleep_ok = !ac->full_arms && sleep_check (self, y);
  bound_mark (self, y);
  ac->on = TRUE;
  ac->armed = TRUE;
  ac->epoch++;
}

/* The integrated bodies next to frozen ones, their q and v at Y: the
 * frozen ones' λ, ẏ and guards hold while these do not move */
static void
bound_mark (LzEventIntegrator *self,
            const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nbound = 0;
  ac->bound_epoch++;
  for (guint i = 0; i < n; i++)
    {
      if (ac->state[i] != ACTIVE_FROZEN)
        continue;
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        {
          guint j = sm->kc_col[c];

          if (ac->state[j] == ACTIVE_FROZEN || ac->bound_mark[j] == ac->bound_epoch)
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
  double g[MAX_GUARDS];

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
  use_lists (sm, FALSE);
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
      guint e = ac->full_guarded[j], k;

      if (ac->touches[e] || !on_fresh (ac, &self->el[e]))
        continue;
      k = lz_event_guards (self, e, y, g);
      ac->g_elem[e] = INFINITY;
      ac->i_elem[e] = 0;
      for (guint i = 0; i < k; i++)
        if (g[i] < ac->g_elem[e])
          {
            ac->g_elem[e] = g[i];
            ac->i_elem[e] = (guint8) i;
          }
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
 * (bound_mark()), which keeps that true at the next re-arm.  At most
 * ACTIVE_REARM_MAX events in a row, and not when no body is frozen: the
 * next step's start arms the set from a full evaluation — and when the
 * velocity scales the guards are measured in have grown since it did
 * (stamp_units()). */
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
  if (ac->on || ++ac->rearms > ACTIVE_REARM_MAX || !eligible (self) || !stamp_units (self, FALSE))
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
        ac->touches[ac->el_on[p]] = touches_active (ac, &self->el[ac->el_on[p]]);
  if (ac->nfresh > 0)
    refresh (self, t, y);
  for (guint c = 0; c < sm->nc; c++)
    if (!ac->touches[sm->con[c]])
      gsl_vector_set (sm->lambda, c, ac->lam_elem[sm->con[c]]);
  frozen_guards (self);
  if (!(ac->g_frozen > 0))
    {
      lz_event_active_disarm (sm);
      return;
    }
  if (changed > 0)
    turn_on (self, y);
  else
    {
      /* (the same bodies frozen: the lists but the mode's rows, the
       * frozen bodies' rest and the bodies next to them as they were) */
      ac->ncon = 0;
      for (guint c = 0; c < sm->nc; c++)
        if (ac->touches[sm->con[c]])
          ac->con[ac->ncon++] = c;
      for (guint k = 0; k < ac->nbound; k++)
        {
          ac->ref_q[ac->bound[k]] = y[ac->bound[k]];
          ac->ref_v[ac->bound[k]] = y[n + ac->bound[k]];
        }
      use_lists (sm, FALSE);
      ac->on = ac->armed = TRUE;
      ac->epoch++;
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
      ac->state[i] = pinned ? ACTIVE_PINNED : ACTIVE_FREE;
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
      gboolean frozen = ac->state[i] != ACTIVE_FREE && ac->can_freeze[i];

      for (guint p = ac->el_start[i]; p < ac->el_start[i + 1] && frozen; p++)
        frozen = freezable (self, ac->el_on[p]);
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1] && frozen; c++)
        frozen = ac->state[sm->kc_col[c]] != ACTIVE_FREE;
      if (ac->state[i] != ACTIVE_FREE)
        ac->state[i] = frozen ? ACTIVE_FROZEN : ACTIVE_PINNED;
      ac->nfrozen += (ac->state[i] == ACTIVE_FROZEN) - (ac->was[i] == ACTIVE_FROZEN);
      changed += (ac->state[i] == ACTIVE_FROZEN) != (ac->was[i] == ACTIVE_FROZEN);
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
    if (ac->state[ac->near[k]] == ACTIVE_FROZEN && ac->was[ac->near[k]] != ACTIVE_FROZEN)
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

          if (ac->state[i] == ACTIVE_FROZEN && !ac->is_fresh[i])
            {
              ac->is_fresh[i] = TRUE;
              ac->fresh[ac->nfresh++] = i;
            }
        }
    }
  for (guint k = 0; k < ac->nfresh; k++)
    ac->is_fresh[ac->fresh[k]] = FALSE;
}

/* BEST, the smallest guard of the integrated elements, with the frozen
 * ones' (*WHICH and min_jumps follow it) */
double
lz_event_active_min_frozen (LzEventIntegrator *self,
                            double             best,
                            guint             *which)
{
  const LzEventActive *ac = &self->sm.act;

  if (!ac->on || !(ac->g_frozen < best))
    return best;
  if (which != NULL)
    *which = ac->which_frozen;
  self->loc.min_jumps = ac->jumps_frozen;
  return ac->g_frozen;
}

/* The components RK's next step computes: the active set's, or all */
void
lz_event_active_rk_comps (const LzEventSmooth *sm,
                          LzEventRk           *rk)
{
  const LzEventActive *ac = &sm->act;

  if (!ac->on)
    {
      if (rk->comp_epoch != 0)
        {
          for (guint i = 0; i < rk->dim; i++)
            rk->comp[i] = i;
          rk->ncomp = rk->dim;
          rk->comp_epoch = 0;
        }
      return;
    }
  if (rk->comp_epoch == ac->epoch)
    return;
  memcpy (rk->comp, ac->comp, ac->ncomp * sizeof (guint));
  rk->ncomp = ac->ncomp;
  rk->comp_epoch = ac->epoch;
}

/* The elements whose states (g, ġ, force: lz_event_element_state()) a
 * trace row computes: while the set is on, once a row of its epoch has
 * computed every one, those on integrated bodies (*ELEMS, returns how
 * many) — a frozen element's state is constant, and stays in the row's
 * arrays; otherwise every element (*ELEMS NULL, returns ne). */
guint
lz_event_active_row_elements (LzEventIntegrator *self,
                              const guint      **elems)
{
  LzEventActive *ac = &self->sm.act;

  *elems = NULL;
  if (!ac->on)
    {
      ac->rows_epoch = 0;
      return self->ne;
    }
  if (ac->rows_epoch == ac->epoch)
    {
      *elems = ac->live;
      return ac->nlive;
    }
  ac->rows_epoch = ac->epoch;
  return self->ne;
}

/* The energy the springs store at the coordinates GV of a trace row
 * (lz_event_element_state()'s): the elements that row computed, and the
 * frozen ones' kept from the first of the set's epoch — summed in the
 * elements' order, as over every element. */
double
lz_event_active_potential (LzEventIntegrator *self,
                           const double      *gv)
{
  LzEventActive *ac = &self->sm.act;
  double potential = 0;

  if (ac->energy == NULL || !ac->on || ac->energy_epoch != ac->epoch)
    {
      ac->energy_epoch = ac->on ? ac->epoch : 0;
      for (guint e = 0; e < self->ne; e++)
        {
          double u = lz_element_law_energy (&self->el[e].law, gv[e]);

          if (ac->energy != NULL)
            ac->energy[e] = u;
          potential += u;
        }
      return potential;
    }
  for (guint k = 0; k < ac->nlive; k++)
    ac->energy[ac->live[k]] = lz_element_law_energy (&self->el[ac->live[k]].law, gv[ac->live[k]]);
  for (guint e = 0; e < self->ne; e++)
    potential += ac->energy[e];
  return potential;
}
