/* luztar-sim-panel-actions.c — the simulation panel's actions: run, pause, step, reset, export
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's actions that drive the run (luztar_sim_panel_install_actions()
 * lists them) and the exports: the plot on show, the trace, the events,
 * the program motion's forces, each to a path or through a file chooser.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-sim-panel-private.h"
#include "luztar-export-dialog.h"

/* Exported plots at least this big (pixels). */
#define EXPORT_MIN_WIDTH  960
#define EXPORT_MIN_HEIGHT 540

/* The window's action NAME, or NULL before the actions are installed. */
GSimpleAction *
sim_panel_lookup_action (LuztarSimPanel *self,
                         const char     *name)
{
  return self->actions != NULL ? G_SIMPLE_ACTION (g_action_map_lookup_action (self->actions, name)) : NULL;
}

static void
set_enabled (LuztarSimPanel *self,
             const char     *name,
             gboolean        enabled)
{
  GSimpleAction *action = sim_panel_lookup_action (self, name);

  if (action != NULL)
    g_simple_action_set_enabled (action, enabled);
}

void
sim_panel_update_actions (LuztarSimPanel *self)
{
  /* a model without bodies (a new one) has nothing to run yet */
  gboolean have_model = self->model != NULL && lz_model_get_n_bodies (self->model) > 0;
  gboolean have_trace = sim_panel_get_trace (self) != NULL;

  set_enabled (self, "run", have_model && !self->running);
  set_enabled (self, "pause", self->running);
  set_enabled (self, "step", have_model && !self->running);
  set_enabled (self, "step-event", have_model && !self->running);
  set_enabled (self, "run-until", have_model && !self->running);
  set_enabled (self, "reset", have_trace);
  set_enabled (self, "export-trace", have_trace);
  set_enabled (self, "export-events", have_trace);
  set_enabled (self, "program-analyse", luztar_model_has_program (self->model));
  set_enabled (self, "export-program", luztar_model_has_program (self->model));
}

/* The actions that go on with the run from where it stands, and what the
 * status line says meanwhile. */
static const struct
{
  const char *action;
  void      (*go_on) (LuztarRun *run);
  const char *status;
} go_on_actions[] = {
  { "run", luztar_run_start, N_("Running…") },
  { "step", luztar_run_step, N_("One step…") },
  { "step-event", luztar_run_step_event, N_("Running to the next mode switch…") },
};

static void
go_on_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (self->running || !sim_panel_prepare_to_go_on (self))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (go_on_actions); i++)
    if (g_str_equal (name, go_on_actions[i].action))
      {
        go_on_actions[i].go_on (self->run);
        sim_panel_went_on (self, _(go_on_actions[i].status));
      }
}

static void
pause_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;

  if (self->run != NULL && self->running)
    luztar_run_pause (self->run);
}

static void
run_until_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  LuztarSimPanel *self = data;
  double t = g_variant_get_double (parameter);

  if (self->running || !isfinite (t) || !sim_panel_prepare_to_go_on (self))
    return;
  if (t <= luztar_run_get_time (self->run))
    {
      g_autofree char *text = g_strdup_printf (_("The run is already at t = %g s; Reset to start "
                                                 "again from 0."), luztar_run_get_time (self->run));

      sim_panel_set_status (self, text);
      return;
    }
  luztar_run_run_until (self->run, t);
  sim_panel_went_on (self, _("Running…"));
}

static void
reset_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  LuztarSimPanel *self = data;

  if (self->run == NULL)
    return;
  luztar_run_reset (self->run);
  sim_panel_set_running (self, FALSE);
  sim_panel_set_plots_live (self, FALSE);
  sim_panel_stood_still (self, _("Reset: the run starts again from t = 0."));
}

typedef enum
{
  EXPORT_PLOT,
  EXPORT_TRACE,
  EXPORT_EVENTS,
  EXPORT_PROGRAM,
} ExportKind;

/* Each export: its action, the file chooser's title and the file's name
 * without extension (the plot's is the page shown). */
