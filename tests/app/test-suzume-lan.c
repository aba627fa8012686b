/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "lan-test-util.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-replay-viewer.h"
#include "parlor-session.h"
#include "suzume-game.h"
#include "suzume-screen-private.h"
#include "suzume-setup.h"
#include "suzume-view.h"
#include "ui-test-util.h"

static int
bar_index (SuzumeScreen *screen,
           const char   *action)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (suzume_screen_get_claim_bar (screen));

  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, i), action) == 0)
      return (int) i;
  return -1;
}

static void
click_claim (SuzumeScreen *screen,
             const char   *action)
{
  int i = bar_index (screen, action);

  g_assert_cmpint (i, >=, 0);
  g_signal_emit_by_name (mahjong_claim_bar_get_button (MAHJONG_CLAIM_BAR (suzume_screen_get_claim_bar (screen)), (guint) i),
                         "clicked");
}

/* A move when this screen's player must act, made as a player makes it:
 * the claim bar's buttons (Ron, Tsumo) or Pass (Escape), else the tile a
 * normal computer player would drop, selected and discarded with Enter. */
static gboolean
play_move (GtkWidget *widget,
           GRand     *rand,
           guint     *wins)
{
  SuzumeScreen *screen = SUZUME_SCREEN (widget);
  ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen));
  g_autofree char *line = NULL;
  g_autofree char *choice = NULL;
  MahjongHandView *hand;
  SuzumeView view;
  MahjongTile tile;

  if (session == NULL || !parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)))
    return FALSE;
  line = parlor_session_dup_view (session);
  if (line == NULL)
    return FALSE;
  g_assert_true (suzume_view_parse (line, &view, NULL));
  if (view.over || view.ask == SUZUME_ASK_NONE)
    return FALSE;
  choice = suzume_game_info.ai_choose ("normal", line, g_rand_int (rand), NULL, NULL);
  g_assert_nonnull (choice);
  if (view.ask == SUZUME_ASK_RON)
    {
      g_assert_cmpint (bar_index (screen, "ron"), >=, 0);
      if (g_str_equal (choice, "ron"))
        {
          (*wins)++;
          click_claim (screen, "ron");
        }
      else
        g_assert_true (gtk_widget_activate_action (suzume_screen_get_claim_bar (screen), "claims.pass", NULL));
      return TRUE;
    }
  if (g_str_equal (choice, "tsumo"))
    {
      (*wins)++;
      click_claim (screen, "tsumo");
      return TRUE;
    }
  g_assert_true (g_str_has_prefix (choice, "discard "));
  tile = suzume_tile_from_string (choice + strlen ("discard "));
  hand = MAHJONG_HAND_VIEW (suzume_screen_get_my_hand (screen));
  g_assert_true (mahjong_hand_view_get_interactive (hand));
  for (guint i = 0; i < mahjong_hand_view_get_n_tiles (hand); i++)
    if (mahjong_hand_view_get_tile (hand, i) == tile)
      {
        mahjong_hand_view_select (hand, (int) i);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
        return TRUE;
      }
  g_error ("%s is not in the hand shown for “%s”", choice, line);
  return FALSE;
}

static gboolean
on_result_page (GtkWidget *screen)
{
  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (SUZUME_SCREEN (screen))), "result") == 0;
}

/* The points of a ranking, best first: "1. Ann — 52 points" rows. */
static char *
ranking_points (SuzumeScreen *screen)
{
  g_auto(GStrv) rows = g_strsplit (suzume_screen_get_ranking (screen), "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; rows[i] != NULL; i++)
    {
      const char *dash = strstr (rows[i], "— ");

      g_assert_nonnull (dash);
      g_string_append_printf (out, "%s%d", i > 0 ? "," : "", atoi (dash + strlen ("— ")));
    }
  return g_string_free (out, FALSE);
}

static gboolean
replay_kept (gpointer screen)
{
  const char *path = parlor_game_screen_get_last_replay_path (screen);

  return path != NULL && g_file_test (path, G_FILE_TEST_EXISTS);
}

static gboolean
viewer_shown (gpointer data)
{
  return ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) != NULL;
}

static gboolean
viewer_gone (gpointer data)
{
  return ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER) == NULL;
}

