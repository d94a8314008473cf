/* lz-sweep.c — parameter sweeps and Monte Carlo studies: many runs of one
 * model, each summarised in one row of measures
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sweep is a model, a list of parameters with their values (a grid: the
 * last parameter varies fastest) or their distributions (Monte Carlo), a
 * method with its options and the measures each run reports.  Run r's
 * parameters are a function of r alone — the grid index, and for Monte
 * Carlo a random stream seeded from (seed, r) — so a sweep gives the same
 * rows in the same order whatever the number of threads or MPI ranks that
 * compute them, and an interrupted sweep can resume at any row.
 *
 * Each thread has its own worker: a model loaded anew from the file's
 * text, so every expression is parsed for that thread alone (libmatheval's
 * evaluators keep state and are not reentrant; its parser is serialised by
 * lz-expr).  The core is otherwise free of global state.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "lz-assembler.h"
#include "lz-error.h"
#include "lz-expr.h"
#include "lz-format.h"
#include "lz-model-xml.h"
#include "lz-sweep.h"
#include "lz-sweep-private.h"

/* ------------------------------------------------------------------------ */
/* Parameters                                                                */

static void
param_free (gpointer data)
{
  SweepParam *p = data;

  g_free (p->name);
  g_free (p->id);
  g_free (p->key);
  g_free (p->values);
  g_free (p);
}

/* "ID.PARAM" or "simulation.PARAM" (ids may contain dots: the last one
 * separates the parameter) */
static SweepParam *
param_new (const char *target,
           GError    **error)
{
  const char *dot = strrchr (target, '.');
  SweepParam *p;

  if (dot == NULL || dot == target || dot[1] == '\0')
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a parameter: write ID.PARAMETER, e.g. k1.k or simulation.t-end"),
                   target);
      return NULL;
    }
  p = g_new0 (SweepParam, 1);
  p->name = g_strdup (target);
  p->id = g_strndup (target, dot - target);
  p->key = g_strdup (dot + 1);
  p->simulation = strcmp (p->id, "simulation") == 0;
  p->tmpl = -1;
  return p;
}

/* ------------------------------------------------------------------------ */
/* Templates: an expression with named constants                             */

static void
template_free (gpointer data)
{
  SweepTemplate *t = data;

  g_free (t->id);
  g_free (t->key);
  g_free (t->text);
  g_ptr_array_unref (t->names);
  g_free (t);
}

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

/* Calls FUNC for every name of TEXT that is a constant to substitute: an
 * identifier that is not t, pi or e and not a function (followed by "(").
 * Numbers are skipped whole, so that the e of 1e-3 is no name. */
typedef void (*NameFunc) (const char *start, gsize len, gpointer data);

static void
scan_names (const char *text,
            NameFunc    func,
            gpointer    data)
{
  const char *p = text;

  while (*p != '\0')
    {
      if (g_ascii_isdigit (*p) || (*p == '.' && g_ascii_isdigit (p[1])))
        {
          p = lz_expr_skip_number (p);
          continue;
        }
      if (is_name_start (*p))
        {
          const char *start = p, *after;
          gsize len;

          while (is_name_start (*p) || g_ascii_isdigit (*p))
            p++;
          len = p - start;
          for (after = p; *after == ' ' || *after == '\t'; after++)
            ;
          if (*after != '(' && !(len == 1 && (*start == 't' || *start == 'e'))
              && !(len == 2 && strncmp (start, "pi", 2) == 0))
            func (start, len, data);
          continue;
        }
      p++;
    }
}

static void
collect_name (const char *start,
              gsize       len,
              gpointer    data)
{
  GPtrArray *names = data;
  g_autofree char *name = g_strndup (start, len);

  for (guint i = 0; i < names->len; i++)
    if (strcmp (names->pdata[i], name) == 0)
      return;
  g_ptr_array_add (names, g_steal_pointer (&name));
}

