/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-app-games"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "manhattan-game.h"
#include "manhattan-screen.h"
#include "triad-game.h"
#include "triad-screen.h"

static const ParlorAppGame manhattan = {
  .info = &manhattan_game_info,
  .icon_name = "io.github.parlorgames.Parlor.Manhattan-symbolic",
  .summary = N_("Build the tallest skyline in six cities, against the computer or on your network"),
  .new_screen = manhattan_screen_new_for_app,
  .new_local_game = manhattan_screen_new_local_game,
  .is_playing = manhattan_screen_is_playing,
  .host_game = manhattan_screen_host_game,
  .join_game = manhattan_screen_join_game,
};

static const ParlorAppGame triad = {
  .info = &triad_game_info,
  .icon_name = "io.github.parlorgames.Parlor.TripleTriad-symbolic",
  .summary = N_("Take the most cards on a three-by-three board, against the computer or on your network"),
  .new_screen = triad_screen_new_for_app,
  .new_local_game = triad_screen_new_local_game,
  .is_playing = triad_screen_is_playing,
  .host_game = triad_screen_host_game,
  .join_game = triad_screen_join_game,
  .host_config = triad_screen_host_config,
};

static const ParlorAppGame * const games[] = {
  &manhattan,
  &triad,
  NULL
};

const ParlorAppGame * const *
parlor_app_games_list (void)
{
  return games;
}

const ParlorAppGame *
parlor_app_games_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (gsize i = 0; games[i] != NULL; i++)
    if (g_str_equal (games[i]->info->id, id))
      return games[i];

  return NULL;
}
