/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game model: calls and their timing, robbing, the ron ban, prompts, views, random matches. */
#include "config.h"

#include <string.h>

#include "jihai-game.h"
#include "parlor-line.h"
#include "parlor-replay.h"

static guint n_matches = 20;

/*
 * A first-hand deal: the starter's 7, the other seat's 7, the wall's first
 * tiles in drawing order, and its last ones in replacement order (end first);
 * the kinds left over fill the middle of the wall.
 */
static void
make_tiles (const char *starter,
            const char *other,
            const char *front,
            const char *back,
            MahjongTile tiles[JIHAI_N_TILES])
{
  guint8 left[JIHAI_N_KINDS] = { 4, 4, 4, 4, 4, 4, 4 };
  guint n = 0, end = JIHAI_N_TILES;
  const char *parts[] = { starter, other, front };

  g_assert_cmpuint (strlen (starter), ==, 7);
  g_assert_cmpuint (strlen (other), ==, 7);
  for (guint i = 0; i < 3; i++)
    for (const char *p = parts[i]; *p != '\0'; p++)
      {
        MahjongTile tile = jihai_tile_from_letter (*p);

        g_assert_true (jihai_tile_is_valid (tile));
        g_assert_cmpuint (left[jihai_slot (tile)], >, 0);
        left[jihai_slot (tile)]--;
        tiles[n++] = tile;
      }
  for (const char *p = back; *p != '\0'; p++)
    {
      MahjongTile tile = jihai_tile_from_letter (*p);

      g_assert_true (jihai_tile_is_valid (tile));
      g_assert_cmpuint (left[jihai_slot (tile)], >, 0);
      left[jihai_slot (tile)]--;
      tiles[--end] = tile;
    }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    while (left[k] > 0)
      {
        tiles[n++] = jihai_slot_tile (k);
        left[k]--;
      }
  g_assert_cmpuint (n, ==, end);
}

typedef struct
{
  JihaiGame *game;
  GPtrArray *events;
} Fixture;

static void
fixture_start (Fixture    *f,
               const char *starter,
               const char *other,
               const char *front,
               const char *back)
{
  MahjongTile tiles[JIHAI_N_TILES];
  g_autoptr(GError) error = NULL;

  make_tiles (starter, other, front, back, tiles);
  f->game = jihai_game_new_with_tiles ("first=0", 1, tiles, &error);
  g_assert_no_error (error);
  f->events = parlor_event_array_new ();
  parlor_game_start (PARLOR_GAME (f->game), f->events);
  g_assert_cmpuint (jihai_game_count_tiles (f->game), ==, JIHAI_N_TILES);
}

static void
fixture_clear (Fixture *f)
{
  g_clear_object (&f->game);
  g_clear_pointer (&f->events, g_ptr_array_unref);
}

/* Plays the answers a table plays for a seat with nothing to claim. */
static void
settle (Fixture *f)
{
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *action = parlor_game_get_automatic_action (PARLOR_GAME (f->game), seat);
      g_autoptr(GError) error = NULL;

      if (action == NULL)
        continue;
      g_assert_cmpstr (action, ==, "pass");
      g_assert_true (parlor_game_apply (PARLOR_GAME (f->game), seat, action, f->events, &error));
      g_assert_no_error (error);
    }
}

/* @action, then what a table would answer at once (f->events has both). */
static void
play (Fixture    *f,
      guint       seat,
      const char *action)
{
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (f->events, 0);
  g_assert_true (parlor_game_apply (PARLOR_GAME (f->game), seat, action, f->events, &error));
  g_assert_no_error (error);
  settle (f);
  g_assert_cmpuint (jihai_game_count_tiles (f->game), ==, JIHAI_N_TILES);
}

/* @action alone: an open window stays open. */
static void
play_only (Fixture    *f,
           guint       seat,
           const char *action)
{
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (f->events, 0);
  g_assert_true (parlor_game_apply (PARLOR_GAME (f->game), seat, action, f->events, &error));
  g_assert_no_error (error);
}

/* A meld as the mahjong kit reads it: a claimed tile comes from the
 * opponent, who sits opposite; a concealed kong claims none. */
static void
assert_meld (const MahjongMeld *meld,
             MahjongMeldType    type,
             MahjongMeldSource  source,
             MahjongTile        tile)
{
  g_assert_cmpint (meld->type, ==, type);
  g_assert_cmpint (meld->source, ==, source);
  g_assert_cmpint (meld->tile, ==, tile);
  g_assert_cmpint (meld->from, ==, source == MAHJONG_MELD_CONCEALED ? 0 : 2);
  g_assert_cmpint (meld->claimed, ==, source == MAHJONG_MELD_CONCEALED ? MAHJONG_NO_TILE : tile);
  g_assert_true (mahjong_meld_is_valid (meld));
}

