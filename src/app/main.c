/* main.c — luztar, the GTK application
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>

#include "lz.h"
#include "luztar-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr(LuztarApplication) app = NULL;

  lz_locale_init (LZ_LOCALE_DYNAMIC);
  /* GSL must report through return codes, never abort (docs/style.md, errors). */
  gsl_set_error_handler_off ();
  g_set_application_name (_("Luztar"));

  app = luztar_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
