/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-prompt"

#include "config.h"

#include <string.h>

#include "claim-game.h"
#include "net-test-util.h"
#include "parlor-line.h"

/*
 * Private prompts over loopback with the core tests' claim game: two real
 * clients (raw connections, every byte recorded) and a computer player.
 * A seat learns only its own prompt; another seat's answer sends it
 * nothing; a claim window has its own time limit and a timed-out claim
 * passes; an answer to a closed prompt is refused as stale.
 */

#define TURN_LIMIT 30
#define CLAIM_LIMIT 3

static const ParlorGameInfo *
lookup (const char *id)
{
  return g_strcmp0 (id, "claim") == 0 ? &claim_game_info : NULL;
}

typedef struct
{
  RawConn *raw;
  guint    read;      /* lines handled */
  int      seat;
  guint    serial;    /* open prompt, 0 none */
  gboolean claim;
  gint64   ms;
  char    *hand;
} Seat;

static ParlorLine *
line_at (Seat  *seat,
         guint  index)
{
  const char *text = g_ptr_array_index (seat->raw->lines, index);
  ParlorLine *line;

  if (g_str_has_prefix (text, "view "))
    text += strlen ("view ");
  line = parlor_line_parse (text, NULL);
  g_assert_nonnull (line);

  return line;
}

/* Reads what arrived: the prompt and the hand. */
static void
seat_update (Seat *seat)
{
  for (; seat->read < seat->raw->lines->len; seat->read++)
    {
      const char *text = g_ptr_array_index (seat->raw->lines, seat->read);
      g_autoptr(ParlorLine) line = NULL;

      if (g_str_has_prefix (text, "turn "))
        {
          gint64 serial = 0;

          line = line_at (seat, seat->read);
          g_assert_true (parlor_line_get_int (line, "serial", 0, G_MAXUINT32, &serial, NULL));
          /* Never a mask of other seats. */
          g_assert_false (parlor_line_has (line, "seats"));
          seat->serial = serial;
          seat->claim = g_strcmp0 (parlor_line_get (line, "kind"), "claim") == 0;
          seat->ms = 0;
          if (serial != 0)
            g_assert_true (parlor_line_get_int (line, "ms", 0, G_MAXINT32, &seat->ms, NULL));
        }
      else if (g_str_has_prefix (text, "view "))
        {
          line = line_at (seat, seat->read);
          g_free (seat->hand);
          seat->hand = g_strdup (parlor_line_get (line, "hand"));
        }
      else if (g_str_has_prefix (text, "start "))
        {
          gint64 value;

          line = line_at (seat, seat->read);
          g_assert_true (parlor_line_get_int (line, "seat", 0, 2, &value, NULL));
          seat->seat = value;
          g_assert_true (parlor_line_get_int (line, "time-limit", 0, 100, &value, NULL));
          g_assert_cmpint (value, ==, TURN_LIMIT);
          g_assert_true (parlor_line_get_int (line, "claim-limit", 0, 100, &value, NULL));
          g_assert_cmpint (value, ==, CLAIM_LIMIT);
        }
      else if (g_str_has_prefix (text, "error"))
        g_error ("unexpected %s", text);
    }
}

typedef struct
{
  Seat *a;
  Seat *b;
} Pair;

static gboolean
pair_window (gpointer data)
{
  Pair *pair = data;

  seat_update (pair->a);
  seat_update (pair->b);
  return (pair->a->serial != 0 && pair->a->claim && pair->b->serial != 0 && pair->b->claim) ||
         pair->a->raw->closed || pair->b->raw->closed;
}

static gboolean
pair_moved (gpointer data)
{
  Pair *pair = data;

  seat_update (pair->a);
  seat_update (pair->b);
  return (pair->a->serial != 0 && !pair->a->claim) || (pair->b->serial != 0 && !pair->b->claim) ||
         (pair->a->serial != 0 && pair->a->claim) != (pair->b->serial != 0 && pair->b->claim) ||
         pair_window (data);
}

static void
answer (Seat       *seat,
        const char *move)
{
  g_autofree char *text = g_strdup_printf ("action serial=%u %s\n", seat->serial, move);

  raw_conn_send (seat->raw, text, -1);
  seat->serial = 0;
}

