/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lan-test-util.h"
#include "parlor-application.h"
#include "parlor-game-screen.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-line.h"
#include "parlor-protocol.h"
#include "parlor-server.h"
#include "parlor-session.h"
#include "ui-test-util.h"

static void
on_guest_line (ParlorClient *client,
               const char   *text,
               LanGuest     *guest)
{
  g_ptr_array_add (guest->lines, g_strdup (text));
}

static void
on_announce (GtkWidget  *screen,
             const char *text,
             guint      *started)
{
  if (g_str_has_prefix (text, "Game started"))
    (*started)++;
}

static void
on_joined (ParlorJoinWindow *join,
           ParlorClient     *client,
           const char       *address,
           LanGuest         *guest)
{
  guest->screen = parlor_window_get_screen (guest->window);
  g_signal_connect (client, "line-received", G_CALLBACK (on_guest_line), guest);
  g_signal_connect (guest->screen, "announce", G_CALLBACK (on_announce), &guest->guest_started);
}

int
lan_test_guest_seat (LanGuest *guest)
{
  ParlorSession *session;

  if (guest->screen == NULL)
    return -1;
  session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (guest->screen));
  return session != NULL ? parlor_session_get_seat (session) : -1;
}

static gboolean
guest_seated (gpointer data)
{
  LanGuest *guest = data;

  return lan_test_guest_seat (guest) >= 0 && guest->host_started > 0 && guest->guest_started > 0;
}

LanGuest *
lan_test_host_and_join (GtkWidget  *host,
                        const char *game_id)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  LanGuest *guest = g_new0 (LanGuest, 1);
  g_autofree char *address = NULL;
  ParlorHostWindow *host_window;
  ParlorJoinWindow *join;

  guest->lines = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (gtk_widget_activate_action (host, "win.host-lan", NULL));
  host_window = PARLOR_HOST_WINDOW (ui_test_find_window (PARLOR_TYPE_HOST_WINDOW));
  g_assert_nonnull (host_window);

  /* One app plays both: the guest's name is read when it joins. */
  g_assert_true (parlor_settings_set_player_name (settings, "Guest", NULL));
  guest->window = parlor_window_new (ui_test_get_app ());
  gtk_window_set_default_size (GTK_WINDOW (guest->window), 1180, 800);
  gtk_window_present (GTK_WINDOW (guest->window));
  parlor_window_show_game (guest->window, game_id);
  join = parlor_window_join_lan (guest->window);
  g_assert_nonnull (join);
  g_signal_connect (join, "started", G_CALLBACK (on_joined), guest);
  g_assert_true (parlor_settings_set_player_name (settings, "Host", NULL));
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host_window));
  parlor_join_window_connect (join, address);
  ui_test_wait_for (ui_test_two_players, host_window);
  g_signal_connect (host, "announce", G_CALLBACK (on_announce), &guest->host_started);
  /* Short claim windows keep the test quick. */
  parlor_server_set_claim_minimum (parlor_host_window_get_server (host_window), 20);
  g_assert_true (parlor_host_window_start (host_window));
  ui_test_wait_for (guest_seated, guest);
  g_signal_handlers_disconnect_by_data (host, &guest->host_started);
  g_signal_handlers_disconnect_by_data (guest->screen, &guest->guest_started);
  g_assert_cmpuint (guest->host_started, ==, 1);
  g_assert_cmpuint (guest->guest_started, ==, 1);
  return guest;
}

void
lan_test_guest_free (LanGuest *guest)
{
  if (guest->window != NULL)
    gtk_window_destroy (GTK_WINDOW (guest->window));
  g_ptr_array_unref (guest->lines);
  g_free (guest);
}

void
lan_test_check_progress (ParlorTable *table,
                         LanProgress *progress)
{
  guint len = parlor_table_get_record (table)->len;
  gint64 now = g_get_monotonic_time ();

  if (progress->since == 0 || len != progress->len)
    {
      progress->len = len;
      progress->since = now;
    }
  else if (now - progress->since > 120 * G_USEC_PER_SEC)
    g_error ("The game has not moved for two minutes (%u record lines)", len);
}

