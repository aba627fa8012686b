/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

#define MAHJONG_MELDS_MAX   5
#define MAHJONG_FLOWERS_MAX 8

#define MAHJONG_TYPE_MELDS_VIEW (mahjong_melds_view_get_type ())
G_DECLARE_FINAL_TYPE (MahjongMeldsView, mahjong_melds_view, MAHJONG, MELDS_VIEW, GtkWidget)

/*
 * A seat's exposed melds and flowers, in a row from the start. The claimed
 * tile of a meld lies sideways where the seat it came from sits (left: first,
 * opposite: second, right: last; with "n-seats" 2 the opponent is opposite);
 * an added kong's fourth tile lies on the sideways one; a concealed kong shows
 * its two middle tiles face down (all four when its tile is MAHJONG_NO_TILE,
 * hidden from this viewer). The accessible description reads every meld:
 * "Pung of East wind, taken from the opponent".
 */
GtkWidget *mahjong_melds_view_new         (void);
/* @owner_name NULL: the viewer's own melds. */
void       mahjong_melds_view_set_owner   (MahjongMeldsView  *self,
                                           const char        *owner_name);
void       mahjong_melds_view_set_melds   (MahjongMeldsView  *self,
                                           const MahjongMeld *melds,
                                           guint              n_melds,
                                           const MahjongTile *flowers,
                                           guint              n_flowers);
guint      mahjong_melds_view_get_n_melds (MahjongMeldsView  *self);
guint      mahjong_melds_view_get_n_seats (MahjongMeldsView  *self);
/* The height its upright tiles are drawn at (0 when it shows none). */
double     mahjong_melds_view_get_tile_height (MahjongMeldsView *self);
void       mahjong_melds_view_set_n_seats (MahjongMeldsView  *self,
                                           guint              n_seats);
/* Every meld and the flowers in words, as the accessible description. */
char      *mahjong_melds_view_describe    (MahjongMeldsView  *self);
/* One meld in words: "Pung of East wind, taken from the opponent". */
char      *mahjong_meld_describe          (const MahjongMeld *meld,
                                           guint              n_seats);

G_END_DECLS
