/* luztar-sim-panel-plots.c — what the simulation panel's plots show: series, phase portrait, views
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The time series shows the variables chosen in the bar of the view
 * buttons (for a new document: its first bodies and the force of its
 * first nonsmooth element); the phase portrait, v against q of a body or
 * ġ against g of an element, coloured by the modes of the first
 * nonsmooth element on it.
 */

#include "config.h"


#include "luztar-sim-panel-private.h"
#include "sim/luztar-modes.h"
#include "plot/luztar-series-chooser.h"

static void
on_seek (GtkWidget      *source,
         double          t,
         LuztarSimPanel *self)
{
  luztar_sim_panel_seek (self, t);
}

static void
on_series_chosen (GtkWidget      *chooser,
                  LuztarSimPanel *self)
{
  guint n = 0;
  const LuztarSeries *series = luztar_series_chooser_get_selected (LUZTAR_SERIES_CHOOSER (chooser), &n);

  luztar_plot_set_series (self->series_plot, series, n);
}

static void
on_phase_chosen (GtkWidget      *chooser,
                 LuztarSimPanel *self)
{
  guint n = 0;
  const LuztarSeries *series = luztar_series_chooser_get_selected (LUZTAR_SERIES_CHOOSER (chooser), &n);
  LuztarSeries x, v;
  int mode_element = -1;

  if (n == 0)
    return;
  /* the portrait of a body: v against q; of an element: ġ against g.  The
   * trajectory takes the colours of the first nonsmooth element on it. */
  x = v = series[0];
  if (x.kind == LUZTAR_SERIES_BODY_Q || x.kind == LUZTAR_SERIES_BODY_V)
    {
      const char *id = lz_model_get_body (self->model, x.index)->item.id;

      x.kind = LUZTAR_SERIES_BODY_Q;
      v.kind = LUZTAR_SERIES_BODY_V;
      for (guint e = 0; e < lz_model_get_n_elements (self->model) && mode_element < 0; e++)
        {
          const LzElement *el = lz_model_get_element (self->model, e);

          if (luztar_element_is_nonsmooth (el) && (g_strcmp0 (el->a, id) == 0 || g_strcmp0 (el->b, id) == 0))
            mode_element = (int) e;
        }
    }
  else
    {
      x.kind = LUZTAR_SERIES_ELEMENT_G;
      v.kind = LUZTAR_SERIES_ELEMENT_GDOT;
      if (luztar_element_is_nonsmooth (lz_model_get_element (self->model, x.index)))
        mode_element = (int) x.index;
    }
  luztar_plot_set_phase (self->phase_plot, &x, &v, mode_element);
  luztar_plot_set_phase (luztar_companion_get_phase (self->companion), &x, &v, mode_element);
}

/* The phase portrait of a model just opened or edited: of the body chosen
 * if it is still there, else of the first body; none in a model without
 * bodies (no index of another model's element survives). */
void
sim_panel_choose_phase (LuztarSimPanel *self)
{
  static const LuztarSeries none = { LUZTAR_SERIES_BODY_Q, G_MAXUINT };
  LuztarSeriesChooser *chooser = LUZTAR_SERIES_CHOOSER (self->phase_chooser);
  guint n = 0;

  luztar_series_chooser_get_selected (chooser, &n);
  if (n == 0 && lz_model_get_n_bodies (self->model) > 0)
    luztar_series_chooser_set_selected (chooser, &(LuztarSeries) { LUZTAR_SERIES_BODY_Q, 0 }, 1);
  luztar_series_chooser_get_selected (chooser, &n);
  if (n > 0)
    on_phase_chosen (self->phase_chooser, self);
  else
    {
      luztar_plot_set_phase (self->phase_plot, &none, &none, -1);
      luztar_plot_set_phase (luztar_companion_get_phase (self->companion), &none, &none, -1);
    }
}

