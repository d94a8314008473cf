/* luztar-window-edit.c — the main window's edits of its model, each one undo step
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every edit copies the model, changes the copy through the core (which
 * validates it) and commits it: the model before it goes on the undo
 * stack.  Parameters typed in the inspector, the run settings, items
 * placed from the palette, moved on the canvas, deleted and renamed; the
 * selection's actions; undo and redo.  The clipboard's edits are in
 * luztar-window-clipboard.c.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-window-private.h"
#include "luztar-widget-kit.h"
#include "canvas/luztar-symbols.h"

#define UNDO_DEPTH 500

/* Every edit is one step: the model before it goes on the undo stack (at
 * most UNDO_DEPTH steps), the redo stack is cleared, the view stays. */
void
luztar_window_commit_edit (LuztarWindow *self,
                           LzModel      *edited)
{
  g_ptr_array_add (self->undo, self->model);
  if (self->undo->len > UNDO_DEPTH)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->model = edited;
  self->modified = TRUE;
  luztar_window_show_model_in_place (self);
}

/**
 * luztar_window_set_parameter:
 * @id: an item
 * @name: one of its parameters
 * @text: the new value, as typed
 * @error: return location for the core's reason when it is refused
 *
 * Changes a parameter through the core, which validates it; the model as
 * it was goes on the undo stack (at most 500 steps) and the window shows
 * that there are unsaved changes.  A refused value changes nothing.
 *
 * Returns: whether the value was taken
 */
gboolean
luztar_window_set_parameter (LuztarWindow *self,
                             const char   *id,
                             const char   *name,
                             const char   *text,
                             GError      **error)
{
  g_autoptr(LzModel) edited = NULL;

  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  if (self->model == NULL)
    return FALSE;

  edited = lz_model_copy (self->model);
  if (!lz_model_set_parameter_string (edited, id, name, text, error))
    return FALSE;
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
  return TRUE;
}

/* The method, end time or step changed in the run settings: an edit of
 * the model's <simulation> (undoable, saved with the model). */
static void
on_simulation_edited (LuztarSimPanel     *panel,
                      const LzSimulation *sim,
                      LuztarWindow       *self)
{
  g_autoptr(LzModel) edited = NULL;
  g_autoptr(GError) error = NULL;

  if (self->model == NULL)
    return;
  edited = lz_model_copy (self->model);
  if (!lz_model_set_simulation (edited, sim, &error))
    {
      luztar_window_show_message (self, error->message);
      return;
    }
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
}

static gboolean
palette_kind_to_item_kind (const char *kind,
                           LzItemKind *item_kind)
{
  if (g_str_equal (kind, "mass") || g_str_equal (kind, "inertia"))
    *item_kind = LZ_ITEM_BODY;
  else if (g_str_equal (kind, "motion"))
    *item_kind = LZ_ITEM_PRESCRIBED;
  else if (!lz_item_kind_from_string (kind, item_kind))
    return FALSE;
  return TRUE;
}

/**
 * luztar_window_add_item:
 * @kind: a palette kind ("mass", "spring", …)
 * @x: where (model coordinates; for grounds and bodies)
 * @y: where
 * @a: (nullable): port a of an element, or the body of a source
 * @b: (nullable): port b of an element
 * @error: where a refusal goes
 *
 * Adds a new item with the default parameters of its kind as one undo
 * step and selects it.
 *
 * Returns: (transfer none) (nullable): the new item's id
 */
