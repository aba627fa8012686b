/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-rng.h"

G_BEGIN_DECLS

/*
 * The rules of Triple Triad on plain structs, shared by the game object, the
 * solver, the computer players and the tests. Players are numbered in play
 * order: player 0 moved first and holds 5 cards, player 1 holds 4. Cells are
 * 0–8 row-major from the top left.
 */

#define TRIAD_N_CELLS     9
#define TRIAD_HAND_MAX    5
#define TRIAD_FIRST_HAND  5
#define TRIAD_SECOND_HAND 4
#define TRIAD_EMPTY       (-1)

typedef enum
{
  TRIAD_SIDE_TOP,
  TRIAD_SIDE_RIGHT,
  TRIAD_SIDE_BOTTOM,
  TRIAD_SIDE_LEFT,
} TriadSide;

/* Ranks 1–10 (10 is written "A") for top, right, bottom, left. */
typedef struct
{
  guint8 rank[4];
} TriadCard;

/*
 * TRIAD_RULE_FF8: Same, Plus and Combo resolve as Final Fantasy VIII's own
 * game code does (docs/rules/triple-triad.md). Without it they follow
 * Parlor's first reading, which games played before keep.
 * TRIAD_RULE_REVERSE: the lower facing rank takes (the basic rule only).
 * TRIAD_RULE_FALLEN_ACE: a 1 and an A facing each other, the taking card
 * wins, with or without Reverse (the basic rule only).
 * TRIAD_RULE_SAME_WALL: for Same only, the board's edge matches an A.
 */
typedef enum
{
  TRIAD_RULE_SAME  = 1 << 0,
  TRIAD_RULE_PLUS  = 1 << 1,
  TRIAD_RULE_COMBO = 1 << 2,
  TRIAD_RULE_FF8   = 1 << 3,
  TRIAD_RULE_REVERSE = 1 << 4,
  TRIAD_RULE_FALLEN_ACE = 1 << 5,
  TRIAD_RULE_SAME_WALL = 1 << 6,
} TriadRules;

typedef enum
{
  TRIAD_FLIP_BASIC,
  TRIAD_FLIP_SAME,
  TRIAD_FLIP_PLUS,
  TRIAD_FLIP_COMBO,
} TriadFlipCause;

typedef struct
{
  guint8 cell;
  guint8 cause;   /* TriadFlipCause */
} TriadFlip;

typedef struct
{
  TriadCard card[TRIAD_N_CELLS];
  gint8     owner[TRIAD_N_CELLS];    /* TRIAD_EMPTY or a player */
  gint8     placer[TRIAD_N_CELLS];   /* who put the card there */
  TriadCard hand[2][TRIAD_HAND_MAX];
  guint8    n_hand[2];
  guint8    n_filled;
} TriadPosition;

gboolean     triad_card_parse        (const char      *text,
                                      TriadCard       *out);
void         triad_card_format       (const TriadCard *card,
                                      char             out[5]);
guint        triad_card_sum          (const TriadCard *card);
gboolean     triad_card_equal        (const TriadCard *a,
                                      const TriadCard *b);

/* triad_neighbour[cell][side]: the cell that side of a card on @cell faces, or -1. */
extern const gint8 triad_neighbour[TRIAD_N_CELLS][4];

/* Player to move: player 0 places on even counts of filled cells. */
static inline guint
triad_position_to_move (const TriadPosition *pos)
{
  return pos->n_filled & 1;
}

void         triad_position_init     (TriadPosition   *pos,
                                      const TriadCard *first_hand,
                                      const TriadCard *second_hand);
gboolean     triad_position_is_over  (const TriadPosition *pos);
guint        triad_position_count    (const TriadPosition *pos,
                                      guint            player);

/*
 * Places the mover's hand card @index on the empty @cell, flips what the
 * rules flip and removes the card from the hand (later cards shift down).
 * Writes the flips in order (at most 8) to @flips if not NULL and returns how
 * many. The move must be legal.
 */
guint        triad_position_place    (TriadPosition   *pos,
                                      guint            index,
                                      guint            cell,
                                      TriadRules       rules,
                                      TriadFlip       *flips);

/*
 * The flip rules on bare arrays (the solver's hot path): the card just put
 * on @cell by @player is in card[cell], owner[cell] == @player already.
 * Updates @owner and returns the number of flips written to @flips.
 */
guint        triad_resolve           (const TriadCard *card,
                                      gint8           *owner,
                                      guint            cell,
                                      guint            player,
                                      TriadRules       rules,
                                      TriadFlip       *flips);

/* +1 the first player wins, 0 draw, -1 the second player wins. */
int          triad_outcome_for_first (guint            first_count);

/* A fair random deal, see docs/rules/triple-triad.md. */
void         triad_deal              (ParlorRng       *rng,
                                      TriadCard        first_hand[TRIAD_FIRST_HAND],
                                      TriadCard        second_hand[TRIAD_SECOND_HAND]);
/* One card as the deal draws it, before the hand balance check. */
void         triad_random_card       (ParlorRng       *rng,
                                      TriadCard       *card);

#define TRIAD_CARD_SUM_MIN 14
#define TRIAD_CARD_SUM_MAX 26
/* |4 × first total − 5 × second total| at most this: mean card sums within 1. */
#define TRIAD_DEAL_BALANCE 20

const char  *triad_flip_cause_to_string   (TriadFlipCause cause);
gboolean     triad_flip_cause_from_string (const char     *text,
                                           TriadFlipCause *out);

G_END_DECLS
