/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-server"

#include "config.h"

#include <gio/gnetworking.h>
#include <sys/resource.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-connection.h"
#include "parlor-line.h"
#include "parlor-listener.h"
#include "parlor-protocol.h"
#include "parlor-secret.h"
#include "parlor-server.h"

#define DEFAULT_LINE_TIMEOUT_MS 10000
#define DEFAULT_MAX_OUTPUT (512 * 1024)
/* A client that keeps sending bad lines is dropped after this many. */
#define MAX_ERRORS 100
/* Connections: in all, from one address, and the time one may idle in the
 * lobby (welcomed, at no table). */
#define DEFAULT_MAX_CONNECTIONS 1024
#define DEFAULT_MAX_PER_ADDRESS 64
#define DEFAULT_LOBBY_TIMEOUT_MS (120 * 1000)
/* Descriptors kept free for everything else the process opens. */
#define RESERVED_FDS 32
/* Lobby connections closed at most when accept() runs out of descriptors. */
#define EVICT_BATCH 16

typedef enum
{
  CONN_NEW,       /* before hello */
  CONN_LOBBY,     /* welcomed, at no table */
  CONN_WAITING,   /* at a table that has not started */
  CONN_PLAYING,   /* in a seat */
  CONN_FINISHED,  /* the game is over */
} ConnState;

typedef struct _Conn Conn;
typedef struct _ServerTable ServerTable;

typedef struct
{
  char        *name;
  char        *token;
  guint        player;   /* index given by parlor_table_add_player() */
  int          seat;     /* -1 before the start */
  Conn        *conn;     /* NULL while away (or for the local host) */
  gboolean     local;
  /* Written when the connection's output leaves, after every event of the
   * moves read meanwhile: the view once, then the acks of those moves. */
  gboolean     state_due;
  guint        acks_due;
  /* What the seat was last told: a seat hears of a change only when its
   * own view or its own prompt changed, never of another seat's prompt. */
  char        *sent_view;
  guint        sent_serial;  /* 0: no prompt open */
} Slot;

struct _ServerTable
{
  ParlorServer         *server;
  char                 *id;
  const ParlorGameInfo *info;
  ParlorTable          *table;
  GPtrArray            *slots;       /* Slot*, in joining order */
  Slot                 *owner;       /* may start the table */
  gboolean              has_host;
  gboolean              starting;
  gboolean              started;
  gboolean              over;
  GPtrArray            *held;        /* events emitted while starting */
};

struct _Conn
{
  ParlorServer     *server;
  ParlorConnection *link;
  ConnState         state;
  char             *name;
  char             *peer;
  ServerTable      *table;
  Slot             *slot;
  char             *address;       /* counted in the server's per_address */
  guint             errors;
  gint64            connected_at;
  gint64            active_at;     /* the last line read */
  gboolean          dead;
};

struct _ParlorServer
{
  GObject            parent_instance;

  ParlorGameLookup   lookup;
  ParlorListener    *listener;
  GHashTable        *per_address;    /* address → connections (GUINT_TO_POINTER) */
  GHashTable        *conns;          /* Conn* set */
  GPtrArray         *dead;           /* Conn* to free */
  GPtrArray         *tables;         /* ServerTable* */
  guint              next_table;
  guint              reap_id;
  guint              sweep_id;

  char              *default_game;
  gboolean           allow_create;
  guint              time_limit;
  guint              claim_limit;
  int                strength;       /* -1: ai_level or the game's default */
  char              *ai_level;
  guint              ai_delay;
  guint64            seed;
  guint              line_timeout;
  gsize              max_output;
  guint              max_connections;
  guint              max_per_address;
  guint              lobby_timeout;
  guint64            n_refused;
  guint64            n_evicted;
  gboolean           stopped;
};

G_DEFINE_FINAL_TYPE (ParlorServer, parlor_server, G_TYPE_OBJECT)

enum {
  LOG,
  PLAYERS_CHANGED,
  TABLE_STARTED,
  TABLE_FINISHED,
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

static void conn_send_error (Conn       *conn,
                             const char *code,
                             const char *message,
                             gboolean    fatal);
static void table_maybe_remove (ServerTable *st);
static void schedule_reap (ParlorServer *self);

/* ---- helpers ------------------------------------------------------------ */

/* Tokens and seeds come from the kernel: g_random's Mersenne Twister can
 * be rebuilt from 624 of its outputs, which a client collects by joining
 * and leaving, and would then know the next table's deck. */
static char *
new_token (void)
{
  return parlor_secret_token ();
}

static void
conn_send_payload (Conn       *conn,
                   const char *type,
                   const char *payload)
{
  if (conn == NULL || conn->dead)
    return;
  parlor_connection_send_payload (conn->link, type, payload);
}

static void
conn_send_now (Conn       *conn,
               const char *text)
{
  conn_send_payload (conn, text, NULL);
}

static void send_state (ServerTable *st,
                        Slot        *slot);

/* Writes what is due to @conn's seat now. */
static void
conn_send_due (Conn *conn)
{
  Slot *slot = conn->slot;

  if (slot == NULL || conn->table == NULL)
    return;
  if (slot->state_due)
    send_state (conn->table, slot);
  for (; slot->acks_due > 0; slot->acks_due--)
    conn_send_now (conn, "ack");
}

/* Only events may overtake a seat's due view; everything else follows it. */
static void
conn_send (Conn       *conn,
           const char *text)
{
  if (conn == NULL || conn->dead)
    return;
  conn_send_due (conn);
  conn_send_now (conn, text);
}

static void
conn_send_line (Conn       *conn,
                ParlorLine *line)
{
  g_autofree char *text = parlor_line_to_string (line);

  conn_send (conn, text);
}

static void
server_log (ParlorServer *self,
            ServerTable  *st,
            const char   *message)
{
  g_debug ("%s%s%s", st != NULL ? st->id : "", st != NULL ? ": " : "", message);
  g_signal_emit (self, signals[LOG], 0, st != NULL ? st->id : NULL, message);
}

static void
slot_free (Slot *slot)
{
  g_free (slot->name);
  g_free (slot->token);
  g_free (slot->sent_view);
  g_free (slot);
}

static const char *
seat_kind_word (ParlorTable *table,
                guint        seat)
{
  switch (parlor_table_get_seat_kind (table, seat))
    {
    case PARLOR_SEAT_LOCAL:
    case PARLOR_SEAT_REMOTE:
      return "human";
    case PARLOR_SEAT_AI:
    default:
      return "computer";
    }
}

static ServerTable *
find_table (ParlorServer *self,
            const char   *id)
{
  for (guint i = 0; i < self->tables->len; i++)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i);

