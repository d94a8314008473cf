/* luztar-program-view.c — program motion: the required actuator forces
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The "Program Motion" page of the simulation panel (paper 001): the
 * prescribed motions of the model are program constraints, its actuators
 * control forces.  The page runs lz_program_analysis_new() over
 * [0, t_end] of the model's <simulation> and shows
 *
 * - the required force λ(t) of every actuator in a LuztarPlot, with the
 *   set-valued instants (a freeplay crossed in the realization path, a
 *   friction reversal, a stop reached) as dashed lines;
 * - beside it, the classification (orthogonal, tangent or mixed) with the
 *   core's explanation, one sentence per line, the index of the
 *   equations, the instants in words and each force's range — or, when
 *   the motion cannot be realized, why, in the core's words.
 *
 * An analysis takes from a few milliseconds to about a second (it
 * integrates the program motion at tight tolerances), so it runs in a
 * GTask thread on a copy of the model; the page stays responsive and
 * shows a spinner.  The model's assembly (the expression evaluators) is
 * made on the main thread, as docs/architecture.md asks.  An edit while an analysis
 * runs queues one more, and the older result is never shown.  While the
 * page is not shown an edit only marks the result stale; showing the page
 * analyses again.
 *
 * The plot views the forces as a trace: a small model with one element
 * per actuator (named as the actuator, between a ground and a body of
 * the actuated body's kind, so that the units are N or N·m) whose
 * element forces are λ(t).  So the plot's zoom, readout and PNG/SVG/PDF
 * export work unchanged.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "luztar-program-view.h"
#include "luztar-widget-kit.h"
#include "luztar-export-dialog.h"
#include "luztar-set.h"

/* Exported plots at least this big (pixels), as the other plots. */
#define EXPORT_MIN_WIDTH  960
#define EXPORT_MIN_HEIGHT 540

/* One analysis: made on the main thread, filled in the worker. */
typedef struct
{
  LzModel           *model;          /* a copy: the editor may change the original */
  LzAssembly        *assembly;
  LzProgramAnalysis *analysis;
  LzModel           *force_model;    /* the forces as element tensions */
  LzTrace           *trace;
  guint              generation;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->trace, lz_trace_unref);
  g_clear_pointer (&job->force_model, lz_model_unref);
  g_clear_pointer (&job->analysis, lz_program_analysis_free);
  g_clear_pointer (&job->assembly, lz_assembly_free);
  g_clear_pointer (&job->model, lz_model_unref);
  g_free (job);
}

struct _LuztarProgramView
{
  GtkBox             parent_instance;

  /* Children */
  LuztarPlot        *plot;
  GtkSpinner        *spinner;
  GtkLabel          *heading;
  GtkLabel          *rank_label;
  GtkLabel          *index_label;
  GtkLabel          *explanation;
  GtkLabel          *instants_title;
  GtkLabel          *instants;
  GtkLabel          *forces_title;
  GtkLabel          *forces;
  GtkLabel          *failure_label;
  GtkWidget         *analyse_button;
  GtkWidget         *export_csv_button;
  GtkWidget         *export_plot_button;
  GtkPaned          *paned;

  /* Owned */
  LzModel           *model;
  Job               *result;         /* the shown analysis */
  char              *failure;        /* why there is no λ(t), in words */
  GCancellable      *cancellable;
  char              *pending_export; /* written when the running analysis ends */

  guint              generation;
  gboolean           busy;
  gboolean           pending;        /* analyse again when the worker is done */
  gboolean           stale;          /* the result is not of the current model */
  gboolean           split_moved;    /* the user has moved the split */
  gboolean           placing_split;
  gboolean           active;         /* the page is shown */
};

G_DEFINE_FINAL_TYPE (LuztarProgramView, luztar_program_view, GTK_TYPE_BOX)

