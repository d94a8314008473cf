/* b4-reference.c — an O(N) reference of Luztar's time-stepping on benchmark B4
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Benchmark B4 (bench/README.md, bench/gen-chain.py): N unit masses in a
 * line, neighbours joined by springs k = 100 and dampers c = 0.1, mass 1
 * tied to the wall by a spring k = 100, Coulomb friction F0 = 0.5 N to the
 * ground and a stop x_i ≥ −0.2 (e = 0) on every mass, F = 5 sin(2t) on
 * mass N, all initial values zero, t ∈ [0, 10].
 *
 * The scheme is Luztar's Moreau–Jean time-stepping
 * (src/core/integrate/lz-timestep.c, lz-timestep-contact.c), step k from
 * t = k·h to t1 = (k + 1)·h:
 *
 *     W v⁺ = M v − h(1−θ) C v − h K (q + hθ(1−θ) v) + h (θ f(t1) + (1−θ) f(t)) + P,
 *     W = M + hθ C + h²θ² K,       q⁺ = q + h (θ v⁺ + (1−θ) v),
 *
 * with P_i the impulses on mass i: friction −hF0 ≤ −P_f ≤ hF0 against the
 * sign of v⁺_i (a relay on the velocity at the end of the step), and the
 * stop, Newton's law with e = 0 (v⁺_i ≥ 0 ⊥ P_s ≥ 0) while it is active —
 * when its gap is predicted to close within the step,
 * q_i + h/2·v_i ≤ −0.2, with v_i the velocity at the step's start.
 *
 * Luztar solved the impulses by projected Gauss–Seidel on the Delassus
 * operator H W⁻¹ Hᵀ (two coincident rows per mass) and, since the
 * velocity-space sweeps of src/core/integrate/lz-timestep-gs.c, solves
 * B4's step as this program does, written for any model whose stops and
 * frictions each act on one body.  Here the step is solved in velocity
 * space: v⁺ minimises
 *
 *     ½ v⁺ᵀ W v⁺ − rᵀ v⁺ + Σ_i hF0 |v⁺_i|   subject to v⁺_i ≥ 0 on the active stops,
 *
 * a strictly convex problem whose optimality conditions are exactly the
 * step above (the friction box is the subdifferential of hF0|v|).  W is
 * tridiagonal, so one Gauss–Seidel update of mass i — friction and stop of
 * the mass as one block — is a soft threshold and a clamp at zero, in
 * closed form; the sweeps start from v (the previous step's v⁺, as Luztar
 * warm-starts its impulses) and stop when no velocity moved by more than
 * the tolerance times the model's speed scale (Luztar's criterion:
 * lcp_tolerance 1e-12 of V = L/T, L = 0.2 m the stop's limit, T = √(m/k)
 * = 0.1 s, as lz_scales_of_model() computes them for B4).  The unique v⁺
 * is the same as Luztar's to that tolerance; only the impulses' split
 * between friction and stop on a held mass is not unique (and not needed).
 *
 * Everything is O(N) per step: three tridiagonal products for the
 * right-hand side and the sweeps.  The program counts its floating-point
 * operations (additions, multiplications, divisions; not comparisons) per
 * mass and step from the work it did, and reports the loop's wall and CPU
 * time and the final state of mass N.  No core dependency: it checks
 * Luztar, it does not use it.
 *
 * Usage: b4-reference [--t-end T] [--dt H] [--theta TH] [--tol TOL] N
 */

/* clock_gettime() when built by hand with -std=c11 (the build defines
 * _GNU_SOURCE) */
#ifndef _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* B4's parameters (bench/gen-chain.py) */
#define B4_MASS 1.0          /* kg, every mass */
#define B4_K 100.0           /* N/m, the wall's and the neighbours' springs */
#define B4_C 0.1             /* N·s/m, the neighbours' dampers */
#define B4_FRICTION 0.5      /* N, Coulomb friction of every mass */
#define B4_STOP (-0.2)       /* m, every mass's lower stop */
#define B4_FORCE 5.0         /* N, the amplitude of the force on mass N … */
#define B4_OMEGA 2.0         /* rad/s, … and its angular frequency */

/* Sweeps before the step is declared unsolved (Luztar's lcp_max_sweeps). */
#define MAX_SWEEPS 5000

