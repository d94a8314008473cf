/* luztar-sim-panel.c — the simulation panel: run, replay, plots, events, matrices
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel under the canvas owns the run of the window's model (a
 * LuztarRun: the integrator in a worker thread appending to an LzTrace).
 * A frame-clock tick callback reads what the worker has published — no
 * lock, rows below the published count never change — and shows one
 * instant of it: the canvas animated, the plots' cursors, the time.  While
 * the run goes on that instant is the newest sample; after a pause the
 * scrubber, a click in a plot or a row of the event log choose it.
 *
 * An edit of the model while a run exists restarts the run from t = 0
 * with the edited model (running again if it was running): a trace always
 * belongs to the model on the canvas, and a class sees the effect of a
 * changed friction level at once.
 *
 * This file holds the widget: its pages and their switcher, a new or
 * edited model, the accessors.  The rest of the panel is written in the
 * files luztar-sim-panel-private.h names, one idea each.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-sim-panel-private.h"
#include "luztar-set.h"
#include "luztar-views.h"
#include "luztar-widget-kit.h"
#include "plot/luztar-series-chooser.h"

G_DEFINE_FINAL_TYPE (LuztarSimPanel, luztar_sim_panel, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_SIMULATION_EDITED,
  SIGNAL_OPEN_RUN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */

/* The status line wraps over this many lines, always kept so that the
 * panel keeps its height while a run reports: the longest it says (a
 * model that cannot run, at a limit, with what to change in the Run
 * Settings, about 200 characters; a run's summary, about 170) whole in
 * an 800 × 600 window.  A finished run with warnings says them in the
 * problem bar, which grows to what it says. */
#define STATUS_LINES 2
/* The problem bar grows to this many lines, scrolled beyond (a finished
 * run's summary with two warnings, about 470 characters, is six lines at
 * 800 × 600, more than the panel has room for). */
#define PROBLEM_LINES 3

/* The status line (cut after STATUS_LINES lines were it longer still,
 * whole in its tooltip); closes the problem bar. */
void
sim_panel_set_status (LuztarSimPanel *self,
                      const char     *text)
{
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_bar), FALSE);
  gtk_widget_set_visible (self->status_room, TRUE);
}

/* Why a run was refused or stopped (with a limit, what to change in the
 * Run Settings: luztar_run_describe_error()), all of it: a bar in the
 * status line's place, wrapped to the panel's width, until the next
 * status or its close button.  Also the status itself. */
void
sim_panel_show_problem (LuztarSimPanel *self,
                        const char     *text)
{
  sim_panel_set_status (self, text);
  gtk_label_set_text (self->problem_label, text);
  gtk_widget_set_visible (self->status_room, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_bar), TRUE);
  luztar_label_scroll_lines (self->problem_label, PROBLEM_LINES);
}

static void
on_problem_close (LuztarSimPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->problem_bar), FALSE);
  gtk_widget_set_visible (self->status_room, TRUE);
}

void
sim_panel_message (LuztarSimPanel *self,
                   const char     *text)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
}

LzTrace *
sim_panel_get_trace (LuztarSimPanel *self)
{
  return self->run != NULL ? luztar_run_get_trace (self->run) : NULL;
}

void
sim_panel_set_running (LuztarSimPanel *self,
                       gboolean        running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* ------------------------------------------------------------------------ */

void
sim_panel_show_page (LuztarSimPanel *self,
                     const char     *name)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->switcher));

  for (; child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "page"), name) == 0)
      {
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), TRUE);
        if (child == self->compare_button)
          gtk_widget_set_visible (child, TRUE);
      }
}

static void
on_scrubber_changed (GtkAdjustment  *adjustment,
                     LuztarSimPanel *self)
{
  if (self->syncing)
    return;
  if (self->run == NULL)
    {
      self->syncing = TRUE;
      gtk_adjustment_set_value (adjustment, 0);
      self->syncing = FALSE;
      return;
    }
  luztar_sim_panel_seek (self, gtk_adjustment_get_value (adjustment));
}

/**
 * luztar_sim_panel_set_canvas:
 * @self: a panel
 * @canvas: the canvas that shows the run
 */
void
luztar_sim_panel_set_canvas (LuztarSimPanel *self,
                             LuztarCanvas   *canvas)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));
  self->canvas = canvas;
}

