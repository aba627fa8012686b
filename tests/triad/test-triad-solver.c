/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "triad-brute.h"
#include "triad-solver.h"
#include "triad-view.h"

/*
 * A random position with @n_filled cards down, reached by random play.
 * With @pool > 0 the cards come from a pool that small, so hands hold
 * twins (the deal itself never repeats a card).
 */
static void
random_position (ParlorRng     *rng,
                 guint          n_filled,
                 guint          pool_size,
                 TriadRules     rules,
                 TriadPosition *pos)
{
  TriadCard hands[TRIAD_N_CELLS];
  TriadCard pool[4];

  for (guint i = 0; i < G_N_ELEMENTS (pool); i++)
    triad_random_card (rng, &pool[i]);
  for (guint i = 0; i < TRIAD_N_CELLS; i++)
    {
      if (pool_size > 0)
        hands[i] = pool[parlor_rng_below (rng, pool_size)];
      else
        triad_random_card (rng, &hands[i]);
    }
  triad_position_init (pos, hands, hands + TRIAD_FIRST_HAND);
  while (pos->n_filled < n_filled)
    {
      guint player = triad_position_to_move (pos);
      guint index = parlor_rng_below (rng, pos->n_hand[player]);
      guint cell;

      do
        cell = parlor_rng_below (rng, TRIAD_N_CELLS);
      while (pos->owner[cell] != TRIAD_EMPTY);
      triad_position_place (pos, index, cell, rules, NULL);
    }
}

