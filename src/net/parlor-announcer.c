/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-discovery"

#include "config.h"

#include "parlor-discovery-private.h"

/* Announcements that follow a change are at least this far apart. */
#define SOON_MS 250

typedef struct
{
  double tokens;
  gint64 at;
} Bucket;

struct _ParlorAnnouncer
{
  GObject                parent_instance;

  ParlorAnnouncerTables  tables;
  gpointer               data;
  guint16                tcp_port;

  ParlorDiscoveryScope   scope;
  guint16                port;
  GSocket               *socket;
  GSource               *source;
  GHashTable            *joined;       /* interface names */
  GArray                *subnets;
  gboolean               fixed_subnets;
  char                  *server_id;
  guint                  announce_id;
  guint                  soon_id;
  gint64                 last_announce;
  gboolean               announced_any;  /* the last announcement had tables */

  GHashTable            *buckets;      /* guint32 address → Bucket* */
  Bucket                 total;

  guint64                n_probes;
  guint64                n_answers;
  guint64                n_refused;
  guint64                n_limited;
};

G_DEFINE_FINAL_TYPE (ParlorAnnouncer, parlor_announcer, G_TYPE_OBJECT)

static void
parlor_announcer_dispose (GObject *object)
{
  parlor_announcer_stop (PARLOR_ANNOUNCER (object));

  G_OBJECT_CLASS (parlor_announcer_parent_class)->dispose (object);
}

static void
parlor_announcer_finalize (GObject *object)
{
  ParlorAnnouncer *self = PARLOR_ANNOUNCER (object);

  g_hash_table_unref (self->joined);
  g_hash_table_unref (self->buckets);
  g_clear_pointer (&self->subnets, g_array_unref);
  g_free (self->server_id);

  G_OBJECT_CLASS (parlor_announcer_parent_class)->finalize (object);
}

static void
parlor_announcer_class_init (ParlorAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_announcer_dispose;
  object_class->finalize = parlor_announcer_finalize;
}

static void
parlor_announcer_init (ParlorAnnouncer *self)
{
  self->joined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->buckets = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  /* Tells this server's datagrams apart from another's on the same
   * computer; not a secret. */
  self->server_id = g_strdup_printf ("%08x%08x", g_random_int (), g_random_int ());
}

ParlorAnnouncer *
parlor_announcer_new (ParlorAnnouncerTables tables,
                      gpointer              data,
                      guint16               tcp_port)
{
  ParlorAnnouncer *self;

  g_return_val_if_fail (tables != NULL, NULL);
  g_return_val_if_fail (tcp_port > 0, NULL);

  self = g_object_new (PARLOR_TYPE_ANNOUNCER, NULL);
  self->tables = tables;
  self->data = data;
  self->tcp_port = tcp_port;

  return self;
}

static GPtrArray *
current_tables (ParlorAnnouncer *self)
{
  GPtrArray *records = self->tables (self->data);

  if (records->len > PARLOR_DISCOVERY_MAX_TABLES)
    g_ptr_array_set_size (records, PARLOR_DISCOVERY_MAX_TABLES);

  return records;
}

static void
refresh_network (ParlorAnnouncer *self)
{
  parlor_discovery_refresh (self->socket, self->joined, self->scope,
                            self->fixed_subnets ? NULL : &self->subnets);
}

static void
announce (ParlorAnnouncer     *self,
          ParlorDiscoveryKind  kind)
{
  g_autoptr(GPtrArray) records = NULL;
  guint first = 0;

  if (self->socket == NULL)
    return;
  self->last_announce = g_get_monotonic_time ();
  if (kind == PARLOR_DISCOVERY_BYE)
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (kind, self->server_id, self->tcp_port,
                                                         NULL, NULL, PARLOR_DISCOVERY_MAX_DATAGRAM);

      parlor_discovery_send_to_group (self->socket, self->scope, self->port, bytes);
      return;
    }

  refresh_network (self);
  records = current_tables (self);
  /* The last table went (its game is over): guests forget it now rather
   * than six seconds later. */
  if (records->len == 0 && self->announced_any)
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (PARLOR_DISCOVERY_BYE, self->server_id,
                                                         self->tcp_port, NULL, NULL,
                                                         PARLOR_DISCOVERY_MAX_DATAGRAM);

      parlor_discovery_send_to_group (self->socket, self->scope, self->port, bytes);
    }
  self->announced_any = records->len > 0;
  while (first < records->len)
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (kind, self->server_id, self->tcp_port,
                                                         records, &first,
                                                         PARLOR_DISCOVERY_MAX_DATAGRAM);

      parlor_discovery_send_to_group (self->socket, self->scope, self->port, bytes);
    }
}

