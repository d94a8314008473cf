/* lz-program-model.c — program motion of a model: its prescribed motions
 * as program constraints, its actuators as control directions, the
 * integration of the program motion and λ(t) (paper 001)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For a model (lz_program_analysis_new): the dofs are the bodies, each
 * prescribed motion q_i = p_i(t) is a row e_iᵀ of C with c0 = −p̈_i(t), each
 * actuator a row e_jᵀ of B (a force along q_j).  h = F(t) − Σ w·T over the
 * elements, T the element's tension (docs/mathematics.md) by its law in the
 * element table (assemble/lz-elements), evaluated here with
 * exact time derivatives of the forces, the ground motions and the
 * prescribed motions (up to p⁗, through libmatheval).  Nonsmooth elements:
 *
 *   - a freeplay spring whose stiffness the index needs (removing it makes
 *     [E; R_s] singular) is *inverted*: the program fixes its force T(t)
 *     and its relative displacement is g − ℓ0 ∈ tar(T/k, Δ) (paper 000,
 *     Theorem 2.1), followed on one branch, σ = ±1.  When T crosses zero
 *     the displacement jumps from σΔ to −σΔ: the instant is located,
 *     reported with the jump of the free bodies, and the motion continues
 *     on the other branch from the consistent state;
 *   - other freeplay springs are forward elements, T = k luz(g − ℓ0, Δ);
 *   - friction is taken as slipping, T = C ġ + F0⁺ (ġ > 0) or − F0⁻
 *     (ġ < 0), 0 at ġ = 0; the reversals of ġ (set-valued force) are
 *     reported;
 *   - stops are taken open (no contact force); reaching a limit is
 *     reported.
 *
 * The program motion is integrated (rk8pd) from a consistent initial
 * state (the prescribed coordinates from p(0), ṗ(0); the others from the
 * model's q0, v0, changed as little as possible to satisfy g = 0 and, for
 * s = 2, ġ = 0), and projected back onto those conditions at every sample
 * (the index-reduced equations keep g̈ = 0 only: the drift is measured and
 * reported).
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>

#include "lz-assembler.h"
#include "lz-error.h"
#include "lz-format.h"
#include "lz-friction.h"
#include "lz-model.h"
#include "lz-program-private.h"

/* The defaults of LzProgramOptions: rk8pd's relative and absolute
 * tolerances, and how closely a freeplay crossing is located (s,
 * relative to max(1, t)). */
#define DEFAULT_RTOL 1e-10
#define DEFAULT_ATOL 1e-12
#define DEFAULT_EVENT_TOL 1e-12
/* The default grid has at most this many intervals. */
#define MAX_SAMPLES 100000.0
/* The grid's last point is ⌈t_end/dt⌉, forgiving a quotient this much
 * above an integer (its rounding). */
#define GRID_ROUNDING 1e-9
/* rk8pd's first step: this fraction of the first interval, and at least
 * FIRST_STEP_MIN (s); the driver adapts it from there. */
#define FIRST_STEP_FRACTION (1.0 / 16.0)
#define FIRST_STEP_MIN 1e-9
/* The projection on the program conditions: at most this many Newton
 * steps, stopping at a step below PROJECT_STEP_TOL·(1 + residual). */
#define PROJECT_MAX_STEPS 8
#define PROJECT_STEP_TOL 1e-15
/* A coordinate counts as changed (an adjusted initial value, a jump)
 * beyond this, relative to 1 + |its value|. */
#define CHANGE_TOL 1e-12
/* lz_program_analysis_eval() accepts t up to t_end·(1 + END_SLACK). */
#define END_SLACK 1e-12
/* ------------------------------------------------------------------------ */
/* Models                                                                   */

/**
 * lz_program_options_init:
 * @options: (out caller-allocates): options to fill with the defaults
 */
void
lz_program_options_init (LzProgramOptions *options)
{
  g_return_if_fail (options != NULL);
  options->t_end = 0.0;
  options->sample = 0.0;
  options->rtol = DEFAULT_RTOL;
  options->atol = DEFAULT_ATOL;
  options->rank_tol = LZ_PROGRAM_DEFAULT_RANK_TOL;
  options->event_tol = DEFAULT_EVENT_TOL;
}

static gboolean
jet_init (LzProgramJet  *jet,
          LzExpr        *expr,
          const char    *owner,
          GError       **error)
{
  g_autofree char *text = NULL;

  jet->e0 = lz_expr_ref (expr);
  jet->e2 = NULL;
  if (lz_expr_is_constant (expr))
    return TRUE;
  text = lz_expr_dup_derivative (expr, 2);
  jet->e2 = lz_expr_new (text, owner, error);
  return jet->e2 != NULL;
}

static void
jet_clear (LzProgramJet *jet)
{
  g_clear_pointer (&jet->e0, lz_expr_unref);
  g_clear_pointer (&jet->e2, lz_expr_unref);
}

static double
jet_eval (const LzProgramJet *jet,
          guint               order,
          double              t)
{
  switch (order)
    {
    case 0:
      return lz_expr_eval (jet->e0, t);
    case 1:
      return lz_expr_eval_d1 (jet->e0, t);
    case 2:
      return jet->e2 != NULL ? lz_expr_eval (jet->e2, t) : 0.0;
    case 3:
      return jet->e2 != NULL ? lz_expr_eval_d1 (jet->e2, t) : 0.0;
    case 4:
      return jet->e2 != NULL ? lz_expr_eval_d2 (jet->e2, t) : 0.0;
    default:
      g_assert_not_reached ();
    }
}

/* Friction or a stop: program motion takes them slipping and open, so
 * they cannot carry a commanded position. */
static gboolean
el_is_open (const LzProgramEl *e)
{
  return e->law->kind == LZ_ITEM_FRICTION || e->law->kind == LZ_ITEM_STOP;
}

/* g and ġ of an element at (t, x, v): its ports by the element table, its
 * moving grounds by their jets. */
