/* lz-assembler.c — M, C, K, f, W and the complementarity data of a model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Conventions (docs/assembly.md).  The dofs are the bodies in file order.
 * An element with ports a, b and coefficients ca, cb measures
 *
 *     g = cb·q_b − ca·q_a = wᵀq + g0(t),
 *
 * where w = ∂g/∂q (w_b = cb, w_a = −ca; a ground port has no dof) and
 * g0(t) collects the ground motions (a fixed ground is at 0).  Its
 * tension T acts as −T·w on the dofs (+ca·T on a, −cb·T on b), so
 *
 *     M q̈ + C q̇ + K q ∈ f(t) + Wᵀλ,    λ = −T of the nonsmooth elements,
 *
 * with, per element,
 *   linear spring / gear   K += k w wᵀ,  f −= k w (g0(t) − ℓ0)
 *   damper, viscous part   C += c w wᵀ,  f −= c w ġ0(t)
 *   friction, stop,        one row wᵀ of W each, and the complementarity
 *   freeplay spring/gear   pairs (lz-assembler-pairs.c).
 *
 * w has at most two entries, so M, C, K and W are assembled from the
 * elements' ports straight into compressed sparse rows: the set-up is
 * linear in the model's size (a chain of 10⁵ masses in a fraction of a
 * second).  Their dense copies, n² numbers, are built on first request
 * only (exports, the matrix view, massless reduction, program motion),
 * each entry the same sum in the same order as the sparse one.
 *
 * Time-dependent terms (forces, ground motions and their exact
 * derivatives) are kept as affine combinations of expressions
 * (lz-affine.c) so that they can be both evaluated and printed.
 */

#include "config.h"

#include <string.h>

#include "lz-assembler-internal.h"

/* ------------------------------------------------------------------------ */
/* Sparse matrices from their entries                                        */

/* One contribution to entry (row, col); SEQ orders the contributions of
 * one entry as they came, so the sum is the one dense assembly made. */
typedef struct
{
  guint  row;
  guint  col;
  guint  seq;
  double value;
} Entry;

static void
entries_add (GArray *entries,
             guint   row,
             guint   col,
             double  value)
{
  Entry entry = { row, col, entries->len, value };

  g_array_append_val (entries, entry);
}

static int
entry_compare (gconstpointer a,
               gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->row != y->row)
    return x->row < y->row ? -1 : 1;
  if (x->col != y->col)
    return x->col < y->col ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The ROWS×COLS matrix (at least 1×1, as the dense ones) of the summed
 * ENTRIES in compressed sparse rows, columns ascending in each row.
 * CLEAR_NEGATIVE_ZEROS: store −0 (from −k·0) as 0, for the exports. */
static gsl_spmatrix *
entries_to_csr (GArray   *entries,
                guint     rows,
                guint     cols,
                gboolean  clear_negative_zeros)
{
  gsl_spmatrix *X;
  guint nz = 0;

  g_array_sort (entries, entry_compare);
  X = gsl_spmatrix_alloc_nzmax (MAX (rows, 1), MAX (cols, 1), MAX (entries->len, 1),
                                GSL_SPMATRIX_CSR);
  X->p[0] = 0;
  for (guint k = 0, r = 0; r < X->size1; r++)
    {
      for (; k < entries->len && g_array_index (entries, Entry, k).row == r; nz++)
        {
          const Entry *first = &g_array_index (entries, Entry, k);
          double sum = 0.0;

          for (; k < entries->len && g_array_index (entries, Entry, k).row == r
                 && g_array_index (entries, Entry, k).col == first->col; k++)
            sum += g_array_index (entries, Entry, k).value;
          X->i[nz] = first->col;
          X->data[nz] = clear_negative_zeros && sum == 0.0 ? 0.0 : sum;
        }
      X->p[r + 1] = nz;
    }
  X->nz = nz;
  g_array_set_size (entries, 0);
  return X;
}

/* The dense copy of X (at least 1×1): the entries of X, zeros elsewhere
 * (lz-assembler.h). */
