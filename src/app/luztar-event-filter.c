/* luztar-event-filter.c — which events the event log shows, and the bar that chooses it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For debugging a run (issue 21): a resting tyre that chatters on the road
 * logs thousands of "free → free (impact)" events.  The bar above the log
 * filters by element, by mode (an event touches it on either side) and by
 * cause, hides the X → X switches, and merges a run of repeated events
 * into one row with its count and its first and last time.  A run of
 * repeats goes on while the events come at most a few of the model's
 * time steps apart (chatter, or the accumulating impacts of a Zeno run);
 * two impacts with a flight between them stay two rows.
 *
 * "changed" is emitted when the user changes any of it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-event-filter.h"
#include "sim/luztar-modes.h"

/* A repeat continues a merged row when it comes at most this many time
 * steps of the run after the row's last event: a tyre chattering on the
 * road every other step, or landing with an impact every few steps, is
 * one row; a hop with a flight of hundreds of steps starts a new one.  A
 * count of steps: no time unit. */
#define MERGE_MAX_STEPS 10.0

/**
 * luztar_event_filter_accepts:
 *
 * Returns: whether the log shows @event under @filter
 */
gboolean
luztar_event_filter_accepts (const LuztarEventFilter *filter,
                             const LzEvent           *event)
{
  if (filter->element >= 0 && event->element != (guint) filter->element)
    return FALSE;
  if (filter->mode >= 0 && (int) event->from != filter->mode && (int) event->to != filter->mode)
    return FALSE;
  if (filter->cause >= 0 && (int) event->cause != filter->cause)
    return FALSE;
  /* the initial modes say where the run starts: kept */
  if (filter->hide_same && event->from == event->to && event->cause != LZ_CAUSE_INITIAL)
    return FALSE;
  return TRUE;
}

/**
 * luztar_event_filter_continues:
 * @first: the first event of a row
 * @last_t: the time of the row's last event
 * @step: the run's time step (s), 0 if unknown (nothing is merged then)
 * @event: the next event shown
 *
 * Returns: whether @event merges into that row
 */
gboolean
luztar_event_filter_continues (const LuztarEventFilter *filter,
                               const LzEvent           *first,
                               double                   last_t,
                               double                   step,
                               const LzEvent           *event)
{
  if (!filter->merge || event->cause == LZ_CAUSE_INITIAL)
    return FALSE;
  if (event->element != first->element || event->from != first->from
      || event->to != first->to || event->cause != first->cause)
    return FALSE;
  return step > 0 && event->t - last_t <= MERGE_MAX_STEPS * step;
}

/* ------------------------------------------------------------------------ */
/* The bar                                                                   */

struct _LuztarEventFilterBar
{
  GtkBox       parent_instance;

  GtkDropDown *element;
  GtkDropDown *mode;
  GtkDropDown *cause;
  GtkWidget   *hide_same;
  GtkWidget   *merge;
  gboolean     setting;
};

