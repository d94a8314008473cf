/* luztar-sweep-view-map.c — the Sweep page's map: hover, click, export
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hovering a cell (a column of dots) says its run's parameters and
 * measures under the map, wrapped over the lines kept for them; a click opens the run's model in a
 * new window; the map exports as a picture (PNG, SVG, PDF) and its
 * finished runs as CSV, as `luztar-cli sweep` writes them.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-sweep-view-private.h"
#include "luztar-export-dialog.h"
#include "sim/luztar-run.h"

/* Between a name and its value in the line under the map: the line wraps
 * between the pairs, never inside one (narrow no-break spaces). */
#define EQUALS "\u202f=\u202f"

/* Exported maps at least this big (pixels). */
#define EXPORT_MIN_WIDTH  960
#define EXPORT_MIN_HEIGHT 600

static int
run_at (LuztarSweepView *self,
        double           x,
        double           y,
        guint           *ix,
        guint           *iy)
{
  if (self->sweep == NULL || !luztar_sweep_map_pick (self->map, x, y, ix, iy))
    return -1;
  return self->bifurcation ? (int) *ix : (int) (*iy * self->nx + *ix);
}

/**
 * luztar_sweep_view_hover_at:
 * @self: a view
 * @x: a point of the map
 * @y: a point of the map
 *
 * What the pointer over the map does: highlights the run there and says
 * its parameters and measures in the line under the map.
 *
 * Returns: whether there is a run at the point
 */
gboolean
luztar_sweep_view_hover_at (LuztarSweepView *self,
                            double           x,
                            double           y)
{
  guint ix, iy;
  int run = run_at (self, x, y, &ix, &iy);
  const LzSweepRow *row;
  g_autoptr(GString) text = NULL;

  if (run < 0 || (guint) run >= self->rows->len)
    {
      luztar_sweep_map_set_highlight (self->map, -1, -1);
      return FALSE;
    }
  luztar_sweep_map_set_highlight (self->map, ix, self->bifurcation ? 0 : (int) iy);
  text = g_string_new (NULL);
  /* Translators: the start of the line that describes a run of a sweep */
  g_string_append_printf (text, _("Run %d:"), run);
  {
    g_autofree double *v = g_new (double, lz_sweep_get_n_params (self->sweep));

    lz_sweep_get_values (self->sweep, run, v);
    for (guint i = 0; i < lz_sweep_get_n_params (self->sweep); i++)
      g_string_append_printf (text, "%s %s" EQUALS "%.6g", i > 0 ? "," : "", lz_sweep_get_param_name (self->sweep, i),
                              v[i]);
  }
  row = g_ptr_array_index (self->rows, run);
  if (row == NULL)
    /* Translators: a run of a sweep that has not finished yet */
    g_string_append_printf (text, " — %s", _("not run yet"));
  else if (row->error != NULL)
    {
      /* a run stopped at a limit says what to change, as the simulation
       * panel and the Compare page do */
      g_autoptr(GError) error = g_error_new_literal (LZ_ERROR, row->error_code, row->error);
      g_autofree char *why = luztar_run_describe_error (error);

      g_string_append_printf (text, " — %s", why);
    }
  else
    {
      guint shown = 0;

      g_string_append (text, " —");
      if (!self->bifurcation && self->measure >= 0)
        {
          const char *label = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (self->measure_drop)));

          g_string_append_printf (text, " %s" EQUALS "%.6g;", label, sweep_view_shown_value (self, row));
        }
      for (guint m = 0; m < lz_sweep_get_n_measures (self->sweep) && shown < 8; m++)
        {
          const char *name = lz_sweep_get_measure_name (self->sweep, m);

          if (isnan (row->measures[m]) || g_str_has_prefix (name, "strobe") || (int) m == self->measure)
            continue;
          g_string_append_printf (text, "%s %s" EQUALS "%.4g", shown > 0 ? "," : "", name, row->measures[m]);
          shown++;
        }
    }
  sweep_view_set_info (self, text->str);
  return TRUE;
}

/**
 * luztar_sweep_view_activate_at:
 * @self: a view
 * @x: a point of the map
 * @y: a point of the map
 *
 * What a click on the map does: emits "open-run" with the model of the
 * run there.
 *
 * Returns: whether there was a run to open
 */
