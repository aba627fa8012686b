/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "parlor-line.h"
#include "manhattan-game-private.h"
#include "manhattan-view.h"

/* ---- helpers ---- */

/*
 * The spot a card points to, derived by walking the grid from the holder's
 * seat: start at the far-left corner as the holder sees it, step r cells
 * toward the holder and c cells to the holder's right.
 */
static void
hand_rotation (int  seat,
               int  pos,
               int *row,
               int *col)
{
  /* corner (row, col), toward-holder (drow, dcol), toward-right (drow, dcol) */
  static const int geometry[4][6] = {
    /* North sits at the top, faces south: far-left is the south-east corner. */
    { 2, 2, -1, 0, 0, -1 },
    /* East sits on the right, faces west: far-left is the south-west corner. */
    { 2, 0, 0, 1, -1, 0 },
    /* South sits at the bottom, faces north: far-left is the north-west corner. */
    { 0, 0, 1, 0, 0, 1 },
    /* West sits on the left, faces east: far-left is the north-east corner. */
    { 0, 2, 0, -1, 1, 0 },
  };
  const int *g = geometry[seat];
  int r = pos / 3, c = pos % 3;

  *row = g[0] + r * g[2] + c * g[4];
  *col = g[1] + r * g[3] + c * g[5];
}

static ManhattanGame *
new_started_game (guint64    seed,
                  GPtrArray *events)
{
  ManhattanGame *game = manhattan_game_new (seed);
  g_autoptr(GPtrArray) local = parlor_event_array_new ();

  parlor_game_start (PARLOR_GAME (game), events != NULL ? events : local);
  return game;
}

/* Everyone chooses 1,1,1,2,3,4 (valid in rounds 1–3), leaving the game in the play phase. */
static void
choose_all (ManhattanGame *game)
{
  for (int s = 0; s < 4; s++)
    {
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;

      g_assert_true (parlor_game_apply (PARLOR_GAME (game), s, "choose blocks=4,3,2,1,1,1",
                                        events, &error));
      g_assert_no_error (error);
    }
}

static gboolean
has_event (GPtrArray  *events,
           const char *prefix)
{
  for (guint i = 0; i < events->len; i++)
    if (g_str_has_prefix (((ParlorEvent *) g_ptr_array_index (events, i))->line, prefix))
      return TRUE;
  return FALSE;
}

/* ---- cards ---- */

static void
test_card_mapping (void)
{
  /* A few spots written out by hand, for the reader: (seat, card) → (row, col). */
  static const int literal[][4] = {
    { MANHATTAN_SOUTH, 0, 0, 0 }, { MANHATTAN_SOUTH, 5, 1, 2 },
    { MANHATTAN_NORTH, 0, 2, 2 }, { MANHATTAN_NORTH, 5, 1, 0 },
    { MANHATTAN_EAST, 0, 2, 0 }, { MANHATTAN_EAST, 2, 0, 0 }, { MANHATTAN_EAST, 6, 2, 2 },
    { MANHATTAN_WEST, 0, 0, 2 }, { MANHATTAN_WEST, 2, 2, 2 }, { MANHATTAN_WEST, 6, 0, 0 },
  };

  for (int seat = 0; seat < 4; seat++)
    {
      gboolean seen[9] = { FALSE };

      for (int pos = 0; pos < 9; pos++)
        {
          int row, col, erow, ecol;

          manhattan_card_spot (seat, pos, &row, &col);
          hand_rotation (seat, pos, &erow, &ecol);
          g_assert_cmpint (row, ==, erow);
          g_assert_cmpint (col, ==, ecol);
          g_assert_false (seen[row * 3 + col]);
          seen[row * 3 + col] = TRUE;
        }
      /* The centre card is the centre for everybody. */
      {
        int row, col;

        manhattan_card_spot (seat, 4, &row, &col);
        g_assert_cmpint (row, ==, 1);
        g_assert_cmpint (col, ==, 1);
      }
    }
  for (gsize i = 0; i < G_N_ELEMENTS (literal); i++)
    {
      int row, col;

      manhattan_card_spot (literal[i][0], literal[i][1], &row, &col);
      g_assert_cmpint (row, ==, literal[i][2]);
      g_assert_cmpint (col, ==, literal[i][3]);
    }
}

static void
test_deck_and_deal (void)
{
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(ManhattanGame) game = new_started_game (5, events);
  ManhattanState *st = manhattan_game_get_state (game);
  int count[9] = { 0 };
  int total = 0;

  for (int s = 0; s < 4; s++)
    {
      int n = 0;

      for (int p = 0; p < 9; p++)
        {
          n += st->hand[s][p];
          count[p] += st->hand[s][p];
        }
      g_assert_cmpint (n, ==, 4);
    }
  for (int i = st->deck_pos; i < st->deck_len; i++)
    count[st->deck[i]]++;
  for (int p = 0; p < 9; p++)
    {
      g_assert_cmpint (count[p], ==, 5);
      total += count[p];
    }
  g_assert_cmpint (total, ==, 45);
  /* The deck order is an event for the log only. */
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      if (g_str_has_prefix (e->line, "shuffle "))
        g_assert_cmpuint (e->audience, ==, 0);
      if (g_str_has_prefix (e->line, "deal ") && strstr (e->line, "cards=") != NULL)
        g_assert_cmpuint (__builtin_popcount (e->audience), ==, 1);
    }
  g_assert_cmpint (st->phase, ==, MANHATTAN_PHASE_CHOOSE);
  g_assert_cmpuint (parlor_game_get_waiting (PARLOR_GAME (game)), ==, 0xf);
}

