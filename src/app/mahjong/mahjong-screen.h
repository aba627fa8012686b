/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "mahjong-claim-bar.h"
#include "mahjong-melds-view.h"
#include "mahjong-table-state.h"
#include "mahjong-table-view.h"
#include "parlor-game-screen.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-table.h"

G_BEGIN_DECLS

#define MAHJONG_TYPE_SCREEN (mahjong_screen_get_type ())
G_DECLARE_DERIVABLE_TYPE (MahjongScreen, mahjong_screen, MAHJONG, SCREEN, ParlorGameScreen)

/*
 * What the three mahjong screens share on top of every game screen's base:
 * the table seen from this player's seat (the others around in turn order),
 * each seat's hand, river and melds named after its player, the claim bar,
 * discarding by activating a tile of the hand, and the focus kept in the
 * hand whenever the game waits for the player. A mahjong screen gives its
 * table and claim bar, reads its view line into a MahjongTableState (from
 * which this draws the hands, rivers, melds, the claim bar and the status),
 * says which action discards a tile, words its status and takes its own
 * events; this logs, announces and sounds every event, and shows a hand's
 * result once the table has caught up with it.
 */
struct _MahjongScreenClass
{
  ParlorGameScreenClass parent_class;

  /* The action that discards @tile of the hand now, or NULL when it may not. */
  char     *(*discard_action) (MahjongScreen *self,
                               guint          tile);
  /* Reads @view_line (this player's view) into @state, which comes set up
   * for the player's seat; the screen may keep what it parsed. */
  gboolean  (*read_view)      (MahjongScreen     *self,
                               const char        *view_line,
                               MahjongTableState *state,
                               GError           **error);

  /* The claim bar's label for the legal @action (mnemonic), or NULL to
   * leave it off the bar. */
  char     *(*claim_label)    (MahjongScreen           *self,
                               const char              *action,
                               const MahjongTableState *state);
  /* The status line: whose turn it is, what the player is asked. */
  char     *(*status_text)    (MahjongScreen           *self,
                               const MahjongTableState *state);
  /* Why a win is not offered, or NULL. */
  char     *(*hint_text)      (MahjongScreen           *self,
                               const MahjongTableState *state);
  /* The game's own status beside the table; @state is NULL before a view. */
  void      (*draw_status)    (MahjongScreen           *self,
                               const MahjongTableState *state);
  /* An event of the game's own, after it is logged, before the table
   * announces it. */
  void      (*take_event)     (MahjongScreen           *self,
                               ParlorLine              *line,
                               const char              *type);

  gpointer padding[4];
};

/* The table may be replaced (a different number of seats); the bar stays. */
void              mahjong_screen_set_table      (MahjongScreen    *self,
                                                 MahjongTableView *table);
MahjongTableView *mahjong_screen_get_table      (MahjongScreen    *self);
/* The table is made here for the seats the game has, first in @holder. */
void              mahjong_screen_set_table_holder (MahjongScreen  *self,
                                                 GtkBox           *holder);
void              mahjong_screen_ensure_table   (MahjongScreen    *self,
                                                 guint             n_seats);
/* The status line (its accent when the game waits for the player) and the
 * hint shown when a win is not offered (may be NULL). */
void              mahjong_screen_set_status_labels (MahjongScreen *self,
                                                 GtkLabel         *turn_label,
                                                 GtkLabel         *hint_label);
/* "You" for the player, else the seat's name. */
const char       *mahjong_screen_seat_name      (MahjongScreen    *self,
                                                 gint64            seat);
GtkWidget        *mahjong_screen_get_my_hand    (MahjongScreen    *self);
GtkWidget        *mahjong_screen_get_claim_bar  (MahjongScreen    *self);
/* The status line's words: whose turn it is, what the player is asked. */
const char       *mahjong_screen_get_status_text (MahjongScreen   *self);
GtkWidget        *mahjong_screen_get_hint_label (MahjongScreen    *self);
/* The player is asked to discard (TRUE) or to answer a call, and may. */
gboolean          mahjong_screen_is_asked       (MahjongScreen    *self,
                                                 gboolean          to_discard);
/* The table as last read, or NULL before a view. */
const MahjongTableState *mahjong_screen_get_state (MahjongScreen  *self);
/* The game waits for this player and no move is on its way. */
gboolean          mahjong_screen_is_waiting     (MahjongScreen    *self);
/* A hand ended as @title, told in @markup: its page shows when the table
 * has caught up. Events after it (payments) may add to its words. */
void              mahjong_screen_end_hand       (MahjongScreen    *self,
                                                 const char       *title,
                                                 const char       *markup);
void              mahjong_screen_add_hand_words (MahjongScreen    *self,
                                                 const char       *markup);
/* The last ended hand's words without markup; "" before any. */
const char       *mahjong_screen_get_hand_text  (MahjongScreen    *self);
guint             mahjong_screen_get_n_hands_ended (MahjongScreen *self);
/* The match's ranking as its result page shows it, a row a seat; "" before it ends. */
const char       *mahjong_screen_get_ranking    (MahjongScreen    *self);
/* The match ended: no more moves, no hand page; TRUE if a hand's page was
 * still to show (its words belong to the match's result). */
