/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "mahjong-wall.h"
#include "parlor-games.h"
#include "parlor-replay.h"
#include "parlor-table.h"

static const MahjongWallRules kit_full = { MAHJONG_TILE_SET_FULL, NULL, NULL };
static const MahjongWallRules kit_suzume = { MAHJONG_TILE_SET_SUZUME, NULL, NULL };
static const MahjongWallRules kit_honors = { MAHJONG_TILE_SET_HONORS, NULL, NULL };

/* A shuffled wall of each set reads back as it was written. */
static void
test_round_trip (void)
{
  static const MahjongWallRules *rules[] = { &kit_full, &kit_suzume, &kit_honors };

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    for (guint64 seed = 1; seed <= 20; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        MahjongWall wall, back;
        ParlorRng rng;

        parlor_rng_init (&rng, seed, 7);
        mahjong_wall_init (&wall, rules[r]->set, &rng);
        text = mahjong_wall_to_string (&wall, rules[r]);
        g_assert_true (mahjong_wall_from_string (text, rules[r], &back, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (back.size, ==, wall.size);
        g_assert_cmpuint (back.front, ==, 0);
        g_assert_cmpuint (back.back, ==, wall.size);
        g_assert_cmpmem (back.tiles, back.size, wall.tiles, wall.size);
      }
}

/* The kit's notation: flowers F1…F8, a red copy marked with "*". */
static void
test_notation (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MahjongWall wall;

  mahjong_wall_fill (&wall, MAHJONG_TILE_SET_FULL);
  text = mahjong_wall_to_string (&wall, &kit_full);
  g_assert_true (g_str_has_prefix (text, "1m,1m,1m,1m,2m,"));
  g_assert_true (g_str_has_suffix (text, ",C,C,C,C,F1,F2,F3,F4,F5,F6,F7,F8"));
  g_clear_pointer (&text, g_free);

  mahjong_wall_fill (&wall, MAHJONG_TILE_SET_SUZUME);
  text = mahjong_wall_to_string (&wall, &kit_suzume);
  g_assert_true (g_str_has_prefix (text, "1s*,1s,1s,1s,2s*,"));
  g_assert_true (g_str_has_suffix (text, ",F,F,F,F,C*,C*,C*,C*"));
  g_assert_true (mahjong_wall_from_string (text, &kit_suzume, &wall, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (wall.tiles[0], ==, 18 | MAHJONG_TILE_RED);
  g_assert_cmpuint (wall.tiles[1], ==, 18);
}

/* A wall that is not the game's set, or not text of tiles, is refused in words. */
static void
test_malformed (void)
{
  static const struct { const char *text; const char *words; } honors[] = {
    { "", "empty" },
    { "E,S,W", "has 3 tiles: the game plays with 28" },
    { "E,E,E,E,S,S,S,S,W,W,W,W,N,N,N,N,P,P,P,P,F,F,F,F,C,C,C,X", "Tile 28 of the wall, “X”" },
    { "E,E,E,E,S,S,S,S,W,W,W,W,N,N,N,N,P,P,P,P,F,F,F,F,C,C,C,E", "5 × East wind" },
    { "E,E,E,E,S,S,S,S,W,W,W,W,N,N,N,N,P,P,P,P,F,F,F,F,C,C,C,", "Tile 28 of the wall, “”" },
    { "E,E,E,E,S,S,S,S,W,W,W,W,N,N,N,N,P,P,P,P,F,F,F,F,C,C,C,C*", "3 × Red dragon: the game plays with 4" },
  };
  g_autoptr(GString) long_text = g_string_new ("E");

  for (guint i = 0; i < G_N_ELEMENTS (honors); i++)
    {
      g_autoptr(GError) error = NULL;
      MahjongWall wall;

      g_assert_false (mahjong_wall_from_string (honors[i].text, &kit_honors, &wall, &error));
      g_assert_error (error, MAHJONG_ERROR, error->code);
      if (strstr (error->message, honors[i].words) == NULL)
        g_error ("“%s”: “%s” lacks “%s”", honors[i].text, error->message, honors[i].words);
    }
  for (guint i = 0; i < 400; i++)
    g_string_append (long_text, ",E");
  {
    g_autoptr(GError) error = NULL;
    MahjongWall wall;

    g_assert_false (mahjong_wall_from_string (long_text->str, &kit_full, &wall, &error));
    g_assert_nonnull (strstr (error->message, "more than 144 tiles"));
  }
}

/* A two-seat hand in the kit's notation: deals, a draw, a kong's replacement. */
static void
test_check_events (void)
{
  MahjongWall wall;
  g_autofree char *tiles = NULL;
  g_autofree char *wall_event = NULL;
  ParlorRng rng;
  char a[4], b[4], d[4], r[4];
  GString *deal0 = g_string_new (NULL), *deal1 = g_string_new (NULL);
  g_autofree char *deal0_event = NULL, *deal1_event = NULL;
  g_autofree char *draw_event = NULL, *replacement_event = NULL;
  g_autofree char *wrong_draw = NULL, *wrong_replacement = NULL;
  g_autoptr(GError) error = NULL;
  guint failed = 99;

  parlor_rng_init (&rng, 3, 7);
  mahjong_wall_init (&wall, MAHJONG_TILE_SET_HONORS, &rng);
  tiles = mahjong_wall_to_string (&wall, &kit_honors);
  wall_event = g_strdup_printf ("wall tiles=%s", tiles);
  for (guint i = 0; i < 7; i++)
    {
      char t[4];

      mahjong_tile_to_string (wall.tiles[i], t);
      g_string_append (deal0, t);
      mahjong_tile_to_string (wall.tiles[7 + i], t);
      g_string_append (deal1, t);
    }
  deal0_event = g_strdup_printf ("deal seat=0 tiles=%s", deal0->str);
  deal1_event = g_strdup_printf ("deal seat=1 tiles=%s", deal1->str);
  draw_event = g_strdup_printf ("draw seat=0 tile=%s", mahjong_tile_to_string (wall.tiles[14], d));
  replacement_event = g_strdup_printf ("draw seat=0 tile=%s replacement=1",
                                       mahjong_tile_to_string (wall.tiles[27], r));
  /* the tile after the one drawn, which differs from it */
  for (guint i = 15; i < 27; i++)
    if (wall.tiles[i] != wall.tiles[14])
      {
        wrong_draw = g_strdup_printf ("draw seat=0 tile=%s", mahjong_tile_to_string (wall.tiles[i], a));
        break;
      }
  for (guint i = 26; i > 14; i--)
    if (wall.tiles[i] != wall.tiles[27])
      {
        wrong_replacement = g_strdup_printf ("draw seat=0 tile=%s replacement=1",
                                             mahjong_tile_to_string (wall.tiles[i], b));
        break;
      }
  g_assert_nonnull (wrong_draw);
  g_assert_nonnull (wrong_replacement);

  {
    const char *good[] = { wall_event, "hand number=1", deal0_event, "deal seat=0 count=7",
                           deal1_event, draw_event, "draw seat=0", "discard seat=0 tile=E",
                           replacement_event };
    const char *bad_draw[] = { wall_event, "hand number=1", deal0_event, deal1_event, wrong_draw };
    const char *bad_replacement[] = { wall_event, "hand number=1", deal0_event, deal1_event,
                                      draw_event, wrong_replacement };
    const char *bad_deal[] = { wall_event, "hand number=1", deal1_event, deal0_event, draw_event };
    const char *no_wall[] = { "hand number=1", deal1_event, deal0_event, wrong_draw };

    g_assert_true (mahjong_wall_check_events (&kit_honors, good, G_N_ELEMENTS (good), &failed, &error));
    g_assert_no_error (error);
    g_assert_true (mahjong_wall_check_events (&kit_honors, no_wall, G_N_ELEMENTS (no_wall), &failed,
                                              &error));
    g_assert_no_error (error);

    g_assert_false (mahjong_wall_check_events (&kit_honors, bad_draw, G_N_ELEMENTS (bad_draw),
                                               &failed, &error));
    g_assert_cmpuint (failed, ==, 4);
    g_assert_true (g_str_has_prefix (error->message, "seat 0 draws the "));
    g_assert_nonnull (strstr (error->message, "but the wall’s next tile is the "));
    g_clear_error (&error);

    g_assert_false (mahjong_wall_check_events (&kit_honors, bad_replacement,
                                               G_N_ELEMENTS (bad_replacement), &failed, &error));
    g_assert_cmpuint (failed, ==, 5);
    g_assert_nonnull (strstr (error->message, "as a replacement, but the wall’s last tile is"));
    g_clear_error (&error);

    /* seat 1 dealt first takes seat 0's tiles: unless both hold the same */
    if (!g_str_equal (deal0->str, deal1->str))
      {
        g_assert_false (mahjong_wall_check_events (&kit_honors, bad_deal, G_N_ELEMENTS (bad_deal),
                                                   &failed, &error));
        g_assert_cmpuint (failed, ==, 2);
        g_assert_true (g_str_has_prefix (error->message, "the deal to seat 1 does not follow the wall"));
        g_clear_error (&error);
      }
  }
  g_string_free (deal0, TRUE);
  g_string_free (deal1, TRUE);
}

/* A game of random moves recorded as a table records it. */
static char *
record_game (const ParlorGameInfo *info,
             const char           *config,
             guint64               seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = info->new_game (config, seed, &error);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  ParlorRng rng;

  g_assert_no_error (error);
  parlor_rng_init (&rng, seed, 11);
  g_ptr_array_add (records, parlor_replay_format_header ());
  g_ptr_array_add (records, parlor_replay_format_game_version (info->id, info->replay_version, seed,
                                                               config, NULL));
  for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
    g_ptr_array_add (records, parlor_replay_format_seat (s, "AI", "ai", info->ai_levels[0], NULL));
  parlor_game_start (game, events);
  while (!parlor_game_is_over (game))
    {
      g_assert_true (parlor_replay_append_events (records, events, NULL));
      g_ptr_array_set_size (events, 0);
      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        if (parlor_game_is_waiting_for (game, s))
          {
            g_autofree char *action = parlor_game_random_action (game, s, &rng);

            g_assert_true (parlor_game_apply (game, s, action, events, &error));
            g_assert_no_error (error);
            g_ptr_array_add (records, parlor_replay_format_action (s, action, FALSE, NULL));
            break;
          }
    }
  g_assert_true (parlor_replay_append_events (records, events, NULL));
  result = parlor_game_get_result (game);
  g_ptr_array_add (records, parlor_replay_format_result (result, NULL));
  g_ptr_array_add (records, NULL);
  return g_strjoinv ("\n", (char **) records->pdata);
}

/*
 * A real replay of each game verifies; with two tiles of a hand's wall
 * swapped (the one the first draw takes and a different later one), the
 * verifier names the draw that disagrees, at its line, before the engine
 * plays the file again.
 */
static void
test_verify_altered_wall (void)
{
  static const struct { const char *id; const char *config; } games[] = {
    { "jihai", "" }, { "suzume", "seats=3 deals=1" }, { "mcr", "hands=1" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      const ParlorGameInfo *info = parlor_games_lookup (games[g].id);
      g_autofree char *text = record_game (info, games[g].config, 17 + g);
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      g_autoptr(GError) error = NULL;
      g_autofree char *altered = NULL;
      g_autofree char *expected_line = NULL;
      guint wall_line = 0, draw_line = 0;

      g_assert_true (parlor_replay_verify (text, parlor_games_lookup, NULL, &error));
      g_assert_no_error (error);

      for (guint i = 0; lines[i] != NULL && draw_line == 0; i++)
        {
          if (g_str_has_prefix (lines[i], "event audience=0 line=wall%20tiles%3D") && wall_line == 0)
            wall_line = i;
          else if (wall_line != 0 && strstr (lines[i], "line=draw%20seat%3D") != NULL &&
                   strstr (lines[i], "%20tile%3D") != NULL)
            draw_line = i;
        }
      g_assert_cmpuint (wall_line, >, 0);
      g_assert_cmpuint (draw_line, >, wall_line);

      {
        const char *prefix = "event audience=0 line=wall%20tiles%3D";
        g_auto(GStrv) tiles = g_strsplit (lines[wall_line] + strlen (prefix), ",", -1);
        guint n = g_strv_length (tiles);
        guint drawn = 0;
        g_autofree char *joined = NULL;

        /* the first draw takes the tile after the deal (and Suzume-jong's indicator) */
        drawn = g_str_equal (games[g].id, "jihai") ? 14
                : g_str_equal (games[g].id, "suzume") ? 16 : 52;
        /* a flower among the deal is replaced from the end: the front stays */
        for (guint j = drawn + 1; j < n - 8; j++)
          if (!g_str_equal (tiles[j], tiles[drawn]) && tiles[j][0] != 'f' && tiles[drawn][0] != 'f')
            {
              char *swap = tiles[j];

              tiles[j] = tiles[drawn];
              tiles[drawn] = swap;
              break;
            }
        joined = g_strjoinv (",", tiles);
        g_free (lines[wall_line]);
        lines[wall_line] = g_strconcat (prefix, joined, NULL);
      }
      altered = g_strjoinv ("\n", lines);
      g_assert_false (parlor_replay_verify (altered, parlor_games_lookup, NULL, &error));
      g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_MISMATCH);
      expected_line = g_strdup_printf ("line %u: seat ", draw_line + 1);
      if (!g_str_has_prefix (error->message, expected_line) ||
          strstr (error->message, " draws the ") == NULL ||
          strstr (error->message, "but the wall’s next tile is the ") == NULL)
        g_error ("%s: “%s” does not name the draw at line %u", games[g].id, error->message,
                 draw_line + 1);
    }
}

/* A saved game from before the walls were recorded (honor-tile mahjong's
 * version 2) records the same actions: a table is made from it still; one
 * from before the answers were recorded (version 1) is refused. */
static void
test_table_from_older_record (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("jihai");
  g_autofree char *text = record_game (info, "", 5);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) v2 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) v1 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (lines[i], " version=3", 2);

      if (strstr (lines[i], "line=wall%20tiles") != NULL)
        continue;
      g_ptr_array_add (v2, g_strjoinv (" version=2", parts));
      g_ptr_array_add (v1, g_strjoinv ("", parts));
    }
  g_assert_nonnull (strstr (v2->pdata[1], " version=2"));
  table = parlor_table_new_from_record (info, (const char * const *) v2->pdata, v2->len, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  g_clear_object (&table);
  table = parlor_table_new_from_record (info, (const char * const *) v1->pdata, v1->len, -1, &error);
  g_assert_null (table);
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mahjong/wall/round-trip", test_round_trip);
  g_test_add_func ("/mahjong/wall/notation", test_notation);
  g_test_add_func ("/mahjong/wall/malformed", test_malformed);
  g_test_add_func ("/mahjong/wall/check-events", test_check_events);
  g_test_add_func ("/mahjong/wall/verify-altered-wall", test_verify_altered_wall);
  g_test_add_func ("/mahjong/wall/table-from-older-record", test_table_from_older_record);
  return g_test_run ();
}
