/* luztar-sweep-view-run.c — the Sweep page's sweep: started from the form, drawn as its rows come
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run reads the form into an LzSweep (its sets, method, measures and
 * strobe), sets the map's axes and hands the sweep to a LuztarSweepJob;
 * the rows its threads finish reach the map from the main loop, a cell
 * (or a column of strobe dots) each.  On a map of a Coulomb oscillator's
 * forcing amplitude and frequency, Den Hartog's boundary is drawn over.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-sweep-view-private.h"
#include "luztar-sweep-form.h"

void
sweep_view_update_buttons (LuztarSweepView *self)
{
  gtk_widget_set_visible (self->run_button, self->job == NULL);
  gtk_widget_set_visible (self->stop_button, self->job != NULL);
  gtk_widget_set_sensitive (self->run_button, self->model != NULL);
  gtk_widget_set_sensitive (self->export_button, self->sweep != NULL && self->n_done > 0);
}

void
sweep_view_let_go (LuztarSweepView *self)
{
  if (self->job == NULL)
    return;
  luztar_sweep_job_let_go (g_steal_pointer (&self->job));
  sweep_view_update_buttons (self);
}

static void
say_progress (LuztarSweepView *self)
{
  guint n = self->sweep != NULL ? lz_sweep_get_n_runs (self->sweep) : 0;
  g_autofree char *text = NULL;

  if (self->job != NULL)
    /* Translators: the progress of a sweep */
    text = g_strdup_printf (_("Running: %u of %u runs done"), self->n_done, n);
  else if (n > 0 && self->n_done == n)
    text = g_strdup_printf (_("Done: %u runs"), n);
  else
    /* Translators: a sweep that was stopped */
    text = g_strdup_printf (_("Stopped: %u of %u runs done"), self->n_done, n);
  sweep_view_set_status (self, text);
}

double
sweep_view_shown_value (LuztarSweepView  *self,
                        const LzSweepRow *row)
{
  double x = self->measure >= 0 ? row->measures[self->measure] : NAN;

  if (self->per_period > 0 && self->freq_param >= 0)
    x *= 2 * G_PI / (row->params[self->freq_param] * self->per_period);
  return x;
}

static void
show_row (LuztarSweepView *self,
          LzSweepRow      *row)
{
  if (row->run >= self->rows->len || g_ptr_array_index (self->rows, row->run) != NULL)
    {
      lz_sweep_row_free (row);
      return;
    }
  self->rows->pdata[row->run] = row;
  self->n_done++;
  if (self->bifurcation)
    {
      g_autofree double *q = g_new (double, MAX (self->strobe_count, 1));

      for (guint k = 0; k < self->strobe_count; k++)
        q[k] = self->strobe_first >= 0 && row->error == NULL
               ? row->measures[self->strobe_first + 2 * k * self->bodies->len] : NAN;
      luztar_sweep_map_add_dots (self->map, row->run, q, self->strobe_count);
    }
  else
    luztar_sweep_map_set_cell (self->map, row->run % self->nx, row->run / self->nx,
                               sweep_view_shown_value (self, row), row->error != NULL);
}

/* The rows the job's threads finished since the last time. */
static void
take_rows (GPtrArray  *rows,
           const char *failure,
           gpointer    data)
{
  LuztarSweepView *self = data;

  for (guint i = 0; i < rows->len; i++)
    show_row (self, g_steal_pointer (&rows->pdata[i]));
  if (failure != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The sweep could not start: %s"), failure);

      sweep_view_let_go (self);
      sweep_view_fail (self, text);
      return;
    }
  if (self->n_done >= lz_sweep_get_n_runs (self->sweep))
    sweep_view_let_go (self);
  say_progress (self);
  sweep_view_update_buttons (self);
}

static void
axis_values (LzSweep    *sweep,
             guint       param,
             guint       n,
             guint       stride,
             GArray     *out)
{
  g_autofree double *v = g_new (double, lz_sweep_get_n_params (sweep));

  for (guint i = 0; i < n; i++)
    {
      lz_sweep_get_values (sweep, i * stride, v);
      g_array_append_val (out, v[param]);
    }
}

