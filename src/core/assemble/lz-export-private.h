/* lz-export-private.h — the text, JSON and Octave writers shared by the
 * exports of the core (assembly, reduction, program motion)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>

G_BEGIN_DECLS

/* A labelled matrix, right-aligned columns, a blank line after it. */
void lz_export_append_matrix (GString          *out,
                              const char       *name,
                              const gsl_matrix *X,
                              guint             rows,
                              guint             cols,
                              char            **row_labels,
                              char            **col_labels);

/* lz_export_json_string() is public: lz-assembler.h. */
/* A number as lz_number_to_string() writes it; null when not finite. */
void lz_export_json_number   (GString          *out,
                              double            value);
/* [[row], [row], …] */
void lz_export_json_matrix   (GString          *out,
                              const gsl_matrix *X,
                              guint             rows,
                              guint             cols);
void lz_export_json_strings  (GString          *out,
                              char            **strings,
                              guint             n);

/* "NAME = [a b; c d];" */
void lz_export_octave_matrix (GString          *out,
                              const char       *name,
                              const gsl_matrix *X,
                              guint             rows,
                              guint             cols);
/* A single-quoted Octave string (newlines become spaces). */
void lz_export_octave_string (GString          *out,
                              const char       *text);
/* "NAME = {'a', 'b'};" and a newline */
void lz_export_octave_cell   (GString          *out,
                              const char       *name,
                              char            **strings,
                              guint             n);

G_END_DECLS
