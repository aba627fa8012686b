/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-score.h"
#include "jihai-view.h"
#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * Honor-tile mahjong (자패마작) as a ParlorGame: a two-seat match of hands
 * until a player has 0 points or fewer (docs/rules/jihai-mahjong.md).
 *
 * Config, key=value words, each optional:
 *
 *   first=0|1|random   seat that starts the first hand (default 0: against
 *                      the computer, seat the human at 0)
 *
 * Actions (lines of parlor-line.h):
 *
 *   discard E      on your turn, discard a held tile (E S W N O G R)
 *   tsumo          win on your drawn tile (a kong replacement included)
 *   ckong E        declare a concealed kong of the four E you hold
 *   akong E        add the E you hold to your pung of E
 *   ron            win on the opponent's discard (or rob a concealed kong
 *                  when that completes Seven orphans)
 *   pung           claim the discard with two of a kind, then discard
 *   kong           claim the discard with three of a kind (open kong)
 *   pass           let a discard (or a kong) go
 *
 * Every discard and every concealed kong opens a claim window for the
 * other seat, whatever it holds; the next draw comes once it answers. When
 * `pass` is its only legal answer the table plays it at once
 * (parlor_game_get_automatic_action), so neither seat's lines say whether
 * the other could claim.
 *
 * Events (audience all unless said):
 *
 *   hand number=N starter=S score0=A score1=B
 *   deal seat=S tiles=EESWNOG          (to seat S; the other seat sees count=7)
 *   draw seat=S tile=E [replacement=1] (to seat S; the other seat sees no tile)
 *   discard seat=S tile=E
 *   call seat=S type=pung|kong|ckong|akong tile=E
 *   win seat=S way=tsumo|ron tile=E shape=A|B|C lines=ID:P,… points=N
 *       melds=EE+E,…|- tiles=SSSOO [from=S]
 *   hand-over result=win|draw [winner=S points=N] score0=A score1=B
 *   match-over winner=S score0=A score1=B hands=N
 *
 * The result line is `result winner=S score0=A score1=B hands=N`.
 */

#define JIHAI_TYPE_GAME (jihai_game_get_type ())
G_DECLARE_FINAL_TYPE (JihaiGame, jihai_game, JIHAI, GAME, GObject)

extern const ParlorGameInfo jihai_game_info;

JihaiGame   *jihai_game_new            (const char   *config,
                                        guint64       seed,
                                        GError      **error);
/*
 * A game whose first hand is dealt from @tiles (JIHAI_N_TILES honor tiles):
 * 0–6 go to the starter, 7–13 to the other seat, 14–27 are the wall in
 * drawing order (replacements are taken from its end). Later hands shuffle.
 */
JihaiGame   *jihai_game_new_with_tiles (const char        *config,
                                        guint64            seed,
                                        const MahjongTile *tiles,
                                        GError           **error);

void         jihai_game_get_view       (JihaiGame    *self,
                                        int           seat,
                                        JihaiView    *view);
/* Tiles in the wall, each seat's concealed hand, melds and discard rows:
 * always JIHAI_N_TILES in all (a test invariant). */
guint        jihai_game_count_tiles    (JihaiGame    *self);
int          jihai_game_get_score      (JihaiGame    *self,
                                        guint         seat);
guint        jihai_game_get_hand_number (JihaiGame   *self);

G_END_DECLS
