/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "manhattan-screen.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup" or "play". */
/* Plays as the local player would: the same path as clicks and keys. */
gboolean     manhattan_screen_submit       (ManhattanScreen  *self,
                                            const char       *action,
                                            GError          **error);
#define manhattan_screen_dup_view(self) parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* Whether this player must act with no move on its way. */
gboolean     manhattan_screen_is_waiting   (ManhattanScreen  *self);
GtkWidget   *manhattan_screen_get_board    (ManhattanScreen  *self);
GtkWidget   *manhattan_screen_get_panel    (ManhattanScreen  *self);

G_END_DECLS