/* TEXT with each name replaced by its value, in parentheses. */
static char *
template_fill (const SweepTemplate *t,
               const double        *values)
{
  GString *out = g_string_new (NULL);
  const char *p = t->text;

  while (*p != '\0')
    {
      if (is_name_start (*p) && (p == t->text || !(g_ascii_isalnum (p[-1]) || p[-1] == '_' || p[-1] == '.')))
        {
          const char *start = p;
          gboolean done = FALSE;

          while (is_name_start (*p) || g_ascii_isdigit (*p))
            p++;
          for (guint i = 0; i < t->names->len && !done; i++)
            {
              const char *name = t->names->pdata[i];

              if (strlen (name) == (gsize) (p - start) && strncmp (name, start, p - start) == 0)
                {
                  g_autofree char *number = lz_number_to_string (values[i]);

                  g_string_append_printf (out, "(%s)", number);
                  done = TRUE;
                }
            }
          if (!done)
            g_string_append_len (out, start, p - start);
          continue;
        }
      g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/**
 * lz_sweep_add_template:
 * @self: a sweep
 * @spec: "ID.PARAM=TEXT", an expression parameter of the model (a
 *   source's value) as an expression with named constants, e.g.
 *   "F.value=P*cos(w*t)"
 * @error: return location for a #GError
 *
 * The model's expressions are functions of t alone, so a forcing's
 * amplitude or frequency is no parameter of the model.  A template makes
 * them parameters of the sweep: each name of @spec's text (an identifier
 * other than t, pi, e and the functions) becomes a parameter "ID.NAME"
 * to give with lz_sweep_add_set() (one value, or a range) or
 * lz_sweep_add_vary(), after this call; each run sets the expression to
 * the text with the names replaced by the run's values.  The model file
 * is not changed.
 *
 * Returns: %TRUE if @spec was taken
 */
gboolean
lz_sweep_add_template (LzSweep     *self,
                       const char  *spec,
                       GError     **error)
{
  const char *eq = strchr (spec, '='), *dot;
  g_autofree char *target = NULL, *id = NULL;
  g_autoptr(LzModel) scratch = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree double *ones = NULL;
  g_autofree char *filled = NULL;
  const LzItem *item;
  const LzParamSpec *ps;
  SweepTemplate *t;

  if (eq == NULL)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not ID.PARAMETER=EXPRESSION"), spec);
      return FALSE;
    }
  target = g_strstrip (g_strndup (spec, eq - spec));
  dot = strrchr (target, '.');
  id = dot != NULL ? g_strndup (target, dot - target) : NULL;
  item = id != NULL ? lz_model_lookup (self->model, id) : NULL;
  ps = item != NULL ? lz_item_kind_find_param (item->kind, dot + 1) : NULL;
  if (ps == NULL || ps->type != LZ_PARAM_EXPRESSION)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an expression of the model (write ID.PARAMETER, e.g. F.value)"),
                   target);
      return FALSE;
    }
  for (guint i = 0; i < self->templates->len; i++)
    {
      SweepTemplate *other = self->templates->pdata[i];

      if (strcmp (other->id, item->id) == 0 && strcmp (other->key, ps->name) == 0)
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                       _("parameter “%s” is given twice"), target);
          return FALSE;
        }
    }
  t = g_new0 (SweepTemplate, 1);
  t->id = g_strdup (item->id);
  t->key = g_strdup (ps->name);
  t->text = g_strstrip (g_strdup (eq + 1));
  t->names = g_ptr_array_new_with_free_func (g_free);
  scan_names (t->text, collect_name, t->names);
  /* the text must be an expression once the names are numbers */
  ones = g_new (double, MAX (t->names->len, 1));
  for (guint i = 0; i < t->names->len; i++)
    ones[i] = 1;
  filled = template_fill (t, ones);
  scratch = lz_model_copy (self->model);
  if (!lz_model_set_parameter_string (scratch, t->id, t->key, filled, &local))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, "%s: %s", target, local->message);
      template_free (t);
      return FALSE;
    }
  g_ptr_array_add (self->templates, t);
  return TRUE;
}

