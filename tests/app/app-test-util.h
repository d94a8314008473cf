/* app-test-util.h — helpers that the tests of tests/app share: loading
 * models, waiting for a widget to be laid out and drawn, PNG files
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gtk/gtk.h>

#include "lz.h"

G_BEGIN_DECLS

/* What the main() of a test with widgets does first: the C.UTF-8 locale,
 * GSL's error handler off (the core reports GSL's errors), gtk_test_init()
 * and libadwaita. */
void             app_test_init            (int           *argc,
                                           char        ***argv);

/* The model in PATH; the test fails if it does not load. */
LzModel         *app_test_load_path       (const char    *path);
/* data/examples/NAME (through $LUZTAR_EXAMPLES_DIR), its path and its
 * model. */
char            *app_test_example_path    (const char    *name);
LzModel         *app_test_load_example    (const char    *name);
/* tests/data/models/NAME (through $LUZTAR_SOURCE_ROOT). */
LzModel         *app_test_load_test_model (const char    *name);

/* Turns the main loop until @widget is mapped and laid out (at most 5 s)
 * and its window has drawn a frame, and a little more (0.2 s) for the
 * frame clock to paint it. */
void             app_test_wait_for_layout (GtkWidget     *widget);
/* A loaded machine (a sanitizer build) may not have laid @widget out and
 * mapped it yet: turns the main loop until it has (at most 10 s); TRUE
 * if it has. */
gboolean         app_test_wait_drawable   (GtkWidget     *widget);

/* @widget as the renderer draws it, over @background unless NULL, written
 * to the build tree's test-artifacts/NAME (for a look, not compared). */
void             app_test_save_png        (GtkWidget     *widget,
                                           const GdkRGBA *background,
                                           const char    *name);

/* $LUZTAR_TEST_ARTIFACTS/SUBDIR (or one under the temporary directory),
 * made if need be. */
char            *app_test_artifacts_dir   (const char    *subdir);
/* A PNG read back as an opaque RGB24 surface (a PNG with alpha is
 * composited over black, so that it differs rather than crashes); NULL
 * if it cannot be read. */
cairo_surface_t *app_test_load_png        (const char    *path);
/* The family that "Sans" resolves to, for the messages of image
 * comparisons. */
char            *app_test_sans_family     (void);

/* The first widget in the tree under @root (itself included, depth
 * first) that @match accepts, or NULL. */
typedef gboolean (*AppTestMatchFunc) (GtkWidget     *widget,
                                      gconstpointer  data);
GtkWidget       *app_test_find            (GtkWidget        *root,
                                           AppTestMatchFunc  match,
                                           gconstpointer     data);
/* The first widget of @type in the tree under @root (itself included). */
GtkWidget       *app_test_find_type       (GtkWidget     *root,
                                           GType          type);
/* The same among the mapped widgets (a status page of an empty state may
 * hold a hidden widget of the same type). */
GtkWidget       *app_test_find_mapped_type (GtkWidget    *root,
                                            GType         type);
/* Whether LUZTAR_UPDATE_PICTURES=1: a test that compares a drawing with a
 * committed picture (help/C/figures/, tests/app/reference/) writes the
 * picture instead, after a deliberate change of the drawing. */
gboolean         app_test_update_pictures (void);
/* The picture FRESH against help/C/figures/NAME.png: the same size and
 * at most 2 % of the pixels off by more than 10 % (as tests/app/tour.py);
 * LUZTAR_UPDATE_PICTURES=1 writes it there instead.  TEST names the
 * meson test that makes it, for the message. */
void             app_test_compare_picture (const char    *fresh,
                                           const char    *name,
                                           const char    *test);

/* Turns the main loop for @ms milliseconds, as time passes for a user. */
void             app_test_turn_main_loop  (guint          ms);

G_END_DECLS