/**
 * luztar_sim_panel_set_model:
 * @self: a panel
 * @model: (nullable): the window's model
 * @edit: %TRUE when @model is an edit of the previous one (the run
 *   restarts), %FALSE for another document (the run is dropped)
 *
 * A run belongs to one model: any change drops it.  After an edit of a
 * model that had been run, the run starts again from t = 0 — running again
 * if it was running — and the user is told.
 */
void
luztar_sim_panel_set_model (LuztarSimPanel *self,
                            LzModel        *model,
                            gboolean        edit)
{
  gboolean had_run, was_running;

  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));

  if (model == self->model)
    return;
  had_run = self->run != NULL && !sim_panel_run_is (self, LUZTAR_RUN_READY);
  was_running = self->running;
  sim_panel_drop_run (self);
  luztar_set_model (&self->model, model);
  sim_panel_drop_state_arrays (self);
  luztar_matrix_view_set_model (self->matrix_view, model);
  luztar_compare_page_set_model (self->compare_page, model);
  luztar_program_view_set_model (self->program_view, model);
  luztar_sweep_view_set_model (self->sweep_view, model);
  gtk_widget_set_visible (self->program_button, luztar_model_has_program (model));
  if (!luztar_model_has_program (model)
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "program") == 0)
    sim_panel_show_page (self, "series");
  else if (!edit && luztar_model_has_program (model)
           && lz_model_count_kind (model, LZ_ITEM_PRESCRIBED) > 0
           && lz_model_count_kind (model, LZ_ITEM_ACTUATOR) > 0)
    sim_panel_show_page (self, "program");   /* what such a model is for */
  if (model != NULL)
    {
      luztar_series_chooser_set_model (LUZTAR_SERIES_CHOOSER (self->series_chooser), model);
      luztar_series_chooser_set_model (LUZTAR_SERIES_CHOOSER (self->phase_chooser), model);
      for (guint i = 0; i < self->plots->len; i++)
        luztar_plot_set_model (self->plots->pdata[i], model);
      if (!edit)
        sim_panel_choose_default_series (self);
      sim_panel_choose_phase (self);
      sim_panel_sync_settings (self);
    }
  sim_panel_rebuild_breakpoints (self);
  if (edit && had_run && model != NULL)
    {
      sim_panel_message (self, was_running ? _("The model changed: the run starts again from t = 0.")
                                 : _("The model changed: the run was reset to t = 0."));
      if (was_running && sim_panel_ensure_run (self, TRUE))
        {
          luztar_run_start (self->run);
          sim_panel_went_on (self, _("Running…"));
          return;
        }
      sim_panel_set_status (self, _("The model changed: press Run to simulate it."));
    }
  else if (!edit)
    sim_panel_set_status (self, _("Press Run to simulate the model."));
  if (model != NULL && lz_model_get_n_bodies (model) == 0)
    /* an empty model is no error: what to do first */
    sim_panel_set_status (self, _("Add a body from the palette, then press Run."));
  else if (model != NULL)
    {
      /* a fresh run at t = 0, so that the plots show the start; a model
       * that could not run before and can now says so */
      if (sim_panel_ensure_run (self, FALSE) && !(edit && had_run))
        sim_panel_set_status (self, _("Press Run to simulate the model."));
      sim_panel_update_view (self, g_get_monotonic_time ());
      if (self->canvas != NULL)
        luztar_canvas_set_animation (self->canvas, NULL);
    }
  sim_panel_update_actions (self);
}

/**
 * luztar_sim_panel_get_n_plots:
 *
 * Returns: how many plots the panel has (its views' and the second
 *   view's)
 */
guint
luztar_sim_panel_get_n_plots (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), 0);
  return self->plots->len;
}

/**
 * luztar_sim_panel_get_plot:
 * @i: < luztar_sim_panel_get_n_plots()
 *
 * Returns: (transfer none): plot @i: 0 the time series, 1 the phase
 *   portrait, 2 the mode timeline, 3 the energy, then the second view's
 *   phase, modes and energy
 */
LuztarPlot *
luztar_sim_panel_get_plot (LuztarSimPanel *self,
                           guint           i)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (i < self->plots->len, NULL);
  return self->plots->pdata[i];
}

/**
 * luztar_sim_panel_get_companion:
 *
 * Returns: (transfer none): the second view (shown on a wide panel)
 */
LuztarCompanion *
luztar_sim_panel_get_companion (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->companion;
}

