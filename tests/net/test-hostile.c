/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-hostile"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "toy-game.h"

/*
 * Hostile input to a live server. After each attack the server must still
 * serve: two fresh players finish a game at a table of their own.
 */

typedef struct
{
  ParlorServer *server;
  guint16       port;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->server = net_test_server_new (&fixture->port);
  parlor_server_set_line_timeout (fixture->server, 300);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->server);
  /* Let closed sockets and cancelled reads settle. */
  net_test_sleep (20);
}

typedef struct
{
  Player *players[2];
} Pair;

static gboolean
pair_over (gpointer data)
{
  Pair *pair = data;

  return pair->players[0]->result != NULL && pair->players[1]->result != NULL;
}

/* Two players open a two-seat table and start it; the caller waits. */
static void
pair_start (Pair    *pair,
            Fixture *fixture)
{
  for (guint i = 0; i < 2; i++)
    {
      pair->players[i] = player_new (i == 0 ? "Canary" : "Finch", &toy_game_info, 11 + i);
      g_assert_true (player_connect (pair->players[i], fixture->port, NULL));
    }
  parlor_client_create (pair->players[0]->client, "toy", "seats=2");
  g_assert_true (net_test_wait (net_test_client_waiting, pair->players[0]->client, 5000));
  parlor_client_join (pair->players[1]->client, parlor_client_get_table_id (pair->players[0]->client));
  g_assert_true (net_test_wait (net_test_client_playing, pair->players[1]->client, 5000));
}

static void
pair_free (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    player_free (pair->players[i]);
}

static void
assert_still_serving (Fixture *fixture)
{
  Pair pair = { { NULL } };

  pair_start (&pair, fixture);
  g_assert_true (net_test_wait (pair_over, &pair, 10000));
  g_assert_cmpstr (pair.players[0]->result, ==, pair.players[1]->result);
  pair_free (&pair);
}

static const char *
line_at (RawConn *raw,
         int      index)
{
  g_assert_cmpint (index, >=, 0);
  return g_ptr_array_index (raw->lines, index);
}

/* The code of the first error line from @from on. */
static char *
next_error_code (RawConn *raw,
                 guint    from)
{
  int index = raw_conn_wait_line (raw, from, "error ", 5000);
  g_autoptr(ParlorLine) line = NULL;

  if (index < 0)
    return NULL;
  line = parlor_line_parse (line_at (raw, index), NULL);
  g_assert_nonnull (line);
  g_assert_nonnull (parlor_line_get (line, "message"));

  return g_strdup (parlor_line_get (line, "code"));
}

static void
expect_error (RawConn    *raw,
              const char *send,
              gssize      len,
              const char *code)
{
  guint from = raw->lines->len;
  g_autofree char *got = NULL;

  raw_conn_send (raw, send, len);
  got = next_error_code (raw, from);
  g_assert_cmpstr (got, ==, code);
}

static void
expect_pong (RawConn    *raw,
             const char *id)
{
  guint from = raw->lines->len;
  g_autofree char *ping = g_strdup_printf ("ping id=%s\n", id);
  g_autofree char *pong = g_strdup_printf ("pong id=%s", id);

  raw_conn_send (raw, ping, -1);
  g_assert_cmpint (raw_conn_wait_line (raw, from, pong, 5000), >=, 0);
}

static void
test_garbage (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(RawConn) raw = raw_conn_new (fixture->port);
  g_autoptr(RawConn) early = NULL;
  static const char invalid[] = "hello \xff\xfe\xc0\x80 x=\xed\xa0\x80\n";
  static const char control[] = "ping \x01\x02\x7f id=1\n";
  static const char nul[] = "ping\0id=1\n";
  guint8 noise[2048];
  GRand *rand = g_rand_new_with_seed (7);

  raw_conn_hello (raw, "Noisy");
  expect_error (raw, invalid, -1, "encoding");
  expect_error (raw, control, -1, "syntax");
  expect_error (raw, nul, sizeof nul - 1, "syntax");
  expect_error (raw, "=x\n", -1, "syntax");
  expect_error (raw, "ping a=1 a=2\n", -1, "syntax");
  expect_error (raw, "ping bad%zz\n", -1, "syntax");

  for (guint i = 0; i < sizeof noise; i++)
    noise[i] = g_rand_int_range (rand, 0, 256);
  g_rand_free (rand);
  raw_conn_send (raw, (const char *) noise, sizeof noise);
  raw_conn_send (raw, "\n", 1);
  expect_pong (raw, "still-here");

  /* Garbage before hello ends the connection. */
  early = raw_conn_new (fixture->port);
  raw_conn_send (early, "\xff\xff\xff\n", -1);
  g_assert_cmpint (raw_conn_wait_line (early, 0, "error ", 5000), >=, 0);
  g_assert_true (raw_conn_wait_closed (early, 5000));

  assert_still_serving (fixture);
}

