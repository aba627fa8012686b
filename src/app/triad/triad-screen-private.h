/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "triad-screen.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */
#define TRIAD_SCREEN_CHILD(self, name) \
  GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), TRIAD_TYPE_SCREEN, (name)))
#define triad_screen_get_board(self)       TRIAD_SCREEN_CHILD (self, "board")
#define triad_screen_get_my_hand(self)     TRIAD_SCREEN_CHILD (self, "my_hand")
#define triad_screen_get_their_hand(self)  TRIAD_SCREEN_CHILD (self, "their_hand")
#define triad_screen_get_score_text(self)  gtk_label_get_text (GTK_LABEL (TRIAD_SCREEN_CHILD (self, "score_label")))
/* The rules line of the play page, "Closed hands · Same". */
#define triad_screen_get_rules_text(self)  gtk_label_get_text (GTK_LABEL (TRIAD_SCREEN_CHILD (self, "rules_label")))
#define triad_screen_get_result_page(self) \
  GTK_WIDGET (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self)))
#define triad_screen_dup_view(self)        parlor_game_screen_dup_view (PARLOR_GAME_SCREEN (self))
/* Whether it is this player's turn and no move is on its way to the host. */
gboolean     triad_screen_is_waiting     (TriadScreen       *self);

G_END_DECLS
