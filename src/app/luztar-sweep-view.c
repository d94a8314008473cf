/* luztar-sweep-view.c — the Sweep page: regime maps and bifurcation
 * diagrams of the window's model
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page runs a parameter sweep of the core (lz-sweep.h) on every core
 * and draws it as its runs finish.  One or two parameters — any number of
 * a body, an element or a source, a simulation setting, or a name of an
 * expression template ("F.value=P*cos(w*t)" makes F.P and F.w parameters,
 * the model unchanged) — each with a range; a measure colours the cells of
 * a two-parameter map.  With one parameter and a forcing frequency, the
 * strobe samples of a body's position at each run's forcing period make a
 * bifurcation diagram.
 *
 * Threads: a LuztarSweepJob (luztar-sweep-job.c) runs the sweep on one
 * thread per core and hands the finished rows to the page from the main
 * loop, which moves them to the map.  The map queues a draw, so it is
 * drawn at most once a frame whatever the rate of the rows.  Stop (or a
 * new model) lets go of the job: its threads end after their current run;
 * the main loop never waits for them.
 *
 * Hovering a cell (a column of dots) says its run's parameters and
 * measures in the line under the map; a click opens the run's model
 * (lz_sweep_dup_run_model()) in a new window, as an untitled document —
 * the user's model stays as it is.
 *
 * This file holds the widget: its form, a new model and the accessors;
 * luztar-sweep-view-private.h names the files that hold the rest.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "luztar-sweep-view-private.h"
#include "luztar-sweep-form.h"
#include "luztar-set.h"
#include "luztar-widget-kit.h"

G_DEFINE_FINAL_TYPE (LuztarSweepView, luztar_sweep_view, GTK_TYPE_BOX)

enum
{
  SIGNAL_OPEN_RUN,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
sweep_view_set_status (LuztarSweepView *self,
                       const char      *text)
{
  gtk_label_set_text (self->status_label, text);
}

void
sweep_view_set_info (LuztarSweepView *self,
                     const char      *text)
{
  gtk_label_set_text (self->info_label, text != NULL ? text : "");
  /* wrapped over the INFO_LINES lines kept for it (build_info()); one
   * longer still (more measures than fit) cut there, whole in the tooltip */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->info_label), text != NULL && *text != '\0' ? text : NULL);
}

/* TEXT to the user: a toast of the window. */
void
sweep_view_message (LuztarSweepView *self,
                    const char      *text)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
}

/* ------------------------------------------------------------------------ */
/* API                                                                       */

GtkWidget *
luztar_sweep_view_new (void)
{
  return g_object_new (LUZTAR_TYPE_SWEEP_VIEW, NULL);
}

/**
 * luztar_sweep_view_set_model:
 * @self: a view
 * @model: (nullable): the window's model
 *
 * A sweep belongs to one model: a new or edited model stops a running
 * sweep (the map stays until the next Run).  The template, the choices
 * and the ranges stay where they still make sense.
 */
void
luztar_sweep_view_set_model (LuztarSweepView *self,
                             LzModel         *model)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_VIEW (self));
  if (model == self->model)
    return;
  if (self->job != NULL)
    {
      luztar_sweep_view_stop (self);
      sweep_view_set_status (self, _("The model changed: the sweep was stopped."));
    }
  luztar_set_model (&self->model, model);
  if (model != NULL && *gtk_editable_get_text (GTK_EDITABLE (self->template_entry)) == '\0')
    {
      /* a start for the template: the force's expression as it is */
      for (guint i = 0; i < lz_model_get_n_sources (model); i++)
        {
          const LzSource *src = lz_model_get_source (model, i);

          if (src->item.kind == LZ_ITEM_FORCE && src->value != NULL && !lz_expr_is_constant (src->value))
            {
              g_autofree char *spec = g_strdup_printf ("%s.value=%s", src->item.id,
                                                       lz_expr_get_text (src->value));

              self->filling = TRUE;
              gtk_editable_set_text (GTK_EDITABLE (self->template_entry), spec);
              self->filling = FALSE;
              break;
            }
        }
    }
  sweep_view_rebuild_lists (self);
  if (self->model != NULL && gtk_drop_down_get_selected (self->param_drop[0]) == 0)
    sweep_view_default_range (self, 0);
  {
    const LzSimulation *sim = model != NULL ? lz_model_get_simulation (model) : NULL;

    if (sim != NULL)
      {
        gtk_spin_button_set_value (self->t_end_spin, sim->t_end);
        gtk_spin_button_set_value (self->after_spin, sim->t_end * 0.6);
      }
  }
  sweep_view_update_buttons (self);
}

