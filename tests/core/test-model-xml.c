/* test-model-xml.c — reading and writing .luztar files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Round trips of the good models (tests/data/models and data/examples),
 * the values read from them, the malformed-file corpus tests/data/bad with
 * its table tests/data/bad-models.tsv (expected code, line and message),
 * the agreement of the loader with the RELAX NG schema, atomic saving, and
 * that libxml2 never prints by itself.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "lz.h"

/* libxml2 2.12 made the error argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *TestXmlErrorPtr;
#else
typedef xmlErrorPtr TestXmlErrorPtr;
#endif

static char *
model_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "models", name, NULL);
}

static LzModel *
load_good (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = model_path (name);
  LzModel *model = lz_model_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

/* The .luztar (and .xml) files of a directory, sorted. */
static GPtrArray *
list_models (const char *dir)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".luztar") || g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

static void
assert_round_trip (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load (path, &error);
  g_autoptr(LzModel) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize length;

  if (model == NULL)
    g_error ("%s does not load: %s", path, error->message);
  first = lz_model_save_to_data (model, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (first), ==, length);
  again = lz_model_load_from_data (first, length, "saved.luztar", &error);
  if (again == NULL)
    g_error ("%s saved does not load: %s\n%s", path, error->message, first);
  if (!lz_model_equal (model, again))
    g_error ("%s changes in a save and load:\n%s", path, first);
  /* Saving is a fixed point after the first save. */
  second = lz_model_save_to_data (again, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, second);
}

static void
test_xml_round_trip_models (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "models", NULL);
  g_autoptr(GPtrArray) files = list_models (dir);

  g_assert_cmpuint (files->len, >=, 5);
  for (guint i = 0; i < files->len; i++)
    assert_round_trip (files->pdata[i]);
}

/* Every example of the gallery loads and round-trips (the examples are
 * written elsewhere; none may be there yet). */
static void
test_xml_round_trip_examples (void)
{
  const char *root = g_getenv ("LUZTAR_SOURCE_ROOT");
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) files = NULL;

  if (root == NULL)
    {
      g_test_skip ("LUZTAR_SOURCE_ROOT is not set");
      return;
    }
  dir = g_build_filename (root, "data", "examples", NULL);
  files = list_models (dir);
  if (files->len == 0)
    {
      g_test_skip ("no examples in data/examples yet");
      return;
    }
  for (guint i = 0; i < files->len; i++)
    assert_round_trip (files->pdata[i]);
}

/* The lesson texts (what to watch, questions in order, the place in the
 * course) are read, kept through a save, and compared. */
static void
test_xml_lesson (void)
{
  const char *xml =
    "<luztar-model version=\"1\" name=\"m\" lesson=\"7\">\n"
    "  <question>  First?\n  </question>\n"
    "  <ground id=\"wall\"/><body id=\"m1\" mass=\"1\"/>\n"
    "  <spring id=\"k1\" a=\"wall\" b=\"m1\" k=\"1\"/>\n"
    "  <what-to-watch>The mass &amp; the spring.</what-to-watch>\n"
    "  <question>Second &lt; third?</question>\n"
    "</luztar-model>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load_from_data (xml, strlen (xml), "lesson", &error);
  g_autoptr(LzModel) again = NULL;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (lz_model_get_lesson (model), ==, 7);
  g_assert_cmpstr (lz_model_get_what_to_watch (model), ==, "The mass & the spring.");
  g_assert_cmpuint (lz_model_get_n_questions (model), ==, 2);
  g_assert_cmpstr (lz_model_get_question (model, 0), ==, "First?");
  g_assert_cmpstr (lz_model_get_question (model, 1), ==, "Second < third?");
  saved = lz_model_save_to_data (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (saved, "lesson=\"7\""));
  g_assert_nonnull (strstr (saved, "<what-to-watch>The mass &amp; the spring.</what-to-watch>"));
  g_assert_true (strstr (saved, "First?") < strstr (saved, "Second"));
  again = lz_model_load_from_data (saved, strlen (saved), "saved", &error);
  g_assert_no_error (error);
  g_assert_true (lz_model_equal (model, again));
  /* each part counts in the comparison */
  lz_model_add_question (again, "Third?");
  g_assert_false (lz_model_equal (model, again));
  lz_model_clear_questions (again);
  g_assert_cmpuint (lz_model_get_n_questions (again), ==, 0);
  g_clear_pointer (&again, lz_model_unref);
  again = lz_model_copy (model);
  g_assert_true (lz_model_equal (model, again));
  lz_model_set_lesson (again, 8);
  g_assert_false (lz_model_equal (model, again));
  lz_model_set_lesson (again, 7);
  lz_model_set_what_to_watch (again, "  ");
  g_assert_cmpstr (lz_model_get_what_to_watch (again), ==, "");
  g_assert_false (lz_model_equal (model, again));
}

