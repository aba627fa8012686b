/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "parlor-app-games.h"
#include "parlor-game-screen.h"
#include "parlor-line.h"
#include "parlor-records.h"
#include "parlor-replay.h"
#include "parlor-saved-game.h"
#include "parlor-statistics.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/*
 * A game against the computer played to its end is found in the records,
 * with its replay on disk, and in the Statistics window.
 */

static ParlorGameScreen *
start_game (ParlorWindow *window,
            const char   *id)
{
  g_autofree char *start = g_strconcat (id, ".start", NULL);
  ParlorGameScreen *screen;

  parlor_window_show_game (window, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), start, NULL));
  g_assert_true (parlor_game_screen_is_playing (screen));
  return screen;
}

static GtkWidget *
find_button_labelled (GtkWidget  *widget,
                      const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_labelled (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GPtrArray *
list_records (const char *game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (NULL, &error);

  g_assert_no_error (error);
  return parlor_records_list (records, game_id, 0, &error);
}

static guint wanted_records;

static gboolean
recorded (gpointer game_id)
{
  static gint64 last;
  static gboolean answer;
  g_autoptr(GPtrArray) list = NULL;

  /* Not on every turn of the loop: each look opens the database. */
  if (g_get_monotonic_time () - last < 100 * 1000)
    return answer;
  last = g_get_monotonic_time ();
  list = list_records (game_id);
  answer = list->len >= wanted_records;
  return answer;
}

static gboolean
dialog_shown (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
stats_loaded (gpointer stats)
{
  return !parlor_statistics_is_loading (stats);
}

static const ParlorGameInfo *
lookup (const char *id)
{
  const ParlorAppGame *game = parlor_app_games_lookup (id);

  return game != NULL ? game->info : NULL;
}

static void
test_finished_game (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, "triad");
  ParlorTable *table = parlor_session_get_table (parlor_game_screen_get_session (screen));
  int seat = parlor_session_get_seat (parlor_game_screen_get_session (screen));
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected_won = NULL;
  g_autofree char *replay = NULL;
  ParlorRecordEntry *entry;
  ParlorStatistics *stats;
  AdwMessageDialog *dialog;
  GtkWidget *reset;
  const char *winner;
  guint n_games = 0;

  g_object_ref (table);
  while (ui_test_play_first_move (screen))
    ;
  result = parlor_game_get_result (parlor_table_get_game (table));
  g_object_unref (table);
  g_assert_nonnull (result);

  wanted_records = 1;
  ui_test_wait_for (recorded, (gpointer) "triad");
  list = list_records ("triad");
  g_assert_cmpuint (list->len, ==, 1);
  entry = g_ptr_array_index (list, 0);
  g_assert_cmpstr (entry->game_id, ==, "triad");
  g_assert_cmpint (entry->seat, ==, seat);
  g_assert_false (entry->assisted);
  g_assert_cmpint (entry->strength, ==,
                   (int) parlor_settings_get_computer_strength (parlor_game_screen_get_settings (screen)));

  /* The outcome, from the game's own result line. */
  line = parlor_line_parse (result, &error);
  g_assert_no_error (error);
  winner = parlor_line_get (line, "winner");
  g_assert_nonnull (winner);
  g_assert_cmpint (entry->outcome, ==,
                   g_str_equal (winner, "draw") ? PARLOR_OUTCOME_DRAWN
                   : atoi (winner) == seat ? PARLOR_OUTCOME_WON : PARLOR_OUTCOME_LOST);

  /* The kept replay plays the same game again. */
  g_assert_nonnull (entry->replay);
  g_assert_true (g_str_has_prefix (entry->replay, ui_test_get_data_home ()));
  g_assert_true (g_file_get_contents (entry->replay, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (parlor_replay_verify (text, lookup, &n_games, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_games, ==, 1);
  {
    g_autofree char *record = parlor_replay_format_result (result, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, record));
  }

  /* The Statistics window, from the menu's action, shows it. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (ui_test_get_app ()), "statistics"));
  g_action_group_activate_action (G_ACTION_GROUP (ui_test_get_app ()), "statistics", NULL);
  ui_test_iterate (50);
  stats = PARLOR_STATISTICS (ui_test_find_window (PARLOR_TYPE_STATISTICS));
  g_assert_nonnull (stats);
  ui_test_wait_for (stats_loaded, stats);
  g_assert_cmpstr (parlor_statistics_get_game (stats), ==, "triad");
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU), ==, "1");
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_COMPUTERS),
                   ==, "1");
  expected_won = g_strdup_printf ("%u (%u%%)", entry->outcome == PARLOR_OUTCOME_WON ? 1 : 0,
                                  entry->outcome == PARLOR_OUTCOME_WON ? 100 : 0);
  g_assert_cmpstr (parlor_statistics_get_value (stats, "won", FALSE, PARLOR_RECORDS_YOU), ==,
                   expected_won);
  /* No game with help: no such section. */
  g_assert_null (parlor_statistics_get_value (stats, "played", TRUE, PARLOR_RECORDS_YOU));
  /* No hands in Triple Triad. */
  g_assert_null (parlor_statistics_get_value (stats, "win-rate", FALSE, PARLOR_RECORDS_YOU));
  ui_test_screenshot (GTK_WIDGET (stats), "statistics");

  /* Another game shows its own records: none. */
  parlor_statistics_set_game (stats, "mcr");
  ui_test_wait_for (stats_loaded, stats);
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU), ==, "0");
  g_assert_nonnull (parlor_statistics_get_value (stats, "win-rate", FALSE, PARLOR_RECORDS_YOU));

  /* Reset, reached by keyboard, asks first, then forgets the game's records. */
  parlor_statistics_set_game (stats, "triad");
  ui_test_wait_for (stats_loaded, stats);
  reset = find_button_labelled (GTK_WIDGET (stats), "_Reset Statistics…");
  g_assert_nonnull (reset);
  g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (stats), reset));
  g_assert_true (gtk_widget_activate (reset));
  ui_test_wait_for (dialog_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU), ==, "1");
  adw_message_dialog_response (dialog, "reset");
  ui_test_wait_for (stats_loaded, stats);
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU), ==, "0");
  gtk_window_destroy (GTK_WINDOW (stats));
  replay = g_strdup (entry->replay);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = list_records ("triad");
  g_assert_cmpuint (list->len, ==, 0);
  /* The replay stays. */
  g_assert_true (g_file_test (replay, G_FILE_TEST_EXISTS));
}

