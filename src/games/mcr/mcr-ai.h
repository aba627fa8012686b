/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "mahjong-review.h"
#include "mahjong-tile.h"
#include "parlor-game.h"
#include "mcr-view.h"

G_BEGIN_DECLS

/* Fan (flowers not counted) of winning on @win; self-drawn when the tile is in the hand. */
int      mcr_ai_win_fan    (const McrView *v,
                            guint          win,
                            gboolean       self_drawn,
                            gboolean       robbing);

/* Levels "1" to "4"; the review (docs/review.md) by shanten, live effective
 * tiles and the level 4 player's chance to win. */
MAHJONG_DECLARE_AI (mcr)

G_END_DECLS
