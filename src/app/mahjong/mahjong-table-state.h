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

#define MAHJONG_ACTIONS_MAX 24
#define MAHJONG_ACTION_LEN  24

/* The whole table as the view line says it, for MahjongScreen to draw. */
typedef struct
{
  guint            n_seats;
  int              me;           /* the player's seat */
  int              turn;         /* whose turn, -1 none */
  guint            wall;         /* tiles left to draw */
  gboolean         over;         /* the match is over */
  gboolean         discarding;   /* the player's hand takes a discard now */
  gboolean         asked;        /* the game waits for the player's move */
  gboolean         window;       /* asked about another seat's tile: Pass answers */
  MahjongTile      claim_tile;   /* the tile on offer, MAHJONG_NO_TILE */
  int              claim_from;   /* whose tile it is, -1 */
  /* The player's legal actions as the view lists them, discards aside. */
  char             actions[MAHJONG_ACTIONS_MAX][MAHJONG_ACTION_LEN];
  guint            n_actions;
  MahjongSeatState seats[MAHJONG_TABLE_SEATS_MAX];
} MahjongTableState;

/* An empty table of @n_seats, the player at @me: no tiles, nobody's turn. */
void mahjong_table_state_init (MahjongTableState *state,
                               guint              n_seats,
                               int                me);
/* The seat holds @tiles, the @drawn one among them (MAHJONG_NO_TILE none)
 * set apart. */
void mahjong_seat_state_hold (MahjongSeatState  *seat,
                              const MahjongTile *tiles,
                              guint              n_tiles,
                              MahjongTile        drawn);
/* Adds @action to the legal actions; one too long or too many is left out. */
void mahjong_table_state_add_action (MahjongTableState *state,
                                     const char        *action);
gboolean mahjong_table_state_can (const MahjongTableState *state,
                                  const char              *action);

G_END_DECLS
