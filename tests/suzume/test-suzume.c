/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Suzume-jong: scoring (hand-worked from the rules spec), payments, claims, views, random matches. */
#include "config.h"

#include <string.h>

#include "parlor-line.h"
#include "parlor-replay.h"
#include "parlor-rng.h"
#include "suzume-ai.h"
#include "suzume-game-private.h"
#include "suzume-view.h"

/* ---- scoring: every yaku and the precedence rules, worked by hand ---- */

typedef struct
{
  const char *hand;
  const char *dora;
  int         total;      /* -1: no shape */
  const char *yaku;       /* as the CLI prints it */
} ScoreCase;

static const ScoreCase score_cases[] = {
  /* the source's example: triplets 2+2, All Terminals 15; red, dora, chanta dropped */
  { "1s 1s 1r 9s 9s 9s", "1s", 19, "Triplet x2;All Terminals x1" },
  /* two runs of 2-8: 1+1 + All Simples 1 */
  { "2s 3s 4s 5s 6s 7s", "F", 3, "Run x2;All Simples x1" },
  /* dora counts each tile of the indicator's number, red or not */
  { "2s 3s 4s 4r 5s 6s", "4s", 6, "Run x2;Dora x2;Red x1;All Simples x1" },
  /* plain 2 3 4 and three plain 6: All Green 10 replaces All Simples */
  { "2s 3s 4s 6s 6s 6s", "F", 13, "Run x1;Triplet x1;All Green x1" },
  /* a red 2 is not green: Red 1 + All Simples 1 */
  { "2r 3s 4s 6s 6s 6s", "F", 5, "Run x1;Triplet x1;Red x1;All Simples x1" },
  /* 1-2-3 and 7-8-9 both hold a terminal: chanta 2, dora 9 */
  { "1s 2s 3s 7s 8s 9s", "9s", 5, "Run x2;Dora x1;Terminals in Every Set x1" },
  /* 發 triplet with dora 發 ×3 and chanta */
  { "1s 2s 3s F F F", "F", 8, "Run x1;Triplet x1;Dora x3;Terminals in Every Set x1" },
  /* dragons only: All Terminals 15, the three red 中 and dora do not count */
  { "F F F C C C", "C", 19, "Triplet x2;All Terminals x1" },
  /* every tile red: All Red 20 */
  { "C C C 4r 5r 6r", "5s", 23, "Run x1;Triplet x1;All Red x1" },
  /* one plain tile spoils All Red: red 5, dora 1 (the 5r) */
  { "C C C 4r 5r 6s", "5s", 9, "Run x1;Triplet x1;Dora x1;Red x5" },
  /* all four 5s: triplet + run */
  { "5r 5s 5s 5s 6s 7s", "7s", 6, "Run x1;Triplet x1;Dora x1;Red x1;All Simples x1" },
  /* four points: a shape that may not win */
  { "1r 1s 1s 2s 3s 4s", "F", 4, "Run x1;Triplet x1;Red x1" },
  /* numbers and 中 in every set, not all terminals */
  { "1s 2s 3s C C C", "9s", 8, "Run x1;Triplet x1;Red x3;Terminals in Every Set x1" },
  /* terminals only with numbers */
  { "1s 1s 1s 9s 9r 9s", "F", 19, "Triplet x2;All Terminals x1" },
  /* 1-1-1 + 2-3-4: the run holds no terminal */
  { "1s 1s 1s 2s 3s 4s", "2s", 4, "Run x1;Triplet x1;Dora x1" },
  /* a green hand with 發: All Green */
  { "F F F 6s 6s 6s", "1s", 14, "Triplet x2;All Green x1" },
  /* no shapes */
  { "1s 2s 4s 5s 6s 7s", "F", -1, NULL },
  { "F C 1s 2s 3s 4s", "F", -1, NULL },
  { "8s 9s F 1s 2s 3s", "F", -1, NULL },      /* no wrap-around */
  { "F F C C 5s 5s", "F", -1, NULL },          /* pairs are no sets */
};

static void
parse_hand (const char  *text,
            MahjongTile tiles[SUZUME_HAND_SIZE])
{
  guint n;
  g_autofree char *commas = g_strdup (text);

  g_strdelimit (commas, " ", ',');
  g_assert_true (suzume_tiles_parse (commas, ',', tiles, SUZUME_HAND_SIZE, &n));
  g_assert_cmpuint (n, ==, SUZUME_HAND_SIZE);
}

static void
test_score_table (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (score_cases); i++)
    {
      const ScoreCase *c = &score_cases[i];
      MahjongTile tiles[SUZUME_HAND_SIZE];
      SuzumeScore score;
      gboolean shape;

      g_test_message ("%s / %s", c->hand, c->dora);
      parse_hand (c->hand, tiles);
      shape = suzume_score_hand (tiles, suzume_tile_from_string (c->dora), &score);
      g_assert_cmpint (shape, ==, c->total >= 0);
      if (shape)
        {
          g_autofree char *names = suzume_score_to_names (&score);

          g_assert_cmpint (score.total, ==, c->total);
          g_assert_cmpstr (names, ==, c->yaku);
        }
    }
}

/* An independent shape test: some set of three leaves another set of three. */
static gboolean
brute_shape (const guint8 k[SUZUME_N_KINDS])
{
  for (guint a = 0; a < 18; a++)
    {
      guint8 c[SUZUME_N_KINDS];
      gboolean ok = TRUE;
      guint n = 0;

      memcpy (c, k, sizeof c);
      if (a < 7)
        for (guint j = a; j < a + 3; j++)
          ok = ok && c[j]-- > 0;
      else
        ok = (c[a - 7] -= 3) <= 4;
      if (!ok)
        continue;
      for (guint j = 0; j < SUZUME_N_KINDS; j++)
        n += c[j];
      g_assert_cmpuint (n, ==, 3);
      for (guint j = 0; j < SUZUME_N_KINDS; j++)
        {
          if (c[j] == 3)
            return TRUE;
          if (j < 7 && c[j] == 1 && c[j + 1] == 1 && c[j + 2] == 1)
            return TRUE;
        }
    }
  return FALSE;
}

static void
shapes_rec (guint8 k[SUZUME_N_KINDS],
            guint  kind,
            guint  left,
            guint *n_shapes)
{
  if (kind == SUZUME_N_KINDS)
    {
      MahjongTile tiles[SUZUME_HAND_SIZE];
      SuzumeScore score;
      guint n = 0;

      if (left != 0)
        return;
      for (guint j = 0; j < SUZUME_N_KINDS; j++)
        for (guint c = 0; c < k[j]; c++)
          tiles[n++] = suzume_kind_tile (j);
      g_assert_cmpint (suzume_score_hand (tiles, MAHJONG_TILE_GREEN, &score), ==, brute_shape (k));
      *n_shapes += score.shape;
      return;
    }
  for (guint c = 0; c <= MIN (4u, left); c++)
    {
      k[kind] = c;
      shapes_rec (k, kind + 1, left - c, n_shapes);
    }
  k[kind] = 0;
}

