/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-listener"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "parlor-listener.h"

/* Pause after running out of descriptors: doubles up to the maximum. */
#define PAUSE_MIN_MS 50
#define PAUSE_MAX_MS 2000
/* At most one warning this often (µs). */
#define WARN_INTERVAL (10 * G_USEC_PER_SEC)
/* Connections taken per main-loop turn: one, as GSocketService does, so
 * a crowd arriving at once cannot hold the players' lines back (taking 64
 * at a time made the load test's median latency six times longer). */
#define ACCEPT_BATCH 1
#define BACKLOG 1024

typedef struct
{
  ParlorListener *listener;
  GSocket        *socket;
  GSource        *source;
} Listening;

struct _ParlorListener
{
  ParlorListenerHandler handler;
  gpointer              data;
  GPtrArray            *sockets;     /* Listening* */
  guint                 pause_id;
  guint                 pause_ms;
  gint64                warned_at;
  guint64               n_starved;
  guint64               n_unwarned;
};

static void watch (Listening *ls);

static gboolean
is_starvation (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_FAILED);
}

static gboolean
resume_watching (gpointer data)
{
  ParlorListener *self = data;

  self->pause_id = 0;
  for (guint i = 0; i < self->sockets->len; i++)
    watch (g_ptr_array_index (self->sockets, i));

  return G_SOURCE_REMOVE;
}

static void
pause_watching (ParlorListener *self,
                const GError   *error)
{
  gint64 now = g_get_monotonic_time ();

  self->n_starved++;
  if (self->warned_at == 0 || now - self->warned_at >= WARN_INTERVAL)
    {
      if (self->n_unwarned > 0)
        g_warning ("Cannot accept connections: %s (%" G_GUINT64_FORMAT " more times since the last warning)",
                   error->message, self->n_unwarned);
      else
        g_warning ("Cannot accept connections: %s", error->message);
      self->warned_at = now;
      self->n_unwarned = 0;
    }
  else
    self->n_unwarned++;

  for (guint i = 0; i < self->sockets->len; i++)
    {
      Listening *ls = g_ptr_array_index (self->sockets, i);

      if (ls->source != NULL)
        {
          g_source_destroy (ls->source);
          g_clear_pointer (&ls->source, g_source_unref);
        }
    }

  self->pause_ms = self->pause_ms == 0 ? PAUSE_MIN_MS : MIN (self->pause_ms * 2, PAUSE_MAX_MS);
  if (self->pause_id == 0)
    self->pause_id = g_timeout_add (self->pause_ms, resume_watching, self);

  if (self->handler.starved != NULL)
    self->handler.starved (self->data);
}

static gboolean
on_ready (GSocket      *socket,
          GIOCondition  condition,
          gpointer      data)
{
  Listening *ls = data;
  ParlorListener *self = ls->listener;

  for (guint i = 0; i < ACCEPT_BATCH; i++)
    {
      g_autoptr(GError) error = NULL;
      GSocket *client = g_socket_accept (socket, NULL, &error);

      if (client == NULL)
        {
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            break;
          if (is_starvation (error))
            {
              /* Destroys this source too. */
              pause_watching (self, error);
              return G_SOURCE_REMOVE;
            }
          /* The peer went before we took it (ECONNABORTED…): next one. */
          g_debug ("accept: %s", error->message);
          continue;
        }

      self->pause_ms = 0;
      g_socket_set_blocking (client, FALSE);
      self->handler.accepted (client, self->data);
    }

  return G_SOURCE_CONTINUE;
}

static void
watch (Listening *ls)
{
  if (ls->source != NULL)
    return;
  ls->source = g_socket_create_source (ls->socket, G_IO_IN, NULL);
  g_source_set_callback (ls->source, (GSourceFunc) G_CALLBACK (on_ready), ls, NULL);
  g_source_attach (ls->source, NULL);
}

static void
listening_free (Listening *ls)
{
  if (ls->source != NULL)
    {
      g_source_destroy (ls->source);
      g_source_unref (ls->source);
    }
  g_socket_close (ls->socket, NULL);
  g_object_unref (ls->socket);
  g_free (ls);
}

ParlorListener *
parlor_listener_new (const ParlorListenerHandler *handler,
                     gpointer                     data)
{
  ParlorListener *self = g_new0 (ParlorListener, 1);

  g_return_val_if_fail (handler != NULL && handler->accepted != NULL, NULL);

  self->handler = *handler;
  self->data = data;
  self->sockets = g_ptr_array_new_with_free_func ((GDestroyNotify) listening_free);

  return self;
}

void
parlor_listener_free (ParlorListener *self)
{
  if (self == NULL)
    return;
  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_ptr_array_unref (self->sockets);
  g_free (self);
}

/* Binds and listens on one address; the port bound, 0 on error. */
static guint16
listen_on (ParlorListener  *self,
           GInetAddress    *inet,
           guint16          port,
           GError         **error)
{
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketAddress) want = g_inet_socket_address_new (inet, port);
  g_autoptr(GSocketAddress) got = NULL;
  Listening *ls;

  socket = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_STREAM,
                         G_SOCKET_PROTOCOL_TCP, error);
  if (socket == NULL)
    return 0;
  g_socket_set_blocking (socket, FALSE);
  g_socket_set_listen_backlog (socket, BACKLOG);
  if (!g_socket_bind (socket, want, TRUE, error) || !g_socket_listen (socket, error))
    return 0;
  got = g_socket_get_local_address (socket, error);
  if (got == NULL)
    return 0;

  ls = g_new0 (Listening, 1);
  ls->listener = self;
  ls->socket = g_steal_pointer (&socket);
  g_ptr_array_add (self->sockets, ls);
  if (self->pause_id == 0)
    watch (ls);

  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (got));
}

guint16
parlor_listener_listen (ParlorListener  *self,
                        const char      *address,
                        guint16          port,
                        GError         **error)
{
  g_autoptr(GInetAddress) inet = NULL;
  g_autoptr(GInetAddress) any4 = NULL;
  g_autoptr(GError) v6_error = NULL;
  guint16 bound;

  g_return_val_if_fail (self != NULL, 0);

  if (address != NULL)
    {
      inet = g_inet_address_new_from_string (address);
      if (inet == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not an IP address"), address);
          return 0;
        }
      return listen_on (self, inet, port, error);
    }

  /* Every interface: an IPv6 socket (which takes IPv4 too on Linux),
   * and an IPv4 one where that is not so. */
  inet = g_inet_address_new_any (G_SOCKET_FAMILY_IPV6);
  bound = listen_on (self, inet, port, &v6_error);
  any4 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  if (bound == 0)
    return listen_on (self, any4, port, error);
  {
    g_autoptr(GError) v4_error = NULL;

    /* Fails with "address in use" when the IPv6 socket is dual-stack. */
    listen_on (self, any4, bound, &v4_error);
  }

  return bound;
}

guint64
parlor_listener_get_n_starved (ParlorListener *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_starved;
}

gboolean
parlor_listener_is_paused (ParlorListener *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->pause_id != 0;
}
