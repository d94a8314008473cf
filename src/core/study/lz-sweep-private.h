/* lz-sweep-private.h — what the sweep's files share (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-sweep.h"

G_BEGIN_DECLS

/* Rows of a run when the user gives no sampling interval (with a strobe,
 * at least that many and a whole number per strobe period, so that the
 * strobe times are rows). */
#define DEFAULT_SAMPLES 2000

typedef enum
{
  DIST_NONE,           /* a grid dimension */
  DIST_NORMAL,
  DIST_UNIFORM,
  DIST_LOGNORMAL,
} SweepDist;

typedef struct
{
  char     *name;      /* "k1.k" */
  char     *id;        /* "k1", or "simulation" */
  char     *key;       /* "k" */
  gboolean  simulation;
  guint     n_values;  /* a grid dimension: its values */
  double   *values;
  SweepDist dist;      /* Monte Carlo: the distribution and its two numbers */
  double    d1, d2;
  int       tmpl;      /* a name in template tmpl (-1: a parameter of the model) */
  guint     tmpl_name; /* which of its names */
} SweepParam;

/* An expression parameter given as a text with named constants
 * (lz_sweep_add_template()): "F.value" = "P*cos(w*t)" with the names P
 * and w, which become the sweep's parameters "F.P" and "F.w". */
typedef struct
{
  char     *id;        /* "F" */
  char     *key;       /* "value" */
  char     *text;      /* "P*cos(w*t)" */
  GPtrArray *names;    /* char *: "P", "w" */
} SweepTemplate;

/* What a measure column is. */
typedef enum
{
  MEASURE_Q_END, MEASURE_V_END, MEASURE_Q_MIN, MEASURE_Q_MAX,
  MEASURE_MODE_COUNT, MEASURE_MODE_TIME, MEASURE_IMPACTS_OF,
  MEASURE_IMPACTS, MEASURE_PERIOD,
  MEASURE_E_DAMPING, MEASURE_E_FRICTION, MEASURE_E_IMPACTS,
  MEASURE_WHEN, MEASURE_STROBE_Q, MEASURE_STROBE_V,
} MeasureKind;

typedef enum
{
  WHEN_Q, WHEN_V, WHEN_G, WHEN_GDOT, WHEN_FORCE,
} WhenQuantity;

struct LzSweep
{
  gatomicrefcount ref_count;
  LzModel   *model;
  char      *file;
  GPtrArray *params;           /* SweepParam */
  GPtrArray *templates;        /* SweepTemplate */
  int        strobe_param;     /* the parameter that is ω of the strobe (-1: none) */
  guint      mc_count;
  guint64    seed;
  const LzIntegratorType *type;
  LzIntegratorOptions options;

  /* the measures */
  double     after;
  double     strobe_period;
  guint      strobe_count;
  char      *when_text;
  WhenQuantity when_quantity;
  guint      when_index;
  gboolean   when_above;       /* > or >= */
  gboolean   when_strict;      /* < or > */
  double     when_value;
  GPtrArray *measure_names;    /* char * */
  MeasureKind *measure_kind;
  int       *measure_index;    /* body, element or strobe sample */
};

gboolean measures_setup (LzSweep               *self,
                         const LzSweepMeasures *measures,
                         GError               **error);
void     measure_trace  (const LzSweep         *self,
                         const LzTrace         *trace,
                         double                 strobe_period,
                         double                *measures);

G_END_DECLS
