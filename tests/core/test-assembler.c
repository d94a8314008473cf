/* test-assembler.c — M, C, K, f, W, the pairs and the LCS against the papers
 * and against a direct evaluation of the element laws
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The random test builds models through the editing API, picks a state, a
 * time and the contact forces, and computes the accelerations directly
 * from each element's law (spring k·luz(g − ℓ0, Δ), damper c·ġ, Coulomb
 * friction at ġ ≠ 0, stops with the given forces).  The assembled
 * M q̈ + C q̇ + K q = f(t) + Wᵀλ and the LCS ẋ = A x + B u + e(t) with the
 * inputs u of docs/mathematics.md must give the same accelerations, and the pairs
 * y = C x + D u + d(t) must be complementary.  The seed is printed.
 */

#include "config.h"

#include <math.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "test-util.h"

static void
assert_matrix (const gsl_matrix *X,
               guint             rows,
               guint             cols,
               const double     *expected)
{
  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < cols; j++)
      {
        if (gsl_matrix_get (X, i, j) != expected[i * cols + j])
          g_error ("entry (%u, %u) is %.17g, expected %.17g", i, j,
                   gsl_matrix_get (X, i, j), expected[i * cols + j]);
      }
}

/* Paper 004, eq. (4.20): the two carts with a stop, all constants 1. */
static void
test_assembler_two_carts (void)
{
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  static const double A[] = { 0, 0, 1, 0,
                              0, 0, 0, 1,
                              -2, 1, 0, 0,
                              1, -1, 0, 0 };
  static const double B[] = { 0, 0, 1, 0 };
  static const double C[] = { 1, 0, 0, 0 };
  static const double K[] = { 2, -1, -1, 1 };
  static const double D[] = { 0 };
  g_autoptr(gsl_vector) e = gsl_vector_alloc (4);
  g_autoptr(gsl_vector) d = gsl_vector_alloc (1);
  const LzPair *pair;

  g_assert_no_error (error);
  g_assert_cmpuint (lz_assembly_get_n_dofs (as), ==, 2);
  g_assert_cmpstr (lz_assembly_get_dof_name (as, 0), ==, "cart1");
  assert_matrix (lz_assembly_get_K (as), 2, 2, K);
  g_assert_true (lz_assembly_has_lcs (as));
  assert_matrix (lz_assembly_get_lcs_A (as), 4, 4, A);
  assert_matrix (lz_assembly_get_lcs_B (as), 4, 1, B);
  assert_matrix (lz_assembly_get_lcs_C (as), 1, 4, C);
  assert_matrix (lz_assembly_get_lcs_D (as), 1, 1, D);
  lz_assembly_eval_lcs_affine (as, 1.5, e, d);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (gsl_vector_get (e, i), ==, 0.0);
  g_assert_cmpfloat (gsl_vector_get (d, 0), ==, 0.0);

  g_assert_cmpuint (lz_assembly_get_n_pairs (as), ==, 1);
  pair = lz_assembly_get_pair (as, 0);
  g_assert_cmpstr (pair->element, ==, "s1");
  g_assert_cmpstr (pair->side, ==, "lower");
  g_assert_cmpint (pair->kind, ==, LZ_PAIR_STOP_LOWER);
}

