/* luztar-event-log.c — the mode switches of a run, as a list
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over a GListStore of small LuztarEventItem objects, one
 * per event of the run's LzTrace: time, element, the change of mode with
 * the shared mode colours (sim/luztar-modes.h) and the cause.
 *
 * The trace grows in the run controller's worker while this list is shown;
 * luztar_event_log_update() is called every frame and reads only the
 * events below lz_trace_get_n_events(), which are immutable, appending
 * the new ones to the store in one splice.  Nothing is rebuilt, and the
 * column view only makes widgets for the rows on screen, so 10⁴ and more
 * events stay cheap.  While the list is scrolled to its end it follows
 * the new events, as a log does.
 *
 * A bar above the list (luztar-event-filter.c) filters the events by
 * element, mode and cause, hides X → X switches, and merges a run of
 * repeated events (chatter) into one row with its count and its last
 * time; a change of the filter rebuilds the list from the trace.  Times
 * are shown in full: the fewest digits that read back to the same double.
 *
 * The modes an element starts in (LZ_CAUSE_INITIAL, at t = 0) are shown,
 * since they say where the run starts, but distinctly: dimmed, with only
 * the mode they start in.
 *
 * Clicking or activating a row (or moving the selection with the keys)
 * emits "seek" with its time; luztar_event_log_select_time() highlights
 * the event at or last before a time without emitting it.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-event-log.h"
#include "luztar-event-filter.h"
#include "luztar-cairo.h"
#include "luztar-set.h"
#include "luztar-widget-kit.h"
#include "sim/luztar-modes.h"

/* ------------------------------------------------------------------------ */
/* One row                                                                   */

#define LUZTAR_TYPE_EVENT_ITEM (luztar_event_item_get_type ())

G_DECLARE_FINAL_TYPE (LuztarEventItem, luztar_event_item, LUZTAR, EVENT_ITEM, GObject)

struct _LuztarEventItem
{
  GObject     parent_instance;

  LzEvent     event;    /* the first event of the row */
  const char *element;  /* interned: a run has few, repeated in many rows */
  guint       count;    /* events merged into the row */
  double      t_end;    /* the time of the last of them */
};

G_DEFINE_FINAL_TYPE (LuztarEventItem, luztar_event_item, G_TYPE_OBJECT)

static void
luztar_event_item_class_init (LuztarEventItemClass *klass)
{
}

static void
luztar_event_item_init (LuztarEventItem *self)
{
}

static LuztarEventItem *
luztar_event_item_new (const LzEvent *event,
                       const char    *element)
{
  LuztarEventItem *self = g_object_new (LUZTAR_TYPE_EVENT_ITEM, NULL);

  self->event = *event;
  self->element = g_intern_string (element);
  self->count = 1;
  self->t_end = event->t;
  return self;
}

/* The texts of the columns, shared by the cells and dup_row_text(): the
 * time in full (the fewest digits that read back to the same double). */
static char *
time_text (const LzEvent *event)
{
  return lz_number_to_string (event->t);
}

static char *
count_text (const LuztarEventItem *item)
{
  /* TRANSLATORS: how many events a merged row of the event log stands for */
  return item->count > 1 ? g_strdup_printf (_("×%u"), item->count) : g_strdup ("");
}

static char *
change_text (const LuztarEventItem *item)
{
  const LzEvent *event = &item->event;
  g_autofree char *count = count_text (item);

  if (event->cause == LZ_CAUSE_INITIAL)
    return g_strdup (luztar_mode_get_label (event->to));
  if (item->count > 1)
    return g_strdup_printf ("%s → %s %s", luztar_mode_get_label (event->from),
                            luztar_mode_get_label (event->to), count);
  return g_strdup_printf ("%s → %s", luztar_mode_get_label (event->from),
                          luztar_mode_get_label (event->to));
}

/* ------------------------------------------------------------------------ */
/* The widget                                                                */

struct _LuztarEventLog
{
  GtkBox             parent_instance;

  /* Template widgets */
  LuztarEventFilterBar *filter_bar;
  GtkWidget         *empty_page;
  GtkScrolledWindow *scroller;
  GtkColumnView     *view;

  /* Owned */
  LzTrace           *trace;
  GListStore        *store;
  GtkSingleSelection *selection;
  guint              n_read;      /* events of the trace already looked at */
  LuztarEventFilter  filter;      /* what the filter bar says */
  LuztarEventItem   *last;        /* the store's last row, or NULL */
  double             step;        /* the run's time step, 0 if unknown */
  guint              scroll_to;   /* row to bring into view, or invalid */
  guint              scroll_tick; /* tick callback that does it */
  guint              scroll_frames;
  gboolean           selecting;   /* the selection changes by program */
};

