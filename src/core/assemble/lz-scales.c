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

/* What element EL gives, in the units of its own coordinate g (stiffness
 * and damping per g, not yet times c²). */
static void
given_of_element (const LzElement *el,
                  double           t_end,
                  Given           *e)
{
  switch (el->item.kind)
    {
    case LZ_ITEM_SPRING:
      take (&e->stiffness, el->spring.k);
      take (&e->length, el->spring.freeplay);
      take (&e->length, el->spring.offset);
      break;
    case LZ_ITEM_GEAR:
      take (&e->stiffness, el->gear.stiffness);
      take (&e->length, el->gear.freeplay);
      break;
    case LZ_ITEM_DAMPER:
      take (&e->damping, el->damper.c);
      break;
    case LZ_ITEM_FRICTION:
      take (&e->damping, el->friction.viscous);
      take (&e->force, el->friction.level_pos);
      take (&e->force, el->friction.level_neg);
      take (&e->force, el->friction.static_pos);
      take (&e->force, el->friction.static_neg);
      take (&e->speed, el->friction.stribeck_velocity);
      /* the levels in t over the run (a clutch's 40*t is 0 at t = 0) */
      sample (el->friction.level_pos_t, t_end, &e->force, NULL);
      sample (el->friction.level_neg_t, t_end, &e->force, NULL);
      sample (el->friction.static_pos_t, t_end, &e->force, NULL);
      sample (el->friction.static_neg_t, t_end, &e->force, NULL);
      break;
    case LZ_ITEM_STOP:
      take (&e->length, el->stop.lower);
      take (&e->length, el->stop.upper);
      break;
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      take (&e->stiffness, el->contact.stiffness);
      take (&e->damping, el->contact.damping);
      take (&e->length, el->contact.lower);
      take (&e->length, el->contact.upper);
      take (&e->length, el->contact.freeplay);
      break;
    LZ_CASE_NOT_ELEMENT:
    default:
      break;
    }
}

/* E (in g's units) into G for a dof on which g moves by F per unit of the
 * dof, stiffnesses and dampings by F2 (F² for one port). */
static void
merge (Given       *g,
       const Given *e,
       double       f2,
       double       f)
{
  take (&g->stiffness, e->stiffness * f2);
  take (&g->damping, e->damping * f2);
  take (&g->force, e->force * f);
  take (&g->length, e->length / f);
  take (&g->speed, e->speed / f);
}

/* The body of port ID when it is one of kind KIND, else NULL. */
static const LzBody *
body_of_kind (const LzModel *model,
              const char    *id,
              int            kind)
{
  const LzBody *body = id != NULL ? lz_model_lookup_body (model, id) : NULL;

  return body != NULL && (int) body->kind == kind ? body : NULL;
}

/* A moving ground at port GROUND (coefficient C) of an element into E, in
 * the element's g. */
static void
given_ground_port (const LzModel *model,
                   const char    *ground,
                   double         c,
                   double         t_end,
                   Given         *e)
{
  const LzGround *gr = ground != NULL ? lz_model_lookup_ground (model, ground) : NULL;
  Given m = { 0 };

  if (gr == NULL)
    return;
  sample (gr->motion, t_end, &m.length, &m.speed);
  take (&e->length, m.length * c);
  take (&e->speed, m.speed * c);
}

/* Element EL into G: for every dof when KIND < 0 (stiffnesses × the
 * larger c², the rest in g's units), else for the dofs of that kind only,
 * each quantity taken to the dof through its port's coefficient. */
static void
given_element (const LzModel   *model,
               const LzElement *el,
               double           t_end,
               int              kind,
               Given           *g)
{
  Given e = { 0 };
  double ca, cb;

  if (on_massless_body (model, el))
    return;
  lz_element_get_coefficients (el, &ca, &cb);
  ca = fabs (ca), cb = fabs (cb);
  given_of_element (el, t_end, &e);
  if (kind < 0)
    {
      merge (g, &e, MAX (ca * ca, cb * cb), 1.0);
      return;
    }
  given_ground_port (model, el->a, ca, t_end, &e);
  given_ground_port (model, el->b, cb, t_end, &e);
  if (body_of_kind (model, el->a, kind) != NULL)
    merge (g, &e, ca * ca, ca);
  if (body_of_kind (model, el->b, kind) != NULL)
    merge (g, &e, cb * cb, cb);
}

/* What the model gives, for every dof when KIND < 0, else for the dofs of
 * that LzBodyKind only. */
