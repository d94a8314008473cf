/* luztar-event-filter.h — which events the event log shows, and the bar that chooses it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "lz.h"

G_BEGIN_DECLS

/* What the log shows: events of one element, touching one mode, of one
 * cause (−1: any), without X → X switches if @hide_same; runs of
 * repeated events merged into one row if @merge. */
typedef struct
{
  int      element;
  int      mode;
  int      cause;
  gboolean hide_same;
  gboolean merge;
} LuztarEventFilter;

gboolean  luztar_event_filter_accepts   (const LuztarEventFilter *filter,
                                         const LzEvent           *event);
gboolean  luztar_event_filter_continues (const LuztarEventFilter *filter,
                                         const LzEvent           *first,
                                         double                   last_t,
                                         double                   step,
                                         const LzEvent           *event);

#define LUZTAR_TYPE_EVENT_FILTER_BAR (luztar_event_filter_bar_get_type ())

G_DECLARE_FINAL_TYPE (LuztarEventFilterBar, luztar_event_filter_bar, LUZTAR, EVENT_FILTER_BAR, GtkBox)

void       luztar_event_filter_bar_set_trace   (LuztarEventFilterBar    *self,
                                                LzTrace                 *trace);
void       luztar_event_filter_bar_get_filter  (LuztarEventFilterBar    *self,
                                                LuztarEventFilter       *filter);
void       luztar_event_filter_bar_set_filter  (LuztarEventFilterBar    *self,
                                                const LuztarEventFilter *filter);

G_END_DECLS
