/* lz-event-factor.c — a mode's Hc M⁻¹ Hcᵀ factored by components of
 * constraints that share bodies, and kept for the next mode
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_linalg.h>

#include "lz-event-private.h"

/* M is diagonal: two constraints on no common body have a zero entry in
 * G = Hc M⁻¹ Hcᵀ, so G is block diagonal with one block per component of
 * the graph "shares a body" (a chain's friction and stop on one mass: a
 * block of 2, or of 1 each).  Each block has its own SVD; its singular
 * values below SV_REL times the largest of the whole G are zero, as in
 * the SVD of the whole (coinciding directions: the pseudo-inverse) — of
 * its component's largest in a model that mixes kinds, whose blocks are
 * in 1/kg and 1/(kg·m²).  A
 * component of at most FACTOR_KEEP_MAX constraints keeps its factors
 * under its first element, and a later mode with the same component —
 * the same constraints in the same order — takes them as they are: a
 * mode change factors only the components that changed.  A larger one is
 * factored at each mode change. */
#define FACTOR_KEEP_MAX 4

typedef struct
{
  guint  size;
  guint  elems[FACTOR_KEEP_MAX];
  double U[FACTOR_KEEP_MAX * FACTOR_KEEP_MAX], V[FACTOR_KEEP_MAX * FACTOR_KEEP_MAX];
  double S[FACTOR_KEEP_MAX], work[FACTOR_KEEP_MAX];
} Kept;

struct _LzEventFactor
{
  guint   ncomp;
  guint  *start;              /* ncomp + 1: the components' first rows in sm.con */
  const Kept **use;           /* per component: its kept factors, or NULL (in sm.G, sm.V) */
  Kept  **kept;               /* per element: the factors of the component it leads */
  int    *parent;             /* per constraint: union-find */
  guint  *size, *slot, *con;  /* per constraint: scratch */
  int    *owner;              /* per dof: a constraint on it (marked with sm.mark_epoch) */
  double *g_self;             /* per element: its w M⁻¹ wᵀ, a constant of the run (NAN: not yet) */
  double *u_self;             /* per element: g_self·(1/g_self), its SVD's U (with g_self) */
  guint  *stops, nstops;      /* the stops and friction elements that may be constraints (not a */
  guint  *fricts, nfricts;    /* massless body's), in the elements' order */
  guint  *shadow, nshadow;    /* the friction elements lz_event_factor_constraints() shadowed */
  /* the last list's: its length, the modes it was made from, whether the
   * next may be made from it by the friction elements whose stick
   * changed (no stop in contact, none shadowed, sm.con in its order);
   * per dof the constraints on it, the dofs with two or more, the
   * constraints on a body without mass */
  guint   nbuilt;
  LzMode *seen;
  gboolean incremental;
  guint  *on_body, nshared, nmassless;
  guint  *flip, *merge;
  guint   start_identity;     /* start[c] = c for c below it */
  /* the last diagonal factors (diag_ok): their rows below diag_from are
   * those of the current list, their largest g up to each row (pm), the
   * threshold they were cut at */
  gboolean diag_ok;
  guint   diag_from;
  double *pm, diag_floor;
  guint   ne;
};

static LzEventFactor *
factor_get (LzEventIntegrator *self)
{
  LzEventFactor *f = self->sm.factor;
  guint ne = MAX (self->ne, 1);

  if (f != NULL)
    return f;
  f = self->sm.factor = g_new0 (LzEventFactor, 1);
  f->ne = ne;
  /* (the per-constraint arrays and the dofs' in one block) */
  f->start = g_new0 (guint, 5 * ne + 1 + MAX (self->n, 1));
  f->size = f->start + ne + 1;
  f->slot = f->size + ne;
  f->con = f->slot + ne;
  f->parent = (int *) (f->con + ne);
  f->owner = f->parent + ne;
  f->use = g_new0 (const Kept *, ne);
  f->kept = g_new0 (Kept *, ne);
  f->g_self = g_new (double, 3 * ne);
  f->u_self = f->g_self + ne;
  f->pm = f->u_self + ne;
  for (guint e = 0; e < ne; e++)
    f->g_self[e] = NAN;
  f->stops = g_new (guint, 5 * ne + MAX (self->n, 1));
  f->fricts = f->stops + ne;
  f->shadow = f->fricts + ne;
  f->flip = f->shadow + ne;
  f->merge = f->flip + ne;
  f->on_body = f->merge + ne;
  memset (f->on_body, 0, MAX (self->n, 1) * sizeof (guint));
  f->seen = g_new (LzMode, ne);
  for (guint e = 0; e < self->ne; e++)
    if (!self->st.is_static[e] && self->el[e].law.kind == LZ_ITEM_STOP)
      f->stops[f->nstops++] = e;
    else if (!self->st.is_static[e] && self->el[e].law.kind == LZ_ITEM_FRICTION)
      f->fricts[f->nfricts++] = e;
  return f;
}

