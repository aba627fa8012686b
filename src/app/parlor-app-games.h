/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-client.h"
#include "parlor-game.h"
#include "parlor-server.h"

G_BEGIN_DECLS

typedef struct _ParlorApplication ParlorApplication;

/* A game as the app presents it: its screen and how a new local game starts. */
typedef struct
{
  const ParlorGameInfo *info;
  const char           *icon_name;
  const char           *summary;      /* N_() marked */
  GtkWidget          *(*new_screen)     (ParlorApplication *app);
  void                (*new_local_game) (GtkWidget         *screen);
  gboolean            (*is_playing)     (GtkWidget         *screen);
  /* LAN play; NULL for a game that has none. */
  gboolean            (*host_game)      (GtkWidget         *screen,
                                         ParlorServer      *server,
                                         const char        *table_id,
                                         GError           **error);
  void                (*join_game)      (GtkWidget         *screen,
                                         ParlorClient      *client,
                                         const char        *address);
  /* Optional, with host_game: the config of the table to host, taken from
   * the choices made on @screen, and those choices in words for the host
   * window (*summary, may stay NULL). NULL means the game's defaults. */
  char               *(*host_config)    (GtkWidget         *screen,
                                         char             **summary);
} ParlorAppGame;

const ParlorAppGame * const *parlor_app_games_list   (void);
const ParlorAppGame         *parlor_app_games_lookup (const char *id);

G_END_DECLS
