/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-client"

#include "config.h"

#include <gio/gnetworking.h>
#include <glib/gi18n-lib.h>

#include "parlor-client.h"
#include "parlor-marshal.h"
#include "parlor-connection.h"
#include "parlor-line.h"
#include "parlor-protocol.h"

#define MAX_SEATS 32
#define CLIENT_MAX_OUTPUT (1024 * 1024)

struct _ParlorClient
{
  GObject            parent_instance;

  char              *name;
  char              *address;
  ParlorClientState  state;
  ParlorConnection  *link;
  GSocketClient     *socket_client;
  GTask             *connecting;
  guint              welcome_timeout_id;
  guint              timeout_seconds;
  gboolean           leaving;

  char              *token;
  char              *table_id;
  char              *game_id;
  gboolean           owner;
  int                seat;
  guint              n_seats;
  guint              time_limit;
  guint              claim_limit;
  GStrv              players;
  char              *seat_names[MAX_SEATS];
  gboolean           seat_human[MAX_SEATS];
  char              *seat_replaced[MAX_SEATS];
  char              *view;
  guint32            waiting;
  /* This seat's own prompt (the server tells no one of others'). */
  guint              prompt_serial;
  guint              prompt_kind;
  gint64             prompt_deadline;
  char              *result;
};

G_DEFINE_FINAL_TYPE (ParlorClient, parlor_client, G_TYPE_OBJECT)
G_DEFINE_QUARK (parlor-client-error-quark, parlor_client_error)

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  LOG,
  PLAYERS_CHANGED,
  STARTED,
  SEAT_CHANGED,
  VIEW,
  EVENT,
  TURN,
  ACK,
  REJECTED,
  FAILED,
  GAME_OVER,
  LINE_RECEIVED,
  TIMED_OUT,
  HISTORY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_str (char       **slot,
         const char  *value)
{
  char *copy = g_strdup (value);

  g_free (*slot);
  *slot = copy;
}

GType
parlor_client_state_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    {
      static const GEnumValue values[] = {
        { PARLOR_CLIENT_DISCONNECTED, "PARLOR_CLIENT_DISCONNECTED", "disconnected" },
        { PARLOR_CLIENT_CONNECTING, "PARLOR_CLIENT_CONNECTING", "connecting" },
        { PARLOR_CLIENT_LOBBY, "PARLOR_CLIENT_LOBBY", "lobby" },
        { PARLOR_CLIENT_WAITING, "PARLOR_CLIENT_WAITING", "waiting" },
        { PARLOR_CLIENT_PLAYING, "PARLOR_CLIENT_PLAYING", "playing" },
        { PARLOR_CLIENT_FINISHED, "PARLOR_CLIENT_FINISHED", "finished" },
        { 0, NULL, NULL }
      };
      GType id = g_enum_register_static (g_intern_static_string ("ParlorClientState"), values);

      g_once_init_leave (&type_id, id);
    }

  return type_id;
}

static void
set_state (ParlorClient      *self,
           ParlorClientState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
log_message (ParlorClient *self,
             const char   *message)
{
  g_signal_emit (self, signals[LOG], 0, message);
}

static void
drop_link (ParlorClient *self)
{
  if (self->link == NULL)
    return;
  parlor_connection_set_handler (self->link, NULL, NULL);
  g_signal_handlers_disconnect_by_data (self->link, self);
  parlor_connection_close (self->link, TRUE);
  g_clear_object (&self->link);
}

/* Ends the connection; @error (if any) goes to the pending connect or to "failed". */
static void
finish (ParlorClient *self,
        GError       *error)
{
  g_autoptr(GError) owned = error;

  g_clear_handle_id (&self->welcome_timeout_id, g_source_remove);
  drop_link (self);

  if (self->connecting != NULL)
    {
      g_autoptr(GTask) task = g_steal_pointer (&self->connecting);

      set_state (self, PARLOR_CLIENT_DISCONNECTED);
      if (owned == NULL)
        owned = g_error_new_literal (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_HOST_LEFT,
                                     _("The host closed the connection"));
      log_message (self, owned->message);
      g_task_return_error (task, g_steal_pointer (&owned));
      return;
    }

  set_state (self, PARLOR_CLIENT_DISCONNECTED);
  if (owned != NULL)
    {
      log_message (self, owned->message);
      g_signal_emit (self, signals[FAILED], 0, owned);
    }
}

static void
send_line (ParlorClient *self,
           ParlorLine   *line)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = parlor_line_to_string (line, &error);

  /* The host could not read it: said here instead of sent. */
  if (text == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("A message to the host was not sent: %s"),
                                                  error->message);

      g_warning ("%s", message);
      log_message (self, message);
      return;
    }
  if (self->link != NULL)
    parlor_connection_send (self->link, text);
}