      if (g_str_equal (st->id, id))
        return st;
    }

  return NULL;
}

/* ---- broadcasting ------------------------------------------------------- */

static void
table_send_all (ServerTable *st,
                const char  *text)
{
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      conn_send (slot->conn, text);
    }
}

static void
send_players (ServerTable *st)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("players");
  g_autofree char *text = NULL;

  parlor_line_set (line, "table", st->id);
  parlor_line_set_int (line, "seats", parlor_table_get_n_seats (st->table));
  for (guint i = 0; i < st->slots->len; i++)
    parlor_line_add_word (line, ((Slot *) g_ptr_array_index (st->slots, i))->name);
  text = parlor_line_to_string (line);
  table_send_all (st, text);
  g_signal_emit (st->server, signals[PLAYERS_CHANGED], 0, st->id);
}

static char *
seat_line (ServerTable *st,
           guint        seat)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("seat");

  parlor_line_set_int (line, "index", seat);
  parlor_line_set (line, "name", parlor_table_get_seat_name (st->table, seat));
  parlor_line_set (line, "kind", seat_kind_word (st->table, seat));
  /* A computer keeping a player's seat until they come back. */
  if (parlor_table_get_seat_kind (st->table, seat) == PARLOR_SEAT_AI)
    for (guint i = 0; i < st->slots->len; i++)
      {
        Slot *slot = g_ptr_array_index (st->slots, i);

        if (slot->seat == (int) seat && !slot->local)
          parlor_line_set (line, "replaces", slot->name);
      }

  return parlor_line_to_string (line);
}

static void
send_notice (ServerTable *st,
             const char  *what,
             int          seat,
             const char  *name)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("notice");
  g_autofree char *text = NULL;

  parlor_line_set (line, "what", what);
  if (seat >= 0)
    parlor_line_set_int (line, "seat", seat);
  if (name != NULL)
    parlor_line_set (line, "name", name);
  text = parlor_line_to_string (line);
  table_send_all (st, text);
}

static const char *
prompt_kind_word (ParlorPromptKind kind)
{
  return kind == PARLOR_PROMPT_CLAIM ? "claim" : "turn";
}

/* The seat's view if it changed, and its own prompt if that changed:
 * `turn serial=N kind=turn|claim ms=MS`, or `turn serial=0` once it need
 * not act any more. @force: everything (a seat taken or taken back). */
static void
send_state_full (ServerTable *st,
                 Slot        *slot,
                 gboolean     force)
{
  g_autofree char *view = NULL;
  ParlorPromptKind kind = PARLOR_PROMPT_TURN;
  guint serial = 0;
  char turn[96];

  slot->state_due = FALSE;
  if (slot->conn == NULL || slot->seat < 0)
    return;

  view = parlor_table_view_for (st->table, slot->seat);
  if (force || g_strcmp0 (view, slot->sent_view) != 0)
    {
      conn_send_payload (slot->conn, "view", view);
      g_free (slot->sent_view);
      slot->sent_view = g_steal_pointer (&view);
    }

  if (!parlor_table_get_prompt (st->table, slot->seat, &kind, &serial))
    serial = 0;
  if (!force && serial == slot->sent_serial)
    return;
  slot->sent_serial = serial;
  /* Printed directly: nothing to escape. */
  if (serial == 0)
    g_snprintf (turn, sizeof turn, "turn serial=0");
  else
    {
      gint64 deadline = parlor_table_get_deadline (st->table, slot->seat);

      g_snprintf (turn, sizeof turn, "turn serial=%u kind=%s ms=%" G_GINT64_FORMAT, serial,
                  prompt_kind_word (kind),
                  deadline > 0 ? MAX (1, (deadline - g_get_monotonic_time ()) / 1000) : 0);
    }
  conn_send_now (slot->conn, turn);
}

static void
send_state (ServerTable *st,
            Slot        *slot)
{
  send_state_full (st, slot, FALSE);
}

/* Everything a client needs when it takes its seat, at the start or back
 * after a drop. */
