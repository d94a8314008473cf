/* luztar-expr-preview.h — a small plot of an expression in t
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"

G_BEGIN_DECLS

/* The number of samples of a preview over [0, t_end]. */
#define LUZTAR_EXPR_PREVIEW_N_SAMPLES 200

#define LUZTAR_TYPE_EXPR_PREVIEW (luztar_expr_preview_get_type ())

G_DECLARE_FINAL_TYPE (LuztarExprPreview, luztar_expr_preview, LUZTAR, EXPR_PREVIEW, GtkWidget)

GtkWidget *luztar_expr_preview_new            (const char        *quantity);
void       luztar_expr_preview_set_expression (LuztarExprPreview *self,
                                               LzExpr            *expr);
void       luztar_expr_preview_set_t_end      (LuztarExprPreview *self,
                                               double             t_end);
double     luztar_expr_preview_get_t_end      (LuztarExprPreview *self);
void       luztar_expr_preview_set_unit       (LuztarExprPreview *self,
                                               const char        *unit);
guint      luztar_expr_preview_get_n_samples  (LuztarExprPreview *self);
gboolean   luztar_expr_preview_get_sample     (LuztarExprPreview *self,
                                               guint              sample,
                                               double            *t,
                                               double            *value);
gboolean   luztar_expr_preview_get_range      (LuztarExprPreview *self,
                                               double            *min,
                                               double            *max);

/**
 * LuztarExprSamples:
 * @values: (array length=n_values) (nullable): the samples at the times
 *   t_i = @t_end · i / (@n_values − 1); non-finite ones are gaps
 * @n_values: the number of samples; 0 draws the placeholder of an
 *   expression that does not parse
 * @t_end: the last time, s
 * @unit: (nullable): the unit of the values, written after the numbers
 *
 * What luztar_expr_preview_draw() plots.
 */
typedef struct
{
  const double *values;
  guint         n_values;
  double        t_end;
  const char   *unit;
} LuztarExprSamples;

void       luztar_expr_preview_draw           (cairo_t                 *cr,
                                               int                      width,
                                               int                      height,
                                               const LuztarExprSamples *samples,
                                               gboolean                 dark);

G_END_DECLS