static void
test_block_table (void)
{
  int n = 0, storeys = 0;

  g_assert_cmpint (manhattan_block_table[1], ==, 11);
  g_assert_cmpint (manhattan_block_table[2], ==, 6);
  g_assert_cmpint (manhattan_block_table[3], ==, 4);
  g_assert_cmpint (manhattan_block_table[4], ==, 3);
  for (int b = 1; b <= 4; b++)
    {
      n += manhattan_block_table[b];
      storeys += b * manhattan_block_table[b];
    }
  g_assert_cmpint (n, ==, 24);
  g_assert_cmpint (storeys, ==, 47);
}

/* ---- placement ---- */

typedef struct
{
  int mine;
  int other;
  int block;
  gboolean allowed;
} PlacementCase;

static void
test_placement_boundary (void)
{
  static const PlacementCase cases[] = {
    { 0, 0, 1, TRUE },
    { 0, 3, 3, TRUE },    /* equal storeys allowed */
    { 0, 3, 2, FALSE },   /* one fewer refused */
    { 2, 5, 3, TRUE },
    { 2, 5, 2, FALSE },
    { 4, 2, 1, TRUE },
    { 0, 5, 4, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ManhattanGame) game = new_started_game (11 + i, NULL);
      ManhattanState *st = manhattan_game_get_state (game);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *action = NULL;
      int me, other, row, col, spot;

      choose_all (game);
      me = st->turn;
      other = (me + 2) % 4;
      memset (st->hand[me], 0, 9);
      st->hand[me][0] = 1;
      memset (st->chosen[me], 0, 5);
      st->chosen[me][cases[i].block] = 1;
      hand_rotation (me, 0, &row, &col);
      spot = row * 3 + col;
      st->board.storeys[3][spot][me] = cases[i].mine;
      st->board.storeys[3][spot][other] = cases[i].other;
      st->board.owner[3][spot] = cases[i].mine + cases[i].other > 0 ? other : -1;
      if (cases[i].other == 0 && cases[i].mine > 0)
        st->board.owner[3][spot] = me;

      action = g_strdup_printf ("play card=0 city=3 block=%d", cases[i].block);
      g_assert_cmpint (parlor_game_apply (PARLOR_GAME (game), me, action, events, &error), ==,
                       cases[i].allowed);
      if (cases[i].allowed)
        {
          g_assert_no_error (error);
          g_assert_cmpint (st->board.storeys[3][spot][me], ==, cases[i].mine + cases[i].block);
          g_assert_cmpint (st->board.owner[3][spot], ==, me);
        }
      else
        {
          g_autofree char *expected = g_strdup_printf ("You need at least %d storeys here",
                                                       cases[i].other - cases[i].mine);

          g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL);
          g_assert_cmpstr (error->message, ==, expected);
          g_assert_cmpuint (events->len, ==, 0);
        }
    }
}

