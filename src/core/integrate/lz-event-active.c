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
 * An event may leave the frozen bodies out altogether and carry the set
 * into its new mode: lz-event-carry.c.
 * LUZTAR_EVENT_ACTIVE=off turns the set off, =full keeps the full
 * evaluation at every mode.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-contact-law.h"
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-model-private.h"

/* Per element, for the run: what lets the bodies it acts on freeze
 * (lz_event_active_freezable()) — never, always, or by its mode */
enum
{
  FREEZE_NEVER = 0,
  FREEZE_ALWAYS = 1,
  FREEZE_STUCK = 2,           /* a one-port friction with constant levels, while it sticks */
  FREEZE_HELD = 3             /* a one-port stop, open or in contact on its row */
};

static guint8 freeze_class (const LzElementLaw *law);


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
  ac->pin = g_new0 (guint, n);
  ac->stale = g_new (guint, ne);
  ac->row_list = g_new (guint, ne);
  ac->is_stale = g_new0 (guint8, ne);
  ac->stores = g_new (guint, ne);
  for (guint e = 0; e < self->ne; e++)
    if (lz_contact_law_is (&self->el[e].law) || self->el[e].law.k > 0)
      ac->stores[ac->nstores++] = e;
  for (guint e = 0; e < self->ne; e++)
    ac->freeze[e] = freeze_class (&self->el[e].law);
  nforced = lz_assembly_get_forced_dofs (self->parent.assembly, forced);
  for (guint k = 0; k < nforced; k++)
    ac->is_forced[forced[k]] = TRUE;
  lz_event_carry_setup (self);
  ac->full_tense = self->sm.tense;
  ac->full_ntense = self->sm.n_tense;
  ac->full_powered = self->sm.powered;
  ac->full_npowered = self->sm.n_powered;
  ac->full_guarded = self->sm.guarded;
  ac->full_nguarded = self->sm.n_guarded;
  for (guint k = 0; k < ac->full_ntense; k++)
    ac->in_lists[ac->full_tense[k]] |= LZ_LIST_TENSE;
  for (guint k = 0; k < ac->full_npowered; k++)
    ac->in_lists[ac->full_powered[k]] |= LZ_LIST_POWERED;
  for (guint k = 0; k < ac->full_nguarded; k++)
    ac->in_lists[ac->full_guarded[k]] |= LZ_LIST_GUARDED;
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
  g_clear_pointer (&ac->pin, g_free);
  g_clear_pointer (&ac->stale, g_free);
  g_clear_pointer (&ac->row_list, g_free);
  g_clear_pointer (&ac->is_stale, g_free);
  g_clear_pointer (&ac->stores, g_free);
  lz_event_carry_free (ac);
}

/* The element lists an evaluation visits (lz_event_smooth_sparse()'s):
 * the full ones (FULL) or the active set's */
void
lz_event_active_use_lists (LzEventSmooth *sm,
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
    lz_event_active_use_lists (sm, TRUE);
}

/* The impacts at the event put an impulse (or a shift onto a limit) on the
 * bodies of EL: where one is held (frozen or pinned), the frozen bodies'
 * data are no longer those the set was armed with */
