/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-game.h"

G_BEGIN_DECLS

/*
 * Suzume-jong (参雀, 참새작) for 2–5 seats. Its config, actions, events and
 * view line: docs/rules/suzume-jong.md, "Lines".
 */

#define SUZUME_TYPE_GAME (suzume_game_get_type ())
MAHJONG_DECLARE_GAME (SuzumeGame, suzume_game, SUZUME, GAME)

/* The two sets of @hand, a winning hand as its win event writes it, in
 * words, a line each: "1 of bamboo, 2 of bamboo, 3 of bamboo\n…"; @hand
 * itself when it is not one. */
char       *suzume_win_sets_words (const char *hand);

G_END_DECLS
