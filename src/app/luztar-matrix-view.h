/* luztar-matrix-view.h — the assembled matrices and equations of a model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_MATRIX_VIEW (luztar_matrix_view_get_type ())

G_DECLARE_FINAL_TYPE (LuztarMatrixView, luztar_matrix_view, LUZTAR, MATRIX_VIEW, GtkBox)

GtkWidget  *luztar_matrix_view_new         (void);
void        luztar_matrix_view_set_model   (LuztarMatrixView *self,
                                            const LzModel    *model);
char       *luztar_matrix_view_dup_text    (LuztarMatrixView *self);
char       *luztar_matrix_view_dup_octave  (LuztarMatrixView *self);

/* What is shown, for tests and for the window. */
const char *luztar_matrix_view_get_message (LuztarMatrixView *self);
GtkWidget  *luztar_matrix_view_get_cell    (LuztarMatrixView *self,
                                            const char       *part,
                                            guint             row,
                                            guint             column);

G_END_DECLS
