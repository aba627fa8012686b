/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mahjong-table-view.h"
#include "mcr-screen-private.h"
#include "parlor-application.h"
#include "parlor-window.h"
#include "ui-test-util.h"

static McrScreen *
open_setup (ParlorWindow *window)
{
  McrScreen *screen;

  parlor_window_show_game (window, "mcr");
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = MCR_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  return screen;
}

static gboolean
needs_player (gpointer data)
{
  McrScreen *screen = data;

  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "hand") == 0 || mcr_screen_is_my_turn (screen) ||
         (mcr_screen_is_my_claim (screen) &&
          mahjong_claim_bar_get_n_claims (MAHJONG_CLAIM_BAR (mcr_screen_get_claim_bar (screen))) > 0) ||
         g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "result") == 0;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The engine's legal actions for this seat, "pass" and discards left out, sorted. */
static char *
engine_calls (McrScreen *screen)
{
  ParlorGame *game = parlor_table_get_game (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen)));
  g_autoptr(GPtrArray) actions = parlor_game_legal_actions (game, (guint) parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)));
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; i < actions->len; i++)
    if (!g_str_equal (actions->pdata[i], "pass") && !g_str_has_prefix (actions->pdata[i], "discard "))
      g_ptr_array_add (kept, actions->pdata[i]);
  g_ptr_array_sort (kept, compare_strings);
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("|", (char **) kept->pdata);
}

static char *
bar_calls (MahjongClaimBar *bar)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (!g_str_equal (mahjong_claim_bar_get_action (bar, i), "pass"))
      g_ptr_array_add (kept, (gpointer) mahjong_claim_bar_get_action (bar, i));
  g_ptr_array_sort (kept, compare_strings);
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("|", (char **) kept->pdata);
}

/* No flower lies in a river: the discards shown are tiles of the 34 kinds. */
static gboolean
check_rivers (McrScreen *screen)
{
  MahjongTableView *table = MAHJONG_TABLE_VIEW (mcr_screen_get_table_view (screen));

  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *words = mahjong_river_view_describe (mahjong_table_view_get_river (table, r));

      if (words != NULL && (strstr (words, "lower") != NULL || strstr (words, "eason") != NULL))
        return FALSE;
    }
  return TRUE;
}

static void
shots (ParlorWindow *window,
       const char   *name)
{
  g_autofree char *small = g_strdup_printf ("%s-800x600", name);
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);

  ui_test_screenshot (GTK_WIDGET (window), name);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  ui_test_screenshot (GTK_WIDGET (window), dark);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  ui_test_screenshot (GTK_WIDGET (window), small);
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
}

/* The scores after a win: each player's named, not a bare list. */
static void
check_scores (McrScreen *screen)
{
  const char *text = mcr_screen_get_last_result (screen);

  if (strstr (text, "Scores") == NULL)
    return;
  g_test_message ("scores told: %s", strstr (text, "Scores"));
  g_assert_nonnull (strstr (text, "Scores:\n"));
  g_assert_false (g_regex_match_simple ("-?[0-9]+,-?[0-9]+", text, 0, 0));
}

