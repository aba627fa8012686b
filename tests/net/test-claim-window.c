/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-net-claim-window"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

/*
 * No seat learns whether another seat could claim (docs/protocol.md,
 * "Prompts are private"). Bot tables of the three mahjong games are played to the end over TCP, and every line each client receives is
 * kept with the time it came. Replaying the server's record then tells, for
 * every discard, which seats could have claimed it (a legal answer other
 * than pass) and whether everyone let it go.
 *
 * For each client, the lines between a discard and the next event (their
 * types, the prompt kinds, what the view asks) are the same whether or not
 * another seat could have claimed; the discarder is the one the issue found
 * told. The clients answer the moment they are asked; no window waits for
 * its time limit (no `notice what=timeout`, no timed-out action in the
 * record, every window closes well within the limit), so with instant
 * answers the delay cannot tell the two cases apart either: neither waits
 * for anything but the answers, and, where the table has a least window
 * time, every window lasts it. The lines are the same with and without.
 */

#define CLAIM_LIMIT 60   /* seconds: a window that waited for it would show */
#define CLAIM_MINIMUM 40 /* ms: a short least window time (the server's default is longer) */

typedef struct
{
  Player     *player;      /* the lines, the connection */
  GArray     *times;       /* gint64, the arrival of each of player->lines */
  const char *turn_level;
  const char *claim_level;
  guint64     seed;
  guint       claim_delay;   /* ms a claim answer takes, as a player thinking */
  guint       later_id;
  char       *later;
  gboolean    acting;
} Bot;

static gboolean
bot_answer_later (gpointer data)
{
  Bot *bot = data;
  g_autofree char *action = g_steal_pointer (&bot->later);

  bot->later_id = 0;
  parlor_client_submit (bot->player->client, action);
  return G_SOURCE_REMOVE;
}

static void
bot_act (Bot *bot)
{
  ParlorClient *client = bot->player->client;
  const char *view = parlor_client_get_view (client);
  g_autofree char *action = NULL;
  gboolean claim = FALSE;

  if (bot->acting || view == NULL || parlor_client_get_seat (client) < 0 ||
      parlor_client_get_state (client) != PARLOR_CLIENT_PLAYING ||
      parlor_client_get_prompt (client, &claim, NULL) == 0)
    return;
  /* Turns well enough to reach ready hands; claims at random, so that some
   * that could be made are let go. */
  action = bot->player->info->ai_choose (claim ? bot->claim_level : bot->turn_level, view, bot->seed++,
                                         NULL, NULL);
  g_assert_nonnull (action);
  bot->acting = TRUE;
  if (claim && bot->claim_delay > 0)
    {
      bot->later = g_steal_pointer (&action);
      bot->later_id = g_timeout_add (bot->claim_delay, bot_answer_later, bot);
      return;
    }
  parlor_client_submit (client, action);
}

static void
on_turn (ParlorClient *client,
         guint         waiting,
         guint         ms,
         Bot          *bot)
{
  bot_act (bot);
}

static void
on_done (ParlorClient *client,
         Bot          *bot)
{
  bot->acting = FALSE;
  bot_act (bot);
}

static void
on_rejected (ParlorClient *client,
             const GError *error,
             Bot          *bot)
{
  g_error ("a bot's move was refused: %s", error->message);
}

/* Connected after the Player's own handler: the line is already kept. */
static void
on_line (ParlorClient *client,
         const char   *text,
         Bot          *bot)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (bot->times, now);
  g_assert_cmpuint (bot->times->len, ==, bot->player->lines->len);
}

static Bot *
bot_new (const ParlorGameInfo *info,
         guint                 index,
         guint64               seed)
{
  Bot *bot = g_new0 (Bot, 1);
  g_autofree char *name = g_strdup_printf ("Bot %u", index);

  bot->player = player_new (name, info, seed);
  bot->player->passive = TRUE;   /* we act, below */
  bot->times = g_array_new (FALSE, FALSE, sizeof (gint64));
  /* Chinese Official has no random level: its first lets many claims go. */
  bot->turn_level = g_str_equal (info->id, "mcr") ? "2" : "normal";
  bot->claim_level = g_str_equal (info->id, "mcr") ? "1" : "random";
  bot->seed = seed;
  g_signal_connect (bot->player->client, "turn", G_CALLBACK (on_turn), bot);
  g_signal_connect (bot->player->client, "ack", G_CALLBACK (on_done), bot);
  g_signal_connect (bot->player->client, "rejected", G_CALLBACK (on_rejected), bot);
  g_signal_connect (bot->player->client, "line-received", G_CALLBACK (on_line), bot);
  return bot;
}