static gboolean
on_announce_timeout (gpointer data)
{
  announce (data, PARLOR_DISCOVERY_ANNOUNCE);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_soon_timeout (gpointer data)
{
  ParlorAnnouncer *self = data;

  self->soon_id = 0;
  announce (self, PARLOR_DISCOVERY_ANNOUNCE);
  return G_SOURCE_REMOVE;
}

/* A token bucket: @burst answers at once, @rate a second after that. */
static gboolean
bucket_take (Bucket *bucket,
             double  burst,
             double  rate,
             gint64  now)
{
  bucket->tokens = MIN (burst, bucket->tokens + (now - bucket->at) * rate / G_USEC_PER_SEC);
  bucket->at = now;
  if (bucket->tokens < 1.0)
    return FALSE;
  bucket->tokens -= 1.0;

  return TRUE;
}

static gboolean
rate_allows (ParlorAnnouncer *self,
             guint32          address)
{
  gint64 now = g_get_monotonic_time ();
  Bucket *bucket = g_hash_table_lookup (self->buckets, GUINT_TO_POINTER (address));

  if (bucket == NULL)
    {
      if (g_hash_table_size (self->buckets) >= PARLOR_DISCOVERY_MAX_SOURCES)
        {
          GHashTableIter iter;
          gpointer value;

          /* Forget senders whose bucket has filled up again. */
          g_hash_table_iter_init (&iter, self->buckets);
          while (g_hash_table_iter_next (&iter, NULL, &value))
            {
              Bucket *old = value;

              if (old->tokens + (now - old->at) * (double) PARLOR_DISCOVERY_SOURCE_RATE / G_USEC_PER_SEC >=
                  PARLOR_DISCOVERY_SOURCE_BURST)
                g_hash_table_iter_remove (&iter);
            }
          if (g_hash_table_size (self->buckets) >= PARLOR_DISCOVERY_MAX_SOURCES)
            return FALSE;
        }
      bucket = g_new0 (Bucket, 1);
      bucket->tokens = PARLOR_DISCOVERY_SOURCE_BURST;
      bucket->at = now;
      g_hash_table_insert (self->buckets, GUINT_TO_POINTER (address), bucket);
    }

  if (bucket->tokens + (now - bucket->at) * (double) PARLOR_DISCOVERY_SOURCE_RATE / G_USEC_PER_SEC < 1.0)
    return FALSE;
  if (!bucket_take (&self->total, PARLOR_DISCOVERY_TOTAL_RATE, PARLOR_DISCOVERY_TOTAL_RATE, now))
    return FALSE;

  return bucket_take (bucket, PARLOR_DISCOVERY_SOURCE_BURST, PARLOR_DISCOVERY_SOURCE_RATE, now);
}

static void
handle_probe (ParlorAnnouncer *self,
              GSocketAddress  *from,
              gsize            probe_size)
{
  GInetAddress *address;
  const guint8 *bytes;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GBytes) answer = NULL;
  guint first = 0;

  self->n_probes++;
  if (!G_IS_INET_SOCKET_ADDRESS (from))
    return;
  address = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (from));
  /* Guests probe from unprivileged ports; nobody gets an answer sent to a
   * service port, and only a sender on our own subnets gets one at all. */
  if (g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (from)) < 1024 ||
      !parlor_discovery_source_is_local (address, self->subnets))
    {
      self->n_refused++;
      return;
    }
  bytes = g_inet_address_to_bytes (address);
  if (!rate_allows (self, ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16) |
                          ((guint32) bytes[2] << 8) | bytes[3]))
    {
      self->n_limited++;
      return;
    }

  records = current_tables (self);
  /* Never more than the probe: what does not fit comes in announcements. */
  answer = parlor_discovery_encode (PARLOR_DISCOVERY_ANSWER, self->server_id, self->tcp_port,
                                    records, &first, probe_size);
  if (answer == NULL)
    return;
  g_assert (g_bytes_get_size (answer) <= probe_size);
  parlor_discovery_send_to (self->socket, from, answer);
  self->n_answers++;
}

