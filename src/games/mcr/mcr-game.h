/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-game.h"
#include "mcr-rules.h"

G_BEGIN_DECLS

#define MCR_TYPE_GAME (mcr_game_get_type ())
MAHJONG_DECLARE_GAME (McrGame, mcr_game, MCR, GAME)

/* Tests: the first hand's wall, 144 physical tiles (0..33 and flowers 34..41), in
 * drawing order; replacements come from the end. Call before start. */
void     mcr_game_set_first_wall (McrGame           *self,
                                  const MahjongTile *tiles);

G_END_DECLS