/* Floating-point operations per mass, counted from the loops below. */
#define FLOPS_RHS 12         /* A v, B q (5 each), r = v − A v − B q */
#define FLOPS_ACTIVE 2       /* q + h/2·v ≤ limit */
#define FLOPS_SWEEP 6        /* v_{i−1} + v_{i+1}, ·w, r − ·, ∓hF0, ·1/W_ii, |Δv| */
#define FLOPS_UPDATE 4       /* q += hθ v⁺ + h(1−θ) v */

typedef struct
{
  int     n;
  double  h, theta, t_end, tol;
  double *block;             /* the vectors below, in one allocation */
  double *q, *v, *vn, *r;    /* state; v⁺ being solved; right-hand side */
  double *a_d, *b_d;         /* diagonals of A = h(1−θ)C + h²θ(1−θ)K, B = hK */
  double  a_o, b_o;          /* their off-diagonals (the same on every pair) */
  double *w_inv;             /* 1 / W_ii */
  double  w_o;               /* W's off-diagonal */
  unsigned char *active;     /* the stop of mass i is active in this step */
} Chain;

static double
now (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* The tridiagonal K, C (only their diagonals differ from mass to mass)
 * and from them A, B and W; the vectors in one block of 7 N doubles. */
static void
chain_init (Chain *ch)
{
  int n = ch->n;
  double h = ch->h, th = ch->theta;
  double *block = calloc ((size_t) n * 7, sizeof (double));

  ch->active = calloc ((size_t) n, 1);
  if (block == NULL || ch->active == NULL)
    {
      fprintf (stderr, "b4-reference: out of memory for N = %d\n", n);
      exit (2);
    }
  ch->block = block;
  ch->q = block;
  ch->v = block + n;
  ch->vn = block + 2 * n;
  ch->r = block + 3 * n;
  ch->a_d = block + 4 * n;
  ch->b_d = block + 5 * n;
  ch->w_inv = block + 6 * n;
  for (int i = 0; i < n; i++)
    {
      /* the wall's spring on mass 1; a spring and a damper per neighbour */
      int neighbours = (i > 0) + (i < n - 1);
      double k = B4_K * (neighbours + (i == 0)), c = B4_C * neighbours;

      ch->a_d[i] = h * (1 - th) * c + h * h * th * (1 - th) * k;
      ch->b_d[i] = h * k;
      ch->w_inv[i] = 1.0 / (B4_MASS + h * th * c + h * h * th * th * k);
    }
  ch->a_o = -(h * (1 - th) * B4_C + h * h * th * (1 - th) * B4_K);
  ch->b_o = -h * B4_K;
  ch->w_o = -(h * th * B4_C + h * h * th * th * B4_K);
}

/* r = M v − A v − B q + h f_θ, and which stops are active */
static void
free_part (Chain  *ch,
           double  t,
           double  t1)
{
  const double *q = ch->q, *v = ch->v;
  double lim = B4_STOP, half_h = 0.5 * ch->h, th = ch->theta;
  int n = ch->n;

  for (int i = 0; i < n; i++)
    {
      double av = ch->a_d[i] * v[i], bq = ch->b_d[i] * q[i];

      if (i > 0)
        av += ch->a_o * v[i - 1], bq += ch->b_o * q[i - 1];
      if (i < n - 1)
        av += ch->a_o * v[i + 1], bq += ch->b_o * q[i + 1];
      ch->r[i] = B4_MASS * v[i] - av - bq;
      ch->active[i] = q[i] + half_h * v[i] <= lim;
    }
  ch->r[n - 1] += ch->h * (th * B4_FORCE * sin (B4_OMEGA * t1)
                           + (1 - th) * B4_FORCE * sin (B4_OMEGA * t));
}

/* One Gauss–Seidel sweep over the masses; returns the largest change of
 * a velocity. */
static double
sweep (Chain *ch)
{
  double *vn = ch->vn, hf = ch->h * B4_FRICTION, change = 0.0;
  int n = ch->n;

  for (int i = 0; i < n; i++)
    {
      double s = ch->r[i] - ch->w_o * ((i > 0 ? vn[i - 1] : 0.0) + (i < n - 1 ? vn[i + 1] : 0.0));
      /* the friction's relay: stuck while |s| ≤ hF0, else sliding against s */
      double x = s > hf ? s - hf : s < -hf ? s + hf : 0.0;

      x *= ch->w_inv[i];
      if (ch->active[i] && x < 0)
        x = 0.0;                       /* the stop holds: v⁺ ≥ 0 */
      change = fmax (change, fabs (x - vn[i]));
      vn[i] = x;
    }
  return change;
}

/* The run; returns the number of sweeps, or −1 when a step did not
 * converge. */
static long
run (Chain *ch,
     double speed,
     int   *max_sweeps)
{
  long steps = lround (ch->t_end / ch->h), total = 0;
  double h = ch->h, th = ch->theta;

  *max_sweeps = 0;
  for (long k = 0; k < steps; k++)
    {
      /* k·h, as Luztar's time grid: no running sum */
      double t = (double) k * h, t1 = (double) (k + 1) * h, *swap;
      int s = 0;

      free_part (ch, t, t1);
      memcpy (ch->vn, ch->v, (size_t) ch->n * sizeof (double));
      do
        if (++s > MAX_SWEEPS)
          {
            fprintf (stderr, "b4-reference: the step at t = %.10g s did not converge\n", t);
            return -1;
          }
      while (sweep (ch) > ch->tol * speed);
      total += s;
      if (s > *max_sweeps)
        *max_sweeps = s;
      for (int i = 0; i < ch->n; i++)
        ch->q[i] += h * th * ch->vn[i] + h * (1 - th) * ch->v[i];
      swap = ch->v;
      ch->v = ch->vn;
      ch->vn = swap;
    }
  return total;
}

static int
usage (void)
{
  fprintf (stderr, "usage: b4-reference [--t-end T] [--dt H] [--theta TH] [--tol TOL] N\n");
  return 1;
}

int
main (int   argc,
      char *argv[])
{
  Chain ch = { .n = 0, .h = 1e-3, .theta = 0.5, .t_end = 10.0, .tol = 1e-12 };
  double wall, cpu, flops, speed;
  long sweeps, steps;
  int max_sweeps;
  struct rusage ru;

  for (int a = 1; a < argc; a++)
    {
      double *opt = NULL;

      if (strcmp (argv[a], "--t-end") == 0)
        opt = &ch.t_end;
      else if (strcmp (argv[a], "--dt") == 0)
        opt = &ch.h;
      else if (strcmp (argv[a], "--theta") == 0)
        opt = &ch.theta;
      else if (strcmp (argv[a], "--tol") == 0)
        opt = &ch.tol;
      else if (ch.n == 0 && argv[a][0] != '-')
        {
          ch.n = atoi (argv[a]);
          continue;
        }
      if (opt == NULL || a + 1 >= argc)
        return usage ();
      *opt = strtod (argv[++a], NULL);
    }
  if (ch.n < 1 || !(ch.h > 0) || !(ch.t_end > 0) || !(ch.theta >= 0.5 && ch.theta <= 1)
      || !(ch.tol > 0))
    return usage ();

  /* V = L/T: L the stop's limit (larger than the force's F/k), T = √(m/k) */
  speed = fmax (fabs (B4_STOP), B4_FORCE / B4_K) / sqrt (B4_MASS / B4_K);
  chain_init (&ch);
  wall = now (CLOCK_MONOTONIC);
  cpu = now (CLOCK_PROCESS_CPUTIME_ID);
  sweeps = run (&ch, speed, &max_sweeps);
  cpu = now (CLOCK_PROCESS_CPUTIME_ID) - cpu;
  wall = now (CLOCK_MONOTONIC) - wall;
  if (sweeps < 0)
    return 2;
  steps = lround (ch.t_end / ch.h);
  flops = (double) ch.n * ((double) steps * (FLOPS_RHS + FLOPS_ACTIVE + FLOPS_UPDATE)
                           + (double) sweeps * FLOPS_SWEEP);
  getrusage (RUSAGE_SELF, &ru);

  printf ("b4-reference: N = %d, h = %g s, θ = %g, t = 0 … %g s, steps: %ld\n",
          ch.n, ch.h, ch.theta, ch.t_end, steps);
  printf ("sweeps: %.2f per step (largest %d), tolerance %g of V = %g m/s\n",
          (double) sweeps / (double) steps, max_sweeps, ch.tol, speed);
  printf ("loop: wall %.6f s, CPU %.6f s, %.1f flops per mass and step, %.3g flop/s\n",
          wall, cpu, flops / ((double) ch.n * (double) steps), cpu > 0 ? flops / cpu : 0.0);
  printf ("qN = %.17g, vN = %.17g\n", ch.q[ch.n - 1], ch.v[ch.n - 1]);
  printf ("qN(%g) = %.10f, vN(%g) = %.10f\n", ch.t_end, ch.q[ch.n - 1], ch.t_end, ch.v[ch.n - 1]);
  printf ("peak memory: %.1f MB\n", (double) ru.ru_maxrss / 1024.0);
  free (ch.block);
  free (ch.active);
  return 0;
}
