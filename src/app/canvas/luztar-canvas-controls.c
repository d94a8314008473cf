/* luztar-canvas-controls.c — the zoom buttons in a corner of the canvas: out, fit, in
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three small buttons over the canvas's corner (the window's GtkOverlay
 * puts them there) for whoever does not know Ctrl+0, Ctrl++ and Ctrl+−:
 * each activates the canvas's own action (canvas.zoom-out, canvas.zoom-fit,
 * canvas.zoom-in).  A button does not take the keyboard from the canvas
 * when clicked.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-canvas-controls.h"

struct _LuztarCanvasControls
{
  GtkBox        parent_instance;

  /* Borrowed (a weak pointer) */
  LuztarCanvas *canvas;
};

G_DEFINE_FINAL_TYPE (LuztarCanvasControls, luztar_canvas_controls, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_CANVAS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_clicked (GtkButton            *button,
            LuztarCanvasControls *self)
{
  const char *action = g_object_get_data (G_OBJECT (button), "luztar-action");

  if (self->canvas != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->canvas), action, NULL);
}

static void
set_canvas (LuztarCanvasControls *self,
            LuztarCanvas         *canvas)
{
  if (self->canvas != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  self->canvas = canvas;
  if (self->canvas != NULL)
    g_object_add_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
}

static void
luztar_canvas_controls_dispose (GObject *object)
{
  set_canvas (LUZTAR_CANVAS_CONTROLS (object), NULL);
  G_OBJECT_CLASS (luztar_canvas_controls_parent_class)->dispose (object);
}

static void
luztar_canvas_controls_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CANVAS:
      set_canvas (LUZTAR_CANVAS_CONTROLS (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_canvas_controls_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CANVAS:
      g_value_set_object (value, LUZTAR_CANVAS_CONTROLS (object)->canvas);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
luztar_canvas_controls_class_init (LuztarCanvasControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = luztar_canvas_controls_dispose;
  object_class->set_property = luztar_canvas_controls_set_property;
  object_class->get_property = luztar_canvas_controls_get_property;
  properties[PROP_CANVAS] = g_param_spec_object ("canvas", NULL, NULL, LUZTAR_TYPE_CANVAS,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-canvas-controls");
}

static void
luztar_canvas_controls_init (LuztarCanvasControls *self)
{
  static const struct { const char *icon, *action, *name, *keys; } buttons[] = {
    { "zoom-out-symbolic", "canvas.zoom-out", N_("Zoom Out"), "Ctrl+−" },
    { "zoom-fit-best-symbolic", "canvas.zoom-fit", N_("Fit the Model"), "Ctrl+0" },
    { "zoom-in-symbolic", "canvas.zoom-in", N_("Zoom In"), "Ctrl++" },
  };

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "linked");
  gtk_widget_add_css_class (GTK_WIDGET (self), "osd");
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (buttons[i].icon);
      /* TRANSLATORS: a button's tooltip: what it does, (its keys) */
      g_autofree char *tooltip = g_strdup_printf (_("%s (%s)"), _(buttons[i].name), buttons[i].keys);

      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(buttons[i].name), -1);
      gtk_widget_set_focus_on_click (button, FALSE);
      g_object_set_data (G_OBJECT (button), "luztar-action", (gpointer) buttons[i].action);
      g_signal_connect (button, "clicked", G_CALLBACK (on_clicked), self);
      gtk_box_append (GTK_BOX (self), button);
    }
}
