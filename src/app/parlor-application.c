/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-application"

#include "config.h"

#include <epoxy/gl.h>
#include <glib/gi18n.h>
#include <string.h>

#include "parlor-application.h"
#include "parlor-preferences.h"
#include "parlor-recorder.h"
#include "parlor-statistics.h"
#include "parlor-screen-util.h"
#include "parlor-window.h"

struct _ParlorApplication
{
  AdwApplication  parent_instance;

  ParlorSettings *settings;
  ParlorSound    *sound;
  char           *play_game;
};

G_DEFINE_FINAL_TYPE (ParlorApplication, parlor_application, ADW_TYPE_APPLICATION)

ParlorApplication *
parlor_application_new (void)
{
  return g_object_new (PARLOR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/parlorgames/Parlor",
                       NULL);
}

ParlorSettings *
parlor_application_get_settings (ParlorApplication *self)
{
  g_return_val_if_fail (PARLOR_IS_APPLICATION (self), NULL);
  return self->settings;
}

ParlorSound *
parlor_application_get_sound (ParlorApplication *self)
{
  g_return_val_if_fail (PARLOR_IS_APPLICATION (self), NULL);
  return self->sound;
}

static void
parlor_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  ParlorApplication *self = PARLOR_APPLICATION (app);

  if (window == NULL)
    window = GTK_WINDOW (parlor_window_new (self));

  gtk_window_present (window);

  if (self->play_game != NULL)
    {
      g_autofree char *id = g_steal_pointer (&self->play_game);

      if (!parlor_window_play (PARLOR_WINDOW (window), id))
        g_printerr (_("There is no game called “%s”.\n"), id);
    }
}

/* The desktop session is ending: every game against the computer is
 * written now (it also is after every move). */
/* `parlor FILE…`: each replay in a viewer over the main window. */
static void
parlor_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  GtkWindow *window;

  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (PARLOR_IS_WINDOW (l->data))
      window = l->data;
  if (!PARLOR_IS_WINDOW (window))
    return;
  for (int i = 0; i < n_files; i++)
    parlor_window_open_replay (PARLOR_WINDOW (window), files[i]);
}

static void
on_query_end (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (PARLOR_IS_WINDOW (l->data))
      parlor_window_save_game (l->data);
}

