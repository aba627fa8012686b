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
 *   "line"     (const char *text)   a complete line, without its newline; the
 *                                   bytes are as received (not yet validated)
 *   "overlong" ()                   a line longer than max-line was skipped
 *   "closed"   (GError *error)      emitted once; error NULL on an orderly end
 *   "prepare-write" ()              the queued lines are about to be written;
 *                                   emitted once after each
 *                                   parlor_connection_defer(), and handlers
 *                                   may send more lines
 */

#define PARLOR_TYPE_CONNECTION (parlor_connection_get_type ())
G_DECLARE_FINAL_TYPE (ParlorConnection, parlor_connection, PARLOR, CONNECTION, GObject)

ParlorConnection *parlor_connection_new              (GIOStream        *stream,
                                                      gsize             max_line,
                                                      gsize             max_output);
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
