/* lz-sweep.h — parameter sweeps and Monte Carlo studies: many runs of one
 * model, each summarised in one row of measures
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-error.h"
#include "lz-integrator.h"
#include "lz-model.h"
#include "lz-trace.h"

G_BEGIN_DECLS

/**
 * LzSweepMeasures:
 * @after: measures over t ≥ @after only (s; 0: the whole run)
 * @strobe_period: the period of the stroboscopic samples (s; 0: none)
 * @strobe_count: how many stroboscopic samples, at @after + k·period
 * @when: (nullable): a condition "ID.QTY OP VALUE" whose first time is
 *   measured, QTY being q or v of a body, g, gdot or force of an element,
 *   OP one of < <= > >=
 *
 * What each run of a sweep reports besides its final state, its extremes,
 * its mode intervals, impacts, period and dissipated energies.
 */
typedef struct
{
  double      after;
  double      strobe_period;
  guint       strobe_count;
  const char *when;
} LzSweepMeasures;

typedef struct LzSweep LzSweep;
typedef struct LzSweepWorker LzSweepWorker;

/**
 * LzSweepRow:
 * @run: the run's index (0-based, the order of the output)
 * @params: the parameter values of the run (lz_sweep_get_n_params())
 * @measures: the measures (lz_sweep_get_n_measures()); NaN where there is
 *   no value (no period detected, a condition never met, a failed run)
 * @error: (nullable): why the run failed
 * @error_code: with @error, its LzError code (LZ_ERROR_FAILED for an error
 *   of another domain): an interface adds to a limit's message the knob
 *   that raises it
 *
 * The result of one run.
 */
typedef struct
{
  guint   run;
  double *params;
  double *measures;
  char   *error;
  LzError error_code;
} LzSweepRow;

void            lz_sweep_row_free          (LzSweepRow          *row);

LzSweep        *lz_sweep_new               (LzModel             *model,
                                            const char          *file);
LzSweep        *lz_sweep_ref               (LzSweep             *self);
void            lz_sweep_unref             (LzSweep             *self);

gboolean        lz_sweep_add_set           (LzSweep             *self,
                                            const char          *spec,
                                            GError             **error);
gboolean        lz_sweep_add_template      (LzSweep             *self,
                                            const char          *spec,
                                            GError             **error);
char          **lz_sweep_dup_template_params (const LzSweep     *self);
gboolean        lz_sweep_add_vary          (LzSweep             *self,
                                            const char          *spec,
                                            GError             **error);
void            lz_sweep_set_monte_carlo   (LzSweep             *self,
                                            guint                count,
                                            guint64              seed);
void            lz_sweep_set_method        (LzSweep             *self,
                                            const LzIntegratorType *type,
                                            const LzIntegratorOptions *options);
gboolean        lz_sweep_set_strobe_frequency (LzSweep          *self,
                                            const char          *param,
                                            GError             **error);
gboolean        lz_sweep_set_measures      (LzSweep             *self,
                                            const LzSweepMeasures *measures,
                                            GError             **error);

guint           lz_sweep_get_n_runs        (const LzSweep       *self);
guint           lz_sweep_get_n_params      (const LzSweep       *self);
const char     *lz_sweep_get_param_name    (const LzSweep       *self,
                                            guint                param);
guint           lz_sweep_get_n_measures    (const LzSweep       *self);
const char     *lz_sweep_get_measure_name  (const LzSweep       *self,
                                            guint                measure);
int             lz_sweep_find_measure      (const LzSweep       *self,
                                            const char          *name);
void            lz_sweep_get_values        (const LzSweep       *self,
                                            guint                run,
                                            double              *values);

/* One worker per thread: its own copy of the model, expressions parsed
 * for it alone (libmatheval's evaluators are not reentrant). */
LzSweepWorker  *lz_sweep_worker_new        (LzSweep             *self,
                                            GError             **error);
void            lz_sweep_worker_free       (LzSweepWorker       *worker);
LzSweepRow     *lz_sweep_worker_run        (LzSweepWorker       *worker,
                                            guint                run);
/* What a thread of a pool hands over: a finished row (transfer full), or
 * why its worker could not start (row NULL).  Called on that thread. */
typedef void    (*LzSweepDeliverFunc) (LzSweepRow *row,
                                       const char *failure,
                                       gpointer    user_data);

void            lz_sweep_serve             (LzSweep             *self,
                                            gint                *next,
                                            guint                end,
                                            gint                *stop,
                                            LzSweepDeliverFunc   deliver,
                                            gpointer             user_data);
LzModel        *lz_sweep_dup_run_model     (LzSweep             *self,
                                            guint                run,
                                            GError             **error);

/* Den Hartog's boundary of non-stop forced motion with Coulomb friction
 * (lz-den-hartog.c). */
double          lz_den_hartog_amplitude    (double               r,
                                            double               f);
double          lz_den_hartog_boundary     (double               r);

/* Called in the order of the runs, on the thread that called
 * lz_sweep_run(); return FALSE to stop. */
typedef gboolean (*LzSweepRowFunc) (const LzSweepRow *row,
                                    guint             done,
                                    gpointer          user_data);

gboolean        lz_sweep_run               (LzSweep             *self,
                                            guint                jobs,
                                            guint                first,
                                            guint                last,
                                            LzSweepRowFunc       func,
                                            gpointer             user_data,
                                            GError             **error);

/* Output: a CSV header and rows, JSON objects. */
char           *lz_sweep_dup_csv_header    (const LzSweep       *self);
char           *lz_sweep_row_to_csv        (const LzSweep       *self,
                                            const LzSweepRow    *row);
char           *lz_sweep_row_to_json       (const LzSweep       *self,
                                            const LzSweepRow    *row);

/* The measures of one finished run (lz-measures.c). */
void            lz_sweep_measure_trace     (const LzSweep       *self,
                                            const LzTrace       *trace,
                                            double              *measures);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzSweep, lz_sweep_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzSweepWorker, lz_sweep_worker_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LzSweepRow, lz_sweep_row_free)

G_END_DECLS
