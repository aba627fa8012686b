/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * One line-oriented TCP connection on the main loop, shared by the server and
 * the client: reads with a bounded line length, writes through a bounded
 * output queue, never blocks.
 *
 * Signals:
 *   "overlong" ()                   a line longer than max-line was skipped
 *   "closed"   (GError *error)      emitted once; error NULL on an orderly end
 */

#define PARLOR_TYPE_CONNECTION (parlor_connection_get_type ())
G_DECLARE_FINAL_TYPE (ParlorConnection, parlor_connection, PARLOR, CONNECTION, GObject)

/* What the owner does with the traffic. Functions rather than signals: a
 * busy host handles tens of thousands of lines a second. */
typedef struct
{
  /* A complete line, without its newline; the bytes are as received (not
   * yet validated). */
  void (*line)          (ParlorConnection *conn,
                         const char       *text,
                         gpointer          data);
  /* The queued lines are about to be written; called once after each
   * parlor_connection_defer(), and may send more lines. */
  void (*prepare_write) (ParlorConnection *conn,
                         gpointer          data);
} ParlorConnectionHandler;

ParlorConnection *parlor_connection_new              (GIOStream        *stream,
                                                      gsize             max_line,
                                                      gsize             max_output);
void              parlor_connection_set_handler      (ParlorConnection              *self,
                                                      const ParlorConnectionHandler *handler,
                                                      gpointer                       data);
void              parlor_connection_start            (ParlorConnection *self);
void              parlor_connection_send             (ParlorConnection *self,
                                                      const char       *line);
void              parlor_connection_send_payload     (ParlorConnection *self,
                                                      const char       *type,
                                                      const char       *payload);
void              parlor_connection_defer            (ParlorConnection *self);
void              parlor_connection_close            (ParlorConnection *self,
                                                      gboolean          flush);
gboolean          parlor_connection_is_closed        (ParlorConnection *self);
/* Monotonic time (µs) since which an incomplete line waits, 0 if none. */
gint64            parlor_connection_get_partial_since (ParlorConnection *self);
gsize             parlor_connection_get_queued       (ParlorConnection *self);
char             *parlor_connection_get_peer         (ParlorConnection *self);

G_END_DECLS