static void
el_g (const LzProgramEl *e,
      const double      *x,
      const double      *v,
      double             t,
      double            *g,
      double            *gd)
{
  const LzElementLaw *law = e->law;
  double gg = 0.0, gv = 0.0;

  if (law->a >= 0)
    {
      gg -= law->ca * x[law->a];
      gv -= law->ca * v[law->a];
    }
  if (law->b >= 0)
    {
      gg += law->cb * x[law->b];
      gv += law->cb * v[law->b];
    }
  for (guint i = 0; i < e->ground->len; i++)
    {
      const LzProgramGroundTerm *term = &g_array_index (e->ground, LzProgramGroundTerm, i);

      gg += term->coef * jet_eval (&term->jet, 0, t);
      gv += term->coef * jet_eval (&term->jet, 1, t);
    }
  *g = gg;
  *gd = gv;
}

/* The derivative of the given order of the moving grounds' part of g. */
static double
el_g0 (const LzProgramEl *e,
       guint              order,
       double             t)
{
  double s = 0.0;

  for (guint i = 0; i < e->ground->len; i++)
    {
      const LzProgramGroundTerm *term = &g_array_index (e->ground, LzProgramGroundTerm, i);

      s += term->coef * jet_eval (&term->jet, order, t);
    }
  return s;
}

/* An element's tension T and its derivatives in g and ġ, by the law of
 * the element table as program motion takes it: an inverted freeplay
 * spring engaged on its branch σ, friction slipping, a stop open. */
static void
el_tension (const LzProgramAnalysis *self,
            guint                    k,
            double                   g,
            double                   gd,
            double                  *T,
            double                  *dTdg,
            double                  *dTdv)
{
  const LzProgramEl *e = &self->el[k];
  const LzElementLaw *law = e->law;

  *T = *dTdg = *dTdv = 0.0;
  if (law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR)
    {
      LzMode mode = !e->inverted ? lz_element_law_spring_mode (law, g)
                    : self->branch[k] > 0 ? LZ_MODE_ENGAGED_POS : LZ_MODE_ENGAGED_NEG;

      *T = lz_element_law_spring_tension (law, mode, g);
      *dTdg = mode == LZ_MODE_GAP ? 0.0 : law->k;
    }
  else if (law->kind == LZ_ITEM_DAMPER)
    {
      *T = law->c * gd;
      *dTdv = law->c;
    }
  else if (law->kind == LZ_ITEM_FRICTION)
    {
      *T = law->c * gd + (gd > 0.0 ? law->fpos : gd < 0.0 ? -law->fneg : 0.0);
      *dTdv = law->c;
    }
}

/* h −= w T over the element's ports (w = −ca, cb), with the time
 * derivatives through the ground motion and the Jacobians (left out for
 * the element the structural test drops). */
static void
add_element_force (LzProgramAnalysis *self,
                   guint              k,
                   double             t,
                   double             T,
                   double             dTdg,
                   double             dTdv)
{
  const LzProgramEl *e = &self->el[k];
  double w[2] = { -e->law->ca, e->law->cb };
  int dofs[2] = { e->law->a, e->law->b };
  double Tt = dTdg * el_g0 (e, 1, t) + dTdv * el_g0 (e, 2, t);
  double Ttt = dTdg * el_g0 (e, 2, t) + dTdv * el_g0 (e, 3, t);
  gboolean keep = !(self->drop_jacobian && self->drop == k);

  for (int i = 0; i < 2; i++)
    {
      if (dofs[i] < 0)
        continue;
      *gsl_vector_ptr (self->h, dofs[i]) -= w[i] * T;
      *gsl_vector_ptr (self->h_t, dofs[i]) -= w[i] * Tt;
      *gsl_vector_ptr (self->h_tt, dofs[i]) -= w[i] * Ttt;
      for (int j = 0; j < 2 && keep; j++)
        {
          if (dofs[j] < 0)
            continue;
          *gsl_matrix_ptr (self->h_x, dofs[i], dofs[j]) -= w[i] * w[j] * dTdg;
          *gsl_matrix_ptr (self->h_v, dofs[i], dofs[j]) -= w[i] * w[j] * dTdv;
        }
    }
}

/* Fills the state (h, Jacobians, time derivatives, c0) at (t, y). */
static void
eval_state (LzProgramAnalysis *self,
            double             t,
            const double      *y,
            LzProgramState    *s)
{
  guint n = self->n;
  const double *x = y, *v = y + n;

  for (guint i = 0; i < n; i++)
    {
      gsl_vector_set (self->x, i, x[i]);
      gsl_vector_set (self->v, i, v[i]);
    }
  gsl_vector_set_zero (self->h);
  gsl_vector_set_zero (self->h_t);
  gsl_vector_set_zero (self->h_tt);
  gsl_matrix_set_zero (self->h_x);
  gsl_matrix_set_zero (self->h_v);
  for (guint f = 0; f < self->n_forces; f++)
    {
      int i = self->force_dof[f];

      *gsl_vector_ptr (self->h, i) += jet_eval (&self->forces[f], 0, t);
      *gsl_vector_ptr (self->h_t, i) += jet_eval (&self->forces[f], 1, t);
      *gsl_vector_ptr (self->h_tt, i) += jet_eval (&self->forces[f], 2, t);
    }
  for (guint k = 0; k < self->n_el; k++)
    {
      double g, gd, T, dTdg, dTdv;

      el_g (&self->el[k], x, v, t, &g, &gd);
      el_tension (self, k, g, gd, &T, &dTdg, &dTdv);
      add_element_force (self, k, t, T, dTdg, dTdv);
    }
  for (guint i = 0; i < self->m; i++)
    {
      gsl_vector_set (self->c0, i, -jet_eval (&self->pres[i], 2, t));
      gsl_vector_set (self->c0_t, i, -jet_eval (&self->pres[i], 3, t));
      gsl_vector_set (self->c0_tt, i, -jet_eval (&self->pres[i], 4, t));
    }
  memset (s, 0, sizeof *s);
  s->t = t;
  s->x = self->x;
  s->v = self->v;
  s->h = (LzProgramTerm) { .value = self->h, .x = self->h_x, .v = self->h_v, .t = self->h_t, .tt = self->h_tt };
  s->c0 = (LzProgramTerm) { .value = self->c0, .t = self->c0_t, .tt = self->c0_tt };
}

