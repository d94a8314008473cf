/* lz-simplify-private.h — the record of a closed-form elimination, for
 * putting the eliminated coordinates back (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-arms-private.h"
#include "lz-expr.h"
#include "lz-model.h"

G_BEGIN_DECLS

/* One eliminated body: its arms as they were, and how it comes back. */
typedef struct
{
  char      *body;
  gboolean   dampers;  /* held by dampers (else by springs) */
  GArray    *arms;     /* LzJointArm */
  GPtrArray *loads;    /* LzExpr: forces on the body */
  char      *merged;   /* two arms: the element they became, or NULL */
  char      *note;     /* what became what, in words */
} LzJointStep;

LzModel *lz_model_eliminate_joints_with_steps (const LzModel *model,
                                               GPtrArray     *notes,
                                               GPtrArray     *steps);
void     lz_joint_step_free                   (gpointer       step);

G_END_DECLS
