/* lz-nodes-private.h — the node equations of massless bodies, classified
 * and disentangled (paper 000 §3, paper 003 §3.2) (core-internal)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "lz-assembler.h"
#include "lz-reduce.h"

G_BEGIN_DECLS

/* One LzMasslessNode per massless body of the assembly's model, in body
 * order; the array frees them. */
GPtrArray *lz_massless_nodes_analyse (const LzAssembly *assembly);

G_END_DECLS
