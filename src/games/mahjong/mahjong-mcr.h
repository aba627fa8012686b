/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

/* The 81 fan of Chinese Official mahjong, in the order of the rules spec's table. */
typedef enum
{
  MCR_BIG_FOUR_WINDS,
  MCR_BIG_THREE_DRAGONS,
  MCR_ALL_GREEN,
  MCR_NINE_GATES,
  MCR_FOUR_KONGS,
  MCR_SEVEN_SHIFTED_PAIRS,
  MCR_THIRTEEN_ORPHANS,
  MCR_ALL_TERMINALS,
  MCR_LITTLE_FOUR_WINDS,
  MCR_LITTLE_THREE_DRAGONS,
  MCR_ALL_HONORS,
  MCR_FOUR_CONCEALED_PUNGS,
  MCR_PURE_TERMINAL_CHOWS,
  MCR_QUADRUPLE_CHOW,
  MCR_FOUR_PURE_SHIFTED_PUNGS,
  MCR_FOUR_PURE_SHIFTED_CHOWS,
  MCR_THREE_KONGS,
  MCR_ALL_TERMINALS_AND_HONORS,
  MCR_SEVEN_PAIRS,
  MCR_GREATER_HONORS_AND_KNITTED,
  MCR_ALL_EVEN_PUNGS,
  MCR_FULL_FLUSH,
  MCR_PURE_TRIPLE_CHOW,
  MCR_PURE_SHIFTED_PUNGS,
  MCR_UPPER_TILES,
  MCR_MIDDLE_TILES,
  MCR_LOWER_TILES,
  MCR_PURE_STRAIGHT,
  MCR_THREE_SUITED_TERMINAL_CHOWS,
  MCR_PURE_SHIFTED_CHOWS,
  MCR_ALL_FIVES,
  MCR_TRIPLE_PUNG,
  MCR_THREE_CONCEALED_PUNGS,
  MCR_LESSER_HONORS_AND_KNITTED,
  MCR_KNITTED_STRAIGHT,
  MCR_UPPER_FOUR,
  MCR_LOWER_FOUR,
  MCR_BIG_THREE_WINDS,
  MCR_MIXED_STRAIGHT,
  MCR_REVERSIBLE_TILES,
  MCR_MIXED_TRIPLE_CHOW,
  MCR_MIXED_SHIFTED_PUNGS,
  MCR_CHICKEN_HAND,
  MCR_LAST_TILE_DRAW,
  MCR_LAST_TILE_CLAIM,
  MCR_OUT_WITH_REPLACEMENT_TILE,
  MCR_ROBBING_THE_KONG,
  MCR_ALL_PUNGS,
  MCR_HALF_FLUSH,
  MCR_MIXED_SHIFTED_CHOWS,
  MCR_ALL_TYPES,
  MCR_MELDED_HAND,
  MCR_TWO_CONCEALED_KONGS,
  MCR_TWO_DRAGON_PUNGS,
  MCR_OUTSIDE_HAND,
  MCR_FULLY_CONCEALED_HAND,
  MCR_TWO_MELDED_KONGS,
  MCR_LAST_TILE,
  MCR_DRAGON_PUNG,
  MCR_PREVALENT_WIND,
  MCR_SEAT_WIND,
  MCR_CONCEALED_HAND,
  MCR_ALL_CHOWS,
  MCR_TILE_HOG,
  MCR_DOUBLE_PUNG,
  MCR_TWO_CONCEALED_PUNGS,
  MCR_CONCEALED_KONG,
  MCR_ALL_SIMPLES,
  MCR_PURE_DOUBLE_CHOW,
  MCR_MIXED_DOUBLE_CHOW,
  MCR_SHORT_STRAIGHT,
  MCR_TWO_TERMINAL_CHOWS,
  MCR_PUNG_OF_TERMINALS_OR_HONORS,
  MCR_MELDED_KONG,
  MCR_ONE_VOIDED_SUIT,
  MCR_NO_HONORS,
  MCR_EDGE_WAIT,
  MCR_CLOSED_WAIT,
  MCR_SINGLE_WAIT,
  MCR_SELF_DRAWN,
  MCR_FLOWER_TILES,
  MCR_N_FANS,
} McrFan;

typedef enum
{
  MCR_WIN_SELF_DRAWN       = 1 << 0,   /* else won on a discard */
  MCR_WIN_LAST_TILE        = 1 << 1,   /* the other three copies are visible */
  MCR_WIN_KONG_REPLACEMENT = 1 << 2,
  MCR_WIN_ROBBING_KONG     = 1 << 3,
  MCR_WIN_LAST_TILE_DRAW   = 1 << 4,
  MCR_WIN_LAST_TILE_CLAIM  = 1 << 5,
} McrWinFlags;

typedef struct
{
  McrWinFlags flags;
  guint8      prevalent_wind;   /* 0 East, 1 South, 2 West, 3 North */
  guint8      seat_wind;
  guint8      flowers;          /* 0..8 */
} McrSituation;

typedef struct
{
  guint8 counts[MCR_N_FANS];    /* how many times each fan counts */
  int    total;                 /* flowers included */
  int    total_without_flowers;
} McrResult;

const char *mcr_fan_name    (McrFan fan);   /* the spec's English name, N_() marked */
/* MCR_N_FANS when @english names no fan. */
McrFan      mcr_fan_from_name (const char *english);
int         mcr_fan_points  (McrFan fan);

/* Scores a 14-tile winning hand whose last tile is the winning tile. Fails with a
 * clear error when the hand or the situation is not a legal win. */
gboolean    mcr_score       (const MahjongHand  *hand,
                             const McrSituation *situation,
                             McrResult          *result,
                             GError            **error);

/* "Name xN;Name xN" in table order. */
char       *mcr_result_to_string (const McrResult *result);

/* Parses "self_drawn,last_tile" style flag lists. */
gboolean    mcr_flags_parse (const char  *text,
                             McrWinFlags *flags,
                             GError     **error);

G_END_DECLS