/* Benchmark B1: the friction pair construction of paper 004 (2.12)–(2.14). */
static void
test_assembler_friction_oscillator (void)
{
  g_autoptr(LzModel) model = load ("data/examples/friction-oscillator.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  static const double D[] = { 0, -1, 1, 0 };
  static const double B[] = { 0, 0, 0, -1 };
  static const double C[] = { 0, 0, 0, -1 };
  g_autoptr(gsl_vector) f = gsl_vector_alloc (1);
  g_autoptr(gsl_vector) e = gsl_vector_alloc (2);
  g_autoptr(gsl_vector) d = gsl_vector_alloc (2);
  g_autofree char *equation = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (lz_assembly_get_n_pairs (as), ==, 2);
  g_assert_cmpstr (lz_assembly_get_pair (as, 0)->side, ==, "slip+");
  g_assert_cmpstr (lz_assembly_get_pair (as, 1)->side, ==, "slip-");
  assert_matrix (lz_assembly_get_lcs_D (as), 2, 2, D);
  assert_matrix (lz_assembly_get_lcs_B (as), 2, 2, B);
  assert_matrix (lz_assembly_get_lcs_C (as), 2, 2, C);
  lz_assembly_eval_f (as, 3.0, f);
  g_assert_cmpfloat (gsl_vector_get (f, 0), ==, sin (1.5));
  lz_assembly_eval_lcs_affine (as, 3.0, e, d);
  g_assert_cmpfloat_with_epsilon (gsl_vector_get (e, 1), sin (1.5) + 0.6, 1e-15);
  g_assert_cmpfloat (gsl_vector_get (d, 0), ==, 1.2);
  g_assert_cmpfloat (gsl_vector_get (d, 1), ==, 0.0);
  g_assert_cmpstr (lz_assembly_get_f_text (as, 0), ==, "sin(0.5*t)");

  equation = lz_assembly_dup_equation (as, 0);
  g_assert_cmpstr (equation, ==, "1·q̈_m1 ∈ sin(0.5·t) − 1·q_m1 − 0.6·Sgn(q̇_m1)");
}

/* A moving ground enters f(t) through springs and dampers, and the pairs'
 * d(t) through g0(t); a massless body leaves no LCS. */
static void
test_assembler_moving_ground_and_singular (void)
{
  g_autoptr(LzModel) model = load ("tests/data/models/massless-joint.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_false (lz_assembly_has_lcs (as));
  g_assert_null (lz_assembly_get_lcs_A (as));
  g_assert_cmpuint (lz_assembly_get_n_nonsmooth (as), ==, 2);   /* k1 (freeplay), f */
  g_assert_cmpfloat (gsl_matrix_get (lz_assembly_get_C (as), 1, 1), ==, 0.5);  /* viscous part */
  /* f of the node: −c·w·ġ0 with g0 = −0.01 sin(2πt) on port a, w = 1 */
  g_assert_cmpstr (lz_assembly_get_f_text (as, 1), ==, "0.01*pi*cos(2*pi*t)");
  text = lz_assembly_to_text (as);
  g_assert_nonnull (strstr (text, "M is singular (no mass or inertia: node)"));
}

/* Paper 002, Example 5.1: the vibration absorber with two massless joints.
 * The paper's M, C, K and f(t), evaluated with its data table (m = 25,
 * k1 = 25·10⁴, k2 = 10·10⁴, c1 = 2500, c2 = 2000, E0 = 50, ω0 = 10π;
 * g = 9.81), entry by entry; q = (q1, q2, q3). */
static void
test_assembler_paper002_ex51 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex51-absorber.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  const double m = 25, k1 = 25e4, k2 = 10e4, c1 = 2500, c2 = 2000, E0 = 50, w0 = 10 * G_PI;
  const double g = 9.81;
  const double M[] = { 0, 0, 0,
                       0, 0, 0,
                       0, 0, m };
  const double C[] = { 0, 0, 0,
                       0, c1 + c2, -c2,
                       0, -c2, c2 };
  const double K[] = { k1 + k2, 0, -k2,
                       0, 0, 0,
                       -k2, 0, k2 };
  g_autoptr(gsl_vector) f = gsl_vector_alloc (3);
  g_autofree char *eq = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (lz_assembly_get_n_dofs (as), ==, 3);
  assert_matrix (lz_assembly_get_M (as), 3, 3, M);
  assert_matrix (lz_assembly_get_C (as), 3, 3, C);
  assert_matrix (lz_assembly_get_K (as), 3, 3, K);
  for (double t = 0; t < 1; t += 0.0137)
    {
      lz_assembly_eval_f (as, t, f);
      g_assert_cmpfloat (gsl_vector_get (f, 0), ==, 0);
      g_assert_cmpfloat (gsl_vector_get (f, 1), ==, 0);
      g_assert_cmpfloat_with_epsilon (gsl_vector_get (f, 2), E0 * sin (w0 * t) - m * g, 1e-12);
    }
  g_assert_false (lz_assembly_has_lcs (as));
  /* τ ∈ Γ(−q̇3): −a = −29.43 for q̇3 > 0, b = 22.075 for q̇3 < 0 */
  g_assert_cmpuint (lz_assembly_get_n_nonsmooth (as), ==, 1);
  eq = lz_assembly_dup_equation (as, 2);
  g_assert_nonnull (strstr (eq, "Sgn[−22.075, 29.43](q̇_"));
}

/* Paper 002, Example 5.3: the vehicle with the driver's spine, 7 dofs of
 * which 4 massless, with the data of the first table. */
static void
test_assembler_paper002_ex53 (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper002-ex53-vehicle.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  const double Mv = 1460, m = 35, B = 25, k1 = 95e5, k2 = 20e5, k3 = 15e5, k4 = 1e6;
  const double c1 = 21700, c2 = 20000, c3 = 15000, c4 = 10000, g = 9.81;
  const double M[] = {
    m, 0, 0, 0, 0, 0, 0,
    0, Mv, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, B };
  const double C[] = {
    c1, -c1, 0, 0, 0, 0, 0,
    -c1, c1 + c2, 0, -c2, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, -c2, 0, c2 + c3, 0, -c3, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, -c3, 0, c3 + c4, -c4,
    0, 0, 0, 0, 0, -c4, c4 };
  const double K[] = {
    k1, -k1, 0, 0, 0, 0, 0,
    -k1, k1 + k2, -k2, 0, 0, 0, 0,
    0, -k2, k2 + k3, 0, -k3, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, -k3, 0, k3 + k4, 0, -k4,
    0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, -k4, 0, k4 };
  const double f_paper[] = { -m * g, -Mv * g, 0, 0, 0, 0, -B * g };
  g_autoptr(gsl_vector) f = gsl_vector_alloc (7);

  g_assert_no_error (error);
  g_assert_cmpuint (lz_assembly_get_n_dofs (as), ==, 7);
  assert_matrix (lz_assembly_get_M (as), 7, 7, M);
  assert_matrix (lz_assembly_get_C (as), 7, 7, C);
  assert_matrix (lz_assembly_get_K (as), 7, 7, K);
  lz_assembly_eval_f (as, 0.25, f);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpfloat_with_epsilon (gsl_vector_get (f, i), f_paper[i], 1e-9);
  /* the tyre–road contact q1 ≥ h(t): one stop pair on the tyre */
  g_assert_cmpuint (lz_assembly_get_n_pairs (as), ==, 1);
  g_assert_cmpint (lz_assembly_get_pair (as, 0)->kind, ==, LZ_PAIR_STOP_LOWER);
  g_assert_cmpfloat (gsl_matrix_get (lz_assembly_get_W (as), 0, 0), ==, 1);
}

/* The accelerations of the LCS ẋ = A x + B u + e(t) at a state where
 * every friction element slips (ġ ≠ 0) and no stop pushes, with the
 * inputs u taken from the element laws: ξ1 = max(ġ, 0), F0⁻ + F for
 * friction, p = max(s − Δ, 0), m = max(−s − Δ, 0) for freeplay. */
static void
lcs_accelerations (const LzAssembly *as,
                   const double     *q,
                   const double     *v,
                   double            t,
                   double           *acc)
{
  guint n = lz_assembly_get_n_dofs (as), np = lz_assembly_get_n_pairs (as);
  const gsl_matrix *W = lz_assembly_get_W (as);
  g_autoptr(gsl_vector) x = gsl_vector_alloc (2 * n);
  g_autoptr(gsl_vector) xdot = gsl_vector_alloc (2 * n);
  g_autoptr(gsl_vector) u = gsl_vector_calloc (MAX (np, 1));

  for (guint i = 0; i < n; i++)
    {
      gsl_vector_set (x, i, q[i]);
      gsl_vector_set (x, n + i, v[i]);
    }
  for (guint p = 0; p < np; p++)
    {
      const LzPair *pair = lz_assembly_get_pair (as, p);
      const LzElement *el = lz_assembly_get_nonsmooth_element (as, pair->row);
      double g = 0, gdot = 0, g0, g0dot, value = 0;

      lz_assembly_eval_g0 (as, pair->row, t, &g0, &g0dot);
      for (guint i = 0; i < n; i++)
        {
          g += gsl_matrix_get (W, pair->row, i) * q[i];
          gdot += gsl_matrix_get (W, pair->row, i) * v[i];
        }
      g += g0;
      gdot += g0dot;
      switch (pair->kind)
        {
        case LZ_PAIR_FRICTION_POS:
          value = MAX (gdot, 0);
          break;
        case LZ_PAIR_FRICTION_NEG:
          value = gdot > 0 ? el->friction.level_neg + el->friction.level_pos : 0;
          break;
        case LZ_PAIR_FREEPLAY_POS:
        case LZ_PAIR_FREEPLAY_NEG:
          {
            gboolean gear = el->item.kind == LZ_ITEM_GEAR;
            double fp = gear ? el->gear.freeplay : el->spring.freeplay;
            double s = g - (gear ? 0 : el->spring.offset);

            value = pair->kind == LZ_PAIR_FREEPLAY_POS ? MAX (s - fp, 0) : MAX (-s - fp, 0);
            break;
          }
        case LZ_PAIR_STOP_LOWER:
        case LZ_PAIR_STOP_UPPER:
        case LZ_PAIR_CONTACT_LOWER:   /* (not in these models) */
        case LZ_PAIR_CONTACT_UPPER:
        default:
          value = 0;
          break;
        }
      gsl_vector_set (u, p, value);
    }
  lz_assembly_eval_lcs_affine (as, t, xdot, NULL);
  gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_A (as), x, 1.0, xdot);
  if (np > 0)
    gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_B (as), u, 1.0, xdot);
  for (guint i = 0; i < n; i++)
    acc[i] = gsl_vector_get (xdot, n + i);
}

