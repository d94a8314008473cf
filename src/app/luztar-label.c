/* luztar-label.c — labels made alike across the window's panels
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "luztar-label.h"

/**
 * luztar_label_heading:
 * @text: the heading, translated
 * @margin_top: the room above it (pixels), apart from what is before
 *
 * Returns: (transfer floating): a heading of a panel's part, at its start
 */
GtkWidget *
luztar_label_heading (const char *text,
                      int         margin_top)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, margin_top);
  return label;
}
