/* lz-event-setup.c — setting up massless bodies and through-stops; what the
 * event-driven method refuses
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>

#include "lz-error.h"
#include "lz-event-private.h"
#include "lz-event-units.h"
#include "lz-integrator-private.h"
#include "lz-model-private.h"
#include "lz-simplify-private.h"

/* X[idx, idx] of the COUNT coordinates, LU-factored, with its right-hand
 * side and solution vectors; a vanishing pivot names its body (held by
 * dampers when DAMPERS, else by springs). */
static gboolean
factor_block (LzEventIntegrator  *self,
              const gsl_matrix   *X,
              const guint        *idx,
              guint               count,
              gsl_matrix        **lu,
              gsl_permutation   **perm,
              gsl_vector        **rhs_out,
              gsl_vector        **sol,
              gboolean            dampers,
              GError            **error)
{
  int sign;

  if (count == 0)
    return TRUE;
  *lu = gsl_matrix_alloc (count, count);
  *perm = gsl_permutation_alloc (count);
  *rhs_out = gsl_vector_alloc (count);
  *sol = gsl_vector_alloc (count);
  for (guint r = 0; r < count; r++)
    for (guint c = 0; c < count; c++)
      gsl_matrix_set (*lu, r, c, gsl_matrix_get (X, idx[r], idx[c]));
  gsl_linalg_LU_decomp (*lu, *perm, &sign);
  for (guint r = 0; r < count; r++)
    if (!(fabs (gsl_matrix_get (*lu, r, r)) > SV_REL * fabs (gsl_matrix_get (X, idx[r], idx[r]))))
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                     dampers ? _("the massless body “%s” is not held: its dampers leave it free "
                                 "(see luztar-cli reduce)")
                             : _("the massless body “%s” is not held: its springs leave it free "
                                 "(see luztar-cli reduce)"),
                     lz_assembly_get_dof_name (self->parent.assembly, idx[r]));
        return FALSE;
      }
  return TRUE;
}

/* The root of R's set in PARENT (a union-find forest, path halving) */
int
lz_event_group_root (int *parent,
                     int  r)
{
  while (parent[r] != r)
    r = parent[r] = parent[parent[r]];
  return r;
}

/* Elements FIRST and SECOND from one massless body z (a joint of ROWS)
 * to two anchors: a stop to a body with mass (the first when
 * MASSIVE_FIRST) and a stop or dry friction to the other anchor.  One
 * limit each and alone on z (ALONE: its group of joints is z), they make
 * a through-stop or through friction (see Through), recorded here; two
 * stops limiting z from the same side limit nothing through it.  FALSE
 * for what the event-driven method does not take. */
static gboolean
through_pair (LzEventIntegrator *self,
              const int         *rows,
              guint              first,
              guint              second,
              gboolean           massive_first,
              gboolean           alone)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint elems[2] = { massive_first ? first : second, massive_first ? second : first };
  double side[2], wz[2];
  int z = -1;
  Through *th;

  if (!alone)
    return FALSE;
  for (guint j = 0; j < 2; j++)
    {
      const LzElement *element = lz_model_get_element (model, elems[j]);
      int a, b;
      double ca, cb;

      if (element->item.kind == LZ_ITEM_FRICTION ? j == 0
          : isfinite (element->stop.lower) == isfinite (element->stop.upper))
        return FALSE;                   /* two-sided, or friction to the body with mass */
      lz_assembly_get_element_ports (assembly, elems[j], &a, &b, &ca, &cb);
      if ((a >= 0 && rows[a] < 0 && !(self->sm.mass[a] > 0)) || (b >= 0 && rows[b] < 0 && !(self->sm.mass[b] > 0)))
        return FALSE;                   /* to another kind of massless body */
      if (a >= 0 && rows[a] >= 0)
        {
          if (z >= 0 && z != a)
            return FALSE;
          z = a;
          wz[j] = -ca;
        }
      else
        {
          if (z >= 0 && z != b)
            return FALSE;
          z = b;
          wz[j] = cb;
        }
      side[j] = element->item.kind == LZ_ITEM_FRICTION || isfinite (element->stop.lower) ? 1 : -1;
    }
  for (guint p = 0; p < self->tr.nT; p++)
    if (self->tr.through[p].k == elems[0] || self->tr.through[p].k == elems[1]
        || self->tr.through[p].r == elems[0] || self->tr.through[p].r == elems[1])
      return FALSE;                     /* one through-stop per stop */
  th = &self->tr.through[self->tr.nT];
  th->friction = lz_model_get_element (model, elems[1])->item.kind == LZ_ITEM_FRICTION;
  if (!th->friction && side[0] * wz[0] * side[1] * wz[1] > 0)
    return TRUE;                        /* both limit z from one side */
  th->k = elems[0];
  th->r = elems[1];
  th->v = lz_model_get_n_elements (model) + self->tr.nT;
  th->sk = side[0];
  th->sr = side[1];
  /* g_V = ka·g_K + rb·g_R without z: for stops a positive sum of the
   * gaps, for friction R's own direction (rb > 0) */
  th->ka = th->friction ? -(wz[0] > 0 ? 1 : -1) * wz[1] : side[0] * fabs (wz[1]);
  th->rb = side[1] * fabs (wz[0]);
  th->cached_v = LZ_MODE_N_MODES;
  self->tr.nT++;
  return TRUE;
}

