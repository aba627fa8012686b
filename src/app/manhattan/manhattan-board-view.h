/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "manhattan-view.h"

G_BEGIN_DECLS

#define MANHATTAN_TYPE_BOARD_VIEW (manhattan_board_view_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanBoardView, manhattan_board_view, MANHATTAN, BOARD_VIEW, GtkWidget)

/*
 * The six cities, drawn from one seat's view with that seat at the bottom
 * edge, so a card reads exactly as the board looks. Each city is a group
 * widget and each spot a button in it, named and described for assistive
 * technology. Emits "spot-activated" (city, row, col in board coordinates)
 * when a spot is clicked or activated (Enter, Space, its accessible action).
 * Arrows move between spots (between the lit ones when a card is picked),
 * Alt+1…6 jump to a city.
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
/* Draw the plan with numbers (TRUE) instead of raised towers. */
void       manhattan_board_view_set_flat       (ManhattanBoardView      *self,
                                           gboolean             flat);
void       manhattan_board_view_go_to_city     (ManhattanBoardView      *self,
                                           int                  city);
char      *manhattan_board_view_describe_spot  (ManhattanBoardView      *self,
                                           int                  city,
                                           int                  row,
                                           int                  col);

/* Seat colours and letters shared by every Manhattan widget. */
void        manhattan_seat_color  (int      seat,
                                   GdkRGBA *color);
const char *manhattan_seat_letter (int      seat);
/* A place in a city (card position) as the player sees it: "far left"… */
const char *manhattan_position_name    (int position);
/* The card position (the player's frame) of a board spot, for @seat (-1: South). */
int         manhattan_position_of_spot (int seat,
                                        int row,
                                        int col);

G_END_DECLS
