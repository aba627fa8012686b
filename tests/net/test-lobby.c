/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-lobby"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "toy-game.h"

/*
 * The lobby and the end of hosting: names told apart, the host removing a
 * guest, stopping frees the port.
 */

static const char *
players_word (RawConn *raw,
              guint    from,
              guint    word)
{
  int at = raw_conn_wait_line (raw, from, "players ", 10000);
  g_autoptr(ParlorLine) line = NULL;
  static char copy[64];

  g_assert_cmpint (at, >=, 0);
  line = parlor_line_parse (g_ptr_array_index (raw->lines, at), NULL);
  g_assert_nonnull (line);
  g_assert_cmpuint (parlor_line_get_n_words (line), >, word);
  g_strlcpy (copy, parlor_line_get_word (line, word), sizeof copy);

  return copy;
}

static void
test_names_told_apart (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(RawConn) a = raw_conn_new (port);
  g_autoptr(RawConn) b = raw_conn_new (port);
  g_autoptr(RawConn) c = raw_conn_new (port);
  g_autoptr(RawConn) d = raw_conn_new (port);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  const char *id;

  id = parlor_server_create_table (server, "toy", "seats=4", NULL, &error);
  g_assert_no_error (error);

  raw_conn_hello (a, "Ann");
  raw_conn_send (a, "join\n", -1);
  raw_conn_wait_line (a, 0, "players ", 10000);
  raw_conn_hello (b, "ann");
  raw_conn_send (b, "join\n", -1);
  g_assert_cmpstr (players_word (b, 0, 1), ==, "ann (2)");
  raw_conn_hello (c, "Computer%201");
  raw_conn_send (c, "join\n", -1);
  g_assert_cmpstr (players_word (c, 0, 2), ==, "Computer 1 (2)");
  /* A third one. */
  raw_conn_hello (d, "Ann");
  raw_conn_send (d, "join\n", -1);
  g_assert_cmpstr (players_word (d, 0, 3), ==, "Ann (3)");

  names = parlor_server_list_players (server, id);
  g_assert_cmpuint (g_strv_length (names), ==, 4);
  g_assert_cmpstr (names[0], ==, "Ann");
  g_assert_cmpstr (names[1], ==, "ann (2)");
  g_assert_cmpstr (names[2], ==, "Computer 1 (2)");
  g_assert_cmpstr (names[3], ==, "Ann (3)");
}

static void
test_host_removes_guest (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = parlor_server_new (toy_game_lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) guest = NULL;
  g_auto(GStrv) names = NULL;
  const char *id;
  int at;

  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  guest = raw_conn_new (port);
  raw_conn_hello (guest, "Guest");
  raw_conn_send (guest, "join\n", -1);
  g_assert_cmpint (raw_conn_wait_line (guest, 0, "joined", 10000), >=, 0);

  /* Not the host, not a player who is not there. */
  g_assert_false (parlor_server_remove_player (server, id, 0, &error));
  g_clear_error (&error);
  g_assert_false (parlor_server_remove_player (server, id, 5, &error));
  g_clear_error (&error);

  g_assert_true (parlor_server_remove_player (server, id, 1, &error));
  g_assert_no_error (error);
  at = raw_conn_wait_line (guest, 0, "error code=removed", 10000);
  g_assert_cmpint (at, >=, 0);
  g_assert_nonnull (strstr (g_ptr_array_index (guest->lines, at), "fatal=1"));
  g_assert_true (raw_conn_wait_closed (guest, 10000));
  names = parlor_server_list_players (server, id);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
}

static void
test_stop_frees_port (void)
{
  g_autoptr(ParlorServer) first = parlor_server_new (toy_game_lookup);
  g_autoptr(ParlorServer) second = parlor_server_new (toy_game_lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) guest = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) refused = NULL;
  g_autofree char *address = NULL;
  guint16 port = 0, again = 0;

  g_assert_true (parlor_server_listen (first, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  parlor_server_create_table (first, "toy", "seats=2", "Host", &error);
  guest = raw_conn_new (port);
  raw_conn_hello (guest, "Guest");
  raw_conn_send (guest, "join\n", -1);
  g_assert_cmpint (raw_conn_wait_line (guest, 0, "joined", 10000), >=, 0);

  parlor_server_stop (first);
  g_assert_cmpint (raw_conn_wait_line (guest, 0, "bye reason=shutdown", 10000), >=, 0);

  /* Nobody answers on the port any more… */
  address = g_strdup_printf ("127.0.0.1:%u", port);
  refused = g_socket_client_connect_to_host (client, address, 0, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  g_clear_error (&error);

  /* …and another server takes it at once. */
  g_assert_true (parlor_server_listen (second, "127.0.0.1", port, &again, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (again, ==, port);
}

/* Welcomed connections at no table are closed after the lobby timeout;
 * one waiting at a table is not. */
static void
test_lobby_timeout (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(RawConn) idle = raw_conn_new (port);
  g_autoptr(RawConn) seated = raw_conn_new (port);
  guint64 refused = 0, evicted = 0;

  parlor_server_set_lobby_timeout (server, 300);
  raw_conn_hello (idle, "Idle");
  raw_conn_hello (seated, "Seated");
  raw_conn_send (seated, "create\n", -1);
  g_assert_cmpint (raw_conn_wait_line (seated, 0, "joined", 10000), >=, 0);

  g_assert_cmpint (raw_conn_wait_line (idle, 0, "error code=idle", 10000), >=, 0);
  g_assert_true (raw_conn_wait_closed (idle, 10000));
  /* Well past the timeout, the seated one still answers. */
  raw_conn_send (seated, "ping id=1\n", -1);
  g_assert_cmpint (raw_conn_wait_line (seated, 0, "pong id=1", 10000), >=, 0);
  g_assert_false (seated->closed);
  parlor_server_get_stats (server, &refused, &evicted, NULL);
  g_assert_cmpuint (refused, ==, 0);
  g_assert_cmpuint (evicted, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/lobby/names-told-apart", test_names_told_apart);
  g_test_add_func ("/net/lobby/host-removes-guest", test_host_removes_guest);
  g_test_add_func ("/net/lobby/stop-frees-port", test_stop_frees_port);
  g_test_add_func ("/net/lobby/lobby-timeout", test_lobby_timeout);

  return g_test_run ();
}