gboolean          mahjong_screen_finish         (MahjongScreen    *self);
gboolean          mahjong_screen_is_finished    (MahjongScreen    *self);
/* parlor_game_screen_class_set_game(), and the actions `ID.next-hand` and,
 * with @claim, `ID.@claim` ("s", an action line) that submits what the claim
 * bar offers. */
void              mahjong_screen_class_set_game (GtkWidgetClass       *widget_class,
                                                 const ParlorGameInfo *info,
                                                 const char           *claim);
void              mahjong_screen_set_claim_bar  (MahjongScreen    *self,
                                                 MahjongClaimBar  *bar);
/* Where @seat sits at the table as this player sees it: 0 is theirs. */
guint             mahjong_screen_relative       (MahjongScreen    *self,
                                                 guint             seat);
/* Submits @action; an error is told. The hand takes the focus back. */
gboolean          mahjong_screen_submit         (MahjongScreen    *self,
                                                 const char       *action);
gboolean          mahjong_screen_focus_hand     (MahjongScreen    *self);
/* Adds the hand-result page to the base's stack as its "hand" page: the winning hands
 * and their melds (hidden until given), the hand's words and Next Hand, which
 * activates ID.next-hand. Shown, it pauses a game against the computer
 * until the page goes (Next Hand); on a LAN it gives way by itself after a
 * moment. The match's result shows the last hand's winning hands too. */
void              mahjong_screen_add_hand_page  (MahjongScreen    *self,
                                                 guint             n_seats);
MahjongHandView  *mahjong_screen_get_win_hand   (MahjongScreen    *self);
/* The winning hand on the page, named after @owner (NULL: this player):
 * its concealed tiles, the winning tile @win apart, and its melds. */
void              mahjong_screen_show_win_hand  (MahjongScreen     *self,
                                                 const char        *owner,
                                                 const MahjongTile *tiles,
                                                 guint              n_tiles,
                                                 MahjongTile        win,
                                                 const MahjongMeld *melds,
                                                 guint              n_melds);
/* @seat's winning hand on the page: all its concealed @tiles, the winning
 * tile @win among them (shown apart), and its melds. */
void              mahjong_screen_show_winning_hand (MahjongScreen  *self,
                                                 gint64             seat,
                                                 const MahjongTile *tiles,
                                                 guint              n_tiles,
                                                 MahjongTile        win,
                                                 const MahjongMeld *melds,
                                                 guint              n_melds);
/* Another winner of the same hand (a discard two seats ron), shown below. */
void              mahjong_screen_add_winning_hand (MahjongScreen *self,
                                                 gint64             seat,
                                                 const MahjongTile *tiles,
                                                 guint              n_tiles,
                                                 MahjongTile        win,
                                                 const MahjongMeld *melds,
                                                 guint              n_melds);
/* The hand page's title for @seat's win, by ron (a discard) or self-drawn. */
char             *mahjong_screen_win_title      (MahjongScreen    *self,
                                                 gint64            seat,
                                                 gboolean          ron);
/* One scoring element of a won hand: a fan, a yaku, a scoring line. */
typedef struct
{
  const char *label;  /* its name, translated */
  guint       times;  /* how many times it counts */
  int         value;  /* the fan or points it brings in all, or -1 if untold */
} MahjongScoreItem;

/* A won hand, as a game's win event tells it. */
typedef struct
{
  gint64                  seat;
  gint64                  from;     /* the discarder; -1 self-drawn */
  MahjongTile             tile;     /* the winning tile */
  const char             *shape;    /* optional: the hand's shape in words */
  const char             *sets;     /* optional: its sets in words, a line each */
  const MahjongScoreItem *items;
  guint                   n_items;
  gboolean                fan;      /* counted in fan, else in points */
  int                     total;
  int                     bonus;    /* optional: the dealer's bonus, on top of @total */
} MahjongWin;

/* The hand page's words (markup) for @win, the same shape in every game:
 * its shape, winning tile, sets, scoring elements and total. */
char             *mahjong_screen_win_markup     (MahjongScreen    *self,
                                                 const MahjongWin *win);
/* A payment in words: "You pay Bob 5 points", "Bob pays you 5 points"… */
char             *mahjong_screen_payment_text   (MahjongScreen    *self,
                                                 gint64            from,
                                                 gint64            to,
                                                 int               points);
/* No winning hand on the page: a drawn hand. */
void              mahjong_screen_clear_win_hand (MahjongScreen    *self);
MahjongMeldsView *mahjong_screen_get_win_melds  (MahjongScreen    *self);
GtkWidget        *mahjong_screen_get_next_button (MahjongScreen   *self);
void              mahjong_screen_show_hand_result (MahjongScreen  *self,
                                                 const char       *title,
                                                 const char       *markup);
/* The game goes on (the match ended, the screen goes): no more waiting. */
void              mahjong_screen_end_hand_pause (MahjongScreen    *self);
/* Back to the table from the hand page; FALSE if it was not shown. */
gboolean          mahjong_screen_next_hand      (MahjongScreen    *self);

G_END_DECLS
