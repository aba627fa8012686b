/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "parlor-games.h"
#include "parlor-line.h"
#include "triad-brute.h"
#include "triad-game.h"

static guint n_random_games = 5000;

static void
parse_hand (const char *text,
            TriadCard  *hand)
{
  g_auto(GStrv) cards = g_strsplit (text, " ", -1);

  for (guint i = 0; cards[i] != NULL; i++)
    g_assert_true (triad_card_parse (cards[i], &hand[i]));
}

static TriadGame *
game_with_hands (const char *config,
                 const char *first,
                 const char *second)
{
  TriadCard a[TRIAD_FIRST_HAND], b[TRIAD_SECOND_HAND];
  g_autoptr(GError) error = NULL;
  TriadGame *game;

  parse_hand (first, a);
  parse_hand (second, b);
  game = triad_game_new_with_hands (config, 1, a, b, &error);
  g_assert_no_error (error);
  return game;
}

static GPtrArray *
start (TriadGame *game)
{
  GPtrArray *events = parlor_event_array_new ();

  parlor_game_start (PARLOR_GAME (game), events);
  return events;
}

static void
play (TriadGame  *game,
      guint       seat,
      const char *action,
      GPtrArray  *events)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
  g_assert_no_error (error);
}

static const char *
last_line (GPtrArray *events)
{
  return ((ParlorEvent *) g_ptr_array_index (events, events->len - 1))->line;
}

static void
play_random_until_filled (TriadGame *game,
                          guint      n_filled,
                          ParlorRng *rng,
                          GPtrArray *events)
{
  while (triad_game_get_position (game)->n_filled < n_filled)
    {
      guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
      g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, rng);

      play (game, seat, action, events);
    }
}

static void
test_registered (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");

  g_assert_nonnull (info);
  g_assert_true (info == &triad_game_info);
  g_assert_cmpstr (info->name, ==, "Triple Triad");
  g_assert_cmpuint (info->min_seats, ==, 2);
  g_assert_cmpuint (info->max_seats, ==, 2);
  g_assert_cmpstr (info->ai_levels[0], ==, "easy");
  g_assert_cmpstr (info->ai_levels[3], ==, "expert");
  g_assert_null (info->ai_levels[4]);
}

/* All cards alike: nothing ever flips, so the first player ends 5 to 4: a draw. */
static void
test_five_four_is_draw (void)
{
  g_autoptr(TriadGame) game = game_with_hands ("first=1", "5555 5555 5555 5555 5555", "5555 5555 5555 5555");
  g_autoptr(GPtrArray) events = start (game);
  g_autofree char *result = NULL;

  for (guint c = 0; c < 9; c++)
    {
      g_autofree char *action = g_strdup_printf ("place card=0 cell=%u", c);

      play (game, c % 2 == 0 ? 1 : 0, action, events);
    }
  g_assert_true (parlor_game_is_over (PARLOR_GAME (game)));
  g_assert_cmpstr (last_line (events), ==, "over score0=4 score1=5 winner=draw");
  result = parlor_game_get_result (PARLOR_GAME (game));
  g_assert_cmpstr (result, ==, "result score0=4 score1=5 winner=draw");
}

/* Worked out by hand: the second player's tens take each ace the first puts beside them. */
static void
test_second_player_wins (void)
{
  static const char *const moves[] = { "0", "1", "2", "5", "3", "4", "6", "7", "8" };
  g_autoptr(TriadGame) game = game_with_hands ("first=0", "1111 1111 1111 1111 1111", "AAAA AAAA AAAA AAAA");
  g_autoptr(GPtrArray) events = start (game);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *action = g_strdup_printf ("place card=0 cell=%s", moves[i]);

      play (game, i % 2, action, events);
    }
  /* Seat 0 keeps only the card on cell 8. */
  g_assert_cmpstr (last_line (events), ==, "over score0=1 score1=8 winner=1");
}

static void
test_first_player_wins_by_six (void)
{
  /* Seat 1 moves first with aces; seat 0's ones fall wherever an ace lands next to them. */
  static const char *const moves[] = { "4", "0", "1", "2", "3", "6", "5", "8", "7" };
  g_autoptr(TriadGame) game = game_with_hands ("first=1", "AAAA AAAA AAAA AAAA AAAA", "1111 1111 1111 1111");
  g_autoptr(GPtrArray) events = start (game);
  GString *flips = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *action = g_strdup_printf ("place card=0 cell=%s", moves[i]);
      guint before = events->len;

      play (game, i % 2 == 0 ? 1 : 0, action, events);
      for (guint e = before; e < events->len; e++)
        if (g_str_has_prefix (((ParlorEvent *) g_ptr_array_index (events, e))->line, "flip"))
          g_string_append_printf (flips, "%s;", ((ParlorEvent *) g_ptr_array_index (events, e))->line);
    }
  /* The ace on 1 takes 0, on 5 takes 2, on 7 takes 8 (its right) then 6 (its left). */
  g_assert_cmpstr (flips->str, ==,
                   "flip cell=0 seat=1 rule=basic;flip cell=2 seat=1 rule=basic;"
                   "flip cell=8 seat=1 rule=basic;flip cell=6 seat=1 rule=basic;");
  g_assert_cmpstr (last_line (events), ==, "over score0=0 score1=9 winner=1");
  g_string_free (flips, TRUE);
}

