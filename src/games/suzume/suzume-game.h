/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * Suzume-jong (参雀, 참새작) for 2–5 seats. Config: `seats=N deals=1|2|4
 * dealer=random|K` (defaults 4, 1, random).
 *
 * Actions (seat = the acting seat):
 *   discard 5s      discard one tile (1s..9s, 1r..9r red, F 發, C 中)
 *   tsumo           win on the tile just drawn
 *   ron             win on the latest discard (claim prompt)
 *   pass            let the latest discard go (claim prompt)
 *
 * Every discard asks every other seat (a claim prompt); the next seat draws
 * once all have answered. A seat that cannot ron it has only `pass`, is not
 * asked by its view (`ask=none`), and the table passes for it at once
 * (parlor_game_get_automatic_action): nobody learns whether anyone could ron.
 *
 * Events (audience all unless said):
 *   match seats=N deals=D dealer=K points=40
 *   hand number=H of=M dealer=K
 *   deal seat=S tiles=1s,2r,…       (to S)   deal seat=S count=5 (to the others)
 *   dora tile=T                     the indicator, set aside
 *   draw seat=S tile=T wall=W       (to S)   draw seat=S wall=W (to the others)
 *   discard seat=S tile=T
 *   ron-barred seat=S tile=T        (to S) T would win for S, but S discarded its number
 *   tsumo seat=S tile=T hand=… total=P yaku=run:1,dora:2 bonus=0|2
 *   ron seat=S from=D tile=T hand=… total=P yaku=… bonus=0|2   (in turn order from D)
 *   pay from=A to=B points=P owed=O  (O what was due, P what A could pay)
 *   exhausted                       the wall is empty, nobody wins
 *   scores points=a,b,…
 *   game-over scores=… ranks=… winners=…
 *
 * View: view seat= seats= deals= hand-number= hands= dealer= turn= ask=discard|ron|none
 *   [over=yes] hand=… [drawn=T] [tsumo=yes] dora= wall= scores= d0=… d1=… [last=T from=S]
 */

#define SUZUME_TYPE_GAME (suzume_game_get_type ())
G_DECLARE_FINAL_TYPE (SuzumeGame, suzume_game, SUZUME, GAME, GObject)

extern const ParlorGameInfo suzume_game_info;

SuzumeGame *suzume_game_new (const char  *config,
                             guint64      seed,
                             GError     **error);
/* The two sets of @hand, a winning hand as its win event writes it, in
 * words, a line each: "1 of bamboo, 2 of bamboo, 3 of bamboo\n…"; @hand
 * itself when it is not one. */
char       *suzume_win_sets_words (const char *hand);

G_END_DECLS
