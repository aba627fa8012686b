/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-connection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#ifdef __linux__
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>
#define HAVE_SOCKET_CALLS 1
#endif

#include "parlor-connection.h"
#include "parlor-poller.h"

/* GDataInputStream buffers a line of any length before it returns it; the
 * reading is done by hand so a peer cannot make us hold more than max_line. */
#define READ_CHUNK 4096
/* Bytes read in one dispatch before other connections get their turn. */
#define READ_BUDGET (16 * READ_CHUNK)

struct _ParlorConnection
{
  GObject                parent_instance;

  GIOStream             *stream;
  GPollableInputStream  *input;
  GPollableOutputStream *output;
  gsize                  max_line;
  gsize                  max_output;

  guint8                *chunk;
  GByteArray            *partial;
  gint64                 partial_since;
  gboolean               skipping;       /* inside an overlong line, until its newline */

  GString               *outgoing;       /* waiting to be written, from out_pos on */
  gsize                  out_pos;
  gboolean               blocked;        /* the peer's window is full */
  gboolean               close_after_flush;
  gboolean               flush_queued;
  gboolean               deferred;       /* the prepare_write handler is due */
  gboolean               preparing;      /* inside the prepare_write handler */

  /* How readiness is watched: the poller's shared epoll set for sockets,
   * else a pollable source per direction. */
  ParlorPoller          *poller;         /* whose set holds fd */
  ParlorPollerWatch      watch;
  int                    fd;
  GIOCondition           watching;
  GSource               *read_source;
  GSource               *write_source;

  const ParlorConnectionHandler *handler;
  gpointer               handler_data;

  gboolean               started;
  gboolean               closed;
};

G_DEFINE_FINAL_TYPE (ParlorConnection, parlor_connection, G_TYPE_OBJECT)

enum {
  OVERLONG,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void     write_next  (ParlorConnection *self);
static gboolean on_readable (GObject          *stream,
                             gpointer          data);
static void     update_watch (ParlorConnection *self);

/* ---- the poller -------------------------------------------------------- */

/* The socket, in the poller's set, is ready. */
static void
on_poller_ready (GObject      *object,
                 GIOCondition  condition)
{
  ParlorConnection *self = (ParlorConnection *) object;

  if (self->fd >= 0 && (condition & G_IO_OUT) != 0)
    {
      self->blocked = FALSE;
      update_watch (self);
      write_next (self);
    }
  if (self->fd >= 0 && (condition & (G_IO_IN | G_IO_HUP | G_IO_ERR)) != 0)
    on_readable (NULL, self);
}

/* The end of the main-loop turn: what was queued in it leaves in one write. */
static void
on_poller_flush (GObject *object)
{
  ParlorConnection *self = (ParlorConnection *) object;

  self->flush_queued = FALSE;
  write_next (self);
}

static void
queue_flush (ParlorConnection *self)
{
  ParlorPoller *poller = parlor_poller_get_default ();

  if (self->flush_queued || self->blocked)
    return;
  if (poller == NULL)
    {
      write_next (self);
      return;
    }
  self->flush_queued = TRUE;
  parlor_poller_queue_flush (poller, &self->watch);
}

/* ---- watching readiness ------------------------------------------------- */

static gboolean
on_writable (GObject  *stream,
             gpointer  data)
{
  ParlorConnection *self = data;

  g_clear_pointer (&self->write_source, g_source_unref);
  self->blocked = FALSE;
  write_next (self);

  return G_SOURCE_REMOVE;
}

static void
drop_source (GSource **source)
{
  if (*source == NULL)
    return;
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}

/* Watches for what the connection needs now: input while it reads, output
 * while the peer's window is full. */
static void
update_watch (ParlorConnection *self)
{
  gboolean want_in = self->started && !self->closed && !self->close_after_flush;
  gboolean want_out = !self->closed && self->blocked;

  if (self->fd >= 0)
    {
      GIOCondition events = (want_in ? G_IO_IN : 0) | (want_out ? G_IO_OUT : 0);

      if (events == self->watching)
        return;
      if (events == 0)
        {
          parlor_poller_remove (self->poller, self->fd);
          self->fd = -1;
          self->watching = 0;
          g_object_unref (self);
          return;
        }
      parlor_poller_modify (self->poller, self->fd, events, &self->watch);
      self->watching = events;
      return;
    }

  if (want_in && self->read_source == NULL)
    {
      self->read_source = g_pollable_input_stream_create_source (self->input, NULL);
      g_source_set_callback (self->read_source, (GSourceFunc) (void (*) (void)) on_readable,
                             self, NULL);
      g_source_attach (self->read_source, NULL);
    }
  else if (!want_in)
    drop_source (&self->read_source);

  if (want_out && self->write_source == NULL)
    {
      self->write_source = g_pollable_output_stream_create_source (self->output, NULL);
      g_source_set_callback (self->write_source, (GSourceFunc) (void (*) (void)) on_writable,
                             self, NULL);
      g_source_attach (self->write_source, NULL);
    }
  else if (!want_out)
    drop_source (&self->write_source);
}

/* Joins the poller's shared epoll set when the stream is a socket; the set
 * holds a reference until the connection stops watching. */
static void
watch_start (ParlorConnection *self)
{
#ifdef HAVE_SOCKET_CALLS
  ParlorPoller *poller = parlor_poller_get_default ();

  if (poller != NULL && G_IS_SOCKET_CONNECTION (self->stream))
    {
      GSocket *socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (self->stream));
      int fd = g_socket_get_fd (socket);

      if (parlor_poller_add (poller, fd, G_IO_IN, &self->watch))
        {
          self->poller = poller;
          self->fd = fd;
          self->watching = G_IO_IN;
          g_object_ref (self);
          return;
        }
    }
#endif
  update_watch (self);
}

