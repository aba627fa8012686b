/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Chinese Official mahjong game: claims, flags, payments, views, whole matches.
 * The fan of each scripted win is worked out by hand from the rules spec. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mahjong-tile.h"
#include "mcr-ai.h"
#include "mcr-game.h"
#include "mcr-view.h"
#include "parlor-line.h"

/* ---- stacked walls ----------------------------------------------------------- */

/* "123m4pE f1": suited runs, honor letters, f1..f8 flowers (34..41). */
static guint
parse_tiles (const char *text,
             guint8     *out)
{
  guint n = 0;
  GString *digits = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ' ')
        continue;
      if (*p == 'f')
        {
          out[n++] = (guint8) (MAHJONG_TILE_FLOWER + (p[1] - '1'));
          p++;
        }
      else if (*p >= '1' && *p <= '9')
        g_string_append_c (digits, *p);
      else if (*p == 'm' || *p == 'p' || *p == 's')
        {
          guint base = *p == 'm' ? 0 : *p == 'p' ? 9 : 18;

          for (guint i = 0; i < digits->len; i++)
            out[n++] = (guint8) (base + (guint) (digits->str[i] - '1'));
          g_string_truncate (digits, 0);
        }
      else
        {
          char b[2] = { *p, 0 };
          guint t = mahjong_tile_from_string (b);

          g_assert_cmpuint (t, <, MAHJONG_N_KINDS);
          out[n++] = (guint8) t;
        }
    }
  g_string_free (digits, TRUE);
  return n;
}

/* Seats 0..3 are dealt hands[i] (13 each, the dealer seat 0 first), then the front
 * draws follow, the replacement tiles come from the back, the rest fills the middle. */
static void
make_wall (const char * const hands[4],
           const char        *front,
           const char        *back,
           guint8             wall[144])
{
  guint8 used[42] = { 0 };
  guint8 tmp[144];
  guint n = 0, nb, nf;
  guint8 back_tiles[144];

  for (guint s = 0; s < 4; s++)
    {
      guint k = parse_tiles (hands[s], wall + n);

      g_assert_cmpuint (k, ==, 13);
      n += k;
    }
  nf = parse_tiles (front, tmp);
  memcpy (wall + n, tmp, nf);
  n += nf;
  nb = parse_tiles (back, back_tiles);
  for (guint i = 0; i < nb; i++)
    wall[143 - i] = back_tiles[i];
  for (guint i = 0; i < n; i++)
    used[wall[i]]++;
  for (guint i = 0; i < nb; i++)
    used[back_tiles[i]]++;
  for (guint t = 0; t < 42; t++)
    {
      guint copies = t < MAHJONG_N_KINDS ? 4 : 1;

      g_assert_cmpuint (used[t], <=, copies);
      for (guint k = used[t]; k < copies; k++)
        wall[n++] = (guint8) t;
    }
  g_assert_cmpuint (n + nb, ==, 144);
}

typedef struct
{
  ParlorGame *game;
  GPtrArray  *events;   /* all events so far */
} Play;

static void
play_start (Play              *p,
            const char * const hands[4],
            const char        *front,
            const char        *back)
{
  guint8 wall[144];

  make_wall (hands, front, back, wall);
  p->game = PARLOR_GAME (mcr_game_new ("hands=1", 42, NULL));
  mcr_game_set_first_wall (MCR_GAME (p->game), wall);
  p->events = parlor_event_array_new ();
  parlor_game_start (p->game, p->events);
}

static void
play_clear (Play *p)
{
  g_clear_object (&p->game);
  g_clear_pointer (&p->events, g_ptr_array_unref);
}

static void
act (Play       *p,
     guint       seat,
     const char *action)
{
  g_autoptr(GError) error = NULL;

  if (!parlor_game_apply (p->game, seat, action, p->events, &error))
    g_error ("seat %u “%s”: %s", seat, action, error->message);
}

static void
act_fails (Play       *p,
           guint       seat,
           const char *action,
           int         code)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (parlor_game_apply (p->game, seat, action, p->events, &error));
  g_assert_error (error, PARLOR_GAME_ERROR, code);
}

/* The last event whose line starts with @prefix. */
static const char *
last_event (Play       *p,
            const char *prefix)
{
  for (guint i = p->events->len; i > 0; i--)
    {
      ParlorEvent *e = g_ptr_array_index (p->events, i - 1);

      if (g_str_has_prefix (e->line, prefix))
        return e->line;
    }
  return NULL;
}

static char *
event_value (const char *line,
             const char *key)
{
  g_autoptr(ParlorLine) l = parlor_line_parse (line, NULL);

  g_assert_nonnull (l);
  return g_strdup (parlor_line_get (l, key));
}

static gboolean
has_action (Play       *p,
            guint       seat,
            const char *action)
{
  g_autoptr(GPtrArray) a = parlor_game_legal_actions (p->game, seat);

  for (guint i = 0; i < a->len; i++)
    if (g_str_equal (g_ptr_array_index (a, i), action))
      return TRUE;
  return FALSE;
}