/**
 * lz_sweep_dup_template_params:
 * @self: a sweep
 *
 * Returns: (transfer full): the parameters the templates make, "ID.NAME"
 *   each, in the order of the templates and their names
 */
char **
lz_sweep_dup_template_params (const LzSweep *self)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < self->templates->len; i++)
    {
      const SweepTemplate *t = self->templates->pdata[i];

      for (guint n = 0; n < t->names->len; n++)
        g_ptr_array_add (out, g_strdup_printf ("%s.%s", t->id, (char *) t->names->pdata[n]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* A parameter "ID.NAME" that is a name of a template. */
static void
find_template (LzSweep    *self,
               SweepParam *p)
{
  for (guint i = 0; i < self->templates->len; i++)
    {
      SweepTemplate *t = self->templates->pdata[i];

      if (strcmp (t->id, p->id) != 0)
        continue;
      for (guint n = 0; n < t->names->len; n++)
        if (strcmp (t->names->pdata[n], p->key) == 0)
          {
            p->tmpl = i;
            p->tmpl_name = n;
          }
    }
}

/* Sets parameter P of MODEL to VALUE. */
static gboolean
param_apply (const SweepParam *p,
             LzModel          *model,
             double            value,
             GError          **error)
{
  g_autofree char *text = NULL;

  if (!p->simulation)
    return lz_model_set_parameter (model, p->id, p->key, value, error);
  text = lz_number_to_string (value);
  return lz_model_set_simulation_parameter_string (model, p->key, text, error);
}

static gboolean
read_number (const char *text,
             const char *spec,
             double     *value,
             GError    **error)
{
  if (lz_number_parse (text, FALSE, value))
    return TRUE;
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
               _("“%s”: “%s” is not a number"), spec, text);
  return FALSE;
}

static gboolean
read_count (const char *text,
            const char *spec,
            guint      *count,
            GError    **error)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT32, &n, NULL))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s”: the number of values “%s” must be a whole number of at least 1"),
                   spec, text);
      return FALSE;
    }
  *count = (guint) n;
  return TRUE;
}

/* "A:B:N" (N values from A to B), "log:A:B:N" (log-spaced), "A,B,…" or "A" */
static gboolean
parse_values (SweepParam *p,
              const char *range,
              const char *spec,
              GError    **error)
{
  g_auto(GStrv) parts = NULL;
  gboolean log_spaced = g_str_has_prefix (range, "log:");
  double a, b;
  guint n;

  if (strchr (range, ':') == NULL)
    {
      parts = g_strsplit (range, ",", -1);
      p->n_values = g_strv_length (parts);
      p->values = g_new0 (double, MAX (p->n_values, 1));
      for (guint i = 0; i < p->n_values; i++)
        if (!read_number (parts[i], spec, &p->values[i], error))
          return FALSE;
      return p->n_values > 0 || read_number ("", spec, &a, error);
    }
  parts = g_strsplit (log_spaced ? range + 4 : range, ":", -1);
  if (g_strv_length (parts) != 3)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s”: a range is FROM:TO:COUNT or log:FROM:TO:COUNT"), spec);
      return FALSE;
    }
  if (!read_number (parts[0], spec, &a, error) || !read_number (parts[1], spec, &b, error)
      || !read_count (parts[2], spec, &n, error))
    return FALSE;
  if (log_spaced && !(a > 0 && b > 0))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s”: a logarithmic range needs positive ends"), spec);
      return FALSE;
    }
  p->n_values = n;
  p->values = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      double s = n > 1 ? (double) i / (n - 1) : 0;

      /* the ends exactly as written */
      p->values[i] = i == 0 ? a : i == n - 1 ? b
                     : log_spaced ? exp (log (a) + s * (log (b) - log (a)))
                     : a + s * (b - a);
    }
  return TRUE;
}