static GError *
error_from_server (ParlorLine *line)
{
  const char *code = parlor_line_get (line, "code");
  const char *message = parlor_line_get (line, "message");
  static const struct { const char *code; ParlorClientError error; const char *text; } map[] = {
    { "version", PARLOR_CLIENT_ERROR_VERSION, N_("The host runs a different version of Parlor") },
    { "full", PARLOR_CLIENT_ERROR_FULL, N_("The game is full") },
    { "started", PARLOR_CLIENT_ERROR_STARTED, N_("The game has already started") },
    { "no-table", PARLOR_CLIENT_ERROR_NO_TABLE, N_("There is no such game on that host") },
    { "choose-table", PARLOR_CLIENT_ERROR_NO_TABLE, N_("That host has several games; choose one") },
    { "token", PARLOR_CLIENT_ERROR_TOKEN, N_("That seat cannot be taken back") },
    /* Not TOKEN: the host may not have noticed the old connection drop
     * yet; trying again later can work, and the token stays good. */
    { "seat-taken", PARLOR_CLIENT_ERROR_REJECTED, N_("That seat is in use by a connected player") },
    { "removed", PARLOR_CLIENT_ERROR_REMOVED, N_("The host removed you from the table") },
    { "busy", PARLOR_CLIENT_ERROR_REFUSED, N_("The host is too busy; try again later") },
    { "idle", PARLOR_CLIENT_ERROR_TIMED_OUT, N_("You were disconnected for waiting too long without joining a game") },
  };

  for (gsize i = 0; code != NULL && i < G_N_ELEMENTS (map); i++)
    if (g_str_equal (map[i].code, code))
      return g_error_new_literal (PARLOR_CLIENT_ERROR, map[i].error, _(map[i].text));

  return g_error_new_literal (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REJECTED,
                              message != NULL ? message : _("The host refused the request"));
}

static void
reset_table (ParlorClient *self)
{
  g_clear_pointer (&self->table_id, g_free);
  g_clear_pointer (&self->game_id, g_free);
  g_clear_pointer (&self->players, g_strfreev);
  g_clear_pointer (&self->view, g_free);
  g_clear_pointer (&self->result, g_free);
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      g_clear_pointer (&self->seat_names[i], g_free);
      g_clear_pointer (&self->seat_replaced[i], g_free);
    }
  self->owner = FALSE;
  self->seat = -1;
  self->n_seats = 0;
  self->waiting = 0;
  self->prompt_serial = 0;
  self->prompt_kind = 0;
  self->prompt_deadline = 0;
}

