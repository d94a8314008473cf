/* luztar-compare-page.c — the Compare page: both methods run on the model
 * and drawn over each other
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page of the simulation panel.  "Run Both Methods" (win.compare-methods,
 * F9) runs the window's model from its initial state with the event-driven
 * method and with time-stepping at the model's step (a LuztarCompare) and
 * shows the two in a LuztarOverlay; a drop-down chooses the body drawn when
 * there are several; Stop lets go of a long comparison.  The status line
 * says what is going on, then the largest difference (a label, so that a
 * screen reader reads it).  An edit of the model drops the comparison: it
 * belongs to the model it ran.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-compare-page.h"
#include "luztar-set.h"
#include "sim/luztar-compare.h"

struct _LuztarComparePage
{
  GtkBox          parent_instance;

  /* Owned */
  LzModel        *model;
  LuztarCompare  *compare;

  /* Children */
  GtkWidget      *stop_button;
  GtkWidget      *body_dropdown;
  GtkLabel       *status;
  LuztarOverlay  *overlay;
};

G_DEFINE_FINAL_TYPE (LuztarComparePage, luztar_compare_page, GTK_TYPE_BOX)

static const char *const intro = N_("Both methods from the same initial state: the event-driven "
                                     "run and time-stepping at the model’s step.");

GtkWidget *
luztar_compare_page_new (void)
{
  return g_object_new (LUZTAR_TYPE_COMPARE_PAGE, NULL);
}

LuztarOverlay *
luztar_compare_page_get_overlay (LuztarComparePage *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPARE_PAGE (self), NULL);
  return self->overlay;
}

/* (disposing the runs stops and joins their workers) */
static void
drop_compare (LuztarComparePage *self)
{
  if (self->compare != NULL)
    g_signal_handlers_disconnect_by_data (self->compare, self);
  g_clear_object (&self->compare);
  gtk_widget_set_visible (self->stop_button, FALSE);
}

/* Stop: a long comparison (a small step over a long run) let go of. */
static void
on_stop (GtkButton         *button,
         LuztarComparePage *self)
{
  drop_compare (self);
  gtk_label_set_text (self->status, _("Stopped: both runs are dropped."));
}

static void
on_done (LuztarCompare     *compare,
         LuztarComparePage *self)
{
  GString *failed = g_string_new (NULL);

  gtk_widget_set_visible (self->stop_button, FALSE);

  for (LuztarMethod m = LUZTAR_METHOD_EVENT_DRIVEN; m <= LUZTAR_METHOD_TIME_STEPPING; m++)
    {
      const GError *error = luztar_run_get_error (luztar_compare_get_run (compare, m));
      g_autofree char *why = error != NULL ? luztar_run_describe_error (error) : NULL;

      if (error != NULL)
        g_string_append_printf (failed, "%s%s: %s", failed->len > 0 ? "; " : "",
                                m == LUZTAR_METHOD_EVENT_DRIVEN ? _("Event-driven") : _("Time-stepping"),
                                why);
    }
  luztar_overlay_set_runs (self->overlay, self->model,
                           luztar_compare_get_trace (compare, LUZTAR_METHOD_EVENT_DRIVEN),
                           luztar_compare_get_trace (compare, LUZTAR_METHOD_TIME_STEPPING),
                           luztar_compare_get_step (compare));
  luztar_overlay_set_body (self->overlay, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->body_dropdown)));
  if (failed->len > 0)
    {
      /* TRANSLATORS: a run of the comparison stopped early; %s says which and why */
      g_autofree char *text = g_strdup_printf (_("Stopped early — %s"), failed->str);

      gtk_label_set_text (self->status, text);
    }
  else
    gtk_label_set_text (self->status, luztar_overlay_get_summary (self->overlay));
  g_string_free (failed, TRUE);
}

/**
 * luztar_compare_page_run:
 * @self: a page
 * @error: why the model cannot be run by one of the methods
 *
 * Runs both methods on the model (in worker threads; the overlay shows
 * them when both have ended).
 *
 * Returns: whether both runs started
 */
