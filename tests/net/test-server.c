/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-server"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "toy-game.h"

typedef struct
{
  Player **players;
  guint    n;
} Group;

static gboolean
all_over (gpointer data)
{
  Group *group = data;

  for (guint i = 0; i < group->n; i++)
    if (group->players[i]->result == NULL)
      return FALSE;

  return TRUE;
}

/* Replays a table's record with a fresh game: the result must be the same. */
static char *
replay_record (GPtrArray *record)
{
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *type;

      g_assert_nonnull (line);
      type = parlor_line_get_type (line);
      if (g_str_equal (type, "game"))
        {
          guint64 seed = g_ascii_strtoull (parlor_line_get (line, "seed"), NULL, 10);

          g_assert_cmpstr (parlor_line_get (line, "id"), ==, "toy");
          game = toy_game_info.new_game (parlor_line_get (line, "config"), seed, NULL);
          g_assert_nonnull (game);
          parlor_game_start (game, events);
        }
      else if (g_str_equal (type, "action"))
        {
          gint64 seat;
          g_autoptr(GError) error = NULL;

          g_assert_true (parlor_line_get_int (line, "seat", 0, 3, &seat, NULL));
          g_assert_true (parlor_game_apply (game, seat, parlor_line_get (line, "line"), events, &error));
          g_assert_no_error (error);
        }
    }

  g_assert_nonnull (game);
  g_assert_true (parlor_game_is_over (game));
  return parlor_game_get_result (game);
}

static gboolean
client_joined (gpointer data)
{
  return parlor_client_get_table_id (PARLOR_CLIENT (data)) != NULL;
}

static void
test_full_game (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  Player *players[4];
  Group group = { players, 4 };
  g_autofree char *replayed = NULL;
  g_auto(GStrv) tables = NULL;
  ParlorTable *table;

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);

      players[i] = player_new (name, &toy_game_info, 100 + i);
      g_assert_true (player_connect (players[i], port, NULL));
      parlor_client_join (players[i]->client, NULL);
      g_assert_true (net_test_wait (client_joined, players[i]->client, 5000));
    }

  g_assert_true (net_test_wait (all_over, &group, 20000));

  tables = parlor_server_list_tables (server);
  g_assert_cmpuint (g_strv_length (tables), ==, 1);
  table = parlor_server_get_table (server, tables[0]);
  replayed = replay_record (parlor_table_get_record (table));
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (players[i]->result, ==, replayed);
      g_assert_cmpuint (players[i]->errors, ==, 0);
    }
  /* Four humans: every seat is a different one of them. */
  for (guint i = 0; i < 4; i++)
    for (guint j = i + 1; j < 4; j++)
      g_assert_cmpint (parlor_client_get_seat (players[i]->client), !=,
                       parlor_client_get_seat (players[j]->client));

  for (guint i = 0; i < 4; i++)
    player_free (players[i]);
}

/* ---- host mode ---------------------------------------------------------- */

typedef struct
{
  ParlorTable *table;
  int          seat;
  guint64      seed;
  gboolean     over;
  guint        idle_id;
} Host;

static void
host_play (ParlorTable *table,
           Host        *host)
{
  g_autofree char *view = NULL;
  g_autofree char *action = NULL;

  if (host->seat < 0 || parlor_table_is_over (table) ||
      !parlor_game_is_waiting_for (parlor_table_get_game (table), host->seat))
    return;
  view = parlor_table_view_for (table, host->seat);
  action = toy_game_info.ai_choose ("random", view, host->seed++, NULL, NULL);
  g_assert_nonnull (action);
  g_assert_true (parlor_table_submit (table, host->seat, action, NULL));
}

static gboolean
host_idle (gpointer data)
{
  Host *host = data;

  host->idle_id = 0;
  host_play (host->table, host);
  return G_SOURCE_REMOVE;
}

static void
on_host_changed (ParlorTable *table,
                 Host        *host)
{
  /* Not from inside the table's own signal. */
  if (host->idle_id == 0)
    host->idle_id = g_idle_add (host_idle, host);
}

static void
on_host_over (ParlorTable *table,
              const char  *result,
              Host        *host)
{
  host->over = TRUE;
}

typedef struct
{
  ParlorClient    *client;
  int              code;
  gboolean         seen;
} Rejection;

