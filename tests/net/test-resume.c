/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-resume"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "parlor-protocol.h"
#include "toy-game.h"

/* The player has picked its secret and has no prompt open: the game now
 * waits for the host, who never acts. */
static gboolean
player_done (gpointer data)
{
  Player *player = data;

  return !player->acting && parlor_client_get_waiting (player->client) == 0 &&
         parlor_client_get_view (player->client) != NULL &&
         strstr (parlor_client_get_view (player->client), "chosen=1") != NULL;
}

typedef struct
{
  ParlorClient *client;
  guint         seat;
} SeatWatch;

static gboolean
seat_replaced (gpointer data)
{
  SeatWatch *watch = data;

  return parlor_client_get_seat_replaced (watch->client, watch->seat) != NULL;
}

static gboolean
seat_back (gpointer data)
{
  SeatWatch *watch = data;

  return parlor_client_seat_is_human (watch->client, watch->seat) &&
         parlor_client_get_seat_replaced (watch->client, watch->seat) == NULL;
}

/* The events a seat may see, from a fresh game fed the table's record:
 * worked out apart from the server's own history. */
static GPtrArray *
events_for_seat (GPtrArray *record,
                 guint      seat)
{
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *type;

      g_assert_nonnull (line);
      type = parlor_line_get_type (line);
      if (g_str_equal (type, "game"))
        {
          guint64 seed = g_ascii_strtoull (parlor_line_get (line, "seed"), NULL, 10);

          game = toy_game_info.new_game (parlor_line_get (line, "config"), seed, NULL);
          g_assert_nonnull (game);
          parlor_game_start (game, events);
        }
      else if (g_str_equal (type, "action"))
        {
          gint64 s;
          g_autoptr(GError) error = NULL;

          g_assert_true (parlor_line_get_int (line, "seat", 0, 3, &s, NULL));
          g_assert_true (parlor_game_apply (game, s, parlor_line_get (line, "line"), events, &error));
          g_assert_no_error (error);
        }
    }
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (events, i);

      if ((event->audience & PARLOR_AUDIENCE_SEAT (seat)) != 0)
        g_ptr_array_add (lines, g_strdup (event->line));
    }
  return lines;
}

/* A guest drops in the middle and comes back with its token: between
 * `start` and its view it gets every past event of its seat, as `history`
 * lines, and those of no other seat. */
static void
test_history (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) raw = NULL;
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *hello = NULL;
  g_autofree char *token = NULL;
  Player *stay, *leaver;
  SeatWatch watch;
  const char *table_id;
  int seat, start_at, view_at, turn_at, returned_at;
  guint n_history = 0;

  table_id = parlor_server_create_table (server, "toy", "seats=3", "Host", &error);
  g_assert_no_error (error);

  stay = player_new ("Stay", &toy_game_info, 1);
  leaver = player_new ("Leaver", &toy_game_info, 2);
  g_assert_true (player_connect (stay, port, NULL));
  g_assert_true (player_connect (leaver, port, NULL));
  parlor_client_join (stay->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, stay->client, 10000));
  parlor_client_join (leaver->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, leaver->client, 10000));
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (net_test_client_playing, leaver->client, 10000));
  g_assert_true (net_test_wait (player_done, leaver, 20000));
  g_assert_true (net_test_wait (player_done, stay, 20000));

  seat = parlor_client_get_seat (leaver->client);
  token = g_strdup (parlor_client_get_token (leaver->client));
  for (guint i = 0; i < leaver->lines->len; i++)
    {
      const char *text = g_ptr_array_index (leaver->lines, i);

      if (g_str_has_prefix (text, "event "))
        g_ptr_array_add (before, g_strdup (text + strlen ("event ")));
    }
  g_assert_cmpuint (before->len, >, 0);

  /* The connection goes: a computer keeps the seat, and the others see whose. */
  watch.client = stay->client;
  watch.seat = seat;
  g_assert_null (parlor_client_get_seat_replaced (stay->client, seat));
  parlor_client_disconnect (leaver->client);
  g_assert_true (net_test_wait (seat_replaced, &watch, 10000));
  g_assert_cmpstr (parlor_client_get_seat_replaced (stay->client, seat), ==, "Leaver");
  g_assert_false (parlor_client_seat_is_human (stay->client, seat));

  raw = raw_conn_new (port);
  hello = g_strdup_printf ("hello version=%d name=Leaver token=%s\n", PARLOR_PROTOCOL_VERSION, token);
  raw_conn_send (raw, hello, -1);
  turn_at = raw_conn_wait_line (raw, 0, "turn ", 10000);
  g_assert_cmpint (turn_at, >=, 0);
  start_at = raw_conn_wait_line (raw, 0, "start ", 0);
  returned_at = raw_conn_wait_line (raw, 0, "notice what=returned", 0);
  view_at = raw_conn_wait_line (raw, 0, "view ", 0);
  g_assert_cmpint (start_at, >=, 0);
  g_assert_cmpint (start_at, <, returned_at);
  g_assert_cmpint (returned_at, <, view_at);
  g_assert_cmpint (view_at, <, turn_at);

  /* Between start and the notice: the history, nothing else. */
  expected = events_for_seat (parlor_table_get_record (parlor_server_get_table (server, table_id)), seat);
  for (int i = start_at + 1; i < returned_at; i++)
    {
      const char *text = g_ptr_array_index (raw->lines, i);

      g_assert_true (g_str_has_prefix (text, "history "));
      g_assert_cmpuint (n_history, <, expected->len);
      g_assert_cmpstr (text + strlen ("history "), ==, g_ptr_array_index (expected, n_history));
      /* Nothing happened while away: the same events as the first time. */
      g_assert_cmpuint (n_history, <, before->len);
      g_assert_cmpstr (text + strlen ("history "), ==, g_ptr_array_index (before, n_history));
      n_history++;
    }
  g_assert_cmpuint (n_history, ==, expected->len);
  g_assert_cmpuint (n_history, ==, before->len);
  for (guint i = 0; i < raw->lines->len; i++)
    g_assert_false (g_str_has_prefix (g_ptr_array_index (raw->lines, i), "event "));

  /* Back: the others see a player in the seat again. */
  g_assert_true (net_test_wait (seat_back, &watch, 10000));

  player_free (stay);
  player_free (leaver);
}

