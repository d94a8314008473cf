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
#include "luztar-autosave.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-canvas-controls.h"
#include "luztar-gallery.h"
#include "luztar-dialog.h"
#include "luztar-inspector.h"
#include "luztar-keys.h"
#include "luztar-lesson-panel.h"
#include "luztar-lesson-text.h"
#include "luztar-palette.h"
#include "luztar-presentation.h"
#include "luztar-views.h"
#include "luztar-sim-panel.h"
#include "canvas/luztar-symbols.h"

struct _LuztarWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwStatusPage        *status_page;
  LuztarLessonPanel    *lesson_panel;  /* in the side panel slot */
  GMenu                *recent_section;
  LuztarCanvas         *canvas;
  LuztarInspector      *inspector;
  GtkWidget            *inspector_separator;
  LuztarPalette        *palette;
  GtkWidget            *palette_separator;
  AdwFlap              *inspector_flap;
  GtkWidget            *side_panel_slot;
  GtkPaned             *sim_paned;
  GtkLabel             *empty_hint;
  LuztarSimPanel       *sim_panel;
  GtkWidget            *run_controls;
  GtkWidget            *run_button;
  GtkWidget            *pause_button;

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
  LuztarAutosave       *autosave;      /* where this window's unsaved work goes */
  gboolean              keep_view;     /* showing an edit, not a new document */
  gboolean              example_copy;  /* untitled copy of an example */
  gboolean              simplified_copy; /* untitled, made by Simplify Model */
  gboolean              run_copy;      /* untitled, a run of a sweep */
};

#define UNDO_DEPTH 500
#define AUTOSAVE_SECONDS 30

/* The canvas's share of the height above the plots: the plots get the
 * larger part (a class reads them), the 1-D model needs little; but at
 * least CANVAS_LEAST pixels when the window is not short, for the
 * palette's items beside it. */
#define CANVAS_SHARE 0.42
#define CANVAS_LEAST 340


static void show_model (LuztarWindow *self);
static void update_edit_actions (LuztarWindow *self);

static void
set_action_enabled (LuztarWindow *self,
                    const char   *name,
                    gboolean      enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

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

/* The model's lesson (description, what to watch, questions) in the side
 * panel at the window's start, where it stays during the run; it is there
 * when the model has a lesson, the user has not closed it, and the window
 * is wide enough (on a narrow one it folds away, as the inspector does). */
#define LESSON_MIN_WINDOW_WIDTH 1100
static gboolean
lesson_fits (LuztarWindow *self)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  return width <= 0 || width >= LESSON_MIN_WINDOW_WIDTH;
}

static void
show_lesson (LuztarWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-lesson");
  g_autoptr(GVariant) state = action != NULL ? g_action_get_state (action) : NULL;
  gboolean has = self->model != NULL && luztar_lesson_panel_set_model (self->lesson_panel, self->model);
  gboolean wanted = state == NULL || g_variant_get_boolean (state);
  gboolean shown = has && wanted && lesson_fits (self);

  gtk_widget_set_visible (GTK_WIDGET (self->lesson_panel), shown);
  gtk_widget_set_visible (self->side_panel_slot, shown);
  set_action_enabled (self, "show-lesson", has);
}

static void
on_width_changed (LuztarWindow *self)
{
  if (gtk_widget_get_visible (self->side_panel_slot) != (lesson_fits (self)
                                                          && luztar_lesson_panel_has_lesson (self->lesson_panel)))
    show_lesson (self);
}

static void
show_lesson_changed (GSimpleAction *action,
                     GVariant      *state,
                     gpointer       widget)
{
  g_simple_action_set_state (action, state);
  show_lesson (LUZTAR_WINDOW (widget));
}

