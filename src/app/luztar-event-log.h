/* luztar-event-log.h — the mode switches of a run, as a list
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"
#include "luztar-event-filter.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_EVENT_LOG (luztar_event_log_get_type ())

G_DECLARE_FINAL_TYPE (LuztarEventLog, luztar_event_log, LUZTAR, EVENT_LOG, GtkBox)

GtkWidget  *luztar_event_log_new          (void);
void        luztar_event_log_set_trace    (LuztarEventLog *self,
                                           LzTrace        *trace);
LzTrace    *luztar_event_log_get_trace    (LuztarEventLog *self);
void        luztar_event_log_update       (LuztarEventLog *self);
void        luztar_event_log_set_time_step (LuztarEventLog *self,
                                            double          step);
void        luztar_event_log_select_time  (LuztarEventLog *self,
                                           double          t);

/* What is shown: a row per event of the trace that the filter lets
 * through, in trace order; a run of repeats is one row when merged. */
guint       luztar_event_log_get_n_rows   (LuztarEventLog *self);
gboolean    luztar_event_log_get_event    (LuztarEventLog *self,
                                           guint           row,
                                           LzEvent        *event);
char       *luztar_event_log_dup_row_text (LuztarEventLog *self,
                                           guint           row);
int         luztar_event_log_get_selected (LuztarEventLog *self);
guint       luztar_event_log_get_row_count (LuztarEventLog *self,
                                            guint           row);
LuztarEventFilterBar *luztar_event_log_get_filter_bar (LuztarEventLog *self);

G_END_DECLS
