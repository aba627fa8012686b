/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-claim.h"
#include "mahjong-game.h"
#include "mahjong-tile.h"
#include "mahjong-wall.h"
#include "parlor-game.h"
#include "parlor-rng.h"

G_BEGIN_DECLS

/*
 * The Chinese Official mahjong state machine on plain structs: the match, the
 * hand, the claim and rob windows, and what each seat may do. Events are
 * appended to a GPtrArray of ParlorEvent (the line formats are in
 * docs/rules/mcr-game.md).
 */

#define MCR_N_SEATS       4
#define MCR_MIN_FAN       8
#define MCR_MAX_DISCARDS  40

typedef enum
{
  MCR_PHASE_TURN,     /* turn seat: discard, kong or hu */
  MCR_PHASE_CLAIM,    /* the other three answer the discard */
  MCR_PHASE_ROB,      /* the other three may rob an added kong */
  MCR_PHASE_OVER,
} McrPhase;

typedef struct
{
  ParlorRng   rng;
  guint       n_hands;
  gboolean    started;
  gboolean    have_first_wall;
  MahjongTile first_wall[MAHJONG_WALL_MAX];

  /* the match */
  guint       hand_no;                 /* 0-based */
  guint       dealer;
  int         scores[MCR_N_SEATS];
  guint       wins[MCR_N_SEATS];
  guint       deal_ins[MCR_N_SEATS];
  guint       self_drawn_wins[MCR_N_SEATS];
  guint       hands_drawn;

  /* the hand */
  MahjongWall wall;
  guint8      counts[MCR_N_SEATS][MAHJONG_N_KINDS];
  MahjongMeld melds[MCR_N_SEATS][4];
  guint8      n_melds[MCR_N_SEATS];
  guint8      flowers[MCR_N_SEATS];
  MahjongTile discards[MCR_N_SEATS][MCR_MAX_DISCARDS];
  guint8      n_discards[MCR_N_SEATS];
  McrPhase    phase;
  guint       turn;
  MahjongTile drawn;                   /* the tile drawn this turn, or NO_TILE after a claim */
  gboolean    after_kong;              /* the drawn tile replaced a kong */
  MahjongClaimWindow claim;            /* the claim and rob windows */
} McrState;

MAHJONG_DECLARE_STATE (McrState, mcr_state)

/* n_hands: 16 (a full match) or 1. */
void        mcr_state_init           (McrState       *state,
                                      guint           n_hands,
                                      guint64         seed);
/* The first hand's wall, 144 physical tiles (0..33 and flowers 34..41), in
 * drawing order; replacements come from the end. Call before start. */
void        mcr_state_set_first_wall (McrState          *state,
                                      const MahjongTile *tiles);
/* Tiles in @seat's hand, a drawn one included. */
guint       mcr_state_hand_tiles     (const McrState *state,
                                      guint           seat);

/* A tile as the lines write it: "5p", "E", "f2" for a flower. */
const char *mcr_tile_str             (guint           tile,
                                      char            buf[3]);
/* Appends every tile of @counts in order. */
void        mcr_append_counts        (GString        *s,
                                      const guint8   *counts);

/* The wall's tiles in the game's notation (replays, docs/replay-format.md). */
extern const MahjongWallRules mcr_wall_rules;

G_END_DECLS
