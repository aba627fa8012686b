/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-net-manhattan"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-games.h"
#include "parlor-line.h"

/*
 * Hidden information over the wire with Manhattan: every byte each client
 * received during a full game, checked against the table's record.
 */

#define N_PLAYERS 3

typedef struct
{
  Player **players;
} Group;

static gboolean
all_over (gpointer data)
{
  Group *group = data;

  for (guint i = 0; i < N_PLAYERS; i++)
    if (group->players[i]->result == NULL)
      return FALSE;

  return TRUE;
}

static gboolean
audience_has (const char *audience,
              guint       seat)
{
  guint64 mask;

  if (g_str_equal (audience, "all"))
    return TRUE;
  g_assert_true (g_ascii_string_to_unsigned (audience, 16, 0, G_MAXUINT32, &mask, NULL));
  return (mask & (1u << seat)) != 0;
}

static void
test_hidden_information (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("manhattan");
  g_autoptr(ParlorServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = NULL;
  GHashTable *legit[4];
  Player *players[N_PLAYERS];
  Group group = { players };
  GPtrArray *record;
  guint16 port;
  const char *id;

  if (info == NULL)
    {
      g_test_skip ("Manhattan is not built");
      return;
    }

  server = parlor_server_new (parlor_games_lookup);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  parlor_server_set_seed (server, 2024);
  id = parlor_server_create_table (server, "manhattan", NULL, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("M%u", i);

      players[i] = player_new (name, info, 300 + i);
      g_assert_true (player_connect (players[i], port, NULL));
      parlor_client_join (players[i]->client, id);
      g_assert_true (net_test_wait (net_test_client_waiting, players[i]->client, 5000));
    }
  parlor_client_start (players[0]->client);
  g_assert_true (net_test_wait (all_over, &group, 60000));

  /* Replay the record: every view each seat could rightly see, and the
   * events each seat may see, in order. */
  record = parlor_table_get_record (parlor_server_get_table (server, id));
  events = parlor_event_array_new ();
  for (guint s = 0; s < 4; s++)
    legit[s] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      guint seat = parlor_client_get_seat (players[p]->client);
      GPtrArray *lines = players[p]->lines;
      guint next = 0;   /* index in lines of the next event to match */
      guint n_events = 0, n_views = 0, n_acks;

      g_clear_object (&game);
      for (guint s = 0; s < 4; s++)
        g_hash_table_remove_all (legit[s]);

      for (guint r = 0; r < record->len; r++)
        {
          g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, r), NULL);
          const char *type = parlor_line_get_type (line);

          if (g_str_equal (type, "game"))
            {
              game = info->new_game (parlor_line_get (line, "config"),
                                     g_ascii_strtoull (parlor_line_get (line, "seed"), NULL, 10),
                                     NULL);
              parlor_game_start (game, events);
              g_hash_table_add (legit[seat], parlor_game_view_for (game, seat));
            }
          else if (g_str_equal (type, "action"))
            {
              gint64 actor;

              g_assert_true (parlor_line_get_int (line, "seat", 0, 3, &actor, NULL));
              g_assert_true (parlor_game_apply (game, actor, parlor_line_get (line, "line"),
                                                events, NULL));
              g_hash_table_add (legit[seat], parlor_game_view_for (game, seat));
            }
          else if (g_str_equal (type, "event") &&
                   audience_has (parlor_line_get (line, "audience"), seat))
            {
              /* The next event this client received is exactly this one. */
              while (next < lines->len &&
                     !g_str_has_prefix (g_ptr_array_index (lines, next), "event "))
                next++;
              g_assert_cmpuint (next, <, lines->len);
              g_assert_cmpstr ((char *) g_ptr_array_index (lines, next) + strlen ("event "), ==,
                               parlor_line_get (line, "line"));
              next++;
              n_events++;
            }
        }
      /* …and no other event. */
      for (; next < lines->len; next++)
        g_assert_false (g_str_has_prefix (g_ptr_array_index (lines, next), "event "));

      for (guint i = 0; i < lines->len; i++)
        {
          const char *text = g_ptr_array_index (lines, i);

          if (g_str_has_prefix (text, "view "))
            {
              g_assert_true (g_hash_table_contains (legit[seat], text + strlen ("view ")));
              n_views++;
            }
          /* Another seat's cards or unrevealed blocks, in any line. */
          for (guint other = 0; other < 4; other++)
            {
              g_autofree char *cards = g_strdup_printf ("seat=%u cards=", other);
              g_autofree char *blocks = g_strdup_printf ("chosen seat=%u blocks=", other);

              if (other == seat)
                continue;
              if (strstr (text, cards) != NULL)
                g_assert_true (g_str_has_prefix (text, "event stuck "));
              if (strstr (text, blocks) != NULL)
                g_assert_nonnull (strstr (text, "forced=1"));
            }
        }
      g_assert_cmpuint (n_events, >, 50);
      g_assert_cmpuint (n_views, >, 50);

      /* A move's ack comes after the view and turn that show it. */
      n_acks = 0;
      for (guint i = 0; i < lines->len; i++)
        if (g_str_equal (g_ptr_array_index (lines, i), "ack"))
          {
            g_assert_cmpuint (i, >=, 2);
            g_assert_true (g_str_has_prefix (g_ptr_array_index (lines, i - 1), "turn "));
            g_assert_true (g_str_has_prefix (g_ptr_array_index (lines, i - 2), "view "));
            n_acks++;
          }
      g_assert_cmpuint (n_acks, >, 20);
    }

  for (guint s = 0; s < 4; s++)
    g_hash_table_unref (legit[s]);
  for (guint i = 0; i < N_PLAYERS; i++)
    g_assert_cmpstr (players[i]->result, ==, players[0]->result);
  for (guint i = 0; i < N_PLAYERS; i++)
    player_free (players[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/manhattan/hidden-information", test_hidden_information);

  return g_test_run ();
}
