/* luztar-export-dialog.c — the Export chooser and its messages, shared by the views
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The simulation panel, the sweep and the program motion export to a file
 * the same way: a modal "save" chooser over the window with the file name
 * proposed, then one line in the status saying what was written or why
 * not.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-export-dialog.h"

/**
 * luztar_export_dialog_new:
 * @widget: the widget whose window the chooser belongs to
 * @title: the chooser's title ("Export Sweep")
 * @name: the file name proposed ("sweep.png")
 *
 * A modal chooser that asks where to save.  The caller connects
 * "response", shows it, and destroys it in the handler.
 *
 * Returns: (transfer full): a #GtkFileChooserNative
 */
GtkNativeDialog *
luztar_export_dialog_new (GtkWidget  *widget,
                          const char *title,
                          const char *name)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  return GTK_NATIVE_DIALOG (chooser);
}

/**
 * luztar_export_dialog_outcome:
 * @path: the file an export wrote, or tried to
 * @error: (nullable): why it failed, %NULL when it was written
 *
 * Returns: (transfer full): the status line: "Exported “NAME”." or
 *   "Export failed: WHY"
 */
char *
luztar_export_dialog_outcome (const char   *path,
                              const GError *error)
{
  g_autofree char *base = NULL;

  if (error != NULL)
    /* Translators: %s says why the file could not be written */
    return g_strdup_printf (_("Export failed: %s"), error->message);
  base = g_path_get_basename (path);
  /* Translators: %s is a file name */
  return g_strdup_printf (_("Exported “%s”."), base);
}

/**
 * luztar_export_dialog_finish:
 * @chooser: (inout): a chooser of luztar_export_dialog_new() that answered
 * @response: its answer
 *
 * Destroys the chooser and lets go of it (*@chooser becomes %NULL).
 *
 * Returns: (transfer full) (nullable): the path chosen, %NULL when the
 *   user cancelled
 */
char *
luztar_export_dialog_finish (GtkNativeDialog **chooser,
                             int               response)
{
  char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (*chooser));

      path = file != NULL ? g_file_get_path (file) : NULL;
    }
  gtk_native_dialog_destroy (*chooser);
  g_clear_object (chooser);
  return path;
}
