/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "parlor-game-screen.h"
#include "parlor-games.h"
#include "parlor-records.h"
#include "parlor-replay-viewer.h"
#include "parlor-review.h"
#include "parlor-statistics.h"
#include "parlor-table.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/*
 * A finished game watched again from its result page and from the past
 * games of the Statistics window; the review in the viewer lists what
 * parlor_review_replay() lists and takes the viewer to each decision.
 */

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

/* The label showing @text under @widget, if one is on screen. */
static GtkLabel *
find_label_shown (GtkWidget  *widget,
                  const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label_shown (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static guint
count_actions (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "action "))
      n++;
  return n;
}

static gboolean
viewer_shown (gpointer data)
{
  return ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) != NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
replay_kept (gpointer screen)
{
  const char *path = parlor_game_screen_get_last_replay_path (screen);

  return path != NULL && g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
close_viewer (void)
{
  GtkWindow *viewer = ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER);

  g_assert_nonnull (viewer);
  gtk_window_destroy (viewer);
  ui_test_iterate (20);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
}

static void press (ParlorReplayViewer *viewer,
                   guint               keyval,
                   GdkModifierType     mods);

static char *played_record;   /* the finished game's record, as the table kept it */
static guint played_actions;

static void
test_watch_again (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen;
  ParlorTable *table;
  GtkWidget *watch;
  ParlorReplayViewer *viewer;
  g_autoptr(GString) record = g_string_new (NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *lines;

  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.start", NULL));
  table = g_object_ref (parlor_session_get_table (parlor_game_screen_get_session (screen)));
  g_assert_false (parlor_game_screen_can_watch_again (screen));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.watch-again", NULL) &&
                  viewer_shown (NULL));

  while (ui_test_play_first_move (screen))
    ;
  lines = parlor_table_get_record (table);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (record, "%s\n", (char *) g_ptr_array_index (lines, i));
  g_object_unref (table);
  played_record = g_strdup (record->str);
  played_actions = count_actions (record->str);
  g_assert_cmpuint (played_actions, ==, 9);
  ui_test_iterate (50);

  /* The result page has Watch Again, reached by Tab, enabled. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.show-result", NULL));
  ui_test_iterate (50);
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "result");
  g_assert_true (parlor_game_screen_can_watch_again (screen));
  watch = find_button_labelled (GTK_WIDGET (screen), "_Watch Again");
  g_assert_nonnull (watch);
  g_assert_true (gtk_widget_is_visible (watch));
  g_assert_true (gtk_widget_is_sensitive (watch));
  /* Focused, Play Again has Watch Again before it in the keyboard's order. */
  g_assert_true (gtk_widget_has_focus (find_button_labelled (GTK_WIDGET (screen), "_Play Again")));
  g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_BACKWARD);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == watch);
  ui_test_screenshot (GTK_WIDGET (window), "watch-again");

  g_assert_true (gtk_widget_activate (watch));
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  g_assert_cmpstr (parlor_replay_cursor_get_info (parlor_replay_viewer_get_cursor (viewer))->id, ==, "triad");
  g_assert_cmpuint (parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer)), ==,
                    played_actions);
  g_assert_cmpint (parlor_replay_cursor_get_local_seat (parlor_replay_viewer_get_cursor (viewer)), ==,
                   parlor_session_get_seat (parlor_game_screen_get_session (screen)));
  parlor_replay_viewer_go_to (viewer, played_actions);
  g_assert_true (parlor_game_is_over (parlor_replay_cursor_get_game (parlor_replay_viewer_get_cursor (viewer))));
  close_viewer ();

  /* The records keep the same replay as a file. */
  ui_test_wait_for (replay_kept, screen);
  g_assert_true (g_file_get_contents (parlor_game_screen_get_last_replay_path (screen), &kept, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kept, ==, played_record);

  /* A new game forgets it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.play-again", NULL));
  g_assert_false (parlor_game_screen_can_watch_again (screen));
  g_assert_null (parlor_game_screen_get_last_replay_path (screen));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  ui_test_iterate (50);
}

static gboolean
stats_loaded (gpointer stats)
{
  return !parlor_statistics_is_loading (stats);
}

static void
test_past_games (void)
{
  ParlorStatistics *stats;
  ParlorReplayViewer *viewer;
  GtkListBox *list;
  GtkListBoxRow *row;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autoptr(GError) error = NULL;
  ParlorRecordEntry *entry;
  AdwMessageDialog *dialog;

  g_assert_nonnull (played_record);
  records = parlor_records_open (NULL, &error);
  g_assert_no_error (error);
  entries = parlor_records_list (records, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, >=, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_cmpstr (entry->game_id, ==, "triad");

  g_action_group_activate_action (G_ACTION_GROUP (ui_test_get_app ()), "statistics", NULL);
  ui_test_iterate (50);
  stats = PARLOR_STATISTICS (ui_test_find_window (PARLOR_TYPE_STATISTICS));
  g_assert_nonnull (stats);
  ui_test_wait_for (stats_loaded, stats);
  /* The longest game's name is shown whole. */
  parlor_statistics_set_game (stats, "mcr");
  ui_test_iterate (50);
  {
    GtkWidget *game_row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (stats), PARLOR_TYPE_STATISTICS,
                                                                      "game_row"));
    GtkLabel *name = find_label_shown (game_row, "Chinese Official Mahjong");

    g_assert_nonnull (name);
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (name)));
    ui_test_screenshot (GTK_WIDGET (stats), "statistics-long-name");
  }
  parlor_statistics_set_game (stats, "triad");
  ui_test_wait_for (stats_loaded, stats);
  parlor_statistics_show_past_games (stats);
  ui_test_iterate (50);
  list = parlor_statistics_get_past_games (stats);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (list)));
  row = gtk_list_box_get_row_at_index (list, 0);
  g_assert_nonnull (row);
  g_assert_null (gtk_list_box_get_row_at_index (list, (int) entries->len));
  g_assert_true (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "Triple Triad — "));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                            entry->outcome == PARLOR_OUTCOME_WON ? "Won"
                            : entry->outcome == PARLOR_OUTCOME_LOST ? "Lost" : "Drawn"));
  g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (stats), GTK_WIDGET (row)));
  ui_test_screenshot (GTK_WIDGET (stats), "past-games");

  /* Activated, it opens the game in the viewer, which takes the mouse and
   * keys: no other window is modal over it. */
  g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  g_assert_cmpuint (parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer)), ==,
                    played_actions);
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

        if (other != GTK_WINDOW (viewer) && gtk_widget_get_visible (GTK_WIDGET (other)))
          g_assert_false (gtk_window_get_modal (other));
      }
  }
  press (viewer, GDK_KEY_Right, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 1);
  press (viewer, GDK_KEY_End, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, played_actions);
  close_viewer ();

  /* A damaged file: a message, no viewer. */
  g_assert_true (g_file_set_contents (entry->replay, "parlor-replay version=1\ngame id=triad seed=x\n", -1,
                                      &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
  ui_test_wait_for (dialog_shown, NULL);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  {
    g_autofree char *name = g_path_get_basename (entry->replay);

    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), name));
  }
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A missing one too. */
  g_assert_cmpint (g_remove (entry->replay), ==, 0);
  g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
  ui_test_wait_for (dialog_shown, NULL);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  gtk_window_destroy (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  gtk_window_destroy (GTK_WINDOW (stats));
  ui_test_iterate (20);
}

