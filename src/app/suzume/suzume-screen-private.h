/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"
#include "suzume-rules.h"
#include "suzume-screen.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play" or "result"; the outcome of the last hand. */
#define suzume_screen_get_my_hand(self)   mahjong_screen_get_my_hand (MAHJONG_SCREEN (self))
#define suzume_screen_get_claim_bar(self) mahjong_screen_get_claim_bar (MAHJONG_SCREEN (self))
#define suzume_screen_get_hint_label(self) mahjong_screen_get_hint_label (MAHJONG_SCREEN (self))
#define suzume_screen_get_hand_result(self) mahjong_screen_get_hand_text (MAHJONG_SCREEN (self))
#define suzume_screen_get_ranking(self)   mahjong_screen_get_ranking (MAHJONG_SCREEN (self))
#define suzume_screen_is_finished(self)   mahjong_screen_is_finished (MAHJONG_SCREEN (self))

G_END_DECLS