/* "normal(MEAN,SD)", "uniform(LOW,HIGH)", "lognormal(MU,SIGMA)" */
static gboolean
parse_distribution (SweepParam *p,
                    const char *text,
                    const char *spec,
                    GError    **error)
{
  static const struct { const char *name; SweepDist dist; } names[] = {
    { "normal", DIST_NORMAL }, { "uniform", DIST_UNIFORM }, { "lognormal", DIST_LOGNORMAL },
    { "log-normal", DIST_LOGNORMAL },
  };
  const char *open = strchr (text, '(');
  gsize len = strlen (text);
  g_autofree char *name = NULL, *args = NULL;
  g_auto(GStrv) parts = NULL;

  if (open == NULL || len < 2 || text[len - 1] != ')')
    goto bad;
  name = g_strndup (text, open - text);
  args = g_strndup (open + 1, text + len - 1 - (open + 1));
  parts = g_strsplit (args, ",", -1);
  p->dist = DIST_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (g_strstrip (name), names[i].name) == 0)
      p->dist = names[i].dist;
  if (p->dist == DIST_NONE || g_strv_length (parts) != 2)
    goto bad;
  if (!read_number (parts[0], spec, &p->d1, error) || !read_number (parts[1], spec, &p->d2, error))
    return FALSE;
  if ((p->dist == DIST_UNIFORM && !(p->d2 > p->d1))
      || (p->dist != DIST_UNIFORM && !(p->d2 >= 0)))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s”: uniform(LOW,HIGH) needs LOW < HIGH, normal and lognormal a spread ≥ 0"),
                   spec);
      return FALSE;
    }
  return TRUE;

bad:
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
               _("“%s”: a distribution is normal(MEAN,SD), uniform(LOW,HIGH) or lognormal(MU,SIGMA)"),
               spec);
  return FALSE;
}

/* Splits "TARGET=VALUE" into a new parameter and VALUE. */
static SweepParam *
split_spec (LzSweep     *self,
            const char  *spec,
            const char **value,
            GError     **error)
{
  const char *eq = strchr (spec, '=');
  g_autofree char *target = NULL;

  if (eq == NULL)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not ID.PARAMETER=VALUES"), spec);
      return NULL;
    }
  target = g_strstrip (g_strndup (spec, eq - spec));
  for (guint i = 0; i < self->params->len; i++)
    if (strcmp (((SweepParam *) self->params->pdata[i])->name, target) == 0)
      {
        g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                     _("parameter “%s” is given twice"), target);
        return NULL;
      }
  *value = eq + 1;
  return param_new (target, error);
}

/* A parameter the model has, with a value it accepts. */
static gboolean
check_param (LzSweep          *self,
             const SweepParam *p,
             double            value,
             GError          **error)
{
  g_autoptr(LzModel) scratch = NULL;
  g_autoptr(GError) local = NULL;

  /* a name of a template: any number (the run tells if the expression
   * cannot take it) */
  if (p->tmpl >= 0)
    {
      if (isfinite (value))
        return TRUE;
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, _("%s: not a finite number"), p->name);
      return FALSE;
    }
  scratch = lz_model_copy (self->model);
  if (param_apply (p, scratch, value, &local))
    return TRUE;
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, "%s: %s", p->name, local->message);
  return FALSE;
}

/* A parameter's values (a grid dimension) or its distribution (Monte
 * Carlo), read from SPEC after the '=' and checked against the model. */
typedef gboolean (*ReadValues) (LzSweep    *self,
                                SweepParam *p,
                                const char *value,
                                const char *spec,
                                GError    **error);

static gboolean
read_grid (LzSweep    *self,
           SweepParam *p,
           const char *value,
           const char *spec,
           GError    **error)
{
  if (!parse_values (p, value, spec, error))
    return FALSE;
  for (guint i = 0; i < p->n_values; i++)
    if (!check_param (self, p, p->values[i], error))
      return FALSE;
  return TRUE;
}

static gboolean
read_distribution (LzSweep    *self,
                   SweepParam *p,
                   const char *value,
                   const char *spec,
                   GError    **error)
{
  /* its middle, to check that the parameter exists and takes numbers */
  return parse_distribution (p, value, spec, error)
         && check_param (self, p, p->dist == DIST_UNIFORM ? 0.5 * (p->d1 + p->d2)
                                  : p->dist == DIST_NORMAL ? p->d1 : exp (p->d1), error);
}

