/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "jihai-screen-private.h"
#include "jihai-view.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "parlor-application.h"
#include "parlor-window.h"
#include "ui-test-util.h"

static void
get_view (JihaiScreen *screen,
          JihaiView   *view)
{
  g_autofree char *line = jihai_screen_dup_view (screen);

  g_assert_nonnull (line);
  g_assert_true (jihai_view_parse (line, view, NULL));
}

/* Something for the player to do: a move, a hand's summary or the end. */
static gboolean
ready (gpointer data)
{
  JihaiScreen *screen = data;
  const char *page = parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));

  return g_strcmp0 (page, "play") != 0 || jihai_screen_is_waiting (screen);
}

/* The claim bar offers exactly the legal actions besides discards. */
static void
check_claims (JihaiScreen     *screen,
              const JihaiView *view)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (jihai_screen_get_claim_bar (screen));
  g_autoptr(GPtrArray) legal = jihai_options_to_actions (&view->options, view->counts);
  guint expected = 0;

  for (guint i = 0; i < legal->len; i++)
    {
      const char *action = g_ptr_array_index (legal, i);
      gboolean found = FALSE;

      if (g_str_has_prefix (action, "discard"))
        continue;
      expected++;
      for (guint j = 0; j < mahjong_claim_bar_get_n_claims (bar); j++)
        found |= g_strcmp0 (mahjong_claim_bar_get_action (bar, j), action) == 0;
      g_assert_true (found);
    }
  g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, expected);
}

static gboolean
bar_offers (JihaiScreen *screen,
            const char  *action)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (jihai_screen_get_claim_bar (screen));

  for (guint j = 0; j < mahjong_claim_bar_get_n_claims (bar); j++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, j), action) == 0)
      return TRUE;
  return FALSE;
}

static void
keep_said (ParlorGameScreen *screen,
           const char       *text,
           char            **said)
{
  g_free (*said);
  *said = g_strdup (text);
}

/* Playing a tile from @hand while it takes none is refused in @words, heard. */
static void
assert_tile_refused (JihaiScreen     *screen,
                     MahjongHandView *hand,
                     const char      *words)
{
  g_autofree char *said = NULL;
  gulong id = g_signal_connect (screen, "announce", G_CALLBACK (keep_said), &said);

  g_assert_false (mahjong_hand_view_get_interactive (hand));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
  g_signal_handler_disconnect (screen, id);
  g_assert_cmpstr (said, ==, words);
}

static guint n_refused;

/* One move as a keyboard player: win when possible, otherwise pass calls
 * and discard a tile chosen with the arrow keys and Enter. */
static void
play_move (JihaiScreen *screen,
           GRand       *rand)
{
  MahjongHandView *hand = MAHJONG_HAND_VIEW (jihai_screen_get_my_hand (screen));
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (jihai_screen_get_claim_bar (screen));
  JihaiView view;
  guint n, index;

  get_view (screen, &view);
  g_assert_cmpint (view.turn, ==, parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)));
  check_claims (screen, &view);

  if (view.ask == JIHAI_ASK_CLAIM || view.ask == JIHAI_ASK_ROB)
    {
      assert_tile_refused (screen, hand, "Answer the call first: claim the tile or pass");
      n_refused++;
      if (bar_offers (screen, "ron"))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.call", "s", "ron"));
      else
        /* Escape. */
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "claims.pass", NULL));
      return;
    }

  g_assert_cmpint (view.ask, ==, JIHAI_ASK_TURN);
  if (bar_offers (screen, "tsumo"))
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.call", "s", "tsumo"));
      return;
    }
  g_assert_true (mahjong_hand_view_get_interactive (hand));
  n = mahjong_hand_view_get_n_tiles (hand);
  g_assert_cmpuint (n, ==, view.n_concealed[view.seat]);
  /* The drawn tile, set apart at the end, is selected first. */
  if (view.drawn != MAHJONG_NO_TILE)
    g_assert_true (mahjong_hand_view_get_has_drawn (hand));
  index = g_rand_int_range (rand, 0, n);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", -(int) MAHJONG_HAND_MAX));
  for (guint i = 0; i < index; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", 1));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, index);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
  /* The tile is gone; another now is refused while the other player plays. */
  if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "play") == 0 &&
      !mahjong_hand_view_get_interactive (hand) && mahjong_claim_bar_get_n_claims (bar) == 0)
    {
      assert_tile_refused (screen, hand, "It is not your turn to discard");
      n_refused++;
    }
}

