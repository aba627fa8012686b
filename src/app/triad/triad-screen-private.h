/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "triad-screen.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play" or "result". */
GtkWidget   *triad_screen_get_board      (TriadScreen       *self);
GtkWidget   *triad_screen_get_my_hand    (TriadScreen       *self);
GtkWidget   *triad_screen_get_their_hand (TriadScreen       *self);
GtkWidget   *triad_screen_get_result_page (TriadScreen      *self);
const char  *triad_screen_get_score_text (TriadScreen       *self);
#define triad_screen_dup_view(self)   parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* Whether it is this player's turn and no move is on its way to the host. */
gboolean     triad_screen_is_waiting     (TriadScreen       *self);
/* The rules line of the play page, "Closed hands · Same". */
const char  *triad_screen_get_rules_text (TriadScreen       *self);

G_END_DECLS
