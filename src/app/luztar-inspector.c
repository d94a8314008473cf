/* luztar-inspector.c — the items of the model and the parameters of one
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list of every item (grounds, bodies, elements, sources, in file order)
 * and, for the selected one, a row per parameter from the core's parameter
 * specs, with its unit.  Editing a row and pressing Enter (or its apply
 * button) emits "parameter-edited"; the window applies the change through
 * the core, which validates it, and calls luztar_inspector_show_error()
 * with the core's message when it is refused — the row is marked and
 * explains why, and nothing is clamped.
 *
 * An expression in t (a force F(t), a prescribed motion q(t), a ground
 * motion) is also checked as it is typed: the core parses the text on
 * every change, and a text it rejects marks the row with the "error" class
 * and shows the core's message under it, while a text it accepts is
 * plotted over [0, t_end] in a LuztarExprPreview below the row.  The
 * check never changes the text or the model; the value is still applied
 * only on Enter or the apply button.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-expr-preview.h"
#include "luztar-inspector.h"
#include "luztar-set.h"
#include "canvas/luztar-symbols.h"

struct _LuztarInspector
{
  GtkBox      parent_instance;

  /* Owned */
  LzModel    *model;
  char       *selected;

  /* Borrowed (children) */
  GtkListBox *items;
  AdwPreferencesGroup *params;
  GPtrArray  *rows;           /* an AdwEntryRow per parameter, and under
                               * each expression its check and preview */
  gboolean    rebuilding;
};

G_DEFINE_FINAL_TYPE (LuztarInspector, luztar_inspector, GTK_TYPE_BOX)

enum
{
  SIGNAL_PARAMETER_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
luztar_inspector_new (void)
{
  return g_object_new (LUZTAR_TYPE_INSPECTOR, NULL);
}

/* The unit of a parameter, by its name and the item's kind. */
static const char *
unit_of (LzItemKind  kind,
         gboolean    rotational,
         const char *name)
{
  if (kind == LZ_ITEM_BACKLASH)
    rotational = FALSE;         /* on the pitch circle: m, N/m, N·s/m */
  if (g_str_equal (name, "mass"))
    return "kg";
  if (g_str_equal (name, "inertia"))
    return "kg·m²";
  if (g_str_equal (name, "q0") || g_str_equal (name, "lower") || g_str_equal (name, "upper")
      || g_str_equal (name, "freeplay") || g_str_equal (name, "offset") || g_str_equal (name, "motion"))
    return rotational ? "rad" : "m";
  if (g_str_equal (name, "v0"))
    return rotational ? "rad/s" : "m/s";
  if (g_str_equal (name, "k"))
    return rotational ? "N·m/rad" : "N/m";
  if (g_str_equal (name, "stiffness"))
    return kind == LZ_ITEM_CONTACT && rotational ? "N·m/rad" : "N/m";
  if (g_str_equal (name, "c") || g_str_equal (name, "viscous") || g_str_equal (name, "damping"))
    return rotational ? "N·m·s/rad" : "N·s/m";
  if (g_str_has_prefix (name, "level") || g_str_has_prefix (name, "static"))
    return rotational ? "N·m" : "N";
  if (g_str_equal (name, "stribeck-velocity"))
    return rotational ? "rad/s" : "m/s";
  if (g_str_equal (name, "ra") || g_str_equal (name, "rb"))
    return "m";
  if (g_str_equal (name, "value"))
    return kind == LZ_ITEM_PRESCRIBED ? (rotational ? "rad" : "m") : (rotational ? "N·m" : "N");
  return NULL;
}

/* TEXT is a plain number (a time-varying number may be an expression). */
static gboolean
is_number (const char *text)
{
  double value;

  return lz_number_read (text, FALSE, &value) == LZ_NUMBER_OK;
}

/* What an expression stands for, for the label of its preview. */
static const char *
symbol_of (LzItemKind kind,
           gboolean   rotational)
{
  if (kind == LZ_ITEM_FORCE)
    return rotational ? "M(t)" : "F(t)";
  if (kind == LZ_ITEM_GROUND)
    return "u(t)";
  return "q(t)";
}

/* Marks @row and explains @message under it (or in its tooltip when it
 * has no place for it), or takes the mark away when @message is NULL. */
static void
set_row_message (GtkWidget  *row,
                 const char *message)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "luztar-message");

  if (message != NULL)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  if (label != NULL)
    {
      GtkWidget *message_row = g_object_get_data (G_OBJECT (row), "luztar-message-row");

      gtk_label_set_text (label, message != NULL ? message : "");
      gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
      if (message_row != NULL)
        gtk_widget_set_visible (message_row, message != NULL);
    }
  else
    gtk_widget_set_tooltip_text (row, message);
}

