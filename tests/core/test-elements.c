/* test-elements.c — the element table against the assembly and closed forms
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "lz.h"
#include "test-util.h"

static const char *const examples[] = {
  "data/examples/block-on-belt.luztar",
  "data/examples/block-pulled-through-spring.luztar",
  "data/examples/bouncing-mass.luztar",
  "data/examples/cart-into-buffer.luztar",
  "data/examples/freeplay-pair.luztar",
  "data/examples/friction-oscillator.luztar",
  "data/examples/motor-through-freeplay.luztar",
  "data/examples/paper002-ex51-absorber.luztar",
  "data/examples/paper002-ex53-vehicle.luztar",
  "data/examples/paper003-gear-train.luztar",
  "data/examples/two-carts-stop.luztar",
};

/* Every law agrees with what the assembler says of its element: ports,
 * coefficients, row of W, and g0(t) with its derivative. */
static void
test_against_assembly (void)
{
  for (guint m = 0; m < G_N_ELEMENTS (examples); m++)
    {
      g_autoptr(LzModel) model = load (examples[m]);
      g_autoptr(GError) error = NULL;
      g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
      g_autoptr(LzElementTable) table = NULL;

      g_assert_no_error (error);
      table = lz_element_table_new (as);
      g_assert_cmpuint (lz_element_table_get_n (table), ==, lz_model_get_n_elements (model));
      for (guint e = 0; e < lz_element_table_get_n (table); e++)
        {
          const LzElementLaw *law = lz_element_table_get (table, e);
          const LzElement *element = lz_model_get_element (model, e);
          int a, b;
          double ca, cb;

          g_assert_true (law == &lz_element_table_get_laws (table)[e]);
          g_assert_true (law->element == element);
          g_assert_cmpstr (law->id, ==, element->item.id);
          g_assert_cmpuint (law->index, ==, e);
          lz_assembly_get_element_ports (as, e, &a, &b, &ca, &cb);
          g_assert_cmpint (law->a, ==, a);
          g_assert_cmpint (law->b, ==, b);
          g_assert_cmpfloat (law->ca, ==, ca);
          g_assert_cmpfloat (law->cb, ==, cb);
          g_assert_cmpint (law->row, ==, lz_assembly_get_nonsmooth_row (as, e));
          g_assert_true ((law->row >= 0) == (lz_element_count_pairs (element) > 0));
          for (double t = 0; t < 2; t += 0.37)
            {
              double g0, g0d, ref, refd;

              lz_element_law_ground (law, t, &g0, &g0d, NULL);
              lz_assembly_eval_element_g0 (as, e, t, &ref, &refd);
              g_assert_cmpfloat_with_epsilon (g0, ref, 1e-14 * (1 + fabs (ref)));
              g_assert_cmpfloat_with_epsilon (g0d, refd, 1e-14 * (1 + fabs (refd)));
              if (!law->moving)
                g_assert_cmpfloat (g0, ==, 0);
            }
        }
    }
}

/* g = cb·q_b − ca·q_a + g0, and the derivatives of g0 are those of the
 * ground motion (central differences, h⁴-accurate enough at h = 1e-4). */
