/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "triad-rules.h"

G_BEGIN_DECLS

/*
 * What one seat may know, as a plain struct and as one view line:
 *
 *   view seat=0 first=0 turn=1 hands=open rules=same,plus
 *        board=.,073A5,.,.,.,.,.,.,. placer=.0....... hand0=1234,… hand1=?,?,?,?
 *        score0=1 score1=0 actions=place:0123@0235678
 *
 * Seats, not play order: `first` is the seat that moved first (5 cards).
 * A board cell is `.` or the owning seat followed by the card (top, right,
 * bottom, left; A = 10); `placer` gives the seat that put each card down.
 * A hand is `-` when empty, `?` per card when hidden. `turn` is `none` once
 * the game is over. `rules` is `none` or a comma list of same, plus, combo,
 * and ff8 when Same, Plus and Combo follow Final Fantasy VIII (TRIAD_RULE_FF8).
 * `actions` is the viewer's legal moves: any of the hand indices before `@`
 * on any of the cells after it, or `-` when it may not move; a view written
 * before views carried the moves has no `actions` and reads as `-`.
 */

typedef struct
{
  int        seat;                         /* the viewer, -1 for a spectator */
  guint      first;                        /* seat that moved first */
  int        turn;                         /* seat to move, -1 when over */
  gboolean   open;
  TriadRules rules;
  TriadCard  card[TRIAD_N_CELLS];
  gint8      owner[TRIAD_N_CELLS];         /* seat or TRIAD_EMPTY */
  gint8      placer[TRIAD_N_CELLS];        /* seat or TRIAD_EMPTY */
  guint8     n_filled;
  guint8     n_hand[2];                    /* by seat */
  gboolean   hand_known[2];
  TriadCard  hand[2][TRIAD_HAND_MAX];
  guint      score[2];                     /* board cards owned, by seat */
  guint8     may_cards;                    /* hand indices the viewer may play, a mask */
  guint16    may_cells;                    /* cells it may play them on, a mask */
} TriadView;

gboolean  triad_view_parse          (const char      *line,
                                     TriadView       *view,
                                     GError         **error);
char     *triad_view_to_line        (const TriadView *view);

/* Whether the viewer may play its card @index on @cell; -1 for any. */
gboolean  triad_view_may_place      (const TriadView *view,
                                     int              index,
                                     int              cell);
/* The viewer's legal actions, as the game lists them. */
GPtrArray *triad_view_legal_actions (const TriadView *view);

/* Seat ↔ play order: player 0 is the seat that moved first. */
static inline guint
triad_view_player_of_seat (const TriadView *view,
                           guint            seat)
{
  return seat == view->first ? 0 : 1;
}

/* The rules position (players in play order); hidden hands stay empty
 * unless filled by the caller, so only use it as is when both are known. */
void      triad_view_to_position    (const TriadView *view,
                                     TriadPosition   *pos);

/* One event line of the game (see triad-game.h) as a struct, for boards
 * that animate placements and flips. Start and deal lines are read too. */
typedef enum
{
  TRIAD_EVENT_START,
  TRIAD_EVENT_DEAL,
  TRIAD_EVENT_PLACE,
  TRIAD_EVENT_FLIP,
  TRIAD_EVENT_OVER,
} TriadEventKind;

typedef struct
{
  TriadEventKind kind;
  int            seat;        /* start: first seat; deal/place: that seat; flip: new owner */
  guint          cell;        /* place, flip */
  guint          index;       /* place: hand index */
  TriadCard      card;        /* place */
  TriadFlipCause cause;       /* flip */
  guint          score[2];    /* over */
  int            winner;      /* over: seat, -1 for a draw */
  gboolean       open;        /* start */
  TriadRules     rules;       /* start */
  guint          n_cards;     /* deal */
  TriadCard      hand[TRIAD_HAND_MAX];   /* deal */
} TriadEvent;

gboolean  triad_event_parse         (const char      *line,
                                     TriadEvent      *event,
                                     GError         **error);

/* `place card=I cell=C` */
char     *triad_action_new          (guint            index,
                                     guint            cell);

char     *triad_rules_to_string     (TriadRules       rules);
gboolean  triad_rules_from_string   (const char      *text,
                                     TriadRules      *rules);

G_END_DECLS
