/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-screen.h"
#include "jihai-view.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play", "hand" or "result". */
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

/* Whether a discard of @kind would win for the viewer of @view but for the
 * ron ban (the viewer discarded that kind earlier in the hand): the screen's
 * hint, since the game opens no claim window then. */

G_END_DECLS