static void
bot_free (Bot *bot)
{
  g_clear_handle_id (&bot->later_id, g_source_remove);
  g_free (bot->later);
  g_signal_handlers_disconnect_by_data (bot->player->client, bot);
  player_free (bot->player);
  g_array_unref (bot->times);
  g_free (bot);
}

typedef struct
{
  int      discarder;
  guint32  could_claim;   /* seats with a legal answer other than pass */
  char    *next_event;    /* type of the first event after the window, NULL while open */
} Window;

static void
window_clear (Window *w)
{
  g_free (w->next_event);
}

/* Every discard of the record: who could claim it and what came next. */
static GArray *
read_windows (const ParlorGameInfo *info,
              GPtrArray            *record)
{
  GArray *windows = g_array_new (FALSE, TRUE, sizeof (Window));
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  int open = -1;
  gboolean discard_seen = FALSE;   /* the open window's own discard event */

  g_array_set_clear_func (windows, (GDestroyNotify) window_clear);
  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) r = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *type;

      g_assert_nonnull (r);
      type = parlor_line_get_type (r);
      if (g_str_equal (type, "game"))
        {
          g_autoptr(GError) error = NULL;

          g_assert_null (game);
          /* Recorded at the game's version, which asks seats with nothing to claim (2 on). */
          g_assert_cmpuint (g_ascii_strtoull (parlor_line_get (r, "version"), NULL, 10), ==,
                            info->replay_version);
          g_assert_cmpuint (info->replay_version, >=, 2);
          game = info->new_game (parlor_line_get (r, "config"),
                                 g_ascii_strtoull (parlor_line_get (r, "seed"), NULL, 10), &error);
          g_assert_no_error (error);
          parlor_game_start (game, events);
        }
      else if (g_str_equal (type, "action"))
        {
          g_autoptr(ParlorLine) action = parlor_line_parse (parlor_line_get (r, "line"), NULL);
          g_autoptr(GError) error = NULL;
          gint64 seat;

          g_assert_false (parlor_line_has (r, "timeout"));
          g_assert_true (parlor_line_get_int (r, "seat", 0, 7, &seat, NULL));
          g_assert_true (parlor_game_apply (game, (guint) seat, parlor_line_get (r, "line"),
                                            events, &error));
          g_assert_no_error (error);
          if (g_str_equal (parlor_line_get_type (action), "discard"))
            {
              Window w = { (int) seat, 0, NULL };

              for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
                {
                  g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

                  if ((int) s != seat)
                    g_assert_cmpint (parlor_game_get_prompt_kind (game, s), ==,
                                     PARLOR_PROMPT_CLAIM);
                  if ((int) s != seat)
                    g_assert_true (parlor_game_is_waiting_for (game, s));
                  if (parlor_game_is_waiting_for (game, s) && automatic == NULL &&
                      parlor_game_get_prompt_kind (game, s) == PARLOR_PROMPT_CLAIM)
                    w.could_claim |= 1u << s;
                }
              g_array_append_val (windows, w);
              open = (int) windows->len - 1;
              discard_seen = FALSE;
            }
        }
      else if (g_str_equal (type, "event") && open >= 0 && !discard_seen)
        discard_seen = TRUE;
      else if (g_str_equal (type, "event") && open >= 0)
        {
          g_autoptr(ParlorLine) event = parlor_line_parse (parlor_line_get (r, "line"), NULL);

          /* Chinese Official tells a seat its own answer was taken. */
          if (g_str_equal (parlor_line_get_type (event), "answered"))
            continue;
          g_array_index (windows, Window, open).next_event = g_strdup (parlor_line_get_type (event));
          open = -1;
        }
    }
  return windows;
}

/* A received line as what the comparison looks at: its type, a prompt's
 * kind, what a view asks and whether it names a claimed tile. */