static const struct
{
  const char *action;
  const char *title;
  const char *base;
} export_kinds[] = {
  [EXPORT_PLOT] = { "export-plot", N_("Export Plot"), NULL },
  [EXPORT_TRACE] = { "export-trace", N_("Export Trace"), "trace" },
  [EXPORT_EVENTS] = { "export-events", N_("Export Events"), "events" },
  [EXPORT_PROGRAM] = { "export-program", N_("Export Required Forces"), "required-forces" },
};

static LuztarPlot *
visible_plot (LuztarSimPanel *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);

  if (g_strcmp0 (page, "phase") == 0)
    return self->phase_plot;
  if (g_strcmp0 (page, "modes") == 0)
    return self->modes_plot;
  if (g_strcmp0 (page, "energy") == 0)
    return self->energy_plot;
  return self->series_plot;
}

static gboolean
compare_shown (LuztarSimPanel *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "compare") == 0;
}

static gboolean
export_to (LuztarSimPanel *self,
           ExportKind      kind,
           const char     *path)
{
  g_autoptr(GError) error = NULL;
  LzTrace *trace = sim_panel_get_trace (self);
  gboolean ok;

  /* the Compare page: its overlay, a picture or both traces (.csv) */
  if ((kind == EXPORT_PLOT || kind == EXPORT_TRACE) && compare_shown (self))
    {
      LuztarOverlay *overlay = luztar_compare_page_get_overlay (self->compare_page);
      int width = MAX (gtk_widget_get_width (GTK_WIDGET (overlay)), EXPORT_MIN_WIDTH);
      int height = MAX (gtk_widget_get_height (GTK_WIDGET (overlay)), EXPORT_MIN_HEIGHT);

      ok = luztar_overlay_export (overlay, path, width, height, &error);
    }
  else if (kind == EXPORT_PROGRAM)
    {
      /* written when the analysis of this model is shown; it tells */
      luztar_program_view_export_when_done (self->program_view, path);
      return TRUE;
    }
  else if (trace == NULL)
    {
      sim_panel_message (self, _("Nothing to export yet: run the model first."));
      return FALSE;
    }
  else if (kind == EXPORT_PLOT)
    {
      LuztarPlot *plot = visible_plot (self);
      int width = MAX (gtk_widget_get_width (GTK_WIDGET (plot)), EXPORT_MIN_WIDTH);
      int height = MAX (gtk_widget_get_height (GTK_WIDGET (plot)), EXPORT_MIN_HEIGHT);

      ok = luztar_plot_export (plot, path, width, height, &error);
    }
  else if (kind == EXPORT_TRACE)
    ok = lz_trace_write_csv (trace, LZ_TRACE_CSV_SAMPLES, path, &error);
  else
    ok = lz_trace_write_csv (trace, LZ_TRACE_CSV_EVENTS, path, &error);
  {
    g_autofree char *text = luztar_export_dialog_outcome (path, error);

    sim_panel_message (self, text);
  }
  return ok;
}

static void
on_export_chosen (GtkNativeDialog *dialog,
                  int              response,
                  LuztarSimPanel  *self)
{
  ExportKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "export-kind"));
  g_autofree char *path = luztar_export_dialog_finish (&self->chooser, response);

  if (path != NULL)
    export_to (self, kind, path);
}

/* PATH is where to write, or empty (or just an extension such as ".svg")
 * for a file chooser. */
