/* luztar-window-file.c — the main window's document: new, open, examples, recent files, save, autosave
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the window's model comes from and where it goes: a file opened
 * (the chooser, the recent files, a drop, a recovered autosave), an
 * example or a run of a sweep or a simplified model as an untitled copy,
 * a new model; saved to its file or to one the user chooses; written
 * every AUTOSAVE_SECONDS to the autosave slot while not saved; and the
 * question before a window with unsaved changes closes.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-window-private.h"
#include "luztar-dialog.h"
#include "luztar-gallery.h"

#define AUTOSAVE_SECONDS 30

static void
forget_autosave (LuztarWindow *self)
{
  g_clear_pointer (&self->autosave, luztar_autosave_discard);
}

/* Every 30 s (LUZTAR_AUTOSAVE_SECONDS for tests), unsaved work is written to
 * this window's slot in the state folder (luztar-autosave.c), so that a
 * crash loses at most that much; a clean save or close removes it. */
static gboolean
autosave_tick (gpointer user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (!self->modified || self->model == NULL)
    return G_SOURCE_CONTINUE;
  if (self->autosave == NULL)
    self->autosave = luztar_autosave_new ();
  if (!luztar_autosave_write (self->autosave, self->model, self->file, &error))
    g_debug ("autosave: %s", error->message);
  return G_SOURCE_CONTINUE;
}

/* Opens the model at PATH as untitled: saving asks where. */
static gboolean
open_untitled (LuztarWindow *self,
               const char   *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (!luztar_window_open_file (self, file))
    return FALSE;
  g_clear_object (&self->file);
  return TRUE;
}

/**
 * luztar_window_recover:
 * @slot: (transfer full): autosaved work (luztar_autosave_claim_orphans())
 *
 * Shows autosaved work with unsaved changes, under the name of the file
 * it belonged to (Save writes there) or untitled; the slot is then this
 * window's, and goes once the work is saved.
 *
 * Returns: whether it could be read (the slot is discarded if not)
 */
gboolean
luztar_window_recover (LuztarWindow   *self,
                       LuztarAutosave *slot)
{
  g_autoptr(GFile) original = luztar_autosave_dup_file (slot);

  if (!open_untitled (self, luztar_autosave_get_model_path (slot)))
    {
      luztar_autosave_discard (slot);
      return FALSE;
    }
  g_set_object (&self->file, original);
  g_clear_pointer (&self->saved, lz_model_unref);
  self->modified = TRUE;
  g_clear_pointer (&self->autosave, luztar_autosave_discard);
  self->autosave = slot;
  luztar_window_show_model (self);
  adw_toast_overlay_add_toast (self->toast_overlay,
                               adw_toast_new (_("Recovered work that was not saved")));
  return TRUE;
}

static void
remember (LuztarWindow *self,
          GFile        *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* A failure to open or save: a toast that stays until dismissed. */
static void
show_error (LuztarWindow *self,
            const char   *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The model as it is now is the saved one. */
static void
mark_saved (LuztarWindow *self)
{
  self->modified = FALSE;
  g_clear_pointer (&self->saved, lz_model_unref);
  self->saved = lz_model_ref (self->model);
}

/* MODEL (taken) becomes the window's, as saved and without history. */
static void
take_model (LuztarWindow *self,
            LzModel      *model)
{
  g_clear_pointer (&self->model, lz_model_unref);
  self->model = model;
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  mark_saved (self);
}

/**
 * luztar_window_open_file:
 * @file: a `.luztar` model file
 *
 * Loads @file into this window.  A file that fails to load leaves the
 * current model as it is and shows the `FILE:LINE: message` in a toast.
 *
 * Returns: whether the model was loaded
 */
gboolean
luztar_window_open_file (LuztarWindow *self,
                         GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  LzModel *model;

  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  model = path != NULL ? lz_model_load (path, &error) : NULL;
  if (model == NULL)
    {
      if (error == NULL)
        g_set_error (&error, LZ_ERROR, LZ_ERROR_IO,
                     _("Only local files can be opened"));
      show_error (self, error->message);
      g_printerr ("%s\n", error->message);
      return FALSE;
    }

  g_set_object (&self->file, file);
  take_model (self, model);
  remember (self, file);
  luztar_window_show_model (self);
  return TRUE;
}

/* The open chooser (self->chooser while it is shown) or a save chooser. */
static void
chooser_response (GtkNativeDialog *chooser,
                  int              response,
                  gpointer         user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);
  gboolean opening = chooser == self->chooser;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (opening)
        luztar_window_open_file (self, file);
      else
        luztar_window_save_to (self, file);
    }
  if (opening)
    g_clear_object (&self->chooser);
  else
    g_object_unref (chooser);
}

