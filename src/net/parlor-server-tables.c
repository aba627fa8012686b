/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-server"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "parlor-protocol.h"
#include "parlor-secret.h"
#include "parlor-server-private.h"

/* ---- helpers ------------------------------------------------------------ */

/* Tokens and seeds come from the kernel: g_random's Mersenne Twister can
 * be rebuilt from 624 of its outputs, which a client collects by joining
 * and leaving, and would then know the next table's deck. */
char *
_parlor_server_new_token ( void)
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
void
_parlor_server_conn_send_due (Conn *conn)
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
void
_parlor_server_conn_send (Conn       *conn,
                          const char *text)
{
  if (conn == NULL || conn->dead)
    return;
  _parlor_server_conn_send_due (conn);
  conn_send_now (conn, text);
}

/* A line the server cannot print (over PARLOR_LINE_MAX_LENGTH) is one no
 * client could read: it is dropped with a warning, never sent cut or whole. */
char *
_parlor_server_print_line (ParlorLine *line)
{
  g_autoptr(GError) error = NULL;
  char *text = parlor_line_to_string (line, &error);

  if (text == NULL)
    g_warning ("A “%s” line is not sent: %s", parlor_line_get_type (line), error->message);

  return text;
}

void
_parlor_server_conn_send_line (Conn       *conn,
                               ParlorLine *line)
{
  g_autofree char *text = _parlor_server_print_line (line);

  if (text != NULL)
    _parlor_server_conn_send (conn, text);
}

void
_parlor_server_log (ParlorServer *self,
                    ServerTable  *st,
                    const char   *message)
{
  g_debug ("%s%s%s", st != NULL ? st->id : "", st != NULL ? ": " : "", message);
  g_signal_emit (self, parlor_server_signals[LOG], 0, st != NULL ? st->id : NULL, message);
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

ServerTable *
_parlor_server_find_table (ParlorServer *self,
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
  if (text == NULL)
    return;
  for (guint i = 0; i < st->slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (st->slots, i);

      _parlor_server_conn_send (slot->conn, text);
    }
}

void
_parlor_server_send_players (ServerTable *st)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("players");
  g_autofree char *text = NULL;

  parlor_line_set (line, "table", st->id);
  parlor_line_set_int (line, "seats", parlor_table_get_n_seats (st->table));
  for (guint i = 0; i < st->slots->len; i++)
    parlor_line_add_word (line, ((Slot *) g_ptr_array_index (st->slots, i))->name);
  text = _parlor_server_print_line (line);
  table_send_all (st, text);
  _parlor_server_tables_changed (st->server);
  g_signal_emit (st->server, parlor_server_signals[PLAYERS_CHANGED], 0, st->id);
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

  return _parlor_server_print_line (line);
}

void
_parlor_server_send_notice (ServerTable *st,
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
  text = _parlor_server_print_line (line);
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
void
_parlor_server_send_state_full (ServerTable *st,
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
  _parlor_server_send_state_full (st, slot, FALSE);
}

/* Everything a client needs when it takes its seat, at the start or back
 * after a drop. */
void
_parlor_server_send_seating (ServerTable *st,
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

      if (text != NULL)
        _parlor_server_conn_send (slot->conn, text);
    }
  _parlor_server_conn_send_line (slot->conn, start);

  /* A seat taken back hears its past events again, in order, so its log
   * is whole (at the start the history is still empty). */
  if (slot->seat < 0 || slot->seat >= 32)
    return;
  for (guint i = 0; i < st->history->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (st->history, i);

      if ((event->audience & PARLOR_AUDIENCE_SEAT (slot->seat)) != 0)
        conn_send_payload (slot->conn, "history", event->line);
    }
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
  if (audience != 0)
    g_ptr_array_add (st->history, parlor_event_new (audience, line));
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
  ParlorPromptKind kind = PARLOR_PROMPT_TURN;

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
          _parlor_server_conn_send_line (slot->conn, notice);
        }
    }
  /* The host's log tells of turns that ran out, and of the host's own
   * claims, never of another seat's claim window. (The prompt's kind is
   * still the closed prompt's while "action" runs.) */
  parlor_table_get_prompt (table, seat, &kind, NULL);
  if (kind == PARLOR_PROMPT_TURN ||
      (st->has_host && parlor_table_get_seat_kind (table, seat) == PARLOR_SEAT_LOCAL))
    {
      message = g_strdup_printf (kind == PARLOR_PROMPT_CLAIM ? _("%s ran out of time and passed on the tile.")
                                                             : _("%s ran out of time; a random move was played"),
                                 parlor_table_get_seat_name (table, seat));
      _parlor_server_log (st->server, st, message);
    }
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
      _parlor_server_conn_send (slot->conn, text);
      slot->conn->state = CONN_FINISHED;
    }
  _parlor_server_log (st->server, st, _("The game is over"));
  _parlor_server_tables_changed (st->server);
  g_signal_emit (st->server, parlor_server_signals[TABLE_FINISHED], 0, st->id, result);
  _parlor_server_schedule_reap (st->server);
}