enum
{
  SIGNAL_ANALYSED,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Drops the last analysis: its result or why it failed. */
static void
forget_result (LuztarProgramView *self)
{
  g_clear_pointer (&self->result, job_free);
  g_clear_pointer (&self->failure, g_free);
}

static void start (LuztarProgramView *self);

/**
 * luztar_model_has_program:
 * @model: (nullable): a model
 *
 * Returns: whether @model has a prescribed motion or an actuator: the
 *   models the Program Motion page is for
 */
gboolean
luztar_model_has_program (const LzModel *model)
{
  return model != NULL && (lz_model_count_kind (model, LZ_ITEM_PRESCRIBED) > 0
                           || lz_model_count_kind (model, LZ_ITEM_ACTUATOR) > 0);
}

/* ------------------------------------------------------------------------ */
/* The worker                                                                 */

static gboolean
is_rotational (const LzModel *model,
               const char    *body)
{
  const LzBody *b = body != NULL ? lz_model_lookup_body (model, body) : NULL;

  return b != NULL && b->kind == LZ_BODY_ROTATIONAL;
}

/* An id that is none of the actuators' */
static char *
free_id (const LzProgramAnalysis *analysis,
         const char              *base)
{
  char *id = g_strdup (base);
  gboolean taken = TRUE;

  while (taken)
    {
      taken = FALSE;
      for (guint j = 0; j < lz_program_analysis_get_n_actuators (analysis); j++)
        if (g_strcmp0 (lz_program_analysis_get_actuator_id (analysis, j), id) == 0)
          taken = TRUE;
      if (taken)
        {
          char *longer = g_strconcat (id, "_", NULL);

          g_free (id);
          id = longer;
        }
    }
  return id;
}

/* The required forces as a trace: element j of the force model is
 * actuator j, its tension λ_j(t). */
static gboolean
make_force_trace (Job     *job,
                  GError **error)
{
  const LzProgramAnalysis *an = job->analysis;
  guint r = lz_program_analysis_get_n_actuators (an), ns = lz_program_analysis_get_n_samples (an);
  const double *times = lz_program_analysis_get_times (an);
  g_autoptr(LzModel) fm = lz_model_new ("forces");
  g_autofree char *ground = free_id (an, "ground");
  g_autofree double *zeros = g_new0 (double, r + 1);
  g_autofree double *force = g_new0 (double, r + 1);
  g_autofree LzMode *modes = g_new0 (LzMode, r + 1);
  LzEnergy energy = { 0 };

  if (lz_model_add_ground (fm, ground, error) == NULL)
    return FALSE;
  for (guint j = 0; j < r; j++)
    {
      const char *id = lz_program_analysis_get_actuator_id (an, j);
      const LzSource *src = (const LzSource *) lz_model_lookup (job->model, id);
      g_autofree char *base = g_strdup_printf ("body%u", j);
      g_autofree char *body = free_id (an, base);
      gboolean rot = src != NULL && is_rotational (job->model, src->body);

      if (lz_model_add_body (fm, body, rot ? LZ_BODY_ROTATIONAL : LZ_BODY_TRANSLATIONAL, 1, error) == NULL
          || lz_model_add_element (fm, LZ_ITEM_DAMPER, id, ground, body, error) == NULL)
        return FALSE;
      modes[j] = LZ_MODE_NONE;
    }
  job->trace = lz_trace_new (fm);
  for (guint k = 0; k < ns; k++)
    {
      for (guint j = 0; j < r; j++)
        force[j] = lz_program_analysis_get_lambda (an, j)[k];
      lz_trace_append (job->trace, times[k], zeros, zeros, force, zeros, zeros, modes, &energy);
    }
  lz_trace_finish (job->trace);
  job->force_model = g_steal_pointer (&fm);
  return TRUE;
}

static void
worker (GTask        *task,
        gpointer      source,
        gpointer      data,
        GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;

  job->analysis = lz_program_analysis_new (job->assembly, NULL, &error);
  if (job->analysis == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (lz_program_analysis_is_realizable (job->analysis) && !make_force_trace (job, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------------ */
/* Showing a result                                                           */

static const char *
realization_word (LzRealization realization)
{
  switch (realization)
    {
    /* Translators: the kind of realization of a program motion (paper
     * 001): the control forces act across the program constraints */
    case LZ_REALIZATION_ORTHOGONAL: return C_("realization", "orthogonal");
    /* Translators: some constraints are realized by control forces
     * across them, some by forces tangent to them */
    case LZ_REALIZATION_MIXED: return C_("realization", "mixed");
    /* Translators: every constraint is realized through other elements,
     * by control forces tangent to it */
    case LZ_REALIZATION_TANGENT: return C_("realization", "tangent");
    default: return "?";
    }
}

static char *
index_text (guint index)
{
  switch (index)
    {
    case 0:
      return g_strdup (_("Index 0: every constraint has a control force across it; "
                         "λ follows from eq. (2.4)."));
    case 1:
      return g_strdup (_("Index 1: one differentiation of the balance conditions (3.15) "
                         "gives the motion; λ from eq. (3.7)."));
    case 2:
      return g_strdup (_("Index 2: the balance conditions (3.15) are differentiated twice; "
                         "λ from eq. (3.7)."));
    default:
      return g_strdup (_("Index greater than 2, or the motion is not controllable."));
    }
}

static void
set_label (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

static const char *
unit_of (const LzModel *model,
         const char    *actuator)
{
  const LzSource *src = (const LzSource *) lz_model_lookup (model, actuator);

  return src != NULL && is_rotational (model, src->body) ? C_("unit", "N·m") : C_("unit", "N");
}

static void
show_plot (LuztarProgramView *self)
{
  Job *job = self->result;
  g_autoptr(GArray) series = g_array_new (FALSE, FALSE, sizeof (LuztarSeries));
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  gboolean any_rot = FALSE, any_trans = FALSE;

  if (job == NULL || job->trace == NULL)
    {
      luztar_plot_set_trace (self->plot, NULL);
      luztar_plot_set_model (self->plot, NULL);
      luztar_plot_set_marks (self->plot, NULL, NULL, 0, NULL);
      luztar_plot_set_titles (self->plot, NULL,
                              self->busy ? _("Analysing the program motion…")
                                         : _("No required force to show"));
      return;
    }
  for (guint j = 0; j < lz_program_analysis_get_n_actuators (job->analysis); j++)
    {
      LuztarSeries s = { LUZTAR_SERIES_ELEMENT_FORCE, j };
      const LzSource *src = (const LzSource *) lz_model_lookup (job->model,
                                                               lz_program_analysis_get_actuator_id (job->analysis, j));

      g_array_append_val (series, s);
      if (src != NULL && is_rotational (job->model, src->body))
        any_rot = TRUE;
      else
        any_trans = TRUE;
    }
  for (guint i = 0; i < lz_program_analysis_get_n_instants (job->analysis); i++)
    {
      const LzProgramInstant *in = lz_program_analysis_get_instant (job->analysis, i);

      g_array_append_val (times, in->t);
      g_ptr_array_add (texts, g_strdup (in->element));
    }
  g_ptr_array_add (texts, NULL);
  luztar_plot_set_model (self->plot, job->force_model);
  luztar_plot_set_series (self->plot, (const LuztarSeries *) (const void *) series->data, series->len);
  luztar_plot_set_trace (self->plot, job->trace);
  luztar_plot_set_marks (self->plot, (const double *) (const void *) times->data,
                         (const char *const *) texts->pdata, times->len,
                         /* Translators: the legend entry of the dashed lines at
                          * the instants where the required force or motion is
                          * set-valued (a freeplay crossed, a friction reversal) */
                         _("set-valued instant"));
  luztar_plot_set_titles (self->plot,
                          /* Translators: the title of the axis of the required
                           * actuator forces; λ is the paper's symbol */
                          any_rot && any_trans ? _("Required force λ (N, N·m)")
                          : any_rot ? _("Required torque λ (N·m)")
                          : _("Required force λ (N)"),
                          NULL);
  luztar_plot_reset_view (self->plot);
}

static void
show_result (LuztarProgramView *self)
{
  Job *job = self->result;
  const LzProgramAnalysis *an = job != NULL ? job->analysis : NULL;

  gtk_spinner_set_spinning (self->spinner, self->busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), self->busy);
  gtk_widget_set_sensitive (self->analyse_button, !self->busy && self->model != NULL
                                                  && luztar_model_has_program (self->model));
  gtk_widget_set_sensitive (self->export_csv_button, an != NULL && lz_program_analysis_is_realizable (an));
  gtk_widget_set_sensitive (self->export_plot_button, an != NULL && lz_program_analysis_is_realizable (an));
  show_plot (self);

  if (an == NULL)
    {
      set_label (self->heading, self->busy ? _("Analysing…")
                                : self->failure != NULL ? _("No program motion")
                                : _("Program motion"));
      set_label (self->rank_label, NULL);
      set_label (self->index_label, NULL);
      set_label (self->explanation,
                 self->failure == NULL && !self->busy
                 ? _("Prescribe the motion of a body (Motion in the palette) and place an "
                     "actuator: this page computes the force the actuator must apply so "
                     "that the body follows the motion.")
                 : NULL);
      set_label (self->instants_title, NULL);
      set_label (self->instants, NULL);
      set_label (self->forces_title, NULL);
      set_label (self->forces, NULL);
      set_label (self->failure_label, self->failure);
      return;
    }

  {
    const LzProgram *pr = lz_program_analysis_get_program (an);
    /* Translators: %s is "orthogonal", "tangent" or "mixed" */
    g_autofree char *heading = g_strdup_printf (_("Realization: %s"),
                                                realization_word (lz_program_analysis_get_realization (an)));
    /* Translators: the ranks of paper 001: p = rank P (control forces
     * across the constraints), m constraints, n coordinates */
    g_autofree char *rank = g_strdup_printf (_("rank P = %u of m = %u constraints, n = %u coordinates"),
                                             lz_program_get_p (pr), lz_program_get_m (pr),
                                             lz_program_get_n (pr));
    g_autofree char *index = index_text (lz_program_analysis_get_index (an));
    g_auto(GStrv) lines = lz_program_analysis_dup_explanation (an);
    GString *text = g_string_new (NULL);

    set_label (self->heading, heading);
    set_label (self->rank_label, rank);
    /* the index of a motion that cannot be realized says nothing, unless
     * it is the reason */
    set_label (self->index_label, lz_program_analysis_is_realizable (an)
                                  || lz_program_analysis_get_index (an) > 2 ? index : NULL);
    for (guint i = 0; lines[i] != NULL; i++)
      g_string_append_printf (text, "%s• %s", i > 0 ? "\n" : "", lines[i]);
    set_label (self->explanation, text->str);
    g_string_free (text, TRUE);
  }

  {
    guint n = lz_program_analysis_get_n_instants (an);
    GString *text = g_string_new (NULL);

    for (guint i = 0; i < n; i++)
      {
        const LzProgramInstant *in = lz_program_analysis_get_instant (an, i);

        /* Translators: a set-valued instant: its time, then what happens */
        g_string_append_printf (text, _("%st = %.4g s: %s"), i > 0 ? "\n" : "", in->t, in->text);
      }
    set_label (self->instants_title, lz_program_analysis_is_realizable (an)
                                     ? _("Set-valued instants") : NULL);
    set_label (self->instants, !lz_program_analysis_is_realizable (an) ? NULL
                               : n > 0 ? text->str
                               : _("None: the required force is single-valued everywhere."));
    g_string_free (text, TRUE);
  }

  if (lz_program_analysis_is_realizable (an))
    {
      GString *text = g_string_new (NULL);
      guint ns = lz_program_analysis_get_n_samples (an);

      for (guint j = 0; j < lz_program_analysis_get_n_actuators (an); j++)
        {
          const char *id = lz_program_analysis_get_actuator_id (an, j);
          const LzSource *src = (const LzSource *) lz_model_lookup (job->model, id);
          const double *lam = lz_program_analysis_get_lambda (an, j);
          double lo = INFINITY, hi = -INFINITY;

          for (guint k = 0; k < ns; k++)
            {
              lo = MIN (lo, lam[k]);
              hi = MAX (hi, lam[k]);
            }
          /* Translators: the range of an actuator's required force: its
           * id, the body it drives, the smallest and largest value, the
           * unit (N or N·m) */
          g_string_append_printf (text, _("%s%s on %s: from %.4g to %.4g %s"), j > 0 ? "\n" : "", id,
                                  src != NULL && src->body != NULL ? src->body : "?", lo, hi,
                                  unit_of (job->model, id));
        }
      set_label (self->forces_title, _("Required forces"));
      set_label (self->forces, text->str);
      g_string_free (text, TRUE);
      set_label (self->failure_label, NULL);
    }
  else
    {
      /* Translators: %s is the reason, in words */
      g_autofree char *text = g_strdup_printf (_("The prescribed motion cannot be realized: %s"),
                                               lz_program_analysis_get_failure (an));

      set_label (self->forces_title, NULL);
      set_label (self->forces, NULL);
      set_label (self->failure_label, text);
    }
}

static void
finish_pending_export (LuztarProgramView *self)
{
  g_autofree char *path = g_steal_pointer (&self->pending_export);
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  if (!luztar_program_view_export (self, path, &error))
    g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, error->message);
  else
    {
      g_autofree char *text = luztar_export_dialog_outcome (path, NULL);

      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
    }
}

static void
on_done (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  LuztarProgramView *self = LUZTAR_PROGRAM_VIEW (source);
  GTask *task = G_TASK (res);
  Job *job = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (task, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;       /* the view is gone */
  self->busy = FALSE;
  if (self->pending)
    {
      /* the model changed meanwhile: this result is already old */
      self->pending = FALSE;
      start (self);
      return;
    }
  if (job->generation == self->generation)
    {
      forget_result (self);
      if (ok)
        {
          /* the task data stays with the task: take its contents */
          Job *mine = g_new0 (Job, 1);

          *mine = *job;
          memset (job, 0, sizeof *job);
          self->result = mine;
        }
      else
        self->failure = g_strdup (error->message);
      self->stale = FALSE;
    }
  show_result (self);
  g_signal_emit (self, signals[SIGNAL_ANALYSED], 0);
  finish_pending_export (self);
}

static void
start (LuztarProgramView *self)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Job *job;

  if (self->busy)
    {
      self->pending = TRUE;
      return;
    }
  forget_result (self);
  if (self->model == NULL || !luztar_model_has_program (self->model))
    {
      self->stale = FALSE;
      show_result (self);
      g_signal_emit (self, signals[SIGNAL_ANALYSED], 0);
      finish_pending_export (self);
      return;
    }

  job = g_new0 (Job, 1);
  job->model = lz_model_copy (self->model);
  job->generation = self->generation;
  /* the assembly parses the expressions: on this thread */
  job->assembly = lz_assembly_new (job->model, &error);
  if (job->assembly == NULL)
    {
      job_free (job);
      self->failure = g_strdup (error->message);
      self->stale = FALSE;
      show_result (self);
      g_signal_emit (self, signals[SIGNAL_ANALYSED], 0);
      finish_pending_export (self);
      return;
    }
  self->busy = TRUE;
  show_result (self);
  task = g_task_new (self, self->cancellable, on_done, NULL);
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, worker);
}

/* ------------------------------------------------------------------------ */
/* API                                                                        */

GtkWidget *
luztar_program_view_new (void)
{
  return g_object_new (LUZTAR_TYPE_PROGRAM_VIEW, NULL);
}

/**
 * luztar_program_view_set_model:
 * @self: a view
 * @model: (nullable): the window's model
 *
 * The analysis belongs to one model: a new or edited model makes it
 * stale, and it is redone at once when the page is shown.
 */
void
luztar_program_view_set_model (LuztarProgramView *self,
                               LzModel           *model)
{
  g_return_if_fail (LUZTAR_IS_PROGRAM_VIEW (self));

  if (!luztar_set_model (&self->model, model))
    return;
  self->generation++;
  self->stale = TRUE;
  if (self->active)
    start (self);
  else if (!self->busy)
    {
      /* nothing old on show: the page says what is coming */
      forget_result (self);
      show_result (self);
    }
}

/**
 * luztar_program_view_set_active:
 * @self: a view
 * @active: whether the page is shown
 *
 * A shown page with a stale analysis analyses again.
 */
void
luztar_program_view_set_active (LuztarProgramView *self,
                                gboolean           active)
{
  g_return_if_fail (LUZTAR_IS_PROGRAM_VIEW (self));

  self->active = active;
  if (active && self->stale)
    start (self);
}

/**
 * luztar_program_view_analyse:
 * @self: a view
 *
 * Analyses the model again (in a worker thread); "analysed" is emitted
 * when the result is shown.
 */
void
luztar_program_view_analyse (LuztarProgramView *self)
{
  g_return_if_fail (LUZTAR_IS_PROGRAM_VIEW (self));
  self->generation++;
  self->stale = TRUE;
  start (self);
}

gboolean
luztar_program_view_is_busy (LuztarProgramView *self)
{
  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), FALSE);
  return self->busy;
}

/** luztar_program_view_is_current: Returns: whether the shown result is of the current model */
gboolean
luztar_program_view_is_current (LuztarProgramView *self)
{
  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), FALSE);
  return !self->busy && !self->stale;
}

