/* luztar-widget-kit.c — what the window's widgets share: signals, template children and callbacks, ticks, margins
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Most of the window's widgets say what happened with a signal of one
 * argument or none (a message for a toast, a model to open, an analysis
 * done), and those built from a template bind a list of its children to
 * their fields.  The calls here do each once, from a table for the
 * children, so that a class_init says only what is its own; and a tick
 * callback cleared, the four margins of a widget set, in one call.
 */

#include "config.h"

#include <math.h>

#include "luztar-widget-kit.h"

/**
 * luztar_template_bind:
 * @widget_class: a widget class
 * @resource: (nullable): the resource path of the class's template, set
 *   first; %NULL when the class's template is set already
 * @children: (array length=n_children) (nullable): members of the
 *   instance struct, each named as the template's object of the same id
 * @callbacks: (array length=n_callbacks) (nullable): functions, each under
 *   the name the template's signals give it
 */
void
luztar_template_bind (GtkWidgetClass               *widget_class,
                      const char                   *resource,
                      const LuztarTemplateChild    *children,
                      gsize                         n_children,
                      const LuztarTemplateCallback *callbacks,
                      gsize                         n_callbacks)
{
  if (resource != NULL)
    gtk_widget_class_set_template_from_resource (widget_class, resource);
  for (gsize i = 0; i < n_children; i++)
    gtk_widget_class_bind_template_child_full (widget_class, children[i].name, FALSE,
                                               children[i].offset);
  for (gsize i = 0; i < n_callbacks; i++)
    gtk_widget_class_bind_template_callback_full (widget_class, callbacks[i].name,
                                                  callbacks[i].callback);
}

/**
 * luztar_signal_new:
 * @klass: the class (in its class_init)
 * @name: the signal's name
 * @arg: the type of its one argument, or %G_TYPE_NONE for none
 *
 * A signal that runs last and returns nothing, as the window's widgets
 * emit them.
 *
 * Returns: its id
 */
guint
luztar_signal_new (gpointer    klass,
                   const char *name,
                   GType       arg)
{
  GType type = G_TYPE_FROM_CLASS (klass);

  if (arg == G_TYPE_NONE)
    return g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  return g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, arg);
}

/**
 * luztar_widget_clear_tick:
 * @widget: a widget
 * @tick_id: (inout): its tick callback's id, or 0
 *
 * Removes the tick callback if there is one and sets @tick_id to 0 (the
 * tick's g_clear_handle_id()).
 */
void
luztar_widget_clear_tick (GtkWidget *widget,
                          guint     *tick_id)
{
  if (*tick_id != 0)
    gtk_widget_remove_tick_callback (widget, *tick_id);
  *tick_id = 0;
}

/**
 * luztar_widget_set_margins:
 * @widget: a widget
 * @top: its top margin (pixels)
 * @end: its end margin
 * @bottom: its bottom margin
 * @start: its start margin
 *
 * Sets the four margins, in the order of CSS's margin.
 */
void
luztar_widget_set_margins (GtkWidget *widget,
                           int        top,
                           int        end,
                           int        bottom,
                           int        start)
{
  gtk_widget_set_margin_top (widget, top);
  gtk_widget_set_margin_end (widget, end);
  gtk_widget_set_margin_bottom (widget, bottom);
  gtk_widget_set_margin_start (widget, start);
}

/**
 * luztar_label_keep_lines:
 * @label: a label
 * @lines: how many lines of it are always kept
 * @css_class: (nullable): a class of both (its size: "caption")
 *
 * Wraps @label (between words, inside one only when it is longer than a
 * line) over at most @lines lines, the rest cut (to be said whole in its
 * tooltip), and keeps room for all @lines of them whatever it says: a
 * stack of one height holds it beside an empty label of as many lines,
 * so that what is under it does not move as its text changes.
 *
 * Returns: (transfer floating): the stack, to be put where @label was
 */
GtkWidget *
luztar_label_keep_lines (GtkLabel   *label,
                         int         lines,
                         const char *css_class)
{
  GtkWidget *stack = gtk_stack_new ();
  GString *text = g_string_new (" ");
  GtkWidget *room;

  for (int i = 1; i < lines; i++)
    g_string_append (text, "\n ");
  room = gtk_label_new (text->str);
  g_string_free (text, TRUE);
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (label, lines);
  gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (label, 0);
  gtk_label_set_yalign (label, 0);
  if (css_class != NULL)
    {
      gtk_widget_add_css_class (GTK_WIDGET (label), css_class);
      gtk_widget_add_css_class (room, css_class);
    }
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), TRUE);
  gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
  gtk_stack_add_child (GTK_STACK (stack), room);
  gtk_stack_add_child (GTK_STACK (stack), GTK_WIDGET (label));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (label));
  return stack;
}

/**
 * luztar_label_keep_lines_in_box:
 * @label: a label, a child of a #GtkBox (a template's)
 * @lines: how many lines of it are always kept
 *
 * luztar_label_keep_lines() in its place in the box.
 *
 * Returns: (transfer none): the stack now in the box
 */