/* The residuals of the conditions a consistent state satisfies (the
 * prescribed positions and velocities, g = 0, and ġ = 0 for s = 2) and
 * their Jacobian with respect to the free positions and velocities. */
static guint
consistency (LzProgramAnalysis *self,
             double             t,
             const double      *y,
             double            *res,
             gsl_matrix       **J,
             guint             *free_cols)
{
  LzProgramState s;
  LzProgram *pr = self->program;
  guint n = self->n, nf = 0, rows = 0;
  LzProgramGJet j;

  for (guint i = 0; i < n; i++)
    if (!self->fixed[i])
      free_cols[nf++] = i;
  eval_state (self, t, y, &s);
  lz_program_gjet_compute (pr, &s, &j);
  *J = lz_dense_new (self->index == 2 ? 2 * pr->l : self->index == 1 ? pr->l : 0, 2 * nf);
  if (self->index >= 1)
    for (guint i = 0; i < pr->l; i++, rows++)
      {
        res[rows] = j.g[i];
        for (guint c = 0; c < nf; c++)
          {
            AT (*J, rows, c) = AT (j.gx, i, free_cols[c]);
            AT (*J, rows, nf + c) = AT (j.gv, i, free_cols[c]);
          }
      }
  if (self->index == 2)
    {
      /* ġ* = g_v M⁻¹ h + g_x v + g_t */
      g_autoptr(gsl_matrix) gvMi = lz_dense_mul (CblasNoTrans, j.gv, CblasNoTrans, pr->Minv);

      for (guint i = 0; i < pr->l; i++, rows++)
        {
          double r = j.gt[i];

          for (guint k = 0; k < n; k++)
            r += AT (gvMi, i, k) * gsl_vector_get (self->h, k) + AT (j.gx, i, k) * y[n + k];
          res[rows] = r;
          for (guint c = 0; c < nf; c++)
            {
              double ax = 0.0, av = AT (j.gx, i, free_cols[c]);

              for (guint k = 0; k < n; k++)
                {
                  ax += AT (gvMi, i, k) * gsl_matrix_get (self->h_x, k, free_cols[c]);
                  av += AT (gvMi, i, k) * gsl_matrix_get (self->h_v, k, free_cols[c]);
                }
              AT (*J, rows, c) = ax;
              AT (*J, rows, nf + c) = av;
            }
        }
    }
  lz_program_gjet_clear (&j);
  return nf;
}

/* The model's initial state y = (q0, v0), before any projection. */
static void
initial_state (const LzProgramAnalysis *self,
               double                  *y)
{
  for (guint i = 0; i < self->n; i++)
    {
      y[i] = lz_model_get_body (self->model, i)->q0;
      y[self->n + i] = lz_model_get_body (self->model, i)->v0;
    }
}

/* Moves y to the consistent state nearest to it (prescribed coordinates
 * exactly, free ones by the minimum-norm Newton correction); returns the
 * residual before the correction. */
static double
project (LzProgramAnalysis *self,
         double             t,
         double            *y)
{
  guint n = self->n;
  double before = 0.0;
  g_autofree double *res = g_new0 (double, 2 * n + 2);
  g_autofree double *dz = g_new0 (double, 2 * n + 2);
  g_autofree guint *cols = g_new0 (guint, n + 1);

  for (guint i = 0; i < self->m; i++)
    {
      int d = self->pres_dof[i];

      before = MAX (before, fabs (y[d] - jet_eval (&self->pres[i], 0, t)));
      before = MAX (before, fabs (y[n + d] - jet_eval (&self->pres[i], 1, t)));
      y[d] = jet_eval (&self->pres[i], 0, t);
      y[n + d] = jet_eval (&self->pres[i], 1, t);
    }
  for (guint it = 0; it < PROJECT_MAX_STEPS; it++)
    {
      gsl_matrix *J;
      guint nf = consistency (self, t, y, res, &J, cols);
      double norm = 0.0;

      for (guint i = 0; i < J->size1; i++)
        norm = MAX (norm, fabs (res[i]));
      if (it == 0)
        before = MAX (before, norm);
      if (J->size1 == 0 || norm == 0.0)
        {
          g_clear_pointer (&J, gsl_matrix_free);
          break;
        }
      lz_dense_solve_min_norm (J, res, dz, self->opts.rank_tol);
      for (guint c = 0; c < nf; c++)
        {
          y[cols[c]] -= dz[c];
          y[n + cols[c]] -= dz[nf + c];
        }
      g_clear_pointer (&J, gsl_matrix_free);
      {
        double step = 0.0;

        for (guint c = 0; c < 2 * nf; c++)
          step = MAX (step, fabs (dz[c]));
        if (step < PROJECT_STEP_TOL * (1.0 + norm))
          break;
      }
    }
  return before;
}

static int
rhs (double        t,
     const double  y[],
     double        dydt[],
     void         *data)
{
  LzProgramAnalysis *self = data;
  LzProgramState s;
  guint n = self->n;
  g_autofree double *lambda = g_new0 (double, self->m + 1);

  eval_state (self, t, y, &s);
  if (!lz_program_solve_at_index (self->program, &s, self->index, dydt + n, lambda,
                         self->run_error == NULL ? &self->run_error : NULL))
    return GSL_EBADFUNC;
  memcpy (dydt, y + n, n * sizeof (double));
  return GSL_SUCCESS;
}

/* Integrates y from t0 to t1 (no events inside).  The driver lives for
 * the whole run, so the step size it has found carries over from one
 * sample to the next (rk8pd keeps no history, so a state moved by a
 * projection or a jump needs no restart). */
static gboolean
integrate (LzProgramAnalysis *self,
           double             t0,
           double             t1,
           double            *y)
{
  double t = t0;
  int status;

  if (t1 <= t0)
    return TRUE;
  if (self->driver == NULL)
    {
      self->sys = (gsl_odeiv2_system) { rhs, NULL, 2 * self->n, self };
      self->driver = gsl_odeiv2_driver_alloc_y_new (&self->sys, gsl_odeiv2_step_rk8pd,
                                                    MAX ((t1 - t0) * FIRST_STEP_FRACTION, FIRST_STEP_MIN),
                                                    self->opts.atol, self->opts.rtol);
    }
  gsl_odeiv2_driver_reset (self->driver);
  status = gsl_odeiv2_driver_apply (self->driver, &t, t1, y);
  if (status != GSL_SUCCESS && self->run_error == NULL)
    g_set_error (&self->run_error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                 _("The program motion could not be integrated past t = %g (%s)"), t,
                 gsl_strerror (status));
  return status == GSL_SUCCESS;
}

