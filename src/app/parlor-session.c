/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-session"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-session-private.h"

G_DEFINE_FINAL_TYPE (ParlorSession, parlor_session, G_TYPE_OBJECT)

guint parlor_session_signals[N_SIGNALS];

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

void
parlor_session_sync_state (ParlorSession *self)
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

void
parlor_session_set_pending (ParlorSession *self,
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

  parlor_session_signals[EVENT] = g_signal_new ("event", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);
  parlor_session_signals[CHANGED] = g_signal_new ("changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  parlor_session_signals[LOG] = g_signal_new ("log", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                               G_TYPE_NONE, 1, G_TYPE_STRING);
  parlor_session_signals[TIMED_OUT] = g_signal_new ("timed-out", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_UINT);
  parlor_session_signals[SEATS_CHANGED] = g_signal_new ("seats-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 0);
  parlor_session_signals[GAME_OVER] = g_signal_new ("game-over", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_STRING);
  parlor_session_signals[REJECTED] = g_signal_new ("rejected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_ERROR);
  parlor_session_signals[FAILED] = g_signal_new ("failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_ERROR);
  parlor_session_signals[RECONNECTED] = g_signal_new ("reconnected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
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
    g_signal_emit (self, parlor_session_signals[EVENT], 0, line);
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
      /* A claim window's default is a pass, a turn's a random move. */
      gboolean passed = g_str_equal (line, "pass") || g_str_has_prefix (line, "pass ");

      if ((int) seat == parlor_session_get_seat (self))
        text = g_strdup (passed ? _("Your time ran out: you passed on the tile.")
                                : _("Your time ran out: a random legal move was made for you."));
      else if (passed)
        text = g_strdup_printf (_("%s ran out of time and passed on the tile."),
                                parlor_table_get_seat_name (table, seat));
      else
        text = g_strdup_printf (_("%s ran out of time: a random legal move was made."),
                                parlor_table_get_seat_name (table, seat));
      g_signal_emit (self, parlor_session_signals[LOG], 0, text);
    }
  g_signal_emit (self, parlor_session_signals[TIMED_OUT], 0, seat);
}

static void
on_table_changed (ParlorTable   *table,
                  ParlorSession *self)
{
  parlor_session_sync_state (self);
  g_signal_emit (self, parlor_session_signals[CHANGED], 0);
}

static void
on_table_seat_changed (ParlorTable   *table,
                       guint          seat,
                       ParlorSession *self)
{
  g_signal_emit (self, parlor_session_signals[SEATS_CHANGED], 0);
}

static void
on_table_game_over (ParlorTable   *table,
                    const char    *result,
                    ParlorSession *self)
{
  g_signal_emit (self, parlor_session_signals[GAME_OVER], 0, result);
}

static void
on_server_log (ParlorServer  *server,
               const char    *table_id,
               const char    *message,
               ParlorSession *self)
{
  if (g_strcmp0 (table_id, self->table_id) == 0)
    g_signal_emit (self, parlor_session_signals[LOG], 0, message);
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
    g_signal_emit (self, parlor_session_signals[EVENT], 0, g_ptr_array_index (lines, i));
  parlor_session_sync_state (self);
  g_signal_emit (self, parlor_session_signals[CHANGED], 0);
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
  parlor_session_set_pending (self, TRUE);
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