static GtkWidget *
add_plot (GtkBox         *box,
          LuztarPlotKind  kind,
          LuztarSimPanel *self)
{
  GtkWidget *plot = luztar_plot_new (kind);

  gtk_widget_set_vexpand (plot, TRUE);
  gtk_widget_set_hexpand (plot, TRUE);
  g_signal_connect (plot, "seek", G_CALLBACK (on_seek), self);
  gtk_box_append (box, plot);
  return plot;
}

/* A new document's plot: the positions of its first three bodies and the
 * force of its first nonsmooth element (for the friction oscillator: the
 * block's position and the friction force that sticks and slips). */
void
sim_panel_choose_default_series (LuztarSimPanel *self)
{
  LuztarSeries series[4];
  guint n = 0;

  for (guint i = 0; i < lz_model_get_n_bodies (self->model) && n < 3; i++)
    series[n++] = (LuztarSeries) { LUZTAR_SERIES_BODY_Q, i };
  for (guint e = 0; e < lz_model_get_n_elements (self->model); e++)
    if (luztar_element_is_nonsmooth (lz_model_get_element (self->model, e)))
      {
        series[n++] = (LuztarSeries) { LUZTAR_SERIES_ELEMENT_FORCE, e };
        break;
      }
  if (n > 0)
    luztar_series_chooser_set_selected (LUZTAR_SERIES_CHOOSER (self->series_chooser), series, n);
}

/* The plots, their choosers in the bar of the view buttons, the second
 * view and the event log: every view that seeks the run when clicked. */
void
sim_panel_build_plots (LuztarSimPanel *self)
{
  /* Plot and Phase: the variables are chosen in the bar of the view
   * buttons (shown with their page), not in a row of their own */
  self->series_chooser = luztar_series_chooser_new (FALSE);
  g_signal_connect (self->series_chooser, "changed", G_CALLBACK (on_series_chosen), self);
  gtk_box_insert_child_after (self->view_bar, self->series_chooser,
                              GTK_WIDGET (self->switcher_squeezer));
  self->series_plot = LUZTAR_PLOT (add_plot (self->series_box, LUZTAR_PLOT_TIME_SERIES, self));

  self->phase_chooser = luztar_series_chooser_new (TRUE);
  g_signal_connect (self->phase_chooser, "changed", G_CALLBACK (on_phase_chosen), self);
  gtk_box_insert_child_after (self->view_bar, self->phase_chooser, self->series_chooser);
  gtk_widget_set_visible (self->phase_chooser, FALSE);
  self->phase_plot = LUZTAR_PLOT (add_plot (self->phase_box, LUZTAR_PLOT_PHASE, self));

  self->modes_plot = LUZTAR_PLOT (add_plot (self->modes_box, LUZTAR_PLOT_MODES, self));
  self->energy_plot = LUZTAR_PLOT (add_plot (self->energy_box, LUZTAR_PLOT_ENERGY, self));

  /* the second view, beside a plot on a wide panel */
  self->companion = LUZTAR_COMPANION (luztar_companion_new ());
  luztar_companion_attach (self->companion, self->views_paned, self->stack, GTK_BOX (self));
  self->plots = g_ptr_array_new ();
  g_ptr_array_add (self->plots, self->series_plot);
  g_ptr_array_add (self->plots, self->phase_plot);
  g_ptr_array_add (self->plots, self->modes_plot);
  g_ptr_array_add (self->plots, self->energy_plot);
  for (guint i = 0; i < luztar_companion_get_n_plots (self->companion); i++)
    {
      LuztarPlot *plot = luztar_companion_get_plot (self->companion, i);

      g_signal_connect (plot, "seek", G_CALLBACK (on_seek), self);
      g_ptr_array_add (self->plots, plot);
    }
  self->event_log = LUZTAR_EVENT_LOG (luztar_event_log_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->event_log), TRUE);
  g_signal_connect (self->event_log, "seek", G_CALLBACK (on_seek), self);
  gtk_box_append (self->events_box, GTK_WIDGET (self->event_log));
}