/* σ (g − ℓ0) − Δ ≥ 0 while an inverted freeplay spring stays engaged on
 * its branch; the least over them (+inf without any). */
static double
branch_margin (LzProgramAnalysis *self,
               double             t,
               const double      *y,
               guint             *which)
{
  double least = INFINITY;

  for (guint k = 0; k < self->n_el; k++)
    {
      const LzProgramEl *e = &self->el[k];
      double g, gd;

      if (!e->inverted)
        continue;
      el_g (e, y, y + self->n, t, &g, &gd);
      if (self->branch[k] * (g - e->law->offset) - e->law->freeplay < least)
        {
          least = self->branch[k] * (g - e->law->offset) - e->law->freeplay;
          if (which != NULL)
            *which = k;
        }
    }
  return least;
}

static void
add_restart (LzProgramAnalysis *self,
             double             t,
             const double      *y)
{
  LzProgramRestart r;

  r.t = t;
  r.y = g_memdup2 (y, 2 * self->n * sizeof (double));
  r.branch = g_memdup2 (self->branch, MAX (self->n_el, 1) * sizeof (int));
  g_array_append_val (self->restarts, r);
}

static void
add_instant (LzProgramAnalysis *self,
             double             t,
             const char        *element,
             char              *text)
{
  LzProgramInstant instant = { t, element, text };

  g_array_append_val (self->instants, instant);
}

/* A coordinate changed from @before to @after (CHANGE_TOL). */
static gboolean
changed (double before,
         double after)
{
  return fabs (after - before) > CHANGE_TOL * (1.0 + fabs (before));
}

static char *
dof_list (const LzProgramAnalysis *self,
          const double            *before,
          const double            *after)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->n; i++)
    if (changed (before[i], after[i]))
      {
        if (out->len > 0)
          g_string_append (out, ", ");
        g_string_append_printf (out, "%s %+.6g", lz_assembly_get_dof_name (self->assembly, i),
                                after[i] - before[i]);
      }
  return g_string_free (out, FALSE);
}

/* An inverted freeplay spring's required force crossed zero between t0
 * (y0) and t1: locate the instant, jump to the other branch, record it.
 * y0 is replaced by the state after the jump and *t0 by the instant. */
static gboolean
cross_freeplay (LzProgramAnalysis *self,
                double            *t0,
                double            *y0,
                double             t1,
                guint              k)
{
  guint n = self->n;
  double lo = *t0, hi = t1;
  g_autofree double *ylo = g_memdup2 (y0, 2 * n * sizeof (double));
  g_autofree double *ytry = g_new0 (double, 2 * n);
  g_autofree double *before = NULL;
  const LzProgramEl *e = &self->el[k];
  int old;

  while (hi - lo > self->opts.event_tol * MAX (1.0, fabs (hi)))
    {
      double mid = 0.5 * (lo + hi);
      guint which;

      memcpy (ytry, ylo, 2 * n * sizeof (double));
      if (!integrate (self, lo, mid, ytry))
        return FALSE;
      if (branch_margin (self, mid, ytry, &which) < 0.0)
        hi = mid;
      else
        {
          lo = mid;
          memcpy (ylo, ytry, 2 * n * sizeof (double));
        }
    }
  before = g_memdup2 (ylo, 2 * n * sizeof (double));
  old = self->branch[k];
  self->branch[k] = -old;
  project (self, lo, ylo);
  {
    g_autofree char *moved = dof_list (self, before, ylo);
    g_autofree char *d = lz_number_to_string (e->law->freeplay);

    add_instant (self, lo, e->law->id,
                 g_strdup_printf (_("%s: the required spring force crosses zero, so the relative "
                                    "displacement g − ℓ0 ∈ tar(T/k, Δ) jumps from %s%s to %s%s across "
                                    "the freeplay (tar(0, Δ) = [−Δ, Δ] is set-valued); the actuated "
                                    "motion jumps (%s): the actuator delivers an impulse"),
                                  e->law->id, old > 0 ? "+" : "−", d,
                                  old > 0 ? "−" : "+", d, moved));
  }
  memcpy (y0, ylo, 2 * n * sizeof (double));
  *t0 = lo;
  add_restart (self, lo, y0);
  return TRUE;
}

static void
record_sample (LzProgramAnalysis *self,
               double             t,
               const double      *y)
{
  LzProgramState s;
  guint n = self->n;
  g_autofree double *vdot = g_new0 (double, n + 1);
  g_autofree double *lambda = g_new0 (double, self->m + 1);

  eval_state (self, t, y, &s);
  if (!lz_program_solve_at_index (self->program, &s, self->index, vdot, lambda,
                         self->run_error == NULL ? &self->run_error : NULL))
    for (guint j = 0; j < self->r; j++)
      lambda[j] = NAN;
  g_array_append_val (self->times, t);
  for (guint j = 0; j < self->r; j++)
    g_array_append_val (self->lambda[j], lambda[j]);
  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (self->q[i], y[i]);
      g_array_append_val (self->vel[i], y[n + i]);
    }
}

/* Friction reversals and stops reached between two samples (located by
 * linear interpolation within the sample step). */