/* A game played with help is counted apart, also after it is resumed. */
static gboolean
undo_offered (gpointer screen)
{
  return parlor_game_screen_can_undo (screen);
}

static void
test_assisted_resumed (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, "triad");
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  ParlorRecordEntry *entry;

  g_assert_false (parlor_game_screen_get_assisted (screen));
  ui_test_play_first_move (screen);
  ui_test_wait_for (undo_offered, screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (parlor_game_screen_get_assisted (screen));

  /* Left, and taken up again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (parlor_game_screen_has_saved_game (screen));
  g_assert_true (parlor_game_screen_resume_saved_game (screen, &error));
  g_assert_no_error (error);
  g_assert_true (parlor_game_screen_get_assisted (screen));

  while (ui_test_play_first_move (screen))
    ;
  wanted_records = 1;
  ui_test_wait_for (recorded, (gpointer) "triad");
  list = list_records ("triad");
  entry = g_ptr_array_index (list, 0);
  g_assert_true (entry->assisted);

  /* A new game starts without help. */
  screen = start_game (window, "triad");
  g_assert_false (parlor_game_screen_get_assisted (screen));
  g_assert_false (parlor_saved_game_get_assisted ("triad"));
}

/* ---- The records held by another program ---- */

static GtkWidget *
find_label_containing (GtkWidget  *widget,
                       const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
      strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_containing (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static guint
count_files (const char *dir,
             const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    n += g_str_has_suffix (name, suffix);
  return n;
}

/* The main loop's longest pause, from a timer that should fire every 10 ms. */
static gint64 last_tick, longest_gap;

static gboolean
on_tick (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  if (last_tick != 0)
    longest_gap = MAX (longest_gap, now - last_tick);
  last_tick = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
waiting_shown (gpointer stats)
{
  return find_label_containing (stats, "waiting to be recorded") != NULL &&
         parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU) != NULL;
}

static gboolean
nothing_waiting (gpointer stats)
{
  return find_label_containing (stats, "waiting to be recorded") == NULL &&
         g_strcmp0 (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU),
                    "1") == 0;
}

/*
 * Another program holds the records (BEGIN EXCLUSIVE) while a game ends:
 * the finished game is kept on disk at once, the window never waits,
 * Statistics says a game is waiting, and once the lock goes the game is
 * recorded, once.
 */
static void
test_locked (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, "triad");
  g_autofree char *db_path = parlor_records_get_default_path ();
  g_autofree char *pending_dir = g_build_filename (ui_test_get_data_home (), "parlor", "pending",
                                                   NULL);
  g_autofree char *saved = g_build_filename (ui_test_get_data_home (), "parlor", "saved",
                                             "triad.replay", NULL);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorRecords) records = parlor_records_open (NULL, &error);
  ParlorStatistics *stats;
  sqlite3 *other = NULL;
  guint tick, before;

  g_assert_no_error (error);
  g_clear_object (&records);
  list = list_records ("triad");
  before = list->len;
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_cmpint (sqlite3_open (db_path, &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);

  while (ui_test_play_first_move (screen))
    ;
  /* At once, before any thread ran: the finished game is on disk. */
  g_assert_true (g_file_test (saved, G_FILE_TEST_EXISTS) ||
                 count_files (pending_dir, ".pending") == 1);

  tick = g_timeout_add (10, on_tick, NULL);
  last_tick = longest_gap = 0;
  g_action_group_activate_action (G_ACTION_GROUP (ui_test_get_app ()), "statistics", NULL);
  ui_test_iterate (50);
  stats = PARLOR_STATISTICS (ui_test_find_window (PARLOR_TYPE_STATISTICS));
  g_assert_nonnull (stats);
  /* Longer than the records wait for a lock: still recorded later. */
  ui_test_iterate (6000);
  ui_test_wait_for (waiting_shown, stats);
  g_assert_cmpstr (parlor_statistics_get_value (stats, "played", FALSE, PARLOR_RECORDS_YOU), ==,
                   "0");
  g_assert_cmpuint (count_files (pending_dir, ".pending"), ==, 1);
  g_assert_false (g_file_test (saved, G_FILE_TEST_EXISTS));
  g_test_message ("longest pause of the window: %" G_GINT64_FORMAT " ms", longest_gap / 1000);
  /* Generous for a busy machine, far below the records' wait for a lock. */
  g_assert_cmpint (longest_gap, <, 2500 * 1000);
  g_source_remove (tick);

  sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (other);
  wanted_records = before + 1;
  ui_test_wait_for (recorded, (gpointer) "triad");
  ui_test_wait_for (nothing_waiting, stats);
  /* Once: later tries add nothing. */
  ui_test_iterate (3000);
  list = list_records ("triad");
  g_assert_cmpuint (list->len, ==, before + 1);
  g_assert_nonnull (((ParlorRecordEntry *) g_ptr_array_index (list, 0))->replay);
  g_assert_cmpuint (count_files (pending_dir, ".pending"), ==, 0);
  gtk_window_destroy (GTK_WINDOW (stats));
}

