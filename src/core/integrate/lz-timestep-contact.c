/* lz-timestep-contact.c — the contact problem of Moreau–Jean
 * time-stepping: the Delassus operator, projected Gauss–Seidel and the
 * exact Lemke fallback
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The impulses Λ of λ = −T over a step, one per nonsmooth element, are
 * given by a box-constrained LCP in the variables (lz-timestep.c states
 * the scheme)
 *
 *   stop, lower side   z = P ≥ 0,            Λ += z,    0 ≤ u⁺ + e u⁻ ⊥ z
 *                      (only when the side is active: g + h/2·u ≤ lower)
 *   stop, upper side   z = P ≥ 0,            Λ −= z,    0 ≤ −(u⁺ + e u⁻) ⊥ z
 *   friction           z = hF ∈ [−hF0⁻, hF0⁺], Λ −= z,  the relay on −u⁺
 *                      (the box of the step's start, lz_friction_box():
 *                      static levels when stuck, the sliding level on
 *                      the side it slides to, at t + θh)
 *   rigid coupling     z = P free in sign,   Λ += z,    u⁺ = 0 (a stop with
 *                      lower = upper: an equality)
 *   damped contact     z = h·F ≥ 0, Λ ±= z, F = max(0, k·δ_θ + c·δ̇_θ) while
 *                      δ_θ > 0 (lz_ts_contact_update(), lz-contact-law)
 *   freeplay           z = Λ = −h·k·luz(s_θ, Δ) at the θ-point,
 *                      s_θ = s + hθ(θ u⁺ + (1−θ) u) − ℓ0 (the dead zone of
 *                      docs/assembly.md, p − m = luz(s_θ, Δ), solved in
 *                      closed form for one row given the others:
 *                      x + γ·luz(x, Δ) = S, Theorem 3.7 of paper 000)
 *
 * with u = Hv + ġ0 the relative velocities.  In Λ the problem is the
 * minimum of a convex function (½ΛᵀDΛ + linear terms + the indicator of
 * the boxes + the dead-zone energy), and every update below is the exact
 * minimisation in one coordinate, so the Gauss–Seidel sweeps converge.
 * The Delassus operator D = H W⁻¹ Hᵀ is constant: it is computed once,
 * and kept sparse — an entry is dropped only when it is below
 * LZ_TS_DELASSUS_DROP·√(D_rr D_ss), i.e. below the rounding of the
 * entries kept — so that a chain of N bodies costs O(N) per projected
 * Gauss–Seidel sweep.  When the sweeps crawl or fail, the same problem as
 * a standard LCP is solved exactly by Lemke's method.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-contact-law.h"
#include "lz-error.h"
#include "lz-friction.h"
#include "lz-lcp.h"
#include "lz-luz.h"
#include "lz-timestep-private.h"

/* The columns and rows of the fallback's standard LCP (solve_lemke()),
 * sized once for every variable active. */
struct LzTsLemkeMap
{
  double *lambda0;    /* n_rows: Λ with every ζ = 0 */
  guint  *col_row;    /* per LCP column: the row of H its ζ acts on … */
  double *col_g;      /* … with Λ_row += col_g·ζ */
  guint  *row_r;      /* per LCP row: the row of H whose velocity it reads … */
  double *row_scale;  /* … as ω = row_scale·(H_r v⁺) + (direct terms) + row_const */
  double *row_const;
};

/* ------------------------------------------------------------------------ */
/* H and the variables                                                        */

/* Rows r and s of H are equal. */
static gboolean
rows_equal (const LzTimestep *self,
            guint             r,
            guint             s)
{
  for (int k = 0; k < 2; k++)
    if (self->h_dof[2 * r + k] != self->h_dof[2 * s + k]
        || (self->h_dof[2 * r + k] >= 0 && self->h_val[2 * r + k] != self->h_val[2 * s + k]))
      return FALSE;
  return TRUE;
}

/* The directions: equal rows of H share one (found among the directions
 * that start on the same body: O(rows)). */
static void
find_directions (LzTimestep *self)
{
  guint nr = self->n_rows;
  g_autofree int *head = g_new (int, MAX (self->n, 1));
  g_autofree int *next = g_new (int, MAX (nr, 1));

  for (guint i = 0; i < self->n; i++)
    head[i] = -1;
  for (guint r = 0; r < nr; r++)
    {
      int first = self->h_dof[2 * r], d = first >= 0 ? head[first] : -1;

      while (d >= 0 && !rows_equal (self, r, (guint) self->dir_row[d]))
        d = next[d];
      if (d < 0)
        {
          d = (int) self->n_dirs++;
          self->dir_row[d] = (int) r;
          next[d] = first >= 0 ? head[first] : -1;
          if (first >= 0)
            head[first] = d;
        }
      self->row_dir[r] = d;
    }
  self->dir_lambda = g_new0 (double, MAX (self->n_dirs, 1));
}

/* H, sparse: the (at most two) nonzero entries of each row of W — the
 * coordinate g = cb·q_b − ca·q_a of the row's element, from the element
 * table, in the order of the bodies (as a dense row is read). */
void
lz_ts_read_h (LzTimestep *self)
{
  guint nr = self->n_rows;

  /* the rows' integers in one block: H's dofs, each row's element and
   * direction, each direction's row (find_directions()) */
  self->row_ints = g_new0 (int, 2 * nr + 3 * MAX (nr, 1));
  self->h_dof = self->row_ints;
  self->row_element = self->h_dof + 2 * nr;
  self->row_dir = self->row_element + MAX (nr, 1);
  self->dir_row = self->row_dir + MAX (nr, 1);
  self->h_val = g_new0 (double, MAX (2 * nr, 1));
  self->vars = g_aligned_alloc0 (MAX (2 * nr, 1), sizeof (Var), 64);
  self->var_solve = g_new0 (VarSolve, MAX (2 * nr, 1));
  for (guint r = 0; r < 2 * nr; r++)
    self->h_dof[r] = -1;
  for (guint e = 0; e < self->n_elems; e++)
    {
      const LzElementLaw *law = lz_element_table_get (self->table, e);
      int lo = MIN (law->a, law->b), hi = MAX (law->a, law->b), k = 0;
      double w_lo, w_hi;

      if (law->row < 0)
        continue;
      /* w: −ca at a, +cb at b (both on one body: their sum) */
      w_lo = (law->a == lo ? -law->ca : 0) + (law->b == lo ? law->cb : 0);
      w_hi = (law->a == hi ? -law->ca : 0) + (law->b == hi ? law->cb : 0);
      if (lo >= 0 && lo != hi && w_lo != 0)
        {
          self->h_dof[2 * law->row] = lo;
          self->h_val[2 * law->row] = w_lo;
          k++;
        }
      if (hi >= 0 && w_hi != 0)
        {
          self->h_dof[2 * law->row + k] = hi;
          self->h_val[2 * law->row + k] = w_hi;
        }
    }
  find_directions (self);
}

