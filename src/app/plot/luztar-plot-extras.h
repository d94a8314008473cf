/* luztar-plot-extras.h — a time plot's second axis per unit and its shaded stick intervals
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "lz.h"
#include "luztar-plot-math.h"

G_BEGIN_DECLS

guint    luztar_plot_assign_axes     (const char *const  *units,
                                      guint               n,
                                      gboolean           *right);

gboolean luztar_plot_stick_elements  (const LzModel      *model,
                                      const LuztarSeries *series,
                                      guint               n,
                                      gboolean           *wanted);

guint    luztar_plot_shade_sticks    (cairo_t                  *cr,
                                      const LuztarModeTimeline *timeline,
                                      const gboolean           *wanted,
                                      guint                     n_elements,
                                      const LuztarAxis         *x,
                                      double                    y0,
                                      double                    y1,
                                      gboolean                  dark);

G_END_DECLS
