/* test-model.c — the model and its editing API
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every validation error of the editing API is provoked here, and each
 * message is checked to name the item and the parameter.  Values are never
 * clamped: a refused value leaves the old one in place.
 */

#include "config.h"

#include <math.h>

#include "lz.h"

/* Asserts that a call failed with @code and a message containing
 * @substring, then clears @error. */
#define assert_fails(call, error, code, substring)                              \
  G_STMT_START                                                                  \
  {                                                                             \
    gboolean ok_ = (call);                                                      \
    g_assert_false (ok_);                                                       \
    g_assert_error ((error), LZ_ERROR, (code));                                 \
    if (strstr ((error)->message, (substring)) == NULL)                         \
      g_error ("message “%s” lacks “%s”", (error)->message, (substring));       \
    g_clear_error (&(error));                                                   \
  }                                                                             \
  G_STMT_END

/* A small valid model: wall — m1 — m2 with each element kind. */
static LzModel *
make_model (void)
{
  g_autoptr(GError) error = NULL;
  LzModel *model = lz_model_new ("test");

  g_assert_nonnull (lz_model_add_ground (model, "wall", &error));
  g_assert_nonnull (lz_model_add_body (model, "m1", LZ_BODY_TRANSLATIONAL, 1, &error));
  g_assert_nonnull (lz_model_add_body (model, "m2", LZ_BODY_TRANSLATIONAL, 2, &error));
  g_assert_nonnull (lz_model_add_body (model, "J1", LZ_BODY_ROTATIONAL, 0.1, &error));
  g_assert_nonnull (lz_model_add_body (model, "J2", LZ_BODY_ROTATIONAL, 0.2, &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_SPRING, "k1", "wall", "m1", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_DAMPER, "c1", "m1", "m2", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_FRICTION, "f1", "wall", "m2", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_STOP, "s1", "m1", "m2", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_GEAR, "z1", "J1", "J2", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_SPRING, "k2", "wall", "J1", &error));
  g_assert_nonnull (lz_model_add_source (model, LZ_ITEM_FORCE, "F1", "m1", "sin(t)", &error));
  g_assert_no_error (error);
  return model;
}

static void
test_model_enums (void)
{
  for (LzItemKind kind = 0; kind < LZ_ITEM_N_KINDS; kind++)
    {
      LzItemKind back;

      g_assert_true (lz_item_kind_from_string (lz_item_kind_to_string (kind), &back));
      g_assert_cmpint (back, ==, kind);
      g_assert_true (lz_item_kind_get_n_params (kind) >= 1);
    }
  for (LzBodyKind kind = 0; kind < LZ_BODY_N_KINDS; kind++)
    {
      LzBodyKind back;

      g_assert_true (lz_body_kind_from_string (lz_body_kind_to_string (kind), &back));
      g_assert_cmpint (back, ==, kind);
    }
  for (LzMethod method = 0; method < LZ_METHOD_N_METHODS; method++)
    {
      LzMethod back;

      g_assert_true (lz_method_from_string (lz_method_to_string (method), &back));
      g_assert_cmpint (back, ==, method);
    }
  {
    LzItemKind kind;
    LzBodyKind body_kind;
    LzMethod method;

    g_assert_true (lz_item_kind_from_string ("friction", &kind));
    g_assert_cmpint (kind, ==, LZ_ITEM_FRICTION);
    g_assert_false (lz_item_kind_from_string ("Spring", &kind));
    g_assert_false (lz_item_kind_from_string (NULL, &kind));
    g_assert_false (lz_body_kind_from_string ("linear", &body_kind));
    g_assert_false (lz_method_from_string ("rk4", &method));
  }
  g_assert_cmpstr (lz_item_kind_to_string (LZ_ITEM_PRESCRIBED), ==, "prescribed");
  g_assert_cmpstr (lz_method_to_string (LZ_METHOD_TIMESTEP), ==, "timestep");
  g_assert_true (lz_item_kind_is_element (LZ_ITEM_STOP));
  g_assert_false (lz_item_kind_is_element (LZ_ITEM_BODY));
  g_assert_true (lz_item_kind_is_source (LZ_ITEM_ACTUATOR));
  g_assert_false (lz_item_kind_is_source (LZ_ITEM_GEAR));
}

static void
test_model_params (void)
{
  const LzParamSpec *k = lz_item_kind_find_param (LZ_ITEM_SPRING, "k");
  const LzParamSpec *lower = lz_item_kind_find_param (LZ_ITEM_STOP, "lower");
  const LzParamSpec *e = lz_item_kind_find_param (LZ_ITEM_STOP, "restitution");
  const LzParamSpec *value = lz_item_kind_find_param (LZ_ITEM_FORCE, "value");

  g_assert_nonnull (k);
  g_assert_cmpint (k->type, ==, LZ_PARAM_NUMBER);
  g_assert_cmpint (k->range, ==, LZ_RANGE_POSITIVE);
  g_assert_true (k->flags & LZ_PARAM_REQUIRED);
  g_assert_cmpint (lower->type, ==, LZ_PARAM_LIMIT);
  g_assert_true (isinf (lower->default_value) && lower->default_value < 0);
  g_assert_cmpint (e->range, ==, LZ_RANGE_UNIT_INTERVAL);
  g_assert_cmpint (value->type, ==, LZ_PARAM_EXPRESSION);
  g_assert_null (lz_item_kind_find_param (LZ_ITEM_GEAR, "ca"));
  g_assert_nonnull (lz_item_kind_find_param (LZ_ITEM_GEAR, "ra"));
  g_assert_null (lz_item_kind_find_param (LZ_ITEM_ACTUATOR, "value"));
  g_assert_cmpstr (lz_item_kind_get_param (LZ_ITEM_SPRING, 0)->name, ==, "a");
  g_assert_cmpuint (lz_simulation_get_n_params (), ==, 6);
  g_assert_cmpstr (lz_simulation_get_param (0)->name, ==, "t-end");
}

