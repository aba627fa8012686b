/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-manhattan"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-rng.h"
#include "manhattan-ai.h"
#include "manhattan-game.h"
#include "manhattan-view.h"

/*
 * Computer players. Each decides from the view line alone:
 * - random: a uniformly random legal action;
 * - normal: greedy on the change of this round's score, minus a penalty for a
 *   building an opponent can take back this round;
 * - strong: determinized Monte-Carlo: it samples the hidden cards (and hidden
 *   block choices) consistent with the view, tries the best normal candidates
 *   and plays each sample to the end of the round with the normal policy.
 *   Iteration budgets (not clocks) keep it deterministic for a given seed.
 */

#define STRONG_CANDIDATES  8
#define STRONG_PLAYOUTS    640   /* per play decision, shared by the candidates */
#define STRONG_CHOOSE_PLAYOUTS 1200

typedef struct
{
  guint8 c[MANHATTAN_MAX_BLOCK + 1];
} Counts;

typedef struct
{
  int card;
  int city;
  int block;
  double value;
} Move;

/* Board aggregates the greedy policy needs, computed once per turn. */
typedef struct
{
  int city_count[MANHATTAN_N_CITIES][MANHATTAN_N_SEATS];
  int city_owner[MANHATTAN_N_CITIES];
  int tallest;          /* greatest height */
  int n_tallest;
  int tallest_owner;    /* owner of the unique tallest, or -1 */
  int max_block[MANHATTAN_N_SEATS];  /* largest unplaced chosen block */
  int blocks_left[MANHATTAN_N_SEATS];
} Summary;

static void
summarize (const ManhattanState *st,
           Summary              *sum)
{
  memset (sum, 0, sizeof *sum);
  sum->tallest_owner = -1;
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    {
      for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
        {
          int o = st->board.owner[city][spot];
          int h;

          if (o < 0)
            continue;
          sum->city_count[city][o]++;
          h = manhattan_spot_height (st->board.storeys[city][spot]);
          if (h > sum->tallest)
            {
              sum->tallest = h;
              sum->n_tallest = 1;
              sum->tallest_owner = o;
            }
          else if (h == sum->tallest)
            {
              sum->n_tallest++;
              sum->tallest_owner = -1;
            }
        }
      sum->city_owner[city] = manhattan_majority_of (sum->city_count[city]);
    }
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      for (int b = MANHATTAN_MAX_BLOCK; b >= 1; b--)
        if (st->chosen[s][b] > 0 && sum->max_block[s] == 0)
          sum->max_block[s] = b;
      sum->blocks_left[s] = manhattan_blocks_total (st->chosen[s]);
    }
}

/* Greedy value for seat p of placing @block on (city, spot). */
static double
move_value (const ManhattanState *st,
            const Summary        *sum,
            int                   p,
            int                   city,
            int                   spot,
            int                   block)
{
  int d[MANHATTAN_N_SEATS] = { 0 };
  int count[MANHATTAN_N_SEATS];
  const guint8 *here = st->board.storeys[city][spot];
  int o = st->board.owner[city][spot];
  int h = manhattan_spot_height (here) + block;
  int new_owner, new_tallest;
  int mine = here[p] + block;
  double others = 0, value, threat = 0;

  memcpy (count, sum->city_count[city], sizeof count);
  if (o != p)
    {
      d[p]++;
      count[p]++;
      if (o >= 0)
        {
          d[o]--;
          count[o]--;
        }
    }
  new_owner = manhattan_majority_of (count);
  if (new_owner != sum->city_owner[city])
    {
      if (sum->city_owner[city] >= 0)
        d[sum->city_owner[city]] -= 2;
      if (new_owner >= 0)
        d[new_owner] += 2;
    }
  if (h > sum->tallest)
    new_tallest = p;
  else if (h == sum->tallest)
    new_tallest = -1;
  else
    new_tallest = sum->tallest_owner;
  if (new_tallest != sum->tallest_owner)
    {
      if (sum->tallest_owner >= 0)
        d[sum->tallest_owner] -= 3;
      if (new_tallest >= 0)
        d[new_tallest] += 3;
    }

  for (int j = 0; j < MANHATTAN_N_SEATS; j++)
    if (j != p)
      {
        others += d[j];
        /* Can j take the building back this round? */
        if (sum->blocks_left[j] > 0 && sum->max_block[j] >= mine - here[j])
          threat += 1;
      }

  value = d[p] - others / 3.0;
  if (threat > 0)
    {
      /* What we keep only while nobody outbuilds us. */
      double at_stake = 1.0 + (new_owner == p ? 1.0 : 0.0) + (new_tallest == p ? 1.5 : 0.0);

      value -= at_stake * MIN (threat, 2.0) * 0.35;
    }
  /* Save big blocks for fights unless they buy something. */
  value -= 0.02 * block;
  /* Height margin helps keep it later in the game. */
  value += 0.03 * (mine - (h - mine));

  return value;
}

