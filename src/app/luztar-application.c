/* luztar-application.c — the AdwApplication of Luztar
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include <glib/gi18n.h>

#include "luztar-application.h"
#include "luztar-dialog.h"
#include "luztar-window.h"

struct _LuztarApplication
{
  AdwApplication  parent_instance;

  /* Owned */
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (LuztarApplication, luztar_application, ADW_TYPE_APPLICATION)

LuztarApplication *
luztar_application_new (void)
{
  return g_object_new (LUZTAR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "resource-base-path", APP_PATH,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}

/* The installed schema, or, for a program run straight from the build
 * tree (build/src/app/luztar), the one the build compiled in build/data;
 * without either, a message that says how to get one rather than GLib's
 * abort. */
static GSettings *
new_settings (void)
{
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = installed != NULL
                                      ? g_settings_schema_source_lookup (installed, APP_ID, TRUE) : NULL;
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (schema != NULL)
    return g_settings_new (APP_ID);
  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);
      g_autofree char *data = g_build_filename (dir, "..", "..", "data", NULL);
      g_autoptr(GSettingsSchemaSource) built = NULL;

      built = g_settings_schema_source_new_from_directory (data, installed, FALSE, NULL);
      if (built != NULL)
        schema = g_settings_schema_source_lookup (built, APP_ID, FALSE);
    }
  if (schema == NULL)
    {
      g_printerr (_("Luztar cannot find its settings schema %s: install Luztar (meson install), "
                    "or run it from its build folder, or point GSETTINGS_SCHEMA_DIR at the "
                    "folder with gschemas.compiled\n"), APP_ID);
      exit (1);
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/**
 * luztar_application_get_settings:
 *
 * Returns: (transfer none): the application's settings
 */
GSettings *
luztar_application_get_settings (LuztarApplication *self)
{
  g_return_val_if_fail (LUZTAR_IS_APPLICATION (self), NULL);

  if (self->settings == NULL)
    self->settings = new_settings ();
  return self->settings;
}

/**
 * luztar_application_dup_examples_dir:
 *
 * The folder of the example models: LUZTAR_EXAMPLES_DIR when set (the
 * uninstalled `scripts/run` and the tests set it), else the installed one.
 *
 * Returns: (transfer full): a path
 */
char *
luztar_application_dup_examples_dir (void)
{
  const char *env = g_getenv ("LUZTAR_EXAMPLES_DIR");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (PKGDATADIR, "examples", NULL);
}

static LuztarWindow *
new_window (LuztarApplication *self)
{
  return luztar_window_new (self);
}

static void
on_recover_response (AdwMessageDialog *dialog,
                     const char       *response,
                     GPtrArray        *slots)
{
  LuztarWindow *window = LUZTAR_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  for (guint i = 0; i < slots->len; i++)
    {
      LuztarAutosave *slot = g_steal_pointer (&slots->pdata[i]);

      if (g_str_equal (response, "recover"))
        {
          LuztarWindow *target = i == 0 && luztar_window_get_model (window) == NULL
                                 ? window : new_window (LUZTAR_APPLICATION (app));

          luztar_window_recover (target, slot);
          gtk_window_present (GTK_WINDOW (target));
        }
      else if (g_str_equal (response, "discard"))
        luztar_autosave_discard (slot);
      else
        luztar_autosave_release (slot);    /* "Not now": offered again next time */
    }
}

/* The slots the dialog did not hand over (it was closed some other way)
 * are released: their work is offered again at the next start. */
static void
free_slots (gpointer  data,
            GClosure *closure)
{
  GPtrArray *slots = data;

  for (guint i = 0; i < slots->len; i++)
    luztar_autosave_release (slots->pdata[i]);
  g_ptr_array_unref (slots);
}

/* Once per process, when the first window shows: offer back the work a
 * crashed session left unsaved. */
static void
offer_recovery (LuztarApplication *self,
                GtkWindow         *window)
{
  static gboolean offered;
  GPtrArray *slots;
  GtkWidget *dialog;

  if (offered)
    return;
  offered = TRUE;
  slots = luztar_autosave_claim_orphans ();
  if (slots->len == 0)
    {
      g_ptr_array_unref (slots);
      return;
    }
  dialog = luztar_dialog_discard_new (window, _("Recover Unsaved Work?"), "later", _("_Not Now"),
                                      "recover", _("_Recover"));
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "Luztar ended without saving %u model. Recover it?",
                                               "Luztar ended without saving %u models. Recover them?",
                                               slots->len),
                                  slots->len);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_recover_response), slots,
                         free_slots, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
