/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-server"

#include "config.h"

#include <gio/gnetworking.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/resource.h>

#include "parlor-line.h"
#include "parlor-protocol.h"
#include "parlor-server-private.h"

/* ---- connections -------------------------------------------------------- */

void
_parlor_server_conn_free (Conn *conn)
{
  g_signal_handlers_disconnect_by_data (conn->link, conn);
  parlor_connection_set_handler (conn->link, NULL, NULL);
  g_object_unref (conn->link);
  if (conn->address != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (conn->server->per_address, conn->address));

      if (n > 1)
        g_hash_table_insert (conn->server->per_address, g_strdup (conn->address), GUINT_TO_POINTER (n - 1));
      else
        g_hash_table_remove (conn->server->per_address, conn->address);
    }
  g_free (conn->address);
  g_free (conn->name);
  g_free (conn->peer);
  g_free (conn);
}

void
_parlor_server_conn_leave_table (Conn     *conn,
                                 gboolean  dropped)
{
  ServerTable *st = conn->table;
  Slot *slot = conn->slot;
  g_autofree char *message = NULL;

  if (st == NULL || slot == NULL)
    return;

  conn->table = NULL;
  conn->slot = NULL;
  slot->conn = NULL;
  slot->state_due = FALSE;
  slot->acks_due = 0;

  if (!st->started)
    {
      message = g_strdup_printf (_("%s left"), slot->name);
      _parlor_server_log (st->server, st, message);
      if (st->owner == slot)
        st->owner = NULL;
      g_ptr_array_remove (st->slots, slot);
      if (st->owner == NULL && !st->has_host && st->slots->len > 0)
        st->owner = g_ptr_array_index (st->slots, 0);
      _parlor_server_send_players (st);
    }
  else if (!st->over && slot->seat >= 0)
    {
      message = g_strdup_printf (_("%s left; a computer player takes their seat until they come back"),
                                 slot->name);
      _parlor_server_log (st->server, st, message);
      _parlor_server_send_notice (st, dropped ? "dropped" : "left", slot->seat, slot->name);
      parlor_table_set_seat_kind (st->table, slot->seat, PARLOR_SEAT_AI);
    }

  _parlor_server_table_maybe_remove (st);
}

static gboolean
reap (gpointer data)
{
  ParlorServer *self = data;
  g_autoptr(GPtrArray) dead = NULL;

  self->reap_id = 0;
  dead = g_steal_pointer (&self->dead);
  self->dead = g_ptr_array_new ();

  for (guint i = 0; i < dead->len; i++)
    {
      Conn *conn = g_ptr_array_index (dead, i);

      _parlor_server_conn_leave_table (conn, TRUE);
      g_hash_table_remove (self->conns, conn);
      _parlor_server_conn_free (conn);
    }

  /* Finished tables whose players all went. */
  for (guint i = self->tables->len; i > 0; i--)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i - 1);

      if (st->over)
        _parlor_server_table_maybe_remove (st);
    }

  return G_SOURCE_REMOVE;
}

void
_parlor_server_schedule_reap (ParlorServer *self)
{
  if (self->reap_id == 0)
    self->reap_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, reap, self, NULL);
}

static void
on_conn_closed (ParlorConnection *link,
                const GError     *error,
                Conn             *conn)
{
  if (conn->dead)
    return;
  conn->dead = TRUE;
  if (error != NULL)
    g_debug ("connection from %s closed: %s", conn->peer, error->message);
  g_ptr_array_add (conn->server->dead, conn);
  _parlor_server_schedule_reap (conn->server);
}

static void
conn_close (Conn *conn)
{
  parlor_connection_close (conn->link, TRUE);
}

void
_parlor_server_conn_send_error (Conn       *conn,
                                const char *code,
                                const char *message,
                                gboolean    fatal)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("error");
  g_autofree char *text = NULL;

  parlor_line_set (line, "code", code);
  parlor_line_set (line, "message", message);
  if (fatal)
    parlor_line_set_int (line, "fatal", 1);
  text = parlor_line_to_string (line, NULL);
  if (text == NULL)
    {
      /* A message that quotes what the peer sent can print over the limit;
       * its start says enough (256 characters print in at most 1.5 KiB). */
      g_autofree char *start = g_utf8_substring (message, 0, 256);
      g_autofree char *shorter = g_strconcat (start, "…", NULL);

      parlor_line_set (line, "message", shorter);
      text = _parlor_server_print_line (line);
    }
  if (text != NULL)
    _parlor_server_conn_send (conn, text);

  if (fatal)
    conn_close (conn);
  else if (++conn->errors >= MAX_ERRORS)
    _parlor_server_conn_send_error (conn, "too-many-errors", _("Too many bad messages; goodbye"), TRUE);
}