static int
best_moves (const ManhattanState *st,
            int                   p,
            Move                 *moves,
            int                   max_moves)
{
  Summary sum;
  int n = 0;

  summarize (st, &sum);
  for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
    {
      int row, col;

      if (st->hand[p][card] == 0)
        continue;
      manhattan_card_spot (p, card, &row, &col);
      for (int city = 0; city < MANHATTAN_N_CITIES; city++)
        for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
          {
            Move m;
            int k;

            if (st->chosen[p][block] == 0 ||
                !manhattan_spot_accepts (st->board.storeys[city][row * 3 + col], p, block))
              continue;
            m.card = card;
            m.city = city;
            m.block = block;
            m.value = move_value (st, &sum, p, city, row * 3 + col, block);
            /* Insertion into the sorted top list. */
            if (n < max_moves)
              n++;
            else if (m.value <= moves[n - 1].value)
              continue;
            for (k = n - 1; k > 0 && moves[k - 1].value < m.value; k--)
              moves[k] = moves[k - 1];
            moves[k] = m;
          }
    }

  return n;
}

/* The normal policy's move, ties (and with @noise, near-ties) broken at random. */
static gboolean
greedy_move (const ManhattanState *st,
             int                   p,
             ParlorRng            *rng,
             double                noise,
             Move                 *out)
{
  Move moves[8];
  int n = best_moves (st, p, moves, G_N_ELEMENTS (moves));
  int k = 1;

  if (n == 0)
    return FALSE;
  while (k < n && moves[k].value >= moves[0].value - noise - 1e-9)
    k++;
  *out = moves[parlor_rng_below (rng, k)];

  return TRUE;
}

/* Normal block choice: spread each size evenly over the rounds left, big ones first. */
static void
normal_choice (const guint8  supply[MANHATTAN_MAX_BLOCK + 1],
               int           round,
               ParlorRng    *rng,
               guint8        out[MANHATTAN_MAX_BLOCK + 1])
{
  int rounds_left = MANHATTAN_N_ROUNDS - round;
  int left = MANHATTAN_BLOCKS_PER_ROUND;
  guint8 rest[MANHATTAN_MAX_BLOCK + 1];

  memset (out, 0, MANHATTAN_MAX_BLOCK + 1);
  memcpy (rest, supply, MANHATTAN_MAX_BLOCK + 1);
  for (int b = MANHATTAN_MAX_BLOCK; b >= 1 && left > 0; b--)
    {
      int share = (supply[b] + rounds_left - 1) / rounds_left;

      if (rng != NULL && supply[b] % rounds_left != 0 && parlor_rng_below (rng, 2) == 0)
        share = supply[b] / rounds_left;
      share = MIN (share, left);
      out[b] = share;
      rest[b] -= share;
      left -= share;
    }
  for (int b = 1; b <= MANHATTAN_MAX_BLOCK && left > 0; b++)
    {
      int more = MIN (rest[b], left);

      out[b] += more;
      left -= more;
    }
}

/* Builds a full state from a view, dealing the hidden cards and choices at random. */
static void
determinize (const ManhattanView *view,
             ParlorRng           *rng,
             ManhattanState      *st)
{
  guint8 pool[MANHATTAN_N_CARDS];
  int n = 0, me = view->seat;

  memset (st, 0, sizeof *st);
  st->board = view->board;
  memcpy (st->set_aside, view->set_aside, sizeof st->set_aside);
  memcpy (st->discard, view->discard, sizeof st->discard);
  memcpy (st->scores, view->scores, sizeof st->scores);
  st->phase = view->phase;
  st->round = view->round;
  st->first_player = view->first_player;
  st->start_player = view->start_player;
  st->turn = view->turn;
  st->chosen_mask = view->chosen_mask;
  st->revealed = view->revealed;
  parlor_rng_init (&st->rng, parlor_rng_next64 (rng), 7);

  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    {
      if (view->chosen_known[s])
        {
          memcpy (st->chosen[s], view->chosen[s], sizeof st->chosen[s]);
          memcpy (st->supply[s], view->supply[s], sizeof st->supply[s]);
        }
      else if (view->chosen_mask & (1 << s))
        {
          normal_choice (view->supply[s], view->round, rng, st->chosen[s]);
          for (int b = 0; b <= MANHATTAN_MAX_BLOCK; b++)
            st->supply[s][b] = view->supply[s][b] - st->chosen[s][b];
        }
      else
        memcpy (st->supply[s], view->supply[s], sizeof st->supply[s]);
    }

  memcpy (st->hand[me], view->hand, sizeof view->hand);
  for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
    {
      int unseen = MANHATTAN_CARDS_PER_SPOT - view->hand[p] - view->discard[p];

      for (int i = 0; i < unseen; i++)
        pool[n++] = p;
    }
  parlor_rng_shuffle (rng, pool, n, 1);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (s != me)
      for (int i = 0; i < view->hand_size[s] && n > 0; i++)
        st->hand[s][pool[--n]]++;
  memcpy (st->deck, pool, n);
  st->deck_pos = 0;
  st->deck_len = n;
}