/* Den Hartog's boundary on a map of a Coulomb oscillator's forcing
 * amplitude and frequency: one body, springs and one friction to grounds,
 * one force A*cos(W*t) on it (lz-den-hartog.c). */
static void
add_den_hartog (LuztarSweepView *self,
                const char      *xp,
                const char      *yp,
                const double    *xv,
                guint            nx)
{
  const LzModel *m = self->model;
  g_autofree char *id = NULL, *text = NULL, *amp = NULL, *freq = NULL;
  g_autofree char *amp_param = NULL, *freq_param_name = NULL;
  const LzBody *body;
  double k = 0, level = -1, lo, hi;
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));

  if (lz_model_get_n_bodies (m) != 1 || lz_model_get_n_sources (m) != 1
      || !sweep_view_template_parts (self, &id, &text) || !sweep_view_harmonic_names (text, &amp, &freq)
      || lz_model_get_source (m, 0)->item.kind != LZ_ITEM_FORCE
      || !g_str_equal (lz_model_get_source (m, 0)->item.id, id))
    return;
  body = lz_model_get_body (m, 0);
  for (guint e = 0; e < lz_model_get_n_elements (m); e++)
    {
      const LzElement *el = lz_model_get_element (m, e);

      if (el->item.kind == LZ_ITEM_SPRING && el->spring.freeplay == 0)
        k += el->spring.k;
      else if (el->item.kind == LZ_ITEM_FRICTION && level < 0 && el->friction.viscous == 0
               && el->friction.level_pos == el->friction.level_neg)
        level = el->friction.level_pos;
      else
        return;
    }
  amp_param = g_strdup_printf ("%s.%s", id, amp);
  freq_param_name = g_strdup_printf ("%s.%s", id, freq);
  if (level <= 0 || k <= 0 || body->mass <= 0 || !g_str_equal (xp, freq_param_name)
      || !g_str_equal (yp, amp_param))
    return;
  lo = MIN (xv[0], xv[nx - 1]);
  hi = MAX (xv[0], xv[nx - 1]);
  for (guint i = 0; i <= 600; i++)
    {
      double w = lo + (hi - lo) * (i / 600.0) * 1.02 - (hi - lo) * 0.01;
      double r = w / sqrt (k / body->mass);
      double p = r > 1.0 / 3 + 1e-3 ? level / lz_den_hartog_boundary (r) : NAN;

      g_array_append_val (xs, w);
      g_array_append_val (ys, p);
    }
  luztar_sweep_map_set_curve (self->map, (double *) (void *) xs->data, (double *) (void *) ys->data,
                              xs->len,
                              /* Translators: the legend of a curve on a regime map */
                              _("Den Hartog’s boundary of non-stop motion (1931)"));
}

gboolean
sweep_view_fail (LuztarSweepView *self,
                 const char      *text)
{
  sweep_view_set_status (self, text);
  sweep_view_message (self, text);
  return FALSE;
}

/* sweep_view_fail() for a function that returns a sweep. */
static LzSweep *
refuse (LuztarSweepView *self,
        const char      *text)
{
  sweep_view_fail (self, text);
  return NULL;
}

/* The sweep the form says, or NULL (the status says why); *OPTIONS and
 * *MEASURES as set on it. */