luztar_application_activate (GApplication *app)
{
  LuztarApplication *self = LUZTAR_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (self));
  gtk_window_present (window);
  offer_recovery (self, window);
}

static void
luztar_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  LuztarApplication *self = LUZTAR_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      LuztarWindow *window = new_window (self);

      luztar_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
      if (i == 0)
        offer_recovery (self, GTK_WINDOW (window));
    }
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (LUZTAR_APPLICATION (user_data))));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (app));

  /* Closing (not destroying) lets each window save its state and, later,
   * ask about unsaved changes; the application ends with its last window. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Luztar authors", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Luztar"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Luztar authors"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Build and simulate mechanical models with freeplay, "
                                      "dry friction that truly sticks, and impacts."),
                        "website", "https://luztar.org",
                        "issue-url", "https://luztar.org/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Luztar authors",
                        "developers", developers,
                        /* TRANSLATORS: put your name (and e-mail) here, one per line. */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* The guide as HTML: LUZTAR_HELP_DIR (an uninstalled build's help/html)
 * or the installed copy, in the first of the user's languages it has. */
static char *
dup_help_html (void)
{
  const char *env = g_getenv ("LUZTAR_HELP_DIR");
  g_autofree char *base = env != NULL && *env != '\0'
                          ? g_strdup (env) : g_build_filename (PKGDATADIR, "help", NULL);
  const char * const *languages = g_get_language_names ();

  for (gsize i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (base, languages[i], "index.html", NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return g_build_filename (base, "C", "index.html", NULL);
}

static void
help_html_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autofree char *path = user_data;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (source), _("Help Unavailable"), NULL);
  /* TRANSLATORS: %s is the path of the guide's first page, index.html. */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("Neither a help viewer nor a web browser could open the "
                                    "user guide. Its pages are in %s."), path);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_help_html (GtkWindow *window)
{
  char *path = dup_help_html ();
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  gtk_show_uri_full (window, uri, GDK_CURRENT_TIME, NULL, help_html_done, path);
}

static void
help_uri_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    show_help_html (GTK_WINDOW (source));
}

/* app.help (F1): the user guide in the help viewer (help:luztar); without
 * one, or uninstalled (LUZTAR_HELP_DIR set), the HTML copy. */
static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (window == NULL)
    return;
  if (g_getenv ("LUZTAR_HELP_DIR") != NULL)
    show_help_html (window);
  else
    gtk_show_uri_full (window, "help:luztar", GDK_CURRENT_TIME, NULL, help_uri_done, NULL);
}

/* app.open: a model file by its path (from scripts, over D-Bus); it opens
 * in the active window unless that holds unsaved work. */
static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  LuztarApplication *self = LUZTAR_APPLICATION (user_data);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));
  LuztarWindow *window;

  if (LUZTAR_IS_WINDOW (active) && !luztar_window_is_modified (LUZTAR_WINDOW (active)))
    window = LUZTAR_WINDOW (active);
  else
    window = new_window (self);
  luztar_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry app_actions[] = {
  { "open", open_action, "s" },
  { "new-window", new_window_action },
  { "about", about_action },
  { "help", help_action },
  { "quit", quit_action },
};

/* One shortcut each. */
static const struct
{
  const char *action;
  const char *accel;
} app_accels[] = {
  { "app.quit", "<Control>q" },
  { "app.help", "F1" },
  { "app.new-window", "<Control><Shift>n" },
  { "win.new", "<Control>n" },
  { "win.open", "<Control>o" },
  { "win.open-example", "<Control><Shift>o" },
  { "win.save", "<Control>s" },
  { "win.save-as::", "<Control><Shift>s" },
  { "window.close", "<Control>w" },
};

static void
luztar_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (luztar_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), app_accels[i].action,
                                           (const char *[]) { app_accels[i].accel, NULL });
}

static void
luztar_application_dispose (GObject *object)
{
  LuztarApplication *self = LUZTAR_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (luztar_application_parent_class)->dispose (object);
}

static void
luztar_application_class_init (LuztarApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = luztar_application_dispose;
  app_class->activate = luztar_application_activate;
  app_class->open = luztar_application_open;
  app_class->startup = luztar_application_startup;
}

static void
luztar_application_init (LuztarApplication *self)
{
}