/* Tries the text of a value row on a copy of the model: the core's
 * verdict marks the row as the user types (nothing is applied). */
static void
check_value (GtkWidget       *row,
             LuztarInspector *self)
{
  const char *name = g_object_get_data (G_OBJECT (row), "luztar-param");
  g_autoptr(LzModel) trial = NULL;
  g_autoptr(GError) error = NULL;

  if (self->model == NULL || self->selected == NULL)
    return;
  trial = lz_model_copy (self->model);
  lz_model_set_parameter_string (trial, self->selected, name,
                                 gtk_editable_get_text (GTK_EDITABLE (row)), &error);
  set_row_message (row, error != NULL ? error->message : NULL);
}

static void
on_value_changed (GtkEditable     *row,
                  LuztarInspector *self)
{
  check_value (GTK_WIDGET (row), self);
}

/* A row under a value row for the explanation of a refused value, shown
 * only while there is one. */
static void
add_message_row (LuztarInspector *self,
                 GtkWidget       *row)
{
  GtkWidget *detail = adw_preferences_row_new ();
  GtkWidget *message = gtk_label_new (NULL);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (detail), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (detail), FALSE);
  gtk_widget_set_focusable (detail, FALSE);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_add_css_class (message, "error");
  gtk_widget_add_css_class (message, "caption");
  gtk_widget_set_margin_start (message, 12);
  gtk_widget_set_margin_end (message, 12);
  gtk_widget_set_margin_top (message, 6);
  gtk_widget_set_margin_bottom (message, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (detail), message);
  gtk_widget_set_visible (detail, FALSE);
  g_object_set_data_full (G_OBJECT (row), "luztar-message", g_object_ref (message), g_object_unref);
  g_object_set_data_full (G_OBJECT (row), "luztar-message-row", g_object_ref (detail), g_object_unref);
  adw_preferences_group_add (self->params, detail);
  g_ptr_array_add (self->rows, detail);
  g_signal_connect (row, "changed", G_CALLBACK (on_value_changed), self);
}

/* Parses the text of an expression row with the core, marks the row when
 * the core rejects it, and plots it when it is accepted. */
static void
check_expression (GtkWidget *row)
{
  LuztarExprPreview *preview = g_object_get_data (G_OBJECT (row), "luztar-preview");
  gboolean required = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "luztar-required"));
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (row)));
  g_autoptr(LzExpr) expr = NULL;
  g_autoptr(GError) error = NULL;

  /* an optional expression left empty is none: a ground that stays put */
  if (*g_strstrip (text) == '\0' && !required)
    expr = lz_expr_new ("0", NULL, NULL);
  else
    expr = lz_expr_new (text, NULL, &error);
  set_row_message (row, expr == NULL ? error->message : NULL);
  luztar_expr_preview_set_expression (preview, expr);
}

static void
on_expression_changed (GtkEditable *row)
{
  check_expression (GTK_WIDGET (row));
}

static void
on_apply (AdwEntryRow     *row,
          LuztarInspector *self)
{
  const char *name = g_object_get_data (G_OBJECT (row), "luztar-param");

  /* the core's verdict on the value replaces the mark; an expression
   * keeps the mark of its own parse until it is fixed */
  if (g_object_get_data (G_OBJECT (row), "luztar-preview") != NULL)
    check_expression (GTK_WIDGET (row));
  else
    set_row_message (GTK_WIDGET (row), NULL);
  if (self->selected != NULL)
    g_signal_emit (self, signals[SIGNAL_PARAMETER_EDITED], 0, self->selected, name,
                   gtk_editable_get_text (GTK_EDITABLE (row)));
}

/* Puts a row under the expression row @row with the explanation of a
 * text that does not parse (hidden until then) and the preview, and
 * checks the text now and on every change. */