static double
sgn (double x)
{
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* Paper 003, §4.1: the primary redundant model of the gear train of
 * Fig. 10, written in the paper's notation with p = r_γ/r_δ,
 * k_δγ = r_δ²K and (δ − pγ)₀ = l₀/r_δ, against the assembled system at
 * random states (all four bearings slipping). */
static void
test_assembler_paper003_gear_train (void)
{
  g_autoptr(LzModel) model = load ("data/examples/paper003-gear-train.luztar");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  const double I_psi = 0.02, I_delta = 1e-4, I_gamma = 2e-3, I_phi = 0.5;
  const double k_psidelta = 200, fp_psidelta = 0.01, k_gammaphi = 1000, fp_gammaphi = 0.005;
  const double r_delta = 0.02, r_gamma = 0.06, K = 1e6, l0 = 1e-4;
  const double p = r_gamma / r_delta, k_deltagamma = r_delta * r_delta * K, fp_mesh = l0 / r_delta;
  const double mu[] = { 0.002, 0.0005, 0.001, 0.02 }, MT0[] = { 0.05, 0.01, 0.02, 0.2 };

  g_assert_no_error (error);
  g_assert_true (lz_assembly_has_lcs (as));
  /* the rigid gear: δ = pγ; the sign convention γ = −α₂ of §2.2 */
  g_assert_cmpstr (lz_assembly_get_nonsmooth_id (as, 1), ==, "mesh");
  g_assert_cmpfloat_with_epsilon (gsl_matrix_get (lz_assembly_get_W (as), 1, 1)
                                  / gsl_matrix_get (lz_assembly_get_W (as), 1, 2), -1 / p, 1e-15);

  for (int k = 0; k < 2000; k++)
    {
      double q[4], v[4], acc[4], expected[4], t = g_test_rand_double_range (0, 6);
      double M_psi = 1.5 * cos (G_PI * t), M_phi = -40 * exp (-pow ((t - 3) / 0.02, 2));
      double L1, L2, L3;

      for (int i = 0; i < 4; i++)
        {
          q[i] = g_test_rand_double_range (-0.05, 0.05);
          v[i] = g_test_rand_double_range (-2, 2);
        }
      /* ψ, δ, γ, φ */
      L1 = k_psidelta * lz_luz (q[0] - q[1], fp_psidelta);
      L2 = k_deltagamma * lz_luz (q[1] - p * q[2], fp_mesh);
      L3 = k_gammaphi * lz_luz (q[2] - q[3], fp_gammaphi);
      expected[0] = (M_psi - mu[0] * v[0] - MT0[0] * sgn (v[0]) - L1) / I_psi;
      expected[1] = (-mu[1] * v[1] - MT0[1] * sgn (v[1]) + L1 - L2) / I_delta;
      expected[2] = (-mu[2] * v[2] - MT0[2] * sgn (v[2]) + p * L2 - L3) / I_gamma;
      expected[3] = (M_phi - mu[3] * v[3] - MT0[3] * sgn (v[3]) + L3) / I_phi;
      lcs_accelerations (as, q, v, t, acc);
      for (int i = 0; i < 4; i++)
        if (fabs (acc[i] - expected[i]) > 1e-9 * (1 + fabs (expected[i])))
          g_error ("dof %d at t = %g: assembled %.17g, paper 003 %.17g", i, t, acc[i], expected[i]);
    }
}

/* ------------------------------------------------------------------------ */

typedef struct
{
  double q, v;       /* state of a body, or motion of a ground */
} PortState;

static const char *motions[] = { "0.1*sin(2*t)", "0.2*t", "0.05*t^2 - 0.1", "0.3*cos(t)*exp(-t)" };

static double
rand_coef (void)
{
  double c = g_test_rand_double_range (0.2, 3.0);

  return g_test_rand_bit () ? c : -c;
}

static void
check_random_model (guint n_bodies,
                    gboolean with_massless)
{
  g_autoptr(LzModel) model = lz_model_new ("random");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = NULL;
  guint n_grounds = g_test_rand_int_range (1, 3);
  guint n_elements = g_test_rand_int_range (1, 12);
  g_autoptr(GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *mass = g_new0 (double, n_bodies);
  g_autofree double *q = g_new0 (double, n_bodies);
  g_autofree double *v = g_new0 (double, n_bodies);
  g_autofree double *force = g_new0 (double, n_bodies);   /* Σ −T·w + sources */
  g_autofree double *force_smooth = g_new0 (double, n_bodies);
  double t = g_test_rand_double_range (0, 10);
  g_autoptr(GArray) u_direct = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) lambda_direct = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) y_stop = g_array_new (FALSE, FALSE, sizeof (double));
  guint n, np;

  for (guint i = 0; i < n_grounds; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);

      lz_model_add_ground (model, id, &error);
      g_assert_no_error (error);
      if (g_test_rand_bit ())
        {
          lz_model_set_parameter_string (model, id, "motion",
                                         motions[g_test_rand_int_range (0, G_N_ELEMENTS (motions))],
                                         &error);
          g_assert_no_error (error);
        }
      g_ptr_array_add (ports, g_steal_pointer (&id));
    }
  for (guint i = 0; i < n_bodies; i++)
    {
      g_autofree char *id = g_strdup_printf ("b%u", i);
      LzBodyKind kind = g_test_rand_bit () ? LZ_BODY_TRANSLATIONAL : LZ_BODY_ROTATIONAL;

      mass[i] = with_massless && i == 0 ? 0.0 : g_test_rand_double_range (0.1, 5);
      lz_model_add_body (model, id, kind, mass[i], &error);
      g_assert_no_error (error);
      q[i] = g_test_rand_double_range (-1, 1);
      v[i] = g_test_rand_double_range (-1, 1);
      /* every body gets a spring to the first ground: a path to stiffness */
      {
        g_autofree char *sid = g_strdup_printf ("tie%u", i);

        lz_model_add_element (model, LZ_ITEM_SPRING, sid, "g0", id, &error);
        g_assert_no_error (error);
        lz_model_set_parameter (model, sid, "k", g_test_rand_double_range (0.5, 20), &error);
        g_assert_no_error (error);
      }
      g_ptr_array_add (ports, g_steal_pointer (&id));
    }

  for (guint e = 0; e < n_elements; e++)
    {
      static const LzItemKind kinds[] = { LZ_ITEM_SPRING, LZ_ITEM_DAMPER, LZ_ITEM_FRICTION,
                                          LZ_ITEM_STOP, LZ_ITEM_GEAR };
      LzItemKind kind = kinds[g_test_rand_int_range (0, G_N_ELEMENTS (kinds))];
      g_autofree char *id = g_strdup_printf ("e%u", e);
      guint a, b;

      do
        {
          a = g_test_rand_int_range (0, ports->len);
          b = g_test_rand_int_range (0, ports->len);
        }
      while (a == b || (a < n_grounds && b < n_grounds));

      if (kind == LZ_ITEM_GEAR)
        {
          /* gears mesh rotational bodies */
          const LzBody *ba = lz_model_lookup_body (model, g_ptr_array_index (ports, a));
          const LzBody *bb = lz_model_lookup_body (model, g_ptr_array_index (ports, b));

          if (ba == NULL || bb == NULL || ba->kind != LZ_BODY_ROTATIONAL
              || bb->kind != LZ_BODY_ROTATIONAL)
            kind = LZ_ITEM_SPRING;
        }
      lz_model_add_element (model, kind, id, g_ptr_array_index (ports, a),
                            g_ptr_array_index (ports, b), &error);
      g_assert_no_error (error);

#define SET(name, value) G_STMT_START { \
        lz_model_set_parameter (model, id, name, value, &error); \
        g_assert_no_error (error); } G_STMT_END

      if (kind != LZ_ITEM_GEAR)
        {
          SET ("ca", rand_coef ());
          SET ("cb", rand_coef ());
        }
      switch (kind)
        {
        case LZ_ITEM_SPRING:
          SET ("k", g_test_rand_double_range (0.5, 50));
          SET ("freeplay", g_test_rand_bit () ? 0.0 : g_test_rand_double_range (0.01, 0.5));
          SET ("offset", g_test_rand_double_range (-0.3, 0.3));
          break;
        case LZ_ITEM_DAMPER:
          SET ("c", g_test_rand_double_range (0, 3));
          break;
        case LZ_ITEM_FRICTION:
          SET ("level-pos", g_test_rand_double_range (0, 2));
          SET ("level-neg", g_test_rand_double_range (0, 2));
          SET ("viscous", g_test_rand_bit () ? 0.0 : g_test_rand_double_range (0, 1));
          break;
        case LZ_ITEM_STOP:
          if (g_test_rand_int_range (0, 3) != 0)
            SET ("lower", g_test_rand_double_range (-1, 0));
          if (g_test_rand_int_range (0, 3) != 0)
            SET ("upper", g_test_rand_double_range (0, 1));
          break;
        case LZ_ITEM_GEAR:
          SET ("ra", g_test_rand_double_range (0.01, 0.2));
          SET ("rb", g_test_rand_double_range (0.01, 0.2));
          SET ("stiffness", g_test_rand_double_range (10, 1e4));
          SET ("freeplay", g_test_rand_bit () ? 0.0 : g_test_rand_double_range (1e-4, 1e-2));
          break;
        case LZ_ITEM_CONTACT:   /* (not drawn: the CLI tests check them) */
        case LZ_ITEM_BACKLASH:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          g_assert_not_reached ();
        }