static void
test_model_numbers (void)
{
  const char *good[] = { "0", "-0", "1", "+2", "1.5", ".5", "5.", "-1.5e-3", "2E+10", " 3 " };
  const double good_values[] = { 0, 0, 1, 2, 1.5, 0.5, 5, -1.5e-3, 2e10, 3 };
  const char *bad[] = { "", "abc", "nan", "NaN", "0x10", "1e", "1e+", ".", "-", "1,5",
                        "1.2.3", "infinity", "Inf", "1e999", "-1e999", "1 2", "--1" };
  const double round_trip[] = { 0.1, 1.0 / 3, 2.0 / 3, 1e-300, 5e-324, DBL_MAX, -DBL_MIN,
                                123456789.125, 0.30000000000000004, 1e21, G_PI };
  double v;

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (lz_number_parse (good[i], FALSE, &v));
      g_assert_cmpfloat (v, ==, good_values[i]);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    if (lz_number_parse (bad[i], TRUE, &v))
      g_error ("“%s” was accepted", bad[i]);

  g_assert_false (lz_number_parse ("inf", FALSE, &v));
  g_assert_true (lz_number_parse ("inf", TRUE, &v) && isinf (v) && v > 0);
  g_assert_true (lz_number_parse ("+inf", TRUE, &v) && isinf (v) && v > 0);
  g_assert_true (lz_number_parse ("-inf", TRUE, &v) && isinf (v) && v < 0);

  for (gsize i = 0; i < G_N_ELEMENTS (round_trip); i++)
    {
      g_autofree char *text = lz_number_to_string (round_trip[i]);

      g_assert_true (lz_number_parse (text, FALSE, &v));
      g_assert_cmpfloat (v, ==, round_trip[i]);
    }
  {
    g_autofree char *tenth = lz_number_to_string (0.1);
    g_autofree char *third = lz_number_to_string (1.0 / 3);
    g_autofree char *inf = lz_number_to_string (INFINITY);
    g_autofree char *minus_inf = lz_number_to_string (-INFINITY);
    g_autofree char *big = lz_number_to_string (1e300);
    g_autofree char *one = lz_number_to_string (1);
    g_autofree char *hundred = lz_number_to_string (100);
    g_autofree char *thirty = lz_number_to_string (-30);
    g_autofree char *milli = lz_number_to_string (1e-3);
    g_autofree char *mega = lz_number_to_string (2.5e6);
    g_autofree char *huge = lz_number_to_string (1e20);
    g_autofree char *tiny = lz_number_to_string (1e-10);

    /* Shortest form, not "%.17g". */
    g_assert_cmpstr (tenth, ==, "0.1");
    g_assert_cmpstr (third, ==, "0.3333333333333333");
    g_assert_cmpstr (inf, ==, "inf");
    g_assert_cmpstr (minus_inf, ==, "-inf");
    g_assert_cmpstr (big, ==, "1e+300");
    g_assert_cmpstr (one, ==, "1");
    /* Plain decimals where they are short. */
    g_assert_cmpstr (hundred, ==, "100");
    g_assert_cmpstr (thirty, ==, "-30");
    g_assert_cmpstr (milli, ==, "0.001");
    g_assert_cmpstr (mega, ==, "2500000");
    g_assert_cmpstr (huge, ==, "1e+20");
    g_assert_cmpstr (tiny, ==, "1e-10");
  }
}

static void
test_model_ids (void)
{
  g_assert_true (lz_id_is_valid ("m1"));
  g_assert_true (lz_id_is_valid ("_x"));
  g_assert_true (lz_id_is_valid ("wall-stop.left_2"));
  g_assert_false (lz_id_is_valid (""));
  g_assert_false (lz_id_is_valid (NULL));
  g_assert_false (lz_id_is_valid ("1st"));
  g_assert_false (lz_id_is_valid ("-a"));
  g_assert_false (lz_id_is_valid ("a b"));
  g_assert_false (lz_id_is_valid ("sprężyna"));
  g_assert_false (lz_id_is_valid ("a\"b"));
}

static void
test_model_build (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *spring = lz_model_lookup_element (model, "k1");
  const LzElement *gear = lz_model_lookup_element (model, "z1");
  const LzBody *m2 = lz_model_lookup_body (model, "m2");
  const LzSource *force = lz_model_lookup_source (model, "F1");
  double ca, cb;

  g_assert_cmpstr (lz_model_get_name (model), ==, "test");
  g_assert_cmpuint (lz_model_get_n_grounds (model), ==, 1);
  g_assert_cmpuint (lz_model_get_n_bodies (model), ==, 4);
  g_assert_cmpuint (lz_model_get_n_elements (model), ==, 6);
  g_assert_cmpuint (lz_model_get_n_sources (model), ==, 1);
  g_assert_cmpuint (lz_model_count_kind (model, LZ_ITEM_SPRING), ==, 2);
  g_assert_cmpuint (lz_model_count_kind (model, LZ_ITEM_GEAR), ==, 1);
  g_assert_cmpuint (lz_model_count_kind (model, LZ_ITEM_ACTUATOR), ==, 0);

  /* File order is dof order. */
  g_assert_cmpstr (lz_model_get_body (model, 0)->item.id, ==, "m1");
  g_assert_cmpstr (lz_model_get_body (model, 3)->item.id, ==, "J2");
  g_assert_cmpint (lz_model_get_body_index (model, "m2"), ==, 1);
  g_assert_cmpint (lz_model_get_body_index (model, "wall"), ==, -1);
  g_assert_cmpint (lz_model_get_body_index (model, "nothing"), ==, -1);
  g_assert_cmpstr (lz_model_get_element (model, 5)->item.id, ==, "k2");

  g_assert_nonnull (spring);
  g_assert_cmpint (spring->item.kind, ==, LZ_ITEM_SPRING);
  g_assert_cmpstr (spring->a, ==, "wall");
  g_assert_cmpstr (spring->b, ==, "m1");
  g_assert_cmpfloat (spring->spring.k, ==, 1);
  g_assert_cmpfloat (spring->spring.freeplay, ==, 0);
  g_assert_cmpfloat (spring->ca, ==, 1);
  g_assert_cmpfloat (m2->mass, ==, 2);
  g_assert_cmpfloat_with_epsilon (lz_expr_eval (force->value, 1), sin (1), 1e-15);
  g_assert_null (lz_model_lookup_element (model, "m1"));
  g_assert_null (lz_model_lookup_body (model, "k1"));
  g_assert_nonnull (lz_model_lookup_ground (model, "wall"));
  g_assert_null (lz_model_lookup (model, NULL));

  g_assert_true (lz_model_set_parameter (model, "z1", "ra", 0.02, &error));
  g_assert_true (lz_model_set_parameter (model, "z1", "rb", 0.06, &error));
  lz_element_get_coefficients (gear, &ca, &cb);
  g_assert_cmpfloat (ca, ==, 0.02);
  g_assert_cmpfloat (cb, ==, 0.06);
  g_assert_true (lz_model_set_parameter (model, "k1", "cb", -2, &error));
  lz_element_get_coefficients (spring, &ca, &cb);
  g_assert_cmpfloat (ca, ==, 1);
  g_assert_cmpfloat (cb, ==, -2);

  g_assert_true (lz_model_validate (model, &error));
  g_assert_no_error (error);
}