gboolean
parlor_application_is_software_gl (const char *gl_renderer)
{
  static const char * const software[] = { "llvmpipe", "softpipe", "swrast", "Software Rasterizer" };

  g_return_val_if_fail (gl_renderer != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (software); i++)
    if (strstr (gl_renderer, software[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* GTK 4.8's GL renderer repaints the whole window each frame where the driver cannot tell
 * what is still on screen; on a GL drawn by the CPU that makes every tick of a turn clock
 * cost tens of milliseconds, where cairo repaints only the changed label. A GPU keeps GL,
 * and a GSK_RENDERER the user set is left alone. */
static void
choose_renderer (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GdkGLContext) context = NULL;
  const char *gl_renderer;

  if (g_getenv ("GSK_RENDERER") != NULL || display == NULL)
    return;
  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return;
  gdk_gl_context_make_current (context);
  gl_renderer = (const char *) glGetString (GL_RENDERER);
  if (gl_renderer != NULL && parlor_application_is_software_gl (gl_renderer))
    {
      g_debug ("GL is drawn by %s: cairo draws the windows", gl_renderer);
      g_setenv ("GSK_RENDERER", "cairo", TRUE);
    }
  gdk_gl_context_clear_current ();
}

static void
parlor_application_startup (GApplication *app)
{
  ParlorApplication *self = PARLOR_APPLICATION (app);

  G_APPLICATION_CLASS (parlor_application_parent_class)->startup (app);

  choose_renderer ();

  gtk_window_set_default_icon_name (APP_ID);
  parlor_name_mnemonic_controls ();
  parlor_hide_unseen_pages ();
  self->settings = parlor_settings_new ();
  self->sound = parlor_sound_new ();
  g_object_bind_property (self->settings, "volume", self->sound, "volume", G_BINDING_SYNC_CREATE);
  g_signal_connect (self, "query-end", G_CALLBACK (on_query_end), NULL);
  /* Games finished when the app last stopped go to the records now. */
  parlor_recorder_finish_pending ();
}

static void
parlor_application_shutdown (GApplication *app)
{
  ParlorApplication *self = PARLOR_APPLICATION (app);

  G_APPLICATION_CLASS (parlor_application_parent_class)->shutdown (app);

  g_clear_object (&self->sound);
  g_clear_object (&self->settings);
}

static int
parlor_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  ParlorApplication *self = PARLOR_APPLICATION (app);

  g_variant_dict_lookup (options, "play", "s", &self->play_game);

  return -1;
}

static void
parlor_application_finalize (GObject *object)
{
  ParlorApplication *self = PARLOR_APPLICATION (object);

  g_free (self->play_game);

  G_OBJECT_CLASS (parlor_application_parent_class)->finalize (object);
}

static void
parlor_application_class_init (ParlorApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = parlor_application_finalize;
  app_class->handle_local_options = parlor_application_handle_local_options;

  app_class->activate = parlor_application_activate;
  app_class->open = parlor_application_open;
  app_class->startup = parlor_application_startup;
  app_class->shutdown = parlor_application_shutdown;
}

static void
on_quit (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* A LAN game in progress is not left without asking; a game against
   * the computer is saved and resumed next time. */
  for (GList *l = windows; l != NULL; l = l->next)
    if (PARLOR_IS_WINDOW (l->data) && !parlor_window_get_quit_confirmed (l->data) &&
        parlor_window_needs_quit_question (l->data))
      {
        parlor_window_confirm_quit (l->data);
        return;
      }
  for (GList *l = windows; l != NULL; l = l->next)
    if (PARLOR_IS_WINDOW (l->data))
      {
        parlor_window_save_game (l->data);
        parlor_window_save_state (l->data);
      }

  /* Closing each window lets it stop its game cleanly. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_destroy (window);
    }
  g_application_quit (G_APPLICATION (app));
}

static void
on_preferences (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  ParlorApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  ParlorPreferences *prefs = parlor_preferences_new (self->settings);

  if (PARLOR_IS_WINDOW (parent))
    parlor_window_present_dialog (PARLOR_WINDOW (parent), GTK_WINDOW (prefs));
  else
    {
      gtk_window_set_transient_for (GTK_WINDOW (prefs), parent);
      gtk_window_present (GTK_WINDOW (prefs));
    }
}

static void
on_statistics (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *game_id = PARLOR_IS_WINDOW (parent) ? parlor_window_get_game_id (PARLOR_WINDOW (parent))
                                                  : NULL;
  ParlorStatistics *stats = parlor_statistics_new (game_id);

  if (PARLOR_IS_WINDOW (parent))
    parlor_window_present_dialog (PARLOR_WINDOW (parent), GTK_WINDOW (stats));
  else
    {
      gtk_window_set_transient_for (GTK_WINDOW (stats), parent);
      gtk_window_present (GTK_WINDOW (stats));
    }
}

static void
on_about (GSimpleAction *action,
          GVariant      *param,
          gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Parlor developers", NULL };
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkWidget *about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                         "application-name", _("Parlor"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Parlor developers"),
                         "version", PACKAGE_VERSION,
                         "website", "https://github.com/parlorgames/parlor",
                         "issue-url", "https://github.com/parlorgames/parlor/issues",
                         "comments", _("Tabletop games for GNOME: play against the computer or with friends on your network."),
                         "copyright", "© 2026 The Parlor developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);

  if (PARLOR_IS_WINDOW (parent))
    parlor_window_present_dialog (PARLOR_WINDOW (parent), GTK_WINDOW (about));
  else
    {
      gtk_window_set_transient_for (GTK_WINDOW (about), parent);
      gtk_window_present (GTK_WINDOW (about));
    }
}

/* The installed help, or the pages in $PARLOR_HELP_DIR (a folder with one
 * folder per language, as help/ in the sources) for a build not installed. */
char *
parlor_application_dup_help_uri (void)
{
  const char *dir = g_getenv ("PARLOR_HELP_DIR");
  const char * const *languages = g_get_language_names ();

  if (dir == NULL || *dir == '\0')
    return g_strdup ("help:" APP_ID);
  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *pages = g_build_filename (dir, languages[i], NULL);
      g_autofree char *index = g_build_filename (pages, "index.page", NULL);

      if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
        return g_strconcat ("ghelp:", pages, NULL);
    }
  return g_strconcat ("ghelp:", dir, G_DIR_SEPARATOR_S, "C", NULL);
}

/* The folder of the help's pages that @uri names, for a player without a
 * help viewer. */
static char *
dup_help_location (const char *uri)
{
  const char * const *languages = g_get_language_names ();
  const char * const *dirs = g_get_system_data_dirs ();
  g_autofree char *datadir = g_path_get_dirname (PKGDATADIR);

  if (g_str_has_prefix (uri, "ghelp:"))
    return g_strdup (uri + strlen ("ghelp:"));
  for (guint i = 0; languages[i] != NULL; i++)
    for (guint d = 0; dirs[d] != NULL; d++)
      {
        g_autofree char *pages = g_build_filename (dirs[d], "help", languages[i], APP_ID, NULL);
        g_autofree char *index = g_build_filename (pages, "index.page", NULL);

        if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
          return g_steal_pointer (&pages);
      }
  return g_build_filename (datadir, "help", "C", APP_ID, NULL);
}

static void
on_help_missing_response (AdwMessageDialog *dialog,
                          const char       *response)
{
  if (g_str_equal (response, "copy"))
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (dialog)),
                            g_object_get_data (G_OBJECT (dialog), "location"));
}