static void
on_rejection (ParlorClient *client,
              const GError *error,
              Rejection    *rejection)
{
  g_assert_error (error, PARLOR_CLIENT_ERROR, rejection->code);
  g_assert_cmpstr (error->message, !=, "");
  rejection->seen = TRUE;
}

static gboolean
rejection_seen (gpointer data)
{
  return ((Rejection *) data)->seen;
}

static void
test_host_mode (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = parlor_server_new (toy_game_lookup);
  g_autoptr(GError) error = NULL;
  const char *id;
  Player *guest, *late;
  Host host = { 0 };
  g_auto(GStrv) names = NULL;
  Rejection rejection = { 0 };
  guint humans = 0;

  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  id = parlor_server_create_table (server, "toy", "seats=3", "Hostess", &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);

  guest = player_new ("Guest\x01<b>", &toy_game_info, 7);
  g_assert_true (player_connect (guest, port, NULL));
  parlor_client_join (guest->client, NULL);   /* the only open table */
  g_assert_true (net_test_wait (net_test_client_waiting, guest->client, 5000));
  g_assert_false (parlor_client_is_owner (guest->client));

  names = parlor_server_list_players (server, id);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "Hostess");
  g_assert_cmpstr (names[1], ==, "Guest<b>");   /* sanitized */

  /* A guest may not start the host's table. */
  rejection.code = PARLOR_CLIENT_ERROR_REJECTED;
  g_signal_connect (guest->client, "rejected", G_CALLBACK (on_rejection), &rejection);
  parlor_client_start (guest->client);
  g_assert_true (net_test_wait (rejection_seen, &rejection, 5000));
  g_signal_handlers_disconnect_by_data (guest->client, &rejection);
  guest->errors = 0;

  host.table = parlor_server_get_table (server, id);
  host.seat = -1;
  g_signal_connect (host.table, "changed", G_CALLBACK (on_host_changed), &host);
  g_signal_connect (host.table, "game-over", G_CALLBACK (on_host_over), &host);
  g_assert_true (parlor_server_start_table (server, id, &error));
  host.seat = parlor_server_get_host_seat (server, id);
  g_assert_cmpint (host.seat, >=, 0);
  g_assert_cmpint (host.seat, <, 3);
  host_play (host.table, &host);

  /* Joining a started game is refused in plain words. */
  late = player_new ("Late", &toy_game_info, 9);
  g_assert_true (player_connect (late, port, NULL));
  rejection = (Rejection) { late->client, PARLOR_CLIENT_ERROR_STARTED, FALSE };
  g_signal_connect (late->client, "rejected", G_CALLBACK (on_rejection), &rejection);
  parlor_client_join (late->client, NULL);
  g_assert_true (net_test_wait (rejection_seen, &rejection, 5000));
  player_free (late);

  {
    Group group = { &guest, 1 };

    g_assert_true (net_test_wait (all_over, &group, 20000));
  }
  g_assert_true (host.over);
  for (guint s = 0; s < 3; s++)
    humans += parlor_client_seat_is_human (guest->client, s);
  g_assert_cmpuint (humans, ==, 2);   /* host + guest, one computer */
  g_assert_cmpint (parlor_client_get_seat (guest->client), !=, host.seat);
  g_assert_cmpstr (parlor_client_get_seat_name (guest->client, host.seat), ==, "Hostess");

  g_signal_handlers_disconnect_by_data (host.table, &host);
  g_clear_handle_id (&host.idle_id, g_source_remove);
  player_free (guest);
}

/* ---- a dropped client comes back ---------------------------------------- */

typedef struct
{
  Player  *player;
  guint    events;
} Counter;

static gboolean
seat_is_computer (gpointer data)
{
  Player **pair = data;
  int seat = parlor_client_get_seat (pair[1]->client);

  return !parlor_client_seat_is_human (pair[0]->client, seat);
}

static gboolean
seat_is_human (gpointer data)
{
  Player **pair = data;
  int seat = parlor_client_get_seat (pair[1]->client);

  return parlor_client_seat_is_human (pair[0]->client, seat);
}

