/* luztar-text-fit.h — a label shortened to a width at its words' ends, never inside a word
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pango.h>

G_BEGIN_DECLS

char *luztar_text_fit (PangoLayout *layout,
                       const char  *text,
                       int          width);

G_END_DECLS
