/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-triad"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-rng.h"
#include "triad-ai.h"
#include "triad-game.h"

/* Closed hands: at least this many samples, then more while the searches
 * stay under the node budget (counted, so a seed gives the same move on
 * every machine). */
#define CLOSED_MIN_SAMPLES  2
#define CLOSED_MAX_SAMPLES  32
#define CLOSED_NODE_BUDGET  G_GUINT64_CONSTANT (1500000)
#define CLOSED_MAX_TRIES    1000

static const char *const level_names[] = { "easy", "medium", "hard", "expert" };

gboolean
triad_ai_level_from_string (const char   *text,
                            TriadAiLevel *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_names); i++)
    if (g_strcmp0 (text, level_names[i]) == 0)
      {
        *level = (TriadAiLevel) i;
        return TRUE;
      }
  return FALSE;
}

double
triad_ai_random_share (TriadAiLevel level)
{
  switch (level)
    {
    case TRIAD_AI_EASY:
      return 0.7;
    case TRIAD_AI_MEDIUM:
      return 0.5;
    case TRIAD_AI_HARD:
      return 0.3;
    case TRIAD_AI_EXPERT:
    default:
      return 0.0;
    }
}

/* How many cards the mover owns right after @move: the tie-break between
 * moves of equal value. */
static guint
immediate_gain (const TriadPosition *pos,
                TriadRules           rules,
                guint                move)
{
  TriadPosition copy = *pos;

  return triad_position_place (&copy, TRIAD_MOVE_INDEX (move), TRIAD_MOVE_CELL (move), rules, NULL);
}

static guint
card_total (const TriadCard *cards,
            guint            n)
{
  guint total = 0;

  for (guint i = 0; i < n; i++)
    total += triad_card_sum (&cards[i]);
  return total;
}

/* Fills the hidden hand of player @opp with cards the deal could have made. */
static void
sample_hidden (TriadPosition *pos,
               guint          opp,
               ParlorRng     *rng)
{
  TriadCard known[TRIAD_N_CELLS];
  guint n_known = 0;
  int placed[2] = { 0, 0 };
  int mine = (int) card_total (pos->hand[1 - opp], pos->n_hand[1 - opp]);

  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if (pos->owner[c] != TRIAD_EMPTY)
      {
        known[n_known++] = pos->card[c];
        placed[pos->placer[c]] += (int) triad_card_sum (&pos->card[c]);
      }
  for (guint i = 0; i < pos->n_hand[1 - opp]; i++)
    known[n_known++] = pos->hand[1 - opp][i];

  for (guint attempt = 0; attempt < CLOSED_MAX_TRIES; attempt++)
    {
      int total[2];

      for (guint i = 0; i < pos->n_hand[opp]; i++)
        {
          gboolean repeated;

          do
            {
              repeated = FALSE;
              triad_random_card (rng, &pos->hand[opp][i]);
              for (guint j = 0; j < n_known; j++)
                repeated |= triad_card_equal (&pos->hand[opp][i], &known[j]);
              for (guint j = 0; j < i; j++)
                repeated |= triad_card_equal (&pos->hand[opp][i], &pos->hand[opp][j]);
            }
          while (repeated);
        }
      total[opp] = placed[opp] + (int) card_total (pos->hand[opp], pos->n_hand[opp]);
      total[1 - opp] = placed[1 - opp] + mine;
      if (ABS (4 * total[0] - 5 * total[1]) <= TRIAD_DEAL_BALANCE)
        return;
    }
}

static guint
pick (const guint *moves,
      guint        n_moves,
      ParlorRng   *rng)
{
  return moves[parlor_rng_below (rng, n_moves)];
}

static gboolean
best_open (TriadSolver         *solver,
           const TriadPosition *pos,
           TriadRules           rules,
           ParlorRng           *rng,
           guint               *move,
           GCancellable        *cancellable,
           GError             **error)
{
  guint8 moves[TRIAD_N_MOVES];
  guint n_moves = 0, n_top = 0, top_gain = 0;
  guint top[TRIAD_N_MOVES];
  int value;

  if (!triad_solver_solve (solver, pos, rules, &value, moves, &n_moves, cancellable, error))
    return FALSE;
  for (guint i = 0; i < n_moves; i++)
    {
      guint gain = immediate_gain (pos, rules, moves[i]);

      if (n_top == 0 || gain > top_gain)
        {
          n_top = 0;
          top_gain = gain;
        }
      if (gain == top_gain)
        top[n_top++] = moves[i];
    }
  *move = pick (top, n_top, rng);
  return TRUE;
}