gsl_matrix *
lz_assembly_dense_copy (const gsl_spmatrix *X)
{
  gsl_matrix *dense = lz_assembly_matrix_new (X->size1, X->size2);

  for (size_t r = 0; r < X->size1; r++)
    for (int k = X->p[r]; k < X->p[r + 1]; k++)
      gsl_matrix_set (dense, r, X->i[k], X->data[k]);
  return dense;
}

/* ------------------------------------------------------------------------ */
/* The assembly                                                              */

gsl_matrix *
lz_assembly_matrix_new (guint rows,
                        guint cols)
{
  return gsl_matrix_calloc (MAX (rows, 1), MAX (cols, 1));
}

/* The dof of a port, or NO_DOF for a ground, whose motion (if any) enters
 * @g0 with the signed coefficient @coef. */
static guint
port_dof (const LzModel *model,
          const char    *port,
          double         coef,
          LzAffine      *g0)
{
  int dof = lz_model_get_body_index (model, port);
  const LzGround *ground;

  if (dof >= 0)
    return dof;
  ground = lz_model_lookup_ground (model, port);
  if (ground != NULL && ground->motion != NULL)
    lz_affine_add_term (g0, coef, ground->motion, 0);
  return NO_DOF;
}

static void
coordinate_init (Coordinate       *coord,
                 const LzModel    *model,
                 const LzElement  *element)
{
  coord->element = element;
  lz_element_get_coefficients (element, &coord->ca, &coord->cb);
  lz_affine_init (&coord->g0);
  coord->a = port_dof (model, element->a, -coord->ca, &coord->g0);
  coord->b = port_dof (model, element->b, coord->cb, &coord->g0);
}

/* The nonzero pattern of w = ∂g/∂q: its dofs in DOFS, its entries in W
 * (0 − ca at a, then + cb at b, added when a = b); returns how many (0
 * to 2). */
static guint
coordinate_get_sparse_w (const Coordinate *coord,
                         guint             dofs[2],
                         double            w[2])
{
  guint n = 0;

  if (coord->a != NO_DOF)
    {
      dofs[n] = coord->a;
      w[n++] = 0.0 - coord->ca;
    }
  if (coord->b != NO_DOF && n > 0 && dofs[0] == coord->b)
    w[0] += coord->cb;
  else if (coord->b != NO_DOF)
    {
      dofs[n] = coord->b;
      w[n++] = 0.0 + coord->cb;
    }
  return n;
}

/* K += k w wᵀ (or C), as entries */
static void
add_outer (GArray           *entries,
           double            k,
           const Coordinate *coord)
{
  guint dofs[2] = { coord->a, coord->b };
  double w[2] = { -coord->ca, coord->cb };

  /* w has at most two entries: O(1) per element */
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (dofs[i] != NO_DOF && dofs[j] != NO_DOF)
        entries_add (entries, dofs[i], dofs[j], k * w[i] * w[j]);
}

static gboolean
element_is_nonsmooth (const LzElement *element)
{
  return lz_element_count_pairs (element) > 0;
}

/* M (diagonal: the masses and inertias) and the forces of f.  Prescribed
 * motions and actuators are not forces of f (they are the program
 * constraints of paper 001, handled by their module). */
static void
assemble_bodies (LzAssembly *self,
                 GArray     *entries)
{
  LzModel *model = self->model;

  self->regular = TRUE;
  for (guint i = 0; i < self->n; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      entries_add (entries, i, i, body->mass);
      if (!(body->mass > 0))
        self->regular = FALSE;
    }
  self->Ms = entries_to_csr (entries, self->n, self->n, FALSE);
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);

      if (source->item.kind == LZ_ITEM_FORCE)
        lz_affine_add_term (&self->f[lz_model_get_body_index (model, source->body)],
                            1.0, source->value, 0);
    }
}

/* Linear springs and gears into K (KE), viscous parts into C (CE), with
 * the loads of moving grounds into f. */
