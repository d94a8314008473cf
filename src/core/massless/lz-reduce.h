/* lz-reduce.h — singular M, C, K: the pencil test, the reduction to a
 * regular system and the Jordan structure (paper 002)
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
 * LzReductionKind:
 * @LZ_REDUCTION_NOT_NEEDED: M is regular: nothing to reduce (S = I)
 * @LZ_REDUCTION_COROLLARY_4_5: the assumptions (4.1)–(4.4) of paper 002
 *   hold and S = U (−K₁₁⁻¹K₁₃; −C₂₂⁻¹C₂₃; I) (massless coordinates held by
 *   stiffness only, and by damping only)
 * @LZ_REDUCTION_COROLLARY_4_6: (4.5)–(4.6) hold with N₂ = 0 (every massless
 *   coordinate is held by stiffness only): S = U (−K₁₁⁻¹K₁₂; I)
 * @LZ_REDUCTION_NOT_REDUCIBLE: the pencil is regular but an assumption
 *   fails (or, for a model, a nonsmooth element or a load acts on a
 *   coordinate the reduction would remove): no regular second-order
 *   system; the Jordan structure still describes it
 * @LZ_REDUCTION_SINGULAR_PENCIL: det(λ²M + λC + K) = 0 for every λ
 *   (Theorem 3.1): the linear part leaves a motion undetermined
 */
typedef enum
{
  LZ_REDUCTION_NOT_NEEDED,
  LZ_REDUCTION_COROLLARY_4_5,
  LZ_REDUCTION_COROLLARY_4_6,
  LZ_REDUCTION_NOT_REDUCIBLE,
  LZ_REDUCTION_SINGULAR_PENCIL,
} LzReductionKind;

/**
 * LzAssumption:
 * @label: the paper's label, e.g. "(4.3)" or "(H_U)"
 * @holds: whether it holds for these matrices
 * @text: what it says and, when it fails, where
 *
 * One assumption of Theorems 4.1–4.4 and Corollaries 4.5–4.6, checked.
 */
typedef struct
{
  const char *label;
  gboolean    holds;
  char       *text;
} LzAssumption;

/**
 * LzNodeKind:
 * @LZ_NODE_LINEAR_SPRINGS: linear springs only: where they balance (paper
 *   002, Corollary 4.6)
 * @LZ_NODE_FREEPLAY_SERIES: two springs with freeplay in series (paper 000,
 *   Theorem 3.6)
 * @LZ_NODE_LINEAR_FREEPLAY_SERIES: a linear spring in series with a spring
 *   with freeplay (Theorem 3.8, a = 0)
 * @LZ_NODE_PARALLEL_SERIES: a linear spring and a spring with freeplay in
 *   parallel, in series with a linear spring (Theorem 3.8, a = 0, k = 1/κ)
 * @LZ_NODE_SPRING_FRICTION: a spring (with freeplay) loading a friction
 *   element with a viscous part (paper 003's non-inertial element; Theorem
 *   2.1, the cascade, Theorem 3.9 over a step)
 * @LZ_NODE_RIGID_PLASTIC: the same without viscosity: a play (Theorem 3.9,
 *   k → ∞)
 * @LZ_NODE_FRICTION: a friction element with a viscous part and springs or
 *   loads: μ ż = luz(F, F0) explicitly (Theorem 2.1)
 * @LZ_NODE_FRICTION_SERIES: two friction elements in series (Theorem 3.7)
 * @LZ_NODE_DAMPERS: dampers only: a first-order coordinate (paper 002,
 *   Corollary 4.5)
 * @LZ_NODE_PRESCRIBED: its motion is prescribed
 * @LZ_NODE_NO_CLOSED_FORM: none of the above; the integrators keep the
 *   coordinate as an algebraic unknown
 *
 * How the node equation of a massless body disentangles.
 */
typedef enum
{
  LZ_NODE_LINEAR_SPRINGS,
  LZ_NODE_FREEPLAY_SERIES,
  LZ_NODE_LINEAR_FREEPLAY_SERIES,
  LZ_NODE_PARALLEL_SERIES,
  LZ_NODE_SPRING_FRICTION,
  LZ_NODE_RIGID_PLASTIC,
  LZ_NODE_FRICTION,
  LZ_NODE_FRICTION_SERIES,
  LZ_NODE_DAMPERS,
  LZ_NODE_PRESCRIBED,
  LZ_NODE_NO_CLOSED_FORM,
} LzNodeKind;

