/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-rng.h"

G_BEGIN_DECLS

/* Tile kinds: 0-8 characters 1m-9m, 9-17 dots, 18-26 bamboo, 27-30 winds E S W N,
 * 31-33 dragons P (white) F (green) C (red) — the Tenhou order 1z..7z — then the
 * 8 flowers 34-41. A physical tile in a wall may carry MAHJONG_TILE_RED. */
#define MAHJONG_N_KINDS     34
#define MAHJONG_N_ALL_KINDS 42
#define MAHJONG_TILE_EAST   27
#define MAHJONG_TILE_SOUTH  28
#define MAHJONG_TILE_WEST   29
#define MAHJONG_TILE_NORTH  30
#define MAHJONG_TILE_WHITE  31
#define MAHJONG_TILE_GREEN  32
#define MAHJONG_TILE_RED_DRAGON 33
#define MAHJONG_TILE_FLOWER 34
#define MAHJONG_NO_TILE     0xff
#define MAHJONG_TILE_RED    0x80   /* flag on a physical tile: a red (aka) copy */
#define MAHJONG_TILE_KIND(t) ((t) & 0x3f)

typedef guint8 MahjongTile;

#define MAHJONG_ERROR (mahjong_error_quark ())

typedef enum
{
  MAHJONG_ERROR_SYNTAX,
  MAHJONG_ERROR_TOO_MANY_COPIES,
  MAHJONG_ERROR_BAD_MELD,
  MAHJONG_ERROR_TILE_COUNT,
  MAHJONG_ERROR_NOT_WINNING,
  MAHJONG_ERROR_BAD_FLAGS,
} MahjongError;

GQuark   mahjong_error_quark (void);

static inline gboolean
mahjong_tile_is_suited (guint t)
{
  return t < 27;
}

static inline gboolean
mahjong_tile_is_honor (guint t)
{
  return t >= 27 && t < 34;
}

static inline gboolean
mahjong_tile_is_terminal (guint t)
{
  return t < 27 && (t % 9 == 0 || t % 9 == 8);
}

static inline guint
mahjong_tile_suit (guint t)     /* 0 m, 1 p, 2 s, 3 honors */
{
  return t < 27 ? t / 9 : 3;
}

static inline guint
mahjong_tile_rank (guint t)     /* 1..9 for suited tiles */
{
  return t % 9 + 1;
}

/* "East wind", "red 3 of bamboo", "Flower 2"… (translated, newly allocated). */
char       *mahjong_tile_name (guint tile);
/* "1, 2, 3 of bamboo": the run of three that starts at @lowest (translated, newly allocated). */
char       *mahjong_run_name  (guint lowest);
/* Writes "5m", "E", "C" or "F1".."F8" for a flower; buf needs 3 bytes. */
const char *mahjong_tile_to_string (guint tile, char buf[3]);
/* Parses one tile in the hand notation ("5m", "7z", "E"); MAHJONG_NO_TILE if invalid. */
guint       mahjong_tile_from_string (const char *text);

typedef enum
{
  MAHJONG_MELD_CHOW,
  MAHJONG_MELD_PUNG,
  MAHJONG_MELD_KONG,
} MahjongMeldType;

typedef enum
{
  MAHJONG_MELD_CONCEALED,   /* a concealed kong */
  MAHJONG_MELD_CLAIMED,     /* made with a claimed discard */
  MAHJONG_MELD_ADDED,       /* a kong added to a claimed pung */
} MahjongMeldSource;

typedef struct
{
  guint8 type;      /* MahjongMeldType */
  guint8 tile;      /* lowest tile of a chow, the tile of a pung or kong */
  guint8 source;    /* MahjongMeldSource */
  guint8 from;      /* seat offset of the discarder: 1 left, 2 opposite, 3 right; 0 none */
  guint8 claimed;   /* the claimed tile, MAHJONG_NO_TILE for a concealed kong */
} MahjongMeld;

/* A hand: declared melds and the concealed tiles as counts (the winning tile
 * included). A kong counts as three tiles for the hand size. */
typedef struct
{
  guint8      counts[MAHJONG_N_KINDS];
  MahjongMeld melds[4];
  guint8      n_melds;
  guint8      n_concealed;
  guint8      last_tile;   /* the last tile written (the winning tile), or MAHJONG_NO_TILE */
} MahjongHand;

void      mahjong_hand_clear       (MahjongHand *hand);
/* Accepts the rules spec's notation; the hand must hold 13 or 14 tiles. */
gboolean  mahjong_hand_parse       (const char  *text,
                                    MahjongHand *hand,
                                    GError     **error);
char     *mahjong_hand_to_string   (const MahjongHand *hand);
gboolean  mahjong_hand_equal       (const MahjongHand *a,
                                    const MahjongHand *b);
guint     mahjong_hand_size        (const MahjongHand *hand);
/* Every tile of the hand, melds included (a kong counts 4). */
void      mahjong_hand_all_counts  (const MahjongHand *hand,
                                    guint8             counts[MAHJONG_N_KINDS]);
gboolean  mahjong_meld_is_valid    (const MahjongMeld *meld);

typedef enum
{
  MAHJONG_TILE_SET_FULL,    /* 136 tiles + 8 flowers */
  MAHJONG_TILE_SET_HONORS,  /* 28 honor tiles (honor-tile mahjong) */
  MAHJONG_TILE_SET_SUZUME,  /* 44 tiles: bamboo ×4 (one red each), green and red dragons ×4 */
} MahjongTileSet;

#define MAHJONG_WALL_MAX 144

typedef struct
{
  MahjongTile tiles[MAHJONG_WALL_MAX];
  guint16     size;
  guint16     front;   /* next tile drawn */
  guint16     back;    /* one past the next replacement tile */
} MahjongWall;

guint     mahjong_tile_set_size       (MahjongTileSet set);
/* The set's tiles in a fixed order, unshuffled. */
void      mahjong_wall_fill           (MahjongWall   *wall,
                                       MahjongTileSet set);
void      mahjong_wall_init           (MahjongWall   *wall,
                                       MahjongTileSet set,
                                       ParlorRng     *rng);
guint     mahjong_wall_remaining      (const MahjongWall *wall);
gboolean  mahjong_wall_draw           (MahjongWall *wall,
                                       MahjongTile *tile);
gboolean  mahjong_wall_draw_replacement (MahjongWall *wall,
                                         MahjongTile *tile);

G_END_DECLS