static void
test_drop_and_resume (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  Player *stay, *leaver, *back;
  Player *pair[2];
  g_autofree char *token = NULL;
  int seat;
  const char *table_id;
  g_autoptr(GError) error = NULL;

  /* Slow computer players so the game lasts while we drop and return. */
  parlor_server_set_ai_delay (server, 30);
  table_id = parlor_server_create_table (server, "toy", "seats=3", NULL, &error);
  g_assert_no_error (error);

  stay = player_new ("Stay", &toy_game_info, 1);
  leaver = player_new ("Leaver", &toy_game_info, 2);
  g_assert_true (player_connect (stay, port, NULL));
  g_assert_true (player_connect (leaver, port, NULL));
  parlor_client_join (stay->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, stay->client, 5000));
  g_assert_true (parlor_client_is_owner (stay->client));
  parlor_client_join (leaver->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, leaver->client, 5000));
  leaver->passive = TRUE;
  parlor_client_start (stay->client);
  g_assert_true (net_test_wait (net_test_client_playing, leaver->client, 5000));
  g_assert_true (net_test_wait (net_test_client_playing, stay->client, 5000));

  seat = parlor_client_get_seat (leaver->client);
  token = g_strdup (parlor_client_get_token (leaver->client));
  pair[0] = stay;
  pair[1] = leaver;
  g_assert_true (parlor_client_seat_is_human (stay->client, seat));

  /* The connection drops: the seat turns computer at once. */
  parlor_client_disconnect (leaver->client);
  g_assert_true (net_test_wait (seat_is_computer, pair, 5000));

  /* A wrong token is refused; the right one gives the same seat back. */
  back = player_new ("Back", &toy_game_info, 3);
  g_assert_false (player_connect (back, port, "0123456789abcdef0123456789abcdef"));
  player_free (back);

  back = player_new ("Leaver", &toy_game_info, 3);
  g_assert_true (player_connect (back, port, token));
  g_assert_cmpint (parlor_client_get_seat (back->client), ==, seat);
  g_assert_cmpint (parlor_client_get_state (back->client), ==, PARLOR_CLIENT_PLAYING);
  pair[1] = back;
  g_assert_true (net_test_wait (seat_is_human, pair, 5000));

  {
    Player *both[2] = { stay, back };
    Group group = { both, 2 };

    g_assert_true (net_test_wait (all_over, &group, 20000));
    g_assert_cmpstr (stay->result, ==, back->result);
  }

  player_free (stay);
  player_free (leaver);
  player_free (back);
}

/* ---- a client that never answers ---------------------------------------- */

static void
test_silent_client (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  Player *active;
  g_autoptr(RawConn) silent = NULL;
  const char *table_id;
  guint timeouts = 0;

  parlor_server_set_time_limit (server, 1);
  table_id = parlor_server_create_table (server, "toy", "seats=2", NULL, &error);
  g_assert_no_error (error);

  active = player_new ("Active", &toy_game_info, 5);
  g_assert_true (player_connect (active, port, NULL));
  parlor_client_join (active->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, active->client, 5000));

  silent = raw_conn_new (port);
  raw_conn_hello (silent, "Silent");
  {
    g_autofree char *join = g_strdup_printf ("join table=%s\n", table_id);

    raw_conn_send (silent, join, -1);
  }

  {
    Group group = { &active, 1 };

    /* Four moves of the silent seat, each after a one-second limit. */
    g_assert_true (net_test_wait (all_over, &group, 20000));
  }
  g_assert_cmpint (raw_conn_wait_line (silent, 0, "over ", 5000), >=, 0);
  for (guint i = 0; i < silent->lines->len; i++)
    timeouts += g_str_has_prefix (g_ptr_array_index (silent->lines, i), "notice what=timeout");
  g_assert_cmpuint (timeouts, >=, 4);

  player_free (active);
}

/* The client says when its own time ran out, and only then. */
static void
on_timed_out (ParlorClient *client,
              guint        *count)
{
  (*count)++;
}

static void
test_client_timed_out (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  Player *active, *idle;
  const char *table_id;
  guint active_timeouts = 0, idle_timeouts = 0;

  parlor_server_set_time_limit (server, 1);
  table_id = parlor_server_create_table (server, "toy", "seats=2", NULL, &error);
  g_assert_no_error (error);

  active = player_new ("Active", &toy_game_info, 5);
  idle = player_new ("Idle", &toy_game_info, 6);
  idle->passive = TRUE;
  g_signal_connect (active->client, "timed-out", G_CALLBACK (on_timed_out), &active_timeouts);
  g_signal_connect (idle->client, "timed-out", G_CALLBACK (on_timed_out), &idle_timeouts);
  g_assert_true (player_connect (active, port, NULL));
  g_assert_true (player_connect (idle, port, NULL));
  parlor_client_join (active->client, table_id);
  g_assert_true (net_test_wait (net_test_client_waiting, active->client, 5000));
  parlor_client_join (idle->client, table_id);

  {
    Group group = { &active, 1 };

    g_assert_true (net_test_wait (all_over, &group, 20000));
  }
  /* The idle seat's four moves were the timer's. */
  g_assert_cmpuint (idle_timeouts, >=, 4);
  g_assert_cmpuint (active_timeouts, ==, 0);
  for (guint i = 0; i < active->lines->len; i++)
    g_assert_false (g_str_has_prefix (g_ptr_array_index (active->lines, i), "notice what=timeout"));

  player_free (active);
  player_free (idle);
}