static void
send_seating (ServerTable *st,
              Slot        *slot)
{
  g_autoptr(ParlorLine) start = parlor_line_new ("start");
  guint n_seats = parlor_table_get_n_seats (st->table);

  parlor_line_set (start, "table", st->id);
  parlor_line_set (start, "game", st->info->id);
  parlor_line_set_int (start, "seat", slot->seat);
  parlor_line_set_int (start, "seats", n_seats);
  parlor_line_set_int (start, "time-limit",
                       parlor_table_get_prompt_time_limit (st->table, PARLOR_PROMPT_TURN));
  parlor_line_set_int (start, "claim-limit",
                       parlor_table_get_prompt_time_limit (st->table, PARLOR_PROMPT_CLAIM));
  /* The seats first: a client is complete when it reads "start". */
  for (guint i = 0; i < n_seats; i++)
    {
      g_autofree char *text = seat_line (st, i);

      conn_send (slot->conn, text);
    }
  conn_send_line (slot->conn, start);
}

static void
dispatch_event (ServerTable *st,
                guint        audience,
                const char  *line)
{
  if (audience == 0)
    return;

  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      if (slot->conn != NULL && slot->seat >= 0 && slot->seat < 32 &&
          (audience & PARLOR_AUDIENCE_SEAT (slot->seat)) != 0)
        conn_send_payload (slot->conn, "event", line);
    }
}

/* ---- table signals ------------------------------------------------------ */

static void
on_table_event (ParlorTable *table,
                guint        audience,
                const char  *line,
                ServerTable *st)
{
  if (st->starting)
    {
      g_ptr_array_add (st->held, parlor_event_new (audience, line));
      return;
    }
  dispatch_event (st, audience, line);
}

static void
on_table_action (ParlorTable *table,
                 guint        seat,
                 const char  *line,
                 gboolean     timed_out,
                 ServerTable *st)
{
  g_autofree char *message = NULL;

  if (!timed_out)
    return;

  /* Only to the seat itself: that a seat was asked at all (a claim) is
   * none of the others' business. */
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      if (slot->seat == (int) seat && slot->conn != NULL)
        {
          g_autoptr(ParlorLine) notice = parlor_line_new ("notice");

          parlor_line_set (notice, "what", "timeout");
          parlor_line_set_int (notice, "seat", seat);
          parlor_line_set (notice, "name", parlor_table_get_seat_name (table, seat));
          conn_send_line (slot->conn, notice);
        }
    }
  message = g_strdup_printf ("%s ran out of time; the timer answered", parlor_table_get_seat_name (table, seat));
  g_debug ("%s: %s", st->id, message);
}

static void
on_table_changed (ParlorTable *table,
                  ServerTable *st)
{
  if (st->starting)
    return;
  /* Several moves read in one main-loop turn (everyone choosing at once)
   * then cost one view per seat. */
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      if (slot->conn == NULL || slot->seat < 0 || slot->state_due)
        continue;
      slot->state_due = TRUE;
      parlor_connection_defer (slot->conn->link);
    }
}

static void
on_table_seat_changed (ParlorTable *table,
                       guint        seat,
                       ServerTable *st)
{
  g_autofree char *text = NULL;

  if (!st->started || st->starting)
    return;
  text = seat_line (st, seat);
  table_send_all (st, text);
}

static void
on_table_game_over (ParlorTable *table,
                    const char  *result,
                    ServerTable *st)
{
  g_autofree char *text = parlor_protocol_wrap ("over", result[0] != '\0' ? result : "over");

  st->over = TRUE;
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      if (slot->conn == NULL)
        continue;
      conn_send (slot->conn, text);
      slot->conn->state = CONN_FINISHED;
    }
  server_log (st->server, st, _("The game is over"));
  g_signal_emit (st->server, signals[TABLE_FINISHED], 0, st->id, result);
  schedule_reap (st->server);
}

/* ---- tables ------------------------------------------------------------- */

static void
server_table_free (ServerTable *st)
{
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      if (slot->conn != NULL)
        {
          slot->conn->table = NULL;
          slot->conn->slot = NULL;
          if (slot->conn->state != CONN_NEW)
            slot->conn->state = CONN_LOBBY;
        }
    }
  if (st->table != NULL)
    {
      g_signal_handlers_disconnect_by_data (st->table, st);
      parlor_table_stop (st->table);
      g_object_unref (st->table);
    }
  g_ptr_array_unref (st->slots);
  g_ptr_array_unref (st->held);
  g_free (st->id);
  g_free (st);
}

static ServerTable *
table_new (ParlorServer  *self,
           const char    *game_id,
           const char    *config,
           GError       **error)
{
  const ParlorGameInfo *info;
  ServerTable *st;
  ParlorTable *table;
  gint64 want_seats = 0;
  guint64 seed;

  info = game_id != NULL ? self->lookup (game_id) : NULL;
  if (info == NULL)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("This server does not know the game “%s”"), game_id != NULL ? game_id : "");
      return NULL;
    }

  /* A config may ask for a seat count within the game's bounds. */
  if (config != NULL && config[0] != '\0')
    {
      g_autofree char *text = g_strconcat ("config ", config, NULL);
      g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);

      if (line != NULL && parlor_line_has (line, "seats"))
        {
          if (!parlor_line_get_int (line, "seats", info->min_seats, info->max_seats, &want_seats, NULL))
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("%s is played by %u to %u players"), _(info->name),
                           info->min_seats, info->max_seats);
              return NULL;
            }
        }
    }

  seed = self->seed != 0 ? self->seed + self->next_table : parlor_secret_seed ();
  table = parlor_table_new (info, config, seed, error);
  if (table == NULL)
    return NULL;
  if (want_seats > 0 && parlor_table_get_n_seats (table) != (guint) want_seats)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("%s cannot be played by %u players"), _(info->name), (guint) want_seats);
      g_object_unref (table);
      return NULL;
    }

  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_TURN, self->time_limit);
  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_CLAIM, self->claim_limit);
  parlor_table_set_ai_delay (table, self->ai_delay);
  if (self->strength >= 0)
    parlor_table_set_default_ai_level (table, parlor_game_info_level_for_strength (info, self->strength));
  else if (self->ai_level != NULL)
    parlor_table_set_default_ai_level (table, self->ai_level);

  st = g_new0 (ServerTable, 1);
  st->server = self;
  st->id = g_strdup_printf ("%u", ++self->next_table);
  st->info = info;
  st->table = table;
  st->slots = g_ptr_array_new_with_free_func ((GDestroyNotify) slot_free);
  st->held = parlor_event_array_new ();

  g_signal_connect (table, "event", G_CALLBACK (on_table_event), st);
  g_signal_connect (table, "action", G_CALLBACK (on_table_action), st);
  g_signal_connect (table, "changed", G_CALLBACK (on_table_changed), st);
  g_signal_connect (table, "seat-changed", G_CALLBACK (on_table_seat_changed), st);
  g_signal_connect (table, "game-over", G_CALLBACK (on_table_game_over), st);

  g_ptr_array_add (self->tables, st);

  return st;
}

