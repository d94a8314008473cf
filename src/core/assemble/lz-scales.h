/* lz-scales.h — a model's characteristic length, time, force and speed
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <math.h>

#include "lz-model.h"

G_BEGIN_DECLS

/**
 * LzScales:
 * @length: L, m (or rad): the model's lengths, or how far its forces move it
 * @time: T, s: √(m/k), or the time its forces take to move it by L
 * @force: F, N (or N·m): its force levels, or the force k·L
 * @speed: V = L/T, m/s (or rad/s)
 * @energy: F·L, J
 * @mixed: whether the model has bodies of both kinds (translational and
 *   rotational), whose lengths (m) and angles (rad) no one scale measures
 * @kind_length: per body kind, the length (m) or angle (rad) scale of a
 *   dof of that kind: @length unless @mixed
 * @kind_speed: per body kind, the speed (m/s or rad/s) scale of a dof of
 *   that kind: @speed unless @mixed
 * @kind_force: per body kind, the force (N) or torque (N·m) scale on a dof
 *   of that kind: @force unless @mixed
 *
 * The scales every tolerance of the integrators is relative to
 * (docs/mathematics.md, "Scales"): computed once per run from the model's
 * parameters, they follow the model exactly when its masses, its lengths
 * or its stiffnesses are multiplied by a factor, so the same model in other
 * units switches at the same (rescaled) times.
 */
typedef struct
{
  double length;
  double time;
  double force;
  double speed;
  double energy;
  gboolean mixed;
  double kind_length[LZ_BODY_N_KINDS];
  double kind_speed[LZ_BODY_N_KINDS];
  double kind_force[LZ_BODY_N_KINDS];
} LzScales;

void   lz_scales_of_model (const LzModel *model,
                           LzScales      *scales);
double lz_scales_row_speed (const LzScales  *scales,
                            const LzModel   *model,
                            const LzElement *element);
double lz_scales_row_length (const LzScales  *scales,
                             const LzModel   *model,
                             const LzElement *element);
double lz_scales_row_force (const LzScales  *scales,
                            const LzModel   *model,
                            const LzElement *element);
double lz_scales_ports_unit (const int    *kinds,
                             const double *c,
                             const double *per_kind,
                             int           power,
                             double        whole);

/**
 * lz_scales_dof_speed:
 * @scales: the run's scales
 * @model: their model
 * @i: a dof (= a body's index)
 *
 * The speed scale of dof @i: V for a translational body, the angular
 * speed scale for a rotational one in a model that mixes both kinds.
 */
static inline double
lz_scales_dof_speed (const LzScales *scales,
                     const LzModel  *model,
                     guint           i)
{
  return scales->kind_speed[lz_model_get_body (model, i)->kind];
}

/**
 * lz_scales_dof_length:
 * @scales: the run's scales
 * @model: their model
 * @i: a dof (= a body's index)
 *
 * The length (or angle) scale of dof @i, as lz_scales_dof_speed().
 */
static inline double
lz_scales_dof_length (const LzScales *scales,
                      const LzModel  *model,
                      guint           i)
{
  return scales->kind_length[lz_model_get_body (model, i)->kind];
}

/**
 * lz_scales_time_unit:
 * @scales: the run's scales
 * @t: a time, s
 *
 * The unit a time tolerance near @t is a fraction of: max(T, |t|).
 */
static inline double
lz_scales_time_unit (const LzScales *scales,
                     double          t)
{
  return MAX (scales->time, fabs (t));
}

G_END_DECLS