/**
 * luztar_program_view_get_analysis:
 * @self: a view
 *
 * Returns: (transfer none) (nullable): the shown analysis
 */
const LzProgramAnalysis *
luztar_program_view_get_analysis (LuztarProgramView *self)
{
  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), NULL);
  return self->result != NULL ? self->result->analysis : NULL;
}

/**
 * luztar_program_view_get_failure:
 * @self: a view
 *
 * Returns: (nullable): why there is no analysis (the core's message)
 */
const char *
luztar_program_view_get_failure (LuztarProgramView *self)
{
  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), NULL);
  return self->failure;
}

/**
 * luztar_program_view_dup_text:
 * @self: a view
 *
 * Returns: (transfer full): every text the page shows, a line each
 */
char *
luztar_program_view_dup_text (LuztarProgramView *self)
{
  GtkLabel *labels[] = { self->heading, self->rank_label, self->index_label, self->explanation,
                         self->instants_title, self->instants, self->forces_title, self->forces,
                         self->failure_label };
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (gtk_widget_get_visible (GTK_WIDGET (labels[i])))
      g_string_append_printf (text, "%s\n", gtk_label_get_text (labels[i]));
  return g_string_free (text, FALSE);
}

LuztarPlot *
luztar_program_view_get_plot (LuztarProgramView *self)
{
  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), NULL);
  return self->plot;
}

