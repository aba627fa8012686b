/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "hand-gen.h"
#include "mahjong-mcr.h"
#include "mahjong-tile.h"

static void
test_tile_names (void)
{
  static const struct { const char *text; guint tile; } cases[] = {
    { "1m", 0 }, { "9m", 8 }, { "1p", 9 }, { "5p", 13 }, { "9s", 26 },
    { "E", 27 }, { "S", 28 }, { "W", 29 }, { "N", 30 }, { "P", 31 }, { "F", 32 }, { "C", 33 },
    { "1z", 27 }, { "4z", 30 }, { "5z", 31 }, { "6z", 32 }, { "7z", 33 },
  };
  static const char *const bad[] = { "", "0m", "8z", "x", "10m", "m", "5", "e", "5q" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (mahjong_tile_from_string (cases[i].text), ==, cases[i].tile);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_cmpuint (mahjong_tile_from_string (bad[i]), ==, MAHJONG_NO_TILE);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      char buf[3];

      g_assert_cmpuint (mahjong_tile_from_string (mahjong_tile_to_string (t, buf)), ==, t);
    }
}

/* A run is read as players say it, never in codes. */
static void
test_run_names (void)
{
  static const struct { guint lowest; const char *name; } cases[] = {
    { 0, "1, 2, 3 of characters" }, { 6, "7, 8, 9 of characters" },
    { 13, "5, 6, 7 of dots" }, { 18, "1, 2, 3 of bamboo" }, { 24, "7, 8, 9 of bamboo" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = mahjong_run_name (cases[i].lowest);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

static void
test_parse_example (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MahjongHand h, z;

  g_assert_true (mahjong_hand_parse ("[123s][EEEE]456p2278m9m", &h, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (h.n_melds, ==, 2);
  g_assert_cmpuint (h.melds[0].type, ==, MAHJONG_MELD_CHOW);
  g_assert_cmpuint (h.melds[0].tile, ==, 18);
  g_assert_cmpuint (h.melds[0].claimed, ==, 18);   /* no digit: the first tile */
  g_assert_cmpuint (h.melds[1].type, ==, MAHJONG_MELD_KONG);
  g_assert_cmpuint (h.melds[1].source, ==, MAHJONG_MELD_CONCEALED);
  g_assert_cmpuint (h.n_concealed, ==, 8);
  g_assert_cmpuint (h.last_tile, ==, 8);
  g_assert_cmpuint (h.counts[1], ==, 2);
  g_assert_cmpuint (mahjong_hand_size (&h), ==, 14);

  text = mahjong_hand_to_string (&h);
  g_assert_cmpstr (text, ==, "[123s1][EEEE]2278m456p9m");

  g_assert_true (mahjong_hand_parse ("[567m2][999s3][8888p1][1111s5]E1z", &h, &error));
  g_assert_cmpuint (h.melds[0].claimed, ==, 5);
  g_assert_cmpuint (h.melds[1].type, ==, MAHJONG_MELD_PUNG);
  g_assert_cmpuint (h.melds[1].from, ==, 3);
  g_assert_cmpuint (h.melds[2].source, ==, MAHJONG_MELD_CLAIMED);
  g_assert_cmpuint (h.melds[2].from, ==, 1);
  g_assert_cmpuint (h.melds[3].source, ==, MAHJONG_MELD_ADDED);
  g_assert_cmpuint (h.melds[3].from, ==, 1);
  g_assert_cmpuint (h.counts[27], ==, 2);

  /* Tenhou-style honors are the same tiles */
  g_assert_true (mahjong_hand_parse ("123m456p789s11z5z5z7z", &z, &error));
  g_assert_true (mahjong_hand_parse ("123m456p789sEEPPC", &h, &error));
  g_assert_true (mahjong_hand_equal (&h, &z));
  g_assert_true (mahjong_hand_parse ("[555z1]123m456p789s7z", &z, &error));
  g_assert_cmpuint (z.melds[0].tile, ==, MAHJONG_TILE_WHITE);
}

static void
test_parse_errors (void)
{
  static const struct { const char *text; int code; } cases[] = {
    { "", MAHJONG_ERROR_TILE_COUNT },
    { "123m", MAHJONG_ERROR_TILE_COUNT },
    { "123456789m123456p", MAHJONG_ERROR_TILE_COUNT },
    { "11111m22223333p", MAHJONG_ERROR_TOO_MANY_COPIES },
    { "[1111m]1m23456789p99s", MAHJONG_ERROR_TOO_MANY_COPIES },
    { "[123m1", MAHJONG_ERROR_SYNTAX },
    { "[123m1]]456p789s1122s", MAHJONG_ERROR_SYNTAX },
    { "123m]456p789s11223s", MAHJONG_ERROR_SYNTAX },
    { "123m[456p]789s11s22s", MAHJONG_ERROR_SYNTAX },
    { "[[123m]456p789s11s22s", MAHJONG_ERROR_SYNTAX },
    { "123x456p789s11s22s", MAHJONG_ERROR_SYNTAX },
    { "123m456p789s11sQQ", MAHJONG_ERROR_SYNTAX },
    { "123m456p789s11s E", MAHJONG_ERROR_SYNTAX },
    { "123m456p789s11sE\xff", MAHJONG_ERROR_SYNTAX },
    { "m123456p789s11sEE", MAHJONG_ERROR_SYNTAX },
    { "0m23456p789s11sEE", MAHJONG_ERROR_SYNTAX },
    { "8z123m456p789s11s", MAHJONG_ERROR_SYNTAX },
    { "123456p789s11sEE7", MAHJONG_ERROR_SYNTAX },
    { "[124m1]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[12m]3456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[EEES]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[ESW1]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[789m1p]456p789s11p2p", MAHJONG_ERROR_BAD_MELD },
    { "[11111m]456p789s11p", MAHJONG_ERROR_TILE_COUNT },
    { "[123m4]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[111m0]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[1111m4]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[1111m8]456p789s11p22p", MAHJONG_ERROR_BAD_MELD },
    { "[12]456p789s11p22p", MAHJONG_ERROR_SYNTAX },
    { "[]123m456p789s11p2p", MAHJONG_ERROR_BAD_MELD },
    { "[111m1][222m1][333m1][444m1][555m1]5m", MAHJONG_ERROR_TILE_COUNT },
    { "[111m1][222m1][333m1][444m1]", MAHJONG_ERROR_TILE_COUNT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *shown = g_strescape (cases[i].text, NULL);
      MahjongHand h;

      /* Escaped: the test output must stay valid UTF-8. */
      g_test_message ("%s", shown);
      g_assert_false (mahjong_hand_parse (cases[i].text, &h, &error));
      g_assert_error (error, MAHJONG_ERROR, cases[i].code);
      g_assert_cmpuint (strlen (error->message), >, 10);
    }
}

static void
check_round_trip (const MahjongHand *h)
{
  g_autofree char *text = mahjong_hand_to_string (h);
  g_autofree char *again_text = NULL;
  g_autoptr(GError) error = NULL;
  MahjongHand again;

  if (!mahjong_hand_parse (text, &again, &error))
    g_error ("“%s” does not parse back: %s", text, error->message);
  g_assert_true (mahjong_hand_equal (h, &again));
  again_text = mahjong_hand_to_string (&again);
  g_assert_cmpstr (text, ==, again_text);
}

static void
test_round_trip_random (void)
{
  ParlorRng rng;

  parlor_rng_init (&rng, 3, 4);
  for (guint i = 0; i < 20000; i++)
    {
      MahjongHand h;

      gen_winning_hand (&rng, &h);
      check_round_trip (&h);
      /* and the 13 tiles before the win */
      h.counts[h.last_tile]--;
      h.n_concealed--;
      h.last_tile = MAHJONG_NO_TILE;
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (h.counts[t] > 0)
          h.last_tile = (guint8) t;
      check_round_trip (&h);
    }
}

static void
check_parsed (const char *text)
{
  g_autoptr(GError) error = NULL;
  MahjongHand h;

  if (mahjong_hand_parse (text, &h, &error))
    {
      guint8 all[MAHJONG_N_KINDS];
      guint size = mahjong_hand_size (&h);
      McrSituation sit = { MCR_WIN_SELF_DRAWN, 0, 1, 2 };
      McrResult res;
      g_autoptr(GError) score_error = NULL;

      g_assert_no_error (error);
      g_assert_true (size == 13 || size == 14);
      mahjong_hand_all_counts (&h, all);
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        g_assert_cmpuint (all[t], <=, 4);
      for (guint m = 0; m < h.n_melds; m++)
        g_assert_true (mahjong_meld_is_valid (&h.melds[m]));
      check_round_trip (&h);
      if (!mcr_score (&h, &sit, &res, &score_error))
        g_assert_nonnull (score_error);
    }
  else
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == MAHJONG_ERROR);
      g_assert_cmpstr (error->message, !=, "");
    }
}

static void
test_fuzz (void)
{
  static const char alphabet[] = "0123456789mpsz[]ESWNPFC";
  ParlorRng rng;
  guint n = g_test_slow () ? 1000000 : 100000;

  parlor_rng_init (&rng, 5, 6);
  for (guint i = 0; i < n; i++)
    {
      char buf[64];
      guint len;

      if (i % 2 == 0)
        {
          /* random bytes, mostly from the notation's alphabet */
          len = parlor_rng_below (&rng, 40);
          for (guint k = 0; k < len; k++)
            buf[k] = parlor_rng_below (&rng, 8) == 0
                     ? (char) (1 + parlor_rng_below (&rng, 255))
                     : alphabet[parlor_rng_below (&rng, sizeof alphabet - 1)];
          buf[len] = '\0';
        }
      else
        {
          /* a few mutations of a valid hand */
          MahjongHand h;
          g_autofree char *text = NULL;
          guint muts = 1 + parlor_rng_below (&rng, 3);

          gen_winning_hand (&rng, &h);
          text = mahjong_hand_to_string (&h);
          len = (guint) MIN (strlen (text), sizeof buf - 8);
          memcpy (buf, text, len);
          for (guint m = 0; m < muts; m++)
            {
              guint pos = parlor_rng_below (&rng, len + 1);
              char c = alphabet[parlor_rng_below (&rng, sizeof alphabet - 1)];

              switch (parlor_rng_below (&rng, 3))
                {
                case 0:
                  if (pos < len)
                    buf[pos] = c;
                  break;
                case 1:
                  memmove (buf + pos + 1, buf + pos, len - pos);
                  buf[pos] = c;
                  len++;
                  break;
                default:
                  if (pos < len)
                    {
                      memmove (buf + pos, buf + pos + 1, len - pos - 1);
                      len--;
                    }
                  break;
                }
            }
          buf[len] = '\0';
        }
      check_parsed (buf);
    }
}

static void
test_fuzz_flags (void)
{
  static const char *const words[] = { "self_drawn", "discard", "last_tile", "kong_replacement",
                                       "robbing_kong", "last_tile_draw", "last_tile_claim",
                                       "", "tsumo", "self_drawn ", "Discard" };
  ParlorRng rng;

  parlor_rng_init (&rng, 9, 10);
  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GString) s = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      guint n = parlor_rng_below (&rng, 5);
      guint how = 0;
      gboolean bad = FALSE;
      McrWinFlags flags = 0;

      for (guint k = 0; k < n; k++)
        {
          guint w = parlor_rng_below (&rng, G_N_ELEMENTS (words));

          g_string_append_printf (s, "%s%s", k > 0 ? "," : "", words[w]);
          how += w < 2;
          bad |= w >= 7;
        }
      if (mcr_flags_parse (s->str, &flags, &error))
        {
          g_assert_false (bad);
          g_assert_cmpuint (how, ==, 1);
          g_assert_no_error (error);
        }
      else
        {
          g_assert_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS);
          g_assert_true (bad || how != 1 || n > 0);
        }
    }
}

static void
count_wall (MahjongTileSet set,
            guint          seed,
            guint          counts[MAHJONG_N_ALL_KINDS],
            guint         *reds,
            MahjongWall   *wall)
{
  ParlorRng rng;
  MahjongTile t;
  guint drawn = 0;

  parlor_rng_init (&rng, seed, 1);
  mahjong_wall_init (wall, set, &rng);
  memset (counts, 0, sizeof (guint) * MAHJONG_N_ALL_KINDS);
  *reds = 0;
  g_assert_cmpuint (wall->size, ==, mahjong_tile_set_size (set));
  for (guint i = 0; i < wall->size; i++)
    {
      counts[MAHJONG_TILE_KIND (wall->tiles[i])]++;
      *reds += (wall->tiles[i] & MAHJONG_TILE_RED) != 0;
    }
  {
    MahjongWall copy = *wall;

    while (mahjong_wall_remaining (&copy) > 0)
      {
        gboolean ok = drawn % 3 == 0 ? mahjong_wall_draw_replacement (&copy, &t)
                                     : mahjong_wall_draw (&copy, &t);

        g_assert_true (ok);
        drawn++;
      }
    g_assert_false (mahjong_wall_draw (&copy, &t));
    g_assert_false (mahjong_wall_draw_replacement (&copy, &t));
    g_assert_cmpuint (drawn, ==, wall->size);
  }
}

static void
test_walls (void)
{
  guint counts[MAHJONG_N_ALL_KINDS];
  guint reds;
  MahjongWall a, b, c;

  count_wall (MAHJONG_TILE_SET_FULL, 1, counts, &reds, &a);
  g_assert_cmpuint (a.size, ==, 144);
  for (guint t = 0; t < MAHJONG_N_ALL_KINDS; t++)
    g_assert_cmpuint (counts[t], ==, t < 34 ? 4 : 1);
  g_assert_cmpuint (reds, ==, 0);

  count_wall (MAHJONG_TILE_SET_HONORS, 1, counts, &reds, &a);
  g_assert_cmpuint (a.size, ==, 28);
  for (guint t = 0; t < MAHJONG_N_ALL_KINDS; t++)
    g_assert_cmpuint (counts[t], ==, t >= 27 && t < 34 ? 4 : 0);

  count_wall (MAHJONG_TILE_SET_SUZUME, 1, counts, &reds, &a);
  g_assert_cmpuint (a.size, ==, 44);
  for (guint t = 0; t < MAHJONG_N_ALL_KINDS; t++)
    g_assert_cmpuint (counts[t], ==, (t >= 18 && t < 27) || t == 32 || t == 33 ? 4 : 0);
  g_assert_cmpuint (reds, ==, 9 + 4);
  for (guint i = 0; i < a.size; i++)
    if (MAHJONG_TILE_KIND (a.tiles[i]) == MAHJONG_TILE_GREEN)
      g_assert_cmpuint (a.tiles[i] & MAHJONG_TILE_RED, ==, 0);

  /* the seed decides the order */
  count_wall (MAHJONG_TILE_SET_FULL, 7, counts, &reds, &a);
  count_wall (MAHJONG_TILE_SET_FULL, 7, counts, &reds, &b);
  count_wall (MAHJONG_TILE_SET_FULL, 8, counts, &reds, &c);
  g_assert_cmpint (memcmp (a.tiles, b.tiles, a.size), ==, 0);
  g_assert_cmpint (memcmp (a.tiles, c.tiles, a.size), !=, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mahjong/tile/names", test_tile_names);
  g_test_add_func ("/mahjong/tile/run-names", test_run_names);
  g_test_add_func ("/mahjong/notation/example", test_parse_example);
  g_test_add_func ("/mahjong/notation/errors", test_parse_errors);
  g_test_add_func ("/mahjong/notation/round-trip", test_round_trip_random);
  g_test_add_func ("/mahjong/notation/fuzz", test_fuzz);
  g_test_add_func ("/mcr/flags/fuzz", test_fuzz_flags);
  g_test_add_func ("/mahjong/wall/tile-sets", test_walls);
  return g_test_run ();
}
