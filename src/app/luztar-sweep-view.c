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
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-sweep-view.h"
#include "luztar-export-dialog.h"
#include "luztar-sweep-form.h"
#include "luztar-sweep-job.h"
#include "luztar-set.h"

/* Exported maps at least this big (pixels). */
#define EXPORT_MIN_WIDTH  960
#define EXPORT_MIN_HEIGHT 600

/* ------------------------------------------------------------------------ */

struct _LuztarSweepView
{
  GtkBox          parent_instance;

  /* Children */
  LuztarSweepMap *map;
  GtkEntry       *template_entry;
  GtkDropDown    *param_drop[2];
  GtkEntry       *from_entry[2];
  GtkEntry       *to_entry[2];
  GtkSpinButton  *count_spin[2];
  GtkCheckButton *log_check[2];
  GtkSpinButton  *t_end_spin;
  GtkSpinButton  *after_spin;
  GtkDropDown    *freq_drop;
  GtkSpinButton  *strobe_spin;
  GtkDropDown    *body_drop;
  GtkDropDown    *measure_drop;
  GtkWidget      *run_button;
  GtkWidget      *stop_button;
  GtkWidget      *export_button;
  GtkLabel       *status_label;
  GtkLabel       *info_label;

  /* Owned */
  LzModel        *model;
  GPtrArray      *params;        /* char *: the ids of the parameter lists */
  GPtrArray      *measures;      /* char *: the ids of the measure list */
  GPtrArray      *bodies;        /* char * */
  LuztarSweepJob *job;           /* the running sweep, or NULL */
  LzSweep        *sweep;         /* the shown sweep */
  GPtrArray      *rows;          /* LzSweepRow per run (NULL: not yet) */
  char           *status;
  char           *info;
  GtkNativeDialog *chooser;
  guint           n_done;
  guint           nx, ny;        /* the shown grid */
  gboolean        bifurcation;
  int             measure;       /* the colouring measure's column */
  double          per_period;    /* > 0: the measure × 2π/ω / this window */
  int             freq_param;    /* the parameter that is ω, or −1 */
  int             strobe_first;  /* bifurcation: strobe1.BODY.q's column */
  guint           strobe_count;
  gboolean        filling;       /* widgets set by code */
};

G_DEFINE_FINAL_TYPE (LuztarSweepView, luztar_sweep_view, GTK_TYPE_BOX)