/**
 * luztar_program_view_export:
 * @self: a view
 * @path: where: a name ending in .csv writes λ(t) as CSV (the header
 *   `t,<actuator id>,…`, as `luztar-cli program --out`), .png, .svg or
 *   .pdf the plot
 * @error: return location for a #GError
 *
 * Returns: whether the file was written
 */
gboolean
luztar_program_view_export (LuztarProgramView *self,
                            const char        *path,
                            GError           **error)
{
  const LzProgramAnalysis *an;

  g_return_val_if_fail (LUZTAR_IS_PROGRAM_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  an = luztar_program_view_get_analysis (self);
  if (an == NULL || !lz_program_analysis_is_realizable (an))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Nothing to export: the model has no realizable program motion."));
      return FALSE;
    }
  if (g_str_has_suffix (path, ".csv") || g_str_has_suffix (path, ".CSV"))
    {
      g_autofree char *csv = lz_program_analysis_to_csv (an);

      return lz_file_replace (path, csv, -1, error);
    }
  return luztar_plot_export (self->plot, path,
                             MAX (gtk_widget_get_width (GTK_WIDGET (self->plot)), EXPORT_MIN_WIDTH),
                             MAX (gtk_widget_get_height (GTK_WIDGET (self->plot)), EXPORT_MIN_HEIGHT),
                             error);
}