/* ---- object ------------------------------------------------------------- */

static void
parlor_connection_dispose (GObject *object)
{
  ParlorConnection *self = PARLOR_CONNECTION (object);

  drop_source (&self->read_source);
  drop_source (&self->write_source);
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

  G_OBJECT_CLASS (parlor_connection_parent_class)->finalize (object);
}

static void
parlor_connection_class_init (ParlorConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_connection_dispose;
  object_class->finalize = parlor_connection_finalize;

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
  self->partial = g_byte_array_new ();
  self->outgoing = g_string_new (NULL);
  self->fd = -1;
  self->watch.object = G_OBJECT (self);
  self->watch.ready = on_poller_ready;
  self->watch.flush = on_poller_flush;
}

ParlorConnection *
parlor_connection_new (GIOStream *stream,
                       gsize      max_line,
                       gsize      max_output)
{
  ParlorConnection *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream)), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream)), NULL);
  g_return_val_if_fail (max_line > 0, NULL);

  self = g_object_new (PARLOR_TYPE_CONNECTION, NULL);
  self->stream = g_object_ref (stream);
  self->input = G_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream));
  self->output = G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream));
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

  g_object_ref (self);
  self->closed = TRUE;
  g_string_truncate (self->outgoing, 0);
  self->out_pos = 0;
  update_watch (self);
  if (self->stream != NULL)
    g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, closed_cb, NULL);

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

/* Hands the @len bytes at @line to the owner; the byte after them (the
 * newline) becomes the string's end. */
static void
emit_line (ParlorConnection *self,
           guint8           *line,
           gsize             len)
{
  if (len > 0 && line[len - 1] == '\r')
    len--;
  /* A NUL inside the line is kept visible to the validator as a control
   * character; it would otherwise cut the string short. */
  for (guint8 *nul = memchr (line, '\0', len); nul != NULL; nul = memchr (nul, '\0', line + len - nul))
    *nul = 0x01;
  line[len] = '\0';
  if (self->handler != NULL && self->handler->line != NULL)
    self->handler->line (self, (const char *) line, self->handler_data);
}

/* Lines that lie whole in @data are handed over where they are; only a line
 * cut by the end of a read is copied, until its newline comes. */
static void
take_bytes (ParlorConnection *self,
            guint8           *data,
            gsize             len)
{
  guint8 *end = data + len;

  while (data < end && !self->closed)
    {
      guint8 *nl = memchr (data, '\n', end - data);
      guint8 *stop = nl != NULL ? nl : end;

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
      else if (self->partial->len == 0)
        emit_line (self, data, stop - data);
      else
        {
          g_byte_array_append (self->partial, data, stop - data);
          g_byte_array_append (self->partial, (const guint8 *) "", 1);
          emit_line (self, self->partial->data, self->partial->len - 1);
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

/* Sockets in the poller are read and written with plain system calls: the
 * stream calls cost a GError for every EAGAIN. Other streams go through GIO.
 * Both give -2 for "would block". */
#ifdef HAVE_SOCKET_CALLS
static gssize
syscall_result (gssize   n,
                GError **error)
{
  int saved = errno;

  if (n >= 0)
    return n;
  if (saved == EAGAIN || saved == EWOULDBLOCK)
    return -2;
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
  return -1;
}
#endif

static gssize
stream_result (gssize   n,
               GError  *local_error,
               GError **error)
{
  if (n >= 0)
    return n;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    {
      g_error_free (local_error);
      return -2;
    }
  g_propagate_error (error, local_error);
  return -1;
}

static gssize
read_some (ParlorConnection  *self,
           GError           **error)
{
  GError *local_error = NULL;
  gssize n;

#ifdef HAVE_SOCKET_CALLS
  if (self->fd >= 0)
    {
      do
        n = recv (self->fd, self->chunk, READ_CHUNK, 0);
      while (n < 0 && errno == EINTR);
      return syscall_result (n, error);
    }
#endif
  n = g_pollable_input_stream_read_nonblocking (self->input, self->chunk, READ_CHUNK, NULL,
                                                &local_error);
  return stream_result (n, local_error, error);
}

/* Like read_some(), for what is queued from out_pos on. */
static gssize
write_some (ParlorConnection  *self,
            GError           **error)
{
  const char *data = self->outgoing->str + self->out_pos;
  gsize len = self->outgoing->len - self->out_pos;
  GError *local_error = NULL;
  gssize n;

#ifdef HAVE_SOCKET_CALLS
  if (self->fd >= 0)
    {
      do
        n = send (self->fd, data, len, MSG_NOSIGNAL);
      while (n < 0 && errno == EINTR);
      return syscall_result (n, error);
    }
#endif
  n = g_pollable_output_stream_write_nonblocking (self->output, data, len, NULL, &local_error);
  return stream_result (n, local_error, error);
}

static gboolean
on_readable (GObject  *stream,
             gpointer  data)
{
  ParlorConnection *self = data;
  gsize budget = READ_BUDGET;

  g_object_ref (self);
  while (!self->closed && !self->close_after_flush && budget > 0)
    {
      g_autoptr(GError) error = NULL;
      gssize n = read_some (self, &error);

      if (n == -2)
        break;
      if (n < 0)
        {
          shut (self, error);
          break;
        }
      if (n == 0)
        {
          if (self->partial->len > 0)
            shut_with (self, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                       _("The connection ended in the middle of a message"));
          else
            shut (self, NULL);
          break;
        }
      take_bytes (self, self->chunk, n);
      budget -= MIN (budget, (gsize) n);
      /* A short read emptied the socket: the poller reports it again when
       * more comes, so there is no need to ask once more for EAGAIN. */
      if (self->fd >= 0 && n < READ_CHUNK)
        break;
    }
  g_object_unref (self);

  /* The source, if any, is dropped by update_watch() when reading ends. */
  return G_SOURCE_CONTINUE;
}

/* @handler must outlive the connection (or its next set_handler call). */
void
parlor_connection_set_handler (ParlorConnection              *self,
                               const ParlorConnectionHandler *handler,
                               gpointer                       data)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));

  self->handler = handler;
  self->handler_data = data;
}