static void
show_model (LuztarWindow *self)
{
  /* an example's name in the user's language (luztar-lesson-text.c) */
  g_autofree char *name = luztar_lesson_translate (lz_model_get_name (self->model),
                                                   LUZTAR_LESSON_ATTRIBUTE);
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
                                 self->file != NULL ? basename
                                 : self->simplified_copy ? _("Untitled simplified copy")
                                 /* TRANSLATORS: the subtitle of a window showing one run of a sweep */
                                 : self->run_copy ? _("Untitled run of a sweep")
                                 : self->example_copy ? _("Untitled copy of an example")
                                 /* TRANSLATORS: the subtitle of a new model's window */
                                 : _("Not saved yet"));
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
  if (self->keep_view)
    luztar_canvas_update_model (self->canvas, self->model);
  else
    luztar_canvas_set_model (self->canvas, self->model);
  luztar_inspector_set_model (self->inspector, self->model);
  /* a run belongs to one model: an edit restarts it, another model drops it */
  luztar_sim_panel_set_model (self->sim_panel, self->model, self->keep_view);
  gtk_widget_set_visible (GTK_WIDGET (self->sim_panel), TRUE);
  gtk_widget_set_visible (self->run_controls, TRUE);
  {
    GPtrArray *selection = luztar_canvas_get_selection (self->canvas);

    if (selection->len > 0
        && g_strcmp0 (luztar_inspector_get_selected (self->inspector), selection->pdata[0]) != 0)
      luztar_inspector_select (self->inspector, selection->pdata[0]);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), TRUE);
  gtk_widget_set_visible (self->inspector_separator, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->palette), TRUE);
  gtk_widget_set_visible (self->palette_separator, TRUE);
  set_action_enabled (self, "undo", self->undo->len > 0);
  set_action_enabled (self, "redo", self->redo->len > 0);
  update_edit_actions (self);
  gtk_widget_set_visible (GTK_WIDGET (self->status_page), FALSE);
  /* an empty model: what to do first, in words on the canvas */
  gtk_label_set_text (self->empty_hint,
                      _("An empty model. Drag a mass from the palette onto the canvas, "
                        "connect it to the wall with a spring, then press Run."));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_hint), lz_model_get_n_bodies (self->model) == 0);
  show_lesson (self);
}

/* After an edit, an undo or a save: the model shown where it is, not fitted. */
static void
show_model_in_place (LuztarWindow *self)
{
  self->keep_view = TRUE;
  show_model (self);
  self->keep_view = FALSE;
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
  show_model (self);
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
open_example_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       widget)
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
open_recent_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       widget)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  luztar_window_open_file (LUZTAR_WINDOW (widget), file);
}

/* Every edit is one step: the model before it goes on the undo stack (at
 * most UNDO_DEPTH steps), the redo stack is cleared, the view stays. */
static void
commit_edit (LuztarWindow *self,
             LzModel      *edited)
{
  g_ptr_array_add (self->undo, self->model);
  if (self->undo->len > UNDO_DEPTH)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->model = edited;
  self->modified = TRUE;
  show_model_in_place (self);
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
  commit_edit (self, g_steal_pointer (&edited));
  return TRUE;
}

static void
show_message (LuztarWindow *self,
              const char   *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void
on_sim_message (LuztarSimPanel *panel,
                const char     *message,
                LuztarWindow   *self)
{
  show_message (self, message);
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
      show_message (self, error->message);
      return;
    }
  commit_edit (self, g_steal_pointer (&edited));
}

/* Run and Pause take turns in the header bar. */
static void
on_sim_running (LuztarSimPanel *panel,
                GParamSpec     *pspec,
                LuztarWindow   *self)
{
  gboolean running;

  g_object_get (panel, "running", &running, NULL);
  gtk_widget_set_visible (self->run_button, !running);
  gtk_widget_set_visible (self->pause_button, running);
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
  commit_edit (self, g_steal_pointer (&edited));
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
    show_message (self, error->message);
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
    commit_edit (self, g_steal_pointer (&edited));
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
      show_message (self, hint);
    }
  else if (kind != NULL)
    {
      /* TRANSLATORS: %s is "Spring", "Mass", … */
      g_autofree char *hint = g_strdup_printf (_("%s: click on the canvas to place it (Esc cancels)"),
                                               luztar_symbols_palette_name (kind));

      show_message (self, hint);
    }
}

static void
on_canvas_selection_changed (LuztarCanvas *canvas,
                             LuztarWindow *self)
{
  if (luztar_canvas_get_tool (canvas) == NULL)
    luztar_palette_set_armed (self->palette, NULL);
  update_edit_actions (self);
}

/* The items an edit of the selection takes along: the selected items, the
 * elements between selected ports and the sources on selected bodies. */