static void
append_shape (GString    *out,
              const char *text)
{
  g_autoptr(ParlorLine) line = NULL;
  const char *space = strchr (text, ' ');
  g_autofree char *type = space != NULL ? g_strndup (text, space - text) : g_strdup (text);

  g_string_append (out, type);
  if (g_str_equal (type, "turn"))
    {
      line = parlor_line_parse (text, NULL);
      g_string_append_printf (out, "(%s)", g_strcmp0 (parlor_line_get (line, "serial"), "0") == 0
                                           ? "none" : parlor_line_get (line, "kind"));
    }
  else if (g_str_equal (type, "view"))
    {
      line = parlor_line_parse (space + 1, NULL);
      g_string_append_printf (out, "(ask=%s", parlor_line_has (line, "ask")
                                              ? parlor_line_get (line, "ask") : "none");
      if (parlor_line_has (line, "claim"))
        g_string_append (out, g_str_equal (parlor_line_get (line, "claim"), "-") ? " claim=-"
                                                                                 : " claim=tile");
      g_string_append_c (out, ')');
    }
  else if (g_str_equal (type, "event"))
    g_string_append (out, "(answered)");
  else if (g_str_equal (type, "notice"))
    g_assert_null (strstr (text, "what=timeout"));
  g_string_append_c (out, ' ');
}

typedef struct
{
  /* "role next-event" → shape → count, for windows another seat could and could not claim */
  GHashTable *shapes[2];
  guint       n[2][2];        /* [discarder?][another could claim?] */
} Tally;

static void
tally_add (Tally      *tally,
           const char *key,
           int         could,
           const char *shape)
{
  GHashTable *group = g_hash_table_lookup (tally->shapes[could], key);

  if (group == NULL)
    {
      group = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (tally->shapes[could], g_strdup (key), group);
    }
  g_hash_table_add (group, g_strdup (shape));
}

/* What each client saw of each window nobody took and it could not claim itself. */
static void
tally_client (Tally  *tally,
              Bot    *bot,
              GArray *windows,
              guint   minimum)
{
  GPtrArray *lines = bot->player->lines;
  int seat = parlor_client_get_seat (bot->player->client);
  guint k = 0;

  g_assert_cmpint (seat, >=, 0);
  for (guint i = 0; i < lines->len; i++)
    {
      const char *text = g_ptr_array_index (lines, i);
      g_autoptr(GString) shape = g_string_new (NULL);
      g_autofree char *key = NULL;
      Window *w;
      guint j;
      gboolean discarder, could;

      if (!g_str_has_prefix (text, "event discard "))
        continue;
      g_assert_cmpuint (k, <, windows->len);
      w = &g_array_index (windows, Window, k++);
      for (j = i + 1; j < lines->len && (!g_str_has_prefix (lines->pdata[j], "event ") ||
                                          g_str_has_prefix (lines->pdata[j], "event answered "));
           j++)
        append_shape (shape, lines->pdata[j]);
      if (j == lines->len)
        continue;   /* the last discard of the match: the event is "over" */
      /* No window waited for its time limit; each lasted its least time
       * (less what the discard's line may have been held up). */
      g_assert_cmpint (g_array_index (bot->times, gint64, j) - g_array_index (bot->times, gint64, i),
                       <, CLAIM_LIMIT / 2 * G_USEC_PER_SEC);
      g_assert_cmpint (g_array_index (bot->times, gint64, j) - g_array_index (bot->times, gint64, i),
                       >=, minimum / 2 * 1000);
      if (w->next_event == NULL || (!g_str_equal (w->next_event, "draw") &&
                                    !g_str_equal (w->next_event, "exhausted")))
        continue;   /* claimed: that shows, as at any table */
      if (w->could_claim & (1u << seat))
        continue;   /* its own prompt is its own business */
      discarder = w->discarder == seat;
      could = (w->could_claim & ~(1u << seat)) != 0;
      key = g_strdup_printf ("%s, then %s", discarder ? "discarder" : "other seat", w->next_event);
      tally_add (tally, key, could, shape->str);
      tally->n[discarder][could]++;
    }
  g_assert_cmpuint (k, ==, windows->len);
}

typedef struct
{
  Bot  **bots;
  guint  n;
} Bots;

