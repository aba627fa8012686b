/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-client.h"
#include "parlor-status-banner.h"

G_BEGIN_DECLS

#define PARLOR_TYPE_JOIN_WINDOW (parlor_join_window_get_type ())
G_DECLARE_FINAL_TYPE (ParlorJoinWindow, parlor_join_window, PARLOR, JOIN_WINDOW, AdwWindow)

/*
 * The joiner's waiting window: a banner saying where things stand (errors
 * in error colours), the tables found on the local network (every game's,
 * live; a row joins with a click or Enter), an address box as a fallback, a Connect button and a connection
 * log; for a host where it has a seat in a running game (the
 * token store) it says so and takes the seat back. Emits "started" (ParlorClient *, address) once the host
 * has started the game and this player has a seat.
 */
ParlorJoinWindow *parlor_join_window_new      (const char       *player_name,
                                               const char       *game_id);
void              parlor_join_window_connect  (ParlorJoinWindow *self,
                                               const char       *address);
char             *parlor_join_window_get_log  (ParlorJoinWindow *self);
gboolean          parlor_join_window_is_busy  (ParlorJoinWindow *self);
ParlorStatusBanner *parlor_join_window_get_status (ParlorJoinWindow *self);
/* The empty log says what to do first; gone with the first line. */
gboolean          parlor_join_window_shows_log_placeholder (ParlorJoinWindow *self);
/* The address typed is a host where a game of ours runs (a stored seat token). */
gboolean          parlor_join_window_has_seat (ParlorJoinWindow *self);
/* The tables found on the network (ParlorFoundTable), in the list's order. */
GListModel       *parlor_join_window_get_found (ParlorJoinWindow *self);
GtkWidget        *parlor_join_window_get_found_row (ParlorJoinWindow *self,
                                                  guint             index);

G_END_DECLS