static GHashTable *
selection_closure (LuztarWindow *self)
{
  GPtrArray *selection = luztar_canvas_get_selection (self->canvas);
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < selection->len; i++)
    g_hash_table_add (set, selection->pdata[i]);
  for (guint i = 0; i < lz_model_get_n_elements (self->model); i++)
    {
      const LzElement *el = lz_model_get_element (self->model, i);

      if (el->a != NULL && el->b != NULL && g_hash_table_contains (set, el->a)
          && g_hash_table_contains (set, el->b))
        g_hash_table_add (set, el->item.id);
    }
  for (guint i = 0; i < lz_model_get_n_sources (self->model); i++)
    {
      const LzSource *src = lz_model_get_source (self->model, i);

      if (src->body != NULL && g_hash_table_contains (set, src->body))
        g_hash_table_add (set, src->item.id);
    }
  return set;
}

static void
copy_params (LzModel       *dst,
             const char    *dst_id,
             const LzModel *src,
             const LzItem  *item)
{
  for (guint i = 0; i < lz_item_kind_get_n_params (item->kind); i++)
    {
      const LzParamSpec *spec = lz_item_kind_get_param (item->kind, i);
      g_autofree char *text = NULL;

      if (spec->type == LZ_PARAM_PORT || spec->type == LZ_PARAM_BODY || g_str_equal (spec->name, "kind"))
        continue;
      text = lz_model_dup_parameter_string (src, item->id, spec->name, NULL);
      if (text != NULL)
        lz_model_set_parameter_string (dst, dst_id, spec->name, text, NULL);
    }
}

static char *
fresh_id (const LzModel *model,
          const char    *id)
{
  g_autofree char *prefix = g_strdup (id);
  gsize n = strlen (prefix);

  if (lz_model_lookup (model, id) == NULL)
    return g_strdup (id);
  while (n > 1 && g_ascii_isdigit (prefix[n - 1]))
    prefix[--n] = '\0';
  return lz_model_make_unique_id (model, prefix);
}

/* Copies the items of SRC in SET (all when NULL) into DST, moved by
 * (DX, DY), with new ids where DST has them already.  An element whose
 * port is not copied connects to the port of the same id in DST, if any.
 * The new ids go to NEW_IDS. */
static void
copy_items (LzModel       *dst,
            const LzModel *src,
            GHashTable    *set,
            double         dx,
            double         dy,
            GPtrArray     *new_ids)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < lz_model_get_n_grounds (src) + lz_model_get_n_bodies (src); i++)
    {
      gboolean is_ground = i < lz_model_get_n_grounds (src);
      const LzItem *item = is_ground ? &lz_model_get_ground (src, i)->item
                                     : &lz_model_get_body (src, i - lz_model_get_n_grounds (src))->item;
      g_autofree char *id = NULL;
      double x = 0, y = 0;
      gboolean ok;

      if (set != NULL && !g_hash_table_contains (set, item->id))
        continue;
      id = fresh_id (dst, item->id);
      ok = is_ground ? lz_model_add_ground (dst, id, NULL) != NULL
                     : lz_model_add_body (dst, id, ((const LzBody *) item)->kind,
                                          ((const LzBody *) item)->mass, NULL) != NULL;
      if (!ok)
        continue;
      copy_params (dst, id, src, item);
      lz_model_get_parameter (src, item->id, "x", &x, NULL);
      lz_model_get_parameter (src, item->id, "y", &y, NULL);
      lz_model_set_parameter (dst, id, "x", x + dx, NULL);
      lz_model_set_parameter (dst, id, "y", y + dy, NULL);
      g_ptr_array_add (new_ids, g_strdup (id));
      g_hash_table_insert (renamed, item->id, g_steal_pointer (&id));
    }
  for (guint i = 0; i < lz_model_get_n_elements (src); i++)
    {
      const LzElement *el = lz_model_get_element (src, i);
      const char *a = el->a != NULL ? g_hash_table_lookup (renamed, el->a) : NULL;
      const char *b = el->b != NULL ? g_hash_table_lookup (renamed, el->b) : NULL;
      g_autofree char *id = NULL;

      if (set != NULL && !g_hash_table_contains (set, el->item.id))
        continue;
      a = a != NULL ? a : el->a;
      b = b != NULL ? b : el->b;
      if (a == NULL || b == NULL || lz_model_lookup (dst, a) == NULL || lz_model_lookup (dst, b) == NULL)
        continue;
      id = fresh_id (dst, el->item.id);
      if (lz_model_add_element (dst, el->item.kind, id, a, b, NULL) == NULL)
        continue;
      copy_params (dst, id, src, &el->item);
      g_ptr_array_add (new_ids, g_steal_pointer (&id));
    }
  for (guint i = 0; i < lz_model_get_n_sources (src); i++)
    {
      const LzSource *s = lz_model_get_source (src, i);
      const char *body = s->body != NULL ? g_hash_table_lookup (renamed, s->body) : NULL;
      g_autofree char *id = NULL;

      if (set != NULL && !g_hash_table_contains (set, s->item.id))
        continue;
      body = body != NULL ? body : s->body;
      if (body == NULL || lz_model_lookup_body (dst, body) == NULL)
        continue;
      id = fresh_id (dst, s->item.id);
      if (lz_model_add_source (dst, s->item.kind, id, body, NULL, NULL) == NULL)
        continue;
      copy_params (dst, id, src, &s->item);
      g_ptr_array_add (new_ids, g_steal_pointer (&id));
    }
}