static void
test_score_shapes (void)
{
  guint8 k[SUZUME_N_KINDS] = { 0 };
  guint n_shapes = 0;

  shapes_rec (k, 0, SUZUME_HAND_SIZE, &n_shapes);
  /* 7 runs + 11 triplets, pairs of them with at most 4 of a kind */
  g_assert_cmpuint (n_shapes, ==, 28 + 7 * 11 + 55);
}

static void
test_tiles_notation (void)
{
  static const char * const good[] = { "1s", "9s", "1r", "9r", "F", "C" };
  static const char * const bad[] = { "0s", "10s", "5m", "Fr", "Cs", "c", "f", "5", "", "5ss" };
  char buf[3];

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    g_assert_cmpstr (suzume_tile_to_string (suzume_tile_from_string (good[i]), buf), ==, good[i]);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_cmpuint (suzume_tile_from_string (bad[i]), ==, MAHJONG_NO_TILE);
  g_assert_true (suzume_tile_is_red (suzume_tile_from_string ("C")));
  g_assert_false (suzume_tile_is_green (suzume_tile_from_string ("2r")));
  g_assert_true (suzume_tile_is_green (suzume_tile_from_string ("8s")));
  g_assert_false (suzume_tile_is_green (suzume_tile_from_string ("5s")));
}

/* The game's tiles are the kit's: bamboo 18-26, 發, 中 (red, as every 中 is). */
static void
test_tiles_are_the_kits (void)
{
  guint8 seen[SUZUME_N_TYPES] = { 0 };
  MahjongWall wall;
  char buf[3];

  g_assert_cmpuint (suzume_tile_from_string ("1s"), ==, 18);
  g_assert_cmpuint (suzume_tile_from_string ("9s"), ==, 26);
  g_assert_cmpuint (suzume_tile_from_string ("5r"), ==, 22 | MAHJONG_TILE_RED);
  g_assert_cmpuint (suzume_tile_from_string ("F"), ==, MAHJONG_TILE_GREEN);
  g_assert_cmpuint (suzume_tile_from_string ("C"), ==, MAHJONG_TILE_RED_DRAGON | MAHJONG_TILE_RED);
  g_assert_false (suzume_tile_is_valid (MAHJONG_TILE_RED_DRAGON));
  g_assert_false (suzume_tile_is_valid (MAHJONG_TILE_GREEN | MAHJONG_TILE_RED));
  g_assert_false (suzume_tile_is_valid (4));
  g_assert_false (suzume_tile_is_valid (MAHJONG_TILE_EAST));
  g_assert_false (suzume_tile_is_valid (MAHJONG_NO_TILE));
  g_assert_cmpstr (suzume_tile_to_string (MAHJONG_TILE_WHITE, buf), ==, "?");
  g_assert_cmpuint (suzume_tile_kind (MAHJONG_NO_TILE), ==, SUZUME_N_KINDS);

  mahjong_wall_fill (&wall, MAHJONG_TILE_SET_SUZUME);
  g_assert_cmpuint (wall.size, ==, SUZUME_N_TILES);
  for (guint i = 0; i < wall.size; i++)
    {
      MahjongTile t = wall.tiles[i];

      g_assert_true (suzume_tile_is_valid (t));
      g_assert_cmpuint (suzume_tile_from_string (suzume_tile_to_string (t, buf)), ==, t);
      g_assert_cmpuint (suzume_type_tile (suzume_tile_type (t)), ==, t);
      seen[suzume_tile_type (t)]++;
    }
  for (guint type = 0; type < SUZUME_N_TYPES; type++)
    g_assert_cmpuint (seen[type], ==, suzume_type_copies (type));
  for (guint kind = 0; kind < SUZUME_N_KINDS; kind++)
    g_assert_cmpuint (suzume_tile_kind (suzume_kind_tile (kind)), ==, kind);
}

/* ---- positions dealt from a chosen wall ---- */

/* Fills the wall: the given tiles first (deal order from the dealer: five per seat,
 * the indicator, then the draws), then every other tile in a fixed order. */
static void
make_wall (const char  *front,
           MahjongTile wall[SUZUME_N_TILES])
{
  guint8 left[SUZUME_N_TYPES];
  g_auto(GStrv) parts = g_strsplit (front, " ", -1);
  guint n = 0;

  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    left[t] = (guint8) suzume_type_copies (t);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      MahjongTile t;

      if (*parts[i] == '\0')
        continue;
      t = suzume_tile_from_string (parts[i]);
      g_assert_cmpuint (t, !=, MAHJONG_NO_TILE);
      g_assert_cmpuint (left[suzume_tile_type (t)], >, 0);
      left[suzume_tile_type (t)]--;
      wall[n++] = t;
    }
  /* the rest: tiles no test hand uses early, 發 and 中 last */
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    while (left[t] > 0)
      {
        wall[n++] = suzume_type_tile (t);
        left[t]--;
      }
  g_assert_cmpuint (n, ==, SUZUME_N_TILES);
}

typedef struct
{
  SuzumeGame *game;
  SuzumeState *state;
  GPtrArray *events;
} Table;

static void
table_setup (Table      *t,
             const char *config,
             const char *front)
{
  MahjongTile wall[SUZUME_N_TILES];
  g_autoptr(GError) error = NULL;

  t->game = suzume_game_new (config, 7, &error);
  g_assert_no_error (error);
  t->events = parlor_event_array_new ();
  parlor_game_start (PARLOR_GAME (t->game), t->events);
  t->state = suzume_game_get_state (t->game);
  make_wall (front, wall);
  g_ptr_array_set_size (t->events, 0);
  suzume_state_deal_wall (t->state, wall, t->events);
}

static void
table_clear (Table *t)
{
  g_clear_object (&t->game);
  g_clear_pointer (&t->events, g_ptr_array_unref);
}

static void
act_only (Table      *t,
          guint       seat,
          const char *action)
{
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (t->events, 0);
  g_assert_true (parlor_game_apply (PARLOR_GAME (t->game), seat, action, t->events, &error));
  g_assert_no_error (error);
}

/* @action, then the passes a table plays at once for the seats that cannot
 * ron the discard (t->events has the events of all). */
