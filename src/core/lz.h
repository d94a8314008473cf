/* lz.h — umbrella header of the Luztar core library
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Outside src/core include only this header, so that the set of public
 * declarations stays in one place (tests/check-private-headers.sh checks).
 */

#pragma once

#include "lz-types.h"
#include "lz-error.h"
#include "lz-locale.h"
#include "lz-format.h"
#include "lz-file.h"
#include "lz-luz.h"
#include "lz-dense.h"
#include "lz-expr.h"
#include "lz-model.h"
#include "lz-model-xml.h"
#include "lz-assembler.h"
#include "lz-elements.h"
#include "lz-lcp.h"
#include "lz-trace.h"
#include "lz-integrator.h"
#include "lz-reduce.h"
#include "lz-simplify.h"
#include "lz-program.h"
#include "lz-sweep.h"
