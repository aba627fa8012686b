/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A LAN client (docs/protocol.md, "Client"). Game-agnostic: it hands the
 * game's view and event lines to whoever listens and sends action lines.
 *
 * Properties: "state" (ParlorClientState, notified on every change).
 * Signals:
 *   "log"             (const char *message)  plain translated words for the
 *                                             connection log
 *   "players-changed" ()                      the waiting list changed
 *   "started"         ()                      seated: get_seat() is valid
 *   "seat-changed"    (guint seat)            a seat's name or kind changed
 *   "view"            (const char *line)      this seat's new view
 *   "event"           (const char *line)      an event this seat may see
 *   "history"         (const char *line)      a past event of this seat, resent
 *                                             when it takes its seat back (in
 *                                             order, before the view)
 *   "turn"            (guint waiting, guint ms)  this seat's prompt changed:
 *                                             waiting is this seat's bit if it
 *                                             must act (never another seat's:
 *                                             the server does not say), ms the
 *                                             time left; see get_prompt()
 *   "timed-out"       ()                      this seat's time ran out and the
 *                                             timer answered for it
 *   "ack"             ()                      the last action was accepted
 *   "rejected"        (GError *error)         a request or action refused
 *   "failed"          (GError *error)         the connection is gone
 *   "game-over"       (const char *result)
 *   "line-received"   (const char *text)      every line, as received
 */

#define PARLOR_CLIENT_ERROR (parlor_client_error_quark ())

typedef enum
{
  PARLOR_CLIENT_ERROR_NO_HOST,
  PARLOR_CLIENT_ERROR_REFUSED,
  PARLOR_CLIENT_ERROR_TIMED_OUT,
  PARLOR_CLIENT_ERROR_VERSION,
  PARLOR_CLIENT_ERROR_FULL,
  PARLOR_CLIENT_ERROR_STARTED,
  PARLOR_CLIENT_ERROR_HOST_LEFT,
  PARLOR_CLIENT_ERROR_NO_TABLE,
  PARLOR_CLIENT_ERROR_TOKEN,
  PARLOR_CLIENT_ERROR_REJECTED,
  PARLOR_CLIENT_ERROR_PROTOCOL,
  PARLOR_CLIENT_ERROR_FAILED,
  PARLOR_CLIENT_ERROR_REMOVED,
  /* The connection broke without the host saying `bye` (HOST_LEFT is
   * kept for a host that said goodbye): worth reconnecting. */
  PARLOR_CLIENT_ERROR_LOST,
} ParlorClientError;

typedef enum
{
  PARLOR_CLIENT_DISCONNECTED,
  PARLOR_CLIENT_CONNECTING,
  PARLOR_CLIENT_LOBBY,      /* welcomed, at no table */
  PARLOR_CLIENT_WAITING,    /* at a table, waiting for the start */
  PARLOR_CLIENT_PLAYING,
  PARLOR_CLIENT_FINISHED,
} ParlorClientState;

#define PARLOR_TYPE_CLIENT_STATE (parlor_client_state_get_type ())
GType parlor_client_state_get_type (void);

#define PARLOR_TYPE_CLIENT (parlor_client_get_type ())
G_DECLARE_FINAL_TYPE (ParlorClient, parlor_client, PARLOR, CLIENT, GObject)

GQuark             parlor_client_error_quark   (void);

ParlorClient      *parlor_client_new           (const char          *name);
/* Token of a seat to take back (from an earlier get_token()), before connecting. */
void               parlor_client_set_token     (ParlorClient        *self,
                                                const char          *token);
/* @address is "host", "host:port" or "[v6]:port". Finishes once the host
 * welcomed us (or resumed our seat when a token was set). */
void               parlor_client_connect_async (ParlorClient        *self,
                                                const char          *address,
                                                guint                timeout_seconds,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean           parlor_client_connect_finish (ParlorClient       *self,
                                                GAsyncResult        *result,
                                                GError             **error);

/* Requests; answers come as state changes, "rejected" or "failed". */
void               parlor_client_join          (ParlorClient        *self,
                                                const char          *table_id);
void               parlor_client_create        (ParlorClient        *self,
                                                const char          *game_id,
                                                const char          *config);
void               parlor_client_start         (ParlorClient        *self);
/* Answers this seat's open prompt (with its serial, so that an answer that
 * arrives after the prompt closed is refused with `stale`, not applied to
 * the next one). */
gboolean           parlor_client_submit        (ParlorClient        *self,
                                                const char          *action);
/* Answers prompt @serial (0: whichever is open). */
gboolean           parlor_client_submit_prompt (ParlorClient        *self,
                                                guint                serial,
                                                const char          *action);
/* This seat's open prompt: its serial (0: none), whether it is a claim
 * window (else a turn) and the monotonic time (µs) it runs out, 0 if no limit. */
guint              parlor_client_get_prompt    (ParlorClient        *self,
                                                gboolean            *claim,
                                                gint64              *deadline);
void               parlor_client_leave         (ParlorClient        *self);
void               parlor_client_disconnect    (ParlorClient        *self);
/* Any line, for tests and tools. */
void               parlor_client_send_raw      (ParlorClient        *self,
                                                const char          *line);

ParlorClientState  parlor_client_get_state     (ParlorClient        *self);
const char        *parlor_client_get_name      (ParlorClient        *self);
const char        *parlor_client_get_table_id  (ParlorClient        *self);
const char        *parlor_client_get_game_id   (ParlorClient        *self);
const char        *parlor_client_get_token     (ParlorClient        *self);
gboolean           parlor_client_is_owner      (ParlorClient        *self);
int                parlor_client_get_seat      (ParlorClient        *self);
guint              parlor_client_get_n_seats   (ParlorClient        *self);
guint              parlor_client_get_time_limit (ParlorClient       *self);
/* Seconds of a claim window (the `claim-limit` of `start`), 0: none. */
guint              parlor_client_get_claim_limit (ParlorClient      *self);
const char * const *parlor_client_get_players  (ParlorClient        *self);
const char        *parlor_client_get_seat_name (ParlorClient        *self,
                                                guint                seat);
gboolean           parlor_client_seat_is_human (ParlorClient        *self,
                                                guint                seat);
/* The player whose seat a computer keeps until they come back (the
 * `replaces=` of the seat line), or NULL. */
const char        *parlor_client_get_seat_replaced (ParlorClient    *self,
                                                guint                seat);
const char        *parlor_client_get_view      (ParlorClient        *self);
/* This seat's bit if it must act now, else 0. */
guint32            parlor_client_get_waiting   (ParlorClient        *self);
const char        *parlor_client_get_result    (ParlorClient        *self);

G_END_DECLS