static void
assemble_element (LzAssembly       *self,
                  const Coordinate *coord,
                  GArray           *ke,
                  GArray           *ce)
{
  const LzElement *element = coord->element;
  guint dofs[2];
  double w[2], k, freeplay, offset, c;
  guint nw = coordinate_get_sparse_w (coord, dofs, w);

  if (lz_element_get_stiffness (element, &k, &freeplay, &offset) && freeplay == 0.0)
    {
      add_outer (ke, k, coord);
      for (guint j = 0; j < nw; j++)
        if (w[j] != 0.0)
          {
            lz_affine_add_scaled (&self->f[dofs[j]], -k * w[j], &coord->g0);
            self->f[dofs[j]].constant += k * w[j] * offset;
          }
    }
  c = lz_element_get_viscosity (element);

  if (c > 0.0)
    {
      add_outer (ce, c, coord);
      for (guint j = 0; j < nw; j++)
        if (w[j] != 0.0)
          lz_affine_add_derivative (&self->f[dofs[j]], -c * w[j], &coord->g0);
    }
}

/* The coordinate of every element, K, C and f, and a row of W for each
 * nonsmooth element. */
static void
assemble_elements (LzAssembly *self,
                   GArray     *entries)
{
  g_autoptr(GArray) ce = g_array_new (FALSE, FALSE, sizeof (Entry));

  for (guint e = 0; e < self->n_coords; e++)
    {
      const LzElement *element = lz_model_get_element (self->model, e);
      Coordinate *coord = &self->coords[e];

      coordinate_init (coord, self->model, element);
      assemble_element (self, coord, entries, ce);
      self->row_of[e] = -1;
      if (element_is_nonsmooth (element))
        {
          NonsmoothRow *row = &self->rows[self->n_rows];

          row->element = element;
          row->coord = e;
          row->n_pairs = lz_element_count_pairs (element);
          self->row_of[e] = (int) self->n_rows;
          self->n_rows++;
          self->n_pairs += row->n_pairs;
        }
    }
  self->Ks = entries_to_csr (entries, self->n, self->n, TRUE);
  self->Cs = entries_to_csr (ce, self->n, self->n, TRUE);
}

/* W and the complementarity pairs, row by row. */
static void
assemble_rows (LzAssembly *self,
               GArray     *entries)
{
  guint next = 0;

  self->pairs = g_new0 (LzPair, MAX (self->n_pairs, 1));
  for (guint r = 0; r < self->n_rows; r++)
    {
      NonsmoothRow *row = &self->rows[r];
      guint dofs[2];
      double w[2];
      guint nw = coordinate_get_sparse_w (&self->coords[row->coord], dofs, w);

      for (guint j = 0; j < nw; j++)
        entries_add (entries, r, dofs[j], w[j]);
      row->first_pair = next;
      lz_assembly_describe_pairs (self, row->element, r, &next);
      g_assert (next == row->first_pair + row->n_pairs);
    }
  self->Ws = entries_to_csr (entries, self->n_rows, self->n, TRUE);
}

/* The elements at each dof, in file order (for the equations). */
static void
index_dof_elements (LzAssembly *self)
{
  guint n = self->n;
  g_autofree guint *fill = g_new0 (guint, n + 1);

  self->dof_first = g_new0 (guint, n + 1);
  for (guint e = 0; e < self->n_coords; e++)
    {
      const Coordinate *coord = &self->coords[e];

      if (coord->a != NO_DOF)
        self->dof_first[coord->a + 1]++;
      if (coord->b != NO_DOF && coord->b != coord->a)
        self->dof_first[coord->b + 1]++;
    }
  for (guint i = 0; i < n; i++)
    self->dof_first[i + 1] += self->dof_first[i];
  self->dof_elements = g_new (guint, MAX (self->dof_first[n], 1));
  memcpy (fill, self->dof_first, (n + 1) * sizeof (guint));
  for (guint e = 0; e < self->n_coords; e++)
    {
      const Coordinate *coord = &self->coords[e];

      if (coord->a != NO_DOF)
        self->dof_elements[fill[coord->a]++] = e;
      if (coord->b != NO_DOF && coord->b != coord->a)
        self->dof_elements[fill[coord->b]++] = e;
    }
}

/**
 * lz_assembly_new:
 * @model: a model
 * @error: return location for a #GError
 *
 * Assembles @model: M, C, K, f(t), W and the complementarity pairs, in
 * time and memory linear in the model's size (see the top of this file
 * for the conventions); the dense matrices and, when M is regular, the
 * linear complementarity system are built on first request.  Fails with
 * %LZ_ERROR_INVALID_MODEL, naming the problem, when lz_model_validate()
 * does: an unconnected port, a body without a path to inertia or
 * stiffness.
 *
 * Returns: (transfer full) (nullable): the assembly, or %NULL
 */