static void
watch_forward (LzProgramAnalysis *self,
               double             t0,
               const double      *y0,
               double             t1,
               const double      *y1,
               gboolean          *stop_reported)
{
  guint n = self->n;

  for (guint k = 0; k < self->n_el; k++)
    {
      const LzProgramEl *e = &self->el[k];
      double g0, gd0, g1, gd1, lower = e->law->lower, upper = e->law->upper;

      if (!el_is_open (e))
        continue;
      el_g (e, y0, y0 + n, t0, &g0, &gd0);
      el_g (e, y1, y1 + n, t1, &g1, &gd1);
      if (e->law->kind == LZ_ITEM_FRICTION && ((gd0 > 0.0 && gd1 <= 0.0) || (gd0 < 0.0 && gd1 >= 0.0)))
        {
          double tc = gd1 == gd0 ? t1 : t0 + (t1 - t0) * gd0 / (gd0 - gd1);
          g_autofree char *fp = lz_number_to_string (e->law->fpos);
          g_autofree char *fn = lz_number_to_string (e->law->fneg);

          add_instant (self, tc, e->law->id,
                       g_strdup_printf (_("%s: the relative velocity reverses, so the friction force "
                                          "is set-valued there (any value in [−%s, %s]); the "
                                          "analysis takes the slipping force on either side and the "
                                          "actuator force jumps by %s + %s"),
                                        e->law->id, fn, fp, fp, fn));
        }
      if (e->law->kind == LZ_ITEM_STOP && !stop_reported[k]
          && ((g1 < lower && g0 >= lower) || (g1 > upper && g0 <= upper)
              || (t0 == 0.0 && (g0 < lower || g0 > upper))))
        {
          gboolean low = g1 < lower || g0 < lower;
          double lim = low ? lower : upper;
          double tc = (g0 < lower || g0 > upper) ? t0 : t0 + (t1 - t0) * (lim - g0) / (g1 - g0);

          stop_reported[k] = TRUE;
          add_instant (self, tc, e->law->id,
                       low ? g_strdup_printf (_("%s: the motion reaches the lower limit of the stop; "
                                                "the analysis assumes the stop stays open, so from "
                                                "here on the real system would also need the "
                                                "contact force"), e->law->id)
                           : g_strdup_printf (_("%s: the motion reaches the upper limit of the stop; "
                                                "the analysis assumes the stop stays open, so from "
                                                "here on the real system would also need the "
                                                "contact force"), e->law->id));
        }
    }
}

static int
compare_instants (gconstpointer a,
                  gconstpointer b)
{
  const LzProgramInstant *x = a, *y = b;

  return x->t < y->t ? -1 : x->t > y->t ? 1 : 0;
}

/* The consistent initial state from the model's: projected onto the
 * program, every inverted spring on the branch its position is on, and
 * the initial values that changed listed. */
static void
start_motion (LzProgramAnalysis *self,
              double            *y)
{
  guint n = self->n;
  g_autofree double *prev = g_new0 (double, 2 * n);

  initial_state (self, y);
  memcpy (prev, y, 2 * n * sizeof (double));
  project (self, 0.0, y);
  /* an inverted spring starting on the wrong side of its freeplay: the
   * other branch (its required force has the other sign) */
  for (guint k = 0; k < self->n_el; k++)
    if (self->el[k].inverted)
      {
        double g, gd;

        el_g (&self->el[k], y, y + n, 0.0, &g, &gd);
        if (self->branch[k] * (g - self->el[k].law->offset) - self->el[k].law->freeplay < 0.0)
          {
            self->branch[k] = -self->branch[k];
            project (self, 0.0, y);
          }
      }
  for (guint i = 0; i < n; i++)
    for (guint d = 0; d < 2; d++)
      if (changed (prev[d * n + i], y[d * n + i]))
        {
          g_autofree char *from = lz_number_to_string (prev[d * n + i]);
          g_autofree char *to = lz_number_to_string (y[d * n + i]);
          const char *name = lz_assembly_get_dof_name (self->assembly, i);

          g_ptr_array_add (self->adjusted,
                           d == 0 ? g_strdup_printf (_("q0 of %s: %s → %s"), name, from, to)
                                  : g_strdup_printf (_("v0 of %s: %s → %s"), name, from, to));
        }
}

/* Integrates from (*t, y) to t1, across the freeplay crossings of the
 * inverted springs on the way; FALSE on a failure (run_error). */
static gboolean
advance (LzProgramAnalysis *self,
         double            *t,
         double             t1,
         double            *y)
{
  guint n = self->n;

  while (self->run_error == NULL)
    {
      g_autofree double *ystart = g_memdup2 (y, 2 * n * sizeof (double));
      double tstart = *t;
      guint which = 0;

      if (!integrate (self, *t, t1, y))
        break;
      if (branch_margin (self, t1, y, &which) < 0.0)
        {
          memcpy (y, ystart, 2 * n * sizeof (double));
          *t = tstart;
          if (!cross_freeplay (self, t, y, t1, which))
            break;
          continue;
        }
      *t = t1;
      break;
    }
  return self->run_error == NULL;
}

/* The program motion over the grid 0, sample, …, t_end: a sample
 * projected back onto the program after each interval, its drift
 * measured, the forward elements watched. */
static void
run (LzProgramAnalysis *self)
{
  guint n = self->n, N;
  double t_end = self->opts.t_end, dt = self->opts.sample, t = 0.0;
  g_autofree double *y = g_new0 (double, 2 * n);
  g_autofree double *prev = g_new0 (double, 2 * n);
  g_autofree gboolean *stop_reported = g_new0 (gboolean, self->n_el + 1);

  start_motion (self, y);
  add_restart (self, 0.0, y);
  record_sample (self, 0.0, y);

  N = (guint) ceil (t_end / dt - GRID_ROUNDING);
  for (guint i = 1; i <= N && self->run_error == NULL; i++)
    {
      double t1 = MIN (i * dt, t_end);
      double drift;

      memcpy (prev, y, 2 * n * sizeof (double));
      if (!advance (self, &t, t1, y))
        break;
      drift = project (self, t1, y);
      self->drift = MAX (self->drift, drift);
      watch_forward (self, t1 - dt, prev, t1, y, stop_reported);
      record_sample (self, t1, y);
      add_restart (self, t1, y);
    }
  g_array_sort (self->instants, compare_instants);
}


