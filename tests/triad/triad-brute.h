/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * A second, deliberately plain implementation of the Triple Triad rules and
 * a minimax with no pruning and no table, written from the rules text
 * (docs/rules/triple-triad.md), in both readings of Same, Plus and Combo,
 * to check the engine and the solver against.
 * It shares nothing with src/games/triad but the card struct.
 */

#include <string.h>

#include "triad-rules.h"

typedef struct
{
  int rank[9][4];        /* top, right, bottom, left */
  int owner[9];          /* -1 empty, 0 first player, 1 second */
  int hand[2][5][4];
  int n_hand[2];
  int filled;
  int rules;             /* TriadRules bits */
} Brute;

static inline void
brute_from_position (Brute               *b,
                     const TriadPosition *pos,
                     int                  rules)
{
  memset (b, 0, sizeof *b);
  for (int c = 0; c < 9; c++)
    {
      b->owner[c] = pos->owner[c];
      for (int s = 0; s < 4; s++)
        b->rank[c][s] = pos->card[c].rank[s];
      if (pos->owner[c] >= 0)
        b->filled++;
    }
  for (int p = 0; p < 2; p++)
    {
      b->n_hand[p] = pos->n_hand[p];
      for (int i = 0; i < pos->n_hand[p]; i++)
        for (int s = 0; s < 4; s++)
          b->hand[p][i][s] = pos->hand[p][i].rank[s];
    }
  b->rules = rules;
}

/* The cell on side @s of @c (0 top, 1 right, 2 bottom, 3 left), or -1. */
static inline int
brute_next (int c,
            int s)
{
  int row = c / 3, col = c % 3;

  switch (s)
    {
    case 0: row--; break;
    case 1: col++; break;
    case 2: row++; break;
    default: col--; break;
    }
  if (row < 0 || row > 2 || col < 0 || col > 2)
    return -1;
  return row * 3 + col;
}

static inline int
brute_sum (const int *r)
{
  return r[0] + r[1] + r[2] + r[3];
}

/* Higher facing rank wins; equal ranks go to the higher card sum. Reverse:
 * lower wins, and the lower sum. */
static inline int
brute_takes (const Brute *b,
             int          from,
             int          s,
             int          to)
{
  int a = b->rank[from][s], d = b->rank[to][(s + 2) % 4];
  int sa = brute_sum (b->rank[from]), sd = brute_sum (b->rank[to]);

  /* Fallen Ace: between a 1 and an A the taking card wins either way. */
  if ((b->rules & TRIAD_RULE_FALLEN_ACE) && ((a == 1 && d == 10) || (a == 10 && d == 1)))
    return 1;
  if (b->rules & TRIAD_RULE_REVERSE)
    {
      a = -a, d = -d;
      sa = -sa, sd = -sd;
    }
  if (a > d)
    return 1;
  if (a < d)
    return 0;
  return sa > sd;
}

/* Takes, by the basic rule over and over, what the cards marked in @from
 * beat; each card taken joins them. */
static inline void
brute_chain (Brute *b,
             int   *from,
             int    me)
{
  int changed = 1;

  while (changed)
    {
      changed = 0;
      for (int f = 0; f < 9; f++)
        for (int s = 0; s < 4 && from[f]; s++)
          {
            int n = brute_next (f, s);

            if (n >= 0 && b->owner[n] == 1 - me && brute_takes (b, f, s, n))
              {
                b->owner[n] = me;
                from[n] = 1;
                changed = 1;
              }
          }
    }
}

/*
 * Final Fantasy VIII's order, as the rules page tells it: Same (two equal
 * facing ranks or more) takes every opponent neighbour whose facing rank is
 * equal or beaten; then Plus takes the largest group of equal sums, of two
 * groups of two the one whose second card comes first in the order top,
 * bottom, left, right; then the basic rule. If Same or Plus took anything,
 * everything taken starts Combo.
 */
static inline void
brute_play_ff8 (Brute *b,
                int    c,
                int    me)
{
  static const int order[4] = { 0, 2, 3, 1 };   /* top, bottom, left, right */
  int them = 1 - me;
  int taken[9] = { 0 };
  int fired = 0;

  if (b->rules & TRIAD_RULE_SAME)
    {
      int matches = 0;

      for (int s = 0; s < 4; s++)
        {
          int n = brute_next (c, s);

          matches += n >= 0 && b->owner[n] >= 0 && b->rank[c][s] == b->rank[n][(s + 2) % 4];
          matches += n < 0 && (b->rules & TRIAD_RULE_SAME_WALL) && b->rank[c][s] == 10;
        }
      for (int s = 0; s < 4 && matches >= 2; s++)
        {
          int n = brute_next (c, s);

          if (n >= 0 && b->owner[n] == them
              && (b->rank[c][s] == b->rank[n][(s + 2) % 4] || brute_takes (b, c, s, n)))
            {
              b->owner[n] = me;
              taken[n] = fired = 1;
            }
        }
    }
  if (b->rules & TRIAD_RULE_PLUS)
    {
      int count[21] = { 0 }, done_at[21];
      int winner = -1;

      for (int k = 0; k < 21; k++)
        done_at[k] = 99;
      for (int k = 0; k < 4; k++)
        {
          int s = order[k], n = brute_next (c, s);

          if (n >= 0 && b->owner[n] >= 0)
            {
              int sum = b->rank[c][s] + b->rank[n][(s + 2) % 4];

              if (++count[sum] == 2)
                done_at[sum] = k;
            }
        }
      for (int sum = 0; sum < 21; sum++)
        if (count[sum] >= 2
            && (winner < 0 || count[sum] > count[winner]
                || (count[sum] == count[winner] && done_at[sum] < done_at[winner])))
          winner = sum;
      for (int s = 0; s < 4 && winner >= 0; s++)
        {
          int n = brute_next (c, s);

          if (n >= 0 && b->owner[n] == them && b->rank[c][s] + b->rank[n][(s + 2) % 4] == winner)
            {
              b->owner[n] = me;
              taken[n] = fired = 1;
            }
        }
    }
  for (int s = 0; s < 4; s++)
    {
      int n = brute_next (c, s);

      if (n >= 0 && b->owner[n] == them && brute_takes (b, c, s, n))
        {
          b->owner[n] = me;
          taken[n] = 1;
        }
    }
  if ((b->rules & TRIAD_RULE_COMBO) && fired)
    brute_chain (b, taken, me);
}

