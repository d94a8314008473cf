/* luztar-sim-panel-private.h — what the simulation panel's files share: its struct and their calls
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel is one widget written in several files, one idea each:
 * luztar-sim-panel.c (the widget, its pages and a new model),
 * luztar-sim-panel-run.c (the run: made, started, stopped and told),
 * luztar-sim-panel-instant.c (the instant shown on the canvas and the
 * plots), luztar-sim-panel-plots.c (what the plots show),
 * luztar-sim-panel-settings.c (the settings popover: speed, method, end
 * time, breakpoints) and luztar-sim-panel-actions.c (the window's
 * actions and the exports).  Only these files include this header.
 */

#pragma once

#include <adwaita.h>

#include "luztar-sim-panel.h"
#include "luztar-compare-page.h"
#include "luztar-event-log.h"
#include "luztar-matrix-view.h"
#include "luztar-program-view.h"
#include "plot/luztar-plot.h"

G_BEGIN_DECLS

struct _LuztarSimPanel
{
  GtkBox             parent_instance;

  /* Template widgets */
  GtkLabel          *time_label;
  GtkLabel          *end_label;
  GtkLabel          *status_label;
  GtkWidget         *status_room;      /* its lines, kept (luztar_label_keep_lines()) */
  GtkBox            *problem_bar;      /* the status line's place when a run cannot go on */
  GtkLabel          *problem_label;
  GtkButton         *problem_close;
  gboolean           notes_told;       /* the run's notes have been said */
  GtkScale          *scrubber;
  GtkAdjustment     *scrubber_adjustment;
  GtkStack          *stack;
  GtkBox            *switcher;
  AdwSqueezer       *switcher_squeezer;
  GtkPaned          *views_paned;
  GtkPopover        *settings_popover;
  GtkScrolledWindow *settings_scroller;
  GtkBox            *view_bar;
  GtkBox            *series_box;
  GtkBox            *phase_box;
  GtkBox            *modes_box;
  GtkBox            *energy_box;
  GtkBox            *events_box;
  GtkBox            *matrix_box;
  GtkDropDown       *method_dropdown;
  GtkDropDown       *speed_dropdown;
  GtkSpinButton     *t_end_spin;
  GtkSpinButton     *dt_spin;
  GtkSpinButton     *scale_spin;
  GtkSpinButton     *until_spin;
  GtkCheckButton    *auto_scale_check;
  GtkCheckButton    *break_any_check;
  GtkBox            *break_box;
  GtkButton         *until_button;

  /* Owned */
  LzModel           *model;
  LuztarRun         *run;
  GPtrArray         *break_checks;     /* GtkCheckButton per nonsmooth element */
  GHashTable        *breakpoints;      /* element ids to pause on (kept across edits) */
  GtkNativeDialog   *chooser;
  /* the animation's arrays, one allocation (body_q is its start) */
  double            *body_q;
  double            *ground_q;
  double            *flash;
  gint64            *flash_start;      /* per element, when its last impact was shown */
  LzMode            *modes;
  guint              n_bodies, n_grounds, n_elements;

  /* Children made in code */
  LuztarPlot        *series_plot;
  LuztarPlot        *phase_plot;
  LuztarPlot        *modes_plot;
  LuztarPlot        *energy_plot;
  GtkWidget         *series_chooser;
  GtkWidget         *phase_chooser;
  LuztarEventLog    *event_log;
  LuztarMatrixView  *matrix_view;
  LuztarProgramView *program_view;
  LuztarSweepView   *sweep_view;
  LuztarComparePage *compare_page;     /* both methods over each other */
  GtkWidget         *program_button;   /* its switcher button, shown for program models */
  GtkWidget         *compare_button;   /* the Compare page's, shown once used */
  LuztarCompanion   *companion;        /* the second view, on a wide panel */
  GPtrArray         *plots;            /* every LuztarPlot above and the companion's */

  /* The shown instant */
  guint              tick_id;
  double             shown_t;
  gboolean           follow;           /* the shown instant is the newest sample */
  double             max_abs_q;        /* for the automatic motion scale */
  guint              scanned_rows;
  guint              flash_cursor;     /* events up to the shown instant */
  double             speed;
  gboolean           syncing;          /* widgets set by code, not by the user */
  gboolean           running;
  gint64             announced;        /* when the time and the log were last updated */

  /* Borrowed */
  LuztarCanvas      *canvas;
  GActionMap        *actions;
};

/* luztar-sim-panel.c */
void      sim_panel_set_status            (LuztarSimPanel *self,
                                           const char     *text);
void      sim_panel_show_problem          (LuztarSimPanel *self,
                                           const char     *text);
void      sim_panel_message               (LuztarSimPanel *self,
                                           const char     *text);
LzTrace  *sim_panel_get_trace             (LuztarSimPanel *self);
void      sim_panel_set_running           (LuztarSimPanel *self,
                                           gboolean        running);
void      sim_panel_show_page             (LuztarSimPanel *self,
                                           const char     *name);

/* luztar-sim-panel-run.c */
gboolean  sim_panel_ensure_run            (LuztarSimPanel *self,
                                           gboolean        tell);
void      sim_panel_drop_run              (LuztarSimPanel *self);
gboolean  sim_panel_run_is                (LuztarSimPanel *self,
                                           LuztarRunState  state);
gboolean  sim_panel_prepare_to_go_on      (LuztarSimPanel *self);
void      sim_panel_went_on               (LuztarSimPanel *self,
                                           const char     *text);
void      sim_panel_stood_still           (LuztarSimPanel *self,
                                           const char     *text);
void      sim_panel_set_plots_live        (LuztarSimPanel *self,
                                           gboolean        live);
void      sim_panel_follow_in_slow_motion (LuztarSimPanel *self,
                                           double          t);

/* luztar-sim-panel-instant.c */
void      sim_panel_update_view           (LuztarSimPanel *self,
                                           gint64          now);
void      sim_panel_ensure_tick           (LuztarSimPanel *self);
void      sim_panel_drop_state_arrays     (LuztarSimPanel *self);

/* luztar-sim-panel-plots.c */
void      sim_panel_build_plots           (LuztarSimPanel *self);
void      sim_panel_choose_phase          (LuztarSimPanel *self);
void      sim_panel_choose_default_series (LuztarSimPanel *self);

/* luztar-sim-panel-settings.c */
void      sim_panel_connect_settings      (LuztarSimPanel *self);
void      sim_panel_sync_settings         (LuztarSimPanel *self);
void      sim_panel_rebuild_breakpoints   (LuztarSimPanel *self);
void      sim_panel_apply_breakpoints     (LuztarSimPanel *self);
void      sim_panel_speed_action          (GSimpleAction  *action,
                                           GVariant       *value,
                                           gpointer        data);
void      sim_panel_break_any_action      (GSimpleAction  *action,
                                           GVariant       *value,
                                           gpointer        data);

/* luztar-sim-panel-actions.c */
void      sim_panel_update_actions        (LuztarSimPanel *self);
GSimpleAction *sim_panel_lookup_action    (LuztarSimPanel *self,
                                           const char     *name);

G_END_DECLS
