/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * A small game with hidden information for the network tests.
 * Config "seats=N" (2–4, default 4). Each seat is dealt 3 cards Qnn from a
 * shuffled deck of 16 (the deck order is a log-only event); everyone first
 * picks a secret word S<seat>X<1..3> at the same time (revealed when all
 * picked), then the seats play their cards in turn: `play card=Qnn`.
 * Score: the sum of one's card numbers plus the picked digit.
 */

extern const ParlorGameInfo toy_game_info;

const ParlorGameInfo *toy_game_lookup (const char *id);

/* What seat @seat holds now: its cards (Qnn) and its secret pick. */
GStrv                 toy_game_get_secrets (ParlorGame *game,
                                            guint       seat);
/* Cards never dealt. */
GStrv                 toy_game_get_undealt (ParlorGame *game);

G_END_DECLS