const char *
luztar_window_add_item (LuztarWindow *self,
                        const char   *kind,
                        double        x,
                        double        y,
                        const char   *a,
                        const char   *b,
                        GError      **error)
{
  g_autoptr(LzModel) edited = NULL;
  const LzItem *item = NULL;
  g_autofree char *id = NULL;
  LzItemKind item_kind;

  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), NULL);
  if (self->model == NULL || !palette_kind_to_item_kind (kind, &item_kind))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, _("Unknown kind of item “%s”"), kind);
      return NULL;
    }
  if (lz_item_kind_is_element (item_kind) && (a == NULL || b == NULL))
    {
      /* TRANSLATORS: %s is "Spring", "Damper", … */
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: drop it between two bodies, or between a body and a ground, "
                     "or drag it from one to the other"), luztar_symbols_palette_name (kind));
      return NULL;
    }
  if (lz_item_kind_is_source (item_kind) && a == NULL)
    {
      /* TRANSLATORS: %s is "Force", "Motion" or "Actuator" */
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("%s: drop it onto a body"), luztar_symbols_palette_name (kind));
      return NULL;
    }

  edited = lz_model_copy (self->model);
  luztar_canvas_fix_positions (edited);
  /* (0, 0) everywhere means "not placed yet" to the layout */
  if (x == 0 && y == 0)
    x = luztar_canvas_get_grid_step (self->canvas);
  switch (item_kind)
    {
    case LZ_ITEM_GROUND:
      item = (const LzItem *) lz_model_add_ground (edited, NULL, error);
      break;
    case LZ_ITEM_BODY:
      item = (const LzItem *) lz_model_add_body (edited, NULL,
                                                 g_str_equal (kind, "inertia") ? LZ_BODY_ROTATIONAL
                                                                               : LZ_BODY_TRANSLATIONAL,
                                                 1.0, error);
      break;
    case LZ_ITEM_SPRING:
    case LZ_ITEM_DAMPER:
    case LZ_ITEM_FRICTION:
    case LZ_ITEM_STOP:
    case LZ_ITEM_GEAR:
    case LZ_ITEM_CONTACT:
    case LZ_ITEM_BACKLASH:
      item = (const LzItem *) lz_model_add_element (edited, item_kind, NULL, a, b, error);
      break;
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
      item = (const LzItem *) lz_model_add_source (edited, item_kind, NULL, a, NULL, error);
      break;
    case LZ_ITEM_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  if (item == NULL)
    return NULL;
  id = g_strdup (item->id);
  if (item_kind == LZ_ITEM_GROUND || item_kind == LZ_ITEM_BODY)
    {
      lz_model_set_parameter (edited, id, "x", x, NULL);
      lz_model_set_parameter (edited, id, "y", y, NULL);
    }
  /* a new stop does something: port b may come 0.1 m (or rad) closer to
   * port a than it is now, and go as far away as it likes */
  if (item_kind == LZ_ITEM_STOP)
    {
      lz_model_set_parameter (edited, id, "lower", -0.1, NULL);
      lz_model_set_parameter_string (edited, id, "upper", "inf", NULL);
    }
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
  luztar_canvas_select (self->canvas, (const char * const[]) { id, NULL });
  return lz_model_lookup (self->model, id)->id;
}

static void
on_canvas_create_item (LuztarCanvas *canvas,
                       const char   *kind,
                       double        x,
                       double        y,
                       const char   *a,
                       const char   *b,
                       LuztarWindow *self)
{
  g_autoptr(GError) error = NULL;

  /* click-to-place places one item, then the canvas selects again */
  luztar_canvas_set_tool (self->canvas, NULL);
  luztar_palette_set_armed (self->palette, NULL);
  if (luztar_window_add_item (self, kind, x, y, a, b, &error) == NULL)
    luztar_window_show_message (self, error->message);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/**
 * luztar_window_move_items:
 * @ids: bodies and grounds
 * @dx: by how much, model units
 * @dy: by how much
 *
 * Moves items on the canvas as one undo step; their connections stay.
 */
void
luztar_window_move_items (LuztarWindow       *self,
                          const char * const *ids,
                          double              dx,
                          double              dy)
{
  g_autoptr(LzModel) edited = NULL;
  gboolean moved = FALSE;

  g_return_if_fail (LUZTAR_IS_WINDOW (self));
  if (self->model == NULL || ids == NULL || ids[0] == NULL)
    return;
  if (dx == 0 && dy == 0)
    return;
  edited = lz_model_copy (self->model);
  luztar_canvas_fix_positions (edited);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      const LzItem *item = lz_model_lookup (edited, ids[i]);
      double x, y;

      /* only bodies and grounds have a place of their own */
      if (item == NULL || (item->kind != LZ_ITEM_BODY && item->kind != LZ_ITEM_GROUND)
          || !lz_model_get_parameter (edited, ids[i], "x", &x, NULL)
          || !lz_model_get_parameter (edited, ids[i], "y", &y, NULL))
        continue;
      lz_model_set_parameter (edited, ids[i], "x", x + dx, NULL);
      lz_model_set_parameter (edited, ids[i], "y", y + dy, NULL);
      moved = TRUE;
    }
  if (moved)
    luztar_window_commit_edit (self, g_steal_pointer (&edited));
}

static void
on_canvas_move_items (LuztarCanvas  *canvas,
                      char         **ids,
                      double         dx,
                      double         dy,
                      LuztarWindow  *self)
{
  luztar_window_move_items (self, (const char * const *) ids, dx, dy);
}