static void
test_ownership_last_placer (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (21, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  int a, b;

  choose_all (game);
  a = st->turn;
  b = manhattan_next_seat (a);
  /* Everybody gets the centre card, which is the centre spot for all seats. */
  for (int s = 0; s < 4; s++)
    {
      memset (st->hand[s], 0, 9);
      st->hand[s][4] = 4;
    }

  for (int step = 0; step < 4; step++)
    {
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      int seat = st->turn;
      /* a: 1 (owns); b: 1 (equal, takes it); c: 2; d: 2. */
      const char *action = step < 2 ? "play card=4 city=0 block=1" : "play card=4 city=0 block=2";

      g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
      g_assert_no_error (error);
      g_assert_cmpint (st->board.owner[0][4], ==, seat);
      if (step == 0)
        g_assert_cmpint (seat, ==, a);
      if (step == 1)
        g_assert_cmpint (seat, ==, b);
    }
  g_assert_cmpint (manhattan_spot_height (st->board.storeys[0][4]), ==, 6);
}

/* ---- scoring ---- */

static void
place (ManhattanBoard *board,
       int             city,
       int             spot,
       int             seat,
       int             storeys)
{
  board->storeys[city][spot][seat] += storeys;
  board->owner[city][spot] = seat;
}

/* The seat to play holds only the card at position 2 and has chosen one
 * 1-storey and one 2-storey block; returns that seat. */
static int
hold_card_two (ManhattanState *st)
{
  int me = st->turn;

  memset (st->hand[me], 0, 9);
  st->hand[me][2] = 1;
  memset (st->chosen[me], 0, 5);
  st->chosen[me][1] = 1;
  st->chosen[me][2] = 1;
  return me;
}

static void
empty_board (ManhattanBoard *board)
{
  memset (board, 0, sizeof *board);
  memset (board->owner, -1, sizeof board->owner);
}

static void
test_scoring_tallest (void)
{
  ManhattanBoard board;
  ManhattanScore score[4];

  /* Unique tallest: 5 storeys, owned by East (North has 2 of them). */
  empty_board (&board);
  place (&board, 0, 0, 0, 2);
  place (&board, 0, 0, 1, 3);
  place (&board, 1, 0, 2, 4);
  manhattan_score_board (&board, score);
  g_assert_cmpint (score[1].tallest, ==, 3);
  g_assert_cmpint (score[0].tallest + score[2].tallest + score[3].tallest, ==, 0);

  /* Two tallest of 4, different owners: nobody. */
  empty_board (&board);
  place (&board, 0, 0, 0, 4);
  place (&board, 2, 8, 3, 4);
  manhattan_score_board (&board, score);
  for (int s = 0; s < 4; s++)
    g_assert_cmpint (score[s].tallest, ==, 0);

  /* Two tallest of 4, both South's: still nobody. */
  empty_board (&board);
  place (&board, 0, 0, 2, 4);
  place (&board, 5, 8, 2, 4);
  place (&board, 5, 7, 1, 1);
  manhattan_score_board (&board, score);
  for (int s = 0; s < 4; s++)
    g_assert_cmpint (score[s].tallest, ==, 0);
  g_assert_cmpint (manhattan_tallest_owner (&board), ==, -1);
}

static void
test_scoring_majority_and_buildings (void)
{
  ManhattanBoard board;
  ManhattanScore score[4];

  empty_board (&board);
  /* City 0: North 2, East 1 → North +2. City 1: South 1, West 1 → tie, nobody. */
  place (&board, 0, 0, 0, 1);
  place (&board, 0, 1, 0, 1);
  place (&board, 0, 2, 1, 2);
  place (&board, 1, 0, 2, 2);
  place (&board, 1, 1, 3, 2);
  manhattan_score_board (&board, score);
  /* Tallest: three of height 2 → nobody. */
  g_assert_cmpint (score[0].majority, ==, 2);
  g_assert_cmpint (score[1].majority, ==, 0);
  g_assert_cmpint (score[2].majority, ==, 0);
  g_assert_cmpint (score[3].majority, ==, 0);
  g_assert_cmpint (score[0].buildings, ==, 2);
  g_assert_cmpint (score[1].buildings, ==, 1);
  g_assert_cmpint (score[2].buildings, ==, 1);
  g_assert_cmpint (score[3].buildings, ==, 1);
  for (int s = 0; s < 4; s++)
    g_assert_cmpint (score[s].tallest, ==, 0);

  /* Ownership moves with the last placer: East tops North's spot. */
  place (&board, 0, 1, 1, 1);
  manhattan_score_board (&board, score);
  g_assert_cmpint (score[0].majority, ==, 0);
  g_assert_cmpint (score[1].majority, ==, 2);
  g_assert_cmpint (score[1].buildings, ==, 2);
}

typedef struct
{
  int scores[4];
  int tallest_owner;
  int buildings[4];
  int winners;        /* bit mask */
  ManhattanTiebreak tiebreak;
} RankCase;

static void
test_final_tiebreaks (void)
{
  static const RankCase cases[] = {
    { { 50, 40, 30, 20 }, 3, { 1, 9, 9, 9 }, 0x1, MANHATTAN_TIEBREAK_NONE },
    { { 50, 50, 30, 20 }, 1, { 9, 1, 9, 9 }, 0x2, MANHATTAN_TIEBREAK_TALLEST },
    { { 50, 50, 30, 20 }, 2, { 4, 6, 9, 9 }, 0x2, MANHATTAN_TIEBREAK_BUILDINGS },
    { { 50, 50, 30, 20 }, -1, { 7, 6, 9, 9 }, 0x1, MANHATTAN_TIEBREAK_BUILDINGS },
    { { 50, 50, 50, 20 }, -1, { 6, 6, 5, 9 }, 0x3, MANHATTAN_TIEBREAK_SHARED },
    { { 40, 40, 40, 40 }, -1, { 3, 3, 3, 3 }, 0xf, MANHATTAN_TIEBREAK_SHARED },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int ranks[4];
      int winners = 0;
      ManhattanTiebreak tb = manhattan_rank (cases[i].scores, cases[i].tallest_owner,
                                             cases[i].buildings, ranks);

      for (int s = 0; s < 4; s++)
        if (ranks[s] == 1)
          winners |= 1 << s;
      g_assert_cmpint (tb, ==, cases[i].tiebreak);
      g_assert_cmpint (winners, ==, cases[i].winners);
    }
}

/* ---- rounds ---- */

static void
play_randomly_until (ManhattanGame *game,
                     ParlorRng     *rng,
                     int            round,
                     GPtrArray     *last_events)
{
  ManhattanState *st = manhattan_game_get_state (game);

  while (st->round < round && st->phase != MANHATTAN_PHASE_OVER)
    {
      guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (game));

      for (int s = 0; s < 4; s++)
        if (waiting & (1u << s))
          {
            g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), s, rng);
            g_autoptr(GError) error = NULL;

            g_ptr_array_set_size (last_events, 0);
            g_assert_true (parlor_game_apply (PARLOR_GAME (game), s, action, last_events, &error));
            break;
          }
    }
}