static void
act (Table      *t,
     guint       seat,
     const char *action)
{
  act_only (t, seat, action);
  for (guint s = 0; s < t->state->config.n_seats; s++)
    {
      g_autofree char *answer = parlor_game_get_automatic_action (PARLOR_GAME (t->game), s);
      g_autoptr(GError) error = NULL;

      if (answer == NULL)
        continue;
      g_assert_cmpstr (answer, ==, "pass");
      g_assert_true (parlor_game_apply (PARLOR_GAME (t->game), s, answer, t->events, &error));
      g_assert_no_error (error);
    }
}

static void
refuse (Table      *t,
        guint       seat,
        const char *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  g_assert_false (parlor_game_apply (PARLOR_GAME (t->game), seat, action, events, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (events->len, ==, 0);
}

static gboolean
has_event (Table      *t,
           const char *line)
{
  for (guint i = 0; i < t->events->len; i++)
    if (g_str_equal (((ParlorEvent *) t->events->pdata[i])->line, line))
      return TRUE;
  return FALSE;
}

static void
assert_points (Table     *t,
               const int *points)
{
  for (guint s = 0; s < t->state->config.n_seats; s++)
    g_assert_cmpint (t->state->points[s], ==, points[s]);
}

/* Dealer 0 draws into 2-3-4 + 6-6-6 plain: All Green 13 + dealer 2 = 15. */

static void
test_tsumo_payments (void)
{
  /* one row per seat count: each of the others pays ceil(15 / (N-1)) */
  static const int share[] = { 0, 0, 15, 8, 5, 4 };

  for (guint n = 2; n <= 5; n++)
    {
      Table t;
      g_autofree char *config = g_strdup_printf ("seats=%u dealer=0", n);
      GString *front = g_string_new ("2s 3s 4s 6s 6s ");
      static const char *const filler[] = { "1s 1s 5s 7s 9s ", "1s 5s 5s 7s 9s ",
                                            "1r 7s 7r 9s 9r ", "8s 8s 8r 3r 5r " };
      int points[5];

      for (guint s = 1; s < n; s++)
        g_string_append (front, filler[s - 1]);
      g_string_append (front, "F 6s");
      table_setup (&t, config, front->str);
      g_string_free (front, TRUE);

      g_assert_true (suzume_state_can_tsumo (t.state, 0, NULL));
      act (&t, 0, "tsumo");
      for (guint s = 0; s < n; s++)
        points[s] = s == 0 ? 40 + (int) (n - 1) * share[n] : 40 - share[n];
      assert_points (&t, points);
      table_clear (&t);
    }
}

static void
test_short_payer_tsumo (void)
{
  Table t;

  table_setup (&t, "seats=3 dealer=0", "2s 3s 4s 6s 6s  1s 1s 5s 7s 9s  1s 5s 5s 7s 9s  F 6s");
  t.state->points[1] = 3;
  act (&t, 0, "tsumo");
  /* 15 owed, 8 each: seat 1 pays the 3 it has */
  g_assert_true (has_event (&t, "pay from=1 to=0 points=3 owed=8"));
  g_assert_true (has_event (&t, "pay from=2 to=0 points=8 owed=8"));
  {
    int points[3] = { 51, 0, 32 };

    assert_points (&t, points);
  }
  table_clear (&t);
}

/*
 * Three seats, dealer 0. Seat 1 holds 1-2-3 + 7-8 (waits on 9: runs 2, chanta 2,
 * and 9 is dora → 5); seat 2 holds 7-8 + 9-9... Seat 0 discards a 9.
 */
static void
test_multi_ron_order (void)
{
  Table t;

  /* seat 0: 9r + junk; seat 1: 1s 2s 3s 7s 8s; seat 2: 1r 2s 3s 7r 8s; indicator 9s; seat 0 draws F */
  table_setup (&t, "seats=3 dealer=0", "9r 4s 4s 5s 6r  1s 2s 3s 7s 8s  1r 2r 3s 7r 8s  9s F");
  t.state->points[0] = 8;
  t.state->points[1] = 56;
  act (&t, 0, "discard 9r");
  /* both can ron: seat 1 = runs 2 + dora 1 + red 1 + chanta 2 = 6; seat 2 = 2 + 1 + 4 + 2 = 9 */
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x6);
  g_assert_cmpint (parlor_game_get_prompt_kind (PARLOR_GAME (t.game), 1), ==, PARLOR_PROMPT_CLAIM);
  {
    g_autoptr(GPtrArray) actions = parlor_game_legal_actions (PARLOR_GAME (t.game), 2);
    g_autofree char *def = NULL;
    ParlorRng rng;

    g_assert_cmpuint (actions->len, ==, 2);
    g_assert_cmpstr (actions->pdata[0], ==, "ron");
    g_assert_cmpstr (actions->pdata[1], ==, "pass");
    parlor_rng_init (&rng, 1, 1);
    def = parlor_game_default_action (PARLOR_GAME (t.game), 2, &rng);
    g_assert_cmpstr (def, ==, "pass");
  }
  /* the later seat answers first: nothing happens until all have answered */
  act (&t, 2, "ron");
  g_assert_cmpuint (t.events->len, ==, 0);
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x2);
  refuse (&t, 2, "pass");
  act (&t, 1, "ron");
  /* seat 1 first (next from the discarder): 6 of the 8; seat 2 gets the 2 left of 9 */
  g_assert_true (has_event (&t, "pay from=0 to=1 points=6 owed=6"));
  g_assert_true (has_event (&t, "pay from=0 to=2 points=2 owed=9"));
  {
    int points[3] = { 0, 62, 42 };

    assert_points (&t, points);
  }
  /* the next hand: seat 1 deals, seat 0 at 0 points plays on */
  g_assert_cmpuint (t.state->dealer, ==, 1);
  g_assert_cmpuint (t.state->hand_number, ==, 2);
  table_clear (&t);
}

/*
 * Every discard asks every other seat, whether or not it can ron: a seat
 * that cannot has only `pass` (a table plays it at once) and its view does
 * not ask it; the other seats' views are the same either way.
 */
