/* cli-sweep.c — luztar-cli sweep: many runs of one model, a row of
 * measures each, on all cores (and on a cluster through MPI)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lz.h"
#include "cli.h"
#include "cli-sweep.h"

/* The progress line is redrawn at most this often (s). */
#define PROGRESS_INTERVAL 0.2

static const LzCliSpec spec = {
  .name = "sweep",
  .summary = N_("Run the model of FILE for every point of a parameter grid (--set) or for Monte\n"
                "Carlo draws (--monte-carlo, --vary) and write one row per run: the parameters,\n"
                "then the final state, extremes, stick/contact/engaged intervals, impacts, the\n"
                "detected period, the dissipated energy and stroboscopic samples. A failed run\n"
                "is a row with its message; the sweep goes on. The rows are the same for any\n"
                "--jobs.\n"),
  .description = N_("Example:\n"
                    "  luztar-cli sweep --set f1.level=0.1:1:10 --set k1.k=log:10:1000:5 model.luztar\n"),
  .exit_ok = N_("success (failed runs included: they are rows with their message)"),
  .exit_usage = N_("usage error (unknown option, a parameter the model does not have, a bad range)"),
  .exit_bad = N_("the model does not load, or the results cannot be written"),
  .flags = LZ_CLI_ONE_FILE | LZ_CLI_OPTION_OUTPUT,
};

/* Reads the options into SWEEP; returns an exit code, or -1 to go on. */
static int
configure (LzSweep         *sweep,
           LzModel         *model,
           SweepOptions    *o)
{
  g_autoptr(GError) error = NULL;
  LzIntegratorOptions options;
  LzSweepMeasures measures = { 0 };
  const LzIntegratorType *type;

  lz_integrator_options_init (&options);
  if (!lz_cli_run_options_apply (spec.name, &o->run, &options)
      || !lz_cli_parse_number (spec.name, "--after", o->after, &measures.after)
      || !lz_cli_parse_number (spec.name, "--strobe", o->strobe, &measures.strobe_period))
    return LZ_CLI_EXIT_USAGE;
  type = lz_cli_method (spec.name, o->run.method, model);
  if (type == NULL)
    return LZ_CLI_EXIT_USAGE;
  lz_sweep_set_method (sweep, type, &options);
  if ((o->strobe != NULL || o->strobe_frequency != NULL) && o->strobe_count <= 0)
    o->strobe_count = 1;
  if (o->strobe_count < 0 || o->monte_carlo < 0 || o->jobs < 0)
    return lz_cli_usage_error (spec.name, _("counts must not be negative"));
  measures.strobe_count = o->strobe_count;
  measures.when = o->when;
  if (o->strobe != NULL && o->strobe_frequency != NULL)
    return lz_cli_usage_error (spec.name, _("--strobe and --strobe-frequency exclude each other"));
  for (guint i = 0; o->templates != NULL && o->templates[i] != NULL; i++)
    if (!lz_sweep_add_template (sweep, o->templates[i], &error))
      return lz_cli_usage_error (spec.name, "--template %s", error->message);
  for (guint i = 0; o->set != NULL && o->set[i] != NULL; i++)
    if (!lz_sweep_add_set (sweep, o->set[i], &error))
      return lz_cli_usage_error (spec.name, "--set %s", error->message);
  for (guint i = 0; o->vary != NULL && o->vary[i] != NULL; i++)
    if (!lz_sweep_add_vary (sweep, o->vary[i], &error))
      return lz_cli_usage_error (spec.name, "--vary %s", error->message);
  if ((o->vary != NULL) != (o->monte_carlo > 0))
    return lz_cli_usage_error (spec.name, _("--monte-carlo N and --vary go together"));
  lz_sweep_set_monte_carlo (sweep, o->monte_carlo, (guint64) o->seed);
  if (!lz_sweep_set_strobe_frequency (sweep, o->strobe_frequency, &error))
    return lz_cli_usage_error (spec.name, "--strobe-frequency %s", error->message);
  if (!lz_sweep_set_measures (sweep, &measures, &error))
    return lz_cli_usage_error (spec.name, "%s", error->message);
  if (o->format != NULL && strcmp (o->format, "csv") != 0 && strcmp (o->format, "json") != 0)
    return lz_cli_usage_error (spec.name, _("unknown format “%s” (use csv or json)"), o->format);
  if (o->resume != NULL && o->format != NULL && strcmp (o->format, "json") == 0)
    return lz_cli_usage_error (spec.name, _("--resume continues a CSV file; a JSON sweep starts anew"));
  if (o->resume != NULL && o->out != NULL && strcmp (o->resume, o->out) != 0)
    return lz_cli_usage_error (spec.name, _("--resume FILE writes FILE: leave out --output or give the same file"));
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                    */

/* Reopens FILE for appending after its last complete row; FIRST gets the
 * number of rows it holds. */
static gboolean
sweep_resume (SweepOutput *out,
              const char  *file,
              const char  *header,
              guint       *first,
              GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0, keep;
  const char *p;
  guint rows = 0;

  if (!g_file_get_contents (file, &data, &length, NULL))
    data = g_strdup (""), length = 0;
  if (length > 0 && !g_str_has_prefix (data, header))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not the output of this sweep (its header differs): "
                     "resume with the same model, parameters and measures"), file);
      return FALSE;
    }
  /* complete rows end with a line end; a row cut by the interruption
   * is dropped and computed again */
  keep = length > 0 ? strlen (header) : 0;
  for (p = data + keep; (p = strchr (p, '\n')) != NULL; p++)
    {
      rows++;
      keep = p + 1 - data;
    }
  out->stream = g_fopen (file, length > 0 ? "r+" : "w");
  if (out->stream == NULL || (length > 0 && (ftruncate (fileno (out->stream), keep) != 0
                                             || fseek (out->stream, keep, SEEK_SET) != 0)))
    {
      int saved = errno;

      if (out->stream != NULL)
        fclose (out->stream);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("cannot continue “%s”: %s"), file, g_strerror (saved));
      return FALSE;
    }
  out->owned = TRUE;
  if (length == 0)
    fputs (header, out->stream);
  *first = rows;
  return TRUE;
}

