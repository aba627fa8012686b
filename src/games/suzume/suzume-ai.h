/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "mahjong-review.h"
#include "parlor-game.h"
#include "suzume-score.h"

G_BEGIN_DECLS

/* For tests: the number of tiles the 5 tiles @types lack for a complete hand of at
 * least @min_points with @indicator (only live tiles count, from @unseen); 99 if none. */
guint    suzume_ai_tiles_needed  (const guint8 types[SUZUME_N_TYPES],
                                  const guint8 unseen[SUZUME_N_TYPES],
                                  MahjongTile  indicator,
                                  int          min_points);

/* Levels "random", "normal", "strong", deciding from a view line alone; the
 * review (docs/review.md) by shanten, live effective tiles and the strong
 * player's chance to win. */
MAHJONG_DECLARE_AI (suzume)

G_END_DECLS
