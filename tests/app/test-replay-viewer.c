/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "parlor-game-screen.h"
#include "parlor-games.h"
#include "parlor-replay-viewer.h"
#include "parlor-review.h"
#include "parlor-saved-game.h"
#include "parlor-table.h"
#include "mcr-view.h"
#include "jihai/jihai-screen-private.h"
#include "manhattan/manhattan-screen-private.h"
#include "mcr/mcr-screen-private.h"
#include "triad/triad-board-view.h"
#include "triad/triad-screen-private.h"
#include "ui-test-util.h"

/*
 * The replay viewer on a Triple Triad game and a Chinese Official hand:
 * opened as a file is, stepped with its keys, the board, the log and the
 * words for screen readers follow; Play on from here starts a game.
 */

typedef struct
{
  char      *path;
  GPtrArray *views;   /* seat 0's view after each step */
} Recorded;

static void
recorded_clear (Recorded *r)
{
  g_free (r->path);
  g_ptr_array_unref (r->views);
}

/* A seeded game, seat 0 "Ann" against computer players, every move
 * chosen here; seat 0's view kept at each step. Written as a file. */
static void
record_game (const char *id,
             const char *config,
             guint       max_moves,
             Recorded   *out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (parlor_games_lookup (id), config, 17, &error);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("%s.replay", id);
  GPtrArray *record;
  ParlorRng rng;

  g_assert_no_error (error);
  for (guint i = 0; i < parlor_table_get_n_seats (table); i++)
    parlor_table_add_player_at (table, i, i == 0 ? PARLOR_SEAT_LOCAL : PARLOR_SEAT_REMOTE,
                                i == 0 ? "Ann" : "Bot", NULL);
  g_assert_true (parlor_table_start (table, &error));
  out->views = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (out->views, parlor_table_view_for (table, 0));
  parlor_rng_init (&rng, 17, 3);
  for (guint n = 0; n < max_moves && !parlor_table_is_over (table); n++)
    {
      ParlorGame *game = parlor_table_get_game (table);
      guint seat = g_bit_nth_lsf (parlor_game_get_waiting (game), -1);
      g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);

      g_assert_true (parlor_table_submit (table, seat,
                                          g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len)),
                                          &error));
      g_assert_no_error (error);
      g_ptr_array_add (out->views, parlor_table_view_for (table, 0));
    }
  record = parlor_table_get_record (table);
  for (guint i = 0; i < record->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (record, i));
  /* The others were computer players, as in a game against the computer. */
  g_string_replace (text, "kind=remote", "kind=ai level=easy", 0);
  out->path = g_build_filename (ui_test_get_data_home (), name, NULL);
  g_assert_true (g_file_set_contents (out->path, text->str, -1, &error));
}

/* Presses @keyval as the viewer's keyboard shortcuts take it. */
static void
press (ParlorReplayViewer *viewer,
       guint               keyval)
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
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
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

static ParlorReplayViewer *
open_viewer (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ParlorReplayViewer *viewer;

  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (viewer_shown, NULL);
  viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  g_assert_nonnull (viewer);
  return viewer;
}

static gboolean
viewer_gone (gpointer data)
{
  return ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) == NULL;
}

static gboolean
can_move (gpointer data)
{
  return parlor_game_screen_can_move (PARLOR_GAME_SCREEN (data));
}

