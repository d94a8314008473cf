/* lz-forcing.c — the instants where a model's forcing jumps, and what
 * neither method can take of it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The forcing of a run is its forces F(t), the motions x(t) of its
 * moving grounds and the friction levels written in t.  Written with
 * step() or abs(), they jump — the value, or a derivative — at the
 * instants lz_jumps_find() gives.  The event-driven method stops at each
 * one and restarts there (lz-event-forcing.c), time-stepping lands on it
 * (lz-timestep-forcing.c); both methods refuse, before the run, a friction
 * level that goes below zero (found the same way: where step(level)
 * jumps), and a jump that
 * no law can take: the position of a ground jumping under a damper (an
 * infinite force), a stop (its limit would move through the body) or dry
 * friction (an infinite slip velocity).  A spring takes such a jump (its
 * force jumps), and any element a jump of the velocity or the
 * acceleration of its ground (a stop in contact as an impact).
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "lz-elements.h"
#include "lz-error.h"
#include "lz-forcing.h"
#include "lz-jumps.h"
#include "lz-model.h"

static int
compare_jumps (gconstpointer a,
               gconstpointer b)
{
  const LzForcingJump *x = a, *y = b;

  return x->t < y->t ? -1 : x->t > y->t ? 1 : x->who < y->who ? -1 : x->who > y->who;
}

/* The instants of EXPR in (0, t_end], found once per expression (grounds
 * are shared by elements); NULL with ERROR. */
static GArray *
instants_of (GHashTable   *found,
             const LzExpr *expr,
             const char   *owner,
             double        t_end,
             GError      **error)
{
  GArray *instants = g_hash_table_lookup (found, expr);

  if (instants == NULL)
    {
      instants = lz_jumps_find (expr, 0.0, t_end, owner, error);
      if (instants != NULL)
        g_hash_table_insert (found, (gpointer) expr, instants);
    }
  return instants;
}

/* A ground's motion jumps in position under an element that cannot take
 * it (see the top of the file). */
static gboolean
check_position (const LzElementLaw *law,
                const char         *ground,
                const LzExpr       *motion,
                GArray             *instants,
                GError            **error)
{
  const char *what;

  if (law->kind == LZ_ITEM_DAMPER)
    what = _("a damper would take an infinite force");
  else if (law->kind == LZ_ITEM_STOP)
    what = _("the stop's limit would move through the body");
  else if (law->kind == LZ_ITEM_FRICTION)
    what = _("the friction's slip velocity would be infinite");
  else
    return TRUE;         /* a spring's or a gear's force jumps */
  for (guint i = 0; i < instants->len; i++)
    {
      double t = g_array_index (instants, double, i);

      if (lz_jumps_value_jumps (motion, t))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_EXPRESSION,
                       _("element “%s”: the motion “%s” of ground “%s” jumps in position at "
                         "t = %.10g s, and %s; make the motion continuous (its velocity "
                         "may jump)"),
                       law->id, lz_expr_get_text (motion), ground, t, what);
          return FALSE;
        }
    }
  return TRUE;
}

static void
add_jumps (GArray  *jumps,
           GArray  *instants,
           guint    who,
           gboolean level)
{
  for (guint i = 0; i < instants->len; i++)
    {
      LzForcingJump jump = { g_array_index (instants, double, i), who, level };

      g_array_append_val (jumps, jump);
    }
}

/* A friction level LEVEL in t never goes below zero in (0, t_end]: the
 * instants where step(LEVEL) jumps are where it changes sign (it is
 * checked at t = 0 before the run); after each it is ≥ 0.  FALSE with
 * ERROR naming the friction, the expression and t otherwise. */
static gboolean
check_level_sign (const LzElementLaw *law,
                  const LzExpr       *level,
                  double              t_end,
                  GError            **error)
{
  g_autofree char *text = g_strdup_printf ("step(%s)", lz_expr_get_text (level));
  g_autofree char *owner = g_strdup_printf (_("friction “%s”, a level in t"), law->id);
  g_autoptr(LzExpr) sign = lz_expr_new (text, owner, error);
  g_autoptr(GArray) instants = NULL;

  if (sign == NULL)
    return FALSE;
  instants = lz_jumps_find (sign, 0.0, t_end, owner, error);
  if (instants == NULL)
    return FALSE;
  for (guint i = 0; i < instants->len; i++)
    {
      double t = g_array_index (instants, double, i);

      if (lz_expr_eval (level, t + lz_jumps_side (t)) < 0)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       _("friction “%s”: its level “%s” goes below zero at t = %.10g s; a "
                         "friction level must be ≥ 0 for the whole run"),
                       law->id, lz_expr_get_text (level), t);
          return FALSE;
        }
    }
  return TRUE;
}

/* The friction levels in t of LAW: their jumps (events of the element),
 * and their sign. */