static gboolean
add_param (LzSweep    *self,
           const char *spec,
           ReadValues  read,
           GError    **error)
{
  const char *value;
  SweepParam *p = split_spec (self, spec, &value, error);

  if (p == NULL)
    return FALSE;
  find_template (self, p);
  if (!read (self, p, value, spec, error))
    {
      param_free (p);
      return FALSE;
    }
  g_ptr_array_add (self->params, p);
  return TRUE;
}

/**
 * lz_sweep_add_set:
 * @self: a sweep
 * @spec: "ID.PARAM=FROM:TO:COUNT", "ID.PARAM=log:FROM:TO:COUNT" or
 *   "ID.PARAM=V1,V2,…"; ID "simulation" for the settings
 * @error: return location for a #GError
 *
 * Adds a grid dimension; several make a grid, the last varying fastest.
 * Every value is checked against the parameter's range at once.
 *
 * Returns: %TRUE if @spec was taken
 */
gboolean
lz_sweep_add_set (LzSweep     *self,
                  const char  *spec,
                  GError     **error)
{
  return add_param (self, spec, read_grid, error);
}

/**
 * lz_sweep_add_vary:
 * @self: a sweep
 * @spec: "ID.PARAM=normal(MEAN,SD)", "…=uniform(LOW,HIGH)" or
 *   "…=lognormal(MU,SIGMA)" (MU, SIGMA of the logarithm)
 * @error: return location for a #GError
 *
 * Adds a parameter drawn at random in each Monte Carlo run
 * (lz_sweep_set_monte_carlo()).  A draw outside the parameter's range
 * makes that run a failed row, with the reason.
 *
 * Returns: %TRUE if @spec was taken
 */
gboolean
lz_sweep_add_vary (LzSweep     *self,
                   const char  *spec,
                   GError     **error)
{
  return add_param (self, spec, read_distribution, error);
}

/* ------------------------------------------------------------------------ */
/* The sweep                                                                 */

/**
 * lz_sweep_new:
 * @model: the model (copied: later edits do not reach the sweep)
 * @file: (nullable): the file it came from, for messages
 *
 * Returns: (transfer full): a sweep of one run with the model's settings
 */
LzSweep *
lz_sweep_new (LzModel    *model,
              const char *file)
{
  LzSweep *self;

  g_return_val_if_fail (model != NULL, NULL);

  self = g_new0 (LzSweep, 1);
  g_ref_count_init (&self->ref_count);
  self->model = lz_model_copy (model);
  self->file = g_strdup (file != NULL ? file : "model");
  self->params = g_ptr_array_new_with_free_func (param_free);
  self->templates = g_ptr_array_new_with_free_func (template_free);
  self->strobe_param = -1;
  self->mc_count = 0;
  self->type = lz_integrator_event;
  lz_integrator_options_init (&self->options);
  measures_setup (self, NULL, NULL);
  return self;
}

LzSweep *
lz_sweep_ref (LzSweep *self)
{
  g_ref_count_inc (&self->ref_count);
  return self;
}

void
lz_sweep_unref (LzSweep *self)
{
  if (self == NULL || !g_ref_count_dec (&self->ref_count))
    return;
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->params, g_ptr_array_unref);
  g_clear_pointer (&self->templates, g_ptr_array_unref);
  g_clear_pointer (&self->measure_names, g_ptr_array_unref);
  g_free (self->measure_kind);
  g_free (self->measure_index);
  g_free (self->when_text);
  g_free (self->file);
  g_free (self);
}

/**
 * lz_sweep_set_monte_carlo:
 * @self: a sweep
 * @count: runs per grid point (0: no Monte Carlo)
 * @seed: the seed of every run's random stream
 */
void
lz_sweep_set_monte_carlo (LzSweep *self,
                          guint    count,
                          guint64  seed)
{
  self->mc_count = count;
  self->seed = seed;
}