static void
show_chooser (LuztarWindow    *self,
              GtkNativeDialog *chooser)
{
  gtk_native_dialog_set_modal (chooser, TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (chooser);
}

static void
run_open_chooser (LuztarWindow *self,
                  const char   *title,
                  GFile        *folder)
{
  g_autoptr(GtkFileFilter) models = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (models, _("Luztar Models"));
  gtk_file_filter_add_pattern (models, "*.luztar");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), models);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);

  self->chooser = GTK_NATIVE_DIALOG (chooser);
  show_chooser (self, self->chooser);
}

static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       widget)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);
  g_autoptr(GFile) folder = self->file != NULL ? g_file_get_parent (self->file) : NULL;

  run_open_chooser (self, _("Open Model"), folder);
}

/**
 * luztar_window_open_example:
 * @path: an example model file
 *
 * Opens the example as an untitled copy: saving will ask for a new file,
 * the example itself stays as it is.
 *
 * Returns: whether the model was loaded
 */
gboolean
luztar_window_open_example (LuztarWindow *self,
                            const char   *path)
{
  if (!open_untitled (self, path))
    return FALSE;
  self->example_copy = TRUE;
  luztar_window_show_model (self);
  return TRUE;
}

static void
on_example_chosen (LuztarGallery *gallery,
                   const char    *path,
                   LuztarWindow  *self)
{
  luztar_window_open_example (self, path);
}

static void
open_example_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       widget)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);
  g_autofree char *dir = luztar_application_dup_examples_dir ();
  LuztarGallery *gallery = luztar_gallery_new (GTK_WINDOW (self), dir);

  g_signal_connect_object (gallery, "example-chosen", G_CALLBACK (on_example_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (gallery));
}

#define N_RECENT 8

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

/* The "Open Recent" submenu: the newest .luztar files the desktop's recent
 * list knows, that still exist. */
