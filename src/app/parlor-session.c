/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-session"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-session.h"
#include "parlor-token-store.h"

#define RECONNECT_TIMEOUT 10
/* Reconnect attempts after a lost connection, 1, 2, 4, 8 s apart. */
#define RECONNECT_ATTEMPTS 5

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

G_DEFINE_FINAL_TYPE (ParlorSession, parlor_session, G_TYPE_OBJECT)

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

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_SEAT,
  PROP_WAITING,
  PROP_PENDING,
  PROP_DEADLINE,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Recomputes the notifying properties from the table or the client. */
static void
sync_state (ParlorSession *self)
{
  int seat = parlor_session_get_seat (self);
  gboolean waiting = parlor_session_is_waiting (self);
  gint64 deadline = parlor_session_get_deadline (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (seat != self->seat)
    {
      self->seat = seat;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
    }
  if (waiting != self->waiting)
    {
      self->waiting = waiting;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING]);
    }
  if (deadline != self->deadline)
    {
      self->deadline = deadline;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_pending (ParlorSession *self,
             gboolean       pending)
{
  if (self->pending == pending)
    return;
  self->pending = pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

static void
detach (ParlorSession *self)
{
  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
}

void
parlor_session_stop (ParlorSession *self)
{
  g_return_if_fail (PARLOR_IS_SESSION (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->attempt = 0;
  detach (self);
  if (self->table != NULL && self->server == NULL)
    parlor_table_stop (self->table);
  g_clear_object (&self->table);
  if (self->server != NULL)
    {
      parlor_server_stop (self->server);
      g_clear_object (&self->server);
    }
  if (self->client != NULL)
    {
      parlor_client_disconnect (self->client);
      g_clear_object (&self->client);
    }
  self->remote_deadline = 0;
  self->pending = FALSE;
}

static void
parlor_session_dispose (GObject *object)
{
  parlor_session_stop (PARLOR_SESSION (object));

  G_OBJECT_CLASS (parlor_session_parent_class)->dispose (object);
}

static void
parlor_session_finalize (GObject *object)
{
  ParlorSession *self = PARLOR_SESSION (object);

  g_free (self->table_id);
  g_free (self->address);
  g_free (self->token);
  g_free (self->name);
  g_free (self->store_path);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->cursor);
  g_clear_pointer (&self->seen, g_ptr_array_unref);
  g_clear_pointer (&self->seen_seats, g_ptr_array_unref);
  g_free (self->seen_game_id);
  g_free (self->sent_move);

  G_OBJECT_CLASS (parlor_session_parent_class)->finalize (object);
}

static void
parlor_session_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ParlorSession *self = PARLOR_SESSION (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_int (value, parlor_session_get_seat (self));
      break;
    case PROP_WAITING:
      g_value_set_boolean (value, parlor_session_is_waiting (self));
      break;
    case PROP_PENDING:
      g_value_set_boolean (value, self->pending);
      break;
    case PROP_DEADLINE:
      g_value_set_int64 (value, parlor_session_get_deadline (self));
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, parlor_session_get_paused (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_session_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ParlorSession *self = PARLOR_SESSION (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      parlor_session_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_session_class_init (ParlorSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = parlor_session_dispose;
  object_class->finalize = parlor_session_finalize;
  object_class->get_property = parlor_session_get_property;
  object_class->set_property = parlor_session_set_property;

  /* The seat this player plays, -1 before the game starts. */
  properties[PROP_SEAT] =
    g_param_spec_int ("seat", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game waits for this player. */
  properties[PROP_WAITING] =
    g_param_spec_boolean ("waiting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A move was sent to the host and is not answered yet. */
  properties[PROP_PENDING] =
    g_param_spec_boolean ("pending", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Monotonic time (µs) at which this player's time runs out, 0 for none. */
  properties[PROP_DEADLINE] =
    g_param_spec_int64 ("deadline", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A game against the computer waits (dialogs); LAN games never pause. */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[EVENT] = g_signal_new ("event", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[CHANGED] = g_signal_new ("changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  signals[LOG] = g_signal_new ("log", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                               G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TIMED_OUT] = g_signal_new ("timed-out", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SEATS_CHANGED] = g_signal_new ("seats-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 0);
  signals[GAME_OVER] = g_signal_new ("game-over", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[REJECTED] = g_signal_new ("rejected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[FAILED] = g_signal_new ("failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[RECONNECTED] = g_signal_new ("reconnected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);
}

static void
parlor_session_init (ParlorSession *self)
{
  self->cancellable = g_cancellable_new ();
  self->seat = -1;
  self->seen_seat = -1;
}

/* ---- a table in this process ---- */

static void
on_table_event (ParlorTable   *table,
                guint          audience,
                const char    *line,
                ParlorSession *self)
{
  int seat = parlor_session_get_seat (self);

  if (seat >= 0 && (audience & PARLOR_AUDIENCE_SEAT (seat)) != 0)
    g_signal_emit (self, signals[EVENT], 0, line);
}

static void
on_table_action (ParlorTable   *table,
                 guint          seat,
                 const char    *line,
                 gboolean       timed_out,
                 ParlorSession *self)
{
  if (!timed_out)
    return;

  /* A host's server tells of timeouts in its own log. */
  if (self->server == NULL)
    {
      g_autofree char *text = NULL;

      if ((int) seat == parlor_session_get_seat (self))
        text = g_strdup (_("Your time ran out: a random legal move was made for you."));
      else
        text = g_strdup_printf (_("%s ran out of time: a random legal move was made."),
                                parlor_table_get_seat_name (table, seat));
      g_signal_emit (self, signals[LOG], 0, text);
    }
  g_signal_emit (self, signals[TIMED_OUT], 0, seat);
}

static void
on_table_changed (ParlorTable   *table,
                  ParlorSession *self)
{
  sync_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_table_seat_changed (ParlorTable   *table,
                       guint          seat,
                       ParlorSession *self)
{
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
}

static void
on_table_game_over (ParlorTable   *table,
                    const char    *result,
                    ParlorSession *self)
{
  g_signal_emit (self, signals[GAME_OVER], 0, result);
}

static void
on_server_log (ParlorServer  *server,
               const char    *table_id,
               const char    *message,
               ParlorSession *self)
{
  if (g_strcmp0 (table_id, self->table_id) == 0)
    g_signal_emit (self, signals[LOG], 0, message);
}

static void
watch_table (ParlorSession *self)
{
  g_signal_connect (self->table, "event", G_CALLBACK (on_table_event), self);
  g_signal_connect (self->table, "action", G_CALLBACK (on_table_action), self);
  g_signal_connect (self->table, "changed", G_CALLBACK (on_table_changed), self);
  g_signal_connect (self->table, "seat-changed", G_CALLBACK (on_table_seat_changed), self);
  g_signal_connect (self->table, "game-over", G_CALLBACK (on_table_game_over), self);
}

ParlorSession *
parlor_session_new_local (ParlorTable *table,
                          guint        player)
{
  ParlorSession *self;

  g_return_val_if_fail (PARLOR_IS_TABLE (table), NULL);

  self = g_object_new (PARLOR_TYPE_SESSION, NULL);
  self->table = g_object_ref (table);
  self->player = player;
  watch_table (self);

  return self;
}

/* The host is the table's player 0. */
ParlorSession *
parlor_session_new_hosted (ParlorServer *server,
                           const char   *table_id)
{
  ParlorSession *self;
  ParlorTable *table;

  g_return_val_if_fail (PARLOR_IS_SERVER (server), NULL);
  g_return_val_if_fail (table_id != NULL, NULL);

  table = parlor_server_get_table (server, table_id);
  g_return_val_if_fail (table != NULL, NULL);

  self = parlor_session_new_local (table, 0);
  self->server = g_object_ref (server);
  self->table_id = g_strdup (table_id);
  g_signal_connect (server, "log", G_CALLBACK (on_server_log), self);

  return self;
}

/* ---- a table on the host, through the client ---- */

static void
keep_seen (ParlorSession *self,
           const char    *type,
           const char    *line)
{
  g_autoptr(GError) error = NULL;
  char *record;

  if (self->seen_over)
    return;
  if (self->seen == NULL)
    self->seen = g_ptr_array_new_with_free_func (g_free);
  if (g_str_equal (type, "view"))
    {
      /* A view that changed nothing is no step of its own. */
      if (self->seen_pending == 0 && self->seen->len > 0 &&
          g_str_equal ((char *) g_ptr_array_index (self->seen, self->seen->len - 1) + 5, line))
        return;
      self->seen_pending = 0;
    }
  else if (g_str_equal (type, "event"))
    self->seen_pending++;
  record = parlor_replay_format_seen (type, line, &error);
  if (record == NULL)
    {
      g_debug ("Not kept in the seat's view: %s", error->message);
      return;
    }
  g_ptr_array_add (self->seen, record);
  if (g_str_equal (type, "result"))
    self->seen_over = TRUE;
}

/* Who sat where, as the client knows it at the latest. */
static void
keep_seats (ParlorSession *self,
            ParlorClient  *client)
{
  int seat = parlor_client_get_seat (client);
  guint n = parlor_client_get_n_seats (client);

  if (seat < 0 || (guint) seat >= n || parlor_client_get_game_id (client) == NULL)
    return;
  g_free (self->seen_game_id);
  self->seen_game_id = g_strdup (parlor_client_get_game_id (client));
  self->seen_seat = seat;
  g_clear_pointer (&self->seen_seats, g_ptr_array_unref);
  self->seen_seats = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      const char *name = parlor_client_get_seat_name (client, i);
      const char *kind = (int) i == seat ? "local"
                         : parlor_client_seat_is_human (client, i) ? "remote" : "ai";
      char *record = parlor_replay_format_seat (i, name != NULL ? name : "", kind, NULL, NULL);

      if (record != NULL)
        g_ptr_array_add (self->seen_seats, record);
    }
}

static void
on_client_event (ParlorClient  *client,
                 const char    *line,
                 ParlorSession *self)
{
  keep_seen (self, "event", line);
  self->n_events++;
  g_signal_emit (self, signals[EVENT], 0, line);
}

/* A seat taken back hears its past events again: those we had already
 * come first (the same lines, in order), the rest happened while away. */
static void
on_client_history (ParlorClient  *client,
                   const char    *line,
                   ParlorSession *self)
{
  if (self->history_skip > 0)
    {
      self->history_skip--;
      return;
    }
  on_client_event (client, line, self);
}

static void
on_client_timed_out (ParlorClient  *client,
                     ParlorSession *self)
{
  int seat = parlor_client_get_seat (client);

  if (seat >= 0)
    g_signal_emit (self, signals[TIMED_OUT], 0, (guint) seat);
}

/* Keeps this seat's token where a restarted app finds it. */
static void
remember_token (ParlorSession *self)
{
  g_autoptr(GError) error = NULL;
  ParlorClient *client = self->client;

  if (client == NULL || self->address == NULL ||
      parlor_client_get_state (client) != PARLOR_CLIENT_PLAYING ||
      parlor_client_get_token (client) == NULL || parlor_client_get_table_id (client) == NULL ||
      parlor_client_get_game_id (client) == NULL)
    return;
  if (!parlor_token_store_remember (self->store_path, self->address,
                                    parlor_client_get_table_id (client),
                                    parlor_client_get_game_id (client),
                                    parlor_client_get_token (client),
                                    parlor_client_get_name (client), &error))
    g_warning ("Could not keep the seat token: %s", error->message);
}

static void
forget_token (ParlorSession *self)
{
  if (self->address != NULL && self->token != NULL)
    parlor_token_store_forget (self->store_path, NULL, NULL, self->token);
}

static void
on_client_view (ParlorClient  *client,
                const char    *line,
                ParlorSession *self)
{
  if (line != NULL)
    {
      keep_seats (self, client);
      keep_seen (self, "view", line);
    }
  sync_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_client_ack (ParlorClient  *client,
               ParlorSession *self)
{
  /* The host took the move: it follows the view it was decided on. */
  if (self->sent_move != NULL && self->seen != NULL && !self->seen_over &&
      self->sent_at <= self->seen->len)
    {
      char *record = parlor_replay_format_seen ("move", self->sent_move, NULL);

      if (record != NULL)
        g_ptr_array_insert (self->seen, (int) self->sent_at, record);
    }
  g_clear_pointer (&self->sent_move, g_free);
  set_pending (self, FALSE);
}

static void
on_client_turn (ParlorClient  *client,
                guint          waiting,
                guint          ms,
                ParlorSession *self)
{
  int seat = parlor_client_get_seat (client);

  if (ms > 0 && seat >= 0 && (waiting & PARLOR_AUDIENCE_SEAT (seat)) != 0)
    self->remote_deadline = g_get_monotonic_time () + (gint64) ms * 1000;
  else
    self->remote_deadline = 0;
  sync_state (self);
}

static void
on_client_log (ParlorClient  *client,
               const char    *message,
               ParlorSession *self)
{
  g_signal_emit (self, signals[LOG], 0, message);
}

static void
on_client_seat_changed (ParlorClient  *client,
                        guint          seat,
                        ParlorSession *self)
{
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
}

static void
on_client_rejected (ParlorClient  *client,
                    const GError  *error,
                    ParlorSession *self)
{
  g_clear_pointer (&self->sent_move, g_free);
  set_pending (self, FALSE);
  g_signal_emit (self, signals[REJECTED], 0, error);
}

static void
on_client_failed (ParlorClient  *client,
                  const GError  *error,
                  ParlorSession *self)
{
  self->remote_deadline = 0;
  set_pending (self, FALSE);
  sync_state (self);
  g_signal_emit (self, signals[FAILED], 0, error);
}

static void
on_client_game_over (ParlorClient  *client,
                     const char    *result,
                     ParlorSession *self)
{
  keep_seats (self, client);
  if (result != NULL)
    keep_seen (self, "result", result);
  forget_token (self);
  g_signal_emit (self, signals[GAME_OVER], 0, result);
}

static void
attach_client (ParlorSession *self,
               ParlorClient  *client)
{
  g_set_object (&self->client, client);
  if (parlor_client_get_token (client) != NULL)
    {
      g_free (self->token);
      self->token = g_strdup (parlor_client_get_token (client));
    }
  g_free (self->name);
  self->name = g_strdup (parlor_client_get_name (client));
  g_signal_connect (client, "event", G_CALLBACK (on_client_event), self);
  g_signal_connect (client, "history", G_CALLBACK (on_client_history), self);
  g_signal_connect (client, "timed-out", G_CALLBACK (on_client_timed_out), self);
  g_signal_connect (client, "view", G_CALLBACK (on_client_view), self);
  g_signal_connect (client, "ack", G_CALLBACK (on_client_ack), self);
  g_signal_connect (client, "turn", G_CALLBACK (on_client_turn), self);
  g_signal_connect (client, "log", G_CALLBACK (on_client_log), self);
  g_signal_connect (client, "seat-changed", G_CALLBACK (on_client_seat_changed), self);
  g_signal_connect (client, "rejected", G_CALLBACK (on_client_rejected), self);
  g_signal_connect (client, "failed", G_CALLBACK (on_client_failed), self);
  g_signal_connect (client, "game-over", G_CALLBACK (on_client_game_over), self);
}

/* @client has just been seated by the host. */
ParlorSession *
parlor_session_new_remote (ParlorClient *client,
                           const char   *address)
{
  ParlorSession *self;

  g_return_val_if_fail (PARLOR_IS_CLIENT (client), NULL);

  self = g_object_new (PARLOR_TYPE_SESSION, NULL);
  self->address = g_strdup (address);
  attach_client (self, client);
  remember_token (self);
  /* The seat's view starts with what the screen will show first. */
  if (parlor_client_get_view (client) != NULL)
    {
      keep_seats (self, client);
      keep_seen (self, "view", parlor_client_get_view (client));
    }

  return self;
}

/* Where the seat tokens are kept (tests); NULL: the user's state directory. */
void
parlor_session_set_token_store (ParlorSession *self,
                                const char    *path)
{
  g_return_if_fail (PARLOR_IS_SESSION (self));

  g_free (self->store_path);
  self->store_path = g_strdup (path);
  remember_token (self);
}

static void try_reconnect (ParlorSession *self);

static gboolean
on_retry (gpointer data)
{
  ParlorSession *self = data;

  self->retry_id = 0;
  try_reconnect (self);
  return G_SOURCE_REMOVE;
}

static void
on_reconnected (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ParlorClient *client = PARLOR_CLIENT (object);
  g_autoptr(GError) error = NULL;
  ParlorSession *self;

  if (!parlor_client_connect_finish (client, result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = user_data;
  if (error != NULL)
    {
      /* Keep the client (it says DISCONNECTED) for the next attempt to drop. */
      g_signal_handlers_disconnect_by_data (client, self);
      g_set_object (&self->client, client);
      if (g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TOKEN) ||
          g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_VERSION) ||
          self->attempt >= RECONNECT_ATTEMPTS)
        {
          g_autoptr(GError) told = NULL;

          if (g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TOKEN))
            {
              /* The host does not keep the seat any more: nothing to come back to. */
              forget_token (self);
              told = g_error_copy (error);
            }
          else if (g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_VERSION))
            told = g_error_copy (error);
          else
            told = g_error_new_literal (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_LOST,
                                        _("The host cannot be reached"));
          self->attempt = 0;
          g_signal_emit (self, signals[LOG], 0, told->message);
          g_signal_emit (self, signals[FAILED], 0, told);
          return;
        }
      {
        guint delay = 1u << (self->attempt - 1);
        g_autofree char *text =
          g_strdup_printf (g_dngettext (NULL, "Trying again in %u second…",
                                        "Trying again in %u seconds…", delay), delay);

        g_signal_emit (self, signals[LOG], 0, text);
        self->retry_id = g_timeout_add_seconds (delay, on_retry, self);
      }
      return;
    }

  self->attempt = 0;
  attach_client (self, client);
  remember_token (self);
  g_signal_emit (self, signals[LOG], 0, _("Reconnected: you have your seat back."));
  g_signal_emit (self, signals[RECONNECTED], 0);
  sync_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
try_reconnect (ParlorSession *self)
{
  g_autoptr(ParlorClient) client = NULL;
  g_autofree char *text = NULL;

  if (self->client != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->client, self);
      parlor_client_disconnect (self->client);
      g_clear_object (&self->client);
    }
  self->attempt++;
  /* The history the host sends back starts with the events we have. */
  self->history_skip = self->n_events;
  client = parlor_client_new (self->name);
  if (self->token != NULL)
    parlor_client_set_token (client, self->token);
  text = g_strdup_printf (_("Reconnecting… (attempt %u of %u)"), self->attempt, RECONNECT_ATTEMPTS);
  g_signal_emit (self, signals[LOG], 0, text);
  parlor_client_connect_async (client, self->address, RECONNECT_TIMEOUT, self->cancellable,
                               on_reconnected, self);
}

/* Takes the seat back with its token after the connection dropped: up to
 * RECONNECT_ATTEMPTS tries, 1, 2, 4, 8 s apart; "failed" if none works. */
void
parlor_session_reconnect (ParlorSession *self)
{
  g_return_if_fail (PARLOR_IS_SESSION (self));

  if (self->address == NULL || self->name == NULL)
    return;
  if (self->attempt > 0)
    return;   /* one under way */
  g_clear_handle_id (&self->retry_id, g_source_remove);
  try_reconnect (self);
}

/* Whether a reconnect is under way (an attempt, or waiting for the next). */
gboolean
parlor_session_is_reconnecting (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->attempt > 0;
}

const char *
parlor_session_get_seat_replaced (ParlorSession *self,
                                  guint          seat)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);

  if (self->table != NULL)
    return seat < parlor_table_get_n_seats (self->table) && parlor_table_is_started (self->table)
           ? parlor_table_get_seat_replaced (self->table, seat) : NULL;
  return self->client != NULL && seat < parlor_client_get_n_seats (self->client)
         ? parlor_client_get_seat_replaced (self->client, seat) : NULL;
}

/**
 * parlor_session_dup_seat_view:
 *
 * A guest's kept game: what its seat received, as a seat's view
 * (docs/replay-format.md), marked unfinished if the game did not end.
 *
 * Returns: (transfer full) (nullable): the file's text, NULL when this is
 * no guest's session or nothing was seen.
 */
char *
parlor_session_dup_seat_view (ParlorSession *self)
{
  g_autofree char *header = NULL;
  g_autofree char *game = NULL;
  GString *text;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);

  if (self->seen == NULL || self->seen_game_id == NULL || self->seen_seats == NULL ||
      self->seen_seats->len == 0)
    return NULL;
  header = parlor_replay_format_seat_view_header ();
  game = parlor_replay_format_seat_view_game (self->seen_game_id, self->seen_seats->len,
                                              (guint) self->seen_seat, NULL);
  if (game == NULL)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s\n%s\n", header, game);
  for (guint i = 0; i < self->seen_seats->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (self->seen_seats, i));
  for (guint i = 0; i < self->seen->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (self->seen, i));
  if (!self->seen_over)
    g_string_append (text, "unfinished\n");
  return g_string_free (text, FALSE);
}

/* ---- a replay watched ---- */

ParlorSession *
parlor_session_new_replay (ParlorReplayCursor *cursor,
                           int                 seat)
{
  ParlorSession *self;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (cursor), NULL);
  g_return_val_if_fail (seat >= 0 && seat < (int) parlor_replay_cursor_get_n_seats (cursor), NULL);

  self = g_object_new (PARLOR_TYPE_SESSION, NULL);
  self->cursor = g_object_ref (cursor);
  self->replay_seat = seat;
  return self;
}

gboolean
parlor_session_is_replay (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->cursor != NULL;
}

static void
tell_replay (ParlorSession *self,
             guint          from,
             guint          to)
{
  g_autoptr(GPtrArray) lines =
    parlor_replay_cursor_dup_events_between (self->cursor, from, to, self->replay_seat);

  self->told_step = to;
  for (guint i = 0; i < lines->len; i++)
    g_signal_emit (self, signals[EVENT], 0, g_ptr_array_index (lines, i));
  sync_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
parlor_session_replay_sync (ParlorSession *self)
{
  guint step;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->cursor != NULL, FALSE);

  step = parlor_replay_cursor_get_step (self->cursor);
  if (step < self->told_step)
    return FALSE;
  if (step > self->told_step)
    tell_replay (self, self->told_step, step);
  return TRUE;
}

/* ---- either ---- */

gboolean
parlor_session_start (ParlorSession  *self,
                      GError        **error)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);

  if (self->server != NULL)
    return parlor_server_start_table (self->server, self->table_id, error);
  if (self->table != NULL)
    return parlor_table_start (self->table, error);
  if (self->cursor != NULL)
    tell_replay (self, 0, parlor_replay_cursor_get_step (self->cursor));
  return TRUE;
}

gboolean
parlor_session_is_remote (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->table == NULL && self->cursor == NULL;
}

gboolean
parlor_session_is_hosted (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->server != NULL;
}

gboolean
parlor_session_is_playing (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);

  if (self->table != NULL)
    return parlor_table_is_started (self->table) && !parlor_table_is_over (self->table);
  if (self->cursor != NULL)
    return FALSE;
  return self->client != NULL && parlor_client_get_state (self->client) == PARLOR_CLIENT_PLAYING;
}

int
parlor_session_get_seat (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), -1);

  if (self->table != NULL)
    return parlor_table_is_started (self->table)
           ? parlor_table_get_player_seat (self->table, self->player) : -1;
  if (self->cursor != NULL)
    return self->replay_seat;
  return self->client != NULL ? parlor_client_get_seat (self->client) : -1;
}

const char *
parlor_session_get_seat_name (ParlorSession *self,
                              guint          seat)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);

  if (self->table != NULL)
    return seat < parlor_table_get_n_seats (self->table) && parlor_table_is_started (self->table)
           ? parlor_table_get_seat_name (self->table, seat) : NULL;
  if (self->cursor != NULL)
    return seat < parlor_replay_cursor_get_n_seats (self->cursor)
           ? parlor_replay_cursor_get_seat_name (self->cursor, seat) : NULL;
  return self->client != NULL ? parlor_client_get_seat_name (self->client, seat) : NULL;
}

char *
parlor_session_dup_view (ParlorSession *self)
{
  int seat;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);

  seat = parlor_session_get_seat (self);
  if (seat < 0)
    return NULL;
  if (self->table != NULL)
    return parlor_table_view_for (self->table, seat);
  if (self->cursor != NULL)
    return parlor_replay_cursor_dup_view (self->cursor, seat);
  return g_strdup (self->client != NULL ? parlor_client_get_view (self->client) : NULL);
}

gboolean
parlor_session_is_waiting (ParlorSession *self)
{
  int seat;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);

  seat = parlor_session_get_seat (self);
  if (seat < 0)
    return FALSE;
  /* The table's prompt, not the game's waiting: a seat with nothing to
   * claim is not asked, the table answers for it. */
  if (self->table != NULL)
    return !parlor_table_is_over (self->table) &&
           parlor_table_get_prompt (self->table, seat, NULL, NULL);
  return self->client != NULL &&
         (parlor_client_get_waiting (self->client) & PARLOR_AUDIENCE_SEAT (seat)) != 0;
}