static void
assert_scores (Play       *p,
               const char *scores)
{
  const char *hu = last_event (p, "hu ");
  g_autofree char *got = NULL;

  g_assert_nonnull (hu);
  got = event_value (hu, "scores");
  g_assert_cmpstr (got, ==, scores);
}

static void
assert_fan (Play       *p,
            int         fan,
            const char *must_have,
            const char *must_not)
{
  const char *hu = last_event (p, "hu ");
  g_autofree char *f = event_value (hu, "fan");
  g_autofree char *fans = event_value (hu, "fans");

  g_assert_cmpint (atoi (f), ==, fan);
  if (must_have != NULL)
    g_assert_nonnull (strstr (fans, must_have));
  if (must_not != NULL)
    g_assert_null (strstr (fans, must_not));
}

/* ---- claims -------------------------------------------------------------------------- */

/* seat 0 discards 5p; seat 1 can chow it, seat 2 pung it, seat 3 win on it. */
static const char * const claim_hands[4] = {
  "19p9s234sESWNPFC",
  "2233m46p7788sEES",
  "445566m557788pW",
  "123456789m11s46p",
};

static void
test_claim_priority_hu (void)
{
  Play p = { 0 };

  play_start (&p, claim_hands, "5p", "");
  act (&p, 0, "discard tile=5p");
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0xe);
  for (guint s = 1; s < 4; s++)
    {
      g_assert_cmpint (parlor_game_get_prompt_kind (p.game, s), ==, PARLOR_PROMPT_CLAIM);
      g_assert_true (has_action (&p, s, "pass"));
    }
  g_assert_true (has_action (&p, 1, "chow tile=4p"));
  g_assert_true (has_action (&p, 2, "pung"));
  g_assert_false (has_action (&p, 2, "chow tile=4p"));   /* not from the left */
  g_assert_true (has_action (&p, 3, "hu"));
  act_fails (&p, 0, "pass", PARLOR_GAME_ERROR_NOT_YOUR_TURN);
  act_fails (&p, 2, "chow tile=4p", PARLOR_GAME_ERROR_ILLEGAL);

  /* the chow and the pung answer first: nothing happens until all three answered */
  act (&p, 1, "chow tile=4p");
  act (&p, 2, "pung");
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0x8);
  g_assert_null (last_event (&p, "pung"));
  g_assert_null (last_event (&p, "chow"));
  act_fails (&p, 2, "pass", PARLOR_GAME_ERROR_NOT_YOUR_TURN);
  act (&p, 3, "hu");

  /* 123m 456m 789m 456p 11s won on 5p: Pure Straight 16, Concealed Hand 2, All Chows 2,
   * Mixed Double Chow 1 (456m 456p), Closed Wait 1 = 22; seat 0 pays 30, the others 8 */
  assert_fan (&p, 22, "Pure Straight", NULL);
  assert_scores (&p, "-30,-8,-8,46");
  g_assert_true (parlor_game_is_over (p.game));
  {
    g_autofree char *result = parlor_game_get_result (p.game);

    g_assert_nonnull (strstr (result, "scores=-30,-8,-8,46"));
    g_assert_nonnull (strstr (result, "wins=0,0,0,1"));
    g_assert_nonnull (strstr (result, "deal_ins=1,0,0,0"));
  }
  play_clear (&p);
}

static void
test_claim_priority_pung_chow (void)
{
  Play p = { 0 };
  g_autofree char *view = NULL;

  /* the win passed up: the pung beats the chow */
  play_start (&p, claim_hands, "5p", "");
  act (&p, 0, "discard tile=5p");
  act (&p, 3, "pass");
  act (&p, 1, "chow tile=4p");
  act (&p, 2, "pung");
  g_assert_nonnull (last_event (&p, "pung seat=2 tile=5p from=0"));
  g_assert_null (last_event (&p, "chow"));
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0x4);
  g_assert_cmpint (parlor_game_get_prompt_kind (p.game, 2), ==, PARLOR_PROMPT_TURN);
  /* after a claim, only a discard */
  g_assert_false (has_action (&p, 2, "hu"));
  view = parlor_game_view_for (p.game, 1);
  g_assert_nonnull (strstr (view, " m2=p5p2 "));    /* claimed from the opposite seat */
  g_assert_nonnull (strstr (view, " d0=- "));        /* the discard left the row */
  play_clear (&p);

  /* only the chow left */
  play_start (&p, claim_hands, "5p", "");
  act (&p, 0, "discard tile=5p");
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  act (&p, 1, "chow tile=4p");
  g_assert_nonnull (last_event (&p, "chow seat=1 tile=5p low=4p from=0"));
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0x2);
  play_clear (&p);

  /* everybody passes: seat 1 draws */
  play_start (&p, claim_hands, "5p 7m", "");
  act (&p, 0, "discard tile=5p");
  act (&p, 1, "pass");
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  g_assert_nonnull (last_event (&p, "draw seat=1 tile=7m"));
  play_clear (&p);
}