static void
refuse (Fixture    *f,
        guint       seat,
        const char *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  g_assert_false (parlor_game_apply (PARLOR_GAME (f->game), seat, action, events, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (events->len, ==, 0);
}

static char *
default_of (Fixture *f,
            guint    seat)
{
  ParlorRng rng;

  parlor_rng_init (&rng, 1, 1);
  return parlor_game_default_action (PARLOR_GAME (f->game), seat, &rng);
}

static gboolean
has_action (Fixture    *f,
            guint       seat,
            const char *action)
{
  g_autoptr(GPtrArray) actions = parlor_game_legal_actions (PARLOR_GAME (f->game), seat);

  for (guint i = 0; i < actions->len; i++)
    if (g_str_equal (g_ptr_array_index (actions, i), action))
      return TRUE;
  return FALSE;
}

/* The event lines (of any audience) joined by newlines. */
static char *
events_text (Fixture *f)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < f->events->len; i++)
    g_string_append_printf (out, "%s\n", ((ParlorEvent *) g_ptr_array_index (f->events, i))->line);
  return g_string_free (out, FALSE);
}

static gboolean
events_have (Fixture    *f,
             const char *text)
{
  g_autofree char *all = events_text (f);

  return strstr (all, text) != NULL;
}

/* The audience of the event @line, 0 if there is none. */
static guint32
audience_of (Fixture    *f,
             const char *line)
{
  for (guint i = 0; i < f->events->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (f->events, i);

      if (g_str_equal (event->line, line))
        return event->audience;
    }
  return 0;
}

static void
assert_waiting (Fixture         *f,
                guint            seat,
                ParlorPromptKind kind)
{
  g_assert_cmphex (parlor_game_get_waiting (PARLOR_GAME (f->game)), ==, PARLOR_AUDIENCE_SEAT (seat));
  g_assert_cmpint (parlor_game_get_prompt_kind (PARLOR_GAME (f->game), seat), ==, kind);
}

static void
test_deal_and_draw (void)
{
  Fixture f = { 0 };
  JihaiView v;

  fixture_start (&f, "EESWNOG", "SSWNOGR", "S", "");
  g_assert_true (events_have (&f, "hand number=1 starter=0 score0=15 score1=15\n"));
  g_assert_true (events_have (&f, "deal seat=0 tiles=EESWNOG\n"));
  g_assert_true (events_have (&f, "deal seat=1 count=7\n"));
  g_assert_true (events_have (&f, "draw seat=0 tile=S\n"));
  g_assert_true (events_have (&f, "draw seat=0\n"));
  /* each seat sees its own tiles only */
  for (guint i = 0; i < f.events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (f.events, i);

      if (g_str_has_prefix (e->line, "wall "))
        g_assert_cmphex (e->audience, ==, 0);
      else if (strstr (e->line, "tiles=") != NULL || strstr (e->line, "tile=") != NULL)
        g_assert_cmphex (e->audience, ==, PARLOR_AUDIENCE_SEAT (e->line[strlen ("deal seat=")] == '1'
                                                                    || strstr (e->line, "seat=1") ? 1 : 0));
    }
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);
  jihai_game_get_view (f.game, 0, &v);
  g_assert_cmpint (v.wall, ==, 13);
  g_assert_cmpint (v.drawn, ==, MAHJONG_TILE_SOUTH);
  g_assert_cmpint (v.counts[0], ==, 2);
  g_assert_cmpint (v.ask, ==, JIHAI_ASK_TURN);
  jihai_game_get_view (f.game, 1, &v);
  g_assert_cmpint (v.drawn, ==, MAHJONG_NO_TILE);
  g_assert_cmpint (v.n_concealed[0], ==, 8);
  g_assert_cmpint (v.counts[1], ==, 2);   /* S S */
  g_assert_cmpint (v.counts[0], ==, 0);
  g_assert_cmpint (v.ask, ==, JIHAI_ASK_NONE);
  refuse (&f, 1, "discard S");
  refuse (&f, 0, "discard S S");
  refuse (&f, 0, "discard X");
  refuse (&f, 0, "ron");
  refuse (&f, 0, "pung");
  refuse (&f, 0, "tsumo");
  refuse (&f, 0, "draw");
  fixture_clear (&f);
}

/* Every discard opens a window for the other seat, whether or not it may
 * claim; with nothing to claim it is not asked (its only answer is pass,
 * which a table plays at once), and the discarder sees the same either way. */
static void
test_window_every_discard (void)
{
  static const char *const others[] = { "WWNOGGR", "SSWNOGG" };
  char *discarder_views[2];

  for (guint i = 0; i < 2; i++)
    {
      Fixture f = { 0 };
      g_autofree char *auto_answer = NULL;
      g_autofree char *line = NULL;
      JihaiView v;

      fixture_start (&f, "EESSWNO", others[i], "NR", "");
      play_only (&f, 0, "discard S");
      g_assert_false (events_have (&f, "draw"));
      assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
      g_assert_true (has_action (&f, 1, "pass"));
      g_assert_cmpint (has_action (&f, 1, "pung"), ==, i == 1);
      auto_answer = parlor_game_get_automatic_action (PARLOR_GAME (f.game), 1);
      g_assert_cmpstr (auto_answer, ==, i == 1 ? NULL : "pass");
      jihai_game_get_view (f.game, 1, &v);
      g_assert_cmpint (v.ask, ==, i == 1 ? JIHAI_ASK_CLAIM : JIHAI_ASK_NONE);
      line = parlor_game_view_for (PARLOR_GAME (f.game), 1);
      g_assert_nonnull (strstr (line, i == 1 ? " actions=pung,pass " : " actions=- "));
      discarder_views[i] = parlor_game_view_for (PARLOR_GAME (f.game), 0);
      g_assert_nonnull (strstr (discarder_views[i], " turn=1 ask=none "));
      g_assert_nonnull (strstr (discarder_views[i], " claim=S "));
      if (i == 0)
        refuse (&f, 1, "pung");
      play (&f, 1, "pass");
      g_assert_true (events_have (&f, "draw seat=1 tile=R\n"));
      assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
      fixture_clear (&f);
    }
  g_assert_cmpstr (discarder_views[0], ==, discarder_views[1]);
  g_free (discarder_views[0]);
  g_free (discarder_views[1]);
}