static void
update_recent_menu (LuztarWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  g_menu_remove_all (self->recent_section);
  items = g_list_sort (items, newest_first);
  for (GList *l = items; l != NULL && n < N_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;

      if (!g_str_has_suffix (uri, ".luztar") || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (self->recent_section, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
open_recent_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       widget)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  luztar_window_open_file (LUZTAR_WINDOW (widget), file);
}

gboolean
luztar_window_is_modified (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  return self->modified;
}

/**
 * luztar_window_save_to:
 * @file: where to save
 *
 * Saves the model to @file (atomically, through the core) and makes it the
 * window's file.  A failure is shown in a toast and changes nothing.
 *
 * Returns: whether the model was saved
 */
gboolean
luztar_window_save_to (LuztarWindow *self,
                       GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  if (self->model == NULL)
    return FALSE;

  path = g_file_get_path (file);
  if (path == NULL)
    g_set_error (&error, LZ_ERROR, LZ_ERROR_IO, _("Only local files can be saved"));
  if (path == NULL || !lz_model_save (self->model, path, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  g_set_object (&self->file, file);
  mark_saved (self);
  forget_autosave (self);
  remember (self, file);
  luztar_window_show_model_in_place (self);
  return TRUE;
}

static void
run_save_chooser (LuztarWindow *self)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;

  if (self->model == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    {
      /* an untitled copy is named after the model */
      name = g_strdup_printf ("%s.luztar", *lz_model_get_name (self->model) != '\0'
                                           ? lz_model_get_name (self->model) : _("Untitled"));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  show_chooser (self, GTK_NATIVE_DIALOG (chooser));
}

/* win.save-as: with a path (from scripts, over D-Bus), saves there; with
 * "" (the menu, Ctrl+Shift+S), asks where. */
static void
save_as_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       widget)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);
  const char *path = parameter != NULL ? g_variant_get_string (parameter, NULL) : "";

  if (*path != '\0')
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

      luztar_window_save_to (self, file);
    }
  else
    run_save_chooser (self);
}

/**
 * luztar_window_new_model:
 *
 * Starts a new, empty model in this window (a fixed ground to build on).
 */
void
luztar_window_new_model (LuztarWindow *self)
{
  g_autoptr(LzModel) model = NULL;

  g_return_if_fail (LUZTAR_IS_WINDOW (self));
  /* TRANSLATORS: the name of a new model */
  model = lz_model_new (_("New model"));
  lz_model_add_ground (model, "wall", NULL);
  lz_model_set_parameter (model, "wall", "x", 100, NULL);
  lz_model_set_parameter (model, "wall", "y", 160, NULL);
  g_clear_object (&self->file);
  self->example_copy = FALSE;
  self->simplified_copy = FALSE;
  take_model (self, g_steal_pointer (&model));
  luztar_window_show_model (self);
}

static void
new_action (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);

  /* unsaved work is never replaced: the new model gets a window of its own */
  if (self->modified)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      LuztarWindow *window;

      if (app == NULL)
        return;
      window = luztar_window_new (LUZTAR_APPLICATION (app));
      luztar_window_new_model (window);
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  luztar_window_new_model (self);
}

static void
save_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       widget)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);

  if (self->file != NULL)
    luztar_window_save_to (self, self->file);
  else
    run_save_chooser (self);
}

/* A .luztar file dropped on the window opens there. */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         LuztarWindow  *self)
{
  if (!G_VALUE_HOLDS (value, G_TYPE_FILE))
    return FALSE;
  return luztar_window_open_file (self, g_value_get_object (value));
}

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   LuztarWindow     *self)
{
  if (g_str_equal (response, "save"))
    {
      if (self->file == NULL)
        {
          /* an untitled model: Save As first; the user closes again after */
          gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", "s", "");
          return;
        }
      if (!luztar_window_save_to (self, self->file))
        return;
    }
  if (g_str_equal (response, "save") || g_str_equal (response, "discard"))
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

/* Closing with unsaved changes asks: save, discard or cancel. */
gboolean
luztar_window_ask_before_closing (LuztarWindow *self)
{
  const char *name = self->model != NULL ? lz_model_get_name (self->model) : "";
  GtkWidget *dialog;

  dialog = luztar_dialog_discard_new (GTK_WINDOW (self), _("Save Changes?"), "cancel", _("_Cancel"),
                                      "save", _("_Save"));
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has changes that are not saved. Changes that are not "
                                    "saved are lost."), name);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* A new window of this one's application (none in some tests) with MODEL
 * (taken), untitled and as saved: nothing to save until it is edited,
 * and saving asks where. */
static LuztarWindow *
untitled_window (LuztarWindow *self,
                 LzModel      *model)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  LuztarWindow *window = app != NULL ? luztar_window_new (LUZTAR_APPLICATION (app))
                                     : g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  take_model (window, model);
  return window;
}

/* Simplify Model: the model with its massless joints eliminated in closed
 * form ("joints"), or paper 003's formal simplification of a gear train
 * ("gear-1", "gear-2", "gear-3"), in a new window whose one undo step
 * gives back the model as it is; this window's model stays. */