/* ---- Review ---- */

/* A Triple Triad game, open hands, seat 0 yours moving at random (some
 * moves lower the solved value), seat 1 the computer's best. */
static char *
triad_replay (guint64 seed)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (info, "hands=open first=0", seed, &error);
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *record;
  ParlorRng rng;

  g_assert_no_error (error);
  parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, "Ann", NULL);
  parlor_table_add_player_at (table, 1, PARLOR_SEAT_REMOTE, "Bot", NULL);
  g_assert_true (parlor_table_start (table, &error));
  parlor_rng_init (&rng, seed, 5);
  while (!parlor_table_is_over (table))
    {
      ParlorGame *game = parlor_table_get_game (table);
      guint seat = g_bit_nth_lsf (parlor_game_get_waiting (game), -1);
      g_autofree char *action = NULL;

      if (seat == 0)
        {
          g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);

          action = g_strdup (g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len)));
        }
      else
        {
          g_autofree char *view = parlor_game_view_for (game, (int) seat);
          guint n = g_strv_length ((char **) info->ai_levels);

          action = info->ai_choose (info->ai_levels[n - 1], view, seed, NULL, &error);
          g_assert_no_error (error);
        }
      g_assert_true (parlor_table_submit (table, seat, action, &error));
      g_assert_no_error (error);
    }
  record = parlor_table_get_record (table);
  for (guint i = 0; i < record->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (record, i));
  g_string_replace (text, "kind=remote", "kind=ai level=hard", 0);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
reviewed (gpointer viewer)
{
  return !parlor_replay_viewer_is_reviewing (viewer) && parlor_replay_viewer_get_review (viewer) != NULL;
}

/* The review may take long on a busy machine. */
static void
wait_reviewed (ParlorReplayViewer *viewer)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!reviewed (viewer) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_true (reviewed (viewer));
}

/* Presses @keyval with @mods as the viewer's keyboard shortcuts take it. */
static void
press (ParlorReplayViewer *viewer,
       guint               keyval,
       GdkModifierType     mods)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (viewer));
  gboolean pressed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !pressed; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (item))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (item)) && !pressed; k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (item), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods)
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                           GTK_WIDGET (viewer), NULL));
              pressed = TRUE;
            }
        }
    }
  g_assert_true (pressed);
  ui_test_iterate (20);
}