/* Two seats can win: the first in turn order after the discarder takes it. */
static void
test_claim_two_winners (void)
{
  static const char * const hands[4] = {
    "19p9s234sESWNPFC",
    "99m46p123456789s",
    "445566m557788pW",
    "123456789m11s46p",
  };
  Play p = { 0 };

  play_start (&p, hands, "5p", "");
  act (&p, 0, "discard tile=5p");
  act (&p, 3, "hu");
  act (&p, 2, "pass");
  act (&p, 1, "hu");
  g_assert_nonnull (last_event (&p, "hu seat=1 "));
  g_assert_null (last_event (&p, "hu seat=3 "));
  /* 123s 456s 789s 456p 99m: as seat 3's hand above, 22 */
  assert_fan (&p, 22, "Pure Straight", NULL);
  assert_scores (&p, "-30,46,-8,-8");
  play_clear (&p);
}

/* A win under 8 fan is refused as illegal, and the seat may still answer. */
static void
test_under_eight_refused (void)
{
  static const char * const hands[4] = {
    "19p9s234sESWNPFC",
    "2233m46p7788sEES",
    "445566m557788pW",
    "234m567m666s11s46p",
  };
  Play p = { 0 };

  play_start (&p, hands, "5p", "");
  act (&p, 0, "discard tile=5p");
  /* 234m 567m 456p 666s 11s: Concealed Hand 2, Short Straight 1, No Honors 1, Closed Wait 1 = 5 */
  g_assert_false (has_action (&p, 3, "hu"));
  act_fails (&p, 3, "hu", PARLOR_GAME_ERROR_ILLEGAL);
  g_assert_cmphex (parlor_game_get_waiting (p.game) & 0x8, ==, 0x8);
  act (&p, 3, "pass");
  act (&p, 1, "pass");
  act (&p, 2, "pass");
  g_assert_null (last_event (&p, "hu "));
  play_clear (&p);
}

/* ---- kongs and the flags fed to the fan calculator ----------------------------------- */

static void
test_concealed_kong_replacement (void)
{
  static const char * const hands[4] = {
    "1111m234567p789s",
    "2233m46p7788sEES",
    "445566m557788pW",
    "123456789p11sNN",
  };
  Play p = { 0 };
  g_autofree char *v0 = NULL;
  g_autofree char *v1 = NULL;

  play_start (&p, hands, "5s", "5s");
  g_assert_true (has_action (&p, 0, "kong tile=1m"));
  g_assert_false (has_action (&p, 0, "hu"));
  act (&p, 0, "kong tile=1m");
  g_assert_nonnull (last_event (&p, "draw seat=0 tile=5s replacement=1"));
  /* the others see a concealed kong, not its tile */
  v0 = parlor_game_view_for (p.game, 0);
  v1 = parlor_game_view_for (p.game, 1);
  g_assert_nonnull (strstr (v0, " m0=h1m "));
  g_assert_nonnull (strstr (v1, " m0=h "));
  g_assert_null (strstr (v1, "1m1m1m"));
  for (guint i = 0; i < p.events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (p.events, i);

      if (g_str_has_prefix (e->line, "kong"))
        g_assert_true (e->audience == 0x1 || strstr (e->line, "tile=") == NULL);
    }
  g_assert_true (has_action (&p, 0, "hu"));
  act (&p, 0, "hu");
  /* [1111m] 234p 567p 789s 55s on the replacement: Out with Replacement Tile 8,
   * Fully Concealed Hand 4, Concealed Kong 2, Short Straight 1, Pung of Terminals 1,
   * No Honors 1, Single Wait 1 = 18; each pays 26 */
  assert_fan (&p, 18, "Out with Replacement Tile", "Self-Drawn");
  assert_scores (&p, "78,-26,-26,-26");
  play_clear (&p);
}

/* seat 1 pungs 3s, later adds the fourth to it; seat 2 robs it. */
static void
test_robbing_the_kong (void)
{
  static const char * const hands[4] = {
    "19m19p19sESWNPFC",
    "22446688m66p33sW",
    "123m456m789p55p24s",
    "357m24p5678sEESS",
  };
  Play p = { 0 };
  g_autofree char *view = NULL;

  play_start (&p, hands, "3s N N P 3s", "");
  act (&p, 0, "discard tile=3s");
  act (&p, 1, "pung");
  g_assert_false (has_action (&p, 2, "hu"));
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  act (&p, 1, "discard tile=W");
  for (guint s = 0; s < 4; s++)
    if (s != 1)
      act (&p, s, "pass");
  act (&p, 2, "discard tile=N");
  act (&p, 3, "pass");
  act (&p, 0, "pass");
  act (&p, 1, "pass");
  act (&p, 3, "discard tile=N");
  act (&p, 0, "pass");
  act (&p, 1, "pass");
  act (&p, 2, "pass");
  act (&p, 0, "discard tile=P");
  act (&p, 1, "pass");
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  g_assert_true (has_action (&p, 1, "kong tile=3s"));
  act (&p, 1, "kong tile=3s");
  g_assert_nonnull (last_event (&p, "add-kong seat=1 tile=3s"));
  /* the rob window asks all three, with only pass or hu */
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0xd);
  g_assert_true (has_action (&p, 2, "hu"));
  g_assert_false (has_action (&p, 0, "pung"));
  view = parlor_game_view_for (p.game, 2);
  g_assert_nonnull (strstr (view, "phase=rob"));
  act (&p, 2, "hu");
  act (&p, 3, "pass");
  act (&p, 0, "pass");
  /* 123m 456m 789p 234s 55p on the robbed 3s: Robbing the Kong 8 (it strikes off Last
   * Tile), Concealed Hand 2, All Chows 2, Short Straight 1, Closed Wait 1 = 14 */
  assert_fan (&p, 14, "Robbing the Kong", "Last Tile");
  assert_scores (&p, "-8,-22,38,-8");
  g_assert_nonnull (strstr (last_event (&p, "hu "), "robbing=1"));
  play_clear (&p);
}