/**
 * luztar_sweep_view_set_template:
 * @self: a view
 * @spec: "ID.PARAM=TEXT" (lz_sweep_add_template()), or "" for none
 */
void
luztar_sweep_view_set_template (LuztarSweepView *self,
                                const char      *spec)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_VIEW (self));
  gtk_editable_set_text (GTK_EDITABLE (self->template_entry), spec);
}

/**
 * luztar_sweep_view_set_axis:
 * @self: a view
 * @axis: 0 across, 1 up
 * @param: (nullable): a parameter of the lists; %NULL: none (axis 1)
 * @from: the first value
 * @to: the last value
 * @count: how many values
 * @log_spaced: logarithmic spacing
 *
 * Returns: whether @param is in the list
 */
gboolean
luztar_sweep_view_set_axis (LuztarSweepView *self,
                            guint            axis,
                            const char      *param,
                            double           from,
                            double           to,
                            guint            count,
                            gboolean         log_spaced)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self) && axis < 2, FALSE);
  if (param == NULL)
    {
      if (axis == 1)
        gtk_drop_down_set_selected (self->param_drop[1], 0);
      return axis == 1;
    }
  self->filling = TRUE;
  if (axis == 0 && !luztar_form_drop_select (self->param_drop[0], self->params, param))
    {
      self->filling = FALSE;
      return FALSE;
    }
  if (axis == 1)
    {
      guint sel = sweep_view_index_with_none (self->params, param);

      if (sel == 0)
        {
          self->filling = FALSE;
          return FALSE;
        }
      gtk_drop_down_set_selected (self->param_drop[1], sel);
    }
  self->filling = FALSE;
  luztar_form_entry_set_number (self->from_entry[axis], from);
  luztar_form_entry_set_number (self->to_entry[axis], to);
  gtk_spin_button_set_value (self->count_spin[axis], count);
  gtk_check_button_set_active (self->log_check[axis], log_spaced);
  return TRUE;
}

void
luztar_sweep_view_set_times (LuztarSweepView *self,
                             double           t_end,
                             double           after)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_VIEW (self));
  gtk_spin_button_set_value (self->t_end_spin, t_end);
  gtk_spin_button_set_value (self->after_spin, after);
}

/**
 * luztar_sweep_view_set_strobe:
 * @self: a view
 * @frequency: (nullable): the parameter that is the forcing's ω (rad/s)
 * @count: strobe samples per run (a bifurcation diagram)
 * @body: (nullable): whose position they sample
 *
 * Returns: whether @frequency and @body are in their lists
 */
gboolean
luztar_sweep_view_set_strobe (LuztarSweepView *self,
                              const char      *frequency,
                              guint            count,
                              const char      *body)
{
  guint sel;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  sel = sweep_view_index_with_none (self->params, frequency);
  gtk_drop_down_set_selected (self->freq_drop, sel);
  if (count > 0)
    gtk_spin_button_set_value (self->strobe_spin, count);
  return (frequency == NULL || sel > 0)
         && (body == NULL || luztar_form_drop_select (self->body_drop, self->bodies, body));
}

/**
 * luztar_sweep_view_set_measure:
 * @self: a view
 * @measure: a measure's name ("f1.stick_count"), or a count per forcing
 *   period ("f1.stick_count/period")
 *
 * Returns: whether it is in the list
 */
gboolean
luztar_sweep_view_set_measure (LuztarSweepView *self,
                               const char      *measure)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  return luztar_form_drop_select (self->measure_drop, self->measures, measure);
}

gboolean
luztar_sweep_view_is_running (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  return self->job != NULL;
}

guint
luztar_sweep_view_get_n_done (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), 0);
  return self->n_done;
}

