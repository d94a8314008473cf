/* test-event-large.c — a model of 1 000 elements: independent copies of
 * one small model run as the small model does, by both methods
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Its own program (not test-event.c): the run takes seconds, tens of
 * seconds under the sanitizers.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "test-util.h"

#define COPIES 500              /* a spring and a friction element each */
#define T_END "10"

/* COPIES copies of the forced friction oscillator (data/examples): each
 * with its own block, spring, friction element and force, all on one
 * wall. */
static LzModel *
copies (guint n)
{
  g_autoptr(GString) xml = g_string_new ("<luztar-model version='1'><ground id='wall'/>");

  for (guint c = 0; c < n; c++)
    g_string_append_printf (xml,
                            "<body id='m%u' mass='1'/><spring id='k%u' a='wall' b='m%u' k='1'/>"
                            "<friction id='f%u' a='wall' b='m%u' level='0.6'/>"
                            "<force id='F%u' body='m%u' value='sin(0.5*t)'/>",
                            c, c, c, c, c, c, c);
  g_string_append (xml, "<simulation t-end='" T_END "'/></luztar-model>");
  return parse (xml->str);
}

static void
test_copies (gconstpointer data)
{
  const LzIntegratorType *type = data == NULL ? lz_integrator_event : lz_integrator_timestep;
  g_autoptr(LzModel) one = copies (1);
  g_autoptr(LzModel) many = copies (COPIES);
  g_autoptr(LzTrace) small = simulate (one, type, 0.5);
  g_autoptr(LzTrace) large = simulate (many, type, 0.5);
  guint n_small = lz_trace_get_n_events (small), n_large = lz_trace_get_n_events (large);
  double dt_max = 0;

  g_assert_cmpuint (lz_model_get_n_elements (many), ==, 2 * COPIES);
  g_test_message ("%s: %u events of one copy, %u of %u copies",
                  type == lz_integrator_event ? "event" : "timestep", n_small, n_large, COPIES);
  g_assert_cmpuint (n_small, >, 1);
  g_assert_cmpuint (n_large, ==, COPIES * n_small);
  /* each copy switches when the one copy does, in the same way */
  for (guint i = 0; i < n_large; i++)
    {
      LzEvent ev, ref;

      lz_trace_get_event (large, i, &ev);
      lz_trace_get_event (small, i / COPIES, &ref);
      /* (the same times to the integration's tolerance: the energy
       * components of the ODE, summed over the copies, steer the step
       * size a little differently) */
      dt_max = MAX (dt_max, fabs (ev.t - ref.t));
      g_assert_cmpfloat_with_epsilon (ev.t, ref.t, 1e-10);
      g_assert_cmpuint (ev.element % 2, ==, ref.element);
      g_assert_cmpint (ev.from, ==, ref.from);
      g_assert_cmpint (ev.to, ==, ref.to);
      g_assert_cmpint (ev.cause, ==, ref.cause);
    }
  g_test_message ("largest difference of a copy's switch times: %.1e s", dt_max);
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  gsl_set_error_handler_off ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/lz/event-large/copies-event", NULL, test_copies);
  g_test_add_data_func ("/lz/event-large/copies-timestep", "timestep", test_copies);
  return g_test_run ();
}
