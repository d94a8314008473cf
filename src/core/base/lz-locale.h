/* lz-locale.h — locale and gettext set-up shared by every main()
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Pass to lz_locale_init() to take the locale from the environment. */
#define LZ_LOCALE_DYNAMIC ""

void lz_locale_init (const char *locale);

G_END_DECLS