static void
add_expression_detail (LuztarInspector   *self,
                       GtkWidget         *row,
                       const LzParamSpec *spec,
                       const char        *symbol,
                       const char        *unit)
{
  GtkWidget *detail = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *message = gtk_label_new (NULL);
  GtkWidget *preview = luztar_expr_preview_new (symbol);
  /* TRANSLATORS: the accessible label of a small plot; %s is what is
   * plotted, e.g. "F(t)" */
  g_autofree char *title = g_strdup_printf (_("Preview of %s"), symbol);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (detail), title);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (detail), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (detail), FALSE);
  gtk_widget_set_focusable (detail, FALSE);
  gtk_widget_add_css_class (detail, "luztar-expression-detail");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 10);

  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_add_css_class (message, "error");
  gtk_widget_add_css_class (message, "caption");
  gtk_widget_set_visible (message, FALSE);

  luztar_expr_preview_set_t_end (LUZTAR_EXPR_PREVIEW (preview), lz_model_get_simulation (self->model)->t_end);
  luztar_expr_preview_set_unit (LUZTAR_EXPR_PREVIEW (preview), unit);

  gtk_box_append (GTK_BOX (box), message);
  gtk_box_append (GTK_BOX (box), preview);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (detail), box);

  /* held by the row too: it may outlive the row below it */
  g_object_set_data_full (G_OBJECT (row), "luztar-message", g_object_ref (message), g_object_unref);
  g_object_set_data_full (G_OBJECT (row), "luztar-preview", g_object_ref (preview), g_object_unref);
  g_object_set_data (G_OBJECT (row), "luztar-required",
                     GINT_TO_POINTER ((spec->flags & LZ_PARAM_REQUIRED) != 0));
  adw_preferences_group_add (self->params, detail);
  g_ptr_array_add (self->rows, detail);

  check_expression (row);
  g_signal_connect (row, "changed", G_CALLBACK (on_expression_changed), NULL);
}

/* Escape in a value row takes back what was typed: the model's value
 * again, the mark of a refused value gone.  Nothing to take back: the key
 * goes on. */
static gboolean
on_row_escape (GtkWidget *row,
               GVariant  *args,
               gpointer   data)
{
  LuztarInspector *self = data;
  const char *name = g_object_get_data (G_OBJECT (row), "luztar-param");
  g_autofree char *value = NULL;

  if (self->model == NULL || self->selected == NULL)
    return FALSE;
  value = lz_model_dup_parameter_string (self->model, self->selected, name, NULL);
  if (value == NULL || (g_str_equal (value, gtk_editable_get_text (GTK_EDITABLE (row)))
                        && !gtk_widget_has_css_class (row, "error")))
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (row), value);
  gtk_editable_set_position (GTK_EDITABLE (row), -1);
  if (g_object_get_data (G_OBJECT (row), "luztar-preview") != NULL)
    check_expression (row);
  else
    set_row_message (row, NULL);
  return TRUE;
}

static void
add_escape (LuztarInspector *self,
            GtkWidget       *row)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (on_row_escape, self,
                                                                                   NULL)));
  gtk_widget_add_controller (row, keys);
}

/* Whether @item moves (or is moved by) a rotational body: its units. */
static gboolean
item_is_rotational (const LzModel *model,
                    const LzItem  *item)
{
  if (item->kind == LZ_ITEM_BODY)
    return ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL;
  if (lz_item_kind_is_element (item->kind) || lz_item_kind_is_source (item->kind))
    {
      const LzElement *el = lz_model_lookup_element (model, item->id);
      const LzSource *src = lz_model_lookup_source (model, item->id);
      const LzBody *body = el != NULL ? lz_model_lookup_body (model, el->b != NULL ? el->b : "")
                                      : src != NULL && src->body != NULL ? lz_model_lookup_body (model, src->body) : NULL;

      return body != NULL && body->kind == LZ_BODY_ROTATIONAL;
    }
  return FALSE;
}

/* The title of @spec's row ("mass (kg)"), or NULL when it has none. */
static char *
param_title (const LzModel     *model,
             const LzItem      *item,
             const LzParamSpec *spec,
             gboolean           rotational)
{
  g_autofree char *value = NULL;
  const char *unit;

  /* one name per quantity: a body shows mass or inertia, not both */
  if (item->kind == LZ_ITEM_BODY && g_str_equal (spec->name, rotational ? "mass" : "inertia"))
    return NULL;
  if (g_str_equal (spec->name, "x") || g_str_equal (spec->name, "y"))
    return NULL;
  value = lz_model_dup_parameter_string (model, item->id, spec->name, NULL);
  if (value == NULL)
    return NULL;
  unit = unit_of (item->kind, rotational, spec->name);
  return unit != NULL ? g_strdup_printf ("%s (%s)", spec->name, unit) : g_strdup (spec->name);
}

