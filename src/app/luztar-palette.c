/* luztar-palette.c — the kinds of items, to drag onto the canvas or to
 * place with a click
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A column of items, each the symbol of its kind drawn by the canvas code
 * and its name.  Dragging an item onto the canvas drops the string
 * "luztar-palette:KIND"; a click (or Enter) arms the kind for
 * click-to-place and emits "kind-activated", for touch pads and the
 * keyboard.  Every item is a button named by its visible label, in the
 * Tab order; luztar_palette_get_by_keyboard() tells the window that the
 * keyboard pressed it, to hand the keys on to the canvas's placement
 * cursor.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-palette.h"
#include "luztar-widget-kit.h"
#include "canvas/luztar-symbols.h"

struct _LuztarPalette
{
  GtkBox      parent_instance;

  /* Owned */
  GHashTable *items;   /* kind → item widget (borrowed from the box) */
  gboolean    by_keyboard;   /* the item being pressed was activated */
};

G_DEFINE_FINAL_TYPE (LuztarPalette, luztar_palette, GTK_TYPE_BOX)

enum
{
  SIGNAL_KIND_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const kinds[] = {
  "mass", "inertia", "ground", "spring", "damper", "friction", "stop", "gear",
  "contact", "backlash", "force", "motion", "actuator", NULL,
};

/**
 * luztar_palette_set_armed:
 * @self: a palette
 * @kind: (nullable): the kind placed by the next click on the canvas
 *
 * Marks the armed item (or none).
 */
void
luztar_palette_set_armed (LuztarPalette *self,
                          const char    *kind)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_if_fail (LUZTAR_IS_PALETTE (self));
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gboolean armed = g_strcmp0 (key, kind) == 0;

      if (armed)
        gtk_widget_add_css_class (value, "armed");
      else
        gtk_widget_remove_css_class (value, "armed");
      gtk_accessible_update_state (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_STATE_PRESSED,
                                   armed ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                   -1);
    }
}

static void
draw_icon (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        kind)
{
  luztar_symbols_draw_icon (cr, kind, MIN (width, height),
                            adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

/* Enter or Space on an item (or a screen reader's press), rather than a
 * click: GtkButton's "activate" comes before its "clicked". */
static void
on_activate (GtkWidget *item)
{
  LuztarPalette *self = LUZTAR_PALETTE (gtk_widget_get_ancestor (item, LUZTAR_TYPE_PALETTE));

  self->by_keyboard = TRUE;
}

static void
on_clicked (GtkWidget *item)
{
  LuztarPalette *self = LUZTAR_PALETTE (gtk_widget_get_ancestor (item, LUZTAR_TYPE_PALETTE));

  g_signal_emit (self, signals[SIGNAL_KIND_ACTIVATED], 0,
                 g_object_get_data (G_OBJECT (item), "kind"));
  self->by_keyboard = FALSE;
}

/**
 * luztar_palette_get_by_keyboard:
 * @self: a palette
 *
 * Returns: during "kind-activated": whether the item was pressed by the
 *   keyboard (or a screen reader) rather than clicked
 */
gboolean
luztar_palette_get_by_keyboard (LuztarPalette *self)
{
  g_return_val_if_fail (LUZTAR_IS_PALETTE (self), FALSE);
  return self->by_keyboard;
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *item)
{
  g_autofree char *text = g_strconcat ("luztar-palette:", (char *) g_object_get_data (G_OBJECT (item), "kind"), NULL);

  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
on_drag_begin (GtkDragSource *source,
               GdkDrag       *drag,
               GtkWidget     *item)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (item);

  gtk_drag_source_set_icon (source, paintable, 20, 20);
}

/* A button per kind, so that Tab reaches it and Enter or Space presses
 * it; it is also a drag source. */
static GtkWidget *
make_item (const char *kind)
{
  GtkWidget *item = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (luztar_symbols_palette_name (kind));
  GtkDragSource *drag = gtk_drag_source_new ();
  g_autofree char *tooltip = NULL;

  g_object_set_data_full (G_OBJECT (item), "kind", g_strdup (kind), g_free);
  gtk_widget_add_css_class (item, "flat");
  gtk_widget_add_css_class (item, "luztar-palette-item");
  /* a click arms the kind and leaves the keyboard where it was */
  gtk_widget_set_focus_on_click (item, FALSE);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), 36);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), 36);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_icon, (gpointer) kind, NULL);
  gtk_widget_set_can_target (icon, FALSE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (item), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (item),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, luztar_symbols_palette_name (kind),
                                  -1);
  /* TRANSLATORS: the tooltip of a palette item, %s is its name */
  tooltip = g_strdup_printf (_("%s: drag it onto the canvas, or click here and then on the canvas; "
                               "from the keyboard, Enter and then the arrow keys and Enter"),
                             luztar_symbols_palette_name (kind));
  gtk_widget_set_tooltip_text (item, tooltip);

  g_signal_connect (item, "activate", G_CALLBACK (on_activate), NULL);
  g_signal_connect (item, "clicked", G_CALLBACK (on_clicked), NULL);
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare), item);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), item);
  gtk_widget_add_controller (item, GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_cursor_from_name (item, "grab");
  return item;
}

/* The icons follow the light or dark style. */
static void
redraw_icons (LuztarPalette *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    gtk_widget_queue_draw (gtk_widget_get_first_child (gtk_button_get_child (value)));
}

static void
luztar_palette_finalize (GObject *object)
{
  g_clear_pointer (&LUZTAR_PALETTE (object)->items, g_hash_table_unref);
  G_OBJECT_CLASS (luztar_palette_parent_class)->finalize (object);
}

static void
luztar_palette_class_init (LuztarPaletteClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = luztar_palette_finalize;

  /**
   * LuztarPalette::kind-activated:
   * @kind: the kind clicked ("mass", "spring", …)
   */
  signals[SIGNAL_KIND_ACTIVATED] =
    luztar_signal_new (klass, "kind-activated", G_TYPE_STRING);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-palette");
}

static void
luztar_palette_init (LuztarPalette *self)
{
  GtkWidget *title = gtk_label_new (_("Add"));

  self->items = g_hash_table_new (g_str_hash, g_str_equal);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Palette"),
                                  -1);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_margin_start (title, 8);
  gtk_widget_set_margin_bottom (title, 4);
  gtk_box_append (GTK_BOX (self), title);
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      GtkWidget *item = make_item (kinds[i]);

      g_hash_table_insert (self->items, (gpointer) kinds[i], item);
      gtk_box_append (GTK_BOX (self), item);
    }
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (redraw_icons), self, G_CONNECT_SWAPPED);
}
