/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "mahjong-hand-view.h"
#include "manhattan-board-view.h"
#include "manhattan-panel.h"
#include "manhattan-rules.h"
#include "manhattan-screen-private.h"
#include "manhattan-view.h"
#include "mahjong-screen.h"
#include "mahjong-table-view.h"
#include "parlor-game-screen.h"
#include "parlor-games.h"
#include "parlor-hint.h"
#include "parlor-replay.h"
#include "parlor-replay-viewer.h"
#include "parlor-saved-game.h"
#include "parlor-window.h"
#include "triad-board-view.h"
#include "triad-hand-view.h"
#include "lan-test-util.h"
#include "ui-test-util.h"

/*
 * Pause, undo, resume and quitting, built once in the game-screen base:
 * driven here through the window's actions for every game, with moves
 * chosen among the legal ones the table offers.
 */

static const char *games[] = { "triad", "manhattan", "jihai", "suzume", "mcr" };

static const char *current_game;

static ParlorGameScreen *
start_game (ParlorWindow *window,
            const char   *id)
{
  g_autofree char *start = g_strconcat (id, ".start", NULL);
  ParlorGameScreen *screen;

  current_game = id;
  parlor_window_show_game (window, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "setup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), start, NULL));
  g_assert_true (parlor_game_screen_is_playing (screen));
  return screen;
}

static gboolean
shows_hand_result (gpointer screen)
{
  return g_strcmp0 (parlor_game_screen_get_page (screen), "hand") == 0;
}

static gboolean
can_move_or_next_hand (gpointer screen)
{
  return parlor_game_screen_can_move (screen) || !parlor_game_screen_is_playing (screen) ||
         shows_hand_result (screen);
}

/* Waits until this player may move or the game is over; a hand's result
 * page, which holds the game until Next Hand, is passed as a player would. */
static void
wait_to_move (ParlorGameScreen *screen)
{
  ui_test_wait_for (can_move_or_next_hand, screen);
  while (shows_hand_result (screen))
    {
      g_autofree char *next = g_strconcat (current_game, ".next-hand", NULL);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), next, NULL));
      ui_test_wait_for (can_move_or_next_hand, screen);
    }
}

/* In a mahjong game the keyboard is in the player's hand whenever they may
 * move; other games have no hand to check here. */
static gboolean
focus_in_hand (gpointer screen)
{
  GtkWidget *focus, *hand;

  if (!MAHJONG_IS_SCREEN (screen) || !parlor_game_screen_is_playing (screen))
    return TRUE;
  focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (screen)));
  hand = GTK_WIDGET (mahjong_table_view_get_hand (mahjong_screen_get_table (MAHJONG_SCREEN (screen)), 0));
  return focus != NULL && (focus == hand || gtk_widget_is_ancestor (focus, hand));
}