static void
test_coordinate (void)
{
  g_autoptr(LzModel) model = parse (
    "<luztar-model version='1' name='m'>"
    "<ground id='wall'/><ground id='shaker' motion='0.01*sin(3*t)'/>"
    "<body id='x' mass='1' q0='0.2'/><body id='y' mass='2' q0='-0.1'/>"
    "<spring id='k1' a='wall' b='x' k='100' offset='0.05' freeplay='0.01'/>"
    "<spring id='k2' a='x' b='y' k='50'/>"
    "<damper id='c1' a='y' b='shaker' c='3'/>"
    "</luztar-model>");
  g_autoptr(GError) error = NULL;
  g_autoptr(LzAssembly) as = lz_assembly_new (model, &error);
  g_autoptr(LzElementTable) table = NULL;
  const LzElementLaw *k1, *k2, *c1;
  double q[2] = { 0.2, -0.1 }, g0, g0d, g0dd, p, m, h = 1e-4;

  g_assert_no_error (error);
  table = lz_element_table_new (as);
  k1 = lz_element_table_get (table, 0);
  k2 = lz_element_table_get (table, 1);
  c1 = lz_element_table_get (table, 2);
  g_assert_cmpfloat (lz_element_law_g (k1, q, 0), ==, 0.2);
  g_assert_cmpfloat_with_epsilon (lz_element_law_g (k2, q, 0), -0.3, 1e-15);
  g_assert_cmpfloat (k1->k, ==, 100);
  g_assert_cmpfloat (k1->freeplay, ==, 0.01);
  g_assert_cmpfloat (k1->offset, ==, 0.05);
  g_assert_cmpfloat (c1->c, ==, 3);
  g_assert_true (c1->moving && c1->xb != NULL && c1->xa == NULL);
  g_assert_true (isinf (k1->lower) && isinf (k1->upper));

  lz_element_law_ground (c1, 0.4, &g0, &g0d, &g0dd);
  g_assert_cmpfloat_with_epsilon (g0, 0.01 * sin (1.2), 1e-16);
  lz_element_law_ground (c1, 0.4 + h, &p, NULL, NULL);
  lz_element_law_ground (c1, 0.4 - h, &m, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (g0d, (p - m) / (2 * h), 1e-8);
  g_assert_cmpfloat_with_epsilon (g0dd, (p - 2 * g0 + m) / (h * h), 1e-5);
  g_assert_cmpfloat_with_epsilon (g0dd, -0.09 * sin (1.2), 1e-15);
}

/* The spring law by mode and its energy, against T = k·luz(g − ℓ0, Δ). */
static void
test_spring (void)
{
  LzElementLaw law = { .kind = LZ_ITEM_SPRING, .k = 40, .offset = 0.5, .freeplay = 0.1 };
  LzElementLaw linear = { .kind = LZ_ITEM_SPRING, .k = 40, .offset = 0.5 };
  LzElementLaw damper = { .kind = LZ_ITEM_DAMPER, .c = 2 };

  g_assert_cmpint (lz_element_law_spring_mode (&law, 0.7), ==, LZ_MODE_ENGAGED_POS);
  g_assert_cmpint (lz_element_law_spring_mode (&law, 0.3), ==, LZ_MODE_ENGAGED_NEG);
  g_assert_cmpint (lz_element_law_spring_mode (&law, 0.55), ==, LZ_MODE_GAP);
  g_assert_cmpint (lz_element_law_spring_mode (&linear, 0.55), ==, LZ_MODE_NONE);
  for (double g = -1; g <= 2; g += 0.0625)
    {
      LzMode mode = lz_element_law_spring_mode (&law, g);
      double T = lz_element_law_spring_tension (&law, mode, g);

      g_assert_cmpfloat_with_epsilon (T, 40 * lz_luz (g - 0.5, 0.1), 1e-12);
      g_assert_cmpfloat_with_epsilon (lz_element_law_energy (&law, g),
                                      T * T / (2 * 40), 1e-12);
      g_assert_cmpfloat_with_epsilon (lz_element_law_spring_tension (&linear, LZ_MODE_GAP, g),
                                      40 * (g - 0.5), 1e-12);
    }
  /* the force of a mode is continuous at its boundary: engaged at the
   * boundary itself pushes with zero force */
  g_assert_cmpfloat_with_epsilon (lz_element_law_spring_tension (&law, LZ_MODE_ENGAGED_POS, 0.6),
                                  0, 1e-12);
  g_assert_cmpfloat (lz_element_law_energy (&damper, 3), ==, 0);
}

/* The one mapping from a mode change to its cause. */
static void
test_causes (void)
{
  static const struct
  {
    LzMode from, to;
    LzSwitchFlags flags;
    LzEventCause cause;
  } rows[] = {
    { LZ_MODE_SLIP_POS, LZ_MODE_STICK, 0, LZ_CAUSE_VELOCITY_ZERO },
    { LZ_MODE_STICK, LZ_MODE_SLIP_NEG, 0, LZ_CAUSE_FORCE_LIMIT },
    { LZ_MODE_SLIP_NEG, LZ_MODE_SLIP_POS, 0, LZ_CAUSE_VELOCITY_ZERO },
    { LZ_MODE_CONTACT, LZ_MODE_FREE, 0, LZ_CAUSE_LIFT_OFF },
    { LZ_MODE_FREE, LZ_MODE_CONTACT, 0, LZ_CAUSE_IMPACT },
    { LZ_MODE_FREE, LZ_MODE_FREE, LZ_SWITCH_IMPACT, LZ_CAUSE_IMPACT },
    { LZ_MODE_FREE, LZ_MODE_CONTACT, LZ_SWITCH_IMPACT | LZ_SWITCH_ZENO, LZ_CAUSE_ZENO },
    { LZ_MODE_FREE, LZ_MODE_CONTACT, LZ_SWITCH_MASSLESS, LZ_CAUSE_MASSLESS_CONTACT },
    { LZ_MODE_FREE, LZ_MODE_CONTACT, LZ_SWITCH_MASSLESS | LZ_SWITCH_IMPACT,
      LZ_CAUSE_MASSLESS_CONTACT },
    { LZ_MODE_CONTACT, LZ_MODE_FREE, LZ_SWITCH_MASSLESS, LZ_CAUSE_LIFT_OFF },
    { LZ_MODE_GAP, LZ_MODE_ENGAGED_POS, 0, LZ_CAUSE_BOUNDARY },
    { LZ_MODE_ENGAGED_NEG, LZ_MODE_GAP, 0, LZ_CAUSE_BOUNDARY },
    { LZ_MODE_CONTACT, LZ_MODE_CONTACT, LZ_SWITCH_FORCING, LZ_CAUSE_FORCING },
    { LZ_MODE_NONE, LZ_MODE_NONE, LZ_SWITCH_FORCING, LZ_CAUSE_FORCING },
    { LZ_MODE_CONTACT, LZ_MODE_FREE, LZ_SWITCH_FORCING, LZ_CAUSE_LIFT_OFF },
    { LZ_MODE_CONTACT, LZ_MODE_FREE, LZ_SWITCH_FORCING | LZ_SWITCH_IMPACT, LZ_CAUSE_IMPACT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpint (lz_mode_switch_cause (rows[i].from, rows[i].to, rows[i].flags),
                     ==, rows[i].cause);
  for (LzMode mode = 0; mode < LZ_MODE_N_MODES; mode++)
    g_assert_nonnull (lz_mode_to_string (mode));
  for (LzEventCause cause = 0; cause < LZ_CAUSE_N_CAUSES; cause++)
    g_assert_nonnull (lz_event_cause_to_string (cause));
  g_assert_cmpstr (lz_mode_to_string (LZ_MODE_SLIP_POS), ==, "slip+");
  g_assert_cmpstr (lz_event_cause_to_string (LZ_CAUSE_MASSLESS_CONTACT), ==, "massless-contact");
  g_assert_cmpstr (lz_event_cause_to_string (LZ_CAUSE_FORCING), ==, "forcing");
}

int
main (int   argc,
      char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/elements/against-assembly", test_against_assembly);
  g_test_add_func ("/lz/elements/coordinate", test_coordinate);
  g_test_add_func ("/lz/elements/spring", test_spring);
  g_test_add_func ("/lz/elements/causes", test_causes);
  return g_test_run ();
}