static gboolean
focus_in_my_hand (gpointer screen)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (screen)));
  GtkWidget *hand = jihai_screen_get_my_hand (screen);

  return focus != NULL && (focus == hand || gtk_widget_is_ancestor (focus, hand));
}

static void
test_whole_match (void)
{
  ParlorWindow *window = ui_test_get_window ();
  JihaiScreen *screen;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  gint64 end = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;
  guint hands = 0, moves = 0;
  gboolean shot_play = FALSE, shot_claim = FALSE;
  int before[2] = { 15, 15 };
  g_autofree char *log = NULL;

  parlor_window_show_game (window, "jihai");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = JIHAI_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  ui_test_screenshot (GTK_WIDGET (window), "jihai-setup");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), ==, 0);

  while (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "result") != 0)
    {
      const char *page;

      g_assert_cmpint (g_get_monotonic_time (), <, end);
      ui_test_wait_for (ready, screen);
      page = parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));

      if (g_strcmp0 (page, "hand") == 0)
        {
          const char *text = jihai_screen_get_hand_text (screen);
          JihaiView view;

          get_view (screen, &view);
          if (strstr (text, "Total:") != NULL)
            {
              /* The points said are the points that moved. */
              int moved = ABS (view.score[0] - before[0]);
              g_autofree char *total = g_strdup_printf ("Total: %d point", moved);

              g_assert_cmpint (view.score[0] + view.score[1], ==, before[0] + before[1]);
              g_assert_nonnull (strstr (text, total));
              /* The shape is said in words, not by its letter alone. */
              g_assert_true (strstr (text, "Two sets and a pair (shape A)") != NULL ||
                             strstr (text, "Four pairs of four different kinds (shape B)") != NULL ||
                             strstr (text, "Seven orphans: all seven kinds, one of them paired (shape C)") != NULL);
              /* The winning hand is read as its winner's. */
              {
                g_autofree char *said = mahjong_hand_view_describe (
                  MAHJONG_HAND_VIEW (jihai_screen_get_win_hand (screen)));

                if (strstr (text, "pays you") != NULL)
                  g_assert_true (g_str_has_prefix (said, "Your hand"));
                else
                  g_assert_true (g_str_has_prefix (said, "Computer"));
              }
            }
          else
            {
              g_assert_nonnull (strstr (text, "no points"));
              g_assert_cmpint (view.score[0], ==, before[0]);
            }
          if (hands == 0)
            {
              ui_test_screenshot (GTK_WIDGET (window), "jihai-hand");
              adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
              ui_test_screenshot (GTK_WIDGET (window), "jihai-hand-dark");
              adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
            }
          before[0] = view.score[0];
          before[1] = view.score[1];
          hands++;
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.next-hand", NULL));
          g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
          /* The keyboard is back in the player's hand for the new hand. */
          ui_test_wait_for (focus_in_my_hand, screen);
          continue;
        }
      if (g_strcmp0 (page, "result") == 0)
        break;

      {
        JihaiView view;

        get_view (screen, &view);
        if (!shot_play && view.ask == JIHAI_ASK_TURN && view.n_discards[1] > 2)
          {
            shot_play = TRUE;
            ui_test_screenshot (GTK_WIDGET (window), "jihai-play");
            gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
            ui_test_screenshot (GTK_WIDGET (window), "jihai-play-800x600");
            adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
            ui_test_screenshot (GTK_WIDGET (window), "jihai-play-800x600-dark");
            gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
            ui_test_screenshot (GTK_WIDGET (window), "jihai-play-dark");
            adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
          }
        if (!shot_claim && view.ask == JIHAI_ASK_CLAIM)
          {
            shot_claim = TRUE;
            ui_test_screenshot (GTK_WIDGET (window), "jihai-claim");
          }
      }
      play_move (screen, rand);
      moves++;
    }

  /* The match is over: someone has no points left. */
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "result");
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));
  g_assert_nonnull (strstr (jihai_screen_get_ranking (screen), "1. "));
  g_assert_nonnull (strstr (jihai_screen_get_ranking (screen), "2. "));
  /* The last hand was won: the result shows the winning hand's tiles. */
  g_assert_nonnull (strstr (jihai_screen_get_hand_text (screen), "Winning tile"));
  g_assert_cmpuint (ui_test_count_win_hands (GTK_WIDGET (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (screen)))),
                    ==, 1);
  g_assert_cmpuint (moves, >, 0);
  g_assert_cmpuint (n_refused, >, 0);
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  g_test_message ("log: %s", log);
  g_assert_nonnull (strstr (log, "You"));
  ui_test_screenshot (GTK_WIDGET (window), "jihai-result");
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  ui_test_screenshot (GTK_WIDGET (window), "jihai-result-800x600");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  ui_test_screenshot (GTK_WIDGET (window), "jihai-result-800x600-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
  g_test_message ("%u hands, %u moves", hands, moves);

  /* Play Again starts a new match. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.play-again", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

/* The ron-ban hint, worked out by hand from the rules. */
static void
test_ron_ban_hint (void)
{
  static const struct { const char *tiles, *melds, *discarded; char kind; gboolean barred; } cases[] = {
    /* EEE SSS + O O: two closed triplets and two winds: a win, but O was discarded. */
    { "EEESSSO", "-", "O", 'O', TRUE },
    /* The same without the earlier discard: ron is legal, no hint. */
    { "EEESSSO", "-", "-", 'O', FALSE },
    /* N completes nothing. */
    { "EEESSSO", "-", "N", 'N', FALSE },
    /* Four pairs EE SS OO + G G after discarding a G. */
    { "EESSOOG", "-", "GW", 'G', TRUE },
    /* Seven orphans waiting on any kind: W was discarded. */
    { "ESWNOGR", "-", "W", 'W', TRUE },
    /* A called pung of Red, EEE, waiting on S: SS completes it, S discarded. */
    { "EEES", "RR+R", "S", 'S', TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *line = g_strdup_printf ("view seat=0 hand=1 starter=0 turn=1 ask=none score0=15 "
                                               "score1=15 wall=10 tiles=%s drawn=- concealed0=%u "
                                               "concealed1=7 melds0=%s melds1=- discards0=%s "
                                               "discards1=- discarded0=%s discarded1=- claim=- "
                                               "actions=- over=0",
                                               cases[i].tiles, (guint) strlen (cases[i].tiles),
                                               cases[i].melds, cases[i].discarded, cases[i].discarded);
      g_autoptr(GError) error = NULL;
      JihaiView view;

      g_assert_true (jihai_view_parse (line, &view, &error));
      g_assert_no_error (error);
      g_assert_cmpint (jihai_ron_barred (&view, jihai_tile_from_letter (cases[i].kind)), ==, cases[i].barred);
    }
}

static void
journey_continue (gconstpointer game)
{
  ui_test_mahjong_continue_journey (game, 3);
}

static void
journey_undo (gconstpointer game)
{
  ui_test_mahjong_undo_journey (game, 3);
}

static void
journey_pause (gconstpointer game)
{
  ui_test_mahjong_pause_journey (game, 3);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/app/jihai/whole-match", test_whole_match);
  g_test_add_func ("/app/jihai/ron-ban-hint", test_ron_ban_hint);
  g_test_add_data_func ("/app/jihai/continue-after-hand-end", "jihai", journey_continue);
  g_test_add_data_func ("/app/jihai/undo-across-hand-end", "jihai", journey_undo);
  g_test_add_data_func ("/app/jihai/pause-on-hand-page", "jihai", journey_pause);

  return ui_test_run ();
}