static void
test_window_every_discard (void)
{
  /* seat 1 may ron the 9r in both deals; seat 2 only in the first */
  static const char *const deals[] = {
    "9r 4s 4s 5s 6r  1s 2s 3s 7s 8s  1r 2r 3s 7r 8s  9s F",
    "9r 4s 4s 5s 6r  1s 2s 3s 7s 8s  1r 2r 3s 7r 5r  9s F",
  };
  char *views[2][2];

  for (guint i = 0; i < 2; i++)
    {
      Table t;
      g_autofree char *answer2 = NULL;
      g_autofree char *view2 = NULL;

      table_setup (&t, "seats=3 dealer=0", deals[i]);
      act_only (&t, 0, "discard 9r");
      g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x6);
      g_assert_cmpint (parlor_game_get_prompt_kind (PARLOR_GAME (t.game), 2), ==,
                       PARLOR_PROMPT_CLAIM);
      answer2 = parlor_game_get_automatic_action (PARLOR_GAME (t.game), 2);
      g_assert_cmpstr (answer2, ==, i == 0 ? NULL : "pass");
      view2 = parlor_game_view_for (PARLOR_GAME (t.game), 2);
      g_assert_nonnull (strstr (view2, i == 0 ? " ask=ron " : " ask=none "));
      if (i == 1)
        refuse (&t, 2, "ron");
      views[i][0] = parlor_game_view_for (PARLOR_GAME (t.game), 0);
      views[i][1] = parlor_game_view_for (PARLOR_GAME (t.game), 1);
      g_assert_nonnull (strstr (views[i][0], " turn=0 ask=none "));
      g_assert_nonnull (strstr (views[i][1], " ask=ron "));
      /* the window stays open until every seat has answered */
      act (&t, 1, "pass");
      if (i == 0)
        {
          g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x4);
          act (&t, 2, "pass");
        }
      g_assert_true (has_event (&t, "draw seat=1 wall=26"));
      g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x2);
      table_clear (&t);
    }
  for (guint s = 0; s < 2; s++)
    {
      g_assert_cmpstr (views[0][s], ==, views[1][s]);
      g_free (views[0][s]);
      g_free (views[1][s]);
    }
}

static void
test_ron_dealer_bonus_and_pass (void)
{
  Table t;

  /* 2 seats, dealer 1 (seat 1 is dealt first). Seat 1 waits on 9 as above, seat 0 discards 9s */
  table_setup (&t, "seats=2 dealer=1", "1s 2s 3s 7s 8s  9s 4s 4s 5s 6r  9r F");
  /* seat 1 (dealer) drew F; it discards F, seat 0 cannot ron F */
  act (&t, 1, "discard F");
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x1);
  g_assert_cmpint (parlor_game_get_prompt_kind (PARLOR_GAME (t.game), 0), ==, PARLOR_PROMPT_TURN);
  act (&t, 0, "discard 9s");
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x2);
  act (&t, 1, "pass");
  /* passed: seat 0... no, seat 1 draws next */
  g_assert_cmpuint (t.state->turn, ==, 1);
  g_assert_cmpint (t.state->points[0], ==, 40);
  table_clear (&t);

  /* again, taking it: 1-2-3 7-8-9 with dora 9 (indicator 9r): 2 + 1 + 2 = 5, +2 dealer */
  table_setup (&t, "seats=2 dealer=1", "1s 2s 3s 7s 8s  9s 4s 4s 5s 6r  9r F");
  act (&t, 1, "discard F");
  act (&t, 0, "discard 9s");
  act (&t, 1, "ron");
  g_assert_true (has_event (&t, "pay from=0 to=1 points=7 owed=7"));
  table_clear (&t);
}

/* The audience of the event @line, 0 when there is none. */
static guint32
event_audience (Table      *t,
                const char *line)
{
  for (guint i = 0; i < t->events->len; i++)
    if (g_str_equal (((ParlorEvent *) t->events->pdata[i])->line, line))
      return ((ParlorEvent *) t->events->pdata[i])->audience;
  return 0;
}

static gboolean
has_event_type (Table      *t,
                const char *prefix)
{
  for (guint i = 0; i < t->events->len; i++)
    if (g_str_has_prefix (((ParlorEvent *) t->events->pdata[i])->line, prefix))
      return TRUE;
  return FALSE;
}

static void
test_ron_ban (void)
{
  Table t;

  /* seat 1 waits on 9 with 1-2-3 7-8 (dora 9: 5 points); the draws: 5s (seat 0),
   * 9s (seat 1), F (0), F (1), 4r (0), 9s (1) */
  table_setup (&t, "seats=2 dealer=0", "9s 4s 4s 5s 6r  1s 2s 3s 7s 8s  9r  5s 9s F F 4r 9s");
  act (&t, 0, "discard 5s");
  /* seat 1 could tsumo, and discards its 9 instead: from now on no ron on a 9 */
  g_assert_true (suzume_state_can_tsumo (t.state, 1, NULL));
  act (&t, 1, "discard 9s");
  g_assert_false (has_event_type (&t, "ron-barred"));
  act (&t, 0, "discard 9s");
  g_assert_false (suzume_state_can_ron (t.state, 1, NULL));
  /* the seat barred is told, and nobody else */
  g_assert_cmpuint (event_audience (&t, "ron-barred seat=1 tile=9s"), ==, PARLOR_AUDIENCE_SEAT (1));
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (t.game)), ==, 0x2);
  g_assert_cmpint (parlor_game_get_prompt_kind (PARLOR_GAME (t.game), 1), ==, PARLOR_PROMPT_TURN);
  refuse (&t, 1, "ron");
  act (&t, 1, "discard F");
  act (&t, 0, "discard F");
  /* the last plain 9 by draw: tsumo is still allowed */
  g_assert_cmpuint (t.state->turn, ==, 1);
  g_assert_cmpuint (t.state->drawn, ==, suzume_tile_from_string ("9s"));
  g_assert_true (suzume_state_can_tsumo (t.state, 1, NULL));
  act (&t, 1, "tsumo");
  g_assert_true (has_event (&t, "pay from=0 to=1 points=5 owed=5"));
  table_clear (&t);
}

static void
test_minimum_points (void)
{
  Table t;

  /* seat 0 draws into 1-1-1 + 2-3-4 (4 points): no tsumo, the action is refused */
  table_setup (&t, "seats=2 dealer=0", "1s 1s 1s 2s 3s  5s 5s 6s 7s 8s  F 4s");
  g_assert_false (suzume_state_can_tsumo (t.state, 0, NULL));
  refuse (&t, 0, "tsumo");
  {
    g_autoptr(GPtrArray) actions = parlor_game_legal_actions (PARLOR_GAME (t.game), 0);
    g_autofree char *def = NULL;
    ParlorRng rng;

    for (guint i = 0; i < actions->len; i++)
      g_assert_cmpstr (actions->pdata[i], !=, "tsumo");
    parlor_rng_init (&rng, 1, 1);
    def = parlor_game_default_action (PARLOR_GAME (t.game), 0, &rng);
    g_assert_cmpstr (def, ==, "discard 4s");
  }
  refuse (&t, 0, "discard 9s");
  refuse (&t, 1, "discard 5s");
  refuse (&t, 0, "discard");
  refuse (&t, 0, "chi 5s");
  table_clear (&t);
}