/* The jets of the moving grounds at an element's ports (side a first). */
static gboolean
el_ground_terms (LzProgramAnalysis *self,
                 LzProgramEl       *e,
                 GError           **error)
{
  const char *ports[2] = { e->law->element->a, e->law->element->b };

  e->ground = g_array_new (FALSE, TRUE, sizeof (LzProgramGroundTerm));
  for (int side = 0; side < 2; side++)
    {
      const LzGround *ground = lz_model_lookup_ground (self->model, ports[side]);

      if (ground != NULL && ground->motion != NULL)
        {
          LzProgramGroundTerm term = { side == 0 ? -e->law->ca : e->law->cb, { NULL, NULL } };

          if (!jet_init (&term.jet, ground->motion, ground->item.id, error))
            {
              jet_clear (&term.jet);
              return FALSE;
            }
          g_array_append_val (e->ground, term);
        }
    }
  return TRUE;
}

/* Each element's law from the element table, its ground jets, and the
 * branch of the model's initial position (+ when in the gap). */
static gboolean
build_elements (LzProgramAnalysis *self,
                GError           **error)
{
  LzModel *model = self->model;

  self->table = lz_element_table_new (self->assembly);
  self->n_el = lz_element_table_get_n (self->table);
  self->el = g_new0 (LzProgramEl, self->n_el + 1);
  self->branch = g_new0 (int, self->n_el + 1);
  for (guint k = 0; k < self->n_el; k++)
    {
      LzProgramEl *e = &self->el[k];
      const LzElementLaw *law = lz_element_table_get (self->table, k);
      double g = 0.0;

      e->law = law;
      /* TRANSLATORS: completes "… are not taken %s" */
      if (!lz_friction_refuse (law, _("by the program-motion analysis"), error)
          || !el_ground_terms (self, e, error))
        return FALSE;
      if (law->a >= 0)
        g -= law->ca * lz_model_get_body (model, law->a)->q0;
      if (law->b >= 0)
        g += law->cb * lz_model_get_body (model, law->b)->q0;
      g += el_g0 (e, 0, 0.0);
      self->branch[k] = g - law->offset < 0.0 ? -1 : 1;
    }
  return TRUE;
}

/* The index with every freeplay spring engaged (the structural index),
 * and which elements the index needs. */
static void
classify_path (LzProgramAnalysis *self)
{
  guint n = self->n;
  g_autofree double *y = g_new0 (double, 2 * n);
  LzProgramState s;
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < self->n_el; k++)
    if (lz_program_el_has_freeplay (&self->el[k]))
      self->el[k].inverted = TRUE;   /* engaged, for the structural test */
  initial_state (self, y);
  for (guint i = 0; i < self->m; i++)
    {
      y[self->pres_dof[i]] = jet_eval (&self->pres[i], 0, 0.0);
      y[n + self->pres_dof[i]] = jet_eval (&self->pres[i], 1, 0.0);
    }
  eval_state (self, 0.0, y, &s);
  self->index = lz_program_get_index (self->program, &s, &error);
  if (self->index == G_MAXUINT)
    {
      GString *why = g_string_new (error->message);
      gboolean any = FALSE;

      for (guint k = 0; k < self->n_el; k++)
        if (el_is_open (&self->el[k]))
          {
            g_string_append (why, any ? ", " : _(". Nonsmooth elements that cannot carry a "
                                                  "commanded position: "));
            g_string_append_printf (why, "%s (%s)", self->el[k].law->id,
                                    lz_program_element_kind_word (self->el[k].law->kind));
            any = TRUE;
          }
      self->failure = g_string_free (why, FALSE);
      for (guint k = 0; k < self->n_el; k++)
        self->el[k].inverted = FALSE;
      return;
    }
  for (guint k = 0; k < self->n_el; k++)
    {
      LzProgramEl *e = &self->el[k];
      g_autoptr(GError) ignored = NULL;
      guint s_without;

      if (self->index == 0 || el_is_open (e))
        {
          e->inverted = FALSE;
          continue;
        }
      self->drop_jacobian = TRUE;
      self->drop = k;
      eval_state (self, 0.0, y, &s);
      s_without = lz_program_get_index (self->program, &s, &ignored);
      self->drop_jacobian = FALSE;
      e->in_path = s_without != self->index;
      e->inverted = lz_program_el_has_freeplay (e) && e->in_path;
    }
}

/* The analysis with its lists, and the options with the model's
 * defaults filled in. */
static LzProgramAnalysis *
analysis_alloc (const LzAssembly       *assembly,
                const LzProgramOptions *options)
{
  LzModel *model = lz_assembly_get_model (assembly);
  LzProgramAnalysis *self = g_new0 (LzProgramAnalysis, 1);

  self->assembly = assembly;
  self->model = lz_model_ref (model);
  self->n = lz_assembly_get_n_dofs (assembly);
  self->explanation = g_ptr_array_new_null_terminated (1, g_free, TRUE);
  self->adjusted = g_ptr_array_new_with_free_func (g_free);
  self->instants = g_array_new (FALSE, TRUE, sizeof (LzProgramInstant));
  self->restarts = g_array_new (FALSE, TRUE, sizeof (LzProgramRestart));
  self->times = g_array_new (FALSE, TRUE, sizeof (double));
  if (options != NULL)
    self->opts = *options;
  else
    lz_program_options_init (&self->opts);
  if (self->opts.t_end <= 0.0)
    self->opts.t_end = lz_model_get_simulation (model)->t_end;
  if (self->opts.sample <= 0.0)
    self->opts.sample = MAX (lz_model_get_simulation (model)->dt, self->opts.t_end / MAX_SAMPLES);
  if (self->opts.rank_tol <= 0.0)
    self->opts.rank_tol = LZ_PROGRAM_DEFAULT_RANK_TOL;
  return self;
}