/* ---- hidden information ------------------------------------------------- */

typedef struct
{
  ParlorServer *server;
  char        **secrets[4];
  char        **undealt;
} Secrets;

static void
on_started (ParlorServer *server,
            const char   *table_id,
            Secrets      *secrets)
{
  ParlorGame *game = parlor_table_get_game (parlor_server_get_table (server, table_id));

  for (guint s = 0; s < 4; s++)
    secrets->secrets[s] = toy_game_get_secrets (game, s);
  secrets->undealt = toy_game_get_undealt (game);
}

static gboolean
has_token (const char *line,
           const char *token)
{
  return strstr (line, token) != NULL;
}

static void
test_hidden_information (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  Player *players[3];
  Group group = { players, 3 };
  Secrets secrets = { server };
  ParlorTable *table;
  g_auto(GStrv) tables = NULL;
  guint checked = 0;

  g_signal_connect (server, "table-started", G_CALLBACK (on_started), &secrets);
  {
    g_autoptr(GError) error = NULL;

    parlor_server_create_table (server, "toy", "seats=4", NULL, &error);
    g_assert_no_error (error);
  }
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("H%u", i);

      players[i] = player_new (name, &toy_game_info, 40 + i);
      g_assert_true (player_connect (players[i], port, NULL));
      parlor_client_join (players[i]->client, NULL);
      g_assert_true (net_test_wait (net_test_client_waiting, players[i]->client, 5000));
    }
  parlor_client_start (players[0]->client);
  g_assert_true (net_test_wait (all_over, &group, 20000));

  tables = parlor_server_list_tables (server);
  table = parlor_server_get_table (server, tables[0]);
  g_assert_nonnull (secrets.undealt);

  for (guint p = 0; p < 3; p++)
    {
      int mine = parlor_client_get_seat (players[p]->client);
      GPtrArray *lines = players[p]->lines;

      /* The deck's undealt cards never reach anyone. */
      for (guint i = 0; i < lines->len; i++)
        for (guint k = 0; secrets.undealt[k] != NULL; k++)
          g_assert_false (has_token (g_ptr_array_index (lines, i), secrets.undealt[k]));

      /* Another seat's card shows first in the event that plays it; its
       * pick first in the event that reveals all picks. */
      for (guint s = 0; s < 4; s++)
        {
          if ((int) s == mine)
            continue;
          for (guint k = 0; secrets.secrets[s][k] != NULL; k++)
            {
              const char *secret = secrets.secrets[s][k];
              g_autofree char *played = g_strdup_printf ("event played seat=%u card=%s", s, secret);

              for (guint i = 0; i < lines->len; i++)
                {
                  const char *line = g_ptr_array_index (lines, i);

                  if (!has_token (line, secret))
                    continue;
                  if (secret[0] == 'Q')
                    g_assert_cmpstr (line, ==, played);
                  else
                    g_assert_true (g_str_has_prefix (line, "event revealed "));
                  checked++;
                  break;
                }
            }
        }
    }
  g_assert_cmpuint (checked, >, 0);
  g_assert_true (parlor_table_is_over (table));

  for (guint s = 0; s < 4; s++)
    g_strfreev (secrets.secrets[s]);
  g_strfreev (secrets.undealt);
  for (guint i = 0; i < 3; i++)
    player_free (players[i]);
}

/* ---- the client's errors in plain words --------------------------------- */

typedef struct
{
  gboolean  done;
  GError   *error;
} Outcome;

static void
outcome_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Outcome *outcome = user_data;

  parlor_client_connect_finish (PARLOR_CLIENT (object), result, &outcome->error);
  outcome->done = TRUE;
}

static gboolean
outcome_done (gpointer data)
{
  return ((Outcome *) data)->done;
}

