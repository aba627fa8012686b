/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-session.h"

G_BEGIN_DECLS

/* What a session's three sources share: a table in this process (local or
 * hosted, parlor-session.c), a table on the host reached through a client
 * (parlor-session-remote.c), and a replay watched. */
struct _ParlorSession
{
  GObject        parent_instance;

  ParlorTable   *table;       /* local or hosted */
  guint          player;
  ParlorServer  *server;      /* hosted */
  char          *table_id;
  ParlorClient  *client;      /* remote */
  char          *address;
  char          *token;
  char          *name;
  gint64         remote_deadline;
  ParlorReplayCursor *cursor; /* a replay watched */
  int            replay_seat;
  guint          told_step;   /* the cursor's step told so far */
  GCancellable  *cancellable;
  char          *store_path;   /* the token store's file, NULL: the default */
  guint          attempt;      /* of the reconnect under way, 0: none */
  guint          retry_id;
  guint          n_events;     /* events passed on from the host */
  guint          history_skip; /* `history` events we already had */

  /* A guest's seat view (docs/replay-format.md): what it received. */
  GPtrArray     *seen;         /* char *: the records after the seats */
  guint          seen_pending; /* events since the last view */
  gboolean       seen_over;
  char          *seen_game_id;
  int            seen_seat;
  GPtrArray     *seen_seats;   /* char *: each seat's record */
  char          *sent_move;    /* the move on its way, and where its record goes */
  guint          sent_at;

  /* Last values notified, so notify fires on real change only. */
  int            seat;
  gboolean       waiting;
  gboolean       pending;
  gint64         deadline;
};

enum {
  EVENT,
  CHANGED,
  LOG,
  TIMED_OUT,
  SEATS_CHANGED,
  GAME_OVER,
  REJECTED,
  FAILED,
  RECONNECTED,
  N_SIGNALS
};

extern guint parlor_session_signals[N_SIGNALS];

/* Recomputes the notifying properties from the table or the client. */
void parlor_session_sync_state  (ParlorSession *self);
void parlor_session_set_pending (ParlorSession *self,
                                 gboolean       pending);

G_END_DECLS