static void
test_triad (void)
{
  Recorded r = { 0 };
  ParlorReplayViewer *viewer;
  TriadScreen *screen;
  guint n;

  record_game ("triad", "", 100, &r);
  viewer = open_viewer (r.path);
  screen = TRIAD_SCREEN (parlor_replay_viewer_get_screen (viewer));
  n = parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer));
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpint (parlor_replay_viewer_get_seat (viewer), ==, 0);
  g_assert_cmpint (triad_board_view_get_last_move (TRIAD_BOARD_VIEW (triad_screen_get_board (screen))), ==, -1);

  for (guint step = 1; step <= 3; step++)
    {
      g_autofree char *before = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
      g_autofree char *view = NULL;
      g_autofree char *after = NULL;
      g_autofree char *said = g_strdup_printf ("Move %u: ", step);

      press (viewer, GDK_KEY_Right);
      g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, step);
      view = triad_screen_dup_view (screen);
      g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, step));
      g_assert_cmpint (triad_board_view_get_last_move (TRIAD_BOARD_VIEW (triad_screen_get_board (screen))), >=, 0);
      after = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
      g_assert_true (g_str_has_prefix (after, before));
      g_assert_cmpuint (strlen (after), >, strlen (before));
      g_assert_true (g_str_has_prefix (parlor_replay_viewer_get_announcement (viewer), said));
    }
  ui_test_screenshot (GTK_WIDGET (viewer), "replay-viewer-triad");

  /* Back: the board and the log as they were. */
  {
    g_autofree char *log2 = NULL;
    g_autofree char *view = NULL;
    g_autofree char *log_now = NULL;

    press (viewer, GDK_KEY_Left);
    g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 2);
    view = triad_screen_dup_view (screen);
    g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, 2));
    log2 = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    press (viewer, GDK_KEY_Right);
    press (viewer, GDK_KEY_Left);
    log_now = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_assert_cmpstr (log_now, ==, log2);
  }
  press (viewer, GDK_KEY_End);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, n);
  /* A replay's moves are made: at the end the game is over, and before it
   * nobody is thinking. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (TRIAD_SCREEN_CHILD (screen, "turn_label"))), ==, "Game over");
  for (guint step = 0; step < n; step++)
    {
      parlor_replay_viewer_go_to (viewer, step);
      g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (TRIAD_SCREEN_CHILD (screen, "turn_label"))),
                             "thinking"));
    }
  press (viewer, GDK_KEY_Home);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 0);
  g_assert_cmpint (triad_board_view_get_last_move (TRIAD_BOARD_VIEW (triad_screen_get_board (screen))), ==, -1);

  /* The other seat's view. */
  parlor_replay_viewer_set_seat (viewer, 1);
  ui_test_iterate (20);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), ==, 1);

  /* Play on from move 4: a game against the computer, where you move. */
  parlor_replay_viewer_set_seat (viewer, 0);
  parlor_replay_viewer_go_to (viewer, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL));
  ui_test_wait_for (viewer_gone, NULL);
  {
    GtkWidget *played = parlor_window_get_screen (ui_test_get_window ());
    ParlorTable *table;

    g_assert_true (TRIAD_IS_SCREEN (played));
    table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (TRIAD_SCREEN (played)));
    g_assert_nonnull (table);
    g_assert_cmpstr (parlor_window_get_page (ui_test_get_window ()), ==, "play");
    ui_test_wait_for (can_move, played);
    {
      /* The new game's record begins with the replay's first four moves. */
      GPtrArray *record = parlor_table_get_record (table);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      guint from_file = 0, matched = 0;

      g_assert_true (g_file_get_contents (r.path, &text, NULL, NULL));
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL && from_file < 4; i++)
        if (g_str_has_prefix (lines[i], "action "))
          {
            from_file++;
            for (guint k = 0; k < record->len; k++)
              if (g_str_equal (g_ptr_array_index (record, k), lines[i]))
                {
                  matched++;
                  break;
                }
          }
      g_assert_cmpuint (matched, ==, 4);
    }
    parlor_game_screen_new_local_game (PARLOR_GAME_SCREEN (played));
  }
  recorded_clear (&r);
}

