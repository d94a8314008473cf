/* luztar-dialog.c — the question before work could be lost
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Closing a window with unsaved changes and starting after a crash ask
 * the same kind of question: put it off, discard the work (destructive),
 * or keep it (suggested, the default).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-dialog.h"

/**
 * luztar_dialog_discard_new:
 * @parent: the window it belongs to
 * @heading: the question
 * @close_id: the response that puts the question off (Escape)
 * @close_label: its button
 * @keep_id: the response that keeps the work
 * @keep_label: its button
 *
 * A message dialog with three answers: @close_id, "discard" and @keep_id.
 * The caller sets the body, connects "response" and presents it.
 *
 * Returns: (transfer floating): an #AdwMessageDialog
 */
GtkWidget *
luztar_dialog_discard_new (GtkWindow  *parent,
                           const char *heading,
                           const char *close_id,
                           const char *close_label,
                           const char *keep_id,
                           const char *keep_label)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, NULL);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    close_id, close_label,
                                    "discard", _("_Discard"),
                                    keep_id, keep_label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), keep_id,
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), keep_id);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), close_id);
  return dialog;
}
