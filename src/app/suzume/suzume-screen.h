/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"

G_BEGIN_DECLS

/*
 * The Suzume-jong screen: the setup page (SuzumeSetup), the play page (the
 * table of 2-5 seats, the dora indicator, the wall, the claim bar, the log,
 * the last hand's outcome) and the result page (MahjongScreen's ranking).
 * Actions: suzume.start, suzume.discard(i), suzume.claim(s), suzume.play-again.
 */
#define SUZUME_TYPE_SCREEN (suzume_screen_get_type ())
G_DECLARE_FINAL_TYPE (SuzumeScreen, suzume_screen, SUZUME, SCREEN, MahjongScreen)

G_END_DECLS
