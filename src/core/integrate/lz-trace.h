/* lz-trace.h — the record of a run: columns of samples, events, energy
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-model.h"
#include "lz-elements.h"

G_BEGIN_DECLS

/**
 * LzEvent:
 * @t: time (s)
 * @element: index of the element in the model (file order); for the jump
 *   of a force (cause %LZ_CAUSE_FORCING), the number of elements plus the
 *   index of the force among the model's sources
 * @from: the mode before
 * @to: the mode after
 * @cause: why
 *
 * One row of the event log.
 */
typedef struct
{
  double       t;
  guint        element;
  LzMode       from;
  LzMode       to;
  LzEventCause cause;
} LzEvent;

/**
 * LzEnergy:
 * @kinetic: ½ q̇ᵀM q̇ (J)
 * @potential: energy stored in the springs (J)
 * @damping: dissipated by dampers and viscous friction since the start (J)
 * @friction: dissipated by dry friction (J)
 * @impacts: lost in impacts (J)
 * @sources: work done by forces and moving grounds (J)
 * @balance_error: kinetic + potential + dissipated + numerical − sources −
 *   initial energy: zero for an exact run (J)
 * @numerical: taken by the integration scheme itself — the numerical
 *   damping of time-stepping with θ > ½; 0 for event-driven runs (J)
 *
 * The energy balance at one sample.
 */
typedef struct
{
  double kinetic;
  double potential;
  double damping;
  double friction;
  double impacts;
  double sources;
  double balance_error;
  double numerical;
} LzEnergy;

typedef struct LzTrace LzTrace;

/* A trace for a model: n bodies, e elements.  One thread appends
 * (lz_trace_append, lz_trace_append_event), any number of other threads
 * may read what has been published meanwhile: the counts are published
 * after the data, and stored rows never move. */
LzTrace        *lz_trace_new                (const LzModel *model);
LzTrace        *lz_trace_ref                (LzTrace       *trace);
void            lz_trace_unref              (LzTrace       *trace);

guint           lz_trace_get_n_bodies       (const LzTrace *trace);
guint           lz_trace_get_n_elements     (const LzTrace *trace);
const char     *lz_trace_get_body_id        (const LzTrace *trace,
                                             guint          body);
const char     *lz_trace_get_element_id     (const LzTrace *trace,
                                             guint          element);

/* Writer: q, v have n entries; force, g, gdot and modes have e (the
 * tension T, the relative coordinate and its rate of each element). */
void            lz_trace_append             (LzTrace        *trace,
                                             double          t,
                                             const double   *q,
                                             const double   *v,
                                             const double   *force,
                                             const double   *g,
                                             const double   *gdot,
                                             const LzMode   *modes,
                                             const LzEnergy *energy);
void            lz_trace_append_event       (LzTrace        *trace,
                                             const LzEvent  *event);
void            lz_trace_finish             (LzTrace        *trace);

/* Reader: rows < lz_trace_get_n_samples() are complete and immutable. */
guint           lz_trace_get_n_samples      (const LzTrace *trace);
gboolean        lz_trace_is_finished        (const LzTrace *trace);
gsize           lz_trace_get_row_bytes      (const LzTrace *trace);
double          lz_trace_get_time           (const LzTrace *trace,
                                             guint          row);
double          lz_trace_get_q              (const LzTrace *trace,
                                             guint          row,
                                             guint          body);
double          lz_trace_get_v              (const LzTrace *trace,
                                             guint          row,
                                             guint          body);
double          lz_trace_get_force          (const LzTrace *trace,
                                             guint          row,
                                             guint          element);
double          lz_trace_get_g              (const LzTrace *trace,
                                             guint          row,
                                             guint          element);
double          lz_trace_get_gdot           (const LzTrace *trace,
                                             guint          row,
                                             guint          element);
/* g of ELEMENT in rows FIRST … FIRST + COUNT − 1 (published) into OUT,
 * a cell a value: one column's stretch without a call a cell. */
void            lz_trace_get_g_rows         (const LzTrace *trace,
                                             guint          element,
                                             guint          first,
                                             guint          count,
                                             double        *out);
LzMode          lz_trace_get_mode           (const LzTrace *trace,
                                             guint          row,
                                             guint          element);
void            lz_trace_get_energy         (const LzTrace *trace,
                                             guint          row,
                                             LzEnergy      *energy);
/* The first row with time ≥ t (binary search), or n_samples. */
guint           lz_trace_find_time          (const LzTrace *trace,
                                             double         t);

guint           lz_trace_get_n_events       (const LzTrace *trace);
void            lz_trace_get_event          (const LzTrace *trace,
                                             guint          index,
                                             LzEvent       *event);

/* CSV for luztar-cli run: the samples "t,<body>.q,<body>.v,…" in file
 * order, or the events "t,element,from,to,cause". */
typedef enum
{
  LZ_TRACE_CSV_SAMPLES,
  LZ_TRACE_CSV_EVENTS,
} LzTraceCsv;

gboolean        lz_trace_write_csv          (const LzTrace *trace,
                                             LzTraceCsv     what,
                                             const char    *path,
                                             GError       **error);

/* The same CSV written by another thread while a run appends (luztar-cli
 * run --out): start it before the run, finish it after. */
typedef struct LzTraceCsvStream LzTraceCsvStream;

LzTraceCsvStream *lz_trace_csv_stream_new   (LzTrace          *trace,
                                             const char       *path,
                                             GError          **error);
gboolean        lz_trace_csv_stream_finish  (LzTraceCsvStream *stream,
                                             GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzTrace, lz_trace_unref)

G_END_DECLS
