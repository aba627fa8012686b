/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "jihai-screen.h"
#include "mahjong-claim-bar.h"
#include "mahjong-screen.h"
#include "mahjong-table-state.h"
#include "mcr-screen.h"
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
 * Journeys where features meet: a saved game on the setup page, a hosted
 * table's claim windows, and the keys of two kongs at once.
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

/* Alt+@key as the window takes it: the one shown mnemonic for it. Two
 * would only move the focus between them, so the test asks for one. */
static void
press_alt (GtkWidget *root,
           guint      key)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(GListModel) controllers = NULL;

      if (!gtk_widget_get_mapped (widget))
        continue;
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (stack, child);
      /* The window's own list of them repeats the widgets'. */
      if (GTK_IS_WINDOW (widget))
        continue;
      controllers = gtk_widget_observe_controllers (widget);
      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              if (GTK_IS_MNEMONIC_TRIGGER (trigger) &&
                  gdk_keyval_to_lower (gtk_mnemonic_trigger_get_keyval (GTK_MNEMONIC_TRIGGER (trigger))) == key)
                {
                  g_ptr_array_add (found, widget);
                  g_ptr_array_add (found, g_object_ref (shortcut));
                }
            }
        }
    }
  g_ptr_array_free (stack, TRUE);
  if (found->len != 2)
    g_error ("Alt+%s is the key of %u shown widgets", gdk_keyval_name (key), found->len / 2);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (g_ptr_array_index (found, 1)),
                                               GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               g_ptr_array_index (found, 0), NULL));
  g_object_unref (g_ptr_array_index (found, 1));
}

static void
on_claim (MahjongClaimBar *bar,
          const char      *action,
          char           **claimed)
{
  g_free (*claimed);
  *claimed = g_strdup (action);
}

static gboolean
is_set (gpointer pointer)
{
  return *(char **) pointer != NULL;
}

/* Alt+@key, and the call it made (a button pressed so clicks a moment later). */
static void
press_alt_for_claim (GtkWidget  *window,
                     guint       key,
                     char      **claimed)
{
  g_clear_pointer (claimed, g_free);
  press_alt (window, key);
  ui_test_wait_for (is_set, claimed);
}

static char *
label_of (GType       type,
          const char *action)
{
  g_autoptr(GtkWidget) screen = g_object_ref_sink (g_object_new (type, NULL));
  MahjongTableState state = { 0 };

  return MAHJONG_SCREEN_GET_CLASS (screen)->claim_label (MAHJONG_SCREEN (screen), action, &state);
}

/* Two kongs (or three) on one turn: Alt+K declares the first, Alt+2 the
 * second, Alt+3 the third, and each button shows its key. */
static void
test_kong_keys (gconstpointer data)
{
  static const char * const jihai[] = { "ckong E", "akong S", NULL };
  static const char * const mcr[] = { "hu", "kong tile=5p", "kong tile=7s", "kong tile=9m", NULL };
  const char * const *actions = g_str_equal (data, "jihai") ? jihai : mcr;
  GType type = g_str_equal (data, "jihai") ? JIHAI_TYPE_SCREEN : MCR_TYPE_SCREEN;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *bar = mahjong_claim_bar_new ();
  MahjongClaim claims[8];
  g_auto(GStrv) labels = g_new0 (char *, 8);
  guint n = 0, kongs = 0;
  g_autofree char *claimed = NULL;

  for (; actions[n] != NULL; n++)
    {
      labels[n] = label_of (type, actions[n]);
      claims[n].action = actions[n];
      claims[n].label = labels[n];
    }
  gtk_window_set_child (GTK_WINDOW (window), bar);
  g_signal_connect (bar, "claim", G_CALLBACK (on_claim), &claimed);
  mahjong_claim_bar_set_claims (MAHJONG_CLAIM_BAR (bar), claims, n, FALSE, 0);
  gtk_window_present (GTK_WINDOW (window));
  ui_test_iterate (50);

  for (guint i = 0; i < n; i++)
    {
      const char *action = mahjong_claim_bar_get_action (MAHJONG_CLAIM_BAR (bar), i);
      const char *label = gtk_button_get_label (GTK_BUTTON (mahjong_claim_bar_get_button (MAHJONG_CLAIM_BAR (bar), i)));
      guint key;

      if (!g_str_has_prefix (action, "kong") && !g_str_has_prefix (action, "ckong") &&
          !g_str_has_prefix (action, "akong"))
        continue;
      key = kongs == 0 ? GDK_KEY_k : GDK_KEY_1 + kongs;
      kongs++;
      g_test_message ("%s: %s", action, label);
      press_alt_for_claim (window, key, &claimed);
      g_assert_cmpstr (claimed, ==, action);
      if (key != GDK_KEY_k)
        {
          g_autofree char *shown = g_strdup_printf ("(_%u)", kongs);

          g_assert_nonnull (strstr (label, shown));
        }
    }
  g_assert_cmpuint (kongs, ==, n - (type == MCR_TYPE_SCREEN));
  /* The Shortcuts window says so. */
  {
    g_autoptr(GBytes) overlay = g_resources_lookup_data ("/io/github/parlorgames/Parlor/gtk/help-overlay.ui", 0, NULL);

    g_assert_nonnull (overlay);
    g_assert_nonnull (strstr (g_bytes_get_data (overlay, NULL), ">&lt;Alt&gt;2 &lt;Alt&gt;3<"));
  }
  /* The other calls keep their keys. */
  if (type == MCR_TYPE_SCREEN)
    {
      press_alt_for_claim (window, GDK_KEY_h, &claimed);
      g_assert_cmpstr (claimed, ==, "hu");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/journeys/saved-bar", test_saved_bar);
  g_test_add_func ("/journeys/host/claim-minimum", test_claim_minimum);
  g_test_add_data_func ("/journeys/kong-keys/jihai", "jihai", test_kong_keys);
  g_test_add_data_func ("/journeys/kong-keys/mcr", "mcr", test_kong_keys);
  return ui_test_run ();
}
