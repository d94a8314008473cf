/* lz-event-rk.c — the smooth system's Runge–Kutta steps: DOP853 with its continuous extension
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Dormand and Prince's explicit pair of orders 8 and 5(3), "DOP853"
 * (E. Hairer, S. P. Nørsett and G. Wanner, Solving Ordinary Differential
 * Equations I, 2nd ed., 1993, section II.10), with its continuous
 * extension of order 7: three more stages after an accepted step give
 * the state anywhere inside it within the integration's tolerance.  GSL's
 * rk8pd keeps its stages to itself, so a step of it is known at its ends
 * only; here the trials of the location, the samples of the trace and the
 * confirmation of a crossing inside a step read the step's extension (one
 * evaluation of the guards each) instead of integrating again from the
 * step's start (a dozen evaluations or more each).
 *
 * A step's first stage is ẏ at its start, which the guards there have
 * computed, and ẏ at its end (for the extension) is the guards' at the
 * end: a step costs eleven evaluations of its own, and the extension
 * three more, only for a step where it is read.  The error is Hairer's estimate (the fifth-order and the
 * third-order embedded solutions), taken component by component against
 * atol·scale + rtol·max(|y0|, |y1|) and its largest — GSL's scaled
 * control's measure, stricter than Hairer's mean.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz-event-private.h"

/* the step's stages: [0] ẏ at the start … [11]; [12] is ẏ at the end */
#define RK_STAGES 12

/* The step size after a step: SAFETY·err^(−1/8), at least FAC_MIN and
 * at most FAC_MAX times the step (Hairer's DOP853 defaults); a step
 * below LZ_EVENT_H_MIN_ULPS rounding units of t is a failure. */
#define RK_SAFETY 0.9
#define RK_FAC_MIN 0.333
#define RK_FAC_MAX 6.0

/* The coefficients (Hairer, Nørsett and Wanner's dop853.f; E3 is the
 * weights B less BHH). */