guint
lan_test_check_private (ParlorTable *table,
                        LanGuest    *guest)
{
  GPtrArray *record = parlor_table_get_record (table);
  int seat = lan_test_guest_seat (guest);
  guint32 mine;
  guint own = 0, n_own = 0, hidden = 0;

  g_assert_cmpint (seat, >=, 0);
  mine = PARLOR_AUDIENCE_SEAT (seat);
  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *audience, *event;
      guint32 to;

      if (line == NULL || !g_str_equal (parlor_line_get_type (line), "event"))
        continue;
      audience = parlor_line_get (line, "audience");
      event = parlor_line_get (line, "line");
      g_assert_nonnull (audience);
      g_assert_nonnull (event);
      if (g_str_equal (audience, "all"))
        continue;
      to = (guint32) g_ascii_strtoull (audience, NULL, 16);
      if (to == mine)
        {
          n_own++;
          /* The guest heard its own secrets: the lines were recorded. */
          for (guint j = 0; j < guest->lines->len; j++)
            if (g_strcmp0 (parlor_protocol_payload (g_ptr_array_index (guest->lines, j), "event"), event) == 0)
              {
                own++;
                break;
              }
          continue;
        }
      if ((to & mine) != 0)
        continue;
      hidden++;
      for (guint j = 0; j < guest->lines->len; j++)
        {
          const char *text = g_ptr_array_index (guest->lines, j);

          if (strstr (text, event) != NULL)
            g_error ("The guest (seat %d) received “%s”, meant for other seats, in “%s”",
                     seat, event, text);
        }
    }
  g_assert_cmpuint (hidden, >, 0);
  g_assert_cmpuint (own, ==, n_own);

  /* Every view the guest received is its own seat's. */
  for (guint j = 0; j < guest->lines->len; j++)
    {
      const char *view = parlor_protocol_payload (g_ptr_array_index (guest->lines, j), "view");
      g_autoptr(ParlorLine) line = view != NULL ? parlor_line_parse (view, NULL) : NULL;
      gint64 viewer = -2;

      if (view == NULL)
        continue;
      g_assert_nonnull (line);
      g_assert_true (parlor_line_get_int (line, "seat", -1, 31, &viewer, NULL));
      g_assert_cmpint (viewer, ==, seat);
    }
  g_test_message ("%u events for other seats only, none heard by the guest; %u of its own heard",
                  hidden, own);
  return own;
}

static int
compare_desc (gconstpointer a,
              gconstpointer b)
{
  return *(const int *) b - *(const int *) a;
}

char *
lan_test_ranked_scores (ParlorTable *table)
{
  g_autoptr(ParlorLine) result = parlor_line_parse (parlor_game_get_result (parlor_table_get_game (table)), NULL);
  g_auto(GStrv) scores = NULL;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (int));
  GString *text = g_string_new (NULL);

  g_assert_nonnull (result);
  scores = g_strsplit (parlor_line_get (result, "scores"), ",", -1);
  g_assert_cmpuint (g_strv_length (scores), ==, parlor_table_get_n_seats (table));
  for (guint i = 0; scores[i] != NULL; i++)
    {
      int v = atoi (scores[i]);

      g_array_append_val (points, v);
    }
  g_array_sort (points, compare_desc);
  for (guint i = 0; i < points->len; i++)
    g_string_append_printf (text, "%s%d", i > 0 ? "," : "", g_array_index (points, int, i));
  return g_string_free (text, FALSE);
}

static void
on_rejected (ParlorSession *session,
             const GError  *error,
             guint         *rejected)
{
  g_test_message ("rejected: %s", error->message);
  (*rejected)++;
}

void
lan_test_play_to_end (ParlorTable *table,
                      GtkWidget   *host,
                      LanGuest    *guest,
                      LanTestMove  move,
                      LanTestDone  done,
                      GRand       *rand,
                      const char  *name)
{
  ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (guest->screen));
  g_autofree char *play_shot = g_strdup_printf ("%s-guest-play", name);
  g_autofree char *result_shot = g_strdup_printf ("%s-guest-result", name);
  guint moves[2] = { 0, 0 }, wins = 0, rejected = 0;
  LanProgress progress = { 0, 0 };
  gulong handler;

  handler = g_signal_connect (session, "rejected", G_CALLBACK (on_rejected), &rejected);
  while (!(done (host) && done (guest->screen)))
    {
      gboolean moved = FALSE;

      lan_test_check_progress (table, &progress);
      if (move (host, rand, &wins))
        {
          moves[0]++;
          moved = TRUE;
        }
      if (move (guest->screen, rand, &wins))
        {
          moved = TRUE;
          if (++moves[1] == 5)
            ui_test_screenshot (GTK_WIDGET (guest->window), play_shot);
        }
      if (!g_main_context_iteration (NULL, FALSE) && !moved)
        g_usleep (1000);
    }
  g_signal_handler_disconnect (session, handler);
  g_test_message ("moves: host %u, guest %u; wins taken %u", moves[0], moves[1], wins);
  g_assert_true (parlor_table_is_over (table));
  g_assert_cmpuint (moves[0], >, 0);
  g_assert_cmpuint (moves[1], >, 0);
  g_assert_cmpuint (rejected, ==, 0);
  ui_test_screenshot (GTK_WIDGET (guest->window), result_shot);
}