#undef SET
    }
  if (g_test_rand_bit ())
    {
      lz_model_add_source (model, LZ_ITEM_FORCE, "F", "b0", "2*sin(3*t) + 1", &error);
      g_assert_no_error (error);
    }

  as = lz_assembly_new (model, &error);
  g_assert_no_error (error);
  n = lz_assembly_get_n_dofs (as);
  np = lz_assembly_get_n_pairs (as);
  g_assert_cmpuint (n, ==, n_bodies);
  g_assert_cmpuint (np, ==, lz_model_count_pairs (model));
  g_assert_cmpint (lz_assembly_has_lcs (as), ==, !with_massless);

  /* Direct evaluation of every element law. */
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *source = lz_model_get_source (model, s);
      int i = lz_model_get_body_index (model, source->body);

      force[i] += lz_expr_eval (source->value, t);
      force_smooth[i] += lz_expr_eval (source->value, t);
    }
  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      PortState pa = { 0, 0 }, pb = { 0, 0 };
      const LzGround *ground;
      double ca, cb, g, gdot, T = 0, T_smooth = 0;
      int ia = lz_model_get_body_index (model, el->a);
      int ib = lz_model_get_body_index (model, el->b);

      lz_element_get_coefficients (el, &ca, &cb);
      if (ia >= 0)
        pa = (PortState) { q[ia], v[ia] };
      else if ((ground = lz_model_lookup_ground (model, el->a))->motion != NULL)
        pa = (PortState) { lz_expr_eval (ground->motion, t), lz_expr_eval_d1 (ground->motion, t) };
      if (ib >= 0)
        pb = (PortState) { q[ib], v[ib] };
      else if ((ground = lz_model_lookup_ground (model, el->b))->motion != NULL)
        pb = (PortState) { lz_expr_eval (ground->motion, t), lz_expr_eval_d1 (ground->motion, t) };
      g = cb * pb.q - ca * pa.q;
      gdot = cb * pb.v - ca * pa.v;

      switch (el->item.kind)
        {
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GEAR:
          {
            double k = el->item.kind == LZ_ITEM_GEAR ? el->gear.stiffness : el->spring.k;
            double fp = el->item.kind == LZ_ITEM_GEAR ? el->gear.freeplay : el->spring.freeplay;
            double l0 = el->item.kind == LZ_ITEM_GEAR ? 0.0 : el->spring.offset;
            double s = g - l0;

            T = k * lz_luz (s, fp);
            if (fp == 0)
              T_smooth = T;
            else
              {
                double p = MAX (s - fp, 0), m = MAX (-s - fp, 0);

                g_array_append_val (u_direct, p);
                g_array_append_val (u_direct, m);
                g_array_append_vals (lambda_direct, (double[]) { -T }, 1);
              }
            break;
          }
        case LZ_ITEM_DAMPER:
          T = T_smooth = el->damper.c * gdot;
          break;
        case LZ_ITEM_FRICTION:
          {
            double F = gdot > 0 ? el->friction.level_pos : -el->friction.level_neg;
            double xi1 = MAX (gdot, 0), u2 = el->friction.level_neg + F;

            T_smooth = el->friction.viscous * gdot;
            T = T_smooth + F;
            g_array_append_val (u_direct, xi1);
            g_array_append_val (u_direct, u2);
            g_array_append_vals (lambda_direct, (double[]) { -F }, 1);
            break;
          }
        case LZ_ITEM_STOP:
          {
            double lo = 0, hi = 0;

            if (isfinite (el->stop.lower))
              {
                lo = g_test_rand_double_range (0, 3);
                g_array_append_val (u_direct, lo);
                g_array_append_vals (y_stop, (double[]) { g - el->stop.lower }, 1);
              }
            if (isfinite (el->stop.upper))
              {
                hi = g_test_rand_double_range (0, 3);
                g_array_append_val (u_direct, hi);
                g_array_append_vals (y_stop, (double[]) { el->stop.upper - g }, 1);
              }
            T = hi - lo;
            if (lz_element_count_pairs (el) > 0)
              g_array_append_vals (lambda_direct, (double[]) { lo - hi }, 1);
            break;
          }
        case LZ_ITEM_CONTACT:   /* (not drawn: the CLI tests check them) */
        case LZ_ITEM_BACKLASH:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          g_assert_not_reached ();
        }
      if (ia >= 0)
        {
          force[ia] += ca * T;
          force_smooth[ia] += ca * T_smooth;
        }
      if (ib >= 0)
        {
          force[ib] -= cb * T;
          force_smooth[ib] -= cb * T_smooth;
        }
    }
  g_assert_cmpuint (u_direct->len, ==, np);
  g_assert_cmpuint (lambda_direct->len, ==, lz_assembly_get_n_nonsmooth (as));

  /* M q̈ + C q̇ + K q = f(t) + Wᵀλ: with q̈ = 0, residual of the smooth
   * part and of the whole. */
  {
    g_autoptr(gsl_vector) f = gsl_vector_alloc (n);
    const gsl_matrix *C = lz_assembly_get_C (as), *K = lz_assembly_get_K (as);
    const gsl_matrix *W = lz_assembly_get_W (as);

    lz_assembly_eval_f (as, t, f);
    for (guint i = 0; i < n; i++)
      {
        double smooth = gsl_vector_get (f, i), total;

        for (guint j = 0; j < n; j++)
          smooth -= gsl_matrix_get (C, i, j) * v[j] + gsl_matrix_get (K, i, j) * q[j];
        total = smooth;
        for (guint r = 0; r < lambda_direct->len; r++)
          total += gsl_matrix_get (W, r, i) * g_array_index (lambda_direct, double, r);
        g_assert_cmpfloat_with_epsilon (smooth, force_smooth[i], 1e-9 * (1 + fabs (force_smooth[i])));
        g_assert_cmpfloat_with_epsilon (total, force[i], 1e-9 * (1 + fabs (force[i])));
      }
  }

  if (!lz_assembly_has_lcs (as))
    return;

  /* ẋ = A x + B u + e(t) and y = C x + D u + d(t). */
  {
    g_autoptr(gsl_vector) x = gsl_vector_alloc (2 * n);
    g_autoptr(gsl_vector) xdot = gsl_vector_alloc (2 * n);
    g_autoptr(gsl_vector) e = gsl_vector_alloc (2 * n);
    g_autoptr(gsl_vector) u = gsl_vector_calloc (MAX (np, 1));
    g_autoptr(gsl_vector) y = gsl_vector_calloc (MAX (np, 1));
    g_autoptr(gsl_vector) d = gsl_vector_calloc (MAX (np, 1));
    guint stop_index = 0;

    for (guint i = 0; i < n; i++)
      {
        gsl_vector_set (x, i, q[i]);
        gsl_vector_set (x, n + i, v[i]);
      }
    for (guint p = 0; p < np; p++)
      gsl_vector_set (u, p, g_array_index (u_direct, double, p));
    lz_assembly_eval_lcs_affine (as, t, e, d);

    gsl_vector_memcpy (xdot, e);
    gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_A (as), x, 1.0, xdot);
    if (np > 0)
      {
        gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_B (as), u, 1.0, xdot);
        gsl_vector_memcpy (y, d);
        gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_C (as), x, 1.0, y);
        gsl_blas_dgemv (CblasNoTrans, 1.0, lz_assembly_get_lcs_D (as), u, 1.0, y);
      }
    for (guint i = 0; i < n; i++)
      {
        double acc = force[i] / mass[i];

        g_assert_cmpfloat (gsl_vector_get (xdot, i), ==, v[i]);
        g_assert_cmpfloat_with_epsilon (gsl_vector_get (xdot, n + i), acc, 1e-9 * (1 + fabs (acc)));
      }
    for (guint p = 0; p < np; p++)
      {
        const LzPair *pair = lz_assembly_get_pair (as, p);
        double yp = gsl_vector_get (y, p), up = gsl_vector_get (u, p);

        if (pair->kind == LZ_PAIR_STOP_LOWER || pair->kind == LZ_PAIR_STOP_UPPER)
          {
            double expected = g_array_index (y_stop, double, stop_index++);

            g_assert_cmpfloat_with_epsilon (yp, expected, 1e-12 * (1 + fabs (expected)));
            continue;
          }
        /* friction and freeplay: the direct inputs solve the pairs */
        g_assert_cmpfloat (yp, >=, -1e-12);
        g_assert_cmpfloat (up, >=, 0);
        g_assert_cmpfloat (fabs (yp * up), <=, 1e-10 * (1 + fabs (yp) + fabs (up)));
      }
  }
}

