/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mcr-screen.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */
GtkWidget  *mcr_screen_get_my_hand     (McrScreen *self);
GtkWidget  *mcr_screen_get_claim_bar   (McrScreen *self);
GtkWidget  *mcr_screen_get_table_view  (McrScreen *self);
GtkWidget  *mcr_screen_get_result_page (McrScreen *self);
char       *mcr_screen_dup_view        (McrScreen *self);
/* "Your turn", "Your call", or whose turn it is. */
const char *mcr_screen_get_turn_text   (McrScreen *self);
/* The game waits for this player's turn (TRUE) or call. */
gboolean    mcr_screen_is_my_turn      (McrScreen *self);
gboolean    mcr_screen_is_my_claim     (McrScreen *self);
/* The number of hands won and the text of the last hand's result. */
guint       mcr_screen_get_n_results   (McrScreen *self);
const char *mcr_screen_get_last_result (McrScreen *self);

G_END_DECLS
