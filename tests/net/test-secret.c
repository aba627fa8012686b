/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-secret"

#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "parlor-secret.h"
#include "toy-game.h"

/*
 * The attack: a client joins and leaves a table 156 times, collects 624
 * 32-bit words from its seat tokens and rebuilds the Mersenne Twister that
 * g_random (GRand) runs on, then predicts the next table's seed and the
 * next player's token. The rebuild is written here from the MT19937 paper
 * and checked against g_random itself first, so a failure to predict the
 * server's secrets is not a broken attack.
 */

#define MT_N 624
#define MT_M 397

typedef struct
{
  guint32 mt[MT_N];
  guint   index;
} Twister;

static guint32
untemper (guint32 y)
{
  guint32 x;

  y ^= y >> 18;
  y ^= (y << 15) & 0xefc60000u;
  x = y;
  for (int i = 0; i < 5; i++)
    x = y ^ ((x << 7) & 0x9d2c5680u);
  y = x;
  x = y;
  for (int i = 0; i < 3; i++)
    x = y ^ (x >> 11);

  return x;
}

/* @outputs: 624 consecutive tempered outputs. */
static void
twister_rebuild (Twister       *tw,
                 const guint32 *outputs)
{
  for (guint i = 0; i < MT_N; i++)
    tw->mt[i] = untemper (outputs[i]);
  tw->index = 0;
}

static guint32
twister_next (Twister *tw)
{
  guint i = tw->index;
  guint32 y = (tw->mt[i] & 0x80000000u) | (tw->mt[(i + 1) % MT_N] & 0x7fffffffu);

  tw->mt[i] = tw->mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
  y = tw->mt[i];
  tw->index = (i + 1) % MT_N;

  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;

  return y;
}

static void
test_attack_works_on_grand (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261123);
  guint32 outputs[MT_N];
  Twister tw;

  for (guint i = 0; i < MT_N; i++)
    outputs[i] = g_rand_int (rand);
  twister_rebuild (&tw, outputs);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (twister_next (&tw), ==, g_rand_int (rand));

  /* The global generator too (it is what the server used). */
  for (guint i = 0; i < MT_N; i++)
    outputs[i] = g_random_int ();
  twister_rebuild (&tw, outputs);
  for (guint i = 0; i < 100; i++)
    g_assert_cmpuint (twister_next (&tw), ==, g_random_int ());
}

static void
token_words (const char *token,
             guint32    *words)
{
  g_assert_cmpuint (strlen (token), ==, 2 * PARLOR_SECRET_TOKEN_BYTES);
  for (guint i = 0; i < 4; i++)
    {
      char part[9];

      memcpy (part, token + 8 * i, 8);
      part[8] = '\0';
      g_assert_true (g_ascii_isxdigit (part[0]));
      words[i] = (guint32) g_ascii_strtoull (part, NULL, 16);
    }
}

static char *
join_for_token (RawConn *raw)
{
  g_autoptr(ParlorLine) line = NULL;
  guint from = raw->lines->len;
  int at;

  raw_conn_send (raw, "join\n", -1);
  at = raw_conn_wait_line (raw, from, "joined ", 10000);
  g_assert_cmpint (at, >=, 0);
  line = parlor_line_parse (g_ptr_array_index (raw->lines, at), NULL);
  g_assert_nonnull (line);

  return g_strdup (parlor_line_get (line, "token"));
}

static guint64
table_seed (ParlorServer *server,
            const char   *table_id)
{
  GPtrArray *record = parlor_table_get_record (parlor_server_get_table (server, table_id));

  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);

      g_assert_nonnull (line);
      if (g_str_equal (parlor_line_get_type (line), "game"))
        return g_ascii_strtoull (parlor_line_get (line, "seed"), NULL, 10);
    }
  g_assert_not_reached ();
}

static void
test_tokens_do_not_predict (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = parlor_server_new (toy_game_lookup);
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) raw = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *next_token = NULL;
  guint32 outputs[MT_N];
  guint32 predicted[16];
  guint32 words[4];
  const char *host_table;
  const char *next_table;
  Twister tw;
  guint64 seed;

  /* The app's host: one table, guests join and leave it. */
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  host_table = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  g_assert_nonnull (host_table);

  raw = raw_conn_new (port);
  raw_conn_hello (raw, "Mallory");
  for (guint cycle = 0; cycle < MT_N / 4; cycle++)
    {
      g_autofree char *token = join_for_token (raw);
      guint from = raw->lines->len;

      token_words (token, outputs + 4 * cycle);
      g_assert_false (g_hash_table_contains (seen, token));
      g_hash_table_add (seen, g_steal_pointer (&token));
      raw_conn_send (raw, "leave\n", -1);
      g_assert_cmpint (raw_conn_wait_line (raw, from, "left", 10000), >=, 0);
    }

  /* The next secrets the server draws: a table's seed, a player's token. */
  next_table = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_start_table (server, next_table, &error));
  g_assert_no_error (error);
  seed = table_seed (server, next_table);
  next_token = join_for_token (raw);
  token_words (next_token, words);

  twister_rebuild (&tw, outputs);
  for (guint i = 0; i < G_N_ELEMENTS (predicted); i++)
    predicted[i] = twister_next (&tw);

  /* Wherever in the stream the secrets would sit, they are not there. */
  for (guint i = 0; i + 1 < G_N_ELEMENTS (predicted); i++)
    {
      g_assert_cmpuint (seed, !=, (guint64) predicted[i] << 32 | predicted[i + 1]);
      g_assert_cmpuint (seed, !=, (guint64) predicted[i + 1] << 32 | predicted[i]);
      g_assert_cmpuint (seed >> 32, !=, predicted[i]);
      g_assert_cmpuint (seed & 0xffffffffu, !=, predicted[i]);
      for (guint w = 0; w < 4; w++)
        g_assert_cmpuint (words[w], !=, predicted[i]);
    }
  /* Nor are they the process's own g_random continuation. */
  for (guint i = 0; i < 16; i++)
    {
      guint32 r = g_random_int ();

      g_assert_cmpuint (seed >> 32, !=, r);
      g_assert_cmpuint (seed & 0xffffffffu, !=, r);
    }
}

static void
test_secret_shape (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint ones = 0;

  for (guint i = 0; i < 2000; i++)
    {
      char *token = parlor_secret_token ();

      g_assert_cmpuint (strlen (token), ==, 32);
      for (const char *p = token; *p; p++)
        g_assert_true (g_ascii_isxdigit (*p) && !g_ascii_isupper (*p));
      g_assert_false (g_hash_table_contains (seen, token));
      g_hash_table_add (seen, token);
      ones += __builtin_popcountll (parlor_secret_seed ());
    }
  /* 2000 × 64 fair bits: 64000 ± a few hundred. */
  g_assert_cmpuint (ones, >, 62000);
  g_assert_cmpuint (ones, <, 66000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/secret/attack-works-on-grand", test_attack_works_on_grand);
  g_test_add_func ("/net/secret/tokens-do-not-predict-seeds", test_tokens_do_not_predict);
  g_test_add_func ("/net/secret/shape", test_secret_shape);

  return g_test_run ();
}
