/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"
#include "triad-rules.h"
#include "triad-view.h"

G_BEGIN_DECLS

/*
 * Triple Triad as a ParlorGame. Two seats; the config line is a list of
 * key=value words, each optional:
 *
 *   first=0|1|random   seat that moves first (default 0)
 *   hands=open|closed  (default open)
 *   same=on|off  plus=on|off  combo=on|off   (default off; combo needs same or plus)
 *   reading=ff8|parlor  how Same, Plus and Combo resolve: as Final Fantasy
 *                       VIII's code does, or Parlor's first reading (the
 *                       default, so games recorded before keep theirs)
 *
 * Action: `place card=I cell=C` (I indexes the mover's current hand, C is
 * 0–8 row-major from the top left). Events:
 *
 *   start first=S hands=open|closed rules=none|same,plus,…[,ff8]
 *   deal seat=S hand=TRBL,TRBL,…        (only to that seat when closed)
 *   place seat=S card=I cell=C face=TRBL
 *   flip cell=C seat=S rule=basic|same|plus|combo   (S = the new owner)
 *   over score0=N score1=M winner=0|1|draw
 *
 * The result line is `result score0=N score1=M winner=0|1|draw`.
 *
 * Observers: the read-only properties "turn" (seat to move, -1 before the
 * start and at the end) and "over" notify on real change; the "changed"
 * signal follows the start and every accepted move.
 */

#define TRIAD_TYPE_GAME (triad_game_get_type ())
G_DECLARE_FINAL_TYPE (TriadGame, triad_game, TRIAD, GAME, GObject)

extern const ParlorGameInfo triad_game_info;

typedef struct
{
  int        first;     /* 0, 1, or -1 for a random seat */
  gboolean   open;
  TriadRules rules;
} TriadConfig;

gboolean             triad_config_parse         (const char        *text,
                                                 TriadConfig       *config,
                                                 GError           **error);

TriadGame           *triad_game_new             (const char        *config,
                                                 guint64            seed,
                                                 GError           **error);
/* A game with a given deal instead of a random one (tests, puzzles). */
TriadGame           *triad_game_new_with_hands  (const char        *config,
                                                 guint64            seed,
                                                 const TriadCard   *first_hand,
                                                 const TriadCard   *second_hand,
                                                 GError           **error);

const TriadPosition *triad_game_get_position    (TriadGame         *self);
guint                triad_game_get_first_seat  (TriadGame         *self);
TriadRules           triad_game_get_rules       (TriadGame         *self);
gboolean             triad_game_get_open        (TriadGame         *self);
void                 triad_game_get_view        (TriadGame         *self,
                                                 int                seat,
                                                 TriadView         *view);

G_END_DECLS