static void
test_exhausted (void)
{
  Table t;
  guint n_draws = 0;

  /* nobody can win from the fixed order below: everyone discards what they draw */
  table_setup (&t, "seats=5 dealer=0", "");
  while (t.state->hand_number == 1)
    {
      guint seat = t.state->turn;
      char buf[3];
      g_autofree char *action = g_strconcat ("discard ", suzume_tile_to_string (t.state->drawn, buf), NULL);

      g_assert_cmpint (t.state->phase, ==, SUZUME_PHASE_TURN);
      act (&t, seat, action);
      while (t.state->phase == SUZUME_PHASE_CLAIM)
        {
          guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (t.game));

          act (&t, (guint) g_bit_nth_lsf (waiting, -1), "pass");
        }
      n_draws++;
    }
  /* 44 - 25 dealt - 1 indicator */
  g_assert_cmpuint (n_draws, ==, 18);
  g_assert_true (has_event (&t, "exhausted"));
  {
    int points[5] = { 40, 40, 40, 40, 40 };

    assert_points (&t, points);
  }
  table_clear (&t);
}

/* ---- views and audiences ---- */

static void
test_views_hide (void)
{
  Table t;

  table_setup (&t, "seats=3 dealer=0", "9r 4s 4s 5s 6r  1s 2s 3s 7s 8s  1r 2r 3s 7r 8s  9s F");
  for (guint i = 0; i < t.events->len; i++)
    {
      ParlorEvent *e = t.events->pdata[i];

      if (strstr (e->line, "tiles=") != NULL || (g_str_has_prefix (e->line, "draw") &&
                                                  strstr (e->line, "tile=") != NULL))
        g_assert_true (e->audience == 1 || e->audience == 2 || e->audience == 4);
    }
  {
    g_autofree char *v1 = parlor_game_view_for (PARLOR_GAME (t.game), 1);
    g_autofree char *spectator = parlor_game_view_for (PARLOR_GAME (t.game), -1);
    SuzumeView view;
    g_autoptr(GError) error = NULL;

    g_assert_true (suzume_view_parse (v1, &view, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (view.hand_len, ==, 5);
    g_assert_cmpuint (view.ask, ==, SUZUME_ASK_NONE);
    g_assert_cmpuint (view.wall, ==, 44 - 15 - 1 - 1);
    g_assert_null (strstr (v1, "drawn="));
    g_assert_null (strstr (spectator, "hand="));
    g_assert_null (strstr (v1, "F"));  /* seat 0's drawn 發 */
  }
  act (&t, 0, "discard 9r");
  {
    g_autofree char *v0 = parlor_game_view_for (PARLOR_GAME (t.game), 0);
    g_autofree char *v1 = parlor_game_view_for (PARLOR_GAME (t.game), 1);
    g_autofree char *v2 = parlor_game_view_for (PARLOR_GAME (t.game), 2);

    g_assert_nonnull (strstr (v1, " ask=ron"));
    g_assert_nonnull (strstr (v2, " ask=ron"));
    g_assert_nonnull (strstr (v0, " ask=none"));
    /* nothing about the claims in the discarder's view */
    g_assert_null (strstr (v0, "ron"));
    act (&t, 1, "pass");
    g_free (v2);
    v2 = parlor_game_view_for (PARLOR_GAME (t.game), 2);
    g_assert_null (strstr (v2, "pass"));
    g_assert_nonnull (strstr (v2, " ask=ron"));
    g_assert_cmpuint (t.events->len, ==, 0);
  }
  table_clear (&t);
}

/* ---- random matches ---- */

static void
check_invariants (SuzumeState *s)
{
  guint8 seen[SUZUME_N_TYPES] = { 0 };
  int total = 0;

  for (guint p = 0; p < s->config.n_seats; p++)
    {
      total += s->points[p];
      g_assert_cmpint (s->points[p], >=, 0);
      for (guint i = 0; i < s->hand_len[p]; i++)
        seen[suzume_tile_type (s->hands[p][i])]++;
      for (guint i = 0; i < s->n_discards[p]; i++)
        seen[suzume_tile_type (s->discards[p][i])]++;
    }
  for (guint i = s->wall_pos; i < SUZUME_N_TILES; i++)
    seen[suzume_tile_type (s->wall[i])]++;
  seen[suzume_tile_type (s->indicator)]++;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    g_assert_cmpuint (seen[t], ==, suzume_type_copies (t));
  g_assert_cmpint (total, ==, SUZUME_START_POINTS * (int) s->config.n_seats);
}

/* Plays a match with the given AI level; returns every action and event as text. */
static char *
play_match (guint       n_seats,
            guint       deals,
            guint64     seed,
            const char *level)
{
  g_autofree char *config = g_strdup_printf ("seats=%u deals=%u", n_seats, deals);
  g_autoptr(GError) error = NULL;
  g_autoptr(SuzumeGame) game = suzume_game_new (config, seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GString *log = g_string_new (NULL);
  SuzumeState *s;
  guint moves = 0, hands = 0;

  g_assert_no_error (error);
  s = suzume_game_get_state (game);
  parlor_game_start (PARLOR_GAME (game), events);
  while (!parlor_game_is_over (PARLOR_GAME (game)))
    {
      guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (game));

      for (guint i = 0; i < events->len; i++)
        {
          ParlorEvent *e = events->pdata[i];

          g_string_append_printf (log, "%x %s\n", e->audience, e->line);
          hands += g_str_has_prefix (e->line, "hand ");
        }
      check_invariants (s);
      g_assert_cmpuint (waiting, !=, 0);
      for (guint p = 0; p < n_seats; p++)
        if (waiting & (1u << p))
          {
            g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) p);
            /* nothing to claim: what a table plays */
            g_autofree char *action = parlor_game_get_automatic_action (PARLOR_GAME (game), p);

            if (action == NULL)
              action = suzume_ai_choose (level, view, seed * 1000 + moves++, NULL, &error);

            g_assert_no_error (error);
            g_ptr_array_set_size (events, 0);
            g_assert_true (parlor_game_apply (PARLOR_GAME (game), p, action, events, &error));
            g_assert_no_error (error);
            g_string_append_printf (log, "%u> %s\n", p, action);
            break;
          }
    }
  for (guint i = 0; i < events->len; i++)
    hands += g_str_has_prefix (((ParlorEvent *) events->pdata[i])->line, "hand ");
  g_assert_cmpuint (hands, ==, n_seats * deals);
  check_invariants (s);
  {
    g_autofree char *result = parlor_game_get_result (PARLOR_GAME (game));

    g_assert_nonnull (result);
    g_string_append_printf (log, "%s\n", result);
  }
  return g_string_free (log, FALSE);
}