static void
test_forced_last_round (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (33, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;
  ParlorRng rng;
  int n_forced = 0;

  parlor_rng_init (&rng, 33, 0);
  play_randomly_until (game, &rng, 3, events);
  g_assert_cmpint (st->round, ==, 3);
  /* No choice to make: every seat's last 6 blocks were chosen for it. */
  g_assert_cmpint (st->phase, ==, MANHATTAN_PHASE_PLAY);
  for (guint i = 0; i < events->len; i++)
    if (g_str_has_prefix (((ParlorEvent *) g_ptr_array_index (events, i))->line, "chosen ") &&
        strstr (((ParlorEvent *) g_ptr_array_index (events, i))->line, "forced=1") != NULL)
      n_forced++;
  g_assert_cmpint (n_forced, ==, 4);
  g_assert_true (has_event (events, "reveal "));
  for (int s = 0; s < 4; s++)
    {
      g_assert_cmpint (manhattan_blocks_total (st->supply[s]), ==, 0);
      g_assert_cmpint (manhattan_blocks_total (st->chosen[s]), <=, 6);
      g_assert_cmpint (manhattan_blocks_total (st->chosen[s]), >=, 5);
    }
  g_ptr_array_set_size (events, 0);
  g_assert_false (parlor_game_apply (PARLOR_GAME (game), 0, "choose blocks=1,1,1,1,1,1",
                                     events, &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL);
}

typedef struct
{
  int pre_p;          /* scores before the last round's scoring */
  int pre_q;
  int q_buildings;    /* 1-storey buildings of Q in city 1 */
  int q_height;       /* storeys of Q's first building */
  const char *winners;   /* "P", "Q" or "PQ" */
  const char *tiebreak;
} EndCase;

/* The last block of the game decides a tie, at each tie-break level. */
static void
test_game_end_tiebreaks (void)
{
  static const EndCase cases[] = {
    /* P ends with the only (so the tallest) building: +6, ties Q at 26, tallest decides. */
    { 20, 26, 0, 0, "P", "tallest" },
    /* Both 1 building of 1 storey, +3 each: tallest tied, buildings tied → shared. */
    { 20, 20, 1, 1, "PQ", "shared" },
    /* Q has 2 buildings (+4), P 1 (+3): 24 each, no unique tallest, Q has more buildings. */
    { 21, 20, 2, 1, "Q", "buildings" },
    /* No tie at all. */
    { 40, 20, 2, 1, "P", "none" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ManhattanGame) game = new_started_game (200 + i, NULL);
      ManhattanState *st = manhattan_game_get_state (game);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *result = NULL;
      g_autoptr(ParlorLine) line = NULL;
      GString *winners = g_string_new (NULL);
      ParlorRng rng;
      int p, q, left;

      parlor_rng_init (&rng, 200 + i, 0);
      for (;;)
        {
          int seat;
          g_autofree char *action = NULL;

          left = 0;
          for (int s = 0; s < 4; s++)
            left += manhattan_blocks_total (st->chosen[s]);
          if (st->round == 3 && st->phase == MANHATTAN_PHASE_PLAY && left == 1)
            break;
          seat = __builtin_ctz (parlor_game_get_waiting (PARLOR_GAME (game)));
          action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);
          g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, NULL));
        }

      p = st->turn;
      q = (p + 2) % 4;
      empty_board (&st->board);
      memset (st->chosen[p], 0, 5);
      st->chosen[p][1] = 1;
      st->hand[p][4] = 1;
      memset (st->scores, 0, sizeof st->scores);
      st->scores[p] = cases[i].pre_p;
      st->scores[q] = cases[i].pre_q;
      for (int k = 0; k < cases[i].q_buildings; k++)
        place (&st->board, 1, k, q, k == 0 ? cases[i].q_height : 1);

      g_assert_true (parlor_game_apply (PARLOR_GAME (game), p, "play card=4 city=0 block=1",
                                        events, &error));
      g_assert_no_error (error);
      g_assert_true (parlor_game_is_over (PARLOR_GAME (game)));
      result = parlor_game_get_result (PARLOR_GAME (game));
      line = parlor_line_parse (result, NULL);
      for (int s = 0; s < 4; s++)
        if ((s == p && strchr (cases[i].winners, 'P')) || (s == q && strchr (cases[i].winners, 'Q')))
          g_string_append_printf (winners, "%s%d", winners->len > 0 ? "," : "", s);
      g_assert_cmpstr (parlor_line_get (line, "winners"), ==, winners->str);
      g_assert_cmpstr (parlor_line_get (line, "tiebreak"), ==, cases[i].tiebreak);
      g_string_free (winners, TRUE);
    }
}