gboolean
luztar_sweep_view_activate_at (LuztarSweepView *self,
                               double           x,
                               double           y)
{
  guint ix, iy;
  int run = run_at (self, x, y, &ix, &iy);
  g_autoptr(LzModel) model = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) name = NULL;
  g_autofree double *v = NULL;

  if (run < 0)
    return FALSE;
  model = lz_sweep_dup_run_model (self->sweep, run, &error);
  if (model == NULL)
    {
      sweep_view_fail (self, error->message);
      return FALSE;
    }
  v = g_new (double, lz_sweep_get_n_params (self->sweep));
  lz_sweep_get_values (self->sweep, run, v);
  name = g_string_new (lz_model_get_name (self->model));
  g_string_append (name, " —");
  for (guint i = 0; i < lz_sweep_get_n_params (self->sweep); i++)
    g_string_append_printf (name, "%s %s = %.6g", i > 0 ? "," : "", lz_sweep_get_param_name (self->sweep, i), v[i]);
  lz_model_set_name (model, name->str);
  {
    /* the run's own end time and nothing else changed */
    g_autofree char *t_end = g_strdup_printf ("%.17g", gtk_spin_button_get_value (self->t_end_spin));

    lz_model_set_simulation_parameter_string (model, "t-end", t_end, NULL);
  }
  g_signal_emit_by_name (self, "open-run", model);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           LuztarSweepView          *self)
{
  luztar_sweep_view_hover_at (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *controller,
          LuztarSweepView          *self)
{
  luztar_sweep_map_set_highlight (self->map, -1, -1);
}

static void
on_released (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             LuztarSweepView *self)
{
  luztar_sweep_view_activate_at (self, x, y);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                    */

/**
 * luztar_sweep_view_export:
 * @self: a view
 * @path: .png, .svg or .pdf: the map; .csv: the rows, as `luztar-cli
 *   sweep` writes them (the finished runs, in run order)
 * @width: the picture's width (0: the widget's, at least 960)
 * @height: its height (0: the widget's, at least 600)
 * @error: return location for a #GError
 *
 * Returns: whether the file was written
 */
gboolean
luztar_sweep_view_export (LuztarSweepView *self,
                          const char      *path,
                          int              width,
                          int              height,
                          GError         **error)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  if (self->sweep == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Nothing to export yet: run a sweep first."));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".csv"))
    {
      g_autoptr(GString) out = g_string_new (NULL);
      g_autofree char *header = lz_sweep_dup_csv_header (self->sweep);

      g_string_append (out, header);
      for (guint i = 0; i < self->rows->len; i++)
        if (self->rows->pdata[i] != NULL)
          {
            g_autofree char *line = lz_sweep_row_to_csv (self->sweep, self->rows->pdata[i]);

            g_string_append (out, line);
          }
      return g_file_set_contents (path, out->str, out->len, error);
    }
  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self->map)), EXPORT_MIN_WIDTH);
  if (height <= 0)
    height = MAX (gtk_widget_get_height (GTK_WIDGET (self->map)), EXPORT_MIN_HEIGHT);
  return luztar_sweep_map_export (self->map, path, width, height, error);
}

static void
on_export_chosen (GtkNativeDialog *dialog,
                  int              response,
                  LuztarSweepView *self)
{
  g_autofree char *path = luztar_export_dialog_finish (&self->chooser, response);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (path == NULL)
    return;
  luztar_sweep_view_export (self, path, 0, 0, &error);
  text = luztar_export_dialog_outcome (path, error);
  sweep_view_message (self, text);
}

/* sweep.export: a path, or an extension (".png", ".csv" …) to ask where */
void
sweep_view_export_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  LuztarSweepView *self = LUZTAR_SWEEP_VIEW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autofree char *name = NULL;

  if (*path != '\0' && *path != '.')
    {
      g_autoptr(GError) error = NULL;

      if (!luztar_sweep_view_export (self, path, 0, 0, &error))
        sweep_view_message (self, error->message);
      return;
    }
  if (self->chooser != NULL || self->sweep == NULL)
    return;
  name = g_strconcat ("sweep", *path == '.' ? path : ".png", NULL);
  self->chooser = luztar_export_dialog_new (widget, _("Export Sweep"), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (self->chooser);
}

/* The pointer over the map and a click on it. */
void
sweep_view_connect_map (LuztarSweepView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map), motion);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map), GTK_EVENT_CONTROLLER (click));
}