static gboolean
table_is_open (ServerTable *st)
{
  return !st->started && st->slots->len < parlor_table_get_n_seats (st->table);
}

static gboolean
table_start (ServerTable  *st,
             GError      **error)
{
  g_autoptr(GPtrArray) held = NULL;

  if (st->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The game has already started"));
      return FALSE;
    }

  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      slot->player = parlor_table_add_player (st->table,
                                              slot->local ? PARLOR_SEAT_LOCAL : PARLOR_SEAT_REMOTE,
                                              slot->name, NULL);
    }

  st->starting = TRUE;
  if (!parlor_table_start (st->table, error))
    {
      st->starting = FALSE;
      return FALSE;
    }
  st->starting = FALSE;
  st->started = TRUE;

  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      slot->seat = parlor_table_get_player_seat (st->table, slot->player);
      if (slot->conn != NULL)
        {
          slot->conn->state = CONN_PLAYING;
          send_seating (st, slot);
        }
    }

  held = g_steal_pointer (&st->held);
  st->held = parlor_event_array_new ();
  for (guint i = 0; i < held->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (held, i);

      dispatch_event (st, event->audience, event->line);
    }

  server_log (st->server, st, _("The game starts"));
  g_signal_emit (st->server, signals[TABLE_STARTED], 0, st->id);

  if (parlor_table_is_over (st->table))
    return TRUE;
  for (guint i = 0; i < st->slots->len; i++)
    send_state_full (st, g_ptr_array_index (st->slots, i), TRUE);

  return TRUE;
}

/* Tables nobody can come back to any more go away. */
static void
table_maybe_remove (ServerTable *st)
{
  ParlorServer *self = st->server;

  if (st->has_host)
    return;
  if (st->started && !st->over)
    {
      /* Everyone left a running game: computer players finish it, seats
       * stay open for the players' tokens. */
      return;
    }
  for (guint i = 0; i < st->slots->len; i++)
    if (((Slot *) g_ptr_array_index (st->slots, i))->conn != NULL)
      return;

  g_ptr_array_remove (self->tables, st);
  server_table_free (st);
}

/* ---- connections -------------------------------------------------------- */

static void
conn_free (Conn *conn)
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

static void
conn_leave_table (Conn     *conn,
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
      server_log (st->server, st, message);
      if (st->owner == slot)
        st->owner = NULL;
      g_ptr_array_remove (st->slots, slot);
      if (st->owner == NULL && !st->has_host && st->slots->len > 0)
        st->owner = g_ptr_array_index (st->slots, 0);
      send_players (st);
    }
  else if (!st->over && slot->seat >= 0)
    {
      message = g_strdup_printf (_("%s left; a computer player takes their seat until they come back"),
                                 slot->name);
      server_log (st->server, st, message);
      send_notice (st, dropped ? "dropped" : "left", slot->seat, slot->name);
      parlor_table_set_seat_kind (st->table, slot->seat, PARLOR_SEAT_AI);
    }

  table_maybe_remove (st);
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

      conn_leave_table (conn, TRUE);
      g_hash_table_remove (self->conns, conn);
      conn_free (conn);
    }

  /* Finished tables whose players all went. */
  for (guint i = self->tables->len; i > 0; i--)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i - 1);

      if (st->over)
        table_maybe_remove (st);
    }

  return G_SOURCE_REMOVE;
}

static void
schedule_reap (ParlorServer *self)
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
  schedule_reap (conn->server);
}

static void
conn_close (Conn *conn)
{
  parlor_connection_close (conn->link, TRUE);
}

static void
conn_send_error (Conn       *conn,
                 const char *code,
                 const char *message,
                 gboolean    fatal)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("error");

  parlor_line_set (line, "code", code);
  parlor_line_set (line, "message", message);
  if (fatal)
    parlor_line_set_int (line, "fatal", 1);
  conn_send_line (conn, line);

  if (fatal)
    conn_close (conn);
  else if (++conn->errors >= MAX_ERRORS)
    conn_send_error (conn, "too-many-errors", _("Too many bad messages; goodbye"), TRUE);
}

static void
send_joined (Conn        *conn,
             ServerTable *st,
             Slot        *slot)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("joined");

  parlor_line_set (line, "table", st->id);
  parlor_line_set (line, "game", st->info->id);
  parlor_line_set (line, "token", slot->token);
  parlor_line_set_int (line, "seats", parlor_table_get_n_seats (st->table));
  parlor_line_set_int (line, "owner", st->owner == slot);
  conn_send_line (conn, line);
}

