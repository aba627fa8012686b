/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-client.h"
#include "parlor-replay-cursor.h"
#include "parlor-server.h"
#include "parlor-table.h"

G_BEGIN_DECLS

/*
 * One player's side of a game, wherever the game runs: a table in this
 * process (against the computer), a table this process hosts on the LAN,
 * or a table on another computer reached through a client. Game screens
 * read views and submit actions through it and never care which it is.
 *
 * Properties (notify on change): "seat", "waiting", "pending" (a move on
 * its way to the host), "deadline", "paused".
 *
 * Signals:
 *   "event"         (const char *line)  an event this seat may see
 *   "changed"       ()                  the seat's view changed
 *   "log"           (const char *text)  plain words for the game log
 *                                       (timeouts, players leaving and coming back)
 *   "timed-out"     (guint seat)        the timer played for a seat (a guest
 *                                       hears of its own seat only)
 *   "seats-changed" ()                  a seat's name or player changed
 *   "game-over"     (const char *result)
 *   "rejected"      (GError *error)     the host refused this seat's move
 *   "failed"        (GError *error)     the connection to the host is gone
 *   "reconnected"   ()                  the seat is back after parlor_session_reconnect()
 */

#define PARLOR_TYPE_SESSION (parlor_session_get_type ())
G_DECLARE_FINAL_TYPE (ParlorSession, parlor_session, PARLOR, SESSION, GObject)

ParlorSession *parlor_session_new_local     (ParlorTable   *table,
                                             guint          player);
ParlorSession *parlor_session_new_hosted    (ParlorServer  *server,
                                             const char    *table_id);
ParlorSession *parlor_session_new_remote    (ParlorClient  *client,
                                             const char    *address);

/* A replay watched: @seat's side of the cursor's step (events up to it
 * at start, then those of each later step parlor_session_replay_sync()
 * tells). Nothing can be played; is_replay() says so. */
ParlorSession *parlor_session_new_replay    (ParlorReplayCursor *cursor,
                                             int            seat);
gboolean       parlor_session_is_replay     (ParlorSession  *self);
/* The cursor has gone forward: its new events, then "changed". FALSE
 * (nothing told) if it went back: the screen must start again. */
gboolean       parlor_session_replay_sync   (ParlorSession  *self);

/* A guest's game as a seat's view file (docs/replay-format.md), or NULL. */
char          *parlor_session_dup_seat_view (ParlorSession  *self);

gboolean       parlor_session_start         (ParlorSession  *self,
                                             GError        **error);
void           parlor_session_stop          (ParlorSession  *self);

gboolean       parlor_session_is_remote     (ParlorSession  *self);
gboolean       parlor_session_is_hosted     (ParlorSession  *self);
gboolean       parlor_session_is_playing    (ParlorSession  *self);
int            parlor_session_get_seat      (ParlorSession  *self);
const char    *parlor_session_get_seat_name (ParlorSession  *self,
                                             guint          seat);
char          *parlor_session_dup_view      (ParlorSession  *self);
gboolean       parlor_session_is_waiting    (ParlorSession  *self);
/* Monotonic time (µs) at which this seat's time runs out, 0 for none. */
gint64         parlor_session_get_deadline  (ParlorSession  *self);
guint          parlor_session_get_time_limit (ParlorSession *self);
gboolean       parlor_session_submit        (ParlorSession  *self,
                                             const char     *action,
                                             GError        **error);
/* Takes the seat back after a lost connection: a few attempts with growing
 * delays, told in "log"; "reconnected", or "failed" when none worked. */
void           parlor_session_reconnect     (ParlorSession  *self);
gboolean       parlor_session_is_reconnecting (ParlorSession *self);
/* The player a computer keeps @seat for until they come back, or NULL. */
const char    *parlor_session_get_seat_replaced (ParlorSession *self,
                                             guint          seat);
/* The seat-token file (tests); NULL: the user's state directory. */
void           parlor_session_set_token_store (ParlorSession *self,
                                             const char    *path);
gboolean       parlor_session_is_pending    (ParlorSession  *self);
void           parlor_session_set_paused    (ParlorSession  *self,
                                             gboolean        paused);
gboolean       parlor_session_get_paused    (ParlorSession  *self);

ParlorTable   *parlor_session_get_table     (ParlorSession  *self);
ParlorClient  *parlor_session_get_client    (ParlorSession  *self);

G_END_DECLS
