/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-triad"

#include "config.h"

#include <string.h>

#include "triad-rules.h"

const gint8 triad_neighbour[TRIAD_N_CELLS][4] = {
  { -1,  1,  3, -1 }, { -1,  2,  4,  0 }, { -1, -1,  5,  1 },
  {  0,  4,  6, -1 }, {  1,  5,  7,  3 }, {  2, -1,  8,  4 },
  {  3,  7, -1, -1 }, {  4,  8, -1,  6 }, {  5, -1, -1,  7 },
};

static const char *const cause_names[] = { "basic", "same", "plus", "combo" };

gboolean
triad_card_parse (const char *text,
                  TriadCard  *out)
{
  TriadCard card;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < 4; i++)
    {
      char c = text[i];

      if (c >= '1' && c <= '9')
        card.rank[i] = (guint8) (c - '0');
      else if (c == 'A' || c == 'a')
        card.rank[i] = 10;
      else
        return FALSE;
    }
  if (text[4] != '\0')
    return FALSE;

  *out = card;
  return TRUE;
}

void
triad_card_format (const TriadCard *card,
                   char             out[5])
{
  g_return_if_fail (card != NULL);

  for (guint i = 0; i < 4; i++)
    out[i] = card->rank[i] >= 10 ? 'A' : (char) ('0' + card->rank[i]);
  out[4] = '\0';
}

guint
triad_card_sum (const TriadCard *card)
{
  return (guint) card->rank[0] + card->rank[1] + card->rank[2] + card->rank[3];
}

gboolean
triad_card_equal (const TriadCard *a,
                  const TriadCard *b)
{
  return memcmp (a->rank, b->rank, 4) == 0;
}

void
triad_position_init (TriadPosition   *pos,
                     const TriadCard *first_hand,
                     const TriadCard *second_hand)
{
  g_return_if_fail (pos != NULL);

  memset (pos, 0, sizeof *pos);
  for (guint i = 0; i < TRIAD_N_CELLS; i++)
    pos->owner[i] = pos->placer[i] = TRIAD_EMPTY;
  memcpy (pos->hand[0], first_hand, TRIAD_FIRST_HAND * sizeof (TriadCard));
  memcpy (pos->hand[1], second_hand, TRIAD_SECOND_HAND * sizeof (TriadCard));
  pos->n_hand[0] = TRIAD_FIRST_HAND;
  pos->n_hand[1] = TRIAD_SECOND_HAND;
}

gboolean
triad_position_is_over (const TriadPosition *pos)
{
  return pos->n_filled >= TRIAD_N_CELLS;
}

guint
triad_position_count (const TriadPosition *pos,
                      guint                player)
{
  guint n = 0;

  for (guint i = 0; i < TRIAD_N_CELLS; i++)
    n += pos->owner[i] == (gint8) player;

  return n;
}

/* Does @a, facing @b with its @side, take it under the basic rule? Reverse
 * turns the whole comparison round, the sums that settle equal ranks too. */
static inline gboolean
beats (const TriadCard *a,
       guint            side,
       const TriadCard *b,
       TriadRules       rules)
{
  guint mine = a->rank[side];
  guint theirs = b->rank[(side + 2) & 3];

  if ((rules & TRIAD_RULE_FALLEN_ACE) && mine + theirs == 11 && (mine == 1 || theirs == 1))
    return TRUE;
  if (rules & TRIAD_RULE_REVERSE)
    {
      if (mine != theirs)
        return mine < theirs;
      return triad_card_sum (a) < triad_card_sum (b);
    }
  if (mine != theirs)
    return mine > theirs;
  return triad_card_sum (a) > triad_card_sum (b);
}

/* Combo: the cards flips[0 … n_sources) take their own neighbours by the
 * basic rule, and each card so taken does the same, breadth first. The flips
 * array doubles as the queue. Returns the new number of flips. */
static guint
combo_chain (const TriadCard *card,
             gint8           *owner,
             guint            player,
             TriadRules       rules,
             TriadFlip       *flips,
             guint            n_sources,
             guint            n)
{
  gint8 opp = (gint8) (1 - player);
  guint8 queue[TRIAD_N_CELLS];
  guint head = 0, tail = 0;

  for (guint i = 0; i < n_sources; i++)
    queue[tail++] = flips[i].cell;
  while (head < tail)
    {
      guint from = queue[head++];

      for (guint s = 0; s < 4; s++)
        {
          int nb = triad_neighbour[from][s];

          if (nb >= 0 && owner[nb] == opp && beats (&card[from], s, &card[nb], rules))
            {
              owner[nb] = (gint8) player;
              flips[n].cell = (guint8) nb;
              flips[n].cause = TRIAD_FLIP_COMBO;
              n++;
              queue[tail++] = (guint8) nb;
            }
        }
    }
  return n;
}

static inline void
take (gint8     *owner,
      guint      cell,
      guint      player,
      TriadFlip *flips,
      guint     *n,
      guint      cause)
{
  owner[cell] = (gint8) player;
  flips[*n].cell = (guint8) cell;
  flips[*n].cause = (guint8) cause;
  (*n)++;
}

