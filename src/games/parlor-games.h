/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/* The games Parlor has, in the order the start page shows them. */
const ParlorGameInfo * const *parlor_games_list   (void);
const ParlorGameInfo         *parlor_games_lookup (const char *id);

G_END_DECLS