static void
given_of_model (const LzModel *model,
                int            kind,
                Given         *g)
{
  double t_end = lz_model_get_simulation (model)->t_end;

  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    {
      const LzBody *b = lz_model_get_body (model, i);

      if (kind >= 0 && (int) b->kind != kind)
        continue;
      take (&g->mass, b->mass);
      take (&g->length, b->q0);
      take (&g->speed, b->v0);
    }
  if (kind < 0)
    for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
      sample (lz_model_get_ground (model, i)->motion, t_end, &g->length, &g->speed);
  for (guint i = 0; i < lz_model_get_n_elements (model); i++)
    given_element (model, lz_model_get_element (model, i), t_end, kind, g);
  for (guint i = 0; i < lz_model_get_n_sources (model); i++)
    {
      const LzSource *s = lz_model_get_source (model, i);

      if (kind >= 0 && body_of_kind (model, s->body, kind) == NULL)
        continue;
      if (s->item.kind == LZ_ITEM_FORCE)
        sample (s->value, t_end, &g->force, NULL);
      else if (s->item.kind == LZ_ITEM_PRESCRIBED)
        sample (s->value, t_end, &g->length, &g->speed);
    }
}

/* The scales of what G gives (lz_scales_of_model() says how). */
static void
derive (const LzModel *model,
        const Given   *g,
        LzScales      *scales)
{
  double m = g->mass, k = g->stiffness, c = g->damping, T, L;

  if (m > 0 && k > 0)
    T = sqrt (m / k);
  else if (m > 0 && c > 0)
    T = m / c;
  else if (k > 0 && c > 0)
    T = c / k;
  else if (m > 0 && g->force > 0 && g->length > 0)
    T = sqrt (m * g->length / g->force);
  else
    T = lz_model_get_simulation (model)->t_end;

  L = g->length;
  if (k > 0)
    L = MAX (L, g->force / k);
  else if (m > 0)
    L = MAX (L, g->force * T * T / m);
  if (!(L > 0))
    L = g->speed * T;
  if (!(L > 0))
    L = 1.0;

  scales->length = L;
  scales->time = T;
  scales->force = MAX (g->force, MAX (k * L, m * L / (T * T)));
  if (!(scales->force > 0))
    scales->force = c * L / T;
  if (!(scales->force > 0))
    scales->force = 1.0;
  scales->speed = MAX (L / T, g->speed);
  scales->energy = scales->force * L;
}

/* Whether MODEL has bodies of both kinds. */
static gboolean
mixes_kinds (const LzModel *model)
{
  gboolean has[LZ_BODY_N_KINDS] = { FALSE };

  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    has[lz_model_get_body (model, i)->kind] = TRUE;
  return has[LZ_BODY_TRANSLATIONAL] && has[LZ_BODY_ROTATIONAL];
}

/* The time and energy scales of a model that mixes kinds, from its kinds'
 * (KIND_TIME their T): the whole's m, k, F and L would mix kg with kg·m²,
 * N with N·m and m with rad, and follow a length scaled with the angles
 * unchanged in neither.  T the shorter of the kinds' (s in both), the
 * energy the larger of their F·L (J in both). */