static void
test_random_matches (void)
{
  static const char *const levels[] = { "random", "normal", "random", "strong" };

  for (guint n = 2; n <= 5; n++)
    for (guint64 seed = 1; seed <= 6; seed++)
      {
        const char *level = levels[seed % (g_test_slow () ? 4 : 3)];
        g_autofree char *log = play_match (n, seed % 3 == 0 ? 2 : 1, seed, level);

        g_assert_nonnull (log);
      }
}

static const ParlorGameInfo *
lookup_suzume (const char *id)
{
  return g_strcmp0 (id, "suzume") == 0 ? &suzume_game_info : NULL;
}

/* A replay of a match by computer players (every action recorded), with its
 * ron-barred events left out when @barred is FALSE, and its walls before
 * version 4; NULL when no ron was barred. */
static char *
record_match (guint64  seed,
              guint    version,
              gboolean barred)
{
  g_autoptr(SuzumeGame) game = suzume_game_new ("seats=4 deals=1", seed, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GString *out = g_string_new (NULL);
  g_autofree char *header = parlor_replay_format_header ();
  g_autofree char *record = parlor_replay_format_game_version ("suzume", version, seed, "seats=4 deals=1", NULL);
  g_autofree char *result = NULL;
  g_autofree char *result_record = NULL;
  guint moves = 0, n_barred = 0;

  g_string_append_printf (out, "%s\n%s\n", header, record);
  for (guint p = 0; p < 4; p++)
    g_string_append_printf (out, "seat index=%u name=AI kind=ai\n", p);
  parlor_game_start (PARLOR_GAME (game), events);
  while (TRUE)
    {
      guint32 waiting;

      for (guint i = 0; i < events->len; i++)
        {
          ParlorEvent *e = events->pdata[i];
          g_autofree char *line = parlor_replay_format_event (e, NULL);

          n_barred += g_str_has_prefix (e->line, "ron-barred ");
          if ((barred || !g_str_has_prefix (e->line, "ron-barred ")) &&
              (version >= 4 || !g_str_has_prefix (e->line, "wall ")))
            g_string_append_printf (out, "%s\n", line);
        }
      g_ptr_array_set_size (events, 0);
      if (parlor_game_is_over (PARLOR_GAME (game)))
        break;
      waiting = parlor_game_get_waiting (PARLOR_GAME (game));
      for (guint p = 0; p < 4; p++)
        if (waiting & (1u << p))
          {
            g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) p);
            g_autofree char *action = parlor_game_get_automatic_action (PARLOR_GAME (game), p);
            g_autofree char *line = NULL;

            if (action == NULL)
              action = suzume_ai_choose ("normal", view, seed * 1000 + moves++, NULL, NULL);
            g_assert_true (parlor_game_apply (PARLOR_GAME (game), p, action, events, NULL));
            line = parlor_replay_format_action (p, action, FALSE, NULL);
            g_string_append_printf (out, "%s\n", line);
            break;
          }
    }
  result = parlor_game_get_result (PARLOR_GAME (game));
  result_record = parlor_replay_format_result (result, NULL);
  g_string_append_printf (out, "%s\n", result_record);
  if (n_barred == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/* Version 3 records the ron-barred events, version 4 each hand's wall;
 * version 2 and 3 replays, from before them, still read. */
static void
test_replay_versions (void)
{
  guint64 seed;
  g_autofree char *v3 = NULL;

  for (seed = 1; seed < 400 && v3 == NULL; seed++)
    v3 = record_match (seed, 3, TRUE);
  g_assert_nonnull (v3);
  seed--;

  {
    g_autofree char *v2 = record_match (seed, 2, FALSE);
    g_autofree char *v3_without = record_match (seed, 3, FALSE);
    g_autofree char *v2_with = record_match (seed, 2, TRUE);
    g_autofree char *v4 = record_match (seed, 4, TRUE);
    g_autoptr(GError) error = NULL;
    guint n_games = 0;

    g_assert_nonnull (strstr (v4, "line=wall%20tiles"));
    g_assert_null (strstr (v3, "line=wall%20tiles"));
    g_assert_true (parlor_replay_verify (v4, lookup_suzume, &n_games, &error));
    g_assert_no_error (error);

    g_assert_true (parlor_replay_verify (v3, lookup_suzume, &n_games, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_games, ==, 1);
    g_assert_true (parlor_replay_verify (v2, lookup_suzume, &n_games, &error));
    g_assert_no_error (error);
    g_assert_false (parlor_replay_verify (v3_without, lookup_suzume, NULL, &error));
    g_assert_nonnull (strstr (error->message, "ron-barred"));
    g_clear_error (&error);
    g_assert_false (parlor_replay_verify (v2_with, lookup_suzume, NULL, &error));
    g_assert_nonnull (error);
  }
}

static void
test_replay_determinism (void)
{
  for (guint n = 2; n <= 5; n++)
    {
      g_autofree char *a = play_match (n, 1, 42 + n, "normal");
      g_autofree char *b = play_match (n, 1, 42 + n, "normal");
      g_autofree char *c = play_match (n, 1, 43 + n, "normal");

      g_assert_cmpstr (a, ==, b);
      g_assert_cmpstr (a, !=, c);
    }
}

/* A computer player's action for @view, which must be a valid question. */
static char *
ai_action (const char *level,
           const char *view,
           guint64     seed)
{
  g_autoptr(GError) error = NULL;
  char *action = suzume_ai_choose (level, view, seed, NULL, &error);

  g_assert_no_error (error);
  return action;
}

/* The greedy player counts the tiles its hand lacks to a ready shape, whatever the
 * shape would score (the rules' greedy-shanten player; scoring 5 is the strong
 * player's business): it throws the red dora 2 to keep 7-8-9 4-5, which no tile
 * makes worth 5 points, where the strong player keeps the 2 and throws a 5. */
static void
test_normal_counts_shape (void)
{
  static const char *const view =
    "view seat=0 seats=3 deals=1 hand-number=1 hands=3 dealer=0 turn=0 ask=discard"
    " hand=7s,8s,9s,5s,4s,2r drawn=2r dora=2s wall=25 scores=40,40,40"
    " d0=1s d1=5r d2=C last=C from=2";

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autofree char *greedy = ai_action ("normal", view, seed);
      g_autofree char *strong = ai_action ("strong", view, seed);

      g_assert_cmpstr (greedy, ==, "discard 2r");
      g_assert_cmpstr (strong, ==, "discard 5s");
    }
}

/* Far from any win while both other seats have discarded five tiles each (likely
 * ready), the strong player folds: it throws the one kind neither of them may ron. */
static void
test_strong_folds (void)
{
  static const char *const view =
    "view seat=0 seats=3 deals=1 hand-number=1 hands=3 dealer=0 turn=0 ask=discard"
    " hand=1s,9s,F,C,5s,7s drawn=7s dora=4r wall=12 scores=40,40,40"
    " d0=3s,4s,6s,8s,2s d1=9s,2s,4s,6s,8s d2=9s,3s,F,2r,6r last=6r from=2";

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autofree char *action = ai_action ("strong", view, seed);

      g_assert_cmpstr (action, ==, "discard 9s");
    }
}

