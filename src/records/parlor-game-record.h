/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * One finished game as the records keep it: who sat where, each seat's
 * outcome, and for the mahjong games each hand's wins (who won, by
 * self-draw or on whose discard, the fan/points and each fan/yaku) and
 * claims. Made from what the seat saw: the game's event lines and its
 * result line, whichever side of the table (computer, host or guest).
 */

#define PARLOR_RECORD_MAX_SEATS 8

typedef enum
{
  PARLOR_OUTCOME_LOST = -1,
  PARLOR_OUTCOME_DRAWN = 0,
  PARLOR_OUTCOME_WON = 1,
} ParlorOutcome;

typedef enum
{
  PARLOR_RECORD_SEAT_YOU,
  PARLOR_RECORD_SEAT_COMPUTER,
  PARLOR_RECORD_SEAT_HUMAN,    /* another player on the LAN */
} ParlorRecordSeatKind;

typedef struct
{
  ParlorRecordSeatKind kind;
  ParlorOutcome        outcome;
  int                  rank;       /* 1: first */
  int                  score;
  guint                claims;     /* hands in which the seat claimed a discard */
} ParlorRecordSeat;

typedef struct
{
  char  *name;                     /* the fan's or yaku's id in the game's lines */
  guint  count;
} ParlorRecordFan;

typedef struct
{
  guint      hand;                 /* from 1 */
  guint      seat;
  gboolean   self_drawn;
  int        dealt_in;             /* the discarder, -1 for a self-draw */
  int        points;               /* fan (Chinese Official) or points */
  GPtrArray *fans;                 /* ParlorRecordFan */
} ParlorRecordWin;

typedef struct
{
  char              *game_id;
  gint64             date;         /* Unix time, seconds */
  int                seat;         /* yours */
  guint              n_seats;
  int                strength;     /* 0..PARLOR_STRENGTH_MAX; PARLOR_RECORD_LAN on the LAN */
  gboolean           assisted;     /* played with help (hint, undo) */
  guint              n_hands;      /* 0 for a game without hands */
  ParlorRecordSeat   seats[PARLOR_RECORD_MAX_SEATS];
  GPtrArray         *wins;         /* ParlorRecordWin, in order */
  char              *result;       /* the game's result line */
  char              *replay;       /* path of the kept replay, or NULL */
  /* Claims seen in the hand under way, per seat (while building). */
  guint32            claimed_mask;
  GPtrArray         *events;       /* the event lines, as added */
  char              *key;          /* names the game once in the records, or NULL */
} ParlorGameRecord;

#define PARLOR_RECORD_LAN (-1)

ParlorGameRecord *parlor_game_record_new        (const char       *game_id,
                                                 guint             n_seats,
                                                 int               seat);
void              parlor_game_record_free       (ParlorGameRecord *record);
void              parlor_game_record_set_seat_kind (ParlorGameRecord *record,
                                                 guint             seat,
                                                 ParlorRecordSeatKind kind);
/* An event line the seat saw, in order: hands, wins and claims. */
void              parlor_game_record_add_event  (ParlorGameRecord *record,
                                                 const char       *line);
/* The game's result line: each seat's score, rank and outcome. FALSE (and
 * the record unchanged) for a line that is not a result. */
gboolean          parlor_game_record_set_result (ParlorGameRecord *record,
                                                 const char       *line,
                                                 GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorGameRecord, parlor_game_record_free)

G_END_DECLS