/* The example of docs/file-format.md reads as written. */
static void
test_xml_values (void)
{
  g_autoptr(LzModel) model = load_good ("friction-oscillator.luztar");
  const LzBody *m1 = lz_model_lookup_body (model, "m1");
  const LzElement *k1 = lz_model_lookup_element (model, "k1");
  const LzElement *c1 = lz_model_lookup_element (model, "c1");
  const LzElement *f1 = lz_model_lookup_element (model, "f1");
  const LzElement *s1 = lz_model_lookup_element (model, "s1");
  const LzSource *force = lz_model_lookup_source (model, "F1");
  const LzSource *prescribed = lz_model_lookup_source (model, "p1");
  const LzSource *actuator = lz_model_lookup_source (model, "u1");
  const LzSimulation *sim = lz_model_get_simulation (model);

  g_assert_cmpstr (lz_model_get_name (model), ==, "Forced friction oscillator");
  g_assert_cmpstr (lz_model_get_description (model), ==, "What to watch: ...");
  g_assert_cmpuint (lz_model_get_n_grounds (model), ==, 1);
  g_assert_null (lz_model_get_ground (model, 0)->motion);
  g_assert_cmpint (m1->kind, ==, LZ_BODY_TRANSLATIONAL);
  g_assert_cmpfloat (m1->mass, ==, 1);
  g_assert_cmpfloat (m1->x, ==, 200);
  g_assert_cmpfloat (m1->y, ==, 120);
  g_assert_cmpint (m1->item.line, ==, 6);
  g_assert_cmpstr (k1->a, ==, "wall");
  g_assert_cmpstr (k1->b, ==, "m1");
  g_assert_cmpfloat (k1->spring.k, ==, 1);
  g_assert_cmpint (k1->item.line, ==, 7);
  g_assert_cmpfloat (c1->damper.c, ==, 0.05);
  g_assert_cmpfloat (f1->friction.level_pos, ==, 0.6);
  g_assert_cmpfloat (f1->friction.level_neg, ==, 0.6);
  g_assert_cmpfloat (f1->friction.viscous, ==, 0);
  g_assert_cmpfloat (s1->stop.lower, ==, -0.2);
  g_assert_true (isinf (s1->stop.upper) && s1->stop.upper > 0);
  g_assert_cmpfloat (s1->stop.restitution, ==, 0);
  g_assert_cmpint (force->item.kind, ==, LZ_ITEM_FORCE);
  g_assert_cmpstr (lz_expr_get_text (force->value), ==, "sin(0.5*t)");
  g_assert_cmpfloat_with_epsilon (lz_expr_eval_d1 (force->value, 2), 0.5 * cos (1), 1e-15);
  g_assert_cmpstr (lz_expr_get_text (prescribed->value), ==, "0.1*sin(t)");
  g_assert_cmpstr (prescribed->body, ==, "m1");
  g_assert_null (actuator->value);
  g_assert_cmpfloat (sim->t_end, ==, 100);
  g_assert_cmpint (sim->method, ==, LZ_METHOD_EVENT);
  g_assert_cmpfloat (sim->dt, ==, 1e-3);
  g_assert_cmpfloat (sim->theta, ==, 0.5);
  g_assert_cmpuint (lz_model_count_pairs (model), ==, 3);
}

