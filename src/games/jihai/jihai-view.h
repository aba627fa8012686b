/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "jihai-score.h"

G_BEGIN_DECLS

/*
 * What one seat may know, as a plain struct and as one view line:
 *
 *   view seat=0 hand=1 starter=0 turn=0 ask=turn score0=15 score1=15 wall=13
 *        tiles=EESWNOGG drawn=G concealed0=8 concealed1=7
 *        melds0=- melds1=EE+E discards0=- discards1=SN
 *        discarded0=- discarded1=NS claim=- actions=discard,tsumo,ckong:E over=0
 *
 * `tiles` are the viewer's concealed tiles in kind order (the drawn tile
 * included, `-` for a spectator); `drawn` the tile drawn this turn or `-`.
 * `turn` is the seat whose move (or claim) the game waits for, `-1` for
 * none; `ask` is what the viewer is asked: `turn`, `claim` (the opponent's
 * discard `claim`), `rob` (the opponent's concealed kong of `claim`) or
 * `none`. Every discard and concealed kong opens a window for the other
 * seat (`turn` is that seat, `claim` the tile, for both viewers alike); a
 * seat whose only answer would be `pass` is not asked (`ask=none`,
 * `actions=-`) and the table passes for it. Melds are comma separated in the hand notation (`XXXX` a concealed
 * kong); discard rows in order (a tile taken by a call leaves the row);
 * `discardedN` the kinds seat N discarded in this hand (the ron ban).
 * In the struct every tile is a MahjongTile (jihai-score.h); counts and
 * kind masks go by slot.
 * `actions` lists the viewer's legal actions with `:` for the argument of a
 * kong (`ckong:E`); `discard` stands for any held tile.
 */

typedef enum
{
  JIHAI_ASK_NONE,
  JIHAI_ASK_TURN,
  JIHAI_ASK_CLAIM,
  JIHAI_ASK_ROB,
} JihaiAsk;

#define JIHAI_ROW_MAX 24

typedef enum
{
  JIHAI_CAN_DISCARD = 1 << 0,
  JIHAI_CAN_TSUMO   = 1 << 1,
  JIHAI_CAN_RON     = 1 << 2,
  JIHAI_CAN_PUNG    = 1 << 3,
  JIHAI_CAN_KONG    = 1 << 4,
  JIHAI_CAN_PASS    = 1 << 5,
} JihaiCan;

typedef struct
{
  guint     can;                      /* JihaiCan bits */
  guint     ckong;                    /* kind mask: tiles that may be declared as concealed kongs */
  guint     akong;                    /* kind mask: tiles that may be added to a pung */
} JihaiOptions;

typedef struct
{
  int          seat;                  /* the viewer, -1 for a spectator */
  guint        hand_no;
  guint        starter;
  int          turn;
  JihaiAsk     ask;
  int          score[2];
  guint        wall;
  guint8       counts[JIHAI_N_KINDS]; /* the viewer's concealed tiles, by slot */
  MahjongTile  drawn;                 /* MAHJONG_NO_TILE if none */
  guint8       n_concealed[2];
  MahjongMeld  melds[2][JIHAI_MAX_MELDS];
  guint8       n_melds[2];
  MahjongTile  discards[2][JIHAI_ROW_MAX];
  guint8       n_discards[2];
  guint        discarded[2];          /* kind masks */
  MahjongTile  claim;                 /* MAHJONG_NO_TILE if none */
  JihaiOptions options;               /* the viewer's */
  gboolean     over;
} JihaiView;

char     *jihai_view_to_line   (const JihaiView *view);
gboolean  jihai_view_parse     (const char      *line,
                                JihaiView       *view,
                                GError         **error);
/* The seat is asked and has a legal action to choose from. */
gboolean  jihai_view_asked     (const JihaiView *view);
/* Every legal action line of the viewer ("discard E", "ckong N", "pass"…). */
GPtrArray *jihai_options_to_actions (const JihaiOptions *options,
                                     const guint8        counts[JIHAI_N_KINDS]);

/* Winning on @tile would be a ron the rules refuse: the viewer discarded
 * one earlier in this hand. */
gboolean  jihai_ron_barred     (const JihaiView *view,
                                MahjongTile      tile);

G_END_DECLS