static void
test_model_unique_ids (void)
{
  g_autoptr(LzModel) model = lz_model_new (NULL);
  g_autoptr(GError) error = NULL;
  const LzBody *m1 = lz_model_add_body (model, NULL, LZ_BODY_TRANSLATIONAL, 1, &error);
  const LzBody *m2 = lz_model_add_body (model, NULL, LZ_BODY_TRANSLATIONAL, 1, &error);
  const LzElement *k1 = lz_model_add_element (model, LZ_ITEM_SPRING, NULL, "m1", "m2", &error);
  const LzGround *g = lz_model_add_ground (model, NULL, &error);
  const LzSource *u = lz_model_add_source (model, LZ_ITEM_ACTUATOR, NULL, "m2", NULL, &error);
  g_autofree char *next = lz_model_make_unique_id (model, "m");

  g_assert_no_error (error);
  g_assert_cmpstr (lz_model_get_name (model), ==, "");
  g_assert_cmpstr (m1->item.id, ==, "m1");
  g_assert_cmpstr (m2->item.id, ==, "m2");
  g_assert_cmpstr (k1->item.id, ==, "k1");
  g_assert_cmpstr (g->item.id, ==, "ground1");
  g_assert_cmpstr (u->item.id, ==, "u1");
  g_assert_null (u->value);
  g_assert_cmpstr (next, ==, "m3");
}

