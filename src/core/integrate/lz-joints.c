/* lz-joints.c — running a model whose massless joints only a closed form
 * can take
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Some massless joints are beyond both integrators as they stand: a
 * weightless gear between two springs with freeplay has no position while
 * both springs are slack (M, C and K of the slack mode are all zero in its
 * direction), yet the model is perfectly good — the springs with freeplay
 * in series are one spring with the reduced stiffness and the summed
 * freeplay (paper 000, Theorem 3.6; paper 003, §4).  When an integrator
 * refuses a model for a massless body, lz_integrator_new() (lz-method.c)
 * comes here: the
 * model's joints are eliminated in closed form (lz-simplify.c), the reduced
 * model is integrated by the same method, and every sample is written for
 * the model the user made:
 *
 *  - kept bodies and elements are copied;
 *  - an eliminated body is put back from its arms, in the reverse order of
 *    elimination: between linear springs where they balance,
 *    x = (Σ k β (α y + ℓ) + F) / Σ k β²; between dampers, as they move it,
 *    x = x(0) + Σ c β α (y − y(0)) / Σ c β²; between two springs with
 *    freeplay, at the zero of the monotone Σ β k luz(β x − α y − ℓ, Δ) —
 *    and while both are slack, where the zero is a whole interval (the
 *    body's position is set-valued: nothing holds it), at the interval's
 *    middle, which is continuous and meets the engaged positions at the
 *    interval's ends;
 *  - an eliminated element's force, coordinate and rate come from the put
 *    back positions; a spring with freeplay takes its mode from the element
 *    it became (slack together, engaged together), and its mode changes are
 *    events at the reduced model's event times with their causes.
 *
 * The energies are the reduced model's: the series spring stores what the
 * springs store together, the series damper dissipates what they dissipate.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-integrator-private.h"
#include "lz-luz.h"
#include "lz-simplify-private.h"

/* A merged element's side is taken once its stretch exceeds the freeplay
 * by SIDE_SEEN_REL of it (at the gap's edge, rounding decides the sign). */
#define SIDE_SEEN_REL 1e-9

typedef struct
{
  LzIntegrator parent;

  LzModel      *inner_model;
  LzAssembly   *inner_assembly;
  LzIntegrator *inner;
  LzTrace      *inner_trace;
  GPtrArray    *steps;          /* LzJointStep, in the order of elimination */
  int          *step_body;      /* per step: its body in the model */
  double       *step_c;         /* per damper step: x − Σ cβα y / S at the start */
  guint         n, ne, inner_n, inner_ne;
  int          *body_map;       /* body → the reduced model's body, or −1 */
  int          *element_map;    /* element → the reduced model's element, or −1 */
  int          *merged_into;    /* element → the reduced element it became, or −1 */
  guint         samples_done, events_done;
  guint64       events_written;
  double       *q, *v, *force, *g, *gdot;
  LzMode       *modes;
  LzMode       *event_mode;     /* per element: its mode after its last event */
  int          *side;           /* per put-back spring with freeplay: ±1, its side of the
                                 * element it became (2: not seen yet); 0 for the others */
} LzJoints;

static void
port_state (LzJoints   *self,
            const char *id,
            double      t,
            double     *x,
            double     *xd)
{
  LzModel *model = lz_assembly_get_model (self->parent.assembly);
  const LzGround *ground = lz_model_lookup_ground (model, id);

  if (ground != NULL)
    {
      *x = ground->motion != NULL ? lz_expr_eval (ground->motion, t) : 0;
      *xd = ground->motion != NULL ? lz_expr_eval_d1 (ground->motion, t) : 0;
      return;
    }
  {
    int i = lz_model_get_body_index (model, id);

    *x = i >= 0 ? self->q[i] : 0;
    *xd = i >= 0 ? self->v[i] : 0;
  }
}

/* x between two arms, at least one with freeplay: the zero of
 * φ(x) = Σ β k luz(β x − c, Δ), monotone in x; the middle of the zero
 * interval when both are slack.  Its rate from the rates ċ of the arms. */