/* Stops and dry friction (which holds like a stop while stuck) from one
 * group of massless joints to two different outside ports — two bodies
 * with mass, or a body and the ground — limit the motion between those
 * through the massless joints: an impact of the bodies with mass, or a
 * body held through them, not a balance (and no balance at all where the
 * limits leave no room).  Two stops alone on a joint are taken as a
 * through-stop (through_pair()); the rest is refused.  On damped
 * joints (DAMPED) two grounds are
 * taken when only one of them has stops: dry friction there gives way to
 * the grounds' motion (its force is bounded, the grounds are not).  ROWS
 * numbers the joints of the kind (N or D), LIST the elements to check. */
static gboolean
check_stop_anchors (LzEventIntegrator *self,
                    const int         *rows,
                    guint              nrows,
                    const guint       *list,
                    guint              count,
                    gboolean           damped,
                    GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint ne = lz_model_get_n_elements (model);
  g_autofree int *parent = g_new (int, MAX (nrows, 1));
  g_autofree int *root = g_new (int, MAX (count, 1));
  g_autofree const char **anchor = g_new0 (const char *, MAX (count, 1));

  /* groups of joints tied by stops and friction among them (springs give way) */
  for (guint r = 0; r < nrows; r++)
    parent[r] = (int) r;
  for (guint e = 0; e < ne; e++)
    {
      int a, b;
      double ca, cb;
      LzItemKind kind = lz_model_get_element (model, e)->item.kind;

      if (kind != LZ_ITEM_STOP && kind != LZ_ITEM_FRICTION)
        continue;
      lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
      if (a >= 0 && b >= 0 && rows[a] >= 0 && rows[b] >= 0)
        parent[lz_event_group_root (parent, rows[a])] = lz_event_group_root (parent, rows[b]);
    }

  for (guint s = 0; s < count; s++)
    {
      const LzElement *element = lz_model_get_element (model, list[s]);
      int a, b;
      double ca, cb;

      root[s] = -1;
      if (element->item.kind != LZ_ITEM_STOP && element->item.kind != LZ_ITEM_FRICTION)
        continue;
      lz_assembly_get_element_ports (assembly, list[s], &a, &b, &ca, &cb);
      if (a >= 0 && b >= 0 && rows[a] >= 0 && rows[b] >= 0)
        continue;                       /* between two joints */
      root[s] = lz_event_group_root (parent, a >= 0 && rows[a] >= 0 ? rows[a] : rows[b]);
      anchor[s] = a >= 0 && rows[a] >= 0 ? element->b : element->a;
    }
  /* two stops first: the plainer message */
  for (int pass = 0; pass < 2; pass++)
    for (guint s = 0; s < count; s++)
      for (guint r = 0; r < s; r++)
        {
          const LzElement *first, *element;
          const LzGround *g1, *g2;
          int a, b;
          double ca, cb;
          const char *body;

          if (root[s] < 0 || root[r] != root[s] || g_strcmp0 (anchor[r], anchor[s]) == 0)
            continue;
          g1 = lz_model_lookup_ground (model, anchor[r]);
          g2 = lz_model_lookup_ground (model, anchor[s]);
          /* fixed grounds are one frame */
          if (g1 != NULL && g2 != NULL && g1->motion == NULL && g2->motion == NULL)
            continue;
          first = lz_model_get_element (model, list[r]);
          element = lz_model_get_element (model, list[s]);
          if ((pass == 0) != (first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP))
            continue;
          {
            /* two stops, or a stop to a body with mass and dry friction:
             * a through-stop, when z is alone in its group */
            gboolean stop_first = first->item.kind == LZ_ITEM_STOP;
            guint size = 0;

            for (guint i = 0; i < nrows; i++)
              size += lz_event_group_root (parent, (int) i) == root[s];
            if (pass == 0 && (g1 == NULL || g2 == NULL)
                && through_pair (self, rows, list[r], list[s], g1 == NULL, size == 1))
              continue;
            if (pass == 1 && (stop_first ? g1 : g2) == NULL
                && through_pair (self, rows, list[r], list[s], stop_first, size == 1))
              continue;
          }
          if (damped && g1 != NULL && g2 != NULL
              && !(first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP))
            {
              /* a stop to one ground, friction to the other: the friction
               * gives way, unless stops go to both (tested with their pair) */
              continue;
            }
          lz_assembly_get_element_ports (assembly, list[s], &a, &b, &ca, &cb);
          body = lz_assembly_get_dof_name (assembly, a >= 0 && rows[a] >= 0 ? a : b);
          if (first->item.kind == LZ_ITEM_STOP && element->item.kind == LZ_ITEM_STOP)
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("the stops “%s” and “%s” hold the massless body “%s” against “%s” and "
                           "“%s”: through it they limit the motion between those, with impacts of "
                           "bodies with mass, which the event-driven method takes from two stops "
                           "with one limit each, alone on the massless body, and not from these; use "
                           "time-stepping"),
                         first->item.id, element->item.id, body, anchor[r], anchor[s]);
          else
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("“%s” and “%s” (stops or dry friction, which holds while it sticks) tie "
                           "the massless body “%s” to “%s” and to “%s”: while they hold, the "
                           "motions of those two are tied through it (a body with mass stopped or "
                           "held), which the event-driven method does not take; use time-stepping"),
                         first->item.id, element->item.id, body, anchor[r], anchor[s]);
          return FALSE;
        }
  return TRUE;
}

