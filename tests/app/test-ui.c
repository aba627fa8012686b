/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "manhattan-board-view.h"
#include "manhattan-panel.h"
#include "manhattan-screen-private.h"
#include "manhattan-setup.h"
#include "manhattan-view.h"
#include "parlor-line.h"
#include "parlor-application.h"
#include "parlor-log-view.h"
#include "parlor-preferences.h"
#include "parlor-session.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-window.h"
#include "ui-test-util.h"


static void
test_start_page (void)
{
  ParlorWindow *window = ui_test_get_window ();

  g_assert_cmpstr (parlor_window_get_page (window), ==, "start");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  ui_test_screenshot (GTK_WIDGET (window), "start-page");

  parlor_window_show_game (window, "manhattan");
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
  ui_test_screenshot (GTK_WIDGET (window), "manhattan-menu");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "start");
}

static GRand *test_rand;

/* From the game's menu through its setup page, as a player starts a game. */
static ManhattanScreen *
start_local_game (ParlorWindow *window)
{
  ManhattanScreen *screen;

  parlor_window_show_game (window, "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  screen = MANHATTAN_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "manhattan.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  return screen;
}

/* The test plays the human seat: it decides from what the screen shows and
 * acts through the same widget actions a keyboard player uses. */
static gboolean
play_human_move (ManhattanScreen  *screen,
                 char            **last_view)
{
  int seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen));
  ManhattanPanel *panel = MANHATTAN_PANEL (manhattan_screen_get_panel (screen));
  ManhattanBoardView *board = MANHATTAN_BOARD_VIEW (manhattan_screen_get_board (screen));
  g_autofree char *line = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(ParlorLine) action = NULL;
  ManhattanView view;
  gint64 card, city, block;
  int row, col, slot = -1, pos = 0;

  if (seat < 0 || !manhattan_screen_is_waiting (screen))
    return FALSE;

  line = manhattan_screen_dup_view (screen);
  /* A move sent to a host shows once its new view arrives. */
  if (line == NULL || g_strcmp0 (line, *last_view) == 0)
    return FALSE;
  g_free (*last_view);
  *last_view = g_strdup (line);
  g_assert_true (manhattan_view_parse (line, &view, NULL));
  actions = manhattan_view_legal_actions (&view);
  g_assert_cmpuint (actions->len, >, 0);
  action = parlor_line_parse (g_ptr_array_index (actions, g_rand_int_range (test_rand, 0, actions->len)), NULL);

  if (g_str_equal (parlor_line_get_type (action), "choose"))
    {
      guint8 counts[MANHATTAN_MAX_BLOCK + 1];

      g_assert_true (manhattan_blocks_parse (parlor_line_get (action, "blocks"), counts, NULL));
      manhattan_panel_set_choice (panel, counts);
      manhattan_panel_confirm_choice (panel);
      return TRUE;
    }

  g_assert_true (parlor_line_get_int (action, "card", 0, 8, &card, NULL));
  g_assert_true (parlor_line_get_int (action, "city", 0, 5, &city, NULL));
  g_assert_true (parlor_line_get_int (action, "block", 1, 4, &block, NULL));
  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    for (int k = 0; k < view.hand[p]; k++, pos++)
      if (p == card && slot < 0)
        slot = pos;
  g_assert_cmpint (slot, >=, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "game.card", "i", slot));
  g_assert_cmpint (manhattan_panel_get_card (panel), ==, card);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "game.block", "i", (int) block));
  g_assert_cmpint (manhattan_panel_get_block (panel), ==, block);
  manhattan_card_spot (seat, card, &row, &col);
  manhattan_board_view_set_cursor (board, city, row, col);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.activate", NULL));
  return TRUE;
}