static void
test_mcr (void)
{
  Recorded r = { 0 };
  ParlorReplayViewer *viewer;
  McrScreen *screen;
  g_autofree char *log0 = NULL;

  record_game ("mcr", "hands=1", 60, &r);
  viewer = open_viewer (r.path);
  screen = MCR_SCREEN (parlor_replay_viewer_get_screen (viewer));
  log0 = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  for (guint step = 1; step <= 12; step++)
    {
      g_autofree char *view = NULL;

      press (viewer, GDK_KEY_Right);
      view = mcr_screen_dup_view (screen);
      g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, step));
    }
  {
    g_autofree char *log12 = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_autofree char *view = NULL;
    g_autofree char *log_back = NULL;

    g_assert_true (g_str_has_prefix (log12, log0));
    g_assert_cmpuint (strlen (log12), >, strlen (log0));
    g_assert_true (g_str_has_prefix (parlor_replay_viewer_get_announcement (viewer), "Move 12: "));
    ui_test_screenshot (GTK_WIDGET (viewer), "replay-viewer-mcr");
    press (viewer, GDK_KEY_Page_Up);
    g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 0);
    view = mcr_screen_dup_view (screen);
    g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, 0));
    log_back = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_assert_cmpstr (log_back, ==, log0);
  }
  press (viewer, GDK_KEY_Page_Down);
  g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==,
                    parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer)));

  /* A claim window with nothing to claim but a pass is no call of yours. */
  {
    guint n = parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer));
    guint nothing = 0;

    for (guint step = 0; step <= n; step++)
      {
        g_autofree char *line = NULL;
        McrView v;

        parlor_replay_viewer_go_to (viewer, step);
        line = mcr_screen_dup_view (screen);
        g_assert_true (mcr_view_parse (line, &v, NULL));
        /* Such a seat is not asked at all now; older replays asked it. */
        if ((v.phase == 'c' || v.phase == 'r') &&
            (!v.asked || (v.n_actions == 1 && g_str_equal (v.actions[0], "pass"))))
          {
            nothing++;
            g_assert_false (g_str_has_prefix (mcr_screen_get_turn_text (screen), "Your call"));
          }
      }
    g_test_message ("%u claim windows with nothing to claim", nothing);
    g_assert_cmpuint (nothing, >, 0);
  }
  gtk_window_destroy (GTK_WINDOW (viewer));
  ui_test_wait_for (viewer_gone, NULL);
  recorded_clear (&r);
}

/* What @screen shows: the view it drew from (its session's for Suzume-jong). */
static char *
screen_view (ParlorGameScreen *screen)
{
  if (TRIAD_IS_SCREEN (screen))
    return triad_screen_dup_view (TRIAD_SCREEN (screen));
  if (MCR_IS_SCREEN (screen))
    return mcr_screen_dup_view (MCR_SCREEN (screen));
  if (JIHAI_IS_SCREEN (screen))
    return jihai_screen_dup_view (JIHAI_SCREEN (screen));
  if (MANHATTAN_IS_SCREEN (screen))
    return manhattan_screen_dup_view (MANHATTAN_SCREEN (screen));
  return parlor_session_dup_view (parlor_game_screen_get_session (screen));
}

/* All Hands on a game of each kind: every seat's screen shows that seat's
 * own view, hidden hand and all, which seat 0's view does not show; it
 * follows the steps, forward and back. */
static void
test_all_hands (gconstpointer data)
{
  const char * const *c = data;
  Recorded r = { 0 };
  ParlorReplayViewer *viewer;
  ParlorReplayCursor *cursor;
  guint n;

  record_game (c[0], c[1], 12, &r);
  viewer = open_viewer (r.path);
  cursor = parlor_replay_viewer_get_cursor (viewer);
  n = parlor_replay_cursor_get_n_steps (cursor);
  g_assert_cmpuint (n, >=, 4);
  parlor_replay_viewer_go_to (viewer, 3);
  g_assert_false (parlor_replay_viewer_get_all_hands (viewer));
  g_assert_null (parlor_replay_viewer_get_all_hands_screen (viewer, 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.all-hands", NULL));
  ui_test_iterate (30);
  g_assert_true (parlor_replay_viewer_get_all_hands (viewer));
  for (guint round = 0; round < 2; round++)
    {
      for (guint s = 0; s < parlor_replay_cursor_get_n_seats (cursor); s++)
        {
          ParlorGameScreen *screen = parlor_replay_viewer_get_all_hands_screen (viewer, s);
          g_autofree char *shown = NULL;
          g_autofree char *own = parlor_replay_cursor_dup_view (cursor, (int) s);
          g_autofree char *from_0 = parlor_replay_cursor_dup_view (cursor, 0);
          g_autofree char *common = parlor_replay_cursor_dup_view (cursor, -1);

          g_assert_nonnull (screen);
          g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (screen)));
          g_assert_cmpint (parlor_game_screen_get_seat (screen), ==, (int) s);
          shown = screen_view (screen);
          g_assert_cmpstr (shown, ==, own);
          /* What this seat holds is hidden from the others. */
          g_assert_cmpstr (own, !=, common);
          if (s > 0)
            g_assert_cmpstr (own, !=, from_0);
        }
      if (round == 0)
        {
          press (viewer, GDK_KEY_Right);
          press (viewer, GDK_KEY_Right);
          press (viewer, GDK_KEY_Left);
          g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, 4);
        }
    }
  {
    g_autofree char *name = g_strdup_printf ("replay-viewer-all-hands-%s", c[0]);

    ui_test_screenshot (GTK_WIDGET (viewer), name);
  }
  parlor_replay_viewer_set_all_hands (viewer, FALSE);
  g_assert_false (parlor_replay_viewer_get_all_hands (viewer));
  gtk_window_destroy (GTK_WINDOW (viewer));
  ui_test_wait_for (viewer_gone, NULL);
  recorded_clear (&r);
}