enum
{
  SIGNAL_OPEN_RUN,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void rebuild_lists (LuztarSweepView *self);
static void rebuild_measures (LuztarSweepView *self);
static const char *axis_param (LuztarSweepView *self,
                               guint            axis);

static void
set_status (LuztarSweepView *self,
            const char      *text)
{
  luztar_set_str (&self->status, text);
  gtk_label_set_text (self->status_label, text);
}

static void
set_info (LuztarSweepView *self,
          const char      *text)
{
  luztar_set_str (&self->info, text);
  gtk_label_set_text (self->info_label, text != NULL ? text : "");
}

/* ------------------------------------------------------------------------ */
/* Units and the template's shape                                            */

/* "A*cos(W*t)" (or sin): the names of the amplitude and the frequency. */
static gboolean
harmonic_names (const char *text,
                char      **amplitude,
                char      **frequency)
{
  g_autoptr(GRegex) re = g_regex_new ("^\\s*(([A-Za-z_]\\w*|[0-9.]+)\\s*\\*\\s*)?(cos|sin)\\s*\\(\\s*"
                                      "([A-Za-z_]\\w*)\\s*\\*\\s*t\\s*\\)\\s*$", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  if (!g_regex_match (re, text, 0, &match))
    return FALSE;
  *amplitude = g_match_info_fetch (match, 2);
  *frequency = g_match_info_fetch (match, 4);
  return TRUE;
}

/* The template's item, parameter and text, or FALSE when there is none. */
static gboolean
template_parts (LuztarSweepView *self,
                char           **id,
                char           **text)
{
  const char *spec = gtk_editable_get_text (GTK_EDITABLE (self->template_entry));
  const char *eq = strchr (spec, '='), *dot;
  g_autofree char *target = NULL;

  if (eq == NULL)
    return FALSE;
  target = g_strstrip (g_strndup (spec, eq - spec));
  dot = strrchr (target, '.');
  if (dot == NULL)
    return FALSE;
  *id = g_strndup (target, dot - target);
  *text = g_strstrip (g_strdup (eq + 1));
  return TRUE;
}

static const char *
unit_of (LuztarSweepView *self,
         const char      *param)
{
  const char *dot = strrchr (param, '.');
  g_autofree char *id = dot != NULL ? g_strndup (param, dot - param) : NULL;
  g_autofree char *tid = NULL, *text = NULL, *amp = NULL, *freq = NULL;
  const char *name = dot != NULL ? dot + 1 : param;

  if (id != NULL && template_parts (self, &tid, &text) && g_str_equal (tid, id)
      && harmonic_names (text, &amp, &freq))
    {
      if (g_str_equal (name, freq))
        return C_("unit", "rad/s");
      if (g_str_equal (name, amp))
        return C_("unit", "N");
    }
  if (g_strcmp0 (id, "simulation") == 0)
    return g_str_equal (name, "theta") ? NULL : C_("unit", "s");
  if (g_str_equal (name, "mass"))
    return C_("unit", "kg");
  if (g_str_equal (name, "k"))
    return C_("unit", "N/m");
  if (g_str_equal (name, "c") || g_str_equal (name, "viscous"))
    return C_("unit", "N·s/m");
  if (g_str_has_prefix (name, "level"))
    return C_("unit", "N");
  if (g_str_equal (name, "q0") || g_str_equal (name, "lower") || g_str_equal (name, "upper")
      || g_str_equal (name, "freeplay") || g_str_equal (name, "offset"))
    return C_("unit", "m");
  if (g_str_equal (name, "v0"))
    return C_("unit", "m/s");
  return NULL;
}

static char *
titled (LuztarSweepView *self,
        const char      *param)
{
  const char *unit = unit_of (self, param);
  const char *dot = strrchr (param, '.');
  g_autofree char *id = NULL, *text = NULL, *amp = NULL, *freq = NULL;
  const char *word = NULL;

  if (dot != NULL && template_parts (self, &id, &text) && harmonic_names (text, &amp, &freq)
      && strncmp (param, id, dot - param) == 0 && strlen (id) == (gsize) (dot - param))
    /* Translators: axis titles of a sweep over a harmonic forcing,
     * e.g. "F.w: forcing frequency ω (rad/s)" */
    word = g_str_equal (dot + 1, freq) ? _("forcing frequency ω")
           : g_str_equal (dot + 1, amp) ? _("forcing amplitude") : NULL;
  if (word != NULL)
    return g_strdup_printf ("%s: %s (%s)", param, word, unit);
  return unit != NULL ? g_strdup_printf ("%s (%s)", param, unit) : g_strdup (param);
}

/* ------------------------------------------------------------------------ */
/* The lists                                                                 */

static void
add_item_params (GPtrArray    *out,
                 const LzItem *item)
{
  for (guint i = 0; i < lz_item_kind_get_n_params (item->kind); i++)
    {
      const LzParamSpec *spec = lz_item_kind_get_param (item->kind, i);

      if ((spec->type != LZ_PARAM_NUMBER && spec->type != LZ_PARAM_LIMIT)
          || g_str_equal (spec->name, "x") || g_str_equal (spec->name, "y"))
        continue;
      g_ptr_array_add (out, g_strdup_printf ("%s.%s", item->id, spec->name));
    }
}

/* The template's names as parameters, or NULL with the reason. */
static char **
template_params (LuztarSweepView *self,
                 GError         **error)
{
  const char *spec = gtk_editable_get_text (GTK_EDITABLE (self->template_entry));
  g_autoptr(LzSweep) sweep = NULL;

  if (self->model == NULL || *spec == '\0')
    return g_new0 (char *, 1);
  sweep = lz_sweep_new (self->model, NULL);
  if (!lz_sweep_add_template (sweep, spec, error))
    return NULL;
  return lz_sweep_dup_template_params (sweep);
}

static void
rebuild_lists (LuztarSweepView *self)
{
  g_autofree char *was0 = g_strdup (axis_param (self, 0));
  g_autofree char *was1 = g_strdup (axis_param (self, 1));
  const char *was[2] = { was0, was1 };
  g_autofree char *freq_was = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;
  const LzModel *m = self->model;

  {
    guint f = gtk_drop_down_get_selected (self->freq_drop);

    g_free (freq_was);
    freq_was = f > 0 && f - 1 < self->params->len ? g_strdup (self->params->pdata[f - 1]) : NULL;
  }
  self->filling = TRUE;
  g_ptr_array_set_size (self->params, 0);
  g_ptr_array_set_size (self->bodies, 0);
  names = template_params (self, &error);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->template_entry), error != NULL ? error->message
                               : _("An expression of the model written with named constants, e.g. "
                                   "F.value=P*cos(w*t): each name is a parameter F.P, F.w to sweep"));
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->template_entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->template_entry), "error");
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_ptr_array_add (self->params, g_strdup (names[i]));
  if (m != NULL)
    {
      for (guint i = 0; i < lz_model_get_n_bodies (m); i++)
        {
          add_item_params (self->params, &lz_model_get_body (m, i)->item);
          g_ptr_array_add (self->bodies, g_strdup (lz_model_get_body (m, i)->item.id));
        }
      for (guint i = 0; i < lz_model_get_n_elements (m); i++)
        add_item_params (self->params, &lz_model_get_element (m, i)->item);
      for (guint i = 0; i < lz_model_get_n_sources (m); i++)
        add_item_params (self->params, &lz_model_get_source (m, i)->item);
      for (guint i = 0; i < lz_simulation_get_n_params (); i++)
        {
          const LzParamSpec *spec = lz_simulation_get_param (i);

          if (spec->type == LZ_PARAM_NUMBER)
            g_ptr_array_add (self->params, g_strdup_printf ("simulation.%s", spec->name));
        }
    }
  luztar_form_drop_fill (self->param_drop[0], self->params, NULL);
  {
    g_autoptr(GPtrArray) with_none = g_ptr_array_new ();

    /* Translators: no second parameter: a one-parameter sweep */
    g_ptr_array_add (with_none, (gpointer) _("None"));
    for (guint i = 0; i < self->params->len; i++)
      g_ptr_array_add (with_none, self->params->pdata[i]);
    luztar_form_drop_fill (self->param_drop[1], with_none, NULL);
    luztar_form_drop_fill (self->freq_drop, with_none, NULL);
  }
  luztar_form_drop_fill (self->body_drop, self->bodies, NULL);
  if (!luztar_form_drop_select (self->param_drop[0], self->params, was[0]))
    gtk_drop_down_set_selected (self->param_drop[0], 0);
  {
    guint sel = 0;

    for (guint i = 0; was[1] != NULL && i < self->params->len; i++)
      if (g_str_equal (self->params->pdata[i], was[1]))
        sel = i + 1;
    gtk_drop_down_set_selected (self->param_drop[1], sel);
    sel = 0;
    for (guint i = 0; freq_was != NULL && i < self->params->len; i++)
      if (g_str_equal (self->params->pdata[i], freq_was))
        sel = i + 1;
    gtk_drop_down_set_selected (self->freq_drop, sel);
  }
  self->filling = FALSE;
  rebuild_measures (self);
}

