/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "parlor-client.h"
#include "parlor-game-screen.h"
#include "parlor-games.h"
#include "parlor-host-window.h"
#include "parlor-replay.h"
#include "parlor-saved-game.h"
#include "parlor-server.h"
#include "parlor-session.h"
#include "ui-test-util.h"

/*
 * Journeys where features meet: a saved game on the setup page, and a
 * hosted table's claim windows.
 */

/* The setup page's offer to continue, when it shows. */
static gboolean
continue_shown (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Continue Game") == 0)
    return gtk_widget_get_mapped (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (continue_shown (child))
      return TRUE;
  return FALSE;
}

static gboolean
screen_offers_continue (gpointer screen)
{
  return continue_shown (screen);
}

/* A triad game saved with @seats, its deal recorded. */
static char *
triad_saved (const char *seats)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(ParlorGame) game = info->new_game ("", 1, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "replay version=1\ngame id=triad seed=1 config=\n%s", seats);
  parlor_game_start (game, events);
  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *record = parlor_replay_format_event (g_ptr_array_index (events, i), NULL);

      g_string_append_printf (text, "%s\n", record);
    }
  return g_string_free (text, FALSE);
}

static gboolean
saved_file_gone (gpointer path)
{
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The setup page offers Continue only for a saved game known to be
 * playable: never while it is being checked, never for one that cannot
 * be played on (set aside, and said so), and once checked, a playable one. */
static void
test_saved_bar (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *remote = triad_saved ("seat index=0 name=A kind=local\nseat index=1 name=B kind=remote\n");
  g_autofree char *valid = triad_saved ("seat index=0 name=A kind=local\nseat index=1 name=B kind=ai level=easy\n");
  GtkWidget *screen;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, remote, -1, NULL));
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  ui_test_iterate (50);
  g_assert_false (continue_shown (screen));
  ui_test_wait_for (saved_file_gone, path);
  ui_test_iterate (50);
  g_assert_false (continue_shown (screen));
  g_assert_nonnull (strstr (parlor_window_get_announcement (window), "set aside"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));

  /* A playable one is offered once checked, and goes on. */
  g_assert_true (g_file_set_contents (path, valid, -1, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  ui_test_wait_for (screen_offers_continue, screen);
  ui_test_screenshot (GTK_WIDGET (window), "journeys-saved-bar");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  parlor_saved_game_remove ("triad");
}

typedef struct
{
  ParlorClient *client;
  gboolean      connected;
  GError       *failure;
} Guest;

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      data)
{
  Guest *guest = data;

  guest->connected = parlor_client_connect_finish (PARLOR_CLIENT (object), result, &guest->failure);
}

static gboolean
guest_connected (gpointer data)
{
  Guest *guest = data;

  return guest->connected || guest->failure != NULL;
}

static gboolean
host_playing (gpointer screen)
{
  ParlorSession *session = parlor_game_screen_get_session (screen);

  return session != NULL && parlor_session_get_table (session) != NULL &&
         parlor_table_is_started (parlor_session_get_table (session));
}

/* The claim wait set in Preferences is the one the hosted table keeps
 * once a guest sits at it. */
static void
test_claim_minimum (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  GSettings *gsettings = parlor_settings_get_settings (settings);
  ParlorHostWindow *host;
  GtkWidget *screen;
  Guest guest = { 0 };
  g_autofree char *address = NULL;

  g_assert_true (g_settings_set_uint (gsettings, "lan-claim-minimum", 1500));
  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  host = parlor_window_host_lan (window);
  g_assert_nonnull (host);

  guest.client = parlor_client_new ("Guest");
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host));
  parlor_client_connect_async (guest.client, address, 10, NULL, on_connected, &guest);
  ui_test_wait_for (guest_connected, &guest);
  g_assert_no_error (guest.failure);
  parlor_client_join (guest.client, NULL);
  ui_test_wait_for (ui_test_two_players, host);
  g_assert_true (parlor_host_window_start (host));
  screen = parlor_window_get_screen (window);
  ui_test_wait_for (host_playing, screen);
  g_assert_cmpuint (parlor_table_get_claim_minimum (parlor_session_get_table (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen)))),
                    ==, 1500);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_clear_object (&guest.client);
  g_settings_reset (gsettings, "lan-claim-minimum");
  {
    GtkWindow *left;

    while ((left = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG)) != NULL)
      gtk_window_destroy (left);
  }
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/journeys/saved-bar", test_saved_bar);
  g_test_add_func ("/journeys/host/claim-minimum", test_claim_minimum);
  return ui_test_run ();
}