/* A guest's kept game (a seat's view of seat 1), written as the guest's
 * session writes one: what seat 1 was told after each move, and its own
 * moves; the table's whole record of the same game beside it. */
static void
on_seat_view_event (ParlorTable *table,
                    guint        audience,
                    const char  *line,
                    GString     *text)
{
  if ((audience & PARLOR_AUDIENCE_SEAT (1)) != 0)
    g_string_append_printf (text, "event %s\n", line);
}

static void
record_seat_view (Recorded *out,
                  char    **whole)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (parlor_games_lookup ("triad"), "", 23, &error);
  g_autoptr(GString) text = g_string_new ("replay version=2 kind=seat-view\n"
                                          "game id=triad seats=2 seat=1\n"
                                          "seat index=0 name=Host kind=remote\n"
                                          "seat index=1 name=Ann kind=local\n");
  GString *record = g_string_new (NULL);
  GPtrArray *lines;
  ParlorRng rng;

  g_assert_no_error (error);
  parlor_table_add_player_at (table, 0, PARLOR_SEAT_REMOTE, "Host", NULL);
  parlor_table_add_player_at (table, 1, PARLOR_SEAT_LOCAL, "Ann", NULL);
  g_signal_connect (table, "event", G_CALLBACK (on_seat_view_event), text);
  g_assert_true (parlor_table_start (table, &error));
  out->views = g_ptr_array_new_with_free_func (g_free);
  parlor_rng_init (&rng, 23, 3);
  while (TRUE)
    {
      ParlorGame *game = parlor_table_get_game (table);
      char *view = parlor_table_view_for (table, 1);
      g_autoptr(GPtrArray) legal = NULL;
      const char *action;
      guint seat;

      g_string_append_printf (text, "view %s\n", view);
      g_ptr_array_add (out->views, view);
      if (parlor_table_is_over (table))
        break;
      seat = g_bit_nth_lsf (parlor_game_get_waiting (game), -1);
      legal = parlor_game_legal_actions (game, seat);
      action = g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len));
      if (seat == 1)
        g_string_append_printf (text, "move %s\n", action);
      g_assert_true (parlor_table_submit (table, seat, action, &error));
    }
  g_signal_handlers_disconnect_by_data (table, text);
  {
    g_autofree char *result = parlor_game_get_result (parlor_table_get_game (table));

    g_string_append_printf (text, "result %s\n", result);
  }
  out->path = g_build_filename (ui_test_get_data_home (), "guest.replay", NULL);
  g_assert_true (g_file_set_contents (out->path, text->str, -1, &error));
  lines = parlor_table_get_record (table);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (record, "%s\n", (char *) g_ptr_array_index (lines, i));
  *whole = g_string_free (record, FALSE);
}

static gboolean
review_done (gpointer viewer)
{
  return !parlor_replay_viewer_is_reviewing (viewer) && parlor_replay_viewer_get_review (viewer) != NULL;
}