static void
test_events (void)
{
  g_autoptr(TriadGame) game = game_with_hands ("first=0 same=on", "3116 9699 1111 1111 1111",
                                               "9939 2222 2222 2222");
  g_autoptr(GPtrArray) events = start (game);
  const char *expected_start[] = {
    "start first=0 hands=open rules=same",
    "deal seat=0 hand=3116,9699,1111,1111,1111",
    "deal seat=1 hand=9939,2222,2222,2222",
  };

  g_assert_cmpuint (events->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      g_assert_cmpstr (e->line, ==, expected_start[i]);
      g_assert_cmpuint (e->audience, ==, PARLOR_AUDIENCE_ALL);
    }
  play (game, 0, "place card=1 cell=3", events);     /* 9699: its right 6 faces the centre */
  play (game, 1, "place card=0 cell=1", events);     /* 9939: its bottom 3 faces the centre */
  g_ptr_array_set_size (events, 0);
  /* 3116 in the centre: top 3 = 3 and left 6 = 6, so Same takes the top card
   * (its sum 30 beats 11, so the basic rule alone would not). */
  play (game, 0, "place card=0 cell=4", events);
  g_assert_cmpuint (events->len, ==, 2);
  g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (events, 0))->line, ==,
                   "place seat=0 card=0 cell=4 face=3116");
  g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (events, 1))->line, ==,
                   "flip cell=1 seat=0 rule=same");
}

/* Player 0 ends on 3516 in the centre, with its own 1611 on the left, the
 * opponent's 1131 above, 1119 top right and 9112 on the right (the board of
 * /triad/rules/ff8/combo-from-basic-capture). Returns that move's flips. */
static char *
reading_flips (const char *config,
               char      **start_line)
{
  static const char *const moves[] = {
    "place card=0 cell=3", "place card=0 cell=1", "place card=0 cell=6", "place card=0 cell=2",
    "place card=0 cell=8", "place card=0 cell=5",
  };
  g_autoptr(TriadGame) game = game_with_hands (config, "1611 1111 A111 3516 2222", "1131 1119 9112 2222");
  g_autoptr(GPtrArray) events = start (game);
  GString *flips = g_string_new (NULL);

  *start_line = g_strdup (((ParlorEvent *) g_ptr_array_index (events, 0))->line);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (game, i % 2, moves[i], events);
  g_ptr_array_set_size (events, 0);
  play (game, 0, "place card=0 cell=4", events);
  for (guint e = 0; e < events->len; e++)
    if (g_str_has_prefix (((ParlorEvent *) g_ptr_array_index (events, e))->line, "flip"))
      g_string_append_printf (flips, "%s;", ((ParlorEvent *) g_ptr_array_index (events, e))->line);
  return g_string_free (flips, FALSE);
}

/* The config picks the reading: reading=ff8 is Final Fantasy VIII's, and a
 * config without it (every game recorded before) keeps Parlor's first. */
static void
test_reading_by_config (void)
{
  g_autofree char *start_old = NULL;
  g_autofree char *start_ff8 = NULL;
  g_autofree char *start_parlor = NULL;
  g_autofree char *old = reading_flips ("first=0 same=on combo=on", &start_old);
  g_autofree char *ff8 = reading_flips ("first=0 same=on combo=on reading=ff8", &start_ff8);
  g_autofree char *parlor = reading_flips ("first=0 reading=ff8 same=on combo=on reading=parlor", &start_parlor);

  g_assert_cmpstr (start_old, ==, "start first=0 hands=open rules=same,combo");
  g_assert_cmpstr (old, ==, "flip cell=1 seat=0 rule=same;flip cell=5 seat=0 rule=basic;");
  g_assert_cmpstr (start_ff8, ==, "start first=0 hands=open rules=same,combo,ff8");
  g_assert_cmpstr (ff8, ==, "flip cell=1 seat=0 rule=same;flip cell=5 seat=0 rule=basic;"
                            "flip cell=2 seat=0 rule=combo;");
  g_assert_cmpstr (start_parlor, ==, start_old);
  g_assert_cmpstr (parlor, ==, old);

  /* The view carries the reading to the computer players, hints and the review. */
  {
    g_autoptr(TriadGame) game = game_with_hands ("same=on reading=ff8", "1611 1111 A111 3516 2222",
                                                 "1131 1119 9112 2222");
    g_autoptr(GPtrArray) events = start (game);
    g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), 0);
    TriadView view;

    g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (events, 0))->line, ==,
                     "start first=0 hands=open rules=same,ff8");
    g_assert_nonnull (strstr (line, " rules=same,ff8 "));
    g_assert_true (triad_view_parse (line, &view, NULL));
    g_assert_cmpuint (view.rules, ==, TRIAD_RULE_SAME | TRIAD_RULE_FF8);
  }
}

