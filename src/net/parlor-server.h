/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-discovery.h"
#include "parlor-game.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/*
 * The LAN table server (docs/protocol.md). Runs on the main loop of the
 * thread that created it, holds any number of tables, each driven by a
 * ParlorTable that validates every action. Knows no particular game: the
 * caller gives it a lookup from game id to ParlorGameInfo.
 *
 * Host mode (the app): create_table() with a host name adds the host as the
 * table's local player (player 0, the owner); get_table() gives the
 * ParlorTable to watch and submit to; start_table() starts it.
 *
 * Signals:
 *   "log"             (const char *table_id, const char *message)
 *                     plain translated words for the connection log
 *   "players-changed" (const char *table_id)   the waiting list changed
 *   "table-started"   (const char *table_id)
 *   "table-finished"  (const char *table_id, const char *result)
 */

typedef const ParlorGameInfo *(*ParlorGameLookup) (const char *id);

#define PARLOR_TYPE_SERVER (parlor_server_get_type ())
G_DECLARE_FINAL_TYPE (ParlorServer, parlor_server, PARLOR, SERVER, GObject)

ParlorServer *parlor_server_new               (ParlorGameLookup  lookup);

/* @address NULL listens on every interface; @port 0 picks a free one. */
gboolean      parlor_server_listen            (ParlorServer  *self,
                                               const char    *address,
                                               guint16        port,
                                               guint16       *out_port,
                                               GError       **error);
/* Serves one client on @stream, as if it had connected. */
void          parlor_server_accept_stream     (ParlorServer  *self,
                                               GIOStream     *stream);
/* Says goodbye to every client and closes them; tables stop. */
void          parlor_server_stop              (ParlorServer  *self);

/* Game of the tables clients create without naming one (NULL: they must). */
void          parlor_server_set_default_game  (ParlorServer  *self,
                                               const char    *game_id);
/* Whether clients may create tables (a headless server) or only join. */
void          parlor_server_set_allow_create  (ParlorServer  *self,
                                               gboolean       allow);
void          parlor_server_set_time_limit    (ParlorServer  *self,
                                               guint          seconds);
/* The limit of claim windows (seconds, 0: none); set_time_limit() is that
 * of turns. */
void          parlor_server_set_claim_time_limit (ParlorServer *self,
                                               guint          seconds);
/* The least time (ms) every claim window lasts on a table with a player
 * over the network (PARLOR_SERVER_DEFAULT_CLAIM_MINIMUM unless set; 0:
 * none), so the time to the next event tells nobody whether another seat
 * could claim (parlor_table_set_claim_minimum). Set before the table starts. */
#define PARLOR_SERVER_DEFAULT_CLAIM_MINIMUM 600
void          parlor_server_set_claim_minimum (ParlorServer  *self,
                                               guint          milliseconds);
/* Strength 0 (weakest) … 3 of the computer players that fill free seats
 * and take over dropped players' seats, mapped onto each game's levels
 * (parlor_game_info_level_for_strength); -1 (default) uses set_ai_level()
 * or the game's default. */
void          parlor_server_set_strength      (ParlorServer  *self,
                                               int            strength);
void          parlor_server_set_ai_level      (ParlorServer  *self,
                                               const char    *level);
void          parlor_server_set_ai_delay      (ParlorServer  *self,
                                               guint          milliseconds);
/* 0 draws a new random seed for each table. */
void          parlor_server_set_seed          (ParlorServer  *self,
                                               guint64        seed);
/* How long a half-sent line (or a missing hello) may wait, in ms. */
void          parlor_server_set_line_timeout  (ParlorServer  *self,
                                               guint          milliseconds);
void          parlor_server_set_max_output    (ParlorServer  *self,
                                               gsize          bytes);

/* Connections taken in all (also bounded by the descriptor limit) and from
 * one address; 0 is no limit. Defaults: 1024 and 64. Beyond them a new
 * connection gets `error code=busy fatal=1`. */
void          parlor_server_set_max_connections (ParlorServer *self,
                                               guint          total,
                                               guint          per_address);
/* How long a welcomed connection may stay at no table (ms, 0: forever;
 * default two minutes). Players at tables are never closed for idling. */
void          parlor_server_set_lobby_timeout (ParlorServer  *self,
                                               guint          milliseconds);
/* Connections refused at the door, idle ones closed to make room, and
 * times accept() ran out of descriptors. */
void          parlor_server_get_stats         (ParlorServer  *self,
                                               guint64       *n_refused,
                                               guint64       *n_evicted,
                                               guint64       *n_starved);

guint         parlor_server_get_n_connections (ParlorServer  *self);
guint         parlor_server_get_n_tables      (ParlorServer  *self);

/* Host mode. Returns the new table's id (owned by the server). With
 * @host_name the host is player 0 of the table and the only one who may
 * start it; without, the first client to join owns it. */
const char   *parlor_server_create_table      (ParlorServer  *self,
                                               const char    *game_id,
                                               const char    *config,
                                               const char    *host_name,
                                               GError       **error);
ParlorTable  *parlor_server_get_table         (ParlorServer  *self,
                                               const char    *table_id);
/* Names of the players who joined (host first), NULL-terminated. */
GStrv         parlor_server_list_players      (ParlorServer  *self,
                                               const char    *table_id);
gboolean      parlor_server_start_table       (ParlorServer  *self,
                                               const char    *table_id,
                                               GError       **error);
/* Removes waiting player @index (of list_players(); not the host) before
 * the start: the guest gets `error code=removed fatal=1` and is closed. */
gboolean      parlor_server_remove_player     (ParlorServer  *self,
                                               const char    *table_id,
                                               guint          index,
                                               GError       **error);
/* The host's seat once the table started, else -1. */
int           parlor_server_get_host_seat     (ParlorServer  *self,
                                               const char    *table_id);
/* Every table's id, NULL-terminated. */
GStrv         parlor_server_list_tables       (ParlorServer  *self);

/* What discovery says of the tables (ParlorTableRecord*): every table not
 * over, those still open first, at most PARLOR_DISCOVERY_MAX_TABLES. The
 * table's name is its host's or owner's; no token or seed is in it. */
GPtrArray    *parlor_server_describe_tables   (ParlorServer  *self);
/* Announces the tables on the local network (parlor-discovery.h) once the
 * server listens, until it stops; @port 0 is discovery's default. */
gboolean      parlor_server_announce          (ParlorServer  *self,
                                               ParlorDiscoveryScope scope,
                                               guint16        port,
                                               GError       **error);
gboolean      parlor_server_is_announcing     (ParlorServer  *self);
ParlorAnnouncer *parlor_server_get_announcer  (ParlorServer  *self);

G_END_DECLS
