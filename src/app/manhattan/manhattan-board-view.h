/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "manhattan-view.h"

G_BEGIN_DECLS

#define MANHATTAN_TYPE_BOARD_VIEW (manhattan_board_view_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanBoardView, manhattan_board_view, MANHATTAN, BOARD_VIEW, GtkWidget)

/*
 * The six cities, drawn from one seat's view with that seat at the bottom
 * edge, so a card reads exactly as the board looks. Emits "spot-activated"
 * (city, row, col in board coordinates) on click, Enter or Space.
 */
GtkWidget *manhattan_board_view_new            (void);
void       manhattan_board_view_set_view       (ManhattanBoardView      *self,
                                           const ManhattanView *view);
void       manhattan_board_view_set_names      (ManhattanBoardView      *self,
                                           const char * const  *names);
/* The card and block the player has picked (-1/0 for none): legal spots light up. */
void       manhattan_board_view_set_selection  (ManhattanBoardView      *self,
                                           int                  card,
                                           int                  block);
void       manhattan_board_view_set_last_move  (ManhattanBoardView      *self,
                                           int                  city,
                                           int                  row,
                                           int                  col);
void       manhattan_board_view_get_cursor     (ManhattanBoardView      *self,
                                           int                 *city,
                                           int                 *row,
                                           int                 *col);
void       manhattan_board_view_set_cursor     (ManhattanBoardView      *self,
                                           int                  city,
                                           int                  row,
                                           int                  col);
void       manhattan_board_view_move_cursor    (ManhattanBoardView      *self,
                                           int                  dx,
                                           int                  dy);
char      *manhattan_board_view_describe_spot  (ManhattanBoardView      *self,
                                           int                  city,
                                           int                  row,
                                           int                  col);

/* Seat colours and letters shared by every Manhattan widget. */
void        manhattan_seat_color  (int      seat,
                                   GdkRGBA *color);
const char *manhattan_seat_letter (int      seat);

G_END_DECLS
