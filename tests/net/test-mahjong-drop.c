/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-net-mahjong-drop"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-games.h"

/*
 * A mahjong player's connection drops in the middle of a match: a computer
 * player keeps the seat and plays on, and the player takes it back with the
 * seat's token, then plays the match to its end.
 */

typedef struct
{
  const char *game_id;
  const char *config;
} DropCase;

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

typedef struct
{
  ParlorTable *table;
  guint        len;
} Growth;

/* The table has moved on by a few actions since @len was taken. */
static gboolean
record_grew (gpointer data)
{
  Growth *growth = data;

  return parlor_table_get_record (growth->table)->len >= growth->len + 8;
}

static gboolean
has_event (gpointer data)
{
  Player *player = data;

  for (guint i = 0; i < player->lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (player->lines, i), "event "))
      return TRUE;
  return FALSE;
}

static gboolean
both_over (gpointer data)
{
  Player **players = data;

  return players[0]->result != NULL && players[1]->result != NULL;
}

static void
test_drop_and_return (gconstpointer data)
{
  const DropCase *c = data;
  const ParlorGameInfo *info = parlor_games_lookup (c->game_id);
  guint16 port;
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;
  Player *players[2];
  ParlorTable *table;
  SeatWatch watch;
  Growth growth;
  const char *table_id;
  int seat;

  g_assert_nonnull (info);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  parlor_server_set_seed (server, 2026);
  parlor_server_set_strength (server, 1);
  /* Slow enough that the match is still on when the player comes back. */
  parlor_server_set_ai_delay (server, 100);
  parlor_server_set_claim_minimum (server, 20);
  table_id = parlor_server_create_table (server, c->game_id, c->config, NULL, &error);
  g_assert_no_error (error);
  table = parlor_server_get_table (server, table_id);

  players[0] = player_new ("Stay", info, 1);
  players[1] = player_new ("Leaver", info, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (player_connect (players[i], port, NULL));
      parlor_client_join (players[i]->client, table_id);
      g_assert_true (net_test_wait (net_test_client_waiting, players[i]->client, 10000));
    }
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (net_test_client_playing, players[1]->client, 10000));
  g_assert_true (net_test_wait (has_event, players[1], 20000));

  /* The connection goes: a computer keeps the seat and the game goes on. */
  seat = parlor_client_get_seat (players[1]->client);
  g_assert_cmpint (seat, >=, 0);
  token = g_strdup (parlor_client_get_token (players[1]->client));
  watch.client = players[0]->client;
  watch.seat = seat;
  parlor_client_disconnect (players[1]->client);
  g_assert_true (net_test_wait (seat_replaced, &watch, 10000));
  g_assert_cmpstr (parlor_client_get_seat_replaced (players[0]->client, seat), ==, "Leaver");
  growth.table = table;
  growth.len = parlor_table_get_record (table)->len;
  g_assert_true (net_test_wait (record_grew, &growth, 30000));
  g_assert_false (parlor_table_is_over (table));

  /* Back with the token, in the same seat, and on to the end. */
  player_free (players[1]);
  players[1] = player_new ("Leaver", info, 3);
  g_assert_true (player_connect (players[1], port, token));
  g_assert_true (net_test_wait (seat_back, &watch, 10000));
  g_assert_cmpint (parlor_client_get_seat (players[1]->client), ==, seat);
  g_assert_nonnull (parlor_client_get_view (players[1]->client));
  g_assert_false (parlor_table_is_over (table));
  g_assert_true (net_test_wait (both_over, players, 120000));
  g_assert_true (parlor_table_is_over (table));
  g_assert_cmpuint (players[0]->errors + players[1]->errors, ==, 0);

  player_free (players[0]);
  player_free (players[1]);
}

int
main (int   argc,
      char *argv[])
{
  static const DropCase suzume = { "suzume", "seats=3" };
  static const DropCase mcr = { "mcr", "hands=1" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/net/suzume/drop-and-return", &suzume, test_drop_and_return);
  g_test_add_data_func ("/net/mcr/drop-and-return", &mcr, test_drop_and_return);
  return g_test_run ();
}