static void
test_four_seats (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261123);
  g_autofree char *host_points = NULL;
  g_autofree char *guest_points = NULL;
  SuzumeScreen *host, *other;
  ParlorTable *table;
  LanGuest *guest;
  g_autofree char *expected = NULL;

  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  host = SUZUME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "setup");
  suzume_setup_set_n_seats (SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (host))), 4);

  guest = lan_test_host_and_join (GTK_WIDGET (host), "suzume");
  other = SUZUME_SCREEN (guest->screen);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "play");
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (other)), ==, "play");
  table = parlor_session_get_table (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (host)));
  g_assert_nonnull (table);
  g_assert_cmpuint (parlor_table_get_n_seats (table), ==, 4);
  /* The whole match (a deal each), both players at their screens. */
  lan_test_play_to_end (table, GTK_WIDGET (host), guest, play_move, on_result_page, rand, "suzume-lan");

  /* Both screens rank the same final scores, the table's. */
  expected = lan_test_ranked_scores (table);
  host_points = ranking_points (host);
  guest_points = ranking_points (other);
  g_test_message ("final scores %s", expected);
  g_assert_cmpstr (host_points, ==, expected);
  g_assert_cmpstr (guest_points, ==, expected);
  /* The last hand's outcome, on both. */
  g_assert_cmpstr (suzume_screen_get_hand_result (host), !=, "");
  g_assert_cmpstr (suzume_screen_get_hand_result (other), !=, "");

  /* The guest never heard another seat's tiles. */
  g_assert_cmpuint (lan_test_check_private (table, guest), >, 0);
  for (guint i = 0; i < guest->lines->len; i++)
    {
      const char *text = g_ptr_array_index (guest->lines, i);

      for (int s = 0; s < 4; s++)
        {
          g_autofree char *deal = g_strdup_printf ("deal seat=%d tiles=", s);
          g_autofree char *draw = g_strdup_printf ("draw seat=%d tile=", s);

          if (s == lan_test_guest_seat (guest))
            continue;
          g_assert_null (strstr (text, deal));
          g_assert_null (strstr (text, draw));
        }
      g_assert_null (strstr (text, "what=timeout"));
    }

  /* The guest keeps what its seat saw: Watch Again, and a file in the records. */
  {
    ParlorGameScreen *screen = PARLOR_GAME_SCREEN (other);
    const char *seen = parlor_game_screen_get_last_replay (screen);
    g_autofree char *kept = NULL;
    ParlorReplayViewer *viewer;
    ParlorReplayCursor *cursor;

    g_assert_true (parlor_game_screen_can_watch_again (screen));
    g_assert_nonnull (seen);
    g_assert_true (g_str_has_prefix (seen, "replay version=2 kind=seat-view\n"));
    ui_test_wait_for (replay_kept, screen);
    g_assert_true (g_file_get_contents (parlor_game_screen_get_last_replay_path (screen), &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, seen);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (guest->window), "win.watch-again", NULL));
    ui_test_wait_for (viewer_shown, NULL);
    viewer = PARLOR_REPLAY_VIEWER (ui_test_find_window (PARLOR_TYPE_REPLAY_VIEWER));
    cursor = parlor_replay_viewer_get_cursor (viewer);
    g_assert_cmpint (parlor_replay_cursor_get_view_seat (cursor), ==, lan_test_guest_seat (guest));
    g_assert_cmpint (parlor_replay_viewer_get_seat (viewer), ==, lan_test_guest_seat (guest));
    parlor_replay_viewer_go_to (viewer, parlor_replay_cursor_get_n_steps (cursor));
    g_assert_true (parlor_replay_cursor_is_over (cursor));
    gtk_window_destroy (GTK_WINDOW (viewer));
    ui_test_wait_for (viewer_gone, NULL);
  }

  lan_test_guest_free (guest);
  ui_test_iterate (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

int
main (int   argc,
      char *argv[])
{
  /* The hosted table deals from this seed. */
  g_setenv ("PARLOR_SEED", "2026", TRUE);
  ui_test_init (&argc, &argv);
  /* Every prompt waits for its player: a missed one fails, it does not pass. */
  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "claim-time-limit", 0, NULL);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  g_test_add_func ("/app/suzume/lan/four-seats", test_four_seats);
  return ui_test_run ();
}