gboolean
sweep_output_open (SweepOutput  *out,
                   LzSweep      *sweep,
                   SweepOptions *o,
                   guint        *first,
                   GError      **error)
{
  g_autofree char *header = lz_sweep_dup_csv_header (sweep);

  out->sweep = sweep;
  out->json = o->format != NULL && strcmp (o->format, "json") == 0;
  out->stream = stdout;
  *first = 0;
  if (o->resume != NULL)
    return sweep_resume (out, o->resume, header, first, error);
  if (o->out != NULL && strcmp (o->out, "-") != 0)
    {
      out->stream = g_fopen (o->out, "w");
      if (out->stream == NULL)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("cannot write “%s”: %s"), o->out, g_strerror (saved));
          return FALSE;
        }
      out->owned = TRUE;
    }
  if (out->json)
    fputs ("{\"format\": \"luztar-sweep\", \"version\": 1, \"runs\": [", out->stream);
  else
    fputs (header, out->stream);
  return TRUE;
}

/* A row as the output writes it: a CSV line, or a JSON object (without
 * the separator the output puts between them); a run stopped at a limit
 * names the option that raises it. */
char *
sweep_format_row (SweepOutput      *out,
                  const LzSweepRow *row)
{
  LzSweepRow told = *row;
  g_autofree char *error = NULL;

  if (row->error != NULL)
    told.error = error = lz_cli_limits_message (LZ_ERROR, row->error_code, row->error);
  return out->json ? lz_sweep_row_to_json (out->sweep, &told) : lz_sweep_row_to_csv (out->sweep, &told);
}

gboolean
sweep_output_text (SweepOutput *out,
                   const char  *text)
{
  if (out->json)
    fputs (out->rows > 0 ? ",\n  " : "\n  ", out->stream);
  fputs (text, out->stream);
  out->rows++;
  /* a row on disk is a row a resumed sweep need not redo */
  return fflush (out->stream) == 0;
}