/* Plays hand card @i of the mover on empty @c. */
static inline void
brute_play (Brute *b,
            int    i,
            int    c)
{
  int me = b->filled % 2, them = 1 - me;
  int special[9] = { 0 };   /* cells taken by Same or Plus */
  int any_special = 0;

  memcpy (b->rank[c], b->hand[me][i], sizeof b->rank[c]);
  b->owner[c] = me;
  for (int k = i; k + 1 < b->n_hand[me]; k++)
    memcpy (b->hand[me][k], b->hand[me][k + 1], sizeof b->hand[me][k]);
  b->n_hand[me]--;
  b->filled++;
  if ((b->rules & TRIAD_RULE_FF8) && (b->rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    {
      brute_play_ff8 (b, c, me);
      return;
    }

  if (b->rules & TRIAD_RULE_SAME)
    {
      int matches = 0;

      for (int s = 0; s < 4; s++)
        {
          int n = brute_next (c, s);

          if (n >= 0 && b->owner[n] >= 0 && b->rank[c][s] == b->rank[n][(s + 2) % 4])
            matches++;
          /* Same Wall: the edge is an A */
          if (n < 0 && (b->rules & TRIAD_RULE_SAME_WALL) && b->rank[c][s] == 10)
            matches++;
        }
      for (int s = 0; s < 4 && matches >= 2; s++)
        {
          int n = brute_next (c, s);

          if (n >= 0 && b->owner[n] == them && b->rank[c][s] == b->rank[n][(s + 2) % 4])
            special[n] = 1;
        }
    }
  if (b->rules & TRIAD_RULE_PLUS)
    for (int s = 0; s < 4; s++)
      for (int t = 0; t < 4; t++)
        {
          int n = brute_next (c, s), m = brute_next (c, t);

          if (s != t && n >= 0 && m >= 0 && b->owner[n] >= 0 && b->owner[m] >= 0
              && b->rank[c][s] + b->rank[n][(s + 2) % 4] == b->rank[c][t] + b->rank[m][(t + 2) % 4]
              && b->owner[n] == them)
            special[n] = 1;
        }
  for (int n = 0; n < 9; n++)
    if (special[n])
      {
        b->owner[n] = me;
        any_special = 1;
      }

  for (int s = 0; s < 4; s++)
    {
      int n = brute_next (c, s);

      if (n >= 0 && b->owner[n] == them && brute_takes (b, c, s, n))
        b->owner[n] = me;
    }

  /* Combo: repeat until nothing changes, from every card taken by Same, Plus or Combo. */
  if ((b->rules & TRIAD_RULE_COMBO) && any_special)
    {
      int changed = 1;

      while (changed)
        {
          changed = 0;
          for (int f = 0; f < 9; f++)
            {
              if (!special[f])
                continue;
              for (int s = 0; s < 4; s++)
                {
                  int n = brute_next (f, s);

                  if (n >= 0 && b->owner[n] == them && brute_takes (b, f, s, n))
                    {
                      b->owner[n] = me;
                      special[n] = 1;
                      changed = 1;
                    }
                }
            }
        }
    }
}

/* Outcome for the player to move: 1 win, 0 draw, -1 loss. */
static inline int
brute_value (const Brute *b)
{
  int best = -2;

  if (b->filled == 9)
    {
      int first = 0, v;

      for (int c = 0; c < 9; c++)
        first += b->owner[c] == 0;
      v = first >= 6 ? 1 : first == 5 ? 0 : -1;
      return b->filled % 2 == 0 ? v : -v;
    }

  for (int i = 0; i < b->n_hand[b->filled % 2]; i++)
    for (int c = 0; c < 9; c++)
      if (b->owner[c] < 0)
        {
          Brute child = *b;
          int v;

          brute_play (&child, i, c);
          v = -brute_value (&child);
          if (v > best)
            best = v;
        }
  return best;
}

/* The value and the moves (index × 9 + cell, ascending) reaching it. */
static inline int
brute_solve (const Brute *b,
             int         *moves,
             int         *n_moves)
{
  int values[45];
  int best = -2;

  *n_moves = 0;
  if (b->filled == 9)
    return brute_value (b);
  for (int m = 0; m < 45; m++)
    {
      int i = m / 9, c = m % 9;
      Brute child = *b;

      values[m] = -3;
      if (i >= b->n_hand[b->filled % 2] || b->owner[c] >= 0)
        continue;
      brute_play (&child, i, c);
      values[m] = -brute_value (&child);
      if (values[m] > best)
        best = values[m];
    }
  for (int m = 0; m < 45; m++)
    if (values[m] == best)
      moves[(*n_moves)++] = m;
  return best;
}
