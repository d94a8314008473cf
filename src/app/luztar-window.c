/* luztar-window.c — the main window
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-window-private.h"
#include "canvas/luztar-canvas-controls.h"
#include "luztar-keys.h"
#include "luztar-lesson-text.h"
#include "luztar-presentation.h"
#include "luztar-widget-kit.h"
#include "luztar-views.h"

/* The canvas's share of the height above the plots: the plots get the
 * larger part (a class reads them), the 1-D model needs little; but at
 * least CANVAS_LEAST pixels when the window is not short, for the
 * palette's items beside it. */
#define CANVAS_SHARE 0.42
#define CANVAS_LEAST 340

void
luztar_window_set_action_enabled (LuztarWindow *self,
                                  const char   *name,
                                  gboolean      enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
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
  luztar_window_set_action_enabled (self, "show-lesson", has);
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

void
luztar_window_show_model (LuztarWindow *self)
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
  luztar_window_set_action_enabled (self, "undo", self->undo->len > 0);
  luztar_window_set_action_enabled (self, "redo", self->redo->len > 0);
  luztar_window_update_edit_actions (self);
  gtk_widget_set_visible (GTK_WIDGET (self->status_page), FALSE);
  /* an empty model: what to do first, in words on the canvas */
  gtk_label_set_text (self->empty_hint,
                      _("An empty model. Drag a mass from the palette onto the canvas, "
                        "connect it to the wall with a spring, then press Run."));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_hint), lz_model_get_n_bodies (self->model) == 0);
  show_lesson (self);
}

/* After an edit, an undo or a save: the model shown where it is, not fitted. */
void
luztar_window_show_model_in_place (LuztarWindow *self)
{
  self->keep_view = TRUE;
  luztar_window_show_model (self);
  self->keep_view = FALSE;
}

void
luztar_window_show_message (LuztarWindow *self,
                            const char   *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void
on_sim_message (LuztarSimPanel *panel,
                const char     *message,
                LuztarWindow   *self)
{
  luztar_window_show_message (self, message);
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

LzModel *
luztar_window_get_model (LuztarWindow *self)
{
  g_return_val_if_fail (LUZTAR_IS_WINDOW (self), NULL);
  return self->model;
}

static gboolean
luztar_window_close_request (GtkWindow *window)
{
  GtkApplication *app = gtk_window_get_application (window);
  LuztarWindow *self = LUZTAR_WINDOW (window);
  GSettings *settings;
  int width, height;

  if (self->modified && !self->close_confirmed)
    return luztar_window_ask_before_closing (self);

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

  luztar_window_file_dispose (self);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_WINDOW);

  G_OBJECT_CLASS (luztar_window_parent_class)->dispose (object);
}

/* Window actions live in the window's action map, so that GApplication
 * exports them on the session bus (…/window/N) for scripts and tests;
 * those of the document, the edits and the clipboard are added by their
 * files. */
static const GActionEntry win_actions[] = {
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

#define CHILD(member) LUZTAR_TEMPLATE_CHILD (LuztarWindow, member)

static const LuztarTemplateChild window_children[] = {
  CHILD (window_title), CHILD (toast_overlay), CHILD (status_page), CHILD (canvas),
  CHILD (inspector), CHILD (inspector_separator), CHILD (palette), CHILD (palette_separator),
  CHILD (inspector_flap), CHILD (side_panel_slot), CHILD (sim_paned), CHILD (empty_hint),
  CHILD (recent_section), CHILD (sim_panel), CHILD (run_controls), CHILD (run_button),
  CHILD (pause_button),
};

#undef CHILD

static const LuztarTemplateCallback window_callbacks[] = {
  LUZTAR_TEMPLATE_CALLBACK (on_sim_message),
  LUZTAR_TEMPLATE_CALLBACK (on_sim_running),
};

static void
luztar_window_class_init (LuztarWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const LuztarKey keys[] = {
    { GDK_KEY_z, GDK_CONTROL_MASK, "win.undo" }, { GDK_KEY_y, GDK_CONTROL_MASK, "win.redo" },
    { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo" },
  };
  const GType parts[] = {
    LUZTAR_TYPE_CANVAS, LUZTAR_TYPE_CANVAS_CONTROLS, LUZTAR_TYPE_INSPECTOR,
    LUZTAR_TYPE_LESSON_PANEL, LUZTAR_TYPE_PALETTE, LUZTAR_TYPE_SIM_PANEL,
  };

  G_OBJECT_CLASS (klass)->dispose = luztar_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = luztar_window_close_request;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_type_ensure (parts[i]);
  luztar_template_bind (widget_class, APP_PATH "/ui/luztar-window.ui",
                        window_children, G_N_ELEMENTS (window_children),
                        window_callbacks, G_N_ELEMENTS (window_callbacks));
  luztar_window_edit_class_init (widget_class);
  luztar_keys_bind (widget_class, keys, G_N_ELEMENTS (keys));
}

static void
luztar_window_init (LuztarWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  luztar_keys_capture (GTK_WIDGET (self), run_keys, G_N_ELEMENTS (run_keys));
  /* the lesson takes the side panel's slot; shown with a model that has one */
  self->lesson_panel = LUZTAR_LESSON_PANEL (luztar_lesson_panel_new ());
  luztar_window_set_side_panel (self, GTK_WIDGET (self->lesson_panel));
  gtk_widget_set_visible (self->side_panel_slot, FALSE);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_width_changed), NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  luztar_window_file_init (self);
  luztar_window_edit_init (self);
  luztar_window_clipboard_init (self);
  luztar_sim_panel_install_actions (self->sim_panel, G_ACTION_MAP (self));
  luztar_sim_panel_set_canvas (self->sim_panel, self->canvas);
  luztar_views_keep_split (self->sim_paned, CANVAS_SHARE, CANVAS_LEAST);
  luztar_presentation_install (GTK_WINDOW (self), G_ACTION_MAP (self));
  luztar_presentation_follow (GTK_WINDOW (self), self->canvas, emphasise_canvas);
  for (guint i = 0; i < luztar_sim_panel_get_n_plots (self->sim_panel); i++)
    luztar_presentation_follow (GTK_WINDOW (self), luztar_sim_panel_get_plot (self->sim_panel, i),
                                emphasise_plot);
  luztar_window_update_edit_actions (self);
}