static gboolean
level_jumps (LzForcing          *self,
             const LzElementLaw *law,
             GHashTable         *found,
             double              t_end,
             GError            **error)
{
  const LzExpr *levels[4] = { law->fpos_t, law->fneg_t, law->fs_pos_t, law->fs_neg_t };

  for (guint k = 0; k < G_N_ELEMENTS (levels); k++)
    {
      g_autofree char *owner = NULL;
      GArray *instants;
      gboolean seen = FALSE;

      for (guint j = 0; j < k; j++)
        seen = seen || levels[j] == levels[k];
      if (levels[k] == NULL || seen)
        continue;
      owner = g_strdup_printf (_("friction “%s”, a level in t"), law->id);
      instants = instants_of (found, levels[k], owner, t_end, error);
      if (instants == NULL || !check_level_sign (law, levels[k], t_end, error))
        return FALSE;
      self->any = self->any || instants->len > 0;
      add_jumps (self->jumps, instants, law->index, TRUE);
    }
  return TRUE;
}

/* The moving grounds of the elements, and the friction levels in t. */
static gboolean
element_jumps (LzForcing        *self,
               const LzAssembly *assembly,
               GHashTable       *found,
               double            t_end,
               GError          **error)
{
  g_autoptr(LzElementTable) table = lz_element_table_new (assembly);

  for (guint e = 0; e < lz_element_table_get_n (table); e++)
    {
      const LzElementLaw *law = lz_element_table_get (table, e);

      if (law->kind == LZ_ITEM_FRICTION && !level_jumps (self, law, found, t_end, error))
        return FALSE;
      for (guint port = 0; port < 2; port++)
        {
          const LzExpr *motion = port == 0 ? law->xa : law->xb;
          const char *ground = port == 0 ? law->element->a : law->element->b;
          g_autofree char *owner = NULL;
          GArray *instants;

          if (motion == NULL)
            continue;
          owner = g_strdup_printf (_("ground “%s”, attribute “motion”"), ground);
          instants = instants_of (found, motion, owner, t_end, error);
          if (instants == NULL || !check_position (law, ground, motion, instants, error))
            return FALSE;
          self->any = self->any || instants->len > 0;
          add_jumps (self->jumps, instants, law->index, FALSE);
        }
    }
  return TRUE;
}

/**
 * lz_forcing_new:
 * @assembly: the run's assembly
 * @t_end: the end of the run (s)
 * @error: return location for an %LZ_ERROR_EXPRESSION error
 *
 * The jumps of the forcing of a run in (0, @t_end]: every force's, every
 * moving ground's (under each of its elements) and every friction level's
 * in t, in time order.  Refuses an expression lz_jumps_find() cannot
 * analyse, a friction level that goes below zero and a jump of a ground's
 * position under a damper, a stop or dry friction, naming the element,
 * the expression and why.
 *
 * Returns: (transfer full): the jumps, or %NULL with @error set
 */
LzForcing *
lz_forcing_new (const LzAssembly *assembly,
                double            t_end,
                GError          **error)
{
  LzModel *model = lz_assembly_get_model (assembly);
  guint ne = lz_model_get_n_elements (model);
  g_autoptr(LzForcing) self = g_new0 (LzForcing, 1);
  g_autoptr(GHashTable) found = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);

  self->jumps = g_array_new (FALSE, FALSE, sizeof (LzForcingJump));
  if (!element_jumps (self, assembly, found, t_end, error))
    return NULL;
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);
      g_autofree char *owner = NULL;
      GArray *instants;

      if (source->item.kind != LZ_ITEM_FORCE || source->value == NULL)
        continue;
      owner = g_strdup_printf (_("force “%s”, attribute “value”"), source->item.id);
      instants = instants_of (found, source->value, owner, t_end, error);
      if (instants == NULL)
        return NULL;
      self->any = self->any || instants->len > 0;
      add_jumps (self->jumps, instants, ne + s, FALSE);
    }
  g_array_sort (self->jumps, compare_jumps);
  return g_steal_pointer (&self);
}

/**
 * lz_forcing_set_window:
 * @forcing: the jumps of a run
 * @next: the index of the first jump after the run's time
 * @time_unit: the run's time scale T (s)
 *
 * Sets this thread's window (lz-jumps.h) to the interval between the
 * jumps the run is in — from the jump before @next (or 0) to @next (or
 * +∞) — so that both methods evaluate the forcing on their side of each
 * jump; nothing for a forcing without jumps (its evaluations stay as they
 * were).
 */
void
lz_forcing_set_window (const LzForcing *forcing,
                       guint            next,
                       double           time_unit)
{
  const GArray *jumps;

  if (forcing == NULL || forcing->jumps->len == 0)
    return;
  jumps = forcing->jumps;
  lz_jumps_set_time_unit (time_unit);
  lz_jumps_set_window (next > 0 ? lz_forcing_time (forcing, next - 1) : 0.0,
                       next < jumps->len ? lz_forcing_time (forcing, next) : INFINITY);
}

void
lz_forcing_free (LzForcing *forcing)
{
  if (forcing == NULL)
    return;
  g_clear_pointer (&forcing->jumps, g_array_unref);
  g_free (forcing);
}