static void
show_params (LuztarInspector *self)
{
  const LzItem *item;
  gboolean rotational;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->params, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  if (self->model == NULL || self->selected == NULL
      || (item = lz_model_lookup (self->model, self->selected)) == NULL)
    {
      adw_preferences_group_set_title (self->params, _("Parameters"));
      adw_preferences_group_set_description (self->params, _("Select an item to see its parameters."));
      return;
    }
  rotational = item_is_rotational (self->model, item);
  adw_preferences_group_set_title (self->params, item->id);
  adw_preferences_group_set_description (self->params, luztar_symbols_kind_name (item));

  for (guint p = 0; p < lz_item_kind_get_n_params (item->kind); p++)
    {
      const LzParamSpec *spec = lz_item_kind_get_param (item->kind, p);
      g_autofree char *title = param_title (self->model, item, spec, rotational);
      g_autofree char *value = NULL;
      GtkWidget *row;

      if (title == NULL)
        continue;
      value = lz_model_dup_parameter_string (self->model, item->id, spec->name, NULL);
      row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (row), value);
      g_object_set_data_full (G_OBJECT (row), "luztar-param", g_strdup (spec->name), g_free);
      g_signal_connect (row, "apply", G_CALLBACK (on_apply), self);
      g_signal_connect (row, "entry-activated", G_CALLBACK (on_apply), self);
      add_escape (self, row);
      adw_preferences_group_add (self->params, row);
      g_ptr_array_add (self->rows, row);
      if (spec->type == LZ_PARAM_EXPRESSION)
        add_expression_detail (self, row, spec, symbol_of (item->kind, rotational),
                               unit_of (item->kind, rotational, spec->name));
      else if ((spec->flags & LZ_PARAM_TIME_VARYING) && !is_number (value))
        /* a friction level written as an expression in t: its preview */
        add_expression_detail (self, row, spec, "L(t)", unit_of (item->kind, rotational, spec->name));
      else
        add_message_row (self, row);
    }
}

static void
on_row_selected (GtkListBox      *box,
                 GtkListBoxRow   *row,
                 LuztarInspector *self)
{
  const char *id = row != NULL ? g_object_get_data (G_OBJECT (row), "luztar-id") : NULL;

  /* rows are removed when the list is rebuilt or destroyed: keep the
   * selection by id, nothing to show for that */
  if (self->rows == NULL || self->rebuilding)
    return;
  if (g_strcmp0 (id, self->selected) == 0 && self->rows->len > 0)
    return;
  luztar_set_str (&self->selected, id);
  show_params (self);
}

static void
add_item_row (LuztarInspector *self,
              const LzItem    *item)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->id);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), luztar_symbols_kind_name (item));
  g_object_set_data_full (G_OBJECT (row), "luztar-id", g_strdup (item->id), g_free);
  gtk_list_box_append (self->items, row);
  if (g_strcmp0 (item->id, self->selected) == 0)
    gtk_list_box_select_row (self->items, GTK_LIST_BOX_ROW (row));
}

/* After an edit of the model: when the selected item shows the same rows
 * with the same titles, their texts are brought up to date in place, so
 * that the row being edited keeps the keyboard (issue 21: rebuilt rows
 * sent it to the first row with its text selected).  FALSE: rebuild. */
static gboolean
update_params (LuztarInspector *self)
{
  const LzItem *item;
  gboolean rotational;
  guint k = 0;

  if (self->model == NULL || self->selected == NULL || self->rows->len == 0
      || (item = lz_model_lookup (self->model, self->selected)) == NULL)
    return FALSE;
  rotational = item_is_rotational (self->model, item);
  /* the same rows, in the same order, with the same titles (units)? */
  for (guint p = 0; p < lz_item_kind_get_n_params (item->kind); p++)
    {
      g_autofree char *title = param_title (self->model, item, lz_item_kind_get_param (item->kind, p),
                                            rotational);

      if (title == NULL)
        continue;
      while (k < self->rows->len
             && g_object_get_data (g_ptr_array_index (self->rows, k), "luztar-param") == NULL)
        k++;
      if (k == self->rows->len
          || g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (self->rows, k)), title) != 0)
        return FALSE;
      k++;
    }
  for (; k < self->rows->len; k++)
    if (g_object_get_data (g_ptr_array_index (self->rows, k), "luztar-param") != NULL)
      return FALSE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      const char *name = g_object_get_data (G_OBJECT (row), "luztar-param");
      LuztarExprPreview *preview = g_object_get_data (G_OBJECT (row), "luztar-preview");
      g_autofree char *value = NULL;

      if (name == NULL)
        continue;
      value = lz_model_dup_parameter_string (self->model, self->selected, name, NULL);
      if (value != NULL && !g_str_equal (value, gtk_editable_get_text (GTK_EDITABLE (row))))
        {
          gtk_editable_set_text (GTK_EDITABLE (row), value);
          gtk_editable_set_position (GTK_EDITABLE (row), -1);
        }
      if (preview != NULL)
        {
          luztar_expr_preview_set_t_end (preview, lz_model_get_simulation (self->model)->t_end);
          check_expression (row);
        }
    }
  return TRUE;
}