static void
handle_seat (ParlorClient *self,
             ParlorLine   *line)
{
  gint64 index;
  const char *name = parlor_line_get (line, "name");
  const char *kind = parlor_line_get (line, "kind");
  const char *replaces = parlor_line_get (line, "replaces");
  gboolean human = g_strcmp0 (kind, "human") == 0;
  g_autofree char *clean = NULL;

  if (!parlor_line_get_int (line, "index", 0, MAX_SEATS - 1, &index, NULL) || name == NULL)
    return;

  clean = parlor_text_sanitize (name, PARLOR_PROTOCOL_NAME_MAX);
  if (self->state == PARLOR_CLIENT_PLAYING && self->seat_names[index] != NULL &&
      g_str_equal (self->seat_names[index], clean) && self->seat_human[index] != human)
    {
      g_autofree char *message =
        human ? g_strdup_printf (_("%s is back"), clean)
              : g_strdup_printf (_("%s left; a computer player takes their seat"), clean);

      log_message (self, message);
    }
  set_str (&self->seat_names[index], clean);
  self->seat_human[index] = human;
  g_clear_pointer (&self->seat_replaced[index], g_free);
  if (!human && replaces != NULL)
    self->seat_replaced[index] = parlor_text_sanitize (replaces, PARLOR_PROTOCOL_NAME_MAX);
  g_signal_emit (self, signals[SEAT_CHANGED], 0, (guint) index);
}

static void
handle_notice (ParlorClient *self,
               ParlorLine   *line)
{
  const char *what = parlor_line_get (line, "what");
  const char *name = parlor_line_get (line, "name");
  g_autofree char *clean = parlor_text_sanitize (name != NULL ? name : "", PARLOR_PROTOCOL_NAME_MAX);
  g_autofree char *message = NULL;

  if (g_strcmp0 (what, "timeout") == 0)
    {
      gint64 seat = -1;

      /* Sent to the seat whose time ran out only. */
      parlor_line_get_int (line, "seat", 0, MAX_SEATS - 1, &seat, NULL);
      if (seat == self->seat)
        {
          log_message (self, _("Your time ran out; the timer answered for you"));
          g_signal_emit (self, signals[TIMED_OUT], 0);
          return;
        }
      message = g_strdup_printf (_("%s ran out of time; a random move was played"), clean);
    }
  else if (g_strcmp0 (what, "returned") == 0)
    message = g_strdup_printf (_("%s came back and plays again"), clean);
  else if (g_strcmp0 (what, "left") == 0 || g_strcmp0 (what, "dropped") == 0)
    message = g_strdup_printf (_("%s left; a computer player takes their seat"), clean);

  if (message != NULL)
    log_message (self, message);
}

