/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-tile-paint.h"

G_BEGIN_DECLS

#define MAHJONG_TYPE_TILE_WIDGET (mahjong_tile_widget_get_type ())
G_DECLARE_FINAL_TYPE (MahjongTileWidget, mahjong_tile_widget, MAHJONG, TILE_WIDGET, GtkWidget)

/*
 * One tile as a widget of its own, so that assistive technology can reach
 * it: a hand is a row of these, each a button with its own name. It paints
 * the tile in its allocation, and a focus ring when focused by keyboard.
 * Its action "tile.activate" (off until enabled) emits "activate".
 */
GtkWidget            *mahjong_tile_widget_new       (guint                  tile);
guint                 mahjong_tile_widget_get_tile  (MahjongTileWidget     *self);
void                  mahjong_tile_widget_set_tile  (MahjongTileWidget     *self,
                                                     guint                  tile);
MahjongTilePaintFlags mahjong_tile_widget_get_flags (MahjongTileWidget     *self);
void                  mahjong_tile_widget_set_flags (MahjongTileWidget     *self,
                                                     MahjongTilePaintFlags  flags);

G_END_DECLS