static void
freeplay_pair (const LzJointArm *arm,
               const double     *c,
               const double     *cd,
               double           *x,
               double           *xd)
{
  double p[4], pd[4], phi[4];
  guint order[4] = { 0, 1, 2, 3 };
  guint lo = 0, hi = 3;
  double slope = 0;

  for (guint i = 0; i < 2; i++)
    {
      p[2 * i] = (c[i] - arm[i].freeplay) / arm[i].beta;
      p[2 * i + 1] = (c[i] + arm[i].freeplay) / arm[i].beta;
      pd[2 * i] = pd[2 * i + 1] = cd[i] / arm[i].beta;
      slope += arm[i].beta * arm[i].beta * arm[i].value;
    }
  for (guint i = 1; i < 4; i++)
    for (guint j = i; j > 0 && p[order[j]] < p[order[j - 1]]; j--)
      {
        guint s = order[j];

        order[j] = order[j - 1];
        order[j - 1] = s;
      }
  for (guint j = 0; j < 4; j++)
    {
      double xj = p[order[j]];

      phi[j] = 0;
      for (guint i = 0; i < 2; i++)
        phi[j] += arm[i].beta * arm[i].value * lz_luz (arm[i].beta * xj - c[i], arm[i].freeplay);
    }

  if (phi[0] > 0 || phi[3] < 0)
    {
      /* outside every breakpoint: both engaged */
      *x = phi[0] > 0 ? p[order[0]] - phi[0] / slope : p[order[3]] - phi[3] / slope;
      *xd = 0;
      for (guint i = 0; i < 2; i++)
        *xd += arm[i].beta * arm[i].value * cd[i];
      *xd /= slope;
      return;
    }
  /* the zeros: from the first breakpoint with φ ≥ 0 … */
  while (lo < 3 && phi[lo] < 0)
    lo++;
  if (phi[lo] == 0)
    {
      hi = lo;
      while (hi < 3 && phi[hi + 1] == 0)
        hi++;
      *x = 0.5 * (p[order[lo]] + p[order[hi]]);
      *xd = 0.5 * (pd[order[lo]] + pd[order[hi]]);
      return;
    }
  /* … or inside a piece, where φ is linear: the engaged arms there */
  {
    double xl = p[order[lo - 1]], xr = p[order[lo]], xm = 0.5 * (xl + xr), num = 0, den = 0;

    *x = xl - phi[lo - 1] * (xr - xl) / (phi[lo] - phi[lo - 1]);
    for (guint i = 0; i < 2; i++)
      if (fabs (arm[i].beta * xm - c[i]) > arm[i].freeplay)
        {
          num += arm[i].beta * arm[i].value * cd[i];
          den += arm[i].beta * arm[i].beta * arm[i].value;
        }
    *xd = den > 0 ? num / den : 0;
  }
}

/* The eliminated bodies, from the kept ones (q, v of kept bodies set). */
static void
put_back (LzJoints *self,
          double    t,
          gboolean  start)
{
  for (guint s = self->steps->len; s-- > 0;)
    {
      const LzJointStep *step = self->steps->pdata[s];
      guint na = step->arms->len;
      double *c = g_alloca (na * sizeof (double)), *cd = g_alloca (na * sizeof (double));
      double S = 0, num = 0, numd = 0, x, xd;
      gboolean any_freeplay = FALSE;
      int i = self->step_body[s];

      for (guint a = 0; a < na; a++)
        {
          const LzJointArm *arm = &g_array_index (step->arms, LzJointArm, a);
          double y, yd;

          port_state (self, arm->y, t, &y, &yd);
          c[a] = arm->alpha * y + (step->dampers ? 0 : arm->offset);
          cd[a] = arm->alpha * yd;
          S += arm->value * arm->beta * arm->beta;
          num += arm->value * arm->beta * c[a];
          numd += arm->value * arm->beta * cd[a];
          any_freeplay |= arm->freeplay > 0;
        }
      if (step->dampers)
        {
          if (start)
            self->step_c[s] = lz_model_get_body (lz_assembly_get_model (self->parent.assembly), i)->q0
                              - num / S;
          x = self->step_c[s] + num / S;
          xd = numd / S;
        }
      else if (any_freeplay && na == 2)
        freeplay_pair (&g_array_index (step->arms, LzJointArm, 0), c, cd, &x, &xd);
      else
        {
          for (guint l = 0; l < step->loads->len; l++)
            {
              num += lz_expr_eval (step->loads->pdata[l], t);
              numd += lz_expr_eval_d1 (step->loads->pdata[l], t);
            }
          x = num / S;
          xd = numd / S;
        }
      self->q[i] = x;
      self->v[i] = xd;
    }
}

