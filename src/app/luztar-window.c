/* luztar-window.c — the main window
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-window.h"
#include "canvas/luztar-canvas.h"
#include "luztar-gallery.h"
#include "luztar-inspector.h"

struct _LuztarWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwStatusPage        *status_page;
  GtkLabel             *description_label;
  GMenu                *recent_section;
  LuztarCanvas         *canvas;
  LuztarInspector      *inspector;
  GtkWidget            *inspector_separator;

  /* Owned */
  LzModel              *model;
  GFile                *file;
  GtkNativeDialog      *chooser;
  GPtrArray            *undo;          /* LzModel snapshots before each edit */
  GPtrArray            *redo;
  gboolean              modified;      /* model differs from the file's */
  LzModel              *saved;         /* the model as last opened or saved */
  gboolean              close_confirmed;
  guint                 autosave_id;
  char                 *autosave_path; /* where this window's unsaved work goes */
};

#define UNDO_DEPTH 500
#define AUTOSAVE_SECONDS 30

static guint autosave_counter;

static void show_model (LuztarWindow *self);

/* The folder of autosaved work: $XDG_STATE_HOME/luztar/autosave. */
char *
luztar_window_dup_autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "luztar", "autosave", NULL);
}

static void
forget_autosave (LuztarWindow *self)
{
  if (self->autosave_path != NULL)
    g_unlink (self->autosave_path);
}

/* Every 30 s (LUZTAR_AUTOSAVE_SECONDS for tests), unsaved work is written to
 * the state folder, named after this process, so that a crash loses at most
 * that much; a clean save or close removes it. */
static gboolean
autosave_tick (gpointer user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);

  if (!self->modified || self->model == NULL)
    return G_SOURCE_CONTINUE;
  if (self->autosave_path == NULL)
    {
      g_autofree char *dir = luztar_window_dup_autosave_dir ();
      g_autofree char *name = g_strdup_printf ("%d-%u.luztar", (int) getpid (), ++autosave_counter);

      g_mkdir_with_parents (dir, 0700);
      self->autosave_path = g_build_filename (dir, name, NULL);
    }
  lz_model_save (self->model, self->autosave_path, NULL);
  return G_SOURCE_CONTINUE;
}

/**
 * luztar_window_recover:
 * @path: an autosaved model
 *
 * Shows autosaved work as an untitled model with unsaved changes (the
 * autosave file itself is then this window's: it goes once saved).
 *
 * Returns: whether it could be read
 */
gboolean
luztar_window_recover (LuztarWindow *self,
                       const char   *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (!luztar_window_open_file (self, file))
    return FALSE;
  g_clear_object (&self->file);
  g_clear_pointer (&self->saved, lz_model_unref);
  self->modified = TRUE;
  g_free (self->autosave_path);
  self->autosave_path = g_strdup (path);
  show_model (self);
  adw_toast_overlay_add_toast (self->toast_overlay,
                               adw_toast_new (_("Recovered work that was not saved")));
  return TRUE;
}

G_DEFINE_FINAL_TYPE (LuztarWindow, luztar_window, ADW_TYPE_APPLICATION_WINDOW)

LuztarWindow *
luztar_window_new (LuztarApplication *app)
{
  GSettings *settings = luztar_application_get_settings (app);

  return g_object_new (LUZTAR_TYPE_WINDOW,
                       "application", app,
                       "default-width", g_settings_get_int (settings, "window-width"),
                       "default-height", g_settings_get_int (settings, "window-height"),
                       "maximized", g_settings_get_boolean (settings, "window-maximized"),
                       NULL);
}

/* Model descriptions are written wrapped in the file; the page reflows
 * them: lines of a paragraph are joined, blank lines separate paragraphs.
 * The result is escaped for the status page's markup. */
static char *
reflow_description (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  gboolean blank_pending = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (*line == '\0')
        {
          blank_pending = out->len > 0;
          continue;
        }
      if (out->len > 0)
        g_string_append (out, blank_pending ? "\n\n" : " ");
      g_string_append (out, line);
      blank_pending = FALSE;
    }
  return g_markup_escape_text (out->str, -1);
}