/* Last hand, seat 0 (38 points) waits on 9 with 1-2-3 7-8 (dora 9: 5 points, 6
 * with the red 9) against 46 and 36: a ron from seat 2 leaves it second, so it
 * passes while a ron from seat 1 or a tsumo would still put it first; it takes
 * the ron from seat 1, and any ron in an earlier hand. */
static void
test_strong_passes_last_ron (void)
{
  static const struct
  {
    const char *view;
    const char *action;
  } cases[] = {
    { "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=2 ask=ron"
      " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=38,46,36"
      " d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s last=9s from=2", "pass" },
    { "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=1 ask=ron"
      " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=38,46,36"
      " d0=F,4s,5s d1=C,6s,9s d2=F,5r,2s last=9s from=1", "ron" },
    { "view seat=0 seats=3 deals=1 hand-number=2 hands=3 dealer=1 turn=2 ask=ron"
      " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=38,46,36"
      " d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s last=9s from=2", "ron" },
    /* nothing left to draw: the win is taken */
    { "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=2 ask=ron"
      " hand=1s,2s,3s,7s,8s dora=9r wall=0 scores=38,46,36"
      " d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s last=9s from=2", "ron" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *action = ai_action ("strong", cases[i].view, 1);
      g_autofree char *greedy = ai_action ("normal", cases[i].view, 1);

      g_assert_cmpstr (action, ==, cases[i].action);
      g_assert_cmpstr (greedy, ==, "ron");
    }
}

/* Last hand, seat 0 (36 points) holds 1-2-3 7-8-9 (dora 9: 5 points) against 46 and
 * 38: the tsumo (3 from each) leaves it second, a ron of the 1 or the 9 from seat 1
 * would tie it first, so it discards instead; in hand 2 it takes the tsumo. */
static void
test_strong_keeps_last_hand_open (void)
{
  static const char *const last =
    "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=0 ask=discard"
    " hand=1s,2s,3s,7s,8s,9s drawn=9s dora=9r wall=10 scores=36,46,38"
    " d0=F,4s d1=C,6s,2s d2=F,5r,5s last=5s from=2";
  static const char *const second =
    "view seat=0 seats=3 deals=1 hand-number=2 hands=3 dealer=1 turn=0 ask=discard"
    " hand=1s,2s,3s,7s,8s,9s drawn=9s dora=9r wall=10 scores=36,46,38"
    " d0=F,4s d1=C,6s,2s d2=F,5r,5s last=5s from=2";

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autofree char *a = ai_action ("strong", last, seed);
      g_autofree char *b = ai_action ("strong", second, seed);

      g_assert_true (g_str_has_prefix (a, "discard "));
      g_assert_cmpstr (b, ==, "tsumo");
    }
}

static void
test_config (void)
{
  static const char *const bad[] = { "seats=1", "seats=6", "deals=3", "deals=0", "seats=3 dealer=3",
                                     "speed=2", "seats" };
  g_autoptr(GError) error = NULL;
  g_autoptr(SuzumeGame) game = suzume_game_new ("", 1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (parlor_game_get_n_seats (PARLOR_GAME (game)), ==, 4);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) e = NULL;

      g_assert_null (suzume_game_new (bad[i], 1, &e));
      g_assert_error (e, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
    }
}

static void
test_describe (void)
{
  const ParlorGameInfo *info = &suzume_game_info;
  static const char *const names[] = { "Ann", "Bo", "Cy", NULL };
  g_autofree char *a = info->describe ("discard seat=1 tile=5r", names);
  g_autofree char *b = info->describe ("pay from=0 to=2 points=2 owed=9", names);
  g_autofree char *c = info->describe ("ron seat=2 from=0 tile=9r hand=1r,2r,3s,7r,8s,9r total=9 yaku=run:2 bonus=0", names);

  g_assert_cmpstr (a, ==, "Bo discards the red 5");
  g_assert_cmpstr (b, ==, "Ann pays Cy 2 of the 9 points owed");
  g_assert_cmpstr (c, ==, "Cy wins on Ann’s red 9: 9 points");
}

