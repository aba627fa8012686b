/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-discovery"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "parlor-discovery.h"

/* Datagrams read in one main-loop turn, so a flood cannot hold the loop. */
#define READ_BATCH 32
/* Announcements that follow a change are at least this far apart. */
#define SOON_MS 250
/* A guest probes when it starts, a second later, then every few seconds. */
#define PROBE_AGAIN_MS 1000
#define PROBE_EVERY_MS 5000
#define EXPIRE_EVERY_MS 1000

/* ---- scope and interfaces ---------------------------------------------- */

ParlorDiscoveryScope
parlor_discovery_default_scope (void)
{
  const char *value = g_getenv ("PARLOR_DISCOVERY");

  if (g_strcmp0 (value, "loopback") == 0)
    return PARLOR_DISCOVERY_LOOPBACK;
  if (g_strcmp0 (value, "off") == 0)
    return PARLOR_DISCOVERY_OFF;

  return PARLOR_DISCOVERY_ALL;
}

guint16
parlor_discovery_default_port (void)
{
  const char *value = g_getenv ("PARLOR_DISCOVERY_PORT");
  guint64 port;

  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT16, &port, NULL))
    return (guint16) port;

  return PARLOR_DISCOVERY_DEFAULT_PORT;
}

typedef struct
{
  char    *name;
  guint    index;
  guint32  address;   /* host order */
  guint32  mask;
  gboolean loopback;
  gboolean multicast;
} Iface;

static void
iface_free (Iface *iface)
{
  g_free (iface->name);
  g_free (iface);
}

/* GIO lists no interfaces (GNetworkMonitor only says whether there is a
 * network), so getifaddrs(), as the host window does. IPv4 ones that are
 * up. */
static GPtrArray *
list_interfaces (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) iface_free);
  struct ifaddrs *all = NULL;

  if (getifaddrs (&all) != 0)
    return list;
  for (struct ifaddrs *ifa = all; ifa != NULL; ifa = ifa->ifa_next)
    {
      Iface *iface;

      if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET ||
          ifa->ifa_netmask == NULL || (ifa->ifa_flags & IFF_UP) == 0)
        continue;
      iface = g_new0 (Iface, 1);
      iface->name = g_strdup (ifa->ifa_name);
      iface->index = if_nametoindex (ifa->ifa_name);
      iface->address = g_ntohl (((struct sockaddr_in *) (gpointer) ifa->ifa_addr)->sin_addr.s_addr);
      iface->mask = g_ntohl (((struct sockaddr_in *) (gpointer) ifa->ifa_netmask)->sin_addr.s_addr);
      iface->loopback = (ifa->ifa_flags & IFF_LOOPBACK) != 0;
      iface->multicast = (ifa->ifa_flags & IFF_MULTICAST) != 0;
      g_ptr_array_add (list, iface);
    }
  freeifaddrs (all);

  return list;
}

/* Where discovery speaks: loopback always (Linux delivers multicast there
 * though `lo` has no MULTICAST flag), and with the ALL scope every other
 * interface that is up and multicast-capable. */
static GPtrArray *
multicast_interfaces (ParlorDiscoveryScope scope)
{
  GPtrArray *all = list_interfaces ();
  GPtrArray *chosen = g_ptr_array_new_with_free_func ((GDestroyNotify) iface_free);

  for (guint i = 0; i < all->len; i++)
    {
      Iface *iface = g_ptr_array_index (all, i);

      if (iface->index == 0)
        continue;
      if (iface->loopback || (scope == PARLOR_DISCOVERY_ALL && iface->multicast))
        g_ptr_array_add (chosen, g_ptr_array_steal_index (all, i--));
    }
  g_ptr_array_unref (all);

  return chosen;
}

GArray *
parlor_discovery_local_subnets (void)
{
  g_autoptr(GPtrArray) ifaces = list_interfaces ();
  GArray *subnets = g_array_new (FALSE, FALSE, sizeof (ParlorSubnet));

  for (guint i = 0; i < ifaces->len; i++)
    {
      Iface *iface = g_ptr_array_index (ifaces, i);
      ParlorSubnet subnet = { iface->address & iface->mask, iface->mask };

      g_array_append_val (subnets, subnet);
    }

  return subnets;
}