/* A saved game against Easy, resumed with Preferences at Strongest: the
 * record says Easy, as the replay does. */
static void
test_resumed_strength (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings;
  ParlorGameScreen *screen;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  ParlorRecordEntry *entry;
  guint before;

  list = list_records ("triad");
  before = list->len;
  g_clear_pointer (&list, g_ptr_array_unref);
  screen = start_game (window, "triad");
  settings = parlor_game_screen_get_settings (screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  /* A new game at Easy. */
  g_assert_true (parlor_settings_set_computer_strength (settings, 0) ||
                 parlor_settings_get_computer_strength (settings) == 0);
  screen = start_game (window, "triad");
  ui_test_play_first_move (screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));

  parlor_settings_set_computer_strength (settings, PARLOR_STRENGTH_MAX);
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (parlor_game_screen_has_saved_game (screen));
  g_assert_true (parlor_game_screen_resume_saved_game (screen, &error));
  g_assert_no_error (error);
  while (ui_test_play_first_move (screen))
    ;
  wanted_records = before + 1;
  ui_test_wait_for (recorded, (gpointer) "triad");
  list = list_records ("triad");
  entry = g_ptr_array_index (list, 0);
  g_assert_cmpint (entry->strength, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/records-ui/finished-game", test_finished_game);
  g_test_add_func ("/records-ui/assisted-resumed", test_assisted_resumed);
  g_test_add_func ("/records-ui/locked", test_locked);
  g_test_add_func ("/records-ui/resumed-strength", test_resumed_strength);
  return ui_test_run ();
}
