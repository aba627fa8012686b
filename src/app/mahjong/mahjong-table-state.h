/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-hand-view.h"
#include "mahjong-melds-view.h"
#include "mahjong-river-view.h"
#include "mahjong-table-view.h"
#include "mahjong-tile.h"

G_BEGIN_DECLS

/*
 * One seat as the player sees it, counted by the game's seat numbers (not
 * from the viewer). Tiles are MahjongTile; MAHJONG_NO_TILE is face down.
 */
typedef struct
{
  MahjongTile  tiles[MAHJONG_HAND_MAX];   /* concealed, the drawn tile not among them */
  guint        n_tiles;
  gboolean     has_drawn;                 /* a drawn tile apart (maybe face down) */
  MahjongTile  drawn;
  MahjongMeld  melds[MAHJONG_MELDS_MAX];  /* with the claimed tile and whom it came from */
  guint        n_melds;
  MahjongTile  flowers[MAHJONG_FLOWERS_MAX];
  guint        n_flowers;
  MahjongTile  river[MAHJONG_RIVER_MAX];
  gboolean     claimed[MAHJONG_RIVER_MAX]; /* a discard another seat took */
  guint        n_river;
  gboolean     last_discard;              /* the river holds the table's latest discard */
  const char  *wind;                      /* the heading's seat wind or role, or NULL */
  int          score;
  gboolean     active;                    /* this seat's turn */
} MahjongSeatState;

/* The whole table as the view line says it, for MahjongScreen to draw. */
typedef struct
{
  guint            n_seats;
  int              me;           /* the player's seat */
  int              turn;         /* whose turn, -1 none */
  guint            wall;         /* tiles left to draw */
  gboolean         over;         /* the match is over */
  gboolean         discarding;   /* the player's hand takes a discard now */
  MahjongSeatState seats[MAHJONG_TABLE_SEATS_MAX];
} MahjongTableState;

/* An empty table of @n_seats, the player at @me: no tiles, nobody's turn. */
void mahjong_table_state_init (MahjongTableState *state,
                               guint              n_seats,
                               int                me);

G_END_DECLS