/* The viewer's own seat named "": the log speaks to them. */
static void
test_describe_you (void)
{
  const ParlorGameInfo *info = &suzume_game_info;
  static const char *const names[] = { "Ann", "", "Cy", NULL };
  static const struct { const char *line, *words; } cases[] = {
    { "discard seat=1 tile=5r", "You discard the red 5" },
    { "draw seat=1 tile=F wall=20", "You draw the green dragon" },
    { "draw seat=0 wall=20", "Ann draws a tile" },
    { "deal seat=1 count=5", "You take five tiles" },
    { "pay from=1 to=2 points=2 owed=9", "You pay Cy 2 of the 9 points owed" },
    { "pay from=0 to=1 points=7 owed=7", "Ann pays you 7 points" },
    { "tsumo seat=1 tile=3s hand=1s,2s,3s,F,F,F total=6 yaku=run:1 bonus=2",
      "You win on the drawn 3 bamboo: 6 points, +2 as dealer" },
    { "ron seat=2 from=1 tile=9r hand=1r,2r,3s,7r,8s,9r total=9 yaku=run:2 bonus=0",
      "Cy wins on your red 9: 9 points" },
    { "match seats=3 deals=1 dealer=1", "A match of 3 hands for 3 players begins; you deal first" },
    { "hand number=2 of=3 dealer=1", "Hand 2 of 3; you deal" },
    { "scores points=39,45,36", "Points: Ann 39, you 45, Cy 36" },
    { "hand number=3 of=3 dealer=2", "Hand 3 of 3; Cy deals" },
    { "game-over scores=50,30,40 winners=1", "Match over. You win" },
    { "game-over scores=30,45,45 winners=1,2", "Match over. Shared victory: you, Cy" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = info->describe (cases[i].line, names);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

/* Every discard prompt's view says whether the seat may win on its draw,
 * as the rules' legal actions do; every winning hand splits into two sets. */
static void
test_view_carries_tsumo (void)
{
  guint asked = 0, tsumo = 0;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorGame) game = suzume_game_info.new_game ("seats=3", seed, &error);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      ParlorRng rng;

      g_assert_no_error (error);
      parlor_rng_init (&rng, seed, 9);
      parlor_game_start (game, events);
      while (!parlor_game_is_over (game))
        for (guint seat = 0; seat < 3; seat++)
          {
            g_autoptr(GPtrArray) legal = NULL;
            g_autofree char *line = NULL;
            g_autofree char *action = NULL;
            gboolean can_tsumo = FALSE;
            SuzumeView view;

            if (!parlor_game_is_waiting_for (game, seat))
              continue;
            legal = parlor_game_legal_actions (game, seat);
            line = parlor_game_view_for (game, (int) seat);
            g_assert_true (suzume_view_parse (line, &view, NULL));
            for (guint i = 0; i < legal->len; i++)
              can_tsumo |= g_str_equal (g_ptr_array_index (legal, i), "tsumo");
            if (view.ask == SUZUME_ASK_DISCARD)
              {
                asked++;
                g_assert_cmpint (view.can_tsumo, ==, can_tsumo);
              }
            if (can_tsumo)
              {
                MahjongTile tiles[SUZUME_HAND_SIZE];
                MahjongTile sets[2][3];

                tsumo++;
                g_assert_cmpuint (view.hand_len, ==, SUZUME_HAND_SIZE);
                memcpy (tiles, view.hand, sizeof tiles);
                g_assert_true (suzume_hand_sets (tiles, sets));
              }
            action = g_strdup (g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len)));
            g_ptr_array_set_size (events, 0);
            g_assert_true (parlor_game_apply (game, seat, action, events, &error));
            g_assert_no_error (error);
            break;
          }
    }
  g_assert_cmpuint (asked, >, 100);
  g_assert_cmpuint (tsumo, >, 0);
}

/* A view that asks what it cannot (a ron with no discard on offer, a discard
 * from five tiles) is refused, and no computer player plays from it. */
static void
test_view_impossible_ask (void)
{
  static const char * const views[] = {
    "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=2 ask=ron"
    " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=38,46,36 d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s",
    "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=2 ask=ron"
    " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=38,46,36 d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s"
    " last=9s from=0",
    "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=2 ask=ron"
    " hand=1s,2s,3s,7s dora=9r wall=10 scores=38,46,36 d0=F,4s,5s d1=C,6s,2s d2=F,5r,9s"
    " last=9s from=2",
    "view seat=0 seats=3 deals=1 hand-number=3 hands=3 dealer=1 turn=0 ask=discard"
    " hand=1s,2s,3s,7s,8s dora=9r wall=10 scores=36,46,38 d0=F,4s,5s d1=C,6s,9s d2=F,5r,2s",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (views); i++)
    for (const char * const *level = suzume_game_info.ai_levels; *level != NULL; level++)
      {
        g_autoptr(GError) error = NULL;
        SuzumeView view;
        g_autofree char *action = NULL;

        g_assert_false (suzume_view_parse (views[i], &view, NULL));
        action = suzume_ai_choose (*level, views[i], 1, NULL, &error);
        g_assert_null (action);
        g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
      }
}

/* A win event's hand in words: its two sets, a run and a triplet apart. */
static void
test_sets_words (void)
{
  g_autofree char *run_and_triplet = suzume_win_sets_words ("5s,1s,5r,3s,2s,5s");
  g_autofree char *not_a_win = suzume_win_sets_words ("1s,2s,4s,5s,7s,9s");
  g_autofree char *not_tiles = suzume_win_sets_words ("1s,2s,x");
  g_autofree char *empty = suzume_win_sets_words ("");
  g_auto(GStrv) sets = g_strsplit (run_and_triplet, "\n", -1);

  g_assert_cmpuint (g_strv_length (sets), ==, 2);
  /* The first tile's set comes first, in order. */
  g_assert_cmpstr (sets[0], ==, "5 of bamboo, red 5 of bamboo, 5 of bamboo");
  g_assert_cmpstr (sets[1], ==, "1 of bamboo, 2 of bamboo, 3 of bamboo");
  g_assert_cmpstr (not_a_win, ==, "1s,2s,4s,5s,7s,9s");
  g_assert_cmpstr (not_tiles, ==, "1s,2s,x");
  g_assert_cmpstr (empty, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/suzume/score/table", test_score_table);
  g_test_add_func ("/suzume/view/carries-tsumo", test_view_carries_tsumo);
  g_test_add_func ("/suzume/score/shapes", test_score_shapes);
  g_test_add_func ("/suzume/tiles/notation", test_tiles_notation);
  g_test_add_func ("/suzume/tiles/kit", test_tiles_are_the_kits);
  g_test_add_func ("/suzume/pay/tsumo-2-to-5", test_tsumo_payments);
  g_test_add_func ("/suzume/pay/short-tsumo", test_short_payer_tsumo);
  g_test_add_func ("/suzume/pay/multi-ron-order", test_multi_ron_order);
  g_test_add_func ("/suzume/claim/window-every-discard", test_window_every_discard);
  g_test_add_func ("/suzume/pay/ron-dealer-pass", test_ron_dealer_bonus_and_pass);
  g_test_add_func ("/suzume/rules/ron-ban", test_ron_ban);
  g_test_add_func ("/suzume/rules/minimum", test_minimum_points);
  g_test_add_func ("/suzume/rules/exhausted", test_exhausted);
  g_test_add_func ("/suzume/rules/config", test_config);
  g_test_add_func ("/suzume/view/hide", test_views_hide);
  g_test_add_func ("/suzume/play/random-matches", test_random_matches);
  g_test_add_func ("/suzume/play/replay", test_replay_determinism);
  g_test_add_func ("/suzume/play/replay-versions", test_replay_versions);
  g_test_add_func ("/suzume/ai/normal-counts-shape", test_normal_counts_shape);
  g_test_add_func ("/suzume/ai/strong-folds", test_strong_folds);
  g_test_add_func ("/suzume/ai/strong-passes-last-ron", test_strong_passes_last_ron);
  g_test_add_func ("/suzume/ai/strong-keeps-last-hand-open", test_strong_keeps_last_hand_open);
  g_test_add_func ("/suzume/describe", test_describe);
  g_test_add_func ("/suzume/sets-words", test_sets_words);
  g_test_add_func ("/suzume/view/impossible-ask", test_view_impossible_ask);
  g_test_add_func ("/suzume/describe/you", test_describe_you);

  return g_test_run ();
}
