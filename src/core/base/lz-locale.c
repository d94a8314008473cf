/* lz-locale.c — locale and gettext set-up shared by every main()
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>

#include "lz-locale.h"

/**
 * lz_locale_init:
 * @locale: a locale name, or %LZ_LOCALE_DYNAMIC for the environment's
 *
 * Sets the C locale and binds the "luztar" text domain (UTF-8) in
 * LOCALEDIR.  The environment variable LUZTAR_LOCALEDIR overrides the
 * directory so that tests can use the catalogues of the build tree.
 * Numbers in model files are parsed with g_ascii_strtod(), so the numeric
 * locale never changes how a file reads.
 */
void
lz_locale_init (const char *locale)
{
  const char *dir = g_getenv ("LUZTAR_LOCALEDIR");

  setlocale (LC_ALL, locale != NULL ? locale : LZ_LOCALE_DYNAMIC);
  bindtextdomain (GETTEXT_PACKAGE, dir != NULL && *dir != '\0' ? dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
