/* luztar-window-clipboard.c — the main window's duplicate, copy, cut and paste of the selected items
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The selection takes along what connects it (the elements between
 * selected ports, the sources on selected bodies); copies get fresh ids
 * where the model has them already.  The clipboard holds a .luztar
 * document, so that items go from one window to another (or to a text
 * editor) and back.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "lz.h"
#include "luztar-window-private.h"

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

/* The id in DST of the item ID of SRC: the copy's when it was copied
 * (RENAMED), else the same. */
static const char *
copied_id (GHashTable *renamed,
           const char *id)
{
  const char *copy = id != NULL ? g_hash_table_lookup (renamed, id) : NULL;

  return copy != NULL ? copy : id;
}

/* Copies ITEM of SRC, an element between A and B or a source on body A,
 * into DST under a fresh id, which goes to NEW_IDS. */
static void
copy_connected (LzModel       *dst,
                const LzModel *src,
                const LzItem  *item,
                const char    *a,
                const char    *b,
                GPtrArray     *new_ids)
{
  g_autofree char *id = fresh_id (dst, item->id);
  gboolean added = lz_item_kind_is_element (item->kind)
                   ? lz_model_add_element (dst, item->kind, id, a, b, NULL) != NULL
                   : lz_model_add_source (dst, item->kind, id, a, NULL, NULL) != NULL;

  if (!added)
    return;
  copy_params (dst, id, src, item);
  g_ptr_array_add (new_ids, g_steal_pointer (&id));
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
      const char *a = copied_id (renamed, el->a), *b = copied_id (renamed, el->b);

      if ((set == NULL || g_hash_table_contains (set, el->item.id)) && a != NULL && b != NULL
          && lz_model_lookup (dst, a) != NULL && lz_model_lookup (dst, b) != NULL)
        copy_connected (dst, src, &el->item, a, b, new_ids);
    }
  for (guint i = 0; i < lz_model_get_n_sources (src); i++)
    {
      const LzSource *source = lz_model_get_source (src, i);
      const char *body = copied_id (renamed, source->body);

      if ((set == NULL || g_hash_table_contains (set, source->item.id)) && body != NULL
          && lz_model_lookup_body (dst, body) != NULL)
        copy_connected (dst, src, &source->item, body, NULL, new_ids);
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
      luztar_window_show_message (self, _("Nothing to paste here: the elements need the bodies they connect"));
      return;
    }
  luztar_window_commit_edit (self, g_steal_pointer (&edited));
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

      luztar_window_show_message (self, message);
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

      luztar_window_show_message (self, message);
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

static const GActionEntry clipboard_actions[] = {
  { "duplicate", duplicate_action },
  { "copy", copy_action },
  { "cut", cut_action },
  { "paste", paste_action },
};

void
luztar_window_clipboard_init (LuztarWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), clipboard_actions,
                                   G_N_ELEMENTS (clipboard_actions), self);
}