static LzSweep *
sweep_from_form (LuztarSweepView     *self,
                 const char * const   params[2],
                 const char          *freq,
                 LzIntegratorOptions *options,
                 LzSweepMeasures     *measures)
{
  g_autoptr(LzSweep) sweep = lz_sweep_new (self->model, NULL);
  g_autoptr(GError) error = NULL;
  const char *spec = gtk_editable_get_text (GTK_EDITABLE (self->template_entry));
  gboolean ok = TRUE;

  if (*spec != '\0' && !lz_sweep_add_template (sweep, spec, &error))
    return refuse (self, error->message);
  /* the second parameter varies slowest: rows of the map, bottom up */
  for (int a = 1; a >= 0; a--)
    {
      double from, to;
      g_autofree char *set = NULL;

      if (params[a] == NULL)
        continue;
      from = luztar_form_entry_number (self->from_entry[a], &ok);
      to = luztar_form_entry_number (self->to_entry[a], &ok);
      if (!ok)
        return refuse (self, _("The ranges need numbers: from, to."));
      set = g_strdup_printf ("%s=%s%.17g:%.17g:%u", params[a],
                             gtk_check_button_get_active (self->log_check[a]) ? "log:" : "", from, to,
                             (guint) gtk_spin_button_get_value_as_int (self->count_spin[a]));
      if (!lz_sweep_add_set (sweep, set, &error))
        return refuse (self, error->message);
    }
  lz_integrator_options_init (options);
  options->t_end = gtk_spin_button_get_value (self->t_end_spin);
  /* a map's measures are mostly the event log's (exact intervals and
   * counts): 800 rows a run are enough for its extremes and half the cost
   * of the default; a bifurcation diagram keeps the fine rows its strobe
   * samples are interpolated from */
  if (params[1] != NULL || freq == NULL)
    options->sample = options->t_end / 800;
  lz_sweep_set_method (sweep, lz_model_get_simulation (self->model)->method == LZ_METHOD_TIMESTEP
                              ? lz_integrator_timestep : lz_integrator_event, options);
  measures->after = gtk_spin_button_get_value (self->after_spin);
  if (!(measures->after < options->t_end))
    return refuse (self, _("Measure after a time before the end time."));
  if (freq != NULL)
    {
      if (!lz_sweep_set_strobe_frequency (sweep, freq, &error))
        return refuse (self, _("The forcing frequency must be one of the swept parameters."));
      measures->strobe_count = params[1] == NULL ? (guint) gtk_spin_button_get_value_as_int (self->strobe_spin) : 1;
    }
  if (!lz_sweep_set_measures (sweep, measures, &error))
    return refuse (self, error->message);
  return g_steal_pointer (&sweep);
}

/* What colours a cell: the measure chosen, or a count per forcing period
 * (the count × 2π/ω over the measured window WINDOW). */
static void
choose_colouring (LuztarSweepView *self,
                  LzSweep         *sweep,
                  const char      *freq,
                  double           window)
{
  const char *measure_id = luztar_form_drop_id (self->measure_drop, self->measures);

  self->freq_param = -1;
  for (guint i = 0; freq != NULL && i < lz_sweep_get_n_params (sweep); i++)
    if (g_str_equal (lz_sweep_get_param_name (sweep, i), freq))
      self->freq_param = i;
  self->per_period = 0;
  self->measure = -1;
  if (measure_id != NULL && g_str_has_suffix (measure_id, "/period"))
    {
      g_autofree char *base = g_strndup (measure_id, strlen (measure_id) - strlen ("/period"));

      self->measure = lz_sweep_find_measure (sweep, base);
      self->per_period = window;
    }
  else if (measure_id != NULL)
    self->measure = lz_sweep_find_measure (sweep, measure_id);
}

/* The bifurcation diagram's axes: the parameter across, the strobed
 * body's position up. */
static void
set_bifurcation_axes (LuztarSweepView *self,
                      LzSweep         *sweep,
                      const char      *xt,
                      GArray          *xv,
                      guint            strobe_count)
{
  const char *body = luztar_form_drop_id (self->body_drop, self->bodies);
  g_autofree char *first = g_strdup_printf ("strobe1.%s.q", body != NULL ? body : "");
  g_autofree char *yt = NULL;
  const LzBody *b = body != NULL ? lz_model_lookup_body (self->model, body) : NULL;

  self->strobe_first = lz_sweep_find_measure (sweep, first);
  self->strobe_count = strobe_count;
  /* Translators: the axis of a bifurcation diagram: a body's
   * position sampled once per forcing period, with its unit */
  yt = g_strdup_printf (_("%s.q once per forcing period (%s)"), body != NULL ? body : "",
                        b != NULL && b->kind == LZ_BODY_ROTATIONAL ? C_("unit", "rad") : C_("unit", "m"));
  luztar_sweep_map_set_bifurcation (self->map, &(LuztarSweepAxis) { xt, (double *) (void *) xv->data,
                                                                   xv->len, gtk_check_button_get_active (self->log_check[0]) },
                                    yt);
}