static void
whole_of_kinds (LzScales     *scales,
                const double *kind_time)
{
  scales->time = MIN (kind_time[LZ_BODY_TRANSLATIONAL], kind_time[LZ_BODY_ROTATIONAL]);
  scales->energy = MAX (scales->kind_force[LZ_BODY_TRANSLATIONAL] * scales->kind_length[LZ_BODY_TRANSLATIONAL],
                        scales->kind_force[LZ_BODY_ROTATIONAL] * scales->kind_length[LZ_BODY_ROTATIONAL]);
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
 * at all (it cannot move) has L = 1 and T its t-end.  A model that mixes
 * translational and rotational bodies gets besides them a length and a
 * speed scale per kind, derived the same way from what that kind's bodies
 * and their ports give (an element's quantities taken to the dof through
 * its port's coefficient), and T and the energy scale from those of its
 * kinds (whole_of_kinds()); a model of one kind has L, V and F for both.
 */
void
lz_scales_of_model (const LzModel *model,
                    LzScales      *scales)
{
  Given g = { 0 };
  double kind_time[LZ_BODY_N_KINDS];

  g_return_if_fail (model != NULL && scales != NULL);

  given_of_model (model, -1, &g);
  derive (model, &g, scales);
  scales->mixed = mixes_kinds (model);
  for (int kind = 0; kind < LZ_BODY_N_KINDS; kind++)
    {
      Given gk = { 0 };
      LzScales sk;

      scales->kind_length[kind] = scales->length;
      scales->kind_speed[kind] = scales->speed;
      scales->kind_force[kind] = scales->force;
      if (!scales->mixed)
        continue;
      given_of_model (model, kind, &gk);
      derive (model, &gk, &sk);
      scales->kind_length[kind] = sk.length;
      scales->kind_speed[kind] = sk.speed;
      scales->kind_force[kind] = sk.force;
      kind_time[kind] = sk.time;
    }
  if (scales->mixed)
    whole_of_kinds (scales, kind_time);
  g_debug ("scales of “%s”: L = %g, T = %g, F = %g, V = %g; by kind L = %g, %g, V = %g, %g",
           lz_model_get_name (model), scales->length, scales->time, scales->force, scales->speed,
           scales->kind_length[0], scales->kind_length[1], scales->kind_speed[0], scales->kind_speed[1]);
}

/**
 * lz_scales_ports_unit:
 * @kinds: the #LzBodyKind of the body at ports a and b, or −1 (a ground,
 *   none)
 * @c: their coefficients ca and cb
 * @per_kind: a scale per body kind (one of #LzScales' kind_ arrays, or one
 *   of the same kind that a method keeps, e.g. the largest speeds so far)
 * @power: 1 for a length or a speed of g, −1 for its force (which acts as
 *   c·T on the dof)
 * @whole: the model's one scale of that quantity
 *
 * The scale of a g = cb·x_b − ca·x_a in a model that mixes kinds (in one
 * of one kind it is @whole: the caller's test of #LzScales' mixed): the
 * largest |c|^@power·@per_kind[kind] over its body ports, @whole when it
 * has none — the helper under lz_scales_row_speed() and its kin, for a
 * method that has its elements' dofs and coefficients rather than their
 * model elements.
 *
 * Returns: a scale in the units of g (or of its force)
 */
double
lz_scales_ports_unit (const int    *kinds,
                      const double *c,
                      const double *per_kind,
                      int           power,
                      double        whole)
{
  double unit = 0.0;

  for (int p = 0; p < 2; p++)
    if (kinds[p] >= 0)
      unit = MAX (unit, (power > 0 ? fabs (c[p]) : 1 / fabs (c[p])) * per_kind[kinds[p]]);
  return unit > 0 ? unit : whole;
}

/* The kind of the body at port ID, or −1 (a ground, none). */
static int
port_kind (const LzModel *model,
           const char    *id)
{
  const LzBody *body = id != NULL ? lz_model_lookup_body (model, id) : NULL;

  return body != NULL ? (int) body->kind : -1;
}

/* The row scale of EL from the dof scales PER_KIND (lz_scales_ports_unit()). */
static double
row_unit (const LzScales  *scales,
          const LzModel   *model,
          const LzElement *el,
          const double    *per_kind,
          int              power,
          double           whole)
{
  int kinds[2];
  double c[2];

  if (!scales->mixed)
    return whole;
  kinds[0] = port_kind (model, el->a);
  kinds[1] = port_kind (model, el->b);
  lz_element_get_coefficients (el, &c[0], &c[1]);
  return lz_scales_ports_unit (kinds, c, per_kind, power, whole);
}

/**
 * lz_scales_row_speed:
 * @scales: the run's scales
 * @model: their model
 * @element: one of its two-port elements
 *
 * The scale of @element's ġ: V, or in a model that mixes translational and
 * rotational bodies the largest |c|·(speed scale of the port's kind) over
 * its body ports (a rack's m/s, a shaft's rad/s).
 *
 * Returns: a speed scale in the units of ġ
 */
double
lz_scales_row_speed (const LzScales  *scales,
                     const LzModel   *model,
                     const LzElement *element)
{
  return row_unit (scales, model, element, scales->kind_speed, 1, scales->speed);
}

/**
 * lz_scales_row_length:
 * @scales: the run's scales
 * @model: their model
 * @element: one of its two-port elements
 *
 * The scale of @element's g, as lz_scales_row_speed() for lengths.
 *
 * Returns: a length scale in the units of g
 */
double
lz_scales_row_length (const LzScales  *scales,
                      const LzModel   *model,
                      const LzElement *element)
{
  return row_unit (scales, model, element, scales->kind_length, 1, scales->length);
}

/**
 * lz_scales_row_force:
 * @scales: the run's scales
 * @model: their model
 * @element: one of its two-port elements
 *
 * The scale of @element's force T: F, or in a model that mixes kinds the
 * largest (force scale of the port's kind)/|c| over its body ports (T acts
 * as c·T on each).
 *
 * Returns: a force scale in the units of T
 */
double
lz_scales_row_force (const LzScales  *scales,
                     const LzModel   *model,
                     const LzElement *element)
{
  return row_unit (scales, model, element, scales->kind_force, -1, scales->force);
}