static gboolean
all_over (gpointer data)
{
  Bots *b = data;

  for (guint i = 0; i < b->n; i++)
    if (b->bots[i]->player->result == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
seated (gpointer client)
{
  return net_test_client_waiting (client) || net_test_client_playing (client) ||
         parlor_client_get_result (client) != NULL;
}

/* One table: @n_bots clients, the other seats computer players on the server. */
static void
play_table (const char *game_id,
            const char *config,
            guint       n_bots,
            guint64     seed,
            guint       minimum,
            Tally      *tally)
{
  const ParlorGameInfo *info = parlor_games_lookup (game_id);
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(ParlorTable) table = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) windows = NULL;
  Bot *bots[8];
  Bots all = { bots, n_bots };
  /* A client of this process answers within the server's main-loop turn;
   * a player who thinks (or a client far away) answers later, while the
   * table answers for the seats with nothing to claim. */
  guint claim_delay = g_str_equal (game_id, "mcr") ? 3 : 0;
  const char *table_id;
  guint16 port;

  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  parlor_server_set_seed (server, seed);
  parlor_server_set_strength (server, 0);   /* random: it lets some claims go */
  parlor_server_set_time_limit (server, CLAIM_LIMIT);
  parlor_server_set_claim_time_limit (server, CLAIM_LIMIT);
  parlor_server_set_claim_minimum (server, minimum);
  table_id = parlor_server_create_table (server, game_id, config, NULL, &error);
  g_assert_no_error (error);
  table = g_object_ref (parlor_server_get_table (server, table_id));

  for (guint i = 0; i < n_bots; i++)
    {
      bots[i] = bot_new (info, i, seed * 16 + i);
      bots[i]->claim_delay = claim_delay;
      g_assert_true (player_connect (bots[i]->player, port, NULL));
      parlor_client_join (bots[i]->player->client, table_id);
      g_assert_true (net_test_wait (seated, bots[i]->player->client, 10000));
    }
  /* A full table starts by itself; else computer players take the rest. */
  if (!parlor_table_is_started (table))
    {
      g_assert_true (parlor_server_start_table (server, table_id, &error));
      g_assert_no_error (error);
    }
  /* Players over the network: the server's least window time. */
  g_assert_cmpuint (parlor_table_get_claim_minimum (table), ==, minimum);
  g_assert_true (net_test_wait (all_over, &all, 120000));

  windows = read_windows (info, parlor_table_get_record (table));
  g_assert_cmpuint (windows->len, >, 0);
  /* The record, the table's passes included, plays back exactly. */
  {
    GPtrArray *record = parlor_table_get_record (table);
    g_autoptr(GString) text = g_string_new (NULL);
    guint n_games = 0;

    for (guint i = 0; i < record->len; i++)
      g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (record, i));
    g_assert_true (parlor_replay_verify (text->str, parlor_games_lookup, &n_games, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_games, ==, 1);
  }
  for (guint i = 0; i < n_bots; i++)
    {
      tally_client (tally, bots[i], windows, minimum);
      bot_free (bots[i]);
    }
  parlor_server_stop (server);
}

static void
assert_same_shapes (Tally *tally)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, tally->shapes[1]);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GHashTable *could = value;
      GHashTable *could_not = g_hash_table_lookup (tally->shapes[0], key);
      GHashTableIter shapes;
      gpointer shape;

      /* A kind of window seen only when someone could claim would tell;
       * every ordinary one (a discard, then the draw) has both. */
      g_assert_nonnull (could_not);
      g_test_message ("%s: %u shapes when another seat could claim, %u when none could",
                      (char *) key, g_hash_table_size (could), g_hash_table_size (could_not));
      g_hash_table_iter_init (&shapes, could);
      while (g_hash_table_iter_next (&shapes, &shape, NULL))
        {
          if (!g_hash_table_contains (could_not, shape))
            g_error ("%s: “%s” comes only when another seat could claim", (char *) key,
                     (char *) shape);
        }
      g_hash_table_iter_init (&shapes, could_not);
      while (g_hash_table_iter_next (&shapes, &shape, NULL))
        {
          if (!g_hash_table_contains (could, shape))
            g_error ("%s: “%s” comes only when no other seat could claim", (char *) key,
                     (char *) shape);
        }
    }
}

