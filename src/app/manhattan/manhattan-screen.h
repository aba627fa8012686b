/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-client.h"
#include "parlor-game-screen.h"
#include "parlor-server.h"
#include "parlor-table.h"

G_BEGIN_DECLS

typedef struct _ParlorApplication ParlorApplication;

#define MANHATTAN_TYPE_SCREEN (manhattan_screen_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanScreen, manhattan_screen, MANHATTAN, SCREEN, ParlorGameScreen)

/* The Manhattan game screen: board, player panel and game log. */
GtkWidget   *manhattan_screen_new_for_app    (ParlorApplication *app);
void         manhattan_screen_new_local_game (GtkWidget         *screen);
gboolean     manhattan_screen_is_playing     (GtkWidget         *screen);
gboolean     manhattan_screen_host_game      (GtkWidget         *screen,
                                              ParlorServer      *server,
                                              const char        *table_id,
                                              GError           **error);
void         manhattan_screen_join_game      (GtkWidget         *screen,
                                              ParlorClient      *client,
                                              const char        *address);

ParlorTable *manhattan_screen_get_table      (ManhattanScreen   *self);
int          manhattan_screen_get_seat       (ManhattanScreen   *self);
/* Plays as the local player would: the same path as clicks and keys. */
gboolean     manhattan_screen_submit         (ManhattanScreen   *self,
                                              const char        *action,
                                              GError           **error);
/* What the screen shows: this seat's view line, and whether it must act. */
char        *manhattan_screen_dup_view       (ManhattanScreen   *self);
gboolean     manhattan_screen_is_waiting     (ManhattanScreen   *self);
GtkWidget   *manhattan_screen_get_board      (ManhattanScreen   *self);
GtkWidget   *manhattan_screen_get_panel      (ManhattanScreen   *self);
char        *manhattan_screen_get_log_text   (ManhattanScreen   *self);

G_END_DECLS