static const char *
axis_param (LuztarSweepView *self,
            guint            axis)
{
  guint i = gtk_drop_down_get_selected (self->param_drop[axis]);

  if (axis == 1)
    return i > 0 && i - 1 < self->params->len ? self->params->pdata[i - 1] : NULL;
  return i < self->params->len ? self->params->pdata[i] : NULL;
}

static const char *
freq_param (LuztarSweepView *self)
{
  guint i = gtk_drop_down_get_selected (self->freq_drop);

  return i > 0 && i - 1 < self->params->len ? self->params->pdata[i - 1] : NULL;
}

/* The measures a sweep of these settings reports, and the derived ones:
 * a count per forcing period when the forcing frequency is known. */
static void
rebuild_measures (LuztarSweepView *self)
{
  g_autofree char *was = g_strdup (luztar_form_drop_id (self->measure_drop, self->measures));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(LzSweep) sweep = NULL;
  LzSweepMeasures measures = { 0 };
  gboolean per_period = freq_param (self) != NULL;

  g_ptr_array_set_size (self->measures, 0);
  if (self->model != NULL)
    {
      sweep = lz_sweep_new (self->model, NULL);
      lz_sweep_set_measures (sweep, &measures, NULL);
      for (guint m = 0; m < lz_sweep_get_n_measures (sweep); m++)
        {
          const char *name = lz_sweep_get_measure_name (sweep, m);

          if (per_period && g_str_has_suffix (name, "_count"))
            {
              g_ptr_array_add (self->measures, g_strdup_printf ("%s/period", name));
              /* Translators: a measure of a sweep: e.g. "f1.stick_count
               * per forcing period" */
              g_ptr_array_add (labels, g_strdup_printf (_("%s per forcing period"), name));
            }
          g_ptr_array_add (self->measures, g_strdup (name));
          g_ptr_array_add (labels, g_strdup (name));
        }
    }
  self->filling = TRUE;
  luztar_form_drop_fill (self->measure_drop, self->measures, labels);
  if (!luztar_form_drop_select (self->measure_drop, self->measures, was))
    {
      /* a first choice that says something: stick, contact or engaged
       * intervals, else the amplitude */
      guint pick = 0;

      for (guint i = self->measures->len; i-- > 0;)
        {
          const char *id = self->measures->pdata[i];

          if (g_str_has_suffix (id, "_count/period") || (!per_period && g_str_has_suffix (id, "_count"))
              || (pick == 0 && g_str_has_suffix (id, ".q_max")))
            pick = i;
        }
      gtk_drop_down_set_selected (self->measure_drop, pick);
    }
  self->filling = FALSE;
}

