/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

static void
on_activate (GtkApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  if (window == NULL)
    {
      window = GTK_WINDOW (adw_application_window_new (app));
      gtk_window_set_title (window, _("Parlor"));
      gtk_window_set_default_size (window, 1024, 720);
    }
  gtk_window_present (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = adw_application_new (APP_ID, G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
