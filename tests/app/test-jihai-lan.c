/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "jihai-screen-private.h"
#include "jihai-view.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "parlor-application.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-window.h"
#include "ui-test-util.h"

typedef struct
{
  ParlorWindow *window;
  GtkWidget    *screen;
  GPtrArray    *lines;
} Guest;

static void
on_guest_line (ParlorClient *client,
               const char   *text,
               Guest        *guest)
{
  g_ptr_array_add (guest->lines, g_strdup (text));
}

static void
on_joined (ParlorJoinWindow *join,
           ParlorClient     *client,
           const char       *address,
           Guest            *guest)
{
  guest->screen = parlor_window_get_screen (guest->window);
  g_signal_connect (client, "line-received", G_CALLBACK (on_guest_line), guest);
}

static gboolean
guest_seated (gpointer data)
{
  Guest *guest = data;

  return guest->screen != NULL && parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (JIHAI_SCREEN (guest->screen))) >= 0;
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

/* A move when the screen waits: win if possible, else pass or discard. */
static gboolean
play_move (JihaiScreen *screen,
           GRand       *rand)
{
  MahjongHandView *hand = MAHJONG_HAND_VIEW (jihai_screen_get_my_hand (screen));
  g_autofree char *line = NULL;
  JihaiView view;
  guint n;

  if (!jihai_screen_is_waiting (screen))
    return FALSE;
  line = jihai_screen_dup_view (screen);
  g_assert_true (jihai_view_parse (line, &view, NULL));
  if (bar_offers (screen, "ron"))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.call", "s", "ron"));
  else if (bar_offers (screen, "tsumo"))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "jihai.call", "s", "tsumo"));
  else if (view.ask != JIHAI_ASK_TURN)
    g_assert_true (gtk_widget_activate_action (jihai_screen_get_claim_bar (screen), "claims.pass", NULL));
  else
    {
      n = mahjong_hand_view_get_n_tiles (hand);
      g_assert_cmpuint (n, >, 0);
      mahjong_hand_view_select (hand, g_rand_int_range (rand, 0, n));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
    }
  return TRUE;
}

static gboolean
page_is_play (JihaiScreen *screen)
{
  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "play") == 0;
}

static void
test_one_hand (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Guest guest = { NULL, NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  g_autofree char *address = NULL;
  g_autofree char *deal = NULL;
  g_autofree char *draw = NULL;
  JihaiScreen *host, *other;
  ParlorHostWindow *host_window;
  ParlorJoinWindow *join;
  int host_seat;
  guint moves = 0;
  gint64 end;

  parlor_window_show_game (window, "jihai");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  host = JIHAI_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "setup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "win.host-lan", NULL));
  host_window = PARLOR_HOST_WINDOW (ui_test_find_window (PARLOR_TYPE_HOST_WINDOW));
  g_assert_nonnull (host_window);

  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Guest", NULL));
  guest.window = parlor_window_new (ui_test_get_app ());
  gtk_window_set_default_size (GTK_WINDOW (guest.window), 1100, 760);
  gtk_window_present (GTK_WINDOW (guest.window));
  parlor_window_show_game (guest.window, "jihai");
  join = parlor_window_join_lan (guest.window);
  g_assert_nonnull (join);
  g_signal_connect (join, "started", G_CALLBACK (on_joined), &guest);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host_window));
  parlor_join_window_connect (join, address);
  ui_test_wait_for (ui_test_two_players, host_window);
  g_assert_true (parlor_host_window_start (host_window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (host)), ==, "play");
  ui_test_wait_for (guest_seated, &guest);
  other = JIHAI_SCREEN (guest.screen);
  host_seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (host));
  g_assert_cmpint (host_seat + parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (other)), ==, 1);
  /* A LAN game goes on for the others: no pause, no undo, and quitting asks. */
  g_assert_false (parlor_game_screen_can_pause (PARLOR_GAME_SCREEN (host)));
  g_assert_false (parlor_game_screen_can_undo (PARLOR_GAME_SCREEN (host)));
  g_assert_false (parlor_game_screen_is_kept (PARLOR_GAME_SCREEN (host)));
  g_assert_false (parlor_game_screen_can_pause (PARLOR_GAME_SCREEN (other)));
  g_assert_false (parlor_game_screen_is_kept (PARLOR_GAME_SCREEN (other)));
  g_assert_true (parlor_window_needs_quit_question (window));
  g_assert_true (parlor_window_needs_quit_question (guest.window));
  /* Closing the guest's window asks first; Keep Playing keeps it open. */
  gtk_window_close (GTK_WINDOW (guest.window));
  {
    GtkWindow *question = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (question);
    g_assert_true (gtk_window_get_transient_for (question) == GTK_WINDOW (guest.window));
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "cancel");
  }
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (guest.window)));

  /* One whole hand, both players at the keyboard. */
  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while ((page_is_play (host) || page_is_play (other)) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      if (play_move (host, rand) || play_move (other, rand))
        {
          moves++;
          if (moves == 6)
            ui_test_screenshot (GTK_WIDGET (guest.window), "jihai-lan-guest-play");
        }
    }
  g_assert_false (page_is_play (host));
  g_assert_false (page_is_play (other));
  g_assert_cmpuint (moves, >, 0);
  ui_test_screenshot (GTK_WIDGET (guest.window), "jihai-lan-guest-hand");
  /* Both saw the same hand end. */
  g_assert_cmpstr (jihai_screen_get_hand_text (host), !=, "");
  g_assert_cmpstr (jihai_screen_get_hand_text (other), !=, "");

  /* The guest never heard the host's tiles (until a win shows them). */
  deal = g_strdup_printf ("deal seat=%d tiles=", host_seat);
  draw = g_strdup_printf ("draw seat=%d tile=", host_seat);
  for (guint i = 0; i < guest.lines->len; i++)
    {
      const char *text = g_ptr_array_index (guest.lines, i);

      g_assert_null (strstr (text, deal));
      g_assert_null (strstr (text, draw));
    }

  gtk_window_destroy (GTK_WINDOW (guest.window));
  ui_test_iterate (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_ptr_array_unref (guest.lines);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  g_test_add_func ("/app/jihai/lan/one-hand", test_one_hand);

  return ui_test_run ();
}