/* A client whose resumed seat's history is handed on as "history". */
static void
on_history (ParlorClient *client,
            const char   *line,
            GPtrArray    *out)
{
  g_ptr_array_add (out, g_strdup (line));
}

static void
test_client_history (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) history = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *token = NULL;
  Player *leaver, *back;
  guint n_events = 0;
  const char *table_id;

  table_id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  leaver = player_new ("Leaver", &toy_game_info, 2);
  g_assert_true (player_connect (leaver, port, NULL));
  parlor_client_join (leaver->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, leaver->client, 10000));
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_true (net_test_wait (player_done, leaver, 20000));
  for (guint i = 0; i < leaver->lines->len; i++)
    n_events += g_str_has_prefix (g_ptr_array_index (leaver->lines, i), "event ");
  token = g_strdup (parlor_client_get_token (leaver->client));
  parlor_client_disconnect (leaver->client);

  back = player_new ("Leaver", &toy_game_info, 3);
  back->passive = TRUE;
  g_signal_connect (back->client, "history", G_CALLBACK (on_history), history);
  g_assert_true (player_connect (back, port, token));
  g_assert_true (net_test_wait (player_done, back, 20000));
  g_assert_cmpuint (history->len, ==, n_events);
  g_assert_cmpuint (history->len, >, 0);

  player_free (back);
  player_free (leaver);
}

/* ---- a lost connection is not the host leaving -------------------------- */

static gboolean
on_welcoming_incoming (GSocketService    *service,
                       GSocketConnection *connection,
                       GObject           *source,
                       GPtrArray         *keep)
{
  char text[64];
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));

  g_snprintf (text, sizeof text, "welcome version=%d name=Ann\n", PARLOR_PROTOCOL_VERSION);
  g_output_stream_write_all (out, text, strlen (text), NULL, NULL, NULL);
  g_ptr_array_add (keep, g_object_ref (connection));
  return TRUE;
}

static void
on_failed_record (ParlorClient *client,
                  const GError *error,
                  GError      **out)
{
  g_clear_error (out);
  *out = g_error_copy (error);
}

static gboolean
error_set (gpointer data)
{
  return *(GError **) data != NULL;
}

static gboolean
in_lobby (gpointer data)
{
  return parlor_client_get_state (PARLOR_CLIENT (data)) == PARLOR_CLIENT_LOBBY;
}

static void
test_lost_or_left (void)
{
  g_autoptr(GSocketService) service = g_socket_service_new ();
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(ParlorClient) client = parlor_client_new ("Ann");
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  GError *failed = NULL;
  guint16 port;

  port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (service, "incoming", G_CALLBACK (on_welcoming_incoming), keep);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  parlor_client_connect_async (client, address, 5, NULL, NULL, NULL);
  g_assert_true (net_test_wait (in_lobby, client, 10000));
  g_signal_connect (client, "failed", G_CALLBACK (on_failed_record), &failed);

  /* The line breaks without a `bye`. */
  g_assert_cmpuint (keep->len, ==, 1);
  g_io_stream_close (g_ptr_array_index (keep, 0), NULL, NULL);
  g_assert_true (net_test_wait (error_set, &failed, 10000));
  g_assert_error (failed, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_LOST);
  g_assert_cmpstr (failed->message, ==, "The connection to the host was lost");
  g_clear_error (&failed);
  g_socket_service_stop (service);

  /* A host that says `bye` left. */
  {
    guint16 server_port;
    g_autoptr(ParlorServer) server = net_test_server_new (&server_port);
    g_autoptr(ParlorClient) other = parlor_client_new ("Bob");
    g_autofree char *there = g_strdup_printf ("127.0.0.1:%u", server_port);

    parlor_client_connect_async (other, there, 5, NULL, NULL, NULL);
    g_assert_true (net_test_wait (in_lobby, other, 10000));
    g_signal_connect (other, "failed", G_CALLBACK (on_failed_record), &failed);
    parlor_server_stop (server);
    g_assert_true (net_test_wait (error_set, &failed, 10000));
    g_assert_error (failed, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_HOST_LEFT);
    g_assert_cmpstr (failed->message, ==, "The host left the game");
    g_clear_error (&failed);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/resume/history", test_history);
  g_test_add_func ("/net/resume/client-history", test_client_history);
  g_test_add_func ("/net/client/lost-or-left", test_lost_or_left);

  return g_test_run ();
}