static void
test_overlong (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(RawConn) raw = raw_conn_new (fixture->port);
  g_autofree char *just = g_strnfill (PARLOR_LINE_MAX_LENGTH - 5, 'a');
  g_autofree char *fits = g_strconcat ("ping ", just, "\n", NULL);
  g_autofree char *over = g_strnfill (PARLOR_LINE_MAX_LENGTH + 1, 'b');
  g_autofree char *huge = g_strnfill (200 * 1024, 'c');
  guint from;

  raw_conn_hello (raw, "Long");

  /* Exactly the limit is fine. */
  from = raw->lines->len;
  raw_conn_send (raw, fits, -1);
  g_assert_cmpint (raw_conn_wait_line (raw, from, "pong", 5000), >=, 0);

  expect_error (raw, over, -1, "too-long");
  raw_conn_send (raw, "\n", 1);
  expect_pong (raw, "after-long");

  /* 200 KiB without a newline, sent in pieces: skipped, not stored. */
  from = raw->lines->len;
  raw_conn_send (raw, huge, -1);
  raw_conn_send (raw, "\nping id=after-huge\n", -1);
  g_assert_cmpint (raw_conn_wait_line (raw, from, "pong id=after-huge", 5000), >=, 0);
  g_assert_cmpint (raw_conn_wait_line (raw, from, "error code=too-long", 100), >=, 0);

  assert_still_serving (fixture);
}

static void
test_unknown_type (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(RawConn) raw = raw_conn_new (fixture->port);

  raw_conn_hello (raw, "Odd");
  expect_error (raw, "frobnicate x=1\n", -1, "unknown");
  expect_error (raw, "welcome version=2\n", -1, "unknown");
  expect_error (raw, "HELLO version=2\n", -1, "unknown");
  expect_pong (raw, "fine");

  assert_still_serving (fixture);
}

static void
test_wrong_state (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(RawConn) raw = raw_conn_new (fixture->port);
  g_autoptr(RawConn) first = raw_conn_new (fixture->port);
  g_autoptr(RawConn) version = raw_conn_new (fixture->port);
  g_autofree char *join = NULL;
  Pair pair = { { NULL } };
  int seat, other;
  const char *table;

  /* Anything but hello first is refused and ends the connection. */
  expect_error (first, "join\n", -1, "state");
  g_assert_true (raw_conn_wait_closed (first, 5000));

  expect_error (version, "hello version=3 name=Future\n", -1, "version");
  g_assert_true (raw_conn_wait_closed (version, 5000));

  raw_conn_hello (raw, "Eager");
  expect_error (raw, "hello version=2 name=Again\n", -1, "state");
  expect_error (raw, "action play card=Q01\n", -1, "state");
  expect_error (raw, "start\n", -1, "state");
  expect_error (raw, "join table=999\n", -1, "no-table");

  /* A guest at a waiting table may not start it. */
  pair.players[0] = player_new ("Owner", &toy_game_info, 1);
  g_assert_true (player_connect (pair.players[0], fixture->port, NULL));
  parlor_client_create (pair.players[0]->client, "toy", "seats=3");
  g_assert_true (net_test_wait (net_test_client_waiting, pair.players[0]->client, 5000));
  table = parlor_client_get_table_id (pair.players[0]->client);
  join = g_strdup_printf ("join table=%s\n", table);
  raw_conn_send (raw, join, -1);
  g_assert_cmpint (raw_conn_wait_line (raw, 0, "joined ", 5000), >=, 0);
  expect_error (raw, "start\n", -1, "not-owner");
  expect_error (raw, "action play card=Q01\n", -1, "state");

  /* Started: moves out of turn and impossible moves are refused. */
  pair.players[0]->passive = TRUE;
  parlor_client_start (pair.players[0]->client);
  g_assert_cmpint (raw_conn_wait_line (raw, 0, "start ", 5000), >=, 0);
  g_assert_true (net_test_wait (net_test_client_playing, pair.players[0]->client, 5000));
  {
    g_autoptr(ParlorLine) start = parlor_line_parse (line_at (raw, raw_conn_wait_line (raw, 0, "start ", 10)), NULL);
    gint64 s;

    g_assert_true (parlor_line_get_int (start, "seat", 0, 2, &s, NULL));
    seat = s;
  }
  other = parlor_client_get_seat (pair.players[0]->client);
  g_assert_cmpint (seat, !=, other);
  {
    g_autofree char *theirs = g_strdup_printf ("action choose pick=S%dX1\n", other);
    g_autofree char *twice = g_strdup_printf ("action choose pick=S%dX2\n", seat);
    g_autofree char *mine = g_strdup_printf ("action choose pick=S%dX1\n", seat);
    guint from = raw->lines->len;

    expect_error (raw, theirs, -1, "illegal");
    expect_error (raw, "action play card=Q01\n", -1, "illegal");
    expect_error (raw, "action\n", -1, "syntax");
    expect_error (raw, "action %%%\n", -1, "syntax");
    raw_conn_send (raw, mine, -1);
    g_assert_cmpint (raw_conn_wait_line (raw, from, "ack", 5000), >=, 0);
    expect_error (raw, twice, -1, "not-your-turn");
  }
  expect_error (raw, "join\n", -1, "state");
  expect_error (raw, "create\n", -1, "state");

  pair.players[1] = player_new ("Spare", &toy_game_info, 2);
  pair_free (&pair);
  assert_still_serving (fixture);
}