void
_parlor_server_send_joined (Conn        *conn,
                            ServerTable *st,
                            Slot        *slot)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("joined");

  parlor_line_set (line, "table", st->id);
  parlor_line_set (line, "game", st->info->id);
  parlor_line_set (line, "token", slot->token);
  parlor_line_set_int (line, "seats", parlor_table_get_n_seats (st->table));
  parlor_line_set_int (line, "owner", st->owner == slot);
  _parlor_server_conn_send_line (conn, line);
}

static void
handle_create (Conn       *conn,
               ParlorLine *line)
{
  ParlorServer *self = conn->server;
  g_autoptr(GError) error = NULL;
  const char *game = parlor_line_get (line, "game");
  ServerTable *st;

  if (!self->allow_create)
    {
      _parlor_server_conn_send_error (conn, "no-create", _("This host does not let players open tables"), FALSE);
      return;
    }
  st = _parlor_server_table_new (self, game != NULL ? game : self->default_game,
                                 parlor_line_get (line, "config"), &error);
  if (st == NULL)
    {
      _parlor_server_conn_send_error (conn, "bad-game", error->message, FALSE);
      return;
    }
  _parlor_server_conn_join (conn, st);
}

static void
handle_join (Conn       *conn,
             ParlorLine *line)
{
  ParlorServer *self = conn->server;
  const char *id = parlor_line_get (line, "table");
  ServerTable *st = NULL;

  if (id != NULL)
    {
      st = _parlor_server_find_table (self, id);
      if (st == NULL)
        {
          _parlor_server_conn_send_error (conn, "no-table", _("There is no such table"), FALSE);
          return;
        }
    }
  else
    {
      guint n_open = 0;

      for (guint i = 0; i < self->tables->len; i++)
        {
          ServerTable *candidate = g_ptr_array_index (self->tables, i);

          if (_parlor_server_table_is_open (candidate))
            {
              n_open++;
              st = candidate;
            }
        }
      if (n_open > 1)
        {
          _parlor_server_conn_send_error (conn, "choose-table", _("Several tables are open; choose one"), FALSE);
          return;
        }
      if (n_open == 0)
        {
          g_autoptr(GError) error = NULL;

          if (self->allow_create && self->default_game != NULL)
            {
              st = _parlor_server_table_new (self, self->default_game, NULL, &error);
              if (st == NULL)
                {
                  _parlor_server_conn_send_error (conn, "bad-game", error->message, FALSE);
                  return;
                }
            }
          else if (self->tables->len > 0)
            {
              ServerTable *first = g_ptr_array_index (self->tables, 0);

              _parlor_server_conn_send_error (conn, first->started ? "started" : "full",
                                              first->started ? _("The game has already started")
                                                             : _("The game is full"), FALSE);
              return;
            }
          else
            {
              _parlor_server_conn_send_error (conn, "no-table", _("There is no table to join"), FALSE);
              return;
            }
        }
    }

  if (st->started)
    {
      _parlor_server_conn_send_error (conn, "started", _("The game has already started"), FALSE);
      return;
    }
  if (!_parlor_server_table_is_open (st))
    {
      _parlor_server_conn_send_error (conn, "full", _("The game is full"), FALSE);
      return;
    }

  _parlor_server_conn_join (conn, st);
}