/* A parameter chosen: a range around its value. */
static void
default_range (LuztarSweepView *self,
               guint            axis)
{
  const char *param = axis_param (self, axis);
  const char *dot;
  double v = 1;

  if (param == NULL || self->model == NULL || (dot = strrchr (param, '.')) == NULL)
    return;
  {
    g_autofree char *id = g_strndup (param, dot - param);

    if (g_str_equal (id, "simulation"))
      {
        g_autofree char *text = lz_model_dup_simulation_parameter_string (self->model, dot + 1);

        if (text == NULL || !lz_number_parse (text, FALSE, &v))
          v = 1;
      }
    else if (!lz_model_get_parameter (self->model, id, dot + 1, &v, NULL) || !isfinite (v))
      v = 1;
  }
  luztar_form_entry_set_number (self->from_entry[axis], v != 0 ? v / 2 : 0);
  luztar_form_entry_set_number (self->to_entry[axis], v != 0 ? v * 2 : 1);
}

static void
on_param_selected (GtkDropDown     *drop,
                   GParamSpec      *pspec,
                   LuztarSweepView *self)
{
  if (self->filling)
    return;
  default_range (self, drop == self->param_drop[0] ? 0 : 1);
}

static void
on_freq_selected (GtkDropDown     *drop,
                  GParamSpec      *pspec,
                  LuztarSweepView *self)
{
  if (!self->filling)
    rebuild_measures (self);
}

static void
on_template_changed (GtkEditable     *editable,
                     LuztarSweepView *self)
{
  if (!self->filling)
    rebuild_lists (self);
}

/* ------------------------------------------------------------------------ */
/* Running                                                                   */

static void
update_buttons (LuztarSweepView *self)
{
  gtk_widget_set_visible (self->run_button, self->job == NULL);
  gtk_widget_set_visible (self->stop_button, self->job != NULL);
  gtk_widget_set_sensitive (self->run_button, self->model != NULL);
  gtk_widget_set_sensitive (self->export_button, self->sweep != NULL && self->n_done > 0);
}

static void
let_go (LuztarSweepView *self)
{
  if (self->job == NULL)
    return;
  luztar_sweep_job_let_go (g_steal_pointer (&self->job));
  update_buttons (self);
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
  set_status (self, text);
}

static double
shown_value (LuztarSweepView  *self,
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
                               shown_value (self, row), row->error != NULL);
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

      let_go (self);
      set_status (self, text);
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
      return;
    }
  if (self->n_done >= lz_sweep_get_n_runs (self->sweep))
    let_go (self);
  say_progress (self);
  update_buttons (self);
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
      || !template_parts (self, &id, &text) || !harmonic_names (text, &amp, &freq)
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