/* Plays the sample to the end of its round with the normal policy. */
static void
playout (ManhattanState *st,
         int             round,
         ParlorRng      *rng)
{
  if (st->round != round)
    return;
  if (st->phase == MANHATTAN_PHASE_CHOOSE)
    for (int s = 0; s < MANHATTAN_N_SEATS; s++)
      if (!(st->chosen_mask & (1 << s)))
        {
          guint8 counts[MANHATTAN_MAX_BLOCK + 1];

          normal_choice (st->supply[s], st->round, rng, counts);
          manhattan_state_choose (st, s, counts, NULL);
        }

  while (st->phase == MANHATTAN_PHASE_PLAY && st->round == round)
    {
      Move m;

      if (!greedy_move (st, st->turn, rng, 0.25, &m))
        break;
      manhattan_state_play (st, st->turn, m.card, m.city, m.block, NULL);
    }
}

/* How good the end of the playout is for @me: totals, plus what the board keeps earning. */
static double
evaluate (const ManhattanState *st,
          int                   me)
{
  ManhattanScore score[MANHATTAN_N_SEATS];
  double v[MANHATTAN_N_SEATS];
  double best_other = -1e9, sum_other = 0;
  int rounds_left;

  if (st->phase == MANHATTAN_PHASE_OVER)
    rounds_left = 0;
  else
    rounds_left = MANHATTAN_N_ROUNDS - st->round;
  manhattan_score_board (&st->board, score);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    v[s] = st->scores[s] + 0.5 * rounds_left *
           (score[s].buildings + score[s].majority + score[s].tallest);
  for (int s = 0; s < MANHATTAN_N_SEATS; s++)
    if (s != me)
      {
        best_other = MAX (best_other, v[s]);
        sum_other += v[s];
      }

  if (st->phase == MANHATTAN_PHASE_OVER)
    {
      int ranks[MANHATTAN_N_SEATS];

      manhattan_state_ranking (st, ranks);
      return (v[me] - best_other) + (ranks[me] == 1 ? 20.0 : 0.0);
    }

  return v[me] - 0.5 * best_other - 0.5 * sum_other / 3.0;
}

static void
view_to_state_known (const ManhattanView *view,
                     ManhattanState      *st)
{
  ParlorRng rng;

  /* Only the fields the greedy policy reads for the view's own seat. */
  parlor_rng_init (&rng, 1, 1);
  determinize (view, &rng, st);
}

static char *
format_play (const Move *m)
{
  return g_strdup_printf ("play card=%d city=%d block=%d", m->card, m->city, m->block);
}

static char *
format_choice (const guint8 counts[MANHATTAN_MAX_BLOCK + 1])
{
  g_autofree char *blocks = manhattan_blocks_to_string (counts);

  return g_strconcat ("choose blocks=", blocks, NULL);
}

static char *
normal_decide (const ManhattanView *view,
               ParlorRng           *rng)
{
  ManhattanState st;

  if (view->phase == MANHATTAN_PHASE_CHOOSE)
    {
      guint8 counts[MANHATTAN_MAX_BLOCK + 1];

      normal_choice (view->supply[view->seat], view->round, NULL, counts);
      return format_choice (counts);
    }
  else
    {
      Move m;

      view_to_state_known (view, &st);
      if (!greedy_move (&st, view->seat, rng, 0.0, &m))
        return NULL;
      return format_play (&m);
    }
}