/* A prescribed motion, an actuator, and mass on every body. */
static gboolean
check_model (LzProgramAnalysis *self,
             GError           **error)
{
  LzModel *model = self->model;

  self->m = lz_model_count_kind (model, LZ_ITEM_PRESCRIBED);
  self->r = lz_model_count_kind (model, LZ_ITEM_ACTUATOR);
  self->n_forces = lz_model_count_kind (model, LZ_ITEM_FORCE);
  if (self->m == 0)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           _("The model has no prescribed motion: add a <prescribed> source "
                             "(the motion q(t) a body must follow)"));
      return FALSE;
    }
  if (self->r == 0)
    {
      g_set_error_literal (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                           _("The model has no actuator: add an <actuator> on the body whose "
                             "force is to be computed"));
      return FALSE;
    }
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      gboolean rigid = lz_element_is_rigid_coupling (element);

      if (rigid || element->item.kind == LZ_ITEM_CONTACT || element->item.kind == LZ_ITEM_BACKLASH)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                       rigid ? _("Stop “%s” has lower = upper: a rigid coupling, which the "
                                 "program-motion analysis does not take (it takes stops open); "
                                 "join the two bodies into one")
                             : _("Element “%s” is a damped contact: the program-motion analysis does "
                                 "not take damped contacts (their force depends on the gap's rate as "
                                 "well as on the gap); use a stop or a spring with freeplay"),
                       element->item.id);
          return FALSE;
        }
    }
  for (guint i = 0; i < self->n; i++)
    if (lz_model_get_body (model, i)->mass <= 0.0)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                     _("Body “%s” is massless: the program-motion analysis (paper 001) needs every "
                       "body to have mass; reduce the model first (luztar-cli reduce --write)"),
                     lz_model_get_body (model, i)->item.id);
        return FALSE;
      }
  return TRUE;
}

/* An actuator on a body another actuator already drives: FALSE with
 * @error set. */
static gboolean
check_actuator (LzProgramAnalysis *self,
                guint              count,
                const LzSource    *source,
                int                dof,
                GError           **error)
{
  for (guint j = 0; j < count; j++)
    if (self->act_dof[j] == dof)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL,
                     _("Actuators “%s” and “%s” act on the same body “%s”: their forces "
                       "are not independent"), self->act_id[j], source->item.id, source->body);
        return FALSE;
      }
  return TRUE;
}

/* The prescribed motions as rows of C (and their jets), the actuators as
 * rows of B, the forces' jets. */
