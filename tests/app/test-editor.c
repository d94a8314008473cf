/* test-editor.c — building and editing a model as a user does: the
 * window's edit API and actions, the canvas's selection, keyboard actions,
 * placing and its accessible items (under Xvfb, see tests/headless.sh)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "lz.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-symbols.h"
#include "luztar-window.h"
#include "app-test-util.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static LuztarCanvas *
find_canvas (GtkWidget *widget)
{
  if (LUZTAR_IS_CANVAS (widget))
    return LUZTAR_CANVAS (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      LuztarCanvas *found = find_canvas (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static LuztarWindow *
new_window (LuztarCanvas **canvas)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 720);
  *canvas = find_canvas (GTK_WIDGET (window));
  g_assert_nonnull (*canvas);
  return window;
}

/* Activates a window action (what the menu, the keys or D-Bus do). */
static void
win_action (LuztarWindow *window,
            const char   *name,
            GVariant     *parameter)
{
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), name));
  g_action_group_activate_action (G_ACTION_GROUP (window), name, parameter);
}

static gboolean
action_enabled (LuztarWindow *window,
                const char   *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static double
param (LuztarWindow *window,
       const char   *id,
       const char   *name)
{
  double value = NAN;

  g_assert_true (lz_model_get_parameter (luztar_window_get_model (window), id, name, &value, NULL));
  return value;
}

static void
assert_at (LuztarWindow *window,
           const char   *id,
           double        x,
           double        y)
{
  g_assert_cmpfloat (param (window, id, "x"), ==, x);
  g_assert_cmpfloat (param (window, id, "y"), ==, y);
}

static void
assert_ports (LuztarWindow *window,
              const char   *id,
              const char   *a,
              const char   *b)
{
  const LzElement *el = lz_model_lookup_element (luztar_window_get_model (window), id);

  g_assert_nonnull (el);
  g_assert_cmpstr (el->a, ==, a);
  g_assert_cmpstr (el->b, ==, b);
}

static void
assert_source_on (LuztarWindow *window,
                  const char   *id,
                  const char   *body)
{
  const LzSource *src = lz_model_lookup_source (luztar_window_get_model (window), id);

  g_assert_nonnull (src);
  g_assert_cmpstr (src->body, ==, body);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The ids of the model, sorted, joined by spaces. */
static char *
model_ids (LuztarWindow *window)
{
  LzModel *model = luztar_window_get_model (window);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
    g_ptr_array_add (ids, lz_model_get_ground (model, i)->item.id);
  for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
    g_ptr_array_add (ids, lz_model_get_body (model, i)->item.id);
  for (guint i = 0; i < lz_model_get_n_elements (model); i++)
    g_ptr_array_add (ids, lz_model_get_element (model, i)->item.id);
  for (guint i = 0; i < lz_model_get_n_sources (model); i++)
    g_ptr_array_add (ids, lz_model_get_source (model, i)->item.id);
  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* The selection, sorted, joined by spaces. */
static char *
selection_string (LuztarCanvas *canvas)
{
  GPtrArray *selection = luztar_canvas_get_selection (canvas);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = 0; i < selection->len; i++)
    g_ptr_array_add (sorted, selection->pdata[i]);
  g_ptr_array_sort (sorted, compare_strings);
  g_ptr_array_add (sorted, NULL);
  return g_strjoinv (" ", (char **) sorted->pdata);
}

#define assert_ids(window, expected) \
  G_STMT_START { g_autofree char *got_ = model_ids (window); g_assert_cmpstr (got_, ==, expected); } G_STMT_END
#define assert_selection(canvas, expected) \
  G_STMT_START { g_autofree char *got_ = selection_string (canvas); g_assert_cmpstr (got_, ==, expected); } G_STMT_END

static void
select_ids (LuztarCanvas *canvas,
            const char   *ids)
{
  g_auto(GStrv) v = g_strsplit (ids, " ", -1);

  luztar_canvas_select (canvas, (const char * const *) v);
}

static const char *
add (LuztarWindow *window,
     const char   *kind,
     double        x,
     double        y,
     const char   *a,
     const char   *b)
{
  g_autoptr(GError) error = NULL;
  const char *id = luztar_window_add_item (window, kind, x, y, a, b, &error);

  g_assert_no_error (error);
  g_assert_nonnull (id);
  return id;
}

/* The model of the brief, built as a user would on a new model (the wall
 * at (100, 160)): masses at (300, 160) and (500, 160), a spring between them,
 * friction of m1 on the wall's floor, a stop between the wall and m1, a
 * force on m2.  Seven items, six undo steps. */
static void
build_model (LuztarWindow *window,
             LuztarCanvas *canvas)
{
  g_assert_cmpstr (add (window, "mass", 300, 160, NULL, NULL), ==, "m1");
  assert_selection (canvas, "m1");
  g_assert_cmpstr (add (window, "mass", 500, 160, NULL, NULL), ==, "m2");
  g_assert_cmpstr (add (window, "spring", 0, 0, "m1", "m2"), ==, "k1");
  g_assert_cmpstr (add (window, "friction", 0, 0, "wall", "m1"), ==, "f1");
  g_assert_cmpstr (add (window, "stop", 0, 0, "wall", "m1"), ==, "s1");
  g_assert_cmpstr (add (window, "force", 0, 0, "m2", NULL), ==, "F1");
  assert_selection (canvas, "F1");
}

/* ------------------------------------------------------------------------ */

/* Building: ids, ports, positions and default parameters; refusals; every
 * edit one undo step; the modified flag follows the history. */
static void
test_build (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  LzModel *fresh, *built;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  luztar_window_new_model (window);
  fresh = luztar_window_get_model (window);
  g_assert_cmpstr (lz_model_get_name (fresh), ==, "New model");
  assert_ids (window, "wall");
  assert_at (window, "wall", 100, 160);
  g_assert_false (luztar_window_is_modified (window));
  g_assert_false (luztar_window_undo (window));
  g_assert_false (action_enabled (window, "undo"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "New model");
  g_assert_true (luztar_canvas_get_model (canvas) == fresh);

  build_model (window, canvas);
  built = luztar_window_get_model (window);
  g_assert_true (luztar_canvas_get_model (canvas) == built);
  assert_ids (window, "F1 f1 k1 m1 m2 s1 wall");
  g_assert_true (luztar_window_is_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• New model");
  g_assert_true (action_enabled (window, "undo"));
  g_assert_false (action_enabled (window, "redo"));

  /* positions and defaults */
  assert_at (window, "wall", 100, 160);
  assert_at (window, "m1", 300, 160);
  assert_at (window, "m2", 500, 160);
  g_assert_cmpint (lz_model_lookup_body (built, "m1")->kind, ==, LZ_BODY_TRANSLATIONAL);
  g_assert_cmpfloat (param (window, "m1", "mass"), ==, 1);
  g_assert_cmpfloat (param (window, "m2", "q0"), ==, 0);
  g_assert_cmpfloat (param (window, "m2", "v0"), ==, 0);
  assert_ports (window, "k1", "m1", "m2");
  g_assert_cmpfloat (param (window, "k1", "k"), ==, 1);
  g_assert_cmpfloat (param (window, "k1", "freeplay"), ==, 0);
  g_assert_cmpfloat (param (window, "k1", "offset"), ==, 0);
  g_assert_cmpfloat (param (window, "k1", "ca"), ==, 1);
  g_assert_cmpfloat (param (window, "k1", "cb"), ==, 1);
  assert_ports (window, "f1", "wall", "m1");
  g_assert_cmpfloat (param (window, "f1", "level-pos"), ==, 1);
  g_assert_cmpfloat (param (window, "f1", "level-neg"), ==, 1);
  g_assert_cmpfloat (param (window, "f1", "viscous"), ==, 0);
  assert_ports (window, "s1", "wall", "m1");
  /* a new stop does something: m1 may come 0.1 closer to the wall */
  g_assert_cmpfloat (param (window, "s1", "lower"), ==, -0.1);
  g_assert_cmpfloat (param (window, "s1", "upper"), ==, INFINITY);
  g_assert_cmpfloat (param (window, "s1", "restitution"), ==, 0);
  assert_source_on (window, "F1", "m2");
  value = lz_model_dup_parameter_string (built, "F1", "value", NULL);
  g_assert_cmpstr (value, ==, "0");
  g_assert_true (lz_model_validate (built, NULL));

  /* refusals change nothing and say why */
  g_assert_null (luztar_window_add_item (window, "spring", 0, 0, "m1", NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (luztar_window_add_item (window, "force", 0, 0, NULL, NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (luztar_window_add_item (window, "bogus", 0, 0, NULL, NULL, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (luztar_window_add_item (window, "force", 0, 0, "wall", NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (luztar_window_add_item (window, "spring", 0, 0, "m1", "nowhere", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (luztar_window_get_model (window) == built);

  /* an inertia; (0, 0) means "not placed" to the layout, so it moves off it */
  g_assert_cmpstr (add (window, "inertia", 0, 0, NULL, NULL), ==, "m3");
  g_assert_cmpint (lz_model_lookup_body (luztar_window_get_model (window), "m3")->kind, ==, LZ_BODY_ROTATIONAL);
  g_assert_cmpfloat (param (window, "m3", "inertia"), ==, 1);
  assert_at (window, "m3", 20, 0);
  g_assert_cmpstr (add (window, "ground", 40, 400, NULL, NULL), ==, "ground1");
  g_assert_cmpstr (add (window, "damper", 0, 0, "ground1", "m3"), ==, "c1");
  g_assert_cmpfloat (param (window, "c1", "c"), ==, 1);
  g_assert_cmpstr (add (window, "gear", 0, 0, "m3", "ground1"), ==, "gear1");
  g_assert_cmpstr (add (window, "motion", 0, 0, "m3", NULL), ==, "p1");
  g_assert_cmpstr (add (window, "actuator", 0, 0, "m1", NULL), ==, "u1");
  g_assert_cmpint (lz_model_lookup (luztar_window_get_model (window), "p1")->kind, ==, LZ_ITEM_PRESCRIBED);
  g_assert_cmpint (lz_model_lookup (luztar_window_get_model (window), "u1")->kind, ==, LZ_ITEM_ACTUATOR);
  for (int i = 0; i < 6; i++)
    g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == built);

  /* six steps back to the new model, which is not modified; and forward */
  for (int i = 0; i < 6; i++)
    g_assert_true (luztar_window_undo (window));
  g_assert_false (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == fresh);
  g_assert_false (luztar_window_is_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "New model");
  g_assert_true (action_enabled (window, "redo"));
  for (int i = 0; i < 6; i++)
    g_assert_true (luztar_window_redo (window));
  g_assert_true (luztar_window_get_model (window) == built);
  g_assert_true (luztar_window_is_modified (window));
  /* the actions do the same */
  win_action (window, "undo", NULL);
  assert_ids (window, "f1 k1 m1 m2 s1 wall");
  win_action (window, "redo", NULL);
  g_assert_true (luztar_window_get_model (window) == built);
  /* a new edit clears the redo stack */
  luztar_window_undo (window);
  luztar_window_move_items (window, (const char * const[]) { "m1", NULL }, 20, 0);
  g_assert_false (luztar_window_redo (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Moving keeps the connections; the arrow keys move the selected bodies
 * and grounds by a grid step (a fifth with Shift). */
static void
test_move_nudge (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  LzModel *before;

  luztar_window_new_model (window);
  build_model (window, canvas);
  before = luztar_window_get_model (window);
  luztar_window_move_items (window, (const char * const[]) { "m1", "wall", NULL }, 20, -40);
  assert_at (window, "m1", 320, 120);
  assert_at (window, "wall", 120, 120);
  assert_at (window, "m2", 500, 160);
  assert_ids (window, "F1 f1 k1 m1 m2 s1 wall");
  assert_ports (window, "k1", "m1", "m2");
  assert_ports (window, "f1", "wall", "m1");
  assert_ports (window, "s1", "wall", "m1");
  assert_source_on (window, "F1", "m2");
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);
  assert_at (window, "m1", 300, 160);

  /* nudging: the force in the selection does not move (it has no place) */
  select_ids (canvas, "F1 m2");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 1.0, 0.0));
  assert_at (window, "m2", 520, 160);
  assert_at (window, "m1", 300, 160);
  assert_source_on (window, "F1", "m2");
  assert_selection (canvas, "F1 m2");       /* the selection stays */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 0.0, -1.0);
  assert_at (window, "m2", 520, 140);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 0.0, 0.2);   /* Shift+Down */
  assert_at (window, "m2", 520, 144);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", -0.2, 0.0);  /* Shift+Left */
  assert_at (window, "m2", 516, 144);
  for (int i = 0; i < 4; i++)
    g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);
  luztar_window_redo (window);
  assert_at (window, "m2", 520, 160);
  luztar_window_undo (window);

  /* nothing movable selected: no edit, no undo step */
  select_ids (canvas, "k1 F1");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 1.0, 0.0);
  luztar_canvas_select (canvas, NULL);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 1.0, 0.0);
  g_assert_true (luztar_window_get_model (window) == before);

  /* "move-items" from the canvas is carried out by the window */
  g_signal_emit_by_name (canvas, "move-items", (const char * const[]) { "m1", "m2", NULL }, -40.0, 20.0);
  assert_at (window, "m1", 260, 180);
  assert_at (window, "m2", 460, 180);
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Deleting a body or a ground takes its elements and sources along, in one
 * undo step. */
static void
test_delete (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  LzModel *before;

  luztar_window_new_model (window);
  build_model (window, canvas);
  before = luztar_window_get_model (window);

  luztar_canvas_select (canvas, NULL);
  g_assert_false (action_enabled (window, "delete"));
  g_assert_false (action_enabled (window, "duplicate"));
  g_assert_false (action_enabled (window, "copy"));
  g_assert_false (action_enabled (window, "cut"));
  g_assert_true (action_enabled (window, "paste"));
  g_assert_true (action_enabled (window, "select-all"));
  luztar_window_delete_selection (window);          /* nothing selected: nothing happens */
  g_assert_true (luztar_window_get_model (window) == before);

  select_ids (canvas, "m1");
  g_assert_true (action_enabled (window, "delete"));
  win_action (window, "delete", NULL);
  assert_ids (window, "F1 m2 wall");
  assert_selection (canvas, "");
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);
  assert_ids (window, "F1 f1 k1 m1 m2 s1 wall");

  select_ids (canvas, "m2");
  luztar_window_delete_selection (window);
  assert_ids (window, "f1 m1 s1 wall");
  g_assert_true (lz_model_validate (luztar_window_get_model (window), NULL));
  luztar_window_undo (window);

  select_ids (canvas, "wall");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "win.delete", NULL);   /* the Delete key */
  assert_ids (window, "F1 k1 m1 m2");
  luztar_window_undo (window);

  select_ids (canvas, "k1 F1");
  luztar_window_delete_selection (window);
  assert_ids (window, "f1 m1 m2 s1 wall");
  luztar_window_undo (window);

  /* everything */
  win_action (window, "select-all", NULL);
  luztar_window_delete_selection (window);
  assert_ids (window, "");
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);
  g_assert_true (lz_model_equal (luztar_window_get_model (window), before));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Duplicate: the selection, the elements between selected ports and the
 * sources on selected bodies, with new ids, 40 units down and right. */
static void
test_duplicate (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  g_autofree char *value = NULL;
  LzModel *before;

  luztar_window_new_model (window);
  build_model (window, canvas);
  g_assert_true (luztar_window_set_parameter (window, "m2", "mass", "2.5", NULL));
  g_assert_true (luztar_window_set_parameter (window, "k1", "k", "7", NULL));
  g_assert_true (luztar_window_set_parameter (window, "F1", "value", "sin(t)", NULL));
  g_assert_true (luztar_window_set_parameter (window, "m1", "v0", "0.5", NULL));
  before = luztar_window_get_model (window);

  select_ids (canvas, "m1 m2");
  win_action (window, "duplicate", NULL);
  assert_ids (window, "F1 F2 f1 k1 k2 m1 m2 m3 m4 s1 wall");
  assert_selection (canvas, "F2 k2 m3 m4");
  assert_at (window, "m3", 340, 200);
  assert_at (window, "m4", 540, 200);
  assert_ports (window, "k2", "m3", "m4");
  assert_source_on (window, "F2", "m4");
  g_assert_cmpfloat (param (window, "m4", "mass"), ==, 2.5);
  g_assert_cmpfloat (param (window, "m3", "v0"), ==, 0.5);
  g_assert_cmpfloat (param (window, "k2", "k"), ==, 7);
  value = lz_model_dup_parameter_string (luztar_window_get_model (window), "F2", "value", NULL);
  g_assert_cmpstr (value, ==, "sin(t)");
  /* the originals are untouched */
  assert_at (window, "m1", 300, 160);
  assert_ports (window, "k1", "m1", "m2");
  g_assert_true (lz_model_validate (luztar_window_get_model (window), NULL));
  /* one undo step */
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);

  /* duplicating the copy again (Ctrl+D twice) */
  select_ids (canvas, "m2");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "win.duplicate", NULL);
  assert_selection (canvas, "F2 m3");
  assert_at (window, "m3", 540, 200);
  assert_source_on (window, "F2", "m3");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "win.duplicate", NULL);
  assert_selection (canvas, "F3 m4");
  assert_at (window, "m4", 580, 240);
  luztar_window_undo (window);
  luztar_window_undo (window);

  /* a ground and a body: the friction and the stop between them come too */
  select_ids (canvas, "wall m1");
  win_action (window, "duplicate", NULL);
  assert_selection (canvas, "f2 m3 s2 wall1");
  assert_at (window, "wall1", 140, 200);
  assert_ports (window, "f2", "wall1", "m3");
  assert_ports (window, "s2", "wall1", "m3");
  luztar_window_undo (window);

  /* an element alone: a second one between the same ports */
  select_ids (canvas, "k1");
  win_action (window, "duplicate", NULL);
  assert_selection (canvas, "k2");
  assert_ports (window, "k2", "m1", "m2");
  g_assert_cmpfloat (param (window, "k2", "k"), ==, 7);
  luztar_window_undo (window);
  g_assert_true (luztar_window_get_model (window) == before);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs the main loop until WINDOW's model is another one (paste reads the
 * clipboard asynchronously). */
static void
wait_for_edit (LuztarWindow *window,
               LzModel      *before)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (luztar_window_get_model (window) == before && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (luztar_window_get_model (window) != before);
}

/* Copy, cut and paste: within a window and into another one. */
static void
test_clipboard (void)
{
  LuztarCanvas *canvas, *canvas2;
  LuztarWindow *window = new_window (&canvas);
  LuztarWindow *window2 = new_window (&canvas2);
  LzModel *before;

  luztar_window_new_model (window);
  build_model (window, canvas);
  gtk_window_present (GTK_WINDOW (window));
  before = luztar_window_get_model (window);

  /* m2 and its force */
  select_ids (canvas, "m2");
  win_action (window, "copy", NULL);
  g_assert_true (luztar_window_get_model (window) == before);   /* copying is no edit */
  win_action (window, "paste", NULL);
  wait_for_edit (window, before);
  assert_ids (window, "F1 F2 f1 k1 m1 m2 m3 s1 wall");
  assert_selection (canvas, "F2 m3");
  assert_at (window, "m3", 540, 200);
  assert_source_on (window, "F2", "m3");
  g_assert_true (luztar_window_undo (window));
  g_assert_true (luztar_window_get_model (window) == before);

  /* into a new model in another window: the ids are free there */
  luztar_window_new_model (window2);
  gtk_window_present (GTK_WINDOW (window2));
  {
    LzModel *empty = luztar_window_get_model (window2);

    win_action (window2, "paste", NULL);
    wait_for_edit (window2, empty);
    assert_ids (window2, "F1 m2 wall");
    assert_at (window2, "m2", 540, 200);
    assert_source_on (window2, "F1", "m2");
    assert_selection (canvas2, "F1 m2");
    g_assert_true (luztar_window_is_modified (window2));
    g_assert_true (lz_model_validate (luztar_window_get_model (window2), NULL));
    /* and again: new ids (the first free ones) */
    empty = luztar_window_get_model (window2);
    win_action (window2, "paste", NULL);
    wait_for_edit (window2, empty);
    assert_ids (window2, "F1 F2 m1 m2 wall");
    assert_source_on (window2, "F2", "m1");
    assert_source_on (window2, "F1", "m2");
  }

  /* two bodies and the spring between them */
  select_ids (canvas, "m1 m2");
  win_action (window, "copy", NULL);
  luztar_window_new_model (window2);
  {
    LzModel *empty = luztar_window_get_model (window2);

    win_action (window2, "paste", NULL);
    wait_for_edit (window2, empty);
    assert_ids (window2, "F1 k1 m1 m2 wall");
    assert_ports (window2, "k1", "m1", "m2");
    assert_at (window2, "m1", 340, 200);
  }

  /* something that cannot be a document (a ground alone) is not copied:
   * the clipboard keeps the last copy */
  select_ids (canvas, "wall");
  win_action (window, "copy", NULL);
  win_action (window, "paste", NULL);
  wait_for_edit (window, before);
  assert_ids (window, "F1 F2 f1 k1 k2 m1 m2 m3 m4 s1 wall");
  luztar_window_undo (window);
  g_assert_true (luztar_window_get_model (window) == before);

  /* cut: m1 goes with what is attached to it; pasted back under its own
   * name, without the elements that tied it to the rest */
  select_ids (canvas, "m1");
  win_action (window, "cut", NULL);
  assert_ids (window, "F1 m2 wall");
  {
    LzModel *cut = luztar_window_get_model (window);

    win_action (window, "paste", NULL);
    wait_for_edit (window, cut);
  }
  assert_ids (window, "F1 m1 m2 wall");
  assert_at (window, "m1", 340, 200);
  luztar_window_undo (window);
  luztar_window_undo (window);
  g_assert_true (luztar_window_get_model (window) == before);

  gtk_window_destroy (GTK_WINDOW (window2));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Select all and Esc; Save As with a path writes the window's model; the
 * modified flag follows undo and redo around the save; New starts afresh. */
static void
test_select_all_save (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  g_autofree char *dir = g_dir_make_tmp ("luztar-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "built.luztar", NULL);
  g_autoptr(LzModel) loaded = NULL;
  g_autoptr(GError) error = NULL;

  luztar_window_new_model (window);
  build_model (window, canvas);
  win_action (window, "select-all", NULL);
  assert_selection (canvas, "F1 f1 k1 m1 m2 s1 wall");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.escape", NULL);
  assert_selection (canvas, "");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.select-all", NULL);
  assert_selection (canvas, "F1 f1 k1 m1 m2 s1 wall");
  /* Esc first disarms a palette tool, then clears the selection */
  luztar_canvas_set_tool (canvas, "spring");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.escape", NULL);
  g_assert_null (luztar_canvas_get_tool (canvas));
  assert_selection (canvas, "F1 f1 k1 m1 m2 s1 wall");
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.escape", NULL);
  assert_selection (canvas, "");
  /* select ignores ids that are not in the model, and duplicates */
  select_ids (canvas, "m1 nothing m1");
  assert_selection (canvas, "m1");

  g_assert_true (luztar_window_is_modified (window));
  win_action (window, "save-as", g_variant_new_string (path));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (luztar_window_is_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "New model");
  loaded = lz_model_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (lz_model_equal (loaded, luztar_window_get_model (window)));

  /* around the saved state */
  luztar_window_undo (window);
  g_assert_true (luztar_window_is_modified (window));
  luztar_window_redo (window);
  g_assert_false (luztar_window_is_modified (window));
  /* saving again (win.save, the file is known) */
  luztar_window_move_items (window, (const char * const[]) { "m2", NULL }, 20, 0);
  g_assert_true (luztar_window_is_modified (window));
  win_action (window, "save", NULL);
  g_assert_false (luztar_window_is_modified (window));
  g_clear_pointer (&loaded, lz_model_unref);
  loaded = lz_model_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (lz_model_equal (loaded, luztar_window_get_model (window)));

  /* New on a window without unsaved changes starts over in it */
  win_action (window, "new", NULL);
  assert_ids (window, "wall");
  g_assert_false (luztar_window_is_modified (window));
  g_assert_false (luztar_window_undo (window));
  assert_selection (canvas, "");

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct
{
  guint  n;
  char  *kind;
  double x, y;
  char  *a, *b;
} Created;

static void
on_create_item (LuztarCanvas *canvas,
                const char   *kind,
                double        x,
                double        y,
                const char   *a,
                const char   *b,
                Created      *c)
{
  c->n++;
  g_free (c->kind);
  g_free (c->a);
  g_free (c->b);
  c->kind = g_strdup (kind);
  c->x = x;
  c->y = y;
  c->a = g_strdup (a);
  c->b = g_strdup (b);
}

static void
place_at (LuztarCanvas *canvas,
          const char   *kind,
          double        mx,
          double        my,
          gboolean      expected)
{
  double wx, wy;

  luztar_canvas_to_widget (canvas, mx, my, &wx, &wy);
  g_assert_cmpint (luztar_canvas_place (canvas, kind, wx, wy), ==, expected);
}

static void
count_signal (gpointer instance,
              guint   *n)
{
  (*n)++;
}

/* Placing at widget coordinates (a drop from the palette): "create-item"
 * says what and where, and the window adds it. */
static void
test_place (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  Created c = { 0, };
  guint n_selection = 0;
  LzModel *before;

  luztar_window_new_model (window);
  build_model (window, canvas);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_layout (GTK_WIDGET (canvas));
  g_signal_connect (canvas, "create-item", G_CALLBACK (on_create_item), &c);
  g_signal_connect (canvas, "selection-changed", G_CALLBACK (count_signal), &n_selection);

  /* a force onto m2's block */
  place_at (canvas, "force", 500, 160, TRUE);
  g_assert_cmpuint (c.n, ==, 1);
  g_assert_cmpstr (c.kind, ==, "force");
  g_assert_cmpstr (c.a, ==, "m2");
  g_assert_null (c.b);
  assert_source_on (window, "F2", "m2");
  assert_selection (canvas, "F2");
  g_assert_cmpuint (n_selection, >=, 1);
  /* a little off the block (within the port radius) still finds it */
  place_at (canvas, "motion", 300, 200, TRUE);
  g_assert_cmpstr (c.a, ==, "m1");
  assert_source_on (window, "p1", "m1");
  /* a spring between the two masses */
  place_at (canvas, "spring", 400, 160, TRUE);
  g_assert_cmpstr (c.a, ==, "m1");
  g_assert_cmpstr (c.b, ==, "m2");
  assert_ports (window, "k2", "m1", "m2");
  /* a damper dropped onto m1: m1 and the nearest other port (the wall's
   * centre is 204 away, m2's 200) */
  place_at (canvas, "damper", 300, 160, TRUE);
  g_assert_cmpstr (c.a, ==, "m1");
  g_assert_cmpstr (c.b, ==, "m2");
  /* friction dropped onto m2: onto the ground */
  place_at (canvas, "friction", 500, 160, TRUE);
  g_assert_cmpstr (c.a, ==, "wall");
  g_assert_cmpstr (c.b, ==, "m2");
  assert_ports (window, "f2", "wall", "m2");
  /* a mass goes to the grid point */
  place_at (canvas, "mass", 707, 253, TRUE);
  g_assert_cmpstr (c.kind, ==, "mass");
  g_assert_cmpfloat (c.x, ==, 700);
  g_assert_cmpfloat (c.y, ==, 260);
  assert_at (window, "m3", 700, 260);
  assert_selection (canvas, "m3");
  /* nothing there: asked for with no ports, and nothing is added */
  before = luztar_window_get_model (window);
  place_at (canvas, "force", 900, 500, FALSE);
  g_assert_cmpstr (c.kind, ==, "force");
  g_assert_null (c.a);
  place_at (canvas, "spring", 1000, 160, FALSE);
  g_assert_null (c.a);
  g_assert_null (c.b);
  g_assert_true (luztar_window_get_model (window) == before);
  g_assert_cmpuint (c.n, ==, 8);

  g_free (c.kind);
  g_free (c.a);
  g_free (c.b);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The accessible children: one LuztarCanvasItem per item, in the order of
 * the shapes, over the shape's rectangle; focusing one selects it. */
static void
assert_items_match_shapes (LuztarCanvas *canvas)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (luztar_canvas_get_model (canvas));
  guint i = 0;

  app_test_wait_for_layout (GTK_WIDGET (canvas));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      const LuztarShape *s;
      graphene_rect_t bounds;
      double x0, y0, x1, y1;

      g_assert_cmpstr (G_OBJECT_TYPE_NAME (child), ==, "LuztarCanvasItem");
      g_assert_cmpuint (i, <, shapes->len);
      s = &g_array_index (shapes, LuztarShape, i);
      g_assert_cmpint (gtk_widget_get_visible (child), ==, s->shown);
      g_assert_true (gtk_widget_get_focusable (child));
      g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (child)), ==,
                       GTK_ACCESSIBLE_ROLE_BUTTON);
      if (!s->shown)
        continue;
      luztar_canvas_to_widget (canvas, s->x0, s->y0, &x0, &y0);
      luztar_canvas_to_widget (canvas, s->x1, s->y1, &x1, &y1);
      g_assert_true (gtk_widget_compute_bounds (child, GTK_WIDGET (canvas), &bounds));
      if (fabs (bounds.origin.x - x0) > 2 || fabs (bounds.origin.y - y0) > 2
          || fabs (bounds.origin.x + bounds.size.width - x1) > 2
          || fabs (bounds.origin.y + bounds.size.height - y1) > 2)
        g_error ("item %s is at %g,%g %gx%g, its shape at %g,%g–%g,%g", s->id,
                 bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                 x0, y0, x1, y1);
    }
  g_assert_cmpuint (i, ==, shapes->len);
}

static GtkWidget *
nth_item (LuztarCanvas *canvas,
          guint         n)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas));

  while (n-- > 0 && child != NULL)
    child = gtk_widget_get_next_sibling (child);
  g_assert_nonnull (child);
  return child;
}

static guint
index_of_item (LuztarCanvas *canvas,
               GtkWidget    *item)
{
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    if (child == item)
      return i;
  g_assert_not_reached ();
}

static void
test_accessible_items (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  g_autoptr(GArray) shapes = NULL;
  GtkWidget *focus;
  guint index;

  luztar_window_new_model (window);
  build_model (window, canvas);
  gtk_window_present (GTK_WINDOW (window));
  assert_items_match_shapes (canvas);

  /* the order of the shapes: wall, m1, m2, k1, f1, s1, F1 */
  shapes = luztar_symbols_get_shapes (luztar_canvas_get_model (canvas));
  g_assert_cmpuint (shapes->len, ==, 7);
  g_assert_cmpstr (g_array_index (shapes, LuztarShape, 2).id, ==, "m2");
  g_assert_cmpstr (g_array_index (shapes, LuztarShape, 3).id, ==, "k1");

  /* focus (Tab) onto an item selects it */
  luztar_canvas_select (canvas, NULL);
  g_assert_true (gtk_widget_grab_focus (nth_item (canvas, 2)));
  assert_selection (canvas, "m2");
  g_assert_true (gtk_widget_grab_focus (nth_item (canvas, 3)));
  assert_selection (canvas, "k1");
  /* Tab moves on to another item, and selects it */
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (canvas), GTK_DIR_TAB_FORWARD));
  focus = gtk_widget_get_focus_child (GTK_WIDGET (canvas));
  g_assert_nonnull (focus);
  index = index_of_item (canvas, focus);
  g_assert_cmpuint (index, !=, 3);
  {
    GPtrArray *selection = luztar_canvas_get_selection (canvas);

    g_assert_cmpuint (selection->len, ==, 1);
    g_assert_cmpstr (selection->pdata[0], ==, g_array_index (shapes, LuztarShape, index).id);
  }

  /* the children follow edits: moved, deleted, added */
  luztar_window_move_items (window, (const char * const[]) { "m2", NULL }, 60, 40);
  assert_items_match_shapes (canvas);
  select_ids (canvas, "m1");
  luztar_window_delete_selection (window);
  assert_items_match_shapes (canvas);
  g_assert_true (luztar_window_undo (window));
  assert_items_match_shapes (canvas);
  add (window, "inertia", 300, 320, NULL, NULL);
  add (window, "gear", 0, 0, "wall", "m3");
  assert_items_match_shapes (canvas);
  /* zoomed in: the children shrink and grow with the drawing */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  assert_items_match_shapes (canvas);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Simplify Model: a new window with the massless joints of Example 5.1
 * eliminated, whose Undo shows the model as it was; the first window's
 * model is untouched.  A model with nothing to simplify opens nothing. */