gboolean
parlor_discovery_source_is_local (GInetAddress *source,
                                  GArray       *subnets)
{
  const guint8 *bytes;
  guint32 address;

  g_return_val_if_fail (G_IS_INET_ADDRESS (source), FALSE);

  if (g_inet_address_get_family (source) != G_SOCKET_FAMILY_IPV4)
    return FALSE;
  if (g_inet_address_get_is_loopback (source))
    return TRUE;
  bytes = g_inet_address_to_bytes (source);
  address = ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16) |
            ((guint32) bytes[2] << 8) | bytes[3];
  if (subnets == NULL)
    return FALSE;
  for (guint i = 0; i < subnets->len; i++)
    {
      const ParlorSubnet *subnet = &g_array_index (subnets, ParlorSubnet, i);

      /* A netmask shorter than /8 would let half the Internet in. */
      if ((subnet->mask & 0xff000000u) != 0xff000000u)
        continue;
      if ((address & subnet->mask) == (subnet->address & subnet->mask))
        return TRUE;
    }

  return FALSE;
}

/* ---- sockets ------------------------------------------------------------ */

static GSocket *
open_socket (const char  *address,
             guint16      port,
             GError     **error)
{
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr(GSocketAddress) bind_address = g_inet_socket_address_new (inet, port);

  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, error);
  if (socket == NULL)
    return NULL;
  g_socket_set_blocking (socket, FALSE);
  /* Several hosts and guests on one machine share the port. */
  if (!g_socket_bind (socket, bind_address, TRUE, error))
    return NULL;
  g_socket_set_multicast_ttl (socket, 1);
  g_socket_set_multicast_loopback (socket, TRUE);

  return g_steal_pointer (&socket);
}

/* Joins the group on the interfaces not joined yet (they may come up
 * later: a laptop joining a network). */
static void
join_group (GSocket              *socket,
            GHashTable           *joined,
            ParlorDiscoveryScope  scope)
{
  g_autoptr(GPtrArray) ifaces = multicast_interfaces (scope);
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);

  for (guint i = 0; i < ifaces->len; i++)
    {
      Iface *iface = g_ptr_array_index (ifaces, i);
      g_autoptr(GError) error = NULL;

      if (g_hash_table_contains (joined, iface->name))
        continue;
      if (g_socket_join_multicast_group (socket, group, FALSE, iface->name, &error) ||
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        g_hash_table_add (joined, g_strdup (iface->name));
      else
        g_debug ("Cannot join %s on %s: %s", PARLOR_DISCOVERY_GROUP, iface->name, error->message);
    }
}

/* Sends @bytes to the group out of each interface of @scope. GSocket has
 * no call for the outgoing multicast interface, hence setsockopt(). */
static void
send_to_group (GSocket              *socket,
               ParlorDiscoveryScope  scope,
               guint16               port,
               GBytes               *bytes)
{
  g_autoptr(GPtrArray) ifaces = multicast_interfaces (scope);
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, port);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  for (guint i = 0; i < ifaces->len; i++)
    {
      Iface *iface = g_ptr_array_index (ifaces, i);
      struct ip_mreqn mreqn = { 0 };
      g_autoptr(GError) error = NULL;

      mreqn.imr_ifindex = (int) iface->index;
      mreqn.imr_address.s_addr = g_htonl (iface->address);
      if (setsockopt (g_socket_get_fd (socket), IPPROTO_IP, IP_MULTICAST_IF, &mreqn, sizeof mreqn) != 0)
        continue;
      if (g_socket_send_to (socket, to, data, size, NULL, &error) < 0)
        g_debug ("Cannot send on %s: %s", iface->name, error->message);
    }
}

static void
send_to (GSocket        *socket,
         GSocketAddress *to,
         GBytes         *bytes)
{
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  if (g_socket_send_to (socket, to, data, size, NULL, &error) < 0)
    g_debug ("Cannot send a discovery datagram: %s", error->message);
}

