/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game-screen.h"

G_BEGIN_DECLS

/* The Manhattan game screen: setup page, board, player panel and game log. */
#define MANHATTAN_TYPE_SCREEN (manhattan_screen_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanScreen, manhattan_screen, MANHATTAN, SCREEN, ParlorGameScreen)

G_END_DECLS
