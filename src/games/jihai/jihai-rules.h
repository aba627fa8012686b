/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "jihai-score.h"
#include "jihai-view.h"
#include "mahjong-claim.h"
#include "mahjong-game.h"
#include "mahjong-tile.h"
#include "parlor-game.h"
#include "parlor-rng.h"

G_BEGIN_DECLS

/*
 * The honor-tile mahjong state machine on plain structs: a two-seat match
 * of hands, what each seat may do and what every move brings. Events are
 * appended to a GPtrArray of ParlorEvent (see jihai-game.h for the lines).
 */

#define JIHAI_START_POINTS 15

typedef enum
{
  JIHAI_PHASE_IDLE,    /* before the start */
  JIHAI_PHASE_TURN,    /* `turn` draws… discards */
  JIHAI_PHASE_CLAIM,   /* the other seat may claim `claim_tile`, discarded by `turn` */
  JIHAI_PHASE_ROB,     /* the other seat may rob `turn`'s concealed kong of `claim_tile` */
  JIHAI_PHASE_OVER,
} JihaiPhase;

typedef enum
{
  JIHAI_MOVE_DISCARD,
  JIHAI_MOVE_TSUMO,
  JIHAI_MOVE_RON,
  JIHAI_MOVE_PUNG,
  JIHAI_MOVE_KONG,
  JIHAI_MOVE_CKONG,
  JIHAI_MOVE_AKONG,
  JIHAI_MOVE_PASS,
} JihaiMove;

typedef struct
{
  ParlorRng   rng;
  gboolean    rigged;
  MahjongTile rigged_tiles[JIHAI_N_TILES];

  int         score[2];
  guint       hand_no;
  guint       starter;
  int         winner;             /* of the match, -1 before the end */

  /* the hand */
  MahjongWall wall;
  guint8      counts[2][JIHAI_N_KINDS];   /* concealed tiles by slot */
  MahjongMeld melds[2][JIHAI_MAX_MELDS];
  guint8      n_melds[2];
  MahjongTile discards[2][JIHAI_ROW_MAX];
  guint8      n_discards[2];
  guint       discarded[2];       /* kind mask: discarded this hand (the ron ban) */
  guint       n_thrown[2];        /* discards made this hand, called ones included */
  guint       n_draws[2];         /* wall draws this hand, replacements not included */
  guint       n_calls;            /* pungs and kongs of either seat this hand */
  JihaiPhase  phase;
  guint       turn;
  MahjongTile drawn;              /* the tile drawn this turn, MAHJONG_NO_TILE after a pung */
  gboolean    drawn_replacement;
  MahjongTile claim_tile;
  MahjongClaimWindow claim;       /* asks the other seat in CLAIM and ROB */
  gboolean    claim_last;         /* the discard came after the last wall tile */
  gboolean    claim_first;        /* the starter's first discard, before any call */
} JihaiState;

MAHJONG_DECLARE_STATE (JihaiState, jihai_state)

/* The config words (see jihai-game.h): *first is 0, 1 or -1 for random. */
gboolean    jihai_config_parse        (const char       *text,
                                       int              *first,
                                       GError          **error);
/* Checks a rigged deal (NULL: none): 28 honor tiles, four of each. */
gboolean    jihai_tiles_check         (const MahjongTile *tiles,
                                       GError          **error);

/* A match whose first hand is dealt from @tiles if not NULL (see
 * jihai_game_new_with_tiles()); @first as jihai_config_parse() gives it. */
void        jihai_state_init          (JihaiState       *state,
                                       int               first,
                                       guint64           seed,
                                       const MahjongTile *tiles);
/* What @seat may do now (all of it, pass included). */
void        jihai_state_options       (const JihaiState *state,
                                       guint             seat,
                                       JihaiOptions     *options);
/* Plays @move (@tile for a discard and the kongs a seat declares); FALSE
 * with the reason in words if the game is not on or the move not legal. */
gboolean    jihai_state_play          (JihaiState       *state,
                                       guint             seat,
                                       JihaiMove         move,
                                       MahjongTile       tile,
                                       GPtrArray        *events,
                                       GError          **error);
void        jihai_state_get_view      (const JihaiState *state,
                                       int               seat,
                                       JihaiView        *view);
/* Every tile of the wall, the hands, the melds and the discard rows. */
guint       jihai_state_count_tiles   (const JihaiState *state);

G_END_DECLS