static Var *
add_var (LzTimestep *self,
         VarKind     kind,
         guint       row,
         double      c,
         double      lo,
         double      hi)
{
  Var *var = &self->vars[self->n_vars];

  /* α = c: w = c·(H_row v⁺) + b, the velocity the variable pushes on */
  *var = (Var) { .kind = kind, .row = row, .c = c, .lo = lo, .hi = hi };
  self->var_solve[self->n_vars++] = (VarSolve) { .alpha = c, .beta = 0.0 };
  return var;
}

/* The variables of one element's local problem: a stop one per finite
 * limit, friction its impulse, a freeplay spring its dead zone. */
void
lz_ts_add_element_vars (LzTimestep *self,
                        Elem       *el)
{
  const LzElementLaw *law = el->law;
  double h = self->h;

  el->first_var = self->n_vars;
  if (law->row < 0)
    return;
  self->row_element[law->row] = (int) law->index;
  /* the nonsmooth elements: stops, friction, springs and gears with
   * freeplay */
  if (el->bilateral)
    add_var (self, VAR_BILATERAL, law->row, 1, -INFINITY, INFINITY);   /* free in sign */
  else if (law->kind == LZ_ITEM_STOP)
    {
      if (isfinite (law->lower))
        add_var (self, VAR_STOP_LOWER, law->row, 1, 0, 0)->limit = law->lower;
      if (isfinite (law->upper))
        add_var (self, VAR_STOP_UPPER, law->row, -1, 0, 0)->limit = law->upper;
      for (guint j = el->first_var; j < self->n_vars; j++)
        self->vars[j].e = law->e;
    }
  else if (law->kind == LZ_ITEM_FRICTION)
    add_var (self, VAR_FRICTION, law->row, -1, -h * law->fneg, h * law->fpos);
  else if (el->contact)
    {
      /* z = h·F ≥ 0 pushing g back inside */
      if (isfinite (law->lower))
        add_var (self, VAR_CONTACT_LOWER, law->row, 1, 0, INFINITY);
      if (isfinite (law->upper))
        add_var (self, VAR_CONTACT_UPPER, law->row, -1, 0, INFINITY);
    }
  else
    {
      g_assert (law->kind == LZ_ITEM_SPRING || law->kind == LZ_ITEM_GEAR);
      add_var (self, VAR_FREEPLAY, law->row, 1, -INFINITY, INFINITY);
    }
  el->n_vars = self->n_vars - el->first_var;
  for (guint j = el->first_var; j < self->n_vars; j++)
    {
      self->vars[j].massless = (gint16) el->massless;
      self->vars[j].coulomb = (gint16) el->coulomb;
    }
}

/* ------------------------------------------------------------------------ */
/* The Delassus operator                                                      */

/* The directions that touch each body, CSR (each touches ≤ 2). */
typedef struct
{
  int   *start, *row;
  int   *mark;          /* per direction: the last whose D row listed it */
} DofRows;

static void
dof_rows_init (const LzTimestep *self,
               DofRows          *dr)
{
  guint n = self->n, nd = self->n_dirs;

  dr->start = g_new0 (int, n + 1);
  dr->row = g_new0 (int, MAX (2 * nd, 1));
  dr->mark = g_new (int, MAX (nd, 1));
  for (guint d = 0; d < nd; d++)
    for (int k = 0; k < 2; k++)
      if (self->h_dof[2 * self->dir_row[d] + k] >= 0)
        dr->start[self->h_dof[2 * self->dir_row[d] + k] + 1]++;
  for (guint i = 0; i < n; i++)
    dr->start[i + 1] += dr->start[i];
  {
    g_autofree int *next = g_memdup2 (dr->start, n * sizeof (int));

    for (guint d = 0; d < nd; d++)
      for (int k = 0; k < 2; k++)
        if (self->h_dof[2 * self->dir_row[d] + k] >= 0)
          dr->row[next[self->h_dof[2 * self->dir_row[d] + k]]++] = (int) d;
  }
  for (guint d = 0; d < nd; d++)
    dr->mark[d] = -1;
}

static void
dof_rows_clear (DofRows *dr)
{
  g_free (dr->start);
  g_free (dr->row);
  g_free (dr->mark);
}

/* Whether the last band entries of X below (DIR −1) or above (+1) index
 * I are all below LZ_TS_DELASSUS_WINDOW·TOP: the solve's tail is negligible
 * there. */
static gboolean
tail_negligible (const LzTimestep *self,
                 const double     *x,
                 guint             i,
                 int               dir,
                 double            top)
{
  for (guint k = 0; k <= self->band; k++)
    {
      gint64 j = (gint64) i - dir * (gint64) k;

      if (j >= 0 && j < self->n && fabs (x[j]) > LZ_TS_DELASSUS_WINDOW * top)
        return FALSE;
    }
  return TRUE;
}

/* COL = W⁻¹ H_rᵀ where it is not negligible, [*LO, *HI]: the banded
 * Cholesky's two substitutions started at the row's first body and stopped
 * where the solution has decayed below LZ_TS_DELASSUS_WINDOW of its size
 * (O(band·width) rather than O(n·band); COL is zero outside, and must be
 * zero on entry). */