/* Reads one datagram into @buffer (PARLOR_DISCOVERY_MAX_DATAGRAM + 1
 * bytes); returns its size, 0 for one too big to be ours, -1 when none
 * is left. */
static gssize
receive_one (GSocket         *socket,
             guint8          *buffer,
             GSocketAddress **from)
{
  g_autoptr(GError) error = NULL;
  gssize n = g_socket_receive_from (socket, from, (char *) buffer, PARLOR_DISCOVERY_MAX_DATAGRAM + 1,
                                    NULL, &error);

  if (n < 0)
    {
      /* An ICMP error of an earlier send may come back here: read on. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return -1;
      return 0;
    }
  if (n > PARLOR_DISCOVERY_MAX_DATAGRAM)
    return 0;

  return n;
}

/* ---- ParlorAnnouncer ---------------------------------------------------- */

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
  join_group (self->socket, self->joined, self->scope);
  if (!self->fixed_subnets)
    {
      g_clear_pointer (&self->subnets, g_array_unref);
      self->subnets = parlor_discovery_local_subnets ();
    }
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

      send_to_group (self->socket, self->scope, self->port, bytes);
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

      send_to_group (self->socket, self->scope, self->port, bytes);
    }
  self->announced_any = records->len > 0;
  while (first < records->len)
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (kind, self->server_id, self->tcp_port,
                                                         records, &first,
                                                         PARLOR_DISCOVERY_MAX_DATAGRAM);

      send_to_group (self->socket, self->scope, self->port, bytes);
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
  send_to (self->socket, from, answer);
  self->n_answers++;
}

