/* lz-integrator-private.h — what the integrators share (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "lz-integrator.h"
#include "lz-scales.h"

G_BEGIN_DECLS

/* The base every integrator's struct starts with. */
struct LzIntegrator
{
  const struct LzIntegratorClass *klass;
  const char          *name;    /* the method's */
  LzAssembly          *assembly;
  LzIntegratorOptions  options;
  double               t;
  double               t_end;
  gboolean             started;
  LzIntegratorStats    stats;
  GPtrArray           *notes;   /* (nullable): what was done to the model first */
  LzScales             scales;  /* the model's; set by the method's new() */
  GPtrArray           *watch;   /* (nullable): the expressions watched (lz-watch.c) */
  double               stall_t;     /* lz-limits.c: time of the last step that advanced */
  guint                stall_steps; /* steps since, each advancing almost nothing */
};

LzIntegrator *lz_joints_new (const LzIntegratorType    *type,
                             LzAssembly                *assembly,
                             const LzIntegratorOptions *options,
                             GError                   **error);

/* The integrator of TYPE without the fallback for massless joints
 * (lz-integrator.c); lz_integrator_new() is the public constructor. */
LzIntegrator *lz_integrator_new_method (const LzIntegratorType    *type,
                                        LzAssembly                *assembly,
                                        const LzIntegratorOptions *options,
                                        GError                   **error);

/* lz-limits.c: the bounds of a run (defaults, checks before and after a
 * step). */
void     lz_limits_resolve     (LzIntegratorOptions       *opt);
gboolean lz_limits_check_start (const LzIntegratorOptions *opt,
                                gboolean                   fixed_step,
                                GError                   **error);
gboolean lz_limits_check_initial (LzAssembly             *assembly,
                                  const LzIntegratorOptions *opt,
                                  GError                **error);
gboolean lz_limits_check_step  (LzIntegrator              *self,
                                const LzTrace             *trace,
                                GError                   **error);

/* lz-watch.c: the model's expressions watched for non-finite values. */
GPtrArray *lz_watch_new   (const LzModel *model,
                           GError       **error);
void       lz_watch_rebase (GPtrArray    *watch);
gboolean   lz_watch_check (GPtrArray     *watch,
                           double         t0,
                           double         t1,
                           GError       **error);
gboolean   lz_watch_explain (GPtrArray   *watch,
                             double       t0,
                             double       t1,
                             GError     **error);
void       lz_watch_explain_failure (LzIntegrator *self,
                                     double        t0,
                                     double        t1,
                                     double        h,
                                     const double *y,
                                     guint         n,
                                     const char   *reason,
                                     GError      **error);

typedef struct LzIntegratorClass
{
  const char    *name;
  LzIntegrator *(*new)   (LzAssembly                *assembly,
                          const LzIntegratorOptions *options,
                          GError                   **error);
  void          (*start) (LzIntegrator              *self,
                          LzTrace                   *trace);
  LzStepResult  (*step)  (LzIntegrator              *self,
                          double                     t_limit,
                          LzTrace                   *trace,
                          GError                   **error);
  void          (*free)  (LzIntegrator              *self);
} LzIntegratorClass;

G_END_DECLS
