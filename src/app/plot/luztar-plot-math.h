/* luztar-plot-math.h — ticks, axis mapping, decimation and series of the plots
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GTK-free half of the live plots (docs/architecture.md, the live plots): nice tick
 * placement and tick labels, the map between values and pixels, a min/max
 * index that answers "smallest and largest value over rows [a, b)" in
 * O(log n) while the trace grows, the variables of a trace a plot can show
 * (LuztarSeries), and the mode intervals of the mode timeline.  Unit-tested
 * without a display in tests/app/test-plot-math.c.
 */

#pragma once

#include <glib.h>

#include "lz.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------ */
/* Ticks                                                                      */

#define LUZTAR_PLOT_MAX_TICKS 64

guint    luztar_plot_ticks             (double        lo,
                                        double        hi,
                                        guint         target,
                                        double       *ticks,
                                        guint         max_ticks,
                                        double       *step);
char    *luztar_plot_format_tick       (double        value,
                                        double        step);
char    *luztar_plot_format_value      (double        value,
                                        const char   *unit);
void     luztar_plot_nice_range        (double        lo,
                                        double        hi,
                                        double        margin,
                                        double       *out_lo,
                                        double       *out_hi);

/* ------------------------------------------------------------------------ */
/* Axis mapping                                                               */

/**
 * LuztarAxis:
 * @lo: the value at pixel @p0
 * @hi: the value at pixel @p1
 * @p0: a pixel coordinate (left, or bottom for a y axis)
 * @p1: another pixel coordinate (right, or top for a y axis)
 *
 * A linear map between values and pixels.  A y axis has @p0 > @p1 since
 * pixels grow downwards.
 */
typedef struct
{
  double lo;
  double hi;
  double p0;
  double p1;
} LuztarAxis;

double   luztar_axis_to_pixel          (const LuztarAxis *axis,
                                        double            value);
double   luztar_axis_to_value          (const LuztarAxis *axis,
                                        double            pixel);
void     luztar_axis_zoom              (LuztarAxis       *axis,
                                        double            anchor,
                                        double            factor);
void     luztar_axis_pan               (LuztarAxis       *axis,
                                        double            pixels);

/* ------------------------------------------------------------------------ */
/* The min/max index                                                          */

/* Rows per block at the lowest level, and blocks per block above it. */
#define LUZTAR_MINMAX_FANOUT_BITS 6
#define LUZTAR_MINMAX_FANOUT      (1u << LUZTAR_MINMAX_FANOUT_BITS)

typedef double (*LuztarRowFunc) (gconstpointer data,
                                 guint         row);

typedef struct _LuztarMinMaxIndex LuztarMinMaxIndex;

LuztarMinMaxIndex *luztar_minmax_index_new     (LuztarRowFunc      get,
                                                gconstpointer      data);
void               luztar_minmax_index_free    (LuztarMinMaxIndex *self);
guint              luztar_minmax_index_get_n_rows (const LuztarMinMaxIndex *self);
void               luztar_minmax_index_extend  (LuztarMinMaxIndex *self,
                                                guint              n_rows);
gboolean           luztar_minmax_index_query   (const LuztarMinMaxIndex *self,
                                                guint              a,
                                                guint              b,
                                                double            *min,
                                                double            *max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LuztarMinMaxIndex, luztar_minmax_index_free)

/* ------------------------------------------------------------------------ */
/* Series: one variable of a trace                                            */

/**
 * LuztarSeriesKind:
 * @LUZTAR_SERIES_BODY_Q: position of a body (m or rad)
 * @LUZTAR_SERIES_BODY_V: velocity of a body (m/s or rad/s)
 * @LUZTAR_SERIES_ELEMENT_FORCE: tension T of an element (N or N·m)
 * @LUZTAR_SERIES_ELEMENT_G: relative coordinate g of an element
 * @LUZTAR_SERIES_ELEMENT_GDOT: its rate ġ
 * @LUZTAR_SERIES_ENERGY_KINETIC: kinetic energy (J)
 * @LUZTAR_SERIES_ENERGY_POTENTIAL: energy stored in the springs (J)
 * @LUZTAR_SERIES_ENERGY_DAMPING: dissipated by dampers so far (J)
 * @LUZTAR_SERIES_ENERGY_FRICTION: dissipated by dry friction so far (J)
 * @LUZTAR_SERIES_ENERGY_IMPACTS: lost in impacts so far (J)
 * @LUZTAR_SERIES_ENERGY_SOURCES: work of the sources so far (J)
 * @LUZTAR_SERIES_ENERGY_BALANCE_ERROR: the energy-balance error (J)
 * @LUZTAR_SERIES_ENERGY_DISSIPATED: damping + friction + impacts (J)
 * @LUZTAR_SERIES_ENERGY_NUMERICAL: taken by the time-stepping scheme's
 *   numerical damping (θ > ½) so far (J)
 */