/* The viewer on a seat's view: that seat only, step by step, forward and
 * back, the log following; no Play on; Review lists what a review of the
 * table's whole record lists for that seat. */
static void
test_seat_view (void)
{
  Recorded r = { 0 };
  ParlorReplayViewer *viewer;
  TriadScreen *screen;
  g_autofree char *log0 = NULL;
  g_autofree char *whole = NULL;
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *listed;
  guint n;

  record_seat_view (&r, &whole);
  viewer = open_viewer (r.path);
  screen = TRIAD_SCREEN (parlor_replay_viewer_get_screen (viewer));
  n = parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer));
  g_assert_cmpuint (n + 1, ==, r.views->len);
  g_assert_cmpint (parlor_replay_viewer_get_seat (viewer), ==, 1);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), ==, 1);
  log0 = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  for (guint step = 1; step <= n; step++)
    {
      g_autofree char *view = NULL;

      press (viewer, GDK_KEY_Right);
      g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, step);
      view = triad_screen_dup_view (screen);
      g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, step));
    }
  {
    g_autofree char *log_end = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_autofree char *view = NULL;
    g_autofree char *log_back = NULL;

    g_assert_true (g_str_has_prefix (log_end, log0));
    g_assert_cmpuint (strlen (log_end), >, strlen (log0));
    ui_test_screenshot (GTK_WIDGET (viewer), "replay-viewer-seat-view");
    press (viewer, GDK_KEY_Left);
    view = triad_screen_dup_view (screen);
    g_assert_cmpstr (view, ==, g_ptr_array_index (r.views, n - 1));
    press (viewer, GDK_KEY_Home);
    log_back = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_assert_cmpstr (log_back, ==, log0);
  }

  /* The other seat was never seen: it is not offered. */
  parlor_replay_viewer_set_seat (viewer, 0);
  ui_test_iterate (20);
  g_assert_cmpint (parlor_replay_viewer_get_seat (viewer), ==, 1);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), ==, 1);
  parlor_replay_viewer_review (viewer);
  ui_test_wait_for (review_done, viewer);
  listed = parlor_replay_viewer_get_review (viewer);
  expected = parlor_review_replay (whole, parlor_games_lookup, 1, PARLOR_REPLAY_VIEWER_REVIEW_SEED,
                                   NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%u decisions listed", expected->len);
  g_assert_cmpuint (listed->len, ==, expected->len);
  for (guint i = 0; i < listed->len; i++)
    {
      ParlorReviewEntry *a = g_ptr_array_index (listed, i);
      ParlorReviewEntry *b = g_ptr_array_index (expected, i);

      /* Each move makes one view here: the steps count alike. */
      g_assert_cmpuint (a->step, ==, b->step);
      g_assert_cmpstr (a->played, ==, b->played);
      g_assert_cmpstr (a->best, ==, b->best);
      g_assert_cmpuint (a->seat, ==, 1);
    }
  parlor_replay_viewer_go_to (viewer, 3);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL) &&
                  ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) == NULL);
  g_assert_nonnull (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  gtk_window_destroy (GTK_WINDOW (viewer));
  ui_test_wait_for (viewer_gone, NULL);
  recorded_clear (&r);
}

/* A seat's view kept before views carried the moves (no actions=) still
 * shows each step's board. */
