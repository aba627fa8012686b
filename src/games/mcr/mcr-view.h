/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-tile.h"
#include "mcr-rules.h"

G_BEGIN_DECLS

#define MCR_VIEW_MAX_ACTIONS 24

/*
 * What one seat's view line says (mcr_state_view_line writes it): the table as
 * that seat sees it, and, when the seat is asked, every action it may take
 * (`actions=hu,kong:5p,discard:3m,…`: an action's type, and its tile after
 * a colon), so a client never works out what is legal.
 */
typedef struct
{
  int         seat;
  char        phase;                     /* 't' turn, 'c' claim, 'r' rob, 'o' over */
  gboolean    asked;
  guint       hand_no;                   /* 1-based */
  guint       n_hands;
  guint       turn;
  guint       from;
  MahjongTile tile;                      /* the discard or robbed tile */
  guint       wall;
  guint       prevalent;
  guint       dealer;
  int         scores[4];
  MahjongTile drawn;                     /* MAHJONG_NO_TILE when not drawn */
  gboolean    replacement;
  guint8      counts[MAHJONG_N_KINDS];   /* own concealed tiles */
  MahjongMeld melds[4];                  /* own melds */
  guint8      n_melds;
  MahjongMeld melds_of[4][4];            /* every seat's; another's concealed kong has no tile */
  guint8      n_melds_of[4];
  gboolean    chow_melds_of[4];          /* has a chow meld */
  MahjongTile discards[4][40];
  guint8      n_discards[4];
  guint8      n_hand[4];                 /* tiles in each hand, a drawn one included */
  guint8      flowers[4];
  guint8      visible[MAHJONG_N_KINDS];  /* everything this seat sees, own tiles included */
  guint8      exposed[MAHJONG_N_KINDS];  /* discards and exposed melds (the last-tile count) */
  char        actions[MCR_VIEW_MAX_ACTIONS][16];  /* action lines: "chow tile=3m" */
  guint       n_actions;
} McrView;


gboolean mcr_view_parse        (const char  *view,
                                McrView     *out,
                                GError     **error);

/* The `actions=` value for the legal action lines @actions (NULL-terminated
 * array or GPtrArray contents), "-" for none. */
char    *mcr_view_actions_value (const char * const *actions,
                                 guint               n_actions);

/* Whether @action is one of the view's actions. */
gboolean mcr_view_can          (const McrView *v,
                                const char    *action);

/* The seat wind of the viewing seat: 0 East … 3 North. */
guint    mcr_view_seat_wind    (const McrView *v);

G_END_DECLS