/* Bit masks of the placed card's sides: occupied neighbours (either owner)
 * and equal facing ranks (a wall counts as an A under Same Wall), with each
 * occupied side's sum. */
static inline void
read_sides (const TriadCard *card,
            const gint8     *owner,
            guint            cell,
            TriadRules       rules,
            guint            sum[4],
            guint           *occupied,
            guint           *same)
{
  const TriadCard *me = &card[cell];

  for (guint s = 0; s < 4; s++)
    {
      int nb = triad_neighbour[cell][s];
      guint theirs;

      if (nb < 0 && (rules & TRIAD_RULE_SAME_WALL) && me->rank[s] == 10)
        *same |= 1u << s;
      if (nb < 0 || owner[nb] == TRIAD_EMPTY)
        continue;
      *occupied |= 1u << s;
      theirs = card[nb].rank[(s + 2) & 3];
      sum[s] = me->rank[s] + theirs;
      if (me->rank[s] == theirs)
        *same |= 1u << s;
    }
}

/*
 * Same, Plus and Combo as Final Fantasy VIII plays them:
 * - Same, with two or more equal facing ranks (either owner), takes every
 *   opponent neighbour the placed card's side equals or beats, in one step;
 * - Plus takes one group of equal sums only: the largest, and of two groups
 *   of two the one completed first counting top, bottom, left, right;
 * - once Same or Plus took a card, every card this placement took (the
 *   basic rule's too) starts the Combo chain.
 */
static guint
resolve_ff8 (const TriadCard *card,
             gint8           *owner,
             guint            cell,
             guint            player,
             TriadRules       rules,
             TriadFlip       *flips)
{
  static const guint8 plus_order[4] = {
    TRIAD_SIDE_TOP, TRIAD_SIDE_BOTTOM, TRIAD_SIDE_LEFT, TRIAD_SIDE_RIGHT,
  };
  const TriadCard *me = &card[cell];
  gint8 opp = (gint8) (1 - player);
  guint sum[4] = { 0, 0, 0, 0 };
  guint occupied = 0, same = 0;
  gboolean fired = FALSE;
  guint n = 0;

  read_sides (card, owner, cell, rules, sum, &occupied, &same);

  /* Same and Plus need two neighbours at least (Same Wall's walls count for Same). */
  if (((occupied | same) & ((occupied | same) - 1)) != 0)
    {
      if ((rules & TRIAD_RULE_SAME) && (same & (same - 1)) != 0)
        {
          for (guint s = 0; s < 4; s++)
            {
              int nb = triad_neighbour[cell][s];

              if (!(occupied >> s & 1) || owner[nb] != opp)
                continue;
              if (same >> s & 1)
                take (owner, (guint) nb, player, flips, &n, TRIAD_FLIP_SAME);
              else if (beats (me, s, &card[nb], rules))
                take (owner, (guint) nb, player, flips, &n, TRIAD_FLIP_BASIC);
            }
          fired = n > 0;
        }

      if (rules & TRIAD_RULE_PLUS)
        {
          guint largest = 1, best = 0;

          /* The sum whose count first becomes the largest, counting in FF VIII's order. */
          for (guint i = 1; i < 4; i++)
            {
              guint s = plus_order[i], count = 1;

              if (!(occupied >> s & 1))
                continue;
              for (guint j = 0; j < i; j++)
                count += (occupied >> plus_order[j] & 1) && sum[plus_order[j]] == sum[s];
              if (count > largest)
                {
                  largest = count;
                  best = sum[s];
                }
            }
          for (guint s = 0; s < 4 && largest >= 2; s++)
            {
              int nb = triad_neighbour[cell][s];

              if ((occupied >> s & 1) && sum[s] == best && owner[nb] == opp)
                {
                  take (owner, (guint) nb, player, flips, &n, TRIAD_FLIP_PLUS);
                  fired = TRUE;
                }
            }
        }
    }

  for (guint s = 0; s < 4; s++)
    {
      int nb = triad_neighbour[cell][s];

      if ((occupied >> s & 1) && owner[nb] == opp && beats (me, s, &card[nb], rules))
        take (owner, (guint) nb, player, flips, &n, TRIAD_FLIP_BASIC);
    }

  if ((rules & TRIAD_RULE_COMBO) && fired)
    n = combo_chain (card, owner, player, rules, flips, n, n);

  return n;
}

