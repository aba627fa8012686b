/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

#define MANHATTAN_TYPE_GAME (manhattan_game_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanGame, manhattan_game, MANHATTAN, GAME, GObject)

extern const ParlorGameInfo manhattan_game_info;

ManhattanGame *manhattan_game_new (guint64 seed);

/* A card's place (0–8) as its holder sees it, in words: "far left". */
const char    *manhattan_place_name (guint card);
/* "0,4" (card positions as the holder sees them) → "far left, centre". */
char          *manhattan_cards_words (const char *cards);

G_END_DECLS