/* Waits for this player's turn and plays its first legal move. */
static gboolean
play_move (ParlorGameScreen *screen)
{
  ParlorSession *session;
  ParlorTable *table;
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;

  wait_to_move (screen);
  if (!parlor_game_screen_is_playing (screen))
    return FALSE;
  session = parlor_game_screen_get_session (screen);
  table = parlor_session_get_table (session);
  legal = parlor_game_legal_actions (parlor_table_get_game (table),
                                     parlor_session_get_seat (session));
  g_assert_nonnull (legal);
  g_assert_cmpuint (legal->len, >, 0);
  g_assert_true (parlor_game_screen_submit (screen, g_ptr_array_index (legal, legal->len / 2),
                                            &error));
  g_assert_no_error (error);
  return TRUE;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header bar's button for @action is shown and its action enabled. */
static gboolean
offered (ParlorWindow *window,
         const char   *action)
{
  GtkWidget *button = find_button (GTK_WIDGET (window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_visible (button) && gtk_widget_get_sensitive (button);
}

/* The game's menu offers Continue, its saved game checked. */
static gboolean
continue_offered (gpointer window)
{
  GtkWidget *button = find_button (GTK_WIDGET (window), "win.continue-game");

  return button != NULL && gtk_widget_get_visible (button) && gtk_widget_get_sensitive (button);
}

/* A shown label reading @text, anywhere under @widget. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

static gboolean
shows_game_in_progress (gpointer window)
{
  return shows_label (window, "Game in progress");
}

static gboolean
is_paused (gpointer screen)
{
  return parlor_session_get_paused (parlor_game_screen_get_session (screen));
}

static gboolean
is_not_paused (gpointer screen)
{
  return !is_paused (screen);
}

/* Pause hides the board behind "Paused" and stops the clock; resume
 * brings both back with the time that was left. */
static void
test_pause (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());

  g_object_set (settings, "time-limit", 60, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      ParlorGameScreen *screen;
      GtkWidget *button;
      gint64 deadline;

      g_test_message ("%s", games[i]);
      screen = start_game (window, games[i]);
      wait_to_move (screen);
      g_assert_true (offered (window, "win.pause"));
      deadline = parlor_session_get_deadline (parlor_game_screen_get_session (screen));
      g_assert_cmpint (deadline, >, 0);

      /* Ctrl+P's action. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
      g_assert_true (parlor_game_screen_get_paused (screen));
      g_assert_cmpstr (parlor_window_get_announcement (window), ==, "Game paused");
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "paused");
      g_assert_true (is_paused (screen));
      g_assert_cmpint (parlor_session_get_deadline (parlor_game_screen_get_session (screen)),
                       ==, 0);
      g_assert_cmpstr (parlor_game_screen_get_clock_text (screen), ==, "Paused");
      g_assert_false (parlor_game_screen_can_move (screen));
      g_assert_false (offered (window, "win.undo"));
      /* The header's button now resumes, and says so. */
      button = find_button (GTK_WIDGET (window), "win.pause");
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Resume (Ctrl+P)");
      /* Focus is on Resume, which a screen reader names. */
      {
        GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

        g_assert_true (GTK_IS_BUTTON (focus));
        g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Resume");
        if (i == 0)
          ui_test_screenshot (GTK_WIDGET (window), "paused");
        gtk_widget_activate (focus);
      }
      ui_test_wait_for (is_not_paused, screen);
      g_assert_false (parlor_game_screen_get_paused (screen));
      g_assert_cmpstr (parlor_window_get_announcement (window), ==, "Game resumed");
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "play");
      g_assert_cmpint (parlor_session_get_deadline (parlor_game_screen_get_session (screen)), >, 0);
      g_assert_true (parlor_game_screen_can_move (screen));

      /* A dialog holds the game too, and leaves the board in view. */
      parlor_game_screen_hold (screen);
      g_assert_true (is_paused (screen));
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "play");
      parlor_game_screen_release (screen);
      g_assert_false (is_paused (screen));

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
      g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
    }
  g_object_set (settings, "time-limit", 0, NULL);
}

static gboolean
undo_offered (gpointer window)
{
  return offered (window, "win.undo");
}

/* Undo takes back this player's last move and the computer's replies:
 * the view and the log are those from before it. */