static void
handle_resume (Conn       *conn,
               const char *token)
{
  ParlorServer *self = conn->server;
  g_autofree char *message = NULL;

  for (guint i = 0; i < self->tables->len; i++)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i);

      for (guint j = 0; j < st->slots->len; j++)
        {
          Slot *slot = g_ptr_array_index (st->slots, j);

          if (slot->local || !g_str_equal (slot->token, token))
            continue;

          if (slot->conn != NULL)
            {
              _parlor_server_conn_send_error (conn, "seat-taken", _("That seat is in use by a connected player"), FALSE);
              return;
            }
          if (!st->started || st->over)
            {
              _parlor_server_conn_send_error (conn, "token", st->over ? _("That game is over")
                                                                      : _("That game has not started"), FALSE);
              return;
            }

          slot->conn = conn;
          conn->table = st;
          conn->slot = slot;
          conn->state = CONN_PLAYING;
          _parlor_server_send_joined (conn, st, slot);
          parlor_table_set_seat_kind (st->table, slot->seat, PARLOR_SEAT_REMOTE);
          _parlor_server_send_seating (st, slot);
          _parlor_server_send_notice (st, "returned", slot->seat, slot->name);
          _parlor_server_send_state_full (st, slot, TRUE);
          message = g_strdup_printf (_("%s is back and takes their seat again"), slot->name);
          _parlor_server_log (self, st, message);
          return;
        }
    }

  _parlor_server_conn_send_error (conn, "token", _("This seat token is not known here"), FALSE);
}

static void
handle_hello (Conn       *conn,
              ParlorLine *line)
{
  g_autoptr(ParlorLine) welcome = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  const char *token;
  gint64 version;

  if (!parlor_line_get_int (line, "version", 0, G_MAXINT32, &version, &error))
    {
      _parlor_server_conn_send_error (conn, "version", error->message, TRUE);
      return;
    }
  if (version != PARLOR_PROTOCOL_VERSION)
    {
      g_autofree char *message =
        g_strdup_printf (_("This host speaks version %d of the protocol, not %d"),
                         PARLOR_PROTOCOL_VERSION, (int) version);

      _parlor_server_conn_send_error (conn, "version", message, TRUE);
      return;
    }

  name = parlor_line_get (line, "name");
  conn->name = parlor_text_sanitize (name != NULL ? name : "", PARLOR_PROTOCOL_NAME_MAX);
  if (conn->name[0] == '\0')
    _parlor_server_set_str (&conn->name, _("Player"));

  conn->state = CONN_LOBBY;
  welcome = parlor_line_new ("welcome");
  parlor_line_set_int (welcome, "version", PARLOR_PROTOCOL_VERSION);
  parlor_line_set (welcome, "name", conn->name);
  _parlor_server_conn_send_line (conn, welcome);

  token = parlor_line_get (line, "token");
  if (token != NULL)
    handle_resume (conn, token);
}

static void
handle_tables (Conn *conn)
{
  ParlorServer *self = conn->server;
  g_autoptr(ParlorLine) end = parlor_line_new ("end");

  for (guint i = 0; i < self->tables->len; i++)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i);
      g_autoptr(ParlorLine) line = parlor_line_new ("table");

      parlor_line_set (line, "id", st->id);
      parlor_line_set (line, "game", st->info->id);
      parlor_line_set_int (line, "players", st->slots->len);
      parlor_line_set_int (line, "seats", parlor_table_get_n_seats (st->table));
      parlor_line_set (line, "state", st->over ? "over" : st->started ? "playing" : "open");
      _parlor_server_conn_send_line (conn, line);
    }
  parlor_line_set_int (end, "count", self->tables->len);
  _parlor_server_conn_send_line (conn, end);
}

static const char *
game_error_code (const GError *error)
{
  if (error->domain != PARLOR_GAME_ERROR)
    return "illegal";
  switch ((ParlorGameError) error->code)
    {
    case PARLOR_GAME_ERROR_SYNTAX:
      return "syntax";
    case PARLOR_GAME_ERROR_NOT_YOUR_TURN:
      return "not-your-turn";
    case PARLOR_GAME_ERROR_OVER:
      return "over";
    case PARLOR_GAME_ERROR_STALE:
      return "stale";
    case PARLOR_GAME_ERROR_ILLEGAL:
    case PARLOR_GAME_ERROR_CONFIG:
    default:
      return "illegal";
    }
}