static void
test_claim_window (void)
{
  Fixture f = { 0 };

  fixture_start (&f, "EESSWNO", "WWNOGGR", "NR", "");
  /* seat 1 holds no E and E completes nothing: a table passes for it, it draws */
  play (&f, 0, "discard E");
  g_assert_true (events_have (&f, "discard seat=0 tile=E\n"));
  g_assert_true (events_have (&f, "draw seat=1 tile=R\n"));
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  play (&f, 1, "discard O");
  /* seat 0 holds one O: passed for it too */
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);
  fixture_clear (&f);

  fixture_start (&f, "EESSWNO", "SSWNOGG", "NR", "");
  play (&f, 0, "discard S");
  g_assert_false (events_have (&f, "draw"));
  assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
  g_assert_true (has_action (&f, 1, "pung"));
  g_assert_true (has_action (&f, 1, "pass"));
  g_assert_false (has_action (&f, 1, "kong"));
  g_assert_false (has_action (&f, 1, "ron"));
  g_assert_false (has_action (&f, 1, "discard S"));
  refuse (&f, 0, "discard E");
  refuse (&f, 1, "kong");
  refuse (&f, 1, "discard S");
  {
    g_autofree char *def = default_of (&f, 1);

    g_assert_cmpstr (def, ==, "pass");
  }
  play (&f, 1, "pass");
  g_assert_true (events_have (&f, "draw seat=1 tile=R\n"));
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  fixture_clear (&f);
}

static void
test_pung (void)
{
  Fixture f = { 0 };
  JihaiView v;

  /* seat 1 holds RRRR too: no concealed kong right after a pung */
  fixture_start (&f, "EESWNOG", "SSRRRRW", "NW", "");
  play (&f, 0, "discard S");
  play (&f, 1, "pung");
  g_assert_true (events_have (&f, "call seat=1 type=pung tile=S\n"));
  g_assert_false (events_have (&f, "draw"));
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  g_assert_false (has_action (&f, 1, "ckong R"));
  g_assert_false (has_action (&f, 1, "tsumo"));
  g_assert_true (has_action (&f, 1, "discard W"));
  refuse (&f, 1, "ckong R");
  {
    g_autofree char *def = default_of (&f, 1);

    /* nothing drawn: the rightmost tile */
    g_assert_cmpstr (def, ==, "discard R");
  }
  jihai_game_get_view (f.game, 0, &v);
  g_assert_cmpint (v.n_discards[0], ==, 0);   /* the called tile left the row */
  g_assert_cmpint (v.discarded[0], ==, jihai_tile_bit (MAHJONG_TILE_SOUTH));
  g_assert_cmpint (v.n_melds[1], ==, 1);
  assert_meld (&v.melds[1][0], MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED, MAHJONG_TILE_SOUTH);
  g_assert_cmpint (v.n_concealed[1], ==, 5);
  play (&f, 1, "discard W");
  /* seat 0 draws N, seat 1 then draws W and may declare its concealed kong */
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);
  play (&f, 0, "discard N");
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  g_assert_true (has_action (&f, 1, "ckong R"));
  fixture_clear (&f);
}

static void
test_open_kong (void)
{
  Fixture f = { 0 };
  JihaiView v;

  fixture_start (&f, "EESWNOG", "SSSWNOR", "R", "G");
  play (&f, 0, "discard S");
  g_assert_true (has_action (&f, 1, "kong"));
  g_assert_true (has_action (&f, 1, "pung"));
  play (&f, 1, "kong");
  g_assert_true (events_have (&f, "call seat=1 type=kong tile=S\n"));
  /* the replacement comes from the end of the wall */
  g_assert_true (events_have (&f, "draw seat=1 tile=G replacement=1\n"));
  g_assert_true (events_have (&f, "draw seat=1 replacement=1\n"));
  jihai_game_get_view (f.game, 1, &v);
  assert_meld (&v.melds[1][0], MAHJONG_MELD_KONG, MAHJONG_MELD_CLAIMED, MAHJONG_TILE_SOUTH);
  g_assert_cmpint (v.wall, ==, 12);
  g_assert_cmpint (v.drawn, ==, MAHJONG_TILE_GREEN);
  {
    g_autofree char *def = default_of (&f, 1);

    g_assert_cmpstr (def, ==, "discard G");
  }
  fixture_clear (&f);
}