guint
luztar_sweep_view_get_n_runs (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), 0);
  return self->sweep != NULL ? lz_sweep_get_n_runs (self->sweep) : 0;
}

const char *
luztar_sweep_view_get_status (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
luztar_sweep_view_get_info (LuztarSweepView *self)
{
  const char *text;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), NULL);
  text = gtk_label_get_text (self->info_label);
  return *text != '\0' ? text : NULL;
}

/**
 * luztar_sweep_view_count_threads:
 *
 * Returns: the sweep threads still alive in the process (a stopped
 *   sweep's threads end after their current run)
 */
guint
luztar_sweep_view_count_threads (void)
{
  return luztar_sweep_job_count_threads ();
}

LuztarSweepMap *
luztar_sweep_view_get_map (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), NULL);
  return self->map;
}

/* ------------------------------------------------------------------------ */
/* Widget                                                                    */

static void
on_run_clicked (GtkButton       *button,
                LuztarSweepView *self)
{
  luztar_sweep_view_run (self);
}

static void
on_stop_clicked (GtkButton       *button,
                 LuztarSweepView *self)
{
  luztar_sweep_view_stop (self);
  sweep_view_update_buttons (self);
}

static void
luztar_sweep_view_dispose (GObject *object)
{
  LuztarSweepView *self = LUZTAR_SWEEP_VIEW (object);

  sweep_view_let_go (self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (luztar_sweep_view_parent_class)->dispose (object);
}

static void
luztar_sweep_view_finalize (GObject *object)
{
  LuztarSweepView *self = LUZTAR_SWEEP_VIEW (object);

  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->sweep, lz_sweep_unref);
  g_ptr_array_unref (self->params);
  g_ptr_array_unref (self->measures);
  g_ptr_array_unref (self->bodies);
  g_ptr_array_unref (self->rows);
  G_OBJECT_CLASS (luztar_sweep_view_parent_class)->finalize (object);
}

static void
luztar_sweep_view_class_init (LuztarSweepViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = luztar_sweep_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = luztar_sweep_view_finalize;
  /**
   * LuztarSweepView::open-run:
   * @model: (type gpointer): the model of the clicked run (LzModel)
   *
   * The user asked to see one run: the window opens @model on its own.
   */
  signals[SIGNAL_OPEN_RUN] = luztar_signal_new (klass, "open-run", G_TYPE_POINTER);
  /**
   * LuztarSweepView::message:
   * @text: what to tell the user (a toast)
   */
  signals[SIGNAL_MESSAGE] = luztar_signal_new (klass, "message", G_TYPE_STRING);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "sweep.export", "s", sweep_view_export_action);
}

/* The rows of an axis of the map: its parameter, its range and count,
 * its spacing. */
static int
build_axis (LuztarSweepView *self,
            GtkGrid         *grid,
            guint            a,
            int              row)
{
  static const char *const axis_names[2] = { N_("Across"), N_("Up") };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  /* Translators: "Across" and "Up": the axes of the regime map */
  luztar_form_row_label (grid, _(axis_names[a]), row);
  self->param_drop[a] = GTK_DROP_DOWN (luztar_form_drop (a == 0 ? _("Parameter across")
                                                         : _("Parameter up")));
  gtk_grid_attach (grid, GTK_WIDGET (self->param_drop[a]), 1, row++, 2, 1);
  self->from_entry[a] = GTK_ENTRY (luztar_form_entry (a == 0 ? _("From, across") : _("From, up"), 4));
  self->to_entry[a] = GTK_ENTRY (luztar_form_entry (a == 0 ? _("To, across") : _("To, up"), 4));
  self->count_spin[a] = GTK_SPIN_BUTTON (luztar_form_spin (1, 400, 1, 0, a == 0 ? _("Count, across")
                                                                         : _("Count, up")));
  gtk_spin_button_set_value (self->count_spin[a], a == 0 ? 40 : 30);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->count_spin[a]), 2);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->count_spin[a]), _("How many values"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->from_entry[a]));
  /* Translators: between the two ends of a range */
  gtk_box_append (GTK_BOX (box), gtk_label_new (_("to")));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->to_entry[a]));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->count_spin[a]));
  gtk_grid_attach (grid, box, 1, row++, 2, 1);
  self->log_check[a] = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (_("Logarithmic")));
  gtk_grid_attach (grid, GTK_WIDGET (self->log_check[a]), 1, row++, 2, 1);
  return row;
}