static void
simplify_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);
  const char *how = g_variant_get_string (parameter, NULL);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzModel) simplified = NULL;
  g_autofree char *name = NULL;
  LuztarWindow *window;

  if (self->model == NULL)
    return;
  if (strcmp (how, "joints") == 0)
    simplified = lz_model_eliminate_joints (self->model, notes);
  else if (strcmp (how, "gear-1") == 0 || strcmp (how, "gear-2") == 0 || strcmp (how, "gear-3") == 0)
    simplified = lz_model_simplify_gear_train (self->model, how[5] - '0', notes, &error);
  else
    {
      g_warning ("win.simplify: unknown simplification “%s”", how);
      return;
    }
  if (simplified == NULL)
    {
      luztar_window_show_message (self, error->message);
      return;
    }
  if (lz_model_equal (simplified, self->model))
    {
      /* Translators: %s says why, e.g. "“j” is not eliminated: …" */
      g_autofree char *message = g_strdup_printf (_("Nothing to simplify. %s"),
                                                  notes->len > 0 ? (char *) notes->pdata[0] : "");

      luztar_window_show_message (self, message);
      return;
    }
  /* Translators: the name of a simplified model: the original's name */
  name = g_strdup_printf (_("%s (simplified)"), lz_model_get_name (self->model));
  lz_model_set_name (simplified, name);
  {
    /* the description card says what became what */
    g_autoptr(GString) description = g_string_new (NULL);
    const char *before = lz_model_get_description (self->model);

    for (guint i = 0; i < notes->len; i++)
      g_string_append_printf (description, "%s\n", (char *) notes->pdata[i]);
    if (before != NULL && *before != '\0')
      g_string_append_printf (description, "\n%s", before);
    lz_model_set_description (simplified, description->str);
  }

  window = untitled_window (self, lz_model_copy (self->model));
  window->simplified_copy = TRUE;
  luztar_window_show_model (window);
  luztar_window_commit_edit (window, g_steal_pointer (&simplified));
  gtk_window_present (GTK_WINDOW (window));
  luztar_window_show_message (window, notes->len == 1 ? (char *) notes->pdata[0]
                                      : _("Simplified: the notes are on the Matrices page."));
}

/* A run of the Sweep page, clicked: its model in a new window, untitled
 * (saving asks where); this window's model stays as it is. */
static void
on_open_run (LuztarSimPanel *panel,
             LzModel        *model,
             LuztarWindow   *self)
{
  LuztarWindow *window = untitled_window (self, lz_model_copy (model));

  window->run_copy = TRUE;
  luztar_window_show_model (window);
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry file_actions[] = {
  { "new", new_action },
  { "open", open_action },
  { "open-example", open_example_action },
  { "open-recent", open_recent_action, "s" },
  { "save", save_action },
  { "save-as", save_as_action, "s" },
  { "simplify", simplify_action, "s" },
};

/* The document's part of luztar_window_init(): its actions, the drop of a
 * file, the recent files' menu, the autosave's timer. */
void
luztar_window_file_init (LuztarWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);
  const char *env = g_getenv ("LUZTAR_AUTOSAVE_SECONDS");
  guint seconds = env != NULL && atoi (env) > 0 ? (guint) atoi (env) : AUTOSAVE_SECONDS;

  self->autosave_id = g_timeout_add_seconds (seconds, autosave_tick, self);
  g_action_map_add_action_entries (G_ACTION_MAP (self), file_actions, G_N_ELEMENTS (file_actions), self);
  g_signal_connect (self->sim_panel, "open-run", G_CALLBACK (on_open_run), self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* What luztar_window_file_init() and the document hold: the chooser, the
 * file, the saved model, the autosave's timer and slot. */
void
luztar_window_file_dispose (LuztarWindow *self)
{
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_object (&self->file);
  g_clear_pointer (&self->saved, lz_model_unref);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  /* closed normally (discarded or saved): the autosave has no use */
  forget_autosave (self);
}