static gboolean
on_announcer_readable (GSocket      *socket,
                       GIOCondition  condition,
                       gpointer      data)
{
  ParlorAnnouncer *self = data;
  guint8 buffer[PARLOR_DISCOVERY_MAX_DATAGRAM + 1];

  for (guint i = 0; i < PARLOR_DISCOVERY_READ_BATCH; i++)
    {
      g_autoptr(GSocketAddress) from = NULL;
      gssize n = parlor_discovery_receive_one (socket, buffer, &from);

      if (n < 0)
        break;
      /* Only probes matter here (announcements of other hosts, our own
       * looped back, and garbage are dropped). */
      if (n > 0 && from != NULL &&
          parlor_discovery_parse (buffer, n, NULL, NULL) == PARLOR_DISCOVERY_PROBE)
        handle_probe (self, from, n);
    }

  return G_SOURCE_CONTINUE;
}

gboolean
parlor_announcer_start (ParlorAnnouncer       *self,
                        ParlorDiscoveryScope   scope,
                        guint16                port,
                        GError               **error)
{
  g_return_val_if_fail (PARLOR_IS_ANNOUNCER (self), FALSE);
  g_return_val_if_fail (self->socket == NULL, FALSE);

  if (!parlor_discovery_scope_allows (scope, error))
    return FALSE;
  self->scope = scope;
  self->port = port != 0 ? port : PARLOR_DISCOVERY_DEFAULT_PORT;
  self->socket = parlor_discovery_open_socket ("0.0.0.0", self->port, error);
  if (self->socket == NULL)
    return FALSE;

  self->source = g_socket_create_source (self->socket, G_IO_IN, NULL);
  g_source_set_callback (self->source, G_SOURCE_FUNC (on_announcer_readable), self, NULL);
  g_source_attach (self->source, g_main_context_get_thread_default ());
  self->announce_id = g_timeout_add (PARLOR_DISCOVERY_ANNOUNCE_MS, on_announce_timeout, self);
  announce (self, PARLOR_DISCOVERY_ANNOUNCE);

  return TRUE;
}

void
parlor_announcer_changed (ParlorAnnouncer *self)
{
  gint64 wait_ms;

  g_return_if_fail (PARLOR_IS_ANNOUNCER (self));

  if (self->socket == NULL || self->soon_id != 0)
    return;
  wait_ms = SOON_MS - (g_get_monotonic_time () - self->last_announce) / 1000;
  self->soon_id = g_timeout_add (CLAMP (wait_ms, 0, SOON_MS), on_soon_timeout, self);
}

void
parlor_announcer_stop (ParlorAnnouncer *self)
{
  g_return_if_fail (PARLOR_IS_ANNOUNCER (self));

  if (self->socket == NULL)
    return;
  announce (self, PARLOR_DISCOVERY_BYE);
  g_clear_handle_id (&self->announce_id, g_source_remove);
  g_clear_handle_id (&self->soon_id, g_source_remove);
  if (self->source != NULL)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
  g_socket_close (self->socket, NULL);
  g_clear_object (&self->socket);
  g_hash_table_remove_all (self->joined);
}

gboolean
parlor_announcer_is_running (ParlorAnnouncer *self)
{
  g_return_val_if_fail (PARLOR_IS_ANNOUNCER (self), FALSE);
  return self->socket != NULL;
}

void
parlor_announcer_get_stats (ParlorAnnouncer *self,
                            guint64         *n_probes,
                            guint64         *n_answers,
                            guint64         *n_refused,
                            guint64         *n_limited)
{
  g_return_if_fail (PARLOR_IS_ANNOUNCER (self));
  if (n_probes != NULL)
    *n_probes = self->n_probes;
  if (n_answers != NULL)
    *n_answers = self->n_answers;
  if (n_refused != NULL)
    *n_refused = self->n_refused;
  if (n_limited != NULL)
    *n_limited = self->n_limited;
}

void
parlor_announcer_set_subnets (ParlorAnnouncer *self,
                              GArray          *subnets)
{
  g_return_if_fail (PARLOR_IS_ANNOUNCER (self));
  g_return_if_fail (subnets != NULL);

  g_clear_pointer (&self->subnets, g_array_unref);
  self->subnets = g_array_ref (subnets);
  self->fixed_subnets = TRUE;
}