/* Extensions, escapes, Unicode, several grounds, asymmetric friction. */
static void
test_xml_values_extended (void)
{
  g_autoptr(LzModel) model = load_good ("belt-asymmetric.luztar");
  g_autoptr(LzModel) gears = load_good ("gear-train.luztar");
  g_autoptr(LzModel) numbers = load_good ("numbers.luztar");
  const LzGround *belt = lz_model_lookup_ground (model, "belt");
  const LzElement *f = lz_model_lookup_element (model, "f");
  const LzElement *end = lz_model_lookup_element (model, "end");
  const LzElement *mesh = lz_model_lookup_element (gears, "mesh");
  const LzBody *a = lz_model_lookup_body (numbers, "a");
  const LzBody *b = lz_model_lookup_body (numbers, "b");

  g_assert_cmpstr (lz_model_get_name (model), ==, "Block on a driven belt & a wall");
  g_assert_true (g_str_has_prefix (lz_model_get_description (model), "Stick–slip on a belt"));
  g_assert_nonnull (strstr (lz_model_get_description (model),
                            "<tag> & \"quotes\" 'apostrophes'."));
  g_assert_cmpuint (lz_model_get_n_grounds (model), ==, 2);
  g_assert_cmpstr (lz_model_lookup_ground (model, "wall")->item.label, ==, "Ściana");
  g_assert_cmpfloat (lz_model_lookup_ground (model, "wall")->x, ==, -50);
  g_assert_cmpstr (lz_model_lookup_body (model, "block")->item.label, ==, "Klocek \"A\"");
  g_assert_cmpfloat_with_epsilon (lz_expr_eval_d1 (belt->motion, 3), 0.2, 1e-15);
  g_assert_cmpfloat (f->friction.level_pos, ==, 1.2);
  g_assert_cmpfloat (f->friction.level_neg, ==, 0.8);
  g_assert_cmpfloat (f->friction.viscous, ==, 0.01);
  g_assert_cmpfloat (end->cb, ==, 2);
  g_assert_true (isinf (end->stop.upper));

  g_assert_cmpint (lz_model_lookup_body (gears, "load")->kind, ==, LZ_BODY_ROTATIONAL);
  g_assert_cmpfloat (lz_model_lookup_body (gears, "load")->mass, ==, 0.5);
  g_assert_cmpfloat (mesh->gear.ra, ==, 0.02);
  g_assert_cmpfloat (mesh->gear.rb, ==, 0.06);
  g_assert_cmpfloat (mesh->gear.stiffness, ==, 1e6);
  g_assert_cmpfloat (mesh->gear.freeplay, ==, 1e-4);
  g_assert_cmpfloat (lz_model_get_simulation (gears)->rtol, ==, 1e-10);

  g_assert_cmpfloat (a->mass, ==, 0.1);
  g_assert_cmpfloat (a->q0, ==, -1.5e-3);
  g_assert_cmpfloat (a->v0, ==, 0.5);
  g_assert_cmpfloat (b->mass, ==, 0.30000000000000004);
  g_assert_cmpfloat (b->v0, ==, DBL_MAX);
  g_assert_cmpfloat (lz_model_lookup_element (numbers, "k1")->spring.freeplay, ==, 1e-300);
  g_assert_cmpfloat (lz_model_lookup_element (numbers, "k2")->ca, ==, -2);
  g_assert_cmpint (lz_model_get_simulation (numbers)->method, ==, LZ_METHOD_EVENT);
}

/* What the writer writes: shortest numbers, no defaults, the tags of
 * docs/file-format.md. */