static void
show_model (LuztarWindow *self)
{
  const char *name = lz_model_get_name (self->model);
  const char *description = lz_model_get_description (self->model);
  g_autofree char *reflowed = NULL;
  g_autofree char *basename = self->file != NULL ? g_file_get_basename (self->file)
                                                : g_strdup (_("Untitled"));

  {
    g_autofree char *marked = g_strdup_printf ("• %s", name != NULL && *name != '\0' ? name : basename);

    /* a dot in front of the name: changes not saved yet */
    adw_window_title_set_title (self->window_title,
                                self->modified ? marked : name != NULL && *name != '\0' ? name : basename);
  }
  /* TRANSLATORS: the subtitle of a window showing a copy of an example */
  adw_window_title_set_subtitle (self->window_title,
                                 self->file != NULL ? basename : _("Untitled copy of an example"));
  {
    g_autofree char *marked = g_strdup_printf ("• %s", name != NULL && *name != '\0' ? name : basename);

    gtk_window_set_title (GTK_WINDOW (self),
                          self->modified ? marked : name != NULL && *name != '\0' ? name : basename);
  }
  adw_status_page_set_title (self->status_page,
                             name != NULL && *name != '\0' ? name : basename);
  reflowed = reflow_description (description);
  adw_status_page_set_description (self->status_page, reflowed);

  /* the model on the canvas, its name and description in a card below */
  luztar_canvas_set_model (self->canvas, self->model);
  luztar_inspector_set_model (self->inspector, self->model);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), TRUE);
  gtk_widget_set_visible (self->inspector_separator, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", self->undo->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", self->redo->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->status_page), FALSE);
  {
    g_autofree char *title = g_markup_escape_text (name != NULL && *name != '\0' ? name : basename, -1);
    g_autofree char *markup = *reflowed != '\0' ? g_strdup_printf ("<b>%s</b>\n%s", title, reflowed)
                                                 : g_strdup_printf ("<b>%s</b>", title);
    /* the card shows the first paragraph; the whole text is its tooltip */
    g_autofree char *first = g_strndup (markup, strstr (markup, "\n\n") != NULL
                                                ? (gsize) (strstr (markup, "\n\n") - markup)
                                                : strlen (markup));

    gtk_label_set_markup (self->description_label, first);
    gtk_widget_set_tooltip_markup (GTK_WIDGET (self->description_label), markup);
    gtk_widget_set_visible (GTK_WIDGET (self->description_label), TRUE);
    /* five lines of text in a card with its margins */
    luztar_canvas_set_bottom_inset (self->canvas, 150);
  }
}

static void
remember (LuztarWindow *self,
          GFile        *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
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
      AdwToast *toast;

      if (error == NULL)
        g_set_error (&error, LZ_ERROR, LZ_ERROR_IO,
                     _("Only local files can be opened"));
      toast = adw_toast_new (error->message);
      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      g_printerr ("%s\n", error->message);
      return FALSE;
    }

  g_clear_pointer (&self->model, lz_model_unref);
  g_set_object (&self->file, file);
  self->model = model;
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->modified = FALSE;
  g_clear_pointer (&self->saved, lz_model_unref);
  self->saved = lz_model_ref (model);
  remember (self, file);
  show_model (self);
  return TRUE;
}

static void
chooser_response (GtkNativeDialog *chooser,
                  int              response,
                  gpointer         user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      luztar_window_open_file (self, file);
    }
  g_clear_object (&self->chooser);
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
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
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
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (!luztar_window_open_file (self, file))
    return FALSE;
  g_clear_object (&self->file);
  show_model (self);
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
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *dir = luztar_application_dup_examples_dir (LUZTAR_APPLICATION (app));
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
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  luztar_window_open_file (LUZTAR_WINDOW (widget), file);
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
  g_ptr_array_add (self->undo, self->model);
  if (self->undo->len > UNDO_DEPTH)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->model = g_steal_pointer (&edited);
  self->modified = TRUE;
  show_model (self);
  return TRUE;
}

