/* luztar-sweep-view-private.h — what the Sweep page's files share: its struct and their calls
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page is one widget written in four files: luztar-sweep-view.c (the
 * widget, its form and its accessors), luztar-sweep-view-lists.c (the
 * parameters and measures to choose from, their units and titles),
 * luztar-sweep-view-run.c (a sweep started from the form, its rows drawn
 * as they come) and luztar-sweep-view-map.c (hover, click and export of
 * the map).  Only these files include this header.
 */

#pragma once

#include "luztar-sweep-view.h"
#include "luztar-sweep-job.h"

G_BEGIN_DECLS

struct _LuztarSweepView
{
  GtkBox          parent_instance;

  /* Children */
  LuztarSweepMap *map;
  GtkEntry       *template_entry;
  GtkDropDown    *param_drop[2];
  GtkEntry       *from_entry[2];
  GtkEntry       *to_entry[2];
  GtkSpinButton  *count_spin[2];
  GtkCheckButton *log_check[2];
  GtkSpinButton  *t_end_spin;
  GtkSpinButton  *after_spin;
  GtkDropDown    *freq_drop;
  GtkSpinButton  *strobe_spin;
  GtkDropDown    *body_drop;
  GtkDropDown    *measure_drop;
  GtkWidget      *run_button;
  GtkWidget      *stop_button;
  GtkWidget      *export_button;
  GtkLabel       *status_label;
  GtkLabel       *info_label;

  /* Owned */
  LzModel        *model;
  GPtrArray      *params;        /* char *: the ids of the parameter lists */
  GPtrArray      *measures;      /* char *: the ids of the measure list */
  GPtrArray      *bodies;        /* char * */
  LuztarSweepJob *job;           /* the running sweep, or NULL */
  LzSweep        *sweep;         /* the shown sweep */
  GPtrArray      *rows;          /* LzSweepRow per run (NULL: not yet) */
  GtkNativeDialog *chooser;
  guint           n_done;
  guint           nx, ny;        /* the shown grid */
  gboolean        bifurcation;
  int             measure;       /* the colouring measure's column */
  double          per_period;    /* > 0: the measure × 2π/ω / this window */
  int             freq_param;    /* the parameter that is ω, or −1 */
  int             strobe_first;  /* bifurcation: strobe1.BODY.q's column */
  guint           strobe_count;
  gboolean        filling;       /* widgets set by code */
};

/* luztar-sweep-view.c */
void        sweep_view_set_status      (LuztarSweepView *self,
                                        const char      *text);
void        sweep_view_set_info        (LuztarSweepView *self,
                                        const char      *text);
void        sweep_view_message         (LuztarSweepView *self,
                                        const char      *text);

/* luztar-sweep-view-lists.c */
void        sweep_view_connect_lists   (LuztarSweepView *self);
void        sweep_view_rebuild_lists   (LuztarSweepView *self);
void        sweep_view_default_range   (LuztarSweepView *self,
                                        guint            axis);
const char *sweep_view_axis_param      (LuztarSweepView *self,
                                        guint            axis);
const char *sweep_view_freq_param      (LuztarSweepView *self);
guint       sweep_view_index_with_none (GPtrArray       *ids,
                                        const char      *id);
gboolean    sweep_view_harmonic_names  (const char      *text,
                                        char           **amplitude,
                                        char           **frequency);
gboolean    sweep_view_template_parts  (LuztarSweepView *self,
                                        char           **id,
                                        char           **text);
char       *sweep_view_titled          (LuztarSweepView *self,
                                        const char      *param);

/* luztar-sweep-view-run.c */
void        sweep_view_update_buttons  (LuztarSweepView *self);
void        sweep_view_let_go          (LuztarSweepView *self);
gboolean    sweep_view_fail            (LuztarSweepView *self,
                                        const char      *text);
double      sweep_view_shown_value     (LuztarSweepView  *self,
                                        const LzSweepRow *row);

/* luztar-sweep-view-map.c */
void        sweep_view_connect_map     (LuztarSweepView *self);
void        sweep_view_export_action   (GtkWidget       *widget,
                                        const char      *action_name,
                                        GVariant        *parameter);

G_END_DECLS
