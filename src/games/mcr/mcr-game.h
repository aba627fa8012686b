/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mcr-rules.h"
#include "parlor-game.h"

G_BEGIN_DECLS

#define MCR_TYPE_GAME (mcr_game_get_type ())
G_DECLARE_FINAL_TYPE (McrGame, mcr_game, MCR, GAME, GObject)

extern const ParlorGameInfo mcr_game_info;

/* n_hands: 16 (a full match) or 1. */
McrGame *mcr_game_new (guint   n_hands,
                       guint64 seed);

/* Tests: the first hand's wall, 144 physical tiles (0..33 and flowers 34..41), in
 * drawing order; replacements come from the end. Call before start. */
void     mcr_game_set_first_wall (McrGame      *self,
                                  const guint8 *tiles);

G_END_DECLS