/**
 * LzMasslessNode:
 * @body: the massless body's id
 * @kind: the case
 * @kind_name: the case as a stable short name ("spring-friction", …)
 * @theorem: the theorem of paper 000 that disentangles it ("3.6" … "3.9",
 *   "2.1"), or %NULL
 * @elements: (array zero-terminated=1): the ids of the elements on it
 * @entangled: the node equation as assembled, 0 ∈ Σ forces
 * @equations: (array zero-terminated=1): the disentangled equation(s),
 *   the model's ids and numbers substituted; empty without a closed form
 * @explanation: what was disentangled and why, in words
 * @stiffness: the spring's stiffness k (N/m), or the series stiffness
 *   k₁k₂/(k₁ + k₂) of Theorems 3.6/3.8, with the elements' coefficients
 *   folded in (k·β²); NAN when it does not apply
 * @viscous: the friction's viscous coefficient μ (N·s/m), folded likewise
 * @rate: k/μ (1/s) of μ ż = k·luz(…)
 * @zone: the half width of the dead zone of the disentangled equation: the
 *   freeplay Δ + F0/k (m) of a spring–friction node, Δ₁ + Δ₂ (m) of
 *   springs in series, the sticking range of friction in series (m/s)
 * @shift: the centre of that dead zone (asymmetric friction levels), m
 * @ratio: Theorem 3.6's k/(k + 1), Theorem 3.8's 1/(k + 1), the parallel
 *   pair's κ/(κ + 1), Theorem 3.7's share of the relative velocity
 * @share: the parallel pair's load share ρ = k₃/(k₃ + k_lin)
 *
 * One massless body's node equation, classified and disentangled.
 */
typedef struct
{
  char        *body;
  LzNodeKind   kind;
  const char  *kind_name;
  const char  *theorem;
  char       **elements;
  char        *entangled;
  char       **equations;
  char        *explanation;
  double       stiffness;
  double       viscous;
  double       rate;
  double       zone;
  double       shift;
  double       ratio;
  double       share;
} LzMasslessNode;

typedef struct _LzReduction LzReduction;

LzReduction        *lz_reduction_new              (const gsl_matrix   *M,
                                                   const gsl_matrix   *C,
                                                   const gsl_matrix   *K,
                                                   const char *const  *names);
LzReduction        *lz_reduction_new_for_assembly (const LzAssembly   *assembly);
void                lz_reduction_free             (LzReduction        *self);

LzReductionKind     lz_reduction_get_kind         (const LzReduction  *self);
gboolean            lz_reduction_is_reduced       (const LzReduction  *self);
gboolean            lz_reduction_get_pencil_regular (const LzReduction *self,
                                                   double             *lambda);
const gsl_matrix   *lz_reduction_get_pencil_kernel (const LzReduction *self);
void                lz_reduction_get_dims         (const LzReduction  *self,
                                                   guint              *n1,
                                                   guint              *n2,
                                                   guint              *n3);
guint               lz_reduction_get_n_assumptions (const LzReduction *self);
const LzAssumption *lz_reduction_get_assumption   (const LzReduction  *self,
                                                   guint               i);
const gsl_matrix   *lz_reduction_get_U            (const LzReduction  *self);
const gsl_matrix   *lz_reduction_get_S            (const LzReduction  *self);
const gsl_matrix   *lz_reduction_get_Mr           (const LzReduction  *self);
const gsl_matrix   *lz_reduction_get_Cr           (const LzReduction  *self);
const gsl_matrix   *lz_reduction_get_Kr           (const LzReduction  *self);
char              **lz_reduction_dup_kept         (const LzReduction  *self);
char              **lz_reduction_dup_eliminated   (const LzReduction  *self);
char              **lz_reduction_dup_diagnosis    (const LzReduction  *self);
guint               lz_reduction_get_n_nodes      (const LzReduction  *self);
const LzMasslessNode *lz_reduction_get_node       (const LzReduction  *self,
                                                   guint               i);
char               *lz_massless_node_dup_title    (const LzMasslessNode *node);

/* The Jordan structure of Ê_λ = (λE − A)⁻¹E (paper 002 §2, E, A of (3.2)) */
guint               lz_reduction_get_index        (const LzReduction  *self);
guint               lz_reduction_get_regular_dim  (const LzReduction  *self);
guint               lz_reduction_get_nilpotent_dim (const LzReduction *self);
const guint        *lz_reduction_get_nilpotent_blocks (const LzReduction *self,
                                                   guint              *n_blocks);

void                lz_reduction_reconstruct      (const LzReduction  *self,
                                                   double              t,
                                                   const double       *q_reduced,
                                                   double             *q);
void                lz_reduction_eval_fr          (const LzReduction  *self,
                                                   double              t,
                                                   gsl_vector         *fr);
char               *lz_reduction_dup_fr_text      (const LzReduction  *self,
                                                   guint               j);

char               *lz_reduction_to_text          (const LzReduction  *self);
char               *lz_reduction_to_json          (const LzReduction  *self);
char               *lz_reduction_to_octave        (const LzReduction  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzReduction, lz_reduction_free)

G_END_DECLS
