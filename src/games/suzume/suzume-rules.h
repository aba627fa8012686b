/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-claim.h"
#include "mahjong-game.h"
#include "mahjong-wall.h"
#include "parlor-rng.h"
#include "suzume-score.h"

G_BEGIN_DECLS

/*
 * The Suzume-jong state machine on plain structs. Events are appended to a
 * GPtrArray of ParlorEvent (see suzume-game.h for the line formats).
 */

#define SUZUME_MIN_SEATS     2
#define SUZUME_MAX_SEATS     5
#define SUZUME_START_POINTS  40
#define SUZUME_MAX_DISCARDS  24

typedef enum
{
  SUZUME_PHASE_TURN,    /* turn holds six tiles: tsumo or discard */
  SUZUME_PHASE_CLAIM,   /* the seats the claim window asks decide ron or pass */
  SUZUME_PHASE_OVER,
} SuzumePhase;

typedef struct
{
  guint n_seats;
  guint deals;          /* every seat deals this many times */
  int   first_dealer;   /* -1: chosen at random */
} SuzumeConfig;

typedef struct
{
  SuzumeConfig config;
  ParlorRng    rng;
  gboolean     started;        /* suzume_state_start has run */
  SuzumePhase  phase;
  int          points[SUZUME_MAX_SEATS];
  guint        hand_number;    /* 1-based */
  guint        n_hands;        /* n_seats × deals */
  guint        dealer;
  guint        turn;
  MahjongTile  wall[SUZUME_N_TILES];
  guint        wall_pos;       /* next tile drawn */
  MahjongTile  indicator;
  MahjongTile  hands[SUZUME_MAX_SEATS][SUZUME_HAND_SIZE];
  guint        hand_len[SUZUME_MAX_SEATS];
  MahjongTile  drawn;          /* the tile turn drew */
  MahjongTile  discards[SUZUME_MAX_SEATS][SUZUME_MAX_DISCARDS];
  guint        n_discards[SUZUME_MAX_SEATS];
  guint16      discarded_kinds[SUZUME_MAX_SEATS];   /* bit per kind: the ron ban */
  int          last_discarder;  /* -1 none */
  MahjongTile  last_discard;
  MahjongClaimWindow claim;
} SuzumeState;

MAHJONG_DECLARE_STATE (SuzumeState, suzume_state)

gboolean  suzume_config_parse      (const char   *text,
                                    SuzumeConfig *config,
                                    GError      **error);

void      suzume_state_init        (SuzumeState        *state,
                                    const SuzumeConfig *config,
                                    guint64             seed);
/* Deals a hand from the given 44-tile order (for tests); the dealer is state->dealer. */
void      suzume_state_deal_wall   (SuzumeState       *state,
                                    const MahjongTile *wall,
                                    GPtrArray         *events);
guint     suzume_state_wall_left   (const SuzumeState *state);

/* Can @seat win with its six tiles (tsumo) / with the last discard (ron)? */
gboolean  suzume_state_can_tsumo   (const SuzumeState *state,
                                    guint              seat,
                                    SuzumeScore       *score);
gboolean  suzume_state_can_ron     (const SuzumeState *state,
                                    guint              seat,
                                    SuzumeScore       *score);
/* The last discard would win for @seat but for the ron ban (its own discards). */
gboolean  suzume_state_ron_barred  (const SuzumeState *state,
                                    guint              seat);

gboolean  suzume_state_discard     (SuzumeState *state,
                                    guint        seat,
                                    MahjongTile  tile,
                                    GPtrArray   *events,
                                    GError     **error);
gboolean  suzume_state_tsumo       (SuzumeState *state,
                                    guint        seat,
                                    GPtrArray   *events,
                                    GError     **error);
gboolean  suzume_state_answer      (SuzumeState *state,
                                    guint        seat,
                                    gboolean     ron,
                                    GPtrArray   *events,
                                    GError     **error);

/* Competition ranks (1 = most points) and the ranking as a line of @type. */
void      suzume_state_ranks       (const SuzumeState *state,
                                    int                ranks[SUZUME_MAX_SEATS]);
char     *suzume_state_ranking_line (const SuzumeState *state,
                                    const char        *type);

/* The wall's tiles in the game's notation (replays, docs/replay-format.md). */
extern const MahjongWallRules suzume_wall_rules;

G_END_DECLS