gint64
parlor_session_get_deadline (ParlorSession *self)
{
  int seat;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), 0);

  seat = parlor_session_get_seat (self);
  if (seat < 0)
    return 0;
  if (self->table != NULL)
    return parlor_table_get_deadline (self->table, seat);
  return self->remote_deadline;
}

guint
parlor_session_get_time_limit (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), 0);

  if (self->table != NULL)
    return parlor_table_get_time_limit (self->table);
  return self->client != NULL ? parlor_client_get_time_limit (self->client) : 0;
}

gboolean
parlor_session_submit (ParlorSession  *self,
                       const char     *action,
                       GError        **error)
{
  int seat;

  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  seat = parlor_session_get_seat (self);
  if (seat < 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("No game is being played"));
      return FALSE;
    }
  if (self->table != NULL)
    return parlor_table_submit (self->table, seat, action, error);
  if (self->cursor != NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("This is a replay: play on from here to make a move"));
      return FALSE;
    }

  if (self->pending)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("Your last move is still on its way to the host"));
      return FALSE;
    }
  /* The host answers with a new view, or a refusal ("rejected"). */
  if (self->client == NULL || !parlor_client_submit (self->client, action))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The game is not connected"));
      return FALSE;
    }
  g_free (self->sent_move);
  self->sent_move = g_strdup (action);
  self->sent_at = self->seen != NULL ? self->seen->len : 0;
  set_pending (self, TRUE);
  return TRUE;
}

gboolean
parlor_session_is_pending (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->pending;
}

/* Only a game against the computer pauses: a LAN game goes on for the others. */
void
parlor_session_set_paused (ParlorSession *self,
                           gboolean       paused)
{
  g_return_if_fail (PARLOR_IS_SESSION (self));

  if (self->table == NULL || self->server != NULL || parlor_table_is_over (self->table) ||
      parlor_table_is_paused (self->table) == !!paused)
    return;
  parlor_table_set_paused (self->table, paused);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
parlor_session_get_paused (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), FALSE);
  return self->table != NULL && parlor_table_is_paused (self->table);
}

ParlorTable *
parlor_session_get_table (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);
  return self->table;
}

ParlorClient *
parlor_session_get_client (ParlorSession *self)
{
  g_return_val_if_fail (PARLOR_IS_SESSION (self), NULL);
  return self->client;
}
