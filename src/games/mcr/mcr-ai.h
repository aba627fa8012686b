/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

/* What one seat's view line says (see mcr_game_view_for). */
typedef struct
{
  int         seat;
  char        phase;                     /* 't' turn, 'c' claim, 'r' rob, 'o' over */
  gboolean    asked;
  guint       turn;
  guint       from;
  guint8      tile;                      /* the discard or robbed tile */
  guint       wall;
  guint       prevalent;
  guint       dealer;
  guint8      drawn;                     /* MAHJONG_NO_TILE when not drawn */
  gboolean    replacement;
  guint8      counts[MAHJONG_N_KINDS];   /* own concealed tiles */
  MahjongMeld melds[4];                  /* own melds */
  guint8      n_melds;
  guint8      discards[4][40];
  guint8      n_discards[4];
  guint8      n_melds_of[4];
  gboolean    chow_melds_of[4];          /* has a chow meld */
  guint8      flowers[4];
  guint8      visible[MAHJONG_N_KINDS];  /* everything this seat sees, own tiles included */
  guint8      exposed[MAHJONG_N_KINDS];  /* discards and exposed melds (the last-tile count) */
} McrAiView;

gboolean mcr_ai_view_parse (const char  *view,
                            McrAiView   *out,
                            GError     **error);

/* The seat wind of the viewing seat: 0 East … 3 North. */
guint    mcr_ai_seat_wind  (const McrAiView *v);

/* Fan (flowers not counted) of winning on @win; self-drawn when the tile is in the hand. */
int      mcr_ai_win_fan    (const McrAiView *v,
                            guint            win,
                            gboolean         self_drawn,
                            gboolean         robbing);

char    *mcr_ai_choose     (const char    *level,
                            const char    *view,
                            guint64        seed,
                            GCancellable  *cancellable,
                            GError       **error);

G_END_DECLS