static void
test_seat_view_old (void)
{
  Recorded r = { 0 };
  g_autofree char *whole = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) old = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  ParlorReplayViewer *viewer;
  TriadScreen *screen;
  guint n;

  record_seat_view (&r, &whole);
  g_assert_true (g_file_get_contents (r.path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *actions = g_str_has_prefix (lines[i], "view ") ? strstr (lines[i], " actions=") : NULL;

      if (actions != NULL)
        *actions = '\0';
      g_string_append (old, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (old, '\n');
    }
  g_assert_null (strstr (old->str, "actions="));
  g_assert_true (g_file_set_contents (r.path, old->str, -1, &error));

  viewer = open_viewer (r.path);
  screen = TRIAD_SCREEN (parlor_replay_viewer_get_screen (viewer));
  n = parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer));
  g_assert_cmpuint (n, >, 2);
  for (guint step = 1; step <= n; step++)
    {
      press (viewer, GDK_KEY_Right);
      g_assert_cmpuint (parlor_replay_viewer_get_step (viewer), ==, step);
      g_assert_true (parlor_game_screen_refresh (PARLOR_GAME_SCREEN (screen)));
    }
  g_assert_cmpint (triad_board_view_get_last_move (TRIAD_BOARD_VIEW (triad_screen_get_board (screen))), >=, 0);
  /* Its review judges from the board and hands, as of a newer view. */
  {
    g_autoptr(GPtrArray) expected = parlor_review_replay (whole, parlor_games_lookup, 1,
                                                          PARLOR_REPLAY_VIEWER_REVIEW_SEED, NULL, &error);

    g_assert_no_error (error);
    parlor_replay_viewer_review (viewer);
    ui_test_wait_for (review_done, viewer);
    g_assert_cmpuint (parlor_replay_viewer_get_review (viewer)->len, ==, expected->len);
  }
  gtk_window_destroy (GTK_WINDOW (viewer));
  ui_test_wait_for (viewer_gone, NULL);
  recorded_clear (&r);
}

static gboolean
triad_saved (gpointer data)
{
  return parlor_saved_game_exists ("triad");
}

static gboolean
question_shown (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
question_gone (gpointer data)
{
  return ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG) == NULL;
}

static char *
read_saved_triad (void)
{
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Play on from a replay while a game of that kind is saved: the player is
 * asked first; Cancel keeps the saved game and the replay. */
static void
test_play_on_asks (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Recorded r = { 0 };
  ParlorReplayViewer *viewer;
  ParlorGameScreen *screen;
  AdwMessageDialog *dialog;
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;

  parlor_saved_game_remove ("triad");
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.start", NULL));
  g_assert_true (ui_test_play_first_move (screen));
  ui_test_wait_for (triad_saved, NULL);
  ui_test_wait_for (can_move, screen);
  saved = read_saved_triad ();

  record_game ("triad", "", 100, &r);
  viewer = open_viewer (r.path);
  parlor_replay_viewer_go_to (viewer, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL));
  ui_test_wait_for (question_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (viewer));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  ui_test_screenshot (GTK_WIDGET (dialog), "replay-viewer-play-on-question");
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_wait_for (question_gone, NULL);
  g_assert_true (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) == GTK_WINDOW (viewer));
  after = read_saved_triad ();
  g_assert_cmpstr (after, ==, saved);

  /* Asked again and answered Play On: the new game takes the saved one's place. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (viewer), "replay.play-on", NULL));
  ui_test_wait_for (question_shown, NULL);
  dialog = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (dialog, "replace");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_nonnull (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  ui_test_wait_for (viewer_gone, NULL);
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_true (TRIAD_IS_SCREEN (screen));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  recorded_clear (&r);
}

/* A damaged seat's view opens no viewer either. */
static void
test_seat_view_damaged (void)
{
  g_autofree char *path = g_build_filename (ui_test_get_data_home (), "damaged-guest.replay", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, "replay version=2 kind=seat-view\n"
                                      "game id=triad seats=2 seat=7\nview x\n", -1, NULL));
  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (dialog_shown, NULL);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  {
    GtkWindow *dialog = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "line 2"));
    gtk_window_destroy (dialog);
  }
}

/* A damaged file opens no viewer: a dialog says why. */
static void
test_damaged (void)
{
  g_autofree char *path = g_build_filename (ui_test_get_data_home (), "damaged.replay", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, "replay version=1\ngame id=triad seed=x\n", -1, NULL));
  parlor_window_open_replay (ui_test_get_window (), file);
  ui_test_wait_for (dialog_shown, NULL);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  {
    GtkWindow *dialog = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "line 2"));
    gtk_window_destroy (dialog);
  }
}

/* Opens @path: the window goes on handling events while the file is read
 * and checked, then a dialog says why the file cannot be watched, in
 * @words; no viewer. */