static void
test_xml_save_format (void)
{
  g_autoptr(LzModel) model = lz_model_new ("Saved");
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;

  lz_model_set_description (model, "a < b & c");
  lz_model_add_ground (model, "wall", &error);
  lz_model_add_body (model, "m1", LZ_BODY_TRANSLATIONAL, 0.1, &error);
  lz_model_add_body (model, "J", LZ_BODY_ROTATIONAL, 0.25, &error);
  lz_model_add_element (model, LZ_ITEM_SPRING, "k1", "wall", "m1", &error);
  lz_model_add_element (model, LZ_ITEM_FRICTION, "f1", "wall", "m1", &error);
  lz_model_add_element (model, LZ_ITEM_STOP, "s1", "wall", "m1", &error);
  lz_model_add_element (model, LZ_ITEM_DAMPER, "c1", "wall", "J", &error);
  lz_model_set_parameter (model, "f1", "level-neg", 0.5, &error);
  lz_model_set_parameter (model, "s1", "lower", -0.2, &error);
  lz_model_set_parameter_string (model, "m1", "label", "tab\there\nnewline", &error);
  g_assert_no_error (error);

  xml = lz_model_save_to_data (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
  g_assert_nonnull (strstr (xml, "<luztar-model version=\"1\" name=\"Saved\">"));
  g_assert_nonnull (strstr (xml, "<description>a &lt; b &amp; c</description>"));
  g_assert_nonnull (strstr (xml, "<ground id=\"wall\"/>"));
  g_assert_nonnull (strstr (xml, "<body id=\"m1\" kind=\"translational\" mass=\"0.1\" "
                                 "label=\"tab&#9;here&#10;newline\"/>"));
  g_assert_nonnull (strstr (xml, "<body id=\"J\" kind=\"rotational\" inertia=\"0.25\"/>"));
  g_assert_nonnull (strstr (xml, "<spring id=\"k1\" a=\"wall\" b=\"m1\" k=\"1\" freeplay=\"0\"/>"));
  g_assert_nonnull (strstr (xml, "<friction id=\"f1\" a=\"wall\" b=\"m1\" level-pos=\"1\" "
                                 "level-neg=\"0.5\"/>"));
  g_assert_nonnull (strstr (xml, "<stop id=\"s1\" a=\"wall\" b=\"m1\" lower=\"-0.2\" "
                                 "restitution=\"0\"/>"));
  g_assert_nonnull (strstr (xml, "<simulation t-end=\"10\" method=\"event\" dt=\"0.001\" "
                                 "theta=\"0.5\"/>"));
  g_assert_nonnull (strstr (xml, "</luztar-model>\n"));

  {
    g_autoptr(LzModel) again = lz_model_load_from_data (xml, strlen (xml), "x", &error);

    g_assert_no_error (error);
    g_assert_true (lz_model_equal (model, again));
    g_assert_cmpstr (lz_model_lookup_body (again, "m1")->item.label, ==, "tab\there\nnewline");
  }
}

/* A model that does not validate is not written. */
static void
test_xml_save_invalid (void)
{
  g_autoptr(LzModel) model = lz_model_new ("half done");
  g_autoptr(GError) error = NULL;

  lz_model_add_body (model, "m1", LZ_BODY_TRANSLATIONAL, 1, &error);
  lz_model_add_element (model, LZ_ITEM_SPRING, "k1", "m1", NULL, &error);
  g_assert_no_error (error);
  g_assert_null (lz_model_save_to_data (model, NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
  g_assert_nonnull (strstr (error->message, "spring “k1”: port “b” is not connected"));
}

static void
test_xml_save_atomic (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("luztar-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *missing = NULL;
  g_autoptr(LzModel) model = load_good ("two-carts-stop.luztar");
  g_autoptr(LzModel) other = load_good ("gear-train.luztar");
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n_files = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "model.luztar", NULL);
  g_assert_true (lz_model_save (model, path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(LzModel) back = lz_model_load (path, &error);

    g_assert_no_error (error);
    g_assert_true (lz_model_equal (model, back));
  }
  /* Replacing an existing file. */
  g_assert_true (lz_model_save (other, path, &error));
  {
    g_autoptr(LzModel) back = lz_model_load (path, &error);

    g_assert_no_error (error);
    g_assert_true (lz_model_equal (other, back));
  }
  /* No temporary file is left behind. */
  d = g_dir_open (dir, 0, &error);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (name, ==, "model.luztar");
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, 1);

  missing = g_build_filename (dir, "no-such-dir", "model.luztar", NULL);
  g_assert_false (lz_model_save (model, missing, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_IO);
  g_clear_error (&error);
  g_assert_null (lz_model_load (missing, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, missing));

  g_unlink (path);
  g_rmdir (dir);
}

/* A buffer without a terminating NUL, exactly as long as the document
 * (under AddressSanitizer any read past it fails). */
static void
test_xml_from_data (void)
{
  const char text[] = "<luztar-model version='1'><body id='m' mass='2'/></luztar-model>";
  gsize length = sizeof text - 1;
  g_autofree char *buffer = g_memdup2 (text, length);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load_from_data (buffer, length, "memory", &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (lz_model_get_body (model, 0)->mass, ==, 2);

  /* A truncated buffer is an error, not an over-read. */
  g_assert_null (lz_model_load_from_data (buffer, length - 3, "cut", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "cut:1: "));
  g_clear_error (&error);

  g_assert_null (lz_model_load_from_data ("", 0, "nothing", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "nothing: the file is empty");
  g_clear_error (&error);

  g_assert_null (lz_model_load_from_data ("<a>\0</a>", 8, "nul", &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_PARSE);
}

/* The canvas direction of a body or a ground (issue 21): read, kept in a
 * round trip, left out when it is the default (to the right), refused
 * when it is not a number. */
static void
test_xml_direction (void)
{
  const char text[] = "<luztar-model version='1'><ground id='floor' y='220' direction='-90'/>"
                      "<body id='m' mass='1' q0='1' direction='90'/><body id='n' mass='1'/>"
                      "<stop id='s' a='floor' b='m' lower='0'/></luztar-model>";
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) model = lz_model_load_from_data (text, sizeof text - 1, "memory", &error);
  g_autoptr(LzModel) again = NULL;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_cmpfloat (lz_model_get_body (model, 0)->direction, ==, 90);
  g_assert_cmpfloat (lz_model_get_body (model, 1)->direction, ==, 0);
  g_assert_cmpfloat (lz_model_get_ground (model, 0)->direction, ==, -90);
  saved = lz_model_save_to_data (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (saved, "direction=\"90\""));
  g_assert_nonnull (strstr (saved, "direction=\"-90\""));
  /* once per item that has it: n (the default) writes none */
  {
    g_auto(GStrv) parts = g_strsplit (saved, "direction=", -1);

    g_assert_cmpuint (g_strv_length (parts), ==, 3);
  }
  again = lz_model_load_from_data (saved, strlen (saved), "saved", &error);
  g_assert_no_error (error);
  g_assert_true (lz_model_equal (model, again));
  g_assert_true (lz_model_set_parameter (again, "m", "direction", 0, &error));
  g_assert_false (lz_model_equal (model, again));
  {
    const char bad[] = "<luztar-model version='1'>\n<body id='m' mass='1' direction='up'/></luztar-model>";
    g_autoptr(LzModel) none = lz_model_load_from_data (bad, sizeof bad - 1, "bad", &error);

    g_assert_null (none);
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
    g_assert_true (g_str_has_prefix (error->message, "bad:2: "));
    g_assert_nonnull (strstr (error->message, "direction"));
  }
}

typedef struct
{
  char   *file;
  int     line;
  char   *code;
  char   *message;
} Expected;

static void
expected_free (Expected *e)
{
  g_free (e->file);
  g_free (e->code);
  g_free (e->message);
  g_free (e);
}

static GPtrArray *
read_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad-models.tsv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) expected_free);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      Expected *e;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      fields = g_strsplit (lines[i], "\t", 4);
      g_assert_cmpuint (g_strv_length (fields), ==, 4);
      e = g_new0 (Expected, 1);
      e->file = g_strdup (fields[0]);
      e->line = atoi (fields[1]);
      e->code = g_strdup (fields[2]);
      e->message = g_strdup (fields[3]);
      g_ptr_array_add (rows, e);
    }
  return rows;
}

/* The corpus: every file fails with the code of its first row, and every
 * row's message appears on a line "FILE:LINE: …". */
static void
test_xml_bad_corpus (void)
{
  g_autoptr(GPtrArray) rows = read_table ();
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "bad", NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) files = list_models (dir);
  const char *previous = NULL;

  g_assert_cmpuint (rows->len, >=, 30);
  for (guint i = 0; i < rows->len; i++)
    {
      const Expected *e = rows->pdata[i];
      g_autofree char *path = g_build_filename (dir, e->file, NULL);
      g_autofree char *prefix = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(LzModel) model = lz_model_load (path, &error);
      g_auto(GStrv) lines = NULL;
      gboolean found = FALSE;

      g_hash_table_add (listed, e->file);
      if (model != NULL)
        g_error ("%s loads", e->file);
      g_assert_true (error->domain == LZ_ERROR);
      if (g_strcmp0 (previous, e->file) != 0
          && strcmp (lz_error_code_name (error->code), e->code) != 0)
        g_error ("%s: error code %s, wanted %s (%s)", e->file, lz_error_code_name (error->code),
                 e->code, error->message);
      previous = e->file;

      prefix = e->line > 0 ? g_strdup_printf ("%s:%d: ", path, e->line)
                           : g_strdup_printf ("%s: ", path);
      lines = g_strsplit (error->message, "\n", -1);
      for (guint j = 0; lines[j] != NULL; j++)
        {
          /* Every line names the file. */
          g_assert_true (g_str_has_prefix (lines[j], path));
          if (g_str_has_prefix (lines[j], prefix)
              && strstr (lines[j] + strlen (prefix), e->message) != NULL)
            found = TRUE;
        }
      if (!found)
        g_error ("%s: no line “%s…%s” in:\n%s", e->file, prefix, e->message, error->message);
    }

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = g_path_get_basename (files->pdata[i]);

      if (!g_hash_table_contains (listed, name))
        g_error ("%s is not in bad-models.tsv", name);
    }
  g_assert_cmpuint (files->len, >=, 30);
}