static void
tally_init (Tally *tally)
{
  memset (tally, 0, sizeof *tally);
  for (guint c = 0; c < 2; c++)
    tally->shapes[c] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_hash_table_unref);
}

static void
tally_clear (Tally *tally)
{
  for (guint c = 0; c < 2; c++)
    g_hash_table_unref (tally->shapes[c]);
}

static void
test_jihai (void)
{
  Tally tally;

  tally_init (&tally);
  /* Two clients; then a client against a computer player on the server,
   * which answers from its thread when it could claim. */
  for (guint64 seed = 1; seed <= 3; seed++)
    play_table ("jihai", "first=random", 2, seed, 0, &tally);
  for (guint64 seed = 4; seed <= 6; seed++)
    play_table ("jihai", "first=random", 1, seed, 0, &tally);
  play_table ("jihai", "first=random", 1, 7, CLAIM_MINIMUM, &tally);
  g_test_message ("discarder: %u windows another seat could claim, %u none could",
                  tally.n[1][1], tally.n[1][0]);
  /* Both cases are there to compare: the discarder was the one told. */
  g_assert_cmpuint (tally.n[1][1], >, 0);
  g_assert_cmpuint (tally.n[1][0], >, 0);
  assert_same_shapes (&tally);
  tally_clear (&tally);
}

static void
test_suzume (void)
{
  Tally tally;

  tally_init (&tally);
  /* Four clients; then three and a computer player on the server. */
  for (guint64 seed = 1; seed <= 3; seed++)
    play_table ("suzume", "seats=4 deals=1", 4, seed, 0, &tally);
  for (guint64 seed = 4; seed <= 5; seed++)
    play_table ("suzume", "seats=4 deals=1", 3, seed, 0, &tally);
  play_table ("suzume", "seats=4 deals=1", 3, 6, CLAIM_MINIMUM, &tally);
  g_test_message ("discarder: %u windows another seat could claim, %u none could; "
                  "other seats: %u, %u", tally.n[1][1], tally.n[1][0], tally.n[0][1],
                  tally.n[0][0]);
  /* Every seat but the one that could ron was told it could, before. */
  for (guint d = 0; d < 2; d++)
    {
      g_assert_cmpuint (tally.n[d][1], >, 0);
      g_assert_cmpuint (tally.n[d][0], >, 0);
    }
  assert_same_shapes (&tally);
  tally_clear (&tally);
}

static void
test_mcr (void)
{
  Tally tally;

  tally_init (&tally);
  /* Four clients; then three and a computer player on the server. */
  for (guint64 seed = 1; seed <= 2; seed++)
    play_table ("mcr", "hands=1", 4, seed, 0, &tally);
  for (guint64 seed = 3; seed <= 4; seed++)
    play_table ("mcr", "hands=1", 3, seed, 0, &tally);
  play_table ("mcr", "hands=1", 3, 5, CLAIM_MINIMUM, &tally);
  g_test_message ("discarder: %u windows another seat could claim, %u none could; "
                  "other seats: %u, %u", tally.n[1][1], tally.n[1][0], tally.n[0][1],
                  tally.n[0][0]);
  for (guint d = 0; d < 2; d++)
    {
      g_assert_cmpuint (tally.n[d][1], >, 0);
      g_assert_cmpuint (tally.n[d][0], >, 0);
    }
  assert_same_shapes (&tally);
  tally_clear (&tally);
}

/* The host alone against the computer: no least window time. */
static void
test_host_alone (void)
{
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(GError) error = NULL;
  const char *table_id;
  ParlorTable *table;

  parlor_server_set_claim_minimum (server, 500);
  table_id = parlor_server_create_table (server, "mcr", "hands=1", "Host", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_no_error (error);
  table = parlor_server_get_table (server, table_id);
  g_assert_true (parlor_table_is_started (table));
  g_assert_cmpuint (parlor_table_get_claim_minimum (table), ==, 0);
  parlor_server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/claim-window/jihai", test_jihai);
  g_test_add_func ("/net/claim-window/suzume", test_suzume);
  g_test_add_func ("/net/claim-window/mcr", test_mcr);
  g_test_add_func ("/net/claim-window/host-alone", test_host_alone);
  return g_test_run ();
}