guint
triad_resolve (const TriadCard *card,
               gint8           *owner,
               guint            cell,
               guint            player,
               TriadRules       rules,
               TriadFlip       *flips)
{
  const TriadCard *me = &card[cell];
  gint8 opp = (gint8) (1 - player);
  guint n = 0;
  guint n_special = 0;

  if ((rules & TRIAD_RULE_FF8) && (rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    return resolve_ff8 (card, owner, cell, player, rules, flips);

  if (rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS))
    {
      guint sum[4] = { 0, 0, 0, 0 };
      guint occupied = 0, same = 0, plus = 0;

      read_sides (card, owner, cell, rules, sum, &occupied, &same);

      /* Same and Plus need two matching neighbours of either owner (or a
       * wall, for Same Wall's Same); only the opponent's flip. */
      if (!(rules & TRIAD_RULE_SAME) || (same & (same - 1)) == 0)
        same = 0;
      if ((rules & TRIAD_RULE_PLUS) && (occupied & (occupied - 1)) != 0)
        for (guint s = 0; s < 4; s++)
          for (guint t = s + 1; t < 4; t++)
            if ((occupied >> s) & (occupied >> t) & 1 && sum[s] == sum[t])
              plus |= (1u << s) | (1u << t);
      plus &= ~same;

      for (guint s = 0; s < 4 && (same | plus) != 0; s++)
        {
          int nb = triad_neighbour[cell][s];

          if (((same | plus) >> s & 1) && nb >= 0 && owner[nb] == opp)
            {
              owner[nb] = (gint8) player;
              flips[n].cell = (guint8) nb;
              flips[n].cause = (same >> s & 1) ? TRIAD_FLIP_SAME : TRIAD_FLIP_PLUS;
              n++;
            }
        }
      n_special = n;
    }

  for (guint s = 0; s < 4; s++)
    {
      int nb = triad_neighbour[cell][s];

      if (nb >= 0 && owner[nb] == opp && beats (me, s, &card[nb], rules))
        {
          owner[nb] = (gint8) player;
          flips[n].cell = (guint8) nb;
          flips[n].cause = TRIAD_FLIP_BASIC;
          n++;
        }
    }

  /* Parlor's first reading: only cards taken by Same or Plus start Combo. */
  if ((rules & TRIAD_RULE_COMBO) && n_special > 0)
    n = combo_chain (card, owner, player, rules, flips, n_special, n);

  return n;
}

guint
triad_position_place (TriadPosition *pos,
                      guint          index,
                      guint          cell,
                      TriadRules     rules,
                      TriadFlip     *flips)
{
  TriadFlip scratch[TRIAD_N_CELLS];
  guint player = triad_position_to_move (pos);
  guint n;

  g_return_val_if_fail (cell < TRIAD_N_CELLS && pos->owner[cell] == TRIAD_EMPTY, 0);
  g_return_val_if_fail (index < pos->n_hand[player], 0);

  pos->card[cell] = pos->hand[player][index];
  pos->owner[cell] = (gint8) player;
  pos->placer[cell] = (gint8) player;
  memmove (&pos->hand[player][index], &pos->hand[player][index + 1],
           (pos->n_hand[player] - index - 1) * sizeof (TriadCard));
  pos->n_hand[player]--;
  pos->n_filled++;

  n = triad_resolve (pos->card, pos->owner, cell, player, rules, scratch);
  if (flips != NULL)
    memcpy (flips, scratch, n * sizeof (TriadFlip));

  return n;
}

int
triad_outcome_for_first (guint first_count)
{
  if (first_count >= 6)
    return 1;
  if (first_count == 5)
    return 0;
  return -1;
}

void
triad_random_card (ParlorRng *rng,
                   TriadCard *card)
{
  guint sum;

  do
    {
      sum = 0;
      for (guint i = 0; i < 4; i++)
        {
          card->rank[i] = (guint8) (1 + parlor_rng_below (rng, 10));
          sum += card->rank[i];
        }
    }
  while (sum < TRIAD_CARD_SUM_MIN || sum > TRIAD_CARD_SUM_MAX);
}

void
triad_deal (ParlorRng *rng,
            TriadCard  first_hand[TRIAD_FIRST_HAND],
            TriadCard  second_hand[TRIAD_SECOND_HAND])
{
  TriadCard cards[TRIAD_N_CELLS];

  g_return_if_fail (rng != NULL);

  for (;;)
    {
      int first_total = 0, second_total = 0;

      for (guint i = 0; i < TRIAD_N_CELLS; i++)
        {
          gboolean repeated;

          do
            {
              repeated = FALSE;
              triad_random_card (rng, &cards[i]);
              for (guint j = 0; j < i; j++)
                repeated |= triad_card_equal (&cards[i], &cards[j]);
            }
          while (repeated);
          if (i < TRIAD_FIRST_HAND)
            first_total += (int) triad_card_sum (&cards[i]);
          else
            second_total += (int) triad_card_sum (&cards[i]);
        }
      if (ABS (4 * first_total - 5 * second_total) <= TRIAD_DEAL_BALANCE)
        break;
    }

  memcpy (first_hand, cards, TRIAD_FIRST_HAND * sizeof (TriadCard));
  memcpy (second_hand, cards + TRIAD_FIRST_HAND, TRIAD_SECOND_HAND * sizeof (TriadCard));
}

const char *
triad_flip_cause_to_string (TriadFlipCause cause)
{
  g_return_val_if_fail ((guint) cause < G_N_ELEMENTS (cause_names), "basic");
  return cause_names[cause];
}

gboolean
triad_flip_cause_from_string (const char     *text,
                              TriadFlipCause *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (cause_names); i++)
    if (g_strcmp0 (text, cause_names[i]) == 0)
      {
        *out = (TriadFlipCause) i;
        return TRUE;
      }
  return FALSE;
}