static void
test_undo (void)
{
  ParlorWindow *window = ui_test_get_window ();

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      ParlorGameScreen *screen;
      g_autofree char *view = NULL;
      g_autofree char *log = NULL;
      g_autofree char *view_after = NULL;
      g_autofree char *first = NULL;

      g_test_message ("%s", games[i]);
      screen = start_game (window, games[i]);
      g_assert_false (offered (window, "win.undo"));
      wait_to_move (screen);
      first = parlor_session_dup_view (parlor_game_screen_get_session (screen));
      g_assert_true (play_move (screen));
      wait_to_move (screen);
      if (!parlor_game_screen_is_playing (screen))
        continue;
      view = parlor_session_dup_view (parlor_game_screen_get_session (screen));
      log = parlor_game_screen_dup_log_text (screen);
      g_assert_true (play_move (screen));
      ui_test_wait_for (undo_offered, window);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      wait_to_move (screen);
      ui_test_wait_for (focus_in_hand, screen);
      view_after = parlor_session_dup_view (parlor_game_screen_get_session (screen));
      g_assert_cmpstr (view_after, ==, view);
      g_assert_cmpstr (parlor_window_get_announcement (window), ==, "Your last move was undone");
      {
        g_autofree char *log_after = parlor_game_screen_dup_log_text (screen);

        g_assert_cmpstr (log_after, ==, log);
      }
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "play");

      /* Again: back to before the first move, and nothing more to undo. */
      g_assert_true (offered (window, "win.undo"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      wait_to_move (screen);
      ui_test_wait_for (focus_in_hand, screen);
      {
        g_autofree char *view_first =
          parlor_session_dup_view (parlor_game_screen_get_session (screen));

        g_assert_cmpstr (view_first, ==, first);
      }
      g_assert_false (offered (window, "win.undo"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
    }
}

/* The first process plays a few moves and is killed; this one resumes. */
static void subprocess_play_and_die (const char *id);

static void
test_resume_after_kill (gconstpointer data)
{
  const char *id = data;

  if (g_test_subprocess ())
    {
      subprocess_play_and_die (id);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *view_path = g_build_filename (ui_test_get_data_home (), "view.txt", NULL);
      g_autofree char *log_path = g_build_filename (ui_test_get_data_home (), "log.txt", NULL);
      g_autofree char *view = NULL;
      g_autofree char *log = NULL;
      g_autofree char *view_now = NULL;
      g_autofree char *log_now = NULL;
      ParlorWindow *window;
      ParlorGameScreen *screen;

      if (!g_str_equal (games[i], id))
        continue;
      parlor_saved_game_remove (games[i]);
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_failed ();   /* SIGKILL: no goodbye, no last save */
      g_assert_true (g_file_get_contents (view_path, &view, NULL, NULL));
      g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
      g_assert_true (parlor_saved_game_exists (games[i]));

      /* The game's menu offers it first. */
      window = ui_test_get_window ();
      parlor_window_show_game (window, games[i]);
      ui_test_wait_for (continue_offered, window);
      if (i == 0)
        ui_test_screenshot (GTK_WIDGET (window), "continue-offer");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue-game", NULL));
      g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
      screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "play");
      wait_to_move (screen);
      ui_test_wait_for (focus_in_hand, screen);
      view_now = parlor_session_dup_view (parlor_game_screen_get_session (screen));
      log_now = parlor_game_screen_dup_log_text (screen);
      g_assert_cmpstr (view_now, ==, view);
      g_assert_cmpstr (log_now, ==, log);
      g_assert_cmpstr (parlor_window_get_announcement (window), ==,
                       "Your game is back where you left it");
      /* ...and the game goes on from there. */
      g_assert_true (play_move (screen));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
      /* Left, not lost: the setup page offers it too. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "setup");
      g_assert_true (parlor_game_screen_has_saved_game (screen));
      if (i == 0)
        ui_test_screenshot (GTK_WIDGET (window), "continue-offer-setup");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
    }
}

static void
subprocess_play_and_die (const char *id)
{
  ParlorWindow *window;
  ParlorGameScreen *screen;
  g_autofree char *view = NULL;
  g_autofree char *log = NULL;
  g_autofree char *view_path = g_build_filename (ui_test_get_data_home (), "view.txt", NULL);
  g_autofree char *log_path = g_build_filename (ui_test_get_data_home (), "log.txt", NULL);

  g_setenv ("PARLOR_SEED", "20261126", TRUE);
  window = ui_test_get_window ();
  screen = start_game (window, id);
  for (guint i = 0; i < 3; i++)
    if (!play_move (screen))
      break;
  wait_to_move (screen);
  view = parlor_session_dup_view (parlor_game_screen_get_session (screen));
  log = parlor_game_screen_dup_log_text (screen);
  g_assert_true (g_file_set_contents (view_path, view, -1, NULL));
  g_assert_true (g_file_set_contents (log_path, log, -1, NULL));
  raise (SIGKILL);
}

/* The files set aside for triad: <id>-<stamp>[-N].replay.damaged. */
static guint
count_set_aside (gboolean remove)
{
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "triad-") && g_str_has_suffix (name, ".replay.damaged"))
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);

        n++;
        if (remove)
          g_unlink (file);
      }
  return n;
}

/* A triad game saved at its start, with these seat records and
 * @game_extra after its game record's keys. */
static char *
triad_saved (const char *seats,
             const char *game_extra)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(ParlorGame) game = info->new_game ("", 1, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "replay version=1\ngame id=triad seed=1 config=%s\n%s", game_extra, seats);
  parlor_game_start (game, events);
  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *record = parlor_replay_format_event (g_ptr_array_index (events, i), NULL);

      g_string_append_printf (text, "%s\n", record);
    }
  return g_string_free (text, FALSE);
}

