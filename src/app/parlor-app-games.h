/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-game.h"

G_BEGIN_DECLS

/* A game as the app presents it; its screen, a ParlorGameScreen, is where
 * a game against the computer starts and where LAN games are played. */
typedef struct
{
  const ParlorGameInfo *info;          /* its summary and icon_name too */
  GType               (*get_screen_type) (void);
} ParlorAppGame;

const ParlorAppGame * const *parlor_app_games_list   (void);
const ParlorAppGame         *parlor_app_games_lookup (const char *id);
/* The game can be hosted and joined on a LAN. */
gboolean                     parlor_app_game_has_lan (const ParlorAppGame *game);

G_END_DECLS