/* Everyone discards what they draw until the wall is empty. Seats 1 and 2 are dealt
 * the flowers (replaced from the back), so the last tile (index 135) is seat 3's
 * 84th draw. Seats 0 and 3 both wait on 3s, whose other copies seat 1 holds. */
static const char * const last_hands[4] = {
  "789m123p456p66m24s",
  "333sf1f2f3f4 1199p78s",
  "f5f6f7f8 1199s EEE SS",
  "123m456m789p55p24s",
};

static void
play_to_last_draw (Play *p)
{
  guint8 wall[144];
  guint n;

  make_wall (last_hands, "", "", wall);
  /* the last front tile is 3s: swap it into index 135 */
  for (n = 52; n < 144; n++)
    if (wall[n] == 20)
      break;
  g_assert_cmpuint (n, <, 136);
  wall[n] = wall[135];
  wall[135] = 20;
  p->game = PARLOR_GAME (mcr_game_new ("hands=1", 7, NULL));
  mcr_game_set_first_wall (MCR_GAME (p->game), wall);
  p->events = parlor_event_array_new ();
  parlor_game_start (p->game, p->events);
  for (;;)
    {
      g_autofree char *view = parlor_game_view_for (p->game, -1);
      guint32 w = parlor_game_get_waiting (p->game);

      if (strstr (view, " wall=0 ") != NULL && strstr (view, "phase=turn") != NULL)
        return;
      for (guint s = 0; s < 4; s++)
        if (w & (1u << s))
          {
            ParlorRng r;
            g_autofree char *a = NULL;

            parlor_rng_init (&r, 1, 1);
            a = parlor_game_default_action (p->game, s, &r);
            act (p, s, a);
          }
    }
}

static void
test_last_tile_draw (void)
{
  Play p = { 0 };

  play_to_last_draw (&p);
  g_assert_cmphex (parlor_game_get_waiting (p.game), ==, 0x8);
  g_assert_true (has_action (&p, 3, "hu"));
  act (&p, 3, "hu");
  /* 123m 456m 789p 234s 55p, self-drawn on the last tile: Last Tile Draw 8 (it strikes
   * off Self-Drawn), Fully Concealed Hand 4, All Chows 2, Short Straight 1, Closed Wait 1 */
  assert_fan (&p, 16, "Last Tile Draw", "Self-Drawn");
  assert_scores (&p, "-24,-24,-24,72");
  play_clear (&p);
}

static void
test_last_tile_claim (void)
{
  Play p = { 0 };

  play_to_last_draw (&p);
  act (&p, 3, "discard tile=3s");
  /* on the last discard only a win may be claimed */
  g_assert_true (has_action (&p, 0, "hu"));
  g_assert_false (has_action (&p, 1, "pung"));
  act_fails (&p, 1, "pung", PARLOR_GAME_ERROR_ILLEGAL);
  act (&p, 1, "pass");
  act (&p, 2, "pass");
  act (&p, 0, "hu");
  /* 789m 123p 456p 234s 66m: Last Tile Claim 8, Concealed Hand 2, All Chows 2, Short
   * Straight 1, Closed Wait 1 = 14; seat 3 pays 22 */
  assert_fan (&p, 14, "Last Tile Claim", "Last Tile x");
  assert_scores (&p, "38,-8,-8,-22");
  play_clear (&p);
}

/* Last Tile: the three other copies are visible. */
static void
test_last_tile_flag (void)
{
  static const char * const hands[4] = {
    "19m19p9sESWNPFC3s",
    "22446688m66p33sW",
    "123m456m789p55p24s",
    "357m24p5678sEESS",
  };
  Play p = { 0 };

  /* seat 0 discards 3s, seat 1 pungs it (three visible), seat 2 draws the fourth */
  play_start (&p, hands, "N 3s", "");
  act (&p, 0, "discard tile=3s");
  act (&p, 1, "pung");
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  act (&p, 1, "discard tile=W");
  act (&p, 0, "pass");
  act (&p, 2, "pass");
  act (&p, 3, "pass");
  g_assert_true (has_action (&p, 2, "hu"));
  act (&p, 2, "hu");
  /* 123m 456m 789p 234s 55p self-drawn: Last Tile 4, Fully Concealed Hand 4, All Chows 2,
   * Short Straight 1, Closed Wait 1 = 12; each pays 20 */
  assert_fan (&p, 12, "Last Tile", "Self-Drawn");
  assert_scores (&p, "-20,-20,60,-20");
  play_clear (&p);
}

