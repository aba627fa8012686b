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
  .get_screen_type = manhattan_screen_get_type,
};

static const ParlorAppGame triad = {
  .info = &triad_game_info,
  .get_screen_type = triad_screen_get_type,
};

static const ParlorAppGame jihai = {
  .info = &jihai_game_info,
  .get_screen_type = jihai_screen_get_type,
};

static const ParlorAppGame suzume = {
  .info = &suzume_game_info,
  .get_screen_type = suzume_screen_get_type,
};

static const ParlorAppGame mcr = {
  .info = &mcr_game_info,
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
  return parlor_game_screen_class_can_host (PARLOR_GAME_SCREEN_CLASS (klass)) &&
         parlor_game_screen_class_can_join (PARLOR_GAME_SCREEN_CLASS (klass));
}