static void
test_concealed_and_added_kong (void)
{
  Fixture f = { 0 };
  JihaiView v;
  g_autofree char *line = NULL;

  /* seat 0: EEE + draws E; seat 1 holds SS and will pung, then draw the 4th S */
  fixture_start (&f, "EEESWNO", "SSGGRRW", "EWS", "ON");
  g_assert_true (has_action (&f, 0, "ckong E"));
  {
    g_autofree char *def = default_of (&f, 0);

    /* the timer never declares a kong */
    g_assert_cmpstr (def, ==, "discard E");
  }
  refuse (&f, 0, "ckong S");
  refuse (&f, 0, "akong E");
  play (&f, 0, "ckong E");
  g_assert_true (events_have (&f, "call seat=0 type=ckong tile=E\n"));
  g_assert_true (events_have (&f, "draw seat=0 tile=O replacement=1\n"));
  jihai_game_get_view (f.game, 1, &v);
  assert_meld (&v.melds[0][0], MAHJONG_MELD_KONG, MAHJONG_MELD_CONCEALED, MAHJONG_TILE_EAST);
  line = jihai_view_to_line (&v);
  g_assert_nonnull (strstr (line, "melds0=EEEE "));
  /* after a concealed kong the turn goes on */
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);
  play (&f, 0, "discard S");
  play (&f, 1, "pung");
  play (&f, 1, "discard W");
  /* seat 0 draws W, discards it; seat 1 draws S */
  play (&f, 0, "discard W");
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  g_assert_true (has_action (&f, 1, "akong S"));
  play (&f, 1, "akong S");
  g_assert_true (events_have (&f, "call seat=1 type=akong tile=S\n"));
  g_assert_true (events_have (&f, "draw seat=1 tile=N replacement=1\n"));
  jihai_game_get_view (f.game, 0, &v);
  assert_meld (&v.melds[1][0], MAHJONG_MELD_KONG, MAHJONG_MELD_ADDED, MAHJONG_TILE_SOUTH);
  fixture_clear (&f);
}

static void
test_heavenly_and_tsumo (void)
{
  Fixture f = { 0 };

  /* the starter's first draw completes two closed triplets and a pair */
  fixture_start (&f, "SSSWWWO", "EENNGGR", "O", "");
  g_assert_true (has_action (&f, 0, "tsumo"));
  play (&f, 0, "tsumo");
  g_assert_true (events_have (&f, "win seat=0 way=tsumo tile=O shape=A "
                                  "lines=two_closed_triplets:3,two_winds:2,heavenly:4 points=9 "
                                  "melds=- tiles=SSSWWWOO\n"));
  g_assert_true (events_have (&f, "hand-over result=win winner=0 points=9 score0=24 score1=6\n"));
  /* the winner starts the next hand */
  g_assert_true (events_have (&f, "hand number=2 starter=0 score0=24 score1=6\n"));
  fixture_clear (&f);
}

static void
test_earthly_and_hand_of_man (void)
{
  Fixture f = { 0 };

  /* seat 1 waits on E (four pairs... EESSWWN + N? no: ESSWWNN waits on E) */
  fixture_start (&f, "OGRROGE", "ESSWWNN", "OE", "");
  play (&f, 0, "discard E");
  /* ron on the starter's first discard: Wind pairs + Hand of man */
  g_assert_true (has_action (&f, 1, "ron"));
  assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
  play (&f, 1, "ron");
  g_assert_true (events_have (&f, "lines=wind_pairs:3,hand_of_man:2 points=5"));
  g_assert_true (events_have (&f, "from=0\n"));
  g_assert_true (events_have (&f, "score0=10 score1=20\n"));
  g_assert_true (events_have (&f, "hand number=2 starter=1"));
  fixture_clear (&f);

  fixture_start (&f, "OGRROGN", "ESSWWNN", "OE", "");
  play (&f, 0, "discard O");
  /* seat 1 draws E on its first draw: Earthly hand */
  g_assert_true (has_action (&f, 1, "tsumo"));
  play (&f, 1, "tsumo");
  g_assert_true (events_have (&f, "lines=wind_pairs:3,earthly:2 points=5"));
  fixture_clear (&f);
}

static void
test_ron_ban (void)
{
  Fixture f = { 0 };

  /* seat 1 waits on N (wind pairs) and never discarded one: ron */
  fixture_start (&f, "OOGGRRE", "EESSWWN", "WON", "");
  play (&f, 0, "discard O");
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);   /* seat 1 drew O */
  play (&f, 1, "discard O");
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);   /* seat 0 drew N */
  play (&f, 0, "discard N");
  assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
  g_assert_true (has_action (&f, 1, "ron"));
  g_assert_false (has_action (&f, 1, "pung"));
  g_assert_false (events_have (&f, "ron-barred"));
  fixture_clear (&f);

  /* seat 1 discarded N earlier: no ron on N, so nothing to claim (passed for it) */
  fixture_start (&f, "OOGGRRE", "EESSWWN", "WNNO", "");
  play (&f, 0, "discard O");
  /* seat 1 drew N: complete, it may tsumo; it discards N instead */
  g_assert_true (has_action (&f, 1, "tsumo"));
  play (&f, 1, "discard N");
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);   /* seat 0 drew N */
  play (&f, 0, "discard N");
  /* seat 1 alone is told why it is not asked */
  g_assert_cmpuint (audience_of (&f, "ron-barred seat=1 tile=N"), ==, PARLOR_AUDIENCE_SEAT (1));
  g_assert_true (events_have (&f, "draw seat=1 tile=O\n"));
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  refuse (&f, 1, "ron");
  fixture_clear (&f);
}