static void
test_assembler_random (void)
{
  for (int k = 0; k < 2000; k++)
    check_random_model (g_test_rand_int_range (1, 7), k % 10 == 9);
}

/* The exports carry the same numbers. */
static void
test_assembler_exports (void)
{
  g_autoptr(LzModel) model = load ("data/examples/two-carts-stop.luztar");
  g_autoptr(LzAssembly) as = lz_assembly_new (model, NULL);
  g_autofree char *json = lz_assembly_to_json (as);
  g_autofree char *octave = lz_assembly_to_octave (as);
  g_autofree char *text = lz_assembly_to_text (as);

  g_assert_nonnull (strstr (json, "\"A\": [[0, 0, 1, 0],\n      [0, 0, 0, 1],\n      [-2, 1, 0, 0],"));
  g_assert_nonnull (strstr (octave, "K = [2 -1;\n     -1 1];"));
  g_assert_nonnull (strstr (octave, "pairs = {\n  's1', 'lower',"));
  g_assert_nonnull (strstr (text, "  1·q̈_cart1 ∈ −1·q_cart1 + 1·(q_cart2 − q_cart1) + λ_lo[s1]\n"
                                  "  1·q̈_cart2 = −1·(q_cart2 − q_cart1)\n"));
}

/* An invalid model (an unconnected port) is refused with the reason. */
static void
test_assembler_invalid (void)
{
  g_autoptr(LzModel) model = lz_model_new ("broken");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = NULL;

  lz_model_add_body (model, "m", LZ_BODY_TRANSLATIONAL, 1, NULL);
  lz_model_add_element (model, LZ_ITEM_SPRING, "k", "m", NULL, NULL);
  as = lz_assembly_new (model, &error);
  g_assert_null (as);
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
  g_assert_nonnull (strstr (error->message, "“b” is not connected"));
}

