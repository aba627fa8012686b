/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "jihai-game.h"
#include "jihai-hint.h"
#include "jihai-view.h"
#include "manhattan-game.h"
#include "manhattan-rules.h"
#include "parlor-games.h"
#include "parlor-hint.h"
#include "parlor-review.h"
#include "parlor-rng.h"
#include "triad-solver.h"
#include "triad-view.h"

/* The first seat asked for a decision of its own; the table's own answers
 * (a claim with nothing to claim) are played. -1 once the game is over. */
static int
seat_to_act (ParlorGame *game)
{
  while (!parlor_game_is_over (game))
    {
      gboolean played = FALSE;

      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

          if (parlor_game_is_waiting_for (game, s) && automatic == NULL)
            return (int) s;
        }
      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (game, s);
          g_autoptr(GPtrArray) events = parlor_event_array_new ();

          if (automatic != NULL)
            {
              g_assert_true (parlor_game_apply (game, s, automatic, events, NULL));
              played = TRUE;
            }
        }
      g_assert_true (played);
    }
  return -1;
}

/* A seeded game played @moves random moves in. */
static ParlorGame *
game_after (const ParlorGameInfo *info,
            const char           *config,
            guint64               seed,
            guint                 moves)
{
  g_autoptr(ParlorGame) game = info->new_game (config, seed, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  ParlorRng rng;

  g_assert_nonnull (game);
  parlor_rng_init (&rng, seed, 7);
  parlor_game_start (game, events);
  for (guint i = 0; i < moves; i++)
    {
      int seat = seat_to_act (game);
      g_autofree char *action = NULL;

      if (seat < 0)
        break;
      action = parlor_game_random_action (game, seat, &rng);
      g_ptr_array_set_size (events, 0);
      g_assert_true (parlor_game_apply (game, seat, action, events, NULL));
    }
  return g_steal_pointer (&game);
}

static gboolean
is_legal (ParlorGame *game,
          guint       seat,
          const char *action)
{
  g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);

  for (guint i = 0; legal != NULL && i < legal->len; i++)
    if (g_str_equal (g_ptr_array_index (legal, i), action))
      return TRUE;
  return FALSE;
}