static GtkWidget *find_row (LuztarInspector *self,
                            const char      *name);

/* The item row or the parameter row that has the keyboard, if any. */
static void
focused_row (LuztarInspector  *self,
             char            **item,
             char            **param)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  *item = *param = NULL;
  for (; focus != NULL && focus != GTK_WIDGET (self); focus = gtk_widget_get_parent (focus))
    {
      if (g_object_get_data (G_OBJECT (focus), "luztar-param") != NULL)
        *param = g_strdup (g_object_get_data (G_OBJECT (focus), "luztar-param"));
      if (g_object_get_data (G_OBJECT (focus), "luztar-id") != NULL)
        *item = g_strdup (g_object_get_data (G_OBJECT (focus), "luztar-id"));
    }
  if (focus == NULL)
    {
      g_clear_pointer (item, g_free);
      g_clear_pointer (param, g_free);
    }
}

/* Gives the keyboard back to the row that had it before a rebuild: the
 * same parameter's row (its text not selected, the cursor at its end) or
 * the same item's row. */
static void
restore_focus (LuztarInspector *self,
               const char      *item,
               const char      *param)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row = param != NULL ? find_row (self, param) : NULL;

  if (row != NULL)
    {
      if (focus == NULL || !gtk_widget_is_ancestor (focus, row))
        {
          gtk_widget_grab_focus (row);
          gtk_editable_select_region (GTK_EDITABLE (row), -1, -1);
        }
      return;
    }
  if (item == NULL)
    return;
  for (GtkWidget *r = gtk_widget_get_first_child (GTK_WIDGET (self->items)); r != NULL;
       r = gtk_widget_get_next_sibling (r))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (r), "luztar-id"), item) == 0)
      gtk_widget_grab_focus (r);
}

/**
 * luztar_inspector_set_model:
 * @self: an inspector
 * @model: (nullable): the model
 *
 * Lists @model's items, keeping the selection when its id is still there.
 */
void
luztar_inspector_set_model (LuztarInspector *self,
                            LzModel         *model)
{
  GtkWidget *child;
  g_autofree char *focus_item = NULL;
  g_autofree char *focus_param = NULL;

  g_return_if_fail (LUZTAR_IS_INSPECTOR (self));

  focused_row (self, &focus_item, &focus_param);
  luztar_set_model (&self->model, model);
  self->rebuilding = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->items))) != NULL)
    gtk_list_box_remove (self->items, child);
  if (model != NULL && self->selected != NULL && lz_model_lookup (model, self->selected) == NULL)
    g_clear_pointer (&self->selected, g_free);
  if (model != NULL)
    {
      for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
        add_item_row (self, &lz_model_get_ground (model, i)->item);
      for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
        add_item_row (self, &lz_model_get_body (model, i)->item);
      for (guint i = 0; i < lz_model_get_n_elements (model); i++)
        add_item_row (self, &lz_model_get_element (model, i)->item);
      for (guint i = 0; i < lz_model_get_n_sources (model); i++)
        add_item_row (self, &lz_model_get_source (model, i)->item);
    }
  self->rebuilding = FALSE;
  if (!update_params (self))
    show_params (self);
  restore_focus (self, focus_item, focus_param);
}

void
luztar_inspector_select (LuztarInspector *self,
                         const char      *id)
{
  g_return_if_fail (LUZTAR_IS_INSPECTOR (self));

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->items)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "luztar-id"), id) == 0)
      {
        gtk_list_box_select_row (self->items, GTK_LIST_BOX_ROW (row));
        return;
      }
}

