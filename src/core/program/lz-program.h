/* lz-program.h — program motion: prescribed motions, actuators, the
 * orthogonal/tangent realization and the required control forces
 * (paper 001, Blajer)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

#include "lz-assembler.h"

G_BEGIN_DECLS

/**
 * LzRealization:
 * @LZ_REALIZATION_ORTHOGONAL: rank P = m: every program constraint has a
 *   control force across it; eqs. (3.5) are ODEs and λ comes from (2.4)
 * @LZ_REALIZATION_MIXED: 0 < rank P < m: some constraints are realized by
 *   tangent control forces; DAEs (3.17), λ from (3.7)
 * @LZ_REALIZATION_TANGENT: rank P = 0: every constraint is realized by
 *   tangent control forces only
 *
 * The classification of paper 001 §3 (Parczewski and Blajer).
 */
typedef enum
{
  LZ_REALIZATION_ORTHOGONAL,
  LZ_REALIZATION_MIXED,
  LZ_REALIZATION_TANGENT,
} LzRealization;

/* "orthogonal", "mixed", "tangent" (not translated: JSON and CSV words) */
const char *lz_realization_to_string (LzRealization realization);

/**
 * LzProgramTerm:
 * @value: the term, a vector
 * @x: (nullable): ∂/∂x; %NULL is zero
 * @v: (nullable): ∂/∂v; %NULL is zero
 * @t: (nullable): ∂/∂t; %NULL is zero
 * @tt: (nullable): ∂²/∂t²; %NULL is zero (only the index-2 case needs it)
 *
 * A term of the equations at one state with the first derivatives that
 * eqs. (3.18) need.  Second derivatives in x and v are taken as zero (the
 * Jacobians are frozen over a differentiation): exact for the linear
 * models of Luztar, the linearization otherwise.
 */
typedef struct
{
  const gsl_vector *value;
  const gsl_matrix *x;
  const gsl_matrix *v;
  const gsl_vector *t;
  const gsl_vector *tt;
} LzProgramTerm;

/**
 * LzProgramState:
 * @t: time (s)
 * @x: positions, n
 * @v: velocities, n (A = I: v = ẋ)
 * @h: h*(v, x, t) of eq. (2.1), n: applied and gyroscopic forces; its
 *   Jacobians are n×n
 * @c0: c0*(v, x, t) of eq. (2.3), m; its Jacobians are m×n
 *
 * The forces and the constraint terms at one state.
 */
typedef struct
{
  double            t;
  const gsl_vector *x;
  const gsl_vector *v;
  LzProgramTerm     h;
  LzProgramTerm     c0;
} LzProgramState;

/* ---- The general formulation on numeric matrices (paper 001 §2–3) ---- */

typedef struct _LzProgram LzProgram;

LzProgram          *lz_program_new             (const gsl_matrix     *M,
                                                const gsl_matrix     *B,
                                                const gsl_matrix     *C,
                                                GError              **error);
void                lz_program_free            (LzProgram            *self);

guint               lz_program_get_n           (const LzProgram      *self);
guint               lz_program_get_m           (const LzProgram      *self);
guint               lz_program_get_p           (const LzProgram      *self);
guint               lz_program_get_q           (const LzProgram      *self);
LzRealization       lz_program_get_realization (const LzProgram      *self);
gboolean            lz_program_get_necessary_condition (const LzProgram *self);
const char         *lz_program_get_failure     (const LzProgram      *self);
const gsl_matrix   *lz_program_get_P           (const LzProgram      *self);
const gsl_matrix   *lz_program_get_D           (const LzProgram      *self);
const gsl_matrix   *lz_program_get_U           (const LzProgram      *self);

guint               lz_program_get_index       (LzProgram            *self,
                                                const LzProgramState *state,
                                                GError              **error);
gboolean            lz_program_solve           (LzProgram            *self,
                                                const LzProgramState *state,
                                                gsl_vector           *vdot,
                                                gsl_vector           *lambda,
                                                guint                *index,
                                                GError              **error);
