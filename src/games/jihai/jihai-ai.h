/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "jihai-view.h"
#include "mahjong-review.h"
#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * Computer players; they decide from a view line only.
 *
 * random  a uniformly random legal action.
 * normal  wins when it can, always declares kongs, claims a discard when
 *         that brings the hand nearer a scoring shape, and otherwise
 *         discards greedily: fewest tiles still missing to any winning hand
 *         worth a point, then most live tiles that bring it nearer.
 * strong  an expectimax over its own next draws (up to three), each kind
 *         weighted by its live tiles (4 minus those it can see), the value
 *         of a leaf the points of the hand it completes; minus, for each
 *         discard, the danger of feeding a ron (none for the kinds the
 *         opponent discarded this hand: the ron ban makes them safe).
 */

/* Tiles missing from @counts (with @n_melds melds) to the nearest complete
 * hand worth at least a point; G_MAXINT when none is reachable with @live. */
int       jihai_ai_distance  (const guint8       counts[JIHAI_N_KINDS],
                              const MahjongMeld *melds,
                              guint              n_melds,
                              guint              discarded,
                              const guint8       live[JIHAI_N_KINDS]);

/* The levels above; the review (docs/review.md) by shanten, live effective
 * tiles and the strong player's expected points. */
MAHJONG_DECLARE_AI (jihai)

G_END_DECLS