/* A free direction of the N joints names the joint of its largest
 * component (ties within FREE_DIR_MIN), none below it. */
#define FREE_DIR_MIN 1e-9

/* The massless bodies with springs with freeplay, stops and dry friction:
 * refuses what their balance cannot take, and leaves to a closed form
 * (lz-joints.c) what one takes.  Needs iN, rN and iS. */
static gboolean
check_static (LzEventIntegrator *self,
              GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint nN = self->jn.nN;
  gboolean any_freeplay = FALSE;

  if (!check_stop_anchors (self, self->jn.rN, nN, self->st.iS, self->st.nS, FALSE, error))
    return FALSE;
  for (guint s = 0; s < self->st.nS; s++)
    {
      LzItemKind kind = lz_model_get_element (model, self->st.iS[s])->item.kind;

      any_freeplay |= kind != LZ_ITEM_STOP && kind != LZ_ITEM_FRICTION;
    }

  /* The linear springs must hold the joints: inside a freeplay or off a
   * stop nothing else does, and the balance would be a whole interval. */
  {
    g_autoptr(gsl_matrix) U = gsl_matrix_alloc (nN, nN);
    g_autoptr(gsl_matrix) V = gsl_matrix_alloc (nN, nN);
    g_autoptr(gsl_vector) S = gsl_vector_alloc (nN);
    g_autoptr(gsl_vector) work = gsl_vector_alloc (nN);
    g_autofree double *diag = g_new (double, nN);

    for (guint r = 0; r < nN; r++)
      for (guint c = 0; c < nN; c++)
        gsl_matrix_set (U, r, c, gsl_matrix_get (self->sm.K, self->jn.iN[r], self->jn.iN[c]));
    for (guint r = 0; r < nN; r++)
      diag[r] = gsl_matrix_get (U, r, r);
    gsl_linalg_SV_decomp (U, V, S, work);
    /* (of the springs on the joints its own direction moves, in a model
     * that mixes kinds: lz_event_sv_moved()) */
    if (!(gsl_vector_get (S, nN - 1)
          > SV_REL * (self->parent.scales.mixed ? lz_event_sv_moved (V, diag, nN - 1) : gsl_vector_get (S, 0))))
      {
        /* the free direction: its largest joint with static elements */
        int best = -1;
        double big = 0;

        for (guint r = 0; r < nN; r++)
          {
            double x = fabs (gsl_matrix_get (V, r, nN - 1));
            gboolean has = FALSE;

            for (guint s = 0; s < self->st.nS; s++)
              {
                int a, b;
                double ca, cb;

                lz_assembly_get_element_ports (assembly, self->st.iS[s], &a, &b, &ca, &cb);
                has |= a == (int) self->jn.iN[r] || b == (int) self->jn.iN[r];
              }
            if (has && x > big * (1 + FREE_DIR_MIN))
              {
                big = x;
                best = (int) r;
              }
          }
        if (best >= 0 && big > FREE_DIR_MIN)
          {
            g_autoptr(GString) list = g_string_new (NULL);
            guint i = self->jn.iN[best];

            for (guint s = 0; s < self->st.nS; s++)
              {
                int a, b;
                double ca, cb;

                lz_assembly_get_element_ports (assembly, self->st.iS[s], &a, &b, &ca, &cb);
                if (a == (int) i || b == (int) i)
                  lz_append_quoted_id (list, lz_model_get_element (model, self->st.iS[s])->item.id);
              }
            g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                         _("the massless body “%s” is not held while %s leave it free (a spring "
                           "with freeplay slack, a stop off its limit, dry friction slipping): its "
                           "linear springs do not hold it, so every position there balances; give "
                           "it a linear spring or a mass"),
                         lz_assembly_get_dof_name (assembly, i), list->str);
            return FALSE;
          }
      }
  }

  /* Springs with freeplay in series have a closed form (Theorem 4.3):
   * lz_integrator_new() runs the simplified model (lz-joints.c). */
  if (any_freeplay)
    {
      g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (lz_joint_step_free);
      g_autoptr(LzModel) reduced = lz_model_eliminate_joints_with_steps (model, NULL, steps);

      for (guint k = 0; k < steps->len; k++)
        {
          const LzJointStep *step = steps->pdata[k];
          int i = lz_model_get_body_index (model, step->body);

          for (guint s = 0; s < self->st.nS && i >= 0; s++)
            {
              const LzElement *element = lz_model_get_element (model, self->st.iS[s]);
              int a, b;
              double ca, cb;

              lz_assembly_get_element_ports (assembly, self->st.iS[s], &a, &b, &ca, &cb);
              if (a == i || b == i)
                {
                  g_set_error (error, LZ_ERROR, LZ_ERROR_SINGULAR,
                               _("“%s” acts on the massless body “%s”, which a closed form "
                                 "eliminates (springs with freeplay in series): the event-driven "
                                 "method runs the simplified model"),
                               element->item.id, step->body);
                  return FALSE;
                }
            }
        }
    }
  return TRUE;
}

