/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-score.h"
#include "jihai-view.h"
#include "mahjong-game.h"

G_BEGIN_DECLS

/*
 * Honor-tile mahjong (자패마작) as a ParlorGame: a two-seat match of hands
 * until a player has 0 points or fewer. Its config, actions, events and
 * result line: docs/rules/jihai-mahjong.md, "Lines".
 */

#define JIHAI_TYPE_GAME (jihai_game_get_type ())
MAHJONG_DECLARE_GAME (JihaiGame, jihai_game, JIHAI, GAME)

/*
 * A game whose first hand is dealt from @tiles (JIHAI_N_TILES honor tiles):
 * 0–6 go to the starter, 7–13 to the other seat, 14–27 are the wall in
 * drawing order (replacements are taken from its end). Later hands shuffle.
 */
JihaiGame   *jihai_game_new_with_tiles (const char        *config,
                                        guint64            seed,
                                        const MahjongTile *tiles,
                                        GError           **error);

void         jihai_game_get_view       (JihaiGame    *self,
                                        int           seat,
                                        JihaiView    *view);
/* Tiles in the wall, each seat's concealed hand, melds and discard rows:
 * always JIHAI_N_TILES in all (a test invariant). */
guint        jihai_game_count_tiles    (JihaiGame    *self);
int          jihai_game_get_score      (JihaiGame    *self,
                                        guint         seat);
guint        jihai_game_get_hand_number (JihaiGame   *self);

G_END_DECLS