static void
test_review (void)
{
  g_autofree char *text = triad_replay (3);
  g_autofree char *path = g_build_filename (ui_test_get_data_home (), "review.replay", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GError) error = NULL;
  ParlorReplayViewer *viewer;
  GPtrArray *listed;
  GtkListBox *list;
  ParlorReviewEntry *last;
  g_autofree char *said = NULL;

  expected = parlor_review_replay (text, parlor_games_lookup, 0, PARLOR_REPLAY_VIEWER_REVIEW_SEED,
                                   NULL, &error);
  g_assert_no_error (error);
  /* The random moves lowered the value: there is something to list. */
  g_assert_cmpuint (expected->len, >=, 2);

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  g_assert_null (parlor_replay_viewer_get_review (viewer));

  /* Ctrl+R starts it; it says so. */
  press (viewer, GDK_KEY_r, GDK_CONTROL_MASK);
  g_assert_true (parlor_replay_viewer_is_reviewing (viewer) || reviewed (viewer));
  wait_reviewed (viewer);
  listed = parlor_replay_viewer_get_review (viewer);
  g_assert_cmpuint (listed->len, ==, expected->len);
  list = parlor_replay_viewer_get_review_list (viewer);
  for (guint i = 0; i < expected->len; i++)
    {
      ParlorReviewEntry *want = g_ptr_array_index (expected, i);
      ParlorReviewEntry *got = g_ptr_array_index (listed, i);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, (int) i);

      g_assert_cmpuint (got->step, ==, want->step);
      g_assert_cmpstr (got->played, ==, want->played);
      g_assert_cmpstr (got->best, ==, want->best);
      g_assert_nonnull (row);
    }
  g_assert_null (gtk_list_box_get_row_at_index (list, (int) expected->len));
  g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (viewer), GTK_WIDGET (list)));
  ui_test_screenshot (GTK_WIDGET (viewer), "replay-review");

  /* A row takes the viewer to its decision, and says it. */
  last = g_ptr_array_index (expected, expected->len - 1);
  g_assert_true (gtk_widget_activate (GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) expected->len - 1))));
  ui_test_iterate (20);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, last->step);
  said = g_strdup_printf ("Move %u: ", last->step);
  g_assert_true (g_str_has_prefix (parlor_replay_viewer_get_announcement (viewer), said));
  g_assert_nonnull (strstr (parlor_replay_viewer_get_announcement (viewer), last->played_words));

  /* N and P: the next and the previous decision listed. */
  press (viewer, GDK_KEY_Home, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 0);
  press (viewer, GDK_KEY_n, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==,
                    ((ParlorReviewEntry *) g_ptr_array_index (expected, 0))->step > 0
                    ? ((ParlorReviewEntry *) g_ptr_array_index (expected, 0))->step
                    : ((ParlorReviewEntry *) g_ptr_array_index (expected, 1))->step);
  press (viewer, GDK_KEY_End, 0);
  press (viewer, GDK_KEY_p, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, last->step);
  press (viewer, GDK_KEY_p, 0);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==,
                    ((ParlorReviewEntry *) g_ptr_array_index (expected, expected->len - 2))->step);

  /* Closed while a review runs: given up, nothing left behind. */
  close_viewer ();
  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  parlor_replay_viewer_review (viewer);
  g_assert_true (parlor_replay_viewer_is_reviewing (viewer));
  close_viewer ();
  ui_test_iterate (200);
}

/* A game the computer has nothing to say about. */
static void
test_review_empty (void)
{
  g_autofree char *text = NULL;
  g_autofree char *path = g_build_filename (ui_test_get_data_home (), "empty.replay", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GError) error = NULL;
  ParlorReplayViewer *viewer;

  /* Seat 1 (the computer's best) is reviewed: nothing to question. */
  text = triad_replay (3);
  {
    g_autoptr(GString) swapped = g_string_new (text);

    g_string_replace (swapped, "kind=local", "kind=x", 0);
    g_string_replace (swapped, "kind=ai level=hard", "kind=local", 0);
    g_string_replace (swapped, "kind=x", "kind=ai level=easy", 0);
    g_free (text);
    text = g_string_free (g_steal_pointer (&swapped), FALSE);
  }
  expected = parlor_review_replay (text, parlor_games_lookup, 1, PARLOR_REPLAY_VIEWER_REVIEW_SEED,
                                   NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->len, ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  parlor_replay_viewer_review (viewer);
  wait_reviewed (viewer);
  g_assert_cmpuint (parlor_replay_viewer_get_review (viewer)->len, ==, 0);
  g_assert_true (g_str_has_prefix (parlor_replay_viewer_get_announcement (viewer), "No decisions to question"));
  close_viewer ();
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  ui_test_init (&argc, &argv);
  g_test_add_func ("/watch/watch-again", test_watch_again);
  g_test_add_func ("/watch/past-games", test_past_games);
  g_test_add_func ("/watch/review", test_review);
  g_test_add_func ("/watch/review-empty", test_review_empty);
  ret = ui_test_run ();
  g_free (played_record);
  return ret;
}