/* A body or ground clicked on the canvas is selected in the inspector. */
static void
on_canvas_item_activated (LuztarCanvas *canvas,
                          const char   *id,
                          LuztarWindow *self)
{
  luztar_inspector_select (self->inspector, id);
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

/* Undo and redo swap whole models: every edit is one step. */
static void
swap_history (LuztarWindow *self,
              GPtrArray    *from,
              GPtrArray    *to)
{
  if (from->len == 0)
    return;
  g_ptr_array_add (to, self->model);
  self->model = g_ptr_array_steal_index (from, from->len - 1);
  /* back at the saved state, nothing is left to save */
  self->modified = self->model != self->saved;
  show_model (self);
}

gboolean
luztar_window_undo (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  if (self->undo->len == 0)
    return FALSE;
  swap_history (self, self->undo, self->redo);
  return TRUE;
}

gboolean
luztar_window_redo (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  if (self->redo->len == 0)
    return FALSE;
  swap_history (self, self->redo, self->undo);
  return TRUE;
}

LzModel *
luztar_window_get_model (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), NULL);
  return self->model;
}

gboolean
luztar_window_is_modified (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), FALSE);
  return self->modified;
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  luztar_window_undo (LUZTAR_WINDOW (widget));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  luztar_window_redo (LUZTAR_WINDOW (widget));
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
      AdwToast *toast = adw_toast_new (error->message);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return FALSE;
    }
  g_set_object (&self->file, file);
  self->modified = FALSE;
  forget_autosave (self);
  g_clear_pointer (&self->saved, lz_model_unref);
  self->saved = lz_model_ref (self->model);
  remember (self, file);
  show_model (self);
  return TRUE;
}

static void
save_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       gpointer         user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      luztar_window_save_to (self, file);
    }
  g_object_unref (chooser);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);
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
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (save_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LuztarWindow *self = LUZTAR_WINDOW (widget);

  if (self->file != NULL)
    luztar_window_save_to (self, self->file);
  else
    save_as_action (widget, action_name, parameter);
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
          gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
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
static gboolean
ask_before_closing (LuztarWindow *self)
{
  const char *name = self->model != NULL ? lz_model_get_name (self->model) : "";
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has changes that are not saved. Changes that are not "
                                    "saved are lost."), name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static gboolean
luztar_window_close_request (GtkWindow *window)
{
  GtkApplication *app = gtk_window_get_application (window);
  LuztarWindow *self = LUZTAR_WINDOW (window);
  GSettings *settings;
  int width, height;

  if (self->modified && !self->close_confirmed)
    return ask_before_closing (self);

  if (app == NULL)
    return GTK_WINDOW_CLASS (luztar_window_parent_class)->close_request (window);

  settings = luztar_application_get_settings (LUZTAR_APPLICATION (app));

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (luztar_window_parent_class)->close_request (window);
}

static void
luztar_window_dispose (GObject *object)
{
  LuztarWindow *self = LUZTAR_WINDOW (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_object (&self->file);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->saved, lz_model_unref);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  /* closed normally (discarded or saved): the autosave has no use */
  forget_autosave (self);
  g_clear_pointer (&self->autosave_path, g_free);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_WINDOW);

  G_OBJECT_CLASS (luztar_window_parent_class)->dispose (object);
}

static void
luztar_window_class_init (LuztarWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = luztar_window_dispose;
  window_class->close_request = luztar_window_close_request;

  g_type_ensure (LUZTAR_TYPE_CANVAS);
  g_type_ensure (LUZTAR_TYPE_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/luztar-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, description_label);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, canvas);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", NULL, open_example_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK, "win.redo", NULL);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, inspector_separator);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_canvas_item_activated);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, recent_section);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
}

static void
luztar_window_init (LuztarWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_model_unref);
  {
    const char *env = g_getenv ("LUZTAR_AUTOSAVE_SECONDS");
    guint seconds = env != NULL && atoi (env) > 0 ? (guint) atoi (env) : AUTOSAVE_SECONDS;

    self->autosave_id = g_timeout_add_seconds (seconds, autosave_tick, self);
  }
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_model_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", FALSE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