static void
test_strongest (gconstpointer data)
{
  const ParlorGameInfo *info = parlor_games_lookup (data);
  static const guint moves[] = { 0, 3, 9, 20 };
  const char *strongest;
  guint checked = 0;

  g_assert_nonnull (info);
  strongest = info->ai_levels[g_strv_length ((char **) info->ai_levels) - 1];
  g_assert_cmpstr (parlor_hint_level (info), ==, strongest);

  for (guint64 seed = 1; seed <= 3; seed++)
    for (guint m = 0; m < G_N_ELEMENTS (moves); m++)
      {
        g_autoptr(ParlorGame) game = game_after (info, "", seed, moves[m]);
        int seat = seat_to_act (game);
        g_autofree char *view = NULL;
        g_autofree char *expected = NULL;
        g_autoptr(ParlorHint) hint = NULL;
        g_autoptr(ParlorReviewEntry) review = NULL;
        g_autoptr(GError) error = NULL;

        if (seat < 0)
          continue;
        view = parlor_game_view_for (game, seat);
        expected = info->ai_choose (strongest, view, parlor_hint_seed (view), NULL, &error);
        g_assert_no_error (error);
        hint = parlor_hint_compute (info, view, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (hint->action, ==, expected);
        g_assert_true (is_legal (game, seat, hint->action));
        g_assert_nonnull (hint->words);
        g_assert_cmpstr (hint->words, !=, "");
        g_assert_cmpstr (hint->words, !=, hint->action);
        /* The review (seed 1, as the app's) never lists a hint taken. */
        review = parlor_review_decision (info, view, hint->action, PARLOR_HINT_REVIEW_SEED, NULL, &error);
        g_assert_no_error (error);
        g_assert_null (review);
        checked++;
      }
  g_assert_cmpuint (checked, >=, 6);
}

/* Open hands: the solver knows the whole position from the view. */
static void
test_triad_solved (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  guint checked = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    for (guint moves = 2; moves <= 6; moves += 2)
      {
        g_autoptr(ParlorGame) game = game_after (info, "hands=open", seed, moves);
        int seat = seat_to_act (game);
        g_autofree char *view = NULL;
        g_autoptr(ParlorHint) hint = NULL;
        g_autoptr(GError) error = NULL;
        TriadView v;
        TriadPosition pos;
        int values[TRIAD_N_MOVES];
        int best = TRIAD_NO_VALUE;
        guint index, cell;

        g_assert_cmpint (seat, >=, 0);
        view = parlor_game_view_for (game, seat);
        g_assert_true (triad_view_parse (view, &v, NULL));
        triad_view_to_position (&v, &pos);
        g_assert_true (triad_solver_move_values (solver, &pos, v.rules, values, NULL, &error));
        for (guint i = 0; i < TRIAD_N_MOVES; i++)
          best = MAX (best, values[i]);

        hint = parlor_hint_compute (info, view, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpint (sscanf (hint->action, "place card=%u cell=%u", &index, &cell), ==, 2);
        g_assert_cmpint (values[TRIAD_MOVE (index, cell)], ==, best);
        checked++;
      }
  g_assert_cmpuint (checked, ==, 12);
}

/* Two deals that differ only in tiles seat 0 cannot see: its view, and so
 * its hint, are the same; seat 1's view shows the deals differ. */
static void
test_hidden_jihai (void)
{
  MahjongTile tiles[2][JIHAI_N_TILES];
  char *views[2][2] = { { NULL } };
  char *hints[2] = { NULL };

  for (guint i = 0; i < JIHAI_N_TILES; i++)
    tiles[0][i] = jihai_slot_tile (i % JIHAI_N_KINDS);
  memcpy (tiles[1], tiles[0], sizeof tiles[0]);
  /* Seat 1's first tile (East) changes places with a wall tile far from
   * the front (White): seat 0 sees neither. */
  tiles[1][7] = tiles[0][25];
  tiles[1][25] = tiles[0][7];
  g_assert_cmpuint (tiles[1][7], !=, tiles[0][7]);

  for (guint d = 0; d < 2; d++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JihaiGame) game = jihai_game_new_with_tiles ("first=0", 5, tiles[d], &error);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(ParlorHint) hint = NULL;

      g_assert_no_error (error);
      parlor_game_start (PARLOR_GAME (game), events);
      g_assert_true (parlor_game_is_waiting_for (PARLOR_GAME (game), 0));
      views[d][0] = parlor_game_view_for (PARLOR_GAME (game), 0);
      views[d][1] = parlor_game_view_for (PARLOR_GAME (game), 1);
      hint = parlor_hint_compute (&jihai_game_info, views[d][0], NULL, NULL, &error);
      g_assert_no_error (error);
      hints[d] = parlor_hint_to_text (hint);
    }
  g_assert_cmpstr (views[0][0], ==, views[1][0]);
  g_assert_cmpstr (views[0][1], !=, views[1][1]);
  g_assert_cmpstr (hints[0], ==, hints[1]);
  for (guint d = 0; d < 2; d++)
    {
      g_free (views[d][0]);
      g_free (views[d][1]);
      g_free (hints[d]);
    }
}

/* A hand made by hand: EEE SS WW waits on S and W. Seat 0 discarded an S
 * (so no ron on it), seat 1 discarded two W. Unseen S: 4 − 2 held − 1
 * discarded = 1; unseen W: 4 − 2 held − 2 discarded = 0. */
static void
test_waits_jihai (void)
{
  JihaiView v = { 0 };
  g_autofree char *line = NULL;
  g_autofree char *notes = NULL;
  const MahjongTile S = MAHJONG_TILE_SOUTH, W = MAHJONG_TILE_WEST;

  v.seat = 0;
  v.hand_no = 1;
  v.starter = 1;
  v.turn = 1;
  v.ask = JIHAI_ASK_NONE;
  v.score[0] = v.score[1] = 15;
  v.wall = 9;
  v.counts[jihai_slot (MAHJONG_TILE_EAST)] = 3;
  v.counts[jihai_slot (S)] = 2;
  v.counts[jihai_slot (W)] = 2;
  v.drawn = MAHJONG_NO_TILE;
  v.claim = MAHJONG_NO_TILE;
  v.n_concealed[0] = 7;
  v.n_concealed[1] = 7;
  v.discards[0][0] = S;
  v.discards[0][1] = MAHJONG_TILE_WHITE;
  v.n_discards[0] = 2;
  v.discards[1][0] = W;
  v.discards[1][1] = W;
  v.n_discards[1] = 2;
  v.discarded[0] = jihai_tile_bit (S) | jihai_tile_bit (MAHJONG_TILE_WHITE);
  v.discarded[1] = jihai_tile_bit (W);
  line = jihai_view_to_line (&v);

  g_assert_cmpuint (jihai_view_unseen (&v, S), ==, 1);
  g_assert_cmpuint (jihai_view_unseen (&v, W), ==, 0);
  g_assert_cmpuint (jihai_view_unseen (&v, MAHJONG_TILE_EAST), ==, 1);
  g_assert_cmpuint (jihai_view_unseen (&v, MAHJONG_TILE_WHITE), ==, 3);

  notes = mahjong_hint_notes (&jihai_hint, line, "pass");
  g_assert_nonnull (notes);
  g_test_message ("%s", notes);
  g_assert_nonnull (strstr (notes, "Your hand is ready"));
  g_assert_nonnull (strstr (notes, "South wind (1 unseen): by self-draw only"));
  g_assert_nonnull (strstr (notes, "West wind (0 unseen): "));
  g_assert_null (strstr (notes, "East wind ("));
  g_assert_null (strstr (notes, "White dragon ("));
}

/* A view line that cannot be read gives no notes and no crash. */
static void
test_bad_views (void)
{
  const ParlorGameInfo * const *games = parlor_games_list ();

  for (guint i = 0; games[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorHint) hint = parlor_hint_compute (games[i], "view seat=0 garbage=%%%", NULL,
                                                        NULL, &error);

      g_assert_null (hint);
      g_assert_nonnull (error);
      if (games[i]->hint_notes != NULL)
        g_assert_null (games[i]->hint_notes ("nonsense", "discard"));
    }
}

/* A good view with an action line that names no move, or no tile for a
 * discard, gets no notes. */
static void
test_bad_actions (void)
{
  const ParlorGameInfo * const *games = parlor_games_list ();
  const char * const actions[] = { "bogus x", "discard", "discard tile=", "discard 99z" };

  for (guint i = 0; games[i] != NULL; i++)
    {
      g_autoptr(ParlorGame) game = NULL;
      g_autofree char *view = NULL;
      int seat;

      if (games[i]->hint_notes == NULL)
        continue;
      game = game_after (games[i], "", 3, 0);
      seat = seat_to_act (game);
      g_assert_cmpint (seat, >=, 0);
      view = parlor_game_view_for (game, seat);
      for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
        {
          g_autofree char *words = games[i]->describe_move (view, actions[a]);
          g_autofree char *notes = games[i]->hint_notes (view, actions[a]);

          g_assert_null (notes);
          g_assert_true (words == NULL || words[0] != '\0');
        }
    }
}

/* A hinted build names its spot as the player sees it from their seat, as
 * the card does (the board and the log name it so too), at every seat. */
static void
test_manhattan_seat_frame (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("manhattan");
  gboolean seen[MANHATTAN_N_SEATS] = { FALSE };

  for (guint64 seed = 1; seed <= 6; seed++)
    for (guint moves = 4; moves <= 40; moves += 9)
      {
        g_autoptr(ParlorGame) game = game_after (info, "", seed, moves);
        int seat = seat_to_act (game);
        g_autofree char *view = NULL;
        g_autoptr(GPtrArray) legal = NULL;

        if (seat < 0)
          continue;
        view = parlor_game_view_for (game, seat);
        legal = parlor_game_legal_actions (game, seat);
        for (guint i = 0; i < legal->len; i++)
          {
            const char *action = g_ptr_array_index (legal, i);
            unsigned int card, city, block;
            g_autofree char *words = NULL;
            g_autofree char *place = NULL;

            if (sscanf (action, "play card=%u city=%u block=%u", &card, &city, &block) != 3)
              continue;
            words = info->describe_move (view, action);
            place = g_strdup_printf ("city %u, %s (", city + 1, manhattan_place_name (card));
            g_assert_nonnull (strstr (words, place));
            seen[seat] = TRUE;
          }
      }
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    g_assert_true (seen[s]);
}

int
main (int   argc,
      char *argv[])
{
  const ParlorGameInfo * const *games = parlor_games_list ();

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; games[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/hint/strongest/%s", games[i]->id);

      g_test_add_data_func (path, games[i]->id, test_strongest);
    }
  g_test_add_func ("/hint/triad/solved", test_triad_solved);
  g_test_add_func ("/hint/jihai/hidden", test_hidden_jihai);
  g_test_add_func ("/hint/jihai/waits", test_waits_jihai);
  g_test_add_func ("/hint/manhattan/seat-frame", test_manhattan_seat_frame);
  g_test_add_func ("/hint/bad-views", test_bad_views);
  g_test_add_func ("/hint/bad-actions", test_bad_actions);

  return g_test_run ();
}