/* ---- whole matches --------------------------------------------------------------------- */

static guint
meld_tiles (const char *melds)
{
  guint n = 0;
  g_auto(GStrv) parts = NULL;

  if (g_str_equal (melds, "-"))
    return 0;
  parts = g_strsplit (melds, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    n += parts[i][0] == 'c' || parts[i][0] == 'p' ? 3 : 4;
  return n;
}

static guint
tile_list_len (const char *s)
{
  guint n = 0;

  if (g_str_equal (s, "-"))
    return 0;
  for (const char *p = s; *p != '\0'; p++)
    if (!(*p >= '1' && *p <= '9' && p > s && p[-1] == 'f'))
      n += !(*p == 'm' || *p == 'p' || *p == 's');
  return n;
}

/* Every tile of the 144 is somewhere: hands, melds, discards, flowers, the wall. */
static void
check_accounting (ParlorGame *game)
{
  g_autofree char *view = parlor_game_view_for (game, -1);
  g_autoptr(ParlorLine) l = parlor_line_parse (view, NULL);
  guint total = 0;
  g_auto(GStrv) flowers = NULL;

  g_assert_nonnull (l);
  total += (guint) atoi (parlor_line_get (l, "wall"));
  flowers = g_strsplit (parlor_line_get (l, "flowers"), ",", -1);
  for (guint s = 0; s < 4; s++)
    {
      char key[4];

      total += (guint) atoi (flowers[s]);
      g_snprintf (key, sizeof key, "n%u", s);
      total += (guint) atoi (parlor_line_get (l, key));
      g_snprintf (key, sizeof key, "d%u", s);
      total += tile_list_len (parlor_line_get (l, key));
      g_snprintf (key, sizeof key, "m%u", s);
      total += meld_tiles (parlor_line_get (l, key));
    }
  g_assert_cmpuint (total, ==, 144);
}

/* Plays a match with the levels given (NULL: random legal actions, hu first);
 * checks the invariants on the way; returns every action and event line. */
static GPtrArray *
play_match (guint64             seed,
            const char         *config,
            const char * const *levels,
            GPtrArray          *replay_actions)
{
  g_autoptr(ParlorGame) game = PARLOR_GAME (mcr_game_new (config, seed, NULL));
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GPtrArray *log = g_ptr_array_new_with_free_func (g_free);
  ParlorRng rng;
  guint step = 0, replay_i = 0;

  parlor_rng_init (&rng, seed, 3);
  parlor_game_start (game, events);
  while (!parlor_game_is_over (game))
    {
      guint32 w = parlor_game_get_waiting (game);

      g_assert_cmphex (w, !=, 0);
      check_accounting (game);
      for (guint s = 0; s < 4; s++)
        {
          g_autofree char *action = NULL;
          g_autoptr(GError) error = NULL;

          w = parlor_game_get_waiting (game);
          if (!(w & (1u << s)))
            {
              g_autoptr(GPtrArray) none = parlor_game_legal_actions (game, s);

              g_assert_cmpuint (none->len, ==, 0);
              continue;
            }
          if (replay_actions != NULL)
            action = g_strdup (g_ptr_array_index (replay_actions, replay_i++));
          else if ((action = parlor_game_get_automatic_action (game, s)) != NULL)
            {
              g_autofree char *view_line = parlor_game_view_for (game, (int) s);
              McrView view;

              /* nothing to claim: the table passes, the view does not ask */
              g_assert_true (mcr_view_parse (view_line, &view, NULL));
              g_assert_false (view.asked);
              g_assert_cmpuint (view.n_actions, ==, 0);
              g_assert_cmpstr (action, ==, "pass");
            }
          else if (levels != NULL)
            {
              g_autofree char *view = parlor_game_view_for (game, (int) s);

              action = mcr_ai_choose (levels[s], view, seed + step, NULL, &error);
              g_assert_no_error (error);
            }
          else
            {
              g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, s);
              g_autofree char *view_line = parlor_game_view_for (game, (int) s);
              McrView view;

              /* the seat's view carries exactly its legal actions */
              g_assert_true (mcr_view_parse (view_line, &view, NULL));
              g_assert_cmpuint (view.n_actions, ==, legal->len);
              for (guint k = 0; k < legal->len; k++)
                g_assert_cmpstr (view.actions[k], ==, g_ptr_array_index (legal, k));
              g_assert_cmpuint (legal->len, >, 0);
              for (guint k = 0; k < legal->len && action == NULL; k++)
                if (g_str_equal (g_ptr_array_index (legal, k), "hu"))
                  action = g_strdup ("hu");
              if (action == NULL)
                action = g_strdup (g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len)));
            }
          step++;
          g_ptr_array_add (log, g_strdup_printf ("action %u %s", s, action));
          if (!parlor_game_apply (game, s, action, events, &error))
            g_error ("seat %u “%s”: %s", s, action, error->message);
        }
    }
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      /* a tile drawn or dealt is told to its owner only */
      if ((g_str_has_prefix (e->line, "draw ") || g_str_has_prefix (e->line, "deal "))
          && (strstr (e->line, "tile=") != NULL || strstr (e->line, "tiles=") != NULL))
        g_assert_true (e->audience == 1 || e->audience == 2 || e->audience == 4
                       || e->audience == 8);
      g_ptr_array_add (log, g_strdup_printf ("event %x %s", e->audience, e->line));
    }
  {
    g_autofree char *result = parlor_game_get_result (game);
    g_autoptr(ParlorLine) l = parlor_line_parse (result, NULL);
    g_auto(GStrv) sc = g_strsplit (parlor_line_get (l, "scores"), ",", -1);
    int sum = 0;

    for (guint s = 0; s < 4; s++)
      sum += atoi (sc[s]);
    g_assert_cmpint (sum, ==, 0);
    g_ptr_array_add (log, g_strdup (result));
  }
  return log;
}