gboolean            lz_program_lambda_2_4      (LzProgram            *self,
                                                const gsl_vector     *h,
                                                const gsl_vector     *c0,
                                                gsl_vector           *lambda,
                                                GError              **error);
gboolean            lz_program_lambda_3_6      (LzProgram            *self,
                                                const gsl_vector     *h,
                                                const gsl_vector     *c0,
                                                gsl_vector           *lambda,
                                                GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzProgram, lz_program_free)

/* ---- Program motion of a model: prescribed motions and actuators ---- */

/**
 * LzProgramOptions:
 * @t_end: end of the time grid (s); ≤ 0: the model's simulation t-end
 * @sample: grid step (s); ≤ 0: the model's simulation dt, at least
 *   t_end/100000
 * @rtol: relative tolerance of the integration of the program motion
 *   (default 1e-10)
 * @atol: absolute tolerance (default 1e-12)
 * @rank_tol: singular values below this fraction of the largest are zero
 *   (default 1e-10)
 * @event_tol: set-valued instants are located to this (s, default 1e-12)
 */
typedef struct
{
  double t_end;
  double sample;
  double rtol;
  double atol;
  double rank_tol;
  double event_tol;
} LzProgramOptions;

void lz_program_options_init (LzProgramOptions *options);

/**
 * LzProgramInstant:
 * @t: the instant (s)
 * @element: the id of the element (borrowed from the model)
 * @text: what happens there, in words
 *
 * An instant where the required motion or force is set-valued: a freeplay
 * spring in the realization path whose required force crosses zero (its
 * relative displacement jumps across the freeplay, tar(0, Δ) = [−Δ, Δ]),
 * a friction element whose relative velocity reverses, a stop reached.
 */
typedef struct
{
  double      t;
  const char *element;
  char       *text;
} LzProgramInstant;

typedef struct _LzProgramAnalysis LzProgramAnalysis;

LzProgramAnalysis  *lz_program_analysis_new    (const LzAssembly       *assembly,
                                                const LzProgramOptions *options,
                                                GError                **error);
void                lz_program_analysis_free   (LzProgramAnalysis      *self);

const LzProgram    *lz_program_analysis_get_program     (const LzProgramAnalysis *self);
LzRealization       lz_program_analysis_get_realization (const LzProgramAnalysis *self);
guint               lz_program_analysis_get_index       (const LzProgramAnalysis *self);
gboolean            lz_program_analysis_is_realizable   (const LzProgramAnalysis *self);
const char         *lz_program_analysis_get_failure     (const LzProgramAnalysis *self);
char              **lz_program_analysis_dup_explanation (const LzProgramAnalysis *self);

guint               lz_program_analysis_get_n_actuators (const LzProgramAnalysis *self);
const char         *lz_program_analysis_get_actuator_id (const LzProgramAnalysis *self,
                                                         guint                    j);

guint               lz_program_analysis_get_n_samples   (const LzProgramAnalysis *self);
const double       *lz_program_analysis_get_times       (const LzProgramAnalysis *self);
const double       *lz_program_analysis_get_lambda      (const LzProgramAnalysis *self,
                                                         guint                    j);
const double       *lz_program_analysis_get_q           (const LzProgramAnalysis *self,
                                                         guint                    dof);
const double       *lz_program_analysis_get_v           (const LzProgramAnalysis *self,
                                                         guint                    dof);
gboolean            lz_program_analysis_eval            (const LzProgramAnalysis *self,
                                                         double                   t,
                                                         double                  *q,
                                                         double                  *v,
                                                         double                  *lambda);
double              lz_program_analysis_get_drift       (const LzProgramAnalysis *self);

guint               lz_program_analysis_get_n_instants  (const LzProgramAnalysis *self);
const LzProgramInstant *lz_program_analysis_get_instant (const LzProgramAnalysis *self,
                                                         guint                    i);

char               *lz_program_analysis_to_text         (const LzProgramAnalysis *self);
char               *lz_program_analysis_to_json         (const LzProgramAnalysis *self);
char               *lz_program_analysis_to_csv          (const LzProgramAnalysis *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzProgramAnalysis, lz_program_analysis_free)

G_END_DECLS
