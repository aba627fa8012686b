/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-screen.h"
#include "jihai-view.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play", "hand" or "result". */
/* This seat's view line. */
char        *jihai_screen_dup_view        (JihaiScreen *self);
/* The game waits for this player and no move is on its way. */
gboolean     jihai_screen_is_waiting      (JihaiScreen *self);
GtkWidget   *jihai_screen_get_claim_bar   (JihaiScreen *self);
GtkWidget   *jihai_screen_get_my_hand     (JihaiScreen *self);
const char  *jihai_screen_get_hand_text   (JihaiScreen *self);
/* The hand page's winning hand. */
GtkWidget   *jihai_screen_get_win_hand    (JihaiScreen *self);
const char  *jihai_screen_get_result_text (JihaiScreen *self);

G_END_DECLS