static void
test_random_matches (void)
{
  guint n = g_test_slow () ? 40 : 6;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GPtrArray) log = play_match (1000 + i, i % 3 == 0 ? "hands=16" : "hands=1", NULL, NULL);

      g_assert_cmpuint (log->len, >, 0);
    }
}

static void
test_ai_matches (void)
{
  static const char * const mixed[] = { "4", "3", "2", "1" };
  guint n = g_test_slow () ? 8 : 1;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GPtrArray) log = play_match (77 + i, "hands=16", mixed, NULL);
      gboolean won = FALSE;

      for (guint k = 0; k < log->len; k++)
        won |= strstr (g_ptr_array_index (log, k), " hu seat=") != NULL;
      g_assert_true (won);
    }
}

static void
test_replay_determinism (void)
{
  static const char * const mixed[] = { "1", "2", "3", "4" };
  g_autoptr(GPtrArray) first = play_match (5, "hands=16", mixed, NULL);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) again = NULL;

  for (guint i = 0; i < first->len; i++)
    {
      const char *l = g_ptr_array_index (first, i);

      if (g_str_has_prefix (l, "action "))
        g_ptr_array_add (actions, g_strdup (l + 9));
    }
  again = play_match (5, "hands=16", NULL, actions);
  g_assert_cmpuint (again->len, ==, first->len);
  for (guint i = 0; i < first->len; i++)
    g_assert_cmpstr (g_ptr_array_index (again, i), ==, g_ptr_array_index (first, i));
}