/* Plays the humans' own turns and the windows only one of them is in,
 * until both are asked to claim the same discard. */
static void
play_until_shared_window (Pair *pair)
{
  for (guint step = 0; step < 100; step++)
    {
      g_assert_true (net_test_wait (pair_moved, pair, 10000));
      if (pair_window (pair))
        return;
      for (guint i = 0; i < 2; i++)
        {
          Seat *seat = i == 0 ? pair->a : pair->b;

          if (seat->serial == 0)
            continue;
          if (seat->claim)
            answer (seat, "pass");
          else
            {
              g_autofree char *move = NULL;

              g_assert_nonnull (seat->hand);
              move = g_strdup_printf ("discard value=%c", seat->hand[0]);
              answer (seat, move);
            }
        }
    }
  g_assert_not_reached ();
}

static int
wait_prefix (Seat       *seat,
             guint       from,
             const char *prefix)
{
  return raw_conn_wait_line (seat->raw, from, prefix, 10000);
}

static void
on_log (ParlorServer *server,
        const char   *table_id,
        const char   *message,
        guint        *n_timeouts)
{
  if (strstr (message, "ran out of time") != NULL)
    (*n_timeouts)++;
}

static void
test_private_prompts (void)
{
  g_autoptr(ParlorServer) server = parlor_server_new (lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) raw_a = NULL;
  g_autoptr(RawConn) raw_b = NULL;
  Seat a = { 0 }, b = { 0 };
  Pair pair = { &a, &b };
  guint16 port = 0;
  guint from_a, from_b, stale_serial;
  guint n_logged_timeouts = 0;
  int at;

  parlor_server_set_allow_create (server, TRUE);
  parlor_server_set_default_game (server, "claim");
  parlor_server_set_seed (server, 7);
  parlor_server_set_time_limit (server, TURN_LIMIT);
  parlor_server_set_claim_time_limit (server, CLAIM_LIMIT);
  parlor_server_set_strength (server, 0); /* passive: never claims */
  g_signal_connect (server, "log", G_CALLBACK (on_log), &n_logged_timeouts);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);

  a.raw = raw_a = raw_conn_new (port);
  b.raw = raw_b = raw_conn_new (port);
  raw_conn_hello (raw_a, "Ann");
  raw_conn_hello (raw_b, "Bob");
  raw_conn_send (raw_a, "create\n", -1);
  g_assert_cmpint (wait_prefix (&a, 0, "joined"), >=, 0);
  raw_conn_send (raw_b, "join\n", -1);
  g_assert_cmpint (wait_prefix (&b, 0, "joined"), >=, 0);
  /* Two players, three seats: the owner starts with a computer player. */
  raw_conn_send (raw_a, "start\n", -1);
  g_assert_cmpint (wait_prefix (&a, 0, "start "), >=, 0);
  g_assert_cmpint (wait_prefix (&b, 0, "start "), >=, 0);

  play_until_shared_window (&pair);
  g_assert_cmpint (a.ms, <=, CLAIM_LIMIT * 1000);
  g_assert_cmpint (b.ms, <=, CLAIM_LIMIT * 1000);
  g_assert_cmpint (a.ms, >, 0);

  /* Bob answers first: Ann hears nothing of it (her next line is the
   * answer to her ping). */
  from_a = raw_a->lines->len;
  from_b = raw_b->lines->len;
  answer (&b, "pass");
  g_assert_cmpint (wait_prefix (&b, from_b, "ack"), >=, 0);
  raw_conn_send (raw_a, "ping id=barrier\n", -1);
  at = wait_prefix (&a, from_a, "pong id=barrier");
  g_assert_cmpint (at, ==, (int) from_a);

  /* Ann does not answer: the claim window's own limit (3 s, not 30) runs
   * out, the timer passes for her, and only she is told. */
  stale_serial = a.serial;
  at = wait_prefix (&a, from_a, "notice what=timeout");
  g_assert_cmpint (at, >=, 0);
  for (guint i = from_b; i < raw_b->lines->len; i++)
    g_assert_false (g_str_has_prefix (g_ptr_array_index (raw_b->lines, i), "notice what=timeout"));
  /* Nor does the host's log say that Ann was in a claim window. */
  g_assert_cmpuint (n_logged_timeouts, ==, 0);

  /* Her late answer is refused and changes nothing. */
  from_a = raw_a->lines->len;
  {
    g_autofree char *late = g_strdup_printf ("action serial=%u pass\n", stale_serial);

    raw_conn_send (raw_a, late, -1);
  }
  at = wait_prefix (&a, from_a, "error code=stale");
  g_assert_cmpint (at, >=, 0);
  raw_conn_send (raw_a, "ping id=after\n", -1);
  g_assert_cmpint (wait_prefix (&a, from_a, "pong id=after"), ==, at + 1);

  /* A malformed serial is a syntax error. */
  raw_conn_send (raw_a, "action serial=x pass\n", -1);
  g_assert_cmpint (wait_prefix (&a, from_a, "error code=syntax"), >, at);

  g_free (a.hand);
  g_free (b.hand);
}

