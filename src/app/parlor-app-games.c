/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-app-games"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "parlor-game-screen.h"
#include "jihai-game.h"
#include "jihai-screen.h"
#include "manhattan-game.h"
#include "manhattan-screen.h"
#include "suzume-game.h"
#include "suzume-screen.h"
#include "mcr-game.h"
#include "mcr-screen.h"
#include "triad-game.h"
#include "triad-screen.h"

static const ParlorAppGame manhattan = {
  .info = &manhattan_game_info,
  .icon_name = "io.github.parlorgames.Parlor.Manhattan-symbolic",
  .summary = N_("Build the tallest skyline in six cities, against the computer or on your network"),
  .get_screen_type = manhattan_screen_get_type,
};

static const ParlorAppGame triad = {
  .info = &triad_game_info,
  .icon_name = "io.github.parlorgames.Parlor.TripleTriad-symbolic",
  .summary = N_("Take the most cards on a three-by-three board, against the computer or on your network"),
  .get_screen_type = triad_screen_get_type,
};

static const ParlorAppGame jihai = {
  .info = &jihai_game_info,
  .icon_name = "io.github.parlorgames.Parlor.Jihai-symbolic",
  .summary = N_("Honor-tile mahjong for two: twenty-eight wind and dragon tiles, seven in a hand"),
  .get_screen_type = jihai_screen_get_type,
};

static const ParlorAppGame suzume = {
  .info = &suzume_game_info,
  .icon_name = "io.github.parlorgames.Parlor.Suzume-symbolic",
  .summary = N_("Make two sets of three from six bamboo and dragon tiles, for two to five players"),
  .get_screen_type = suzume_screen_get_type,
};

static const ParlorAppGame mcr = {
  .info = &mcr_game_info,
  .icon_name = "io.github.parlorgames.Parlor.Mcr-symbolic",
  .summary = N_("Chinese Official mahjong: win hands worth 8 fan or more against three computer players"),
  .get_screen_type = mcr_screen_get_type,
};

static const ParlorAppGame * const games[] = {
  &manhattan,
  &triad,
  &jihai,
  &suzume,
  &mcr,
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

gboolean
parlor_app_game_has_lan (const ParlorAppGame *game)
{
  g_autoptr(GTypeClass) klass = NULL;

  g_return_val_if_fail (game != NULL, FALSE);

  klass = g_type_class_ref (game->get_screen_type ());
  return PARLOR_GAME_SCREEN_CLASS (klass)->host_game != NULL &&
         PARLOR_GAME_SCREEN_CLASS (klass)->join_game != NULL;
}