static void
delassus_column (const LzTimestep *self,
                 guint             r,
                 double           *col,
                 guint            *lo,
                 guint            *hi)
{
  guint n = self->n, b = self->band, first = n, last = 0, i, ii;
  double top = 0;

  *lo = 0;
  for (int k = 0; k < 2; k++)
    if (self->h_dof[2 * r + k] >= 0)
      {
        col[self->h_dof[2 * r + k]] = self->h_val[2 * r + k];
        first = MIN (first, (guint) self->h_dof[2 * r + k]);
        last = MAX (last, (guint) self->h_dof[2 * r + k]);
      }
  if (first == n)
    {
      *lo = 1;
      *hi = 0;
      return;
    }
  /* forward: L y = H_rᵀ, zero before the first body */
  for (i = first; i < n; i++)
    {
      double sum = col[i];

      for (guint k = MAX (first, i > b ? i - b : 0); k < i; k++)
        sum -= LB (self, i, i - k) * col[k];
      col[i] = sum / LB (self, i, 0);
      top = MAX (top, fabs (col[i]));
      if (i > last && tail_negligible (self, col, i, 1, top))
        break;
    }
  *hi = MIN (i, n - 1);
  /* backward: Lᵀ x = y, from where y was cut */
  for (ii = *hi + 1; ii-- > 0;)
    {
      double sum = col[ii];

      for (guint k = ii + 1; k <= MIN (*hi, ii + b); k++)
        sum -= LB (self, k, k - ii) * col[k];
      col[ii] = sum / LB (self, ii, 0);
      top = MAX (top, fabs (col[ii]));
      if (ii < first && tail_negligible (self, col, ii, -1, top))
        {
          *lo = ii;
          break;
        }
    }
}

/* The entries of row R of D = H W⁻¹ Hᵀ (R a direction) that are not
 * dropped, into D_COL and D_VAL in the order of the directions; DIAG holds
 * every direction's D_ss, or NULL for a first pass that returns only
 * D_RR.  COL: n zeros, left zero. */
static double
delassus_row (const LzTimestep *self,
              guint             R,
              DofRows          *dr,
              double           *col,
              const double     *diag,
              GArray           *d_col,
              GArray           *d_val)
{
  guint lo, hi, first = d_col != NULL ? d_col->len : 0, r = (guint) self->dir_row[R];
  double drr = 0;

  delassus_column (self, r, col, &lo, &hi);
  if (diag == NULL)
    drr = lz_ts_row_dot (self, r, col);
  for (guint i = lo; diag != NULL && i <= hi; i++)
    for (int k = dr->start[i]; k < dr->start[i + 1]; k++)
      {
        int s = dr->row[k];
        double d;

        if (dr->mark[s] == (int) R)
          continue;
        dr->mark[s] = (int) R;
        d = lz_ts_row_dot (self, (guint) self->dir_row[s], col);
        if (d != 0 && fabs (d) > LZ_TS_DELASSUS_DROP * sqrt (diag[R] * diag[s]))
          {
            g_array_append_val (d_col, s);
            g_array_append_val (d_val, d);
          }
      }
  for (guint i = lo; i <= hi; i++)
    col[i] = 0;
  /* the order of the rows */
  for (guint k = first + 1; diag != NULL && k < d_col->len; k++)
    for (guint j = k; j > first && g_array_index (d_col, int, j - 1) > g_array_index (d_col, int, j); j--)
      {
        int ts = g_array_index (d_col, int, j);
        double tv = g_array_index (d_val, double, j);

        g_array_index (d_col, int, j) = g_array_index (d_col, int, j - 1);
        g_array_index (d_val, double, j) = g_array_index (d_val, double, j - 1);
        g_array_index (d_col, int, j - 1) = ts;
        g_array_index (d_val, double, j - 1) = tv;
      }
  return drr;
}

/* Each variable's diagonal α·D_rr·c + β; FALSE, with ERROR set, for an
 * element that acts on nothing with inertia or stiffness. */
static gboolean
var_diagonals (LzTimestep   *self,
               const double *diag,
               GError      **error)
{
  const LzModel *model = lz_assembly_get_model (self->parent.assembly);

  for (guint j = 0; j < self->n_vars; j++)
    {
      Var *var = &self->vars[j];
      VarSolve *vs = &self->var_solve[j];

      const Elem *el = &self->elems[self->row_element[var->row]];

      vs->diag = vs->alpha * diag[var->row] * var->c + vs->beta;
      /* a freeplay's and a massless body's stop's w is a gap, the others'
       * a velocity, each in its element's own scale (a shaft's rad/s and a
       * rack's m/s in a model that mixes them: lz_scales_row_speed()) */
      vs->unit = var->kind == VAR_FREEPLAY || (var->kind != VAR_FRICTION && el->massless != 0)
                 ? lz_scales_row_length (&self->parent.scales, model, lz_model_get_element (model, self->row_element[var->row]))
                 : lz_scales_row_speed (&self->parent.scales, model, lz_model_get_element (model, self->row_element[var->row]));
      if (!(vs->diag > 0))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                       _("element “%s” acts on no body with inertia or stiffness "
                         "(its Delassus entry is %g)"), el->law->id, vs->diag);
          return FALSE;
        }
    }
  return TRUE;
}

/* The exact fallback's workspaces, for problems up to
 * LZ_TS_FALLBACK_MAX_VARS variables: D dense, the LCP, its map. */
static void
fallback_new (LzTimestep *self)
{
  guint nr = self->n_rows, L = 2 * self->n_vars;
  LemkeMap *map;

  if (self->n_vars == 0 || self->n_vars > LZ_TS_FALLBACK_MAX_VARS)
    return;
  self->Dd = g_new0 (double, (gsize) nr * nr);
  for (guint r = 0; r < nr; r++)
    for (int k = self->d_start[self->row_dir[r]]; k < self->d_start[self->row_dir[r] + 1]; k++)
      for (guint s = 0; s < nr; s++)
        if (self->row_dir[s] == self->d_col[k])
          self->Dd[(gsize) r * nr + s] = self->d_val[k];
  self->lcp_A = gsl_matrix_alloc (L, L);
  self->lcp_b = gsl_vector_alloc (L);
  self->lcp_z = gsl_vector_alloc (L);
  self->lcp_w = gsl_vector_alloc (L);
  self->lcp_first = g_new0 (int, self->n_vars);
  self->fallback_only = g_strcmp0 (g_getenv ("LUZTAR_TS_FALLBACK"), "only") == 0;
  /* the map's doubles in one block, its indices in another */
  map = g_new0 (LemkeMap, 1);
  map->lambda0 = g_new0 (double, MAX (nr, 1) + 3 * (gsize) L);
  map->col_g = map->lambda0 + MAX (nr, 1);
  map->row_scale = map->col_g + L;
  map->row_const = map->row_scale + L;
  map->col_row = g_new0 (guint, 2 * (gsize) L);
  map->row_r = map->col_row + L;
  self->lemke_map = map;
}