static void
handle_action (Conn       *conn,
               const char *text)
{
  const char *payload = parlor_protocol_payload (text, "action");
  g_autoptr(GError) error = NULL;
  ServerTable *st = conn->table;
  guint serial = 0;

  if (payload == NULL)
    {
      _parlor_server_conn_send_error (conn, "syntax", _("An action needs the move after the word “action”"), FALSE);
      return;
    }
  if (st == NULL || conn->slot == NULL || conn->slot->seat < 0)
    {
      _parlor_server_conn_send_error (conn, "state", _("You have no seat in a game"), FALSE);
      return;
    }
  /* `action serial=N <line>` answers prompt N; a game line never starts
   * with a key (its first word is its type). */
  if (g_str_has_prefix (payload, "serial="))
    {
      const char *p = payload + strlen ("serial=");
      char *end = NULL;
      guint64 value = g_ascii_strtoull (p, &end, 10);

      if (end == p || *end != ' ' || value == 0 || value > G_MAXUINT)
        {
          _parlor_server_conn_send_error (conn, "syntax", _("“serial=” needs the number of a prompt"), FALSE);
          return;
        }
      serial = (guint) value;
      while (*end == ' ')
        end++;
      payload = end;
      if (*payload == '\0')
        {
          _parlor_server_conn_send_error (conn, "syntax", _("An action needs the move after the word “action”"), FALSE);
          return;
        }
    }
  if (!parlor_table_submit_prompt (st->table, conn->slot->seat, serial, payload, &error))
    {
      _parlor_server_conn_send_error (conn, game_error_code (error), error->message, FALSE);
      return;
    }
  /* After the view that shows the move. */
  conn->slot->acks_due++;
  if (!conn->slot->state_due)
    _parlor_server_conn_send_due (conn);
}

static gboolean
state_allows (ConnState   state,
              const char *type)
{
  static const struct { const char *type; guint states; } allowed[] = {
    { "hello",  1 << CONN_NEW },
    { "tables", 1 << CONN_LOBBY | 1 << CONN_WAITING | 1 << CONN_FINISHED },
    { "create", 1 << CONN_LOBBY },
    { "join",   1 << CONN_LOBBY },
    { "resume", 1 << CONN_LOBBY },
    { "start",  1 << CONN_WAITING },
    { "leave",  1 << CONN_WAITING | 1 << CONN_PLAYING | 1 << CONN_FINISHED },
    { "action", 1 << CONN_PLAYING },
    { "ping",   0x1f },
    { "bye",    0x1f },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (allowed); i++)
    if (g_str_equal (allowed[i].type, type))
      return (allowed[i].states & (1u << state)) != 0;

  return FALSE;
}

static gboolean
type_is_known (const char *type)
{
  static const char * const known[] = {
    "hello", "tables", "create", "join", "resume", "start", "leave", "action", "ping", "bye", NULL
  };

  return g_strv_contains (known, type);
}

static void
handle_line (Conn       *conn,
             const char *text)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(GError) error = NULL;
  const char *type;

  if (conn->dead)
    return;

  line = parlor_line_parse (text, &error);
  if (line == NULL)
    {
      if (g_error_matches (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_EMPTY))
        return;
      _parlor_server_conn_send_error (conn,
                                      g_error_matches (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_ENCODING)
                                        ? "encoding" : "syntax",
                                      error->message, conn->state == CONN_NEW);
      return;
    }

  type = parlor_line_get_type (line);
  if (!type_is_known (type))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a message this host knows"), type);

      _parlor_server_conn_send_error (conn, "unknown", message, conn->state == CONN_NEW);
      return;
    }
  if (!state_allows (conn->state, type))
    {
      g_autofree char *message = NULL;

      if (conn->state == CONN_NEW)
        {
          _parlor_server_conn_send_error (conn, "state", _("Say hello first"), TRUE);
          return;
        }
      message = g_strdup_printf (_("“%s” cannot be sent now"), type);
      _parlor_server_conn_send_error (conn, "state", message, FALSE);
      return;
    }

  if (g_str_equal (type, "hello"))
    handle_hello (conn, line);
  else if (g_str_equal (type, "ping"))
    {
      g_autoptr(ParlorLine) pong = parlor_line_new ("pong");
      const char *id = parlor_line_get (line, "id");

      if (id != NULL)
        parlor_line_set (pong, "id", id);
      _parlor_server_conn_send_line (conn, pong);
    }
  else if (g_str_equal (type, "bye"))
    {
      _parlor_server_conn_leave_table (conn, FALSE);
      _parlor_server_conn_send (conn, "bye");
      conn_close (conn);
    }
  else if (g_str_equal (type, "tables"))
    handle_tables (conn);
  else if (g_str_equal (type, "create"))
    handle_create (conn, line);
  else if (g_str_equal (type, "join"))
    handle_join (conn, line);
  else if (g_str_equal (type, "resume"))
    {
      const char *token = parlor_line_require (line, "token", &error);

      if (token == NULL)
        _parlor_server_conn_send_error (conn, "syntax", error->message, FALSE);
      else
        handle_resume (conn, token);
    }
  else if (g_str_equal (type, "start"))
    {
      if (conn->table == NULL || conn->table->owner != conn->slot)
        _parlor_server_conn_send_error (conn, "not-owner", _("Only the table's host can start the game"), FALSE);
      else if (!_parlor_server_table_start (conn->table, &error))
        _parlor_server_conn_send_error (conn, "started", error->message, FALSE);
    }
  else if (g_str_equal (type, "leave"))
    {
      _parlor_server_conn_leave_table (conn, FALSE);
      conn->state = CONN_LOBBY;
      _parlor_server_conn_send (conn, "left");
    }
  else if (g_str_equal (type, "action"))
    handle_action (conn, text);
}