/* ------------------------------------------------------------------------ */
/* Widget                                                                     */

static void
on_analyse_clicked (GtkButton         *button,
                    LuztarProgramView *self)
{
  luztar_program_view_analyse (self);
}

static void
luztar_program_view_dispose (GObject *object)
{
  LuztarProgramView *self = LUZTAR_PROGRAM_VIEW (object);

  /* a running analysis's result is dropped when it comes (on_done) */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  forget_result (self);
  g_clear_pointer (&self->model, lz_model_unref);
  g_clear_pointer (&self->pending_export, g_free);
  G_OBJECT_CLASS (luztar_program_view_parent_class)->dispose (object);
}

static void
luztar_program_view_class_init (LuztarProgramViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = luztar_program_view_dispose;
  /**
   * LuztarProgramView::analysed:
   *
   * An analysis ended (with λ(t), or with a reason why not) and is shown.
   */
  signals[SIGNAL_ANALYSED] = luztar_signal_new (klass, "analysed", G_TYPE_NONE);
  /**
   * LuztarProgramView::message:
   * @text: what to tell the user (a toast)
   */
  signals[SIGNAL_MESSAGE] = luztar_signal_new (klass, "message", G_TYPE_STRING);
}

static GtkLabel *
add_label (GtkBox     *box,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* a narrow column: the plot gets the width */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_label_set_width_chars (GTK_LABEL (label), 22);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_focusable (label, FALSE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

/* The explanation keeps a narrow column and the plot takes the rest, until
 * the user moves the split. */
#define SIDE_WIDTH 300

static void
on_split_range (GtkPaned          *paned,
                GParamSpec        *pspec,
                LuztarProgramView *self)
{
  int max = 0;

  if (self->split_moved)
    return;
  g_object_get (paned, "max-position", &max, NULL);
  self->placing_split = TRUE;
  gtk_paned_set_position (paned, MAX (max - SIDE_WIDTH, max / 2));
  self->placing_split = FALSE;
}

static void
on_split_moved (GtkPaned          *paned,
                GParamSpec        *pspec,
                LuztarProgramView *self)
{
  if (!self->placing_split && gtk_widget_get_mapped (GTK_WIDGET (paned)))
    self->split_moved = TRUE;
}

static void
luztar_program_view_init (LuztarProgramView *self)
{
  GtkWidget *paned, *scroller, *side, *row, *buttons;

  self->cancellable = g_cancellable_new ();
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "luztar-program-view");

  self->plot = LUZTAR_PLOT (luztar_plot_new (LUZTAR_PLOT_TIME_SERIES));
  gtk_widget_set_hexpand (GTK_WIDGET (self->plot), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->plot), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->plot), 320, 160);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plot), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Required actuator forces"), -1);

  /* the plot and the explanation side by side, the split movable: the
   * plot takes the width the window gains */
  paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_hexpand (paned, TRUE);
  gtk_paned_set_wide_handle (GTK_PANED (paned), TRUE);
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->plot));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_box_append (GTK_BOX (self), paned);
  self->paned = GTK_PANED (paned);
  g_signal_connect (paned, "notify::max-position", G_CALLBACK (on_split_range), self);
  g_signal_connect (paned, "notify::position", G_CALLBACK (on_split_moved), self);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (scroller, 260, -1);
  gtk_widget_set_hexpand (scroller, FALSE);   /* the heading's expand stays inside */
  gtk_paned_set_end_child (GTK_PANED (paned), scroller);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);

  side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  luztar_widget_set_margins (side, 10, 12, 10, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), side);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append (GTK_BOX (side), row);
  self->heading = add_label (GTK_BOX (row), "title-4");
  /* its large font would make the column's least width wide */
  gtk_label_set_width_chars (self->heading, 12);
  gtk_widget_set_hexpand (GTK_WIDGET (self->heading), TRUE);
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->spinner));

  self->rank_label = add_label (GTK_BOX (side), "dim-label");
  self->index_label = add_label (GTK_BOX (side), NULL);
  self->explanation = add_label (GTK_BOX (side), NULL);
  self->failure_label = add_label (GTK_BOX (side), "error");
  self->instants_title = add_label (GTK_BOX (side), "heading");
  gtk_widget_set_margin_top (GTK_WIDGET (self->instants_title), 6);
  self->instants = add_label (GTK_BOX (side), NULL);
  self->forces_title = add_label (GTK_BOX (side), "heading");
  gtk_widget_set_margin_top (GTK_WIDGET (self->forces_title), 6);
  self->forces = add_label (GTK_BOX (side), NULL);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (buttons, 8);
  gtk_box_append (GTK_BOX (side), buttons);
  self->analyse_button = gtk_button_new_with_mnemonic (_("_Analyse Again"));
  gtk_widget_set_tooltip_text (self->analyse_button,
                               _("Compute the required forces again over the simulation's time span"));
  g_signal_connect (self->analyse_button, "clicked", G_CALLBACK (on_analyse_clicked), self);
  gtk_box_append (GTK_BOX (buttons), self->analyse_button);
  /* the exports on a row of their own: the column stays narrow */
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (side), buttons);
  self->export_csv_button = gtk_button_new_with_mnemonic (_("Export _CSV…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->export_csv_button), "win.export-program");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->export_csv_button), "s", ".csv");
  gtk_widget_set_tooltip_text (self->export_csv_button,
                               _("Write λ(t) as CSV with the columns t and one per actuator"));
  gtk_box_append (GTK_BOX (buttons), self->export_csv_button);
  self->export_plot_button = gtk_button_new_with_mnemonic (_("Export _Plot…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->export_plot_button), "win.export-program");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->export_plot_button), "s", ".png");
  gtk_widget_set_tooltip_text (self->export_plot_button, _("Save the plot as PNG, SVG or PDF"));
  gtk_box_append (GTK_BOX (buttons), self->export_plot_button);

  show_result (self);
}

/**
 * luztar_program_view_export_when_done:
 * @self: a view
 * @path: as for luztar_program_view_export()
 *
 * Exports once the analysis of the current model is shown: at once, or
 * when the running (or a new) analysis ends.  The outcome is told by
 * "message".
 */
void
luztar_program_view_export_when_done (LuztarProgramView *self,
                                      const char        *path)
{
  g_return_if_fail (LUZTAR_IS_PROGRAM_VIEW (self));
  luztar_set_str (&self->pending_export, path);
  if (!self->busy && !self->stale)
    finish_pending_export (self);
  else if (!self->busy)
    start (self);
}