G_DEFINE_FINAL_TYPE (LuztarEventLog, luztar_event_log, GTK_TYPE_BOX)

enum
{
  SIGNAL_SEEK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
luztar_event_log_new (void)
{
  return g_object_new (LUZTAR_TYPE_EVENT_LOG, NULL);
}

static void
set_dimmed (GtkWidget *widget,
            gboolean   dimmed)
{
  if (dimmed)
    gtk_widget_add_css_class (widget, "dim-label");
  else
    gtk_widget_remove_css_class (widget, "dim-label");
}

/* WIDTH_CHARS: the room it keeps, in characters, or −1 for its text's. */
static GtkWidget *
cell_label_new (float xalign,
                int   width_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_width_chars (GTK_LABEL (label), width_chars);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

/* TEXT in the label of a row's cell, dimmed on the initial modes' rows;
 * returns the label. */
static GtkWidget *
bind_label (GtkListItem *list_item,
            const char  *text)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), text);
  set_dimmed (label, item->event.cause == LZ_CAUSE_INITIAL);
  return label;
}

static void
setup_time (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            LuztarEventLog           *self)
{
  /* Room for a time in full, "0.20000000000000001": the column keeps its
   * width as times grow. */
  GtkWidget *label = cell_label_new (1.0, 19);

  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_time (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           LuztarEventLog           *self)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = time_text (&item->event);

  bind_label (list_item, text);
}

/* The last time of a merged row; empty for a single event. */
static void
bind_until (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            LuztarEventLog           *self)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = item->count > 1 ? lz_number_to_string (item->t_end) : g_strdup ("");

  bind_label (list_item, text);
}

static void
setup_element (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               LuztarEventLog           *self)
{
  gtk_list_item_set_child (list_item, cell_label_new (0.0, 6));
}

static void
bind_element (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              LuztarEventLog           *self)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);

  bind_label (list_item, item->element);
}

/* A small rounded square in the colour of a mode, for the light or dark
 * style in use.  A change of style changes the CSS colour of the area,
 * which redraws it. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  LzMode mode = GPOINTER_TO_INT (user_data);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double rgb[3];

  luztar_mode_get_color (mode, dark, rgb);
  luztar_cairo_rounded_rect (cr, 0.5, 0.5, width - 1.0, height - 1.0, 3.0);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  /* A faint edge keeps the greys of inactive modes apart from the row. */
  cairo_set_source_rgba (cr, 0, 0, 0, dark ? 0.35 : 0.18);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static GtkWidget *
swatch_new (void)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 12);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 12);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  /* The mode is also written next to it: the colour is decoration. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return area;
}

static void
set_swatch (GtkWidget *swatch,
            LzMode     mode)
{
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                  GINT_TO_POINTER (mode), NULL);
}

/* from-swatch, from, →, to-swatch, to */
static void
setup_change (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              LuztarEventLog           *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *arrow = gtk_label_new ("→");

  gtk_widget_add_css_class (arrow, "dim-label");
  gtk_widget_set_margin_start (arrow, 2);
  gtk_widget_set_margin_end (arrow, 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: read out for the arrow between two modes */
                                  _("to"), -1);
  gtk_box_append (GTK_BOX (box), swatch_new ());
  gtk_box_append (GTK_BOX (box), cell_label_new (0.0, -1));
  gtk_box_append (GTK_BOX (box), arrow);
  gtk_box_append (GTK_BOX (box), swatch_new ());
  gtk_box_append (GTK_BOX (box), cell_label_new (0.0, -1));
  /* the count of a merged row */
  gtk_box_append (GTK_BOX (box), cell_label_new (0.0, -1));
  gtk_widget_add_css_class (gtk_widget_get_last_child (box), "heading");
  gtk_list_item_set_child (list_item, box);
}