static gboolean
name_is_taken (ServerTable *st,
               const char  *name)
{
  guint n_seats = parlor_table_get_n_seats (st->table);
  g_autofree char *folded = g_utf8_casefold (name, -1);

  for (guint i = 0; i < st->slots->len; i++)
    {
      g_autofree char *other = g_utf8_casefold (((Slot *) g_ptr_array_index (st->slots, i))->name, -1);

      if (g_str_equal (folded, other))
        return TRUE;
    }
  /* The names computer players get (parlor-table.c), in either language. */
  for (guint i = 1; i <= n_seats; i++)
    {
      g_autofree char *english = g_strdup_printf ("Computer %u", i);
      g_autofree char *local = g_strdup_printf (_("Computer %u"), i);
      g_autofree char *english_folded = g_utf8_casefold (english, -1);
      g_autofree char *local_folded = g_utf8_casefold (local, -1);

      if (g_str_equal (folded, english_folded) || g_str_equal (folded, local_folded))
        return TRUE;
    }

  return FALSE;
}

/* Two players are told apart: “Ann”, “Ann (2)”… */
static char *
unique_name (ServerTable *st,
             const char  *name)
{
  if (!name_is_taken (st, name))
    return g_strdup (name);

  for (guint n = 2; ; n++)
    {
      g_autofree char *suffix = g_strdup_printf (" (%u)", n);
      glong room = PARLOR_PROTOCOL_NAME_MAX - g_utf8_strlen (suffix, -1);
      g_autofree char *base = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), MAX (room, 1)));
      g_autofree char *candidate = g_strconcat (base, suffix, NULL);

      if (!name_is_taken (st, candidate))
        return g_steal_pointer (&candidate);
    }
}

