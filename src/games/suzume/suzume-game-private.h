/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "suzume-game.h"
#include "suzume-rules.h"

G_BEGIN_DECLS

/* For tests: the live state, to build positions the shuffle rarely produces. */
SuzumeState *suzume_game_get_state (SuzumeGame *self);

G_END_DECLS