static gboolean
read_sources (LzProgramAnalysis *self,
              gsl_matrix        *B,
              gsl_matrix        *C,
              GError           **error)
{
  LzModel *model = self->model;
  guint im = 0, ir = 0, iff = 0;

  self->pres_dof = g_new0 (int, self->m);
  self->pres_id = g_new0 (const char *, self->m);
  self->pres = g_new0 (LzProgramJet, self->m);
  self->act_dof = g_new0 (int, self->r);
  self->act_id = g_new0 (const char *, self->r);
  self->fixed = g_new0 (int, self->n + 1);
  self->force_dof = g_new0 (int, self->n_forces + 1);
  self->forces = g_new0 (LzProgramJet, self->n_forces + 1);
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);
      int dof = lz_model_get_body_index (model, source->body);

      if (source->item.kind == LZ_ITEM_PRESCRIBED)
        {
          self->pres_dof[im] = dof;
          self->pres_id[im] = source->item.id;
          self->fixed[dof] = 1;
          gsl_matrix_set (C, im, dof, 1.0);
          if (!jet_init (&self->pres[im++], source->value, source->item.id, error))
            return FALSE;
        }
      else if (source->item.kind == LZ_ITEM_ACTUATOR)
        {
          if (!check_actuator (self, ir, source, dof, error))
            return FALSE;
          self->act_dof[ir] = dof;
          self->act_id[ir] = source->item.id;
          gsl_matrix_set (B, ir++, dof, 1.0);
        }
      else if (source->item.kind == LZ_ITEM_FORCE)
        {
          self->force_dof[iff] = dof;
          if (!jet_init (&self->forces[iff++], source->value, source->item.id, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* The result columns and the state handed to the formulation. */
static void
alloc_state (LzProgramAnalysis *self)
{
  guint n = self->n;

  self->lambda = g_new0 (GArray *, self->r);
  for (guint j = 0; j < self->r; j++)
    self->lambda[j] = g_array_new (FALSE, TRUE, sizeof (double));
  self->q = g_new0 (GArray *, n);
  self->vel = g_new0 (GArray *, n);
  for (guint i = 0; i < n; i++)
    {
      self->q[i] = g_array_new (FALSE, TRUE, sizeof (double));
      self->vel[i] = g_array_new (FALSE, TRUE, sizeof (double));
    }
  self->x = gsl_vector_alloc (n);
  self->v = gsl_vector_alloc (n);
  self->h = gsl_vector_alloc (n);
  self->h_t = gsl_vector_alloc (n);
  self->h_tt = gsl_vector_alloc (n);
  self->h_x = gsl_matrix_alloc (n, n);
  self->h_v = gsl_matrix_alloc (n, n);
  self->c0 = gsl_vector_alloc (self->m);
  self->c0_t = gsl_vector_alloc (self->m);
  self->c0_tt = gsl_vector_alloc (self->m);
}

/**
 * lz_program_analysis_new:
 * @assembly: an assembled model with prescribed motions and actuators
 * @options: (nullable): options, %NULL for the defaults
 * @error: return location for a #GError
 *
 * The program-motion analysis of a model (paper 001): M from the
 * assembly, C from the prescribed motions (one row e_iᵀ each, c0 = −p̈),
 * B from the actuators (one row e_jᵀ each, a force along the body's
 * coordinate), h = f(t) − C q̇ − K q minus the nonsmooth elements' forces
 * (see the file comment for the assumptions).  Classifies the
 * realization, finds the index and, when the motion is realizable,
 * synthesizes λ(t) on the grid 0, sample, …, t_end together with the
 * motion of every body.  A motion that cannot be realized (r ≠ m, index
 * > 2, not controllable) is not an error: lz_program_analysis_is_realizable()
 * is %FALSE and lz_program_analysis_get_failure() says why.
 *
 * Returns: (transfer full) (nullable): the analysis, or %NULL with @error
 *   set for a model without a prescribed motion or an actuator, with two
 *   actuators on one body, with a massless body, or whose expressions'
 *   derivatives cannot be formed
 */
LzProgramAnalysis *
lz_program_analysis_new (const LzAssembly       *assembly,
                         const LzProgramOptions *options,
                         GError                **error)
{
  g_autoptr(LzProgramAnalysis) self = NULL;
  g_autoptr(gsl_matrix) M = NULL;
  g_autoptr(gsl_matrix) B = NULL;
  g_autoptr(gsl_matrix) C = NULL;

  g_return_val_if_fail (assembly != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = analysis_alloc (assembly, options);
  if (!check_model (self, error))
    return NULL;
  B = gsl_matrix_calloc (self->r, self->n);
  C = gsl_matrix_calloc (self->m, self->n);
  if (!read_sources (self, B, C, error))
    return NULL;
  alloc_state (self);
  if (!build_elements (self, error))
    return NULL;

  M = lz_assembly_dense_copy (lz_assembly_get_M_sparse (assembly));
  self->program = lz_program_new (M, B, C, error);
  if (self->program == NULL)
    return NULL;
  self->program->tol = self->opts.rank_tol;

  if (self->program->failure != NULL)
    self->failure = g_strdup (self->program->failure);
  else
    classify_path (self);
  lz_program_analysis_explain (self);
  if (self->failure == NULL)
    {
      run (self);
      if (self->run_error != NULL)
        self->failure = g_strdup (self->run_error->message);
    }
  return g_steal_pointer (&self);
}

void
lz_program_analysis_free (LzProgramAnalysis *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->driver, gsl_odeiv2_driver_free);
  g_clear_pointer (&self->program, lz_program_free);
  g_free (self->failure);
  g_ptr_array_unref (self->explanation);
  g_ptr_array_unref (self->adjusted);
  for (guint i = 0; self->pres != NULL && i < self->m; i++)
    jet_clear (&self->pres[i]);
  for (guint i = 0; self->forces != NULL && i < self->n_forces; i++)
    jet_clear (&self->forces[i]);
  g_free (self->pres);
  g_free (self->forces);
  g_free (self->pres_dof);
  g_free (self->pres_id);
  g_free (self->act_dof);
  g_free (self->act_id);
  g_free (self->fixed);
  g_free (self->force_dof);
  for (guint k = 0; self->el != NULL && k < self->n_el; k++)
    {
      for (guint i = 0; self->el[k].ground != NULL && i < self->el[k].ground->len; i++)
        jet_clear (&g_array_index (self->el[k].ground, LzProgramGroundTerm, i).jet);
      if (self->el[k].ground != NULL)
        g_array_unref (self->el[k].ground);
    }
  g_free (self->el);
  g_clear_pointer (&self->table, lz_element_table_free);
  g_free (self->branch);
  {
    gsl_vector **vectors[] = { &self->x, &self->v, &self->h, &self->h_t, &self->h_tt, &self->c0,
                               &self->c0_t, &self->c0_tt };

    for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
      g_clear_pointer (vectors[i], gsl_vector_free);
  }
  g_clear_pointer (&self->h_x, gsl_matrix_free);
  g_clear_pointer (&self->h_v, gsl_matrix_free);
  for (guint j = 0; self->lambda != NULL && j < self->r; j++)
    g_array_unref (self->lambda[j]);
  g_free (self->lambda);
  for (guint i = 0; self->q != NULL && i < self->n; i++)
    {
      g_array_unref (self->q[i]);
      g_array_unref (self->vel[i]);
    }
  g_free (self->q);
  g_free (self->vel);
  for (guint i = 0; i < self->instants->len; i++)
    g_free (g_array_index (self->instants, LzProgramInstant, i).text);
  g_array_unref (self->instants);
  for (guint i = 0; i < self->restarts->len; i++)
    {
      g_free (g_array_index (self->restarts, LzProgramRestart, i).y);
      g_free (g_array_index (self->restarts, LzProgramRestart, i).branch);
    }
  g_array_unref (self->restarts);
  g_array_unref (self->times);
  g_clear_error (&self->run_error);
  lz_model_unref (self->model);
  g_free (self);
}

/**
 * lz_program_analysis_eval:
 * @self: a realizable analysis
 * @t: a time in [0, t_end]
 * @q: (out caller-allocates) (optional): the positions at @t, n
 * @v: (out caller-allocates) (optional): the velocities, n
 * @lambda: (out caller-allocates) (optional): the required forces, r
 *
 * The program motion and control between the grid points, integrated
 * from the last grid point (or set-valued instant) before @t: for feeding
 * λ(t) back into a simulation.  Not thread-safe on one analysis.
 *
 * Returns: %FALSE if @self is not realizable or @t is out of range
 */
gboolean
lz_program_analysis_eval (const LzProgramAnalysis *self,
                          double                   t,
                          double                  *q,
                          double                  *v,
                          double                  *lambda)
{
  LzProgramAnalysis *mut = (LzProgramAnalysis *) self;
  const LzProgramRestart *start = NULL;
  guint n = self->n, lo = 0, hi;
  g_autofree double *y = NULL;
  g_autofree double *vdot = NULL;
  g_autofree double *lam = NULL;
  g_autofree int *saved = NULL;
  LzProgramState s;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->failure != NULL || self->restarts->len == 0 || t < 0.0 || t > self->opts.t_end * (1 + END_SLACK))
    return FALSE;
  /* the last restart at or before t (restarts are sorted) */
  hi = self->restarts->len;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (self->restarts, LzProgramRestart, mid).t <= t)
        lo = mid;
      else
        hi = mid;
    }
  start = &g_array_index (self->restarts, LzProgramRestart, lo);
  y = g_memdup2 (start->y, 2 * n * sizeof (double));
  saved = g_memdup2 (mut->branch, MAX (self->n_el, 1) * sizeof (int));
  memcpy (mut->branch, start->branch, MAX (self->n_el, 1) * sizeof (int));
  ok = integrate (mut, start->t, t, y);
  vdot = g_new0 (double, n + 1);
  lam = g_new0 (double, self->m + 1);
  if (ok)
    {
      eval_state (mut, t, y, &s);
      ok = lz_program_solve_at_index (mut->program, &s, self->index, vdot, lam, NULL);
    }
  memcpy (mut->branch, saved, MAX (self->n_el, 1) * sizeof (int));
  for (guint i = 0; q != NULL && i < n; i++)
    q[i] = y[i];
  for (guint i = 0; v != NULL && i < n; i++)
    v[i] = y[n + i];
  for (guint j = 0; lambda != NULL && j < self->r; j++)
    lambda[j] = lam[j];
  return ok;
}