LuztarRun *
luztar_sim_panel_get_run (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return self->run;
}

double
luztar_sim_panel_get_shown_time (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NAN);
  return self->shown_t;
}

const char *
luztar_sim_panel_get_status (LuztarSimPanel *self)
{
  g_return_val_if_fail (LUZTAR_IS_SIM_PANEL (self), NULL);
  return gtk_label_get_text (self->status_label);
}

static void
luztar_sim_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  LuztarSimPanel *self = LUZTAR_SIM_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_sim_panel_dispose (GObject *object)
{
  LuztarSimPanel *self = LUZTAR_SIM_PANEL (object);

  luztar_widget_clear_tick (GTK_WIDGET (self), &self->tick_id);
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->break_checks, g_ptr_array_unref);
  g_clear_pointer (&self->plots, g_ptr_array_unref);
  g_clear_pointer (&self->breakpoints, g_hash_table_unref);
  sim_panel_drop_state_arrays (self);
  self->canvas = NULL;
  self->actions = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_SIM_PANEL);
  G_OBJECT_CLASS (luztar_sim_panel_parent_class)->dispose (object);
}

static void
luztar_sim_panel_class_init (LuztarSimPanelClass *klass)
{
  /* the template's children, named as their fields */
#define CHILD(MEMBER) LUZTAR_TEMPLATE_CHILD (LuztarSimPanel, MEMBER)
  static const LuztarTemplateChild children[] = {
    CHILD (time_label), CHILD (end_label), CHILD (status_label), CHILD (problem_bar),
    CHILD (problem_label), CHILD (problem_close), CHILD (scrubber),
    CHILD (scrubber_adjustment), CHILD (stack), CHILD (switcher), CHILD (switcher_squeezer),
    CHILD (views_paned), CHILD (settings_popover), CHILD (settings_scroller), CHILD (view_bar),
    CHILD (series_box), CHILD (phase_box), CHILD (modes_box), CHILD (energy_box), CHILD (events_box),
    CHILD (matrix_box), CHILD (method_dropdown), CHILD (speed_dropdown), CHILD (t_end_spin),
    CHILD (dt_spin), CHILD (scale_spin), CHILD (until_spin), CHILD (auto_scale_check),
    CHILD (break_any_check), CHILD (break_box), CHILD (until_button),
  };
#undef CHILD
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_sim_panel_dispose;
  object_class->get_property = luztar_sim_panel_get_property;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                   | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LuztarSimPanel::message:
   * @text: what to tell the user (a toast)
   */
  signals[SIGNAL_MESSAGE] = luztar_signal_new (klass, "message", G_TYPE_STRING);
  /**
   * LuztarSimPanel::simulation-edited:
   * @sim: (type gpointer): the new LzSimulation settings of the model
   *
   * The user changed the method, the end time or the step: the window
   * makes it an edit of the model.
   */
  signals[SIGNAL_SIMULATION_EDITED] = luztar_signal_new (klass, "simulation-edited", G_TYPE_POINTER);
  /**
   * LuztarSimPanel::open-run:
   * @model: (type gpointer): the model of a run of the Sweep page
   *
   * The user clicked a run of a sweep: the window opens @model apart.
   */
  signals[SIGNAL_OPEN_RUN] = luztar_signal_new (klass, "open-run", G_TYPE_POINTER);
  luztar_template_bind (GTK_WIDGET_CLASS (klass), APP_PATH "/ui/luztar-sim-panel.ui",
                        children, G_N_ELEMENTS (children), NULL, 0);
}

static void
on_view_toggled (GtkToggleButton *button,
                 LuztarSimPanel  *self)
{
  const char *page = g_object_get_data (G_OBJECT (button), "page");

  if (!gtk_toggle_button_get_active (button))
    return;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (self->program_view != NULL)
    luztar_program_view_set_active (self->program_view, g_str_equal (page, "program"));
  if (self->series_chooser != NULL)
    {
      gtk_widget_set_visible (self->series_chooser, g_str_equal (page, "series"));
      gtk_widget_set_visible (self->phase_chooser, g_str_equal (page, "phase"));
    }
}

/* A row of compact linked toggle buttons, one per page of the stack
 * (GtkStackSwitcher makes them all as wide as the widest). */