/**
 * lz_sweep_set_method:
 * @self: a sweep
 * @type: the integrator of every run
 * @options: (nullable): its options (%NULL: the model's settings)
 */
void
lz_sweep_set_method (LzSweep                   *self,
                     const LzIntegratorType    *type,
                     const LzIntegratorOptions *options)
{
  self->type = type;
  if (options != NULL)
    self->options = *options;
  else
    lz_integrator_options_init (&self->options);
}

static guint
grid_size (const LzSweep *self)
{
  guint n = 1;

  for (guint i = 0; i < self->params->len; i++)
    {
      const SweepParam *p = self->params->pdata[i];

      if (p->dist == DIST_NONE)
        n *= p->n_values;
    }
  return n;
}

/**
 * lz_sweep_get_n_runs:
 * @self: a sweep
 *
 * Returns: the grid's points times the Monte Carlo runs per point
 */
guint
lz_sweep_get_n_runs (const LzSweep *self)
{
  return grid_size (self) * MAX (self->mc_count, 1);
}

guint
lz_sweep_get_n_params (const LzSweep *self)
{
  return self->params->len;
}

const char *
lz_sweep_get_param_name (const LzSweep *self,
                         guint          param)
{
  g_return_val_if_fail (param < self->params->len, NULL);
  return ((const SweepParam *) self->params->pdata[param])->name;
}

/* A 64-bit mix of the seed and the run (SplitMix64's finaliser), so that
 * neighbouring runs get unrelated streams. */
