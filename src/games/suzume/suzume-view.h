/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "suzume-rules.h"

G_BEGIN_DECLS

/* A seat's view line read back (the format is in suzume-game.h). */

typedef enum
{
  SUZUME_ASK_NONE,
  SUZUME_ASK_DISCARD,
  SUZUME_ASK_RON,
} SuzumeAsk;

typedef struct
{
  int         seat;          /* -1 a spectator */
  guint       n_seats;
  guint       deals;
  guint       hand_number;
  guint       n_hands;
  guint       dealer;
  guint       turn;
  SuzumeAsk   ask;
  gboolean    over;
  MahjongTile hand[SUZUME_HAND_SIZE];
  guint       hand_len;
  MahjongTile drawn;
  MahjongTile dora;
  guint       wall;
  int         scores[SUZUME_MAX_SEATS];
  MahjongTile discards[SUZUME_MAX_SEATS][SUZUME_MAX_DISCARDS];
  guint       n_discards[SUZUME_MAX_SEATS];
  MahjongTile last;          /* the latest discard, MAHJONG_NO_TILE before any */
  int         last_from;
  gboolean    can_tsumo;     /* asked to discard, the seat may win on its draw */
} SuzumeView;

gboolean suzume_view_parse  (const char  *text,
                             SuzumeView  *view,
                             GError     **error);
/* The seat is asked to discard or to answer a discard. */
gboolean suzume_view_asked  (const SuzumeView *view);
/* The latest discard would complete the seat's hand, but the number-based
 * ban (a tile of that number among its own discards) keeps it from ron. */
gboolean suzume_view_ron_barred (const SuzumeView *view);
/* Copies of each physical type the seat has not seen (others' hands and the wall). */
void     suzume_view_unseen (const SuzumeView *view,
                             guint8            unseen[SUZUME_N_TYPES]);

G_END_DECLS
