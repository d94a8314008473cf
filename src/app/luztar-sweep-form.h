/* luztar-sweep-form.h — the fields of the Sweep page's form
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

const char *luztar_form_drop_id          (GtkDropDown *drop,
                                          GPtrArray   *ids);
gboolean    luztar_form_drop_select      (GtkDropDown *drop,
                                          GPtrArray   *ids,
                                          const char  *id);
void        luztar_form_drop_fill        (GtkDropDown *drop,
                                          GPtrArray   *ids,
                                          GPtrArray   *labels);
double      luztar_form_entry_number     (GtkEntry    *entry,
                                          gboolean    *ok);
void        luztar_form_entry_set_number (GtkEntry    *entry,
                                          double       v);

GtkWidget  *luztar_form_row_label        (GtkGrid     *grid,
                                          const char  *text,
                                          int          row);
GtkWidget  *luztar_form_labelled         (GtkWidget   *widget,
                                          const char  *name);
GtkWidget  *luztar_form_entry            (const char  *name,
                                          int          chars);
GtkWidget  *luztar_form_spin             (double       lo,
                                          double       hi,
                                          double       step,
                                          guint        digits,
                                          const char  *name);
GtkWidget  *luztar_form_drop             (const char  *name);

G_END_DECLS