GtkWidget *
luztar_label_keep_lines_in_box (GtkLabel *label,
                                int       lines)
{
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (label));
  GtkWidget *before = gtk_widget_get_prev_sibling (GTK_WIDGET (label));
  GtkWidget *stack;

  g_return_val_if_fail (GTK_IS_BOX (box), NULL);
  g_object_ref (label);
  gtk_box_remove (GTK_BOX (box), GTK_WIDGET (label));
  stack = luztar_label_keep_lines (label, lines, NULL);
  /* the label's margins around both, so that its lines fill the room */
  luztar_widget_set_margins (stack, gtk_widget_get_margin_top (GTK_WIDGET (label)),
                             gtk_widget_get_margin_end (GTK_WIDGET (label)),
                             gtk_widget_get_margin_bottom (GTK_WIDGET (label)),
                             gtk_widget_get_margin_start (GTK_WIDGET (label)));
  luztar_widget_set_margins (GTK_WIDGET (label), 0, 0, 0, 0);
  gtk_box_insert_child_after (GTK_BOX (box), stack, before);
  g_object_unref (label);
  return stack;
}

/**
 * luztar_label_scroll_lines:
 * @label: a label in a scrolled window (luztar_label_scroll_in_box())
 * @lines: how many of its lines show at most
 *
 * Makes the scrolled window as tall as @label's text up to @lines whole
 * lines of its layout (as styled now: call it once shown), scrolled
 * beyond: it ends at the foot of a line, not a sliver into the next one
 * (the lines measured one by one: a line with a fallback font's glyphs,
 * curly quotes, may be taller than the others).  Were the window's least
 * height (its scroll bar's) more than that, it shows as many more whole
 * lines as it needs.  Kept so as the label is laid out anew.
 */
/* The lines luztar_label_scroll_lines() keeps a label to, on the label. */
#define SCROLL_LINES_KEY "luztar-scroll-lines"
/* Set while a fitting is waiting for the layout to be done. */
#define SCROLL_IDLE_KEY "luztar-scroll-idle"

/* Fits the scrolled window of LABEL to its whole lines as laid out now. */
static void
scroll_to_whole_lines (GtkLabel *label)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *bar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));
  int lines = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), SCROLL_LINES_KEY));
  PangoLayout *layout;
  PangoLayoutIter *iter;
  int least = 0, n = 0, foot = 0;

  /* the scroll bar shown, the window is at least as tall as it */
  if (bar != NULL && gtk_widget_get_visible (bar))
    gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, -1, &least, NULL, NULL, NULL);
  /* the label's layout as last measured, at the width it has (its
   * lines: measuring tries narrower widths) */
  layout = pango_layout_copy (gtk_label_get_layout (label));
  if (gtk_widget_get_width (GTK_WIDGET (label)) > 0)
    pango_layout_set_width (layout, gtk_widget_get_width (GTK_WIDGET (label)) * PANGO_SCALE);
  iter = pango_layout_get_iter (layout);
  do
    {
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      foot = PANGO_PIXELS (y1);
      n++;
    }
  while ((n < lines || foot < least) && pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  g_object_unref (layout);
  /* that tall, not squeezed between its scroll bar's height and that
   * into a part of a line */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), foot);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), foot);
}

/* The label's scrolled window fitted to its lines once the layout is done
 * (a resize queued while allocating would be lost). */
static gboolean
scroll_fit_idle (gpointer data)
{
  GtkLabel *label = data;

  g_object_set_data (G_OBJECT (label), SCROLL_IDLE_KEY, NULL);
  if (gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_SCROLLED_WINDOW) != NULL)
    scroll_to_whole_lines (label);
  return G_SOURCE_REMOVE;
}

/* The label laid out anew: fitted after this layout. */
static void
on_scroll_changed (GtkLabel *label)
{
  if (g_object_get_data (G_OBJECT (label), SCROLL_IDLE_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (label), SCROLL_IDLE_KEY, GINT_TO_POINTER (1));
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, scroll_fit_idle, g_object_ref (label), g_object_unref);
}

void
luztar_label_scroll_lines (GtkLabel *label,
                           int       lines)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_SCROLLED_WINDOW);

  g_return_if_fail (scroller != NULL);
  g_object_set_data (G_OBJECT (label), SCROLL_LINES_KEY, GINT_TO_POINTER (lines));
  /* again whenever the label is laid out anew (its width, its text: its
   * lines change: either adjustment) or the scroll bar comes or goes */
  for (int axis = 0; axis < 2; axis++)
    {
      GtkAdjustment *adj = axis == 0 ? gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller))
                                     : gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      if (g_signal_handler_find (adj, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                 G_CALLBACK (on_scroll_changed), label) == 0)
        g_signal_connect_object (adj, "changed", G_CALLBACK (on_scroll_changed), label, G_CONNECT_SWAPPED);
    }
  scroll_to_whole_lines (label);
}

/**
 * luztar_label_scroll_in_box:
 * @label: a wrapped label, a child of a #GtkBox (a template's)
 *
 * Puts @label, in its place in the box, into a scrolled window as tall as
 * its text up to luztar_label_scroll_lines() and scrolled beyond (a
 * message longer than a small window has room for: all of it readable,
 * the window its size).
 *
 * Returns: (transfer none): the scrolled window now in the box
 */
GtkWidget *
luztar_label_scroll_in_box (GtkLabel *label)
{
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (label));
  GtkWidget *before = gtk_widget_get_prev_sibling (GTK_WIDGET (label));
  GtkWidget *scroller = gtk_scrolled_window_new ();

  g_return_val_if_fail (GTK_IS_BOX (box), NULL);
  g_object_ref (label);
  gtk_box_remove (GTK_BOX (box), GTK_WIDGET (label));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_set_hexpand (scroller, gtk_widget_get_hexpand (GTK_WIDGET (label)));
  gtk_widget_set_valign (scroller, GTK_ALIGN_START);
  gtk_label_set_yalign (label, 0);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (label));
  gtk_box_insert_child_after (GTK_BOX (box), scroller, before);
  g_object_unref (label);
  return scroller;
}