static gboolean
fail (LuztarSweepView *self,
      const char      *text)
{
  set_status (self, text);
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
  return FALSE;
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
  g_autoptr(GError) error = NULL;
  const char *spec = gtk_editable_get_text (GTK_EDITABLE (self->template_entry));
  const char *params[2] = { axis_param (self, 0), axis_param (self, 1) };
  const char *freq = freq_param (self), *measure_id;
  LzIntegratorOptions options;
  LzSweepMeasures measures = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  if (self->model == NULL)
    return FALSE;
  let_go (self);
  if (params[0] == NULL)
    return fail (self, _("Choose a parameter to sweep."));
  if (g_strcmp0 (params[0], params[1]) == 0)
    return fail (self, _("Choose two different parameters."));
  sweep = lz_sweep_new (self->model, NULL);
  if (*spec != '\0' && !lz_sweep_add_template (sweep, spec, &error))
    return fail (self, error->message);
  /* the second parameter varies slowest: rows of the map, bottom up */
  for (int a = 1; a >= 0; a--)
    {
      double from, to;
      guint count;
      gboolean log_spaced;
      g_autofree char *set = NULL;

      if (params[a] == NULL)
        continue;
      from = luztar_form_entry_number (self->from_entry[a], &ok);
      to = luztar_form_entry_number (self->to_entry[a], &ok);
      if (!ok)
        return fail (self, _("The ranges need numbers: from, to."));
      count = (guint) gtk_spin_button_get_value_as_int (self->count_spin[a]);
      log_spaced = gtk_check_button_get_active (self->log_check[a]);
      set = g_strdup_printf ("%s=%s%.17g:%.17g:%u", params[a], log_spaced ? "log:" : "", from, to, count);
      if (!lz_sweep_add_set (sweep, set, &error))
        return fail (self, error->message);
    }
  lz_integrator_options_init (&options);
  options.t_end = gtk_spin_button_get_value (self->t_end_spin);
  /* a map's measures are mostly the event log's (exact intervals and
   * counts): 800 rows a run are enough for its extremes and half the cost
   * of the default; a bifurcation diagram keeps the fine rows its strobe
   * samples are interpolated from */
  if (params[1] != NULL || freq == NULL)
    options.sample = options.t_end / 800;
  lz_sweep_set_method (sweep, lz_model_get_simulation (self->model)->method == LZ_METHOD_TIMESTEP
                              ? lz_integrator_timestep : lz_integrator_event, &options);
  measures.after = gtk_spin_button_get_value (self->after_spin);
  if (!(measures.after < options.t_end))
    return fail (self, _("Measure after a time before the end time."));
  self->bifurcation = params[1] == NULL && freq != NULL;
  if (freq != NULL)
    {
      if (!lz_sweep_set_strobe_frequency (sweep, freq, &error))
        return fail (self, _("The forcing frequency must be one of the swept parameters."));
      measures.strobe_count = self->bifurcation ? (guint) gtk_spin_button_get_value_as_int (self->strobe_spin) : 1;
    }
  if (!lz_sweep_set_measures (sweep, &measures, &error))
    return fail (self, error->message);

  /* what is shown */
  g_clear_pointer (&self->sweep, lz_sweep_unref);
  self->sweep = lz_sweep_ref (sweep);
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->rows, lz_sweep_get_n_runs (sweep));
  self->n_done = 0;
  self->freq_param = -1;
  for (guint i = 0; freq != NULL && i < lz_sweep_get_n_params (sweep); i++)
    if (g_str_equal (lz_sweep_get_param_name (sweep, i), freq))
      self->freq_param = i;
  measure_id = luztar_form_drop_id (self->measure_drop, self->measures);
  self->per_period = 0;
  self->measure = -1;
  if (measure_id != NULL && g_str_has_suffix (measure_id, "/period"))
    {
      g_autofree char *base = g_strndup (measure_id, strlen (measure_id) - strlen ("/period"));

      self->measure = lz_sweep_find_measure (sweep, base);
      self->per_period = options.t_end - measures.after;
    }
  else if (measure_id != NULL)
    self->measure = lz_sweep_find_measure (sweep, measure_id);
  {
    guint np = lz_sweep_get_n_params (sweep);
    g_autoptr(GArray) xv = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) yv = g_array_new (FALSE, FALSE, sizeof (double));
    g_autofree char *xt = titled (self, params[0]);

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
        const char *body = luztar_form_drop_id (self->body_drop, self->bodies);
        g_autofree char *first = g_strdup_printf ("strobe1.%s.q", body != NULL ? body : "");
        g_autofree char *yt = NULL;
        const LzBody *b = body != NULL ? lz_model_lookup_body (self->model, body) : NULL;

        self->strobe_first = lz_sweep_find_measure (sweep, first);
        self->strobe_count = measures.strobe_count;
        /* Translators: the axis of a bifurcation diagram: a body's
         * position sampled once per forcing period, with its unit */
        yt = g_strdup_printf (_("%s.q once per forcing period (%s)"), body != NULL ? body : "",
                              b != NULL && b->kind == LZ_BODY_ROTATIONAL ? C_("unit", "rad") : C_("unit", "m"));
        luztar_sweep_map_set_bifurcation (self->map, &(LuztarSweepAxis) { xt, (double *) (void *) xv->data,
                                                                         xv->len, gtk_check_button_get_active (self->log_check[0]) },
                                          yt);
      }
    else
      {
        g_autofree char *yt = params[1] != NULL ? titled (self, params[1]) : g_strdup ("");
        const char *label = gtk_drop_down_get_selected (self->measure_drop) != GTK_INVALID_LIST_POSITION
                            ? gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (self->measure_drop)))
                            : "";
        double zero = 0;

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
  }

  luztar_sweep_map_set_title (self->map, lz_model_get_name (self->model));

  self->job = luztar_sweep_job_start (g_steal_pointer (&sweep), take_rows, self);
  set_info (self, _("Hover over the map to read a run; click to open it in a new window."));
  say_progress (self);
  update_buttons (self);
  return TRUE;
}