/* The form's grid: the template, both axes, the times, the forcing, the
 * strobe and the colouring measure. */
static GtkWidget *
build_form (LuztarSweepView *self)
{
  GtkWidget *grid_widget = gtk_grid_new (), *box;
  GtkGrid *grid = GTK_GRID (grid_widget);
  int row = 0;

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 8);
  /* Translators: the expression template of a sweep */
  luztar_form_row_label (grid, _("Expression"), row);
  self->template_entry = GTK_ENTRY (luztar_form_entry (_("Expression template"), 8));
  gtk_widget_set_hexpand (GTK_WIDGET (self->template_entry), TRUE);
  gtk_entry_set_placeholder_text (self->template_entry, "F.value=P*cos(w*t)");
  gtk_grid_attach (grid, GTK_WIDGET (self->template_entry), 1, row++, 2, 1);
  for (guint a = 0; a < 2; a++)
    row = build_axis (self, grid, a, row);

  luztar_form_row_label (grid, _("End time (s)"), row);
  self->t_end_spin = GTK_SPIN_BUTTON (luztar_form_spin (0.001, 1e6, 1, 2, _("End time")));
  gtk_grid_attach (grid, GTK_WIDGET (self->t_end_spin), 1, row++, 2, 1);
  luztar_form_row_label (grid, _("Measure after (s)"), row);
  self->after_spin = GTK_SPIN_BUTTON (luztar_form_spin (0, 1e6, 1, 2, _("Measure after")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->after_spin),
                               _("The measures leave out the transient before this time"));
  gtk_grid_attach (grid, GTK_WIDGET (self->after_spin), 1, row++, 2, 1);
  luztar_form_row_label (grid, _("Forcing ω"), row);
  self->freq_drop = GTK_DROP_DOWN (luztar_form_drop (_("Forcing frequency")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->freq_drop),
                               _("The parameter that is the forcing's angular frequency (rad/s): "
                                 "counts per forcing period, and with one parameter a bifurcation "
                                 "diagram of strobe samples"));
  gtk_grid_attach (grid, GTK_WIDGET (self->freq_drop), 1, row++, 2, 1);
  luztar_form_row_label (grid, _("Strobe"), row);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->strobe_spin = GTK_SPIN_BUTTON (luztar_form_spin (1, 1000, 1, 0, _("Strobe samples")));
  gtk_spin_button_set_value (self->strobe_spin, 16);
  self->body_drop = GTK_DROP_DOWN (luztar_form_drop (_("Strobed body")));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->strobe_spin));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->body_drop));
  gtk_grid_attach (grid, box, 1, row++, 2, 1);
  /* Translators: the measure that colours the regime map */
  luztar_form_row_label (grid, _("Colour by"), row);
  self->measure_drop = GTK_DROP_DOWN (luztar_form_drop (_("Measure")));
  gtk_grid_attach (grid, GTK_WIDGET (self->measure_drop), 1, row++, 2, 1);
  return grid_widget;
}

/* Run, Stop and the Export menu under the form. */
static GtkWidget *
build_buttons (LuztarSweepView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6), *menu_button;
  g_autoptr(GMenu) menu = g_menu_new ();

  self->run_button = gtk_button_new_with_mnemonic (_("_Run Sweep"));
  gtk_widget_add_css_class (self->run_button, "suggested-action");
  g_signal_connect (self->run_button, "clicked", G_CALLBACK (on_run_clicked), self);
  gtk_box_append (GTK_BOX (box), self->run_button);
  self->stop_button = gtk_button_new_with_mnemonic (_("_Stop"));
  gtk_widget_add_css_class (self->stop_button, "destructive-action");
  g_signal_connect (self->stop_button, "clicked", G_CALLBACK (on_stop_clicked), self);
  gtk_box_append (GTK_BOX (box), self->stop_button);
  g_menu_append (menu, _("Map as _PNG…"), "sweep.export::.png");
  g_menu_append (menu, _("Map as _SVG…"), "sweep.export::.svg");
  g_menu_append (menu, _("Map as P_DF…"), "sweep.export::.pdf");
  g_menu_append (menu, _("Runs as _CSV…"), "sweep.export::.csv");
  menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (menu_button), _("Export"));
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  self->export_button = menu_button;
  gtk_box_append (GTK_BOX (box), menu_button);
  return box;
}

