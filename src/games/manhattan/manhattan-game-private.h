/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "manhattan-game.h"
#include "manhattan-rules.h"

G_BEGIN_DECLS

/* For tests: the live state, to build positions the dealer rarely produces. */
ManhattanState *manhattan_game_get_state (ManhattanGame *self);

G_END_DECLS