void
parlor_connection_start (ParlorConnection *self)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->chunk = g_malloc (READ_CHUNK);
  watch_start (self);
}

/* Lets the owner add what it deferred; FALSE if that closed the connection. */
static gboolean
prepare_write (ParlorConnection *self)
{
  if (!self->deferred)
    return !self->closed;

  g_object_ref (self);
  self->deferred = FALSE;
  self->preparing = TRUE;
  if (self->handler != NULL && self->handler->prepare_write != NULL)
    self->handler->prepare_write (self, self->handler_data);
  self->preparing = FALSE;
  g_object_unref (self);

  return !self->closed;
}

static void
write_next (ParlorConnection *self)
{
  if (self->closed || self->blocked || !prepare_write (self))
    return;

  while (self->out_pos < self->outgoing->len)
    {
      g_autoptr(GError) error = NULL;
      gssize n = write_some (self, &error);

      if (n == -2)
        {
          self->blocked = TRUE;
          update_watch (self);
          return;
        }
      if (n < 0)
        {
          shut (self, error);
          return;
        }
      self->out_pos += n;
    }

  g_string_truncate (self->outgoing, 0);
  self->out_pos = 0;
  if (self->close_after_flush)
    shut (self, NULL);
}

/* Queues the line @type, a space and @payload (a game's own line, sent as it
 * is); @payload NULL queues @type alone. A peer that lets more than
 * max-output bytes pile up is too slow to follow the game and is dropped. */
void
parlor_connection_send_payload (ParlorConnection *self,
                                const char       *type,
                                const char       *payload)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));
  g_return_if_fail (type != NULL);

  if (self->closed || self->close_after_flush)
    return;

  g_string_append (self->outgoing, type);
  if (payload != NULL)
    {
      g_string_append_c (self->outgoing, ' ');
      g_string_append (self->outgoing, payload);
    }
  g_string_append_c (self->outgoing, '\n');
  if (self->max_output > 0 && parlor_connection_get_queued (self) > self->max_output)
    {
      shut_with (self, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 _("The other side does not read what is sent to it"));
      return;
    }

  if (!self->preparing)
    queue_flush (self);
}

/* Queues @line and a newline. */
void
parlor_connection_send (ParlorConnection *self,
                        const char       *line)
{
  g_return_if_fail (line != NULL);

  parlor_connection_send_payload (self, line, NULL);
}

/* Asks for the prepare_write handler right before the next write, at the end of this
 * main-loop turn: what the handler sends then reflects everything read in
 * the turn, once. */
void
parlor_connection_defer (ParlorConnection *self)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));

  if (self->closed || self->close_after_flush || self->deferred)
    return;
  self->deferred = TRUE;
  queue_flush (self);
}

void
parlor_connection_close (ParlorConnection *self,
                         gboolean          flush)
{
  g_return_if_fail (PARLOR_IS_CONNECTION (self));

  if (self->closed || (flush && !prepare_write (self)))
    return;
  if (!flush || self->outgoing->len == self->out_pos)
    {
      shut (self, NULL);
      return;
    }
  self->close_after_flush = TRUE;
  update_watch (self);
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
  return self->outgoing->len - self->out_pos;
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
