/* luztar-series-chooser.c — a menu button to choose the variables a plot shows
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkMenuButton whose popover lists the variables of a model: position
 * and velocity of every body; force, relative coordinate and relative
 * velocity of every element.  In the multiple mode (time
 * series) each is a check button; in the single mode (the phase portrait's
 * body) they are grouped into radio buttons.  "changed" is emitted when
 * the choice changes, by the user or by set_selected().  The button's
 * label sums the choice up.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "luztar-label.h"
#include "luztar-series-chooser.h"
#include "luztar-widget-kit.h"

struct _LuztarSeriesChooser
{
  GtkWidget    parent_instance;

  gboolean     single;
  gboolean     updating;         /* set_selected() at work: one "changed" */

  /* Owned */
  GArray      *options;          /* LuztarSeries */
  GPtrArray   *checks;           /* GtkCheckButton per option (borrowed refs) */
  GArray      *selected;         /* LuztarSeries, in option order */

  /* Borrowed (children) */
  GtkWidget   *button;
  GtkWidget   *list;
};

G_DEFINE_FINAL_TYPE (LuztarSeriesChooser, luztar_series_chooser, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_label (LuztarSeriesChooser *self)
{
  g_autofree char *text = NULL;

  if (self->selected->len == 0)
    /* Translators: the series chooser's button when nothing is chosen */
    text = g_strdup (_("No variable"));
  else if (self->selected->len == 1)
    {
      guint i;

      for (i = 0; i < self->options->len; i++)
        if (luztar_series_equal (&g_array_index (self->options, LuztarSeries, i),
                                 &g_array_index (self->selected, LuztarSeries, 0)))
          break;
      text = g_strdup (i < self->checks->len
                       ? gtk_check_button_get_label (g_ptr_array_index (self->checks, i)) : "?");
    }
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u variable", "%u variables",
                                         self->selected->len),
                            self->selected->len);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->button), text);
}