/* Pastes (or duplicates) the items of SRC into the model, moved a little,
 * as one undo step, and selects them. */
static void
insert_items (LuztarWindow  *self,
              const LzModel *src,
              GHashTable    *set,
              double         offset)
{
  g_autoptr(LzModel) edited = lz_model_copy (self->model);
  g_autoptr(LzModel) placed = lz_model_copy (src);
  g_autoptr(GPtrArray) new_ids = g_ptr_array_new_with_free_func (g_free);

  luztar_canvas_fix_positions (edited);
  luztar_canvas_fix_positions (placed);
  copy_items (edited, placed, set, offset, offset, new_ids);
  if (new_ids->len == 0)
    {
      show_message (self, _("Nothing to paste here: the elements need the bodies they connect"));
      return;
    }
  commit_edit (self, g_steal_pointer (&edited));
  g_ptr_array_add (new_ids, NULL);
  luztar_canvas_select (self->canvas, (const char * const *) new_ids->pdata);
}

static void
duplicate_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);
  g_autoptr(GHashTable) set = NULL;

  if (self->model == NULL || luztar_canvas_get_selection (self->canvas)->len == 0)
    return;
  set = selection_closure (self);
  insert_items (self, self->model, set, 2 * luztar_canvas_get_grid_step (self->canvas));
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
  commit_edit (self, g_steal_pointer (&edited));
}

static void
delete_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  luztar_window_delete_selection (LUZTAR_WINDOW (user_data));
}

/* The clipboard holds a .luztar document of the copied items, so that
 * they can be pasted into another window (or a text editor). */
static gboolean
copy_selection (LuztarWindow *self)
{
  g_autoptr(GHashTable) set = NULL;
  g_autoptr(LzModel) part = NULL;
  g_autoptr(LzModel) placed = NULL;
  g_autoptr(GPtrArray) new_ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (self->model == NULL || luztar_canvas_get_selection (self->canvas)->len == 0)
    return FALSE;
  set = selection_closure (self);
  /* TRANSLATORS: the name of a model on the clipboard */
  part = lz_model_new (_("Copied items"));
  placed = lz_model_copy (self->model);
  luztar_canvas_fix_positions (placed);
  copy_items (part, placed, set, 0, 0, new_ids);
  text = lz_model_save_to_data (part, NULL, &error);
  if (text == NULL)
    {
      /* TRANSLATORS: %s says why, e.g. "the model has no bodies" */
      g_autofree char *message = g_strdup_printf (_("Cannot copy: %s"), error->message);

      show_message (self, message);
      return FALSE;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  return TRUE;
}

static void
copy_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  copy_selection (LUZTAR_WINDOW (user_data));
}

static void
cut_action (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  if (copy_selection (LUZTAR_WINDOW (user_data)))
    luztar_window_delete_selection (LUZTAR_WINDOW (user_data));
}

static void
paste_text_ready (GObject      *clipboard,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(LuztarWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, &error);
  g_autoptr(LzModel) pasted = NULL;

  if (text == NULL || self->model == NULL)
    return;
  /* TRANSLATORS: where a pasted text came from, in error messages */
  pasted = lz_model_load_from_data (text, strlen (text), _("clipboard"), &error);
  if (pasted == NULL)
    {
      /* TRANSLATORS: %s is the reason, e.g. "clipboard:1: …" */
      g_autofree char *message = g_strdup_printf (_("The clipboard holds no model items: %s"),
                                                  error->message);

      show_message (self, message);
      return;
    }
  insert_items (self, pasted, NULL, 2 * luztar_canvas_get_grid_step (self->canvas));
}