static void
handle_line (ParlorClient *self,
             const char   *text)
{
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  const char *payload;

  g_signal_emit (self, signals[LINE_RECEIVED], 0, text);

  /* Payload messages carry the game's line untouched after their type. */
  if ((payload = parlor_protocol_payload (text, "event")) != NULL)
    {
      g_signal_emit (self, signals[EVENT], 0, payload);
      return;
    }
  if ((payload = parlor_protocol_payload (text, "history")) != NULL)
    {
      g_signal_emit (self, signals[HISTORY], 0, payload);
      return;
    }
  if ((payload = parlor_protocol_payload (text, "view")) != NULL)
    {
      set_str (&self->view, payload);
      g_signal_emit (self, signals[VIEW], 0, payload);
      return;
    }
  if ((payload = parlor_protocol_payload (text, "over")) != NULL)
    {
      set_str (&self->result, payload);
      set_state (self, PARLOR_CLIENT_FINISHED);
      log_message (self, _("The game is over"));
      g_signal_emit (self, signals[GAME_OVER], 0, payload);
      return;
    }

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return;
  type = parlor_line_get_type (line);

  /* The lines of every move first. */
  if (g_str_equal (type, "turn"))
    {
      gint64 serial = 0, ms = 0;
      const char *kind = parlor_line_get (line, "kind");

      /* `turn serial=N kind=turn|claim ms=MS`, or `turn serial=0`. */
      parlor_line_get_int (line, "serial", 0, G_MAXUINT32, &serial, NULL);
      parlor_line_get_int (line, "ms", 0, G_MAXUINT32, &ms, NULL);
      self->prompt_serial = serial;
      self->prompt_kind = g_strcmp0 (kind, "claim") == 0 ? 1 : 0;
      self->prompt_deadline = serial != 0 && ms > 0 ? g_get_monotonic_time () + ms * 1000 : 0;
      self->waiting = serial != 0 && self->seat >= 0 ? 1u << self->seat : 0;
      g_signal_emit (self, signals[TURN], 0, (guint) self->waiting, (guint) (serial != 0 ? ms : 0));
    }
  else if (g_str_equal (type, "ack"))
    g_signal_emit (self, signals[ACK], 0);
  else if (g_str_equal (type, "welcome"))
    {
      g_clear_handle_id (&self->welcome_timeout_id, g_source_remove);
      set_state (self, PARLOR_CLIENT_LOBBY);
      log_message (self, _("Connected"));
      if (self->token == NULL && self->connecting != NULL)
        {
          g_autoptr(GTask) task = g_steal_pointer (&self->connecting);

          g_task_return_boolean (task, TRUE);
        }
    }
  else if (g_str_equal (type, "error"))
    {
      g_autoptr(GError) error = error_from_server (line);

      if (parlor_line_has (line, "fatal") || self->connecting != NULL)
        {
          finish (self, g_steal_pointer (&error));
          return;
        }
      log_message (self, error->message);
      g_signal_emit (self, signals[REJECTED], 0, error);
    }
  else if (g_str_equal (type, "joined"))
    {
      const char *table = parlor_line_get (line, "table");
      const char *game = parlor_line_get (line, "game");
      const char *token = parlor_line_get (line, "token");
      gint64 n;

      reset_table (self);
      self->table_id = g_strdup (table);
      self->game_id = g_strdup (game);
      set_str (&self->token, token);
      self->owner = g_strcmp0 (parlor_line_get (line, "owner"), "1") == 0;
      if (parlor_line_get_int (line, "seats", 1, MAX_SEATS, &n, NULL))
        self->n_seats = n;
      log_message (self, _("Joined the table; waiting for the host to start the game"));
      set_state (self, PARLOR_CLIENT_WAITING);
    }
  else if (g_str_equal (type, "players"))
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      for (guint i = 0; i < parlor_line_get_n_words (line); i++)
        {
          g_autofree char *clean = parlor_text_sanitize (parlor_line_get_word (line, i),
                                                         PARLOR_PROTOCOL_NAME_MAX);

          g_strv_builder_add (builder, clean);
        }
      g_clear_pointer (&self->players, g_strfreev);
      self->players = g_strv_builder_end (builder);
      g_signal_emit (self, signals[PLAYERS_CHANGED], 0);
    }
  else if (g_str_equal (type, "start"))
    {
      gint64 n;

      if (parlor_line_get_int (line, "seat", 0, MAX_SEATS - 1, &n, NULL))
        self->seat = n;
      if (parlor_line_get_int (line, "seats", 1, MAX_SEATS, &n, NULL))
        self->n_seats = n;
      if (parlor_line_get_int (line, "time-limit", 0, G_MAXINT32, &n, NULL))
        self->time_limit = n;
      self->claim_limit = parlor_line_get_int (line, "claim-limit", 0, G_MAXINT32, &n, NULL) ? n : 0;
      set_str (&self->table_id, parlor_line_get (line, "table"));
      set_str (&self->game_id, parlor_line_get (line, "game"));
      set_state (self, PARLOR_CLIENT_PLAYING);
      log_message (self, _("The game starts"));
      g_signal_emit (self, signals[STARTED], 0);
      if (self->connecting != NULL)
        {
          g_autoptr(GTask) task = g_steal_pointer (&self->connecting);

          g_task_return_boolean (task, TRUE);
        }
    }
  else if (g_str_equal (type, "seat"))
    handle_seat (self, line);
  else if (g_str_equal (type, "notice"))
    handle_notice (self, line);
  else if (g_str_equal (type, "left"))
    {
      reset_table (self);
      set_state (self, PARLOR_CLIENT_LOBBY);
    }
  else if (g_str_equal (type, "bye"))
    {
      if (self->leaving)
        finish (self, NULL);
      else
        finish (self, g_error_new_literal (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_HOST_LEFT,
                                           _("The host left the game")));
    }
  /* Other lines (pong, table lists) are for tools listening to "line-received". */
}

