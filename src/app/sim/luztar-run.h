/* luztar-run.h — a simulation run in a worker thread, read live by the GUI
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A LuztarRun owns a copy of a model, its assembly, an integrator and the
 * trace the integrator appends to.  The integrator steps in a worker
 * thread; the GUI reads the trace lock-free (rows below
 * lz_trace_get_n_samples() never change) from its frame-clock callbacks.
 * GObject, GLib and GIO only, so that it can be tested without a display.
 *
 * Every function must be called on the thread whose thread-default main
 * context was current when the run was created (the GUI's main thread);
 * the signals and notifications are emitted there.
 */

#pragma once

#include <glib-object.h>

#include "lz.h"

G_BEGIN_DECLS

/**
 * LuztarMethod:
 * @LUZTAR_METHOD_EVENT_DRIVEN: event-driven integration with exact mode
 *   switches (every body needs a mass)
 * @LUZTAR_METHOD_TIME_STEPPING: Moreau–Jean time-stepping with the fixed
 *   step of the options or the model
 */
typedef enum
{
  LUZTAR_METHOD_EVENT_DRIVEN,
  LUZTAR_METHOD_TIME_STEPPING,
} LuztarMethod;

/**
 * LuztarRunState:
 * @LUZTAR_RUN_READY: at t0, nothing run yet
 * @LUZTAR_RUN_RUNNING: the worker is stepping
 * @LUZTAR_RUN_PAUSED: stopped before the end; can go on
 * @LUZTAR_RUN_FINISHED: the end time is reached
 * @LUZTAR_RUN_FAILED: the integrator could not go on; see
 *   luztar_run_get_error()
 */
typedef enum
{
  LUZTAR_RUN_READY,
  LUZTAR_RUN_RUNNING,
  LUZTAR_RUN_PAUSED,
  LUZTAR_RUN_FINISHED,
  LUZTAR_RUN_FAILED,
} LuztarRunState;

/**
 * LuztarStopReason:
 * @LUZTAR_STOP_PAUSED: the user paused
 * @LUZTAR_STOP_STEP: a single step was taken
 * @LUZTAR_STOP_EVENT: step-to-next-switch reached a switch
 * @LUZTAR_STOP_BREAKPOINT: a watched element switched mode
 * @LUZTAR_STOP_TIME: run-until reached its time
 * @LUZTAR_STOP_END: the end time is reached
 * @LUZTAR_STOP_ERROR: the integrator failed
 *
 * Why the worker stopped ("stopped" signal).
 */
typedef enum
{
  LUZTAR_STOP_PAUSED,
  LUZTAR_STOP_STEP,
  LUZTAR_STOP_EVENT,
  LUZTAR_STOP_BREAKPOINT,
  LUZTAR_STOP_TIME,
  LUZTAR_STOP_END,
  LUZTAR_STOP_ERROR,
} LuztarStopReason;

#define LUZTAR_TYPE_METHOD      (luztar_method_get_type ())
#define LUZTAR_TYPE_RUN_STATE   (luztar_run_state_get_type ())
#define LUZTAR_TYPE_STOP_REASON (luztar_stop_reason_get_type ())

GType luztar_method_get_type      (void) G_GNUC_CONST;
GType luztar_run_state_get_type   (void) G_GNUC_CONST;
GType luztar_stop_reason_get_type (void) G_GNUC_CONST;

#define LUZTAR_TYPE_RUN (luztar_run_get_type ())

G_DECLARE_FINAL_TYPE (LuztarRun, luztar_run, LUZTAR, RUN, GObject)

LuztarRun        *luztar_run_new                 (const LzModel             *model,
                                                  LuztarMethod               method,
                                                  const LzIntegratorOptions *options,
                                                  GError                   **error);

LzTrace          *luztar_run_get_trace           (LuztarRun                 *self);
LuztarRunState    luztar_run_get_state           (LuztarRun                 *self);
GPtrArray        *luztar_run_get_notes           (LuztarRun                 *self);
GPtrArray        *luztar_run_dup_warnings        (LuztarRun                 *self);
double            luztar_run_get_time            (LuztarRun                 *self);
double            luztar_run_get_paced_time      (LuztarRun                 *self);
double            luztar_run_get_t_end           (LuztarRun                 *self);

void              luztar_run_start               (LuztarRun                 *self);
void              luztar_run_run_until           (LuztarRun                 *self,
                                                  double                     t);
void              luztar_run_step                (LuztarRun                 *self);
void              luztar_run_step_event          (LuztarRun                 *self);
void              luztar_run_pause               (LuztarRun                 *self);
void              luztar_run_reset               (LuztarRun                 *self);

void              luztar_run_set_speed           (LuztarRun                 *self,
                                                  double                     factor);
double            luztar_run_get_speed           (LuztarRun                 *self);

void              luztar_run_set_breakpoint      (LuztarRun                 *self,
                                                  guint                      element,
                                                  gboolean                   enabled);
gboolean          luztar_run_get_breakpoint      (LuztarRun                 *self,
                                                  guint                      element);
void              luztar_run_set_break_on_any    (LuztarRun                 *self,
                                                  gboolean                   enabled);
gboolean          luztar_run_get_break_on_any    (LuztarRun                 *self);

LuztarStopReason  luztar_run_get_stop_reason     (LuztarRun                 *self);
gboolean          luztar_run_get_stop_event      (LuztarRun                 *self,
                                                  LzEvent                   *event);
const GError     *luztar_run_get_error           (LuztarRun                 *self);
char             *luztar_run_describe_error      (const GError              *error);
void              luztar_run_get_stats           (LuztarRun                 *self,
                                                  LzIntegratorStats         *stats);
double            luztar_run_get_busy_time       (LuztarRun                 *self);

G_END_DECLS