void
lz_event_active_impulse (LzEventSmooth *sm,
                         const Elem    *el)
{
  LzEventActive *ac = &sm->act;

  if (ac->at_event && ((el->law.a >= 0 && ac->state[el->law.a] != LZ_ACTIVE_FREE)
                       || (el->law.b >= 0 && ac->state[el->law.b] != LZ_ACTIVE_FREE)))
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
    if (ports[k] >= 0 && (ac->state[ports[k]] != LZ_ACTIVE_FROZEN || ac->cand_count[ports[k]] != 1))
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
gboolean
lz_event_active_eligible (const LzEventIntegrator *self)
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
gboolean
lz_event_active_freezable (const LzEventIntegrator *self,
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
          ac->state[law->a >= 0 ? law->a : law->b] = LZ_ACTIVE_PINNED;
          ac->pin[law->a >= 0 ? law->a : law->b] = sm->con[c];
        }
    }
  for (guint i = 0; i < n; i++)
    if (ac->state[i] == LZ_ACTIVE_PINNED && !ac->is_forced[i] && sm->mass[i] > 0)
      ac->state[i] = LZ_ACTIVE_FROZEN;
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    if (sm->src_body[s] >= 0 && ac->state[sm->src_body[s]] == LZ_ACTIVE_FROZEN)
      ac->state[sm->src_body[s]] = LZ_ACTIVE_PINNED;
  for (guint e = 0; e < self->ne; e++)
    {
      const LzElementLaw *law = &self->el[e].law;
      int a = law->a, b = law->b;

      if (!lz_event_active_freezable (self, e))
        {
          if (a >= 0 && ac->state[a] == LZ_ACTIVE_FROZEN)
            ac->state[a] = LZ_ACTIVE_PINNED;
          if (b >= 0 && ac->state[b] == LZ_ACTIVE_FROZEN)
            ac->state[b] = LZ_ACTIVE_PINNED;
        }
    }
  /* a neighbour through K or C (every two-port element is there or was
   * not freezable) that is not pinned */
  for (guint i = 0; i < n; i++)
    {
      if (ac->state[i] != LZ_ACTIVE_FROZEN)
        continue;
      for (guint c = sm->kc_start[i]; c < sm->kc_start[i + 1]; c++)
        if (ac->state[sm->kc_col[c]] == LZ_ACTIVE_FREE)
          {
            ac->state[i] = LZ_ACTIVE_PINNED;
            break;
          }
    }
  for (guint i = 0; i < n; i++)
    frozen += ac->state[i] == LZ_ACTIVE_FROZEN;
  ac->nfrozen = frozen;
  return frozen;
}

/* Whether element E acts on a body that is integrated (or on none) */
gboolean
lz_event_active_touches (const LzEventActive *ac,
                         const Elem          *el)
{
  gboolean fa = el->law.a >= 0 && ac->state[el->law.a] == LZ_ACTIVE_FROZEN;
  gboolean fb = el->law.b >= 0 && ac->state[el->law.b] == LZ_ACTIVE_FROZEN;

  return !((fa || el->law.a < 0) && (fb || el->law.b < 0)) || (el->law.a < 0 && el->law.b < 0);
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
void
lz_event_active_frozen_guards (LzEventIntegrator *self)
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
 * lz_event_min_guard(), for lz_event_active_frozen_guards() */
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
  if (ac->body == NULL || !lz_event_active_eligible (self) || classify (self) == 0)
    return;
  for (guint e = 0; e < self->ne; e++)
    ac->touches[e] = lz_event_active_touches (ac, &self->el[e]);
  lz_event_active_frozen_guards (self);
  if (!(ac->g_frozen > 0))
    return;                     /* (an instant at hand: every body, as before) */
  for (guint c = 0; c < sm->nc; c++)
    if (!ac->touches[sm->con[c]])
      ac->lam_elem[sm->con[c]] = gsl_vector_get (sm->lambda, c);
  ac->rearms = 0;
  lz_event_carry_stamp_units (self, TRUE);
  lz_event_active_turn_on (self, y);
}

/* The set's lists from state and touches, and on (at Y) */
void
lz_event_active_turn_on (LzEventIntegrator *self,
                         const double      *y)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;
  guint n = self->n;

  ac->nbody = ac->nforced = 0;
  for (guint i = 0; i < n; i++)
    if (ac->state[i] != LZ_ACTIVE_FROZEN)
      {
        ac->body[ac->nbody++] = i;
        if (ac->is_forced[i])
          ac->forced[ac->nforced++] = i;
      }
  lz_event_active_comps (ac, n);
  ac->nlive = 0;
  for (guint e = 0; e < self->ne; e++)
    if (ac->touches[e])
      ac->live[ac->nlive++] = e;
  ac->ntense = filter_elements (ac, ac->full_tense, ac->full_ntense, ac->tense);
  ac->npowered = filter_elements (ac, ac->full_powered, ac->full_npowered, ac->powered);
  ac->nguarded = filter_elements (ac, ac->full_guarded, ac->full_nguarded, ac->guarded);
  /* (the sleep check's data kept for a re-arm's update even where it
   * is not used) */
  ac->sleep_ok = lz_event_carry_sleep_check (self, y) && !ac->full_arms;
  ac->still = ac->sleep_ok;
  lz_event_carry_bound_mark (self, y);
  lz_event_active_switch_on (self);
}

/* The components of y the integrated bodies have (comp): their q, their
 * v, then the energy books' */