static const double RK_C[LZ_EVENT_RK_ALL] = {
  0.0, 0.526001519587677318785587544488e-01, 0.789002279381515978178381316732e-01,
  0.118350341907227396726757197510, 0.281649658092772603273242802490, 0.333333333333333333333333333333, 0.25,
  0.307692307692307692307692307692, 0.651282051282051282051282051282, 0.6, 0.857142857142857142857142857142,
  1.0, 1.0, 0.1, 0.2, 0.777777777777777777777777777778
};
static const double RK_A[LZ_EVENT_RK_ALL][LZ_EVENT_RK_ALL] = {
  [1] = {
    [0] = 5.26001519587677318785587544488e-2
  },
  [2] = {
    [0] = 1.97250569845378994544595329183e-2, [1] = 5.91751709536136983633785987549e-2
  },
  [3] = {
    [0] = 2.95875854768068491816892993775e-2, [2] = 8.87627564304205475450678981324e-2
  },
  [4] = {
    [0] = 2.41365134159266685502369798665e-1, [2] = -8.84549479328286085344864962717e-1,
    [3] = 9.24834003261792003115737966543e-1
  },
  [5] = {
    [0] = 3.7037037037037037037037037037e-2, [3] = 1.70828608729473871279604482173e-1,
    [4] = 1.25467687566822425016691814123e-1
  },
  [6] = {
    [0] = 3.7109375e-2, [3] = 1.70252211019544039314978060272e-1, [4] = 6.02165389804559606850219397283e-2,
    [5] = -1.7578125e-2
  },
  [7] = {
    [0] = 3.70920001185047927108779319836e-2, [3] = 1.70383925712239993810214054705e-1,
    [4] = 1.07262030446373284651809199168e-1, [5] = -1.53194377486244017527936158236e-2,
    [6] = 8.27378916381402288758473766002e-3
  },
  [8] = {
    [0] = 6.24110958716075717114429577812e-1, [3] = -3.36089262944694129406857109825,
    [4] = -8.68219346841726006818189891453e-1, [5] = 2.75920996994467083049415600797e1,
    [6] = 2.01540675504778934086186788979e1, [7] = -4.34898841810699588477366255144e1
  },
  [9] = {
    [0] = 4.77662536438264365890433908527e-1, [3] = -2.48811461997166764192642586468,
    [4] = -5.90290826836842996371446475743e-1, [5] = 2.12300514481811942347288949897e1,
    [6] = 1.52792336328824235832596922938e1, [7] = -3.32882109689848629194453265587e1,
    [8] = -2.03312017085086261358222928593e-2
  },
  [10] = {
    [0] = -9.3714243008598732571704021658e-1, [3] = 5.18637242884406370830023853209,
    [4] = 1.09143734899672957818500254654, [5] = -8.14978701074692612513997267357,
    [6] = -1.85200656599969598641566180701e1, [7] = 2.27394870993505042818970056734e1,
    [8] = 2.49360555267965238987089396762, [9] = -3.0467644718982195003823669022
  },
  [11] = {
    [0] = 2.27331014751653820792359768449, [3] = -1.05344954667372501984066689879e1,
    [4] = -2.00087205822486249909675718444, [5] = -1.79589318631187989172765950534e1,
    [6] = 2.79488845294199600508499808837e1, [7] = -2.85899827713502369474065508674,
    [8] = -8.87285693353062954433549289258, [9] = 1.23605671757943030647266201528e1,
    [10] = 6.43392746015763530355970484046e-1
  },
  [12] = {
    [0] = 5.42937341165687622380535766363e-2, [5] = 4.45031289275240888144113950566,
    [6] = 1.89151789931450038304281599044, [7] = -5.8012039600105847814672114227,
    [8] = 3.1116436695781989440891606237e-1, [9] = -1.52160949662516078556178806805e-1,
    [10] = 2.01365400804030348374776537501e-1, [11] = 4.47106157277725905176885569043e-2
  },
  [13] = {
    [0] = 5.61675022830479523392909219681e-2, [6] = 2.53500210216624811088794765333e-1,
    [7] = -2.46239037470802489917441475441e-1, [8] = -1.24191423263816360469010140626e-1,
    [9] = 1.5329179827876569731206322685e-1, [10] = 8.20105229563468988491666602057e-3,
    [11] = 7.56789766054569976138603589584e-3, [12] = -8.298e-3
  },
  [14] = {
    [0] = 3.18346481635021405060768473261e-2, [5] = 2.83009096723667755288322961402e-2,
    [6] = 5.35419883074385676223797384372e-2, [7] = -5.49237485713909884646569340306e-2,
    [10] = -1.08347328697249322858509316994e-4, [11] = 3.82571090835658412954920192323e-4,
    [12] = -3.40465008687404560802977114492e-4, [13] = 1.41312443674632500278074618366e-1
  },
  [15] = {
    [0] = -4.28896301583791923408573538692e-1, [5] = -4.69762141536116384314449447206,
    [6] = 7.68342119606259904184240953878, [7] = 4.06898981839711007970213554331,
    [8] = 3.56727187455281109270669543021e-1, [12] = -1.39902416515901462129418009734e-3,
    [13] = 2.9475147891527723389556272149, [14] = -9.15095847217987001081870187138
  },
};
static const double RK_E5[RK_STAGES] = {
  [0] = 0.1312004499419488073250102996e-1, [5] = -0.1225156446376204440720569753e1,
  [6] = -0.4957589496572501915214079952, [7] = 0.1664377182454986536961530415e1,
  [8] = -0.3503288487499736816886487290, [9] = 0.3341791187130174790297318841,
  [10] = 0.8192320648511571246570742613e-1, [11] = -0.2235530786388629525884427845e-1
};
static const double RK_BHH[RK_STAGES] = {
  [0] = 0.244094488188976377952755905512, [8] = 0.733846688281611857341361741547,
  [11] = 0.220588235294117647058823529412e-1
};
static const double RK_D[4][LZ_EVENT_RK_ALL] = {
  [0] = {
    [0] = -0.84289382761090128651353491142e1, [5] = 0.56671495351937776962531783590,
    [6] = -0.30689499459498916912797304727e1, [7] = 0.23846676565120698287728149680e1,
    [8] = 0.21170345824450282767155149946e1, [9] = -0.87139158377797299206789907490,
    [10] = 0.22404374302607882758541771650e1, [11] = 0.63157877876946881815570249290,
    [12] = -0.88990336451333310820698117400e-1, [13] = 0.18148505520854727256656404962e2,
    [14] = -0.91946323924783554000451984436e1, [15] = -0.44360363875948939664310572000e1
  },
  [1] = {
    [0] = 0.10427508642579134603413151009e2, [5] = 0.24228349177525818288430175319e3,
    [6] = 0.16520045171727028198505394887e3, [7] = -0.37454675472269020279518312152e3,
    [8] = -0.22113666853125306036270938578e2, [9] = 0.77334326684722638389603898808e1,
    [10] = -0.30674084731089398182061213626e2, [11] = -0.93321305264302278729567221706e1,
    [12] = 0.15697238121770843886131091075e2, [13] = -0.31139403219565177677282850411e2,
    [14] = -0.93529243588444783865713862664e1, [15] = 0.35816841486394083752465898540e2
  },
  [2] = {
    [0] = 0.19985053242002433820987653617e2, [5] = -0.38703730874935176555105901742e3,
    [6] = -0.18917813819516756882830838328e3, [7] = 0.52780815920542364900561016686e3,
    [8] = -0.11573902539959630126141871134e2, [9] = 0.68812326946963000169666922661e1,
    [10] = -0.10006050966910838403183860980e1, [11] = 0.77771377980534432092869265740,
    [12] = -0.27782057523535084065932004339e1, [13] = -0.60196695231264120758267380846e2,
    [14] = 0.84320405506677161018159903784e2, [15] = 0.11992291136182789328035130030e2
  },
  [3] = {
    [0] = -0.25693933462703749003312586129e2, [5] = -0.15418974869023643374053993627e3,
    [6] = -0.23152937917604549567536039109e3, [7] = 0.35763911791061412378285349910e3,
    [8] = 0.93405324183624310003907691704e2, [9] = -0.37458323136451633156875139351e2,
    [10] = 0.10409964950896230045147246184e3, [11] = 0.29840293426660503123344363579e2,
    [12] = -0.43533456590011143754432175058e2, [13] = 0.96324553959188282948394950600e2,
    [14] = -0.39177261675615439165231486172e2, [15] = -0.14972683625798562581422125276e3
  },
};