static void
assert_unwatchable (const char *path,
                    const char *words)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWindow *dialog;
  const char *body;

  parlor_window_open_replay (ui_test_get_window (), file);
  /* Read off the main loop: nothing is decided before it runs again. */
  g_assert_null (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));
  ui_test_wait_for (dialog_shown, NULL);
  g_assert_null (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
  dialog = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  if (strstr (body, words) == NULL)
    g_error ("expected “%s”, got “%s”", words, body);
  gtk_window_destroy (dialog);
}

/* What no replay reader takes, refused in words by the viewer as by the
 * command line and resume: too big, a named pipe, a NUL byte, no game. */
static void
test_file_limits (void)
{
  Recorded r = { 0 };
  g_autofree char *big = g_build_filename (ui_test_get_data_home (), "big.replay", NULL);
  g_autofree char *pipe = g_build_filename (ui_test_get_data_home (), "pipe.replay", NULL);
  g_autofree char *nul = g_build_filename (ui_test_get_data_home (), "nul.replay", NULL);
  g_autofree char *header = g_build_filename (ui_test_get_data_home (), "header.replay", NULL);
  g_autofree char *crlf = g_build_filename (ui_test_get_data_home (), "crlf.replay", NULL);
  g_autofree char *text = NULL;
  g_autofree char *chunk = g_strnfill (1024 * 1024, '\n');
  FILE *f = g_fopen (big, "wb");

  g_assert_nonnull (f);
  for (guint i = 0; i < 100; i++)
    g_assert_cmpuint (fwrite (chunk, 1, 1024 * 1024, f), ==, 1024 * 1024);
  g_assert_cmpint (fclose (f), ==, 0);
  assert_unwatchable (big, "too big");
  g_unlink (big);

  g_assert_cmpint (mkfifo (pipe, 0600), ==, 0);
  assert_unwatchable (pipe, "not a regular file");
  g_unlink (pipe);

  record_game ("triad", "", 100, &r);
  g_assert_true (g_file_get_contents (r.path, &text, NULL, NULL));
  {
    g_autoptr(GString) forged = g_string_new (text);

    g_string_append_len (forged, "\0garbage\nresult line=forged\n", 28);
    g_assert_true (g_file_set_contents (nul, forged->str, forged->len, NULL));
    assert_unwatchable (nul, "not text");
  }
  g_assert_true (g_file_set_contents (header, "replay version=1\r\n", -1, NULL));
  assert_unwatchable (header, "line 1: the replay holds no game");

  /* CR LF lines are the same lines. */
  {
    g_autoptr(GString) windows = g_string_new (text);
    ParlorReplayViewer *viewer;

    g_string_replace (windows, "\n", "\r\n", 0);
    g_assert_true (g_file_set_contents (crlf, windows->str, windows->len, NULL));
    viewer = open_viewer (crlf);
    g_assert_cmpuint (parlor_replay_cursor_get_n_steps (parlor_replay_viewer_get_cursor (viewer)), ==, 9);
    gtk_window_destroy (GTK_WINDOW (viewer));
    ui_test_wait_for (viewer_gone, NULL);
  }
  recorded_clear (&r);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/replay-viewer/triad", test_triad);
  g_test_add_func ("/replay-viewer/mcr", test_mcr);
  g_test_add_func ("/replay-viewer/damaged", test_damaged);
  g_test_add_func ("/replay-viewer/file-limits", test_file_limits);
  g_test_add_func ("/replay-viewer/seat-view", test_seat_view);
  {
    static const char * const games[][2] = {
      { "triad", "" }, { "manhattan", "" }, { "jihai", "" }, { "suzume", "" }, { "mcr", "hands=1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (games); i++)
      {
        g_autofree char *path = g_strdup_printf ("/replay-viewer/all-hands/%s", games[i][0]);

        g_test_add_data_func (path, games[i], test_all_hands);
      }
  }
  g_test_add_func ("/replay-viewer/seat-view-damaged", test_seat_view_damaged);
  g_test_add_func ("/replay-viewer/seat-view-old", test_seat_view_old);
  g_test_add_func ("/replay-viewer/play-on-asks", test_play_on_asks);
  return ui_test_run ();
}
