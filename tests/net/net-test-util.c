/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "net-test"

#include "config.h"

#include <gio/gnetworking.h>
#include <string.h>

#include "net-test-util.h"
#include "toy-game.h"

static gboolean
wake (gpointer data)
{
  gboolean *fired = data;

  *fired = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
net_test_wait (gboolean (*done) (gpointer data),
               gpointer   data,
               guint      timeout_ms)
{
  gboolean fired = FALSE;
  guint id = g_timeout_add (timeout_ms, wake, &fired);

  while (!done (data) && !fired)
    g_main_context_iteration (NULL, TRUE);
  if (!fired)
    g_source_remove (id);

  return done (data);
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

void
net_test_sleep (guint ms)
{
  net_test_wait (never, NULL, ms);
}

ParlorServer *
net_test_server_new (guint16 *port)
{
  g_autoptr(GError) error = NULL;
  ParlorServer *server = parlor_server_new (toy_game_lookup);

  parlor_server_set_default_game (server, "toy");
  parlor_server_set_allow_create (server, TRUE);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, port, &error));
  g_assert_no_error (error);

  return server;
}

gboolean
net_test_client_waiting (gpointer client)
{
  return parlor_client_get_state (PARLOR_CLIENT (client)) == PARLOR_CLIENT_WAITING;
}

gboolean
net_test_client_playing (gpointer client)
{
  return parlor_client_get_state (PARLOR_CLIENT (client)) == PARLOR_CLIENT_PLAYING;
}

/* ---- raw connections ---------------------------------------------------- */

static void raw_read (RawConn *raw);
static void raw_destroy (RawConn *raw);

static void
raw_read_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  RawConn *raw = user_data;
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);

  raw->pending = FALSE;
  if (raw->freeing)
    {
      raw_destroy (raw);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (n <= 0)
    {
      raw->closed = TRUE;
      return;
    }

  raw->received += n;
  for (gssize i = 0; i < n; i++)
    {
      if (raw->buffer[i] == '\n')
        {
          g_ptr_array_add (raw->lines, g_strdup (raw->partial->str));
          g_string_truncate (raw->partial, 0);
        }
      else
        g_string_append_c (raw->partial, raw->buffer[i]);
    }
  raw_read (raw);
}

static void
raw_read (RawConn *raw)
{
  raw->pending = TRUE;
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (raw->connection)),
                             raw->buffer, sizeof raw->buffer, G_PRIORITY_DEFAULT,
                             raw->cancellable, raw_read_cb, raw);
}

static RawConn *
raw_conn_open (guint16  port,
               gboolean reading)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  RawConn *raw = g_new0 (RawConn, 1);

  raw->connection = g_socket_client_connect_to_host (client, address, 0, NULL, &error);
  g_assert_no_error (error);
  raw->lines = g_ptr_array_new_with_free_func (g_free);
  raw->cancellable = g_cancellable_new ();
  raw->partial = g_string_new (NULL);
  if (reading)
    raw_read (raw);
  else
    {
      GSocket *socket = g_socket_connection_get_socket (raw->connection);

      g_socket_set_option (socket, SOL_SOCKET, SO_RCVBUF, 4096, NULL);
    }

  return raw;
}

RawConn *
raw_conn_new (guint16 port)
{
  return raw_conn_open (port, TRUE);
}

RawConn *
raw_conn_new_deaf (guint16 port)
{
  return raw_conn_open (port, FALSE);
}

static void
raw_destroy (RawConn *raw)
{
  g_object_unref (raw->cancellable);
  g_ptr_array_unref (raw->lines);
  g_string_free (raw->partial, TRUE);
  g_free (raw);
}

void
raw_conn_free (RawConn *raw)
{
  g_cancellable_cancel (raw->cancellable);
  g_io_stream_close (G_IO_STREAM (raw->connection), NULL, NULL);
  g_clear_object (&raw->connection);
  /* A cancelled read still calls back once: it frees then. */
  if (raw->pending)
    raw->freeing = TRUE;
  else
    raw_destroy (raw);
}

void
raw_conn_send (RawConn    *raw,
               const char *bytes,
               gssize      len)
{
  g_autoptr(GError) error = NULL;
  GSocket *socket = g_socket_connection_get_socket (raw->connection);
  gsize total = len < 0 ? strlen (bytes) : (gsize) len;
  gsize done = 0;

  /* Blocking writes would stall the server that runs on this very thread:
   * write what the socket takes, let the server read, repeat. */
  g_socket_set_blocking (socket, FALSE);
  while (done < total)
    {
      gssize n = g_socket_send (socket, bytes + done, total - done, NULL, &error);

      if (n < 0)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            return;
          g_clear_error (&error);
          g_main_context_iteration (NULL, FALSE);
          continue;
        }
      done += n;
    }
}