/* Validates a file against the schema compiled into the library, with
 * libxml2 directly. */
static gboolean
schema_accepts (const char *path)
{
  g_autoptr(GBytes) schema_text = lz_model_get_schema ();
  gsize size;
  const char *data = g_bytes_get_data (schema_text, &size);
  xmlRelaxNGParserCtxtPtr parser = xmlRelaxNGNewMemParserCtxt (data, (int) size);
  xmlRelaxNGPtr schema = xmlRelaxNGParse (parser);
  xmlRelaxNGValidCtxtPtr validator;
  xmlDocPtr doc;
  int status;

  g_assert_nonnull (schema);
  doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  g_assert_nonnull (doc);
  validator = xmlRelaxNGNewValidCtxt (schema);
  status = xmlRelaxNGValidateDoc (validator, doc);
  xmlRelaxNGFreeValidCtxt (validator);
  xmlFreeDoc (doc);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (parser);
  return status == 0;
}

static void quiet_errors (void       *data,
                          const char *format,
                          ...) G_GNUC_PRINTF (2, 3);

static void
quiet_errors (void       *data,
              const char *format,
              ...)
{
}

/* The loader checks everything the schema says (with better messages):
 * the good models pass the schema, and each structural error of the
 * corpus is one the schema rejects too. */