static char *
strong_decide (const ManhattanView *view,
               ParlorRng           *rng,
               GCancellable        *cancellable,
               GError             **error)
{
  ManhattanState base;
  int me = view->seat;

  if (view->phase == MANHATTAN_PHASE_CHOOSE)
    {
      g_autoptr(GPtrArray) actions = manhattan_view_legal_actions (view);
      Counts *choices;
      double *total;
      int n = actions->len, samples, best = 0;

      if (n == 1)
        return g_strdup (g_ptr_array_index (actions, 0));
      choices = g_new0 (Counts, n);
      total = g_new0 (double, n);
      for (int i = 0; i < n; i++)
        manhattan_blocks_parse ((const char *) g_ptr_array_index (actions, i) + strlen ("choose blocks="),
                                choices[i].c, NULL);
      samples = MAX (2, STRONG_CHOOSE_PLAYOUTS / n);
      for (int k = 0; k < samples; k++)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              g_free (choices);
              g_free (total);
              return NULL;
            }
          determinize (view, rng, &base);
          for (int i = 0; i < n; i++)
            {
              ManhattanState st = base;
              ParlorRng prng;

              parlor_rng_init (&prng, k, 11);
              manhattan_state_choose (&st, me, choices[i].c, NULL);
              playout (&st, view->round, &prng);
              total[i] += evaluate (&st, me);
            }
        }
      for (int i = 1; i < n; i++)
        if (total[i] > total[best])
          best = i;
      g_free (choices);
      g_free (total);
      return g_strdup (g_ptr_array_index (actions, best));
    }
  else
    {
      Move moves[STRONG_CANDIDATES];
      double total[STRONG_CANDIDATES] = { 0 };
      int n, samples, best = 0;

      view_to_state_known (view, &base);
      n = best_moves (&base, me, moves, STRONG_CANDIDATES);
      if (n == 0)
        return NULL;
      if (n == 1)
        return format_play (&moves[0]);
      samples = MAX (2, STRONG_PLAYOUTS / n);
      for (int k = 0; k < samples; k++)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return NULL;
          determinize (view, rng, &base);
          for (int i = 0; i < n; i++)
            {
              ManhattanState st = base;
              ParlorRng prng;

              /* The same playout noise for every candidate: compare like with like. */
              parlor_rng_init (&prng, k, 13);
              manhattan_state_play (&st, me, moves[i].card, moves[i].city, moves[i].block, NULL);
              playout (&st, view->round, &prng);
              total[i] += evaluate (&st, me);
            }
        }
      for (int i = 1; i < n; i++)
        if (total[i] > total[best])
          best = i;
      return format_play (&moves[best]);
    }
}

char *
manhattan_ai_choose (const char    *level,
                     const char    *view_line,
                     guint64        seed,
                     GCancellable  *cancellable,
                     GError       **error)
{
  ManhattanView view;
  ParlorRng rng;
  guint n_actions;
  char *choice = NULL;

  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (view_line != NULL, NULL);

  if (!manhattan_view_parse (view_line, &view, error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  n_actions = manhattan_view_n_legal_actions (&view);
  if (!parlor_game_check_asked (n_actions > 0, error))
    return NULL;
  parlor_rng_init (&rng, seed, 0x4149 /* "AI" */);

  if (g_str_equal (level, "random"))
    choice = manhattan_view_legal_action (&view, parlor_rng_below (&rng, n_actions));
  else if (g_str_equal (level, "normal"))
    choice = normal_decide (&view, &rng);
  else if (g_str_equal (level, "strong"))
    {
      g_autoptr(GError) local_error = NULL;

      choice = strong_decide (&view, &rng, cancellable, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  else
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("Manhattan has no computer player of level “%s”"), level);
      return NULL;
    }

  if (choice == NULL)
    choice = manhattan_view_legal_action (&view, 0);

  return choice;
}

/* ---- review ---- */

#define REVIEW_SAMPLES   160
/* Below this many points of expected margin the two moves count as equal:
 * the sampling cannot tell them apart more finely. */
#define REVIEW_THRESHOLD 0.5

typedef struct
{
  gboolean choose;
  Counts   blocks;
  int      card, city, block;
} Action;

static gboolean
parse_action (const char *text,
              Action     *a)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  gint64 card, city, block;

  memset (a, 0, sizeof *a);
  if (line == NULL)
    return FALSE;
  if (g_str_equal (parlor_line_get_type (line), "choose"))
    {
      a->choose = TRUE;
      return parlor_line_has (line, "blocks") &&
             manhattan_blocks_parse (parlor_line_get (line, "blocks"), a->blocks.c, NULL);
    }
  if (!g_str_equal (parlor_line_get_type (line), "play") ||
      !parlor_line_get_int (line, "card", 0, MANHATTAN_N_SPOTS - 1, &card, NULL) ||
      !parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) ||
      !parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL))
    return FALSE;
  a->card = (int) card;
  a->city = (int) city;
  a->block = (int) block;
  return TRUE;
}

