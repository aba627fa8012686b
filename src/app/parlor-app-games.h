/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-game.h"

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
} ParlorAppGame;

const ParlorAppGame * const *parlor_app_games_list   (void);
const ParlorAppGame         *parlor_app_games_lookup (const char *id);

G_END_DECLS
