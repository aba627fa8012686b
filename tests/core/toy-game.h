/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/* A tiny game for driver tests: seats take turns adding 1 or 2 to a shared
 * total until it reaches the target; each seat also holds a secret number. */
extern const ParlorGameInfo toy_game_info;

G_END_DECLS