/* The workspaces of the static elements' balance (after the Elem table). */
void
lz_event_alloc_static (LzEventIntegrator *self)
{
  guint nN = self->jn.nN, nS = self->st.nS, L = 0;

  if (self->dj.nDS > 0)
    {
      self->dj.DX = gsl_matrix_alloc (self->jn.nD, self->dj.nDS);
      self->dj.DG = gsl_matrix_alloc (self->dj.nDS, self->dj.nDS);
      self->dj.DV = gsl_matrix_alloc (self->dj.nDS, self->dj.nDS);
      self->dj.DS = gsl_vector_alloc (self->dj.nDS);
      self->dj.Dwork = gsl_vector_alloc (self->dj.nDS);
      self->dj.Dr = gsl_vector_alloc (self->dj.nDS);
      self->dj.Dl = gsl_vector_alloc (self->dj.nDS);
      self->dj.Dcol = gsl_vector_alloc (self->jn.nD);
      self->dj.dcon = g_new0 (guint, self->dj.nDS);
      self->dj.cand = g_new0 (guint, self->dj.nDS);
      self->dj.kind = g_new0 (int, self->dj.nDS);
      self->dj.pair = g_new0 (int, self->dj.nDS);
      self->dj.var = g_new0 (int, self->dj.nDS);
      self->dj.sgn = g_new0 (double, self->dj.nDS);
      self->dj.lam = g_new0 (double, self->dj.nDS);
      self->dj.u = g_new0 (double, self->dj.nDS);
      self->dj.lo = g_new0 (double, self->dj.nDS);
      self->dj.open = g_new0 (gboolean, self->dj.nDS);
      self->dj.yp = g_new0 (double, 2 * self->n + 3);
      self->dj.dy = g_new0 (double, 2 * self->n + 3);
      self->dj.keep = g_new0 (LzMode, self->ne);
    }
  if (nS == 0)
    return;
  for (guint s = 0; s < nS; s++)
    {
      const Elem *el = &self->el[self->st.iS[s]];

      L += el->law.kind == LZ_ITEM_STOP ? (isfinite (el->law.lower) ? 1 : 0) + (isfinite (el->law.upper) ? 1 : 0) : 2;
    }
  self->st.sL = L;
  self->st.sg0 = g_new0 (double, nS);
  self->st.sg0d = g_new0 (double, nS);
  self->st.s_cached = g_new0 (LzMode, nS);
  self->st.s_con = g_new0 (guint, nS);
  self->st.SA = gsl_matrix_alloc (nN, nN);
  self->st.SX = gsl_matrix_alloc (nN, nS);
  self->st.SG = gsl_matrix_alloc (nS, nS);
  self->st.SV = gsl_matrix_alloc (nS, nS);
  self->st.SS = gsl_vector_alloc (nS);
  self->st.Swork = gsl_vector_alloc (nS);
  self->st.Sb = gsl_vector_alloc (nN);
  self->st.Sr = gsl_vector_alloc (nS);
  self->st.Sl = gsl_vector_alloc (nS);
  self->st.sM = gsl_matrix_alloc (nN + L, nN + L);
  self->st.sq = gsl_vector_alloc (nN + L);
  self->st.su = gsl_vector_alloc (nN + L);
  self->st.sw = gsl_vector_alloc (nN + L);
}

