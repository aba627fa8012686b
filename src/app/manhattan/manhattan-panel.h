/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "manhattan-view.h"

G_BEGIN_DECLS

#define MANHATTAN_TYPE_PANEL (manhattan_panel_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanPanel, manhattan_panel, MANHATTAN, PANEL, GtkWidget)

/*
 * The player panel: your cards and blocks, the round, the start player, whose
 * turn it is, the countdown and every player's score and blocks. Emits
 * "selection-changed" when a card or block is picked and "choose" (blocks
 * line value such as "1,1,2,2,3,4") when the round's blocks are confirmed.
 */
GtkWidget *manhattan_panel_new           (void);
void       manhattan_panel_set_view      (ManhattanPanel      *self,
                                          const ManhattanView *view,
                                          const char * const  *names);
/* The score table's rows as screen readers hear them, one a line. */
char      *manhattan_panel_dup_score_text (ManhattanPanel     *self);
int        manhattan_panel_get_card      (ManhattanPanel      *self);
int        manhattan_panel_get_block     (ManhattanPanel      *self);
void       manhattan_panel_select_card   (ManhattanPanel      *self,
                                          int                  slot);
void       manhattan_panel_select_block  (ManhattanPanel      *self,
                                          int                  storeys);
void       manhattan_panel_select_card_position (ManhattanPanel *self,
                                          int                  position);
void       manhattan_panel_clear_selection (ManhattanPanel    *self);
/* Seconds left for your move, or -1 for no limit. */
/* Where the game screen shows the time left for this player's move. */
GtkLabel  *manhattan_panel_get_clock_label (ManhattanPanel      *self);
GtkWidget *manhattan_panel_get_status      (ManhattanPanel      *self);
void       manhattan_panel_set_choice    (ManhattanPanel      *self,
                                          const guint8         counts[MANHATTAN_MAX_BLOCK + 1]);
gboolean       manhattan_panel_focus_choose   (ManhattanPanel     *self);
void       manhattan_panel_confirm_choice (ManhattanPanel     *self);
/* Whether the player is choosing this round's blocks; one more (@step 1) or
 * one fewer (-1) block of @size in the choice, FALSE (and a bell) if not. */
gboolean   manhattan_panel_is_choosing   (ManhattanPanel      *self);
gboolean   manhattan_panel_step_choice   (ManhattanPanel      *self,
                                          int                  size,
                                          int                  step);
/* Tells the player (and their screen reader) what just happened. */
void       manhattan_panel_announce      (ManhattanPanel      *self,
                                          const char          *text);

G_END_DECLS
