/* lz-scales.c — a model's characteristic length, time, force and speed
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every tolerance of the integrators that is not a pure ratio is a
 * fraction of one of these scales (docs/mathematics.md, "Scales"), so a
 * model written in grams or micrometres, or made a million times stiffer,
 * switches at the same (rescaled) times as the same model in SI units.
 * The scales use the parameters only — never the state of a run — and
 * each is a product of powers of them, so multiplying the masses, the
 * lengths or the stiffnesses of a model by a factor multiplies each scale
 * by the matching power of it.
 */

#include "config.h"

#include <math.h>

#include "lz-scales.h"

/* The time functions (forces, ground and prescribed motions) are sampled
 * at this many equal intervals of the model's own t-end for their size. */
#define SAMPLES 256

typedef struct
{
  double mass, stiffness, damping;  /* the largest of each */
  double length, force, speed;      /* the largest given */
} Given;

static void
take (double *largest,
      double  x)
{
  if (isfinite (x))
    *largest = MAX (*largest, fabs (x));
}

/* The largest |x(t)| (and |ẋ(t)| into SPEED when non-NULL) of EXPR over
 * [0, t_end]. */
static void
sample (const LzExpr *expr,
        double        t_end,
        double       *size,
        double       *speed)
{
  if (expr == NULL)
    return;
  for (guint i = 0; i <= SAMPLES; i++)
    {
      double t = t_end * i / SAMPLES;

      take (size, lz_expr_eval (expr, t));
      if (speed != NULL)
        take (speed, lz_expr_eval_d1 (expr, t));
      if (lz_expr_is_constant (expr))
        break;
    }
}

/* A port on a massless body: the body is eliminated before a run (the
 * element's stiffness acts in series with the others there), so it sets no
 * time scale of its own (a joint of k = 1e20 made T = 1e-10 s). */
static gboolean
on_massless_body (const LzModel   *model,
                  const LzElement *el)
{
  const LzBody *a = lz_model_lookup_body (model, el->a);
  const LzBody *b = lz_model_lookup_body (model, el->b);

  return (a != NULL && a->mass == 0) || (b != NULL && b->mass == 0);
}

static void
given_element (const LzModel   *model,
               const LzElement *el,
               double           t_end,
               Given           *g)
{
  double ca, cb, c2;

  if (on_massless_body (model, el))
    return;
  lz_element_get_coefficients (el, &ca, &cb);
  c2 = MAX (ca * ca, cb * cb);
  switch (el->item.kind)
    {
    case LZ_ITEM_SPRING:
      take (&g->stiffness, el->spring.k * c2);
      take (&g->length, el->spring.freeplay);
      take (&g->length, el->spring.offset);
      break;
    case LZ_ITEM_GEAR:
      take (&g->stiffness, el->gear.stiffness * c2);
      take (&g->length, el->gear.freeplay);
      break;
    case LZ_ITEM_DAMPER:
      take (&g->damping, el->damper.c * c2);
      break;
    case LZ_ITEM_FRICTION:
      take (&g->damping, el->friction.viscous * c2);
      take (&g->force, el->friction.level_pos);
      take (&g->force, el->friction.level_neg);
      take (&g->force, el->friction.static_pos);
      take (&g->force, el->friction.static_neg);
      take (&g->speed, el->friction.stribeck_velocity);
      /* the levels in t over the run (a clutch's 40*t is 0 at t = 0) */
      sample (el->friction.level_pos_t, t_end, &g->force, NULL);
      sample (el->friction.level_neg_t, t_end, &g->force, NULL);
      sample (el->friction.static_pos_t, t_end, &g->force, NULL);
      sample (el->friction.static_neg_t, t_end, &g->force, NULL);
      break;
    case LZ_ITEM_STOP:
      take (&g->length, el->stop.lower);
      take (&g->length, el->stop.upper);
      break;
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      take (&g->stiffness, el->contact.stiffness * c2);
      take (&g->damping, el->contact.damping * c2);
      take (&g->length, el->contact.lower);
      take (&g->length, el->contact.upper);
      take (&g->length, el->contact.freeplay);
      break;
    LZ_CASE_NOT_ELEMENT:
    default:
      break;
    }
}

static void
given_of_model (const LzModel *model,
                Given         *g)
{
  double t_end = lz_model_get_simulation (model)->t_end;

  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    {
      const LzBody *b = lz_model_get_body (model, i);

      take (&g->mass, b->mass);
      take (&g->length, b->q0);
      take (&g->speed, b->v0);
    }
  for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
    sample (lz_model_get_ground (model, i)->motion, t_end, &g->length, &g->speed);
  for (guint i = 0; i < lz_model_get_n_elements (model); i++)
    given_element (model, lz_model_get_element (model, i), t_end, g);
  for (guint i = 0; i < lz_model_get_n_sources (model); i++)
    {
      const LzSource *s = lz_model_get_source (model, i);

      if (s->item.kind == LZ_ITEM_FORCE)
        sample (s->value, t_end, &g->force, NULL);
      else if (s->item.kind == LZ_ITEM_PRESCRIBED)
        sample (s->value, t_end, &g->length, &g->speed);
    }
}

/**
 * lz_scales_of_model:
 * @model: a valid model
 * @scales: (out): its scales
 *
 * T is √(m/k) with the largest mass and stiffness (m/c, c/k or
 * √(m·L/F) when the model has no springs, no masses or neither); L the
 * largest of the lengths given (q0, stop limits, freeplays, offsets, ground
 * and prescribed motions) and of how far the largest force moves the model
 * (F/k, or F·T²/m); F the largest of the forces given and k·L, m·L/T²;
 * V = max(L/T, the speeds given).  A model with no length, force or speed
 * at all (it cannot move) has L = 1 and T its t-end.
 */
void
lz_scales_of_model (const LzModel *model,
                    LzScales      *scales)
{
  Given g = { 0 };
  double m, k, c, T, L;

  g_return_if_fail (model != NULL && scales != NULL);

  given_of_model (model, &g);
  m = g.mass, k = g.stiffness, c = g.damping;
  if (m > 0 && k > 0)
    T = sqrt (m / k);
  else if (m > 0 && c > 0)
    T = m / c;
  else if (k > 0 && c > 0)
    T = c / k;
  else if (m > 0 && g.force > 0 && g.length > 0)
    T = sqrt (m * g.length / g.force);
  else
    T = lz_model_get_simulation (model)->t_end;

  L = g.length;
  if (k > 0)
    L = MAX (L, g.force / k);
  else if (m > 0)
    L = MAX (L, g.force * T * T / m);
  if (!(L > 0))
    L = g.speed * T;
  if (!(L > 0))
    L = 1.0;

  scales->length = L;
  scales->time = T;
  scales->force = MAX (g.force, MAX (k * L, m * L / (T * T)));
  if (!(scales->force > 0))
    scales->force = c * L / T;
  if (!(scales->force > 0))
    scales->force = 1.0;
  scales->speed = MAX (L / T, g.speed);
  scales->energy = scales->force * L;
  g_debug ("scales of “%s”: L = %g, T = %g, F = %g, V = %g", lz_model_get_name (model),
           L, T, scales->force, scales->speed);
}
