/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "manhattan-screen.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* Plays as the local player would: the same path as clicks and keys. */
gboolean     manhattan_screen_submit       (ManhattanScreen  *self,
                                            const char       *action,
                                            GError          **error);
#define manhattan_screen_dup_view(self) parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* Whether this player must act with no move on its way. */
gboolean     manhattan_screen_is_waiting   (ManhattanScreen  *self);
#define manhattan_screen_get_board(self) \
  GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), MANHATTAN_TYPE_SCREEN, "board"))
#define manhattan_screen_get_panel(self) \
  GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), MANHATTAN_TYPE_SCREEN, "panel"))

G_END_DECLS