/* Elements written from the body to the wall: the relative coordinate
 * is −q, and the equation says "− 2·q̇_m", not "+ 2·(−q̇_m)"; an id with a
 * '-' is one name ("− 1·q̇_z-1", not "− 1·(q̇_z-1)"). */
static void
test_assembler_equation_signs (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1'><ground id='g'/><body id='z-1' mass='0'/><body id='m' mass='1'/>"
    "<spring id='k' a='z-1' b='g' k='5' offset='0.1'/><damper id='d' a='z-1' b='g' c='1'/>"
    "<friction id='f' a='g' b='z-1' level='1'/><spring id='k2' a='z-1' b='m' k='3'/>"
    "<damper id='d3' a='m' b='g' c='2'/></luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  g_autofree char *ez = NULL, *em = NULL;

  g_assert_no_error (error);
  ez = lz_assembly_dup_equation (as, 0);
  em = lz_assembly_dup_equation (as, 1);
  g_test_message ("%s\n%s", ez, em);
  g_assert_cmpstr (ez, ==, "0·q̈_z-1 ∈ 5·(−q_z-1 − 0.1) − 1·q̇_z-1 − 1·Sgn(q̇_z-1) + 3·(q_m − q_z-1)");
  g_assert_cmpstr (em, ==, "1·q̈_m = −3·(q_m − q_z-1) − 2·q̇_m");
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lz/assembler/two-carts", test_assembler_two_carts);
  g_test_add_func ("/lz/assembler/friction-oscillator", test_assembler_friction_oscillator);
  g_test_add_func ("/lz/assembler/paper002-ex51", test_assembler_paper002_ex51);
  g_test_add_func ("/lz/assembler/paper002-ex53", test_assembler_paper002_ex53);
  g_test_add_func ("/lz/assembler/paper003-gear-train", test_assembler_paper003_gear_train);
  g_test_add_func ("/lz/assembler/moving-ground-and-singular", test_assembler_moving_ground_and_singular);
  g_test_add_func ("/lz/assembler/random", test_assembler_random);
  g_test_add_func ("/lz/assembler/equation-signs", test_assembler_equation_signs);
  g_test_add_func ("/lz/assembler/exports", test_assembler_exports);
  g_test_add_func ("/lz/assembler/invalid", test_assembler_invalid);
  return g_test_run ();
}
