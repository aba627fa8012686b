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

char    *mcr_ai_choose     (const char    *level,
                            const char    *view,
                            guint64        seed,
                            GCancellable  *cancellable,
                            GError       **error);

/* For ParlorGameInfo.review_cost (docs/review.md): shanten, live effective
 * tiles and the level 4 player's chance to win. */
extern const MahjongReview mcr_ai_review;

G_END_DECLS
