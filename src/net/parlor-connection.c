/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-connection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-connection.h"

/* GDataInputStream buffers a line of any length before it returns it; the
 * reading is done by hand so a peer cannot make us hold more than max_line. */
#define READ_CHUNK 4096

struct _ParlorConnection
{
  GObject        parent_instance;

  GIOStream     *stream;
  GCancellable  *cancellable;
  gsize          max_line;
  gsize          max_output;

  guint8        *chunk;
  GByteArray    *partial;
  gint64         partial_since;
  gboolean       skipping;       /* inside an overlong line, until its newline */

  GString       *outgoing;       /* waiting to be written */
  GBytes        *writing;        /* being written */
  gboolean       close_after_flush;
  guint          flush_id;

  gboolean       started;
  gboolean       closed;
};

G_DEFINE_FINAL_TYPE (ParlorConnection, parlor_connection, G_TYPE_OBJECT)

enum {
  LINE,
  OVERLONG,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void read_next  (ParlorConnection *self);
static void write_next (ParlorConnection *self);

static void
parlor_connection_dispose (GObject *object)
{
  ParlorConnection *self = PARLOR_CONNECTION (object);

  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->stream);

  G_OBJECT_CLASS (parlor_connection_parent_class)->dispose (object);
}

static void
parlor_connection_finalize (GObject *object)
{
  ParlorConnection *self = PARLOR_CONNECTION (object);

  g_free (self->chunk);
  g_byte_array_unref (self->partial);
  g_string_free (self->outgoing, TRUE);
  g_clear_pointer (&self->writing, g_bytes_unref);

  G_OBJECT_CLASS (parlor_connection_parent_class)->finalize (object);
}

static void
parlor_connection_class_init (ParlorConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_connection_dispose;
  object_class->finalize = parlor_connection_finalize;

  signals[LINE] =
    g_signal_new ("line", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[OVERLONG] =
    g_signal_new ("overlong", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
parlor_connection_init (ParlorConnection *self)
{
  self->cancellable = g_cancellable_new ();
  self->partial = g_byte_array_new ();
  self->outgoing = g_string_new (NULL);
}

ParlorConnection *
parlor_connection_new (GIOStream *stream,
                       gsize      max_line,
                       gsize      max_output)
{
  ParlorConnection *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (max_line > 0, NULL);

  self = g_object_new (PARLOR_TYPE_CONNECTION, NULL);
  self->stream = g_object_ref (stream);
  self->max_line = max_line;
  self->max_output = max_output;

  return self;
}

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_io_stream_close_finish (G_IO_STREAM (object), result, NULL);
}

/* Ends the connection at once and tells the owner, exactly once. */
static void
shut (ParlorConnection *self,
      const GError     *error)
{
  if (self->closed)
    return;

  self->closed = TRUE;
  g_clear_handle_id (&self->flush_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_string_truncate (self->outgoing, 0);
  if (self->stream != NULL)
    g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, closed_cb, NULL);

  g_object_ref (self);
  g_signal_emit (self, signals[CLOSED], 0, error);
  g_object_unref (self);
}

static void
shut_with (ParlorConnection *self,
           GQuark            domain,
           int               code,
           const char       *message)
{
  g_autoptr(GError) error = g_error_new_literal (domain, code, message);

  shut (self, error);
}

static void
take_bytes (ParlorConnection *self,
            const guint8     *data,
            gsize             len)
{
  const guint8 *end = data + len;

  while (data < end && !self->closed)
    {
      const guint8 *nl = memchr (data, '\n', end - data);
      const guint8 *stop = nl != NULL ? nl : end;

      if (self->skipping)
        {
          if (nl != NULL)
            self->skipping = FALSE;
        }
      else if (self->partial->len + (gsize) (stop - data) > self->max_line)
        {
          g_byte_array_set_size (self->partial, 0);
          self->skipping = nl == NULL;
          g_signal_emit (self, signals[OVERLONG], 0);
        }
      else if (nl == NULL)
        g_byte_array_append (self->partial, data, stop - data);
      else
        {
          g_byte_array_append (self->partial, data, stop - data);
          if (self->partial->len > 0 && self->partial->data[self->partial->len - 1] == '\r')
            g_byte_array_set_size (self->partial, self->partial->len - 1);
          /* A NUL inside the line is kept visible to the validator as a
           * control character; it would otherwise cut the string short. */
          for (guint i = 0; i < self->partial->len; i++)
            if (self->partial->data[i] == '\0')
              self->partial->data[i] = 0x01;
          g_byte_array_append (self->partial, (const guint8 *) "", 1);
          g_signal_emit (self, signals[LINE], 0, (const char *) self->partial->data);
          g_byte_array_set_size (self->partial, 0);
        }

      data = nl != NULL ? nl + 1 : end;
    }

  if (self->partial->len > 0 || self->skipping)
    {
      if (self->partial_since == 0)
        self->partial_since = g_get_monotonic_time ();
    }
  else
    self->partial_since = 0;
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(ParlorConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);
  if (self->closed)
    return;
  if (n < 0)
    {
      shut (self, error);
      return;
    }
  if (n == 0)
    {
      if (self->partial->len > 0)
        shut_with (self, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                   _("The connection ended in the middle of a message"));
      else
        shut (self, NULL);
      return;
    }

  take_bytes (self, self->chunk, n);
  read_next (self);
}

static void
read_next (ParlorConnection *self)
{
  if (self->closed || self->close_after_flush)
    return;

  g_input_stream_read_async (g_io_stream_get_input_stream (self->stream),
                             self->chunk, READ_CHUNK, G_PRIORITY_DEFAULT,
                             self->cancellable, read_cb, g_object_ref (self));
}

void
parlor_connection_start (ParlorConnection *self)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->chunk = g_malloc (READ_CHUNK);
  read_next (self);
}

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(ParlorConnection) self = user_data;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->writing, g_bytes_unref);
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      shut (self, error);
      return;
    }
  if (self->closed)
    return;

  write_next (self);
}