gboolean
luztar_compare_page_run (LuztarComparePage  *self,
                         GError            **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (LUZTAR_IS_COMPARE_PAGE (self), FALSE);

  drop_compare (self);
  luztar_overlay_set_runs (self->overlay, NULL, NULL, NULL, 0);
  if (self->model == NULL)
    return FALSE;
  self->compare = luztar_compare_new (self->model, &local);
  if (self->compare == NULL)
    {
      /* Translators: %s says why the model cannot be run by one of the methods */
      g_autofree char *text = g_strdup_printf (_("Cannot compare the methods: %s"), local->message);

      gtk_label_set_text (self->status, text);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_signal_connect (self->compare, "done", G_CALLBACK (on_done), self);
  gtk_label_set_text (self->status, _("Running both methods…"));
  gtk_widget_set_visible (self->stop_button, TRUE);
  luztar_compare_start (self->compare);
  return TRUE;
}

/**
 * luztar_compare_page_set_model:
 * @self: a page
 * @model: (nullable): the window's model
 *
 * A comparison belongs to one model: a new or edited model drops it.
 */
void
luztar_compare_page_set_model (LuztarComparePage *self,
                               LzModel           *model)
{
  g_autoptr(GtkStringList) bodies = gtk_string_list_new (NULL);

  g_return_if_fail (LUZTAR_IS_COMPARE_PAGE (self));

  if (model == self->model)
    return;
  drop_compare (self);
  luztar_set_model (&self->model, model);
  luztar_overlay_set_runs (self->overlay, NULL, NULL, NULL, 0);
  for (guint i = 0; model != NULL && i < lz_model_get_n_bodies (model); i++)
    gtk_string_list_append (bodies, lz_model_get_body (model, i)->item.id);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->body_dropdown), G_LIST_MODEL (bodies));
  gtk_widget_set_visible (self->body_dropdown, model != NULL && lz_model_get_n_bodies (model) > 1);
  gtk_label_set_text (self->status, _(intro));
}

static void
on_body_selected (GtkDropDown       *dropdown,
                  GParamSpec        *pspec,
                  LuztarComparePage *self)
{
  guint body = gtk_drop_down_get_selected (dropdown);

  if (body == GTK_INVALID_LIST_POSITION)
    return;
  luztar_overlay_set_body (self->overlay, body);
  if (self->compare != NULL && luztar_compare_is_done (self->compare) && luztar_overlay_get_summary (self->overlay))
    gtk_label_set_text (self->status, luztar_overlay_get_summary (self->overlay));
}

static void
luztar_compare_page_dispose (GObject *object)
{
  LuztarComparePage *self = LUZTAR_COMPARE_PAGE (object);

  drop_compare (self);
  g_clear_pointer (&self->model, lz_model_unref);
  G_OBJECT_CLASS (luztar_compare_page_parent_class)->dispose (object);
}

static void
luztar_compare_page_class_init (LuztarComparePageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = luztar_compare_page_dispose;
}

/* A button with a mnemonic label and its NAME for screen readers (a child
 * label, not the label property: GTK 4.8 would read the name twice). */
static GtkWidget *
button_new (const char *mnemonic,
            const char *name)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), gtk_label_new_with_mnemonic (mnemonic));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return button;
}

static void
luztar_compare_page_init (LuztarComparePage *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *run = button_new (_("Run _Both Methods"), _("Run Both Methods"));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  gtk_widget_set_margin_start (bar, 6);
  gtk_widget_set_margin_end (bar, 6);
  gtk_widget_set_margin_top (bar, 4);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (run), "win.compare-methods");
  gtk_widget_set_tooltip_text (run, _("Run the model with the event-driven method and with "
                                      "time-stepping and draw both (F9)"));
  /* (named apart from the palette's Stop for screen readers) */
  self->stop_button = button_new (_("_Stop"), _("Stop both runs"));
  gtk_widget_set_tooltip_text (self->stop_button, _("Stop both runs"));
  gtk_widget_set_visible (self->stop_button, FALSE);
  g_signal_connect (self->stop_button, "clicked", G_CALLBACK (on_stop), self);
  self->body_dropdown = gtk_drop_down_new (NULL, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->body_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Body drawn"), -1);
  g_signal_connect (self->body_dropdown, "notify::selected", G_CALLBACK (on_body_selected), self);
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "caption");
  gtk_box_append (GTK_BOX (bar), run);
  gtk_box_append (GTK_BOX (bar), self->stop_button);
  gtk_box_append (GTK_BOX (bar), self->body_dropdown);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->status));
  self->overlay = LUZTAR_OVERLAY (luztar_overlay_new ());
  gtk_box_append (GTK_BOX (self), bar);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->overlay));
  gtk_widget_set_visible (self->body_dropdown, FALSE);
  gtk_label_set_text (self->status, _(intro));
}
