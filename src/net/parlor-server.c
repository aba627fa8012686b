/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-server"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "parlor-protocol.h"
#include "parlor-server-private.h"

G_DEFINE_FINAL_TYPE (ParlorServer, parlor_server, G_TYPE_OBJECT)

guint parlor_server_signals[N_SIGNALS];

void
_parlor_server_set_str (char       **slot,
                        const char  *value)
{
  char *copy = g_strdup (value);

  g_free (*slot);
  *slot = copy;
}

/* ---- object ------------------------------------------------------------- */

static void
parlor_server_dispose (GObject *object)
{
  ParlorServer *self = PARLOR_SERVER (object);

  parlor_server_stop (self);
  g_clear_object (&self->announcer);
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

  parlor_server_signals[LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  parlor_server_signals[PLAYERS_CHANGED] =
    g_signal_new ("players-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  parlor_server_signals[TABLE_STARTED] =
    g_signal_new ("table-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  parlor_server_signals[TABLE_FINISHED] =
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
  self->claim_minimum = PARLOR_SERVER_DEFAULT_CLAIM_MINIMUM;
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

  self->listener = parlor_listener_new (&_parlor_server_listener_handler, self);
  bound = parlor_listener_listen (self->listener, address, port, error);
  if (bound == 0)
    {
      g_clear_pointer (&self->listener, parlor_listener_free);
      return FALSE;
    }

  _parlor_server_restart_sweep (self);
  self->port = bound;
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

  /* The port is free again when this returns; guests hear the tables
   * are gone. */
  g_clear_pointer (&self->listener, parlor_listener_free);
  if (self->announcer != NULL)
    parlor_announcer_stop (self->announcer);

  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Conn *conn = key;

      _parlor_server_conn_send (conn, "bye reason=shutdown");
      parlor_connection_close (conn->link, TRUE);
    }

  for (guint i = 0; i < self->tables->len; i++)
    _parlor_server_table_free (g_ptr_array_index (self->tables, i));
  g_ptr_array_set_size (self->tables, 0);

  /* Connections go with the server; pending flushes finish on their own. */
  g_hash_table_iter_init (&iter, self->conns);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    _parlor_server_conn_free (key);
  g_hash_table_remove_all (self->conns);
  g_ptr_array_set_size (self->dead, 0);
}

void
_parlor_server_tables_changed (ParlorServer *self)
{
  if (self->announcer != NULL)
    parlor_announcer_changed (self->announcer);
}

void
parlor_server_set_default_game (ParlorServer *self,
                                const char   *game_id)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  _parlor_server_set_str (&self->default_game, game_id);
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
parlor_server_set_claim_minimum (ParlorServer *self,
                                 guint         milliseconds)
{
  g_return_if_fail (PARLOR_IS_SERVER (self));
  self->claim_minimum = milliseconds;
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
  _parlor_server_set_str (&self->ai_level, level);
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
    _parlor_server_restart_sweep (self);
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
    _parlor_server_restart_sweep (self);
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

  st = _parlor_server_table_new (self, game_id, config, error);
  if (st == NULL)
    return NULL;

  if (host_name != NULL)
    {
      Slot *slot = g_new0 (Slot, 1);

      slot->name = parlor_text_sanitize (host_name, PARLOR_PROTOCOL_NAME_MAX);
      if (slot->name[0] == '\0')
        _parlor_server_set_str (&slot->name, _("Host"));
      slot->token = _parlor_server_new_token ();
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

  st = _parlor_server_find_table (self, table_id);
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

  st = _parlor_server_find_table (self, table_id);
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

  st = _parlor_server_find_table (self, table_id);
  if (st == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("There is no such table"));
      return FALSE;
    }

  return _parlor_server_table_start (st, error);
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

  st = _parlor_server_find_table (self, table_id);
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

    _parlor_server_conn_leave_table (conn, FALSE);
    _parlor_server_log (self, _parlor_server_find_table (self, table_id), message);
  }
  conn->state = CONN_LOBBY;
  _parlor_server_conn_send_error (conn, "removed", _("The host removed you from the table"), TRUE);

  return TRUE;
}

int
parlor_server_get_host_seat (ParlorServer *self,
                             const char   *table_id)
{
  ServerTable *st;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), -1);
  g_return_val_if_fail (table_id != NULL, -1);

  st = _parlor_server_find_table (self, table_id);
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

/* Appends the tables started (or not) to @records. */
static void
describe_some (ParlorServer *self,
               GPtrArray    *records,
               gboolean      started,
               const char   *host)
{
  for (guint i = 0; i < self->tables->len && records->len < PARLOR_DISCOVERY_MAX_TABLES; i++)
    {
      ServerTable *st = g_ptr_array_index (self->tables, i);
      Slot *named = st->owner != NULL ? st->owner
                  : st->slots->len > 0 ? g_ptr_array_index (st->slots, 0) : NULL;
      ParlorTableRecord *record;

      if (st->over || named == NULL || !st->started != !started)
        continue;
      record = parlor_table_record_new ();
      record->game = g_strdup (st->info->id);
      record->table = g_strdup (st->id);
      record->name = g_strdup (named->name);
      record->host = g_strdup (host);
      record->port = self->port;
      record->seats = parlor_table_get_n_seats (st->table);
      record->taken = MIN (st->slots->len, record->seats);
      record->started = st->started;
      record->protocol = PARLOR_PROTOCOL_VERSION;
      g_ptr_array_add (records, record);
    }
}

GPtrArray *
parlor_server_describe_tables (ParlorServer *self)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autofree char *host = NULL;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), records);

  host = parlor_text_sanitize (g_get_host_name (), PARLOR_DISCOVERY_HOST_MAX);
  /* Open tables first, each kind in the order they were opened. */
  describe_some (self, records, FALSE, host);
  describe_some (self, records, TRUE, host);

  return records;
}

static GPtrArray *
describe_tables (gpointer data)
{
  return parlor_server_describe_tables (data);
}

gboolean
parlor_server_announce (ParlorServer          *self,
                        ParlorDiscoveryScope   scope,
                        guint16                port,
                        GError               **error)
{
  g_autoptr(ParlorAnnouncer) announcer = NULL;

  g_return_val_if_fail (PARLOR_IS_SERVER (self), FALSE);
  g_return_val_if_fail (self->listener != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->announcer != NULL && parlor_announcer_is_running (self->announcer))
    return TRUE;
  announcer = parlor_announcer_new (describe_tables, self, self->port);
  if (!parlor_announcer_start (announcer, scope, port, error))
    return FALSE;
  g_set_object (&self->announcer, announcer);

  return TRUE;
}

gboolean
parlor_server_is_announcing (ParlorServer *self)
{
  g_return_val_if_fail (PARLOR_IS_SERVER (self), FALSE);
  return self->announcer != NULL && parlor_announcer_is_running (self->announcer);
}

ParlorAnnouncer *
parlor_server_get_announcer (ParlorServer *self)
{
  g_return_val_if_fail (PARLOR_IS_SERVER (self), NULL);
  return self->announcer;
}
