/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-discovery"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "parlor-discovery-private.h"

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
      ParlorSubnet subnet = { iface->address, iface->mask };

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

GSocket *
parlor_discovery_open_socket (const char  *address,
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

/* Interfaces may come up later (a laptop joining a network): each refresh
 * joins the new ones and reads the subnets again. */
void
parlor_discovery_refresh (GSocket               *socket,
                          GHashTable            *joined,
                          ParlorDiscoveryScope   scope,
                          GArray               **subnets)
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
  if (subnets != NULL)
    {
      g_clear_pointer (subnets, g_array_unref);
      *subnets = parlor_discovery_local_subnets ();
    }
}

/* Sends @bytes to the group out of each interface of @scope. GSocket has
 * no call for the outgoing multicast interface, hence setsockopt(). */
void
parlor_discovery_send_to_group (GSocket              *socket,
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

void
parlor_discovery_send_to (GSocket        *socket,
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
gssize
parlor_discovery_receive_one (GSocket         *socket,
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

/* Discovery turned off refuses to start, for hosts and guests alike. */
gboolean
parlor_discovery_scope_allows (ParlorDiscoveryScope   scope,
                               GError               **error)
{
  if (scope != PARLOR_DISCOVERY_OFF)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Announcing and finding tables on the network is turned off"));
  return FALSE;
}
