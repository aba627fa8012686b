/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * Config:  first=0|1 (who starts; default 0). The pile (13–24) comes from the seed.
 * Actions: take 1 | take 2 | take 3
 * Events:  pile stones=N first=S | took seat=S stones=K pile=N | won seat=S
 * Result:  result winner=S
 */
#define NIM_TYPE_GAME (nim_game_get_type ())
G_DECLARE_FINAL_TYPE (NimGame, nim_game, NIM, GAME, GObject)

extern const ParlorGameInfo nim_game_info;

G_END_DECLS