static void
test_xml_schema_agrees (void)
{
  g_autofree char *good_dir = g_test_build_filename (G_TEST_DIST, "data", "models", NULL);
  g_autoptr(GPtrArray) good = list_models (good_dir);
  g_autoptr(GPtrArray) rows = read_table ();
  guint n_schema = 0;

  xmlSetGenericErrorFunc (NULL, quiet_errors);
  for (guint i = 0; i < good->len; i++)
    if (!schema_accepts (good->pdata[i]))
      g_error ("the schema rejects %s", (char *) good->pdata[i]);

  for (guint i = 0; i < rows->len; i++)
    {
      const Expected *e = rows->pdata[i];
      g_autofree char *path = NULL;

      /* Ill-formed files never reach the schema; a DOCTYPE is our rule. */
      if (strcmp (e->code, "schema") != 0 || g_str_has_prefix (e->file, "xml-"))
        continue;
      path = g_test_build_filename (G_TEST_DIST, "data", "bad", e->file, NULL);
      if (schema_accepts (path))
        g_error ("the schema accepts %s", e->file);
      n_schema++;
    }
  g_assert_cmpuint (n_schema, >=, 15);

  /* Numbers that are not plain decimals fail the schema too. */
  {
    const char *names[] = { "model-nan.luztar", "model-text-number.luztar",
                            "model-hex-number.luztar", "model-comma-decimal.luztar",
                            "model-inf-mass.luztar", "model-bad-body-kind.luztar",
                            "model-bad-method.luztar", "model-bad-id.luztar" };

    for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", names[i], NULL);

        if (schema_accepts (path))
          g_error ("the schema accepts %s", names[i]);
      }
  }
  xmlSetGenericErrorFunc (NULL, NULL);
}

static int structured_calls;

static void
count_structured_error (void           *data,
                        TestXmlErrorPtr error)
{
  structured_calls++;
}

/* libxml2 does not print, and the application's own handler is put back
 * (and not called) after a load. */
