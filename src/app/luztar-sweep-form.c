/* luztar-sweep-form.c — the fields of the Sweep page's form
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sweep's settings are a grid of small fields: labelled entries for
 * numbers, spin buttons, and drop-downs that show a list of labels and
 * answer with the id behind the chosen one.  Each field carries its
 * accessible name, as a screen reader needs it.
 */

#include "config.h"

#include <math.h>

#include "lz.h"
#include "luztar-sweep-form.h"

/* The id behind the chosen row of DROP, whose rows are IDS (or their labels), or NULL. */
const char *
luztar_form_drop_id (GtkDropDown *drop,
                     GPtrArray   *ids)
{
  guint i = gtk_drop_down_get_selected (drop);

  return i < ids->len ? ids->pdata[i] : NULL;
}

/* Chooses the row of ID; FALSE when IDS has no such id. */
gboolean
luztar_form_drop_select (GtkDropDown *drop,
                         GPtrArray   *ids,
                         const char  *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (ids->pdata[i], id) == 0)
      {
        gtk_drop_down_set_selected (drop, i);
        return TRUE;
      }
  return FALSE;
}

/* Gives DROP a row per id: its label of LABELS (nullable: the ids themselves). */
void
luztar_form_drop_fill (GtkDropDown *drop,
                       GPtrArray   *ids,
                       GPtrArray   *labels)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    gtk_string_list_append (list, labels != NULL ? labels->pdata[i] : ids->pdata[i]);
  gtk_drop_down_set_model (drop, G_LIST_MODEL (list));
}

/* The finite number in ENTRY; NAN, and *OK set to FALSE, for anything else. */
double
luztar_form_entry_number (GtkEntry *entry,
                          gboolean *ok)
{
  double v = NAN;

  if (!lz_number_parse (gtk_editable_get_text (GTK_EDITABLE (entry)), FALSE, &v) || !isfinite (v))
    *ok = FALSE;
  return v;
}

/* Writes V into ENTRY with six significant digits. */
void
luztar_form_entry_set_number (GtkEntry *entry,
                              double    v)
{
  g_autofree char *text = g_strdup_printf ("%.6g", v);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* A right-aligned label in column 0 of ROW. */
GtkWidget *
luztar_form_row_label (GtkGrid    *grid,
                       const char *text,
                       int         row)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  return label;
}

/* WIDGET with NAME as its accessible name. */
GtkWidget *
luztar_form_labelled (GtkWidget  *widget,
                      const char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return widget;
}

/* A named entry CHARS characters wide. */
GtkWidget *
luztar_form_entry (const char *name,
                   int         chars)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), chars);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), chars);
  return luztar_form_labelled (entry, name);
}

/* A named spin button over [LO, HI] by STEP, showing DIGITS decimals. */
GtkWidget *
luztar_form_spin (double      lo,
                  double      hi,
                  double      step,
                  guint       digits,
                  const char *name)
{
  GtkWidget *s = gtk_spin_button_new_with_range (lo, hi, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (s), digits);
  return luztar_form_labelled (s, name);
}

static void
setup_label (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (ellipsize != NULL)
    {
      /* the closed drop-down stays narrow; its list shows the whole name */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (label), 10);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_label (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      string != NULL ? gtk_string_object_get_string (string) : "");
}

static GtkListItemFactory *
label_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), ellipsize ? factory : NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label), NULL);
  return factory;
}

/* A named drop-down of strings (a GtkStringList), narrow when closed. */
GtkWidget *
luztar_form_drop (const char *name)
{
  GtkWidget *d = gtk_drop_down_new (NULL, NULL);
  g_autoptr(GtkListItemFactory) button = label_factory (TRUE);
  g_autoptr(GtkListItemFactory) list = label_factory (FALSE);

  gtk_drop_down_set_factory (GTK_DROP_DOWN (d), button);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (d), list);

  gtk_widget_set_hexpand (d, TRUE);
  return luztar_form_labelled (d, name);
}