/* A view holds its own tiles only; the observer's none. */
/* Damaged action lists are refused, not read in part. */
static void
test_view_actions_refused (void)
{
  static const char * const bad[] = {
    "steal", "kong:zz", "chow:", ",", "hu,,pass", "discard:5p:5p",
    /* more actions than a view holds */
    ("pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,pass,"
     "pass,pass,pass,pass,pass,pass,pass,pass,pass"),
  };
  const char *head = "view seat=1 hand=1 of=16 dealer=0 prevalent=E wall=80 phase=claim from=0 "
                     "tile=5p d0=5p m0=- n0=13 d1=- m1=- n1=13 d2=- m2=- n2=13 d3=- m3=- n3=13 "
                     "mine=2m2m3m3m4p6p7s7s8s8sEES ask=claim actions=";
  McrView view;
  g_autofree char *good = g_strconcat (head, "pass,chow:4p", NULL);

  g_assert_true (mcr_view_parse (good, &view, NULL));
  g_assert_cmpuint (view.n_actions, ==, 2);
  g_assert_cmpstr (view.actions[1], ==, "chow tile=4p");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *line = g_strconcat (head, bad[i], NULL);
      g_autoptr(GError) error = NULL;

      g_assert_false (mcr_view_parse (line, &view, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
    }
}

/* Damaged views a host could send are refused, never read past their end. */
static void
test_view_damaged_tiles (void)
{
  static const char * const bad[] = {
    "m0=p8p,, tile=-", "m0=, tile=-", "m0=p8p tile=", "m0=p8p tile=f1", "m0=p8p tile=3mx",
    "m0=p8p tile=- drawn=", "m0=p8p tile=- drawn=zz",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *line =
        g_strdup_printf ("view seat=1 hand=1 of=16 dealer=0 prevalent=E wall=80 phase=turn from=0 "
                         "d0=- %s n0=10 d1=- m1=- n1=13 d2=- m2=- n2=13 d3=- m3=- n3=13 "
                         "mine=2m2m3m3m4p6p7s7s8s8sEES ask=none actions=", bad[i]);
      McrView view;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", bad[i]);
      g_assert_false (mcr_view_parse (line, &view, &error));
      g_assert_nonnull (error);
    }
}

/* A chow says which of its tiles was claimed; a line without it means the lowest. */
static void
test_view_chow_claimed (void)
{
  static const struct { const char *meld; guint tile, claimed; } cases[] = {
    { "c3p2+1", 9 + 2, 9 + 3 },
    { "c3p2+2", 9 + 2, 9 + 4 },
    { "c3p2+0", 9 + 2, 9 + 2 },
    { "c3p2", 9 + 2, 9 + 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *line =
        g_strdup_printf ("view seat=1 hand=1 of=16 dealer=0 prevalent=E wall=80 phase=turn from=0 "
                         "tile=- d0=- m0=%s n0=10 d1=- m1=- n1=13 d2=- m2=- n2=13 d3=- m3=- n3=13 "
                         "mine=2m2m3m3m4p6p7s7s8s8sEES ask=none actions=", cases[i].meld);
      McrView view;

      g_assert_true (mcr_view_parse (line, &view, NULL));
      g_assert_cmpuint (view.n_melds_of[0], ==, 1);
      g_assert_cmpuint (view.melds_of[0][0].tile, ==, cases[i].tile);
      g_assert_cmpuint (view.melds_of[0][0].claimed, ==, cases[i].claimed);
    }
}

static void
test_views_hide (void)
{
  Play p = { 0 };
  g_autofree char *v0 = NULL;
  g_autofree char *v1 = NULL;
  g_autofree char *obs = NULL;

  play_start (&p, claim_hands, "5p", "");
  v0 = parlor_game_view_for (p.game, 0);
  v1 = parlor_game_view_for (p.game, 1);
  obs = parlor_game_view_for (p.game, -1);
  g_assert_nonnull (strstr (v0, " mine=1p5p9p2s3s4s9sESWNPFC"));
  g_assert_nonnull (strstr (v0, " drawn=5p"));
  g_assert_nonnull (strstr (v1, " mine=2m2m3m3m4p6p7s7s8s8sEES"));
  g_assert_null (strstr (v1, "drawn="));
  g_assert_null (strstr (v1, "ESWNPFC"));
  g_assert_null (strstr (obs, "mine="));
  /* in the claim window every other seat is asked, and its view carries its
   * own legal answers, nothing of another seat's */
  act (&p, 0, "discard tile=5p");
  for (guint s = 1; s < 4; s++)
    {
      g_autofree char *v = parlor_game_view_for (p.game, (int) s);
      g_autoptr(GPtrArray) legal = parlor_game_legal_actions (p.game, s);
      McrView view;

      g_assert_nonnull (strstr (v, " ask=claim"));
      g_assert_true (mcr_view_parse (v, &view, NULL));
      g_assert_cmpuint (view.n_actions, ==, legal->len);
      for (guint i = 0; i < legal->len; i++)
        g_assert_cmpstr (view.actions[i], ==, g_ptr_array_index (legal, i));
      g_assert_true (mcr_view_can (&view, "pass"));
    }
  {
    g_autofree char *w1 = parlor_game_view_for (p.game, 1);
    g_autofree char *w2 = parlor_game_view_for (p.game, 2);
    g_autofree char *w3 = parlor_game_view_for (p.game, 3);
    McrView view;

    /* worked out by hand: the next seat may chow 4p5p6p, seat 2 pung its 5p
     * pair, seat 3 win (a pure straight in characters, 16 fan) but not chow */
    g_assert_true (mcr_view_parse (w1, &view, NULL));
    g_assert_true (mcr_view_can (&view, "chow tile=4p"));
    g_assert_false (mcr_view_can (&view, "pung"));
    g_assert_true (mcr_view_parse (w2, &view, NULL));
    g_assert_true (mcr_view_can (&view, "pung"));
    g_assert_false (mcr_view_can (&view, "chow tile=4p"));
    g_assert_true (mcr_view_parse (w3, &view, NULL));
    g_assert_true (mcr_view_can (&view, "hu"));
    g_assert_false (mcr_view_can (&view, "chow tile=4p"));
    g_assert_cmpuint (view.n_actions, ==, 2);
  }
  act (&p, 1, "pass");
  {
    g_autofree char *v2 = parlor_game_view_for (p.game, 2);
    g_autofree char *v1b = parlor_game_view_for (p.game, 1);

    /* who has answered is not shown */
    g_assert_null (strstr (v2, "answered"));
    g_assert_null (strstr (v1b, " ask="));
  }
  /* the answer event goes to its seat only */
  {
    ParlorEvent *e = g_ptr_array_index (p.events, p.events->len - 1);

    g_assert_true (g_str_has_prefix (e->line, "answered seat=1"));
    g_assert_cmphex (e->audience, ==, 0x2);
  }
  play_clear (&p);
}

static void
test_default_actions (void)
{
  Play p = { 0 };
  ParlorRng rng;
  g_autofree char *a0 = NULL;

  parlor_rng_init (&rng, 1, 1);
  play_start (&p, claim_hands, "5p", "");
  a0 = parlor_game_default_action (p.game, 0, &rng);
  g_assert_cmpstr (a0, ==, "discard tile=5p");
  act (&p, 0, a0);
  for (guint s = 1; s < 4; s++)
    {
      g_autofree char *a = parlor_game_default_action (p.game, s, &rng);

      g_assert_cmpstr (a, ==, "pass");
    }
  play_clear (&p);
}

static void
test_config (void)
{
  const ParlorGameInfo *info = &mcr_game_info;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) g1 = info->new_game ("hands=1", 1, NULL);
  g_autoptr(ParlorGame) g16 = info->new_game ("", 1, NULL);
  ParlorGame *bad = info->new_game ("hands=3", 1, &error);
  g_autoptr(GPtrArray) e1 = parlor_event_array_new ();
  g_autoptr(GPtrArray) e16 = parlor_event_array_new ();
  g_autoptr(McrGame) direct = mcr_game_new ("hands=16", 1, NULL);

  g_assert_nonnull (g1);
  g_assert_nonnull (g16);
  g_assert_nonnull (direct);
  g_assert_null (bad);
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
  g_assert_null (mcr_game_new ("hands=16 hands=1", 1, NULL));

  /* The match's length is the one the line asks for. */
  parlor_game_start (g1, e1);
  parlor_game_start (g16, e16);
  g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (e1, 0))->line, ==, "start hands=1");
  g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (e16, 0))->line, ==, "start hands=16");
}