static void
on_line (ParlorConnection *link,
         const char       *text,
         gpointer          self)
{
  handle_line (self, text);
}

static const ParlorConnectionHandler link_handler = { on_line, NULL };

static void
on_closed (ParlorConnection *link,
           const GError     *error,
           ParlorClient     *self)
{
  if (self->leaving)
    {
      finish (self, NULL);
      return;
    }
  if (self->state == PARLOR_CLIENT_FINISHED && self->connecting == NULL)
    {
      finish (self, NULL);
      return;
    }
  /* No `bye`: the host did not leave, the connection broke. */
  finish (self, g_error_new_literal (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_LOST,
                                     _("The connection to the host was lost")));
}

static gboolean
on_welcome_timeout (gpointer data)
{
  ParlorClient *self = data;

  self->welcome_timeout_id = 0;
  finish (self, g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TIMED_OUT,
                             _("%s did not answer in time"), self->address));

  return G_SOURCE_REMOVE;
}

static GError *
translate_connect_error (ParlorClient *self,
                         const GError *error)
{
  if (error->domain == G_RESOLVER_ERROR)
    return g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_NO_HOST,
                        _("There is no computer called “%s”"), self->address);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED))
    return g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REFUSED,
                        _("%s refused the connection; is a game hosted there?"), self->address);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    return g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TIMED_OUT,
                        _("%s did not answer in time"), self->address);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_NO_HOST,
                        _("%s cannot be reached"), self->address);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_error_copy (error);

  return g_error_new (PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_FAILED,
                      _("Could not connect to %s: %s"), self->address, error->message);
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(ParlorClient) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(ParlorLine) hello = NULL;
  GSocket *socket;

  connection = g_socket_client_connect_to_host_finish (G_SOCKET_CLIENT (object), result, &error);
  if (self->connecting == NULL)
    return;
  if (connection == NULL)
    {
      finish (self, translate_connect_error (self, error));
      return;
    }

  /* The connect timeout must not stay on the socket: a quiet game is fine. */
  socket = g_socket_connection_get_socket (connection);
  g_socket_set_timeout (socket, 0);
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  g_socket_set_keepalive (socket, TRUE);

  self->link = parlor_connection_new (G_IO_STREAM (connection), PARLOR_PROTOCOL_CLIENT_MAX_LINE,
                                      CLIENT_MAX_OUTPUT);
  parlor_connection_set_handler (self->link, &link_handler, self);
  g_signal_connect (self->link, "closed", G_CALLBACK (on_closed), self);
  parlor_connection_start (self->link);

  hello = parlor_line_new ("hello");
  parlor_line_set_int (hello, "version", PARLOR_PROTOCOL_VERSION);
  parlor_line_set (hello, "name", self->name);
  if (self->token != NULL)
    parlor_line_set (hello, "token", self->token);
  send_line (self, hello);
  log_message (self, _("Connected; introducing ourselves to the host…"));

  if (self->timeout_seconds > 0)
    self->welcome_timeout_id = g_timeout_add_seconds (self->timeout_seconds,
                                                      on_welcome_timeout, self);
}

