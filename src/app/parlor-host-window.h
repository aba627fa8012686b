/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-server.h"
#include "parlor-settings.h"
#include "parlor-status-banner.h"

G_BEGIN_DECLS

#define PARLOR_TYPE_HOST_WINDOW (parlor_host_window_get_type ())
G_DECLARE_FINAL_TYPE (ParlorHostWindow, parlor_host_window, PARLOR, HOST_WINDOW, AdwWindow)

/*
 * The host's waiting window: runs the LAN server, says on a banner where it
 * listens, who has joined and what Start waits for, shows this machine's
 * addresses (each with a Copy button) and whether the table is announced
 * on the local network, the players and a connections log, and emits "start" (ParlorServer *, table id)
 * when the host starts the game. Closing it before that stops the server.
 * @config is the table's game config (NULL: the game's defaults).
 */
ParlorHostWindow *parlor_host_window_new        (ParlorSettings   *settings,
                                                 const char       *game_id,
                                                 const char       *config,
                                                 GError          **error);
/* Shows the game's rules (the host's choices) above the addresses. */
void              parlor_host_window_set_rules  (ParlorHostWindow *self,
                                                 const char       *summary);
guint16           parlor_host_window_get_port   (ParlorHostWindow *self);
guint             parlor_host_window_get_n_players (ParlorHostWindow *self);
gboolean          parlor_host_window_start      (ParlorHostWindow *self);
/* Lines in the connections log (it keeps the last 100). */
guint             parlor_host_window_get_n_log_lines (ParlorHostWindow *self);
ParlorStatusBanner *parlor_host_window_get_status (ParlorHostWindow *self);
/* The empty connections log says the host waits for players. */
gboolean          parlor_host_window_shows_log_placeholder (ParlorHostWindow *self);
GtkWidget        *parlor_host_window_get_start_button (ParlorHostWindow *self);
GtkWidget        *parlor_host_window_get_log (ParlorHostWindow *self);
/* Whether friends find the table in their Join window. */
gboolean          parlor_host_window_is_announced (ParlorHostWindow *self);
/* The first address shown, "ADDRESS:PORT" (what its Copy button copies). */
const char       *parlor_host_window_get_address (ParlorHostWindow *self);
/* The server (stopped once the window closed before the start). */
ParlorServer     *parlor_host_window_get_server (ParlorHostWindow *self);

G_END_DECLS
