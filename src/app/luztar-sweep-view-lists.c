/* luztar-sweep-view-lists.c — the Sweep page's lists: parameters, measures, their units and titles
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the form offers: the template's names and every number of the
 * model's bodies, elements and sources and of its simulation as
 * parameters, each with a range around its value when chosen; the
 * measures a sweep of the form reports (with counts per forcing period
 * when the forcing frequency is known); the units and titles of the map's
 * axes ("F.w: forcing frequency ω (rad/s)").
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-sweep-view-private.h"
#include "luztar-sweep-form.h"

static void rebuild_measures (LuztarSweepView *self);

/* "A*cos(W*t)" (or sin): the names of the amplitude and the frequency. */
gboolean
sweep_view_harmonic_names (const char *text,
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
gboolean
sweep_view_template_parts (LuztarSweepView *self,
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

  if (id != NULL && sweep_view_template_parts (self, &tid, &text) && g_str_equal (tid, id)
      && sweep_view_harmonic_names (text, &amp, &freq))
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

char *
sweep_view_titled (LuztarSweepView *self,
                   const char      *param)
{
  const char *unit = unit_of (self, param);
  const char *dot = strrchr (param, '.');
  g_autofree char *id = NULL, *text = NULL, *amp = NULL, *freq = NULL;
  const char *word = NULL;

  if (dot != NULL && sweep_view_template_parts (self, &id, &text) && sweep_view_harmonic_names (text, &amp, &freq)
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

/* The parameters to sweep: the template's names, then every number of
 * the model's bodies, elements and sources, then the simulation's; the
 * bodies to strobe. */
static void
fill_params (LuztarSweepView *self)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;
  const LzModel *m = self->model;

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
  if (m == NULL)
    return;
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

/* The lists after a new model or template: the choices stay where they
 * are still in them. */
void
sweep_view_rebuild_lists (LuztarSweepView *self)
{
  g_autofree char *was0 = g_strdup (sweep_view_axis_param (self, 0));
  g_autofree char *was1 = g_strdup (sweep_view_axis_param (self, 1));
  g_autofree char *freq_was = g_strdup (sweep_view_freq_param (self));
  g_autoptr(GPtrArray) with_none = g_ptr_array_new ();

  self->filling = TRUE;
  fill_params (self);
  luztar_form_drop_fill (self->param_drop[0], self->params, NULL);
  /* Translators: no second parameter: a one-parameter sweep */
  g_ptr_array_add (with_none, (gpointer) _("None"));
  for (guint i = 0; i < self->params->len; i++)
    g_ptr_array_add (with_none, self->params->pdata[i]);
  luztar_form_drop_fill (self->param_drop[1], with_none, NULL);
  luztar_form_drop_fill (self->freq_drop, with_none, NULL);
  luztar_form_drop_fill (self->body_drop, self->bodies, NULL);
  if (!luztar_form_drop_select (self->param_drop[0], self->params, was0))
    gtk_drop_down_set_selected (self->param_drop[0], 0);
  gtk_drop_down_set_selected (self->param_drop[1], sweep_view_index_with_none (self->params, was1));
  gtk_drop_down_set_selected (self->freq_drop, sweep_view_index_with_none (self->params, freq_was));
  self->filling = FALSE;
  rebuild_measures (self);
}

/* In a list with None first (the second parameter, the forcing
 * frequency): the position of ID, 0 (None) when ID is NULL or not in
 * IDS. */
guint
sweep_view_index_with_none (GPtrArray  *ids,
                            const char *id)
{
  for (guint i = ids->len; id != NULL && i-- > 0;)
    if (g_str_equal (ids->pdata[i], id))
      return i + 1;
  return 0;
}

/* The parameter chosen in such a list, NULL for None. */
static const char *
param_with_none (LuztarSweepView *self,
                 GtkDropDown     *drop)
{
  guint i = gtk_drop_down_get_selected (drop);

  return i > 0 && i - 1 < self->params->len ? self->params->pdata[i - 1] : NULL;
}

const char *
sweep_view_axis_param (LuztarSweepView *self,
                       guint            axis)
{
  guint i = gtk_drop_down_get_selected (self->param_drop[axis]);

  if (axis == 1)
    return param_with_none (self, self->param_drop[1]);
  return i < self->params->len ? self->params->pdata[i] : NULL;
}

const char *
sweep_view_freq_param (LuztarSweepView *self)
{
  return param_with_none (self, self->freq_drop);
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
  gboolean per_period = sweep_view_freq_param (self) != NULL;

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
void
sweep_view_default_range (LuztarSweepView *self,
                          guint            axis)
{
  const char *param = sweep_view_axis_param (self, axis);
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
  sweep_view_default_range (self, drop == self->param_drop[0] ? 0 : 1);
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
    sweep_view_rebuild_lists (self);
}

/* The form's fields that change the lists or a range. */
void
sweep_view_connect_lists (LuztarSweepView *self)
{
  g_signal_connect (self->template_entry, "changed", G_CALLBACK (on_template_changed), self);
  for (guint a = 0; a < 2; a++)
    g_signal_connect (self->param_drop[a], "notify::selected", G_CALLBACK (on_param_selected), self);
  g_signal_connect (self->freq_drop, "notify::selected", G_CALLBACK (on_freq_selected), self);
}