static void
collect (LuztarSeriesChooser *self)
{
  g_array_set_size (self->selected, 0);
  for (guint i = 0; i < self->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      g_array_append_val (self->selected, g_array_index (self->options, LuztarSeries, i));
  update_label (self);
}

static void
on_toggled (GtkCheckButton      *check,
            LuztarSeriesChooser *self)
{
  /* a radio group toggles twice (off, then on): report the "on" */
  if (self->single && !gtk_check_button_get_active (check))
    return;
  if (self->updating)
    return;
  collect (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* The id of body or element @index of @model. */
static const char *
item_id (const LzModel *model,
         guint          index,
         gboolean       body)
{
  return body ? lz_model_get_body (model, index)->item.id : lz_model_get_element (model, index)->item.id;
}

/* Lists the variables of the bodies and elements of @model; keeps the
 * chosen ones that still exist, or chooses the first position when none
 * does. */
static void
populate (LuztarSeriesChooser *self,
          const LzModel       *model)
{
  static const LuztarSeriesKind body_kinds[] = { LUZTAR_SERIES_BODY_Q, LUZTAR_SERIES_BODY_V };
  static const LuztarSeriesKind element_kinds[] = {
    LUZTAR_SERIES_ELEMENT_FORCE, LUZTAR_SERIES_ELEMENT_G, LUZTAR_SERIES_ELEMENT_GDOT,
  };
  g_autoptr(GArray) keep = g_array_copy (self->selected);
  GtkWidget *child;
  GtkCheckButton *group = NULL;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_box_remove (GTK_BOX (self->list), child);
  g_array_set_size (self->options, 0);
  g_ptr_array_set_size (self->checks, 0);

  for (int pass = 0; pass < 2; pass++)
    {
      gboolean bodies = pass == 0;
      guint n = bodies ? lz_model_get_n_bodies (model) : lz_model_get_n_elements (model);
      const LuztarSeriesKind *kinds = bodies ? body_kinds : element_kinds;
      guint n_kinds = bodies ? G_N_ELEMENTS (body_kinds) : G_N_ELEMENTS (element_kinds);

      if (n == 0)
        continue;
      /* Translators: headings in the list of variables to plot */
      gtk_box_append (GTK_BOX (self->list), luztar_label_heading (bodies ? _("Bodies") : _("Elements"), 6));
      for (guint i = 0; i < n; i++)
        for (guint k = 0; k < n_kinds; k++)
          {
            LuztarSeries s = { kinds[k], i };
            g_autofree char *label = luztar_series_dup_label_for_id (&s, item_id (model, i, bodies));
            GtkWidget *check = gtk_check_button_new_with_label (label);

            if (self->single)
              {
                if (group != NULL)
                  gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
                else
                  group = GTK_CHECK_BUTTON (check);
              }
            g_signal_connect (check, "toggled", G_CALLBACK (on_toggled), self);
            gtk_box_append (GTK_BOX (self->list), check);
            g_array_append_val (self->options, s);
            g_ptr_array_add (self->checks, check);
          }
    }

  if (keep->len == 0 && self->options->len > 0)
    g_array_append_val (keep, g_array_index (self->options, LuztarSeries, 0));
  luztar_series_chooser_set_selected (self, (const LuztarSeries *) (const void *) keep->data, keep->len);
}

/**
 * luztar_series_chooser_set_model:
 * @self: a chooser
 * @model: the model whose variables to list
 */
void
luztar_series_chooser_set_model (LuztarSeriesChooser *self,
                                 const LzModel       *model)
{
  g_return_if_fail (LUZTAR_IS_SERIES_CHOOSER (self));
  g_return_if_fail (model != NULL);
  populate (self, model);
}

guint
luztar_series_chooser_get_n_options (LuztarSeriesChooser *self)
{
  g_return_val_if_fail (LUZTAR_IS_SERIES_CHOOSER (self), 0);
  return self->options->len;
}

/**
 * luztar_series_chooser_get_option:
 * @self: a chooser
 * @i: an option
 *
 * Returns: (transfer none): the variable of option @i
 */
const LuztarSeries *
luztar_series_chooser_get_option (LuztarSeriesChooser *self,
                                  guint                i)
{
  g_return_val_if_fail (LUZTAR_IS_SERIES_CHOOSER (self), NULL);
  g_return_val_if_fail (i < self->options->len, NULL);
  return &g_array_index (self->options, LuztarSeries, i);
}

/**
 * luztar_series_chooser_get_check:
 * @self: a chooser
 * @i: an option
 *
 * Returns: (transfer none): the check button of option @i (for tests)
 */
GtkWidget *
luztar_series_chooser_get_check (LuztarSeriesChooser *self,
                                 guint                i)
{
  g_return_val_if_fail (LUZTAR_IS_SERIES_CHOOSER (self), NULL);
  g_return_val_if_fail (i < self->checks->len, NULL);
  return g_ptr_array_index (self->checks, i);
}

/**
 * luztar_series_chooser_set_selected:
 * @self: a chooser
 * @series: (array length=n): the variables to check; those not listed are
 *   ignored (in the single mode only the first one counts)
 * @n: how many
 *
 * Emits "changed" once when the choice changed.
 */
void
luztar_series_chooser_set_selected (LuztarSeriesChooser *self,
                                    const LuztarSeries  *series,
                                    guint                n)
{
  g_autoptr(GArray) before = NULL;
  gboolean any = FALSE;

  g_return_if_fail (LUZTAR_IS_SERIES_CHOOSER (self));
  g_return_if_fail (n == 0 || series != NULL);

  before = g_array_copy (self->selected);
  self->updating = TRUE;
  for (guint i = 0; i < self->checks->len; i++)
    {
      gboolean on = FALSE;

      for (guint j = 0; j < n && !(self->single && any); j++)
        if (luztar_series_equal (&g_array_index (self->options, LuztarSeries, i), &series[j]))
          on = TRUE;
      any |= on;
      if (on || !self->single)
        gtk_check_button_set_active (g_ptr_array_index (self->checks, i), on);
    }
  self->updating = FALSE;
  collect (self);
  if (before->len != self->selected->len
      || (before->len > 0
          && memcmp (before->data, self->selected->data, sizeof (LuztarSeries) * before->len) != 0))
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/**
 * luztar_series_chooser_get_selected:
 * @self: a chooser
 * @n: (out): how many
 *
 * Returns: (transfer none) (array length=n): the chosen variables, in the
 *   order of the list
 */
const LuztarSeries *
luztar_series_chooser_get_selected (LuztarSeriesChooser *self,
                                    guint               *n)
{
  g_return_val_if_fail (LUZTAR_IS_SERIES_CHOOSER (self), NULL);
  *n = self->selected->len;
  return (const LuztarSeries *) (const void *) self->selected->data;
}

/**
 * luztar_series_chooser_new:
 * @single: one variable (radio buttons) rather than any number
 *
 * Returns: (transfer floating): a chooser with nothing to choose yet
 */
GtkWidget *
luztar_series_chooser_new (gboolean single)
{
  LuztarSeriesChooser *self = g_object_new (LUZTAR_TYPE_SERIES_CHOOSER, NULL);

  self->single = single;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  single ? _("Variable to plot") : _("Variables to plot"), -1);
  gtk_widget_set_tooltip_text (self->button, single ? _("Variable to plot") : _("Variables to plot"));
  return GTK_WIDGET (self);
}

static void
luztar_series_chooser_dispose (GObject *object)
{
  LuztarSeriesChooser *self = LUZTAR_SERIES_CHOOSER (object);

  /* the check buttons go with the button; the lists of them with it */
  g_clear_pointer (&self->button, gtk_widget_unparent);
  g_clear_pointer (&self->options, g_array_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  g_clear_pointer (&self->selected, g_array_unref);
  G_OBJECT_CLASS (luztar_series_chooser_parent_class)->dispose (object);
}

static void
luztar_series_chooser_class_init (LuztarSeriesChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = luztar_series_chooser_dispose;

  /**
   * LuztarSeriesChooser::changed:
   * @chooser: the chooser
   *
   * The chosen variables changed.
   */
  signals[SIGNAL_CHANGED] =
    luztar_signal_new (klass, "changed", G_TYPE_NONE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "luztar-series-chooser");
}

static void
luztar_series_chooser_init (LuztarSeriesChooser *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->options = g_array_new (FALSE, FALSE, sizeof (LuztarSeries));
  self->checks = g_ptr_array_new ();
  self->selected = g_array_new (FALSE, FALSE, sizeof (LuztarSeries));

  self->list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_margin_start (self->list, 6);
  gtk_widget_set_margin_end (self->list, 6);
  gtk_widget_set_margin_bottom (self->list, 6);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list);
  gtk_popover_set_child (GTK_POPOVER (popover), scrolled);

  self->button = gtk_menu_button_new ();
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->button), popover);
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
  update_label (self);
}