/* Copies the reduced trace's new rows (and events) into TRACE. */
static void
transfer (LzJoints *self,
          LzTrace  *trace)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint rows = lz_trace_get_n_samples (self->inner_trace);
  guint inner_events = lz_trace_get_n_events (self->inner_trace);
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (LzEvent));

  for (guint r = self->samples_done; r < rows; r++)
    {
      double t = lz_trace_get_time (self->inner_trace, r);
      LzEnergy energy;

      for (guint i = 0; i < self->n; i++)
        if (self->body_map[i] >= 0)
          {
            self->q[i] = lz_trace_get_q (self->inner_trace, r, self->body_map[i]);
            self->v[i] = lz_trace_get_v (self->inner_trace, r, self->body_map[i]);
          }
      put_back (self, t, r == 0);
      for (guint e = 0; e < self->ne; e++)
        {
          const LzElement *el = lz_model_get_element (model, e);
          int a, b, m = self->element_map[e];
          double ca, cb, g0, g0d, k = 0, freeplay = 0, offset = 0, s;

          if (m >= 0)
            {
              self->force[e] = lz_trace_get_force (self->inner_trace, r, m);
              self->g[e] = lz_trace_get_g (self->inner_trace, r, m);
              self->gdot[e] = lz_trace_get_gdot (self->inner_trace, r, m);
              self->modes[e] = lz_trace_get_mode (self->inner_trace, r, m);
              continue;
            }
          lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
          lz_assembly_eval_element_g0 (assembly, e, t, &g0, &g0d);
          self->g[e] = (b >= 0 ? cb * self->q[b] : 0) - (a >= 0 ? ca * self->q[a] : 0) + g0;
          self->gdot[e] = (b >= 0 ? cb * self->v[b] : 0) - (a >= 0 ? ca * self->v[a] : 0) + g0d;
          self->modes[e] = LZ_MODE_NONE;
          if (el->item.kind == LZ_ITEM_DAMPER)
            {
              self->force[e] = lz_element_get_viscosity (el) * self->gdot[e];
              continue;
            }
          lz_element_get_stiffness (el, &k, &freeplay, &offset);
          s = self->g[e] - offset;
          self->force[e] = k * lz_luz (s, freeplay);
          if (freeplay > 0)
            {
              LzMode inner = self->merged_into[e] >= 0
                             ? lz_trace_get_mode (self->inner_trace, r, self->merged_into[e])
                             : fabs (s) > freeplay ? LZ_MODE_ENGAGED_POS : LZ_MODE_GAP;

              self->modes[e] = inner == LZ_MODE_GAP ? LZ_MODE_GAP
                               : s >= 0 ? LZ_MODE_ENGAGED_POS : LZ_MODE_ENGAGED_NEG;
              /* the side relative to the element it became, once seen
               * engaged (until then +: 2) */
              if (inner != LZ_MODE_GAP && fabs (s) > freeplay * (1 + SIDE_SEEN_REL) && self->merged_into[e] >= 0)
                self->side[e] = (s > 0) == (inner == LZ_MODE_ENGAGED_POS) ? 1 : -1;
              else if (self->side[e] == 0)
                self->side[e] = 2;
            }
        }
      lz_trace_get_energy (self->inner_trace, r, &energy);
      lz_trace_append (trace, t, self->q, self->v, self->force, self->g, self->gdot, self->modes, &energy);
      if (r == 0)
        memcpy (self->event_mode, self->modes, MAX (self->ne, 1) * sizeof (LzMode));
    }
  self->samples_done = rows;

  /* the kept elements' events, and the put-back ones, in time order */
  for (guint j = self->events_done; j < inner_events; j++)
    {
      LzEvent ev;

      lz_trace_get_event (self->inner_trace, j, &ev);
      if (ev.element >= lz_trace_get_n_elements (self->inner_trace))
        {
          /* a force's jump: the force of the same id (a load the
           * reduction moved onto other bodies has a new id and no event
           * of the model's: its jump shows in their motion) */
          const char *id = lz_trace_get_element_id (self->inner_trace, ev.element);

          for (guint s = 0; s < lz_model_get_n_sources (model); s++)
            if (strcmp (lz_model_get_source (model, s)->item.id, id) == 0)
              {
                LzEvent out = ev;

                out.element = self->ne + s;
                g_array_append_val (events, out);
                break;
              }
          continue;
        }
      for (guint e = 0; e < self->ne; e++)
        if (self->element_map[e] == (int) ev.element)
          {
            LzEvent out = ev;

            out.element = e;
            g_array_append_val (events, out);
          }
        else if (self->merged_into[e] == (int) ev.element && self->side[e] != 0)
          {
            /* springs with freeplay in series leave and reach their
             * boundaries together, on their own sides */
            LzEvent out = ev;
            int side = self->side[e];

            out.element = e;
            out.from = self->event_mode[e];
            out.to = ev.to == LZ_MODE_GAP ? LZ_MODE_GAP
                     : (ev.to == LZ_MODE_ENGAGED_POS) == (side > 0) ? LZ_MODE_ENGAGED_POS
                     : LZ_MODE_ENGAGED_NEG;
            self->event_mode[e] = out.to;
            if (out.from != out.to || ev.cause == LZ_CAUSE_INITIAL)
              g_array_append_val (events, out);
          }
    }
  self->events_done = inner_events;
  for (guint i = 1; i < events->len; i++)
    for (guint j = i; j > 0 && g_array_index (events, LzEvent, j).t < g_array_index (events, LzEvent, j - 1).t; j--)
      {
        LzEvent swap = g_array_index (events, LzEvent, j);

        g_array_index (events, LzEvent, j) = g_array_index (events, LzEvent, j - 1);
        g_array_index (events, LzEvent, j - 1) = swap;
      }
  for (guint i = 0; i < events->len; i++)
    lz_trace_append_event (trace, &g_array_index (events, LzEvent, i));
  self->events_written += events->len;
}