void
luztar_sweep_view_stop (LuztarSweepView *self)
{
  g_return_if_fail (LUZTAR_IS_SWEEP_VIEW (self));
  if (self->job == NULL)
    return;
  let_go (self);
  say_progress (self);
}

/* ------------------------------------------------------------------------ */
/* Hover, click                                                              */

static int
run_at (LuztarSweepView *self,
        double           x,
        double           y,
        guint           *ix,
        guint           *iy)
{
  if (self->sweep == NULL || !luztar_sweep_map_pick (self->map, x, y, ix, iy))
    return -1;
  return self->bifurcation ? (int) *ix : (int) (*iy * self->nx + *ix);
}

/**
 * luztar_sweep_view_hover_at:
 * @self: a view
 * @x: a point of the map
 * @y: a point of the map
 *
 * What the pointer over the map does: highlights the run there and says
 * its parameters and measures in the line under the map.
 *
 * Returns: whether there is a run at the point
 */
gboolean
luztar_sweep_view_hover_at (LuztarSweepView *self,
                            double           x,
                            double           y)
{
  guint ix, iy;
  int run = run_at (self, x, y, &ix, &iy);
  const LzSweepRow *row;
  g_autoptr(GString) text = NULL;

  if (run < 0 || (guint) run >= self->rows->len)
    {
      luztar_sweep_map_set_highlight (self->map, -1, -1);
      return FALSE;
    }
  luztar_sweep_map_set_highlight (self->map, ix, self->bifurcation ? 0 : (int) iy);
  text = g_string_new (NULL);
  /* Translators: the start of the line that describes a run of a sweep */
  g_string_append_printf (text, _("Run %d:"), run);
  {
    g_autofree double *v = g_new (double, lz_sweep_get_n_params (self->sweep));

    lz_sweep_get_values (self->sweep, run, v);
    for (guint i = 0; i < lz_sweep_get_n_params (self->sweep); i++)
      g_string_append_printf (text, " %s = %.6g", lz_sweep_get_param_name (self->sweep, i), v[i]);
  }
  row = g_ptr_array_index (self->rows, run);
  if (row == NULL)
    /* Translators: a run of a sweep that has not finished yet */
    g_string_append_printf (text, " — %s", _("not run yet"));
  else if (row->error != NULL)
    g_string_append_printf (text, " — %s", row->error);
  else
    {
      guint shown = 0;

      if (!self->bifurcation && self->measure >= 0)
        {
          const char *label = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (self->measure_drop)));

          g_string_append_printf (text, " — %s = %.6g;", label, shown_value (self, row));
        }
      for (guint m = 0; m < lz_sweep_get_n_measures (self->sweep) && shown < 8; m++)
        {
          const char *name = lz_sweep_get_measure_name (self->sweep, m);

          if (isnan (row->measures[m]) || g_str_has_prefix (name, "strobe") || (int) m == self->measure)
            continue;
          g_string_append_printf (text, " %s = %.4g", name, row->measures[m]);
          shown++;
        }
    }
  set_info (self, text->str);
  return TRUE;
}

/**
 * luztar_sweep_view_activate_at:
 * @self: a view
 * @x: a point of the map
 * @y: a point of the map
 *
 * What a click on the map does: emits "open-run" with the model of the
 * run there.
 *
 * Returns: whether there was a run to open
 */