static void
test_other_seat_token (Fixture       *fixture,
                       gconstpointer  data)
{
  Pair pair = { { NULL } };
  g_autoptr(RawConn) thief = raw_conn_new (fixture->port);
  g_autoptr(RawConn) guesser = raw_conn_new (fixture->port);
  g_autofree char *hello = NULL;
  g_autofree char *resume = NULL;

  pair_start (&pair, fixture);
  pair.players[0]->passive = TRUE;

  /* A connected player's token does not open their seat to someone else. */
  hello = g_strdup_printf ("hello version=2 name=Thief token=%s\n",
                           parlor_client_get_token (pair.players[0]->client));
  expect_error (thief, hello, -1, "seat-taken");
  resume = g_strdup_printf ("resume token=%s\n", parlor_client_get_token (pair.players[1]->client));
  expect_error (thief, resume, -1, "seat-taken");
  g_assert_cmpint (raw_conn_wait_line (thief, 0, "start ", 200), <, 0);

  raw_conn_hello (guesser, "Guesser");
  expect_error (guesser, "resume token=00000000000000000000000000000000\n", -1, "token");
  expect_error (guesser, "resume\n", -1, "syntax");

  /* The seat's real owner plays on and the game finishes. */
  pair.players[0]->passive = FALSE;
  g_signal_emit_by_name (pair.players[0]->client, "turn", 0u, 0u);
  g_assert_true (net_test_wait (pair_over, &pair, 10000));
  pair_free (&pair);

  assert_still_serving (fixture);
}

static gboolean
count_reached (gpointer data)
{
  RawConn *raw = data;
  guint pongs = 0;

  for (guint i = 0; i < raw->lines->len; i++)
    pongs += g_str_equal (g_ptr_array_index (raw->lines, i), "pong");

  return pongs >= 10000;
}

static void
test_burst (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(RawConn) flood = raw_conn_new (fixture->port);
  g_autoptr(RawConn) junk = raw_conn_new (fixture->port);
  g_autoptr(GString) pings = g_string_new (NULL);
  g_autoptr(GString) garbage = g_string_new (NULL);
  Pair pair = { { NULL } };

  raw_conn_hello (flood, "Flood");
  raw_conn_hello (junk, "Junk");
  for (guint i = 0; i < 10000; i++)
    {
      g_string_append (pings, "ping\n");
      g_string_append (garbage, "\xff garbage\n");
    }

  /* A game runs while the bursts arrive. */
  pair_start (&pair, fixture);
  raw_conn_send (flood, pings->str, pings->len);
  raw_conn_send (junk, garbage->str, garbage->len);
  g_assert_true (net_test_wait (pair_over, &pair, 15000));

  /* Valid lines are all answered; a stream of bad ones gets cut off. */
  g_assert_true (net_test_wait (count_reached, flood, 15000));
  g_assert_cmpint (raw_conn_wait_line (junk, 0, "error code=too-many-errors", 5000), >=, 0);
  g_assert_true (raw_conn_wait_closed (junk, 5000));
  g_assert_cmpuint (junk->lines->len, <, 200);

  pair_free (&pair);
  assert_still_serving (fixture);
}

