/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "parlor-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ParlorApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* build-aux/dev runs the app from the build tree with its fresh translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PARLOR_LOCALEDIR") != NULL ? g_getenv ("PARLOR_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* What the desktop and screen readers call the app, not its program name. */
  g_set_application_name (_("Parlor"));
  app = parlor_application_new ();
  /* The desktop session's end ("query-end") writes the game in progress. */
  g_object_set (app, "register-session", TRUE, NULL);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