/* Massless joints: those without damping (N, algebraic: linear springs,
 * and springs with freeplay, stops and dry friction through lz_event_node_solve())
 * and those with damping (D, first order: springs with freeplay by their
 * mode, stops and dry friction through lz_event_dstop_solve() and lz_event_dvel_select() —
 * a body that a viscous friction element alone damps moves by paper
 * 003's non-inertial law μ ż = luz(F, F0) this way), factored once; the
 * rest is for time-stepping (or a closed-form reduction, lz-joints.c). */
gboolean
lz_event_setup_massless (LzEventIntegrator *self,
                         GError           **error)
{
  LzAssembly *assembly = self->parent.assembly;
  LzModel *model = lz_assembly_get_model (assembly);
  guint n = self->n;
  guint ne = lz_model_get_n_elements (model);

  self->jn.yc = g_new0 (double, 2 * MAX (n, 1));
  self->jn.fc = g_new0 (double, MAX (n, 1));
  self->jn.fp = g_new0 (double, MAX (n, 1));
  self->jn.fm = g_new0 (double, MAX (n, 1));
  self->jn.iN = g_new0 (guint, MAX (n, 1));
  self->jn.iD = g_new0 (guint, MAX (n, 1));
  /* (room for the through-stops: at most one per two stops) */
  self->jn.zlambda = g_new0 (double, ne + ne / 2 + 1);
  self->st.is_static = g_new0 (gboolean, ne + ne / 2 + 1);
  self->st.s_excluded = g_new0 (gboolean, ne + ne / 2 + 1);
  self->tr.through = g_new0 (Through, ne / 2 + 1);
  self->st.iS = g_new0 (guint, MAX (ne, 1));
  self->jn.rN = g_new (int, MAX (n, 1));
  self->jn.rD = g_new (int, MAX (n, 1));
  self->dj.iDS = g_new0 (guint, MAX (ne, 1));
  self->dj.is_dstop = g_new0 (gboolean, ne + ne / 2 + 1);
  for (guint i = 0; i < n; i++)
    self->jn.rN[i] = self->jn.rD[i] = -1;

  for (guint i = 0; i < n; i++)
    if (!(self->sm.mass[i] > 0))
      {
        if (gsl_matrix_get (self->sm.C, i, i) > 0)
          self->jn.iD[self->jn.nD++] = i;
        else
          self->jn.iN[self->jn.nN++] = i;
      }
  if (self->jn.nN + self->jn.nD == 0)
    return TRUE;
  for (guint r = 0; r < self->jn.nN; r++)
    self->jn.rN[self->jn.iN[r]] = (int) r;

  for (guint r = 0; r < self->jn.nD; r++)
    self->jn.rD[self->jn.iD[r]] = (int) r;

  /* Nonsmooth elements on massless bodies.  On an undamped joint (N):
   * springs with freeplay, stops and dry friction are solved with the
   * joints (lz_event_node_solve(); a stuck friction element holds its coordinate
   * like a stop in contact, a slipping one pushes with ±F0).  On a damped
   * joint (D, ż = C_DD⁻¹(…)): a spring with freeplay is a force by its
   * mode, a stop in contact and a stuck friction element velocity
   * constraints (lz_event_dstop_solve()), a slipping one its level. */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *element = lz_model_get_element (model, e);
      double freeplay = 0;
      int a, b;
      double ca, cb;

      lz_element_get_stiffness (element, NULL, &freeplay, NULL);
      if (!(element->item.kind == LZ_ITEM_FRICTION || element->item.kind == LZ_ITEM_STOP || freeplay > 0))
        continue;
      lz_assembly_get_element_ports (assembly, e, &a, &b, &ca, &cb);
      if (!((a >= 0 && !(self->sm.mass[a] > 0)) || (b >= 0 && !(self->sm.mass[b] > 0))))
        continue;
      if ((a >= 0 && self->jn.rN[a] >= 0) || (b >= 0 && self->jn.rN[b] >= 0))
        {
          self->st.is_static[e] = TRUE;
          self->st.iS[self->st.nS++] = e;
          self->st.nSF += element->item.kind == LZ_ITEM_FRICTION;
          continue;
        }
      /* a damped massless port (D) */
      if (element->item.kind == LZ_ITEM_FRICTION
          && (a < 0 || self->sm.mass[a] > 0 || self->jn.rD[a] >= 0) && (b < 0 || self->sm.mass[b] > 0 || self->jn.rD[b] >= 0))
        {
          /* on D joints: stuck a velocity constraint, slipping a force
           * (lz_event_dstop_solve(), lz_event_dvel_select()) */
          self->st.is_static[e] = TRUE;
          self->dj.is_dstop[e] = TRUE;
          self->dj.iDS[self->dj.nDS++] = e;
          continue;
        }
      if (element->item.kind != LZ_ITEM_STOP)
        continue;                       /* a spring with freeplay: a force by its mode */
      self->st.is_static[e] = TRUE;
      self->dj.is_dstop[e] = TRUE;
      self->dj.iDS[self->dj.nDS++] = e;
    }
  if (self->dj.nDS > 0 && !check_stop_anchors (self, self->jn.rD, self->jn.nD, self->dj.iDS, self->dj.nDS, TRUE, error))
    return FALSE;
  if (self->st.nS > 0 && !check_static (self, error))
    return FALSE;

  /* C_DN = 0: the N joints have no damping */
  return factor_block (self, self->sm.K, self->jn.iN, self->jn.nN, &self->jn.KNN, &self->jn.pN, &self->jn.bN, &self->jn.xN,
                       FALSE, error)
         && factor_block (self, self->sm.C, self->jn.iD, self->jn.nD, &self->jn.CDD, &self->jn.pD, &self->jn.bD,
                          &self->jn.xD, TRUE, error);
}

