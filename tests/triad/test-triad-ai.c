/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "triad-ai.h"
#include "triad-brute.h"
#include "triad-game.h"

static void
play_random_until (TriadGame *game,
                   guint      n_filled,
                   ParlorRng *rng)
{
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  parlor_game_start (PARLOR_GAME (game), events);
  while (triad_game_get_position (game)->n_filled < n_filled)
    {
      guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
      g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, rng);

      g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, NULL));
    }
}

static guint
waiting_seat (TriadGame *game)
{
  return parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
}

/* Every level answers with a move the game accepts, open and closed. */
static void
test_levels_play_legal_moves (void)
{
  static const char *const configs[] = { "hands=open", "hands=closed same=on", "first=1 plus=on combo=on" };

  for (guint g = 0; g < 12; g++)
    {
      g_autoptr(TriadGame) game = triad_game_new (configs[g % 3], g, NULL);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      guint turn = 0;

      parlor_game_start (PARLOR_GAME (game), events);
      /* Two fixed openings so each game stays quick. */
      while (!parlor_game_is_over (PARLOR_GAME (game)))
        {
          guint seat = waiting_seat (game);
          const char *level = triad_game_info.ai_levels[(g + turn) % 4];
          g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) seat);
          g_autoptr(GError) error = NULL;
          g_autofree char *action = NULL;

          if (turn < 2)
            action = g_strdup_printf ("place card=0 cell=%u", 4 + turn);
          else
            action = triad_game_info.ai_choose (level, view, g * 10 + turn, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
          g_assert_no_error (error);
          turn++;
        }
    }
}

