/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-discovery"

#include "config.h"

#include "parlor-discovery-private.h"

/* A guest probes when it starts, a second later, then every few seconds. */
#define PROBE_AGAIN_MS 1000
#define PROBE_EVERY_MS 5000
#define EXPIRE_EVERY_MS 1000
/* A host whose table is turned away for want of room is asked directly,
 * each at most once a second, so many hosts remembered, so many probes a
 * second in all: a spoofed announcement is not worth more bytes sent. */
#define PROBE_HOST_MS 1000
#define PROBED_HOSTS_MAX 64
#define DIRECT_PROBES_PER_SECOND 4
/* Tables only announced that are added in a tenth of a second at most. */
#define NEW_PER_TENTH 8

/* ---- ParlorFoundTable --------------------------------------------------- */

struct _ParlorFoundTable
{
  GObject            parent_instance;

  ParlorTableRecord *record;
  char              *server;
  GInetAddress      *inet;
  char              *address;
  gint64             seen_at;
  gboolean           answered;  /* it answered one of our probes */
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
  GHashTable           *probed;         /* address → when asked directly */
  gint64                direct_since;   /* this second of direct probes */
  guint                 n_direct;       /* and how many were sent in it */
  gint64                new_since;      /* this tenth of a second of new tables */
  guint                 n_new;          /* and how many were added in it */
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
  g_hash_table_unref (self->probed);
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
  self->probed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
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

/* One of this computer's own addresses (127.0.0.1 among them). */
static gboolean
is_this_computer (GInetAddress *inet,
                  GArray       *subnets)
{
  const guint8 *bytes;
  guint32 address;

  if (subnets == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV4)
    return FALSE;
  bytes = g_inet_address_to_bytes (inet);
  address = ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16) |
            ((guint32) bytes[2] << 8) | bytes[3];
  for (guint i = 0; i < subnets->len; i++)
    if (g_array_index (subnets, ParlorSubnet, i).address == address)
      return TRUE;

  return FALSE;
}

/* A table is known by where it was heard from: what another host says of
 * it never moves it there. */
static gboolean
same_host (ParlorBrowser *self,
           GInetAddress  *a,
           GInetAddress  *b)
{
  return g_inet_address_equal (a, b) ||
         (is_this_computer (a, self->subnets) && is_this_computer (b, self->subnets));
}

static void
forget_server (ParlorBrowser *self,
               const char    *server,
               GInetAddress  *from)
{
  for (guint i = self->items->len; i-- > 0;)
    {
      ParlorFoundTable *item = g_ptr_array_index (self->items, i);

      if (g_str_equal (item->server, server) && same_host (self, item->inet, from))
        remove_item (self, i);
    }
}

/* A table announced while the list is full of others may be real: its
 * sender is asked directly (each at most once a second), and what answers
 * gets the room kept for answers. */
static void
probe_host (ParlorBrowser *self,
            GInetAddress  *host)
{
  g_autofree char *key = g_inet_address_to_string (host);
  gint64 now = g_get_monotonic_time ();
  gpointer probed_at;
  g_autoptr(GBytes) probe = NULL;
  g_autoptr(GSocketAddress) to = NULL;

  if (g_hash_table_lookup_extended (self->probed, key, NULL, &probed_at) &&
      now - *(gint64 *) probed_at < PROBE_HOST_MS * (gint64) 1000)
    return;
  if (now - self->direct_since >= G_USEC_PER_SEC)
    {
      self->direct_since = now;
      self->n_direct = 0;
    }
  if (self->n_direct >= DIRECT_PROBES_PER_SECOND)
    return;
  if (g_hash_table_size (self->probed) >= PROBED_HOSTS_MAX)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, self->probed);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        if (now - *(gint64 *) value >= PROBE_HOST_MS * (gint64) 1000)
          g_hash_table_iter_remove (&iter);
      if (g_hash_table_size (self->probed) >= PROBED_HOSTS_MAX)
        return;
    }
  g_hash_table_insert (self->probed, g_steal_pointer (&key), g_memdup2 (&now, sizeof now));
  self->n_direct++;
  probe = parlor_discovery_probe_new ();
  to = g_inet_socket_address_new (host, self->port);
  parlor_discovery_send_to (self->probe_socket, to, probe);
}

/* Of the tables heard only in announcements, the one heard of longest ago. */
static gint
oldest_announced (ParlorBrowser *self)
{
  gint oldest = -1;

  for (guint i = 0; i < self->items->len; i++)
    {
      ParlorFoundTable *item = g_ptr_array_index (self->items, i);

      if (!item->answered &&
          (oldest < 0 || item->seen_at < ((ParlorFoundTable *) g_ptr_array_index (self->items, oldest))->seen_at))
        oldest = i;
    }

  return oldest;
}