static void
conn_join (Conn        *conn,
           ServerTable *st)
{
  Slot *slot = g_new0 (Slot, 1);
  g_autofree char *message = NULL;

  slot->name = unique_name (st, conn->name);
  slot->token = new_token ();
  slot->seat = -1;
  slot->conn = conn;
  g_ptr_array_add (st->slots, slot);
  if (st->owner == NULL && !st->has_host)
    st->owner = slot;

  conn->table = st;
  conn->slot = slot;
  conn->state = CONN_WAITING;
  send_joined (conn, st, slot);

  message = g_strdup_printf (_("%s joined from %s"), slot->name, conn->peer);
  server_log (conn->server, st, message);
  send_players (st);

  /* A headless table starts by itself when every seat has a player. */
  if (!st->has_host && st->slots->len == parlor_table_get_n_seats (st->table))
    {
      g_autoptr(GError) error = NULL;

      if (!table_start (st, &error))
        g_warning ("Cannot start table %s: %s", st->id, error->message);
    }
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
      conn_send_error (conn, "no-create", _("This host does not let players open tables"), FALSE);
      return;
    }
  st = table_new (self, game != NULL ? game : self->default_game,
                  parlor_line_get (line, "config"), &error);
  if (st == NULL)
    {
      conn_send_error (conn, "bad-game", error->message, FALSE);
      return;
    }
  conn_join (conn, st);
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
      st = find_table (self, id);
      if (st == NULL)
        {
          conn_send_error (conn, "no-table", _("There is no such table"), FALSE);
          return;
        }
    }
  else
    {
      guint n_open = 0;

      for (guint i = 0; i < self->tables->len; i++)
        {
          ServerTable *candidate = g_ptr_array_index (self->tables, i);

          if (table_is_open (candidate))
            {
              n_open++;
              st = candidate;
            }
        }
      if (n_open > 1)
        {
          conn_send_error (conn, "choose-table", _("Several tables are open; choose one"), FALSE);
          return;
        }
      if (n_open == 0)
        {
          g_autoptr(GError) error = NULL;

          if (self->allow_create && self->default_game != NULL)
            {
              st = table_new (self, self->default_game, NULL, &error);
              if (st == NULL)
                {
                  conn_send_error (conn, "bad-game", error->message, FALSE);
                  return;
                }
            }
          else if (self->tables->len > 0)
            {
              ServerTable *first = g_ptr_array_index (self->tables, 0);

              conn_send_error (conn, first->started ? "started" : "full",
                               first->started ? _("The game has already started")
                                              : _("The game is full"), FALSE);
              return;
            }
          else
            {
              conn_send_error (conn, "no-table", _("There is no table to join"), FALSE);
              return;
            }
        }
    }

  if (st->started)
    {
      conn_send_error (conn, "started", _("The game has already started"), FALSE);
      return;
    }
  if (!table_is_open (st))
    {
      conn_send_error (conn, "full", _("The game is full"), FALSE);
      return;
    }

  conn_join (conn, st);
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
              conn_send_error (conn, "seat-taken", _("That seat is in use by a connected player"), FALSE);
              return;
            }
          if (!st->started || st->over)
            {
              conn_send_error (conn, "token", st->over ? _("That game is over")
                                                       : _("That game has not started"), FALSE);
              return;
            }

          slot->conn = conn;
          conn->table = st;
          conn->slot = slot;
          conn->state = CONN_PLAYING;
          send_joined (conn, st, slot);
          parlor_table_set_seat_kind (st->table, slot->seat, PARLOR_SEAT_REMOTE);
          send_seating (st, slot);
          send_notice (st, "returned", slot->seat, slot->name);
          send_state_full (st, slot, TRUE);
          message = g_strdup_printf (_("%s is back and takes their seat again"), slot->name);
          server_log (self, st, message);
          return;
        }
    }

  conn_send_error (conn, "token", _("This seat token is not known here"), FALSE);
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
      conn_send_error (conn, "version", error->message, TRUE);
      return;
    }
  if (version != PARLOR_PROTOCOL_VERSION)
    {
      g_autofree char *message =
        g_strdup_printf (_("This host speaks version %d of the protocol, not %d"),
                         PARLOR_PROTOCOL_VERSION, (int) version);

      conn_send_error (conn, "version", message, TRUE);
      return;
    }

  name = parlor_line_get (line, "name");
  conn->name = parlor_text_sanitize (name != NULL ? name : "", PARLOR_PROTOCOL_NAME_MAX);
  if (conn->name[0] == '\0')
    set_str (&conn->name, _("Player"));

  conn->state = CONN_LOBBY;
  welcome = parlor_line_new ("welcome");
  parlor_line_set_int (welcome, "version", PARLOR_PROTOCOL_VERSION);
  parlor_line_set (welcome, "name", conn->name);
  conn_send_line (conn, welcome);

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
      conn_send_line (conn, line);
    }
  parlor_line_set_int (end, "count", self->tables->len);
  conn_send_line (conn, end);
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
      conn_send_error (conn, "syntax", _("An action needs the move after the word “action”"), FALSE);
      return;
    }
  if (st == NULL || conn->slot == NULL || conn->slot->seat < 0)
    {
      conn_send_error (conn, "state", _("You have no seat in a game"), FALSE);
      return;
    }
  /* `action serial=N <line>` answers prompt N; a game line never starts
   * with a key (its first word is its type). */
  if (g_str_has_prefix (payload, "serial="))
    {
      const char *p = payload + strlen ("serial=");
      char *end = NULL;
      guint64 value = g_ascii_strtoull (p, &end, 10);

      if (end == p || (*end != ' ' && *end != '\t') || value == 0 || value > G_MAXUINT)
        {
          conn_send_error (conn, "syntax", _("“serial=” needs the number of a prompt"), FALSE);
          return;
        }
      serial = (guint) value;
      while (*end == ' ' || *end == '\t')
        end++;
      payload = end;
      if (*payload == '\0')
        {
          conn_send_error (conn, "syntax", _("An action needs the move after the word “action”"), FALSE);
          return;
        }
    }
  if (!parlor_table_submit_prompt (st->table, conn->slot->seat, serial, payload, &error))
    {
      conn_send_error (conn, game_error_code (error), error->message, FALSE);
      return;
    }
  /* After the view that shows the move. */
  conn->slot->acks_due++;
  if (!conn->slot->state_due)
    conn_send_due (conn);
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
      conn_send_error (conn,
                       g_error_matches (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_ENCODING)
                         ? "encoding" : "syntax",
                       error->message, conn->state == CONN_NEW);
      return;
    }

  type = parlor_line_get_type (line);
  if (!type_is_known (type))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a message this host knows"), type);

      conn_send_error (conn, "unknown", message, conn->state == CONN_NEW);
      return;
    }
  if (!state_allows (conn->state, type))
    {
      g_autofree char *message = NULL;

      if (conn->state == CONN_NEW)
        {
          conn_send_error (conn, "state", _("Say hello first"), TRUE);
          return;
        }
      message = g_strdup_printf (_("“%s” cannot be sent now"), type);
      conn_send_error (conn, "state", message, FALSE);
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
      conn_send_line (conn, pong);
    }
  else if (g_str_equal (type, "bye"))
    {
      conn_leave_table (conn, FALSE);
      conn_send (conn, "bye");
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
        conn_send_error (conn, "syntax", error->message, FALSE);
      else
        handle_resume (conn, token);
    }
  else if (g_str_equal (type, "start"))
    {
      if (conn->table == NULL || conn->table->owner != conn->slot)
        conn_send_error (conn, "not-owner", _("Only the table's host can start the game"), FALSE);
      else if (!table_start (conn->table, &error))
        conn_send_error (conn, "started", error->message, FALSE);
    }
  else if (g_str_equal (type, "leave"))
    {
      conn_leave_table (conn, FALSE);
      conn->state = CONN_LOBBY;
      conn_send (conn, "left");
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
  conn_send_due (conn);
}

static const ParlorConnectionHandler conn_handler = { on_conn_line, on_conn_prepare_write };

static void
on_conn_overlong (ParlorConnection *link,
                  Conn             *conn)
{
  g_autofree char *message = g_strdup_printf (_("A message may be at most %d bytes long"),
                                              PARLOR_PROTOCOL_MAX_LINE);

  conn_send_error (conn, "too-long", message, FALSE);
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
  body = parlor_line_to_string (line);
  text = g_strconcat (body, "\n", NULL);
  /* Non-blocking: a peer that cannot take one line gets nothing. */
  g_socket_send (socket, text, strlen (text), NULL, NULL);
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

static void
on_accepted (GSocket  *socket,
             gpointer  data)
{
  ParlorServer *self = data;
  g_autoptr(GSocket) owned = socket;
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
  if (g_hash_table_size (self->conns) >= connection_cap (self))
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

static int
compare_active (gconstpointer a,
                gconstpointer b)
{
  const Conn *x = *(Conn * const *) a;
  const Conn *y = *(Conn * const *) b;

  return x->active_at < y->active_at ? -1 : x->active_at > y->active_at;
}

/* Out of descriptors: the connections idle longest that are at no table
 * (never a player's seat) make room. */
static void
on_starved (gpointer data)
{
  ParlorServer *self = data;
  g_autoptr(GPtrArray) idle = g_ptr_array_new ();
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Conn *conn = key;

      if (!conn->dead && (conn->state == CONN_NEW || conn->state == CONN_LOBBY) &&
          now - conn->active_at >= G_USEC_PER_SEC)
        g_ptr_array_add (idle, conn);
    }
  g_ptr_array_sort (idle, compare_active);
  for (guint i = 0; i < MIN (idle->len, EVICT_BATCH); i++)
    {
      self->n_evicted++;
      conn_send_error (g_ptr_array_index (idle, i), "busy",
                       _("The host is too busy; try again later"), TRUE);
    }
}

static const ParlorListenerHandler listener_handler = { on_accepted, on_starved };

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
    conn_send_error (g_ptr_array_index (late, i), "timeout",
                     _("The message was not finished in time"), TRUE);
  for (guint i = 0; i < idle->len; i++)
    conn_send_error (g_ptr_array_index (idle, i), "idle",
                     _("You stayed too long without joining a table"), TRUE);

  return G_SOURCE_CONTINUE;
}