/* The player reads a round's scores (the game waits), then goes on. */
static guint
close_round_dialog (ManhattanScreen *screen)
{
  GList *toplevels = gtk_window_list_toplevels ();
  guint closed = 0;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        !parlor_table_is_over (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen))))
      {
        g_assert_true (parlor_session_get_paused (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen))));
        g_assert_cmpstr (parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (screen)), ==,
                         g_dgettext (GETTEXT_PACKAGE, "Paused"));
        gtk_window_close (l->data);
        closed++;
        break;
      }
  g_list_free (toplevels);
  return closed;
}

static void
test_whole_game (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ManhattanScreen *screen;
  ParlorTable *table;
  gint64 end;
  guint human_moves = 0, round_dialogs = 0;
  g_autofree char *log = NULL;
  g_autofree char *last_view = NULL;
  gboolean shot_mid = FALSE;
  int board_min = G_MAXINT, board_max = 0;

  screen = start_local_game (window);
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen));
  g_assert_nonnull (table);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), >=, 0);
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));

  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      round_dialogs += close_round_dialog (screen);
      if (play_human_move (screen, &last_view))
        {
          int height = gtk_widget_get_height (manhattan_screen_get_board (screen));

          human_moves++;
          /* The board keeps its size through block choices and builds alike
           * (once first drawn, and but for the 800×600 screenshot). */
          if (human_moves > 3 && (human_moves < 14 || human_moves > 16))
            {
              board_min = MIN (board_min, height);
              board_max = MAX (board_max, height);
            }
          if (human_moves == 14 && !shot_mid)
            {
              ui_test_screenshot (GTK_WIDGET (window), "manhattan-game");
              /* The smallest size the board must stay usable at. */
              gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
              ui_test_screenshot (GTK_WIDGET (window), "manhattan-game-800x600");
              gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
              shot_mid = TRUE;
            }
        }
    }
  g_assert_true (parlor_table_is_over (table));
  g_assert_cmpuint (round_dialogs, ==, 3);
  g_test_message ("board height %d to %d", board_min, board_max);
  g_assert_cmpint (board_max - board_min, <=, 2);
  /* 4 block choices (the last one forced) and 24 placements, unless stuck. */
  g_assert_cmpuint (human_moves, >=, 3 + 20);
  ui_test_iterate (500);
  ui_test_screenshot (GTK_WIDGET (window), "manhattan-game-over");

  /* The log tells the whole game, the player's part as "you". */
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  {
    g_auto(GStrv) lines = g_strsplit (log, "\n", -1);
    guint built = 0, scored = 0, begun = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      {
        built += g_str_has_prefix (lines[i], "You build ");
        scored += strstr (lines[i], ": you score ") != NULL;
        begun += strstr (lines[i], "Round ") != NULL && strstr (lines[i], " begins") != NULL;
      }
    g_test_message ("log: %u lines, %u builds, %u scores, %u rounds", g_strv_length (lines), built, scored, begun);
    /* 4 deals, 16 choices, 96 builds, 4 rounds scored: more than 100 lines in any language. */
    g_assert_cmpuint (g_strv_length (lines), >=, 100);
    if (g_str_equal (g_dgettext (GETTEXT_PACKAGE, "Your turn"), "Your turn"))
      {
        g_assert_cmpuint (built, >=, 20);
        g_assert_cmpuint (scored, ==, 4);
        g_assert_cmpuint (begun, ==, 4);
        g_assert_null (strstr (log, "root builds"));
      }
  }
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));
}