static void
bind_change (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             LuztarEventLog           *self)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *from_swatch = gtk_widget_get_first_child (gtk_list_item_get_child (list_item));
  GtkWidget *from = gtk_widget_get_next_sibling (from_swatch);
  GtkWidget *arrow = gtk_widget_get_next_sibling (from);
  GtkWidget *to_swatch = gtk_widget_get_next_sibling (arrow);
  GtkWidget *to = gtk_widget_get_next_sibling (to_swatch);
  GtkWidget *count = gtk_widget_get_next_sibling (to);
  g_autofree char *count_label = count_text (item);
  gboolean initial = item->event.cause == LZ_CAUSE_INITIAL;

  set_swatch (from_swatch, item->event.from);
  gtk_label_set_label (GTK_LABEL (from), luztar_mode_get_label (item->event.from));
  set_swatch (to_swatch, item->event.to);
  gtk_label_set_label (GTK_LABEL (to), luztar_mode_get_label (item->event.to));
  gtk_widget_set_visible (from_swatch, !initial);
  gtk_widget_set_visible (from, !initial);
  gtk_widget_set_visible (arrow, !initial);
  set_dimmed (to, initial);
  gtk_label_set_label (GTK_LABEL (count), count_label);
  gtk_widget_set_visible (count, item->count > 1);
}

static void
setup_cause (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             LuztarEventLog           *self)
{
  gtk_list_item_set_child (list_item, cell_label_new (0.0, -1));
}

static void
bind_cause (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            LuztarEventLog           *self)
{
  LuztarEventItem *item = gtk_list_item_get_item (list_item);

  bind_label (list_item, luztar_cause_get_label (item->event.cause));
}

static void
emit_seek (LuztarEventLog *self,
           guint           position)
{
  g_autoptr(LuztarEventItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), position);

  if (item != NULL)
    g_signal_emit (self, signals[SIGNAL_SEEK], 0, item->event.t);
}

static void
on_view_activate (GtkColumnView  *view,
                  guint           position,
                  LuztarEventLog *self)
{
  emit_seek (self, position);
}

static void
on_selection_changed (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      LuztarEventLog    *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (self->selecting || selected == GTK_INVALID_LIST_POSITION)
    return;
  emit_seek (self, selected);
}

/* GTK 4.8 has no gtk_column_view_scroll_to(); the list view inside the
 * column view has the action.  It must not run before the rows of newly
 * added items are laid out (4.8 then leaves rows above the item unbuilt
 * and blank), so it runs in the frame after the next one. */
static gboolean
scroll_tick (GtkWidget     *widget,
             GdkFrameClock *frame_clock,
             gpointer       user_data)
{
  LuztarEventLog *self = user_data;

  if (self->scroll_frames++ < 1)
    return G_SOURCE_CONTINUE;
  if (self->scroll_to < g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->view)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LIST_VIEW (child))
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", self->scroll_to);
  self->scroll_to = GTK_INVALID_LIST_POSITION;
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_to (LuztarEventLog *self,
           guint           position)
{
  self->scroll_to = position;
  self->scroll_frames = 0;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->view), scroll_tick, self, NULL);
}

static gboolean
at_end (LuztarEventLog *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 1.0;
}

/**
 * luztar_event_log_set_time_step:
 * @self: an event log
 * @step: the run's time step (the model's dt, s), 0 if unknown
 *
 * Repeated events a few steps apart are chatter, merged into one row when
 * "Merge repeats" is on; takes effect from the next luztar_event_log_set_trace().
 */
void
luztar_event_log_set_time_step (LuztarEventLog *self,
                                double          step)
{
  g_return_if_fail (LUZTAR_IS_EVENT_LOG (self));

  self->step = step > 0 && isfinite (step) ? step : 0;
}

/**
 * luztar_event_log_update:
 * @self: an event log
 *
 * Appends the events the trace has published since the last call.  Cheap
 * when there are none; meant to be called every frame while a run goes on.
 */
void
luztar_event_log_update (LuztarEventLog *self)
{
  g_autoptr(GPtrArray) items = NULL;
  guint n, shown;
  gboolean follow, last_grew = FALSE;

  g_return_if_fail (LUZTAR_IS_EVENT_LOG (self));

  if (self->trace == NULL)
    return;
  n = lz_trace_get_n_events (self->trace);
  if (n <= self->n_read)
    return;

  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = self->n_read; i < n; i++)
    {
      LzEvent event;

      lz_trace_get_event (self->trace, i, &event);
      if (!luztar_event_filter_accepts (&self->filter, &event))
        continue;
      if (self->last != NULL
          && luztar_event_filter_continues (&self->filter, &self->last->event,
                                            self->last->t_end, self->step, &event))
        {
          /* one more of a run of repeats: the last row counts it */
          self->last->count++;
          self->last->t_end = event.t;
          last_grew = last_grew || items->len == 0;
          continue;
        }
      self->last = luztar_event_item_new (&event, lz_trace_get_element_id (self->trace,
                                                                           event.element));
      g_ptr_array_add (items, self->last);
    }
  self->n_read = n;
  shown = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  follow = shown > 0 && at_end (self);
  /* a row already shown that counted more events is bound again */
  if (last_grew && shown > 0)
    g_list_model_items_changed (G_LIST_MODEL (self->store), shown - 1, 1, 1);
  if (items->len == 0)
    return;
  g_list_store_splice (self->store, shown, 0, items->pdata, items->len);
  gtk_widget_set_visible (self->empty_page, FALSE);
  if (follow)
    scroll_to (self, shown + items->len - 1);
}