static void
on_conn_line (ParlorConnection *link,
              const char       *text,
              gpointer          data)
{
  Conn *conn = data;

  conn->active_at = g_get_monotonic_time ();
  handle_line (conn, text);
}

static void
on_conn_prepare_write (ParlorConnection *link,
                       gpointer          conn)
{
  _parlor_server_conn_send_due (conn);
}

static const ParlorConnectionHandler conn_handler = { on_conn_line, on_conn_prepare_write };

static void
on_conn_overlong (ParlorConnection *link,
                  Conn             *conn)
{
  g_autofree char *message = g_strdup_printf (_("A message may be at most %d bytes long"),
                                              PARLOR_PROTOCOL_MAX_LINE);

  _parlor_server_conn_send_error (conn, "too-long", message, FALSE);
}

static Conn *
accept_stream (ParlorServer *self,
               GIOStream    *stream)
{
  Conn *conn = g_new0 (Conn, 1);

  conn->server = self;
  conn->link = parlor_connection_new (stream, PARLOR_PROTOCOL_MAX_LINE, self->max_output);
  conn->peer = parlor_connection_get_peer (conn->link);
  conn->connected_at = g_get_monotonic_time ();
  conn->active_at = conn->connected_at;
  g_hash_table_add (self->conns, conn);

  parlor_connection_set_handler (conn->link, &conn_handler, conn);
  g_signal_connect (conn->link, "overlong", G_CALLBACK (on_conn_overlong), conn);
  g_signal_connect (conn->link, "closed", G_CALLBACK (on_conn_closed), conn);
  parlor_connection_start (conn->link);

  return conn;
}

/* The connections the server takes in all: the setting, and what the
 * descriptor limit leaves. */
static guint
connection_cap (ParlorServer *self)
{
  struct rlimit limit;
  guint cap = self->max_connections > 0 ? self->max_connections : G_MAXUINT;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    {
      rlim_t usable = limit.rlim_cur > 2 * RESERVED_FDS ? limit.rlim_cur - RESERVED_FDS
                                                         : limit.rlim_cur / 2;

      cap = MIN (cap, (guint) MIN (usable, (rlim_t) G_MAXUINT));
    }

  return cap;
}

/* A refusal costs one write and the descriptor is closed at once. */
static void
refuse (ParlorServer *self,
        GSocket      *socket,
        const char   *message)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("error");
  g_autofree char *body = NULL;
  g_autofree char *text = NULL;

  parlor_line_set (line, "code", "busy");
  parlor_line_set (line, "message", message);
  parlor_line_set_int (line, "fatal", 1);
  body = _parlor_server_print_line (line);
  /* Non-blocking: a peer that cannot take one line gets nothing. */
  if (body != NULL)
    {
      text = g_strconcat (body, "\n", NULL);
      g_socket_send (socket, text, strlen (text), NULL, NULL);
    }
  g_socket_shutdown (socket, FALSE, TRUE, NULL);
  g_socket_close (socket, NULL);
  self->n_refused++;
}

static char *
socket_address (GSocket *socket)
{
  g_autoptr(GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  GInetAddress *inet;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    return NULL;
  inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote));

  return g_inet_address_to_string (inet);
}

static int
compare_active (gconstpointer a,
                gconstpointer b)
{
  const Conn *x = *(Conn * const *) a;
  const Conn *y = *(Conn * const *) b;

  return x->active_at < y->active_at ? -1 : x->active_at > y->active_at;
}

/* Closes up to @max of the connections idle longest (a second at least)
 * that are at no table: never a player's seat. Returns how many. */