LzAssembly *
lz_assembly_new (LzModel  *model,
                 GError  **error)
{
  LzAssembly *self;
  guint n, n_el;
  g_autoptr(GArray) entries = NULL;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lz_model_validate (model, error))
    return NULL;

  self = g_new0 (LzAssembly, 1);
  self->model = lz_model_ref (model);
  self->n = n = lz_model_get_n_bodies (model);
  n_el = lz_model_get_n_elements (model);
  entries = g_array_new (FALSE, FALSE, sizeof (Entry));

  self->f = g_new0 (LzAffine, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    lz_affine_init (&self->f[i]);
  self->coords = g_new0 (Coordinate, MAX (n_el, 1));
  self->n_coords = n_el;
  self->row_of = g_new (int, MAX (n_el, 1));
  self->rows = g_new0 (NonsmoothRow, MAX (n_el, 1));

  assemble_bodies (self, entries);
  assemble_elements (self, entries);
  assemble_rows (self, entries);
  index_dof_elements (self);
  g_rec_mutex_init (&self->lazy_lock);

  return self;
}

void
lz_assembly_free (LzAssembly *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->n; i++)
    lz_affine_clear (&self->f[i]);
  g_free (self->f);
  for (guint e = 0; e < self->n_coords; e++)
    lz_affine_clear (&self->coords[e].g0);
  g_free (self->coords);
  g_free (self->row_of);
  g_free (self->dof_first);
  g_free (self->dof_elements);
  g_free (self->rows);
  for (guint p = 0; p < self->n_pairs; p++)
    {
      g_free (self->pairs[p].y);
      g_free (self->pairs[p].u);
      g_free (self->pairs[p].meaning);
    }
  g_free (self->pairs);
  lz_assembly_clear_lcs (self);
  {
    gsl_spmatrix **sparse[] = { &self->Ms, &self->Cs, &self->Ks, &self->Ws };
    gsl_matrix **dense[] = { &self->M, &self->C, &self->K, &self->W };

    for (guint i = 0; i < G_N_ELEMENTS (sparse); i++)
      g_clear_pointer (sparse[i], gsl_spmatrix_free);
    for (guint i = 0; i < G_N_ELEMENTS (dense); i++)
      g_clear_pointer (dense[i], gsl_matrix_free);
  }
  g_rec_mutex_clear (&self->lazy_lock);
  lz_model_unref (self->model);
  g_free (self);
}

LzModel *
lz_assembly_get_model (const LzAssembly *self)
{
  return self->model;
}

guint
lz_assembly_get_n_dofs (const LzAssembly *self)
{
  return self->n;
}

const char *
lz_assembly_get_dof_name (const LzAssembly *self,
                          guint             i)
{
  g_return_val_if_fail (i < self->n, NULL);
  return lz_model_get_body (self->model, i)->item.id;
}

/* The dense copy of a sparse matrix of the assembly, built on first
 * request (the accessors are const: it is a cache of what the model
 * determines). */
static const gsl_matrix *
ensure_dense (const LzAssembly   *self,
              gsl_matrix        **dense,
              const gsl_spmatrix *sparse)
{
  LzAssembly *mutable = (LzAssembly *) self;

  g_rec_mutex_lock (&mutable->lazy_lock);
  if (*dense == NULL)
    *dense = lz_assembly_dense_copy (sparse);
  g_rec_mutex_unlock (&mutable->lazy_lock);
  return *dense;
}

/* lz_assembly_get_M(), _C(), _K() and _W(): the dense matrices of the
 * assembly (borrowed, built on first use: n² numbers), and
 * lz_assembly_get_M_sparse() … _W_sparse(): the same in compressed sparse
 * rows (GSL_SPMATRIX_CSR; row r's entries are data[p[r] … p[r + 1]) in
 * the columns i[…], ascending; built at set-up), from one definition. */