static void
test_closed_deal_audience (void)
{
  g_autoptr(TriadGame) game = game_with_hands ("first=1 hands=closed", "1234 1234 1234 1234 1234",
                                               "4321 4321 4321 4321");
  g_autoptr(GPtrArray) events = start (game);
  ParlorEvent *d0 = g_ptr_array_index (events, 1);
  ParlorEvent *d1 = g_ptr_array_index (events, 2);

  g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (events, 0))->line, ==,
                   "start first=1 hands=closed rules=none");
  g_assert_cmpstr (d0->line, ==, "deal seat=1 hand=1234,1234,1234,1234,1234");
  g_assert_cmpuint (d0->audience, ==, PARLOR_AUDIENCE_SEAT (1));
  g_assert_cmpstr (d1->line, ==, "deal seat=0 hand=4321,4321,4321,4321");
  g_assert_cmpuint (d1->audience, ==, PARLOR_AUDIENCE_SEAT (0));
}

static void
test_views (void)
{
  g_autoptr(TriadGame) open = game_with_hands ("first=1", "1234 1234 1234 1234 1234", "4321 4321 4321 4321");
  g_autoptr(TriadGame) closed = game_with_hands ("first=1 hands=closed plus=on",
                                                 "1234 1234 1234 1234 1234", "4321 4321 4321 4321");
  g_autoptr(GPtrArray) e1 = start (open);
  g_autoptr(GPtrArray) e2 = start (closed);
  g_autofree char *v_open = NULL;
  g_autofree char *v_closed0 = NULL;
  g_autofree char *v_closed1 = NULL;
  g_autofree char *v_spectator = NULL;

  play (open, 1, "place card=2 cell=4", e1);
  play (closed, 1, "place card=2 cell=4", e2);
  v_open = parlor_game_view_for (PARLOR_GAME (open), 0);
  v_closed0 = parlor_game_view_for (PARLOR_GAME (closed), 0);
  v_closed1 = parlor_game_view_for (PARLOR_GAME (closed), 1);
  v_spectator = parlor_game_view_for (PARLOR_GAME (closed), -1);

  g_assert_cmpstr (v_open, ==,
                   "view seat=0 first=1 turn=0 hands=open rules=none board=.,.,.,.,11234,.,.,.,. "
                   "placer=....1.... hand0=4321,4321,4321,4321 hand1=1234,1234,1234,1234 "
                   "score0=0 score1=1 actions=place:0123@01235678");
  g_assert_cmpstr (v_closed0, ==,
                   "view seat=0 first=1 turn=0 hands=closed rules=plus board=.,.,.,.,11234,.,.,.,. "
                   "placer=....1.... hand0=4321,4321,4321,4321 hand1=?,?,?,? score0=0 score1=1 "
                   "actions=place:0123@01235678");
  g_assert_cmpstr (v_closed1, ==,
                   "view seat=1 first=1 turn=0 hands=closed rules=plus board=.,.,.,.,11234,.,.,.,. "
                   "placer=....1.... hand0=?,?,?,? hand1=1234,1234,1234,1234 score0=0 score1=1 actions=-");
  g_assert_cmpstr (v_spectator, ==,
                   "view seat=-1 first=1 turn=0 hands=closed rules=plus board=.,.,.,.,11234,.,.,.,. "
                   "placer=....1.... hand0=?,?,?,? hand1=?,?,?,? score0=0 score1=1 actions=-");
}

static void
test_view_parse_round_trip (void)
{
  g_autoptr(TriadGame) game = triad_game_new ("first=random hands=closed same=on plus=on combo=on", 99, NULL);
  g_autoptr(GPtrArray) events = start (game);
  ParlorRng rng;

  parlor_rng_init (&rng, 5, 5);
  while (TRUE)
    {
      for (int seat = -1; seat < 2; seat++)
        {
          g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), seat);
          g_autofree char *again = NULL;
          g_autoptr(GError) error = NULL;
          TriadView view;

          g_assert_true (triad_view_parse (line, &view, &error));
          g_assert_no_error (error);
          again = triad_view_to_line (&view);
          g_assert_cmpstr (again, ==, line);
          g_assert_cmpint (view.seat, ==, seat);

          /* The view's moves are the rules' moves, and a spectator has none. */
          {
            g_autoptr(GPtrArray) from_game = parlor_game_legal_actions (PARLOR_GAME (game), seat < 0 ? 2 : (guint) seat);
            g_autoptr(GPtrArray) from_view = triad_view_legal_actions (&view);

            g_assert_cmpuint (from_view->len, ==, from_game->len);
            for (guint i = 0; i < from_game->len; i++)
              g_assert_cmpstr (g_ptr_array_index (from_view, i), ==, g_ptr_array_index (from_game, i));
            for (int i = 0; i < TRIAD_HAND_MAX; i++)
              for (int c = 0; c < TRIAD_N_CELLS; c++)
                {
                  g_autofree char *action = triad_action_new ((guint) i, (guint) c);
                  gboolean listed = FALSE;

                  for (guint k = 0; k < from_game->len && !listed; k++)
                    listed = g_str_equal (g_ptr_array_index (from_game, k), action);
                  g_assert_cmpint (triad_view_may_place (&view, i, c), ==, listed);
                }
            g_assert_cmpint (triad_view_may_place (&view, -1, -1), ==, from_game->len > 0);
            if (seat >= 0)
              g_assert_cmpint (from_game->len > 0, ==, parlor_game_is_waiting_for (PARLOR_GAME (game), (guint) seat));
          }
        }
      if (parlor_game_is_over (PARLOR_GAME (game)))
        break;
      {
        guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
        g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);

        play (game, seat, action, events);
      }
    }
}