/* A through-stop's law (see Through): V = α·gap_K + β·gap_R on the ports
 * of K and R that are not z — K's at b, R's at a (z's terms cancel). */
static LzElementLaw
through_law (const LzEventIntegrator *self,
             const Through           *th)
{
  const LzElementLaw *k = &self->el[th->k].law, *r = &self->el[th->r].law;
  gboolean k_zb = k->b >= 0 && !(self->sm.mass[k->b] > 0), r_zb = r->b >= 0 && !(self->sm.mass[r->b] > 0);
  LzElementLaw v = { .element = r->element, .id = r->id, .index = th->v, .row = -1,
                     .kind = th->friction ? LZ_ITEM_FRICTION : LZ_ITEM_STOP,
                     .lower = -INFINITY, .upper = INFINITY };

  v.b = k_zb ? k->a : k->b;
  v.xb = k_zb ? k->xa : k->xb;
  v.cb = th->ka * (k_zb ? -k->ca : k->cb);
  v.a = r_zb ? r->a : r->b;
  v.xa = r_zb ? r->xa : r->xb;
  v.ca = -th->rb * (r_zb ? -r->ca : r->cb);
  v.moving = v.xa != NULL || v.xb != NULL;
  if (th->friction)
    {
      /* R's force is rb times V's (R's levels are constant:
       * lz_event_check_friction()) */
      v.fpos = v.fs_pos = r->fpos / th->rb;
      v.fneg = v.fs_neg = r->fneg / th->rb;
      return v;
    }
  v.lower = th->ka * (th->sk > 0 ? k->lower : k->upper) + th->rb * (th->sr > 0 ? r->lower : r->upper);
  v.e = MIN (k->e, r->e);
  return v;
}

