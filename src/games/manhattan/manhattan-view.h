/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "manhattan-rules.h"

G_BEGIN_DECLS

/*
 * What one seat may know, parsed from its view line (see docs/rules/manhattan.md
 * for the line). The UI and the computer players read only this.
 */
typedef struct
{
  int            seat;           /* -1: the public view */
  ManhattanPhase phase;
  int            round;          /* 0..3 */
  int            first_player;
  int            start_player;
  int            turn;           /* -1 while choosing or when over */
  int            scores[MANHATTAN_N_SEATS];
  ManhattanBoard board;
  guint8         hand[MANHATTAN_N_SPOTS];        /* own cards, by position */
  int            hand_size[MANHATTAN_N_SEATS];
  gboolean       chosen_known[MANHATTAN_N_SEATS];
  guint8         chosen[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];   /* unplaced, if known */
  /* Blocks not yet chosen; for a seat whose choice is hidden, includes that choice. */
  guint8         supply[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];
  guint8         set_aside[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1];
  guint8         chosen_mask;    /* seats that have chosen this round */
  gboolean       revealed;
  int            deck_size;
  guint8         discard[MANHATTAN_N_SPOTS];     /* the (public) discard pile */
  /* The seat's moves from actions= (none in an older line without it): choose
   * choose_count blocks, at most choose_max[b] of b storeys; or play a card with
   * a block on the cities of play_cities[card][block] (a bit mask). */
  gboolean       has_actions;
  int            choose_count;
  guint8         choose_max[MANHATTAN_MAX_BLOCK + 1];
  guint8         play_cities[MANHATTAN_N_SPOTS][MANHATTAN_MAX_BLOCK + 1];
} ManhattanView;

char     *manhattan_state_view_line     (const ManhattanState *state,
                                         int                   seat);

/* The board part of the last view written, kept to write the next one. */
typedef struct
{
  ManhattanBoard board;
  char           text[1024];
  gsize          len;
  gboolean       valid;
} ManhattanBoardCache;

char     *manhattan_state_view_line_cached (const ManhattanState *state,
                                            int                   seat,
                                            ManhattanBoardCache  *cache);
gboolean  manhattan_view_parse          (const char           *line,
                                         ManhattanView        *view,
                                         GError              **error);

/* Action lines the view's seat may send now, in the same order as the game's. */
GPtrArray *manhattan_view_legal_actions (const ManhattanView  *view);
guint     manhattan_view_n_legal_actions (const ManhattanView *view);
/* The @index-th of manhattan_view_legal_actions(), or NULL. */
char     *manhattan_view_legal_action   (const ManhattanView  *view,
                                         guint                 index);
/* Whether the view's move list holds a play (the seat builds now). */
gboolean  manhattan_view_may_play       (const ManhattanView  *view);
/* The spot a card of the view's seat points to, and the cities (bit mask) where
 * the move list lets at least one of the seat's chosen blocks go there. */
guint     manhattan_view_card_cities    (const ManhattanView  *view,
                                         int                   card,
                                         int                  *row,
                                         int                  *col);
/* Why the view's seat may not put @block on the spot, translated; NULL if it may. */
char     *manhattan_view_spot_refusal   (const ManhattanView  *view,
                                         int                   city,
                                         int                   row,
                                         int                   col,
                                         int                   block);
/* The height of the tallest building(s) (0 if none); @spots gets city*9+spot of each. */
int       manhattan_view_tallest        (const ManhattanView  *view,
                                         GArray               *spots);
/* The seat with the most buildings in @city, or -1 (none or a tie). */
int       manhattan_view_city_owner     (const ManhattanView  *view,
                                         int                   city);

G_END_DECLS