/**
 * luztar_inspector_focus_parameters:
 * @self: an inspector
 *
 * Gives the keyboard to the first parameter row of the selected item.
 *
 * Returns: whether there is one
 */
gboolean
luztar_inspector_focus_parameters (LuztarInspector *self)
{
  g_return_val_if_fail (LUZTAR_IS_INSPECTOR (self), FALSE);

  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      if (g_object_get_data (G_OBJECT (row), "luztar-param") != NULL)
        return gtk_widget_grab_focus (row);
    }
  return FALSE;
}

const char *
luztar_inspector_get_selected (LuztarInspector *self)
{
  g_return_val_if_fail (LUZTAR_IS_INSPECTOR (self), NULL);
  return self->selected;
}

static GtkWidget *
find_row (LuztarInspector *self,
          const char      *name)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "luztar-param"), name) == 0)
        return row;
    }
  return NULL;
}

/**
 * luztar_inspector_show_error:
 * @self: an inspector
 * @name: the parameter
 * @message: why the value was refused
 *
 * Marks the row of @name and explains the refusal in its tooltip; the
 * value stays as typed for the user to correct.
 */
void
luztar_inspector_show_error (LuztarInspector *self,
                             const char      *name,
                             const char      *message)
{
  GtkWidget *row;

  g_return_if_fail (LUZTAR_IS_INSPECTOR (self));

  row = find_row (self, name);
  if (row != NULL)
    set_row_message (row, message);
}

/**
 * luztar_inspector_get_row:
 * @self: an inspector
 * @name: a parameter of the selected item
 *
 * Returns: (transfer none) (nullable): the AdwEntryRow of @name
 */
GtkWidget *
luztar_inspector_get_row (LuztarInspector *self,
                          const char      *name)
{
  g_return_val_if_fail (LUZTAR_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return find_row (self, name);
}

/**
 * luztar_inspector_get_preview:
 * @self: an inspector
 * @name: an expression parameter of the selected item
 *
 * Returns: (transfer none) (nullable): the LuztarExprPreview under the
 *   row of @name, or %NULL when @name is not an expression
 */
GtkWidget *
luztar_inspector_get_preview (LuztarInspector *self,
                              const char      *name)
{
  GtkWidget *row;

  g_return_val_if_fail (LUZTAR_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  row = find_row (self, name);
  return row != NULL ? g_object_get_data (G_OBJECT (row), "luztar-preview") : NULL;
}

/**
 * luztar_inspector_get_message:
 * @self: an inspector
 * @name: a parameter of the selected item
 *
 * Returns: (nullable): why the row of @name is marked as an error, as the
 *   user sees it, or %NULL when it is not marked
 */
const char *
luztar_inspector_get_message (LuztarInspector *self,
                              const char      *name)
{
  GtkWidget *row;
  GtkWidget *label;

  g_return_val_if_fail (LUZTAR_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  row = find_row (self, name);
  if (row == NULL || !gtk_widget_has_css_class (row, "error"))
    return NULL;
  label = g_object_get_data (G_OBJECT (row), "luztar-message");
  if (label != NULL)
    return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
  return gtk_widget_get_tooltip_text (row);
}

static void
luztar_inspector_dispose (GObject *object)
{
  LuztarInspector *self = LUZTAR_INSPECTOR (object);

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (luztar_inspector_parent_class)->dispose (object);
}

static void
luztar_inspector_class_init (LuztarInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_inspector_dispose;

  /**
   * LuztarInspector::parameter-edited:
   * @id: the item
   * @name: the parameter
   * @text: the value typed
   */
  signals[SIGNAL_PARAMETER_EDITED] =
    g_signal_new ("parameter-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
luztar_inspector_init (LuztarInspector *self)
{
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *items_group = adw_preferences_group_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, -1);
  /* a side panel: the canvas takes the extra width */
  gtk_widget_set_hexpand (GTK_WIDGET (self), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "luztar-inspector");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (items_group), _("Items"));
  self->items = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->items), "boxed-list");
  gtk_list_box_set_selection_mode (self->items, GTK_SELECTION_SINGLE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->items),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Items of the model"), -1);
  g_signal_connect (self->items, "row-selected", G_CALLBACK (on_row_selected), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (items_group), GTK_WIDGET (self->items));

  self->params = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  self->rows = g_ptr_array_new ();

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->params));
  gtk_box_append (GTK_BOX (box), items_group);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), box);
  gtk_box_append (GTK_BOX (self), scroll);
  show_params (self);
}