static void
write_next (ParlorConnection *self)
{
  gsize len;

  if (self->closed || self->writing != NULL)
    return;

  if (self->outgoing->len == 0)
    {
      if (self->close_after_flush)
        shut (self, NULL);
      return;
    }

  len = self->outgoing->len;
  self->writing = g_bytes_new_take (g_string_free (self->outgoing, FALSE), len);
  self->outgoing = g_string_new (NULL);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream),
                                   g_bytes_get_data (self->writing, NULL), len,
                                   G_PRIORITY_DEFAULT, self->cancellable,
                                   write_cb, g_object_ref (self));
}

static gboolean
flush_cb (gpointer data)
{
  ParlorConnection *self = data;

  self->flush_id = 0;
  write_next (self);
  return G_SOURCE_REMOVE;
}

/* Queues @line and a newline. A peer that lets more than max-output bytes
 * pile up is too slow to follow the game and is dropped. */
void
parlor_connection_send (ParlorConnection *self,
                        const char       *line)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));
  g_return_if_fail (line != NULL);

  if (self->closed || self->close_after_flush)
    return;

  g_string_append (self->outgoing, line);
  g_string_append_c (self->outgoing, '\n');
  if (self->max_output > 0 && parlor_connection_get_queued (self) > self->max_output)
    {
      shut_with (self, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 _("The other side does not read what is sent to it"));
      return;
    }

  /* Lines sent during one main-loop turn leave in one write. */
  if (self->flush_id == 0 && self->writing == NULL)
    self->flush_id = g_idle_add_full (G_PRIORITY_DEFAULT, flush_cb, self, NULL);
}

void
parlor_connection_close (ParlorConnection *self,
                         gboolean          flush)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));

  if (self->closed)
    return;
  if (!flush || (self->writing == NULL && self->outgoing->len == 0))
    {
      shut (self, NULL);
      return;
    }
  self->close_after_flush = TRUE;
  g_clear_handle_id (&self->flush_id, g_source_remove);
  write_next (self);
}

gboolean
parlor_connection_is_closed (ParlorConnection *self)
{
  g_return_val_if_fail (PARLOR_IS_CONNECTION (self), TRUE);
  return self->closed;
}

gint64
parlor_connection_get_partial_since (ParlorConnection *self)
{
  g_return_val_if_fail (PARLOR_IS_CONNECTION (self), 0);
  return self->partial_since;
}

gsize
parlor_connection_get_queued (ParlorConnection *self)
{
  g_return_val_if_fail (PARLOR_IS_CONNECTION (self), 0);
  return self->outgoing->len + (self->writing != NULL ? g_bytes_get_size (self->writing) : 0);
}

char *
parlor_connection_get_peer (ParlorConnection *self)
{
  g_autoptr(GSocketAddress) address = NULL;
  GInetAddress *inet;

  g_return_val_if_fail (PARLOR_IS_CONNECTION (self), NULL);

  if (!G_IS_SOCKET_CONNECTION (self->stream))
    return g_strdup ("?");
  address = g_socket_connection_get_remote_address (G_SOCKET_CONNECTION (self->stream), NULL);
  if (!G_IS_INET_SOCKET_ADDRESS (address))
    return g_strdup ("?");
  inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));

  return g_inet_address_to_string (inet);
}