/* ---- tables ------------------------------------------------------------- */

void
_parlor_server_table_free (ServerTable *st)
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
  g_ptr_array_unref (st->history);
  g_free (st->id);
  g_free (st);
}

ServerTable *
_parlor_server_table_new (ParlorServer  *self,
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

  seed = self->seed != 0 ? self->seed + self->next_table : parlor_game_seed ();
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
  st->history = parlor_event_array_new ();

  g_signal_connect (table, "event", G_CALLBACK (on_table_event), st);
  g_signal_connect (table, "action", G_CALLBACK (on_table_action), st);
  g_signal_connect (table, "changed", G_CALLBACK (on_table_changed), st);
  g_signal_connect (table, "seat-changed", G_CALLBACK (on_table_seat_changed), st);
  g_signal_connect (table, "game-over", G_CALLBACK (on_table_game_over), st);

  g_ptr_array_add (self->tables, st);

  return st;
}

gboolean
_parlor_server_table_is_open (ServerTable *st)
{
  return !st->started && st->slots->len < parlor_table_get_n_seats (st->table);
}

gboolean
_parlor_server_table_start (ServerTable  *st,
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
      /* Someone over the network would time the claim windows. */
      if (!slot->local)
        parlor_table_set_claim_minimum (st->table, st->server->claim_minimum);
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
          _parlor_server_send_seating (st, slot);
        }
    }

  held = g_steal_pointer (&st->held);
  st->held = parlor_event_array_new ();
  for (guint i = 0; i < held->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (held, i);

      if (event->audience != 0)
        g_ptr_array_add (st->history, parlor_event_new (event->audience, event->line));
      dispatch_event (st, event->audience, event->line);
    }

  _parlor_server_log (st->server, st, _("The game starts"));
  _parlor_server_tables_changed (st->server);
  g_signal_emit (st->server, parlor_server_signals[TABLE_STARTED], 0, st->id);

  if (parlor_table_is_over (st->table))
    return TRUE;
  for (guint i = 0; i < st->slots->len; i++)
    _parlor_server_send_state_full (st, g_ptr_array_index (st->slots, i), TRUE);

  return TRUE;
}

/* Tables nobody can come back to any more go away. */
void
_parlor_server_table_maybe_remove (ServerTable *st)
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
  _parlor_server_table_free (st);
  _parlor_server_tables_changed (self);
}

/* ---- seats ----------------------------------------------------------------- */

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

void
_parlor_server_conn_join (Conn        *conn,
                          ServerTable *st)
{
  Slot *slot = g_new0 (Slot, 1);
  g_autofree char *message = NULL;

  slot->name = unique_name (st, conn->name);
  slot->token = _parlor_server_new_token ();
  slot->seat = -1;
  slot->conn = conn;
  g_ptr_array_add (st->slots, slot);
  if (st->owner == NULL && !st->has_host)
    st->owner = slot;

  conn->table = st;
  conn->slot = slot;
  conn->state = CONN_WAITING;
  _parlor_server_send_joined (conn, st, slot);

  message = g_strdup_printf (_("%s joined from %s"), slot->name, conn->peer);
  _parlor_server_log (conn->server, st, message);
  _parlor_server_send_players (st);

  /* A headless table starts by itself when every seat has a player. */
  if (!st->has_host && st->slots->len == parlor_table_get_n_seats (st->table))
    {
      g_autoptr(GError) error = NULL;

      if (!_parlor_server_table_start (st, &error))
        g_warning ("Cannot start table %s: %s", st->id, error->message);
    }
}

