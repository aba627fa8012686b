/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

#define MAHJONG_RIVER_MAX 64

#define MAHJONG_TYPE_RIVER_VIEW (mahjong_river_view_get_type ())
G_DECLARE_FINAL_TYPE (MahjongRiverView, mahjong_river_view, MAHJONG, RIVER_VIEW, GtkWidget)

/*
 * A seat's discards in order, in rows of "columns" tiles. Claimed discards
 * are faded with a folded corner; the last discard is ringed while
 * "highlight-last" (the screen sets it on the river holding the table's
 * latest discard). Its accessible description lists every discard in order.
 */
GtkWidget *mahjong_river_view_new                (void);
/* @owner_name NULL: the viewer's own discards. */
void       mahjong_river_view_set_owner          (MahjongRiverView  *self,
                                                  const char        *owner_name);
/* @claimed may be NULL (none claimed). */
void       mahjong_river_view_set_discards       (MahjongRiverView  *self,
                                                  const MahjongTile *tiles,
                                                  const gboolean    *claimed,
                                                  guint              n_tiles);
guint      mahjong_river_view_get_n_discards     (MahjongRiverView  *self);
gboolean   mahjong_river_view_get_highlight_last (MahjongRiverView  *self);
void       mahjong_river_view_set_highlight_last (MahjongRiverView  *self,
                                                  gboolean           highlight);
guint      mahjong_river_view_get_columns        (MahjongRiverView  *self);
void       mahjong_river_view_set_columns        (MahjongRiverView  *self,
                                                  guint              columns);
/* "Alice’s discards" / "Your discards". */
/* The height the discards are drawn at in the river's allocation. */
double     mahjong_river_view_get_tile_height    (MahjongRiverView  *self);
char      *mahjong_river_view_get_label          (MahjongRiverView  *self);
/* Every discard in order: "1. East wind; 2. 3 of bamboo, claimed; …". */
char      *mahjong_river_view_describe           (MahjongRiverView  *self);

G_END_DECLS
