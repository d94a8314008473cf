/* luztar-presentation.c — presentation mode: full screen, large type and lines
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For a teacher in front of a class (issue 21): F11 (or the main menu's
 * Presentation Mode) makes the window full screen, puts the style class
 * "presentation" on it (larger text in the widgets, style.css) and tells
 * the widgets that follow it — the plots, the canvas — to draw their
 * text and lines LUZTAR_PRESENTATION_EMPHASIS times larger.  F11 or Esc
 * again goes back.
 *
 * The window owns the action `presentation` (a boolean state, exported on
 * the session bus like the others); the widgets register with
 * luztar_presentation_follow() and need not know the window.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-presentation.h"

typedef struct
{
  gpointer           widget;      /* weak */
  LuztarEmphasisFunc apply;
} Follower;

typedef struct
{
  GtkWindow *window;
  GPtrArray *followers;           /* Follower, each allocated (weak pointers into them) */
  gboolean   on;
} Presentation;

static void
follower_free (gpointer data)
{
  Follower *f = data;

  if (f->widget != NULL)
    g_object_remove_weak_pointer (G_OBJECT (f->widget), &f->widget);
  g_free (f);
}

static void
presentation_free (gpointer data)
{
  Presentation *p = data;

  g_ptr_array_unref (p->followers);
  g_free (p);
}

static Presentation *
get (GtkWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "luztar-presentation");
}

static void
set_on (Presentation *p,
        gboolean      on)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (p->window), "presentation");

  p->on = on;
  if (on)
    {
      gtk_widget_add_css_class (GTK_WIDGET (p->window), "presentation");
      gtk_window_fullscreen (p->window);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (p->window), "presentation");
      gtk_window_unfullscreen (p->window);
    }
  for (guint i = 0; i < p->followers->len; i++)
    {
      Follower *f = p->followers->pdata[i];

      if (f->widget != NULL)
        f->apply (f->widget, on ? LUZTAR_PRESENTATION_EMPHASIS : 1.0);
    }
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (on));
}

static void
presentation_action (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       data)
{
  Presentation *p = data;

  if (g_variant_get_boolean (value) != p->on)
    set_on (p, g_variant_get_boolean (value));
}

/* Esc leaves presentation mode (and only then: otherwise Esc is the
 * canvas's, which cancels a tool). */
static gboolean
on_key (GtkEventControllerKey *controller,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        Presentation          *p)
{
  if (keyval != GDK_KEY_Escape || !p->on)
    return FALSE;
  set_on (p, FALSE);
  return TRUE;
}

/**
 * luztar_presentation_install:
 * @window: the main window
 * @map: its action map
 *
 * Adds the stateful action `presentation` (F11 is bound by the window's
 * class) and Esc to leave it.
 */
void
luztar_presentation_install (GtkWindow  *window,
                             GActionMap *map)
{
  Presentation *p = g_new0 (Presentation, 1);
  const GActionEntry entries[] = {
    { "presentation", NULL, NULL, "false", presentation_action },
  };
  GtkEventController *keys = gtk_event_controller_key_new ();

  p->window = window;
  p->followers = g_ptr_array_new_with_free_func (follower_free);
  g_object_set_data_full (G_OBJECT (window), "luztar-presentation", p, presentation_free);
  g_action_map_add_action_entries (map, entries, G_N_ELEMENTS (entries), p);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), p);
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
}

/**
 * luztar_presentation_follow:
 * @window: a window with presentation mode installed
 * @widget: a widget (or any GObject) that draws larger in it
 * @apply: called with @widget and the emphasis (1 in normal mode) at once
 *   and at every change
 */
void
luztar_presentation_follow (GtkWindow          *window,
                            gpointer            widget,
                            LuztarEmphasisFunc  apply)
{
  Presentation *p = get (window);
  Follower *f = g_new0 (Follower, 1);

  g_return_if_fail (p != NULL && G_IS_OBJECT (widget) && apply != NULL);
  f->widget = widget;
  f->apply = apply;
  g_object_add_weak_pointer (G_OBJECT (widget), &f->widget);
  g_ptr_array_add (p->followers, f);
  apply (widget, p->on ? LUZTAR_PRESENTATION_EMPHASIS : 1.0);
}

gboolean
luztar_presentation_is_on (GtkWindow *window)
{
  Presentation *p = get (window);

  return p != NULL && p->on;
}
