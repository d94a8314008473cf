/* luztar-plot-panels.h — a time plot of three or more units as stacked panels, one y-axis each
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "luztar-plot-math.h"

G_BEGIN_DECLS

/* Panels at most: the units past the last share its panel. */
#define LUZTAR_PLOT_MAX_PANELS 6

/**
 * LuztarPlotPanels:
 * @n: how many panels; 0 when the units fit the left and right axes
 * @units: (array length=n): the unit of each panel (borrowed from the
 *   series' units, which are static strings)
 * @lo: (array length=n): each panel's value range, low end
 * @hi: (array length=n): its high end
 * @valid: the ranges hold data
 * @axis: (array length=n): each panel's value → pixel map
 *
 * One panel per unit, stacked top to bottom in the order the units first
 * appear, sharing the time axis at the bottom.
 */
typedef struct
{
  guint       n;
  const char *units[LUZTAR_PLOT_MAX_PANELS];
  double      lo[LUZTAR_PLOT_MAX_PANELS], hi[LUZTAR_PLOT_MAX_PANELS];
  gboolean    valid;
  LuztarAxis  axis[LUZTAR_PLOT_MAX_PANELS];
} LuztarPlotPanels;

guint luztar_plot_panels_assign (LuztarPlotPanels   *panels,
                                 const char *const  *units,
                                 guint               n,
                                 guint              *panel_of);
void  luztar_plot_panels_place  (LuztarPlotPanels   *panels,
                                 double              top,
                                 double              bottom,
                                 double              gap);
int   luztar_plot_panels_at     (const LuztarPlotPanels *panels,
                                 double                  y);
char *luztar_plot_axis_title   (const char *const  *labels,
                                 const char *const  *units,
                                 guint               n);
char *luztar_plot_describe_modes (const LuztarModeTimeline *timeline,
                                  LzTrace                  *trace);
void  luztar_plot_settle_range  (double             *lo,
                                 double             *hi,
                                 double              dmin,
                                 double              dmax,
                                 gboolean            live,
                                 gboolean            valid);

G_END_DECLS