gboolean
luztar_sweep_view_activate_at (LuztarSweepView *self,
                               double           x,
                               double           y)
{
  guint ix, iy;
  int run = run_at (self, x, y, &ix, &iy);
  g_autoptr(LzModel) model = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) name = NULL;
  g_autofree double *v = NULL;

  if (run < 0)
    return FALSE;
  model = lz_sweep_dup_run_model (self->sweep, run, &error);
  if (model == NULL)
    {
      fail (self, error->message);
      return FALSE;
    }
  v = g_new (double, lz_sweep_get_n_params (self->sweep));
  lz_sweep_get_values (self->sweep, run, v);
  name = g_string_new (lz_model_get_name (self->model));
  g_string_append (name, " —");
  for (guint i = 0; i < lz_sweep_get_n_params (self->sweep); i++)
    g_string_append_printf (name, "%s %s = %.6g", i > 0 ? "," : "", lz_sweep_get_param_name (self->sweep, i), v[i]);
  lz_model_set_name (model, name->str);
  {
    /* the run's own end time and nothing else changed */
    g_autofree char *t_end = g_strdup_printf ("%.17g", gtk_spin_button_get_value (self->t_end_spin));

    lz_model_set_simulation_parameter_string (model, "t-end", t_end, NULL);
  }
  g_signal_emit (self, signals[SIGNAL_OPEN_RUN], 0, model);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           LuztarSweepView          *self)
{
  luztar_sweep_view_hover_at (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *controller,
          LuztarSweepView          *self)
{
  luztar_sweep_map_set_highlight (self->map, -1, -1);
}

static void
on_released (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             LuztarSweepView *self)
{
  luztar_sweep_view_activate_at (self, x, y);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                    */

/**
 * luztar_sweep_view_export:
 * @self: a view
 * @path: .png, .svg or .pdf: the map; .csv: the rows, as `luztar-cli
 *   sweep` writes them (the finished runs, in run order)
 * @width: the picture's width (0: the widget's, at least 960)
 * @height: its height (0: the widget's, at least 600)
 * @error: return location for a #GError
 *
 * Returns: whether the file was written
 */
gboolean
luztar_sweep_view_export (LuztarSweepView *self,
                          const char      *path,
                          int              width,
                          int              height,
                          GError         **error)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  if (self->sweep == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Nothing to export yet: run a sweep first."));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".csv"))
    {
      g_autoptr(GString) out = g_string_new (NULL);
      g_autofree char *header = lz_sweep_dup_csv_header (self->sweep);

      g_string_append (out, header);
      for (guint i = 0; i < self->rows->len; i++)
        if (self->rows->pdata[i] != NULL)
          {
            g_autofree char *line = lz_sweep_row_to_csv (self->sweep, self->rows->pdata[i]);

            g_string_append (out, line);
          }
      return g_file_set_contents (path, out->str, out->len, error);
    }
  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self->map)), EXPORT_MIN_WIDTH);
  if (height <= 0)
    height = MAX (gtk_widget_get_height (GTK_WIDGET (self->map)), EXPORT_MIN_HEIGHT);
  return luztar_sweep_map_export (self->map, path, width, height, error);
}

static void
on_export_chosen (GtkNativeDialog *dialog,
                  int              response,
                  LuztarSweepView *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path != NULL)
        {
          g_autofree char *text = NULL;

          luztar_sweep_view_export (self, path, 0, 0, &error);
          text = luztar_export_dialog_outcome (path, error);
          g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

/* sweep.export: a path, or an extension (".png", ".csv" …) to ask where */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LuztarSweepView *self = LUZTAR_SWEEP_VIEW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autofree char *name = NULL;

  if (*path != '\0' && *path != '.')
    {
      g_autoptr(GError) error = NULL;

      if (!luztar_sweep_view_export (self, path, 0, 0, &error))
        g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, error->message);
      return;
    }
  if (self->chooser != NULL || self->sweep == NULL)
    return;
  name = g_strconcat ("sweep", *path == '.' ? path : ".png", NULL);
  self->chooser = luztar_export_dialog_new (widget, _("Export Sweep"), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (self->chooser);
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
      set_status (self, _("The model changed: the sweep was stopped."));
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
  rebuild_lists (self);
  if (self->model != NULL && gtk_drop_down_get_selected (self->param_drop[0]) == 0)
    default_range (self, 0);
  {
    const LzSimulation *sim = model != NULL ? lz_model_get_simulation (model) : NULL;

    if (sim != NULL)
      {
        gtk_spin_button_set_value (self->t_end_spin, sim->t_end);
        gtk_spin_button_set_value (self->after_spin, sim->t_end * 0.6);
      }
  }
  update_buttons (self);
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
      guint sel = 0;

      for (guint i = 0; i < self->params->len; i++)
        if (g_str_equal (self->params->pdata[i], param))
          sel = i + 1;
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
  guint sel = 0;

  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), FALSE);
  for (guint i = 0; frequency != NULL && i < self->params->len; i++)
    if (g_str_equal (self->params->pdata[i], frequency))
      sel = i + 1;
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
  return self->status;
}

const char *
luztar_sweep_view_get_info (LuztarSweepView *self)
{
  g_return_val_if_fail (LUZTAR_IS_SWEEP_VIEW (self), NULL);
  return self->info;
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
  update_buttons (self);
}

static void
luztar_sweep_view_dispose (GObject *object)
{
  LuztarSweepView *self = LUZTAR_SWEEP_VIEW (object);

  let_go (self);
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
  g_free (self->status);
  g_free (self->info);
  G_OBJECT_CLASS (luztar_sweep_view_parent_class)->finalize (object);
}