static void
test_model_add_errors (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;

  assert_fails (lz_model_add_body (model, "m1", LZ_BODY_TRANSLATIONAL, 1, &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL, "duplicate id “m1”");
  assert_fails (lz_model_add_ground (model, "k1", &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL, "duplicate id “k1” (already used by a spring)");
  assert_fails (lz_model_add_body (model, "2nd", LZ_BODY_TRANSLATIONAL, 1, &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL, "“2nd” is not a valid id");
  assert_fails (lz_model_add_body (model, "m3", LZ_BODY_TRANSLATIONAL, -1, &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL, "body “m3”, attribute “mass”: must not be negative");
  assert_fails (lz_model_add_body (model, "J3", LZ_BODY_ROTATIONAL, NAN, &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL, "body “J3”, attribute “inertia”: not a number");
  assert_fails (lz_model_add_element (model, LZ_ITEM_SPRING, "k9", "wall", "m9", &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL,
                "spring “k9”, attribute “b”: no body or ground has the id “m9”");
  assert_fails (lz_model_add_element (model, LZ_ITEM_GEAR, "z9", "J1", "m1", &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL,
                "gear “z9”, attribute “b”: “m1” is a translational body, but a gear meshes "
                "rotational bodies");
  assert_fails (lz_model_add_source (model, LZ_ITEM_FORCE, "F9", "wall", "1", &error) != NULL,
                error, LZ_ERROR_INVALID_MODEL,
                "force “F9”, attribute “body”: “wall” is a ground, not a body");
  assert_fails (lz_model_add_source (model, LZ_ITEM_PRESCRIBED, "p9", "m1", "sin(", &error) != NULL,
                error, LZ_ERROR_EXPRESSION,
                "prescribed “p9”, attribute “value”: cannot parse the expression “sin(”");

  /* Failed additions leave nothing behind. */
  g_assert_null (lz_model_lookup (model, "m3"));
  g_assert_null (lz_model_lookup (model, "J3"));
  g_assert_null (lz_model_lookup (model, "k9"));
  g_assert_null (lz_model_lookup (model, "z9"));
  g_assert_null (lz_model_lookup (model, "F9"));
  g_assert_null (lz_model_lookup (model, "p9"));
  g_assert_cmpuint (lz_model_get_n_bodies (model), ==, 4);
  g_assert_cmpuint (lz_model_get_n_elements (model), ==, 6);
  g_assert_cmpuint (lz_model_get_n_sources (model), ==, 1);
}

/* Each refused value: item, parameter, value, message.  The old value
 * stays. */
static const struct
{
  const char *id;
  const char *name;
  double      value;
  const char *message;
} bad_values[] = {
  { "m1", "mass", -1, "body “m1”, attribute “mass”: must not be negative, got -1" },
  { "J1", "inertia", -0.5, "body “J1”, attribute “inertia”: must not be negative, got -0.5" },
  { "m1", "mass", INFINITY, "body “m1”, attribute “mass”: must be a finite number, got inf" },
  { "m1", "q0", NAN, "body “m1”, attribute “q0”: not a number" },
  { "k1", "k", 0, "spring “k1”, attribute “k”: must be greater than 0, got 0" },
  { "k1", "k", -3, "spring “k1”, attribute “k”: must be greater than 0, got -3" },
  { "k1", "freeplay", -1e-3, "spring “k1”, attribute “freeplay”: must not be negative" },
  { "k1", "offset", -INFINITY, "spring “k1”, attribute “offset”: must be a finite number" },
  { "k1", "ca", 0, "spring “k1”, attribute “ca”: must not be 0" },
  { "c1", "c", -0.1, "damper “c1”, attribute “c”: must not be negative, got -0.1" },
  { "f1", "level", -1, "friction “f1”, attribute “level”: must not be negative" },
  { "f1", "level-pos", -1, "friction “f1”, attribute “level-pos”: must not be negative" },
  { "f1", "viscous", -2, "friction “f1”, attribute “viscous”: must not be negative" },
  { "s1", "restitution", 1.5, "stop “s1”, attribute “restitution”: must be between 0 and 1, "
                              "got 1.5" },
  { "s1", "restitution", -0.1, "stop “s1”, attribute “restitution”: must be between 0 and 1" },
  { "s1", "lower", INFINITY, "stop “s1”, attribute “lower”: the lower limit cannot be +inf" },
  { "s1", "upper", -INFINITY, "stop “s1”, attribute “upper”: the upper limit cannot be -inf" },
  { "s1", "lower", NAN, "stop “s1”, attribute “lower”: not a number" },
  { "z1", "stiffness", 0, "gear “z1”, attribute “stiffness”: must be greater than 0" },
  { "z1", "ra", -1, "gear “z1”, attribute “ra”: must be greater than 0" },
  { "z1", "freeplay", -1, "gear “z1”, attribute “freeplay”: must not be negative" },
};

static void
test_model_set_errors (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(LzModel) before = lz_model_copy (model);
  g_autoptr(GError) error = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (bad_values); i++)
    assert_fails (lz_model_set_parameter (model, bad_values[i].id, bad_values[i].name,
                                          bad_values[i].value, &error),
                  error, LZ_ERROR_INVALID_MODEL, bad_values[i].message);
  g_assert_true (lz_model_equal (model, before));

  /* lower ≤ upper, checked from either side. */
  g_assert_true (lz_model_set_parameter (model, "s1", "lower", -0.2, &error));
  g_assert_true (lz_model_set_parameter (model, "s1", "upper", 0.3, &error));
  assert_fails (lz_model_set_parameter (model, "s1", "lower", 0.5, &error),
                error, LZ_ERROR_INVALID_MODEL,
                "stop “s1”, attribute “lower”: the lower limit 0.5 is above the upper limit 0.3");
  assert_fails (lz_model_set_parameter (model, "s1", "upper", -0.25, &error),
                error, LZ_ERROR_INVALID_MODEL,
                "stop “s1”, attribute “upper”: the lower limit -0.2 is above the upper limit -0.25");
  g_assert_cmpfloat (lz_model_lookup_element (model, "s1")->stop.lower, ==, -0.2);
  g_assert_cmpfloat (lz_model_lookup_element (model, "s1")->stop.upper, ==, 0.3);
  /* lower = upper: a rigid coupling (docs/mathematics.md) */
  g_assert_true (lz_model_set_parameter (model, "s1", "upper", -0.2, &error));
  g_assert_true (lz_model_set_parameter (model, "s1", "lower", -INFINITY, &error));
  g_assert_no_error (error);

  /* Not a parameter, not a number parameter, not an item. */
  assert_fails (lz_model_set_parameter (model, "k1", "stiffness", 1, &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "spring “k1” has no parameter “stiffness”");
  assert_fails (lz_model_set_parameter (model, "F1", "value", 1, &error),
                error, LZ_ERROR_INVALID_ARGUMENT,
                "force “F1”, attribute “value”: not a number parameter");
  assert_fails (lz_model_set_parameter (model, "k7", "k", 1, &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "no item has the id “k7”");
  assert_fails (lz_model_set_parameter (model, NULL, "k", 1, &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "no item has the id");
}

static const struct
{
  const char *id;
  const char *name;
  const char *text;
  LzError     code;
  const char *message;
} bad_strings[] = {
  { "k1", "k", "stiff", LZ_ERROR_INVALID_MODEL, "spring “k1”, attribute “k”: “stiff” is not a number" },
  { "k1", "k", "0x10", LZ_ERROR_INVALID_MODEL, "“0x10” is not a number" },
  { "k1", "k", "", LZ_ERROR_INVALID_MODEL, "spring “k1”, attribute “k”: “” is not a number" },
  { "k1", "k", "inf", LZ_ERROR_INVALID_MODEL,
    "spring “k1”, attribute “k”: “inf” is allowed only for the limits of a stop" },
  { "k1", "k", "1e400", LZ_ERROR_INVALID_MODEL, "“1e400” is out of range" },
  { "m1", "mass", "nan", LZ_ERROR_INVALID_MODEL, "body “m1”, attribute “mass”: “nan” is not a number" },
  { "m1", "kind", "linear", LZ_ERROR_INVALID_MODEL,
    "body “m1”, attribute “kind”: “linear” is not one of: translational, rotational" },
  { "F1", "value", "x*t", LZ_ERROR_EXPRESSION,
    "force “F1”, attribute “value”: unknown name “x” in the expression “x*t”" },
  { "F1", "value", "", LZ_ERROR_EXPRESSION, "force “F1”, attribute “value”: the expression is empty" },
  { "wall", "motion", "sin(2*pi*t", LZ_ERROR_EXPRESSION,
    "ground “wall”, attribute “motion”: cannot parse the expression “sin(2*pi*t”" },
  { "k1", "a", "nowhere", LZ_ERROR_INVALID_MODEL,
    "spring “k1”, attribute “a”: no body or ground has the id “nowhere”" },
  { "k1", "b", "c1", LZ_ERROR_INVALID_MODEL,
    "spring “k1”, attribute “b”: “c1” is a damper, not a body or a ground" },
  { "F1", "body", "J9", LZ_ERROR_INVALID_MODEL, "force “F1”, attribute “body”: no body has the id “J9”" },
  { "k1", "id", "m2", LZ_ERROR_INVALID_MODEL, "duplicate id “m2”" },
  { "k1", "id", "k 1", LZ_ERROR_INVALID_MODEL, "“k 1” is not a valid id" },
  { "k1", "label", "bad\001", LZ_ERROR_INVALID_MODEL, "spring “k1”, attribute “label”" },
  { "k1", "colour", "red", LZ_ERROR_INVALID_ARGUMENT, "spring “k1” has no parameter “colour”" },
};

static void
test_model_set_strings (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *stop = lz_model_lookup_element (model, "s1");
  const LzGround *wall = lz_model_lookup_ground (model, "wall");
  const LzBody *m1 = lz_model_lookup_body (model, "m1");
  g_autofree char *text = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (bad_strings); i++)
    assert_fails (lz_model_set_parameter_string (model, bad_strings[i].id, bad_strings[i].name,
                                                 bad_strings[i].text, &error),
                  error, bad_strings[i].code, bad_strings[i].message);

  g_assert_true (lz_model_set_parameter_string (model, "s1", "upper", " 1.5e-1 ", &error));
  g_assert_true (lz_model_set_parameter_string (model, "s1", "lower", "-inf", &error));
  g_assert_cmpfloat (stop->stop.upper, ==, 0.15);
  g_assert_true (isinf (stop->stop.lower));
  g_assert_true (lz_model_set_parameter_string (model, "wall", "motion", "0.1*sin(t)", &error));
  g_assert_nonnull (wall->motion);
  g_assert_cmpstr (lz_expr_get_text (wall->motion), ==, "0.1*sin(t)");
  g_assert_true (lz_model_set_parameter_string (model, "wall", "motion", "", &error));
  g_assert_null (wall->motion);
  g_assert_true (lz_model_set_parameter_string (model, "m1", "label", "Masa „pierwsza”", &error));
  g_assert_cmpstr (m1->item.label, ==, "Masa „pierwsza”");
  g_assert_true (lz_model_set_parameter_string (model, "m1", "label", "", &error));
  g_assert_null (m1->item.label);
  g_assert_true (lz_model_set_parameter_string (model, "J2", "kind", "translational", &error));
  g_assert_cmpint (lz_model_lookup_body (model, "J2")->kind, ==, LZ_BODY_TRANSLATIONAL);
  g_assert_true (lz_model_set_parameter_string (model, "k1", "b", "m2", &error));
  g_assert_cmpstr (lz_model_lookup_element (model, "k1")->b, ==, "m2");
  g_assert_no_error (error);

  text = lz_model_dup_parameter_string (model, "s1", "upper", &error);
  g_assert_cmpstr (text, ==, "0.15");
  g_clear_pointer (&text, g_free);
  text = lz_model_dup_parameter_string (model, "s1", "lower", &error);
  g_assert_cmpstr (text, ==, "-inf");
  g_clear_pointer (&text, g_free);
  text = lz_model_dup_parameter_string (model, "F1", "value", &error);
  g_assert_cmpstr (text, ==, "sin(t)");
  g_clear_pointer (&text, g_free);
  text = lz_model_dup_parameter_string (model, "J1", "kind", &error);
  g_assert_cmpstr (text, ==, "rotational");
  g_clear_pointer (&text, g_free);
  text = lz_model_dup_parameter_string (model, "wall", "motion", &error);
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);
  text = lz_model_dup_parameter_string (model, "k1", "id", &error);
  g_assert_cmpstr (text, ==, "k1");
  g_clear_pointer (&text, g_free);
  g_assert_no_error (error);
  g_assert_null (lz_model_dup_parameter_string (model, "k1", "nope", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
}

static void
test_model_friction_levels (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *f = lz_model_lookup_element (model, "f1");
  double level;

  g_assert_true (lz_model_set_parameter (model, "f1", "level", 0.6, &error));
  g_assert_cmpfloat (f->friction.level_pos, ==, 0.6);
  g_assert_cmpfloat (f->friction.level_neg, ==, 0.6);
  g_assert_true (lz_model_get_parameter (model, "f1", "level", &level, &error));
  g_assert_cmpfloat (level, ==, 0.6);

  g_assert_true (lz_model_set_parameter (model, "f1", "level-neg", 0.4, &error));
  g_assert_cmpfloat (f->friction.level_pos, ==, 0.6);
  g_assert_cmpfloat (f->friction.level_neg, ==, 0.4);
  g_assert_no_error (error);
  assert_fails (lz_model_get_parameter (model, "f1", "level", &level, &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "the levels are asymmetric");
  g_assert_null (lz_model_dup_parameter_string (model, "f1", "level", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (lz_model_get_parameter (model, "f1", "level-neg", &level, &error));
  g_assert_cmpfloat (level, ==, 0.4);
  assert_fails (lz_model_get_parameter (model, "F1", "value", &level, &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "not a number parameter");
}

static void
test_model_connect (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *c1 = lz_model_lookup_element (model, "c1");

  g_assert_true (lz_model_connect (model, "c1", "a", "wall", &error));
  g_assert_cmpstr (c1->a, ==, "wall");
  g_assert_true (lz_model_connect (model, "c1", "a", NULL, &error));
  g_assert_null (c1->a);
  g_assert_true (lz_model_connect (model, "F1", "body", "m2", &error));
  g_assert_cmpstr (lz_model_lookup_source (model, "F1")->body, ==, "m2");
  g_assert_true (lz_model_connect (model, "z1", "b", "wall", &error));
  g_assert_no_error (error);

  assert_fails (lz_model_connect (model, "c1", "c", "m1", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "damper “c1” has no port “c”");
  assert_fails (lz_model_connect (model, "m1", "a", "m2", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "body “m1” has no port “a”");
  assert_fails (lz_model_connect (model, "c1", "b", "F1", &error),
                error, LZ_ERROR_INVALID_MODEL, "“F1” is a force, not a body or a ground");
  assert_fails (lz_model_connect (model, "z1", "a", "m1", &error),
                error, LZ_ERROR_INVALID_MODEL, "a gear meshes rotational bodies");
  assert_fails (lz_model_connect (model, "F1", "body", "wall", &error),
                error, LZ_ERROR_INVALID_MODEL, "“wall” is a ground, not a body");
  assert_fails (lz_model_connect (model, "nothing", "a", "m1", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "no item has the id “nothing”");

  /* The unconnected port makes the model invalid. */
  assert_fails (lz_model_validate (model, &error),
                error, LZ_ERROR_INVALID_MODEL, "damper “c1”: port “a” is not connected");
}

static void
test_model_rename (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *k1 = lz_model_lookup_element (model, "k1");
  const LzElement *c1 = lz_model_lookup_element (model, "c1");
  const LzSource *f = lz_model_lookup_source (model, "F1");

  g_assert_true (lz_model_rename (model, "m1", "cart", &error));
  g_assert_no_error (error);
  g_assert_null (lz_model_lookup (model, "m1"));
  g_assert_nonnull (lz_model_lookup_body (model, "cart"));
  g_assert_cmpstr (k1->b, ==, "cart");
  g_assert_cmpstr (c1->a, ==, "cart");
  g_assert_cmpstr (f->body, ==, "cart");
  g_assert_cmpint (lz_model_get_body_index (model, "cart"), ==, 0);

  g_assert_true (lz_model_set_parameter_string (model, "wall", "id", "frame", &error));
  g_assert_cmpstr (k1->a, ==, "frame");
  g_assert_true (lz_model_rename (model, "k1", "spring", &error));
  g_assert_true (lz_model_rename (model, "spring", "spring", &error));
  g_assert_nonnull (lz_model_lookup_element (model, "spring"));
  g_assert_no_error (error);

  assert_fails (lz_model_rename (model, "cart", "m2", &error),
                error, LZ_ERROR_INVALID_MODEL, "duplicate id “m2”");
  assert_fails (lz_model_rename (model, "cart", "", &error),
                error, LZ_ERROR_INVALID_MODEL, "“” is not a valid id");
  assert_fails (lz_model_rename (model, "m1", "m9", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "no item has the id “m1”");
  g_assert_true (lz_model_validate (model, &error));
}

static void
test_model_remove (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *k1 = lz_model_lookup_element (model, "k1");
  const LzElement *c1 = lz_model_lookup_element (model, "c1");
  const LzSource *f = lz_model_lookup_source (model, "F1");

  g_assert_true (lz_model_remove (model, "m1", &error));
  g_assert_no_error (error);
  g_assert_null (lz_model_lookup (model, "m1"));
  g_assert_cmpuint (lz_model_get_n_bodies (model), ==, 3);
  g_assert_cmpstr (lz_model_get_body (model, 0)->item.id, ==, "m2");
  g_assert_null (k1->b);
  g_assert_null (c1->a);
  g_assert_null (f->body);

  assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                "spring “k1”: port “b” is not connected\n"
                "damper “c1”: port “a” is not connected\n"
                "stop “s1”: port “a” is not connected\n"
                "force “F1”: port “body” is not connected");

  g_assert_true (lz_model_remove (model, "k1", &error));
  g_assert_true (lz_model_remove (model, "F1", &error));
  g_assert_true (lz_model_remove (model, "c1", &error));
  g_assert_true (lz_model_remove (model, "s1", &error));
  g_assert_cmpuint (lz_model_get_n_elements (model), ==, 3);
  g_assert_cmpuint (lz_model_get_n_sources (model), ==, 0);
  g_assert_true (lz_model_validate (model, &error));
  g_assert_no_error (error);
  assert_fails (lz_model_remove (model, "k1", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "no item has the id “k1”");
}

/* Asserts that every body's dof index is its position in file order and
 * that no other item has one. */
static void
assert_body_indices (const LzModel *model)
{
  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    g_assert_cmpint (lz_model_get_body_index (model, lz_model_get_body (model, i)->item.id), ==, i);
  for (guint i = 0; i < lz_model_get_n_elements (model); i++)
    g_assert_cmpint (lz_model_get_body_index (model, lz_model_get_element (model, i)->item.id),
                     ==, -1);
  for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
    g_assert_cmpint (lz_model_get_body_index (model, lz_model_get_ground (model, i)->item.id),
                     ==, -1);
  g_assert_cmpint (lz_model_get_body_index (model, NULL), ==, -1);
}

/* The id → position index follows adds, removes, renames and copies. */
static void
test_model_body_index (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(LzModel) copy = NULL;
  g_autoptr(GError) error = NULL;

  assert_body_indices (model);
  for (guint i = 0; i < 5; i++)
    g_assert_nonnull (lz_model_add_body (model, NULL, LZ_BODY_TRANSLATIONAL, 1, &error));
  assert_body_indices (model);
  g_assert_true (lz_model_remove (model, "m1", &error));
  g_assert_true (lz_model_remove (model, "k1", &error));
  assert_body_indices (model);
  g_assert_true (lz_model_rename (model, "m2", "cart", &error));
  g_assert_no_error (error);
  g_assert_cmpint (lz_model_get_body_index (model, "cart"), ==, 0);
  g_assert_cmpint (lz_model_get_body_index (model, "m2"), ==, -1);
  assert_body_indices (model);
  g_assert_null (lz_model_add_body (model, "cart", LZ_BODY_TRANSLATIONAL, 1, &error));
  g_clear_error (&error);
  g_assert_null (lz_model_add_body (model, "heavy", LZ_BODY_TRANSLATIONAL, -1, &error));
  g_clear_error (&error);
  assert_body_indices (model);
  copy = lz_model_copy (model);
  assert_body_indices (copy);
  g_assert_true (lz_model_equal (model, copy));
  while (lz_model_get_n_bodies (model) > 0)
    {
      g_assert_true (lz_model_remove (model, lz_model_get_body (model, 0)->item.id, &error));
      assert_body_indices (model);
    }
}

static void
test_model_validate (void)
{
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(LzModel) empty = lz_model_new ("empty");

    assert_fails (lz_model_validate (empty, &error), error, LZ_ERROR_INVALID_MODEL,
                  "the model has no bodies");
  }
  {
    g_autoptr(LzModel) model = make_model ();

    g_assert_true (lz_model_connect (model, "k1", "a", "m1", &error));
    assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                  "spring “k1”: ports “a” and “b” are both “m1”");
  }
  {
    /* A gear stays connected when its body becomes translational; the
     * whole-model check catches it. */
    g_autoptr(LzModel) model = make_model ();

    g_assert_true (lz_model_set_parameter_string (model, "J2", "kind", "translational", &error));
    assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                  "gear “z1”, attribute “b”: “J2” is a translational body");
  }
  {
    g_autoptr(LzModel) model = make_model ();

    g_assert_nonnull (lz_model_add_source (model, LZ_ITEM_PRESCRIBED, "p1", "m1", "sin(t)", &error));
    g_assert_true (lz_model_validate (model, &error));
    g_assert_nonnull (lz_model_add_source (model, LZ_ITEM_PRESCRIBED, "p2", "m1", "t", &error));
    assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                  "prescribed “p2”: body “m1” already has the prescribed motion “p1”");
  }
}

/* Inertia paths: massless bodies need a spring, damper, friction or gear
 * to something with mass or to a ground, or a prescribed motion. */
static void
test_model_inertia_paths (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;

  /* Alone, with a force on it. */
  g_assert_nonnull (lz_model_add_body (model, "j1", LZ_BODY_TRANSLATIONAL, 0, &error));
  g_assert_nonnull (lz_model_add_source (model, LZ_ITEM_FORCE, "Fj", "j1", "1", &error));
  assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                "body “j1” has no mass, and no spring, damper, friction or gear connects it to "
                "a body with mass or to a ground");

  /* A group of two massless bodies joined by a spring; a stop to a mass
   * does not count. */
  g_assert_nonnull (lz_model_add_body (model, "j2", LZ_BODY_TRANSLATIONAL, 0, &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_SPRING, "kj", "j1", "j2", &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_STOP, "sj", "m1", "j2", &error));
  assert_fails (lz_model_validate (model, &error), error, LZ_ERROR_INVALID_MODEL,
                "bodies “j1”, “j2” have no mass");

  /* A damper from the group to a mass anchors it. */
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_DAMPER, "cj", "j2", "m2", &error));
  g_assert_true (lz_model_validate (model, &error));
  g_assert_true (lz_model_remove (model, "cj", &error));
  g_assert_false (lz_model_validate (model, NULL));

  /* So does friction to a ground, */
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_FRICTION, "fj", "wall", "j1", &error));
  g_assert_true (lz_model_validate (model, &error));
  g_assert_true (lz_model_remove (model, "fj", &error));

  /* a prescribed motion, */
  g_assert_nonnull (lz_model_add_source (model, LZ_ITEM_PRESCRIBED, "pj", "j2", "0", &error));
  g_assert_true (lz_model_validate (model, &error));
  g_assert_true (lz_model_remove (model, "pj", &error));

  /* and a mass. */
  g_assert_true (lz_model_set_parameter (model, "j2", "mass", 1e-3, &error));
  g_assert_true (lz_model_validate (model, &error));
  g_assert_no_error (error);

  /* A massless rotational body between two gears to inertias is fine. */
  g_assert_nonnull (lz_model_add_body (model, "J0", LZ_BODY_ROTATIONAL, 0, &error));
  g_assert_nonnull (lz_model_add_element (model, LZ_ITEM_GEAR, "z2", "J2", "J0", &error));
  g_assert_true (lz_model_validate (model, &error));
  g_assert_no_error (error);
}

static void
test_model_pairs (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzElement *k1 = lz_model_lookup_element (model, "k1");
  const LzElement *c1 = lz_model_lookup_element (model, "c1");
  const LzElement *f1 = lz_model_lookup_element (model, "f1");
  const LzElement *s1 = lz_model_lookup_element (model, "s1");
  const LzElement *z1 = lz_model_lookup_element (model, "z1");

  /* New stops have no finite limit; freeplay is 0. */
  g_assert_cmpuint (lz_element_count_pairs (s1), ==, 0);
  g_assert_cmpuint (lz_element_count_pairs (k1), ==, 0);
  g_assert_cmpuint (lz_element_count_pairs (z1), ==, 0);
  g_assert_cmpuint (lz_element_count_pairs (c1), ==, 0);
  g_assert_cmpuint (lz_element_count_pairs (f1), ==, 2);
  g_assert_cmpuint (lz_model_count_pairs (model), ==, 2);

  g_assert_true (lz_model_set_parameter (model, "s1", "lower", -0.1, &error));
  g_assert_cmpuint (lz_element_count_pairs (s1), ==, 1);
  g_assert_true (lz_model_set_parameter (model, "s1", "upper", 0.1, &error));
  g_assert_cmpuint (lz_element_count_pairs (s1), ==, 2);
  g_assert_true (lz_model_set_parameter (model, "s1", "lower", -INFINITY, &error));
  g_assert_cmpuint (lz_element_count_pairs (s1), ==, 1);
  g_assert_true (lz_model_set_parameter (model, "k1", "freeplay", 1e-3, &error));
  g_assert_cmpuint (lz_element_count_pairs (k1), ==, 2);
  g_assert_true (lz_model_set_parameter (model, "z1", "freeplay", 1e-4, &error));
  g_assert_cmpuint (lz_element_count_pairs (z1), ==, 2);
  g_assert_no_error (error);
  /* 1 (stop) + 2 (friction) + 2 (freeplay spring) + 2 (gear). */
  g_assert_cmpuint (lz_model_count_pairs (model), ==, 7);
}

static void
test_model_copy_equal (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(LzModel) copy = lz_model_copy (model);
  g_autoptr(GError) error = NULL;
  LzModel *ref = lz_model_ref (model);

  g_assert_true (ref == model);
  lz_model_unref (ref);
  g_assert_true (lz_model_equal (model, copy));
  g_assert_true (lz_model_equal (copy, model));
  g_assert_true (lz_model_lookup (copy, "k1") != lz_model_lookup (model, "k1"));

  /* Each kind of difference is seen, and the copy is independent. */
  g_assert_true (lz_model_set_parameter (copy, "k1", "k", 2, &error));
  g_assert_false (lz_model_equal (model, copy));
  g_assert_cmpfloat (lz_model_lookup_element (model, "k1")->spring.k, ==, 1);
  g_assert_true (lz_model_set_parameter (copy, "k1", "k", 1, &error));
  g_assert_true (lz_model_equal (model, copy));

  lz_model_set_name (copy, "other");
  g_assert_false (lz_model_equal (model, copy));
  lz_model_set_name (copy, "test");
  lz_model_set_description (copy, "  what to watch \n");
  g_assert_cmpstr (lz_model_get_description (copy), ==, "what to watch");
  g_assert_false (lz_model_equal (model, copy));
  lz_model_set_description (copy, NULL);
  g_assert_true (lz_model_equal (model, copy));

  g_assert_true (lz_model_set_parameter_string (copy, "F1", "value", "sin( t)", &error));
  g_assert_false (lz_model_equal (model, copy));
  g_assert_true (lz_model_set_parameter_string (copy, "F1", "value", "sin(t)", &error));
  g_assert_true (lz_model_set_parameter_string (copy, "m1", "label", "x", &error));
  g_assert_false (lz_model_equal (model, copy));
  g_assert_true (lz_model_set_parameter_string (copy, "m1", "label", "", &error));
  g_assert_true (lz_model_connect (copy, "c1", "a", "wall", &error));
  g_assert_false (lz_model_equal (model, copy));
  g_assert_true (lz_model_connect (copy, "c1", "a", "m1", &error));
  g_assert_true (lz_model_set_simulation_parameter_string (copy, "method", "timestep", &error));
  g_assert_false (lz_model_equal (model, copy));
  g_assert_true (lz_model_set_simulation_parameter_string (copy, "method", "event", &error));
  g_assert_true (lz_model_equal (model, copy));
  g_assert_no_error (error);

  /* Levels in t: "level" and "level-pos" (and "static", "static-pos")
   * hold one expression; a copy takes one reference to it, so the copy
   * and the original free it between them (a leak under the sanitizers'
   * leak check otherwise: the window copies every model it opens). */
  g_assert_true (lz_model_set_parameter_string (model, "f1", "level", "2 + t", &error));
  g_assert_true (lz_model_set_parameter_string (model, "f1", "static", "3 + t", &error));
  {
    g_autoptr(LzModel) levels = lz_model_copy (model);

    g_assert_true (lz_model_equal (model, levels));
  }
  g_assert_no_error (error);

  /* Order matters. */
  {
    g_autoptr(LzModel) a = lz_model_new ("o");
    g_autoptr(LzModel) b = lz_model_new ("o");

    lz_model_add_body (a, "x", LZ_BODY_TRANSLATIONAL, 1, NULL);
    lz_model_add_body (a, "y", LZ_BODY_TRANSLATIONAL, 1, NULL);
    lz_model_add_body (b, "y", LZ_BODY_TRANSLATIONAL, 1, NULL);
    lz_model_add_body (b, "x", LZ_BODY_TRANSLATIONAL, 1, NULL);
    g_assert_false (lz_model_equal (a, b));
  }

  /* The copy outlives the original. */
  g_clear_pointer (&model, lz_model_unref);
  g_assert_cmpfloat_with_epsilon (lz_expr_eval (lz_model_lookup_source (copy, "F1")->value, 0.5),
                                  sin (0.5), 1e-15);
}

static void
test_model_simulation (void)
{
  g_autoptr(LzModel) model = make_model ();
  g_autoptr(GError) error = NULL;
  const LzSimulation *sim = lz_model_get_simulation (model);
  LzSimulation settings;
  g_autofree char *dt = NULL;

  g_assert_cmpfloat (sim->t_end, ==, 10);
  g_assert_cmpint (sim->method, ==, LZ_METHOD_EVENT);
  g_assert_cmpfloat (sim->dt, ==, 1e-3);
  g_assert_cmpfloat (sim->theta, ==, 0.5);
  g_assert_cmpfloat (sim->rtol, ==, 1e-8);
  g_assert_cmpfloat (sim->atol, ==, 1e-10);

  g_assert_true (lz_model_set_simulation_parameter_string (model, "dt", "2.5e-4", &error));
  g_assert_cmpfloat (sim->dt, ==, 2.5e-4);
  dt = lz_model_dup_simulation_parameter_string (model, "dt");
  g_assert_cmpstr (dt, ==, "0.00025");
  g_assert_null (lz_model_dup_simulation_parameter_string (model, "step"));
  assert_fails (lz_model_set_simulation_parameter_string (model, "dt", "0", &error),
                error, LZ_ERROR_INVALID_MODEL, "simulation, attribute “dt”: must be greater than 0");
  assert_fails (lz_model_set_simulation_parameter_string (model, "t-end", "-1", &error),
                error, LZ_ERROR_INVALID_MODEL, "simulation, attribute “t-end”: must be greater than 0");
  assert_fails (lz_model_set_simulation_parameter_string (model, "theta", "1.01", &error),
                error, LZ_ERROR_INVALID_MODEL, "simulation, attribute “theta”: must be between 0.5 and 1");
  assert_fails (lz_model_set_simulation_parameter_string (model, "method", "rk4", &error),
                error, LZ_ERROR_INVALID_MODEL, "“rk4” is not one of: event, timestep");
  assert_fails (lz_model_set_simulation_parameter_string (model, "step", "1", &error),
                error, LZ_ERROR_INVALID_ARGUMENT, "simulation has no parameter “step”");

  lz_simulation_init_defaults (&settings);
  settings.method = LZ_METHOD_TIMESTEP;
  settings.theta = 1;
  g_assert_true (lz_model_set_simulation (model, &settings, &error));
  g_assert_cmpint (sim->method, ==, LZ_METHOD_TIMESTEP);
  g_assert_cmpfloat (sim->dt, ==, 1e-3);
  settings.atol = 0;
  assert_fails (lz_model_set_simulation (model, &settings, &error),
                error, LZ_ERROR_INVALID_MODEL, "simulation, attribute “atol”: must be greater than 0");
  g_assert_cmpfloat (sim->atol, ==, 1e-10);
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/model/enums", test_model_enums);
  g_test_add_func ("/lz/model/params", test_model_params);
  g_test_add_func ("/lz/model/numbers", test_model_numbers);
  g_test_add_func ("/lz/model/ids", test_model_ids);
  g_test_add_func ("/lz/model/build", test_model_build);
  g_test_add_func ("/lz/model/unique-ids", test_model_unique_ids);
  g_test_add_func ("/lz/model/add-errors", test_model_add_errors);
  g_test_add_func ("/lz/model/set-errors", test_model_set_errors);
  g_test_add_func ("/lz/model/set-strings", test_model_set_strings);
  g_test_add_func ("/lz/model/friction-levels", test_model_friction_levels);
  g_test_add_func ("/lz/model/connect", test_model_connect);
  g_test_add_func ("/lz/model/rename", test_model_rename);
  g_test_add_func ("/lz/model/remove", test_model_remove);
  g_test_add_func ("/lz/model/body-index", test_model_body_index);
  g_test_add_func ("/lz/model/validate", test_model_validate);
  g_test_add_func ("/lz/model/inertia-paths", test_model_inertia_paths);
  g_test_add_func ("/lz/model/pairs", test_model_pairs);
  g_test_add_func ("/lz/model/copy-equal", test_model_copy_equal);
  g_test_add_func ("/lz/model/simulation", test_model_simulation);
  return g_test_run ();
}
