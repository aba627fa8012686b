/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The claim window after a discard (or on a kong that may be robbed): which
 * seats are asked, what each answered, and whose claim takes the tile. Seats
 * are bits as in a game's waiting mask (1 << seat). Legality stays with each
 * game: the window only records legal answers and ranks them.
 */

#define MAHJONG_CLAIM_MAX_SEATS 8

typedef enum
{
  MAHJONG_ANSWER_NONE,   /* not answered yet */
  MAHJONG_ANSWER_PASS,
  MAHJONG_ANSWER_CHOW,
  MAHJONG_ANSWER_PUNG,
  MAHJONG_ANSWER_KONG,
  MAHJONG_ANSWER_WIN,
} MahjongAnswer;

/* When several seats claim a win. */
typedef enum
{
  MAHJONG_CLAIM_HEAD_BUMP,   /* the first of them after the discarder wins alone */
  MAHJONG_CLAIM_EVERY_WIN,   /* every one of them wins */
} MahjongClaimWins;

typedef struct
{
  guint8  n_seats;
  guint8  from;                                /* the discarder */
  guint8  tile;
  guint32 asked;
  guint32 answered;
  guint8  answer[MAHJONG_CLAIM_MAX_SEATS];     /* MahjongAnswer */
  guint8  chow_low[MAHJONG_CLAIM_MAX_SEATS];   /* the lowest tile of a claimed chow */
} MahjongClaimWindow;

typedef struct
{
  MahjongAnswer claim;      /* PASS when nobody claims */
  guint         seat;       /* who takes the tile: the first winner for wins */
  guint32       winners;    /* every seat that wins */
  guint8        chow_low;
} MahjongClaimResult;

/* Opens a window on @from's @tile that asks every other seat. */
void     mahjong_claim_open      (MahjongClaimWindow       *window,
                                  guint                     n_seats,
                                  guint                     from,
                                  guint                     tile);
/* Closes it: nobody is asked any more. */
void     mahjong_claim_close     (MahjongClaimWindow       *window);
/* The seats asked that have not answered. */
guint32  mahjong_claim_waiting   (const MahjongClaimWindow *window);
/* The @k-th seat after the discarder (1 the next one). */
guint    mahjong_claim_seat_after (const MahjongClaimWindow *window,
                                   guint                     k);
/* Records @seat's answer (@chow_low for a chow); returns TRUE once every seat
 * asked has answered. */
gboolean mahjong_claim_answer    (MahjongClaimWindow       *window,
                                  guint                     seat,
                                  MahjongAnswer             claim,
                                  guint                     chow_low);
/* Whose claim takes the tile: a win over a pung or kong over a chow, seats in
 * order from the discarder, a chow only from the next seat. */
void     mahjong_claim_resolve   (const MahjongClaimWindow *window,
                                  MahjongClaimWins          wins,
                                  MahjongClaimResult       *result);

G_END_DECLS