static gboolean
best_closed (TriadSolver         *solver,
             const TriadPosition *pos,
             TriadRules           rules,
             ParlorRng           *rng,
             guint               *move,
             GCancellable        *cancellable,
             GError             **error)
{
  int sum[TRIAD_N_MOVES] = { 0 };
  int worst[TRIAD_N_MOVES];
  int values[TRIAD_N_MOVES];
  guint top[TRIAD_N_MOVES];
  guint n_top = 0;
  guint64 nodes = 0;
  guint opp = 1 - triad_position_to_move (pos);

  for (guint m = 0; m < TRIAD_N_MOVES; m++)
    worst[m] = 1;

  for (guint k = 0; k < CLOSED_MAX_SAMPLES; k++)
    {
      TriadPosition guess = *pos;

      if (k >= CLOSED_MIN_SAMPLES && nodes >= CLOSED_NODE_BUDGET)
        break;
      sample_hidden (&guess, opp, rng);
      if (!triad_solver_move_values (solver, &guess, rules, values, cancellable, error))
        return FALSE;
      nodes += triad_solver_get_nodes (solver);
      for (guint m = 0; m < TRIAD_N_MOVES; m++)
        if (values[m] != TRIAD_NO_VALUE)
          {
            sum[m] += values[m];
            worst[m] = MIN (worst[m], values[m]);
          }
    }

  /* Best mean value, then best worst case, then most cards taken now. */
  {
    int best_sum = 0, best_worst = 0;
    guint best_gain = 0;

    for (guint m = 0; m < TRIAD_N_MOVES; m++)
      {
        guint gain;

        if (values[m] == TRIAD_NO_VALUE)
          continue;
        gain = immediate_gain (pos, rules, m);
        if (n_top == 0 || sum[m] > best_sum
            || (sum[m] == best_sum && (worst[m] > best_worst
                                       || (worst[m] == best_worst && gain > best_gain))))
          {
            n_top = 0;
            best_sum = sum[m];
            best_worst = worst[m];
            best_gain = gain;
          }
        if (sum[m] == best_sum && worst[m] == best_worst && gain == best_gain)
          top[n_top++] = m;
      }
  }

  *move = pick (top, n_top, rng);
  return TRUE;
}

gboolean
triad_ai_decide (const TriadView *view,
                 TriadAiLevel     level,
                 guint64          seed,
                 TriadSolver     *solver,
                 guint           *index,
                 guint           *cell,
                 GCancellable    *cancellable,
                 GError         **error)
{
  g_autoptr(TriadSolver) own_solver = NULL;
  TriadPosition pos;
  ParlorRng rng;
  guint player, opp_seat, move = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (index != NULL && cell != NULL, FALSE);

  if (!parlor_game_check_asked (view->seat >= 0 && view->turn == view->seat, error))
    return FALSE;
  if (!view->hand_known[view->seat])
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The view does not show this player's hand"));
      return FALSE;
    }

  parlor_rng_init (&rng, seed, 0x747269616461 /* "triada" */);
  triad_view_to_position (view, &pos);
  player = triad_position_to_move (&pos);
  opp_seat = 1 - (guint) view->seat;

  if (parlor_rng_double (&rng) < triad_ai_random_share (level))
    {
      guint n_empty = TRIAD_N_CELLS - pos.n_filled;
      guint r = parlor_rng_below (&rng, pos.n_hand[player] * n_empty);

      *index = r / n_empty;
      for (guint c = 0, k = r % n_empty; c < TRIAD_N_CELLS; c++)
        if (pos.owner[c] == TRIAD_EMPTY && k-- == 0)
          {
            *cell = c;
            break;
          }
      return TRUE;
    }

  if (solver == NULL)
    solver = own_solver = triad_solver_new ();
  if (view->hand_known[opp_seat] || view->n_hand[opp_seat] == 0)
    ok = best_open (solver, &pos, view->rules, &rng, &move, cancellable, error);
  else
    ok = best_closed (solver, &pos, view->rules, &rng, &move, cancellable, error);
  if (!ok)
    return FALSE;

  *index = TRIAD_MOVE_INDEX (move);
  *cell = TRIAD_MOVE_CELL (move);
  return TRUE;
}

char *
triad_ai_choose (const char    *level,
                 const char    *view,
                 guint64        seed,
                 GCancellable  *cancellable,
                 GError       **error)
{
  TriadView parsed;
  TriadAiLevel lvl;
  guint index, cell;

  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (view != NULL, NULL);

  if (!triad_ai_level_from_string (level, &lvl))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("There is no computer level “%s” in Triple Triad"), level);
      return NULL;
    }
  if (!triad_view_parse (view, &parsed, error))
    return NULL;
  if (!triad_ai_decide (&parsed, lvl, seed, NULL, &index, &cell, cancellable, error))
    return NULL;

  return g_strdup_printf ("place card=%u cell=%u", index, cell);
}

/* ---- review ---- */