void
lz_event_rk_alloc (LzEventRk *rk,
                   guint      dim)
{
  double *block = g_new0 (double, (gsize) (LZ_EVENT_RK_ALL + LZ_EVENT_RK_DENSE + 3) * MAX (dim, 1));

  rk->dim = dim;
  for (guint s = 0; s < LZ_EVENT_RK_ALL; s++)
    rk->k[s] = block + (gsize) s * dim;
  for (guint r = 0; r < LZ_EVENT_RK_DENSE; r++)
    rk->F[r] = block + (gsize) (LZ_EVENT_RK_ALL + r) * dim;
  rk->y0 = block + (gsize) (LZ_EVENT_RK_ALL + LZ_EVENT_RK_DENSE) * dim;
  rk->y1 = rk->y0 + dim;
  rk->ytmp = rk->y1 + dim;
  rk->valid = rk->extended = FALSE;
  rk->comp = g_new (guint, MAX (dim, 1));
  for (guint i = 0; i < dim; i++)
    rk->comp[i] = i;
  rk->ncomp = dim;
  rk->comp_epoch = 0;
}

void
lz_event_rk_free (LzEventRk *rk)
{
  lz_event_taylor_rk_free (rk);
  g_clear_pointer (&rk->k[0], g_free);   /* (the block's owner) */
  g_clear_pointer (&rk->comp, g_free);
}