void
lz_event_active_comps (LzEventActive *ac,
                       guint          n)
{
  ac->ncomp = 0;
  for (guint k = 0; k < ac->nbody; k++)
    ac->comp[ac->ncomp++] = ac->body[k];
  for (guint k = 0; k < ac->nbody; k++)
    ac->comp[ac->ncomp++] = n + ac->body[k];
  for (guint i = 2 * n; i < 2 * n + 3; i++)
    ac->comp[ac->ncomp++] = i;
}

/* The set on for the mode's constraints (sm.con: its rows on integrated
 * bodies), its other lists as they are */
void
lz_event_active_switch_on (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  LzEventActive *ac = &sm->act;

  ac->ncon = 0;
  for (guint c = 0; c < sm->nc; c++)
    if (ac->touches[sm->con[c]])
      ac->con[ac->ncon++] = c;
  lz_event_active_use_lists (sm, FALSE);
  ac->on = TRUE;
  ac->armed = TRUE;
  ac->epoch++;
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

/* The COUNT elements ELEMS to compute again at the next trace row (a
 * re-arm computed their frozen bodies again) */
void
lz_event_active_stale (LzEventActive *ac,
                       const guint   *elems,
                       guint          count)
{
  for (guint k = 0; k < count; k++)
    if (!ac->is_stale[elems[k]])
      {
        ac->is_stale[elems[k]] = TRUE;
        ac->stale[ac->nstale++] = elems[k];
      }
}

/* The stale elements taken (by a row) */
static void
stale_clear (LzEventActive *ac)
{
  for (guint k = 0; k < ac->nstale; k++)
    ac->is_stale[ac->stale[k]] = FALSE;
  ac->nstale = 0;
}

/* The elements whose states (g, ġ, force: lz_event_element_state()) a
 * trace row computes: while the set is on, once a row of its epoch has
 * computed every one, those on integrated bodies and the stale ones
 * (*ELEMS, returns how many; row_list) — a frozen element's state is
 * constant, and stays in the row's arrays; otherwise every element
 * (*ELEMS NULL, returns ne). */
guint
lz_event_active_row_elements (LzEventIntegrator *self,
                              const guint      **elems)
{
  LzEventActive *ac = &self->sm.act;
  guint count;

  *elems = NULL;
  ac->row_list_ok = FALSE;
  if (!ac->on || ac->rows_epoch != ac->epoch)
    {
      ac->rows_epoch = ac->on ? ac->epoch : 0;
      stale_clear (ac);
      return self->ne;
    }
  count = ac->nlive;
  if (ac->nstale == 0)
    *elems = ac->live;
  else
    {
      /* (a stale element on an integrated body is live already) */
      memcpy (ac->row_list, ac->live, count * sizeof (guint));
      for (guint k = 0; k < ac->nstale; k++)
        if (!ac->touches[ac->stale[k]])
          ac->row_list[count++] = ac->stale[k];
      stale_clear (ac);
      *elems = ac->row_list;
    }
  ac->row_list_ok = TRUE;
  ac->nrow_list = count;
  if (*elems == ac->live)
    memcpy (ac->row_list, ac->live, count * sizeof (guint));
  return count;
}

/* The energy the springs store at the coordinates GV of a trace row
 * (lz_event_element_state()'s): the elements that row computed, and the
 * other frozen ones' kept from the first of the set's epoch — summed in
 * the elements' order, as over every element; over those that may store
 * energy (stores), for the others' is an exact +0, which adds nothing to
 * a sum that starts at +0. */
double
lz_event_active_potential (LzEventIntegrator *self,
                           const double      *gv)
{
  LzEventActive *ac = &self->sm.act;
  double potential = 0;

  if (ac->stores == NULL)
    {
      for (guint e = 0; e < self->ne; e++)
        potential += lz_element_law_energy (&self->el[e].law, gv[e]);
      return potential;
    }
  if (!ac->on || ac->energy_epoch != ac->epoch || !ac->row_list_ok)
    {
      ac->energy_epoch = ac->on ? ac->epoch : 0;
      for (guint k = 0; k < ac->nstores; k++)
        {
          guint e = ac->stores[k];

          ac->energy[e] = lz_element_law_energy (&self->el[e].law, gv[e]);
          potential += ac->energy[e];
        }
      return potential;
    }
  for (guint k = 0; k < ac->nrow_list; k++)
    ac->energy[ac->row_list[k]] = lz_element_law_energy (&self->el[ac->row_list[k]].law, gv[ac->row_list[k]]);
  for (guint k = 0; k < ac->nstores; k++)
    potential += ac->energy[ac->stores[k]];
  return potential;
}