static void
test_half_line (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(RawConn) half = raw_conn_new (fixture->port);
  g_autoptr(RawConn) silent = raw_conn_new (fixture->port);
  g_autoptr(RawConn) later = NULL;
  gint64 start = g_get_monotonic_time ();

  raw_conn_hello (half, "Half");
  raw_conn_send (half, "ping id=never-fin", -1);
  g_assert_cmpint (raw_conn_wait_line (half, 0, "error code=timeout", 5000), >=, 0);
  g_assert_true (raw_conn_wait_closed (half, 5000));
  /* Not before the time limit (300 ms here). */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 250 * 1000);

  /* Nothing at all: no hello in time. */
  g_assert_true (raw_conn_wait_closed (silent, 5000));

  /* A line that arrives in two pieces in time is fine. */
  later = raw_conn_new (fixture->port);
  raw_conn_hello (later, "Later");
  raw_conn_send (later, "ping id=sl", -1);
  net_test_sleep (100);
  raw_conn_send (later, "ow\n", -1);
  g_assert_cmpint (raw_conn_wait_line (later, 0, "pong id=slow", 5000), >=, 0);

  assert_still_serving (fixture);
}

static gboolean
no_connections (gpointer data)
{
  return parlor_server_get_n_connections (PARLOR_SERVER (data)) == 0;
}

static void
test_churn (Fixture       *fixture,
            gconstpointer  data)
{
  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(RawConn) raw = raw_conn_new (fixture->port);

      switch (i % 4)
        {
        case 0:
          break;
        case 1:
          raw_conn_send (raw, "hello version=2 na", -1);
          break;
        case 2:
          raw_conn_send (raw, "hello version=2 name=Churn\njoin\n", -1);
          break;
        default:
          raw_conn_send (raw, "hello version=2 name=Churn\ncreate\n", -1);
          break;
        }
      /* Let the server see some of them alive. */
      if (i % 50 == 0)
        net_test_sleep (5);
    }

  g_assert_true (net_test_wait (no_connections, fixture->server, 10000));
  /* Tables whose players all went before the start are gone. */
  net_test_sleep (50);
  g_assert_cmpuint (parlor_server_get_n_tables (fixture->server), ==, 0);

  assert_still_serving (fixture);
}

static gboolean
deaf_dropped (gpointer data)
{
  Fixture *fixture = data;

  return parlor_server_get_n_connections (fixture->server) == 0;
}

static void
test_slow_reader (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(RawConn) deaf = raw_conn_new_deaf (fixture->port);
  g_autofree char *id = g_strnfill (3000, 'z');
  g_autofree char *ping = g_strdup_printf ("ping id=%s\n", id);
  g_autoptr(GString) pings = g_string_new (NULL);

  parlor_server_set_max_output (fixture->server, 64 * 1024);
  raw_conn_send (deaf, "hello version=2 name=Deaf\n", -1);
  for (guint i = 0; i < 3000; i++)
    g_string_append (pings, ping);
  raw_conn_send (deaf, pings->str, pings->len);

  /* 9 MB of answers it never reads: the server gives up on it. */
  g_assert_true (net_test_wait (deaf_dropped, fixture, 15000));

  assert_still_serving (fixture);
}

/* The error for a bad line quotes it: 4,000 '=' print three times as long,
 * so the quote is cut and the error still reads. */
static void
test_error_quoting_long_line (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(RawConn) raw = raw_conn_new (fixture->port);
  g_autofree char *equals = g_strnfill (4000, '=');
  g_autofree char *bad = g_strconcat ("ping k", equals, "\n", NULL);
  g_autoptr(ParlorLine) line = NULL;
  const char *message;
  guint from;
  int index;

  raw_conn_hello (raw, "Quoted");
  from = raw->lines->len;
  raw_conn_send (raw, bad, -1);
  index = raw_conn_wait_line (raw, from, "error ", 5000);
  line = parlor_line_parse (line_at (raw, index), NULL);
  g_assert_nonnull (line);
  g_assert_cmpstr (parlor_line_get (line, "code"), ==, "syntax");
  message = parlor_line_get (line, "message");
  g_assert_cmpuint (g_utf8_strlen (message, -1), ==, 257);
  g_assert_true (g_str_has_suffix (message, "…"));
  expect_pong (raw, "after-quote");

  assert_still_serving (fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/net/hostile/garbage-and-invalid-utf8", test_garbage);
  ADD ("/net/hostile/overlong-lines", test_overlong);
  ADD ("/net/hostile/error-quoting-a-long-line", test_error_quoting_long_line);
  ADD ("/net/hostile/unknown-types", test_unknown_type);
  ADD ("/net/hostile/wrong-state-and-out-of-turn", test_wrong_state);
  ADD ("/net/hostile/other-seat-token", test_other_seat_token);
  ADD ("/net/hostile/burst-of-10000-lines", test_burst);
  ADD ("/net/hostile/half-sent-line-times-out", test_half_line);
  ADD ("/net/hostile/1000-connections-opened-and-dropped", test_churn);
  ADD ("/net/hostile/slow-reader-is-dropped", test_slow_reader);

  return g_test_run ();
}