#define SEATS_OK "seat index=0 name=A kind=local\nseat index=1 name=B kind=ai level=easy\n"

/* Writes @length bytes of @contents (-1: a string) as triad's saved game
 * and tries to go on with it: refused with @words and set aside. */
static void
assert_refused (const char *contents,
                gssize      length,
                const char *words)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  ParlorGameScreen *screen;
  guint before = count_set_aside (FALSE);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  if (contents != NULL)
    g_assert_true (g_file_set_contents (path, contents, length, NULL));
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_false (parlor_game_screen_resume_saved_game (screen, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, words) == NULL || strstr (error->message, "set aside") == NULL)
    g_error ("expected “%s … set aside”, got “%s”", words, error->message);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_set_aside (FALSE), ==, MIN (before + 1, 5));
  g_assert_false (parlor_game_screen_has_saved_game (screen));
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "setup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_false (find_button (GTK_WIDGET (window), "win.continue-game") != NULL &&
                  offered (window, "win.continue-game"));
}

/* A file this version cannot play is set aside with a message. */
static void
test_damaged (void)
{
  static const char *contents[] = {
    "this is not a replay\n",
    "replay version=7\ngame id=triad seed=1 config=\n",
    ("replay version=1\ngame id=triad seed=1 config=\nseat index=0 name=A kind=local\n"
     "seat index=1 name=B kind=ai level=easy\nevent audience=all line=nonsense\n"),
    "replay version=1\n",
  };

  count_set_aside (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (contents); i++)
    assert_refused (contents[i], -1, "damaged");
  count_set_aside (TRUE);
}

/* A saved game the game screen cannot play on from is refused in words
 * before it starts: a player over the network, two at this computer, none,
 * a computer level or a game version this Parlor does not have. */
static void
test_unplayable (void)
{
  static const struct { const char *seats; const char *extra; const char *words; } cases[] = {
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=remote\n", "", "network" },
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=local\n", "", "more than one player" },
    { "seat index=0 name=A kind=ai\nseat index=1 name=B kind=ai level=easy\n", "", "no player" },
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=ai level=godlike\n", "", "level" },
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=%25s%25n\n", "", "damaged" },
    { SEATS_OK, " version=99", "another version" },
  };

  count_set_aside (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = triad_saved (cases[i].seats, cases[i].extra);

      assert_refused (text, -1, cases[i].words);
    }
  /* Every one kept, up to the newest five. */
  g_assert_cmpuint (count_set_aside (TRUE), ==, 5);
}

static gboolean
triad_set_aside (gpointer data)
{
  g_autofree char *path = parlor_saved_game_get_path ("triad");

  return !g_file_test (path, G_FILE_TEST_EXISTS) && count_set_aside (FALSE) > 0;
}

/* A saved game resume would refuse is never offered: opening the game's
 * page or the start page checks it (away from the page's drawing), sets
 * it aside and says why, once; a playable one is offered and goes on. */
static void
test_unplayable_not_offered (void)
{
  static const struct { const char *seats; const char *words; } cases[] = {
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=remote\n", "network" },
    { "seat index=0 name=A kind=local\nseat index=1 name=B kind=local\n", "more than one player" },
  };
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *valid = triad_saved (SEATS_OK, "");

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint page = 0; page < 2; page++)
      {
        g_autofree char *text = triad_saved (cases[i].seats, "");
        const char *said;

        count_set_aside (TRUE);
        g_assert_true (g_file_set_contents (path, text, -1, NULL));
        if (page == 0)
          parlor_window_show_game (window, "triad");
        else
          parlor_window_show_start (window);
        ui_test_wait_for (triad_set_aside, NULL);
        /* Told in words, once. */
        said = parlor_window_get_announcement (window);
        if (strstr (said, cases[i].words) == NULL || strstr (said, "set aside") == NULL)
          g_error ("expected “%s … set aside”, got “%s”", cases[i].words, said);
        g_assert_cmpuint (count_set_aside (FALSE), ==, 1);
        g_assert_false (shows_label (GTK_WIDGET (window), "Game in progress"));
        parlor_window_show_game (window, "triad");
        g_assert_null (find_button (GTK_WIDGET (window), "win.continue-game"));
        parlor_window_show_start (window);
      }
  count_set_aside (TRUE);

  /* A playable one is offered, on both pages, and goes on. */
  g_assert_true (g_file_set_contents (path, valid, -1, NULL));
  parlor_window_show_start (window);
  ui_test_wait_for (shows_game_in_progress, window);
  parlor_window_show_game (window, "triad");
  ui_test_wait_for (continue_offered, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue-game", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  g_assert_cmpstr (parlor_window_get_announcement (window), ==, "Your game is back where you left it");
  g_assert_cmpuint (count_set_aside (FALSE), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  parlor_saved_game_remove ("triad");
  parlor_window_show_start (window);
}

static gboolean
viewer_shown (gpointer data)
{
  return ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) != NULL;
}

