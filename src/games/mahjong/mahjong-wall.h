/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-game.h"
#include "mahjong-tile.h"

G_BEGIN_DECLS

/*
 * A hand's whole wall as its replay records it (docs/replay-format.md), and
 * the check that a record's deals and draws take the wall's tiles in order,
 * made from the recorded events alone, without the engine's shuffle.
 */

/* What the wall's text and its check need to know of a game: its tile set,
 * and its own notation of one tile in its events (a kit tile, with
 * MAHJONG_TILE_RED where the game tells red copies apart; MAHJONG_NO_TILE if
 * unreadable). NULL functions: the kit's notation ("5m", "E", "F1"…"F8" for
 * the flowers, a red copy followed by "*"). */
typedef struct
{
  MahjongTileSet set;
  guint        (*tile_from_string) (const char *text);
  const char  *(*tile_to_string)   (guint tile,
                                    char  buf[4]);
} MahjongWallRules;

/* Every tile from the first drawn to the last, comma-separated in the
 * game's notation. */
char     *mahjong_wall_to_string   (const MahjongWall      *wall,
                                    const MahjongWallRules *rules);
/* The reverse; the wall must hold exactly the tiles of the game's set. */
gboolean  mahjong_wall_from_string (const char             *text,
                                    const MahjongWallRules *rules,
                                    MahjongWall            *wall,
                                    GError                **error);

/* Adds the event `wall tiles=…` that no seat sees (audience 0): the hand's
 * whole wall, laid before the hand is announced and dealt. */
void      mahjong_wall_add_event   (GPtrArray              *events,
                                    const MahjongWall      *wall,
                                    const MahjongWallRules *rules);

/*
 * Checks a game's recorded events in order: after each `wall tiles=…`, the
 * `deal seat=S tiles=…`, `flower seat=S tile=T`, `dora tile=T` and
 * `draw seat=S tile=T [replacement=1]` events must take the wall's tiles as
 * the deal and the draws do (replacements and flowers' replacements from the
 * end). Events that carry no tile, and hands without a wall event, are not
 * checked. On a disagreement, *@failed is the event's index and @error says
 * in words which deal or draw differs.
 */
gboolean  mahjong_wall_check_events (const MahjongWallRules *rules,
                                     const char * const     *events,
                                     guint                   n_events,
                                     guint                  *failed,
                                     GError                **error);

/* Defines @func, a ParlorGameInfo.check_draws by @rules. */
#define MAHJONG_DEFINE_CHECK_DRAWS(func, rules)                                  \
  static gboolean                                                                \
  func (const char * const *events,                                              \
        guint               n_events,                                            \
        guint              *failed,                                              \
        GError            **error)                                               \
  {                                                                              \
    return mahjong_wall_check_events (&(rules), events, n_events, failed, error); \
  }

G_END_DECLS