/* The friction laws beyond Coulomb's (static levels, Stribeck, levels in
 * t) on bodies with mass only: the massless joints' and the through-stops'
 * closed forms take constant levels.  FALSE with ERROR set otherwise, or
 * for levels out of range at t = 0. */
gboolean
lz_event_check_friction (LzEventIntegrator *self,
                         GError           **error)
{
  for (guint e = 0; e < self->nm; e++)
    {
      const LzElementLaw *law = &self->el[e].law;
      gboolean through = FALSE;

      if (law->kind != LZ_ITEM_FRICTION)
        continue;
      for (guint p = 0; p < self->tr.nT; p++)
        through |= self->tr.through[p].friction && self->tr.through[p].r == e;
      if ((self->st.is_static[e] || through)
          /* TRANSLATORS: completes "… are not taken %s" */
          && !lz_friction_refuse (law, _("on a massless body by the event-driven method "
                                         "(use --method timestep, or give the body a mass)"), error))
        return FALSE;
      if (!lz_friction_check (law, 0.0, error))
        return FALSE;
    }
  return TRUE;
}

/* The elements: the model's, in file order, with their laws from the
 * element table, then the through-stops (nm, nT and through set). */
void
lz_event_setup_elements (LzEventIntegrator *self)
{
  g_autoptr(LzElementTable) table = lz_element_table_new (self->parent.assembly);

  g_assert (lz_element_table_get_n (table) == self->nm);
  self->el = g_new0 (Elem, MAX (self->ne, 1));
  for (guint e = 0; e < self->nm; e++)
    self->el[e].law = *lz_element_table_get (table, e);
  for (guint p = 0; p < self->tr.nT; p++)
    self->el[self->tr.through[p].v].law = through_law (self, &self->tr.through[p]);
}
