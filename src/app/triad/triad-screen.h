/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game-screen.h"

G_BEGIN_DECLS

/*
 * The Triple Triad screen: the setup page (TriadSetup), the play page
 * (score, hands, board, game log) and the result page. The actions
 * triad.start, triad.card(i), triad.show-result and triad.play-again drive
 * it. LAN play: the host chooses the rules on the setup page (who moves
 * first is drawn at random).
 */
#define TRIAD_TYPE_SCREEN (triad_screen_get_type ())
G_DECLARE_FINAL_TYPE (TriadScreen, triad_screen, TRIAD, SCREEN, ParlorGameScreen)

G_END_DECLS