G_DEFINE_FINAL_TYPE (LuztarEventFilterBar, luztar_event_filter_bar, GTK_TYPE_BOX)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_changed (LuztarEventFilterBar *self)
{
  if (!self->setting)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static GtkDropDown *
drop_down (GtkStringList *list,
           const char    *accessible)
{
  GtkWidget *widget = gtk_drop_down_new (G_LIST_MODEL (list), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  gtk_widget_set_tooltip_text (widget, accessible);
  return GTK_DROP_DOWN (widget);
}

static void
luztar_event_filter_bar_class_init (LuztarEventFilterBarClass *klass)
{
  /**
   * LuztarEventFilterBar::changed:
   *
   * The user changed the filter.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-event-filter-bar");
}

static void
luztar_event_filter_bar_init (LuztarEventFilterBar *self)
{
  GtkStringList *modes = gtk_string_list_new (NULL);
  GtkStringList *causes = gtk_string_list_new (NULL);
  GtkStringList *elements = gtk_string_list_new (NULL);
  GtkWidget *flow;

  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 4);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 4);

  /* TRANSLATORS: the event log's filter: events of every element */
  gtk_string_list_append (elements, _("All elements"));
  /* TRANSLATORS: the event log's filter: events of every mode */
  gtk_string_list_append (modes, _("All modes"));
  for (int m = LZ_MODE_NONE + 1; m < LZ_MODE_N_MODES; m++)
    gtk_string_list_append (modes, luztar_mode_get_label (m));
  /* TRANSLATORS: the event log's filter: events of every cause */
  gtk_string_list_append (causes, _("All causes"));
  for (int c = 0; c < LZ_CAUSE_N_CAUSES; c++)
    gtk_string_list_append (causes, luztar_cause_get_label (c));

  self->element = drop_down (elements, _("Show the events of this element"));
  self->mode = drop_down (modes, _("Show the events into or out of this mode"));
  self->cause = drop_down (causes, _("Show the events of this cause"));
  /* TRANSLATORS: a switch of the event log: hide events that leave the mode as it was */
  self->hide_same = gtk_check_button_new_with_mnemonic (_("_Hide X → X"));
  gtk_widget_set_tooltip_text (self->hide_same,
                               _("Hide the events after which an element is in the mode it was in "
                                 "(an impact that bounces back, free → free)"));
  /* TRANSLATORS: a switch of the event log: one row for a run of repeated events */
  self->merge = gtk_check_button_new_with_mnemonic (_("_Merge repeats"));
  gtk_widget_set_tooltip_text (self->merge,
                               _("One row, with its count and its first and last time, for a run "
                                 "of the same event of the same element (chatter)"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->merge), TRUE);

  /* a flow box: on a narrow window (or in a language with long words)
   * the filters go on two lines rather than widen the window */
  flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_widget_set_hexpand (flow, TRUE);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), GTK_WIDGET (self->element));
  gtk_flow_box_append (GTK_FLOW_BOX (flow), GTK_WIDGET (self->mode));
  gtk_flow_box_append (GTK_FLOW_BOX (flow), GTK_WIDGET (self->cause));
  gtk_flow_box_append (GTK_FLOW_BOX (flow), self->hide_same);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), self->merge);
  for (GtkWidget *c = gtk_widget_get_first_child (flow); c != NULL; c = gtk_widget_get_next_sibling (c))
    gtk_widget_set_focusable (c, FALSE);
  gtk_box_append (GTK_BOX (self), flow);
  g_signal_connect_swapped (self->element, "notify::selected", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->mode, "notify::selected", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->cause, "notify::selected", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->hide_same, "toggled", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (self->merge, "toggled", G_CALLBACK (on_changed), self);
}

/**
 * luztar_event_filter_bar_set_trace:
 * @trace: (nullable): the run whose elements the element filter offers
 *
 * A run of another model resets the element filter to all elements.
 */
void
luztar_event_filter_bar_set_trace (LuztarEventFilterBar *self,
                                   LzTrace              *trace)
{
  GtkStringList *list = GTK_STRING_LIST (gtk_drop_down_get_model (self->element));
  guint n = trace != NULL ? lz_trace_get_n_elements (trace) : 0;
  guint old = g_list_model_get_n_items (G_LIST_MODEL (list));
  gboolean same = old == n + 1;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const char *id = lz_trace_get_element_id (trace, i);

      g_ptr_array_add (ids, (gpointer) id);
      same = same && g_strcmp0 (gtk_string_list_get_string (list, i + 1), id) == 0;
    }
  if (same)
    return;
  g_ptr_array_add (ids, NULL);
  self->setting = TRUE;
  gtk_drop_down_set_selected (self->element, 0);
  gtk_string_list_splice (list, 1, old - 1, (const char * const *) ids->pdata);
  self->setting = FALSE;
}

void
luztar_event_filter_bar_get_filter (LuztarEventFilterBar *self,
                                    LuztarEventFilter    *filter)
{
  guint element = gtk_drop_down_get_selected (self->element);
  guint mode = gtk_drop_down_get_selected (self->mode);
  guint cause = gtk_drop_down_get_selected (self->cause);

  /* item 0 of each list is "all"; the modes' list leaves out "smooth" */
  filter->element = element == 0 || element == GTK_INVALID_LIST_POSITION ? -1 : (int) element - 1;
  filter->mode = mode == 0 || mode == GTK_INVALID_LIST_POSITION ? -1 : (int) mode;
  filter->cause = cause == 0 || cause == GTK_INVALID_LIST_POSITION ? -1 : (int) cause - 1;
  filter->hide_same = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->hide_same));
  filter->merge = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->merge));
}

/* What a user does with the bar, for scripts and tests: emits "changed"
 * once. */
void
luztar_event_filter_bar_set_filter (LuztarEventFilterBar    *self,
                                    const LuztarEventFilter *filter)
{
  self->setting = TRUE;
  gtk_drop_down_set_selected (self->element, filter->element < 0 ? 0 : (guint) filter->element + 1);
  gtk_drop_down_set_selected (self->mode, filter->mode < 0 ? 0 : (guint) filter->mode);
  gtk_drop_down_set_selected (self->cause, filter->cause < 0 ? 0 : (guint) filter->cause + 1);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->hide_same), filter->hide_same);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->merge), filter->merge);
  self->setting = FALSE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}