static void
joints_start (LzIntegrator *integrator,
              LzTrace      *trace)
{
  LzJoints *self = (LzJoints *) integrator;

  lz_integrator_start (self->inner, self->inner_trace);
  transfer (self, trace);
}

static LzStepResult
joints_step (LzIntegrator *integrator,
             double        t_limit,
             LzTrace      *trace,
             GError      **error)
{
  LzJoints *self = (LzJoints *) integrator;
  LzStepResult result = lz_integrator_step (self->inner, t_limit, self->inner_trace, error);

  transfer (self, trace);
  integrator->t = lz_integrator_get_time (self->inner);
  lz_integrator_get_stats (self->inner, &integrator->stats);
  integrator->stats.events = self->events_written;
  if (result == LZ_STEP_DONE || result == LZ_STEP_ERROR)
    lz_trace_finish (self->inner_trace);
  return result;
}

static void
joints_free (LzIntegrator *integrator)
{
  LzJoints *self = (LzJoints *) integrator;

  g_clear_pointer (&self->inner, lz_integrator_free);
  g_clear_pointer (&self->inner_trace, lz_trace_unref);
  g_clear_pointer (&self->inner_assembly, lz_assembly_free);
  g_clear_pointer (&self->inner_model, lz_model_unref);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  /* the three blocks of joints_alloc() */
  g_free (self->step_c);
  g_free (self->step_body);
  g_free (self->modes);
}

static const LzIntegratorClass joints_class = {
  NULL,                         /* the name is the method's (set in lz_joints_new()) */
  NULL,
  joints_start,
  joints_step,
  joints_free,
};

/* The per-run arrays in three blocks, one per type, freed in
 * joints_free(): the doubles (step_c, q, v, force, g, gdot), the ints
 * (step_body, body_map, element_map, merged_into, side) and the modes. */