static void
test_view_parse_errors (void)
{
  static const char *const bad[] = {
    "",
    "board seat=0",
    "view seat=2 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=ajar rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=elemental board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,?,1111,1111 score0=0 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0",
    "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,01111,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0",
    "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,01111,.,.,.,. placer=....1.... "
      "hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0",
    "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,0111,.,.,.,. placer=....0.... "
      "hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0",
    "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1B11 hand1=1111,1111,1111,1111 score0=0 score1=0",
#define EMPTY_BOARD "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... " \
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0"
    EMPTY_BOARD " actions=",
    EMPTY_BOARD " actions=play:0@0",
    EMPTY_BOARD " actions=place:5@0",
    EMPTY_BOARD " actions=place:10@0",
    EMPTY_BOARD " actions=place:0@9",
    EMPTY_BOARD " actions=place:0@",
    EMPTY_BOARD " actions=place:@0",
    EMPTY_BOARD " actions=place:0@0x",
    EMPTY_BOARD " actions=place:00@0",
    "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,01111,.,.,.,. "
      "placer=....0.... hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0 "
      "actions=place:0@0",
    "view seat=1 first=0 turn=1 hands=open rules=none board=.,.,.,.,01111,.,.,.,. "
      "placer=....0.... hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0 "
      "actions=place:0@4",
    "view seat=-1 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=1111,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0 actions=place:0@0",
  };
  const char *moves = EMPTY_BOARD " actions=place:024@48";
  const char *good = "view seat=0 first=0 turn=1 hands=open rules=none board=.,.,.,.,01111,.,.,.,. "
                     "placer=....0.... hand0=1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=1 score1=0 "
                     "actions=-";
  TriadView view;

  g_assert_true (triad_view_parse (good, &view, NULL));
  g_assert_false (triad_view_may_place (&view, -1, -1));
  /* Written before views carried the moves: read, with none. */
  g_assert_true (triad_view_parse (EMPTY_BOARD, &view, NULL));
  g_assert_false (triad_view_may_place (&view, -1, -1));
  g_assert_cmpuint (view.n_hand[0], ==, 5);
  g_assert_true (triad_view_parse (moves, &view, NULL));
  g_assert_true (triad_view_may_place (&view, 2, 8));
  g_assert_true (triad_view_may_place (&view, -1, 4));
  g_assert_false (triad_view_may_place (&view, 1, 4));
  g_assert_false (triad_view_may_place (&view, 0, 5));
  g_assert_false (triad_view_may_place (&view, 5, 4));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", bad[i]);
      g_assert_false (triad_view_parse (bad[i], &view, &error));
      g_assert_nonnull (error);
    }
#undef EMPTY_BOARD
}