static gboolean
sweep_output_row (SweepOutput      *out,
                  const LzSweepRow *row)
{
  g_autofree char *text = sweep_format_row (out, row);

  return sweep_output_text (out, text);
}

gboolean
sweep_output_close (SweepOutput *out,
                    GError     **error)
{
  int saved = 0;     /* the first failure's errno: later calls overwrite errno */

  if (out->json)
    fputs ("\n]}\n", out->stream);
  if ((fflush (out->stream) != 0 || ferror (out->stream)) && saved == 0)
    saved = errno != 0 ? errno : EIO;
  if (out->owned)
    {
      /* a device or a pipe cannot be synced (EINVAL): nothing to sync */
      if (fsync (fileno (out->stream)) != 0 && errno != EINVAL && saved == 0)
        saved = errno;
      if (fclose (out->stream) != 0 && saved == 0)
        saved = errno;
    }
  if (saved != 0)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("the results could not be written: %s"),
                 g_strerror (saved));
  return saved == 0;
}

/* ------------------------------------------------------------------------ */
/* Progress                                                                  */

void
sweep_progress (SweepProgress *progress,
                guint          done,
                gboolean       final)
{
  double elapsed, rate, eta;
  int width = 30, filled;

  if (!progress->tty)
    return;
  elapsed = g_timer_elapsed (progress->timer, NULL);
  if (!final && elapsed - progress->shown < PROGRESS_INTERVAL)
    return;
  progress->shown = elapsed;
  rate = elapsed > 0 ? done / elapsed : 0;
  eta = rate > 0 ? (progress->total - progress->start - done) / rate : 0;
  filled = progress->total > 0 ? (int) (width * (double) (progress->start + done) / progress->total) : width;
  g_printerr ("\r[%.*s%*s] %u/%u  ", filled, "##############################", width - filled, "",
              progress->start + done, progress->total);
  /* TRANSLATORS: the sweep's progress: runs per second and the time left */
  g_printerr (_("%.1f runs/s, %.0f s left "), rate, eta);
  if (final)
    g_printerr ("\n");
}

static gboolean
on_row (const LzSweepRow *row,
        guint             done,
        gpointer          user_data)
{
  SweepState *state = user_data;

  sweep_progress (&state->progress, done, FALSE);
  return sweep_output_row (&state->output, row);
}

/* ------------------------------------------------------------------------ */
/* The command                                                               */

/* The strings of the options (the run's included) are freed through the
 * table that filled them. */
