/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"

G_BEGIN_DECLS

/*
 * The honor-tile mahjong screen: the setup page (JihaiSetup), the play page
 * (the mahjong table for two, the call bar, the game log), the hand page
 * (shape, scoring lines, point transfer) and the match result page. Actions:
 * jihai.start, jihai.discard(s), jihai.call(s), jihai.next-hand,
 * jihai.play-again. LAN play: the host's table, who starts is drawn.
 */
#define JIHAI_TYPE_SCREEN (jihai_screen_get_type ())
G_DECLARE_FINAL_TYPE (JihaiScreen, jihai_screen, JIHAI, SCREEN, MahjongScreen)

G_END_DECLS
