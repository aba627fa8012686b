/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game-screen.h"

G_BEGIN_DECLS

/*
 * The honor-tile mahjong screen: the setup page (JihaiSetup), the play page
 * (the mahjong table for two, the call bar, the game log), the hand page
 * (shape, scoring lines, point transfer) and the match result page. Actions:
 * jihai.start, jihai.discard(s), jihai.call(s), jihai.next-hand,
 * jihai.play-again. LAN play: the host's table, who starts is drawn.
 */
#define JIHAI_TYPE_SCREEN (jihai_screen_get_type ())
G_DECLARE_FINAL_TYPE (JihaiScreen, jihai_screen, JIHAI, SCREEN, ParlorGameScreen)

/* For tests: "setup", "play", "hand" or "result". */
const char  *jihai_screen_get_page        (JihaiScreen *self);
int          jihai_screen_get_seat        (JihaiScreen *self);
/* This seat's view line. */
char        *jihai_screen_dup_view        (JihaiScreen *self);
/* The game waits for this player and no move is on its way. */
gboolean     jihai_screen_is_waiting      (JihaiScreen *self);
GtkWidget   *jihai_screen_get_claim_bar   (JihaiScreen *self);
GtkWidget   *jihai_screen_get_my_hand     (JihaiScreen *self);
const char  *jihai_screen_get_hand_text   (JihaiScreen *self);
const char  *jihai_screen_get_result_text (JihaiScreen *self);
char        *jihai_screen_get_log_text    (JihaiScreen *self);

G_END_DECLS