static void
restart_sweep (ParlorServer *self)
{
  g_clear_handle_id (&self->sweep_id, g_source_remove);
  self->sweep_id = g_timeout_add (CLAMP (MIN (self->line_timeout, self->lobby_timeout > 0 ? self->lobby_timeout : G_MAXUINT) / 4,
                                         10, 1000), sweep, self);
}

/* ---- object ------------------------------------------------------------- */

static void
parlor_server_dispose (GObject *object)
{
  ParlorServer *self = PARLOR_SERVER (object);

  parlor_server_stop (self);
  g_clear_handle_id (&self->sweep_id, g_source_remove);
  g_clear_handle_id (&self->reap_id, g_source_remove);

  G_OBJECT_CLASS (parlor_server_parent_class)->dispose (object);
}

static void
parlor_server_finalize (GObject *object)
{
  ParlorServer *self = PARLOR_SERVER (object);

  g_hash_table_unref (self->conns);
  g_hash_table_unref (self->per_address);
  g_ptr_array_unref (self->dead);
  g_ptr_array_unref (self->tables);
  g_free (self->default_game);
  g_free (self->ai_level);

  G_OBJECT_CLASS (parlor_server_parent_class)->finalize (object);
}

static void
parlor_server_class_init (ParlorServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_server_dispose;
  object_class->finalize = parlor_server_finalize;

  signals[LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[PLAYERS_CHANGED] =
    g_signal_new ("players-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TABLE_STARTED] =
    g_signal_new ("table-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TABLE_FINISHED] =
    g_signal_new ("table-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
parlor_server_init (ParlorServer *self)
{
  self->conns = g_hash_table_new (NULL, NULL);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->max_connections = DEFAULT_MAX_CONNECTIONS;
  self->max_per_address = DEFAULT_MAX_PER_ADDRESS;
  self->lobby_timeout = DEFAULT_LOBBY_TIMEOUT_MS;
  self->strength = -1;
  self->dead = g_ptr_array_new ();
  self->tables = g_ptr_array_new ();
  self->line_timeout = DEFAULT_LINE_TIMEOUT_MS;
  self->max_output = DEFAULT_MAX_OUTPUT;
}

ParlorServer *
parlor_server_new (ParlorGameLookup lookup)
{
  ParlorServer *self;

  g_return_val_if_fail (lookup != NULL, NULL);

  self = g_object_new (PARLOR_TYPE_SERVER, NULL);
  self->lookup = lookup;

  return self;
}

gboolean
parlor_server_listen (ParlorServer  *self,
                      const char    *address,
                      guint16        port,
                      guint16       *out_port,
                      GError       **error)
{
  guint16 bound;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), FALSE);
  g_return_val_if_fail (self->listener == NULL, FALSE);
  g_return_val_if_fail (!self->stopped, FALSE);

  self->listener = parlor_listener_new (&listener_handler, self);
  bound = parlor_listener_listen (self->listener, address, port, error);
  if (bound == 0)
    {
      g_clear_pointer (&self->listener, parlor_listener_free);
      return FALSE;
    }

  restart_sweep (self);
  if (out_port != NULL)
    *out_port = bound;

  return TRUE;
}

void
parlor_server_stop (ParlorServer *self)
{
  GHashTableIter iter;
  gpointer key;

  g_return_if_fail (PARLOR_IS_SERVER (self));

  if (self->stopped)
    return;
  self->stopped = TRUE;

  /* The port is free again when this returns. */
  g_clear_pointer (&self->listener, parlor_listener_free);

  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Conn *conn = key;

      conn_send (conn, "bye reason=shutdown");
      parlor_connection_close (conn->link, TRUE);
    }

  for (guint i = 0; i < self->tables->len; i++)
    server_table_free (g_ptr_array_index (self->tables, i));
  g_ptr_array_set_size (self->tables, 0);

  /* Connections go with the server; pending flushes finish on their own. */
  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    conn_free (key);
  g_hash_table_remove_all (self->conns);
  g_ptr_array_set_size (self->dead, 0);
}

void
parlor_server_set_default_game (ParlorServer *self,
                                const char   *game_id)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  set_str (&self->default_game, game_id);
}

void
parlor_server_set_allow_create (ParlorServer *self,
                                gboolean      allow)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->allow_create = allow;
}

void
parlor_server_set_time_limit (ParlorServer *self,
                              guint         seconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->time_limit = seconds;
}

void
parlor_server_set_claim_time_limit (ParlorServer *self,
                                    guint         seconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->claim_limit = seconds;
}

void
parlor_server_set_strength (ParlorServer *self,
                            int           strength)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  g_return_if_fail (strength >= -1 && strength <= 3);
  self->strength = strength;
}