/* No help viewer took the help: say so, and where the pages are. */
static void
show_help_missing (GtkWindow    *parent,
                   const char   *uri,
                   const GError *error)
{
  g_autofree char *location = dup_help_location (uri);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_debug ("No help viewer for %s: %s", uri, error->message);
  /* Translators: %s is a folder, "/usr/share/help/C/io.github.parlorgames.Parlor" */
  body = g_strdup_printf (_("No help viewer could be started. Install GNOME’s help viewer, Yelp, "
                            "to read the help here. The help pages are in this folder:\n%s"),
                          location);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("The Help Cannot Be Shown"), body));
  adw_message_dialog_add_responses (dialog,
                                    "copy", _("_Copy Location"),
                                    "close", _("_Close"),
                                    NULL);
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  g_object_set_data_full (G_OBJECT (dialog), "location", g_steal_pointer (&location), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_help_missing_response), NULL);
  if (PARLOR_IS_WINDOW (parent))
    parlor_window_present_dialog (PARLOR_WINDOW (parent), GTK_WINDOW (dialog));
  else
    gtk_window_present (GTK_WINDOW (dialog));
}

typedef struct
{
  GtkWindow *parent;
  char      *uri;
} HelpShow;

static void
on_help_shown (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  HelpShow *show = data;
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (show->parent, result, &error))
    show_help_missing (show->parent, show->uri, error);
  g_clear_object (&show->parent);
  g_free (show->uri);
  g_free (show);
}

/* $PARLOR_HELP_VIEWER, when set, is the command that shows the help (its
 * URI added); otherwise the desktop's handler of help: URIs. */
static void
on_help (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  g_autofree char *uri = parlor_application_dup_help_uri ();
  const char *viewer = g_getenv ("PARLOR_HELP_VIEWER");
  HelpShow *show;

  if (viewer != NULL && *viewer != '\0')
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GAppInfo) app = NULL;
      g_auto(GStrv) argv = NULL;
      g_autofree char *program = NULL;
      GList uris = { .data = uri };

      /* A command that is not there would be started in vain, silently. */
      if (g_shell_parse_argv (viewer, NULL, &argv, &error) &&
          (program = g_find_program_in_path (argv[0])) == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s is not a program", argv[0]);
      if (program != NULL)
        app = g_app_info_create_from_commandline (viewer, NULL, G_APP_INFO_CREATE_SUPPORTS_URIS, &error);
      if (app == NULL || !g_app_info_launch_uris (app, &uris, NULL, &error))
        show_help_missing (parent, uri, error);
      return;
    }
  show = g_new0 (HelpShow, 1);
  show->parent = parent != NULL ? g_object_ref (parent) : NULL;
  show->uri = g_strdup (uri);
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, on_help_shown, show);
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = on_quit },
  { .name = "help", .activate = on_help },
  { .name = "preferences", .activate = on_preferences },
  { .name = "statistics", .activate = on_statistics },
  { .name = "about", .activate = on_about },
};

static void
parlor_application_init (ParlorApplication *self)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *prefs_accels[] = { "<Control>comma", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };
  static const char *fullscreen_accels[] = { "F11", NULL };
  static const char *back_accels[] = { "<Alt>Left", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *pause_accels[] = { "<Control>p", NULL };
  static const char *undo_accels[] = { "<Control>z", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *hint_accels[] = { "<Control>h", NULL };

  static const GOptionEntry options[] = {
    { "play", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Start a game against the computer at once"), N_("GAME") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", prefs_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.new-game", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.fullscreen", fullscreen_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.back", back_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.pause", pause_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.open-replay", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.hint", hint_accels);
}
