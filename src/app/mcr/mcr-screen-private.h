/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"
#include "mcr-screen.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */
#define mcr_screen_get_my_hand(self)   mahjong_screen_get_my_hand (MAHJONG_SCREEN (self))
#define mcr_screen_get_claim_bar(self) mahjong_screen_get_claim_bar (MAHJONG_SCREEN (self))
#define mcr_screen_get_table_view(self) GTK_WIDGET (mahjong_screen_get_table (MAHJONG_SCREEN (self)))
#define mcr_screen_get_ranking(self)   mahjong_screen_get_ranking (MAHJONG_SCREEN (self))
#define mcr_screen_dup_view(self)      parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* "Your turn", "Your call", or whose turn it is. */
#define mcr_screen_get_turn_text(self) mahjong_screen_get_status_text (MAHJONG_SCREEN (self))
/* The game waits for this player's turn (TRUE) or call. */
#define mcr_screen_is_my_turn(self)    mahjong_screen_is_asked (MAHJONG_SCREEN (self), TRUE)
#define mcr_screen_is_my_claim(self)   mahjong_screen_is_asked (MAHJONG_SCREEN (self), FALSE)
/* The number of hands won and the text of the last hand's result. */
#define mcr_screen_get_n_results(self) mahjong_screen_get_n_hands_ended (MAHJONG_SCREEN (self))
#define mcr_screen_get_last_result(self) mahjong_screen_get_hand_text (MAHJONG_SCREEN (self))

G_END_DECLS
