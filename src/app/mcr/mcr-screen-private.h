/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"
#include "mcr-screen.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */
#define mcr_screen_get_my_hand(self)   mahjong_screen_get_my_hand (MAHJONG_SCREEN (self))
#define mcr_screen_get_claim_bar(self) mahjong_screen_get_claim_bar (MAHJONG_SCREEN (self))
GtkWidget  *mcr_screen_get_table_view  (McrScreen *self);
GtkWidget  *mcr_screen_get_result_page (McrScreen *self);
#define mcr_screen_dup_view(self)      mahjong_screen_dup_view (MAHJONG_SCREEN (self))
/* "Your turn", "Your call", or whose turn it is. */
const char *mcr_screen_get_turn_text   (McrScreen *self);
/* The game waits for this player's turn (TRUE) or call. */
#define mcr_screen_is_my_turn(self)    mahjong_screen_is_asked (MAHJONG_SCREEN (self), TRUE)
#define mcr_screen_is_my_claim(self)   mahjong_screen_is_asked (MAHJONG_SCREEN (self), FALSE)
/* The number of hands won and the text of the last hand's result. */
guint       mcr_screen_get_n_results   (McrScreen *self);
const char *mcr_screen_get_last_result (McrScreen *self);

G_END_DECLS