/* A complete hand worth no point cannot win (two open pungs of a wind and a dragon). */
static void
test_zero_points (void)
{
  Fixture f = { 0 };

  fixture_start (&f, "EOWGGRR", "EEOOSSN", "WNWS", "");
  play (&f, 0, "discard E");
  play (&f, 1, "pung");
  play (&f, 1, "discard N");
  play (&f, 0, "discard O");
  /* a ron here would make O a closed triplet (1 point): it is offered */
  g_assert_true (has_action (&f, 1, "ron"));
  play (&f, 1, "pung");
  play (&f, 1, "discard S");
  play (&f, 0, "discard N");
  /* seat 1 drew S: EE+E OO+O | SS is complete but scores 0 */
  assert_waiting (&f, 1, PARLOR_PROMPT_TURN);
  g_assert_true (events_have (&f, "draw seat=1 tile=S\n"));
  g_assert_false (has_action (&f, 1, "tsumo"));
  refuse (&f, 1, "tsumo");
  fixture_clear (&f);

  /* The same shape completed by an S discarded to it, when seat 1 has
   * discarded S: the ban notice comes however many points (here none)
   * the hand would score, as docs/rules/jihai-mahjong.md says. */
  fixture_start (&f, "EOWGGRR", "EEOOSSN", "WNSS", "");
  play (&f, 0, "discard E");
  play (&f, 1, "pung");
  play (&f, 1, "discard N");
  play (&f, 0, "discard O");
  play (&f, 1, "pung");
  play (&f, 1, "discard S");
  play (&f, 0, "discard S");
  g_assert_cmpuint (audience_of (&f, "ron-barred seat=1 tile=S"), ==, PARLOR_AUDIENCE_SEAT (1));
  fixture_clear (&f);
}

static void
test_robbing (void)
{
  Fixture f = { 0 };

  /* seat 1 holds six kinds and a pair and waits on E; seat 0 declares a concealed kong of E */
  fixture_start (&f, "EEEOGRN", "SWNOGRR", "E", "S");
  play (&f, 0, "ckong E");
  g_assert_true (events_have (&f, "call seat=0 type=ckong tile=E\n"));
  g_assert_false (events_have (&f, "draw"));
  assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
  g_assert_true (has_action (&f, 1, "ron"));
  g_assert_true (has_action (&f, 1, "pass"));
  g_assert_false (has_action (&f, 1, "pung"));
  {
    g_autofree char *def = default_of (&f, 1);

    g_assert_cmpstr (def, ==, "pass");
  }
  play (&f, 1, "ron");
  g_assert_true (events_have (&f, "win seat=1 way=ron tile=E shape=C "
                                  "lines=seven_orphans:1,robbing_quad:1 points=2"));
  fixture_clear (&f);

  /* passing lets the kong stand */
  fixture_start (&f, "EEEOGRN", "SWNOGRR", "E", "S");
  play (&f, 0, "ckong E");
  play (&f, 1, "pass");
  g_assert_true (events_have (&f, "draw seat=0 tile=S replacement=1\n"));
  assert_waiting (&f, 0, PARLOR_PROMPT_TURN);
  fixture_clear (&f);

  /* a concealed kong cannot be robbed for any other shape: the window is
   * still there, and passed for seat 1 */
  fixture_start (&f, "EEEOGRN", "SSWWOOG", "E", "S");
  play_only (&f, 0, "ckong E");
  g_assert_false (events_have (&f, "draw"));
  assert_waiting (&f, 1, PARLOR_PROMPT_CLAIM);
  {
    g_autofree char *auto_answer = parlor_game_get_automatic_action (PARLOR_GAME (f.game), 1);

    g_assert_cmpstr (auto_answer, ==, "pass");
  }
  settle (&f);
  g_assert_true (events_have (&f, "draw seat=0 tile=S replacement=1\n"));
  fixture_clear (&f);
}

static void
test_drawn_hand (void)
{
  Fixture f = { 0 };
  JihaiView v;

  /* hands that can neither call nor win: discard the drawn tile until the wall is empty */
  fixture_start (&f, "EESWNOG", "SSWNOGR", "", "");
  for (guint turn = 0; turn < 14; turn++)
    {
      g_autofree char *def = default_of (&f, turn % 2);
      guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (f.game));

      g_assert_cmphex (waiting, ==, PARLOR_AUDIENCE_SEAT (turn % 2));
      jihai_game_get_view (f.game, turn % 2, &v);
      if (v.options.can & JIHAI_CAN_TSUMO)
        break;   /* the fill happened to complete a hand: nothing more to test */
      play (&f, turn % 2, def);
      if (events_have (&f, "hand-over"))
        {
          g_assert_cmpuint (turn, ==, 13);
          g_assert_true (events_have (&f, "hand-over result=draw score0=15 score1=15\n"));
          /* the player who started second starts */
          g_assert_true (events_have (&f, "hand number=2 starter=1 "));
          break;
        }
      /* a claim window: let it pass */
      while (parlor_game_get_prompt_kind (PARLOR_GAME (f.game),
                                          (turn + 1) % 2) == PARLOR_PROMPT_CLAIM)
        {
          guint32 w = parlor_game_get_waiting (PARLOR_GAME (f.game));

          if (w != PARLOR_AUDIENCE_SEAT ((turn + 1) % 2))
            break;
          play (&f, (turn + 1) % 2, "pass");
        }
    }
  fixture_clear (&f);
}