/* The filter changed: the rows are made again from the trace. */
static void
rebuild (LuztarEventLog *self)
{
  self->selecting = TRUE;
  g_list_store_remove_all (self->store);
  self->selecting = FALSE;
  self->last = NULL;
  self->n_read = 0;
  self->scroll_to = GTK_INVALID_LIST_POSITION;
  gtk_widget_set_visible (self->empty_page, TRUE);
  luztar_event_log_update (self);
}

static void
on_filter_changed (LuztarEventFilterBar *bar,
                   LuztarEventLog       *self)
{
  luztar_event_filter_bar_get_filter (bar, &self->filter);
  rebuild (self);
}

/**
 * luztar_event_log_set_trace:
 * @self: an event log
 * @trace: (nullable): the trace of a run, %NULL to clear
 *
 * Shows the events of @trace (taking a reference), those published so far
 * at once and later ones on luztar_event_log_update().
 */
void
luztar_event_log_set_trace (LuztarEventLog *self,
                            LzTrace        *trace)
{
  g_return_if_fail (LUZTAR_IS_EVENT_LOG (self));

  if (trace == self->trace)
    {
      luztar_event_log_update (self);
      return;
    }
  luztar_set_trace (&self->trace, trace);
  luztar_event_filter_bar_set_trace (self->filter_bar, trace);
  luztar_event_filter_bar_get_filter (self->filter_bar, &self->filter);
  rebuild (self);
}

/**
 * luztar_event_log_get_trace:
 * @self: an event log
 *
 * Returns: (transfer none) (nullable): the trace shown
 */
LzTrace *
luztar_event_log_get_trace (LuztarEventLog *self)
{
  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), NULL);

  return self->trace;
}

/**
 * luztar_event_log_select_time:
 * @self: an event log
 * @t: a time (s)
 *
 * Selects the event at @t or the last one before it and scrolls to it;
 * nothing is selected when @t is before the first event.  Does not emit
 * "seek".
 */
void
luztar_event_log_select_time (LuztarEventLog *self,
                              double          t)
{
  GListModel *model;
  guint lo = 0, hi;

  g_return_if_fail (LUZTAR_IS_EVENT_LOG (self));

  model = G_LIST_MODEL (self->store);
  hi = g_list_model_get_n_items (model);
  /* The first event after t; events are in time order. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      g_autoptr(LuztarEventItem) item = g_list_model_get_item (model, mid);

      if (item->event.t <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, lo > 0 ? lo - 1 : GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
  if (lo > 0)
    scroll_to (self, lo - 1);
}

/**
 * luztar_event_log_get_n_rows:
 * @self: an event log
 *
 * Returns: the number of rows shown (the events the filter lets through,
 *   a run of repeats counting once when merged)
 */
guint
luztar_event_log_get_n_rows (LuztarEventLog *self)
{
  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

/**
 * luztar_event_log_get_event:
 * @self: an event log
 * @row: a row
 * @event: (out): the event of @row
 *
 * The first event of a merged row.
 *
 * Returns: %FALSE if there is no such row
 */
gboolean
luztar_event_log_get_event (LuztarEventLog *self,
                            guint           row,
                            LzEvent        *event)
{
  g_autoptr(LuztarEventItem) item = NULL;

  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);
  if (item == NULL)
    return FALSE;
  *event = item->event;
  return TRUE;
}

/**
 * luztar_event_log_dup_row_text:
 * @self: an event log
 * @row: a row
 *
 * Returns: (transfer full) (nullable): the texts of the columns of @row
 *   as shown (time, element, mode change with the count of a merged row,
 *   cause, and the last time of a merged row), separated by tabs
 */
char *
luztar_event_log_dup_row_text (LuztarEventLog *self,
                               guint           row)
{
  g_autoptr(LuztarEventItem) item = NULL;
  g_autofree char *time = NULL;
  g_autofree char *change = NULL;

  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);
  if (item == NULL)
    return NULL;
  time = time_text (&item->event);
  change = change_text (item);
  if (item->count > 1)
    {
      g_autofree char *until = lz_number_to_string (item->t_end);

      return g_strdup_printf ("%s\t%s\t%s\t%s\t%s", time, item->element, change,
                              luztar_cause_get_label (item->event.cause), until);
    }
  return g_strdup_printf ("%s\t%s\t%s\t%s", time, item->element, change,
                          luztar_cause_get_label (item->event.cause));
}

