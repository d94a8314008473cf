/* luztar-sim-panel-settings.c — the simulation panel's settings: speed, method, end time, breakpoints
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The popover of the run's settings.  The method, the end time and the
 * step belong to the model (its <simulation> element): a change is an
 * undoable edit the window makes.  The speed, the motion scale and the
 * breakpoints (pause on a mode switch of chosen elements, or of any)
 * belong to the panel and survive an edit.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-sim-panel-private.h"
#include "sim/luztar-modes.h"

/* in the order of the drop-down; 0 is as fast as possible */
static const double speeds[] = { 0.01, 0.1, 1, 2, 5, 10, 0 };
static const char *const speed_names[] = { "0.01", "0.1", "1", "2", "5", "10", "max" };

static void
set_speed_index (LuztarSimPanel *self,
                 guint           index)
{
  GSimpleAction *action = sim_panel_lookup_action (self, "speed");

  index = MIN (index, G_N_ELEMENTS (speeds) - 1);
  self->speed = speeds[index];
  if (self->run != NULL)
    luztar_run_set_speed (self->run, self->speed);
  if (gtk_drop_down_get_selected (self->speed_dropdown) != index)
    gtk_drop_down_set_selected (self->speed_dropdown, index);
  if (action != NULL)
    g_simple_action_set_state (action, g_variant_new_string (speed_names[index]));
}

static void
on_speed_selected (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   LuztarSimPanel *self)
{
  set_speed_index (self, gtk_drop_down_get_selected (dropdown));
}

/* The method, the end time and the step belong to the model (its
 * <simulation> element): an undoable edit, made by the window. */
static void
edit_simulation (LuztarSimPanel *self)
{
  LzSimulation sim;

  if (self->syncing || self->model == NULL)
    return;
  sim = *lz_model_get_simulation (self->model);
  sim.method = gtk_drop_down_get_selected (self->method_dropdown) == 1 ? LZ_METHOD_TIMESTEP
                                                                       : LZ_METHOD_EVENT;
  sim.t_end = gtk_spin_button_get_value (self->t_end_spin);
  sim.dt = gtk_spin_button_get_value (self->dt_spin);
  {
    const LzSimulation *now = lz_model_get_simulation (self->model);

    if (sim.method == now->method && sim.t_end == now->t_end && sim.dt == now->dt)
      return;
  }
  g_signal_emit_by_name (self, "simulation-edited", &sim);
}

static void
on_method_selected (GtkDropDown    *dropdown,
                    GParamSpec     *pspec,
                    LuztarSimPanel *self)
{
  edit_simulation (self);
}

static void
on_spin_changed (GtkSpinButton  *spin,
                 LuztarSimPanel *self)
{
  edit_simulation (self);
}

static void
on_scale_changed (LuztarSimPanel *self)
{
  if (self->run != NULL)
    sim_panel_update_view (self, g_get_monotonic_time ());
}

static void
on_until_clicked (GtkButton      *button,
                  LuztarSimPanel *self)
{
  if (self->actions != NULL)
    g_action_activate (g_action_map_lookup_action (self->actions, "run-until"),
                       g_variant_new_double (gtk_spin_button_get_value (self->until_spin)));
}

void
sim_panel_sync_settings (LuztarSimPanel *self)
{
  const LzSimulation *sim = lz_model_get_simulation (self->model);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->method_dropdown, sim->method == LZ_METHOD_TIMESTEP ? 1 : 0);
  gtk_spin_button_set_value (self->t_end_spin, sim->t_end);
  gtk_spin_button_set_value (self->dt_spin, sim->dt);
  self->syncing = FALSE;
}

void
sim_panel_speed_action (GSimpleAction *action,
                        GVariant      *value,
                        gpointer       data)
{
  LuztarSimPanel *self = data;
  const char *name = g_variant_get_string (value, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (speed_names); i++)
    if (g_str_equal (name, speed_names[i]))
      {
        set_speed_index (self, i);
        return;
      }
  {
    g_autofree char *text = g_strdup_printf (_("Unknown speed “%s”: use 0.01, 0.1, 1, 2, 5, 10 or max."), name);

    sim_panel_message (self, text);
  }
}

