/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-session"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-session-private.h"
#include "parlor-token-store.h"

#define RECONNECT_TIMEOUT 10
/* Reconnect attempts after a lost connection, 1, 2, 4, 8 s apart. */
#define RECONNECT_ATTEMPTS 5

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
  g_signal_emit (self, parlor_session_signals[EVENT], 0, line);
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
    g_signal_emit (self, parlor_session_signals[TIMED_OUT], 0, (guint) seat);
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
  parlor_session_sync_state (self);
  g_signal_emit (self, parlor_session_signals[CHANGED], 0);
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
  parlor_session_set_pending (self, FALSE);
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
  parlor_session_sync_state (self);
}

static void
on_client_log (ParlorClient  *client,
               const char    *message,
               ParlorSession *self)
{
  g_signal_emit (self, parlor_session_signals[LOG], 0, message);
}

static void
on_client_seat_changed (ParlorClient  *client,
                        guint          seat,
                        ParlorSession *self)
{
  g_signal_emit (self, parlor_session_signals[SEATS_CHANGED], 0);
}

static void
on_client_rejected (ParlorClient  *client,
                    const GError  *error,
                    ParlorSession *self)
{
  g_clear_pointer (&self->sent_move, g_free);
  parlor_session_set_pending (self, FALSE);
  g_signal_emit (self, parlor_session_signals[REJECTED], 0, error);
}

static void
on_client_failed (ParlorClient  *client,
                  const GError  *error,
                  ParlorSession *self)
{
  self->remote_deadline = 0;
  parlor_session_set_pending (self, FALSE);
  parlor_session_sync_state (self);
  g_signal_emit (self, parlor_session_signals[FAILED], 0, error);
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
  g_signal_emit (self, parlor_session_signals[GAME_OVER], 0, result);
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
          g_signal_emit (self, parlor_session_signals[LOG], 0, told->message);
          g_signal_emit (self, parlor_session_signals[FAILED], 0, told);
          return;
        }
      {
        guint delay = 1u << (self->attempt - 1);
        g_autofree char *text =
          g_strdup_printf (g_dngettext (NULL, "Trying again in %u second…",
                                        "Trying again in %u seconds…", delay), delay);

        g_signal_emit (self, parlor_session_signals[LOG], 0, text);
        self->retry_id = g_timeout_add_seconds (delay, on_retry, self);
      }
      return;
    }

  self->attempt = 0;
  attach_client (self, client);
  remember_token (self);
  g_signal_emit (self, parlor_session_signals[LOG], 0, _("Reconnected: you have your seat back."));
  g_signal_emit (self, parlor_session_signals[RECONNECTED], 0);
  parlor_session_sync_state (self);
  g_signal_emit (self, parlor_session_signals[CHANGED], 0);
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
  g_signal_emit (self, parlor_session_signals[LOG], 0, text);
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
