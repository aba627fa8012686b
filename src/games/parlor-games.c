/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-games"

#include "config.h"

#include "manhattan-game.h"
#include "mcr-game.h"
#include "parlor-games.h"
#include "suzume-game.h"
#include "triad-game.h"

/* Each game adds its info here, one line per game. */
static const ParlorGameInfo * const games[] = {
  &manhattan_game_info,
  &triad_game_info,
  &mcr_game_info,
  &suzume_game_info,
  NULL
};

const ParlorGameInfo * const *
parlor_games_list (void)
{
  return games;
}

const ParlorGameInfo *
parlor_games_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (gsize i = 0; games[i] != NULL; i++)
    if (g_str_equal (games[i]->id, id))
      return games[i];

  return NULL;
}
