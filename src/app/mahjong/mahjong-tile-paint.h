/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

/* A tile's width over its height. */
#define MAHJONG_TILE_ASPECT 0.75

typedef enum
{
  MAHJONG_TILE_PAINT_NORMAL    = 0,
  MAHJONG_TILE_PAINT_BACK      = 1 << 0,   /* face down */
  MAHJONG_TILE_PAINT_SELECTED  = 1 << 1,   /* chosen in a hand: an accent ring */
  MAHJONG_TILE_PAINT_HIGHLIGHT = 1 << 2,   /* the last discard: an amber ring and a dot */
  MAHJONG_TILE_PAINT_DIMMED    = 1 << 3,   /* a claimed discard: faded, a corner fold */
  MAHJONG_TILE_PAINT_FOCUS     = 1 << 4,   /* keyboard focus: a ring in the text colour */
} MahjongTilePaintFlags;

/*
 * Paints @tile (a kind 0-41, maybe with MAHJONG_TILE_RED; MAHJONG_NO_TILE is a
 * back) upright into @rect, in vectors: crisp at any size and scale. @widget
 * gives the style (light or dark). The rings of the states are drawn just
 * outside @rect, by up to a tenth of its width.
 */
void  mahjong_tile_paint            (GtkSnapshot           *snapshot,
                                     GtkWidget             *widget,
                                     const graphene_rect_t *rect,
                                     guint                  tile,
                                     MahjongTilePaintFlags  flags);
/* The largest tile that fits in @width × @height. */
void  mahjong_tile_fit              (double                 width,
                                     double                 height,
                                     double                *tile_width,
                                     double                *tile_height);
/* The corner index: "5", "E", "G"… (translated). */
const char *mahjong_tile_index_text (guint                  tile);
/* Compares tiles for a sorted hand: by kind, the red copy after the plain one,
 * backs last. For g_qsort_with_data or qsort on MahjongTile arrays. */
int   mahjong_tile_compare          (gconstpointer          a,
                                     gconstpointer          b);
/* Whether the widget's style is dark. */
gboolean mahjong_tile_style_is_dark (GtkWidget             *widget);

G_END_DECLS