static void
test_start_player_moves_left (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (44, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  int first = st->start_player;
  ParlorRng rng;

  parlor_rng_init (&rng, 44, 0);
  for (int r = 1; r < 4; r++)
    {
      play_randomly_until (game, &rng, r, events);
      g_assert_cmpint (st->start_player, ==, (first + r) % 4);
    }
}

/* ---- the stuck rule ---- */

static void
test_stuck_rule (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (55, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;
  int blocker, stuck, n_stuck = 0, cards = 0;
  gboolean reshuffled = FALSE;

  choose_all (game);
  blocker = st->turn;
  stuck = manhattan_next_seat (blocker);
  /* The blocker has 2 storeys on every spot; the next seat holds only a 1-storey block. */
  for (int city = 0; city < 6; city++)
    for (int spot = 0; spot < 9; spot++)
      place (&st->board, city, spot, blocker, 2);
  memset (st->chosen[stuck], 0, 5);
  st->chosen[stuck][1] = 1;
  /* Leave 2 cards in the deck so the redraws need the discard pile. */
  for (int i = st->deck_pos; i < st->deck_len - 2; i++)
    st->discard[st->deck[i]]++;
  st->deck_pos = st->deck_len - 2;
  memset (st->hand[blocker], 0, 9);
  st->hand[blocker][4] = 1;
  /* Put back the blocker's other 3 cards into the discard pile to keep 45 cards. */
  st->discard[0] += 3;

  g_assert_false (manhattan_state_has_legal_play (st, stuck));
  g_assert_true (parlor_game_apply (PARLOR_GAME (game), blocker, "play card=4 city=0 block=1",
                                    events, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);
      g_autoptr(ParlorLine) line = parlor_line_parse (e->line, NULL);

      if (g_str_equal (parlor_line_get_type (line), "stuck"))
        {
          g_autofree char *seat = g_strdup_printf ("%d", stuck);
          g_autofree char *attempt = g_strdup_printf ("%d", ++n_stuck);

          g_assert_cmpuint (e->audience, ==, PARLOR_AUDIENCE_ALL);
          g_assert_cmpstr (parlor_line_get (line, "seat"), ==, seat);
          g_assert_cmpstr (parlor_line_get (line, "attempt"), ==, attempt);
          g_assert_cmpuint (strlen (parlor_line_get (line, "cards")), ==, 7);   /* 4 cards */
        }
      if (g_str_equal (parlor_line_get_type (line), "reshuffle"))
        reshuffled = TRUE;
    }
  g_assert_cmpint (n_stuck, ==, 3);
  g_assert_true (reshuffled);
  g_assert_true (has_event (events, "set-aside "));
  g_assert_cmpint (st->set_aside[stuck][1], ==, 1);
  g_assert_cmpint (manhattan_blocks_total (st->chosen[stuck]), ==, 0);
  g_assert_cmpint (st->turn, !=, stuck);

  /* All 45 cards are still somewhere. */
  for (int s = 0; s < 4; s++)
    for (int p = 0; p < 9; p++)
      cards += st->hand[s][p];
  for (int p = 0; p < 9; p++)
    cards += st->discard[p];
  cards += st->deck_len - st->deck_pos;
  g_assert_cmpint (cards, ==, 45);
}

static void
test_unplayable_card (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (66, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) actions = NULL;
  int me, row, col, other;

  choose_all (game);
  me = st->turn;
  other = (me + 1) % 4;
  memset (st->hand[me], 0, 9);
  st->hand[me][0] = 1;
  st->hand[me][8] = 1;
  hand_rotation (me, 0, &row, &col);
  /* Card 0 points to a spot where the other seat has 9 storeys in every city. */
  for (int city = 0; city < 6; city++)
    place (&st->board, city, row * 3 + col, other, 9);
  actions = parlor_game_legal_actions (PARLOR_GAME (game), me);
  g_assert_cmpuint (actions->len, >, 0);
  for (guint i = 0; i < actions->len; i++)
    g_assert_false (g_str_has_prefix (g_ptr_array_index (actions, i), "play card=0 "));
}

/* ---- views ---- */

static void
test_view_secrecy (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (77, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;

  /* North chooses; the others must not learn what. */
  g_assert_true (parlor_game_apply (PARLOR_GAME (game), 0, "choose blocks=1,1,1,1,4,4",
                                    events, &error));
  for (int seat = -1; seat < 4; seat++)
    {
      g_autofree char *before = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_autofree char *after = NULL;
      ManhattanState saved = *st;
      ManhattanView view;

      g_assert_true (manhattan_view_parse (before, &view, &error));
      g_assert_no_error (error);
      if (seat >= 0)
        g_assert_cmpmem (view.hand, 9, st->hand[seat], 9);
      else
        for (int p = 0; p < 9; p++)
          g_assert_cmpint (view.hand[p], ==, 0);
      g_assert_cmpint (view.chosen_known[0], ==, seat == 0);
      g_assert_cmpint (view.chosen_mask, ==, 1);

      /* Change every hidden thing this seat may not know: the view must not move. */
      for (int s = 0; s < 4; s++)
        if (s != seat)
          {
            memset (st->hand[s], 0, 9);
            st->hand[s][(s + 3) % 9] = 4;
          }
      if (seat != 0)
        {
          memset (st->chosen[0], 0, 5);
          st->chosen[0][2] = 3;
          st->chosen[0][3] = 3;
          st->supply[0][1] = 11 - 0;
          st->supply[0][2] = 6 - 3;
          st->supply[0][3] = 4 - 3;
          st->supply[0][4] = 3;
        }
      parlor_rng_shuffle (&st->rng, st->deck + st->deck_pos, st->deck_len - st->deck_pos, 1);
      after = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_assert_cmpstr (before, ==, after);
      *st = saved;
    }
}

static void
test_view_helpers (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (88, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autofree char *line = NULL;
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autofree char *refusal = NULL;
  ManhattanView view;
  int me, row, col;
  guint cities;

  choose_all (game);
  me = hold_card_two (st);
  hand_rotation (me, 2, &row, &col);
  /* City 1: another seat has 3 there (needs 3, refused); city 4: 2 (allowed with the 2). */
  place (&st->board, 1, row * 3 + col, (me + 1) % 4, 3);
  place (&st->board, 4, row * 3 + col, (me + 2) % 4, 2);
  {
    /* City 5: a second 3-storey building and a 2–2 tie, away from the card's spot. */
    int free_spots[4], n = 0;

    for (int spot = 0; spot < 9 && n < 4; spot++)
      if (spot != row * 3 + col)
        free_spots[n++] = spot;
    place (&st->board, 5, free_spots[0], (me + 3) % 4, 3);
    place (&st->board, 5, free_spots[1], (me + 3) % 4, 1);
    place (&st->board, 5, free_spots[2], (me + 1) % 4, 1);
    place (&st->board, 5, free_spots[3], (me + 1) % 4, 1);
  }

  line = parlor_game_view_for (PARLOR_GAME (game), me);
  g_assert_true (manhattan_view_parse (line, &view, &error));
  g_assert_no_error (error);
  cities = manhattan_view_card_cities (&view, 2, &row, &col);
  g_assert_cmpuint (cities, ==, 0x3f & ~(1u << 1));
  refusal = manhattan_view_spot_refusal (&view, 1, row, col, 2);
  g_assert_cmpstr (refusal, ==, "You need at least 3 storeys here");
  g_assert_null (manhattan_view_spot_refusal (&view, 4, row, col, 2));
  g_free (refusal);
  refusal = manhattan_view_spot_refusal (&view, 4, row, col, 1);
  g_assert_cmpstr (refusal, ==, "You need at least 2 storeys here");
  g_assert_cmpint (manhattan_view_tallest (&view, spots), ==, 3);
  g_assert_cmpuint (spots->len, ==, 2);
  g_assert_cmpint (manhattan_view_city_owner (&view, 5), ==, -1);
  g_assert_cmpint (manhattan_view_city_owner (&view, 4), ==, (me + 2) % 4);
}

/* The value of @key in a view line, up to the next space. */
static char *
view_value (const char *line,
            const char *key)
{
  g_autofree char *needle = g_strdup_printf (" %s=", key);
  const char *start = strstr (line, needle);

  g_assert_nonnull (start);
  start += strlen (needle);
  return g_strndup (start, strcspn (start, " "));
}

/* The view line carries each seat's moves; its reader gets them back. */
static void
test_view_actions (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (88, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;
  ManhattanView view;
  int me, row, col;

  /* Round one: every seat chooses six of its 11, 6, 4 and 3 blocks. */
  for (int seat = 0; seat < 4; seat++)
    {
      g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_autofree char *actions = view_value (line, "actions");

      g_assert_cmpstr (actions, ==, "choose:6@11.6.4.3");
      g_assert_true (manhattan_view_parse (line, &view, &error));
      g_assert_no_error (error);
      g_assert_true (view.has_actions);
      g_assert_cmpint (view.choose_count, ==, 6);
      g_assert_cmpint (view.choose_max[1], ==, 11);
      g_assert_cmpint (view.choose_max[4], ==, 3);
      g_assert_false (manhattan_view_may_play (&view));
    }
  g_assert_true (parlor_game_apply (PARLOR_GAME (game), 2, "choose blocks=1,1,1,1,4,4",
                                    events, &error));
  {
    g_autofree char *chose = parlor_game_view_for (PARLOR_GAME (game), 2);
    g_autofree char *waits = parlor_game_view_for (PARLOR_GAME (game), 3);
    g_autofree char *public = parlor_game_view_for (PARLOR_GAME (game), -1);
    g_autofree char *a = view_value (chose, "actions");
    g_autofree char *b = view_value (waits, "actions");
    g_autofree char *c = view_value (public, "actions");

    g_assert_cmpstr (a, ==, "-");
    g_assert_cmpstr (b, ==, "choose:6@11.6.4.3");
    g_assert_cmpstr (c, ==, "-");
    g_assert_true (manhattan_view_parse (chose, &view, &error));
    g_assert_cmpint (view.choose_count, ==, 0);
    g_assert_cmpuint (manhattan_view_n_legal_actions (&view), ==, 0);
  }
  g_clear_object (&game);

  /* On a turn: the card at position 2 with a 1 or a 2; city 1 needs 3
   * storeys there, city 4 needs 2. */
  game = new_started_game (88, NULL);
  st = manhattan_game_get_state (game);
  choose_all (game);
  me = hold_card_two (st);
  hand_rotation (me, 2, &row, &col);
  place (&st->board, 1, row * 3 + col, (me + 1) % 4, 3);
  place (&st->board, 4, row * 3 + col, (me + 2) % 4, 2);
  for (int seat = -1; seat < 4; seat++)
    {
      g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_autofree char *actions = view_value (line, "actions");
      g_autoptr(GPtrArray) listed = NULL;

      g_assert_cmpstr (actions, ==, seat == me ? "play:2.1@0235,2.2@02345" : "-");
      g_assert_true (manhattan_view_parse (line, &view, &error));
      g_assert_no_error (error);
      g_assert_cmpint (manhattan_view_may_play (&view), ==, seat == me);
      listed = manhattan_view_legal_actions (&view);
      if (seat != me)
        {
          g_assert_cmpuint (listed->len, ==, 0);
          continue;
        }
      g_assert_cmphex (view.play_cities[2][1], ==, 0x2d);
      g_assert_cmphex (view.play_cities[2][2], ==, 0x3d);
      g_assert_cmphex (view.play_cities[0][1], ==, 0);
      /* Listed as the game lists them: card, then city, then block. */
      g_assert_cmpuint (listed->len, ==, 9);
      g_assert_cmpstr (g_ptr_array_index (listed, 0), ==, "play card=2 city=0 block=1");
      g_assert_cmpstr (g_ptr_array_index (listed, 1), ==, "play card=2 city=0 block=2");
      g_assert_cmpstr (g_ptr_array_index (listed, 2), ==, "play card=2 city=2 block=1");
      g_assert_cmpstr (g_ptr_array_index (listed, 6), ==, "play card=2 city=4 block=2");
      g_assert_cmpstr (g_ptr_array_index (listed, 8), ==, "play card=2 city=5 block=2");
    }
}

/* A damaged actions= is refused in words; the rest of the line is good. */
static void
test_view_actions_bad (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (88, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autofree char *line = NULL;
  g_autofree char *choosing = NULL;
  ManhattanView view;
  int me;
  static const char * const bad[] = {
    "", "dance", "play", "play:", "play:2.1", "play:2.1@", "play:2.1@0235,",
    "play:2.1@0235,2.1@4",          /* the same card and block twice */
    "play:2.2@0,2.1@0",             /* out of order */
    "play:2.1@00", "play:2.1@10", "play:2.1@6", "play:2.1@0x",
    "play:9.1@0", "play:2.5@0", "play:2.0@0", "play:-2.1@0", "play:02.1@0;",
    "play:3.1@0",                   /* a card the seat does not hold */
    "play:2.3@0",                   /* a block it has not chosen */
    "choose:6@11.6.4.3",            /* a choice on a turn to build */
    "-,play:2.1@0", "play:2.1@0,-",
    "choose",                       /* the older form's choice, on a turn to build */
    "play:2.1.1,", "play:2.1.6", "play:2.7.1", "2.1.1", "choose,play:2.1.1",
    "choose:6", "choose:0@1.1.1.1",
    "choose:7@11.6.4.3", "choose:6@1.1.1.1", "choose:6@1.1.1", "choose:6@11.6.4.3.1",
  };

  choosing = parlor_game_view_for (PARLOR_GAME (game), 0);
  choose_all (game);
  me = hold_card_two (st);
  line = parlor_game_view_for (PARLOR_GAME (game), me);
  g_assert_true (manhattan_view_parse (line, &view, NULL));

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *good = view_value (line, "actions");
      g_autofree char *from = g_strconcat (" actions=", good, NULL);
      g_autofree char *to = g_strconcat (" actions=", bad[i], NULL);
      g_autoptr(GString) text = g_string_new (line);
      g_autoptr(GError) error = NULL;

      g_string_replace (text, from, to, 1);
      if (!g_test_quiet ())
        g_test_message ("actions=%s", bad[i]);
      g_assert_false (manhattan_view_parse (text->str, &view, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, "The view has a bad “actions” value");
    }

  /* Plays while choosing, and a choice for a seat that has chosen, are not its moves. */
  {
    g_autoptr(GString) text = g_string_new (choosing);
    g_autoptr(GError) error = NULL;

    g_string_replace (text, " actions=choose:6@11.6.4.3", " actions=play:2.1@0", 1);
    g_assert_false (manhattan_view_parse (text->str, &view, &error));
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
  }
  {
    g_autoptr(GString) text = g_string_new (choosing);
    g_autoptr(GError) error = NULL;

    g_string_replace (text, " chose=0 ", " chose=1 ", 1);
    g_assert_false (manhattan_view_parse (text->str, &view, &error));
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
  }
}

/* A line written before views carried the moves (a seat-view replay) is
 * still read, with no moves. */
static void
test_view_without_actions (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (88, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autofree char *line = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  ManhattanView view, with;
  char *cut;

  choose_all (game);
  line = parlor_game_view_for (PARLOR_GAME (game), st->turn);
  g_assert_true (manhattan_view_parse (line, &with, &error));
  g_assert_true (manhattan_view_may_play (&with));
  cut = strstr (line, " actions=");
  g_assert_nonnull (cut);
  *cut = '\0';

  g_assert_true (manhattan_view_parse (line, &view, &error));
  g_assert_no_error (error);
  g_assert_false (view.has_actions);
  g_assert_false (manhattan_view_may_play (&view));
  g_assert_cmpint (view.choose_count, ==, 0);
  listed = manhattan_view_legal_actions (&view);
  g_assert_cmpuint (listed->len, ==, 0);
  /* Everything else reads as before. */
  g_assert_cmpmem (view.hand, sizeof view.hand, with.hand, sizeof with.hand);
  g_assert_cmpint (view.turn, ==, with.turn);
  g_assert_cmpmem (view.chosen, sizeof view.chosen, with.chosen, sizeof with.chosen);

  /* The older form, every play on its own ("play:CARD.CITY.BLOCK"), reads
   * as the same moves; an older "choose" as no list. */
  {
    g_autoptr(GPtrArray) plays = manhattan_view_legal_actions (&with);
    g_autoptr(GString) old = g_string_new (line);
    ManhattanView older;

    g_string_append (old, " actions=");
    for (guint i = 0; i < plays->len; i++)
      {
        int card, city, block;

        g_assert_cmpint (sscanf (g_ptr_array_index (plays, i), "play card=%d city=%d block=%d",
                                 &card, &city, &block), ==, 3);
        g_string_append_printf (old, "%splay:%d.%d.%d", i > 0 ? "," : "", card, city, block);
      }
    g_assert_true (manhattan_view_parse (old->str, &older, &error));
    g_assert_no_error (error);
    g_assert_cmpmem (older.play_cities, sizeof older.play_cities, with.play_cities, sizeof with.play_cities);
    g_string_truncate (old, strlen (line));
    g_string_append (old, " actions=play:9.0.1");
    g_assert_false (manhattan_view_parse (old->str, &older, NULL));
  }
}

/* ---- bad actions ---- */

typedef struct
{
  const char *action;
  int         seat_offset;   /* from the seat to play; 99: seat 7 */
  int         code;
  gboolean    in_choose_phase;
} BadCase;

static void
test_bad_actions (void)
{
  static const BadCase cases[] = {
    { "play card=4 city=0 block=1", 1, PARLOR_GAME_ERROR_NOT_YOUR_TURN, FALSE },   /* wrong seat */
    { "play card=5 city=0 block=1", 0, PARLOR_GAME_ERROR_ILLEGAL, FALSE },         /* not in hand */
    { "play card=4 city=0 block=3", 0, PARLOR_GAME_ERROR_ILLEGAL, FALSE },         /* not chosen */
    { "play card=4 city=2 block=1", 0, PARLOR_GAME_ERROR_ILLEGAL, FALSE },         /* illegal spot */
    { "play card=4 city=6 block=1", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "play card=4 city=0", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "play card=x city=0 block=1", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "%%%garbage", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "dance", 0, PARLOR_GAME_ERROR_SYNTAX, FALSE },
    { "choose blocks=1,1,1,1,1,1", 0, PARLOR_GAME_ERROR_ILLEGAL, FALSE },          /* wrong phase */
    { "play card=4 city=0 block=1", 99, PARLOR_GAME_ERROR_NOT_YOUR_TURN, FALSE },
    { "play card=4 city=0 block=1", 0, PARLOR_GAME_ERROR_ILLEGAL, TRUE },          /* wrong phase */
    { "choose blocks=1,1,1,1,1", 0, PARLOR_GAME_ERROR_ILLEGAL, TRUE },
    { "choose blocks=4,4,4,4,1,1", 0, PARLOR_GAME_ERROR_ILLEGAL, TRUE },
    { "choose blocks=1,1,1,1,1,5", 0, PARLOR_GAME_ERROR_SYNTAX, TRUE },
    { "choose blocks=a", 0, PARLOR_GAME_ERROR_SYNTAX, TRUE },
    { "choose", 0, PARLOR_GAME_ERROR_SYNTAX, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ManhattanGame) game = new_started_game (99, NULL);
      ManhattanState *st = manhattan_game_get_state (game);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      char *views_before[5] = { NULL };
      ManhattanState before;
      int me = 0, seat;

      if (!cases[i].in_choose_phase)
        {
          choose_all (game);
          me = st->turn;
          memset (st->hand[me], 0, 9);
          st->hand[me][4] = 4;
          memset (st->chosen[me], 0, 5);
          st->chosen[me][1] = 2;
          place (&st->board, 2, 4, (me + 1) % 4, 2);
        }
      seat = cases[i].seat_offset == 99 ? 7 : (me + cases[i].seat_offset) % 4;
      memcpy (&before, st, sizeof before);
      for (int s = -1; s < 4; s++)
        views_before[s + 1] = parlor_game_view_for (PARLOR_GAME (game), s);

      g_assert_false (parlor_game_apply (PARLOR_GAME (game), seat, cases[i].action, events, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, cases[i].code);
      g_assert_cmpuint (strlen (error->message), >, 5);
      g_assert_cmpuint (events->len, ==, 0);
      g_assert_cmpmem (&before, sizeof before, st, sizeof *st);
      for (int s = -1; s < 4; s++)
        {
          g_autofree char *after = parlor_game_view_for (PARLOR_GAME (game), s);

          g_assert_cmpstr (views_before[s + 1], ==, after);
          g_free (views_before[s + 1]);
          views_before[s + 1] = NULL;
        }
    }
}

static void
test_choose_any_order (void)
{
  g_autoptr(ManhattanGame) game = new_started_game (101, NULL);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (parlor_game_apply (PARLOR_GAME (game), 2, "choose blocks=4,1,3,1,2,1",
                                    events, &error));
  g_assert_no_error (error);
  g_assert_cmpint (st->chosen[2][1], ==, 3);
  g_assert_cmpint (st->supply[2][4], ==, 2);
  g_assert_true (has_event (events, "chosen seat=2 blocks=1,1,1,2,3,4"));
  /* Choosing twice is refused. */
  g_ptr_array_set_size (events, 0);
  g_assert_false (parlor_game_apply (PARLOR_GAME (game), 2, "choose blocks=1,1,1,1,1,1",
                                     events, &error));
  g_assert_nonnull (error);
}

static void
test_describe (void)
{
  const char * const names[] = { "Ann", "Bo", "Cy", "Di", NULL };
  g_autofree char *a = manhattan_game_info.describe ("play seat=1 card=0 city=2 block=3 row=2 col=0 height=5", names);
  g_autofree char *b = manhattan_game_info.describe ("set-aside seat=3 block=1", names);
  g_autofree char *c = manhattan_game_info.describe ("game-over scores=1,2,3,4 ranks=4,3,2,1 winners=3 tiebreak=none", NULL);

  g_assert_nonnull (strstr (a, "Bo"));
  g_assert_nonnull (strstr (a, "city 3"));
  g_assert_nonnull (strstr (b, "Di"));
  g_assert_nonnull (strstr (c, "West"));
}

/* A view comes from the network: every damaged copy of a real one is refused
 * with an error, never read wrongly or crashed on. */
static void
test_view_damaged (void)
{
  g_autoptr(ManhattanGame) game = manhattan_game_new (11);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *good = NULL;
  ManhattanView view;
  ParlorRng rng;
  static const struct { const char *from, *to; } edits[] = {
    { "board=", "board=9:1.0.0.0/" },        /* 55 spots */
    { "board=", "board=0:0.0.0.0/" },        /* owner without storeys, one spot too many */
    { "scores=", "scores=1,2,3," },
    { "scores=", "scores=-1," },
    { "hands=", "hands=99999999999999999999," },
    { "chosen=", "chosen=1.1.1/" },
    { "supply=", "supply=x" },
    { "discard=", "discard=1.2.3" },
    { "phase=", "phase=dance " },
  };

  parlor_rng_init (&rng, 3, 3);
  parlor_game_start (PARLOR_GAME (game), events);
  for (int i = 0; i < 60; i++)
    for (guint seat = 0; seat < MANHATTAN_N_SEATS; seat++)
      {
        g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);

        if (action != NULL)
          g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, NULL));
      }
  good = parlor_game_view_for (PARLOR_GAME (game), 1);
  g_assert_true (manhattan_view_parse (good, &view, NULL));

  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(GString) bad = g_string_new (good);
      g_autoptr(GError) error = NULL;

      g_string_replace (bad, edits[i].from, edits[i].to, 1);
      g_assert_false (manhattan_view_parse (bad->str, &view, &error));
      g_assert_nonnull (error);
    }

  /* Every prefix of a good view that stops short of its last value is
   * refused too (a line ending before actions= is an older view). */
  for (gsize len = 0; len < (gsize) (strstr (good, " discard=") - good); len += 7)
    {
      g_autofree char *cut = g_strndup (good, len);

      g_assert_false (manhattan_view_parse (cut, &view, NULL));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/manhattan/cards/seat-mapping", test_card_mapping);
  g_test_add_func ("/manhattan/cards/deck-and-deal", test_deck_and_deal);
  g_test_add_func ("/manhattan/blocks/table", test_block_table);
  g_test_add_func ("/manhattan/blocks/choose-any-order", test_choose_any_order);
  g_test_add_func ("/manhattan/placement/boundary", test_placement_boundary);
  g_test_add_func ("/manhattan/placement/ownership-last-placer", test_ownership_last_placer);
  g_test_add_func ("/manhattan/placement/unplayable-card", test_unplayable_card);
  g_test_add_func ("/manhattan/scoring/tallest", test_scoring_tallest);
  g_test_add_func ("/manhattan/scoring/majority-and-buildings", test_scoring_majority_and_buildings);
  g_test_add_func ("/manhattan/scoring/final-tiebreaks", test_final_tiebreaks);
  g_test_add_func ("/manhattan/rounds/forced-last-round", test_forced_last_round);
  g_test_add_func ("/manhattan/rounds/start-player-moves-left", test_start_player_moves_left);
  g_test_add_func ("/manhattan/end/tiebreak-levels", test_game_end_tiebreaks);
  g_test_add_func ("/manhattan/stuck/redraw-then-set-aside", test_stuck_rule);
  g_test_add_func ("/manhattan/view/secrecy", test_view_secrecy);
  g_test_add_func ("/manhattan/view/helpers", test_view_helpers);
  g_test_add_func ("/manhattan/view/damaged", test_view_damaged);
  g_test_add_func ("/manhattan/view/actions", test_view_actions);
  g_test_add_func ("/manhattan/view/actions-bad", test_view_actions_bad);
  g_test_add_func ("/manhattan/view/without-actions", test_view_without_actions);
  g_test_add_func ("/manhattan/actions/bad-actions", test_bad_actions);
  g_test_add_func ("/manhattan/describe", test_describe);

  return g_test_run ();
}