static void
play_match (guint hands)
{
  ParlorWindow *window = ui_test_get_window ();
  McrScreen *screen = open_setup (window);
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mcr_screen_get_claim_bar (screen));
  MahjongHandView *hand = MAHJONG_HAND_VIEW (mcr_screen_get_my_hand (screen));
  guint flowers_misread = 0;
  guint turns = 0, calls = 0, wins_seen = 0, steps = 0, escapes = 0, chows = 0;
  gboolean shot_play = FALSE, shot_hand = FALSE;
  g_autofree char *log = NULL;

  g_object_set (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "hands", hands, "level", "2", NULL);
  g_assert_true (gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "mcr.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)), ==, 0);

  while (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "result") != 0)
    {
      g_assert_cmpuint (++steps, <, 5000);
      ui_test_wait_for (needs_player, screen);
      if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "hand") == 0)
        {
          wins_seen++;
          check_scores (screen);
          if (!shot_hand)
            {
              shot_hand = TRUE;
              ui_test_screenshot (GTK_WIDGET (screen), "mcr-hand-result");
            }
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "mcr.next-hand", NULL));
          g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
          continue;
        }
      if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "result") == 0)
        break;
      {
        g_autofree char *mine = bar_calls (bar);
        g_autofree char *theirs = engine_calls (screen);

        /* The bar offers exactly what the engine allows. */
        if (g_strcmp0 (mine, theirs) != 0)
          {
            g_autofree char *view = mcr_screen_dup_view (screen);

            g_test_message ("view: %s", view);
          }
        g_assert_cmpstr (mine, ==, theirs);
      }
      if (!check_rivers (screen))
        flowers_misread++;
      if (mcr_screen_is_my_claim (screen))
        {
          calls++;
          g_assert_true (strstr (mcr_screen_get_turn_text (screen), "call") != NULL);
          /* Tiles in words, as every mahjong game says them: "7 of dots", never "7p". */
          g_assert_false (g_regex_match_simple ("\\b[1-9][mps]\\b|\\b[ESWNPFC]\\b",
                                                mcr_screen_get_turn_text (screen), 0, 0));
          g_assert_true (g_regex_match_simple (" on ([1-9] of (dots|bamboo|characters)|[A-Z][a-z]+ (wind|dragon)) from ",
                                               mcr_screen_get_turn_text (screen), 0, 0));
          for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
            {
              const char *action = mahjong_claim_bar_get_action (bar, i);
              const char *label = gtk_button_get_label (GTK_BUTTON (mahjong_claim_bar_get_button (bar, i)));

              g_test_message ("claim %s: %s", action, label);
              if (g_str_has_prefix (action, "chow "))
                {
                  /* Each chow's key is its run's first number. */
                  g_assert_true (g_regex_match_simple ("^Chow _([1-7]), [2-8], [3-9] of (dots|bamboo|characters)$",
                                                       label, 0, 0));
                  chows++;
                }
            }
          /* The call waits with the focus on its choices. */
          {
            GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

            g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (bar)));
          }
          /* Hu when offered, otherwise Escape as the window's key binding
           * sends it: the tile goes by, the game stays, the hand has the focus. */
          if (g_str_equal (mahjong_claim_bar_get_action (bar, 0), "hu"))
            g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, 0), "clicked");
          else
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.escape", NULL));
              g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
              g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
              g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 0);
              g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                                     mcr_screen_get_my_hand (screen)) ||
                             gtk_root_get_focus (GTK_ROOT (window)) == mcr_screen_get_my_hand (screen));
              escapes++;
            }
          continue;
        }
      /* Our turn: self-drawn hu when offered, or discard with the keyboard. */
      turns++;
      if (!shot_play && turns >= 4)
        {
          shot_play = TRUE;
          shots (window, "mcr-play");
        }
      g_assert_true (mahjong_hand_view_get_interactive (hand));
      if (mahjong_claim_bar_get_n_claims (bar) > 0 &&
          g_str_equal (mahjong_claim_bar_get_action (bar, 0), "hu"))
        {
          g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, 0), "clicked");
          continue;
        }
      gtk_widget_grab_focus (GTK_WIDGET (hand));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", -1));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
      ui_test_iterate (1);
    }

  g_assert_cmpuint (turns, >, 0);
  g_assert_cmpuint (escapes, >, 0);
  g_test_message ("%u chows offered", chows);
  g_assert_cmpuint (chows, >, 0);
  g_assert_cmpuint (flowers_misread, ==, 0);
  /* The last hand's result may go straight to the ranking page: count
   * results, not the hand pages this loop happened to see. */
  g_assert_cmpuint (mcr_screen_get_n_results (screen), >=, MAX (wins_seen, 1));
  g_assert_cmpstr (mcr_screen_get_last_result (screen), !=, "");
  check_scores (screen);
  /* The match's result shows the last winning hand's tiles. */
  if (strstr (mcr_screen_get_last_result (screen), "Winning tile") != NULL)
    g_assert_cmpuint (ui_test_count_win_hands (GTK_WIDGET (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (screen)))),
                      ==, 1);
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  g_assert_true (strstr (log, " discards ") != NULL);
  g_assert_true (strstr (log, "You discard ") != NULL);
  /* Tiles are named in words, not in the notation. */
  g_assert_true (strstr (log, " of ") != NULL || strstr (log, " wind") != NULL ||
                 strstr (log, " dragon") != NULL);
  /* The latest move is also said aloud: the hand's end at the last. */
  g_assert_cmpstr (mahjong_table_view_get_news (MAHJONG_TABLE_VIEW (mcr_screen_get_table_view (screen))), !=, "");
  g_test_message ("turns %u, calls %u, hands ended %u", turns, calls, wins_seen);
  shots (window, "mcr-result");
}

static void
test_one_hand (void)
{
  play_match (1);
}

static void
test_whole_match (void)
{
  play_match (16);
}

/* The journeys need a hand after the first: a match of 16. */
static void
full_length (void)
{
  McrScreen *screen = open_setup (ui_test_get_window ());

  g_object_set (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "hands", 16, NULL);
}

static void
journey_continue (gconstpointer game)
{
  full_length ();
  ui_test_mahjong_continue_journey (game, 3);
}

static void
journey_undo (gconstpointer game)
{
  full_length ();
  ui_test_mahjong_undo_journey (game, 3);
}

static void
journey_pause (gconstpointer game)
{
  full_length ();
  ui_test_mahjong_pause_journey (game, 3);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  /* The same deal every run. */
  g_setenv ("PARLOR_SEED", "1", TRUE);
  g_test_add_func ("/app/mcr/one-hand", test_one_hand);
  g_test_add_data_func ("/app/mcr/continue-after-hand-end", "mcr", journey_continue);
  g_test_add_data_func ("/app/mcr/undo-across-hand-end", "mcr", journey_undo);
  g_test_add_data_func ("/app/mcr/pause-on-hand-page", "mcr", journey_pause);
  if (g_test_slow ())
    g_test_add_func ("/app/mcr/whole-match", test_whole_match);
  return ui_test_run ();
}
