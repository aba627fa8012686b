/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

/*
 * Suzume-jong tiles and hand scoring (docs/rules/suzume-jong.md).
 *
 * A tile is a MahjongTile of the kit's Suzume-jong set: bamboo 1-9 (18-26),
 * MAHJONG_TILE_GREEN (發) and MAHJONG_TILE_RED_DRAGON (中); the red copies carry
 * MAHJONG_TILE_RED, and so does every 中. Written "1s".."9s", "1r".."9r", "F", "C".
 *
 * Tables and histograms count tiles by two indexes: the kind (0-8 bamboo 1-9,
 * 9 發, 10 中) and the physical type (0-8 plain numbers, 9-17 red numbers,
 * 18 發, 19 中).
 */

#define SUZUME_N_KINDS   11
#define SUZUME_KIND_F    9
#define SUZUME_KIND_C    10
#define SUZUME_N_TILES   44
#define SUZUME_HAND_SIZE 6
#define SUZUME_N_TYPES   20
#define SUZUME_TYPE_F    18
#define SUZUME_TYPE_C    19

static inline gboolean
suzume_tile_is_red (MahjongTile t)
{
  return (t & MAHJONG_TILE_RED) != 0;
}

/* The kind index of @t; SUZUME_N_KINDS for a tile not in the set (or none). */
static inline guint
suzume_tile_kind (MahjongTile t)
{
  guint k = MAHJONG_TILE_KIND (t);

  if (k >= 18 && k < 27)
    return k - 18;
  return k == MAHJONG_TILE_GREEN ? SUZUME_KIND_F
         : k == MAHJONG_TILE_RED_DRAGON ? SUZUME_KIND_C : SUZUME_N_KINDS;
}

/* The physical type index of @t; SUZUME_N_TYPES for a tile not in the set. */
static inline guint
suzume_tile_type (MahjongTile t)
{
  guint kind = suzume_tile_kind (t);

  if (kind >= SUZUME_N_KINDS)
    return SUZUME_N_TYPES;
  if (kind == SUZUME_KIND_F)
    return SUZUME_TYPE_F;
  if (kind == SUZUME_KIND_C)
    return SUZUME_TYPE_C;
  return suzume_tile_is_red (t) ? kind + 9 : kind;
}

/* The tile of a physical type. */
static inline MahjongTile
suzume_type_tile (guint type)
{
  if (type == SUZUME_TYPE_F)
    return MAHJONG_TILE_GREEN;
  if (type == SUZUME_TYPE_C)
    return MAHJONG_TILE_RED_DRAGON | MAHJONG_TILE_RED;
  return type >= 9 ? (MahjongTile) ((18 + type - 9) | MAHJONG_TILE_RED) : (MahjongTile) (18 + type);
}

/* A tile of a kind: the plain copy of a number. */
static inline MahjongTile
suzume_kind_tile (guint kind)
{
  return suzume_type_tile (kind < 9 ? kind : kind == SUZUME_KIND_F ? SUZUME_TYPE_F : SUZUME_TYPE_C);
}

gboolean    suzume_tile_is_valid     (MahjongTile t);
gboolean    suzume_tile_is_green     (MahjongTile t);
/* 1, 9, 發 or 中 */
gboolean    suzume_kind_is_terminal  (guint kind);
/* How many copies of a physical type the 44 tiles hold: 3, 1 or 4. */
guint       suzume_type_copies       (guint type);
/* buf needs 3 bytes */
const char *suzume_tile_to_string    (MahjongTile t,
                                      char        buf[3]);
/* MAHJONG_NO_TILE if @text is no tile */
MahjongTile suzume_tile_from_string  (const char *text);
/* "1s,2r,F"; "-" for none. */
char       *suzume_tiles_to_string   (const MahjongTile *tiles,
                                      guint              n,
                                      char               sep);
gboolean    suzume_tiles_parse       (const char  *text,
                                      char         sep,
                                      MahjongTile *tiles,
                                      guint        max,
                                      guint       *n);

typedef enum
{
  SUZUME_YAKU_RUN,
  SUZUME_YAKU_TRIPLET,
  SUZUME_YAKU_DORA,
  SUZUME_YAKU_RED,
  SUZUME_YAKU_ALL_SIMPLES,
  SUZUME_YAKU_CHANTA,
  SUZUME_YAKU_ALL_GREEN,
  SUZUME_YAKU_ALL_TERMINALS,
  SUZUME_YAKU_ALL_RED,
  SUZUME_N_YAKU,
} SuzumeYaku;

#define SUZUME_MIN_POINTS   5
#define SUZUME_DEALER_BONUS 2

typedef struct
{
  gboolean shape;                  /* two sets of three */
  int      total;                  /* base + yaku, no dealer bonus; 0 without a shape */
  guint8   times[SUZUME_N_YAKU];   /* how many times each applies */
} SuzumeScore;

/* English name for the CLI ("Run", "All Simples"…) and a short id for lines ("run"). */
const char *suzume_yaku_name      (SuzumeYaku yaku);
const char *suzume_yaku_id        (SuzumeYaku yaku);
int         suzume_yaku_points    (SuzumeYaku yaku);
/* The yaku's name in the player's language. */
const char *suzume_yaku_label     (SuzumeYaku yaku);
/* SUZUME_N_YAKU when @id names no yaku. */
SuzumeYaku  suzume_yaku_from_id   (const char *id);

/* Scores six tiles with @indicator (any tile of the kind) as the dora indicator.
 * Where the tiles split several ways the best total is kept. Returns score->shape. */
gboolean    suzume_score_hand     (const MahjongTile *tiles,
                                   MahjongTile        indicator,
                                   SuzumeScore       *score);
/* Same from physical type counts (summing to 6). */
gboolean    suzume_score_types    (const guint8      types[SUZUME_N_TYPES],
                                   MahjongTile       indicator,
                                   SuzumeScore      *score);
/* "run:2,dora:1" for event lines, "Run x2;Dora x1" for the CLI. */
char       *suzume_score_to_ids   (const SuzumeScore *score);
char       *suzume_score_to_names (const SuzumeScore *score);

/* The two sets of a winning hand, each sorted; FALSE if it has none. */
gboolean suzume_hand_sets (const MahjongTile tiles[SUZUME_HAND_SIZE],
                           MahjongTile       sets[2][3]);

G_END_DECLS
