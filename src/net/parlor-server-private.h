/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the server's files share (GNOME Text Editor style): the object and
 * its API in parlor-server.c, table dispatch and prompt privacy in
 * parlor-server-tables.c, each connection's line state machine, the caps
 * and sweeps in parlor-server-conn.c; the listening sockets are polled in
 * parlor-listener.c.
 */

#include <gio/gio.h>

#include "parlor-connection.h"
#include "parlor-line.h"
#include "parlor-listener.h"
#include "parlor-server.h"

G_BEGIN_DECLS

#define DEFAULT_LINE_TIMEOUT_MS 10000
#define DEFAULT_MAX_OUTPUT (512 * 1024)
/* A client that keeps sending bad lines is dropped after this many. */
#define MAX_ERRORS 100
/* Connections: in all, from one address, and the time one may idle in the
 * lobby (welcomed, at no table). */
#define DEFAULT_MAX_CONNECTIONS 1024
#define DEFAULT_MAX_PER_ADDRESS 64
#define DEFAULT_LOBBY_TIMEOUT_MS (120 * 1000)
/* Descriptors kept free for everything else the process opens. */
#define RESERVED_FDS 32
/* Lobby connections closed at most when accept() runs out of descriptors. */
#define EVICT_BATCH 16

typedef enum
{
  CONN_NEW,       /* before hello */
  CONN_LOBBY,     /* welcomed, at no table */
  CONN_WAITING,   /* at a table that has not started */
  CONN_PLAYING,   /* in a seat */
  CONN_FINISHED,  /* the game is over */
} ConnState;

typedef struct _Conn Conn;
typedef struct _ServerTable ServerTable;

typedef struct
{
  char        *name;
  char        *token;
  guint        player;   /* index given by parlor_table_add_player() */
  int          seat;     /* -1 before the start */
  Conn        *conn;     /* NULL while away (or for the local host) */
  gboolean     local;
  /* Written when the connection's output leaves, after every event of the
   * moves read meanwhile: the view once, then the acks of those moves. */
  gboolean     state_due;
  guint        acks_due;
  /* What the seat was last told: a seat hears of a change only when its
   * own view or its own prompt changed, never of another seat's prompt. */
  char        *sent_view;
  guint        sent_serial;  /* 0: no prompt open */
} Slot;

struct _ServerTable
{
  ParlorServer         *server;
  char                 *id;
  const ParlorGameInfo *info;
  ParlorTable          *table;
  GPtrArray            *slots;       /* Slot*, in joining order */
  Slot                 *owner;       /* may start the table */
  gboolean              has_host;
  gboolean              starting;
  gboolean              started;
  gboolean              over;
  GPtrArray            *held;        /* events emitted while starting */
  /* Every event of the game so far (ParlorEvent: audience and line), so a
   * seat taken back gets its past events again (`history`). */
  GPtrArray            *history;
};

struct _Conn
{
  ParlorServer     *server;
  ParlorConnection *link;
  ConnState         state;
  char             *name;
  char             *peer;
  ServerTable      *table;
  Slot             *slot;
  char             *address;       /* counted in the server's per_address */
  guint             errors;
  gint64            connected_at;
  gint64            active_at;     /* the last line read */
  gboolean          dead;
};

struct _ParlorServer
{
  GObject            parent_instance;

  ParlorGameLookup   lookup;
  ParlorListener    *listener;
  GHashTable        *per_address;    /* address → connections (GUINT_TO_POINTER) */
  GHashTable        *conns;          /* Conn* set */
  GPtrArray         *dead;           /* Conn* to free */
  GPtrArray         *tables;         /* ServerTable* */
  guint              next_table;
  guint              reap_id;
  guint              sweep_id;

  char              *default_game;
  gboolean           allow_create;
  guint              time_limit;
  guint              claim_limit;
  guint              claim_minimum;    /* ms, tables with a remote player */
  int                strength;       /* -1: ai_level or the game's default */
  char              *ai_level;
  guint              ai_delay;
  guint64            seed;
  guint              line_timeout;
  gsize              max_output;
  guint              max_connections;
  guint              max_per_address;
  guint              lobby_timeout;
  guint64            n_refused;
  guint64            n_evicted;
  gboolean           stopped;
  guint16            port;           /* the TCP port bound */
  ParlorAnnouncer   *announcer;
};

typedef enum {
  LOG,
  PLAYERS_CHANGED,
  TABLE_STARTED,
  TABLE_FINISHED,
  N_SIGNALS
} ParlorServerSignal;

extern guint parlor_server_signals[N_SIGNALS];

/* parlor-server.c */
void _parlor_server_set_str (char **slot,
                             const char *value);
/* The tables changed in a way discovery tells of. */
void _parlor_server_tables_changed (ParlorServer *self);

/* parlor-server-tables.c */
char *_parlor_server_new_token (void);
void _parlor_server_conn_send_due (Conn *conn);
void _parlor_server_conn_send (Conn *conn,
                               const char *text);
char *_parlor_server_print_line (ParlorLine *line);
void _parlor_server_conn_send_line (Conn *conn,
                                    ParlorLine *line);
void _parlor_server_log (ParlorServer *self,
                         ServerTable *st,
                         const char *message);
ServerTable *_parlor_server_find_table (ParlorServer *self,
                                        const char *id);
void _parlor_server_send_players (ServerTable *st);
void _parlor_server_send_notice (ServerTable *st,
                                 const char *what,
                                 int seat,
                                 const char *name);
void _parlor_server_send_state_full (ServerTable *st,
                                     Slot *slot,
                                     gboolean force);
void _parlor_server_send_seating (ServerTable *st,
                                  Slot *slot);
void _parlor_server_table_free (ServerTable *st);
ServerTable *_parlor_server_table_new (ParlorServer *self,
                                       const char *game_id,
                                       const char *config,
                                       GError **error);
gboolean _parlor_server_table_is_open (ServerTable *st);
gboolean _parlor_server_table_start (ServerTable *st,
                                     GError **error);
void _parlor_server_table_maybe_remove (ServerTable *st);
void _parlor_server_conn_join (Conn *conn,
                               ServerTable *st);

/* parlor-server-conn.c */
void _parlor_server_conn_free (Conn *conn);
void _parlor_server_conn_leave_table (Conn *conn,
                                      gboolean dropped);
void _parlor_server_schedule_reap (ParlorServer *self);
void _parlor_server_conn_send_error (Conn *conn,
                                     const char *code,
                                     const char *message,
                                     gboolean fatal);
void _parlor_server_send_joined (Conn *conn,
                                 ServerTable *st,
                                 Slot *slot);
void _parlor_server_restart_sweep (ParlorServer *self);
/* What the listener calls: caps, then a new connection. */
extern const ParlorListenerHandler _parlor_server_listener_handler;

G_END_DECLS
