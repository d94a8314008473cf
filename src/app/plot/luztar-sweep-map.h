/* luztar-sweep-map.h — the drawing of a sweep: a regime map or a
 * bifurcation diagram
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "plot/luztar-sweep-map-titles.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_SWEEP_MAP (luztar_sweep_map_get_type ())

G_DECLARE_FINAL_TYPE (LuztarSweepMap, luztar_sweep_map, LUZTAR, SWEEP_MAP, GtkWidget)

/**
 * LuztarSweepAxis:
 * @title: the axis title, with its unit
 * @values: the grid's values (@n of them, in run order)
 * @n: how many
 * @log: a logarithmic axis
 */
typedef struct
{
  const char   *title;
  const double *values;
  guint         n;
  gboolean      log;
} LuztarSweepAxis;

GtkWidget  *luztar_sweep_map_new           (void);
void        luztar_sweep_map_set_grid      (LuztarSweepMap        *self,
                                            const LuztarSweepAxis *x,
                                            const LuztarSweepAxis *y,
                                            const char            *value_title);
void        luztar_sweep_map_set_bifurcation (LuztarSweepMap      *self,
                                            const LuztarSweepAxis *x,
                                            const char            *y_title);
void        luztar_sweep_map_set_cell      (LuztarSweepMap        *self,
                                            guint                  ix,
                                            guint                  iy,
                                            double                 value,
                                            gboolean               failed);
void        luztar_sweep_map_add_dots      (LuztarSweepMap        *self,
                                            guint                  ix,
                                            const double          *q,
                                            guint                  n);
void        luztar_sweep_map_set_curve     (LuztarSweepMap        *self,
                                            const double          *x,
                                            const double          *y,
                                            guint                  n,
                                            const char            *label);
gboolean    luztar_sweep_map_pick          (LuztarSweepMap        *self,
                                            double                 x,
                                            double                 y,
                                            guint                 *ix,
                                            guint                 *iy);
void        luztar_sweep_map_set_title     (LuztarSweepMap        *self,
                                            const char            *title);
void        luztar_sweep_map_set_highlight (LuztarSweepMap        *self,
                                            int                    ix,
                                            int                    iy);
guint       luztar_sweep_map_get_n_filled  (LuztarSweepMap        *self);
gboolean    luztar_sweep_map_export        (LuztarSweepMap        *self,
                                            const char            *path,
                                            int                    width,
                                            int                    height,
                                            GError               **error);

const LuztarMapTitles *luztar_sweep_map_get_titles (LuztarSweepMap *self);

G_END_DECLS