static gboolean
apply_action (ManhattanState *st,
              int             me,
              const Action   *a)
{
  if (a->choose)
    {
      if (!manhattan_state_check_choose (st, me, a->blocks.c, NULL))
        return FALSE;
      manhattan_state_choose (st, me, a->blocks.c, NULL);
      return TRUE;
    }
  if (!manhattan_state_check_play (st, me, a->card, a->city, a->block, NULL))
    return FALSE;
  manhattan_state_play (st, me, a->card, a->city, a->block, NULL);
  return TRUE;
}

/* Plays the sample to the end of the game with the normal policy. */
static void
playout_to_end (ManhattanState *st,
                ParlorRng      *rng)
{
  for (int round = st->round; round < MANHATTAN_N_ROUNDS && st->phase != MANHATTAN_PHASE_OVER;
       round++)
    {
      playout (st, round, rng);
      if (st->round == round && st->phase != MANHATTAN_PHASE_OVER)
        break;   /* nobody could move: the sample ends here */
    }
}

static char *
action_words (const Action *a)
{
  g_autofree char *blocks = NULL;

  if (a->choose)
    {
      blocks = manhattan_blocks_to_string (a->blocks.c);
      return g_strdup_printf (_("Choose the blocks %s"), blocks);
    }
  /* TRANSLATORS: "Build 3 storeys in city 2 with the card “far left”" */
  return g_strdup_printf (ngettext ("Build %d storey in city %d with the card “%s”",
                                    "Build %d storeys in city %d with the card “%s”", a->block),
                          a->block, a->city + 1, manhattan_place_name (a->card));
}

/*
 * The expected final margin (own score less the best other score) after each
 * move, over play-outs of the rest of the game: the hidden cards and block
 * choices dealt consistently with the view, every seat then playing the
 * normal policy. Both moves meet the same samples and the same play-out noise.
 */
gboolean
manhattan_ai_review_cost (const char        *view_line,
                          const char        *played,
                          const char        *best,
                          guint64            seed,
                          GCancellable      *cancellable,
                          ParlorReviewCost  *out,
                          GError           **error)
{
  ManhattanView view;
  Action a[2];
  double margin[2] = { 0, 0 }, score[2] = { 0, 0 };
  ParlorRng rng;
  int me;

  g_return_val_if_fail (view_line != NULL && played != NULL && best != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!manhattan_view_parse (view_line, &view, error))
    return FALSE;
  me = view.seat;
  if (!parlor_game_check_asked (me >= 0 && manhattan_view_n_legal_actions (&view) > 0, error))
    return FALSE;
  if (!parse_action (played, &a[0]) || !parse_action (best, &a[1]))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("A move to review is not a Manhattan action"));
      return FALSE;
    }

  parlor_rng_init (&rng, seed, 0x726576 /* "rev" */);
  for (int k = 0; k < REVIEW_SAMPLES; k++)
    {
      ManhattanState base;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      determinize (&view, &rng, &base);
      for (int i = 0; i < 2; i++)
        {
          ManhattanState st = base;
          ParlorRng prng;
          int best_other = G_MININT;

          if (!apply_action (&st, me, &a[i]))
            {
              g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                                   _("A move to review is not legal here"));
              return FALSE;
            }
          parlor_rng_init (&prng, seed + (guint64) k, 17);
          playout_to_end (&st, &prng);
          for (int s = 0; s < MANHATTAN_N_SEATS; s++)
            if (s != me)
              best_other = MAX (best_other, st.scores[s]);
          margin[i] += st.scores[me] - best_other;
          score[i] += st.scores[me];
        }
    }
  for (int i = 0; i < 2; i++)
    {
      margin[i] /= REVIEW_SAMPLES;
      score[i] /= REVIEW_SAMPLES;
    }

  parlor_review_cost_add_figure (out, "margin", margin[0], margin[1]);
  parlor_review_cost_add_figure (out, "score", score[0], score[1]);
  out->worse = margin[1] - margin[0] >= REVIEW_THRESHOLD;
  out->played_words = action_words (&a[0]);
  out->best_words = action_words (&a[1]);
  out->explanation = g_strdup_printf (
      /* TRANSLATORS: the margin is the player's final score less the best other score */
      _("Over %d play-outs of the rest of the game, this move ends %.1f points behind the "
        "computer’s: a final margin of %+.1f against %+.1f (your score %.1f against %.1f)."),
      REVIEW_SAMPLES, margin[1] - margin[0], margin[0], margin[1], score[0], score[1]);
  return TRUE;
}