/* The settings in a narrow column that scrolls rather than widen the
 * window: the map takes the rest, and the page is no wider at least than
 * the panel's other pages. */
static GtkWidget *
build_settings (LuztarSweepView *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 220);
  luztar_widget_set_margins (side, 8, 10, 8, 10);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), side);
  gtk_box_append (GTK_BOX (side), build_form (self));
  gtk_box_append (GTK_BOX (side), build_buttons (self));
  return scroller;
}

/* The line under the map that says the run under the pointer: its text
 * wraps over INFO_LINES lines, always kept (an empty label of as many
 * lines beside it in a stack of one height), so that the map stays put
 * under the pointer whatever the run says; a run stopped at a limit says
 * the limit and what to change (about 190 characters), whole at 800 × 600. */
#define INFO_LINES 4

static GtkWidget *
build_info (LuztarSweepView *self)
{
  GtkWidget *stack = gtk_stack_new ();
  GString *lines = g_string_new (" ");
  GtkWidget *room;

  for (int i = 1; i < INFO_LINES; i++)
    g_string_append (lines, "\n ");
  room = gtk_label_new (lines->str);
  g_string_free (lines, TRUE);
  self->info_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->info_label, TRUE);
  gtk_label_set_wrap_mode (self->info_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->info_label, INFO_LINES);
  gtk_label_set_ellipsize (self->info_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->info_label, 0);
  gtk_label_set_yalign (self->info_label, 0);
  gtk_label_set_selectable (self->info_label, TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self->info_label), FALSE);
  /* the secondary text of the page: small and dim, as the room kept */
  gtk_widget_add_css_class (GTK_WIDGET (self->info_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->info_label), "caption");
  gtk_widget_add_css_class (room, "caption");
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), TRUE);
  gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
  gtk_stack_add_child (GTK_STACK (stack), room);
  gtk_stack_add_child (GTK_STACK (stack), GTK_WIDGET (self->info_label));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (self->info_label));
  gtk_widget_set_margin_start (stack, 8);
  gtk_widget_set_margin_end (stack, 8);
  gtk_widget_set_margin_bottom (stack, 4);
  return stack;
}

/* The map, the progress and the hovered run under it. */
static GtkWidget *
build_map (LuztarSweepView *self)
{
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->map = LUZTAR_SWEEP_MAP (luztar_sweep_map_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->map), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->map), TRUE);
  luztar_form_labelled (GTK_WIDGET (self->map), _("Sweep map"));
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->map));
  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status_label, 0);
  gtk_label_set_ellipsize (self->status_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_selectable (self->status_label, TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self->status_label), FALSE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->status_label), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (self->status_label), 8);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->status_label));
  gtk_box_append (GTK_BOX (right), build_info (self));
  return right;
}

static void
luztar_sweep_view_init (LuztarSweepView *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);

  self->params = g_ptr_array_new_with_free_func (g_free);
  self->measures = g_ptr_array_new_with_free_func (g_free);
  self->bodies = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_sweep_row_free);
  self->measure = -1;
  self->freq_param = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "luztar-sweep-view");

  gtk_widget_set_hexpand (paned, TRUE);
  gtk_paned_set_wide_handle (GTK_PANED (paned), TRUE);
  /* the settings as narrow as they go; the handle moves */
  gtk_paned_set_position (GTK_PANED (paned), 250);
  gtk_box_append (GTK_BOX (self), paned);
  gtk_paned_set_start_child (GTK_PANED (paned), build_settings (self));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_end_child (GTK_PANED (paned), build_map (self));
  gtk_paned_set_resize_end_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  sweep_view_connect_lists (self);
  sweep_view_connect_map (self);
  sweep_view_set_status (self, _("Choose one or two parameters and their ranges, then Run Sweep."));
  sweep_view_update_buttons (self);
}