/**
 * luztar_event_log_get_row_count:
 * @self: an event log
 * @row: a row
 *
 * Returns: how many events @row stands for (more than one when merged), 0
 *   if there is no such row
 */
guint
luztar_event_log_get_row_count (LuztarEventLog *self,
                                guint           row)
{
  g_autoptr(LuztarEventItem) item = NULL;

  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), 0);

  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);
  return item != NULL ? item->count : 0;
}

/**
 * luztar_event_log_get_filter_bar:
 * @self: an event log
 *
 * Returns: (transfer none): the bar of filters above the list
 */
LuztarEventFilterBar *
luztar_event_log_get_filter_bar (LuztarEventLog *self)
{
  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), NULL);

  return self->filter_bar;
}

/**
 * luztar_event_log_get_selected:
 * @self: an event log
 *
 * Returns: the selected row, or -1
 */
int
luztar_event_log_get_selected (LuztarEventLog *self)
{
  guint selected;

  g_return_val_if_fail (LUZTAR_IS_EVENT_LOG (self), -1);

  selected = gtk_single_selection_get_selected (self->selection);
  return selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected;
}

static void
luztar_event_log_dispose (GObject *object)
{
  LuztarEventLog *self = LUZTAR_EVENT_LOG (object);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->view), self->scroll_tick);
  self->scroll_tick = 0;
  if (self->view != NULL)
    gtk_column_view_set_model (self->view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), LUZTAR_TYPE_EVENT_LOG);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->trace, lz_trace_unref);
  G_OBJECT_CLASS (luztar_event_log_parent_class)->dispose (object);
}

static const LuztarTemplateChild log_children[] = {
  LUZTAR_TEMPLATE_CHILD (LuztarEventLog, filter_bar),
  LUZTAR_TEMPLATE_CHILD (LuztarEventLog, empty_page),
  LUZTAR_TEMPLATE_CHILD (LuztarEventLog, scroller),
  LUZTAR_TEMPLATE_CHILD (LuztarEventLog, view),
};

/* the view's activation, the columns' factories, the filter bar */
static const LuztarTemplateCallback log_callbacks[] = {
  LUZTAR_TEMPLATE_CALLBACK (on_view_activate),
  LUZTAR_TEMPLATE_CALLBACK (setup_time), LUZTAR_TEMPLATE_CALLBACK (bind_time),
  LUZTAR_TEMPLATE_CALLBACK (bind_until),
  LUZTAR_TEMPLATE_CALLBACK (setup_element), LUZTAR_TEMPLATE_CALLBACK (bind_element),
  LUZTAR_TEMPLATE_CALLBACK (setup_change), LUZTAR_TEMPLATE_CALLBACK (bind_change),
  LUZTAR_TEMPLATE_CALLBACK (setup_cause), LUZTAR_TEMPLATE_CALLBACK (bind_cause),
  LUZTAR_TEMPLATE_CALLBACK (on_filter_changed),
};

static void
luztar_event_log_class_init (LuztarEventLogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = luztar_event_log_dispose;

  /**
   * LuztarEventLog::seek:
   * @self: the event log
   * @t: the time of the event (s)
   *
   * The user picked an event: clicked, activated or moved the selection
   * onto it.
   */
  signals[SIGNAL_SEEK] = luztar_signal_new (klass, "seek", G_TYPE_DOUBLE);

  luztar_template_bind (widget_class, APP_PATH "/ui/luztar-event-log.ui",
                        log_children, G_N_ELEMENTS (log_children),
                        log_callbacks, G_N_ELEMENTS (log_callbacks));
  gtk_widget_class_set_css_name (widget_class, "luztar-event-log");
  g_type_ensure (LUZTAR_TYPE_EVENT_FILTER_BAR);
}

static void
luztar_event_log_init (LuztarEventLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->scroll_to = GTK_INVALID_LIST_POSITION;
  self->store = g_list_store_new (LUZTAR_TYPE_EVENT_ITEM);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->store)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  luztar_event_filter_bar_get_filter (self->filter_bar, &self->filter);
}