static void
options_clear (SweepOptions *o)
{
  g_clear_pointer (&o->entries, lz_cli_entries_free);
  g_clear_pointer (&o->out, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SweepOptions, options_clear)

/* Parses argv and loads the model into a sweep; an exit code or -1. */
static int
sweep_prepare (int            argc,
               char         **argv,
               SweepOptions  *o,
               LzSweep      **sweep_out)
{
  g_auto(LzCliArgs) args = { 0 };
  const GOptionEntry before[] = {
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->set,
      N_("a grid dimension: ID.PARAM=FROM:TO:COUNT, log:FROM:TO:COUNT or V1,V2,… (repeat for a grid)"),
      "SPEC" },
    { "template", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->templates,
      N_("an expression with named constants, ID.PARAM=TEXT, e.g. F.value=P*cos(w*t): each name is a parameter ID.NAME for --set or --vary"),
      "SPEC" },
    { "monte-carlo", 0, 0, G_OPTION_ARG_INT, &o->monte_carlo, N_("Monte Carlo runs (per grid point)"), "N" },
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->vary,
      N_("a random parameter: ID.PARAM=normal(MEAN,SD), uniform(LOW,HIGH) or lognormal(MU,SIGMA)"),
      "SPEC" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed, N_("seed of the random streams (default 0)"), "S" },
    G_OPTION_ENTRY_NULL
  };
  const GOptionEntry after[] = {
    { "after", 0, 0, G_OPTION_ARG_STRING, &o->after,
      N_("measure over t ≥ T only (leave out the transient)"), "T" },
    { "strobe", 0, 0, G_OPTION_ARG_STRING, &o->strobe,
      N_("stroboscopic samples every PERIOD seconds from --after on (a Poincaré section)"), "PERIOD" },
    { "strobe-frequency", 0, 0, G_OPTION_ARG_STRING, &o->strobe_frequency,
      N_("strobe each run every 2π/ω seconds, ω being its value of PARAM (a bifurcation diagram over a forcing frequency)"),
      "PARAM" },
    { "strobe-count", 0, 0, G_OPTION_ARG_INT, &o->strobe_count, N_("how many stroboscopic samples"), "N" },
    { "when", 0, 0, G_OPTION_ARG_STRING, &o->when,
      N_("measure the first time ID.QTY OP VALUE holds (q, v, g, gdot, force; <, <=, >, >=)"), "COND" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format, N_("csv (default) or json"), "FORMAT" },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &o->resume,
      N_("continue an interrupted sweep whose CSV is FILE, without redoing its rows"), "FILE" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs, N_("runs in parallel (default: every core)"), "N" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(LzModel) model = NULL;
  g_autoptr(LzSweep) sweep = NULL;
  int code;

  o->entries = lz_cli_run_options_entries (&o->run, N_("sampling interval of each run in seconds (default: t-end/2000)"),
                                           before, after);
  if (!lz_cli_args_parse (&args, &spec, o->entries, argc, argv))
    return LZ_CLI_EXIT_USAGE;
  o->out = g_strdup (args.output);
  model = lz_cli_load_model (args.file);
  if (model == NULL)
    return LZ_CLI_EXIT_BAD_INPUT;
  sweep = lz_sweep_new (model, args.file);
  code = configure (sweep, model, o);
  if (code >= 0)
    return code;
  *sweep_out = g_steal_pointer (&sweep);
  return -1;
}

/**
 * lz_cli_sweep:
 * @argc: number of arguments, argv[0] being "sweep"
 * @argv: the arguments
 *
 * Returns: 0 on success, 1 on a usage error, 2 when the model does not
 *   load or the results cannot be written
 */
int
lz_cli_sweep (int    argc,
              char **argv)
{
  g_auto(SweepOptions) o = { .jobs = 0 };
  SweepState state = { 0 };
  g_autoptr(LzSweep) sweep = NULL;
  g_autoptr(GError) error = NULL;
  guint first;
  int code = sweep_prepare (argc, argv, &o, &sweep);

  if (code >= 0)
    return code;
#ifdef HAVE_MPI
  if (sweep_mpi_size () > 1)
    return sweep_mpi (sweep, &o);
#endif
  if (!sweep_output_open (&state.output, sweep, &o, &first, &error))
    {
      g_printerr ("luztar-cli sweep: %s\n", error->message);
      return LZ_CLI_EXIT_BAD_INPUT;
    }
  state.progress.tty = isatty (fileno (stderr)) && (state.output.owned || !isatty (fileno (stdout)));
  state.progress.timer = g_timer_new ();
  state.progress.start = first;
  state.progress.total = lz_sweep_get_n_runs (sweep);
  if (!lz_sweep_run (sweep, o.jobs, first, 0, on_row, &state, &error))
    {
      g_printerr ("luztar-cli sweep: %s\n", error->message);
      code = LZ_CLI_EXIT_BAD_INPUT;
    }
  sweep_progress (&state.progress, state.output.rows, TRUE);
  g_clear_pointer (&state.progress.timer, g_timer_destroy);
  g_clear_error (&error);
  if (!sweep_output_close (&state.output, &error))
    {
      g_printerr ("luztar-cli sweep: %s\n", error->message);
      code = LZ_CLI_EXIT_BAD_INPUT;
    }
  return code >= 0 ? code : LZ_CLI_EXIT_OK;
}