static void
on_palette_kind_activated (LuztarPalette *palette,
                           const char    *kind,
                           LuztarWindow  *self)
{
  /* a second click disarms */
  if (g_strcmp0 (luztar_canvas_get_tool (self->canvas), kind) == 0)
    kind = NULL;
  luztar_canvas_set_tool (self->canvas, kind);
  luztar_palette_set_armed (palette, kind);
  if (kind != NULL && luztar_palette_get_by_keyboard (palette))
    {
      /* the keys go on to the canvas's placement cursor */
      /* TRANSLATORS: %s is "Spring", "Mass", … */
      g_autofree char *hint = g_strdup_printf (_("%s: move with the arrow keys, Enter places it "
                                                 "(Esc cancels)"), luztar_symbols_palette_name (kind));

      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
      luztar_window_show_message (self, hint);
    }
  else if (kind != NULL)
    {
      /* TRANSLATORS: %s is "Spring", "Mass", … */
      g_autofree char *hint = g_strdup_printf (_("%s: click on the canvas to place it (Esc cancels)"),
                                               luztar_symbols_palette_name (kind));

      luztar_window_show_message (self, hint);
    }
}

static void
on_canvas_selection_changed (LuztarCanvas *canvas,
                             LuztarWindow *self)
{
  if (luztar_canvas_get_tool (canvas) == NULL)
    luztar_palette_set_armed (self->palette, NULL);
  luztar_window_update_edit_actions (self);
}

/**
 * luztar_window_delete_selection:
 *
 * Deletes the selected items as one undo step; deleting a body or a
 * ground deletes the elements and sources attached to it.
 */
void
luztar_window_delete_selection (LuztarWindow *self)
{
  GPtrArray *selection = luztar_canvas_get_selection (self->canvas);
  g_autoptr(LzModel) edited = NULL;
  g_autoptr(GHashTable) doomed = NULL;

  if (self->model == NULL || selection->len == 0)
    return;
  doomed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < selection->len; i++)
    g_hash_table_add (doomed, g_strdup (selection->pdata[i]));
  for (guint i = 0; i < lz_model_get_n_elements (self->model); i++)
    {
      const LzElement *el = lz_model_get_element (self->model, i);

      if ((el->a != NULL && g_hash_table_contains (doomed, el->a))
          || (el->b != NULL && g_hash_table_contains (doomed, el->b)))
        g_hash_table_add (doomed, g_strdup (el->item.id));
    }
  for (guint i = 0; i < lz_model_get_n_sources (self->model); i++)
    {
      const LzSource *src = lz_model_get_source (self->model, i);

      if (src->body != NULL && g_hash_table_contains (doomed, src->body))
        g_hash_table_add (doomed, g_strdup (src->item.id));
    }
  edited = lz_model_copy (self->model);
  luztar_canvas_fix_positions (edited);
  {
    GHashTableIter iter;
    gpointer id;

    g_hash_table_iter_init (&iter, doomed);
    while (g_hash_table_iter_next (&iter, &id, NULL))
      lz_model_remove (edited, id, NULL);
  }
  luztar_canvas_select (self->canvas, NULL);
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
}

static void
delete_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  luztar_window_delete_selection (LUZTAR_WINDOW (user_data));
}

static void
on_rename_response (AdwMessageDialog *dialog,
                    const char       *response,
                    LuztarWindow     *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  const char *id = g_object_get_data (G_OBJECT (dialog), "id");
  g_autoptr(LzModel) edited = NULL;
  g_autoptr(GError) error = NULL;
  const char *new_id = gtk_editable_get_text (entry);

  if (!g_str_equal (response, "rename") || self->model == NULL || g_str_equal (id, new_id))
    return;
  edited = lz_model_copy (self->model);
  if (!lz_model_rename (edited, id, new_id, &error))
    {
      luztar_window_show_message (self, error->message);
      return;
    }
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
  luztar_canvas_select (self->canvas, (const char * const[]) { new_id, NULL });
}

static void
rename_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);
  GPtrArray *selection = luztar_canvas_get_selection (self->canvas);
  GtkWidget *dialog, *entry;
  const char *id;

  if (self->model == NULL || selection->len == 0)
    return;
  id = selection->pdata[0];
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Rename Item"), NULL);
  /* TRANSLATORS: %s is the item's current name */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("The new name of “%s”: letters, digits, “_”, “-” and “.”, "
                                    "starting with a letter or “_”."), id);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), id);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "rename", _("_Rename"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "id", g_strdup (id), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_rename_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

static void
select_all_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  luztar_canvas_select_all (LUZTAR_WINDOW (user_data)->canvas);
}