/* The setup page's choices are the app's settings, so they are remembered. */
static void
test_setup_remembered (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  ManhattanScreen *screen;
  GtkWidget *setup;
  g_autofree char *level = NULL;

  parlor_window_show_game (window, "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = MANHATTAN_SCREEN (parlor_window_get_screen (window));
  setup = parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");

  g_assert_true (gtk_widget_activate_action (setup, "setup.level", "s", "strong"));
  g_assert_cmpuint (parlor_settings_get_computer_strength (settings), ==, PARLOR_STRENGTH_MAX);
  g_object_set (setup, "time-limit", 45, NULL);
  g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, 45);
  ui_test_screenshot (GTK_WIDGET (window), "manhattan-setup");

  /* Set elsewhere (Preferences), the page follows. */
  g_object_set (settings, "computer-strength", 0, "time-limit", 0, NULL);
  g_object_get (setup, "level", &level, NULL);
  g_assert_cmpstr (level, ==, "random");
  g_assert_cmpuint (manhattan_setup_get_time_limit (MANHATTAN_SETUP (setup)), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "manhattan.start", NULL));
  g_assert_cmpuint (parlor_table_get_time_limit (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen))), ==, 0);

  g_object_set (settings, "computer-strength", 1, "time-limit", 60, NULL);
  g_assert_cmpuint (manhattan_setup_get_time_limit (MANHATTAN_SETUP (setup)), ==, 60);
}

static void
test_illegal_click_refused (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ManhattanScreen *screen;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  screen = start_local_game (window);
  before = parlor_table_view_for (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen)), -1);
  g_assert_false (manhattan_screen_submit (screen, "play card=9 city=0 block=1", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (manhattan_screen_submit (screen, "garbage \xff", &error));
  g_assert_nonnull (error);
  after = parlor_table_view_for (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen)), -1);
  g_assert_cmpstr (before, ==, after);
}

static void
on_joined (ParlorJoinWindow *join,
           ParlorClient     *client,
           const char       *address,
           GtkWidget       **guest_screen)
{
  GtkWidget *window = gtk_window_new ();

  *guest_screen = g_object_new (MANHATTAN_TYPE_SCREEN,
                                "settings", parlor_application_get_settings (ui_test_get_app ()),
                                NULL);
  gtk_window_set_child (GTK_WINDOW (window), *guest_screen);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  parlor_game_screen_join_game (PARLOR_GAME_SCREEN (*guest_screen), client, address);
}

static gboolean
join_gave_up (gpointer data)
{
  return !parlor_join_window_is_busy (data);
}

/* The first descendant of @root of @type. */
static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      found = find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* @widget's accessible label is @label. */
static void
assert_a11y_label (GtkWidget  *widget,
                   const char *label)
{
  g_autofree char *differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                                 GTK_ACCESSIBLE_PROPERTY_LABEL, label);

  g_assert_null (differs);
}

static gboolean
join_waiting (gpointer data)
{
  return parlor_status_banner_get_kind (parlor_join_window_get_status (data)) == PARLOR_STATUS_READY;
}

/* The status banner is what a screen reader announces: a status whose
 * name follows the text shown. */
static void
assert_status_announced (ParlorStatusBanner *status)
{
  g_autofree char *label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (status),
                                                               GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                               parlor_status_banner_get_title (status));

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (status)), ==,
                   GTK_ACCESSIBLE_ROLE_STATUS);
  g_assert_null (label);
}