static guint64
run_seed (guint64 seed,
          guint   run)
{
  guint64 z = seed + 0x9e3779b97f4a7c15ULL * ((guint64) run + 1);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/**
 * lz_sweep_get_values:
 * @self: a sweep
 * @run: a run, below lz_sweep_get_n_runs()
 * @values: (out caller-allocates): lz_sweep_get_n_params() values
 *
 * The parameters of run @run: a function of @run alone.
 */
void
lz_sweep_get_values (const LzSweep *self,
                     guint          run,
                     double        *values)
{
  guint mc = MAX (self->mc_count, 1);
  guint index = run / mc;
  gsl_rng *rng = NULL;

  g_return_if_fail (run < lz_sweep_get_n_runs (self));

  for (guint i = self->params->len; i-- > 0;)
    {
      const SweepParam *p = self->params->pdata[i];

      if (p->dist != DIST_NONE)
        continue;
      values[i] = p->values[index % p->n_values];
      index /= p->n_values;
    }
  for (guint i = 0; i < self->params->len; i++)
    {
      const SweepParam *p = self->params->pdata[i];

      if (p->dist == DIST_NONE)
        continue;
      if (rng == NULL)
        {
          rng = gsl_rng_alloc (gsl_rng_mt19937);
          gsl_rng_set (rng, (unsigned long) run_seed (self->seed, run));
        }
      values[i] = p->dist == DIST_NORMAL ? p->d1 + gsl_ran_gaussian (rng, p->d2)
                  : p->dist == DIST_UNIFORM ? gsl_ran_flat (rng, p->d1, p->d2)
                  : gsl_ran_lognormal (rng, p->d1, p->d2);
    }
  if (rng != NULL)
    gsl_rng_free (rng);
}

/* A row and its two arrays are one block (row_new()); only the message
 * is apart. */
void
lz_sweep_row_free (LzSweepRow *row)
{
  if (row != NULL)
    g_free (row->error);
  g_free (row);
}

/* the arrays start right after the row */
G_STATIC_ASSERT (sizeof (LzSweepRow) % G_ALIGNOF (double) == 0);

static LzSweepRow *
row_new (const LzSweep *self,
         guint          run)
{
  gsize n_params = MAX (self->params->len, 1), n_measures = MAX (self->measure_names->len, 1);
  LzSweepRow *row = g_malloc0 (sizeof *row + (n_params + n_measures) * sizeof (double));

  row->run = run;
  row->params = (double *) (row + 1);
  row->measures = row->params + n_params;
  for (guint m = 0; m < self->measure_names->len; m++)
    row->measures[m] = NAN;
  return row;
}

/* ------------------------------------------------------------------------ */
/* Workers                                                                   */

struct LzSweepWorker
{
  LzSweep *sweep;
  LzModel *model;
};

/* The model as its own text, loaded anew: every expression parsed again. */
static LzModel *
fresh_model (LzSweep *self,
             GError **error)
{
  gsize length;
  g_autofree char *data = lz_model_save_to_data (self->model, &length, error);

  if (data == NULL)
    return NULL;
  return lz_model_load_from_data (data, length, self->file, error);
}

/**
 * lz_sweep_worker_new:
 * @self: a sweep
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a worker for one thread
 */
LzSweepWorker *
lz_sweep_worker_new (LzSweep *self,
                     GError **error)
{
  LzModel *model = fresh_model (self, error);
  LzSweepWorker *worker;

  if (model == NULL)
    return NULL;
  worker = g_new0 (LzSweepWorker, 1);
  worker->sweep = lz_sweep_ref (self);
  worker->model = model;
  return worker;
}

void
lz_sweep_worker_free (LzSweepWorker *worker)
{
  if (worker == NULL)
    return;
  lz_model_unref (worker->model);
  lz_sweep_unref (worker->sweep);
  g_free (worker);
}

static gboolean
apply_values (LzSweep      *self,
              LzModel      *model,
              const double *values,
              GError      **error)
{
  for (guint i = 0; i < self->params->len; i++)
    {
      const SweepParam *p = self->params->pdata[i];
      g_autoptr(GError) local = NULL;

      if (p->tmpl >= 0)
        continue;
      if (!param_apply (p, model, values[i], &local))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, "%s: %s", p->name, local->message);
          return FALSE;
        }
    }
  for (guint k = 0; k < self->templates->len; k++)
    {
      const SweepTemplate *t = self->templates->pdata[k];
      g_autofree double *named = g_new (double, MAX (t->names->len, 1));
      g_autofree char *text = NULL;
      g_autoptr(GError) local = NULL;

      for (guint n = 0; n < t->names->len; n++)
        named[n] = NAN;
      for (guint i = 0; i < self->params->len; i++)
        {
          const SweepParam *p = self->params->pdata[i];

          if (p->tmpl == (int) k)
            named[p->tmpl_name] = values[i];
        }
      for (guint n = 0; n < t->names->len; n++)
        if (isnan (named[n]))
          {
            g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                         _("%s.%s has no value: give it one (%s.%s=VALUE) or a range, or write "
                           "a number in its place"), t->id, (char *) t->names->pdata[n], t->id,
                         (char *) t->names->pdata[n]);
            return FALSE;
          }
      text = template_fill (t, named);
      if (!lz_model_set_parameter_string (model, t->id, t->key, text, &local))
        {
          g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT, "%s.%s: %s", t->id, t->key,
                       local->message);
          return FALSE;
        }
    }
  return lz_model_validate (model, error);
}

/**
 * lz_sweep_set_strobe_frequency:
 * @self: a sweep
 * @param: one of the sweep's parameters: an angular frequency ω (rad/s),
 *   typically the forcing's (a template's name, e.g. "F.w")
 * @error: return location for a #GError
 *
 * Strobes each run with its own period T = 2π/ω, ω being the run's value
 * of @param, instead of the measures' fixed strobe period, at the
 * forcing's phase 0: the samples are at the whole periods k·T from the
 * measuring window's start on (a Poincaré section of a forcing cos ωt or
 * sin ωt): a bifurcation diagram over the forcing frequency.  Call it after the parameter is
 * added and before lz_sweep_set_measures(), whose strobe period may then
 * be 0 (its count says how many samples).
 *
 * Returns: %TRUE if @param is a parameter of the sweep
 */