/* ytmp = y0 + h·Σ_{j<s} A[s][j]·k[j]: stage S's state (the sum
 * accumulated in ytmp, stage by stage), at the step's components (the
 * others are y0's: begin_stages()) */
static void
stage_state (LzEventRk *rk,
             guint      s,
             double     h)
{
  double *sum = rk->ytmp;
  const guint *comp = rk->comp;

  if (rk->ncomp == rk->dim)
    {
      /* (every component: contiguous, as the compiler vectorizes it) */
      memset (sum, 0, rk->dim * sizeof (double));
      for (guint j = 0; j < s; j++)
        if (RK_A[s][j] != 0)
          for (guint i = 0; i < rk->dim; i++)
            sum[i] += RK_A[s][j] * rk->k[j][i];
      for (guint i = 0; i < rk->dim; i++)
        rk->ytmp[i] = rk->y0[i] + h * sum[i];
      return;
    }
  for (guint c = 0; c < rk->ncomp; c++)
    sum[comp[c]] = 0;
  for (guint j = 0; j < s; j++)
    if (RK_A[s][j] != 0)
      for (guint c = 0; c < rk->ncomp; c++)
        sum[comp[c]] += RK_A[s][j] * rk->k[j][comp[c]];
  for (guint c = 0; c < rk->ncomp; c++)
    rk->ytmp[comp[c]] = rk->y0[comp[c]] + h * sum[comp[c]];
}

/* The stages' state is y0 at the components a step leaves alone (the
 * frozen bodies of the active set, lz-event-active.c) */
static void
begin_stages (LzEventRk *rk)
{
  if (rk->ncomp < rk->dim)
    memcpy (rk->ytmp, rk->y0, rk->dim * sizeof (double));
}

/* The error of the step of size H to y1 (stages 0 … 11 set) relative to
 * the tolerance: ≤ 1 accepts it. */
static double
step_error (const LzEventIntegrator *self,
            const LzEventRk         *rk,
            double                   h)
{
  double err = 0;

  for (guint c = 0; c < rk->ncomp; c++)
    {
      guint i = rk->comp[c];
      double e5 = 0, e3 = 0, sk, d;

      for (guint j = 0; j < RK_STAGES; j++)
        {
          e5 += RK_E5[j] * rk->k[j][i];
          e3 += (RK_A[RK_STAGES][j] - RK_BHH[j]) * rk->k[j][i];
        }
      sk = LZ_EVENT_TOL_SHARE * (self->sm.atol * self->sm.atol_scale[i]
                           + self->sm.rtol * MAX (fabs (rk->y0[i]), fabs (rk->y1[i])));
      e5 /= sk;
      e3 /= sk;
      d = e5 * e5 + 0.01 * e3 * e3;
      if (d > 0)
        err = MAX (err, fabs (h) * e5 * e5 / sqrt (d));
    }
  return err;
}

/* One accepted step from (*T, Y), ẏ there in rk->k[0], towards T_STOP
 * (never past it; on it exactly when it reaches it), *H the size to try
 * and then the next one's: *T and Y at its end.  GSL_SUCCESS, or the
 * status of a failure (an evaluation not finite, a step too small). */