static void
paste_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  LuztarWindow *self = LUZTAR_WINDOW (user_data);

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 paste_text_ready, g_object_ref (self));
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
      show_message (self, error->message);
      return;
    }
  commit_edit (self, g_steal_pointer (&edited));
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

static void
update_edit_actions (LuztarWindow *self)
{
  gboolean any = self->model != NULL && luztar_canvas_get_selection (self->canvas)->len > 0;
  static const char * const selection_actions[] = { "delete", "duplicate", "copy", "cut", "rename" };

  for (guint i = 0; i < G_N_ELEMENTS (selection_actions); i++)
    set_action_enabled (self, selection_actions[i], any);
  set_action_enabled (self, "paste", self->model != NULL);
  set_action_enabled (self, "select-all", self->model != NULL);
  set_action_enabled (self, "save", self->model != NULL);
  set_action_enabled (self, "save-as", self->model != NULL);
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
  show_model_in_place (self);
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
  show_model_in_place (self);
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
  show_model (self);
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
static gboolean
ask_before_closing (LuztarWindow *self)
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
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_WINDOW);

  G_OBJECT_CLASS (luztar_window_parent_class)->dispose (object);
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
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
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
      show_message (self, error->message);
      return;
    }
  if (lz_model_equal (simplified, self->model))
    {
      /* Translators: %s says why, e.g. "“j” is not eliminated: …" */
      g_autofree char *message = g_strdup_printf (_("Nothing to simplify. %s"),
                                                  notes->len > 0 ? (char *) notes->pdata[0] : "");

      show_message (self, message);
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

  window = app != NULL ? luztar_window_new (LUZTAR_APPLICATION (app))
                       : g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  g_clear_pointer (&window->model, lz_model_unref);
  window->model = lz_model_copy (self->model);
  g_clear_object (&window->file);
  window->simplified_copy = TRUE;
  g_clear_pointer (&window->saved, lz_model_unref);
  window->saved = lz_model_ref (window->model);
  show_model (window);
  commit_edit (window, g_steal_pointer (&simplified));
  gtk_window_present (GTK_WINDOW (window));
  show_message (window, notes->len == 1 ? (char *) notes->pdata[0]
                                        : _("Simplified: the notes are on the Matrices page."));
}

/* A run of the Sweep page, clicked: its model in a new window, untitled
 * (saving asks where); this window's model stays as it is. */
static void
on_open_run (LuztarSimPanel *panel,
             LzModel        *model,
             LuztarWindow   *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  LuztarWindow *window = app != NULL ? luztar_window_new (LUZTAR_APPLICATION (app))
                                     : g_object_new (LUZTAR_TYPE_WINDOW, NULL);

  g_clear_object (&window->file);
  window->run_copy = TRUE;
  take_model (window, lz_model_copy (model));
  show_model (window);
  gtk_window_present (GTK_WINDOW (window));
}

/* Window actions live in the window's action map, so that GApplication
 * exports them on the session bus (…/window/N) for scripts and tests. */
static const GActionEntry win_actions[] = {
  { "new", new_action },
  { "open", open_action },
  { "open-example", open_example_action },
  { "open-recent", open_recent_action, "s" },
  { "save", save_action },
  { "save-as", save_as_action, "s" },
  { "undo", history_action },
  { "redo", history_action },
  { "delete", delete_action },
  { "duplicate", duplicate_action },
  { "copy", copy_action },
  { "cut", cut_action },
  { "paste", paste_action },
  { "rename", rename_action },
  { "select-all", select_all_action },
  { "simplify", simplify_action, "s" },
  { "show-lesson", NULL, NULL, "true", show_lesson_changed },
};

/**
 * luztar_window_set_side_panel:
 * @self: a window
 * @panel: (nullable) (transfer floating): a panel, or %NULL to take the
 *   one shown away
 *
 * Shows @panel the full height of the window at its start, beside the
 * palette, the canvas and the plots (e.g. a lesson that a class follows);
 * the canvas and the plots keep their split.
 */
void
luztar_window_set_side_panel (LuztarWindow *self,
                              GtkWidget    *panel)
{
  GtkWidget *old;

  g_return_if_fail (LUZTAR_IS_WINDOW (self));
  g_return_if_fail (panel == NULL || GTK_IS_WIDGET (panel));
  while ((old = gtk_widget_get_first_child (self->side_panel_slot)) != NULL)
    gtk_box_remove (GTK_BOX (self->side_panel_slot), old);
  if (panel != NULL)
    gtk_box_append (GTK_BOX (self->side_panel_slot), panel);
  gtk_widget_set_visible (self->side_panel_slot, panel != NULL);
}