static void
luztar_sweep_view_class_init (LuztarSweepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = luztar_sweep_view_dispose;
  object_class->finalize = luztar_sweep_view_finalize;

  /**
   * LuztarSweepView::open-run:
   * @model: (type gpointer): the model of the clicked run (LzModel)
   *
   * The user asked to see one run: the window opens @model on its own.
   */
  signals[SIGNAL_OPEN_RUN] = g_signal_new ("open-run", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * LuztarSweepView::message:
   * @text: what to tell the user (a toast)
   */
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "sweep.export", "s", export_action);
}

static void
luztar_sweep_view_init (LuztarSweepView *self)
{
  static const char *const axis_names[2] = { N_("Across"), N_("Up") };
  GtkWidget *paned, *scroller, *side, *grid_widget, *box, *right, *menu_button;
  GtkGrid *grid;
  GtkEventController *motion;
  GtkGesture *click;
  g_autoptr(GMenu) menu = g_menu_new ();
  int row = 0;

  self->params = g_ptr_array_new_with_free_func (g_free);
  self->measures = g_ptr_array_new_with_free_func (g_free);
  self->bodies = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_sweep_row_free);
  self->measure = -1;
  self->freq_param = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "luztar-sweep-view");

  paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_hexpand (paned, TRUE);
  gtk_paned_set_wide_handle (GTK_PANED (paned), TRUE);
  /* the settings as narrow as they go; the handle moves */
  gtk_paned_set_position (GTK_PANED (paned), 250);
  gtk_box_append (GTK_BOX (self), paned);

  /* the settings in a narrow column that scrolls */
  scroller = gtk_scrolled_window_new ();
  /* the settings scroll rather than widen the window: the map takes the
   * rest, and the page is no wider at least than the panel's other pages */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 220);
  gtk_paned_set_start_child (GTK_PANED (paned), scroller);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (side, 10);
  gtk_widget_set_margin_end (side, 10);
  gtk_widget_set_margin_top (side, 8);
  gtk_widget_set_margin_bottom (side, 8);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), side);

  grid_widget = gtk_grid_new ();
  grid = GTK_GRID (grid_widget);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 8);
  gtk_box_append (GTK_BOX (side), grid_widget);

  /* Translators: the expression template of a sweep */
  luztar_form_row_label (grid, _("Expression"), row);
  self->template_entry = GTK_ENTRY (luztar_form_entry (_("Expression template"), 8));
  gtk_widget_set_hexpand (GTK_WIDGET (self->template_entry), TRUE);
  gtk_entry_set_placeholder_text (self->template_entry, "F.value=P*cos(w*t)");
  gtk_grid_attach (grid, GTK_WIDGET (self->template_entry), 1, row++, 2, 1);
  g_signal_connect (self->template_entry, "changed", G_CALLBACK (on_template_changed), self);

  for (guint a = 0; a < 2; a++)
    {
      /* Translators: "Across" and "Up": the axes of the regime map */
      luztar_form_row_label (grid, _(axis_names[a]), row);
      self->param_drop[a] = GTK_DROP_DOWN (luztar_form_drop (a == 0 ? _("Parameter across")
                                                             : _("Parameter up")));
      gtk_grid_attach (grid, GTK_WIDGET (self->param_drop[a]), 1, row++, 2, 1);
      g_signal_connect (self->param_drop[a], "notify::selected", G_CALLBACK (on_param_selected), self);
      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
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
    }

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
  g_signal_connect (self->freq_drop, "notify::selected", G_CALLBACK (on_freq_selected), self);
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

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (side), box);
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

  /* the map, the progress and the hovered run under it */
  right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_paned_set_end_child (GTK_PANED (paned), right);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  self->map = LUZTAR_SWEEP_MAP (luztar_sweep_map_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->map), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->map), TRUE);
  luztar_form_labelled (GTK_WIDGET (self->map), _("Sweep map"));
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->map));
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map), motion);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map), GTK_EVENT_CONTROLLER (click));
  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  self->info_label = GTK_LABEL (gtk_label_new (NULL));
  for (guint i = 0; i < 2; i++)
    {
      GtkLabel *label = i == 0 ? self->status_label : self->info_label;

      gtk_label_set_xalign (label, 0);
      gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
      gtk_label_set_selectable (label, TRUE);
      gtk_widget_set_focusable (GTK_WIDGET (label), FALSE);
      gtk_widget_set_margin_start (GTK_WIDGET (label), 8);
      gtk_widget_set_margin_end (GTK_WIDGET (label), 8);
      gtk_box_append (GTK_BOX (right), GTK_WIDGET (label));
    }
  gtk_widget_add_css_class (GTK_WIDGET (self->info_label), "dim-label");
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->info_label), 4);
  set_status (self, _("Choose one or two parameters and their ranges, then Run Sweep."));
  update_buttons (self);
}