static gboolean
on_announcer_readable (GSocket      *socket,
                       GIOCondition  condition,
                       gpointer      data)
{
  ParlorAnnouncer *self = data;
  guint8 buffer[PARLOR_DISCOVERY_MAX_DATAGRAM + 1];

  for (guint i = 0; i < READ_BATCH; i++)
    {
      g_autoptr(GSocketAddress) from = NULL;
      gssize n = receive_one (socket, buffer, &from);

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

/* Discovery turned off refuses to start, for hosts and guests alike. */
static gboolean
scope_allows (ParlorDiscoveryScope   scope,
              GError               **error)
{
  if (scope != PARLOR_DISCOVERY_OFF)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Announcing and finding tables on the network is turned off"));
  return FALSE;
}

gboolean
parlor_announcer_start (ParlorAnnouncer       *self,
                        ParlorDiscoveryScope   scope,
                        guint16                port,
                        GError               **error)
{
  g_return_val_if_fail (PARLOR_IS_ANNOUNCER (self), FALSE);
  g_return_val_if_fail (self->socket == NULL, FALSE);

  if (!scope_allows (scope, error))
    return FALSE;
  self->scope = scope;
  self->port = port != 0 ? port : PARLOR_DISCOVERY_DEFAULT_PORT;
  self->socket = open_socket ("0.0.0.0", self->port, error);
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

/* ---- ParlorFoundTable --------------------------------------------------- */

struct _ParlorFoundTable
{
  GObject            parent_instance;

  ParlorTableRecord *record;
  char              *server;
  GInetAddress      *inet;
  char              *address;
  gint64             seen_at;
};

enum {
  FOUND_PROP_0,
  FOUND_PROP_RECORD,
  FOUND_PROP_ADDRESS,
  FOUND_N_PROPS
};

static GParamSpec *found_properties[FOUND_N_PROPS];

G_DEFINE_FINAL_TYPE (ParlorFoundTable, parlor_found_table, G_TYPE_OBJECT)

static void
parlor_found_table_finalize (GObject *object)
{
  ParlorFoundTable *self = PARLOR_FOUND_TABLE (object);

  parlor_table_record_free (self->record);
  g_free (self->server);
  g_clear_object (&self->inet);
  g_free (self->address);

  G_OBJECT_CLASS (parlor_found_table_parent_class)->finalize (object);
}

static void
parlor_found_table_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ParlorFoundTable *self = PARLOR_FOUND_TABLE (object);

  switch (prop_id)
    {
    case FOUND_PROP_RECORD:
      g_value_set_pointer (value, self->record);
      break;
    case FOUND_PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_found_table_class_init (ParlorFoundTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = parlor_found_table_finalize;
  object_class->get_property = parlor_found_table_get_property;

  found_properties[FOUND_PROP_RECORD] =
    g_param_spec_pointer ("record", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  found_properties[FOUND_PROP_ADDRESS] =
    g_param_spec_string ("address", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, FOUND_N_PROPS, found_properties);
}

static void
parlor_found_table_init (ParlorFoundTable *self)
{
}

static void
found_table_set_inet (ParlorFoundTable *self,
                      GInetAddress     *inet)
{
  g_autofree char *text = g_inet_address_to_string (inet);

  g_set_object (&self->inet, inet);
  g_free (self->address);
  self->address = g_strdup_printf ("%s:%u", text, self->record->port);
}

const ParlorTableRecord *
parlor_found_table_get_record (ParlorFoundTable *self)
{
  g_return_val_if_fail (PARLOR_IS_FOUND_TABLE (self), NULL);
  return self->record;
}

const char *
parlor_found_table_get_address (ParlorFoundTable *self)
{
  g_return_val_if_fail (PARLOR_IS_FOUND_TABLE (self), NULL);
  return self->address;
}

guint
parlor_found_table_get_free_seats (ParlorFoundTable *self)
{
  g_return_val_if_fail (PARLOR_IS_FOUND_TABLE (self), 0);
  return self->record->seats - self->record->taken;
}

/* ---- ParlorBrowser ------------------------------------------------------ */

struct _ParlorBrowser
{
  GObject               parent_instance;

  GPtrArray            *items;          /* ParlorFoundTable* */
  ParlorDiscoveryScope  scope;
  guint16               port;
  GSocket              *listen_socket;  /* the group's port: announcements */
  GSocket              *probe_socket;   /* any port: answers to our probes */
  GSource              *listen_source;
  GSource              *probe_source;
  GHashTable           *joined;
  GArray               *subnets;
  guint                 expire_id;
  guint                 probe_id;
  guint                 n_probed;
  guint64               n_ignored;
};

static void parlor_browser_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ParlorBrowser, parlor_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, parlor_browser_list_model_init))

static GType
parlor_browser_get_item_type (GListModel *model)
{
  return PARLOR_TYPE_FOUND_TABLE;
}

static guint
parlor_browser_get_n_items (GListModel *model)
{
  return PARLOR_BROWSER (model)->items->len;
}

static gpointer
parlor_browser_get_item (GListModel *model,
                         guint       position)
{
  ParlorBrowser *self = PARLOR_BROWSER (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
parlor_browser_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = parlor_browser_get_item_type;
  iface->get_n_items = parlor_browser_get_n_items;
  iface->get_item = parlor_browser_get_item;
}

static void
parlor_browser_dispose (GObject *object)
{
  parlor_browser_stop (PARLOR_BROWSER (object));

  G_OBJECT_CLASS (parlor_browser_parent_class)->dispose (object);
}

static void
parlor_browser_finalize (GObject *object)
{
  ParlorBrowser *self = PARLOR_BROWSER (object);

  g_ptr_array_unref (self->items);
  g_hash_table_unref (self->joined);
  g_clear_pointer (&self->subnets, g_array_unref);

  G_OBJECT_CLASS (parlor_browser_parent_class)->finalize (object);
}

static void
parlor_browser_class_init (ParlorBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = parlor_browser_dispose;
  object_class->finalize = parlor_browser_finalize;
}

static void
parlor_browser_init (ParlorBrowser *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->joined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

ParlorBrowser *
parlor_browser_new (void)
{
  return g_object_new (PARLOR_TYPE_BROWSER, NULL);
}

static void
remove_item (ParlorBrowser *self,
             guint          index)
{
  g_ptr_array_remove_index (self->items, index);
  g_list_model_items_changed (G_LIST_MODEL (self), index, 1, 0);
}

static void
forget_server (ParlorBrowser *self,
               const char    *server)
{
  for (guint i = self->items->len; i-- > 0;)
    if (g_str_equal (((ParlorFoundTable *) g_ptr_array_index (self->items, i))->server, server))
      remove_item (self, i);
}

static void
found (ParlorBrowser     *self,
       const char        *server,
       GInetAddress      *from,
       ParlorTableRecord *record)
{
  ParlorFoundTable *item;
  guint from_server = 0;

  for (guint i = 0; i < self->items->len; i++)
    {
      item = g_ptr_array_index (self->items, i);
      if (!g_str_equal (item->server, server))
        continue;
      from_server++;
      if (!g_str_equal (item->record->table, record->table))
        continue;

      item->seen_at = g_get_monotonic_time ();
      /* Heard on several interfaces (a host on this computer): keep an
       * address a friend could use too. */
      if ((g_inet_address_get_is_loopback (item->inet) && !g_inet_address_get_is_loopback (from)) ||
          item->record->port != record->port)
        {
          parlor_table_record_free (g_steal_pointer (&item->record));
          item->record = parlor_table_record_copy (record);
          found_table_set_inet (item, from);
          g_object_notify_by_pspec (G_OBJECT (item), found_properties[FOUND_PROP_ADDRESS]);
          g_object_notify_by_pspec (G_OBJECT (item), found_properties[FOUND_PROP_RECORD]);
        }
      else if (!parlor_table_record_equal (item->record, record))
        {
          parlor_table_record_free (g_steal_pointer (&item->record));
          item->record = parlor_table_record_copy (record);
          g_object_notify_by_pspec (G_OBJECT (item), found_properties[FOUND_PROP_RECORD]);
        }
      return;
    }

  /* A flood of made-up tables fills no memory. */
  if (self->items->len >= PARLOR_DISCOVERY_MAX_FOUND || from_server >= PARLOR_DISCOVERY_MAX_TABLES)
    return;
  item = g_object_new (PARLOR_TYPE_FOUND_TABLE, NULL);
  item->record = parlor_table_record_copy (record);
  item->server = g_strdup (server);
  item->seen_at = g_get_monotonic_time ();
  found_table_set_inet (item, from);
  g_ptr_array_add (self->items, item);
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
}

static void
handle_datagram (ParlorBrowser  *self,
                 const guint8   *data,
                 gsize           size,
                 GSocketAddress *from)
{
  ParlorDiscoveryHeader header = { 0 };
  g_autoptr(GPtrArray) records = NULL;
  GInetAddress *address;
  ParlorDiscoveryKind kind;

  if (!G_IS_INET_SOCKET_ADDRESS (from))
    return;
  address = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (from));
  kind = parlor_discovery_parse (data, size, &header, &records);
  switch (kind)
    {
    case PARLOR_DISCOVERY_ANSWER:
    case PARLOR_DISCOVERY_ANNOUNCE:
      /* Tables are on our own networks, as answers only go there. */
      if (!parlor_discovery_source_is_local (address, self->subnets))
        {
          self->n_ignored++;
          break;
        }
      for (guint i = 0; i < records->len; i++)
        found (self, header.server, address, g_ptr_array_index (records, i));
      break;
    case PARLOR_DISCOVERY_BYE:
      if (parlor_discovery_source_is_local (address, self->subnets))
        forget_server (self, header.server);
      break;
    case PARLOR_DISCOVERY_PROBE:
      /* Another guest's. */
      break;
    case PARLOR_DISCOVERY_INVALID:
    default:
      self->n_ignored++;
      break;
    }
  parlor_discovery_header_clear (&header);
}

static gboolean
on_browser_readable (GSocket      *socket,
                     GIOCondition  condition,
                     gpointer      data)
{
  ParlorBrowser *self = data;
  guint8 buffer[PARLOR_DISCOVERY_MAX_DATAGRAM + 1];

  for (guint i = 0; i < READ_BATCH; i++)
    {
      g_autoptr(GSocketAddress) from = NULL;
      gssize n = receive_one (socket, buffer, &from);

      if (n < 0)
        break;
      if (n == 0 || from == NULL)
        {
          self->n_ignored++;
          continue;
        }
      handle_datagram (self, buffer, n, from);
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
on_expire (gpointer data)
{
  ParlorBrowser *self = data;
  gint64 now = g_get_monotonic_time ();

  for (guint i = self->items->len; i-- > 0;)
    {
      ParlorFoundTable *item = g_ptr_array_index (self->items, i);

      if (now - item->seen_at > PARLOR_DISCOVERY_FORGET_MS * (gint64) 1000)
        remove_item (self, i);
    }

  return G_SOURCE_CONTINUE;
}

void
parlor_browser_probe (ParlorBrowser *self)
{
  g_autoptr(GBytes) probe = NULL;
  g_autoptr(GInetAddress) loopback = NULL;
  g_autoptr(GSocketAddress) to = NULL;

  g_return_if_fail (PARLOR_IS_BROWSER (self));

  if (self->probe_socket == NULL)
    return;
  join_group (self->listen_socket, self->joined, self->scope);
  g_clear_pointer (&self->subnets, g_array_unref);
  self->subnets = parlor_discovery_local_subnets ();

  probe = parlor_discovery_probe_new ();
  send_to_group (self->probe_socket, self->scope, self->port, probe);
  /* A host on this computer, whatever the interfaces. */
  loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  to = g_inet_socket_address_new (loopback, self->port);
  send_to (self->probe_socket, to, probe);
}

static gboolean
on_probe_timeout (gpointer data)
{
  ParlorBrowser *self = data;

  parlor_browser_probe (self);
  if (self->n_probed++ == 0)
    {
      self->probe_id = g_timeout_add (PROBE_EVERY_MS, on_probe_timeout, self);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static GSource *
watch (GSocket           *socket,
       GSocketSourceFunc  func,
       gpointer           data)
{
  GSource *source = g_socket_create_source (socket, G_IO_IN, NULL);

  g_source_set_callback (source, G_SOURCE_FUNC (func), data, NULL);
  g_source_attach (source, g_main_context_get_thread_default ());

  return source;
}

gboolean
parlor_browser_start (ParlorBrowser         *self,
                      ParlorDiscoveryScope   scope,
                      guint16                port,
                      GError               **error)
{
  g_return_val_if_fail (PARLOR_IS_BROWSER (self), FALSE);
  g_return_val_if_fail (self->probe_socket == NULL, FALSE);

  if (!scope_allows (scope, error))
    return FALSE;
  self->scope = scope;
  self->port = port != 0 ? port : PARLOR_DISCOVERY_DEFAULT_PORT;
  /* Bound to the group's address, this socket gets announcements only:
   * a probe sent to 127.0.0.1 by unicast still reaches a host. */
  self->listen_socket = open_socket (PARLOR_DISCOVERY_GROUP, self->port, error);
  if (self->listen_socket == NULL)
    return FALSE;
  self->probe_socket = open_socket ("0.0.0.0", 0, error);
  if (self->probe_socket == NULL)
    {
      g_clear_object (&self->listen_socket);
      return FALSE;
    }
  self->listen_source = watch (self->listen_socket, on_browser_readable, self);
  self->probe_source = watch (self->probe_socket, on_browser_readable, self);
  self->expire_id = g_timeout_add (EXPIRE_EVERY_MS, on_expire, self);
  self->n_probed = 0;
  parlor_browser_probe (self);
  self->probe_id = g_timeout_add (PROBE_AGAIN_MS, on_probe_timeout, self);

  return TRUE;
}

static void
close_socket (GSocket **socket,
              GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
  if (*socket != NULL)
    {
      g_socket_close (*socket, NULL);
      g_clear_object (socket);
    }
}

void
parlor_browser_stop (ParlorBrowser *self)
{
  g_return_if_fail (PARLOR_IS_BROWSER (self));

  g_clear_handle_id (&self->expire_id, g_source_remove);
  g_clear_handle_id (&self->probe_id, g_source_remove);
  close_socket (&self->listen_socket, &self->listen_source);
  close_socket (&self->probe_socket, &self->probe_source);
  g_hash_table_remove_all (self->joined);
}

guint64
parlor_browser_get_n_ignored (ParlorBrowser *self)
{
  g_return_val_if_fail (PARLOR_IS_BROWSER (self), 0);
  return self->n_ignored;
}