static gboolean
viewer_gone (gpointer data)
{
  return !viewer_shown (data);
}

static gboolean
question_shown (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
question_gone (gpointer data)
{
  return !question_shown (data);
}

/* Play On from a replay while a LAN game is in progress asks first:
 * Cancel keeps the LAN game, Play On replaces it. */
static void
test_play_on_over_lan (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = g_build_filename (ui_test_get_data_home (), "play-on.replay", NULL);
  g_autofree char *text = triad_saved (SEATS_OK, "");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ParlorGameScreen *screen;
  ParlorSession *lan;
  ParlorReplayViewer *viewer;
  AdwMessageDialog *dialog;
  GtkWindow *left;
  LanGuest *guest;

  parlor_saved_game_remove ("triad");
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  guest = lan_test_host_and_join (GTK_WIDGET (screen), "triad");
  g_assert_true (parlor_game_screen_is_playing (screen));
  g_assert_false (parlor_game_screen_is_kept (screen));
  lan = parlor_game_screen_get_session (screen);
  /* Weak: a new session may take the address of the one it replaces. */
  g_object_add_weak_pointer (G_OBJECT (lan), (gpointer *) &lan);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  parlor_window_open_replay (window, file);
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL));
  ui_test_wait_for (question_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Leave the LAN Game?");
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  ui_test_screenshot (GTK_WIDGET (dialog), "play-on-over-lan-question");
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_wait_for (question_gone, NULL);
  g_assert_true (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) == GTK_WINDOW (viewer));
  g_assert_true (parlor_window_get_screen (window) == GTK_WIDGET (screen));
  g_assert_true (parlor_game_screen_get_session (screen) == lan);
  g_assert_true (parlor_game_screen_is_playing (screen));

  /* Asked again and answered Play On: the game from the replay takes its place. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL));
  ui_test_wait_for (question_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (dialog, "play-on");
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_wait_for (viewer_gone, NULL);
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  g_assert_true (lan == NULL || parlor_game_screen_get_session (screen) != lan);
  g_assert_true (parlor_game_screen_is_kept (screen));
  if (lan != NULL)
    g_object_remove_weak_pointer (G_OBJECT (lan), (gpointer *) &lan);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  lan_test_guest_free (guest);
  /* The guest was told the host left: nothing of it stays for other tests. */
  while ((left = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG)) != NULL)
    gtk_window_destroy (left);
  parlor_saved_game_remove ("triad");
  g_unlink (path);
}

/* The one replay reader's limits hold for saved games too: too big, not a
 * regular file, NUL bytes, no game; CR LF lines are the same lines. */
