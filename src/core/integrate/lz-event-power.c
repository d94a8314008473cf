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

/* The powers at (t, Y) (Y = (q, v), the massless entries solved) into
 * P: the dampers' dissipation, the dry friction's, and the work rate of
 * the forces on bodies and of the elements on their moving grounds.  An
 * element's tension T enters only the last, as T·ġ0: on a fixed ground
 * (ġ0 = 0, the usual case) it is not computed — adding T·0 changed
 * nothing, the sum is never −0 — so that a stop or a spring costs nothing
 * there, and a damper its term. */
void
lz_event_powers (LzEventIntegrator *self,
                 double             t,
                 const double      *y,
                 double            *p)
{
  const double *q = y, *v = y + self->n;
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  double p_damp = 0, p_fric = 0, p_src = 0;
  /* (a Taylor step's series records the products' factors: lz-event-taylor.c) */
  LzEventTaylor *ty = &self->sm.ty;

  for (guint s = 0, ns = lz_model_get_n_sources (model); s < ns; s++)
    {
      const LzSource *src = lz_model_get_source (model, s);

      if (src->item.kind == LZ_ITEM_FORCE)
        lz_event_taylor_book (ty, &p_src, 2,
                              ty->eval_src != NULL ? ty->eval_src[s] : lz_expr_eval (src->value, t),
                              v[self->sm.src_body[s]]);
    }
  /* (a through-stop's force is its stops', K's and R's; the others have
   * no damping and a fixed ground: no power) */
  for (guint k = 0; k < self->sm.n_powered; k++)
    {
      guint e = self->sm.powered[k];
      const Elem *el = &self->el[e];
      double g0d = self->sm.g0d[e], gd = lz_event_wdot (el, v) + g0d, T = 0;

      if (el->plain_damper)
        {
          /* (the most common: what the branches below come to for it) */
          lz_event_taylor_book (ty, &p_damp, 0, el->law.c * gd, gd);
          continue;
        }
      if (el->law.c > 0)
        {
          lz_event_taylor_book (ty, &p_damp, 0, el->law.c * gd, gd);
          T += el->law.c * gd;
        }
      if (el->law.kind == LZ_ITEM_FRICTION)
        {
          double F = self->mode[e] == LZ_MODE_STICK ? -lz_event_held_force (self, e)
                     : el->slip_constant ? lz_event_slip_constant_tension (self, e)      /* (no g needed) */
                     : lz_event_mode_tension (self, e, lz_event_wdot (el, q) + self->sm.g0[e], gd);

          lz_event_taylor_book (ty, &p_fric, 1, F, gd);
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
              p_damp += lz_contact_law_dissipation (&el->law, self->mode[e], g, gd);
            }
        }
      if (g0d != 0)
        p_src += T * g0d;
    }
  p[0] = p_damp;
  p[1] = p_fric;
  p[2] = p_src;
}