void
sim_panel_break_any_action (GSimpleAction *action,
                            GVariant      *value,
                            gpointer       data)
{
  LuztarSimPanel *self = data;

  g_simple_action_set_state (action, value);
  if (gtk_check_button_get_active (self->break_any_check) != g_variant_get_boolean (value))
    gtk_check_button_set_active (self->break_any_check, g_variant_get_boolean (value));
}

void
sim_panel_apply_breakpoints (LuztarSimPanel *self)
{
  if (self->run == NULL || self->model == NULL)
    return;
  luztar_run_set_break_on_any (self->run, gtk_check_button_get_active (self->break_any_check));
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    {
      const LzElement *el = lz_model_get_element (self->model, e);

      luztar_run_set_breakpoint (self->run, e, g_hash_table_contains (self->breakpoints, el->item.id));
    }
}

/* ------------------------------------------------------------------------ */
/* Breakpoints                                                              */

static void
on_break_toggled (GtkCheckButton *check,
                  LuztarSimPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "element-id");

  if (self->syncing)
    return;
  if (gtk_check_button_get_active (check))
    g_hash_table_add (self->breakpoints, g_strdup (id));
  else
    g_hash_table_remove (self->breakpoints, id);
  sim_panel_apply_breakpoints (self);
}

static void
on_break_any_toggled (GtkCheckButton *check,
                      LuztarSimPanel *self)
{
  GSimpleAction *action = sim_panel_lookup_action (self, "break-any");

  sim_panel_apply_breakpoints (self);
  if (action != NULL)
    g_simple_action_set_state (action, g_variant_new_boolean (gtk_check_button_get_active (check)));
}

void
sim_panel_rebuild_breakpoints (LuztarSimPanel *self)
{
  for (guint i = 0; i < self->break_checks->len; i++)
    gtk_box_remove (self->break_box, self->break_checks->pdata[i]);
  g_ptr_array_set_size (self->break_checks, 0);
  if (self->model == NULL)
    return;
  self->syncing = TRUE;
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    {
      const LzElement *el = lz_model_get_element (self->model, e);
      const char *label = el->item.label != NULL && *el->item.label != '\0' ? el->item.label : el->item.id;
      g_autofree char *text = NULL;
      GtkWidget *check;

      if (!luztar_element_is_nonsmooth (el))
        continue;
      /* Translators: a breakpoint: element name (its kind) */
      text = g_strdup_printf (_("%s (%s)"), label, luztar_symbols_kind_name (&el->item));
      check = gtk_check_button_new_with_label (text);
      g_object_set_data_full (G_OBJECT (check), "element-id", g_strdup (el->item.id), g_free);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   g_hash_table_contains (self->breakpoints, el->item.id));
      g_signal_connect (check, "toggled", G_CALLBACK (on_break_toggled), self);
      gtk_box_append (self->break_box, check);
      g_ptr_array_add (self->break_checks, check);
    }
  self->syncing = FALSE;
}

/* The settings' widgets (of the template) told to the panel. */
void
sim_panel_connect_settings (LuztarSimPanel *self)
{
  g_signal_connect (self->speed_dropdown, "notify::selected", G_CALLBACK (on_speed_selected), self);
  g_signal_connect (self->method_dropdown, "notify::selected", G_CALLBACK (on_method_selected), self);
  g_signal_connect (self->t_end_spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  g_signal_connect (self->dt_spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  g_signal_connect_swapped (self->scale_spin, "value-changed", G_CALLBACK (on_scale_changed), self);
  g_signal_connect_swapped (self->auto_scale_check, "toggled", G_CALLBACK (on_scale_changed), self);
  g_signal_connect (self->break_any_check, "toggled", G_CALLBACK (on_break_any_toggled), self);
  g_signal_connect (self->until_button, "clicked", G_CALLBACK (on_until_clicked), self);
}
