/* luztar-canvas-items.c — the accessible stand-ins of the items drawn on the canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canvas draws its items with cairo, which a screen reader cannot see.
 * So every item has an invisible child widget placed over its drawing: a
 * button named after the item ("Mass m1", "Spring k1" described as
 * "between m1 and m2"), pressed when the item is selected, so that screen
 * readers list the items and Tab walks through them.  The canvas allocates
 * them over the shapes of luztar-symbols-shapes.c.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-canvas-items.h"

#define LUZTAR_TYPE_CANVAS_ITEM (luztar_canvas_item_get_type ())
G_DECLARE_FINAL_TYPE (LuztarCanvasItem, luztar_canvas_item, LUZTAR, CANVAS_ITEM, GtkWidget)

struct _LuztarCanvasItem
{
  GtkWidget  parent_instance;
  char      *id;
  gboolean   alive;   /* still in the model (mark and sweep on updates) */
};

G_DEFINE_FINAL_TYPE (LuztarCanvasItem, luztar_canvas_item, GTK_TYPE_WIDGET)

static void
luztar_canvas_item_finalize (GObject *object)
{
  g_free (LUZTAR_CANVAS_ITEM (object)->id);
  G_OBJECT_CLASS (luztar_canvas_item_parent_class)->finalize (object);
}

static void
luztar_canvas_item_class_init (LuztarCanvasItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = luztar_canvas_item_finalize;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-canvas-item");
}

static void
luztar_canvas_item_init (LuztarCanvasItem *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* the canvas handles the pointer; the item only stands in for it */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

/**
 * luztar_canvas_item_get_id:
 * @widget: (nullable): a widget
 *
 * Returns: (nullable): the id of the item @widget stands in for, %NULL if
 *   it is not a stand-in
 */
const char *
luztar_canvas_item_get_id (GtkWidget *widget)
{
  return widget != NULL && LUZTAR_IS_CANVAS_ITEM (widget) ? LUZTAR_CANVAS_ITEM (widget)->id : NULL;
}

/**
 * luztar_canvas_items_sync_states:
 * @canvas: the canvas
 * @items: id → stand-in
 *
 * Presses the stand-ins of the selected items, releases the others.
 */
void
luztar_canvas_items_sync_states (LuztarCanvas *canvas,
                                 GHashTable   *items)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    gtk_accessible_update_state (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_STATE_PRESSED,
                                 luztar_canvas_is_selected (canvas, key)
                                 ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                 -1);
}

/* "Mass m1", "Spring k1 between m1 and m2": what a screen reader says. */
static char *
item_description (const LzModel *model,
                  const LzItem  *item,
                  char         **name)
{
  const char *label = item->label != NULL && *item->label != '\0' ? item->label : item->id;
  const char *kind_name = luztar_symbols_kind_name (item);

  /* TRANSLATORS: an item on the canvas for screen readers: "Mass m1" */
  *name = g_strdup_printf (C_("canvas item", "%s %s"), kind_name, label);
  if (lz_item_kind_is_element (item->kind))
    {
      const LzElement *el = (const LzElement *) item;

      /* TRANSLATORS: what an element connects, for screen readers */
      return g_strdup_printf (_("between %s and %s"), el->a != NULL ? el->a : "?",
                              el->b != NULL ? el->b : "?");
    }
  if (item->kind == LZ_ITEM_PRESCRIBED)
    {
      const LzSource *src = (const LzSource *) item;

      /* TRANSLATORS: a prescribed motion for screen readers: the body, then
       * its motion as an expression in t */
      return g_strdup_printf (_("prescribed motion of %s: q(t) = %s"), src->body != NULL ? src->body : "?",
                              src->value != NULL ? lz_expr_get_text (src->value) : "?");
    }
  if (item->kind == LZ_ITEM_ACTUATOR)
    {
      const LzSource *src = (const LzSource *) item;

      /* TRANSLATORS: an actuator for screen readers: the body it drives */
      return g_strdup_printf (_("actuator on %s: its required force is computed on the Program Motion page"),
                              src->body != NULL ? src->body : "?");
    }
  if (lz_item_kind_is_source (item->kind))
    {
      const LzSource *src = (const LzSource *) item;

      /* TRANSLATORS: the body a force or motion acts on, for screen readers */
      return g_strdup_printf (_("on %s"), src->body != NULL ? src->body : "?");
    }
  if (item->kind == LZ_ITEM_BODY)
    {
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < lz_model_get_n_sources (model); i++)
        {
          const LzSource *src = lz_model_get_source (model, i);

          if (g_strcmp0 (src->body, item->id) != 0)
            continue;
          if (text->len > 0)
            g_string_append (text, "; ");
          if (src->item.kind == LZ_ITEM_PRESCRIBED)
            /* TRANSLATORS: a body whose motion is prescribed, for screen
             * readers: the motion as an expression in t */
            g_string_append_printf (text, _("prescribed motion q(t) = %s"),
                                    src->value != NULL ? lz_expr_get_text (src->value) : "?");
          else if (src->item.kind == LZ_ITEM_ACTUATOR)
            /* TRANSLATORS: a body an actuator drives, for screen readers */
            g_string_append_printf (text, _("driven by actuator %s"), src->item.id);
        }
      return g_string_free (text, FALSE);
    }
  return g_strdup ("");
}

/**
 * luztar_canvas_items_sync:
 * @canvas: the canvas, the stand-ins' parent
 * @items: id → stand-in, kept up to date
 * @shapes: (nullable) (element-type LuztarShape): the shapes of the model
 *   as drawn
 * @model: (nullable): the model
 *
 * One stand-in per item, in the order of @shapes, reused by id so that the
 * focus survives edits; those of items gone are removed.
 */
void
luztar_canvas_items_sync (GtkWidget     *canvas,
                          GHashTable    *items,
                          GArray        *shapes,
                          const LzModel *model)
{
  GHashTableIter iter;
  gpointer value;
  GtkWidget *after = NULL;

  g_hash_table_iter_init (&iter, items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    LUZTAR_CANVAS_ITEM (value)->alive = FALSE;
  for (guint i = 0; shapes != NULL && i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      LuztarCanvasItem *item = g_hash_table_lookup (items, s->id);
      const LzItem *model_item = lz_model_lookup (model, s->id);
      g_autofree char *name = NULL;
      g_autofree char *description = NULL;

      if (item == NULL)
        {
          item = g_object_new (LUZTAR_TYPE_CANVAS_ITEM, NULL);
          item->id = g_strdup (s->id);
          gtk_widget_insert_after (GTK_WIDGET (item), canvas, after);
          g_hash_table_insert (items, g_strdup (s->id), item);
        }
      else
        gtk_widget_insert_after (GTK_WIDGET (item), canvas, after);
      after = GTK_WIDGET (item);
      item->alive = TRUE;
      description = item_description (model, model_item, &name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (item),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                      -1);
      gtk_widget_set_visible (GTK_WIDGET (item), s->shown);
    }
  g_hash_table_iter_init (&iter, items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (!LUZTAR_CANVAS_ITEM (value)->alive)
      {
        gtk_widget_unparent (value);
        g_hash_table_iter_remove (&iter);
      }
}
