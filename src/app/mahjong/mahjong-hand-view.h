/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

#define MAHJONG_HAND_MAX 18   /* 14 tiles, and room for kongs' replacements */

#define MAHJONG_TYPE_HAND_VIEW (mahjong_hand_view_get_type ())
G_DECLARE_FINAL_TYPE (MahjongHandView, mahjong_hand_view, MAHJONG, HAND_VIEW, GtkWidget)

/*
 * A seat's concealed tiles as a row, sorted, the drawn tile set apart at the
 * end. Each tile is a focusable child button with its own accessible name
 * ("3 of bamboo, tile 4 of 7, drawn tile"), so a screen reader can review
 * the hand tile by tile; only the selected one is in the Tab chain.
 * Left/Right/Home/End move the selection; Enter or Space, a click on the
 * selected tile or a double click emit "tile-activated" (index, tile) while
 * "interactive". Index 0..n-1 is the displayed order, the drawn tile last.
 */
GtkWidget *mahjong_hand_view_new             (void);
/* @owner_name NULL: the viewer's own hand. */
void       mahjong_hand_view_set_owner       (MahjongHandView   *self,
                                              const char        *owner_name);
/* @tiles in any order (sorted here), @drawn MAHJONG_NO_TILE when none.
 * MAHJONG_NO_TILE among @tiles is a face-down tile. */
void       mahjong_hand_view_set_tiles       (MahjongHandView   *self,
                                              const MahjongTile *tiles,
                                              guint              n_tiles,
                                              guint              drawn);
/* @n_tiles face-down tiles (another seat's hand), the last one drawn if @drawn. */
void       mahjong_hand_view_set_hidden      (MahjongHandView   *self,
                                              guint              n_tiles,
                                              gboolean           drawn);
guint      mahjong_hand_view_get_n_tiles     (MahjongHandView   *self);
/* The tile at @index in the displayed order. */
guint      mahjong_hand_view_get_tile        (MahjongHandView   *self,
                                              guint              index);
gboolean   mahjong_hand_view_get_has_drawn   (MahjongHandView   *self);
gboolean   mahjong_hand_view_get_interactive (MahjongHandView   *self);
void       mahjong_hand_view_set_interactive (MahjongHandView   *self,
                                              gboolean           interactive);
/* Small tiles (another seat's hand at the table). */
gboolean   mahjong_hand_view_get_compact     (MahjongHandView   *self);
void       mahjong_hand_view_set_compact     (MahjongHandView   *self,
                                              gboolean           compact);
int        mahjong_hand_view_get_selected    (MahjongHandView   *self);
void       mahjong_hand_view_select          (MahjongHandView   *self,
                                              int                index);
/* The child widget of the tile at @index (for tests and focus). */
GtkWidget *mahjong_hand_view_get_tile_widget (MahjongHandView   *self,
                                              guint              index);
/* The whole hand in words: the widget's accessible label. */
char      *mahjong_hand_view_describe        (MahjongHandView   *self);
/* The name of the tile at @index: "3 of bamboo, tile 4 of 7, drawn tile". */
char      *mahjong_hand_view_describe_tile   (MahjongHandView   *self,
                                              guint              index);

G_END_DECLS
