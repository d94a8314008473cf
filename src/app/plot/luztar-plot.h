/* luztar-plot.h — the live plots: time series, phase portrait, mode timeline, energy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "lz.h"
#include "luztar-plot-math.h"

G_BEGIN_DECLS

/**
 * LuztarPlotKind:
 * @LUZTAR_PLOT_TIME_SERIES: chosen variables against time
 * @LUZTAR_PLOT_PHASE: one variable against another (q̇ against q),
 *   coloured by the mode of an element
 * @LUZTAR_PLOT_MODES: one strip per nonsmooth element, coloured by mode,
 *   with the events as ticks
 * @LUZTAR_PLOT_ENERGY: kinetic, potential, dissipated, work of sources
 *   and the balance error (on its own axis) against time
 */
typedef enum
{
  LUZTAR_PLOT_TIME_SERIES,
  LUZTAR_PLOT_PHASE,
  LUZTAR_PLOT_MODES,
  LUZTAR_PLOT_ENERGY,
} LuztarPlotKind;

#define LUZTAR_TYPE_PLOT (luztar_plot_get_type ())

G_DECLARE_FINAL_TYPE (LuztarPlot, luztar_plot, LUZTAR, PLOT, GtkWidget)

GtkWidget      *luztar_plot_new            (LuztarPlotKind      kind);
LuztarPlotKind  luztar_plot_get_kind       (LuztarPlot         *self);
void            luztar_plot_set_trace      (LuztarPlot         *self,
                                            LzTrace            *trace);
LzTrace        *luztar_plot_get_trace      (LuztarPlot         *self);
void            luztar_plot_set_model      (LuztarPlot         *self,
                                            LzModel            *model);
void            luztar_plot_set_live       (LuztarPlot         *self,
                                            gboolean            live);
gboolean        luztar_plot_get_live       (LuztarPlot         *self);
void            luztar_plot_set_series     (LuztarPlot         *self,
                                            const LuztarSeries *series,
                                            guint               n);
const LuztarSeries *luztar_plot_get_series (LuztarPlot         *self,
                                            guint              *n);
void            luztar_plot_set_phase      (LuztarPlot         *self,
                                            const LuztarSeries *x,
                                            const LuztarSeries *y,
                                            int                 mode_element);
void            luztar_plot_set_marks      (LuztarPlot         *self,
                                            const double       *times,
                                            const char *const  *texts,
                                            guint               n,
                                            const char         *label);
const double   *luztar_plot_get_marks      (LuztarPlot         *self,
                                            guint              *n);
void            luztar_plot_set_titles     (LuztarPlot         *self,
                                            const char         *y_title,
                                            const char         *empty_text);
void            luztar_plot_set_time_range (LuztarPlot         *self,
                                            double              t0,
                                            double              t1);
void            luztar_plot_set_cursor     (LuztarPlot         *self,
                                            double              t);
void            luztar_plot_set_dark       (LuztarPlot         *self,
                                            gboolean            dark);
void            luztar_plot_set_emphasis   (LuztarPlot         *self,
                                            double              emphasis);
void            luztar_plot_reset_view     (LuztarPlot         *self);
void            luztar_plot_get_x_range    (LuztarPlot         *self,
                                            double             *lo,
                                            double             *hi);
void            luztar_plot_get_y_range    (LuztarPlot         *self,
                                            double             *lo,
                                            double             *hi);
guint           luztar_plot_get_n_rows     (LuztarPlot         *self);
const LuztarModeTimeline *luztar_plot_get_mode_timeline (LuztarPlot *self);
void            luztar_plot_get_timings    (LuztarPlot         *self,
                                            double             *update_us,
                                            double             *snapshot_us);
gboolean        luztar_plot_export         (LuztarPlot         *self,
                                            const char         *path,
                                            int                 width,
                                            int                 height,
                                            GError            **error);

/* What the pointer is over, for tests and tooltips: widget coordinates
 * in, the time under them out; for the mode timeline also the event
 * whose marker is within a few pixels (−1: none). */
gboolean        luztar_plot_pick           (LuztarPlot         *self,
                                            double              x,
                                            double              y,
                                            double             *t,
                                            int                *event);

G_END_DECLS