void
parlor_server_set_ai_level (ParlorServer *self,
                            const char   *level)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  set_str (&self->ai_level, level);
}

void
parlor_server_set_ai_delay (ParlorServer *self,
                            guint         milliseconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->ai_delay = milliseconds;
}

void
parlor_server_set_seed (ParlorServer *self,
                        guint64       seed)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->seed = seed;
}

void
parlor_server_set_line_timeout (ParlorServer *self,
                                guint         milliseconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  g_return_if_fail (milliseconds > 0);

  self->line_timeout = milliseconds;
  if (self->sweep_id != 0)
    restart_sweep (self);
}

void
parlor_server_set_max_output (ParlorServer *self,
                              gsize         bytes)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->max_output = bytes;
}

void
parlor_server_set_max_connections (ParlorServer *self,
                                   guint         total,
                                   guint         per_address)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->max_connections = total;
  self->max_per_address = per_address;
}

void
parlor_server_set_lobby_timeout (ParlorServer *self,
                                 guint         milliseconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->lobby_timeout = milliseconds;
  if (self->sweep_id != 0)
    restart_sweep (self);
}

void
parlor_server_get_stats (ParlorServer *self,
                         guint64      *n_refused,
                         guint64      *n_evicted,
                         guint64      *n_starved)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  if (n_refused != NULL)
    *n_refused = self->n_refused;
  if (n_evicted != NULL)
    *n_evicted = self->n_evicted;
  if (n_starved != NULL)
    *n_starved = self->listener != NULL ? parlor_listener_get_n_starved (self->listener) : 0;
}

guint
parlor_server_get_n_connections (ParlorServer *self)
{
  g_return_val_if_fail (PARLOR_IS_SERVER (self), 0);
  return g_hash_table_size (self->conns);
}

guint
parlor_server_get_n_tables (ParlorServer *self)
{
  g_return_val_if_fail (PARLOR_IS_SERVER (self), 0);
  return self->tables->len;
}

const char *
parlor_server_create_table (ParlorServer  *self,
                            const char    *game_id,
                            const char    *config,
                            const char    *host_name,
                            GError       **error)
{
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  st = table_new (self, game_id, config, error);
  if (st == NULL)
    return NULL;

  if (host_name != NULL)
    {
      Slot *slot = g_new0 (Slot, 1);

      slot->name = parlor_text_sanitize (host_name, PARLOR_PROTOCOL_NAME_MAX);
      if (slot->name[0] == '\0')
        set_str (&slot->name, _("Host"));
      slot->token = new_token ();
      slot->seat = -1;
      slot->local = TRUE;
      g_ptr_array_add (st->slots, slot);
      st->owner = slot;
      st->has_host = TRUE;
    }

  return st->id;
}

ParlorTable *
parlor_server_get_table (ParlorServer *self,
                         const char   *table_id)
{
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), NULL);
  g_return_val_if_fail (table_id != NULL, NULL);

  st = find_table (self, table_id);
  return st != NULL ? st->table : NULL;
}

GStrv
parlor_server_list_players (ParlorServer *self,
                            const char   *table_id)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), NULL);
  g_return_val_if_fail (table_id != NULL, NULL);

  st = find_table (self, table_id);
  if (st != NULL)
    for (guint i = 0; i < st->slots->len; i++)
      g_strv_builder_add (builder, ((Slot *) g_ptr_array_index (st->slots, i))->name);

  return g_strv_builder_end (builder);
}

gboolean
parlor_server_start_table (ParlorServer  *self,
                           const char    *table_id,
                           GError       **error)
{
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), FALSE);
  g_return_val_if_fail (table_id != NULL, FALSE);

  st = find_table (self, table_id);
  if (st == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("There is no such table"));
      return FALSE;
    }

  return table_start (st, error);
}

gboolean
parlor_server_remove_player (ParlorServer  *self,
                             const char    *table_id,
                             guint          index,
                             GError       **error)
{
  ServerTable *st;
  Slot *slot;
  Conn *conn;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), FALSE);
  g_return_val_if_fail (table_id != NULL, FALSE);

  st = find_table (self, table_id);
  if (st == NULL || index >= st->slots->len)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("There is no such player"));
      return FALSE;
    }
  slot = g_ptr_array_index (st->slots, index);
  if (slot->local || slot->conn == NULL || st->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           st->started ? _("The game has already started")
                                       : _("The host cannot be removed"));
      return FALSE;
    }

  conn = slot->conn;
  {
    g_autofree char *message = g_strdup_printf (_("You removed %s from the table"), slot->name);

    conn_leave_table (conn, FALSE);
    server_log (self, find_table (self, table_id), message);
  }
  conn->state = CONN_LOBBY;
  conn_send_error (conn, "removed", _("The host removed you from the table"), TRUE);

  return TRUE;
}

int
parlor_server_get_host_seat (ParlorServer *self,
                             const char   *table_id)
{
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), -1);
  g_return_val_if_fail (table_id != NULL, -1);

  st = find_table (self, table_id);
  if (st == NULL || !st->has_host || st->slots->len == 0)
    return -1;

  return ((Slot *) g_ptr_array_index (st->slots, 0))->seat;
}

GStrv
parlor_server_list_tables (ParlorServer *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (PARLOR_IS_SERVER (self), NULL);

  for (guint i = 0; i < self->tables->len; i++)
    g_strv_builder_add (builder, ((ServerTable *) g_ptr_array_index (self->tables, i))->id);

  return g_strv_builder_end (builder);
}
