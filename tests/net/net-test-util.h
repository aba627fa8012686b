/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-client.h"
#include "parlor-server.h"

G_BEGIN_DECLS

/* Runs the main context until @done returns TRUE; FALSE after @timeout_ms. */
gboolean      net_test_wait       (gboolean (*done) (gpointer data),
                                   gpointer   data,
                                   guint      timeout_ms);
void          net_test_sleep      (guint      ms);
/* For net_test_wait: the client sits at a table that has not started, or plays. */
gboolean      net_test_client_waiting (gpointer client);
gboolean      net_test_client_playing (gpointer client);

ParlorServer *net_test_server_new (guint16   *port);

/* A raw TCP connection that records every line it receives. */
typedef struct
{
  GSocketConnection *connection;
  GPtrArray         *lines;       /* char* */
  GCancellable      *cancellable;
  GString           *partial;
  guint8             buffer[8192];
  gboolean           closed;
  gboolean           pending;     /* a read is under way */
  gboolean           freeing;
  gsize              received;
} RawConn;

RawConn      *raw_conn_new        (guint16     port);
/* Without reading: a peer that never reads what the server sends. */
RawConn      *raw_conn_new_deaf   (guint16     port);
void          raw_conn_free       (RawConn    *raw);
void          raw_conn_send       (RawConn    *raw,
                                   const char *bytes,
                                   gssize      len);
/* Waits for a line starting with @prefix, received after line @from; its index or -1. */
int           raw_conn_wait_line  (RawConn    *raw,
                                   guint       from,
                                   const char *prefix,
                                   guint       timeout_ms);
gboolean      raw_conn_wait_closed (RawConn   *raw,
                                   guint       timeout_ms);
/* hello + the welcome line. */
void          raw_conn_hello      (RawConn    *raw,
                                   const char *name);

/* Plays a client with the game's ai_choose until the game is over. */
typedef struct
{
  ParlorClient         *client;
  const ParlorGameInfo *info;
  GPtrArray            *lines;     /* everything received */
  gboolean              acting;
  gboolean              connected;
  gboolean              failed;
  guint                 errors;
  guint64               seed;
  char                 *result;
  gboolean              passive;   /* never acts */
} Player;

Player       *player_new          (const char           *name,
                                   const ParlorGameInfo *info,
                                   guint64               seed);
void          player_free         (Player               *player);
gboolean      player_connect      (Player               *player,
                                   guint16               port,
                                   const char           *token);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawConn, raw_conn_free)

G_END_DECLS