int
lz_event_rk_step (LzEventIntegrator *self,
                  LzEventRk         *rk,
                  double            *t,
                  double             t_stop,
                  double            *h,
                  double            *y)
{
  guint dim = rk->dim;
  double t0 = *t, hh = *h;
  gboolean rejected = FALSE;

  /* a linear mode: its Taylor series (lz-event-taylor.c) */
  int status = lz_event_taylor_step (self, rk, t, t_stop, h, y);

  if (status != GSL_CONTINUE)
    return status;
  memcpy (rk->y0, y, dim * sizeof (double));
  rk->valid = rk->extended = FALSE;
  lz_event_active_rk_comps (&self->sm, rk);
  begin_stages (rk);
  for (;;)
    {
      gboolean last = hh >= t_stop - t0, guard;
      double err, fac;

      if (last)
        hh = t_stop - t0;
      if (!(hh > 0) || (rejected && hh < LZ_EVENT_H_MIN_ULPS * DBL_EPSILON * fabs (t0)))
        return GSL_FAILURE;
      /* (the guards inside a longer step are sampled apart, lz-event-locate.c) */
      guard = rk->guard_stages && hh <= lz_event_interior_h_max (self);
      rk->stage_neg = INFINITY;
      for (guint s = 1; s < RK_STAGES; s++)
        {
          stage_state (rk, s, hh);
          if (lz_event_rhs (t0 + RK_C[s] * hh, rk->ytmp, rk->k[s], self) != GSL_SUCCESS)
            return GSL_EBADFUNC;
          if (guard && RK_C[s] < rk->stage_neg && lz_event_guard_negative (self, rk->ytmp))
            rk->stage_neg = RK_C[s];
        }
      stage_state (rk, RK_STAGES, hh);    /* (A's row 12 is B: y1) */
      memcpy (rk->y1, rk->ytmp, dim * sizeof (double));
      err = step_error (self, rk, hh);
      fac = err > 0 ? RK_SAFETY * pow (err, -1.0 / 8) : RK_FAC_MAX;
      if (err <= 1)
        {
          rk->t0 = t0;
          rk->h = hh;
          rk->t1 = *t = last ? t_stop : t0 + hh;
          memcpy (y, rk->y1, dim * sizeof (double));
          *h = hh * CLAMP (fac, RK_FAC_MIN, rejected ? 1.0 : RK_FAC_MAX);
          return GSL_SUCCESS;
        }
      hh *= CLAMP (fac, RK_FAC_MIN, 1.0);
      rejected = TRUE;
    }
}

/* ẏ at the end of the step rk_step() took (the guards' evaluation there):
 * the extension can be built. */
void
lz_event_rk_end (LzEventRk    *rk,
                 const double *f1)
{
  memcpy (rk->k[RK_STAGES], f1, rk->dim * sizeof (double));
  rk->valid = TRUE;
  rk->extended = FALSE;
}

/* Whether the step's extension is built for a step from (T0, Y0) that
 * reaches T. */
gboolean
lz_event_rk_covers (const LzEventRk *rk,
                    double           t0,
                    const double    *y0,
                    double           t)
{
  return rk->valid && rk->t0 == t0 && t >= t0 && t <= rk->t1
         && memcmp (rk->y0, y0, rk->dim * sizeof (double)) == 0;
}

/* The extension's three stages and its coefficients F (Hairer's rcont) */
static gboolean
extend (LzEventIntegrator *self,
        LzEventRk         *rk)
{
  double h = rk->h;

  begin_stages (rk);
  for (guint s = RK_STAGES + 1; s < LZ_EVENT_RK_ALL; s++)
    {
      stage_state (rk, s, h);
      if (lz_event_rhs (rk->t0 + RK_C[s] * h, rk->ytmp, rk->k[s], self) != GSL_SUCCESS)
        return FALSE;
    }
  for (guint c = 0; c < rk->ncomp; c++)
    {
      guint i = rk->comp[c];
      double dy = rk->y1[i] - rk->y0[i], bspl = h * rk->k[0][i] - dy;

      rk->F[0][i] = dy;
      rk->F[1][i] = bspl;
      rk->F[2][i] = dy - h * rk->k[RK_STAGES][i] - bspl;
      for (guint r = 0; r < 4; r++)
        {
          double sum = 0;

          for (guint j = 0; j < LZ_EVENT_RK_ALL; j++)
            if (RK_D[r][j] != 0)
              sum += RK_D[r][j] * rk->k[j][i];
          rk->F[3 + r][i] = h * sum;
        }
    }
  rk->extended = TRUE;
  return TRUE;
}