/* The count of entries D has between the rows (not the directions): the
 * cost of a sweep that sets the fallback's budget. */
static void
row_nnz (LzTimestep *self)
{
  g_autofree guint *rows = g_new0 (guint, MAX (self->n_dirs, 1));

  for (guint r = 0; r < self->n_rows; r++)
    rows[self->row_dir[r]]++;
  self->row_nnz = 0;
  for (guint r = 0; r < self->n_rows; r++)
    for (int k = self->d_start[self->row_dir[r]]; k < self->d_start[self->row_dir[r] + 1]; k++)
      self->row_nnz += rows[self->d_col[k]];
}

/* D, sparse by rows, the variables' diagonals and the fallback; FALSE
 * with ERROR set if an element's direction is singular. */
gboolean
lz_ts_delassus_new (LzTimestep *self,
                    GError    **error)
{
  guint nr = self->n_rows, nd = self->n_dirs;
  g_autofree double *col = g_new0 (double, MAX (self->n, 1));
  g_autofree double *diag = g_new0 (double, MAX (nd, 1));
  g_autofree double *row_diag = g_new0 (double, MAX (nr, 1));
  g_autoptr(GArray) d_col = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) d_val = g_array_new (FALSE, FALSE, sizeof (double));
  DofRows dr;

  dof_rows_init (self, &dr);
  self->d_start = g_new0 (int, nd + 1);
  for (guint d = 0; d < nd; d++)
    diag[d] = delassus_row (self, d, &dr, col, NULL, NULL, NULL);
  for (guint d = 0; d < nd; d++)
    {
      self->d_start[d] = (int) d_col->len;
      delassus_row (self, d, &dr, col, diag, d_col, d_val);
    }
  dof_rows_clear (&dr);
  self->d_start[nd] = (int) d_col->len;
  self->d_col = g_array_steal (d_col, NULL);
  self->d_val = g_array_steal (d_val, NULL);
  for (guint r = 0; r < nr; r++)
    row_diag[r] = diag[self->row_dir[r]];
  row_nnz (self);
  if (!var_diagonals (self, row_diag, error))
    return FALSE;
  fallback_new (self);
  return TRUE;
}

/* D and the fallback's workspaces. */
static void
delassus_free (LzTimestep *self)
{
  LemkeMap *map = g_steal_pointer (&self->lemke_map);

  g_clear_pointer (&self->d_start, g_free);
  g_clear_pointer (&self->d_col, g_free);
  g_clear_pointer (&self->d_val, g_free);
  g_clear_pointer (&self->Dd, g_free);
  g_clear_pointer (&self->lcp_A, gsl_matrix_free);
  g_clear_pointer (&self->lcp_b, gsl_vector_free);
  g_clear_pointer (&self->lcp_z, gsl_vector_free);
  g_clear_pointer (&self->lcp_w, gsl_vector_free);
  g_clear_pointer (&self->lcp_first, g_free);
  if (map != NULL)
    {
      g_free (map->lambda0);
      g_free (map->col_row);
      g_free (map);
    }
}

/* D again, for W factored for another h (lz-timestep-forcing.c). */
gboolean
lz_ts_delassus_rebuild (LzTimestep *self,
                        GError    **error)
{
  delassus_free (self);
  return lz_ts_delassus_new (self, error);
}

void
lz_ts_contact_free (LzTimestep *self)
{
  g_free (self->row_ints);
  g_free (self->h_val);
  g_free (self->dir_lambda);
  delassus_free (self);
  g_aligned_free (self->vars);
  g_free (self->var_solve);
}

/* ------------------------------------------------------------------------ */
/* The local problem of a step                                               */

/* For a stop on a massless body: the gap where the body's position is
 * kept, as H v⁺ + rest ≥ 0 form; returns rest + (the part of the bound)
 * with the bound excluded: the caller subtracts bound·scale.
 *   undamped (algebraic): the θ-point, where it balances,
 *     g_θ = H q + hθ·(θ H v⁺ + (1 − θ) H v) + g0_θ, scale 1/(hθ²);
 *   damped (first order): the end of the step,
 *     g⁺ = H q + h·(θ H v⁺ + (1 − θ) H v) + g0(t + h), scale 1/(hθ). */
static double
massless_gap (const LzTimestep *self,
              guint             r,
              double            g,
              double            th,
              gboolean          algebraic,
              double           *scale)
{
  double h = self->h;
  double Hv = self->u_start[r] - self->g0dot_start[r];
  double rest;

  if (algebraic)
    {
      double g0_theta = th * self->g0_end[r] + (1 - th) * self->g0_start[r];

      rest = g - self->g0_start[r] + g0_theta + h * th * (1 - th) * Hv;
      *scale = 1 / (h * th * th);
    }
  else
    {
      rest = g - self->g0_start[r] + self->g0_end[r] + h * (1 - th) * Hv;
      *scale = 1 / (h * th);
    }
  return rest * *scale;
}

/* One side of a stop (SIGN +1 the lower limit, −1 the upper): its
 * constant, and whether it is active in the step.  A massless body has no
 * velocity to keep: its position is an unknown of the step, so the stop
 * holds the gap where the body balances, g_θ ≥ lower (a contact without
 * impact).  A body with mass takes Newton's law, the side active when the
 * gap is predicted to close within the step. */