void
luztar_window_update_edit_actions (LuztarWindow *self)
{
  gboolean any = self->model != NULL && luztar_canvas_get_selection (self->canvas)->len > 0;
  static const char * const selection_actions[] = { "delete", "duplicate", "copy", "cut", "rename" };

  for (guint i = 0; i < G_N_ELEMENTS (selection_actions); i++)
    luztar_window_set_action_enabled (self, selection_actions[i], any);
  luztar_window_set_action_enabled (self, "paste", self->model != NULL);
  luztar_window_set_action_enabled (self, "select-all", self->model != NULL);
  luztar_window_set_action_enabled (self, "save", self->model != NULL);
  luztar_window_set_action_enabled (self, "save-as", self->model != NULL);
}

/* A body or ground clicked on the canvas is selected in the inspector. */
static void
on_canvas_item_activated (LuztarCanvas *canvas,
                          const char   *id,
                          LuztarWindow *self)
{
  luztar_inspector_select (self->inspector, id);
  /* an item opened on a narrow window: its parameters slide in */
  if (adw_flap_get_folded (self->inspector_flap))
    adw_flap_set_reveal_flap (self->inspector_flap, TRUE);
}

/* Enter on an item of the canvas: the keyboard goes to its parameters. */
static void
on_canvas_edit_item (LuztarCanvas *canvas,
                     const char   *id,
                     LuztarWindow *self)
{
  luztar_inspector_select (self->inspector, id);
  luztar_inspector_focus_parameters (self->inspector);
}

static void
on_parameter_edited (LuztarInspector *inspector,
                     const char      *id,
                     const char      *name,
                     const char      *text,
                     LuztarWindow    *self)
{
  g_autoptr(GError) error = NULL;

  if (!luztar_window_set_parameter (self, id, name, text, &error))
    {
      luztar_inspector_show_error (inspector, name, error->message);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
    }
}

/* Undo and redo swap whole models: every edit is one step; FALSE: none left. */
static gboolean
swap_history (LuztarWindow *self,
              GPtrArray    *from,
              GPtrArray    *to)
{
  if (from->len == 0)
    return FALSE;
  g_ptr_array_add (to, self->model);
  self->model = g_ptr_array_steal_index (from, from->len - 1);
  /* back at the saved state, nothing is left to save */
  self->modified = self->model != self->saved;
  luztar_window_show_model_in_place (self);
  return TRUE;
}

gboolean
luztar_window_undo (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  return swap_history (self, self->undo, self->redo);
}

gboolean
luztar_window_redo (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  return swap_history (self, self->redo, self->undo);
}

/* win.undo and win.redo */
static void
history_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       widget)
{
  if (g_str_equal (g_action_get_name (G_ACTION (action)), "undo"))
    luztar_window_undo (LUZTAR_WINDOW (widget));
  else
    luztar_window_redo (LUZTAR_WINDOW (widget));
}

static const GActionEntry edit_actions[] = {
  { "undo", history_action },
  { "redo", history_action },
  { "delete", delete_action },
  { "rename", rename_action },
  { "select-all", select_all_action },
};

static const LuztarTemplateCallback edit_callbacks[] = {
  LUZTAR_TEMPLATE_CALLBACK (on_parameter_edited),
  LUZTAR_TEMPLATE_CALLBACK (on_canvas_item_activated),
  LUZTAR_TEMPLATE_CALLBACK (on_canvas_create_item),
  LUZTAR_TEMPLATE_CALLBACK (on_canvas_move_items),
  LUZTAR_TEMPLATE_CALLBACK (on_canvas_selection_changed),
  LUZTAR_TEMPLATE_CALLBACK (on_palette_kind_activated),
  LUZTAR_TEMPLATE_CALLBACK (on_simulation_edited),
};

/* The edits' part of luztar_window_class_init(): the template's signals
 * that edit the model. */
void
luztar_window_edit_class_init (GtkWidgetClass *widget_class)
{
  luztar_template_bind (widget_class, NULL, NULL, 0, edit_callbacks, G_N_ELEMENTS (edit_callbacks));
}

/* The edits' part of luztar_window_init(): the history and the actions. */
void
luztar_window_edit_init (LuztarWindow *self)
{
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_model_unref);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_model_unref);
  g_action_map_add_action_entries (G_ACTION_MAP (self), edit_actions, G_N_ELEMENTS (edit_actions), self);
  g_signal_connect (self->canvas, "edit-item", G_CALLBACK (on_canvas_edit_item), self);
  luztar_window_set_action_enabled (self, "undo", FALSE);
  luztar_window_set_action_enabled (self, "redo", FALSE);
}