#define DEFINE_MATRIX_GETTER(name)                                         \
  const gsl_matrix *                                                       \
  lz_assembly_get_##name (const LzAssembly *self)                          \
  {                                                                        \
    return ensure_dense (self, &((LzAssembly *) self)->name, self->name##s); \
  }                                                                        \
                                                                           \
  const gsl_spmatrix *                                                     \
  lz_assembly_get_##name##_sparse (const LzAssembly *self)                 \
  {                                                                        \
    return self->name##s;                                                  \
  }

DEFINE_MATRIX_GETTER (M)
DEFINE_MATRIX_GETTER (C)
DEFINE_MATRIX_GETTER (K)
DEFINE_MATRIX_GETTER (W)

const char *
lz_assembly_get_f_text (const LzAssembly *self,
                        guint             i)
{
  g_return_val_if_fail (i < self->n, NULL);
  return lz_affine_get_text (&self->f[i]);
}

/**
 * lz_assembly_eval_f:
 * @self: an assembly
 * @t: time (s)
 * @f: (out caller-allocates): a vector of length n
 *
 * Evaluates f(t): the forces and the loads of moving grounds through
 * linear springs (−k·w·(g0(t) − ℓ0)) and dampers (−c·w·ġ0(t)).
 */
void
lz_assembly_eval_f (const LzAssembly *self,
                    double            t,
                    gsl_vector       *f)
{
  g_return_if_fail (f != NULL && f->size >= self->n);

  for (guint i = 0; i < self->n; i++)
    gsl_vector_set (f, i, lz_affine_eval (&self->f[i], t));
}

guint
lz_assembly_get_n_nonsmooth (const LzAssembly *self)
{
  return self->n_rows;
}

const char *
lz_assembly_get_nonsmooth_id (const LzAssembly *self,
                              guint             row)
{
  g_return_val_if_fail (row < self->n_rows, NULL);
  return self->rows[row].element->item.id;
}

const LzElement *
lz_assembly_get_nonsmooth_element (const LzAssembly *self,
                                   guint             row)
{
  g_return_val_if_fail (row < self->n_rows, NULL);
  return self->rows[row].element;
}

/**
 * lz_assembly_eval_g0:
 * @self: an assembly
 * @row: a row of W
 * @t: time (s)
 * @g0: (out) (optional): the ground part of g at @t
 * @g0dot: (out) (optional): its time derivative
 *
 * The relative coordinate of a nonsmooth element is g = W[row]·q + g0(t):
 * lz_assembly_eval_element_g0() of the row's element.
 */
void
lz_assembly_eval_g0 (const LzAssembly *self,
                     guint             row,
                     double            t,
                     double           *g0,
                     double           *g0dot)
{
  g_return_if_fail (row < self->n_rows);
  lz_assembly_eval_element_g0 (self, self->rows[row].coord, t, g0, g0dot);
}

/**
 * lz_assembly_get_element_ports:
 * @self: an assembly
 * @element: an element index (file order)
 * @a: (out) (optional): the dof of port a, or -1 for a ground
 * @b: (out) (optional): the dof of port b, or -1 for a ground
 * @ca: (out) (optional): the coefficient of port a (ra for a gear)
 * @cb: (out) (optional): the coefficient of port b (rb for a gear)
 *
 * The relative coordinate of every element is g = cb·q_b − ca·q_a + g0(t)
 * (ground ports enter g0).
 */
void
lz_assembly_get_element_ports (const LzAssembly *self,
                               guint             element,
                               int              *a,
                               int              *b,
                               double           *ca,
                               double           *cb)
{
  const Coordinate *coord;

  g_return_if_fail (element < self->n_coords);
  coord = &self->coords[element];
  if (a != NULL)
    *a = coord->a == NO_DOF ? -1 : (int) coord->a;
  if (b != NULL)
    *b = coord->b == NO_DOF ? -1 : (int) coord->b;
  if (ca != NULL)
    *ca = coord->ca;
  if (cb != NULL)
    *cb = coord->cb;
}

/**
 * lz_assembly_eval_element_g0:
 * @self: an assembly
 * @element: an element index (file order)
 * @t: time (s)
 * @g0: (out) (optional): the ground part of the element's g at @t
 * @g0dot: (out) (optional): its time derivative
 */
void
lz_assembly_eval_element_g0 (const LzAssembly *self,
                             guint             element,
                             double            t,
                             double           *g0,
                             double           *g0dot)
{
  const Coordinate *coord;

  g_return_if_fail (element < self->n_coords);
  coord = &self->coords[element];
  if (g0 != NULL)
    *g0 = lz_affine_eval (&coord->g0, t);
  if (g0dot != NULL)
    {
      double value = 0.0;

      for (guint i = 0; i < coord->g0.terms->len; i++)
        {
          const LzAffineTerm *term = &g_array_index (coord->g0.terms, LzAffineTerm, i);

          value += term->coef * lz_expr_eval_d1 (term->expr, t);
        }
      *g0dot = value;
    }
}

/**
 * lz_assembly_get_nonsmooth_row:
 * @self: an assembly
 * @element: an element index (file order)
 *
 * Returns: the row of W of @element, or -1 for a smooth element
 */
int
lz_assembly_get_nonsmooth_row (const LzAssembly *self,
                               guint             element)
{
  g_return_val_if_fail (element < self->n_coords, -1);
  return self->row_of[element];
}

guint
lz_assembly_get_n_pairs (const LzAssembly *self)
{
  return self->n_pairs;
}

const LzPair *
lz_assembly_get_pair (const LzAssembly *self,
                      guint             i)
{
  g_return_val_if_fail (i < self->n_pairs, NULL);
  return &self->pairs[i];
}

/**
 * lz_assembly_get_forced_dofs:
 * @self: an assembly
 * @dofs: (out caller-allocates): room for n dofs
 *
 * Returns: the number of dofs whose f(t) (lz_assembly_eval_f()) is not
 *   identically zero, written to @dofs in ascending order
 */
guint
lz_assembly_get_forced_dofs (const LzAssembly *self,
                             guint            *dofs)
{
  guint k = 0;

  for (guint i = 0; i < self->n; i++)
    if (self->f[i].constant != 0 || self->f[i].terms->len > 0)
      dofs[k++] = i;
  return k;
}

/**
 * lz_assembly_eval_f_at:
 * @self: an assembly
 * @t: time (s)
 * @dofs: (array length=n_dofs): dofs
 * @n_dofs: their number
 * @f: (out caller-allocates): a vector of length n, written at @dofs only
 *
 * f(t) at @dofs, the values lz_assembly_eval_f() gives there.
 */
void
lz_assembly_eval_f_at (const LzAssembly *self,
                       double            t,
                       const guint      *dofs,
                       guint             n_dofs,
                       double           *f)
{
  for (guint k = 0; k < n_dofs; k++)
    f[dofs[k]] = lz_affine_eval (&self->f[dofs[k]], t);
}

/**
 * lz_assembly_f_taylor:
 * @self: an assembly
 * @t0: time (s)
 * @h: the step the coefficients are scaled by (s)
 * @order: the highest order
 * @dofs: (array length=n_dofs): dofs
 * @n_dofs: their number
 * @scratch: 2·@order + 3 doubles
 * @coef: (out caller-allocates): (@order + 1)·n doubles, coefficient k of
 *   dof i at [k·n + i], written at @dofs only
 *
 * The scaled Taylor coefficients of f at @t0 (f_i(t0 + τh) = Σ_k
 * coef[k·n + i]·τ^k; lz_expr_taylor()), for Taylor steps of a linear
 * mode.  Returns: %FALSE where an expression has no expansion at @t0.
 */
gboolean
lz_assembly_f_taylor (const LzAssembly *self,
                      double            t0,
                      double            h,
                      guint             order,
                      const guint      *dofs,
                      guint             n_dofs,
                      double           *scratch,
                      double           *coef)
{
  double *one = scratch + order + 2;

  for (guint d = 0; d < n_dofs; d++)
    {
      guint i = dofs[d];

      if (!lz_affine_taylor (&self->f[i], t0, h, order, scratch, one))
        return FALSE;
      for (guint k = 0; k <= order; k++)
        coef[(gsize) k * self->n + i] = one[k];
    }
  return TRUE;
}