/* The log's words: tiles by name, the viewer's own seat ("") spoken to. */
static void
test_describe (void)
{
  static const char *const names[] = { "Ann", "", "Cy", "Dee", NULL };
  static const struct { const char *line, *words; } cases[] = {
    { "discard seat=1 tile=5m", "You discard 5 of characters" },
    { "discard seat=0 tile=E", "Ann discards East wind" },
    { "draw seat=2 wall=70", "Cy draws a tile" },
    { "draw seat=1 tile=7p wall=70", "You draw 7 of dots" },
    { "flower seat=3 tile=f2 count=1", "Dee sets Flower 2 aside and draws a replacement" },
    { "pung seat=3 tile=C from=1", "Dee pungs Red dragon" },
    { "kong seat=1 concealed=1", "You declare a concealed kong" },
    { "kong seat=0 tile=9s added=1", "Ann adds 9 of bamboo to a pung" },
    { "hand number=2 of=16 dealer=1 prevalent=E", "Hand 2 of 16: you deal; the prevalent wind is East" },
    { "hu seat=2 tile=3s from=1 hand=x fan=12 fans=x pay=0,-20,36,-8 scores=0,-20,36,-8",
      "Cy wins on your 3 of bamboo: 12 fan" },
    { "hu seat=1 tile=3s self=1 hand=x fan=8 fans=x pay=0 scores=0",
      "You win by self-draw on 3 of bamboo: 8 fan" },
    { "reveal seat=0 tiles=1m,2m", "Ann shows 1 of characters, 2 of characters" },
    { "game-over scores=10,-4,0,-6", "The match is over. Scores: Ann 10, you -4, Cy 0, Dee -6" },
    { "start hands=1", "A match of 1 hand begins" },
    { "start hands=16", "A match of 16 hands begins" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = mcr_game_info.describe (cases[i].line, names);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mcr/game/config", test_config);
  g_test_add_func ("/mcr/claims/hu-first", test_claim_priority_hu);
  g_test_add_func ("/mcr/claims/pung-then-chow", test_claim_priority_pung_chow);
  g_test_add_func ("/mcr/claims/two-winners", test_claim_two_winners);
  g_test_add_func ("/mcr/claims/under-eight-refused", test_under_eight_refused);
  g_test_add_func ("/mcr/flags/kong-replacement", test_concealed_kong_replacement);
  g_test_add_func ("/mcr/flags/robbing-the-kong", test_robbing_the_kong);
  g_test_add_func ("/mcr/flags/last-tile-draw", test_last_tile_draw);
  g_test_add_func ("/mcr/flags/last-tile-claim", test_last_tile_claim);
  g_test_add_func ("/mcr/flags/last-tile", test_last_tile_flag);
  g_test_add_func ("/mcr/views/hide", test_views_hide);
  g_test_add_func ("/mcr/views/damaged-tiles", test_view_damaged_tiles);
  g_test_add_func ("/mcr/views/actions-refused", test_view_actions_refused);
  g_test_add_func ("/mcr/views/chow-claimed", test_view_chow_claimed);
  g_test_add_func ("/mcr/game/default-actions", test_default_actions);
  g_test_add_func ("/mcr/match/random", test_random_matches);
  g_test_add_func ("/mcr/match/ai", test_ai_matches);
  g_test_add_func ("/mcr/match/replay-determinism", test_replay_determinism);
  g_test_add_func ("/mcr/describe", test_describe);
  return g_test_run ();
}