/*
 * Whether another seat could claim never shows in a seat's bytes: the same
 * game twice, Ann's hand and moves the same, Bob holding the card Ann
 * discards (he could win it) or not. Ann's lines up to the next draw are
 * the same, but for her token and the times left.
 */
typedef struct
{
  ParlorServer *server;
  RawConn      *ann;
  RawConn      *bob;
  int           ann_seat;
  int           bob_seat;
} Game;

static void
game_open (Game       *game,
           guint64     seed,
           const char *deck)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorLine) start = NULL;
  g_autofree char *create = NULL;
  guint16 port = 0;
  gint64 seat;
  int at;

  game->server = parlor_server_new (lookup);
  parlor_server_set_allow_create (game->server, TRUE);
  parlor_server_set_default_game (game->server, "claim");
  parlor_server_set_seed (game->server, seed);
  parlor_server_set_time_limit (game->server, TURN_LIMIT);
  parlor_server_set_claim_time_limit (game->server, TURN_LIMIT);
  parlor_server_set_strength (game->server, 0);
  g_assert_true (parlor_server_listen (game->server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  game->ann = raw_conn_new (port);
  game->bob = raw_conn_new (port);
  raw_conn_hello (game->ann, "Ann");
  raw_conn_hello (game->bob, "Bob");
  create = g_strdup_printf ("create config=deck%%3D%s\n", deck);
  raw_conn_send (game->ann, create, -1);
  g_assert_cmpint (raw_conn_wait_line (game->ann, 0, "joined", 10000), >=, 0);
  raw_conn_send (game->bob, "join\n", -1);
  g_assert_cmpint (raw_conn_wait_line (game->bob, 0, "joined", 10000), >=, 0);
  raw_conn_send (game->ann, "start\n", -1);
  at = raw_conn_wait_line (game->ann, 0, "start ", 10000);
  g_assert_cmpint (at, >=, 0);
  start = parlor_line_parse (g_ptr_array_index (game->ann->lines, at), NULL);
  g_assert_true (parlor_line_get_int (start, "seat", 0, 2, &seat, NULL));
  game->ann_seat = seat;
  at = raw_conn_wait_line (game->bob, 0, "start ", 10000);
  g_assert_cmpint (at, >=, 0);
  g_clear_pointer (&start, parlor_line_free);
  start = parlor_line_parse (g_ptr_array_index (game->bob->lines, at), NULL);
  g_assert_true (parlor_line_get_int (start, "seat", 0, 2, &seat, NULL));
  game->bob_seat = seat;
}

static void
game_close (Game *game)
{
  raw_conn_free (game->ann);
  raw_conn_free (game->bob);
  parlor_server_stop (game->server);
  g_object_unref (game->server);
}

static guint
open_serial (RawConn    *raw,
             const char *kind)
{
  g_autofree char *prefix = g_strdup_printf ("turn serial=");
  int at = -1;

  for (guint from = 0;;)
    {
      g_autoptr(ParlorLine) line = NULL;
      gint64 serial;

      at = raw_conn_wait_line (raw, from, prefix, 10000);
      g_assert_cmpint (at, >=, 0);
      line = parlor_line_parse (g_ptr_array_index (raw->lines, at), NULL);
      g_assert_true (parlor_line_get_int (line, "serial", 0, G_MAXUINT32, &serial, NULL));
      if (serial != 0 && g_strcmp0 (parlor_line_get (line, "kind"), kind) == 0)
        return serial;
      from = at + 1;
    }
}

/* Ann's lines, with what differs by chance (her token, times left) blanked. */
static char *
transcript (RawConn *raw,
            guint    until)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GRegex) token = g_regex_new (" token=[0-9a-f]+", 0, 0, NULL);
  g_autoptr(GRegex) ms = g_regex_new (" ms=[0-9]+", 0, 0, NULL);

  for (guint i = 0; i <= until; i++)
    {
      g_autofree char *a = g_regex_replace_literal (token, g_ptr_array_index (raw->lines, i), -1, 0,
                                                    " token=T", 0, NULL);
      g_autofree char *b = g_regex_replace_literal (ms, a, -1, 0, " ms=M", 0, NULL);

      g_string_append (text, b);
      g_string_append_c (text, '\n');
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Bob's view in the window: the first after the discard. */
static char *
window_view (RawConn *raw)
{
  int at = raw_conn_wait_line (raw, 0, "event discard ", 10000);

  g_assert_cmpint (at, >=, 0);
  at = raw_conn_wait_line (raw, at, "view ", 10000);
  g_assert_cmpint (at, >=, 0);
  g_assert_nonnull (strstr (g_ptr_array_index (raw->lines, at), " can="));
  return g_strdup (strstr (g_ptr_array_index (raw->lines, at), " can="));
}

static char *
play_first_window (guint64     seed,
                   const char *deck,
                   gboolean    bob_can,
                   char      **bob_view)
{
  Game game = { 0 };
  g_autofree char *discard = NULL;
  g_autofree char *pass = NULL;
  g_autofree char *draw = NULL;
  guint serial;
  int at;
  char *text;

  game_open (&game, seed, deck);
  g_assert_cmpint (game.ann_seat, ==, 0);
  serial = open_serial (game.ann, "turn");
  discard = g_strdup_printf ("action serial=%u discard value=0\n", serial);
  raw_conn_send (game.ann, discard, -1);

  /* Bob is asked only when he may claim; he passes. Else the table passes
   * for him at once and he gets no prompt. */
  if (bob_can)
    {
      serial = open_serial (game.bob, "claim");
      pass = g_strdup_printf ("action serial=%u pass\n", serial);
      raw_conn_send (game.bob, pass, -1);
    }
  *bob_view = window_view (game.bob);

  /* Up to the next seat's draw, which follows once everyone answered. */
  draw = g_strdup_printf ("event draw seat=%d", 1);
  at = raw_conn_wait_line (game.ann, 0, draw, 10000);
  g_assert_cmpint (at, >=, 0);
  /* …and the view that shows it (the computer's next move, thought on
   * another thread, comes in a later main-loop turn). */
  at = raw_conn_wait_line (game.ann, at, "view ", 10000);
  g_assert_cmpint (at, >=, 0);
  text = transcript (game.ann, at);
  if (!bob_can)
    for (guint i = 0; i < game.bob->lines->len; i++)
      g_assert_null (strstr (g_ptr_array_index (game.bob->lines, i), "kind=claim"));
  game_close (&game);

  return text;
}

static void
test_could_claim_does_not_show (void)
{
  g_autofree char *with = NULL;
  g_autofree char *without = NULL;
  g_autofree char *bob_with = NULL;
  g_autofree char *bob_without = NULL;
  g_autofree char *deck_with = NULL;
  g_autofree char *deck_without = NULL;
  guint64 seed = 0;

  /* A seed that seats Ann first (seats are drawn from it, not the deck). */
  for (guint64 s = 1; s < 100 && seed == 0; s++)
    {
      Game probe = { 0 };

      game_open (&probe, s, "0,0,1,1,2,2,3,3,4,4,5,5");
      if (probe.ann_seat == 0)
        seed = s;
      game_close (&probe);
    }
  g_assert_cmpuint (seed, !=, 0);

  /* Dealt in turn: seat s gets cards s and s+3; seat 0 then draws card 6.
   * Ann: 0, 1, draws 2, discards 0. Bob holds the other 0, or the computer
   * does (it never claims). */
  {
    Game probe = { 0 };
    int bob;

    game_open (&probe, seed, "0,0,1,1,2,2,3,3,4,4,5,5");
    bob = probe.bob_seat;
    game_close (&probe);
    deck_with = g_strdup_printf (bob == 1 ? "0,0,3,1,5,4,2,1,2,3,4,5" : "0,3,0,1,4,5,2,1,2,3,4,5");
    deck_without = g_strdup_printf (bob == 1 ? "0,3,0,1,5,4,2,1,2,3,4,5" : "0,0,3,1,4,5,2,1,2,3,4,5");
  }

  with = play_first_window (seed, deck_with, TRUE, &bob_with);
  without = play_first_window (seed, deck_without, FALSE, &bob_without);
  /* Bob's chances did differ… */
  g_assert_cmpstr (bob_with, !=, bob_without);
  g_assert_nonnull (strstr (bob_with, "win"));
  /* …and Ann cannot tell. */
  g_assert_cmpstr (with, ==, without);
}

/* A table config may ask for a seat count within the game's bounds. */
static void
test_seat_count (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(RawConn) raw = raw_conn_new (port);
  g_autoptr(ParlorLine) joined = NULL;
  int at;

  g_assert_nonnull (server);
  raw_conn_hello (raw, "Ann");
  raw_conn_send (raw, "create config=seats%3D5\n", -1);
  g_assert_cmpint (raw_conn_wait_line (raw, 0, "error code=bad-game", 10000), >=, 0);
  raw_conn_send (raw, "create config=seats%3D1\n", -1);
  g_assert_cmpint (raw_conn_wait_line (raw, 2, "error code=bad-game", 10000), >=, 0);
  raw_conn_send (raw, "create config=seats%3D3\n", -1);
  at = raw_conn_wait_line (raw, 0, "joined", 10000);
  g_assert_cmpint (at, >=, 0);
  joined = parlor_line_parse (g_ptr_array_index (raw->lines, at), NULL);
  g_assert_cmpstr (parlor_line_get (joined, "seats"), ==, "3");
}

/* A computer keeping a dropped player's seat says whose it is and plays at
 * the host's strength. */
static void
test_dropped_seat (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = parlor_server_new (lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) ann = NULL;
  RawConn *bob;
  g_autoptr(ParlorLine) start = NULL;
  g_autofree char *expect = NULL;
  ParlorTable *table;
  const char *id;
  gint64 bob_seat;
  int at;

  parlor_server_set_strength (server, 3);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  id = parlor_server_create_table (server, "claim", NULL, NULL, &error);
  g_assert_no_error (error);
  ann = raw_conn_new (port);
  bob = raw_conn_new (port);
  raw_conn_hello (ann, "Ann");
  raw_conn_send (ann, "join\n", -1);
  g_assert_cmpint (raw_conn_wait_line (ann, 0, "joined", 10000), >=, 0);
  raw_conn_hello (bob, "Bob");
  raw_conn_send (bob, "join\n", -1);
  g_assert_cmpint (raw_conn_wait_line (bob, 0, "joined", 10000), >=, 0);
  /* The first to join owns the table and starts it with a computer. */
  raw_conn_send (ann, "start\n", -1);
  at = raw_conn_wait_line (bob, 0, "start ", 10000);
  g_assert_cmpint (at, >=, 0);
  start = parlor_line_parse (g_ptr_array_index (bob->lines, at), NULL);
  g_assert_true (parlor_line_get_int (start, "seat", 0, 2, &bob_seat, NULL));
  table = parlor_server_get_table (server, id);

  /* Bob drops: Ann reads whose seat the computer keeps. */
  {
    guint from = ann->lines->len;

    raw_conn_free (bob);
    expect = g_strdup_printf ("seat index=%d name=Bob kind=computer replaces=Bob", (int) bob_seat);
    g_assert_cmpint (raw_conn_wait_line (ann, from, expect, 10000), >=, 0);
  }
  /* At the host's strength (3: the game's strongest level, not its
   * default, the weakest). */
  g_assert_cmpstr (parlor_table_get_seat_level (table, bob_seat), ==, "greedy");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/prompt/private-claims", test_private_prompts);
  g_test_add_func ("/net/prompt/could-claim-does-not-show", test_could_claim_does_not_show);
  g_test_add_func ("/net/prompt/seat-count", test_seat_count);
  g_test_add_func ("/net/prompt/dropped-seat", test_dropped_seat);

  return g_test_run ();
}
