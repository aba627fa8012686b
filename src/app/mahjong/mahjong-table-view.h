/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-hand-view.h"
#include "mahjong-melds-view.h"
#include "mahjong-river-view.h"
#include "parlor-line.h"

G_BEGIN_DECLS

#define MAHJONG_TABLE_SEATS_MAX 5

#define MAHJONG_TYPE_TABLE_VIEW (mahjong_table_view_get_type ())
G_DECLARE_FINAL_TYPE (MahjongTableView, mahjong_table_view, MAHJONG, TABLE_VIEW, GtkWidget)

/*
 * The table for 2-5 seats, as the viewer sees it: their own seat at the
 * bottom, the others around in turn order (next on the right, then across,
 * then on the left). Seats are counted from the viewer: 0 is the viewer,
 * 1 the next to play. Each seat has a heading (name, wind, score), its
 * discards and its melds; the others also their face-down hands. The centre
 * holds what the screen puts there (the wall count, an indicator, the claim
 * bar…).
 */
GtkWidget        *mahjong_table_view_new            (guint              n_seats);
guint             mahjong_table_view_get_n_seats    (MahjongTableView  *self);
/* @wind: the seat wind's name or NULL; @active: this seat's turn. */
void              mahjong_table_view_set_seat_info  (MahjongTableView  *self,
                                                     guint              seat,
                                                     const char        *name,
                                                     const char        *wind,
                                                     int                score,
                                                     gboolean           active);
/* The heading's text, as shown. */
const char       *mahjong_table_view_get_seat_heading (MahjongTableView *self,
                                                     guint              seat);
MahjongHandView  *mahjong_table_view_get_hand       (MahjongTableView  *self,
                                                     guint              seat);
MahjongRiverView *mahjong_table_view_get_river      (MahjongTableView  *self,
                                                     guint              seat);
MahjongMeldsView *mahjong_table_view_get_melds      (MahjongTableView  *self,
                                                     guint              seat);
void              mahjong_table_view_set_center     (MahjongTableView  *self,
                                                     GtkWidget         *child);
/* Shows the latest move under the centre and has screen readers say it. */
void              mahjong_table_view_announce       (MahjongTableView  *self,
                                                     const char        *text);
const char       *mahjong_table_view_get_news       (MahjongTableView  *self);
/* Announces an event's @words unless it is another seat's draw or deal, or
 * an answer to a claim; @viewer is the player's seat (-1: none). */
void              mahjong_table_view_announce_event (MahjongTableView  *self,
                                                     const ParlorLine  *event,
                                                     int                viewer,
                                                     const char        *words);

G_END_DECLS