typedef enum
{
  LUZTAR_SERIES_BODY_Q,
  LUZTAR_SERIES_BODY_V,
  LUZTAR_SERIES_ELEMENT_FORCE,
  LUZTAR_SERIES_ELEMENT_G,
  LUZTAR_SERIES_ELEMENT_GDOT,
  LUZTAR_SERIES_ENERGY_KINETIC,
  LUZTAR_SERIES_ENERGY_POTENTIAL,
  LUZTAR_SERIES_ENERGY_DAMPING,
  LUZTAR_SERIES_ENERGY_FRICTION,
  LUZTAR_SERIES_ENERGY_IMPACTS,
  LUZTAR_SERIES_ENERGY_SOURCES,
  LUZTAR_SERIES_ENERGY_BALANCE_ERROR,
  LUZTAR_SERIES_ENERGY_DISSIPATED,
  LUZTAR_SERIES_ENERGY_NUMERICAL,
  LUZTAR_SERIES_N_KINDS
} LuztarSeriesKind;

/**
 * LuztarSeries:
 * @kind: which variable
 * @index: the body (body kinds) or the element (element kinds); unused
 *   for the energy kinds
 *
 * One column (or a sum of columns) of an #LzTrace.  A plain value type.
 */
typedef struct
{
  LuztarSeriesKind kind;
  guint            index;
} LuztarSeries;

gboolean  luztar_series_is_valid       (const LuztarSeries *series,
                                        const LzTrace      *trace);
gboolean  luztar_series_equal          (const LuztarSeries *a,
                                        const LuztarSeries *b);
double    luztar_series_get_value      (const LuztarSeries *series,
                                        const LzTrace      *trace,
                                        guint               row);
char     *luztar_series_dup_label      (const LuztarSeries *series,
                                        const LzTrace      *trace);
char     *luztar_series_dup_label_for_id (const LuztarSeries *series,
                                        const char         *id);
const char *luztar_series_get_unit     (const LuztarSeries *series,
                                        const LzModel      *model);

/* ------------------------------------------------------------------------ */
/* Mode intervals of the mode timeline                                        */

/**
 * LuztarModeInterval:
 * @t0: start (s)
 * @t1: end (s): the next mode change, or the last sample's time
 * @mode: the mode of the element over [@t0, @t1)
 */
typedef struct
{
  double t0;
  double t1;
  LzMode mode;
} LuztarModeInterval;

typedef struct _LuztarModeTimeline LuztarModeTimeline;

LuztarModeTimeline *luztar_mode_timeline_new       (void);
void                luztar_mode_timeline_free      (LuztarModeTimeline *self);
void                luztar_mode_timeline_reset     (LuztarModeTimeline *self);
gboolean            luztar_mode_timeline_update    (LuztarModeTimeline *self,
                                                    const LzTrace      *trace,
                                                    guint               n_samples,
                                                    guint               n_events);
guint               luztar_mode_timeline_get_n_strips (const LuztarModeTimeline *self);
guint               luztar_mode_timeline_get_element (const LuztarModeTimeline *self,
                                                    guint               strip);
const LuztarModeInterval *luztar_mode_timeline_get_intervals (const LuztarModeTimeline *self,
                                                    guint               strip,
                                                    guint              *n_intervals);
const guint        *luztar_mode_timeline_get_events (const LuztarModeTimeline *self,
                                                    guint               strip,
                                                    guint              *n_events);
guint               luztar_mode_timeline_get_modes_present (const LuztarModeTimeline *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LuztarModeTimeline, luztar_mode_timeline_free)

G_END_DECLS
