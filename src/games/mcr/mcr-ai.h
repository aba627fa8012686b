/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

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

/* ParlorGameInfo.review_cost (docs/review.md): shanten, live effective tiles
 * and the level 4 player's chance to win. */
gboolean mcr_ai_review_cost (const char        *view,
                             const char        *played,
                             const char        *best,
                             guint64            seed,
                             GCancellable      *cancellable,
                             ParlorReviewCost  *out,
                             GError           **error);

G_END_DECLS