/* The map's grid (or diagram) for SWEEP: its axes, titles and legend. */
static void
set_map_axes (LuztarSweepView    *self,
              LzSweep            *sweep,
              const char * const  params[2],
              guint               strobe_count)
{
  guint np = lz_sweep_get_n_params (sweep);
  g_autoptr(GArray) xv = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) yv = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *xt = sweep_view_titled (self, params[0]);
  g_autofree char *yt = NULL;
  const char *label;
  double zero = 0;

  if (np == 1)
    {
      self->nx = lz_sweep_get_n_runs (sweep);
      self->ny = 1;
      axis_values (sweep, 0, self->nx, 1, xv);
    }
  else
    {
      self->nx = (guint) gtk_spin_button_get_value_as_int (self->count_spin[0]);
      self->ny = (guint) gtk_spin_button_get_value_as_int (self->count_spin[1]);
      axis_values (sweep, 1, self->nx, 1, xv);
      axis_values (sweep, 0, self->ny, self->nx, yv);
    }
  if (self->bifurcation)
    {
      set_bifurcation_axes (self, sweep, xt, xv, strobe_count);
      return;
    }
  yt = params[1] != NULL ? sweep_view_titled (self, params[1]) : g_strdup ("");
  label = gtk_drop_down_get_selected (self->measure_drop) != GTK_INVALID_LIST_POSITION
          ? gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (self->measure_drop)))
          : "";
  if (np == 1)
    g_array_append_val (yv, zero);
  luztar_sweep_map_set_grid (self->map,
                             &(LuztarSweepAxis) { xt, (double *) (void *) xv->data, xv->len,
                                                  gtk_check_button_get_active (self->log_check[0]) },
                             &(LuztarSweepAxis) { yt, (double *) (void *) yv->data, yv->len,
                                                  np > 1 && gtk_check_button_get_active (self->log_check[1]) },
                             label);
  if (np == 2)
    add_den_hartog (self, params[0], params[1], (double *) (void *) xv->data, xv->len);
}

/**
 * luztar_sweep_view_run:
 * @self: a view
 *
 * Starts the sweep the page's settings say, on one thread per core.
 *
 * Returns: whether it started (else the status says why)
 */
gboolean
luztar_sweep_view_run (LuztarSweepView *self)
{
  g_autoptr(LzSweep) sweep = NULL;
  const char *params[2] = { sweep_view_axis_param (self, 0), sweep_view_axis_param (self, 1) };
  const char *freq = sweep_view_freq_param (self);
  LzIntegratorOptions options;
  LzSweepMeasures measures = { 0 };

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  if (self->model == NULL)
    return FALSE;
  sweep_view_let_go (self);
  if (params[0] == NULL)
    return sweep_view_fail (self, _("Choose a parameter to sweep."));
  if (g_strcmp0 (params[0], params[1]) == 0)
    return sweep_view_fail (self, _("Choose two different parameters."));
  sweep = sweep_from_form (self, params, freq, &options, &measures);
  if (sweep == NULL)
    return FALSE;
  self->bifurcation = params[1] == NULL && freq != NULL;

  /* what is shown */
  g_clear_pointer (&self->sweep, lz_sweep_unref);
  self->sweep = lz_sweep_ref (sweep);
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->rows, lz_sweep_get_n_runs (sweep));
  self->n_done = 0;
  choose_colouring (self, sweep, freq, options.t_end - measures.after);
  set_map_axes (self, sweep, params, measures.strobe_count);
  luztar_sweep_map_set_title (self->map, lz_model_get_name (self->model));

  self->job = luztar_sweep_job_start (g_steal_pointer (&sweep), take_rows, self);
  sweep_view_set_info (self, _("Hover over the map to read a run; click to open it in a new window."));
  say_progress (self);
  sweep_view_update_buttons (self);
  return TRUE;
}

void
luztar_sweep_view_stop (LuztarSweepView *self)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_VIEW (self));
  if (self->job == NULL)
    return;
  sweep_view_let_go (self);
  say_progress (self);
}