static void
test_join_refused (void)
{
  ParlorJoinWindow *join = parlor_join_window_new ("Guest", "manhattan");
  ParlorStatusBanner *status = parlor_join_window_get_status (join);
  g_autofree char *log = NULL;
  g_autofree char *empty_title = NULL;
  g_autofree char *connecting_title = NULL;
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  guint16 port;

  /* A port nobody listens on: bind one, then close it. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, NULL);
  g_socket_listener_close (listener);

  gtk_window_present (GTK_WINDOW (join));
  /* Before anything: no banner, and the empty log says what to do. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (status)));
  g_assert_true (parlor_join_window_shows_log_placeholder (join));
  /* The address box, Connect and the log are named and reached by Tab. */
  {
    GtkWidget *entry = find_widget (GTK_WIDGET (join), GTK_TYPE_ENTRY);
    GtkWidget *log_view = find_widget (GTK_WIDGET (join), PARLOR_TYPE_LOG_VIEW);

    g_assert_nonnull (entry);
    g_assert_nonnull (log_view);
    assert_a11y_label (entry, _("Host address"));
    assert_a11y_label (find_widget (log_view, GTK_TYPE_TEXT_VIEW), _("Connection log"));
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (join)) == entry ||
                   gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (join)), entry));
    g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (join), entry));
    g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (join), log_view));
  }
  ui_test_screenshot_light_dark (GTK_WIDGET (join), "join-empty");

  parlor_join_window_connect (join, "");
  g_assert_false (parlor_join_window_is_busy (join));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (status)));
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_ERROR);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (status), "error"));
  assert_status_announced (status);
  empty_title = g_strdup (parlor_status_banner_get_title (status));
  {
    g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);

    parlor_join_window_connect (join, address);
    g_assert_false (parlor_join_window_shows_log_placeholder (join));
    g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_BUSY);
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (status), "error"));
    g_assert_nonnull (strstr (parlor_status_banner_get_title (status), address));
    assert_status_announced (status);
    connecting_title = g_strdup (parlor_status_banner_get_title (status));
  }
  ui_test_wait_for (join_gave_up, join);
  log = parlor_join_window_get_log (join);
  g_test_message ("join log: %s", log);
  g_assert_nonnull (strstr (log, "127.0.0.1"));
  /* The failure heads the window in error colours, with its reason. */
  g_test_message ("join status: %s", parlor_status_banner_get_title (status));
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_ERROR);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (status), "error"));
  g_assert_nonnull (strstr (parlor_status_banner_get_title (status), "127.0.0.1"));
  g_assert_cmpstr (parlor_status_banner_get_title (status), !=, connecting_title);
  g_assert_cmpstr (parlor_status_banner_get_title (status), !=, empty_title);
  assert_status_announced (status);
  ui_test_screenshot_light_dark (GTK_WIDGET (join), "join-refused");
  gtk_window_destroy (GTK_WINDOW (join));
}

/* The host gives up while the guest waits: the guest's banner turns to an
 * error that says the link is gone, and the address may be used again. */
static void
test_join_host_left (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorHostWindow *host;
  ParlorJoinWindow *join = parlor_join_window_new ("Guest", "manhattan");
  ParlorStatusBanner *status = parlor_join_window_get_status (join);
  g_autofree char *address = NULL;
  g_autofree char *waiting_title = NULL;

  parlor_window_show_game (window, "manhattan");
  host = parlor_window_host_lan (window);
  g_assert_nonnull (host);
  gtk_window_present (GTK_WINDOW (join));
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host));
  parlor_join_window_connect (join, address);
  ui_test_wait_for (join_waiting, join);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (status), "error"));
  waiting_title = g_strdup (parlor_status_banner_get_title (status));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "window.close", NULL));
  ui_test_wait_for (join_gave_up, join);
  g_test_message ("join status: %s", parlor_status_banner_get_title (status));
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_ERROR);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (status), "error"));
  g_assert_cmpstr (parlor_status_banner_get_title (status), !=, waiting_title);
  assert_status_announced (status);
  ui_test_screenshot (GTK_WIDGET (join), "join-host-left");
  gtk_window_destroy (GTK_WINDOW (join));
}