static void
stop_side (const LzTimestep *self,
           Var              *var,
           double            sign)
{
  guint r = var->row;
  double g = lz_ts_row_dot (self, r, self->q) + self->g0_start[r];
  double h = self->h, e = var->e, u = self->u_start[r], limit = var->limit;

  if (var->massless)
    {
      double scale = 1;
      double rest = massless_gap (self, r, g, self->theta, var->massless == 2, &scale);

      var->b = sign * (rest - limit * scale);
      var->hi = INFINITY;
      return;
    }
  /* the ground's velocity jumped within the step: the approach is with
   * its velocity after the jump (lz-forcing.h) */
  if (self->row_jumps[r])
    u += self->g0dot_end[r] - self->g0dot_start[r];
  var->b = sign * (self->g0dot_end[r] + e * u);
  var->hi = sign * (g + 0.5 * h * u - limit) <= 0 ? INFINITY : 0.0;
}

/* The step's local problem from t to t1: the ground motions of every row,
 * the free and starting relative velocities, each variable's constant
 * and box. */
/* A friction variable's box for the step at TH_T (its θ-point), the
 * element in the mode of the step's start sliding at U: its constant
 * levels for plain Coulomb friction. */
static void
friction_box (const LzTimestep *self,
              const Elem       *el,
              Var              *var,
              double            th_t,
              double            u)
{
  double lo, hi;

  if (el->coulomb)
    return;
  lz_friction_box (el->law, th_t, self->modes[el->law->index], u, &lo, &hi);
  var->lo = self->h * lo;
  var->hi = self->h * hi;
}