void
lz_event_factor_free (LzEventSmooth *sm)
{
  LzEventFactor *f = sm->factor;

  if (f == NULL)
    return;
  for (guint e = 0; e < f->ne; e++)
    g_free (f->kept[e]);
  g_free (f->start);
  g_free (f->use);
  g_free (f->kept);
  g_free (f->g_self);
  g_free (f->stops);
  g_free (f->seen);
  g_clear_pointer (&sm->factor, g_free);
}

/* Constraint E counted on its bodies (D = +1) or taken off (−1): the
 * dofs with two or more (components() joins them), the constraints on a
 * body without mass */
static void
count_on_bodies (LzEventFactor           *f,
                 const LzEventIntegrator *self,
                 guint                    e,
                 int                      d)
{
  int ports[2] = { self->el[e].law.a, self->el[e].law.b };

  for (guint p = 0; p < 2; p++)
    {
      guint i = (guint) ports[p];

      if (ports[p] < 0)
        continue;
      if (!(self->sm.mass[i] > 0))
        f->nmassless = d > 0 ? f->nmassless + 1 : f->nmassless - 1;
      if (d > 0 && ++f->on_body[i] == 2)
        f->nshared++;
      else if (d < 0 && f->on_body[i]-- == 2)
        f->nshared--;
    }
}

/* The list made from the last one where only friction elements switched
 * stick (incremental): those whose stick flipped, found by a scan of the
 * modes against the last list's, toggled in sm.con (the stuck ones, in
 * the elements' order), con_of moved from the first changed row on.
 * FALSE where a stop closed a contact: then the whole list is made. */
static gboolean
constraints_changed (LzEventIntegrator *self,
                     LzEventFactor     *f,
                     guint             *nc)
{
  LzEventSmooth *sm = &self->sm;
  const guint *now = (const guint *) self->mode, *seen = (const guint *) f->seen;
  guint nflip = 0, first;

  for (guint e = lz_event_first_change (seen, now, NULL, 0, self->ne); e < self->ne;
       e = lz_event_first_change (seen, now, NULL, e + 1, self->ne))
    {
      if (self->st.is_static[e])
        continue;
      if (self->el[e].law.kind == LZ_ITEM_STOP && self->mode[e] == LZ_MODE_CONTACT)
        return FALSE;
      if (self->el[e].law.kind == LZ_ITEM_FRICTION && (self->mode[e] == LZ_MODE_STICK) != (f->seen[e] == LZ_MODE_STICK))
        f->flip[nflip++] = e;
    }
  *nc = f->nbuilt;
  for (guint k = 0; k < nflip; k++)
    if (f->seen[f->flip[k]] == LZ_MODE_STICK)
      {
        sm->con_of[f->flip[k]] = -1;
        count_on_bodies (f, self, f->flip[k], -1);
      }
    else
      count_on_bodies (f, self, f->flip[k], +1);
  first = lz_event_toggle_sorted (sm->con, nc, f->flip, nflip, f->merge);
  for (guint c = first; c < *nc; c++)
    sm->con_of[sm->con[c]] = (int) c;
  f->diag_from = MIN (f->diag_from, first);
  return TRUE;
}

/* The current mode's constraints into sm.con, in the elements' order:
 * the stops in contact, then the stuck friction elements but those along
 * one of them (shadowed; a massless body's are not constraints of the
 * mode: its stop pushes with the force its balance gives), and con_of
 * with them.  Where the last list allows it, from it and the elements
 * that switched (constraints_changed()); otherwise a pass over the stops
 * and friction elements that reads their modes; shadowed is cleared
 * where it was set (here, and on the D joints' lz_event_setup_mode()
 * sets).  Returns how many. */
