/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "triad-view.h"

G_BEGIN_DECLS

#define TRIAD_TYPE_BOARD_VIEW (triad_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TriadBoardView, triad_board_view, TRIAD, BOARD_VIEW, GtkWidget)

/*
 * The 3 × 3 board as one seat sees it: that seat's cards blue, the other's
 * red. A card that changes owner turns over (a short flip), the last card
 * placed is ringed. Arrow keys move a cell cursor; a click, Enter or Space
 * on an empty cell emits "cell-activated" (cell), only while interactive.
 */
GtkWidget *triad_board_view_new            (void);
void       triad_board_view_set_view       (TriadBoardView  *self,
                                            const TriadView *view);
/* Forgets the last move and running flips (a new game). */
void       triad_board_view_reset          (TriadBoardView  *self);
void       triad_board_view_set_opponent   (TriadBoardView  *self,
                                            const char      *name);
void       triad_board_view_set_interactive (TriadBoardView *self,
                                            gboolean         interactive);
gboolean   triad_board_view_get_interactive (TriadBoardView *self);
/* The card the player would place, shown faintly on the cell under the cursor. */
void       triad_board_view_set_preview    (TriadBoardView  *self,
                                            const TriadCard *card);
/* Asks for no more than the smallest size (a board shown beside other things). */
void       triad_board_view_set_compact    (TriadBoardView  *self,
                                            gboolean         compact);
int        triad_board_view_get_cursor     (TriadBoardView  *self);
void       triad_board_view_set_cursor     (TriadBoardView  *self,
                                            int              cell);
void       triad_board_view_move_cursor    (TriadBoardView  *self,
                                            int              dx,
                                            int              dy);
int        triad_board_view_get_last_move  (TriadBoardView  *self);
gboolean   triad_board_view_is_animating   (TriadBoardView  *self);
gboolean   triad_board_view_is_flipping    (TriadBoardView  *self,
                                            int              cell);
char      *triad_board_view_describe_cell  (TriadBoardView  *self,
                                            int              cell);

const char *triad_cell_name                (int              cell);

G_END_DECLS