static GError *
try_connect (const char *address,
             guint       timeout)
{
  g_autoptr(ParlorClient) client = parlor_client_new ("Tester");
  Outcome outcome = { 0 };

  parlor_client_connect_async (client, address, timeout, NULL, outcome_cb, &outcome);
  g_assert_true (net_test_wait (outcome_done, &outcome, 15000));

  return outcome.error;
}

static gboolean
on_mute_incoming (GSocketService    *service,
                  GSocketConnection *connection,
                  GObject           *source,
                  GPtrArray         *keep)
{
  g_ptr_array_add (keep, g_object_ref (connection));
  return TRUE;
}

static void
on_failed_record (ParlorClient *client,
                  const GError *error,
                  GError      **out)
{
  *out = g_error_copy (error);
}

static gboolean
error_set (gpointer data)
{
  return *(GError **) data != NULL;
}

static void
test_client_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketService) mute = g_socket_service_new ();
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_object_unref);
  guint16 port;
  g_autofree char *address = NULL;

  /* Nobody listens on the port of a server that just stopped. */
  {
    g_autoptr(ParlorServer) gone = net_test_server_new (&port);

    parlor_server_stop (gone);
  }
  address = g_strdup_printf ("127.0.0.1:%u", port);
  error = try_connect (address, 5);
  g_assert_error (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REFUSED);
  g_clear_error (&error);

  error = try_connect ("no-such-host.invalid", 5);
  g_assert_error (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_NO_HOST);
  g_clear_error (&error);

  /* A host that accepts but never answers. */
  port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (mute), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (mute, "incoming", G_CALLBACK (on_mute_incoming), keep);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  error = try_connect (address, 1);
  g_assert_error (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_socket_service_stop (mute);

  /* A full table, then the host leaves. */
  {
    g_autoptr(ParlorServer) server = parlor_server_new (toy_game_lookup);
    const char *id;
    Player *guests[3];
    Rejection rejection = { NULL, PARLOR_CLIENT_ERROR_FULL, FALSE };
    GError *failed = NULL;

    g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
    id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
    g_assert_nonnull (id);
    for (guint i = 0; i < 2; i++)
      {
        guests[i] = player_new ("Guest", &toy_game_info, i);
        g_assert_true (player_connect (guests[i], port, NULL));
        parlor_client_join (guests[i]->client, id);
      }
    g_assert_true (net_test_wait (net_test_client_waiting, guests[0]->client, 5000));
    g_signal_connect (guests[1]->client, "rejected", G_CALLBACK (on_rejection), &rejection);
    g_assert_true (net_test_wait (rejection_seen, &rejection, 5000));

    g_signal_connect (guests[0]->client, "failed", G_CALLBACK (on_failed_record), &failed);
    parlor_server_stop (server);
    g_assert_true (net_test_wait (error_set, &failed, 5000));
    g_assert_error (failed, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_HOST_LEFT);
    g_clear_error (&failed);
    for (guint i = 0; i < 2; i++)
      player_free (guests[i]);
  }
}

static void
test_ipv6_loopback (void)
{
  g_autoptr(ParlorServer) server = parlor_server_new (toy_game_lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorClient) client = parlor_client_new ("Six");
  g_autofree char *address = NULL;
  Outcome outcome = { 0 };
  guint16 port;

  if (!parlor_server_listen (server, "::1", 0, &port, &error))
    {
      g_test_skip ("No IPv6 loopback here");
      return;
    }
  address = g_strdup_printf ("[::1]:%u", port);
  parlor_client_connect_async (client, address, 5, NULL, outcome_cb, &outcome);
  g_assert_true (net_test_wait (outcome_done, &outcome, 10000));
  g_assert_no_error (outcome.error);
  g_assert_cmpint (parlor_client_get_state (client), ==, PARLOR_CLIENT_LOBBY);
  parlor_client_disconnect (client);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/server/full-game-equals-replay", test_full_game);
  g_test_add_func ("/net/server/host-mode", test_host_mode);
  g_test_add_func ("/net/server/drop-and-resume", test_drop_and_resume);
  g_test_add_func ("/net/server/silent-client-timer-plays", test_silent_client);
  g_test_add_func ("/net/client/timed-out-signal", test_client_timed_out);
  g_test_add_func ("/net/server/hidden-information/toy", test_hidden_information);
  g_test_add_func ("/net/client/errors-in-words", test_client_errors);
  g_test_add_func ("/net/client/ipv6-loopback", test_ipv6_loopback);

  return g_test_run ();
}