typedef struct
{
  RawConn    *raw;
  guint       from;
  const char *prefix;
  int         found;
} LineWait;

static gboolean
line_found (gpointer data)
{
  LineWait *wait = data;

  for (guint i = wait->from; i < wait->raw->lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (wait->raw->lines, i), wait->prefix))
      {
        wait->found = i;
        return TRUE;
      }

  return FALSE;
}

int
raw_conn_wait_line (RawConn    *raw,
                    guint       from,
                    const char *prefix,
                    guint       timeout_ms)
{
  LineWait wait = { raw, from, prefix, -1 };

  net_test_wait (line_found, &wait, timeout_ms);
  return wait.found;
}

static gboolean
raw_is_closed (gpointer data)
{
  return ((RawConn *) data)->closed;
}

gboolean
raw_conn_wait_closed (RawConn *raw,
                      guint    timeout_ms)
{
  return net_test_wait (raw_is_closed, raw, timeout_ms);
}

void
raw_conn_hello (RawConn    *raw,
                const char *name)
{
  g_autofree char *hello = g_strdup_printf ("hello version=2 name=%s\n", name);
  guint from = raw->lines->len;

  raw_conn_send (raw, hello, -1);
  g_assert_cmpint (raw_conn_wait_line (raw, from, "welcome", 5000), >=, 0);
}

/* ---- playing clients ---------------------------------------------------- */

static void
player_act (Player *player)
{
  const char *view = parlor_client_get_view (player->client);
  int seat = parlor_client_get_seat (player->client);
  g_autofree char *action = NULL;
  const char *level;

  if (player->passive || player->acting || view == NULL || seat < 0 ||
      (parlor_client_get_waiting (player->client) & (1u << seat)) == 0 ||
      parlor_client_get_state (player->client) != PARLOR_CLIENT_PLAYING)
    return;

  /* "random" where the game has it, else its weakest level. */
  level = player->info->ai_levels != NULL && !g_strv_contains (player->info->ai_levels, "random")
          ? player->info->ai_levels[0] : "random";
  action = player->info->ai_choose (level, view, player->seed++, NULL, NULL);
  if (action == NULL)
    return;
  player->acting = TRUE;
  parlor_client_submit (player->client, action);
}

static void
on_turn (ParlorClient *client,
         guint         waiting,
         guint         ms,
         Player       *player)
{
  player_act (player);
}

static void
on_ack (ParlorClient *client,
        Player       *player)
{
  player->acting = FALSE;
  player_act (player);
}

static void
on_rejected (ParlorClient *client,
             const GError *error,
             Player       *player)
{
  player->errors++;
  player->acting = FALSE;
}

static void
on_failed (ParlorClient *client,
           const GError *error,
           Player       *player)
{
  player->failed = TRUE;
}

static void
on_line (ParlorClient *client,
         const char   *text,
         Player       *player)
{
  g_ptr_array_add (player->lines, g_strdup (text));
}

static void
on_over (ParlorClient *client,
         const char   *result,
         Player       *player)
{
  g_free (player->result);
  player->result = g_strdup (result);
}

Player *
player_new (const char           *name,
            const ParlorGameInfo *info,
            guint64               seed)
{
  Player *player = g_new0 (Player, 1);

  player->client = parlor_client_new (name);
  player->info = info;
  player->seed = seed;
  player->lines = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (player->client, "turn", G_CALLBACK (on_turn), player);
  g_signal_connect (player->client, "ack", G_CALLBACK (on_ack), player);
  g_signal_connect (player->client, "rejected", G_CALLBACK (on_rejected), player);
  g_signal_connect (player->client, "failed", G_CALLBACK (on_failed), player);
  g_signal_connect (player->client, "line-received", G_CALLBACK (on_line), player);
  g_signal_connect (player->client, "game-over", G_CALLBACK (on_over), player);

  return player;
}

void
player_free (Player *player)
{
  g_signal_handlers_disconnect_by_data (player->client, player);
  parlor_client_disconnect (player->client);
  g_object_unref (player->client);
  g_ptr_array_unref (player->lines);
  g_free (player->result);
  g_free (player);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} ConnectWait;

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  ConnectWait *wait = user_data;

  wait->ok = parlor_client_connect_finish (PARLOR_CLIENT (object), result, &wait->error);
  wait->done = TRUE;
}

static gboolean
connect_done (gpointer data)
{
  return ((ConnectWait *) data)->done;
}

gboolean
player_connect (Player     *player,
                guint16     port,
                const char *token)
{
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  ConnectWait wait = { 0 };

  parlor_client_set_token (player->client, token);
  parlor_client_connect_async (player->client, address, 5, NULL, connect_cb, &wait);
  g_assert_true (net_test_wait (connect_done, &wait, 10000));
  g_clear_error (&wait.error);
  player->connected = wait.ok;

  return wait.ok;
}