static void
test_lan_game (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorHostWindow *host;
  ParlorJoinWindow *join;
  GtkWidget *guest = NULL;
  ManhattanScreen *host_screen;
  ParlorTable *table;
  g_autofree char *address = NULL;
  g_autofree char *host_last = NULL;
  g_autofree char *guest_last = NULL;
  gint64 end;
  guint guest_moves = 0;
  ParlorStatusBanner *host_status;
  g_autofree char *alone_title = NULL;

  parlor_window_show_game (window, "manhattan");
  host = parlor_window_host_lan (window);
  g_assert_nonnull (host);
  g_assert_cmpuint (parlor_host_window_get_n_players (host), ==, 1);
  g_assert_false (parlor_host_window_start (host));
  host_status = parlor_host_window_get_status (host);
  g_assert_cmpint (parlor_status_banner_get_kind (host_status), ==, PARLOR_STATUS_BUSY);
  g_assert_true (parlor_host_window_shows_log_placeholder (host));
  alone_title = g_strdup (parlor_status_banner_get_title (host_status));

  join = parlor_join_window_new ("Guest", "manhattan");
  g_signal_connect (join, "started", G_CALLBACK (on_joined), &guest);
  gtk_window_present (GTK_WINDOW (join));
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host));
  parlor_join_window_connect (join, address);
  ui_test_wait_for (ui_test_two_players, host);
  /* The host's banner counts the guest; the guest's says it waits. */
  g_assert_cmpint (parlor_status_banner_get_kind (host_status), ==, PARLOR_STATUS_READY);
  g_assert_cmpstr (parlor_status_banner_get_title (host_status), !=, alone_title);
  g_assert_false (parlor_host_window_shows_log_placeholder (host));
  assert_status_announced (host_status);
  ui_test_wait_for (join_waiting, join);
  g_assert_nonnull (strstr (parlor_status_banner_get_detail (parlor_join_window_get_status (join)), "Guest"));
  assert_status_announced (parlor_join_window_get_status (join));
  ui_test_screenshot_light_dark (GTK_WIDGET (host), "host-waiting");
  ui_test_screenshot_light_dark (GTK_WIDGET (join), "join-waiting");

  g_assert_true (parlor_host_window_start (host));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  host_screen = MANHATTAN_SCREEN (parlor_window_get_screen (window));
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (host_screen));
  g_assert_nonnull (table);

  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      play_human_move (host_screen, &host_last);
      if (guest != NULL && play_human_move (MANHATTAN_SCREEN (guest), &guest_last) &&
          ++guest_moves == 10)
        ui_test_screenshot (GTK_WIDGET (gtk_widget_get_root (guest)), "lan-guest-game");
    }
  g_assert_true (parlor_table_is_over (table));
  g_assert_nonnull (guest);
  g_assert_cmpuint (guest_moves, >=, 20);
  /* The guest sees the same final scores as the host. */
  ui_test_iterate (500);
  {
    g_autofree char *host_view = manhattan_screen_dup_view (host_screen);
    g_autofree char *guest_view = manhattan_screen_dup_view (MANHATTAN_SCREEN (guest));
    ManhattanView a, b;

    g_assert_true (manhattan_view_parse (host_view, &a, NULL));
    g_assert_true (manhattan_view_parse (guest_view, &b, NULL));
    g_assert_cmpmem (a.scores, sizeof a.scores, b.scores, sizeof b.scores);
    g_assert_cmpint (a.phase, ==, MANHATTAN_PHASE_OVER);
    g_assert_cmpint (b.phase, ==, MANHATTAN_PHASE_OVER);
  }
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (guest)));
}

static void
test_preferences (void)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  ParlorPreferences *prefs = parlor_preferences_new (settings);
  g_autoptr(ParlorSettings) again = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  ui_test_iterate (300);
  ui_test_screenshot (GTK_WIDGET (prefs), "preferences");

  g_object_set (settings, "volume", 35, "time-limit", 45, "computer-strength", 3, NULL);
  g_assert_true (parlor_settings_set_player_name (settings, "Ann", NULL));
  g_assert_false (parlor_settings_set_player_name (settings, "bad\x07name", NULL));
  g_assert_false (parlor_settings_set_player_name (settings, "", NULL));
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "Ann");

  again = parlor_settings_new ();
  g_assert_cmpuint (parlor_settings_get_volume (again), ==, 35);
  g_assert_cmpuint (parlor_settings_get_time_limit (again), ==, 45);
  g_assert_cmpuint (parlor_settings_get_computer_strength (again), ==, 3);
  g_assert_cmpstr (parlor_settings_get_player_name (again), ==, "Ann");

  gtk_window_destroy (GTK_WINDOW (prefs));
}