void
parlor_client_connect_async (ParlorClient        *self,
                             const char          *address,
                             guint                timeout_seconds,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autofree char *message = NULL;

  g_return_if_fail (PARLOR_IS_CLIENT (self));
  g_return_if_fail (address != NULL);
  g_return_if_fail (self->connecting == NULL);

  drop_link (self);
  reset_table (self);
  self->leaving = FALSE;
  set_str (&self->address, address);
  self->timeout_seconds = timeout_seconds;
  self->connecting = g_task_new (self, cancellable, callback, user_data);
  set_state (self, PARLOR_CLIENT_CONNECTING);

  message = g_strdup_printf (_("Connecting to %s…"), address);
  log_message (self, message);

  g_clear_object (&self->socket_client);
  self->socket_client = g_socket_client_new ();
  g_socket_client_set_timeout (self->socket_client, timeout_seconds);
  /* Games are played on the local network, never through a proxy. */
  g_socket_client_set_enable_proxy (self->socket_client, FALSE);
  g_socket_client_connect_to_host_async (self->socket_client, address,
                                         PARLOR_PROTOCOL_DEFAULT_PORT, cancellable,
                                         connected_cb, g_object_ref (self));
}

gboolean
parlor_client_connect_finish (ParlorClient  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
send_simple (ParlorClient *self,
             const char   *type,
             const char   *key,
             const char   *value)
{
  g_autoptr(ParlorLine) line = parlor_line_new (type);

  if (key != NULL && value != NULL)
    parlor_line_set (line, key, value);
  send_line (self, line);
}

void
parlor_client_join (ParlorClient *self,
                    const char   *table_id)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));
  send_simple (self, "join", "table", table_id);
}

void
parlor_client_create (ParlorClient *self,
                      const char   *game_id,
                      const char   *config)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("create");

  g_return_if_fail (PARLOR_IS_CLIENT (self));

  if (game_id != NULL)
    parlor_line_set (line, "game", game_id);
  if (config != NULL && *config != '\0')
    parlor_line_set (line, "config", config);
  send_line (self, line);
}

void
parlor_client_start (ParlorClient *self)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));
  send_simple (self, "start", NULL, NULL);
}

gboolean
parlor_client_submit (ParlorClient *self,
                      const char   *action)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return parlor_client_submit_prompt (self, self->prompt_serial, action);
}

gboolean
parlor_client_submit_prompt (ParlorClient *self,
                             guint         serial,
                             const char   *action)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->state != PARLOR_CLIENT_PLAYING || self->link == NULL)
    return FALSE;

  if (serial != 0)
    {
      char prefix[32];

      g_snprintf (prefix, sizeof prefix, "serial=%u", serial);
      {
        g_autofree char *payload = g_strconcat (prefix, " ", action, NULL);

        parlor_connection_send_payload (self->link, "action", payload);
      }
    }
  else
    parlor_connection_send_payload (self->link, "action", action);

  return TRUE;
}

guint
parlor_client_get_prompt (ParlorClient *self,
                          gboolean     *claim,
                          gint64       *deadline)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), 0);

  if (claim != NULL)
    *claim = self->prompt_serial != 0 && self->prompt_kind == 1;
  if (deadline != NULL)
    *deadline = self->prompt_deadline;
  return self->prompt_serial;
}

guint
parlor_client_get_claim_limit (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), 0);
  return self->claim_limit;
}

void
parlor_client_leave (ParlorClient *self)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));
  send_simple (self, "leave", NULL, NULL);
}

void
parlor_client_disconnect (ParlorClient *self)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));

  self->leaving = TRUE;
  if (self->link != NULL)
    send_simple (self, "bye", NULL, NULL);
  if (self->connecting != NULL)
    finish (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                       _("Connecting was cancelled")));
  else
    finish (self, NULL);
}

void
parlor_client_send_raw (ParlorClient *self,
                        const char   *line)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));
  g_return_if_fail (line != NULL);

  if (self->link != NULL)
    parlor_connection_send (self->link, line);
}

void
parlor_client_set_token (ParlorClient *self,
                         const char   *token)
{
  g_return_if_fail (PARLOR_IS_CLIENT (self));
  set_str (&self->token, token);
}

ParlorClientState
parlor_client_get_state (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), PARLOR_CLIENT_DISCONNECTED);
  return self->state;
}

const char *
parlor_client_get_name (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->name;
}

const char *
parlor_client_get_table_id (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->table_id;
}