static void
test_xml_silent (void)
{
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "bad",
                                                "xml-unclosed-tag.luztar", NULL);
  g_autofree char *schema_bad = g_test_build_filename (G_TEST_DIST, "data", "bad",
                                                       "schema-unknown-element.luztar", NULL);

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      int marker;

      xmlSetStructuredErrorFunc (&marker, count_structured_error);
      g_assert_null (lz_model_load (bad, &error));
      g_clear_error (&error);
      g_assert_null (lz_model_load (schema_bad, &error));
      g_clear_error (&error);
      g_assert_null (lz_model_load_from_data ("<x>&nope;</x>", 13, "entity", &error));
      g_assert_cmpint (structured_calls, ==, 0);
      g_assert_true (xmlStructuredError == count_structured_error);
      g_assert_true (xmlStructuredErrorContext == &marker);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("");
  g_test_trap_assert_stderr ("");
}

/* The schema compiled in is data/luztar-model.rng. */
static void
test_xml_schema_embedded (void)
{
  g_autoptr(GBytes) embedded = lz_model_get_schema ();
  const char *root = g_getenv ("LUZTAR_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (root == NULL)
    {
      g_test_skip ("LUZTAR_SOURCE_ROOT is not set");
      return;
    }
  path = g_build_filename (root, "data", "luztar-model.rng", NULL);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (g_bytes_get_data (embedded, NULL), g_bytes_get_size (embedded),
                   contents, length);
}

/* Whatever the line ends — LF, CR LF or a classic Mac's CR alone — a
 * message names the line of the fault, and a good file loads the same. */
static void
test_xml_line_ends (void)
{
  static const char *const ends[] = { "\n", "\r\n", "\r" };
  static const char *const lines[] = {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<luztar-model version=\"1\" name=\"m\">",
    "<ground id=\"wall\"/>",
    NULL,                                   /* the body, good or bad */
    "<spring id=\"k1\" a=\"wall\" b=\"m1\" k=\"1\"/>",
    "</luztar-model>",
  };

  for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
    for (guint bad = 0; bad < 2; bad++)
      {
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(LzModel) model = NULL;

        for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
          {
            g_string_append (text, lines[l] != NULL ? lines[l]
                                   : bad ? "<body id=\"m1\" mass=\"-1\"/>"
                                   : "<body id=\"m1\" mass=\"2\"/>");
            g_string_append (text, ends[e]);
          }
        model = lz_model_load_from_data (text->str, text->len, "ends.luztar", &error);
        if (bad)
          {
            g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_MODEL);
            g_assert_true (g_str_has_prefix (error->message, "ends.luztar:4: "));
          }
        else
          {
            g_assert_no_error (error);
            g_assert_cmpint (lz_model_lookup_body (model, "m1")->item.line, ==, 4);
            g_assert_cmpint (lz_model_lookup_element (model, "k1")->item.line, ==, 5);
          }
      }
}

int
main (int argc, char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/model-xml/round-trip/models", test_xml_round_trip_models);
  g_test_add_func ("/lz/model-xml/round-trip/examples", test_xml_round_trip_examples);
  g_test_add_func ("/lz/model-xml/values", test_xml_values);
  g_test_add_func ("/lz/model-xml/lesson", test_xml_lesson);
  g_test_add_func ("/lz/model-xml/line-ends", test_xml_line_ends);
  g_test_add_func ("/lz/model-xml/values-extended", test_xml_values_extended);
  g_test_add_func ("/lz/model-xml/save-format", test_xml_save_format);
  g_test_add_func ("/lz/model-xml/save-invalid", test_xml_save_invalid);
  g_test_add_func ("/lz/model-xml/save-atomic", test_xml_save_atomic);
  g_test_add_func ("/lz/model-xml/from-data", test_xml_from_data);
  g_test_add_func ("/lz/model-xml/direction", test_xml_direction);
  g_test_add_func ("/lz/model-xml/bad-corpus", test_xml_bad_corpus);
  g_test_add_func ("/lz/model-xml/schema-agrees", test_xml_schema_agrees);
  g_test_add_func ("/lz/model-xml/schema-embedded", test_xml_schema_embedded);
  g_test_add_func ("/lz/model-xml/silent", test_xml_silent);
  return g_test_run ();
}