static void
test_config_and_describe (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JihaiGame) bad = jihai_game_new ("first=2", 1, &error);
  static const char *const names[] = { "Ann", "Bob", NULL };
  static const char *const lines[] = {
    "hand number=1 starter=0 score0=15 score1=15", "deal seat=0 tiles=EESWNOG", "deal seat=1 count=7",
    "draw seat=0 tile=E", "draw seat=1", "discard seat=1 tile=G", "call seat=0 type=pung tile=G",
    "call seat=1 type=ckong tile=E", "win seat=0 way=ron tile=O shape=A lines=two_winds:2 points=2 melds=- tiles=SSSWWWOO from=1",
    "hand-over result=draw score0=15 score1=15", "match-over winner=1 score0=-2 score1=32 hands=3",
    "discard E", "pung", "ron", "pass", "ckong E",
  };

  g_assert_null (bad);
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
  for (guint seed = 0; seed < 20; seed++)
    {
      g_autoptr(JihaiGame) game = jihai_game_new ("first=random", seed, NULL);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      JihaiView v;

      parlor_game_start (PARLOR_GAME (game), events);
      jihai_game_get_view (game, 0, &v);
      g_assert_cmphex (parlor_game_get_waiting (PARLOR_GAME (game)), ==, PARLOR_AUDIENCE_SEAT (v.starter));
    }
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *said = jihai_game_info.describe (lines[i], names);

      g_assert_nonnull (said);
      g_assert_cmpstr (said, !=, lines[i]);
    }
  /* The reader's own seat, named "", is spoken to. */
  {
    static const char *const you_names[] = { "", "Bob", NULL };
    static const struct { const char *line, *said; } spoken[] = {
      { "hand number=1 starter=0 score0=15 score1=15", "Hand 1: you start (points 15 to 15)" },
      { "deal seat=0 tiles=EESWNOG", "You get seven tiles" },
      { "draw seat=0 tile=E", "You draw East" },
      { "discard seat=0 tile=G", "You discard Green" },
      { "discard seat=1 tile=G", "Bob discards Green" },
      { "call seat=0 type=pung tile=G", "You call pung on Green" },
      { "match-over winner=0 score0=32 score1=-2 hands=3", "You win the match, 32 points to -2" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (spoken); i++)
      {
        g_autofree char *said = jihai_game_info.describe (spoken[i].line, you_names);

        g_assert_cmpstr (said, ==, spoken[i].said);
      }
  }
}

/* Seeded random matches: tiles accounted for, points conserved, views hide the other hand. */
static void
check_state (JihaiGame *game,
             GPtrArray *events)
{
  JihaiView mine[2];

  g_assert_cmpuint (jihai_game_count_tiles (game), ==, JIHAI_N_TILES);
  g_assert_cmpint (jihai_game_get_score (game, 0) + jihai_game_get_score (game, 1), ==, 30);
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), (int) s);
      JihaiView parsed;
      g_autofree char *again = NULL;
      guint n = 0;

      jihai_game_get_view (game, (int) s, &mine[s]);
      g_assert_true (jihai_view_parse (line, &parsed, NULL));
      again = jihai_view_to_line (&parsed);
      g_assert_cmpstr (line, ==, again);
      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        n += parsed.counts[k];
      g_assert_cmpuint (n, ==, parsed.n_concealed[s]);
      /* the line carries every tile and meld of the struct as it is */
      g_assert_cmpint (parsed.drawn, ==, mine[s].drawn);
      g_assert_cmpint (parsed.claim, ==, mine[s].claim);
      for (guint t = 0; t < 2; t++)
        {
          g_assert_cmpuint (parsed.n_melds[t], ==, mine[s].n_melds[t]);
          g_assert_cmpmem (parsed.melds[t], parsed.n_melds[t] * sizeof (MahjongMeld),
                           mine[s].melds[t], mine[s].n_melds[t] * sizeof (MahjongMeld));
          g_assert_cmpmem (parsed.discards[t], parsed.n_discards[t], mine[s].discards[t],
                           mine[s].n_discards[t]);
          for (guint i = 0; i < parsed.n_discards[t]; i++)
            g_assert_true (jihai_tile_is_valid (parsed.discards[t][i]));
        }
    }
  /* what a seat sees of the other's concealed hand is its size only */
  {
    g_autofree char *spectator = parlor_game_view_for (PARLOR_GAME (game), -1);
    JihaiView v;

    g_assert_true (jihai_view_parse (spectator, &v, NULL));
    g_assert_cmpint (v.seat, ==, -1);
    for (guint k = 0; k < JIHAI_N_KINDS; k++)
      g_assert_cmpint (v.counts[k], ==, 0);
  }
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);
      g_autoptr(ParlorLine) line = parlor_line_parse (e->line, NULL);
      const char *type = parlor_line_get_type (line);

      if (g_str_equal (type, "deal") || g_str_equal (type, "draw"))
        {
          gint64 seat;

          g_assert_true (parlor_line_get_int (line, "seat", 0, 1, &seat, NULL));
          if (parlor_line_has (line, "tile") || parlor_line_has (line, "tiles"))
            g_assert_cmphex (e->audience, ==, PARLOR_AUDIENCE_SEAT (seat));
          else
            g_assert_false (e->audience & PARLOR_AUDIENCE_SEAT (seat));
        }
      else if (g_str_equal (type, "ron-barred"))
        {
          gint64 seat;

          /* only the seat barred learns it */
          g_assert_true (parlor_line_get_int (line, "seat", 0, 1, &seat, NULL));
          g_assert_cmphex (e->audience, ==, PARLOR_AUDIENCE_SEAT (seat));
        }
      else if (g_str_equal (type, "wall"))
        /* the whole wall is for the record only */
        g_assert_cmphex (e->audience, ==, 0);
      else
        g_assert_cmphex (e->audience, ==, PARLOR_AUDIENCE_ALL);
    }
}