static void
check_against_brute (TriadSolver         *solver,
                     const TriadPosition *pos,
                     TriadRules           rules)
{
  Brute brute;
  int brute_moves[TRIAD_N_MOVES], n_brute = 0;
  int best;
  guint8 moves[TRIAD_N_MOVES];
  guint n_moves = 0;
  int value;
  int values[TRIAD_N_MOVES];
  g_autoptr(GError) error = NULL;

  brute_from_position (&brute, pos, rules);
  best = brute_solve (&brute, brute_moves, &n_brute);

  g_assert_true (triad_solver_solve (solver, pos, rules, &value, moves, &n_moves, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (value, ==, best);
  g_assert_cmpuint (n_moves, ==, (guint) n_brute);
  for (guint i = 0; i < n_moves; i++)
    g_assert_cmpint (moves[i], ==, brute_moves[i]);

  /* every move's own value */
  g_assert_true (triad_solver_move_values (solver, pos, rules, values, NULL, &error));
  for (guint m = 0; m < TRIAD_N_MOVES; m++)
    {
      guint index = TRIAD_MOVE_INDEX (m), cell = TRIAD_MOVE_CELL (m);
      guint player = triad_position_to_move (pos);

      if (triad_position_is_over (pos) || index >= pos->n_hand[player] || pos->owner[cell] != TRIAD_EMPTY)
        g_assert_cmpint (values[m], ==, TRIAD_NO_VALUE);
      else
        {
          Brute child = brute;

          brute_play (&child, (int) index, (int) cell);
          g_assert_cmpint (values[m], ==, -brute_value (&child));
        }
    }
}

static void
test_against_brute_force (gconstpointer data)
{
  TriadRules rules = GPOINTER_TO_UINT (data);
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  ParlorRng rng;
  guint n = 0;

  parlor_rng_init (&rng, 2024 + rules, 9);
  /* at most six empty cells: 3 to 9 cards down */
  for (guint filled = 3; filled <= TRIAD_N_CELLS; filled++)
    for (guint k = 0; k < (filled == 3 ? 25u : 40u); k++)
      {
        TriadPosition pos;

        random_position (&rng, filled, k % 4 == 0 ? 2 : 0, rules, &pos);
        check_against_brute (solver, &pos, rules);
        n++;
      }
  g_test_message ("%u positions checked", n);
}

static void
test_cancelled (void)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  TriadPosition pos;
  ParlorRng rng;
  TriadCard a[5], b[4];
  int value;

  parlor_rng_init (&rng, 1, 1);
  triad_deal (&rng, a, b);
  triad_position_init (&pos, a, b);
  g_cancellable_cancel (cancellable);
  g_assert_false (triad_solver_solve (solver, &pos, 0, &value, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_parse_good (void)
{
  g_autoptr(GError) error = NULL;
  TriadPosition pos;
  char text[5];

  g_assert_true (triad_solve_line_parse ("73A5  1234 5555 | 4444 6262 8888 | 173A5 . 29999 . . . . . 11111 | 2",
                                         &pos, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pos.n_filled, ==, 3);
  g_assert_cmpuint (pos.n_hand[0], ==, 3);
  g_assert_cmpuint (pos.n_hand[1], ==, 3);
  triad_card_format (&pos.hand[0][0], text);
  g_assert_cmpstr (text, ==, "73A5");
  g_assert_cmpint (pos.hand[0][0].rank[2], ==, 10);
  g_assert_cmpint (pos.owner[0], ==, 0);
  g_assert_cmpint (pos.owner[2], ==, 1);
  g_assert_cmpint (pos.owner[8], ==, 0);
  g_assert_cmpint (pos.owner[1], ==, TRIAD_EMPTY);
  triad_card_format (&pos.card[2], text);
  g_assert_cmpstr (text, ==, "9999");
}

static void
test_parse_errors (void)
{
  static const struct { const char *line; const char *says; } cases[] = {
    { "", "four parts" },
    { "1111 | 2222 | . . . . . . . . .", "four parts" },
    { "1111 | 2222 | . . . . . . . . . | 1 | 2", "four parts" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 4444 | . . . . . . . . . | 3", "1 or 2" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 4444 | . . . . . . . . . | 2", "player 1’s turn" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 4444 | . . . . . . . . . |", "1 or 2" },
    { "1111 2222 3333 4444 | 1111 2222 3333 4444 | . . . . . . . . . | 1", "must hold 5" },
    { "1111 2222 3333 4444 5555 6666 | 1111 2222 3333 4444 | . . . . . . . . . | 1", "more than 5" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 | . . . . . . . . . | 1", "must hold 4" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 4444 | . . . . . . . . | 1", "8 cells" },
    { "1111 2222 3333 4444 5555 | 1111 2222 3333 4444 | . . . . . . . . . . | 1", "more than nine" },
    { "1111 2222 3333 4444 5505 | 1111 2222 3333 4444 | . . . . . . . . . | 1", "not a card" },
    { "1111 2222 3333 4444 55555 | 1111 2222 3333 4444 | . . . . . . . . . | 1", "not a card" },
    { "1111 2222 3333 4444 | 1111 2222 3333 4444 | 31111 . . . . . . . . | 2", "owner 1 or 2" },
    { "1111 2222 3333 4444 | 1111 2222 3333 4444 | 1111 . . . . . . . . | 2", "owner 1 or 2" },
    { "1111 2222 3333 4444 | 1111 2222 3333 4444 | x . . . . . . . . | 2", "owner 1 or 2" },
    { "1111 2222 3333 4444 | 1111 2222 3333 4444 | 11111 . . . . . . . . | 1", "player 2’s turn" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      TriadPosition pos;

      g_test_message ("%s", cases[i].line);
      g_assert_false (triad_solve_line_parse (cases[i].line, &pos, &error));
      g_assert_nonnull (error);
      g_test_message ("→ %s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

/* Mangled solve lines: an error or a position the solver takes, never a crash. */
static void
test_parse_mangled (void)
{
  static const char alphabet[] = "0123456789A.| \t12x";
  static const char *const lines[] = {
    "3A47 691A 3589 | 4493 A583 8627 | . . . 27832 . . 18126 . 13194 | 2",
    "1997 6293 | 7711 4568 | 1A325 24358 . . . 14616 26A13 2446A . | 2",
    "2447 8446 | 3764 | . . 28855 1A166 19952 26741 . 175A2 1A164 | 1",
  };
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  ParlorRng rng;
  guint n_read = 0;

  parlor_rng_init (&rng, 17, 17);
  for (guint k = 0; k < 3000; k++)
    {
      g_autofree char *line = g_strdup (lines[k % G_N_ELEMENTS (lines)]);
      g_autoptr(GError) error = NULL;
      TriadPosition pos;
      gsize len = strlen (line);

      for (guint m = 0; m < 1 + k % 2; m++)
        line[parlor_rng_below (&rng, len)] = alphabet[parlor_rng_below (&rng, sizeof alphabet - 1)];
      if (triad_solve_line_parse (line, &pos, &error))
        {
          int value;
          guint8 moves[TRIAD_N_MOVES];
          guint n_moves;

          g_assert_true (triad_solver_solve (solver, &pos, 0, &value, moves, &n_moves, NULL, &error));
          g_assert_no_error (error);
          n_read++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_cmpstr (error->message, !=, "");
        }
    }
  g_test_message ("%u mangled lines still read", n_read);
}

static void
test_result_line (void)
{
  static const guint8 moves[] = { TRIAD_MOVE (2, 4), TRIAD_MOVE (0, 4), TRIAD_MOVE (0, 1) };
  g_autofree char *win = triad_solve_line_result (1, moves, G_N_ELEMENTS (moves));
  g_autofree char *draw = triad_solve_line_result (0, moves, 1);
  g_autofree char *loss = triad_solve_line_result (-1, NULL, 0);

  g_assert_cmpstr (win, ==, "win 0@1 0@4 2@4");
  g_assert_cmpstr (draw, ==, "draw 2@4");
  g_assert_cmpstr (loss, ==, "loss");
}

/* A full board: the outcome for the player "to move" (2), no moves. */
/* One solver, one table, the two readings in turn: no entry of one search
 * answers the other (positions whose values differ between them). */
static void
test_readings_share_a_table (void)
{
  static const char *const lines[] = {
    "3416 216A 752A | 2274 7237 | . 25547 12817 11682 . . 19351 . . | 1",
    "7297 8351 | 9825 | 24226 24743 23595 16842 . 23926 . 28182 . | 1",
    "6578 5392 | 6559 | 26168 25915 . . 2A612 29915 15962 . 18128 | 1",
    "5482 4945 | 9545 | . 217A6 12338 28383 . 25775 27924 17137 . | 1",
  };
  const TriadRules parlor = TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO;
  const TriadRules ff8 = parlor | TRIAD_RULE_FF8;
  g_autoptr(TriadSolver) shared = triad_solver_new ();

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      for (guint r = 0; r < 2; r++)
        {
          TriadRules rules = (r + round) % 2 ? ff8 : parlor;
          g_autoptr(TriadSolver) fresh = triad_solver_new ();
          g_autoptr(GError) error = NULL;
          TriadPosition pos;
          int value, expected, v_ff8, v_parlor;

          g_assert_true (triad_solve_line_parse (lines[i], &pos, &error));
          g_assert_true (triad_solver_solve (fresh, &pos, rules, &expected, NULL, NULL, NULL, &error));
          g_assert_true (triad_solver_solve (shared, &pos, rules, &value, NULL, NULL, NULL, &error));
          g_assert_no_error (error);
          g_assert_cmpint (value, ==, expected);
          g_assert_true (triad_solver_solve (fresh, &pos, ff8, &v_ff8, NULL, NULL, NULL, &error));
          g_assert_true (triad_solver_solve (fresh, &pos, parlor, &v_parlor, NULL, NULL, NULL, &error));
          g_assert_cmpint (v_ff8, !=, v_parlor);
        }
}

static void
test_full_board (void)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  TriadPosition pos;
  int value;
  guint8 moves[TRIAD_N_MOVES];
  guint n_moves = 7;

  g_assert_true (triad_solve_line_parse (" |  | 11111 11111 11111 11111 11111 21111 21111 21111 21111 | 2", &pos, NULL));
  g_assert_true (triad_solver_solve (solver, &pos, 0, &value, moves, &n_moves, NULL, NULL));
  g_assert_cmpint (value, ==, 0);
  g_assert_cmpuint (n_moves, ==, 0);
  g_assert_true (triad_solve_line_parse (" |  | 11111 11111 11111 11111 21111 21111 21111 21111 21111 | 2", &pos, NULL));
  g_assert_true (triad_solver_solve (solver, &pos, 0, &value, moves, &n_moves, NULL, NULL));
  g_assert_cmpint (value, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  static const TriadRules rule_sets[] = {
    0, TRIAD_RULE_SAME, TRIAD_RULE_PLUS, TRIAD_RULE_SAME | TRIAD_RULE_COMBO,
    TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO,
    TRIAD_RULE_SAME | TRIAD_RULE_FF8, TRIAD_RULE_PLUS | TRIAD_RULE_FF8,
    TRIAD_RULE_SAME | TRIAD_RULE_COMBO | TRIAD_RULE_FF8,
    TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8,
    TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8,
    TRIAD_RULE_REVERSE, TRIAD_RULE_REVERSE | TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO,
    TRIAD_RULE_REVERSE | TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8,
    TRIAD_RULE_FALLEN_ACE, TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE,
    TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE | TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO
    | TRIAD_RULE_FF8,
    TRIAD_RULE_SAME | TRIAD_RULE_SAME_WALL, TRIAD_RULE_SAME | TRIAD_RULE_FF8 | TRIAD_RULE_SAME_WALL,
    TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8 | TRIAD_RULE_SAME_WALL,
    TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_SAME_WALL | TRIAD_RULE_REVERSE,
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rule_sets); i++)
    {
      g_autofree char *name = g_strdelimit (triad_rules_to_string (rule_sets[i]), ",", '-');
      g_autofree char *path = g_strdup_printf ("/triad/solver/brute-force/%s", name);

      g_test_add_data_func (path, GUINT_TO_POINTER (rule_sets[i]), test_against_brute_force);
    }
  g_test_add_func ("/triad/solver/cancelled", test_cancelled);
  g_test_add_func ("/triad/solver/full-board", test_full_board);
  g_test_add_func ("/triad/solver/readings-share-a-table", test_readings_share_a_table);
  g_test_add_func ("/triad/solve-line/parse", test_parse_good);
  g_test_add_func ("/triad/solve-line/parse-errors", test_parse_errors);
  g_test_add_func ("/triad/solve-line/result", test_result_line);
  g_test_add_func ("/triad/solve-line/mangled", test_parse_mangled);

  return g_test_run ();
}