guint
lz_event_factor_constraints (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  LzEventFactor *f = factor_get (self);
  const LzMode *mode = self->mode;
  /* (the lists in locals: the stores below may alias them) */
  const guint *stops = f->stops, *fricts = f->fricts;
  guint *con = sm->con, nc = 0, nstops, nshadow = 0, nst = f->nstops, nfr = f->nfricts;
  int *con_of = sm->con_of;
  Elem *el = self->el;

  if (!(f->incremental && constraints_changed (self, f, &nc)))
    {
      /* (the rows of the last list) */
      for (guint c = 0; c < f->nbuilt; c++)
        {
          con_of[con[c]] = -1;
          count_on_bodies (f, self, con[c], -1);
        }
      for (guint k = 0; k < f->nshadow; k++)
        el[f->shadow[k]].shadowed = FALSE;
      for (guint s = 0; s < self->dj.nDS; s++)
        el[self->dj.iDS[s]].shadowed = FALSE;
      for (guint k = 0; k < nst; k++)
        if (mode[stops[k]] == LZ_MODE_CONTACT)
          con[nc++] = stops[k];
      nstops = nc;
      for (guint k = 0; k < nfr; k++)
        {
          guint e = fricts[k];
          Elem *x;

          if (mode[e] != LZ_MODE_STICK)
            continue;
          x = &el[e];
          for (guint c = 0; c < nstops && !x->shadowed; c++)
            x->shadowed = lz_event_parallel (x, &el[con[c]]);
          if (x->shadowed)
            f->shadow[nshadow++] = e;
          else
            con[nc++] = e;
        }
      f->nshadow = nshadow;
      for (guint c = 0; c < nc; c++)
        {
          con_of[con[c]] = (int) c;
          count_on_bodies (f, self, con[c], +1);
        }
      f->incremental = nstops == 0 && nshadow == 0 && self->dj.nDS == 0;
      f->diag_from = 0;
    }
  f->nbuilt = nc;
  memcpy (f->seen, self->mode, self->ne * sizeof (LzMode));
  return nc;
}

/* The components of sm.con (stable: each in the order of sm.con, in the
 * order of their first constraints), made contiguous in sm.con (con_of
 * with them); their number.  A constraint on a body without mass joins
 * them all into one (its G has no blocks to speak of). */
static guint
components (LzEventIntegrator *self,
            LzEventFactor     *f)
{
  LzEventSmooth *sm = &self->sm;
  guint nc = sm->nc, ncomp = 0;
  /* (lz_event_factor_constraints() counted the constraints on the bodies) */
  gboolean massless = f->nmassless > 0, shared = f->nshared > 0;

  if (massless)
    {
      f->start[0] = 0;
      f->start[1] = nc;
      f->start_identity = 1;
      return 1;
    }
  if (!shared)
    {
      /* no two share a body: one component each, sm.con as it is */
      for (guint c = f->start_identity; c <= nc; c++)
        f->start[c] = c;
      f->start_identity = MAX (f->start_identity, nc + 1);
      return nc;
    }
  f->start_identity = 1;
  sm->mark_epoch++;
  for (guint c = 0; c < nc; c++)
    {
      const Elem *el = &self->el[sm->con[c]];
      int ports[2] = { el->law.a, el->law.b };

      f->parent[c] = (int) c;
      for (guint k = 0; k < 2; k++)
        if (ports[k] >= 0)
          {
            if (sm->body_mark[ports[k]] == sm->mark_epoch)
              f->parent[lz_event_group_root (f->parent, (int) c)] = lz_event_group_root (f->parent, f->owner[ports[k]]);
            else
              {
                sm->body_mark[ports[k]] = sm->mark_epoch;
                f->owner[ports[k]] = (int) c;
              }
          }
    }
  /* sizes by root; a root's slot is its component's next free row */
  for (guint c = 0; c < nc; c++)
    f->size[c] = 0;
  for (guint c = 0; c < nc; c++)
    f->size[lz_event_group_root (f->parent, (int) c)]++;
  for (guint c = 0, row = 0; c < nc; c++)
    if (f->parent[c] == (int) c)
      {
        f->start[ncomp++] = row;
        f->slot[c] = row;
        row += f->size[c];
      }
  f->start[ncomp] = nc;
  if (ncomp == nc)
    return ncomp;               /* no two share a body: sm.con as it is */
  for (guint c = 0; c < nc; c++)
    f->con[f->slot[lz_event_group_root (f->parent, (int) c)]++] = sm->con[c];
  memcpy (sm->con, f->con, nc * sizeof (guint));
  f->incremental = FALSE;               /* (sm.con out of the elements' order) */
  for (guint c = 0; c < nc; c++)
    sm->con_of[sm->con[c]] = (int) c;
  return ncomp;
}