static guint
evict_idle (ParlorServer *self,
            guint         max)
{
  g_autoptr(GPtrArray) idle = g_ptr_array_new ();
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer key;
  guint n;

  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Conn *conn = key;

      if (!conn->dead && (conn->state == CONN_NEW || conn->state == CONN_LOBBY) &&
          now - conn->active_at >= G_USEC_PER_SEC)
        g_ptr_array_add (idle, conn);
    }
  g_ptr_array_sort (idle, compare_active);
  n = MIN (idle->len, max);
  for (guint i = 0; i < n; i++)
    {
      self->n_evicted++;
      _parlor_server_conn_send_error (g_ptr_array_index (idle, i), "busy",
                                      _("The host is too busy; try again later"), TRUE);
    }

  return n;
}

static void
take_socket (ParlorServer *self,
             GSocket      *socket)
{
  g_autoptr(GSocketConnection) connection = NULL;
  g_autofree char *address = NULL;
  guint n_from;
  Conn *conn;

  if (self->stopped)
    {
      g_socket_close (socket, NULL);
      return;
    }

  address = socket_address (socket);
  n_from = address != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address)) : 0;
  /* At the cap a newcomer takes the place of one idling at no table. */
  if (g_hash_table_size (self->conns) >= connection_cap (self) && evict_idle (self, 1) == 0)
    {
      refuse (self, socket, _("The host has too many players connected; try again later"));
      return;
    }
  if (self->max_per_address > 0 && n_from >= self->max_per_address)
    {
      refuse (self, socket, _("Too many connections from your computer"));
      return;
    }

  g_socket_set_keepalive (socket, TRUE);
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  connection = g_socket_connection_factory_create_connection (socket);
  conn = accept_stream (self, G_IO_STREAM (connection));
  if (address != NULL)
    {
      g_hash_table_insert (self->per_address, g_strdup (address), GUINT_TO_POINTER (n_from + 1));
      conn->address = g_steal_pointer (&address);
    }
}

static void
on_accepted (GSocket  *socket,
             gpointer  data)
{
  take_socket (data, socket);
  g_object_unref (socket);
}

/* Out of descriptors: idle connections at no table make room. */
static void
on_starved (gpointer data)
{
  evict_idle (data, EVICT_BATCH);
}

const ParlorListenerHandler _parlor_server_listener_handler = { on_accepted, on_starved };

/* Serves a client on any stream (tests and fuzzing use memory streams). */
void
parlor_server_accept_stream (ParlorServer *self,
                             GIOStream    *stream)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  g_return_if_fail (G_IS_IO_STREAM (stream));
  g_return_if_fail (!self->stopped);

  (void) accept_stream (self, stream);
}

/* Half-sent lines and silent newcomers time out. */
static gboolean
sweep (gpointer data)
{
  ParlorServer *self = data;
  gint64 now = g_get_monotonic_time ();
  gint64 limit = (gint64) self->line_timeout * 1000;
  GHashTableIter iter;
  gpointer key;
  g_autoptr(GPtrArray) late = g_ptr_array_new ();
  g_autoptr(GPtrArray) idle = g_ptr_array_new ();

  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Conn *conn = key;
      gint64 since = parlor_connection_get_partial_since (conn->link);

      if (conn->dead)
        continue;
      if ((since > 0 && now - since > limit) ||
          (conn->state == CONN_NEW && now - conn->connected_at > limit))
        g_ptr_array_add (late, conn);
      else if (conn->state == CONN_LOBBY && self->lobby_timeout > 0 &&
               now - conn->active_at > (gint64) self->lobby_timeout * 1000)
        g_ptr_array_add (idle, conn);
    }

  for (guint i = 0; i < late->len; i++)
    _parlor_server_conn_send_error (g_ptr_array_index (late, i), "timeout",
                                    _("The message was not finished in time"), TRUE);
  for (guint i = 0; i < idle->len; i++)
    _parlor_server_conn_send_error (g_ptr_array_index (idle, i), "idle",
                                    _("You stayed too long without joining a table"), TRUE);

  return G_SOURCE_CONTINUE;
}

void
_parlor_server_restart_sweep (ParlorServer *self)
{
  g_clear_handle_id (&self->sweep_id, g_source_remove);
  self->sweep_id = g_timeout_add (CLAMP (MIN (self->line_timeout, self->lobby_timeout > 0 ? self->lobby_timeout : G_MAXUINT) / 4,
                                         10, 1000), sweep, self);
}