/* The state at T in the step (lz_event_rk_covers()) into Y, within the
 * integration's tolerance (order 7).  FALSE when an evaluation of the
 * extension's stages failed. */
gboolean
lz_event_rk_dense (LzEventIntegrator *self,
                   LzEventRk         *rk,
                   double             t,
                   double            *y)
{
  double s, s1;

  if (rk->taylor)
    {
      lz_event_taylor_dense (self, rk, t, y);
      return TRUE;
    }
  if (!rk->extended && !extend (self, rk))
    return FALSE;
  s = (t - rk->t0) / rk->h;
  s1 = 1 - s;
  if (rk->ncomp < rk->dim)
    memcpy (y, rk->y0, rk->dim * sizeof (double));
  for (guint k = 0; k < rk->ncomp; k++)
    {
      guint i = rk->comp[k];
      double c = rk->F[3][i] + s * (rk->F[4][i] + s1 * (rk->F[5][i] + s * rk->F[6][i]));

      y[i] = rk->y0[i] + s * (rk->F[0][i] + s1 * (rk->F[1][i] + s * (rk->F[2][i] + s1 * c)));
    }
  return TRUE;
}

/* y(T) from (T0, Y0) by steps of RK (its stages are overwritten), the
 * first of size H0 at most; F0 is ẏ at T0 if known (else NULL). */
gboolean
lz_event_rk_integrate (LzEventIntegrator *self,
                       LzEventRk         *rk,
                       double             t0,
                       const double      *y0,
                       const double      *f0,
                       double             t,
                       double            *y,
                       double             h0)
{
  double tt = t0, h = MIN (h0, t - t0);

  memcpy (y, y0, rk->dim * sizeof (double));
  if (t <= t0)
    return TRUE;
  if (f0 != NULL)
    memcpy (rk->k[0], f0, rk->dim * sizeof (double));
  else if (lz_event_rhs (t0, y, rk->k[0], self) != GSL_SUCCESS)
    return FALSE;
  for (;;)
    {
      if (lz_event_rk_step (self, rk, &tt, t, &h, y) != GSL_SUCCESS)
        return FALSE;
      if (tt >= t)
        return TRUE;
      if (lz_event_rhs (tt, y, rk->k[0], self) != GSL_SUCCESS)
        return FALSE;
    }
}

/* One step of the classical fourth-order Runge–Kutta method from the
 * step's start (T0, loc.y0), ẏ there in loc.dydt0, to T into Y (the
 * scratch stages): for the moments just after an instant, where its
 * error, (t − t0)⁵ times the fifth derivative, is far below the rounding
 * of the state. */
gboolean
lz_event_rk4 (LzEventIntegrator *self,
              double             t0,
              double             t,
              double            *y)
{
  static const double c[4] = { 0, 0.5, 0.5, 1 }, b[4] = { 1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6 };
  LzEventRk *rk = &self->sm.rk_scratch;
  const double *y0 = self->loc.y0, *k[4] = { self->loc.dydt0, rk->k[1], rk->k[2], rk->k[3] };
  double h = t - t0;

  lz_event_active_rk_comps (&self->sm, rk);
  if (rk->ncomp < rk->dim)
    {
      memcpy (rk->ytmp, y0, rk->dim * sizeof (double));
      memcpy (y, y0, rk->dim * sizeof (double));
    }
  for (guint s = 1; s < 4; s++)
    {
      for (guint q = 0; q < rk->ncomp; q++)
        {
          guint i = rk->comp[q];

          rk->ytmp[i] = y0[i] + c[s] * h * k[s - 1][i];
        }
      if (lz_event_rhs (t0 + c[s] * h, rk->ytmp, rk->k[s], self) != GSL_SUCCESS)
        return FALSE;
    }
  for (guint q = 0; q < rk->ncomp; q++)
    {
      guint i = rk->comp[q];

      y[i] = y0[i] + h * (b[0] * k[0][i] + b[1] * k[1][i] + b[2] * k[2][i] + b[3] * k[3][i]);
    }
  return TRUE;
}