static void
export (LuztarSimPanel *self,
        ExportKind      kind,
        const char     *path)
{
  const char *extension = kind == EXPORT_PLOT ? ".png" : ".csv";

  /* the Sweep page's map: its own export (PNG, SVG, PDF; CSV of the runs) */
  if (kind == EXPORT_PLOT
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "sweep") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->sweep_view), "sweep.export", "s",
                                  path != NULL && *path != '\0' ? path : ".png");
      return;
    }
  /* the plot on show is the program motion's: its export */
  if (kind == EXPORT_PLOT
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "program") == 0)
    {
      kind = EXPORT_PROGRAM;
      if (path == NULL || *path == '\0')
        path = ".png";
    }
  if (path != NULL && *path != '\0' && *path != '.')
    {
      export_to (self, kind, path);
      return;
    }
  if (kind != EXPORT_PROGRAM && sim_panel_get_trace (self) == NULL && !compare_shown (self))
    {
      sim_panel_message (self, _("Nothing to export yet: run the model first."));
      return;
    }
  if (path != NULL && *path == '.')
    extension = path;
  if (self->chooser != NULL)
    return;
  {
    const char *base = kind == EXPORT_PLOT ? gtk_stack_get_visible_child_name (self->stack)
                       : export_kinds[kind].base;
    g_autofree char *name = g_strconcat (base != NULL ? base : "plot", extension, NULL);

    self->chooser = luztar_export_dialog_new (GTK_WIDGET (self), _(export_kinds[kind].title), name);
  }
  g_object_set_data (G_OBJECT (self->chooser), "export-kind", GINT_TO_POINTER (kind));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (self->chooser);
}

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       data)
{
  const char *name = g_action_get_name (G_ACTION (action));

  for (ExportKind kind = 0; kind < G_N_ELEMENTS (export_kinds); kind++)
    if (g_str_equal (name, export_kinds[kind].action))
      export (data, kind, g_variant_get_string (parameter, NULL));
}

static void
program_analyse_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  LuztarSimPanel *self = data;

  sim_panel_show_page (self, "program");
  luztar_program_view_analyse (self->program_view);
}

/* show-page: one of the pages of the panel, by its name */
static void
show_page_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  sim_panel_show_page (data, g_variant_get_string (parameter, NULL));
}

/* Both methods on the model, shown on the Compare page. */
static void
compare_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  LuztarSimPanel *self = data;
  g_autoptr(GError) error = NULL;

  sim_panel_show_page (self, "compare");
  if (!luztar_compare_page_run (self->compare_page, &error) && error != NULL)
    {
      /* Translators: %s says why the model cannot be run by one of the methods */
      g_autofree char *text = g_strdup_printf (_("Cannot compare the methods: %s"), error->message);

      sim_panel_message (self, text);
    }
}

static const GActionEntry sim_actions[] = {
  { "show-page", show_page_action, "s" },
  { "run", go_on_action },
  { "pause", pause_action },
  { "step", go_on_action },
  { "step-event", go_on_action },
  { "run-until", run_until_action, "d" },
  { "reset", reset_action },
  { "speed", NULL, NULL, "'1'", sim_panel_speed_action },
  { "break-any", NULL, NULL, "false", sim_panel_break_any_action },
  { "export-plot", export_action, "s" },
  { "export-trace", export_action, "s" },
  { "export-events", export_action, "s" },
  { "program-analyse", program_analyse_action },
  { "export-program", export_action, "s" },
  { "compare-methods", compare_action },
};

/**
 * luztar_sim_panel_install_actions:
 * @self: a panel
 * @map: the window's action map
 *
 * Adds the simulation's actions to @map (so that GApplication exports them
 * on the session bus with the window's): `run`, `pause`, `step`,
 * `step-event`, `run-until` (a time), `reset`, `show-page` (a page's
 * name: "series", "sweep", …), `speed` (state "1", "0.1",
 * "0.01" or "max"), `break-any` (state: pause on every mode switch),
 * `export-plot`, `export-trace` and `export-events` (a
 * path; empty, or an extension such as ".svg", asks with a file chooser),
 * `program-analyse` (shows the Program Motion page and analyses the
 * model again) and `export-program` (a path: .csv writes λ(t) as
 * `luztar-cli program --out` does, .png, .svg or .pdf the plot; written
 * once the running analysis is shown).
 */
void
luztar_sim_panel_install_actions (LuztarSimPanel *self,
                                  GActionMap     *map)
{
  g_return_if_fail (LUZTAR_IS_SIM_PANEL (self));

  self->actions = map;
  g_action_map_add_action_entries (map, sim_actions, G_N_ELEMENTS (sim_actions), self);
  sim_panel_update_actions (self);
}