const char *
parlor_client_get_game_id (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->game_id;
}

const char *
parlor_client_get_token (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->token;
}

gboolean
parlor_client_is_owner (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), FALSE);
  return self->owner;
}

int
parlor_client_get_seat (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), -1);
  return self->seat;
}

guint
parlor_client_get_n_seats (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), 0);
  return self->n_seats;
}

guint
parlor_client_get_time_limit (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), 0);
  return self->time_limit;
}

const char * const *
parlor_client_get_players (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return (const char * const *) self->players;
}

const char *
parlor_client_get_seat_name (ParlorClient *self,
                             guint         seat)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  g_return_val_if_fail (seat < MAX_SEATS, NULL);
  return self->seat_names[seat];
}

gboolean
parlor_client_seat_is_human (ParlorClient *self,
                             guint         seat)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (seat < MAX_SEATS, FALSE);
  return self->seat_human[seat];
}

const char *
parlor_client_get_seat_replaced (ParlorClient *self,
                                 guint         seat)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  g_return_val_if_fail (seat < MAX_SEATS, NULL);
  return self->seat_replaced[seat];
}

const char *
parlor_client_get_view (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->view;
}

guint32
parlor_client_get_waiting (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), 0);
  return self->waiting;
}

const char *
parlor_client_get_result (ParlorClient *self)
{
  g_return_val_if_fail (PARLOR_IS_CLIENT (self), NULL);
  return self->result;
}

static void
parlor_client_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ParlorClient *self = PARLOR_CLIENT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_client_dispose (GObject *object)
{
  ParlorClient *self = PARLOR_CLIENT (object);

  g_clear_handle_id (&self->welcome_timeout_id, g_source_remove);
  drop_link (self);
  g_clear_object (&self->socket_client);

  G_OBJECT_CLASS (parlor_client_parent_class)->dispose (object);
}

static void
parlor_client_finalize (GObject *object)
{
  ParlorClient *self = PARLOR_CLIENT (object);

  reset_table (self);
  g_free (self->name);
  g_free (self->address);
  g_free (self->token);

  G_OBJECT_CLASS (parlor_client_parent_class)->finalize (object);
}

static void
parlor_client_class_init (ParlorClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->get_property = parlor_client_get_property;
  object_class->dispose = parlor_client_dispose;
  object_class->finalize = parlor_client_finalize;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, PARLOR_TYPE_CLIENT_STATE, PARLOR_CLIENT_DISCONNECTED,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[LOG] = g_signal_new ("log", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                               G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[PLAYERS_CHANGED] = g_signal_new ("players-changed", type, G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[STARTED] = g_signal_new ("started", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  signals[SEAT_CHANGED] = g_signal_new ("seat-changed", type, G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Fired for every move: the strings live through the emission and are
   * not copied for each handler. */
  signals[VIEW] = g_signal_new ("view", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[EVENT] = g_signal_new ("event", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[TURN] = g_signal_new ("turn", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                parlor_marshal_VOID__UINT_UINT,
                                G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  g_signal_set_va_marshaller (signals[TURN], type, parlor_marshal_VOID__UINT_UINTv);
  signals[ACK] = g_signal_new ("ack", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                               G_TYPE_NONE, 0);
  signals[REJECTED] = g_signal_new ("rejected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[FAILED] = g_signal_new ("failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[GAME_OVER] = g_signal_new ("game-over", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TIMED_OUT] = g_signal_new ("timed-out", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 0);
  signals[HISTORY] = g_signal_new ("history", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[LINE_RECEIVED] = g_signal_new ("line-received", type, G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
parlor_client_init (ParlorClient *self)
{
  self->seat = -1;
}

ParlorClient *
parlor_client_new (const char *name)
{
  ParlorClient *self;

  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (PARLOR_TYPE_CLIENT, NULL);
  self->name = parlor_text_sanitize (name, PARLOR_PROTOCOL_NAME_MAX);

  return self;
}
