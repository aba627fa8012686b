/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "lan-test-util.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mcr-screen-private.h"
#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-session.h"
#include "ui-test-util.h"

static int
bar_index (McrScreen  *screen,
           const char *action)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mcr_screen_get_claim_bar (screen));

  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, i), action) == 0)
      return (int) i;
  return -1;
}

/* A move when this screen's player must act, made as a player makes it:
 * the hand page's Next Hand, Hu from the claim bar when offered, else Pass
 * (Escape) on a call or a discard chosen with the arrows and Enter. */
static gboolean
play_move (GtkWidget *widget,
           GRand     *rand,
           guint     *wins)
{
  McrScreen *screen = MCR_SCREEN (widget);
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mcr_screen_get_claim_bar (screen));
  MahjongHandView *hand = MAHJONG_HAND_VIEW (mcr_screen_get_my_hand (screen));
  int hu = bar_index (screen, "hu");
  guint n;

  if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "hand") == 0)
    return gtk_widget_activate_action (widget, "mcr.next-hand", NULL);
  if (mcr_screen_is_my_claim (screen))
    {
      /* Nothing to call: the screen passes by itself. */
      if (mahjong_claim_bar_get_n_claims (bar) == 0)
        return FALSE;
      g_assert_true (strstr (mcr_screen_get_turn_text (screen), "call") != NULL);
      if (hu >= 0)
        {
          (*wins)++;
          g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, (guint) hu), "clicked");
        }
      else
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "claims.pass", NULL));
      return TRUE;
    }
  if (!mcr_screen_is_my_turn (screen))
    return FALSE;
  if (hu >= 0)
    {
      (*wins)++;
      g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, (guint) hu), "clicked");
      return TRUE;
    }
  g_assert_true (mahjong_hand_view_get_interactive (hand));
  n = mahjong_hand_view_get_n_tiles (hand);
  g_assert_cmpuint (n, >, 0);
  mahjong_hand_view_select (hand, g_rand_int_range (rand, 0, (gint32) n));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
  return TRUE;
}

static gboolean
on_result_page (GtkWidget *screen)
{
  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (MCR_SCREEN (screen))), "result") == 0;
}

/* The ranking's points, best first: "1. Ann — 48 points, 1 hand won" rows,
 * as the result page shows them. */
static char *
ranking_points (McrScreen *screen)
{
  GtkLabel *details = parlor_game_screen_get_result_details (PARLOR_GAME_SCREEN (screen));
  g_auto(GStrv) rows = g_strsplit (mcr_screen_get_ranking (screen), "\n", -1);
  GString *out = g_string_new (NULL);

  g_assert_true (g_str_has_prefix (gtk_label_get_text (details), mcr_screen_get_ranking (screen)));
  g_assert_cmpuint (g_strv_length (rows), ==, 4);
  for (guint i = 0; rows[i] != NULL; i++)
    {
      const char *dash = strstr (rows[i], "— ");

      g_assert_nonnull (dash);
      g_string_append_printf (out, "%s%d", i > 0 ? "," : "", atoi (dash + strlen ("— ")));
    }
  return g_string_free (out, FALSE);
}

static void
test_one_hand (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  g_autofree char *host_points = NULL;
  g_autofree char *guest_points = NULL;
  g_autofree char *expected = NULL;
  McrScreen *host, *other;
  ParlorTable *table;
  LanGuest *guest;
  int guest_seat;

  parlor_window_show_game (window, "mcr");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  host = MCR_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "setup");
  g_object_set (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (host)), "hands", 1, NULL);

  guest = lan_test_host_and_join (GTK_WIDGET (host), "mcr");
  other = MCR_SCREEN (guest->screen);
  guest_seat = lan_test_guest_seat (guest);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "play");
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (other)), ==, "play");
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (host));
  g_assert_nonnull (table);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (host)), >=, 0);
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (host)), !=, guest_seat);
  /* The one hand, both players at their screens. */
  lan_test_play_to_end (table, GTK_WIDGET (host), guest, play_move, on_result_page, rand, "mcr-lan");

  /* Both screens rank the same final scores, the table's. */
  expected = lan_test_ranked_scores (table);
  host_points = ranking_points (host);
  guest_points = ranking_points (other);
  g_test_message ("final scores %s", expected);
  g_assert_cmpstr (host_points, ==, expected);
  g_assert_cmpstr (guest_points, ==, expected);
  g_assert_cmpuint (mcr_screen_get_n_results (host), ==, 1);
  g_assert_cmpuint (mcr_screen_get_n_results (other), ==, 1);
  g_assert_cmpstr (mcr_screen_get_last_result (host), !=, "");
  g_assert_cmpstr (mcr_screen_get_last_result (other), !=, "");

  /* No line told the guest another seat's concealed tiles, nor which
   * seats were asked for a call or answered one. */
  g_assert_cmpuint (lan_test_check_private (table, guest), >, 0);
  for (guint i = 0; i < guest->lines->len; i++)
    {
      const char *text = g_ptr_array_index (guest->lines, i);

      for (int s = 0; s < 4; s++)
        {
          g_autofree char *deal = g_strdup_printf ("deal seat=%d tiles=", s);
          g_autofree char *draw = g_strdup_printf ("draw seat=%d tile=", s);
          g_autofree char *answered = g_strdup_printf ("answered seat=%d", s);

          if (s == guest_seat)
            continue;
          g_assert_null (strstr (text, deal));
          g_assert_null (strstr (text, draw));
          g_assert_null (strstr (text, answered));
        }
      g_assert_null (strstr (text, "what=timeout"));
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
  /* Every call waits for its player: a missed one fails, it does not pass. */
  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "claim-time-limit", 0, NULL);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  g_test_add_func ("/app/mcr/lan/one-hand", test_one_hand);
  return ui_test_run ();
}
