/* lz-lcp-private.h — the pieces of lz-lcp.c that the mixed LCP (lz-mlcp.c) builds on
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

#include "lz-lcp.h"

G_BEGIN_DECLS

/* The preconditions of every entry point: M is n×n, and q, z and w have
 * n entries (g_return_val_if_fail() messages when not). */
gboolean lz_lcp_shapes_agree    (const gsl_matrix *M,
                                 const gsl_vector *q,
                                 const gsl_vector *z,
                                 const gsl_vector *w);
/* An %LZ_ERROR_INVALID_ARGUMENT error naming the first entry of M or q
 * that is not a finite number. */
gboolean lz_lcp_check_finite    (const gsl_matrix *M,
                                 const gsl_vector *q,
                                 GError          **error);
/* Lemke on (M, q) into the contiguous z (n); @offset shifts the indices of
 * the messages (the variables of an enclosing problem). */
gboolean lz_lcp_lemke_raw       (const gsl_matrix *M,
                                 const gsl_vector *q,
                                 double           *z,
                                 guint             offset,
                                 guint            *pivots,
                                 GError          **error);
/* Copies the contiguous @zz into @z and sets w = Mz + q. */
void     lz_lcp_finish_solution (const gsl_matrix *M,
                                 const gsl_vector *q,
                                 const double     *zz,
                                 gsl_vector       *z,
                                 gsl_vector       *w);
/* The report of (z, w = Mz + q as lz_lcp_finish_solution() sets it),
 * rows below @n_eq being equalities. */
void     lz_lcp_report          (const gsl_matrix *M,
                                 const gsl_vector *q,
                                 const double     *z,
                                 const gsl_vector *w,
                                 guint             n_eq,
                                 guint             iterations,
                                 LzLcpReport      *report);

G_END_DECLS