static void
test_saved_file_limits (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *valid = triad_saved (SEATS_OK, "");
  g_autoptr(GError) error = NULL;
  ParlorGameScreen *screen;

  count_set_aside (TRUE);
  {
    g_autofree char *chunk = g_strnfill (1024 * 1024, '\n');
    FILE *f;

    g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
    f = g_fopen (path, "wb");
    g_assert_nonnull (f);
    for (guint i = 0; i < 100; i++)
      g_assert_cmpuint (fwrite (chunk, 1, 1024 * 1024, f), ==, 1024 * 1024);
    g_assert_cmpint (fclose (f), ==, 0);
    assert_refused (NULL, 0, "damaged");
    count_set_aside (TRUE);
  }
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  assert_refused (NULL, 0, "damaged");
  {
    g_autoptr(GString) forged = g_string_new (valid);

    g_string_append_len (forged, "\0garbage\nresult line=forged\n", 28);
    assert_refused (forged->str, forged->len, "damaged");
  }
  assert_refused ("replay version=1\r\n", -1, "damaged");
  count_set_aside (TRUE);

  {
    g_autoptr(GString) crlf = g_string_new (valid);

    g_string_replace (crlf, "\n", "\r\n", 0);
    g_assert_true (g_file_set_contents (path, crlf->str, crlf->len, NULL));
  }
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (parlor_game_screen_resume_saved_game (screen, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_set_aside (FALSE), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  parlor_saved_game_remove ("triad");
}

/* Quitting asks only when the game would be lost: a game against the
 * computer is kept, so it does not. */
static void
test_quit_question (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, "triad");

  g_assert_true (parlor_game_screen_is_kept (screen));
  g_assert_false (parlor_window_needs_quit_question (window));
  /* New Game shows the setup page at once, the game offered there. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_null (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "setup");
  g_assert_true (parlor_game_screen_has_saved_game (screen));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.start", NULL));
  g_assert_true (parlor_game_screen_is_playing (screen));
    /* Back leaves at once, and the game waits on the menu. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
  ui_test_wait_for (continue_offered, window);
  /* The start page says so on the game's row. */
  parlor_window_show_start (window);
  ui_test_wait_for (shows_game_in_progress, window);
  ui_test_screenshot (GTK_WIDGET (window), "start-game-in-progress");
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    parlor_saved_game_remove (games[i]);
  parlor_window_show_start (window);
  g_assert_false (shows_label (GTK_WIDGET (window), "Game in progress"));
}

static gboolean
hint_offered (gpointer window)
{
  return offered (window, "win.hint");
}

static gboolean
hint_announced (gpointer window)
{
  return g_str_has_prefix (parlor_window_get_announcement (window), "Hint: ");
}

static GtkWidget *
ancestor_of_type (GtkWidget *widget,
                  GType      type)
{
  while (widget != NULL && !g_type_is_a (G_OBJECT_TYPE (widget), type))
    widget = gtk_widget_get_parent (widget);
  return widget;
}

static const char *announced_words;

static gboolean
words_announced (gpointer window)
{
  return strstr (parlor_window_get_announcement (window), announced_words) != NULL;
}

static gboolean
has_chosen (gpointer screen)
{
  ParlorSession *session = parlor_game_screen_get_session (screen);
  g_autofree char *view = parlor_session_dup_view (session);
  ManhattanView parsed;

  return manhattan_view_parse (view, &parsed, NULL) &&
         (parsed.chosen_mask & (1 << parlor_session_get_seat (session)));
}

static gboolean
focus_on_board (gpointer window)
{
  return ancestor_of_type (gtk_root_get_focus (GTK_ROOT (window)), MANHATTAN_TYPE_BOARD_VIEW) != NULL;
}

/* Ctrl+H: the strongest computer player's move for this player's view is
 * said, and shown with the focus on it (Triple Triad's card and cell, the
 * mahjong tile to discard). */
static void
test_hint (gconstpointer data)
{
  const char *id = data;
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, id);
  ParlorSession *session = parlor_game_screen_get_session (screen);
  g_autofree char *view = NULL;
  g_autoptr(ParlorHint) expected = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *focus;

  ui_test_wait_for (hint_offered, window);
  g_assert_false (parlor_game_screen_get_assisted (screen));
  view = parlor_session_dup_view (session);
  expected = parlor_hint_compute (parlor_table_get_info (parlor_session_get_table (session)),
                                  view, NULL, NULL, &error);
  g_assert_no_error (error);

  /* Ctrl+H's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  ui_test_wait_for (hint_announced, window);
  g_assert_nonnull (strstr (parlor_window_get_announcement (window), expected->words));
  g_assert_true (parlor_game_screen_get_assisted (screen));

  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  if (g_str_equal (id, "triad"))
    {
      unsigned int index, cell;
      GtkWidget *board = ancestor_of_type (focus, TRIAD_TYPE_BOARD_VIEW);

      g_assert_cmpint (sscanf (expected->action, "place card=%u cell=%u", &index, &cell), ==, 2);
      g_assert_nonnull (board);
      g_assert_cmpint (triad_board_view_get_cursor (TRIAD_BOARD_VIEW (board)), ==, (int) cell);
    }
  else if (g_str_equal (id, "manhattan"))
    {
      /* The round's blocks first: set, with the focus on Choose, which
       * plays them; then the play: card and block picked, the board's
       * cursor on the spot. */
      guint8 counts[MANHATTAN_MAX_BLOCK + 1];
      g_autoptr(ParlorHint) play = NULL;
      unsigned int card, city, block;
      int at_city, at_row, at_col, row, col;
      GtkWidget *board;

      g_assert_true (g_str_has_prefix (expected->action, "choose blocks="));
      g_assert_true (manhattan_blocks_parse (expected->action + strlen ("choose blocks="), counts, NULL));
      g_assert_true (GTK_IS_BUTTON (focus));
      g_assert_nonnull (ancestor_of_type (focus, MANHATTAN_TYPE_PANEL));
      g_signal_emit_by_name (focus, "clicked");
      ui_test_wait_for (has_chosen, screen);
      wait_to_move (screen);
      g_clear_pointer (&view, g_free);
      view = parlor_session_dup_view (session);
      {
        ManhattanView parsed;
        int seat = parlor_session_get_seat (session);

        g_assert_true (manhattan_view_parse (view, &parsed, NULL));
        for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
          g_assert_cmpint (parsed.chosen[seat][b], ==, counts[b]);
      }
      play = parlor_hint_compute (parlor_table_get_info (parlor_session_get_table (session)),
                                  view, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (sscanf (play->action, "play card=%u city=%u block=%u", &card, &city, &block), ==, 3);
      announced_words = play->words;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
      ui_test_wait_for (words_announced, window);
      g_assert_true (focus_on_board (window));
      board = ancestor_of_type (gtk_root_get_focus (GTK_ROOT (window)), MANHATTAN_TYPE_BOARD_VIEW);
      manhattan_board_view_get_cursor (MANHATTAN_BOARD_VIEW (board), &at_city, &at_row, &at_col);
      manhattan_card_spot (parlor_session_get_seat (session), (int) card, &row, &col);
      g_assert_cmpint (at_city, ==, (int) city);
      g_assert_cmpint (at_row, ==, row);
      g_assert_cmpint (at_col, ==, col);
      {
        ManhattanPanel *panel =
          MANHATTAN_PANEL (manhattan_screen_get_panel (MANHATTAN_SCREEN (screen)));

        g_assert_cmpint (manhattan_panel_get_card (panel), ==, (int) card);
        g_assert_cmpint (manhattan_panel_get_block (panel), ==, (int) block);
      }
    }
  else if (g_str_has_prefix (expected->action, "discard"))
    {
      GtkWidget *hand = ancestor_of_type (focus, MAHJONG_TYPE_HAND_VIEW);
      int selected;
      g_autofree char *discard = NULL;

      g_assert_nonnull (hand);
      selected = mahjong_hand_view_get_selected (MAHJONG_HAND_VIEW (hand));
      g_assert_cmpint (selected, >=, 0);
      discard = MAHJONG_SCREEN_GET_CLASS (screen)->discard_action (
        MAHJONG_SCREEN (screen), mahjong_hand_view_get_tile (MAHJONG_HAND_VIEW (hand), selected));
      g_assert_cmpstr (discard, ==, expected->action);
    }

  /* Paused, no hint is offered. */
  parlor_game_screen_set_paused (screen, TRUE);
  g_assert_false (offered (window, "win.hint"));
  parlor_game_screen_set_paused (screen, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/play/pause", test_pause);
  g_test_add_func ("/play/undo", test_undo);
  g_test_add_data_func ("/play/hint/triad", "triad", test_hint);
  g_test_add_data_func ("/play/hint/jihai", "jihai", test_hint);
  g_test_add_data_func ("/play/hint/manhattan", "manhattan", test_hint);
  g_test_add_data_func ("/play/hint/mcr", "mcr", test_hint);
  g_test_add_func ("/play/quit-question", test_quit_question);
  g_test_add_func ("/play/damaged", test_damaged);
  g_test_add_func ("/play/unplayable", test_unplayable);
  g_test_add_func ("/play/unplayable-not-offered", test_unplayable_not_offered);
  g_test_add_func ("/play/play-on-over-lan", test_play_on_over_lan);
  g_test_add_func ("/play/saved-file-limits", test_saved_file_limits);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/play/resume-after-kill/%s", games[i]);

      g_test_add_data_func (path, games[i], test_resume_after_kill);
    }
  return ui_test_run ();
}