static GPtrArray *
play_match (guint64     seed,
            const char *level0,
            const char *level1,
            GPtrArray  *actions_in,
            GPtrArray  *actions_out,
            gboolean    check)
{
  g_autoptr(JihaiGame) game = jihai_game_new ("first=random", seed, NULL);
  GPtrArray *log = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  const char *levels[2] = { level0, level1 };
  ParlorRng rng;
  guint moves = 0;

  parlor_rng_init (&rng, seed, 7);
  parlor_game_start (PARLOR_GAME (game), events);
  while (!parlor_game_is_over (PARLOR_GAME (game)))
    {
      guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (game));
      guint seat = waiting == 1 ? 0 : 1;
      g_autofree char *action = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (waiting == 1 || waiting == 2);
      for (guint i = 0; i < events->len; i++)
        {
          ParlorEvent *e = g_ptr_array_index (events, i);

          g_ptr_array_add (log, g_strdup_printf ("%x %s", e->audience, e->line));
        }
      if (check)
        check_state (game, events);
      if (actions_in != NULL)
        {
          g_assert_cmpuint (moves, <, actions_in->len);
          action = g_strdup (g_ptr_array_index (actions_in, moves));
        }
      else if ((action = parlor_game_get_automatic_action (PARLOR_GAME (game), seat)) != NULL)
        ;   /* nothing to claim: what a table plays */
      else if (parlor_rng_below (&rng, 10) == 0)
        action = parlor_game_default_action (PARLOR_GAME (game), seat, &rng);
      else
        {
          g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) seat);

          action = jihai_game_info.ai_choose (levels[seat], view, parlor_rng_next64 (&rng), NULL, &error);
          g_assert_no_error (error);
        }
      if (actions_out != NULL)
        g_ptr_array_add (actions_out, g_strdup (action));
      g_ptr_array_set_size (events, 0);
      g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
      g_assert_no_error (error);
      moves++;
    }
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      g_ptr_array_add (log, g_strdup_printf ("%x %s", e->audience, e->line));
    }
  if (check)
    {
      g_autofree char *result = parlor_game_get_result (PARLOR_GAME (game));

      check_state (game, events);
      g_assert_nonnull (result);
      g_assert_true (jihai_game_get_score (game, 0) <= 0 || jihai_game_get_score (game, 1) <= 0);
      g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, 0);
    }
  return log;
}

static void
test_random_matches (void)
{
  static const char *const levels[] = { "random", "normal", "strong" };

  for (guint m = 0; m < n_matches; m++)
    {
      g_autoptr(GPtrArray) log = play_match (1000 + m, levels[m % 3], levels[(m / 3) % 3], NULL,
                                             NULL, TRUE);

      g_assert_cmpuint (log->len, >, 0);
    }
}

static void
test_replay_determinism (void)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) first = play_match (seed, "strong", "random", NULL, actions, FALSE);
      g_autoptr(GPtrArray) second = play_match (seed, "strong", "random", actions, NULL, FALSE);

      g_assert_cmpuint (first->len, ==, second->len);
      for (guint i = 0; i < first->len; i++)
        g_assert_cmpstr (g_ptr_array_index (first, i), ==, g_ptr_array_index (second, i));
    }
}

static const ParlorGameInfo *
lookup_jihai (const char *id)
{
  return g_str_equal (id, "jihai") ? &jihai_game_info : NULL;
}

static char *
join_records (GPtrArray *records)
{
  g_ptr_array_add (records, NULL);
  return g_strjoinv ("\n", (char **) records->pdata);
}

/* A version 1 or 2 replay's events: no hand's wall. */
static void
append_events_without_wall (GPtrArray *records,
                            GPtrArray *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      if (!g_str_has_prefix (e->line, "wall "))
        g_ptr_array_add (records, parlor_replay_format_event (e, NULL));
    }
}

