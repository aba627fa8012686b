/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-tile.h"
#include "mahjong-wall.h"

G_BEGIN_DECLS

/*
 * Honor-tile mahjong (자패마작, docs/rules/jihai-mahjong.md): the pure rules on
 * plain structs — tiles, the hand notation, the three winning shapes and
 * the scorer. The game state machine is in jihai-rules.c.
 *
 * A tile is the mahjong kit's MahjongTile, one of its seven honor tiles
 * (MAHJONG_TILE_EAST 27 … MAHJONG_TILE_RED_DRAGON 33: East, South, West,
 * North, White, Green, Red), written E S W N O G R; MAHJONG_NO_TILE for
 * none. Tile counts and kind masks are indexed by a tile's slot, 0–6 in
 * that order (jihai_slot()).
 */

#define JIHAI_N_KINDS   7     /* slots */
#define JIHAI_N_TILES   28
#define JIHAI_HAND_SIZE 8     /* a winning hand, a kong counting 3 */
#define JIHAI_MAX_MELDS 2

#define JIHAI_ERROR (jihai_error_quark ())

typedef enum
{
  JIHAI_ERROR_SYNTAX,
  JIHAI_ERROR_IMPOSSIBLE,
} JihaiError;

GQuark      jihai_error_quark   (void);

static inline gboolean
jihai_tile_is_valid (guint tile)
{
  return tile >= MAHJONG_TILE_EAST && tile <= MAHJONG_TILE_RED_DRAGON;
}

/* The index of @tile in counts and kind masks, 0–6 (E S W N O G R). */
static inline guint
jihai_slot (guint tile)
{
  return tile - MAHJONG_TILE_EAST;
}

static inline MahjongTile
jihai_slot_tile (guint slot)
{
  return (MahjongTile) (MAHJONG_TILE_EAST + slot);
}

/* @tile's bit in a kind mask. */
static inline guint
jihai_tile_bit (guint tile)
{
  return 1u << jihai_slot (tile);
}

static inline gboolean
jihai_tile_is_wind (guint tile)
{
  return tile >= MAHJONG_TILE_EAST && tile <= MAHJONG_TILE_NORTH;
}

static inline gboolean
jihai_tile_is_dragon (guint tile)
{
  return tile >= MAHJONG_TILE_WHITE && tile <= MAHJONG_TILE_RED_DRAGON;
}

/* 'E'…'R', or '?' for anything but an honor tile. */
char        jihai_tile_letter   (guint tile);
/* MAHJONG_NO_TILE for anything but E S W N O G R. */
MahjongTile jihai_tile_from_letter (char c);
/* A kind mask as letters in slot order ("" for 0). */
char       *jihai_kinds_to_string (guint mask);
/* Letters (or "-" for none) to a kind mask; FALSE on an unknown letter. */
gboolean    jihai_kinds_parse   (const char *text,
                                 guint      *mask);

/*
 * Melds are the kit's MahjongMeld: a pung or a kong of `tile`, whose
 * notation tells how it was made —
 *   XX+X    a pung, CLAIMED
 *   XXX+X   an open kong, CLAIMED
 *   XXXX    a concealed kong, CONCEALED
 *   XX+X+X  a kong ADDED to a pung
 * The opponent sits opposite: a claimed tile comes `from` 2.
 */
static inline void
jihai_meld_init (MahjongMeld       *meld,
                 MahjongMeldType    type,
                 MahjongMeldSource  source,
                 MahjongTile        tile)
{
  meld->type = (guint8) type;
  meld->tile = tile;
  meld->source = (guint8) source;
  meld->from = source == MAHJONG_MELD_CONCEALED ? 0 : 2;
  meld->claimed = source == MAHJONG_MELD_CONCEALED ? MAHJONG_NO_TILE : tile;
}

static inline gboolean
jihai_meld_is_kong (const MahjongMeld *meld)
{
  return meld->type == MAHJONG_MELD_KONG;
}

/* Writes the meld's notation ("EE+E"…) to buf (7 bytes). */
const char *jihai_meld_format   (const MahjongMeld *meld,
                                 char               buf[7]);
gboolean    jihai_meld_parse    (const char        *text,
                                 MahjongMeld       *meld);
/* Melds comma separated in that notation, "-" for none. */
char       *jihai_melds_to_string (const MahjongMeld *melds,
                                   guint              n);

/*
 * A winning hand: the declared melds and every concealed tile, the winning
 * tile included. Notation: `MELDS | CONCEALED | WINTILE`, MELDS space
 * separated or `-`, e.g. `EE+E | SSSOO | O`.
 */
typedef struct
{
  MahjongMeld melds[JIHAI_MAX_MELDS];
  guint8      n_melds;
  guint8      counts[JIHAI_N_KINDS];   /* concealed tiles by slot, the winning tile included */
  MahjongTile win;
} JihaiHand;

/* Checks tile counts (8 with kongs as 3, at most 4 of a kind, the winning tile held). */
gboolean    jihai_hand_parse    (const char      *text,
                                 JihaiHand       *hand,
                                 GError         **error);