/* G's block of the S constraints from row O into G (tda TDA) */
static void
block_fill (const LzEventIntegrator *self,
            guint                    o,
            guint                    s,
            double                  *G,
            gsize                    tda)
{
  for (guint i = 0; i < s; i++)
    for (guint j = 0; j < s; j++)
      G[i * tda + j] = lz_event_minv_dot (self, &self->el[self->sm.con[o + i]], &self->el[self->sm.con[o + j]]);
}

/* The factors of the component of S > 1 constraints from row O (kept or
 * factored into G's block); its largest singular value. */
static double
block_factor (LzEventIntegrator *self,
              LzEventFactor     *f,
              guint              k,
              guint              o,
              guint              s)
{
  LzEventSmooth *sm = &self->sm;
  gsl_vector_view S = gsl_vector_subvector (sm->S, o, s), work = gsl_vector_subvector (sm->work, o, s);
  Kept *kp;

  if (s > FACTOR_KEEP_MAX)
    {
      gsl_matrix_view G = gsl_matrix_submatrix (sm->G, o, o, s, s), V = gsl_matrix_submatrix (sm->V, o, o, s, s);

      f->use[k] = NULL;
      block_fill (self, o, s, G.matrix.data, G.matrix.tda);
      gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &S.vector, &work.vector);
      return gsl_vector_get (&S.vector, 0);
    }
  kp = f->kept[sm->con[o]];
  if (kp == NULL)
    kp = f->kept[sm->con[o]] = g_new0 (Kept, 1);
  if (kp->size != s || memcmp (kp->elems, sm->con + o, s * sizeof (guint)) != 0)
    {
      gsl_matrix_view G = gsl_matrix_view_array (kp->U, s, s), V = gsl_matrix_view_array (kp->V, s, s);
      gsl_vector_view kS = gsl_vector_view_array (kp->S, s), kwork = gsl_vector_view_array (kp->work, s);

      kp->size = s;
      memcpy (kp->elems, sm->con + o, s * sizeof (guint));
      block_fill (self, o, s, kp->U, s);
      gsl_linalg_SV_decomp (&G.matrix, &V.matrix, &kS.vector, &kwork.vector);
    }
  f->use[k] = kp;
  /* (the mode's singular values, zeroed below the whole G's threshold) */
  memcpy (S.vector.data, kp->S, s * sizeof (double));
  return kp->S[0];
}

/* Constraint E's g = w M⁻¹ wᵀ, the SVD of its block of one (U's entry
 * g·(1/g), as GSL scales a column, in u_self) */
static double
self_g (const LzEventIntegrator *self,
        LzEventFactor           *f,
        guint                    e)
{
  if (isnan (f->g_self[e]))
    {
      f->g_self[e] = lz_event_minv_dot (self, &self->el[e], &self->el[e]);
      f->u_self[e] = f->g_self[e] * (1.0 / f->g_self[e]);
    }
  return f->g_self[e];
}

/* The factors of a diagonal G (every component one constraint) row by
 * row: what lz_event_factor_mode()'s components of one constraint give,
 * with each constraint's g and U kept for the run.  The rows below
 * diag_from are the last diagonal factors' (the same constraints), and so
 * are their values where the threshold is the same: the largest g is
 * taken on from theirs (pm), the rows from diag_from computed. */
static void
factor_diagonal (LzEventIntegrator *self,
                 LzEventFactor     *f)
{
  LzEventSmooth *sm = &self->sm;
  double *S = sm->S->data, *u = sm->work->data, floor;
  const double *g_self = f->g_self, *u_self = f->u_self;
  const guint *con = sm->con;
  guint nc = sm->nc, from = f->diag_ok ? MIN (f->diag_from, nc) : 0;
  double smax = from > 0 ? f->pm[from - 1] : 0;
  gboolean mixed = self->parent.scales.mixed;

  for (guint c = from; c < nc; c++)
    {
      guint e = con[c];
      double g = isnan (g_self[e]) ? self_g (self, f, e) : g_self[e];

      S[c] = g;
      u[c] = u_self[e];
      smax = MAX (smax, g);
      f->pm[c] = smax;
    }
  floor = SV_REL * smax;
  if (from > 0 && !(floor == f->diag_floor))
    {
      /* (the rows kept were cut at another threshold) */
      for (guint c = 0; c < from; c++)
        S[c] = g_self[con[c]];
      from = 0;
    }
  for (guint c = from; c < nc; c++)
    if (S[c] < (mixed ? SV_REL * S[c] : floor))
      S[c] = 0;
  f->diag_floor = floor;
  f->diag_ok = TRUE;
  f->diag_from = nc;
}