static gboolean
parse_place (const char *text,
             guint       n_hand,
             guint      *move)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  gint64 index, cell;

  if (line == NULL || !g_str_equal (parlor_line_get_type (line), "place") ||
      !parlor_line_get_int (line, "card", 0, (gint64) n_hand - 1, &index, NULL) ||
      !parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &cell, NULL))
    return FALSE;
  *move = TRIAD_MOVE ((guint) index, (guint) cell);
  return TRUE;
}

static char *
place_words (const TriadView *view,
             guint            move)
{
  static const char * const reader[] = { "", "", NULL };
  g_autofree char *line = NULL;
  char face[5];

  triad_card_format (&view->hand[view->seat][TRIAD_MOVE_INDEX (move)], face);
  line = g_strdup_printf ("place seat=%d card=%u cell=%u face=%s", view->seat,
                          TRIAD_MOVE_INDEX (move), TRIAD_MOVE_CELL (move), face);
  return triad_game_info.describe (line, reader);
}

static const char *
value_word (int value)
{
  return value > 0 ? _("a win") : value < 0 ? _("a loss") : _("a draw");
}

/*
 * Open hands: the exact value of each move; the move played is listed when it
 * is worth less than the position. Closed hands: the mean exact value over
 * guesses at the hidden hand drawn as the computer player draws them, the
 * same guesses for both moves.
 */
gboolean
triad_ai_review_cost (const char        *view_line,
                      const char        *played,
                      const char        *best,
                      guint64            seed,
                      GCancellable      *cancellable,
                      ParlorReviewCost  *out,
                      GError           **error)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  int values[TRIAD_N_MOVES];
  TriadView view;
  TriadPosition pos;
  ParlorRng rng;
  guint played_move, best_move, opp_seat;

  g_return_val_if_fail (view_line != NULL && played != NULL && best != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!triad_view_parse (view_line, &view, error)
      || !parlor_game_check_asked (view.seat >= 0 && view.turn == view.seat
                                   && view.hand_known[view.seat], error))
    return FALSE;
  if (!parse_place (played, view.n_hand[view.seat], &played_move) ||
      !parse_place (best, view.n_hand[view.seat], &best_move))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("A move to review is not a card placed on the board"));
      return FALSE;
    }
  triad_view_to_position (&view, &pos);
  opp_seat = 1 - (guint) view.seat;
  out->played_words = place_words (&view, played_move);
  out->best_words = place_words (&view, best_move);

  if (view.hand_known[opp_seat] || view.n_hand[opp_seat] == 0)
    {
      int top = -1;

      if (!triad_solver_move_values (solver, &pos, view.rules, values, cancellable, error))
        return FALSE;
      if (values[played_move] == TRIAD_NO_VALUE || values[best_move] == TRIAD_NO_VALUE)
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               _("A move to review is not legal here"));
          return FALSE;
        }
      for (guint m = 0; m < TRIAD_N_MOVES; m++)
        if (values[m] != TRIAD_NO_VALUE)
          top = MAX (top, values[m]);
      parlor_review_cost_add_figure (out, "value", values[played_move], values[best_move]);
      out->worse = values[played_move] < top;
      /* TRANSLATORS: e.g. "This move turns a win into a draw with best play on both sides." */
      out->explanation = g_strdup_printf (_("This move turns %s into %s with best play on both sides."),
                                          value_word (top), value_word (values[played_move]));
      return TRUE;
    }

  {
    int sum_played = 0, sum_best = 0;
    guint n = 0;
    guint64 nodes = 0;

    parlor_rng_init (&rng, seed, 0x726576696577 /* "review" */);
    for (guint k = 0; k < CLOSED_MAX_SAMPLES; k++)
      {
        TriadPosition guess = pos;

        if (k >= CLOSED_MIN_SAMPLES && nodes >= CLOSED_NODE_BUDGET)
          break;
        sample_hidden (&guess, triad_view_player_of_seat (&view, opp_seat), &rng);
        if (!triad_solver_move_values (solver, &guess, view.rules, values, cancellable, error))
          return FALSE;
        nodes += triad_solver_get_nodes (solver);
        if (values[played_move] == TRIAD_NO_VALUE || values[best_move] == TRIAD_NO_VALUE)
          {
            g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                                 _("A move to review is not legal here"));
            return FALSE;
          }
        sum_played += values[played_move];
        sum_best += values[best_move];
        n++;
      }
    parlor_review_cost_add_figure (out, "value", (double) sum_played / n, (double) sum_best / n);
    out->worse = sum_played < sum_best;
    out->explanation = g_strdup_printf (
        /* TRANSLATORS: the hidden cards are guessed; a win counts 1, a draw 0, a loss -1 */
        _("The hidden cards are unknown: over %u guesses at them, this move scores %.2f on "
          "average with best play (a win 1, a draw 0, a loss −1), the computer’s move %.2f."),
        n, (double) sum_played / n, (double) sum_best / n);
  }
  return TRUE;
}