char       *jihai_hand_to_string (const JihaiHand *hand);
gboolean    jihai_hand_equal    (const JihaiHand *a,
                                 const JihaiHand *b);
gboolean    jihai_hand_check    (const JihaiHand *hand,
                                 GError         **error);

typedef enum
{
  JIHAI_WIN_TSUMO,
  JIHAI_WIN_RON,
} JihaiWinWay;

/* Special ways to win. */
typedef enum
{
  JIHAI_FLAG_HEAVENLY       = 1 << 0,
  JIHAI_FLAG_EARTHLY        = 1 << 1,
  JIHAI_FLAG_HAND_OF_MAN    = 1 << 2,
  JIHAI_FLAG_LAST_DRAW      = 1 << 3,
  JIHAI_FLAG_LAST_DISCARD   = 1 << 4,
  JIHAI_FLAG_DEAD_WALL_DRAW = 1 << 5,
  JIHAI_FLAG_ROBBING_QUAD   = 1 << 6,
} JihaiFlags;

#define JIHAI_N_FLAGS 7

/* "heavenly", "earthly", … (the CLI's words), or NULL. */
const char *jihai_flag_name     (guint index);
/* A comma list of flag words or "-"; FALSE on an unknown word. */
gboolean    jihai_flags_parse   (const char *text,
                                 guint      *flags,
                                 GError    **error);

typedef enum
{
  JIHAI_SHAPE_NONE,
  JIHAI_SHAPE_A,   /* two sets + a pair */
  JIHAI_SHAPE_B,   /* four pairs */
  JIHAI_SHAPE_C,   /* seven orphans */
} JihaiShape;

/* Scoring lines in the spec's table order. */
typedef enum
{
  JIHAI_LINE_ONE_CLOSED_TRIPLET,
  JIHAI_LINE_TWO_CLOSED_TRIPLETS,
  JIHAI_LINE_ONE_CLOSED_KONG,
  JIHAI_LINE_TWO_KONGS,
  JIHAI_LINE_TWO_CLOSED_KONGS,
  JIHAI_LINE_THREE_DRAGONS,
  JIHAI_LINE_TWO_DRAGONS,
  JIHAI_LINE_THREE_WINDS,
  JIHAI_LINE_TWO_WINDS,
  JIHAI_LINE_WIND_PAIRS,
  JIHAI_LINE_DRAGON_PAIRS,
  JIHAI_LINE_FOUR_PAIRS,
  JIHAI_LINE_SEVEN_ORPHANS_7_SIDED,
  JIHAI_LINE_SEVEN_ORPHANS,
  JIHAI_LINE_HEAVENLY,
  JIHAI_LINE_EARTHLY,
  JIHAI_LINE_HAND_OF_MAN,
  JIHAI_LINE_LAST_DRAW,
  JIHAI_LINE_LAST_DISCARD,
  JIHAI_LINE_DEAD_WALL_DRAW,
  JIHAI_LINE_ROBBING_QUAD,
  JIHAI_N_LINES,
} JihaiLine;

/* The spec's English name (untranslated: the CLI's output). */
const char *jihai_line_name     (JihaiLine line);
/* The same, marked for translation (N_()); translate with _(). */
const char *jihai_line_label    (JihaiLine line);
/* A short machine id ("one_closed_triplet"), for event lines. */
const char *jihai_line_id       (JihaiLine line);
/* JIHAI_N_LINES if unknown. */
JihaiLine   jihai_line_from_id  (const char *id);

typedef enum
{
  JIHAI_STATUS_WIN,
  JIHAI_STATUS_ZERO_POINTS,
  JIHAI_STATUS_ILLEGAL_RON,
  JIHAI_STATUS_NO_SHAPE,
} JihaiStatus;

const char *jihai_status_name   (JihaiStatus status);

typedef struct
{
  JihaiShape  shape;
  guint8      points[JIHAI_N_LINES];   /* 0 for a line that does not apply */
  int         total;
  gboolean    can_win;
  JihaiStatus status;
} JihaiScore;

/* Which shape the hand has (the shapes never overlap, see the docs). */
JihaiShape  jihai_hand_shape    (const JihaiHand *hand);

/*
 * Scores a complete hand won by @way with the special ways in @flags;
 * @discarded is the kind mask of tiles the winner discarded earlier in the hand
 * (the ron ban, and the tsumo exception of Seven orphans, 7-sided wait).
 */
void        jihai_score         (const JihaiHand *hand,
                                 JihaiWinWay      way,
                                 guint            flags,
                                 guint            discarded,
                                 JihaiScore      *score);

/* Checks that the way, flags and discarded kinds fit the hand (the CLI's input). */
gboolean    jihai_check_context (const JihaiHand *hand,
                                 JihaiWinWay      way,
                                 guint            flags,
                                 guint            discarded,
                                 GError         **error);

/* "One closed triplet=1;Two winds=2" or "-". */
char       *jihai_score_lines_to_string (const JihaiScore *score);

/* The wall's tiles in the game's letters (replays, docs/replay-format.md). */
extern const MahjongWallRules jihai_wall_rules;

G_END_DECLS