/* Presentation mode draws the plots' and the canvas's text and lines
 * larger. */
static void
emphasise_plot (gpointer plot,
                double   emphasis)
{
  luztar_plot_set_emphasis (plot, emphasis);
}

static void
emphasise_canvas (gpointer canvas,
                  double   emphasis)
{
  luztar_canvas_set_emphasis (canvas, emphasis);
}

/* The run controls' keys act wherever the focus is (luztar_keys_capture()) */
static const LuztarKey run_keys[] = {
  { GDK_KEY_F5, 0, "win.run" }, { GDK_KEY_F5, GDK_SHIFT_MASK, "win.reset" },
  { GDK_KEY_F6, 0, "win.pause" }, { GDK_KEY_F7, 0, "win.step" },
  { GDK_KEY_F8, 0, "win.step-event" }, { GDK_KEY_F9, 0, "win.compare-methods" },
  { GDK_KEY_F11, 0, "win.presentation" },
};

static void
luztar_window_class_init (LuztarWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  static const LuztarKey keys[] = {
    { GDK_KEY_z, GDK_CONTROL_MASK, "win.undo" }, { GDK_KEY_y, GDK_CONTROL_MASK, "win.redo" },
    { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo" },
  };

  object_class->dispose = luztar_window_dispose;
  window_class->close_request = luztar_window_close_request;

  g_type_ensure (LUZTAR_TYPE_CANVAS);
  g_type_ensure (LUZTAR_TYPE_CANVAS_CONTROLS);
  g_type_ensure (LUZTAR_TYPE_INSPECTOR);
  g_type_ensure (LUZTAR_TYPE_LESSON_PANEL);
  g_type_ensure (LUZTAR_TYPE_PALETTE);
  g_type_ensure (LUZTAR_TYPE_SIM_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/luztar-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, canvas);

  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, inspector_separator);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_canvas_item_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_canvas_create_item);
  gtk_widget_class_bind_template_callback (widget_class, on_canvas_move_items);
  gtk_widget_class_bind_template_callback (widget_class, on_canvas_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_palette_kind_activated);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, palette_separator);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, inspector_flap);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, side_panel_slot);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, sim_paned);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, empty_hint);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, sim_panel);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, run_controls);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, LuztarWindow, pause_button);
  gtk_widget_class_bind_template_callback (widget_class, on_sim_message);
  gtk_widget_class_bind_template_callback (widget_class, on_simulation_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_sim_running);
  luztar_keys_bind (widget_class, keys, G_N_ELEMENTS (keys));
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
  luztar_keys_capture (GTK_WIDGET (self), run_keys, G_N_ELEMENTS (run_keys));
  /* the lesson takes the side panel's slot; shown with a model that has one */
  self->lesson_panel = LUZTAR_LESSON_PANEL (luztar_lesson_panel_new ());
  luztar_window_set_side_panel (self, GTK_WIDGET (self->lesson_panel));
  gtk_widget_set_visible (self->side_panel_slot, FALSE);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_width_changed), NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  luztar_sim_panel_install_actions (self->sim_panel, G_ACTION_MAP (self));
  luztar_sim_panel_set_canvas (self->sim_panel, self->canvas);
  g_signal_connect (self->sim_panel, "open-run", G_CALLBACK (on_open_run), self);
  g_signal_connect (self->canvas, "edit-item", G_CALLBACK (on_canvas_edit_item), self);
  luztar_views_keep_split (self->sim_paned, CANVAS_SHARE, CANVAS_LEAST);
  luztar_presentation_install (GTK_WINDOW (self), G_ACTION_MAP (self));
  luztar_presentation_follow (GTK_WINDOW (self), self->canvas, emphasise_canvas);
  for (guint i = 0; i < luztar_sim_panel_get_n_plots (self->sim_panel); i++)
    luztar_presentation_follow (GTK_WINDOW (self), luztar_sim_panel_get_plot (self->sim_panel, i),
                                emphasise_plot);
  set_action_enabled (self, "undo", FALSE);
  set_action_enabled (self, "redo", FALSE);
  update_edit_actions (self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