/*
 * Replays: version 2 records the passes a table plays for a seat with
 * nothing to claim; a version 1 replay (from before every discard opened a
 * window) has none, and the reader plays them itself; version 3 records
 * each hand's wall, which a version 1 replay lacks; a newer version is
 * refused in words.
 */
static void
test_replay_versions (void)
{
  g_autoptr(JihaiGame) game = jihai_game_new ("first=random", 11, NULL);
  g_autoptr(GPtrArray) v2 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) v1 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text2 = NULL;
  g_autofree char *text1 = NULL;
  g_autofree char *text3 = NULL;
  g_autofree char *result = NULL;
  guint n_games = 0, n_automatic = 0;
  guint64 seed = 1;

  g_ptr_array_add (v2, parlor_replay_format_header ());
  g_ptr_array_add (v1, parlor_replay_format_header ());
  g_ptr_array_add (v2, parlor_replay_format_game_version ("jihai", jihai_game_info.replay_version,
                                                          11, "first=random", NULL));
  g_ptr_array_add (v1, parlor_replay_format_game ("jihai", 11, "first=random", NULL));
  for (guint k = 0; k < 2; k++)
    {
      g_ptr_array_add (v2, parlor_replay_format_seat (k, "AI", "ai", NULL, NULL));
      g_ptr_array_add (v1, parlor_replay_format_seat (k, "AI", "ai", NULL, NULL));
    }
  parlor_game_start (PARLOR_GAME (game), events);
  g_assert_true (parlor_replay_append_events (v2, events, NULL));
  append_events_without_wall (v1, events);
  while (!parlor_game_is_over (PARLOR_GAME (game)))
    {
      guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
      g_autofree char *action = parlor_game_get_automatic_action (PARLOR_GAME (game), seat);
      gboolean automatic = action != NULL;

      if (!automatic)
        {
          g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) seat);

          action = jihai_game_info.ai_choose ("normal", view, seed++, NULL, &error);
          g_assert_no_error (error);
        }
      g_ptr_array_set_size (events, 0);
      g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
      g_assert_no_error (error);
      g_ptr_array_add (v2, parlor_replay_format_action (seat, action, FALSE, NULL));
      if (automatic)
        n_automatic++;
      else
        g_ptr_array_add (v1, parlor_replay_format_action (seat, action, FALSE, NULL));
      g_assert_true (parlor_replay_append_events (v2, events, NULL));
      append_events_without_wall (v1, events);
    }
  result = parlor_game_get_result (PARLOR_GAME (game));
  g_ptr_array_add (v2, parlor_replay_format_result (result, NULL));
  g_ptr_array_add (v1, parlor_replay_format_result (result, NULL));
  g_assert_cmpuint (n_automatic, >, 0);

  text2 = join_records (v2);
  g_assert_nonnull (strstr (text2, " version=3"));
  g_assert_nonnull (strstr (text2, "line=wall%20tiles"));
  g_assert_true (parlor_replay_verify (text2, lookup_jihai, &n_games, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_games, ==, 1);

  text1 = join_records (v1);
  g_assert_null (strstr (text1, " version=3"));
  g_assert_null (strstr (text1, "line=wall%20tiles"));
  g_assert_true (parlor_replay_verify (text1, lookup_jihai, &n_games, &error));
  g_assert_no_error (error);

  {
    g_auto(GStrv) parts = g_strsplit (text2, " version=3", 2);

    text3 = g_strjoinv (" version=4", parts);
  }
  g_assert_false (parlor_replay_verify (text3, lookup_jihai, &n_games, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME);
  g_assert_nonnull (strstr (error->message, "newer"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--matches="))
      n_matches = (guint) g_ascii_strtoull (argv[i] + strlen ("--matches="), NULL, 10);
  g_test_add_func ("/jihai/game/deal-and-draw", test_deal_and_draw);
  g_test_add_func ("/jihai/game/claim-window", test_claim_window);
  g_test_add_func ("/jihai/game/window-every-discard", test_window_every_discard);
  g_test_add_func ("/jihai/game/pung", test_pung);
  g_test_add_func ("/jihai/game/open-kong", test_open_kong);
  g_test_add_func ("/jihai/game/concealed-and-added-kong", test_concealed_and_added_kong);
  g_test_add_func ("/jihai/game/heavenly-and-tsumo", test_heavenly_and_tsumo);
  g_test_add_func ("/jihai/game/earthly-and-hand-of-man", test_earthly_and_hand_of_man);
  g_test_add_func ("/jihai/game/ron-ban", test_ron_ban);
  g_test_add_func ("/jihai/game/zero-points", test_zero_points);
  g_test_add_func ("/jihai/game/robbing", test_robbing);
  g_test_add_func ("/jihai/game/drawn-hand", test_drawn_hand);
  g_test_add_func ("/jihai/game/config-and-describe", test_config_and_describe);
  g_test_add_func ("/jihai/game/random-matches", test_random_matches);
  g_test_add_func ("/jihai/game/replay-determinism", test_replay_determinism);
  g_test_add_func ("/jihai/game/replay-versions", test_replay_versions);
  return g_test_run ();
}