static void
build_switcher (LuztarSimPanel *self)
{
  g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (self->stack);
  GtkToggleButton *group = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (pages), i);
      GtkStackPage *page = GTK_STACK_PAGE (item);
      GtkWidget *button = gtk_toggle_button_new_with_label (gtk_stack_page_get_title (page));

      g_object_set_data_full (G_OBJECT (button), "page", g_strdup (gtk_stack_page_get_name (page)),
                              g_free);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        {
          group = GTK_TOGGLE_BUTTON (button);
          gtk_toggle_button_set_active (group, TRUE);
        }
      g_signal_connect (button, "toggled", G_CALLBACK (on_view_toggled), self);
      gtk_box_append (self->switcher, button);
      /* the Compare page's button shows once both methods have been run
       * (F9): the row stays as wide as it was */
      if (g_str_equal (gtk_stack_page_get_name (page), "compare"))
        {
          self->compare_button = button;
          gtk_widget_set_visible (button, FALSE);
        }
      if (g_str_equal (gtk_stack_page_get_name (page), "program"))
        {
          self->program_button = button;
          gtk_widget_set_tooltip_text (button, _("The forces the actuators must apply so that "
                                                 "the bodies follow their prescribed motions"));
          gtk_widget_set_visible (button, FALSE);
        }
    }
}

static void
on_open_run (LuztarSweepView *view,
             LzModel         *model,
             LuztarSimPanel  *self)
{
  g_signal_emit (self, signals[SIGNAL_OPEN_RUN], 0, model);
}

/**
 * luztar_sim_panel_show_page:
 * @self: a panel
 * @name: "series", "phase", "modes", "energy", "events", "matrices",
 *   "program" or "sweep"
 */
void
luztar_sim_panel_show_page (LuztarSimPanel *self,
                            const char     *name)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));
  sim_panel_show_page (self, name);
}

static void
luztar_sim_panel_init (LuztarSimPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* program motion (paper 001): shown for models with prescribed motions
   * or actuators */
  self->program_view = LUZTAR_PROGRAM_VIEW (luztar_program_view_new ());
  g_signal_connect_swapped (self->program_view, "message", G_CALLBACK (sim_panel_message), self);
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->program_view), "program",
                        /* Translators: a page of the simulation panel: the
                         * forces that realize prescribed motions (paper 001) */
                        _("Program Motion"));
  /* parameter sweeps: regime maps and bifurcation diagrams */
  self->sweep_view = LUZTAR_SWEEP_VIEW (luztar_sweep_view_new ());
  g_signal_connect_swapped (self->sweep_view, "message", G_CALLBACK (sim_panel_message), self);
  g_signal_connect (self->sweep_view, "open-run", G_CALLBACK (on_open_run), self);
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->sweep_view), "sweep",
                        /* Translators: a page of the simulation panel:
                         * parameter sweeps, regime maps */
                        _("Sweep"));
  /* both methods on the model, over each other (issue 21) */
  self->compare_page = LUZTAR_COMPARE_PAGE (luztar_compare_page_new ());
  gtk_stack_add_titled (self->stack, GTK_WIDGET (self->compare_page), "compare",
                        /* Translators: a page of the simulation panel: the
                         * event-driven and the time-stepping run over each other */
                        _("Compare"));
  build_switcher (self);
  self->break_checks = g_ptr_array_new ();
  self->breakpoints = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->speed = 1;   /* the drop-down's "Real time" */
  self->follow = TRUE;

  sim_panel_build_plots (self);
  /* the view buttons as a drop-down when they do not fit */
  adw_squeezer_add (self->switcher_squeezer, luztar_views_compact_switcher (GTK_WIDGET (self->switcher)));
  luztar_views_fit_popover (self->settings_popover, self->settings_scroller);

  self->matrix_view = LUZTAR_MATRIX_VIEW (luztar_matrix_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->matrix_view), TRUE);
  gtk_box_append (self->matrix_box, GTK_WIDGET (self->matrix_view));

  self->status_room = luztar_label_keep_lines_in_box (self->status_label, STATUS_LINES);
  luztar_label_scroll_in_box (self->problem_label);
  g_signal_connect_swapped (self->problem_close, "clicked", G_CALLBACK (on_problem_close), self);
  g_signal_connect (self->scrubber_adjustment, "value-changed", G_CALLBACK (on_scrubber_changed), self);
  sim_panel_connect_settings (self);
  sim_panel_set_status (self, _("Press Run to simulate the model."));
}
