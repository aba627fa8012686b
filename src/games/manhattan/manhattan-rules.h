/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-rng.h"

G_BEGIN_DECLS

/*
 * Manhattan rules on a plain C state (docs/rules/manhattan.md). The game
 * GObject, the computer players' simulations and the tests all run these
 * same functions, so there is one implementation of every rule.
 */

#define MANHATTAN_N_SEATS          4
#define MANHATTAN_N_CITIES         6
#define MANHATTAN_N_SPOTS          9
#define MANHATTAN_MAX_BLOCK        4
#define MANHATTAN_CARDS_PER_SPOT   5
#define MANHATTAN_N_CARDS          (MANHATTAN_N_SPOTS * MANHATTAN_CARDS_PER_SPOT)
#define MANHATTAN_HAND_SIZE        4
#define MANHATTAN_BLOCKS_PER_ROUND 6
#define MANHATTAN_N_ROUNDS         4
#define MANHATTAN_MAX_REDRAWS      3

/* Seats, clockwise seen from above: the next seat is the player to the left. */
typedef enum
{
  MANHATTAN_NORTH,
  MANHATTAN_EAST,
  MANHATTAN_SOUTH,
  MANHATTAN_WEST,
} ManhattanSeat;

typedef enum
{
  MANHATTAN_PHASE_CHOOSE,
  MANHATTAN_PHASE_PLAY,
  MANHATTAN_PHASE_OVER,
} ManhattanPhase;

/* How the final winner was found. */
typedef enum
{
  MANHATTAN_TIEBREAK_NONE,       /* a unique highest total */
  MANHATTAN_TIEBREAK_TALLEST,    /* owner of the unique tallest building */
  MANHATTAN_TIEBREAK_BUILDINGS,  /* most buildings */
  MANHATTAN_TIEBREAK_SHARED,     /* still tied: shared victory */
} ManhattanTiebreak;

/* The one block table: how many blocks of each size (index = storeys) a player has. */
extern const guint8 manhattan_block_table[MANHATTAN_MAX_BLOCK + 1];

typedef struct
{
  guint8  storeys[MANHATTAN_N_CITIES][MANHATTAN_N_SPOTS][MANHATTAN_N_SEATS];
  gint8   owner[MANHATTAN_N_CITIES][MANHATTAN_N_SPOTS];    /* -1: empty */
} ManhattanBoard;

typedef struct
{
  ManhattanBoard board;
  guint8  supply[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];     /* not yet chosen */
  guint8  chosen[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];     /* chosen, not placed */
  guint8  set_aside[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];
  guint8  hand[MANHATTAN_N_SEATS][MANHATTAN_N_SPOTS];   /* card counts by position */
  guint8  discard[MANHATTAN_N_SPOTS];                   /* the discard pile, by position */
  guint8  deck[MANHATTAN_N_CARDS];                      /* deck[deck_pos] is the top card */
  guint8  deck_pos;
  guint8  deck_len;
  guint8  chosen_mask;          /* seats that have chosen this round */
  gboolean revealed;
  ManhattanPhase phase;
  int     round;                /* 0..3 */
  int     first_player;
  int     start_player;
  int     turn;                 /* seat to play, -1 while choosing */
  int     scores[MANHATTAN_N_SEATS];
  ParlorRng rng;
} ManhattanState;

typedef struct
{
  int tallest;
  int majority;
  int buildings;
} ManhattanScore;

/* Rotates the card position @card_pos (r*3+c as the holder sees it) into a board spot. */
void     manhattan_card_spot          (int            seat,
                                       int            card_pos,
                                       int           *row,
                                       int           *col);
gboolean manhattan_spot_accepts       (const guint8  *storeys,
                                       int            seat,
                                       int            block);
int      manhattan_spot_needed        (const guint8  *storeys,
                                       int            seat);
int      manhattan_spot_height        (const guint8  *storeys);
int      manhattan_next_seat          (int            seat);
const char *manhattan_seat_name       (int            seat);

/* Round scoring of a board (owner per spot, heights per spot). */
void     manhattan_score_board        (const ManhattanBoard *board,
                                       ManhattanScore out[MANHATTAN_N_SEATS]);
int      manhattan_tallest_owner      (const ManhattanBoard *board);
/* The seat with the most buildings of @count (one count per seat), or -1 (none or a tie):
 * the city's majority, worth 2 points in a round's scoring. */
int      manhattan_majority_of        (const int      count[MANHATTAN_N_SEATS]);
int      manhattan_count_buildings    (const ManhattanBoard *board,
                                       int            seat);

/* Final ranking: ranks[s] 1 = winner; returns the tie-break used. */
ManhattanTiebreak manhattan_rank      (const int      scores[MANHATTAN_N_SEATS],
                                       int            tallest_owner,
                                       const int      buildings[MANHATTAN_N_SEATS],
                                       int            ranks[MANHATTAN_N_SEATS]);

/* State machine. @events may be NULL (simulations); else ParlorEvent* are appended. */
void     manhattan_state_init         (ManhattanState *state,
                                       guint64         seed);
void     manhattan_state_start        (ManhattanState *state,
                                       GPtrArray      *events);
gboolean manhattan_state_check_choose (const ManhattanState *state,
                                       int             seat,
                                       const guint8    counts[MANHATTAN_MAX_BLOCK + 1],
                                       GError        **error);
void     manhattan_state_choose       (ManhattanState *state,
                                       int             seat,
                                       const guint8    counts[MANHATTAN_MAX_BLOCK + 1],
                                       GPtrArray      *events);
gboolean manhattan_state_check_play   (const ManhattanState *state,
                                       int             seat,
                                       int             card,
                                       int             city,
                                       int             block,
                                       GError        **error);
void     manhattan_state_play         (ManhattanState *state,
                                       int             seat,
                                       int             card,
                                       int             city,
                                       int             block,
                                       GPtrArray      *events);
gboolean manhattan_state_play_is_legal (const ManhattanState *state,
                                       int             seat,
                                       int             card,
                                       int             city,
                                       int             block);
gboolean manhattan_state_has_legal_play (const ManhattanState *state,
                                       int             seat);
/* Runs the turn start: skips seats without blocks, applies the stuck rule, ends rounds. */
void     manhattan_state_begin_turn   (ManhattanState *state,
                                       GPtrArray      *events);
guint32  manhattan_state_waiting      (const ManhattanState *state);
ManhattanTiebreak manhattan_state_ranking (const ManhattanState *state,
                                       int             ranks[MANHATTAN_N_SEATS]);

/* "1,1,2,2,3,4" ↔ counts by size. */
char    *manhattan_blocks_to_string   (const guint8    counts[MANHATTAN_MAX_BLOCK + 1]);
gboolean manhattan_blocks_parse       (const char     *text,
                                       guint8          counts[MANHATTAN_MAX_BLOCK + 1],
                                       GError        **error);
int      manhattan_blocks_total       (const guint8    counts[MANHATTAN_MAX_BLOCK + 1]);
char    *manhattan_cards_to_string    (const guint8    hand[MANHATTAN_N_SPOTS]);
const char *manhattan_tiebreak_to_string (ManhattanTiebreak tiebreak);

G_END_DECLS