/* Expert's move always keeps the value found by the plain minimax. */
static void
test_expert_is_perfect (void)
{
  static const char *const configs[] = {
    "", "same=on", "plus=on", "same=on plus=on combo=on",
    "same=on combo=on reading=ff8", "same=on plus=on combo=on reading=ff8",
  };
  ParlorRng rng;

  parlor_rng_init (&rng, 77, 1);
  for (guint k = 0; k < 120; k++)
    {
      g_autoptr(TriadGame) game = triad_game_new (configs[k % G_N_ELEMENTS (configs)], k, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *view = NULL;
      g_autofree char *action = NULL;
      guint index, cell;
      int moves[TRIAD_N_MOVES], n_moves, best;
      gboolean found = FALSE;
      Brute brute;

      play_random_until (game, 3 + k % 6, &rng);
      view = parlor_game_view_for (PARLOR_GAME (game), (int) waiting_seat (game));
      action = triad_ai_choose ("expert", view, k, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (sscanf (action, "place card=%u cell=%u", &index, &cell), ==, 2);

      brute_from_position (&brute, triad_game_get_position (game), triad_game_get_rules (game));
      best = brute_solve (&brute, moves, &n_moves);
      for (int i = 0; i < n_moves; i++)
        found |= moves[i] == (int) TRIAD_MOVE (index, cell);
      g_test_message ("value %d, %d best moves, expert %u@%u", best, n_moves, index, cell);
      g_assert_true (found);
    }
}

/* Easy errs more often than Medium, Medium than Hard; Hard still errs. */
static void
test_levels_differ (void)
{
  guint optimal[4] = { 0, 0, 0, 0 };
  guint n = 0;
  ParlorRng rng;

  parlor_rng_init (&rng, 3, 3);
  for (guint k = 0; k < 150; k++)
    {
      g_autoptr(TriadGame) game = triad_game_new ("", 500 + k, NULL);
      g_autofree char *view = NULL;
      int moves[TRIAD_N_MOVES], n_moves;
      Brute brute;

      play_random_until (game, 4 + k % 3, &rng);
      brute_from_position (&brute, triad_game_get_position (game), 0);
      brute_solve (&brute, moves, &n_moves);
      /* only positions where a random move is mostly wrong */
      if ((guint) n_moves * 4 > triad_game_get_position (game)->n_hand[triad_position_to_move (triad_game_get_position (game))]
                                * (9u - triad_game_get_position (game)->n_filled))
        continue;
      view = parlor_game_view_for (PARLOR_GAME (game), (int) waiting_seat (game));
      for (guint level = 0; level < 4; level++)
        for (guint r = 0; r < 10; r++)
          {
            g_autofree char *action = triad_ai_choose (triad_game_info.ai_levels[level], view, k * 100 + r, NULL, NULL);
            guint index, cell;

            g_assert_cmpint (sscanf (action, "place card=%u cell=%u", &index, &cell), ==, 2);
            for (int i = 0; i < n_moves; i++)
              optimal[level] += moves[i] == (int) TRIAD_MOVE (index, cell);
          }
      n += 10;
    }
  g_test_message ("optimal moves out of %u: easy %u medium %u hard %u expert %u",
                  n, optimal[0], optimal[1], optimal[2], optimal[3]);
  g_assert_cmpuint (n, >=, 200);
  g_assert_cmpuint (optimal[3], ==, n);
  g_assert_cmpuint (optimal[0], <, optimal[1]);
  g_assert_cmpuint (optimal[1], <, optimal[2]);
  g_assert_cmpuint (optimal[2], <, n);
}

/*
 * Closed hands: the computer gets only its view. Two games that differ only
 * in the hidden hand give the same view line, hence the same move; and the
 * view holds none of the hidden cards.
 */
static void
test_closed_does_not_peek (void)
{
  TriadCard mine[TRIAD_FIRST_HAND], theirs_a[TRIAD_SECOND_HAND], theirs_b[TRIAD_SECOND_HAND];
  const char *mine_text[] = { "1234", "5678", "9A12", "3456", "7891" };
  /* the cards the opponent plays are the same; the one still hidden differs */
  const char *a_text[] = { "5555", "4646", "6464", "AAAA" };
  const char *b_text[] = { "5555", "4646", "6464", "1111" };
  g_autoptr(TriadGame) a = NULL;
  g_autoptr(TriadGame) b = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  for (guint i = 0; i < 5; i++)
    g_assert_true (triad_card_parse (mine_text[i], &mine[i]));
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (triad_card_parse (a_text[i], &theirs_a[i]));
      g_assert_true (triad_card_parse (b_text[i], &theirs_b[i]));
    }
  a = triad_game_new_with_hands ("first=0 hands=closed", 1, mine, theirs_a, NULL);
  b = triad_game_new_with_hands ("first=0 hands=closed", 1, mine, theirs_b, NULL);
  parlor_game_start (PARLOR_GAME (a), events);
  parlor_game_start (PARLOR_GAME (b), events);

  for (guint turn = 0; turn < 3; turn++)
    {
      g_autofree char *view_a = parlor_game_view_for (PARLOR_GAME (a), 0);
      g_autofree char *view_b = parlor_game_view_for (PARLOR_GAME (b), 0);
      g_autofree char *move_a = triad_ai_choose ("expert", view_a, turn, NULL, NULL);
      g_autofree char *move_b = triad_ai_choose ("expert", view_b, turn, NULL, NULL);

      g_assert_cmpstr (view_a, ==, view_b);
      g_assert_null (strstr (view_a, a_text[3]));
      g_assert_null (strstr (view_b, b_text[3]));
      g_assert_nonnull (strstr (view_a, "hand1=?"));
      g_assert_cmpstr (move_a, ==, move_b);
      g_assert_true (parlor_game_apply (PARLOR_GAME (a), 0, move_a, events, NULL));
      g_assert_true (parlor_game_apply (PARLOR_GAME (b), 0, move_b, events, NULL));
      /* the opponent answers the same way in both games */
      {
        g_autofree char *reply = g_strdup_printf ("place card=0 cell=%u",
                                                  triad_game_get_position (a)->owner[0] == TRIAD_EMPTY ? 0u
                                                  : triad_game_get_position (a)->owner[8] == TRIAD_EMPTY ? 8u : 2u);

        if (triad_game_get_position (a)->owner[0] != TRIAD_EMPTY
            && triad_game_get_position (a)->owner[8] != TRIAD_EMPTY
            && triad_game_get_position (a)->owner[2] != TRIAD_EMPTY)
          break;
        g_assert_true (parlor_game_apply (PARLOR_GAME (a), 1, reply, events, NULL));
        g_assert_true (parlor_game_apply (PARLOR_GAME (b), 1, reply, events, NULL));
      }
    }
}

static void
test_cancelled (void)
{
  g_autoptr(TriadGame) game = triad_game_new ("", 4, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *view = NULL;
  g_autofree char *action = NULL;

  parlor_game_start (PARLOR_GAME (game), events);
  view = parlor_game_view_for (PARLOR_GAME (game), (int) waiting_seat (game));
  g_cancellable_cancel (cancellable);
  action = triad_ai_choose ("expert", view, 1, cancellable, &error);
  g_assert_null (action);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_bad_input (void)
{
  g_autoptr(TriadGame) game = triad_game_new ("", 4, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *view0 = NULL;
  g_autofree char *view1 = NULL;
  g_autofree char *spectator = NULL;
  static const char *const garbage[] = { "", "view", "place card=0 cell=0", "view seat=0 %%%" };

  parlor_game_start (PARLOR_GAME (game), events);
  view0 = parlor_game_view_for (PARLOR_GAME (game), 0);
  view1 = parlor_game_view_for (PARLOR_GAME (game), 1);
  spectator = parlor_game_view_for (PARLOR_GAME (game), -1);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (triad_ai_choose ("grandmaster", view0, 1, NULL, &error));
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (triad_ai_choose ("easy", view1, 1, NULL, &error));
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (triad_ai_choose ("easy", spectator, 1, NULL, &error));
    g_assert_nonnull (error);
  }
  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (triad_ai_choose ("hard", garbage[i], 1, NULL, &error));
      g_assert_nonnull (error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/triad/ai/levels-play-legal-moves", test_levels_play_legal_moves);
  g_test_add_func ("/triad/ai/expert-is-perfect", test_expert_is_perfect);
  g_test_add_func ("/triad/ai/levels-differ", test_levels_differ);
  g_test_add_func ("/triad/ai/closed-does-not-peek", test_closed_does_not_peek);
  g_test_add_func ("/triad/ai/cancelled", test_cancelled);
  g_test_add_func ("/triad/ai/bad-input", test_bad_input);

  return g_test_run ();
}