static void
joints_alloc (LzJoints *self)
{
  guint n = MAX (self->n, 1), ne = MAX (self->ne, 1), ns = self->steps->len;

  self->step_c = g_new0 (double, ns + 2 * n + 3 * ne);
  self->q = self->step_c + ns;
  self->v = self->q + n;
  self->force = self->v + n;
  self->g = self->force + ne;
  self->gdot = self->g + ne;
  self->step_body = g_new0 (int, ns + n + 3 * ne);
  self->body_map = self->step_body + ns;
  self->element_map = self->body_map + n;
  self->merged_into = self->element_map + ne;
  self->side = self->merged_into + ne;
  self->modes = g_new0 (LzMode, 2 * ne);
  self->event_mode = self->modes + ne;
}

static int
element_index (const LzModel *model,
               const char    *id)
{
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (strcmp (lz_model_get_element (model, e)->item.id, id) == 0)
      return e;
  return -1;
}

/**
 * lz_joints_new: (skip)
 *
 * The integrator of TYPE on the model of ASSEMBLY with its massless joints
 * eliminated in closed form, writing traces of the model itself; %NULL
 * (and ERROR) when no joint can be eliminated or the reduced model is
 * refused as well.  Its notes say what was eliminated.
 */
LzIntegrator *
lz_joints_new (const LzIntegratorType    *type,
               LzAssembly                *assembly,
               const LzIntegratorOptions *options,
               GError                   **error)
{
  LzModel *model = lz_assembly_get_model (assembly);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (lz_joint_step_free);
  g_autoptr(LzModel) reduced = lz_model_eliminate_joints_with_steps (model, notes, steps);
  g_autoptr(LzAssembly) inner_assembly = NULL;
  LzIntegrator *inner;
  LzJoints *self;

  if (steps->len == 0)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                           _("no massless joint of the model has a closed form"));
      return NULL;
    }
  inner_assembly = lz_assembly_new (reduced, error);
  if (inner_assembly == NULL)
    return NULL;
  inner = lz_integrator_new_method (type, inner_assembly, options, error);
  if (inner == NULL)
    return NULL;

  self = g_new0 (LzJoints, 1);
  self->parent.klass = &joints_class;
  self->parent.name = inner->name;
  self->parent.assembly = assembly;
  self->parent.options = inner->options;
  self->parent.t = 0.0;
  self->parent.t_end = inner->t_end;
  self->parent.notes = g_ptr_array_new_with_free_func (g_free);
  for (guint s = 0; s < steps->len; s++)
    if (((LzJointStep *) steps->pdata[s])->note != NULL)
      g_ptr_array_add (self->parent.notes, g_strdup (((LzJointStep *) steps->pdata[s])->note));
  self->inner = inner;
  self->inner_model = g_steal_pointer (&reduced);
  self->inner_assembly = g_steal_pointer (&inner_assembly);
  self->inner_trace = lz_trace_new (self->inner_model);
  self->steps = g_steal_pointer (&steps);
  self->n = lz_model_get_n_bodies (model);
  self->ne = lz_model_get_n_elements (model);
  joints_alloc (self);
  for (guint s = 0; s < self->steps->len; s++)
    self->step_body[s] = lz_model_get_body_index (model, ((LzJointStep *) self->steps->pdata[s])->body);
  for (guint i = 0; i < self->n; i++)
    self->body_map[i] = lz_model_get_body_index (self->inner_model, lz_model_get_body (model, i)->item.id);
  for (guint e = 0; e < self->ne; e++)
    {
      const char *id = lz_model_get_element (model, e)->item.id;

      self->element_map[e] = element_index (self->inner_model, id);
      self->merged_into[e] = -1;
      /* follow what it became, step by step, to an element of the reduced model */
      for (guint s = 0; s < self->steps->len && self->element_map[e] < 0; s++)
        {
          const LzJointStep *step = self->steps->pdata[s];

          if (step->merged == NULL)
            continue;
          for (guint a = 0; a < step->arms->len; a++)
            if (strcmp (g_array_index (step->arms, LzJointArm, a).element, id) == 0)
              {
                id = step->merged;
                self->merged_into[e] = element_index (self->inner_model, id);
                break;
              }
        }
    }
  return &self->parent;
}