static void
test_bad_actions (void)
{
  static const struct { guint seat; const char *action; int code; } cases[] = {
    { 1, "place card=0 cell=0", PARLOR_GAME_ERROR_NOT_YOUR_TURN },
    { 0, "place card=0 cell=4", PARLOR_GAME_ERROR_ILLEGAL },          /* taken */
    { 0, "place card=4 cell=0", PARLOR_GAME_ERROR_ILLEGAL },          /* only 4 cards left */
    { 0, "place card=5 cell=0", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place card=0 cell=9", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place card=-1 cell=0", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place card=0", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place card=0 cell=0 extra=1", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place 1 card=0 cell=0", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "take card=0 cell=0", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "", PARLOR_GAME_ERROR_SYNTAX },
    { 0, "place card=x cell=0", PARLOR_GAME_ERROR_SYNTAX },
    { 7, "place card=0 cell=0", PARLOR_GAME_ERROR_NOT_YOUR_TURN },
  };
  g_autoptr(TriadGame) game = game_with_hands ("first=0", "1234 2345 3456 4567 5678", "1111 2222 3333 4444");
  g_autoptr(GPtrArray) events = start (game);
  g_autofree char *before = NULL;

  play (game, 0, "place card=0 cell=4", events);
  play (game, 1, "place card=0 cell=8", events);
  before = parlor_game_view_for (PARLOR_GAME (game), -1);
  g_ptr_array_set_size (events, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      g_assert_false (parlor_game_apply (PARLOR_GAME (game), cases[i].seat, cases[i].action, events, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, cases[i].code);
      g_assert_cmpuint (events->len, ==, 0);
      after = parlor_game_view_for (PARLOR_GAME (game), -1);
      g_assert_cmpstr (after, ==, before);
    }
}

static void
test_not_started_and_over (void)
{
  g_autoptr(TriadGame) game = game_with_hands (NULL, "5555 5555 5555 5555 5555", "5555 5555 5555 5555");
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (parlor_game_apply (PARLOR_GAME (game), 0, "place card=0 cell=0", events, &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, 0);
  g_assert_null (parlor_game_get_result (PARLOR_GAME (game)));

  parlor_game_start (PARLOR_GAME (game), events);
  for (guint c = 0; c < 9; c++)
    {
      g_autofree char *action = g_strdup_printf ("place card=0 cell=%u", c);

      play (game, c % 2, action, events);
    }
  g_assert_false (parlor_game_apply (PARLOR_GAME (game), 1, "place card=0 cell=0", events, &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER);
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, 0);
  {
    g_autoptr(GPtrArray) none = parlor_game_legal_actions (PARLOR_GAME (game), 1);
    g_autoptr(GPtrArray) nobody = parlor_game_legal_actions (PARLOR_GAME (game), 40);

    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpuint (nobody->len, ==, 0);
  }
}

static void
test_config (void)
{
  static const struct { const char *text; gboolean ok; int first; gboolean open; TriadRules rules; } cases[] = {
    { NULL, TRUE, 0, TRUE, 0 },
    { "", TRUE, 0, TRUE, 0 },
    { "first=1 hands=closed", TRUE, 1, FALSE, 0 },
    { "first=random same=on plus=yes combo=1", TRUE, -1, TRUE, TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO },
    { "same=off plus=on", TRUE, 0, TRUE, TRIAD_RULE_PLUS },
    { "same=on reading=ff8", TRUE, 0, TRUE, TRIAD_RULE_SAME | TRIAD_RULE_FF8 },
    { "reading=ff8 plus=on reading=parlor", TRUE, 0, TRUE, TRIAD_RULE_PLUS },
    /* without Same or Plus the reading changes nothing and is not kept */
    { "reading=ff8", TRUE, 0, TRUE, 0 },
    { "reverse=on", TRUE, 0, TRUE, TRIAD_RULE_REVERSE },
    { "reverse=on same=on reverse=off", TRUE, 0, TRUE, TRIAD_RULE_SAME },
    { "reverse=maybe", FALSE, 0, TRUE, 0 },
    { "fallen-ace=on reverse=on", TRUE, 0, TRUE, TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE },
    /* Same Wall changes only Same: without it, it is not kept */
    { "same-wall=on same=on", TRUE, 0, TRUE, TRIAD_RULE_SAME | TRIAD_RULE_SAME_WALL },
    { "same-wall=on plus=on", TRUE, 0, TRUE, TRIAD_RULE_PLUS },
    { "reading=ff9", FALSE, 0, TRUE, 0 },
    { "combo=on", FALSE, 0, TRUE, 0 },
    { "first=2", FALSE, 0, TRUE, 0 },
    { "hands=half", FALSE, 0, TRUE, 0 },
    { "same=maybe", FALSE, 0, TRUE, 0 },
    { "elemental=on", FALSE, 0, TRUE, 0 },
    { "open", FALSE, 0, TRUE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      TriadConfig config;
      gboolean ok = triad_config_parse (cases[i].text, &config, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
          g_assert_null (triad_game_new (cases[i].text, 1, NULL));
          continue;
        }
      g_assert_cmpint (config.first, ==, cases[i].first);
      g_assert_cmpint (config.open, ==, cases[i].open);
      g_assert_cmpint (config.rules, ==, cases[i].rules);
    }
}

static void
test_describe (void)
{
  const char *names[] = { "Ann", "Bo", NULL };
  static const struct { const char *line; const char *words; } cases[] = {
    { "place seat=1 card=0 cell=4 face=73A5", "Bo plays 7-3-A-5 on the centre" },
    { "flip cell=0 seat=0 rule=basic", "Ann takes the card on the top left" },
    { "flip cell=8 seat=1 rule=same", "Bo takes the card on the bottom right by Same" },
    { "flip cell=2 seat=1 rule=plus", "Bo takes the card on the top right by Plus" },
    { "flip cell=6 seat=0 rule=combo", "Ann takes the card on the bottom left by Combo" },
    { "over score0=4 score1=5 winner=draw", "A draw, 4 cards to 5" },
    { "over score0=6 score1=3 winner=0", "Ann wins, 6 cards to 3" },
    { "over score0=1 score1=8 winner=1", "Bo wins, 8 cards to 1" },
    { "start first=1 hands=closed rules=none", "New game with closed hands; Bo moves first" },
    { "deal seat=0 hand=1234,A111", "Ann gets 1-2-3-4, A-1-1-1" },
    { "place card=2 cell=1", "Place card 3 on the top" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = triad_game_info.describe (cases[i].line, names);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
  {
    /* A hint names the card as it is printed: A for 10. */
    g_autofree char *words = triad_game_info.describe_move (
      "view seat=0 first=0 turn=0 hands=open rules=none board=.,.,.,.,.,.,.,.,. placer=......... "
      "hand0=2A19,1111,1111,1111,1111 hand1=1111,1111,1111,1111 score0=0 score1=0 actions=place:01234@012345678",
      "place card=0 cell=4");

    g_assert_cmpstr (words, ==, "Play 2-A-1-9 on the centre");
  }
  {
    g_autofree char *words = triad_game_info.describe ("flip cell=4 seat=1 rule=basic", NULL);

    g_assert_cmpstr (words, ==, "Player 2 takes the card on the centre");
  }
  {
    /* The reader's own seat has the name "": the words speak to them. */
    const char *mine[] = { "Ann", "", NULL };
    static const struct { const char *line; const char *words; } yours[] = {
      { "place seat=1 card=0 cell=4 face=73A5", "You play 7-3-A-5 on the centre" },
      { "flip cell=8 seat=1 rule=same", "You take the card on the bottom right by Same" },
      { "flip cell=0 seat=1 rule=basic", "You take the card on the top left" },
      { "over score0=1 score1=8 winner=1", "You win, 8 cards to 1" },
      { "start first=1 hands=open rules=none", "New game with open hands; you move first" },
      { "deal seat=1 hand=1234", "You get 1-2-3-4" },
      { "place seat=0 card=0 cell=4 face=73A5", "Ann plays 7-3-A-5 on the centre" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (yours); i++)
      {
        g_autofree char *words = triad_game_info.describe (yours[i].line, mine);

        g_assert_cmpstr (words, ==, yours[i].words);
      }
  }
}

/* Plays the game and an independent copy of the rules side by side. */
static void
random_games (guint n_games,
              guint seed)
{
  static const char *const configs[] = {
    "", "hands=closed", "same=on", "plus=on", "same=on plus=on combo=on", "same=on combo=on",
    "first=1 plus=on combo=on", "first=random", "same=on reading=ff8", "plus=on reading=ff8",
    "same=on plus=on combo=on reading=ff8", "first=1 plus=on combo=on reading=ff8",
  };
  ParlorRng rng;

  parlor_rng_init (&rng, seed, 11);
  for (guint g = 0; g < n_games; g++)
    {
      const char *config = configs[g % G_N_ELEMENTS (configs)];
      g_autoptr(TriadGame) game = triad_game_new (config, g, NULL);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      const TriadPosition *pos = triad_game_get_position (game);
      guint first = triad_game_get_first_seat (game);
      Brute brute;

      g_assert_nonnull (game);
      brute_from_position (&brute, pos, triad_game_get_rules (game));
      parlor_game_start (PARLOR_GAME (game), events);

      for (guint turn = 0; turn < 9; turn++)
        {
          guint player = turn % 2;
          guint seat = player == 0 ? first : 1 - first;
          g_autoptr(GPtrArray) legal = parlor_game_legal_actions (PARLOR_GAME (game), seat);
          g_autoptr(GPtrArray) none = parlor_game_legal_actions (PARLOR_GAME (game), 1 - seat);
          gint8 before[9];
          guint pick, index, cell, before_count;

          g_assert_false (parlor_game_is_over (PARLOR_GAME (game)));
          g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, PARLOR_AUDIENCE_SEAT (seat));
          g_assert_cmpuint (legal->len, ==, pos->n_hand[player] * (9 - turn));
          g_assert_cmpuint (none->len, ==, 0);
          g_assert_cmpuint (pos->n_filled, ==, turn);
          g_assert_cmpuint (pos->n_hand[0], ==, 5 - (turn + 1) / 2);
          g_assert_cmpuint (pos->n_hand[1], ==, 4 - turn / 2);

          memcpy (before, pos->owner, sizeof before);
          before_count = triad_position_count (pos, player);
          pick = parlor_rng_below (&rng, legal->len);
          g_assert_cmpint (sscanf (g_ptr_array_index (legal, pick), "place card=%u cell=%u", &index, &cell), ==, 2);
          g_ptr_array_set_size (events, 0);
          play (game, seat, g_ptr_array_index (legal, pick), events);
          brute_play (&brute, (int) index, (int) cell);

          /* the engine agrees with the independent rules */
          for (guint c = 0; c < 9; c++)
            g_assert_cmpint (pos->owner[c], ==, brute.owner[c]);
          /* the placed card is the mover's; only opponent cards changed, each to the mover */
          g_assert_cmpint (pos->owner[cell], ==, player);
          for (guint c = 0; c < 9; c++)
            if (c != cell && pos->owner[c] != before[c])
              {
                g_assert_cmpint (before[c], ==, 1 - player);
                g_assert_cmpint (pos->owner[c], ==, player);
              }
          /* one event per flip after the placement */
          g_assert_cmpuint (triad_position_count (pos, player), ==, before_count + 1 + (events->len - 1)
                            - (turn == 8 ? 1 : 0));
          g_assert_cmpuint (triad_position_count (pos, 0) + triad_position_count (pos, 1), ==, turn + 1);
        }

      g_assert_true (parlor_game_is_over (PARLOR_GAME (game)));
      g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, 0);
      g_assert_cmpuint (pos->n_hand[0] + pos->n_hand[1], ==, 0);
      {
        g_autofree char *result = parlor_game_get_result (PARLOR_GAME (game));
        guint first_count = triad_position_count (pos, 0);
        const char *winner = first_count >= 6 ? (first == 0 ? "0" : "1")
                             : first_count == 5 ? "draw" : (first == 0 ? "1" : "0");
        g_autofree char *expected = g_strdup_printf ("result score0=%u score1=%u winner=%s",
                                                     first == 0 ? first_count : 9 - first_count,
                                                     first == 0 ? 9 - first_count : first_count, winner);

        g_assert_cmpstr (result, ==, expected);
      }
    }
}

static void
test_random_games (void)
{
  random_games (n_random_games, 1);
}

/* Seed + actions replay the same game event for event. */
static void
test_replay (void)
{
  for (guint g = 0; g < 50; g++)
    {
      const char *config = g % 2 ? "first=random hands=closed same=on" : "plus=on combo=on";
      g_autoptr(TriadGame) a = triad_game_new (config, 1000 + g, NULL);
      g_autoptr(TriadGame) b = triad_game_new (config, 1000 + g, NULL);
      g_autoptr(GPtrArray) ea = start (a);
      g_autoptr(GPtrArray) eb = start (b);
      g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *va = NULL;
      g_autofree char *vb = NULL;
      ParlorRng rng;

      parlor_rng_init (&rng, g, 3);
      while (!parlor_game_is_over (PARLOR_GAME (a)))
        {
          guint seat = parlor_game_is_waiting_for (PARLOR_GAME (a), 0) ? 0 : 1;
          char *action = parlor_game_random_action (PARLOR_GAME (a), seat, &rng);

          play (a, seat, action, ea);
          g_ptr_array_add (actions, action);
        }
      for (guint i = 0; i < actions->len; i++)
        {
          guint seat = parlor_game_is_waiting_for (PARLOR_GAME (b), 0) ? 0 : 1;

          play (b, seat, g_ptr_array_index (actions, i), eb);
        }
      g_assert_cmpuint (ea->len, ==, eb->len);
      for (guint i = 0; i < ea->len; i++)
        g_assert_cmpstr (((ParlorEvent *) g_ptr_array_index (ea, i))->line, ==,
                         ((ParlorEvent *) g_ptr_array_index (eb, i))->line);
      va = parlor_game_view_for (PARLOR_GAME (a), -1);
      vb = parlor_game_view_for (PARLOR_GAME (b), -1);
      g_assert_cmpstr (va, ==, vb);
    }
}

/* A client can follow the game from the events alone. */
static void
test_events_parse (void)
{
  static const char *const bad[] = {
    "", "flip cell=9 seat=0 rule=basic", "flip cell=1 seat=0 rule=elemental", "place seat=0 card=0 cell=4",
    "place seat=0 card=0 cell=4 face=12345", "over score0=4 winner=draw", "over score0=4 score1=5 winner=2",
    "deal seat=0 hand=-", "start first=0 hands=open", "turn seat=0",
  };

  for (guint g = 0; g < 200; g++)
    {
      g_autoptr(TriadGame) game = triad_game_new ("first=random same=on plus=on combo=on", 7000 + g, NULL);
      g_autoptr(GPtrArray) events = start (game);
      gint8 owner[9];
      TriadCard card[9];
      TriadView view;
      ParlorRng rng;
      gboolean over = FALSE;

      memset (owner, TRIAD_EMPTY, sizeof owner);
      parlor_rng_init (&rng, g, 9);
      while (!parlor_game_is_over (PARLOR_GAME (game)))
        {
          guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
          g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);

          play (game, seat, action, events);
        }
      for (guint i = 0; i < events->len; i++)
        {
          const char *line = ((ParlorEvent *) g_ptr_array_index (events, i))->line;
          g_autoptr(GError) error = NULL;
          TriadEvent e;

          g_assert_true (triad_event_parse (line, &e, &error));
          g_assert_no_error (error);
          switch (e.kind)
            {
            case TRIAD_EVENT_PLACE:
              g_assert_cmpint (owner[e.cell], ==, TRIAD_EMPTY);
              owner[e.cell] = (gint8) e.seat;
              card[e.cell] = e.card;
              break;
            case TRIAD_EVENT_FLIP:
              g_assert_cmpint (owner[e.cell], ==, 1 - e.seat);
              owner[e.cell] = (gint8) e.seat;
              break;
            case TRIAD_EVENT_OVER:
              triad_game_get_view (game, -1, &view);
              g_assert_cmpuint (e.score[0], ==, view.score[0]);
              g_assert_cmpuint (e.score[1], ==, view.score[1]);
              over = TRUE;
              break;
            case TRIAD_EVENT_START:
              g_assert_cmpint (e.seat, ==, (int) triad_game_get_first_seat (game));
              g_assert_cmpint (e.rules, ==, TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO);
              break;
            case TRIAD_EVENT_DEAL:
              g_assert_cmpuint (e.n_cards, ==, e.seat == (int) triad_game_get_first_seat (game) ? 5 : 4);
              break;
            default:
              g_assert_not_reached ();
            }
        }
      g_assert_true (over);
      triad_game_get_view (game, -1, &view);
      for (guint c = 0; c < 9; c++)
        {
          g_assert_cmpint (owner[c], ==, view.owner[c]);
          g_assert_cmpmem (card[c].rank, 4, view.card[c].rank, 4);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      TriadEvent e;

      g_assert_false (triad_event_parse (bad[i], &e, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
    }
  {
    g_autofree char *action = triad_action_new (3, 8);

    g_assert_cmpstr (action, ==, "place card=3 cell=8");
  }
}

/* Mangled view and action lines: a clear error or a consistent reading, never a crash. */
static void
test_mangled_lines (void)
{
  static const char alphabet[] = "0123456789A?.,=- %xyz";
  ParlorRng rng;
  guint n_parsed = 0;

  parlor_rng_init (&rng, 31, 7);
  for (guint g = 0; g < 40; g++)
    {
      g_autoptr(TriadGame) game = triad_game_new (g % 2 ? "hands=closed plus=on" : "same=on", g, NULL);
      g_autoptr(GPtrArray) events = start (game);

      play_random_until_filled (game, 5 + g % 4, &rng, events);
      for (guint k = 0; k < 100; k++)
        {
          guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
          g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), (int) seat);
          g_autofree char *action = g_strdup ("place card=0 cell=0");
          g_autoptr(GError) error = NULL;
          TriadView view;
          gsize len = strlen (line);

          for (guint m = 0; m < 1 + k % 3; m++)
            line[parlor_rng_below (&rng, len)] = alphabet[parlor_rng_below (&rng, sizeof alphabet - 1)];
          action[parlor_rng_below (&rng, strlen (action))] = alphabet[parlor_rng_below (&rng, sizeof alphabet - 1)];

          if (triad_view_parse (line, &view, &error))
            {
              g_autofree char *again = triad_view_to_line (&view);
              g_autofree char *choice = NULL;
              TriadView reread;

              g_assert_true (triad_view_parse (again, &reread, NULL));
              g_assert_cmpint (reread.n_filled, ==, view.n_filled);
              choice = triad_game_info.ai_choose ("hard", line, k, NULL, NULL);
              n_parsed++;
            }
          else
            g_assert_nonnull (error);
          g_clear_error (&error);
          if (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error))
            break;
          g_assert_nonnull (error);
        }
    }
  g_test_message ("%u mangled views still read", n_parsed);
}

static void
count_signal (gpointer  instance,
              gpointer  arg,
              guint    *count)
{
  (*count)++;
}

static void
count_changed (gpointer  instance,
               guint    *count)
{
  (*count)++;
}

/* Observers hear of every change: turn and over notify only on real change. */
static void
test_signals (void)
{
  g_autoptr(TriadGame) game = triad_game_new ("first=1", 3, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  guint n_turn = 0, n_over = 0, n_changed = 0;
  int turn;
  gboolean over;
  ParlorRng rng;

  g_signal_connect (game, "notify::turn", G_CALLBACK (count_signal), &n_turn);
  g_signal_connect (game, "notify::over", G_CALLBACK (count_signal), &n_over);
  g_signal_connect (game, "changed", G_CALLBACK (count_changed), &n_changed);
  g_object_get (game, "turn", &turn, NULL);
  g_assert_cmpint (turn, ==, -1);

  parlor_game_start (PARLOR_GAME (game), events);
  g_object_get (game, "turn", &turn, "over", &over, NULL);
  g_assert_cmpint (turn, ==, 1);
  g_assert_false (over);
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_cmpuint (n_turn, ==, 1);

  /* a refused move changes nothing */
  g_assert_false (parlor_game_apply (PARLOR_GAME (game), 0, "place card=0 cell=0", events, NULL));
  g_assert_cmpuint (n_changed, ==, 1);

  parlor_rng_init (&rng, 1, 1);
  play_random_until_filled (game, 9, &rng, events);
  g_object_get (game, "turn", &turn, "over", &over, NULL);
  g_assert_cmpint (turn, ==, -1);
  g_assert_true (over);
  g_assert_cmpuint (n_changed, ==, 10);
  g_assert_cmpuint (n_turn, ==, 10);
  g_assert_cmpuint (n_over, ==, 1);
}

/* Different seeds deal different cards. */
static void
test_seeds_differ (void)
{
  g_autoptr(TriadGame) a = triad_game_new (NULL, 1, NULL);
  g_autoptr(TriadGame) b = triad_game_new (NULL, 2, NULL);
  g_autofree char *va = parlor_game_view_for (PARLOR_GAME (a), -1);
  g_autofree char *vb = parlor_game_view_for (PARLOR_GAME (b), -1);

  g_assert_cmpstr (va, !=, vb);
}

int
main (int   argc,
      char *argv[])
{
  if (argc > 1 && g_str_equal (argv[1], "--slow"))
    {
      n_random_games = 100000;
      argv[1] = argv[0];
      argv++;
      argc--;
    }
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/triad/game/registered", test_registered);
  g_test_add_func ("/triad/game/end/five-four-is-a-draw", test_five_four_is_draw);
  g_test_add_func ("/triad/game/end/second-player-wins", test_second_player_wins);
  g_test_add_func ("/triad/game/end/first-player-wins", test_first_player_wins_by_six);
  g_test_add_func ("/triad/game/events", test_events);
  g_test_add_func ("/triad/game/reading-by-config", test_reading_by_config);
  g_test_add_func ("/triad/game/closed-deal-audience", test_closed_deal_audience);
  g_test_add_func ("/triad/game/views", test_views);
  g_test_add_func ("/triad/game/view-round-trip", test_view_parse_round_trip);
  g_test_add_func ("/triad/game/view-parse-errors", test_view_parse_errors);
  g_test_add_func ("/triad/game/bad-actions-change-nothing", test_bad_actions);
  g_test_add_func ("/triad/game/not-started-and-over", test_not_started_and_over);
  g_test_add_func ("/triad/game/config", test_config);
  g_test_add_func ("/triad/game/describe", test_describe);
  g_test_add_func ("/triad/game/replay", test_replay);
  g_test_add_func ("/triad/game/seeds-differ", test_seeds_differ);
  g_test_add_func ("/triad/game/events-parse", test_events_parse);
  g_test_add_func ("/triad/game/mangled-lines", test_mangled_lines);
  g_test_add_func ("/triad/game/signals", test_signals);
  g_test_add_func ("/triad/game/random-invariants", test_random_games);

  return g_test_run ();
}