static void
found (ParlorBrowser     *self,
       const char        *server,
       GInetAddress      *from,
       ParlorTableRecord *record,
       gboolean           answered)
{
  ParlorFoundTable *item;
  guint from_host = 0;

  for (guint i = 0; i < self->items->len; i++)
    {
      item = g_ptr_array_index (self->items, i);
      if (g_inet_address_equal (item->inet, from) && (item->answered || !answered))
        from_host++;
      if (!g_str_equal (item->server, server) || !g_str_equal (item->record->table, record->table) ||
          item->record->port != record->port || !same_host (self, item->inet, from))
        continue;

      item->seen_at = g_get_monotonic_time ();
      item->answered |= answered;
      /* Heard on several interfaces (a host on this computer): keep an
       * address a friend could use too. */
      if (g_inet_address_get_is_loopback (item->inet) && !g_inet_address_get_is_loopback (from))
        {
          found_table_set_inet (item, from);
          g_object_notify_by_pspec (G_OBJECT (item), found_properties[FOUND_PROP_ADDRESS]);
        }
      if (!parlor_table_record_equal (item->record, record))
        {
          parlor_table_record_free (g_steal_pointer (&item->record));
          item->record = parlor_table_record_copy (record);
          g_object_notify_by_pspec (G_OBJECT (item), found_properties[FOUND_PROP_RECORD]);
        }
      return;
    }

  /* A flood of made-up tables fills no memory, and one host (or one who
   * pretends to be many) cannot crowd out a table that answers us. */
  if (from_host >= PARLOR_DISCOVERY_MAX_TABLES)
    return;
  if (!answered && self->items->len >= PARLOR_DISCOVERY_MAX_FOUND - PARLOR_DISCOVERY_ANSWER_ROOM)
    {
      probe_host (self, from);
      return;
    }
  /* A flood adds its tables a few at a time, so a list shown on screen
   * grows by a few rows a frame; a host announces again in two seconds. */
  if (!answered)
    {
      gint64 now = g_get_monotonic_time ();

      if (now - self->new_since >= G_USEC_PER_SEC / 10)
        {
          self->new_since = now;
          self->n_new = 0;
        }
      if (self->n_new >= NEW_PER_TENTH)
        return;
      self->n_new++;
    }
  if (self->items->len >= PARLOR_DISCOVERY_MAX_FOUND)
    {
      gint oldest = oldest_announced (self);

      if (oldest < 0)
        return;
      remove_item (self, oldest);
    }
  item = g_object_new (PARLOR_TYPE_FOUND_TABLE, NULL);
  item->record = parlor_table_record_copy (record);
  item->server = g_strdup (server);
  item->seen_at = g_get_monotonic_time ();
  item->answered = answered;
  found_table_set_inet (item, from);
  g_ptr_array_add (self->items, item);
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
}

static void
handle_datagram (ParlorBrowser  *self,
                 const guint8   *data,
                 gsize           size,
                 GSocketAddress *from,
                 gboolean        to_probe_socket)
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
        found (self, header.server, address, g_ptr_array_index (records, i),
               kind == PARLOR_DISCOVERY_ANSWER && to_probe_socket);
      break;
    case PARLOR_DISCOVERY_BYE:
      if (parlor_discovery_source_is_local (address, self->subnets))
        forget_server (self, header.server, address);
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

  for (guint i = 0; i < PARLOR_DISCOVERY_READ_BATCH; i++)
    {
      g_autoptr(GSocketAddress) from = NULL;
      gssize n = parlor_discovery_receive_one (socket, buffer, &from);

      if (n < 0)
        break;
      if (n == 0 || from == NULL)
        {
          self->n_ignored++;
          continue;
        }
      handle_datagram (self, buffer, n, from, socket == self->probe_socket);
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
  parlor_discovery_refresh (self->listen_socket, self->joined, self->scope, &self->subnets);

  probe = parlor_discovery_probe_new ();
  parlor_discovery_send_to_group (self->probe_socket, self->scope, self->port, probe);
  /* A host on this computer, whatever the interfaces. */
  loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  to = g_inet_socket_address_new (loopback, self->port);
  parlor_discovery_send_to (self->probe_socket, to, probe);
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
       int                priority,
       GSocketSourceFunc  func,
       gpointer           data)
{
  GSource *source = g_socket_create_source (socket, G_IO_IN, NULL);

  g_source_set_priority (source, priority);
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

  if (!parlor_discovery_scope_allows (scope, error))
    return FALSE;
  self->scope = scope;
  self->port = port != 0 ? port : PARLOR_DISCOVERY_DEFAULT_PORT;
  /* Bound to the group's address, this socket gets announcements only:
   * a probe sent to 127.0.0.1 by unicast still reaches a host. */
  self->listen_socket = parlor_discovery_open_socket (PARLOR_DISCOVERY_GROUP, self->port, error);
  if (self->listen_socket == NULL)
    return FALSE;
  self->probe_socket = parlor_discovery_open_socket ("0.0.0.0", 0, error);
  if (self->probe_socket == NULL)
    {
      g_clear_object (&self->listen_socket);
      return FALSE;
    }
  /* Announcements wait for input and drawing: a flood of them cannot
   * freeze a window. */
  self->listen_source = watch (self->listen_socket, G_PRIORITY_DEFAULT_IDLE, on_browser_readable, self);
  self->probe_source = watch (self->probe_socket, G_PRIORITY_DEFAULT, on_browser_readable, self);
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
  g_hash_table_remove_all (self->probed);
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
