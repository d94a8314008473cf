/* lz-event-power.c — the powers of the event-driven method's energy books
 * in an evaluation: damping, dry friction, the sources and moving grounds
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "lz-contact-law.h"
#include "lz-event-private.h"
#include "lz-expr.h"
#include "lz-model-private.h"

/* Element E's powers at (q, v) into the books SUM (damping, friction,
 * sources), in the order lz_event_powers() adds them. */
void
lz_event_power_add (LzEventIntegrator *self,
                    guint              e,
                    const double      *q,
                    const double      *v,
                    double            *sum)
{
  LzEventTaylor *ty = &self->sm.ty;
  const Elem *el = &self->el[e];
  double g0d = self->sm.g0d[e], gd = lz_event_wdot (el, v) + g0d, T = 0;

  if (el->plain_damper)
    {
      /* (the most common: what the branches below come to for it) */
      lz_event_taylor_book_square (ty, &sum[0], 0, el->law.c, gd);
      return;
    }
  if (el->law.c > 0)
    {
      lz_event_taylor_book_square (ty, &sum[0], 0, el->law.c, gd);
      T += el->law.c * gd;
    }
  if (el->law.kind == LZ_ITEM_FRICTION)
    {
      double F = self->mode[e] == LZ_MODE_STICK ? -lz_event_held_force (self, e)
                 : el->slip_constant ? lz_event_slip_constant_tension (self, e)      /* (no g needed) */
                 : lz_event_mode_tension (self, e, lz_event_wdot (el, q) + self->sm.g0[e], gd);

      lz_event_taylor_book (ty, &sum[1], 1, F, gd);
      T += F;
    }
  else if (g0d != 0 || (el->law.kind != LZ_ITEM_DAMPER && lz_contact_law_is (&el->law)))
    {
      double g = lz_event_wdot (el, q) + self->sm.g0[e];

      if (el->law.kind == LZ_ITEM_STOP)
        T += -lz_event_held_force (self, e);
      else if (el->law.k > 0)
        T += lz_element_law_spring_tension (&el->law, self->mode[e], g);
      else if (lz_contact_law_is (&el->law))
        {
          T += lz_contact_law_tension (&el->law, self->mode[e], g, gd);
          sum[0] += lz_contact_law_dissipation (&el->law, self->mode[e], g, gd);
        }
    }
  if (g0d != 0)
    sum[2] += T * g0d;
}

/* The powers at (t, Y) (Y = (q, v), the massless entries solved) into
 * P: the dampers' dissipation, the dry friction's, and the work rate of
 * the forces on bodies and of the elements on their moving grounds.  An
 * element's tension T enters only the last, as T·ġ0: on a fixed ground
 * (ġ0 = 0, the usual case) it is not computed — adding T·0 changed
 * nothing, the sum is never −0 — so that a stop or a spring costs nothing
 * there, and a damper its term.  (A Taylor step's orders take the
 * mode's operations, lz-event-ops.c.) */
void
lz_event_powers (LzEventIntegrator *self,
                 double             t,
                 const double      *y,
                 double            *p)
{
  const double *q = y, *v = y + self->n;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  double sum[3] = { 0, 0, 0 };   /* damping, friction, sources */
  /* (a Taylor step's series records the products' factors: lz-event-taylor.c) */
  LzEventTaylor *ty = &self->sm.ty;

  for (guint s = 0, ns = lz_model_get_n_sources (model); s < ns; s++)
    {
      const LzSource *src = lz_model_get_source (model, s);

      if (src->item.kind == LZ_ITEM_FORCE)
        lz_event_taylor_book (ty, &sum[2], 2,
                              ty->eval_src != NULL ? ty->eval_src[s] : lz_expr_eval (src->value, t),
                              v[self->sm.src_body[s]]);
    }
  /* (a through-stop's force is its stops', K's and R's; the others have
   * no damping and a fixed ground: no power) */
  if (ty->ops_on)
    lz_event_ops_powers (self, q, v, sum);
  else
    for (guint k = 0; k < self->sm.n_powered; k++)
      lz_event_power_add (self, self->sm.powered[k], q, v, sum);
  p[0] = sum[0];
  p[1] = sum[1];
  p[2] = sum[2];
}