static GtkWidget *
find_of_type (GtkWidget *widget,
              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The setup page says what each computer strength does in the games where
 * two strengths are one player. */
static void
test_strength_words (void)
{
  static const char * const ids[] = { "manhattan", "jihai", "suzume" };
  ParlorWindow *window = ui_test_get_window ();

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GtkWidget *setup, *row;
      const char *words;

      parlor_window_show_game (window, ids[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      setup = parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (parlor_window_get_screen (window)));
      row = find_of_type (setup, g_type_from_name ("ParlorStrengthRow"));
      g_assert_nonnull (row);
      words = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
      g_test_message ("%s: %s", ids[i], words);
      g_assert_cmpstr (words, !=, "");
      /* The words themselves are checked where they are English. */
      if (g_str_equal (g_dgettext (GETTEXT_PACKAGE, "Your turn"), "Your turn"))
        {
          g_assert_null (strstr (words, "in this game"));
          g_assert_nonnull (strstr (words, "Easy "));
          g_assert_nonnull (strstr (words, "Medium and Hard "));
          g_assert_nonnull (strstr (words, "Strongest "));
        }
      if (i == 1)
        ui_test_screenshot (GTK_WIDGET (window), "jihai-setup-strengths");
      parlor_window_show_start (window);
    }
}

static gboolean
help_dialog_shown (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* F1 with no help viewer to start: words, and where the pages are, which
 * Copy Location puts on the clipboard. */
static void
test_help_missing (void)
{
  g_autofree char *dir = g_build_filename (ui_test_get_data_home (), "help-pages", NULL);
  g_autofree char *c = g_build_filename (dir, "C", NULL);
  g_autofree char *c_index = g_build_filename (c, "index.page", NULL);
  GValue value = G_VALUE_INIT;
  AdwMessageDialog *dialog;
  GdkContentProvider *content;

  g_assert_cmpint (g_mkdir_with_parents (c, 0755), ==, 0);
  g_assert_true (g_file_set_contents (c_index, "<page/>", -1, NULL));
  g_setenv ("PARLOR_HELP_DIR", dir, TRUE);
  g_setenv ("PARLOR_HELP_VIEWER", "/nonexistent/help-viewer", TRUE);
  parlor_window_show_start (ui_test_get_window ());
  g_action_group_activate_action (G_ACTION_GROUP (ui_test_get_app ()), "help", NULL);
  ui_test_wait_for (help_dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, _("The Help Cannot Be Shown"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Yelp"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), c));
  ui_test_screenshot (GTK_WIDGET (dialog), "help-missing");
  adw_message_dialog_response (dialog, "copy");
  ui_test_iterate (20);
  content = gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (ui_test_get_window ())));
  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  g_assert_cmpstr (g_value_get_string (&value), ==, c);
  g_value_unset (&value);
  if (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL)
    gtk_window_destroy (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_unsetenv ("PARLOR_HELP_VIEWER");
  g_unsetenv ("PARLOR_HELP_DIR");
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  test_rand = g_rand_new_with_seed (20261123);

  g_test_add_func ("/app/window/start-page", test_start_page);
  g_test_add_func ("/app/window/help-missing", test_help_missing);
  g_test_add_func ("/app/manhattan/whole-game", test_whole_game);
  g_test_add_func ("/app/manhattan/setup-remembered", test_setup_remembered);
  g_test_add_func ("/app/setup/strength-words", test_strength_words);
  g_test_add_func ("/app/manhattan/illegal-move-refused", test_illegal_click_refused);
  g_test_add_func ("/app/preferences/change-and-persist", test_preferences);
  g_test_add_func ("/app/lan/join-refused", test_join_refused);
  g_test_add_func ("/app/lan/join-host-left", test_join_host_left);
  g_test_add_func ("/app/lan/host-and-join", test_lan_game);

  return ui_test_run ();
}