void
lz_ts_contact_problem (LzTimestep *self,
                       double      t,
                       double      t1)
{
  double h = self->h, th = self->theta;
  const GArray *jumps = self->forcing->jumps;

  /* the rows whose ground's motion jumps in (t, t1] */
  if (jumps->len > 0)
    memset (self->row_jumps, 0, self->n_rows * sizeof (gboolean));
  for (; self->forcing_next < jumps->len
         && g_array_index (jumps, LzForcingJump, self->forcing_next).t <= t1; self->forcing_next++)
    for (guint r = 0; r < self->n_rows; r++)
      if ((guint) self->row_element[r] == g_array_index (jumps, LzForcingJump, self->forcing_next).who)
        self->row_jumps[r] = TRUE;
  /* the ground motions (zero, as allocated, on the rows of fixed grounds) */
  for (guint k = 0; k < self->n_moving_rows; k++)
    {
      guint r = self->moving_rows[k], e = (guint) self->row_element[r];

      lz_ts_element_g0 (self, e, t, &self->g0_start[r], &self->g0dot_start[r]);
      lz_ts_element_g0 (self, e, t1, &self->g0_end[r], &self->g0dot_end[r]);
    }
  for (guint r = 0; r < self->n_rows; r++)
    self->u_start[r] = lz_ts_row_dot (self, r, self->v) + self->g0dot_start[r];
  if (self->gs == NULL)
    for (guint r = 0; r < self->n_rows; r++)
      self->u_free[r] = lz_ts_row_dot (self, r, self->v1);
  for (guint j = 0; j < self->n_vars; j++)
    {
      Var *var = &self->vars[j];
      guint r = var->row;
      const Elem *el = &self->elems[self->row_element[r]];   /* (read only where needed) */
      double g0_theta = th * self->g0_end[r] + (1 - th) * self->g0_start[r];

      switch (var->kind)
        {
        case VAR_STOP_LOWER:
          stop_side (self, var, 1);
          break;
        case VAR_STOP_UPPER:
          stop_side (self, var, -1);
          break;
        case VAR_FRICTION:
          var->b = -self->g0dot_end[r];
          if (!var->coulomb)
            friction_box (self, el, var, t + th * (t1 - t), self->u_start[r]);
          break;
        case VAR_BILATERAL:
          var->b = self->g0dot_end[r];      /* u⁺ = 0: the coupling's rate held */
          break;
        case VAR_FREEPLAY:
          var->b = lz_ts_row_dot (self, r, self->q) + g0_theta - el->law->offset
                   + h * th * (1 - th) * lz_ts_row_dot (self, r, self->v);
          break;
        case VAR_CONTACT_LOWER:
        case VAR_CONTACT_UPPER:
          var->b = lz_ts_row_dot (self, r, self->q) + g0_theta
                   + h * th * (1 - th) * lz_ts_row_dot (self, r, self->v);
          self->var_solve[j].b_rate = th * self->g0dot_end[r] + (1 - th) * self->u_start[r];
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Projected Gauss–Seidel                                                     */

/* The impulse of a freeplay row given the others: with HV = H_r v⁺ for
 * the current impulses, s_θ = a + hθ²(HV − D_rr Λ + D_rr Λ') and
 * Λ' = −hk·luz(s_θ, Δ): x + γ·luz(x, Δ) = S with γ = h²θ²k·D_rr. */
static double
freeplay_update (const LzTimestep *self,
                 const Var        *var,
                 double            hv)
{
  const LzElementLaw *law = self->elems[self->row_element[var->row]].law;
  double h = self->h, th = self->theta, Drr = self->var_solve[var - self->vars].diag;
  double S = var->b + h * th * th * (hv - Drr * self->lambda[var->row]);
  double gamma = h * h * th * th * law->k * Drr;
  double x = lz_disentangle_parallel (S, law->freeplay, gamma);

  return -h * law->k * lz_luz (x, law->freeplay);
}

/* The impulse z = h·F of a damped contact's side given the others (HV =
 * H_r v⁺ with the current impulses, Z this side's current one), at the
 * θ-point: F = max(0, k·δ_θ + c·δ̇_θ) while δ_θ > 0, 0 otherwise
 * (lz-contact-law).  Both δ_θ and the force fall linearly as z grows
 * (slopes hθ²·D_rr and β = (k·hθ² + c·θ)·D_rr): z is the smaller of
 * where the force law holds, z = h·(F(Z) + β·Z)/(1 + hβ), and where the
 * gap just closes (the law's closure at δ = 0) — each at least 0. */
double
lz_ts_contact_update (const LzTimestep *self,
                      const Var        *var,
                      double            z,
                      double            hv)
{
  const LzElementLaw *law = self->elems[self->row_element[var->row]].law;
  const VarSolve *vs = &self->var_solve[var - self->vars];
  double h = self->h, th = self->theta, Drr = vs->diag;
  int side = var->kind == VAR_CONTACT_LOWER ? -1 : 1;
  double g_th = var->b + h * th * th * hv, gd_th = th * hv + vs->b_rate;
  double delta = side * (g_th - lz_contact_law_limit (law, side));
  double F = lz_contact_law_force (law, side, g_th, gd_th);
  double beta = (law->contact_k * h * th * th + law->contact_c * th) * Drr;
  double R = F + beta * z;
  double z_force = R > 0 ? h * R / (1 + h * beta) : 0;
  double z_gap = MAX (0.0, z + delta / (h * th * th * Drr));

  return MIN (z_force, z_gap);
}

/* Each direction's impulse, the sum of its rows'. */
static void
dir_lambdas (LzTimestep *self)
{
  memset (self->dir_lambda, 0, self->n_dirs * sizeof (double));
  for (guint r = 0; r < self->n_rows; r++)
    self->dir_lambda[self->row_dir[r]] += self->lambda[r];
}

/* Warm start of the step's box LCP from the previous step's impulses;
 * Λ kept in step with z. */
static void
warm_start (LzTimestep *self)
{
  memset (self->lambda, 0, self->n_rows * sizeof (double));
  for (guint j = 0; j < self->n_vars; j++)
    {
      Var *var = &self->vars[j];

      self->z[j] = CLAMP (self->z_prev[j], var->lo, var->hi);
      self->lambda[var->row] += var->c * self->z[j];
    }
  dir_lambdas (self);
}

/* One variable's exact minimisation given the others; returns the
 * change of its z and raises *RES to its natural residual. */
static double
sweep_var (LzTimestep *self,
           guint       j,
           double     *res)
{
  Var *var = &self->vars[j];
  const VarSolve *vs = &self->var_solve[j];
  guint r = var->row;
  int d = self->row_dir[r];
  double hv = self->u_free[r], w, znew, dz;

  for (int k = self->d_start[d]; k < self->d_start[d + 1]; k++)
    hv += self->d_val[k] * self->dir_lambda[self->d_col[k]];
  if (var->kind == VAR_FREEPLAY)
    {
      znew = freeplay_update (self, var, hv);
      *res = MAX (*res, fabs (self->z[j] - znew) * vs->diag / vs->unit);
    }
  else if (var->kind == VAR_CONTACT_LOWER || var->kind == VAR_CONTACT_UPPER)
    {
      znew = lz_ts_contact_update (self, var, self->z[j], hv);
      *res = MAX (*res, fabs (self->z[j] - znew) * vs->diag / vs->unit);
    }
  else
    {
      w = vs->alpha * hv + vs->beta * self->z[j] + var->b;
      znew = CLAMP (self->z[j] - w / vs->diag, var->lo, var->hi);
      /* the natural residual |z − proj(z − w)| of this row, in units of
       * w (a fraction of its scale), at the sweep's current iterate */
      *res = MAX (*res, fabs (self->z[j] - CLAMP (self->z[j] - w, var->lo, var->hi)) / vs->unit);
    }
  if (znew == self->z[j])
    return 0;
  dz = znew - self->z[j];
  self->lambda[r] += var->c * dz;
  self->dir_lambda[d] += var->c * dz;
  self->z[j] = znew;
  return dz;
}

/* Up to MAX_SWEEPS sweeps of projected Gauss–Seidel on the step's box
 * LCP from the current z and Λ. */
static gboolean
solve_pgs (LzTimestep *self,
           guint       max_sweeps,
           double     *residual,
           guint      *sweeps)
{
  const LzIntegratorOptions *opt = &self->parent.options;

  *sweeps = 0;
  *residual = INFINITY;
  for (guint sweep = 1; sweep <= max_sweeps; sweep++)
    {
      double change = 0.0, res = 0.0;

      for (guint j = 0; j < self->n_vars; j++)
        if (self->vars[j].lo != self->vars[j].hi)
          {
            double dz = sweep_var (self, j, &res);

            change = MAX (change, fabs (dz) * fabs (self->var_solve[j].diag) / self->var_solve[j].unit);
          }
      /* converged when a whole sweep moved nothing by more than the
       * tolerance; its residual is the last sweep's */
      if (change <= opt->lcp_tolerance || sweep == max_sweeps || !isfinite (res))
        {
          *residual = res;
          *sweeps = sweep;
          if (res <= 10 * opt->lcp_tolerance || !isfinite (res))
            return isfinite (res);
          if (change <= opt->lcp_tolerance)
            continue;
        }
    }
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* The exact fallback                                                         */

/* Numbers the active variables' LCP columns (two for friction and
 * freeplay), the rigid couplings' first (the mixed LCP's equalities, free
 * in sign: *N_EQ of them); returns their count L. */
static guint
lemke_layout (LzTimestep *self,
              guint      *n_eq)
{
  guint L = 0;

  for (int pass = 0; pass < 2; pass++)
    for (guint j = 0; j < self->n_vars; j++)
      {
        const Var *var = &self->vars[j];

        if (var->lo == var->hi)
          self->lcp_first[j] = -1;
        else if ((var->kind == VAR_BILATERAL) == (pass == 0))
          {
            self->lcp_first[j] = (int) L;
            L += var->kind == VAR_FRICTION || var->kind == VAR_FREEPLAY ? 2 : 1;
          }
      }
  *n_eq = 0;
  for (guint j = 0; j < self->n_vars; j++)
    if (self->vars[j].kind == VAR_BILATERAL && self->lcp_first[j] >= 0)
      (*n_eq)++;
  return L;
}

/* The map of variable J's LCP columns and rows (paper 004's pairs: ξ1 and
 * μ = hF + hF0⁻ for friction, p and m for freeplay): Λ = Λ0 + Σ g_l ζ_l
 * (ζ_l acting on row col_row[l]); each LCP row k is ω_k =
 * row_scale[k]·(H_r v⁺) + (direct terms) + const. */
static void
lemke_map_var (LzTimestep *self,
               LemkeMap   *map,
               guint       j)
{
  const Var *var = &self->vars[j];
  const LzElementLaw *law = self->elems[self->row_element[var->row]].law;
  double h = self->h, th = self->theta;
  guint i = (guint) self->lcp_first[j], r = var->row;

  map->col_row[i] = map->row_r[i] = r;
  switch (var->kind)
    {
    case VAR_STOP_LOWER:
    case VAR_STOP_UPPER:
    case VAR_BILATERAL:       /* (an equality: ω = u⁺ − ġ0 = 0, ζ free) */
      map->col_g[i] = var->c;
      map->row_scale[i] = var->c;
      map->row_const[i] = var->b;
      break;
    case VAR_FRICTION:
      /* ζ_i = ξ1 (no force), ζ_{i+1} = μ = z + hF0⁻, Λ −= z */
      map->col_row[i + 1] = map->row_r[i + 1] = r;
      map->col_g[i] = 0;
      map->col_g[i + 1] = -1;
      map->lambda0[r] -= var->lo;             /* hF0⁻ */
      map->row_scale[i] = 0;                  /* ω = h(F0⁺ + F0⁻) − μ */
      map->row_const[i] = var->hi - var->lo;
      map->row_scale[i + 1] = -1;             /* ω = ξ1 − u⁺ */
      map->row_const[i + 1] = var->b;
      break;
    case VAR_FREEPLAY:
      /* ζ_i = p, ζ_{i+1} = m, Λ = −hk(p − m), s_θ = a + hθ²·H_r v⁺ */
      map->col_row[i + 1] = map->row_r[i + 1] = r;
      map->col_g[i] = -h * law->k;
      map->col_g[i + 1] = h * law->k;
      map->row_scale[i] = -h * th * th;       /* ω = p − s_θ + Δ */
      map->row_const[i] = -var->b + law->freeplay;
      map->row_scale[i + 1] = h * th * th;    /* ω = m + s_θ + Δ */
      map->row_const[i + 1] = var->b + law->freeplay;
      break;
    case VAR_CONTACT_LOWER:
    case VAR_CONTACT_UPPER:   /* (solve_lemke() leaves them to the sweeps) */
    default:
      g_assert_not_reached ();
    }
}

/* A and b of the L × L LCP from the map, with the direct terms of
 * friction's and freeplay's pairs. */
static void
lemke_assemble (LzTimestep *self,
                LemkeMap   *map,
                gsl_matrix *A,
                gsl_vector *b,
                guint       L)
{
  guint nr = self->n_rows;

  for (guint k = 0; k < L; k++)
    {
      double hv0 = self->u_free[map->row_r[k]];

      for (guint s = 0; s < nr; s++)
        hv0 += self->Dd[(gsize) map->row_r[k] * nr + s] * map->lambda0[s];
      for (guint l = 0; l < L; l++)
        gsl_matrix_set (A, k, l,
                        map->row_scale[k] * self->Dd[(gsize) map->row_r[k] * nr + map->col_row[l]]
                        * map->col_g[l]);
      gsl_vector_set (b, k, map->row_scale[k] * hv0 + map->row_const[k]);
    }
  for (guint j = 0; j < self->n_vars; j++)
    {
      int i = self->lcp_first[j];

      if (i < 0)
        continue;
      if (self->vars[j].kind == VAR_FRICTION)
        {
          *gsl_matrix_ptr (A, i, i + 1) -= 1;
          *gsl_matrix_ptr (A, i + 1, i) += 1;
        }
      else if (self->vars[j].kind == VAR_FREEPLAY)
        {
          *gsl_matrix_ptr (A, i, i) += 1;
          *gsl_matrix_ptr (A, i + 1, i + 1) += 1;
        }
    }
}

/* z (and Λ) from the LCP's solution ZETA. */
static void
lemke_unpack (LzTimestep       *self,
              const gsl_vector *zeta)
{
  double h = self->h;

  for (guint j = 0; j < self->n_vars; j++)
    {
      const Var *var = &self->vars[j];
      const LzElementLaw *law = self->elems[self->row_element[var->row]].law;
      int i = self->lcp_first[j];

      if (i < 0)
        self->z[j] = 0;
      else if (var->kind == VAR_FRICTION)
        self->z[j] = CLAMP (gsl_vector_get (zeta, i + 1) + var->lo, var->lo, var->hi);
      else if (var->kind == VAR_FREEPLAY)
        self->z[j] = -h * law->k * (gsl_vector_get (zeta, i) - gsl_vector_get (zeta, i + 1));
      else
        self->z[j] = gsl_vector_get (zeta, i);
    }
  memset (self->lambda, 0, self->n_rows * sizeof (double));
  for (guint j = 0; j < self->n_vars; j++)
    self->lambda[self->vars[j].row] += self->vars[j].c * self->z[j];
  dir_lambdas (self);
}

/* The step's problem as a standard LCP, solved exactly by Lemke's method
 * when projected Gauss–Seidel stalls — e.g. friction and a stop on the
 * same direction, where the split of the impulse between them makes the
 * sweeps crawl.  Leaves z and Λ alone when it fails. */
static gboolean
solve_lemke (LzTimestep *self,
             double     *residual,
             guint      *pivots)
{
  LemkeMap *map = self->lemke_map;
  LzLcpReport report;
  guint L, n_eq;

  if (self->lcp_A == NULL || (L = lemke_layout (self, &n_eq)) == 0)
    return FALSE;
  /* a damped contact's law (its force and, at δ = 0, its closure) is two
   * pairs per side: this map has not got them; the sweeps, monotone like
   * the others, go on instead (and say so if they fail) */
  for (guint j = 0; j < self->n_vars; j++)
    if (self->lcp_first[j] >= 0
        && (self->vars[j].kind == VAR_CONTACT_LOWER || self->vars[j].kind == VAR_CONTACT_UPPER))
      {
        self->lemke_declined = self->row_element[self->vars[j].row];
        return FALSE;
      }
  memset (map->lambda0, 0, self->n_rows * sizeof (double));
  for (guint j = 0; j < self->n_vars; j++)
    if (self->lcp_first[j] >= 0)
      lemke_map_var (self, map, j);
  {
    gsl_matrix_view A = gsl_matrix_submatrix (self->lcp_A, 0, 0, L, L);
    gsl_vector_view b = gsl_vector_subvector (self->lcp_b, 0, L);
    gsl_vector_view z = gsl_vector_subvector (self->lcp_z, 0, L);
    gsl_vector_view w = gsl_vector_subvector (self->lcp_w, 0, L);
    gboolean ok;

    lemke_assemble (self, map, &A.matrix, &b.vector, L);
    /* rigid couplings: a mixed LCP, their equalities eliminated first */
    ok = n_eq > 0 ? lz_mlcp_solve (&A.matrix, &b.vector, n_eq, &z.vector, &w.vector, &report, NULL)
                  : lz_lcp_solve_lemke (&A.matrix, &b.vector, &z.vector, &w.vector, &report, NULL);
    *pivots = report.iterations;
    if (!ok)
      return FALSE;
    lemke_unpack (self, &z.vector);
  }
  *residual = report.residual;
  return TRUE;
}

/* The step's LCP: projected Gauss–Seidel, and Lemke's method when the
 * sweeps crawl — e.g. two stops in series through a massless body, whose
 * Delassus matrix is nearly singular (rate 1 − O(h²k·m)) — or when they
 * fail.  Sweeps cost about nnz(D) each, Lemke about L³, so the sweeps are
 * given about that many before the fallback.  ITERATIONS counts both. */
static gboolean
solve_step_lcp (LzTimestep *self,
                double     *residual,
                guint      *iterations)
{
  LzIntegratorStats *stats = &self->parent.stats;
  guint max = self->parent.options.lcp_max_sweeps, budget = max, sweeps, pivots = 0;
  gboolean ok;

  self->lemke_declined = -1;
  if (self->fallback_only && self->lcp_A != NULL)
    {
      /* (the tests' way to exercise the fallback on any small model) */
      warm_start (self);
      stats->lcp_fallbacks++;
      ok = solve_lemke (self, residual, iterations);
      return ok;
    }
  if (self->lcp_A != NULL)
    {
      double L = 2.0 * self->n_vars, nnz = self->row_nnz;

      budget = (guint) MIN ((double) max, MAX (LZ_TS_PGS_MIN_SWEEPS, L * L * L / (nnz + L)));
    }
  warm_start (self);
  ok = solve_pgs (self, budget, residual, &sweeps);
  *iterations = sweeps;
  if (ok || self->lcp_A == NULL)
    return ok;
  stats->lcp_fallbacks++;
  ok = solve_lemke (self, residual, &pivots);
  *iterations += pivots;
  if (ok || budget == max)
    return ok;
  /* Lemke failed (a degenerate problem): the rest of the sweeps, from
   * where they were */
  ok = solve_pgs (self, max - budget, residual, &sweeps);
  *iterations += sweeps;
  return ok;
}

/* Appends to ERROR the elements of the problem that carry an impulse (all
 * of its rows when none does): the set whose constraints may have no
 * solution, e.g. a body pinched between two approaching grounds. */
static void
involved_elements (const LzTimestep *self,
                   GError          **error)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (int pass = 0; pass < 2 && ids->len == 0; pass++)
    for (guint r = 0; r < self->n_rows; r++)
      {
        const char *id = self->elems[self->row_element[r]].law->id;

        if ((pass == 0 && self->lambda[r] == 0) || (r > 0 && self->row_element[r - 1] == self->row_element[r]))
          continue;
        g_string_append_printf (ids, "%s“%s”", ids->len > 0 ? ", " : "", id);
      }
  if (error != NULL && *error != NULL)
    {
      char *message = g_strdup_printf (_("%s; the elements involved: %s (or their constraints have no solution together)"), (*error)->message, ids->str);

      g_free ((*error)->message);
      (*error)->message = message;
    }
}

/* v_free = W⁻¹ rhs into v1 and the rows' free velocities, when the
 * velocity-space sweeps did not take the step (free_step() leaves them
 * to it). */
void
lz_ts_free_velocity (LzTimestep *self)
{
  memcpy (self->v1, self->rhs, self->n * sizeof (double));
  lz_ts_band_solve (self, self->v1);
  for (guint r = 0; r < self->n_rows; r++)
    self->u_free[r] = lz_ts_row_dot (self, r, self->v1);
}

/* The impulses of the step (from t), and v⁺ = v_free + W⁻¹ Hᵀ Λ; FALSE
 * with ERROR set when the problem did not converge.  In velocity space
 * where that applies (lz-timestep-gs.c), else — or when its sweeps do
 * not settle — on the impulses. */
gboolean
lz_ts_impulses (LzTimestep *self,
                double      t,
                GError    **error)
{
  LzIntegratorStats *stats = &self->parent.stats;
  double residual = 0.0;
  guint sweeps = 0, n = self->n;

  if (self->gs != NULL && lz_ts_gs_solve (self, &residual, &sweeps))
    {
      stats->lcp_solves++;
      stats->lcp_iterations += sweeps;
      stats->lcp_max_residual = MAX (stats->lcp_max_residual, residual);
      memcpy (self->z_prev, self->z, self->n_vars * sizeof (double));
      return TRUE;
    }
  if (self->gs != NULL)
    lz_ts_free_velocity (self);
  if (self->n_vars == 0)
    return TRUE;
  if (!solve_step_lcp (self, &residual, &sweeps))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_NO_CONVERGENCE,
                   _("at t = %.10g s the contact and friction problem did not converge "
                     "(residual %.3g after %u sweeps); try a smaller time step"),
                   t, residual, sweeps);
      if (self->lemke_declined >= 0)
        g_prefix_error (error, _("the exact fallback (Lemke’s method) does not take the damped "
                                 "contact “%s”: "), self->elems[self->lemke_declined].law->id);
      involved_elements (self, error);
      return FALSE;
    }
  stats->lcp_solves++;
  stats->lcp_iterations += sweeps;
  stats->lcp_max_residual = MAX (stats->lcp_max_residual, residual);
  memcpy (self->z_prev, self->z, self->n_vars * sizeof (double));

  memset (self->tmp, 0, n * sizeof (double));
  for (guint r = 0; r < self->n_rows; r++)
    for (int k = 0; k < 2; k++)
      if (self->h_dof[2 * r + k] >= 0)
        self->tmp[self->h_dof[2 * r + k]] += self->h_val[2 * r + k] * self->lambda[r];
  lz_ts_band_solve (self, self->tmp);
  for (guint i = 0; i < n; i++)
    self->v1[i] += self->tmp[i];
  return TRUE;
}
