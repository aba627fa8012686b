/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-screen.h"
#include "mahjong-screen.h"
#include "jihai-view.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play", "hand" or "result". */
/* This seat's view line. */
#define jihai_screen_dup_view(self)      parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* The game waits for this player and no move is on its way. */
#define jihai_screen_is_waiting(self)    mahjong_screen_is_waiting (MAHJONG_SCREEN (self))
#define jihai_screen_get_claim_bar(self) mahjong_screen_get_claim_bar (MAHJONG_SCREEN (self))
#define jihai_screen_get_my_hand(self)   mahjong_screen_get_my_hand (MAHJONG_SCREEN (self))
#define jihai_screen_get_hand_text(self) mahjong_screen_get_hand_text (MAHJONG_SCREEN (self))
/* The hand page's winning hand. */
#define jihai_screen_get_win_hand(self)  GTK_WIDGET (mahjong_screen_get_win_hand (MAHJONG_SCREEN (self)))
#define jihai_screen_get_ranking(self)  mahjong_screen_get_ranking (MAHJONG_SCREEN (self))

G_END_DECLS