static void
test_simplify (void)
{
  LuztarCanvas *canvas;
  LuztarWindow *window = new_window (&canvas);
  LuztarWindow *simplified = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"),
                                            "paper002-ex51-absorber.luztar", NULL);
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_before;
  LzModel *model;
  const LzElement *spring;

  g_assert_true (luztar_window_open_example (window, path));
  gtk_window_present (GTK_WINDOW (window));
  n_before = g_list_model_get_n_items (toplevels);
  g_action_group_activate_action (G_ACTION_GROUP (window), "simplify", g_variant_new_string ("joints"));
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (LUZTAR_IS_WINDOW (w) && LUZTAR_WINDOW (w) != window)
        simplified = LUZTAR_WINDOW (w);
    }
  g_assert_nonnull (simplified);

  model = luztar_window_get_model (simplified);
  g_assert_cmpuint (lz_model_get_n_bodies (model), ==, 1);
  g_assert_true (luztar_window_is_modified (simplified));
  spring = lz_model_lookup_element (model, "k1_k2");
  g_assert_nonnull (spring);
  g_assert_cmpfloat (fabs (spring->spring.k - 250000.0 * 100000 / 350000), <, 1e-6);
  g_assert_nonnull (lz_model_lookup_element (model, "c1_c2"));
  g_assert_cmpuint (lz_model_get_n_bodies (luztar_window_get_model (window)), ==, 3);
  g_assert_false (luztar_window_is_modified (window));

  g_assert_true (luztar_window_undo (simplified));
  g_assert_cmpuint (lz_model_get_n_bodies (luztar_window_get_model (simplified)), ==, 3);
  g_assert_true (luztar_window_redo (simplified));
  g_assert_cmpuint (lz_model_get_n_bodies (luztar_window_get_model (simplified)), ==, 1);

  /* nothing to simplify: no new window */
  n_before = g_list_model_get_n_items (toplevels);
  g_action_group_activate_action (G_ACTION_GROUP (simplified), "simplify", g_variant_new_string ("joints"));
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_before);
  /* no gear train: no new window either (a toast says why) */
  g_action_group_activate_action (G_ACTION_GROUP (window), "simplify", g_variant_new_string ("gear-2"));
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_before);

  gtk_window_destroy (GTK_WINDOW (simplified));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/luztar/editor/simplify", test_simplify);
  g_test_add_func ("/luztar/editor/build", test_build);
  g_test_add_func ("/luztar/editor/move-nudge", test_move_nudge);
  g_test_add_func ("/luztar/editor/delete", test_delete);
  g_test_add_func ("/luztar/editor/duplicate", test_duplicate);
  g_test_add_func ("/luztar/editor/clipboard", test_clipboard);
  g_test_add_func ("/luztar/editor/select-all-save", test_select_all_save);
  g_test_add_func ("/luztar/editor/place", test_place);
  g_test_add_func ("/luztar/editor/accessible-items", test_accessible_items);
  return g_test_run ();
}