gboolean
lz_sweep_set_strobe_frequency (LzSweep     *self,
                               const char  *param,
                               GError     **error)
{
  self->strobe_param = -1;
  if (param == NULL)
    return TRUE;
  for (guint i = 0; i < self->params->len; i++)
    if (strcmp (((SweepParam *) self->params->pdata[i])->name, param) == 0)
      {
        self->strobe_param = i;
        return TRUE;
      }
  g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
               _("the strobe's frequency “%s” is not a parameter of the sweep"), param);
  return FALSE;
}

/* The strobe period of a run with these parameter values. */
static double
run_strobe_period (const LzSweep *self,
                   const double  *values)
{
  if (self->strobe_param < 0)
    return self->strobe_period;
  return values[self->strobe_param] > 0 ? 2 * G_PI / values[self->strobe_param] : NAN;
}

/* Runs MODEL to its end; the trace, or NULL with ERROR. */
static LzTrace *
simulate (LzSweep  *self,
          LzModel  *model,
          double    strobe_period,
          GError  **error)
{
  g_autoptr(LzAssembly) assembly = lz_assembly_new (model, error);
  g_autoptr(LzIntegrator) integrator = NULL;
  g_autoptr(LzTrace) trace = NULL;
  LzIntegratorOptions options = self->options;
  LzStepResult r;

  if (assembly == NULL)
    return NULL;
  if (options.sample == 0)
    {
      /* extremes and crossings are read from the rows: a sampling fine
       * enough for them, and with the strobe times among the rows */
      double t_end = options.t_end > 0 ? options.t_end : lz_model_get_simulation (model)->t_end;

      options.sample = t_end / DEFAULT_SAMPLES;
      if (strobe_period > 0)
        options.sample = strobe_period / ceil (strobe_period / options.sample);
    }
  integrator = lz_integrator_new (self->type, assembly, &options, error);
  if (integrator == NULL)
    return NULL;
  trace = lz_trace_new (model);
  do
    r = lz_integrator_step (integrator, INFINITY, trace, error);
  while (r == LZ_STEP_OK || r == LZ_STEP_EVENT);
  if (r == LZ_STEP_ERROR)
    return NULL;
  return g_steal_pointer (&trace);
}

/**
 * lz_sweep_worker_run:
 * @worker: a worker
 * @run: the run
 *
 * Sets the run's parameters, simulates and measures.  A failure is a row
 * with its message, never a stop.
 *
 * Returns: (transfer full): the row
 */
LzSweepRow *
lz_sweep_worker_run (LzSweepWorker *worker,
                     guint          run)
{
  LzSweep *self = worker->sweep;
  LzSweepRow *row = row_new (self, run);
  g_autoptr(GError) error = NULL;
  g_autoptr(LzTrace) trace = NULL;
  double period;

  lz_sweep_get_values (self, run, row->params);
  period = run_strobe_period (self, row->params);
  if (self->strobe_count > 0 && !(period > 0 && isfinite (period)))
    g_set_error (&error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                 _("the strobe's frequency must be positive"));
  else if (apply_values (self, worker->model, row->params, &error))
    trace = simulate (self, worker->model, period, &error);
  if (trace == NULL)
    {
      row->error = g_strdup (error->message);
      row->error_code = error->domain == LZ_ERROR ? (LzError) error->code : LZ_ERROR_FAILED;
      return row;
    }
  measure_trace (self, trace, period, row->measures);
  return row;
}

/**
 * lz_sweep_dup_run_model:
 * @self: a sweep
 * @run: a run
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the model of run @run, to open
 *   and simulate on its own
 */
LzModel *
lz_sweep_dup_run_model (LzSweep *self,
                        guint    run,
                        GError **error)
{
  g_autoptr(LzModel) model = lz_model_copy (self->model);
  g_autofree double *values = g_new0 (double, MAX (self->params->len, 1));

  g_return_val_if_fail (run < lz_sweep_get_n_runs (self), NULL);
  lz_sweep_get_values (self, run, values);
  if (!apply_values (self, model, values, error))
    return NULL;
  return g_steal_pointer (&model);
}