/* Factors the current mode's G = Hc M⁻¹ Hcᵀ (sm.nc > 0, sm's views set)
 * by components; sets sm.diagonal when every component is one
 * constraint. */
void
lz_event_factor_mode (LzEventIntegrator *self)
{
  LzEventSmooth *sm = &self->sm;
  LzEventFactor *f = factor_get (self);
  double smax = 0;

  f->ncomp = components (self, f);
  sm->diagonal = f->ncomp == sm->nc;
  if (sm->diagonal)
    {
      factor_diagonal (self, f);
      return;
    }
  f->diag_ok = FALSE;
  for (guint k = 0; k < f->ncomp; k++)
    {
      guint o = f->start[k], s = f->start[k + 1] - o;

      if (s == 1)
        {
          /* one constraint: its SVD is its g (self_g()) */
          guint e = sm->con[o];
          double g = self_g (self, f, e);

          f->use[k] = NULL;
          gsl_vector_set (sm->S, o, g);
          gsl_vector_set (sm->work, o, f->u_self[e]);
          smax = MAX (smax, g);
        }
      else
        smax = MAX (smax, block_factor (self, f, k, o, s));
    }
  /* coinciding directions: drop what rounding leaves of a zero singular
   * value — of the whole G's largest, or in a model that mixes kinds of
   * the component's (the components' units differ: 1/kg, 1/(kg·m²)) */
  for (guint k = 0; k < f->ncomp; k++)
    for (guint i = f->start[k]; i < f->start[k + 1]; i++)
      if (gsl_vector_get (sm->S, i) < SV_REL * (self->parent.scales.mixed ? gsl_vector_get (sm->S, f->start[k]) : smax))
        gsl_vector_set (sm->S, i, 0);
}

/* λ from G λ = rhs_c by the factors of lz_event_factor_mode(): the
 * pseudo-inverse, component by component (one constraint: (1/s)·(u·b),
 * the arithmetic of GSL's solve; the buffers' views are contiguous). */
/* λ of the rows ROWS (NROWS of them; NULL: the first NROWS) where G is
 * diagonal: the others keep theirs (the frozen rows of the active set,
 * lz-event-active.c) */
void
lz_event_factor_solve_rows (LzEventSmooth *sm,
                            const guint   *rows,
                            guint          nrows)
{
  const double *S = sm->S->data, *u = sm->work->data, *b = sm->rhs_c->data;
  double *x = sm->lambda->data;

  for (guint k = 0; k < nrows; k++)
    {
      guint c = rows != NULL ? rows[k] : k;

      x[c] = S[c] > 0 ? (1.0 / S[c]) * (u[c] * b[c]) : 0;
    }
}

void
lz_event_factor_solve (LzEventSmooth *sm)
{
  const LzEventFactor *f = sm->factor;
  const double *S = sm->S->data, *u = sm->work->data, *b = sm->rhs_c->data;
  double *x = sm->lambda->data;

  if (sm->diagonal)
    {
      lz_event_factor_solve_rows (sm, NULL, sm->nc);
      return;
    }
  for (guint k = 0; k < f->ncomp; k++)
    {
      guint o = f->start[k], s = f->start[k + 1] - o;
      gsl_vector_view Sk, bk, xk;

      if (s == 1)
        {
          x[o] = S[o] > 0 ? (1.0 / S[o]) * (u[o] * b[o]) : 0;
          continue;
        }
      Sk = gsl_vector_subvector (sm->S, o, s);
      bk = gsl_vector_subvector (sm->rhs_c, o, s);
      xk = gsl_vector_subvector (sm->lambda, o, s);
      if (f->use[k] != NULL)
        {
          gsl_matrix_const_view U = gsl_matrix_const_view_array (f->use[k]->U, s, s);
          gsl_matrix_const_view V = gsl_matrix_const_view_array (f->use[k]->V, s, s);

          gsl_linalg_SV_solve (&U.matrix, &V.matrix, &Sk.vector, &bk.vector, &xk.vector);
        }
      else
        {
          gsl_matrix_view U = gsl_matrix_submatrix (sm->G, o, o, s, s), V = gsl_matrix_submatrix (sm->V, o, o, s, s);

          gsl_linalg_SV_solve (&U.matrix, &V.matrix, &Sk.vector, &bk.vector, &xk.vector);
        }
    }
}
